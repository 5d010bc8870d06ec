"""The CLI contract every command group shares (issue: foundation)."""

from __future__ import annotations

import re
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


def _source_texts() -> dict[tuple[str, ...], str]:
    """Every text each command was given (its help, its parameters' help), by command path."""
    texts: dict[tuple[str, ...], str] = {}

    def walk(command, ctx, path, above):  # type: ignore[no-untyped-def]
        own = [*above, command.help or ""]
        params = [getattr(p, "help", None) or "" for p in command.get_params(ctx)]
        texts[tuple(path)] = "\n".join(own + params)
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, typer.Context(sub, info_name=name, parent=ctx), [*path, name], own)

    root = typer.main.get_command(build_app())
    walk(root, typer.Context(root, info_name="companion"), [], [])
    return texts


SOURCE_TEXTS = _source_texts()


PLACEHOLDER = re.compile(r"<[^<>\s]+>|\{[^{}\s]*\}")
"""A type placeholder (``<str>``, ``<list[str]>``, ``<int range>`` is caught by its
parts) or a usage-line brace (``{game}``)."""


@pytest.mark.parametrize("path", LEAVES + GROUPS, ids=lambda p: " ".join(p) or "companion")
def test_help_names_values_as_a_typer_tool_does_and_fits_80_columns(
    path: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """TEXT, INTEGER, PATH or the command's own name beside a value, nothing beside a flag,
    ``GAME [DECKS]...`` on the usage line, and nothing cut short on an 80-column terminal."""
    monkeypatch.setenv("COLUMNS", "80")
    result = invoke(*path, "--help")
    assert result.exit_code == 0, result.stderr
    page, source = result.stdout, SOURCE_TEXTS[tuple(path)]
    assert "--help" in page and "-h" in page
    assert "<bool>" not in page
    assert max(len(line) for line in page.splitlines()) <= 80
    strays = [p for p in PLACEHOLDER.findall(page) if p not in source]
    assert not strays, f"type placeholders in the help page: {strays}"
    assert page.count("…") <= source.count("…"), f"cut short at 80 columns:\n{page}"


RICH_TAG = re.compile(r"(?<!\\)\[[a-z#/@][^\]]*\]")
"""What Rich reads as a markup tag and drops from a help page (``[default: x]``)."""


def test_no_help_text_is_swallowed_as_rich_markup() -> None:
    swallowed = {" ".join(p): RICH_TAG.findall(t) for p, t in SOURCE_TEXTS.items()}
    assert {p: tags for p, tags in swallowed.items() if tags} == {}


def test_rulebook_out_says_where_the_pdf_goes_by_default() -> None:
    page = " ".join(invoke("print", "rulebook", "--help").stdout.split())
    assert "PDF to write (default: output/<game>-rulebook.pdf" in page


def test_usage_lines_name_arguments_in_capitals() -> None:
    usage = invoke("print", "deck", "--help").stdout
    assert "companion print deck [OPTIONS] GAME [DECKS]..." in usage
    assert "TEXT" in usage and "PATH" in usage and "<str>" not in usage


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
