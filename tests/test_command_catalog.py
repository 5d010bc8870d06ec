"""The command catalog and the lazy commands: what --help lists is what runs (issue 32).

The root lists the commands of ``companion/cli/catalog.py`` without importing
them, and a command is built only when it is used. These tests build the
whole tree at once, as Typer would, and hold the catalog and the lazy tree to it.
"""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys
from typing import Any

import pytest
import typer

from companion.cli import catalog
from companion.cli.app import build_app, root_app
from companion.cli.help_page import name_values
from companion.cli.lazy import Builder, LazyGroup, registered, summary
from companion.cli.root_help import show_root_help


def _eager() -> Any:
    """The whole tree as Typer builds it, each value named as the CLI names it."""

    def name(command: Any, ctx: typer.Context) -> None:
        name_values(command, ctx)
        for sub_name, sub in getattr(command, "commands", {}).items():
            name(sub, typer.Context(sub, info_name=sub_name, parent=ctx, **sub.context_settings))

    root = typer.main.get_command(build_app())
    name(root, typer.Context(root, info_name="companion", **root.context_settings))
    return root


EAGER = _eager()


def _lazy() -> Any:
    """A new lazy root, nothing built yet (the tests' shared one keeps what it built)."""
    app = root_app()
    return Builder(app).root(app)


def _tree(command: Any, path: tuple[str, ...] = ()) -> dict[tuple[str, ...], Any]:
    """Every command under ``command`` by its path (building each, for a lazy tree)."""
    found = {path: command}
    for name, sub in getattr(command, "commands", {}).items():
        found.update(_tree(sub, (*path, name)))
    return found


def test_every_catalog_entry_names_a_command_its_module_registers() -> None:
    for entry in catalog.COMMANDS:
        assert entry.name in registered(entry.module), entry
    every = {name for module in catalog.MODULES for name in registered(module)}
    assert every == set(catalog.BY_NAME), "a command missing from (or stale in) the catalog"


def test_the_catalog_lists_the_commands_in_typers_order_with_their_own_summaries() -> None:
    real = [
        catalog.Entry(name, catalog.BY_NAME[name].module, summary(cmd))
        for name, cmd in EAGER.commands.items()
    ]
    assert list(catalog.COMMANDS) == real, (
        "companion/cli/catalog.py must list each command as it is; write these entries there:\n"
        + "\n".join(repr(e) for e in real)
    )


def test_the_lazy_tree_is_the_tree_typer_builds() -> None:
    lazy, eager = _tree(_lazy()), _tree(EAGER)
    assert list(lazy) == list(eager)
    for path, command in eager.items():
        built = lazy[path]
        assert type(built).__name__.removeprefix("Lazy") == type(command).__name__, path
        assert built.help == command.help, path
        assert [p.opts for p in built.params] == [p.opts for p in command.params], path


def _page(run: Any, width: int, colour: bool, monkeypatch: pytest.MonkeyPatch) -> str:
    import typer.rich_utils

    monkeypatch.setenv("COLUMNS", str(width))
    monkeypatch.setattr(typer.rich_utils, "FORCE_TERMINAL", True if colour else None)
    if colour:
        monkeypatch.setenv("FORCE_COLOR", "1")
    else:
        monkeypatch.delenv("FORCE_COLOR", raising=False)
    for name in ("GITHUB_ACTIONS", "PY_COLORS", "TERMINAL_WIDTH", "_TYPER_FORCE_DISABLE_TERMINAL"):
        monkeypatch.delenv(name, raising=False)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        run()
    return out.getvalue()


@pytest.mark.parametrize("width", [50, 80, 100, 140])
@pytest.mark.parametrize("colour", [False, True], ids=["plain", "colour"])
def test_the_root_help_is_the_page_typer_draws(
    width: int, colour: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    ours = _page(lambda: show_root_help("companion"), width, colour, monkeypatch)

    def typers() -> None:
        EAGER.main(["--help"], prog_name="companion", standalone_mode=False)

    assert ours == _page(typers, width, colour, monkeypatch)
    listed = [
        line.split()[1] for line in ours.splitlines() if line.startswith("│ ") and line[2] != " "
    ]
    assert colour or listed[-len(catalog.COMMANDS) :] == [e.name for e in catalog.COMMANDS]


def test_a_bare_companion_prints_the_root_help_without_the_last_blank_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked = _page(lambda: show_root_help("companion"), 80, False, monkeypatch)
    bare = _page(lambda: show_root_help("companion", asked=False), 80, False, monkeypatch)
    assert asked == bare + "\n"


def test_the_root_help_imports_neither_typer_nor_any_command() -> None:
    code = (
        "import sys; from companion.cli.app import run; code = run(['--help']); "
        "loaded = sorted(m for m in sys.modules if m == 'typer' or m.startswith(("
        "'typer.', 'pydantic', 'companion.cli.table', 'companion.games'))); "
        "print(code, loaded, file=sys.stderr)"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert proc.stderr.strip() == "0 []"
    assert "Commands" in proc.stdout


def _built(command: Any) -> list[str]:
    assert isinstance(command, LazyGroup)
    return command.commands.built()


def test_running_a_command_builds_that_command_alone() -> None:
    root = _lazy()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
        root.main(["table", "log", "--help"], prog_name="companion", standalone_mode=False)
    assert _built(root) == ["table"]
    assert _built(root.commands["table"]) == ["log"]


def test_a_groups_help_lists_its_commands_without_building_them() -> None:
    root = _lazy()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        root.main(["table", "--help"], prog_name="companion", standalone_mode=False)
    assert _built(root.commands["table"]) == []
    for name in ("new", "show", "deal", "log", "undo"):
        assert f" {name} " in out.getvalue()


def test_a_mistyped_command_is_still_told_its_nearest_name() -> None:
    from tests.conftest import invoke

    result = invoke("table", "dael")
    assert result.exit_code == 2
    assert "No such command 'dael'" in result.stderr and "'deal'" in result.stderr
