"""Turning a command's words into its values without building Pydantic validators.

The Typer in use turns each value on the command line into the type its
parameter declares through a Pydantic ``TypeAdapter``, one a parameter,
built when the command runs. Building them costs more than most commands
do (``companion rank`` has sixteen parameters; Pydantic's schema machinery
alone costs half the import of Typer and Pydantic). Nearly every word a user
types is an ordinary one: a name, a number written in digits, a path. Those
are turned into their value here directly; any other word (``1_000``,
``+5``, ``1e3``, a number out of its range, a value the parameter refuses)
goes to Typer's own validator, built then, so what is accepted, what it
becomes and every error message stay exactly Typer's.
``tests/test_cli_coerce.py`` holds the two to the same answers for every
parameter of every command.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, get_args

from typer._coercion import RuntimeParam, TypeDescriptor, build_runtime_param
from typer._param_types import coerce_cli_path

INT = re.compile(r"-?[0-9]{1,4000}")
"""Digits (at most 4000: Python's own limit for reading an int is 4300)."""
FLOAT = re.compile(r"-?[0-9]{1,300}(?:\.[0-9]{1,300})?")


class _Typers(Exception):
    """This word is not an ordinary one: Typer's validator decides."""


Quick = Callable[[Any, Any, Any], Any]
"""A conversion of one value (with the parameter and context, for paths)."""


def _text(value: Any, param: Any, ctx: Any) -> Any:
    if isinstance(value, str):
        return value
    raise _Typers


def _number(kind: type, pattern: re.Pattern[str], low: Any, high: Any) -> Quick:
    def quick(value: Any, param: Any, ctx: Any) -> Any:
        if isinstance(value, str) and pattern.fullmatch(value):
            number = kind(value)
        elif type(value) is kind:  # a default written in the code
            number = value
        else:
            raise _Typers
        if (low is None or number >= low) and (high is None or number <= high):
            return number
        raise _Typers

    return quick


def _path(descriptor: TypeDescriptor) -> Quick:
    info = descriptor.parameter_info

    def quick(value: Any, param: Any, ctx: Any) -> Any:
        if not isinstance(value, str):
            raise _Typers
        # Pydantic makes a Path of any text as Path() does; Typer then checks the file.
        return coerce_cli_path(Path(value), info, path_type=Path, param=param, ctx=ctx)

    return quick


def _flag(value: Any, param: Any, ctx: Any) -> Any:
    if isinstance(value, bool):
        return value
    raise _Typers


def _leaf(annotation: Any, descriptor: TypeDescriptor) -> Quick | None:
    info = descriptor.parameter_info
    if info.parser is not None or descriptor.is_choice or descriptor.is_file:
        return None
    if annotation is str:
        return _text
    if annotation is bool:
        return _flag
    if annotation is int and not info.clamp:
        return _number(int, INT, info.min, info.max)
    if annotation is float and not info.clamp:
        return _number(float, FLOAT, info.min, info.max)
    if annotation is Path and descriptor.is_path and info.path_type is None:
        return _path(descriptor)
    return None


def _list(item: Quick) -> Quick:
    def quick(value: Any, param: Any, ctx: Any) -> Any:
        if not isinstance(value, (list, tuple)):
            raise _Typers
        return [item(v, param, ctx) for v in value]

    return quick


def quick_conversion(descriptor: TypeDescriptor) -> Quick | None:
    """The direct conversion for a parameter's type, or None where only Typer's will do."""
    if descriptor.is_tuple:
        return None
    if descriptor.is_list:
        (item,) = get_args(descriptor.annotation)
        leaf = _leaf(item, descriptor)
        return None if leaf is None else _list(leaf)
    return _leaf(descriptor.annotation, descriptor)


@dataclass(frozen=True)
class QuickParam(RuntimeParam):
    """A parameter's conversion: directly for an ordinary word, else by Typer's validator."""

    descriptor: TypeDescriptor = field(repr=False, kw_only=True)
    quick: Quick = field(repr=False, kw_only=True)
    _typers: list[RuntimeParam] = field(default_factory=list, repr=False, kw_only=True)

    def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
        try:
            return self.quick(value, param, ctx)
        except _Typers:
            return self.typers()._coerce_value(value, param=param, ctx=ctx)

    def typers(self) -> RuntimeParam:
        """Typer's own conversion of this parameter (built the first time it is needed)."""
        if not self._typers:
            self._typers.append(build_runtime_param(self.descriptor))
        return self._typers[0]


def speed_up(command: Any, ctx: Any) -> None:
    """Give each parameter of ``command`` (its help option too, made for ``ctx``) that
    takes ordinary words the direct conversion."""
    for param in command.get_params(ctx):
        descriptor = getattr(param, "type_descriptor", None)
        if descriptor is None or getattr(param, "_runtime_param", True) is not None:
            continue
        quick = quick_conversion(descriptor)
        if quick is not None:
            param._runtime_param = QuickParam(
                descriptor.parameter_info,
                descriptor.annotation,
                descriptor=descriptor,
                quick=quick,
            )
