"""The bots: legal, honest (they read nothing a player cannot see) and, for the greedy
one, sensible: it rests when low, fights when the odds are good, runs when they are
not, and goes down when ready."""

from __future__ import annotations

import random

import pytest

from companion.errors import CompanionError
from companion.games.dungeon_of_d import new_game, step
from companion.games.dungeon_of_d.actions import Fight
from companion.games.dungeon_of_d.bots import (
    BOTS,
    Farmer,
    Greedy,
    best_melee,
    best_test,
    chance_at_least,
    make_bot,
    unseen,
)
from companion.games.dungeon_of_d.state import State
from tests.games.dungeon_of_d.helpers import C, begin, card, combat, scenario, trial


def _scramble_hidden(s: State, rng: random.Random) -> State:
    """The same table as a player sees it, with everything hidden changed: the order
    of the power deck, the cards under the top of the discard pile, the room deck,
    the unused rooms, the character deck and the random generator."""
    t = s.copy()
    t.content = s.content
    hidden = t.deck + t.discard[:-1]
    rng.shuffle(hidden)
    t.deck = hidden[: len(t.deck)]
    t.discard = hidden[len(t.deck) :] + t.discard[-1:]
    rng.shuffle(t.room_deck)
    rng.shuffle(t.unused_rooms)
    rng.shuffle(t.characters)
    t.rng = rng.getrandbits(64)
    return t


@pytest.mark.parametrize(
    ("seed", "kind"), [(3, Greedy), (17, Greedy), (101, Farmer), (2024, Farmer)]
)
def test_greedy_and_farmer_decide_only_on_what_a_player_can_see(seed: int, kind: type) -> None:
    rng = random.Random(seed)
    state = new_game(seed)
    player = kind(seed)
    decisions = 0
    while state.outcome is None and decisions < 400:
        twin = kind(seed)
        twin.rng.setstate(player.rng.getstate())
        twin.pit_tries = player.pit_tries
        if isinstance(player, Farmer):
            twin.arrived = dict(player.arrived)
        seen = twin(_scramble_hidden(state, rng))
        action = player(state)
        assert seen == action, f"seed {seed}, decision {decisions}: hidden cards changed the choice"
        step(state, action)
        decisions += 1
    assert decisions > 20


def test_every_bot_plays_legal_actions_to_the_end() -> None:
    for name in BOTS:
        for seed in range(5):
            bot = make_bot(name, seed)
            state = new_game(seed)
            while state.outcome is None and state.actions < 3000:
                action = bot(state)
                assert action in state.options
                step(state, action)
            assert state.outcome in ("lost", "escaped")


def test_make_bot_names_the_known_bots_when_asked_for_another() -> None:
    with pytest.raises(
        CompanionError, match="no bot 'clever'.*explorer, farmer, greedy, planner, random"
    ):
        make_bot("clever")


def test_greedy_bot_survives_far_more_often_than_random_play() -> None:
    def escapes(name: str) -> int:
        wins = 0
        for seed in range(60):
            bot = make_bot(name, seed)
            state = new_game(seed)
            while state.outcome is None:
                step(state, bot(state))
            wins += state.outcome == "escaped"
        return wins

    assert escapes("greedy") >= 10 > escapes("random")


def test_chance_of_the_next_card_counts_the_cards_out_of_sight() -> None:
    s = scenario(hand=["5 STR", "5 INT", "5 AGL", "5 MOV"])
    counts = unseen(s)
    assert counts == [0, 8, 8, 8, 8, 4]
    assert chance_at_least(counts, 5) == pytest.approx(4 / 36)
    assert chance_at_least(counts, 1) == 1.0 and chance_at_least(counts, 6) == 0.0


def test_greedy_effort_card_is_the_one_with_the_best_odds_and_a_bonus_when_tied() -> None:
    # AGL 4+ test at level 1 (difficulty 5): 5 AGL and 5 STR both win surely; the AGL card draws a bonus.
    s = begin(
        scenario(hand=["5 STR", "5 AGL", "1 INT", "2 MOV"], deck=["3 STR", "3 INT"]),
        trial("AGL", 5),
    )
    p, best = best_test(s, "AGL", 5)
    assert p == 1.0 and best == card("5 AGL")
    assert Greedy()(s) == ("effort", card("5 AGL"))


def test_greedy_rests_when_low_where_rest_draws_many() -> None:
    s = begin(
        scenario(hand=["1 STR", "2 INT"], room="healing-fountain", fruits=1, exhausted=[(0, 0)])
    )
    assert Greedy()(s) == ("rest",)


def test_greedy_does_not_rest_when_healthy() -> None:
    s = begin(
        scenario(
            hand=["1 STR", "2 INT", "3 AGL", "4 STR", "5 MOV", "3 MOV", "4 INT", "2 AGL"],
            room="healing-fountain",
            fruits=2,
            exhausted=[(0, 0)],
            room_deck=["large-chest"],
        )
    )
    assert Greedy()(s)[0] == "move"


def test_greedy_fights_when_the_odds_are_good() -> None:
    # Orc STR 5 with a 5 STR in hand: any second card wins.
    s = begin(scenario(hand=["5 STR", "4 INT", "3 AGL", "1 MOV"], STR=1), combat(1))
    assert best_melee(s, 1)[0] == 1.0
    assert Greedy()(s) == ("fight",)


def test_greedy_runs_when_the_odds_are_bad_and_running_is_cheap() -> None:
    # Level 7 Frost Giant (STR 12, INT 4): hopeless in melee; INT 2 and a 2 card run away.
    s = begin(
        scenario(hand=["1 STR", "2 INT", "1 AGL", "2 MOV", "1 MOV"], level=7, INT=2), combat(4)
    )
    assert best_melee(s, 4)[0] == 0.0
    assert Greedy()(s) == ("run",)


def test_greedy_descends_when_ready_and_rests_first_when_not() -> None:
    ready = begin(
        scenario(
            hand=["1 STR", "2 INT", "3 AGL", "4 STR", "5 MOV", "3 MOV", "4 INT"],
            room="mystic-portal",
            fruits=1,
            level=2,
        )
    )
    descend = next(
        a
        for a in ready.options
        if a[0] == "act" and C.rooms["mystic-portal"].actions[a[1]].id == "descend"
    )
    ready.grid.update(
        {
            ready.pos + 1: "large-chest",
            ready.pos + 2: "training-hall",
            ready.pos - 1: "hidden-door",
            ready.pos - 2: "prison-cells",
        }
    )
    ready.room_deck = ready.room_deck[4:]
    ready.unused_rooms += ["large-chest", "training-hall", "hidden-door", "prison-cells"]
    assert Greedy()(ready) == descend
    tired = begin(
        scenario(hand=["1 STR", "2 INT", "3 AGL"], room="mystic-portal", fruits=1, level=2)
    )
    assert Greedy()(tired) == ("rest",)


def test_greedy_takes_the_way_out_when_failing() -> None:
    s = begin(scenario(hand=["5 INT", "3 STR", "2 MOV"], room="mystic-portal", level=6))
    escape = next(
        a
        for a in s.options
        if a[0] == "act" and C.rooms["mystic-portal"].actions[a[1]].id == "escape"
    )
    assert Greedy()(s) == escape


def test_greedy_uses_a_weapon_right_after_its_first_effort_card() -> None:
    s = begin(
        scenario(hand=["3 STR", "4 INT", "1 MOV"], items=["dagger"], deck=["2 AGL", "1 INT"]),
        combat(1),
    )
    step(s, ("fight",))
    step(s, Greedy()(s))
    assert s.prompt == "melee-first"
    assert Greedy()(s) == ("use", s.items[0])


def _room_action(s: State, room: str, action_id: str):  # type: ignore[no-untyped-def]
    return next(
        a for a in s.options if a[0] == "act" and C.rooms[room].actions[a[1]].id == action_id
    )


def test_greedy_does_not_try_the_pit_when_one_of_its_tests_cannot_be_won() -> None:
    # AGL +0: even two cards of 5 reach 10 of the Pit's AGL 12, so the way out it is.
    hand = ["5 INT", "5 AGL", "4 STR", "4 INT", "4 MOV", "3 STR", "3 INT"]
    hopeless = begin(
        scenario(
            hand=hand, grid={(0, 0): "pit-of-darkness", (1, 0): "mystic-portal"}, level=8, INT=3
        )
    )
    bot = Greedy()
    assert not bot.pit_reachable(hopeless)
    assert _room_action(hopeless, "pit-of-darkness", "enter") in hopeless.options
    assert bot(hopeless) == ("move", card("4 MOV"), "e")  # to the portal
    ready = begin(
        scenario(
            hand=hand,
            grid={(0, 0): "pit-of-darkness", (1, 0): "mystic-portal"},
            level=8,
            INT=3,
            AGL=3,
        )
    )
    assert Greedy()(ready) == _room_action(ready, "pit-of-darkness", "enter")


def test_greedy_counts_the_potions_it_knows_towards_the_pit() -> None:
    hand = ["5 INT", "5 AGL", "4 STR", "4 INT", "4 MOV", "3 STR", "3 INT"]
    s = begin(
        scenario(
            hand=hand,
            room="pit-of-darkness",
            level=8,
            INT=3,
            AGL=1,
            potions=["cats-grace"],
            known=["cats-grace"],
        )
    )
    assert Greedy().pit_reachable(s)


def test_greedy_trains_the_stats_the_pit_asks_for_first() -> None:
    s = begin(
        scenario(
            hand=["1 STR", "2 INT", "3 AGL", "4 STR", "5 MOV", "3 MOV", "4 INT"],
            room="training-hall",
            gold=20,
            room_deck=["large-chest"],
        )
    )
    assert Greedy()(s) == _room_action(s, "training-hall", "train-agl")


def test_greedy_fights_the_guardian_it_chose_to_challenge() -> None:
    # The Harpy (STR 7, INT 3): INT 3 runs for free, and a 4 STR with a 3+ to come is the odds that
    # made the bot challenge it; it must not run and challenge again for ever.
    s = begin(
        scenario(
            hand=["4 STR", "2 INT", "1 AGL", "2 MOV", "1 MOV", "3 AGL"],
            room="guardian-monster",
            level=3,
            INT=3,
            STR=1,
        )
    )
    bot = Greedy()
    challenge = _room_action(s, "guardian-monster", "challenge")
    assert bot(s) == challenge
    step(s, challenge)
    assert s.prompt == "combat" and bot(s) == ("fight",)


# ---- the farmer -----------------------------------------------------------------------------


def test_the_farmer_finds_the_rooms_that_can_be_taken_again_and_again() -> None:
    from companion.games.dungeon_of_d.bots import repeatable_actions

    found = repeatable_actions(C)
    assert {("peculiar-shop", "buy-fruit"), ("training-hall", "train-agl")} <= found
    assert ("forsaken-chapel", "offering") in found and ("ancient-library", "study") in found
    assert ("forgotten-arena", "fight") not in found  # its purse exhausts the room
    assert not any(room == "large-chest" for room, _ in found)


def test_the_farmer_explores_the_whole_level_before_it_goes_down() -> None:
    s = begin(
        scenario(
            hand=["5 STR", "5 INT", "4 AGL", "4 MOV", "3 STR", "3 INT", "2 AGL"],
            grid={
                (0, 0): "mystic-portal",
                (1, 0): "large-chest",
                (2, 0): "hidden-door",
                (0, 1): "dark-storeroom",
                (0, -1): "treasure-vault",
            },
            room_deck=["training-hall"],
            exhausted=[(1, 0), (0, -1)],
        )
    )
    assert Greedy()(s).kind == "act"  # the greedy bot goes down: it knows enough rooms
    assert Farmer()(s).kind == "move"  # the farmer first looks for a room to milk


def test_the_farmer_buys_every_upgrade_it_can_pay_for() -> None:
    s = begin(
        scenario(hand=["3 STR", "4 INT", "5 AGL", "2 MOV", "1 INT"], room="training-hall", gold=20)
    )
    action = Farmer()(s)
    assert action.kind == "act" and s.content.rooms["training-hall"].actions[action[1]].id in (
        "train-str",
        "train-agl",
    )


# ---- never a certain loss while another answer has a chance ------------------------------------


def _last_card_at_the_guardian(**changes) -> State:  # type: ignore[no-untyped-def]
    """The release tester's table (seed 31, turn 40): level 5, the Guardian Monster, HP 1
    (a 5 STR), a Magic Arrow and two Horns of Valor; every MOVE plays the last card."""
    layout = {
        "hand": ["5 STR"],
        "room": "guardian-monster",
        "level": 5,
        "STR": 1,
        "AGL": 2,
        "items": ["magic-arrow"],
        "specials": ["horn-of-valor", "horn-of-valor"],
        "character": "ranger",
    }
    layout.update(changes)
    return begin(scenario(**layout))


def test_the_greedy_bot_never_plays_its_last_card_while_another_answer_has_a_chance() -> None:
    from companion.games.dungeon_of_d.engine import loss_warning

    s = _last_card_at_the_guardian()
    moves = [a for a in s.options if a.kind == "move"]
    assert moves and all(loss_warning(s, a) for a in moves)
    bot = Greedy()
    action = bot(s)
    assert action.kind == "act" and not loss_warning(s, action)  # the Magic Arrow's shot
    assert "a MOVE would lose at once; a shot at the" in bot.explain(s, action)
    step(s, action)
    while s.prompt != "ranged":  # it fights (running would only bring the same turn back)
        assert s.outcome is None and s.prompt == "combat", s.prompt
        step(s, bot(s))
    assert bot(s) == ("shoot", "magic")


def test_the_greedy_bot_plays_on_when_every_answer_loses_at_once() -> None:
    s = _last_card_at_the_guardian(items=[], specials=[])  # no arrow: no chance anywhere
    action = Greedy()(s)
    assert action.kind == "move"  # it does not stall in a combat it would only run from
    step(s, action)
    assert s.outcome == "lost"


def test_the_hint_of_the_release_testers_game_is_not_the_losing_move() -> None:
    """``companion dod new --seed 31``, every question answered as ``hint`` says: on turn
    40 (HP 1) the hint named a MOVE that plays the last card; the Wyvern had a chance."""
    from companion.games.dungeon_of_d.bots import hint
    from companion.games.dungeon_of_d.engine import loss_warning

    s = new_game(31)
    while s.outcome is None and (s.turn, s.prompt) < (40, "turn"):
        step(s, hint(s).action)
    while s.outcome is None and s.turn == 40:
        given = hint(s).action
        losing = [a for a in s.options if loss_warning(s, a)]
        if len(losing) < len(s.options):
            assert not loss_warning(s, given), (s.prompt, given)
        step(s, given)
    assert s.outcome is None  # the shot at the guardian won


def test_hint_reason_counts_the_cards_a_run_away_costs_in_words() -> None:
    # The reason read "running costs 1 card(s)": one card is "1 card", more are "N cards".
    one = begin(scenario(hand=["1 STR", "2 INT", "5 STR"], level=1), combat(1))
    assert Greedy().explain(one, Fight()).endswith("running costs 1 card")
    two = begin(scenario(hand=["2 STR", "2 MOV", "3 AGL"], level=7, INT=0), combat(4))
    assert Greedy().explain(two, Fight()).endswith("running costs 2 cards")


def test_the_run_away_discard_says_whether_one_card_pays_the_way_out() -> None:
    from companion.games.dungeon_of_d.actions import Discard
    from companion.games.dungeon_of_d.frames import RunFrame

    s = begin(scenario(hand=["5 INT", "3 STR", "2 MOV"]))
    s.stack.append(RunFrame(need=3))
    bot = Greedy()
    assert bot.explain_chosen(s, Discard(card("3 STR"))) == (
        "the card least worth keeping that pays the 3 to run"
    )
    s.stack[-1] = RunFrame(need=6)
    assert bot.explain_chosen(s, Discard(card("5 INT"))) == (
        "no card pays the 6 to run alone: the strongest goes first"
    )
