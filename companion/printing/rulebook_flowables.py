"""Markup blocks to reportlab flowables: headings, paragraphs, lists, tables,
callouts, columns and rows of small playing cards, plus the flowable that
keeps a heading with the start of what it introduces.

:func:`block_flowables` turns parsed blocks (:mod:`companion.printing.rulebook_markup`)
into flowables styled by a :class:`~companion.printing.rulebook_styles.LayoutContext`;
the order of the whole book is :mod:`companion.printing.rulebook_story`'s.
reportlab is imported where it is used, so loading this module stays cheap.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.poker.cards import RED_SUITS, SUIT_SYMBOLS, parse_card, rank_label
from companion.printing import rulebook_markup as mk
from companion.printing.rulebook_styles import LayoutContext

SMALL_TABLE_ROWS = 12
"""Tables with this many rows or fewer are never split across pages."""


def heading_flowable(text: str, level: int, ctx: LayoutContext, style: Any, *, toc: bool) -> Any:
    """A heading paragraph tagged ``rb_heading`` = (level, text, bookmark, in
    the contents), which the document template reads as it places it."""
    from companion.printing.paragraphs import Paragraph

    para = Paragraph(mk.inline_xml(text), style)
    para.rb_heading = (level, mk.plain_text(text), ctx.key(), toc)
    return para


def chapter_rule(ctx: LayoutContext, width: float) -> Any:
    """The accent-coloured line under a chapter title."""
    from reportlab.lib import colors
    from reportlab.platypus.flowables import HRFlowable

    return HRFlowable(
        width="100%",
        thickness=1.4 * ctx.scale,
        color=colors.HexColor(ctx.palette.accent),
        spaceBefore=1 * ctx.scale,
        spaceAfter=9 * ctx.scale,
        hAlign="LEFT",
    )


def block_flowables(
    blocks: Sequence[mk.Block],
    ctx: LayoutContext,
    width: float,
    *,
    body_style: str = "body",
    nested: bool = True,
) -> list[Any]:
    """Flowables for ``blocks``; ``nested=False`` only for the page's own flow
    (small tables are kept whole there, which a table cell cannot do)."""
    from reportlab.platypus import PageBreak

    from companion.printing.paragraphs import Paragraph

    st = ctx.styles
    out: list[Any] = []
    for block in blocks:
        if isinstance(block, mk.Heading):
            style = st[{1: "h1", 2: "h2", 3: "h3"}.get(block.level, "h4")]
            level = block.level - 1
            if block.level == 2 and "newpage" in block.flags:
                out.append(PageBreak())
            out.append(
                heading_flowable(
                    block.text,
                    level,
                    ctx,
                    style,
                    toc=block.level <= 2 and "notoc" not in block.flags,
                )
            )
        elif isinstance(block, mk.Paragraph):
            out.append(Paragraph(mk.inline_xml(block.text), st[body_style]))
        elif isinstance(block, mk.BulletList | mk.NumberedList):
            out.append(_list_flowable(block, ctx, width, body_style))
        elif isinstance(block, mk.Table):
            out.append(_table_flowable(block, ctx, width, keep_whole=not nested))
        elif isinstance(block, mk.Callout):
            out.append(_callout_flowable(block, ctx, width))
        elif isinstance(block, mk.Columns):
            out.append(_columns_flowable(block, ctx, width, body_style))
        elif isinstance(block, mk.CardRow):
            out.append(
                CardRowFlowable(
                    block.codes, height=36 * ctx.scale, centered=True, space=6 * ctx.scale
                )
            )
        elif isinstance(block, mk.PageBreak):
            out.append(PageBreak())
    return out


def _list_flowable(
    block: mk.BulletList | mk.NumberedList, ctx: LayoutContext, width: float, body_style: str
) -> Any:
    from reportlab.lib import colors
    from reportlab.platypus import ListFlowable, ListItem

    from companion.printing.paragraphs import Paragraph

    st = ctx.styles
    item_style = st["item"] if body_style == "body" else st[body_style]
    indent = 15 * ctx.scale
    items = []
    for item in block.items:
        content: list[Any] = [Paragraph(mk.inline_xml(item.text), item_style)]
        content.extend(block_flowables(item.children, ctx, width - indent, body_style=body_style))
        items.append(ListItem(content if len(content) > 1 else content[0]))
    common = {
        "leftIndent": indent,
        "bulletFontSize": item_style.fontSize * 0.95,
        "bulletColor": colors.HexColor(ctx.palette.ink),
        "spaceAfter": item_style.fontSize * 0.45,
    }
    if isinstance(block, mk.NumberedList):
        return ListFlowable(
            items,
            bulletType="1",
            start=block.start,
            bulletFontName="Helvetica-Bold",
            bulletFormat="%s.",
            **common,
        )
    return ListFlowable(items, bulletType="bullet", start="•", bulletFontName="Helvetica", **common)


def _table_flowable(
    block: mk.Table, ctx: LayoutContext, width: float, *, keep_whole: bool = False
) -> Any:
    from reportlab.lib import colors
    from reportlab.platypus import Table, TableStyle

    from companion.printing.paragraphs import Paragraph

    st = ctx.styles
    cell_style = {"left": st["cell"], "right": st["cell_right"], "center": st["cell_center"]}
    head_style = {"left": st["head"], "right": st["head_right"], "center": st["head_center"]}
    pad = 3.2 * ctx.scale
    col_widths = _column_widths(block, width, st["head"], pad)

    def cell(text: str, align: str, style: Mapping[str, Any], col: int) -> Any:
        row = mk.cell_card_row(text)
        if row is not None:
            return CardRowFlowable(
                row.codes, height=23 * ctx.scale, max_width=col_widths[col] - 2 * pad, align=align
            )
        return Paragraph(mk.inline_xml(text), style[align])

    data = []
    has_header = any(h.strip() for h in block.header)
    if has_header:
        data.append(
            [cell(h, a, head_style, k) for k, (h, a) in enumerate(zip(block.header, block.aligns))]
        )
    for row in block.rows:
        data.append([cell(c, a, cell_style, k) for k, (c, a) in enumerate(zip(row, block.aligns))])
    if not data:
        return Paragraph("", st["body"])
    ink = colors.HexColor(ctx.palette.ink)
    commands: list[tuple[Any, ...]] = [
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), pad),
        ("RIGHTPADDING", (0, 0), (-1, -1), pad),
        ("TOPPADDING", (0, 0), (-1, -1), pad * 0.8),
        ("BOTTOMPADDING", (0, 0), (-1, -1), pad * 0.95),
        ("LINEBELOW", (0, -1), (-1, -1), 0.8, ink),
        (
            "ROWBACKGROUNDS",
            (0, 1 if has_header else 0),
            (-1, -1),
            [colors.white, colors.HexColor("#f1f1ee")],
        ),
    ]
    if has_header:
        commands += [("BACKGROUND", (0, 0), (-1, 0), ink)]
    table = Table(
        data,
        colWidths=col_widths,
        repeatRows=1 if has_header else 0,
        hAlign="LEFT",
        style=TableStyle(commands),
        spaceBefore=2 * ctx.scale,
        spaceAfter=9 * ctx.scale,
    )
    if keep_whole and len(block.rows) <= SMALL_TABLE_ROWS:
        from reportlab.platypus import KeepTogether

        return KeepTogether([table])
    return table


def _column_widths(block: mk.Table, width: float, head_style: Any, pad: float) -> list[float]:
    """Column widths from the table's dashes, widened so that no word breaks:
    neither a header word nor a word of a cell (a rank "10" never stacks).

    The width a narrow column gains is taken from the widest column.
    """
    from reportlab.pdfbase.pdfmetrics import stringWidth

    def widest_word(text: str, font: str) -> float:
        if mk.cell_card_row(text) is not None:
            return 0.0
        words = mk.plain_text(text).split()
        return max((stringWidth(w, font, head_style.fontSize) for w in words), default=0.0)

    widths = [width * w for w in block.widths]
    for k, title in enumerate(block.header):
        # no glyph is wider than an em: words that short cannot break
        room = (widths[k] - 2 * pad - 1) / head_style.fontSize
        cells = [title] + [row[k] for row in block.rows]
        if all(len(w) <= room for c in cells for w in c.split()):
            continue
        need = max(
            [widest_word(title, head_style.fontName)]
            + [widest_word(row[k], "Helvetica-Bold") for row in block.rows]
        )
        need += 2 * pad + 1
        if widths[k] < need:
            widest = max(range(len(widths)), key=widths.__getitem__)
            if widest != k:
                give = min(need - widths[k], widths[widest] * 0.4)
                widths[k] += give
                widths[widest] -= give
    return widths


def _callout_flowable(block: mk.Callout, ctx: LayoutContext, width: float) -> Any:
    from reportlab.lib import colors
    from reportlab.platypus import Table, TableStyle

    from companion.printing.paragraphs import Paragraph

    st = ctx.styles
    pad = 7 * ctx.scale
    bar = 3 * ctx.scale
    inner = width - 2 * pad - bar
    label = mk.CALLOUT_KINDS.get(block.kind, block.kind).upper()
    title = block.title if block.title.upper() != label else ""
    head = f"{label}" + (f" · {mk.inline_xml(title)}" if title else "")
    content = [Paragraph(head, st["callout_title"])]
    content.extend(block_flowables(block.body, ctx, inner, body_style="callout"))
    background = ctx.palette.tint(0.86) if block.kind in ("example", "variant") else "#eef1f4"
    if block.kind == "tip":
        background = ctx.palette.tint(0.80)
    table = Table(
        [[content]],
        colWidths=[width - bar],
        hAlign="RIGHT",
        spaceBefore=3 * ctx.scale,
        spaceAfter=10 * ctx.scale,
        style=TableStyle(
            [
                ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor(background)),
                (
                    "LINEBEFORE",
                    (0, 0),
                    (0, -1),
                    bar,
                    colors.HexColor(
                        ctx.palette.accent if block.kind != "note" else ctx.palette.ink
                    ),
                ),
                ("LEFTPADDING", (0, 0), (-1, -1), pad),
                ("RIGHTPADDING", (0, 0), (-1, -1), pad),
                ("TOPPADDING", (0, 0), (-1, -1), pad * 0.8),
                ("BOTTOMPADDING", (0, 0), (-1, -1), pad * 0.45),
            ]
        ),
    )
    return table


def _columns_flowable(block: mk.Columns, ctx: LayoutContext, width: float, body_style: str) -> Any:
    from reportlab.platypus import Table, TableStyle

    n = max(len(block.columns), 1)
    gap = 10 * ctx.scale
    col_w = (width - gap * (n - 1)) / n
    cells = [block_flowables(col, ctx, col_w, body_style=body_style) for col in block.columns]
    widths = [col_w + (gap if k < n - 1 else 0) for k in range(n)]
    return Table(
        [cells],
        colWidths=widths,
        hAlign="LEFT",
        style=TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-2, -1), gap),
                ("RIGHTPADDING", (-1, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ]
        ),
    )


def _keep_start_class() -> type:
    from reportlab.platypus import Flowable, KeepTogether
    from reportlab.platypus.doctemplate import FrameBreak

    class _KeepWithStart(Flowable):  # type: ignore[misc]  # reportlab ships no types: the base is Any
        """Headings that move to the next page with what follows them,
        unless at least ``min_start`` of it fits below them on this one.

        Like reportlab's KeepTogether it always asks to be split, so the
        headings reach the document one by one (contents, running header).
        """

        def __init__(self, heads: list[Any], body: Any, min_start: float) -> None:
            super().__init__()
            self.heads = heads
            self.body = body
            self.min_start = min_start

        def __repr__(self) -> str:
            return f"KeepWithStart({self.heads!r}, {self.body!r})"

        def getSpaceBefore(self) -> float:
            return float(self.heads[0].getSpaceBefore())

        def getSpaceAfter(self) -> float:
            return float(self.body.getSpaceAfter())

        def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
            return avail_w, 0xFFFFFF  # force a split

        def split(self, avail_w: float, avail_h: float) -> list[Any]:
            whole = [*self.heads, self.body]
            for f in whole:  # some flowables measure text with the canvas
                f.canv = self.canv
            frame = getattr(self, "_frame", None)
            if frame is not None and getattr(frame, "_atTop", False):
                return whole
            used = 0.0
            for k, f in enumerate(self.heads):
                used += f.wrap(avail_w, avail_h)[1] + f.getSpaceAfter()
                used += f.getSpaceBefore() if k else 0.0
            room = avail_h - used - self.body.getSpaceBefore()
            if room > 0:
                if isinstance(self.body, KeepTogether):
                    self.body.wrap(avail_w, room)
                    if room >= self.body._H:
                        return whole
                else:
                    need = self.body.wrap(avail_w, room)[1]
                    if need <= room:
                        return whole
                    parts = self.body.split(avail_w, room)
                    # the pieces that fit below the headings (a list splits
                    # into single items, a table or paragraph into two)
                    fits = 0.0
                    for k, part in enumerate(parts):
                        h = part.wrap(avail_w, room)[1] + (part.getSpaceBefore() if k else 0)
                        if fits + h > room:
                            break
                        fits += h + part.getSpaceAfter()
                    if parts and fits >= min(self.min_start, need):
                        return [*self.heads, *parts]
            return [FrameBreak(), *whole]

    return _KeepWithStart


class _BuiltOnFirstUse:
    """A flowable class that ``build`` makes on first use (reportlab loads lazily)."""

    def __init__(self, build: Callable[[], type]) -> None:
        self._build = build
        self._cls: type | None = None

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self._cls is None:
            self._cls = self._build()
        return self._cls(*args, **kwargs)


KeepWithStart = _BuiltOnFirstUse(_keep_start_class)


def _card_row_class() -> type:
    from reportlab.lib import colors
    from reportlab.platypus import Flowable

    red = colors.HexColor("#c0262d")
    black = colors.HexColor("#161616")

    class _CardRow(Flowable):  # type: ignore[misc]  # reportlab ships no types: the base is Any
        """A row of small playing cards drawn as vectors (rank, suit)."""

        def __init__(
            self,
            codes: Sequence[str],
            *,
            height: float,
            max_width: float | None = None,
            centered: bool = False,
            align: str = "left",
            space: float = 0,
        ) -> None:
            super().__init__()
            self.codes = tuple(codes)
            self.card_h = height
            self.max_width = max_width
            self.align = "center" if centered else align
            self.spaceBefore = space
            self.spaceAfter = space

        def __repr__(self) -> str:
            return f"CardRow({' '.join(self.codes)})"

        def _metrics(self) -> tuple[float, float, float]:
            h = self.card_h
            w = h * 0.7
            gap = h * 0.12
            total = len(self.codes) * w + max(len(self.codes) - 1, 0) * gap
            if self.max_width and total > self.max_width:
                k = self.max_width / total
                h, w, gap, total = h * k, w * k, gap * k, self.max_width
            return h, w, gap

        def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
            h, _w, _gap = self._metrics()
            self._avail = avail_w
            return avail_w, h + 1

        def draw(self) -> None:
            h, w, gap = self._metrics()
            total = len(self.codes) * w + max(len(self.codes) - 1, 0) * gap
            x = {"center": (self._avail - total) / 2, "right": self._avail - total}.get(
                self.align, 0.0
            )
            c = self.canv
            for code in self.codes:
                c.saveState()
                c.setLineWidth(max(0.35, h / 60))
                c.setStrokeColor(colors.HexColor("#7a7a7a"))
                c.setFillColor(colors.white)
                c.roundRect(x, 0.5, w, h, radius=h * 0.09, stroke=1, fill=1)
                if code == "*":
                    c.setFillColor(red)
                    c.setFont("ZapfDingbats", h * 0.5)
                    c.drawCentredString(x + w / 2, h * 0.3, "★")
                    c.setFont("Helvetica-Bold", h * 0.16)
                    c.drawCentredString(x + w / 2, h * 0.1, "JOKER")
                else:
                    card = parse_card(code)
                    suit = SUIT_SYMBOLS[card.suit]
                    color = red if card.suit in RED_SUITS else black
                    c.setFillColor(color)
                    rank = rank_label(card.code[0])
                    c.setFont("Helvetica-Bold", h * (0.26 if rank != "10" else 0.22))
                    c.drawString(x + w * 0.1, h * 0.73, rank)
                    c.setFont("ZapfDingbats", h * 0.46)
                    c.drawCentredString(x + w / 2, h * 0.17, suit)
                c.restoreState()
                x += w + gap

    return _CardRow


CardRowFlowable = _BuiltOnFirstUse(_card_row_class)
