"""``companion doctor`` on the terminal: each place companion uses, and its check."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.table import Table

if TYPE_CHECKING:
    from rich.console import Console

    from companion.paths import Checkup


def show_checkup(out: Console, found: Checkup) -> None:
    table = Table(title=f"companion {found.version}", title_justify="left")
    table.add_column("what", no_wrap=True)
    table.add_column("path", overflow="fold")
    table.add_column("from")
    table.add_column("check")
    for p in found.places:
        mark = "[green]ok[/]" if p.ok else "[red]problem[/]"
        table.add_row(p.what, str(p.path), p.source, f"{mark}: {p.note}")
    out.print(table)
