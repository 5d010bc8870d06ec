"""One running clock: load it, change it, save it, fetch encounters for it.

Every change goes through :meth:`TimerSession.act`: inside one store
transaction the saved clock is read, brought up to ``now`` and changed, the
encounter card of each level that just began is drawn, and the clock is
written back, so a level change and its encounter are saved together.

>>> from companion.timer.clock import FakeClock, deal
>>> from companion.timer.store import MemoryClockStore
>>> from companion.timer.structure import parse_structure
>>> clock = FakeClock()
>>> session = TimerSession(MemoryClockStore(), clock)
>>> club = parse_structure({"id": "club", "name": "Club", "blinds": "single",
...     "deals_per_level": 5, "levels": [{"blind": 100}, {"blind": 200}],
...     "encounters": {"from_level": 2}}, origin="club")
>>> session.open(club).view.title
'Level 1'
>>> for _ in range(5):
...     result = session.act(deal)
>>> result.view.title, result.view.level.blind, result.view.encounter.status
('Level 2', 200, 'to-draw')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.errors import CompanionError
from companion.timer.clock import (
    Clock,
    ClockSettings,
    ClockState,
    ClockView,
    Event,
    Notice,
    StageChange,
    Step,
    change_settings,
    current_stage,
    jump_to_level,
    settle,
    start,
    view,
)
from companion.timer.encounters import Encounter, EncounterRecord, EncounterSource
from companion.timer.store import ClockStore
from companion.timer.structure import Level, Structure

Action = Callable[[ClockState, float], Step]


@dataclass(frozen=True)
class Outcome:
    """The clock after an action, and what happened on the way."""

    view: ClockView
    events: tuple[Event, ...]

    @property
    def notices(self) -> tuple[str, ...]:
        return tuple(e.text for e in self.events if isinstance(e, Notice))

    @property
    def changes(self) -> tuple[StageChange, ...]:
        return tuple(e for e in self.events if isinstance(e, StageChange))


class TimerSession:
    """The clock kept in ``store``, timed by ``clock``."""

    def __init__(self, store: ClockStore, clock: Clock) -> None:
        self.store = store
        self.clock = clock

    def __repr__(self) -> str:
        return f"<TimerSession {self.store!r}>"

    def _missing(self) -> CompanionError:
        where = "" if self.store.label == "no table" else f" ({self.store.label})"
        return CompanionError(f"no clock is saved{where}: start one with 'companion timer run'")

    def open(
        self,
        structure: Structure | None = None,
        settings: ClockSettings | None = None,
        *,
        new: bool = False,
        running: bool = True,
        fallback: Structure | None = None,
        level: int = 1,
    ) -> Outcome:
        """Resume the saved clock, or start one (``new``: start over regardless).

        A fresh clock uses ``structure``, else ``fallback``, and starts at
        ``level``. Resuming with
        another structure is refused (that needs ``new``); other minutes,
        deals per level or players are used from now on.
        """
        now = self.clock()

        def change(saved: ClockState | None) -> Step:
            if saved is None or new:
                chosen = structure or fallback
                if chosen is None:
                    raise self._missing()
                fresh = start(
                    chosen, settings or ClockSettings(), now, running=running, level=level
                )
                return fresh, (StageChange(current_stage(fresh), now, "start"),)
            if structure is not None and structure != saved.structure:
                raise CompanionError(
                    f"a clock with the structure '{saved.structure.id}' is saved ({self.store.label}); "
                    f"add --new to start over with '{structure.id}'"
                )
            if settings is not None:
                merged = ClockSettings(
                    minutes=settings.minutes
                    if settings.minutes is not None
                    else saved.settings.minutes,
                    deals_per_level=(
                        settings.deals_per_level
                        if settings.deals_per_level is not None
                        else saved.settings.deals_per_level
                    ),
                    players=settings.players
                    if settings.players is not None
                    else saved.settings.players,
                )
                if merged != saved.settings:
                    return change_settings(saved, now, merged)
            return settle(saved, now)

        return self._update(change, now)

    def state(self) -> ClockState:
        """The saved clock (an error if there is none)."""
        state = self.store.load()
        if state is None:
            raise self._missing()
        return state

    def view(self) -> ClockView:
        """The clock at this moment, without writing anything.

        A table moved on from elsewhere is followed here too, in memory
        only (the next change saves the jump), so a read-only state file
        shows the same clock as a writable one.
        """
        now = self.clock()
        state = self.state()
        ahead = getattr(self.store, "level_ahead", None)
        level = ahead() if ahead is not None else None
        if level is not None:
            state, events = jump_to_level(state, now, level, "table")
            peek = getattr(self.store, "encounter_in_force", None)
            card = peek() if peek is not None else None
            if card is not None:
                state = draw_encounters(state, events, _Known(level, card))
        return view(state, now)

    def act(self, action: Action) -> Outcome:
        """Apply ``action`` at the clock's ``now`` and save the result."""
        now = self.clock()

        def change(saved: ClockState | None) -> Step:
            if saved is None:
                raise self._missing()
            return action(saved, now)

        return self._update(change, now)

    def refresh(self) -> Outcome:
        """Bring the clock up to now: written only when a stage has changed.

        A store that can report its table's level (``level_ahead``) moves the
        clock on when the table was moved on from elsewhere (every change
        does that first, see :func:`follow_table`).
        """
        now = self.clock()
        saved = self.state()
        ahead = getattr(self.store, "level_ahead", None)
        level = ahead() if ahead is not None else None
        _, events = settle(saved, now)
        if level is None and not events:
            return Outcome(view(saved, now), ())
        return self.act(settle)

    def reset(self) -> bool:
        """Forget the saved clock."""
        return self.store.delete()

    def _update(self, change: Callable[[ClockState | None], Step], now: float) -> Outcome:
        events: list[Event] = []

        def in_transaction(
            saved: ClockState | None, encounters: EncounterSource | None
        ) -> ClockState:
            if saved is not None:
                saved = follow_table(saved, now, encounters, events)
            state, happened = change(saved)
            events.extend(happened)
            return draw_encounters(state, happened, encounters)

        state = self.store.update(in_transaction)
        if state is None:  # pragma: no cover - every change above returns a state
            raise self._missing()
        return Outcome(view(state, now), tuple(events))


class _Known:
    """The encounter a table already opened for one level (nothing is drawn)."""

    def __init__(self, level: int, card: Encounter) -> None:
        self.level, self.card = level, card

    def draw_encounter(self, level: int) -> Encounter | None:
        return self.card if level == self.level else None


def follow_table(
    state: ClockState, now: float, source: EncounterSource | None, events: list[Event]
) -> ClockState:
    """Jump to the table's level when the table moved on since the clock last looked.

    Called inside the store's transaction before every change, so a key
    press, ``timer do`` or a display tick after ``table level`` first
    catches up with the table, then acts: the clock and the table never
    disagree about the level in play.
    """
    ahead = getattr(source, "level_ahead", None)
    level = ahead() if ahead is not None else None
    if level is None:
        return state
    state, happened = jump_to_level(state, now, level, "table")
    events.extend(happened)
    return draw_encounters(state, happened, source)


def draw_encounters(
    state: ClockState, events: tuple[Event, ...], encounters: EncounterSource | None
) -> ClockState:
    """Record an encounter for each level that began and calls for one.

    Without a source nothing is recorded (the view tells players to draw by
    hand); a level that already has its encounter never draws again.
    """
    if encounters is None:
        return state
    for event in events:
        stage = event.stage if isinstance(event, StageChange) else None
        if not isinstance(stage, Level) or not stage.encounter or state.encounter_for(stage.number):
            continue
        card = encounters.draw_encounter(stage.number)
        record = (
            EncounterRecord(stage.number, "drawn", card)
            if card
            else EncounterRecord(stage.number, "deck-empty")
        )
        state = state.with_encounter(record)
    return state
