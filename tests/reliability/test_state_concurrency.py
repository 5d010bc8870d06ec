"""Several processes on one state file: a healthy file is never called damaged.

The long version of the stress test runs on demand:
``python -m tests.reliability.state_race --seconds 60``.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from companion.errors import CompanionError
from companion.statefile import (
    SNAPSHOT_ATTEMPTS,
    Component,
    StateFile,
    check_file,
    read_transaction,
    script,
    write_transaction,
)
from tests.reliability.state_race import BIRTH_STEP, run_round

NOTES = Component(
    "notes", (script("CREATE TABLE notes_text (body TEXT NOT NULL)"),), prefix="notes_"
)

# Another terminal: opens the file, reads, closes. Were it the file's only user, its
# closing would fold the journal into the file and delete the -wal and -shm files.
OTHER_TERMINAL = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1])
conn.execute("SELECT count(*) FROM notes_text").fetchall()
conn.close()
"""


def test_opening_the_file_again_keeps_the_locks_of_a_connection_already_open(
    tmp_path: Path,
) -> None:
    # `companion serve` keeps the table open and opens the file again for the timer. Closing
    # a descriptor of the file drops every lock the process holds on it, so an opening that
    # read the header by itself left the served connection unprotected: another terminal's
    # closing then deleted the journal under it.
    path = tmp_path / "s.sqlite3"
    journal = path.with_name(path.name + "-wal")
    with StateFile(path, [NOTES]) as served:
        with served.transaction() as conn:
            conn.execute("INSERT INTO notes_text VALUES ('first')")
        assert journal.exists()
        check_file(path)
        StateFile(path, write=False).close()
        with read_transaction(path, NOTES) as conn:
            assert conn is not None
        subprocess.run([sys.executable, "-c", OTHER_TERMINAL, str(path)], check=True)
        assert journal.exists(), "another terminal took itself for the file's last user"
        with served.transaction() as conn:
            conn.execute("INSERT INTO notes_text VALUES ('second')")
    with sqlite3.connect(path) as conn:
        rows = conn.execute("SELECT body FROM notes_text ORDER BY rowid").fetchall()
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    conn.close()
    assert rows == [("first",), ("second",)]


def _notes_file(path: Path) -> bytes:
    """A checkpointed state file with some 300 notes (a dozen pages); its bytes."""
    with StateFile(path, [NOTES]) as state, state.transaction() as conn:
        for n in range(300):
            conn.execute("INSERT INTO notes_text VALUES (?)", (f"note {n} " + "x" * 40,))
    return path.read_bytes()


def _damaged(raw: bytes) -> bytes:
    return raw[:-4096] + b"\xde\xad\xbe\xef" * 1024  # the last page: one of the notes


def _replace_bytes(path: Path, data: bytes, *, mtime: int) -> None:
    """Someone allowed to write the (to us read-only) file does so."""
    path.chmod(0o644)
    path.write_bytes(data)
    os.utime(path, ns=(mtime, mtime))
    path.chmod(0o444)


def test_a_page_that_could_not_be_read_is_a_read_error_not_damage(tmp_path: Path) -> None:
    # A program that ignores SQLite's locks cuts the journal short while a connection uses
    # it: the next opening cannot read the pages of the last commit (a short read).
    path = tmp_path / "s.sqlite3"
    journal = path.with_name(path.name + "-wal")
    with StateFile(path, [NOTES]) as held:
        with held.transaction() as conn:
            conn.executemany("INSERT INTO notes_text VALUES (?)", [("x" * 200,)] * 200)
        cut = journal.stat().st_size
        with held.transaction() as conn:  # rewrites rows in place: page 1 stays before the cut
            conn.execute("UPDATE notes_text SET body = replace(body, 'x', 'y')")
        os.truncate(journal, cut)
        with pytest.raises(CompanionError) as err:
            StateFile(path).close()  # an opening for writing checks every page
    message = err.value.message
    assert message.startswith(f"cannot read state file {path} (SQLite's quick check: ")
    assert "error code=522" in message and "damaged" not in message


def test_a_read_only_snapshot_that_changed_under_the_check_is_checked_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The file's owner writes it while we (who may not) check a torn snapshot of it.
    path = tmp_path / "s.sqlite3"
    healthy = _notes_file(path)
    _replace_bytes(path, _damaged(healthy), mtime=10**18)
    real_check = StateFile._quick_check
    seen: list[str] = []

    def owner_writes_during_the_check(self: StateFile) -> None:
        try:
            real_check(self)
            seen.append("ok")
        except CompanionError:
            seen.append("damaged")
            _replace_bytes(path, healthy, mtime=2 * 10**18)
            raise

    monkeypatch.setattr(StateFile, "_quick_check", owner_writes_during_the_check)
    with read_transaction(path, NOTES) as conn:
        assert conn is not None
        assert conn.execute("SELECT count(*) FROM notes_text").fetchone() == (300,)
    assert seen == ["damaged", "ok"]


def test_a_read_only_snapshot_that_never_holds_still_is_not_called_damaged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "s.sqlite3"
    damaged = _damaged(_notes_file(path))
    _replace_bytes(path, damaged, mtime=10**18)
    real_check = StateFile._quick_check
    writes = iter(range(2, 100))

    def owner_keeps_writing(self: StateFile) -> None:
        try:
            real_check(self)
        finally:
            _replace_bytes(path, damaged, mtime=next(writes) * 10**18)

    monkeypatch.setattr(StateFile, "_quick_check", owner_keeps_writing)
    with pytest.raises(CompanionError) as err:
        StateFile(path, write=False).close()
    assert err.value.message.startswith(f"state file {path} changed while companion read it")
    assert next(writes) == 2 + SNAPSHOT_ATTEMPTS


def test_a_damaged_read_only_file_that_holds_still_is_damaged(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    _replace_bytes(path, _damaged(_notes_file(path)), mtime=10**18)
    with pytest.raises(CompanionError, match="is damaged or not a database .*quick check"):
        StateFile(path, write=False).close()


def test_a_read_only_snapshot_torn_after_opening_says_so(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    healthy = _notes_file(path)
    _replace_bytes(path, healthy, mtime=10**18)
    with StateFile(path, write=False) as state:
        _replace_bytes(path, _damaged(healthy), mtime=2 * 10**18)
        with pytest.raises(CompanionError) as err, state.transaction(write=False) as conn:
            conn.execute("PRAGMA shrink_memory")  # as if the file were larger than the cache
            conn.execute("SELECT count(*), max(length(body)) FROM notes_text").fetchall()
    assert err.value.message.startswith(f"state file {path} changed while companion read it")


def test_processes_writing_checkpointing_and_opening_at_once_never_see_damage(
    tmp_path: Path,
) -> None:
    # Real processes for a second and a half: writers committing, checkpointing and
    # vacuuming, one holding the file open as `companion serve` does while opening it
    # again, one opening it per command, and two meeting a new file every 50 ms (one
    # creating it, one opening it). Before the fixes this refused healthy files as damaged
    # or as another program's within the first second, and really damaged the shared one.
    outcome = run_round(
        tmp_path / "race.sqlite3",
        seconds=1.5,
        writers=2,
        servers=1,
        openers=1,
        newborns=2,
        seed=20,
    )
    assert outcome.errors == [], outcome.summary()
    assert outcome.lost == {} and outcome.integrity == ["ok"], outcome.summary()
    opens = {t.who: t.opens for t in outcome.tallies}
    assert opens["opener-3"] > 10 and opens["server-2"] > 10
    assert opens["newborn-4"] == opens["newborn-5"] == 1.5 / BIRTH_STEP
    assert sum(t.commits for t in outcome.tallies) > 20
    assert sum(t.checkpoints for t in outcome.tallies) > 0


def test_switching_to_wal_waits_for_another_writer_instead_of_failing_at_once(
    tmp_path: Path,
) -> None:
    # A file in rollback-journal mode (a new one, or one a tool switched back) is switched to
    # WAL on its first write. SQLite answers that switch "busy" at once, without waiting,
    # while another connection holds a write transaction; the write used to fail there as
    # if the file had been held for the whole busy timeout.
    path = tmp_path / "s.sqlite3"
    StateFile(path, [NOTES]).close()
    tool = sqlite3.connect(path, isolation_level=None)
    tool.execute("PRAGMA journal_mode = DELETE")
    tool.close()
    writer = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("INSERT INTO notes_text VALUES ('theirs')")
    done = threading.Timer(0.3, lambda: writer.execute("COMMIT"))
    done.start()
    try:
        with StateFile(path, [NOTES]) as state, state.transaction() as conn:
            conn.execute("INSERT INTO notes_text VALUES ('ours')")
    finally:
        done.join()
        writer.close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        rows = conn.execute("SELECT body FROM notes_text ORDER BY rowid").fetchall()
        assert rows == [("theirs",), ("ours",)]
    conn.close()


def test_an_opening_racing_the_creation_of_the_file_sees_it_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each statement outside a transaction reads the file as it is at that moment. The
    # opening's checks used to read the file's mark before another terminal created the
    # file and its tables after, and refused the new file as another program's.
    path = tmp_path / "s.sqlite3"
    path.touch()  # the other terminal's connection made the file; its first commit is to come
    real_connect = sqlite3.connect
    created: list[str] = []

    class Interleaved(sqlite3.Connection):
        def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
            if sql == "PRAGMA user_version" and not created:  # the mark was read just now
                created.append("tried")
                try:  # the other terminal commits its first write now
                    with write_transaction(path, NOTES, timeout=0.2) as conn:
                        conn.execute("INSERT INTO notes_text VALUES ('theirs')")
                    created.append("committed")
                except CompanionError:
                    created.append("kept waiting")  # our checks' read lock holds it back
            return super().execute(sql, *args)

    def connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        return real_connect(*args, factory=Interleaved, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", connect)
    with StateFile(path, [NOTES]) as state, state.transaction() as conn:
        conn.execute("INSERT INTO notes_text VALUES ('ours')")
    assert created == ["tried", "kept waiting"]
