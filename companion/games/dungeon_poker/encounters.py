"""Opening a level: the next level card, and a new encounter card (000, "Encounter cards").

Each level after the first opens with a new encounter that rules its five
deals; the used level card and encounter leave the game. Some situations
end a level early (the Astral Warlock, the Teleport Trap, the Scroll of
Teleport): the next level opens at once and lasts its full five deals. An
encounter the table is too small for (Paranoia with two players) is put
away and another drawn; once the encounter deck is spent, levels go on
without one. Dragon age brings the extra Fire Dragon to every deal of its
level; High magic's extra soul gems go back when it ends.

:class:`DungeonPokerLevels` is how the table's clock opens levels: through
these same functions, in the clock's transaction.
"""

from __future__ import annotations

from dataclasses import replace

from companion.bounds import MAX_LEVEL, check_range
from companion.cards.dungeon_poker import soul_gems
from companion.cards.loader import GameCards
from companion.errors import CompanionError
from companion.games.dungeon_poker import levels, monsters, state
from companion.games.dungeon_poker.decks import DECKS
from companion.games.dungeon_poker.levels import LevelChange
from companion.table.actions import game_cards
from companion.table.drawing import drawn_card
from companion.table.events import CardRef, LevelOpened
from companion.table.model import DrawnCard, TableInfo
from companion.table.store import Transaction
from companion.timer.encounters import Encounter
from companion.timer.table_clock import follow_table_now


def enter_level(tx: Transaction, table: TableInfo, cards: GameCards, level: int) -> LevelChange:
    """Open ``level`` if it is above the current one (drawing one encounter); else the level in force."""
    current = levels.level_number(tx, table)
    check_range("level", level, 1, MAX_LEVEL)
    if level <= current:
        now = levels.level_now(tx, table, cards)
        if level == current:
            return now
        return replace(
            now,
            notes=(
                f"level {level} has already been played: levels only go up, and level "
                f"{current} is in force ('companion table undo' takes back a level just "
                "opened; 'companion table level' opens the next one)",
            ),
        )
    notes: list[str] = []
    for copy in tx.pile(table, "levels", "in_play"):
        tx.move(table, copy, "removed")
    opened = None
    for _ in range(level - current):
        top = tx.top(table, "levels")
        if top is None:
            break
        if opened is not None:
            tx.move(table, opened, "removed")
        opened = tx.move(table, top, "in_play")
    state.put(tx, table, "level", level)
    encounter, more = open_encounter(tx, table, cards)
    notes.extend(more)
    change = levels.level_now(tx, table, cards)
    if change.soul_gems:
        notes.insert(
            0,
            f"every player takes {soul_gems(change.soul_gems)} at the first deal of this level",
        )
    change = LevelChange(
        change.level,
        change.blind,
        change.soul_gems,
        change.level_card,
        encounter,
        True,
        tuple(notes),
    )
    shown = CardRef.of(encounter) if encounter else None
    tx.record(table, LevelOpened(level, change.blind, shown, tuple(notes)))
    return change


def next_level(tx: Transaction, table: TableInfo, cards: GameCards) -> LevelChange:
    """Open the level after the current one (five deals played, or a level ended early)."""
    return enter_level(tx, table, cards, levels.level_number(tx, table) + 1)


def open_level_now(
    tx: Transaction, table: TableInfo, cards: GameCards, level: int | None = None
) -> LevelChange:
    """The table opens ``level`` (default: the next) by itself, outside its clock: ``table
    level``, the Astral Warlock's win, a teleport. The table's clock follows at once."""
    change = next_level(tx, table, cards) if level is None else enter_level(tx, table, cards, level)
    if change.drawn:
        follow_table_now(tx, table, DungeonPokerLevels(), tx.store.clock())
    return change


def open_encounter(
    tx: Transaction, table: TableInfo, cards: GameCards, *, bottom: bool = False
) -> tuple[DrawnCard | None, list[str]]:
    """Replace the encounter in force by the next one (skipping those the table is too small for)."""
    notes: list[str] = []
    old_rules = levels.encounter_rules(tx, table, cards)
    old = levels.encounter(tx, table, cards)
    if old is not None and old_rules.bonus_soul_gems:
        notes.append(_bonus_gems_back(tx, table, old.name))
    for copy in tx.pile(table, "encounters", "in_play"):
        tx.move(table, copy, "removed")
    if old_rules.deal_monster:
        for copy in tx.pile(table, "monsters", "in_play"):
            if copy.card_id == old_rules.deal_monster:
                tx.move(table, copy, "aside")
                monsters.forget(tx, table, copy)
                notes.append(f"the {cards.get(copy.card_id).name} of the last encounter leaves")
    if levels.level_number(tx, table) < 2:
        return None, notes
    players = len(state.active_players(tx, table))
    while True:
        try:
            copy, took = DECKS.take(tx, table, cards, "encounters", bottom=bottom)
        except CompanionError as exc:
            notes.append(exc.message)
            return None, notes
        notes.extend(took)
        model = cards.get(copy.card_id)
        rules = model.rules
        if rules.min_players is not None and players < rules.min_players:
            tx.move(table, copy, "removed")
            notes.append(
                f"{model.name} needs {rules.min_players} players or more: discarded, another is drawn"
            )
            continue
        break
    moved = tx.move(table, copy, "in_play")
    said: list[str] = []
    if rules.deal_monster:
        for dragon in [
            c for c in tx.pile(table, "monsters", "aside") if c.card_id == rules.deal_monster
        ][:1]:
            placed = tx.move(table, dragon, "in_play")
            shown = monsters.place_in_play(tx, table, cards, placed, rules, king=True)
            said.append(f"the {shown.name} joins every deal of this level ({shown.notes[0]})")
    if rules.showdown_monster is not None:
        said.append("at every showdown a monster comes: 'companion table monster --showdown'")
    if rules.bonus_soul_gems:
        counted = [p for p in state.seated(tx, table) if p in state.gems_of(tx, table)]
        state.gems_to_all(tx, table, counted, rules.bonus_soul_gems)
        state.put(tx, table, "gem_bonus", {p: int(rules.bonus_soul_gems) for p in counted})
        said.append(
            f"every player takes {soul_gems(rules.bonus_soul_gems)} from the bank for this "
            "encounter; those not spent go back at its end"
        )
    return drawn_card(cards, moved, notes=said), notes


def _bonus_gems_back(tx: Transaction, table: TableInfo, name: str) -> str:
    """The encounter's extra soul gems (High magic) that nobody spent go back to the bank."""
    back = state.gem_bonus(tx, table)
    state.put(tx, table, "gem_bonus", {})
    gems = state.gems_of(tx, table)
    for p, extra in back.items():
        if p in gems:
            gems[p] = max(gems[p] - extra, 0)
    state.set_gems(tx, table, gems)
    given = [f"{p} {extra}" for p, extra in back.items() if extra]
    return f"{name} ends: the extra soul gems not spent go back to the bank" + (
        f" ({', '.join(given)})" if given else " (none were left)"
    )


class DungeonPokerLevels:
    """The table's level cards and encounter deck, as the clock asks for them."""

    level_actions: tuple[str, ...] = ("level",)

    def enter_level(self, tx: Transaction, table: TableInfo, level: int) -> Encounter | None:
        card = enter_level(tx, table, game_cards(table), level).encounter
        return None if card is None else Encounter(card.name, card.text, card.card_id)

    def level_now(self, tx: Transaction, table: TableInfo) -> int:
        return levels.level_number(tx, table)

    def deals_played(self, tx: Transaction, table: TableInfo) -> int:
        """The deals of this level finished before the one under way (a clock's count)."""
        deal = state.current_deal(tx, table)
        if deal is None or int(deal["level"]) != levels.level_number(tx, table):
            return 0
        return max(int(deal["number"]) - 1, 0)

    def encounter_now(self, tx: Transaction, table: TableInfo) -> Encounter | None:
        """The encounter card open at the table, read only (``timer status`` shows it)."""
        card = levels.level_now(tx, table, game_cards(table)).encounter
        return None if card is None else Encounter(card.name, card.text, card.card_id)
