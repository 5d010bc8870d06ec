"""The betting engine against PokerKit: 10,000 random hands compared step by step, then timed.

Run: ``python benchmarks/betting.py [--hands N] [--rounds R]``.

First it plays ``N`` random No-Limit and Pot-Limit Hold'em hands (2-9
players, random stacks, blinds and antes, random legal actions) on
``companion.poker.betting`` and on PokerKit side by side, as
``tests/poker/pokerkit_diff.py`` describes: the same player to act, the
same legal actions and amounts at every step, the same pots and side pots
at the end. It prints the differences (there must be none; the exit code is
1 otherwise) and how often the one documented reading of a short all-in
came up (docs/betting.md).

Then it replays the same hands on each engine, asking each for the legal
actions at every step as a table would, and times them: CPU time of this
process, ``R`` rounds alternating which engine goes first (other work on
the machine falls on both), the median of the per-round ratios. PokerKit
also deals the cards as it goes (it cannot bet without them); the engine
bets only, as the table deals.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.poker.pokerkit_diff import Outcome, play, random_hand, time_engine, time_pokerkit


def _compare(hands: int) -> list[Outcome]:
    outcomes = []
    start = time.process_time()
    for seed in range(hands):
        outcomes.append(play(random_hand(seed)))
        if (seed + 1) % 1000 == 0 or seed + 1 == hands:
            done = seed + 1
            print(f"\r  compared {done:,}/{hands:,} hands", end="", flush=True)
    print(f" ({time.process_time() - start:.1f} s CPU)")
    return outcomes


def _time(outcomes: list[Outcome], run: Callable[..., None]) -> float:
    start = time.process_time()
    for outcome in outcomes:
        run(outcome.hand, outcome.script)
    return time.process_time() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()

    print(f"betting engine vs PokerKit: {args.hands:,} random Hold'em hands")
    outcomes = _compare(args.hands)
    differing = [o for o in outcomes if o.differences]
    readings: Counter[str] = Counter()
    for o in outcomes:
        readings.update(o.readings)
    steps = sum(o.steps for o in outcomes)
    limits = Counter(o.hand.limit.label for o in outcomes)
    print(
        f"  {steps:,} actions; "
        + ", ".join(f"{count:,} {label}" for label, count in sorted(limits.items()))
    )
    print(f"  differences: {len(differing)}")
    for o in differing[:10]:
        print(f"    seed {o.hand.seed}: {o.differences[0]}")
    for kind, count in sorted(readings.items()):
        print(f"  documented reading {kind}: {count:,} steps (docs/betting.md)")

    engine, peer = [], []
    for r in range(args.rounds):
        if r % 2 == 0:
            engine.append(_time(outcomes, time_engine))
            peer.append(_time(outcomes, time_pokerkit))
        else:
            peer.append(_time(outcomes, time_pokerkit))
            engine.append(_time(outcomes, time_engine))
    ratio = statistics.median(p / e for p, e in zip(peer, engine))
    per_hand = 1e6 / len(outcomes)
    print(
        f"  speed, {args.rounds} alternating rounds (CPU): engine "
        f"{statistics.median(engine) * per_hand:.0f} us/hand, PokerKit "
        f"{statistics.median(peer) * per_hand:.0f} us/hand; ratio {ratio:.2f}x "
        "(PokerKit time / engine time, median of rounds)"
    )
    return 1 if differing else 0


if __name__ == "__main__":
    raise SystemExit(main())
