"""The duplex calibration sheet: measure how far a printer shifts the back side.

Page 1 carries five crosshair targets; page 2 carries, behind each target,
two rulers marked in half millimetres from -20 to +20 (the whole range
``--back-offset`` accepts). Printed double-sided
and held against a window or a lamp, each front crosshair line shows
through and crosses a ruler: the number it crosses on the horizontal ruler
is X, on the vertical ruler Y. That pair is exactly the ``--back-offset``
to pass (or to save with ``print calibrate --save X,Y``): each ruler tick
``v`` sits ``v`` mm from where the line would fall on a perfect printer, so
a printer that shifts the back by ``s`` brings tick ``-s`` under the line,
and moving the backs by ``-s`` cancels the drift.

Targets sit where the back lands after the chosen flip (mirrored columns
for a long-edge flip of a portrait sheet, as in the card sheets).
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.errors import CompanionError
from companion.fileio import output_path, write_atomic
from companion.printing.imposition import MM_TO_PT, PAPERS, Flip, Orientation

RULER_HALF = 20.0
"""Each ruler reads from -20 to +20 mm: every offset ``--back-offset`` accepts."""
RULER_DISTANCE = 20.5
"""How far (mm) each ruler runs beside its target: the two rulers never cross."""
TARGET_ARM = RULER_DISTANCE + RULER_HALF
"""A crosshair line reaches its ruler however far (up to 20 mm) the back is shifted."""
EDGE = 5.0
"""No crosshair runs into the band printers cannot print."""
PAGES = 2


@dataclass(frozen=True)
class OffsetsForgotten:
    """``print calibrate --reset``: whether a saved back offset was there to forget."""

    forgot: bool
    config: Path

    def to_json(self) -> dict[str, Any]:
        return {"reset": self.forgot, "config": str(self.config)}


@dataclass(frozen=True)
class OffsetSaved:
    """``print calibrate --save X,Y``: the offset now used for sheets of this orientation."""

    orientation: Orientation
    offset: tuple[float, float]
    config: Path

    def to_json(self) -> dict[str, Any]:
        saved = {"orientation": self.orientation, "back_offset": list(self.offset)}
        return {"saved": saved, "config": str(self.config)}


@dataclass(frozen=True)
class CalibrationSheet:
    """The sheet written, and the offsets saved so far (printed without them)."""

    path: Path
    bytes: int
    orientation: Orientation
    saved: dict[str, tuple[float, float] | None] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "file": str(self.path),
            "pages": PAGES,
            "bytes": self.bytes,
            "saved_back_offset": self.saved,
        }


def calibrate(
    out_path: Path | None = None,
    *,
    paper: str = "a4",
    orientation: str = "portrait",
    flip: str = "long",
    save: str | None = None,
    reset: bool = False,
    force: bool = False,
) -> OffsetsForgotten | OffsetSaved | CalibrationSheet:
    """``print calibrate``: forget the saved offsets, save one, or write the sheet
    (``out_path``, default ``calibration.pdf`` in the output folder)."""
    from companion.paths import default_output_dir
    from companion.printing import config
    from companion.printing.imposition import parse_offset, parse_paper
    from companion.printing.options import FLIP_EDGES, SHEET_ORIENTATIONS, one_of

    orient = one_of(orientation, SHEET_ORIENTATIONS, "orientation")
    flip_edge = one_of(flip, FLIP_EDGES, "flip edge")
    if save is not None and reset:
        raise CompanionError("--save and --reset cannot be used together")
    if reset:
        return OffsetsForgotten(config.reset(), config.config_path())
    if save is not None:
        offset = parse_offset(save)
        config.save_back_offset(orient, offset)
        return OffsetSaved(orient, offset, config.config_path())
    target = out_path or default_output_dir() / "calibration.pdf"
    size = build_calibration_sheet(
        target, paper=parse_paper(paper), orientation=orient, flip=flip_edge, force=force
    )
    saved = {o: config.saved_back_offset(o) for o in config.ORIENTATIONS}
    return CalibrationSheet(target, size, orient, saved)


def target_positions(page_w: float, page_h: float) -> list[tuple[float, float]]:
    """Centre and four corner targets (mm), clear of the printer's dead margin."""
    dx, dy = min(45.0, page_w * 0.22), min(55.0, page_h * 0.2)
    return [
        (page_w / 2, page_h / 2),
        (dx, page_h - dy),
        (page_w - dx, page_h - dy),
        (dx, dy),
        (page_w - dx, dy),
    ]


def behind(
    x: float, y: float, page_w: float, page_h: float, orientation: Orientation, flip: Flip
) -> tuple[float, float]:
    """Where, on the back page, the point (x, y) of the front page lands."""
    columns = (flip == "long") == (orientation == "portrait")
    return (page_w - x, y) if columns else (x, page_h - y)


def build_calibration_sheet(
    out_path: Path,
    *,
    paper: str = "a4",
    orientation: Orientation = "portrait",
    flip: Flip = "long",
    force: bool = False,
) -> int:
    """Write the two-page sheet; returns its size in bytes (``force``: replace a read-only file)."""
    output_path(out_path, force=force)
    from reportlab.pdfgen.canvas import Canvas

    from companion.printing.build import save_canvas
    from companion.printing.card_text import draw_line

    size = PAPERS[paper] if orientation == "portrait" else PAPERS[paper].rotated()
    pw, ph = size.w, size.h
    pt = MM_TO_PT
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(pw * pt, ph * pt), pageCompression=1, invariant=1)
    c.setTitle("companion: duplex calibration sheet")
    c.setAuthor("companion")
    c.setViewerPreference("PrintScaling", "None")
    c.setViewerPreference(
        "Duplex", "DuplexFlipLongEdge" if flip == "long" else "DuplexFlipShortEdge"
    )
    targets = target_positions(pw, ph)

    # Front: crosshairs and the instructions.
    c.setFillColorRGB(0.1, 0.1, 0.14)
    lines = [
        ("Duplex calibration · front", "Helvetica-Bold", 12),
        (
            f"{paper.upper() if paper != 'letter' else 'Letter'} {orientation}, flip on the {flip} edge, "
            "printed at 100% (actual size), double-sided.",
            "Helvetica",
            8.5,
        ),
        (
            "Hold the sheet against a window or a lamp, back side towards you. Where a crosshair line",
            "Helvetica",
            8.5,
        ),
        (
            "crosses a ruler, read the number: horizontal ruler = X, vertical ruler = Y (the centre target",
            "Helvetica",
            8.5,
        ),
        (
            "counts most). Then: companion print calibrate --save X,Y"
            + (" --orientation landscape" if orientation == "landscape" else ""),
            "Helvetica",
            8.5,
        ),
    ]
    y = ph - 12
    for text, font, fsize in lines:
        draw_line(c, text, pw / 2 * pt, y * pt, font, fsize, None, "center")
        y -= 5.2
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.35)
    for x, ty in targets:
        x0, x1 = max(x - TARGET_ARM, EDGE), min(x + TARGET_ARM, pw - EDGE)
        y0, y1 = max(ty - TARGET_ARM, EDGE), min(ty + TARGET_ARM, ph - EDGE)
        c.line(x0 * pt, ty * pt, x1 * pt, ty * pt)
        c.line(x * pt, y0 * pt, x * pt, y1 * pt)
        c.circle(x * pt, ty * pt, 2.5 * pt, stroke=1, fill=0)
    c.showPage()

    # Back: rulers behind every target.
    for x, ty in targets:
        bx, by = behind(x, ty, pw, ph, orientation, flip)
        _ruler(c, bx, by - RULER_DISTANCE, horizontal=True)
        _ruler(c, bx + RULER_DISTANCE, by, horizontal=False)
    c.setFillColorRGB(0.1, 0.1, 0.14)
    draw_line(
        c,
        "Duplex calibration · back: read X on the horizontal rulers, Y on the vertical ones",
        pw / 2 * pt,
        (ph - 12) * pt,
        "Helvetica-Bold",
        9,
        None,
        "center",
    )
    c.showPage()
    save_canvas(c)
    data = buffer.getvalue()
    write_atomic(out_path, data, force=force)
    return len(data)


LABEL_SIZE = 4.8
"""Points: a number is up to 1.5 mm wide, so neighbours go on alternate rows."""


def ruler_labels(x: float, y: float, *, horizontal: bool) -> list[tuple[str, float, float]]:
    """Each number and where it goes (mm): every millimetre to ±5, then every 5 to ±20,
    on alternate rows, never touching.

    >>> [(t, round(lx, 1), round(ly, 1)) for t, lx, ly in ruler_labels(0, 0, horizontal=True)][7:10]
    [('-1', -1, -7.1), ('0', 0, -5.2), ('1', 1, -7.1)]
    >>> [t for t, _, _ in ruler_labels(0, 0, horizontal=True)][:4]
    ['-20', '-15', '-10', '-5']
    """
    out = []
    near, far = 3.6 + 1.6, 3.6 + 3.5  # clear of the longest tick; a second row below
    for i in range(-int(RULER_HALF), int(RULER_HALF) + 1):
        if abs(i) > 5 and i % 5:
            continue  # past ±5 mm, a number every 5 mm: two-digit ones need the room
        text = str(i)  # no "+": at this size "+2+4" runs together; the minus is enough
        odd = i % 2 != 0
        if horizontal:
            out.append((text, x + i, y - (far if odd else near)))
        else:
            out.append((text, x + (3.6 + 3.4 if odd else 3.6 + 0.8), y + i - 0.6))
    return out


def _ruler(c: object, x: float, y: float, *, horizontal: bool) -> None:
    """Ticks every 0.5 mm from -20 to +20 around (x, y); a number every 1 mm."""
    from reportlab.pdfgen.canvas import Canvas

    from companion.printing.card_text import draw_line

    assert isinstance(c, Canvas)
    pt = MM_TO_PT
    c.setStrokeColorRGB(0, 0, 0)
    c.setFillColorRGB(0, 0, 0)
    steps = int(RULER_HALF * 2)
    for i in range(-steps, steps + 1):
        v = i / 2
        length = 2.6 if i % 2 == 0 else 1.4
        if i % 10 == 0:
            length = 3.6  # every 5 mm, where a number stands past ±5
        c.setLineWidth(0.4 if i % 10 == 0 else 0.25)
        if horizontal:
            c.line((x + v) * pt, y * pt, (x + v) * pt, (y - length) * pt)
        else:
            c.line(x * pt, (y + v) * pt, (x + length) * pt, (y + v) * pt)
    for text, lx, ly in ruler_labels(x, y, horizontal=horizontal):
        align = "center" if horizontal else "left"
        draw_line(c, text, lx * pt, ly * pt, "Helvetica", LABEL_SIZE, None, align)
    c.setLineWidth(0.3)
    if horizontal:
        c.line((x - RULER_HALF) * pt, y * pt, (x + RULER_HALF) * pt, y * pt)
    else:
        c.line(x * pt, (y - RULER_HALF) * pt, x * pt, (y + RULER_HALF) * pt)
