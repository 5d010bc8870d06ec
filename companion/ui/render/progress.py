"""The progress bar of long commands (printing, bot runs): on stderr, gone when done."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console


@contextmanager
def progress(
    err: Console, label: str, total: int | None, quiet: bool = False, eta: bool = False
) -> Iterator[Callable[[int], None]]:
    """A bar on ``err`` (silent when ``quiet`` or not a terminal) that yields ``advance(n)``;
    ``eta`` shows the time left instead of the time taken."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    bar = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn() if eta else TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=quiet or not err.is_terminal,
    )
    with bar:
        task = bar.add_task(label, total=total)
        yield lambda n: bar.advance(task, n)
