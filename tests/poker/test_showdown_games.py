"""Showdowns of the other games: Hold'em, Dragon Kings (003) and DECKO (002)."""

from __future__ import annotations

import pytest

from companion.errors import CompanionError
from tests.poker.showdown_helpers import Scripted, showdown


def test_holdem_showdown_pays_odd_chips_left_of_the_button() -> None:
    out = showdown("""
        game: holdem
        players: [{name: ann, put_in: 5}, {name: ben, put_in: 5}, {name: cat, put_in: 5}]
        result: cat = ben > ann
    """)
    assert out.payouts == {"ann": 0, "ben": 8, "cat": 7}
    assert out.treasures == {}
    assert "monsters" not in out.to_json()  # a Dungeon Poker field
    moved = showdown("""
        game: holdem
        button: ben
        players: [{name: ann, put_in: 5}, {name: ben, put_in: 5}, {name: cat, put_in: 5}]
        result: cat = ben > ann
    """)
    assert moved.payouts == {"ann": 0, "ben": 7, "cat": 8}


def test_holdem_with_hands_asks_the_ranker_for_the_holdem_ordering() -> None:
    ranker = Scripted("ben > ann", hand="Pair")
    out = showdown(
        """
        game: holdem
        board: Kh Jh 9s 4d 3c
        players: [{name: ann, put_in: 50, hand: 2c 5d}, {name: ben, put_in: 50, hand: Kc Qd}]
    """,
        ranker,
    )
    assert ranker.rules.game == "holdem"
    assert [(h.name, h.place, h.hand) for h in out.players] == [
        ("ann", 2, "Pair"),
        ("ben", 1, "Pair"),
    ]
    assert out.payouts == {"ann": 0, "ben": 100}


def test_monsters_and_encounters_belong_to_dungeon_poker_only() -> None:
    with pytest.raises(CompanionError, match="monsters: only Dungeon Poker has this"):
        showdown("game: holdem\nplayers: [{name: ann}]\nmonsters: [{name: Orc}]\nresult: ann")
    with pytest.raises(CompanionError, match="encounter: only Dungeon Poker has this"):
        showdown("game: omaha\nplayers: [{name: ann}]\nencounter: Plague\nresult: ann")


# ---------------------------------------------------------------- Dragon Kings


def test_first_honors_pays_50_from_the_house_for_the_games_first_twinned_dragon_kings() -> None:
    text = """
        game: dragon-kings
        first_honors: %s
        players:
          - {name: ann, put_in: 40, hand_class: Twinned Dragon Kings}
          - {name: ben, put_in: 40, hand_class: Royal flush}
        result: ann > ben
    """
    first = showdown(text % "true")
    assert first.bank == {"ann": 50}
    assert first.payouts == {"ann": 80, "ben": 0}
    assert any(
        e.startswith("First Honors: ann plays the game's first Twinned Dragon Kings")
        for e in first.sentences
    )
    later = showdown(text % "false")
    assert later.bank == {}


def test_first_honors_from_the_rankers_hand_class() -> None:
    ranker = Scripted("ann > ben", hand="Twinned Dragon Kings")
    out = showdown(
        """
        game: dragon-kings
        first_honors: true
        board: Ks Kc 9s 4d 3c
        wild: ["2"]
        players: [{name: ann, put_in: 40, hand: Ah 5d}, {name: ben, put_in: 40, hand: Qc Qd}]
    """,
        ranker,
    )
    assert ranker.rules.game == "dragon-kings" and ranker.rules.wild == ("2",)
    assert out.bank == {"ann": 50}


def test_first_honors_shared_when_two_dragon_kings_tie() -> None:
    out = showdown("""
        game: dragon-kings
        first_honors: true
        players:
          - {name: ann, put_in: 40, hand_class: Twinned Dragon Kings}
          - {name: ben, put_in: 40, hand_class: Twinned Dragon Kings}
        result: ann = ben
    """)
    assert out.bank == {"ann": 25, "ben": 25}


def test_dragon_kings_accepts_jokers_in_hands() -> None:
    ranker = Scripted("ann > ben")
    showdown(
        """
        game: dragon-kings
        board: Kh Jh 9s 4d 3c
        players: [{name: ann, put_in: 40, hand: "* 5d"}, {name: ben, put_in: 40, hand: Qc Qd}]
    """,
        ranker,
    )
    assert ranker.cards("ann") == ("*", "5d")


# ---------------------------------------------------------------- DECKO


def test_decko_house_bet_and_folded_bets_go_to_the_winner() -> None:
    out = showdown("""
        game: decko
        house_bet: 3
        players:
          - {name: ann, put_in: 4}
          - {name: ben, put_in: 4}
          - {name: cat, put_in: 0, folded: true}
        result: ben > ann
    """)
    assert out.payouts == {"ann": 0, "ben": 11, "cat": 0}
    assert "The house bet of 3 chips joins the pot." in out.sentences


def test_decko_ties_split_and_the_remainder_returns_to_the_house() -> None:
    # 002, Tiebreakers: seven chips between two tied players, three each, one back to the house.
    out = showdown("""
        game: decko
        house_bet: 1
        players: [{name: ann, put_in: 3}, {name: ben, put_in: 3}]
        result: ann = ben
    """)
    assert (out.payouts, out.house) == ({"ann": 3, "ben": 3}, 1)


def test_decko_reveal_income_chips_for_every_revealer_money_for_the_buyers() -> None:
    ranker = Scripted(
        "ben > ann", hand="Pair", chips={"ann": 2, "ben": 9}, money={"ann": 3, "ben": 6}
    )
    out = showdown(
        """
        game: decko
        house_bet: 2
        wildcard: lowball
        players: [{name: ann, put_in: 2, hand: 9h 5s 2c 2d Kh}, {name: ben, put_in: 2, hand: 3h 4h 5h 6h 7h}]
    """,
        ranker,
    )
    assert ranker.rules.round == "lowball"
    assert ranker.cards("ann") == ("9h", "5s", "2c", "2d", "Kh")
    assert out.payouts == {"ann": 0, "ben": 6}
    assert out.bank == {"ann": 2, "ben": 9}  # chip cards pay win or lose
    assert out.money == {"ann": 3}  # the winner discards and does not buy


def test_decko_last_player_standing_takes_everything_without_a_reveal() -> None:
    # the house's 2 chips and the folded 1 and 2 lie on the house bet: 5, and cat's 3
    out = showdown("""
        game: decko
        house_bet: 5
        players: [{name: ann, put_in: 1, folded: true}, {name: ben, put_in: 2, folded: true}, {name: cat, put_in: 3}]
    """)
    assert out.payouts["cat"] == 8
    assert any(e.startswith("Last player standing: cat") for e in out.sentences)


def test_decko_if_everyone_folds_the_house_bet_returns_to_the_house() -> None:
    out = showdown("""
        game: decko
        house_bet: 2
        players: [{name: ann, folded: true}, {name: ben, folded: true}]
    """)
    assert (out.house, sum(out.payouts.values())) == (2, 0)


def test_decko_hands_may_share_cards_between_players_decks() -> None:
    ranker = Scripted("ann > ben")
    out = showdown(
        """
        game: decko
        players: [{name: ann, put_in: 1, hand: 5h 6h}, {name: ben, put_in: 1, hand: 5h 6h}]
    """,
        ranker,
    )
    assert out.payouts == {"ann": 2, "ben": 0}


# ---------------------------------------------------------------- DECKO with the real ranker


def test_decko_sets_ranked_with_no_kickers_and_full_house_below_straight() -> None:
    out = showdown("""
        game: decko
        house_bet: 2
        players:
          - {name: bozo, put_in: 3, hand: 2h 2d 2c Ah Ad}
          - {name: krusty, put_in: 3, hand: 4h 5d 6s 7c 8d}
    """)
    assert out.winners == ("krusty",)  # a straight beats a full house in DECKO
    assert out.payouts == {"bozo": 0, "krusty": 8}
    assert out.money == {"bozo": 4}  # a full house buys for $4; the winner discards
    assert out.players[0].hand == "straight"


def test_decko_reveal_income_with_real_chip_and_crypto_cards() -> None:
    out = showdown("""
        game: decko
        players:
          - {name: bernice, put_in: 2, hand: 9s+2 5h+1 3c 3d Kh}
          - {name: bozo, put_in: 2, hand: 7c# 7d# 7h# 2s 9d}
    """)
    assert out.winners == ("bozo",)
    assert out.bank == {"bernice": 3, "bozo": 9}  # chip cards 2+1; three crypto cards 3x3
    assert out.money == {"bernice": 1}  # a pair buys for $1


def test_decko_ties_with_the_same_set_split_and_return_the_remainder() -> None:
    out = showdown("""
        game: decko
        house_bet: 1
        players:
          - {name: ann, put_in: 3, hand: 4h 4d 9c Kh 2s}
          - {name: ben, put_in: 3, hand: 4s 4c Jc Qd 3s}
    """)
    assert out.winners == ("ann", "ben")  # no kickers: only the pair counts
    assert (out.payouts, out.house) == ({"ann": 3, "ben": 3}, 1)


def test_decko_wildcard_holdem_plays_the_market() -> None:
    out = showdown("""
        game: decko
        wildcard: holdem
        market: [Ah, Ad, Ac, 2s, 3s]
        players:
          - {name: ann, put_in: 1, hand: As 9d 8c 7h 6s}
          - {name: ben, put_in: 1, hand: Kh Kd 4c 5c 9s}
    """)
    assert out.winners == ("ann",)  # four aces with the market's three


def test_decko_board_is_called_market() -> None:
    with pytest.raises(CompanionError, match="DECKO has no board"):
        showdown("game: decko\nboard: As\nplayers: [{name: ann, hand: 2s}]")
    with pytest.raises(CompanionError, match="players\\[0\\].hand: 'Zz'"):
        showdown("game: decko\nplayers: [{name: ann, hand: Zz}, {name: ben, hand: 2s}]")


def test_a_field_of_another_games_showdown_file_is_refused_by_its_games_name() -> None:
    cases = [
        ("game: holdem\nplayers: [{name: ann, character: Witch}]\nresult: ann", "players[0].character: only Dungeon Poker has this (game is holdem)"),
        ("game: holdem\nplayers: [{name: ann, burn_top: Qh}]\nresult: ann", "players[0].burn_top: only DECKO has this (game is holdem)"),
        ("game: decko\nplayers: [{name: ann}]\nwings: [iron mask]\nresult: ann", "wings: only Dragon Kings has this (game is decko)"),
        ("game: holdem\nplayers: [{name: ann}]\nboards: [Kh Jh 9s, 2c 3c 4c]\nresult: ann", "boards: only Dungeon Poker has this (game is holdem)"),
        ("game: holdem\nplayers: [{name: ann, colour: red}]\nresult: ann", "players[0].colour: is not a showdown field (see docs/showdown.md)"),
        ("game: dungeon-master\nplayers: [{name: ann}]", "game: must be one of 'dungeon-poker', 'holdem', 'omaha', 'decko' or 'dragon-kings' (got 'dungeon-master')"),
    ]  # fmt: skip
    for text, message in cases:
        with pytest.raises(CompanionError) as err:
            showdown(text)
        assert str(err.value) == message


def test_another_games_field_left_empty_says_nothing_and_is_ignored() -> None:
    out = showdown("""
        game: holdem
        monsters: []
        declared: {}
        house_bet: 0
        players: [{name: ann, put_in: 5, soul_gems: null}, {name: ben, put_in: 5}]
        result: ann > ben
    """)
    assert out.payouts == {"ann": 10, "ben": 0}
