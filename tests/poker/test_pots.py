"""Pots and side pots (issue 5): each rule named, the rulebooks' examples as cases."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import CompanionError
from companion.poker.pots import build_pots, parse_result, pot_limit, pot_rules, settle
from tests.conftest import invoke

DP = pot_rules("dungeon-poker")
DECKO = pot_rules("decko")


def test_each_all_in_level_makes_a_pot() -> None:
    pots = build_pots({"ann": 100, "ben": 250, "cat": 400, "dan": 400})
    assert [(p.amount, p.eligible) for p in pots] == [
        (400, ("ann", "ben", "cat", "dan")),
        (450, ("ben", "cat", "dan")),
        (300, ("cat", "dan")),
    ]


def test_folded_chips_stay_in_the_pots_they_reached_but_win_nothing() -> None:
    s = settle({"ann": 100, "ben": 300, "cat": 300, "dan": 200}, "ann > ben > cat", folded={"dan"})
    assert [(p.amount, p.eligible, p.winners) for p in s.pots] == [
        (400, ("ann", "ben", "cat"), ("ann",)),
        (500, ("ben", "cat"), ("ben",)),
    ]
    assert s.payouts == {"ann": 400, "ben": 500, "cat": 0, "dan": 0}


def test_a_player_all_in_wins_at_most_their_level_from_each_opponent() -> None:
    # Appendix F: the all-in player can win only what they bet from each other player.
    s = settle({"ann": 200, "ben": 1000, "cat": 1000}, "ann > ben > cat")
    assert s.payouts == {"ann": 600, "ben": 1600, "cat": 0}


def test_holdem_odd_chip_goes_to_the_first_tied_winner_left_of_the_button() -> None:
    s = settle({"ann": 5, "ben": 5, "cat": 5}, "cat = ben > ann")
    assert s.payouts == {"ann": 0, "ben": 8, "cat": 7}


def test_button_option_changes_who_is_left_of_the_button() -> None:
    s = settle({"ann": 5, "ben": 5, "cat": 5}, "cat = ben > ann", button="ben")
    assert s.payouts == {"ann": 0, "ben": 7, "cat": 8}


def test_dungeon_poker_split_leaves_odd_coins_on_the_table() -> None:
    # Appendix F: a shared pot leaves its odd chips on the table for the next deal.
    s = settle({"ann": 500, "ben": 500, "cat": 500}, "ann = ben = cat", rules=DP)
    assert s.pots[0].amount == 1500
    assert s.payouts == {"ann": 500, "ben": 500, "cat": 500}
    s = settle({"ann": 300, "ben": 300, "cat": 100}, "ann = ben > cat", rules=DP)
    assert s.payouts == {"ann": 300, "ben": 300, "cat": 0}
    assert s.carry_over == 100


def test_dungeon_poker_amounts_are_whole_100_gold_coins() -> None:
    with pytest.raises(CompanionError, match="ann=150 is not a whole number of 100-chip units"):
        settle({"ann": 150, "ben": 200}, "ann > ben", rules=DP)


def test_decko_split_remainder_returns_to_the_house() -> None:
    # DECKO rulebook: 7 chips between two tied winners: 3 each, 1 back to the house.
    s = settle({"ann": 3, "ben": 3}, "ann = ben", rules=DECKO, house_bet=1)
    assert (s.payouts, s.house) == ({"ann": 3, "ben": 3}, 1)
    # ... and 8 chips between three: 2 each, 2 back to the house.
    s = settle({"ann": 2, "ben": 2, "cat": 2}, "ann = ben = cat", rules=DECKO, house_bet=2)
    assert (s.payouts, s.house) == ({"ann": 2, "ben": 2, "cat": 2}, 2)


def test_decko_house_bet_holds_the_folded_bets_which_are_counted_once() -> None:
    # cat folded 2 chips onto the house bet, which now holds 3 (the house's 1 and cat's 2):
    # 4 + 4 + 3 = 11 chips lie on the mat, and the winner takes those 11, not 13.
    s = settle(
        {"ann": 4, "ben": 4, "cat": 2}, "ben > ann", folded={"cat"}, rules=DECKO, house_bet=3
    )
    assert s.payouts == {"ann": 0, "ben": 11, "cat": 0}
    assert s.net == {"ann": -4, "ben": 7, "cat": -2}


def test_decko_house_bet_smaller_than_the_folded_bets_is_refused() -> None:
    with pytest.raises(CompanionError, match="--house 1 cannot hold the 2 chips"):
        settle({"ann": 4, "cat": 2}, "ann", folded={"cat"}, rules=DECKO, house_bet=1)


def test_decko_has_no_side_pots_so_unequal_bets_among_players_still_in_are_refused() -> None:
    with pytest.raises(CompanionError, match="ben=4 but ann=3: decko has no side pots"):
        settle({"ann": 3, "ben": 4}, "ann > ben", rules=DECKO, house_bet=1)


def test_house_bet_outside_decko_is_refused() -> None:
    with pytest.raises(CompanionError, match=r"--house 2: only DECKO has a house bet \(holdem"):
        settle({"ann": 3, "ben": 3}, "ann > ben", house_bet=2)
    result = invoke("pot", "ann=3", "ben=3", "--result", "ann > ben", "--house", "2")
    assert result.exit_code == 2
    assert result.stderr.strip() == "error: --house 2: only DECKO has a house bet (holdem has none)"


def test_decko_last_player_standing_takes_every_bet_and_the_house_bet() -> None:
    # ann and ben folded 1 and 2 onto a house bet of 2 from the house: 5 there, and cat's 3.
    s = settle(
        {"ann": 1, "ben": 2, "cat": 3}, "cat", folded={"ann", "ben"}, rules=DECKO, house_bet=5
    )
    assert s.payouts["cat"] == 8


def test_decko_if_all_players_fold_the_house_bet_returns_to_the_house() -> None:
    s = settle({"ann": 0, "ben": 0}, (), folded={"ann", "ben"}, rules=DECKO, house_bet=2)
    assert (s.house, sum(s.payouts.values())) == (2, 0)


def test_monsters_are_all_in_for_every_pot_and_their_winnings_leave_the_game() -> None:
    s = settle(
        {"ann": 300, "ben": 900},
        "orc > ben > ann",
        rules=DP,
        always_eligible=["orc"],
        payee={"orc": None},
    )
    assert s.payouts == {"ann": 0, "ben": 0}
    assert s.removed == 1200


def test_a_tie_with_a_monster_removes_the_monster_share() -> None:
    s = settle(
        {"ann": 400, "ben": 400},
        "ann = orc > ben",
        rules=DP,
        always_eligible=["orc"],
        payee={"orc": None},
    )
    assert s.payouts == {"ann": 400, "ben": 0}
    assert s.removed == 400


def test_a_summoned_monster_wins_for_its_summoner() -> None:
    s = settle(
        {"ann": 400, "ben": 400},
        "giant > ben > ann",
        rules=DP,
        always_eligible=["giant"],
        payee={"giant": "ann"},
    )
    assert s.payouts == {"ann": 800, "ben": 0}


def test_a_deal_with_no_legal_winner_keeps_the_pot_on_the_table() -> None:
    s = settle({"ann": 400, "ben": 400}, (), folded={"ann", "ben"}, rules=DP)
    assert (s.carry_over, sum(s.payouts.values())) == (800, 0)


def test_gold_left_from_the_last_deal_joins_the_main_pot() -> None:
    s = settle({"ann": 200, "ben": 500}, "ann > ben", rules=DP, dead_money=100)
    assert s.payouts == {"ann": 500, "ben": 300}


def test_pot_limit_counts_the_callers_call_into_the_pot() -> None:
    # Pot-Limit: the largest raise is the pot, the raiser's own call included.
    limits = pot_limit(pot=900, to_call=300, blind=100)
    assert (limits.min_raise, limits.max_raise) == (100, 1200)
    assert (limits.min_total, limits.max_total) == (400, 1500)


def test_pot_limit_smallest_raise_is_the_blind() -> None:
    assert pot_limit(pot=200, to_call=0, blind=200).min_raise == 200


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("a > > b", "empty place"),
        ("a > a", "twice"),
        ("a > b%", "not a player name"),
    ],
)
def test_bad_results_are_rejected(text: str, message: str) -> None:
    with pytest.raises(CompanionError, match=message):
        parse_result(text)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["ann=-100", "ben=100", "-r", "ann > ben"], "cannot be negative"),
        (
            ["ann=100", "ben=100", "-r", "ann > zed > ben"],
            "'zed' is in the result but not at the table",
        ),
        (
            ["ann=100", "ben=100", "--fold", "ann", "-r", "ann > ben"],
            "'ann' folded and cannot be ranked",
        ),
        (["ann=100", "ben=100", "-r", "ann"], "does not place ben"),
        (["ann=100", "ann=200", "-r", "ann"], "given twice"),
        (["ann=lots", "-r", "ann"], "must be a whole number"),
        (["ann=100", "ben=100", "-r", "ann > ben", "--game", "poker"], "unknown game 'poker'"),
    ],
)
def test_cli_rejects_impossible_pots_in_one_line(args: list[str], message: str) -> None:
    result = invoke("pot", *args)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and message in result.stderr
    assert result.stderr.count("\n") == 1


def test_cli_json_follows_the_contract() -> None:
    result = invoke("pot", "ann=300", "ben=100", "cat=300", "-r", "ben > ann > cat", "--json")
    data = result.json()
    assert set(data) >= {"pots", "payouts", "carry_over", "removed"}
    assert data["pots"][0] == {
        "amount": 300,
        "eligible": ["ann", "ben", "cat"],
        "winners": ["ben"],
        "shares": {"ben": 300},
    }
    assert data["payouts"] == {"ann": 400, "ben": 300, "cat": 0}


def test_cli_pot_limit_prints_both_bounds() -> None:
    result = invoke("pot", "limit", "--pot", "900", "--to-call", "300", "--json")
    assert result.json()["max_raise"] == 1200


# ---------------------------------------------------------------- properties


@st.composite
def deals(draw):  # type: ignore[no-untyped-def]
    game = draw(st.sampled_from(["holdem", "dungeon-poker", "decko"]))
    unit = pot_rules(game).unit
    n = draw(st.integers(2, 7))
    names = [f"p{i}" for i in range(n)]
    amounts = draw(st.lists(st.integers(0, 40), min_size=n, max_size=n))
    contributions = {name: a * unit for name, a in zip(names, amounts, strict=True)}
    folded = draw(st.sets(st.sampled_from(names), max_size=n - 1))
    live = [p for p in names if p not in folded]
    if game == "decko":  # no side pots: the players still in have bet the same
        for p in live:
            contributions[p] = contributions[live[0]]
    order = draw(st.permutations(live))
    groups, i = [], 0
    while i < len(order):
        size = draw(st.integers(1, len(order) - i))
        groups.append(tuple(order[i : i + size]))
        i += size
    house = 0
    if game == "decko":  # the house bet holds the folded bets and the house's own chips
        house = sum(contributions[p] for p in folded) + draw(st.integers(0, 10))
    return game, contributions, folded, tuple(groups), house


@settings(max_examples=300, deadline=None)
@given(deals())
def test_chips_are_conserved(deal) -> None:  # type: ignore[no-untyped-def]
    game, contributions, folded, result, house = deal
    s = settle(contributions, result, folded=folded, rules=pot_rules(game), house_bet=house)
    folded_bets = sum(contributions[p] for p in folded) if game == "decko" else 0
    total = sum(contributions.values()) + house - folded_bets
    assert sum(s.payouts.values()) + s.carry_over + s.removed + s.house == total
    assert s.total == total


@settings(max_examples=300, deadline=None)
@given(deals())
def test_no_player_wins_more_than_their_contribution_allows(deal) -> None:  # type: ignore[no-untyped-def]
    game, contributions, folded, result, house = deal
    s = settle(contributions, result, folded=folded, rules=pot_rules(game), house_bet=house)
    for name, won in s.payouts.items():
        if name in folded:
            assert won == 0
        else:
            cap = sum(min(c, contributions[name]) for c in contributions.values())
            # Folded chips above every live stack land in the top pot; house money in the main one.
            overflow = sum(
                max(
                    c
                    - max((contributions[p] for p in contributions if p not in folded), default=0),
                    0,
                )
                for c in contributions.values()
            )
            assert won <= cap + house + overflow


def test_pot_limit_says_all_in_when_the_call_takes_every_coin() -> None:
    """Pot-Limit: a player with less than the call goes all in for what they have."""
    from companion.poker.pots import pot_limit

    limits = pot_limit(600, 300, 100, stack=200)
    assert limits.all_in and limits.to_call == 200 and limits.max_total == 200


def test_carried_gold_is_whole_coins_in_dungeon_poker() -> None:
    """Gold coins are worth 100: 50 gold cannot be left on the table."""
    from companion.errors import CompanionError
    from companion.poker.pots import pot_rules, settle

    with pytest.raises(CompanionError, match="--carried 50"):
        settle({"a": 100, "b": 100}, "a > b", rules=pot_rules("dungeon-poker"), dead_money=50)


@pytest.mark.parametrize(
    ("args", "lines"),
    [
        (
            ["--pot", "600", "--stack", "200"],
            ["nothing to call", "bet:          100 to 200 (200 is all in)"],
        ),
        (
            ["--pot", "600", "--to-call", "300", "--stack", "200"],
            ["all in: 200 is all you have, less than the 300 to call (no raise left)"],
        ),
        (
            ["--pot", "600", "--to-call", "200", "--stack", "200"],
            ["all in: calling takes everything you have, 200 (no raise left)"],
        ),
        (
            ["--pot", "600", "--to-call", "200", "--stack", "500"],
            [
                "to call:      200",
                "raise by:     100 to 300",
                "put in total: 300 to 500 (500 is all in)",
            ],
        ),
        (["--pot", "600", "--stack", "50"], ["nothing to call", "bet:          50 (50 is all in)"]),
        (["--pot", "600", "--stack", "0"], ["no gold left: nothing to put in"]),
    ],
)
def test_pot_limit_says_bet_when_nothing_is_to_be_called_and_all_in_where_the_gold_ends(
    args: list[str], lines: list[str]
) -> None:
    """Pot-Limit: with nothing to call a player bets (no raise, no call); the blind is
    the smallest bet unless it is all the player has; all in is said as such."""
    result = invoke("pot", "limit", *args)
    assert result.exit_code == 0 and result.stdout.splitlines() == lines


# -- rules a mutation run found unpinned (benchmarks/mutation.py) -----------------------------


def test_the_values_of_a_pot_are_frozen() -> None:
    import dataclasses

    from companion.poker.pots import Pot, PotRules, Settlement

    s = settle({"ann": 100, "ben": 100}, "ann > ben")
    limits = pot_limit(pot=600, to_call=200, blind=100)
    for value in (PotRules("holdem"), Pot(100, ("ann",)), s, limits):
        with pytest.raises(dataclasses.FrozenInstanceError):
            value.game = "x"  # type: ignore[misc, union-attr]
    assert isinstance(Settlement, type)


def test_the_smallest_chip_may_be_as_large_as_any_stake_and_no_larger() -> None:
    from companion.bounds import MAX_CHIPS
    from companion.poker.pots import PotRules

    assert PotRules("holdem", unit=MAX_CHIPS).unit == MAX_CHIPS
    with pytest.raises(CompanionError, match="the smallest chip must be 1 to"):
        PotRules("holdem", unit=MAX_CHIPS + 1)
    with pytest.raises(CompanionError, match="the smallest chip must be 1 to"):
        PotRules("holdem", unit=0)


@pytest.mark.parametrize("word", ["alice300", "=300"])
def test_a_contribution_is_name_equals_amount(word: str) -> None:
    from companion.poker.pots import parse_contributions

    with pytest.raises(CompanionError) as err:
        parse_contributions([word])
    assert str(err.value) == f"'{word}' is not NAME=AMOUNT (for example alice=300)"


def test_all_gives_everyone_the_amount_and_a_name_in_any_case_overrides_it() -> None:
    from companion.poker.pots import spread_everyone

    spread = spread_everyone({"ALL": 200, "Cy": 100, "zed": 50}, ["ann", "ben", "cy"])
    assert spread == {"ann": 200, "ben": 200, "cy": 100, "zed": 50}  # zed: kept for the refusal
    assert spread_everyone({"ann": 5}, ["ann", "ben"]) == {"ann": 5}
    with pytest.raises(CompanionError, match="a player is named 'All'"):
        spread_everyone({"all": 200}, ["ann", "All"])


def test_the_players_pot_knows_are_the_result_then_the_folded_once_each() -> None:
    from companion.poker.pots import everyone_named

    assert everyone_named("bob > ann", ["ann", "dee"]) == ["bob", "ann", "dee"]


def test_an_unknown_game_for_pots_names_the_games_that_have_pots() -> None:
    with pytest.raises(CompanionError) as err:
        pot_rules("snap")
    assert str(err.value) == (
        "unknown game 'snap' for pots (games: holdem, omaha, dungeon-poker, decko, dragon-kings)"
    )


def test_a_settlement_built_without_the_leftovers_has_none() -> None:
    from companion.poker.pots import Settlement

    s = Settlement((), {"ann": 5})
    assert (s.carry_over, s.removed, s.house, s.net) == (0, 0, 0, {"ann": 5})


def test_a_name_in_the_result_is_found_by_its_case_or_the_start_of_a_word() -> None:
    from companion.poker.pots import resolve_names

    assert resolve_names(parse_result("ANN > be"), ["ann", "ben"]) == (("ann",), ("ben",))
    # the whole name first: 'ann' is not ambiguous beside 'anna'
    assert resolve_names(parse_result("ANN > anna"), ["ann", "anna"]) == (("ann",), ("anna",))
    with pytest.raises(CompanionError, match="'an' in the result could be ann or anna"):
        resolve_names(parse_result("an > ben"), ["ann", "anna", "ben"])
    assert resolve_names(parse_result("zed"), ["ann"]) == (("zed",),)  # refused by the caller


def test_a_player_still_in_who_put_in_nothing_is_in_no_pot() -> None:
    pots = build_pots({"ann": 0, "ben": 100, "cat": 100})
    assert [(p.amount, p.eligible) for p in pots] == [(200, ("ben", "cat"))]


def test_odd_chips_go_left_of_the_button_in_seat_order() -> None:
    from companion.poker.pots import HOLDEM_POTS

    four = {"ann": 3, "ben": 3, "cat": 3, "dan": 3}  # a pot of 12 split three ways: no odd chip
    s = settle(four, "ann = ben = cat = dan", rules=HOLDEM_POTS, button="ben", dead_money=2)
    assert s.payouts == {"ann": 3, "ben": 3, "cat": 4, "dan": 4}  # cat and dan sit left of ben


def test_chips_that_are_no_whole_coin_stay_on_the_table_or_go_to_the_house() -> None:
    from companion.poker.pots import Pot, PotRules, award

    for odd_chips in ("left-of-button", "carry-over", "house"):
        rules = PotRules("coins", unit=100, odd_chips=odd_chips)  # type: ignore[arg-type]
        # 950: nine coins of 100 split two ways (4 each, one odd coin) and 50 that is no coin
        s = award(
            [Pot(950, ("ann", "ben"))], (("ann", "ben"),), {"ann": 400, "ben": 400}, rules=rules
        )
        odd_coin = 0 if odd_chips == "left-of-button" else 100
        assert sum(s.payouts.values()) == 800 + (100 - odd_coin)
        left = (s.carry_over, s.house)
        assert left == ((0, 50 + odd_coin) if odd_chips == "house" else (50 + odd_coin, 0))


def test_a_monsters_odd_chip_comes_after_every_seated_winners() -> None:
    from companion.poker.pots import HOLDEM_POTS, Pot, award

    pots = [Pot(5, ("ann", "ben", "orc", "ogre"))]
    s = award(
        pots,
        (("ogre", "orc", "ann"),),
        {"ann": 2, "ben": 3},
        rules=HOLDEM_POTS,
        extra=["orc", "ogre"],
    )
    assert s.pots[0].winners == ("ann", "orc", "ogre")  # seats first, then the monsters in order
    assert s.pots[0].shares == {"ann": 2, "orc": 2, "ogre": 1}


@pytest.mark.parametrize("bad", [True, "300", 1.5])
def test_a_contribution_is_a_whole_number_of_chips(bad: object) -> None:
    with pytest.raises(CompanionError, match="contribution must be a whole number"):
        build_pots({"ann": bad, "ben": 100})  # type: ignore[dict-item]


def test_a_contribution_may_be_as_large_as_any_stake() -> None:
    from companion.bounds import MAX_CHIPS

    assert build_pots({"ann": MAX_CHIPS, "ben": MAX_CHIPS})[0].amount == 2 * MAX_CHIPS
    with pytest.raises(CompanionError, match="is more than any stake"):
        build_pots({"ann": MAX_CHIPS + 1})


def test_pot_limit_needs_a_blind_of_one_coin_or_more() -> None:
    assert pot_limit(pot=10, to_call=0, blind=1).min_raise == 1
    with pytest.raises(CompanionError, match="--blind must be more than 0"):
        pot_limit(pot=10, to_call=0, blind=0)


def test_pot_limit_with_one_coin_left_bets_it_all() -> None:
    one = pot_limit(pot=600, to_call=0, blind=100, stack=1)
    assert (one.to_call, one.min_raise, one.max_raise, one.all_in) == (0, 1, 1, False)
    assert one.max_is_all_in
    none = pot_limit(pot=600, to_call=0, blind=100, stack=0)
    assert (none.min_raise, none.max_raise, none.all_in) == (0, 0, True)
    assert not none.max_is_all_in  # nothing to bet: no bet puts in every coin


def test_pot_limit_short_of_the_call_can_only_go_all_in() -> None:
    short = pot_limit(pot=600, to_call=300, blind=100, stack=200)
    assert (short.to_call, short.min_raise, short.max_raise) == (200, 0, 0)
    assert short.all_in and short.owed == 300


def test_a_monster_beside_an_owner_who_put_nothing_in_wins_nothing() -> None:
    pots = build_pots({"a": 1, "b": 3}, always_eligible=["golem"], capped_by={"golem": "zed"})
    assert [p.eligible for p in pots] == [("a", "b"), ("b",)]


def test_a_house_bet_counts_only_the_bets_of_players_in_the_pot() -> None:
    from companion.poker.pots import PotRules, house_money

    house = PotRules("house", odd_chips="house", side_pots=False, house_bet=True)
    assert house_money(3, {"ann": 4}, {"cat"}, house) == 3


def test_a_share_paid_to_someone_outside_the_pots_is_theirs_in_full() -> None:
    from companion.poker.pots import HOLDEM_POTS, Pot, award

    s = award(
        [Pot(100, ("ann", "orc"))],
        (("orc",),),
        {"ann": 100},
        rules=HOLDEM_POTS,
        payee={"orc": "bob"},
        extra=["orc"],
    )
    assert s.payouts == {"ann": 0, "bob": 100}
