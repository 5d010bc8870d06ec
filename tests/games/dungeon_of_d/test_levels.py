"""Rulebook 3.6-3.7, 4.1, 5.7 and 6: levels and skulls, the Mystic Portal, the Pit of
Darkness and the Ice Dragon, the Amulet of D'eugor, escaping, scoring and FIFO timing."""

from __future__ import annotations

from companion.games.dungeon_of_d import events as EV
from companion.games.dungeon_of_d import mechanics as R
from companion.games.dungeon_of_d import score
from companion.games.dungeon_of_d.state import ORIGIN
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
)


def _action(s, action_id: str) -> tuple:  # type: ignore[no-untyped-def]
    room = C.rooms[s.grid[s.pos]]
    return ("act", next(a.index for a in room.actions if a.id == action_id))


# ---- skulls ----------------------------------------------------------------------------------------


def test_skulls_level_3_has_2_and_level_7_has_4() -> None:
    assert (C.skulls(3), C.skulls(7)) == (2, 4)


def test_plus_on_a_price_adds_the_skulls_peculiar_shop_level_3_potion_costs_3() -> None:
    s = begin(
        scenario(hand=["1 STR", "2 STR"], room="peculiar-shop", level=3, gold=5, character="thief")
    )
    events = act(s, _action(s, "buy-potion"))
    assert first(events, "pay").amount == 3 and s.gold == 2


def test_plus_on_a_test_adds_the_skulls_4_plus_agl_on_level_3_is_6() -> None:
    s = scenario(hand=["1 STR"], level=3)
    assert R.plus(s, "4+") == 6 and R.plus(s, "12") == 12


def test_plus_on_gold_gained_adds_the_skulls() -> None:
    s = begin(
        scenario(
            hand=["1 STR", "2 STR", "3 STR"], room="treasure-vault", level=7, AGL=1, deck=["5 MOV"]
        )
    )
    act(s, _action(s, "slip-in"), ("effort", card("3 STR")))  # 3 + 5 + 1 >= 5 + 4 skulls
    assert s.gold == 8 and s.pos in s.exhausted  # 4+ gold with 4 skulls


# ---- the Mystic Portal --------------------------------------------------------------------------------


def test_mystic_portal_takes_you_down_one_level_into_a_new_room_deck_and_the_turn_ends() -> None:
    for seed in range(30):
        s = begin(
            scenario(
                hand=["1 STR", "2 STR", "3 STR"], room="mystic-portal", level=2, gold=4, seed=seed
            )
        )
        turn = s.turn
        events = act(s, _action(s, "descend"))
        assert s.level == 3 and EV.LevelStarts(3) in events
        assert (
            len(s.grid) + len(s.room_deck) == 9
            and C.portal_room in list(s.grid.values()) + s.room_deck
        )
        arrival = first(events, "arrive")
        assert arrival.pos == ORIGIN and "check1" not in kinds(
            events[: kinds(events).index("arrive")]
        )
        if not C.rooms[arrival.room].automatic(3):  # nothing to do on arrival: the turn is over
            assert s.prompt == "turn" and s.turn == turn + 1
            assert s.gold == 4 and s.hp == 3  # the hero keeps everything
            return
    raise AssertionError("no seed arrives in a quiet room")


ESCAPE = next(a for a in C.rooms["mystic-portal"].actions if a.id == "escape")
"""The portal's way out: an INT 3+ test from the level its gate opens (5, tuned with the simulator)."""


@covers("room:mystic-portal/escape")
def test_escape_through_the_portal_from_its_gate_level_wins_the_game() -> None:
    level = ESCAPE.lowest
    assert level == 5
    assert "escape" not in [
        C.rooms["mystic-portal"].actions[a[1]].id
        for a in begin(
            scenario(hand=["1 STR", "2 STR"], room="mystic-portal", level=level - 1)
        ).options
        if a[0] == "act"
    ]
    s = begin(
        scenario(
            hand=["4 STR", "2 STR"], room="mystic-portal", level=level, gold=12, deck=["2 MOV"]
        )
    )
    events = act(s, _action(s, "escape"), ("effort", card("4 STR")))  # 4 + 2 >= 3 + 3 skulls
    assert s.outcome == "escaped" and EV.Escaped(False) in events
    assert score(s).total == 120 + 100 * level


def test_failing_the_escape_test_costs_1_hp() -> None:
    s = begin(
        scenario(
            hand=["1 STR", "2 STR", "3 STR"],
            room="mystic-portal",
            level=ESCAPE.lowest,
            deck=["1 MOV"],
        )
    )
    act(s, _action(s, "escape"), ("effort", card("1 STR")))
    assert s.prompt == "lose-hp"
    act(s, ("discard", card("2 STR")))
    assert s.outcome is None and s.hp == 1 and s.level == ESCAPE.lowest


# ---- the Pit of Darkness, the Ice Dragon and the Amulet ---------------------------------------------


def test_pit_of_darkness_is_only_in_level_8() -> None:
    s = begin(scenario(hand=["1 STR", "2 STR"], room="mystic-portal", level=6))
    act(s, _action(s, "descend"))
    assert C.special_room not in list(s.grid.values()) + s.room_deck + s.unused_rooms


def test_defeating_the_ice_dragon_in_the_pit_takes_the_amulet() -> None:
    s = begin(
        scenario(
            hand=["5 INT", "5 AGL", "5 STR", "4 STR", "4 INT", "4 MOV"],
            room="pit-of-darkness",
            level=8,
            INT=2,
            AGL=2,
            STR=4,
            deck=["5 INT b", "5 STR b", "5 AGL b", "5 MOV", "1 AGL", "4 AGL", "1 MOV"],
        )
    )
    act(s, _action(s, "enter"), ("effort", card("5 INT")), ("effort", card("5 AGL")))
    assert s.prompt == "combat"
    act(s, ("fight",), ("effort", card("5 STR")))  # bonus 1 AGL; second 4 AGL: 5 + 4 + 4 >= 13
    events = act(s, ("guess", 5))  # the CHECK1 is a 1: the dragon stays down
    assert s.amulet and s.pos in s.exhausted and s.gold == 9 and "amulet" in kinds(events)


def test_the_amulet_is_worth_5000_when_you_escape_with_it() -> None:
    s = scenario(hand=["1 STR"], level=8, amulet=True)
    s.outcome = "escaped"
    assert score(s).amulet == 5000 and score(s).total == 5800


def test_the_ice_dragon_is_monster_4_of_level_8() -> None:
    s = begin(scenario(hand=["1 STR", "2 STR"], level=8), combat(4))
    assert R.monster(s, 4).name == "Ice Dragon"


# ---- timing: first in, first out (5.7) ----------------------------------------------------------------


def test_timing_fifo_effects_that_start_together_resolve_in_the_order_they_came() -> None:
    # A Vampire's lost round: its Curse is printed first, so the gold goes before anything else;
    # and a MOVE's wandering monster comes before the room's automatic action (see test_turn).
    s = begin(
        scenario(hand=["1 STR", "1 INT", "2 MOV"], level=7, gold=10, deck=["1 AGL", "1 MOV"]),
        combat(2),
    )
    events = fight(s) + act(s, ("effort", card("1 STR")))
    assert kinds(events).index("melee") < kinds(events).index("cursed")


def test_timing_fifo_the_poison_of_the_turn_bites_after_everything_the_turn_did() -> None:
    s = begin(
        scenario(
            hand=["1 STR", "2 STR", "3 STR"],
            poisoned=True,
            room_deck=["boulder-trap"],
            deck=["5 INT", "5 AGL", "1 MOV"],
        )
    )
    events = act(s, ("move", card("3 STR"), "e"), ("effort", card("2 STR")))
    order = kinds(events)
    assert order.index("action") < order.index("test") < order.index("poison-check")


def test_timing_fifo_several_rewards_come_in_printed_order() -> None:
    s = begin(
        scenario(
            hand=["1 STR", "2 STR", "5 STR"],
            room="guardian-monster",
            level=5,
            STR=2,
            deck=["1 AGL", "5 AGL", "3 MOV"],
        )
    )
    events = act(s, _action(s, "challenge-master"), ("fight",), ("effort", card("5 STR")))
    rewards = [e.kind for e in events if e.kind in ("get", "gold", "exhaust")]
    assert rewards == [
        "gold",
        "get",
        "gold",
        "exhaust",
    ]  # the monster's gold, then the card's rewards in order
