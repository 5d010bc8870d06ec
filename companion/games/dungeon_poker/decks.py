"""Dungeon Poker's decks at the table: drawing with the game's rules, and the table's record.

:class:`DungeonPokerDecks` adds to the generic drawing rules what the
rulebook says of spent decks: the graveyard goes back into the main deck
(the generic rule), and in tournament play the monster, treasure and
encounter decks are rebuilt from their removed cards ("Tournament style
play"); elsewhere an empty deck has its own message (all monsters slain, no
treasure left, levels without an encounter). Every module of the game draws
through :data:`DECKS`.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.cards.loader import GameCards
from companion.games.dungeon_poker.state import GAME
from companion.table.drawing import GameRules, deck_name
from companion.table.events import CardRef, CardsDrawn, cards_of
from companion.table.model import CardCopy, DrawnCard, TableInfo
from companion.table.store import Transaction

REBUILT_IN_TOURNAMENT = ("monsters", "treasures", "encounters")
"""Decks rebuilt from their removed cards when they run out in tournament play."""


class DungeonPokerDecks(GameRules):
    """The generic drawing rules with Dungeon Poker's spent decks."""

    RESHUFFLED = frozenset({"main"})  # the graveyard goes back into the main deck

    def take(
        self,
        tx: Transaction,
        table: TableInfo,
        cards: GameCards,
        deck: str,
        *,
        bottom: bool = False,
    ) -> tuple[CardCopy, list[str]]:
        if (
            tx.top(table, deck) is None
            and deck in REBUILT_IN_TOURNAMENT
            and table.options.get("tournament")
        ):
            removed = list(tx.pile(table, deck, "removed"))
            if removed:
                tx.arrange(table, removed, "draw")
                self.shuffle(tx, table, deck)
                note = f"tournament: the {len(removed)} removed {deck_name(cards, deck).lower()} were shuffled into a new deck"
                copy, notes = super().take(tx, table, cards, deck, bottom=bottom)
                return copy, [note, *notes]
        return super().take(tx, table, cards, deck, bottom=bottom)

    def empty_message(self, cards: GameCards, deck: str) -> str:
        if deck == "monsters":
            return "all monsters have been slain: the monster deck is empty"
        if deck == "treasures":
            return "the treasure deck is empty: no treasures are left in the dungeon"
        if deck == "encounters":
            return "the encounter deck has run out: levels go on without an encounter"
        return super().empty_message(cards, deck)


DECKS = DungeonPokerDecks(GAME)
"""The drawing rules every part of the game uses."""


OPEN_DECKS = ("treasures", "skulls")
"""Decks whose cards a player holds face up: a treasure is shown round the table when it is
drawn (000, Treasures), a skull lies in front of its holder."""


def refs(drawn: Sequence[DrawnCard]) -> tuple[CardRef, ...]:
    """Cards as the table's events name them (a skull face up, a hand card face down)."""
    return cards_of(drawn, open_decks=OPEN_DECKS)


def record(
    tx: Transaction,
    table: TableInfo,
    cards: GameCards,
    deck: str,
    drawn: Sequence[DrawnCard],
    player: str | None,
    notes: Sequence[str],
) -> None:
    """One history entry for cards drawn (the entry ``table undo`` reverts)."""
    event = CardsDrawn(deck, deck_name(cards, deck), player, refs(drawn), tuple(notes))
    tx.record(table, event, actor=player)


def copies(cards: GameCards, deck: str) -> list[str]:
    """Every physical card of a deck, by id (a card with quantity 2 twice)."""
    return [c.id for c in cards.deck(deck) for _ in range(c.quantity)]


def moved_copy(card: DrawnCard) -> CardCopy:
    """The physical card a :class:`DrawnCard` describes, where it lies now."""
    return CardCopy(card.deck, card.copy, card.card_id, card.pile, card.holder, 0)
