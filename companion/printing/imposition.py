"""Where card faces and backs go on a sheet: pure geometry, in millimetres.

Nothing here knows what a card shows. :func:`impose` turns a
:class:`SheetSpec` (paper, card size, bleed, gutter, backs mode...) into a
:class:`Layout`: the trim rectangle of every face slot, where each slot's
back lands (mirrored for duplex flipping, or across the fold line), the cut
positions and the crop-mark segments. The PDF writer only follows it, and
tests read it to check the PDFs.

Coordinates follow PDF: origin at the lower-left corner of the page, y up.

>>> layout = impose(SheetSpec(paper="a4", card=CARD_SIZES["poker"]))
>>> layout.cols, layout.rows, layout.orientation
(3, 3, 'portrait')
>>> round(layout.face_slots[0].x, 2), round(layout.page_h - layout.face_slots[0].top, 2)
(9.75, 15.15)
>>> layout.back_slots[0].col  # long-edge flip: column 0's back is printed in column 2
2
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Literal, TypeVar

from companion.errors import CompanionError

MM_TO_PT = 72.0 / 25.4
"""Points per millimetre (PDF user space is 1/72 inch)."""

EPS = 1e-6

Orientation = Literal["portrait", "landscape"]
BacksMode = Literal["duplex", "fold", "none"]
Flip = Literal["long", "short"]


@dataclass(frozen=True)
class Size:
    """A width and a height in millimetres.

    >>> Size(63.5, 88.9)
    Size(63.5×88.9 mm)
    """

    w: float
    h: float

    def __repr__(self) -> str:
        return f"Size({_num(self.w)}×{_num(self.h)} mm)"

    @property
    def label(self) -> str:
        return f"{_num(self.w)}×{_num(self.h)} mm"

    def rotated(self) -> Size:
        return Size(self.h, self.w)


PAPERS: dict[str, Size] = {
    "a4": Size(210.0, 297.0),
    "letter": Size(215.9, 279.4),
    "a3": Size(297.0, 420.0),
}
"""Paper sizes, portrait, in mm."""

CARD_SIZES: dict[str, Size] = {
    "poker": Size(63.5, 88.9),
    "bridge": Size(57.15, 88.9),
    "mini": Size(44.45, 63.5),
    "euro": Size(59.0, 92.0),
    "tarot": Size(69.85, 120.65),
    "square": Size(70.0, 70.0),
}
"""Named card sizes (trim, portrait) in mm."""

DEFAULT_MARGIN = 5.0
"""Smallest distance (mm) between the cards and the paper edge: most home
printers cannot print the outer 3-5 mm. 3×3 poker cards still fit on A4
(9.75 mm spare) and Letter (6.35 mm spare)."""

DEFAULT_PRINTER_MARGIN = 5.0
"""The band (mm) along the paper edge that home printers cannot print: no
mark, label or cut line goes there (``--printer-margin``)."""

MARK_LENGTH = 5.0
MARK_GAP = 2.0
MIN_MARK = 2.0
"""The shortest crop mark (mm) worth drawing in a margin: a shorter one is hard to see."""
MIN_INNER_MARK = 0.8
INNER_CLEAR = 0.6
"""A mark in the gap between two cards keeps this far (mm) from both."""
FOLD_GAP = 3.0
"""Space (mm) between the fold line and the nearest card of each half."""
LABEL_HEIGHT = 2.1
"""Room (mm) the sheet label needs: 5.5 pt type, descenders included."""
LABEL_CLEAR = 1.0
"""Space (mm) the sheet label keeps from a crop mark, cut line or fold line beside it."""
MIN_LABEL_WIDTH = 10.0
"""The narrowest stretch (mm) worth a label: a few words at the smallest size."""
BACK_BLEED = 2.0
"""How far (mm) each back's art runs past its cut lines, bleed or no bleed: a
duplex printer drifts 1-2 mm between the sides, so a back drawn only to its
trim leaves a white strip (or a neighbour's back) on the card."""


def _num(value: float) -> str:
    """Millimetres without trailing zeros: ``63.5``, ``70``."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def parse_card_size(text: str) -> Size:
    """A named size or ``WxH`` in millimetres.

    >>> parse_card_size("bridge")
    Size(57.15×88.9 mm)
    >>> parse_card_size("63x88")
    Size(63×88 mm)
    >>> parse_card_size("70 × 120.5 mm")
    Size(70×120.5 mm)
    >>> parse_card_size("huge")
    Traceback (most recent call last):
      ...
    companion.errors.CompanionError: unknown card size 'huge' (poker, bridge, mini, euro, tarot, square, or WxH in mm such as 63x88)
    """
    key = text.strip().lower()
    if key in CARD_SIZES:
        return CARD_SIZES[key]
    match = re.fullmatch(r"(\d+(?:\.\d+)?)\s*[x×*]\s*(\d+(?:\.\d+)?)\s*(?:mm)?", key)
    if not match:
        names = ", ".join(CARD_SIZES)
        raise CompanionError(f"unknown card size '{text}' ({names}, or WxH in mm such as 63x88)")
    w, h = float(match.group(1)), float(match.group(2))
    if not (10 <= w <= 400 and 10 <= h <= 400):
        raise CompanionError(f"card size '{text}' is out of range (each side 10-400 mm)")
    return Size(w, h)


def parse_paper(text: str) -> str:
    """Validate a paper name (case-insensitive).

    >>> parse_paper("A4")
    'a4'
    """
    key = text.strip().lower()
    if key not in PAPERS:
        raise CompanionError(f"unknown paper '{text}' (papers: {', '.join(PAPERS)})")
    return key


def parse_offset(text: str) -> tuple[float, float]:
    """``X,Y`` in millimetres, as measured with ``print calibrate``.

    >>> parse_offset("1.5,-0.5")
    (1.5, -0.5)
    >>> parse_offset("0.5")
    Traceback (most recent call last):
      ...
    companion.errors.CompanionError: bad offset '0.5' (expected X,Y in mm, e.g. 1.5,-0.5)
    """
    parts = [p.strip() for p in text.replace(";", ",").split(",")]
    try:
        if len(parts) != 2:
            raise ValueError
        x, y = float(parts[0]), float(parts[1])
    except ValueError:
        raise CompanionError(f"bad offset '{text}' (expected X,Y in mm, e.g. 1.5,-0.5)") from None
    if not (math.isfinite(x) and math.isfinite(y)) or abs(x) > 20 or abs(y) > 20:
        raise CompanionError(f"offset '{text}' is out of range (at most 20 mm each way)")
    return (x, y)


@dataclass(frozen=True)
class SheetSpec:
    """Everything that decides where cards go on a sheet."""

    paper: str = "a4"
    card: Size = CARD_SIZES["poker"]
    orientation: Literal["auto", "portrait", "landscape"] = "auto"
    bleed: float = 0.0
    gutter: float = 0.0
    margin: float = DEFAULT_MARGIN
    backs: BacksMode = "duplex"
    flip: Flip = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    crop_marks: bool = True
    cut_lines: bool = False
    printer_margin: float = DEFAULT_PRINTER_MARGIN
    pack: bool = True
    """Fill every sheet, decks one after another (``--no-pack``: each deck on fresh sheets)."""
    grid: tuple[int, int] | None = None
    """Columns and rows to use instead of the most that fit (chosen by :func:`impose`)."""
    cmyk: bool = False
    """Every colour as DeviceCMYK ink, with an output intent (``--cmyk``, for print shops)."""
    cut: Literal["none", "silhouette"] = "none"
    """A cutting machine's registration marks and a cut file (``--cut silhouette``)."""

    def __post_init__(self) -> None:
        if self.paper not in PAPERS:
            parse_paper(self.paper)
        for name in ("bleed", "gutter", "margin", "printer_margin"):
            value = getattr(self, name)
            if not math.isfinite(value) or value < 0 or value > 50:
                flag = name.replace("_", "-")
                raise CompanionError(f"--{flag} {value:g} is out of range (0-50 mm)")
        if self.backs not in ("duplex", "fold", "none"):
            raise CompanionError(f"unknown backs mode '{self.backs}' (duplex, fold, none)")
        if self.flip not in ("long", "short"):
            raise CompanionError(f"unknown flip '{self.flip}' (long, short)")
        if self.cut not in ("none", "silhouette"):
            raise CompanionError(f"unknown cutting machine '{self.cut}' (none, silhouette)")
        if self.cut != "none" and self.backs == "fold":
            raise CompanionError(
                f"--cut {self.cut} cuts duplex or single-sided sheets, not --backs fold"
            )
        if self.orientation not in ("auto", "portrait", "landscape"):
            raise CompanionError(
                f"unknown orientation '{self.orientation}' (auto, portrait, landscape)"
            )


@dataclass(frozen=True)
class Slot:
    """One card position: the trim rectangle's lower-left corner and size (mm).

    ``rotated`` means the card is drawn turned by 180° (the folded half of a
    fold sheet, or backs printed for a flip that turns them upside down).
    """

    index: int
    col: int
    row: int
    x: float
    y: float
    w: float
    h: float
    rotated: bool = False

    def __repr__(self) -> str:
        turn = " rotated" if self.rotated else ""
        return (
            f"<Slot {self.index} c{self.col} r{self.row} at ({self.x:.2f}, {self.y:.2f}) mm{turn}>"
        )

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h

    @property
    def center(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)

    def grown(self, by: float) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of the rectangle grown by ``by`` mm on each side."""
        return (self.x - by, self.y - by, self.right + by, self.top + by)


@dataclass(frozen=True)
class Segment:
    """A straight line from (x0, y0) to (x1, y1), in mm."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def length(self) -> float:
        return math.hypot(self.x1 - self.x0, self.y1 - self.y0)


@dataclass(frozen=True)
class LabelSpot:
    """Where the sheet label goes: its centre, baseline and widest extent (mm)."""

    x: float
    y: float
    width: float


@dataclass(frozen=True)
class Layout:
    """The geometry of every sheet of one print job (all pages share it)."""

    spec: SheetSpec
    orientation: Orientation
    page_w: float
    page_h: float
    cols: int
    rows: int
    face_slots: tuple[Slot, ...]
    back_slots: tuple[Slot, ...]
    """Where each face slot's back goes: on the next page (duplex) or on the
    same page across the fold (fold); empty when backs are not printed."""
    cut_x: tuple[float, ...]
    cut_y: tuple[float, ...]
    crop_marks: tuple[Segment, ...]
    fold_line: Segment | None = None
    fold_axis: Literal["vertical", "horizontal"] | None = None
    back_mirror: Literal["columns", "rows"] | None = None
    notes: tuple[str, ...] = field(default=())
    """What the layout gave up to keep every mark printable, said to the user."""
    cut_guides: tuple[Segment, ...] = ()
    """Full-length cut lines (``--cut-lines``), inside the printable area."""
    label: LabelSpot | None = None
    back_label: LabelSpot | None = None
    unmarked: tuple[float, ...] = ()
    """Cut positions (mm) left without two printable marks and without guides."""
    registration: tuple[tuple[float, float, float, float], ...] = ()
    """A cutting machine's registration marks on face pages: filled rectangles (mm)."""

    def __repr__(self) -> str:
        return f"<Layout {self.describe()}>"

    @property
    def per_page(self) -> int:
        return len(self.face_slots)

    @property
    def card(self) -> Size:
        return self.spec.card

    def describe(self) -> str:
        """``9 poker-size cards (3×3, 63.5×88.9 mm) a page, A4 portrait``."""
        fold = f", {self.fold_axis} fold" if self.fold_axis else ""
        return (
            f"{self.per_page} cards a page ({self.cols}×{self.rows}, {self.card.label}), "
            f"{self.spec.paper.upper() if self.spec.paper != 'letter' else 'Letter'} {self.orientation}{fold}"
        )

    def trim_box(self) -> tuple[float, float, float, float]:
        """Bounding box (mm) of every card's trim on a face page."""
        return _bbox(
            [s.grown(0) for s in self.face_slots + (self.back_slots if self.fold_axis else ())]
        )

    def bleed_box(self) -> tuple[float, float, float, float]:
        b = self.spec.bleed
        return _bbox(
            [s.grown(b) for s in self.face_slots + (self.back_slots if self.fold_axis else ())]
        )

    def back_page_boxes(self) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """Trim and bleed boxes of a duplex back page."""
        b = self.spec.bleed
        return _bbox([s.grown(0) for s in self.back_slots]), _bbox(
            [s.grown(b) for s in self.back_slots]
        )

    def as_dict(self) -> dict[str, object]:
        """A JSON-friendly summary (positions in mm)."""
        return {
            "paper": self.spec.paper,
            "orientation": self.orientation,
            "page_mm": [round(self.page_w, 3), round(self.page_h, 3)],
            "card_mm": [self.card.w, self.card.h],
            "bleed_mm": self.spec.bleed,
            "gutter_mm": self.spec.gutter,
            "cols": self.cols,
            "rows": self.rows,
            "per_page": self.per_page,
            "backs": self.spec.backs,
            "flip": self.spec.flip,
            "back_offset_mm": list(self.spec.back_offset),
            "fold": self.fold_axis,
            "printer_margin_mm": self.spec.printer_margin,
            "notes": list(self.notes),
            "faces": [[round(s.x, 3), round(s.y, 3)] for s in self.face_slots],
            "backs_at": [[round(s.x, 3), round(s.y, 3), s.rotated] for s in self.back_slots],
        }


def _bbox(rects: Sequence[tuple[float, float, float, float]]) -> tuple[float, float, float, float]:
    return (
        min(r[0] for r in rects),
        min(r[1] for r in rects),
        max(r[2] for r in rects),
        max(r[3] for r in rects),
    )


def _fit(space: float, cell: float, gutter: float) -> int:
    """How many cells of ``cell`` mm, ``gutter`` apart, fit in ``space`` mm."""
    if space + EPS < cell:
        return 0
    return math.floor((space + gutter + EPS) / (cell + gutter))


def _page(paper: str, orientation: Orientation) -> Size:
    size = PAPERS[paper]
    return size if orientation == "portrait" else size.rotated()


def _grid(
    x0: float, x1: float, y0: float, y1: float, cols: int, rows: int, spec: SheetSpec
) -> list[Slot]:
    """Slots centred in the region [x0,x1]×[y0,y1], row-major from the top-left."""
    b, g, card = spec.bleed, spec.gutter, spec.card
    cell_w, cell_h = card.w + 2 * b, card.h + 2 * b
    block_w = cols * cell_w + (cols - 1) * g
    block_h = rows * cell_h + (rows - 1) * g
    left = (x0 + x1) / 2 - block_w / 2
    top = (y0 + y1) / 2 + block_h / 2
    slots: list[Slot] = []
    for r in range(rows):
        for c in range(cols):
            x = left + c * (cell_w + g) + b
            y = top - r * (cell_h + g) - b - card.h
            slots.append(Slot(len(slots), c, r, x, y, card.w, card.h))
    return slots


def _cuts(values: list[float]) -> tuple[float, ...]:
    out: list[float] = []
    for v in sorted(values):
        if not out or abs(v - out[-1]) > 1e-4:
            out.append(v)
    return tuple(out)


def _covered(
    slots: Sequence[Slot], bleed: float, along: str, at: float
) -> list[tuple[float, float]]:
    """The stretches of a cut line (``along`` x or y, at ``at``) that run over cards (with bleed)."""
    spans = []
    for sl in slots:
        x0, y0, x1, y1 = sl.grown(bleed)
        if along == "x" and y0 - EPS <= at <= y1 + EPS:
            spans.append((x0, x1))
        elif along == "y" and x0 - EPS <= at <= x1 + EPS:
            spans.append((y0, y1))
    spans.sort()
    merged: list[tuple[float, float]] = []
    for a, b in spans:
        if merged and a <= merged[-1][1] + EPS:
            merged[-1] = (merged[-1][0], max(merged[-1][1], b))
        else:
            merged.append((a, b))
    return merged


def _marks(
    slots: Sequence[Slot],
    cut_x: Sequence[float],
    cut_y: Sequence[float],
    page: Size,
    bleed: float,
    printer_margin: float,
) -> tuple[tuple[Segment, ...], tuple[float, ...]]:
    """Crop marks for every cut line, and the cut positions left without two of them.

    Each cut line is extended into the margins at both ends, clear of the
    cards and their bleed, and never into the band of ``printer_margin``
    along the paper edge. Where a margin is too narrow for a mark of
    ``MIN_MARK``, the line is marked in the gaps between cards it crosses
    instead (inner gutters, the fold gap). A line with fewer than two marks
    is returned as unmarked.
    """
    gap = max(MARK_GAP, bleed + 1.0)
    pm = printer_margin
    segments: list[Segment] = []
    unmarked: list[float] = []
    for along, cuts, high in (("y", cut_x, page.h), ("x", cut_y, page.w)):
        for at in cuts:
            spans = _covered(slots, bleed, along, at)
            if not spans:
                continue
            marks: list[tuple[float, float]] = []
            # Spans include the bleed; the marks keep ``gap`` from the trim.
            lo, hi = spans[0][0] + bleed - gap, spans[-1][1] - bleed + gap
            if lo - max(lo - MARK_LENGTH, pm) >= MIN_MARK - EPS:
                marks.append((max(lo - MARK_LENGTH, pm), lo))
            if min(hi + MARK_LENGTH, high - pm) - hi >= MIN_MARK - EPS:
                marks.append((hi, min(hi + MARK_LENGTH, high - pm)))
            if len(marks) < 2:
                for (_, a_end), (b_start, _) in itertools.pairwise(spans):
                    if b_start - a_end - 2 * INNER_CLEAR >= MIN_INNER_MARK - EPS:
                        marks.append((a_end + INNER_CLEAR, b_start - INNER_CLEAR))
            if len(marks) < 2:
                unmarked.append(round(at, 3))
            for a, b in marks:
                segments.append(Segment(at, a, at, b) if along == "y" else Segment(a, at, b, at))
    return tuple(segments), tuple(unmarked)


def _guides(
    cut_x: Sequence[float], cut_y: Sequence[float], page: Size, printer_margin: float
) -> tuple[Segment, ...]:
    """Full-length cut lines, stopping ``printer_margin`` short of the paper edge."""
    pm = printer_margin
    return tuple(Segment(x, pm, x, page.h - pm) for x in cut_x) + tuple(
        Segment(pm, y, page.w - pm, y) for y in cut_y
    )


def _label_spot(
    slots: Sequence[Slot], page: Size, spec: SheetSpec, lines: Sequence[Segment] = ()
) -> LabelSpot | None:
    """Room for the sheet label under the bottom row (else over the top row), in print.

    The label takes the widest stretch of that band that no crop mark, cut
    line or fold line crosses, keeping :data:`LABEL_CLEAR` from each, and
    stays out of the printer's dead band.
    """
    if not slots:
        return None
    pm = spec.printer_margin
    clear = spec.bleed + 0.8  # from the cards
    bottom = min(s.y for s in slots)
    top = max(s.top for s in slots)
    if bottom - clear - pm >= LABEL_HEIGHT - EPS:
        y0 = pm
    elif page.h - pm - (top + clear) >= LABEL_HEIGHT - EPS:
        y0 = page.h - pm - LABEL_HEIGHT
    else:
        return None
    y1 = y0 + LABEL_HEIGHT
    blocked: list[tuple[float, float]] = []
    for seg in lines:
        lo_y, hi_y = min(seg.y0, seg.y1), max(seg.y0, seg.y1)
        if hi_y >= y0 - LABEL_CLEAR and lo_y <= y1 + LABEL_CLEAR:
            blocked.append((min(seg.x0, seg.x1) - LABEL_CLEAR, max(seg.x0, seg.x1) + LABEL_CLEAR))
    a, b = _widest_gap(pm, page.w - pm, blocked)
    if b - a < MIN_LABEL_WIDTH - EPS:
        return None
    return LabelSpot((a + b) / 2, y0 + 0.6, b - a)


def _widest_gap(
    lo: float, hi: float, blocked: Sequence[tuple[float, float]]
) -> tuple[float, float]:
    """The widest stretch of ``lo``-``hi`` outside every ``blocked`` interval (leftmost of equals).

    >>> _widest_gap(0, 100, [(10, 12), (60, 61)])
    (12, 60)
    """
    best = (lo, lo)
    start = lo
    for a, b in sorted(blocked):
        if a > start and min(a, hi) - start > best[1] - best[0] + EPS:
            best = (start, min(a, hi))
        start = max(start, b)
    if hi - start > best[1] - best[0] + EPS:
        best = (start, hi)
    return best


def _mirror(
    slot: Slot,
    index: int,
    page: Size,
    how: Literal["columns", "rows"],
    cols: int,
    rows: int,
    offset: tuple[float, float],
    rotate: bool,
) -> Slot:
    if how == "columns":
        x, y, col, row = page.w - slot.right, slot.y, cols - 1 - slot.col, slot.row
    else:
        x, y, col, row = slot.x, page.h - slot.top, slot.col, rows - 1 - slot.row
    return Slot(index, col, row, x + offset[0], y + offset[1], slot.w, slot.h, rotate)


def _room(spec: SheetSpec) -> float:
    """The free band kept around the cards: the margin, and never less than the printer's
    (nor, for a cutting machine, than where its registration marks run)."""
    if spec.cut == "silhouette":
        edge = SILHOUETTE_INSET + SILHOUETTE_THICKNESS + SILHOUETTE_CLEAR + spec.bleed
        return max(spec.margin, spec.printer_margin, edge - spec.bleed)
    return max(spec.margin, spec.printer_margin)


def _capped(cols: int, rows: int, spec: SheetSpec) -> tuple[int, int]:
    if spec.grid is None:
        return cols, rows
    return min(cols, spec.grid[0]), min(rows, spec.grid[1])


def _duplex_layout(spec: SheetSpec, orientation: Orientation) -> Layout | None:
    page = _page(spec.paper, orientation)
    cell_w, cell_h = spec.card.w + 2 * spec.bleed, spec.card.h + 2 * spec.bleed
    cols = _fit(page.w - 2 * _room(spec), cell_w, spec.gutter)
    rows = _fit(page.h - 2 * _room(spec), cell_h, spec.gutter)
    cols, rows = _capped(cols, rows, spec)
    if cols <= 0 or rows <= 0:
        return None
    dx, dy = _past_the_square(spec, page, cols, rows)
    slots = _grid(2 * dx, page.w, 0, page.h - 2 * dy, cols, rows, spec)
    cut_x = _cuts([v for s in slots for v in (s.x, s.right)])
    cut_y = _cuts([v for s in slots for v in (s.y, s.top)])
    backs: list[Slot] = []
    mirror: Literal["columns", "rows"] | None = None
    if spec.backs == "duplex":
        # A long-edge flip turns a portrait sheet about its vertical axis, so
        # columns swap; a short-edge flip (or a landscape sheet flipped on its
        # long edge) turns it about the horizontal axis, so rows swap and the
        # backs come out upside down unless drawn turned.
        long_axis_vertical = orientation == "portrait"
        flips_columns = (spec.flip == "long") == long_axis_vertical
        mirror = "columns" if flips_columns else "rows"
        backs = [
            _mirror(s, s.index, page, mirror, cols, rows, spec.back_offset, rotate=mirror == "rows")
            for s in slots
        ]
    marks, unmarked = _furniture(slots, cut_x, cut_y, page, spec)
    guides = _guides(cut_x, cut_y, page, spec.printer_margin) if spec.cut_lines else ()
    return Layout(
        spec=spec,
        orientation=orientation,
        page_w=page.w,
        page_h=page.h,
        cols=cols,
        rows=rows,
        face_slots=tuple(slots),
        back_slots=tuple(backs),
        cut_x=cut_x,
        cut_y=cut_y,
        crop_marks=marks,
        back_mirror=mirror,
        cut_guides=guides,
        label=_label_spot(slots, page, spec, marks + guides),
        back_label=_label_spot(backs, page, spec) if backs else None,
        unmarked=unmarked,
        registration=silhouette_marks(page.w, page.h) if spec.cut == "silhouette" else (),
    )


def _furniture(
    slots: Sequence[Slot],
    cut_x: Sequence[float],
    cut_y: Sequence[float],
    page: Size,
    spec: SheetSpec,
) -> tuple[tuple[Segment, ...], tuple[float, ...]]:
    """Crop marks (when asked for) and the cut lines left unmarked (none with guides)."""
    if not spec.crop_marks:
        return (), ()
    marks, unmarked = _marks(slots, cut_x, cut_y, page, spec.bleed, spec.printer_margin)
    return marks, () if spec.cut_lines else unmarked


def _fold_layout(
    spec: SheetSpec, orientation: Orientation, axis: Literal["vertical", "horizontal"]
) -> Layout | None:
    page = _page(spec.paper, orientation)
    cell_w, cell_h = spec.card.w + 2 * spec.bleed, spec.card.h + 2 * spec.bleed
    room = _room(spec)
    if axis == "vertical":
        # Faces on the left half, backs mirrored on the right half.
        x0, x1 = room, page.w / 2 - FOLD_GAP
        y0, y1 = room, page.h - room
    else:
        # Faces on the top half, backs on the bottom half, upside down.
        x0, x1 = room, page.w - room
        y0, y1 = page.h / 2 + FOLD_GAP, page.h - room
    cols = _fit(x1 - x0, cell_w, spec.gutter)
    rows = _fit(y1 - y0, cell_h, spec.gutter)
    cols, rows = _capped(cols, rows, spec)
    if cols <= 0 or rows <= 0:
        return None
    slots = _grid(x0, x1, y0, y1, cols, rows, spec)
    if axis == "vertical":
        backs = [_mirror(s, s.index, page, "columns", cols, rows, (0.0, 0.0), False) for s in slots]
        fold = Segment(page.w / 2, 0.0, page.w / 2, page.h)
    else:
        backs = [_mirror(s, s.index, page, "rows", cols, rows, (0.0, 0.0), True) for s in slots]
        fold = Segment(0.0, page.h / 2, page.w, page.h / 2)
    every = slots + backs
    cut_x = _cuts([v for s in every for v in (s.x, s.right)])
    cut_y = _cuts([v for s in every for v in (s.y, s.top)])
    marks, unmarked = _furniture(every, cut_x, cut_y, page, spec)
    guides = _guides(cut_x, cut_y, page, spec.printer_margin) if spec.cut_lines else ()
    fold_line = _inside(fold, page, spec.printer_margin)
    return Layout(
        spec=spec,
        orientation=orientation,
        page_w=page.w,
        page_h=page.h,
        cols=cols,
        rows=rows,
        face_slots=tuple(slots),
        back_slots=tuple(backs),
        cut_x=cut_x,
        cut_y=cut_y,
        crop_marks=marks,
        fold_line=fold_line,
        fold_axis=axis,
        back_mirror="columns" if axis == "vertical" else "rows",
        cut_guides=guides,
        label=_label_spot(every, page, spec, (*marks, *guides, fold_line)),
        unmarked=unmarked,
    )


def _inside(seg: Segment, page: Size, pm: float) -> Segment:
    """``seg`` clipped to the printable area (axis-parallel segments only)."""
    return Segment(
        min(max(seg.x0, pm), page.w - pm),
        min(max(seg.y0, pm), page.h - pm),
        min(max(seg.x1, pm), page.w - pm),
        min(max(seg.y1, pm), page.h - pm),
    )


def _candidates(spec: SheetSpec) -> list[Layout]:
    orientations: tuple[Orientation, ...] = (
        ("portrait", "landscape") if spec.orientation == "auto" else (spec.orientation,)
    )
    found: list[Layout] = []
    for orientation in orientations:
        if spec.backs == "fold":
            axes: tuple[Literal["vertical", "horizontal"], ...] = ("vertical", "horizontal")
            for axis in axes:
                layout = _fold_layout(spec, orientation, axis)
                if layout:
                    found.append(layout)
        else:
            layout = _duplex_layout(spec, orientation)
            if layout:
                found.append(layout)
    return found


def _smaller(layout: Layout) -> list[Layout]:
    """The same sheet with fewer columns or rows, most cards first."""
    out: list[Layout] = []
    for cols in range(layout.cols, 0, -1):
        for rows in range(layout.rows, 0, -1):
            if (cols, rows) == (layout.cols, layout.rows):
                continue
            spec = replace(layout.spec, orientation=layout.orientation, grid=(cols, rows))
            out.extend(c for c in _candidates(spec) if c.fold_axis == layout.fold_axis)
    return sorted(out, key=lambda c: -c.per_page)


def impose(spec: SheetSpec) -> Layout:
    """The best layout for ``spec``: the most cards a page whose cut lines all print.

    ``orientation="auto"`` tries portrait then landscape and keeps the one
    holding more cards (portrait on a tie). Fold sheets also try both fold
    directions (vertical first). A layout whose crop marks would fall in
    the printer's dead band (``printer_margin``) loses to one whose marks
    print; failing that, fewer cards a page make room for them, and the
    layout's ``notes`` say what was given up. A card that fits nowhere is
    an error.

    >>> impose(SheetSpec(card=CARD_SIZES["poker"], bleed=3)).describe()
    '8 cards a page (4×2, 63.5×88.9 mm), A4 landscape'
    >>> impose(SheetSpec(backs="fold")).describe()
    '4 cards a page (2×2, 63.5×88.9 mm), A4 landscape, vertical fold'
    >>> impose(SheetSpec(paper="letter")).describe()
    '8 cards a page (4×2, 63.5×88.9 mm), Letter landscape'
    """
    candidates = _candidates(spec)
    if not candidates:
        where = spec.paper.upper() if spec.paper != "letter" else "Letter"
        turn = "" if spec.orientation == "auto" else f" {spec.orientation}"
        extra = f" with {_num(spec.bleed)} mm bleed" if spec.bleed else ""
        fold = " folded in half" if spec.backs == "fold" else ""
        raise CompanionError(
            f"a {spec.card.label} card{extra} does not fit on {where}{turn} paper{fold} "
            f"with {_num(_room(spec))} mm margins"
        )
    if spec.cut == "silhouette":
        # The top-left square reaches further in than the L marks: a grid that
        # comes too close to that corner takes a row or column fewer.
        clear = [c for c in candidates if _clear_of_marks(c)]
        clear += [s for c in candidates if not _clear_of_marks(c) for s in _smaller(c)]
        candidates = [c for c in clear if _clear_of_marks(c)] or candidates
    most = max(c.per_page for c in candidates)
    best = _best(candidates)
    if best.unmarked:
        fewer = [c for cand in candidates for c in _smaller(cand) if not c.unmarked]
        if fewer:
            best = _best(fewer)
    notes: list[str] = []
    if best.per_page < most:
        notes.append(
            f"{most} cards a page would put crop marks within {_num(spec.printer_margin)} mm "
            f"of the paper edge, where printers cannot print: {best.per_page} a page instead "
            "(--cut-lines keeps the most cards, with full-length guides)"
        )
    elif best.unmarked:
        notes.append(
            f"{len(best.unmarked)} cut lines have no room for crop marks inside the printable "
            f"area ({_num(spec.printer_margin)} mm from the edge); add --cut-lines or a --gutter"
        )
    if best.label is None:
        notes.append("no margin has room for the sheet label inside the printable area")
    return replace(best, notes=tuple(notes)) if notes else best


def _best(candidates: Sequence[Layout]) -> Layout:
    """Fully marked first, then the most cards; the first of equals (portrait, vertical fold)."""
    top = max(candidates, key=lambda c: (not c.unmarked, c.per_page))
    return next(
        c for c in candidates if (not c.unmarked, c.per_page) == (not top.unmarked, top.per_page)
    )


SILHOUETTE_INSET = 10.0
"""Where Silhouette Studio looks for its registration marks (Type 1): this far (mm)
from the paper's edges, the smallest inset it allows."""
SILHOUETTE_SQUARE = 5.0
"""The filled square in the top-left corner (mm a side)."""
SILHOUETTE_LENGTH = 20.0
"""Each leg of the L-shaped marks in the top-right and bottom-left corners (mm)."""
SILHOUETTE_THICKNESS = 0.5
"""Line width of the L-shaped marks (mm)."""
SILHOUETTE_CLEAR = 1.0
"""Space (mm) every card and its bleed keeps from a registration mark."""

Rect = tuple[float, float, float, float]


def silhouette_marks(page_w: float, page_h: float) -> tuple[Rect, ...]:
    """The filled rectangles (x0, y0, x1, y1 mm) of Silhouette Studio's Type 1 registration
    marks on a page: the square top left, the L top right and the L bottom left.

    >>> silhouette_marks(210, 297)[0]
    (10.0, 282.0, 15.0, 287.0)
    """
    i, sq, ln, t = SILHOUETTE_INSET, SILHOUETTE_SQUARE, SILHOUETTE_LENGTH, SILHOUETTE_THICKNESS
    w, h = page_w, page_h
    return (
        (i, h - i - sq, i + sq, h - i),
        (w - i - ln, h - i - t, w - i, h - i),
        (w - i - t, h - i - ln, w - i, h - i),
        (i, i, i + ln, i + t),
        (i, i, i + t, i + ln),
    )


def _clear_of_marks(layout: Layout) -> bool:
    """Whether no card (with its bleed) comes within :data:`SILHOUETTE_CLEAR` of a mark."""
    c = SILHOUETTE_CLEAR
    b = layout.spec.bleed
    for x0, y0, x1, y1 in layout.registration:
        for s in layout.face_slots:
            a0, b0, a1, b1 = s.grown(b)
            if a0 < x1 + c and x0 - c < a1 and b0 < y1 + c and y0 - c < b1:
                return False
    return True


def _past_the_square(spec: SheetSpec, page: Size, cols: int, rows: int) -> tuple[float, float]:
    """How far (mm) to move a centred grid right or down so it clears Silhouette's
    top-left square, when the other side has the room; (0, 0) otherwise."""
    if spec.cut != "silhouette":
        return 0.0, 0.0
    cell_w, cell_h = spec.card.w + 2 * spec.bleed, spec.card.h + 2 * spec.bleed
    left = (page.w - cols * cell_w - (cols - 1) * spec.gutter) / 2
    top = (page.h - rows * cell_h - (rows - 1) * spec.gutter) / 2
    need = SILHOUETTE_INSET + SILHOUETTE_SQUARE + SILHOUETTE_CLEAR
    side = SILHOUETTE_INSET + SILHOUETTE_THICKNESS + SILHOUETTE_CLEAR
    if left >= need or top >= need:
        return 0.0, 0.0
    if left - (need - left) >= side:
        return need - left, 0.0
    if top - (need - top) >= side:
        return 0.0, need - top
    return 0.0, 0.0


def for_cutter(spec: SheetSpec) -> SheetSpec:
    """``spec`` as a cutting machine cuts it: one layout for every sheet (its one cut
    file fits them all), so cards keep the gutter of sheets that mix backs, and no crop
    marks (the machine finds its registration marks instead).

    >>> for_cutter(SheetSpec(cut="silhouette")).gutter
    4.0
    """
    gutter = spec.gutter
    if spec.backs != "none":
        gutter = max(gutter, 2 * BACK_BLEED - 2 * spec.bleed)
    return replace(spec, gutter=gutter, crop_marks=False)


def back_gap(spec: SheetSpec) -> float:
    """The space (mm) between the trims of two neighbouring cards: the gutter and both bleeds."""
    return spec.gutter + 2 * spec.bleed


def separated(layout: Layout) -> Layout | None:
    """The layout for a sheet that holds cards of different backs, or ``None`` when
    ``layout`` already keeps them apart.

    Cards of different backs never touch: a drifted duplex print or an
    inexact cut would leave a strip of the neighbour's back on a card and
    mark it. Such a sheet keeps a gutter wide enough for each back's art to
    run :data:`BACK_BLEED` past its own cut lines without reaching the
    next card's, in the same orientation as ``layout`` (one PDF prints with
    one duplex setting), with fewer cards a page when the gutter needs it.

    >>> lay = separated(impose(SheetSpec()))
    >>> lay.describe(), lay.spec.gutter
    ('9 cards a page (3×3, 63.5×88.9 mm), A4 portrait', 4.0)
    >>> separated(impose(SheetSpec(bleed=3))) is None
    True
    """
    spec = layout.spec
    if back_gap(spec) >= 2 * BACK_BLEED - EPS:
        return None
    wide = replace(
        spec, gutter=2 * BACK_BLEED - 2 * spec.bleed, orientation=layout.orientation, grid=None
    )
    try:
        return impose(wide)
    except CompanionError:
        return None


def art_boxes(
    slots: Sequence[Slot], reach: float, page: Size
) -> dict[int, tuple[float, float, float, float]]:
    """Where each back's art ends (x0, y0, x1, y1 in mm), by slot index.

    Each back runs ``reach`` mm past its trim, but only halfway to a
    neighbour closer than twice that (two cards of one back then meet in
    the gap; cards of different backs are kept far enough apart by
    :func:`separated`), and never off the paper.

    >>> row = [Slot(0, 0, 0, 10, 10, 60, 80), Slot(1, 1, 0, 70, 10, 60, 80)]
    >>> art_boxes(row, 2, Size(210, 297))[0]
    (8, 8, 70.0, 92)
    """
    out: dict[int, tuple[float, float, float, float]] = {}
    for s in slots:
        left = right = below = above = reach
        for o in slots:
            if o is s:
                continue
            if o.y < s.top - EPS and s.y < o.top - EPS:  # side by side
                if o.right <= s.x + EPS:
                    left = min(left, (s.x - o.right) / 2)
                elif o.x >= s.right - EPS:
                    right = min(right, (o.x - s.right) / 2)
            if o.x < s.right - EPS and s.x < o.right - EPS:  # one above the other
                if o.top <= s.y + EPS:
                    below = min(below, (s.y - o.top) / 2)
                elif o.y >= s.top - EPS:
                    above = min(above, (o.y - s.top) / 2)
        out[s.index] = (
            max(s.x - left, 0.0),
            max(s.y - below, 0.0),
            min(s.right + right, page.w),
            min(s.top + above, page.h),
        )
    return out


T = TypeVar("T")


def paginate(items: Sequence[T], per_page: int) -> list[list[T]]:
    """Split ``items`` into pages of ``per_page`` (the last one may be short).

    >>> paginate(list("abcde"), 2)
    [['a', 'b'], ['c', 'd'], ['e']]
    """
    if per_page <= 0:
        raise ValueError("per_page must be positive")
    return [list(items[i : i + per_page]) for i in range(0, len(items), per_page)]
