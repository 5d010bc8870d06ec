"""The party store: dm_ tables in the shared SQLite file, transactions, refusal to touch foreign files."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

import companion.ui.render.words  # noqa: F401  (log lines are said as the CLI says them)
from companion.errors import CompanionError
from companion.games.dungeon_master.party import Party, TrackedHero
from companion.games.dungeon_master.store import SCHEMA_VERSION, PartyStore
from companion.statefile import APPLICATION_ID


def _party() -> Party:
    return Party(
        heroes=(
            TrackedHero("Wizard", "wizard", {"spell": 4}),
            TrackedHero("Priest", "priest", {"bless": 2, "heal": 2}),
        ),
        treasure_points=5,
        deck=("knight", "monk"),
        discarded=("bard",),
        seed=9,
    )


def _clock() -> datetime:
    return datetime(2024, 5, 1, 12, 0, tzinfo=UTC)


def test_round_trip(tmp_path: Path) -> None:
    store = PartyStore(tmp_path / "s.sqlite3", clock=_clock)
    assert store.load() is None
    store.create(_party(), replace=False)
    assert store.load() == _party()
    changed = store.update(lambda p: p.kill("Wizard").level_up("Priest", "heal"), what="turn 1")
    assert store.load() == changed
    last = store.log()[-1]
    assert (last.at, last.action, last.text) == ("2024-05-01T12:00:00+00:00", "note", "turn 1")


def test_reading_never_creates_the_file(tmp_path: Path) -> None:
    path = tmp_path / "absent.sqlite3"
    assert PartyStore(path).load() is None
    assert PartyStore(path).log() == []
    assert not path.exists()
    with pytest.raises(
        CompanionError,
        match="no Dungeon Master party in .*; start one with 'companion dm party new'",
    ):
        PartyStore(path).require()


def test_schema_version_is_recorded(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    PartyStore(path).create(_party(), replace=False)
    with sqlite3.connect(path) as conn:
        assert conn.execute(
            "SELECT version FROM companion_schema WHERE component='dm'"
        ).fetchone() == (SCHEMA_VERSION,)
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert tables - {"sqlite_sequence", "companion_schema"} == {"dm_party", "dm_heroes", "dm_log"}


def test_an_existing_party_is_replaced_only_when_asked(tmp_path: Path) -> None:
    store = PartyStore(tmp_path / "s.sqlite3")
    store.create(_party(), replace=False)
    other = Party(heroes=(TrackedHero("Monk", "monk", {"bless": 1, "stealth": 1, "dagger": 2}),))
    with pytest.raises(CompanionError, match="a party already exists .*add --replace"):
        store.create(other, replace=False)
    store.create(other, replace=True)
    assert store.require() == other


def test_a_failed_change_leaves_the_party_as_it_was(tmp_path: Path) -> None:
    store = PartyStore(tmp_path / "s.sqlite3")
    store.create(_party(), replace=False)

    def half_done(party: Party) -> Party:
        party.kill("Wizard")
        raise CompanionError("the player changed their mind")

    with pytest.raises(CompanionError, match="changed their mind"):
        store.update(half_done)
    with pytest.raises(CompanionError, match="no hero named 'Nobody'"):
        store.update(lambda p: p.kill("Wizard").kill("Nobody"))
    assert store.load() == _party()


def test_other_tables_in_the_shared_file_are_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")  # another companion tool's file
        conn.execute("CREATE TABLE table_sessions (name TEXT PRIMARY KEY, game TEXT)")
        conn.execute("INSERT INTO table_sessions VALUES ('friday', 'dungeon-poker')")
    PartyStore(path).create(_party(), replace=False)
    PartyStore(path).update(lambda p: p.add_points(10))
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT * FROM table_sessions").fetchall() == [
            ("friday", "dungeon-poker")
        ]


def test_a_file_that_is_not_sqlite_is_refused_and_untouched(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_bytes(b"my shopping list\nbread\n")
    for action in (PartyStore(path).load, lambda: PartyStore(path).create(_party(), replace=True)):
        with pytest.raises(
            CompanionError, match="is not an SQLite database .*; it was left untouched"
        ):
            action()
    assert path.read_bytes() == b"my shopping list\nbread\n"


def test_a_damaged_sqlite_file_is_refused_and_untouched(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    PartyStore(path).create(_party(), replace=False)
    data = bytearray(path.read_bytes())
    data[16:116] = b"\xff" * 100  # wreck the header after the magic string
    path.write_bytes(bytes(data))
    with pytest.raises(CompanionError, match="damaged or not a database"):
        PartyStore(path).update(lambda p: p.add_points(1))
    assert path.read_bytes() == bytes(data)


def test_dm_tables_of_another_shape_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute(
            f"PRAGMA application_id = {APPLICATION_ID}"
        )  # companion's file, but not our dm_party
        conn.execute("CREATE TABLE dm_party (x INTEGER)")
    with pytest.raises(CompanionError, match="dm_ tables that companion did not write"):
        PartyStore(path).create(_party(), replace=True)
    with sqlite3.connect(path) as conn:
        assert [r[1] for r in conn.execute("PRAGMA table_info(dm_party)")] == ["x"]


def test_a_newer_schema_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    PartyStore(path).create(_party(), replace=False)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE companion_schema SET version = 99 WHERE component = 'dm'")
    with pytest.raises(CompanionError, match="schema version 99, this companion reads version 3"):
        PartyStore(path).load()


def test_damaged_rows_are_reported(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    PartyStore(path).create(_party(), replace=False)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE dm_heroes SET levels = 'not json' WHERE name = 'Wizard'")
    with pytest.raises(CompanionError, match="the saved party is damaged"):
        PartyStore(path).load()


def test_changes_wait_for_another_writer_and_give_up_clearly(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    PartyStore(path).create(_party(), replace=False)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another command is in the middle of a change
    try:
        with pytest.raises(CompanionError, match="is busy or locked"):
            PartyStore(path, timeout=0.05).update(lambda p: p.add_points(1))
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert PartyStore(path).update(lambda p: p.add_points(1)).treasure_points == 6


def test_a_folder_is_not_a_state_file(tmp_path: Path) -> None:
    with pytest.raises(CompanionError, match="is a folder"):
        PartyStore(tmp_path).load()


def test_another_programs_sqlite_file_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "photos.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE photos (id INTEGER)")
    before = path.read_bytes()
    for action in (PartyStore(path).load, lambda: PartyStore(path).create(_party(), replace=True)):
        with pytest.raises(CompanionError, match="another program"):
            action()
    assert path.read_bytes() == before


def test_dm_tables_changed_by_hand_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    PartyStore(path).create(_party(), replace=False)
    with sqlite3.connect(path) as conn:
        conn.execute("ALTER TABLE dm_log ADD COLUMN mood TEXT")
    for action in (
        PartyStore(path).load,
        lambda: PartyStore(path).update(lambda p: p.add_points(1)),
    ):
        with pytest.raises(CompanionError, match="table dm_log does not have the expected columns"):
            action()
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT treasure_points FROM dm_party").fetchone() == (5,)


def test_a_version_1_party_is_upgraded_in_place(tmp_path: Path) -> None:
    """A state file written before turns and undo keeps its party, dead heroes and log."""
    from companion.games.dungeon_master.store import _SCHEMA
    from companion.statefile import Component, script, write_transaction

    path = tmp_path / "old.sqlite3"
    old = Component("dm", (script(_SCHEMA),), prefix="dm_")
    with write_transaction(path, old) as conn:
        conn.execute(
            "INSERT INTO dm_party VALUES (1, 77, 15, '[\"monk\"]', '[\"bard\"]', 'then', 'then')"
        )
        conn.execute(
            "INSERT INTO dm_heroes VALUES (0, 'Wizard', 'wizard', 1, '{\"spell\": 5}'), "
            "(1, 'Elf', 'elf', 0, '{\"bow\": 1}')"
        )
        conn.execute("INSERT INTO dm_log (at, event) VALUES ('then', 'killed')")
    store = PartyStore(path)
    party = store.require()
    assert (party.seed, party.treasure_points, party.deck, party.discarded) == (
        77,
        15,
        ("monk",),
        ("bard",),
    )
    assert [(h.name, h.alive, h.fell_on) for h in party.heroes] == [
        ("Wizard", True, None),
        ("Elf", False, 0),
    ]
    assert party.hero("Wizard").level("spell") == 5 and party.turn == 0
    [entry] = store.log()
    assert (entry.action, entry.text, entry.undoable) == ("note", "killed", False)
    with pytest.raises(CompanionError, match="nothing to undo"):
        store.undo()
    with sqlite3.connect(path) as conn:
        assert conn.execute(
            "SELECT version FROM companion_schema WHERE component = 'dm'"
        ).fetchone() == (SCHEMA_VERSION,)
