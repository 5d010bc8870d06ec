"""Exact equity by rank classes against three other countings (issue 32).

Counting by rank classes (:mod:`companion.poker.holdem_exact`) must give the
very numbers of looking at every board: the plain enumeration of
:mod:`companion.poker.odds`, the numpy batch path (another implementation of
the same tables), and treys, an evaluator we did not write.
"""

from __future__ import annotations

import random
from itertools import combinations
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.dungeon_poker.ordering import DUNGEON_POKER
from companion.poker import holdem_batch as batch
from companion.poker import odds as odds_module
from companion.poker.cards import DECK, Card, parse_cards
from companion.poker.holdem_exact import exact_tally, rank_classes
from companion.poker.variants import HOLDEM


def _deal(seed: int, players: int, board: int) -> tuple[list[list[int]], list[int], list[int]]:
    cards = [int(c) for c in DECK]
    random.Random(seed).shuffle(cards)
    holes = [cards[2 * i : 2 * i + 2] for i in range(players)]
    known = cards[2 * players : 2 * players + board]
    return holes, known, cards[2 * players + board :]


def _by_every_board(holes, board, deck, floors=None):  # type: ignore[no-untyped-def]
    """Wins, ties and equities from the plain enumeration (every board looked at)."""
    names = [f"p{i}" for i in range(len(holes))]
    hands = {n: [Card(c) for c in h] for n, h in zip(names, holes)}
    missing = 5 - len(board)
    plate = {names[0]} if floors else set()
    result = odds_module._tally(
        names,
        hands,
        [[Card(c) for c in board]],
        DUNGEON_POKER if floors else HOLDEM,
        plate,
        odds_module._enumerate([Card(c) for c in deck], [missing] + [0] * len(names)),
        "exact",
        0,
        None,
    )
    return result


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(2, 5),
    board=st.sampled_from([3, 4, 5]),
)
def test_rank_classes_count_what_looking_at_every_board_counts(
    seed: int, players: int, board: int
) -> None:
    holes, known, deck = _deal(seed, players, board)
    tally = exact_tally(holes, known, deck)
    plain = _by_every_board(holes, known, deck)
    assert tally.boards == plain.deals
    for i, p in enumerate(plain.players):
        assert tally.wins[i] / tally.boards == pytest.approx(p.win, abs=1e-12)
        assert tally.ties[i] / tally.boards == pytest.approx(p.tie, abs=1e-12)
        assert tally.equity(i) == pytest.approx(p.equity, abs=1e-12)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), board=st.sampled_from([3, 4]))
def test_the_full_plate_floor_counts_as_on_every_board(seed: int, board: int) -> None:
    holes, known, deck = _deal(seed, 2, board)
    floors = [DUNGEON_POKER.floor(True), DUNGEON_POKER.floor(False)]
    tally = exact_tally(holes, known, deck, floors)
    plain = _by_every_board(holes, known, deck, floors)
    assert [tally.equity(i) for i in range(2)] == pytest.approx([p.equity for p in plain.players])


def _numpy_counts(holes, board, deck):  # type: ignore[no-untyped-def]
    boards = batch.Boards(board, deck, 5 - len(board))
    ranks = [boards.ranks_with(h) for h in holes]
    best = ranks[0].copy()
    for r in ranks[1:]:
        best = np.maximum(best, r)
    top = [r == best for r in ranks]
    shared = sum(t.astype(int) for t in top) > 1
    wins = [int((t & ~shared).sum()) for t in top]
    ties = [int((t & shared).sum()) for t in top]
    return boards.count, wins, ties


@pytest.mark.parametrize(
    "hands",
    [
        ("As Ad", "Kc Kd"),  # pairs, a suit each in common
        ("Ah Kh", "7c 7d"),  # suited against a pair
        ("Ah Kh", "Qh Jh"),  # both in one suit
        ("2c 3c", "2d 3d"),  # the same ranks: ties
        ("As Ks", "Ad Kd", "7h 8h"),  # three players
    ],
)
def test_preflop_counts_equal_the_numpy_batch_path(hands: tuple[str, ...]) -> None:
    holes = [[int(c) for c in parse_cards(h)] for h in hands]
    deck = [int(c) for c in DECK if int(c) not in {c for h in holes for c in h}]
    tally = exact_tally(holes, [], deck)
    count, wins, ties = _numpy_counts(holes, [], deck)
    assert (tally.boards, list(tally.wins), list(tally.ties)) == (count, wins, ties)


def test_a_flop_counts_as_treys_sees_every_turn_and_river() -> None:
    treys = pytest.importorskip("treys")
    evaluator = treys.Evaluator()
    rng = random.Random(32)
    for _ in range(5):
        holes, known, deck = _deal(rng.randrange(10**6), 3, 3)
        tally = exact_tally(holes, known, deck)
        code = {int(c): treys.Card.new(c.code) for c in DECK}
        wins = [0] * 3
        for turn_river in combinations(deck, 2):
            board = [code[c] for c in (*known, *turn_river)]
            scores = [evaluator.evaluate([code[c] for c in h], board) for h in holes]
            best = min(scores)  # treys: lower is better
            if scores.count(best) == 1:
                wins[scores.index(best)] += 1
        assert list(tally.wins) == wins


def test_rank_classes_stand_for_every_board_once() -> None:
    available = [4] * 13
    available[12] = 2  # two aces are in hands
    for size in range(6):
        classes = rank_classes(available, size)
        assert len({key for key, _ in classes}) == len(classes)
        assert sum(boards for _, boards in classes) == comb(50, size)


def test_heads_up_preflop_odds_are_exact_and_need_no_numpy() -> None:
    import subprocess
    import sys

    code = (
        "import sys; from companion.poker.cards import parse_cards as c; "
        "from companion.poker.odds import odds; "
        "r = odds({'ann': c('As Ad'), 'bob': c('Kc Kd')}); "
        "print(r.method, r.deals, round(r.of('ann').equity, 6), 'numpy' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["exact", "1712304", "0.819461", "False"]
