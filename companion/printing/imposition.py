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

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
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

MARK_LENGTH = 5.0
MARK_GAP = 2.0
FOLD_GAP = 3.0
"""Space (mm) between the fold line and the nearest card of each half."""


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

    def __post_init__(self) -> None:
        if self.paper not in PAPERS:
            parse_paper(self.paper)
        for name in ("bleed", "gutter", "margin"):
            value = getattr(self, name)
            if not math.isfinite(value) or value < 0 or value > 50:
                raise CompanionError(f"--{name} {value:g} is out of range (0-50 mm)")
        if self.backs not in ("duplex", "fold", "none"):
            raise CompanionError(f"unknown backs mode '{self.backs}' (duplex, fold, none)")
        if self.flip not in ("long", "short"):
            raise CompanionError(f"unknown flip '{self.flip}' (long, short)")
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


def _marks(
    slots: Sequence[Slot], cut_x: Sequence[float], cut_y: Sequence[float], page: Size, bleed: float
) -> tuple[Segment, ...]:
    """Short marks extending every cut line into the margins, clear of the cards."""
    gap = max(MARK_GAP, bleed + 1.0)
    left = min(s.x for s in slots) - gap
    right = max(s.right for s in slots) + gap
    bottom = min(s.y for s in slots) - gap
    top = max(s.top for s in slots) + gap
    segments: list[Segment] = []
    for x in cut_x:
        if top + 0.5 <= page.h:
            segments.append(Segment(x, top, x, min(top + MARK_LENGTH, page.h)))
        if bottom - 0.5 >= 0:
            segments.append(Segment(x, max(bottom - MARK_LENGTH, 0.0), x, bottom))
    for y in cut_y:
        if left - 0.5 >= 0:
            segments.append(Segment(max(left - MARK_LENGTH, 0.0), y, left, y))
        if right + 0.5 <= page.w:
            segments.append(Segment(right, y, min(right + MARK_LENGTH, page.w), y))
    return tuple(segments)


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


def _duplex_layout(spec: SheetSpec, orientation: Orientation) -> Layout | None:
    page = _page(spec.paper, orientation)
    cell_w, cell_h = spec.card.w + 2 * spec.bleed, spec.card.h + 2 * spec.bleed
    cols = _fit(page.w - 2 * spec.margin, cell_w, spec.gutter)
    rows = _fit(page.h - 2 * spec.margin, cell_h, spec.gutter)
    if cols == 0 or rows == 0:
        return None
    slots = _grid(0, page.w, 0, page.h, cols, rows, spec)
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
    marks = _marks(slots, cut_x, cut_y, page, spec.bleed) if spec.crop_marks else ()
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
    )


def _fold_layout(
    spec: SheetSpec, orientation: Orientation, axis: Literal["vertical", "horizontal"]
) -> Layout | None:
    page = _page(spec.paper, orientation)
    cell_w, cell_h = spec.card.w + 2 * spec.bleed, spec.card.h + 2 * spec.bleed
    if axis == "vertical":
        # Faces on the left half, backs mirrored on the right half.
        x0, x1 = spec.margin, page.w / 2 - FOLD_GAP
        y0, y1 = spec.margin, page.h - spec.margin
    else:
        # Faces on the top half, backs on the bottom half, upside down.
        x0, x1 = spec.margin, page.w - spec.margin
        y0, y1 = page.h / 2 + FOLD_GAP, page.h - spec.margin
    cols = _fit(x1 - x0, cell_w, spec.gutter)
    rows = _fit(y1 - y0, cell_h, spec.gutter)
    if cols == 0 or rows == 0:
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
    marks = _marks(every, cut_x, cut_y, page, spec.bleed) if spec.crop_marks else ()
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
        fold_line=fold,
        fold_axis=axis,
        back_mirror="columns" if axis == "vertical" else "rows",
    )


def impose(spec: SheetSpec) -> Layout:
    """The best layout for ``spec``: the most cards a page.

    ``orientation="auto"`` tries portrait then landscape and keeps the one
    holding more cards (portrait on a tie). Fold sheets also try both fold
    directions (vertical first). A card that fits nowhere is an error.

    >>> impose(SheetSpec(card=CARD_SIZES["poker"], bleed=3)).describe()
    '8 cards a page (4×2, 63.5×88.9 mm), A4 landscape'
    >>> impose(SheetSpec(backs="fold")).describe()
    '4 cards a page (2×2, 63.5×88.9 mm), A4 landscape, vertical fold'
    """
    orientations: tuple[Orientation, ...] = (
        ("portrait", "landscape") if spec.orientation == "auto" else (spec.orientation,)
    )
    candidates: list[Layout] = []
    for orientation in orientations:
        if spec.backs == "fold":
            axes: tuple[Literal["vertical", "horizontal"], ...] = ("vertical", "horizontal")
            for axis in axes:
                found = _fold_layout(spec, orientation, axis)
                if found:
                    candidates.append(found)
        else:
            found = _duplex_layout(spec, orientation)
            if found:
                candidates.append(found)
    if not candidates:
        where = spec.paper.upper() if spec.paper != "letter" else "Letter"
        turn = "" if spec.orientation == "auto" else f" {spec.orientation}"
        extra = f" with {_num(spec.bleed)} mm bleed" if spec.bleed else ""
        fold = " folded in half" if spec.backs == "fold" else ""
        raise CompanionError(
            f"a {spec.card.label} card{extra} does not fit on {where}{turn} paper{fold} "
            f"with {_num(spec.margin)} mm margins"
        )
    best = max(c.per_page for c in candidates)
    return next(c for c in candidates if c.per_page == best)


T = TypeVar("T")


def paginate(items: Sequence[T], per_page: int) -> list[list[T]]:
    """Split ``items`` into pages of ``per_page`` (the last one may be short).

    >>> paginate(list("abcde"), 2)
    [['a', 'b'], ['c', 'd'], ['e']]
    """
    if per_page <= 0:
        raise ValueError("per_page must be positive")
    return [list(items[i : i + per_page]) for i in range(0, len(items), per_page)]
