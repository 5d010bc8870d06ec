"""Blind bet levels: the level in force, its blind, its soul gems and its encounter.

The ladder has one copy: the level cards of the card database. The table's
blind clock structure (``games/dungeon_poker/structures/*.yaml``) lists no
blinds of its own; it is built from the same level cards, and the table
reads each level's blind and soul gems from that structure, so the table
and its clock cannot disagree. The structure of a table follows its setup:
the shorter game leaves four level cards out, and the First Edition extra
level card (400) can be added (000, "Shorter game"; Appendix E).

A level lasts five deals (the structure's ``deals_per_level``, which
``timer run --deals-per-level`` can change for the table's clock: the table
counts the same deals, :func:`deals_per_level`); after the last level card
the blind rises each level by what that card says (``blind_rise_after``:
500), which the structure reads too. Opening a level and drawing its encounter is
:mod:`~companion.games.dungeon_poker.encounters`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.cards.dungeon_poker import EncounterRules
from companion.cards.loader import GameCards
from companion.errors import CompanionError
from companion.games.dungeon_poker import state
from companion.table.drawing import drawn_card
from companion.table.model import DrawnCard, TableInfo
from companion.table.store import Transaction
from companion.timer.clock import deals_limit
from companion.timer.describe import ladder_text
from companion.timer.structure import Structure, load_structure
from companion.timer.table_clock import default_structure, saved_clock


@dataclass(frozen=True)
class LevelChange:
    """The level in force: its number, blind, bonus soul gems and encounter."""

    level: int
    blind: int
    soul_gems: int
    level_card: DrawnCard | None = None
    encounter: DrawnCard | None = None
    drawn: bool = False
    """True when this call opened the level (and drew its encounter, if any)."""
    notes: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "level": self.level,
            "blind": self.blind,
            "soul_gems": self.soul_gems,
            "encounter": self.encounter.to_json() if self.encounter else None,
            "level_card": self.level_card.to_json() if self.level_card else None,
            "drawn": self.drawn,
            "notes": list(self.notes),
        }


def structure(table: TableInfo) -> Structure:
    """The blind structure of a table, made from its level cards (the clock's too).

    >>> from companion.table import TableInfo
    >>> short = TableInfo(1, "t", "dungeon-poker", 1, ("a", "b"), {"short": True}, 0.0)
    >>> [lv.blind for lv in structure(short).levels]
    [100, 300, 500, 700, 1000, 1500]
    """
    return load_structure(default_structure(table))


def deals_per_level(tx: Transaction, table: TableInfo) -> int | None:
    """The deals that make a level at this table, from where its clock reads them: the
    clock's settings when it has a clock (``timer run --deals-per-level N``), else its
    structure (five, the rulebook's). None when deals do not end levels (``N`` = 0)."""
    clock = saved_clock(tx, table)
    return deals_limit(clock) if clock is not None else structure(table).deals_per_level


def blind_of(table: TableInfo, level: int) -> tuple[int, int]:
    """(blind, soul gems) of ``level`` at this table: its card, then the last card's rise a level."""
    if level < 1:
        raise CompanionError(f"levels start at 1 (got {level})")
    found = structure(table).level(level)
    assert found is not None  # Dungeon Poker structures go on past their last card
    return found.blind or 0, found.soul_gems


def level_cards(table: TableInfo, cards: GameCards) -> list[Any]:
    """The level cards laid on the board at setup, in play order (the structure's levels)."""
    by_blind = {c.blind: c for c in cards.of_type("level")}
    return [by_blind[lv.blind] for lv in structure(table).levels if lv.blind in by_blind]


def level_number(tx: Transaction, table: TableInfo) -> int:
    return int(state.get(tx, table, "level", 1))


def level_now(tx: Transaction, table: TableInfo, cards: GameCards) -> LevelChange:
    """The level in force, read only."""
    level = level_number(tx, table)
    blind, gems = blind_of(table, level)
    level_card = tx.pile(table, "levels", "in_play")
    encounter = tx.pile(table, "encounters", "in_play")
    return LevelChange(
        level=level,
        blind=blind,
        soul_gems=gems,
        level_card=drawn_card(cards, level_card[0]) if level_card else None,
        encounter=drawn_card(cards, encounter[0]) if encounter else None,
    )


def encounter(tx: Transaction, table: TableInfo, cards: GameCards) -> Any:
    """The encounter card model in force, or None."""
    in_play = tx.pile(table, "encounters", "in_play")
    return cards.get(in_play[0].card_id) if in_play else None


def encounter_rules(tx: Transaction, table: TableInfo, cards: GameCards) -> EncounterRules:
    """The rules of the encounter in force (plain rules without one)."""
    found = encounter(tx, table, cards)
    return found.rules if found is not None else EncounterRules()


def check_structure(table: TableInfo, clock: Structure) -> None:
    """Refuse a clock whose levels are not the table's level cards (blind and soul gems)."""
    own = structure(table)
    mine = [(lv.blind, lv.soul_gems) for lv in own.levels]
    theirs = [(lv.blind, lv.soul_gems) for lv in clock.levels]
    if theirs != mine:
        gems = [b for b, _ in theirs] == [b for b, _ in mine]  # only the soul gems differ
        raise CompanionError(
            f"the structure '{clock.id}' ({ladder_text(clock.levels, soul_gems=gems, most=6)}) does "
            f"not follow the level cards of table '{table.name}' "
            f"({ladder_text(own.levels, soul_gems=gems)}): leave out --structure to run "
            "the table's own"
        )
