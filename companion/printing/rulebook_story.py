"""The whole book as one story of flowables, in reading order: the blurb
under the cover, the contents, then each chapter with the page breaks its
flags ask for (``{newpage}``, ``{quickref}``, ``{notoc}``).

Here live the rules of where a chapter may start (:data:`MIN_PAGE_FILL`,
:data:`CHAPTER_LINES`) and how much must follow a heading at the foot of
a page (:data:`START_LINES`); the blocks themselves become flowables in
:mod:`companion.printing.rulebook_flowables`, and
:mod:`companion.printing.rulebook_layout` lays the story out on pages.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.printing import rulebook_markup as mk
from companion.printing.rulebook_flowables import (
    KeepWithStart,
    block_flowables,
    chapter_rule,
    heading_flowable,
)
from companion.printing.rulebook_styles import LayoutContext, tightened

TOC_PAD = 0.7
"""Padding above and below each contents line (reportlab's default is 3)."""
MIN_PAGE_FILL = 0.25
"""A page ends under a quarter full only where the book or a chapter ends:
``{newpage}`` keeps a chapter on the page it would leave emptier than that."""
START_LINES = 2
"""Body lines of text (or table rows) that must fit under a heading for it
to stay at the foot of a page."""
CHAPTER_LINES = 9
"""A chapter that flows on never starts in the last this many lines of a page."""


def _is_chapter(block: mk.Block) -> bool:
    """Whether ``block`` opens a chapter (a level-1 heading)."""
    return isinstance(block, mk.Heading) and block.level == 1


def book_story(
    document: mk.Document,
    meta: Mapping[str, str],
    game: Any,
    ctx: LayoutContext,
    width: float,
    height: float,
    *,
    tight: Mapping[str, int] | None = None,
    toc_seed: Sequence[Any] | None = None,
    chapters_made: dict[tuple[int, int], tuple[list[Any], int]] | None = None,
) -> list[Any]:
    """The flowables of the whole book; chapters named in ``tight`` are set
    that many steps tighter (see :func:`tightened`). ``toc_seed`` starts
    the contents with the lines of an earlier layout (else placeholders).

    ``chapters_made`` keeps each chapter's text flowables (and how many
    heading keys they took) by (first block, tightness) across stories of
    one book: flowables laid out before may be laid out again once the
    changes a pass made are undone, as ``multiBuild`` does between passes."""
    from reportlab.platypus import (
        CondPageBreak,
        KeepInFrame,
        NextPageTemplate,
        PageBreak,
        Spacer,
        TableStyle,
    )

    st = ctx.styles
    story: list[Any] = [NextPageTemplate("body")]
    chapters = [
        h.text
        for h in document.blocks
        if isinstance(h, mk.Heading) and h.level == 1 and "notoc" not in h.flags
    ]
    story.extend(_cover_blurb(meta, game, ctx, chapters))
    story.append(PageBreak())
    story.append(heading_flowable("Contents", 0, ctx, st["toc_title"], toc=False))
    toc = _contents_class()(
        list(toc_seed) if toc_seed is not None else _toc_seed(document),
        dotsMinLevel=0,
        tableStyle=TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), TOC_PAD),
                ("BOTTOMPADDING", (0, 0), (-1, -1), TOC_PAD),
            ]
        ),
    )
    toc.levelStyles = list(
        _toc_styles(document, ctx, height - st["toc_title"].leading - st["toc_title"].spaceAfter)
    )
    story.append(toc)

    blocks = list(document.blocks)
    story.append(PageBreak())
    body_start = len(story)
    i = 0
    first = True
    while i < len(blocks):
        block = blocks[i]
        if isinstance(block, mk.Heading) and block.level == 1:
            j = i + 1
            while j < len(blocks) and not _is_chapter(blocks[j]):
                j += 1
            if not first:
                if "quickref" in block.flags:
                    story.append(PageBreak())
                elif "newpage" in block.flags:
                    # a fresh page, unless this one is still under a quarter full
                    story.append(CondPageBreak(height * (1 - MIN_PAGE_FILL)))
                else:
                    story.append(CondPageBreak(ctx.styles["body"].leading * CHAPTER_LINES))
            story.append(
                heading_flowable(
                    block.text,
                    0,
                    ctx,
                    st["h1"] if first or "quickref" in block.flags else st["h1_flow"],
                    toc="notoc" not in block.flags,
                )
            )
            story.append(chapter_rule(ctx, width))
            if "quickref" in block.flags:
                story.append(
                    KeepInFrame(0, 0, block_flowables(blocks[i + 1 : j], ctx, width), mode="shrink")
                )
            else:
                level = (tight or {}).get(mk.plain_text(block.text), 0)
                made = chapters_made if chapters_made is not None else {}
                if (i, level) not in made:
                    first_key = ctx.keys[0]
                    flowables = block_flowables(
                        blocks[i + 1 : j], tightened(ctx, level), width, nested=False
                    )
                    made[i, level] = (flowables, ctx.keys[0] - first_key)
                else:  # its headings took their keys when it was made: skip them
                    ctx.keys[0] += made[i, level][1]
                story.extend(made[i, level][0])
            i = j
        else:
            story.extend(block_flowables([block], ctx, width, nested=False))
            i += 1
        first = False
    # a little under START_LINES lines, so that tightened text still counts
    min_start = st["body"].leading * (START_LINES - 0.25)
    story[body_start:] = _keep_headings(story[body_start:], min_start)
    story.append(Spacer(1, 1))
    return story


def _toc_seed(document: mk.Document) -> list[tuple[int, str, int, None]]:
    """Placeholder contents lines: one per heading, page numbers unknown yet."""
    return [
        (h.level - 1, mk.plain_text(h.text), 88, None)
        for h in document.headings()
        if h.level <= 2 and "notoc" not in h.flags
    ]


def _contents_class() -> type:
    from reportlab.platypus.tableofcontents import TableOfContents

    class Contents(TableOfContents):  # type: ignore[misc]  # reportlab ships no types: the base is Any
        """Contents that start out with as many lines as they will end with.

        Reportlab's contents are empty on the first pass, so every page
        number moves on the second and a third pass is needed to confirm
        them; with placeholder lines of the right count the first pass is
        already laid out as the last one, and two passes suffice.
        """

        def __init__(self, seed: list[tuple[int, str, int, None]], **kwargs: Any) -> None:
            super().__init__(**kwargs)
            self._entries = list(seed)

    return Contents


def _toc_styles(document: mk.Document, ctx: LayoutContext, avail: float) -> tuple[Any, Any]:
    """Contents styles, tightened when that keeps the contents on one page.

    A contents list a little too long for one page would leave a few lines
    alone on the next; up to a quarter too long, it is set smaller instead.
    """
    from reportlab.lib.styles import ParagraphStyle

    st = ctx.styles
    toc0, toc1 = st["toc0"], st["toc1"]
    entries = [h for h in document.headings() if h.level <= 2 and "notoc" not in h.flags]
    need = sum(
        toc0.leading + toc0.spaceBefore + 4 * TOC_PAD
        if h.level == 1
        else toc1.leading + 2 * TOC_PAD
        for h in entries
    )
    if need <= avail * 0.97 or need > avail * 1.25:
        return toc0, toc1
    k = avail * 0.97 / need
    return (
        ParagraphStyle(
            "toc0_tight",
            parent=toc0,
            fontSize=toc0.fontSize * max(k, 0.85),
            leading=toc0.leading * k,
            spaceBefore=toc0.spaceBefore * k,
        ),
        ParagraphStyle(
            "toc1_tight",
            parent=toc1,
            fontSize=toc1.fontSize * max(k, 0.85),
            leading=toc1.leading * k,
        ),
    )


def _cover_blurb(
    meta: Mapping[str, str], game: Any, ctx: LayoutContext, chapters: Sequence[str]
) -> list[Any]:
    """What sits under the cover panel: players, time, and what the book holds."""
    from reportlab.lib import colors
    from reportlab.lib.enums import TA_CENTER
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Spacer

    from companion.printing.paragraphs import Paragraph

    s = ctx.scale
    facts = ParagraphStyle(
        "facts",
        fontName="Helvetica-Bold",
        fontSize=11 * s,
        leading=15 * s,
        alignment=TA_CENTER,
        textColor=colors.HexColor(ctx.palette.ink),
    )
    small = ParagraphStyle(
        "small",
        fontName="Times-Italic",
        fontSize=10 * s,
        leading=13.5 * s,
        alignment=TA_CENTER,
        textColor=colors.HexColor("#444444"),
    )
    line = []
    players = meta.get("players") or game.players
    if players:
        line.append("1 player (solo)" if str(players).strip() == "1" else f"{players} players")
    if meta.get("time"):
        line.append(meta["time"])
    label = ParagraphStyle(
        "label",
        fontName="Helvetica-Bold",
        fontSize=7.5 * s,
        leading=10 * s,
        alignment=TA_CENTER,
        textColor=colors.HexColor(ctx.palette.ink),
    )
    inside = ParagraphStyle(
        "inside",
        fontName="Times-Roman",
        fontSize=10.5 * s,
        leading=15 * s,
        alignment=TA_CENTER,
        textColor=colors.HexColor("#333333"),
    )
    out: list[Any] = [Spacer(1, 10 * s)]
    if line:
        out.append(Paragraph(mk.inline_xml("  ·  ".join(line)), facts))
        out.append(Spacer(1, 6 * s))
    if meta.get("blurb"):
        out.append(Paragraph(mk.inline_xml(meta["blurb"]), small))
    if chapters:
        out.append(Spacer(1, 14 * s))
        out.append(Paragraph("I N S I D E", label))
        out.append(Spacer(1, 3 * s))
        out.append(Paragraph("  ·  ".join(mk.inline_xml(c) for c in chapters), inside))
    return out


def _keep_headings(flowables: list[Any], min_start: float) -> list[Any]:
    """Each run of headings (and the rule under a chapter title) joined to
    the flowable after it, so a heading never ends a page on its own: it
    stays only if at least ``min_start`` of what it introduces fits below."""
    from reportlab.platypus.flowables import HRFlowable

    out: list[Any] = []
    heads: list[Any] = []
    for f in flowables:
        if getattr(f, "rb_heading", None) or (heads and isinstance(f, HRFlowable)):
            heads.append(f)
            continue
        if heads and not getattr(f, "frameAction", None) and not _is_page_break(f):
            out.append(KeepWithStart(heads, f, min_start))
        else:
            out.extend(heads)
            out.append(f)
        heads = []
    out.extend(heads)
    return out


def _is_page_break(f: Any) -> bool:
    from reportlab.platypus import CondPageBreak, PageBreak

    return isinstance(f, PageBreak | CondPageBreak)
