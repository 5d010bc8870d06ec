"""Random legal games from random seeds: no crash, no broken invariant, and
the same seed and actions always replay to the same game."""

from __future__ import annotations

import json
import random

import pytest

from companion.games.dungeon_of_d import (
    apply,
    check_invariants,
    from_json,
    legal_actions,
    new_game,
    replay,
    step,
    to_json,
)
from companion.games.dungeon_of_d.bots import BOTS
from companion.games.dungeon_of_d.state import State


def _play(seed: int, bot_name: str, check: bool = True) -> tuple[State, list[tuple]]:
    bot = BOTS[bot_name](seed)
    state = new_game(seed)
    actions = []
    while state.outcome is None and len(actions) < 3000:
        options = legal_actions(state)
        assert len(options) >= 2, (
            "a decision with fewer than two choices should not stop the engine"
        )
        action = bot(state)
        assert action in options
        step(state, action)
        actions.append(action)
        if check:
            check_invariants(state)
    return state, actions


@pytest.mark.parametrize("block", range(6))
def test_random_games_keep_every_invariant(block: int) -> None:
    for seed in range(block * 100, block * 100 + 100):
        state, _ = _play(seed, "random")
        assert state.outcome in ("lost", "escaped")


@pytest.mark.parametrize("block", range(4))
def test_greedy_games_keep_every_invariant(block: int) -> None:
    rng = random.Random(block)
    for seed in rng.sample(range(10**6), 40):
        state, _ = _play(seed, "greedy")
        assert state.outcome in ("lost", "escaped") or state.actions >= 3000


@pytest.mark.parametrize("block", range(6))
def test_explorer_games_try_everything_and_keep_every_invariant(block: int) -> None:
    rng = random.Random(100 + block)
    prompts: set[str] = set()
    for seed in rng.sample(range(10**6), 40):
        bot = BOTS["explorer"](seed)
        state = new_game(seed)
        while state.outcome is None and state.actions < 3000:
            prompts.add(state.prompt)
            step(state, bot(state))
            check_invariants(state)
    assert {"turn", "combat", "melee-effort", "test-effort"} <= prompts


def test_a_game_replays_to_the_same_final_state() -> None:
    for seed in (3, 14, 159, 2653):
        state, actions = _play(seed, "greedy", check=False)
        again = replay(seed, actions)
        assert again == state
        assert json.dumps(to_json(again), sort_keys=True) == json.dumps(
            to_json(state), sort_keys=True
        )


def test_recorded_game_replays_identically() -> None:
    # A game recorded once (seed 42, greedy bot) is a fixed script: replaying it
    # must always end the same way, whatever the engine's internals become.
    state, actions = _play(42, "greedy", check=False)
    recorded = json.loads(json.dumps(actions))  # as a save file stores it
    replayed = replay(42, recorded)
    assert (replayed.outcome, replayed.turn, replayed.level, replayed.gold, replayed.hand) == (
        state.outcome,
        state.turn,
        state.level,
        state.gold,
        state.hand,
    )


def test_same_seed_same_game_different_seed_different_game() -> None:
    a, b, c = new_game(7), new_game(7), new_game(8)
    assert a == b
    assert a.hand != c.hand or a.character != c.character


def test_state_round_trips_through_json_at_every_step() -> None:
    bot = BOTS["greedy"](11)
    state = new_game(11)
    while state.outcome is None:
        data = json.loads(json.dumps(to_json(state)))
        back = from_json(data)
        assert back == state
        assert legal_actions(back) == legal_actions(state)
        action = bot(state)
        step(state, action)
        step(back, action)
        assert back == state


def test_apply_is_pure() -> None:
    state = new_game(5)
    before = to_json(state)
    after, events = apply(state, legal_actions(state)[0])
    assert to_json(state) == before
    assert after != state and events


@pytest.mark.parametrize("bot_name", ["random", "explorer", "greedy"])
def test_every_question_is_asked_again_the_same_when_its_rule_runs_again(bot_name: str) -> None:
    """An 'any time' use (FAQ Q6+: the Purple Leaf) at a question that is no window
    is carried out and the question's rule runs again: it must ask exactly the same,
    drawing nothing and changing nothing, at every question a game can reach. The
    leaf is taken whenever it is offered there, so that path is played too."""
    from companion.games.dungeon_of_d import effects, engine

    for seed in range(60):
        bot = BOTS[bot_name](seed)
        state = new_game(seed)
        while state.outcome is None and state.actions < 3000:
            again = state.copy()
            again.options, again.prompt = [], ""
            engine._run(again)
            assert again == state, (seed, state.prompt)
            anytime = [a for a in state.options if effects.is_anytime_use(state, a)]
            window = effects.PROMPT_WINDOWS.get(state.prompt)
            step(state, anytime[0] if anytime and window not in effects.ANYTIME else bot(state))
            check_invariants(state)
