"""The small block markup the rulebook templates render to, and its parser.

A rulebook template (Jinja2) produces plain text in this markup; the parser
turns it into a tree of immutable blocks, which
:mod:`companion.printing.rulebook` lays out with reportlab. The markup is a
tiny Markdown-like subset, documented for editors in ``docs/rulebooks.md``:

* ``---`` ... ``---`` at the very top: front matter (``key: value`` lines);
* ``# Chapter``, ``## Section``, ``### Subsection``, with optional flags in
  braces at the end: ``# Quick reference {quickref}``;
* paragraphs (consecutive lines), ``- bullets`` and ``1. numbered`` items
  (indent two spaces to nest or to continue an item);
* ``| pipe | tables |`` whose second line (``|---|:--:|``) sets the column
  widths (by the number of dashes) and alignment (by the colons);
* ``::: kind Title`` ... ``:::`` callouts (``example``, ``tip``, ``note``,
  ``variant``, ``clarification``) and ``::: columns`` split by ``+++``;
* ``[[As Ks Qs]]`` alone on a line or in a table cell: a row of small cards;
* ``@pagebreak`` alone on a line.

Inline: ``**bold**``, ``*italic*``, ```code```, ``<br>`` (a line break), suit symbols ♠ ♥ ♦ ♣ (drawn from the
ZapfDingbats font), and ``\\`` escapes any markup character.

>>> doc = parse("---\\ntitle: Demo\\n---\\n# Setup {quickref}\\nShuffle the deck.\\n- one\\n- two\\n")
>>> doc.meta["title"], [type(b).__name__ for b in doc.blocks]
('Demo', ['Heading', 'Paragraph', 'BulletList'])
>>> doc.blocks[0]
Heading(level=1, text='Setup', flags=frozenset({'quickref'}))
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from companion.errors import CompanionError
from companion.poker.cards import SUIT_COLORS, SUIT_SYMBOLS, card_symbol, parse_card, split_tokens

CALLOUT_KINDS: dict[str, str] = {
    "example": "Example",
    "tip": "Strategy tip",
    "note": "Note",
    "variant": "Variant",
    "clarification": "Clarification",
    "warning": "Watch out",
}
"""Callout kinds and the label printed when the callout has no title of its own."""

HEADING_FLAGS = frozenset({"quickref", "notoc", "newpage"})
"""``quickref``: the chapter starts a page and is shrunk to fit on it;
``notoc``: leave the heading out of the contents; ``newpage``: start a new
page before the heading."""

SYMBOL_COLORS = {SUIT_SYMBOLS[s]: color for s, color in SUIT_COLORS.items()}
"""Each suit symbol's colour in print (from the notation table)."""


# ---------------------------------------------------------------------------
# Blocks
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Heading:
    level: int
    text: str
    flags: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Paragraph:
    text: str


@dataclass(frozen=True)
class ListItem:
    text: str
    children: tuple[Block, ...] = ()


@dataclass(frozen=True)
class BulletList:
    items: tuple[ListItem, ...]


@dataclass(frozen=True)
class NumberedList:
    items: tuple[ListItem, ...]
    start: int = 1


@dataclass(frozen=True)
class Table:
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    widths: tuple[float, ...]
    """Relative column widths (they sum to 1)."""
    aligns: tuple[str, ...]
    """``left``, ``right`` or ``center`` per column."""


@dataclass(frozen=True)
class Callout:
    kind: str
    title: str
    body: tuple[Block, ...]


@dataclass(frozen=True)
class Columns:
    columns: tuple[tuple[Block, ...], ...]


@dataclass(frozen=True)
class CardRow:
    codes: tuple[str, ...]
    """Card codes such as ``As``, ``Th``, ``10h``; ``*`` is a joker."""


@dataclass(frozen=True)
class PageBreak:
    pass


Block = (
    Heading
    | Paragraph
    | BulletList
    | NumberedList
    | Table
    | Callout
    | Columns
    | CardRow
    | PageBreak
)


@dataclass(frozen=True)
class Document:
    meta: dict[str, str] = field(default_factory=dict)
    blocks: tuple[Block, ...] = ()

    def headings(self) -> list[Heading]:
        """Every heading, callouts and columns included, in reading order."""
        out: list[Heading] = []

        def walk(blocks: tuple[Block, ...]) -> None:
            for b in blocks:
                if isinstance(b, Heading):
                    out.append(b)
                elif isinstance(b, Callout):
                    walk(b.body)
                elif isinstance(b, Columns):
                    for col in b.columns:
                        walk(col)

        walk(self.blocks)
        return out


# ---------------------------------------------------------------------------
# Parsing
# ---------------------------------------------------------------------------

_HEADING = re.compile(r"^(#{1,4})\s+(.*?)\s*(?:\{([a-z ,]+)\})?\s*$")
_BULLET = re.compile(r"^(\s*)[-•]\s+(.*)$")
_NUMBER = re.compile(r"^(\s*)(\d+)[.)]\s+(.*)$")
_CARDROW = re.compile(r"^\[\[([^\]]*)\]\]$")
_SEPARATOR_CELL = re.compile(r"^:?-+:?$")


def parse(text: str) -> Document:
    """Parse rendered rulebook markup into a :class:`Document`."""
    lines = text.replace("\r\n", "\n").replace("\t", "    ").split("\n")
    meta: dict[str, str] = {}
    start = 0
    while start < len(lines) and not lines[start].strip():
        start += 1
    if start < len(lines) and lines[start].strip() == "---":
        end = start + 1
        while end < len(lines) and lines[end].strip() != "---":
            key, sep, value = lines[end].partition(":")
            if lines[end].strip():
                if not sep or not key.strip():
                    raise CompanionError(
                        f"front matter line is not 'key: value': {lines[end].strip()!r}"
                    )
                meta[key.strip()] = value.strip()
            end += 1
        if end >= len(lines):
            raise CompanionError("front matter opened with '---' is never closed")
        start = end + 1
    return Document(meta=meta, blocks=tuple(_blocks(lines[start:])))


def _blocks(lines: list[str]) -> list[Block]:
    out: list[Block] = []
    i = 0
    n = len(lines)
    while i < n:
        line = lines[i]
        stripped = line.strip()
        if not stripped:
            i += 1
            continue
        if stripped.startswith(":::"):
            i = _container(lines, i, out)
            continue
        if stripped == "@pagebreak":
            out.append(PageBreak())
            i += 1
            continue
        if stripped.startswith("@"):
            raise CompanionError(f"unknown directive {stripped.split()[0]!r} (known: @pagebreak)")
        m = _HEADING.match(stripped)
        if m:
            flags = frozenset((m.group(3) or "").replace(",", " ").split())
            unknown = flags - HEADING_FLAGS
            if unknown:
                raise CompanionError(
                    f"heading {m.group(2)!r} has unknown flag(s) {', '.join(sorted(unknown))} "
                    f"(known: {', '.join(sorted(HEADING_FLAGS))})"
                )
            out.append(Heading(len(m.group(1)), m.group(2), flags))
            i += 1
            continue
        card_row = _CARDROW.match(stripped)
        if card_row:
            out.append(CardRow(card_codes(card_row.group(1))))
            i += 1
            continue
        if stripped.startswith("|"):
            j = i
            while j < n and lines[j].strip().startswith("|"):
                j += 1
            out.append(_table(lines[i:j]))
            i = j
            continue
        if _BULLET.match(line) or _NUMBER.match(line):
            j = i + 1
            while j < n and lines[j].strip() and not _starts_block(lines[j], in_list=True):
                j += 1
            # a blank line followed by an indented line or another item continues the list
            while j < n:
                k = j
                while k < n and not lines[k].strip():
                    k += 1
                if k < n and (
                    _BULLET.match(lines[k]) or _NUMBER.match(lines[k]) or lines[k].startswith("  ")
                ):
                    j = k + 1
                    while j < n and lines[j].strip() and not _starts_block(lines[j], in_list=True):
                        j += 1
                else:
                    break
            out.append(_list(lines[i:j]))
            i = j
            continue
        j = i + 1
        while j < n and lines[j].strip() and not _starts_block(lines[j]):
            j += 1
        out.append(Paragraph(" ".join(s.strip() for s in lines[i:j])))
        i = j
    return out


def _starts_block(line: str, in_list: bool = False) -> bool:
    s = line.strip()
    if s.startswith((":::", "|", "@pagebreak")) or _HEADING.match(s) or _CARDROW.match(s):
        return True
    if in_list:
        return False
    return bool(_BULLET.match(line) or _NUMBER.match(line))


def _container(lines: list[str], i: int, out: list[Block]) -> int:
    opener = lines[i].strip()[3:].strip()
    if not opener:
        raise CompanionError("a ':::' closes nothing here (a callout opens with '::: kind')")
    kind, _, title = opener.partition(" ")
    depth = 1
    j = i + 1
    while j < len(lines):
        s = lines[j].strip()
        if s.startswith(":::"):
            depth = depth + 1 if s[3:].strip() else depth - 1
            if depth == 0:
                break
        j += 1
    else:
        raise CompanionError(f"callout '::: {opener}' is never closed with ':::'")
    inner = lines[i + 1 : j]
    if kind == "columns":
        cols: list[list[str]] = [[]]
        level = 0
        for s in inner:
            t = s.strip()
            if t.startswith(":::"):
                level = level + 1 if t[3:].strip() else level - 1
            if t == "+++" and level == 0:
                cols.append([])
            else:
                cols[-1].append(s)
        out.append(Columns(tuple(tuple(_blocks(c)) for c in cols)))
    elif kind in CALLOUT_KINDS:
        out.append(Callout(kind, title.strip() or CALLOUT_KINDS[kind], tuple(_blocks(inner))))
    else:
        raise CompanionError(
            f"unknown callout kind {kind!r} (known: columns, {', '.join(CALLOUT_KINDS)})"
        )
    return j + 1


def _list(lines: list[str]) -> Block:
    """Parse list lines; items at the smallest indent, deeper lines nest."""
    base = min(len(ln) - len(ln.lstrip()) for ln in lines if _BULLET.match(ln) or _NUMBER.match(ln))
    items: list[tuple[str, list[str]]] = []
    ordered: bool | None = None
    start = 1
    for ln in lines:
        if not ln.strip():
            if items:
                items[-1][1].append("")
            continue
        indent = len(ln) - len(ln.lstrip())
        mb, mn = _BULLET.match(ln), _NUMBER.match(ln)
        marker = mb or mn
        if indent <= base and marker:
            this_ordered = mn is not None and not mb
            if ordered is None:
                ordered = this_ordered
                if mn is not None and not mb:
                    start = int(mn.group(2))
            elif ordered != this_ordered:
                raise CompanionError(f"a list mixes bullets and numbers: {ln.strip()!r}")
            items.append((marker.group(3 if this_ordered else 2).strip(), []))
        elif not items:
            raise CompanionError(f"indented line outside a list: {ln.strip()!r}")
        else:
            items[-1][1].append(ln[base:] if indent >= base else ln)
    built: list[ListItem] = []
    for text, rest in items:
        # lines right under the item that are not a nested list continue its text
        cont: list[str] = []
        k = 0
        while (
            k < len(rest)
            and rest[k].strip()
            and not (_BULLET.match(rest[k]) or _NUMBER.match(rest[k]))
        ):
            cont.append(rest[k].strip())
            k += 1
        children = tuple(_blocks([r.removeprefix("  ") for r in rest[k:]]))
        built.append(ListItem(" ".join([text, *cont]), children))
    if ordered:
        return NumberedList(tuple(built), start)
    return BulletList(tuple(built))


def _split_row(line: str) -> list[str]:
    s = line.strip()
    s = s.removeprefix("|")
    if s.endswith("|") and not s.endswith("\\|"):
        s = s[:-1]
    cells: list[str] = []
    cur = []
    k = 0
    while k < len(s):
        ch = s[k]
        if ch == "\\" and k + 1 < len(s):
            cur.append(s[k : k + 2])
            k += 2
            continue
        if ch == "|":
            cells.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
        k += 1
    cells.append("".join(cur).strip())
    return cells


def _table(lines: list[str]) -> Table:
    if len(lines) < 2:
        raise CompanionError(f"a table needs a header and a '|---|' line: {lines[0].strip()!r}")
    header = _split_row(lines[0])
    sep = _split_row(lines[1])
    if not all(_SEPARATOR_CELL.match(c.replace(" ", "")) for c in sep):
        raise CompanionError(
            f"the second line of a table must be like '|---|---|': {lines[1].strip()!r}"
        )
    if len(sep) != len(header):
        raise CompanionError(
            f"table header has {len(header)} column(s) but its '|---|' line {len(sep)}: {lines[0].strip()!r}"
        )
    dashes = [max(c.count("-"), 1) for c in sep]
    total = sum(dashes)
    widths = tuple(d / total for d in dashes)
    aligns = tuple(
        "center"
        if c.strip().startswith(":") and c.strip().endswith(":")
        else "right"
        if c.strip().endswith(":")
        else "left"
        for c in sep
    )
    rows = []
    for ln in lines[2:]:
        cells = _split_row(ln)
        if len(cells) != len(header):
            raise CompanionError(
                f"table row has {len(cells)} cell(s), the header {len(header)}: {ln.strip()[:80]!r}"
            )
        rows.append(tuple(cells))
    return Table(tuple(header), tuple(rows), widths, aligns)


def card_codes(text: str) -> tuple[str, ...]:
    """Split a ``[[...]]`` card list and check each code.

    >>> card_codes("As 10h Td * 7♣")
    ('As', 'Th', 'Td', '*', '7c')
    """
    out = []
    for raw in split_tokens(text):
        try:
            out.append(parse_card(raw).code)
        except CompanionError:
            raise CompanionError(
                f"'{raw}' is not a card (write it like As, 10h, Kd or * for a joker)"
            ) from None
    return tuple(out)


def cell_card_row(cell: str) -> CardRow | None:
    """A table cell that holds only ``[[...]]`` becomes a row of small cards."""
    m = _CARDROW.match(cell.strip())
    return CardRow(card_codes(m.group(1))) if m else None


# ---------------------------------------------------------------------------
# Inline markup to reportlab's paragraph XML
# ---------------------------------------------------------------------------


def escape(text: str) -> str:
    """Make card data safe to drop into the markup (a Jinja filter, ``md``).

    >>> escape("2*3 | [[x]]")
    '2\\\\*3 \\\\| \\\\[\\\\[x\\\\]\\\\]'
    """
    return "".join("\\" + ch if ch in "\\*|[]`" else ch for ch in str(text))


def inline_xml(text: str, *, suit_font: str = "ZapfDingbats") -> str:
    """Inline markup to reportlab paragraph XML: bold, italics, suits, cards.

    >>> inline_xml("**Fold** & *go* K♠")
    '<b>Fold</b> &amp; <i>go</i> K<font name="ZapfDingbats" color="black">♠</font>'
    >>> inline_xml("`--out` a \\\\*star\\\\* [[Ah]]")
    '<font name="Courier">--out</font> a *star* A<font name="ZapfDingbats" color="red">♥</font>'
    """
    # protect escapes first, then escape XML, then apply markup
    protected: list[str] = []

    def keep(m: re.Match[str]) -> str:
        protected.append(m.group(1))
        return f"\x00{len(protected) - 1}\x00"

    s = re.sub(r"\\(.)", keep, text)
    codes: list[str] = []

    def code(m: re.Match[str]) -> str:
        codes.append(m.group(1))
        return f"\x02{len(codes) - 1}\x02"

    s = re.sub(r"`([^`]+)`", code, s)
    s = s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    s = s.replace("&lt;br&gt;", "<br/>")
    s = re.sub(
        r"\[\[([^\]]*)\]\]", lambda m: " ".join(_card_text(c) for c in card_codes(m.group(1))), s
    )
    s = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", s)
    s = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<i>\1</i>", s)
    s = re.sub(
        f"[{''.join(SYMBOL_COLORS)}]",
        lambda m: (
            f'<font name="{suit_font}" color="{SYMBOL_COLORS[m.group(0)]}">{m.group(0)}</font>'
        ),
        s,
    )
    s = re.sub(
        "\x02(\\d+)\x02",
        lambda m: '<font name="Courier">' + _xml(codes[int(m.group(1))]) + "</font>",
        s,
    )
    s = re.sub(
        "\x00(\\d+)\x00",
        lambda m: _xml(protected[int(m.group(1))]),
        s,
    )
    return s


def _xml(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _card_text(code: str) -> str:
    return "Joker" if code == "*" else card_symbol(code)


def plain_text(text: str) -> str:
    """Inline markup stripped to the words a reader sees (for the contents).

    >>> plain_text("**Twinned** Dragon \\\\*Kings\\\\* [[Ks Kc]]")
    'Twinned Dragon *Kings* K♠ K♣'
    """
    s = re.sub(r"\\(.)", lambda m: "\x01" + str(ord(m.group(1))) + "\x01", text)
    s = re.sub(
        r"\[\[([^\]]*)\]\]", lambda m: " ".join(_card_text(c) for c in card_codes(m.group(1))), s
    )
    s = s.replace("**", "").replace("`", "").replace("<br>", " ")
    s = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"\1", s)
    return re.sub("\x01(\\d+)\x01", lambda m: chr(int(m.group(1))), s)
