"""Dungeon Master: resolve one encounter and keep the party between turns.

* :mod:`companion.games.dungeon_master.model` — the encounter as values (heroes, cards played);
* :mod:`companion.games.dungeon_master.resolve` — the resolution and treasure phases, pure and seeded;
* :mod:`companion.games.dungeon_master.catalog` — card lookup by the names players type;
* :mod:`companion.games.dungeon_master.encounter_file` — the YAML encounter format;
* :mod:`companion.games.dungeon_master.party` and :mod:`companion.games.dungeon_master.store` — the party across
  turns and its ``dm_`` tables in the SQLite state file.

>>> from companion.games.dungeon_master import Catalog, PartyHero, Encounter, CardPlay, resolve
>>> cards = Catalog.load()
>>> result = resolve(Encounter(
...     party=(PartyHero("Barbarian", {"sword": 2, "axe": 2}), PartyHero("Wizard", {"spell": 4})),
...     creatures=(cards.creature("Orcs"), cards.creature("Goblins")),
...     plays=(CardPlay(cards.attribute("Sword"), "Barbarian"),),
...     seed=1))
>>> result.dm_total, result.party_total, result.killed
(5, 4, ('Barbarian',))
"""

from companion.games.dungeon_master.catalog import Catalog
from companion.games.dungeon_master.model import CardPlay, Encounter, LevelChoice, PartyHero
from companion.games.dungeon_master.resolve import (
    Fight,
    Resolution,
    TreasureChoices,
    TreasurePhase,
    casualties,
    resolve,
    resolve_fight,
    treasure_phase,
    validate,
)

__all__ = [
    "CardPlay",
    "Catalog",
    "Encounter",
    "Fight",
    "LevelChoice",
    "PartyHero",
    "Resolution",
    "TreasureChoices",
    "TreasurePhase",
    "casualties",
    "resolve",
    "resolve_fight",
    "treasure_phase",
    "validate",
]
