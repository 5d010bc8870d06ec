"""One flag vocabulary across the commands: one spelling per meaning, old ones still read.

The tree is walked as Typer builds it, so a command added later is held to the same words.
"""

from __future__ import annotations

from pathlib import Path
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


NOT_REPORTING = {
    "timer run": "the full-screen clock, read by a person; 'timer status --json' reports it",
    "dod new": "a game played in the shell, answer by answer; 'dod load --json' reports a save",
    "dod play": "the same shell as 'dod new'; 'dod load --json' reports where a save stands",
    "cards schema": "its output is a JSON document already (the JSON Schema of the card files)",
}
"""The commands without ``--json``, each with the reason it needs none."""


def test_every_command_that_reports_takes_json() -> None:
    without = sorted(
        path for path, c in COMMANDS.items() if not any("--json" in p.opts for p in c.params)
    )
    assert without == sorted(NOT_REPORTING), "give these a --json (a report with to_json())"


def test_table_select_and_delete_report_in_json() -> None:
    for name in ("t", "u"):
        made = invoke("table", "new", name, "--game", "decko", "--players", "a,b")
        assert made.exit_code == 0, made.stderr
    picked = invoke("table", "select", "t", "--json").json()
    assert picked == {"table": "t", "game": "decko", "current": True}
    kept = invoke("table", "delete", "u", "--json", input="n\n")
    assert kept.json() == {"table": "u", "game": "decko", "deleted": False}
    assert "Delete table 'u'" in kept.stderr  # the question is asked on stderr, not in the JSON
    gone = invoke("table", "delete", "u", "--yes", "--json").json()
    assert gone == {"table": "u", "game": "decko", "deleted": True}
    assert [t["name"] for t in invoke("table", "list", "--json").json()] == ["t"]


def test_dod_delete_asks_first_and_reports_in_json() -> None:
    made = invoke("dod", "new", "--seed", "3", "--save", "one", input="quit\n")
    assert made.exit_code == 0, made.stderr
    kept = invoke("dod", "delete", "one", "--json", input="n\n")
    assert kept.json() == {"save": "one", "deleted": False}
    assert "Delete the saved game 'one'?" in kept.stderr
    unanswered = invoke("dod", "delete", "one")  # the end of the input: nothing is deleted
    assert unanswered.exit_code != 0 and "--yes" in unanswered.stderr
    assert [s["name"] for s in invoke("dod", "list", "--json").json()] == ["one"]
    gone = invoke("dod", "delete", "one", "-y", "--json").json()
    assert gone == {"save": "one", "deleted": True}
    assert invoke("dod", "list", "--json").json() == []


def test_timer_reset_reports_in_json() -> None:
    assert invoke("timer", "reset", "--json").json() == {"table": None, "forgotten": False}
    made = invoke("table", "new", "t", "--game", "dungeon-poker", "--players", "a,b,c")
    assert made.exit_code == 0, made.stderr
    ran = invoke("timer", "run", "--plain", input="q\n")
    assert ran.exit_code == 0, ran.stderr
    assert invoke("timer", "reset", "--json").json() == {"table": "t", "forgotten": True}
    assert invoke("timer", "reset", "--json").json() == {"table": "t", "forgotten": False}


def test_timer_sheet_reports_in_json(tmp_path: Path) -> None:
    target = tmp_path / "sheet.pdf"
    done = invoke("timer", "sheet", "--levels", "4", "--out", str(target), "--json")
    assert done.exit_code == 0, done.stderr
    report = done.json()
    assert report["file"] == str(target) and report["levels"] == 4 and report["paper"] == "a4"
    assert target.read_bytes().startswith(b"%PDF")


def test_cards_validate_reports_in_json(tmp_path: Path) -> None:
    good = invoke("cards", "validate", "--json")
    assert good.exit_code == 0, good.stderr
    report = good.json()
    assert report["ok"] is True and report["problems"] == []
    assert {g["game"] for g in report["games"]} >= {"decko", "dragon-kings"}
    bad = invoke("cards", "validate", str(tmp_path), "--json")
    assert bad.exit_code == 2
    assert bad.json()["ok"] is False and "no game folders" in bad.json()["problems"][0]


def test_a_long_option_has_the_same_short_spelling_wherever_it_is_shown() -> None:
    shorts: dict[str, set[tuple[str, ...]]] = {}
    for c in COMMANDS.values():
        for p in _shown(c):
            longs = [o for o in p.opts if o.startswith("--")]
            short = tuple(sorted(o for o in p.opts if not o.startswith("--")))
            for name in longs:
                shorts.setdefault(name, set()).add(short)
    mixed = {name: spellings for name, spellings in shorts.items() if len(spellings) > 1}
    assert mixed == {}, "give every command the same short option (or none) for these"
    assert shorts["--game"] == {("-g",)} and shorts["--out"] == {("-o",)}
    assert shorts["--result"] == {("-r",)}


def test_a_note_for_the_log_is_note_everywhere_and_why_is_still_read() -> None:
    notes = {path for path, c in COMMANDS.items() for p in _shown(c) if "--note" in p.opts}
    assert {"table gold", "table gems", "decko chips"} <= notes
    assert not any("--why" in p.opts for c in COMMANDS.values() for p in _shown(c))
    made = invoke("table", "new", "t", "--game", "decko", "--players", "a,b")
    assert made.exit_code == 0, made.stderr
    new = invoke("decko", "chips", "a", "5", "--note", "Robin Hood", "--json")
    old = invoke("decko", "chips", "a", "-5", "--why", "Robin Hood", "--json")
    assert new.exit_code == old.exit_code == 0, (new.stderr, old.stderr)
    assert "Robin Hood" in new.stdout and "Robin Hood" in old.stdout
