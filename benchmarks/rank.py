"""Hand-ranking speed against treys, phevaluator, eval7 and pokerkit, in one run.

Run: ``python benchmarks/rank.py [--hands 100000] [--seed 2024]``. Every
evaluator ranks the same seeded random 7-card hands; the script prints each
one's rate and its ratio to ours, checks that our Hold'em ordering agrees
with treys on every pairwise comparison of all the hands, then times the
numpy batch path and a heads-up preflop exact equity (1,712,304 boards).
Peers that are not installed are skipped. Machine load moves every figure;
the ratios, measured side by side, move much less.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import itertools

from companion.poker.cards import DECK, Card
from companion.poker.holdem_tables import build_tables, holdem_value, holdem_value_unchecked


def interleaved(runs: dict[str, tuple[Callable[[], object], int]], rounds: int) -> dict[str, float]:
    """Time every evaluator once a round, in turn, and keep each one's best
    round: load that comes and goes then hits them all alike."""
    best = {name: float("inf") for name in runs}
    for _ in range(rounds):
        for name, (fn, _count) in runs.items():
            start = time.perf_counter()
            fn()
            best[name] = min(best[name], time.perf_counter() - start)
    rates = {name: runs[name][1] / best[name] for name in runs}
    for name, r in rates.items():
        print(f"  {name:44s} {r:14,.0f} /s")
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--pokerkit-hands", type=int, default=3_000, help="pokerkit is slow: rank fewer"
    )
    args = parser.parse_args()

    rng = random.Random(args.seed)
    hands = [rng.sample(DECK, 7) for _ in range(args.hands)]
    plain = [[int(c) for c in h] for h in hands]
    n = len(hands)
    print(f"{n:,} random 7-card hands, seed {args.seed}, Python {sys.version.split()[0]}")

    start = time.perf_counter()
    build_tables()
    print(
        f"lookup tables built in {time.perf_counter() - start:.3f} s (pure Python, once per process)"
    )

    ours = "companion holdem_value (checks duplicates)"
    runs: dict[str, tuple[Callable[[], object], int]] = {
        ours: (lambda: [holdem_value(h) for h in plain], n),
        "companion holdem_value_unchecked": (lambda: [holdem_value_unchecked(h) for h in plain], n),
    }
    th: list[list[int]] = []
    try:
        import treys

        ev = treys.Evaluator()
        tc = {c: treys.Card.new(c.code) for c in DECK}
        th = [[tc[c] for c in h] for h in hands]
        runs["treys Evaluator.evaluate"] = (lambda: [ev.evaluate(h[:2], h[2:]) for h in th], n)
    except ImportError:
        print("  treys not installed")
    try:
        from phevaluator import evaluate_cards

        ph_index = {c: _phevaluator_id(c) for c in DECK}
        ph = [[ph_index[c] for c in h] for h in hands]
        runs["phevaluator evaluate_cards"] = (lambda: [evaluate_cards(*h) for h in ph], n)
    except ImportError:
        print("  phevaluator not installed")
    try:
        import eval7

        e7 = {c: eval7.Card(c.code) for c in DECK}
        eh = [[e7[c] for c in h] for h in hands]
        runs["eval7 evaluate (C extension)"] = (lambda: [eval7.evaluate(h) for h in eh], n)
    except ImportError:
        print("  eval7 not installed")
    try:
        from pokerkit import StandardHighHand

        m = min(n, args.pokerkit_hands)
        pk = [("".join(c.code for c in h[:2]), "".join(c.code for c in h[2:])) for h in hands[:m]]
        runs[f"pokerkit StandardHighHand ({m:,} hands)"] = (
            lambda: [StandardHighHand.from_game(a, b) for a, b in pk],
            m,
        )
    except ImportError:
        print("  pokerkit not installed")
    print(f"single hand, one call per hand, best of {args.rounds} interleaved rounds:")
    rates = interleaved(runs, args.rounds)
    for name, r in rates.items():
        if not name.startswith("companion"):
            print(f"  ratio companion / {name.split()[0]:12s} {rates[ours] / r:8.2f}x")

    if th:
        _agreement(plain, th)
    _batch(plain, rates.get("treys Evaluator.evaluate"), args.rounds)
    _preflop()


def _phevaluator_id(card: Card) -> int:
    # phevaluator numbers cards rank * 4 + suit with suits in the order c d h s
    return (card.rank - 2) * 4 + "cdhs".index(card.suit)


def _agreement(plain: list[list[int]], treys_hands: list[list[int]]) -> None:
    import treys

    ev = treys.Evaluator()
    mapping: dict[int, set[int]] = {}
    for ours, theirs in zip(
        (holdem_value(h) for h in plain), (ev.evaluate(h[:2], h[2:]) for h in treys_hands)
    ):
        mapping.setdefault(ours, set()).add(theirs)
    # Every pairwise comparison agrees exactly when our values map to treys'
    # one-to-one and in reverse order (treys: lower is better).
    one_to_one = all(len(v) == 1 for v in mapping.values())
    ordered = [next(iter(mapping[k])) for k in sorted(mapping)]
    reversed_order = all(a > b for a, b in itertools.pairwise(ordered))
    pairs = len(plain) * (len(plain) - 1) // 2
    verdict = "agree" if one_to_one and reversed_order else "DISAGREE"
    print(
        f"agreement with treys: all {pairs:,} pairwise comparisons {verdict} ({len(mapping):,} distinct values)"
    )
    if verdict != "agree":
        raise SystemExit(1)


def _batch(plain: list[list[int]], treys_rate: float | None, rounds: int) -> None:
    import numpy as np

    from companion.poker import holdem_batch as batch

    start = time.perf_counter()
    batch.tables()
    print(f"numpy batch tables built in {time.perf_counter() - start:.3f} s")
    arr = np.asarray(plain, dtype=np.int8)
    reps = max(1, 2_000_000 // len(arr))
    big = np.tile(arr, (reps, 1))
    packed = batch.to_packed(batch.evaluate7(arr))
    mismatches = sum(1 for i in range(len(arr)) if int(packed[i]) != holdem_value(plain[i]))
    print(
        f"batch path ({len(big):,} hands a run; all {len(arr):,} hands checked against holdem_value: "
        f"{mismatches} mismatches):"
    )
    r = interleaved(
        {"companion batch.evaluate7 (numpy)": (lambda: batch.evaluate7(big), len(big))}, rounds
    )
    if treys_rate:
        print(
            f"  ratio batch / treys          {r['companion batch.evaluate7 (numpy)'] / treys_rate:8.1f}x"
        )


def _preflop() -> None:
    from companion.poker.cards import parse_cards
    from companion.poker.odds import odds

    for ann, bob in (("As Ad", "Kc Kd"), ("Ah Kh", "7c 7d")):
        start = time.perf_counter()
        result = odds({"ann": parse_cards(ann), "bob": parse_cards(bob)})
        took = time.perf_counter() - start
        a = result.of("ann")
        print(
            f"heads-up preflop {ann} vs {bob}: exact over {result.deals:,} boards in {took:.3f} s "
            f"(equity {a.equity:.4%}, win {a.win:.4%}, tie {a.tie:.4%})"
        )


if __name__ == "__main__":
    main()
