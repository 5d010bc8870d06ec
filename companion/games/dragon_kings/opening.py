"""Play Begins (003): everyone buys in and draws; the first black king deals first,
takes 50 points from the house and chooses the first voluntary wing card; the other
guests then draw for their seats from the same deck.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.cards.loader import GameCards
from companion.errors import CompanionError
from companion.games.dragon_kings import points as pts
from companion.games.dragon_kings.classes import KING_OF_CLUBS, KING_OF_SPADES
from companion.games.dragon_kings.dealing import (
    gather,
)
from companion.games.dragon_kings.events import (
    FirstDealerDrawn,
)
from companion.games.dragon_kings.state import (
    DECK,
    OPENING_BONUS,
    DealState,
    TableEvent,
    add_bonus,
    card_of,
    deal_state,
    get,
    put,
    wings,
)
from companion.poker.cards import Card
from companion.table.model import TableInfo
from companion.table.store import Transaction


def open_game(tx: Transaction, table: TableInfo, cards: GameCards, match: pts.Match) -> TableEvent:
    """Play Begins: every guest buys in, then the guests draw in seat order until someone
    draws a black king."""
    if get(tx, table, "opened") or deal_state(tx, table).number:
        raise CompanionError(f"table '{table.name}' has already drawn for the first deal")
    gather(tx, table)
    drawn: dict[str, list[str]] = {p: [] for p in table.players}
    events: list[str] = []
    pile = tx.pile(table, DECK, "draw")
    opener = None
    for i, copy in enumerate(pile):
        player = table.players[i % len(table.players)]
        card = card_of(cards, copy)
        drawn[player].append(card.code)
        if card in (KING_OF_SPADES, KING_OF_CLUBS):
            opener = player
            events.append(f"{player} draws {card.symbol}, the first black king")
            break
    assert opener is not None  # the deck always holds both black kings
    seats, seat_cards = draw_for_seats(
        [p for p in table.players if p != opener], [card_of(cards, c) for c in pile[i + 1 :]]
    )
    order = (opener, *seats)
    events.append(
        "the others draw for seats, high card on the dealer's left: "
        + ", ".join(f"{p} {' then '.join(c.symbol for c in seat_cards[p])}" for p in seats)
    )
    events.append("seat order, clockwise from the dealer: " + ", ".join(order))
    if list(order) != list(table.players):
        table = tx.reseat(table, order)
    add_bonus(tx, table, opener, OPENING_BONUS)
    counted = pts.start_match(tx, table, match, opener, OPENING_BONUS)
    events.append(
        f"{opener} takes {OPENING_BONUS} points from the house, deals first, picks a seat "
        "first and chooses the first voluntary wing card ('companion dk wing NAME')"
    )
    events.append(
        f"each guest bought in for {match.buy_in:,} points ({match.rebuys} re-buy"
        f"{'s' if match.rebuys != 1 else ''} a guest allowed): "
        + ", ".join(f"{p} {n:,}" for p, n in counted.items())
    )
    state = wings(tx, table)
    state.choosers = [opener]
    put(tx, table, "wings", state.to_data())
    put(tx, table, "deal", DealState(dealer=opener).to_data())
    put(tx, table, "opened", opener)
    opened = FirstDealerDrawn(
        opener,
        {p: tuple(c) for p, c in drawn.items() if c},
        order,
        {p: tuple(c.code for c in seat_cards[p]) for p in seats},
    )
    tx.record(table, opened, actor=opener)
    return TableEvent(tuple(events), cards={p: c for p, c in drawn.items() if c}, points=counted)


def draw_for_seats(
    guests: Sequence[str], deck: Sequence[Card]
) -> tuple[list[str], dict[str, list[Card]]]:
    """Play Begins, the seats: each guest draws a card (in the order listed); the highest
    sits on the dealer's left and the rest follow clockwise from high to low. Guests tied
    on rank draw again among themselves; a joker has no rank and is drawn past. Guests
    the deck runs out for keep their listed order after the others.

    >>> from companion.poker.cards import Card
    >>> cards = [Card.parse(c) for c in ("5h", "Ad", "5c", "9s", "2d", "Qh")]
    >>> order, drawn = draw_for_seats(["ann", "ben", "cat"], cards)
    >>> order, [c.code for c in drawn["cat"]]
    (['ben', 'ann', 'cat'], ['5c', '2d'])
    """
    rest = iter([c for c in deck if not c.is_joker])
    drawn: dict[str, list[Card]] = {g: [] for g in guests}

    def seat(group: Sequence[str]) -> list[str]:
        got: dict[str, Card] = {}
        for guest in group:
            card = next(rest, None)
            if card is None:
                break
            got[guest] = card
            drawn[guest].append(card)
        if len(got) < len(group):  # the deck ran out
            ranked = sorted(got, key=lambda g: -got[g].rank)
            return ranked + [g for g in group if g not in got]
        order: list[str] = []
        for rank in sorted({c.rank for c in got.values()}, reverse=True):
            tied = [g for g in group if got[g].rank == rank]
            order += seat(tied) if len(tied) > 1 else tied
        return order

    return seat(list(guests)), drawn
