"""The planner bot: it looks ahead over deals of the unseen cards only, it leaves the
Mystic Portal's gamble alone when the way out is one test away, and it says why with
the figures it used. (How well it plays is measured by benchmarks/dod_bots.py, not
here: a few games prove nothing either way.)"""

from __future__ import annotations

import random
from collections import Counter

from companion.games.dungeon_of_d import new_game, step
from companion.games.dungeon_of_d.actions import Act, Drink
from companion.games.dungeon_of_d.bots import Greedy, hint
from companion.games.dungeon_of_d.engine import loss_warning
from companion.games.dungeon_of_d.planner import Judgement, Planner, determinize
from companion.games.dungeon_of_d.simulate import simulate
from companion.games.dungeon_of_d.state import State
from tests.games.dungeon_of_d.helpers import C, begin, scenario


def _portal_at_hp_3() -> State:
    """Issue 33's moment: HP 3 on the Mystic Portal of level 6, three unknown potions,
    no Fruit, and the way out an INT test away."""
    return begin(
        scenario(
            hand=["5 INT", "3 STR", "2 MOV"],
            potions=["dragons-breath", "bitter-venom", "potion-of-teleport"],
            room="mystic-portal",
            level=6,
            INT=2,
        )
    )


def _escape(s: State) -> Act:
    return next(
        a
        for a in s.options
        if isinstance(a, Act) and C.rooms["mystic-portal"].actions[a.position].id == "escape"
    )


def test_the_planner_does_not_drink_unknown_potions_at_hp_3_one_test_from_the_way_out() -> None:
    s = _portal_at_hp_3()
    assert any(isinstance(a, Drink) for a in s.options)
    assert isinstance(Greedy()(s), Drink)  # the gamble the greedy judgement takes here
    assert Planner()(s) == _escape(s)


def test_the_hint_is_the_planners_answer_and_gives_the_odds_it_used() -> None:
    s = _portal_at_hp_3()
    given = hint(s)
    assert given.action == _escape(s)
    # the way out's test at INT 2 + 5 INT (its bonus card drawn first), then the look-ahead
    assert given.reason.startswith("INT 6: 100%; 16 deals: escape 100% out, 0% Amulet; ")
    assert given.reason.count("%") == 5  # and the next best choice's escapes and Amulet


def test_a_deal_moves_only_the_cards_out_of_sight() -> None:
    s = new_game(11)
    while s.outcome is None and s.turn < 25:
        step(s, Greedy(11)(s))
    potions = [c for c in s.potions if c not in s.known]
    hidden = Counter([*s.deck, *s.discard[:-1], *potions])
    rooms = Counter([*s.room_deck, *s.unused_rooms])
    rng = random.Random(3)
    changed = False
    for _ in range(20):
        t = determinize(s, rng)
        assert (t.hand, t.effort, t.items, t.specials, t.known) == (
            s.hand,
            s.effort,
            s.items,
            s.specials,
            s.known,
        )
        assert t.discard[-1:] == s.discard[-1:] and (t.grid, t.pos) == (s.grid, s.pos)
        assert len(t.deck) == len(s.deck) and len(t.potions) == len(s.potions)
        assert Counter([*t.deck, *t.discard[:-1], *(c for c in t.potions if c not in t.known)]) == (
            hidden
        )
        assert Counter([*t.room_deck, *t.unused_rooms]) == rooms
        assert len(t.room_deck) == len(s.room_deck)
        if C.portal_room in s.room_deck:
            assert C.portal_room in t.room_deck  # it is always among the level's nine
        changed |= t.deck != s.deck
    assert changed


def test_the_planner_answers_alike_whatever_lies_out_of_sight() -> None:
    # the planner's choice at the portal is the same on any arrangement of the hidden cards
    s = _portal_at_hp_3()
    rng = random.Random(5)
    want = Planner()(s)
    for _ in range(3):
        assert Planner()(determinize(s, rng)) == want


def test_simulate_plays_the_planner_the_same_in_one_process_or_two() -> None:
    one = simulate(2, seed=4, bot="planner")
    assert one.games == 2 and one == simulate(2, seed=4, bot="planner", workers=2)


def _level_8_portal(gold: int, AGL: int) -> State:
    """Level 8 on the Mystic Portal, healthy, INT 4, the Pit not found yet (rooms left)."""
    return begin(
        scenario(
            hand=["5 INT", "4 AGL", "3 STR", "2 MOV", "5 MOV", "4 STR", "1 MOV"],
            room="mystic-portal",
            level=8,
            INT=4,
            AGL=AGL,
            gold=gold,
            fruits=2,
            room_deck=["training-hall", "pit-of-darkness", "ancient-library"],
        )
    )


def test_on_level_8_a_hero_with_the_gold_to_train_for_the_pit_looks_for_it_instead_of_leaving() -> (
    None
):
    # AGL 1 cannot win the AGL 12 even with two 5s; 6 gold buys AGL 2, which can
    rich, poor = _level_8_portal(gold=6, AGL=1), _level_8_portal(gold=5, AGL=1)
    judgement = Judgement()
    assert judgement.training_cost(rich) == 6 and judgement.may_train(rich)
    assert not judgement.want_escape(rich) and not judgement.leaving(rich)
    assert not judgement.may_train(poor) and judgement.want_escape(poor)
    assert Greedy().want_escape(rich)  # the greedy bot leaves (it is not changed)


def test_a_promising_hero_goes_on_down_from_the_portal_without_a_look_ahead() -> None:
    strong = begin(
        scenario(
            hand=["5 INT", "4 AGL", "3 STR", "2 MOV", "5 MOV", "4 STR", "1 MOV"],
            room="mystic-portal",
            level=6,
            INT=3,
            AGL=3,
            fruits=1,
        )
    )
    planner = Planner()
    assert planner.promising(strong) and planner.choices(strong) == []
    assert not planner.promising(_portal_at_hp_3())  # the weak hero still looks ahead


def test_the_hint_says_so_when_every_answer_loses_at_once() -> None:
    s = begin(scenario(hand=["3 AGL"], room="dark-storeroom", room_deck=["training-hall"]))
    assert s.options and all(loss_warning(s, a) for a in s.options)
    assert hint(s).reason.startswith("every answer here loses at once")
