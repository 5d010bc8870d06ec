"""What a Dungeon Poker table remembers beyond where each card lies.

The table store keeps a small key-value state per table; Dungeon Poker's
lives under the namespace ``dungeon-poker`` and every write is undoable
with the action that made it. The keys, by the rulebook's chapters:

* levels: ``level`` (the level in force), ``deal`` (the deal under way:
  number, level, settled), ``deals_done`` and ``deals_level`` (deals counted
  for the level);
* characters: ``gold`` (each character's gold behind, moved by every rule
  that moves it: the showdown, selling and cashing, sudden effects, friendly
  monsters), ``gems`` (each character's soul gems, kept the same way: the
  character card's gems, level and encounter bonuses, abilities paid, monster
  thefts and gifts, slayers' rewards, treasures cashed, deaths), ``gem_bonus``
  (what is left of an encounter's extra gems, High magic's, which go back at
  its end), ``chosen`` (secret choices waiting to be revealed together),
  ``returning`` (back by the Undeath Amulet at the next deal);
* treasures: ``carried`` (treasures waiting from tied deals), ``carried_gold``
  (gold left on the table for the next pot);
* monsters: ``monsters`` (what each monster in play plays with);
* death: ``skulls`` per player and the players ``out`` of the game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
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


def gems_of(tx: Transaction, table: TableInfo) -> dict[str, int]:
    """Each seated character's soul gems, as the table has counted them."""
    return {k: int(v) for k, v in get(tx, table, "gems", {}).items()}


def set_gems(tx: Transaction, table: TableInfo, gems: Mapping[str, int]) -> None:
    """Each character's soul gems as given. An encounter's extra gems (High magic) are
    the first to go, whatever takes a player's gems: what is left of them goes back
    to the bank at the encounter's end."""
    bonus = gem_bonus(tx, table)
    if bonus:
        before = gems_of(tx, table)
        for p, extra in list(bonus.items()):
            spent = max(before.get(p, 0) - int(gems.get(p, 0)), 0)
            bonus[p] = max(extra - spent, 0)
        put(tx, table, "gem_bonus", {p: n for p, n in bonus.items() if n > 0})
    put(tx, table, "gems", dict(gems))


def gem_bonus(tx: Transaction, table: TableInfo) -> dict[str, int]:
    """The encounter's extra soul gems each player still has (High magic), to give back."""
    return {k: int(v) for k, v in get(tx, table, "gem_bonus", {}).items()}


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


def declare_value(tx: Transaction, table: TableInfo, field: str, value: Any) -> bool:
    """Remember for the showdown of the deal under way one declared value (the Witch's
    curse with its rank, Ambush & run with its gold); False without a deal under way."""
    deal = current_deal(tx, table)
    if deal is None or deal.get("settled"):
        return False
    put(tx, table, "deal", {**deal, "declared": {**deal.get("declared", {}), field: value}})
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
    return _add(gold_of(tx, table), player, amount, lambda c: set_gold(tx, table, c))


def add_gems(tx: Transaction, table: TableInfo, player: str, amount: int) -> int | None:
    """``amount`` soul gems to ``player``'s count (taken when negative, never below
    none); the gems they have now, or None while the table counts none for them."""
    return _add(gems_of(tx, table), player, amount, lambda c: set_gems(tx, table, c))


def _add(
    counts: dict[str, int], player: str, amount: int, write: Callable[[dict[str, int]], None]
) -> int | None:
    """One count (gold or soul gems) moved for one player: the one rule both follow."""
    if player not in counts:
        return None
    counts[player] = max(counts[player] + amount, 0)
    write(counts)
    return counts[player]


def gems_to_all(tx: Transaction, table: TableInfo, players: Iterable[str], amount: int) -> None:
    """``amount`` soul gems to each of ``players`` whose gems the table counts."""
    gems = gems_of(tx, table)
    for p in players:
        if p in gems:
            gems[p] = max(gems[p] + amount, 0)
    set_gems(tx, table, gems)


def skulls_of(tx: Transaction, table: TableInfo) -> dict[str, int]:
    return {k: int(v) for k, v in get(tx, table, "skulls", {}).items()}
