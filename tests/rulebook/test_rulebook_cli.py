"""``companion print rulebook``: the command the printing group registers,
run through the real root app (one ``error:`` line and exit code 2 on bad input)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer

from companion.cli.rulebook import register_rulebook
from tests.conftest import invoke


def test_register_rulebook_adds_one_command_to_the_group() -> None:
    group = typer.Typer()
    register_rulebook(group)
    assert [c.name for c in group.registered_commands] == ["rulebook"]


def test_print_rulebook_writes_the_pdf_and_reports_it(tmp_path: Path) -> None:
    out = tmp_path / "dk.pdf"
    result = invoke("print", "rulebook", "dragon-kings", "--out", str(out))
    assert result.exit_code == 0, result.stderr
    assert out.read_bytes().startswith(b"%PDF")
    assert str(out) in result.stdout.replace("\n", "") and "pages" in result.stdout


def test_print_rulebook_names_the_file_from_the_current_folder_as_print_deck_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 'wrote output/decko-rulebook.pdf', as docs/rulebooks.md shows, not the full path
    monkeypatch.chdir(tmp_path)
    (tmp_path / "output").mkdir()
    result = invoke("print", "rulebook", "dragon-kings", "--out", "output/dk.pdf")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("wrote output/dk.pdf: "), result.stdout


def test_print_rulebook_json_names_file_pages_and_bytes(tmp_path: Path) -> None:
    out = tmp_path / "dk-letter.pdf"
    result = invoke(
        "print",
        "rulebook",
        "dragon-kings",
        "--out",
        str(out),
        "--paper",
        "LETTER",
        "--booklet",
        "--json",
    )
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data == {
        "game": "dragon-kings",
        "file": str(out),
        "pages": data["pages"],
        "bytes": out.stat().st_size,
        "paper": "letter",
        "booklet": True,
    }
    assert data["pages"] % 2 == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["print", "rulebook", "poker"], "unknown game 'poker'"),
        (["print", "rulebook", "decko", "--paper", "a3"], "unknown paper 'a3'"),
        (["print", "rulebook"], "Missing argument"),
    ],
)
def test_bad_arguments_give_one_error_line(tmp_path: Path, args: list[str], message: str) -> None:
    result = invoke(*args, "--out", str(tmp_path / "x.pdf")) if len(args) > 2 else invoke(*args)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and message in result.stderr
    assert result.stderr.count("\n") == 1
    assert not (tmp_path / "x.pdf").exists()


def test_the_default_output_is_named_after_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import companion.paths

    monkeypatch.setattr(companion.paths, "default_output_dir", lambda: tmp_path)
    result = invoke("print", "rulebook", "decko", "--booklet", "--json")
    assert result.exit_code == 0, result.stderr
    assert result.json()["file"] == str(tmp_path / "decko-rulebook-booklet.pdf")
    assert (tmp_path / "decko-rulebook-booklet.pdf").read_bytes().startswith(b"%PDF")


def test_the_cli_module_imports_neither_reportlab_nor_jinja() -> None:
    import subprocess
    import sys

    code = (
        "import sys, companion.cli.rulebook\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in {'reportlab', 'jinja2'}))"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert proc.stdout.strip() == "[]"
