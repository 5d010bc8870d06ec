"""Dungeon Poker (seed 000): hand-card limits, encounters, the Full Plate.

The encounters' ranking rules come from their cards (cards_data/dungeon-poker)
through :func:`hand_rules`, the one function that reads them.
"""

from __future__ import annotations

import pytest

from companion.errors import CompanionError
from companion.games.dungeon_poker.hand_rules import DUNGEON_POKER, encounter_card, hand_rules
from companion.poker import HOLDEM, OMAHA, evaluate, parse_cards, rank_boards, rank_hands
from companion.poker.cards import Card
from companion.poker.variants import slug

MYSTICAL_STORM = hand_rules(encounter_card("Mystical storm"))
PLAGUE = hand_rules(encounter_card("Plague"))
UTTER_HORROR = hand_rules(encounter_card("Utter Horror"))
TWO_FRONT_WAR = hand_rules(encounter_card("Two front war"))


def c(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def test_players_use_none_one_or_two_hand_cards_however_many_they_hold() -> None:
    hand, board = c("Ah Kh Qh Jh"), c("Th 2c 3d 4s 9s")
    assert evaluate(hand, board, HOLDEM).name == "royal flush"
    assert evaluate(hand, board, DUNGEON_POKER).description == "ace high"


def test_a_player_may_play_the_board_alone() -> None:
    hand = evaluate(c("2c 3d"), c("Ts Js Qs Ks As"), DUNGEON_POKER)
    assert hand.name == "royal flush"


def test_monsters_with_one_to_four_cards_use_at_most_two() -> None:
    # The Fire Dragon holds three kings but may use only two with the board's king.
    ranking = rank_hands(
        {"ann": c("9c 9d"), "fire-dragon": c("Ks Kd Kh 2h"), "goblin": c("3c")},
        c("Kc 9h 5d 4c 7s"),
        DUNGEON_POKER,
    )
    assert [(p.name, p.hand.description) for p in ranking.placings] == [
        ("fire-dragon", "three kings"),
        ("ann", "three nines"),
        ("goblin", "king high"),
    ]


def test_mystical_storm_uses_exactly_two_hand_cards() -> None:
    # Four hearts on the board and one in hand: Hold'em has a flush, the storm does not.
    hand, board = c("Ah 2c 7d 8s"), c("Kh Qh 9h 3h 5c")
    assert evaluate(hand, board, DUNGEON_POKER).name == "flush"
    assert evaluate(hand, board, MYSTICAL_STORM).description == "ace high"
    # and a player may not play the board: exactly two hand cards, three from the board
    assert evaluate(c("2c 3d 7h 8c"), c("Ts Js Qs Ks As"), MYSTICAL_STORM).name == "high card"


def test_mystical_storm_a_one_card_goblin_cannot_win() -> None:
    ranking = rank_hands(
        {"ann": c("2c 3d 7h 8c"), "goblin": c("As")}, c("Ad Ah Kc Kd 4s"), MYSTICAL_STORM
    )
    assert ranking.winners == ("ann",)
    assert ranking.place_of("goblin") is None
    assert ranking.placings[-1].hand.name == "no hand"


def test_when_nobody_can_legally_win_there_is_no_winner() -> None:
    ranking = rank_hands({"ann": c("As"), "bob": c("Kd")}, c("Qc Jd 4s 5h 9c"), MYSTICAL_STORM)
    assert ranking.winners == ()
    assert all(p.place is None for p in ranking.placings)


def test_omaha_is_the_same_as_mystical_storm() -> None:
    for hand, board in [("Ah 2c 7d 8s", "Kh Qh 9h 3h 5c"), ("Ks Kd 2c 2d", "Kh 2h 9c 9d 4s")]:
        a = evaluate(c(hand), c(board), OMAHA)
        b = evaluate(c(hand), c(board), MYSTICAL_STORM)
        assert (a.value, a.name) == (b.value, b.name)


def test_plague_allows_at_most_one_hand_card() -> None:
    hand, board = c("9h 9d"), c("9c 2s 5d Kc Jh")
    assert evaluate(hand, board, DUNGEON_POKER).name == "three of a kind"
    assert evaluate(hand, board, PLAGUE).description == "pair of nines"


def test_utter_horror_the_weakest_hand_wins() -> None:
    ranking = rank_hands({"ann": c("Kc Kd"), "bob": c("7c 2d")}, c("3h 4s 9c Jd 8h"), UTTER_HORROR)
    assert ranking.winners == ("bob",)
    assert ranking.placings[0].hand.description == "eight high"


def test_utter_horror_the_ace_may_count_as_one() -> None:
    ace_low = evaluate(c("Ah 6d"), c("2c 3s 4h Kd Qc"), UTTER_HORROR)
    assert ace_low.description == "six high"
    assert [str(x) for x in ace_low.cards][-1] == "Ah"  # the ace played as the lowest card
    seven = evaluate(c("7h 5d"), c("2c 3s 4h Kd Qc"), UTTER_HORROR)
    assert ace_low.value > seven.value


def test_utter_horror_straights_and_flushes_count_against_you() -> None:
    # 2-3-4-5-6 is a straight: a queen in place of the six reads weaker
    assert evaluate(c("5h 6d"), c("2c 3s 4h Kd Qc"), UTTER_HORROR).description == "queen high"
    # with no way out, five suited cards in a row are a straight flush
    assert evaluate(c("5h 6h"), c("2h 3h 4h"), UTTER_HORROR).name == "straight flush"
    flush = evaluate(c("9h 7h"), c("2h 3h 4h"), UTTER_HORROR)
    assert flush.name == "flush"
    assert flush.value < evaluate(c("Ks Kh"), c("2c 3s 4h"), UTTER_HORROR).value  # a pair is weaker


def test_utter_horror_a_wheel_plays_as_ace_high() -> None:
    assert evaluate(c("Ah 5d"), c("2c 3s 4h"), UTTER_HORROR).description == "ace high"


def test_utter_horror_aces_are_the_lowest_pair() -> None:
    aces = evaluate(c("Ah Ad"), c("2c 2s 3h 3d 4c"), UTTER_HORROR)
    assert aces.description == "pair of aces"
    twos = evaluate(c("5h 5d"), c("2c 2s 3h 3d 4c"), UTTER_HORROR)
    assert aces.value > twos.value


def test_utter_horror_exactly_five_cards_fewer_is_no_hand() -> None:
    assert not evaluate(c("2c 3d"), c("4h 6s"), UTTER_HORROR).legal
    assert evaluate(c("2c 3d"), c("4h 6s 8c"), UTTER_HORROR).legal


def test_full_plate_is_worth_at_least_a_virtual_pair_of_eights() -> None:
    ranking = rank_hands(
        {"knight": c("2c 3d"), "bob": c("7c 7d"), "cy": c("8c 8d")},
        c("Kh Qs 9d 5c 4h"),
        DUNGEON_POKER,
        floor_holders=["knight"],
    )
    assert [(p.name, p.hand.description) for p in ranking.placings] == [
        ("cy", "pair of eights"),
        ("knight", "pair of eights (Full Plate)"),
        ("bob", "pair of sevens"),
    ]


def test_full_plate_eights_do_not_combine_with_real_cards() -> None:
    hand = evaluate(c("8c 2d"), c("Kh Qs 9d 5c 4h"), DUNGEON_POKER, holds_floor=True)
    assert hand.description == "pair of eights (Full Plate)"
    assert hand.cards == ()


def test_full_plate_gives_way_to_a_better_real_hand() -> None:
    hand = evaluate(c("9c 9d"), c("Kh Qs 2d 5c 4h"), DUNGEON_POKER, holds_floor=True)
    assert hand.description == "pair of nines"


def test_full_plate_does_not_help_when_the_weakest_hand_wins() -> None:
    hand = evaluate(c("7c 2d"), c("3h 4s 9c Jd 8h"), UTTER_HORROR, holds_floor=True)
    assert hand.description == "eight high"


def test_two_front_war_judges_each_board_on_its_own() -> None:
    first, second = rank_boards(
        {"ann": c("Ah Ad"), "bob": c("7c 7d")},
        [c("As 2c 9h Jd 4s"), c("7s 7h Kc Qd 3h")],
        TWO_FRONT_WAR,
    )
    assert first.winners == ("ann",)
    assert second.winners == ("bob",)


def test_two_front_war_needs_both_boards() -> None:
    with pytest.raises(CompanionError, match="2 board"):
        rank_hands({"ann": c("Ah Ad")}, c("2c 3c 4d"), TWO_FRONT_WAR)


def test_cards_may_not_repeat_across_the_two_boards() -> None:
    with pytest.raises(CompanionError, match=r"'As' is given twice \(board 1 and board 2\)"):
        rank_boards({"ann": c("Ah Ad")}, [c("As 2c 3c"), c("As 4d 5d")], TWO_FRONT_WAR)


@pytest.mark.parametrize(
    ("name", "rules"),
    [
        ("Mystical storm", MYSTICAL_STORM),
        ("PLAGUE", PLAGUE),
        ("utter horror", UTTER_HORROR),
        ("Two front war", TWO_FRONT_WAR),
        ("Trench warfare", DUNGEON_POKER),
        ("Normal times", DUNGEON_POKER),
        ("King's cave", DUNGEON_POKER),
    ],
)
def test_only_four_encounters_change_the_ranking(name: str, rules: object) -> None:
    assert hand_rules(encounter_card(name)) == rules


def test_the_four_encounters_change_the_ranking_as_their_cards_say() -> None:
    assert (MYSTICAL_STORM.use_exactly, MYSTICAL_STORM.use_at_most, MYSTICAL_STORM.hole_cards) == (
        2,
        None,
        4,
    )
    assert PLAGUE.use_at_most == 1
    assert (UTTER_HORROR.lowball, UTTER_HORROR.ace_low, UTTER_HORROR.hand_size) == (True, True, 5)
    assert TWO_FRONT_WAR.boards == 2
    assert DUNGEON_POKER.use_at_most == 2


def test_every_other_encounter_card_ranks_hands_as_plain_dungeon_poker() -> None:
    from companion.cards import load_game

    changing = {"mystical-storm", "plague", "utter-horror", "two-front-war"}
    for card in load_game("dungeon-poker").cards:
        if card.kind == "encounter" and card.id not in changing:
            # Armory deals a third hand card (the odds deal it); the ranking is plain.
            plain = hand_rules(card).replace(name=DUNGEON_POKER.name, hole_cards=2)
            assert plain == DUNGEON_POKER, card.id


def test_an_encounter_not_in_the_card_data_is_refused_by_name() -> None:
    with pytest.raises(CompanionError, match="'Dragon dance' is not a Dungeon Poker encounter"):
        encounter_card("Dragon dance")


def test_slug_ignores_case_spaces_and_apostrophes() -> None:
    assert slug("Coward's  debt") == "cowards-debt"


def test_a_minimum_virtual_pair_can_be_part_of_the_rules() -> None:
    rules = DUNGEON_POKER.replace(min_pair=8)
    hand = evaluate(c("2c 3d"), c("Kh Qs 9d 5c 4h"), rules)
    assert hand.description == "pair of eights (virtual pair)"
    assert (
        hand.value
        == evaluate(c("2c 3d"), c("Kh Qs 9d 5c 4h"), DUNGEON_POKER, holds_floor=True).value
    )
