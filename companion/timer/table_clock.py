"""The clock of a table, kept in the table store (issue 6) next to its decks.

A table's clock lives in the table store's own small state (namespace
``timer``), so one transaction changes the clock, turns the next level card,
draws the encounter from the table's encounter deck and saves it all: a crash
leaves either the level before or the level after, never a drawn card the
clock does not know about.

The table can also be moved on from elsewhere (``companion table level`` on a
phone, say): the clock notices that the table's level went past the one it
last saw, and jumps to it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Protocol

from companion.errors import CompanionError
from companion.table import TableInfo, TableStore, Transaction
from companion.table.events import ClockStarted, LevelOpened
from companion.timer.clock import (
    ClockState,
    current_stage,
    deal,
    state_from_data,
    state_to_data,
    view,
)
from companion.timer.encounters import Encounter
from companion.timer.store import Change
from companion.timer.structure import Break, StructureError

NAMESPACE = "timer"


def default_structure(table: TableInfo) -> str | None:
    """The built-in structure a table's game plays with (``None``: no blinds in that game),
    as the game says (:meth:`companion.registry.Game.default_structure`).

    >>> from companion.table import TableInfo
    >>> default_structure(TableInfo(1, "t", "snap", 1, ("a", "b"), {}, 0.0)) is None
    True
    """
    from companion.registry import game

    return game(table.game).default_structure(table)


class TableLevels(Protocol):
    """How a game's table opens levels: the clock calls it, the game provides it."""

    level_actions: tuple[str, ...]
    """History actions that open a level (an undo of one takes the clock back)."""

    def enter_level(self, tx: Transaction, table: TableInfo, level: int) -> Encounter | None:
        """Open ``level`` if the table is below it; the encounter in force (None: none)."""
        ...

    def level_now(self, tx: Transaction, table: TableInfo) -> int:
        """The level the table has opened (1 until a level is opened)."""
        ...

    def encounter_now(self, tx: Transaction, table: TableInfo) -> Encounter | None:
        """The encounter the table has open now, read without writing (None: none)."""
        ...


class CountedLevels:
    """A table that only remembers the level number (games without level cards)."""

    level_actions: tuple[str, ...] = ("level",)

    def encounter_now(self, tx: Transaction, table: TableInfo) -> Encounter | None:
        return None

    def enter_level(self, tx: Transaction, table: TableInfo, level: int) -> Encounter | None:
        current = self.level_now(tx, table)
        if level > current:
            tx.put_state(table, "table", "level", level, undoable=True)
            tx.record(table, LevelOpened(level))
        return None

    def level_now(self, tx: Transaction, table: TableInfo) -> int:
        return int(tx.get_state(table, "table", "level", 1))


class TableEncounters:
    """Encounters from a table's own encounter deck, inside the clock's transaction."""

    def __init__(self, tx: Transaction, table: TableInfo, levels: TableLevels) -> None:
        self.tx = tx
        self.table = table
        self.levels = levels

    def draw_encounter(self, level: int) -> Encounter | None:
        # enter_level never draws twice for a level the table already opened.
        return self.levels.enter_level(self.tx, self.table, level)

    def level_ahead(self) -> int | None:
        """The table's level, when it went past the one the clock last saw."""
        return _ahead(self.tx, self.table, self.levels)


def _ahead(tx: Transaction, table: TableInfo, levels: TableLevels) -> int | None:
    level = levels.level_now(tx, table)
    seen = tx.get_state(table, NAMESPACE, "table_level", None)
    return level if seen is not None and level > seen else None


def saved_clock(tx: Transaction, table: TableInfo) -> ClockState | None:
    """The table's saved clock, read inside ``tx`` (None: no clock)."""
    raw = tx.get_state(table, NAMESPACE, "clock")
    if raw is None:
        return None
    try:
        return state_from_data(raw)
    except (ValueError, KeyError, TypeError, StructureError) as exc:
        raise CompanionError(
            f"the saved clock of table '{table.name}' is damaged ({exc}); 'companion timer reset' forgets it"
        ) from None


def count_deal(tx: Transaction, table: TableInfo, levels: TableLevels, now: float) -> bool:
    """A deal has ended at the table: count it on the table's clock, in the same transaction.

    The clock may end the level and open the next one (drawing its
    encounter through ``levels``). The write is undoable with the deal.
    Returns False when the table has no clock.
    """
    from companion.timer.session import draw_encounters, follow_table

    saved = saved_clock(tx, table)
    if saved is None:
        return False
    encounters = TableEncounters(tx, table, levels)
    # The table may have moved on by itself since the clock last looked (the Astral
    # Warlock): the clock catches up first, then counts the deal on that level.
    caught_up = follow_table(saved, now, encounters, [])
    state, events = deal(caught_up, now)
    state = draw_encounters(state, events, encounters)
    state = replace(state, revision=saved.revision + 1)
    tx.put_state(table, NAMESPACE, "clock", state_to_data(state), undoable=True)
    tx.put_state(table, NAMESPACE, "table_level", levels.level_now(tx, table), undoable=True)
    return True


def follow_table_now(tx: Transaction, table: TableInfo, levels: TableLevels, now: float) -> None:
    """The table opened a level by itself (a monster's win, a teleport, ``table level``): its
    clock, if it has one, moves to that level in the same transaction, so the new level's
    time runs from now. Left to the next key press, the clock would start it only then, and
    every read-only look until that press would show its time played as 00:00."""
    from companion.timer.session import follow_table

    saved = saved_clock(tx, table)
    if saved is None or _ahead(tx, table, levels) is None:
        return
    state = follow_table(saved, now, TableEncounters(tx, table, levels), [])
    state = replace(state, revision=saved.revision + 1)
    tx.put_state(table, NAMESPACE, "clock", state_to_data(state), undoable=True)
    tx.put_state(table, NAMESPACE, "table_level", levels.level_now(tx, table), undoable=True)


def forget_encounters_after(state: ClockState, level: int) -> ClockState:
    """The clock forgets the encounters of levels the table took back (drawn again on reaching them)."""
    return replace(state, encounters=tuple(r for r in state.encounters if r.level <= level))


def follow_table_back(
    tx: Transaction, table: TableInfo, levels: TableLevels, now: float
) -> int | None:
    """After an undo took the table's level back, take the clock back to it (undo does not log this).

    Returns the level the clock went back to, or None when nothing changed.
    """
    from companion.timer.clock import jump_back_to_level

    saved = saved_clock(tx, table)
    if saved is None:
        return None
    level = levels.level_now(tx, table)
    if view(saved, now).level.number <= level:
        return None
    state, _ = jump_back_to_level(saved, now, level)
    state = replace(forget_encounters_after(state, level), revision=saved.revision + 1)
    tx.put_state(table, NAMESPACE, "clock", state_to_data(state))
    tx.put_state(table, NAMESPACE, "table_level", level)
    return level


class TableClockStore:
    """The clock of one table, in the table store's state."""

    def __init__(self, store: TableStore, table: str, levels: TableLevels | None = None) -> None:
        self.store = store
        self.table_name = table
        self.levels: TableLevels = levels or CountedLevels()

    def __repr__(self) -> str:
        return f"TableClockStore({self.store!r}, {self.table_name!r})"

    @property
    def label(self) -> str:
        return f"table '{self.table_name}'"

    def _decode(self, raw: Any) -> ClockState | None:
        if raw is None:
            return None
        try:
            return state_from_data(raw)
        except (ValueError, KeyError, TypeError, StructureError) as exc:
            raise CompanionError(
                f"the saved clock of {self.label} is damaged ({exc}); 'companion timer reset' forgets it"
            ) from None

    def load(self) -> ClockState | None:
        with self.store.transaction(write=False) as tx:
            return self._decode(tx.get_state(tx.table(self.table_name), NAMESPACE, "clock"))

    def table_level(self) -> int:
        """The level the table is at now."""
        with self.store.transaction(write=False) as tx:
            return self.levels.level_now(tx, tx.table(self.table_name))

    def level_ahead(self) -> int | None:
        """The table's level, when it went past the one the clock last saw."""
        with self.store.transaction(write=False) as tx:
            return _ahead(tx, tx.table(self.table_name), self.levels)

    def encounter_in_force(self) -> Encounter | None:
        """The encounter the table has open now, read without writing (``None``: none known)."""
        with self.store.transaction(write=False) as tx:
            return self.levels.encounter_now(tx, tx.table(self.table_name))

    def update(self, change: Change) -> ClockState | None:
        with self.store.transaction() as tx:
            table = tx.table(self.table_name)
            saved = self._decode(tx.get_state(table, NAMESPACE, "clock"))
            before = self.levels.level_now(tx, table)
            new = change(saved, TableEncounters(tx, table, self.levels))
            if new is not None and saved is not None:
                self._undo_levels_left(tx, table, new, before)
                after = self.levels.level_now(tx, table)
                if after < before:
                    new = forget_encounters_after(new, after)
            # Remember the table's level even when the clock stays put, so a
            # level the clock cannot follow is not reported again and again.
            level = self.levels.level_now(tx, table)
            if tx.get_state(table, NAMESPACE, "table_level", None) != level:
                tx.put_state(table, NAMESPACE, "table_level", level)
            if new is None or (saved is not None and new == saved):
                return saved
            new = replace(new, revision=(saved.revision if saved else 0) + 1)
            tx.put_state(table, NAMESPACE, "clock", state_to_data(new))
            if saved is None or new.started_at != saved.started_at:
                stage = current_stage(new)
                where = (
                    stage.name
                    if isinstance(stage, Break)
                    else f"{new.structure.level_word.lower()} {stage.number}"
                )
                started = ClockStarted(new.structure.id, new.structure.name, new.position, where)
                tx.record(table, started, undoable=False)
            return new

    def _undo_levels_left(
        self, tx: Transaction, table: TableInfo, new: ClockState, before: int
    ) -> None:
        """The clock went back (p): undo the table's opening of the levels it left.

        Only while the level's opening is the table's last action; after
        deals or draws the table keeps its level (and says so through the clock).
        """
        now = self.store.clock()
        target = view(new, now).level.number
        level = before
        while level > target:
            last = tx.next_undo(table)
            if last is None or last.action != "level":
                break
            tx.undo_last(table)
            level = self.levels.level_now(tx, table)

    def delete(self) -> bool:
        with self.store.transaction() as tx:
            table = tx.table(self.table_name)
            had = tx.get_state(table, NAMESPACE, "clock") is not None
            tx.delete_state(table, NAMESPACE, "clock")
            tx.delete_state(table, NAMESPACE, "table_level")
            return had
