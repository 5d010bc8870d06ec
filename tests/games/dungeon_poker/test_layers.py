"""The modules of games/dungeon_poker form layers: no import circle, none dodged.

An import made inside a function to get round a circle hides the circle
instead of untying it; so every import of the package sits at the top of its
module (or under ``TYPE_CHECKING``, for type names only), and the imports
between the package's own modules never lead back to where they started.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[3] / "companion" / "games" / "dungeon_poker"
PREFIX = "companion.games.dungeon_poker"


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join((PREFIX, *parts))


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _runtime_imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """Every import that can run, wherever it sits (not those under ``if TYPE_CHECKING``)."""
    skipped = {
        id(n)
        for block in tree.body
        if isinstance(block, ast.If) and _is_type_checking(block)
        for n in ast.walk(block)
    }
    return [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Import | ast.ImportFrom) and id(n) not in skipped
    ]


def _targets(node: ast.Import | ast.ImportFrom, known: set[str]) -> set[str]:
    """The package's own modules an import loads."""
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    else:
        base = node.module or ""
        names = [base, *(f"{base}.{a.name}" for a in node.names)]
    return {n for n in names if n in known}


def _sources() -> dict[str, ast.Module]:
    return {
        _module_name(p): ast.parse(p.read_text(encoding="utf-8"), str(p))
        for p in sorted(PACKAGE.rglob("*.py"))
    }


def test_no_import_inside_a_function_of_dungeon_poker() -> None:
    inside: list[str] = []
    for name, tree in _sources().items():
        for func in ast.walk(tree):
            if isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
                inside += [
                    f"{name}:{n.lineno}"
                    for n in ast.walk(func)
                    if isinstance(n, ast.Import | ast.ImportFrom)
                ]
    assert inside == []


def test_dungeon_poker_modules_form_layers_without_an_import_circle() -> None:
    sources = _sources()
    known = set(sources)
    graph = {
        name: {t for node in _runtime_imports(tree) for t in _targets(node, known)} - {name}
        for name, tree in sources.items()
    }
    # A package's __init__ loads its submodules; a submodule importing a sibling by the
    # package's name goes through it. Neither is a circle between rule modules.
    for name in graph:
        graph[name] -= {p for p in known if name.startswith(p + ".")}
    done: set[str] = set()
    path: list[str] = []

    def visit(name: str) -> None:
        if name in path:
            raise AssertionError("import circle: " + " -> ".join([*path[path.index(name) :], name]))
        if name in done:
            return
        path.append(name)
        for target in sorted(graph[name]):
            visit(target)
        path.pop()
        done.add(name)

    for name in sorted(graph):
        visit(name)
