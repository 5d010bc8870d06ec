"""Card text: the little markup templates write, and fitting it into a box.

The standard PDF fonts are used (nothing embedded). Helvetica and Times
cover Western European text; the few symbols a card needs come from the
two standard symbol fonts, still vectors, set inline in the text flow:
suits ♠ ♥ ♦ ♣, the soul gem ◆, stars ★ from ZapfDingbats, and ≥ ≤ → ∞
from Symbol. Any other character cannot be printed, and the build says so,
naming the card.

Body markup (what a card template renders):

* blank lines separate paragraphs; a single newline breaks the line;
* ``## Heading`` a heading, ``## Left || right`` with a right-aligned part;
* ``- item`` a bullet; ``> text`` a centred italic line (flavour);
* ``---`` a thin rule; lines starting with ``|`` make a table
  (``| a | b |``; a ``|---|`` line under the first row makes it a header);
* inline reportlab tags: ``<b>``, ``<i>``, ``<font color="#c00">``.

:func:`fit_body` sets the body at the largest size from the template's size
down to 6 pt that fits the box; below that :class:`CardTextError` names the
card.

>>> glyph_markup("Cost: ♥♥ ≥ 2")
'Cost: <font face="ZapfDingbats" color="#c8102e">♥♥</font> <font face="Symbol">≥</font> 2'
>>> printable_problem("Zwölf — “fine”")
>>> printable_problem("snow ☃")
"'☃' (U+2603)"
"""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Table, TableStyle

from companion.errors import CompanionError
from companion.printing.paragraphs import Paragraph

MIN_SIZE = 6.0
"""The smallest type we print on a card of poker size or larger."""
SMALL_MIN_SIZE = 5.0
"""The smallest rules text on a small card (a mini card is 0.7 of a poker
card): there a face that cannot hold its rules at 6 pt, even without its
flavour text, sets them at down to 5 pt rather than leaving the card out."""


def min_text_size(k: float) -> float:
    """The floor of a face's rules text on a card ``k`` times a poker card's size.

    >>> min_text_size(1.0), min_text_size(0.9), min_text_size(0.7)
    (6.0, 6.0, 5.0)
    """
    return MIN_SIZE if k >= 0.85 else SMALL_MIN_SIZE


BODY_FONT = "Helvetica"
BOLD_FONT = "Helvetica-Bold"
ITALIC_FONT = "Helvetica-Oblique"
TITLE_FONT = "Times-Bold"

# Colours of the symbols that carry one (suits, the soul gem); every other
# symbol takes the colour of the text around it.
SYMBOL_COLORS = {"♥": "#c8102e", "♦": "#c8102e", "◆": "#b0223a"}


def _encodable(ch: str, codec: str) -> bool:
    try:
        ch.encode(codec)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _symbol_sets() -> tuple[frozenset[str], frozenset[str]]:
    """Characters outside WinAnsi that ZapfDingbats or Symbol can set."""
    import reportlab.pdfbase.rl_codecs  # noqa: F401 - registers the font codecs

    candidates = [chr(i) for r in (range(0xA0, 0x400), range(0x2000, 0x2800)) for i in r]
    dingbats = frozenset(
        ch for ch in candidates if not _winansi(ch) and _encodable(ch, "zapfdingbatsencoding")
    )
    symbol = frozenset(
        ch
        for ch in candidates
        if not _winansi(ch) and ch not in dingbats and _encodable(ch, "symbolencoding")
    )
    return dingbats, symbol


class CardTextError(CompanionError):
    """A card whose text cannot be printed legibly."""


class TextDoesNotFit(CardTextError):
    """A card whose text needs a larger card: too long for its box even at 6 pt."""


@functools.lru_cache(maxsize=4096)
def _winansi(ch: str) -> bool:
    try:
        ch.encode("cp1252")
    except UnicodeEncodeError:
        return False
    return True


DINGBATS, SYMBOL = _symbol_sets()


def printable_problem(text: str) -> str | None:
    """The first character of ``text`` no bundled font can print, described."""
    if text.isascii():
        return None
    for ch in text:
        if ch in "\n\t" or _winansi(ch) or ch in DINGBATS or ch in SYMBOL:
            continue
        return f"'{ch}' (U+{ord(ch):04X})"
    return None


def glyph_markup(markup: str) -> str:
    """Wrap symbol characters in the standard font that holds them.

    Only characters outside ASCII are touched, so tags and attributes stay
    intact; runs of the same symbol font share one ``<font>`` tag.
    """
    out: list[str] = []
    i = 0
    n = len(markup)
    while i < n:
        ch = markup[i]
        if ch in DINGBATS:
            colour = SYMBOL_COLORS.get(ch)
            j = i
            while j < n and markup[j] in DINGBATS and SYMBOL_COLORS.get(markup[j]) == colour:
                j += 1
            run = markup[i:j]
            attrs = f' color="{colour}"' if colour else ""
            out.append(f'<font face="ZapfDingbats"{attrs}>{run}</font>')
            i = j
        elif ch in SYMBOL:
            j = i
            while j < n and markup[j] in SYMBOL:
                j += 1
            out.append(f'<font face="Symbol">{markup[i:j]}</font>')
            i = j
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def check_printable(text: str, where: str) -> None:
    problem = printable_problem(text)
    if problem:
        raise CardTextError(
            f"{where}: character {problem} cannot be printed with the standard PDF fonts"
        )


# ---------------------------------------------------------------- single lines


def _runs(text: str, font: str) -> list[tuple[str, str, str | None]]:
    """Split plain text into (text, font, colour) runs for symbol characters."""
    runs: list[tuple[str, str, str | None]] = []
    for ch in text:
        if ch in DINGBATS:
            key: tuple[str, str | None] = ("ZapfDingbats", SYMBOL_COLORS.get(ch))
        elif ch in SYMBOL:
            key = ("Symbol", None)
        else:
            key = (font, None)
        if runs and (runs[-1][1], runs[-1][2]) == key:
            runs[-1] = (runs[-1][0] + ch, key[0], key[1])
        else:
            runs.append((ch, key[0], key[1]))
    return runs


def line_width(text: str, font: str, size: float) -> float:
    """Width in points of one line of plain text (symbols included).

    >>> round(line_width("AB", "Helvetica", 10), 2)
    13.34
    """
    return float(sum(stringWidth(t, f, size) for t, f, _ in _runs(text, font)))


def draw_line(
    c: Canvas,
    text: str,
    x: float,
    y: float,
    font: str,
    size: float,
    colour: Color | None = None,
    align: str = "left",
) -> float:
    """Draw one line of plain text at baseline ``y``; returns its width."""
    width = line_width(text, font, size)
    if align == "center":
        x -= width / 2
    elif align == "right":
        x -= width
    if getattr(c, "_companion_probe", None) is not None:
        from companion.printing.probe import mark

        descends = any(ch in "gjpqyQ,;()[]{}/|@$" for ch in text)
        mark(
            c, "text", text, (x, y - (0.21 if descends else 0.02) * size, x + width, y + 0.7 * size)
        )
    for run, run_font, run_colour in _runs(text, font):
        if run_colour:
            c.setFillColor(HexColor(run_colour))
        elif colour is not None:
            c.setFillColor(colour)
        c.setFont(run_font, size)
        c.drawString(x, y, run)
        x += stringWidth(run, run_font, size)
    return width


def fit_line_size(
    text: str, font: str, max_size: float, width: float, min_size: float = MIN_SIZE
) -> float | None:
    """The largest size (≤ ``max_size``, ≥ ``min_size``) at which ``text`` fits ``width``.

    >>> fit_line_size("Dungeon", "Helvetica", 12, 1000)
    12
    >>> fit_line_size("Dungeon", "Helvetica", 12, 10) is None
    True
    """
    natural = line_width(text, font, max_size)
    if natural <= width:
        return max_size
    size = max_size * width / natural
    size = int(size * 4) / 4.0  # quarter points, rounded down
    return size if size >= min_size else None


def wrap_words(text: str, font: str, size: float, width: float) -> list[str]:
    """Greedy word wrap of plain text into lines no wider than ``width``."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}" if current else word
        if line_width(trial, font, size) <= width or not current:
            current = trial
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    return lines


# ---------------------------------------------------------------- body markup


@dataclass(frozen=True)
class BodyStyle:
    """How a body is set: base size, colours, alignment."""

    size: float = 8.0
    color: Color = field(default_factory=lambda: HexColor("#1d1d24"))
    accent: Color = field(default_factory=lambda: HexColor("#7a1f1f"))
    align: str = "left"
    rule: Color = field(default_factory=lambda: HexColor("#b8b0a0"))


@dataclass(frozen=True)
class Block:
    kind: str  # para, heading, bullet, flavor, rule, table
    text: str = ""
    right: str = ""
    rows: tuple[tuple[str, ...], ...] = ()
    header: bool = False


def parse_body(markup: str) -> list[Block]:
    """Split body markup into blocks.

    >>> [b.kind for b in parse_body("## Rage || ♥\\nDraw two.\\n\\n- one\\n- two\\n\\n---\\n> old words")]
    ['heading', 'para', 'bullet', 'bullet', 'rule', 'flavor']
    >>> parse_body("| a | b |\\n|---|---|\\n| 1 | 2 |")[0].rows
    (('a', 'b'), ('1', '2'))
    """
    blocks: list[Block] = []
    para: list[str] = []
    table: list[tuple[str, ...]] = []
    header = False

    def flush_para() -> None:
        if para:
            blocks.append(Block("para", "<br/>".join(para)))
            para.clear()

    def flush_table() -> None:
        nonlocal header
        if table:
            blocks.append(Block("table", rows=tuple(table), header=header))
            table.clear()
            header = False

    for raw in markup.splitlines():
        line = raw.strip()
        if line.startswith("|"):
            flush_para()
            cells = tuple(cell.strip() for cell in line.strip("|").split("|"))
            if all(re.fullmatch(r":?-{2,}:?", cell) for cell in cells if cell):
                header = len(table) == 1
                continue
            table.append(cells)
            continue
        flush_table()
        if not line:
            flush_para()
        elif line.startswith("## "):
            flush_para()
            left, _, right = line[3:].partition("||")
            blocks.append(Block("heading", left.strip(), right.strip()))
        elif line == "---":
            flush_para()
            blocks.append(Block("rule"))
        elif line.startswith(("- ", "• ")):
            flush_para()
            blocks.append(Block("bullet", line[2:].strip()))
        elif line.startswith("> ") or line == ">":
            flush_para()
            blocks.append(Block("flavor", line[1:].strip()))
        else:
            para.append(line)
    flush_para()
    flush_table()
    return blocks


def without_flavor(markup: str) -> str:
    r"""``markup`` less its flavour quotes (``> ...``) and the rules that set them off.

    A small card that cannot hold a face's every word keeps its rules:
    the flavour is what gives way.

    >>> without_flavor("Draw two.\n\n---\n> Old and wild.")
    'Draw two.'
    >>> without_flavor("Draw two.\n---\nThen one.")
    'Draw two.\n---\nThen one.'
    """
    lines = [ln for ln in markup.splitlines() if not ln.strip().startswith(">")]
    kept: list[str] = []
    for i, line in enumerate(lines):
        if line.strip() == "---" and not any(rest.strip() for rest in lines[i + 1 :]):
            continue
        kept.append(line)
    return "\n".join(kept).strip()


_TOKEN = re.compile(r"\{([a-z][a-z0-9-]*)\}")


def icon_tokens(text: str) -> list[str] | None:
    """``{gem}{gem}`` → ``['gem', 'gem']``; ``None`` unless the text is only icon tokens.

    >>> icon_tokens("{gem}{gem}"), icon_tokens("passive")
    (['gem', 'gem'], None)
    """
    stripped = text.strip()
    names = _TOKEN.findall(stripped)
    if not names or _TOKEN.sub("", stripped).strip():
        return None
    return names


ICON_WORDS = {"gem": ("soul gem", "soul gems")}
"""How a row of icons in a heading reads as words, where the icon's name is not the word."""

_TAG = re.compile(r"<[^>]*>")


def _untagged(markup: str) -> str:
    """Inline markup as plain text: ``<br/>`` a line break, other tags dropped, entities read."""
    text = re.sub(r"<br\s*/?>", "\n", markup)
    return "\n".join(
        " ".join(line.split()) for line in html.unescape(_TAG.sub("", text)).split("\n")
    )


def _icons_as_words(names: list[str], beside: str) -> str:
    """``['gem', 'gem']`` → ``2 soul gems``; nothing when the text beside them names the icon."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    parts = []
    for name, n in counts.items():
        if name.lower() in beside.lower():
            continue
        one, many = ICON_WORDS.get(name, (name, name))
        parts.append(f"{n} {one if n == 1 else many}")
    return ", ".join(parts)


def plain_text(markup: str) -> str:
    """What a body prints, as plain text: its rules first, then its flavour.

    Headings keep their right-hand part (a row of cost icons reads as words),
    bullets keep their dot, table rows become lines; rules lines are dropped.
    This is the text a virtual table shows for a card, from the same body
    the printed face sets.

    >>> print(plain_text("## Rage || {gem}\\nDraw <b>two</b>.\\n---\\n> Old &amp; wild."))
    Rage (1 soul gem)
    Draw two.
    <BLANKLINE>
    Old & wild.
    >>> print(plain_text("## Sword ×2 || {sword}{sword}\\n- one\\n| a | b<br/>c |"))
    Sword ×2
    • one
    a · b c
    """
    rules: list[str] = []
    flavour: list[str] = []
    for block in parse_body(markup):
        if block.kind == "heading":
            left = _untagged(block.text)
            icons = icon_tokens(block.right) if block.right else None
            right = _icons_as_words(icons, left) if icons else _untagged(block.right)
            rules.append(f"{left} ({right})" if right else left)
        elif block.kind == "para":
            rules.append(_untagged(block.text))
        elif block.kind == "bullet":
            rules.append(f"• {_untagged(block.text)}")
        elif block.kind == "table":
            rules += [
                " · ".join(" ".join(_untagged(cell).split()) for cell in row if cell)
                for row in block.rows
            ]
        elif block.kind == "flavor" and block.text:
            flavour.append(_untagged(block.text))
    parts = ["\n".join(line for line in rules if line), " ".join(flavour)]
    return "\n\n".join(part for part in parts if part)


class _IconRow(Flowable):  # type: ignore[misc]  # reportlab ships no types: the base is Any
    """A row of vector icons (a heading's cost in soul gems)."""

    def __init__(self, names: list[str], size: float) -> None:
        super().__init__()
        from companion.printing.shapes import has_icon

        for name in names:
            if not has_icon(name):
                raise CompanionError(f"unknown icon '{{{name}}}' in card text")
        self.names = names
        self.size = size

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width = len(self.names) * self.size * 1.02
        return self.width, self.size * 1.1

    def draw(self) -> None:
        from companion.printing.shapes import draw_icon

        for i, name in enumerate(self.names):
            draw_icon(
                self.canv,
                name,
                self.width - (i + 0.5) * self.size * 1.02,
                self.size * 0.5,
                self.size,
            )


class _Rule(Flowable):  # type: ignore[misc]  # reportlab ships no types: the base is Any
    def __init__(self, colour: Color, pad: float) -> None:
        super().__init__()
        self.colour = colour
        self.pad = pad

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width = availWidth
        return availWidth, self.pad * 2

    def draw(self) -> None:
        self.canv.setStrokeColor(self.colour)
        self.canv.setLineWidth(0.5)
        inset = self.width * 0.15
        self.canv.line(inset, self.pad, self.width - inset, self.pad)


_ALIGN = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT, "justify": TA_JUSTIFY}


def _hex(c: Color) -> str:
    hexval: str = c.hexval()
    return "#" + hexval[2:]


def build_flowables(
    blocks: Sequence[Block], style: BodyStyle, size: float, width: float
) -> list[Flowable]:
    """The blocks set at ``size`` points, ready to wrap in ``width``."""
    lead = size * 1.2
    gap = size * 0.35
    base = ParagraphStyle(
        "body",
        fontName=BODY_FONT,
        fontSize=size,
        leading=lead,
        textColor=style.color,
        alignment=_ALIGN.get(style.align, TA_LEFT),
        spaceAfter=gap,
        allowWidows=1,
        allowOrphans=1,
    )
    heading = ParagraphStyle(
        "heading",
        parent=base,
        fontName=BOLD_FONT,
        fontSize=size * 1.05,
        leading=size * 1.25,
        textColor=style.accent,
        spaceAfter=size * 0.12,
        spaceBefore=0,
        alignment=TA_LEFT,
    )
    heading_right = ParagraphStyle("heading-right", parent=heading, alignment=TA_RIGHT)
    bullet = ParagraphStyle(
        "bullet",
        parent=base,
        leftIndent=size * 0.9,
        bulletIndent=size * 0.1,
        spaceAfter=size * 0.18,
        alignment=TA_LEFT,
    )
    flavor = ParagraphStyle(
        "flavor",
        parent=base,
        fontName=ITALIC_FONT,
        alignment=TA_CENTER,
        textColor=style.color.clone(alpha=1) if hasattr(style.color, "clone") else style.color,
    )
    cell = ParagraphStyle(
        "cell",
        parent=base,
        fontSize=size * 0.95,
        leading=size * 1.08,
        spaceAfter=0,
        alignment=TA_CENTER,
    )
    cell_head = ParagraphStyle("cell-head", parent=cell, fontName=BOLD_FONT, textColor=style.accent)
    out: list[Flowable] = []
    for block in blocks:
        if block.kind == "para":
            out.append(Paragraph(glyph_markup(block.text), base))
        elif block.kind == "heading":
            left = Paragraph(glyph_markup(block.text), heading)
            if block.right:
                icons = icon_tokens(block.right)
                if icons:
                    right: Flowable = _IconRow(icons, heading.fontSize * 1.3)
                    right_w = min(width * 0.45, right.wrap(width, 100)[0] + 1)
                else:
                    right = Paragraph(glyph_markup(block.right), heading_right)
                    right_w = min(width * 0.45, _markup_width(block.right, heading.fontSize) + 2)
                t = Table([[left, right]], colWidths=[width - right_w, right_w])
                t.setStyle(
                    TableStyle(
                        [
                            ("LEFTPADDING", (0, 0), (-1, -1), 0),
                            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                            ("TOPPADDING", (0, 0), (-1, -1), 0),
                            ("BOTTOMPADDING", (0, 0), (-1, -1), size * 0.12),
                            ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                        ]
                    )
                )
                out.append(t)
            else:
                out.append(left)
        elif block.kind == "bullet":
            out.append(Paragraph(glyph_markup(block.text), bullet, bulletText="•"))
        elif block.kind == "flavor":
            out.append(Paragraph(f"<i>{glyph_markup(block.text)}</i>", flavor))
        elif block.kind == "rule":
            out.append(_Rule(style.rule, size * 0.3))
        elif block.kind == "table":
            ncols = max(len(r) for r in block.rows)
            data = []
            for r_index, row in enumerate(block.rows):
                st = cell_head if (block.header and r_index == 0) else cell
                data.append(
                    [Paragraph(glyph_markup(txt), st) for txt in row] + [""] * (ncols - len(row))
                )
            t = Table(data, colWidths=_column_widths(block.rows, ncols, width, cell.fontSize))
            commands: list[tuple[Any, ...]] = [
                ("LEFTPADDING", (0, 0), (-1, -1), 1),
                ("RIGHTPADDING", (0, 0), (-1, -1), 1),
                ("TOPPADDING", (0, 0), (-1, -1), 0.6),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0.9),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LINEBELOW", (0, 0), (-1, -2), 0.35, style.rule),
            ]
            if block.header:
                commands.append(("LINEBELOW", (0, 0), (-1, 0), 0.7, style.accent))
            t.setStyle(TableStyle(commands))
            t.spaceAfter = gap
            out.append(t)
    return out


def _column_widths(
    rows: Sequence[Sequence[str]], ncols: int, width: float, size: float
) -> list[float]:
    """Columns as wide as their longest line (cells wrap at ``<br/>``), the
    spare room shared out evenly; when too wide, the widest column gives way."""
    natural = [0.0] * ncols
    for row in rows:
        for i, cell in enumerate(row):
            for line in re.split(r"<br\s*/?>", cell):
                natural[i] = max(natural[i], _markup_width(line, size) + 2.5)
    total = sum(natural)
    if total <= width:
        spare = (width - total) / ncols
        return [w + spare for w in natural]
    widths = list(natural)
    while sum(widths) > width + 0.01:
        widest = max(range(ncols), key=lambda i: widths[i])
        others = sorted(w for i, w in enumerate(widths) if i != widest)
        floor_w = others[-1] if others else 0.0
        excess = sum(widths) - width
        before = widths[widest]
        widths[widest] = max(floor_w, widths[widest] - excess, width / (ncols * 3))
        narrowest = width / (ncols * 3)
        stuck = widths[widest] in (floor_w, narrowest)
        if (
            stuck
            and (all(abs(w - widths[widest]) < 0.01 for w in widths) or widths[widest] == narrowest)
        ) or widths[widest] == before:
            # No column can give way alone any more (two share the widest): scale them all.
            return [w * width / sum(widths) for w in widths]
    return widths


def _markup_width(markup: str, size: float) -> float:
    plain = re.sub(r"<[^>]+>", "", markup)
    plain = plain.replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
    return line_width(plain, BOLD_FONT, size)


def _measure(flowables: Sequence[Flowable], width: float) -> tuple[float, list[float]]:
    """Total height of the flowables set in ``width``, and each one's height."""
    heights = []
    total = 0.0
    for i, f in enumerate(flowables):
        _, h = f.wrap(width, 10_000)
        heights.append(h)
        total += h
        if i < len(flowables) - 1:
            total += f.getSpaceAfter()
    return total, heights


def _height(flowables: Sequence[Flowable], width: float) -> float:
    return _measure(flowables, width)[0]


@dataclass
class FittedBody:
    """A body set at the size that fits; ``draw`` puts it in its box."""

    flowables: list[Flowable]
    size: float
    height: float
    width: float
    heights: list[float] = field(default_factory=list)

    def draw(self, c: Canvas, x: float, top: float, box_height: float, valign: str = "top") -> None:
        y = top
        if valign == "middle":
            y = top - (box_height - self.height) / 2
        if getattr(c, "_companion_probe", None) is not None and self.flowables:
            from companion.printing.probe import mark

            first = getattr(self.flowables[0], "text", "") or "body"
            mark(c, "text", str(first)[:30], (x, y - self.height, x + self.width, y))
        heights = self.heights or _measure(self.flowables, self.width)[1]
        probe = getattr(c, "_companion_probe", None)
        c._companion_probe = None  # the block is one mark; its inline icons are part of it
        try:
            for i, (f, h) in enumerate(zip(self.flowables, heights, strict=True)):
                y -= h  # wrapped already while measuring: no second layout pass
                f.drawOn(c, x, y)
                if i < len(self.flowables) - 1:
                    y -= f.getSpaceAfter()
        finally:
            c._companion_probe = probe


def _fitted(flowables: list[Flowable], size: float, width: float) -> FittedBody:
    total, heights = _measure(flowables, width)
    return FittedBody(flowables, size, total, width, heights)


def _style_key(style: BodyStyle) -> tuple[Any, ...]:
    return (
        style.size,
        style.align,
        style.color.hexval(),
        style.accent.hexval(),
        style.rule.hexval(),
    )


# Layout results by (markup, box, style): a card drawn again (the contact
# sheet, a second game sharing a template) skips the search for its size.
_HEIGHTS: dict[tuple[Any, ...], float] = {}
_SIZES: dict[tuple[Any, ...], float] = {}
# The body :func:`fit_size` set last, not drawn: the :func:`fit_body` call
# for the same box that usually follows takes it instead of setting it again.
_SPARE: dict[tuple[Any, ...], FittedBody] = {}


def natural_height(markup: str, width: float, style: BodyStyle) -> float:
    """Height the body takes at its full size in ``width`` (0 when empty)."""
    key = (markup, round(width, 3), _style_key(style))
    if key not in _HEIGHTS:
        blocks = parse_body(markup)
        _HEIGHTS[key] = (
            _height(build_flowables(blocks, style, max(style.size, MIN_SIZE), width), width)
            if blocks
            else 0.0
        )
    return _HEIGHTS[key]


def fit_body(
    markup: str,
    width: float,
    height: float,
    style: BodyStyle,
    *,
    where: str,
    min_size: float = MIN_SIZE,
) -> FittedBody:
    """Set ``markup`` at the largest size that fits ``width`` × ``height``.

    Sizes go down in quarter points from ``style.size`` to ``min_size``; when
    even ``min_size`` overflows the box, :class:`CardTextError` names
    ``where`` (the card) and says by how much.
    """
    blocks, key = _body_key(markup, width, height, style, where, min_size)
    if not blocks:
        return FittedBody([], style.size, 0.0, width)
    spare = _SPARE.pop(key, None)
    if spare is not None:
        return spare
    known = _SIZES.get(key)
    if known is not None:
        return _fitted(build_flowables(blocks, style, known, width), known, width)
    return _searched(blocks, key, width, height, style, min_size, where)


def fit_size(
    markup: str,
    width: float,
    height: float,
    style: BodyStyle,
    *,
    where: str,
    min_size: float = MIN_SIZE,
) -> float:
    """The size :func:`fit_body` sets ``markup`` at in this box, without drawing it.

    The body set to find it is kept for the next :func:`fit_body` call for
    the same box, so a face that asks first and then draws sets it once.
    """
    blocks, key = _body_key(markup, width, height, style, where, min_size)
    if not blocks:
        return style.size
    known = _SIZES.get(key)
    if known is not None:
        return known
    fitted = _searched(blocks, key, width, height, style, min_size, where)
    _SPARE.clear()
    _SPARE[key] = fitted
    return fitted.size


def _body_key(
    markup: str, width: float, height: float, style: BodyStyle, where: str, min_size: float
) -> tuple[list[Block], tuple[Any, ...]]:
    check_printable(re.sub(r"<[^>]+>", "", markup), where)
    key = (markup, round(width, 3), round(height, 3), _style_key(style), min_size)
    return parse_body(markup), key


def _searched(
    blocks: list[Block],
    key: tuple[Any, ...],
    width: float,
    height: float,
    style: BodyStyle,
    min_size: float,
    where: str,
) -> FittedBody:
    fitted = _search_size(blocks, width, height, style, max(style.size, min_size), min_size, where)
    _SIZES[key] = fitted.size
    return fitted


def _search_size(
    blocks: list[Block],
    width: float,
    height: float,
    style: BodyStyle,
    top: float,
    min_size: float,
    where: str,
) -> FittedBody:

    def attempt(size: float) -> FittedBody:
        return _fitted(build_flowables(blocks, style, size, width), size, width)

    first = attempt(top)
    if first.height <= height:
        return first
    best = attempt(min_size)
    if best.height > height:
        over = max(1, round((best.height - height) / (min_size * 1.2)))
        lines = "1 line" if over == 1 else f"{over} lines"
        raise TextDoesNotFit(
            f"{where}: text does not fit its box even at {min_size:g} pt "
            f"(about {lines} too long); shorten it or print a larger --card-size"
        )
    # Binary search in quarter points between min_size (fits) and top (does not).
    lo, hi = int(min_size * 4), int(top * 4)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        trial = attempt(mid / 4)
        if trial.height <= height:
            lo, best = mid, trial
        else:
            hi = mid
    return best
