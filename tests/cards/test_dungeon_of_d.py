"""Dungeon of D card data: the 94 cards and every fact the rulebook gives about them."""

from __future__ import annotations

import shutil
from collections import Counter, defaultdict
from itertools import product
from pathlib import Path

import pytest

from companion.cards import load_game, validate_dir
from companion.cards.dungeon_of_d import (
    PART_EFFECTS,
    SKILL_EFFECTS,
    DodPart,
    DodPowerCard,
    plus_value,
)
from companion.paths import cards_dir
from tests.conftest import invoke


@pytest.fixture(scope="module")
def dod():  # type: ignore[no-untyped-def]
    return load_game("dungeon-of-d")


def _power_cards(dod) -> list[DodPowerCard]:  # type: ignore[no-untyped-def]
    return list(dod.deck("power"))


def _monster(dod, name: str):  # type: ignore[no-untyped-def]
    found = [(card.slot, m) for card in dod.deck("monsters") for m in card.levels if m.name == name]
    assert found, f"no monster called {name}"
    return found[0]


def _room(dod, room_id: str):  # type: ignore[no-untyped-def]
    return dod.get(room_id)


# ---- totals -------------------------------------------------------------


def test_the_game_has_94_cards(dod) -> None:  # type: ignore[no-untyped-def]
    assert dod.total() == 94


@pytest.mark.parametrize(
    "deck, total",
    [
        ("power", 40),
        ("rooms", 19),
        ("characters", 18),
        ("monsters", 4),
        ("upgrade", 3),
        ("gold", 2),
        ("singles", 8),
    ],
)
def test_deck_totals_match_the_rulebook(dod, deck: str, total: int) -> None:  # type: ignore[no-untyped-def]
    assert dod.total(deck) == total
    assert dod.game.deck(deck).expected_total == total


def test_cards_list_json_reports_the_totals() -> None:
    rows = invoke("cards", "list", "dungeon-of-d", "--json").json()
    assert sum(r["quantity"] for r in rows) == 94
    assert Counter(r["deck"] for r in rows)["power"] == 40


def test_single_cards_are_the_ones_the_rulebook_lists(dod) -> None:  # type: ignore[no-untyped-def]
    names = {c.name for c in dod.deck("singles")}
    assert {"Poisoned!", "Amulet of D'eugor", "Fruits", "Arrows", "Level", "Ending"} <= names
    assert sum(1 for c in dod.deck("singles") if c.name.startswith("Rules reminder")) == 2


# ---- power cards --------------------------------------------------------


def test_power_cards_are_four_types_times_five_powers_times_two_sets(dod) -> None:  # type: ignore[no-untyped-def]
    seen = Counter((c.power_type, c.power) for c in _power_cards(dod))
    assert seen == Counter(dict.fromkeys(product(("STR", "INT", "AGL", "MOV"), range(1, 6)), 2))
    assert {(c.power_type, c.power, c.set_number) for c in _power_cards(dod)} == set(
        product(("STR", "INT", "AGL", "MOV"), range(1, 6), (1, 2))
    )


def test_every_power_card_names_a_monster_slot_and_three_parts(dod) -> None:  # type: ignore[no-untyped-def]
    for card in _power_cards(dod):
        assert 1 <= card.monster <= 4
        assert isinstance(card.item, DodPart) and isinstance(card.special_item, DodPart)
        assert isinstance(card.potion, DodPart)
    slots = Counter(c.monster for c in _power_cards(dod))
    assert set(slots) == {1, 2, 3, 4}


def test_a_part_id_means_the_same_part_on_every_card(dod) -> None:  # type: ignore[no-untyped-def]
    by_id: dict[str, set[str]] = defaultdict(set)
    for card in _power_cards(dod):
        for part in card.parts():
            by_id[part.id].add(part.model_dump_json())
    assert all(len(versions) == 1 for versions in by_id.values()), [
        k for k, v in by_id.items() if len(v) > 1
    ]


def test_a_part_is_only_ever_one_kind(dod) -> None:  # type: ignore[no-untyped-def]
    kinds: dict[str, set[str]] = defaultdict(set)
    for card in _power_cards(dod):
        kinds[card.item.id].add("item")
        kinds[card.special_item.id].add("special")
        kinds[card.potion.id].add("potion")
    assert all(len(k) == 1 for k in kinds.values())


def test_the_move_example_2_mov_card_meets_the_orc_on_level_1(dod) -> None:  # type: ignore[no-untyped-def]
    # 5.3 example: a 2 MOV card played on level 1 leads to an Orc.
    orc_slot, orc = _monster(dod, "Orc")
    assert orc.level == 1
    assert all(
        c.monster == orc_slot for c in _power_cards(dod) if (c.power_type, c.power) == ("MOV", 2)
    )


# ---- items, special items, potions --------------------------------------


def _parts(dod, kind: str) -> dict[str, DodPart]:  # type: ignore[no-untyped-def]
    attr = {"item": "item", "special": "special_item", "potion": "potion"}[kind]
    return {getattr(c, attr).id: getattr(c, attr) for c in _power_cards(dod)}


def test_items_named_by_the_rulebook_exist(dod) -> None:  # type: ignore[no-untyped-def]
    names = {p.name for p in _parts(dod, "item").values()}
    for name in (
        "Lantern",
        "Rope",
        "Dagger",
        "Arrows",
        "Magic Arrow",
        "Vampiric Arrow",
        "Spelunker's Glasses",
        "Elf Boots",
        "Purple Leaf",
    ):
        assert name in names


def test_special_items_named_by_the_rulebook_exist(dod) -> None:  # type: ignore[no-untyped-def]
    names = {p.name for p in _parts(dod, "special").values()}
    assert {"Holy Water", "Silver Necklace"} <= names
    assert any(p.unique for p in _parts(dod, "special").values())


def test_potions_named_by_the_rulebook_exist(dod) -> None:  # type: ignore[no-untyped-def]
    names = {p.name for p in _parts(dod, "potion").values()}
    assert {
        "Potion of Stamina",
        "Potion of Teleport",
        "Potion of Perfume",
        "Drop of Honey",
    } <= names


def test_every_potion_is_worth_10_like_the_unidentified_ones_of_the_scoring_example(dod) -> None:  # type: ignore[no-untyped-def]
    assert {p.stars for p in _parts(dod, "potion").values()} == {10}


def test_a_fruit_is_worth_10(dod) -> None:  # type: ignore[no-untyped-def]
    assert dod.get("fruits").stars == 10 and dod.get("fruits").max == 4
    assert dod.get("arrows").max == 4


def test_holy_water_defeats_on_a_wrong_guess_and_the_necklace_stops_regeneration(dod) -> None:  # type: ignore[no-untyped-def]
    specials = _parts(dod, "special")
    assert specials["holy-water"].effect == "holy-water"
    assert specials["silver-necklace"].effect == "cancel-regenerate"


def test_teleport_potion_goes_to_the_hidden_door(dod) -> None:  # type: ignore[no-untyped-def]
    assert _parts(dod, "potion")["potion-of-teleport"].room == "hidden-door"
    assert dod.get("hidden-door").type == "room"


def test_purple_leaf_card_says_it_is_used_any_time(dod) -> None:  # type: ignore[no-untyped-def]
    """FAQ Q6+: the Purple Leaf can be used any time, not only where a potion could be
    drunk (the rulebook's Appendix D prints this text)."""
    items = _parts(dod, "item")
    assert items["purple-leaf"].text.startswith("Any time:")
    assert "drink" not in items["purple-leaf"].text


def test_elf_boots_are_not_used_up_and_purple_leaf_is(dod) -> None:  # type: ignore[no-untyped-def]
    items = _parts(dod, "item")
    assert not items["elf-boots"].one_use  # FAQ Q4
    assert items["purple-leaf"].one_use  # FAQ Q6+: using it frees its slot


def test_every_effect_key_is_in_the_vocabulary(dod) -> None:  # type: ignore[no-untyped-def]
    for card in _power_cards(dod):
        for part in card.parts():
            assert part.effect in PART_EFFECTS
    for card in dod.deck("characters"):
        assert card.skill.effect in SKILL_EFFECTS


# ---- characters ---------------------------------------------------------


def test_skills_named_by_the_rulebook_belong_to_their_characters(dod) -> None:  # type: ignore[no-untyped-def]
    expected = {
        "Wrestler": "Grapple",
        "Dwarf": "Weapon Master",
        "Gladiator": "Struggle",
        "Hobbit": "Determination",
        "Ranger": "Recycle",
    }
    for character, skill in expected.items():
        [card] = dod.by_name(character)
        assert card.skill.name == skill


def test_every_character_has_its_own_skill(dod) -> None:  # type: ignore[no-untyped-def]
    skills = [c.skill.id for c in dod.deck("characters")]
    assert len(skills) == 18 == len(set(skills))


# ---- monsters and levels -------------------------------------------------


def test_four_monster_cards_one_per_slot_with_eight_levels(dod) -> None:  # type: ignore[no-untyped-def]
    assert sorted(c.slot for c in dod.deck("monsters")) == [1, 2, 3, 4]
    assert all(len(c.levels) == 8 for c in dod.deck("monsters"))


def test_skeleton_has_str_7_int_3_agl_3_and_regenerates(dod) -> None:  # type: ignore[no-untyped-def]
    _, skeleton = _monster(dod, "Skeleton")
    assert (skeleton.STR, skeleton.INT, skeleton.AGL, skeleton.abilities) == (
        7,
        3,
        3,
        ("regenerate",),
    )


def test_giant_bat_has_str_6(dod) -> None:  # type: ignore[no-untyped-def]
    assert _monster(dod, "Giant Bat")[1].STR == 6


def test_ice_devil_steals_and_vampire_curses_on_level_7(dod) -> None:  # type: ignore[no-untyped-def]
    assert _monster(dod, "Ice Devil")[1].abilities == ("steal",)
    _, vampire = _monster(dod, "Vampire")
    assert ("curse" in vampire.abilities, vampire.level) == (True, 7)


def test_the_vampire_regenerates_since_holy_water_on_it_is_followed_by_a_regenerate_check(
    dod,
) -> None:  # type: ignore[no-untyped-def]
    assert "regenerate" in _monster(dod, "Vampire")[1].abilities


def test_the_wright_exists(dod) -> None:  # type: ignore[no-untyped-def]
    assert _monster(dod, "Wright")


def test_ice_dragon_is_monster_4_of_level_8_with_9_gold_and_regenerate(dod) -> None:  # type: ignore[no-untyped-def]
    slot, dragon = _monster(dod, "Ice Dragon")
    assert (slot, dragon.level, dragon.gold, dragon.abilities) == (4, 8, 9, ("regenerate",))


def test_every_ability_appears_on_some_monster(dod) -> None:  # type: ignore[no-untyped-def]
    abilities = {a for c in dod.deck("monsters") for m in c.levels for a in m.abilities}
    assert {"flying", "smart", "regenerate", "poison", "steal", "curse"} <= abilities


def test_level_3_has_2_skulls_and_level_7_has_4(dod) -> None:  # type: ignore[no-untyped-def]
    skulls = dod.get("level").skulls
    assert (skulls[2], skulls[6]) == (2, 4)
    assert list(skulls) == sorted(skulls)


# ---- upgrades, gold -----------------------------------------------------


def test_upgrading_str_2_to_3_costs_18_and_3_to_4_costs_27(dod) -> None:  # type: ignore[no-untyped-def]
    upgrade = dod.get("upgrade-str")
    assert (upgrade.price_to(3), upgrade.price_to(4)) == (18, 27)
    assert sorted(c.stat for c in dod.deck("upgrade")) == ["AGL", "INT", "STR"]


def test_two_gold_cards_count_to_79(dod) -> None:  # type: ignore[no-untyped-def]
    tens, units = dod.get("gold-tens"), dod.get("gold-units")
    assert tens.max * 10 + units.max == 79


# ---- rooms --------------------------------------------------------------

ROOMS_NAMED = [
    "Peculiar Shop",
    "Mystic Portal",
    "Dark Storeroom",
    "Guardian Monster",
    "Steep Chasm",
    "Boulder Trap",
    "Large Chest",
    "Hidden Door",
    "Storage Room",
    "Pit of Darkness",
]


@pytest.mark.parametrize("name", ROOMS_NAMED)
def test_rooms_named_by_the_rulebook_exist(dod, name: str) -> None:  # type: ignore[no-untyped-def]
    assert dod.by_name(name)


def test_only_the_pit_is_special_and_only_the_portal_is_a_portal(dod) -> None:  # type: ignore[no-untyped-def]
    rooms = list(dod.deck("rooms"))
    assert [r.id for r in rooms if r.special] == ["pit-of-darkness"]
    assert [r.id for r in rooms if r.portal] == ["mystic-portal"]


def test_peculiar_shop_sells_a_potion_for_1_plus(dod) -> None:  # type: ignore[no-untyped-def]
    shop = _room(dod, "peculiar-shop")
    [buy] = [a for a in shop.actions if a.steps[0].do == "get-potion"]
    assert buy.price == "1+"
    assert plus_value(buy.price, dod.get("level").skulls[2]) == 3  # 3.7 example: level 3 costs 3


@pytest.mark.parametrize(
    "room_id",
    ["mystic-portal", "dark-storeroom", "guardian-monster", "steep-chasm", "boulder-trap"],
)
def test_rooms_the_rulebook_says_have_level_gated_actions(dod, room_id: str) -> None:  # type: ignore[no-untyped-def]
    assert any(a.gate for a in _room(dod, room_id).actions)


def test_level_gates_are_written_as_the_rulebook_prints_them(dod) -> None:  # type: ignore[no-untyped-def]
    """5.2 prints (A ≥ 3), (A ≥ 5) and (A < 8): the card text says its gate in that notation
    (one notation on the cards, in the book and on the screen)."""
    from companion.printing.rulebook_rulings import gate_symbol

    gated = [a for room in dod.deck("rooms") for a in room.actions if a.gate]
    assert len(gated) >= 5
    for action in gated:
        assert action.text.startswith(gate_symbol(action.gate)), action.text
    assert not any(">=" in a.text for room in dod.deck("rooms") for a in room.actions)


@pytest.mark.parametrize("room_id", ["steep-chasm", "large-chest", "pit-of-darkness"])
def test_rooms_the_rulebook_says_have_continuous_actions(dod, room_id: str) -> None:  # type: ignore[no-untyped-def]
    assert any(len(a.steps) > 1 for a in _room(dod, room_id).actions)


def test_pit_of_darkness_tests_int_12_then_agl_12_then_the_ice_dragon(dod) -> None:  # type: ignore[no-untyped-def]
    # Rulebook 5.2's example: a 12 INT test, then a 12 AGL test (tried again after a loss),
    # then the Ice Dragon. A rulebook fact: balance is tuned elsewhere, never here.
    [enter] = _room(dod, "pit-of-darkness").actions
    first, second, third = enter.steps
    assert (first.do, first.stat, first.difficulty) == ("test", "INT", "12")
    assert (second.do, second.stat, second.difficulty) == ("test", "AGL", "12")
    assert (third.do, third.monster) == ("combat", 4)
    assert next(s.do for s in third.win) == "get-amulet"


def test_large_chest_is_an_int_7_plus_test_then_a_check1(dod) -> None:  # type: ignore[no-untyped-def]
    [open_] = _room(dod, "large-chest").actions
    assert (open_.steps[0].stat, open_.steps[0].difficulty) == ("INT", "7+")
    check = open_.steps[1]
    assert check.do == "check" and [s.do for s in check.results[0].then] == ["get-item"]
    assert 1 in check.results[0].roll


def test_steep_chasm_needs_a_rope_and_climbs_6_plus_then_4_plus(dod) -> None:  # type: ignore[no-untyped-def]
    high = next(a for a in _room(dod, "steep-chasm").actions if a.gate == ">=5")
    assert high.requires == ("rope",)
    assert (high.steps[0].difficulty, high.steps[1].difficulty) == ("6+", "4+")
    assert [s.do for s in high.steps[0].win] == ["get-special-item", "gain-gold"]


def test_guardian_monster_fights_monster_4_on_level_8_for_a_special_item(dod) -> None:  # type: ignore[no-untyped-def]
    usable = [a for a in _room(dod, "guardian-monster").actions if 8 in a.levels]
    assert [a.steps[0].monster for a in usable] == [4]
    assert usable[0].steps[0].win[0].do == "get-special-item"


def test_storage_room_sends_you_away_without_a_lantern(dod) -> None:  # type: ignore[no-untyped-def]
    auto = [a for a in _room(dod, "storage-room").actions if a.automatic]
    assert auto and auto[0].steps[0].do == "must-move" and auto[0].steps[0].unless == "lantern"


def test_mystic_portal_descends_below_8_and_escapes_from_5(dod) -> None:  # type: ignore[no-untyped-def]
    # The escape's gate is designed; (A ≥ 5) was tuned with the simulator (docs/dungeon-of-d.md).
    actions = {
        a.steps[0].do if a.steps[0].do != "test" else a.steps[0].win[0].do: a
        for a in _room(dod, "mystic-portal").actions
    }
    assert actions["descend"].gate == "<8"
    assert actions["escape"].gate == ">=5"


def test_room_requirements_name_real_items(dod) -> None:  # type: ignore[no-untyped-def]
    items = set(_parts(dod, "item"))
    for room in dod.deck("rooms"):
        for action in room.actions:
            assert set(action.requires) <= items


# ---- designed content is marked ------------------------------------------


def test_every_designed_value_is_marked_with_a_reason(dod) -> None:  # type: ignore[no-untyped-def]
    for card in dod:
        if card.designed:
            assert card.designed_reason
    for card in _power_cards(dod):
        assert card.designed
        for part in card.parts():
            assert part.designed and part.designed_reason
    for card in dod.deck("characters"):
        assert card.skill.designed and card.skill.designed_reason
    for card in dod.deck("monsters"):
        assert card.designed


# ---- broken files are reported -------------------------------------------


def test_a_check_table_must_cover_1_to_5(tmp_path: Path) -> None:
    shutil.copytree(cards_dir() / "dungeon-of-d", tmp_path / "dungeon-of-d")
    path = tmp_path / "dungeon-of-d" / "rooms.yaml"
    path.write_text(
        path.read_text().replace(
            "{roll: [5], then: [{do: get-special-item}]}", "{roll: [4], then: []}"
        )
    )
    _, problems = validate_dir(tmp_path)
    assert len(problems) == 1
    assert "card 'Large Chest'" in problems[0] and "check results must cover 1-5" in problems[0]


def test_an_unknown_effect_key_names_the_card(tmp_path: Path) -> None:
    shutil.copytree(cards_dir() / "dungeon-of-d", tmp_path / "dungeon-of-d")
    path = tmp_path / "dungeon-of-d" / "characters.yaml"
    path.write_text(path.read_text().replace("effect: wary", "effect: teleport-home"))
    _, problems = validate_dir(tmp_path)
    assert len(problems) == 1 and "card 'Scout': skill.effect: must be one of" in problems[0]
