"""What a Dragon Kings table keeps between commands: the deal under way, the wing cards,
the bonuses, and the events its commands return.

Everything beyond where each card lies sits under the key-value namespace
``dragon-kings`` (:func:`get`, :func:`put`), undoable with the action that changed it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.cards.loader import GameCards
from companion.games.dragon_kings.classes import KING_OF_CLUBS, KING_OF_SPADES
from companion.games.dragon_kings.wings import (
    dragon_kings_rules,
)
from companion.poker.cards import JOKER, Card, parse_card
from companion.poker.showdown import ShowdownResult
from companion.poker.variants import Rules
from companion.table.model import CardCopy, TableInfo
from companion.table.store import Transaction

NS = "dragon-kings"
GAME = "dragon-kings"
DECK = "standard"
WINGS = "wing"

OPENING_BONUS = 50
"""Points from the house for the player who draws the first black king (Play Begins)."""

STREETS: tuple[tuple[str, int], ...] = (("flop", 3), ("turn", 1), ("river", 1))
"""The board as Texas Hold'em deals it, one burned card before each street."""

_KING_WINGS = {KING_OF_SPADES: "Grave Digger", KING_OF_CLUBS: "Black Death"}


def card_of(cards: GameCards, copy: CardCopy) -> Card:
    """The poker card a physical card of the standard deck is."""
    model = cards.get(copy.card_id)
    if getattr(model, "kind", "") == "joker":
        return JOKER
    return parse_card(f"{model.rank}{model.suit}")


# -- the game's state ----------------------------------------------------------------------------


@dataclass
class WingState:
    """Which voluntary wing cards are in force and who may choose the next one."""

    temporary: str | None = None
    temporary_by: str | None = None
    permanent: str | None = None
    permanent_by: str | None = None
    choosers: list[str] = field(default_factory=list)
    """Players who may put a voluntary card into play before the next deal."""
    dragon_player: str | None = None
    """The player who last won with Twinned Dragon Kings and may still make a card permanent."""

    def to_data(self) -> dict[str, Any]:
        return dict(self.__dict__)

    @classmethod
    def from_data(cls, data: dict[str, Any] | None) -> WingState:
        return cls(**(data or {}))

    def in_force(self) -> list[str]:
        """The voluntary cards in force, the permanent one first."""
        return [c for c in (self.permanent, self.temporary) if c]


@dataclass
class DealState:
    """The deal in progress: its number, dealer, street and the players still in."""

    number: int = 0
    dealer: str | None = None
    street: str = "none"
    hidden_river: bool = False
    folded: list[str] = field(default_factory=list)
    settled: bool = False
    misdealt: bool = False
    """The deal was fouled: the same dealer deals again."""
    penalties: list[str] = field(default_factory=list)
    """Players who fouled the last deal: each places 40 points in this deal's pot."""
    penalty_points: dict[str, int] = field(default_factory=dict)
    """What each fouler places when it is less than the 40 (all the points they have)."""
    choosers_before: list[str] = field(default_factory=list)
    """Who could choose a wing card before this deal (given back if it is fouled)."""
    seated: list[str] = field(default_factory=list)
    """The guests dealt in (those with points; everyone on a table that keeps none)."""
    posted: dict[str, int] = field(default_factory=dict)
    """Blinds and antes the table put in for each guest when it dealt."""
    swap_costs: dict[str, int] = field(default_factory=dict)
    """Points each guest paid into the pot to trade a hole card (Sleight of Hand)."""

    @property
    def under_way(self) -> bool:
        """Cards are out and the deal not yet over (a fouled deal is over: it is void)."""
        return self.street not in ("none", "showdown") and not self.settled

    def to_data(self) -> dict[str, Any]:
        return dict(self.__dict__)

    @classmethod
    def from_data(cls, data: dict[str, Any] | None) -> DealState:
        return cls(**(data or {}))


@dataclass(frozen=True)
class TableEvent:
    """What one Dragon Kings table command did: its events and, after a showdown, the ranking."""

    events: tuple[str, ...]
    cards: dict[str, list[str]] = field(default_factory=dict)
    board: tuple[str, ...] = ()
    points: dict[str, int] | None = None
    """Each guest's points after the command, when it moved some."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"events": list(self.events)}
        if self.cards:
            out["cards"] = self.cards
        if self.board:
            out["board"] = list(self.board)
        if self.points is not None:
            out["points"] = self.points
        return out


@dataclass(frozen=True)
class Settled:
    """What ``dk showdown`` (``table showdown``) did: the showdown's result (as ``companion
    showdown`` reports it), the table's notes (honors, wing choices, points) and each
    guest's points after the pot (None on a table that keeps none)."""

    result: ShowdownResult
    notes: tuple[str, ...] = ()
    cards: tuple[Any, ...] = ()
    points: dict[str, int] | None = None
    honors: dict[str, int] = field(default_factory=dict)
    """First Honors paid at this showdown."""

    def to_json(self, table_state: Mapping[str, Any]) -> dict[str, Any]:
        return {
            **self.result.to_json(),
            "points": self.points,
            "table": {**table_state, "notes": list(self.notes)},
        }


_FILE_FIELDS = frozenset({"wild", "button", "carried", "result"})
"""What a showdown file may add at a Dragon Kings table (the table knows the rest)."""


def get(tx: Transaction, table: TableInfo, key: str, default: Any = None) -> Any:
    return tx.get_state(table, NS, key, default)


def put(tx: Transaction, table: TableInfo, key: str, value: Any) -> None:
    tx.put_state(table, NS, key, value, undoable=True)


def wings(tx: Transaction, table: TableInfo) -> WingState:
    return WingState.from_data(get(tx, table, "wings"))


def deal_state(tx: Transaction, table: TableInfo) -> DealState:
    return DealState.from_data(get(tx, table, "deal"))


def bonuses_of(tx: Transaction, table: TableInfo) -> dict[str, int]:
    return dict(get(tx, table, "bonuses", {}))


def add_bonus(tx: Transaction, table: TableInfo, player: str, points: int) -> None:
    bonuses = bonuses_of(tx, table)
    bonuses[player] = bonuses.get(player, 0) + points
    put(tx, table, "bonuses", bonuses)


def rules_now(tx: Transaction, table: TableInfo) -> Rules:
    """The ranking rules now: the variant and the voluntary wing cards in force."""
    state = wings(tx, table)
    return dragon_kings_rules(state.in_force(), table.options.get("variant"))
