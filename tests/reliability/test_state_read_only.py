"""Read-only state files and folders, damage found on opening, one lock timeout."""

from __future__ import annotations

import inspect
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.errors import CompanionError
from companion.statefile import (
    BUSY_TIMEOUT,
    Component,
    StateFile,
    describe_sqlite_error,
    read_transaction,
    script,
    write_transaction,
)

NOTES = Component(
    "notes", (script("CREATE TABLE notes_text (body TEXT NOT NULL)"),), prefix="notes_"
)
OTHER = Component("other", (script("CREATE TABLE other_x (a)"),), prefix="other_")


def _write(path: Path, body: str) -> None:
    with write_transaction(path, NOTES) as conn:
        conn.execute("INSERT INTO notes_text VALUES (?)", (body,))


def _read(path: Path) -> list[str]:
    with read_transaction(path, NOTES) as conn:
        assert conn is not None
        return [row[0] for row in conn.execute("SELECT body FROM notes_text")]


def _names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.fixture
def state(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "s.sqlite3"
    _write(path, "first")
    yield path
    path.chmod(0o644)
    tmp_path.chmod(0o755)


def test_a_read_only_file_is_read_and_leaves_no_journal_behind(state: Path) -> None:
    state.chmod(0o444)
    assert _read(state) == ["first"]
    assert _names(state.parent) == ["s.sqlite3"]  # no -shm or -wal left to block later writes
    state.chmod(0o644)
    _write(state, "second")
    assert _read(state) == ["first", "second"]


def test_writing_a_read_only_file_names_the_file_and_changes_nothing(state: Path) -> None:
    state.chmod(0o444)
    before = state.read_bytes()
    with pytest.raises(CompanionError) as err:
        _write(state, "second")
    assert err.value.message == (
        f"state file {state} is read-only (no write permission on the file); "
        "this command changes it: make the file writable or pass another --state"
    )
    assert state.read_bytes() == before and _names(state.parent) == ["s.sqlite3"]


def test_a_read_only_folder_allows_reads_and_names_the_folder_for_writes(state: Path) -> None:
    state.parent.chmod(0o555)
    assert _read(state) == ["first"]
    with pytest.raises(CompanionError, match=f"its folder {state.parent} is read-only") as err:
        _write(state, "second")
    assert "make that folder writable" in err.value.message
    assert _names(state.parent) == ["s.sqlite3"]


def test_a_new_file_in_a_read_only_folder_is_refused_before_anything(tmp_path: Path) -> None:
    tmp_path.chmod(0o555)
    try:
        with pytest.raises(
            CompanionError, match=f"the folder it would go in, {tmp_path} is read-only"
        ):
            _write(tmp_path / "sub" / "s.sqlite3", "x")
    finally:
        tmp_path.chmod(0o755)
    assert _names(tmp_path) == []


def test_a_read_only_file_whose_journal_holds_changes_is_not_read_stale(state: Path) -> None:
    # Another connection keeps the journal open with a commit not yet folded into the file.
    holder = sqlite3.connect(state)
    holder.execute("PRAGMA wal_autocheckpoint = 0")
    holder.execute("INSERT INTO notes_text VALUES ('late')")
    holder.commit()
    state.chmod(0o444)
    try:
        with pytest.raises(CompanionError, match="still holds changes that are not in the file"):
            _read(state)
    finally:
        holder.close()


def test_a_folder_that_cannot_be_entered_is_a_one_line_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Root enters every folder, so the refusal is simulated where os.stat meets it.
    target = tmp_path / "locked" / "s.sqlite3"
    real_stat = os.stat

    def refusing(path: object, *args: object, **kwargs: object) -> os.stat_result:
        if str(path).startswith(str(tmp_path / "locked")):
            raise PermissionError(13, "Permission denied")
        return real_stat(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "stat", refusing)
    with pytest.raises(CompanionError, match=r"cannot reach state file .*: no permission to enter"):
        _read(target)


def test_damage_is_found_on_opening_even_in_pages_the_command_never_reads(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    with StateFile(path, [NOTES]) as state, state.transaction() as conn:
        for n in range(300):
            conn.execute("INSERT INTO notes_text VALUES (?)", (f"note {n} " + "x" * 40,))
    raw = bytearray(path.read_bytes())
    raw[4096 * 2 : 4096 * 3] = b"\xde\xad\xbe\xef" * 1024  # a page of the notes
    path.write_bytes(bytes(raw))
    # The other component never reads the notes; the damage is found all the same.
    with (
        pytest.raises(CompanionError, match="quick check.*it was left untouched"),
        write_transaction(path, OTHER) as conn,
    ):
        conn.execute("INSERT INTO other_x VALUES (1)")
    assert path.read_bytes() == bytes(raw)


def _notes_damaged_far_from_other(path: Path) -> bytes:
    """A file whose notes fill a dozen pages, one of them damaged; the other table is whole."""
    with StateFile(path, [NOTES, OTHER]) as state, state.transaction() as conn:
        for n in range(300):
            conn.execute("INSERT INTO notes_text VALUES (?)", (f"note {n} " + "x" * 40,))
        conn.execute("INSERT INTO other_x VALUES (7)")
    raw = bytearray(path.read_bytes())
    raw[-4096:] = b"\xde\xad\xbe\xef" * 1024  # the last page: one of the notes
    path.write_bytes(bytes(raw))
    return bytes(raw)


def test_a_read_costs_the_pages_it_reads_and_the_first_write_checks_them_all(
    tmp_path: Path,
) -> None:
    # Over an evening the file grows; a page's read must not cost the whole file.
    path = tmp_path / "s.sqlite3"
    raw = _notes_damaged_far_from_other(path)
    with StateFile(path, write=False) as state:
        with state.transaction(write=False) as conn:
            assert conn.execute("SELECT a FROM other_x").fetchall() == [(7,)]
        with (
            pytest.raises(CompanionError, match="quick check.*it was left untouched"),
            state.transaction() as conn,
        ):
            conn.execute("INSERT INTO other_x VALUES (8)")
    assert path.read_bytes() == raw


def test_a_read_that_meets_a_damaged_page_says_so_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    raw = _notes_damaged_far_from_other(path)
    with (
        StateFile(path, write=False) as state,
        pytest.raises(CompanionError, match=r"^state file .* is damaged") as err,
        state.transaction(write=False) as conn,
    ):
        conn.execute("SELECT count(*), max(body) FROM notes_text").fetchall()
    assert "\n" not in err.value.message
    assert path.read_bytes() == raw


def test_damage_found_after_a_write_does_not_claim_the_file_untouched() -> None:
    exc = sqlite3.DatabaseError("database disk image is malformed")
    later = describe_sqlite_error(Path("s.sqlite3"), exc, untouched=False)
    assert later is not None and "untouched" not in later and "rolled back" in later


def test_every_subsystem_waits_the_same_time_for_a_lock() -> None:
    from companion.games.dungeon_master.store import PartyStore
    from companion.games.dungeon_of_d.saves import SaveStore
    from companion.timer.store import SqliteClockStore

    for store in (PartyStore, SaveStore, SqliteClockStore):
        default = inspect.signature(store).parameters["timeout"].default
        assert default == BUSY_TIMEOUT, store


def test_table_list_reads_without_creating_the_state_file(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "none" / "s.sqlite3"
    result = cli("table", "list", "--state", str(path), "--json")
    assert result.exit_code == 0 and result.json() == []
    assert not path.parent.exists()


def test_table_list_reads_a_read_only_state_file(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "s.sqlite3"
    assert (
        cli(
            "table", "new", "t1", "--game", "decko", "--players", "a,b", "--state", str(path)
        ).exit_code
        == 0
    )
    path.chmod(0o444)
    try:
        listed = cli("table", "list", "--state", str(path), "--json")
        assert listed.exit_code == 0 and [t["name"] for t in listed.json()] == ["t1"]
        refused = cli(
            "table", "new", "t2", "--game", "decko", "--players", "a,b", "--state", str(path)
        )
        assert refused.exit_code == 2 and "read-only" in refused.stderr
        assert _names(tmp_path) == ["s.sqlite3"]
    finally:
        path.chmod(0o644)
