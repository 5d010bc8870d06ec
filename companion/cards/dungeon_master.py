"""Dungeon Master cards: heroes, the party player's deck, the Dungeon Master's deck.

Four decks (``cards_data/dungeon-master/``):

* ``characters`` (22): ``hero`` cards with their attribute levels;
* ``party`` (52): ``party-treasure`` (Silver, Gold, Gems, Magic Items),
  ``attribute`` cards (Sword ... Heal) and ``party-special`` cards
  (Experience, Secret Passage, Prisoner);
* ``dm`` (49): ``creature``, ``trap`` and ``room`` cards;
* ``variant`` (5): the Obstacles variant, four ``obstacle`` cards for the
  Dungeon Master and one more Stealth for the party (``joins`` says which
  deck a variant card is shuffled into).

>>> hero = Hero(id="barbarian", name="Barbarian", deck="characters",
...             attributes={"sword": 2, "axe": 2})
>>> hero.level("sword"), hero.level("spell")
(2, 0)
>>> sword = AttributeCard(id="sword", name="Sword", deck="party", attribute="sword",
...                       bonus_vs={"goblinkin": 2})
>>> sword.bonus_against("goblinkin"), sword.bonus_against("undead")
(2, 0)
"""

from __future__ import annotations

from typing import Annotated, Literal, TypeGuard

from pydantic import Field, field_validator

from companion.cards.base import CardModel

Attribute = Literal[
    "sword", "axe", "dagger", "bow", "stealth", "spell", "bless", "heal", "armor", "shield"
]
"""The ten hero attributes, in the order of the rulebook's d10 table (1 = sword ... 10 = shield)."""

ATTRIBUTES: tuple[Attribute, ...] = (
    "sword",
    "axe",
    "dagger",
    "bow",
    "stealth",
    "spell",
    "bless",
    "heal",
    "armor",
    "shield",
)
"""The d10 table of the treasure phase: a roll of ``n`` gives ``ATTRIBUTES[n - 1]``."""


def is_attribute(value: object) -> TypeGuard[Attribute]:
    """Whether ``value`` is one of the ten attribute names (what a typed name is checked with).

    >>> is_attribute("sword"), is_attribute("Sword"), is_attribute("fire")
    (True, False, False)
    """
    return value in ATTRIBUTES


CreatureType = Literal["undead", "goblinkin", "swarm", "x"]
"""Creature types: three that meld (undead, goblinkin, swarm) and ``x``, which never melds."""

CREATURE_TYPES: tuple[CreatureType, ...] = ("undead", "goblinkin", "swarm", "x")

Ability = Literal["negate-trap", "recover-hero"]
"""What an attribute card can do instead of adding its Fight points."""

SpecialEffect = Literal["level-up", "cancel-dm-card", "gain-hero"]
"""What a party special card (or Magic Items) does."""

Joins = Literal["party", "dm"]

Level = Annotated[int, Field(ge=1, le=20)]


class _DMCard(CardModel):
    """Fields every Dungeon Master card may carry besides the common ones."""

    joins: Joins | None = None
    """For variant cards: the deck (``party`` or ``dm``) they are shuffled into."""


class Hero(_DMCard):
    """A character card: a hero and its attribute levels (``Sword x2`` is ``sword: 2``)."""

    type: Literal["hero"] = "hero"
    attributes: dict[Attribute, Level]

    @field_validator("attributes")
    @classmethod
    def _some_attribute(cls, value: dict[Attribute, int]) -> dict[Attribute, int]:
        if not value:
            raise ValueError("a hero needs at least one attribute")
        return value

    def level(self, attribute: Attribute) -> int:
        """The hero's printed level in ``attribute`` (0 when the hero lacks it)."""
        return self.attributes.get(attribute, 0)


class PartyTreasure(_DMCard):
    """A treasure card of the party player: points for the treasure pile."""

    type: Literal["party-treasure"] = "party-treasure"
    points: Annotated[int, Field(ge=0)]
    effect: SpecialEffect | None = None
    """Magic Items also raise one hero a level when claimed (``level-up``)."""


class AttributeCard(_DMCard):
    """An attribute card, played on a hero that has the same attribute."""

    type: Literal["attribute"] = "attribute"
    attribute: Attribute
    bonus_vs: dict[CreatureType, Annotated[int, Field(ge=0)]] = Field(default_factory=dict)
    """Extra Fight points against melds of these creature types."""
    ability: Ability | None = None
    """The special use of Stealth, Armor, Shield and Heal, taken instead of the points."""

    def bonus_against(self, creature_type: CreatureType | None) -> int:
        """The extra Fight points against ``creature_type`` (0 against anything else)."""
        if creature_type is None:
            return 0
        return self.bonus_vs.get(creature_type, 0)


class PartySpecial(_DMCard):
    """A special card of the party player (Experience, Secret Passage, Prisoner)."""

    type: Literal["party-special"] = "party-special"
    effect: SpecialEffect


class Creature(_DMCard):
    """A creature of the Dungeon Master; creatures of one type may meld."""

    type: Literal["creature"] = "creature"
    creature_type: CreatureType
    fight: Annotated[int, Field(ge=0)]

    @property
    def melds(self) -> bool:
        """Whether this creature may join a meld with others (``x`` creatures never do)."""
        return self.creature_type != "x"


class Trap(_DMCard):
    """A trap: unless the party negates it, it kills one hero."""

    type: Literal["trap"] = "trap"
    kills: Annotated[int, Field(ge=1)] = 1


class Room(_DMCard):
    """A room, played beside the Dungeon Master's other card; adds to the Fight total."""

    type: Literal["room"] = "room"
    fight_bonus: Annotated[int, Field(ge=0)]


class Obstacle(_DMCard):
    """A variant card: fought like creatures, but losing costs treasure, not heroes."""

    type: Literal["obstacle"] = "obstacle"
    fight: Annotated[int, Field(ge=0)]


Card = Annotated[
    Hero | PartyTreasure | AttributeCard | PartySpecial | Creature | Trap | Room | Obstacle,
    Field(discriminator="type"),
]
