"""The root ``companion`` app, its error convention and its entry point.

Errors: the core raises :class:`companion.errors.CompanionError`; bad flags
raise Typer's usage errors. Both become ``error: <message>`` on stderr with
exit code 2. Anything else is a bug in companion: it is reported on one line
with exit code 1 (``COMPANION_DEBUG=1`` shows the traceback).
"""

from __future__ import annotations

import importlib
import os
import sys
import traceback
from collections.abc import Sequence
from typing import Any

import typer

from companion import __version__
from companion.cli.complete import accept_click_style_request, words_before_cursor
from companion.errors import CompanionError

# Command modules under companion.cli, in the order --help lists them. Each
# is imported for real: a module that fails to import fails the command (and
# the test suite), it is never skipped.
COMMAND_MODULES: tuple[str, ...] = (
    "cards",
    "printing",
    "rank",
    "pot",
    "showdown",
    "table",
    "decko",
    "dragon_kings",
    "timer",
    "serve",
    "dod",
    "dm",
    "doctor",
)

# Which module registers each top-level command, so that ``companion rank ...``
# builds only the rank commands (Typer inspects every command's signature when
# it builds the app, which costs more than importing the modules).
# tests/test_cli.py checks this table against what the modules register.
COMMAND_OWNERS: dict[str, str] = {
    "cards": "cards",
    "print": "printing",
    "rank": "rank",
    "odds": "rank",
    "pot": "pot",
    "showdown": "showdown",
    "table": "table",
    "draw": "table",
    "deck": "table",
    "decko": "decko",
    "dk": "dragon_kings",
    "timer": "timer",
    "serve": "serve",
    "dod": "dod",
    "dm": "dm",
    "doctor": "doctor",
}

HELP = (
    "Print-and-play companion for Dungeon Poker, Dungeon Master, DECKO, "
    "Dragon Kings and Dungeon of D: print decks and rulebooks, run the blind "
    "clock, draw cards, rank hands, split pots and play Dungeon of D solo."
)


def _show_version(value: bool) -> None:
    if value:
        from companion.paths import cards_dir, templates_dir

        typer.echo(f"companion {__version__}")
        typer.echo(f"cards: {cards_dir()}")
        typer.echo(f"templates: {templates_dir()}")
        typer.echo("(companion doctor: the state file and output folder too, each checked)")
        raise typer.Exit()


def build_app(modules: tuple[str, ...] = COMMAND_MODULES) -> typer.Typer:
    """Create the root app with the given command modules (default: all) registered."""
    from companion.games import register_games

    register_games()  # each game hands its own rules to the tool engines
    import companion.ui.render.words  # noqa: F401  (the words of every event, for output)

    app = typer.Typer(
        name="companion",
        help=HELP,
        no_args_is_help=True,
        add_completion=True,  # --install-completion / --show-completion, for bash, zsh, fish
        pretty_exceptions_enable=False,
        rich_markup_mode="rich",
        context_settings={"help_option_names": ["-h", "--help"]},
    )

    @app.callback()
    def root(
        version: bool = typer.Option(
            False,
            "--version",
            callback=_show_version,
            is_eager=True,
            help="Print the version and exit.",
        ),
    ) -> None:
        """Print-and-play companion for five fantasy card games."""

    for name in modules:
        importlib.import_module(f"{__package__}.{name}").register(app)
    return app


def build_command(modules: tuple[str, ...] = COMMAND_MODULES) -> Any:
    """The click command behind :func:`build_app`, each value named as users expect.

    See :mod:`companion.cli.help_page`: TEXT, INTEGER, PATH or the command's
    own name (GAME, N) beside each value, nothing beside a flag.
    """
    from companion.cli.help_page import name_values

    command = typer.main.get_command(build_app(modules))
    name_values(command, typer.Context(command, info_name="companion", **command.context_settings))
    return command


def _modules_for(args: list[str]) -> tuple[str, ...]:
    """Only the module a known command needs; all of them for help and typos."""
    first = next((a for a in args if not a.startswith("-")), None)
    if first is None:
        return () if "--version" in args else COMMAND_MODULES
    owner = COMMAND_OWNERS.get(first)
    return (owner,) if owner else COMMAND_MODULES


LONGEST_WORD = 200
"""A longer run of characters without a space in an error (a pasted file, a 5,000-digit
number) is shown by its two ends: the message stays one readable line."""


def _error(message: str) -> None:
    words = [
        w if len(w) <= LONGEST_WORD else f"{w[:90]}...{w[-90:]} ({len(w):,} characters)"
        for w in message.split()
    ]
    sys.stderr.write(f"error: {' '.join(words)}\n")
    sys.stderr.flush()


def _usage_error(exc: typer.TyperException) -> int:
    """Report a parsing error of Typer (which bundles click) the project's way.

    Typer exports no class for click's usage errors, only their common base
    :class:`typer.TyperException`, so they are told apart by what they carry:
    a usage error knows the command it happened in (``ctx``), for the hint.
    """
    ctx = getattr(exc, "ctx", None)
    if type(exc).__name__ == "NoArgsIsHelpError":
        # A bare group name ("companion table") asks for its help, which Typer
        # has already printed while raising this: not a mistake.
        typer.echo(exc.format_message(), nl=False)
        return 0
    hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
    _error(exc.format_message() + hint)
    return 2


def _reader_gone() -> int:
    """The reader went away (``companion cards list ... | head``): not an error."""
    try:
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silence the final flush
    except OSError:
        pass
    return 0


def run(argv: Sequence[str] | None = None, prog_name: str = "companion") -> int:
    """Run the CLI on ``argv`` and return the exit code instead of exiting."""
    args = list(sys.argv[1:] if argv is None else argv)
    accept_click_style_request()
    try:
        command = build_command(_modules_for(words_before_cursor() or args))
        result = command.main(args=args, prog_name=prog_name, standalone_mode=False)
        return result if isinstance(result, int) else 0
    except CompanionError as exc:
        _error(exc.message)
        return exc.exit_code
    except typer.TyperException as exc:
        return _usage_error(exc)
    except (typer.Abort, KeyboardInterrupt, EOFError):
        sys.stderr.write("\naborted\n")
        return 130
    except BrokenPipeError:
        return _reader_gone()
    except SystemExit as exc:
        # Typer (click) turns a broken pipe into exit code 1 on its own.
        if isinstance(exc.__context__, BrokenPipeError):
            return _reader_gone()
        raise
    except Exception as exc:
        if os.environ.get("COMPANION_DEBUG"):
            traceback.print_exc()
        _error(
            f"internal error ({type(exc).__name__}: {exc}); this is a bug in companion, "
            "rerun with COMPANION_DEBUG=1 to see where"
        )
        return 1


def main() -> None:
    """Console-script entry point."""
    sys.exit(run())
