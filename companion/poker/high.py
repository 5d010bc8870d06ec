"""The general poker-style evaluator: any number of cards, wild cards, a game's own classes.

:func:`best_five` finds the best five cards (fewer when fewer exist) of a
pool and says which cards it used and what each wild card played as. It is
the reference the fast tables of :mod:`companion.poker.holdem_tables` are checked
against, and the only evaluator that knows wild cards, the classes a game
ranks above the common ones (:class:`TopClasses`) and an ace that plays low.

Wild cards take any rank and suit, even one already in the hand (that is how
five of a kind happens), preferring a card nobody else in the hand plays as;
in a flush they play as the highest cards the suit is missing. A game's own
classes may reserve cards that only the real card can be (``reserved``): a
wild card never plays as one of them. A wild card may always play as itself,
so a reserved card that is also wild still counts as the real one.

>>> from companion.poker.cards import parse_cards
>>> from companion.poker.values import describe
>>> hand = best_five(parse_cards("* 9h 9d 9c 9s"))
>>> describe(hand.value), hand.plays_as[-1]
('five nines', Card('9h'))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from companion.poker.cards import SUIT_CHARS, Card, as_cards
from companion.poker.values import (
    FIVE_OF_A_KIND,
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    NO_HAND,
    PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
    pack,
)

_WILD_SUITS = "hdsc"  # the suit a wild card shows when its suit does not matter


@dataclass(frozen=True)
class Five:
    """The best hand of a pool: its value, the cards used and what each plays as."""

    value: int
    cards: tuple[Card, ...] = ()
    plays_as: tuple[Card, ...] = ()


@dataclass(frozen=True)
class TopClasses:
    """Hand classes a game ranks above every common class, handed to the evaluator as data.

    ``find`` looks for the best of them in a pool (its real cards and how many
    wild cards it has) and returns ``None`` when there is none; ``reserved``
    are the cards only the real card may be (no wild card plays as one);
    ``may_hold`` says whether a pool with no wild card could hold one at all
    (when not, the fast tables judge it). ``names`` are the class names by
    category, ``describe`` reads a value of one of them, and ``first_kicker``
    says which of its ranks are kickers (for the decider). ``jokers`` names
    the deck's jokers in messages.
    """

    name: str
    reserved: frozenset[Card]
    find: Callable[[Pool, int], Five | None]
    may_hold: Callable[[Sequence[Card]], bool]
    names: Mapping[int, str]
    describe: Callable[[int], str]
    first_kicker: Callable[[int], int]
    jokers: str = "jokers"


WILD_ONLY = TopClasses(
    name="wild",
    reserved=frozenset(),
    find=lambda pool, wilds: None,
    may_hold=lambda pool: False,
    names={},
    describe=lambda value: "",
    first_kicker=lambda value: 5,
)
"""An ordering that knows wild cards and adds no class of its own (examples and tests)."""


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


WINDOWS = {False: _windows(False), True: _windows(True)}
"""(top, ranks) of every straight, best first, with the ace high (False) or low (True)."""


class Pool:
    """Cards grouped by rank and suit, plus the wild cards, for one evaluation."""

    def __init__(
        self,
        real: Sequence[Card],
        wilds: Sequence[Card],
        ace_low: bool,
        reserved: frozenset[Card] = frozenset(),
    ) -> None:
        self.ace_low = ace_low
        self.reserved = reserved
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
        allowed = [_as_card(rank, s) for s in _WILD_SUITS if _as_card(rank, s) not in self.reserved]
        used = set(taken)
        return next(
            (c for c in allowed if c not in self.real_set and c not in used),
            next((c for c in allowed if c not in used), allowed[0]),
        )

    def missing_in_suit(self, suit: str, count: int) -> list[int]:
        """The ``count`` highest ranks of ``suit`` the real cards lack (wild cards fill them).

        A wild card plays as a card the hand does not hold, and never as a reserved one.
        """
        held = {self.rank(c) for c in self.by_suit[suit]}
        top = 13 if self.ace_low else 14
        bottom = 1 if self.ace_low else 2
        free = [
            r
            for r in range(top, bottom - 1, -1)
            if r not in held and _as_card(r, suit) not in self.reserved
        ]
        return free[:count]

    def ranks_desc(self) -> list[int]:
        return sorted(self.by_rank, reverse=True)


class Builder:
    """Collects the cards of a hand as it is chosen, wild cards with their identities."""

    def __init__(self, pool: Pool) -> None:
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
    classes: TopClasses | None = None,
    ace_low: bool = False,
) -> Five:
    """The best five cards of ``cards`` (any number) under the poker-style scale.

    ``wild`` lists the cards of ``cards`` that are wild (jokers always are).
    ``classes`` are a game's own classes above the common ones; ``ace_low``
    makes every ace rank 1 (one reading of a hand where the weakest wins).
    """
    cards = as_cards(cards)
    wild_set = set(as_cards(wild or ()))
    if classes is not None and wild_set & classes.reserved:
        # A wild card may always play as itself: try each wild reserved card as the real one.
        own = sorted(wild_set & classes.reserved & set(cards))
        options = [
            _best_five(cards, wild_set - set(chosen), classes, ace_low)
            for n in range(len(own) + 1)
            for chosen in combinations(own, n)
        ]
        return max(options, key=lambda f: f.value)
    return _best_five(cards, wild_set, classes, ace_low)


def _best_five(
    cards: Sequence[Card], wild_set: set[Card], classes: TopClasses | None, ace_low: bool
) -> Five:
    wilds = [c for c in cards if c.is_joker or c in wild_set]
    real = [c for c in cards if not (c.is_joker or c in wild_set)]
    reserved = classes.reserved if classes is not None else frozenset()
    pool = Pool(real, wilds, ace_low, reserved)
    total = len(real) + len(wilds)
    if total == 0:
        return Five(NO_HAND)
    w = len(wilds)
    if classes is not None:
        found = classes.find(pool, w)
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


def _straight_flush(pool: Pool, w: int) -> Five | None:
    for top, window in WINDOWS[pool.ace_low]:
        for suit in SUIT_CHARS:
            cards = pool.by_suit[suit]
            if len(cards) + w < 5:
                continue
            have = {pool.rank(c): c for c in cards}
            missing = [r for r in window if r not in have]
            if len(missing) > w:
                continue
            if any(_as_card(r, suit) in pool.reserved for r in missing):
                continue  # a wild card may not be a reserved card
            b = Builder(pool)
            for r in sorted(window, reverse=True):
                b.take(have[r]) if r in have else b.wild(r, suit)
            return b.five(pack(STRAIGHT_FLUSH, top))
    return None


def _five_of_a_kind(pool: Pool, w: int) -> Five | None:
    if not w:
        return None
    for r in pool.ranks_desc() + [14]:
        if pool.count(r) + w >= 5:
            b = Builder(pool)
            b.take_rank(r, 5)
            return b.five(pack(FIVE_OF_A_KIND, r))
    return None


def _four_of_a_kind(pool: Pool, w: int) -> Five | None:
    for r in pool.ranks_desc() + ([14] if w >= 4 else []):
        if pool.count(r) + w >= 4:
            b = Builder(pool)
            b.take_rank(r, 4)
            k = b.kickers(1, exclude=[r])
            if not k and b.free_wilds:
                kick = 13 if r == 14 else 14
                b.wild(kick)
                k = [kick]
            return b.five(pack(FOUR_OF_A_KIND, r, *k))
    return None


def _full_house(pool: Pool, w: int) -> Five | None:
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
                b = Builder(pool)
                b.take_rank(t, 3)
                b.take_rank(p, 2)
                return b.five(pack(FULL_HOUSE, t, p))
    return None


def _flush(pool: Pool, w: int) -> Five | None:
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
    b = Builder(pool)
    held = {pool.rank(c): c for c in pool.by_suit[suit]}
    for r in ranks:
        b.take(held[r]) if r in held else b.wild(r, suit)
    return b.five(pack(FLUSH, *ranks))


def _straight(pool: Pool, w: int) -> Five | None:
    for top, window in WINDOWS[pool.ace_low]:
        missing = [r for r in window if r not in pool.by_rank]
        if len(missing) <= w:
            b = Builder(pool)
            for r in sorted(window, reverse=True):
                b.take_rank(r, 1)
            return b.five(pack(STRAIGHT, top))
    return None


def _of_a_kind(pool: Pool, w: int) -> Five:
    """Trips, two pair, pair or high card (the classes left when nothing bigger fits)."""
    ranks = pool.ranks_desc()
    total = len(pool.real) + w
    if total >= 3:
        for r in ranks + ([14] if w >= 3 else []):
            if pool.count(r) + w >= 3:
                b = Builder(pool)
                b.take_rank(r, 3)
                return b.five(pack(THREE_OF_A_KIND, r, *b.kickers(2, exclude=[r])))
    pairs = [r for r in ranks if pool.count(r) >= 2]
    if len(pairs) >= 2:
        b = Builder(pool)
        b.take_rank(pairs[0], 2)
        b.take_rank(pairs[1], 2)
        return b.five(pack(TWO_PAIR, pairs[0], pairs[1], *b.kickers(1, exclude=pairs[:2])))
    if total >= 2:
        for r in ranks + ([14] if w >= 2 else []):
            if pool.count(r) + w >= 2:
                b = Builder(pool)
                b.take_rank(r, 2)
                return b.five(pack(PAIR, r, *b.kickers(3, exclude=[r])))
    b = Builder(pool)
    if w:
        b.wild(14)
    return b.five(pack(HIGH_CARD, *([14] * w), *b.kickers(5 - w)))
