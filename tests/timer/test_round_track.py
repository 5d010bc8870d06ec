"""DECKO's round track on the clock, and the notes under a structure."""

from __future__ import annotations

from companion.timer.clock import ClockSettings, deal, start, view
from companion.timer.structure import load_structure
from companion.ui.clock_line import plain_line
from tests.conftest import invoke


def test_the_game_ends_when_the_round_tracker_is_on_the_final_spot() -> None:
    """DECKO: the round on the last spot of the track is the last round; no deal counts after it."""
    state = start(load_structure("decko"), ClockSettings(players=3), 0.0, level=12)
    state, events = deal(state, 1.0)
    shown = view(state, 1.0)
    assert shown.over and shown.level.number == 12
    assert [e.text for e in events] == ["that was the last round: the game is over"]
    again, events = deal(state, 2.0)
    assert again.deals == state.deals == 1
    assert [e.text for e in events] == ["the last round has been played: the game is over"]
    line = plain_line(view(again, 2.0))
    assert "GAME OVER" in line and "deal 2" not in line


def test_the_plain_line_shows_the_house_bet_doubled_with_two_players() -> None:
    """DECKO: the house bets the minimum bet, twice it in a two-player game."""
    decko = load_structure("decko")
    two = plain_line(view(start(decko, ClockSettings(players=2), 0.0, level=4), 0.0))
    three = plain_line(view(start(decko, ClockSettings(players=3), 0.0, level=4), 0.0))
    assert "bets 2-7 house 4" in two and "bets 2-7 house 2" in three


def test_the_star_legend_shows_only_with_a_row_beyond_the_list() -> None:
    listed = " ".join(invoke("timer", "structure", "-s", "dragon-kings").stdout.split())
    beyond = " ".join(
        invoke("timer", "structure", "-s", "dragon-kings", "--levels", "14").stdout.split()
    )
    assert "13*" not in listed and "beyond the list" not in listed
    assert "13*" in beyond and "(* = beyond the list)" in beyond


def _decko_round_by_folds() -> None:
    """`decko round`, then everyone folds: the round is over and the next can start."""
    assert invoke("decko", "round").exit_code == 0
    while (turn := invoke("table", "show", "--json").json()["decko"]["turn"]) is not None:
        assert invoke("decko", "fold", turn).exit_code == 0


def test_the_decko_clock_follows_the_tables_round_track() -> None:
    """Round track: a fresh clock starts on the table's round and moves with `decko round`."""
    made = invoke(
        "table", "new", "mat", "--game", "decko", "--players", "ann,ben,cat", "--seed", "5"
    )
    assert made.exit_code == 0, made.stderr
    for _ in range(4):
        _decko_round_by_folds()
    assert invoke("table", "show", "--json").json()["decko"]["round"] == 4
    started = invoke("timer", "run", "--plain", input="")
    assert started.exit_code == 0 and "Round 4" in started.stdout, started.stdout
    assert "Round 1" not in started.stdout
    _decko_round_by_folds()  # round 5: the red wildcard round
    assert invoke("timer", "status", "--json").json()["level"] == 5
    again = invoke("timer", "run", "--plain", input="")
    assert "Round 5" in again.stdout and "bets 2-7" in again.stdout
    undone = invoke("table", "undo")  # back before the folds and round 5 itself
    while invoke("table", "show", "--json").json()["decko"]["round"] == 5:
        undone = invoke("table", "undo")
    assert undone.exit_code == 0
    assert invoke("timer", "status", "--json").json()["level"] == 4
