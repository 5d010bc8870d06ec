"""Encounter files: their shape is checked, errors name the field or the card."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.errors import CompanionError
from companion.games.dungeon_master.encounter_file import (
    build_encounter,
    parse_encounter,
    read_encounter,
)
from companion.games.dungeon_master.resolve import resolve
from tests.games.dungeon_master.helpers import catalog

FULL = """\
seed: 5
variant: false
treasure_points: 12
party:
  - Barbarian
  - {hero: Wizard, gained: {spell: 1}}
  - Priest
treasures: [Gold, Silver]
dm:
  creatures: [Orcs, Goblins]
  room: Armory
secret_passage: Armory
plays:
  - {hero: Barbarian, card: Sword}
  - {hero: Wizard, card: Spell, use: fight}
casualties: [Priest]
treasure_phase:
  experience: 1
  level_ups: [{hero: Wizard, attribute: spell}]
"""


def test_a_full_file_round_trips_into_an_encounter(tmp_path: Path) -> None:
    path = tmp_path / "turn.yaml"
    path.write_text(FULL)
    enc = build_encounter(read_encounter(path), catalog())
    assert [h.name for h in enc.party] == ["Barbarian", "Wizard", "Priest"]
    assert enc.party[1].level("spell") == 5
    assert [c.name for c in enc.creatures] == ["Orcs", "Goblins"]
    assert enc.room is not None and enc.room.fight_bonus == 1
    assert [c.name for c in enc.secret_passages] == ["Armory"]
    result = resolve(enc)
    assert (result.dm_total, result.party_total) == (5, 4 + 5)
    assert result.treasure_points == 12 + 15
    assert result.level_ups[0].level == 6


def test_json_is_accepted_too(tmp_path: Path) -> None:
    path = tmp_path / "turn.json"
    path.write_text(
        '{"party": ["Wizard"], "dm": {"creatures": ["Rats"]}, "plays": [{"hero": "Wizard", "card": "Spell"}]}'
    )
    assert resolve(build_encounter(read_encounter(path), catalog())).party_total == 8


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"party": ["Wizard"], "plays": [{"hero": "Wizard"}]}, "plays.0.card: is required"),
        ({"party": ["Wizard"], "dm": {"creature": ["Orcs"]}}, "dm.creature: is not a known field"),
        ({"party": ["Wizard"], "treasure_points": -3}, "treasure_points: must be ≥ 0 (got -3)"),
        (
            {"party": [{"hero": "Wizard", "gained": {"lute": 1}}]},
            "party.0.gained.lute.[key]: must be one of",
        ),
        (
            {"party": ["Wizard"], "plays": [{"hero": "Wizard", "card": "Spell", "use": "twice"}]},
            "plays.0.use: must be one of fight, ability, best (got 'twice')",
        ),
        (
            {"party": ["Wizard"], "plays": [{"hero": "Wizard", "card": "Spell", "use": 2}]},
            "plays.0.use: must be one of 'fight', 'ability' or 'best' (got 2)",
        ),
        (
            {"party": ["Wizard"], "treasure_phase": {"experience": "lots"}},
            "treasure_phase.experience: must be a whole number",
        ),
        ({"party": ["Wizard"], "dm": {"trap": ["Scythe", "Poison Gas"]}}, "dm.trap: must be text"),
    ],
)
def test_shape_errors_name_the_field(data: dict, message: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(CompanionError) as caught:
        parse_encounter(data, "turn.yaml")
    assert caught.value.message.startswith("turn.yaml: ")
    assert message in caught.value.message
    assert "\n" not in caught.value.message


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"party": ["Wizzard"]}, "no hero named 'Wizzard' (did you mean Wizard?)"),
        (
            {"party": ["Wizard"], "dm": {"creatures": ["Throne Room"]}},
            "Throne Room is a room card, not a creature",
        ),
        ({"party": ["Wizard"], "dm": {"trap": "Orcs"}}, "Orcs is a creature, not a trap"),
        (
            {"party": ["Wizard"], "treasures": ["Sword"]},
            "Sword is an attribute card, not a treasure card",
        ),
        (
            {"party": ["Wizard"], "plays": [{"hero": "Wizard", "card": "Gold"}]},
            "Gold is a treasure card, not an attribute card",
        ),
        (
            {"party": ["Wizard"], "treasure_phase": {"prisoners": ["Nobody"]}},
            "no hero named 'Nobody'",
        ),
        ({}, "the encounter has no party"),
    ],
)
def test_card_errors_name_the_card(data: dict, message: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(CompanionError, match="^" + re.escape(message)):
        build_encounter(parse_encounter(data), catalog())


def test_broken_yaml_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("party: [Wizard\ndm: {}\n")
    with pytest.raises(CompanionError, match=r"bad.yaml: line \d+: not valid YAML"):
        read_encounter(path)


def test_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(CompanionError, match="no such encounter file: .*nope.yaml"):
        read_encounter(tmp_path / "nope.yaml")


def test_a_list_is_not_an_encounter() -> None:
    with pytest.raises(CompanionError, match="an encounter is a mapping"):
        parse_encounter(["Wizard"])
