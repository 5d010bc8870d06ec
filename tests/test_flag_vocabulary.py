"""One flag vocabulary across the commands: one spelling per meaning, old ones still read.

The tree is walked as Typer builds it, so a command added later is held to the same words.
"""

from __future__ import annotations

from typing import Any

import typer

from companion.cli.app import build_app
from tests.conftest import invoke


def _commands() -> dict[str, Any]:
    found: dict[str, Any] = {}

    def walk(command: Any, path: str) -> None:
        subs = getattr(command, "commands", {})
        if not subs:
            found[path] = command
        for name, sub in subs.items():
            walk(sub, f"{path} {name}".strip())

    walk(typer.main.get_command(build_app()), "")
    return found


COMMANDS = _commands()


def _shown(command: Any) -> list[Any]:
    return [p for p in command.params if not getattr(p, "hidden", False)]


def test_dash_n_is_count_wherever_a_command_takes_it() -> None:
    with_n = {path: p.opts for path, c in COMMANDS.items() for p in _shown(c) if "-n" in p.opts}
    assert with_n  # draw, decko draw, table log, dm party log, dod scores
    assert all(opts == ["--count", "-n"] for opts in with_n.values()), with_n
    assert {"draw", "table log", "dm party log", "dod scores"} <= set(with_n)


def test_limit_is_only_the_betting_limit_and_fold_the_only_spelling_shown() -> None:
    limits = [path for path, c in COMMANDS.items() for p in _shown(c) if "--limit" in p.opts]
    assert limits == ["table new"]
    folds = {path for path, c in COMMANDS.items() for p in _shown(c) if "--fold" in p.opts}
    assert {"pot split", "table showdown", "table monster", "draw", "dk showdown"} <= folds
    shown = [p.opts for c in COMMANDS.values() for p in _shown(c)]
    assert not any("--folded" in opts for opts in shown)


def _settled(*fold: str) -> Any:
    done = invoke(
        "pot", "split", "a=100", "b=100", "c=100", "d=100", *fold, "--result", "a > b",
        "--game", "holdem", "--json",
    )  # fmt: skip
    assert done.exit_code == 0, done.stderr
    return done.json()


def test_pot_split_reads_fold_c_d_as_table_showdown_teaches() -> None:
    assert _settled("--fold", "c,d") == _settled("--fold", "c", "--fold", "d")


def test_the_old_spellings_are_still_read() -> None:
    made = invoke("table", "new", "t", "--game", "dungeon-poker", "--players", "a,b,c")
    assert made.exit_code == 0, made.stderr
    by_limit = invoke("table", "log", "--limit", "1", "--json").json()
    assert by_limit == invoke("table", "log", "-n", "1", "--json").json()
    assert len(by_limit["history"]) == 1
    assert "--limit" not in invoke("table", "log", "--help").stdout
    assert "--folded" not in invoke("table", "monster", "--help").stdout
