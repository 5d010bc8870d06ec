"""The general poker-style evaluator: any number of cards, wild cards, Dragon Kings.

:func:`best_five` finds the best five cards (fewer when fewer exist) of a
pool and says which cards it used and what each wild card played as. It is
the reference the fast tables of :mod:`companion.poker.holdem_tables` are checked
against, and the only evaluator that knows wild cards, the Dragon Kings
classes and an ace that plays low.

Wild cards take any rank and suit, even one already in the hand (that is how
five of a kind happens), preferring a card nobody else in the hand plays as;
in a flush they play as the highest cards the suit is missing. Under the
Dragon Kings ordering (``dragon=True``) a wild card never plays as one of the
two black kings (K♠, K♣): Twinned Dragon Kings and the Grave Digger need the
real cards. A wild card may always play as itself, so a black king that is
wild (``--wild K``) still makes the dragons.

>>> from companion.poker.cards import parse_cards
>>> from companion.poker.values import describe
>>> hand = best_five(parse_cards("Ks Kc 7d 7h 2s 9c 3d"), dragon=True)
>>> describe(hand.value), [str(c) for c in hand.cards]
('Twinned Dragon Kings with a pair of sevens', ['Ks', 'Kc', '7h', '7d', '9c'])
>>> hand = best_five(parse_cards("* 9h 9d 9c 9s"), dragon=True)
>>> describe(hand.value), hand.plays_as[-1]
('five nines', Card('9h'))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from companion.poker.cards import SUIT_CHARS, Card, as_cards
from companion.poker.values import (
    DRAGON_KINGS,
    FIVE_OF_A_KIND,
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    GRAVE_DIGGER,
    HIGH_CARD,
    NO_HAND,
    PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
    pack,
)

KING_OF_SPADES = Card.of(13, "s")
KING_OF_CLUBS = Card.of(13, "c")
BLACK_KINGS = frozenset({KING_OF_SPADES, KING_OF_CLUBS})
_WILD_SUITS = "hdsc"  # the suit a wild card shows when its suit does not matter


@dataclass(frozen=True)
class Five:
    """The best hand of a pool: its value, the cards used and what each plays as."""

    value: int
    cards: tuple[Card, ...] = ()
    plays_as: tuple[Card, ...] = ()


def _rank(card: Card, ace_low: bool) -> int:
    r = card.rank
    return 1 if ace_low and r == 14 else r


def _as_card(rank: int, suit: str) -> Card:
    return Card.of(14 if rank == 1 else rank, suit)


def _windows(ace_low: bool) -> list[tuple[int, tuple[int, ...]]]:
    """(top, ranks) of every straight, best first."""
    if ace_low:
        return [(top, tuple(range(top - 4, top + 1))) for top in range(13, 4, -1)]
    wins = [(top, tuple(range(top - 4, top + 1))) for top in range(14, 5, -1)]
    return [*wins, (5, (14, 2, 3, 4, 5))]


_WINDOWS = {False: _windows(False), True: _windows(True)}


class _Pool:
    """Cards grouped by rank and suit, plus the wild cards, for one evaluation."""

    def __init__(
        self, real: Sequence[Card], wilds: Sequence[Card], ace_low: bool, dragon: bool
    ) -> None:
        self.ace_low = ace_low
        self.dragon = dragon
        self.wilds = list(wilds)
        self.real = sorted(real, key=lambda c: (_rank(c, ace_low), -int(c)), reverse=True)
        self.real_set = frozenset(real)
        self.by_rank: dict[int, list[Card]] = {}
        self.by_suit: dict[str, list[Card]] = {s: [] for s in SUIT_CHARS}
        for c in self.real:
            self.by_rank.setdefault(_rank(c, ace_low), []).append(c)
            self.by_suit[c.suit].append(c)

    def rank(self, card: Card) -> int:
        return _rank(card, self.ace_low)

    def count(self, rank: int) -> int:
        return len(self.by_rank.get(rank, ()))

    def wild_card(self, rank: int, suit: str | None = None, taken: Iterable[Card] = ()) -> Card:
        """The identity a wild card takes to play as ``rank`` (of ``suit`` if it matters).

        ``taken`` lists what the hand's other cards already play as: a wild card
        prefers a card that neither the hand holds nor another wild card plays as,
        so two wild cards never read as the same card when they need not.
        """
        if suit is not None:
            return _as_card(rank, suit)
        allowed = [
            _as_card(rank, s)
            for s in _WILD_SUITS
            if not (self.dragon and _as_card(rank, s) in BLACK_KINGS)
        ]
        used = set(taken)
        return next(
            (c for c in allowed if c not in self.real_set and c not in used),
            next((c for c in allowed if c not in used), allowed[0]),
        )

    def missing_in_suit(self, suit: str, count: int) -> list[int]:
        """The ``count`` highest ranks of ``suit`` the real cards lack (wild cards fill them).

        A wild card plays as a card the hand does not hold, and under the Dragon
        Kings ordering never as a black king.
        """
        held = {self.rank(c) for c in self.by_suit[suit]}
        top = 13 if self.ace_low else 14
        bottom = 1 if self.ace_low else 2
        free = [
            r
            for r in range(top, bottom - 1, -1)
            if r not in held and not (self.dragon and _as_card(r, suit) in BLACK_KINGS)
        ]
        return free[:count]

    def ranks_desc(self) -> list[int]:
        return sorted(self.by_rank, reverse=True)


class _Builder:
    """Collects the cards of a hand as it is chosen, wild cards with their identities."""

    def __init__(self, pool: _Pool) -> None:
        self.pool = pool
        self.cards: list[Card] = []
        self.plays: list[Card] = []
        self.free_wilds = list(pool.wilds)
        self.used: set[Card] = set()

    def take(self, card: Card) -> None:
        self.cards.append(card)
        self.plays.append(card)
        self.used.add(card)

    def wild(self, rank: int, suit: str | None = None) -> None:
        w = self.free_wilds.pop(0)
        self.cards.append(w)
        self.plays.append(self.pool.wild_card(rank, suit, self.plays))

    def take_rank(self, rank: int, n: int) -> None:
        """``n`` cards of ``rank``: real ones first, then wild cards."""
        real = [c for c in self.pool.by_rank.get(rank, ()) if c not in self.used][:n]
        for c in real:
            self.take(c)
        for _ in range(n - len(real)):
            self.wild(rank)

    def kickers(self, n: int, exclude: Iterable[int] = ()) -> list[int]:
        """Fill up to ``n`` kickers from the highest unused real cards not of ``exclude``."""
        skip = set(exclude)
        ranks: list[int] = []
        for c in self.pool.real:
            if len(ranks) == n:
                break
            if c in self.used or self.pool.rank(c) in skip:
                continue
            self.take(c)
            ranks.append(self.pool.rank(c))
        return ranks

    def five(self, value: int) -> Five:
        return Five(value, tuple(self.cards), tuple(self.plays))


def best_five(
    cards: Sequence[Card],
    *,
    wild: Iterable[Card] | None = None,
    dragon: bool = False,
    ace_low: bool = False,
) -> Five:
    """The best five cards of ``cards`` (any number) under the poker-style scale.

    ``wild`` lists the cards of ``cards`` that are wild (jokers always are).
    ``dragon`` turns on the Dragon Kings classes; ``ace_low`` makes every ace
    rank 1 (one reading of an Utter Horror hand).
    """
    cards = as_cards(cards)
    wild_set = set(as_cards(wild or ()))
    if dragon and wild_set & BLACK_KINGS:
        # A wild card may always play as itself: try each wild black king as the real king.
        kings = sorted(wild_set & BLACK_KINGS & set(cards))
        options = [
            _best_five(cards, wild_set - set(chosen), dragon, ace_low)
            for n in range(len(kings) + 1)
            for chosen in combinations(kings, n)
        ]
        return max(options, key=lambda f: f.value)
    return _best_five(cards, wild_set, dragon, ace_low)


def _best_five(cards: Sequence[Card], wild_set: set[Card], dragon: bool, ace_low: bool) -> Five:
    wilds = [c for c in cards if c.is_joker or c in wild_set]
    real = [c for c in cards if not (c.is_joker or c in wild_set)]
    pool = _Pool(real, wilds, ace_low, dragon)
    total = len(real) + len(wilds)
    if total == 0:
        return Five(NO_HAND)
    w = len(wilds)
    if dragon:
        found = _dragon_kings(pool) or _grave_digger(pool, w)
        if found:
            return found
    if total >= 5:
        found = _straight_flush(pool, w) or _five_of_a_kind(pool, w)
        if found:
            return found
    if total >= 4:
        found = _four_of_a_kind(pool, w)
        if found:
            return found
    if total >= 5:
        found = _full_house(pool, w) or _flush(pool, w) or _straight(pool, w)
        if found:
            return found
    return _of_a_kind(pool, w)


def _dragon_kings(pool: _Pool) -> Five | None:
    real = set(pool.real)
    if not real >= BLACK_KINGS:
        return None
    rest = _Pool([c for c in pool.real if c not in BLACK_KINGS], pool.wilds, pool.ace_low, True)
    b = _Builder(rest)
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


def _grave_digger(pool: _Pool, w: int) -> Five | None:
    if KING_OF_SPADES not in pool.by_suit["s"]:
        return None
    spades = pool.by_suit["s"]
    if len(spades) + w < 5:
        return None
    have = {pool.rank(c): c for c in spades}
    for top, window in _WINDOWS[pool.ace_low][:2]:  # the two straights holding a king
        missing = [r for r in window if r not in have]
        if len(missing) <= w:
            b = _Builder(pool)
            for r in sorted(window, reverse=True):
                b.take(have[r]) if r in have else b.wild(r, "s")
            return b.five(pack(GRAVE_DIGGER, top, sub=1))
    b = _Builder(pool)
    others = [c for c in spades if c != KING_OF_SPADES]
    chosen: list[tuple[int, Card | None]] = [(r, None) for r in pool.missing_in_suit("s", w)]
    chosen += [(pool.rank(c), c) for c in others]
    chosen.sort(key=lambda x: x[0], reverse=True)
    chosen = sorted([(13, KING_OF_SPADES), *chosen[:4]], key=lambda x: x[0], reverse=True)
    for r, c in chosen:
        b.take(c) if c is not None else b.wild(r, "s")
    return b.five(pack(GRAVE_DIGGER, *[r for r, _ in chosen]))


def _straight_flush(pool: _Pool, w: int) -> Five | None:
    for top, window in _WINDOWS[pool.ace_low]:
        for suit in SUIT_CHARS:
            cards = pool.by_suit[suit]
            if len(cards) + w < 5:
                continue
            have = {pool.rank(c): c for c in cards}
            missing = [r for r in window if r not in have]
            if len(missing) > w:
                continue
            if pool.dragon and suit in "sc" and 13 in missing:
                continue  # a wild card may not be a black king
            b = _Builder(pool)
            for r in sorted(window, reverse=True):
                b.take(have[r]) if r in have else b.wild(r, suit)
            return b.five(pack(STRAIGHT_FLUSH, top))
    return None


def _five_of_a_kind(pool: _Pool, w: int) -> Five | None:
    if not w:
        return None
    for r in pool.ranks_desc() + [14]:
        if pool.count(r) + w >= 5:
            b = _Builder(pool)
            b.take_rank(r, 5)
            return b.five(pack(FIVE_OF_A_KIND, r))
    return None


def _four_of_a_kind(pool: _Pool, w: int) -> Five | None:
    for r in pool.ranks_desc() + ([14] if w >= 4 else []):
        if pool.count(r) + w >= 4:
            b = _Builder(pool)
            b.take_rank(r, 4)
            k = b.kickers(1, exclude=[r])
            if not k and b.free_wilds:
                kick = 13 if r == 14 else 14
                b.wild(kick)
                k = [kick]
            return b.five(pack(FOUR_OF_A_KIND, r, *k))
    return None


def _full_house(pool: _Pool, w: int) -> Five | None:
    ranks = pool.ranks_desc()
    candidates = sorted(set(ranks) | ({14, 13} if w else set()), reverse=True)
    for t in candidates:
        need_t = max(0, 3 - pool.count(t))
        if need_t > w:
            continue
        for p in candidates:
            if p == t:
                continue
            if need_t + max(0, 2 - pool.count(p)) <= w:
                b = _Builder(pool)
                b.take_rank(t, 3)
                b.take_rank(p, 2)
                return b.five(pack(FULL_HOUSE, t, p))
    return None


def _flush(pool: _Pool, w: int) -> Five | None:
    best: tuple[list[int], str] | None = None
    for suit in SUIT_CHARS:
        cards = pool.by_suit[suit]
        if len(cards) + w < 5:
            continue
        ranks = sorted(pool.missing_in_suit(suit, w) + [pool.rank(c) for c in cards], reverse=True)[
            :5
        ]
        if best is None or ranks > best[0]:
            best = (ranks, suit)
    if best is None:
        return None
    ranks, suit = best
    b = _Builder(pool)
    held = {pool.rank(c): c for c in pool.by_suit[suit]}
    for r in ranks:
        b.take(held[r]) if r in held else b.wild(r, suit)
    return b.five(pack(FLUSH, *ranks))


def _straight(pool: _Pool, w: int) -> Five | None:
    for top, window in _WINDOWS[pool.ace_low]:
        missing = [r for r in window if r not in pool.by_rank]
        if len(missing) <= w:
            b = _Builder(pool)
            for r in sorted(window, reverse=True):
                b.take_rank(r, 1)
            return b.five(pack(STRAIGHT, top))
    return None


def _of_a_kind(pool: _Pool, w: int) -> Five:
    """Trips, two pair, pair or high card (the classes left when nothing bigger fits)."""
    ranks = pool.ranks_desc()
    total = len(pool.real) + w
    if total >= 3:
        for r in ranks + ([14] if w >= 3 else []):
            if pool.count(r) + w >= 3:
                b = _Builder(pool)
                b.take_rank(r, 3)
                return b.five(pack(THREE_OF_A_KIND, r, *b.kickers(2, exclude=[r])))
    pairs = [r for r in ranks if pool.count(r) >= 2]
    if len(pairs) >= 2:
        b = _Builder(pool)
        b.take_rank(pairs[0], 2)
        b.take_rank(pairs[1], 2)
        return b.five(pack(TWO_PAIR, pairs[0], pairs[1], *b.kickers(1, exclude=pairs[:2])))
    if total >= 2:
        for r in ranks + ([14] if w >= 2 else []):
            if pool.count(r) + w >= 2:
                b = _Builder(pool)
                b.take_rank(r, 2)
                return b.five(pack(PAIR, r, *b.kickers(3, exclude=[r])))
    b = _Builder(pool)
    if w:
        b.wild(14)
    return b.five(pack(HIGH_CARD, *([14] * w), *b.kickers(5 - w)))
