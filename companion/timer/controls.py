"""The clock's controls by name and by key, shared by every display.

>>> KEYS["d"], KEYS[" "], KEYS["e"]
('deal', 'toggle', 'end-level')
>>> sorted(ACTIONS) == sorted(set(KEYS.values()) | {"pause", "resume"})
True
"""

from __future__ import annotations

from collections.abc import Callable

from companion.timer.clock import (
    ClockState,
    ClockView,
    Step,
    add_minutes,
    deal,
    end_level,
    next_stage,
    pause,
    previous_stage,
    resume,
    toggle,
)


def _plus_minute(state: ClockState, now: float) -> Step:
    return add_minutes(state, now, 1)


def _minus_minute(state: ClockState, now: float) -> Step:
    return add_minutes(state, now, -1)


ACTIONS: dict[str, Callable[[ClockState, float], Step]] = {
    "toggle": toggle,
    "pause": pause,
    "resume": resume,
    "deal": deal,
    "next": next_stage,
    "previous": previous_stage,
    "plus-minute": _plus_minute,
    "minus-minute": _minus_minute,
    "end-level": end_level,
}
"""Every control, by the name ``companion timer do`` takes."""

BUTTONS: tuple[str, ...] = ("toggle", "pause", "resume", "previous", "next", "end-level")
"""The clock's buttons on a page, in the order they show (``deal`` comes where a game puts it)."""
MINUTE_BUTTONS: tuple[str, ...] = ("plus-minute", "minus-minute")
"""The buttons that change the minutes left."""

KEYS: dict[str, str] = {
    " ": "toggle",
    "d": "deal",
    "n": "next",
    "p": "previous",
    "+": "plus-minute",
    "=": "plus-minute",  # the + key without shift on most layouts
    "-": "minus-minute",
    "e": "end-level",
}
"""Keys of the full-screen and one-line displays; ``q`` quits (the clock is kept)."""

KEY_HELP: tuple[tuple[str, str], ...] = (
    ("space", "pause/resume"),
    ("d", "deal done"),
    ("n/p", "next/previous level"),
    ("+/-", "one minute more/less"),
    ("e", "end level now"),
    ("q", "quit (clock kept)"),
)


def alert_between(before: ClockView | None, after: ClockView) -> str | None:
    """Whether to ring the bell between two looks at the clock.

    ``"change"`` when a new stage began, ``"warning"`` when the last minute
    (or the last deal) of a stage has just started, else ``None``.
    """
    if before is None:
        return None
    if after.stage_key != before.stage_key:
        return "change"
    if after.warning and not before.warning:
        return "warning"
    return None
