"""Rulebook PDFs: a Jinja2 template per game, rendered to reportlab Platypus.

``templates/rulebooks/<game-id>/rulebook.md.j2`` is rendered with the game's
card database in its context (so components and appendices come from the
cards, never typed twice), parsed by :mod:`companion.printing.rulebook_markup`
and laid out here: a cover, a table of contents with page numbers (built in
several passes until they settle), running headers, page numbers, lists,
tables, callouts, rows of small cards and a one-page quick reference.

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

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import CompanionError
from companion.poker.cards import SUIT_SYMBOLS
from companion.printing import rulebook_markup as mk
from companion.printing.rulebook_canvas import (
    MM,
    booklet_canvas_class,
    booklet_sides,
    plain_canvas_class,
)
from companion.printing.rulebook_context import render_markup
from companion.printing.rulebook_story import MIN_PAGE_FILL, book_story
from companion.printing.rulebook_styles import (
    LayoutContext,
    book_palette,
    paragraph_styles,
)

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

MAX_TIGHTER = 4
"""At most this many steps of tighter spacing pull a chapter's last lines
back from a page they would leave nearly empty."""


# ---------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------


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
    return _layout(document, game, sheet=sheet, booklet=booklet, doc_pages=layout)


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


# ---------------------------------------------------------------------------
# Layout
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PageLayout:
    """How one body page of a rulebook came out (for checks and tests)."""

    number: int
    header: str
    """The chapter the running header names."""
    fill: float
    """How much of the text frame is used, from 0 to 1."""
    opens_chapter: bool
    """Whether the page's first block is a chapter title."""
    chapters: tuple[str, ...] = ()
    """Every chapter with text on the page, in order."""
    ends_with_heading: bool = False
    """Whether the last block on the page is a heading (it never should be)."""


def _layout(
    document: mk.Document,
    game: Any,
    *,
    sheet: tuple[float, float],
    booklet: bool,
    doc_pages: list[PageLayout] | None = None,
) -> tuple[bytes, int]:
    """Lay the book out; ``doc_pages``, if given, receives each body page's layout."""
    if doc_pages is None:
        doc_pages = []
    from reportlab.platypus import LayoutError
    from reportlab.platypus.tableofcontents import TableOfContents

    meta = dict(document.meta)
    palette = book_palette(game, meta)
    if booklet:
        page = (sheet[1] / 2, sheet[0])  # half a landscape sheet
        scale = 0.86
        margins = (15 * MM, 15 * MM, 17 * MM, 16 * MM)  # left, right, top, bottom
    else:
        page = sheet
        scale = 1.0
        margins = (27 * MM, 27 * MM, 22 * MM, 20 * MM)
    width = page[0] - margins[0] - margins[1]
    height = page[1] - margins[2] - margins[3]
    buffers: list[io.BytesIO] = []
    canvases: list[Any] = []
    canvas_class = booklet_canvas_class(sheet) if booklet else plain_canvas_class()

    def canvasmaker(_filename: Any, **kwargs: Any) -> Any:
        buf = io.BytesIO()
        buffers.append(buf)
        canv = canvas_class(buf, **kwargs)
        canvases.append(canv)
        return canv

    chapters = {
        mk.plain_text(b.text) for b in document.blocks if isinstance(b, mk.Heading) and b.level == 1
    }

    made: dict[tuple[int, int], tuple[list[Any], int]] = {}

    def story_of(tight: Mapping[str, int], seed: Sequence[Any] | None = None) -> list[Any]:
        """The book's flowables, chapters in ``tight`` set tighter; ``seed``:
        the contents of an earlier layout of the same pages. A chapter set
        for an earlier trial at the same tightness is reused."""
        ctx = LayoutContext(paragraph_styles(scale, palette), palette, scale, links=not booklet)
        return book_story(
            document, meta, game, ctx, width, height, tight=tight, toc_seed=seed, chapters_made=made
        )

    def lay_out(story: list[Any], *, final: bool) -> tuple[Any, list[Any]]:
        """Lay ``story`` out: a trial places it without drawing, in one pass
        (the contents start with as many lines as they end with: only their
        numbers change); the final build draws it, in as many passes as the
        contents need (one, when the story has been through a trial)."""
        ctx = LayoutContext(paragraph_styles(scale, palette), palette, scale, links=not booklet)
        contents = next(f for f in story if isinstance(f, TableOfContents))
        doc = _doc_template(page, margins, meta, game, ctx, booklet, draw=final)
        try:
            if final:
                doc.multiBuild(story, canvasmaker=canvasmaker, maxPasses=8)
            else:  # one pass of multiBuild, as it runs it
                edits: list[tuple[Any, ...]] = []
                doc._indexingFlowables = [contents]
                doc._multiBuildEdits = edits.append
                contents.beforeBuild()
                doc.build(story[:], canvasmaker=canvasmaker)
                contents.afterBuild()
                for undo, *args in edits:  # what the pass changed on the flowables
                    undo(*args)
        except LayoutError as exc:
            raise CompanionError(
                f"rulebook {game.id}: something does not fit on a page ({str(exc)[:120]})"
            ) from None
        return doc, list(contents._entries)

    def short(doc: Any, tight: Mapping[str, int]) -> list[str]:
        tails = _short_tails(doc.pages)
        return [c for c in tails if c in chapters and tight.get(c, 0) < MAX_TIGHTER]

    # a chapter that leaves a nearly empty page before the next one is set
    # a little tighter until its tail comes back (or no tighter). Trials
    # place the text without drawing it; the final build draws the last
    # trial's story again (as a second pass would) or, after tightening,
    # a fresh one seeded with the last trial's contents. Either way one
    # pass settles it. (A story laid out once is only laid out again as
    # it is: a split leaves its flowables changed.)
    tight: dict[str, int] = {}
    story = story_of(tight)
    trial, entries = lay_out(story, final=False)
    todo = short(trial, tight)
    if todo:
        while todo:
            for c in todo:
                tight[c] = tight.get(c, 0) + 1
            trial, entries = lay_out(story_of(tight), final=False)
            todo = short(trial, tight)
        story = story_of(tight, seed=entries)
    doc, _ = lay_out(story, final=True)
    doc_pages.extend(doc.pages)
    return buffers[-1].getvalue(), canvases[-1].physical_pages


def _short_tails(pages: Sequence[PageLayout]) -> list[str]:
    """The chapters on a page under a quarter full that a chapter opening
    the next page leaves so (the end of the book does not count), and on
    the page before it: setting those tighter brings the tail back."""
    out: list[str] = []
    for k in range(1, len(pages) - 1):
        if pages[k].fill < MIN_PAGE_FILL and pages[k + 1].opens_chapter:
            out.extend(c for c in pages[k - 1].chapters + pages[k].chapters if c not in out)
    return out


def _frame_class(draw: bool) -> type:
    from reportlab.platypus import Frame

    if draw:
        drawing: type = Frame
        return drawing

    class PlacingFrame(Frame):  # type: ignore[misc]  # reportlab ships no types: the base is Any
        """Places (wraps and splits) each block like a frame but draws nothing:
        a block's drawing changes nothing about where the next one goes."""

        def add(self, flowable: Any, canv: Any, trySplit: int = 0) -> int:
            flowable.drawOn = _draw_nothing  # this block only: the instance shadows its class
            try:
                placed: int = Frame._add(self, flowable, canv, trySplit)
            finally:
                del flowable.drawOn
            return placed

    return PlacingFrame


def _draw_nothing(*args: Any, **kwargs: Any) -> None:
    pass


def _doc_template(
    page: tuple[float, float],
    margins: tuple[float, float, float, float],
    meta: Mapping[str, str],
    game: Any,
    ctx: LayoutContext,
    booklet: bool,
    *,
    draw: bool = True,
) -> Any:
    """The book's document template; ``draw=False`` places every block without
    drawing it (a trial layout only looks at how full the pages come out)."""
    from reportlab.lib import colors
    from reportlab.platypus import BaseDocTemplate, PageTemplate, Spacer
    from reportlab.platypus.doctemplate import ActionFlowable
    from reportlab.platypus.flowables import UseUpSpace

    Frame = _frame_class(draw)

    # what a page break leaves behind draws nothing on the page
    _SILENT = (ActionFlowable, UseUpSpace, Spacer)
    left, right, top, bottom = margins
    title = meta.get("title", game.name)
    ink = colors.HexColor(ctx.palette.ink)
    accent = colors.HexColor(ctx.palette.accent)
    s = ctx.scale

    class RulebookDoc(BaseDocTemplate):  # type: ignore[misc]  # reportlab ships no types: the base is Any
        def __init__(self) -> None:
            super().__init__(
                None,
                pagesize=page,
                leftMargin=left,
                rightMargin=right,
                topMargin=top,
                bottomMargin=bottom,
                title=f"{title} — rulebook",
                author="companion",
                subject=f"Rules of {game.name}",
                creator="companion print rulebook",
                showBoundary=0,
                allowSplitting=1,
            )
            self.chapter = ""
            self.chapter_at_start = ""
            self.page_chapter: str | None = None
            self.page_drawn = 0
            self.page_opens_chapter = False
            self.page_ends_with_heading = False
            self.page_chapters: list[str] = []
            self.pages: list[PageLayout] = []
            frame = Frame(
                left,
                bottom,
                page[0] - left - right,
                page[1] - top - bottom,
                id="body",
                leftPadding=0,
                rightPadding=0,
                topPadding=0,
                bottomPadding=0,
            )
            cover_frame = Frame(
                left,
                bottom,
                page[0] - left - right,
                page[1] * 0.36 - bottom,
                id="cover",
                leftPadding=0,
                rightPadding=0,
                topPadding=0,
                bottomPadding=0,
            )
            self.addPageTemplates(
                [
                    PageTemplate("cover", [cover_frame], onPage=self._cover),
                    PageTemplate(
                        "body", [frame], onPage=self._page_start, onPageEnd=self._furniture
                    ),
                ]
            )

        def beforeDocument(self) -> None:
            self.chapter = self.chapter_at_start = ""
            self.page_chapter = None
            self.pages = []

        def afterFlowable(self, flowable: Any) -> None:
            info = getattr(flowable, "rb_heading", None)
            if not isinstance(flowable, _SILENT):
                self.page_drawn += 1  # blocks drawn on this page so far
                self.page_ends_with_heading = info is not None
            if info is None:
                return
            level, text, key, toc = info
            if level == 0:
                self.chapter = text
                if self.page_drawn == 1:
                    self.page_opens_chapter = True
                    self.page_chapters = []
                self.page_chapters.append(text)
            if self.page_chapter is None and (toc or level == 0):
                # the running header names the chapter of the page's first
                # chapter or section heading
                self.page_chapter = self.chapter
            if not toc:
                return
            if ctx.links:
                self.canv.bookmarkPage(key)
                self.canv.addOutlineEntry(text, key, level=level, closed=level > 0)
            self.notify("TOCEntry", (level, text, self.page, key if ctx.links else None))

        # -- page decorations -------------------------------------------------
        def _cover(self, canv: Any, doc: Any) -> None:
            _draw_cover(canv, page, meta, game, ctx)

        def _page_start(self, canv: Any, doc: Any) -> None:
            # the running header names the chapter of the page's first
            # heading; on a page without one, the chapter under way
            self.chapter_at_start = self.chapter
            self.page_chapter = None
            self.page_drawn = 0
            self.page_opens_chapter = False
            self.page_ends_with_heading = False
            self.page_chapters = [self.chapter]

        def _furniture(self, canv: Any, doc: Any) -> None:
            running = self.page_chapter or self.chapter_at_start
            frame = self.frame
            used = frame._y2 - frame._topPadding - frame._y
            self.pages.append(
                PageLayout(
                    number=doc.page,
                    header=running,
                    fill=max(0.0, min(1.0, used / frame._height)),
                    opens_chapter=self.page_opens_chapter,
                    chapters=tuple(self.page_chapters),
                    ends_with_heading=self.page_ends_with_heading,
                )
            )
            canv.saveState()
            w, h = page
            y = h - top + 7 * s
            canv.setFont("Helvetica-Bold", 7.6 * s)
            canv.setFillColor(ink)
            canv.drawString(left, y, title.upper())
            canv.setFont("Helvetica-Oblique", 7.6 * s)
            canv.setFillColor(colors.HexColor("#555555"))
            canv.drawRightString(w - right, y, running)
            canv.setStrokeColor(accent)
            canv.setLineWidth(0.7)
            canv.line(left, y - 3.5 * s, w - right, y - 3.5 * s)
            number = str(doc.page)
            canv.setFont("Helvetica", 8.5 * s)
            canv.setFillColor(ink)
            fy = bottom * 0.5
            if booklet:
                if doc.page % 2:
                    canv.drawRightString(w - right, fy, number)
                else:
                    canv.drawString(left, fy, number)
            else:
                canv.drawCentredString(w / 2, fy, number)
            canv.restoreState()

    return RulebookDoc()


def _draw_cover(
    canv: Any, page: tuple[float, float], meta: Mapping[str, str], game: Any, ctx: LayoutContext
) -> None:
    from reportlab.lib import colors
    from reportlab.pdfbase.pdfmetrics import stringWidth

    w, h = page
    s = ctx.scale
    ink = colors.HexColor(ctx.palette.ink)
    accent = colors.HexColor(ctx.palette.accent)
    panel = h * 0.58
    canv.saveState()
    canv.setFillColor(ink)
    canv.rect(0, h - panel, w, panel, stroke=0, fill=1)
    canv.setFillColor(accent)
    canv.rect(0, h - panel - 2.2 * s, w, 2.2 * s, stroke=0, fill=1)
    # a quiet frame of suit symbols
    canv.setFillColor(colors.HexColor(ctx.palette.accent))
    canv.setFillAlpha(0.22)
    size = 16 * s
    canv.setFont("ZapfDingbats", size)
    suits = "".join(SUIT_SYMBOLS[s] for s in "shcd")  # red and black alternate
    step = size * 1.9
    n = int((w - 2 * step) // step) + 1
    x0 = (w - (n - 1) * step) / 2
    for i in range(n):
        canv.drawCentredString(x0 + i * step, h - 26 * s, suits[i % 4])
        canv.drawCentredString(x0 + i * step, h - panel + 18 * s, suits[(i + 2) % 4])
    canv.setFillAlpha(1)
    title = meta.get("title", game.name).upper()
    max_w = w - 2 * 20 * s
    size = 46 * s
    while stringWidth(title, "Helvetica-Bold", size) > max_w and size > 12:
        size -= 1
    mid = h - panel / 2
    canv.setFillColor(accent)
    canv.setFont("Helvetica-Bold", size)
    canv.drawCentredString(w / 2, mid + 8 * s, title)
    canv.setFillColor(colors.white)
    if meta.get("tagline"):
        canv.setFont("Times-Italic", 13 * s)
        canv.drawCentredString(w / 2, mid - 16 * s, meta["tagline"])
    canv.setFont("Helvetica", 9 * s)
    canv.drawCentredString(w / 2, mid - 40 * s, "R U L E B O O K")
    canv.restoreState()
