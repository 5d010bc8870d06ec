"""``companion cards``: list, show, validate and describe the card database."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from companion.cli.common import (
    GAME_IDS,
    JsonOption,
    card_argument,
    console,
    deck_option,
    emit_json,
    example,
    game_argument,
    game_option,
)

cards_app = typer.Typer(
    epilog=example('companion cards show "king of spades" --game dragon-kings'),
    help="Browse and check the card database (cards_data/).",
    no_args_is_help=True,
)


def register(app: typer.Typer) -> None:
    app.add_typer(cards_app, name="cards")


@cards_app.command("list", epilog=example("companion cards list dragon-kings --deck wing"))
def list_cards(
    game: Annotated[str, game_argument(help=f"Game id: {GAME_IDS}.", show_default=False)],
    deck: Annotated[str | None, deck_option(help="Only this deck.")] = None,
    as_json: JsonOption = False,
) -> None:
    """List the cards of a game (or one deck) with their copy counts."""
    from companion.cards import load_game

    cards = load_game(game)
    if as_json:
        emit_json(cards.to_json(deck))
        return
    from companion.ui.render.cards import show_cards

    show_cards(console(), cards, deck)


@cards_app.command(
    "show", epilog=example('companion cards show "king of spades" --game dragon-kings')
)
def show_card(
    name: Annotated[str, card_argument(help="Card name or id (case does not matter).")],
    game: Annotated[str | None, game_option(help="Look only in this game.")] = None,
    as_json: JsonOption = False,
) -> None:
    """Show one card with all its fields."""
    from companion.cards import find_card, find_cards

    if as_json:
        emit_json(find_card(name, game).to_json())
        return
    from companion.ui.render.cards import show_found

    show_found(console(), find_cards(name, game))


@cards_app.command(
    "validate", epilog=example("companion cards validate cards_data/dragon-kings --json")
)
def validate(
    folder: Annotated[
        Path | None,
        typer.Argument(
            help="A card folder (all games) or one game's folder; default: the built-in database."
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Check card files and list every problem (exit 2 if there is any)."""
    import sys

    from companion.cards import validate_folder
    from companion.paths import cards_dir

    checked = validate_folder(folder or cards_dir())
    if as_json:
        emit_json(checked.to_json())
    elif checked.problems:
        sys.stderr.writelines(f"error: {line}\n" for line in checked.problems)
    else:
        from companion.ui.render.cards import show_valid

        show_valid(console(), list(checked.games))
    if checked.problems:
        raise typer.Exit(2)


@cards_app.command("schema", epilog=example("companion cards schema --game decko"))
def schema(
    game: Annotated[str | None, game_option(help="Only this game's card files.")] = None,
) -> None:
    """Print the JSON Schema of the card files (for editor autocompletion)."""
    from companion.cards.schema import card_file_schema

    emit_json(card_file_schema(game))
