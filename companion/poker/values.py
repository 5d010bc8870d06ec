"""Hand values: one integer per hand, higher wins, and how to read it back.

A value packs a hand class (category) and its tie-breaking ranks::

    value = category << 24 | sub << 20 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5

``r1``-``r5`` are the ranks that decide ties, most significant first (2-14,
an ace that plays low is 1, a missing card 0). ``sub`` orders hands inside
one class where a game's own classes need it. Value 0 means *no hand*: the
player cannot win (a hand too short for the rules in force).

Poker-style games share one category scale (:data:`HIGH_CATEGORIES`); a game
with its own classes packs them the same way on a scale of its own, beside
its rules.

>>> v = pack(FULL_HOUSE, 13, 7)
>>> category_of(v), ranks_of(v)
(7, (13, 7, 0, 0, 0))
>>> describe(v)
'full house, kings over sevens'
>>> pack(PAIR, 14, 13, 9, 4) > pack(PAIR, 14, 13, 9, 3)
True
"""

from __future__ import annotations

from companion.poker.cards import RANK_NAMES, RANK_PLURALS

NO_HAND = 0
HIGH_CARD = 1
PAIR = 2
TWO_PAIR = 3
THREE_OF_A_KIND = 4
STRAIGHT = 5
FLUSH = 6
FULL_HOUSE = 7
FOUR_OF_A_KIND = 8
FIVE_OF_A_KIND = 9
STRAIGHT_FLUSH = 10
OWN_CLASSES = 11
"""The first category free for a game's own classes above the common scale
(:class:`companion.poker.high.TopClasses`)."""

HIGH_CATEGORIES: dict[int, str] = {
    NO_HAND: "no hand",
    HIGH_CARD: "high card",
    PAIR: "pair",
    TWO_PAIR: "two pair",
    THREE_OF_A_KIND: "three of a kind",
    STRAIGHT: "straight",
    FLUSH: "flush",
    FULL_HOUSE: "full house",
    FOUR_OF_A_KIND: "four of a kind",
    FIVE_OF_A_KIND: "five of a kind",
    STRAIGHT_FLUSH: "straight flush",
}
"""Class names of the poker-style scale, weakest first. Five of a kind needs a
wild card; a game's own classes rank above them all."""

LOW_TOP = 1 << 28
"""Lowball values are ``LOW_TOP - strength``: the weaker the hand, the higher."""


def pack(category: int, *ranks: int, sub: int = 0) -> int:
    """Pack a category, an optional sub-class and up to five ranks into a value.

    >>> pack(HIGH_CARD, 14, 9) < pack(HIGH_CARD, 14, 9, 2)
    True
    """
    value = category << 24 | sub << 20
    shift = 16
    for r in ranks[:5]:
        value |= r << shift
        shift -= 4
    return value


def category_of(value: int) -> int:
    return value >> 24


def sub_of(value: int) -> int:
    return (value >> 20) & 0xF


def ranks_of(value: int) -> tuple[int, int, int, int, int]:
    return (
        (value >> 16) & 0xF,
        (value >> 12) & 0xF,
        (value >> 8) & 0xF,
        (value >> 4) & 0xF,
        value & 0xF,
    )


def high_name(value: int) -> str:
    """The class name of a poker-style value; a top straight flush is a royal flush.

    >>> high_name(pack(STRAIGHT_FLUSH, 14)), high_name(pack(STRAIGHT_FLUSH, 9))
    ('royal flush', 'straight flush')
    """
    cat = category_of(value)
    if cat == STRAIGHT_FLUSH and ranks_of(value)[0] == 14:
        return "royal flush"
    return HIGH_CATEGORIES[cat]


def _plural(rank: int) -> str:
    return RANK_PLURALS[rank]


def _name(rank: int) -> str:
    return RANK_NAMES[rank]


def rank_high(rank: int) -> str:
    """'five high', as a straight or a flush is named by its top card."""
    return f"{_name(rank)} high"


def describe(value: int) -> str:
    """A short description of a poker-style value, for people.

    >>> describe(pack(TWO_PAIR, 13, 9, 2))
    'two pair, kings and nines'
    >>> describe(pack(STRAIGHT, 5))
    'straight, five high'
    >>> describe(pack(PAIR, 8))
    'pair of eights'
    """
    cat = category_of(value)
    r = ranks_of(value)
    if cat == NO_HAND:
        return "no hand"
    if cat == HIGH_CARD:
        return rank_high(r[0]) if r[0] else "no cards"
    if cat == PAIR:
        return f"pair of {_plural(r[0])}"
    if cat == TWO_PAIR:
        return f"two pair, {_plural(r[0])} and {_plural(r[1])}"
    if cat == THREE_OF_A_KIND:
        return f"three {_plural(r[0])}"
    if cat == STRAIGHT:
        return f"straight, {rank_high(r[0])}"
    if cat == FLUSH:
        return f"flush, {rank_high(r[0])}"
    if cat == FULL_HOUSE:
        return f"full house, {_plural(r[0])} over {_plural(r[1])}"
    if cat == FOUR_OF_A_KIND:
        return f"four {_plural(r[0])}"
    if cat == FIVE_OF_A_KIND:
        return f"five {_plural(r[0])}"
    if cat == STRAIGHT_FLUSH:
        return "royal flush" if r[0] == 14 else f"straight flush, {rank_high(r[0])}"
    return HIGH_CATEGORIES.get(cat, "?")
