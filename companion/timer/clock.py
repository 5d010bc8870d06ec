"""The pure clock core: ``state, now -> state`` and ``state, now -> view``.

A :class:`ClockState` stores *when* things happened, never how many ticks
went by: the active seconds banked before the last resume and the moment of
that resume. Elapsed time is always ``banked + (now - running_since)``, so a
sleeping laptop, a crash or a restart cannot make the clock drift, and paused
time never counts. Level changes that time brings are worked out by
:func:`settle`, each at the exact moment its level ran out.

Every action is a function ``(state, now, ...) -> (state, events)``; events
say which stages began, so the caller can draw encounter cards and ring the
bell. Nothing here reads the system clock or touches storage.

>>> from companion.timer.structure import load_structure
>>> s = start(load_structure("holdem"), ClockSettings(), now=0.0)
>>> view(s, 19 * 60).remaining, view(s, 19 * 60).level.number
(60.0, 1)
>>> s, events = settle(s, 21 * 60)
>>> [e.stage.number for e in events], view(s, 21 * 60).remaining
([2], 1140.0)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from companion.bounds import MAX_LEVEL
from companion.errors import CompanionError
from companion.timer.encounters import EncounterRecord
from companion.timer.structure import Break, Level, Stage, Structure, parse_structure

Reason = Literal["time", "deals", "next", "previous", "end-level", "start", "table"]
LOOKAHEAD = 400  # stages searched for the next break of an endless structure
STATE_FORMAT = 1


# -- time sources -----------------------------------------------------------------


def _steady_seconds() -> float:
    # CLOCK_BOOTTIME keeps counting while a laptop sleeps; plain monotonic may not.
    boottime = getattr(time, "CLOCK_BOOTTIME", None)
    if boottime is not None:
        try:
            return time.clock_gettime(boottime)
        except OSError:  # pragma: no cover - kernels without it
            pass
    return time.monotonic()


class SystemClock:
    """Seconds on the epoch scale that only move forward while a process runs.

    Anchored to wall time once, then advanced by the steady clock: stored
    timestamps stay comparable across restarts, and a wall-clock change in
    the middle of a run cannot make the clock jump.
    """

    def __init__(self) -> None:
        self._wall = time.time()
        self._steady = _steady_seconds()

    def __call__(self) -> float:
        return self._wall + (_steady_seconds() - self._steady)

    def __repr__(self) -> str:
        return "SystemClock()"


class FakeClock:
    """A clock that moves only when told: for tests and replays.

    >>> clock = FakeClock(100.0)
    >>> clock.advance(minutes=2); clock()
    220.0
    """

    def __init__(self, now: float = 0.0) -> None:
        self.now = float(now)

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float = 0.0, *, minutes: float = 0.0) -> None:
        self.now += seconds + minutes * 60

    def __repr__(self) -> str:
        return f"FakeClock({self.now})"


Clock = Callable[[], float]


# -- state ------------------------------------------------------------------------


MAX_MINUTES = 24 * 60  # a level of a whole day is already more than any game plays
MAX_DEALS = 1000
PLAYERS = (2, 12)


def check_settings(
    minutes: float | None = None,
    deals_per_level: int | None = None,
    players: int | None = None,
    level: int | None = None,
) -> None:
    """Refuse, with one line naming the value and its range, what no clock can run.

    Checked before anything is saved, so a bad option never leaves a clock
    behind that breaks every later command.

    >>> check_settings(minutes=float("inf"))
    Traceback (most recent call last):
    ...
    companion.errors.CompanionError: --minutes must be a number from 0 to 1440, got inf
    """
    if minutes is not None and not (math.isfinite(minutes) and 0 <= minutes <= MAX_MINUTES):
        raise CompanionError(f"--minutes must be a number from 0 to {MAX_MINUTES}, got {minutes:g}")
    if deals_per_level is not None and not 0 <= deals_per_level <= MAX_DEALS:
        raise CompanionError(
            f"--deals-per-level must be from 0 to {MAX_DEALS}, got {deals_per_level}"
        )
    low, high = PLAYERS
    if players is not None and not low <= players <= high:
        raise CompanionError(f"--players must be from {low} to {high}, got {players}")
    if level is not None and not 1 <= level <= MAX_LEVEL:
        raise CompanionError(f"--level must be from 1 to {MAX_LEVEL}, got {level}")


@dataclass(frozen=True)
class ClockSettings:
    """Choices made when the clock was started, over the structure's defaults.

    ``minutes``: length of every level (``0``: no time limit; ``None``: as the
    structure says). ``deals_per_level``: deals that end a level (``0``: deals
    do not end levels; ``None``: as the structure says). ``players``: table
    size, for a house that bets more with two players.
    """

    minutes: float | None = None
    deals_per_level: int | None = None
    players: int | None = None


@dataclass(frozen=True)
class ClockState:
    """Everything needed to know where the clock is, as stored timestamps.

    ``position``: index of the current stage in the structure's sequence.
    ``banked``: active seconds of this stage before ``running_since``.
    ``running_since``: when the clock was last resumed; ``None`` while paused.
    ``extra``: seconds added to (or taken from) this stage with +/-.
    ``deals``: deals finished in this level.
    ``owed_break``: minutes of a break skipped by closing a level early, to be
    taken once the level that was jumped to ends; ``in_owed_break`` while it runs.
    ``encounters``: what was drawn at each level's start, by level.
    """

    structure: Structure
    settings: ClockSettings = ClockSettings()
    position: int = 0
    banked: float = 0.0
    running_since: float | None = None
    extra: float = 0.0
    deals: int = 0
    owed_break: float | None = None
    in_owed_break: bool = False
    encounters: tuple[EncounterRecord, ...] = ()
    started_at: float = 0.0
    revision: int = field(default=0, compare=False)

    def __repr__(self) -> str:
        stage = current_stage(self)
        where = "break" if isinstance(stage, Break) else f"level {stage.number}"
        mode = "running" if self.running else "paused"
        return f"<ClockState {self.structure.id} {where} {mode} banked={self.banked:g}s deals={self.deals}>"

    @property
    def running(self) -> bool:
        return self.running_since is not None

    def encounter_for(self, level: int) -> EncounterRecord | None:
        for record in self.encounters:
            if record.level == level:
                return record
        return None

    def with_encounter(self, record: EncounterRecord) -> ClockState:
        kept = tuple(r for r in self.encounters if r.level != record.level)
        return replace(self, encounters=tuple(sorted((*kept, record), key=lambda r: r.level)))


@dataclass(frozen=True)
class StageChange:
    """A new stage began at ``at`` because of ``reason``."""

    stage: Stage
    at: float
    reason: Reason

    def __repr__(self) -> str:
        what = self.stage.name if isinstance(self.stage, Break) else f"level {self.stage.number}"
        return f"<StageChange {what} at {self.at:g} ({self.reason})>"


@dataclass(frozen=True)
class Notice:
    """An action that changed nothing, and why (shown to the players)."""

    text: str


Event = StageChange | Notice
Step = tuple[ClockState, tuple[Event, ...]]


def start(
    structure: Structure,
    settings: ClockSettings = ClockSettings(),
    now: float = 0.0,
    *,
    running: bool = True,
    level: int = 1,
) -> ClockState:
    """A fresh clock at the start of ``level`` (the first, unless a game is already under way)."""
    check_settings(settings.minutes, settings.deals_per_level, settings.players, level)
    position = structure.position_of_level(level)
    if position is None:
        last = len(structure.levels)
        raise CompanionError(
            f"{structure.name} has no {structure.level_word.lower()} {level} (it stops at {last})"
        )
    return ClockState(
        structure=structure,
        settings=settings,
        position=position,
        running_since=now if running else None,
        started_at=now,
    )


def current_stage(state: ClockState) -> Stage:
    """The stage being played (an owed break shows as a break after its level)."""
    stage = state.structure.stage(state.position)
    if stage is None:  # pragma: no cover - positions never pass the end
        raise ValueError(f"position {state.position} is past the end of {state.structure.id}")
    if state.in_owed_break and isinstance(stage, Level):
        return Break(state.owed_break or 0, after_level=stage.number, name="Break (moved)")
    return stage


def deals_limit(state: ClockState) -> int | None:
    """Deals that end a level, or ``None`` when deals do not end levels."""
    chosen = state.settings.deals_per_level
    if chosen is not None:
        return chosen or None
    return state.structure.deals_per_level


def stage_seconds(state: ClockState, stage: Stage) -> float | None:
    """Planned length of ``stage`` before any +/-; ``None`` if untimed."""
    if isinstance(stage, Break):
        return stage.minutes * 60
    minutes = state.structure.level_minutes(stage, state.settings.minutes)
    return None if minutes is None else minutes * 60


def active_elapsed(state: ClockState, now: float) -> float:
    """Seconds this stage has run, paused time left out."""
    if state.running_since is None:
        return state.banked
    return state.banked + max(0.0, now - state.running_since)


def _duration(state: ClockState) -> float | None:
    base = stage_seconds(state, current_stage(state))
    return None if base is None else base + state.extra


def _enter(state: ClockState, position: int, at: float, *, owed: bool = False) -> ClockState:
    return replace(
        state,
        position=position,
        in_owed_break=owed,
        banked=0.0,
        running_since=at if state.running else None,
        extra=0.0,
        deals=0,
    )


def _advance(state: ClockState, at: float, reason: Reason) -> Step:
    """Leave the current stage as if it ran out: the next stage, or the owed break."""
    structure = state.structure
    if state.in_owed_break:
        new = _enter(replace(state, owed_break=None), state.position + 1, at)
        return new, (StageChange(current_stage(new), at, reason),)
    following = structure.stage(state.position + 1)
    if following is None:
        return state, (
            Notice(f"this is the last {structure.level_word.lower()} of {structure.name}"),
        )
    stage = current_stage(state)
    if isinstance(stage, Level) and state.owed_break:
        if isinstance(following, Break):  # a break comes anyway: it settles the debt
            new = _enter(replace(state, owed_break=None), state.position + 1, at)
        else:
            new = _enter(state, state.position, at, owed=True)
        return new, (StageChange(current_stage(new), at, reason),)
    new = _enter(state, state.position + 1, at)
    return new, (StageChange(current_stage(new), at, reason),)


def settle(state: ClockState, now: float) -> Step:
    """Apply every level change that time has brought by ``now``.

    Each new stage starts at the exact moment the previous one ran out, not
    at ``now``, so checking late (after a crash, a sleep) loses no time.
    """
    events: list[Event] = []
    while state.running_since is not None:
        duration = _duration(state)
        if duration is None or active_elapsed(state, now) < duration:
            break
        boundary = state.running_since + (duration - state.banked)
        new, happened = _advance(state, boundary, "time")
        if new is state:
            break  # the last stage of a finite structure simply runs on
        state = new
        events.extend(happened)
    return state, tuple(events)


# -- actions ----------------------------------------------------------------------


def pause(state: ClockState, now: float) -> Step:
    """Stop the clock; the time so far is banked."""
    state, events = settle(state, now)
    if state.running_since is None:
        return state, (*events, Notice("the clock is already paused"))
    return replace(state, banked=active_elapsed(state, now), running_since=None), events


def resume(state: ClockState, now: float) -> Step:
    """Start the clock again from where it stopped."""
    state, events = settle(state, now)
    if state.running_since is not None:
        return state, (*events, Notice("the clock is already running"))
    return replace(state, running_since=now), events


def toggle(state: ClockState, now: float) -> Step:
    """Pause a running clock, resume a paused one (the space bar)."""
    return pause(state, now) if state.running else resume(state, now)


def deal(state: ClockState, now: float) -> Step:
    """One deal has been played; the level ends when its deals are done."""
    state, events = settle(state, now)
    if isinstance(current_stage(state), Break):
        return state, (*events, Notice("no deals are played during a break"))
    limit = deals_limit(state)
    last = state.structure.stage(state.position + 1) is None
    word = state.structure.level_word.lower()
    if last and limit is not None and state.deals >= limit:
        return state, (*events, Notice(f"the last {word} has been played: the game is over"))
    state = replace(state, deals=state.deals + 1)
    if limit is not None and state.deals >= limit:
        if last:
            return state, (*events, Notice(f"that was the last {word}: the game is over"))
        state, more = _advance(state, now, "deals")
        return state, (*events, *more)
    return state, events


def next_stage(state: ClockState, now: float) -> Step:
    """Go on to the next stage now (the ``n`` key)."""
    state, events = settle(state, now)
    state, more = _advance(state, now, "next")
    return state, (*events, *more)


def previous_stage(state: ClockState, now: float) -> Step:
    """Go back to the start of the previous stage (the ``p`` key): a correction."""
    state, events = settle(state, now)
    if state.in_owed_break:
        new = _enter(state, state.position, now)
    elif state.position == 0:
        return state, (*events, Notice(f"this is the first {state.structure.level_word.lower()}"))
    else:
        new = _enter(state, state.position - 1, now)
        if isinstance(current_stage(new), Break):
            new = replace(new, owed_break=None)  # the skipped break is being taken now
    return new, (*events, StageChange(current_stage(new), now, "previous"))


def end_level(state: ClockState, now: float) -> Step:
    """End this level at once (the ``e`` key): what comes after it starts now.

    For a card that moves the table to the next level: the next level begins
    immediately, unless a break is scheduled after this level; then the break
    starts now, as ``n`` would start it and as other tournament clocks do, and
    the next level follows it. A break cut short with ``e`` gives way to the
    level after it.
    """
    state, events = settle(state, now)
    in_break = isinstance(current_stage(state), Break) or state.in_owed_break
    if not in_break and state.structure.stage(state.position + 1) is None:
        word = state.structure.level_word.lower()
        return state, (
            *events,
            Notice(f"this is the last {word}: there is no next {word} to start"),
        )
    state, more = _advance(state, now, "end-level")
    return state, (*events, *more)


def jump_to_level(state: ClockState, now: float, level: int, reason: Reason = "table") -> Step:
    """Start a later ``level`` now, as when the table opened it from another terminal.

    Breaks jumped over are owed (taken once the level jumped to ends); an earlier
    or the same level changes nothing.
    """
    state, events = settle(state, now)
    position = state.structure.position_of_level(level)
    playing = view(state, now).level.number
    if position is None or level <= playing:
        return state, events
    new, more = _jump(state, position, now, reason)
    return new, (*events, *more)


def jump_back_to_level(state: ClockState, now: float, level: int) -> Step:
    """Go back to the start of an earlier ``level`` (the table undid the levels after it).

    A later or the same level changes nothing.
    """
    state, events = settle(state, now)
    position = state.structure.position_of_level(level)
    if position is None or level >= view(state, now).level.number:
        return state, events
    new = replace(_enter(state, position, now), owed_break=None)
    return new, (*events, StageChange(current_stage(new), now, "previous"))


def _jump(state: ClockState, position: int, at: float, reason: Reason) -> Step:
    """Go to the level at ``position`` at once, owing any break passed on the way."""
    owed = None if state.in_owed_break else state.owed_break  # a break under way is not owed again
    for skipped in range(state.position + 1, position):
        stage = state.structure.stage(skipped)
        if isinstance(stage, Break):
            owed = max(owed or 0.0, stage.minutes)
    new = _enter(replace(state, owed_break=owed), position, at)
    return new, (StageChange(current_stage(new), at, reason),)


def add_minutes(state: ClockState, now: float, minutes: float) -> Step:
    """Give this stage more time (or less, with a negative number).

    Taking away more time than is left ends the stage now.
    """
    state, events = settle(state, now)
    base = stage_seconds(state, current_stage(state))
    if base is None:
        return state, (
            *events,
            Notice("this level has no time limit (start the clock with --minutes)"),
        )
    elapsed = active_elapsed(state, now)
    extra = max(state.extra + minutes * 60, elapsed - base)  # never end it in the past
    state = replace(state, extra=extra)
    if base + extra - elapsed <= 0:
        state, more = _advance(state, now, "time")
        return state, (*events, *more)
    return state, events


def change_settings(state: ClockState, now: float, settings: ClockSettings) -> Step:
    """Use other minutes / deals per level from now on; time played stays played."""
    check_settings(settings.minutes, settings.deals_per_level, settings.players)
    state, events = settle(state, now)
    state = replace(state, settings=settings)
    more_events: tuple[Event, ...] = ()
    state, more_events = settle(state, now)
    return state, (*events, *more_events)


# -- what to show -----------------------------------------------------------------


@dataclass(frozen=True)
class ClockView:
    """What the display shows at one moment: computed, never stored."""

    state: ClockState
    now: float
    stage: Stage
    level: Level
    elapsed: float
    duration: float | None
    deals: int
    deals_per_level: int | None
    next_stage: Stage | None
    next_level: Level | None
    next_level_in: float | None
    next_break: Break | None
    next_break_in: float | None
    encounter: EncounterRecord | None

    def __repr__(self) -> str:
        left = "untimed" if self.remaining is None else f"{self.remaining:g}s left"
        return f"<ClockView {self.title} {self.level.stakes()} {left}>"

    @property
    def structure(self) -> Structure:
        return self.state.structure

    @property
    def is_break(self) -> bool:
        return isinstance(self.stage, Break)

    @property
    def paused(self) -> bool:
        return not self.state.running

    @property
    def remaining(self) -> float | None:
        """Seconds left in this stage, ``None`` when only deals end it."""
        if self.duration is None:
            return None
        return max(0.0, self.duration - self.elapsed)

    @property
    def final(self) -> bool:
        """No stage follows: the last level of a structure that stops."""
        return self.next_stage is None

    @property
    def over(self) -> bool:
        """Every deal of the last level of a structure that stops is played: the game is over."""
        limit = self.deals_per_level
        return self.final and not self.is_break and limit is not None and self.deals >= limit

    @property
    def title(self) -> str:
        if isinstance(self.stage, Break):
            return self.stage.name
        return f"{self.structure.level_word} {self.level.number}"

    @property
    def warning(self) -> bool:
        """The last minute of a timed stage, or the last deal of the level."""
        if self.final:
            return False
        remaining = self.remaining
        if remaining is not None and 0 < remaining <= 60:
            return True
        limit = self.deals_per_level
        return not self.is_break and limit is not None and self.deals == limit - 1

    @property
    def stage_key(self) -> tuple[int, bool]:
        """Identifies the stage: changes exactly when a new stage begins."""
        return (self.state.position, self.state.in_owed_break)


def _upcoming(state: ClockState) -> list[Stage]:
    """The stages after the current one, in the order they will be played."""
    structure = state.structure
    out: list[Stage] = []
    current = current_stage(state)
    position = state.position + 1
    if isinstance(current, Level) and state.owed_break and not state.in_owed_break:
        following = structure.stage(position)
        if following is not None and not isinstance(following, Break):
            out.append(Break(state.owed_break, after_level=current.number, name="Break (moved)"))
    # Without breaks only the next level is wanted; else search on to the next break.
    wanted_break = structure.has_breaks and not any(isinstance(s, Break) for s in out)
    for offset in range(LOOKAHEAD):
        stage = structure.stage(position + offset)
        if stage is None:
            break
        out.append(stage)
        has_level = any(isinstance(s, Level) for s in out)
        if has_level and (not wanted_break or isinstance(stage, Break)):
            break  # the next level (and the next break, if any) are known
    return out


def view(state: ClockState, now: float) -> ClockView:
    """What to show at ``now`` (time's level changes applied, nothing stored)."""
    state, _ = settle(state, now)
    stage = current_stage(state)
    upcoming = _upcoming(state)
    next_level = next((s for s in upcoming if isinstance(s, Level)), None)
    if isinstance(stage, Level):
        level = stage
    else:
        level = next_level or state.structure.level(stage.after_level) or state.structure.levels[-1]
    elapsed = active_elapsed(state, now)
    base = stage_seconds(state, stage)
    duration = None if base is None else base + state.extra
    remaining = None if duration is None else max(0.0, duration - elapsed)

    next_level_in: float | None = remaining
    next_break: Break | None = None
    next_break_in: float | None = remaining
    for item in upcoming:
        if isinstance(item, Break):
            next_break = item
            break
        seconds = stage_seconds(state, item)
        next_break_in = (
            None if next_break_in is None or seconds is None else next_break_in + seconds
        )
    for item in upcoming:
        if isinstance(item, Level):
            break
        seconds = stage_seconds(state, item)
        next_level_in = (
            None if next_level_in is None or seconds is None else next_level_in + seconds
        )
    if next_break is None:
        next_break_in = None
    if next_level is None:
        next_level_in = None

    playing = level.number if isinstance(stage, Level) else stage.after_level
    record = state.encounter_for(playing)
    in_force = state.structure.level(playing)
    if record is None and in_force is not None and in_force.encounter:
        record = EncounterRecord(playing, "to-draw")
    return ClockView(
        state=state,
        now=now,
        stage=stage,
        level=level,
        elapsed=elapsed,
        duration=duration,
        deals=state.deals,
        deals_per_level=deals_limit(state),
        next_stage=upcoming[0] if upcoming else None,
        next_level=next_level,
        next_level_in=next_level_in,
        next_break=next_break,
        next_break_in=next_break_in,
        encounter=record,
    )


def clock_text(seconds: float | None, *, counting_up: bool = False) -> str:
    """``mm:ss`` (or ``h:mm:ss``). Time left rounds up, so 00:00 shows only at
    the very end; time played (``counting_up``) rounds down.

    >>> clock_text(59.2), clock_text(59.2, counting_up=True), clock_text(3600), clock_text(None)
    ('01:00', '00:59', '1:00:00', '--:--')
    """
    if seconds is None:
        return "--:--"
    whole = max(0, math.floor(seconds + 1e-9) if counting_up else math.ceil(seconds - 1e-9))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes:02d}:{secs:02d}"


# -- saving -----------------------------------------------------------------------


def state_to_data(state: ClockState) -> dict[str, Any]:
    """The state as JSON-ready data (the structure travels with it)."""
    return {
        "format": STATE_FORMAT,
        "structure": state.structure.to_data(),
        "structure_source": state.structure.source,
        "settings": {
            "minutes": state.settings.minutes,
            "deals_per_level": state.settings.deals_per_level,
            "players": state.settings.players,
        },
        "position": state.position,
        "banked": state.banked,
        "running_since": state.running_since,
        "extra": state.extra,
        "deals": state.deals,
        "owed_break": state.owed_break,
        "in_owed_break": state.in_owed_break,
        "encounters": [r.to_data() for r in state.encounters],
        "started_at": state.started_at,
        "revision": state.revision,
    }


def state_from_data(data: dict[str, Any]) -> ClockState:
    """Read back :func:`state_to_data`; raises ``ValueError``/``KeyError``/``TypeError`` if damaged."""
    if data.get("format") != STATE_FORMAT:
        raise ValueError(f"unknown clock format {data.get('format')!r}")
    structure = parse_structure(
        data["structure"], origin=str(data.get("structure_source") or "saved clock")
    )
    settings = data["settings"]
    running_since = data["running_since"]
    owed = data["owed_break"]
    state = ClockState(
        structure=structure,
        settings=ClockSettings(
            minutes=None if settings["minutes"] is None else float(settings["minutes"]),
            deals_per_level=None
            if settings["deals_per_level"] is None
            else int(settings["deals_per_level"]),
            players=None if settings["players"] is None else int(settings["players"]),
        ),
        position=int(data["position"]),
        banked=float(data["banked"]),
        running_since=None if running_since is None else float(running_since),
        extra=float(data["extra"]),
        deals=int(data["deals"]),
        owed_break=None if owed is None else float(owed),
        in_owed_break=bool(data["in_owed_break"]),
        encounters=tuple(EncounterRecord.from_data(r) for r in data["encounters"]),
        started_at=float(data["started_at"]),
        revision=int(data.get("revision", 0)),
    )
    if state.position < 0 or structure.stage(state.position) is None:
        raise ValueError(f"position {state.position} is outside the structure")
    times = (state.banked, state.extra, state.started_at, state.running_since, state.owed_break)
    if any(t is not None and not math.isfinite(t) for t in (*times, state.settings.minutes)):
        raise ValueError("a time in it is not a finite number")
    try:
        check_settings(
            state.settings.minutes, state.settings.deals_per_level, state.settings.players
        )
    except CompanionError as exc:
        raise ValueError(f"its settings are out of range: {exc.message}") from None
    return state
