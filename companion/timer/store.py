"""Where a clock is kept between runs: a small protocol and its SQLite home.

A :class:`ClockStore` holds one clock (a table's, or the one used without a
table). :meth:`ClockStore.update` is the only way to change it: one
transaction reads the saved clock, hands it to a change function together
with the encounter deck to draw from, and writes the result, so two
terminals driving the same clock never lose each other's key presses and a
crash leaves the old clock or the new one, never half of either.

:class:`SqliteClockStore` keeps clocks in the shared state file
(``state_path()``) in tables of its own, prefixed ``timer_``. It marks a new
file as companion's the way the table store does (``PRAGMA application_id``)
and refuses, untouched, a file that belongs to another program.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Protocol

from companion.errors import CompanionError
from companion.timer.clock import ClockState, state_from_data, state_to_data
from companion.timer.encounters import EncounterSource
from companion.timer.structure import StructureError

SCHEMA_VERSION = 1
DEFAULT_KEY = "default"
APPLICATION_ID = 0x436F6D70  # "Comp": shared with the table store, marks the file as companion's

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
    """One clock in the shared SQLite state file (tables ``timer_meta``, ``timer_clocks``).

    ``encounters`` is handed to every change (tests give a fake deck; without
    a table there is none and the players draw encounters by hand).
    """

    def __init__(
        self,
        path: str | Path,
        key: str = DEFAULT_KEY,
        *,
        encounters: EncounterSource | None = None,
        timeout: float = 30.0,
    ) -> None:
        self.path = Path(path)
        self.key = key
        self.encounters = encounters
        self._timeout = timeout

    def __repr__(self) -> str:
        return f"SqliteClockStore({str(self.path)!r}, {self.key!r})"

    @property
    def label(self) -> str:
        return "no table" if self.key == DEFAULT_KEY else f"table '{self.key.removeprefix('table:')}'"

    # -- connection and schema ------------------------------------------------

    @contextlib.contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        if self.path.exists() and not self.path.is_file():
            raise CompanionError(f"state file {self.path} is not a file")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, timeout=self._timeout, isolation_level=None)
        except (OSError, sqlite3.Error) as exc:
            raise CompanionError(f"cannot open the state file {self.path}: {exc}") from None
        try:
            self._ensure_schema(conn)
            yield conn
        except sqlite3.DatabaseError as exc:
            raise CompanionError(
                f"state file {self.path} is not usable ({exc}); it was left untouched"
            ) from None
        finally:
            conn.close()

    def _check_identity(self, conn: sqlite3.Connection) -> None:
        app_id = conn.execute("PRAGMA application_id").fetchone()[0]
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        has_tables = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] > 0
        if app_id != APPLICATION_ID and (has_tables or app_id != 0 or version != 0):
            raise CompanionError(
                f"state file {self.path} is an SQLite database of another program, not companion's; "
                "it was left untouched: pass another --state"
            )

    def _ensure_schema(self, conn: sqlite3.Connection) -> None:
        known = conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'timer_meta'").fetchone()
        if known:
            row = conn.execute("SELECT value FROM timer_meta WHERE key = 'schema_version'").fetchone()
            version = int(row[0]) if row else 0
            if version == SCHEMA_VERSION:
                return
        conn.execute("BEGIN IMMEDIATE")
        try:
            self._check_identity(conn)
            conn.execute("CREATE TABLE IF NOT EXISTS timer_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            row = conn.execute("SELECT value FROM timer_meta WHERE key = 'schema_version'").fetchone()
            version = int(row[0]) if row else 0
            if version > SCHEMA_VERSION:
                raise CompanionError(
                    f"the clocks in {self.path} were saved by a newer companion (timer schema {version}); "
                    "it was left untouched: upgrade companion"
                )
            if version < 1:
                conn.execute(
                    "CREATE TABLE IF NOT EXISTS timer_clocks ("
                    " name TEXT PRIMARY KEY, state TEXT NOT NULL, updated_at REAL NOT NULL)"
                )
            # Later schema versions migrate here, one step at a time.
            conn.execute(
                "INSERT OR REPLACE INTO timer_meta (key, value) VALUES ('schema_version', ?)",
                (str(SCHEMA_VERSION),),
            )
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise

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
        with self._connect() as conn:
            row = conn.execute("SELECT state FROM timer_clocks WHERE name = ?", (self.key,)).fetchone()
        return None if row is None else self._decode(row[0])

    def update(self, change: Change) -> ClockState | None:
        with self._connect() as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                row = conn.execute("SELECT state FROM timer_clocks WHERE name = ?", (self.key,)).fetchone()
                old = None if row is None else self._decode(row[0])
                new = change(old, self.encounters)
                if new is None or (old is not None and new == old):
                    conn.execute("COMMIT")
                    return old
                new, text = _encode(new, old)
                conn.execute(
                    "INSERT OR REPLACE INTO timer_clocks (name, state, updated_at) VALUES (?, ?, ?)",
                    (self.key, text, time.time()),
                )
                conn.execute("COMMIT")
                return new
            except BaseException:
                conn.execute("ROLLBACK")
                raise

    def delete(self) -> bool:
        with self._connect() as conn:
            conn.execute("BEGIN IMMEDIATE")
            cursor = conn.execute("DELETE FROM timer_clocks WHERE name = ?", (self.key,))
            conn.execute("COMMIT")
            return cursor.rowcount > 0
