"""A whole scripted game of Dungeon Poker at the table, as the README tells it.

The README's table tour is the script: new table, levels counted by the
clock, deals started with `table deal` and settled with `table showdown`: a
monster, a split pot, a death with and without the Undeath Amulet, an Astral
Warlock, and an announced victory. Every command of the tour runs here, in
order, and every output line the README shows must be printed (in order;
"…" stands for lines left out).
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import pytest

from companion.games.dungeon_poker import table_rules as dp
from companion.table import open_store
from tests.conftest import invoke

README = Path(__file__).resolve().parents[2] / "README.md"
TOUR = re.compile(r"<!-- tour:table -->.*?```console\n(.*?)```", re.DOTALL)


def ok(*args: str, input: str | None = None) -> Any:
    result = invoke(*args, input=input or "")
    assert result.exit_code == 0, result.stderr
    return result


def js(*args: str) -> Any:
    return ok(*args, "--json").json()


def rig(deck: str, *card_ids: str) -> None:
    """Put these cards on top of a deck of the current table (a scripted game)."""
    with open_store(None) as store, store.transaction() as tx:
        table = tx.table(None)
        pile = tx.pile(table, deck, "draw")
        chosen = [next(c for c in pile if c.card_id == i) for i in card_ids]
        tx.arrange(table, chosen, "draw")


def tour() -> list[tuple[str, list[str]]]:
    """The README's scripted game: each command with the output lines it shows."""
    match = TOUR.search(README.read_text(encoding="utf-8"))
    assert match is not None
    steps: list[tuple[str, list[str]]] = []
    for line in match.group(1).splitlines():
        if line.startswith("$ "):
            steps.append((line[2:], []))
        elif not line.startswith("…"):
            steps[-1][1].append(line.rstrip())
    return steps


def test_a_whole_game_at_the_table_from_setup_to_victory_as_the_readme_shows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    for command, shown in tour():
        args = shlex.split(command, comments=True)
        assert args[0] == "companion", command
        printed = [line.rstrip() for line in ok(*args[1:]).stdout.splitlines()]
        at = 0
        for line in shown:  # the README's lines, in the order printed
            assert line in printed[at:], (command, line)
            at = printed.index(line, at) + 1
    after = js("table", "show")["dungeon_poker"]
    assert after["victory"]["player"] == "ben" and after["victory"]["how"] == "last original"
    skulls = {p["name"]: p["skulls"] for p in after["players"]}
    assert skulls == {"ann": 1, "ben": 0, "cy": 1}
    log = [e["action"] for e in js("table", "log")["history"]]
    assert log.count("deal") == 8 and log.count("showdown") == 8 + 1  # one undone, settled again
    assert js("timer", "status")["level"] == 3  # the clock followed the table
    with open_store(None) as store, store.transaction(write=False) as tx:
        assert dp.level_now(tx, tx.table(None)).level == 3


def test_with_a_dungeon_poker_table_current_pot_and_showdown_default_to_it() -> None:
    """The table's game, blind and monsters are typed once: pot and showdown read them."""
    ok("table", "new", "t", "--game", "dungeon-poker", "--players", "ann,ben,cy", "--seed", "4")
    bad = invoke("pot", "ann=150", "ben=150", "--result", "ann > ben")
    assert bad.exit_code == 2 and "100-chip units for dungeon-poker" in bad.stderr
    assert (
        invoke("pot", "ann=150", "ben=150", "--result", "ann > ben", "--game", "holdem").exit_code
        == 0
    )
    rig("monsters", "gnome-lunatic")
    ok("table", "monster")
    text = "players: [{name: ann, put_in: 500}, {name: ben, put_in: 500}]\nresult: ann > ben > Gnome Lunatic\n"
    out = invoke("showdown", "-", "--json", input=text).json()
    assert out["removed"] == 200  # two blinds of the table's level (100) go up with it
