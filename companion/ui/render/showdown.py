"""``companion showdown``: hands, pots, players, monsters and what happened, on the terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.table import Table

from companion.games.dungeon_poker.showdown.result import DungeonPokerResult
from companion.ui.render.pots import payouts_table, pots_table
from companion.ui.render.words import sentences

if TYPE_CHECKING:
    from rich.console import Console

    from companion.poker.showdown import ShowdownResult

NOBODY = "[dim]-[/]"


def show_showdown(out: Console, result: ShowdownResult) -> None:
    """Every table of a settled showdown, then its notes and its numbered events."""
    if result.players:
        out.print(hands_table(result))
    out.print(pots_table(result.pots))
    out.print(payouts_table("Players", result.settlement, _extra_columns(result)))
    if isinstance(result, DungeonPokerResult) and result.monsters:
        out.print(monsters_table(result))
    for note in _notes(result):
        out.print(f"• {note}")
    if result.events:
        out.print("[bold]What happened[/]")
        for i, text in enumerate(sentences(result.events), start=1):
            out.print(f"{i:>2}. {text}")


def hands_table(result: ShowdownResult) -> Table:
    """Each contestant's place and hand (a board column when there are two boards)."""
    lines = result.players
    boards = {h.board for h in lines} != {None}
    show_hand = any(h.hand for h in lines)
    ranked = any(h.best for h in lines)
    show_cards = ranked or any(h.cards for h in lines)
    table = Table(title="Hands", title_justify="left")
    columns = [("board", "right")] if boards else []
    columns += [("place", "right"), ("contestant", "left")]
    columns += [("hand", "left")] if show_hand else []
    columns += [("best cards" if ranked else "cards", "left")] if show_cards else []
    for title, justify in columns:
        table.add_column(title, justify="right" if justify == "right" else "left")
    for h in lines:
        row = [str(h.board)] if boards else []
        row.append(str(h.place) if h.place is not None else NOBODY)
        row.append(f"{h.name} [dim](monster)[/]" if h.monster else h.name)
        row += [h.description or h.hand or NOBODY] if show_hand else []
        row += [cards_markup(h.best if ranked else h.cards) or NOBODY] if show_cards else []
        table.add_row(*row)
    return table


def _extra_columns(result: ShowdownResult) -> dict[str, dict[str, str]]:
    """The players table's columns beyond the pots: only those with something in them."""
    return {
        t.title: {
            name: t.prefix + (f"{v:+,}" if t.signed else f"{v:,}")
            for name, v in t.values.items()
            if v
        }
        for t in result.tallies()
        if t.values
    }


def monsters_table(result: DungeonPokerResult) -> Table:
    table = Table(title="Monsters", title_justify="left")
    for column in ("monster", "outcome", "what becomes of it"):
        table.add_column(column)
    for m in result.monsters:
        table.add_row(m.name, m.outcome, m.fate)
    return table


def _notes(result: ShowdownResult) -> list[str]:
    unit = result.currency
    notes = []
    if result.carry_over:
        notes.append(f"{result.carry_over:,} {unit} stay on the table for the next deal")
    if result.removed:
        notes.append(f"{result.removed:,} {unit} leave the game")
    if result.house:
        notes.append(f"{result.house:,} {unit} go back to the house")
    if isinstance(result, DungeonPokerResult) and (n := result.treasures_waiting):
        notes.append(f"{n} treasure{' waits' if n == 1 else 's wait'} for the next deal's winner")
    return notes


def cards_markup(cards: tuple[str, ...]) -> str:
    """Cards as suit symbols, red suits in red; anything else (a joker) as written.

    A wild card and what it plays as (``2c=6h``) are each shown so: ``2♣=6♥``,
    as ``rank`` prints them.
    """
    return " ".join("=".join(_card_markup(part) for part in c.split("=")) for c in cards)


def _card_markup(code: str) -> str:
    from companion.poker.cards import SUIT_COLORS, card_symbol

    if len(code) == 2 and code[1] in SUIT_COLORS:
        colour = "red" if SUIT_COLORS[code[1]] == "red" else "default"
        return f"[{colour}]{card_symbol(code)}[/]"
    return code
