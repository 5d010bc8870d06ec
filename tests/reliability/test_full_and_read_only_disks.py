"""A full disk and a disk mounted read-only are named as such, never as "disk I/O error"
or as the file's own permissions."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from companion import fileio, statefile
from companion.errors import CompanionError
from tests.conftest import invoke


def _statvfs(*, read_only: bool = False, free: int = 10**9) -> object:
    return SimpleNamespace(
        f_flag=os.ST_RDONLY if read_only else 0, f_bavail=free // 4096, f_frsize=4096
    )


class _SqliteError(sqlite3.OperationalError):
    def __init__(self, name: str) -> None:
        super().__init__("disk I/O error")
        self.sqlite_errorname = name


@pytest.mark.parametrize("name", ["SQLITE_IOERR_WRITE", "SQLITE_IOERR_SHMSIZE", "SQLITE_FULL"])
def test_sqlite_on_a_full_disk_says_the_disk_is_full(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, name: str
) -> None:
    monkeypatch.setattr(os, "statvfs", lambda _path: _statvfs(free=4096))
    said = statefile.describe_sqlite_error(tmp_path / "s.sqlite3", _SqliteError(name))
    assert said is not None and said.endswith("the disk is full"), said


def test_a_disk_error_with_room_left_stays_a_disk_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(os, "statvfs", lambda _path: _statvfs())
    said = statefile.describe_sqlite_error(tmp_path / "s.sqlite3", _SqliteError("SQLITE_IOERR"))
    assert said is not None and "disk error (disk I/O error)" in said


def test_a_state_file_on_a_read_only_mount_names_the_mount(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "s.sqlite3"
    assert invoke("table", "list", "--state", str(path)).exit_code == 0
    assert (
        invoke(
            "table", "new", "t", "--game", "decko", "--players", "a,b", "--state", str(path)
        ).exit_code
        == 0
    )
    monkeypatch.setattr(os, "statvfs", lambda _path: _statvfs(read_only=True))
    reason = statefile.read_only_reason(path, True)
    assert reason is not None and "mounted read-only" in reason
    assert "permission" not in reason
    result = invoke("table", "deal", "--state", str(path))
    assert result.exit_code == 2 and "mounted read-only" in result.stderr
    assert "mount it writable" in result.stderr
    shown = invoke("table", "show", "--state", str(path))
    assert shown.exit_code == 0  # reading still works


def test_an_output_on_a_read_only_mount_is_not_offered_force(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    target = tmp_path / "x.pdf"
    target.write_bytes(b"old")
    monkeypatch.setattr(os, "statvfs", lambda _path: _statvfs(read_only=True))
    with pytest.raises(CompanionError, match=r"is mounted read-only$"):
        fileio.output_path(target, force=True)


def test_os_errors_of_a_full_or_read_only_disk_are_said_in_words() -> None:
    import errno

    assert fileio._reason(OSError(errno.ENOSPC, "No space left on device")) == "the disk is full"
    assert "mounted read-only" in fileio._reason(OSError(errno.EROFS, "Read-only file system"))


# -- on a real disk, where this machine lets us make one ---------------------------------

ROOT = Path(__file__).resolve().parents[2]


def _companion(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion", *args],
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 2 MB ext4 disk mounted at a temporary folder (root, mount and mkfs.ext4 needed)."""
    image, mount = tmp_path / "disk.img", tmp_path / "disk"
    mount.mkdir()
    if os.geteuid() != 0 or not shutil.which("mkfs.ext4") or not shutil.which("mount"):
        pytest.skip("needs root, mount and mkfs.ext4 to make a real small disk")
    with image.open("wb") as f:
        f.truncate(2 * 1024 * 1024)
    made = subprocess.run(["mkfs.ext4", "-q", str(image)], capture_output=True, check=False)
    mounted = subprocess.run(
        ["mount", "-o", "loop", str(image), str(mount)], capture_output=True, check=False
    )
    if made.returncode or mounted.returncode:
        pytest.skip(f"this machine cannot mount a disk image: {mounted.stderr.decode()[:80]}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True, check=False)


def test_a_real_full_disk_and_then_a_read_only_one(small_disk: Path) -> None:
    """Every command in a process of its own, as from terminals: the last one to close the
    file takes SQLite's journal and shared-memory files away, and making them again on a
    full disk is what SQLite calls a "disk I/O error"."""
    state = str(small_disk / "s.sqlite3")
    new = ("table", "new", "t", "--game", "dungeon-poker", "--players", "ann,bo", "--state", state)
    assert _companion(*new).returncode == 0
    assert _companion("timer", "run", "--paused", "--state", state).returncode == 0
    log = _companion("table", "log", "--state", state, "--json").stdout
    with (small_disk / "fill").open("wb", buffering=0) as fill:
        for chunk in (65536, 1024):  # to the last block, as root may
            with pytest.raises(OSError):
                while True:
                    fill.write(b"\0" * chunk)
    for _ in range(2):
        result = _companion("draw", "treasures", "--for", "ann", "--state", state)
        assert result.returncode == 2 and result.stderr.count("\n") == 1
        assert "the disk is full" in result.stderr, result.stderr
        assert "I/O" not in result.stderr
    (small_disk / "fill").unlink()
    assert _companion("table", "log", "--state", state, "--json").stdout == log
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    result = _companion("draw", "treasures", "--for", "ann", "--state", state)
    assert result.returncode == 2 and "mounted read-only" in result.stderr, result.stderr
    assert "no write permission" not in result.stderr
    assert _companion("table", "log", "--state", state, "--json").stdout == log
