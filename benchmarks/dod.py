"""Dungeon of D engine speed: complete games per second on one core.

Run: ``python benchmarks/dod.py [--games N] [--seed S]``. Plays whole games
with the random and the greedy bot through the in-place ``step`` (what a
simulator uses) and, as the peer measured in the same run, the greedy bot
through the pure ``apply`` (a copy of the state per action, what an
interactive shell or an undo stack uses). It prints games per second, actions
per game, and the ratios against the pure path and against the target of 200
greedy games per second per core.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.dod import apply, new_game, step  # noqa: E402
from companion.dod.bots import greedy_bot, random_bot  # noqa: E402
from companion.dod.content import load_content  # noqa: E402

TARGET = 200.0


def _play(bot_factory, seeds: range, pure: bool) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """Games per second and mean actions per game."""
    actions = 0
    start = time.process_time()
    for seed in seeds:
        bot = bot_factory(seed)
        state = new_game(seed)
        while state.outcome is None and state.actions < 20000:
            if pure:
                state, _ = apply(state, bot(state))
            else:
                step(state, bot(state))
        actions += state.actions
    elapsed = time.process_time() - start
    return len(seeds) / elapsed, actions / len(seeds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    load_content()  # the card files are read once, outside the timing
    seeds = range(args.seed, args.seed + args.games)
    _play(greedy_bot, range(10), pure=False)  # warm up
    rows = {
        "random bot, step": _play(random_bot, seeds, pure=False),
        "greedy bot, step": _play(greedy_bot, seeds, pure=False),
        "greedy bot, apply (peer)": _play(greedy_bot, seeds, pure=True),
    }
    for name, (rate, per_game) in rows.items():
        print(f"{name:26s} {rate:8.1f} games/s  {per_game:6.1f} actions/game")
    greedy, pure = rows["greedy bot, step"][0], rows["greedy bot, apply (peer)"][0]
    print(f"step vs apply: {greedy / pure:4.2f}x   greedy vs target {TARGET:.0f}/s: {greedy / TARGET:4.2f}x")


if __name__ == "__main__":
    main()
