"""Numbers without bounds: the clock refuses what it cannot run, before anything is saved."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from tests.conftest import invoke


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
