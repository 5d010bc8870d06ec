"""Dungeon Master: resolve one encounter and keep the party between turns.

* :mod:`companion.dm.model` — the encounter as values (heroes, cards played);
* :mod:`companion.dm.resolve` — the resolution and treasure phases, pure and seeded;
* :mod:`companion.dm.catalog` — card lookup by the names players type;
* :mod:`companion.dm.encounter_file` — the YAML encounter format;
* :mod:`companion.dm.party` and :mod:`companion.dm.store` — the party across
  turns and its ``dm_`` tables in the SQLite state file.

>>> from companion.dm import Catalog, PartyHero, Encounter, CardPlay, resolve
>>> cards = Catalog.load()
>>> result = resolve(Encounter(
...     party=(PartyHero("Barbarian", {"sword": 2, "axe": 2}), PartyHero("Wizard", {"spell": 4})),
...     creatures=(cards.creature("Orcs"), cards.creature("Goblins")),
...     plays=(CardPlay(cards.attribute("Sword"), "Barbarian"),),
...     seed=1))
>>> result.dm_total, result.party_total, result.killed
(5, 4, ('Barbarian',))
"""

from companion.dm.catalog import Catalog
from companion.dm.model import CardPlay, Encounter, LevelChoice, PartyHero
from companion.dm.resolve import Resolution, casualties, resolve, validate

__all__ = [
    "CardPlay",
    "Catalog",
    "Encounter",
    "LevelChoice",
    "PartyHero",
    "Resolution",
    "casualties",
    "resolve",
    "validate",
]
