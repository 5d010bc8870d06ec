"""The one-line display: a refreshing line, keys, the bell; driven by a fake clock."""

from __future__ import annotations

import io

from companion.timer.clock import ClockSettings, FakeClock
from companion.timer.session import TimerSession
from companion.timer.store import MemoryClockStore
from companion.timer.structure import load_structure
from companion.ui.clock_line import plain_line, run_plain, stream_keys


def scripted_keys(clock: FakeClock, script: list[tuple[float, str | None]]):  # type: ignore[no-untyped-def]
    """A key reader that lets ``seconds`` pass, then 'presses' ``key``."""
    steps = iter(script)

    def read(_timeout: float) -> str | None:
        seconds, key = next(steps, (0.0, "q"))
        clock.advance(seconds)
        return key

    return read


def test_the_line_refreshes_in_place_and_rings_before_and_at_the_change() -> None:
    clock = FakeClock(0.0)
    session = TimerSession(MemoryClockStore(), clock)
    session.open(load_structure("holdem"))
    out = io.StringIO()
    keys = scripted_keys(clock, [(18 * 60, None), (61, None), (10, None), (49, None), (1, "q")])
    last = run_plain(session, keys, out, interactive=True)
    shown = out.getvalue()
    assert shown.count("\r\x1b[K") == 5  # one line, redrawn
    assert shown.count("\a") == 2  # one minute before, and at the change
    assert "\x1b[7m" in shown  # the flash
    assert last.level.number == 2


def test_keys_act_at_once() -> None:
    clock = FakeClock(0.0)
    session = TimerSession(MemoryClockStore(), clock)
    session.open(load_structure("dungeon-poker"))
    out = io.StringIO()
    last = run_plain(
        session, scripted_keys(clock, [(5, "d")] * 5 + [(5, "e"), (5, " ")]), out, interactive=True
    )
    assert last.level.number == 3 and last.paused
    assert "PAUSED" in out.getvalue().split("\r\x1b[K")[-1]


def test_scripted_keys_print_one_line_each_and_stop_at_the_end() -> None:
    clock = FakeClock(0.0)
    session = TimerSession(MemoryClockStore(), clock)
    session.open(load_structure("dungeon-poker"), ClockSettings(deals_per_level=2))
    out = io.StringIO()
    run_plain(session, stream_keys(io.StringIO("dd\nx-\n")), out, interactive=False)
    lines = out.getvalue().splitlines()
    assert len(lines) == 5  # the start, then d, d, x (ignored), -
    assert lines[2].startswith("Level 2 | blind 200") and "draw an encounter" in lines[2]
    assert "no time limit" in lines[4]
    assert "\a" not in out.getvalue()


def test_plain_line_of_a_break_and_of_a_decko_wildcard_round() -> None:
    from companion.timer.clock import start, view

    brk = view(start(load_structure("holdem"), ClockSettings(), 0.0), 80 * 60)
    assert plain_line(brk).startswith("Break | then level 5 blinds 100/200 ante 25 | 10:00 left")
    decko = load_structure("decko")
    state = start(decko, ClockSettings(), 0.0)
    from companion.timer.clock import next_stage

    for _ in range(4):
        state, _ = next_stage(state, 0.0)
    assert "red wildcard round" in plain_line(view(state, 0.0))
