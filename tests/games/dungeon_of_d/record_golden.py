"""Record the golden games that ``test_golden.py`` replays.

Run ``python -m tests.games.dungeon_of_d.record_golden`` after an intended change to the
rules or the Dungeon of D cards (the golden games then change with them);
never to make a failing test pass without knowing why it failed.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from companion.fileio import write_atomic
from companion.games.dungeon_of_d import new_game, score, step, to_json
from companion.games.dungeon_of_d.bots import BOTS

GOLDEN = Path(__file__).with_name("data") / "golden_games.json"
GAMES = [(9, "greedy"), (31337, "explorer"), (4242, "greedy"), (777, "random")]


def fingerprint(state) -> str:  # type: ignore[no-untyped-def]
    text = json.dumps(to_json(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def summary(state) -> dict:  # type: ignore[no-untyped-def,type-arg]
    return {
        "outcome": state.outcome,
        "turn": state.turn,
        "level": state.level,
        "gold": state.gold,
        "hp": state.hp,
        "amulet": state.amulet,
        "score": score(state).total,
    }


def record() -> list[dict]:  # type: ignore[type-arg]
    games = []
    for seed, bot_name in GAMES:
        bot = BOTS[bot_name](seed)
        state = new_game(seed)
        actions = []
        while state.outcome is None:
            action = bot(state)
            actions.append(list(action))
            step(state, action)
        games.append(
            {
                "seed": seed,
                "bot": bot_name,
                "actions": actions,
                "summary": summary(state),
                "sha256": fingerprint(state),
            }
        )
    return games


if __name__ == "__main__":
    write_atomic(GOLDEN, json.dumps(record(), indent=None, separators=(",", ":")) + "\n")
    print(f"wrote {GOLDEN}")
