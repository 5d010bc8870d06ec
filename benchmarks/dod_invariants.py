"""Dungeon of D soak run: many random games, every invariant checked after each action.

Run: ``python benchmarks/dod_invariants.py [--games N] [--seed S]``. Each game
gets a seed and a bot (random, greedy, ...) drawn from ``--seed``; after every
action the engine's invariants are checked, and the first broken one stops the
run with the game's seed and bot, so it can be replayed. The test suite plays
a fixed handful of games; this script is for the thousands that do not belong
in it. It also prints games per second (CPU time) beside the same games played
without the checks, so the cost of checking is visible.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.games.dungeon_of_d import check_invariants, new_game, step
from companion.games.dungeon_of_d.bots import BOTS
from companion.games.dungeon_of_d.content import load_content


def _games(count: int, seed: int) -> list[tuple[int, str]]:
    rng = random.Random(seed)
    return [(rng.randrange(10**9), rng.choice(sorted(BOTS))) for _ in range(count)]


def _run(games: list[tuple[int, str]], *, checked: bool) -> float:
    """Games per second (CPU time); raises on the first broken invariant."""
    start = time.process_time()
    for game_seed, bot_name in games:
        bot = BOTS[bot_name](game_seed)
        state = new_game(game_seed)
        while state.outcome is None and state.actions < 5000:
            step(state, bot(state))
            if checked:
                try:
                    check_invariants(state)
                except Exception:
                    print(f"broken invariant: seed {game_seed}, bot {bot_name}", file=sys.stderr)
                    raise
    return len(games) / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    load_content()  # the card files are read once, outside the timing
    games = _games(args.games, args.seed)
    checked = _run(games, checked=True)
    plain = _run(games, checked=False)
    print(f"{args.games} games, every invariant held after every action")
    print(
        f"checked {checked:8.1f} games/s   unchecked (peer) {plain:8.1f} games/s   ratio {checked / plain:4.2f}x"
    )


if __name__ == "__main__":
    main()
