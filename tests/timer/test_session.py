"""Saving the clock after every change, resuming it, and drawing encounters."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.errors import CompanionError
from companion.statefile import APPLICATION_ID
from companion.timer.clock import (
    ClockSettings,
    FakeClock,
    deal,
    end_level,
    next_stage,
    pause,
    previous_stage,
    toggle,
)
from companion.timer.encounters import Encounter, ListEncounterSource
from companion.timer.session import TimerSession
from companion.timer.store import MemoryClockStore, SqliteClockStore
from companion.timer.structure import load_structure

MIN = 60.0
DECK = [
    Encounter("Plague", "Use one hand card."),
    Encounter("Armory", "One extra open card."),
    Encounter("Low magic"),
]


def sqlite_session(
    path: Path, clock: FakeClock, deck: ListEncounterSource | None = None
) -> TimerSession:
    return TimerSession(SqliteClockStore(path, encounters=deck), clock)


def test_a_restart_resumes_exactly_where_the_clock_was(tmp_path: Path) -> None:
    """A closed or crashed terminal: a new process finds the same clock, time still running."""
    clock = FakeClock(1_000.0)
    first = sqlite_session(tmp_path / "s.sqlite3", clock)
    first.open(load_structure("holdem"))
    first.act(deal)
    clock.advance(minutes=7)
    before = first.view()
    del first  # the terminal is gone; only the file is left
    clock.advance(minutes=2)
    again = sqlite_session(tmp_path / "s.sqlite3", clock)
    v = again.open(load_structure("holdem")).view
    assert v.level.number == before.level.number == 1
    assert v.deals == 1
    assert v.remaining == before.remaining - 2 * MIN  # time ran on while it was closed


def test_a_paused_clock_resumes_paused_with_the_time_it_had(tmp_path: Path) -> None:
    clock = FakeClock(0.0)
    session = sqlite_session(tmp_path / "s.sqlite3", clock)
    session.open(load_structure("holdem"))
    clock.advance(minutes=5)
    session.act(pause)
    clock.advance(minutes=600)  # overnight
    again = sqlite_session(tmp_path / "s.sqlite3", clock)
    v = again.view()
    assert v.paused and v.remaining == 15 * MIN
    again.act(toggle)
    clock.advance(minutes=15)
    assert again.refresh().view.level.number == 2


def test_every_change_is_saved_at_once(tmp_path: Path) -> None:
    clock = FakeClock(0.0)
    path = tmp_path / "s.sqlite3"
    session = sqlite_session(path, clock)
    session.open(load_structure("dungeon-poker"))
    for expected in range(1, 4):
        session.act(deal)
        assert SqliteClockStore(path).load().deals == expected  # type: ignore[union-attr]


def test_two_terminals_on_one_clock_never_lose_a_key_press(tmp_path: Path) -> None:
    clock = FakeClock(0.0)
    path = tmp_path / "s.sqlite3"
    a, b = sqlite_session(path, clock), sqlite_session(path, clock)
    a.open(load_structure("dungeon-poker"))
    for i in range(12):
        (a if i % 2 else b).act(deal)
    v = a.view()
    assert v.level.number == 3 and v.deals == 2


def test_refresh_writes_only_when_a_level_changed(tmp_path: Path) -> None:
    clock = FakeClock(0.0)
    session = sqlite_session(tmp_path / "s.sqlite3", clock)
    session.open(load_structure("holdem"))
    revision = session.state().revision
    clock.advance(minutes=5)
    session.refresh()
    assert session.state().revision == revision
    clock.advance(minutes=20)
    outcome = session.refresh()
    assert outcome.view.level.number == 2 and session.state().revision == revision + 1


def test_resuming_with_another_structure_needs_new(tmp_path: Path) -> None:
    clock = FakeClock(0.0)
    session = sqlite_session(tmp_path / "s.sqlite3", clock)
    session.open(load_structure("holdem"))
    with pytest.raises(CompanionError, match="--new"):
        session.open(load_structure("dungeon-poker"))
    assert session.open(load_structure("dungeon-poker"), new=True).view.level.blind == 100


def test_resuming_with_other_minutes_uses_them_from_now(tmp_path: Path) -> None:
    clock = FakeClock(0.0)
    session = sqlite_session(tmp_path / "s.sqlite3", clock)
    session.open(load_structure("holdem"))
    clock.advance(minutes=5)
    v = session.open(load_structure("holdem"), ClockSettings(minutes=10)).view
    assert v.level.number == 1 and v.remaining == 5 * MIN


# -- encounters ----------------------------------------------------------------------


def test_the_first_level_is_played_without_an_encounter_card() -> None:
    deck = ListEncounterSource(list(DECK))
    session = TimerSession(MemoryClockStore(deck), FakeClock())
    v = session.open(load_structure("dungeon-poker")).view
    assert v.encounter is None and deck.drawn == []


def test_an_encounter_is_drawn_at_the_start_of_each_level_after_the_first() -> None:
    deck = ListEncounterSource(list(DECK))
    session = TimerSession(MemoryClockStore(deck), FakeClock())
    session.open(load_structure("dungeon-poker"))
    for _ in range(5):
        outcome = session.act(deal)
    assert outcome.view.encounter is not None and outcome.view.encounter.encounter == DECK[0]
    assert session.act(end_level).view.encounter.encounter == DECK[1]  # type: ignore[union-attr]
    assert deck.drawn == [(2, "Plague"), (3, "Armory")]


def test_stepping_back_and_forth_never_draws_twice() -> None:
    deck = ListEncounterSource(list(DECK))
    session = TimerSession(MemoryClockStore(deck), FakeClock())
    session.open(load_structure("dungeon-poker"))
    session.act(next_stage)
    session.act(previous_stage)
    v = session.act(next_stage).view
    assert v.encounter.encounter == DECK[0]  # type: ignore[union-attr]
    assert deck.drawn == [(2, "Plague")]


def test_when_the_encounter_deck_runs_out_levels_are_played_without_one() -> None:
    deck = ListEncounterSource(list(DECK[:1]))
    session = TimerSession(MemoryClockStore(deck), FakeClock())
    session.open(load_structure("dungeon-poker"))
    session.act(next_stage)
    v = session.act(next_stage).view
    assert (
        v.encounter is not None
        and v.encounter.status == "deck-empty"
        and v.encounter.encounter is None
    )


def test_without_a_table_the_players_are_told_to_draw_one() -> None:
    session = TimerSession(MemoryClockStore(), FakeClock())
    session.open(load_structure("dungeon-poker"))
    v = session.act(next_stage).view
    assert v.encounter is not None and v.encounter.status == "to-draw"


def test_levels_passed_while_closed_each_draw_their_encounter(tmp_path: Path) -> None:
    clock = FakeClock(0.0)
    deck = ListEncounterSource(list(DECK))
    session = sqlite_session(tmp_path / "s.sqlite3", clock, deck)
    session.open(load_structure("dungeon-poker"), ClockSettings(minutes=10))
    clock.advance(minutes=25)
    v = session.refresh().view
    assert v.level.number == 3 and v.encounter.encounter == DECK[1]  # type: ignore[union-attr]
    assert deck.drawn == [(2, "Plague"), (3, "Armory")]


# -- the state file --------------------------------------------------------------------


def test_a_file_that_is_not_sqlite_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_bytes(b"my shopping list\n" * 200)
    with pytest.raises(CompanionError, match="untouched"):
        sqlite_session(path, FakeClock()).open(load_structure("holdem"))
    assert path.read_bytes() == b"my shopping list\n" * 200


def test_another_programs_sqlite_file_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE photos (id INTEGER)")
    before = path.read_bytes()
    with pytest.raises(CompanionError, match="another program"):
        sqlite_session(path, FakeClock()).open(load_structure("holdem"))
    assert path.read_bytes() == before


def test_a_new_state_file_is_marked_as_companions(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    sqlite_session(path, FakeClock()).open(load_structure("holdem"))
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID


def test_a_damaged_saved_clock_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    sqlite_session(path, FakeClock()).open(load_structure("holdem"))
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE timer_clocks SET state = '{\"format\": 1}'")
    with pytest.raises(CompanionError, match="damaged.*timer reset"):
        sqlite_session(path, FakeClock()).view()


def test_no_saved_clock_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CompanionError, match="no clock is saved"):
        sqlite_session(tmp_path / "s.sqlite3", FakeClock()).act(deal)


def test_reset_forgets_the_clock(tmp_path: Path) -> None:
    session = sqlite_session(tmp_path / "s.sqlite3", FakeClock())
    session.open(load_structure("holdem"))
    assert session.reset() is True
    assert session.reset() is False
