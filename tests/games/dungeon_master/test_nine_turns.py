"""The nine-turn game of docs/dungeon-master.md, played twice: before (``dm resolve --apply``) and
after (``dm fight`` / ``dm treasure`` / ``dm undo``), with the characters typed per turn.

The scripts and the table of counts live in the guide; this test plays both
scripts, checks what the guide says happens in them, and checks the table.
To rewrite the table after changing a script::

    python -m tests.games.dungeon_master.test_nine_turns
"""

from __future__ import annotations

import os
import re
import shlex
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import invoke

DOC = Path(__file__).resolve().parents[3] / "docs" / "dungeon-master.md"
COUNTS = re.compile(r"(<!-- counts -->\n)(.*?)(<!-- /counts -->)", re.DOTALL)
SEED = re.compile(r" --seed \d+")
PROGRAM = "companion "


def script(name: str, text: str | None = None) -> dict[int, list[str]]:
    """The commands of the ``game:NAME`` block of the guide, by turn (0: the setup)."""
    text = DOC.read_text() if text is None else text
    block = text.split(f"<!-- game:{name} -->", 1)[1].split(f"<!-- /game:{name} -->", 1)[0]
    turns: dict[int, list[str]] = {}
    turn = 0
    for line in block.splitlines():
        if line.startswith("# "):
            turn = int(line[2:])
        elif line.startswith(PROGRAM):
            turns.setdefault(turn, []).append(line)
    return turns


def typed(command: str) -> int:
    """Characters typed for a command: without the program name and without ``--seed N``."""
    return len(SEED.sub("", command.removeprefix(PROGRAM)))


def counts(text: str | None = None) -> list[tuple[int, int, int]]:
    """``(turn, before, after)`` for turns 1 to 9."""
    before, after = script("before", text), script("after", text)
    return [
        (turn, sum(typed(c) for c in before[turn]), sum(typed(c) for c in after[turn]))
        for turn in sorted(t for t in after if t)
    ]


def table(text: str | None = None) -> str:
    rows = counts(text)
    lines = ["| turn | before | after |", "| ---: | ---: | ---: |"]
    lines += [f"| {t} | {b} | {a} |" for t, b, a in rows]
    total_b, total_a = sum(b for _, b, _ in rows), sum(a for _, _, a in rows)
    lines.append(f"| all nine | {total_b} | {total_a} |")
    return "\n".join(lines) + "\n"


def play(turns: dict[int, list[str]]) -> list[dict[str, Any]]:
    """Run every command in order (JSON out); return the documents."""
    out = []
    for turn in sorted(turns):
        for command in turns[turn]:
            args = shlex.split(command)[1:]
            result = invoke(*args, "--json")
            assert result.exit_code == 0, (command, result.stderr)
            out.append({**result.json(), "turn": turn, "command": command})
    return out


def test_the_game_after_plays_through_fight_treasure_and_undo() -> None:
    docs = play(script("after"))
    by = {(d["turn"], d["command"].split()[2]): d for d in docs}
    # Turn 3: the healer fell; the recovery is chosen after seeing it.
    fight3, treasure3 = by[(3, "fight")], by[(3, "treasure")]
    assert fight3["killed"] == ["Cleric"]
    assert treasure3["recovered"] == ["Cleric"] and treasure3["recoveries"][0]["card"] == "Shield"
    # Turn 4: a mistyped fight, taken back.
    undo = by[(4, "undo")]
    assert undo["undone"]["action"] == "fight" and "Mummies" in undo["undone"]["event"]["dm"]
    # Turn 8: a trap kills; Armor brings the hero back.
    assert by[(8, "treasure")]["recovered"] == by[(8, "fight")]["killed"]
    # Turn 9: 55 points win, and the party is closed.
    last = docs[-1]
    assert (last["treasure_points"], last["winner"]) == (55, "party")
    refused = invoke("dm", "fight", "orcs")
    assert refused.exit_code == 2 and "the game is over: the party won with 55" in refused.stderr
    log = invoke("dm", "party", "log", "--json").json()["log"]
    assert [e["turn"] for e in log if e["action"] == "fight" and not e["undone"]] == list(
        range(1, 10)
    )
    assert all(e["seed"] is not None for e in log if e["action"] == "fight")


def test_the_game_before_plays_through_resolve_apply() -> None:
    docs = play(script("before"))
    assert (docs[-1]["treasure_points"], docs[-1]["winner"]) == (55, "party")


def test_a_usual_turn_is_under_60_characters_and_the_table_is_true() -> None:
    rows = counts()
    usual = [a for t, _, a in rows if t not in (3, 4, 8)]  # recovery and mistake turns aside
    assert max(usual) < 60, rows
    assert all(a < b for _, b, a in rows if _ != 4), rows
    [shown] = COUNTS.findall(DOC.read_text())
    assert shown[1] == table(), "run: python -m tests.games.dungeon_master.test_nine_turns"


@pytest.mark.parametrize(
    ("command", "count"),
    [
        ("companion dm treasure", 11),
        ("companion dm fight orcs,gob ama=sw --seed 12", 24),
    ],
)
def test_what_counts_as_typed(command: str, count: int) -> None:
    assert typed(command) == count


def _refresh() -> None:  # pragma: no cover - a maintenance helper
    text = DOC.read_text()
    text = COUNTS.sub(lambda m: m.group(1) + table(text) + m.group(3), text)
    DOC.write_text(text)
    sys.stdout.write("rewrote the counts table of docs/dungeon-master.md\n")


if __name__ == "__main__":  # pragma: no cover
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["COMPANION_STATE"] = str(Path(tmp) / "s.sqlite3")
        _refresh()
