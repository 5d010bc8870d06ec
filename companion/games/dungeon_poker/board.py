"""The shared cards of a deal, street by street (``table board``).

000, "Playing the game": after each betting round the dealer burns the top
card of the main deck to the graveyard, unseen, then deals the flop (three
cards), the turn (one) or the river (one) face up. The cards come through
:func:`~companion.games.dungeon_poker.monsters.draw_main`, so the monster
card (M) on the board brings its monster as ``draw main`` does. Where the
burn card goes is the rulebook's too: the graveyard, face up only under an
encounter that opens the graveyard (Open funeral), and into the Paladin's
hand once Holy avenger has been used in the deal. An encounter that deals
more than one board (Two front war) is left to the dealer: the table keeps
one board.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.cards.dungeon_poker import EncounterRules
from companion.cards.loader import GameCards
from companion.errors import CompanionError
from companion.games.dungeon_poker import levels, monsters, state
from companion.games.dungeon_poker.decks import DECKS, refs
from companion.games.dungeon_poker.events import StreetDealt
from companion.table import betting as table_betting
from companion.table.drawing import drawn_card
from companion.table.events import CardRef
from companion.table.model import DrawnCard, TableInfo
from companion.table.store import Transaction

STREETS: tuple[tuple[str, int], ...] = (("flop", 3), ("turn", 1), ("river", 1))
"""The streets in the order they are dealt, with the cards each puts on the board."""

BURN_TAKER = "holy-avenger"
"""The ability that takes each later burn card into its user's hand."""


@dataclass(frozen=True)
class BoardDealt:
    """One street dealt: its cards (a monster and its cards among them when the M card
    came), the burn card (shown only when it lies face up), where it went, the board."""

    table: str
    street: str
    cards: tuple[DrawnCard, ...]
    burned: DrawnCard | None
    burned_to: str | None
    board: tuple[DrawnCard, ...]
    notes: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "table": self.table,
            "street": self.street,
            "burned": self.burned.to_json() if self.burned else None,
            "burned_to": self.burned_to,
            "cards": [c.to_json() for c in self.cards],
            "board": [c.to_json() for c in self.board],
            "notes": list(self.notes),
        }


def next_street(deal: dict[str, Any]) -> tuple[str, int]:
    """The street to deal after the one the deal has reached (``preflop`` before the flop).

    >>> next_street({"number": 1}), next_street({"street": "flop"})
    (('flop', 3), ('turn', 1))
    """
    reached = deal.get("street", "preflop")
    order = ["preflop", *(name for name, _ in STREETS)]
    at = order.index(reached)
    if at == len(STREETS):
        raise CompanionError(
            "the board is complete (flop, turn and river are out): settle the deal with "
            "'companion table showdown'"
        )
    return STREETS[at]


def deal_street(tx: Transaction, table: TableInfo, cards: GameCards) -> BoardDealt:
    """Burn one card, then deal the next street to the board; one history entry (one undo)."""
    deal = state.deal_to_settle(tx, table)
    if deal is None:
        raise CompanionError("no deal is under way: start one with 'companion table deal'")
    found = levels.encounter(tx, table, cards)
    rules = found.rules if found is not None else EncounterRules()
    if rules.boards > 1:
        raise CompanionError(
            f"{found.name if found else 'this encounter'} deals {rules.boards} boards, which "
            "the table does not keep: deal them with 'companion draw main' and give them "
            "to the showdown as boards"
        )
    street, count = next_street(deal)
    table_betting.street_dealt(tx, table, street)  # refused while the round before goes on
    on_board = tx.pile(table, "main", "in_play")
    extra = int(deal.get("extra_board", 0))  # Feral growth's shared cards lie beside the streets
    if street == "flop" and len(on_board) > extra:
        raise CompanionError(
            f"the board already holds {len(on_board)} card(s) drawn with 'companion draw main': "
            "go on with 'draw main' for this deal"
        )
    notes: list[str] = []
    burned, burned_to, shown = _burn(tx, table, cards, deal, rules.open_graveyard, notes)
    dealt = monsters.draw_main(tx, table, cards, count, None, record_it=False)
    notes.extend(dealt.notes)
    if street == "flop" and rules.discard_before_flop:
        notes.insert(
            0, f"before the flop each player discards {rules.discard_before_flop} hand card(s)"
        )
    state.put(tx, table, "deal", {**deal, "street": street})
    board = board_now(tx, table, cards)
    burn = tuple(CardRef.of(c, down=not rules.open_graveyard and c.pile != "held") for c in burned)
    event = StreetDealt(street, refs(dealt), refs(board), burn, tuple(notes))
    tx.record(table, event)
    return BoardDealt(table.name, street, tuple(dealt), shown, burned_to, board, tuple(notes))


def board_now(tx: Transaction, table: TableInfo, cards: GameCards) -> tuple[DrawnCard, ...]:
    """The board of the deal under way: the main deck cards face up on the table, in the
    order dealt (``table board`` deals them; ``draw main`` with no player lays them too)."""
    return tuple(
        drawn_card(cards, c) for c in tx.pile(table, "main", "in_play") if c.holder is None
    )


def _burn(
    tx: Transaction,
    table: TableInfo,
    cards: GameCards,
    deal: dict[str, Any],
    open_graveyard: bool,
    notes: list[str],
) -> tuple[list[DrawnCard], str | None, DrawnCard | None]:
    """The burn before a street: to the graveyard, or to the Paladin under Holy avenger
    (who receives it as any hand card, so the M card brings its monster there too).

    Returns the cards moved, who took the burn card (None: the graveyard) and the burn
    card as the table may show it (None while it lies face down)."""
    seated = state.seated(tx, table)
    taker = next(
        (
            who
            for who, effect in deal.get("abilities", [])
            if effect == BURN_TAKER and who in seated
        ),
        None,
    )
    if taker is not None:
        taken = monsters.draw_main(tx, table, cards, 1, taker, record_it=False)
        notes.append(f"Holy avenger: the burn card goes to {taker}'s hand ('table hand {taker}')")
        notes.extend(taken.notes)
        return list(taken), taker, taken[0] if open_graveyard else None
    copy, took = DECKS.take(tx, table, cards, "main")
    notes.extend(took)
    moved = drawn_card(cards, tx.move(table, copy, "discard", where="top"))
    if open_graveyard:
        notes.append(f"burned face up to the graveyard: {moved.name}")
        return [moved], None, moved
    notes.append("one card burned face down to the graveyard")
    return [moved], None, None
