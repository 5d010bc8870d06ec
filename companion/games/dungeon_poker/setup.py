"""Preparing the game (000, "Preparing the game"): the table as the rulebook lays it out.

Skulls, the Golem and the second Fire Dragon wait beside the board, the
First Edition extras stay in the box (but for the extra level card, when
asked), the level deck lies in order with the first level open and no
encounter, the other decks are shuffled, and two characters are dealt face
down to each player. Options: tournament play, the shorter game, the
First Edition extra level card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.cards.dungeon_poker import monster_deck
from companion.cards.loader import GameCards
from companion.errors import CompanionError
from companion.games.dungeon_poker import characters, levels, state
from companion.games.dungeon_poker.betting import check_limit
from companion.games.dungeon_poker.decks import DECKS, copies
from companion.games.dungeon_poker.victory import gold_per_skull, win_targets
from companion.table.model import TableInfo
from companion.table.store import Transaction


def options(raw: dict[str, Any]) -> dict[str, Any]:
    """The setup options of ``table new``: ``tournament``, ``short``, ``extra_level``, and
    ``limit`` (``no`` or ``pot``: the table tracks each deal's betting)."""
    chosen: dict[str, Any] = {
        "tournament": bool(raw.get("tournament")),
        "short": bool(raw.get("short")),
        "extra_level": bool(raw.get("extra_level")),
    }
    limit = check_limit(raw.get("limit"))
    if limit is not None:
        chosen["limit"] = limit
    unknown = [k for k, v in raw.items() if v and k not in chosen and k != "limit"]
    if unknown:
        raise CompanionError(
            f"dungeon-poker tables take no {', '.join('--' + k for k in unknown)} option"
        )
    if chosen["short"] and chosen["extra_level"]:
        raise CompanionError(
            "--short takes level cards out and --extra-level adds one: choose one of them"
        )
    return chosen


def validate_players(players: Sequence[str]) -> None:
    if not 2 <= len(players) <= characters.MAX_PLAYERS:
        raise CompanionError(
            f"Dungeon Poker seats 2 to {characters.MAX_PLAYERS} players (two characters each "
            f"from 14); got {len(players)}"
        )


def setup(tx: Transaction, table: TableInfo, cards: GameCards) -> list[str]:
    """Lay the table out as the rulebook's preparation says; notes for the players."""
    notes: list[str] = []
    for deck in ("main", "characters", "treasures", "encounters"):
        tx.add_cards(table, deck, copies(cards, deck))
        DECKS.shuffle(tx, table, deck)
    monsters = cards.deck("monsters")
    tx.add_cards(
        table, "monsters", [m.id for m in monster_deck(monsters) for _ in range(m.quantity)]
    )
    tx.add_cards(
        table,
        "monsters",
        [m.id for m in monsters if m.set_aside for _ in range(m.quantity)],
        "aside",
    )
    DECKS.shuffle(tx, table, "monsters")
    aside = ", ".join(
        m.name + (" (the extra one)" if m.king else "") for m in monsters if m.set_aside
    )
    notes.append(f"set aside: the skull cards, {aside}")
    notes.extend(_level_deck(tx, table, cards))
    tx.add_cards(table, "skulls", copies(cards, "skulls"), "aside")
    boxed = _extras_in_the_box(table, cards)
    tx.add_cards(table, "extras", boxed, "aside")
    other = "other " if len(boxed) < len(copies(cards, "extras")) else ""
    notes.append(f"the {other}First Edition extra cards stay in the box")
    state.put(tx, table, "level", 1)
    first = tx.top(table, "levels")
    if first is not None:
        tx.move(table, first, "in_play")
        notes.append(f"level 1: blind {levels.blind_of(table, 1)[0]}, played without an encounter")
    for player in table.players:
        characters.deal_characters(tx, table, cards, player)
    notes.append(
        "two characters dealt face down to each player: each looks with 'companion table hand "
        "NAME' and keeps one in secret with 'companion table choose NAME CHARACTER'; the "
        "characters are revealed when everyone has chosen"
    )
    if len(table.players) == 2:
        notes.append(
            "two players: the treasure victory does not count, and running out of gold loses"
        )
    targets = win_targets(
        len(table.players),
        per_skull=gold_per_skull(cards),
        tournament=bool(table.options.get("tournament")),
    )
    notes.append("to win: " + " or ".join(targets.lines()))
    return notes


def _level_deck(tx: Transaction, table: TableInfo, cards: GameCards) -> list[str]:
    """The level deck in play order, first level on top; the cards the table's
    structure leaves out stay in the box."""
    laid = levels.level_cards(table, cards)
    kept = {c.id for c in laid}
    tx.add_cards(table, "levels", [c.id for c in laid])
    tx.add_cards(table, "levels", [c.id for c in cards.deck("levels") if c.id not in kept], "aside")
    notes = []
    left_out = [c.blind for c in cards.deck("levels") if c.id not in kept]
    if left_out:
        notes.append("shorter game: levels " + ", ".join(map(str, left_out)) + " left out")
    extra = [c for c in laid if c.extra]
    if extra:
        notes.append(
            "the First Edition extra level card is in the level deck: "
            + ", ".join(f"{c.name} comes after {_before(laid, c)}" for c in extra)
        )
    return notes


def _before(laid: list[Any], card: Any) -> str:
    at = laid.index(card)
    return laid[at - 1].name if at else "nothing"


def _extras_in_the_box(table: TableInfo, cards: GameCards) -> list[str]:
    """The First Edition extras that stay in the box (the extra level card joins the levels)."""
    laid = {c.id for c in levels.level_cards(table, cards)}
    return [c for c in copies(cards, "extras") if c not in laid]
