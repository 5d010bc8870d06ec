"""Card backs: one design per deck, from the deck's ``back`` in ``game.yaml``.

A back is a full-bleed field in the deck colour with a pattern in a shade
towards the accent colour, a double frame and a medallion with the title.
The design is turned-symmetric apart from the title, so a back printed
upside down still looks right. Each back is drawn once per PDF as a form
XObject and placed wherever a card of that deck needs one.

>>> sorted(PATTERNS)[:4]
['checks', 'chevrons', 'circles', 'crosshatch']
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from companion.printing.shapes import WHITE, color, draw_icon, has_icon, mix, readable_on
from companion.printing.text import MIN_SIZE, TITLE_FONT, BOLD_FONT, draw_line, fit_line_size, printable_problem

MM = 72.0 / 25.4
Pattern = Callable[[Canvas, float, float, float, float, float], None]


def _diamonds(c: Canvas, x0: float, y0: float, x1: float, y1: float, t: float) -> None:
    c.setLineWidth(t * 0.12)
    step = t
    n = int((x1 - x0 + y1 - y0) / step) + 2
    for i in range(-n, n):
        c.line(x0 + i * step, y0, x0 + i * step + (y1 - y0), y1)
        c.line(x0 + i * step, y1, x0 + i * step + (y1 - y0), y0)


def _scales(c: Canvas, x0: float, y0: float, x1: float, y1: float, t: float) -> None:
    c.setLineWidth(t * 0.1)
    r = t * 0.6
    row = 0
    y = y0 - r
    while y < y1 + r:
        shift = r if row % 2 else 0.0
        x = x0 - 2 * r + shift
        while x < x1 + 2 * r:
            p = c.beginPath()
            p.arc(x - r, y - r, x + r, y + r, 180, 180)
            c.drawPath(p, stroke=1, fill=0)
            x += 2 * r
        y += r * 0.9
        row += 1


def _stripes(c: Canvas, x0: float, y0: float, x1: float, y1: float, t: float) -> None:
    c.setLineWidth(t * 0.3)
    n = int((x1 - x0 + y1 - y0) / t) + 2
    for i in range(-n, n):
        c.line(x0 + i * t, y0, x0 + i * t + (y1 - y0), y1)


def _dots(c: Canvas, x0: float, y0: float, x1: float, y1: float, t: float) -> None:
    row = 0
    y = y0
    while y < y1 + t:
        x = x0 + (t / 2 if row % 2 else 0)
        while x < x1 + t:
            c.circle(x, y, t * 0.16, stroke=0, fill=1)
            x += t
        y += t * 0.87
        row += 1


def _checks(c: Canvas, x0: float, y0: float, x1: float, y1: float, t: float) -> None:
    i = 0
    y = y0
    while y < y1:
        x = x0 + (t if i % 2 else 0)
        while x < x1:
            c.rect(x, y, t, t, stroke=0, fill=1)
            x += 2 * t
        y += t
        i += 1


def _waves(c: Canvas, x0: float, y0: float, x1: float, y1: float, t: float) -> None:
    c.setLineWidth(t * 0.12)
    y = y0
    while y < y1 + t:
        p = c.beginPath()
        p.moveTo(x0 - t, y)
        x = x0 - t
        while x < x1 + t:
            p.curveTo(x + t * 0.25, y + t * 0.3, x + t * 0.25, y + t * 0.3, x + t * 0.5, y)
            p.curveTo(x + t * 0.75, y - t * 0.3, x + t * 0.75, y - t * 0.3, x + t, y)
            x += t
        c.drawPath(p, stroke=1, fill=0)
        y += t * 0.55


def _crosshatch(c: Canvas, x0: float, y0: float, x1: float, y1: float, t: float) -> None:
    c.setLineWidth(t * 0.08)
    x = x0
    while x < x1:
        c.line(x, y0, x, y1)
        x += t * 0.7
    y = y0
    while y < y1:
        c.line(x0, y, x1, y)
        y += t * 0.7


def _chevrons(c: Canvas, x0: float, y0: float, x1: float, y1: float, t: float) -> None:
    c.setLineWidth(t * 0.14)
    y = y0
    while y < y1 + t:
        p = c.beginPath()
        p.moveTo(x0 - t, y)
        x = x0 - t
        up = True
        while x < x1 + t:
            x += t / 2
            p.lineTo(x, y + (t * 0.35 if up else 0))
            up = not up
        c.drawPath(p, stroke=1, fill=0)
        y += t * 0.6


def _circles(c: Canvas, x0: float, y0: float, x1: float, y1: float, t: float) -> None:
    c.setLineWidth(t * 0.08)
    y = y0
    while y < y1 + t:
        x = x0
        while x < x1 + t:
            c.circle(x, y, t * 0.5, stroke=1, fill=0)
            x += t
        y += t
    return None


def _stars(c: Canvas, x0: float, y0: float, x1: float, y1: float, t: float) -> None:
    row = 0
    y = y0
    while y < y1 + t:
        x = x0 + (t if row % 2 else 0)
        while x < x1 + t:
            pts = []
            for i in range(8):
                r = t * 0.32 if i % 2 == 0 else t * 0.09
                a = math.radians(90 + i * 45)
                pts.append((x + r * math.cos(a), y + r * math.sin(a)))
            p = c.beginPath()
            p.moveTo(*pts[0])
            for pt in pts[1:]:
                p.lineTo(*pt)
            p.close()
            c.drawPath(p, stroke=0, fill=1)
            x += 2 * t
        y += t
        row += 1


def _hex(c: Canvas, x0: float, y0: float, x1: float, y1: float, t: float) -> None:
    c.setLineWidth(t * 0.09)
    r = t * 0.55
    dx = r * math.sqrt(3)
    row = 0
    y = y0
    while y < y1 + r:
        x = x0 + (dx / 2 if row % 2 else 0)
        while x < x1 + dx:
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
            x += dx
        y += r * 1.5
        row += 1


def _plain(c: Canvas, x0: float, y0: float, x1: float, y1: float, t: float) -> None:
    return None


PATTERNS: dict[str, Pattern] = {
    "diamonds": _diamonds, "scales": _scales, "stripes": _stripes, "dots": _dots, "checks": _checks,
    "waves": _waves, "crosshatch": _crosshatch, "chevrons": _chevrons, "circles": _circles,
    "stars": _stars, "hex": _hex, "plain": _plain,
}
"""Back patterns a deck's ``back.pattern`` may name."""

DEFAULT_COLORS = ("#2b2b40", "#5b1a1a", "#1a3d2b", "#1d2f5b", "#4a2a5b", "#5b4a1a")


def default_back(game: Any, deck: Any) -> Any:
    """A back for a deck whose ``game.yaml`` gives none: the game's name, a stable colour."""
    from companion.cards.base import DeckBack

    index = zlib.crc32(f"{game.id}/{deck.id}".encode()) % len(DEFAULT_COLORS)
    return DeckBack(title=game.name.upper(), subtitle=deck.name, color=DEFAULT_COLORS[index])


def back_of(game: Any, deck: Any) -> Any:
    return deck.back if getattr(deck, "back", None) is not None else default_back(game, deck)


def pattern_known(name: str) -> bool:
    return name.strip().lower() in PATTERNS


def draw_back(c: Canvas, back: Any, width: float, height: float, bleed: float, *, emblem: str | None = None) -> None:
    """Draw a deck back in card coordinates (origin at the trim's lower-left)."""
    base = color(back.color)
    accent = color(back.accent)
    k = min(width / (63.5 * MM), height / (88.9 * MM))
    b = bleed
    c.setFillColor(base)
    c.rect(-b, -b, width + 2 * b, height + 2 * b, stroke=0, fill=1)
    shade = mix(base, accent, 0.22)
    c.setFillColor(shade)
    c.setStrokeColor(shade)
    pattern = PATTERNS.get(str(back.pattern).strip().lower(), _diamonds)
    pattern(c, -b, -b, width + b, height + b, 5.2 * MM * k)

    # Double frame in the accent colour.
    c.setStrokeColor(accent)
    inset = 3.6 * MM * k
    c.setLineWidth(1.6 * k)
    c.roundRect(inset, inset, width - 2 * inset, height - 2 * inset, 2.5 * MM * k, stroke=1, fill=0)
    c.setLineWidth(0.6 * k)
    inset2 = inset + 1.4 * MM * k
    c.roundRect(inset2, inset2, width - 2 * inset2, height - 2 * inset2, 1.8 * MM * k, stroke=1, fill=0)
    for x, y in ((inset2, inset2), (width - inset2, inset2), (inset2, height - inset2), (width - inset2, height - inset2)):
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
    c.ellipse(cx - rx + 1.3 * MM * k, cy - ry + 1.3 * MM * k, cx + rx - 1.3 * MM * k, cy + ry - 1.3 * MM * k,
              stroke=1, fill=0)
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
        size = min(fit_line_size(x, TITLE_FONT, 14 * k, text_w, min_size=MIN_SIZE) or MIN_SIZE for x in lines)
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
            draw_line(c, subtitle, cx, y - sub_size * 0.25, BOLD_FONT, s, mix(accent, WHITE, 0.25), "center")


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
