"""Setup: the mat as the rulebook lays it out before the first round.

Each player's own fruit deck, shuffled, twenty chips and a loan card; the market's
five slots; the six joker piles (five named jokers back in the box with two players);
one red and one blue wildcard; the blind card to a random player; the house.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.cards.loader import GameCards
from companion.errors import CompanionError
from companion.games.decko.mat import (
    JOKER_TYPES,
    NS,
    STARTING_CHIPS,
    TOTAL_CHIPS,
    Mat,
    Seat,
    ref_of,
    sync,
)
from companion.games.decko.sets import (
    MARKET_SLOTS,
    MAX_PLAYERS,
)
from companion.poker.showdown_input import check_showdown_names
from companion.table.drawing import table_rng
from companion.table.model import TableInfo
from companion.table.store import Transaction


def validate_players(players: Sequence[str]) -> None:
    """Two to five players, each with a name a showdown can write."""
    if not 2 <= len(players) <= MAX_PLAYERS:
        raise CompanionError(
            f"DECKO seats 2 to {MAX_PLAYERS} players (five fruit decks); got {len(players)}"
        )
    check_showdown_names(players)


def setup(tx: Transaction, table: TableInfo, cards: GameCards) -> list[str]:
    notes: list[str] = []
    for deck in cards.decks:
        ids = [c.id for c in cards.deck(deck.id) for _ in range(c.quantity)]
        tx.add_cards(table, deck.id, ids, pile="aside")
    rows = {ref_of(c): c for c in tx.cards(table)}
    rng = table_rng(tx, table)
    mat = Mat(house=TOTAL_CHIPS - STARTING_CHIPS * len(table.players), seating=list(table.players))

    # The market: shuffled, one card face up on each slot.
    market = [r for r, c in rows.items() if c.deck == "market"]
    rng.shuffle(market)
    mat.market = list[str | None](market[:MARKET_SLOTS])
    mat.market_deck = market[MARKET_SLOTS:]

    # Six joker piles, each shuffled; with two players five named jokers go in the box.
    two = len(table.players) == 2
    removed: list[str] = []
    for kind in JOKER_TYPES:
        pile = []
        for ref, copy in rows.items():
            model = cards.get(copy.card_id)
            if copy.deck != "jokers" or model.joker_type != kind:
                continue
            if two and model.removed_in_two_player:
                mat.aside.append(ref)
                removed.append(model.name)
            else:
                pile.append(ref)
        rng.shuffle(pile)
        mat.jokers[kind] = pile
    if removed:
        notes.append(f"two players: {', '.join(sorted(removed))} go back in the box")

    # One red and one blue wildcard face up by the track; the rest go back in the box.
    wild = [r for r, c in rows.items() if c.deck == "wildcards"]
    rng.shuffle(wild)
    for ref in wild:
        color = cards.get(rows[ref].card_id).color
        if color not in mat.wildcards:
            mat.wildcards[color] = ref
        else:
            mat.aside.append(ref)
    notes.append(
        "wildcards: "
        + ", ".join(
            f"{cards.get(rows[ref].card_id).name} ({color})"
            for color, ref in sorted(mat.wildcards.items())
        )
    )

    # Each player: a fruit deck of their own, shuffled; chips; a loan card.
    fruits: dict[str, list[str]] = {}
    for ref, copy in rows.items():
        if copy.deck == "starting":
            fruits.setdefault(cards.get(copy.card_id).fruit, []).append(ref)
    loans = [r for r, c in rows.items() if c.deck == "loans"]
    decks = sorted(fruits.items())
    for player, (fruit, own) in zip(table.players, decks, strict=False):
        rng.shuffle(own)
        mat.seats[player] = Seat(draw=own)
        mat.loan_cards[player] = loans.pop(0)
        notes.append(f"{player} plays the {fruit} deck")
    for _, unused in decks[len(table.players) :]:
        mat.aside += unused
    mat.aside += loans

    # A random player takes the blind card.
    mat.blind_card = next(r for r, c in rows.items() if c.deck == "blind")
    mat.blind = rng.choice(list(table.players))
    notes.append(f"{mat.blind} takes the blind card")
    notes.append("start round 1 with 'companion decko round'")
    sync(tx, table, mat, rows)
    tx.put_state(table, NS, "mat", mat.to_data())
    return notes
