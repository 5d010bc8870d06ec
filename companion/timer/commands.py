"""What the ``companion timer`` commands do, as library calls with JSON-ready results.

The CLI only parses options, calls these and prints the result (a table, a
line, or the result's ``to_json()``); ``companion serve`` calls the same
functions, so the dealer's page and ``timer do`` are one code path.

* :func:`open_clock`: the clock of a table (the given one, else the current
  table), or the clock kept without a table;
* :func:`start_clock`: ``timer run``'s choice of structure, settings and level;
* :func:`do_actions`: ``timer do`` (names checked before anything changes);
* :func:`structure_summaries`, :func:`structure_report`: ``timer list`` and
  ``timer structure``.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.errors import CompanionError
from companion.registry import game
from companion.table import TableStore
from companion.table.model import TableInfo
from companion.timer.clock import ClockSettings, ClockView, check_settings
from companion.timer.controls import ACTIONS
from companion.timer.describe import LevelRow, level_rows, view_data
from companion.timer.session import Outcome, TimerSession
from companion.timer.structure import Structure, builtin_aliases, builtin_names, load_structure


def finite(data: Any) -> Any:
    """``data`` with every non-finite float replaced by ``None`` (JSON has no Infinity).

    >>> finite({"a": [1.5, float("inf")], "b": float("nan")})
    {'a': [1.5, None], 'b': None}
    """
    if isinstance(data, float):
        return data if math.isfinite(data) else None
    if isinstance(data, dict):
        return {k: finite(v) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [finite(v) for v in data]
    return data


@dataclass(frozen=True)
class ClockReport:
    """The clock at one moment, with the notes of what was just done (``timer status``, ``do``)."""

    view: ClockView
    notices: tuple[str, ...] = ()
    with_notices: bool = False

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = finite(view_data(self.view))
        if self.with_notices:
            data["notices"] = list(self.notices)
        return data


@dataclass(frozen=True)
class ClockReset:
    """``timer reset``: whose clock was asked to be forgotten, and whether one was saved."""

    table: str | None
    """The table the clock belongs to (``None``: the clock kept without a table)."""
    label: str
    forgotten: bool

    def to_json(self) -> dict[str, Any]:
        return {"table": self.table, "forgotten": self.forgotten}


def reset_clock(clock: OpenClock) -> ClockReset:
    """Forget the saved clock of ``clock`` (the next ``timer run`` starts afresh)."""
    forgot = clock.session.reset()
    return ClockReset(None if clock.table is None else clock.table.name, clock.label, forgot)


# -- which clock -----------------------------------------------------------------------


@dataclass
class OpenClock:
    """A session on one clock, and the table it belongs to (``None``: no table)."""

    session: TimerSession
    table: TableInfo | None

    @property
    def label(self) -> str:
        return self.session.store.label


@contextmanager
def open_clock(
    state: str | Path | None, table: str | None, *, write: bool = True
) -> Iterator[OpenClock]:
    """The clock of ``table`` (else of the current table, if any), closed when done.

    Without any table the clock is kept on its own in the state file. A
    table's clock opens levels by its game's rules
    (:meth:`companion.registry.Game.levels`; the timer knows no game).
    ``write=False`` only reads (``timer status``): a read-only state file is
    fine then.
    """
    from companion.table import open_store

    store = open_store(state, write=write)
    try:
        yield clock_of(store, table)
    finally:
        store.close()


def clock_of(store: TableStore, table: str | None) -> OpenClock:
    """The clock of ``table`` (else of the current table, if any) in an open ``store``.

    A long-running reader (``companion serve``) keeps one store open and asks here.
    """
    from companion.timer.clock import SystemClock
    from companion.timer.store import SqliteClockStore
    from companion.timer.table_clock import TableClockStore

    with store.transaction(write=False) as tx:
        if table is not None:
            info: TableInfo | None = tx.table(table)
        else:
            current = tx.current_table_name()
            info = tx.find_table(current) if current else None
    if info is None:
        return OpenClock(TimerSession(SqliteClockStore(store.path), SystemClock()), None)
    kept = TableClockStore(store, info.name, game(info.game).levels())
    return OpenClock(TimerSession(kept, SystemClock()), info)


# -- timer run -------------------------------------------------------------------------


@dataclass(frozen=True)
class ClockRequest:
    """What ``timer run`` was asked for (``None``: as saved, or as the structure says)."""

    structure: str | None = None
    minutes: float | None = None
    deals_per_level: int | None = None
    players: int | None = None
    break_every: int | None = None
    break_minutes: float = 10
    new: bool = False
    level: int | None = None
    paused: bool = False

    def check(self) -> None:
        """Refuse impossible numbers before the state file is even opened."""
        check_settings(self.minutes, self.deals_per_level, self.players, self.level)
        if self.break_every is not None and self.break_every < 1:
            raise CompanionError(f"--break-every must be 1 or more, got {self.break_every}")
        if not (math.isfinite(self.break_minutes) and 0 < self.break_minutes <= 24 * 60):
            raise CompanionError(
                f"--break-minutes must be more than 0 and at most 1440, got {self.break_minutes:g}"
            )

    def settings(self, players: int | None) -> ClockSettings | None:
        if self.minutes is None and self.deals_per_level is None and players is None:
            return None
        return ClockSettings(self.minutes, self.deals_per_level, players)


def start_clock(clock: OpenClock, request: ClockRequest) -> Outcome:
    """Resume the saved clock or start one, as ``timer run`` does before it shows it.

    At a table the structure defaults to the table's game, the players to
    the table's, and a fresh clock starts at the level the table is at; a
    structure the table's game cannot play is refused
    (:meth:`companion.registry.Game.check_structure`).
    """
    from companion.timer.table_clock import TableClockStore, default_structure

    request.check()
    session, info = clock.session, clock.table
    default = None
    players, level = request.players, request.level
    if info is not None:
        default = default_structure(info)
        players = players if players is not None else len(info.players)
        if level is None and isinstance(session.store, TableClockStore):
            level = session.store.table_level()
    chosen = None
    if request.structure is not None or request.break_every is not None:
        if request.structure is None and not request.new:
            saved = session.store.load()
            base = saved.structure if saved is not None else load_structure(default)
        else:
            base = load_structure(request.structure or default)
        chosen = base.with_breaks(request.break_every, request.break_minutes)
    fallback = chosen or load_structure(default)
    if info is not None and chosen is not None:
        game(info.game).check_structure(info, chosen)
    return session.open(
        chosen,
        request.settings(players),
        new=request.new,
        running=not request.paused,
        fallback=fallback,
        level=level or 1,
    )


# -- timer do --------------------------------------------------------------------------


def check_actions(names: Sequence[str]) -> None:
    """Every name a control (``timer do`` refuses the line before doing any of it)."""
    if not names:
        raise CompanionError(f"name an action ({', '.join(ACTIONS)})")
    for name in names:
        if name not in ACTIONS:
            raise CompanionError(f"unknown clock action '{name}' (actions: {', '.join(ACTIONS)})")


def do_actions(session: TimerSession, names: Sequence[str]) -> ClockReport:
    """Work the clock as its keys do, in order; each action is saved at once."""
    check_actions(names)
    notices: list[str] = []
    outcome: Outcome | None = None
    for name in names:
        outcome = session.act(ACTIONS[name])
        notices.extend(outcome.notices)
    assert outcome is not None
    return ClockReport(outcome.view, tuple(notices), with_notices=True)


# -- timer list / timer structure ------------------------------------------------------


@dataclass(frozen=True)
class StructureSummary:
    """One built-in structure, as ``timer list`` shows it."""

    structure: Structure
    aliases: tuple[str, ...]

    def lasts(self) -> str:
        """How a level ends, in words (``15 min``, ``5 deals``, ``until you say``)."""
        s = self.structure
        parts = [f"{s.minutes:g} min" if s.minutes else "", deals_words(s.deals_per_level)]
        return " or ".join(p for p in parts if p) or "until you say"

    def to_json(self) -> dict[str, Any]:
        s = self.structure
        return {
            "id": s.id,
            "name": s.name,
            "game": s.game,
            "levels": len(s.levels),
            "continues": s.continues,
            "minutes": s.minutes,
            "deals_per_level": s.deals_per_level,
            "aliases": list(self.aliases),
            "description": s.description,
        }


def deals_words(deals: int | None) -> str:
    """``5 deals``, ``1 deal``; empty when deals do not end levels."""
    return f"{deals} deal{'s' if deals != 1 else ''}" if deals else ""


@dataclass(frozen=True)
class StructureList:
    """The built-in structures, as ``timer list`` reports them (JSON: a list)."""

    summaries: tuple[StructureSummary, ...]

    def to_json(self) -> list[dict[str, Any]]:
        return [s.to_json() for s in self.summaries]


def structure_summaries() -> StructureList:
    aliases = builtin_aliases()
    return StructureList(
        tuple(StructureSummary(load_structure(n), tuple(aliases[n])) for n in builtin_names())
    )


@dataclass(frozen=True)
class StructureReport:
    """``timer structure``: the rows, and the sentences printed under the table."""

    structure: Structure
    rows: list[LevelRow]
    minutes: float | None = None
    deals_per_level: int | None = None
    players: int | None = None
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> list[LevelRow]:
        return finite(self.rows)  # type: ignore[no-any-return]

    @property
    def shows_continued(self) -> bool:
        """Whether a row made up past the listed levels is shown (marked ``*``)."""
        return any(row["continued"] for row in self.rows)


def structure_report(
    structure: Structure,
    levels: int | None = None,
    *,
    minutes: float | None = None,
    deals_per_level: int | None = None,
    players: int | None = None,
) -> StructureReport:
    """The levels of ``structure`` and the notes that go under them."""
    check_settings(minutes, deals_per_level, players)
    rows = level_rows(
        structure, levels, minutes=minutes, deals_per_level=deals_per_level, players=players
    )
    report = StructureReport(structure, rows, minutes, deals_per_level, players)
    word = structure.level_word.lower()
    lasts = []
    chosen_minutes = minutes if minutes is not None else structure.minutes
    chosen_deals = deals_per_level if deals_per_level is not None else structure.deals_per_level
    if chosen_minutes:
        lasts.append(f"{chosen_minutes:g} minutes")
    if chosen_deals:
        lasts.append(deals_words(chosen_deals))
    report.notes.append(
        f"A {word} lasts {' or '.join(lasts) or 'until you move on'}"
        + (", whichever comes first." if len(lasts) == 2 else ".")
    )
    if structure.continues:
        adds = ", ".join(f"{name.replace('_', ' ')} +{add}" for name, add in structure.step)
        legend = " (* = beyond the list)" if report.shows_continued else ""
        report.notes.append(f"After {word} {len(structure.levels)}: {adds} per {word}{legend}.")
    return report
