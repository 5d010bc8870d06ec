"""``companion print rulebook GAME``: one game's rulebook as a PDF.

This module does not register a command group of its own: the printing
group (``companion/cli/printing.py``) calls :func:`register_rulebook` to add
the ``rulebook`` command to ``companion print``. Only typer and the standard
library are imported here; the layout code loads when the command runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from companion.cli.common import GAME_IDS, ForceOption, JsonOption, example, game_argument


def register_rulebook(print_app: typer.Typer) -> None:
    """Add the ``rulebook`` command to the ``print`` group."""
    print_app.command(
        "rulebook",
        epilog=example("companion print rulebook dragon-kings --booklet --out dk-booklet.pdf"),
    )(rulebook)


def rulebook(
    game: Annotated[str, game_argument(help=f"Game id: {GAME_IDS}.", show_default=False)],
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            "-o",
            help="PDF to write (default: output/<game>-rulebook.pdf, or <game>-rulebook-booklet.pdf).",
            show_default=False,
        ),
    ] = None,
    paper: Annotated[str, typer.Option("--paper", help="Sheet size: a4 or letter.")] = "a4",
    booklet: Annotated[
        bool,
        typer.Option(
            "--booklet",
            help="Half-size pages printed two-up in booklet order: print double-sided "
            "(flip on the short edge), fold in the middle, staple.",
        ),
    ] = False,
    force: ForceOption = False,
    json_output: JsonOption = False,
) -> None:
    """Write a game's rulebook: rules, variants, clarifications, a quick
    reference and card lists taken from the card database."""
    from companion.cli.common import console, emit_json
    from companion.printing.rulebook import write_rulebook

    written = write_rulebook(game, out, paper=paper, booklet=booklet, force=force)
    if json_output:
        emit_json(written.to_json())
        return
    from companion.ui.render.printing import show_rulebook

    show_rulebook(console(), written)
