"""Table sessions on the terminal: cards as panels, the table, its decks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.panel import Panel
from rich.table import Table
from rich.text import Text

if TYPE_CHECKING:
    from rich.console import Console

    from companion.table import DrawnCard
    from companion.table.actions import DeckStatus
    from companion.table.reports import HandReport, TableView

PILE_STYLE = {
    "held": "green",
    "in_play": "cyan",
    "removed": "red",
    "discard": "yellow",
    "draw": "blue",
    "aside": "magenta",
}
"""The colour of each pile, on card panels and their borders."""


def card_panel(card: DrawnCard, title_prefix: str = "") -> Panel:
    """One card as a panel: its class, where it went, its text and notes."""
    body = Text()
    body.append(card.card_class, style="bold")
    where = {
        "held": f"to {card.holder}",
        "in_play": "into play",
        "removed": "removed from the game",
        "discard": "to the discard pile",
        "draw": "in the draw pile",
        "aside": "set aside",
    }[card.pile]
    if card.pile == "in_play" and card.holder:
        where = f"into play for {card.holder}"
    body.append(f"  ·  {where}", style=PILE_STYLE.get(card.pile, ""))
    if card.text:
        body.append("\n" + card.text)
    for note in card.notes:
        body.append("\n• " + note, style="italic")
    title = f"{title_prefix}[bold]{card.name}[/]"
    return Panel(
        body,
        title=title,
        title_align="left",
        subtitle=f"{card.deck} · {card.card_id}",
        subtitle_align="right",
        expand=False,
        border_style=PILE_STYLE.get(card.pile, "white"),
    )


def print_cards(out: Console, cards: list[DrawnCard], *, numbered: bool = False) -> None:
    """Each card as a panel, numbered when the order matters (peek, reorder)."""
    for i, card in enumerate(cards, start=1):
        out.print(card_panel(card, f"{i}. " if numbered else ""))


def show_hand(out: Console, hand: HandReport) -> None:
    """``table hand``: the player's standing on one line (where the game keeps one), then
    their cards."""
    shown = [f"{k}: {v}" for k, v in hand.standing.items() if v not in ("", "-")]
    if shown:
        out.print(f"[bold]{hand.player}[/] · " + " · ".join(shown), highlight=False)
    if not hand.cards:
        out.print(f"{hand.player} holds no cards")
    print_cards(out, list(hand.cards))


def show_table(out: Console, view: TableView) -> None:
    """``table show``: the table, its players and what each shows, then the decks."""
    table, hands, overview = view.table, view.holdings, view.overview
    options = ", ".join(k for k, v in table.options.items() if v)
    out.print(
        f"[bold]{table.name}[/] · {table.game} · seed {table.seed}"
        + (f" · {options}" if options else "")
    )
    for line in overview.get("lines", []):
        out.print(line)
    seats = Table(title="Players", title_justify="left")
    seats.add_column("seat", justify="right")
    seats.add_column("player", style="bold")
    for column in overview.get("player_columns", []):
        seats.add_column(column)
    seats.add_column("cards")
    per_player = overview.get("per_player", {})
    decks_listed = overview.get("cards_decks")
    for seat, player in enumerate(table.players, start=1):
        if decks_listed is not None:  # the game says which cards are public
            shown = [
                c.name + ("" if c.pile == "held" else " (in play)")
                for c in hands[player]
                if c.deck in decks_listed
            ]
        else:  # hands stay secret: only what lies in play is named
            shown = [c.name + " (in play)" for c in hands[player] if c.pile == "in_play"]
            secret = sum(1 for c in hands[player] if c.pile == "held")
            if secret:
                shown.append(f"{secret} in hand")
        cards = ", ".join(shown) or "-"
        extra = [str(v) for v in per_player.get(player, [])]
        seats.add_row(str(seat), player, *extra, cards)
    out.print(seats)
    show_decks(out, view.decks)


def show_decks(out: Console, decks: Sequence[DeckStatus]) -> None:
    """How many cards of each deck lie in each pile."""
    grid = Table(title="Decks", title_justify="left")
    for col in ("deck", "draw", "discard", "in play", "held", "removed", "aside", "total"):
        grid.add_column(col, justify="left" if col == "deck" else "right")
    for d in decks:
        p = d.piles
        grid.add_row(
            d.deck,
            str(p["draw"]),
            str(p["discard"]),
            str(p["in_play"]),
            str(p["held"]),
            str(p["removed"]),
            str(p["aside"]),
            str(d.total),
        )
    out.print(grid)


def show_deal_started(out: Console, started: object) -> None:
    """``table deal``: a Dungeon Poker deal's level and gathering, or a Dragon Kings event."""
    from companion.games.dungeon_poker.deal import DealStart

    if not isinstance(started, DealStart):
        from companion.games.dragon_kings.table_rules import TableEvent
        from companion.ui.render.dragon_kings import show_event

        assert isinstance(started, TableEvent)
        show_event(out, started)
        return
    level = started.level
    out.print(
        f"[bold]deal {started.number}[/] of level {level.level} · blind {level.blind}"
        + (f" · {level.encounter.name}" if level.encounter else "")
        + f" · {_cards(started.gathered)} gathered, main deck shuffled"
    )
    for note in started.notes:
        out.print(f"• {note}")
    if started.opened and level.encounter is not None:
        # The dealer reads the new encounter aloud: its text, as 'table level' shows it.
        print_cards(out, [level.encounter])
    for player, held in started.hands.items():
        out.print(f"{player}: {_cards(len(held))} dealt ('companion table hand {player}')")


def _cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def show_settled(out: Console, settled: Any) -> None:
    """``table showdown``: the showdown as ``companion showdown`` shows it, then the table."""
    from companion.ui.render.showdown import show_showdown

    show_showdown(out, settled.result)
    if settled.notes or settled.cards:
        out.print("[bold]At the table[/]")
    print_cards(out, list(settled.cards))
    for note in settled.notes:
        out.print(f"• {note}")


def show_gold_moved(out: Console, moved: Any) -> None:
    """``table ability``, ``table gold`` and ``table gems``: what moved, what the player has
    now, notes."""
    out.print(moved.text, markup=False)
    for note in moved.notes:
        out.print(f"• {note}")
