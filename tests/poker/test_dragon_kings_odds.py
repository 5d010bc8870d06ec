"""``odds --game dragon-kings`` against an enumeration written here from the rulebook alone.

The evaluator below shares no code with companion.poker: it scores every
five of seven cards the plain poker way, then puts Twinned Dragon Kings
(both black kings, the best three other cards as trips, a pair or high
cards) and the Grave Digger spade flush (a spade flush holding K♠, a
straight one first) above everything, as seed 003 ranks them.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from tests.conftest import invoke

RANKS = {r: i for i, r in enumerate("23456789TJQKA", start=2)}
DECK = [(r, s) for r in RANKS.values() for s in "shdc"]
KS, KC = (13, "s"), (13, "c")


def parse(text: str) -> list[tuple[int, str]]:
    return [(RANKS[t[0].upper()], t[1].lower()) for t in text.split(",")]


def straight_top(ranks: list[int]) -> int:
    distinct = sorted(set(ranks), reverse=True)
    if len(distinct) != 5:
        return 0
    if distinct[0] - distinct[4] == 4:
        return distinct[0]
    return 5 if distinct == [14, 5, 4, 3, 2] else 0


def five(cards: tuple[tuple[int, str], ...]) -> tuple[int, ...]:
    ranks = sorted((r for r, _ in cards), reverse=True)
    flush = len({s for _, s in cards}) == 1
    top = straight_top(ranks)
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [n for _, n in groups]
    order = [r for r, _ in groups]
    if flush and KS in cards:
        return (11, 1 if top else 0, *([top] if top else ranks))
    if top and flush:
        return (10, top)
    if shape[0] == 4:
        return (8, *order)
    if shape[:2] == [3, 2]:
        return (7, *order)
    if flush:
        return (6, *ranks)
    if top:
        return (5, top)
    if shape[0] == 3:
        return (4, *order)
    if shape[:2] == [2, 2]:
        return (3, *order)
    if shape[0] == 2:
        return (2, *order)
    return (1, *ranks)


def seven(cards: list[tuple[int, str]]) -> tuple[int, ...]:
    if KS in cards and KC in cards:
        rest = [r for c in cards if c not in (KS, KC) for r in [c[0]]]
        best: tuple[int, ...] = ()
        for three in combinations(rest, 3):
            counts = Counter(three)
            (r, n), *_ = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
            if n == 3:
                key: tuple[int, ...] = (12, 3, r)
            elif n == 2:
                key = (12, 2, r, next(x for x in three if x != r))
            else:
                key = (12, 1, *sorted(three, reverse=True))
            best = max(best, key)
        return best
    return max(five(f) for f in combinations(cards, 5))


def brute_force(a: str, b: str, board: str) -> tuple[float, float]:
    hand_a, hand_b, known = parse(a), parse(b), parse(board)
    left = [c for c in DECK if c not in hand_a + hand_b + known]
    wins_a = ties = deals = 0
    for rest in combinations(left, 5 - len(known)):
        full = known + list(rest)
        va, vb = seven(hand_a + full), seven(hand_b + full)
        deals += 1
        wins_a += va > vb
        ties += va == vb
    return wins_a / deals, ties / deals


@pytest.mark.parametrize(
    ("a", "b", "board"),
    [
        ("Ks,2s", "Ah,Ad", "5s,9s,Jh"),  # the deal: dragons and diggers can come
        ("Kc,7d", "Qs,Js", "Ks,Ts,2h"),  # both black kings about, spade straight flushes too
        ("Ks,Kc", "As,Qs", "Js,Ts,3d"),  # dragons in hand against a drawing royal in spades
    ],
)
def test_odds_dragon_kings_match_an_independent_enumeration_of_the_52_card_deck(
    a: str, b: str, board: str
) -> None:
    result = invoke(
        "odds", "--game", "dragon-kings", f"a={a}", f"b={b}", "--board", board, "--json"
    )
    assert result.exit_code == 0, result.stderr
    data = result.json()
    assert data["method"] == "exact" and data["deals"] == 990
    win, tie = brute_force(a, b, board)
    odds_a = next(p for p in data["players"] if p["name"] == "a")
    assert odds_a["win"] == pytest.approx(win, abs=1e-12)
    assert odds_a["tie"] == pytest.approx(tie, abs=1e-12)
