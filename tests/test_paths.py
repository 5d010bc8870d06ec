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


# ---- the data inside an installed package (issue 22) ---------------------------------------


def test_the_wheel_carries_the_folders_the_code_looks_for() -> None:
    import tomllib

    from companion import paths

    root = Path(paths.__file__).resolve().parent.parent
    config = tomllib.loads((root / "pyproject.toml").read_text())
    included = config["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert included == {
        "cards_data": f"companion/{paths.BUNDLED}/cards_data",
        "templates": f"companion/{paths.BUNDLED}/templates",
    }


def test_environment_overrides_beat_the_installed_data(tmp_path: Path) -> None:
    from companion.paths import cards_dir, templates_dir

    env = {"COMPANION_CARDS": str(tmp_path / "c"), "COMPANION_TEMPLATES": str(tmp_path / "t")}
    assert cards_dir(env) == tmp_path / "c" and templates_dir(env) == tmp_path / "t"


def test_a_zipped_install_gets_an_extracted_copy_of_its_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import zipfile

    from companion import paths

    archive = tmp_path / "companion.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("cards_data/dragon-kings/game.yaml", "id: dragon-kings\n")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    folder = paths.as_folder(zipfile.Path(archive, "cards_data/"), "cards_data")
    assert (folder / "dragon-kings" / "game.yaml").read_text() == "id: dragon-kings\n"
    assert str(folder).startswith(str(tmp_path / "cache"))
    # a second call reuses the copy instead of extracting again
    assert paths.as_folder(zipfile.Path(archive, "cards_data/"), "cards_data") == folder


def test_doctor_lists_every_place_and_fails_on_a_missing_card_folder(tmp_path: Path) -> None:
    from companion.paths import places

    good = places(state=tmp_path / "s.sqlite3", env={})
    assert [p.what for p in good] == ["cards", "templates", "state file", "output folder"]
    assert all(p.ok for p in good)
    bad = places(state=tmp_path / "s.sqlite3", env={"COMPANION_CARDS": str(tmp_path / "none")})
    cards = bad[0]
    assert not cards.ok and cards.source == "$COMPANION_CARDS" and "game.yaml" in cards.note


def test_doctor_command_exits_2_when_a_place_is_unusable(tmp_path: Path) -> None:
    import json
    import os
    import subprocess
    import sys

    env = {**os.environ, "COMPANION_CARDS": str(tmp_path / "none")}
    proc = subprocess.run(
        [sys.executable, "-m", "companion", "doctor", "--json", "--state", str(tmp_path / "s")],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert proc.returncode == 2
    doc = json.loads(proc.stdout)
    assert doc["ok"] is False
    assert doc["places"][0]["ok"] is False and doc["places"][0]["path"] == str(tmp_path / "none")


def _state_cases(tmp_path: Path) -> dict[str, Path]:
    """State files whose first write works, or fails for a reason doctor must see."""
    locked = tmp_path / "locked"
    locked.mkdir()
    (tmp_path / "a-file").write_text("not a folder")
    readonly = tmp_path / "readonly.sqlite3"
    readonly.touch(mode=0o444)
    cases = {
        "missing folders are made": tmp_path / "new" / "deeper" / "s.sqlite3",
        "a folder without write bits": locked / "sub" / "s.sqlite3",
        "a file where a folder goes": tmp_path / "a-file" / "s.sqlite3",
        "a read-only state file": readonly,
        "a folder given as the file": tmp_path,
    }
    if Path("/proc/self").is_dir():
        cases["a folder under /proc"] = Path("/proc/nope/x.sqlite")
    locked.chmod(0o555)
    return cases


def test_doctor_says_ok_to_a_state_file_exactly_when_the_first_write_works(
    tmp_path: Path,
) -> None:
    from companion.paths import places
    from tests.conftest import invoke

    try:
        for case, path in _state_cases(tmp_path).items():
            [place] = [p for p in places(state=path, env={}) if p.what == "state file"]
            made = invoke(
                "table", "new", "t", "--game", "decko", "--players", "a,b", "--state", str(path)
            )
            assert place.ok == (made.exit_code == 0), (case, place.note, made.stderr)
            if not place.ok:  # the same reason, word for word
                assert made.stderr.startswith(f"error: {place.note}"), case
    finally:
        (tmp_path / "locked").chmod(0o755)


def test_doctor_names_the_template_folders_that_are_missing(tmp_path: Path) -> None:
    from companion.paths import places

    (tmp_path / "cards").mkdir()
    [templates] = [
        p for p in places(env={"COMPANION_TEMPLATES": str(tmp_path)}) if p.what == "templates"
    ]
    assert not templates.ok
    assert templates.note == f"missing {tmp_path / 'rulebooks'}"


def test_an_output_folder_is_writable_when_its_first_existing_part_is(tmp_path: Path) -> None:
    from companion.fileio import folder_problem

    assert folder_problem(tmp_path / "new" / "deeper") is None
    (tmp_path / "a-file").write_text("x")
    assert (
        folder_problem(tmp_path / "a-file" / "out")
        == f"{tmp_path / 'a-file'} is a file, not a folder"
    )
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o555)
    try:
        assert folder_problem(locked / "out") == f"folder {locked} is read-only"
    finally:
        locked.chmod(0o755)


def test_doctor_lists_the_print_settings_and_the_back_offset_in_force(tmp_path: Path) -> None:
    """A calibration saved once moves the backs of every later print, from any install:
    `doctor` says where it is kept and what it is."""
    from tests.conftest import invoke

    before = invoke("doctor", "--json").json()["places"][-1]
    assert before["what"] == "print settings" and before["source"] == "$COMPANION_CONFIG_DIR"
    assert "no back offset saved" in before["note"]
    out = str(tmp_path / "cal.pdf")
    assert invoke("print", "calibrate", "--save", "1,-0.5", "--out", out).exit_code == 0
    after = invoke("doctor", "--json").json()["places"][-1]
    assert after["path"].endswith("printing.json") and after["ok"]
    assert after["note"] == "back offset in force: portrait x +1 mm, y -0.5 mm; landscape none"
    shown = invoke("doctor").stdout
    assert "print settings" in shown and "portrait x +1 mm" in " ".join(shown.split())


def test_doctor_names_a_broken_print_settings_file(tmp_path: Path) -> None:
    import os

    from tests.conftest import invoke

    (Path(os.environ["COMPANION_CONFIG_DIR"]) / "printing.json").write_text("{oops")
    result = invoke("doctor", "--json")
    assert result.exit_code == 2
    place = result.json()["places"][-1]
    assert not place["ok"] and "calibrate --reset" in place["note"]
