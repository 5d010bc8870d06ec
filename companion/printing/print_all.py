"""``print all``: every game's card sheets, its rulebook and the contact sheet.

The files are independent, so they are built in parallel worker processes
(one per core by default); each job writes its own file atomically and
returns a :class:`~companion.printing.build.BuildResult`. Results come back
in a fixed order whatever order the jobs finish in.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
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


def run_job(job: Job, spec: SheetSpec, copies: int = 1) -> BuildResult:
    """Build one file (in whichever process runs it)."""
    from companion.printing.build import build_contact_sheet, build_game_pdf

    if job.kind == "cards":
        assert job.game is not None
        return build_game_pdf(job.game, job.path, spec, copies=copies)
    if job.kind == "contact":
        return build_contact_sheet(job.games, job.path, paper=spec.paper, card_spec=spec)
    from companion.printing.rulebook import build_rulebook

    assert job.game is not None
    paper = spec.paper if spec.paper in ("a4", "letter") else "a4"
    pages = build_rulebook(job.game, job.path, paper=paper, booklet=False)
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
) -> list[BuildResult]:
    """Run ``jobs`` on ``workers`` processes (default: one per core; 1 = in this process)."""
    count = min(len(jobs), workers or os.cpu_count() or 1)
    if count <= 1:
        results = []
        for job in jobs:
            result = run_job(job, spec, copies)
            if done:
                done(job, result)
            results.append(result)
        return results
    # Biggest first, so the last job to start is a short one.
    order = sorted(range(len(jobs)), key=lambda i: _weight(jobs[i]), reverse=True)
    with ProcessPoolExecutor(max_workers=count, mp_context=_context()) as pool:
        futures: dict[int, Future[BuildResult]] = {}
        for i in order:
            future = pool.submit(run_job, jobs[i], spec, copies)
            if done:
                future.add_done_callback(_reporter(jobs[i], done))
            futures[i] = future
        return [futures[i].result() for i in range(len(jobs))]


def _reporter(
    job: Job, done: Callable[[Job, BuildResult], None]
) -> Callable[[Future[BuildResult]], None]:
    """The callback that hands a finished job's result to ``done`` (a failed job is raised later)."""

    def report(future: Future[BuildResult]) -> None:
        if future.exception() is None:
            done(job, future.result())

    return report


def _weight(job: Job) -> int:
    return {"contact": 3, "rulebook": 2, "cards": 1}[job.kind]


def _context() -> multiprocessing.context.BaseContext:
    # fork starts workers with everything already imported; elsewhere, the default.
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else None)
