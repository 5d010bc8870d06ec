"""The Dungeon Master card data holds every fact of the rulebook's card lists."""

from __future__ import annotations

import pytest

from companion.cards import load_game
from companion.cards.dungeon_master import ATTRIBUTES, AttributeCard, Creature, Hero
from tests.conftest import invoke


@pytest.fixture(scope="module")
def cards():  # type: ignore[no-untyped-def]
    return load_game("dungeon-master")


def _one(cards, name: str, deck: str | None = None):  # type: ignore[no-untyped-def]
    found = [c for c in cards.by_name(name) if deck is None or c.deck == deck]
    assert len(found) == 1, (name, found)
    return found[0]


# --- totals -----------------------------------------------------------------


def test_deck_totals_match_the_rulebook(cards) -> None:  # type: ignore[no-untyped-def]
    assert [d.id for d in cards.decks] == ["characters", "party", "dm", "variant"]
    assert cards.total("characters") == 22
    assert cards.total("party") == 52
    assert cards.total("dm") == 49
    assert cards.total("variant") == 5
    for deck in cards.decks:
        assert deck.expected_total == cards.total(deck.id)


def test_cards_list_json_reports_the_totals() -> None:
    result = invoke("cards", "list", "dungeon-master", "--json")
    assert result.exit_code == 0, result.stderr
    per_deck: dict[str, int] = {}
    for card in result.json():
        per_deck[card["deck"]] = per_deck.get(card["deck"], 0) + card["quantity"]
    assert per_deck == {"characters": 22, "party": 52, "dm": 49, "variant": 5}


# --- the character deck -----------------------------------------------------

CHARACTER_DECK = {
    "Barbarian": {"sword": 2, "axe": 2},
    "Fighter": {"sword": 2, "armor": 2},
    "Knight": {"sword": 1, "armor": 1, "shield": 2},
    "Paladin": {"sword": 2, "armor": 1, "bless": 1},
    "Warrior": {"sword": 1, "axe": 1, "dagger": 1, "shield": 1},
    "Amazon": {"sword": 2, "bow": 1, "dagger": 1},
    "Ranger": {"sword": 1, "bow": 1, "axe": 1, "stealth": 1},
    "Archer": {"bow": 3, "dagger": 1},
    "Duelist": {"sword": 3, "dagger": 1},
    "Dwarf": {"axe": 1, "armor": 2, "shield": 1},
    "Elf": {"sword": 1, "bow": 1, "stealth": 1, "spell": 1},
    "Halfling": {"dagger": 1, "stealth": 3},
    "Rogue": {"sword": 1, "dagger": 1, "stealth": 2},
    "Bard": {"spell": 2, "bless": 2},
    "Thief": {"dagger": 1, "bow": 1, "stealth": 2},
    "Druid": {"spell": 1, "axe": 1, "bless": 1, "heal": 1},
    "Wizard": {"spell": 4},
    "Magician": {"spell": 3, "dagger": 1},
    "Enchantress": {"spell": 2, "heal": 2},
    "Priest": {"bless": 2, "heal": 2},
    "Cleric": {"bless": 1, "armor": 1, "shield": 1, "heal": 1},
    "Monk": {"bless": 1, "stealth": 1, "dagger": 2},
}


def test_every_hero_has_the_rulebook_attribute_levels(cards) -> None:  # type: ignore[no-untyped-def]
    heroes = {c.name: c for c in cards.deck("characters")}
    assert set(heroes) == set(CHARACTER_DECK)
    for name, levels in CHARACTER_DECK.items():
        hero = heroes[name]
        assert isinstance(hero, Hero)
        assert hero.quantity == 1
        assert dict(hero.attributes) == levels, name


def test_every_attribute_is_carried_by_some_hero(cards) -> None:  # type: ignore[no-untyped-def]
    carried = {a for hero in cards.deck("characters") for a in hero.attributes}
    assert carried == set(ATTRIBUTES)


# --- the party deck ---------------------------------------------------------

PARTY_COUNTS = {
    "Silver": 6,
    "Gold": 4,
    "Gems": 2,
    "Magic Items": 2,
    "Experience": 2,
    "Secret Passage": 2,
    "Prisoner": 1,
    "Sword": 3,
    "Axe": 3,
    "Dagger": 3,
    "Spell": 3,
    "Bless": 3,
    "Stealth": 6,
    "Armor": 3,
    "Bow": 3,
    "Shield": 3,
    "Heal": 3,
}


def test_party_deck_has_the_rulebook_counts(cards) -> None:  # type: ignore[no-untyped-def]
    assert {c.name: c.quantity for c in cards.deck("party")} == PARTY_COUNTS


@pytest.mark.parametrize(("name", "points"), [("Silver", 5), ("Gold", 10), ("Gems", 20)])
def test_treasure_points(cards, name: str, points: int) -> None:  # type: ignore[no-untyped-def]
    card = _one(cards, name)
    assert card.type == "party-treasure"
    assert card.points == points


def test_magic_items_is_a_treasure_that_levels_a_hero(cards) -> None:  # type: ignore[no-untyped-def]
    card = _one(cards, "Magic Items")
    assert card.type == "party-treasure"
    assert card.effect == "level-up"


@pytest.mark.parametrize(
    ("name", "effect"),
    [("Experience", "level-up"), ("Secret Passage", "cancel-dm-card"), ("Prisoner", "gain-hero")],
)
def test_special_cards(cards, name: str, effect: str) -> None:  # type: ignore[no-untyped-def]
    card = _one(cards, name)
    assert card.type == "party-special"
    assert card.effect == effect


ATTRIBUTE_BONUSES = {
    "Sword": {"goblinkin": 2},
    "Axe": {"undead": 1, "goblinkin": 1},
    "Dagger": {"goblinkin": 1, "x": 1},
    "Spell": {"swarm": 4},
    "Bless": {"undead": 3},
    "Bow": {"x": 3},
    "Stealth": {},
    "Armor": {},
    "Shield": {},
    "Heal": {},
}
ABILITIES = {
    "Stealth": "negate-trap",
    "Armor": "recover-hero",
    "Shield": "recover-hero",
    "Heal": "recover-hero",
}


@pytest.mark.parametrize("name", list(ATTRIBUTE_BONUSES))
def test_attribute_card_bonus_and_ability(cards, name: str) -> None:  # type: ignore[no-untyped-def]
    card = _one(cards, name, deck="party")
    assert isinstance(card, AttributeCard)
    assert card.attribute == name.lower()
    assert dict(card.bonus_vs) == ATTRIBUTE_BONUSES[name]
    assert card.ability == ABILITIES.get(name)


# --- the Dungeon Master deck ------------------------------------------------

CREATURES = {
    "Skeletons": ("undead", 1, 2),
    "Zombies": ("undead", 2, 2),
    "Ghouls": ("undead", 3, 2),
    "Wraiths": ("undead", 4, 1),
    "Mummies": ("undead", 5, 1),
    "Vampires": ("undead", 6, 1),
    "Kobolds": ("goblinkin", 1, 2),
    "Goblins": ("goblinkin", 2, 2),
    "Orcs": ("goblinkin", 3, 2),
    "Ogres": ("goblinkin", 4, 1),
    "Trolls": ("goblinkin", 5, 1),
    "Giants": ("goblinkin", 6, 1),
    "Rats": ("swarm", 1, 2),
    "Bats": ("swarm", 2, 2),
    "Spiders": ("swarm", 3, 2),
    "Scorpions": ("swarm", 4, 1),
    "Wasps": ("swarm", 5, 1),
    "Green Slime": ("swarm", 6, 1),
    "Nymphs": ("x", 5, 1),
    "Minotaur": ("x", 5, 1),
    "Chaos Warlord": ("x", 6, 1),
    "Doppleganger": ("x", 6, 1),
    "Hydra": ("x", 7, 1),
    "Sorcerer": ("x", 7, 1),
    "Djinn": ("x", 8, 1),
    "Demon": ("x", 9, 1),
    "Dragon": ("x", 10, 1),
}
TRAPS = ["Poison Arrow", "Scythe", "Pendulum Blade", "Spiked Pit", "Falling Blocks", "Poison Gas"]
ROOMS = {
    "Throne Room": 3,
    "Treasure Room": 2,
    "Monster Lair": 2,
    "Altar Room": 1,
    "Torture Chamber": 1,
    "Great Cavern": 2,
    "Armory": 1,
}


def test_creatures_have_their_count_type_and_fight(cards) -> None:  # type: ignore[no-untyped-def]
    creatures = {c.name: c for c in cards.of_type("creature")}
    assert set(creatures) == set(CREATURES)
    for name, (kind, fight, count) in CREATURES.items():
        card = creatures[name]
        assert isinstance(card, Creature)
        assert (card.quantity, card.creature_type, card.fight) == (count, kind, fight), name
        assert card.melds == (kind != "x")


def test_traps_one_each(cards) -> None:  # type: ignore[no-untyped-def]
    traps = cards.of_type("trap")
    assert sorted(t.name for t in traps) == sorted(TRAPS)
    assert all(t.quantity == 1 and t.kills == 1 for t in traps)


def test_rooms_and_their_fight_bonus(cards) -> None:  # type: ignore[no-untyped-def]
    rooms = {c.name: c for c in cards.of_type("room")}
    assert {n: r.fight_bonus for n, r in rooms.items()} == ROOMS
    assert all(r.quantity == 1 for r in rooms.values())


def test_each_creature_type_has_nine_cards(cards) -> None:  # type: ignore[no-untyped-def]
    per_type: dict[str, int] = {}
    for card in cards.of_type("creature"):
        per_type[card.creature_type] = per_type.get(card.creature_type, 0) + card.quantity
    assert per_type == {"undead": 9, "goblinkin": 9, "swarm": 9, "x": 9}


# --- the Obstacles variant ----------------------------------------------------


def test_obstacle_variant_cards(cards) -> None:  # type: ignore[no-untyped-def]
    variant = cards.deck("variant")
    assert all(c.variant for c in variant)
    obstacles = {c.name: (c.quantity, c.fight, c.joins) for c in variant if c.type == "obstacle"}
    assert obstacles == {
        "Portcullis": (1, 5, "dm"),
        "Collapsed Floor": (1, 4, "dm"),
        "Reinforced door": (2, 3, "dm"),
    }
    [stealth] = [c for c in variant if c.type == "attribute"]
    assert (stealth.name, stealth.attribute, stealth.quantity, stealth.joins) == (
        "Stealth",
        "stealth",
        1,
        "party",
    )
    assert stealth.ability == "negate-trap"


def test_no_base_card_is_marked_variant_or_designed(cards) -> None:  # type: ignore[no-untyped-def]
    base = [c for c in cards if c.deck != "variant"]
    assert not any(c.variant for c in base)
    assert not any(c.designed for c in cards)


def test_every_card_has_text(cards) -> None:  # type: ignore[no-untyped-def]
    assert all(c.text for c in cards)


def test_a_hero_with_an_unknown_attribute_is_rejected(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import shutil

    from companion.cards import validate_dir
    from companion.paths import cards_dir

    shutil.copytree(cards_dir() / "dungeon-master", tmp_path / "dungeon-master")
    path = tmp_path / "dungeon-master" / "characters.yaml"
    path.write_text(path.read_text().replace("{sword: 2, axe: 2}", "{sword: 2, lute: 2}", 1))
    _, problems = validate_dir(tmp_path)
    assert len(problems) == 1
    assert "card 'Barbarian': attributes.lute" in problems[0]
