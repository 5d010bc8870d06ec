"""The CLI contract every command group shares (issue: foundation)."""

from __future__ import annotations

import subprocess
import sys

import pytest
import typer

from companion import __version__
from companion.cli.app import build_app
from tests.conftest import invoke


def _command_paths() -> tuple[list[list[str]], list[list[str]]]:
    """Every runnable command path (['cards', 'list']) and every group's (the root is [])."""
    root = typer.main.get_command(build_app())
    leaves: list[list[str]] = []
    groups: list[list[str]] = []

    def walk(cmd, path):  # type: ignore[no-untyped-def]
        subs = getattr(cmd, "commands", None)
        if subs:
            groups.append(path)
            for name, sub in subs.items():
                walk(sub, [*path, name])
        else:
            leaves.append(path)

    walk(root, [])
    return leaves, groups


LEAVES, GROUPS = _command_paths()


def test_help_lists_the_command_groups() -> None:
    result = invoke("--help")
    assert result.exit_code == 0
    for group in ("cards",):
        assert group in result.stdout


def test_version_prints_the_version() -> None:
    result = invoke("--version")
    assert result.exit_code == 0
    first, *rest = result.stdout.splitlines()
    assert first == f"companion {__version__}"
    # and where the data it runs on comes from (issue 22)
    from companion.paths import cards_dir, templates_dir

    assert f"cards: {cards_dir()}" in rest and f"templates: {templates_dir()}" in rest


def test_python_dash_m_runs_the_same_cli() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "companion", "--version"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0
    assert proc.stdout.splitlines()[0] == f"companion {__version__}"


def test_unknown_command_is_a_one_line_error() -> None:
    result = invoke("no-such-command")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ")
    assert result.stderr.count("\n") == 1


@pytest.mark.parametrize("path", LEAVES, ids=[" ".join(p) for p in LEAVES])
def test_every_command_rejects_an_unknown_option_in_one_line(path: list[str]) -> None:
    result = invoke(*path, "--no-such-option-anywhere")
    assert result.exit_code == 2, result
    assert result.stderr.startswith("error: ")
    assert result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.stderr + result.stdout


@pytest.mark.parametrize("path", LEAVES, ids=[" ".join(p) for p in LEAVES])
def test_every_command_rejects_garbage_arguments_without_a_traceback(path: list[str]) -> None:
    garbage = ["@@not-a-thing@@", "Zx", "-5", "=", "nope=notanumber"]
    result = invoke(*path, *garbage)
    assert result.exit_code != 0, result
    assert result.stderr.startswith("error: "), result
    assert result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_help_does_not_import_heavy_modules() -> None:
    """``companion --help`` must start fast: no PDF, template or TUI libraries."""
    code = (
        "import sys, io, contextlib\n"
        "from companion.cli.app import run\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    run(['--help'])\n"
        "heavy = {'reportlab', 'jinja2', 'textual', 'numpy'}\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in heavy))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert proc.stdout.strip() == "[]"


def test_internal_errors_are_one_line_not_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    import companion.cards.loader as loader

    def broken(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise RuntimeError("simulated bug")

    monkeypatch.setattr(loader, "load_game", broken)
    monkeypatch.setattr("companion.cards.load_game", broken)
    result = invoke("cards", "list", "dragon-kings")
    assert result.exit_code == 1
    assert result.stderr.startswith("error: internal error (RuntimeError: simulated bug)")
    assert "Traceback" not in result.stderr


def test_json_output_is_exactly_one_document() -> None:
    result = invoke("cards", "list", "dragon-kings", "--json")
    assert result.exit_code == 0
    data = result.json()  # raises if anything else is on stdout
    assert isinstance(data, list)


def test_command_owners_table_matches_what_each_module_registers() -> None:
    from companion.cli.app import COMMAND_MODULES, COMMAND_OWNERS

    registered: dict[str, str] = {}
    for module in COMMAND_MODULES:
        group = typer.main.get_command(build_app((module,)))
        for name in group.commands:  # type: ignore[attr-defined]
            registered[name] = module
    assert registered == COMMAND_OWNERS


@pytest.mark.parametrize("path", LEAVES + GROUPS, ids=lambda p: " ".join(p) or "companion")
def test_help_shows_flags_without_a_bool_placeholder(path: list[str]) -> None:
    result = invoke(*path, "--help")
    assert result.exit_code == 0, result.stderr
    assert "--help" in result.stdout and "-h" in result.stdout
    assert "<bool>" not in result.stdout


def test_a_reader_that_stops_early_is_not_an_error() -> None:
    """``companion cards list ... --json | head``: the command ends quietly with code 0."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "cards", "list", "dungeon-of-d", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.read(10).startswith(b"[")  # more than a pipe holds is still to come
    proc.stdout.close()
    assert proc.wait(timeout=60) == 0
    assert proc.stderr.read() == b""
    proc.stderr.close()
