"""The Dungeon Poker card database holds every fact the rulebook gives.

Each test is named after the rule or fact it checks; the tables below are
read straight off the rulebook's appendices A-E.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any, get_args

import pytest

from companion.cards import dungeon_poker as dp
from companion.cards import load_game, validate_dir
from companion.paths import cards_dir
from tests.conftest import invoke

GAME = "dungeon-poker"
DECK_TOTALS = {
    "main": 53,
    "characters": 14,
    "monsters": 24,
    "encounters": 22,
    "treasures": 55,
    "levels": 10,
    "skulls": 8,
    "extras": 19,
}
DOCS = Path(__file__).resolve().parents[2] / "docs" / "cards-dungeon-poker.md"


@pytest.fixture(scope="module")
def cards() -> Any:
    return load_game(GAME)


def by_name(cards: Any, name: str) -> Any:
    """The one card with this name outside the set-aside copies."""
    found = [c for c in cards.by_name(name) if not getattr(c, "set_aside", False)]
    assert len(found) == 1, f"{name}: {found}"
    return found[0]


# --- contents of the package ------------------------------------------------


@pytest.mark.parametrize(("deck", "total"), DECK_TOTALS.items())
def test_contents_of_the_package_deck_totals(cards: Any, deck: str, total: int) -> None:
    assert cards.total(deck) == total
    assert cards.game.deck(deck).expected_total == total


def test_contents_of_the_package_205_cards(cards: Any) -> None:
    assert cards.total() == 205
    assert [d.id for d in cards.decks] == list(DECK_TOTALS)


def test_cards_list_json_reports_the_totals() -> None:
    result = invoke("cards", "list", GAME, "--json")
    assert result.exit_code == 0, result.stderr
    rows = result.json()
    assert sum(r["quantity"] for r in rows) == 205
    per_deck: dict[str, int] = {}
    for row in rows:
        assert {"id", "name", "deck", "quantity"} <= row.keys()
        per_deck[row["deck"]] = per_deck.get(row["deck"], 0) + row["quantity"]
    assert per_deck == DECK_TOTALS


@pytest.mark.parametrize(("deck", "total"), DECK_TOTALS.items())
def test_cards_list_json_per_deck(deck: str, total: int) -> None:
    rows = invoke("cards", "list", GAME, "--deck", deck, "--json").json()
    assert {r["deck"] for r in rows} == {deck}
    assert sum(r["quantity"] for r in rows) == total


def test_cards_show_json_gives_the_structured_fields() -> None:
    result = invoke("cards", "show", "Sir Nobble", "--game", GAME, "--json")
    assert result.exit_code == 0, result.stderr
    nobble = result.json()
    assert (nobble["type"], nobble["soul_gems"]) == ("character", 2)
    assert [(a["name"], a["kind"], a["cost"]) for a in nobble["abilities"]] == [
        ("Bigger pouch", "passive", 0),
        ("Gift of Scrooge", "standard", 1),
    ]


def test_cards_schema_lists_the_dungeon_poker_models() -> None:
    schema = invoke("cards", "schema", "--game", GAME).json()
    for model in ("CharacterCard", "MonsterCard", "EncounterCard", "TreasureCard", "LevelCard"):
        assert model in schema["$defs"], model
    effects = schema["$defs"]["MonsterEffect"]["properties"]["effect"]["enum"]
    assert "steal-soul-gem-each" in effects


def test_main_deck_is_52_playing_cards_and_the_monster_card(cards: Any) -> None:
    main = cards.deck("main")
    playing = [c for c in main if c.kind == "playing"]
    assert len(playing) == 52 and all(c.quantity == 1 for c in playing)
    assert len({c.code for c in playing}) == 52
    assert {c.id for c in playing} >= {"as", "th", "2c"}
    marker = cards.get("monster-card")
    assert (marker.kind, marker.name, marker.deck) == ("monster-marker", "Monster card (M)", "main")


# --- ids, texts, designed values ----------------------------------------------

STABLE_IDS = {
    "characters": "barbarian cave-troll druid fighter gnome-artificer night-ogre paladin priestess "
    "prophet rogue sir-nobble undead-king witch wizard",
    "monsters": "ancient-evil astral-warlock baron earth-elemental fire-dragon forlorn-giant genie giant "
    "gnome-lunatic goblin goblin-hexer happy-the-clown ice-giant orc skeleton-warrior "
    "undead-maiden zombie lucky-elf tree-of-life golem fire-dragon-extra",
    "encounters": "anti-magic-zone armory cowards-debt dense-fog dragon-age eastern-bazaar high-magic "
    "kings-cave long-night low-magic mystical-storm normal-times open-funeral paranoia "
    "plague plentiful-harvest reckless-charge time-of-justice trench-warfare "
    "treasure-ship true-seeing utter-horror",
    "treasures": "chest-monster pit-trap soul-cave teleport-trap empty-chest big-pile-of-gold "
    "elixir-of-might explosive-potion crystal-dagger giants-blood rune-of-acid "
    "scroll-of-teleport soul-chest summon-monster-scroll treants-roots treasure-map "
    "wild-berries antimagic-cage light-of-truth owl-of-fortune royal-chest full-plate "
    "spyglass undeath-amulet amulet-of-luck sword-of-power",
    "levels": "level-100 level-200 level-300 level-500 level-600 level-700 level-800 level-900 "
    "level-1000 level-1500",
    "skulls": "skull",
    "extras": "fey-teratologist dwarven-stalwart two-front-war war-mongering demons-bargain mushroooms "
    "level-400 monster-card-extra dealer first-dealer deal-summary victory-summary bard "
    "blood-moon forked-path healing-draught smoke-bomb mimic wandering-merchant",
}


@pytest.mark.parametrize("deck", STABLE_IDS)
def test_ids_are_stable(cards: Any, deck: str) -> None:
    """Saves, tables and printed sheets refer to these ids: renaming one breaks them."""
    assert [c.id for c in cards.deck(deck)] == STABLE_IDS[deck].split()


def test_ids_are_unique(cards: Any) -> None:
    ids = [c.id for c in cards]
    assert len(ids) == len(set(ids))


def test_every_card_but_the_playing_cards_has_text(cards: Any) -> None:
    for card in cards:
        if card.kind != "playing":
            assert card.text.strip(), card.id


def test_texts_fit_a_poker_card(cards: Any) -> None:
    for card in cards:
        assert len(card.text) <= 300, (card.id, len(card.text))
        for ability in getattr(card, "abilities", ()):
            assert ability.text.strip() and len(ability.text) <= 200, (card.id, ability.name)
        for effect in getattr(card, "effects", ()):
            assert effect.text.strip() and len(effect.text) <= 200, (card.id, effect.effect)


def test_copy_counts_of_monsters_and_treasures_are_marked_designed(cards: Any) -> None:
    """The rulebook names each monster and treasure but never says how many copies."""
    rulebook_counted = {"golem", "fire-dragon", "fire-dragon-extra"}
    for card in (*cards.deck("monsters"), *cards.deck("treasures")):
        if card.id in rulebook_counted:
            assert not card.designed, card.id
        else:
            assert card.designed and "quantity" in card.designed_fields, card.id
            assert card.designed_reason, card.id


RULEBOOK_EXTRAS = {
    "fey-teratologist",
    "dwarven-stalwart",
    "two-front-war",
    "war-mongering",
    "demons-bargain",
    "mushroooms",
    "level-400",
    "monster-card-extra",
}


def test_extras_not_in_the_rulebook_are_designed(cards: Any) -> None:
    extras = {c.id: c for c in cards.deck("extras")}
    assert extras.keys() >= RULEBOOK_EXTRAS
    for card_id, card in extras.items():
        if card_id not in RULEBOOK_EXTRAS:
            assert card.designed and not card.designed_fields, card_id
            assert card.designed_reason and "\n" not in card.designed_reason.strip()
    # the extra level card exists in the rulebook but its blind is ours
    level = extras["level-400"]
    assert level.designed and "blind" in level.designed_fields


def test_designed_reasons_are_one_line(cards: Any) -> None:
    for card in cards:
        if card.designed:
            assert card.designed_reason and "\n" not in card.designed_reason.strip(), card.id


def test_appendix_e_extra_cards_are_optional_variant_cards(cards: Any) -> None:
    for card_id in RULEBOOK_EXTRAS:
        assert cards.get(card_id).variant, card_id
    # setup hands the dealer cards out in every game: not a variant
    assert not cards.get("dealer").variant and not cards.get("first-dealer").variant


# --- appendix A: characters -------------------------------------------------

SOUL_GEMS = {
    "Barbarian": 5,
    "Cave Troll": 4,
    "Druid": 4,
    "Fighter": 5,
    "Gnome Artificer": 3,
    "Night Ogre": 5,
    "Paladin": 3,
    "Priestess": 6,
    "Prophet": 4,
    "Rogue": 4,
    "Sir Nobble": 2,
    "Undead King": 3,
    "Witch": 4,
    "Wizard": 4,
    "Fey Teratologist": 4,
    "Dwarven Stalwart": 4,
}

# name -> (kind, cost, limits) as appendices A and E print them
ABILITIES = {
    "Barbarian": {"Barbarian rage": ("standard", 1, {"once-per-deal", "not-at-river"})},
    "Cave Troll": {
        "Regeneration": ("passive", 0, {"start-of-deal"}),
        "Giant club": ("standard", 2, {"not-at-river"}),
    },
    "Druid": {
        "Feral growth": ("standard", 1, set()),
        "Totemic transformation": ("standard", 1, set()),
    },
    "Fighter": {"Melee mastery": ("standard", 1, {"once-per-deal", "not-at-river"})},
    "Gnome Artificer": {
        "Golem": ("passive", 0, {"start-of-game"}),
        "Tinkery": ("standard", 1, set()),
    },
    "Night Ogre": {
        "Spooky gaze": ("standard", 1, set()),
        "Obliterating darkness": ("standard", 2, set()),
    },
    "Paladin": {"Holy avenger": ("standard", 1, set()), "Healing prayer": ("standard", 1, set())},
    "Priestess": {"Divine protection": ("standard", 1, set())},
    "Prophet": {"Prophecy": ("standard", 1, set()), "Ancestral knowledge": ("standard", 2, set())},
    "Rogue": {"Spy": ("standard", 1, set()), "Ambush & run": ("standard", 2, set())},
    "Sir Nobble": {
        "Bigger pouch": ("passive", 0, {"start-of-game"}),
        "Gift of Scrooge": ("standard", 1, set()),
    },
    "Undead King": {
        "Raise dead": ("standard", 1, set()),
        "Wind of the dead": ("standard", 2, set()),
    },
    "Witch": {
        "Witch curse": ("standard", 1, {"not-at-river"}),
        "Spoil the treasure": ("standard", 1, set()),
    },
    "Wizard": {
        "Sleight of hand": ("standard", 1, {"once-per-stage"}),
        "Conjure fire": ("standard", 2, {"not-at-river"}),
    },
    "Fey Teratologist": {
        "Beast mastery": ("passive", 0, set()),
        "Summon beast": ("standard", 1, set()),
    },
    "Dwarven Stalwart": {
        "Dwarven resistance": ("passive", 0, set()),
        "Stubborn stand": ("standard", 1, set()),
    },
}


@pytest.mark.parametrize(("name", "gems"), SOUL_GEMS.items())
def test_character_starting_soul_gems(cards: Any, name: str, gems: int) -> None:
    card = by_name(cards, name)
    assert card.kind == "character" and card.soul_gems == gems


@pytest.mark.parametrize("name", ABILITIES)
def test_character_abilities_kind_cost_and_limits(cards: Any, name: str) -> None:
    card = by_name(cards, name)
    got = {a.name: (a.kind, a.cost, set(a.limits)) for a in card.abilities}
    assert got == ABILITIES[name]


def test_character_deck_is_appendix_a(cards: Any) -> None:
    names = {c.name for c in cards.deck("characters")}
    assert names == set(SOUL_GEMS) - {"Fey Teratologist", "Dwarven Stalwart"}


def test_barbarian_rage_bets_two_blinds_draws_two_folds_two(cards: Any) -> None:
    rage = cards.get("barbarian").ability("barbarian-rage")
    assert (rage.min_bet_blinds, rage.draw, rage.discard, rage.duration) == (2, 2, 2, "deal")


def test_regeneration_below_5000_takes_the_blind_at_most_500(cards: Any) -> None:
    regen = cards.get("cave-troll").ability("regeneration")
    assert (regen.gold_below, regen.gold_max) == (5000, 500)


def test_healing_prayer_gives_600_below_5000(cards: Any) -> None:
    prayer = cards.get("paladin").ability("healing-prayer")
    assert (prayer.gold, prayer.gold_below) == (600, 5000)


def test_holy_avenger_takes_at_most_three_burn_cards(cards: Any) -> None:
    assert cards.get("paladin").ability("holy-avenger").cards == 3


def test_sir_nobble_bigger_pouch_is_2000_gold(cards: Any) -> None:
    assert cards.get("sir-nobble").ability("bigger-pouch").gold == 2000


def test_ambush_and_run_takes_at_most_3000(cards: Any) -> None:
    assert cards.get("rogue").ability("ambush-and-run").gold_max == 3000


def test_prophet_looks_at_two_or_five_cards(cards: Any) -> None:
    prophet = cards.get("prophet")
    assert prophet.ability("prophecy").cards == 2
    assert prophet.ability("ancestral-knowledge").cards == 5


def test_druid_grows_two_shared_cards_and_transforms_into_three(cards: Any) -> None:
    druid = cards.get("druid")
    assert druid.ability("feral-growth").cards == 2
    assert druid.ability("totemic-transformation").cards == 3


def test_raise_dead_raises_three_folds_three(cards: Any) -> None:
    raise_dead = cards.get("undead-king").ability("raise-dead")
    assert (raise_dead.cards, raise_dead.discard) == (3, 3)


def test_gift_of_scrooge_lasts_one_stage(cards: Any) -> None:
    assert cards.get("sir-nobble").ability("gift-of-scrooge").duration == "stage"


def test_passive_abilities_cost_nothing_standard_ones_at_least_one(cards: Any) -> None:
    for card in cards.of_type("character"):
        for ability in card.abilities:
            assert (ability.cost == 0) == (ability.kind == "passive"), (card.id, ability.name)


def test_ability_effect_keys_are_unique_per_character(cards: Any) -> None:
    for card in cards.of_type("character"):
        keys = [a.effect for a in card.abilities]
        assert len(keys) == len(set(keys)), card.id


# --- appendix B: monsters ----------------------------------------------------

# name -> (cards, open cards, king, friendly)
MONSTERS = {
    "Ancient Evil": (3, 0, False, False),
    "Astral Warlock": (3, 0, False, False),
    "Baron": (3, 0, True, False),
    "Earth Elemental": (4, 4, False, False),
    "Fire Dragon": (4, 0, False, False),
    "Forlorn Giant": (3, 2, False, False),
    "Genie": (3, 0, False, False),
    "Giant": (3, 1, False, False),
    "Gnome Lunatic": (2, 0, False, False),
    "Goblin": (1, 0, False, False),
    "Goblin Hexer": (2, 0, False, False),
    "Ice Giant": (3, 0, False, False),
    "Orc": (2, 0, False, False),
    "Skeleton Warrior": (2, 1, False, False),
    "Undead Maiden": (2, 0, False, False),
    "Zombie": (2, 2, False, False),
    "Lucky Elf": (0, 0, False, True),
    "Tree of Life": (0, 0, False, True),
}


@pytest.mark.parametrize(("name", "facts"), MONSTERS.items())
def test_monster_cards_open_cards_king_friendly(
    cards: Any, name: str, facts: tuple[Any, ...]
) -> None:
    card = by_name(cards, name)
    assert card.deck == "monsters"
    assert (card.cards, card.open_cards, card.king, card.friendly) == facts


def test_monsters_usually_have_one_to_four_cards(cards: Any) -> None:
    for card in cards.of_type("monster"):
        assert 0 <= card.cards <= 4 and card.open_cards <= card.cards
        assert (card.cards == 0) == (card.friendly or card.id == "happy-the-clown"), card.id


def test_setup_sets_aside_the_golem_and_the_extra_fire_dragon(cards: Any) -> None:
    aside = {c.id for c in cards.of_type("monster") if c.set_aside}
    assert aside == {"golem", "fire-dragon-extra"}
    assert cards.get("fire-dragon-extra").name == "Fire Dragon"
    in_deck = [c for c in cards.deck("monsters") if not c.set_aside]
    assert sum(c.quantity for c in in_deck) == 22


def test_golem_plays_one_hidden_card_for_the_gnome_artificer(cards: Any) -> None:
    golem = cards.get("golem")
    assert (golem.cards, golem.open_cards, golem.owner) == (1, 0, "gnome-artificer")
    assert cards.get(golem.owner).ability("golem").kind == "passive"
    keys = {(e.when, e.effect) for e in golem.effects}
    assert keys == {
        ("present", "folds-with-owner"),
        ("present", "hidden-from-owner"),
        ("win", "winnings-to-owner"),
        ("slain", "returns-next-deal"),
    }


def test_ancient_evil_discards_hand_cards_2_to_7_at_the_showdown(cards: Any) -> None:
    effect = cards.get("ancient-evil").effect("showdown")
    assert effect.effect == "discard-hand-ranks"
    assert effect.ranks == ("2", "3", "4", "5", "6", "7")  # the ace is high and stays


def test_astral_warlock_win_moves_to_the_next_level(cards: Any) -> None:
    assert cards.get("astral-warlock").effect("win").effect == "next-level"


def test_baron_road_toll_is_one_blind_and_folders_sit_out(cards: Any) -> None:
    baron = cards.get("baron")
    toll = baron.effect("enter")
    assert (toll.effect, toll.blinds) == ("road-toll", 1)
    assert baron.effect("present").effect == "fold-sits-out"
    assert baron.king


def test_fire_dragon_brings_an_extra_treasure_for_its_slayer(cards: Any) -> None:
    for card_id in ("fire-dragon", "fire-dragon-extra"):
        slain = cards.get(card_id).effect("slain")
        assert (slain.effect, slain.amount) == ("extra-treasure", 1)


def test_genie_gives_its_slayer_one_soul_gem(cards: Any) -> None:
    slain = cards.get("genie").effect("slain")
    assert (slain.effect, slain.amount) == ("soul-gem-to-slayer", 1)


def test_gnome_lunatic_explodes_two_blinds_when_it_loses(cards: Any) -> None:
    lunatic = cards.get("gnome-lunatic")
    lose = lunatic.effect("lose")
    assert (lose.effect, lose.blinds) == ("explode-blinds", 2)
    assert lunatic.effect("showdown").effect == "explodes"


def test_goblin_win_steals_one_soul_gem_from_each_player(cards: Any) -> None:
    win = cards.get("goblin").effect("win")
    assert (win.effect, win.amount) == ("steal-soul-gem-each", 1)


def test_goblin_hexer_makes_each_player_redraw_one_random_card(cards: Any) -> None:
    enter = cards.get("goblin-hexer").effect("enter")
    assert (enter.effect, enter.amount) == ("redraw-random-each", 1)


def test_happy_the_clown_keeps_at_most_four_cards(cards: Any) -> None:
    happy = cards.get("happy-the-clown")
    assert happy.max_cards == 4 and happy.effect("enter").effect == "clown-circus"


def test_ice_giant_win_robs_one_blind_from_each_player(cards: Any) -> None:
    win = cards.get("ice-giant").effect("win")
    assert (win.effect, win.blinds) == ("rob-blind-each", 1)


def test_undead_maiden_makes_each_player_reveal_one_card(cards: Any) -> None:
    enter = cards.get("undead-maiden").effect("enter")
    assert (enter.effect, enter.amount) == ("reveal-card-each", 1)


def test_lucky_elf_gifts_one_soul_gem(cards: Any) -> None:
    enter = cards.get("lucky-elf").effect("enter")
    assert (enter.effect, enter.amount) == ("gift-soul-gem", 1)


def test_tree_of_life_friendly_gift_1000_gold(cards: Any) -> None:
    tree = cards.get("tree-of-life")
    enter = tree.effect("enter")
    assert tree.friendly and (enter.effect, enter.gold) == ("gift-gold", 1000)


def test_weak_common_monsters_come_more_often(cards: Any) -> None:
    copies = {c.id: c.quantity for c in cards.deck("monsters")}
    strongest = max(copies[m] for m in ("fire-dragon", "ancient-evil", "earth-elemental"))
    assert copies["goblin"] > strongest and copies["orc"] > strongest
    assert max(copies.values()) == copies["goblin"]


def test_monster_effect_needs_its_parameter() -> None:
    with pytest.raises(ValueError, match="needs 'ranks'"):
        dp.MonsterEffect(when="showdown", effect="discard-hand-ranks")


def test_friendly_monster_cannot_be_a_king() -> None:
    with pytest.raises(ValueError, match="friendly"):
        dp.MonsterCard(id="x", name="X", deck="monsters", cards=0, friendly=True, king=True)


# --- appendix C: treasures ---------------------------------------------------

# name -> (class, salvage, one use)
TREASURES = {
    "Chest Monster": ("sudden", 0, False),
    "Pit Trap": ("sudden", 0, False),
    "Soul Cave": ("sudden", 0, False),
    "Teleport Trap": ("sudden", 0, False),
    "Empty Chest": ("minor", 0, False),
    "Big Pile of Gold": ("minor", 0, True),
    "Elixir of Might": ("minor", 0, True),
    "Explosive Potion": ("minor", 0, True),
    "Crystal Dagger": ("minor", 0, True),
    "Giant's Blood": ("minor", 0, True),
    "Rune of Acid": ("minor", 0, True),
    "Scroll of Teleport": ("minor", 0, True),
    "Soul Chest": ("minor", 0, True),
    "Summon Monster Scroll": ("minor", 0, True),
    "Treant's Roots": ("minor", 0, True),
    "Treasure Map": ("minor", 0, True),
    "Wild Berries": ("minor", 0, True),
    "Antimagic Cage": ("artifact", 0, True),
    "Light of Truth": ("artifact", 0, True),
    "Owl of Fortune": ("artifact", 0, True),
    "Royal Chest": ("artifact", 0, True),
    "Full Plate": ("major", 500, False),
    "Spyglass": ("major", 500, False),
    "Undeath Amulet": ("major", 500, True),
    "Amulet of Luck": ("legendary", 1000, False),
    "Sword of Power": ("legendary", 1000, False),
    "Demon's Bargain": ("artifact", 0, True),
    "Mushroooms": ("minor", 0, True),
}


@pytest.mark.parametrize(("name", "facts"), TREASURES.items())
def test_treasure_class_salvage_and_one_use(cards: Any, name: str, facts: tuple[Any, ...]) -> None:
    card = by_name(cards, name)
    assert (card.treasure_class, card.salvage, card.one_use) == facts


def test_treasure_deck_is_appendix_c(cards: Any) -> None:
    assert {c.name for c in cards.deck("treasures")} == set(TREASURES) - {
        "Demon's Bargain",
        "Mushroooms",
    }


def test_salvage_prices_legendary_1000_major_500_others_0(cards: Any) -> None:
    for card in cards.of_type("treasure"):
        assert card.salvage == dp.DEFAULT_SALVAGE[card.treasure_class], card.id


@pytest.mark.parametrize(
    ("card_id", "gold", "gems"),
    [
        ("big-pile-of-gold", 1000, 0),
        ("soul-chest", 0, 1),
        ("royal-chest", 1500, 0),
    ],
)
def test_gold_and_soul_gem_treasures_cash_values(
    cards: Any, card_id: str, gold: int, gems: int
) -> None:
    card = cards.get(card_id)
    assert card.effect == "cash" and (card.cash.gold, card.cash.soul_gems) == (gold, gems)


def test_only_the_three_chests_of_gold_and_gems_can_be_cashed(cards: Any) -> None:
    cashable = {c.id for c in cards.of_type("treasure") if c.cash is not None}
    assert cashable == {"big-pile-of-gold", "soul-chest", "royal-chest"}


def test_sudden_effects_resolve_at_once(cards: Any) -> None:
    sudden = {c.id for c in cards.of_type("treasure") if c.treasure_class == "sudden"}
    assert sudden == {"chest-monster", "pit-trap", "soul-cave", "teleport-trap"}
    for card_id in sudden:
        assert cards.get(card_id).activation == "sudden"


def test_sudden_effects_are_relatively_rare(cards: Any) -> None:
    sudden = sum(c.quantity for c in cards.deck("treasures") if c.treasure_class == "sudden")
    traps = sum(cards.get(t).quantity for t in ("chest-monster", "pit-trap", "teleport-trap"))
    assert sudden <= 55 // 10 and traps <= 3


def test_plain_treasures_are_the_most_common(cards: Any) -> None:
    copies = sorted(cards.deck("treasures"), key=lambda c: -c.quantity)
    assert [c.id for c in copies[:2]] == ["empty-chest", "big-pile-of-gold"]
    for card in cards.deck("treasures"):
        if card.treasure_class in ("major", "legendary"):
            assert card.quantity == 1, card.id


def test_chest_monster_eats_three_blinds(cards: Any) -> None:
    assert cards.get("chest-monster").blinds == 3


def test_soul_cave_gives_two_soul_gems(cards: Any) -> None:
    assert cards.get("soul-cave").soul_gems == 2


def test_teleport_trap_and_scroll_end_the_level(cards: Any) -> None:
    assert cards.get("teleport-trap").effect == cards.get("scroll-of-teleport").effect == "teleport"


def test_full_plate_is_at_least_a_pair_of_eights(cards: Any) -> None:
    plate = cards.get("full-plate")
    assert (plate.effect, plate.min_pair, plate.activation) == ("full-plate", "8", "passive")


def test_spyglass_costs_100_gold_and_stays(cards: Any) -> None:
    glass = cards.get("spyglass")
    assert (glass.gold, glass.one_use, glass.activation) == (100, False, "special-action")


def test_undeath_amulet_returns_with_three_blinds(cards: Any) -> None:
    amulet = cards.get("undeath-amulet")
    assert (amulet.blinds, amulet.activation) == (3, "automatic")


def test_explosive_potion_destroys_1000_gold(cards: Any) -> None:
    assert cards.get("explosive-potion").gold == 1000


@pytest.mark.parametrize(
    ("card_id", "effect", "params"),
    [
        ("elixir-of-might", "draw-then-discard", {"draw": 2, "discard": 2}),
        ("sword-of-power", "draw-then-discard", {"draw": 1, "discard": 1}),
        ("giants-blood", "draw-then-reveal", {"draw": 1, "reveal": 1}),
        ("treants-roots", "draw-then-reveal", {"draw": 2, "reveal": 3}),
        ("wild-berries", "discard-then-draw", {"discard": 1, "draw": 1}),
        ("owl-of-fortune", "replace-hand", {"draw": 3}),
        ("amulet-of-luck", "replace-hand", {"draw": None}),
        ("treasure-map", "peek-shuffle-top", {"look": 5}),
        ("light-of-truth", "reveal-each-other", {"reveal": 1}),
        ("crystal-dagger", "crystal-dagger", {}),
        ("summon-monster-scroll", "summon-monster", {}),
        ("rune-of-acid", "destroy-artifact", {}),
        ("antimagic-cage", "antimagic", {}),
        ("empty-chest", "empty-chest", {}),
        ("pit-trap", "pit-trap", {}),
        ("demons-bargain", "demons-bargain", {"gold": 1500, "soul_gems": 1}),
        ("mushroooms", "mushroooms", {"deals": 2, "draw": 1}),
    ],
)
def test_treasure_effects_and_numbers(
    cards: Any, card_id: str, effect: str, params: dict[str, Any]
) -> None:
    card = cards.get(card_id)
    assert card.effect == effect
    for key, value in params.items():
        assert getattr(card, key) == value, key


@pytest.mark.parametrize("card_id", ["amulet-of-luck", "sword-of-power"])
def test_legendary_artifacts_work_once_a_deal_at_the_preflop(cards: Any, card_id: str) -> None:
    assert set(cards.get(card_id).limits) == {"preflop-only", "once-per-deal"}


def test_treants_roots_only_at_the_preflop(cards: Any) -> None:
    assert cards.get("treants-roots").limits == ("preflop-only",)


def test_sudden_treasure_with_salvage_is_rejected() -> None:
    with pytest.raises(ValueError, match="salvage must be 0"):
        dp.TreasureCard(
            id="x",
            name="X",
            deck="treasures",
            treasure_class="sudden",
            salvage=100,
            activation="sudden",
            effect="pit-trap",
        )


# --- levels and skulls -------------------------------------------------------

LEVELS = [
    (100, 0),
    (200, 0),
    (300, 0),
    (500, 1),
    (600, 0),
    (700, 0),
    (800, 1),
    (900, 0),
    (1000, 0),
    (1500, 1),
]


def test_blind_bet_levels_and_their_soul_gems(cards: Any) -> None:
    levels = sorted(cards.deck("levels"), key=lambda c: c.order)
    assert [(c.blind, c.soul_gems) for c in levels] == LEVELS
    assert [c.order for c in levels] == list(range(1, 11))


def test_level_4_blind_500_plus_one_soul_gem(cards: Any) -> None:
    level = next(c for c in cards.deck("levels") if c.order == 4)
    assert (level.blind, level.soul_gems) == (500, 1)


def test_extra_level_card_slows_the_blinds(cards: Any) -> None:
    extra = cards.get("level-400")
    assert extra.extra and extra.kind == "level"
    standard = {c.blind for c in cards.deck("levels")}
    assert extra.blind not in standard
    # added to the deck, it sits where its order says once levels are sorted by blind
    merged = sorted([*cards.deck("levels"), extra], key=lambda c: c.blind)
    assert merged.index(extra) + 1 == extra.order


def test_skull_cards_add_5000_gold_and_three_end_the_game(cards: Any) -> None:
    [skull] = cards.deck("skulls")
    assert (skull.quantity, skull.extra_gold_to_win, skull.out_at) == (8, 5000, 3)


# --- appendix D and E: encounters -------------------------------------------

ENCOUNTERS = [
    "Anti-magic zone",
    "Armory",
    "Coward's debt",
    "Dense fog",
    "Dragon age",
    "Eastern bazaar",
    "High magic",
    "King's cave",
    "Long night",
    "Low magic",
    "Mystical storm",
    "Normal times",
    "Open funeral",
    "Paranoia",
    "Plague",
    "Plentiful harvest",
    "Reckless charge",
    "Time of justice",
    "Trench warfare",
    "Treasure ship",
    "True seeing",
    "Utter Horror",
]


def test_the_encounter_list(cards: Any) -> None:
    deck = cards.deck("encounters")
    assert [c.name for c in deck] == ENCOUNTERS
    assert all(c.quantity == 1 for c in deck)


# id -> the rules keys that differ from the normal game
ENCOUNTER_RULES: dict[str, dict[str, Any]] = {
    "anti-magic-zone": {"no_abilities": True, "no_passives": True, "no_artifacts": True},
    "armory": {"hand_cards": 3, "dealt_open": 1},
    "cowards-debt": {"fold_penalty": 200},
    "dense-fog": {"dealt_unseen": 1, "peek_penalty": 500},
    "dragon-age": {"deal_monster": "fire-dragon-extra"},
    "eastern-bazaar": {"buy_card_price": 200},
    "high-magic": {"bonus_soul_gems": 2},
    "kings-cave": {"treasures_per_win": 2, "showdown_monster": {"king": True, "extra_cards": 1}},
    "long-night": {
        "hand_cards": 1,
        "no_abilities": True,
        "no_passives": True,
        "no_artifacts": True,
    },
    "low-magic": {"ability_cost_delta": 1},
    "mystical-storm": {"hand_cards": 4, "use_exactly": 2},
    "normal-times": {},
    "open-funeral": {"open_graveyard": True},
    "paranoia": {"shuffle_hands": True, "min_players": 3},
    "plague": {"use_at_most": 1},
    "plentiful-harvest": {"hand_cards": 3},
    "reckless-charge": {"no_check": True},
    "time-of-justice": {"keep_open": 1},
    "trench-warfare": {"max_raise_blinds": 1, "banned_abilities": ["barbarian-rage"]},
    "treasure-ship": {"pot_bonus_blinds": 1},
    "true-seeing": {"open_top_cards": ["treasures", "monsters", "main"]},
    "utter-horror": {"lowball": True, "ace_low": True, "showdown_hand_size": 5},
    "two-front-war": {"boards": 2},  # one treasure per board won
    "war-mongering": {"extra_monster_cards": 1, "king_monsters": True},
    "blood-moon": {"monster_extra_cards": 1},
    "forked-path": {"hand_cards": 3, "discard_before_flop": 1},
}


@pytest.mark.parametrize(("card_id", "changed"), ENCOUNTER_RULES.items())
def test_encounter_rules(cards: Any, card_id: str, changed: dict[str, Any]) -> None:
    """Dumps (and so ``cards show --json``) list only what the encounter changes."""
    assert cards.get(card_id).rules.model_dump(mode="json") == changed


def test_dragon_age_brings_the_set_aside_king_fire_dragon(cards: Any) -> None:
    dragon = cards.get(cards.get("dragon-age").rules.deal_monster)
    assert dragon.set_aside and dragon.king and dragon.name == "Fire Dragon"


def test_trench_warfare_bans_an_ability_that_exists(cards: Any) -> None:
    [banned] = cards.get("trench-warfare").rules.banned_abilities
    assert cards.get("barbarian").ability(banned).name == "Barbarian rage"


def test_war_mongering_uses_the_extra_monster_card(cards: Any) -> None:
    assert cards.get("monster-card-extra").kind == "monster-marker"
    assert cards.get("war-mongering").rules.extra_monster_cards == 1


def test_fey_and_dwarf_extra_characters(cards: Any) -> None:
    fey = cards.get("fey-teratologist")
    assert fey.ability("beast-mastery").kind == "passive"
    assert fey.ability("summon-beast").cost == 1
    stand = cards.get("dwarven-stalwart").ability("stubborn-stand")
    assert (stand.cost, stand.cards) == (1, 1)


def test_setup_dealer_and_first_dealer_cards(cards: Any) -> None:
    roles = {c.role for c in cards.of_type("dealer")}
    assert roles == {"dealer", "first-dealer"}


# --- vocabularies and documentation -------------------------------------------


@pytest.mark.parametrize("name", dp.VOCABULARIES)
def test_every_vocabulary_key_is_described(name: str) -> None:
    literal, described = dp.VOCABULARIES[name]
    assert list(get_args(literal)) == list(described)
    assert all(text.strip() for text in described.values())


def test_every_effect_parameter_table_names_known_keys() -> None:
    assert set(dp.MONSTER_EFFECT_PARAMS) <= set(dp.MONSTER_EFFECTS)
    assert set(dp.TREASURE_EFFECT_PARAMS) <= set(dp.TREASURE_EFFECTS)


def test_docs_describe_every_key_and_field() -> None:
    text = DOCS.read_text(encoding="utf-8")
    for _, described in dp.VOCABULARIES.values():
        for key in described:
            assert f"`{key}`" in text, key
    for model in (
        dp.CharacterCard,
        dp.Ability,
        dp.MonsterCard,
        dp.MonsterEffect,
        dp.EncounterRules,
        dp.TreasureCard,
        dp.LevelCard,
        dp.SkullCard,
        dp.DealerCard,
        dp.ReferenceCard,
    ):
        for field in model.model_fields:
            assert f"`{field}`" in text, f"{model.__name__}.{field}"


def test_every_effect_key_is_used_by_some_card(cards: Any) -> None:
    """A key no card uses is dead vocabulary; keep the lists honest."""
    used: set[str] = set()
    for card in cards:
        used.update(a.effect for a in getattr(card, "abilities", ()))
        used.update(e.effect for e in getattr(card, "effects", ()))
        if card.kind == "treasure":
            used.add(card.effect)
    for name in ("ability effects", "monster effects", "treasure effects"):
        assert set(dp.vocabulary(name)) <= used, name


# --- broken data is caught ------------------------------------------------------


@pytest.fixture
def game_copy(tmp_path: Path) -> Path:
    shutil.copytree(cards_dir() / GAME, tmp_path / GAME)
    return tmp_path


def _break(path: Path, old: str, new: str) -> list[str]:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return validate_dir(path.parent.parent)[1]


def test_a_typo_in_an_effect_key_names_file_card_and_field(game_copy: Path) -> None:
    [problem] = _break(
        game_copy / GAME / "monsters.yaml", "effect: steal-soul-gem-each", "effect: steal-soulgem"
    )
    assert re.search(
        r"monsters\.yaml: card 'Goblin': effects\.0\.effect: must be one of .*'steal-soulgem'",
        problem,
    )


def test_a_typo_in_a_limit_is_caught(game_copy: Path) -> None:
    [problem] = _break(
        game_copy / GAME / "characters.yaml",
        "[once-per-deal, not-at-river]",
        "[once-a-deal, not-at-river]",
    )
    assert "card 'Barbarian': abilities.0.limits.0: must be one of" in problem


def test_negative_salvage_is_caught(game_copy: Path) -> None:
    [problem] = _break(game_copy / GAME / "treasures.yaml", "salvage: 500", "salvage: -500")
    assert problem.endswith("card 'Full Plate': salvage: must be ≥ 0 (got -500)")


def test_a_missing_effect_parameter_is_caught(game_copy: Path) -> None:
    [problem] = _break(game_copy / GAME / "monsters.yaml", "        gold: 1000\n", "")
    assert "card 'Tree of Life': effects.0: effect 'gift-gold' needs 'gold'" in problem


def test_a_card_in_the_wrong_deck_is_caught(game_copy: Path) -> None:
    path = game_copy / GAME / "levels.yaml"
    path.write_text(
        path.read_text()
        + "  - {type: skull, id: stray-skull, name: Stray, extra_gold_to_win: 5000, out_at: 3, text: x}\n"
    )
    [problem] = validate_dir(game_copy)[1]
    assert "card 'Stray': type: 'skull' does not belong in deck 'levels'" in problem


# --- helpers built on the data ---------------------------------------------------


def test_low_magic_makes_two_gem_abilities_cost_three(cards: Any) -> None:
    """The rulebook's worked example for Low magic; passive abilities stay free."""
    low_magic = cards.get("low-magic").rules
    assert dp.effective_cost(cards.get("cave-troll").ability("giant-club"), low_magic) == 3
    assert dp.effective_cost(cards.get("fighter").ability("melee-mastery"), low_magic) == 2
    assert dp.effective_cost(cards.get("cave-troll").ability("regeneration"), low_magic) == 0


def test_trench_warfare_forbids_barbarian_rage_only(cards: Any) -> None:
    trench = cards.get("trench-warfare").rules
    assert dp.effective_cost(cards.get("barbarian").ability("barbarian-rage"), trench) is None
    assert dp.effective_cost(cards.get("witch").ability("witch-curse"), trench) == 1


@pytest.mark.parametrize("encounter", ["anti-magic-zone", "long-night"])
def test_no_abilities_encounters_switch_off_the_golem_too(cards: Any, encounter: str) -> None:
    rules = cards.get(encounter).rules
    artificer = cards.get("gnome-artificer")
    assert dp.effective_cost(artificer.ability("golem"), rules) is None
    assert dp.effective_cost(artificer.ability("tinkery"), rules) is None


def test_level_ladder_with_the_extra_level(cards: Any) -> None:
    standard = dp.level_ladder(cards.deck("levels"))
    assert [c.blind for c in standard] == [b for b, _ in LEVELS]
    slower = dp.level_ladder(cards.of_type("level"), extra=True)
    assert [c.blind for c in slower][:5] == [100, 200, 300, 400, 500]
    assert len(slower) == 11


def test_monster_deck_at_setup_leaves_out_the_set_aside_cards(cards: Any) -> None:
    deck = dp.monster_deck(cards.of_type("monster"))
    assert "golem" not in {m.id for m in deck} and "fire-dragon-extra" not in {m.id for m in deck}
    assert sum(m.quantity for m in deck if m.deck == "monsters") == 22


def test_demons_bargain_brings_a_king_with_one_extra_card(cards: Any) -> None:
    bargain = cards.get("demons-bargain")
    assert bargain.monster is not None
    assert (bargain.monster.king, bargain.monster.extra_cards) == (True, 1)
