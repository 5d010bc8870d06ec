"""The Dungeon of D screen for a terminal of 80 columns and 24 rows.

:func:`arrange` lays a :class:`~companion.ui.dungeon_of_d.shell.Screen` out in at most
:data:`HEIGHT` rows of at most :data:`WIDTH` characters (the 24th row of the
terminal is the answer prompt), whatever the game looks like: the largest map,
a full inventory, a long account of the last action, many answers. Rows are
lists of ``(text, style)`` segments, so the layout is plain data that Rich
colours (:func:`companion.ui.dungeon_of_d.shell.render_rich`) and tests can measure.

From the top:

- the title (save, seed, turn, level and its skulls, training mode);
- the map (at most 7 columns and 6 rows of rooms around the hero, five
  characters a room: ``@`` the hero, three letters, the danger digit, lower
  case when exhausted, ``?`` a place a room may still go) with, beside it,
  the hero (character, gold, Fruits, Arrows, stats, Poisoned!, the Amulet,
  skills) and the level's four monsters;
- the hand (HP), the top of the discard pile and the deck, the inventory,
  and on a turn the room the hero is in;
- what the last answer did, the question with its numbers, and the answers.

When everything does not fit, the layout gives up detail in a fixed order,
never the question or an answer: the account of the last answer shrinks to
its last lines, the room and then the inventory rows go (both are a command
away: ``room``, ``inventory``), the answers go into two columns with short
labels, and only then are the last answers left to the ``answers`` command.

>>> from companion.games.dungeon_of_d.saves import Game
>>> from companion.ui.dungeon_of_d.shell import build_screen
>>> rows = arrange(build_screen(Game.new(seed=7)))
>>> len(rows) <= HEIGHT and all(width(r) <= WIDTH for r in rows)
True
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from companion.ui.dungeon_of_d.screen import Cell, Entry, Screen

WIDTH = 80
HEIGHT = 23
"""Rows of the screen; the terminal's 24th row is the prompt the answer is typed on."""
MAP_COLUMNS = 7
MAP_ROWS = 6
CELL = 5
GAP = 2
QUESTION_ROWS = 4
"""The question's rows at most (its lines are wrapped, then cut)."""

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
    """Two columns: ``left`` padded to ``left_width``, then ``right`` (cut to fit)."""
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


def top_block(screen: Screen) -> list[Row]:
    """The map with the hero and the level's monsters beside it (or alone, before level 1)."""
    right: list[Row] = [[(text, "status")] for text in screen.status]
    right += [[(text, "monster")] for text in screen.monsters]
    board, _ = map_window(screen)
    if not board:
        return [line(plain(r), r[0][1] if r else "info") for r in right]
    left_width = max(width(r) for r in board)
    return beside(board, right, left_width)


# ---- the answers ------------------------------------------------------------------------------


def menu_rows(entries: Sequence[Entry], rows: int | None = None, columns: int = 1) -> list[Row]:
    """The numbered answers in one column (full labels, cut at the screen's edge) or
    two (short labels, the numbers running down the first column); with ``rows``
    given, the answers that do not fit are left to the ``answers`` command (the last
    row says which)."""
    if not entries:
        return []
    if rows is not None:
        full = menu_rows(entries, columns=columns)
        if len(full) <= rows:
            return full
        shown = max(0, rows - 1) * columns
        first, last = entries[shown].number, entries[-1].number
        hint = [(f"… answers {first}-{last}: type 'answers' to see them all", "hint")]
        return [*menu_rows(entries[:shown], columns=columns), hint] if shown else [hint]
    digits = len(str(entries[-1].number))
    if columns == 1:
        return [_answer(e, digits, e.label, WIDTH) for e in entries]
    size = (WIDTH - GAP) // 2
    cells = [_answer(e, digits, e.short or e.label, size) for e in entries]
    height = (len(cells) + 1) // 2
    out: list[Row] = []
    for i in range(height):
        row = list(cells[i])
        if i + height < len(cells):
            row.append((" " * (size + GAP - width(row)), "blank"))
            row.extend(cells[i + height])
        out.append(row)
    return out


def _answer(entry: Entry, digits: int, label: str, size: int) -> Row:
    number = f"{entry.number:>{digits}}) "
    return [(number, "number"), (cut(label, size - len(number)), "label")]


# ---- the whole screen ---------------------------------------------------------------------------


def question_rows(screen: Screen, limit: int = QUESTION_ROWS) -> list[Row]:
    lines: list[str] = []
    for text in screen.question:
        lines.extend(wrap(text))
    if len(lines) > limit:
        lines = lines[:limit]
        lines[-1] = cut(lines[-1] + " …", WIDTH)
    return [line(text, "question") for text in lines]


def happened_rows(screen: Screen, limit: int) -> list[Row]:
    """The account of the last answer, its last lines when it is long."""
    lines = [*screen.happened, *screen.notes]
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
    return [line(text, "happened") for text in lines]


def arrange(screen: Screen, height: int = HEIGHT) -> list[Row]:
    """The rows of the screen, at most ``height`` of them, each at most :data:`WIDTH` wide."""
    title = line(screen.title, "title")
    top = top_block(screen)
    info = [line(text) for text in screen.info]
    room = [line(screen.room_line, "dim")] if screen.room_line else []
    pack = [line(screen.pack_line)] if screen.pack_line else []
    ending = [line(text, "question") for text in screen.ending]
    question = question_rows(screen)
    entries = screen.menu
    said = len(screen.happened) + len(screen.notes)

    def fixed() -> int:
        return 1 + len(top) + len(info) + len(pack) + len(room) + len(ending) + len(question)

    columns = 1
    menu = menu_rows(entries)
    spare = height - fixed() - len(menu)
    steps = ("room", "columns", "pack", "happened")
    for step in steps:
        if spare >= min(1, said):
            break
        if step == "room" and room:
            room = []
        elif step == "columns" and len(entries) > 3 and columns == 1:
            columns = 2
            menu = menu_rows(entries, columns=2)
        elif step == "pack" and pack:
            pack = []
        elif step == "happened":
            break
        spare = height - fixed() - len(menu)
    if spare < 0:  # the answers themselves are too many: the last ones wait for 'answers'
        menu = menu_rows(entries, rows=len(menu) + spare, columns=columns)
        spare = 0
    happened = happened_rows(screen, spare)
    rows = [title, *top, *info, *pack, *room, *happened, *ending, *question, *menu]
    return [[(text, style) for text, style in row if text] for row in rows][:height]


__all__ = [
    "HEIGHT",
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
