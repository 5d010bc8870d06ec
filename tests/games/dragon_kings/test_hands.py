"""Dragon Kings (seed 003): Twinned Dragon Kings, the Grave Digger, five of a kind, wild cards."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import CompanionError
from companion.games.dragon_kings.classes import KING_OF_CLUBS, KING_OF_SPADES
from companion.games.dragon_kings.wings import DRAGON_KINGS
from companion.poker import HOLDEM, evaluate, parse_cards, rank_hands
from companion.poker.cards import DECK, JOKER, Card


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


# -- wild cards never break the dragons ---------------------------------------------------------


@pytest.mark.parametrize("wild", ["K", "Ks", "Kc"])
def test_a_wild_card_may_always_play_as_itself_so_wild_black_kings_are_still_dragons(
    wild: str,
) -> None:
    rules = DRAGON_KINGS.with_wild([wild])
    hand = evaluate(c("Ks Kc"), c("2d 7h 9c 4c 3d"), rules)
    assert hand.name == "Twinned Dragon Kings"
    assert rank_hands(
        {"kings": c("Ks Kc"), "aces": c("Ah Ad")}, c("As Ac 7h 2d 3c"), rules
    ).winners == ("kings",)


def test_a_real_grave_digger_still_ranks_as_one_when_its_king_is_wild() -> None:
    for rules in (DRAGON_KINGS.with_wild(["Ks"]), DRAGON_KINGS.with_wild(["K"])):
        assert evaluate(c("Ks 2s"), c("7s 4s 9s 6h 5h"), rules).name == "Grave Digger spade flush"


def test_two_wild_cards_are_shown_as_two_different_cards() -> None:
    deuces = DRAGON_KINGS.with_wild(["2"])
    pair = evaluate(c("2h 2d"), c("7h 9c 4c Jd 3s"), deuces)
    played = [p for card, p in zip(pair.cards, pair.plays_as, strict=True) if card.rank == 2]
    assert len(played) == 2 and played[0] != played[1]
    flush = evaluate(c("2h 2d"), c("7h 9h 4h Jd Qs"), deuces)
    assert flush.description == "flush, ace high"
    assert sorted(str(p) for p in flush.plays_as if p.rank > 12) == ["Ah", "Kh"]


def test_wild_cards_in_a_flush_take_the_highest_cards_the_suit_lacks() -> None:
    deuces = DRAGON_KINGS.with_wild(["2"])
    assert evaluate(c("2h Ah"), c("7h 9h 4h Jd Qs"), deuces).played() == [
        "Ah",
        "2h=Kh",
        "9h",
        "7h",
        "4h",
    ]


# -- the deciding card when both kings are on the board -----------------------------------------


def test_the_deciding_card_is_named_when_both_kings_are_on_the_board() -> None:
    from companion.poker.hands import decider

    board = c("Ks Kc 7h 4d 2s")
    ranking = rank_hands({"ann": c("Ah 3c"), "ben": c("Qd 5c")}, board, DRAGON_KINGS)
    found = decider(ranking, board)
    assert found is not None
    assert (found.winner, str(found.card), found.kicker) == ("ann", "Ah", True)
    assert found.text == "ann beats ben on the A♥ kicker"
    nines = rank_hands({"ann": c("Ah 3c"), "ben": c("9d 9c")}, board, DRAGON_KINGS)
    assert decider(nines, board) is None  # a pair of nines beats a kicker by its class


# -- jokers: the Swords joker is a variant, and a deck holds one --------------------------------


def test_three_jokers_in_one_dragon_kings_deal_are_refused() -> None:
    with pytest.raises(CompanionError, match="3 jokers"):
        rank_hands({"a": c("* *"), "b": c("* 2d")}, c("7h 8h 9h"), DRAGON_KINGS)


def test_odds_leave_the_swords_joker_out_unless_the_variant_is_played() -> None:
    from companion.games.dragon_kings.wings import dragon_kings_rules
    from companion.poker.odds import odds

    hands = {"a": c("Ks 2s"), "b": c("Ah Ad")}
    plain = odds(hands, [c("5s 9s Jh")], DRAGON_KINGS)
    variant = odds(hands, [c("5s 9s Jh")], dragon_kings_rules(variant="swords-joker"))
    assert (plain.deals, round(plain.of("a").win * 100, 2)) == (990, 41.82)
    assert (variant.deals, round(variant.of("a").win * 100, 2)) == (1035, 44.35)


# -- wing cards as ranking rules ------------------------------------------------------------------


def test_iron_mask_both_hole_cards_and_three_from_the_board() -> None:
    from companion.games.dragon_kings.wings import dragon_kings_rules

    mask = dragon_kings_rules(["iron mask"])
    board = c("Kh Qh Jh Th 5s")
    assert evaluate(c("Ah 2c"), board, DRAGON_KINGS).name == "royal flush"
    assert evaluate(c("Ah 2c"), board, mask).name == "high card"
    assert evaluate(c("Ks 2d"), c("Kc 7h 9c 3d 4h"), mask).name == "Twinned Dragon Kings"
    assert evaluate(c("2d 3d"), c("Ks Kc 9c 7h 4h"), mask).name == "Twinned Dragon Kings"


def test_thieves_deuces_and_masquerade_make_cards_wild() -> None:
    from companion.games.dragon_kings.wings import dragon_kings_rules

    both = dragon_kings_rules(["thieves deuces", "masquerade"])
    assert both.wild_ranks == frozenset({2}) and {str(x) for x in both.wild_cards} == {"Js", "Jh"}
    assert evaluate(c("2c Js"), c("Ah Ad Ac 7d 8h"), both).description == "five aces"


def test_pickpocket_and_dragons_hoard_deal_more_cards() -> None:
    from companion.games.dragon_kings.wings import dragon_kings_rules

    assert dragon_kings_rules(["pickpocket"]).hole_cards == 3
    hoard = dragon_kings_rules(["dragon's hoard"])
    assert hoard.board_cards == 6
    ranking = rank_hands({"a": c("Ah Kd")}, c("2c 3d 4h 5s 9c Tc"), hoard)
    assert ranking.placings[0].hand.name == "straight"
    with pytest.raises(CompanionError, match="6 board cards, but dragon-kings deals at most 5"):
        rank_hands({"a": c("Ah Kd")}, c("2c 3d 4h 5s 9c Tc"), DRAGON_KINGS)


def test_a_wing_card_that_bends_only_the_betting_leaves_the_ranking_alone() -> None:
    from companion.games.dragon_kings.wings import dragon_kings_rules

    for name in ("guild tithe", "dragon's toll", "shrouded river", "unmasked", "sleight of hand"):
        rules = dragon_kings_rules([name])
        assert rules.replace(in_force=()) == DRAGON_KINGS


def test_an_unknown_wing_card_names_the_cards() -> None:
    from companion.games.dragon_kings.wings import wing_card

    with pytest.raises(CompanionError, match="'mirror' is not a wing card .*iron-mask"):
        wing_card("mirror")
