"""``companion cards`` on the terminal: a game's card list, one card's fields, a check."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from rich.panel import Panel
from rich.table import Table

if TYPE_CHECKING:
    from rich.console import Console

    from companion.cards.loader import GameCards


def show_cards(out: Console, cards: GameCards, deck: str | None = None) -> None:
    """The cards of a game (or one deck) with their copies, then the count of each deck."""
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
        table.add_row(card.deck, card.name + mark, card.kind, str(card.quantity), details(card))
    out.print(table)
    counted = [d for d in cards.decks if not deck or d.id == deck]
    per_deck = ", ".join(f"{d.name} {cards.total(d.id)}" for d in counted)
    out.print(f"{cards.total(deck)} cards ({per_deck}); ✎ = designed by this project")


def details(card: Any) -> str:
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


def show_found(out: Console, found: Iterable[tuple[str, Any]]) -> None:
    """Each card found (a name may be on cards of several games), every field in a panel."""
    for game_id, card in found:
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


def show_valid(out: Console, games: list[GameCards]) -> None:
    """A card folder with no problem: how many cards, decks and games it holds."""
    count = sum(g.total() for g in games)
    decks = sum(len(g.decks) for g in games)
    out.print(f"ok: {count} cards in {decks} decks of {len(games)} game(s)")
