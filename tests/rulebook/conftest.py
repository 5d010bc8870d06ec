"""Build each rulebook once per test session and read it back page by page."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from companion import GAMES
from companion.paths import cards_dir

WS = re.compile(r"\s+")


def norm(text: str) -> str:
    """Whitespace collapsed, so wrapped lines compare equal to one-line text."""
    return WS.sub(" ", text).strip()


@dataclass(frozen=True)
class Pdf:
    data: bytes
    pages: int
    layout: tuple[Any, ...] = ()
    """How each page after the cover came out (``PageLayout``)."""

    def _doc(self):  # type: ignore[no-untyped-def]
        import pypdfium2 as pdfium

        return pdfium.PdfDocument(self.data)

    def page_texts(self) -> list[str]:
        doc = self._doc()
        try:
            return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
        finally:
            doc.close()

    def region_texts(self, fx0: float, fy0: float, fx1: float, fy1: float) -> list[str]:
        """Text inside a box given as fractions of each page (origin bottom left)."""
        doc = self._doc()
        out = []
        try:
            for i in range(len(doc)):
                page = doc[i]
                w, h = page.get_size()
                out.append(page.get_textpage().get_text_bounded(fx0 * w, fy0 * h, fx1 * w, fy1 * h))
        finally:
            doc.close()
        return out

    def page_sizes(self) -> list[tuple[float, float]]:
        doc = self._doc()
        try:
            return [tuple(doc[i].get_size()) for i in range(len(doc))]  # type: ignore[misc]
        finally:
            doc.close()

    def text(self) -> str:
        return norm(" ".join(self.page_texts()))


_CACHE: dict[tuple[str, str, bool], Pdf] = {}


def build(game: str, *, paper: str = "a4", booklet: bool = False) -> Pdf:
    from companion.printing.rulebook import render_rulebook_pdf

    key = (game, paper, booklet)
    if key not in _CACHE:
        layout: list[Any] = []
        data, pages = render_rulebook_pdf(game, paper=paper, booklet=booklet, layout=layout)
        _CACHE[key] = Pdf(data, pages, tuple(layout))
    return _CACHE[key]


@pytest.fixture(params=GAMES)
def game(request: pytest.FixtureRequest) -> str:
    """Each of the five games: every one must have its rulebook."""
    return str(request.param)


@pytest.fixture
def cards_copy(tmp_path: Path) -> Path:
    """A private copy of the card folder that a test may edit."""
    import shutil

    target = tmp_path / "cards_data"
    shutil.copytree(cards_dir(), target)
    return target
