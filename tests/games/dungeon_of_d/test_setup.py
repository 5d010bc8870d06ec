"""Rulebook 4 and 4.1: setting up the game and each dungeon level."""

from __future__ import annotations

import pytest

from companion.errors import CompanionError
from companion.games.dungeon_of_d import apply, new_game
from companion.games.dungeon_of_d import events as EV
from companion.games.dungeon_of_d.state import ORIGIN
from tests.games.dungeon_of_d.helpers import C, act, begin, card, first, kinds, scenario


def test_setup_a_random_character_0_gold_2_fruits_and_9_power_cards() -> None:
    s = new_game(1)
    assert s.character in C.characters and s.skills == [s.character]
    assert (s.gold, s.fruits, s.arrows, s.STR, s.INT, s.AGL) == (0, 2, 0, 0, 0, 0)
    assert s.hp == 9 and len(s.deck) == 31 and s.discard == []
    assert sorted(s.characters + s.skills) == sorted(C.characters)


def test_setup_the_character_is_random_by_seed() -> None:
    assert len({new_game(seed).character for seed in range(30)}) > 5


def test_setup_you_may_choose_your_character() -> None:
    s = new_game(1, character="Hobbit")
    assert s.character == "hobbit" and "hobbit" not in s.characters and len(s.characters) == 17
    with pytest.raises(CompanionError, match="no character 'Troll'"):
        new_game(1, character="Troll")


def test_heros_blessing_discards_any_number_then_redraws_as_many_once() -> None:
    s = new_game(2)
    assert s.prompt == "blessing" and s.level == 0
    thrown = s.hand[:3]
    for c in thrown:
        s, _ = apply(s, ("discard", c))
    s, events = apply(s, ("done",))
    assert s.hp == 9 and set(thrown) <= set(s.discard)
    assert kinds(events).count("draw") == 3
    assert s.prompt != "blessing" and s.level == 1


def test_heros_blessing_may_keep_the_whole_hand() -> None:
    s = new_game(3)
    s, events = apply(s, ("done",))
    assert "draw" not in kinds(events) and "discard" not in kinds(events)


def test_level_setup_room_deck_of_9_with_the_mystic_portal_levels_1_to_7() -> None:
    for seed in range(20):
        s, _ = apply(new_game(seed), ("done",))
        rooms = list(s.grid.values()) + s.room_deck
        assert len(rooms) == 9 and C.portal_room in rooms and C.special_room not in rooms
        assert len(s.unused_rooms) == 9 and not set(s.unused_rooms) & set(rooms)


def test_level_setup_first_room_drawn_and_the_hero_placed_on_it() -> None:
    s, events = apply(new_game(4), ("done",))
    arrive = first(events, "arrive")
    assert EV.LevelStarts(1) in events and arrive.pos == ORIGIN and s.grid[ORIGIN] == arrive.room


def test_level_setup_first_rooms_automatic_action_is_done() -> None:
    for seed in range(400):
        probe, events = apply(new_game(seed), ("done",))
        if probe.grid[ORIGIN] == "boulder-trap":
            assert EV.ActionStarts("boulder-trap", "rolling-boulder") in events
            return
    pytest.fail("no seed starts in the Boulder Trap")


def test_level_8_room_deck_has_7_rooms_the_portal_and_the_pit() -> None:
    s = begin(scenario(hand=["3 MOV", "4 INT", "5 AGL", "5 STR"], room="mystic-portal", level=7))
    act(s, ("act", 0))
    rooms = list(s.grid.values()) + s.room_deck
    assert s.level == 8 and len(rooms) == 9
    assert C.portal_room in rooms and C.special_room in rooms and len(s.unused_rooms) == 10


def test_setup_power_deck_is_shuffled_by_the_seed() -> None:
    assert new_game(5).deck != new_game(6).deck
    assert new_game(5).deck == new_game(5).deck


def test_move_cards_are_numbered_in_file_order() -> None:
    assert C.label(card("3 MOV b")) == "3 MOV (b)"
