"""The pure clock core, driven by a fake clock (issue 7: 'Done when', first point)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.timer.clock import (
    ClockSettings,
    ClockState,
    add_minutes,
    clock_text,
    current_stage,
    deal,
    end_level,
    jump_to_level,
    next_stage,
    pause,
    previous_stage,
    resume,
    settle,
    start,
    state_from_data,
    state_to_data,
    toggle,
    view,
)
from companion.timer.structure import Break, Level, load_structure

MIN = 60.0


def dp(**kw: object) -> ClockState:
    return start(load_structure("dungeon-poker"), ClockSettings(**kw), now=0.0)  # type: ignore[arg-type]


def holdem(**kw: object) -> ClockState:
    return start(load_structure("holdem"), ClockSettings(**kw), now=0.0)  # type: ignore[arg-type]


def deals(state: ClockState, count: int, now: float = 0.0) -> ClockState:
    for _ in range(count):
        state, _ = deal(state, now)
    return state


def level_no(state: ClockState, now: float) -> int:
    return view(state, now).level.number


# -- advancing by time ---------------------------------------------------------------


def test_a_timed_level_ends_when_its_minutes_have_run() -> None:
    s = holdem()
    assert view(s, 20 * MIN - 1).level.number == 1
    assert view(s, 20 * MIN - 1).remaining == 1.0
    s, events = settle(s, 20 * MIN)
    assert [e.stage for e in events] == [load_structure("holdem").level(2)]
    assert events[0].at == 20 * MIN and events[0].reason == "time"
    assert view(s, 20 * MIN).remaining == 20 * MIN


def test_a_late_check_starts_each_level_when_the_last_one_ran_out_not_when_looked_at() -> None:
    s, events = settle(holdem(), 45 * MIN)  # levels 1 and 2 are over, 5 minutes into level 3
    assert [e.at for e in events] == [20 * MIN, 40 * MIN]
    assert view(s, 45 * MIN).level.number == 3
    assert view(s, 45 * MIN).remaining == 15 * MIN


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(min_value=0, max_value=4 * 3600, allow_nan=False), max_size=30))
def test_no_drift_however_often_the_clock_is_looked_at(looks: list[float]) -> None:
    """Elapsed time comes from timestamps: checking often or once gives the same clock."""
    end = 4 * 3600.0
    often = holdem()
    for moment in sorted(looks):
        often, _ = settle(often, moment)
    often, _ = settle(often, end)
    once, _ = settle(holdem(), end)
    assert often == once
    assert view(often, end).remaining == view(once, end).remaining


def test_the_display_view_applies_level_changes_without_storing_anything() -> None:
    s = holdem()
    assert view(s, 30 * MIN).level.number == 2
    assert s.position == 0  # the state itself is unchanged


# -- advancing by deals ----------------------------------------------------------------


def test_one_level_lasts_five_deals() -> None:
    """Dungeon Poker, 'Blind bet levels': one level lasts five deals."""
    s = deals(dp(), 4)
    assert view(s, 0).level.blind == 100 and view(s, 0).deals == 4
    s, events = deal(s, 0)
    assert view(s, 0).level.blind == 200 and view(s, 0).deals == 0
    assert events[0].reason == "deals"


def test_deals_only_clock_never_ends_a_level_by_time() -> None:
    s = dp()
    assert view(s, 10 * 3600).level.number == 1
    assert view(s, 10 * 3600).remaining is None
    assert view(s, 10 * 3600).elapsed == 10 * 3600


def test_deals_per_level_can_be_changed() -> None:
    s = deals(dp(deals_per_level=3), 3)
    assert view(s, 0).level.number == 2


@pytest.mark.parametrize(
    ("finished_deals", "minutes_played", "expected_level"),
    [
        (5, 3.0, 2),  # five deals came first
        (2, 20.0, 2),  # twenty minutes came first
        (4, 19.9, 1),  # neither yet
    ],
)
def test_by_time_and_by_deals_whichever_comes_first(
    finished_deals: int, minutes_played: float, expected_level: int
) -> None:
    s = dp(minutes=20)
    s = deals(s, finished_deals, now=minutes_played * MIN)
    assert level_no(s, minutes_played * MIN) == expected_level


def test_deals_are_counted_afresh_at_a_level_reached_by_time() -> None:
    s = deals(dp(minutes=20), 3, now=MIN)
    s, _ = settle(s, 21 * MIN)
    assert view(s, 21 * MIN).deals == 0
    s = deals(s, 5, now=22 * MIN)
    assert level_no(s, 22 * MIN) == 3


# -- pause and resume ------------------------------------------------------------------


def test_paused_time_does_not_count() -> None:
    s = holdem()
    s, _ = pause(s, 5 * MIN)
    assert view(s, 60 * MIN).remaining == 15 * MIN  # an hour later, still paused
    s, _ = resume(s, 60 * MIN)
    assert view(s, 70 * MIN).remaining == 5 * MIN
    assert level_no(s, 75 * MIN) == 2


def test_space_toggles_pause() -> None:
    s, _ = toggle(holdem(), MIN)
    assert not s.running
    s, _ = toggle(s, 2 * MIN)
    assert s.running and view(s, 3 * MIN).elapsed == 2 * MIN


def test_pausing_a_paused_clock_says_so_and_changes_nothing() -> None:
    s, _ = pause(holdem(), MIN)
    again, events = pause(s, 2 * MIN)
    assert again == s
    assert "already paused" in events[0].text  # type: ignore[union-attr]


def test_a_clock_started_paused_waits() -> None:
    s = start(load_structure("holdem"), ClockSettings(), now=0.0, running=False)
    assert view(s, 3600).remaining == 20 * MIN


# -- next, previous, plus and minus a minute ---------------------------------------


def test_next_and_previous_levels() -> None:
    s, _ = next_stage(dp(), 10.0)
    assert view(s, 10).level.blind == 200
    s, _ = previous_stage(s, 20.0)
    assert view(s, 20).level.blind == 100
    s, events = previous_stage(s, 30.0)
    assert "first level" in events[-1].text  # type: ignore[union-attr]


def test_stepping_to_a_level_restarts_its_time_and_deals() -> None:
    s = deals(holdem(deals_per_level=9), 3, now=5 * MIN)
    s, _ = next_stage(s, 5 * MIN)
    s, _ = previous_stage(s, 6 * MIN)
    v = view(s, 7 * MIN)
    assert v.level.number == 1 and v.deals == 0 and v.remaining == 19 * MIN


def test_plus_and_minus_a_minute() -> None:
    s, _ = add_minutes(holdem(), 5 * MIN, +1)
    assert view(s, 5 * MIN).remaining == 16 * MIN
    s, _ = add_minutes(s, 5 * MIN, -2)
    assert view(s, 5 * MIN).remaining == 14 * MIN
    assert level_no(s, 19 * MIN) == 2


def test_taking_away_more_time_than_is_left_ends_the_level_now() -> None:
    s, events = add_minutes(holdem(), 19.5 * MIN, -1)
    assert level_no(s, 19.5 * MIN) == 2
    assert events[-1].at == 19.5 * MIN
    assert view(s, 19.5 * MIN).remaining == 20 * MIN


def test_a_minute_more_or_less_means_nothing_without_a_time_limit() -> None:
    s, events = add_minutes(dp(), 0, 1)
    assert s == dp() and "no time limit" in events[0].text  # type: ignore[union-attr]


def test_minutes_added_belong_to_that_level_only() -> None:
    s, _ = add_minutes(holdem(), 0, 5)
    s, _ = settle(s, 25 * MIN)
    assert view(s, 25 * MIN).level.number == 2 and view(s, 25 * MIN).remaining == 20 * MIN


# -- ending a level now (Astral Warlock, Teleport Trap, Scroll of Teleport) -------------


@pytest.mark.parametrize("cause", ["astral_warlock", "teleport_trap", "scroll_of_teleport"])
def test_end_level_now_starts_a_new_level_at_once_that_lasts_five_deals(cause: str) -> None:
    """Rulebook: the level ends at once, even mid-deal, and the new one lasts five deals."""
    s = deals(dp(), 5)  # level 2
    s = deals(s, 2, now=100.0)  # two deals into level 2
    s, events = end_level(s, 120.0)
    v = view(s, 120.0)
    assert v.level.number == 3 and v.level.blind == 300 and v.deals == 0
    assert events[-1].reason == "end-level" and events[-1].at == 120.0
    s = deals(s, 4, now=130.0)
    assert level_no(s, 130.0) == 3
    s = deals(s, 1, now=140.0)
    assert level_no(s, 140.0) == 4


def test_end_level_now_restarts_the_time_of_a_timed_level() -> None:
    s, _ = end_level(holdem(), 13 * MIN)
    assert view(s, 13 * MIN).remaining == 20 * MIN


def test_ending_a_level_with_e_starts_the_break_scheduled_after_it_as_n_does() -> None:
    """Peer clocks: a level ended early goes on to what follows it, a break included."""
    s = holdem()
    for _ in range(3):
        s, _ = next_stage(s, 0)
    assert view(s, 0).level.number == 4
    by_n, _ = next_stage(s, 5 * MIN)
    s, events = end_level(s, 5 * MIN)  # a break follows level 4
    v = view(s, 5 * MIN)
    assert v.is_break and v.remaining == 10 * MIN and v.level.number == 5
    assert events[-1].reason == "end-level"
    assert view(by_n, 5 * MIN) == v  # the same stage as n
    s, _ = end_level(s, 6 * MIN)  # ending the break starts the level after it
    v = view(s, 6 * MIN)
    assert v.level.number == 5 and not v.is_break and v.remaining == 20 * MIN
    s, _ = settle(s, 26 * MIN)
    assert view(s, 26 * MIN).level.number == 6 and not view(s, 26 * MIN).is_break


def test_a_break_jumped_over_by_the_table_is_taken_after_the_level_jumped_to() -> None:
    s = holdem()
    for _ in range(3):
        s, _ = next_stage(s, 0)
    s, _ = jump_to_level(s, 5 * MIN, 5)  # the table opened level 5: the break is owed...
    v = view(s, 5 * MIN)
    assert v.level.number == 5 and not v.is_break
    assert v.next_break is not None and v.next_break.minutes == 10 and v.next_break_in == 20 * MIN
    s, _ = settle(s, 25 * MIN)  # ...and taken once level 5 is over
    v = view(s, 25 * MIN)
    assert v.is_break and v.remaining == 10 * MIN and v.level.number == 6


def test_end_level_now_on_the_last_round_says_there_is_none() -> None:
    s = start(load_structure("decko"), ClockSettings(), now=0)
    s = deals(s, 11)
    assert view(s, 0).level.number == 12
    again, events = end_level(s, 1)
    assert again == s and "last round" in events[0].text  # type: ignore[union-attr]


# -- breaks ------------------------------------------------------------------------------


def test_breaks_come_between_the_levels_they_follow() -> None:
    s, _ = settle(holdem(), 80 * MIN)
    v = view(s, 80 * MIN)
    assert v.is_break and v.title == "Break" and v.remaining == 10 * MIN
    assert v.level.number == 5  # during a break, the coming level is shown
    assert level_no(s, 90 * MIN) == 5 and not view(s, 90 * MIN).is_break


def test_no_deals_are_counted_during_a_break() -> None:
    s, _ = settle(holdem(deals_per_level=5), 80 * MIN)
    again, events = deal(s, 81 * MIN)
    assert again == s and "break" in events[0].text  # type: ignore[union-attr]


def test_a_break_lasts_its_own_minutes_even_on_a_deals_only_clock() -> None:
    s = holdem(minutes=0, deals_per_level=2)
    s = deals(s, 8)
    v = view(s, 0)
    assert v.is_break and v.remaining == 10 * MIN
    assert not view(s, 10 * MIN).is_break


def test_next_break_is_always_known() -> None:
    v = view(holdem(), 5 * MIN)
    assert v.next_break is not None and v.next_break.after_level == 4
    assert v.next_break_in == 75 * MIN
    assert v.next_level is not None and v.next_level.number == 2 and v.next_level_in == 15 * MIN


def test_with_breaks_schedules_breaks_on_any_structure() -> None:
    structure = load_structure("dungeon-poker").with_breaks(every=3, minutes=15)
    s = start(structure, ClockSettings(), now=0)
    s = deals(s, 15)
    v = view(s, 0)
    assert v.is_break and v.remaining == 15 * MIN and v.level.number == 4


# -- beyond the last listed level --------------------------------------------------------


def test_after_level_10_the_blind_rises_by_500_a_level() -> None:
    s = deals(dp(), 5 * 12)
    v = view(s, 0)
    assert v.level.number == 13 and v.level.blind == 1500 + 3 * 500
    assert v.level.continued and v.next_level is not None and v.next_level.blind == 3500


def test_a_structure_that_stops_stays_on_its_last_level() -> None:
    s = start(load_structure("decko"), ClockSettings(minutes=1), now=0)
    s, _ = settle(s, 3600)
    v = view(s, 3600)
    assert v.level.number == 12 and v.final and v.remaining == 0 and v.next_level is None


# -- warnings ----------------------------------------------------------------------------


def test_warning_in_the_last_minute_and_at_the_last_deal() -> None:
    s = holdem()
    assert not view(s, 18 * MIN).warning
    assert view(s, 19 * MIN + 1).warning
    d = deals(dp(), 3)
    assert not view(d, 0).warning
    assert view(deals(d, 1), 0).warning


# -- saving ------------------------------------------------------------------------------


def test_state_survives_a_json_round_trip() -> None:
    s = deals(holdem(deals_per_level=9, players=4), 2, now=MIN)
    s, _ = pause(s, 2 * MIN)
    s, _ = end_level(s, 3 * MIN)
    back = state_from_data(json.loads(json.dumps(state_to_data(s))))
    assert back == s
    assert view(back, 99 * MIN).remaining == view(s, 99 * MIN).remaining


def test_the_structure_travels_with_the_saved_clock() -> None:
    s = start(load_structure("dungeon-poker").with_breaks(2, 5), ClockSettings(), now=0)
    back = state_from_data(state_to_data(s))
    assert back.structure.break_every == 2 and isinstance(back.structure.stage(2), Break)


def test_damaged_state_is_refused() -> None:
    data = state_to_data(dp())
    data["position"] = -1
    with pytest.raises(ValueError):
        state_from_data(data)


def test_current_stage_and_clock_text() -> None:
    assert isinstance(current_stage(dp()), Level)
    assert clock_text(0) == "00:00" and clock_text(0.2) == "00:01" and clock_text(61) == "01:01"


def test_a_clock_can_start_at_a_later_level() -> None:
    s = start(load_structure("holdem"), ClockSettings(), now=0.0, level=5)
    v = view(s, 0)
    assert v.level.number == 5 and v.level.ante == 25 and not v.is_break
    assert start(load_structure("dungeon-poker"), level=30).position == 29


def test_a_structure_that_stops_has_no_later_level_to_start_at() -> None:
    from companion.errors import CompanionError

    with pytest.raises(CompanionError, match="no round 13"):
        start(load_structure("decko"), level=13)


def test_jumping_to_a_later_level_owes_the_breaks_passed() -> None:
    from companion.timer.clock import jump_to_level

    s, events = jump_to_level(holdem(), 5 * MIN, 6)
    v = view(s, 5 * MIN)
    assert v.level.number == 6 and events[-1].reason == "table"
    assert v.next_break is not None and v.next_break.name == "Break (moved)"
    again, events = jump_to_level(s, 6 * MIN, 3)  # an earlier level changes nothing
    assert again == s and events == ()
