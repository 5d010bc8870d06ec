"""Where state and data live (issue: foundation)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.errors import CompanionError
from companion.fileio import write_atomic
from companion.paths import state_path


def test_state_flag_beats_environment_beats_user_data_dir() -> None:
    env = {"COMPANION_STATE": "/env/state.sqlite3"}
    assert state_path("/flag/state.sqlite3", env=env) == Path("/flag/state.sqlite3")
    assert state_path(None, env=env) == Path("/env/state.sqlite3")
    default = state_path(None, env={})
    assert default.name == "companion.sqlite3" and "companion" in str(default.parent)


def test_write_atomic_replaces_whole_file_and_leaves_no_temp(tmp_path: Path) -> None:
    target = tmp_path / "deck.pdf"
    target.write_bytes(b"old")
    write_atomic(target, b"new contents")
    assert target.read_bytes() == b"new contents"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck.pdf"]


def test_write_atomic_reports_unwritable_place_as_user_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(CompanionError, match="cannot write"):
        write_atomic(blocker / "inside.txt", "data")


def test_write_atomic_gives_new_files_the_usual_permissions(tmp_path: Path) -> None:
    import os

    mask = os.umask(0o022)
    try:
        write_atomic(tmp_path / "sheet.pdf", b"%PDF")
    finally:
        os.umask(mask)
    assert (tmp_path / "sheet.pdf").stat().st_mode & 0o777 == 0o644


def test_write_atomic_keeps_the_mode_of_a_file_it_replaces(tmp_path: Path) -> None:
    target = tmp_path / "save.json"
    target.write_text("{}")
    target.chmod(0o600)
    write_atomic(target, "[]")
    assert target.stat().st_mode & 0o777 == 0o600
