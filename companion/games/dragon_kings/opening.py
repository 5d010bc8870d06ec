"""Play Begins (003): everyone buys in and draws; the first black king deals first,
takes 50 points from the house and chooses the first voluntary wing card.
"""

from __future__ import annotations

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
    opened = FirstDealerDrawn(opener, {p: tuple(c) for p, c in drawn.items() if c})
    tx.record(table, opened, actor=opener)
    return TableEvent(tuple(events), cards={p: c for p, c in drawn.items() if c}, points=counted)
