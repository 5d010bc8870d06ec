"""Every designed skill, room action, item, special item and potion does what its card says.

Each test names the content it exercises with ``@covers``; ``test_every_piece_of_content_has_a_test``
fails when a card gains an effect no test plays.
"""

from __future__ import annotations

import importlib
import pkgutil

import tests.games.dungeon_of_d
from companion.games.dungeon_of_d import mechanics as R
from companion.games.dungeon_of_d.frames import GetFrame
from companion.games.dungeon_of_d.score import inventory_stars
from tests.games.dungeon_of_d.helpers import (
    COVERED,
    C,
    act,
    all_content_ids,
    at,
    begin,
    card,
    combat,
    covers,
    fight,
    first,
    kinds,
    scenario,
    trial,
)


def _action(s, action_id: str) -> tuple:  # type: ignore[no-untyped-def]
    room = C.rooms[s.grid[s.pos]]
    return ("act", next(a.index for a in room.actions if a.id == action_id))


def _part(kind: str, part_id: str, *avoid: str) -> int:
    """A power card carrying this part, not one of the cards named in ``avoid``."""
    table = {"item": C.item, "special": C.special, "potion": C.potion}[kind]
    taken = {card(x) for x in avoid}
    return next(c for c in range(40) if table[c].id == part_id and c not in taken)


# ---- skills -----------------------------------------------------------------------------------------


@covers("skill:parry")
def test_knight_parry_once_per_combat_a_lost_round_costs_nothing() -> None:
    s = begin(
        scenario(
            hand=["1 INT", "2 INT", "3 INT", "4 INT"], character="knight", deck=["1 MOV", "1 AGL"]
        ),
        combat(1),
    )
    fight(s)
    act(s, ("effort", card("1 INT")))
    assert s.prompt == "round-lost"
    act(s, ("skill", "parry"))
    assert s.hp == 3 and s.prompt in ("combat", "melee-effort")
    if s.prompt == "combat":
        act(s, ("fight",))
    act(s, ("effort", card("2 INT")))  # lost again: no second parry this combat
    assert s.prompt == "lose-hp"


@covers("skill:light-fingers")
def test_thief_light_fingers_takes_1_more_gold_per_monster() -> None:
    s = begin(scenario(hand=["5 INT", "2 INT"], character="thief", deck=["5 MOV"]), combat(1))
    fight(s)
    act(s, ("effort", card("5 INT")))
    assert s.gold == 2


@covers("skill:arcane-sight")
def test_wizard_arcane_sight_detects_one_potion_a_turn() -> None:
    s = begin(
        scenario(
            hand=["1 STR", "2 STR"],
            character="wizard",
            potions=["potion-of-stamina", "liquid-gold"],
        )
    )
    act(s, ("skill", "arcane-sight"), ("detect", s.potions[0]))
    assert s.known == [s.potions[0]] and ("skill", "arcane-sight") not in s.options


@covers("skill:healing-prayer")
def test_cleric_healing_prayer_heals_2_once_per_level() -> None:
    s = begin(
        scenario(
            hand=["1 STR", "2 STR"],
            character="cleric",
            room="training-hall",
            room_deck=["prison-cells"],
            deck=["3 STR", "4 STR", "5 INT"],
        )
    )
    act(s, ("skill", "healing-prayer"))
    assert s.hp == 4 and ("skill", "healing-prayer") not in s.options
    act(s, ("move", card("1 STR"), "n"))
    assert ("skill", "healing-prayer") not in s.options  # same level, next turn


@covers("skill:rage")
def test_barbarian_rage_adds_2_to_a_str_first_effort_card() -> None:
    s = begin(
        scenario(hand=["1 STR", "2 INT"], character="barbarian", deck=["1 AGL", "1 MOV"]), combat(1)
    )
    fight(s)
    events = act(s, ("effort", card("1 STR")))
    assert first(events, "melee").total == 1 + 1 + 2


@covers("skill:wary")
def test_scout_wary_adds_1_to_the_wandering_monster_check() -> None:
    s = begin(
        scenario(
            hand=["1 STR", "2 STR"], character="scout", room_deck=["dark-storeroom"], deck=["2 MOV"]
        )
    )
    events = act(s, ("move", card("2 STR"), "e"))
    assert "combat" not in kinds(events)  # 2 + 1 > danger 2


@covers("skill:brew-master")
def test_alchemist_brew_master_gets_potions_already_identified() -> None:
    s = begin(
        scenario(hand=["1 STR", "2 STR"], character="alchemist", room="peculiar-shop", gold=5)
    )
    act(s, _action(s, "buy-potion"))
    assert s.known == s.potions and len(s.potions) == 1


@covers("skill:haggle", "room:peculiar-shop/buy-potion")
def test_merchant_haggle_pays_1_less_on_room_prices() -> None:
    s = begin(scenario(hand=["1 STR", "2 STR"], character="merchant", room="peculiar-shop", gold=5))
    events = act(s, _action(s, "buy-potion"))
    assert first(events, "pay").amount == 1 and s.gold == 4


@covers("skill:tumble")
def test_acrobat_tumble_redraws_the_second_effort_card_of_an_agl_test() -> None:
    s = begin(
        scenario(hand=["2 INT", "1 STR"], character="acrobat", deck=["1 MOV", "5 MOV"]),
        trial("AGL", 6),
    )
    act(s, ("effort", card("2 INT")))
    assert ("skill", "tumble") in s.options
    events = act(s, ("skill", "tumble"))
    assert first(events, "test").total == 7 and card("1 MOV") in s.discard


@covers("skill:smite")
def test_paladin_smite_adds_2_against_the_undead() -> None:
    s = begin(
        scenario(hand=["2 INT", "1 STR"], character="paladin", level=2, deck=["1 MOV", "1 AGL"]),
        combat(2),
    )
    fight(s)
    events = act(s, ("effort", card("2 INT")))
    assert first(events, "melee").total == 2 + 1 + 2  # against the Skeleton
    s = begin(
        scenario(hand=["2 INT", "1 STR"], character="paladin", level=2, deck=["1 MOV"]), combat(1)
    )
    fight(s)
    events = act(s, ("effort", card("2 INT")))
    assert first(events, "melee").total == 3


@covers("skill:forage")
def test_herbalist_forage_finds_a_fruit_after_a_rest_on_4_or_5() -> None:
    found = set()
    for seed in range(40):
        s = begin(
            scenario(
                hand=["1 STR", "2 STR"],
                character="herbalist",
                fruits=1,
                room="ancient-library",
                seed=seed,
            )
        )
        events = act(s, ("rest",), ("done",))
        checks = [e for e in events if e.kind == "check1"]
        assert len(checks) == 1  # one CHECK1, after the reshuffle
        result = C.power[checks[0].card]
        assert s.fruits == (1 if result in (4, 5) else 0)
        found.add(s.fruits)
    assert found == {0, 1}


# ---- items --------------------------------------------------------------------------------------------


@covers("item:lantern", "room:dark-storeroom/search")
def test_lantern_opens_the_dark_storeroom() -> None:
    dagger = _part("item", "dagger")
    s = begin(
        scenario(hand=["1 STR", "2 STR"], items=["lantern"], room="dark-storeroom", deck=[dagger])
    )
    act(s, _action(s, "search"))
    assert C.item[s.items[0]].id == "lantern" and s.items[1] == dagger and s.pos in s.exhausted


@covers("room:dark-storeroom/search-deep")
def test_dark_storeroom_back_rooms_from_level_3() -> None:
    s = begin(
        scenario(
            hand=["1 STR", "2 STR", "5 STR"],
            items=["lantern"],
            room="dark-storeroom",
            level=3,
            deck=["5 MOV"],
        )
    )
    act(s, _action(s, "search-deep"), ("effort", card("5 STR")))
    assert len(s.specials) == 1 and s.pos in s.exhausted


@covers("item:arrows", "item:fruit")
def test_arrows_and_fruit_parts_fill_their_counters() -> None:
    s = begin(
        scenario(
            hand=["3 MOV", "4 INT"],
            deck=[_part("item", "fruit"), _part("item", "arrows")],
            fruits=1,
        ),
        GetFrame(what="item"),
        GetFrame(what="item"),
    )
    assert (s.fruits, s.arrows, s.items) == (2, 2, [])


@covers("item:shield")
def test_shield_is_discarded_to_ignore_a_lost_round() -> None:
    s = begin(scenario(hand=["1 INT", "2 INT"], items=["shield"], deck=["1 MOV"]), combat(1))
    shield = s.items[0]
    fight(s)
    act(s, ("effort", card("1 INT")), ("use", shield))
    assert s.hp == 1 and s.items == [] and shield in s.discard


@covers("item:rabbits-foot")
def test_rabbits_foot_redoes_a_missed_shot() -> None:
    s = begin(
        scenario(
            hand=["1 INT", "2 INT"], items=["rabbits-foot"], arrows=1, deck=["1 MOV", "5 MOV"]
        ),
        combat(3),
    )
    foot = s.items[0]
    fight(s)
    act(s, ("shoot", "arrow"))
    assert s.prompt == "ranged-miss"
    events = act(s, ("use", foot))
    assert first(events, "ranged").hit and s.gold == 2 and foot in s.discard


@covers("item:war-axe")
def test_war_axe_adds_2_and_only_one_weapon_a_round() -> None:
    s = begin(
        scenario(hand=["1 INT", "2 INT"], items=["war-axe", "dagger"], deck=["1 MOV"]), combat(1)
    )
    axe, dagger = s.items
    fight(s)
    act(s, ("effort", card("1 INT")))
    assert {("use", axe), ("use", dagger)} <= set(s.options)
    events = act(s, ("use", axe))  # no second weapon: the round goes on at once
    assert first(events, "melee").total == 1 + 2 + 1 and dagger in s.items


@covers("item:bandages")
def test_bandages_heal_2_at_the_start_of_a_turn() -> None:
    s = begin(scenario(hand=["1 INT"], items=["bandages"]))
    act(s, ("use", s.items[0]))
    assert s.hp == 3 and s.items == []


# ---- special items -----------------------------------------------------------------------------------


@covers("special:gold-idol", "special:jewelled-goblet", "special:golden-crown")
def test_treasures_are_worth_their_stars() -> None:
    s = scenario(hand=["1 STR"], specials=["gold-idol", "jewelled-goblet", "golden-crown"])
    assert inventory_stars(s) == 40 + 25 + 60


@covers("special:ring-of-strength", "special:sun-stone")
def test_ring_of_strength_and_sun_stone_raise_str_and_int_while_held() -> None:
    s = scenario(hand=["1 STR"], specials=["ring-of-strength", "sun-stone"], STR=1)
    assert (R.stat(s, "STR"), R.stat(s, "INT"), R.max_skills(s)) == (2, 1, 1)


@covers("special:feather-charm")
def test_feather_charm_raises_agl_in_tests_and_ranged_attacks_while_held() -> None:
    s = begin(
        scenario(
            hand=["5 INT", "1 STR", "2 MOV"],
            specials=["feather-charm"],
            AGL=1,
            deck=["1 AGL", "5 STR"],
        ),
        trial("AGL", 7),
    )
    assert R.stat(s, "AGL") == 2
    events = act(s, ("effort", card("5 INT")))  # 5 + the 1 AGL + AGL 2 = 8
    assert (
        first(events, "test").stat,
        first(events, "test").difficulty,
        first(events, "test").total,
        first(events, "test").won,
    ) == ("AGL", 7, 8, True)


@covers("special:bag-of-holding")
def test_bag_of_holding_gives_2_more_slots() -> None:
    s = scenario(hand=["1 STR"], specials=["bag-of-holding"])
    assert R.capacity(s) == 10


def test_losing_the_bag_of_holding_asks_what_to_drop() -> None:
    items = [
        "lantern",
        "lantern",
        "rope",
        "rope",
        "bandages",
        "smoke-bomb",
        "elf-boots",
        "purple-leaf",
        "spelunkers-glasses",
    ]
    s = begin(
        scenario(
            hand=["1 INT", "2 INT", "3 INT"],
            specials=["bag-of-holding"],
            items=items,
            deck=["1 MOV"],
        ),
        combat(4),
    )
    fight(s)
    act(s, ("effort", card("1 INT")), ("lose", s.specials[0]))
    assert s.prompt == "inventory-full"


@covers("special:cloak-of-shadows")
def test_cloak_of_shadows_adds_2_to_running_away() -> None:
    s = begin(
        scenario(hand=["1 INT", "2 INT"], specials=["cloak-of-shadows"], level=4), combat(3)
    )  # Gargoyle INT 4
    act(s, ("run",), ("discard", card("2 INT")))
    assert s.prompt == "turn" and s.hp == 1


@covers("special:crystal-ball")
def test_crystal_ball_detects_every_potion() -> None:
    s = begin(
        scenario(
            hand=["1 STR", "2 STR"],
            specials=["crystal-ball"],
            potions=["liquid-gold", "bitter-venom"],
        )
    )
    act(s, ("use", s.specials[0]))
    assert sorted(s.known) == sorted(s.potions) and s.specials == []


@covers("special:dungeon-map")
def test_dungeon_map_reveals_2_rooms() -> None:
    s = begin(scenario(hand=["1 STR", "2 STR"], specials=["dungeon-map"]))
    act(s, ("use", s.specials[0]), ("place", at(1, 0)), ("place", at(2, 0)))
    assert len(s.grid) == 3 and s.specials == []


@covers("special:scroll-of-return")
def test_scroll_of_return_teleports_to_the_mystic_portal() -> None:
    s = begin(
        scenario(
            hand=["1 STR", "2 STR"],
            specials=["scroll-of-return"],
            grid={(0, 0): "training-hall", (0, 2): "mystic-portal"},
        )
    )
    act(s, ("use", s.specials[0]))
    assert s.grid[s.pos] == "mystic-portal" and s.prompt == "turn"


@covers("special:dragon-lance")
def test_dragon_lance_adds_3_against_monster_4() -> None:
    s = begin(
        scenario(hand=["1 INT", "2 INT"], specials=["dragon-lance"], deck=["1 MOV"]), combat(4)
    )
    fight(s)
    events = act(s, ("effort", card("1 INT")))
    assert first(events, "melee").total == 5


@covers("special:tome-of-lore")
def test_tome_of_lore_raises_int_for_free() -> None:
    s = begin(scenario(hand=["1 STR", "2 STR"], specials=["tome-of-lore"]))
    act(s, ("use", s.specials[0]))
    assert s.INT == 1 and s.gold == 0


@covers("special:horn-of-valor")
def test_horn_of_valor_weakens_the_monster_for_the_combat() -> None:
    s = begin(
        scenario(hand=["1 INT", "2 INT"], specials=["horn-of-valor"], deck=["1 MOV"]), combat(1)
    )
    act(s, ("use", s.specials[0]))
    fight(s)
    events = act(s, ("effort", card("1 INT")))
    assert (
        first(events, "melee").total,
        first(events, "melee").target,
        first(events, "melee").won,
    ) == (2, 2, True)


# ---- room actions ------------------------------------------------------------------------------------


@covers("room:boulder-trap/rolling-boulder")
def test_boulder_trap_rolls_at_you_when_you_enter() -> None:
    s = begin(
        scenario(
            hand=["1 STR", "2 STR", "3 STR", "4 INT"],
            room_deck=["boulder-trap"],
            deck=["5 INT", "1 MOV"],
        )
    )
    events = act(s, ("move", card("3 STR"), "e"), ("effort", card("1 STR")))  # 1 + 1 < 2 + 1
    assert (
        first(events, "test").stat,
        first(events, "test").difficulty,
        first(events, "test").total,
        first(events, "test").won,
    ) == ("AGL", 3, 2, False) and s.prompt == "lose-hp"


@covers(
    "room:peculiar-shop/buy-arrows", "room:peculiar-shop/buy-fruit", "room:peculiar-shop/buy-item"
)
def test_peculiar_shop_sells_arrows_fruit_and_items() -> None:
    s = begin(
        scenario(
            hand=["1 STR", "2 STR"],
            room="peculiar-shop",
            gold=20,
            character="thief",
            deck=[_part("item", "lantern")],
        )
    )
    act(s, _action(s, "buy-arrows"))
    assert s.arrows == 2 and s.gold == 18
    act(s, _action(s, "buy-fruit"))
    assert s.fruits == 1 and s.gold == 15
    act(s, _action(s, "buy-item"))
    assert s.gold == 11 and C.item[s.items[0]].id == "lantern"


@covers("room:guardian-monster/challenge")
def test_guardian_monster_below_level_8_fights_monster_3_for_a_special_item() -> None:
    s = begin(scenario(hand=["5 STR", "2 STR"], room="guardian-monster", deck=["1 AGL", "5 AGL"]))
    events = act(s, _action(s, "challenge"))
    assert first(events, "combat").slot == 3
    fight(s)
    act(s, ("effort", card("5 STR")))
    assert len(s.specials) == 1 and s.pos in s.exhausted


@covers("room:steep-chasm/climb")
def test_steep_chasm_near_ledge_with_a_rope() -> None:
    s = begin(
        scenario(
            hand=["5 STR", "4 STR", "1 STR"],
            items=["rope"],
            room="steep-chasm",
            deck=[
                "5 MOV",
                _part("item", "lantern", "5 STR", "4 STR", "1 STR", "5 MOV", "4 MOV"),
                "4 MOV",
            ],
        )
    )
    act(s, _action(s, "climb"), ("effort", card("5 STR")))
    assert s.gold == 2 and len(s.items) == 2
    act(s, ("effort", card("4 STR")))
    assert s.pos in s.exhausted and s.hp == 1


@covers("room:storage-room/search-crates")
def test_storage_room_with_a_lantern_holds_an_item_and_a_potion() -> None:
    s = begin(scenario(hand=["1 STR", "2 STR"], items=["lantern"], room="storage-room"))
    act(s, _action(s, "search-crates"))
    assert len(s.potions) == 1 and s.pos in s.exhausted


@covers("room:ancient-library/read-journals")
def test_ancient_library_journals_let_you_meet_someone() -> None:
    s = begin(scenario(hand=["1 STR", "5 STR"], room="ancient-library", INT=1, deck=["5 MOV"]))
    act(s, _action(s, "read-journals"), ("effort", card("5 STR")))
    assert s.prompt == "meet"


@covers("room:prison-cells/pick-lock")
def test_prison_cells_free_a_prisoner_to_meet_them() -> None:
    s = begin(scenario(hand=["1 STR", "5 STR"], room="prison-cells", INT=1, deck=["5 MOV"]))
    act(s, _action(s, "pick-lock"), ("effort", card("5 STR")))
    assert s.prompt == "meet"
    act(s, ("learn",))
    assert len(s.skills) == 2 and s.pos in s.exhausted


@covers("room:alchemists-laboratory/read-labels", "room:alchemists-laboratory/brew")
def test_alchemists_laboratory_reads_labels_and_brews() -> None:
    s = begin(
        scenario(
            hand=["1 STR", "5 STR"],
            room="alchemists-laboratory",
            gold=3,
            character="thief",
            potions=["liquid-gold", "bitter-venom"],
            deck=["5 MOV"],
        )
    )
    act(s, _action(s, "read-labels"))
    assert sorted(s.known) == sorted(s.potions) and s.gold == 1
    act(s, _action(s, "brew"), ("effort", card("5 STR")))
    assert len(s.potions) == 3 and s.pos in s.exhausted


@covers("room:forgotten-arena/fight", "room:forgotten-arena/champion")
def test_forgotten_arena_pays_its_first_winner_once_a_level() -> None:
    s = begin(
        scenario(hand=["5 STR", "2 STR", "5 INT"], room="forgotten-arena", deck=["1 AGL", "5 AGL"])
    )
    act(s, _action(s, "fight"))
    fight(s)
    act(s, ("effort", card("5 STR")))
    assert s.gold == 1 + 2 and s.pos in s.exhausted  # no second purse this level
    s = begin(
        scenario(
            hand=["5 STR", "2 STR", "5 INT"],
            room="forgotten-arena",
            level=1,
            STR=2,
            deck=["1 AGL", "5 AGL"],
        )
    )
    act(s, _action(s, "champion"))  # on every level: the rulebook gates no arena
    fight(s)
    act(s, ("effort", card("5 STR")))
    assert s.gold == 2 + 4 and s.pos in s.exhausted


def test_only_the_rulebooks_five_rooms_have_level_gates() -> None:
    # Rulebook 5.2 names five rooms whose actions may depend on the level; no other has one.
    gated = {r.id for r in C.rooms.values() for a in r.actions if (a.lowest, a.highest) != (1, 8)}
    assert gated <= {
        "boulder-trap",
        "dark-storeroom",
        "guardian-monster",
        "mystic-portal",
        "steep-chasm",
    }


def test_no_room_pays_gold_hp_or_a_stat_again_and_again_for_free() -> None:
    # The economy: what a room action gives again and again is bought with gold
    # (shop, chapel, upgrades); whatever pays gold exhausts its room.
    from companion.games.dungeon_of_d.bots import repeatable_actions

    for room_id, action_id in repeatable_actions(C):
        action = next(a for a in C.rooms[room_id].actions if a.id == action_id)
        first = C.steplists[action.steps][0]
        assert action.price is not None or first.do in ("upgrade", "test"), (room_id, action_id)
        if first.do == "test":  # a repeatable test may only teach or move you
            assert action_id in ("read-journals", "secret-passage", "escape"), action_id


@covers("room:overgrown-garden/pick-fruit")
def test_overgrown_garden_fruit_or_a_sting() -> None:
    s = begin(scenario(hand=["1 STR", "2 STR"], room="overgrown-garden", deck=["3 MOV"]))
    act(s, _action(s, "pick-fruit"))
    assert s.fruits == 1 and s.pos in s.exhausted
    s = begin(scenario(hand=["1 STR", "2 STR"], room="overgrown-garden", deck=["1 MOV"]))
    act(s, _action(s, "pick-fruit"))
    assert s.poisoned and s.fruits == 0


@covers("room:treasure-vault/slip-in")
def test_treasure_vault_gold_behind_an_agl_test() -> None:
    s = begin(scenario(hand=["1 STR", "5 STR"], room="treasure-vault", deck=["5 MOV"]))
    act(s, _action(s, "slip-in"), ("effort", card("5 STR")))
    assert s.gold == 5 and s.pos in s.exhausted


@covers("room:forsaken-chapel/offering")
def test_forsaken_chapel_offering_cures_and_heals() -> None:
    s = begin(
        scenario(
            hand=["1 STR", "2 STR"],
            room="forsaken-chapel",
            gold=3,
            poisoned=True,
            character="thief",
        )
    )
    act(s, _action(s, "offering"))
    assert not s.poisoned and s.hp == 3 and s.gold == 0


# ---- the check that keeps this file complete ---------------------------------------------------------


def test_every_piece_of_content_has_a_test() -> None:
    for module in pkgutil.iter_modules(tests.games.dungeon_of_d.__path__):
        if module.name.startswith("test_"):
            importlib.import_module(f"tests.games.dungeon_of_d.{module.name}")
    missing = sorted(all_content_ids() - COVERED)
    assert not missing, f"content without a test: {missing}"
