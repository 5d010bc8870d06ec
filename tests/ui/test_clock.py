"""The full-screen clock, driven headlessly with textual's Pilot and a fake clock."""

from __future__ import annotations

import asyncio
import io
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Digits, Static

from companion.timer.clock import ClockSettings, FakeClock
from companion.timer.encounters import Encounter, ListEncounterSource
from companion.timer.session import TimerSession
from companion.timer.store import MemoryClockStore, SqliteClockStore
from companion.timer.structure import load_structure
from companion.ui.clock import TimerApp

PLAGUE = Encounter("Plague", "Players and monsters may use only one of their hand cards.")
ARMORY = Encounter("Armory", "Everyone gets one more hand card, dealt face up.")


def text(app: TimerApp, selector: str) -> str:
    widget = app.query_one(selector, Static)
    return str(widget.content) if widget.display else ""


def digits(app: TimerApp) -> str:
    return app.query_one("#time", Digits).value


def drive(
    session: TimerSession,
    script: Callable[[TimerApp, Pilot[None]], Awaitable[None]],
    size: tuple[int, int] = (110, 44),
) -> TimerApp:
    app = TimerApp(session, heading="test", bell=False)

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await script(app, pilot)

    asyncio.run(main())
    return app


GUARD = 30.0  # seconds: a face that never settles fails the test instead of hanging it


async def fitted(app: TimerApp, pilot: Pilot[None]) -> tuple[int, int]:
    """Refresh until the face has settled (two refreshes in a row lay it out alike: the
    face measured, the blank rows dropped, laid out again) and no longer scrolls, or
    until the guard runs out; the rows and columns left to scroll."""
    limit = time.monotonic() + GUARD
    last: tuple[int, int, bool, int] | None = None
    while time.monotonic() < limit:
        await pilot.pause()
        screen = app.screen
        height = app.query_one("#main").outer_size.height
        face = (screen.max_scroll_y, screen.max_scroll_x, screen.has_class("compact"), height)
        if face == last and face[:2] == (0, 0):
            break
        last = face
    return app.screen.max_scroll_y, app.screen.max_scroll_x


def dp_session(
    clock: FakeClock, encounters: list[Encounter] | None = None, **settings: object
) -> TimerSession:
    deck = ListEncounterSource(encounters) if encounters is not None else None
    session = TimerSession(MemoryClockStore(deck), clock)
    session.open(load_structure("dungeon-poker"), ClockSettings(**settings))  # type: ignore[arg-type]
    return session


def test_five_deal_keys_bring_the_next_level_and_its_encounter() -> None:
    clock = FakeClock(0.0)
    session = dp_session(clock, [PLAGUE, ARMORY])

    async def script(app: TimerApp, pilot: Pilot[None]) -> None:
        assert text(app, "#level") == "Level 1" and text(app, "#stakes") == "Blind 100"
        assert "without an encounter card" in text(app, "#encounter")
        await pilot.press("d", "d")
        assert "deal 3 of 5" in text(app, "#deals")
        await pilot.press("d", "d", "d")
        assert text(app, "#level") == "Level 2" and text(app, "#stakes") == "Blind 200"
        enc = app.query_one("#encounter", Static)
        assert enc.border_title == "Encounter: Plague" and text(app, "#encounter") == PLAGUE.text
        assert text(app, "#next") == "next: Level 3 · blind 300 after 5 deals"

    drive(session, script)
    assert session.state().position == 1 and session.state().deals == 0


def test_end_level_now_shows_the_new_level_and_draws_its_encounter() -> None:
    """Astral Warlock, Teleport Trap, Scroll of Teleport: the e key."""
    clock = FakeClock(0.0)
    session = dp_session(clock, [PLAGUE, ARMORY])

    async def script(app: TimerApp, pilot: Pilot[None]) -> None:
        await pilot.press("n", "d", "d", "e")
        assert text(app, "#level") == "Level 3" and "deal 1 of 5" in text(app, "#deals")
        assert text(app, "#encounter") == ARMORY.text

    drive(session, script)


def test_space_pauses_and_the_time_stands_still() -> None:
    clock = FakeClock(0.0)
    session = TimerSession(MemoryClockStore(), clock)
    session.open(load_structure("holdem"))

    async def script(app: TimerApp, pilot: Pilot[None]) -> None:
        assert digits(app) == "20:00"
        clock.advance(minutes=3)
        app.tick()
        assert digits(app) == "17:00"
        await pilot.press("space")
        assert "PAUSED" in text(app, "#state")
        clock.advance(minutes=30)
        app.tick()
        assert digits(app) == "17:00"
        await pilot.press("space")
        clock.advance(seconds=30)
        app.tick()
        assert digits(app) == "16:30" and text(app, "#state") == ""

    drive(session, script)


def test_plus_minus_next_and_previous_keys() -> None:
    clock = FakeClock(0.0)
    session = TimerSession(MemoryClockStore(), clock)
    session.open(load_structure("holdem"))

    async def script(app: TimerApp, pilot: Pilot[None]) -> None:
        await pilot.press("plus")
        assert digits(app) == "21:00"
        await pilot.press("minus", "minus")
        assert digits(app) == "19:00"
        await pilot.press("n")
        assert text(app, "#stakes") == "Blinds 50/100" and digits(app) == "20:00"
        await pilot.press("p")
        assert text(app, "#stakes") == "Blinds 25/50"

    drive(session, script)


def test_a_bell_and_a_flash_one_minute_before_and_at_the_change() -> None:
    clock = FakeClock(0.0)
    session = TimerSession(MemoryClockStore(), clock)
    session.open(load_structure("holdem"))

    async def script(app: TimerApp, pilot: Pilot[None]) -> None:
        clock.advance(minutes=18)
        app.tick()
        assert app.alerts == [] and not app.screen.has_class("flash")
        clock.advance(minutes=1, seconds=1)
        app.tick()
        assert app.alerts == ["warning"] and app.screen.has_class("flash")
        clock.advance(seconds=10)
        app.tick()
        assert app.alerts == ["warning"] and not app.screen.has_class("flash")
        clock.advance(seconds=49)
        app.tick()
        assert app.alerts == ["warning", "change"] and app.screen.has_class("flash")
        assert text(app, "#level") == "Level 2"

    drive(session, script)


def test_the_last_deal_of_a_level_rings_the_warning_too() -> None:
    clock = FakeClock(0.0)
    session = dp_session(clock)

    async def script(app: TimerApp, pilot: Pilot[None]) -> None:
        await pilot.press("d", "d", "d")
        assert app.alerts == []
        await pilot.press("d")
        assert app.alerts == ["warning"]
        await pilot.press("d")
        assert app.alerts == ["warning", "change"]

    drive(session, script)


def test_without_a_table_the_screen_says_to_draw_an_encounter() -> None:
    clock = FakeClock(0.0)
    session = dp_session(clock)

    async def script(app: TimerApp, pilot: Pilot[None]) -> None:
        await pilot.press("n")
        enc = app.query_one("#encounter", Static)
        assert enc.border_title == "Draw an encounter"

    drive(session, script)


def test_the_soul_gem_bonus_breaks_and_the_structure_bar_are_shown() -> None:
    clock = FakeClock(0.0)
    session = dp_session(clock, [PLAGUE, ARMORY, PLAGUE])

    async def script(app: TimerApp, pilot: Pilot[None]) -> None:
        assert text(app, "#bonus") == ""
        await pilot.press("n", "n", "n")
        assert text(app, "#level") == "Level 4"
        assert "+1 soul gem" in text(app, "#bonus")
        bar = text(app, "#bar")
        assert " 500 " in bar and "then +500" in bar
        assert text(app, "#break") == "no break planned"

    drive(session, script)


def test_decko_rounds_show_bets_the_house_bet_and_wildcards() -> None:
    clock = FakeClock(0.0)
    session = TimerSession(MemoryClockStore(), clock)
    session.open(load_structure("decko"), ClockSettings(players=2))

    async def script(app: TimerApp, pilot: Pilot[None]) -> None:
        assert (
            text(app, "#level") == "Round 1" and text(app, "#stakes") == "Bets 1-5 · house bets 2"
        )
        await pilot.press("d", "d", "d")
        assert "Refresh the mat" in text(app, "#notes")
        await pilot.press("d")
        assert text(app, "#level") == "Round 5" and "Red wildcard round" in text(app, "#notes")
        assert "antes 2" in text(app, "#notes")
        assert not app.query_one("#encounter", Static).display

    drive(session, script)


def test_breaks_show_on_screen() -> None:
    clock = FakeClock(0.0)
    session = TimerSession(MemoryClockStore(), clock)
    session.open(load_structure("holdem"))

    async def script(app: TimerApp, pilot: Pilot[None]) -> None:
        assert text(app, "#break") == "break of 10 min in 1:20:00 (after level 4)"
        await pilot.press("n", "n", "n", "n")
        assert text(app, "#level") == "Break · then Level 5" and digits(app) == "10:00"

    drive(session, script)


def test_another_terminal_on_the_same_clock_shows_up(tmp_path: Path) -> None:
    clock = FakeClock(0.0)
    path = tmp_path / "s.sqlite3"
    here = TimerSession(SqliteClockStore(path), clock)
    here.open(load_structure("dungeon-poker"))
    there = TimerSession(SqliteClockStore(path), clock)

    async def script(app: TimerApp, pilot: Pilot[None]) -> None:
        from companion.timer.clock import next_stage

        there.act(next_stage)
        app.tick()
        assert text(app, "#level") == "Level 2"

    drive(here, script)


def test_q_quits_and_the_clock_is_kept(tmp_path: Path) -> None:
    clock = FakeClock(0.0)
    path = tmp_path / "s.sqlite3"
    session = TimerSession(SqliteClockStore(path), clock)
    session.open(load_structure("dungeon-poker"))

    async def script(app: TimerApp, pilot: Pilot[None]) -> None:
        await pilot.press("d", "d")
        assert not app._exit
        await pilot.press("q")
        assert app._exit  # q asked the app to close

    drive(session, script)
    again = TimerSession(SqliteClockStore(path), clock).view()
    assert again.deals == 2 and again.level.number == 1


def test_keys_are_shown_on_screen() -> None:
    clock = FakeClock(0.0)
    session = dp_session(clock)

    async def script(app: TimerApp, pilot: Pilot[None]) -> None:
        shown = {b.key: b.description for b in app.BINDINGS}  # type: ignore[union-attr]
        assert set(shown) == {"space", "d", "n", "p", "plus,equals_sign", "minus", "e", "q"}
        assert app.query_one("Footer").display

    drive(session, script)


def screen_text(app: TimerApp) -> list[str]:
    """The terminal's rows as a person sees them."""
    from rich.console import Console

    width = app.size.width
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text().splitlines()


def test_the_key_help_fits_80_columns_with_q_quit() -> None:
    session = dp_session(FakeClock(0.0))

    async def script(app: TimerApp, pilot: Pilot[None]) -> None:
        rows = screen_text(app)
        assert len(rows) == 24
        assert rows[-1].rstrip().endswith("q quit")
        assert "space pause" in rows[-1] and "e end level" in rows[-1]

    drive(session, script, size=(80, 24))


def test_the_digits_grow_on_a_large_screen() -> None:
    session = dp_session(FakeClock(0.0), minutes=20)
    tall: dict[tuple[int, int], int] = {}

    for size in ((80, 24), (200, 50)):

        async def script(app: TimerApp, pilot: Pilot[None], size: tuple[int, int] = size) -> None:
            rows = screen_text(app)
            tall[size] = sum(1 for row in rows if "█" in row or "╭─╮" in row or "│" in row)
            assert max(len(row.rstrip()) for row in rows) <= size[0]

        drive(session, script, size=size)
    assert tall[(200, 50)] >= 3 * 4  # at least four times the three rows of the small digits


def test_an_error_every_tick_makes_one_toast_not_a_pile(tmp_path: Path) -> None:
    """The clock reset from another terminal: each tick fails the same way, one toast says it."""
    clock = FakeClock(0.0)
    path = tmp_path / "s.sqlite3"
    here = TimerSession(SqliteClockStore(path), clock)
    here.open(load_structure("dungeon-poker"))

    async def script(app: TimerApp, pilot: Pilot[None]) -> None:
        TimerSession(SqliteClockStore(path), clock).reset()
        for _ in range(8):
            app.tick()
        await pilot.pause()
        assert len(app._notifications) == 1
        assert "no clock is saved" in text(app, "#notice")
        here.open(load_structure("dungeon-poker"))  # started again over there
        app.tick()
        assert text(app, "#notice") == "" and text(app, "#level") == "Level 1"

    drive(here, script)


def _longest_encounters(count: int) -> list[Encounter]:
    from companion.cards import load_game

    cards = load_game("dungeon-poker").of_type("encounter")
    longest = sorted(cards, key=lambda c: len(c.text), reverse=True)[:count]
    return [Encounter(c.name, c.text) for c in longest]


def test_the_encounter_text_wraps_and_the_whole_face_fits_80x24_and_120x40() -> None:
    """Nothing cut that fits: the longest encounters at a soul gem level, paused, with a notice."""
    for encounter in _longest_encounters(2):
        for size in ((80, 24), (120, 40)):
            session = dp_session(FakeClock(0.0), [encounter] * 5, minutes=20)

            async def script(
                app: TimerApp,
                pilot: Pilot[None],
                size: tuple[int, int] = size,
                encounter: Encounter = encounter,
            ) -> None:
                await pilot.press("n", "n", "n", "space")  # level 4: +1 soul gem
                app._line("#notice", "a line for the last key pressed")
                app.tick()  # the next read of the clock fits the face to the terminal
                assert await fitted(app, pilot) == (0, 0), (encounter.name, size, screen_text(app))
                compact = app.screen.has_class("compact")
                app._fit()  # a fitted face fitted again stays as it is (it flipped every tick)
                assert app.screen.has_class("compact") == compact, (encounter.name, size)
                app.tick()
                assert await fitted(app, pilot) == (0, 0), (encounter.name, size)
                assert app.screen.has_class("compact") == compact, (encounter.name, size)
                seen = " ".join(" ".join(row.replace("│", " ").split()) for row in screen_text(app))
                for line in (encounter.text, text(app, "#bonus"), "then +500", "a line for"):
                    assert " ".join(line.split()) in seen, (encounter.name, size, line)
                assert all(len(row.rstrip()) <= size[0] for row in screen_text(app))

            drive(session, script, size=size)
