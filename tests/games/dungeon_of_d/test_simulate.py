"""The simulator: the same run gives the same figures, whatever the number of workers."""

from __future__ import annotations

import pytest

from companion.errors import CompanionError
from companion.games.dungeon_of_d.simulate import (
    BALANCE_BOTS,
    Balance,
    GameResult,
    game_seed,
    planned_games,
    play_one,
    run,
    simulate,
    summarise,
)
from tests.conftest import invoke

KEYS = {
    "games",
    "wins",
    "amulet_wins",
    "mean_score",
    "mean_turns",
    "games_per_sec",
    "deepest_level",
    "mean_level",
    "levels",
    "losses",
    "win_rate",
    "amulet_rate",
    "mean_actions",
    "bot",
    "seed",
}


def test_a_run_is_reproduced_exactly_from_its_seed() -> None:
    a = simulate(30, seed=1, bot="greedy")
    b = simulate(30, seed=1, bot="greedy")
    assert a == b
    assert a != simulate(30, seed=2, bot="greedy")


def test_workers_do_not_change_the_figures() -> None:
    assert simulate(24, seed=5, bot="greedy", workers=2) == simulate(
        24, seed=5, bot="greedy", workers=1
    )


def test_game_i_of_a_run_is_played_from_its_own_seed() -> None:
    summary = simulate(3, seed=9, bot="random")
    games = [play_one(game_seed(9, i), "random") for i in range(3)]
    assert summary == summarise(games, "random", 9)


def test_summary_adds_up_its_games() -> None:
    games = [
        GameResult(1, "elf", "escaped", True, 6100, 8, 90, 300),
        GameResult(2, "elf", "escaped", False, 700, 5, 40, 120),
        GameResult(3, "bard", "lost", False, 0, 3, 20, 60),
    ]
    s = summarise(games, "greedy", 0, seconds=2.0)
    assert (s.games, s.wins, s.amulet_wins, s.losses) == (3, 2, 1, 1)
    assert s.mean_score == pytest.approx(6800 / 3) and s.mean_turns == 50
    assert s.deepest_level == 8 and s.reached(5) == 2 and s.games_per_sec == 1.5
    assert set(s.to_json()) == KEYS


def test_progress_is_reported_for_every_game() -> None:
    done: list[int] = []
    simulate(7, seed=3, bot="random", progress=done.append)
    assert sum(done) == 7


def test_bad_arguments_are_one_line_errors() -> None:
    with pytest.raises(CompanionError, match="no bot 'wizard'"):
        simulate(5, bot="wizard")
    with pytest.raises(CompanionError, match="--games must be at least 1"):
        simulate(0)


def test_cli_simulate_json_reproduces_its_numbers() -> None:
    first = invoke("dod", "simulate", "--games", "12", "--seed", "1", "--json")
    second = invoke("dod", "simulate", "--games", "12", "--seed", "1", "--workers", "2", "--json")
    assert first.exit_code == 0 and second.exit_code == 0, first.stderr + second.stderr
    a, b = first.json(), second.json()
    assert set(a) == KEYS
    a.pop("games_per_sec")
    b.pop("games_per_sec")
    assert a == b and a["games"] == 12 and a["bot"] == "greedy"


def test_cli_simulate_prints_the_rates_as_a_table() -> None:
    result = invoke("dod", "simulate", "--games", "5", "--seed", "2", "--bot", "random")
    assert result.exit_code == 0
    assert "escaped alive" in result.stdout and "deepest level reached" in result.stdout


def test_cli_simulate_refuses_an_unknown_bot() -> None:
    result = invoke("dod", "simulate", "--games", "5", "--bot", "oracle")
    assert result.exit_code == 2 and result.stderr.startswith("error: no bot 'oracle'")


def test_the_balance_report_runs_three_bots_and_checks_the_targets() -> None:
    from companion.games.dungeon_of_d.simulate import BALANCE_BOTS, balance

    report = balance(6, seed=3)
    assert [s.bot for s in report.runs] == list(BALANCE_BOTS) == ["greedy", "farmer", "random"]
    targets = report.targets()
    assert len(targets) == 4 and report.met == all(t.met for t in targets)
    assert targets[2].name == "farmer Amulet at most 5 points above greedy's"
    data = report.to_json()
    assert [b["bot"] for b in data["bots"]] == list(BALANCE_BOTS) and data["games"] == 6


def test_cli_simulate_balance_prints_three_lines_and_the_targets() -> None:
    result = invoke("dod", "simulate", "--games", "4", "--seed", "2", "--balance")
    assert result.exit_code == 0, result.stderr
    for bot in ("greedy", "farmer", "random"):
        assert f"│ {bot}" in result.stdout
    assert "random escapes in at most 1%" in result.stdout
    data = invoke("dod", "simulate", "--games", "4", "--seed", "2", "--balance", "--json").json()
    assert len(data["bots"]) == 3 and len(data["targets"]) == 4


def test_a_balance_run_plays_each_balance_bot_on_the_same_seeds() -> None:
    counted: list[int] = []
    result = run(4, seed=3, bot="explorer", progress=counted.append, check_balance=True)
    assert isinstance(result, Balance)
    assert [r.bot for r in result.runs] == list(BALANCE_BOTS)
    assert {(r.games, r.seed) for r in result.runs} == {(4, 3)}
    assert sum(counted) == planned_games(4, check_balance=True) == 12
    assert run(4, seed=3, bot="random") == simulate(4, seed=3, bot="random")
