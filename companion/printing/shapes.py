"""Suit symbols and icons drawn as vector paths (no fonts, no images).

Every icon is drawn in a unit box: centre (0, 0), width and height 1, y up;
:func:`draw_icon` scales it to ``size`` points at ``(cx, cy)``. Icons take a
main colour and an optional second colour (details, highlights).

Names are looked up in :data:`ICONS`; templates name icons by these keys
(``gem``, ``crown``, ``chest``...), and :func:`icon_names` lists them.

>>> "gem" in ICONS and "spade" in ICONS
True
>>> suit_icon("h")
'heart'
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from companion.poker.cards import RED_SUITS
from companion.printing.colors import BLACK, RED, WHITE, color, mix

Drawer = Callable[[Canvas, Color, Color], None]

SUIT_ICONS = {"s": "spade", "h": "heart", "d": "diamond", "c": "club"}


def suit_icon(suit: str) -> str:
    return SUIT_ICONS[suit]


def suit_color(suit: str) -> Color:
    return RED if suit in RED_SUITS else BLACK


# ---------------------------------------------------------------- path helpers


def _fill(
    c: Canvas, build: Callable[[Any], None], *, fill: bool = True, stroke: bool = False
) -> None:
    p = c.beginPath()
    build(p)
    c.drawPath(p, fill=1 if fill else 0, stroke=1 if stroke else 0)


def _poly(
    c: Canvas, points: list[tuple[float, float]], *, fill: bool = True, stroke: bool = False
) -> None:
    def build(p: Any) -> None:
        p.moveTo(*points[0])
        for pt in points[1:]:
            p.lineTo(*pt)
        p.close()

    _fill(c, build, fill=fill, stroke=stroke)


def _circle(
    c: Canvas, x: float, y: float, r: float, *, fill: bool = True, stroke: bool = False
) -> None:
    c.circle(x, y, r, stroke=1 if stroke else 0, fill=1 if fill else 0)


def _ellipse(
    c: Canvas, x: float, y: float, rx: float, ry: float, *, fill: bool = True, stroke: bool = False
) -> None:
    c.ellipse(x - rx, y - ry, x + rx, y + ry, stroke=1 if stroke else 0, fill=1 if fill else 0)


def _rect(
    c: Canvas,
    x0: float,
    y0: float,
    x1: float,
    y1: float,
    r: float = 0.0,
    *,
    fill: bool = True,
    stroke: bool = False,
) -> None:
    if r:
        c.roundRect(x0, y0, x1 - x0, y1 - y0, r, stroke=1 if stroke else 0, fill=1 if fill else 0)
    else:
        c.rect(x0, y0, x1 - x0, y1 - y0, stroke=1 if stroke else 0, fill=1 if fill else 0)


# ---------------------------------------------------------------- suits


def _heart(c: Canvas, main: Color, _second: Color) -> None:
    c.setFillColor(main)

    def build(p: Any) -> None:
        p.moveTo(0, -0.5)
        p.curveTo(-0.14, -0.33, -0.5, -0.12, -0.5, 0.17)
        p.curveTo(-0.5, 0.38, -0.36, 0.5, -0.24, 0.5)
        p.curveTo(-0.1, 0.5, -0.02, 0.42, 0, 0.3)
        p.curveTo(0.02, 0.42, 0.1, 0.5, 0.24, 0.5)
        p.curveTo(0.36, 0.5, 0.5, 0.38, 0.5, 0.17)
        p.curveTo(0.5, -0.12, 0.14, -0.33, 0, -0.5)
        p.close()

    _fill(c, build)


def _spade(c: Canvas, main: Color, _second: Color) -> None:
    c.setFillColor(main)

    def build(p: Any) -> None:
        p.moveTo(0, 0.5)
        p.curveTo(0.14, 0.3, 0.5, 0.12, 0.5, -0.1)
        p.curveTo(0.5, -0.28, 0.37, -0.38, 0.24, -0.38)
        p.curveTo(0.13, -0.38, 0.06, -0.32, 0.03, -0.24)
        p.curveTo(0.04, -0.37, 0.1, -0.46, 0.2, -0.5)
        p.lineTo(-0.2, -0.5)
        p.curveTo(-0.1, -0.46, -0.04, -0.37, -0.03, -0.24)
        p.curveTo(-0.06, -0.32, -0.13, -0.38, -0.24, -0.38)
        p.curveTo(-0.37, -0.38, -0.5, -0.28, -0.5, -0.1)
        p.curveTo(-0.5, 0.12, -0.14, 0.3, 0, 0.5)
        p.close()

    _fill(c, build)


def _diamond(c: Canvas, main: Color, _second: Color) -> None:
    c.setFillColor(main)

    def build(p: Any) -> None:
        p.moveTo(0, 0.5)
        p.curveTo(0.1, 0.32, 0.24, 0.15, 0.4, 0)
        p.curveTo(0.24, -0.15, 0.1, -0.32, 0, -0.5)
        p.curveTo(-0.1, -0.32, -0.24, -0.15, -0.4, 0)
        p.curveTo(-0.24, 0.15, -0.1, 0.32, 0, 0.5)
        p.close()

    _fill(c, build)


def _club(c: Canvas, main: Color, _second: Color) -> None:
    c.setFillColor(main)
    r = 0.215
    _circle(c, 0, 0.27, r)
    _circle(c, -0.265, -0.07, r)
    _circle(c, 0.265, -0.07, r)
    _circle(c, 0, 0.03, 0.14)

    def build(p: Any) -> None:
        p.moveTo(-0.04, 0.02)
        p.lineTo(0.04, 0.02)
        p.curveTo(0.05, -0.25, 0.1, -0.42, 0.2, -0.5)
        p.lineTo(-0.2, -0.5)
        p.curveTo(-0.1, -0.42, -0.05, -0.25, -0.04, 0.02)
        p.close()

    _fill(c, build)


# ---------------------------------------------------------------- icons


def _gem(c: Canvas, main: Color, second: Color) -> None:
    """A cut gem seen from the side: crown facets above a pointed pavilion."""
    c.setFillColor(main)
    _poly(c, [(-0.5, 0.12), (-0.28, 0.4), (0.28, 0.4), (0.5, 0.12), (0, -0.5)])
    c.setStrokeColor(mix(main, WHITE, 0.55))
    c.setLineWidth(0.035)
    c.setLineJoin(1)
    c.line(-0.5, 0.12, 0.5, 0.12)
    c.line(-0.28, 0.4, -0.14, 0.12)
    c.line(0.28, 0.4, 0.14, 0.12)
    c.line(-0.14, 0.12, 0, 0.4)
    c.line(0.14, 0.12, 0, 0.4)
    c.line(-0.14, 0.12, 0, -0.5)
    c.line(0.14, 0.12, 0, -0.5)
    c.setFillColor(mix(main, WHITE, 0.45))
    _poly(c, [(-0.28, 0.4), (-0.14, 0.12), (-0.5, 0.12)])


def _crown(c: Canvas, main: Color, second: Color) -> None:
    c.setFillColor(main)
    _poly(
        c,
        [
            (-0.45, -0.3),
            (-0.5, 0.25),
            (-0.22, 0.0),
            (0, 0.38),
            (0.22, 0.0),
            (0.5, 0.25),
            (0.45, -0.3),
        ],
    )
    _rect(c, -0.45, -0.45, 0.45, -0.3)
    for x, y in ((-0.5, 0.27), (0, 0.42), (0.5, 0.27)):
        _circle(c, x, y, 0.07)
    c.setFillColor(second)
    for x in (-0.25, 0, 0.25):
        _circle(c, x, -0.375, 0.045)


def _coin(c: Canvas, main: Color, second: Color) -> None:
    c.setFillColor(main)
    _circle(c, 0, 0, 0.5)
    c.setStrokeColor(mix(main, BLACK, 0.3))
    c.setLineWidth(0.04)
    _circle(c, 0, 0, 0.38, fill=False, stroke=True)
    c.setFillColor(mix(main, WHITE, 0.5))
    _ellipse(c, -0.15, 0.17, 0.12, 0.07)


def _coins(c: Canvas, main: Color, second: Color) -> None:
    """A small stack of coins."""
    edge = mix(main, BLACK, 0.3)
    for i in range(3):
        y = -0.35 + i * 0.17
        c.setFillColor(edge)
        _ellipse(c, 0, y - 0.05, 0.42, 0.15)
        c.setFillColor(main)
        _ellipse(c, 0, y, 0.42, 0.15)
    c.setFillColor(main)
    _circle(c, 0.2, 0.2, 0.28)
    c.setStrokeColor(edge)
    c.setLineWidth(0.035)
    _circle(c, 0.2, 0.2, 0.2, fill=False, stroke=True)


def _chip(c: Canvas, main: Color, second: Color) -> None:
    """A poker chip: a disc with edge spots and an inner ring."""
    c.setFillColor(main)
    _circle(c, 0, 0, 0.5)
    c.setFillColor(WHITE)
    for i in range(6):
        a = math.radians(i * 60)
        c.saveState()
        c.rotate(math.degrees(a))
        _rect(c, 0.34, -0.07, 0.5, 0.07)
        c.restoreState()
    c.setStrokeColor(WHITE)
    c.setLineWidth(0.04)
    _circle(c, 0, 0, 0.29, fill=False, stroke=True)


def _skull(c: Canvas, main: Color, second: Color) -> None:
    c.setFillColor(main)
    _ellipse(c, 0, 0.1, 0.4, 0.38)
    _rect(c, -0.22, -0.45, 0.22, -0.1, 0.06)
    c.setFillColor(second)
    _ellipse(c, -0.16, 0.06, 0.11, 0.12)
    _ellipse(c, 0.16, 0.06, 0.11, 0.12)
    _poly(c, [(0, -0.06), (-0.06, -0.17), (0.06, -0.17)])
    c.setStrokeColor(second)
    c.setLineWidth(0.035)
    for x in (-0.1, 0, 0.1):
        c.line(x, -0.45, x, -0.28)


def _sword(c: Canvas, main: Color, second: Color) -> None:
    c.saveState()
    c.rotate(-45)
    c.setFillColor(mix(main, WHITE, 0.1))
    _poly(c, [(-0.055, -0.2), (-0.055, 0.48), (0, 0.62), (0.055, 0.48), (0.055, -0.2)])
    c.setFillColor(second)
    _rect(c, -0.22, -0.26, 0.22, -0.19, 0.02)
    _rect(c, -0.04, -0.5, 0.04, -0.26)
    _circle(c, 0, -0.53, 0.06)
    c.restoreState()


def _axe(c: Canvas, main: Color, second: Color) -> None:
    c.saveState()
    c.rotate(-30)
    c.setFillColor(second)
    _rect(c, -0.04, -0.6, 0.04, 0.5, 0.02)
    c.setFillColor(main)

    def build(p: Any) -> None:
        p.moveTo(0.03, 0.38)
        p.curveTo(0.2, 0.42, 0.32, 0.5, 0.4, 0.56)
        p.curveTo(0.46, 0.3, 0.46, 0.05, 0.4, -0.06)
        p.curveTo(0.3, 0.02, 0.18, 0.08, 0.03, 0.1)
        p.close()

    _fill(c, build)
    c.restoreState()


def _dagger(c: Canvas, main: Color, second: Color) -> None:
    c.saveState()
    c.rotate(-45)
    c.setFillColor(mix(main, WHITE, 0.1))
    _poly(c, [(-0.08, -0.05), (0, 0.5), (0.08, -0.05)])
    c.setFillColor(second)
    _rect(c, -0.18, -0.11, 0.18, -0.05, 0.02)
    _rect(c, -0.045, -0.36, 0.045, -0.11)
    _circle(c, 0, -0.39, 0.06)
    c.restoreState()


def _bow(c: Canvas, main: Color, second: Color) -> None:
    c.setStrokeColor(main)
    c.setLineWidth(0.09)
    c.setLineCap(1)

    def limb(p: Any) -> None:
        p.moveTo(-0.1, 0.5)
        p.curveTo(0.45, 0.3, 0.45, -0.3, -0.1, -0.5)

    _fill(c, limb, fill=False, stroke=True)
    c.setStrokeColor(second)
    c.setLineWidth(0.025)
    c.line(-0.1, 0.5, -0.1, -0.5)
    c.setLineWidth(0.035)
    c.line(-0.45, 0, 0.42, 0)
    c.setFillColor(second)
    _poly(c, [(0.5, 0), (0.38, 0.06), (0.38, -0.06)])
    _poly(c, [(-0.4, 0), (-0.5, 0.07), (-0.46, 0), (-0.5, -0.07)])


def _shield(c: Canvas, main: Color, second: Color) -> None:
    c.setFillColor(main)

    def build(p: Any) -> None:
        p.moveTo(-0.42, 0.42)
        p.curveTo(-0.2, 0.5, 0.2, 0.5, 0.42, 0.42)
        p.curveTo(0.42, 0.0, 0.3, -0.3, 0, -0.5)
        p.curveTo(-0.3, -0.3, -0.42, 0.0, -0.42, 0.42)
        p.close()

    _fill(c, build)
    c.setStrokeColor(second)
    c.setLineWidth(0.05)
    c.line(0, 0.44, 0, -0.44)
    c.line(-0.38, 0.15, 0.38, 0.15)


def _armor(c: Canvas, main: Color, second: Color) -> None:
    """A breastplate."""
    c.setFillColor(main)

    def build(p: Any) -> None:
        p.moveTo(-0.2, 0.45)
        p.lineTo(-0.45, 0.35)
        p.lineTo(-0.4, 0.05)
        p.curveTo(-0.36, -0.25, -0.3, -0.4, -0.28, -0.48)
        p.lineTo(0.28, -0.48)
        p.curveTo(0.3, -0.4, 0.36, -0.25, 0.4, 0.05)
        p.lineTo(0.45, 0.35)
        p.lineTo(0.2, 0.45)
        p.curveTo(0.12, 0.3, -0.12, 0.3, -0.2, 0.45)
        p.close()

    _fill(c, build)
    c.setStrokeColor(second)
    c.setLineWidth(0.035)
    c.line(0, 0.32, 0, -0.46)
    c.line(-0.3, -0.2, 0.3, -0.2)


def _stealth(c: Canvas, main: Color, second: Color) -> None:
    """A hooded mask: the sneaking attribute."""
    c.setFillColor(main)

    def build(p: Any) -> None:
        p.moveTo(0, 0.5)
        p.curveTo(0.35, 0.45, 0.48, 0.1, 0.45, -0.5)
        p.lineTo(-0.45, -0.5)
        p.curveTo(-0.48, 0.1, -0.35, 0.45, 0, 0.5)
        p.close()

    _fill(c, build)
    c.setFillColor(second)
    _ellipse(c, 0, -0.02, 0.27, 0.3)
    c.setFillColor(main)
    _ellipse(c, -0.11, 0.0, 0.07, 0.035)
    _ellipse(c, 0.11, 0.0, 0.07, 0.035)


def _star(c: Canvas, main: Color, second: Color) -> None:
    c.setFillColor(main)
    pts = []
    for i in range(10):
        r = 0.5 if i % 2 == 0 else 0.21
        a = math.radians(90 + i * 36)
        pts.append((r * math.cos(a), r * math.sin(a) - 0.03))
    _poly(c, pts)


def _spell(c: Canvas, main: Color, second: Color) -> None:
    """A wand with a sparkle."""
    c.setStrokeColor(second)
    c.setLineWidth(0.07)
    c.setLineCap(1)
    c.line(-0.42, -0.42, 0.08, 0.08)
    c.setFillColor(main)
    pts = []
    for i in range(8):
        r = 0.3 if i % 2 == 0 else 0.08
        a = math.radians(45 + i * 45)
        pts.append((0.2 + r * math.cos(a), 0.2 + r * math.sin(a)))
    _poly(c, pts)
    _circle(c, -0.22, 0.32, 0.05)
    _circle(c, 0.36, -0.2, 0.04)


def _bless(c: Canvas, main: Color, second: Color) -> None:
    """A radiant sun: blessing."""
    c.setFillColor(main)
    _circle(c, 0, 0, 0.24)
    c.setStrokeColor(main)
    c.setLineWidth(0.06)
    c.setLineCap(1)
    for i in range(12):
        a = math.radians(i * 30)
        r0, r1 = 0.32, 0.5 if i % 2 == 0 else 0.42
        c.line(r0 * math.cos(a), r0 * math.sin(a), r1 * math.cos(a), r1 * math.sin(a))


def _heal(c: Canvas, main: Color, second: Color) -> None:
    c.setFillColor(main)
    _rect(c, -0.15, -0.45, 0.15, 0.45, 0.05)
    _rect(c, -0.45, -0.15, 0.45, 0.15, 0.05)


def _helm(c: Canvas, main: Color, second: Color) -> None:
    """A knight's helmet: a character."""
    c.setFillColor(main)

    def build(p: Any) -> None:
        p.moveTo(-0.36, -0.45)
        p.lineTo(-0.38, 0.05)
        p.curveTo(-0.38, 0.38, -0.2, 0.48, 0, 0.48)
        p.curveTo(0.2, 0.48, 0.38, 0.38, 0.38, 0.05)
        p.lineTo(0.36, -0.45)
        p.close()

    _fill(c, build)
    c.setFillColor(second)
    _rect(c, -0.28, 0.02, 0.28, 0.1, 0.03)
    _rect(c, -0.035, -0.38, 0.035, 0.02)
    for x in (-0.16, -0.08, 0.08, 0.16):
        _circle(c, x, -0.16, 0.025)
    c.setFillColor(main)
    _poly(c, [(0, 0.48), (0.1, 0.62), (0.05, 0.48)])


def _monster(c: Canvas, main: Color, second: Color) -> None:
    """A horned head with glowing eyes."""
    c.setFillColor(main)
    _poly(c, [(-0.3, 0.2), (-0.5, 0.5), (-0.15, 0.3)])
    _poly(c, [(0.3, 0.2), (0.5, 0.5), (0.15, 0.3)])

    def build(p: Any) -> None:
        p.moveTo(0, 0.36)
        p.curveTo(0.3, 0.36, 0.4, 0.15, 0.38, -0.05)
        p.curveTo(0.35, -0.3, 0.15, -0.5, 0, -0.5)
        p.curveTo(-0.15, -0.5, -0.35, -0.3, -0.38, -0.05)
        p.curveTo(-0.4, 0.15, -0.3, 0.36, 0, 0.36)
        p.close()

    _fill(c, build)
    c.setFillColor(second)
    _poly(c, [(-0.25, 0.08), (-0.06, 0.0), (-0.22, -0.06)])
    _poly(c, [(0.25, 0.08), (0.06, 0.0), (0.22, -0.06)])
    _poly(
        c,
        [
            (-0.16, -0.28),
            (0.16, -0.28),
            (0.1, -0.34),
            (0.05, -0.3),
            (0, -0.36),
            (-0.05, -0.3),
            (-0.1, -0.34),
        ],
    )


def _chest(c: Canvas, main: Color, second: Color) -> None:
    c.setFillColor(main)

    def lid(p: Any) -> None:
        p.moveTo(-0.48, 0.02)
        p.lineTo(-0.48, 0.14)
        p.curveTo(-0.48, 0.45, 0.48, 0.45, 0.48, 0.14)
        p.lineTo(0.48, 0.02)
        p.close()

    _fill(c, lid)
    _rect(c, -0.48, -0.4, 0.48, -0.02)
    c.setFillColor(second)
    _rect(c, -0.48, -0.06, 0.48, 0.04)
    _rect(c, -0.36, -0.4, -0.28, 0.34)
    _rect(c, 0.28, -0.4, 0.36, 0.34)
    _rect(c, -0.08, -0.16, 0.08, 0.06, 0.02)
    c.setFillColor(main)
    _circle(c, 0, -0.06, 0.025)


def _scroll(c: Canvas, main: Color, second: Color) -> None:
    c.setFillColor(main)
    _rect(c, -0.32, -0.36, 0.32, 0.36)
    c.setFillColor(mix(main, BLACK, 0.2))
    _ellipse(c, 0, 0.38, 0.4, 0.09)
    _ellipse(c, 0, -0.38, 0.4, 0.09)
    c.setStrokeColor(second)
    c.setLineWidth(0.03)
    for y in (0.18, 0.06, -0.06, -0.18):
        c.line(-0.2, y, 0.2 if y > -0.1 else 0.05, y)


def _stairs(c: Canvas, main: Color, second: Color) -> None:
    """Steps going down: a dungeon level."""
    c.setFillColor(main)
    pts = [(-0.5, 0.5)]
    x, y = -0.5, 0.5
    for _ in range(5):
        pts += [(x + 0.2, y), (x + 0.2, y - 0.2)]
        x, y = x + 0.2, y - 0.2
    pts += [(0.5, -0.5), (-0.5, -0.5)]
    _poly(c, pts)


def _door(c: Canvas, main: Color, second: Color) -> None:
    c.setFillColor(main)

    def build(p: Any) -> None:
        p.moveTo(-0.34, -0.5)
        p.lineTo(-0.34, 0.14)
        p.curveTo(-0.34, 0.58, 0.34, 0.58, 0.34, 0.14)
        p.lineTo(0.34, -0.5)
        p.close()

    _fill(c, build)
    c.setStrokeColor(second)
    c.setLineWidth(0.03)
    for x in (-0.12, 0.12):
        c.line(x, -0.5, x, 0.4)
    c.setFillColor(second)
    _circle(c, 0.22, -0.05, 0.04)


def _flame(c: Canvas, main: Color, second: Color) -> None:
    c.setFillColor(main)

    def outer(p: Any) -> None:
        p.moveTo(0, -0.5)
        p.curveTo(-0.3, -0.5, -0.42, -0.25, -0.38, -0.02)
        p.curveTo(-0.34, 0.2, -0.18, 0.25, -0.15, 0.5)
        p.curveTo(0.0, 0.35, 0.02, 0.22, 0.02, 0.12)
        p.curveTo(0.12, 0.22, 0.2, 0.32, 0.18, 0.42)
        p.curveTo(0.38, 0.22, 0.45, 0.0, 0.38, -0.2)
        p.curveTo(0.32, -0.4, 0.18, -0.5, 0, -0.5)
        p.close()

    _fill(c, outer)
    c.setFillColor(second)

    def inner(p: Any) -> None:
        p.moveTo(0, -0.46)
        p.curveTo(-0.16, -0.46, -0.22, -0.32, -0.18, -0.18)
        p.curveTo(-0.14, -0.05, -0.05, 0.0, -0.03, 0.12)
        p.curveTo(0.1, 0.0, 0.2, -0.14, 0.18, -0.28)
        p.curveTo(0.16, -0.4, 0.1, -0.46, 0, -0.46)
        p.close()

    _fill(c, inner)


def _eye(c: Canvas, main: Color, second: Color) -> None:
    c.setFillColor(main)

    def build(p: Any) -> None:
        p.moveTo(-0.5, 0)
        p.curveTo(-0.25, 0.32, 0.25, 0.32, 0.5, 0)
        p.curveTo(0.25, -0.32, -0.25, -0.32, -0.5, 0)
        p.close()

    _fill(c, build)
    c.setFillColor(second)
    _circle(c, 0, 0, 0.16)
    c.setFillColor(main)
    _circle(c, 0, 0, 0.07)


def _cards(c: Canvas, main: Color, second: Color) -> None:
    """A fan of three cards."""
    for angle in (20, 0, -20):
        c.saveState()
        c.rotate(angle)
        c.setFillColor(second)
        c.setStrokeColor(main)
        c.setLineWidth(0.05)
        _rect(c, -0.2, -0.38, 0.2, 0.22, 0.05, stroke=True)
        c.restoreState()
    c.setFillColor(main)
    c.saveState()
    c.rotate(-20)
    c.translate(0, -0.08)
    c.scale(0.18, 0.18)
    _diamond(c, main, second)
    c.restoreState()


def _jester(c: Canvas, main: Color, second: Color) -> None:
    """A jester's three-pointed hat: the joker."""
    c.setFillColor(main)

    def build(p: Any) -> None:
        p.moveTo(-0.4, -0.2)
        p.curveTo(-0.42, 0.05, -0.5, 0.25, -0.45, 0.4)
        p.curveTo(-0.3, 0.25, -0.18, 0.05, -0.12, -0.05)
        p.curveTo(-0.06, 0.2, -0.02, 0.35, 0, 0.5)
        p.curveTo(0.02, 0.35, 0.06, 0.2, 0.12, -0.05)
        p.curveTo(0.18, 0.05, 0.3, 0.25, 0.45, 0.4)
        p.curveTo(0.5, 0.25, 0.42, 0.05, 0.4, -0.2)
        p.close()

    _fill(c, build)
    c.setFillColor(second)
    _rect(c, -0.42, -0.36, 0.42, -0.2, 0.04)
    for x, y in ((-0.45, 0.42), (0, 0.52), (0.45, 0.42)):
        _circle(c, x, y, 0.07)


def _trap(c: Canvas, main: Color, second: Color) -> None:
    """Spikes in a pit."""
    c.setFillColor(second)
    _rect(c, -0.5, -0.5, 0.5, -0.3)
    c.setFillColor(main)
    for i in range(5):
        x = -0.4 + i * 0.2
        _poly(c, [(x - 0.08, -0.3), (x, 0.3 if i % 2 else 0.45), (x + 0.08, -0.3)])


def _potion(c: Canvas, main: Color, second: Color) -> None:
    c.setFillColor(main)
    _circle(c, 0, -0.15, 0.33)
    _rect(c, -0.09, 0.1, 0.09, 0.38)
    c.setFillColor(second)
    _rect(c, -0.12, 0.36, 0.12, 0.5, 0.03)
    c.setFillColor(mix(main, WHITE, 0.5))
    _ellipse(c, -0.13, -0.05, 0.07, 0.1)


def _map(c: Canvas, main: Color, second: Color) -> None:
    """A folded treasure map: three panels, a dashed trail and an X."""
    panels = [
        [(-0.48, -0.34), (-0.48, 0.4), (-0.16, 0.32), (-0.16, -0.42)],
        [(-0.16, -0.42), (-0.16, 0.32), (0.16, 0.4), (0.16, -0.34)],
        [(0.16, -0.34), (0.16, 0.4), (0.48, 0.32), (0.48, -0.42)],
    ]
    for n, panel in enumerate(panels):
        c.setFillColor(mix(main, BLACK, 0.12) if n == 1 else main)
        _poly(c, panel)
    c.setStrokeColor(second)
    c.setLineWidth(0.035)
    c.setDash(0.07, 0.05)
    path = c.beginPath()
    path.moveTo(-0.38, -0.22)
    path.curveTo(-0.2, 0.1, 0.05, -0.25, 0.26, 0.08)
    c.drawPath(path, stroke=1, fill=0)
    c.setDash()
    c.setStrokeColor(HexColor("#b03a2e"))
    c.setLineWidth(0.06)
    c.line(0.22, 0.04, 0.36, 0.18)
    c.line(0.22, 0.18, 0.36, 0.04)


def _roots(c: Canvas, main: Color, second: Color) -> None:
    """A tree stump with its roots spreading into the ground."""
    c.setFillColor(main)
    _poly(c, [(-0.2, 0.36), (-0.2, -0.08), (0.2, -0.08), (0.2, 0.36)])
    c.setStrokeColor(main)
    c.setLineCap(1)
    for x0, x1, y1, width in (
        (-0.14, -0.46, -0.42, 0.09),
        (-0.06, -0.2, -0.48, 0.08),
        (0.06, 0.16, -0.5, 0.08),
        (0.14, 0.46, -0.38, 0.09),
    ):
        c.setLineWidth(width)
        path = c.beginPath()
        path.moveTo(x0, -0.04)
        path.curveTo(x0, -0.2, (x0 + x1) / 2, y1 + 0.08, x1, y1)
        c.drawPath(path, stroke=1, fill=0)
    c.setLineCap(0)
    c.setFillColor(second)
    _ellipse(c, 0, 0.36, 0.2, 0.07)
    c.setStrokeColor(main)
    c.setLineWidth(0.025)
    _ellipse(c, 0, 0.36, 0.1, 0.035, fill=False, stroke=True)


def _mushroom(c: Canvas, main: Color, second: Color) -> None:
    """A toadstool: a spotted cap on a pale stalk."""
    c.setFillColor(second)
    _poly(c, [(-0.12, -0.46), (-0.09, 0.05), (0.09, 0.05), (0.12, -0.46)])
    c.setFillColor(main)

    def cap(p: Any) -> None:
        p.moveTo(-0.48, 0.02)
        p.curveTo(-0.48, 0.52, 0.48, 0.52, 0.48, 0.02)
        p.curveTo(0.2, -0.06, -0.2, -0.06, -0.48, 0.02)
        p.close()

    _fill(c, cap)
    c.setFillColor(mix(second, WHITE, 0.7))
    for x, y, r in (
        (-0.24, 0.16, 0.07),
        (0.04, 0.3, 0.08),
        (0.28, 0.12, 0.06),
        (-0.02, 0.08, 0.05),
    ):
        _circle(c, x, y, r)


def _book(c: Canvas, main: Color, second: Color) -> None:
    c.setFillColor(main)
    _poly(c, [(-0.5, -0.35), (-0.5, 0.4), (0, 0.3), (0.5, 0.4), (0.5, -0.35), (0, -0.45)])
    c.setStrokeColor(second)
    c.setLineWidth(0.035)
    c.line(0, 0.3, 0, -0.45)
    for y in (0.15, 0.0, -0.15):
        c.line(-0.38, y + 0.03, -0.1, y - 0.02)
        c.line(0.1, y - 0.02, 0.38, y + 0.03)


def _feather(c: Canvas, main: Color, second: Color) -> None:
    c.saveState()
    c.rotate(-35)
    c.setFillColor(main)

    def build(p: Any) -> None:
        p.moveTo(0, 0.52)
        p.curveTo(0.22, 0.3, 0.2, -0.1, 0.04, -0.3)
        p.lineTo(-0.04, -0.3)
        p.curveTo(-0.2, -0.1, -0.22, 0.3, 0, 0.52)
        p.close()

    _fill(c, build)
    c.setStrokeColor(second)
    c.setLineWidth(0.03)
    c.line(0, 0.45, 0, -0.55)
    c.restoreState()


def _boot(c: Canvas, main: Color, second: Color) -> None:
    c.setFillColor(main)
    _poly(c, [(-0.3, 0.5), (0.1, 0.5), (0.1, -0.1), (0.45, -0.22), (0.5, -0.45), (-0.3, -0.45)])
    c.setFillColor(second)
    _rect(c, -0.34, 0.36, 0.14, 0.5)


def _fist(c: Canvas, main: Color, second: Color) -> None:
    """A raised fist: strength."""
    c.setFillColor(main)
    _rect(c, -0.32, -0.1, 0.32, 0.36, 0.08)
    _rect(c, -0.22, -0.5, 0.22, -0.05)
    c.setStrokeColor(second)
    c.setLineWidth(0.035)
    for x in (-0.16, 0.0, 0.16):
        c.line(x, 0.36, x, 0.12)
    c.line(-0.32, 0.08, 0.1, 0.08)


def _arrow_up(c: Canvas, main: Color, second: Color) -> None:
    c.setFillColor(main)
    _poly(
        c,
        [
            (0, 0.5),
            (0.42, 0.06),
            (0.16, 0.06),
            (0.16, -0.5),
            (-0.16, -0.5),
            (-0.16, 0.06),
            (-0.42, 0.06),
        ],
    )


def _arrow_down(c: Canvas, main: Color, second: Color) -> None:
    """The raise arrow turned over: lower wins (DECKO's Lowball)."""
    c.saveState()
    c.rotate(180)
    _arrow_up(c, main, second)
    c.restoreState()


def _equals(c: Canvas, main: Color, second: Color) -> None:
    c.setFillColor(main)
    _rect(c, -0.45, 0.08, 0.45, 0.3, 0.05)
    _rect(c, -0.45, -0.3, 0.45, -0.08, 0.05)


def _cross(c: Canvas, main: Color, second: Color) -> None:
    c.saveState()
    c.rotate(45)
    _heal(c, main, second)
    c.restoreState()


def _bag(c: Canvas, main: Color, second: Color) -> None:
    """A money bag."""
    c.setFillColor(main)
    _circle(c, 0, -0.15, 0.35)
    _poly(c, [(-0.14, 0.12), (-0.24, 0.42), (0.24, 0.42), (0.14, 0.12)])
    c.setFillColor(second)
    _rect(c, -0.18, 0.12, 0.18, 0.2)
    c.setFont("Helvetica-Bold", 0.42)
    c.drawCentredString(0, -0.3, "$")


def _ticket(c: Canvas, main: Color, second: Color) -> None:
    c.setFillColor(main)
    _rect(c, -0.5, -0.28, 0.5, 0.28, 0.06)
    c.setFillColor(second)
    _circle(c, -0.5, 0, 0.1)
    _circle(c, 0.5, 0, 0.1)
    c.setStrokeColor(second)
    c.setDash(0.05, 0.05)
    c.setLineWidth(0.03)
    c.line(0.22, -0.24, 0.22, 0.24)
    c.setDash()


def _credit_card(c: Canvas, main: Color, second: Color) -> None:
    c.setFillColor(main)
    _rect(c, -0.5, -0.32, 0.5, 0.32, 0.06)
    c.setFillColor(second)
    _rect(c, -0.5, 0.1, 0.5, 0.2)
    _rect(c, -0.38, -0.14, -0.16, 0.0, 0.02)
    _rect(c, 0.02, -0.22, 0.38, -0.17)


def _burger(c: Canvas, main: Color, second: Color) -> None:
    bun = HexColor("#d9903d")

    def top(p: Any) -> None:
        p.moveTo(-0.46, 0.05)
        p.curveTo(-0.46, 0.5, 0.46, 0.5, 0.46, 0.05)
        p.close()

    c.setFillColor(bun)
    _fill(c, top)
    c.setFillColor(HexColor("#3c9a3c"))
    _rect(c, -0.48, -0.04, 0.48, 0.05, 0.03)
    c.setFillColor(HexColor("#6b3a1e"))
    _rect(c, -0.46, -0.18, 0.46, -0.04, 0.05)
    c.setFillColor(bun)
    _rect(c, -0.44, -0.38, 0.44, -0.2, 0.07)


def _crypto(c: Canvas, main: Color, second: Color) -> None:
    _coin(c, main, second)
    c.setFillColor(mix(main, BLACK, 0.45))
    c.setFont("Helvetica-Bold", 0.5)
    c.drawCentredString(0, -0.17, "B")
    c.setStrokeColor(mix(main, BLACK, 0.45))
    c.setLineWidth(0.035)
    for x in (-0.05, 0.06):
        c.line(x, 0.24, x, 0.32)
        c.line(x, -0.24, x, -0.32)


def _wing(c: Canvas, main: Color, second: Color) -> None:
    """A dragon's wing: an arm bone, three finger bones and a scalloped membrane."""
    shoulder, wrist = (-0.46, -0.12), (0.02, 0.36)
    tips = [(0.5, 0.44), (0.44, -0.02), (0.2, -0.42)]
    root = (-0.3, -0.36)
    c.setFillColor(main)

    def build(p: Any) -> None:
        p.moveTo(*shoulder)
        p.lineTo(*wrist)
        p.lineTo(*tips[0])
        corners = tips[1:] + [root]
        previous = tips[0]
        for point in corners:
            mx, my = (previous[0] + point[0]) / 2, (previous[1] + point[1]) / 2
            # bow each scallop towards the wrist
            cx, cy = mx + (wrist[0] - mx) * 0.35, my + (wrist[1] - my) * 0.35
            p.curveTo(cx, cy, cx, cy, *point)
            previous = point
        p.close()

    _fill(c, build)
    c.setStrokeColor(second)
    c.setLineCap(1)
    c.setLineWidth(0.06)
    c.line(*shoulder, *wrist)
    c.setLineWidth(0.035)
    for tip in tips:
        c.line(*wrist, *tip)
    c.setFillColor(second)
    _poly(
        c,
        [
            (wrist[0] - 0.04, wrist[1]),
            (wrist[0] - 0.1, wrist[1] + 0.12),
            (wrist[0] + 0.03, wrist[1] + 0.03),
        ],
    )


def _dragon(c: Canvas, main: Color, second: Color) -> None:
    """A dragon's head in profile."""
    c.setFillColor(main)

    def build(p: Any) -> None:
        p.moveTo(-0.45, -0.5)
        p.curveTo(-0.4, -0.1, -0.3, 0.2, -0.05, 0.3)
        p.lineTo(-0.15, 0.5)
        p.lineTo(0.12, 0.3)
        p.curveTo(0.3, 0.28, 0.4, 0.18, 0.5, 0.08)
        p.lineTo(0.46, -0.04)
        p.lineTo(0.12, -0.04)
        p.lineTo(0.4, -0.16)
        p.lineTo(0.3, -0.24)
        p.curveTo(0.1, -0.2, -0.05, -0.3, -0.05, -0.5)
        p.close()

    _fill(c, build)
    c.setFillColor(second)
    _ellipse(c, 0.14, 0.15, 0.06, 0.035)


def _swords(c: Canvas, main: Color, second: Color) -> None:
    """Two crossed swords."""
    _sword(c, main, second)
    c.saveState()
    c.scale(-1, 1)
    _sword(c, main, second)
    c.restoreState()


def _hourglass(c: Canvas, main: Color, second: Color) -> None:
    c.setFillColor(second)
    _rect(c, -0.38, 0.4, 0.38, 0.5)
    _rect(c, -0.38, -0.5, 0.38, -0.4)
    c.setFillColor(main)
    _poly(c, [(-0.3, 0.4), (0.3, 0.4), (0.04, 0.0), (0.3, -0.4), (-0.3, -0.4), (-0.04, 0.0)])


def _rune(c: Canvas, main: Color, second: Color) -> None:
    """A rune stone: for rules and reminders."""
    c.setFillColor(main)
    _poly(c, [(-0.3, -0.5), (-0.38, 0.2), (-0.1, 0.5), (0.3, 0.42), (0.38, -0.5)])
    c.setStrokeColor(second)
    c.setLineWidth(0.06)
    c.setLineCap(1)
    c.line(-0.05, -0.3, -0.05, 0.3)
    c.line(-0.05, 0.3, 0.18, 0.1)
    c.line(-0.05, 0.05, 0.18, -0.15)


def _question(c: Canvas, main: Color, second: Color) -> None:
    c.setFillColor(main)
    _circle(c, 0, 0, 0.5)
    c.setFillColor(second)
    c.setFont("Helvetica-Bold", 0.7)
    c.drawCentredString(0, -0.25, "?")


# ---------------------------------------------------------------- fruits


def _leaf(c: Canvas, x: float, y: float, angle: float, size: float = 0.22) -> None:
    c.saveState()
    c.translate(x, y)
    c.rotate(angle)
    c.setFillColor(HexColor("#3f9b3a"))

    def build(p: Any) -> None:
        p.moveTo(0, 0)
        p.curveTo(size * 0.4, size * 0.45, size, size * 0.35, size * 1.2, 0)
        p.curveTo(size, -size * 0.35, size * 0.4, -size * 0.3, 0, 0)
        p.close()

    _fill(c, build)
    c.restoreState()


def _stem(c: Canvas, x0: float, y0: float, x1: float, y1: float) -> None:
    c.setStrokeColor(HexColor("#6b4a2b"))
    c.setLineWidth(0.045)
    c.setLineCap(1)
    c.line(x0, y0, x1, y1)


def _apple(c: Canvas, main: Color, second: Color) -> None:
    c.setFillColor(main)

    def build(p: Any) -> None:
        p.moveTo(0, 0.24)
        p.curveTo(0.22, 0.42, 0.46, 0.3, 0.44, 0.0)
        p.curveTo(0.42, -0.3, 0.22, -0.46, 0.08, -0.42)
        p.curveTo(0.03, -0.4, -0.03, -0.4, -0.08, -0.42)
        p.curveTo(-0.22, -0.46, -0.42, -0.3, -0.44, 0.0)
        p.curveTo(-0.46, 0.3, -0.22, 0.42, 0, 0.24)
        p.close()

    _fill(c, build)
    _stem(c, 0, 0.24, 0.05, 0.45)
    _leaf(c, 0.05, 0.38, 25)
    c.setFillColor(mix(main, WHITE, 0.45))
    _ellipse(c, -0.22, 0.08, 0.06, 0.11)


def _cherry(c: Canvas, main: Color, second: Color) -> None:
    _stem(c, -0.2, -0.12, 0.12, 0.42)
    _stem(c, 0.24, -0.2, 0.12, 0.42)
    _leaf(c, 0.12, 0.42, 10, 0.2)
    c.setFillColor(main)
    _circle(c, -0.22, -0.25, 0.22)
    _circle(c, 0.24, -0.3, 0.2)
    c.setFillColor(mix(main, WHITE, 0.45))
    _circle(c, -0.29, -0.18, 0.05)
    _circle(c, 0.18, -0.24, 0.045)


def _grapes(c: Canvas, main: Color, second: Color) -> None:
    _stem(c, 0, 0.3, 0.05, 0.5)
    _leaf(c, 0.05, 0.42, 20, 0.22)
    c.setFillColor(main)
    rows = [
        (0.22, (-0.24, 0.0, 0.24)),
        (0.0, (-0.12, 0.12)),
        (-0.22, (-0.24, 0.0, 0.24)),
        (-0.4, (0.0,)),
    ]
    rows = [
        (0.2, (-0.22, 0.0, 0.22)),
        (-0.01, (-0.11, 0.11)),
        (-0.02, (-0.3, 0.3)),
        (-0.22, (-0.16, 0.05, 0.2)),
        (-0.4, (0.0,)),
    ]
    for y, xs in rows:
        for x in xs:
            _circle(c, x, y, 0.12)
    c.setFillColor(mix(main, WHITE, 0.4))
    _circle(c, -0.25, 0.24, 0.03)


def _banana(c: Canvas, main: Color, second: Color) -> None:
    c.setFillColor(main)

    def build(p: Any) -> None:
        p.moveTo(0.32, 0.42)
        p.curveTo(0.48, 0.0, 0.25, -0.42, -0.42, -0.4)
        p.curveTo(-0.45, -0.34, -0.4, -0.3, -0.34, -0.28)
        p.curveTo(0.1, -0.24, 0.3, 0.05, 0.24, 0.4)
        p.close()

    _fill(c, build)
    c.setFillColor(HexColor("#6b4a2b"))
    _rect(c, 0.23, 0.38, 0.34, 0.48, 0.02)


def _lemon(c: Canvas, main: Color, second: Color) -> None:
    c.setFillColor(main)

    def build(p: Any) -> None:
        p.moveTo(-0.5, 0)
        p.curveTo(-0.4, 0.36, 0.4, 0.36, 0.5, 0)
        p.curveTo(0.4, -0.36, -0.4, -0.36, -0.5, 0)
        p.close()

    c.saveState()
    c.rotate(25)
    _fill(c, build)
    c.setFillColor(mix(main, WHITE, 0.45))
    _ellipse(c, -0.15, 0.1, 0.12, 0.05)
    c.restoreState()
    _leaf(c, 0.3, 0.25, 40, 0.18)


def _pear(c: Canvas, main: Color, second: Color) -> None:
    c.setFillColor(main)
    _circle(c, 0, -0.18, 0.3)
    _circle(c, 0, 0.14, 0.17)

    def build(p: Any) -> None:
        p.moveTo(-0.17, 0.14)
        p.lineTo(-0.28, -0.1)
        p.lineTo(0.28, -0.1)
        p.lineTo(0.17, 0.14)
        p.close()

    _fill(c, build)
    _stem(c, 0, 0.3, 0.06, 0.47)
    _leaf(c, 0.05, 0.42, 30, 0.18)


def _orange(c: Canvas, main: Color, second: Color) -> None:
    c.setFillColor(main)
    _circle(c, 0, -0.05, 0.42)
    c.setFillColor(mix(main, BLACK, 0.25))
    for x, y in ((-0.15, 0.1), (0.12, -0.12), (0.2, 0.15), (-0.2, -0.2), (0.0, -0.3)):
        _circle(c, x, y, 0.018)
    _leaf(c, 0.02, 0.34, 35, 0.2)


def _strawberry(c: Canvas, main: Color, second: Color) -> None:
    c.setFillColor(main)

    def build(p: Any) -> None:
        p.moveTo(0, -0.5)
        p.curveTo(-0.3, -0.3, -0.45, 0.0, -0.4, 0.18)
        p.curveTo(-0.3, 0.32, 0.3, 0.32, 0.4, 0.18)
        p.curveTo(0.45, 0.0, 0.3, -0.3, 0, -0.5)
        p.close()

    _fill(c, build)
    c.setFillColor(HexColor("#f6e27a"))
    for x, y in ((-0.2, 0.05), (0.0, 0.1), (0.2, 0.05), (-0.1, -0.12), (0.1, -0.12), (0.0, -0.3)):
        _ellipse(c, x, y, 0.025, 0.035)
    c.setFillColor(HexColor("#3f9b3a"))
    _poly(c, [(-0.3, 0.26), (-0.1, 0.32), (0, 0.45), (0.1, 0.32), (0.3, 0.26), (0, 0.22)])


FRUIT_COLORS = {
    "apple": "#d0312d",
    "cherry": "#b0102a",
    "cherries": "#b0102a",
    "grape": "#6a3d9a",
    "grapes": "#6a3d9a",
    "banana": "#f2c82f",
    "lemon": "#f0d43a",
    "pear": "#9bbf3b",
    "orange": "#f08a24",
    "strawberry": "#e0303a",
    "plum": "#7b3f8f",
    "lime": "#7cbf3a",
    "peach": "#f4a46a",
    "blueberry": "#3b5fc0",
    "watermelon": "#e8434f",
    "pineapple": "#e9b92f",
    "kiwi": "#8a9a3b",
    "coconut": "#7a5230",
    "mango": "#f5a623",
    "fig": "#6b3d5e",
    "pomegranate": "#b8213c",
}
_FRUIT_SHAPES: dict[str, Drawer] = {
    "apple": _apple,
    "cherry": _cherry,
    "cherries": _cherry,
    "grape": _grapes,
    "grapes": _grapes,
    "banana": _banana,
    "lemon": _lemon,
    "lime": _lemon,
    "pear": _pear,
    "orange": _orange,
    "plum": _orange,
    "peach": _orange,
    "blueberry": _orange,
    "strawberry": _strawberry,
    "mango": _lemon,
    "kiwi": _orange,
    "coconut": _orange,
    "fig": _pear,
    "pomegranate": _apple,
    "watermelon": _orange,
    "pineapple": _pear,
}


def fruit_color(name: str) -> Color:
    """The colour a fruit is drawn in (a stable guess for unknown fruits)."""
    key = name.strip().lower()
    if key in FRUIT_COLORS:
        return HexColor(FRUIT_COLORS[key])
    palette = list(dict.fromkeys(FRUIT_COLORS.values()))
    return HexColor(palette[zlib.crc32(key.encode()) % len(palette)])


def fruit_drawer(name: str) -> Drawer:
    return _FRUIT_SHAPES.get(name.strip().lower(), _apple)


# ---------------------------------------------------------------- registry

ICONS: dict[str, Drawer] = {
    "spade": _spade,
    "heart": _heart,
    "diamond": _diamond,
    "club": _club,
    "gem": _gem,
    "crown": _crown,
    "coin": _coin,
    "coins": _coins,
    "chip": _chip,
    "skull": _skull,
    "sword": _sword,
    "axe": _axe,
    "dagger": _dagger,
    "bow": _bow,
    "shield": _shield,
    "armor": _armor,
    "stealth": _stealth,
    "spell": _spell,
    "bless": _bless,
    "heal": _heal,
    "star": _star,
    "helm": _helm,
    "monster": _monster,
    "chest": _chest,
    "scroll": _scroll,
    "stairs": _stairs,
    "door": _door,
    "flame": _flame,
    "eye": _eye,
    "cards": _cards,
    "jester": _jester,
    "trap": _trap,
    "potion": _potion,
    "book": _book,
    "map": _map,
    "roots": _roots,
    "mushroom": _mushroom,
    "feather": _feather,
    "boot": _boot,
    "fist": _fist,
    "arrow-up": _arrow_up,
    "arrow-down": _arrow_down,
    "equals": _equals,
    "cross": _cross,
    "bag": _bag,
    "ticket": _ticket,
    "credit-card": _credit_card,
    "burger": _burger,
    "crypto": _crypto,
    "wing": _wing,
    "dragon": _dragon,
    "swords": _swords,
    "hourglass": _hourglass,
    "rune": _rune,
    "question": _question,
    **{f"fruit-{name}": drawer for name, drawer in _FRUIT_SHAPES.items()},
}
"""Every icon a template may name."""

ICON_COLORS: dict[str, str] = {
    "gem": "#c0392b",
    "crown": "#d4a017",
    "coin": "#e0b030",
    "coins": "#e0b030",
    "chip": "#2c3e50",
    "skull": "#e9e4d8",
    "sword": "#9aa5b1",
    "axe": "#7f8c8d",
    "dagger": "#9aa5b1",
    "bow": "#8e5a2b",
    "shield": "#2e5c8a",
    "armor": "#7f8c8d",
    "stealth": "#3d3d4e",
    "spell": "#7d3cc8",
    "bless": "#e8b923",
    "heal": "#27ae60",
    "star": "#e8b923",
    "helm": "#7f8c8d",
    "monster": "#6b2d2d",
    "chest": "#8e5a2b",
    "scroll": "#e6d3a3",
    "stairs": "#5d5d6e",
    "door": "#7a4b24",
    "flame": "#e8590c",
    "eye": "#2e5c8a",
    "cards": "#2b2b40",
    "jester": "#8e2c8e",
    "trap": "#5d5d6e",
    "potion": "#2e86c1",
    "book": "#7a3b2e",
    "map": "#e6d3a3",
    "roots": "#7a5230",
    "mushroom": "#c0392b",
    "feather": "#2e8b57",
    "boot": "#6b4a2b",
    "fist": "#c0703a",
    "arrow-up": "#27ae60",
    "arrow-down": "#c0392b",
    "equals": "#2e5c8a",
    "cross": "#c0392b",
    "bag": "#8e6b2b",
    "ticket": "#d35400",
    "credit-card": "#2e5c8a",
    "burger": "#d9903d",
    "crypto": "#e0a030",
    "wing": "#7a1f1f",
    "dragon": "#7a1f1f",
    "swords": "#9aa5b1",
    "hourglass": "#c79a4a",
    "rune": "#6e6e80",
    "question": "#6e6e80",
    "spade": "#151515",
    "club": "#151515",
    "heart": "#c8102e",
    "diamond": "#c8102e",
}
_SECOND: dict[str, str] = {
    "skull": "#2b2b2b",
    "sword": "#6b4a2b",
    "axe": "#6b4a2b",
    "dagger": "#6b4a2b",
    "bow": "#3b3b3b",
    "shield": "#e8c547",
    "armor": "#3b3b3b",
    "stealth": "#e6dccb",
    "spell": "#6b4a2b",
    "helm": "#2b2b2b",
    "monster": "#f0c020",
    "chest": "#e0b030",
    "scroll": "#7a6a4a",
    "door": "#2b2b2b",
    "flame": "#f7c531",
    "eye": "#ffffff",
    "cards": "#ffffff",
    "jester": "#e8b923",
    "trap": "#3b3b3b",
    "potion": "#6b4a2b",
    "book": "#f2ead8",
    "map": "#6b4a2b",
    "roots": "#c9a66b",
    "mushroom": "#d6c4a0",
    "feather": "#1b4d2b",
    "boot": "#3b2a1b",
    "fist": "#7a4020",
    "bag": "#e0c070",
    "ticket": "#ffffff",
    "credit-card": "#e0e0e0",
    "wing": "#2b0d0d",
    "dragon": "#f0c020",
    "swords": "#6b4a2b",
    "hourglass": "#6b4a2b",
    "rune": "#e6dccb",
    "question": "#ffffff",
    "chip": "#ffffff",
    "crown": "#c0392b",
}


def _portrait_drawer(cls: str) -> Drawer:
    """A character's bust (:mod:`companion.printing.portraits`) and, by the shoulder, what they carry."""
    from companion.printing.portraits import draw_portrait, portrait_look

    item = portrait_look(cls)[2]

    def draw(c: Canvas, main: Color, second: Color) -> None:
        draw_portrait(c, cls, main)
        carried = ICONS.get(item)
        if carried is not None:
            c.saveState()
            c.translate(0.3, -0.3)
            c.scale(0.36, 0.36)
            carried(
                c,
                HexColor(ICON_COLORS.get(item, "#6e6e80")),
                HexColor(_SECOND.get(item, "#ffffff")),
            )
            c.restoreState()

    return draw


def icon_names() -> list[str]:
    return sorted(ICONS)


def has_icon(name: str) -> bool:
    return name in ICONS or name.startswith(("fruit-", "portrait-"))


def default_color(name: str) -> Color:
    if name.startswith("fruit-"):
        return fruit_color(name[6:])
    if name.startswith("portrait-"):
        from companion.printing.portraits import portrait_color

        return portrait_color(name[9:])
    return HexColor(ICON_COLORS.get(name, "#2b2b40"))


def enable_icon_forms(c: Canvas) -> None:
    """Draw each icon (per colour pair) once per document and reuse it.

    A deck repeats the same suit pips hundreds of times; as form XObjects
    they cost one drawing each, however often they appear. Portraits are the
    exception (:func:`draw_icon` draws them into the page): each is one
    character's, distinct within its game, so a form would be used once and
    only add its own header and a stream compressed apart from the page.
    """
    c._companion_icon_forms = set()


def draw_icon(
    c: Canvas,
    name: str,
    cx: float,
    cy: float,
    size: float,
    main: Any = None,
    second: Any = None,
    *,
    rotate: float = 0.0,
) -> None:
    """Draw icon ``name`` centred at (cx, cy), ``size`` points tall and wide."""
    if getattr(c, "_companion_probe", None) is not None:
        from companion.printing.probe import mark

        half = size * 0.48  # most icons fill their square; round ones touch its sides
        mark(c, "icon", name, (cx - half, cy - half, cx + half, cy + half))
    if name.startswith("fruit-") and name not in ICONS:
        drawer: Drawer = fruit_drawer(name[6:])
    elif name.startswith("portrait-"):
        drawer = _portrait_drawer(name[9:])
    else:
        drawer = ICONS[name]
    first = color(main, default_color(name))
    other = color(second, HexColor(_SECOND.get(name, "#ffffff")))
    forms = getattr(c, "_companion_icon_forms", None)
    key = ""
    if forms is not None and not name.startswith("portrait-"):  # see enable_icon_forms
        key = f"icon.{name}.{first.hexval()[2:]}.{other.hexval()[2:]}"
        if key not in forms:
            c.beginForm(key, -1, -1, 1, 1)
            c.setLineWidth(0.04)
            drawer(c, first, other)
            c.endForm()
            forms.add(key)
    c.saveState()
    c.translate(cx, cy)
    if rotate:
        c.rotate(rotate)
    c.scale(size, size)
    if key:
        c.doForm(key)
    else:
        c.setLineWidth(0.04)
        drawer(c, first, other)
    c.restoreState()


def draw_suit(
    c: Canvas,
    suit: str,
    cx: float,
    cy: float,
    size: float,
    *,
    rotate: float = 0.0,
    fill: Any = None,
) -> None:
    """A suit symbol (``s h d c``) in its usual colour."""
    draw_icon(
        c,
        SUIT_ICONS[suit],
        cx,
        cy,
        size,
        fill if fill is not None else suit_color(suit),
        rotate=rotate,
    )
