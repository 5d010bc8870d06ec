"""Card backs: one design per deck, from the deck's ``back`` in ``game.yaml``.

A back is a full-bleed field in the deck colour with a pattern in a shade
towards the accent colour, a double frame and a medallion with the title.
The design is turned-symmetric apart from the title, so a back printed
upside down still looks right. Each back is drawn once per PDF as a form
XObject and placed wherever a card of that deck needs one.

>>> sorted(PATTERNS)[:5]
['bones', 'checks', 'chevrons', 'circles', 'claws']
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from companion.printing.card_text import (
    BOLD_FONT,
    MIN_SIZE,
    TITLE_FONT,
    draw_line,
    fit_line_size,
    printable_problem,
)
from companion.printing.colors import WHITE, color, mix, readable_on
from companion.printing.shapes import draw_icon, has_icon

MM = 72.0 / 25.4


@dataclass(frozen=True)
class Pattern:
    """A repeating motif: ``draw(c, t)`` fills one period cell of
    ``px × py`` (in units of the pattern size ``t``) and may spill over its
    edges; the cell is clipped and tiled, so the spill shows up in the
    neighbouring cells exactly where the pattern continues."""

    draw: Callable[[Canvas, float], None]
    px: float
    py: float


def _at(points: list[tuple[float, float]], px: float, py: float) -> list[tuple[float, float]]:
    """The motif points of one cell (the tile loop covers the neighbours)."""
    return points


def _diamonds(c: Canvas, t: float) -> None:
    c.setLineWidth(t * 0.12)
    c.line(0, 0, t, t)
    c.line(0, t, t, 0)


def _stripes(c: Canvas, t: float) -> None:
    c.setLineWidth(t * 0.3)
    c.line(0, 0, t, t)
    c.line(-t, 0, 0, t)


def _scales(c: Canvas, t: float) -> None:
    c.setLineWidth(t * 0.1)
    r = t * 0.6
    for x, y in _at([(0, 0), (r, 0.9 * r)], 2 * r, 1.8 * r):
        p = c.beginPath()
        p.arc(x - r, y - r, x + r, y + r, 180, 180)
        c.drawPath(p, stroke=1, fill=0)


def _dots(c: Canvas, t: float) -> None:
    for x, y in _at([(0, 0), (t / 2, t * 0.87)], t, t * 1.74):
        c.circle(x, y, t * 0.16, stroke=0, fill=1)


def _checks(c: Canvas, t: float) -> None:
    c.rect(0, 0, t, t, stroke=0, fill=1)
    c.rect(t, t, t, t, stroke=0, fill=1)


def _waves(c: Canvas, t: float) -> None:
    c.setLineWidth(t * 0.12)
    for y in (0.0, t * 0.55):
        p = c.beginPath()
        p.moveTo(0, y)
        p.curveTo(t * 0.25, y + t * 0.3, t * 0.25, y + t * 0.3, t * 0.5, y)
        p.curveTo(t * 0.75, y - t * 0.3, t * 0.75, y - t * 0.3, t, y)
        c.drawPath(p, stroke=1, fill=0)


def _crosshatch(c: Canvas, t: float) -> None:
    c.setLineWidth(t * 0.08)
    c.line(0, 0, 0, 0.7 * t)
    c.line(0, 0, 0.7 * t, 0)


def _chevrons(c: Canvas, t: float) -> None:
    c.setLineWidth(t * 0.14)
    c.setLineJoin(1)
    p = c.beginPath()
    p.moveTo(0, 0)
    p.lineTo(t / 2, t * 0.35)
    p.lineTo(t, 0)
    c.drawPath(p, stroke=1, fill=0)


def _circles(c: Canvas, t: float) -> None:
    c.setLineWidth(t * 0.08)
    for x, y in _at([(0, 0)], t, t):
        c.circle(x, y, t * 0.5, stroke=1, fill=0)


def _star_at(c: Canvas, x: float, y: float, r: float) -> None:
    pts = []
    for i in range(8):
        rr = r if i % 2 == 0 else r * 0.28
        a = math.radians(90 + i * 45)
        pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
    p = c.beginPath()
    p.moveTo(*pts[0])
    for pt in pts[1:]:
        p.lineTo(*pt)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def _stars(c: Canvas, t: float) -> None:
    for x, y in _at([(0, 0), (t, t)], 2 * t, 2 * t):
        _star_at(c, x, y, t * 0.32)


def _hex(c: Canvas, t: float) -> None:
    c.setLineWidth(t * 0.09)
    r = t * 0.55
    dx = r * math.sqrt(3)
    for x, y in _at([(0, 0), (dx / 2, 1.5 * r)], dx, 3 * r):
        p = c.beginPath()
        for i in range(6):
            a = math.radians(90 + i * 60)
            pt = (x + r * math.cos(a), y + r * math.sin(a))
            if i == 0:
                p.moveTo(*pt)
            else:
                p.lineTo(*pt)
        p.close()
        c.drawPath(p, stroke=1, fill=0)


_RUNES: list[list[tuple[float, float, float, float]]] = [
    [(0, -0.5, 0, 0.5), (0, 0.5, 0.35, 0.2), (0, 0.1, 0.35, -0.2)],
    [(-0.2, -0.5, -0.2, 0.5), (0.2, -0.5, 0.2, 0.5), (-0.2, 0.3, 0.2, -0.1)],
    [(0, -0.5, 0, 0.5), (-0.3, 0.3, 0, 0.0), (0.3, 0.3, 0, 0.0)],
    [(-0.3, -0.5, 0.3, 0.5), (0.3, -0.5, -0.3, 0.5), (-0.3, 0, 0.3, 0)],
]


def _runes(c: Canvas, t: float) -> None:
    c.setLineWidth(t * 0.1)
    c.setLineCap(1)
    size = t * 0.7
    cells = [(0.7 * t, 0.7 * t), (2.1 * t, 0.7 * t), (0.7 * t, 2.1 * t), (2.1 * t, 2.1 * t)]
    for (cx, cy), strokes in zip(cells, _RUNES, strict=True):
        for x0, y0, x1, y1 in strokes:
            c.line(cx + x0 * size, cy + y0 * size, cx + x1 * size, cy + y1 * size)


def _claws(c: Canvas, t: float) -> None:
    c.setLineCap(1)
    for cx, cy in _at([(0.6 * t, 0.6 * t), (1.6 * t, 1.6 * t)], 2 * t, 2 * t):
        for i, lw in enumerate((0.08, 0.11, 0.08)):
            c.setLineWidth(t * lw)
            off = (i - 1) * t * 0.18
            p = c.beginPath()
            p.moveTo(cx - 0.3 * t + off, cy + 0.35 * t)
            p.curveTo(
                cx - 0.1 * t + off,
                cy + 0.1 * t,
                cx + off,
                cy - 0.1 * t,
                cx + 0.12 * t + off,
                cy - 0.4 * t,
            )
            c.drawPath(p, stroke=1, fill=0)


def _coins(c: Canvas, t: float) -> None:
    c.setLineWidth(t * 0.07)
    for x, y in _at([(0, 0), (0.8 * t, 0.7 * t)], 1.6 * t, 1.4 * t):
        c.circle(x, y, t * 0.32, stroke=1, fill=0)
        c.circle(x, y, t * 0.18, stroke=0, fill=1)


def _stairs(c: Canvas, t: float) -> None:
    c.setLineWidth(t * 0.1)
    c.line(0, 0, 0.5 * t, 0)
    c.line(0.5 * t, 0, 0.5 * t, 0.5 * t)
    c.line(0.5 * t, 0.5 * t, t, 0.5 * t)
    c.line(t, 0.5 * t, t, t)


def _bone(c: Canvas, x: float, y: float, length: float, angle: float, t: float) -> None:
    c.saveState()
    c.translate(x, y)
    c.rotate(angle)
    c.setLineWidth(t * 0.1)
    c.line(-length / 2, 0, length / 2, 0)
    for end in (-length / 2, length / 2):
        c.circle(end, t * 0.06, t * 0.075, stroke=0, fill=1)
        c.circle(end, -t * 0.06, t * 0.075, stroke=0, fill=1)
    c.restoreState()


def _bones(c: Canvas, t: float) -> None:
    for x, y in _at([(0.5 * t, 0.5 * t), (1.5 * t, 1.5 * t)], 2 * t, 2 * t):
        _bone(c, x, y, t * 0.7, 45, t)
        _bone(c, x, y, t * 0.7, -45, t)


def _plain(c: Canvas, t: float) -> None:
    return None


PATTERNS: dict[str, Pattern] = {
    "diamonds": Pattern(_diamonds, 1, 1),
    "scales": Pattern(_scales, 1.2, 1.08),
    "stripes": Pattern(_stripes, 1, 1),
    "dots": Pattern(_dots, 1, 1.74),
    "checks": Pattern(_checks, 2, 2),
    "waves": Pattern(_waves, 1, 1.1),
    "crosshatch": Pattern(_crosshatch, 0.7, 0.7),
    "chevrons": Pattern(_chevrons, 1, 0.6),
    "circles": Pattern(_circles, 1, 1),
    "stars": Pattern(_stars, 2, 2),
    "hex": Pattern(_hex, 0.55 * math.sqrt(3), 1.65),
    "runes": Pattern(_runes, 2.8, 2.8),
    "claws": Pattern(_claws, 2, 2),
    "coins": Pattern(_coins, 1.6, 1.4),
    "stairs": Pattern(_stairs, 1, 1),
    "bones": Pattern(_bones, 2, 2),
    "plain": Pattern(_plain, 1, 1),
}
"""Back patterns a deck's ``back.pattern`` may name."""

PATTERN_TILES = 3
"""Periods in each direction drawn into one tile form before it repeats."""


def _fill_pattern(
    c: Canvas, pattern: Pattern, colour: Color, t: float, x0: float, y0: float, x1: float, y1: float
) -> None:
    """Tile ``pattern`` over the rectangle: one form a tile when forms are on."""
    tw, th = pattern.px * t * PATTERN_TILES, pattern.py * t * PATTERN_TILES
    forms = getattr(c, "_companion_icon_forms", None)
    name = f"tile.{pattern.draw.__name__.strip('_')}.{colour.hexval()[2:]}.{round(t, 3)}"

    def tile() -> None:
        c.setFillColor(colour)
        c.setStrokeColor(colour)
        # One ring of cells beyond the tile, so motifs spilling over its
        # edges from outside are drawn too; the form's box clips the rest.
        for i in range(-1, PATTERN_TILES + 1):
            for j in range(-1, PATTERN_TILES + 1):
                c.saveState()
                c.translate(i * pattern.px * t, j * pattern.py * t)
                pattern.draw(c, t)
                c.restoreState()

    if forms is not None and name not in forms:
        c.beginForm(name, 0, 0, tw, th)
        tile()
        c.endForm()
        forms.add(name)
    if forms is None:
        # No forms: draw the cells over the rectangle directly (the caller clips).
        cw, ch = pattern.px * t, pattern.py * t
        c.setFillColor(colour)
        c.setStrokeColor(colour)
        nx, ny = int((x1 - x0) / cw) + 2, int((y1 - y0) / ch) + 2
        for i in range(-1, nx):
            for j in range(-1, ny):
                c.saveState()
                c.translate(x0 + i * cw, y0 + j * ch)
                pattern.draw(c, t)
                c.restoreState()
        return
    x = x0
    while x < x1:
        y = y0
        while y < y1:
            c.saveState()
            c.translate(x, y)
            c.doForm(name)
            c.restoreState()
            y += th
        x += tw


DEFAULT_COLORS = ("#2b2b40", "#5b1a1a", "#1a3d2b", "#1d2f5b", "#4a2a5b", "#5b4a1a")


def default_back(game: Any, deck: Any) -> Any:
    """A back for a deck whose ``game.yaml`` gives none: the game's name, a stable colour."""
    from companion.cards.base import DeckBack

    index = zlib.crc32(f"{game.id}/{deck.id}".encode()) % len(DEFAULT_COLORS)
    return DeckBack(title=game.name.upper(), subtitle=deck.name, color=DEFAULT_COLORS[index])


def back_of(game: Any, deck: Any) -> Any:
    return deck.back if getattr(deck, "back", None) is not None else default_back(game, deck)


def home_deck(game: Any, deck: Any, card: Any) -> Any:
    """The deck ``card`` is shuffled into: its ``joins``, else its deck's ``joins``, else its deck.

    A chain (a deck joining a deck that joins another) is followed to its end.
    """
    target = getattr(card, "joins", None) or getattr(deck, "joins", None)
    home = deck
    seen = {deck.id}
    while target and target not in seen:
        found = game.deck(target)
        if found is None:
            break
        home, seen = found, seen | {target}
        target = getattr(found, "joins", None)
    return home


@dataclass(frozen=True)
class BackChoice:
    """Which back a card prints: a deck's design (maybe in its pile's colour) or its own other side."""

    key: str
    """The same for every card that prints the same back (``back.starting``)."""
    home: Any
    """The deck whose back it wears."""
    design: Any
    """The ``DeckBack`` drawn, or ``None`` when the card prints its own other side."""
    pile: str | None = None


def back_choice(game: Any, deck: Any, card: Any) -> BackChoice:
    """The back behind ``card``: the one back rule every printed card follows.

    Cards that are ever shuffled together must not be told apart by their
    backs, so a card wears the back of the deck it ends up in
    (:func:`home_deck`). Two exceptions: a card with a printed other side
    (``back_text``, DECKO's loan card) shows that side, and a card of a pile
    with its own colour (``pile_color``: DECKO's six joker piles, shuffled
    apart) wears its deck's back in that colour, titled with its pile.
    """
    home = home_deck(game, deck, card)
    if getattr(card, "back_text", None):
        return BackChoice(f"back.{deck.id}.{card.id}", home, None)
    design = back_of(game, home)
    pile = getattr(card, "pile_color", None)
    if pile:
        kind = getattr(card, "joker_type", None)
        update: dict[str, Any] = {"color": pile}
        if kind:
            update |= {"title": str(kind).upper(), "subtitle": f"{design.title} joker"}
        pile_key = str(pile).lstrip("#").lower()
        return BackChoice(
            f"back.{home.id}.{pile_key}", home, design.model_copy(update=update), pile_key
        )
    return BackChoice(f"back.{home.id}", home, design)


def pattern_known(name: str) -> bool:
    return name.strip().lower() in PATTERNS


def draw_back(
    c: Canvas, back: Any, width: float, height: float, bleed: float, *, emblem: str | None = None
) -> None:
    """Draw a deck back in card coordinates (origin at the trim's lower-left)."""
    base = color(back.color)
    accent = color(back.accent)
    k = min(width / (63.5 * MM), height / (88.9 * MM))
    b = bleed
    c.setFillColor(base)
    c.rect(-b, -b, width + 2 * b, height + 2 * b, stroke=0, fill=1)
    shade = mix(base, accent, 0.22)
    pattern = PATTERNS.get(str(back.pattern).strip().lower(), PATTERNS["diamonds"])
    c.saveState()
    clip = c.beginPath()
    clip.rect(-b, -b, width + 2 * b, height + 2 * b)
    c.clipPath(clip, stroke=0, fill=0)
    _fill_pattern(c, pattern, shade, 5.2 * MM * k, -b, -b, width + b, height + b)
    c.restoreState()

    # Double frame in the accent colour.
    c.setStrokeColor(accent)
    inset = 3.6 * MM * k
    c.setLineWidth(1.6 * k)
    c.roundRect(inset, inset, width - 2 * inset, height - 2 * inset, 2.5 * MM * k, stroke=1, fill=0)
    c.setLineWidth(0.6 * k)
    inset2 = inset + 1.4 * MM * k
    c.roundRect(
        inset2, inset2, width - 2 * inset2, height - 2 * inset2, 1.8 * MM * k, stroke=1, fill=0
    )
    for x, y in (
        (inset2, inset2),
        (width - inset2, inset2),
        (inset2, height - inset2),
        (width - inset2, height - inset2),
    ):
        _corner_gem(c, x, y, 2.2 * MM * k, accent)

    # Medallion with the title.
    cx, cy = width / 2, height / 2
    rx = min(width * 0.4, height * 0.36)
    ry = min(height * 0.22, rx * 0.78)
    c.setFillColor(base)
    c.setStrokeColor(accent)
    c.setLineWidth(1.4 * k)
    c.ellipse(cx - rx, cy - ry, cx + rx, cy + ry, stroke=1, fill=1)
    c.setLineWidth(0.5 * k)
    c.ellipse(
        cx - rx + 1.3 * MM * k,
        cy - ry + 1.3 * MM * k,
        cx + rx - 1.3 * MM * k,
        cy + ry - 1.3 * MM * k,
        stroke=1,
        fill=0,
    )
    if emblem and has_icon(emblem):
        draw_icon(c, emblem, cx, cy + ry + 9 * MM * k, 11 * MM * k, accent, base)
        draw_icon(c, emblem, cx, cy - ry - 9 * MM * k, 11 * MM * k, accent, base, rotate=180)
    title = str(back.title)
    subtitle = str(back.subtitle or "")
    text_w = rx * 1.6
    words = title.split()
    lines = [title]
    size = fit_line_size(title, TITLE_FONT, 15 * k, text_w, min_size=MIN_SIZE)
    if (size is None or size < 11 * k) and len(words) > 1:
        half = _split_even(words)
        lines = half
        size = min(
            fit_line_size(x, TITLE_FONT, 14 * k, text_w, min_size=MIN_SIZE) or MIN_SIZE
            for x in lines
        )
    size = size or MIN_SIZE
    if printable_problem(title):
        lines, size = ["?"], 14 * k
    gap = size * 1.05
    sub_size = max(MIN_SIZE, 6.5 * k)
    block = gap * len(lines) + (sub_size * 1.6 if subtitle else 0)
    y = cy + block / 2 - size * 0.8
    for line in lines:
        draw_line(c, line, cx, y, TITLE_FONT, size, accent, "center")
        y -= gap
    if subtitle and not printable_problem(subtitle):
        s = fit_line_size(subtitle, BOLD_FONT, sub_size, text_w * 0.95, min_size=MIN_SIZE * 0.9)
        if s:
            draw_line(
                c,
                subtitle,
                cx,
                y - sub_size * 0.25,
                BOLD_FONT,
                s,
                mix(accent, WHITE, 0.25),
                "center",
            )


def _split_even(words: list[str]) -> list[str]:
    best = [" ".join(words)]
    best_diff = math.inf
    for i in range(1, len(words)):
        a, b = " ".join(words[:i]), " ".join(words[i:])
        diff = abs(len(a) - len(b))
        if diff < best_diff:
            best, best_diff = [a, b], diff
    return best


def _corner_gem(c: Canvas, x: float, y: float, size: float, accent: Color) -> None:
    c.setFillColor(accent)
    p = c.beginPath()
    p.moveTo(x, y + size / 2)
    p.lineTo(x + size / 2, y)
    p.lineTo(x, y - size / 2)
    p.lineTo(x - size / 2, y)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def text_color_on(back: Any) -> Color:
    return readable_on(HexColor(back.color))
