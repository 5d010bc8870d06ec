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


def test_a_stop_during_the_fork_is_handled_after_it() -> None:
    """A SIGTERM that comes while the workers are forked is noted, then
    handled by the command's own handler once the fork is over (an at-fork
    hook, such as logging's, would swallow what the handler raises)."""
    from companion.printing.print_all import _signals_deferred

    seen: list[int] = []
    previous = signal.signal(signal.SIGTERM, lambda signum, frame: seen.append(signum))
    try:
        with _signals_deferred():
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(0.05)  # whichever thread takes it, the main thread notes it meanwhile
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
