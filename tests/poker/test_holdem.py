"""Hold'em ordering: the fast evaluator, partial hands, agreement with treys."""

from __future__ import annotations

import random
from itertools import combinations, pairwise, permutations

import pytest
import treys
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import CompanionError
from companion.poker import HOLDEM, evaluate, holdem_value, parse_cards, rank_hands
from companion.poker.cards import DECK, Card
from companion.poker.high import best_five
from companion.poker.values import describe, high_name


def c(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


@pytest.mark.parametrize(
    ("cards", "name"),
    [
        ("As Ks Qs Js Ts 2d 3c", "royal flush"),
        ("9h 8h 7h 6h 5h Ah Kd", "straight flush"),
        ("5d 4d 3d 2d Ad Kc Kh", "straight flush"),
        ("9c 9d 9h 9s Ad Kc Kh", "four of a kind"),
        ("9c 9d 9h Ks Kd 2c 2h", "full house"),
        ("2c 7c 9c Jc Qc Ah Ad", "flush"),
        ("5c 6d 7h 8s 9c Ah Ad", "straight"),
        ("Ac 2d 3h 4s 5c Kh Qd", "straight"),
        ("9c 9d 9h Ks Qd 2c 3h", "three of a kind"),
        ("9c 9d Kh Ks Qd Qc 3h", "two pair"),
        ("9c 9d Kh As Qd 2c 3h", "pair"),
        ("9c 8d Kh As Qd 2c 3h", "high card"),
    ],
)
def test_holdem_hand_classes(cards: str, name: str) -> None:
    assert high_name(holdem_value(c(cards))) == name


def test_wheel_is_the_lowest_straight() -> None:
    assert holdem_value(c("Ac 2d 3h 4s 5c")) < holdem_value(c("2d 3h 4s 5c 6c"))


def test_no_wrap_around_straight() -> None:
    assert high_name(holdem_value(c("Qc Kd Ah 2s 3c"))) == "high card"


def test_only_the_best_five_cards_count() -> None:
    # the sixth and seventh cards never break a tie
    assert holdem_value(c("As Ad Kc Qh Jd 3c 2h")) == holdem_value(c("Ah Ac Kd Qs Jc 4d 3s"))


def test_two_pair_kicker_may_come_from_a_third_pair() -> None:
    assert describe(holdem_value(c("Kc Kd Qh Qs 9c 9d 2h"))) == "two pair, kings and queens"
    assert holdem_value(c("Kc Kd Qh Qs 9c 9d 2h")) > holdem_value(c("Kh Ks Qc Qd 8c 7d 2c"))


@pytest.mark.parametrize(
    ("cards", "description"),
    [
        ("", "no hand"),
        ("Ah", "ace high"),
        ("Ah Ad", "pair of aces"),
        ("7h 7d 7c", "three sevens"),
        ("7h 7d 7c 7s", "four sevens"),
        ("7h 7d 2c 2s", "two pair, sevens and twos"),
    ],
)
def test_partial_hands_a_player_with_fewer_than_five_cards_still_has_a_hand(
    cards: str, description: str
) -> None:
    assert describe(holdem_value(c(cards))) == description


def test_partial_hand_ranks_below_the_same_hand_with_kickers() -> None:
    assert holdem_value(c("Ah Ad")) < holdem_value(c("Ah Ad 2c"))
    assert holdem_value(c("Ah Ad")) > holdem_value(c("Kh Kd Qc Jc 9s"))


def test_holdem_value_rejects_duplicates_and_jokers() -> None:
    with pytest.raises(CompanionError, match="'As' is given twice"):
        holdem_value(parse_cards("As Kd Qc Jc 9s 2d As", unique=False))
    with pytest.raises(CompanionError, match="no jokers"):
        holdem_value(parse_cards("As Kd *"))


def test_evaluate_reports_class_name_and_the_cards_used() -> None:
    hand = evaluate(c("Ah Kd"), c("As Ac 9d 9h 2c"))
    assert hand.name == "full house"
    assert hand.description == "full house, aces over nines"
    assert sorted(map(str, hand.cards)) == sorted(["Ah", "As", "Ac", "9d", "9h"])


def test_ties_share_a_place_and_the_next_place_is_skipped() -> None:
    ranking = rank_hands(
        {"ann": c("Ah 2c"), "bob": c("Ad 2d"), "cy": c("Kh Qd")}, c("As Ks 9h 8d 3c"), HOLDEM
    )
    assert [(p.name, p.place) for p in ranking.placings] == [("ann", 1), ("bob", 1), ("cy", 3)]
    assert ranking.winners == ("ann", "bob")


def test_a_card_given_to_two_players_is_rejected() -> None:
    with pytest.raises(CompanionError, match=r"card 'As' is given twice \(ann and the board\)"):
        rank_hands({"ann": c("As Kd"), "bob": c("2c 3c")}, c("As 9h 8d"))


def _treys_values(hands: list[list[Card]]) -> list[int]:
    ev = treys.Evaluator()
    tc = {card: treys.Card.new(card.code) for card in DECK}
    return [ev.evaluate([tc[x] for x in h[:2]], [tc[x] for x in h[2:]]) for h in hands]


def test_holdem_agrees_with_treys_on_every_pairwise_comparison() -> None:
    rng = random.Random(20240601)
    hands = [rng.sample(DECK, 7) for _ in range(400)]
    ours = [holdem_value(h) for h in hands]
    theirs = _treys_values(hands)  # treys: lower is better
    for i, j in combinations(range(len(hands)), 2):
        a = (ours[i] > ours[j]) - (ours[i] < ours[j])
        b = (theirs[j] > theirs[i]) - (theirs[j] < theirs[i])
        assert a == b, (hands[i], hands[j])


def test_holdem_ordering_matches_treys_on_a_larger_sample() -> None:
    # Sorting by our value must sort treys' values the opposite way, with the
    # same ties: a strictly monotone map, i.e. every pairwise comparison agrees.
    rng = random.Random(7)
    hands = [rng.sample(DECK, 7) for _ in range(8000)]
    mapping: dict[int, set[int]] = {}
    for ours, theirs in zip((holdem_value(h) for h in hands), _treys_values(hands), strict=True):
        mapping.setdefault(ours, set()).add(theirs)
    assert all(len(v) == 1 for v in mapping.values())
    ordered = [next(iter(mapping[k])) for k in sorted(mapping)]
    assert all(a > b for a, b in pairwise(ordered))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(DECK), unique=True, max_size=7))
def test_fast_tables_agree_with_the_general_evaluator(cards: list[Card]) -> None:
    assert holdem_value(cards) == best_five(cards).value


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.sampled_from(DECK), unique=True, min_size=5, max_size=7),
    st.randoms(use_true_random=False),
)
def test_the_value_does_not_depend_on_card_order(cards: list[Card], rnd: random.Random) -> None:
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    assert holdem_value(cards) == holdem_value(shuffled)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(DECK), unique=True, min_size=1, max_size=7))
def test_one_more_card_never_makes_a_hand_worse(cards: list[Card]) -> None:
    assert holdem_value(cards[:-1]) <= holdem_value(cards)


def test_best_of_seven_equals_the_best_five_card_subset() -> None:
    rng = random.Random(3)
    for _ in range(60):
        seven = rng.sample(DECK, 7)
        assert holdem_value(seven) == max(holdem_value(five) for five in combinations(seven, 5))


def test_every_permutation_of_a_five_card_hand_scores_the_same() -> None:
    five = c("Ah Kh 5c 5d 9s")
    assert len({holdem_value(p) for p in permutations(five)}) == 1
