"""Rulebook 5.4, 5.4.1 and 5.5: combat, monster abilities, tests, CHECK1 and GUESS1."""

from __future__ import annotations

from companion.games.dungeon_of_d import mechanics as R
from companion.games.dungeon_of_d.frames import TestFrame
from tests.games.dungeon_of_d.helpers import (
    C,
    act,
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

# ---- run away -----------------------------------------------------------------------------------


def test_run_away_discard_power_plus_int_reaching_the_monsters_int() -> None:
    s = begin(
        scenario(hand=["2 STR", "1 STR", "5 INT"], INT=1, level=2), combat(4)
    )  # Kobold Shaman INT 5
    act(s, ("run",), ("discard", card("2 STR")))
    assert s.prompt == "run-away"  # 2 + 1 < 5
    act(s, ("discard", card("1 STR")))  # 3 + 1 < 5: the last card must go too
    assert s.outcome == "lost" and s.hp == 0


def test_run_away_is_not_offered_when_the_hand_cannot_reach_the_monsters_int() -> None:
    s = begin(scenario(hand=["1 STR", "1 INT", "2 MOV"], level=2), combat(4))
    assert s.prompt == "melee-effort"  # 1 + 1 + 2 < 5: fighting was the only choice, taken at once


def test_run_away_costs_nothing_when_your_int_already_reaches_the_monsters() -> None:
    s = begin(scenario(hand=["1 STR", "2 STR"], INT=1), combat(1))  # Orc INT 1
    events = act(s, ("run",))
    assert "ran-away" in kinds(events) and s.hp == 2 and s.prompt == "turn"


def test_running_away_loses_the_combat_no_gold() -> None:
    s = begin(scenario(hand=["5 STR", "2 STR"]), combat(1))
    act(s, ("run",), ("discard", card("2 STR")))
    assert s.gold == 0


# ---- ranged attack --------------------------------------------------------------------------------


def test_ranged_attack_only_with_an_arrow() -> None:
    s = begin(scenario(hand=["5 STR", "2 STR"]), combat(1))
    fight(s)
    assert s.prompt == "melee-effort"


def test_ranged_attack_check1_plus_agl_reaching_the_monsters_agl_defeats_it() -> None:
    s = begin(
        scenario(hand=["5 STR", "2 STR"], arrows=2, AGL=1, deck=["1 MOV"]), combat(1)
    )  # Orc AGL 2
    fight(s)
    events = act(s, ("shoot", "arrow"))
    assert (
        first(events, "ranged").total,
        first(events, "ranged").target,
        first(events, "ranged").hit,
    ) == (2, 2, True)
    assert s.gold == 1 and s.arrows == 1 and s.prompt == "turn" and "melee" not in kinds(events)


def test_ranged_miss_goes_on_to_melee() -> None:
    s = begin(
        scenario(hand=["5 STR", "2 STR"], arrows=1, deck=["1 MOV"]), combat(3)
    )  # Giant Bat AGL 4
    fight(s)
    events = act(s, ("shoot", "arrow"))
    assert not first(events, "ranged").hit and s.prompt == "melee-effort" and s.arrows == 0


def test_ranged_attack_once_per_fight_choice() -> None:
    s = begin(
        scenario(hand=["1 STR", "2 STR", "3 INT"], arrows=3, deck=["1 MOV", "1 AGL", "1 INT"]),
        combat(3),
    )
    fight(s)
    act(s, ("shoot", "arrow"), ("effort", card("1 STR")))  # a miss; then 1 + 1 < 6 in melee
    act(s, ("discard", card("1 AGL")))
    assert s.prompt == "combat" and s.arrows == 2
    act(s, ("fight",))
    assert s.prompt == "ranged"  # a new Fight: one more ranged attack


@covers("item:magic-arrow")
def test_magic_arrow_is_discarded_and_adds_to_the_shot() -> None:
    s = begin(scenario(hand=["1 STR", "2 STR"], items=["magic-arrow"], deck=["1 MOV"]), combat(3))
    arrow = s.items[0]
    fight(s)
    events = act(s, ("shoot", "magic"))
    assert (
        (first(events, "ranged").total, first(events, "ranged").target, first(events, "ranged").hit)
        == (3, 4, False)
        and arrow in s.discard
        and s.items == []
    )


def test_vampiric_arrow_heals_when_it_hits() -> None:
    s = begin(
        scenario(hand=["1 STR", "2 STR"], items=["vampiric-arrow"], AGL=2, deck=["3 MOV", "5 AGL"]),
        combat(3),
    )
    fight(s)
    events = act(s, ("shoot", "vampiric"))
    assert first(events, "ranged").hit and s.hp == 3 and "draw" in kinds(events)


# ---- melee ---------------------------------------------------------------------------------------


def test_melee_str_first_effort_card_draws_a_bonus_card() -> None:
    s = begin(scenario(hand=["3 STR", "2 INT"], deck=["1 AGL", "4 MOV"]), combat(1))
    fight(s)
    events = act(s, ("effort", card("3 STR")))
    assert first(events, "bonus").card == card("1 AGL") and (
        first(events, "melee").total,
        first(events, "melee").target,
        first(events, "melee").won,
    ) == (7, 5, True)


def test_melee_other_first_effort_cards_draw_no_bonus() -> None:
    s = begin(scenario(hand=["3 INT", "2 INT"], deck=["4 MOV"]), combat(1))
    fight(s)
    events = act(s, ("effort", card("3 INT")))
    assert "bonus" not in kinds(events)


def test_melee_effort_plus_str_against_the_monsters_str() -> None:
    s = begin(scenario(hand=["1 INT", "2 INT"], STR=2, deck=["2 MOV"]), combat(1))  # Orc STR 5
    fight(s)
    events = act(s, ("effort", card("1 INT")))
    assert (
        first(events, "melee").total,
        first(events, "melee").target,
        first(events, "melee").won,
    ) == (5, 5, True) and s.gold == 1


def test_melee_lost_round_costs_1_hp_and_the_combat_starts_again() -> None:
    s = begin(scenario(hand=["1 INT", "2 INT", "3 INT"], deck=["1 MOV"]), combat(1))
    fight(s)
    act(s, ("effort", card("1 INT")))
    assert s.prompt == "lose-hp"
    act(s, ("discard", card("2 INT")))
    assert s.prompt in ("combat", "melee-effort") and s.hp == 1 and card("1 INT") in s.discard


# ---- monster abilities (5.4.1) --------------------------------------------------------------------


def test_poison_a_lost_round_gives_the_poisoned_card_instead_of_1_hp() -> None:
    s = begin(scenario(hand=["1 INT", "2 INT", "3 INT"], deck=["1 MOV"]), combat(2))  # Giant Rat
    fight(s)
    act(s, ("effort", card("1 INT")))
    assert s.poisoned and s.hp == 2


def test_steal_takes_an_item_of_your_choice_instead_of_1_hp() -> None:
    s = begin(
        scenario(
            hand=["1 INT", "2 INT", "3 INT"],
            items=["lantern", "rope"],
            potions=["liquid-gold"],
            deck=["1 MOV"],
        ),
        combat(4),
    )  # Goblin Thief steals
    fight(s)
    act(s, ("effort", card("1 INT")))
    assert s.prompt == "stolen" and len(s.options) == 3
    rope = s.items[1]
    act(s, ("lose", rope))
    assert s.items != [] and rope in s.discard and s.hp == 2


def test_steal_with_nothing_to_take_costs_1_hp() -> None:
    s = begin(scenario(hand=["1 INT", "2 INT", "3 INT"], fruits=3, deck=["1 MOV"]), combat(4))
    fight(s)
    act(s, ("effort", card("1 INT")))
    assert s.prompt == "lose-hp" and s.fruits == 3


def test_steal_never_takes_the_amulet() -> None:
    s = begin(
        scenario(hand=["1 INT", "2 INT", "3 INT"], amulet=True, deck=["1 MOV"], level=4), combat(4)
    )
    fight(s)
    act(s, ("effort", card("1 INT")))
    assert s.amulet and s.prompt == "lose-hp"


def test_regenerate_a_right_guess_brings_the_monster_back() -> None:
    s = begin(
        scenario(
            hand=["5 STR", "4 MOV", "3 MOV"],
            level=2,
            deck=["1 AGL", "5 INT", "4 INT", "1 MOV", "5 AGL", "2 AGL"],
        ),
        combat(2),
    )
    fight(s)
    act(s, ("effort", card("5 STR")))
    events = act(s, ("guess", 4))
    assert "regenerates" in kinds(events) and s.prompt == "combat" and s.gold == 3


def test_regenerate_many_times_each_defeat_pays_gold() -> None:
    s = begin(
        scenario(
            hand=["5 STR", "5 STR b", "4 MOV"],
            level=2,
            deck=["1 AGL", "5 INT", "4 INT", "1 MOV", "5 AGL", "2 AGL"],
        ),
        combat(2),
    )
    fight(s)
    act(s, ("effort", card("5 STR")), ("guess", 4))
    fight(s)
    events = act(s, ("effort", card("5 STR b")), ("guess", 3))
    assert s.gold == 6 and "stays-down" in kinds(events) and s.prompt == "turn"


@covers("item:smoke-bomb")
def test_smart_monsters_see_through_a_smoke_bomb() -> None:
    s = begin(
        scenario(hand=["1 INT", "2 INT"], items=["smoke-bomb"], level=2), combat(4)
    )  # Kobold Shaman: smart
    assert ("use", s.items[0]) not in s.options
    s = begin(scenario(hand=["1 INT", "2 INT"], items=["smoke-bomb"], level=2), combat(1))
    bomb = s.items[0]
    events = act(s, ("use", bomb))
    assert (
        "smoke" in kinds(events)
        and s.hp == 2
        and s.items == []
        and s.prompt == "turn"
        and s.gold == 0
    )


@covers("skill:distract")
def test_smart_monsters_are_not_distracted_by_the_bard() -> None:
    s = begin(
        scenario(hand=["1 INT", "2 INT", "4 STR"], character="bard", level=2), combat(4)
    )  # smart, INT 5
    act(s, ("run",), ("discard", card("4 STR")))
    assert s.prompt == "run-away"
    s = begin(
        scenario(hand=["1 INT", "2 INT", "4 STR"], character="bard", level=4), combat(1)
    )  # Ogre INT 1
    events = act(s, ("run",))
    assert "ran-away" in kinds(events) and s.hp == 3


@covers("skill:hawk-eye")
def test_flying_monsters_are_easier_for_the_elf() -> None:
    s = begin(
        scenario(hand=["1 INT", "2 INT"], character="elf", arrows=1, deck=["1 MOV"]), combat(3)
    )  # Giant Bat AGL 4
    fight(s)
    events = act(s, ("shoot", "arrow"))
    assert (
        first(events, "ranged").total,
        first(events, "ranged").target,
        first(events, "ranged").hit,
    ) == (3, 4, False)  # 1 + 1 + 1 (Flying)
    s = begin(
        scenario(hand=["1 INT", "2 INT"], character="elf", arrows=1, deck=["1 MOV"]), combat(1)
    )
    fight(s)
    events = act(s, ("shoot", "arrow"))
    assert (
        first(events, "ranged").total,
        first(events, "ranged").target,
        first(events, "ranged").hit,
    ) == (2, 2, True)


# ---- tests (5.5) -----------------------------------------------------------------------------------


def test_test_first_effort_of_the_same_type_draws_a_bonus_card() -> None:
    s = begin(scenario(hand=["3 AGL", "2 INT"], deck=["1 STR", "4 MOV"]), trial("AGL", 5))
    events = act(s, ("effort", card("3 AGL")))
    assert first(events, "bonus").card == card("1 STR") and (
        first(events, "test").stat,
        first(events, "test").difficulty,
        first(events, "test").total,
        first(events, "test").won,
    ) == (
        "AGL",
        5,
        7,
        True,
    )


def test_test_first_effort_of_another_type_draws_no_bonus() -> None:
    s = begin(scenario(hand=["3 AGL", "2 INT"], deck=["4 MOV"]), trial("INT", 9))
    events = act(s, ("effort", card("3 AGL")))
    assert "bonus" not in kinds(events) and (
        first(events, "test").stat,
        first(events, "test").difficulty,
        first(events, "test").total,
        first(events, "test").won,
    ) == ("INT", 9, 7, False)


def test_test_adds_the_tested_stat() -> None:
    s = begin(scenario(hand=["3 AGL", "2 INT"], INT=3, AGL=1, deck=["4 MOV"]), trial("INT", 10))
    events = act(s, ("effort", card("3 AGL")))
    assert first(events, "test").total == 10


def test_test_difficulty_with_plus_adds_the_levels_skulls() -> None:
    s = begin(
        scenario(
            hand=["1 STR", "2 STR", "3 STR"],
            grid={(0, 0): "training-hall", (0, -1): "boulder-trap"},
            level=3,
            deck=["5 INT", "5 MOV"],
        )
    )
    act(s, ("move", card("3 STR"), "n"))
    assert (
        isinstance(s.stack[-1], TestFrame) and s.stack[-1].difficulty == 4
    )  # 2+ with level 3's 2 skulls


def test_effort_cards_go_to_the_discard_pile_after_a_test() -> None:
    s = begin(scenario(hand=["3 AGL", "2 INT"], deck=["4 MOV"]), trial("INT", 9))
    act(s, ("effort", card("3 AGL")))
    assert s.effort == [] and s.discard[-2:] == [card("3 AGL"), card("4 MOV")]


# ---- GUESS1 ---------------------------------------------------------------------------------------


@covers("room:forsaken-chapel/pray")
def test_guess1_compares_a_spoken_number_with_the_check1() -> None:
    s = begin(
        scenario(hand=["1 STR", "2 STR"], room="forsaken-chapel", level=1, deck=["4 AGL", "2 MOV"])
    )
    room = C.rooms["forsaken-chapel"]
    pray = ("act", next(a.index for a in room.actions if a.id == "pray"))
    events = act(s, pray, ("guess", 4))
    assert (
        (first(events, "guess").guess, first(events, "guess").result, first(events, "guess").right)
        == (4, 4, True)
        and len(s.specials) == 1
        and s.pos in s.exhausted
    )
    s = begin(scenario(hand=["1 STR", "2 STR"], room="forsaken-chapel", level=3, deck=["4 AGL"]))
    events = act(s, pray, ("guess", 1))
    assert first(events, "guess").right is False and s.prompt == "lose-hp"


def test_no_frame_is_left_waiting_with_a_single_choice() -> None:
    s = begin(scenario(hand=["1 STR", "2 STR"]), combat(1))
    assert len(s.options) >= 2


def test_monster_stats_are_those_of_the_current_level() -> None:
    s = begin(scenario(hand=["1 STR", "2 STR"], level=5), combat(1))
    assert R.monster(s, 1).name == "Troll" and R.monster(s, 1).STR == 9
