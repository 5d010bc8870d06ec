"""``companion showdown FILE|-``: the JSON contract, the rendering, one-line errors."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from tests.conftest import invoke

EXAMPLE = textwrap.dedent("""
    blind: 200
    players:
      - {name: ann, put_in: 200}
      - {name: ben, put_in: 600}
      - {name: cat, put_in: 600}
    monsters: [{name: Fire Dragon}]
    result: ann > Fire Dragon > ben > cat
""")


def test_json_follows_the_contract(tmp_path: Path) -> None:
    path = tmp_path / "showdown.yaml"
    path.write_text(EXAMPLE, encoding="utf-8")
    result = invoke("showdown", str(path), "--json")
    assert result.exit_code == 0, result.stderr
    data = result.json()
    assert set(data) >= {
        "pots",
        "payouts",
        "carry_over",
        "removed",
        "players",
        "treasures",
        "events",
    }
    assert data["pots"][0] == {
        "amount": 600,
        "eligible": ["ann", "ben", "cat", "Fire Dragon"],
        "winners": ["ann"],
        "shares": {"ann": 600},
    }
    assert data["pots"][1]["winners"] == ["Fire Dragon"]
    assert data["payouts"] == {"ann": 600, "ben": 0, "cat": 0}
    assert (data["removed"], data["carry_over"]) == (800, 0)
    assert data["treasures"] == {"ann": 2}
    assert {"name", "hand", "best", "place"} <= set(data["players"][0])
    assert [p["place"] for p in data["players"]] == [1, 2, 3, 4]
    assert all(isinstance(e, str) for e in data["events"])
    assert data["monsters"] == [
        {
            "name": "Fire Dragon",
            "card": "fire-dragon",
            "outcome": "side-pot",
            "fate": "won only a side pot: it is slain all the same, and takes that pot out of the game",
        }
    ]


def test_reads_json_from_standard_input() -> None:
    doc = {
        "game": "holdem",
        "players": [{"name": "ann", "put_in": 10}, {"name": "ben", "put_in": 10}],
        "result": "ben > ann",
    }
    result = invoke("showdown", "-", "--json", input=json.dumps(doc))
    assert result.exit_code == 0, result.stderr
    assert result.json()["payouts"] == {"ann": 0, "ben": 20}


def test_rich_rendering_shows_pots_players_monsters_and_events() -> None:
    result = invoke("showdown", "-", input=EXAMPLE)
    assert result.exit_code == 0, result.stderr
    for text in (
        "Hands",
        "Pots",
        "Players",
        "Monsters",
        "What happened",
        "Fire Dragon",
        "leave the game",
    ):
        assert text in result.stdout
    assert "800 gold leave the game" in result.stdout


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        (
            "players: [{name: ann, put_in: -100}]",
            "players[0].put_in: must be at least 0 (got -100)",
        ),
        (
            "players: [{name: ann, put_in: 100}, {name: ben, put_in: 100}]\nresult: ann > zed > ben",
            "result: 'zed' is not at the table",
        ),
        (
            "players: [{name: ann, put_in: 100}, {name: ben, put_in: 100, folded: true}]\nresult: ben > ann",
            "result: 'ben' folded and cannot win",
        ),
        (
            "board: As Kd 7c 7s 2h\nplayers: [{name: ann, put_in: 100, hand: Ah Kd}]",
            "players[0].hand: Kd is also in the board",
        ),
        (
            "players: [{name: ann, hand: Ah Qd}, {name: ben, hand: 2c qd}]",
            "players[1].hand: Qd is also in ann's hand",
        ),
        (
            "players: [{name: ann}]\nmonsters: [{name: Dragonne}]\nresult: ann",
            "monsters[0].name: unknown monster 'Dragonne'",
        ),
        (
            "encounter: Sunny day\nplayers: [{name: ann}]\nresult: ann",
            "encounter: unknown encounter 'Sunny day'",
        ),
        (
            "players: [{name: ann, character: Bard of Doom}]\nresult: ann",
            "players[0].character: unknown character",
        ),
        ("players: [{name: ann, artifacts: [Chest Monster]}]\nresult: ann", "is a sudden effect"),
        (
            "players: [{name: ann, put_in: 150}]\nresult: ann",
            "150 is not a whole number of 100-gold coins",
        ),
        ("players: [{name: ann, hand: Zx Kd}]", "'Zx' is not a card"),
        (
            "players: [{name: ann}, {name: Ann}]\nresult: ann",
            "players[1].name: 'Ann' is already at the table",
        ),
        ("players: [{name: ann}]\nmonsters: [{name: ann}]\nresult: ann", "unknown monster 'ann'"),
        (
            "players: [{name: ann}]\nmonsters: [{name: Orc, label: ann}]\nresult: ann",
            "'ann' is already a name",
        ),
        ("players: [{name: ann, colour: red}]", "players[0].colour: is not a showdown field"),
        ("players: [{name: ann}]\nresult: ann >", "result: the result 'ann >' has an empty place"),
        ("players: [{name: ann}, {name: ben}]\nresult: ann", "the result does not place ben"),
        (
            "players: [{name: ann}]\nmonsters: [{name: Orc, summoned_by: zed}]\nresult: ann",
            "monsters[0].summoned_by: 'zed' is not a player",
        ),
        ("players: {name: ann", "not valid YAML"),
        ("- just a list", "a showdown file is a mapping"),
        (
            "game: decko\nplayers: [{name: ann}]\nmonsters: [{name: Orc}]",
            "monsters: only Dungeon Poker has this",
        ),
        (
            "players: [{name: ann}, {name: ben, hand: Kc Kd}]\nboard: As Qd",
            "players[0].hand: ann has no hand cards",
        ),
        (
            "game: omaha\nplayers: [{name: ann, hand: '*'}, {name: ben, hand: Kc Kd}]",
            "players[0].hand: '*': a joker is not a card in this game",
        ),
    ],
)
def test_bad_input_is_a_one_line_error_naming_the_field(doc: str, message: str) -> None:
    result = invoke("showdown", "-", input=doc)
    assert result.exit_code == 2, result
    assert result.stderr.startswith("error: "), result.stderr
    assert message in result.stderr, result.stderr
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr + result.stdout


def test_a_missing_file_is_a_one_line_error(tmp_path: Path) -> None:
    result = invoke("showdown", str(tmp_path / "nope.yaml"))
    assert (result.exit_code, result.stderr.strip()) == (
        2,
        f"error: no such showdown file: {tmp_path / 'nope.yaml'}",
    )


def test_the_readme_tour_shows_what_the_command_prints(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")  # the width the README is written at
    root = Path(__file__).resolve().parents[2]
    readme = (root / "README.md").read_text(encoding="utf-8")
    result = invoke("showdown", str(root / "tests" / "data" / "showdown" / "dragon-side-pot.yaml"))
    assert result.exit_code == 0, result.stderr
    events = result.stdout.split("What happened")[1].strip("\n").splitlines()
    assert sum(line.startswith(" ") for line in events) == 5  # five numbered events
    assert "\n".join(line.rstrip() for line in events) in readme
