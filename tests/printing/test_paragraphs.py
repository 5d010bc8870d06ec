"""The paragraph that keeps its lines for the last width it was wrapped at."""

from __future__ import annotations

import io

import pytest
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph as ReportlabParagraph

from companion.printing.paragraphs import Paragraph

TEXT = " ".join(f"word{i} <b>bold{i}</b>" for i in range(60))
STYLE = ParagraphStyle("t", fontName="Helvetica", fontSize=9, leading=11)


def _breaks(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    widths: list[float] = []
    real = ReportlabParagraph.breakLines

    def counted(self: ReportlabParagraph, width: list[float]) -> object:
        widths.append(width[0])
        return real(self, width)

    monkeypatch.setattr(ReportlabParagraph, "breakLines", counted)
    return widths


def _drawn(p: ReportlabParagraph, width: float) -> list[str]:
    c = Canvas(io.BytesIO())
    p.wrapOn(c, width, 1000)
    p.drawOn(c, 10, 10)
    return list(c._code)


def test_a_second_wrap_at_the_same_width_breaks_no_lines_and_measures_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    widths = _breaks(monkeypatch)
    p = Paragraph(TEXT, STYLE)
    first = p.wrap(200, 500)
    assert p.wrap(200, 30) == first  # the height offered changes nothing
    assert widths == [200]
    narrower = p.wrap(150, 500)
    assert narrower[1] > first[1] and widths == [200, 150]
    assert p.wrap(200, 500) == first and widths == [200, 150, 200]


def test_splitting_or_drawing_forgets_the_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    widths = _breaks(monkeypatch)
    p = Paragraph(TEXT, STYLE)
    p.wrap(200, 500)
    parts = p.split(200, 50)
    assert len(parts) == 2
    p.wrap(200, 500)
    assert widths == [200, 200]
    _drawn(p, 200)
    p.wrap(200, 500)
    assert widths == [200, 200, 200]


def test_it_draws_what_reportlabs_paragraph_draws() -> None:
    ours = Paragraph(TEXT, STYLE)
    ours.wrap(200, 500)  # wrapped before, as a table sizing its rows does
    assert _drawn(ours, 200) == _drawn(ReportlabParagraph(TEXT, STYLE), 200)
    first, second = Paragraph(TEXT, STYLE).split(200, 50)
    plain_first, plain_second = ReportlabParagraph(TEXT, STYLE).split(200, 50)
    assert _drawn(second, 200) == _drawn(plain_second, 200)
    assert _drawn(first, 200) == _drawn(plain_first, 200)
