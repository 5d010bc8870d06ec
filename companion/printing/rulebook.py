"""Rulebook PDFs: a Jinja2 template per game, rendered to reportlab Platypus.

This module is the API (build, write, render, page report, paper sizes).
The work is done, from the template down to the page, by:

* :mod:`~companion.printing.rulebook_context`: what a template is given,
  and the template rendered to markup text (:func:`render_markup`);
* :mod:`~companion.printing.rulebook_markup`: that text parsed to blocks
  (:mod:`~companion.printing.rulebook_rulings`: this edition's marks);
* :mod:`~companion.printing.rulebook_styles`: colours and paragraph styles;
* :mod:`~companion.printing.rulebook_flowables`: blocks to flowables;
* :mod:`~companion.printing.rulebook_story`: the whole book in reading order
  (cover blurb, contents with page numbers, chapters, quick reference);
* :mod:`~companion.printing.rulebook_layout`: the story on pages (running
  headers, page numbers, cover, tighter trials for short chapter tails);
* :mod:`~companion.printing.rulebook_canvas`: plain and booklet canvases.

Components and appendices come from the cards, never typed twice.

``booklet=True`` lays the book out on half sheets (A5 from A4, half-letter
from Letter) and prints them two-up in saddle-stitch order, padded with
blank pages to a multiple of four: print double-sided (flip on the short
edge), fold the stack in the middle and staple.

Suit symbols come from ZapfDingbats, one of the fourteen fonts every PDF
reader has, so nothing needs embedding and copied text keeps its ♠♥♦♣.

>>> booklet_sides(5)
[(8, 1), (2, 7), (6, 3), (4, 5)]
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import CompanionError
from companion.printing import rulebook_markup as mk
from companion.printing.rulebook_canvas import MM, booklet_sides
from companion.printing.rulebook_context import render_markup
from companion.printing.rulebook_layout import PageLayout, lay_out_book

__all__ = [
    "PAPERS",
    "PageLayout",
    "RulebookFile",
    "booklet_sides",
    "build_rulebook",
    "render_markup",
    "render_rulebook_pdf",
    "rulebook_file_name",
    "rulebook_pages",
    "write_rulebook",
]

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210 * MM, 297 * MM),
    "letter": (8.5 * 72, 11 * 72),
}
"""Sheet sizes in points, portrait. A booklet page is half a sheet."""


def build_rulebook(
    game_id: str,
    out_path: Path,
    *,
    paper: str = "a4",
    booklet: bool = False,
    data_dir: Path | None = None,
    force: bool = False,
) -> int:
    """Write the rulebook of ``game_id`` to ``out_path`` (atomically; ``force``: over a read-only file).

    Returns the number of pages of the PDF written: book pages, or for a
    booklet the sheet sides (two book pages each). ``data_dir`` overrides
    the card folder (else ``$COMPANION_CARDS``, else ``cards_data/``).
    """
    from companion.fileio import output_path, write_atomic

    output_path(out_path, force=force)
    pdf, pages = render_rulebook_pdf(game_id, paper=paper, booklet=booklet, data_dir=data_dir)
    write_atomic(Path(out_path), pdf, force=force)
    return pages


def rulebook_file_name(game_id: str, *, booklet: bool = False) -> str:
    """The name ``print`` gives a rulebook in its output folder.

    >>> rulebook_file_name("decko"), rulebook_file_name("decko", booklet=True)
    ('decko-rulebook.pdf', 'decko-rulebook-booklet.pdf')
    """
    return f"{game_id}-rulebook{'-booklet' if booklet else ''}.pdf"


@dataclass(frozen=True)
class RulebookFile:
    """A rulebook written to disk: what ``print rulebook`` reports."""

    game: str
    path: Path
    pages: int
    bytes: int
    paper: str
    booklet: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "file": str(self.path),
            "pages": self.pages,
            "bytes": self.bytes,
            "paper": self.paper,
            "booklet": self.booklet,
        }


def write_rulebook(
    game_id: str,
    out_path: Path | None = None,
    *,
    paper: str = "a4",
    booklet: bool = False,
    force: bool = False,
) -> RulebookFile:
    """:func:`build_rulebook` into ``out_path``, by default ``output/`` under its usual name
    (``force``: over a read-only file)."""
    from companion.paths import default_output_dir

    target = out_path or default_output_dir() / rulebook_file_name(game_id, booklet=booklet)
    pages = build_rulebook(game_id, target, paper=paper, booklet=booklet, force=force)
    return RulebookFile(game_id, target, pages, target.stat().st_size, paper.lower(), booklet)


def render_rulebook_pdf(
    game_id: str,
    *,
    paper: str = "a4",
    booklet: bool = False,
    data_dir: Path | None = None,
    layout: list[PageLayout] | None = None,
) -> tuple[bytes, int]:
    """The rulebook PDF as bytes, and its page count (see :func:`build_rulebook`).

    ``layout``, if given, receives how each page after the cover came out
    (:class:`PageLayout`: running header, how full, chapters on it).
    """
    sheet = _paper(paper)
    document = mk.parse(render_markup(game_id, data_dir=data_dir))
    from companion.cards import load_game

    game = load_game(game_id, data_dir).game
    return lay_out_book(document, game, sheet=sheet, booklet=booklet, doc_pages=layout)


def rulebook_pages(
    game_id: str, *, paper: str = "a4", booklet: bool = False, data_dir: Path | None = None
) -> list[PageLayout]:
    """The layout of each page after the cover: its running header, how full
    it is and whether a chapter opens it (book pages, also in a booklet)."""
    pages: list[PageLayout] = []
    render_rulebook_pdf(game_id, paper=paper, booklet=booklet, data_dir=data_dir, layout=pages)
    return pages


def _paper(paper: str) -> tuple[float, float]:
    key = str(paper).strip().lower()
    if key not in PAPERS:
        raise CompanionError(f"unknown paper '{paper}' (choose {' or '.join(PAPERS)})")
    return PAPERS[key]
