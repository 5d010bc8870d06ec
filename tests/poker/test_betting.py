"""The betting engine (issue 29): each rule named, the rulebooks' betting as configurations.

Hold'em's rules are the engine's defaults; Dungeon Poker (two equal blinds,
raises of at least the blind, gold in 100-gold coins, encounters that change
the betting) and Dragon Kings (points, small and big blinds, antes,
misdeal penalties) are configurations of the same engine.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import CompanionError
from companion.poker.betting import BettingState, Phase, seat_order
from companion.poker.betting_actions import Action, ActionKind, LegalAction
from companion.poker.betting_rules import BettingRules, Limit, RaiseRule
from companion.poker.pots import build_pots, pot_limit, pot_rules

HOLDEM = BettingRules(min_bet=100, blinds=(50, 100))


def dungeon_poker(blind: int = 100, **changes: object) -> BettingRules:
    """Dungeon Poker's betting: two equal blinds, raises of at least the blind, whole coins."""
    options: dict[str, object] = {
        "min_bet": blind,
        "blinds": (blind, blind),
        "raise_rule": RaiseRule.MIN_BET,
        "unit": 100,
        "currency": "gold",
        **changes,
    }
    return BettingRules(**options)  # type: ignore[arg-type]


def table(rules: BettingRules, *stacks: int, post: bool = True) -> BettingState:
    names = ["ann", "ben", "cy", "dee", "eve", "fay", "gus", "hal", "ivy"]
    state = BettingState.start(rules, dict(zip(names, stacks)))
    return state.post_all() if post else state


def kinds(state: BettingState) -> list[str]:
    return [a.kind.value for a in state.legal_actions()]


def legal(state: BettingState, kind: ActionKind) -> LegalAction:
    return next(a for a in state.legal_actions() if a.kind is kind)


# -- forced bets and who acts first ----------------------------------------------------------


def test_the_blinds_are_posted_left_of_the_button_and_the_next_player_acts_first() -> None:
    s = table(HOLDEM, 1000, 1000, 1000, 1000)
    assert s.bets == (50, 100, 0, 0)
    assert s.to_act == "cy"
    assert s.pot == 150


def test_heads_up_the_button_posts_the_small_blind_acts_first_preflop_and_last_after() -> None:
    # Seat order starts left of the button: with two players ben is on the button.
    s = table(HOLDEM, 1000, 1000)
    assert s.bets == (100, 50)
    assert s.to_act == "ben"
    s = s.call("ben").check("ann").next_street()
    assert s.to_act == "ann"


def test_the_big_blind_may_check_or_raise_when_nobody_raised() -> None:
    s = table(HOLDEM, 1000, 1000, 1000).call("cy").call("ann")
    assert s.to_act == "ben"
    assert kinds(s) == ["check", "raise", "all-in"]
    assert s.check("ben").phase is Phase.CLOSED


def test_antes_come_before_the_blinds() -> None:
    s = table(BettingRules(min_bet=10, blinds=(5, 10), ante=1), 100, 100, 100, post=False)
    assert s.phase is Phase.POSTING
    with pytest.raises(CompanionError, match="the antes come first"):
        s.post_blind("ann")
    s = s.post_ante("ann").post_ante("ben").post_ante("cy").post_blind("ann").post_blind("ben")
    assert s.phase is Phase.BETTING
    assert s.pot == 18
    assert s.bets == (5, 10, 0)


def test_a_blind_or_ante_never_takes_more_than_the_stack() -> None:
    s = table(BettingRules(min_bet=10, blinds=(5, 10), ante=2), 100, 6, 100)
    assert s.stacks[1] == 0
    assert s.contributions["ben"] == 6
    assert s.all_in_players == ("ben",)


def test_an_ante_nobody_can_match_goes_back() -> None:
    s = table(BettingRules(min_bet=10, ante=20), 100, 5, 8)
    assert s.contributions == {"ann": 8, "ben": 5, "cy": 8}


def test_antes_count_as_contributions_so_a_short_ante_wins_only_its_share() -> None:
    s = table(BettingRules(min_bet=10, ante=10), 4, 100, 100)
    s = s.check("ben").check("cy")
    assert [(p.amount, p.eligible) for p in s.pots()] == [
        (12, ("ann", "ben", "cy")),
        (12, ("ben", "cy")),
    ]


def test_due_posts_name_each_ante_and_blind_with_its_amount() -> None:
    s = table(BettingRules(min_bet=10, blinds=(5, 10), ante=1), 100, 7, 100, post=False)
    assert [str(a) for a in s.due_posts()] == [
        "ann posts the ante (1)",
        "ben posts the ante (1)",
        "cy posts the ante (1)",
        "ann posts a blind (5)",
        "ben posts a blind (6)",
    ]


# -- bets and raises -------------------------------------------------------------------------


def test_a_bet_opens_a_round_and_a_raise_answers_one() -> None:
    s = table(HOLDEM, 1000, 1000, 1000).call("cy").call("ann").check("ben").next_street()
    assert legal(s, ActionKind.BET) == LegalAction(ActionKind.BET, 100, 900)
    with pytest.raises(CompanionError, match="there is no bet yet"):
        s.raise_to("ann", 200)
    s = s.bet_to("ann", 200)
    with pytest.raises(CompanionError, match="there is a bet of 200 already"):
        s.bet_to("ben", 400)
    assert legal(s, ActionKind.RAISE).min == 400


def test_a_raise_is_at_least_the_largest_bet_or_raise_of_the_round() -> None:
    s = table(HOLDEM, 5000, 5000, 5000, 5000).raise_to("cy", 400)  # a raise of 300
    assert legal(s, ActionKind.RAISE).min == 700
    with pytest.raises(CompanionError, match=r"smallest raise is to 700 \(at least the largest"):
        s.raise_to("dee", 600)
    s = s.raise_to("dee", 1000)  # a raise of 600
    assert legal(s, ActionKind.RAISE).min == 1600


def test_no_limit_allows_every_chip() -> None:
    s = table(HOLDEM, 5000, 5000, 3000)
    assert legal(s, ActionKind.RAISE).max == 3000
    assert legal(s, ActionKind.ALL_IN) == LegalAction(ActionKind.ALL_IN, 3000, 3000)
    with pytest.raises(CompanionError, match="cy has only 3,000 chips"):
        s.raise_to("cy", 3100)


def test_pot_limit_maximum_counts_the_call_first() -> None:
    # docs/decisions.md: the largest raise is the pot once the raiser's call is in it.
    rules = BettingRules(min_bet=100, blinds=(50, 100), limit=Limit.POT_LIMIT)
    s = table(rules, 5000, 5000, 5000, 5000)
    # Pot 150; cy calls 100 first (pot 250), then raises by 250: to 350.
    assert legal(s, ActionKind.RAISE) == LegalAction(ActionKind.RAISE, 200, 350)
    s = s.raise_to("cy", 350)
    # Pot 500; dee calls 350 (pot 850) and raises by 850: to 1,200.
    assert legal(s, ActionKind.RAISE).max == 1200
    assert ActionKind.ALL_IN not in [a.kind for a in s.legal_actions()]
    with pytest.raises(CompanionError, match="pot limit"):
        s.raise_to("dee", 1300)


def test_pot_limit_uses_the_pot_calculator() -> None:
    # One copy of the rule: the engine's range is companion pot limit's.
    rules = BettingRules(min_bet=100, ante=100, limit=Limit.POT_LIMIT)
    s = table(rules, 3000, 3000, 3000).bet_to("ann", 300)
    limits = pot_limit(s.pot, 300, s.full_raise, stack=s.stack_of("ben"))
    assert legal(s, ActionKind.RAISE) == LegalAction(
        ActionKind.RAISE, limits.min_total, limits.max_total
    )


def test_a_player_short_of_the_minimum_raise_may_raise_all_in() -> None:
    s = table(HOLDEM, 1000, 1000, 150)
    assert legal(s, ActionKind.RAISE) == LegalAction(ActionKind.RAISE, 150, 150)
    assert s.all_in("cy").bets == (50, 100, 150)


def test_a_player_covered_by_the_bet_may_only_call_all_in_or_fold() -> None:
    s = table(HOLDEM, 1000, 1000, 80)
    assert s.legal_actions() == (
        LegalAction(ActionKind.FOLD),
        LegalAction(ActionKind.CALL, 80, 80),
        LegalAction(ActionKind.ALL_IN, 80, 80),
    )
    with pytest.raises(CompanionError, match="call all-in or fold"):
        s.raise_to("cy", 200)


def test_nobody_left_to_call_means_no_raise() -> None:
    s = table(HOLDEM, 1000, 2000, 300).all_in("cy").fold("ann")
    assert s.to_act == "ben"
    assert kinds(s) == ["fold", "call"]
    with pytest.raises(CompanionError, match="no other player has chips left to call a raise"):
        s.raise_to("ben", 2000)


def test_amounts_are_whole_units_except_all_in() -> None:
    s = table(dungeon_poker(), 2000, 2000, 2050)
    with pytest.raises(CompanionError, match="not a whole number of 100s of gold"):
        s.raise_to("cy", 250)
    assert s.raise_to("cy", 300).bets[2] == 300
    assert s.all_in("cy").bets[2] == 2050


def test_a_raise_needs_its_amount_and_a_given_amount_must_be_the_current_one() -> None:
    s = table(HOLDEM, 1000, 1000, 1000)
    with pytest.raises(CompanionError, match="needs an amount"):
        s.apply(Action(ActionKind.RAISE, "cy"))
    # A screen that missed a raise sends a call for the old amount: refused, not misapplied.
    s = s.raise_to("cy", 300)
    with pytest.raises(CompanionError, match="call is 300 chips now, not 100"):
        s.apply(Action(ActionKind.CALL, "ann", 100))
    assert s.apply(Action(ActionKind.CALL, "ann", 300)).bets[0] == 300


# -- all-ins and reopening -------------------------------------------------------------------


def test_an_all_in_short_of_a_full_raise_does_not_reopen_the_betting() -> None:
    # Poker TDA rule 47: a limper facing a short all-in may call or fold, not raise.
    s = table(HOLDEM, 5000, 5000, 5000, 125, 5000)
    s = s.call("cy").all_in("dee").call("eve").call("ann").call("ben")
    assert s.to_act == "cy"
    assert kinds(s) == ["fold", "call"]
    with pytest.raises(CompanionError, match="does not reopen|not reopened"):
        s.raise_to("cy", 500)


def test_short_all_ins_that_add_up_to_a_full_raise_reopen_the_betting() -> None:
    # Poker TDA rule 47, its first illustration: 100 bet, all-in to 125, call,
    # all-in to 200, call: the first bettor faces a full raise of 100 and may raise.
    s = table(BettingRules(min_bet=100), 5000, 125, 5000, 200, 5000)
    s = s.bet_to("ann", 100).all_in("ben").call("cy").all_in("dee").call("eve")
    assert s.to_act == "ann"
    assert kinds(s) == ["fold", "call", "raise", "all-in"]
    assert legal(s, ActionKind.RAISE).min == 300
    # cy called 125 and faces only 75 more: not reopened for cy.
    s = s.call("ann")
    assert kinds(s) == ["fold", "call"]


def test_a_player_who_has_not_acted_may_raise_a_short_all_in() -> None:
    s = table(HOLDEM, 5000, 5000, 5000, 125, 5000).call("cy").all_in("dee")
    assert "raise" in kinds(s)  # eve has not acted yet
    s = s.call("eve").call("ann")
    assert "raise" in kinds(s)  # the big blind has not acted yet either


def test_an_all_in_player_has_no_more_turns() -> None:
    s = table(HOLDEM, 5000, 5000, 300).all_in("cy")
    with pytest.raises(CompanionError, match="cy is all-in"):
        s.fold("cy")


# -- turns and the end of a round ------------------------------------------------------------


def test_players_act_in_turn() -> None:
    s = table(HOLDEM, 1000, 1000, 1000)
    with pytest.raises(CompanionError, match="ann cannot call: it is cy's turn"):
        s.call("ann")
    with pytest.raises(CompanionError, match="'zed' is not in this deal"):
        s.call("zed")
    s = s.fold("cy")
    with pytest.raises(CompanionError, match="cy folded"):
        s.call("cy")


def test_the_round_closes_when_every_live_player_has_acted_and_matched() -> None:
    s = table(HOLDEM, 1000, 1000, 1000).raise_to("cy", 300).call("ann")
    assert s.phase is Phase.BETTING and s.to_act == "ben"
    s = s.raise_to("ben", 600)
    assert s.to_act == "cy"  # the raise makes everyone act again
    s = s.call("cy").call("ann")
    assert s.phase is Phase.CLOSED
    assert s.to_act is None and s.legal_actions() == ()
    with pytest.raises(CompanionError, match="deal the flop"):
        s.check("ann")


def test_an_uncalled_bet_goes_back_to_its_bettor() -> None:
    s = table(HOLDEM, 1000, 1000, 1000).call("cy").call("ann").check("ben").next_street()
    s = s.check("ann").bet_to("ben", 500).fold("cy").fold("ann")
    assert s.phase is Phase.OVER
    assert s.winner == "ben"
    assert s.stacks == (900, 900, 900)  # ben's 500 came back: nobody called it
    assert s.pot == 300


def test_folding_when_everyone_else_has_folded_ends_the_deal() -> None:
    s = table(HOLDEM, 1000, 1000, 1000).fold("cy").fold("ann")
    assert s.phase is Phase.OVER and s.winner == "ben"
    with pytest.raises(CompanionError, match="ben won it when everyone else folded"):
        s.next_street()
    assert s.settle("ben").payouts == {"ann": 0, "ben": 100, "cy": 0}


def test_folding_is_refused_when_checking_is_free() -> None:
    s = table(HOLDEM, 1000, 1000, 1000).call("cy").call("ann")
    with pytest.raises(CompanionError, match="nothing to call, so ben may check"):
        s.fold("ben")


def test_calling_needs_a_bet_and_checking_refuses_one() -> None:
    s = table(HOLDEM, 1000, 1000, 1000)
    with pytest.raises(CompanionError, match="cy cannot check: the bet is 100"):
        s.check("cy")
    s = s.call("cy").call("ann")
    with pytest.raises(CompanionError, match="no bet to call"):
        s.call("ben")


def test_the_last_round_ends_in_the_showdown() -> None:
    s = table(HOLDEM, 1000, 1000).call("ben").check("ann")
    for _ in range(3):
        s = s.next_street().check("ann").check("ben")
    assert s.phase is Phase.SHOWDOWN and s.street == "river"
    assert s.settle("ann > ben").payouts == {"ann": 200, "ben": 0}
    with pytest.raises(CompanionError, match="it is the showdown"):
        s.next_street()


def test_once_everyone_is_all_in_the_rest_of_the_board_needs_no_betting() -> None:
    s = table(HOLDEM, 1000, 400, 1000).all_in("cy").fold("ann").call("ben")
    assert s.phase is Phase.CLOSED and s.betting_done
    for street in ("flop", "turn", "river"):
        s = s.next_street()
        assert s.street == street and s.to_act is None
    assert s.phase is Phase.SHOWDOWN
    assert s.stacks == (950, 0, 600)  # cy's 600 above ben's 400 came back


def test_a_lone_player_with_chips_does_not_bet_against_all_in_players() -> None:
    s = table(HOLDEM, 1000, 1000, 300).all_in("cy").call("ann").call("ben")
    s = s.next_street()
    assert s.to_act == "ann"  # ann and ben still have chips: they bet on the side
    s = s.bet_to("ann", 700).fold("ben")
    assert s.live_players == ("ann", "cy")
    assert s.phase is Phase.CLOSED and s.betting_done
    assert s.stacks[0] == 700  # nobody called ann's bet: it came back


# -- pots ------------------------------------------------------------------------------------


def test_side_pots_come_from_the_pot_calculator() -> None:
    s = table(HOLDEM, 1000, 250, 600, 1000)
    s = s.all_in("cy").call("dee").call("ann").call("ben")
    assert s.pots() == build_pots(s.contributions)
    assert [(p.amount, p.eligible) for p in s.pots()] == [
        (1000, ("ann", "ben", "cy", "dee")),
        (1050, ("ann", "cy", "dee")),
    ]


def test_settling_pays_each_pot_to_the_best_hand_it_may_win() -> None:
    s = table(HOLDEM, 1000, 250, 600, 1000)
    s = s.all_in("cy").call("dee").call("ann").call("ben")
    settled = s.settle("ben > cy > ann > dee")
    assert settled.payouts == {"ann": 0, "ben": 1000, "cy": 1050, "dee": 0}


def test_dead_money_joins_the_main_pot_and_buys_no_share() -> None:
    s = table(HOLDEM, 1000, 1000, 100).add_dead_money(40, "ann").all_in("cy")
    s = s.call("ann").check("ben")
    assert s.dead_money == 40 and s.stacks[0] == 860
    assert [(p.amount, p.eligible) for p in s.pots()] == [(340, ("ann", "ben", "cy"))]


def test_dead_money_cannot_be_more_than_the_payer_has() -> None:
    s = table(HOLDEM, 1000, 1000, 100)
    with pytest.raises(CompanionError, match="cy has only 100 chips"):
        s.add_dead_money(200, "cy")


# -- Dungeon Poker ---------------------------------------------------------------------------


def test_dungeon_poker_two_equal_blinds_left_of_the_dealer() -> None:
    # 000, "A single round of the game": the two players left of the dealer place
    # the same blind; the player left of the blind bets begins.
    s = table(dungeon_poker(300), 3000, 3000, 3000, 3000)
    assert s.bets == (300, 300, 0, 0)
    assert s.to_act == "cy"
    assert kinds(s) == ["fold", "call", "raise", "all-in"]


def test_dungeon_poker_the_smallest_raise_is_the_blind() -> None:
    # 000, "A single round of the game": a raise is at least the level's blind.
    s = table(dungeon_poker(100), 5000, 5000, 5000, 5000).raise_to("cy", 1000)
    assert legal(s, ActionKind.RAISE).min == 1100


def test_dungeon_poker_pot_limit_maximum() -> None:
    s = table(dungeon_poker(100, limit=Limit.POT_LIMIT), 5000, 5000, 5000)
    # Pot 200, cy's call of 100 counted in: a raise of 300, to 400.
    assert legal(s, ActionKind.RAISE) == LegalAction(ActionKind.RAISE, 200, 400)


def test_dungeon_poker_the_blind_players_may_check_preflop() -> None:
    s = table(dungeon_poker(100), 5000, 5000, 5000).call("cy")
    assert s.to_act == "ann" and kinds(s)[0] == "check"
    s = s.check("ann")
    assert s.to_act == "ben" and kinds(s)[0] == "check"


def test_reckless_charge_check_is_not_a_valid_action() -> None:
    # 000, Reckless charge: only bet, raise, call or fold.
    s = table(dungeon_poker(100, check_allowed=False), 5000, 5000, 5000).call("cy")
    assert kinds(s) == ["fold", "raise", "all-in"]
    with pytest.raises(CompanionError, match="checking is not allowed"):
        s.check("ann")
    s = s.fold("ann").raise_to("ben", 200).call("cy").next_street()
    assert kinds(s) == ["fold", "bet", "all-in"]


def test_trench_warfare_the_largest_bet_or_raise_is_the_blind() -> None:
    # 000, Trench warfare: a bet or raise is the blind at most, again on each turn.
    s = table(dungeon_poker(200, max_raise=200), 5000, 5000, 5000)
    assert legal(s, ActionKind.RAISE) == LegalAction(ActionKind.RAISE, 400, 400)
    s = s.raise_to("cy", 400)
    assert legal(s, ActionKind.RAISE) == LegalAction(ActionKind.RAISE, 600, 600)
    with pytest.raises(CompanionError, match="at most 200"):
        s.raise_to("ann", 800)


def test_cowards_debt_the_folder_pays_into_the_pot() -> None:
    # 000, Coward's debt: a player who folds pays 200 gold to the pot.
    s = table(dungeon_poker(100), 3000, 3000, 3000).fold("cy").add_dead_money(200, "cy")
    assert s.stacks[2] == 2800 and s.pot == 400


def test_treasure_ship_a_blind_from_the_bank() -> None:
    s = table(dungeon_poker(300), 3000, 3000, 3000).add_dead_money(300)
    assert s.pot == 900 and sum(s.stacks) == 8400


def test_dungeon_poker_two_players_as_seated() -> None:
    # Both pay the blind; seated as they sit (heads_up_reversed off), the player
    # left of the dealer acts first in every round.
    s = table(dungeon_poker(100, heads_up_reversed=False), 3000, 3000)
    assert s.bets == (100, 100) and s.to_act == "ann"


# -- Dragon Kings ----------------------------------------------------------------------------


def test_dragon_kings_points_blinds_and_antes() -> None:
    rules = BettingRules(min_bet=10, blinds=(5, 10), ante=1, currency="points")
    s = table(rules, 400, 400, 400, 7)
    assert s.pot == 4 + 15
    assert s.to_act == "cy"
    assert s.contributions["dee"] == 1
    with pytest.raises(CompanionError, match="ann cannot call: it is cy's turn"):
        s.call("ann")


def test_dragon_kings_a_misdeal_penalty_goes_into_the_next_pot() -> None:
    # 003, Misdeals: 40 points into the pot of the next deal, money nobody bet.
    rules = BettingRules(min_bet=10, blinds=(5, 10), currency="points")
    s = table(rules, 400, 400, 400, post=False).add_dead_money(40, "cy").post_all()
    assert s.pot == 55 and s.stacks[2] == 360
    s = s.all_in("cy").call("ann").call("ben")
    assert s.pots()[0].amount == 360 * 3 + 40


def test_dragon_kings_two_guests_the_dealer_posts_the_small_blind() -> None:
    # docs/decisions.md: with two guests the dealer posts the small blind, acts
    # first before the flop and last after it, as in Hold'em.
    players = seat_order(["ann", "ben"], "ann")
    s = BettingState.start(
        BettingRules(min_bet=10, blinds=(5, 10)), dict.fromkeys(players, 400)
    ).post_all()
    assert s.bet_of("ann") == 5 and s.to_act == "ann"
    s = s.call("ann").check("ben").next_street()
    assert s.to_act == "ben"


# -- the state as stored and shown -----------------------------------------------------------


def test_the_state_round_trips_through_json_and_replays_its_steps() -> None:
    s = table(HOLDEM, 1000, 1000, 1000).raise_to("cy", 300).call("ann").fold("ben")
    again = BettingState.from_json(s.to_json())
    assert again == s
    assert again.stacks == s.stacks and again.to_act == s.to_act
    assert [a.to_json() for a in s.history][-1] == {"action": "fold", "player": "ben"}


def test_a_corrupt_state_is_refused_naming_the_step() -> None:
    data = table(HOLDEM, 1000, 1000, 1000).raise_to("cy", 300).to_json()
    data["history"][2] = {"action": "raise", "player": "cy", "amount": 150}
    with pytest.raises(CompanionError, match=r"betting state: step 3 \(cy raises to 150\)"):
        BettingState.from_json(data)
    with pytest.raises(CompanionError, match="betting state: players must be a list"):
        BettingState.from_json({**data, "players": "ann"})
    with pytest.raises(CompanionError, match="is not an action"):
        BettingState.from_json({**data, "history": [{"action": "shove"}]})


def test_one_action_is_one_undo() -> None:
    s = table(HOLDEM, 1000, 1000, 1000)
    after = s.raise_to("cy", 300)
    assert after.undo() == s
    assert after.undo().to_act == "cy"
    with pytest.raises(CompanionError, match="nothing to undo"):
        BettingState.start(HOLDEM, {"a": 10, "b": 10}).undo()


def test_the_view_shows_whose_turn_what_they_may_do_and_the_chips() -> None:
    view = table(HOLDEM, 1000, 1000, 1000).view().to_json()
    assert view["street"] == "preflop" and view["to_act"] == "cy"
    assert view["legal"] == [
        {"action": "fold", "min": None, "max": None},
        {"action": "call", "min": 100, "max": 100},
        {"action": "raise", "min": 200, "max": 1000},
        {"action": "all-in", "min": 1000, "max": 1000},
    ]
    assert view["pot"] == 150
    assert view["bets"] == {"ann": 50, "ben": 100, "cy": 0}
    assert view["stacks"] == {"ann": 950, "ben": 900, "cy": 1000}


def test_the_rules_are_checked_when_made() -> None:
    with pytest.raises(CompanionError, match="the minimum bet must be 1"):
        BettingRules(min_bet=0)
    with pytest.raises(CompanionError, match="not a whole number of 100s of gold"):
        BettingRules(min_bet=150, unit=100, currency="gold")
    with pytest.raises(CompanionError, match="3 blinds need at least 3 players"):
        BettingState.start(BettingRules(min_bet=2, blinds=(1, 2, 4)), {"a": 10, "b": 10})
    with pytest.raises(CompanionError, match="unknown field 'limt'"):
        BettingRules.from_json({"min_bet": 2, "limt": "no"})


def test_a_deal_needs_two_players_with_chips() -> None:
    with pytest.raises(CompanionError, match="seats 2 to 23 players"):
        BettingState.start(HOLDEM, {"ann": 100})
    with pytest.raises(CompanionError, match="ben has no chips to play with"):
        BettingState.start(HOLDEM, {"ann": 100, "ben": 0})


# -- properties over random play --------------------------------------------------------------


def _random_play(seed: int) -> list[BettingState]:
    rng = random.Random(seed)
    n = rng.randint(2, 9)
    rules = BettingRules(
        min_bet=10,
        blinds=rng.choice(((5, 10), (10, 10), ())),
        ante=rng.choice((0, 0, 2)),
        limit=rng.choice(list(Limit)),
        raise_rule=rng.choice(list(RaiseRule)),
        check_allowed=rng.random() < 0.8,
    )
    s = BettingState.start(rules, {f"p{i}": rng.randint(1, 2000) for i in range(n)})
    states = [s]
    while s.phase not in (Phase.SHOWDOWN, Phase.OVER):
        if s.phase is Phase.POSTING:
            s = s.apply(s.due_posts()[0])
        elif s.phase is Phase.CLOSED:
            s = s.next_street()
        else:
            move = rng.choice(s.legal_actions())
            amount = None
            if move.kind in (ActionKind.BET, ActionKind.RAISE):
                assert move.min is not None and move.max is not None
                amount = rng.randint(move.min, move.max)
            s = s.apply(Action(move.kind, s.to_act, amount))
        states.append(s)
    return states


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_chips_are_never_made_or_lost(seed: int) -> None:
    for s in _random_play(seed):
        assert sum(s.stacks) + s.pot == sum(s.starting_stacks)
        on_the_table = sum(s.bets) if s.phase in (Phase.POSTING, Phase.BETTING) else 0
        assert sum(p.amount for p in s.pots()) == s.pot - on_the_table
        assert all(stack >= 0 for stack in s.stacks)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32))
def test_every_state_round_trips_and_every_step_undoes(seed: int) -> None:
    states = _random_play(seed)
    for before, after in itertools.pairwise(states):
        assert after.undo() == before
    last = states[-1]
    assert BettingState.from_json(last.to_json()).stacks == last.stacks


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_every_listed_action_is_legal_and_the_rest_are_refused(seed: int) -> None:
    for s in _random_play(seed):
        if s.to_act is None:
            continue
        listed = {a.kind for a in s.legal_actions()}
        for kind in (ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.ALL_IN):
            assert s.can(Action(kind, s.to_act)) == (kind in listed)
        for move in s.legal_actions():
            if move.kind in (ActionKind.BET, ActionKind.RAISE):
                assert move.min is not None and move.max is not None
                assert s.can(Action(move.kind, s.to_act, move.min))
                assert s.can(Action(move.kind, s.to_act, move.max))
                assert not s.can(Action(move.kind, s.to_act, move.max + 1))


def test_seat_order_starts_left_of_the_button() -> None:
    assert seat_order(["ann", "ben", "cy"], "cy") == ["ann", "ben", "cy"]
    with pytest.raises(CompanionError, match="the button 'zed' is not at the table"):
        seat_order(["ann", "ben"], "zed")


def test_pot_rules_of_a_game_settle_the_engines_pots() -> None:
    s = table(dungeon_poker(100), 1000, 1000, 1000).call("cy").check("ann").check("ben")
    for _ in range(3):
        s = s.next_street().check("ann").check("ben").check("cy")
    settled = s.settle("ann = ben > cy", pot_rules("dungeon-poker"))
    assert settled.payouts == {"ann": 100, "ben": 100, "cy": 0}
    assert settled.carry_over == 100


def test_the_docs_betting_round_runs_and_its_json_is_the_views() -> None:
    import json
    import re
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "betting.md").read_text("utf-8")
    [code] = re.findall(r"```python\n(.*?)```", doc, re.DOTALL)
    space: dict[str, object] = {}
    exec(code, space)
    final = space["s"]
    assert isinstance(final, BettingState)
    assert (final.street, final.to_act, final.pot) == ("flop", "ann", 1050)
    [shown] = re.findall(r"```json\n(.*?)```", doc, re.DOTALL)
    rules = BettingRules(min_bet=100, blinds=(50, 100), limit=Limit.POT_LIMIT)
    start = BettingState.start(rules, dict.fromkeys(["ann", "ben", "cy", "dee"], 2000))
    assert json.loads(shown) == start.post_all().view().to_json()
