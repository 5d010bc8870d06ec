"""What each audience sees of a DECKO table (the TV, the dealer, each seat).

Public: the round, its bets and phase, the house, the market and the
wildcards (face up on the mat), the joker piles' top cards, each player's
chips, loans and bet, the cards a Stud joker laid face up, and who won once
the game is over. Only its holder sees a hand; draw piles are counted only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from companion.cards.loader import GameCards
from companion.table.drawing import drawn_card, held_cards
from companion.table.model import DrawnCard, TableInfo
from companion.table.store import Transaction
from companion.table.views import (
    HISTORY_SHOWN,
    Audience,
    OpenCard,
    View,
    Won,
    build_view,
    may_see,
    overview_facts,
)

if TYPE_CHECKING:
    from companion.games.decko.table_rules import DeckoRules


def views(
    rules: DeckoRules,
    tx: Transaction,
    table: TableInfo,
    cards: GameCards,
    audiences: Sequence[Audience],
) -> dict[Audience, View]:
    """The table as each of ``audiences`` sees it."""
    overview = rules.overview(tx, table, cards)
    mat = rules.mat(tx, table)
    rows = {f"{c.deck}#{c.copy}": c for c in tx.cards(table)}
    laid = [(player, ref) for player, seat in mat.seats.items() for ref in seat.shown or ()]
    shown = {ref for _, ref in laid}
    market = [drawn_card(cards, rows[ref]) for ref in mat.market if ref]
    result = mat.result
    facts = overview_facts(
        table,
        overview,
        level=mat.round or None,
        victory=_won(result) if result else None,
        open_cards=(
            *(OpenCard(card, None, "the market") for card in market),
            *(OpenCard(drawn_card(cards, rows[ref]), player) for player, ref in laid),
        ),
    )

    def visible(card: DrawnCard, seen_by: Audience) -> bool:
        return f"{card.deck}#{card.copy}" in shown or may_see(card, seen_by)

    held = held_cards(tx, table, cards, rules)
    history = tx.history(table, HISTORY_SHOWN)
    return {a: build_view(table, a, facts, held, history, visible=visible) for a in audiences}


def _won(result: dict[str, Any]) -> Won:
    """The end of the game as the mat keeps it: the winner (none when several tie)."""
    winners = list(result.get("winners") or [])
    return Won(winners[0] if len(winners) == 1 else None, "chips", str(result["text"]))
