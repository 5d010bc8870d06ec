"""Dungeon Poker's betting at the table: `table new --limit`, blinds at `table deal`, `table bet`.

Each rule of 000 the table's betting keeps has a test named after it; the
engine's own rules are tested in tests/poker (and against PokerKit).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.games.dungeon_poker import table_rules as dp
from companion.table import TableStore, Transaction, open_store
from tests.conftest import invoke

PLAYERS = "ann,ben,cy,dee"


def ok(*args: str) -> str:
    result = invoke(*args)
    assert result.exit_code == 0, result.stdout + result.stderr
    return result.stdout


def refused(*args: str) -> str:
    result = invoke(*args)
    assert result.exit_code != 0, result.stdout
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def betting() -> dict[str, Any]:
    doc = json.loads(ok("table", "show", "--json"))
    assert doc["betting"] is not None
    return dict(doc["betting"])


def new_table(
    state_file: Path,
    players: str = PLAYERS,
    limit: str = "pot",
    encounter: str | None = None,
    seed: int = 3,
) -> None:
    ok(
        "table",
        "new",
        "fri",
        "--game",
        "dungeon-poker",
        "--players",
        players,
        "--seed",
        str(seed),
        "--limit",
        limit,
    )
    with open_store(state_file) as store, store.transaction() as tx:
        table = tx.table()
        for p in table.players:
            dp.choose(tx, table, p, tx.pile(table, "characters", "held", p)[0].card_id)
        if encounter is not None:
            _encounter(tx, encounter)


def _encounter(tx: Transaction, card: str) -> None:
    table = tx.table()
    copy = next(c for c in tx.pile(table, "encounters", "draw") if c.card_id == card)
    tx.arrange(table, [copy], "draw")
    dp.enter_level(tx, table, 2)


def gold(state_file: Path) -> dict[str, int]:
    with open_store(state_file) as store, store.transaction(write=False) as tx:
        from companion.games.dungeon_poker.state import gold_of

        return gold_of(tx, tx.table())


# -- the choice of the group ---------------------------------------------------------------------


def test_the_group_chooses_no_limit_or_pot_limit_when_the_table_is_made(state_file: Path) -> None:
    new_table(state_file, limit="no")
    doc = json.loads(ok("table", "show", "--json"))
    assert doc["table"]["options"]["limit"] == "no"
    assert "limit no" in ok("table", "show").splitlines()[0]


def test_a_limit_that_is_neither_no_nor_pot_is_refused(state_file: Path) -> None:
    line = refused(
        "table", "new", "x", "--game", "dungeon-poker", "--players", PLAYERS, "--limit", "fixed"
    )
    assert "--limit fixed" in line and "'pot'" in line


def test_a_table_made_without_a_limit_tracks_no_bets_and_says_how_to(state_file: Path) -> None:
    ok("table", "new", "fri", "--game", "dungeon-poker", "--players", PLAYERS, "--seed", "3")
    with open_store(state_file) as store, store.transaction() as tx:
        table = tx.table()
        for p in table.players:
            dp.choose(tx, table, p, tx.pile(table, "characters", "held", p)[0].card_id)
    ok("table", "deal")
    assert json.loads(ok("table", "show", "--json"))["betting"] is None
    assert "--limit no|pot" in refused("table", "bet", "dee", "call")


# -- blinds and turns -----------------------------------------------------------------------------


def test_the_two_players_left_of_the_dealer_post_the_same_blind(state_file: Path) -> None:
    new_table(state_file)
    said = ok("table", "deal")
    assert "ann deals; blinds posted: ben 100, cy 100; dee to act" in said
    b = betting()
    assert b["bets"] == {"ben": 100, "cy": 100, "dee": 0, "ann": 0}
    assert b["pot"] == 200 and b["dealer"] == "ann"


def test_the_player_left_of_the_blinds_begins_and_may_pay_raise_or_fold(state_file: Path) -> None:
    new_table(state_file)
    ok("table", "deal")
    b = betting()
    assert b["to_act"] == "dee"
    # Pot-Limit: the pot (200) with dee's call (100) counted in, on top of the call.
    assert b["legal"] == [
        {"action": "fold", "min": None, "max": None},
        {"action": "call", "min": 100, "max": 100},
        {"action": "raise", "min": 200, "max": 400},
    ]
    assert "dee to act: fold, call 100, raise to 200-400" in ok("table", "show")


def test_the_dealer_moves_one_seat_left_each_deal(state_file: Path) -> None:
    new_table(state_file)
    ok("table", "deal")
    ok("table", "deal")
    b = betting()
    assert b["dealer"] == "ben"
    assert b["bets"] == {"cy": 100, "dee": 100, "ann": 0, "ben": 0}
    assert b["to_act"] == "ann"


def test_heads_up_both_pay_the_blind_and_the_dealer_acts_first_before_the_flop(
    state_file: Path,
) -> None:
    new_table(state_file, players="ann,ben")
    ok("table", "deal")
    b = betting()
    assert b["bets"] == {"ben": 100, "ann": 100}
    assert b["to_act"] == "ann"  # the dealer
    ok("table", "bet", "ann", "check")
    ok("table", "bet", "ben", "check")
    ok("table", "board")
    assert betting()["to_act"] == "ben"  # from the flop on, the other player first


def test_after_the_flop_the_player_left_of_the_dealer_begins(state_file: Path) -> None:
    new_table(state_file)
    ok("table", "deal")
    for p in ("dee", "ann"):
        ok("table", "bet", p, "call")
    for p in ("ben", "cy"):  # the blinds are the same: nothing to call
        ok("table", "bet", p, "check")
    ok("table", "board")
    b = betting()
    assert b["street"] == "flop" and b["to_act"] == "ben"
    assert b["pots"] == [{"amount": 400, "eligible": ["ben", "cy", "dee", "ann"]}]


# -- refusals that name the rule ------------------------------------------------------------------


def test_an_action_out_of_turn_is_refused_naming_whose_turn_it_is(state_file: Path) -> None:
    new_table(state_file)
    ok("table", "deal")
    assert refused("table", "bet", "ann", "call") == "error: ann cannot call: it is dee's turn"


def test_a_raise_below_one_blind_more_is_refused(state_file: Path) -> None:
    new_table(state_file)
    ok("table", "deal")
    line = refused("table", "bet", "dee", "raise", "150")
    assert "the smallest raise is to 200" in line and "at least the minimum bet, 100" in line


def test_a_raise_above_the_pot_is_refused_under_pot_limit(state_file: Path) -> None:
    new_table(state_file)
    ok("table", "deal")
    line = refused("table", "bet", "dee", "raise", "500")
    assert "the largest raise is to 400 (pot limit" in line


def test_no_limit_lets_a_player_raise_every_coin_but_not_more(state_file: Path) -> None:
    new_table(state_file, limit="no")
    ok("table", "deal")
    stack = betting()["stacks"]["dee"]
    line = refused("table", "bet", "dee", "raise", str(stack + 100))
    assert f"dee has only {stack:,} gold" in line
    ok("table", "bet", "dee", "raise", str(stack))
    assert betting()["all_in"] == ["dee"]


def test_a_bet_in_part_coins_is_refused(state_file: Path) -> None:
    new_table(state_file)
    ok("table", "deal")
    assert "whole number of 100s of gold" in refused("table", "bet", "dee", "raise", "250")


def test_a_word_that_is_not_an_action_is_refused(state_file: Path) -> None:
    new_table(state_file)
    ok("table", "deal")
    assert "'shove' is not a betting action" in refused("table", "bet", "dee", "shove")
    assert "needs the amount" in refused("table", "bet", "dee", "raise")


# -- streets, undo, the showdown -----------------------------------------------------------------


def test_the_next_street_waits_for_the_betting_round_to_end(state_file: Path) -> None:
    new_table(state_file)
    ok("table", "deal")
    assert "the preflop betting is not over: it is dee's turn" in refused("table", "board")


def test_one_undo_takes_back_one_action(state_file: Path) -> None:
    new_table(state_file)
    ok("table", "deal")
    ok("table", "bet", "dee", "raise", "300")
    ok("table", "bet", "ann", "call")
    ok("table", "undo")
    b = betting()
    assert b["to_act"] == "ann" and b["bets"]["ann"] == 0 and b["bets"]["dee"] == 300
    ok("table", "undo")
    assert betting()["to_act"] == "dee"


def test_the_deal_itself_undone_takes_its_blinds_back(state_file: Path) -> None:
    new_table(state_file)
    ok("table", "deal")
    ok("table", "undo")
    assert json.loads(ok("table", "show", "--json"))["betting"] is None


def _play_to_showdown() -> None:
    """dee raises to 300, ann calls, ben folds, cy calls; flop: cy bets 200, dee and ann call;
    turn and river checked round."""
    ok("table", "deal")
    ok("table", "bet", "dee", "raise", "300")
    ok("table", "bet", "ann", "call")
    ok("table", "bet", "ben", "fold")
    ok("table", "bet", "cy", "call")
    ok("table", "board")
    ok("table", "bet", "cy", "bet", "200")
    ok("table", "bet", "dee", "call")
    ok("table", "bet", "ann", "call")
    for _ in ("turn", "river"):
        ok("table", "board")
        for p in ("cy", "dee", "ann"):
            ok("table", "bet", p, "check")


def test_the_showdown_needs_no_amounts_when_the_table_tracked_the_bets(state_file: Path) -> None:
    new_table(state_file)
    before = gold(state_file)
    _play_to_showdown()
    assert betting()["phase"] == "showdown"
    doc = json.loads(ok("table", "showdown", "--result", "cy > dee > ann", "--json"))
    after = gold(state_file)
    assert after["ben"] == before["ben"] - 100
    assert after["dee"] == before["dee"] - 500 and after["ann"] == before["ann"] - 500
    assert after["cy"] == before["cy"] + 1_600 - 500
    assert doc["pots"][0]["amount"] == 1_600


def test_the_tracked_bets_settle_as_the_same_bets_typed(state_file: Path, tmp_path: Path) -> None:
    new_table(state_file)
    _play_to_showdown()
    tracked = json.loads(ok("table", "showdown", "--result", "cy > dee > ann", "--json"))
    ok("table", "undo")
    typed = json.loads(
        ok(
            "table",
            "showdown",
            "ben=100",
            "cy=500",
            "dee=500",
            "ann=500",
            "--fold",
            "ben",
            "--result",
            "cy > dee > ann",
            "--json",
        )
    )
    assert tracked["pots"] == typed["pots"] and tracked["net"] == typed["net"]


def test_the_showdown_waits_for_the_betting_unless_the_amounts_are_typed(
    state_file: Path,
) -> None:
    new_table(state_file)
    ok("table", "deal")
    line = refused("table", "showdown", "--result", "ann > ben > cy > dee")
    assert "the preflop betting is not over: it is dee's turn" in line and "NAME=AMOUNT" in line
    ok("table", "showdown", "all=100", "--result", "ann > ben > cy > dee")


def test_when_everyone_else_folds_the_last_player_wins_the_pot(state_file: Path) -> None:
    new_table(state_file)
    before = gold(state_file)
    ok("table", "deal")
    ok("table", "bet", "dee", "raise", "300")
    for p in ("ann", "ben"):
        ok("table", "bet", p, "fold")
    said = ok("table", "bet", "cy", "fold")
    assert "everyone else folded: dee wins" in said
    assert "the deal is over: dee won it" in refused("table", "board")
    ok("table", "showdown")
    after = gold(state_file)
    assert after["dee"] == before["dee"] + 200 and after["ben"] == before["ben"] - 100


def test_every_action_is_in_the_log_in_words(state_file: Path) -> None:
    new_table(state_file)
    ok("table", "deal")
    ok("table", "bet", "dee", "raise", "300")
    log = json.loads(ok("table", "log", "--json", "-n", "1"))["history"][0]
    assert log["action"] == "bet" and log["actor"] is None
    assert log["summary"] == "dee raises to 300 (preflop) · pot 500 · ann to act"


# -- encounters and abilities through the engine -------------------------------------------------


def test_reckless_charge_leaves_no_check_to_the_player_with_nothing_to_call(
    state_file: Path,
) -> None:
    new_table(state_file, encounter="reckless-charge")
    ok("table", "deal")
    for p in ("dee", "ann"):
        ok("table", "bet", p, "call")
    b = betting()
    assert b["to_act"] == "ben"
    assert [a["action"] for a in b["legal"]] == ["fold", "raise"]
    assert "checking is not allowed" in refused("table", "bet", "ben", "check")


def test_trench_warfare_caps_a_bet_or_raise_at_one_blind(state_file: Path) -> None:
    new_table(state_file, limit="no", encounter="trench-warfare")
    ok("table", "deal")
    blind = betting()["bets"]["ben"]
    raise_ = next(a for a in betting()["legal"] if a["action"] == "raise")
    assert raise_["min"] == raise_["max"] == 2 * blind
    assert "at most" in refused("table", "bet", "dee", "raise", str(3 * blind))


def test_cowards_debt_a_folder_pays_200_gold_into_the_pot(state_file: Path) -> None:
    new_table(state_file, encounter="cowards-debt")
    before = gold(state_file)
    ok("table", "deal")
    pot = betting()["pot"]
    said = ok("table", "bet", "dee", "fold")
    assert "paying 200 into the pot for folding" in said
    b = betting()
    assert b["pot"] == pot + 200 and b["stacks"]["dee"] == before["dee"] - 200


def test_treasure_ship_puts_a_blind_from_the_bank_in_the_pot_from_the_start(
    state_file: Path,
) -> None:
    new_table(state_file, encounter="treasure-ship")
    ok("table", "deal")
    b = betting()
    blind = b["bets"]["ben"]
    assert b["pot"] == 3 * blind
    # the pot limit counts it: the pot (3 blinds) and the call, on top of the call
    raise_ = next(a for a in b["legal"] if a["action"] == "raise")
    assert raise_["max"] == blind + 4 * blind


def test_gold_moved_during_the_deal_moves_the_stack_behind(state_file: Path) -> None:
    new_table(state_file)
    ok("table", "deal")
    before = betting()["stacks"]["dee"]
    ok("table", "gold", "dee", "+500", "--note", "a miscount")
    assert betting()["stacks"]["dee"] == before + 500


def test_a_player_sitting_out_still_pays_the_blind_and_has_no_turn(
    store: TableStore, state_file: Path
) -> None:
    new_table(state_file)
    from companion.games.dungeon_poker import dealt

    with store.transaction() as tx:
        dealt.sit_out_next(tx, tx.table(), ["ben"], "Pit Trap")
    ok("table", "deal")
    b = betting()
    assert "ben" not in b["bets"] and b["put_in"]["ben"] == 100
    assert b["bets"] == {"cy": 100, "dee": 0, "ann": 0}
    assert b["pot"] == 200 and b["to_act"] == "dee"
    assert "sits this deal out" in refused("table", "bet", "ben", "call")


@pytest.mark.parametrize("limit", ["no", "pot"])
def test_the_betting_survives_a_new_terminal(state_file: Path, limit: str) -> None:
    new_table(state_file, limit=limit)
    ok("table", "deal")
    ok("table", "bet", "dee", "call")
    with open_store(state_file) as store, store.transaction(write=False) as tx:
        from companion.table.betting import load

        kept = load(tx, tx.table())
    assert kept is not None and kept.state.to_act == "ann"


def test_barbarian_rage_is_used_on_his_turn_and_bets_or_raises_two_blinds_at_least(
    state_file: Path,
) -> None:
    ok(
        "table",
        "new",
        "eve",
        "--game",
        "dungeon-poker",
        "--players",
        PLAYERS,
        "--seed",
        "11",
        "--limit",
        "no",
    )
    chosen = {"ann": "nobble", "ben": "witch", "cy": "barbarian", "dee": "gnome"}
    for player, character in chosen.items():
        ok("table", "choose", player, character)
    ok("table", "deal")
    assert "cannot use Barbarian rage now: it is dee's turn" in refused(
        "table", "ability", "cy", "rage"
    )
    ok("table", "bet", "dee", "call")
    ok("table", "bet", "ann", "call")
    ok("table", "bet", "ben", "check")
    assert "by 200 gold at least" in ok("table", "ability", "cy", "rage")
    assert "Barbarian rage bets or raises by at least 200" in refused("table", "bet", "cy", "check")
    assert "(to 300 or more)" in refused("table", "bet", "cy", "raise", "200")
    ok("table", "bet", "cy", "raise", "300")
    ok("table", "bet", "dee", "raise", "400")  # the rule binds the Barbarian only


def test_the_barons_road_toll_is_paid_on_each_players_turn_or_they_fold(
    state_file: Path,
) -> None:
    """Appendix B, Baron: as he comes every player pays one blind into the pot or folds.
    On a tracked table each player still in owes it on their next turn: any action but a
    fold pays it first; a fold pays nothing, even with nothing to call."""
    from tests.table.test_dp_table_findings import rig

    new_table(state_file)
    ok("table", "deal")
    before = gold(state_file)
    rig("monsters", "baron")
    said = ok("table", "monster")
    assert "ben, cy, dee and ann pay 100 gold into the pot on their next turn" in said
    assert "pays the Baron's road toll (100) and calls 100" in ok("table", "bet", "dee", "call")
    assert "rather than pay the Baron's road toll" in ok("table", "bet", "ann", "fold")
    b = betting()
    assert b["toll"]["ben"] == {"amount": 100, "rule": "the Baron's road toll"}
    assert [a["action"] for a in b["legal"]][:2] == ["fold", "check"]
    ok("table", "bet", "ben", "fold")  # nothing to call, yet he may fold rather than pay
    assert "pays the Baron's road toll (100) and checks" in ok("table", "bet", "cy", "check")
    b = betting()
    assert sorted(b["folded"]) == ["ann", "ben"] and b["pot"] == 100 + 100 + 100 + 100 + 100
    assert b["stacks"]["dee"] == before["dee"] - 200 and b["stacks"]["ann"] == before["ann"]
    assert b["put_in"] == {"ben": 100, "cy": 200, "dee": 200, "ann": 0}


def test_the_road_toll_is_refused_to_a_player_who_cannot_pay_it_and_one_undo_takes_it_back(
    state_file: Path,
) -> None:
    from tests.table.test_dp_table_findings import rig

    new_table(state_file)
    ok("table", "deal")
    rig("monsters", "baron")
    ok("table", "monster")
    assert "it is dee's turn" in refused("table", "bet", "ann", "call")
    ok("table", "bet", "dee", "raise", "300")
    pot = betting()["pot"]
    assert pot == 100 + 100 + 100 + 300
    ok("table", "undo")
    assert betting()["pot"] == 200 and betting()["to_act"] == "dee"


def test_a_road_toll_still_owed_when_the_betting_ends_is_paid_at_the_showdown(
    state_file: Path,
) -> None:
    """The Baron came on the river after ben, cy and dee had checked; ann's check paid
    her toll and closed the betting before their turn came again: the showdown takes
    the toll they owe."""
    from tests.table.test_dp_table_findings import rig

    new_table(state_file)
    ok("table", "deal")
    for p, a in (("dee", "call"), ("ann", "call"), ("ben", "check"), ("cy", "check")):
        ok("table", "bet", p, a)
    for street in ("flop", "turn", "river"):
        ok("table", "board")
        for p in ("ben", "cy", "dee", "ann"):
            if street == "river" and p == "ann":
                rig("monsters", "baron")
                ok("table", "monster")
            ok("table", "bet", p, "check")
    assert betting()["pot"] == 4 * 100 + 100  # ann's toll; the others' still owed
    settled = json.loads(
        ok("table", "showdown", "--result", "cy > baron > ben > dee > ann", "--json")
    )
    assert settled["pots"][0]["amount"] == 4 * 100 + 4 * 100


def test_monsters_play_all_in_with_no_turn_and_the_tracked_showdown_settles_them_as_typed(
    state_file: Path, tmp_path: Path
) -> None:
    """000, Monsters: a monster always plays all-in and has no turn of action. On a
    tracked table it takes no seat in the betting (the turn order stays the players'),
    and the showdown from the tracked bets pays the pots as the same bets typed."""
    from tests.table.test_dp_table_findings import rig

    new_table(state_file)
    ok("table", "deal")
    rig("monsters", "orc")
    ok("table", "monster")
    b = betting()
    assert b["to_act"] == "dee" and set(b["bets"]) == {"ann", "ben", "cy", "dee"}
    ok("table", "bet", "dee", "raise", "300")
    for p in ("ann", "ben"):
        ok("table", "bet", p, "fold")
    ok("table", "bet", "cy", "call")
    for _ in range(3):
        ok("table", "board")
        for p in ("cy", "dee"):
            ok("table", "bet", p, "check")
    result = ("--result", "orc > cy > dee")
    tracked = json.loads(ok("table", "showdown", *result, "--json"))
    ok("table", "undo")
    typed = json.loads(
        ok(
            "table",
            "showdown",
            "ann=0",
            "ben=100",
            "cy=300",
            "dee=300",
            "--fold",
            "ann,ben",
            *result,
            "--json",
        )
    )
    assert tracked["pots"] == typed["pots"]
    assert tracked["pots"][0]["winners"] == ["Orc"]


def test_a_short_all_in_wins_only_its_share_against_a_monster_as_the_same_bets_typed(
    state_file: Path,
) -> None:
    """000, Monsters: a monster plays all-in; a player all-in for less wins only the
    pot they could cover, and a monster that wins a side pot takes it out of the game.
    The tracked bets give the showdown the same pots as the bets typed."""
    from tests.table.test_dp_table_findings import rig

    new_table(state_file, limit="no")
    ok("table", "gold", "dee", "-4000", "--note", "a short stack")
    ok("table", "deal")
    rig("monsters", "orc")
    ok("table", "monster")
    ok("table", "bet", "dee", "all-in")
    ok("table", "bet", "ann", "call")
    ok("table", "bet", "ben", "fold")
    ok("table", "bet", "cy", "call")
    ok("table", "board")
    ok("table", "bet", "cy", "bet", "500")
    ok("table", "bet", "ann", "call")
    for _ in range(2):
        ok("table", "board")
        for p in ("cy", "ann"):
            ok("table", "bet", p, "check")
    result = ("--result", "dee > orc > cy > ann")
    tracked = json.loads(ok("table", "showdown", *result, "--json"))
    ok("table", "undo")
    typed = json.loads(
        ok(
            "table",
            "showdown",
            "ann=1500",
            "ben=100",
            "cy=1500",
            "dee=1000",
            "--fold",
            "ben",
            *result,
            "--json",
        )
    )
    assert tracked["pots"] == typed["pots"]
    main, side = tracked["pots"]
    assert (main["amount"], main["winners"]) == (3100, ["dee"])
    assert (side["amount"], side["winners"]) == (1000, ["Orc"])


def test_ambush_and_run_folds_the_rogue_in_the_betting_on_his_turn(state_file: Path) -> None:
    """Appendix A, Rogue: Ambush & run is a fold (with half the pot and the top treasure
    at the showdown). On a tracked table it is used on his turn and folds him there, even
    with nothing to call; he has no more turns and cannot win the pot."""
    ok(
        *["table", "new", "eve", "--game", "dungeon-poker", "--players", PLAYERS],
        *["--seed", "3", "--limit", "pot"],
    )
    chosen = {"ann": "prophet", "ben": "paladin", "cy": "rogue", "dee": "witch"}
    for player, character in chosen.items():
        ok("table", "choose", player, character)
    ok("table", "deal")
    said = refused("table", "ability", "cy", "ambush", "--gold", "200")
    assert said == "error: cy cannot use Ambush & run now: it is dee's turn"
    for p, a in (("dee", "call"), ("ann", "call"), ("ben", "check")):
        ok("table", "bet", p, a)
    ok("table", "ability", "cy", "ambush", "--gold", "200")  # cy could have checked
    b = betting()
    assert "cy" in b["folded"] and b["phase"] == "closed"
    ok("table", "board")
    assert "cy folded and has no more turns" in refused("table", "bet", "cy", "check")
    for street in ("turn", "river", None):
        for p in ("ben", "dee", "ann"):
            ok("table", "bet", p, "check")
        if street:
            ok("table", "board")
    settled = json.loads(ok("table", "showdown", "--result", "dee > ann > ben", "--json"))
    assert "cy" not in settled["winners"]


def test_a_player_left_alone_with_a_monster_plays_the_deal_out_against_it(
    state_file: Path,
) -> None:
    """000, Monsters: a monster always plays all-in. When every other player folds, the
    one still in has not won: the board is dealt and the monster is fought at the
    showdown, and the raise nobody at the table called stays in the pot (the monster
    called it), as the same bets typed."""
    from tests.table.test_dp_table_findings import rig

    new_table(state_file, limit="no")
    ok("table", "deal")
    rig("monsters", "orc")
    ok("table", "monster")
    ok("table", "bet", "dee", "raise", "300")
    for p in ("ann", "ben", "cy"):
        ok("table", "bet", p, "fold")
    b = betting()
    assert b["phase"] == "closed" and b["pot"] == 500
    for _ in range(3):
        ok("table", "board")
    result = ("--result", "orc > dee")
    tracked = json.loads(ok("table", "showdown", *result, "--json"))
    ok("table", "undo")
    typed = json.loads(
        ok(
            "table",
            "showdown",
            "ann=0",
            "ben=100",
            "cy=100",
            "dee=300",
            "--fold",
            "ann,ben,cy",
            *result,
            "--json",
        )
    )
    assert tracked["pots"] == typed["pots"]
    assert [(p["amount"], p["winners"]) for p in tracked["pots"]] == [(500, ["Orc"])]
