"""Commands built when they run, so that one command costs one command.

Typer builds a command by reading its function's signature and making each
parameter, and it builds a whole tree at once: ``table deal`` used to build
the thirty ``table`` commands first. Here the root lists the commands of
:mod:`companion.cli.catalog` and imports a command's module only when that
command is asked for; a group lists its commands from what its module
registered (names and docstrings) and builds one only when it runs. Help and
shell completion list a group from those summaries; asking for a command's
own help or running it builds that command alone.

Each command built gets its usual value names (:mod:`companion.cli.help_page`)
and the direct conversion of its values (:mod:`companion.cli.coerce`) as it is made.
"""

from __future__ import annotations

import copy
import importlib
import inspect
from collections.abc import Callable, Iterator, MutableMapping
from typing import Any

import typer
from typer.core import TyperCommand, TyperGroup
from typer.models import CommandInfo, TyperInfo

from companion.cli import catalog
from companion.cli.coerce import speed_up
from companion.cli.help_page import name_values

Command = Any
"""A click command (Typer keeps its click private, so it is not named here)."""


WORDLESS = frozenset({"rank", "pot", "cards", "printing", "doctor"})
"""Command modules that never say a table's event (they read no table history), so
they do without the words of every event (:mod:`companion.ui.render.words`)."""


class Commands(MutableMapping[str, Command]):
    """A group's commands by name: the names are known up front, each command is built
    the first time it is looked up, and a listing (help, completion) sees summaries."""

    def __init__(
        self, names: list[str], build: Callable[[str], Command], stub: Callable[[str], Command]
    ) -> None:
        self._names = list(names)
        self._build = build
        self._stub = stub
        self._built: dict[str, Command] = {}

    def __repr__(self) -> str:
        return f"<Commands {self._names!r}, built: {sorted(self._built)!r}>"

    def __getitem__(self, name: str) -> Command:
        if name not in self._built:
            if name not in self._names:
                raise KeyError(name)
            self._built[name] = self._build(name)
        return self._built[name]

    def __setitem__(self, name: str, command: Command) -> None:
        if name not in self._names:
            self._names.append(name)
        self._built[name] = command

    def __delitem__(self, name: str) -> None:
        self._names.remove(name)
        self._built.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._names))

    def __len__(self) -> int:
        return len(self._names)

    def __contains__(self, name: object) -> bool:
        return name in self._names

    def built(self) -> list[str]:
        """The names of the commands built so far."""
        return [name for name in self._names if name in self._built]

    def listing(self, name: str) -> Command:
        """What a listing shows of ``name``: the command if it is built, else its summary."""
        return self._built.get(name) or self._stub(name)


class LazyGroup(TyperGroup):
    """A Typer group whose :attr:`commands` is a :class:`Commands`."""

    commands: Commands
    naming: typer.Context
    """The context its commands are named in (their usual value names)."""
    listing = False

    def list_commands(self, ctx: Any) -> list[str]:
        return list(self.commands)

    def get_command(self, ctx: Any, cmd_name: str) -> Command | None:
        if cmd_name not in self.commands:
            return None
        return self.commands.listing(cmd_name) if self.listing else self.commands[cmd_name]

    def format_help(self, ctx: Any, formatter: Any) -> None:
        self.listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self.listing = False

    def shell_complete(self, ctx: Any, incomplete: str) -> list[Any]:
        self.listing = True
        try:
            return super().shell_complete(ctx, incomplete)
        finally:
            self.listing = False


_LAZY_CLASSES: dict[type, type] = {}


def _lazy_class(cls: type) -> type:
    """``cls`` (a Typer group class, a group of our own such as pot's) made lazy."""
    if issubclass(cls, LazyGroup):
        return cls
    if cls not in _LAZY_CLASSES:
        _LAZY_CLASSES[cls] = type(f"Lazy{cls.__name__}", (LazyGroup, cls), {})
    return _LAZY_CLASSES[cls]


class Builder:
    """Builds commands as Typer would for the root app ``app``, one at a time."""

    def __init__(self, app: typer.Typer) -> None:
        self.short = app.pretty_exceptions_short
        self.markup = app.rich_markup_mode
        self.suggest = app.suggest_commands

    def _named(self, command: Command, name: str, parent: typer.Context) -> Command:
        ctx = typer.Context(command, info_name=name, parent=parent, **command.context_settings)
        name_values(command, ctx)
        speed_up(command, ctx)
        if isinstance(command, LazyGroup):
            command.naming = ctx
        return command

    def command(self, info: CommandInfo, parent: typer.Context) -> Command:
        command = typer.main.get_command_from_info(
            info, pretty_exceptions_short=self.short, rich_markup_mode=self.markup
        )
        return self._named(command, command.name or "", parent)

    def group(self, info: TyperInfo, parent: typer.Context) -> LazyGroup:
        """The group of ``info`` with none of its commands built yet."""
        source = info.typer_instance
        assert source is not None, "a group is made from a Typer app"
        group = self._shell(info, source)
        commands = {_command_name(c): c for c in source.registered_commands}
        groups = {_group_name(g): g for g in source.registered_groups}

        def build(name: str) -> Command:
            if name in commands:
                return self.command(commands[name], group.naming)
            return self.group(groups[name], group.naming)

        def stub(name: str) -> Command:
            if name in commands:
                return _command_stub(commands[name])
            return _group_stub(groups[name])

        group.commands = Commands([*commands, *groups], build, stub)
        self._named(group, group.name or "", parent)
        return group

    def _shell(self, info: TyperInfo, source: typer.Typer) -> LazyGroup:
        """The group of ``info`` as Typer makes it (its class, callback, options), empty."""
        shell_app = copy.copy(source)
        shell_app.registered_commands = []
        shell_app.registered_groups = []
        shell_info = copy.copy(info)
        shell_info.typer_instance = shell_app
        group = typer.main.get_group_from_info(
            shell_info,
            pretty_exceptions_short=self.short,
            suggest_commands=self.suggest,
            rich_markup_mode=self.markup,
        )
        group.__class__ = _lazy_class(type(group))
        assert isinstance(group, LazyGroup)
        return group

    def root(self, app: typer.Typer) -> LazyGroup:
        """The root of ``app`` (its callback and options) over the commands of the catalog."""
        root = typer.main.get_command(app)
        assert isinstance(root, TyperGroup), "the root app has a callback, so it is a group"
        root.__class__ = _lazy_class(type(root))
        assert isinstance(root, LazyGroup)
        root.naming = typer.Context(root, info_name=app.info.name, **root.context_settings)
        name_values(root, root.naming)
        speed_up(root, root.naming)
        entries = catalog.BY_NAME
        root.commands = Commands(
            list(entries),
            lambda name: self.from_module(name, root.naming),
            lambda name: TyperCommand(name=name, help=entries[name].summary),
        )
        return root

    def from_module(self, name: str, parent: typer.Context) -> Command:
        """The top-level command ``name``, from the module the catalog names."""
        from companion.games import register_games

        register_games()  # each game hands its own rules to the tool engines
        entry = catalog.BY_NAME[name]
        if entry.module not in WORDLESS:
            import companion.ui.render.words  # noqa: F401  (the words of every event, for output)

        found = registered(entry.module)
        info = found.get(name)
        if info is None:
            raise LookupError(f"companion.cli.{entry.module} registers no command {name!r}")
        if isinstance(info, CommandInfo):
            return self.command(info, parent)
        return self.group(info, parent)


def registered(module: str) -> dict[str, CommandInfo | TyperInfo]:
    """What ``companion.cli.<module>`` registers at the root, by name, commands first."""
    holder = typer.Typer()
    importlib.import_module(f"companion.cli.{module}").register(holder)
    found: dict[str, CommandInfo | TyperInfo] = {}
    found.update((_command_name(c), c) for c in holder.registered_commands)
    found.update((_group_name(g), g) for g in holder.registered_groups)
    return found


def _command_name(info: CommandInfo) -> str:
    assert info.callback is not None, "a command has a function"
    return info.name or typer.main.get_command_name(info.callback.__name__)


def _group_name(info: TyperInfo) -> str:
    name = typer.main.solve_typer_info_defaults(info).name
    assert isinstance(name, str) and name, "every group of companion is named"
    return name


def _command_stub(info: CommandInfo) -> Command:
    assert info.callback is not None, "a command has a function"
    help_text = inspect.cleandoc(info.help) if info.help else inspect.getdoc(info.callback)
    return TyperCommand(
        name=_command_name(info),
        help=help_text,
        short_help=info.short_help,
        hidden=info.hidden,
        deprecated=info.deprecated,
        rich_help_panel=info.rich_help_panel,
    )


def _group_stub(info: TyperInfo) -> Command:
    solved = typer.main.solve_typer_info_defaults(info)
    return TyperCommand(
        name=solved.name,
        help=solved.help,
        short_help=solved.short_help,
        hidden=solved.hidden,
        deprecated=solved.deprecated,
        rich_help_panel=solved.rich_help_panel,
    )


def summary(command: Command) -> str:
    """The first paragraph of a command's help, on one line, as a listing shows it."""
    text = command.short_help or command.help or ""
    return " ".join(inspect.cleandoc(text).partition("\f")[0].split("\n\n")[0].split())
