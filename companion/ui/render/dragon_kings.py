"""``companion dk`` on the terminal: a Dragon Kings table event or showdown."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape

if TYPE_CHECKING:
    from rich.console import Console

    from companion.games.dragon_kings.table_rules import TableEvent


def show_event(out: Console, result: TableEvent) -> None:
    """A table event as a person reads it: the cards dealt, then what happened."""
    from companion.poker.cards import parse_card

    for player, codes in result.cards.items():
        out.print(f"{escape(player)}: {' '.join(parse_card(c).symbol for c in codes)}")
    for line in result.events:
        out.print("• " + escape(line))
