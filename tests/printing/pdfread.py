"""Read back what a card sheet PDF draws: card placements, lines, boxes, text.

Only the page-level content stream is walked (backs are form XObjects
placed with ``cm`` + ``Do``; faces are drawn in the page inside a
``/Card <</Id (face.ID)>> BDC`` marked sequence whose first rectangle is
their bleed box; crop marks are ``m``/``l``/``S`` lines drawn without a
transform), which is enough to check positions to a
hundredth of a millimetre without trusting the code that wrote them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pypdf
from pypdf.generic import ContentStream

PT_TO_MM = 25.4 / 72.0


@dataclass(frozen=True)
class Placement:
    """A form drawn on a page: its name and the box (mm) its trim lands in."""

    name: str
    x0: float
    y0: float
    x1: float
    y1: float
    rotated: bool
    art: tuple[float, float, float, float] | None = None
    """For a form: the clip rectangle (mm) it is drawn inside, when one is set."""

    @property
    def kind(self) -> str:
        return self.name.split(".")[0]

    @property
    def card(self) -> str:
        return self.name.split(".", 1)[1]


@dataclass(frozen=True)
class Line:
    x0: float
    y0: float
    x1: float
    y1: float


def _mul(m: list[float], n: list[float]) -> list[float]:
    """m then n (PDF: the new CTM is m × CTM)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return [
        a * A + b * C,
        a * B + b * D,
        c * A + d * C,
        c * B + d * D,
        e * A + f * C + E,
        e * B + f * D + F,
    ]


def _apply(m: list[float], x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


class SheetPdf:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.reader = pypdf.PdfReader(str(path))

    @property
    def pages(self) -> list[pypdf.PageObject]:
        return list(self.reader.pages)

    def form_bbox(self, page_index: int, name: str) -> list[float]:
        xobjects = self.reader.pages[page_index]["/Resources"]["/XObject"]
        return [float(v) for v in xobjects["/FormXob." + name].get_object()["/BBox"]]

    def walk(self, page_index: int) -> tuple[list[Placement], list[Line]]:
        page = self.reader.pages[page_index]
        xobjects = page["/Resources"].get("/XObject", {})
        content = ContentStream(page.get_contents(), self.reader)
        ctm = [1.0, 0, 0, 1.0, 0, 0]
        stack: list[list[float]] = []
        clip: tuple[float, float, float, float] | None = None
        clips: list[tuple[float, float, float, float] | None] = []
        rect: tuple[float, float, float, float] | None = None
        placements: list[Placement] = []
        lines: list[Line] = []
        current: tuple[float, float] | None = None
        pending: list[Line] = []
        marked: str | None = None
        for operands, op in content.operations:
            if op == b"q":
                stack.append(ctm)
                clips.append(clip)
            elif op == b"Q":
                ctm = stack.pop()
                clip = clips.pop()
            elif op in (b"W", b"W*") and rect is not None:
                clip = rect
            elif op == b"cm":
                ctm = _mul([float(v) for v in operands], ctm)
            elif op == b"Do":
                name = str(operands[0])
                if not name.startswith("/FormXob."):
                    continue
                short = name[len("/FormXob.") :]
                if not short.startswith(("face.", "back.")):
                    continue  # an icon or pattern tile inside a card
                bbox = [float(v) for v in xobjects[name].get_object()["/BBox"]]
                # The trim is the bbox shrunk by the bleed: bbox is (-b, -b, w+b, h+b).
                b = -bbox[0]
                corners = [
                    _apply(ctm, bbox[0] + b, bbox[1] + b),
                    _apply(ctm, bbox[2] - b, bbox[3] - b),
                ]
                xs = [p[0] * PT_TO_MM for p in corners]
                ys = [p[1] * PT_TO_MM for p in corners]
                placements.append(
                    Placement(short, min(xs), min(ys), max(xs), max(ys), ctm[0] < 0, clip)
                )
            elif op == b"BDC" and str(operands[0]) == "/Card":
                # A face drawn into the page: its clip rectangle is the bleed box.
                marked = str(operands[1]["/Id"])
            elif op == b"re" and marked is not None:
                x, y, w, h = (float(v) for v in operands)
                b = -x
                corners = [_apply(ctm, x + b, y + b), _apply(ctm, x + w - b, y + h - b)]
                xs = [p[0] * PT_TO_MM for p in corners]
                ys = [p[1] * PT_TO_MM for p in corners]
                placements.append(Placement(marked, min(xs), min(ys), max(xs), max(ys), ctm[0] < 0))
                marked = None
            elif op == b"re":
                x, y, w, h = (float(v) for v in operands)
                corners = [_apply(ctm, x, y), _apply(ctm, x + w, y + h)]
                rect = (
                    min(p[0] for p in corners) * PT_TO_MM,
                    min(p[1] for p in corners) * PT_TO_MM,
                    max(p[0] for p in corners) * PT_TO_MM,
                    max(p[1] for p in corners) * PT_TO_MM,
                )
            elif op == b"m":
                current = _apply(ctm, float(operands[0]), float(operands[1]))
            elif op == b"l" and current is not None:
                end = _apply(ctm, float(operands[0]), float(operands[1]))
                pending.append(
                    Line(
                        current[0] * PT_TO_MM,
                        current[1] * PT_TO_MM,
                        end[0] * PT_TO_MM,
                        end[1] * PT_TO_MM,
                    )
                )
                current = end
            elif op == b"S":
                lines.extend(pending)
                pending = []
            elif op in (b"n", b"f", b"B", b"b", b"f*", b"W"):
                pending = []
        return placements, lines

    def placements(self, page_index: int) -> list[Placement]:
        return self.walk(page_index)[0]

    def all_placements(self) -> list[list[Placement]]:
        return [self.placements(i) for i in range(len(self.reader.pages))]

    def text(self) -> str:
        import pypdfium2 as pdfium

        doc = pdfium.PdfDocument(str(self.path))
        try:
            return "\n".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
        finally:
            doc.close()

    def viewer_preferences(self) -> dict[str, str]:
        prefs = self.reader.trailer["/Root"].get("/ViewerPreferences", {})
        return {str(k): str(v) for k, v in prefs.items()}
