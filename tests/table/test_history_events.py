"""The history keeps typed events: read back as values, older files migrated, damage refused.

Table schema 3 stores each entry's event (its kind and fields) beside the
entry; files of schema 1 and 2 keep their entries as ``Recorded`` events (the
action, the sentence and the data they were written with), so ``table log``,
``table undo`` and the pages read old and new entries alike.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from companion.events import EventError, event_kinds, read_event
from companion.table import draw, new_table, open_store, shuffle, undo
from companion.table.events import CardsDrawn, DeckShuffled, Recorded, TableSetUp, Undone
from companion.ui.render.words import said_kinds, say
from tests.conftest import invoke

SCHEMA_1 = Path(__file__).parent.parent / "data" / "table" / "schema-1.sqlite3"


def test_each_action_is_kept_as_its_typed_event_and_read_back_as_the_same_value(
    tmp_path: Path,
) -> None:
    with open_store(tmp_path / "s.sqlite3") as store, store.transaction() as tx:
        table, _ = new_table(tx, "friday", "dragon-kings", ["Ann", "Bo"], seed=7)
        drawn = draw(tx, table, "standard", count=2, player="Ann")
        shuffle(tx, table, "standard")
        undone = undo(tx, table)
        history = tx.history(table)
    events = [e.event for e in history]
    assert isinstance(events[0], TableSetUp) and events[0].players == ("Ann", "Bo")
    assert isinstance(events[1], CardsDrawn)
    assert [c.card for c in events[1].cards] == [c.card_id for c in drawn]
    assert isinstance(events[2], DeckShuffled) and undone.id == history[2].id
    assert events[3] == Undone(history[2].id, events[2])
    for event in events:
        assert read_event(event.fields_json()) == event


def test_a_card_drawn_into_a_hand_is_left_out_of_the_event_for_everyone_else(
    tmp_path: Path,
) -> None:
    with open_store(tmp_path / "s.sqlite3") as store, store.transaction() as tx:
        table, _ = new_table(tx, "friday", "dragon-kings", ["Ann", "Bo"], seed=7)
        drawn = draw(tx, table, "standard", count=2, player="Ann")
        (entry,) = tx.history(table)[-1:]
    names = [c.name for c in drawn]
    assert say(entry.event) == f"Ann drew {', '.join(names)} from Standard deck"
    for viewer in (None, "Bo"):
        seen = entry.seen_by(viewer)
        assert isinstance(seen.event, CardsDrawn)
        assert seen.event.cards == () and seen.event.hidden == 2
        assert not any(name in say(seen.event) for name in names)
        assert say(seen.event) == "Ann drew 2 cards from Standard deck"
    assert entry.seen_by("Ann") == entry


def test_a_schema_1_file_keeps_its_entries_as_recorded_events(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    shutil.copy(SCHEMA_1, path)
    conn = sqlite3.connect(path)
    before = conn.execute("SELECT id, action, summary FROM history ORDER BY id").fetchall()
    conn.close()
    with open_store(path) as store, store.transaction(write=False) as tx:
        history = tx.history(tx.table("seven"))
    assert history and all(isinstance(e.event, Recorded) for e in history)
    kept = {row[0]: (row[1], row[2]) for row in before}
    for entry in history:
        assert isinstance(entry.event, Recorded)
        assert (entry.event.action, entry.event.summary) == kept[entry.id]
        assert entry.summary == kept[entry.id][1]
    drawn = next(e for e in history if e.event.action == "draw")
    assert drawn.seen_by(None).summary == "Ann: draw"  # an old draw to a hand tells no card
    assert drawn.seen_by("Ann").summary == kept[drawn.id][1]


def test_a_damaged_history_row_is_a_one_line_error_naming_the_entry(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    with open_store(path) as store, store.transaction() as tx:
        table, _ = new_table(tx, "friday", "dragon-kings", ["Ann"], seed=7)
        draw(tx, table, "standard", count=1, player="Ann")
    conn = sqlite3.connect(path)
    conn.execute("DROP TRIGGER history_never_changes")  # what a hand-edited file could hold
    conn.execute("""UPDATE history SET event = '{"event": "draw", "deck": 3}' WHERE id = 2""")
    conn.commit()
    conn.close()
    result = invoke("table", "log", "--state", str(path))
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert "history entry #2 of table 'friday' is damaged" in result.stderr
    assert "draw.deck" in result.stderr


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("not an object", "an event is a JSON object"),
        ({"deck": "x"}, "names its kind"),
        ({"event": "no-such-thing"}, "unknown event 'no-such-thing'"),
        ({"event": "shuffle", "deck": "d", "deck_name": "D", "gathered": 1}, "'size' is missing"),
        (
            {"event": "shuffle", "deck": "d", "deck_name": "D", "gathered": 1, "size": 2, "x": 1},
            "no field 'x'",
        ),
        (
            {"event": "shuffle", "deck": "d", "deck_name": "D", "gathered": True, "size": 2},
            "expected a whole number",
        ),
    ],
)
def test_reading_an_event_refuses_anything_but_exactly_its_fields(
    data: object, message: str
) -> None:
    with pytest.raises(EventError, match=message):
        read_event(data)


def test_every_kind_of_event_has_its_words() -> None:
    import companion.games.decko.events
    import companion.games.dragon_kings.events
    import companion.games.dungeon_poker.events  # noqa: F401

    missing = sorted(set(event_kinds()) - said_kinds())
    assert missing == []


def test_a_command_that_only_reads_the_history_reads_every_games_events_in_a_fresh_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """'table log' and 'table undo' import no game's rules before they read the history
    (the commands load lazily): each game's event kinds are defined when a history first
    names one, so a Dungeon Poker evening's log reads in a new terminal."""
    import json
    import os
    import subprocess
    import sys

    state = tmp_path / "s.sqlite3"
    monkeypatch.setenv("COMPANION_STATE", str(state))
    made = invoke("table", "new", "t", "--game", "dungeon-poker", "--players", "a,b", "--seed", "5")
    assert made.exit_code == 0, made.stderr
    for player in ("a", "b"):
        first = invoke("table", "hand", player, "--json").json()["cards"][0]["id"]
        assert invoke("table", "choose", player, first).exit_code == 0
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).parents[2]))

    def companion(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "companion", *args],
            env=env,
            capture_output=True,
            text=True,
            check=False,
            timeout=60,
        )

    log = companion("table", "log", "--json")
    assert log.returncode == 0, log.stderr
    assert [e["action"] for e in json.loads(log.stdout)["history"]] == ["new", "choose", "choose"]
    undone = companion("table", "undo")
    assert undone.returncode == 0 and "chose" in undone.stdout, undone.stderr


def test_a_fresh_process_that_only_reads_the_history_knows_every_event_kind() -> None:
    """'table undo' right after a showdown, in a process of its own, reads the showdown's
    events (pot won, monster slain...) though it imported no showdown code: the games'
    loader must name every module that defines a kind a history can hold."""
    import subprocess
    import sys

    every = (
        "import pkgutil, importlib, companion\n"
        "from companion.events import event_kinds\n"
        "for m in pkgutil.walk_packages(companion.__path__, 'companion.'):\n"
        "    if m.name.endswith(('events', '.mat', '.state')):\n"
        "        importlib.import_module(m.name)\n"
        "print('\\n'.join(sorted(event_kinds())))\n"
    )
    kinds = subprocess.run(
        [sys.executable, "-c", every], capture_output=True, text=True, check=True
    ).stdout.split()
    assert "pot-won" in kinds and len(kinds) > 50
    only_games = (
        "import sys, companion.games\n"
        "from companion.events import _kind\n"
        "print('\\n'.join(k for k in sys.stdin.read().split() if _kind(k) is None))\n"
    )
    unknown = subprocess.run(
        [sys.executable, "-c", only_games],
        input="\n".join(kinds),
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert unknown == []
