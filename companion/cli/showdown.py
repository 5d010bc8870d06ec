"""``companion showdown FILE|-``: adjudicate one showdown described in a file."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from companion.cli.common import JsonOption, console, emit_json
from companion.cli.rank import WingOption


def register(app: typer.Typer) -> None:
    app.command(
        "showdown",
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
            help="The showdown file (YAML or JSON), or '-' to read standard input.",
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

    result = adjudicate(with_table(load_showdown(file), tuple(wing or ())))
    if as_json:
        emit_json(result.to_json())
        return
    render_showdown(result)


def render_showdown(result: Any) -> None:
    from rich.table import Table

    out = console()
    dp = result.game == "dungeon-poker"
    unit = "gold" if dp else "chips"
    boards = {h.board for h in result.players}
    if result.players:
        hands = Table(title="Hands", title_justify="left")
        show_hand = any(h.hand for h in result.players)
        ranked = any(h.best for h in result.players)
        show_cards = ranked or any(h.cards for h in result.players)
        if boards != {None}:
            hands.add_column("board", justify="right")
        hands.add_column("place", justify="right")
        hands.add_column("contestant")
        if show_hand:
            hands.add_column("hand")
        if show_cards:
            hands.add_column("best cards" if ranked else "cards")
        for h in result.players:
            name = f"{h.name} [dim](monster)[/]" if h.monster else h.name
            row = [str(h.place) if h.place is not None else "[dim]-[/]", name]
            if show_hand:
                row.append(h.description or h.hand or "[dim]-[/]")
            if show_cards:
                row.append(_cards(h.best if ranked else h.cards) or "[dim]-[/]")
            if boards != {None}:
                row.insert(0, str(h.board))
            hands.add_row(*row)
        out.print(hands)
    pots = Table(title="Pots", title_justify="left")
    if any(p.board is not None for p in result.pots):
        pots.add_column("board", justify="right")
    pots.add_column("pot")
    pots.add_column("amount", justify="right")
    pots.add_column("eligible")
    pots.add_column("winners", style="bold green")
    seen: dict[int | None, int] = {}
    for p in result.pots:
        i = seen[p.board] = seen.get(p.board, -1) + 1
        label = "main" if i == 0 else f"side {i}"
        winners = ", ".join(f"{w} ({p.shares[w]:,})" for w in p.winners) or "[dim]nobody[/]"
        row = [label, f"{p.amount:,}", ", ".join(p.eligible), winners]
        if p.board is not None:
            row.insert(0, str(p.board))
        pots.add_row(*row)
    out.print(pots)
    pay = Table(title="Players", title_justify="left")
    pay.add_column("player")
    pay.add_column("put in", justify="right")
    pay.add_column("wins", justify="right")
    pay.add_column("net", justify="right")
    extra_cols = [
        ("treasures", result.treasures),
        ("soul gems", result.soul_gems),
        ("bank" if dp else "bonus" if result.game == "dragon-kings" else "house", result.bank),
        ("money", result.money),
    ]
    extra_cols = [(title, values) for title, values in extra_cols if values]
    for title, _ in extra_cols:
        pay.add_column(title, justify="right")
    for name, won in result.payouts.items():
        net = result.net[name]
        colour = "green" if net > 0 else "red" if net < 0 else "dim"
        row = [name, f"{result.contributions.get(name, 0):,}", f"{won:,}", f"[{colour}]{net:+,}[/]"]
        for title, values in extra_cols:
            v = values.get(name, 0)
            row.append(
                ("$" if title == "money" else "")
                + (f"{v:+,}" if title in ("soul gems", "bank", "house", "bonus") else f"{v:,}")
                if v
                else "[dim]-[/]"
            )
        pay.add_row(*row)
    out.print(pay)
    if result.monsters:
        mon = Table(title="Monsters", title_justify="left")
        mon.add_column("monster")
        mon.add_column("outcome")
        mon.add_column("what becomes of it")
        for m in result.monsters:
            mon.add_row(m.name, m.outcome, m.fate)
        out.print(mon)
    notes = []
    if result.carry_over:
        notes.append(f"{result.carry_over:,} {unit} stay on the table for the next deal")
    if result.removed:
        notes.append(f"{result.removed:,} {unit} leave the game")
    if result.house:
        notes.append(f"{result.house:,} {unit} go back to the house")
    if result.treasures_waiting:
        n = result.treasures_waiting
        notes.append(f"{n} treasure{' waits' if n == 1 else 's wait'} for the next deal's winner")
    for note in notes:
        out.print(f"• {note}")
    if result.events:
        out.print("[bold]What happened[/]")
        for i, text in enumerate(result.events, start=1):
            out.print(f"{i:>2}. {text}")


def _cards(cards: tuple[str, ...]) -> str:
    from companion.poker.cards import SUIT_COLORS, card_symbol

    shown = []
    for c in cards:
        if len(c) == 2 and c[1] in SUIT_COLORS:
            colour = "red" if SUIT_COLORS[c[1]] == "red" else "default"
            shown.append(f"[{colour}]{card_symbol(c)}[/]")
        else:
            shown.append(c)
    return " ".join(shown)
