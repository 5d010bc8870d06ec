"""``companion decko`` on the terminal: what a command did, and one player's hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape

if TYPE_CHECKING:
    from rich.console import Console

    from companion.games.decko.table_rules import DeckoEvent, DeckoHand


def show_event(out: Console, result: DeckoEvent) -> None:
    """Each thing the command did, one bullet a line."""
    for line in result.events:
        out.print("• " + escape(line))


def show_hand(out: Console, hand: DeckoHand) -> None:
    """The hand numbered from the left, as ``decko burn`` and the others take a card."""
    for card in hand.cards:
        out.print(f"{card['position']}. {card['name']}  [dim]{card['code']}[/]")
