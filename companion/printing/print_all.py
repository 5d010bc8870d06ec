"""``print all``: every game's card sheets, its rulebook and the contact sheet.

The files are independent, so they are built in parallel worker processes
(one per core by default); each job writes its own file atomically and
returns a :class:`~companion.printing.build.BuildResult`. Results come back
in a fixed order whatever order the jobs finish in.

Workers never outlive the command. When it ends in any way but success
(an error, Ctrl-C, ``SIGTERM``) the pool is terminated; when it is killed
outright (``SIGKILL``), each worker learns it from the kernel (Linux's
parent-death signal) or, elsewhere, from a thread that watches its parent,
and stops. A worker stopped in the middle of a file removes its temporary
file first, so nothing half-written is left.
"""

from __future__ import annotations

import gc
import multiprocessing
import multiprocessing.pool
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Literal

from companion.printing.build import BuildResult
from companion.printing.imposition import SheetSpec


@dataclass(frozen=True)
class Job:
    """One file of ``print all``."""

    kind: Literal["cards", "rulebook", "contact"]
    path: Path
    game: str | None = None
    games: tuple[str, ...] = ()

    def __repr__(self) -> str:
        return f"<Job {self.kind} {self.path.name}>"


def plan(
    games: Sequence[str], folder: Path, *, rulebooks: bool = True, contact_sheet: bool = True
) -> list[Job]:
    """The files to write, in the order the summary lists them."""
    from companion.printing.rulebook import rulebook_file_name

    jobs: list[Job] = []
    for game in games:
        jobs.append(Job("cards", folder / f"{game}.pdf", game))
        if rulebooks:
            jobs.append(Job("rulebook", folder / rulebook_file_name(game), game))
    if contact_sheet and games:
        jobs.append(Job("contact", folder / "contact-sheet.pdf", games=tuple(games)))
    return jobs


def plan_all(
    folder: Path | None = None, *, rulebooks: bool = True, contact_sheet: bool = True
) -> list[Job]:
    """:func:`plan` for every game of the card database, into ``folder`` (default: the
    output folder); no game at all is an error naming where they were looked for."""
    from companion.cards import load_all
    from companion.errors import CompanionError
    from companion.paths import cards_dir, default_output_dir

    games = load_all()
    if not games:
        raise CompanionError(f"no games found in {cards_dir()}")
    return plan(
        list(games),
        folder or default_output_dir(),
        rulebooks=rulebooks,
        contact_sheet=contact_sheet,
    )


def run_job(job: Job, spec: SheetSpec, copies: int = 1, force: bool = False) -> BuildResult:
    """Build one file (in whichever process runs it)."""
    from companion.printing.build import build_contact_sheet, build_game_pdf

    if job.kind == "cards":
        assert job.game is not None
        return build_game_pdf(job.game, job.path, spec, copies=copies, force=force)
    if job.kind == "contact":
        return build_contact_sheet(
            job.games, job.path, paper=spec.paper, card_spec=spec, force=force
        )
    from companion.printing.rulebook import build_rulebook

    assert job.game is not None
    paper = spec.paper if spec.paper in ("a4", "letter") else "a4"
    pages = build_rulebook(job.game, job.path, paper=paper, booklet=False, force=force)
    return BuildResult(
        path=job.path,
        kind="rulebook",
        game=job.game,
        decks=(),
        cards=0,
        pages=int(pages),
        bytes=job.path.stat().st_size,
    )


def build_all(
    jobs: Sequence[Job],
    spec: SheetSpec,
    *,
    copies: int = 1,
    workers: int | None = None,
    done: Callable[[Job, BuildResult], None] | None = None,
    force: bool = False,
) -> list[BuildResult]:
    """Run ``jobs`` on ``workers`` processes (default: one per core; 1 = in this process).

    Every output path is checked first (:func:`companion.fileio.output_path`),
    so a refused file stops the run before any work; ``force`` replaces
    read-only files.
    """
    from companion.fileio import output_path

    for job in jobs:
        output_path(job.path, force=force)
    count = min(len(jobs), workers or os.cpu_count() or 1)
    with _stopped_by_sigterm():
        if count <= 1:
            results = []
            for job in jobs:
                result = run_job(job, spec, copies, force)
                if done:
                    done(job, result)
                results.append(result)
            return results
        return _in_pool(jobs, spec, copies, force, count, done)


def _in_pool(
    jobs: Sequence[Job],
    spec: SheetSpec,
    copies: int,
    force: bool,
    count: int,
    done: Callable[[Job, BuildResult], None] | None,
) -> list[BuildResult]:
    # Biggest first, so the last job to start is a short one.
    order = sorted(range(len(jobs)), key=lambda i: _weight(jobs[i]), reverse=True)
    context = _context()
    forked = context.get_start_method() == "fork"
    if forked:
        _before_fork(jobs)
        # What the workers inherit stays out of their garbage collections
        # (which would otherwise walk it, and copy the pages it is on).
        gc.freeze()
    pool: multiprocessing.pool.Pool | None = None
    try:
        try:
            with _signals_deferred():
                pool = context.Pool(count, initializer=_worker_setup, initargs=(os.getpid(),))
        finally:
            if forked:
                gc.unfreeze()
        pending: dict[int, multiprocessing.pool.AsyncResult[BuildResult]] = {}
        for i in order:
            callback = _reporter(jobs[i], done) if done else None
            pending[i] = pool.apply_async(
                _job_in_worker, (jobs[i], spec, copies, force), callback=callback
            )
        results = [pending[i].get() for i in range(len(jobs))]
    except BaseException:
        if pool is not None:
            _terminate(pool)
        raise
    pool.close()
    pool.join()
    return results


def _before_fork(jobs: Sequence[Job]) -> None:
    """Do once what every forked worker would otherwise do again: import the
    builders, and run each card's face template (compiled and rendered into
    the cache the workers then start with)."""
    import reportlab.platypus  # noqa: F401 - imported for the workers

    from companion.cards import load_game
    from companion.errors import CompanionError
    from companion.printing import backs, build, faces, rulebook  # noqa: F401 - the same
    from companion.printing.templates import render_game_faces

    games = [g for job in jobs if job.kind != "rulebook" for g in (job.game, *job.games) if g]
    for game in dict.fromkeys(games):
        try:
            render_game_faces(load_game(game))
        except CompanionError:
            pass  # kept with the card: the job that draws it raises it, as without this


def _terminate(pool: multiprocessing.pool.Pool) -> None:
    """Stop every worker (SIGTERM: each cleans up and stops) and wait for them.

    SIGTERM goes again every :data:`WATCH_INTERVAL` to a worker still
    running: one forked an instant before the first may not have got it
    (Python drops a signal that comes while a new process is set up), and
    a worker already stopping ignores the repeats.
    """
    workers = [p.pid for p in multiprocessing.active_children() if p.pid is not None]
    finished = threading.Event()

    def again() -> None:
        while not finished.wait(WATCH_INTERVAL):
            for pid in workers:
                with suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGTERM)

    threading.Thread(target=again, daemon=True).start()
    try:
        pool.terminate()
        pool.join()
    finally:
        finished.set()


def _reporter(job: Job, done: Callable[[Job, BuildResult], None]) -> Callable[[BuildResult], None]:
    """The callback that hands a finished job's result to ``done`` (a failed job is raised later)."""

    def report(result: BuildResult) -> None:
        done(job, result)

    return report


# -- workers that die with the command -------------------------------------------------

WATCH_INTERVAL = 0.5
"""Seconds between a worker's looks at its parent where the kernel cannot tell it."""


class _Stop(BaseException):
    """Raised in a worker by SIGTERM: unwinds (temporary files are removed), then exits."""


_busy = threading.Event()  # set while this worker is in the middle of a job
_stopping = threading.Event()  # set once this worker has been told to stop


def _raise_stop(signum: int, frame: FrameType | None) -> None:
    if _stopping.is_set():
        return  # stopping already: the unwinding (or the job, see _job_in_worker) goes on
    _stopping.set()
    if not _busy.is_set():
        os._exit(128 + signum)  # idle: nothing to clean up
    raise _Stop


_STOPPING = (signal.SIGTERM, signal.SIGINT)
_deferred: list[int] = []  # what came while the workers were forked


def _defer(signum: int, frame: FrameType | None) -> None:
    _deferred.append(signum)


@contextmanager
def _signals_deferred() -> Iterator[None]:
    """SIGTERM and SIGINT that come while the workers are forked are noted and handled after.

    Python runs at-fork hooks (``logging`` has some) in both processes and
    swallows what a signal handler raises inside one, so a stop would be
    lost. Noted instead, it is handled once the fork is over: here by the
    handler put back, in a worker by :func:`_worker_setup`.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {signum: signal.signal(signum, _defer) for signum in _STOPPING}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        came, _deferred[:] = list(_deferred), []
        if came:
            first = signal.Signals(came[0])
            handler = previous[first]
            if callable(handler):
                handler(first, None)
            elif handler == signal.SIG_DFL:
                os.kill(os.getpid(), first)


@contextmanager
def _held_in_this_thread() -> Iterator[None]:
    """SIGTERM and SIGINT held in the calling thread (and in the threads it starts meanwhile)."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - not on POSIX
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPPING)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _worker_setup(parent: int) -> None:
    """Runs first in every worker: stop on SIGTERM, and stop when the parent is gone."""
    signal.signal(signal.SIGTERM, _raise_stop)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the parent, which stops us
    _ask_kernel_for_parent_death_signal()
    if os.getppid() != parent:  # the parent died before we could ask
        os._exit(1)
    if _deferred:  # stopped while being forked (see _signals_deferred)
        os._exit(128 + _deferred[0])
    # The watch thread never takes a signal: it goes to the main thread, which
    # a signal taken by another thread would leave blocked in a lock or a read.
    with _held_in_this_thread():
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _ask_kernel_for_parent_death_signal() -> None:
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(signal.SIGTERM), 0, 0, 0)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # pragma: no cover - a libc without prctl
        pass


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_INTERVAL)
    os.kill(os.getpid(), signal.SIGTERM)
    time.sleep(5 * WATCH_INTERVAL)
    os._exit(1)  # the main thread did not stop in time (stuck in C code)


def _job_in_worker(job: Job, spec: SheetSpec, copies: int, force: bool) -> BuildResult:
    _busy.set()
    try:
        return run_job(job, spec, copies, force)
    except _Stop:
        os._exit(128 + int(signal.SIGTERM))  # the unwinding has removed the temporary file
    finally:
        _busy.clear()
        if _stopping.is_set():
            # The stop was raised where C code swallowed it (reportlab's string
            # widths call back into Python) and the job ran on to its end:
            # stop now rather than wait for a task that will not come.
            os._exit(128 + int(signal.SIGTERM))


@contextmanager
def _stopped_by_sigterm() -> Iterator[None]:
    """While the pool runs, SIGTERM ends the command like Ctrl-C (so the pool is torn down)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: FrameType | None) -> None:
        raise SystemExit(128 + signum)

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _weight(job: Job) -> int:
    return {"contact": 3, "rulebook": 2, "cards": 1}[job.kind]


def _context() -> multiprocessing.context.BaseContext:
    # fork starts workers with everything already imported; elsewhere, the default.
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else None)
