"""The timer's commands at a table, with each game's own level rules.

The timer knows no game: here its :func:`~companion.timer.commands.open_clock`
and :func:`~companion.timer.commands.start_clock` get each game's level
rules and its check that a structure is one the table can play
(:meth:`~companion.registry.Game.levels`,
:meth:`~companion.registry.Game.check_structure`). ``companion timer`` and
``companion serve`` both call these, so they work one clock one way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from companion.registry import game
from companion.table import TableInfo, TableStore, Transaction
from companion.timer import commands
from companion.timer.clock import ClockView
from companion.timer.commands import ClockRequest, OpenClock
from companion.timer.session import Outcome


@contextmanager
def open_clock(
    state: str | Path | None, table: str | None, *, write: bool = True
) -> Iterator[OpenClock]:
    """The clock of ``table`` (else the current table's, else the one kept without a table)."""
    with commands.open_clock(state, table, write=write) as clock:
        yield clock


def clock_of(store: TableStore, table: str | None) -> OpenClock:
    """The same clock in a store that is already open (``companion serve`` keeps one)."""
    return commands.clock_of(store, table)


def start_clock(clock: OpenClock, request: ClockRequest) -> Outcome:
    """``timer run``'s start: the structure checked against the table's game."""
    return commands.start_clock(clock, request)


def deal_counter(table: TableInfo) -> Callable[[Transaction, TableInfo], bool]:
    """The table's clock counting a finished deal, for ``start_deal`` (one copy for CLI and serve)."""
    from companion.timer.table_clock import CountedLevels, count_deal

    levels = game(table.game).levels() or CountedLevels()

    def counter(tx: Transaction, table: TableInfo) -> bool:
        return count_deal(tx, table, levels, tx.store.clock())

    return counter


def table_face(tx: Transaction, table: TableInfo, now: float) -> ClockView | None:
    """The clock face of a table whose clock was never started: its game's structure at
    the level, encounter and deal the table is at, not running and never saved. The TV
    shows the table's level, blind, encounter and "deal N of M" from it before anyone
    types ``timer run`` (None for a game without blind levels)."""
    from companion.timer.clock import ClockSettings, start, view
    from companion.timer.encounters import EncounterRecord
    from companion.timer.structure import load_structure
    from companion.timer.table_clock import CountedLevels, default_structure

    structure = default_structure(table)
    if structure is None:
        return None
    levels = game(table.game).levels() or CountedLevels()
    level = levels.level_now(tx, table)
    state = start(
        load_structure(structure),
        ClockSettings(players=len(table.players)),
        now,
        running=False,
        level=level,
    )
    card = levels.encounter_now(tx, table)
    if card is not None:
        state = state.with_encounter(EncounterRecord(level, "drawn", card))
    played = getattr(levels, "deals_played", None)
    if played is not None:
        state = replace(state, deals=int(played(tx, table)))
    return view(state, now)
