"""Where a clock is kept between runs: a small protocol and its SQLite home.

A :class:`ClockStore` holds one clock (a table's, or the one used without a
table). :meth:`ClockStore.update` is the only way to change it: one
transaction reads the saved clock, hands it to a change function together
with the encounter deck to draw from, and writes the result, so two
terminals driving the same clock never lose each other's key presses and a
crash leaves the old clock or the new one, never half of either.

:class:`SqliteClockStore` keeps clocks in the shared state file
(``state_path()``) in a table of its own, ``timer_clocks``: the component
``timer`` of :mod:`companion.statefile`, which marks a new file as
companion's and refuses, untouched, a file that belongs to another program.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Protocol

from companion.errors import CompanionError
from companion.statefile import BUSY_TIMEOUT, Component, read_transaction, script, write_transaction
from companion.timer.clock import ClockState, state_from_data, state_to_data
from companion.timer.encounters import EncounterSource
from companion.timer.structure import StructureError

DEFAULT_KEY = "default"
TIMER = Component(
    "timer",
    (
        script(
            "CREATE TABLE timer_clocks (name TEXT PRIMARY KEY, state TEXT NOT NULL, updated_at REAL NOT NULL)"
        ),
    ),
    prefix="timer_",
)
SCHEMA_VERSION = TIMER.version

Change = Callable[[ClockState | None, EncounterSource | None], ClockState | None]


def clock_key(table: str | None) -> str:
    """The name a clock is saved under in ``timer_clocks``.

    >>> clock_key(None), clock_key("friday")
    ('default', 'table:friday')
    """
    return f"table:{table}" if table else DEFAULT_KEY


class ClockStore(Protocol):
    """Where one clock survives between runs."""

    @property
    def label(self) -> str:
        """Whose clock this is, for messages (``no table``, ``table 'friday'``)."""
        ...

    def load(self) -> ClockState | None:
        """The saved clock, or ``None`` if there is none."""
        ...

    def update(self, change: Change) -> ClockState | None:
        """Atomically replace the saved clock by ``change(saved, encounters)``.

        ``encounters`` is where new levels draw their encounter card (``None``:
        the players draw by hand). ``change`` returning ``None`` or an equal
        state writes nothing. Returns the clock as saved afterwards.
        """
        ...

    def delete(self) -> bool:
        """Forget the clock; ``True`` if there was one."""
        ...


def _encode(state: ClockState, old: ClockState | None) -> tuple[ClockState, str]:
    new = replace(state, revision=(old.revision if old else 0) + 1)
    return new, json.dumps(state_to_data(new), separators=(",", ":"))


class MemoryClockStore:
    """A store that lives as long as the object (tests, previews).

    >>> store = MemoryClockStore()
    >>> store.load() is None, store.label
    (True, 'no table')
    """

    def __init__(self, encounters: EncounterSource | None = None, label: str = "no table") -> None:
        self._saved: str | None = None
        self.encounters = encounters
        self._label = label

    @property
    def label(self) -> str:
        return self._label

    def load(self) -> ClockState | None:
        return None if self._saved is None else state_from_data(json.loads(self._saved))

    def update(self, change: Change) -> ClockState | None:
        old = self.load()
        new = change(old, self.encounters)
        if new is None or (old is not None and new == old):
            return old
        new, self._saved = _encode(new, old)
        return new

    def delete(self) -> bool:
        had, self._saved = self._saved is not None, None
        return had


class SqliteClockStore:
    """One clock in the shared SQLite state file (table ``timer_clocks``).

    ``encounters`` is handed to every change (tests give a fake deck; without
    a table there is none and the players draw encounters by hand).
    """

    def __init__(
        self,
        path: str | Path,
        key: str = DEFAULT_KEY,
        *,
        encounters: EncounterSource | None = None,
        timeout: float = BUSY_TIMEOUT,
    ) -> None:
        self.path = Path(path)
        self.key = key
        self.encounters = encounters
        self._timeout = timeout

    def __repr__(self) -> str:
        return f"SqliteClockStore({str(self.path)!r}, {self.key!r})"

    @property
    def label(self) -> str:
        return (
            "no table" if self.key == DEFAULT_KEY else f"table '{self.key.removeprefix('table:')}'"
        )

    # -- the protocol ---------------------------------------------------------

    def _decode(self, raw: str) -> ClockState:
        try:
            return state_from_data(json.loads(raw))
        except (ValueError, KeyError, TypeError, StructureError) as exc:
            raise CompanionError(
                f"the saved clock ({self.label}) in {self.path} is damaged ({exc}); "
                "'companion timer reset' forgets it"
            ) from None

    def load(self) -> ClockState | None:
        with read_transaction(self.path, TIMER, timeout=self._timeout) as conn:
            row = (
                None
                if conn is None
                else conn.execute(
                    "SELECT state FROM timer_clocks WHERE name = ?", (self.key,)
                ).fetchone()
            )
        return None if row is None else self._decode(row[0])

    def update(self, change: Change) -> ClockState | None:
        with write_transaction(self.path, TIMER, timeout=self._timeout) as conn:
            row = conn.execute(
                "SELECT state FROM timer_clocks WHERE name = ?", (self.key,)
            ).fetchone()
            old = None if row is None else self._decode(row[0])
            new = change(old, self.encounters)
            if new is None or (old is not None and new == old):
                return old
            new, text = _encode(new, old)
            conn.execute(
                "INSERT OR REPLACE INTO timer_clocks (name, state, updated_at) VALUES (?, ?, ?)",
                (self.key, text, time.time()),
            )
            return new

    def delete(self) -> bool:
        with write_transaction(self.path, TIMER, timeout=self._timeout) as conn:
            return conn.execute("DELETE FROM timer_clocks WHERE name = ?", (self.key,)).rowcount > 0
