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
from typing import Any

from companion.errors import CompanionError
from companion.games.dungeon_poker import table_rules as dp
from companion.table import TableInfo, TableStore, Transaction
from companion.timer.clock import ClockState, current_stage, state_from_data, state_to_data
from companion.timer.encounters import Encounter
from companion.timer.store import Change
from companion.timer.structure import Break, StructureError

NAMESPACE = "timer"
STRUCTURE_FOR_GAME = {
    "dungeon-poker": "dungeon-poker",
    "decko": "decko",
    "dragon-kings": "dragon-kings",
}


def default_structure(table: TableInfo) -> str | None:
    """The built-in structure a table's game plays with (``None``: no blinds in that game).

    >>> from companion.table import TableInfo
    >>> default_structure(TableInfo(1, "t", "dungeon-poker", 1, ("a", "b"), {"short": True}, 0.0))
    'dungeon-poker-short'
    """
    if table.game == "dungeon-poker" and table.options.get("short"):
        return "dungeon-poker-short"
    return STRUCTURE_FOR_GAME.get(table.game)


class TableEncounters:
    """Encounters from a Dungeon Poker table's deck, inside the clock's transaction."""

    def __init__(self, tx: Transaction, table: TableInfo) -> None:
        self.tx = tx
        self.table = table

    def draw_encounter(self, level: int) -> Encounter | None:
        # enter_level never draws twice for a level the table already opened.
        change = dp.enter_level(self.tx, self.table, level)
        card = change.encounter
        return None if card is None else Encounter(card.name, card.text, card.card_id)

    def level_ahead(self) -> int | None:
        """The table's level, when it went past the one the clock last saw."""
        return _ahead(self.tx, self.table)


def _ahead(tx: Transaction, table: TableInfo) -> int | None:
    level = table_level(tx, table)
    seen = tx.get_state(table, NAMESPACE, "table_level", None)
    return level if seen is not None and level > seen else None


def table_level(tx: Transaction, table: TableInfo) -> int:
    """The level the table has opened (1 until a level is opened)."""
    return dp.level_now(tx, table).level


class TableClockStore:
    """The clock of one table, in the table store's state."""

    def __init__(self, store: TableStore, table: str) -> None:
        self.store = store
        self.table_name = table

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
            return table_level(tx, tx.table(self.table_name))

    def level_ahead(self) -> int | None:
        """The table's level, when it went past the one the clock last saw."""
        with self.store.transaction(write=False) as tx:
            return _ahead(tx, tx.table(self.table_name))

    def encounter_in_force(self) -> Encounter | None:
        """The encounter card the table has open now (read only; ``None``: none)."""
        with self.store.transaction(write=False) as tx:
            table = tx.table(self.table_name)
            if table.game != dp.GAME:
                return None
            card = dp.level_now(tx, table).encounter
        return None if card is None else Encounter(card.name, card.text, card.card_id)

    def update(self, change: Change) -> ClockState | None:
        with self.store.transaction() as tx:
            table = tx.table(self.table_name)
            saved = self._decode(tx.get_state(table, NAMESPACE, "clock"))
            encounters = TableEncounters(tx, table)
            new = change(saved, encounters)
            # Remember the table's level even when the clock stays put, so a
            # level the clock cannot follow is not reported again and again.
            level = table_level(tx, table)
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
                tx.record(
                    table,
                    "timer-start",
                    f"clock started: {new.structure.name}, {where}",
                    data={"structure": new.structure.id, "position": new.position},
                    undoable=False,
                )
            return new

    def delete(self) -> bool:
        with self.store.transaction() as tx:
            table = tx.table(self.table_name)
            had = tx.get_state(table, NAMESPACE, "clock") is not None
            tx.delete_state(table, NAMESPACE, "clock")
            tx.delete_state(table, NAMESPACE, "table_level")
            return had
