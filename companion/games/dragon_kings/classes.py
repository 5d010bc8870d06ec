"""Dragon Kings' own hand classes above a straight flush: Twinned Dragon Kings and the Grave Digger.

Both need the real black kings (K♠, K♣): a wild card never plays as one
(they are the classes' ``reserved`` cards). The two black kings together
are the best hand, ordered among themselves by the best three-card poker
hand of the other cards (three of a kind, then a pair, then high cards);
the king of spades in a spade flush is the Grave Digger, just below them,
a straight one above a plain one. The poker evaluator
(:mod:`companion.poker.high`) runs them as :class:`TopClasses` data.

>>> from companion.poker.cards import parse_cards
>>> from companion.poker.high import best_five
>>> hand = best_five(parse_cards("Ks Kc 7d 7h 2s 9c 3d"), classes=DRAGON_CLASSES)
>>> describe(hand.value), [str(c) for c in hand.cards]
('Twinned Dragon Kings with a pair of sevens', ['Ks', 'Kc', '7h', '7d', '9c'])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from companion.poker.cards import RANK_NAMES, RANK_PLURALS, Card
from companion.poker.high import WINDOWS, Builder, Five, Pool, TopClasses
from companion.poker.values import OWN_CLASSES, category_of, pack, ranks_of, sub_of

KING_OF_SPADES = Card.of(13, "s")
KING_OF_CLUBS = Card.of(13, "c")
BLACK_KINGS = frozenset({KING_OF_SPADES, KING_OF_CLUBS})

GRAVE_DIGGER = OWN_CLASSES
DRAGON_KINGS = OWN_CLASSES + 1

NAMES = {GRAVE_DIGGER: "Grave Digger spade flush", DRAGON_KINGS: "Twinned Dragon Kings"}


def is_dragon_kings(cards: Iterable[Card]) -> bool:
    """Whether both black kings are among ``cards``."""
    return set(cards) >= BLACK_KINGS


def _dragon_kings(pool: Pool) -> Five | None:
    real = set(pool.real)
    if not real >= BLACK_KINGS:
        return None
    rest = Pool(
        [c for c in pool.real if c not in BLACK_KINGS], pool.wilds, pool.ace_low, pool.reserved
    )
    b = Builder(rest)
    b.take(KING_OF_SPADES)
    b.take(KING_OF_CLUBS)
    w = len(pool.wilds)
    # The other three cards, as the best three-card poker hand: trips, pair, high cards.
    for r in rest.ranks_desc() + [14]:
        if rest.count(r) + w >= 3:
            b.take_rank(r, 3)
            return b.five(pack(DRAGON_KINGS, r, r, r, sub=3))
    for r in rest.ranks_desc() + ([14] if w >= 2 else []):
        if rest.count(r) + w >= 2:
            b.take_rank(r, 2)
            k = b.kickers(1, exclude=[r])
            return b.five(pack(DRAGON_KINGS, r, r, *k, sub=2))
    ranks = [14] * w
    for _ in range(w):
        b.wild(14)
    ranks += b.kickers(3 - w)
    return b.five(pack(DRAGON_KINGS, *ranks, sub=1))


def _grave_digger(pool: Pool, w: int) -> Five | None:
    if KING_OF_SPADES not in pool.by_suit["s"]:
        return None
    spades = pool.by_suit["s"]
    if len(spades) + w < 5:
        return None
    have = {pool.rank(c): c for c in spades}
    for top, window in WINDOWS[pool.ace_low][:2]:  # the two straights holding a king
        missing = [r for r in window if r not in have]
        if len(missing) <= w:
            b = Builder(pool)
            for r in sorted(window, reverse=True):
                b.take(have[r]) if r in have else b.wild(r, "s")
            return b.five(pack(GRAVE_DIGGER, top, sub=1))
    b = Builder(pool)
    others = [c for c in spades if c != KING_OF_SPADES]
    chosen: list[tuple[int, Card | None]] = [(r, None) for r in pool.missing_in_suit("s", w)]
    chosen += [(pool.rank(c), c) for c in others]
    chosen.sort(key=lambda x: x[0], reverse=True)
    chosen = sorted([(13, KING_OF_SPADES), *chosen[:4]], key=lambda x: x[0], reverse=True)
    for r, c in chosen:
        b.take(c) if c is not None else b.wild(r, "s")
    return b.five(pack(GRAVE_DIGGER, *[r for r, _ in chosen]))


def _find(pool: Pool, w: int) -> Five | None:
    return _dragon_kings(pool) or _grave_digger(pool, w)


def _may_hold(pool: Sequence[Card]) -> bool:
    """Whether a pool with no wild card could hold either class (else the fast tables judge it)."""
    cards = set(pool)
    return cards >= BLACK_KINGS or (
        KING_OF_SPADES in cards and sum(1 for c in pool if c.suit == "s") >= 5
    )


def describe(value: int) -> str:
    """A value of one of the two classes, for people.

    >>> describe(pack(DRAGON_KINGS, 14, 14, 9, sub=2))
    'Twinned Dragon Kings with a pair of aces'
    >>> describe(pack(GRAVE_DIGGER, 13, sub=1))
    'Grave Digger spade straight flush, king high'
    """
    r = ranks_of(value)
    if category_of(value) == GRAVE_DIGGER:
        kind = "straight flush" if sub_of(value) else "flush"
        return f"Grave Digger spade {kind}, {RANK_NAMES[r[0]]} high"
    sub = sub_of(value)
    if sub == 3:
        return f"Twinned Dragon Kings with three {RANK_PLURALS[r[0]]}"
    if sub == 2:
        return f"Twinned Dragon Kings with a pair of {RANK_PLURALS[r[0]]}"
    return f"Twinned Dragon Kings, {RANK_NAMES[r[0]]} kicker" if r[0] else "Twinned Dragon Kings"


def _first_kicker(value: int) -> int:
    """Which rank of a value is the first kicker: after the pair beside the kings, else all."""
    if category_of(value) == DRAGON_KINGS:
        return {1: 0, 2: 2}.get(sub_of(value), 5)
    return 5


DRAGON_CLASSES = TopClasses(
    name="dragon-kings",
    reserved=BLACK_KINGS,
    find=_find,
    may_hold=_may_hold,
    names=NAMES,
    describe=describe,
    first_kicker=_first_kicker,
    jokers="the Swords joker",
)
"""The two classes as the poker evaluator takes them."""
