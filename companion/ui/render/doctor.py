"""``companion doctor`` on the terminal: each place companion uses, and its check."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape
from rich.table import Table

if TYPE_CHECKING:
    from rich.console import Console

    from companion.paths import Checkup


def show_checkup(out: Console, found: Checkup) -> None:
    """One row a place: what it is, where (and who chose it), and its check.

    Paths and messages wrap, never end in "…": a cut path is no help."""
    table = Table(title=f"companion {found.version}", title_justify="left")
    table.add_column("what", no_wrap=True)
    table.add_column("where", overflow="fold")
    table.add_column("check", overflow="fold")
    for p in found.places:
        mark = "[green]ok[/]" if p.ok else "[red]problem[/]"
        table.add_row(
            p.what,
            f"{escape(str(p.path))}\n[dim]from {escape(p.source)}[/]",
            f"{mark}: {escape(p.note)}",
        )
    out.print(table)
