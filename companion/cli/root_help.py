"""``companion --help`` drawn from the catalog, with Rich alone.

Typer draws a help page with its ``rich_utils``, whose import alone (it
brings Markdown and tracebacks with it) costs twelve times a bare
interpreter. The root's page is the one a newcomer types first and shows
nothing a command defines, so it is drawn here from
:mod:`companion.cli.catalog` the way Typer draws it: the same usage line,
panels, styles and widths. ``tests/test_command_catalog.py`` compares this
page with Typer's own, in colour and without, at several widths.
"""

from __future__ import annotations

import os
import sys

from rich.align import Align
from rich.columns import Columns
from rich.console import Console, Group
from rich.highlighter import RegexHighlighter
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text
from rich.theme import Theme

from companion.cli.catalog import COMMANDS, HELP

ROOT_OPTIONS: tuple[tuple[str, str, str], ...] = (
    ("--version", "", "Print the version and exit."),
    ("--install-completion", "", "Install completion for the current shell."),
    (
        "--show-completion",
        "",
        "Show completion for the current shell, to copy it or customize the installation.",
    ),
    ("--help", "-h", "Show this message and exit."),
)
"""The root's options: its ``--version``, Typer's completion options, the help option."""


class OptionHighlighter(RegexHighlighter):
    """Typer's highlighter of help pages: switches, options, types, the usage word."""

    highlights = [  # noqa: RUF012 - Rich reads this class attribute
        r"(^|\W)(?P<switch>\-\w+)(?![a-zA-Z0-9])",
        r"(^|\W)(?P<option>\-\-[\w\-]+)(?![a-zA-Z0-9])",
        r"(?P<types>\<[^\>]+\>)",
        r"(?P<usage>Usage: )",
    ]


THEME = {
    "option": "bold cyan",
    "switch": "bold green",
    "negative_option": "bold magenta",
    "negative_switch": "bold red",
    "types": "bold yellow",
    "types_sep": "dim",
    "usage": "yellow",
}

LIGHT = OptionHighlighter()


def _console() -> Console:
    """A console as Typer makes one for a help page (its settings read from the same
    environment variables)."""
    force: bool | None = None
    if os.getenv("GITHUB_ACTIONS") or os.getenv("FORCE_COLOR") or os.getenv("PY_COLORS"):
        force = True
    if os.getenv("_TYPER_FORCE_DISABLE_TERMINAL"):
        force = False
    width = os.getenv("TERMINAL_WIDTH")
    return Console(
        theme=Theme(THEME),
        highlighter=LIGHT,
        color_system="auto",
        force_terminal=force,
        width=int(width) if width else None,
    )


def _table(*, highlight: bool) -> Table:
    return Table(
        highlight=highlight,
        show_header=False,
        expand=True,
        box=None,
        show_lines=False,
        leading=0,
        border_style=None,
        row_styles=None,
        pad_edge=False,
        padding=(0, 1),
    )


def show_root_help(prog_name: str = "companion", *, asked: bool = True) -> None:
    """Print the root's help page; ``asked`` (``--help``, not a bare ``companion``) ends
    it with the blank line Typer adds then."""
    console = _console()
    console.print(
        Padding(LIGHT(f"Usage: {prog_name} [OPTIONS] COMMAND [ARGS]..."), 1), style="bold"
    )
    about = Group(LIGHT(Text.from_markup(HELP)))
    console.print(Padding(Align(about, pad=False), (0, 1, 1, 1)))

    options = _table(highlight=True)
    for long, short, help_text in ROOT_OPTIONS:
        options.add_row(
            LIGHT(long),
            LIGHT(short),
            Text(""),
            Text(""),
            Text(style="bold yellow", overflow="fold"),
            Columns([LIGHT(Text.from_markup(help_text))]),
        )
    console.print(Panel(options, border_style="dim", title="Options", title_align="left"))

    commands = _table(highlight=False)
    widest = max(len(entry.name) for entry in COMMANDS)
    commands.add_column(style="bold cyan", no_wrap=True, width=widest)
    commands.add_column("Description", justify="left", no_wrap=False, ratio=10)
    for entry in COMMANDS:
        commands.add_row(Text(entry.name), LIGHT(Text.from_markup(entry.summary)))
    console.print(Panel(commands, border_style="dim", title="Commands", title_align="left"))
    if asked:
        sys.stdout.write("\n")
