"""The README's tour examples outside the scripted ones: each command runs as shown.

The table tour's scripted game, the showdown and the dm tour have their own
tests; these cover the blocks a reader types in after them, in README order.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from tests.conftest import invoke

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")


def _tour_blocks(name: str) -> list[str]:
    [tour] = re.findall(rf"<!-- tour:{name} -->(.*?)<!-- /tour:{name} -->", README, re.DOTALL)
    return re.findall(r"```console\n(.*?)```", tour, re.DOTALL)


def _commands(block: str) -> list[list[str]]:
    """Each `$ companion ...` line (split at `&&`), without its trailing comment."""
    runs = []
    for line in block.splitlines():
        if line.startswith("$ companion "):
            for part in shlex.split(line[2:], comments=True, posix=True):
                if part == "&&":
                    continue
                if part == "companion":
                    runs.append([])
                else:
                    runs[-1].append(part)
    return runs


def test_the_readme_decko_and_dragon_kings_rounds_run_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the second table block follows the scripted game in the same state file,
    # so its table names must not clash with 'friday'
    monkeypatch.setenv("COMPANION_STATE", str(tmp_path / "state.sqlite3"))
    first, second = _tour_blocks("table")
    assert invoke(*_commands(first)[0]).exit_code == 0  # the scripted game's table new
    for args in _commands(second):
        result = invoke(*args)
        assert result.exit_code == 0, (args, result.stderr)


def test_the_readme_pot_example_shows_the_pots_and_the_payouts() -> None:
    block = _tour_blocks("pot")[0]
    shown = block.split("$ companion pot ann=")[0].splitlines()
    args = _commands(shown[0])[0]
    result = invoke(*args)
    assert [line.rstrip() for line in result.stdout.splitlines()] == shown[1:]


def test_the_readme_blind_structure_json_starts_as_shown() -> None:
    [block] = _tour_blocks("timer")
    lines = block.splitlines()
    start = next(i for i, line in enumerate(lines) if "timer structure -s short" in line)
    shown = lines[start + 1 : start + 8]
    result = invoke("timer", "structure", "-s", "short", "--levels", "8", "--json")
    assert result.stdout.splitlines()[:7] == shown
    assert json.loads(result.stdout)[0]["minutes"] is None


def test_the_readme_betting_rounds_are_bet_at_the_table_and_settled_with_no_amounts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COMPANION_STATE", str(tmp_path / "state.sqlite3"))
    poker, kings = _tour_blocks("bet")
    for block in (poker, kings):
        for args in _commands(block):
            result = invoke(*args)
            assert result.exit_code == 0, (args, result.stderr)
    poker_bets = [a for a in _commands(poker) if a[:2] == ["table", "bet"]]
    assert len(poker_bets) == 6
    assert _commands(kings)[-1] == ["dk", "showdown"]
    points = invoke("table", "show", "--json").json()["points"]
    assert points == {"ben": 570, "dan": 395, "ann": 295, "cat": 390}
