"""What a Dungeon Poker table remembers beyond where each card lies.

The table store keeps a small key-value state per table; Dungeon Poker's
lives under the namespace ``dungeon-poker`` and every write is undoable
with the action that made it. The keys, by the rulebook's chapters:

* levels: ``level`` (the level in force), ``deal`` (the deal under way:
  number, level, settled), ``deals_done`` and ``deals_level`` (deals counted
  for the level);
* characters: ``gold`` (each character's gold behind, moved by every rule
  that moves it: the showdown, selling and cashing, sudden effects, friendly
  monsters), ``chosen`` (secret choices waiting to be revealed together),
  ``returning`` (back by the Undeath Amulet at the next deal);
* treasures: ``carried`` (treasures waiting from tied deals), ``carried_gold``
  (gold left on the table for the next pot);
* monsters: ``monsters`` (what each monster in play plays with);
* death: ``skulls`` per player and the players ``out`` of the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.errors import CompanionError
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


def current_deal(tx: Transaction, table: TableInfo) -> dict[str, Any] | None:
    """The deal under way: ``{"number", "level", "settled"}``, or None before the first.

    ``settled`` is False, or the command that settled it (``table showdown``, ...)."""
    found = get(tx, table, "deal")
    return dict(found) if found else None


def deal_to_settle(tx: Transaction, table: TableInfo) -> dict[str, Any] | None:
    """The deal under way, which must not be settled yet: a deal is settled once (by
    ``table showdown`` or a correction), and settled again only after ``table undo``.

    None on a table that has never started a deal with ``table deal`` (its deals are
    counted on the clock, or not at all): it cannot tell one deal from the next, so
    it takes each correction as the dealer gives it."""
    deal = current_deal(tx, table)
    if deal is None:
        return None
    if deal.get("settled"):
        by = deal["settled"] if isinstance(deal["settled"], str) else "table showdown"
        raise CompanionError(
            f"deal {deal['number']} is already settled (by '{by}'): 'companion table undo' "
            "takes that back, or start the next one with 'companion table deal'"
        )
    return deal


def mark_settled(tx: Transaction, table: TableInfo, deal: dict[str, Any] | None, by: str) -> None:
    """The deal under way (if the table counts deals) is settled now, by the command ``by``."""
    if deal is not None:
        put(tx, table, "deal", {**deal, "settled": by})


def declare(tx: Transaction, table: TableInfo, field: str, who: str) -> bool:
    """Remember for the showdown of the deal under way that ``who`` used what acts at it
    (a ``declared`` field of the showdown: ``explosive_potion``); False when no deal is
    under way to remember it for."""
    deal = current_deal(tx, table)
    if deal is None or deal.get("settled"):
        return False
    declared = dict(deal.get("declared", {}))
    declared[field] = [*declared.get(field, []), who]
    put(tx, table, "deal", {**deal, "declared": declared})
    return True


def players_out(tx: Transaction, table: TableInfo) -> list[str]:
    """Players whose game is over (a third skull, tournament or heads-up death)."""
    return list(get(tx, table, "out", []))


def active_players(tx: Transaction, table: TableInfo) -> list[str]:
    """Players still in the game, in seat order."""
    out = set(players_out(tx, table))
    return [p for p in table.players if p not in out]


def seated(tx: Transaction, table: TableInfo) -> list[str]:
    """Players with a character in play and still in the game, in seat order."""
    out = set(players_out(tx, table))
    return [p for p in table.players if p not in out and tx.pile(table, "characters", "in_play", p)]


def add_gold(tx: Transaction, table: TableInfo, player: str, amount: int) -> int | None:
    """``amount`` gold to ``player``'s counted gold (taken from it when negative, never
    below nothing); the gold they have now, or None while the table counts none for
    them (no character revealed yet)."""
    gold = gold_of(tx, table)
    if player not in gold:
        return None
    gold[player] = max(gold[player] + amount, 0)
    set_gold(tx, table, gold)
    return gold[player]


def skulls_of(tx: Transaction, table: TableInfo) -> dict[str, int]:
    return {k: int(v) for k, v in get(tx, table, "skulls", {}).items()}
