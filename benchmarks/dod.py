"""Dungeon of D speed: complete games per second on one core, and the shell's step.

Run: ``python benchmarks/dod.py [--games N] [--seed S] [--workers W]``. Plays
whole games with the random, the greedy and the farmer bot through the
in-place ``step`` (what the simulator uses), on one core (CPU time of this
process). Peers measured in the same run: the greedy bot through the pure
``apply`` (a copy of the state per action), the shell's own step (play, build
the screen with its menu and warnings, render it as plain text) and the
simulator with ``W`` worker processes (wall clock).
It prints games per second, actions per game and the ratios against the
target of 200 greedy games per second per core.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.games.dungeon_of_d import apply, new_game, step
from companion.games.dungeon_of_d.bots import farmer_bot, greedy_bot, random_bot
from companion.games.dungeon_of_d.content import load_content
from companion.games.dungeon_of_d.simulate import game_seed, simulate

TARGET = 200.0


def _play(bot_factory, seeds: list[int], pure: bool) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """Games per second (CPU time) and mean actions per game."""
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


def _shell(seeds: list[int]) -> tuple[float, float]:
    """Games per second when every action is shown as the shell shows it (plain text)."""
    from companion.games.dungeon_of_d.saves import Game
    from companion.ui.dungeon_of_d.shell import build_screen, render_plain

    actions = 0
    start = time.process_time()
    for seed in seeds:
        bot = greedy_bot(seed)
        game = Game.new(seed)
        while not game.over:
            game.play(bot(game.state))
            render_plain(build_screen(game))
        actions += len(game.actions)
    elapsed = time.process_time() - start
    return len(seeds) / elapsed, actions / len(seeds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    load_content()  # the card files are read once, outside the timing
    seeds = [game_seed(args.seed, i) for i in range(args.games)]
    _play(greedy_bot, seeds[:20], pure=False)  # warm up
    rows = {
        "random bot, step": _play(random_bot, seeds, pure=False),
        "greedy bot, step": _play(greedy_bot, seeds, pure=False),
        "farmer bot, step": _play(farmer_bot, seeds[: max(1, args.games // 2)], pure=False),
        "greedy bot, apply (peer)": _play(greedy_bot, seeds, pure=True),
        "greedy bot, shell screens (peer)": _shell(seeds[: max(1, args.games // 10)]),
    }
    for name, (rate, per_game) in rows.items():
        print(f"{name:34s} {rate:8.1f} games/s  {per_game:6.1f} actions/game")
    started = time.perf_counter()
    run = simulate(args.games, args.seed, "greedy", args.workers)
    wall = time.perf_counter() - started
    print(
        f"{'simulate, ' + str(args.workers) + ' workers (wall clock)':34s} {args.games / wall:8.1f} games/s"
    )
    greedy, pure = rows["greedy bot, step"][0], rows["greedy bot, apply (peer)"][0]
    print(
        f"step vs apply: {greedy / pure:4.2f}x   greedy vs target {TARGET:.0f}/s per core: {greedy / TARGET:4.2f}x   "
        f"(run: {run.win_rate:.1%} escaped, {run.amulet_rate:.1%} with the Amulet)"
    )


if __name__ == "__main__":
    main()
