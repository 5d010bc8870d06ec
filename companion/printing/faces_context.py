"""What every card face is drawn with: its :class:`FaceContext` (game, deck,
card size, bleed, the type sizes of the rules text), the style values a
template may set (colours, numbers) and the face's base colours.

Both layouts (:mod:`companion.printing.faces_standard`,
:mod:`companion.printing.faces_playing`) build on these.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.lib.colors import Color, HexColor

from companion.errors import CompanionError
from companion.printing.colors import color
from companion.printing.templates import FaceSpec

MM = 72.0 / 25.4
POKER_W, POKER_H = 63.5 * MM, 88.9 * MM
PAPER = HexColor("#fbf8f1")
INK = HexColor("#1d1d24")
MUTED = HexColor("#5c5a66")


@dataclass(frozen=True)
class FaceContext:
    """What a face needs beyond its card: the game, the deck and the size."""

    game: Any
    deck: Any
    width: float
    height: float
    bleed: float
    data_dir: Path | None = None
    body_sizes: Mapping[str, float] | None = None
    """Rules text size (pt) by template: one size for every card of a type."""
    fitted: list[float] | None = None
    """When given, the size each body was set at is appended (see :func:`~companion.printing.faces.type_sizes`)."""
    asked: list[float] | None = None
    """When given, each rules text size the template asks for is appended (before ``body_sizes``)."""
    min_text: float = 6.0
    """The smallest rules text size this drawing may use (lowered for small cards only
    when a face cannot hold its rules otherwise: see :func:`~companion.printing.faces.draw_face`)."""

    def body_size(self, spec: FaceSpec, default: float) -> float:
        size = style_number(spec, "body_size", default) * self.k
        if self.asked is not None:
            self.asked.append(size)
        if self.body_sizes and spec.template in self.body_sizes:
            size = min(size, self.body_sizes[spec.template])
        return size

    def note_fitted(self, size: float) -> None:
        if self.fitted is not None:
            self.fitted.append(size)

    @property
    def k(self) -> float:
        """Scale relative to a poker card (1.0 for 63.5×88.9 mm)."""
        return min(self.width / POKER_W, self.height / POKER_H)

    @property
    def back_color(self) -> Color:
        back = getattr(self.deck, "back", None)
        return color(back.color if back else None, HexColor("#2b2b40"))

    @property
    def accent_color(self) -> Color:
        back = getattr(self.deck, "back", None)
        return color(back.accent if back else None, HexColor("#d4af37"))


def where(card: Any, ctx: FaceContext) -> str:
    """How a message names the card: game, name and id."""
    return f"{ctx.game.id} card '{card.name}' ({card.id})"


def style_color(spec: FaceSpec, key: str, default: Color) -> Color:
    """The template's ``style.<key>`` colour, else ``default``."""
    value = spec.style.get(key)
    try:
        return color(value, default) if value else default
    except (ValueError, TypeError):
        raise CompanionError(
            f"templates/cards/{spec.template}: style {key} '{value}' is not a #rrggbb colour"
        ) from None


def style_number(spec: FaceSpec, key: str, default: float) -> float:
    """The template's ``style.<key>`` number, else ``default``."""
    value = spec.style.get(key, default)
    try:
        return float(value)
    except (TypeError, ValueError):
        raise CompanionError(
            f"templates/cards/{spec.template}: style {key} must be a number (got {value!r})"
        ) from None
