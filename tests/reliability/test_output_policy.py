"""The one output-path policy every writer follows (companion.fileio.write_atomic)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.errors import CompanionError
from companion.fileio import output_path, read_text, write_atomic


def test_a_symlink_is_followed_and_stays_a_link(tmp_path: Path) -> None:
    real = tmp_path / "real" / "deck.pdf"
    real.parent.mkdir()
    real.write_bytes(b"old")
    link = tmp_path / "link.pdf"
    link.symlink_to(real)
    write_atomic(link, b"new")
    assert link.is_symlink() and real.read_bytes() == b"new"
    # The temporary file lived beside the real file and is gone.
    assert sorted(p.name for p in real.parent.iterdir()) == ["deck.pdf"]


def test_a_dangling_symlink_creates_the_file_it_names(tmp_path: Path) -> None:
    link = tmp_path / "link.pdf"
    link.symlink_to(tmp_path / "made.pdf")
    write_atomic(link, b"x")
    assert link.is_symlink() and (tmp_path / "made.pdf").read_bytes() == b"x"


def test_a_device_is_never_replaced() -> None:
    before = os.stat("/dev/null")
    with pytest.raises(CompanionError, match=r"/dev/null: it is a device, not a regular file"):
        write_atomic("/dev/null", b"x")
    after = os.stat("/dev/null")
    assert (after.st_ino, after.st_mode) == (before.st_ino, before.st_mode)


def test_a_fifo_is_never_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(CompanionError, match="it is a FIFO"):
        write_atomic(fifo, b"x")
    assert fifo.exists() and not fifo.is_file()


def test_a_folder_is_refused_with_its_name(tmp_path: Path) -> None:
    with pytest.raises(CompanionError, match=f"cannot write {tmp_path}: it is a folder"):
        write_atomic(tmp_path, b"x")


def test_a_symlink_loop_is_refused(tmp_path: Path) -> None:
    loop = tmp_path / "loop.pdf"
    loop.symlink_to(loop)
    with pytest.raises(CompanionError, match="symlink loop"):
        write_atomic(loop, b"x")


@pytest.mark.parametrize("mode", [0o444, 0o400])
def test_a_read_only_file_is_kept_unless_forced(tmp_path: Path, mode: int) -> None:
    target = tmp_path / "rules.pdf"
    target.write_bytes(b"mine")
    target.chmod(mode)
    with pytest.raises(CompanionError, match=r"rules\.pdf: the file is read-only.*--force"):
        write_atomic(target, b"theirs")
    assert target.read_bytes() == b"mine"
    write_atomic(target, b"theirs", force=True)
    assert target.read_bytes() == b"theirs"
    assert target.stat().st_mode & 0o777 == mode  # still the user's choice of mode


def test_a_path_through_a_file_names_the_problem(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(CompanionError, match="is a file, not a folder"):
        write_atomic(tmp_path / "file" / "inside.pdf", b"x")


def test_output_path_writes_nothing(tmp_path: Path) -> None:
    assert output_path(tmp_path / "a" / "b.pdf") == tmp_path.resolve() / "a" / "b.pdf"
    assert list(tmp_path.iterdir()) == []


def test_an_unwritable_folder_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Root may create files anywhere, so the refusal of the folder is simulated.
    import tempfile

    def refuse(**_: object) -> tuple[int, str]:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    with pytest.raises(CompanionError, match=f"no permission to create files in folder {tmp_path}"):
        write_atomic(tmp_path / "x.pdf", b"x")


# -- the bounded reader's first step ----------------------------------------------


def test_reading_a_folder_or_nothing_names_the_path(tmp_path: Path) -> None:
    with pytest.raises(CompanionError, match=f"showdown file {tmp_path} is a folder"):
        read_text(tmp_path, what="showdown file")
    with pytest.raises(CompanionError, match="no such showdown file: .*absent"):
        read_text(tmp_path / "absent", what="showdown file")


def test_reading_stops_at_the_size_limit(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_bytes(b"a" * 101)
    with pytest.raises(CompanionError, match=r"big\.yaml is too big \(more than 100 bytes\)"):
        read_text(big, limit=100)
    assert read_text(big, limit=101) == "a" * 101


def test_an_endless_device_is_cut_at_the_limit() -> None:
    with pytest.raises(CompanionError, match="/dev/zero is too big"):
        read_text("/dev/zero", limit=1000)


def test_bytes_that_are_not_utf8_are_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"name: \xff\xfe")
    with pytest.raises(CompanionError, match=r"bad\.yaml is not UTF-8 text"):
        read_text(bad)


# -- the commands that write files ------------------------------------------------


def test_print_calibrate_refuses_a_device_before_any_work(cli) -> None:  # type: ignore[no-untyped-def]
    result = cli("print", "calibrate", "--out", "/dev/null")
    assert result.exit_code == 2
    assert result.stderr == (
        "error: cannot write /dev/null: it is a device, not a regular file; "
        "companion only replaces regular files\n"
    )


def test_print_calibrate_asks_for_force_over_a_read_only_file(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "sheet.pdf"
    target.write_bytes(b"keep me")
    target.chmod(0o444)
    refused = cli("print", "calibrate", "--out", str(target))
    assert refused.exit_code == 2 and "read-only" in refused.stderr and "--force" in refused.stderr
    assert target.read_bytes() == b"keep me"
    forced = cli("print", "calibrate", "--out", str(target), "--force", "--json")
    assert forced.exit_code == 0 and target.read_bytes().startswith(b"%PDF")
