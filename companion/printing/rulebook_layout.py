"""A rulebook's story laid out on pages: page size and margins, the document
template (cover page, running headers, page numbers, contents entries and
bookmarks), the cover drawing, and the trial layouts that set a chapter
tighter when it would leave a nearly empty page.

A trial places every block without drawing it and reports each body page
as a :class:`PageLayout`; the final build draws the settled story on a
canvas from :mod:`companion.printing.rulebook_canvas`.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.errors import CompanionError
from companion.poker.cards import SUIT_SYMBOLS
from companion.printing import rulebook_markup as mk
from companion.printing.rulebook_canvas import MM, booklet_canvas_class, plain_canvas_class
from companion.printing.rulebook_story import MIN_PAGE_FILL, book_story
from companion.printing.rulebook_styles import LayoutContext, book_palette, paragraph_styles

MAX_TIGHTER = 4
"""At most this many steps of tighter spacing pull a chapter's last lines
back from a page they would leave nearly empty."""


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


def lay_out_book(
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
