"""Build encounters the short way: the same dictionaries an encounter file holds."""

from __future__ import annotations

import functools
from typing import Any

from companion.games.dungeon_master.catalog import Catalog
from companion.games.dungeon_master.encounter_file import build_encounter, parse_encounter
from companion.games.dungeon_master.model import Encounter
from companion.games.dungeon_master.resolve import Resolution, resolve


@functools.cache
def catalog() -> Catalog:
    return Catalog.load()


def encounter(
    party: list[Any], dm: dict[str, Any] | None = None, plays: list[Any] = (), **more: Any
) -> Encounter:  # type: ignore[assignment]
    """``plays`` entries are ``"Hero=Card"``, ``"Hero=Card:use"``, ``"Card:use"`` or dicts."""
    data: dict[str, Any] = {
        "party": party,
        "dm": dm or {},
        "plays": [_play(p) for p in plays],
        "seed": 1,
    }
    data.update(more)
    return build_encounter(parse_encounter(data), catalog())


def run(
    party: list[Any], dm: dict[str, Any] | None = None, plays: list[Any] = (), **more: Any
) -> Resolution:  # type: ignore[assignment]
    return resolve(encounter(party, dm, plays, **more))


def _play(play: Any) -> dict[str, Any]:
    if isinstance(play, dict):
        return play
    hero, _, rest = play.rpartition("=")
    card, _, use = rest.partition(":")
    out: dict[str, Any] = {"card": card}
    if hero:
        out["hero"] = hero
    if use:
        out["use"] = use
    return out


SIX = ["Barbarian", "Wizard", "Halfling", "Dwarf", "Priest", "Archer"]
"""A party of six used by many tests."""
