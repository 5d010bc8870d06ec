"""Dungeon of D bots: the planner against the greedy bot on the same seeded games.

Run: ``python benchmarks/dod_bots.py [--games N] [--seed S] [--workers W]``. Plays
``N`` games (game ``i`` from the seed the simulator makes of ``S`` and ``i``) with
the greedy bot and with the planner, each on one core (CPU time of this
process), then the planner again with ``W`` worker processes (wall clock,
against its own one-process wall clock in the same run). It prints the table
of docs/dungeon-of-d.md (bot, escapes, Amulets, mean score, games/s), the
planner's ratios against the greedy bot measured in this run, and issue 33's
targets: escapes at least 1.2 times greedy's, Amulets at least 1.5 times, at
least 5 games a second on one core, and more games a second with the workers.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.games.dungeon_of_d.simulate import Summary, simulate


def _row(s: Summary, label: str) -> str:
    return (
        f"| {label} | {s.wins} ({100 * s.win_rate:.1f}%) | {s.amulet_wins} "
        f"({100 * s.amulet_rate:.1f}%) | {s.mean_score:.1f} | {s.games_per_sec:.1f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    cpu = time.process_time
    greedy = simulate(args.games, args.seed, "greedy", clock=cpu)
    started = time.perf_counter()
    planner = simulate(args.games, args.seed, "planner", clock=cpu)
    alone = time.perf_counter() - started
    started = time.perf_counter()
    many = simulate(args.games, args.seed, "planner", workers=args.workers)
    together = time.perf_counter() - started
    assert many == planner  # the same games, whatever the processes
    print(f"{args.games} games, seed {args.seed}; games/s on one core (CPU time)")
    print("| bot | escaped alive | with the Amulet | mean score | games/s |")
    print("|---|---|---|---|---|")
    print(_row(greedy, "greedy"))
    print(_row(planner, "planner"))
    escapes = planner.win_rate / greedy.win_rate if greedy.win_rate else float("inf")
    amulets = planner.amulet_rate / greedy.amulet_rate if greedy.amulet_rate else float("inf")
    speedup = alone / together if together else 0.0
    targets = [
        ("escapes >= 1.2x greedy", f"{escapes:.2f}x", escapes >= 1.2),
        ("Amulets >= 1.5x greedy", f"{amulets:.2f}x", amulets >= 1.5),
        (
            "planner >= 5 games/s on one core",
            f"{planner.games_per_sec:.1f}",
            planner.games_per_sec >= 5,
        ),
        (
            f"--workers {args.workers} faster in wall time",
            f"{alone:.1f} s alone, {together:.1f} s with {args.workers} ({speedup:.2f}x)",
            together < alone,
        ),
    ]
    for name, measured, met in targets:
        print(f"{'met   ' if met else 'MISSED'} {name}: {measured}")


if __name__ == "__main__":
    main()
