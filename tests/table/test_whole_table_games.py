"""Whole games at a DECKO and a Dragon Kings table, as docs/table.md shows them.

Each ``<!-- tour:NAME -->`` block of docs/table.md is a script: every ``$ companion``
line runs in order from a fresh state file and must succeed the first time, and each
line the document shows under it must be printed, in order (``…`` stands for lines left
out). Nothing is typed twice: no undo, no command run again after a refusal.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from companion.games.decko.mat import TOTAL_CHIPS
from tests.conftest import invoke

DOC = Path(__file__).resolve().parents[2] / "docs" / "table.md"


def _tour(name: str) -> list[tuple[list[str], list[str]]]:
    """The block's commands, each with the lines the document shows under it."""
    [block] = re.findall(
        rf"<!-- tour:{name} -->\n```console\n(.*?)```\n<!-- /tour:{name} -->",
        DOC.read_text(encoding="utf-8"),
        re.DOTALL,
    )
    steps: list[tuple[list[str], list[str]]] = []
    for line in block.splitlines():
        if line.startswith("$ "):
            args = shlex.split(line[2:])
            assert args[0] == "companion", line
            steps.append((args[1:], []))
        elif line.strip() != "…":
            steps[-1][1].append(line.rstrip())
    return steps


def _play(name: str, monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    monkeypatch.setenv("COLUMNS", "80")
    commands = []
    for args, shown in _tour(name):
        result = invoke(*args)
        assert result.exit_code == 0, (args, result.stderr)
        printed = [line.rstrip() for line in result.stdout.splitlines()]
        at = 0
        for line in shown:
            assert line in printed[at:], (args, line, printed)
            at = printed.index(line, at) + 1
        commands.append(args)
    assert not any(args[:2] == ["table", "undo"] for args in commands)  # typed once
    return commands


def test_a_whole_decko_game_of_three_players_and_twelve_rounds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    commands = _play("decko-game", monkeypatch)
    mat = invoke("table", "show", "--json").json()["decko"]
    assert (mat["phase"], mat["round"]) == ("over", 12)
    assert mat["result"]["winners"] == ["cat"]
    chips = mat["house"] + mat["house_bet"]
    chips += sum(p["chips"] + p["bet"] for p in mat["players"].values())
    assert chips == TOTAL_CHIPS
    assert not any(args[:2] == ["decko", "loan"] for args in commands)  # loans came by themselves
    log = "\n".join(e["summary"] for e in invoke("table", "log", "--json").json()["history"])
    for step in ("gifted a card", "bought 1 chip", "burned a card", "bought Vampire"):
        assert step in log, step


def test_a_whole_dragon_kings_match_from_the_draw_for_seats_to_the_last_guest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    commands = _play("dk-match", monkeypatch)
    shown = invoke("table", "show", "--json").json()
    assert [p["name"] for p in shown["players"]] == ["ben", "dan", "ann", "cat"]  # as drawn
    assert shown["game_over"] == "ann holds every point (2,500): the game is over"
    assert shown["points"] == {"ben": 0, "dan": 0, "ann": 2500, "cat": 0}
    assert shown["first_honors"] is not None
    deals = [args for args in commands if args[:2] == ["dk", "deal"]]
    assert len(deals) == 14  # thirteen deals and the misdealt one dealt again
    for step in ("rebuy", "misdeal", "permanent", "wing"):
        assert any(args[:2] == ["dk", step] for args in commands), step


def test_a_whole_dragon_kings_match_bet_through_the_table_with_no_bet_typed_at_a_showdown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 29/30: with the betting tracked (`--limit no` and the clock's blinds), every
    bet of a whole match is a `table bet` and `dk showdown` is never given a number; the
    points are conserved (buy-ins, the re-buy and the house's bonuses) to the last guest."""
    commands = _play("dk-bet-match", monkeypatch)
    showdowns = [args for args in commands if args[:2] == ["dk", "showdown"]]  # deal 3 misdealt
    assert len(showdowns) == 7 and all(args == ["dk", "showdown"] for args in showdowns)
    assert sum(args[:2] == ["table", "bet"] for args in commands) == 48
    shown = invoke("table", "show", "--json").json()
    assert shown["game_over"] == "cat holds every point (2,100): the game is over"
    # four buy-ins of 400, ann's re-buy, the opener's 50 and First Honors' 50
    assert sum(shown["points"].values()) == 4 * 400 + 400 + 50 + 50
    assert [p["name"] for p in shown["players"]] == ["ben", "dan", "ann", "cat"]
    log = "\n".join(e["summary"] for e in invoke("table", "log", "--json").json()["history"])
    for step in ("goes all-in", "raises to", "folds", "checks"):
        assert step in log, step
