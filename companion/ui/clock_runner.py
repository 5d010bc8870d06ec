"""Run a clock on the terminal: the full screen, or one line when asked or piped.

``companion timer run`` opens the clock and hands it here; keys come from
the terminal (raw, one at a time) or, without one, from stdin.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.timer.session import TimerSession


def run_clock_screen(session: TimerSession, heading: str, *, plain: bool) -> None:
    """Show ``session`` until the user quits; the clock is saved after every key."""
    from rich.console import Console

    from companion.ui.clock_line import plain_line, run_plain, stream_keys, terminal_keys

    interactive = sys.stdin.isatty()
    if plain or not sys.stdout.isatty():
        if interactive:
            width = Console(file=sys.stdout).width
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
        sys.stdout.write(plain_line(session.view()) + "\n")
    if interactive and not session.view().paused:
        Console(file=sys.stderr, highlight=False).print(
            "the clock keeps running while closed; 'companion timer do pause' stops it",
            style="dim",
        )
