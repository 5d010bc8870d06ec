"""Recorded games replay to exactly the recorded end (same seed + same actions = same game).

If the rules or the cards change on purpose, re-record with
``python -m tests.games.dungeon_of_d.record_golden`` and say so in the commit.
"""

from __future__ import annotations

import json

import pytest

from companion.games.dungeon_of_d import replay
from tests.games.dungeon_of_d.record_golden import GOLDEN, fingerprint, summary

GAMES = json.loads(GOLDEN.read_text())


@pytest.mark.parametrize("game", GAMES, ids=[f"{g['bot']}-{g['seed']}" for g in GAMES])
def test_recorded_game_replays_to_the_recorded_end(game: dict) -> None:  # type: ignore[type-arg]
    state = replay(game["seed"], game["actions"])
    assert summary(state) == game["summary"]
    assert fingerprint(state) == game["sha256"]


def test_recorded_games_reach_different_ends() -> None:
    assert len({(g["summary"]["outcome"], g["summary"]["level"]) for g in GAMES}) >= 2
