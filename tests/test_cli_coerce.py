"""The direct conversion of command-line words agrees with Typer's validators (issue 32).

:mod:`companion.cli.coerce` turns ordinary words into values without building
Typer's Pydantic validators; anything else goes to the validator. For every
parameter of every command, each word below gets the same value, or the same
error, both ways.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import typer
from hypothesis import given, settings
from hypothesis import strategies as st
from typer._coercion import build_runtime_param
from typer.core import TyperCommand

from companion.cli.app import build_app
from companion.cli.coerce import QuickParam, quick_conversion, speed_up

WORDS = [
    "0", "7", "-3", "007", "-0", "+5", " 5", "5 ", "1_000", "1.5", "1.0", "1e3", "",
    "abc", "٣", "99999999999999999999", "9" * 5000, "0x10", "nan", "inf", "-", "~/x",
    "./missing/file.yaml", "ann=As,Kd", "Straße", "a b", "\t", "1" * 301 + ".5",
]  # fmt: skip


def _kinds() -> dict[str, Any]:
    """One parameter of each kind the commands use (its type, range and path checks),
    named after the first command that has it."""
    root = typer.main.get_command(build_app())
    found: dict[tuple[Any, ...], tuple[str, Any]] = {}

    def walk(command: Any, path: str) -> None:
        for param in command.params:
            described = getattr(param, "type_descriptor", None)
            if described is None:
                continue
            info = described.parameter_info
            kind = (
                repr(described.annotation), param.multiple or param.nargs == -1,
                info.min, info.max, info.clamp, described.is_path, info.exists,
                info.file_okay, info.dir_okay, info.readable, info.writable, info.allow_dash,
            )  # fmt: skip
            found.setdefault(kind, (f"{path} {param.name}", param))
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, f"{path} {name}".strip())

    walk(root, "")
    return dict(found.values())


KINDS = _kinds()


def _answer(runtime: Any, value: Any, param: Any) -> tuple[str, Any]:
    ctx = typer.Context(TyperCommand(name="companion"))
    try:
        got = runtime.coerce(value, param=param, ctx=ctx)
    except typer.BadParameter as exc:
        return ("error", exc.format_message())
    return ("value", (type(got).__name__, repr(got)))  # repr: nan equals nan


_TYPERS: dict[int, Any] = {}


def _agree(param: Any, value: Any) -> None:
    """The same answer both ways for ``value`` (given twice, with 7, to a list)."""
    descriptor = param.type_descriptor
    quick = quick_conversion(descriptor)
    if quick is None:
        return
    ours = QuickParam(
        descriptor.parameter_info, descriptor.annotation, descriptor=descriptor, quick=quick
    )
    typers = _TYPERS.setdefault(id(param), build_runtime_param(descriptor))
    if param.multiple or param.nargs == -1:
        value = [value, "7"]
    assert _answer(ours, value, param) == _answer(typers, value, param)


@pytest.mark.parametrize("where", list(KINDS))
def test_every_kind_of_parameter_reads_every_word_as_typer_does(where: str) -> None:
    param = KINDS[where]
    for word in WORDS:
        _agree(param, word)
    for default in (param.default, 0, 5, -1, 10**30, 2.5, True):  # values written in code
        if not isinstance(default, (list, tuple)):
            _agree(param, default)


def test_the_commands_use_the_kinds_tried_here() -> None:
    annotations = {repr(p.type_descriptor.annotation) for p in KINDS.values()}
    assert {"<class 'str'>", "<class 'int'>", "<class 'float'>", "list[str]"} <= annotations
    assert any(p.type_descriptor.is_path for p in KINDS.values())


@settings(max_examples=80, deadline=None)
@given(word=st.text(max_size=12) | st.from_regex(r"-?[0-9]{1,6}(\.[0-9]{1,3})?", fullmatch=True))
def test_any_word_is_read_as_typer_reads_it(word: str) -> None:
    for param in KINDS.values():
        if not param.type_descriptor.is_path:  # paths: the file system, tried above
            _agree(param, word)


def test_a_range_is_checked_and_said_by_typer(tmp_path: Path) -> None:
    from tests.conftest import invoke

    low = invoke("table", "log", "-n", "0")
    assert low.exit_code == 2 and "greater than or equal to 1" in low.stderr
    word = invoke("table", "log", "-n", "many")
    assert word.exit_code == 2 and "valid integer" in word.stderr


def test_the_validators_are_built_only_for_words_that_need_them() -> None:
    command = typer.main.get_command(build_app(("rank",))).commands["odds"]  # type: ignore[attr-defined]
    ctx = typer.Context(command)
    speed_up(command, ctx)
    quick = [p for p in command.params if isinstance(p._runtime_param, QuickParam)]
    for param in quick:
        word = "500" if param.name == "samples" else None
        param._runtime_param.coerce(word, param=param, ctx=ctx)
    assert len(quick) >= 8
    assert all(not p._runtime_param._typers for p in quick)
    assert quick[0]._runtime_param.coerce(["x", "1_0"], param=quick[0], ctx=ctx) == ["x", "1_0"]
