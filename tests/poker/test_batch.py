"""The numpy batch path agrees with the single-hand evaluator and the plain enumeration."""

from __future__ import annotations

import random
from itertools import combinations

import numpy as np
import pytest

from companion.poker import holdem_batch as batch
from companion.poker import odds as odds_module
from companion.poker.cards import DECK, parse_cards
from companion.poker.holdem_tables import holdem_value
from companion.poker.variants import HOLDEM


def test_batch_evaluator_agrees_with_the_single_hand_evaluator() -> None:
    rng = random.Random(11)
    hands = [rng.sample(DECK, 7) for _ in range(5000)]
    packed = batch.to_packed(batch.evaluate7(np.array(hands, dtype=np.int8)))
    assert [int(v) for v in packed] == [holdem_value(h) for h in hands]


def test_batch_rejects_a_wrong_shape() -> None:
    with pytest.raises(ValueError, match=r"\(n, 7\)"):
        batch.evaluate7(np.zeros((3, 5), dtype=np.int8))


def test_combinations_and_subset_sums_follow_itertools_order() -> None:
    assert batch.combinations_array(7, 3).tolist() == [list(c) for c in combinations(range(7), 3)]
    values = np.array([3, 50, 700, 9000, 11, 130], dtype=np.int64)
    (sums,) = batch.subset_sums([values], 3)
    assert sums.tolist() == [int(sum(values[list(c)])) for c in combinations(range(6), 3)]


def test_boards_rank_every_completion_like_the_single_hand_evaluator() -> None:
    hole = parse_cards("Ah Kh")
    board = parse_cards("Qh 7h")
    deck = [c for c in DECK if c not in hole + board]
    boards = batch.Boards([int(c) for c in board], [int(c) for c in deck], 3)
    packed = batch.to_packed(boards.ranks_with([int(c) for c in hole]))
    expected = [holdem_value(hole + board + rest) for rest in combinations(deck, 3)]
    assert [int(v) for v in packed] == expected


def test_numpy_and_plain_enumeration_give_the_same_equity() -> None:
    hands = {"ann": parse_cards("As Kd"), "bob": parse_cards("Qc Qh"), "cy": parse_cards("7s 8s")}
    board = parse_cards("2s 9s Jd")
    fast = odds_module.odds(hands, [board], HOLDEM)
    deck = [c for c in DECK if c not in set(board).union(*hands.values())]
    slow = odds_module._tally(
        list(hands),
        hands,
        [board],
        HOLDEM,
        set(),
        odds_module._enumerate(deck, [2, 0, 0, 0]),
        "exact",
        0,
        None,
    )
    assert fast.deals == slow.deals == 43 * 42 // 2
    for a, b in zip(fast.players, slow.players, strict=True):
        assert (a.name, a.win, a.tie) == (b.name, pytest.approx(b.win), pytest.approx(b.tie))
        assert a.equity == pytest.approx(b.equity)
