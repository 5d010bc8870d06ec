"""The layers of docs/architecture.md, held by reading every import of the package.

Imports run downward only: the command line (``cli``) and the terminal
front ends (``ui``) call the library; the library never calls them and never
needs a terminal toolkit; the game-agnostic tool engines (``cards``,
``poker``, ``table``, ``timer``) know no game's rules, which live in
``games/<game>``. Imports are read with ``ast``, so an import made inside a
function counts, and so does a module named in a string for
``importlib.import_module``.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "companion"

LIBRARY = ("cards", "poker", "table", "timer", "games", "printing", "serve")
"""Packages that hold rules and data: no terminal code in them."""
LIBRARY_MODULES = ("statefile", "fileio", "documents", "bounds", "paths", "errors", "registry")
TOOL_ENGINES = ("cards", "poker", "table", "timer")
"""Game-agnostic engines: a game's rules come to them, they never fetch one."""
TERMINAL = ("typer", "rich", "textual")
FRONT_ENDS = ("companion.cli", "companion.ui")

KNOWN_ENGINE_TO_GAME: set[tuple[str, str]] = set()
"""Tool-engine imports of a game allowed for now: none. A game hands its rules
to the engines through :mod:`companion.registry` instead. Should an exception
ever be needed, list it here; a stale entry fails the test below."""


def _modules(*tops: str) -> list[Path]:
    found: list[Path] = []
    for top in tops:
        folder = PACKAGE / top
        found += sorted(folder.rglob("*.py")) if folder.is_dir() else [PACKAGE / f"{top}.py"]
    return found


@cache
def _imports(path: Path) -> tuple[tuple[int, str], ...]:
    """Every module ``path`` imports (absolute names), with its line number."""
    return _imports_of(path.read_text(encoding="utf-8"), path)


def _imports_of(source: str, path: Path) -> tuple[tuple[int, str], ...]:
    """The imports of ``source`` read as the module at ``path`` in the package."""
    tree = ast.parse(source, str(path))
    package = ".".join(("companion", *path.relative_to(PACKAGE).parent.parts))
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: resolve against the module's package
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            out.append((node.lineno, base))
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and node.value.startswith("companion.")
            and " " not in node.value
        ):
            out.append((node.lineno, node.value.split(":")[0]))  # "module:Class" registries
    return tuple(out)


def _is_in(name: str, packages: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in packages)


def _violations(paths: list[Path], banned: tuple[str, ...]) -> Iterator[tuple[str, str, int]]:
    for path in paths:
        for line, name in _imports(path):
            if _is_in(name, banned):
                yield str(path.relative_to(PACKAGE)), name, line


def test_the_library_imports_no_terminal_toolkit_and_no_front_end() -> None:
    paths = _modules(*LIBRARY, *LIBRARY_MODULES)
    assert len(paths) > 50
    found = [
        f"{path}:{line} imports {name}"
        for path, name, line in _violations(paths, (*TERMINAL, *FRONT_ENDS))
    ]
    assert found == []


def test_tool_engines_import_no_game_but_the_known_ones_marked_to_go() -> None:
    found = {
        (path, next(g for g in _game_packages() if _is_in(name, (g,))), line)
        for path, name, line in _violations(_modules(*TOOL_ENGINES), ("companion.games",))
    }
    unexpected = sorted(
        f"{p}:{line} imports {g}" for p, g, line in found if (p, g) not in KNOWN_ENGINE_TO_GAME
    )
    assert unexpected == []
    stale = KNOWN_ENGINE_TO_GAME - {(p, g) for p, g, _ in found}
    assert not stale, f"these imports are gone: remove them from KNOWN_ENGINE_TO_GAME: {stale}"


KNOWN_GAME_IDS_IN_ENGINES: set[tuple[str, str]] = set()
"""Game ids still written in a tool engine's code (docstrings aside); a stale entry fails."""


def _code_strings(path: Path) -> Iterator[tuple[int, str]]:
    """Every string constant of ``path`` that is not a docstring, with its line."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
        ):
            yield node.lineno, node.value


def test_no_tool_engine_names_a_game_in_its_code() -> None:
    """A game's id in ``poker``, ``table`` or ``timer`` would be a rule of that game in
    an engine: each game hands its rules over as a ``companion.registry.Game`` instead."""
    from companion import GAMES

    found = {
        (str(path.relative_to(PACKAGE)), text, line)
        for path in _modules("poker", "table", "timer")
        for line, text in _code_strings(path)
        if text in GAMES
    }
    unexpected = sorted(
        f"{p}:{line} names {g}" for p, g, line in found if (p, g) not in KNOWN_GAME_IDS_IN_ENGINES
    )
    assert unexpected == []
    stale = KNOWN_GAME_IDS_IN_ENGINES - {(p, g) for p, g, _ in found}
    assert not stale, f"these are gone: remove them from KNOWN_GAME_IDS_IN_ENGINES: {stale}"


def _game_packages() -> tuple[str, ...]:
    games = sorted(p.name for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").is_file())
    return (*(f"companion.games.{g}" for g in games), "companion.games")


def test_only_the_printing_layer_imports_reportlab() -> None:
    """PDFs are the printing layer's: a PDF of any other part (the timer's sheet) lives there."""
    outside = [p for p in _modules(".") if "printing" not in p.relative_to(PACKAGE).parts]
    assert len(outside) > 100
    found = [
        f"{path}:{line} imports {name}" for path, name, line in _violations(outside, ("reportlab",))
    ]
    assert found == []


def test_the_ui_never_imports_the_command_line() -> None:
    assert list(_violations(_modules("ui"), ("companion.cli",))) == []


def test_the_ui_parses_no_command_line() -> None:
    """``ui`` draws results and runs screens (ui/render holds the Rich view of each
    command's result); reading the command line is the CLI's part alone."""
    paths = _modules("ui")
    assert PACKAGE / "ui" / "render" / "showdown.py" in paths
    assert list(_violations(paths, ("typer", "click"))) == []


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("import rich.table", "rich.table"),
        ("def f():\n    from companion.ui.clock import ClockApp", "companion.ui.clock"),
        ("from .store import Transaction", "companion.table.store"),
        ("from . import store", "companion.table"),
        ("REGISTRY = {'x': 'companion.games.decko.sets:Thing'}", "companion.games.decko.sets"),
    ],
)
def test_every_way_of_importing_is_seen(source: str, expected: str) -> None:
    """The checks above would pass vacuously if an import form were missed."""
    names = [name for _, name in _imports_of(source, PACKAGE / "table" / "probe.py")]
    assert expected in names


GENERIC_WORDS = frozenset({"hold'em", "level", "levels", "dealer", "gold", "lowball", "gems"})
"""Words of plain poker and of a clock that a game happens to use as a card's name too
(Dungeon of D's "Gold" and "Gems", Dungeon Poker's "Dealer" and "Level" cards, its
reference card "Hold'em"): the engines may say them, for they mean the general thing.
Every other card name, and every game's id and name, is one game's word."""


@cache
def _game_words() -> re.Pattern[str]:
    """Every game's id and name, and every card's name but the playing cards', as one pattern."""
    from companion.cards.loader import load_all

    words: set[str] = set()
    for game_id, cards in load_all().items():
        words |= {game_id, game_id.replace("-", " "), cards.game.name}
        words |= {c.name for c in cards if c.kind != "playing"}
    words = {w for w in words if len(w) > 2 and w.casefold() not in GENERIC_WORDS}
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])({alternatives})(?![\w-])", re.IGNORECASE)


def test_no_tool_engine_says_a_game_id_name_or_card_anywhere() -> None:
    """Code, docstrings, comments and data files of ``poker``, ``table`` and ``timer``
    name no game and none of a game's cards: a game's rule there would be a rule of that
    game in an engine. The names come from the card database, so a new card is checked
    the day it is added."""
    found = [
        f"{path.relative_to(PACKAGE)}:{number}: {match.group(1)!r}"
        for top in ("poker", "table", "timer")
        for path in sorted((PACKAGE / top).rglob("*"))
        if path.suffix in (".py", ".yaml")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        for match in _game_words().finditer(line)
    ]
    assert found == []


def test_the_game_word_check_sees_a_card_name_and_a_game_id() -> None:
    """The check above would pass vacuously if the pattern missed a name."""
    words = _game_words()
    assert words.search("the Golem wins only what its owner could")
    assert words.search('DEFAULT = "dungeon-poker"')
    assert words.search("Twinned Dragon Kings")
    assert not words.search("the big blind of this level, in gold")
