"""What a Dungeon Poker table remembers beyond where each card lies.

The table store keeps a small key-value state per table; Dungeon Poker's
lives under the namespace ``dungeon-poker`` and every write is undoable
with the action that made it. The keys, by the rulebook's chapters:

* levels: ``level`` (the level in force), ``deal`` (the deal under way:
  number, level, settled), ``deals_done`` and ``deals_level`` (deals counted
  for the level);
* characters: ``gold`` (each character's gold behind), ``chosen`` (secret
  choices waiting to be revealed together), ``returning`` (back by the
  Undeath Amulet at the next deal);
* treasures: ``carried`` (treasures waiting from tied deals), ``carried_gold``
  (gold left on the table for the next pot);
* monsters: ``monsters`` (what each monster in play plays with);
* death: ``skulls`` per player and the players ``out`` of the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.table.model import TableInfo
from companion.table.store import Transaction

GAME = "dungeon-poker"
NS = "dungeon-poker"
"""The namespace of the table's Dungeon Poker state."""


def get(tx: Transaction, table: TableInfo, key: str, default: Any = None) -> Any:
    return tx.get_state(table, NS, key, default)


def put(tx: Transaction, table: TableInfo, key: str, value: Any) -> None:
    """Write one key, undoable with the action under way."""
    tx.put_state(table, NS, key, value, undoable=True)


def gold_of(tx: Transaction, table: TableInfo) -> dict[str, int]:
    """Each seated character's gold behind, as the table has counted it."""
    return {k: int(v) for k, v in get(tx, table, "gold", {}).items()}


def set_gold(tx: Transaction, table: TableInfo, gold: Mapping[str, int]) -> None:
    put(tx, table, "gold", dict(gold))


def players_out(tx: Transaction, table: TableInfo) -> list[str]:
    """Players whose game is over (a third skull, tournament or heads-up death)."""
    return list(get(tx, table, "out", []))


def active_players(tx: Transaction, table: TableInfo) -> list[str]:
    """Players still in the game, in seat order."""
    out = set(players_out(tx, table))
    return [p for p in table.players if p not in out]


def skulls_of(tx: Transaction, table: TableInfo) -> dict[str, int]:
    return {k: int(v) for k, v in get(tx, table, "skulls", {}).items()}
