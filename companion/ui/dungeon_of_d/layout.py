"""The Dungeon of D screen for a terminal of any size from 80 columns and 24 rows.

:func:`arrange` lays a :class:`~companion.ui.dungeon_of_d.screen.Screen` out in
at most ``height`` rows of at most ``width`` characters (the terminal's last
row is the answer prompt), whatever the game looks like: the largest map, a
full inventory, a long account of the last action, many answers. Rows are
lists of ``(text, style)`` segments, so the layout is plain data that Rich
colours (:func:`companion.ui.dungeon_of_d.shell.render_rich`) and tests can
measure.

From the top:

- the title (save, seed, turn, level and its skulls, training mode);
- the map (around the hero, five characters a room: ``@`` the hero, three
  letters, the danger digit, lower case when exhausted, ``?`` a place a room
  may still go) with, beside it, the hero (character, gold, Fruits, Arrows,
  stats, Poisoned!, the Amulet, skills) and the level's four monsters;
- the hand (HP), the top of the discard pile and the deck, the inventory,
  and on a turn the room the hero is in;
- what the last answer did, the question with its numbers, and the answers.

At 80×24 everything is there in short form. When everything does not fit,
the layout gives up detail in a fixed order, never the question or an
answer: the account of the last answer shrinks to its last lines, the room
and then the inventory rows go (both are a command away: ``room``,
``inventory``), the answers go into two columns with short labels, and only
then are the last answers left to the ``answers`` command.

A bigger terminal gets more of everything: rows as wide as the terminal (a
row is cut only when it is wider than the terminal), a larger map window,
more rows for the question and the account of the last answer, the room's
card in full; from :data:`SIDE_FROM` columns the account of the last answer
goes beside the screen instead of below it.

>>> from companion.games.dungeon_of_d.saves import Game
>>> from companion.ui.dungeon_of_d.shell import build_screen
>>> screen = build_screen(Game.new(seed=7))
>>> rows = arrange(screen)
>>> len(rows) <= HEIGHT and all(width(r) <= WIDTH for r in rows)
True
>>> big = arrange(screen, height=39, columns=120)
>>> len(big) <= 39 and all(width(r) <= 120 for r in big)
True
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from companion.ui.dungeon_of_d.screen import LOSES_SHORT, Cell, Entry, Screen

WIDTH = 80
HEIGHT = 23
"""The smallest screen: 80 columns, 23 rows (the 24th row of the terminal is the prompt)."""
MAP_COLUMNS = 7
MAP_ROWS = 6
CELL = 5
GAP = 2
QUESTION_ROWS = 4
"""The question's rows at most on the smallest screen (its lines are wrapped, then cut)."""
SIDE_FROM = 150
"""From this many columns the account of the last answer goes beside the screen."""
SIDE_WIDTH = 52
"""The width of that column beside the screen."""

Segment = tuple[str, str]
Row = list[Segment]

STYLES = {
    "title": "bold",
    "hero": "bold black on yellow",
    "room": "cyan",
    "exhausted": "dim",
    "open": "bold magenta",
    "blank": "",
    "axis": "dim",
    "status": "green",
    "monster": "red",
    "info": "",
    "dim": "dim",
    "happened": "italic",
    "question": "bold yellow",
    "number": "bold",
    "label": "",
    "hint": "dim",
}


def width(row: Row) -> int:
    """The printed width of a row (every character used here is one column wide)."""
    return sum(len(text) for text, _ in row)


def plain(row: Row) -> str:
    return "".join(text for text, _ in row)


def cut(text: str, size: int) -> str:
    """``text`` in at most ``size`` characters, an ellipsis marking a cut.

    >>> cut("Peculiar Shop", 8), cut("Shop", 8)
    ('Peculia…', 'Shop')
    """
    if size <= 0:
        return ""
    return text if len(text) <= size else text[: size - 1] + "…"


def line(text: str, style: str = "info", size: int = WIDTH) -> Row:
    return [(cut(text, size), style)]


def wrap(text: str, size: int = WIDTH) -> list[str]:
    return textwrap.wrap(text, size, break_long_words=True, break_on_hyphens=False) or [""]


# ---- the map ----------------------------------------------------------------------------------


def compact_cell(cell: Cell) -> tuple[str, str]:
    """A map place in five characters: ``@`` or a space, the room's three letters (lower
    case when exhausted), its danger digit; ``  ?  `` where a room card may still go."""
    text = cell.text
    if cell.kind in ("open", "blank"):
        return text[:CELL], cell.kind
    code = text[1:4]
    if text[5:6] == "x":
        code = code.lower()
    return text[0] + code + text[4], cell.kind


def map_window(
    screen: Screen, columns: int = MAP_COLUMNS, rows: int = MAP_ROWS
) -> tuple[list[Row], bool]:
    """The map rows around the hero (a header of x coordinates, then one row a y), and
    whether part of the map is left out."""
    cells = screen.map_cells
    if not cells:
        return [], False
    xs, ys = screen.map_x, screen.map_y
    hero_y, hero_x = next(
        ((y, x) for y, row in enumerate(cells) for x, c in enumerate(row) if c.kind == "hero"),
        (0, 0),
    )
    clipped = len(xs) > columns or len(ys) > rows
    if len(ys) > rows:
        rows -= 1  # a row for the hint
    x0 = min(max(0, hero_x - columns // 2), max(0, len(xs) - columns))
    y0 = min(max(0, hero_y - rows // 2), max(0, len(ys) - rows))
    shown_x = range(x0, min(len(xs), x0 + columns))
    out: list[Row] = [[("   " + "".join(f"{xs[i]:^{CELL}}" for i in shown_x), "axis")]]
    for j in range(y0, min(len(ys), y0 + rows)):
        row: Row = [(f"{ys[j]:>3}", "axis")]
        row.extend(compact_cell(cells[j][i]) for i in shown_x)
        out.append(row)
    if clipped:
        out.append([("   more: 'map'", "hint")])
    return out, clipped


def full_map(cells: list[list[Cell]], xs: list[int], ys: list[int]) -> list[str]:
    """The whole map in the screen's five-character cells, with its coordinates."""
    lines = ["   " + "".join(f"{x:^{CELL}}" for x in xs)]
    for y, row in zip(ys, cells):
        lines.append(f"{y:>3}" + "".join(compact_cell(c)[0] for c in row))
    return [text.rstrip() for text in lines]


def beside(left: list[Row], right: list[Row], left_width: int, total: int = WIDTH) -> list[Row]:
    """Two columns: ``left`` padded to ``left_width``, then ``right`` (cut to fit ``total``)."""
    out: list[Row] = []
    room = total - left_width - GAP
    for i in range(max(len(left), len(right))):
        row: Row = list(left[i]) if i < len(left) else []
        pad = left_width - width(row)
        if i < len(right):
            row.append((" " * (pad + GAP), "blank"))
            used = 0
            for text, style in right[i]:
                piece = cut(text, room - used)
                row.append((piece, style))
                used += len(piece)
                if used >= room:
                    break
        out.append(_trim(row))
    return out


def _trim(row: Row) -> Row:
    """Drop trailing blanks (a row never ends in spaces)."""
    while row and not row[-1][0].strip():
        row = row[:-1]
    if row:
        text, style = row[-1]
        row[-1] = (text.rstrip(), style)
    return row


def top_block(
    screen: Screen, columns: int = WIDTH, map_rows: int = MAP_ROWS, wrapped: bool = True
) -> list[Row]:
    """The map with the hero and the level's monsters beside it (or alone, before level 1).

    The map window takes what the terminal's width leaves beside the hero and monsters;
    a line of theirs too long for what is left (a long list of skills) goes on in the
    next row, or with ``wrapped=False`` is cut."""
    right: list[Row] = [[(text, "status")] for text in screen.status]
    right += [[(text, "monster")] for text in screen.monsters]
    # the map first (as many rooms as the terminal leaves beside 40 columns for the
    # hero and the monsters), then whatever is left for them
    room_for_map = (columns - 3 - GAP - (WIDTH - 3 - GAP - CELL * MAP_COLUMNS)) // CELL
    map_columns = max(MAP_COLUMNS, min(len(screen.map_x), room_for_map))
    board, _ = map_window(screen, map_columns, map_rows)
    if not board:
        return [
            line(part, r[0][1] if r else "info", columns)
            for r in right
            for part in _rows_of(plain(r), columns, wrapped)
        ]
    left_width = max(width(r) for r in board)
    if wrapped:
        room = columns - left_width - GAP
        right = [[(part, r[0][1])] for r in right for part in _indented(plain(r), room)]
    return beside(board, right, left_width, columns)


# ---- the answers ------------------------------------------------------------------------------


def menu_rows(
    entries: Sequence[Entry],
    rows: int | None = None,
    columns: int = 1,
    size: int = WIDTH,
    wrapped: bool = True,
) -> list[Row]:
    """The numbered answers in one column (full labels, wrapped onto more rows when too
    long, or with ``wrapped=False`` one row each, cut) or two (short labels, the numbers
    running down the first column); with ``rows`` given, the answers that do not fit
    are left to the ``answers`` command (the last row says which). ``size`` is the
    screen's width. A cut never touches an answer's warning that it loses the game."""
    if not entries:
        return []
    if rows is not None:
        full = menu_rows(entries, columns=columns, size=size, wrapped=wrapped)
        if len(full) <= rows:
            return full
        if columns == 1 and wrapped:  # one row an answer before any is left out
            one = menu_rows(entries, columns=1, size=size, wrapped=False)
            if len(one) <= rows:
                return one
        shown = max(0, rows - 1) * columns
        first, last = entries[shown].number, entries[-1].number
        hint = [(f"… answers {first}-{last}: type 'answers' to see them all", "hint")]
        head = menu_rows(entries[:shown], columns=columns, size=size, wrapped=False)
        return [*head, hint] if shown else [hint]
    digits = len(str(entries[-1].number))
    if columns == 1:
        if not wrapped:
            return [_answer(e, digits, e.label, size) for e in entries]
        out_rows: list[Row] = []
        for e in entries:
            number = f"{e.number:>{digits}}) "
            parts = _wrap_answer(e.label, size - len(number), _mark(e, e.label))
            out_rows.append([(number, "number"), (parts[0], "label")])
            out_rows.extend([(" " * len(number) + part, "label")] for part in parts[1:])
        return out_rows
    half = (size - GAP) // 2
    cells = [_answer(e, digits, e.short or e.label, half) for e in entries]
    height = (len(cells) + 1) // 2
    out: list[Row] = []
    for i in range(height):
        row = list(cells[i])
        if i + height < len(cells):
            row.append((" " * (half + GAP - width(row)), "blank"))
            row.extend(cells[i + height])
        out.append(row)
    return out


def _mark(entry: Entry, label: str) -> str:
    """The warning at the end of ``label`` (" (plays your last card: you lose)", or the
    short labels' " (you lose)"), "" when the answer has none."""
    if not entry.warning:
        return ""
    for mark in (f" ({entry.warning})", f" {LOSES_SHORT}"):
        if label.endswith(mark):
            return mark
    return ""


def _answer(entry: Entry, digits: int, label: str, size: int) -> Row:
    """One answer in one row: its label cut to fit, its warning kept whole."""
    number = f"{entry.number:>{digits}}) "
    mark = _mark(entry, label)
    room = size - len(number)
    if mark and len(label) > room:
        label = cut(label[: -len(mark)], room - len(mark)) + mark
    return [(number, "number"), (cut(label, room), "label")]


def _wrap_answer(label: str, size: int, mark: str) -> list[str]:
    """An answer's label in rows of ``size``, its warning never split over two rows."""
    if not mark:
        return textwrap.wrap(label, size, break_on_hyphens=False) or [""]
    parts = textwrap.wrap(label[: -len(mark)], size, break_on_hyphens=False) or [""]
    if len(parts[-1]) + len(mark) <= size:
        parts[-1] += mark
    else:
        parts.append(mark.strip())
    return parts


# ---- the whole screen ---------------------------------------------------------------------------


def question_rows(screen: Screen, limit: int = QUESTION_ROWS, size: int = WIDTH) -> list[Row]:
    lines: list[str] = []
    for text in screen.question:
        lines.extend(wrap(text, size))
    if len(lines) > limit:
        lines = lines[:limit]
        lines[-1] = cut(lines[-1] + " …", size)
    return [line(text, "question", size) for text in lines]


def happened_rows(screen: Screen, limit: int, size: int = WIDTH, wrapped: bool = True) -> list[Row]:
    """The account of the last answer in at most ``limit`` rows, a line too long for a
    row going on in the next (``wrapped=False``: cut). When it is longer than that, its
    last lines that fit whole, under a row that says how many came before (``log``)."""
    lines = [*screen.happened, *screen.notes]
    if limit <= 0 or not lines:
        return []
    rows_of = [_rows_of(text, size, wrapped) for text in lines]
    if sum(len(r) for r in rows_of) <= limit:
        return [line(part, "happened", size) for rows in rows_of for part in rows]
    kept: list[str] = []
    shown = 0
    for rows in reversed(rows_of):
        if len(kept) + len(rows) > limit - 1:
            break
        kept[:0] = rows
        shown += 1
    if not shown:  # not even the last line fits whole under the count: one row, cut
        hidden = len(lines) - 1
        text = f"… {hidden} line{'s' if hidden != 1 else ''} before ('log'): {lines[-1]}"
        return [line(text, "happened", size)]
    hidden = len(lines) - shown
    head = f"… {hidden} line{'s' if hidden != 1 else ''} before: 'log'"
    return [line(text, "happened", size) for text in [head, *kept]]


def _indented(text: str, size: int) -> list[str]:
    """A line wrapped to ``size``, its continuation rows indented under its first word."""
    indent = " " * (len(text) - len(text.lstrip()) + 3)
    return textwrap.wrap(text, size, subsequent_indent=indent, break_long_words=True) or [""]


def _rows_of(text: str, columns: int, wrapped: bool = True) -> list[str]:
    """A line as the screen shows it: wrapped onto more rows, or in one row (cut)."""
    return _indented(text, columns) if wrapped else [text]


def pack_rows(screen: Screen, columns: int, detail: str = "full") -> list[Row]:
    """The inventory row: ``full`` (wrapped onto as many rows as it needs), ``one`` (one
    row that names as many cards as fit and says how many more 'inventory' lists) or
    ``none``."""
    if not screen.pack_line or detail == "none":
        return []
    if detail == "full" or len(screen.pack_line) <= columns or not screen.pack_items:
        return [line(text, "info", columns) for text in _indented(screen.pack_line, columns)]
    items = screen.pack_items
    for shown in range(len(items) - 1, -1, -1):
        more = f"… {len(items) - shown} more: 'inventory'"
        text = screen.pack_head + ", ".join([*items[:shown], more])
        if len(text) <= columns:
            return [line(text, "info", columns)]
    return [line(screen.pack_head + f"{len(items)} cards: 'inventory'", "info", columns)]


def natural_width(screen: Screen) -> int:
    """How wide the rows that are neither wrapped nor cut on a wide screen would be:
    the title, the hand and the answers (the account of the last answer aside)."""
    texts = [screen.title, *screen.info, *screen.ending]
    texts += [f"{e.number:>3}) {e.label}" for e in screen.menu]
    return max(len(text) for text in texts)


def arrange(screen: Screen, height: int = HEIGHT, columns: int = WIDTH) -> list[Row]:
    """The rows of the screen, at most ``height`` of them, each at most ``columns`` wide
    (a terminal smaller than 80×24 is laid out as 80×24: the terminal cuts it). The
    account of the last answer goes beside the rest when the terminal is wide enough
    for both, else below it."""
    height, columns = max(height, HEIGHT), max(columns, WIDTH)
    main = columns - SIDE_WIDTH - GAP
    if columns >= SIDE_FROM and (screen.happened or screen.notes) and natural_width(screen) <= main:
        left = _arrange(screen, height, main, account=False)
        right = happened_rows(screen, height, SIDE_WIDTH)
        left_width = max((width(r) for r in left), default=0)
        return beside(left, right, max(left_width, main), columns)[:height]
    return _arrange(screen, height, columns, account=True)


GIVE_UP = ("room", "pack-in-a-row", "answers-in-a-row", "answers-in-columns", "pack", "cut")
"""What a screen too small for everything gives up, in this order (each a command away:
``room``, ``inventory``, ``answers``, ``hero``): the room row, the inventory's rows (one
row that says how many more cards 'inventory' lists), the answers' wrapped rows (one
row an answer, cut, its warning whole), one column of answers (two columns of short
labels), the inventory, and last the rows wrapped at the top (the title, the hero
beside the map, the hand). What a later step made needless is then taken back (the
room row stays when the answers in a row a piece leave room for it)."""


def _arrange(screen: Screen, height: int, columns: int, account: bool) -> list[Row]:
    extra = height - HEIGHT
    map_rows = MAP_ROWS + max(0, extra) // 3
    ending = [line(text, "question", columns) for text in screen.ending]
    question = question_rows(screen, QUESTION_ROWS + max(0, extra) // 4, columns)
    entries = screen.menu
    said = len(screen.happened) + len(screen.notes) if account else 0
    given_up: set[str] = set()

    def parts() -> tuple[list[Row], list[Row], list[Row], list[Row], list[Row], list[Row]]:
        wrapped = "cut" not in given_up
        title = [line(text, "title", columns) for text in _rows_of(screen.title, columns, wrapped)]
        top = top_block(screen, columns, map_rows, wrapped)
        info = [
            line(part, "info", columns)
            for text in screen.info
            for part in _rows_of(text, columns, wrapped)
        ]
        pack = pack_rows(
            screen,
            columns,
            "none" if "pack" in given_up else "one" if "pack-in-a-row" in given_up else "full",
        )
        room = (
            [line(text, "dim", columns) for text in _rows_of(screen.room_line, columns)]
            if screen.room_line and "room" not in given_up
            else []
        )
        menu = menu_rows(
            entries,
            columns=2 if "answers-in-columns" in given_up and len(entries) > 3 else 1,
            size=columns,
            wrapped="answers-in-a-row" not in given_up,
        )
        return title, top, info, pack, room, menu

    def spare_of(built: tuple[list[Row], ...]) -> int:
        return height - sum(len(rows) for rows in built) - len(ending) - len(question)

    need = min(1, said)
    built = parts()
    spare = spare_of(built)
    for step in GIVE_UP:
        if spare >= need:
            break
        given_up.add(step)
        built = parts()
        spare = spare_of(built)
    for step in reversed(GIVE_UP):  # then take back what the later steps made needless
        if step in given_up and spare >= need:
            given_up.discard(step)
            again = parts()
            if spare_of(again) >= need:
                built, spare = again, spare_of(again)
            else:
                given_up.add(step)
    title, top, info, pack, room, menu = built
    if spare < 0:  # the answers themselves are too many: the last ones wait for 'answers'
        two = "answers-in-columns" in given_up and len(entries) > 3
        menu = menu_rows(
            entries, rows=len(menu) + spare, columns=2 if two else 1, size=columns, wrapped=False
        )
        spare = 0
    if room and screen.room:
        card = [part for text in screen.room for part in _indented(text, columns)]
        if spare - said >= len(card) - len(room):
            spare -= len(card) - len(room)
            room = [line(text, "dim", columns) for text in card]  # the room's card in full
    happened = happened_rows(screen, spare, columns) if account else []
    rows = [*title, *top, *info, *pack, *room, *happened, *ending, *question, *menu]
    return [[(text, style) for text, style in row if text] for row in rows][:height]


__all__ = [
    "HEIGHT",
    "SIDE_FROM",
    "STYLES",
    "WIDTH",
    "Row",
    "arrange",
    "cut",
    "map_window",
    "menu_rows",
    "plain",
    "width",
]
