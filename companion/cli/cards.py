"""``companion cards``: list, show, validate and describe the card database."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from companion.cli.common import JsonOption, console, emit_json

cards_app = typer.Typer(
    help="Browse and check the card database (cards_data/).", no_args_is_help=True
)

BASE_FIELDS = (
    "type",
    "id",
    "name",
    "deck",
    "quantity",
    "text",
    "flavor",
    "designed",
    "designed_reason",
    "variant",
    "art",
)


def register(app: typer.Typer) -> None:
    app.add_typer(cards_app, name="cards")


def _card_json(card: Any) -> dict[str, Any]:
    data: dict[str, Any] = card.model_dump(mode="json", exclude_none=True)
    return data


def _details(card: Any) -> str:
    """The card's own structured fields, compactly, for tables."""
    parts = []
    for key, value in card.model_dump(mode="json", exclude_none=True).items():
        if key in BASE_FIELDS or value in ((), [], {}, False):
            continue
        if isinstance(value, list):
            continue
        if isinstance(value, dict):  # hero attributes, bonuses against creature types
            value = ", ".join(f"{k}:{v}" for k, v in value.items())
        parts.append(f"{key}={value}")
    return " ".join(parts)


@cards_app.command("list")
def list_cards(
    game: Annotated[
        str,
        typer.Argument(
            help="Game id: dungeon-poker, dungeon-master, decko, dragon-kings, dungeon-of-d."
        ),
    ],
    deck: Annotated[str | None, typer.Option("--deck", help="Only this deck.")] = None,
    as_json: JsonOption = False,
) -> None:
    """List the cards of a game (or one deck) with their copy counts."""
    from companion.cards import load_game

    cards = load_game(game)
    chosen = cards.deck(deck) if deck else cards.cards
    if as_json:
        emit_json([_card_json(c) for c in chosen])
        return
    from rich.table import Table

    deck_info = (
        cards.game.deck(deck) if deck else None
    )  # a wrong deck id was reported by cards.deck above
    title = f"{cards.game.name}" + (f" · {deck_info.name}" if deck_info else "")
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
    name: Annotated[str, typer.Argument(help="Card name or id (case does not matter).")],
    game: Annotated[str | None, typer.Option("--game", help="Look only in this game.")] = None,
    as_json: JsonOption = False,
) -> None:
    """Show one card with all its fields."""
    from companion.cards import find_cards
    from companion.errors import CompanionError

    found = find_cards(name, game)
    if as_json:
        if len(found) > 1:
            where = ", ".join(f"{g}/{c.id}" for g, c in found)
            one_game = len({g for g, _ in found}) == 1
            hint = "use one of the ids" if one_game else "add --game or use one of the ids"
            raise CompanionError(f"'{name}' names {len(found)} cards ({where}); {hint}")
        emit_json({"game": found[0][0], **_card_json(found[0][1])})
        return
    from rich.panel import Panel
    from rich.table import Table

    out = console()
    for game_id, card in found:
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="dim")
        grid.add_column()
        grid.add_row("game", game_id)
        grid.add_row("deck", card.deck)
        grid.add_row("type", card.kind)
        grid.add_row("copies", str(card.quantity))
        for key, value in card.model_dump(mode="json", exclude_none=True).items():
            if key in BASE_FIELDS or value in ((), [], {}):
                continue
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
    game: Annotated[str | None, typer.Option("--game", help="Only this game's card files.")] = None,
) -> None:
    """Print the JSON Schema of the card files (for editor autocompletion)."""
    from companion.cards.schema import card_file_schema

    emit_json(card_file_schema(game))
