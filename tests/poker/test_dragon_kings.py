"""Dragon Kings (seed 003): Twinned Dragon Kings, the Grave Digger, five of a kind, wild cards."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import CompanionError
from companion.poker import DRAGON_KINGS, HOLDEM, evaluate, parse_cards, rank_hands
from companion.poker.cards import DECK, JOKER, Card
from companion.poker.high import KING_OF_CLUBS, KING_OF_SPADES


def c(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def test_twinned_dragon_kings_beats_a_royal_flush() -> None:
    ranking = rank_hands({"ann": c("Ks Kc"), "bob": c("Ah Kh")}, c("Qh Jh Th 2c 3d"), DRAGON_KINGS)
    assert ranking.winners == ("ann",)
    assert ranking.placings[0].hand.name == "Twinned Dragon Kings"
    assert ranking.placings[1].hand.name == "royal flush"


@pytest.mark.parametrize(
    ("hand", "board"), [("Ks Kc", "2d 7h 9c"), ("Ks 2d", "Kc 7h 9c"), ("2d 3d", "Ks Kc 9c")]
)
def test_dragon_kings_count_in_hand_or_on_the_board(hand: str, board: str) -> None:
    assert evaluate(c(hand), c(board), DRAGON_KINGS).name == "Twinned Dragon Kings"


def test_dragon_kings_on_the_board_go_to_the_best_kicker_or_pair() -> None:
    board = c("Ks Kc 7h 4d 2s")
    ranking = rank_hands(
        {"ace": c("Ah 3c"), "nines": c("9d 9c"), "queen": c("Qd 5c")}, board, DRAGON_KINGS
    )
    assert [p.name for p in ranking.placings] == ["nines", "ace", "queen"]
    assert ranking.placings[0].hand.description == "Twinned Dragon Kings with a pair of nines"


def test_dragon_kings_ties_are_decided_high_to_low_like_a_flush() -> None:
    board = c("Ks Kc 7h 4d 2s")
    ranking = rank_hands({"a": c("Ah 3c"), "b": c("Ad 5c"), "c": c("As 5d")}, board, DRAGON_KINGS)
    assert [(p.name, p.place) for p in ranking.placings] == [("b", 1), ("c", 1), ("a", 3)]


def test_grave_digger_spade_flush_beats_a_straight_flush() -> None:
    digger = evaluate(c("Ks 2s"), c("7s 4s 9s"), DRAGON_KINGS)
    assert digger.name == "Grave Digger spade flush"
    assert digger.value > evaluate(c("9h 8h"), c("7h 6h 5h"), DRAGON_KINGS).value
    assert digger.value > evaluate(c("Ah Kh"), c("Qh Jh Th"), DRAGON_KINGS).value


def test_grave_digger_needs_the_king_of_spades() -> None:
    assert evaluate(c("Qs 2s"), c("7s 4s 9s 6h 5h"), DRAGON_KINGS).name == "flush"
    assert evaluate(c("Kh 2s"), c("7s 4s 9s Qs 5h"), DRAGON_KINGS).name == "flush"


def test_grave_digger_loses_only_to_dragon_kings() -> None:
    ranking = rank_hands(
        {"digger": c("3s 5d"), "dragons": c("Kc 2d")}, c("Ks 7s 4s 9s 2h"), DRAGON_KINGS
    )
    assert ranking.winners == ("dragons",)
    assert ranking.placings[1].hand.name == "Grave Digger spade flush"


def test_grave_digger_straight_flush_beats_a_plain_grave_digger() -> None:
    high = evaluate(c("Ks Qs"), c("Js Ts 9s"), DRAGON_KINGS)
    assert high.description == "Grave Digger spade straight flush, king high"
    assert high.value > evaluate(c("Ks As"), c("Js Ts 2s"), DRAGON_KINGS).value


def test_five_of_a_kind_ranks_between_four_of_a_kind_and_straight_flush() -> None:
    five = evaluate(c("* 9h"), c("9d 9c 9s"), DRAGON_KINGS)
    assert five.name == "five of a kind"
    assert five.value > evaluate(c("Ah Ad"), c("Ac As 2d"), DRAGON_KINGS).value
    assert five.value < evaluate(c("Th 9h"), c("8h 7h 6h"), DRAGON_KINGS).value


def test_a_joker_takes_the_value_that_makes_the_best_hand() -> None:
    hand = evaluate(c("* Ah"), c("Kh Qh Jh 2c 3d"), DRAGON_KINGS)
    assert hand.name == "royal flush"
    assert hand.played() == ["*=Th", "Ah", "Kh", "Qh", "Jh"] or "*=Th" in hand.played()


def test_wild_ranks_named_with_wild() -> None:
    deuces = DRAGON_KINGS.with_wild(["2"])
    hand = evaluate(c("2c 2d"), c("Ah As 7c 8d Kc"), deuces)
    assert hand.description == "four aces"
    assert (
        evaluate(c("2c 2d"), c("Ah As 7c 8d Kc"), DRAGON_KINGS).description
        == "two pair, aces and twos"
    )


def test_a_wild_card_named_by_card() -> None:
    one_eyed = DRAGON_KINGS.with_wild(["Jh", "Js"])
    assert evaluate(c("Jh Js"), c("Ah Ad Ac 3c 4d"), one_eyed).description == "five aces"
    assert evaluate(c("Jh Jd"), c("Ah Ad Ac 3c 4d"), one_eyed).description == "four aces"


def test_a_wild_card_cannot_stand_in_for_a_black_king() -> None:
    hand = evaluate(c("Ks *"), c("2d 7h 9c 4c Qd"), DRAGON_KINGS)
    assert hand.name == "pair"
    assert hand.played()[:2] == ["Ks", "*=Kh"]
    # nor complete a Grave Digger as the king of spades
    assert evaluate(c("* 2s"), c("7s 4s 9s 6h 5h"), DRAGON_KINGS).name == "flush"
    # nor fill the king's gap of a spade or club straight flush
    assert (
        evaluate(c("* Qc"), c("Jc Tc 9c 2h 3d"), DRAGON_KINGS).description
        == "straight flush, queen high"
    )


def test_wild_cards_make_a_flush_of_aces() -> None:
    assert evaluate(c("* 2h"), c("5h 7h 9h Jc"), DRAGON_KINGS).description == "flush, ace high"


def test_jokers_are_not_wild_in_other_games() -> None:
    with pytest.raises(CompanionError, match="jokers"):
        evaluate(c("* 2h"), c("5h 7h 9h"), HOLDEM)
    with pytest.raises(CompanionError, match="wild cards"):
        HOLDEM.with_wild(["2"])


def test_wild_names_must_be_ranks_or_cards() -> None:
    with pytest.raises(CompanionError, match="'Zx' is neither a rank nor a card"):
        DRAGON_KINGS.with_wild(["Zx"])


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(DECK), unique=True, min_size=4, max_size=6))
def test_a_joker_is_worth_at_least_any_card_it_could_be(cards: list[Card]) -> None:
    with_joker = evaluate([JOKER], cards, DRAGON_KINGS).value
    for stand_in in DECK:
        if stand_in in cards or stand_in in (KING_OF_SPADES, KING_OF_CLUBS):
            continue
        assert with_joker >= evaluate([stand_in], cards, DRAGON_KINGS).value


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(DECK), unique=True, max_size=7))
def test_without_wild_cards_dragon_kings_differs_from_holdem_only_by_its_three_classes(
    cards: list[Card],
) -> None:
    dk = evaluate(cards, (), DRAGON_KINGS)
    holdem = evaluate(cards, (), HOLDEM)
    if dk.name in ("Twinned Dragon Kings", "Grave Digger spade flush"):
        assert dk.value > holdem.value
    else:
        assert dk.value == holdem.value
