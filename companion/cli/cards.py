"""``companion cards``: list, show, validate and describe the card database."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from companion.cli.common import (
    GAME_IDS,
    JsonOption,
    card_argument,
    console,
    deck_option,
    emit_json,
    game_argument,
    game_option,
)

cards_app = typer.Typer(
    help="Browse and check the card database (cards_data/).", no_args_is_help=True
)


def register(app: typer.Typer) -> None:
    app.add_typer(cards_app, name="cards")


def _details(card: Any) -> str:
    """The card's own plain fields, compactly, for a table row; a mapping (hero
    attributes, bonuses against creature types) as ``key=a:1, b:2``."""
    parts = []
    for key, value in card.own_fields().items():
        if value is False or isinstance(value, list):
            continue
        if isinstance(value, dict):
            value = ", ".join(f"{k}:{v}" for k, v in value.items())
        parts.append(f"{key}={value}")
    return " ".join(parts)


@cards_app.command("list")
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
    from rich.table import Table

    chosen = cards.deck(deck) if deck else cards.cards
    deck_info = cards.game.deck(deck) if deck else None
    title = cards.game.name + (f" · {deck_info.name}" if deck_info else "")
    table = Table(title=title, title_justify="left")
    table.add_column("deck", style="dim")
    table.add_column("name", style="bold")
    table.add_column("type")
    table.add_column("×", justify="right")
    table.add_column("details", overflow="fold")
    for card in chosen:
        mark = " [magenta]✎[/]" if card.designed else ""
        table.add_row(card.deck, card.name + mark, card.kind, str(card.quantity), _details(card))
    out = console()
    out.print(table)
    per_deck = [(d.name, cards.total(d.id)) for d in cards.decks if not deck or d.id == deck]
    summary = ", ".join(f"{name} {n}" for name, n in per_deck)
    out.print(f"{sum(n for _, n in per_deck)} cards ({summary}); ✎ = designed by this project")


@cards_app.command("show")
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
    from rich.panel import Panel
    from rich.table import Table

    out = console()
    for game_id, card in find_cards(name, game):
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="dim")
        grid.add_column()
        grid.add_row("game", game_id)
        grid.add_row("deck", card.deck)
        grid.add_row("type", card.kind)
        grid.add_row("copies", str(card.quantity))
        for key, value in card.own_fields().items():
            grid.add_row(key.replace("_", " "), _pretty(value))
        if card.text:
            grid.add_row("text", card.text)
        if card.designed:
            grid.add_row("designed", card.designed_reason or "yes")
        out.print(Panel(grid, title=f"[bold]{card.name}[/]", subtitle=card.id, expand=False))


def _pretty(value: Any) -> str:
    if isinstance(value, list):
        if all(not isinstance(v, list | dict) for v in value):
            return ", ".join(str(v) for v in value)
        return "\n".join(_pretty(v) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{k}: {_pretty(v)}" for k, v in value.items() if v not in (None, [], {}))
    return str(value)


@cards_app.command("validate")
def validate(
    folder: Annotated[
        Path | None,
        typer.Argument(
            help="A card folder (all games) or one game's folder; default: the built-in database."
        ),
    ] = None,
) -> None:
    """Check card files and list every problem (exit 2 if there is any)."""
    import sys

    from companion.cards import validate_dir
    from companion.paths import cards_dir

    games, problems = validate_dir(folder or cards_dir())
    if problems:
        for line in problems:
            sys.stderr.write(f"error: {line}\n")
        raise typer.Exit(2)
    count = sum(g.total() for g in games)
    console().print(
        f"ok: {count} cards in {sum(len(g.decks) for g in games)} decks of {len(games)} game(s)"
    )


@cards_app.command("schema")
def schema(
    game: Annotated[str | None, game_option(help="Only this game's card files.")] = None,
) -> None:
    """Print the JSON Schema of the card files (for editor autocompletion)."""
    from companion.cards.schema import card_file_schema

    emit_json(card_file_schema(game))
