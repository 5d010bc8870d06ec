"""Win, tie and pot equity for every player, given the cards already known.

Unknown cards (``None``; ``?`` on the command line) are a player's hidden
cards, a monster's closed cards, and the rest of the board. When the number
of ways to deal them is small enough every deal is enumerated; otherwise a
seeded Monte Carlo estimate comes with its standard error. Hold'em-style
hands of exactly seven cards (two known hole cards with a five-card board)
are counted by rank classes (:mod:`companion.poker.holdem_exact`): a whole
preflop board (1,712,304 boards heads-up) exactly, in a few hundredths of a
second and without numpy.

``equity`` is a player's expected share of the pot: a win counts 1, a tie
between k players 1/k each, a deal nobody can legally win counts 0 for all
(the pot stays). With two boards (a game may deal two) each board is half the pot,
and the usual outcome is a split of boards: ``win`` is then taking both
boards, ``split`` taking one board alone and losing the other, ``tie``
sharing a board's first place.

>>> from companion.poker.cards import parse_cards as c
>>> result = odds({"ann": c("As Ad"), "bob": c("Kc Kd")}, [c("2h 7d 9c Ks")])  # 2 aces in 44 rivers
>>> result.method, result.deals
('exact', 44)
>>> [(p.name, round(p.equity, 4)) for p in result.players]
[('ann', 0.0455), ('bob', 0.9545)]
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Literal

from companion.bounds import MAX_SAMPLES, check_range, check_seed
from companion.errors import CompanionError
from companion.poker.cards import DECK, JOKER, Card
from companion.poker.hands import check_cards, value_of_cards
from companion.poker.holdem_tables import build_tables
from companion.poker.variants import HOLDEM, Rules

if TYPE_CHECKING:
    from random import Random

Method = Literal["auto", "exact", "monte-carlo"]

EXACT_LIMIT = 60_000
"""Enumerate when there are at most this many deals (counting by rank classes: always)."""

SAMPLES = 20_000
"""Monte Carlo deals by default."""

EXACT_MAX_EVALUATIONS = 5_000_000
"""The most hand evaluations ``--exact`` makes one by one (some tens of seconds at most);
beyond it the cost is said and the count refused, rather than run for hours in silence."""

SECONDS_PER_EVALUATION = 5e-6
"""Roughly what one hand evaluation of the plain enumeration costs, for the estimate."""


@dataclass(frozen=True)
class Equity:
    """One player's chances: ``win`` the whole pot alone, ``tie`` (a shared first
    place on a board), ``split`` (with several boards: some boards won alone, the
    others lost), ``equity`` (expected share of the pot) and, for an estimate, its
    standard error ``stderr`` (0 when exact)."""

    name: str
    win: float
    tie: float
    equity: float
    stderr: float = 0.0
    split: float = 0.0


@dataclass(frozen=True)
class Odds:
    """Every player's :class:`Equity`, how it was found and over how many deals."""

    players: tuple[Equity, ...]
    method: Literal["exact", "monte-carlo"]
    deals: int
    seed: int | None = None

    def of(self, name: str) -> Equity:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)


def _deck(rules: Rules, known: Iterable[Card]) -> list[Card]:
    known = list(known)
    taken = [c for c in known if not c.is_joker]
    jokers = rules.jokers - sum(1 for c in known if c.is_joker)
    deck = [c for c in DECK if c not in set(taken)]
    return deck + [JOKER] * max(0, jokers)


def deal_count(deck_size: int, slots: Sequence[int]) -> int:
    """How many different deals fill ``slots`` (sizes) from ``deck_size`` cards.

    >>> deal_count(48, [5]), deal_count(50, [2, 3])
    (1712304, 21187600)
    """
    total, left = 1, deck_size
    for k in slots:
        if k > left:
            return 0
        total *= math.comb(left, k)
        left -= k
    return total


def odds(
    hands: Mapping[str, Sequence[Card | None]],
    boards: Sequence[Sequence[Card]] = ((),),
    rules: Rules = HOLDEM,
    *,
    dead: Sequence[Card] = (),
    floor_holders: Iterable[str] = (),
    method: Method = "auto",
    samples: int = SAMPLES,
    seed: int = 1,
    exact_limit: int = EXACT_LIMIT,
) -> Odds:
    """Each player's win, tie and equity, exact or estimated (see the module doc)."""
    build_tables()
    if not hands:
        raise CompanionError("odds needs at least one player")
    boards = [tuple(b) for b in boards] or [()]
    if len(boards) > rules.boards:
        raise CompanionError(
            f"{rules.name} is played on {rules.boards} board(s), not {len(boards)}"
        )
    boards += [()] * (rules.boards - len(boards))
    for i, board in enumerate(boards):
        if len(board) > rules.board_cards:
            raise CompanionError(
                f"board {i + 1} has {len(board)} cards; a full board has {rules.board_cards}"
            )
    names = list(hands)
    known_hands = {n: [c for c in hands[n] if c is not None] for n in names}
    check_cards(known_hands | {"dead cards": list(dead)}, boards)
    rules.check_jokers(
        [c for h in known_hands.values() for c in h] + [c for b in boards for c in b] + list(dead)
    )
    plate = set(floor_holders)
    unknown_plate = plate - set(names)
    if unknown_plate:
        raise CompanionError(
            f"{rules.held_floor_name} holder {min(unknown_plate)!r} is not a player"
        )
    known = (
        [c for h in known_hands.values() for c in h] + [c for b in boards for c in b] + list(dead)
    )
    deck = _deck(rules, known)
    board_missing = [rules.board_cards - len(b) for b in boards]
    hole_missing = [sum(1 for c in hands[n] if c is None) for n in names]
    slots = board_missing + hole_missing
    if sum(slots) > len(deck):
        raise CompanionError(
            f"{sum(slots)} unknown cards to deal but only {len(deck)} left in the deck"
        )
    total = deal_count(len(deck), slots)
    check_range("--samples", samples, 1, MAX_SAMPLES)
    check_seed(seed)
    if _rank_classes_fit(rules, boards, known_hands, hole_missing) and method != "monte-carlo":
        return _exact_by_rank_classes(names, known_hands, boards[0], deck, rules, plate)
    if method == "exact" or (method == "auto" and total <= exact_limit):
        check_exact_cost(total, len(boards) * len(names))
        deals = _enumerate(deck, slots)
        return _tally(names, hands, boards, rules, plate, deals, "exact", total, None)
    import random  # (the Monte Carlo path only)

    rng = random.Random(seed)
    deals = _sample(deck, slots, samples, rng)
    return _tally(names, hands, boards, rules, plate, deals, "monte-carlo", samples, seed)


def check_exact_cost(deals: int, evaluations_per_deal: int) -> None:
    """Refuse an enumeration above :data:`EXACT_MAX_EVALUATIONS`, saying what it would cost.

    >>> check_exact_cost(2_097_572_400, 2)
    Traceback (most recent call last):
      ...
    companion.errors.CompanionError: exact odds would look at 2,097,572,400 deals (4,195,144,800 hand evaluations, about 6 hours): --exact stops at 5,000,000 evaluations; leave out --exact for an estimate over --samples deals, with its standard error
    """
    evaluations = deals * evaluations_per_deal
    if evaluations <= EXACT_MAX_EVALUATIONS:
        return
    raise CompanionError(
        f"exact odds would look at {deals:,} deals ({evaluations:,} hand evaluations, "
        f"about {_duration(evaluations * SECONDS_PER_EVALUATION)}): --exact stops at "
        f"{EXACT_MAX_EVALUATIONS:,} evaluations; leave out --exact for an estimate over "
        "--samples deals, with its standard error"
    )


def _duration(seconds: float) -> str:
    """A rough duration in words.

    >>> _duration(40), _duration(900), _duration(7200), _duration(3e6)
    ('40 seconds', '15 minutes', '2 hours', '35 days')
    """
    for unit, size in (("days", 86400), ("hours", 3600), ("minutes", 60)):
        if seconds >= 2 * size:
            return f"{round(seconds / size):,} {unit}"
    return f"{round(seconds):,} seconds"


def _rank_classes_fit(
    rules: Rules,
    boards: Sequence[Sequence[Card]],
    known_hands: Mapping[str, Sequence[Card]],
    hole_missing: Sequence[int],
) -> bool:
    """Whether exact counting by rank classes applies (:mod:`companion.poker.holdem_exact`):
    plain high hands of seven cards, every hand card known, one board."""
    if (
        rules.classes is not None
        or rules.lowball
        or rules.boards != 1
        or rules.use_exactly is not None
        or any(hole_missing)
    ):
        return False
    if rules.hand_size is not None or rules.board_cards != 5:
        return False
    for hand in known_hands.values():
        if len(hand) + 5 != 7:
            return False
        if rules.use_at_most is not None and len(hand) > rules.use_at_most:
            return False
    return True


def _exact_by_rank_classes(
    names: list[str],
    known_hands: Mapping[str, Sequence[Card]],
    board: Sequence[Card],
    deck: list[Card],
    rules: Rules,
    plate: set[str],
) -> Odds:
    from companion.poker.holdem_exact import exact_tally

    tally = exact_tally(
        [[int(c) for c in known_hands[name]] for name in names],
        [int(c) for c in board],
        [int(c) for c in deck],
        [rules.floor(name in plate) for name in names],
    )
    players = tuple(
        Equity(
            name,
            tally.wins[i] / tally.boards,
            tally.ties[i] / tally.boards,
            tally.equity(i),
        )
        for i, name in enumerate(names)
    )
    return Odds(players, "exact", tally.boards)


def _enumerate(deck: Sequence[Card], slots: Sequence[int]) -> Iterator[list[tuple[Card, ...]]]:
    """Every way to fill the slots in order, each slot a combination of the cards left."""

    def fill(i: int, left: tuple[Card, ...]) -> Iterator[list[tuple[Card, ...]]]:
        if i == len(slots):
            yield []
            return
        for chosen in combinations(left, slots[i]):
            rest = tuple(c for c in left if c not in chosen) if slots[i] else left
            for tail in fill(i + 1, rest):
                yield [chosen, *tail]

    return fill(0, tuple(deck))


def _sample(
    deck: Sequence[Card], slots: Sequence[int], n: int, rng: Random
) -> Iterator[list[tuple[Card, ...]]]:
    need = sum(slots)
    for _ in range(n):
        drawn = rng.sample(deck, need)
        out, at = [], 0
        for k in slots:
            out.append(tuple(drawn[at : at + k]))
            at += k
        yield out


def _tally(
    names: list[str],
    hands: Mapping[str, Sequence[Card | None]],
    boards: Sequence[Sequence[Card]],
    rules: Rules,
    plate: set[str],
    deals: Iterable[list[tuple[Card, ...]]],
    method: Literal["exact", "monte-carlo"],
    count: int,
    seed: int | None,
) -> Odds:
    build_tables()
    n_boards = len(boards)
    n = len(names)
    wins = [0.0] * n
    ties = [0.0] * n
    splits = [0.0] * n
    sums = [0.0] * n
    squares = [0.0] * n
    deals_seen = 0
    floors = [rules.floor(name in plate) for name in names]
    for deal in deals:
        deals_seen += 1
        full_boards = [tuple(boards[b]) + deal[b] for b in range(n_boards)]
        holes = []
        for i, name in enumerate(names):
            filler = iter(deal[n_boards + i])
            holes.append(tuple(c if c is not None else next(filler) for c in hands[name]))
        shares = [0.0] * n
        alone = [0] * n
        shared = [False] * n
        for board in full_boards:
            values = [value_of_cards(h, board, rules) for h in holes]
            for i in range(n):
                if values[i] < floors[i]:
                    values[i] = floors[i]
            best = max(values)
            if best <= 0:
                continue
            top = [i for i in range(n) if values[i] == best]
            for i in top:
                shares[i] += 1.0 / len(top) / n_boards
                if len(top) == 1:
                    alone[i] += 1
                else:
                    shared[i] = True
        for i in range(n):
            if shared[i]:
                ties[i] += 1
            elif alone[i] == n_boards:
                wins[i] += 1
            elif alone[i]:
                splits[i] += 1
            sums[i] += shares[i]
            squares[i] += shares[i] * shares[i]
    if deals_seen == 0:
        raise CompanionError("no deal is possible with these cards")
    players = []
    for i, name in enumerate(names):
        mean = sums[i] / deals_seen
        stderr = 0.0
        if method == "monte-carlo" and deals_seen > 1:
            var = max(0.0, squares[i] / deals_seen - mean * mean) * deals_seen / (deals_seen - 1)
            stderr = math.sqrt(var / deals_seen)
        players.append(
            Equity(
                name,
                wins[i] / deals_seen,
                ties[i] / deals_seen,
                mean,
                stderr,
                splits[i] / deals_seen,
            )
        )
    return Odds(tuple(players), method, deals_seen, seed)
