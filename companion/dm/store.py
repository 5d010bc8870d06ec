"""Keep the Dungeon Master party in the SQLite state file.

The state file is shared with the other table tools; this module owns only
the tables whose names start with ``dm_`` and records its schema version in
``dm_meta``. Every change runs inside one ``BEGIN IMMEDIATE`` transaction,
so two commands never interleave and a crash leaves the old party intact.
A file that is not SQLite, is damaged, or holds ``dm_`` tables of another
shape is reported and left untouched.

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

from companion.dm.party import Party, TrackedHero
from companion.errors import CompanionError

SCHEMA_VERSION = 1
SQLITE_MAGIC = b"SQLite format 3\x00"

_SCHEMA = """
CREATE TABLE dm_meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
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

_COLUMNS = {
    "dm_meta": ["key", "value"],
    "dm_party": ["id", "seed", "treasure_points", "deck", "discarded", "created_at", "updated_at"],
    "dm_heroes": ["position", "name", "card_id", "alive", "levels"],
    "dm_log": ["seq", "at", "event"],
}


def _utc_now() -> datetime:
    return datetime.now(UTC)


class PartyStore:
    """The party saved in ``path`` (created on the first change, never on a read)."""

    def __init__(self, path: Path, clock: Callable[[], datetime] = _utc_now, timeout: float = 10.0) -> None:
        self.path = Path(path)
        self.clock = clock
        self.timeout = timeout
        """Seconds to wait for another command's transaction before giving up."""

    def __repr__(self) -> str:
        return f"PartyStore({str(self.path)!r})"

    # ----------------------------------------------------------------- file checks

    def _check_file(self) -> bool:
        """True when the file exists; raise if it is something we must not touch."""
        if not self.path.exists():
            return False
        if self.path.is_dir():
            raise CompanionError(f"state file {self.path} is a folder; choose a file with --state")
        try:
            with self.path.open("rb") as handle:
                head = handle.read(len(SQLITE_MAGIC))
        except OSError as exc:
            raise CompanionError(f"cannot read state file {self.path}: {exc.strerror or exc}") from None
        if head and head != SQLITE_MAGIC:
            raise CompanionError(
                f"state file {self.path} is not a SQLite database; leaving it untouched (choose another with --state)"
            )
        return True

    def _connect(self) -> sqlite3.Connection:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, isolation_level=None, timeout=self.timeout)
        except (OSError, sqlite3.Error) as exc:
            raise CompanionError(f"cannot open state file {self.path}: {exc}") from None
        return conn

    def _schema_state(self, conn: sqlite3.Connection) -> bool:
        """True when our tables exist (and match); raise on a damaged or foreign file."""
        try:
            names = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        except sqlite3.DatabaseError as exc:
            raise CompanionError(f"state file {self.path} is damaged or not a database ({exc}); leaving it untouched") from None
        ours = {n for n in names if n.startswith("dm_")}
        if not ours:
            return False
        if "dm_meta" not in ours:
            raise CompanionError(
                f"state file {self.path} has dm_ tables that companion did not write; leaving it untouched"
            )
        row = conn.execute("SELECT value FROM dm_meta WHERE key = 'schema_version'").fetchone()
        version = row[0] if row else None
        if version != str(SCHEMA_VERSION):
            raise CompanionError(
                f"state file {self.path} holds Dungeon Master data of schema version {version}, "
                f"this companion reads version {SCHEMA_VERSION}; leaving it untouched"
            )
        for table, columns in _COLUMNS.items():
            found = [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]
            if found != columns:
                raise CompanionError(
                    f"state file {self.path}: table {table} does not have the expected columns; leaving it untouched"
                )
        return True

    @contextlib.contextmanager
    def _transaction(self, write: bool) -> Iterator[sqlite3.Connection | None]:
        exists = self._check_file()
        if not write and not exists:
            yield None
            return
        conn = self._connect()
        try:
            try:
                conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            except sqlite3.OperationalError as exc:
                raise CompanionError(f"state file {self.path} is busy or locked ({exc}); try again") from None
            except sqlite3.DatabaseError as exc:
                raise CompanionError(
                    f"state file {self.path} is damaged or not a database ({exc}); leaving it untouched"
                ) from None
            try:
                ready = self._schema_state(conn)
                if write and not ready:
                    for statement in _SCHEMA.split(";"):
                        if statement.strip():
                            conn.execute(statement)
                    conn.execute("INSERT INTO dm_meta (key, value) VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))
                yield conn if (ready or write) else None
                conn.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
                raise
        except sqlite3.DatabaseError as exc:
            raise CompanionError(f"state file {self.path}: {exc}") from None
        finally:
            conn.close()

    # ----------------------------------------------------------------- party rows

    def _read(self, conn: sqlite3.Connection) -> Party | None:
        row = conn.execute("SELECT seed, treasure_points, deck, discarded FROM dm_party WHERE id = 1").fetchone()
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
            raise CompanionError(f"state file {self.path}: the saved party is damaged ({exc}); leaving it untouched") from None
        return Party(heroes=heroes, treasure_points=int(row[1]), deck=deck, discarded=discarded, seed=row[0])

    def _write(self, conn: sqlite3.Connection, party: Party, event: str, fresh: bool) -> None:
        now = self.clock().isoformat(timespec="seconds")
        if fresh:
            conn.execute("DELETE FROM dm_party")
            conn.execute(
                "INSERT INTO dm_party (id, seed, treasure_points, deck, discarded, created_at, updated_at) "
                "VALUES (1, ?, ?, ?, ?, ?, ?)",
                (party.seed, party.treasure_points, json.dumps(list(party.deck)),
                 json.dumps(list(party.discarded)), now, now),
            )
        else:
            conn.execute(
                "UPDATE dm_party SET treasure_points = ?, deck = ?, discarded = ?, updated_at = ? WHERE id = 1",
                (party.treasure_points, json.dumps(list(party.deck)), json.dumps(list(party.discarded)), now),
            )
        conn.execute("DELETE FROM dm_heroes")
        conn.executemany(
            "INSERT INTO dm_heroes (position, name, card_id, alive, levels) VALUES (?, ?, ?, ?, ?)",
            [(i, h.name, h.card_id, int(h.alive), json.dumps(dict(h.levels))) for i, h in enumerate(party.heroes)],
        )
        if event:
            conn.execute("INSERT INTO dm_log (at, event) VALUES (?, ?)", (now, event))

    # ----------------------------------------------------------------- public API

    def load(self) -> Party | None:
        """The saved party, or None when there is none yet."""
        with self._transaction(write=False) as conn:
            return None if conn is None else self._read(conn)

    def require(self) -> Party:
        party = self.load()
        if party is None:
            raise CompanionError(f"no Dungeon Master party in {self.path}; start one with 'companion dm party new'")
        return party

    def create(self, party: Party, replace: bool, event: str = "party formed") -> Party:
        """Save a new party; an existing one is replaced only when ``replace`` is true."""
        with self._transaction(write=True) as conn:
            assert conn is not None
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
        with self._transaction(write=True) as conn:
            assert conn is not None
            party = self._read(conn)
            if party is None:
                raise CompanionError(f"no Dungeon Master party in {self.path}; start one with 'companion dm party new'")
            new = change(party)
            self._write(conn, new, event, fresh=False)
        return new

    def log(self, limit: int = 20) -> list[tuple[str, str]]:
        """The latest changes, oldest first: ``(time, event)``."""
        with self._transaction(write=False) as conn:
            if conn is None:
                return []
            rows = conn.execute("SELECT at, event FROM dm_log ORDER BY seq DESC LIMIT ?", (limit,)).fetchall()
        return [(str(a), str(e)) for a, e in reversed(rows)]


def _json_levels(text: Any) -> dict[str, int]:
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("levels are not a mapping")
    return {str(k): int(v) for k, v in data.items()}
