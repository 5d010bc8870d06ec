"""DECKO's scale of set classes, packed like every hand value (:mod:`companion.poker.values`).

A set's class index is also its buying value in dollars plus one, so the
scale is DECKO's own: a full house sits below a straight and a flush.
"""

from __future__ import annotations

from companion.poker.cards import RANK_NAMES, RANK_PLURALS
from companion.poker.values import NO_HAND, category_of, rank_high, ranks_of

DECKO_HIGH_CARD = 1
DECKO_PAIR = 2
DECKO_TWO_PAIRS = 3
DECKO_THREE_OF_A_KIND = 4
DECKO_FULL_HOUSE = 5
DECKO_STRAIGHT = 6
DECKO_FLUSH = 7
DECKO_FOUR_OF_A_KIND = 8
DECKO_STRAIGHT_FLUSH = 9
DECKO_ROYAL_FLUSH = 10

DECKO_CATEGORIES: dict[int, str] = {
    NO_HAND: "no set",
    DECKO_HIGH_CARD: "high card",
    DECKO_PAIR: "pair",
    DECKO_TWO_PAIRS: "two pairs",
    DECKO_THREE_OF_A_KIND: "three of a kind",
    DECKO_FULL_HOUSE: "full house",
    DECKO_STRAIGHT: "straight",
    DECKO_FLUSH: "flush",
    DECKO_FOUR_OF_A_KIND: "four of a kind",
    DECKO_STRAIGHT_FLUSH: "straight flush",
    DECKO_ROYAL_FLUSH: "royal flush",
}
"""DECKO's set classes, weakest first (full house sits below straight and flush)."""


def describe_decko(value: int) -> str:
    """A short description of a DECKO set value.

    >>> from companion.poker.values import pack
    >>> describe_decko(pack(DECKO_FULL_HOUSE, 3, 13))
    'full house, threes over kings'
    >>> describe_decko(pack(DECKO_HIGH_CARD, 12))
    'high card, queen'
    """
    cat = category_of(value)
    r = ranks_of(value)
    if cat == NO_HAND:
        return "no set"
    if cat == DECKO_HIGH_CARD:
        return f"high card, {RANK_NAMES[r[0]]}"
    if cat == DECKO_PAIR:
        return f"pair of {RANK_PLURALS[r[0]]}"
    if cat == DECKO_TWO_PAIRS:
        return f"two pairs, {RANK_PLURALS[r[0]]} and {RANK_PLURALS[r[1]]}"
    if cat == DECKO_THREE_OF_A_KIND:
        return f"three {RANK_PLURALS[r[0]]}"
    if cat == DECKO_FULL_HOUSE:
        return f"full house, {RANK_PLURALS[r[0]]} over {RANK_PLURALS[r[1]]}"
    if cat == DECKO_STRAIGHT:
        return f"straight, {rank_high(r[0])}"
    if cat == DECKO_FLUSH:
        return f"flush, {rank_high(r[0])}"
    if cat == DECKO_FOUR_OF_A_KIND:
        return f"four {RANK_PLURALS[r[0]]}"
    if cat == DECKO_STRAIGHT_FLUSH:
        return f"straight flush, {rank_high(r[0])}"
    return DECKO_CATEGORIES.get(cat, "?")
