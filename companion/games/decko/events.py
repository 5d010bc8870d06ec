"""What a DECKO table command changes, as typed events (one a history entry).

Every step of a round (dealing, betting, buying, the corrections) records a
:class:`DeckoStep` of its own kind (``decko-round``, ``decko-buy``...): who
acted, in which round and phase, and what it named. The words are the ui's
(:mod:`companion.ui.render.words.decko`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.events import Event


@dataclass(frozen=True)
class DeckoStep(Event):
    """One step of a DECKO round: ``card`` the card it names (bought, a joker), ``other``
    the other player it touches (a gift, a burn pile), ``count`` its number (chips, cards)."""

    rule: ClassVar[str] = "DECKO, the round"
    player: str | None
    round: int
    phase: str
    card: str | None = None
    other: str | None = None
    count: int | None = None


def _step(name: str) -> type[DeckoStep]:
    return dataclass(frozen=True)(type(f"Decko_{name}", (DeckoStep,), {"kind": f"decko-{name}"}))


STEPS: dict[str, type[DeckoStep]] = {
    name: _step(name)
    for name in (
        "round",
        "burn",
        "raise",
        "call",
        "check",
        "fold",
        "buy",
        "flush",
        "gift",
        "buy-chips",
        "joker",
        "done",
        "loan",
        "draw",
        "discard",
        "chips",
        "stud",
        "tcg",
    )
}
"""The event of each step, by the step's name."""


@dataclass(frozen=True)
class LoanTaken(Event):
    """Loans: ``player`` turns their loan card to loan ``loan`` (1 or 2) and gains ``chips``
    from the house, for ``what`` (the action that was short of chips)."""

    kind: ClassVar[str] = "decko-loan-taken"
    rule: ClassVar[str] = "DECKO, loans"
    player: str
    loan: int
    chips: int
    what: str


@dataclass(frozen=True)
class SmolderingBurnOwed(Event):
    """A smoldering card acquired without naming its burns: ``player`` may still burn
    ``left`` of ``cards`` (the hand they held, in order) with the next ``decko burn``."""

    kind: ClassVar[str] = "decko-smoldering-owed"
    rule: ClassVar[str] = "DECKO, smoldering cards"
    player: str
    card: str
    left: int
    cards: tuple[str, ...]


# -- the jokers the table runs by itself ---------------------------------------------------------


@dataclass(frozen=True)
class JokerActs(Event):
    """A joker the table applies on its own after a raise or a call (its holder ``player``)."""

    rule: ClassVar[str] = "DECKO, the jokers"
    player: str


@dataclass(frozen=True)
class JackpotFilled(JokerActs):
    """Mr. Jackpot after a raise: ``chips`` from the house onto the joker, ``held`` there now."""

    kind: ClassVar[str] = "decko-mr-jackpot"
    chips: int
    held: int


@dataclass(frozen=True)
class WitchTakes(JokerActs):
    """The Witch after a raise: ``chips`` of ``victim``'s bet move into the raiser's."""

    kind: ClassVar[str] = "decko-the-witch"
    victim: str
    chips: int
    bet: int
    their_bet: int


@dataclass(frozen=True)
class KingmakerTaxes(JokerActs):
    """The Kingmaker after a call: each of ``payers`` adds a chip to the house bet."""

    kind: ClassVar[str] = "decko-kingmaker"
    payers: tuple[str, ...]
    house_bet: int


@dataclass(frozen=True)
class VampireFeeds(JokerActs):
    """The Vampire after a call: a chip from the house for each of ``matched`` (the players
    whose bet equals the caller's); ``chips`` what the house could pay of it."""

    kind: ClassVar[str] = "decko-vampire"
    matched: tuple[str, ...]
    chips: int
