"""Showdowns no table can deal are refused in one line, and the showdown's size is bounded."""

from __future__ import annotations

import json

import pytest

from companion.errors import CompanionError
from tests.conftest import invoke
from tests.poker.showdown_helpers import showdown


def test_holdem_deals_five_board_cards_so_a_sixth_is_refused() -> None:
    with pytest.raises(CompanionError) as err:
        showdown("""
            game: holdem
            board: 2c 3c 4c 5c 6c 7c
            players: [{name: ann, put_in: 5, hand: As Ad}, {name: ben, put_in: 5, hand: Ks Kd}]
        """)
    assert str(err.value) == "board: 6 board cards, but holdem deals at most 5"


def test_dragons_hoard_deals_a_sixth_board_card() -> None:
    out = showdown("""
        game: dragon-kings
        wings: [dragon's hoard]
        board: 2c 3c 4c 5c 9h Jd
        players: [{name: ann, put_in: 5, hand: As Ad}, {name: ben, put_in: 5, hand: 6c Kd}]
    """)
    assert out.winners == ("ben",)  # a straight flush with the sixth card's help


def test_dragon_kings_deck_holds_one_joker_so_three_in_one_deal_are_refused() -> None:
    with pytest.raises(CompanionError) as err:
        showdown("""
            game: dragon-kings
            board: "* 3c 4c 5c 9h"
            players: [{name: ann, put_in: 5, hand: "* As"}, {name: ben, put_in: 5, hand: "* Kd"}]
        """)
    assert str(err.value) == (
        "3 jokers ('*') in one deal, but the dragon-kings deck holds 1 (the Swords joker)"
    )


def test_house_bet_outside_decko_is_refused_in_the_showdown() -> None:
    with pytest.raises(CompanionError, match="house_bet: only DECKO has this"):
        showdown("""
            game: holdem
            house_bet: 2
            players: [{name: ann, put_in: 5}, {name: ben, put_in: 5}]
            result: ann > ben
        """)


def test_a_showdown_holds_23_hands_and_a_huge_file_is_refused_at_once() -> None:
    players = [{"name": f"p{i}", "put_in": 10} for i in range(20_000)]
    text = json.dumps({"game": "holdem", "players": players, "result": "p0"})
    result = invoke("showdown", "-", "--json", input=text)
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "error: players: 20,000 players, but a holdem showdown holds at most 23 (a 52-card deck "
        "deals two hand cards each and a five-card board to no more)"
    )


def test_the_largest_showdown_allowed_is_settled() -> None:
    names = [f"p{i}" for i in range(23)]
    players = [{"name": n, "put_in": 10 * (i % 5 + 1)} for i, n in enumerate(names)]
    out = invoke(
        "showdown",
        "-",
        "--json",
        input=json.dumps({"game": "holdem", "players": players, "result": " > ".join(names)}),
    )
    assert out.exit_code == 0, out.stderr
    assert sum(out.json()["payouts"].values()) == sum(p["put_in"] for p in players)


def test_the_deciding_card_is_named_when_both_kings_are_on_the_board() -> None:
    out = showdown("""
        game: dragon-kings
        board: Ks Kc 7h 4d 2s
        players: [{name: ann, put_in: 5, hand: Ah 3c}, {name: ben, put_in: 5, hand: Qd 5c}]
    """)
    assert out.winners == ("ann",)
    assert "Deciding card: ann beats ben on the A♥ kicker." in out.sentences


def test_tied_winners_are_named_as_a_sentence_lists_them_and_odd_chips_agree() -> None:
    out = showdown("""
        game: decko
        house_bet: 2
        players: [{name: ann, put_in: 2}, {name: ben, put_in: 2}, {name: cat, put_in: 2}]
        result: ann = ben = cat
    """)
    assert out.sentences[1] == (
        "Main pot (8 chips): ann, ben and cat tie: ann 2 chips, ben 2 chips, cat 2 chips; "
        "the odd 2 chips return to the house."
    )
