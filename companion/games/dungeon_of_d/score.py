"""Scoring (rulebook 6.1): what escaping alive is worth.

>>> from companion.games.dungeon_of_d.content import load_content
>>> Score(amulet=5000, gold=270, inventory=30, level=800).total
6100
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.dungeon_of_d.state import State


@dataclass(frozen=True, slots=True)
class Score:
    """A final score and its parts (all 0 when the game was lost or played in training mode)."""

    amulet: int = 0
    gold: int = 0
    inventory: int = 0
    level: int = 0

    @property
    def total(self) -> int:
        return self.amulet + self.gold + self.inventory + self.level


def inventory_stars(s: State) -> int:
    """The stars of everything in the inventory: items, special items, potions
    (identified or not), and each Fruit and Arrow on their counters."""
    c = s.content
    stars = sum(c.item[x].stars for x in s.items) + sum(c.special[x].stars for x in s.specials)
    stars += sum(c.potion[x].stars for x in s.potions)
    return stars + s.fruits * c.fruit_stars + s.arrows * c.arrow_stars


def score(s: State) -> Score:
    """0 if lost (or in training mode); else 5000 with the Amulet, 10 a gold,
    the inventory's stars and 100 a dungeon level."""
    if s.outcome != "escaped" or s.training:
        return Score()
    return Score(
        amulet=s.content.amulet_score if s.amulet else 0,
        gold=10 * s.gold,
        inventory=inventory_stars(s),
        level=100 * s.level,
    )
