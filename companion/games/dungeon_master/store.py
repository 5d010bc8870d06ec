"""Keep the Dungeon Master party, and the log of its game, in the SQLite state file.

The state file is shared with the other table tools; this module owns only
the tables whose names start with ``dm_``, the component ``dm`` of
:mod:`companion.statefile` (which records its schema version). Every change
runs inside one ``BEGIN IMMEDIATE`` transaction, so two commands never
interleave and a crash leaves the old party intact. A file that is not
SQLite, is damaged, belongs to another program, or holds ``dm_`` tables of
another shape is reported and left untouched.

Each change writes one line of ``dm_log`` (turn, action, who, what, result,
seed) together with the party as it was before, so :meth:`PartyStore.undo`
can put it back; an undo is logged too, as ``table undo`` does.

>>> import tempfile, pathlib
>>> from companion.games.dungeon_master.party import Change
>>> store = PartyStore(pathlib.Path(tempfile.mkdtemp()) / "state.sqlite3")
>>> store.load() is None
True
>>> wizard = TrackedHero("Wizard", "wizard", {"spell": 4})
>>> store.create(Party(heroes=(wizard,)), replace=False).treasure_points
0
>>> from companion.games.dungeon_master.events import PileChanged
>>> claimed = PileChanged(points=15, gained=15, pile=15)
>>> party, entry = store.change(lambda p: (p.add_points(15), Change(claimed)))
>>> party.treasure_points, entry.action, entry.event == claimed
(15, 'claim', True)
>>> store.undo()[0].treasure_points
0
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.errors import CompanionError
from companion.events import Event, read_event
from companion.games.dungeon_master.events import ChangeUndone, Logged, Noted, PartyFormed
from companion.games.dungeon_master.party import (
    Change,
    LogEntry,
    OpenTurn,
    Party,
    TrackedHero,
    saved_heroes,
    saved_levels,
)
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

# Version 2: seeds up to 2^64 - 1 (kept as text: SQLite integers stop at 2^63 - 1),
# turns, claimed cards, the open encounter, and a log that can be undone.
_TURNS = """
CREATE TABLE dm_party_v2 (
    id              INTEGER PRIMARY KEY CHECK (id = 1),
    seed            TEXT,
    treasure_points INTEGER NOT NULL CHECK (treasure_points >= 0),
    claimed         TEXT NOT NULL DEFAULT '[]',
    deck            TEXT NOT NULL,
    discarded       TEXT NOT NULL,
    turn            INTEGER NOT NULL DEFAULT 0,
    variant         INTEGER NOT NULL DEFAULT 0 CHECK (variant IN (0, 1)),
    open_turn       TEXT,
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL
);
INSERT INTO dm_party_v2 (id, seed, treasure_points, deck, discarded, created_at, updated_at)
    SELECT id, CAST(seed AS TEXT), treasure_points, deck, discarded, created_at, updated_at
    FROM dm_party;
DROP TABLE dm_party;
ALTER TABLE dm_party_v2 RENAME TO dm_party;
ALTER TABLE dm_heroes ADD COLUMN fell_on INTEGER;
ALTER TABLE dm_heroes ADD COLUMN joined_on INTEGER NOT NULL DEFAULT 0;
ALTER TABLE dm_log ADD COLUMN turn INTEGER;
ALTER TABLE dm_log ADD COLUMN action TEXT NOT NULL DEFAULT 'note';
ALTER TABLE dm_log ADD COLUMN who TEXT NOT NULL DEFAULT '[]';
ALTER TABLE dm_log ADD COLUMN result TEXT NOT NULL DEFAULT '';
ALTER TABLE dm_log ADD COLUMN seed TEXT;
ALTER TABLE dm_log ADD COLUMN before TEXT;
ALTER TABLE dm_log ADD COLUMN undoes INTEGER;
"""

# Version 3: each log line holds its typed event (``record``, the event's JSON); the
# lines written before keep their words in ``event`` and ``result`` and read as Logged.
_EVENTS = """
ALTER TABLE dm_log ADD COLUMN record TEXT;
"""

DM = Component("dm", (script(_SCHEMA), script(_TURNS), script(_EVENTS)), prefix="dm_")
SCHEMA_VERSION = DM.version

_COLUMNS = {
    "dm_party": [
        "id",
        "seed",
        "treasure_points",
        "claimed",
        "deck",
        "discarded",
        "turn",
        "variant",
        "open_turn",
        "created_at",
        "updated_at",
    ],
    "dm_heroes": ["position", "name", "card_id", "alive", "levels", "fell_on", "joined_on"],
    "dm_log": [
        "seq",
        "at",
        "event",
        "turn",
        "action",
        "who",
        "result",
        "seed",
        "before",
        "undoes",
        "record",
    ],
}

_ENTRY = "seq, at, turn, action, who, event, result, seed, before, undoes, record"

_NO_PARTY = "no Dungeon Master party in {path}; start one with 'companion dm party new'"


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

    def _damaged(self, exc: Exception) -> CompanionError:
        return CompanionError(
            f"state file {self.path}: the saved party is damaged ({exc}); leaving it untouched"
        )

    # ----------------------------------------------------------------- party rows

    def _read(self, conn: sqlite3.Connection) -> Party | None:
        row = conn.execute(
            "SELECT seed, treasure_points, claimed, deck, discarded, turn, variant, open_turn "
            "FROM dm_party WHERE id = 1"
        ).fetchone()
        if row is None:
            return None
        try:
            heroes = saved_heroes(
                [
                    TrackedHero(
                        name,
                        card_id,
                        saved_levels(name, json.loads(levels)),
                        bool(alive),
                        None if fell_on is None else int(fell_on),
                        int(joined_on),
                    )
                    for name, card_id, alive, levels, fell_on, joined_on in conn.execute(
                        "SELECT name, card_id, alive, levels, fell_on, joined_on FROM dm_heroes "
                        "ORDER BY position"
                    )
                ]
            )
            seed, points, claimed, deck, discarded, turn, variant, open_turn = row
            return Party(
                heroes=heroes,
                treasure_points=int(points),
                deck=tuple(str(i) for i in json.loads(deck)),
                discarded=tuple(str(i) for i in json.loads(discarded)),
                seed=None if seed is None else int(seed),
                claimed=tuple(str(n) for n in json.loads(claimed)),
                turn=int(turn),
                variant=bool(variant),
                open=OpenTurn.from_state(json.loads(open_turn)) if open_turn else None,
            )
        except (ValueError, TypeError, AttributeError, KeyError) as exc:
            raise self._damaged(exc) from None

    def _write(self, conn: sqlite3.Connection, party: Party, fresh: bool) -> str:
        now = self.clock().isoformat(timespec="seconds")
        values = (
            None if party.seed is None else str(party.seed),
            party.treasure_points,
            json.dumps(list(party.claimed)),
            json.dumps(list(party.deck)),
            json.dumps(list(party.discarded)),
            party.turn,
            int(party.variant),
            json.dumps(party.open.to_state()) if party.open else None,
        )
        if fresh:
            conn.execute("DELETE FROM dm_party")
            conn.execute("DELETE FROM dm_log")
            # A new game's log counts from #1 again.
            conn.execute("DELETE FROM sqlite_sequence WHERE name = 'dm_log'")
            conn.execute(
                "INSERT INTO dm_party (id, seed, treasure_points, claimed, deck, discarded, turn, "
                "variant, open_turn, created_at, updated_at) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (*values, now, now),
            )
        else:
            conn.execute(
                "UPDATE dm_party SET seed = ?, treasure_points = ?, claimed = ?, deck = ?, "
                "discarded = ?, turn = ?, variant = ?, open_turn = ?, updated_at = ? WHERE id = 1",
                (*values, now),
            )
        conn.execute("DELETE FROM dm_heroes")
        conn.executemany(
            "INSERT INTO dm_heroes (position, name, card_id, alive, levels, fell_on, joined_on) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    i,
                    h.name,
                    h.card_id,
                    int(h.alive),
                    json.dumps(dict(h.levels)),
                    h.fell_on,
                    h.joined_on,
                )
                for i, h in enumerate(party.heroes)
            ],
        )
        return now

    def _log(
        self,
        conn: sqlite3.Connection,
        at: str,
        turn: int,
        change: Change,
        before: Party | None,
        undoes: int | None = None,
    ) -> LogEntry:
        cursor = conn.execute(
            "INSERT INTO dm_log (at, event, turn, action, who, result, seed, before, undoes, "
            "record) VALUES (?, '', ?, ?, ?, '', ?, ?, ?, ?)",
            (
                at,
                turn,
                change.action,
                json.dumps(list(change.who)),
                None if change.seed is None else str(change.seed),
                json.dumps(before.to_state()) if before is not None else None,
                undoes,
                json.dumps(change.event.fields_json(), sort_keys=True),
            ),
        )
        return LogEntry(
            seq=int(cursor.lastrowid or 0),
            at=at,
            turn=turn,
            action=change.action,
            who=change.who,
            event=change.event,
            seed=change.seed,
            undoable=before is not None,
            undoes=undoes,
        )

    # ----------------------------------------------------------------- public API

    def load(self) -> Party | None:
        """The saved party, or None when there is none yet."""
        with self._reading() as conn:
            return None if conn is None else self._read(conn)

    def require(self) -> Party:
        party = self.load()
        if party is None:
            raise CompanionError(_NO_PARTY.format(path=self.path))
        return party

    def create(self, party: Party, replace: bool, change: Change | None = None) -> Party:
        """Save a new party (and start a new log); an existing one is replaced only when ``replace`` is true."""
        with self._writing() as conn:
            old = self._read(conn)
            if old is not None and not replace:
                raise CompanionError(
                    f"a party already exists in {self.path} ({len(old.living)} heroes alive, "
                    f"{old.treasure_points} points); add --replace to start a new one"
                )
            at = self._write(conn, party, fresh=True)
            self._log(conn, at, party.turn, change or Change(PartyFormed()), None)
        return party

    def change(self, make: Callable[[Party], tuple[Party, Change]]) -> tuple[Party, LogEntry]:
        """Load, change and save the party in one transaction, logging the change.

        The log keeps the party as it was before, for :meth:`undo`. Nothing is
        written, and no file created, when there is no party or ``make`` raises.
        """
        self.require()  # a read: a missing party never creates an empty state file
        with self._writing() as conn:
            party = self._read(conn)
            if party is None:
                raise CompanionError(_NO_PARTY.format(path=self.path))
            new, change = make(party)
            at = self._write(conn, new, fresh=False)
            entry = self._log(conn, at, new.turn, change, party)
        return new, entry

    def change_steps(
        self, make: Callable[[Party], list[tuple[Party, Change]]]
    ) -> tuple[Party, list[LogEntry]]:
        """:meth:`change` for a command that makes several changes in one transaction
        (a new fight that first plays the last turn's treasure phase): ``make`` returns the
        party after each step; each is its own log line, undone one at a time."""
        self.require()
        with self._writing() as conn:
            party = self._read(conn)
            if party is None:
                raise CompanionError(_NO_PARTY.format(path=self.path))
            steps = make(party)
            at = self._write(conn, steps[-1][0], fresh=False)
            entries = []
            before = party
            for after, change in steps:
                entries.append(self._log(conn, at, after.turn, change, before))
                before = after
        return steps[-1][0], entries

    def update(self, change: Callable[[Party], Party], what: str = "") -> Party:
        """:meth:`change` for a plain correction, logged as ``note``."""
        return self.change(lambda p: (change(p), Change(Noted(what))))[0]

    def undo(self) -> tuple[Party, LogEntry]:
        """Put the party back as it was before the last change not undone yet; log the undo.

        Returns the party now and the entry that was undone.
        """
        self.require()
        with self._writing() as conn:
            undone = {
                int(r[0])
                for r in conn.execute("SELECT undoes FROM dm_log WHERE undoes IS NOT NULL")
            }
            rows = conn.execute(
                f"SELECT {_ENTRY} FROM dm_log "
                "WHERE before IS NOT NULL AND undoes IS NULL ORDER BY seq DESC"
            ).fetchall()
            target = next((r for r in rows if int(r[0]) not in undone), None)
            if target is None:
                raise CompanionError(
                    "nothing to undo: every change since the party was formed is already undone"
                )
            entry = self._entry(target, undone=True)
            try:
                party = Party.from_state(json.loads(target[8]))
            except (ValueError, TypeError, KeyError) as exc:
                raise self._damaged(exc) from None
            at = self._write(conn, party, fresh=False)
            change = Change(ChangeUndone(entry.seq, entry.action, entry.event), who=entry.who)
            self._log(conn, at, party.turn, change, None, undoes=entry.seq)
        return party, entry

    def log(self, limit: int | None = 20) -> list[LogEntry]:
        """The latest entries of the log, oldest first."""
        with self._reading() as conn:
            if conn is None:
                return []
            undone = {
                int(r[0])
                for r in conn.execute("SELECT undoes FROM dm_log WHERE undoes IS NOT NULL")
            }
            rows = conn.execute(
                f"SELECT {_ENTRY} FROM dm_log ORDER BY seq DESC LIMIT ?",
                (-1 if limit is None else limit,),
            ).fetchall()
        return [self._entry(r, undone=int(r[0]) in undone) for r in reversed(rows)]

    def _entry(self, row: Any, undone: bool) -> LogEntry:
        seq, at, turn, action, who, what, result, seed, before, undoes, record = row
        try:
            names = tuple(str(n) for n in json.loads(who))
        except (ValueError, TypeError):
            names = ()
        event: Event = Logged(str(action), str(what), str(result))
        if record is not None:
            try:
                event = read_event(json.loads(record))
            except (ValueError, TypeError) as exc:  # EventError is a ValueError
                raise CompanionError(
                    f"state file {self.path}: log entry #{seq} is damaged ({exc}); "
                    "leaving it untouched"
                ) from None
        return LogEntry(
            seq=int(seq),
            at=str(at),
            turn=None if turn is None else int(turn),
            action=str(action),
            who=names,
            event=event,
            seed=None if seed is None else int(seed),
            undoable=before is not None,
            undone=undone,
            undoes=None if undoes is None else int(undoes),
        )
