"""DECKO (seed 002): the set ordering, tiebreakers, special market cards, wildcard rounds."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import CompanionError
from companion.games.decko.sets import (
    DeckoCard,
    Reveal,
    best_set,
    from_card_model,
    low_sum,
    parse_decko_card,
    parse_decko_cards,
    rank_decko,
    wildcard_round,
)


def d(text: str) -> tuple[DeckoCard, ...]:
    return parse_decko_cards(text)


def places(
    hands: dict[str, str], wildcard: str | None = None, **kw: object
) -> list[tuple[str, int | None]]:
    ranking = rank_decko({k: d(v) for k, v in hands.items()}, wildcard_round(wildcard), **kw)  # type: ignore[arg-type]
    return [(p.name, p.place) for p in ranking.placings]


# -- the ordering and buying values ----------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "name", "dollars"),
    [
        ("Ts Js Qs Ks As", "royal flush", 9),
        ("5h 6h 7h 8h 9h", "straight flush", 8),
        ("Ah 2h 3h 4h 5h", "straight flush", 8),
        ("9c 9d 9h 9s 2c", "four of a kind", 7),
        ("2c 7c 9c Jc Kc", "flush", 6),
        ("5c 6d 7h 8s 9c", "straight", 5),
        ("9c 9d 9h Ks Kd", "full house", 4),
        ("9c 9d 9h Ks Qd", "three of a kind", 3),
        ("9c 9d Kh Ks Qd", "two pairs", 2),
        ("9c 9d Kh As Qd", "pair", 1),
        ("9c 8d Kh As Qd", "high card", 0),
    ],
)
def test_decko_sets_and_their_buying_values(hand: str, name: str, dollars: int) -> None:
    found = best_set(d(hand))
    assert (found.name, found.dollars) == (name, dollars)


def test_decko_full_house_ranks_below_straight() -> None:
    assert best_set(d("9c 9d 9h Ks Kd")).value < best_set(d("2c 3d 4h 5s 6c")).value


def test_decko_full_house_ranks_below_flush() -> None:
    assert best_set(d("Ac Ad Ah Ks Kd")).value < best_set(d("2c 4c 6c 8c Tc")).value


def test_decko_flush_ranks_below_four_of_a_kind() -> None:
    assert best_set(d("2c 4c 6c 8c Tc")).value < best_set(d("2s 2d 2h 2c")).value


def test_decko_has_no_five_of_a_kind() -> None:
    found = best_set(d("9c 9d&9s 9h 9s&9c"))
    assert found.name == "four of a kind"


def test_decko_every_card_in_hand_counts_hands_of_five_to_seven() -> None:
    assert best_set(d("2c 5d 9h Jh Qs 2h")).name == "pair"
    assert best_set(d("2c 3d 4h 6s 8c Th 5s")).name == "straight"


# -- tiebreakers (the rulebook's examples) ------------------------------------------------------


def test_decko_pair_of_aces_beats_pair_of_twos() -> None:
    assert places({"a": "Ah Ad 3c 7h 9s", "b": "2h 2d Kc Qh Js"}) == [("a", 1), ("b", 2)]


def test_decko_full_house_tie_is_broken_by_the_three_cards() -> None:
    # 2-2-2-A-A against 4-4-4-5-5: three fours beat three twos
    assert places({"bozo": "2h 2d 2c Ah Ad", "krusty": "4h 4d 4s 5c 5d"}) == [
        ("krusty", 1),
        ("bozo", 2),
    ]


def test_decko_full_house_same_three_then_the_pair_decides() -> None:
    # 3-3-3-K-K against 3-3-3-J-J: kings beat jacks
    assert places({"k": "3h 3d 3c Kh Kd", "j": "3h 3s 3c Jh Jd"}) == [("k", 1), ("j", 2)]


def test_decko_two_pairs_tie_compares_the_higher_pair_then_the_lower() -> None:
    assert places({"a": "Kh Kd 4c 4h 2s", "b": "Kc Ks 5c 5h 2d"}) == [("b", 1), ("a", 2)]
    assert places({"a": "Kh Kd 4c 4h", "b": "Qc Qs Jc Jh"}) == [("a", 1), ("b", 2)]


def test_decko_no_kickers_only_the_set_breaks_ties() -> None:
    # 4,4 against 4,4: the rest of the hand does not matter, the pot is split
    assert places({"a": "4h 4d Ac Kh Qs", "b": "4c 4s 2c 3h 7s"}) == [("a", 1), ("b", 1)]


def test_decko_high_card_is_one_card() -> None:
    assert places({"a": "Ah 9d 7c 5h 3s", "b": "As 2d 3c 5s 7d"}) == [("a", 1), ("b", 1)]


def test_decko_aces_high_or_low_in_straights_but_no_wrap_around() -> None:
    assert best_set(d("Ah 2d 3c 4s 5h")).description == "straight, five high"
    assert best_set(d("Ah Kd Qc Js Th")).description == "straight, ace high"
    assert best_set(d("Qh Kd Ac 2s 3h")).name == "high card"


def test_decko_suits_are_all_equal() -> None:
    assert places({"s": "2s 5s 7s 9s Js", "h": "2h 5h 7h 9h Jh"}) == [("s", 1), ("h", 1)]


# -- special market cards ---------------------------------------------------------------------


def test_chip_cards_pay_on_reveal_win_or_lose() -> None:
    # chip cards worth two and one: three chips in all
    assert best_set(d("9s+2 5h+1 Kc 2d 3h")).chips == 3


def test_credit_card_adds_three_dollars() -> None:
    found = best_set(d("5h$ 5d Kc 2d 3h"))
    assert (found.dollars, found.credit, found.money) == (1, 3, 4)


@pytest.mark.parametrize(
    ("hand", "chips"), [("7c# 2d 9h", 1), ("7c# 7d# 2d", 4), ("7c# 7d# 7h# 2s 9d", 9)]
)
def test_crypto_cards_pay_one_chip_each_per_crypto_card(hand: str, chips: int) -> None:
    assert best_set(d(hand)).chips == chips


def test_dissolving_card_plays_as_either_number_not_both() -> None:
    found = best_set(d("6h/7 7c Kd 2s 3h"))
    assert found.description == "pair of sevens"
    assert sorted(found.played()) == ["6h/7=7h", "7c"]
    assert best_set(d("6h/7 Kd 2s 3h 9c")).name == "high card"


def test_double_card_counts_as_both_cards() -> None:
    assert best_set(d("9s&9d 2c 4h Kd Jc")).description == "pair of nines"
    # the double 7/A with two aces and a seven: a full house
    assert best_set(d("7h&Ah As Ad 7c 2s")).description == "full house, aces over sevens"


def test_jovial_jacks_play_as_jacks_or_their_number() -> None:
    assert best_set(d("Jh/3 Jd/8 2c 5s 9h")).description == "pair of jacks"
    # three jovial jacks as 2, 3, 4 with a 5 and a 6: a straight
    assert best_set(d("Jh/2 Jd/3 Jc/4 5s 6d")).description == "straight, six high"


def test_rich_king_pays_a_chip_per_card_of_its_suit() -> None:
    assert best_set(d("Ks:rich 9s 2h 4d 7c")).chips == 2
    # with a double nine of spades, a seven and a five of spades: five chips
    assert best_set(d("Ks:rich 9s&9s 7s 5s")).chips == 5


def test_assisting_ace_moves_a_numbered_card_up_or_down() -> None:
    assert best_set(d("As:assist 6h 7d Kc 2s")).description == "pair of sevens"
    assert best_set(d("As:assist 8h 7d Kc 2s")).description == "pair of eights"


def test_two_assisting_aces_can_move_the_same_card_twice() -> None:
    # the five becomes a seven, two steps up: three sevens with the pair of aces
    assert best_set(d("As:assist Ad:assist 5h 7c 7d")).description == "full house, sevens over aces"
    assert best_set(d("As:assist Ah 5h 7c 7d")).description == "two pairs, aces and sevens"


def test_assisting_ace_cannot_make_a_letter_or_touch_one() -> None:
    assert best_set(d("As:assist Th Jd 3c 5s")).description == "high card, ace"
    assert best_set(d("Ah:assist Kd Qc 3s 6h")).name == "high card"
    assert best_set(d("Ac:assist 2h Ad Kc 7s")).description == "pair of aces"


def test_pyromaniac_queen_copies_the_top_of_the_burn_pile() -> None:
    # the burn pile shows a double ten; with a ten in hand that is three tens
    found = best_set(d("Qh:pyro Tc 2s 5d 8h"), Reveal(burn_top=parse_decko_card("Td&Ts")))
    assert found.description == "three tens"
    assert best_set(d("Qh:pyro Tc 2s 5d 8h")).name == "high card"  # empty pile: a queen


def test_dumpster_diving_queen_copies_the_top_of_the_discard_pile() -> None:
    # the discard pile shows a rich king of clubs; four clubs in hand: a flush and five chips
    found = best_set(d("Qh:dumpster 2c 5c 8c Jc"), Reveal(discard_top=parse_decko_card("Kc:rich")))
    assert (found.name, found.chips) == ("flush", 5)


def test_shopping_queen_copies_a_market_card_with_its_reveal_effect() -> None:
    market = d("9d+2 3h 4h Kc 7s")
    found = best_set(d("Qs:shop 9c 2h 5d Jh"), Reveal(market=market))
    assert (found.description, found.chips) == ("pair of nines", 2)


def test_bridge_partner_queen_copies_a_card_of_her_suit() -> None:
    # the queen of diamonds as the rich king of diamonds: a pair of kings, two kings paying 3 each
    found = best_set(d("Qd:bridge Kd:rich 4d 9c 2s"))
    assert (found.description, found.chips) == ("pair of kings", 6)
    assert best_set(d("Qd:bridge 9h 9c 2s 5h")).description == "pair of nines"  # no diamond to copy
    assert best_set(d("Qd:bridge 9d 9c 2s 5h")).description == "three nines"


def test_smoldering_voucher_and_junk_food_do_nothing_on_reveal() -> None:
    found = best_set(d("9h:burn2 4c:voucher3 5d:junk 9s 2c"))
    assert (found.description, found.chips, found.credit) == ("pair of nines", 0, 0)


def test_the_best_set_wins_over_more_chips() -> None:
    # the queen could copy the chip card (a pair of nines, 2 chips) or stay a queen with the other queen
    found = best_set(d("Qs:shop Qh 9c 2h 5d"), Reveal(market=d("9d+2")))
    assert found.description == "pair of queens"


def test_among_equal_sets_the_choice_earning_most_chips_is_taken() -> None:
    found = best_set(d("Qs:shop 9c 2h 5d"), Reveal(market=d("9d 9h+3")))
    assert (found.description, found.chips) == ("pair of nines", 3)


# -- wildcard rounds --------------------------------------------------------------------------


def test_lowball_the_lowest_set_wins_but_players_still_score_their_highest() -> None:
    hands = {"pair": "9h 9d 2c 4s Kd", "high": "2h 5d 7c Js Kd", "trips": "3h 3d 3c 4s Kd"}
    assert places(hands, "lowball") == [("high", 1), ("pair", 2), ("trips", 3)]
    assert places({"full": "3h 3d 3c 4s 4d", "pair": "4h 4d 2c 7s 9d"}, "lowball")[0] == ("pair", 1)


def test_lowball_the_tiebreaker_is_reversed_a_two_beats_a_three() -> None:
    assert places({"threes": "3h 3d Kc", "twos": "2h 2d Ac"}, "lowball") == [
        ("twos", 1),
        ("threes", 2),
    ]


def test_lowball_keeps_the_normal_buying_values() -> None:
    ranking = rank_decko({"a": d("9h 9d Kc Ks 2d")}, wildcard_round("lowball"))
    assert ranking.placings[0].hand.dollars == 2  # type: ignore[attr-defined]


def test_penultimo_the_second_best_set_wins() -> None:
    # J,J,K,K,K against J,J,Q,Q,Q: the queens win
    assert places({"kings": "Jh Jd Kc Ks Kd", "queens": "Jc Js Qc Qs Qd"}, "penultimo")[0] == (
        "queens",
        1,
    )
    hands = {"best": "Ah Ad Ac 2s", "second": "Kh Kd Kc 2h", "third": "Qh Qd 2c"}
    assert places(hands, "penultimo")[0] == ("second", 1)


def test_penultimo_tied_for_second_the_tiebreaker_winner_takes_it() -> None:
    hands = {"top": "Ah Ad Ac", "k": "Kh Kd 2c", "q": "Qh Qd 3c"}
    assert places(hands, "penultimo")[0] == ("k", 1)


def test_solo_only_one_card_is_scored() -> None:
    assert places({"pair": "9h 9d 2c 4s", "ace": "Ah 3d 2s 4c"}, "solo") == [
        ("ace", 1),
        ("pair", 2),
    ]
    found = rank_decko({"a": d("9s&9d 2c")}, wildcard_round("solo")).placings[0].hand
    assert found.description == "high card, nine"  # a double card makes no pair


def test_low_sum_the_lowest_sum_of_numbered_cards_wins() -> None:
    hands = {"a": "Kh Qd 2c 3s", "b": "2h 4d 9c Ks"}
    assert places(hands, "low-sum") == [("a", 1), ("b", 2)]


def test_low_sum_counts_both_numbers_on_doubles_the_lower_dissolving_number_and_no_jacks() -> None:
    assert low_sum(d("9s&4d")) == 13
    assert low_sum(d("6h/7")) == 6
    assert low_sum(d("Jh/2 As:assist Qh:pyro Kc:rich")) == 0


def test_low_sum_players_still_score_a_set_for_buying() -> None:
    ranking = rank_decko({"a": d("9h 9d"), "b": d("2c 3d")}, wildcard_round("low sum"))
    first = ranking.placings[0]
    assert first.name == "b"
    assert first.hand.low_sum == 5  # type: ignore[attr-defined]
    assert ranking.placings[1].hand.description == "pair of nines"


def test_purge_numbers_matching_other_hands_cannot_be_scored() -> None:
    hands = {"a": d("9h 9d 5c"), "b": d("9s 2c 3d")}
    ranking = rank_decko(hands, wildcard_round("purge"))
    sets = {p.name: p.hand for p in ranking.placings}
    assert sets["a"].description == "high card, five"
    assert sets["b"].description == "high card, three"


def test_purge_leaves_letters_alone() -> None:
    hands = {"a": d("Kh Kd 5c"), "b": d("Ks 5d")}
    ranking = rank_decko(hands, wildcard_round("purge"))
    assert {p.name: p.hand.description for p in ranking.placings} == {
        "a": "pair of kings",
        "b": "high card, king",
    }


def test_purge_flips_a_double_or_dissolving_card_if_either_number_matches() -> None:
    sets = {
        p.name: p.hand.description
        for p in rank_decko(
            {"a": d("9h&4h 9c 6d/7 6c"), "b": d("4s 7s")}, wildcard_round("purge")
        ).placings
    }
    assert sets["a"] == "high card, nine"


def test_battle_royale_royals_are_wild() -> None:
    found = rank_decko({"a": d("Kh 9s 9d 2c")}, wildcard_round("battle royale")).placings[0].hand
    assert found.description == "three nines"
    assert best_set(d("Kh 9s 9d 2c")).description == "pair of nines"


def test_battle_royale_a_royal_used_as_another_card_loses_its_effect() -> None:
    round_ = wildcard_round("battle-royale")
    hand = d("Ks:rich As Ad 2c 3s")
    found = rank_decko({"a": hand}, round_).placings[0].hand
    assert found.description == "three aces"
    assert found.chips == 0  # the rich king turned ace earns nothing
    # when playing the king as itself scores the same set, it keeps paying
    found = rank_decko({"a": d("Ks:rich 9s 9d 9c 9h")}, round_).placings[0].hand
    assert (found.description, found.chips) == ("four nines", 2)


def test_pro_table_starting_cards_cannot_score_but_still_pay_rich_kings() -> None:
    hand = d("5s:start 5d:start Ks:rich 9c 2h")
    found = rank_decko({"a": hand}, wildcard_round("pro-table")).placings[0].hand
    assert found.description == "high card, king"
    assert found.chips == 2
    assert best_set(hand).description == "pair of fives"


def test_pro_table_queens_cannot_become_starting_cards_and_plain_eights_still_score() -> None:
    hand = d("Qd:bridge 4d:start 8h 8c")
    found = rank_decko({"a": hand}, wildcard_round("pro-table")).placings[0].hand
    assert found.description == "pair of eights"
    ranking = rank_decko({"a": d("Qd:bridge 4d:start 2c")}, wildcard_round("pro-table"))
    assert ranking.placings[0].hand.description == "high card, queen"


def test_holdem_three_market_cards_join_the_set_with_at_most_two_from_hand() -> None:
    market = d("9h 9d Kc 2s 5h")
    ranking = rank_decko({"a": d("9c 9s 4d")}, wildcard_round("holdem"), market=market)
    found = ranking.placings[0].hand
    assert found.description == "four nines"
    ranking = rank_decko({"a": d("3c 4c 6c 7c 8c")}, wildcard_round("holdem"), market=market)
    assert ranking.placings[0].hand.name != "flush"  # five clubs in hand, only two may score


def test_holdem_market_cards_reveal_effects_apply() -> None:
    market = d("9h+2 9d Kc 2s 5h")
    found = rank_decko({"a": d("9c 4d")}, wildcard_round("Hold'em"), market=market).placings[0].hand
    assert (found.description, found.chips) == ("three nines", 2)


def test_wildcards_that_do_not_touch_the_ranking_leave_it_alone() -> None:
    for name in ("clown car", "stud", "tcg", "fried chicken", "deckorama", "inferno"):
        assert places({"a": "9h 9d 2c", "b": "Ah 2d 3c"}, name) == [("a", 1), ("b", 2)]


def test_an_unknown_wildcard_is_an_error() -> None:
    with pytest.raises(CompanionError, match="'Jackpot' is not a DECKO wildcard"):
        wildcard_round("Jackpot")


def test_a_player_with_no_cards_has_no_set() -> None:
    assert places({"a": "", "b": "2c"}) == [("b", 1), ("a", None)]


# -- notation and the card database -----------------------------------------------------------


@pytest.mark.parametrize(
    "token",
    [
        "9s",
        "9s+2",
        "5h$",
        "5h$4",
        "7c#",
        "6h/7",
        "Jh/4",
        "9s&9d",
        "As:assist",
        "Ks:rich",
        "Qh:pyro",
        "Qh:dumpster",
        "Qh:shop",
        "Qh:bridge",
        "5d:junk",
        "9h:burn",
        "9h:burn2",
        "4c:voucher3",
        "5s:start",
    ],
)
def test_decko_notation_round_trips(token: str) -> None:
    assert parse_decko_card(token).code == token


@pytest.mark.parametrize(
    ("token", "message"),
    [
        ("Zx", "'Zx' is not a card"),
        ("9s+x", "'9s+x' is not a DECKO card"),
        ("9s:rich", "a rich-king must be a K"),
        ("7s/7", "two different numbers"),
        ("Ks:wizard", "'Ks:wizard' is not a DECKO card"),
    ],
)
def test_decko_notation_errors_name_the_token(token: str, message: str) -> None:
    with pytest.raises(CompanionError, match=re.escape(message)):
        parse_decko_card(token)


def test_converter_reads_market_and_starting_card_models() -> None:
    model = SimpleNamespace(
        type="market",
        rank="J",
        suit="h",
        special="jovial-jack",
        alt_rank="4",
        chips=None,
        money=None,
        double=None,
        burns=None,
        price=2,
    )
    assert from_card_model(model) == parse_decko_card("Jh/4")
    chip = {"type": "market", "rank": "T", "suit": "c", "special": "chip", "chips": 2}
    assert from_card_model(chip).code == "Tc+2"
    credit = SimpleNamespace(type="market", rank="5", suit="d", special="credit", money=3)
    assert from_card_model(credit).money == 3
    start = SimpleNamespace(type="starting", rank="8", suit="c", fruit="lemon")
    assert from_card_model(start).starting


_PLAIN = [parse_decko_card(f"{r}{s}") for r in "23456789TJQKA" for s in "shdc"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(_PLAIN), min_size=1, max_size=6), st.sampled_from(_PLAIN))
def test_decko_one_more_card_never_lowers_the_best_set(
    hand: list[DeckoCard], extra: DeckoCard
) -> None:
    assert best_set(hand).value <= best_set([*hand, extra]).value


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(_PLAIN), min_size=5, max_size=7))
def test_decko_set_is_the_best_over_every_five_card_subset(hand: list[DeckoCard]) -> None:
    from itertools import combinations

    best = max(best_set(list(five)).value for five in combinations(hand, 5))
    assert best_set(hand).value == best


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(_PLAIN), min_size=2, max_size=7), st.sampled_from(_PLAIN))
def test_decko_a_wild_royal_is_worth_at_least_the_card_it_stands_for(
    hand: list[DeckoCard], stand_in: DeckoCard
) -> None:
    from companion.games.decko.sets import NORMAL, Reveal

    royal = parse_decko_card("Kh")
    wild = best_set([*hand, royal], Reveal(), wildcard_round("battle royale")).value
    assert wild >= best_set([*hand, stand_in], Reveal(), NORMAL).value


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(st.integers(2, 14), st.sampled_from("shdc"), st.booleans()), max_size=8),
    st.booleans(),
)
def test_decko_value_search_and_set_finder_agree(
    pieces: list[tuple[int, str, bool]], solo: bool
) -> None:
    from companion.games.decko.sets import find_set_by_key, set_value

    key = tuple(sorted((r, s, w and r in (11, 12, 13)) for r, s, w in pieces))
    assert set_value(key, solo) == find_set_by_key(key, solo)[0]


# -- decisions where the rulebook is silent (docs/decisions.md) ------------------------------------


def test_penultimo_the_rule_repeats_among_the_losing_hands_so_the_best_set_comes_last() -> None:
    hands = {"pair": "2c 2d", "queens": "Qh Qd", "aces": "Ah Ad Ac", "kings": "Kh Kd Kc"}
    assert places(hands, "penultimo") == [("kings", 1), ("queens", 2), ("pair", 3), ("aces", 4)]


def test_low_sum_an_empty_hand_cannot_win_but_an_all_letters_hand_sums_to_zero() -> None:
    ranking = rank_decko(
        {"empty": (), "letters": d("Kh Qd"), "two": d("2c Ks")}, wildcard_round("low sum")
    )
    assert [(p.name, p.place, p.hand.low_sum) for p in ranking.placings] == [  # type: ignore[attr-defined]
        ("letters", 1, 0),
        ("two", 2, 2),
        ("empty", None, None),
    ]


def test_holdem_the_three_market_cards_played_pay_their_chips_even_outside_the_set() -> None:
    # three nines need two market nines; the third market card played is the chip card
    found = rank_decko({"a": d("9c 5d")}, wildcard_round("holdem"), market=d("9h 9d 2h+3 4c 7s"))
    hand = found.placings[0].hand
    assert (hand.description, hand.chips) == ("three nines", 3)  # type: ignore[attr-defined]
    # a full house needs the three market aces: the chip card is not played and pays nothing
    found = rank_decko({"a": d("Kc Kd")}, wildcard_round("holdem"), market=d("Ah Ad As 2h+3 7c"))
    hand = found.placings[0].hand
    assert (hand.description, hand.chips) == ("full house, aces over kings", 0)  # type: ignore[attr-defined]


def test_pro_table_when_nobody_can_score_nobody_wins() -> None:
    ranking = rank_decko(
        {"a": d("2h:start 2d:start"), "b": d("5c:start 6c:start")}, wildcard_round("pro table")
    )
    assert ranking.winners == () and ranking.winners_text == "nobody has a legal hand"
    assert [p.place for p in ranking.placings] == [None, None]
