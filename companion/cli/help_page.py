"""How every ``--help`` page names the values a command takes.

The Typer this project uses writes the Python type beside each value
(``<str>``, ``<int>``, ``<path>``, ``<list[str]>``), ``<bool>`` beside a flag
that takes no value at all, and a required argument as ``{game}`` on the
usage line. A user of a command-line tool expects the usual names instead:
TEXT, INTEGER, FLOAT, PATH, or the one a command chose for its value (GAME,
N, FILE), nothing beside a flag, and ``GAME [DECKS]...`` on the usage line.

:func:`name_values` gives every parameter of a command that name as the
command is built.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, get_args

import typer
from typer.core import TyperArgument

USUAL_NAMES: dict[Any, str] = {
    str: "TEXT",
    int: "INTEGER",
    float: "FLOAT",
    bool: "BOOLEAN",
    Path: "PATH",
}
"""What a click tool calls a value of each Python type."""

PATH_NAMES = {"file": "FILE", "dir": "DIRECTORY", "path": "PATH"}


def value_name(param: Any) -> str:
    """The usual name of the value ``param`` takes: TEXT, INTEGER, FILE, [A|B]...

    A list (an option given several times, an argument taking several words)
    is named after one of its items: each word is one TEXT.
    """
    described = param.type_descriptor
    if described.is_choice:
        return "[" + "|".join(str(getattr(c, "value", c)) for c in described.choices) + "]"
    if described.is_path:
        return PATH_NAMES.get(described.path_type, "PATH")
    annotation = described.annotation
    if described.is_list:
        (annotation,) = get_args(annotation)
    return USUAL_NAMES.get(annotation, getattr(annotation, "__name__", "VALUE").upper())


class Argument(TyperArgument):
    """An argument shown as click shows one: its value's name beside it, and
    ``GAME`` (required), ``[GAME]`` (optional), ``DECKS...`` on the usage line."""

    def display_type_rich(self, ctx: Any) -> str:
        return value_name(self)

    def usage_name(self) -> str:
        if self.metavar:
            return self.metavar
        name = (self.name or "value").upper()
        if not self.required:
            name = f"[{name}]"
        return f"{name}..." if self.nargs != 1 else name

    def get_usage_pieces(self, ctx: Any) -> list[str]:
        return [self.usage_name()]


def name_values(command: Any, ctx: typer.Context) -> None:
    """Give every parameter of ``command`` (not of its subcommands: each is named as it is
    built, see :mod:`companion.cli.lazy`) its usual value name."""
    for param in command.get_params(ctx):  # the help option is made (once) here
        if isinstance(param, TyperArgument):
            param.__class__ = Argument
        elif getattr(param, "is_flag", False) or getattr(param, "count", False):
            param.metavar = ""  # a flag takes no value: nothing to name
        elif param.metavar is None:
            param.metavar = value_name(param)
