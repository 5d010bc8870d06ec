"""The SQLite store: file checks, schema versions, transactions, history, small state."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from companion.errors import CompanionError
from companion.statefile import APPLICATION_ID
from companion.table import SCHEMA_VERSION, TableStore, draw, new_table, open_store
from companion.table.events import LevelOpened
from companion.table.store import MIGRATIONS
from tests.conftest import invoke


def _bytes(path: Path) -> bytes:
    return path.read_bytes()


def _table_schema(path: Path) -> int:
    """The table store's schema version as the state file records it."""
    conn = sqlite3.connect(path)
    row = conn.execute("SELECT version FROM companion_schema WHERE component = 'table'").fetchone()
    conn.close()
    return int(row[0])


def test_a_new_state_file_is_created_with_its_folder_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "folder" / "state.sqlite3"
    with open_store(path) as store:
        assert store.schema_version == SCHEMA_VERSION
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    conn.close()


def test_a_file_that_is_not_sqlite_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("my shopping list\n" * 50)
    before = _bytes(path)
    with pytest.raises(CompanionError, match="is not an SQLite database"):
        open_store(path)
    result = invoke("table", "list", "--state", str(path))
    assert result.exit_code == 2
    assert result.stderr.startswith("error: state file") and result.stderr.count("\n") == 1
    assert _bytes(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_another_programs_sqlite_file_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.execute("INSERT INTO recipes VALUES ('soup')")
    conn.commit()
    conn.close()
    before = _bytes(path)
    result = invoke("draw", "treasures", "--state", str(path))
    assert result.exit_code == 2
    assert "another program" in result.stderr and result.stderr.count("\n") == 1
    assert _bytes(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.db"]


def test_a_state_file_from_a_newer_companion_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "state.sqlite3"
    open_store(path).close()
    conn = sqlite3.connect(path)
    with conn:
        conn.execute(
            "UPDATE companion_schema SET version = ? WHERE component = 'table'",
            (SCHEMA_VERSION + 1,),
        )
    conn.close()
    before = _bytes(path)
    with pytest.raises(CompanionError, match="newer companion"):
        open_store(path)
    assert _bytes(path) == before


def test_a_damaged_state_file_gives_a_one_line_error_and_is_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "state.sqlite3"
    with open_store(path) as store, store.transaction() as tx:
        new_table(tx, "friday", "dragon-kings", ["Ann", "Bo"], seed=1)
    raw = bytearray(_bytes(path))
    page = 4096
    assert len(raw) > 2 * page
    raw[page : 2 * page] = b"\xde\xad\xbe\xef" * (page // 4)  # garbage over the second page
    path.write_bytes(bytes(raw))
    before = _bytes(path)
    result = invoke("deck", "status", "--state", str(path))
    assert result.exit_code == 2, result
    assert result.stderr.startswith("error: state file") and "damaged" in result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert _bytes(path) == before


def test_an_empty_file_becomes_a_new_state_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.sqlite3"
    path.touch()
    with open_store(path) as store:
        assert store.schema_version == SCHEMA_VERSION


def test_an_older_schema_is_migrated_in_place_keeping_its_tables(tmp_path: Path) -> None:
    path = tmp_path / "state.sqlite3"
    with open_store(path, migrations=MIGRATIONS) as store, store.transaction() as tx:
        new_table(tx, "friday", "dragon-kings", ["Ann", "Bo"], seed=1)

    def add_notes(conn: sqlite3.Connection) -> None:
        conn.execute("CREATE TABLE notes (table_id INTEGER, text TEXT)")

    with open_store(path, migrations=(*MIGRATIONS, add_notes)) as store:
        assert store.schema_version == len(MIGRATIONS) + 1
        with store.transaction(write=False) as tx:
            assert tx.table("friday").players == ("Ann", "Bo")
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT count(*) FROM notes").fetchone()[0] == 0
    conn.close()


def test_a_failing_migration_leaves_the_file_at_its_old_version(tmp_path: Path) -> None:
    path = tmp_path / "state.sqlite3"
    open_store(path).close()

    def broken(conn: sqlite3.Connection) -> None:
        conn.execute("CREATE TABLE half (x INTEGER)")
        raise sqlite3.OperationalError("simulated failure half way")

    with pytest.raises(CompanionError):
        open_store(path, migrations=(*MIGRATIONS, broken))
    assert _table_schema(path) == len(MIGRATIONS)
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT count(*) FROM sqlite_master WHERE name = 'half'").fetchone()[0] == 0
    conn.close()


def test_an_error_inside_a_transaction_changes_nothing(store: TableStore) -> None:
    with store.transaction() as tx:
        table, _ = new_table(tx, "friday", "dragon-kings", ["Ann", "Bo"], seed=1)
    with pytest.raises(CompanionError), store.transaction() as tx:
        draw(tx, table, "standard", 3, "Ann")
        draw(tx, table, "standard", 1, "Nobody")  # fails after three cards moved
    with store.transaction(write=False) as tx:
        assert tx.count(table, "standard", "draw") == 52  # the Swords joker stays boxed
        assert len(tx.history(table)) == 1


def test_the_history_is_append_only(store: TableStore) -> None:
    with store.transaction() as tx:
        new_table(tx, "friday", "dragon-kings", ["Ann"], seed=1)
    conn = sqlite3.connect(store.path)
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        conn.execute("UPDATE history SET summary = 'forged'")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        conn.execute("DELETE FROM history")
    conn.close()


def test_deleting_a_table_deletes_its_cards_history_and_state(store: TableStore) -> None:
    with store.transaction() as tx:
        table, _ = new_table(tx, "friday", "dragon-kings", ["Ann"], seed=1)
        tx.put_state(table, "timer", "clock", {"level": 4})
        tx.put_state(None, "timer", "clock", {"level": 1})
        other, _ = new_table(tx, "saturday", "dragon-kings", ["Bo"], seed=2)
        tx.delete_table(table)
    conn = sqlite3.connect(store.path)
    for sql in (
        "SELECT count(*) FROM history WHERE table_id = ?",
        "SELECT count(*) FROM cards WHERE table_id = ?",
        "SELECT count(*) FROM kv WHERE table_id = ?",
        "SELECT count(*) FROM players WHERE table_id = ?",
    ):
        assert conn.execute(sql, (table.id,)).fetchone()[0] == 0, sql
    conn.close()
    with store.transaction(write=False) as tx:
        assert [t.name for t in tx.tables()] == ["saturday"]
        assert tx.get_state(None, "timer", "clock") == {"level": 1}
        assert tx.table(None).name == "saturday"
        assert tx.count(other, "standard", "draw") == 52


def test_small_state_is_kept_per_table_and_outside_any_table(store: TableStore) -> None:
    with store.transaction() as tx:
        table, _ = new_table(tx, "friday", "dragon-kings", ["Ann"], seed=1)
        assert tx.get_state(table, "timer", "clock", default="none") == "none"
        tx.put_state(table, "timer", "clock", {"level": 3, "paused": True})
        tx.put_state(None, "timer", "clock", {"level": 9})
    with store.transaction(write=False) as tx:
        assert tx.get_state(table, "timer", "clock") == {"level": 3, "paused": True}
        assert tx.get_state(None, "timer", "clock") == {"level": 9}
    with store.transaction() as tx:
        tx.delete_state(table, "timer", "clock")
    with store.transaction(write=False) as tx:
        assert tx.get_state(table, "timer", "clock") is None


def test_small_state_is_not_undone_unless_it_belongs_to_the_action(store: TableStore) -> None:
    with store.transaction() as tx:
        table, _ = new_table(tx, "friday", "dragon-kings", ["Ann"], seed=1)
        tx.put_state(table, "timer", "clock", {"level": 1})
        tx.put_state(table, "timer", "marker", "before", undoable=True)
        tx.put_state(table, "timer", "marker", "after", undoable=True)
        tx.put_state(table, "timer", "clock", {"level": 2})
        tx.record(table, LevelOpened(2))  # any action that moved the marker
    with store.transaction() as tx:
        tx.undo_last(table)
        assert tx.get_state(table, "timer", "marker") is None
        assert tx.get_state(table, "timer", "clock") == {"level": 2}


def test_a_read_transaction_cannot_write(store: TableStore) -> None:
    with store.transaction(write=False) as tx, pytest.raises(RuntimeError):
        tx.put_state(None, "x", "y", 1)


def test_two_stores_on_one_file_see_each_others_commits(state_file: Path) -> None:
    with open_store(state_file) as first, open_store(state_file) as second:
        with first.transaction() as tx:
            table, _ = new_table(tx, "friday", "dragon-kings", ["Ann", "Bo"], seed=5)
        with second.transaction() as tx:
            drawn = draw(tx, tx.table(None), "standard", 2, "Bo")
        with first.transaction(write=False) as tx:
            held = tx.pile(table, "standard", "held", "Bo")
    assert [c.card_id for c in held] == [d.card_id for d in drawn]


def test_a_state_file_begun_by_another_subsystem_keeps_its_tables(tmp_path: Path) -> None:
    path = tmp_path / "state.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute(
        f"PRAGMA application_id = {APPLICATION_ID}"
    )  # companion's mark, no table schema yet
    conn.execute("CREATE TABLE timer_clocks (name TEXT PRIMARY KEY, state TEXT)")
    conn.execute("INSERT INTO timer_clocks VALUES ('default', '{}')")
    conn.commit()
    conn.close()
    with open_store(path) as store:
        assert store.schema_version == SCHEMA_VERSION
        with store.transaction() as tx:
            tx.execute(
                "UPDATE timer_clocks SET state = ? WHERE name = 'default'", ('{"level": 2}',)
            )
            new_table(tx, "friday", "dragon-kings", ["Ann"], seed=1)
        with pytest.raises(RuntimeError), store.transaction() as tx:
            tx.execute("UPDATE timer_clocks SET state = 'lost' WHERE name = 'default'")
            raise RuntimeError("the clock write rolls back with the table's")
        with store.transaction(write=False) as tx:
            assert tx.execute("SELECT state FROM timer_clocks").fetchone()[0] == '{"level": 2}'


def test_a_mistake_in_sql_is_a_bug_not_a_damaged_file(store: TableStore) -> None:
    with pytest.raises(sqlite3.OperationalError, match="no such table"), store.transaction() as tx:
        tx.execute("SELECT * FROM timer_nothing")


def _long_evening(store: TableStore, draws: int) -> tuple[object, list[int]]:
    """A table with ``draws`` draws after its setup, the last few of them undone."""
    with store.transaction() as tx:
        table, _ = new_table(tx, "friday", "dragon-kings", ["Ann", "Bo"], seed=1)
    for _ in range(draws):
        with store.transaction() as tx:
            draw(tx, table, "standard", 1, "Ann")
    with store.transaction() as tx:
        tx.undo_last(table)
        tx.undo_last(table)
    with store.transaction(write=False) as tx:
        ids = [e.id for e in tx.history(table)]
    return table, ids


def test_history_limit_and_since_read_the_same_entries_as_the_whole_history(
    store: TableStore,
) -> None:
    table, ids = _long_evening(store, 12)
    with store.transaction(write=False) as tx:
        whole = tx.history(table)
        assert [e.id for e in whole] == ids == sorted(ids)
        for limit in (1, 5, len(ids), len(ids) + 3):
            assert tx.history(table, limit) == whole[-limit:]
        assert tx.history(table, 0) == []
        after = ids[4]
        assert tx.history(table, since=after) == whole[5:]
        assert tx.history(table, 3, since=after) == whole[5:8]  # paging forward
        assert tx.history(table, since=ids[-1]) == []


def test_last_entry_id_is_the_newest_entry_of_that_table_alone(store: TableStore) -> None:
    table, ids = _long_evening(store, 5)
    with store.transaction() as tx:
        other, _ = new_table(tx, "saturday", "dragon-kings", ["Cy"], seed=2)
        assert tx.last_entry_id(table) == ids[-1] == tx.history(table, 1)[0].id
        assert tx.last_entry_id(other) == tx.history(other)[-1].id > ids[-1]


def test_history_entries_reads_the_entries_asked_for_and_no_other_tables(
    store: TableStore,
) -> None:
    table, ids = _long_evening(store, 4)
    with store.transaction() as tx:
        other, _ = new_table(tx, "saturday", "dragon-kings", ["Cy"], seed=2)
        foreign = tx.history(other)[0].id
    with store.transaction(write=False) as tx:
        whole = {e.id: e for e in tx.history(table)}
        got = tx.history_entries(table, [ids[0], ids[2], foreign, 10**6])
        assert got == {ids[0]: whole[ids[0]], ids[2]: whole[ids[2]]}
        assert tx.history_entries(table, []) == {}


def test_next_undo_skips_what_was_undone_and_stops_at_the_setup(store: TableStore) -> None:
    table, ids = _long_evening(store, 3)  # setup, three draws, two undos
    with store.transaction() as tx:
        assert not tx.history(table)[0].undoable  # the setup stays
        target = tx.next_undo(table)
        assert target is not None and target.id == ids[1]  # the first draw
        tx.undo_last(table)
        assert tx.next_undo(table) is None
        with pytest.raises(CompanionError, match="nothing to undo"):
            tx.undo_last(table)


def test_table_log_pages_with_since_and_limit(store: TableStore) -> None:
    _, ids = _long_evening(store, 6)
    state = ["--state", str(store.path), "--json"]
    page = invoke("table", "log", "--since", str(ids[1]), "-n", "3", *state)
    assert page.exit_code == 0, page.stderr
    assert [e["id"] for e in json.loads(page.stdout)["history"]] == ids[2:5]
    last = invoke("table", "log", "-n", "2", *state)
    assert [e["id"] for e in json.loads(last.stdout)["history"]] == ids[-2:]
    bad = invoke("table", "log", "--since", "-1", *state)
    assert bad.exit_code == 2 and "--since" in bad.stderr


def test_the_dealer_page_names_what_an_undo_undid_beyond_its_last_lines(
    store: TableStore,
) -> None:
    from companion.table.actions import view
    from companion.table.views import DEALER, HISTORY_SHOWN

    table, ids = _long_evening(store, 3)
    with store.transaction() as tx:
        for _ in range(HISTORY_SHOWN + 1):
            tx.record(table, LevelOpened(1), undoable=False)  # the undo target stays far back
        tx.undo_last(table)
    with store.transaction(write=False) as tx:
        seen = view(tx, table, DEALER)
    assert seen.history[0].summary == f"undid #{ids[1]}: Ann drew 1 card from Standard deck"
