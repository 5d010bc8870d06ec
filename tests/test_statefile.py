"""The shared state file: refusals that leave the file untouched, migrations, transactions."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion.errors import CompanionError
from companion.statefile import (
    APPLICATION_ID,
    FILE_FORMAT,
    Component,
    Migration,
    StateFile,
    check_file,
    read_transaction,
    script,
    write_transaction,
)

ROOT = Path(__file__).resolve().parents[1]

NOTES = Component(
    "notes",
    (script("CREATE TABLE notes_text (id INTEGER PRIMARY KEY, body TEXT NOT NULL)"),),
    prefix="notes_",
)
TALLY = Component(
    "tally", (script("CREATE TABLE tally_marks (n INTEGER NOT NULL)"),), prefix="tally_"
)


def _note(state: StateFile, body: str) -> None:
    with state.transaction() as conn:
        conn.execute("INSERT INTO notes_text (body) VALUES (?)", (body,))


def _notes(state: StateFile) -> list[str]:
    with state.transaction(write=False) as conn:
        return [row[0] for row in conn.execute("SELECT body FROM notes_text ORDER BY id")]


def _recorded(path: Path) -> dict[str, int]:
    with sqlite3.connect(path) as conn:
        rows = conn.execute("SELECT component, version FROM companion_schema").fetchall()
    return {str(name): int(version) for name, version in rows}


def _refused(path: Path, fragment: str, components: tuple[Component, ...] = (NOTES,)) -> None:
    """Opening ``path`` fails in one line naming it, and changes no byte of it nor adds a file."""
    before = path.read_bytes()
    neighbours = sorted(p.name for p in path.parent.iterdir())
    with pytest.raises(CompanionError, match=fragment) as err:
        StateFile(path, components).close()
    assert str(path) in err.value.message and "\n" not in err.value.message
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == neighbours


# -- opening ---------------------------------------------------------------------------


def test_a_new_file_is_created_with_its_folders_marked_and_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "state.sqlite3"
    with StateFile(path, [NOTES, TALLY]) as state:
        assert (state.version(NOTES), state.version(TALLY)) == (1, 1)
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert conn.execute("PRAGMA user_version").fetchone()[0] == FILE_FORMAT
    assert _recorded(path) == {"notes": 1, "tally": 1}


def test_the_connection_waits_for_other_writers_and_keeps_foreign_keys(tmp_path: Path) -> None:
    with StateFile(tmp_path / "s.sqlite3", timeout=12.5) as state, state.transaction() as conn:
        assert conn.execute("PRAGMA busy_timeout").fetchone()[0] == 12500
        assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1


def test_an_empty_file_becomes_a_new_state_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.sqlite3"
    path.touch()
    with StateFile(path, [NOTES]) as state:
        _note(state, "first")
        assert _notes(state) == ["first"]


# -- refusals: each names the file and leaves it exactly as it was ---------------------------


def test_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(CompanionError, match=r"is a folder; pass a file with --state") as err:
        StateFile(tmp_path, [NOTES])
    assert str(tmp_path) in err.value.message
    assert list(tmp_path.iterdir()) == []


def test_a_file_that_is_not_sqlite_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("my shopping list\n" * 300)
    _refused(path, "is not an SQLite database .* left untouched")
    assert check_file(tmp_path / "absent") is False


def test_a_short_file_that_only_starts_like_sqlite_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "half.sqlite3"
    path.write_bytes(b"SQLite for")
    _refused(path, "is not an SQLite database")


def test_a_one_byte_file_is_refused_not_taken_for_a_new_one(tmp_path: Path) -> None:
    # SQLite itself reads a one-byte file as an empty database and would write over it.
    path = tmp_path / "typo.sqlite3"
    path.write_bytes(b"\n")
    _refused(path, "is not an SQLite database")


def test_another_programs_sqlite_file_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "recipes.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE recipes (name TEXT)")
        conn.execute("INSERT INTO recipes VALUES ('soup')")
    conn.close()
    _refused(
        path, "is an SQLite database of another program, not companion's; it was left untouched"
    )


def test_an_empty_sqlite_file_of_another_program_is_refused_by_its_mark(tmp_path: Path) -> None:
    path = tmp_path / "marked.db"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA application_id = 1234")
    conn.close()
    _refused(path, "another program")


def test_a_damaged_file_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    with StateFile(path, [NOTES]) as state:
        for n in range(300):
            _note(state, f"note {n} " + "x" * 40)
    raw = bytearray(path.read_bytes())
    page = 4096
    assert len(raw) > 3 * page
    raw[page : 3 * page] = b"\xde\xad\xbe\xef" * (page // 2)
    path.write_bytes(bytes(raw))
    with (
        pytest.raises(CompanionError, match="is damaged or not a database") as err,
        StateFile(path, [NOTES]) as state,
    ):
        _notes(state)
    assert str(path) in err.value.message and "\n" not in err.value.message
    assert path.read_bytes() == bytes(raw)


def test_a_wrecked_header_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    StateFile(path, [NOTES]).close()
    raw = bytearray(path.read_bytes())
    raw[16:100] = b"\xff" * 84  # everything after the magic string
    path.write_bytes(bytes(raw))
    _refused(path, "is damaged or not a database")


def test_a_component_version_from_a_newer_companion_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    with StateFile(path, [NOTES]) as state:
        _note(state, "kept")
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE companion_schema SET version = 7 WHERE component = 'notes'")
    conn.close()
    _refused(path, r"newer companion \(notes schema version 7, this companion reads version 1\)")
    # Other components of the same file are still usable.
    with StateFile(path, [TALLY]) as state:
        assert state.version(TALLY) == 1


def test_a_newer_file_in_rollback_journal_mode_is_not_switched_to_wal(tmp_path: Path) -> None:
    # The journal mode is kept in the header: switching it would be a write.
    path = tmp_path / "s.sqlite3"
    StateFile(path, [NOTES]).close()
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode = DELETE")
    with conn:
        conn.execute("UPDATE companion_schema SET version = 2 WHERE component = 'notes'")
    conn.close()
    _refused(path, "newer companion")
    before = path.read_bytes()
    with pytest.raises(CompanionError, match="newer companion"), read_transaction(path, NOTES):
        pass
    assert path.read_bytes() == before


def test_a_file_layout_from_a_newer_companion_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    StateFile(path, [NOTES]).close()
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {FILE_FORMAT + 1}")
    conn.close()
    _refused(path, "newer companion .*file format 2", components=())


def test_tables_of_a_component_that_companion_did_not_record_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    StateFile(path, [TALLY]).close()
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE notes_text (whatever BLOB)")
    conn.close()
    _refused(path, "has notes_ tables that companion did not write")


def test_a_file_of_another_program_is_refused_before_a_read_too(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE photos (id INTEGER)")
    conn.close()
    before = path.read_bytes()
    for transaction in (read_transaction, write_transaction):
        with pytest.raises(CompanionError, match="another program"), transaction(path, NOTES):
            pass
    assert path.read_bytes() == before


# -- migrations ----------------------------------------------------------------------------


def test_migrations_run_in_order_and_only_the_missing_ones(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    ran: list[int] = []

    def step(number: int) -> Migration:
        def run(conn: sqlite3.Connection) -> None:
            ran.append(number)
            conn.execute(f"CREATE TABLE log_step{number} (x)")

        return run

    v1 = Component("log", (step(1),), prefix="log_")
    v3 = Component("log", (step(1), step(2), step(3)), prefix="log_")
    with StateFile(path, [v1]) as state:
        assert state.version(v1) == 1
    with StateFile(path, [v3]) as state:
        assert state.version(v3) == 3
    with StateFile(path, [v3]):
        pass
    assert ran == [1, 2, 3]
    assert _recorded(path) == {"log": 3}


def test_a_migration_keeps_the_rows_already_there(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    with StateFile(path, [NOTES]) as state:
        _note(state, "before the upgrade")
    v2 = Component(
        "notes",
        (*NOTES.migrations, script("ALTER TABLE notes_text ADD COLUMN author TEXT DEFAULT 'Ann'")),
        prefix="notes_",
    )
    with StateFile(path, [v2]) as state, state.transaction(write=False) as conn:
        assert conn.execute("SELECT body, author FROM notes_text").fetchall() == [
            ("before the upgrade", "Ann")
        ]


def test_a_failing_migration_leaves_the_file_at_its_old_version(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    with StateFile(path, [NOTES]) as state:
        _note(state, "safe")

    def broken(conn: sqlite3.Connection) -> None:
        conn.execute("CREATE TABLE notes_half (x INTEGER)")
        conn.execute("INSERT INTO notes_text (body) VALUES ('half')")
        raise sqlite3.OperationalError("simulated failure half way")

    before = path.read_bytes()
    with pytest.raises(
        CompanionError, match="cannot upgrade state file .* to notes schema 2"
    ) as err:
        StateFile(path, [Component("notes", (*NOTES.migrations, broken), prefix="notes_")])
    assert str(path) in err.value.message
    assert path.read_bytes() == before
    assert _recorded(path) == {"notes": 1}
    with StateFile(path, [NOTES]) as state:
        assert _notes(state) == ["safe"]
        with state.transaction(write=False) as conn:
            assert (
                conn.execute(
                    "SELECT count(*) FROM sqlite_master WHERE name = 'notes_half'"
                ).fetchone()[0]
                == 0
            )


def test_a_failing_first_migration_leaves_a_new_file_unmarked(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"

    def broken(conn: sqlite3.Connection) -> None:
        raise sqlite3.OperationalError("no room")

    with pytest.raises(CompanionError, match="cannot upgrade"):
        StateFile(path, [Component("notes", (broken,))])
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA application_id").fetchone()[0] == 0
        assert conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0
    conn.close()


# The first process stops inside its migration, holding the write lock. The second
# reads the old version, then asks for the lock (its SQL is traced to stdout so the
# parent knows it is waiting); only then may the first go on and commit.
RACER = """
import sqlite3, sys
from companion.statefile import Component, StateFile

path, who = sys.argv[1], sys.argv[2]

def step(conn):
    conn.execute("CREATE TABLE IF NOT EXISTS race_log (who TEXT)")
    conn.execute("INSERT INTO race_log VALUES (?)", (who,))
    if who == "first":
        print("inside", flush=True)
        sys.stdin.readline()

if who == "second":
    real_connect = sqlite3.connect
    def traced(*args, **kwargs):
        conn = real_connect(*args, **kwargs)
        conn.set_trace_callback(lambda sql: print("sql:", sql, flush=True))
        return conn
    sqlite3.connect = traced

RACE = Component("race", (step,), prefix="race_")
with StateFile(path, [RACE]) as state:
    print("done", state.version(RACE), flush=True)
"""


def test_two_processes_migrating_at_once_run_the_migration_once(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    StateFile(path, [NOTES]).close()  # an existing file gets a new component in two terminals
    env = dict(os.environ, PYTHONPATH=str(ROOT))

    def start(who: str) -> subprocess.Popen[str]:
        return subprocess.Popen(
            [sys.executable, "-c", RACER, str(path), who],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            cwd=ROOT,
        )

    first = start("first")
    assert first.stdout is not None and first.stdin is not None
    assert first.stdout.readline().strip() == "inside"
    second = start("second")
    assert second.stdout is not None
    seen: list[str] = []
    for line in second.stdout:
        seen.append(line.strip())
        if line.strip() == "sql: BEGIN IMMEDIATE":
            break
    assert seen[-1] == "sql: BEGIN IMMEDIATE", seen
    first.stdin.write("go\n")
    first.stdin.flush()
    out_first, err_first = first.communicate(timeout=60)
    out_second, err_second = second.communicate(timeout=60)
    assert first.returncode == 0, err_first
    assert second.returncode == 0, err_second
    assert out_first.strip().splitlines()[-1] == "done 1"
    assert out_second.strip().splitlines()[-1] == "done 1"
    assert not any(
        "race_log" in line for line in out_second.splitlines()
    )  # its migration never ran
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT who FROM race_log").fetchall() == [("first",)]
    conn.close()
    assert _recorded(path) == {"notes": 1, "race": 1}


# -- transactions --------------------------------------------------------------------------


def test_an_exception_inside_a_write_rolls_everything_back(tmp_path: Path) -> None:
    with StateFile(tmp_path / "s.sqlite3", [NOTES]) as state:
        _note(state, "kept")
        for error in (CompanionError("no such player"), KeyboardInterrupt()):
            with pytest.raises(type(error)), state.transaction() as conn:
                conn.execute("INSERT INTO notes_text (body) VALUES ('lost')")
                conn.execute("DELETE FROM notes_text WHERE body = 'kept'")
                raise error
        assert _notes(state) == ["kept"]
        _note(state, "the file is free again")
        assert _notes(state) == ["kept", "the file is free again"]


def test_a_read_transaction_is_a_snapshot(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    with StateFile(path, [NOTES]) as reader, StateFile(path, [NOTES]) as writer:
        _note(writer, "one")
        with reader.transaction(write=False) as conn:
            assert conn.execute("SELECT count(*) FROM notes_text").fetchone()[0] == 1
            _note(writer, "two")  # another terminal commits meanwhile: WAL lets it
            assert conn.execute("SELECT count(*) FROM notes_text").fetchone()[0] == 1
        assert _notes(reader) == ["one", "two"]


def test_a_busy_file_gives_a_clear_error_after_the_timeout(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    StateFile(path, [NOTES]).close()
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another terminal in the middle of a change
    try:
        with StateFile(path, [NOTES], timeout=0.05) as state:
            with pytest.raises(CompanionError, match="is busy or locked .*try again") as err:
                _note(state, "too late")
            assert str(path) in err.value.message
            assert _notes(state) == []  # reading goes on meanwhile
    finally:
        other.execute("ROLLBACK")
        other.close()


def test_a_mistake_in_sql_is_a_bug_not_a_damaged_file(tmp_path: Path) -> None:
    with (
        StateFile(tmp_path / "s.sqlite3", [NOTES]) as state,
        pytest.raises(sqlite3.OperationalError, match="no such table"),
        state.transaction() as conn,
    ):
        conn.execute("SELECT * FROM notes_nothing")


# -- a component reading without creating -----------------------------------------------------


def test_reading_never_creates_the_file_or_the_tables(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    with read_transaction(path, NOTES) as conn:
        assert conn is None
    assert not path.exists()
    StateFile(path, [TALLY]).close()
    before = path.read_bytes()
    with read_transaction(path, NOTES) as conn:
        assert conn is None
    assert path.read_bytes() == before
    empty = tmp_path / "empty.sqlite3"
    empty.touch()
    with read_transaction(empty, NOTES) as conn:
        assert conn is None
    assert empty.read_bytes() == b""


def test_writing_creates_the_tables_and_reading_sees_them(tmp_path: Path) -> None:
    path = tmp_path / "new" / "s.sqlite3"
    with write_transaction(path, NOTES) as conn:
        conn.execute("INSERT INTO notes_text (body) VALUES ('hello')")
    with read_transaction(path, NOTES) as conn:
        assert conn is not None
        assert conn.execute("SELECT body FROM notes_text").fetchall() == [("hello",)]
    with pytest.raises(CompanionError), write_transaction(path, NOTES) as conn:
        conn.execute("DELETE FROM notes_text")
        raise CompanionError("changed my mind")
    with read_transaction(path, NOTES) as conn:
        assert conn is not None
        assert conn.execute("SELECT count(*) FROM notes_text").fetchone()[0] == 1
