"""``companion timer``: blind structures, the table clock and its printable sheet."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from companion.cli.common import (
    ForceOption,
    JsonOption,
    StateOption,
    console,
    emit_json,
    example,
    structure_option,
    table_option,
)

if TYPE_CHECKING:
    from companion.timer.clock import ClockView
    from companion.timer.structure import Structure

timer_app = typer.Typer(
    epilog=example("companion timer run --structure short --paused --plain"),
    help="The blind-level clock: structures, a full-screen clock for the table, a printable sheet.",
    no_args_is_help=True,
)

StructureOpt = Annotated[
    str | None,
    structure_option(
        "--structure",
        "-s",
        help="A built-in structure (see 'companion timer list') or a YAML file of your own.",
        show_default=False,
    ),
]
MinutesOpt = Annotated[
    float | None,
    typer.Option(
        "--minutes",
        help="Minutes per level, 0 to 1440 (0: levels do not end by time).",
        show_default=False,
    ),
]
DealsOpt = Annotated[
    int | None,
    typer.Option(
        "--deals-per-level",
        help="Deals per level, 0 to 1000 (0: deals do not end levels).",
        show_default=False,
    ),
]
PlayersOpt = Annotated[
    int | None,
    typer.Option(
        "--players",
        min=2,
        max=12,
        help="Players at the table (DECKO: the house bets double with 2).",
        show_default=False,
    ),
]
TableOpt = Annotated[
    str | None,
    table_option(
        "--table",
        help="The table whose clock this is (default: the current table, if any).",
        show_default=False,
    ),
]
BreakEveryOpt = Annotated[
    int | None,
    typer.Option(
        "--break-every", min=1, help="Schedule a break after every N levels.", show_default=False
    ),
]
BreakMinutesOpt = Annotated[
    float, typer.Option("--break-minutes", min=1, help="Length of a scheduled break in minutes.")
]
LevelsOpt = Annotated[
    int | None,
    typer.Option(
        "--levels",
        min=1,
        max=500,
        help="How many levels to list (default: the listed ones).",
        show_default=False,
    ),
]


def register(app: typer.Typer) -> None:
    app.add_typer(timer_app, name="timer")


# -- helpers ---------------------------------------------------------------------------


def _structure(name: str | None, break_every: int | None, break_minutes: float) -> Structure:
    from companion.timer.structure import load_structure

    return load_structure(name).with_breaks(break_every, break_minutes)


def _print_status(view: ClockView, notices: tuple[str, ...] = ()) -> None:
    from companion.ui.clock_line import plain_line

    sys.stdout.write(plain_line(view) + "\n")
    for notice in notices:
        sys.stdout.write(f"note: {notice}\n")


# -- structures ------------------------------------------------------------------------


@timer_app.command("list", epilog=example("companion timer list"))
def list_structures(as_json: JsonOption = False) -> None:
    """List the built-in blind structures."""
    from companion.timer.commands import structure_summaries

    summaries = structure_summaries()
    if as_json:
        emit_json(summaries.to_json())
        return
    from companion.ui.render.timer import show_structure_list

    show_structure_list(console(), summaries.summaries)


@timer_app.command(
    "structure", epilog=example("companion timer structure --structure short --levels 8")
)
def show_structure(
    structure: StructureOpt = None,
    levels: LevelsOpt = None,
    minutes: MinutesOpt = None,
    deals_per_level: DealsOpt = None,
    players: PlayersOpt = None,
    break_every: BreakEveryOpt = None,
    break_minutes: BreakMinutesOpt = 10,
    as_json: JsonOption = False,
) -> None:
    """Show a blind structure level by level (JSON: one object per level)."""
    from companion.timer.commands import structure_report

    s = _structure(structure, break_every, break_minutes)
    report = structure_report(
        s, levels, minutes=minutes, deals_per_level=deals_per_level, players=players
    )
    if as_json:
        emit_json(report.to_json())
        return
    from companion.ui.render.timer import show_structure as show

    show(console(), s, report, players)


# -- the clock -------------------------------------------------------------------------


@timer_app.command("run", epilog=example("companion timer run --structure short --paused --plain"))
def run_clock(
    structure: StructureOpt = None,
    minutes: MinutesOpt = None,
    deals_per_level: DealsOpt = None,
    players: PlayersOpt = None,
    table: TableOpt = None,
    break_every: BreakEveryOpt = None,
    break_minutes: BreakMinutesOpt = 10,
    new: Annotated[
        bool, typer.Option("--new", help="Start a fresh clock even if one is saved.")
    ] = False,
    level: Annotated[
        int | None,
        typer.Option(
            "--level",
            help="Start a fresh clock at this level, 1 to 500 (a game under way).",
            show_default=False,
        ),
    ] = None,
    paused: Annotated[bool, typer.Option("--paused", help="Start a fresh clock paused.")] = False,
    plain: Annotated[
        bool, typer.Option("--plain", help="One refreshing line instead of the full screen.")
    ] = False,
    state: StateOption = None,
) -> None:
    """Run the clock: full screen, or one line with --plain. Resumes a saved clock.

    Keys: space pause/resume, d a deal is done, n/p next/previous level,
    +/- a minute more/less, e end the level now, q quit (the clock is kept
    and keeps running unless paused). Without a terminal, keys are read
    from stdin.
    """
    from companion.games.clock import open_clock, start_clock
    from companion.timer.commands import ClockRequest

    request = ClockRequest(
        structure=structure,
        minutes=minutes,
        deals_per_level=deals_per_level,
        players=players,
        break_every=break_every,
        break_minutes=break_minutes,
        new=new,
        level=level,
        paused=paused,
    )
    request.check()  # before the state file is opened
    with open_clock(state, table) as clock:
        session = clock.session
        outcome = start_clock(clock, request)
        heading = f"{outcome.view.structure.name} · {clock.label}"
        from companion.ui.clock_runner import run_clock_screen

        run_clock_screen(session, heading, plain=plain)


@timer_app.command("status", epilog=example("companion timer status --json"))
def status(table: TableOpt = None, state: StateOption = None, as_json: JsonOption = False) -> None:
    """Show where the saved clock is now (only reads: works on a read-only state file)."""
    from companion.games.clock import open_clock
    from companion.timer.commands import ClockReport

    with open_clock(state, table, write=False) as clock:
        report = ClockReport(clock.session.view())
    if as_json:
        emit_json(report.to_json())
        return
    _print_status(report.view)


@timer_app.command("do", epilog=example("companion timer do pause next"))
def do(
    actions: Annotated[
        list[str],
        typer.Argument(
            help="One or more of: pause, resume, toggle, deal, next, previous, plus-minute, minus-minute, "
            "end-level (done in order).",
            show_default=False,
        ),
    ],
    table: TableOpt = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Work the saved clock from the command line, as the display's keys do."""
    from companion.games.clock import open_clock
    from companion.timer.commands import check_actions, do_actions

    check_actions(actions)
    with open_clock(state, table) as clock:
        report = do_actions(clock.session, actions)
    if as_json:
        emit_json(report.to_json())
        return
    _print_status(report.view, report.notices)


@timer_app.command("reset", epilog=example("companion timer reset"))
def reset(table: TableOpt = None, state: StateOption = None, as_json: JsonOption = False) -> None:
    """Forget the saved clock (the next 'timer run' starts afresh)."""
    from companion.games.clock import open_clock
    from companion.timer.commands import reset_clock

    with open_clock(state, table) as clock:
        done = reset_clock(clock)
    if as_json:
        emit_json(done.to_json())
        return
    console().print("clock forgotten" if done.forgotten else f"no clock was saved ({done.label})")


# -- the printable sheet ---------------------------------------------------------------


@timer_app.command(
    "sheet",
    epilog=example("companion timer sheet --structure short --paper letter --out blinds.pdf"),
)
def sheet(
    structure: StructureOpt = None,
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="PDF to write.", show_default=False)
    ] = None,
    levels: LevelsOpt = None,
    minutes: MinutesOpt = None,
    deals_per_level: DealsOpt = None,
    players: PlayersOpt = None,
    break_every: BreakEveryOpt = None,
    break_minutes: BreakMinutesOpt = 10,
    paper: Annotated[str, typer.Option("--paper", help="a4 or letter.")] = "a4",
    force: ForceOption = False,
    as_json: JsonOption = False,
) -> None:
    """Print the structure on one page for the table (PDF)."""
    from companion.errors import CompanionError
    from companion.paths import default_output_dir
    from companion.printing.timer_sheet import write_sheet

    if paper.lower() not in ("a4", "letter"):
        raise CompanionError(f"unknown paper '{paper}' (a4 or letter)")
    s = _structure(structure, break_every, break_minutes)
    target = out or default_output_dir() / f"timer-{s.id}.pdf"
    if target.suffix.lower() != ".pdf":
        raise CompanionError(f"the sheet is a PDF: '{target}' should end in .pdf")
    written = write_sheet(
        s,
        target,
        levels=levels,
        minutes=minutes,
        deals_per_level=deals_per_level,
        players=players,
        paper=paper.lower(),
        force=force,
    )
    if as_json:
        emit_json(written.to_json())
        return
    console().print(
        f"wrote {target} ({written.levels} {s.level_word.lower()}s on one page)", highlight=False
    )
