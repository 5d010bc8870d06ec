"""Numbers without bounds: the clock refuses what it cannot run, before anything is saved."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion.bounds import MAX_LEVEL
from companion.errors import CompanionError
from companion.table import open_store
from companion.timer import clock
from companion.timer.structure import Level, Structure, load_structure
from tests.conftest import invoke

ROOT = Path(__file__).resolve().parents[2]


def state_file() -> Path:
    return Path(os.environ["COMPANION_STATE"])


@pytest.mark.parametrize("minutes", ["inf", "nan", "-1", "1e300", "1441"])
def test_minutes_that_no_clock_can_run_are_refused_before_anything_is_saved(minutes: str) -> None:
    result = invoke("timer", "run", "--minutes", minutes, "--new")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and "--minutes" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert not state_file().exists()


def test_a_level_past_the_range_is_refused_with_the_range() -> None:
    result = invoke("timer", "run", "--level", "99999999", "--new")
    assert result.exit_code == 2
    assert "--level must be from 1 to 500, got 99999999" in result.stderr
    assert not state_file().exists()


def test_changing_a_saved_clock_to_infinite_minutes_keeps_the_old_clock() -> None:
    assert invoke("timer", "run", "--minutes", "10", input="").exit_code == 0
    assert invoke("timer", "run", "--minutes", "inf", input="").exit_code == 2
    assert invoke("timer", "status", "--json").json()["remaining"] <= 600


def test_a_clock_already_broken_by_infinite_minutes_names_the_fix() -> None:
    """A clock saved by an older companion with `--minutes inf`: every command says how to mend it."""
    assert invoke("timer", "run", "--minutes", "10", input="").exit_code == 0
    with sqlite3.connect(state_file()) as conn:
        conn.execute("UPDATE timer_clocks SET state = replace(state, '10.0', 'Infinity')")
    for command in (("status",), ("status", "--json"), ("do", "deal")):
        result = invoke("timer", *command)
        assert result.exit_code == 2, command
        assert "damaged" in result.stderr and "'companion timer reset'" in result.stderr
        assert "Infinity" not in result.stdout
    assert invoke("timer", "reset").exit_code == 0
    assert invoke("timer", "run", "--minutes", "10", input="").exit_code == 0


def test_json_of_the_clock_never_holds_infinity() -> None:
    invoke("timer", "run", "--minutes", "0", input="")
    text = invoke("timer", "status", "--json").stdout
    assert "Infinity" not in text and "NaN" not in text


# -- the level: bounded everywhere, and a late level costs what the first one does --------


@pytest.mark.parametrize("game", ["dungeon-poker", "dragon-kings"])
def test_a_typod_table_level_is_refused_and_nothing_moves(game: str) -> None:
    """`table level 99999999999999999999` once reached the clock, which then spun for ever."""
    assert invoke("table", "new", "t", "--game", game, "--players", "ann,bo").exit_code == 0
    assert invoke("timer", "run", "--paused", input="").exit_code == 0
    log = invoke("table", "log", "--json").stdout
    for typed in ("99999999999999999999", str(MAX_LEVEL + 1), "0"):
        result = invoke("table", "level", typed)
        assert result.exit_code == 2, typed
        assert result.stderr.startswith("error: ") and len(result.stderr.splitlines()) == 1
    assert invoke("table", "log", "--json").stdout == log
    assert invoke("timer", "status", "--json").json()["level"] == 1


def test_the_library_refuses_a_level_past_the_bound_for_every_caller() -> None:
    from companion.games.dungeon_poker import table_rules

    assert invoke("table", "new", "t", "--game", "dungeon-poker", "--players", "a,b").exit_code == 0
    with open_store(None) as store, store.transaction() as tx:
        table = tx.table("t")
        with pytest.raises(CompanionError, match=r"level 100000000000000000000 is out of range"):
            table_rules.enter_level(tx, table, 10**20)


def test_the_highest_level_can_be_played_and_is_the_last() -> None:
    assert invoke("table", "new", "t", "--game", "dungeon-poker", "--players", "a,b").exit_code == 0
    assert invoke("timer", "run", "--paused", input="").exit_code == 0
    assert invoke("table", "level", str(MAX_LEVEL)).exit_code == 0
    status = invoke("timer", "status", "--json").json()
    assert status["level"] == MAX_LEVEL
    done = invoke("timer", "do", "end-level", "--json").json()
    assert done["level"] == MAX_LEVEL and "last level" in " ".join(done["notices"])


def test_a_level_saved_past_the_bound_by_an_older_companion_no_longer_hangs_the_clock() -> None:
    """The table's level written straight into the file (as an older companion let it be):
    the clock has no such level and stays where it is, answering at once."""
    assert invoke("table", "new", "t", "--game", "dragon-kings", "--players", "a,b").exit_code == 0
    assert invoke("timer", "run", "--paused", input="").exit_code == 0
    with open_store(None) as store, store.transaction() as tx:
        tx.put_state(tx.table("t"), "table", "level", 10**20)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    for command in (["timer", "status"], ["timer", "do", "deal"]):
        done = subprocess.run(
            [sys.executable, "-m", "companion", *command],
            check=False,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith("Level 1 "), done.stdout


@pytest.mark.parametrize("name", ["holdem", "dungeon-poker", "dragon-kings", "decko"])
@pytest.mark.parametrize("every", [None, 1, 3])
def test_each_stage_worked_out_is_the_stage_counted_up_to(name: str, every: int | None) -> None:
    """`Structure.stage` finds a late stage by arithmetic; walking the sequence agrees."""
    structure = load_structure(name).with_breaks(every, 5)
    walked = list(structure.iter_stages())
    assert [structure.stage(p) for p in range(len(walked) + 2)] == [*walked, None, None]
    for position, stage in enumerate(walked):
        if isinstance(stage, Level):
            assert structure.position_of_level(stage.number) == position
    assert structure.level(MAX_LEVEL + 1) is None and structure.position_of_level(10**20) is None


def test_a_view_at_the_last_level_makes_up_as_few_levels_as_one_at_the_second(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The clock's cost does not grow with the level: count the levels it works out."""
    structure = load_structure("holdem").with_breaks(4, 10)
    made = 0
    original = Structure._continued_level

    def counting(self: Structure, last: Level, number: int) -> Level:
        nonlocal made
        made += 1
        return original(self, last, number)

    monkeypatch.setattr(Structure, "_continued_level", counting)
    counts = []
    for level in (2, MAX_LEVEL - 1):
        made = 0
        state = clock.start(structure, clock.ClockSettings(), now=0.0, level=level)
        clock.view(state, 30.0)
        clock.end_level(state, 30.0)
        counts.append(made)
    assert counts[1] <= 40, counts  # a binary search of 500 levels, a handful of looks
