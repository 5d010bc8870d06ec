"""Large clock digits drawn with block characters, at any whole-number scale.

Each glyph is a 3×5 grid of pixels (the colon 1×5); a pixel is ``scale``
characters wide and ``scale`` half-rows tall, drawn with ``█ ▀ ▄``, so two
pixel rows share one text row and the digits keep their shape on a
terminal's tall cells.

>>> print(render("10:05", 1))
▄█  █▀█ ▄ █▀█ █▀▀
 █  █ █ ▄ █ █ ▀▀█
▀▀▀ ▀▀▀   ▀▀▀ ▀▀▀
"""

from __future__ import annotations

GLYPHS: dict[str, tuple[str, ...]] = {
    "0": ("###", "#.#", "#.#", "#.#", "###"),
    "1": (".#.", "##.", ".#.", ".#.", "###"),
    "2": ("###", "..#", "###", "#..", "###"),
    "3": ("###", "..#", "###", "..#", "###"),
    "4": ("#.#", "#.#", "###", "..#", "..#"),
    "5": ("###", "#..", "###", "..#", "###"),
    "6": ("###", "#..", "###", "#.#", "###"),
    "7": ("###", "..#", "..#", "..#", "..#"),
    "8": ("###", "#.#", "###", "#.#", "###"),
    "9": ("###", "#.#", "###", "..#", "###"),
    ":": (".", "#", ".", "#", "."),
    "-": ("...", "...", "###", "...", "..."),
    " ": ("...",) * 5,
}
ROWS = 5


def pixel_width(text: str) -> int:
    """Width of ``text`` in pixels at scale 1, a pixel of space between glyphs."""
    glyphs = [GLYPHS.get(c, GLYPHS[" "]) for c in text]
    return sum(len(g[0]) for g in glyphs) + max(0, len(glyphs) - 1)


def render(text: str, scale: int = 1) -> str:
    """``text`` (digits, ``:`` and ``-``) as block characters, ``scale`` times as large."""
    scale = max(1, scale)
    pixels: list[str] = []
    for row in range(ROWS):
        line = ".".join(GLYPHS.get(c, GLYPHS[" "])[row] for c in text)
        wide = "".join(p * scale for p in line)
        pixels.extend([wide] * scale)
    if len(pixels) % 2:
        pixels.append("." * len(pixels[0]))
    out = []
    for top, bottom in zip(pixels[0::2], pixels[1::2]):
        out.append(
            "".join(
                "█" if t == "#" and b == "#" else "▀" if t == "#" else "▄" if b == "#" else " "
                for t, b in zip(top, bottom)
            )
        )
    return "\n".join(out)


def scale_for(width: int, height: int, text: str = "00:00", spare_rows: int = 24) -> int:
    """The largest scale that fits ``width`` columns and the rows left over by the rest.

    ``spare_rows`` is what the other lines of the display take; at 80×24 the
    scale is 1, at 200×50 the digits are several times larger.

    >>> scale_for(80, 24), scale_for(200, 50) > 2
    (1, True)
    """
    by_width = (width - 4) // max(1, pixel_width(text))
    by_height = (max(0, height - spare_rows) * 2) // ROWS
    return max(1, min(by_width, by_height))
