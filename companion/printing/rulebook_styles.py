"""How a rulebook's text looks: its two colours, its paragraph styles, and
the same styles set tighter for a chapter that must pull its tail back.

:class:`LayoutContext` is what every flowable builder is handed: the styles,
the palette, the scale (a booklet page is smaller), whether headings link
to their pages, and the counter that names heading bookmarks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Palette:
    """The book's two colours, from the front matter or the game's card backs."""

    ink: str
    """Dark colour of headings, table heads and the cover."""
    accent: str
    """Bright colour of rules, bars and the cover title."""

    def tint(self, amount: float = 0.88) -> str:
        """The accent mixed with white (``amount`` of white)."""
        r, g, b = (int(self.accent[i : i + 2], 16) for i in (1, 3, 5))
        mix = [round(c + (255 - c) * amount) for c in (r, g, b)]
        return "#" + "".join(f"{c:02x}" for c in mix)


@dataclass
class LayoutContext:
    """What each flowable builder is handed (see the module's docstring)."""

    styles: dict[str, Any]
    palette: Palette
    scale: float
    links: bool
    keys: list[int] = field(default_factory=lambda: [0])

    def key(self) -> str:
        """A new bookmark name for a heading (``rb1``, ``rb2``, ...)."""
        self.keys[0] += 1
        return f"rb{self.keys[0]}"


def book_palette(game: Any, meta: Mapping[str, str]) -> Palette:
    """``ink`` and ``accent`` from the front matter, else the first card back's colours."""
    back = next((d.back for d in game.decks if d.back is not None), None)
    ink = meta.get("ink") or (back.color if back else "#2b2b40")
    accent = meta.get("accent") or (back.accent if back else "#d4af37")
    return Palette(ink=ink, accent=accent)


def paragraph_styles(scale: float, palette: Palette) -> dict[str, Any]:
    from reportlab.lib import colors
    from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
    from reportlab.lib.styles import ParagraphStyle

    ink = colors.HexColor(palette.ink)
    body_size = 10.5 * scale
    body = ParagraphStyle(
        "body",
        fontName="Times-Roman",
        fontSize=body_size,
        leading=body_size * 1.36,
        spaceAfter=body_size * 0.55,
        alignment=TA_LEFT,
        textColor=colors.HexColor("#1e1e1e"),
    )
    sans = 8.8 * scale
    cell = ParagraphStyle(
        "cell",
        fontName="Helvetica",
        fontSize=sans,
        leading=sans * 1.28,
        textColor=colors.HexColor("#1e1e1e"),
    )
    return {
        "body": body,
        "item": ParagraphStyle("item", parent=body, spaceAfter=body_size * 0.2),
        "h1": ParagraphStyle(
            "h1",
            fontName="Helvetica-Bold",
            fontSize=22 * scale,
            leading=26 * scale,
            textColor=ink,
            spaceAfter=3 * scale,
        ),
        "h1_flow": ParagraphStyle(
            "h1_flow",
            fontName="Helvetica-Bold",
            fontSize=22 * scale,
            leading=26 * scale,
            textColor=ink,
            spaceBefore=16 * scale,
            spaceAfter=3 * scale,
        ),
        "h2": ParagraphStyle(
            "h2",
            fontName="Helvetica-Bold",
            fontSize=14 * scale,
            leading=17 * scale,
            textColor=ink,
            spaceBefore=12 * scale,
            spaceAfter=4 * scale,
        ),
        "h3": ParagraphStyle(
            "h3",
            fontName="Helvetica-Bold",
            fontSize=11.2 * scale,
            leading=14 * scale,
            textColor=ink,
            spaceBefore=9 * scale,
            spaceAfter=2.5 * scale,
        ),
        "h4": ParagraphStyle(
            "h4",
            fontName="Times-BoldItalic",
            fontSize=body_size,
            leading=body_size * 1.3,
            textColor=ink,
            spaceBefore=5 * scale,
            spaceAfter=1.5 * scale,
        ),
        "cell": cell,
        "cell_right": ParagraphStyle("cell_right", parent=cell, alignment=TA_RIGHT),
        "cell_center": ParagraphStyle("cell_center", parent=cell, alignment=TA_CENTER),
        "head": ParagraphStyle(
            "head", parent=cell, fontName="Helvetica-Bold", textColor=colors.white
        ),
        "head_right": ParagraphStyle(
            "head_right",
            parent=cell,
            fontName="Helvetica-Bold",
            textColor=colors.white,
            alignment=TA_RIGHT,
        ),
        "head_center": ParagraphStyle(
            "head_center",
            parent=cell,
            fontName="Helvetica-Bold",
            textColor=colors.white,
            alignment=TA_CENTER,
        ),
        "callout_title": ParagraphStyle(
            "callout_title",
            fontName="Helvetica-Bold",
            fontSize=8.4 * scale,
            leading=10.5 * scale,
            textColor=ink,
            spaceAfter=2.5 * scale,
        ),
        "callout": ParagraphStyle(
            "callout",
            parent=body,
            fontSize=body_size * 0.94,
            leading=body_size * 0.94 * 1.32,
            spaceAfter=body_size * 0.35,
        ),
        "toc_title": ParagraphStyle(
            "toc_title",
            fontName="Helvetica-Bold",
            fontSize=22 * scale,
            leading=26 * scale,
            textColor=ink,
            spaceAfter=10 * scale,
        ),
        "toc0": ParagraphStyle(
            "toc0",
            fontName="Helvetica-Bold",
            fontSize=10 * scale,
            leading=13.5 * scale,
            textColor=ink,
            spaceBefore=4 * scale,
            leftIndent=0,
            firstLineIndent=0,
        ),
        "toc1": ParagraphStyle(
            "toc1",
            fontName="Times-Roman",
            fontSize=9.8 * scale,
            leading=12.6 * scale,
            leftIndent=14 * scale,
            firstLineIndent=0,
        ),
    }


def tightened(ctx: LayoutContext, level: int) -> LayoutContext:
    """``ctx`` with less space between paragraphs, list items and headings,
    and a little less leading: ``level`` steps (the layout takes at most
    ``MAX_TIGHTER``)."""
    if not level:
        return ctx
    from dataclasses import replace

    from reportlab.lib.styles import ParagraphStyle

    space = 1 - 0.2 * level
    lead = 1 - 0.02 * level
    styles = dict(ctx.styles)
    for key in ("body", "item", "callout", "h1_flow", "h2", "h3", "h4"):
        st = styles[key]
        text = key in ("body", "item", "callout")
        styles[key] = ParagraphStyle(
            f"{key}_tight{level}",
            parent=st,
            leading=st.leading * (lead if text else 1),
            spaceBefore=st.spaceBefore * space,
            spaceAfter=st.spaceAfter * space,
        )
    return replace(ctx, styles=styles)
