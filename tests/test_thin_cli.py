"""The command line stays thin (docs/architecture.md): it parses, calls the library, prints.

Read with ``ast``, like tests/test_layering.py: every function under
``companion/cli`` is short, every JSON document a command prints comes from a
library object (``result.to_json()``, a library function), never from a dict
or list built in the CLI, and no test reaches for a private CLI helper.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CLI = ROOT / "companion" / "cli"

LONGEST = 30
"""Lines a CLI function's body may take (signature and docstring aside): room for the
call, the ``--json`` branch and the printer; a command that needs more is deciding."""


def _modules() -> list[Path]:
    return sorted(CLI.glob("*.py"))


@cache
def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def body_lines(function: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """Lines from the first statement to the end of the last, a leading docstring left out."""
    body = function.body
    first = body[0]
    if (
        isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Constant)
        and isinstance(first.value.value, str)
    ):
        body = body[1:]
    if not body:
        return 0
    return (body[-1].end_lineno or body[-1].lineno) - body[0].lineno + 1


def _long_functions(path: Path) -> Iterator[str]:
    kinds = (ast.FunctionDef, ast.AsyncFunctionDef)
    for node in (n for n in ast.walk(_tree(path)) if isinstance(n, kinds)):
        if (n := body_lines(node)) > LONGEST:
            yield f"{path.name}:{node.lineno} {node.name}() has {n} lines"


def _json_shaped_here(path: Path) -> Iterator[str]:
    """``emit_json(...)`` given a dict, list or set built in the CLI."""
    built = (ast.Dict, ast.List, ast.Set, ast.Tuple, ast.DictComp, ast.ListComp, ast.SetComp)
    for node in ast.walk(_tree(path)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "emit_json"
            and node.args
            and isinstance(node.args[0], built)
        ):
            yield f"{path.name}:{node.lineno} emit_json({type(node.args[0]).__name__})"


def test_no_cli_function_is_longer_than_the_limit() -> None:
    found = [line for path in _modules() for line in _long_functions(path)]
    assert found == [], f"move the logic into the library, the drawing into companion/ui: {found}"


def test_the_cli_shapes_no_json_document_of_its_own() -> None:
    found = [line for path in _modules() for line in _json_shaped_here(path)]
    assert found == [], f"give the result a to_json() in the library: {found}"


def test_no_test_imports_a_private_cli_helper() -> None:
    found = []
    tests = sorted((ROOT / "tests").rglob("*.py"))
    for path in (p for p in tests if "companion.cli" in p.read_text(encoding="utf-8")):
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("companion.cli"):
                found += [
                    f"{path.relative_to(ROOT)}:{node.lineno} {a.name}"
                    for a in node.names
                    if a.name.startswith("_")
                ]
    assert found == []


@pytest.mark.parametrize(
    ("source", "lines"),
    [
        ("def f():\n    '''Doc.'''\n    return 1\n", 1),
        ("def f(\n    a: int,\n    b: int,\n) -> int:\n    x = a\n\n    return x + b\n", 3),
        ("def f():\n    '''Only a docstring.'''\n", 0),
    ],
)
def test_the_body_is_measured_without_signature_or_docstring(source: str, lines: int) -> None:
    [function] = ast.parse(source).body
    assert isinstance(function, ast.FunctionDef)
    assert body_lines(function) == lines


def test_a_document_built_in_the_cli_is_seen(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("def f(r):\n    emit_json({'table': r.name, **r.to_json()})\n")
    assert list(_json_shaped_here(probe)) == ["probe.py:2 emit_json(Dict)"]
