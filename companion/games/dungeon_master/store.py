"""Keep the Dungeon Master party in the SQLite state file.

The state file is shared with the other table tools; this module owns only
the tables whose names start with ``dm_``, the component ``dm`` of
:mod:`companion.statefile` (which records its schema version). Every change
runs inside one ``BEGIN IMMEDIATE`` transaction, so two commands never
interleave and a crash leaves the old party intact. A file that is not
SQLite, is damaged, belongs to another program, or holds ``dm_`` tables of
another shape is reported and left untouched.

>>> import tempfile, pathlib
>>> store = PartyStore(pathlib.Path(tempfile.mkdtemp()) / "state.sqlite3")
>>> store.load() is None
True
>>> store.create(Party(heroes=()), replace=False).treasure_points
0
>>> store.update(lambda p: p.add_points(15), event="claimed 15").treasure_points
15
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.cards.dungeon_master import Attribute, is_attribute
from companion.errors import CompanionError
from companion.games.dungeon_master.party import Party, TrackedHero
from companion.statefile import (
    BUSY_TIMEOUT,
    Component,
    read_transaction,
    script,
    write_transaction,
)

_SCHEMA = """
CREATE TABLE dm_party (
    id              INTEGER PRIMARY KEY CHECK (id = 1),
    seed            INTEGER,
    treasure_points INTEGER NOT NULL CHECK (treasure_points >= 0),
    deck            TEXT NOT NULL,
    discarded       TEXT NOT NULL,
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL
);
CREATE TABLE dm_heroes (
    position INTEGER PRIMARY KEY,
    name     TEXT NOT NULL UNIQUE,
    card_id  TEXT NOT NULL,
    alive    INTEGER NOT NULL CHECK (alive IN (0, 1)),
    levels   TEXT NOT NULL
);
CREATE TABLE dm_log (
    seq   INTEGER PRIMARY KEY AUTOINCREMENT,
    at    TEXT NOT NULL,
    event TEXT NOT NULL
);
"""

DM = Component("dm", (script(_SCHEMA),), prefix="dm_")
SCHEMA_VERSION = DM.version

_COLUMNS = {
    "dm_party": ["id", "seed", "treasure_points", "deck", "discarded", "created_at", "updated_at"],
    "dm_heroes": ["position", "name", "card_id", "alive", "levels"],
    "dm_log": ["seq", "at", "event"],
}


def _utc_now() -> datetime:
    return datetime.now(UTC)


class PartyStore:
    """The party saved in ``path`` (created on the first change, never on a read)."""

    def __init__(
        self, path: Path, clock: Callable[[], datetime] = _utc_now, timeout: float = BUSY_TIMEOUT
    ) -> None:
        self.path = Path(path)
        self.clock = clock
        self.timeout = timeout
        """Seconds to wait for another command's transaction before giving up."""

    def __repr__(self) -> str:
        return f"PartyStore({str(self.path)!r})"

    # ----------------------------------------------------------------- the file

    def _check_columns(self, conn: sqlite3.Connection) -> None:
        for table, columns in _COLUMNS.items():
            found = [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]
            if found != columns:
                raise CompanionError(
                    f"state file {self.path}: table {table} does not have the expected columns; "
                    "it was left untouched"
                )

    @contextlib.contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection | None]:
        """A read snapshot; None (and no file created) when there is no party data yet."""
        with read_transaction(self.path, DM, timeout=self.timeout) as conn:
            if conn is not None:
                self._check_columns(conn)
            yield conn

    @contextlib.contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        with write_transaction(self.path, DM, timeout=self.timeout) as conn:
            self._check_columns(conn)
            yield conn

    # ----------------------------------------------------------------- party rows

    def _read(self, conn: sqlite3.Connection) -> Party | None:
        row = conn.execute(
            "SELECT seed, treasure_points, deck, discarded FROM dm_party WHERE id = 1"
        ).fetchone()
        if row is None:
            return None
        try:
            heroes = tuple(
                TrackedHero(name, card_id, _json_levels(levels), bool(alive))
                for name, card_id, alive, levels in conn.execute(
                    "SELECT name, card_id, alive, levels FROM dm_heroes ORDER BY position"
                )
            )
            deck = tuple(str(i) for i in json.loads(row[2]))
            discarded = tuple(str(i) for i in json.loads(row[3]))
        except (ValueError, TypeError, AttributeError) as exc:
            raise CompanionError(
                f"state file {self.path}: the saved party is damaged ({exc}); leaving it untouched"
            ) from None
        return Party(
            heroes=heroes, treasure_points=int(row[1]), deck=deck, discarded=discarded, seed=row[0]
        )

    def _write(self, conn: sqlite3.Connection, party: Party, event: str, fresh: bool) -> None:
        now = self.clock().isoformat(timespec="seconds")
        if fresh:
            conn.execute("DELETE FROM dm_party")
            conn.execute(
                "INSERT INTO dm_party (id, seed, treasure_points, deck, discarded, created_at, updated_at) "
                "VALUES (1, ?, ?, ?, ?, ?, ?)",
                (
                    party.seed,
                    party.treasure_points,
                    json.dumps(list(party.deck)),
                    json.dumps(list(party.discarded)),
                    now,
                    now,
                ),
            )
        else:
            conn.execute(
                "UPDATE dm_party SET treasure_points = ?, deck = ?, discarded = ?, updated_at = ? WHERE id = 1",
                (
                    party.treasure_points,
                    json.dumps(list(party.deck)),
                    json.dumps(list(party.discarded)),
                    now,
                ),
            )
        conn.execute("DELETE FROM dm_heroes")
        conn.executemany(
            "INSERT INTO dm_heroes (position, name, card_id, alive, levels) VALUES (?, ?, ?, ?, ?)",
            [
                (i, h.name, h.card_id, int(h.alive), json.dumps(dict(h.levels)))
                for i, h in enumerate(party.heroes)
            ],
        )
        if event:
            conn.execute("INSERT INTO dm_log (at, event) VALUES (?, ?)", (now, event))

    # ----------------------------------------------------------------- public API

    def load(self) -> Party | None:
        """The saved party, or None when there is none yet."""
        with self._reading() as conn:
            return None if conn is None else self._read(conn)

    def require(self) -> Party:
        party = self.load()
        if party is None:
            raise CompanionError(
                f"no Dungeon Master party in {self.path}; start one with 'companion dm party new'"
            )
        return party

    def create(self, party: Party, replace: bool, event: str = "party formed") -> Party:
        """Save a new party; an existing one is replaced only when ``replace`` is true."""
        with self._writing() as conn:
            old = self._read(conn)
            if old is not None and not replace:
                raise CompanionError(
                    f"a party already exists in {self.path} ({len(old.living)} heroes alive, "
                    f"{old.treasure_points} points); add --replace to start a new one"
                )
            self._write(conn, party, event, fresh=True)
        return party

    def update(self, change: Callable[[Party], Party], event: str = "") -> Party:
        """Load, change and save the party in one transaction."""
        with self._writing() as conn:
            party = self._read(conn)
            if party is None:
                raise CompanionError(
                    f"no Dungeon Master party in {self.path}; start one with 'companion dm party new'"
                )
            new = change(party)
            self._write(conn, new, event, fresh=False)
        return new

    def log(self, limit: int = 20) -> list[tuple[str, str]]:
        """The latest changes, oldest first: ``(time, event)``."""
        with self._reading() as conn:
            if conn is None:
                return []
            rows = conn.execute(
                "SELECT at, event FROM dm_log ORDER BY seq DESC LIMIT ?", (limit,)
            ).fetchall()
        return [(str(a), str(e)) for a, e in reversed(rows)]


def _json_levels(text: Any) -> dict[Attribute, int]:
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("levels are not a mapping")
    levels = {str(k): int(v) for k, v in data.items()}
    # A name that is no attribute is dropped, as TrackedHero drops it.
    return {k: v for k, v in levels.items() if is_attribute(k)}
