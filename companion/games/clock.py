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
from pathlib import Path

from companion.registry import game
from companion.table import TableInfo, TableStore, Transaction
from companion.timer import commands
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
