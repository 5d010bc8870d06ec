"""A whole scripted game of Dungeon Master, as the README's dm tour tells it.

The tour is the script: a party formed, four turns to the party's 50 points,
then the log. A card kept in the fight is played by the plain ``dm treasure``
after it, a trap is cancelled by the Thief's Stealth, the ``--lose`` choice
names who falls, a Prisoner and an Experience card are played, and treasure
claimed turn by turn wins. Every command runs here in order, and every output
line the README shows must be printed (in order; "…" stands for lines left out).
Nothing is typed twice: no command is refused and typed again, none repeats,
and a treasure phase never names again a card its fight already named.
"""

from __future__ import annotations

import itertools
import re
import shlex
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import invoke

README = Path(__file__).resolve().parents[3] / "README.md"
TOUR = re.compile(r"<!-- tour:dm -->.*?```console\n(.*?)```", re.DOTALL)


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


def _words(command: str) -> list[str]:
    return shlex.split(command, comments=True)


def test_a_whole_dungeon_master_game_as_the_readme_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    for command, shown in tour():
        args = _words(command)
        assert args[:2] == ["companion", "dm"], command
        result = invoke(*args[1:])
        assert result.exit_code == 0, (
            command,
            result.stderr,
        )  # nothing refused, so nothing retyped
        printed = [line.rstrip() for line in result.stdout.splitlines()]
        at = 0
        for line in shown:  # the README's lines, in the order printed
            assert line in printed[at:], (command, line)
            at = printed.index(line, at) + 1
    party: dict[str, Any] = invoke("dm", "party", "show", "--json").json()
    assert (party["winner"], party["treasure_points"], party["turn"]) == ("party", 50, 4)
    log = party["log"]
    fights = [e["event"] for e in log if e["action"] == "fight"]
    assert [p["use"] for p in fights[0]["plays"]] == ["fight", "fight", "kept"]
    assert fights[1]["plays"][0] | {"points": None} == {
        "card": "Stealth",
        "holder": "Thief",
        "use": "ability",
        "points": None,
        "cancels": "Spiked Pit",
    }
    assert fights[2]["named"] == ["Wizard"]
    [first_treasure] = [e["event"] for e in log if e["action"] == "treasure"][:1]
    assert first_treasure["recoveries"] == [
        {"card": "Armor", "holder": "Dwarf", "hero": "Cleric", "kept": True}
    ]


def test_in_the_whole_game_nothing_is_typed_twice() -> None:
    commands = [_words(c)[1:] for c, _ in tour()]
    fights = [" ".join(c) for c in commands if c[1] == "fight"]
    assert len(set(fights)) == len(fights)  # no turn typed again
    assert all(a != b for a, b in itertools.pairwise(commands))  # nor any command right after
    last_fight: set[str] = set()
    for words in commands:
        kind = words[1]
        cards = {w.partition(":")[0].lower() for w in words[2:] if not w.startswith("-")}
        if kind == "fight":
            last_fight = {w.partition("=")[2].partition(":")[0] for w in words[2:] if "=" in w}
        elif kind == "treasure":
            assert not cards & {"heal", "shield", "armor"} & last_fight, words  # kept: not retyped
        for flag in ("--points", "--party", "--variant", "--tracked"):
            assert flag not in words  # what the table keeps is never typed
