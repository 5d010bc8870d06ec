"""Exact Hold'em equity by rank classes: every board counted, few of them looked at.

Heads-up before the flop 1,712,304 boards can come. Without a flush a hand's
value depends only on the ranks of its seven cards, and the boards fall into
about six thousand rank classes (which ranks, how many of each), each
standing for as many boards as the deck has ways to deal those ranks. So:

1. every rank class of the missing board cards is valued once for each
   player, as if no flush could happen, and counts with its number of boards;
2. a flush needs five cards of one suit among a player's seven, so three at
   least on the board, and only one suit can have three of five board cards.
   For each suit that could flush somebody, the boards holding enough of it
   are walked (its cards one by one, the other cards again by rank class),
   and each is counted with its true result in place of the result step 1
   gave it.

The answers are exact integers: boards won alone, boards shared, and the
shares of shared boards in units of ``1 / lcm(1..players)``. The values are
the packed values of :mod:`companion.poker.values`, looked up in the tables
of :mod:`companion.poker.holdem_tables`, so a floor (a held floor, a
minimum pair) applies as it does everywhere else.

>>> from companion.poker.cards import parse_cards as c
>>> deck = [int(x) for x in c("2c 3c 4c 5c 6c")]  # five cards left, the board all missing
>>> tally = exact_tally([[int(x) for x in c("As Ad")], [int(x) for x in c("Ks Kd")]], [], deck)
>>> tally.boards, tally.wins, tally.ties
(1, (0, 0), (1, 1))
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import reduce
from itertools import combinations

from companion.errors import CompanionError
from companion.poker.holdem_tables import (
    FLUSH_TABLE,
    NONFLUSH,
    RANK_BITS,
    RANK_KEYS,
    build_tables,
)


@dataclass(frozen=True)
class Tally:
    """What exact enumeration found, per player, over ``boards`` boards."""

    boards: int
    wins: tuple[int, ...]
    """Boards the player wins alone."""
    ties: tuple[int, ...]
    """Boards the player shares the best hand on."""
    shares: tuple[int, ...]
    """Each player's shares of shared boards, in units of ``1 / unit``."""
    unit: int

    def equity(self, player: int) -> float:
        """The player's expected share of the pot."""
        return (self.wins[player] + self.shares[player] / self.unit) / self.boards


def rank_classes(available: Sequence[int], size: int) -> list[tuple[int, int]]:
    """Every way to take ``size`` cards by rank when ``available[r]`` cards of rank
    index ``r`` are left: ``(sum of the rank keys, number of boards)`` for each.

    >>> sum(boards for _, boards in rank_classes([4] * 13, 2)) == math.comb(52, 2)
    True
    """
    out: list[tuple[int, int]] = []

    def walk(r: int, left: int, key: int, ways: int) -> None:
        if left == 0:
            out.append((key, ways))
            return
        if r < 0:
            return
        walk(r - 1, left, key, ways)
        for take in range(1, min(left, available[r]) + 1):
            walk(
                r - 1, left - take, key + take * RANK_KEYS[r], ways * math.comb(available[r], take)
            )

    walk(12, size, 0, 1)
    return out


class _Counts:
    """Running totals (lists, one entry a player)."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.unit = reduce(math.lcm, range(1, n + 1), 1)
        self.wins = [0] * n
        self.ties = [0] * n
        self.shares = [0] * n

    def add(self, values: Sequence[int], boards: int) -> None:
        """Count ``boards`` boards on which the players hold ``values`` (negative: take away)."""
        best = max(values)
        top = [i for i in range(self.n) if values[i] == best]
        if len(top) == 1:
            self.wins[top[0]] += boards
            return
        share = self.unit // len(top) * boards
        for i in top:
            self.ties[i] += boards
            self.shares[i] += share


def exact_tally(
    holes: Sequence[Sequence[int]],
    board: Sequence[int],
    deck: Sequence[int],
    floors: Sequence[int] | None = None,
) -> Tally:
    """Every board that completes ``board`` from ``deck``, for players holding ``holes``
    (card numbers 0-51, each hand and the board seven cards at most together)."""
    build_tables()
    n = len(holes)
    floors = list(floors) if floors is not None else [0] * n
    missing = 5 - len(board)
    if n == 0 or missing < 0 or any(len(h) + 5 > 7 for h in holes):
        raise CompanionError("exact equity by rank classes takes a board of 5 and hands of 0-2")
    hole_keys = [sum(RANK_KEYS[c >> 2] for c in h) for h in holes]
    board_key = sum(RANK_KEYS[c >> 2] for c in board)
    available = [0] * 13
    for c in deck:
        available[c >> 2] += 1
    classes = rank_classes(available, missing)
    total = sum(boards for _, boards in classes)
    if n == 2:
        return _heads_up(holes, hole_keys, floors, board, board_key, deck, classes, total)
    counts = _Counts(n)
    # 1. every rank class, no flush
    for key, boards in classes:
        k = board_key + key
        counts.add([max(NONFLUSH[h + k], f) for h, f in zip(hole_keys, floors)], boards)
    # 2. the boards where somebody can flush, counted again with the flush
    for suit in range(4):
        for chosen_key, flush, rest in _flush_cases(holes, board, board_key, deck, suit):
            for key, boards in rest:
                k_all = chosen_key + key
                plain = [NONFLUSH[h + k_all] for h in hole_keys]
                true = list(plain)
                for i, value in flush:
                    if value > true[i]:
                        true[i] = value
                if true == plain:
                    continue
                counts.add([max(v, f) for v, f in zip(true, floors)], boards)
                counts.add([max(v, f) for v, f in zip(plain, floors)], -boards)
    return Tally(total, tuple(counts.wins), tuple(counts.ties), tuple(counts.shares), counts.unit)


def _heads_up(
    holes: Sequence[Sequence[int]],
    hole_keys: Sequence[int],
    floors: Sequence[int],
    board: Sequence[int],
    board_key: int,
    deck: Sequence[int],
    classes: list[tuple[int, int]],
    total: int,
) -> Tally:
    """:func:`exact_tally` for two players, the common case, with the loops unrolled
    (conditional expressions, not ``max()``: a call costs more in these loops)."""
    nonflush = NONFLUSH
    h0, h1 = hole_keys
    low0, low1 = floors
    wins0 = wins1 = tied = 0
    for key, boards in classes:
        k = board_key + key
        v0, v1 = nonflush[h0 + k], nonflush[h1 + k]
        v0, v1 = (v0 if v0 > low0 else low0), (v1 if v1 > low1 else low1)  # noqa: FURB136
        if v0 > v1:
            wins0 += boards
        elif v1 > v0:
            wins1 += boards
        else:
            tied += boards
    for suit in range(4):
        for chosen_key, flush, rest in _flush_cases(holes, board, board_key, deck, suit):
            f0 = f1 = 0
            for i, value in flush:
                if i == 0:
                    f0 = value
                else:
                    f1 = value
            for key, boards in rest:
                k = chosen_key + key
                p0, p1 = nonflush[h0 + k], nonflush[h1 + k]
                t0, t1 = (f0 if f0 > p0 else p0), (f1 if f1 > p1 else p1)  # noqa: FURB136
                if t0 == p0 and t1 == p1:
                    continue
                p0, p1 = (p0 if p0 > low0 else low0), (p1 if p1 > low1 else low1)  # noqa: FURB136
                t0, t1 = (t0 if t0 > low0 else low0), (t1 if t1 > low1 else low1)  # noqa: FURB136
                before = (p0 > p1) - (p0 < p1)
                after = (t0 > t1) - (t0 < t1)
                if before == after:
                    continue
                for outcome, sign in ((before, -boards), (after, boards)):
                    if outcome > 0:
                        wins0 += sign
                    elif outcome < 0:
                        wins1 += sign
                    else:
                        tied += sign
    return Tally(total, (wins0, wins1), (tied, tied), (tied, tied), 2)


def _flush_cases(
    holes: Sequence[Sequence[int]],
    board: Sequence[int],
    board_key: int,
    deck: Sequence[int],
    suit: int,
) -> Iterator[tuple[int, list[tuple[int, int]], list[tuple[int, int]]]]:
    """The boards on which somebody can make a flush in ``suit``: for each set of that
    suit's cards the missing board cards can hold (enough for a flush), the board's rank
    keys so far, each flushing player's flush value, and the rank classes of the rest."""
    missing = 5 - len(board)
    known = [c for c in board if c & 3 == suit]
    held = [sum(1 for c in h if c & 3 == suit) for h in holes]
    masks = [_mask([c for c in h if c & 3 == suit]) for h in holes]
    suited = [c for c in deck if c & 3 == suit]
    others = [0] * 13
    for c in deck:
        if c & 3 != suit:
            others[c >> 2] += 1
    base = _mask(known)
    for k in range(missing + 1):
        on_board = len(known) + k
        if on_board < 3 or on_board + max(held) < 5:
            continue  # nobody reaches five of the suit
        flushing = [i for i in range(len(holes)) if held[i] + on_board >= 5]
        rest = rank_classes(others, missing - k)
        for chosen in combinations(suited, k):
            suit_mask = base | _mask(chosen)
            chosen_key = board_key + sum(RANK_KEYS[c >> 2] for c in chosen)
            yield chosen_key, [(i, FLUSH_TABLE[suit_mask | masks[i]]) for i in flushing], rest


def _mask(cards: Sequence[int]) -> int:
    """The 13-bit rank mask of some cards of one suit."""
    mask = 0
    for c in cards:
        mask |= RANK_BITS[c]
    return mask
