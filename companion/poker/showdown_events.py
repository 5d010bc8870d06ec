"""What the showdown engine decides, as typed events: gold joining the pots, who wins each.

The engine (:mod:`companion.poker.showdown`) records these as it settles a
deal; a game's showdown adds its own (in its package, beside its showdown). Each names its amounts with the game's ``currency`` (``chips``,
``gold``, ``points``), so the words (:mod:`companion.ui.render.words.showdown`)
say them as the game does. ``ShowdownResult.events`` holds them in order;
``companion showdown --json`` gives each one's sentence (``events``) and its
fields (``what_happened``).

>>> won = PotWon("gold", None, 0, 600, "ann")
>>> won.amount, won.winner, won.kind
(600, 'ann', 'pot-won')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar, Literal

from companion.events import Event


@dataclass(frozen=True)
class ShowdownEvent(Event):
    """An event of a showdown (a family: each kind below names itself)."""

    rule: ClassVar[str] = "the showdown"


@dataclass(frozen=True)
class Winnings:
    """Where what a hand that no player holds wins goes: ``out`` of the game, to the
    player it plays ``for``, or to a player by ``beast`` mastery."""

    how: Literal["out", "for", "beast"]
    to: str | None = None


@dataclass(frozen=True)
class PotWon(ShowdownEvent):
    """One pot won by one hand (``board`` None: the deal has one board; ``pot`` 0 is the
    main pot, 1 the first side pot)."""

    kind: ClassVar[str] = "pot-won"
    currency: str
    board: int | None
    pot: int
    amount: int
    winner: str
    winnings: Winnings | None = None


@dataclass(frozen=True)
class PotTied(ShowdownEvent):
    """One pot split between tied hands; the odd chips that will not split go back to the
    house or stay on the table (``odd_to``: ``house``, ``table``, or nowhere said)."""

    kind: ClassVar[str] = "pot-tied"
    currency: str
    board: int | None
    pot: int
    amount: int
    winners: tuple[str, ...]
    shares: Mapping[str, int] = field(default_factory=dict)
    winnings: Mapping[str, Winnings] = field(default_factory=dict)
    odd: int = 0
    odd_to: Literal["house", "table", ""] = ""


@dataclass(frozen=True)
class PotUnwon(ShowdownEvent):
    """A pot nobody still in can legally win: back to the house, or on the table."""

    kind: ClassVar[str] = "pot-unwon"
    currency: str
    board: int | None
    pot: int
    amount: int
    to_house: bool = False


@dataclass(frozen=True)
class CarriedJoins(ShowdownEvent):
    """What the last deal left on the table joins the main pot."""

    kind: ClassVar[str] = "carried-joins"
    currency: str
    amount: int


@dataclass(frozen=True)
class BoardsSplitLeft(ShowdownEvent):
    """Splitting the pots between the boards leaves what will not split on the table."""

    kind: ClassVar[str] = "boards-split-left"
    currency: str
    amount: int


@dataclass(frozen=True)
class DecidingCard(ShowdownEvent):
    """The card that decided between two hands of the same class (``decided_by`` is the
    ranker's account of it)."""

    kind: ClassVar[str] = "deciding-card"
    rule: ClassVar[str] = "hand ranking"
    board: int | None
    decided_by: str


@dataclass(frozen=True)
class NoLegalHand(ShowdownEvent):
    """A hand with fewer hand cards than the rule in force needs: it cannot win.
    ``under`` names that rule (an encounter), ``extra`` is a hand no player holds."""

    kind: ClassVar[str] = "no-legal-hand"
    contestant: str
    held: int
    need: int
    under: str = ""
    extra: bool = False
