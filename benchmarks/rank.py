"""Hand-ranking speed against treys, phevaluator, eval7 and pokerkit, in one run.

Run: ``python benchmarks/rank.py [--hands 100000] [--seed 2024]``. Every
evaluator ranks the same seeded random 7-card hands; the script prints each
one's rate and its ratio to ours, checks that our Hold'em ordering agrees
with treys on every pairwise comparison of all the hands, then times the
numpy batch path and a heads-up preflop exact equity (1,712,304 boards).
Peers that are not installed are skipped. Every evaluator runs once a round,
in an order that turns from round to round; each ratio is the median over
the rounds of the two rates measured in the same round (CPU time of this
process), so load that comes and goes hits both sides of a ratio alike.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import itertools

from companion.poker.cards import DECK, Card
from companion.poker.holdem_tables import build_tables, holdem_value, holdem_value_unchecked


def interleaved(
    runs: dict[str, tuple[Callable[[], object], int]], rounds: int
) -> dict[str, list[float]]:
    """Time every evaluator once a round (CPU seconds of this process), in an order that
    turns round after round; each one's rate in every round."""
    rates: dict[str, list[float]] = {name: [] for name in runs}
    order = list(runs)
    for r in range(rounds):
        turn = order[r % len(order) :] + order[: r % len(order)]
        for name in turn if r % 2 == 0 else reversed(turn):
            fn, count = runs[name]
            start = time.process_time()
            fn()
            rates[name].append(count / max(time.process_time() - start, 1e-9))
    for name, r in rates.items():
        print(f"  {name:44s} {statistics.median(r):14,.0f} /s (median of {len(r)} rounds)")
    return rates


def paired_ratio(ours: list[float], theirs: list[float]) -> tuple[float, float, float]:
    """The median over rounds of our rate over theirs in the same round, and its range:
    a figure of one round is never set against a figure of another."""
    ratios = sorted(a / b for a, b in zip(ours, theirs, strict=True))
    return statistics.median(ratios), ratios[0], ratios[-1]


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

    from companion.poker.holdem_tables import compute_tables, read_tables_file

    start = time.process_time()
    loaded = read_tables_file()
    took_load = time.process_time() - start
    start = time.process_time()
    compute_tables()
    took_build = time.process_time() - start
    build_tables()
    print(
        f"lookup tables: loaded from the file in {took_load:.3f} s CPU "
        f"({'ok' if loaded is not None else 'MISSING: built instead'}); building them in "
        f"Python would take {took_build:.3f} s ({took_build / max(took_load, 1e-9):.0f}x)"
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
    print(f"single hand, one call per hand, {args.rounds} paired rounds (CPU time):")
    rates = interleaved(runs, args.rounds)
    for name, r in rates.items():
        if not name.startswith("companion"):
            mid, low, high = paired_ratio(rates[ours], r)
            print(
                f"  ratio companion / {name.split()[0]:12s} {mid:8.2f}x "
                f"(median of the rounds' ratios; {low:.2f}-{high:.2f})"
            )

    if th:
        _agreement(plain, th)
    treys_rates = rates.get("treys Evaluator.evaluate")
    _batch(plain, statistics.median(treys_rates) if treys_rates else None, args.rounds)
    _preflop(args.rounds)


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
        batch_rate = statistics.median(r["companion batch.evaluate7 (numpy)"])
        print(f"  ratio batch / treys          {batch_rate / treys_rate:8.1f}x (medians)")


def _preflop(rounds: int) -> None:
    """Exact heads-up preflop equity by rank classes, against eval7's C Monte Carlo over
    as many boards, in this process, paired round by round."""
    from companion.poker.cards import parse_cards
    from companion.poker.odds import odds

    try:
        import eval7
    except ImportError:
        eval7 = None
    for ann, bob in (("As Ad", "Kc Kd"), ("Ah Kh", "7c 7d")):
        hands = {"ann": parse_cards(ann), "bob": parse_cards(bob)}
        result = odds(hands)
        a = result.of("ann")
        ours, theirs = [], []
        for _ in range(rounds):
            start = time.process_time()
            odds(hands)
            ours.append(time.process_time() - start)
            if eval7 is not None:
                hero = [eval7.Card(c) for c in ann.split()]
                villain = eval7.HandRange("".join(bob.split()))
                start = time.process_time()
                eval7.py_hand_vs_range_monte_carlo(hero, villain, [], result.deals)
                theirs.append(time.process_time() - start)
        line = (
            f"heads-up preflop {ann} vs {bob}: exact over {result.deals:,} boards in "
            f"{statistics.median(ours):.3f} s CPU (equity {a.equity:.4%}, win {a.win:.4%}, "
            f"tie {a.tie:.4%})"
        )
        if theirs:
            mid, low, high = paired_ratio([1 / t for t in ours], [1 / t for t in theirs])
            line += f"; eval7 Monte Carlo on as many boards {statistics.median(theirs):.3f} s: ours {mid:.2f}x as fast ({low:.2f}-{high:.2f})"
        print(line)


if __name__ == "__main__":
    main()
