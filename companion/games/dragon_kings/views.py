"""What each audience sees of a Dragon Kings table (the TV, the dealer, each seat).

Public: the wing cards in force, the deal and its dealer, the board (a river
dealt face down under Shrouded River stays out until the showdown), First
Honors, the points and the end of the game. Each guest's hole cards are
theirs alone, but for the one Unmasked turns face up.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

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
from companion.timer.table_clock import CountedLevels

if TYPE_CHECKING:
    from companion.games.dragon_kings.table_rules import DragonKingsRules

DECK = "standard"


def views(
    rules: DragonKingsRules,
    tx: Transaction,
    table: TableInfo,
    cards: GameCards,
    audiences: Sequence[Audience],
) -> dict[Audience, View]:
    """The table as each of ``audiences`` sees it."""
    overview = rules.overview(tx, table, cards)
    deal = rules.deal_state(tx, table)
    board = [drawn_card(cards, c) for c in tx.pile(table, DECK, "in_play") if c.holder is None]
    if deal.hidden_river and deal.street == "river":
        board = board[:-1]  # Shrouded River: the river lies face down until the showdown
    face_up = _unmasked(rules, tx, table, cards) if deal.under_way else []
    shown = {(c.deck, c.copy) for c in face_up}
    over = overview.get("game_over")
    facts = overview_facts(
        table,
        overview,
        level=CountedLevels().level_now(tx, table),
        victory=Won(None, "points", str(over)) if over else None,
        board=tuple(board),
        open_cards=tuple(OpenCard(c, c.holder) for c in face_up),
    )

    def visible(card: DrawnCard, seen_by: Audience) -> bool:
        return (card.deck, card.copy) in shown or may_see(card, seen_by)

    held = held_cards(tx, table, cards, rules)
    history = tx.history(table, HISTORY_SHOWN)
    return {a: build_view(table, a, facts, held, history, visible=visible) for a in audiences}


def _unmasked(
    rules: DragonKingsRules, tx: Transaction, table: TableInfo, cards: GameCards
) -> list[DrawnCard]:
    """Unmasked: each guest's first hole card lies face up."""
    if not rules._effects(tx, table).get("face_up_hole_cards"):  # the wing cards in force
        return []
    out = []
    for player in table.players:
        holes = tx.pile(table, DECK, "held", player)
        if holes:
            out.append(drawn_card(cards, holes[0]))
    return out
