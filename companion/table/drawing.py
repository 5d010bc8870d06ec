"""Game rules of drawing that hold for every game, and the hook for game-specific ones.

:class:`GameRules` is what a plain game gets: every deck shuffled with the
table's seed at setup, cards drawn from the top, and the discard pile
shuffled into a new draw pile when the draw pile runs out, for the decks
whose rulebook says so (``reshuffled``). A game with more to say subclasses
it in its own package and hands it over as its
:meth:`companion.registry.Game.table_rules`; :func:`rules_for` finds it by
game id.

>>> rules = GameRules("solitaire", reshuffled=frozenset({"stock"}))
>>> rules.reshuffles("stock"), rules.reshuffles("waste")
(True, False)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from companion.cards.loader import GameCards
from companion.errors import CompanionError
from companion.table.events import BetMade
from companion.table.model import CardCopy, DrawnCard, TableInfo
from companion.table.store import Transaction
from companion.table.views import (
    HISTORY_SHOWN,
    Audience,
    View,
    build_view,
    may_see,
    overview_facts,
)

STATE = "table"
"""Namespace of the table's own state in the key-value store."""


def table_rng(tx: Transaction, table: TableInfo) -> random.Random:
    """A fresh generator for the table's next random step: the seed and a counter.

    Deriving each step from (seed, counter) keeps the counter the only state,
    so the same seed and the same commands give the same cards, and undoing a
    shuffle also rewinds the counter.
    """
    counter = int(tx.get_state(table, STATE, "rng", 0))
    tx.put_state(table, STATE, "rng", counter + 1, undoable=True)
    return random.Random(f"{table.seed}:{counter}")


def variant_key(name: str) -> str:
    """A variant deck's name as ``--variant`` takes it: ``Obstacles variant`` is ``obstacles``.

    >>> variant_key("Mirrors variant"), variant_key(" Golden Joker ")
    ('mirrors', 'golden-joker')
    """
    words = "".join(ch if ch.isalnum() else " " for ch in name.lower()).split()
    return "-".join(w for w in words if w != "variant")


class GameRules:
    """The generic rules; ``game`` is the game id."""

    RESHUFFLED: ClassVar[frozenset[str]] = frozenset()
    """Decks whose discard pile is shuffled into a new draw pile when the draw pile runs out."""

    def __init__(self, game: str, reshuffled: frozenset[str] | None = None) -> None:
        self.game = game
        self.reshuffled = self.RESHUFFLED if reshuffled is None else reshuffled

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game}>"

    # -- setup -------------------------------------------------------------------

    def validate_players(self, players: Sequence[str], options: dict[str, Any]) -> None:
        """Reject a player count the game cannot seat (nothing to check by default)."""

    def options(self, raw: dict[str, Any]) -> dict[str, Any]:
        """Check the setup options of ``table new``; the generic rules take one: ``variant``,
        the name of one of the game's variant decks (``obstacles``)."""
        unknown = [k for k, v in raw.items() if v and k != "variant"]
        if unknown:
            raise CompanionError(
                f"{self.game} tables take no {', '.join('--' + k for k in unknown)} option"
            )
        if not raw.get("variant"):
            return {}
        return {"variant": self.variant_named(str(raw["variant"]))}

    def variant_named(self, text: str) -> str:
        """The key of the game's variant deck that ``text`` names (any case, a prefix will do)."""
        from companion.cards import load_game

        keys = [variant_key(d.name) for d in load_game(self.game).decks if d.variant]
        if not keys:
            raise CompanionError(f"{self.game} has no variant cards: leave out --variant")
        wanted = variant_key(text)
        found = [k for k in keys if wanted and k.startswith(wanted)]
        if len(found) != 1:
            raise CompanionError(
                f"'{text}' is not a {self.game} variant (variants: {', '.join(keys)})"
            )
        return found[0]

    def setup(self, tx: Transaction, table: TableInfo, cards: GameCards) -> list[str]:
        """Create every deck's cards and shuffle them; return notes for the players.

        A variant deck stays in the box unless the table plays that variant;
        then each of its cards that names a deck to join (``joins``) is
        shuffled into that deck, and the others form a deck of their own.
        """
        notes: list[str] = []
        chosen = table.options.get("variant")
        playing = {d.id for d in cards.decks if d.variant and variant_key(d.name) == chosen}
        joining: dict[str, list[str]] = {}
        for card in cards.cards:
            joins = getattr(card, "joins", None)
            if card.deck in playing and joins:
                joining.setdefault(str(joins), []).extend([card.id] * card.quantity)
        for deck in cards.decks:
            own = [
                c
                for c in cards.deck(deck.id)
                if not (deck.id in playing and getattr(c, "joins", None))
            ]
            ids = [c.id for c in own for _ in range(c.quantity)]
            if deck.variant and deck.id not in playing and ids:
                tx.add_cards(table, deck.id, ids, pile="aside")
                notes.append(f"{deck.name}: variant cards set aside")
                continue
            extra = joining.get(deck.id, [])
            if not ids + extra:
                continue
            tx.add_cards(table, deck.id, ids + extra)
            self.shuffle(tx, table, deck.id)
            if extra:
                notes.append(f"variant: {len(extra)} card(s) shuffled into the {deck.name}")
        return notes

    # -- drawing -----------------------------------------------------------------

    def reshuffles(self, deck: str) -> bool:
        return deck in self.reshuffled

    def shuffle(self, tx: Transaction, table: TableInfo, deck: str, pile: str = "draw") -> None:
        copies = tx.pile(table, deck, pile)
        table_rng(tx, table).shuffle(copies)
        tx.arrange(table, copies, pile)

    def refill(self, tx: Transaction, table: TableInfo, cards: GameCards, deck: str) -> str | None:
        """Make a new draw pile when it is empty; return a note, or None if the deck is spent."""
        if not self.reshuffles(deck):
            return None
        discard = tx.pile(table, deck, "discard")
        if not discard:
            return None
        tx.arrange(table, discard, "draw")
        self.shuffle(tx, table, deck)
        return f"the discard pile of {deck_name(cards, deck)} was shuffled into a new draw pile"

    def take(
        self,
        tx: Transaction,
        table: TableInfo,
        cards: GameCards,
        deck: str,
        *,
        bottom: bool = False,
    ) -> tuple[CardCopy, list[str]]:
        """The next card of a deck's draw pile (refilling it if the game allows)."""
        notes: list[str] = []
        top = tx.top(table, deck, bottom=bottom)
        if top is None:
            note = self.refill(tx, table, cards, deck)
            if note:
                notes.append(note)
                top = tx.top(table, deck, bottom=bottom)
        if top is None:
            raise CompanionError(self.empty_message(cards, deck))
        return top, notes

    def empty_message(self, cards: GameCards, deck: str) -> str:
        why = (
            "and its discard pile is empty too"
            if self.reshuffles(deck)
            else "and this game does not reshuffle it (gather it with 'companion deck shuffle DECK --discard')"
        )
        return f"the {deck} deck ({deck_name(cards, deck)}) has no cards left to draw {why}"

    def draw(
        self,
        tx: Transaction,
        table: TableInfo,
        cards: GameCards,
        deck: str,
        *,
        count: int = 1,
        player: str | None = None,
        bottom: bool = False,
    ) -> list[DrawnCard]:
        """Draw ``count`` cards to ``player``'s hand (or into play) and record it."""
        drawn: list[DrawnCard] = []
        for _ in range(count):
            copy, notes = self.take(tx, table, cards, deck, bottom=bottom)
            moved = tx.move(table, copy, "held" if player else "in_play", player)
            drawn.append(drawn_card(cards, moved, notes=notes))
        record_draw(tx, table, deck, drawn, player, cards)
        return drawn

    def check_move(self, deck: str) -> None:
        """Refuse a generic card move (discard, remove, return, reorder, shuffle) that the
        game's own commands must make instead; generic games allow every move."""

    def fold_in_betting(self, tx: Transaction, table: TableInfo, player: str) -> BetMade | None:
        """A fold through the table's betting (``table bet PLAYER fold``, a page's fold
        button) at a game whose own fold does more than the betting's (the hole cards to
        the discard pile, its own history entry): the game folds ``player`` its way, the
        betting's fold inside it, and returns the betting's event. None (the default):
        the betting's fold is the whole fold, recorded by :func:`companion.table.betting.act`.
        It takes no cards: a game whose fold needs them loads them, so a fold costs the
        other games no card load."""
        return None

    # -- what the table shows ------------------------------------------------------

    def describe(self, card: DrawnCard) -> DrawnCard:
        """A held or played card as its holder sees it (games add what the card does)."""
        return card

    def overview(self, tx: Transaction, table: TableInfo, cards: GameCards) -> dict[str, Any]:
        """Game-specific facts for ``table show`` (nothing for plain games)."""
        return {}

    def holdings(
        self, tx: Transaction, table: TableInfo, cards: GameCards
    ) -> dict[str, list[DrawnCard]]:
        """What each player holds or has in front of them, described (a game may say how
        each card lies: a hand card face up, or dealt unseen)."""
        return held_cards(tx, table, cards, self)

    def visible(self, card: DrawnCard, audience: Audience) -> bool:
        """Whether ``audience`` may see a player's card (a hand is its holder's alone)."""
        return may_see(card, audience)

    def view(self, tx: Transaction, table: TableInfo, cards: GameCards, audience: Audience) -> View:
        """The table as ``audience`` sees it (:mod:`companion.table.views`)."""
        return self.views(tx, table, cards, [audience])[audience]

    def views(
        self, tx: Transaction, table: TableInfo, cards: GameCards, audiences: Sequence[Audience]
    ) -> dict[Audience, View]:
        """The table as each of ``audiences`` sees it, the state read once for all; a game
        with public facts of its own (a level, a board, a victory) builds its own."""
        facts = overview_facts(table, self.overview(tx, table, cards))
        held = self.holdings(tx, table, cards)
        history = tx.history(table, HISTORY_SHOWN)
        return {
            a: build_view(table, a, facts, held, history, visible=self.visible) for a in audiences
        }


IN_GAME = ("in_play", "held")
"""The piles of a player's cards: in front of them, or in their hand."""


def held_cards(
    tx: Transaction, table: TableInfo, cards: GameCards, rules: GameRules
) -> dict[str, list[DrawnCard]]:
    """What each player holds or has in play in front of them, in seat order, each card
    described as its game describes it (cards in play first)."""
    found: dict[str, list[DrawnCard]] = {p: [] for p in table.players}
    for copy in sorted(tx.cards(table), key=lambda c: (c.pile != "in_play", c.pos)):
        if copy.holder in found and copy.pile in IN_GAME:
            found[copy.holder].append(rules.describe(drawn_card(cards, copy)))
    return found


def deck_name(cards: GameCards, deck: str) -> str:
    info = cards.game.deck(deck)
    return info.name if info is not None else deck


def deck_words(cards: GameCards, deck: str) -> str:
    """The deck's name with the word "deck" said once: "Main deck", "Characters deck"."""
    name = deck_name(cards, deck)
    return name if name.casefold().split()[-1:] == ["deck"] else f"{name} deck"


def drawn_card(
    cards: GameCards,
    copy: CardCopy,
    *,
    notes: Sequence[str] = (),
    info: dict[str, Any] | None = None,
) -> DrawnCard:
    """Describe a physical card with its model from the card database.

    A card may lie in another deck than the one it is printed for (a variant
    card shuffled into a deck, an extra level card laid in the level deck).
    """
    model = cards._by_id.get(copy.card_id)
    if model is None:
        return DrawnCard(
            deck=copy.deck,
            copy=copy.copy,
            card_id=copy.card_id,
            name=copy.card_id,
            kind="unknown",
            text="(this card is no longer in the card database)",
            pile=copy.pile,
            holder=copy.holder,
            notes=tuple(notes),
            info=dict(info or {}),
        )
    return DrawnCard(
        deck=copy.deck,
        copy=copy.copy,
        card_id=copy.card_id,
        name=model.name,
        kind=model.kind,
        text=model.text,
        pile=copy.pile,
        holder=copy.holder,
        model=model,
        notes=tuple(notes),
        info=dict(info or {}),
    )


def record_draw(
    tx: Transaction,
    table: TableInfo,
    deck: str,
    drawn: Sequence[DrawnCard],
    player: str | None,
    cards: GameCards,
    notes: Sequence[str] = (),
) -> None:
    """One history entry for the cards of one draw (what ``table undo`` reverts)."""
    from companion.table.events import CardsDrawn, cards_of

    event = CardsDrawn(deck, deck_name(cards, deck), player, cards_of(drawn), tuple(notes))
    tx.record(table, event, actor=player)


def rules_for(game: str) -> GameRules:
    """The rules object of a game: its own (:meth:`companion.registry.Game.table_rules`),
    else the generic rules."""
    from companion.registry import game as game_of

    return game_of(game).table_rules()
