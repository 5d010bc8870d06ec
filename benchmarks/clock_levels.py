"""What a late level costs the clock: its view at the highest level against the second.

Run: ``python benchmarks/clock_levels.py [--rounds N] [--looks M]``.

Both clocks run the Hold'em structure with a break every four levels, so
the late one lies past every listed level, where each stage is worked out
from the structure's ``continue`` (as ``/clock.json`` asks about it every
second). Each round times ``M`` looks at each (the clock's view, and the
public page's document with its bar of 24 stages) in CPU time, the two
alternating; it prints the median of the per-round ratios (late / early).
A ratio near 1 means the cost does not grow with the level.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.bounds import MAX_LEVEL
from companion.serve.pages import clock_document
from companion.timer import clock
from companion.timer.structure import load_structure


def _cpu(work: Callable[[], object], looks: int) -> float:
    start = time.process_time()
    for _ in range(looks):
        work()
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--looks", type=int, default=300)
    args = parser.parse_args()
    structure = load_structure("holdem").with_breaks(4, 10)
    clocks = {
        level: clock.start(structure, clock.ClockSettings(), now=0.0, level=level)
        for level in (2, MAX_LEVEL)
    }

    def look(level: int) -> Callable[[], object]:
        return lambda: clock_document(clock.view(clocks[level], 90.0), None)

    ratios, early, late = [], [], []
    for _ in range(args.rounds):
        e = _cpu(look(2), args.looks)
        lt = _cpu(look(MAX_LEVEL), args.looks)
        early.append(e)
        late.append(lt)
        ratios.append(lt / e)
    per_look = 1e6 / args.looks
    print(
        f"clock view + page document: level 2 {statistics.median(early) * per_look:.0f} µs, "
        f"level {MAX_LEVEL} {statistics.median(late) * per_look:.0f} µs a look; "
        f"median ratio {statistics.median(ratios):.2f}"
    )


if __name__ == "__main__":
    main()
