"""``companion timer structure`` on the terminal: the levels of a structure as a table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.table import Table

from companion.timer.describe import stakes_text

if TYPE_CHECKING:
    from rich.console import Console

    from companion.timer.commands import StructureReport, StructureSummary
    from companion.timer.structure import Structure


def show_structure(
    out: Console, s: Structure, report: StructureReport, players: int | None
) -> None:
    """One row a level, breaks between them, then the structure's notes."""
    rows = report.rows
    table = Table(title=s.name, title_justify="left")
    table.add_column(s.level_word.lower(), justify="right")
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
    out.print(table)
    if s.description:
        out.print(s.description, highlight=False)
    for note in report.notes:
        out.print(note, highlight=False)
    if s.designed_reason:
        out.print(f"[magenta]✎[/] designed by this project: {s.designed_reason}", highlight=False)


def show_structure_list(out: Console, summaries: Sequence[StructureSummary]) -> None:
    """The built-in structures, one row each, and how to use one."""
    table = Table(title="Built-in blind structures", title_justify="left")
    # Every id and alias is a word to type after --structure: none may be cut to "…" at
    # 80 columns, so none wraps and each alias has a line of its own (the game each
    # structure is for is in its id, and in --json).
    table.add_column("id", no_wrap=True)
    table.add_column("levels", no_wrap=True)
    table.add_column("a level lasts", no_wrap=True)
    table.add_column("also called", no_wrap=True)
    for summary in summaries:
        s = summary.structure
        table.add_row(
            s.id,
            f"{len(s.levels)}{' +' if s.continues else ''}",
            summary.lasts(),
            "\n".join(summary.aliases),
        )
    out.print(table)
    out.print("Use one with --structure NAME, or give your own YAML file (see docs/timer.md).")
