"""Rulebook 5.1-5.3 and 5.6: REST, DO ACTION, MOVE, teleports, REVEAL and EXHAUST."""

from __future__ import annotations

from companion.games.dungeon_of_d import check_invariants
from companion.games.dungeon_of_d import events as EV
from companion.games.dungeon_of_d.events import RoomDrawn
from tests.games.dungeon_of_d.helpers import (
    C,
    act,
    at,
    begin,
    card,
    covers,
    fight,
    first,
    kinds,
    scenario,
)


def _action(s, action_id: str) -> tuple:  # type: ignore[no-untyped-def]
    room = C.rooms[s.grid[s.pos]]
    return ("act", next(a.index for a in room.actions if a.id == action_id))


def _room_actions(s) -> list[str]:  # type: ignore[no-untyped-def]
    room = C.rooms[s.grid[s.pos]]
    return [room.actions[a[1]].id for a in s.options if a[0] == "act"]


# ---- REST (5.1) -------------------------------------------------------------------------------


def test_rest_needs_a_fruit() -> None:
    assert ("rest",) not in begin(scenario(hand=["1 STR", "2 STR"], fruits=0)).options
    assert ("rest",) in begin(scenario(hand=["1 STR", "2 STR"], fruits=1)).options


def test_rest_eats_one_fruit() -> None:
    s = begin(scenario(hand=["1 STR", "2 STR"], fruits=3))
    act(s, ("rest",), ("done",))
    assert s.fruits == 2


def test_rest_always_leaves_at_least_one_card_in_hand() -> None:
    s = begin(scenario(hand=["1 STR", "2 STR"], fruits=1, room="ancient-library"))
    act(s, ("rest",), ("discard", card("1 STR")))
    # One card left: no more discarding, the REST finishes at once.
    assert s.prompt == "turn" and s.hp == 9


def test_rest_draws_up_to_9_minus_the_danger_level() -> None:
    s = begin(scenario(hand=["1 STR"], fruits=1, room="forgotten-arena"))
    act(s, ("rest",))
    assert C.rooms["forgotten-arena"].danger == 3 and s.hp == 6


def test_rest_shuffles_the_discard_pile_into_the_power_deck() -> None:
    s = begin(
        scenario(
            hand=["1 STR", "2 STR", "3 STR"],
            discard=["5 AGL", "4 AGL"],
            fruits=1,
            room="ancient-library",
        )
    )
    events = act(s, ("rest",), ("discard", card("1 STR")), ("done",))
    assert s.discard == [] and "reshuffle" in kinds(events)
    assert card("1 STR") in s.deck + s.hand and card("5 AGL") in s.deck + s.hand


def test_rest_ends_the_poison() -> None:
    s = begin(
        scenario(hand=["1 STR", "2 STR"], fruits=1, poisoned=True, deck=["5 STR", "5 INT", "5 AGL"])
    )
    act(s, ("rest",), ("done",))
    assert not s.poisoned


# ---- DO ACTION (5.2) ------------------------------------------------------------------------------


def test_automatic_actions_are_never_chosen() -> None:
    s = begin(scenario(hand=["1 STR", "2 STR"], room="boulder-trap", level=3))
    assert _room_actions(s) == ["dig"]


def test_automatic_action_happens_when_you_move_in() -> None:
    s = begin(
        scenario(
            hand=["1 STR", "2 STR", "3 STR"],
            room="training-hall",
            room_deck=["boulder-trap"],
            deck=["5 INT", "1 AGL"],
        )
    )
    events = act(s, ("move", card("3 STR"), "n"))
    assert (
        EV.ActionStarts("boulder-trap", "rolling-boulder") in events and s.prompt == "test-effort"
    )


@covers("room:boulder-trap/dig")
def test_level_gated_action_a_ge_3() -> None:
    assert "dig" not in _room_actions(
        begin(scenario(hand=["1 STR", "2 STR"], room="boulder-trap", level=2))
    )
    s = begin(
        scenario(
            hand=["1 STR", "2 STR"], room="boulder-trap", level=3, deck=["5 INT", "5 MOV", "3 AGL"]
        )
    )
    events = act(s, _action(s, "dig"), ("effort", card("2 STR")))  # 2 + 5 >= 4 + 2 skulls
    assert first(events, "test").won and s.gold == 4 and len(s.items) == 1 and s.pos in s.exhausted


def test_level_gated_action_a_ge_5() -> None:
    assert "climb-high" not in _room_actions(
        begin(scenario(hand=["1 STR"], items=["rope"], room="steep-chasm", level=4))
    )
    assert "climb-high" in _room_actions(
        begin(scenario(hand=["1 STR"], items=["rope"], room="steep-chasm", level=5))
    )


@covers("room:mystic-portal/descend")
def test_level_gated_action_a_lt_8() -> None:
    assert "descend" in _room_actions(
        begin(scenario(hand=["1 STR", "2 STR"], room="mystic-portal", level=7))
    )
    assert "descend" not in _room_actions(
        begin(scenario(hand=["1 STR", "2 STR"], room="mystic-portal", level=8))
    )


def test_actions_that_need_an_item_are_offered_only_with_it() -> None:
    assert "search" not in _room_actions(
        begin(scenario(hand=["1 STR", "2 STR"], room="dark-storeroom"))
    )
    assert "search" in _room_actions(
        begin(scenario(hand=["1 STR", "2 STR"], room="dark-storeroom", items=["lantern"]))
    )


def test_a_price_is_paid_first_and_only_if_you_have_the_gold() -> None:
    shop = {"hand": ["1 STR", "2 STR"], "room": "peculiar-shop", "character": "thief"}
    assert "buy-potion" not in _room_actions(begin(scenario(**shop, gold=1)))
    s = begin(scenario(**shop, gold=5))
    events = act(s, _action(s, "buy-potion"))
    assert first(events, "pay").amount == 2 and s.gold == 3 and len(s.potions) == 1


def test_continuous_actions_continue_after_a_lost_test_unless_told_to_stop() -> None:
    s = begin(
        scenario(hand=["1 STR", "2 STR", "3 STR"], room="large-chest", deck=["1 MOV", "3 INT"])
    )
    events = act(s, _action(s, "open"), ("effort", card("1 STR")), ("discard", card("2 STR")))
    assert "check1" in kinds(events)  # the + step came after the lost test


def test_an_exhausted_room_has_no_actions_not_even_automatic_ones() -> None:
    s = begin(scenario(hand=["1 STR", "2 STR"], room="training-hall", gold=79, exhausted=[(0, 0)]))
    assert _room_actions(s) == []
    s = begin(
        scenario(
            hand=["1 STR", "2 STR", "3 STR"],
            grid={(0, 0): "training-hall", (0, -1): "boulder-trap"},
            exhausted=[(0, -1)],
            deck=["5 INT"],
        )
    )
    events = act(s, ("move", card("3 STR"), "n"))
    assert "action" not in kinds(events) and s.prompt == "turn"


# ---- MOVE (5.3) -------------------------------------------------------------------------------------


def test_move_the_played_card_goes_to_the_wandering_monster_place_then_the_discard_pile() -> None:
    s = begin(
        scenario(hand=["1 STR", "2 STR", "4 INT"], room_deck=["ancient-library"], deck=["5 INT"])
    )
    events = act(s, ("move", card("4 INT"), "e"))
    assert (
        EV.WanderCard(card("4 INT")) in events and s.wander == -1 and s.discard[-1] == card("4 INT")
    )


def test_move_with_a_mov_card_draws_a_bonus_card() -> None:
    s = begin(
        scenario(hand=["1 STR", "2 MOV"], room_deck=["ancient-library"], deck=["3 AGL", "5 INT"])
    )
    act(s, ("move", card("2 MOV"), "e"))
    assert sorted(s.hand) == sorted([card("1 STR"), card("3 AGL")])
    s = begin(scenario(hand=["1 STR", "2 INT"], room_deck=["ancient-library"], deck=["5 INT"]))
    act(s, ("move", card("2 INT"), "e"))
    assert s.hand == [card("1 STR")]


def test_move_no_diagonal_only_four_directions() -> None:
    s = begin(scenario(hand=["1 STR", "2 STR"]))
    assert {a[2] for a in s.options if a[0] == "move"} == {"n", "e", "s", "w"}


def test_move_into_an_unrevealed_space_reveals_the_top_room_card_there() -> None:
    s = begin(
        scenario(
            hand=["1 STR", "2 STR"], room_deck=["ancient-library", "prison-cells"], deck=["5 INT"]
        )
    )
    act(s, ("move", card("2 STR"), "w"))
    assert s.grid[at(-1, 0)] == "ancient-library" and s.pos == at(-1, 0) and len(s.room_deck) == 7


def test_move_into_a_revealed_room_draws_no_room_card() -> None:
    s = begin(
        scenario(
            hand=["1 STR", "2 STR"],
            grid={(0, 0): "training-hall", (0, 1): "ancient-library"},
            deck=["5 INT"],
        )
    )
    deck = list(s.room_deck)
    act(s, ("move", card("2 STR"), "s"))
    assert s.room_deck == deck and s.grid[s.pos] == "ancient-library"


def test_no_move_into_the_unknown_when_the_room_deck_is_empty() -> None:
    grid = {
        (i, 0): r
        for i, r in enumerate(
            [
                "training-hall",
                "ancient-library",
                "prison-cells",
                "healing-fountain",
                "mystic-portal",
                "large-chest",
                "hidden-door",
                "peculiar-shop",
                "forsaken-chapel",
            ]
        )
    }
    s = begin(scenario(hand=["1 STR", "2 STR"], grid=grid))
    assert s.room_deck == []
    assert {a[2] for a in s.options if a[0] == "move"} == {"e"}


def test_wandering_monster_check_above_the_danger_level_meets_nothing() -> None:
    s = begin(scenario(hand=["1 STR", "2 STR"], room_deck=["dark-storeroom"], deck=["3 INT"]))
    events = act(s, ("move", card("2 STR"), "e"))
    assert "combat" not in kinds(events) and s.prompt == "turn"


def test_wandering_monster_check_at_the_danger_level_meets_the_played_cards_monster() -> None:
    played = card("1 AGL")
    s = begin(scenario(hand=["1 AGL", "2 STR"], room_deck=["dark-storeroom"], deck=["2 INT"]))
    events = act(s, ("move", played, "e"))
    slot = C.slot[played]
    assert (first(events, "combat").slot, first(events, "combat").monster) == (
        slot,
        C.monster(slot, 1).name,
    )


def test_wandering_monster_then_the_rooms_automatic_action() -> None:
    s = begin(
        scenario(
            hand=["5 STR", "4 STR", "3 MOV"],
            room_deck=["boulder-trap"],
            deck=["1 INT", "1 MOV", "2 AGL", "5 AGL"],
        )
    )
    events = act(s, ("move", card("3 MOV"), "e"))  # bonus 1 INT, CHECK1 1 MOV: a monster
    assert "combat" in kinds(events) and "action" not in kinds(events)
    events = fight(s) + act(s, ("effort", card("5 STR")))  # bonus 2 AGL, second 5 AGL: it falls
    assert kinds(events).index("defeat") < kinds(events).index("action")
    assert (
        EV.ActionStarts("boulder-trap", "rolling-boulder") in events and s.prompt == "test-effort"
    )


# ---- teleport (5.3) -------------------------------------------------------------------------------


@covers("room:hidden-door/secret-passage")
def test_teleport_no_wandering_check_but_automatic_actions_then_the_turn_ends() -> None:
    s = begin(
        scenario(
            hand=["5 INT", "2 STR", "3 STR"],
            grid={(0, 0): "hidden-door", (3, 3): "boulder-trap"},
            deck=["1 MOV", "5 MOV", "2 AGL"],
        )
    )
    turn = s.turn
    act(s, _action(s, "secret-passage"), ("effort", card("5 INT")))  # 5 + 1 >= 3 + 1
    assert s.prompt == "teleport"
    events = act(s, ("teleport", at(3, 3)))
    assert (
        "check1" not in kinds(events[:2])
        and EV.ActionStarts("boulder-trap", "rolling-boulder") in events
    )
    assert s.prompt == "test-effort" and s.turn == turn
    act(s, ("effort", card("2 STR")))
    assert s.turn == turn + 1 and s.prompt == "turn"


# ---- REVEAL and EXHAUST (5.6) -----------------------------------------------------------------------


@covers("item:spelunkers-glasses")
def test_reveal_places_a_room_card_next_to_a_revealed_room_never_diagonally() -> None:
    s = begin(
        scenario(
            hand=["1 STR", "2 STR"],
            items=["spelunkers-glasses"],
            room="large-chest",
            room_deck=["ancient-library"],
        )
    )
    glasses = s.items[0]
    act(s, ("use", glasses))
    assert s.prompt == "reveal"
    assert {a[1] for a in s.options} == {at(0, -1), at(1, 0), at(0, 1), at(-1, 0)}
    act(s, ("place", at(0, 1)))
    assert s.grid[at(0, 1)] == "ancient-library" and s.pos == at(0, 0) and s.items == [glasses]
    assert ("use", glasses) not in s.options  # once per level


def test_reveal_draws_the_room_card_and_shows_it_before_asking_where_it_goes() -> None:
    # rulebook 5.6: draw X room cards from the room deck, then place them face up
    s = begin(
        scenario(
            hand=["1 STR", "2 STR"],
            specials=["dungeon-map"],
            room_deck=["healing-fountain", "forgotten-arena"],
        )
    )
    events = act(s, ("use", s.specials[0]))
    assert s.prompt == "reveal"
    assert [e.room for e in events if isinstance(e, RoomDrawn)] == ["healing-fountain"]
    assert "healing-fountain" not in s.room_deck and s.stack[-1].room == "healing-fountain"
    check_invariants(s)  # the drawn card is counted in the hand of the rule, not lost
    events = act(s, ("place", at(0, 1)))
    assert s.grid[at(0, 1)] == "healing-fountain"
    assert [e.room for e in events if isinstance(e, RoomDrawn)] == ["forgotten-arena"]
    act(s, ("place", at(0, -1)))
    assert s.grid[at(0, -1)] == "forgotten-arena" and s.prompt == "turn"


def test_the_last_room_card_drawn_by_a_reveal_can_still_be_placed() -> None:
    rooms = ["training-hall", "ancient-library", "prison-cells", "healing-fountain"]
    rooms += ["large-chest", "hidden-door", "peculiar-shop", "forsaken-chapel"]
    s = begin(
        scenario(
            hand=["1 STR", "2 STR"],
            specials=["dungeon-map"],
            grid={(i, 0): r for i, r in enumerate(rooms)},
        )
    )
    assert s.room_deck == ["mystic-portal"]
    act(s, ("use", s.specials[0]))
    assert s.prompt == "reveal" and not s.room_deck  # drawn: the deck is empty, the card in sight
    act(s, ("place", at(0, 1)))
    assert s.grid[at(0, 1)] == "mystic-portal" and s.prompt == "turn"  # no card for the second


def test_reveal_is_impossible_when_the_room_deck_is_empty() -> None:
    grid = {
        (i, 0): r
        for i, r in enumerate(
            [
                "training-hall",
                "ancient-library",
                "prison-cells",
                "healing-fountain",
                "mystic-portal",
                "large-chest",
                "hidden-door",
                "peculiar-shop",
                "forsaken-chapel",
            ]
        )
    }
    s = begin(scenario(hand=["1 STR", "2 STR"], items=["spelunkers-glasses"], grid=grid))
    assert not any(a[0] == "use" for a in s.options)
