"""Pictures a player hands over: a card's ``art`` image and a deck's ``--back-image``.

PNG and JPEG go in as images (turned to CMYK on ``--cmyk`` pages, so no RGB
is left), SVG as vector drawing through svglib (its colours pass through
the page's colour filter like the cards' own). Either is scaled to cover
its box and clipped to it; a file too large, unreadable or of another kind
is refused with a one-line error naming it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from companion.errors import CompanionError

MAX_PICTURE_BYTES = 64 * 2**20
MAX_PICTURE_PIXELS = 40_000_000
"""The most pixels an image may have: far more than 1200 dpi over a tarot card."""
KINDS = (".png", ".jpg", ".jpeg", ".svg")


def check_picture(path: Path, what: str) -> Path:
    """``path`` if it is a picture file companion can place, else an error naming it."""
    if path.suffix.lower() not in KINDS:
        raise CompanionError(f"{what} {path}: not a PNG, JPEG or SVG file")
    if not os.path.isfile(path):
        raise CompanionError(f"{what} {path} not found")
    if os.path.getsize(path) > MAX_PICTURE_BYTES:
        raise CompanionError(f"{what} {path} is larger than {MAX_PICTURE_BYTES // 2**20} MiB")
    return path


def _cmyk(c: Canvas) -> bool:
    return getattr(c, "_companion_cmyk", False) is True


def _raster(c: Canvas, path: Path, what: str) -> tuple[Any, int, int]:
    from PIL import Image
    from reportlab.lib.utils import ImageReader

    try:
        with Image.open(path) as image:
            iw, ih = image.size
            if iw * ih > MAX_PICTURE_PIXELS:
                raise CompanionError(
                    f"{what} {path} has {iw}x{ih} pixels; "
                    f"at most {MAX_PICTURE_PIXELS // 10**6} million fit a card"
                )
            if not _cmyk(c):
                return ImageReader(str(path)), iw, ih
            image.load()
            flat = image.convert("RGBA")
            cmyk = Image.new("RGB", flat.size, "white")
            cmyk.paste(flat, mask=flat.getchannel("A"))
            return ImageReader(cmyk.convert("CMYK")), iw, ih
    except CompanionError:
        raise
    except Exception as exc:
        raise CompanionError(f"cannot read {what} {path} ({exc})") from None


def _vector(path: Path, what: str) -> Any:
    from svglib.svglib import svg2rlg

    try:
        drawing = svg2rlg(str(path))
    except Exception as exc:
        raise CompanionError(f"cannot read {what} {path} ({exc})") from None
    if drawing is None or not drawing.width or not drawing.height:
        raise CompanionError(f"cannot read {what} {path} (no drawing in it)")
    return drawing


def draw_picture(
    c: Canvas,
    path: Path,
    box: tuple[float, float, float, float],
    what: str,
    radius: float = 0.0,
) -> None:
    """The picture at ``path`` scaled to cover ``box`` (x0, y0, x1, y1 points), clipped to it."""
    x0, y0, x1, y1 = box
    bw, bh = x1 - x0, y1 - y0
    c.saveState()
    p = c.beginPath()
    if radius:
        p.roundRect(x0, y0, bw, bh, radius)
    else:
        p.rect(x0, y0, bw, bh)
    c.clipPath(p, stroke=0, fill=0)
    if path.suffix.lower() == ".svg":
        from reportlab.graphics import renderPDF

        drawing = _vector(path, what)
        scale = max(bw / drawing.width, bh / drawing.height)
        c.translate(x0 + (bw - drawing.width * scale) / 2, y0 + (bh - drawing.height * scale) / 2)
        c.scale(scale, scale)
        renderPDF.draw(drawing, c, 0, 0)
    else:
        reader, iw, ih = _raster(c, path, what)
        scale = max(bw / iw, bh / ih)
        dw, dh = iw * scale, ih * scale
        c.drawImage(reader, x0 + (bw - dw) / 2, y0 + (bh - dh) / 2, dw, dh, mask="auto")
    c.restoreState()
