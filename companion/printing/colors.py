"""Colours as the printing layer handles them: read from ``#rrggbb``, mixed,
and the ink (black or white) that reads on a given background.

>>> readable_on(HexColor("#202020")) == WHITE
True
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.colors import Color, HexColor

RED = HexColor("#c8102e")
BLACK = HexColor("#151515")
WHITE = HexColor("#ffffff")


def color(value: Any, default: Color | None = None) -> Color:
    """A reportlab colour from ``#rrggbb``, a Color, or ``None`` (default)."""
    if value is None or value == "":
        return default if default is not None else BLACK
    if isinstance(value, Color):
        return value
    return HexColor(str(value))


def mix(a: Color, b: Color, t: float) -> Color:
    """``a`` moved ``t`` (0-1) of the way towards ``b``.

    >>> mix(HexColor("#000000"), HexColor("#ffffff"), 0.5).hexval()
    '0x7f7f7f'
    """
    return Color(
        a.red + (b.red - a.red) * t,
        a.green + (b.green - a.green) * t,
        a.blue + (b.blue - a.blue) * t,
    )


def luminance(c: Color) -> float:
    """How light ``c`` looks, from 0 (black) to 1 (white)."""
    return float(0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue)


def readable_on(background: Color) -> Color:
    """Black or white, whichever reads better on ``background``."""
    return BLACK if luminance(background) > 0.55 else WHITE


def to_cmyk(value: Any) -> Any:
    """``value`` as a DeviceCMYK colour (print shops' ink), for ``--cmyk`` pages.

    Used as the canvas's colour filter: every colour a drawing sets passes
    through it. A grey becomes black ink alone (no coloured ink in the
    text), any other colour the naive conversion: black from the lightest
    channel, the rest from what it leaves.

    >>> to_cmyk(HexColor("#ff0000")).cmyk()
    (0.0, 1.0, 1.0, 0.0)
    >>> to_cmyk(HexColor("#808080")).cmyk()[:3]
    (0, 0, 0)
    """
    from reportlab.lib.colors import CMYKColor, toColor

    found = toColor(value)
    if isinstance(found, CMYKColor):
        return CMYKColor(*found.cmyk(), alpha=found.alpha)
    r, g, b = found.red, found.green, found.blue
    alpha = getattr(found, "alpha", 1)
    k = 1 - max(r, g, b)
    if r == g == b or k >= 1 - 1e-9:
        return CMYKColor(0, 0, 0, k, alpha=alpha)
    return CMYKColor(
        (1 - r - k) / (1 - k), (1 - g - k) / (1 - k), (1 - b - k) / (1 - k), k, alpha=alpha
    )
