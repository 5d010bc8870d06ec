"""The root ``companion`` app, its error convention and its entry point.

Errors: the core raises :class:`companion.errors.CompanionError`; bad flags
raise Typer's usage errors. Both become ``error: <message>`` on stderr with
exit code 2. Anything else is a bug in companion: it is reported on one line
with exit code 1 (``COMPANION_DEBUG=1`` shows the traceback).
"""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from companion import __version__
from companion.cli.catalog import HELP, MODULES
from companion.errors import CompanionError

if TYPE_CHECKING:
    import typer

# Typer itself is imported by the functions that need it: the root's help is
# drawn without it (companion.cli.root_help), for a bare interpreter costs a
# twelfth of what Typer and Pydantic cost to import.


def _show_version(value: bool) -> None:
    if value:
        import typer

        from companion.paths import cards_dir, templates_dir

        typer.echo(f"companion {__version__}")
        typer.echo(f"cards: {cards_dir()}")
        typer.echo(f"templates: {templates_dir()}")
        typer.echo("(companion doctor: the state file and output folder too, each checked)")
        raise typer.Exit()


def root_app() -> typer.Typer:
    """The root app: its help, its options and no commands (they come from the catalog)."""
    import typer

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

    return app


def build_app(modules: tuple[str, ...] = MODULES) -> typer.Typer:
    """The root app with every command of ``modules`` registered, to be built at once.

    The CLI never runs this (see :func:`build_command`); tests build the whole tree
    from it to check the catalog and every help page against it.
    """
    import importlib

    from companion.games import register_games

    register_games()
    import companion.ui.render.words  # noqa: F401  (the words of every event, for output)

    app = root_app()
    for name in modules:
        importlib.import_module(f"{__package__}.{name}").register(app)
    return app


def build_command() -> Any:
    """The click command of the CLI: the root, which builds a command only when it runs.

    See :mod:`companion.cli.lazy`; each value is named as users expect
    (:mod:`companion.cli.help_page`) as its command is built.
    """
    from companion.cli.lazy import Builder

    app = root_app()
    return Builder(app).root(app)


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
    import typer

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
    if args in ([], ["--help"], ["-h"]) and not _completing(prog_name):
        return _root_help(prog_name, asked=bool(args))
    return _run_command(args, prog_name)


def _root_help(prog_name: str, *, asked: bool) -> int:
    """The root's help page, drawn without Typer (see :mod:`companion.cli.root_help`)."""
    from companion.cli.root_help import show_root_help

    try:
        show_root_help(prog_name, asked=asked)
    except BrokenPipeError:
        return _reader_gone()
    return 0


def _run_command(args: list[str], prog_name: str) -> int:
    """Parse ``args`` and run the command they name, with the project's error convention."""
    import typer

    from companion.cli.complete import accept_click_style_request

    accept_click_style_request()  # (completion requests run through the command too)
    try:
        command = build_command()
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
        return _bug(exc)


def _bug(exc: Exception) -> int:
    """Anything else is a bug in companion: one line, the traceback on request."""
    if os.environ.get("COMPANION_DEBUG"):
        traceback.print_exc()
    _error(
        f"internal error ({type(exc).__name__}: {exc}); this is a bug in companion, "
        "rerun with COMPANION_DEBUG=1 to see where"
    )
    return 1


def _completing(prog_name: str) -> bool:
    """Whether the shell asks for completions (Typer's variable for ``prog_name`` is set)."""
    return f"_{prog_name.replace('-', '_').upper()}_COMPLETE" in os.environ


def main() -> None:
    """Console-script entry point."""
    sys.exit(run())
