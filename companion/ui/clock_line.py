"""The one-line display (``companion timer run --plain``) for simple terminals.

On a terminal one line is redrawn in place every half second, keys act at
once, and the bell rings before and at each change. When stdin is not a
terminal, its characters are read as keys (``ddn`` = two deals, then next
level) and one line is printed after each, so the clock can be scripted.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterator
from typing import TextIO

from companion.errors import CompanionError
from companion.timer.clock import ClockView, clock_text
from companion.timer.controls import ACTIONS, KEYS, alert_between
from companion.timer.describe import deals_text, short_stakes, time_text
from companion.timer.session import TimerSession

ReadKey = Callable[[float], str | None]
"""Wait up to the given seconds for a key: the key, ``None`` on timeout, ``""`` at end of input."""

FLASH_SECONDS = 3.0


def plain_line(v: ClockView) -> str:
    """The whole clock on one line.

    >>> from companion.timer.clock import ClockSettings, start, view
    >>> from companion.timer.structure import load_structure
    >>> plain_line(view(start(load_structure("dungeon-poker"), ClockSettings(), 0.0), 75.0))
    'Level 1 | blind 100 | 01:15 played | deal 1 of 5 | next 200 after 5 deals'
    """
    word = (
        "blinds"
        if v.level.small_blind is not None
        else "bets"
        if v.level.min_bet is not None
        else "blind"
    )
    stakes = short_stakes(v.level)
    if v.is_break:
        parts = [v.title, f"then {v.structure.level_word.lower()} {v.level.number} {word} {stakes}"]
    else:
        gems = f" (+{v.level.soul_gems} soul gem)" if v.level.soul_gems else ""
        parts = [v.title, f"{word} {stakes}{gems}"]
    house = v.level.house_bet(v.state.settings.players, v.structure.two_player_house_factor)
    if house is not None:
        parts[1] += f" house {house}"
    parts.append(f"{time_text(v)} {'played' if v.remaining is None else 'left'}")
    if v.over:
        parts.append("all deals played")
    elif not v.is_break:
        parts.append(deals_text(v))
    if v.next_level is not None and not v.is_break:
        gems = f" (+{v.next_level.soul_gems} gem)" if v.next_level.soul_gems else ""
        when = ""
        if v.next_level_in is not None:
            when = f" in {clock_text(v.next_level_in)}"
        elif v.deals_per_level is not None:
            left = max(0, v.deals_per_level - v.deals)
            when = f" after {left} deal{'s' if left != 1 else ''}"
        parts.append(f"next {short_stakes(v.next_level)}{gems}{when}")
    elif v.over:
        parts.append("GAME OVER")
    elif v.final:
        parts.append("last " + v.structure.level_word.lower())
    if v.level.wildcard and not v.is_break:
        parts.append(f"{v.level.wildcard} wildcard round")
    if v.level.refresh and not v.is_break:
        parts.append("refresh the mat")
    record = v.encounter
    if record is not None and not v.is_break:
        if record.status == "drawn" and record.encounter is not None:
            parts.append(f"encounter: {record.encounter.name}")
        elif record.status == "to-draw":
            parts.append("draw an encounter")
        else:
            parts.append("no encounter (deck empty)")
    if v.paused:
        parts.append("PAUSED")
    return " | ".join(parts)


def run_plain(
    session: TimerSession,
    read_key: ReadKey,
    out: TextIO,
    *,
    interactive: bool,
    interval: float = 0.5,
    width: int | None = None,
) -> ClockView:
    """Show the clock on one line until ``q`` or the end of input; return the last view."""
    before: ClockView | None = None
    flash_until = float("-inf")
    outcome = session.refresh()
    while True:
        v = outcome.view
        alert = alert_between(before, v)
        if alert and interactive:
            out.write("\a")
            flash_until = v.now + FLASH_SECONDS
        before = v
        line = plain_line(v)
        for notice in outcome.notices:
            line = f"{line} | {notice}"
        if width:
            line = line[: max(10, width - 1)]
        if interactive:
            shown = f"\x1b[7m{line}\x1b[0m" if v.now < flash_until else line
            out.write(f"\r\x1b[K{shown}")
        else:
            out.write(line + "\n")
        out.flush()
        key = read_key(interval if interactive else 0.0)
        if key == "" or key == "q" or key == "Q":
            break
        if key is None or key not in KEYS:
            outcome = session.refresh()
            continue
        try:
            outcome = session.act(ACTIONS[KEYS[key]])
        except CompanionError as exc:
            outcome = session.refresh()
            out.write(f"{'' if not interactive else chr(13)}error: {exc.message}\n")
    if interactive:
        out.write("\n")
        out.flush()
    return before


def stream_keys(stream: TextIO) -> ReadKey:
    """Keys from a stream that is not a terminal: one character at a time, newlines skipped."""

    def read(_timeout: float) -> str | None:
        while True:
            char = stream.read(1)
            if char in ("\n", "\r"):
                continue
            return char

    return read


@contextlib.contextmanager
def terminal_keys() -> Iterator[ReadKey]:
    """Keys from the terminal, without waiting for Enter (POSIX terminals)."""
    import select
    import termios
    import tty

    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    tty.setcbreak(fd)

    def read(timeout: float) -> str | None:
        ready, _, _ = select.select([fd], [], [], timeout)
        if not ready:
            return None
        data = os.read(fd, 1)
        return data.decode("utf-8", "ignore") if data else ""

    try:
        yield read
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
