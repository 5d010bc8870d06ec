"""SIGTERM against real ``print all`` runs: does every run and every worker stop, and how fast.

Run: ``python benchmarks/print_all_sigterm.py [--runs 20] [--jobs 4]
[--at SECONDS] [--tree DIR]``.

Each run starts ``companion print all -j 4`` into a fresh folder, sends it
SIGTERM and waits at most 15 seconds for the command, then 5 more for its
workers. Without ``--at`` one uninterrupted run comes first to time the
command, and the signals are spread from 0.3 s to nine tenths of that time
(workers caught before they fork, while they fork, busy, idle and handing
back results); ``--at 3`` sends every signal three seconds in, as the issue's
``companion print all --out-dir X -j 4 & sleep 3; kill -TERM $!`` did.
``--tree DIR`` runs the ``companion`` of another checkout (an older commit
unpacked with ``git archive``), to compare.

One line a run (when the signal went, seconds to stop, exit code, workers
left, temporary files left) and a summary: runs stopped by the signal,
runs that had finished first, runs hung (killed after the wait) or that
left a worker or a temporary file, and the median and slowest seconds to
stop. Linux only (reads ``/proc``). The suite holds the same promise
cheaply, with jobs that only sleep (``tests/printing/test_print_all_signals.py``);
this is the real command.
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LIMIT = 15.0  # seconds the command has to stop before it counts as hung
WORKERS_LIMIT = 5.0  # seconds more for its workers


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            found.update(int(c) for c in task.read_text().split())
        except OSError:
            pass
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")  # a zombie has stopped


def _command(folder: str, jobs: int) -> list[str]:
    return [sys.executable, "-m", "companion", "print", "all", "--out-dir", folder, "-j", str(jobs)]


def _environment(root: Path) -> dict[str, str]:
    """The tree's ``companion`` first on the path (the command also runs from its root)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(root), env.get("PYTHONPATH")]))
    return env


def time_one_run(jobs: int, tree: Path) -> float:
    """Wall seconds of one uninterrupted ``print all``."""
    with tempfile.TemporaryDirectory() as folder:
        start = time.monotonic()
        subprocess.run(
            _command(folder, jobs),
            cwd=tree,
            env=_environment(tree),
            stdout=subprocess.DEVNULL,
            check=True,
        )
        return time.monotonic() - start


class Run:
    """What one interrupted run did."""

    def __init__(self, delay: float, stopped: float | None, code: int | None) -> None:
        self.delay = delay
        self.stopped = stopped  # seconds from SIGTERM to the command's exit; None: hung
        self.code = code
        self.workers_left: list[int] = []
        self.temporary_left: list[str] = []

    @property
    def finished_first(self) -> bool:
        return self.code == 0

    @property
    def failed(self) -> bool:
        return self.stopped is None or bool(self.workers_left or self.temporary_left)

    def line(self) -> str:
        shown = "HUNG (killed)" if self.stopped is None else f"stopped {self.stopped:.2f} s"
        if self.finished_first:
            shown = "had finished"
        return (
            f"SIGTERM at {self.delay:4.1f} s: {shown}, exit {self.code}, "
            f"workers left {self.workers_left}, temporary files left {self.temporary_left}"
        )


def one_run(delay: float, jobs: int, tree: Path) -> Run:
    with tempfile.TemporaryDirectory() as folder:
        command = subprocess.Popen(
            _command(folder, jobs),
            cwd=tree,
            env=_environment(tree),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(delay)
        workers = _children(command.pid)
        command.send_signal(signal.SIGTERM)
        sent = time.monotonic()
        try:
            command.wait(LIMIT)
            run = Run(delay, time.monotonic() - sent, command.returncode)
        except subprocess.TimeoutExpired:
            run = Run(delay, None, None)
        workers |= _children(command.pid)
        limit = time.monotonic() + WORKERS_LIMIT
        while any(_alive(w) for w in workers) and time.monotonic() < limit:
            time.sleep(0.05)
        run.workers_left = sorted(w for w in workers if _alive(w))
        for pid in run.workers_left:
            os.kill(pid, signal.SIGKILL)
        if command.poll() is None:
            command.kill()
            command.wait()
        run.temporary_left = sorted(p.name for p in Path(folder).rglob("*.tmp"))
        return run


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=4)
    parser.add_argument("--at", type=float, help="send every SIGTERM this many seconds in")
    parser.add_argument("--tree", type=Path, help="run the companion of this checkout instead")
    args = parser.parse_args()
    tree = (args.tree or Path(__file__).parent.parent).resolve()
    if args.at is not None:
        delays = [args.at] * args.runs
    else:
        whole = time_one_run(args.jobs, tree)
        print(f"one uninterrupted run: {whole:.1f} s")
        last = max(0.3, 0.9 * whole)
        delays = [0.3 + (last - 0.3) * n / max(1, args.runs - 1) for n in range(args.runs)]
    runs = []
    for delay in delays:
        run = one_run(delay, args.jobs, tree)
        runs.append(run)
        print(run.line(), flush=True)
    stops = [r.stopped for r in runs if r.stopped is not None and not r.finished_first]
    failed = sum(r.failed for r in runs)
    finished = sum(r.finished_first and not r.failed for r in runs)
    summary = f"{len(runs)} runs: {len(stops)} stopped by SIGTERM, {finished} had finished first"
    summary += f", {failed} hung or left a worker or a temporary file"
    if stops:
        summary += f"; seconds to stop: median {statistics.median(stops):.2f}, "
        summary += f"slowest {max(stops):.2f}"
    print(summary)


if __name__ == "__main__":
    main()
