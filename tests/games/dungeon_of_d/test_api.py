"""The engine's public face: errors, debug mode, saved states (many more random games: benchmarks/dod_invariants.py)."""

from __future__ import annotations

import json

import pytest

from companion.errors import CompanionError
from companion.games.dungeon_of_d import (
    InvariantError,
    apply,
    check_invariants,
    from_json,
    legal_actions,
    new_game,
    set_debug,
    step,
    to_json,
)
from companion.games.dungeon_of_d.actions import Drink
from companion.games.dungeon_of_d.bots import BOTS, play


def test_an_illegal_action_is_a_clear_error() -> None:
    s = new_game(1)
    with pytest.raises(CompanionError, match=r"illegal action \('fly',\)"):
        apply(s, ("fly",))


def test_no_action_after_the_game_is_over() -> None:
    s = play(new_game(2), BOTS["random"](2))
    assert s.outcome and legal_actions(s) == []
    with pytest.raises(CompanionError, match="the game is over"):
        step(s, ("done",))


def test_debug_mode_checks_the_invariants_after_every_action() -> None:
    s = new_game(3)
    s.hand.append(s.deck[-1])  # a card in two places at once
    set_debug(True)
    try:
        with pytest.raises(InvariantError, match="power cards out of place"):
            step(s, ("done",))
    finally:
        set_debug(False)


def test_invariants_catch_impossible_values() -> None:
    s = new_game(4)
    s.gold = 80
    with pytest.raises(InvariantError, match="gold 80"):
        check_invariants(s)


def test_a_damaged_save_is_refused_with_a_one_line_error() -> None:
    data = to_json(new_game(5))
    data["hand"] = data["hand"][:-1]
    with pytest.raises(CompanionError, match="corrupt Dungeon of D game state"):
        from_json(data)
    with pytest.raises(CompanionError, match="not a Dungeon of D game state"):
        from_json({"format": 99})
    broken = to_json(new_game(5))
    broken["grid"] = "nonsense"
    with pytest.raises(CompanionError, match="corrupt"):
        from_json(broken)


def test_a_save_is_plain_json() -> None:
    text = json.dumps(to_json(new_game(6)))
    assert from_json(json.loads(text)) == new_game(6)


def test_every_kind_of_event_has_its_own_sentence() -> None:
    from companion.games.dungeon_of_d.descriptions import EVENT_WORDS
    from companion.games.dungeon_of_d.events import EVENT_TYPES

    assert set(EVENT_WORDS) == set(EVENT_TYPES)


def test_every_action_and_event_of_some_games_is_said_in_words() -> None:
    from companion.games.dungeon_of_d.descriptions import describe_action, describe_event

    seen: set[str] = set()
    for seed in range(30):
        bot = BOTS["greedy" if seed % 2 else "random"](seed)
        s = new_game(seed)
        while s.outcome is None:
            for action in legal_actions(s):
                words = describe_action(s, action)
                assert words and f"{type(action).__name__}(" not in words, words
            before = s
            s, events = apply(s, bot(s))
            for event in events:
                text = describe_event(before, s, event)
                assert text.strip() and f"{type(event).__name__}(" not in text, text
                seen.add(event.kind)
    assert len(seen) >= 30  # the games went through most kinds of events


def test_an_unidentified_potion_is_not_named() -> None:
    from companion.games.dungeon_of_d.descriptions import describe_action
    from tests.games.dungeon_of_d.helpers import begin, scenario

    s = begin(scenario(hand=["1 STR", "2 STR"], potions=["bitter-venom"]))
    assert describe_action(s, Drink(s.potions[0])) == "drink #1 unidentified potion"
    s.known.append(s.potions[0])
    assert describe_action(s, Drink(s.potions[0])) == "drink #1 Bitter Venom"


def test_state_and_its_checks_import_no_engine_rules() -> None:
    """The state module only reads and writes states; the checks import the rules,
    never the other way round (no import circle)."""
    import ast
    from pathlib import Path

    import companion.games.dungeon_of_d as package

    folder = Path(package.__file__).parent

    def imports(name: str) -> set[str]:
        tree = ast.parse((folder / f"{name}.py").read_text())
        out = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                out.add(node.module.rsplit(".", 1)[-1])
                out.update(a.name for a in node.names)
        return out

    assert not imports("state") & {"invariants", "mechanics", "engine", "effects"}
    assert not imports("mechanics") & {"invariants", "engine", "effects"}
    assert not imports("invariants") & {"engine", "effects"}
    for plain in ("actions", "events", "frames"):
        assert not imports(plain) & {"state", "mechanics", "engine", "effects", "invariants"}
