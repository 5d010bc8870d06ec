"""How long ``companion --help`` takes to start, against a bare interpreter.

Run: ``python benchmarks/startup.py [--runs N]``. Both are timed in the same
run, alternating, so machine load affects them alike; the figure that
matters is the ratio (and the absolute milliseconds above ``python -c pass``).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time


def _time(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    peers = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "companion --help": [sys.executable, "-m", "companion", "--help"],
        "companion --version": [sys.executable, "-m", "companion", "--version"],
        "companion rank ...": [
            sys.executable,
            "-m",
            "companion",
            "rank",
            "--board",
            "Ah Kd 7c 7s 2h",
            "alice=As 7d",
            "bob=Kh Kc",
        ],
    }
    for cmd in peers.values():  # warm the file cache and bytecode
        _time(cmd)
    samples: dict[str, list[float]] = {name: [] for name in peers}
    for _ in range(args.runs):
        for name, cmd in peers.items():
            samples[name].append(_time(cmd))
    base = statistics.median(samples["python -c pass"])
    for name, values in samples.items():
        med = statistics.median(values)
        print(f"{name:22s} median {med * 1000:7.1f} ms  ratio {med / base:5.2f}x")


if __name__ == "__main__":
    main()
