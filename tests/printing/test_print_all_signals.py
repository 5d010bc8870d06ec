"""``print all``'s workers never outlive it: real signals sent to a real run."""

from __future__ import annotations

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


def test_signals_wait_while_the_workers_fork() -> None:
    """A SIGTERM that comes during the fork is held, then handled after it
    (an at-fork hook would otherwise swallow the handler's exception)."""
    from companion.printing.print_all import _signals_held

    seen: list[str] = []
    previous = signal.signal(signal.SIGTERM, lambda signum, frame: seen.append("term"))
    try:
        with _signals_held():
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(0.05)
            assert seen == []
        assert seen == ["term"]
    finally:
        signal.signal(signal.SIGTERM, previous)
