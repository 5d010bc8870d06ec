"""The betting engine against PokerKit, an oracle we did not write (issue 29).

A sample of random No-Limit and Pot-Limit Hold'em hands (2-9 players, random
stacks, blinds and antes, random legal actions); ``benchmarks/betting.py``
plays 10,000 and times both. What is compared, and the one documented
reading where PokerKit and this edition part, is in ``pokerkit_diff``.
"""

from __future__ import annotations

import pytest

pytest.importorskip("pokerkit")

from companion.poker import betting
from companion.poker.betting import BettingState
from companion.poker.betting_rules import BettingRules, Limit
from companion.poker.pots import BetLimits
from tests.poker import pokerkit_diff as diff

SAMPLE = range(1000)


@pytest.fixture(scope="module")
def outcomes() -> list[diff.Outcome]:
    return diff.run(SAMPLE)


def test_random_hands_match_pokerkit_at_every_step(outcomes: list[diff.Outcome]) -> None:
    problems = [(o.hand.seed, o.differences[0]) for o in outcomes if o.differences]
    assert problems == []
    assert sum(o.steps for o in outcomes) > 5000
    # The sample meets both limits, heads-up and full tables, folds and showdowns.
    hands = [o.hand for o in outcomes]
    assert {h.limit for h in hands} == set(Limit)
    assert {len(h.stacks) for h in hands} == set(range(2, 10))


def test_only_the_documented_reading_differs(outcomes: list[diff.Outcome]) -> None:
    readings: dict[str, int] = {}
    for outcome in outcomes:
        for kind, count in outcome.readings.items():
            readings[kind] = readings.get(kind, 0) + count
    assert set(readings) <= {diff.SHORT_FIRST_RAISE, diff.SHORT_AFTER_FULL}


def test_the_documented_reading_short_first_raise() -> None:
    # NLHE 50/100: cy limps, dee goes all-in for 125 (a raise of 25, short of a
    # full 100), eve, ann and ben call. PokerKit lets cy raise; the TDA's rule 47
    # (and this edition) does not: cy already acted and faces only 25 more.
    hand = diff.Hand(0, Limit.NO_LIMIT, (5000, 5000, 5000, 125, 5000), (50, 100), 0)
    pk = hand.pokerkit()
    for _ in range(5):
        pk.check_or_call() if pk.actor_index != 3 else pk.complete_bet_or_raise_to(125)
    assert pk.actor_index == 2 and pk.can_complete_bet_or_raise_to()
    s = hand.engine()
    s = s.call("p2").all_in("p3").call("p4").call("p0").call("p1")
    assert s.to_act == "p2" and not s.can_raise_to("p2", 400)


def test_the_comparison_catches_a_wrong_pot_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    # A pot limit that forgets the call (the reading docs/decisions.md rejects)
    # must show up as differences, or the comparison proves nothing.
    real = betting.pot_limit

    def without_the_call(pot: int, to_call: int, blind: int, *, stack: int | None) -> BetLimits:
        return real(max(pot - to_call, 0), to_call, blind, stack=stack)

    monkeypatch.setattr(betting, "pot_limit", without_the_call)
    outcomes = diff.run(range(200))
    assert any(o.differences for o in outcomes)


def test_the_comparison_catches_a_kept_uncalled_bet(monkeypatch: pytest.MonkeyPatch) -> None:
    def close_without_refund(self: betting._Deal) -> None:
        self.queue = []
        last = len(self.rules.streets) - 1
        self.phase = (
            betting.Phase.OVER
            if self.live() <= 1
            else betting.Phase.SHOWDOWN
            if self.street_index == last
            else betting.Phase.CLOSED
        )

    monkeypatch.setattr(betting._Deal, "close", close_without_refund)
    assert any(o.differences for o in diff.run(range(100)))


def test_equal_blinds_heads_up_are_compared_as_seated() -> None:
    hand = diff.Hand(0, Limit.NO_LIMIT, (1000, 1000), (100, 100), 0)
    assert hand.rules() == BettingRules(min_bet=100, blinds=(100, 100), heads_up_reversed=False)
    assert hand.pokerkit().actor_index == hand.engine().queue[0] == 0
    assert isinstance(hand.engine(), BettingState)
