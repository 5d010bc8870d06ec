"""``companion showdown FILE|-``: adjudicate one showdown described in a file."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from companion.cli.common import JsonOption, console, emit_json, example, say_borrowed
from companion.cli.rank import WingOption

if TYPE_CHECKING:
    from companion.poker.showdown import ShowdownResult


def register(app: typer.Typer) -> None:
    app.command(
        "showdown",
        epilog=example("companion showdown tests/data/showdown/dragon-side-pot.yaml"),
        help=(
            "Settle a showdown described in a YAML or JSON file (or '-' for stdin): hands, pots, "
            "monsters, treasures and every rule applied. Format: docs/showdown.md."
        ),
    )(showdown)


def showdown(
    file: Annotated[
        str,
        typer.Argument(
            metavar="FILE|-",
            help=(
                "The showdown file (YAML or JSON), or '-' to read standard input. With a table "
                "current, a file of its game takes the facts it leaves out from the table "
                "(Dungeon Poker's blind, encounter and monsters; Dragon Kings' wing cards and "
                "First Honors), said in one line on stderr."
            ),
            show_default=False,
        ),
    ],
    wing: WingOption = None,
    as_json: JsonOption = False,
) -> None:
    """Settle one showdown: who wins which pot, treasures, soul gems, monsters."""
    from companion.games.showdown import adjudicate
    from companion.games.table_defaults import with_table
    from companion.poker.showdown_input import load_showdown

    spec, borrowed = with_table(load_showdown(file), tuple(wing or ()))
    result = adjudicate(spec)
    say_borrowed(borrowed, "game: holdem in the file")
    if as_json:
        emit_json(result.to_json())
        return
    render_showdown(result)


def render_showdown(result: ShowdownResult) -> None:
    """A settled showdown on stdout (``table showdown`` prints its own with this)."""
    from companion.ui.render.showdown import show_showdown

    show_showdown(console(), result)
