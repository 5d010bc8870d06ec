"""The rulebook's FAQ answers and the worked examples of sections 5.1-5.4 and 6.1, as games."""

from __future__ import annotations

from companion.games.dungeon_of_d import events as EV
from companion.games.dungeon_of_d import score
from companion.games.dungeon_of_d.state import ORIGIN
from tests.games.dungeon_of_d.helpers import (
    C,
    act,
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
    index = next(a.index for a in room.actions if a.id == action_id)
    return ("act", index)


# ---- 5.1 REST ------------------------------------------------------------------------


def test_rest_example_hp_3_danger_2_discard_2_then_draw_to_7() -> None:
    s = begin(scenario(hand=["1 STR", "1 INT", "5 AGL"], room="dark-storeroom", fruits=1))
    assert C.rooms["dark-storeroom"].danger == 2
    act(
        s, ("rest",), ("discard", card("1 STR")), ("discard", card("1 INT"))
    )  # one card left: done at once
    assert s.hp == 7 and s.fruits == 0 and s.discard == []


def test_rest_example_hp_6_danger_4_no_discard_draws_nothing() -> None:
    s = begin(
        scenario(
            hand=["1 STR", "1 INT", "5 AGL", "2 MOV", "3 MOV", "4 MOV"],
            room="pit-of-darkness",
            level=8,
            fruits=2,
        )
    )
    assert C.rooms["pit-of-darkness"].danger == 4
    act(s, ("rest",), ("done",))
    assert s.hp == 6


# ---- 5.2 DO ACTION ---------------------------------------------------------------------


@covers("room:large-chest/open")
def test_large_chest_example_lose_the_int_test_lose_1_hp_open_it_anyway_find_a_lantern() -> None:
    lantern = next(c for c in range(40) if C.item[c].id == "lantern")
    s = begin(
        scenario(
            hand=["1 STR", "2 AGL", "3 MOV", "4 MOV"],
            room="large-chest",
            deck=["1 MOV", "1 AGL", lantern],
        )
    )  # second effort, CHECK1 = 1, the item card
    events = act(s, _action(s, "open"), ("effort", card("1 STR")))
    assert (
        first(events, "test").stat,
        first(events, "test").difficulty,
        first(events, "test").total,
        first(events, "test").won,
    ) == ("INT", 8, 2, False)  # 7+ on level 1 (1 skull)
    assert s.prompt == "lose-hp"
    events = act(s, ("discard", card("2 AGL")))
    assert s.items == [lantern] and C.item[lantern].id == "lantern"
    assert s.pos in s.exhausted and s.prompt == "turn"


@covers("room:steep-chasm/climb-high", "item:rope")
def test_steep_chasm_example_level_6_with_a_rope() -> None:
    s = begin(
        scenario(
            hand=["1 STR", "2 STR", "3 INT", "4 STR", "5 STR", "1 INT"],
            items=["rope"],
            room="steep-chasm",
            level=6,
            deck=["1 MOV", "5 AGL", "4 AGL", "1 MOV b", "1 AGL"],
        )
    )  # 4 AGL: the special item
    high = _action(s, "climb-high")
    # First turn: the 6+ climb (9 on level 6) fails, and the turn ends there.
    events = act(s, high, ("effort", card("1 STR")))
    assert (
        first(events, "test").stat,
        first(events, "test").difficulty,
        first(events, "test").total,
        first(events, "test").won,
    ) == ("AGL", 9, 2, False)
    assert s.prompt == "turn" and s.turn == 2 and s.specials == []
    # Next turn: the climb succeeds (special item, 2+ = 5 gold), then the 4+ way down (7) fails.
    events = act(s, high, ("effort", card("4 STR")))
    assert (
        first(events, "test").stat,
        first(events, "test").difficulty,
        first(events, "test").total,
        first(events, "test").won,
    ) == ("AGL", 9, 9, True)
    assert len(s.specials) == 1 and s.gold == 5
    assert s.prompt == "test-effort"
    events = act(s, ("effort", card("3 INT")))
    assert (
        first(events, "test").stat,
        first(events, "test").difficulty,
        first(events, "test").total,
        first(events, "test").won,
    ) == ("AGL", 7, 4, False)  # 3 + the 1 MOV b
    assert s.prompt == "lose-hp"
    act(s, ("discard", card("1 INT")))
    assert s.prompt == "turn" and s.pos in s.exhausted


@covers("room:pit-of-darkness/enter")
def test_pit_of_darkness_example_int_win_agl_lose_twice_then_win_then_run_from_the_dragon() -> None:
    # Rulebook 5.2: the Pit's tests are INT 12 and AGL 12.
    s = begin(
        scenario(
            hand=[
                "5 INT",
                "5 AGL",
                "5 AGL b",
                "4 AGL",
                "4 STR",
                "4 INT",
                "4 MOV",
                "1 STR",
                "2 STR",
            ],
            room="pit-of-darkness",
            level=8,
            INT=2,
            AGL=2,
            fruits=1,
            deck=["5 INT b", "5 STR", "1 AGL", "1 INT", "1 MOV", "2 INT", "1 MOV b", "5 MOV"],
        )
    )
    events = act(s, _action(s, "enter"), ("effort", card("5 INT")))  # + bonus 5 INT b, second 5 STR
    assert (
        first(events, "test").stat,
        first(events, "test").difficulty,
        first(events, "test").total,
        first(events, "test").won,
    ) == ("INT", 12, 12, True)
    events = act(s, ("effort", card("4 AGL")))  # bonus 1 AGL, second 1 INT: 4 + 1 + 2
    assert (
        first(events, "test").stat,
        first(events, "test").difficulty,
        first(events, "test").total,
        first(events, "test").won,
    ) == ("AGL", 12, 7, False)
    act(s, ("discard", card("1 STR")))  # LOSE 1 HP
    assert s.prompt == "retry"
    events = act(s, ("retry",), ("effort", card("1 AGL")))  # bonus 1 MOV, second 2 INT: 1 + 2 + 2
    assert (
        first(events, "test").stat,
        first(events, "test").difficulty,
        first(events, "test").total,
        first(events, "test").won,
    ) == ("AGL", 12, 5, False)
    act(s, ("discard", card("2 STR")), ("retry",))
    events = act(s, ("effort", card("5 AGL")))  # bonus 1 MOV b, second 5 MOV: 5 + 5 + 2
    assert (
        first(events, "test").stat,
        first(events, "test").difficulty,
        first(events, "test").total,
        first(events, "test").won,
    ) == ("AGL", 12, 12, True)
    assert s.prompt == "combat" and first(events, "combat").monster == "Ice Dragon"
    act(s, ("run",), ("discard", card("4 STR")), ("discard", card("4 INT")))  # 8 + INT 2 >= 7
    assert s.prompt == "turn" and not s.amulet and s.pos not in s.exhausted
    # Next turn a REST, and the turn after the pit starts again from the INT test.
    act(s, ("rest",), ("done",))
    events = act(s, _action(s, "enter"))
    assert s.prompt == "test-effort" and s.stack[-1].stat == "INT"


def test_pit_of_darkness_the_dragon_comes_after_both_tests_and_running_ends_the_turn() -> None:
    s = begin(
        scenario(
            hand=["5 INT", "5 AGL", "4 STR", "4 INT", "4 MOV", "3 STR", "3 INT"],
            room="pit-of-darkness",
            level=8,
            INT=2,
            AGL=2,
            deck=["5 INT b", "5 STR", "5 AGL b", "5 MOV"],
        )
    )
    events = act(s, _action(s, "enter"), ("effort", card("5 INT")), ("effort", card("5 AGL")))
    tests = [e for e in events if e.kind == "test"]
    assert [t.won for t in tests] == [True, True]
    assert s.prompt == "combat" and first(events, "combat").monster == "Ice Dragon"
    act(s, ("run",), ("discard", card("4 STR")), ("discard", card("4 INT")))  # 8 + INT 2 >= 7
    assert s.prompt == "turn" and not s.amulet and s.pos not in s.exhausted
    # The following turns: REST, then try again from the INT test.
    assert _action(s, "enter") in s.options


# ---- 5.3 MOVE ----------------------------------------------------------------------------


def test_move_example_2_mov_bonus_card_danger_2_check1_2_meets_an_orc_on_level_1() -> None:
    s = begin(
        scenario(
            hand=["2 MOV", "3 STR", "4 INT"],
            room="training-hall",
            room_deck=["dark-storeroom"],
            deck=["1 AGL", "2 INT"],
        )
    )  # the bonus card, then the CHECK1
    events = act(s, ("move", card("2 MOV"), "e"))
    assert first(events, "bonus").card == card("1 AGL")
    assert s.grid[s.pos] == "dark-storeroom" and s.pos == at(1, 0)
    assert first(events, "combat").monster == "Orc"
    assert s.prompt == "combat" and card("2 MOV") in s.discard


# ---- 5.4 combat -------------------------------------------------------------------------------


def _skeleton(**kw):  # type: ignore[no-untyped-def]
    values = {
        "hand": ["3 STR", "2 AGL", "5 STR", "1 AGL", "1 MOV", "4 INT"],
        "level": 2,
        "STR": 0,
        "AGL": 1,
        "INT": 1,
        "skills": [],
        "arrows": 1,
    }
    values.update(kw)
    s = begin(scenario(**values), combat(2))
    assert C.monster(2, 2).name == "Skeleton"
    return s


def test_combat_example_run_away_from_the_skeleton_with_one_2_agl_card() -> None:
    s = _skeleton()
    events = act(s, ("run",), ("discard", card("2 AGL")))
    assert "ran-away" in kinds(events) and s.prompt == "turn" and s.hp == 5


def test_combat_example_run_away_with_a_1_agl_and_a_1_mov() -> None:
    s = _skeleton()
    act(s, ("run",), ("discard", card("1 AGL")))
    assert s.prompt == "run-away"
    act(s, ("discard", card("1 MOV")))
    assert s.prompt == "turn"


def test_combat_example_the_full_fight_with_the_skeleton() -> None:
    # CHECK1 1 for the arrow, bonus card, second effort 3 MOV, then 5 INT, then the Regenerate CHECK1.
    s = _skeleton(deck=["1 INT", "4 MOV", "3 MOV", "5 INT", "2 INT b"])
    events = act(s, ("fight",))
    assert s.prompt == "ranged"
    events = act(s, ("shoot", "arrow"))
    assert s.arrows == 0 and (
        first(events, "ranged").total,
        first(events, "ranged").target,
        first(events, "ranged").hit,
    ) == (2, 3, False)  # 1 + AGL 1 < 3: a miss
    assert s.prompt == "melee-effort"
    events = act(s, ("effort", card("3 STR")))
    assert first(events, "bonus").card == card("4 MOV")
    assert (
        first(events, "melee").total,
        first(events, "melee").target,
        first(events, "melee").won,
    ) == (6, 7, False)
    events = act(s, ("discard", card("1 MOV")))  # LOSE 1 HP
    assert s.prompt == "combat"
    events = act(s, ("fight",))  # no arrow left: straight to melee
    assert s.prompt == "melee-effort"
    events = act(s, ("effort", card("2 AGL")))
    assert "bonus" not in kinds(events)
    assert (
        first(events, "melee").total,
        first(events, "melee").target,
        first(events, "melee").won,
    ) == (7, 7, True)
    assert s.gold == 3 and s.prompt == "regenerate-guess"
    events = act(s, ("guess", 4))  # the CHECK1 is a 2: wrong guess, it stays down
    assert "stays-down" in kinds(events) and s.prompt == "turn"


def test_curse_example_vampire_on_level_7_takes_4_gold() -> None:
    s = begin(
        scenario(hand=["1 STR", "1 INT", "2 MOV"], level=7, gold=10, deck=["1 AGL", "1 MOV"]),
        combat(2),
    )
    assert C.monster(2, 7).name == "Vampire"
    fight(s)
    act(s, ("effort", card("1 STR")))
    assert s.gold == 6 and s.hp == 3  # bonus card came in; no HP lost


def test_curse_example_with_only_3_gold_lose_1_hp_and_keep_the_gold() -> None:
    s = begin(
        scenario(hand=["1 STR", "1 INT", "2 MOV"], level=7, gold=3, deck=["1 AGL", "1 MOV"]),
        combat(2),
    )
    fight(s)
    act(s, ("effort", card("1 STR")))
    assert s.prompt == "lose-hp"
    act(s, ("discard", card("1 INT")))
    assert s.gold == 3 and s.hp == 2


# ---- 5.4.1 FAQ ----------------------------------------------------------------------------------


@covers("special:holy-water")
def test_faq_holy_water_defeats_a_vampire_and_then_the_regenerate_check_comes() -> None:
    s = begin(
        scenario(
            hand=["1 STR", "1 INT", "2 MOV"], level=7, specials=["holy-water"], deck=["3 MOV"]
        ),
        combat(2),
    )
    holy = s.specials[0]
    act(s, ("use", holy))
    assert s.prompt == "guess"
    events = act(s, ("guess", 5))  # the CHECK1 is a 3: wrong, the Vampire is defeated
    assert "defeat" in kinds(events) and s.gold == 7
    assert s.prompt == "regenerate-guess"


def test_faq_ice_devil_steals_just_one_of_three_arrows_never_fruit() -> None:
    s = begin(
        scenario(
            hand=["1 STR", "1 INT", "2 MOV"], level=4, arrows=3, fruits=2, deck=["1 AGL", "1 MOV"]
        ),
        combat(4),
    )
    assert C.monster(4, 4).name == "Ice Devil"
    fight(s)
    act(s, ("melee",), ("effort", card("1 STR")))
    assert s.arrows == 2 and s.fruits == 2 and s.hp == 3  # only choice: one Arrow


@covers("room:guardian-monster/challenge-master")
def test_faq_guardian_monster_level_8_ice_dragon_regenerates_twice_then_run_no_special_item() -> (
    None
):
    s = begin(
        scenario(
            hand=["5 STR", "5 STR b", "4 MOV", "4 INT", "1 MOV", "2 MOV"],
            room="guardian-monster",
            level=8,
            STR=4,
            deck=["1 AGL", "5 INT", "3 AGL", "1 AGL b", "5 AGL", "2 INT"],
        )
    )
    events = act(s, _action(s, "challenge-master"))
    assert (first(events, "combat").slot, first(events, "combat").monster) == (4, "Ice Dragon")
    events = act(s, ("fight",), ("effort", card("5 STR")))
    assert (
        first(events, "melee").total,
        first(events, "melee").target,
        first(events, "melee").won,
    ) == (14, C.monster(4, 8).STR, True) and s.gold == 9
    events = act(s, ("guess", 3))
    assert "regenerates" in kinds(events) and s.prompt == "combat"
    events = act(s, ("fight",), ("effort", card("5 STR b")), ("guess", 2))
    assert s.gold == 18 and "regenerates" in kinds(events)
    act(s, ("run",), ("discard", card("4 MOV")), ("discard", card("4 INT")))
    assert s.specials == [] and s.gold == 18 and s.prompt == "turn"


# ---- 5.7 timing FAQ ------------------------------------------------------------------------------


def test_faq_silver_necklace_only_before_the_regenerate_check() -> None:
    s = begin(
        scenario(
            hand=["5 STR", "4 MOV", "1 MOV"],
            level=2,
            specials=["silver-necklace"],
            deck=["1 AGL", "5 INT", "2 INT"],
        ),
        combat(2),
    )
    necklace = s.specials[0]
    act(s, ("fight",), ("effort", card("5 STR")))
    assert s.prompt == "before-regenerate" and ("use", necklace) in s.options
    act(s, ("pass",), ("guess", 2))  # right: the Skeleton regenerates
    assert s.prompt == "combat" and ("use", necklace) not in s.options


@covers("special:silver-necklace")
def test_faq_silver_necklace_used_in_time_stops_the_regeneration() -> None:
    s = begin(
        scenario(
            hand=["5 STR", "4 MOV", "1 MOV"],
            level=2,
            specials=["silver-necklace"],
            deck=["1 AGL", "5 INT"],
        ),
        combat(2),
    )
    events = act(s, ("fight",), ("effort", card("5 STR")), ("use", s.specials[0]))
    assert "no-regenerate" in kinds(events) and s.prompt == "turn" and s.specials == []


def test_faq_giant_bat_dagger_only_right_after_the_first_card_and_no_potion_to_save_the_last_hp() -> (
    None
):
    s = begin(
        scenario(
            hand=["3 INT", "4 MOV"],
            items=["dagger"],
            potions=["potion-of-stamina"],
            known=["potion-of-stamina"],
            deck=["2 INT"],
        ),
        combat(3),
    )
    assert C.monster(3, 1).name == "Giant Bat" and C.monster(3, 1).STR == 6
    act(s, ("fight",), ("effort", card("3 INT")))
    assert s.prompt == "melee-first" and ("use", s.items[0]) in s.options
    assert not any(a[0] == "drink" for a in s.options)  # not a potion moment
    events = act(s, ("pass",))  # the second effort card: 2 INT; 3 + 2 + 0 < 6, nothing left to do
    assert (
        first(events, "melee").total,
        first(events, "melee").target,
        first(events, "melee").won,
    ) == (5, 6, False)
    assert s.outcome == "lost"


@covers("item:dagger")
def test_faq_giant_bat_with_the_dagger_used_in_time_the_bat_falls() -> None:
    s = begin(scenario(hand=["3 INT", "4 MOV"], items=["dagger"], deck=["2 INT"]), combat(3))
    events = act(s, ("fight",), ("effort", card("3 INT")), ("use", s.items[0]))
    assert (
        first(events, "melee").total,
        first(events, "melee").target,
        first(events, "melee").won,
    ) == (6, 6, True)


@covers("room:storage-room/pitch-black")
def test_faq_storage_room_without_a_lantern_move_on_at_once_no_rest() -> None:
    s = begin(
        scenario(
            hand=["3 MOV", "4 INT", "5 AGL"],
            room="training-hall",
            room_deck=["storage-room"],
            fruits=2,
            deck=["5 INT", "5 AGL b"],
        )
    )
    events = act(s, ("move", card("4 INT"), "s"))
    assert "must-move" in kinds(events)
    assert s.prompt == "forced-move" and ("rest",) not in s.options
    act(s, ("move", card("3 MOV"), "n"))
    assert s.grid[s.pos] == "training-hall"


# ---- 8. FAQ -------------------------------------------------------------------------------------


def test_faq_q1_teleport_potion_without_a_hidden_door_is_wasted_and_the_melee_goes_on() -> None:
    s = begin(scenario(hand=["3 INT", "4 MOV"], potions=["potion-of-teleport"]), combat(1))
    act(s, ("fight",))
    potion = s.potions[0]
    events = act(s, ("drink", potion))
    assert "teleport-fails" in kinds(events) and s.prompt == "melee-effort" and s.potions == []


@covers("potion:potion-of-teleport")
def test_faq_q1_plus_teleport_potion_with_a_hidden_door_ends_the_melee_neither_won_nor_lost() -> (
    None
):
    s = begin(
        scenario(
            hand=["3 INT", "4 MOV"],
            potions=["potion-of-teleport"],
            grid={(0, 0): "training-hall", (1, 0): "hidden-door"},
        ),
        combat(1),
    )
    act(s, ("fight",))
    turn = s.turn
    events = act(s, ("drink", s.potions[0]))
    assert s.grid[s.pos] == "hidden-door"
    assert (
        "defeat" not in kinds(events)
        and "lose-hp" not in kinds(events)
        and s.gold == 0
        and s.hp == 2
    )
    assert s.prompt == "turn" and s.turn == turn + 1


@covers("skill:grapple", "skill:weapon-master")
def test_faq_q2_grapple_weapon_master_and_dagger_make_the_first_card_plus_3() -> None:
    s = begin(
        scenario(
            hand=["2 AGL", "4 MOV"],
            character="wrestler",
            skills=["dwarf"],
            INT=1,
            items=["dagger"],
            deck=["1 MOV"],
        ),
        combat(1),
    )
    events = act(s, ("fight",), ("effort", card("2 AGL")), ("use", s.items[0]))
    assert first(events, "weapon").bonus == 2  # the Dagger's 1 and Weapon Master's 1
    assert first(events, "melee").total == 2 + 1 + 3  # and Grapple's 1


def test_faq_q3_the_last_card_may_be_played_as_first_effort_but_the_game_is_lost_at_once() -> None:
    s = begin(
        scenario(
            hand=["5 AGL", "5 STR"],
            room="training-hall",
            room_deck=["dark-storeroom"],
            deck=["1 INT", "4 STR"],
        )
    )
    act(s, ("move", card("5 AGL"), "e"))  # CHECK1 1 <= danger 2: a monster
    assert s.prompt == "combat" and s.hp == 1
    events = act(s, ("fight",))  # the 5 STR is the only card to play: played, and the game is lost
    assert EV.EffortCard(card("5 STR"), False) in events
    assert s.outcome == "lost" and "bonus" not in kinds(events)


@covers("item:elf-boots")
def test_faq_q4_elf_boots_are_not_discarded_when_used() -> None:
    s = begin(
        scenario(
            hand=["3 MOV", "4 INT", "5 AGL"],
            items=["elf-boots"],
            room="training-hall",
            room_deck=["dark-storeroom"],
            deck=["1 AGL", "5 INT"],
        )
    )
    act(s, ("move", card("4 INT"), "e"))  # CHECK1 1: met
    boots = s.items[0]
    assert s.prompt == "wandering-check" and ("use", boots) in s.options
    events = act(s, ("use", boots))  # CHECK1 again: 5 > 2, no monster
    assert s.items == [boots] and "combat" not in kinds(events) and s.prompt == "turn"


@covers("potion:potion-of-perfume")
def test_faq_q5_perfume_meets_the_monster_even_in_a_danger_0_room() -> None:
    s = begin(
        scenario(
            hand=["3 MOV", "4 INT", "5 AGL"],
            potions=["potion-of-perfume"],
            room="training-hall",
            room_deck=["healing-fountain"],
            deck=["1 AGL", "5 INT"],
        )
    )
    act(s, ("drink", s.potions[0]))
    events = act(s, ("move", card("4 INT"), "e"))
    assert C.rooms[s.grid[s.pos]].danger == 0
    assert "check1" not in kinds(events) and "combat" in kinds(events)


def _full_inventory(extra_items: list[str], potions: list[str]):  # type: ignore[no-untyped-def]
    return scenario(
        hand=["3 MOV", "4 INT", "5 AGL", "1 STR"],
        room="peculiar-shop",
        gold=10,
        items=["lantern", "rope", "dagger", "shield", "purple-leaf", *extra_items],
        potions=potions,
    )


@covers("potion:drop-of-honey")
def test_faq_q6_drink_drop_of_honey_to_make_room_for_a_new_potion() -> None:
    s = _full_inventory(["bandages"], ["drop-of-honey", "potion-of-stamina"])
    s = begin(s)
    honey = next(c for c in s.potions if C.potion[c].id == "drop-of-honey")
    act(s, _action(s, "buy-potion"))
    assert s.prompt == "inventory-full" and ("drink", honey) in s.options
    act(s, ("drink", honey))
    assert len(s.potions) == 2 and s.prompt == "turn"


@covers("item:purple-leaf")
def test_faq_q6_plus_use_the_purple_leaf_to_detect_the_new_potion_and_free_its_slot() -> None:
    s = _full_inventory(["bandages"], ["drop-of-honey", "potion-of-stamina"])
    s = begin(s)
    leaf = next(c for c in s.items if C.item[c].id == "purple-leaf")
    act(s, _action(s, "buy-potion"))
    new = s.potions[-1]
    act(s, ("use", leaf))
    if s.prompt == "detect":
        act(s, ("detect", new))
    assert new in s.known and leaf not in s.items and len(s.potions) == 3 and s.prompt == "turn"


@covers("skill:struggle")
def test_faq_q7_struggle_swaps_a_second_effort_3_for_a_4_agl_from_the_hand() -> None:
    s = begin(
        scenario(
            hand=["2 INT", "4 AGL", "1 MOV", "1 STR", "5 STR"],
            character="gladiator",
            deck=["3 AGL"],
        ),
        trial("AGL", 6),  # 2 + 3 loses it; the swap's 2 + 4 wins it
    )
    act(s, ("effort", card("2 INT")))
    assert ("skill", "struggle", card("4 AGL")) in s.options
    events = act(s, ("skill", "struggle", card("4 AGL")))
    assert first(events, "test").total == 6
    assert card("3 AGL") in s.hand and card("4 AGL") not in s.hand


@covers("skill:determination")
def test_faq_q8_determination_against_a_wright_with_hp_3_discards_1_card() -> None:
    s = begin(
        scenario(hand=["4 AGL", "1 MOV", "2 MOV", "3 MOV"], character="hobbit", level=3), combat(4)
    )
    assert C.monster(4, 3).name == "Wright"
    act(s, ("fight",), ("effort", card("4 AGL")))
    assert s.hp == 3 and ("skill", "determination") in s.options
    act(s, ("skill", "determination"))
    assert s.prompt == "lose-hp"
    events = act(s, ("discard", card("1 MOV")))
    assert s.hp == 2 and first(events, "melee").won is True


@covers("skill:recycle", "item:vampiric-arrow")
def test_faq_q9_recycle_after_a_vampiric_arrow_gives_a_plain_arrow() -> None:
    s = begin(
        scenario(
            hand=["1 INT", "4 MOV"], character="ranger", items=["vampiric-arrow"], deck=["1 STR"]
        ),
        combat(3),
    )
    act(s, ("fight",), ("shoot", "vampiric"))
    assert s.prompt == "ranged-end"
    act(s, ("skill", "recycle"))
    assert s.arrows == 1 and s.items == []


@covers("room:training-hall/train-str")
def test_faq_q10_str_2_to_4_costs_18_then_27() -> None:
    s = begin(scenario(hand=["3 MOV", "4 INT"], room="training-hall", STR=2, gold=45))
    train = _action(s, "train-str")
    act(s, train)
    assert (s.STR, s.gold) == (3, 27)
    act(s, train)
    assert (s.STR, s.gold) == (4, 0)


# ---- 6.1 scoring -----------------------------------------------------------------------------------


def test_scoring_example_6100_points() -> None:
    s = scenario(
        hand=["3 MOV"],
        level=8,
        amulet=True,
        gold=27,
        fruits=1,
        potions=["potion-of-stamina", "potion-of-perfume"],
    )
    s.outcome = "escaped"
    assert score(s).total == 5000 + 270 + 10 + 2 * 10 + 8 * 100 == 6100


def test_scoring_a_lost_game_is_worth_0() -> None:
    s = scenario(hand=["3 MOV"], level=8, amulet=True, gold=27)
    s.outcome = "lost"
    assert score(s).total == 0


def test_scoring_training_mode_is_worth_0() -> None:
    s = scenario(hand=["3 MOV"], level=3, gold=27)
    s.outcome, s.training = "escaped", True
    assert score(s).total == 0


def test_origin_is_where_the_first_room_lies() -> None:
    assert at(0, 0) == ORIGIN
