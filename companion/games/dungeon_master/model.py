"""Values describing one Dungeon Master encounter, before it is resolved.

Everything here is immutable. Cards are the models of the card database
(:mod:`companion.cards.dungeon_master`); heroes are :class:`PartyHero`
values, i.e. a character with its current attribute levels.

>>> hero = PartyHero("Barbarian", {"sword": 2, "axe": 2})
>>> hero.level("sword"), hero.level("bow")
(2, 0)
>>> hero.gain("bow")
PartyHero('Barbarian', sword=2 axe=2 bow=1)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal

from companion.cards.dungeon_master import (
    ATTRIBUTES,
    Attribute,
    AttributeCard,
    Creature,
    Hero,
    Obstacle,
    PartyTreasure,
    Room,
    Trap,
    is_attribute,
)
from companion.errors import CompanionError

Use = Literal["fight", "ability", "best"]
"""How an attribute card is used: its Fight points, its special ability, or
``best``: let the resolver pick the better of the two (FAQ 1 and 2)."""

USES: tuple[Use, ...] = ("fight", "ability", "best")

DMCard = Creature | Trap | Room | Obstacle
"""Any card the Dungeon Master can put on the table."""


def attribute_named(text: str) -> Attribute:
    """``text`` as one of the ten attributes; an error naming it when it is none of them.

    >>> attribute_named("bow")
    'bow'
    >>> attribute_named("fire")
    Traceback (most recent call last):
      ...
    companion.errors.CompanionError: unknown attribute 'fire' (attributes: sword, axe, dagger, bow, stealth, spell, bless, heal, armor, shield)
    """
    if not is_attribute(text):
        raise CompanionError(f"unknown attribute '{text}' (attributes: {', '.join(ATTRIBUTES)})")
    return text


def _frozen(levels: Mapping[Attribute, int]) -> Mapping[Attribute, int]:
    ordered = {a: int(levels[a]) for a in ATTRIBUTES if levels.get(a, 0) > 0}
    return MappingProxyType(ordered)


@dataclass(frozen=True)
class PartyHero:
    """A hero of the party with its attribute levels (printed levels plus levels gained)."""

    name: str
    levels: Mapping[Attribute, int]

    def __init__(self, name: str, levels: Mapping[Attribute, int]) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "levels", _frozen(levels))

    @classmethod
    def from_card(cls, card: Hero, gained: Mapping[Attribute, int] | None = None) -> PartyHero:
        """The hero printed on ``card``, plus any levels ``gained`` since."""
        levels = dict(card.attributes)
        for attribute, extra in (gained or {}).items():
            levels[attribute] = levels.get(attribute, 0) + extra
        return cls(card.name, levels)

    def level(self, attribute: Attribute) -> int:
        """The level in ``attribute``; 0 when the hero lacks it."""
        return self.levels.get(attribute, 0)

    def gain(self, attribute: Attribute, amount: int = 1) -> PartyHero:
        """This hero with ``amount`` more levels in ``attribute``."""
        levels = dict(self.levels)
        levels[attribute] = levels.get(attribute, 0) + amount
        return PartyHero(self.name, levels)

    def describe(self) -> str:
        """Levels in short: ``sword 2, axe 2``."""
        return ", ".join(f"{a} {n}" for a, n in self.levels.items())

    def __hash__(self) -> int:
        return hash((self.name, tuple(self.levels.items())))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PartyHero) and (self.name, dict(self.levels)) == (
            other.name,
            dict(other.levels),
        )

    def __repr__(self) -> str:
        levels = " ".join(f"{a}={n}" for a, n in self.levels.items())
        return f"PartyHero({self.name!r}, {levels})"


@dataclass(frozen=True)
class CardPlay:
    """One attribute card the party plays, on ``hero`` (a hero name) or unassigned."""

    card: AttributeCard
    hero: str | None = None
    use: Use = "best"

    def __repr__(self) -> str:
        on = f" on {self.hero}" if self.hero else ""
        return f"<CardPlay {self.card.name}{on} ({self.use})>"

    @property
    def label(self) -> str:
        """``Sword on Barbarian`` or just ``Heal``."""
        return f"{self.card.name} on {self.hero}" if self.hero else self.card.name


@dataclass(frozen=True)
class LevelChoice:
    """A level-up decided at the table: which hero, which attribute (None: roll for it)."""

    hero: str | None = None
    attribute: Attribute | None = None


@dataclass(frozen=True)
class Encounter:
    """One turn's cards: what the party risks and plays, what the Dungeon Master plays.

    ``casualty_order`` names heroes to lose first (the rest are chosen at
    random); ``revive_order`` names whom recovery cards bring back first;
    ``prisoners`` holds one entry per Prisoner card played, a named
    character or ``None`` for a random one from ``recruit_pool`` (None: any
    character not in the party, unchecked).
    ``deck_limits`` caps the copies of a card name in play (``Sword``: 3;
    ``Secret Passage``, ``Experience`` and ``Prisoner`` too); a card whose
    name is missing there is capped at its own quantity.
    """

    party: tuple[PartyHero, ...]
    creatures: tuple[Creature, ...] = ()
    trap: Trap | None = None
    obstacle: Obstacle | None = None
    room: Room | None = None
    secret_passages: tuple[DMCard, ...] = ()
    treasures: tuple[PartyTreasure, ...] = ()
    plays: tuple[CardPlay, ...] = ()
    casualty_order: tuple[str, ...] = ()
    revive_order: tuple[str, ...] = ()
    prisoners: tuple[Hero | None, ...] = ()
    recruit_pool: tuple[Hero, ...] | None = None
    experience: int = 0
    level_choices: tuple[LevelChoice, ...] = ()
    treasure_points: int = 0
    variant: bool = False
    seed: int | None = None
    deck_limits: Mapping[str, int] = field(default_factory=dict)

    def __repr__(self) -> str:
        dm = ", ".join(c.name for c in self.dm_cards) or "nothing"
        return f"<Encounter party={len(self.party)} dm=[{dm}] plays={len(self.plays)}>"

    @property
    def dm_cards(self) -> tuple[DMCard, ...]:
        """Every card the Dungeon Master put down, in play order."""
        cards: list[DMCard] = list(self.creatures)
        if self.trap is not None:
            cards.append(self.trap)
        if self.obstacle is not None:
            cards.append(self.obstacle)
        if self.room is not None:
            cards.append(self.room)
        return tuple(cards)
