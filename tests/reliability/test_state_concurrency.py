"""Several processes on one state file: a healthy file is never called damaged.

The long version of the stress test runs on demand:
``python -m tests.reliability.state_race --seconds 60``.
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

from companion.statefile import Component, StateFile, check_file, read_transaction, script

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
