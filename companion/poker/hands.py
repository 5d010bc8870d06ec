"""Judge hands under a game's :class:`~companion.poker.variants.Rules`: one engine for all.

:func:`evaluate` gives a player's best hand (a :class:`HandValue`: its value,
higher wins; its class name; the cards it uses). :func:`rank_hands` judges a
whole showdown and returns :class:`Ranking` places, ties sharing a place.

>>> from companion.poker.cards import parse_cards as c
>>> evaluate(c("Ah Kh"), c("Qh Jh Th 2c 3d")).name
'royal flush'
>>> r = rank_hands({"ann": c("As Ad"), "bob": c("Kc Kd"), "cy": c("Ac Ah")}, c("2s 7h 9d Jc 4s"))
>>> [(p.name, p.place) for p in r.placings], r.winners
([('ann', 1), ('cy', 1), ('bob', 3)], ('ann', 'cy'))

Omaha-like rules (exactly two hand cards): a four-flush in hand plus one
board heart is no flush:

>>> from companion.poker.variants import OMAHA
>>> evaluate(c("Ah Kh Qh Jh"), c("2h 7c 8d 9s 3c"), OMAHA).name
'high card'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Protocol

from companion.errors import CompanionError
from companion.poker.cards import Card, as_cards, check_unique
from companion.poker.high import TopClasses, best_five
from companion.poker.holdem_tables import build_tables, holdem_value_unchecked, tables_ready
from companion.poker.values import (
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    LOW_TOP,
    NO_HAND,
    PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
    category_of,
    describe,
    high_name,
    pack,
    ranks_of,
)
from companion.poker.variants import HOLDEM, Rules, wild_games


@dataclass(frozen=True, order=True)
class HandValue:
    """A player's best hand: ``value`` (higher wins, 0 = no legal hand), its
    class ``name``, the ``cards`` it uses and what each ``plays_as`` (a wild
    card's chosen identity; the card itself otherwise).

    For a lowball ordering ``value`` is already turned around: the weakest
    hand has the highest value, and ``strength`` keeps the usual reading.
    """

    value: int
    name: str = field(compare=False)
    description: str = field(compare=False, default="")
    cards: tuple[Card, ...] = field(compare=False, default=())
    plays_as: tuple[Card, ...] = field(compare=False, default=())
    note: str = field(compare=False, default="")

    @property
    def legal(self) -> bool:
        """Whether this hand may win at all."""
        return self.value > 0

    def played(self, *, symbols: bool = False) -> list[str]:
        """The cards used, a wild card shown as ``*=A♠`` (what it plays as)."""
        out = []
        for card, plays in zip(self.cards, self.plays_as, strict=True):
            text = card.symbol if symbols else card.code
            if card != plays:
                text += "=" + (plays.symbol if symbols else plays.code)
            out.append(text)
        return out

    def __repr__(self) -> str:
        cards = " ".join(self.played())
        return f"HandValue({self.description or self.name!r}, [{cards}], value={self.value:#x})"


NO_LEGAL_HAND = HandValue(NO_HAND, "no hand", "no legal hand")


def _pools(hand: Sequence[Card], board: Sequence[Card], rules: Rules) -> list[tuple[Card, ...]]:
    """Every card pool a player may build a hand from, under the hand-card limits."""
    hand, board = tuple(hand), tuple(board)
    if rules.use_exactly is not None:
        k = rules.use_exactly
        if len(hand) < k:
            return []
        size = rules.hand_size or 5
        from_board = max(0, size - k)
        boards = list(combinations(board, from_board)) if len(board) > from_board else [board]
        return [h + b for h in combinations(hand, k) for b in boards]
    limit = rules.use_at_most
    if limit is None or len(hand) <= limit:
        return [hand + board]
    return [h + board for h in combinations(hand, limit)]


def _own_value(pool: Sequence[Card], classes: TopClasses, fast: bool = True) -> int:
    """The value of a pool with no wild cards under a game's own classes (fast path)."""
    if classes.may_hold(pool):
        return best_five(pool, classes=classes).value
    if fast and len(pool) <= 7:
        return holdem_value_unchecked(pool)
    return best_five(pool).value


def _high_value(pool: Sequence[Card], rules: Rules, fast: bool = True) -> int:
    """``fast`` uses the lookup tables (which must be built); else the general evaluator."""
    if rules.classes is not None:
        wild = [c for c in pool if rules.is_wild(c)]
        if wild:
            return best_five(pool, wild=wild, classes=rules.classes).value
        return _own_value(pool, rules.classes, fast)
    # Only an ordering with classes of its own knows wild cards (jokers are refused elsewhere).
    if fast and len(pool) <= 7:
        return holdem_value_unchecked(pool)
    return best_five(pool).value


def _five_value(ranks: list[int], flush: bool, wheel: bool = True) -> int:
    """Value of exactly five cards given their ranks (ace 14 or 1) and flush flag.

    ``wheel``: whether A-2-3-4-5 with the ace as 14 still counts as a straight.
    """
    ranks = sorted(ranks, reverse=True)
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    distinct = len(counts)
    straight_top = 0
    if distinct == 5:
        if ranks[0] - ranks[4] == 4:
            straight_top = ranks[0]
        elif wheel and ranks == [14, 5, 4, 3, 2]:
            straight_top = 5
    if straight_top and flush:
        return pack(STRAIGHT_FLUSH, straight_top)
    shape = [c for _, c in groups]
    order = [r for r, _ in groups]
    if shape[0] == 4:
        return pack(FOUR_OF_A_KIND, *order)
    if shape[:2] == [3, 2]:
        return pack(FULL_HOUSE, *order)
    if flush:
        return pack(FLUSH, *ranks)
    if straight_top:
        return pack(STRAIGHT, straight_top)
    if shape[0] == 3:
        return pack(THREE_OF_A_KIND, *order)
    if shape[:2] == [2, 2]:
        return pack(TWO_PAIR, *order)
    if shape[0] == 2:
        return pack(PAIR, *order)
    return pack(HIGH_CARD, *ranks)


def low_strength(five: Sequence[Card], ace_low: bool) -> int:
    """How strong five cards are when the holder wants them weak.

    With ``ace_low`` every ace of the hand counts either as fourteen (and
    then A-2-3-4-5 is no straight) or as one, whichever reads weaker.

    >>> from companion.poker.cards import parse_cards as c
    >>> describe(low_strength(c("Ah 2c 3d 4s 6h"), True))
    'six high'
    >>> describe(low_strength(c("Ah 2c 3d 4s 5h"), True))
    'ace high'
    """
    ranks = [c.rank for c in five]
    flush = len({c.suit for c in five}) == 1
    if not (ace_low and 14 in ranks):
        return _five_value(ranks, flush)
    high = _five_value(ranks, flush, wheel=False)
    low = _five_value([1 if r == 14 else r for r in ranks], flush)
    return min(high, low)


def _low_best(pools: Iterable[Sequence[Card]], rules: Rules) -> tuple[int, tuple[Card, ...]] | None:
    """The weakest five-card hand over all pools: (strength, cards)."""
    size = rules.hand_size or 5
    best: tuple[int, tuple[Card, ...]] | None = None
    for pool in pools:
        if len(pool) < size:
            continue
        for five in combinations(pool, size):
            s = low_strength(five, rules.ace_low)
            if best is None or s < best[0]:
                best = (s, five)
    return best


def value_of(hand: Sequence[Card], board: Sequence[Card] = (), rules: Rules = HOLDEM) -> int:
    """Just the value of :func:`evaluate` (no floor a card gives), for fast loops."""
    build_tables()
    return value_of_cards(as_cards(hand), as_cards(board), rules)


def value_of_cards(hand: Sequence[Card], board: Sequence[Card], rules: Rules) -> int:
    """:func:`value_of` of cards known to be :class:`Card` values (the tables built)."""
    pools = _pools(hand, board, rules)
    if not pools:
        return NO_HAND
    if rules.lowball:
        found = _low_best(pools, rules)
        return NO_HAND if found is None else LOW_TOP - found[0]
    best = NO_HAND
    for pool in pools:
        if rules.hand_size is not None and len(pool) < rules.hand_size:
            continue
        v = _high_value(pool, rules)
        if v > best:
            best = v
    return best


def evaluate(
    hand: Sequence[Card],
    board: Sequence[Card] = (),
    rules: Rules = HOLDEM,
    *,
    holds_floor: bool = False,
) -> HandValue:
    """A player's best hand from their hand cards and one board under ``rules``.

    ``holds_floor``: the player holds the card that gives the rules'
    ``held_floor``; the hand is worth at least that value, made of virtual
    cards that combine with no card (no effect when the weakest hand wins,
    where a floor could only hurt its owner).

    >>> from companion.poker.cards import parse_cards as c
    >>> from companion.poker.values import PAIR, pack
    >>> rules = HOLDEM.replace(held_floor=pack(PAIR, 8), held_floor_name="Iron Vest")
    >>> evaluate(c("2c 7d"), c("Ks 9h 4s 3d Jc"), rules, holds_floor=True).description
    'pair of eights (Iron Vest)'
    """
    # A few hands (companion rank) are quicker with the general evaluator than
    # with building the lookup tables; a process that built them uses them.
    fast = tables_ready()
    hand, board = as_cards(hand), as_cards(board)
    _check_jokers(hand + board, rules)
    pools = _pools(hand, board, rules)
    if rules.lowball:
        found = _low_best(pools, rules)
        if found is None:
            return NO_LEGAL_HAND
        strength, five = found
        order = sorted(five, key=lambda c: _low_sort_key(c, strength), reverse=True)
        return HandValue(
            LOW_TOP - strength, high_name(strength), describe(strength), tuple(order), tuple(order)
        )
    best_pool: tuple[Card, ...] | None = None
    best = NO_HAND
    for pool in pools:
        if rules.hand_size is not None and len(pool) < rules.hand_size:
            continue
        v = _high_value(pool, rules, fast)
        if v > best:
            best, best_pool = v, pool
    floor = rules.floor(holds_floor)
    if best < floor:
        note = (
            rules.held_floor_name if holds_floor and floor == rules.held_floor else "virtual pair"
        )
        return HandValue(floor, "pair", f"{describe(floor)} ({note})", note=note)
    if best_pool is None or best == NO_HAND:
        return NO_LEGAL_HAND
    wild = [c for c in best_pool if rules.is_wild(c)]
    chosen = best_five(best_pool, wild=wild, classes=rules.classes)
    if chosen.value != best:  # the fast tables and the general evaluator must agree
        raise AssertionError(f"evaluators disagree on {best_pool}: {chosen.value:#x} != {best:#x}")
    own = rules.classes
    if own is not None and category_of(best) in own.names:
        name, text = own.names[category_of(best)], own.describe(best)
    else:
        name, text = high_name(best), describe(best)
    return HandValue(best, name, text, chosen.cards, chosen.plays_as)


def _low_sort_key(card: Card, strength: int) -> tuple[int, int]:
    # Show the hand as it was read: an ace that counted as one goes last.
    low_reading = 1 in ranks_of(strength) and card.rank == 14
    return (1 if low_reading else card.rank, -int(card))


def _check_jokers(cards: Iterable[Card], rules: Rules) -> None:
    if rules.classes is None and any(c.is_joker for c in cards):
        raise CompanionError(
            f"jokers ('*') are wild cards of {wild_games()}; {rules.name} has none"
        )


class Judged(Protocol):
    """What a placing needs of a judged hand: a poker :class:`HandValue` or a game's own."""

    @property
    def value(self) -> int: ...

    @property
    def name(self) -> str: ...

    @property
    def description(self) -> str: ...

    @property
    def legal(self) -> bool: ...

    def played(self, *, symbols: bool = False) -> list[str]: ...


@dataclass(frozen=True)
class Placing:
    """One player's place in a showdown (``None``: no legal hand, cannot win)."""

    name: str
    hand: Judged
    place: int | None


@dataclass(frozen=True)
class Ranking:
    """A judged showdown on one board: placings best first."""

    placings: tuple[Placing, ...]
    board: tuple[Card, ...] = ()
    classes: TopClasses | None = field(default=None, compare=False, repr=False)
    """The game's own classes the hands were judged under (the decider reads their kickers)."""

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.placings if p.place == 1)

    @property
    def result(self) -> tuple[tuple[str, ...], ...]:
        """Groups of tied players, best first, leaving out those without a
        legal hand: the shape :mod:`companion.poker.pots` settles.

        >>> from companion.poker.cards import parse_cards as c
        >>> r = rank_hands({"a": c("As Ad"), "b": c("Kc Kd"), "c": c("Ah Ac")}, c("2s 7h 9d Jc 4s"))
        >>> r.result, r.result_text
        ((('a', 'c'), ('b',)), 'a = c > b')
        """
        groups: dict[int, list[str]] = {}
        for p in self.placings:
            if p.place is not None:
                groups.setdefault(p.place, []).append(p.name)
        return tuple(tuple(groups[k]) for k in sorted(groups))

    @property
    def winners_text(self) -> str:
        """``ann wins`` or ``ann, ben and cat tie`` (or that nobody can win)."""
        if not self.winners:
            return "nobody has a legal hand"
        if len(self.winners) == 1:
            return f"{self.winners[0]} wins"
        return f"{names_text(self.winners)} tie"

    @property
    def result_text(self) -> str:
        """The result as ``companion pot --result`` reads it: ``a = c > b``."""
        return " > ".join(" = ".join(group) for group in self.result)

    def place_of(self, name: str) -> int | None:
        for p in self.placings:
            if p.name == name:
                return p.place
        raise KeyError(name)


def names_text(names: Sequence[str]) -> str:
    """Names as a sentence lists them.

    >>> names_text(["ann"]), names_text(["ann", "ben"]), names_text(["ann", "ben", "cat"])
    ('ann', 'ann and ben', 'ann, ben and cat')
    """
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


@dataclass(frozen=True)
class Decider:
    """The card that settles a showdown between hands of the same class.

    ``winner``'s ``card`` (playing as ``plays_as``) beats what ``runner_up``
    has in that place; ``kicker`` is True when the card lies outside the
    class's own cards (both black kings on the board leave only kickers).
    """

    winner: str
    runner_up: str
    card: Card
    plays_as: Card
    kicker: bool

    @property
    def text(self) -> str:
        what = "kicker" if self.kicker else "card"
        shown = self.card.symbol
        if self.card != self.plays_as:
            shown += f" (as {self.plays_as.symbol})"
        return f"{self.winner} beats {self.runner_up} on the {shown} {what}"

    def to_json(self) -> dict[str, object]:
        return {
            "winner": self.winner,
            "over": self.runner_up,
            "card": self.card.code,
            "plays_as": self.plays_as.code,
            "kicker": self.kicker,
        }


_FIRST_KICKER = {PAIR: 1, TWO_PAIR: 2, THREE_OF_A_KIND: 1, FOUR_OF_A_KIND: 1}
"""Where the kickers start among a class's tie-breaking ranks (other classes have none)."""


def decider(ranking: Ranking, board: Sequence[Card] = ()) -> Decider | None:
    """Which card decides a showdown that one player wins over a hand of the same class.

    Only for poker-style high hands (not lowball, not a game's own sets): the first
    tie-breaking rank where the winner and the next player differ names the
    winner's card there, preferring a card of their own hand to a board card.

    >>> from companion.poker.cards import parse_cards as c
    >>> from companion.poker.variants import HOLDEM
    >>> board = c("Ks Kc 7h 4d 2s")
    >>> r = rank_hands({"ann": c("Ah 3c"), "ben": c("Qd 5c")}, board, HOLDEM)
    >>> decider(r, board).text
    'ann beats ben on the A♥ kicker'
    """
    from companion.poker.values import category_of, ranks_of, sub_of

    if len(ranking.winners) != 1 or len(ranking.placings) < 2:
        return None
    first, second = ranking.placings[0], ranking.placings[1]
    a, b = first.hand, second.hand
    if not isinstance(a, HandValue) or not isinstance(b, HandValue) or second.place is None:
        return None
    if not a.cards or not b.cards or a.value >= LOW_TOP or a.note or b.note:
        return None
    if (category_of(a.value), sub_of(a.value)) != (category_of(b.value), sub_of(b.value)):
        return None
    ra, rb = ranks_of(a.value), ranks_of(b.value)
    at = next((i for i in range(5) if ra[i] != rb[i]), None)
    if at is None or ra[at] == 0:
        return None
    rank = ra[at]
    on_board = set(board)
    candidates = [
        (card, plays)
        for card, plays in zip(a.cards, a.plays_as, strict=True)
        if (1 if plays.rank == 14 and rank == 1 else plays.rank) == rank
    ]
    if not candidates:
        return None
    candidates.sort(key=lambda cp: cp[0] in on_board)
    card, plays = candidates[0]
    cat = category_of(a.value)
    own = ranking.classes
    if own is not None and cat in own.names:
        first_kicker = own.first_kicker(a.value)
    else:
        first_kicker = _FIRST_KICKER.get(cat, 5)
    kicker = at >= first_kicker
    if own is None or cat not in own.names:
        # The hands' names already tell a higher pair, set, straight or top card apart
        # ("two pair, tens and eights" over "nines and twos"): a deciding card is worth
        # saying only where the names agree, among the kickers or a flush's later cards.
        named = at < first_kicker if cat not in (HIGH_CARD, FLUSH) else at == 0
        if named:
            return None
    return Decider(first.name, second.name, card, plays, kicker)


def places(values: Sequence[int]) -> list[int | None]:
    """Competition places for values (higher wins): ties share a place, the
    next place skips; a value of 0 (no legal hand) gets ``None``.

    >>> places([5, 9, 5, 0, 1])
    [2, 1, 2, None, 4]
    """
    legal = sorted((v for v in values if v > 0), reverse=True)
    first: dict[int, int] = {}
    for i, v in enumerate(legal):
        first.setdefault(v, i + 1)
    return [first[v] if v > 0 else None for v in values]


def order_placings(
    names: Sequence[str], hands: Sequence[Judged], ranks: Sequence[int | None]
) -> tuple[Placing, ...]:
    """Placings sorted by place (players without a hand last), stable by input order."""
    rows = [Placing(n, h, p) for n, h, p in zip(names, hands, ranks, strict=True)]
    big = len(rows) + 1
    return tuple(sorted(rows, key=lambda p: big if p.place is None else p.place))


def check_cards(hands: Mapping[str, Sequence[Card]], boards: Sequence[Sequence[Card]]) -> None:
    """Reject a card given twice anywhere at the table (jokers may repeat)."""
    cards: list[Card] = []
    owners: list[str] = []
    for name, hand in hands.items():
        cards += hand
        owners += [name] * len(hand)
    for i, board in enumerate(boards):
        cards += board
        owners += ["the board" if len(boards) == 1 else f"board {i + 1}"] * len(board)
    check_unique(cards, owners)


def rank_boards(
    hands: Mapping[str, Sequence[Card]],
    boards: Sequence[Sequence[Card]],
    rules: Rules = HOLDEM,
    *,
    floor_holders: Iterable[str] = (),
) -> tuple[Ranking, ...]:
    """Judge a showdown on each board separately (a game may deal two).

    ``floor_holders`` names the players who hold the card of the rules' ``held_floor``.
    """
    if len(boards) != rules.boards:
        raise CompanionError(
            f"{rules.name} is played on {rules.boards} board(s), not {len(boards)}"
        )
    plate = set(floor_holders)
    unknown = plate - set(hands)
    if unknown:
        raise CompanionError(f"{rules.held_floor_name} holder {min(unknown)!r} is not a player")
    hands = {name: as_cards(hand) for name, hand in hands.items()}
    boards = [as_cards(board) for board in boards]
    check_cards(hands, boards)
    rules.check_jokers([c for h in hands.values() for c in h] + [c for b in boards for c in b])
    for board in boards:
        rules.check_board(board)
    names = list(hands)
    out = []
    for board in boards:
        values = [evaluate(hands[n], board, rules, holds_floor=n in plate) for n in names]
        out.append(
            Ranking(
                order_placings(names, values, places([v.value for v in values])),
                tuple(board),
                rules.classes,
            )
        )
    return tuple(out)


def rank_hands(
    hands: Mapping[str, Sequence[Card]],
    board: Sequence[Card] = (),
    rules: Rules = HOLDEM,
    *,
    floor_holders: Iterable[str] = (),
) -> Ranking:
    """Judge a showdown on one board: every player's best hand and place."""
    if rules.boards != 1:
        raise CompanionError(f"{rules.name} has {rules.boards} boards: use rank_boards")
    return rank_boards(hands, [board], rules, floor_holders=floor_holders)[0]


__all__ = [
    "NO_LEGAL_HAND",
    "Decider",
    "HandValue",
    "Judged",
    "Placing",
    "Ranking",
    "decider",
    "evaluate",
    "low_strength",
    "names_text",
    "order_placings",
    "places",
    "rank_boards",
    "rank_hands",
    "value_of",
]
