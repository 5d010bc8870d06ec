"""Dragon Kings' betting at the table: the engine with the points, the clock's blinds and
antes, misdeal penalties in the next pot, `dk showdown` without bets."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.conftest import invoke


def ok(*args: str) -> str:
    result = invoke(*args)
    assert result.exit_code == 0, result.stdout + result.stderr
    return result.stdout


def refused(*args: str) -> str:
    result = invoke(*args)
    assert result.exit_code != 0, result.stdout
    assert result.stderr.count("\n") == 1, result.stderr
    return result.stderr.strip()


def betting() -> dict[str, Any]:
    found = json.loads(ok("table", "show", "--json"))["betting"]
    assert found is not None
    return dict(found)


def dealt(state_file: Path, limit: str = "no", level: int = 1) -> dict[str, Any]:
    """Four guests, the opening draw made, the clock at ``level`` (1: blinds 5/10), a deal."""
    ok(
        "table",
        "new",
        "t",
        "--game",
        "dragon-kings",
        "--players",
        "ann,ben,cat,dan",
        "--seed",
        "4",
        "--limit",
        limit,
    )
    ok("dk", "open")
    ok("timer", "run", "--paused", "--level", str(level))
    ok("dk", "deal")
    return betting()


def play_out() -> None:
    """cat raises to 30, dan calls, ann folds, ben calls; flop: ben checks, cat bets 40,
    dan calls, ben folds; turn and river checked."""
    ok("table", "bet", "cat", "raise", "30")
    ok("table", "bet", "dan", "call")
    ok("dk", "fold", "ann")
    ok("table", "bet", "ben", "call")
    ok("dk", "board")
    ok("table", "bet", "ben", "check")
    ok("table", "bet", "cat", "bet", "40")
    ok("table", "bet", "dan", "call")
    ok("table", "bet", "ben", "fold")
    for _ in ("turn", "river"):
        ok("dk", "board")
        ok("table", "bet", "cat", "check")
        ok("table", "bet", "dan", "check")


def test_the_clocks_blinds_are_posted_by_the_engine_left_of_the_dealer(state_file: Path) -> None:
    b = dealt(state_file)
    assert b["dealer"] == "dan" and b["currency"] == "points"
    assert b["bets"] == {"ann": 5, "ben": 10, "cat": 0, "dan": 0}
    assert b["to_act"] == "cat"
    assert [a["action"] for a in b["legal"]] == ["fold", "call", "raise", "all-in"]


def test_a_dragon_kings_raise_is_at_least_the_largest_bet_or_raise_so_far(
    state_file: Path,
) -> None:
    dealt(state_file)
    ok("table", "bet", "cat", "raise", "30")  # a raise of 20
    line = refused("table", "bet", "dan", "raise", "40")
    assert "the smallest raise is to 50" in line


def test_dk_showdown_needs_no_bets_when_the_table_ran_the_betting(state_file: Path) -> None:
    dealt(state_file)
    play_out()
    tracked = json.loads(ok("dk", "showdown", "--json"))
    assert tracked["pots"][0]["amount"] == 175
    ok("table", "undo")
    typed = json.loads(
        ok(
            "dk",
            "showdown",
            "ann=5",
            "ben=30",
            "cat=70",
            "dan=70",
            "--fold",
            "ann",
            "--fold",
            "ben",
            "--json",
        )
    )
    assert tracked["pots"] == typed["pots"] and tracked["points"] == typed["points"]


def test_dk_showdown_waits_for_the_betting_unless_the_bets_are_typed(state_file: Path) -> None:
    dealt(state_file)
    assert "the preflop betting is not over" in refused("dk", "board")
    assert "it is cat's turn" in refused("dk", "showdown")


def test_dk_fold_out_of_turn_is_refused_on_a_table_that_runs_the_betting(
    state_file: Path,
) -> None:
    dealt(state_file)
    assert refused("dk", "fold", "ben") == "error: ben cannot fold: it is cat's turn"


def test_a_misdeal_penalty_is_in_the_next_deals_pot_from_the_start(state_file: Path) -> None:
    dealt(state_file)
    ok("dk", "misdeal", "cat")
    ok("dk", "deal")
    b = betting()
    assert b["pot"] == 5 + 10 + 40
    assert b["stacks"]["cat"] == 400 - 40
    assert b["to_act"] == "cat"  # the same dealer deals the void deal again


def test_pot_limit_counts_the_blinds_in_the_pot(state_file: Path) -> None:
    b = dealt(state_file, limit="pot")
    raise_ = next(a for a in b["legal"] if a["action"] == "raise")
    assert raise_["max"] == 10 + 25  # the call, then the pot with the call in it


def test_sleight_of_hands_20_points_come_off_what_the_guest_may_still_bet(
    state_file: Path,
) -> None:
    """Wing cards, Sleight of Hand: the trade's 20 points go into the pot; on a table that
    runs the betting they leave the guest's stack at once, so an all-in after the trade
    is for what is left and the showdown settles it as the same bets typed."""
    ok(
        "table",
        "new",
        "t",
        "--game",
        "dragon-kings",
        "--players",
        "ann,ben,cat,dan",
        "--seed",
        "4",
        "--limit",
        "no",
    )
    ok("dk", "open")
    ok("dk", "wing", "sleight of hand", "--by", "dan")
    ok("timer", "run", "--paused")
    ok("dk", "deal")
    card = json.loads(ok("table", "hand", "cat", "--json"))["cards"][0]["id"]
    ok("dk", "swap", "cat", card)
    b = betting()
    assert b["stacks"]["cat"] == 400 - 20 and b["pot"] == 5 + 10 + 20
    allin = next(a for a in b["legal"] if a["action"] == "all-in")
    assert allin["min"] == 380
    ok("table", "bet", "cat", "all-in")
    for p in ("dan", "ann"):
        ok("table", "bet", p, "fold")
    ok("table", "bet", "ben", "call")
    for _ in range(3):
        ok("dk", "board")
    tracked = json.loads(ok("dk", "showdown", "--json"))
    ok("table", "undo")
    typed = json.loads(
        ok("dk", "showdown", "cat=380", "ben=380", "--fold", "dan", "--fold", "ann", "--json")
    )
    assert tracked["pots"] == typed["pots"] and tracked["points"] == typed["points"]
    assert sum(tracked["points"].values()) == 4 * 400 + 50
