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

from companion.ui.dungeon_of_d.screen import Cell, Entry, Screen

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


def top_block(screen: Screen, columns: int = WIDTH, map_rows: int = MAP_ROWS) -> list[Row]:
    """The map with the hero and the level's monsters beside it (or alone, before level 1).

    The map window takes what the terminal's width leaves beside the hero and monsters."""
    right: list[Row] = [[(text, "status")] for text in screen.status]
    right += [[(text, "monster")] for text in screen.monsters]
    # the map first (as many rooms as the terminal leaves beside 40 columns for the
    # hero and the monsters), then whatever is left for them
    room_for_map = (columns - 3 - GAP - (WIDTH - 3 - GAP - CELL * MAP_COLUMNS)) // CELL
    map_columns = max(MAP_COLUMNS, min(len(screen.map_x), room_for_map))
    board, _ = map_window(screen, map_columns, map_rows)
    if not board:
        return [line(plain(r), r[0][1] if r else "info", columns) for r in right]
    left_width = max(width(r) for r in board)
    if columns > WIDTH:  # a wider terminal wraps what the 80-column screen cuts
        room = columns - left_width - GAP
        right = [[(part, r[0][1])] for r in right for part in _indented(plain(r), room)]
    return beside(board, right, left_width, columns)


# ---- the answers ------------------------------------------------------------------------------


def menu_rows(
    entries: Sequence[Entry], rows: int | None = None, columns: int = 1, size: int = WIDTH
) -> list[Row]:
    """The numbered answers in one column (full labels, cut at the screen's edge, or on a
    screen wider than 80 columns wrapped) or two (short labels, the numbers running
    down the first column); with ``rows`` given, the answers that do not fit are left
    to the ``answers`` command (the last row says which). ``size`` is the screen's width."""
    if not entries:
        return []
    if rows is not None:
        full = menu_rows(entries, columns=columns, size=size)
        if len(full) <= rows:
            return full
        if columns == 1 and size > WIDTH:  # one row an answer before any is left out
            one = [_answer(e, len(str(entries[-1].number)), e.label, size) for e in entries]
            if len(one) <= rows:
                return one
        shown = max(0, rows - 1) * columns
        first, last = entries[shown].number, entries[-1].number
        hint = [(f"… answers {first}-{last}: type 'answers' to see them all", "hint")]
        return [*menu_rows(entries[:shown], columns=columns, size=size), hint] if shown else [hint]
    digits = len(str(entries[-1].number))
    if columns == 1:
        if size <= WIDTH:
            return [_answer(e, digits, e.label, size) for e in entries]
        out_rows: list[Row] = []
        for e in entries:
            number = f"{e.number:>{digits}}) "
            parts = textwrap.wrap(e.label, size - len(number)) or [""]
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


def _answer(entry: Entry, digits: int, label: str, size: int) -> Row:
    number = f"{entry.number:>{digits}}) "
    return [(number, "number"), (cut(label, size - len(number)), "label")]


# ---- the whole screen ---------------------------------------------------------------------------


def question_rows(screen: Screen, limit: int = QUESTION_ROWS, size: int = WIDTH) -> list[Row]:
    lines: list[str] = []
    for text in screen.question:
        lines.extend(wrap(text, size))
    if len(lines) > limit:
        lines = lines[:limit]
        lines[-1] = cut(lines[-1] + " …", size)
    return [line(text, "question", size) for text in lines]


def happened_rows(
    screen: Screen, limit: int, size: int = WIDTH, wrapped: bool = False
) -> list[Row]:
    """The account of the last answer, its last lines when it is long (``wrapped``: long
    lines are wrapped instead of cut, for the column beside the screen)."""
    lines = [*screen.happened, *screen.notes]
    if wrapped:
        lines = [part for text in lines for part in wrap(text, size - 2)]
    if limit <= 0 or not lines:
        return []
    if len(lines) > limit:
        hidden = len(lines) - (limit - 1)
        kept = lines[-(limit - 1) :] if limit > 1 else []
        lines = (
            [f"… {hidden} line{'s' if hidden != 1 else ''} before: 'log'", *kept]
            if limit > 1
            else [f"… {lines[-1]} ('log': all {len(screen.happened) + len(screen.notes)})"]
        )
    return [line(text, "happened", size) for text in lines]


def _indented(text: str, size: int) -> list[str]:
    """A line wrapped to ``size``, its continuation rows indented under its first word."""
    indent = " " * (len(text) - len(text.lstrip()) + 3)
    return textwrap.wrap(text, size, subsequent_indent=indent, break_long_words=True) or [""]


def _rows_of(text: str, columns: int) -> list[str]:
    """A row as the screen shows it: cut on the 80-column screen, wrapped on a wider one."""
    return [text] if columns <= WIDTH else _indented(text, columns)


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
        right = happened_rows(screen, height, SIDE_WIDTH, wrapped=True)
        left_width = max((width(r) for r in left), default=0)
        return beside(left, right, max(left_width, main), columns)[:height]
    return _arrange(screen, height, columns, account=True)


def _arrange(screen: Screen, height: int, columns: int, account: bool) -> list[Row]:
    extra = height - HEIGHT
    map_rows = MAP_ROWS + max(0, extra) // 3
    title = line(screen.title, "title", columns)
    top = top_block(screen, columns, map_rows)
    info = [line(text, "info", columns) for text in screen.info]
    room = [line(screen.room_line, "dim", columns)] if screen.room_line else []
    pack = (
        [line(text, "info", columns) for text in _rows_of(screen.pack_line, columns)]
        if screen.pack_line
        else []
    )
    ending = [line(text, "question", columns) for text in screen.ending]
    question = question_rows(screen, QUESTION_ROWS + max(0, extra) // 4, columns)
    entries = screen.menu
    said = len(screen.happened) + len(screen.notes) if account else 0

    def fixed() -> int:
        return 1 + len(top) + len(info) + len(pack) + len(room) + len(ending) + len(question)

    columns_of_answers = 1
    menu = menu_rows(entries, size=columns)
    spare = height - fixed() - len(menu)
    for step in ("room", "columns", "pack", "happened"):
        if spare >= min(1, said):
            break
        if step == "room" and room:
            room = []
        elif step == "columns" and len(entries) > 3 and columns_of_answers == 1:
            columns_of_answers = 2
            menu = menu_rows(entries, columns=2, size=columns)
        elif step == "pack" and pack:
            pack = []
        elif step == "happened":
            break
        spare = height - fixed() - len(menu)
    if spare < 0:  # the answers themselves are too many: the last ones wait for 'answers'
        menu = menu_rows(entries, rows=len(menu) + spare, columns=columns_of_answers, size=columns)
        spare = 0
    if room and screen.room:
        card = [part for text in screen.room for part in _indented(text, columns)]
        if spare - said >= len(card) - 1:
            room = [line(text, "dim", columns) for text in card]  # the room's card in full
            spare -= len(room) - 1
    happened = happened_rows(screen, spare, columns) if account else []
    rows = [title, *top, *info, *pack, *room, *happened, *ending, *question, *menu]
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
