"""What Dragon Kings' rules do at a showdown, as typed events (their words are the ui's,
:mod:`companion.ui.render.words.dragon_kings`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.poker.showdown_events import ShowdownEvent


@dataclass(frozen=True)
class DragonKingsEvent(ShowdownEvent):
    rule: ClassVar[str] = "Dragon Kings, the showdown"


@dataclass(frozen=True)
class WingsInForce(DragonKingsEvent):
    kind: ClassVar[str] = "dk-wings"
    wings: tuple[str, ...]


@dataclass(frozen=True)
class SwordsJoker(DragonKingsEvent):
    kind: ClassVar[str] = "dk-swords-joker"


@dataclass(frozen=True)
class MisdealPaid(DragonKingsEvent):
    """A guest who fouled the last deal places the penalty in this pot (``short``: all
    they had, less than the penalty)."""

    kind: ClassVar[str] = "dk-misdeal-paid"
    player: str
    points: int
    short_of: int | None = None


@dataclass(frozen=True)
class SwapPaid(DragonKingsEvent):
    kind: ClassVar[str] = "dk-swap-paid"
    player: str
    points: int


@dataclass(frozen=True)
class FirstHonors(DragonKingsEvent):
    kind: ClassVar[str] = "dk-first-honors"
    players: tuple[str, ...]
    points: int
