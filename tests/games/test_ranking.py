"""What rank and odds compute (games/ranking.py): the rules a mutation run found unpinned."""

from __future__ import annotations

import dataclasses

import pytest

from companion.errors import CompanionError
from companion.games.ranking import (
    OddsReport,
    PokerRanking,
    RankOptions,
    odds_players,
    rank_players,
    resolve_game,
)

BOARD = ("2s 7h Qd 9c 3s",)


def test_the_options_and_results_of_rank_and_odds_are_frozen() -> None:
    ranked = rank_players(["ann=As,Kd", "bob=Qh,Qc"], RankOptions(boards=BOARD))
    assert isinstance(ranked, PokerRanking)
    chances = odds_players(["ann=As,Kd", "bob=Qh,Qc"], RankOptions(boards=BOARD))
    assert isinstance(chances, OddsReport)
    for value in (RankOptions(), ranked, chances):
        with pytest.raises(dataclasses.FrozenInstanceError):
            value.game = "x"  # type: ignore[misc]


@pytest.mark.parametrize("flag", ["market", "burn", "discard"])
def test_each_decko_flag_alone_means_decko(flag: str) -> None:
    value = "Qh" if flag == "market" else ("a=Qh",)
    assert resolve_game(RankOptions(**{flag: value})) == "decko"  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("options", "implies"),
    [
        (RankOptions(), False),
        (RankOptions(encounter="plague"), True),
        (RankOptions(variant="swords-joker"), True),
        (RankOptions(wings=("iron mask",)), True),
        (
            RankOptions(full_plate=("ann",)),
            False,
        ),  # a Dungeon Poker artifact, but no game's own flag
    ],
)
def test_a_flag_only_one_game_has_keeps_the_tables_game_away(
    options: RankOptions, implies: bool
) -> None:
    assert options.implies_game is implies


def test_what_the_line_says_wins_over_what_a_table_lends() -> None:
    lent = {"encounter": "armory", "variant": "swords-joker", "wings": ("Iron Mask",)}
    told = RankOptions(encounter="plague", variant="plain", wings=("none",)).filled(lent)
    assert (told.encounter, told.variant, told.wings) == ("plague", "plain", ("none",))
    filled = RankOptions().filled(lent)
    assert (filled.encounter, filled.variant, filled.wings) == (
        "armory",
        "swords-joker",
        ("Iron Mask",),
    )
    assert RankOptions().filled({"encounter": None}).encounter is None


def test_a_game_with_two_boards_refuses_a_third_by_their_number() -> None:
    opts = RankOptions(encounter="Two front war", boards=("2s 7h Qd", "3c 4c 5c", "6d 7d 8d"))
    with pytest.raises(CompanionError) as err:
        rank_players(["ann=As,Kd"], opts)
    assert str(err.value) == "two-front-war has 2 boards; --board was given 3 times"
    with pytest.raises(CompanionError) as err:
        rank_players(["ann=As,Kd"], RankOptions(boards=("2s 7h Qd", "3c 4c 5c")))
    assert str(err.value) == "holdem has 1 board; --board was given 2 times"


def test_two_boards_won_by_two_players_name_both_once() -> None:
    opts = RankOptions(encounter="Two front war", boards=("As Ad 7c 8d 2h", "Ks Kd 7h 8c 3d"))
    ranked = rank_players(["ann=Ah,Qc", "bob=Kh,Qd"], opts)
    assert isinstance(ranked, PokerRanking)
    assert ranked.winners == ("ann", "bob")
    assert ranked.winners_text == "ann and bob"


def test_one_board_is_the_first_board_by_default() -> None:
    ranked = rank_players(["ann=Ac,3d", "ben=Kd,4h"], RankOptions(boards=("5h 7s 9c Jd 2h",)))
    assert isinstance(ranked, PokerRanking)
    assert ranked.title() == ranked.title(0) and ranked.title().startswith("holdem · board")
    found = ranked.decider()
    assert found is not None and found.winner == "ann"


def test_odds_sample_twenty_thousand_deals_with_seed_one_unless_told() -> None:
    chances = odds_players(["ann=As,Kd", "bob=?,?"], RankOptions(), method="monte-carlo")
    data = chances.to_json()
    assert (data["deals"], data["seed"]) == (20_000, 1)


def test_one_boards_winner_line_is_that_boards() -> None:
    ranked = rank_players(["ann=As,Kd", "bob=Qh,Qc"], RankOptions(boards=BOARD))
    assert isinstance(ranked, PokerRanking)
    assert ranked.winners_text == ranked.rankings[0].winners_text == "bob wins"
