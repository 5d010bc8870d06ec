"""What a card face puts where: boxes, text and icons, for the layout check.

While a canvas carries a :class:`Probe` (``attach``), the drawing code
reports what it draws in card coordinates: every line of text
(:func:`companion.printing.card_text.draw_line`, a body's block), every
vector icon, and the regions a face reserves (title band, badge, text box,
corner index...), nested as drawn. :func:`Probe.problems` then lists what a
person would call a layout fault:

* text outside the region it was drawn in (a word poking out of its badge);
* two texts, or a text and an icon, overlapping (``BLIND`` over the chip);
* two sibling regions overlapping (a corner index touching the text box, a
  badge over the title) or a region outside its parent (a badge poking out
  of the frame).

Without a probe nothing is recorded and drawing costs nothing extra.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

Rect = tuple[float, float, float, float]

TOLERANCE = 0.35
"""Points of overlap forgiven: anti-aliasing, glyph side bearings."""
CLEARANCE = 1.0
"""Points two neighbouring boxes keep between them: closer, they look stuck together."""


@dataclass
class Region:
    name: str
    rect: Rect
    parent: Region | None
    solid: bool = True
    """A solid region may not overlap its siblings; a loose one (a band that badges sit on) may."""
    fitted: bool = False
    """Its rectangle is what was drawn in it (a corner index), not a box laid out first."""
    children: list[Region] = field(default_factory=list)

    def path(self) -> str:
        names = []
        node: Region | None = self
        while node is not None:
            names.append(node.name)
            node = node.parent
        return "/".join(reversed(names))


@dataclass(frozen=True)
class Mark:
    kind: str  # text or icon
    label: str
    rect: Rect
    region: Region


def _within(node: Region | None, ancestor: Region) -> bool:
    while node is not None:
        if node is ancestor:
            return True
        node = node.parent
    return False


def _apply(m: tuple[float, ...], x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _bbox(m: tuple[float, ...], rect: Rect) -> Rect:
    x0, y0, x1, y1 = rect
    pts = [_apply(m, x, y) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))


def _overlap(a: Rect, b: Rect, tol: float = TOLERANCE) -> bool:
    return a[0] < b[2] - tol and b[0] < a[2] - tol and a[1] < b[3] - tol and b[1] < a[3] - tol


def _inside(inner: Rect, outer: Rect, tol: float = TOLERANCE) -> bool:
    return (
        inner[0] >= outer[0] - tol
        and inner[1] >= outer[1] - tol
        and inner[2] <= outer[2] + tol
        and inner[3] <= outer[3] + tol
    )


class Probe:
    """Collects regions and marks in the coordinates of the canvas it was attached under."""

    def __init__(self, card: Rect) -> None:
        self.root = Region("card", card, None, solid=False)
        self.current = self.root
        self.marks: list[Mark] = []
        self.origin: tuple[float, ...] = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

    def _to_card(self, c: Any, rect: Rect) -> Rect:
        """``rect`` in the canvas's current user space, as card coordinates."""
        a, b, cc, d, e, f = self.origin
        det = a * d - b * cc
        inv = (d / det, -b / det, -cc / det, a / det, (cc * f - d * e) / det, (b * e - a * f) / det)
        page = _bbox(tuple(c._currentMatrix), rect)
        return _bbox(inv, page)

    def open(self, c: Any, name: str, rect: Rect | None, solid: bool = True) -> None:
        """Enter region ``name``; ``rect=None`` makes it as large as what is drawn in it."""
        box = self._to_card(c, rect) if rect is not None else (0.0, 0.0, 0.0, 0.0)
        region = Region(name, box, self.current, solid, fitted=rect is None)
        self.current.children.append(region)
        self.current = region

    def close(self) -> None:
        region = self.current
        if region.parent is None:
            return
        if region.fitted:
            inside = [m.rect for m in self.marks if _within(m.region, region)]
            if inside:
                region.rect = (
                    min(r[0] for r in inside),
                    min(r[1] for r in inside),
                    max(r[2] for r in inside),
                    max(r[3] for r in inside),
                )
            else:
                region.parent.children.remove(region)
        self.current = region.parent

    def mark(self, c: Any, kind: str, label: str, rect: Rect) -> None:
        self.marks.append(Mark(kind, label, self._to_card(c, rect), self.current))

    # -- the check ---------------------------------------------------------

    def problems(self) -> list[str]:
        out: list[str] = []
        for mark in self.marks:
            if mark.kind == "text" and not _inside(mark.rect, mark.region.rect):
                out.append(f"text '{mark.label}' runs outside {mark.region.path()}")
        for i, a in enumerate(self.marks):
            for b in self.marks[i + 1 :]:
                if a.kind == b.kind == "icon":
                    continue  # icons may be layered on purpose (a suit on a court panel)
                if _overlap(a.rect, b.rect):
                    out.append(f"{a.kind} '{a.label}' overlaps {b.kind} '{b.label}'")
        self._regions(self.root, out)
        return out

    def _regions(self, node: Region, out: list[str]) -> None:
        for child in node.children:
            if node.parent is not None and not _inside(child.rect, node.rect):
                out.append(f"{child.path()} pokes out of {node.path()}")
            self._regions(child, out)
        solid = [r for r in node.children if r.solid]
        for i, a in enumerate(solid):
            for b in solid[i + 1 :]:
                if _overlap(a.rect, b.rect, -CLEARANCE):
                    out.append(f"{a.path()} overlaps or touches {b.path()}")
        # What is drawn in one region stays out of that region's solid siblings.
        for mark in self.marks:
            if mark.region.parent is node:
                for r in solid:
                    if r is not mark.region and _overlap(mark.rect, r.rect):
                        out.append(
                            f"{mark.kind} '{mark.label}' in {mark.region.path()} "
                            f"overlaps {r.path()}"
                        )


def probe_of(c: Any) -> Probe | None:
    return getattr(c, "_companion_probe", None)


def attach(c: Any, card: Rect) -> Probe:
    """Start recording on ``c``; ``card`` is the trim in the current coordinates."""
    probe = Probe(card)
    probe.origin = tuple(c._currentMatrix)
    c._companion_probe = probe
    return probe


@contextmanager
def region(c: Any, name: str, rect: Rect | None, *, solid: bool = True) -> Iterator[None]:
    """Everything drawn inside belongs to ``name``, which covers ``rect`` (x0, y0, x1, y1)."""
    probe = probe_of(c)
    if probe is None:
        yield
        return
    probe.open(c, name, rect, solid)
    try:
        yield
    finally:
        probe.close()


def mark(c: Any, kind: str, label: str, rect: Rect) -> None:
    probe = probe_of(c)
    if probe is not None:
        probe.mark(c, kind, label, rect)


def enter(c: Any, name: str, rect: Rect | None, *, solid: bool = True) -> None:
    """Like :func:`region`, for code whose region spans many statements; pair with :func:`leave`."""
    probe = probe_of(c)
    if probe is not None:
        probe.open(c, name, rect, solid)


def leave(c: Any) -> None:
    probe = probe_of(c)
    if probe is not None:
        probe.close()


@contextmanager
def unmarked(c: Any) -> Iterator[None]:
    """Draw without recording: a background the marks sit on by design (a badge's gem)."""
    probe = probe_of(c)
    c._companion_probe = None
    try:
        yield
    finally:
        c._companion_probe = probe


def checkpoint(c: Any) -> tuple[Region, int, int] | None:
    """What the probe on ``c`` holds now, to go back to with :func:`rollback`."""
    probe = probe_of(c)
    if probe is None:
        return None
    return probe.current, len(probe.current.children), len(probe.marks)


def rollback(c: Any, saved: tuple[Region, int, int] | None) -> None:
    """Forget what was reported since :func:`checkpoint` (a drawing taken back)."""
    probe = probe_of(c)
    if probe is None or saved is None:
        return
    current, children, marks = saved
    probe.current = current
    del current.children[children:]
    del probe.marks[marks:]
