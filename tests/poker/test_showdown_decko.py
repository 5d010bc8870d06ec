"""DECKO's showdown (002, steps 4-6): the house bet, no side pots, who buys with what.

The DECKO table settles its rounds through the same code (games/decko/showdown.py),
so these rules hold there too (tests/table/test_decko.py plays them at the table).
"""

from __future__ import annotations

import pytest

from companion.errors import CompanionError
from tests.conftest import invoke
from tests.poker.showdown_helpers import showdown


def test_fold_a_folded_bet_lies_on_the_house_bet_and_is_counted_once() -> None:
    # The house bet 2; cat folded her 1 onto it (3 there). 3 + 3 + 3 = 9 chips exist,
    # and 9 are paid (counting cat's chip twice would pay 10).
    out = showdown("""
        game: decko
        house_bet: 3
        players:
          - {name: ann, put_in: 3, hand: 9s 9d 2c 4h Kh}
          - {name: ben, put_in: 3, hand: 5s 6d 8c Jh Qh}
          - {name: cat, put_in: 1, folded: true}
    """)
    assert out.payouts == {"ann": 9, "ben": 0, "cat": 0}
    assert sum(out.payouts.values()) + out.house == 9
    assert out.net == {"ann": 6, "ben": -3, "cat": -1}
    assert "The house bet of 3 chips (cat's 1 folded onto it) joins the pot." in out.sentences


def test_fold_a_house_bet_smaller_than_the_folded_bets_is_refused() -> None:
    with pytest.raises(CompanionError, match=r"^house_bet: 1 cannot hold the 2 chips"):
        showdown("""
            game: decko
            house_bet: 1
            players: [{name: ann, put_in: 3}, {name: ben, put_in: 3}, {name: cat, put_in: 2, folded: true}]
            result: ann > ben
        """)


def test_ending_the_betting_phase_unequal_bets_among_players_still_in_are_refused() -> None:
    # DECKO's betting ends only when the bets are equal: there are no side pots.
    with pytest.raises(CompanionError) as err:
        showdown("""
            game: decko
            house_bet: 1
            players: [{name: ann, put_in: 3}, {name: ben, put_in: 4}]
            result: ann > ben
        """)
    assert str(err.value) == (
        "players[1].put_in: 4, but ann put in 3: decko has no side pots, so the players still "
        "in have bet the same"
    )


def test_last_player_standing_buys_with_the_money_of_the_set_they_score() -> None:
    # A pair of nines ($1) and a credit card ($3); the chip card does not pay (no reveal).
    out = showdown("""
        game: decko
        house_bet: 3
        players:
          - {name: ann, put_in: 2, folded: true}
          - {name: ben, put_in: 2, hand: 9s 9d 5h$ 2c+2 Kh}
    """)
    assert out.payouts == {"ann": 0, "ben": 5}
    assert out.money == {"ben": 4}
    assert out.bank == {}
    assert out.players[0].description == "pair of nines"
    assert out.sentences[-1] == (
        "Last player standing: ben takes every bet and the house bet without revealing, "
        "and alone buys with $4 (pair of nines)."
    )


def test_last_player_standing_without_a_hand_says_the_money_cannot_be_counted() -> None:
    out = showdown("""
        game: decko
        house_bet: 1
        players: [{name: ann, folded: true}, {name: ben, put_in: 1}]
    """)
    assert out.money == {}
    assert "give their hand to count the money" in out.sentences[-1]


def test_money_means_the_same_in_rank_and_showdown() -> None:
    hands = {"bernice": "9s+2 5h+1 3c 3d Kh", "bozo": "7c 7d 2s 9d 5c$"}
    ranked = invoke("rank", "--game", "decko", *(f"{n}={h}" for n, h in hands.items()), "--json")
    rank_money = {p["name"]: p["money"] for p in ranked.json()["players"]}
    out = showdown(f"""
        game: decko
        house_bet: 1
        players:
          - {{name: bernice, put_in: 1, hand: {hands["bernice"]}}}
          - {{name: bozo, put_in: 1, hand: {hands["bozo"]}}}
    """)
    assert out.winners == ("bozo",)
    assert out.money == {"bernice": rank_money["bernice"]} == {"bernice": 1}
    assert rank_money["bozo"] == 1 + 3  # a pair and a credit card: what bozo would spend


def test_result_mode_money_comes_from_the_set_named_in_hand_class() -> None:
    out = showdown("""
        game: decko
        house_bet: 1
        players:
          - {name: ann, put_in: 2, hand_class: flush}
          - {name: ben, put_in: 2, hand_class: Two pairs}
          - {name: cat, put_in: 2}
        result: ann > ben > cat
    """)
    assert out.money == {"ben": 2}
    assert out.sentences[-1] == (
        "The money cat buys with is not known from a result alone: give the hands, or name "
        "each set in hand_class (credit cards are then not counted)."
    )


def test_reveal_nobody_can_score_a_set_bets_go_back_and_everyone_buys() -> None:
    # Pro table: starting cards cannot score, so neither player has a set.
    out = showdown("""
        game: decko
        wildcard: pro table
        house_bet: 3
        players:
          - {name: ann, put_in: 2, hand: 2s:start 2d:start 5c:start 7h:start 8h:start}
          - {name: ben, put_in: 2, hand: 3s:start 3d:start 4c:start 6h:start 8d:start}
          - {name: cat, put_in: 1, folded: true}
    """)
    assert out.winners == ()
    assert out.payouts == {"ann": 2, "ben": 2, "cat": 0}
    assert out.house == 3
    assert out.money == {"ann": 0, "ben": 0}
    assert not any("winner discards" in e for e in out.sentences)
    assert "Everyone who revealed buys in turn order: ann $0, ben $0." in out.sentences


def test_buying_phase_buyers_are_listed_in_turn_order_under_penultimo() -> None:
    out = showdown("""
        game: decko
        wildcard: penultimo
        house_bet: 2
        players:
          - {name: ann, put_in: 3, hand: Jh Jd Kc Ks Kd}
          - {name: ben, put_in: 3, hand: Jc Js Qc Qs Qd}
          - {name: cat, put_in: 3, hand: 2c 2d 5h 7s 9d}
          - {name: dan, put_in: 3, hand: Ac Ad Ah 7c 9s}
    """)
    assert out.winners == ("ben",)
    assert list(out.money) == ["ann", "cat", "dan"]
    assert (
        out.sentences[-1]
        == "The winner discards; the others buy in turn order: ann $4, cat $1, dan $3."
    )


def test_the_limit_of_seven_a_hand_over_seven_cards_is_refused() -> None:
    with pytest.raises(CompanionError) as err:
        showdown("""
            game: decko
            players:
              - {name: ann, put_in: 1, hand: 2h 3h 4h 5h 6h 7h 8h 9h}
              - {name: ben, put_in: 1, hand: 2c}
        """)
    assert str(err.value) == (
        "players[0].hand: ann holds 8 cards, but a DECKO hand never holds more than 7"
    )


def test_the_market_has_five_slots_a_market_over_five_is_refused() -> None:
    with pytest.raises(CompanionError, match=r"^market lists 6 cards, but the market has 5 slots"):
        showdown("""
            game: decko
            market: 2h 3h 4h 5h 6h 7h
            players: [{name: ann, put_in: 1, hand: 2c}, {name: ben, put_in: 1, hand: 3c}]
        """)


def test_holdem_round_without_its_market_is_refused() -> None:
    with pytest.raises(CompanionError, match="the holdem round plays cards from the market"):
        showdown("""
            game: decko
            wildcard: holdem
            players: [{name: ann, put_in: 1, hand: 2c 2d}, {name: ben, put_in: 1, hand: 3c}]
        """)


def test_decko_seats_five_players_at_most() -> None:
    players = ", ".join(f"{{name: p{i}, put_in: 1}}" for i in range(6))
    with pytest.raises(CompanionError) as err:
        showdown(f"game: decko\nplayers: [{players}]\nresult: p0 > p1 > p2 > p3 > p4 > p5")
    assert str(err.value) == (
        "players: 6 players, but a decko showdown holds at most 5 "
        "(the box holds five starting decks)"
    )
