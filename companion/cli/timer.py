"""``companion timer``: blind structures, the table clock and its printable sheet."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from companion.cli.common import (
    ForceOption,
    JsonOption,
    StateOption,
    console,
    emit_json,
    table_option,
)

if TYPE_CHECKING:
    from companion.table.model import TableInfo
    from companion.timer.session import TimerSession
    from companion.timer.structure import Structure

timer_app = typer.Typer(
    help="The blind-level clock: structures, a full-screen clock for the table, a printable sheet.",
    no_args_is_help=True,
)

StructureOpt = Annotated[
    str | None,
    typer.Option(
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
        min=0,
        help="Minutes per level (0: levels do not end by time).",
        show_default=False,
    ),
]
DealsOpt = Annotated[
    int | None,
    typer.Option(
        "--deals-per-level",
        min=0,
        help="Deals per level (0: deals do not end levels).",
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


def _session(state: Path | None, table: str | None) -> tuple[TimerSession, TableInfo | None]:
    """The clock of ``table`` (else of the current table, if any), and that table.

    Without any table the clock is kept on its own in the state file.
    """
    from companion.table import open_store
    from companion.timer.clock import SystemClock
    from companion.timer.session import TimerSession
    from companion.timer.store import SqliteClockStore

    store = open_store(state)
    info: TableInfo | None
    try:
        with store.transaction(write=False) as tx:
            if table is not None:
                info = tx.table(table)
            else:
                current = tx.current_table_name()
                info = tx.find_table(current) if current else None
    except BaseException:
        store.close()
        raise
    if info is None:
        store.close()
        return TimerSession(SqliteClockStore(store.path), SystemClock()), None
    from companion.games import table_levels
    from companion.timer.table_clock import TableClockStore

    store_of_table = TableClockStore(store, info.name, table_levels(info.game))
    return TimerSession(store_of_table, SystemClock()), info


@contextmanager
def _opened(
    state: Path | None, table: str | None
) -> Iterator[tuple[TimerSession, TableInfo | None]]:
    """:func:`_session`, closing the table store a table's clock keeps open when done."""
    session, info = _session(state, table)
    try:
        yield session, info
    finally:
        table_store = getattr(session.store, "store", None)
        if table_store is not None:
            table_store.close()


def _settings(minutes: float | None, deals: int | None, players: int | None) -> Any:
    from companion.timer.clock import ClockSettings

    if minutes is None and deals is None and players is None:
        return None
    return ClockSettings(minutes=minutes, deals_per_level=deals, players=players)


def _print_status(view: Any, notices: tuple[str, ...] = ()) -> None:
    from companion.ui.clock_line import plain_line

    sys.stdout.write(plain_line(view) + "\n")
    for notice in notices:
        sys.stdout.write(f"note: {notice}\n")


# -- structures ------------------------------------------------------------------------


@timer_app.command("list")
def list_structures(as_json: JsonOption = False) -> None:
    """List the built-in blind structures."""
    from companion.timer.structure import builtin_aliases, builtin_names, load_structure

    rows: list[dict[str, Any]] = []
    for name in builtin_names():
        s = load_structure(name)
        rows.append(
            {
                "id": s.id,
                "name": s.name,
                "game": s.game,
                "levels": len(s.levels),
                "continues": s.continues,
                "minutes": s.minutes,
                "deals_per_level": s.deals_per_level,
                "aliases": list(builtin_aliases()[name]),
                "description": s.description,
            }
        )
    if as_json:
        emit_json(rows)
        return
    from rich.table import Table

    table = Table(title="Built-in blind structures", title_justify="left")
    for column in ("id", "game", "levels", "a level lasts", "also called"):
        table.add_column(column)
    for row in rows:
        lasts = " or ".join(
            part
            for part in (
                f"{row['minutes']:g} min" if row["minutes"] else "",
                f"{row['deals_per_level']} deal{'s' if row['deals_per_level'] != 1 else ''}"
                if row["deals_per_level"]
                else "",
            )
            if part
        )
        table.add_row(
            str(row["id"]),
            str(row["game"] or "any"),
            f"{row['levels']}{' +' if row['continues'] else ''}",
            lasts or "until you say",
            ", ".join(row["aliases"]),
        )
    out = console()
    out.print(table)
    out.print("Use one with --structure NAME, or give your own YAML file (see docs/timer.md).")


@timer_app.command("structure")
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
    from companion.timer.describe import level_rows, stakes_text

    s = _structure(structure, break_every, break_minutes)
    rows = level_rows(s, levels, minutes=minutes, deals_per_level=deals_per_level, players=players)
    if as_json:
        emit_json(rows)
        return
    from rich.table import Table

    word = s.level_word
    table = Table(title=s.name, title_justify="left")
    table.add_column(word.lower(), justify="right")
    table.add_column("stakes")
    show_gems = any(r["soul_gems"] for r in rows)
    show_enc = s.encounters_from is not None
    if show_gems:
        table.add_column("soul gems", justify="right")
    if show_enc:
        table.add_column("encounter")
    if s.blinds == "bets":
        table.add_column("marks")
    for row in rows:
        level = s.level(row["level"])
        assert level is not None
        cells = [
            str(row["level"]) + ("*" if row["continued"] else ""),
            stakes_text(level, s, players),
        ]
        if show_gems:
            cells.append(f"+{row['soul_gems']}" if row["soul_gems"] else "")
        if show_enc:
            cells.append("draw one" if row["encounter"] else "none")
        if s.blinds == "bets":
            marks = [f"{level.wildcard} wildcard (ante {level.min_bet})"] if level.wildcard else []
            marks += ["refresh the mat"] if level.refresh else []
            marks += [level.note] if level.note else []
            cells.append(", ".join(marks))
        table.add_row(*cells)
        if row["break_after"]:
            table.add_row(
                "", f"[italic]break, {row['break_after']:g} min[/]", *[""] * (len(cells) - 2)
            )
    out = console()
    out.print(table)
    if s.description:
        out.print(s.description, highlight=False)
    lasts = []
    chosen_minutes = minutes if minutes is not None else s.minutes
    chosen_deals = deals_per_level if deals_per_level is not None else s.deals_per_level
    if chosen_minutes:
        lasts.append(f"{chosen_minutes:g} minutes")
    if chosen_deals:
        lasts.append(f"{chosen_deals} deal{'s' if chosen_deals != 1 else ''}")
    out.print(
        f"A {word.lower()} lasts {' or '.join(lasts) or 'until you move on'}"
        + (", whichever comes first." if len(lasts) == 2 else ".")
    )
    if s.continues:
        adds = ", ".join(f"{name.replace('_', ' ')} +{add}" for name, add in s.step)
        out.print(
            f"After {word.lower()} {len(s.levels)}: {adds} per {word.lower()} (* = beyond the list)."
        )
    if s.designed_reason:
        out.print(f"[magenta]✎[/] designed by this project: {s.designed_reason}", highlight=False)


# -- the clock -------------------------------------------------------------------------


@timer_app.command("run")
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
            min=1,
            help="Start a fresh clock at this level (a game under way).",
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
    from companion.timer.structure import load_structure

    with _opened(state, table) as (session, info):
        interactive = sys.stdin.isatty()
        default = None
        if info is not None:
            from companion.timer.table_clock import TableClockStore, default_structure

            default = default_structure(info)
            players = players if players is not None else len(info.players)
            # A table's clock is always kept by a TableClockStore (see _session).
            if level is None and isinstance(session.store, TableClockStore):
                level = session.store.table_level()
        chosen = None
        if structure is not None or break_every is not None:
            if structure is None and not new:
                saved = session.store.load()
                base = saved.structure if saved is not None else load_structure(default)
            else:
                base = load_structure(structure or default)
            chosen = base.with_breaks(break_every, break_minutes)
        fallback = chosen or load_structure(default)
        if info is not None and chosen is not None:
            from companion.games import check_table_structure

            check_table_structure(session.store, info, chosen)
        outcome = session.open(
            chosen,
            _settings(minutes, deals_per_level, players),
            new=new,
            running=not paused,
            fallback=fallback,
            level=level or 1,
        )
        heading = f"{outcome.view.structure.name} · {session.store.label}"
        if plain or not sys.stdout.isatty():
            from companion.ui.clock_line import run_plain, stream_keys, terminal_keys

            if interactive:
                width = console().width
                try:
                    with terminal_keys() as read_key:
                        run_plain(session, read_key, sys.stdout, interactive=True, width=width)
                except KeyboardInterrupt:
                    sys.stdout.write("\n")
            else:
                run_plain(session, stream_keys(sys.stdin), sys.stdout, interactive=False)
        else:
            from companion.ui.clock import TimerApp

            TimerApp(session, heading=heading).run()
            last = session.view()
            _print_status(last)
        final = session.view()
        if interactive and not final.paused:
            console(stderr=True).print(
                "the clock keeps running while closed; 'companion timer do pause' stops it",
                style="dim",
            )


@timer_app.command("status")
def status(table: TableOpt = None, state: StateOption = None, as_json: JsonOption = False) -> None:
    """Show where the saved clock is now."""
    from companion.timer.describe import view_data

    with _opened(state, table) as (session, _):
        outcome = session.refresh()
    if as_json:
        emit_json(view_data(outcome.view))
        return
    _print_status(outcome.view)


@timer_app.command("do")
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
    from companion.errors import CompanionError
    from companion.timer.controls import ACTIONS
    from companion.timer.describe import view_data

    for name in actions:
        if name not in ACTIONS:
            raise CompanionError(f"unknown clock action '{name}' (actions: {', '.join(ACTIONS)})")
    notices: list[str] = []
    outcome = None
    with _opened(state, table) as (session, _):
        for name in actions:
            outcome = session.act(ACTIONS[name])
            notices.extend(outcome.notices)
    assert outcome is not None
    if as_json:
        emit_json({**view_data(outcome.view), "notices": notices})
        return
    _print_status(outcome.view, tuple(notices))


@timer_app.command("reset")
def reset(table: TableOpt = None, state: StateOption = None) -> None:
    """Forget the saved clock (the next 'timer run' starts afresh)."""
    with _opened(state, table) as (session, _):
        forgot = session.reset()
    console().print("clock forgotten" if forgot else f"no clock was saved ({session.store.label})")


# -- the printable sheet ---------------------------------------------------------------


@timer_app.command("sheet")
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
) -> None:
    """Print the structure on one page for the table (PDF)."""
    from companion.errors import CompanionError
    from companion.paths import default_output_dir
    from companion.timer.sheet import write_sheet

    if paper.lower() not in ("a4", "letter"):
        raise CompanionError(f"unknown paper '{paper}' (a4 or letter)")
    s = _structure(structure, break_every, break_minutes)
    target = out or default_output_dir() / f"timer-{s.id}.pdf"
    if target.suffix.lower() != ".pdf":
        raise CompanionError(f"the sheet is a PDF: '{target}' should end in .pdf")
    count = write_sheet(
        s,
        target,
        levels=levels,
        minutes=minutes,
        deals_per_level=deals_per_level,
        players=players,
        paper=paper.lower(),
        force=force,
    )
    console().print(
        f"wrote {target} ({count} {s.level_word.lower()}s on one page)", highlight=False
    )
