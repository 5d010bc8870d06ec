"""Wing cards at the table (003, Wing Cards): one voluntary card at a time, chosen by a
black king's holder, negating the one before unless it was made permanent.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.cards.loader import GameCards
from companion.errors import CompanionError
from companion.games.dragon_kings.events import (
    WingMadePermanent,
    WingPlayed,
)
from companion.games.dragon_kings.state import (
    WINGS,
    TableEvent,
    WingState,
    deal_state,
    put,
    wings,
)
from companion.games.dragon_kings.wings import (
    wing_card,
)
from companion.poker.hands import names_text
from companion.table.model import CardCopy, TableInfo
from companion.table.store import Transaction


def wing_copy(tx: Transaction, table: TableInfo, card_id: str) -> CardCopy:
    for copy in tx.cards(table, WINGS):
        if copy.card_id == card_id:
            return copy
    raise CompanionError(f"the wing card {card_id!r} is not at this table")


def negate(tx: Transaction, table: TableInfo, card_ids: Sequence[str]) -> None:
    for card_id in card_ids:
        tx.move(table, wing_copy(tx, table, card_id), "draw")


def check_chooser(tx: Transaction, table: TableInfo, state: WingState, player: str) -> None:
    deal = deal_state(tx, table)
    if deal.under_way:
        raise CompanionError(
            "a voluntary wing card enters play between deals: settle this deal first"
        )
    if player not in state.choosers:
        who = names_text(state.choosers) or "nobody"
        raise CompanionError(
            f"{player} may not choose a wing card now (may choose: {who}; a black king in "
            "the hole or Twinned Dragon Kings gives the choice)"
        )


def put_wing(
    tx: Transaction, table: TableInfo, cards: GameCards, name: str, player: str
) -> TableEvent:
    """A voluntary wing card enters play; the last one in force is negated unless permanent."""
    card = wing_card(name)
    if card.involuntary:
        raise CompanionError(f"{card.name} is involuntary: it is always in play")
    state = wings(tx, table)
    check_chooser(tx, table, state, player)
    if card.id in state.in_force():
        raise CompanionError(f"{card.name} is already in play")
    events = []
    if state.temporary:
        old = wing_card(state.temporary)
        negate(tx, table, [state.temporary])
        events.append(f"{old.name} is negated")
    tx.move(table, wing_copy(tx, table, card.id), "in_play", player)
    state.temporary, state.temporary_by = card.id, player
    state.choosers = []  # one voluntary card between two deals
    put(tx, table, "wings", state.to_data())
    events.insert(0, f"{player} puts {card.name} into play: {card.text}")
    tx.record(table, WingPlayed(player, card.id, card.name), actor=player)
    return TableEvent(tuple(events))


def make_permanent(
    tx: Transaction, table: TableInfo, cards: GameCards, player: str, name: str | None
) -> TableEvent:
    """Twinned Dragon Kings: make one voluntary card permanent for the rest of the game."""
    state = wings(tx, table)
    if state.dragon_player != player:
        raise CompanionError(
            f"only the player who just won with Twinned Dragon Kings makes a card permanent"
            f" ({state.dragon_player or 'nobody'} now)"
        )
    if state.permanent:
        raise CompanionError(f"{wing_card(state.permanent).name} is already permanent")
    card = wing_card(name) if name else (wing_card(state.temporary) if state.temporary else None)
    if card is None:
        raise CompanionError("no voluntary wing card is in play: name one to make permanent")
    if card.involuntary:
        raise CompanionError(f"{card.name} is involuntary: it is always in play")
    tx.move(table, wing_copy(tx, table, card.id), "in_play", player)
    if card.id == state.temporary:
        state.temporary = state.temporary_by = None
    state.permanent, state.permanent_by = card.id, player
    state.dragon_player = None
    state.choosers = [player]  # and put another voluntary card into play
    put(tx, table, "wings", state.to_data())
    tx.record(table, WingMadePermanent(player, card.id, card.name), actor=player)
    return TableEvent(
        (
            f"{card.name} is permanent until another player wins with Twinned Dragon Kings",
            f"{player} may put another voluntary wing card into play",
        )
    )
