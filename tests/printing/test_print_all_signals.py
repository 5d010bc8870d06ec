"""``print all``'s workers never outlive it: real signals sent to a real run."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/task").is_dir(), reason="reads the process tree from /proc"
)

GUARD = 30.0  # seconds before a stuck wait fails the test instead of hanging the suite


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        found.update(int(c) for c in task.read_text().split())
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in ("Z", "X")  # a zombie has stopped; only its parent's wait is missing


def _wait_for(condition, what: str) -> None:  # type: ignore[no-untyped-def]
    limit = time.monotonic() + GUARD
    while not condition():
        if time.monotonic() > limit:
            pytest.fail(f"still waiting after {GUARD:g} s: {what}")
        time.sleep(0.05)


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
def test_print_all_workers_die_with_their_parent(tmp_path: Path, sig: signal.Signals) -> None:
    command = [
        sys.executable,
        "-c",
        "from companion.cli.app import main; main()",
        "print",
        "all",
        "--out-dir",
        str(tmp_path),
        "--jobs",
        "2",
        "--json",
    ]
    parent = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    workers: set[int] = set()
    try:
        _wait_for(lambda: len(_children(parent.pid)) >= 2, "two workers to start")
        workers = _children(parent.pid)
        parent.send_signal(sig)
        parent.wait(timeout=GUARD)
        _wait_for(lambda: not any(_alive(w) for w in workers), f"workers {workers} to stop")
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()
        for worker in workers | _children(parent.pid):
            if _alive(worker):  # a failed test leaves no orphans behind either
                os.kill(worker, signal.SIGKILL)
    # A worker stopped in the middle of a file removed its temporary file.
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
    if sig == signal.SIGTERM:
        assert parent.returncode == 128 + signal.SIGTERM
        assert b"Traceback" not in (parent.stderr.read() if parent.stderr else b"")


def test_a_worker_whose_stop_was_swallowed_stops_when_its_job_returns(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """reportlab's C string widths call back into Python and swallow what
    is raised there: a stop raised in there lets the job run on, and the
    worker must still stop when the job returns, not wait for more work."""
    from companion.printing import print_all

    class Exited(Exception):
        pass

    def exit_now(code: int) -> None:
        raise Exited(code)

    def job_that_swallows_the_stop(*args: object) -> str:
        try:
            print_all._raise_stop(signal.SIGTERM, None)
        except print_all._Stop:
            pass  # as C code that clears the error does
        return "finished"

    monkeypatch.setattr(print_all.os, "_exit", exit_now)
    monkeypatch.setattr(print_all, "run_job", job_that_swallows_the_stop)
    monkeypatch.setattr(print_all, "_stopping", threading.Event())
    with pytest.raises(Exited) as stopped:
        print_all._job_in_worker(None, None, 1, False)  # type: ignore[arg-type]
    assert stopped.value.args == (128 + signal.SIGTERM,)


def test_a_stop_during_the_fork_is_handled_after_it() -> None:
    """A SIGTERM that comes while the workers are forked is noted, then
    handled by the command's own handler once the fork is over (an at-fork
    hook, such as logging's, would swallow what the handler raises)."""
    from companion.printing.print_all import _deferred, _signals_deferred

    seen: list[int] = []
    previous = signal.signal(signal.SIGTERM, lambda signum, frame: seen.append(signum))
    try:
        with _signals_deferred():
            os.kill(os.getpid(), signal.SIGTERM)
            # Whichever thread takes it, the main thread notes it (a fixed 0.05 s was too
            # short on a loaded machine when another thread took it).
            _wait_for(lambda: _deferred == [signal.SIGTERM], "the SIGTERM to be noted")
            assert seen == []
        assert seen == [signal.SIGTERM]
    finally:
        signal.signal(signal.SIGTERM, previous)


def test_a_worker_stopped_while_being_forked_stops_as_it_starts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from companion.printing import print_all

    class Exited(Exception):
        pass

    def exit_now(code: int) -> None:
        raise Exited(code)

    monkeypatch.setattr(print_all.os, "_exit", exit_now)
    monkeypatch.setattr(print_all, "_deferred", [signal.SIGTERM])
    monkeypatch.setattr(print_all, "_ask_kernel_for_parent_death_signal", lambda: None)
    previous = signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT)
    try:
        with pytest.raises(Exited) as stopped:
            print_all._worker_setup(os.getppid())
    finally:
        signal.signal(signal.SIGTERM, previous[0])
        signal.signal(signal.SIGINT, previous[1])
    assert stopped.value.args == (128 + signal.SIGTERM,)


# A pool whose jobs only sleep: every moment of a run (workers starting, busy,
# idle and waiting for the task queue's lock, the last results coming back)
# is reached within a second, for almost no CPU. Like reportlab's bare
# excepts, the jobs swallow the exception SIGTERM raises in them, so a worker
# has to be ended from outside its main thread. One fresh interpreter forks
# each run, so the loop costs one import: the builders a run imports before
# its fork are imported once, up front.
#
# A moment is counted from the run's start ("start") or from the moment all
# four workers are up ("workers"): on a loaded machine the fork comes late,
# and moments counted from the start alone then all fell before it.
_LOOP = r"""
import json, multiprocessing, os, signal, sys, time
from pathlib import Path
from companion.printing import print_all
from companion.printing.build import BuildResult
from companion.printing.imposition import SheetSpec

def sleeping_job(job, spec, copies=1, force=False):
    try:
        time.sleep(float(job.game))
    except BaseException:  # as a library's bare except would: the stop is swallowed
        pass
    return BuildResult(job.path, "cards", job.game, (), 0, 0, 0)

print_all.run_job = sleeping_job  # the forked workers inherit it
print_all._before_fork([])  # what every run imports before it forks, imported once here

def children(pid):
    found = set()
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        found.update(int(c) for c in task.read_text().split())
    return found

def alive(pid):
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state not in ("Z", "X")

def run(folder):
    jobs = [print_all.Job("cards", Path(folder) / f"{n}.pdf", game=str(s))
            for n, s in enumerate([0.6, 0.2, 0.9, 0.1, 0.4, 0.3, 0.05, 0.5, 0.2, 0.1, 0.7])]
    print_all.build_all(jobs, SheetSpec(), workers=4)

folder, moments = sys.argv[1], json.loads(sys.argv[2])
report = []
for anchor, moment in moments:
    parent = multiprocessing.get_context("fork").Process(target=run, args=(folder,))
    parent.start()
    if anchor == "workers":
        limit = time.monotonic() + 30  # the guard: four workers that never come fail below
        while len(children(parent.pid)) < 4 and time.monotonic() < limit:
            time.sleep(0.01)
    time.sleep(moment)
    workers = children(parent.pid)
    os.kill(parent.pid, signal.SIGTERM)
    sent = time.monotonic()
    parent.join(10)  # the guard: a run still going after it has hung
    stopped = None if parent.exitcode is None else round(time.monotonic() - sent, 2)
    limit = time.monotonic() + 10
    while any(alive(w) for w in workers) and time.monotonic() < limit:
        time.sleep(0.02)
    left = sorted(w for w in workers if alive(w))
    for pid in left + ([parent.pid] if parent.exitcode is None else []):
        os.kill(pid, signal.SIGKILL)
    report.append({"moment": [anchor, moment], "exit": parent.exitcode, "stopped": stopped,
                   "workers": len(workers), "left": left})
print(json.dumps(report))
"""


def test_sigterm_stops_print_all_and_its_workers_at_any_moment(tmp_path: Path) -> None:
    """Twenty SIGTERMs, from before the workers fork to the pool's last
    results: every run and every worker stops. (Before, a worker whose job
    swallowed the stop then waited for work that never came while the parent
    waited for it: 7 of 21 real runs of the issue hung so, and this loop hung
    at its first moment.)"""
    before = [("start", 0.05 + 0.07 * n) for n in range(10)]  # before, during, after the fork
    after = [("workers", 0.1 * n) for n in range(10)]  # workers busy, idle, the last results
    moments = before + after
    done = subprocess.run(
        [sys.executable, "-c", _LOOP, str(tmp_path), json.dumps(moments)],
        capture_output=True,
        text=True,
        check=False,
        timeout=20 * 25,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert len(report) == 20
    stopped_by_it = (128 + signal.SIGTERM, -signal.SIGTERM)  # its handler, or before it is set
    for run in report:
        assert run["stopped"] is not None, run  # None: still running after the guard's wait
        assert run["exit"] in (*stopped_by_it, 0), run  # 0: it had finished first
        assert run["left"] == [], run
    # Most runs were really interrupted, workers and all.
    assert sum(run["exit"] in stopped_by_it for run in report) >= 10
    assert sum(run["workers"] == 4 for run in report) >= 10
