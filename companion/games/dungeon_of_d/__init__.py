"""Dungeon of D: the solo game's rules as a pure, seeded, replayable engine.

>>> from companion.games.dungeon_of_d import new_game, legal_actions, apply
>>> state = new_game(seed=7)
>>> ("done",) in legal_actions(state)
True
>>> state, events = apply(state, ("done",))
>>> state.level, state.turn, state.grid[state.pos]
(1, 1, 'peculiar-shop')
"""

from companion.games.dungeon_of_d.content import Content, load_content
from companion.games.dungeon_of_d.engine import (
    apply,
    legal_actions,
    new_game,
    replay,
    set_debug,
    step,
)
from companion.games.dungeon_of_d.invariants import InvariantError, check_invariants, from_json
from companion.games.dungeon_of_d.score import Score, score
from companion.games.dungeon_of_d.state import State, to_json

__all__ = [
    "Content",
    "InvariantError",
    "Score",
    "State",
    "apply",
    "check_invariants",
    "from_json",
    "legal_actions",
    "load_content",
    "new_game",
    "replay",
    "score",
    "set_debug",
    "step",
    "to_json",
]
