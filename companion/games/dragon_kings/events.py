"""What a Dragon Kings table command changes, as typed events (one a history entry).

The opening draw for the first dealer, a deal dealt, a street, a fold, a
swap, a misdeal, a showdown, a wing card put into play or made permanent, a
re-buy. The words are the ui's (:mod:`companion.ui.render.words.dragon_kings`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from companion.events import Event


@dataclass(frozen=True)
class FirstDealerDrawn(Event):
    """The opening draw: cards dealt face up until the first black king names the dealer."""

    kind: ClassVar[str] = "dk-open"
    rule: ClassVar[str] = "Dragon Kings, the first dealer"
    opener: str
    drawn: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    seats: tuple[str, ...] = ()
    """The seat order the draw for seats gave: the dealer, then clockwise high card to low."""
    seat_cards: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """The cards each other guest drew for their seat (more than one after a tie)."""


@dataclass(frozen=True)
class DkDealt(Event):
    kind: ClassVar[str] = "dk-deal"
    number: int
    dealer: str


@dataclass(frozen=True)
class DkStreet(Event):
    """A street dealt to the board (``cards`` by id; a face-down river names none)."""

    kind: ClassVar[str] = "dk-board"
    number: int
    street: str
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class DkFolded(Event):
    kind: ClassVar[str] = "dk-fold"
    player: str


@dataclass(frozen=True)
class DkSwapped(Event):
    """A hole card traded for the bottom card of the deck (which card is the player's)."""

    kind: ClassVar[str] = "dk-swap"
    player: str
    cost: int


@dataclass(frozen=True)
class DkSettled(Event):
    kind: ClassVar[str] = "dk-showdown"
    number: int
    winners: tuple[str, ...]
    payouts: Mapping[str, int] = field(default_factory=dict)
    honors: Mapping[str, int] = field(default_factory=dict)
    points: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class DkMisdeal(Event):
    kind: ClassVar[str] = "dk-misdeal"
    number: int
    player: str


@dataclass(frozen=True)
class WingPlayed(Event):
    kind: ClassVar[str] = "dk-wing"
    player: str
    card: str
    name: str


@dataclass(frozen=True)
class WingMadePermanent(Event):
    kind: ClassVar[str] = "dk-permanent"
    player: str
    card: str
    name: str


@dataclass(frozen=True)
class DkRebuy(Event):
    kind: ClassVar[str] = "dk-rebuy"
    player: str
    points: int
