"""The root ``companion`` app, its error convention and its entry point.

Errors: the core raises :class:`companion.errors.CompanionError`; bad flags
raise Typer's usage errors. Both become ``error: <message>`` on stderr with
exit code 2. Anything else is a bug in companion: it is reported on one line
with exit code 1 (``COMPANION_DEBUG=1`` shows the traceback).
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
import traceback
from collections.abc import Sequence

import typer
from typer._click import exceptions as click_exceptions

from companion import __version__
from companion.errors import CompanionError

# Command modules under companion.cli, in the order --help lists them. A
# module that does not exist yet is skipped, so a group only appears once it
# really works.
COMMAND_MODULES: tuple[str, ...] = (
    "cards",
    "printing",
    "rank",
    "pot",
    "showdown",
    "table",
    "timer",
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
    "timer": "timer",
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
    app = typer.Typer(
        name="companion",
        help=HELP,
        no_args_is_help=True,
        add_completion=False,
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
        module_name = f"{__package__}.{name}"
        if importlib.util.find_spec(module_name) is None:
            continue
        importlib.import_module(module_name).register(app)
    return app


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


def run(argv: Sequence[str] | None = None, prog_name: str = "companion") -> int:
    """Run the CLI on ``argv`` and return the exit code instead of exiting."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        command = typer.main.get_command(build_app(_modules_for(args)))
        result = command.main(args=args, prog_name=prog_name, standalone_mode=False)
        return result if isinstance(result, int) else 0
    except CompanionError as exc:
        _error(exc.message)
        return exc.exit_code
    except click_exceptions.NoArgsIsHelpError as exc:
        # A bare group name is a request for its help, not a mistake.
        typer.echo(exc.ctx.get_help() if exc.ctx else "")
        return 0
    except click_exceptions.UsageError as exc:
        hint = f" (see '{exc.ctx.command_path} --help')" if exc.ctx else ""
        _error(exc.format_message() + hint)
        return 2
    except click_exceptions.ClickException as exc:
        _error(exc.format_message())
        return 2
    except (typer.Abort, KeyboardInterrupt, EOFError):
        sys.stderr.write("\naborted\n")
        return 130
    except BrokenPipeError:
        # The reader went away (``companion cards list ... | head``): not an error.
        try:
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silence the final flush
        except OSError:
            pass
        return 0
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
