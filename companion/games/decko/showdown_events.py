"""What DECKO's rules do at a showdown, as typed events (their words are the ui's,
:mod:`companion.ui.render.words.decko`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from companion.poker.showdown_events import ShowdownEvent


@dataclass(frozen=True)
class DeckoShowdownEvent(ShowdownEvent):
    rule: ClassVar[str] = "DECKO, the showdown"


@dataclass(frozen=True)
class HouseBetJoins(DeckoShowdownEvent):
    """The house bet joins the pot, with the bets of those who folded onto it."""

    kind: ClassVar[str] = "decko-house-bet"
    amount: int
    folded: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class NobodyScores(DeckoShowdownEvent):
    kind: ClassVar[str] = "decko-nobody-scores"


@dataclass(frozen=True)
class EveryoneFolded(DeckoShowdownEvent):
    kind: ClassVar[str] = "decko-everyone-folded"


@dataclass(frozen=True)
class HandEarns(DeckoShowdownEvent):
    """A revealed hand's chip cards pay from the house."""

    kind: ClassVar[str] = "decko-hand-earns"
    player: str
    chips: int


@dataclass(frozen=True)
class Buyers(DeckoShowdownEvent):
    """Who buys, in turn order, with how many dollars (``winners``: who discard instead)."""

    kind: ClassVar[str] = "decko-buyers"
    money: Mapping[str, int]
    winners: int = 0


@dataclass(frozen=True)
class LastStanding(DeckoShowdownEvent):
    """Everyone else folded: the last player takes every bet without revealing and alone
    buys (``money`` None: their hand was not given, so the money is not known)."""

    kind: ClassVar[str] = "decko-last-standing"
    player: str
    money: int | None = None
    hand: str = ""


@dataclass(frozen=True)
class MoneyUnknown(DeckoShowdownEvent):
    kind: ClassVar[str] = "decko-money-unknown"
    players: tuple[str, ...]
