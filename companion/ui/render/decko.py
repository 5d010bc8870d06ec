"""``companion decko`` on the terminal: what a command did, and one player's hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape

if TYPE_CHECKING:
    from collections.abc import Callable

    from rich.console import Console

    from companion.games.decko.events import SmolderingBurnOwed
    from companion.games.decko.table_rules import DeckoEvent, DeckoHand


def show_event(out: Console, result: DeckoEvent) -> None:
    """Each thing the command did, one bullet a line."""
    for line in result.events:
        out.print("• " + escape(line))


def show_hand(out: Console, hand: DeckoHand) -> None:
    """The hand numbered from the left, as ``decko burn`` and the others take a card."""
    for card in hand.cards:
        out.print(f"{card['position']}. {card['name']}  [dim]{card['code']}[/]")


def ask_smoldering_burn(
    out: Console, owed: SmolderingBurnOwed, read_line: Callable[[], str]
) -> str | None:
    """At a terminal: which card the smoldering card burns (its number in the list the
    event gave, or its name); an empty answer burns nothing."""
    out.print(
        f"Burn which card for {escape(owed.card)}? (number or name, Enter for none): ", end=""
    )
    answer = read_line().strip()
    return answer or None
