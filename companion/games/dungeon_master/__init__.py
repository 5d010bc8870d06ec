"""Dungeon Master: play turns against a kept party, or resolve one encounter.

* :mod:`companion.games.dungeon_master.model` — the encounter as values (heroes, cards played);
* :mod:`companion.games.dungeon_master.resolve` — the resolution phase (:func:`resolve_fight`) and
  the treasure phase (:func:`treasure_phase`), pure and seeded; :func:`resolve` plays both;
* :mod:`companion.games.dungeon_master.catalog` and :mod:`companion.games.dungeon_master.names` —
  card and hero lookup by the names players type (any case, unique prefixes, aliases);
* :mod:`companion.games.dungeon_master.notation` — the short words of ``dm fight`` and ``dm treasure``;
* :mod:`companion.games.dungeon_master.encounter_file` — the YAML encounter format and the flags of ``dm resolve``;
* :mod:`companion.games.dungeon_master.party` and :mod:`companion.games.dungeon_master.store` — the party
  across turns, its log and undo, in ``dm_`` tables of the SQLite state file;
* :mod:`companion.games.dungeon_master.tracker` — what each ``dm`` command does, as reports with ``to_json()``;

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
