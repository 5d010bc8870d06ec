"""The table store: one SQLite file holding every table, its piles and its history.

Every change happens inside :meth:`TableStore.transaction`, which opens with
``BEGIN IMMEDIATE``: the write lock is taken before anything is read, so two
terminals drawing from the same deck queue up instead of both seeing the same
top card, and a crash mid-command leaves the last committed state intact.

The file is opened by :mod:`companion.statefile`, which checks it before
anything is written to it: a file that is not an SQLite database, an SQLite
database of another program, a damaged one or one written by a newer
companion is refused with a one-line error and left exactly as it was. The
table schema is its component ``table``.

>>> import tempfile, pathlib
>>> store = open_store(pathlib.Path(tempfile.mkdtemp()) / "state.sqlite3")
>>> with store.transaction() as tx:
...     tx.put_state(None, "timer", "clock", {"level": 2})
>>> with store.transaction(write=False) as tx:
...     tx.get_state(None, "timer", "clock")
{'level': 2}
>>> store.close()
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from companion.errors import CompanionError
from companion.events import Event, EventError, read_event_text
from companion.paths import state_path
from companion.statefile import BUSY_TIMEOUT, Component, Migration, StateFile, check_file, script
from companion.table.events import Recorded, Undone
from companion.table.model import (
    PILES,
    CardCopy,
    HistoryEntry,
    TableInfo,
    name_key,
)

Clock = Callable[[], float]

# Each step takes the schema from version i to i + 1 (index i). A new schema
# version appends a step; old files are upgraded in one transaction on open.
SCHEMA_V1 = f"""
CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE tables (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,
    name    TEXT NOT NULL UNIQUE COLLATE NOCASE,
    game    TEXT NOT NULL,
    seed    INTEGER NOT NULL,
    options TEXT NOT NULL DEFAULT '{{}}',
    created REAL NOT NULL
);
CREATE TABLE players (
    table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    name     TEXT NOT NULL COLLATE NOCASE,
    PRIMARY KEY (table_id, seat),
    UNIQUE (table_id, name)
);
-- One row per physical card: a card only ever moves between piles, so the
-- number of copies of each card never changes after setup.
CREATE TABLE cards (
    table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    deck     TEXT NOT NULL,
    copy     INTEGER NOT NULL,
    card_id  TEXT NOT NULL,
    pile     TEXT NOT NULL CHECK (pile IN ({", ".join(repr(p) for p in PILES)})),
    holder   TEXT,
    pos      INTEGER NOT NULL,
    PRIMARY KEY (table_id, deck, copy)
);
CREATE INDEX cards_by_pile ON cards (table_id, deck, pile, pos);
CREATE TABLE kv (
    table_id  INTEGER NOT NULL,
    namespace TEXT NOT NULL,
    key       TEXT NOT NULL,
    value     TEXT NOT NULL,
    PRIMARY KEY (table_id, namespace, key)
);
CREATE TABLE history (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    at       REAL NOT NULL,
    actor    TEXT,
    action   TEXT NOT NULL,
    summary  TEXT NOT NULL,
    data     TEXT NOT NULL DEFAULT '{{}}',
    undo     TEXT,
    undoes   INTEGER
);
CREATE INDEX history_by_table ON history (table_id, id);
CREATE TRIGGER history_never_changes BEFORE UPDATE ON history
BEGIN SELECT RAISE(ABORT, 'the history is append-only'); END;
CREATE TRIGGER history_stays_while_table_exists BEFORE DELETE ON history
WHEN EXISTS (SELECT 1 FROM tables WHERE id = OLD.table_id)
BEGIN SELECT RAISE(ABORT, 'the history is append-only'); END;
"""

SCHEMA_V2 = """
ALTER TABLE tables ADD COLUMN seed_text TEXT;
UPDATE tables SET seed_text = CAST(seed AS TEXT);
"""
"""Schema 2: seeds run from 0 to 2^64 - 1, past the largest SQLite INTEGER (2^63 - 1), so
each is kept exactly as text. Changing the type of ``seed`` itself would mean rebuilding
``tables``, which the other tables point at, with foreign keys off, and they cannot be
switched off inside the migration's transaction; so ``seed`` stays and holds the same 64
bits read as a signed number. A seed of an older file (negative ones too) reads as it was."""


def schema_v3(conn: sqlite3.Connection) -> None:
    """Schema 3: each history entry holds its typed event (``event``, the event's JSON).

    The entries already written keep their action, sentence and data as a
    :class:`~companion.table.events.Recorded` event; the ``summary`` and ``data``
    columns stay as they were for them and are left empty by newer entries.
    The history is append-only: the trigger that guards it is lifted for this
    one step only, inside the migration's transaction.
    """
    conn.execute("ALTER TABLE history ADD COLUMN event TEXT")
    conn.execute("DROP TRIGGER history_never_changes")
    rows = conn.execute("SELECT id, actor, action, summary, data FROM history").fetchall()
    for entry_id, actor, action, summary, data in rows:
        try:
            kept = json.loads(data)
        except ValueError:
            kept = {}
        event = Recorded(
            str(action), str(summary), actor, kept if isinstance(kept, dict) else {}
        ).fields_json()
        conn.execute(
            "UPDATE history SET event = ? WHERE id = ?",
            (json.dumps(event, sort_keys=True), entry_id),
        )
    conn.execute(_NEVER_CHANGES)


_NEVER_CHANGES = """CREATE TRIGGER history_never_changes BEFORE UPDATE ON history
BEGIN SELECT RAISE(ABORT, 'the history is append-only'); END"""

MIGRATIONS: tuple[Migration, ...] = (script(SCHEMA_V1), script(SCHEMA_V2), schema_v3)
SCHEMA_VERSION = len(MIGRATIONS)

_TABLE_ROW = "SELECT id, name, game, COALESCE(seed_text, seed), options, created FROM tables"
_HISTORY_ROW = (
    "SELECT id, at, actor, event, CASE WHEN undo IS NULL THEN NULL ELSE 1 END, undoes FROM history"
)
"""The columns a history entry is read from, in :func:`_entry`'s order (of the undo journal
only whether there is one: an entry shown never needs the journal itself)."""

_UNDO_ROW = "SELECT id, at, actor, event, undo, undoes FROM history"
"""An entry with its undo journal (what :meth:`Transaction.undo_last` reverts)."""


def signed64(seed: int) -> int:
    """The 64 bits of a seed from 0 to 2^64 - 1 read as a signed number (SQLite's INTEGER).

    >>> signed64(7), signed64(2**64 - 1)
    (7, -1)
    """
    return seed - 2**64 if seed >= 2**63 else seed


def open_store(
    state: str | Path | None = None,
    *,
    clock: Clock = time.time,
    migrations: Sequence[Migration] = MIGRATIONS,
    write: bool = True,
) -> TableStore:
    """Open (creating or upgrading) the state file named by ``--state``/env/default.

    ``write=False`` only reads: nothing is created (no file yet reads as no
    tables), and a read-only file or folder can be read.
    """
    return TableStore(state_path(state), clock=clock, migrations=migrations, write=write)


class TableStore:
    """One open state file. Not shared between threads; cheap to open per command."""

    def __init__(
        self,
        path: Path,
        *,
        clock: Clock = time.time,
        migrations: Sequence[Migration] = MIGRATIONS,
        write: bool = True,
    ) -> None:
        self.path = Path(path)
        self.clock = clock
        self._component = Component("table", tuple(migrations))
        if write:
            # Checks the file, then creates or upgrades the table schema (statefile does both).
            self._file = StateFile(self.path, [self._component], timeout=BUSY_TIMEOUT)
        else:
            self._file = self._reader()

    def _reader(self) -> StateFile:
        """The file opened for reading; an empty store in memory when it holds no tables yet."""
        if check_file(self.path):
            state = StateFile(self.path, timeout=BUSY_TIMEOUT, write=False)
            if state.version(self._component) > 0:
                state.install(self._component)  # an older schema is upgraded first
                return state
            state.close()
        return StateFile.empty([self._component])

    def __repr__(self) -> str:
        return f"<TableStore {str(self.path)!r}>"

    def __enter__(self) -> TableStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._file.close()

    @property
    def schema_version(self) -> int:
        return self._file.version(self._component)

    @contextmanager
    def transaction(self, *, write: bool = True) -> Iterator[Transaction]:
        """``BEGIN IMMEDIATE`` (or a read snapshot); commit on success, roll back on error."""
        with self._file.transaction(write=write) as conn:
            tx = Transaction(self, conn, write=write)
            try:
                yield tx
            finally:
                tx.closed = True


_NO_VALUE = object()


class Transaction:
    """The operations of one transaction. Card moves and undoable state are journaled
    so that :meth:`record` can store how to undo them."""

    def __init__(self, store: TableStore, conn: sqlite3.Connection, *, write: bool) -> None:
        self.store = store
        self._conn = conn
        self.write = write
        self.closed = False
        self.journal: list[list[Any]] = []
        self._journaled_cards: set[tuple[int, str, int]] = set()

    def __repr__(self) -> str:
        return f"<Transaction on {str(self.store.path)!r}{' (read)' if not self.write else ''}>"

    def _sql(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Cursor:
        if self.closed:
            raise RuntimeError("this transaction is over; open a new one")
        if not self.write and not sql.lstrip().upper().startswith("SELECT"):
            raise RuntimeError("a read-only transaction cannot change the store")
        return self._conn.execute(sql, params)

    def execute(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Cursor:
        """Run SQL of another subsystem on its own tables (named ``<subsystem>_...``) in this
        transaction, so its writes commit or roll back together with the table's."""
        return self._sql(sql, params)

    # -- settings --------------------------------------------------------------

    def setting(self, key: str) -> str | None:
        row = self._sql("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def set_setting(self, key: str, value: str | None) -> None:
        if value is None:
            self._sql("DELETE FROM settings WHERE key = ?", (key,))
        else:
            self._sql("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", (key, value))

    # -- tables ------------------------------------------------------------------

    def tables(self) -> list[TableInfo]:
        rows = self._sql(f"{_TABLE_ROW} ORDER BY created, id").fetchall()
        return [self._table_from_row(row) for row in rows]

    def find_table(self, name: str) -> TableInfo | None:
        """The table whose name matches ``name`` as :func:`name_key` compares them."""
        wanted = name_key(name)
        rows = self._sql(_TABLE_ROW).fetchall()
        row = next((r for r in rows if name_key(str(r[1])) == wanted), None)
        return None if row is None else self._table_from_row(row)

    def current_table_name(self) -> str | None:
        return self.setting("current_table")

    def table(self, name: str | None = None) -> TableInfo:
        """The named table, or the current one; a clear error when there is none."""
        if name is not None and not name.strip():
            raise CompanionError("the table name is empty; give a table's name")
        if name is None:
            current = self.current_table_name()
            if current is None:
                raise CompanionError(
                    "no table chosen: create one with 'companion table new NAME --game G --players a,b' "
                    "or pass --table NAME"
                )
            found = self.find_table(current)
            if found is None:
                raise CompanionError(
                    f"the current table '{current}' no longer exists; pass --table NAME"
                )
            return found
        found = self.find_table(name)
        if found is None:
            known = ", ".join(t.name for t in self.tables()) or "none yet"
            raise CompanionError(f"no table named '{name}' (tables: {known})")
        return found

    def _table_from_row(self, row: Sequence[Any]) -> TableInfo:
        players = tuple(
            r[0]
            for r in self._sql(
                "SELECT name FROM players WHERE table_id = ? ORDER BY seat", (row[0],)
            )
        )
        return TableInfo(
            id=int(row[0]),
            name=str(row[1]),
            game=str(row[2]),
            seed=int(row[3]),
            players=players,
            options=json.loads(row[4]),
            created=float(row[5]),
        )

    def create_table(
        self, name: str, game: str, players: Sequence[str], seed: int, options: dict[str, Any]
    ) -> TableInfo:
        if self.find_table(name) is not None:
            raise CompanionError(
                f"a table named '{name}' already exists; pick another name or delete it first"
            )
        cursor = self._sql(
            "INSERT INTO tables (name, game, seed, seed_text, options, created) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (
                name,
                game,
                signed64(seed),
                str(seed),
                json.dumps(options, sort_keys=True),
                self.store.clock(),
            ),
        )
        table_id = int(cursor.lastrowid or 0)
        for seat, player in enumerate(players, start=1):
            self._sql(
                "INSERT INTO players (table_id, seat, name) VALUES (?, ?, ?)",
                (table_id, seat, player),
            )
        return self.table(name)

    def reseat(self, table: TableInfo, players: Sequence[str]) -> TableInfo:
        """The same players in a new seat order (a game that draws for seats); undone with
        the action that did it. Returns the table as it now sits."""
        if sorted(map(name_key, players)) != sorted(map(name_key, table.players)):
            raise CompanionError(f"a new seating holds the same players as '{table.name}'")
        self.journal.append(["seats", table.id, list(table.players)])
        self._seat(table.id, players)
        return self.table(table.name)

    def _seat(self, table_id: int, players: Sequence[str]) -> None:
        self._sql("DELETE FROM players WHERE table_id = ?", (table_id,))
        for seat, player in enumerate(players, start=1):
            self._sql(
                "INSERT INTO players (table_id, seat, name) VALUES (?, ?, ?)",
                (table_id, seat, player),
            )

    def delete_table(self, table: TableInfo) -> None:
        self._sql("DELETE FROM kv WHERE table_id = ?", (table.id,))
        # Deleting the table first lets the history trigger allow its rows to go.
        self._sql("DELETE FROM tables WHERE id = ?", (table.id,))
        if name_key(self.current_table_name() or "") == name_key(table.name):
            self.set_setting("current_table", None)

    def set_current(self, table: TableInfo | None) -> None:
        self.set_setting("current_table", None if table is None else table.name)

    # -- cards -------------------------------------------------------------------

    def add_cards(
        self, table: TableInfo, deck: str, card_ids: Sequence[str], pile: str = "draw"
    ) -> None:
        """Create the physical cards of a deck (at setup), top of the pile first."""
        start = self._sql(
            "SELECT coalesce(max(copy), 0) FROM cards WHERE table_id = ? AND deck = ?",
            (table.id, deck),
        ).fetchone()[0]
        self._conn.executemany(
            "INSERT INTO cards (table_id, deck, copy, card_id, pile, holder, pos) VALUES (?, ?, ?, ?, ?, NULL, ?)",
            [
                (table.id, deck, start + i + 1, card_id, pile, i)
                for i, card_id in enumerate(card_ids)
            ],
        )

    def decks(self, table: TableInfo) -> list[str]:
        """The decks present at this table, in setup order."""
        rows = self._sql(
            "SELECT deck FROM cards WHERE table_id = ? GROUP BY deck ORDER BY min(rowid)",
            (table.id,),
        )
        return [str(r[0]) for r in rows]

    def pile(
        self, table: TableInfo, deck: str | None, pile: str, holder: str | None = None
    ) -> list[CardCopy]:
        """The cards of one pile, top (or first received) first; all decks when ``deck`` is None."""
        sql = "SELECT deck, copy, card_id, pile, holder, pos FROM cards WHERE table_id = ? AND pile = ?"
        params: list[Any] = [table.id, pile]
        if deck is not None:
            sql += " AND deck = ?"
            params.append(deck)
        if holder is not None:
            sql += " AND holder = ?"
            params.append(holder)
        sql += " ORDER BY pos, deck, copy"
        return [CardCopy(*row) for row in self._sql(sql, params)]

    def cards(self, table: TableInfo, deck: str | None = None) -> list[CardCopy]:
        """Every physical card of the table (or one deck), grouped by pile."""
        sql = "SELECT deck, copy, card_id, pile, holder, pos FROM cards WHERE table_id = ?"
        params: list[Any] = [table.id]
        if deck is not None:
            sql += " AND deck = ?"
            params.append(deck)
        return [
            CardCopy(*row) for row in self._sql(sql + " ORDER BY deck, pile, pos, copy", params)
        ]

    def count(self, table: TableInfo, deck: str, pile: str) -> int:
        return int(
            self._sql(
                "SELECT count(*) FROM cards WHERE table_id = ? AND deck = ? AND pile = ?",
                (table.id, deck, pile),
            ).fetchone()[0]
        )

    def top(
        self, table: TableInfo, deck: str, pile: str = "draw", *, bottom: bool = False
    ) -> CardCopy | None:
        order = "DESC" if bottom else "ASC"
        row = self._sql(
            "SELECT deck, copy, card_id, pile, holder, pos FROM cards "
            f"WHERE table_id = ? AND deck = ? AND pile = ? ORDER BY pos {order}, copy {order} LIMIT 1",
            (table.id, deck, pile),
        ).fetchone()
        return None if row is None else CardCopy(*row)

    def move(
        self,
        table: TableInfo,
        card: CardCopy,
        pile: str,
        holder: str | None = None,
        *,
        where: str = "end",
    ) -> CardCopy:
        """Move one card onto a pile: ``where`` is ``top`` or ``end`` (bottom / last received)."""
        if pile not in PILES:
            raise ValueError(f"unknown pile {pile!r}")
        self._journal_card(table, card)
        bound = "min(pos) - 1" if where == "top" else "max(pos) + 1"
        pos = self._sql(
            f"SELECT coalesce({bound}, 0) FROM cards WHERE table_id = ? AND deck = ? AND pile = ?",
            (table.id, card.deck, pile),
        ).fetchone()[0]
        self._sql(
            "UPDATE cards SET pile = ?, holder = ?, pos = ? WHERE table_id = ? AND deck = ? AND copy = ?",
            (pile, holder, pos, table.id, card.deck, card.copy),
        )
        return CardCopy(card.deck, card.copy, card.card_id, pile, holder, int(pos))

    def arrange(
        self, table: TableInfo, cards: Sequence[CardCopy], pile: str, holder: str | None = None
    ) -> None:
        """Put ``cards`` (all of one deck) in this order, first on top, above the rest of ``pile``."""
        if not cards:
            return
        deck = cards[0].deck
        if any(c.deck != deck for c in cards):
            raise ValueError("arrange() takes the cards of one deck")
        if pile not in PILES:
            raise ValueError(f"unknown pile {pile!r}")
        moving = {c.copy for c in cards}
        rows = self._sql(
            "SELECT copy, pos FROM cards WHERE table_id = ? AND deck = ? AND pile = ?",
            (table.id, deck, pile),
        ).fetchall()
        floor = min((pos for copy, pos in rows if copy not in moving), default=0)
        start = floor - len(cards)
        for offset, card in enumerate(cards):
            self._journal_card(table, card)
            self._sql(
                "UPDATE cards SET pile = ?, holder = ?, pos = ? WHERE table_id = ? AND deck = ? AND copy = ?",
                (pile, holder, start + offset, table.id, deck, card.copy),
            )

    def _journal_card(self, table: TableInfo, card: CardCopy) -> None:
        key = (table.id, card.deck, card.copy)
        if key in self._journaled_cards:
            return
        row = self._sql(
            "SELECT pile, holder, pos FROM cards WHERE table_id = ? AND deck = ? AND copy = ?",
            (table.id, card.deck, card.copy),
        ).fetchone()
        if row is None:
            raise ValueError(f"no card {card.deck}#{card.copy} at table {table.name!r}")
        self._journaled_cards.add(key)
        self.journal.append(["card", card.deck, card.copy, row[0], row[1], row[2]])

    # -- small state -------------------------------------------------------------

    def get_state(
        self, table: TableInfo | None, namespace: str, key: str, default: Any = None
    ) -> Any:
        row = self._sql(
            "SELECT value FROM kv WHERE table_id = ? AND namespace = ? AND key = ?",
            (_table_key(table), namespace, key),
        ).fetchone()
        return default if row is None else json.loads(row[0])

    def put_state(
        self,
        table: TableInfo | None,
        namespace: str,
        key: str,
        value: Any,
        *,
        undoable: bool = False,
    ) -> None:
        """Keep a JSON value under (table, namespace, key); ``table`` None means no table."""
        encoded = json.dumps(value, sort_keys=True)
        if undoable:
            self._journal_state(table, namespace, key)
        self._sql(
            "INSERT OR REPLACE INTO kv (table_id, namespace, key, value) VALUES (?, ?, ?, ?)",
            (_table_key(table), namespace, key, encoded),
        )

    def delete_state(
        self, table: TableInfo | None, namespace: str, key: str, *, undoable: bool = False
    ) -> None:
        if undoable:
            self._journal_state(table, namespace, key)
        self._sql(
            "DELETE FROM kv WHERE table_id = ? AND namespace = ? AND key = ?",
            (_table_key(table), namespace, key),
        )

    def _journal_state(self, table: TableInfo | None, namespace: str, key: str) -> None:
        row = self._sql(
            "SELECT value FROM kv WHERE table_id = ? AND namespace = ? AND key = ?",
            (_table_key(table), namespace, key),
        ).fetchone()
        self.journal.append(
            ["kv", _table_key(table), namespace, key, None if row is None else row[0]]
        )

    # -- history -----------------------------------------------------------------

    def record(
        self,
        table: TableInfo,
        event: Event,
        *,
        actor: str | None = None,
        undoable: bool = True,
        undoes: int | None = None,
    ) -> HistoryEntry:
        """Append one history entry holding ``event``; it carries how to undo the changes
        journaled since the previous entry of this transaction."""
        undo = json.dumps(self.journal) if undoable else None
        at = self.store.clock()
        cursor = self._sql(
            "INSERT INTO history (table_id, at, actor, action, summary, data, undo, undoes, event) "
            "VALUES (?, ?, ?, ?, '', '{}', ?, ?, ?)",
            (
                table.id,
                at,
                actor,
                event.kind,
                undo,
                undoes,
                json.dumps(event.fields_json(), sort_keys=True),
            ),
        )
        self.journal = []
        self._journaled_cards = set()
        return HistoryEntry(
            id=int(cursor.lastrowid or 0),
            at=at,
            actor=actor,
            event=event,
            undoable=undo is not None,
            undoes=undoes,
        )

    def history(
        self, table: TableInfo, limit: int | None = None, *, since: int | None = None
    ) -> list[HistoryEntry]:
        """The table's history, oldest first.

        ``since``: only the entries after entry number ``since``; ``limit``: at most that
        many, the last ones (with ``since``: the first ones after it, so that a reader pages
        forward). Both are done in SQL, so reading the end of a long evening's history
        costs what reading a fresh one does.
        """
        if limit is not None and limit <= 0:
            return []
        sql = f"{_HISTORY_ROW} WHERE table_id = ?"
        params: list[Any] = [table.id]
        if since is not None:
            sql += " AND id > ?"
            params.append(since)
        newest_first = limit is not None and since is None
        sql += " ORDER BY id DESC" if newest_first else " ORDER BY id"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        rows = self._sql(sql, params).fetchall()
        if newest_first:
            rows.reverse()
        return [_entry(row, table) for row in rows]

    def last_entry_id(self, table: TableInfo) -> int:
        """The number of the table's newest history entry (0 before the first), read
        without decoding any entry (a page's "seen" mark, what a command wrote after it)."""
        row = self._sql("SELECT MAX(id) FROM history WHERE table_id = ?", [table.id]).fetchone()
        return int(row[0] or 0)

    def history_entries(self, table: TableInfo, ids: Iterable[int]) -> dict[int, HistoryEntry]:
        """The entries of ``table`` with these numbers (an undo's target, say), by number."""
        wanted = sorted(set(ids))
        found: dict[int, HistoryEntry] = {}
        for start in range(0, len(wanted), 500):  # SQLite bounds the parameters of a query
            chunk = wanted[start : start + 500]
            marks = ", ".join("?" * len(chunk))
            rows = self._sql(
                f"{_HISTORY_ROW} WHERE table_id = ? AND id IN ({marks})", [table.id, *chunk]
            )
            found.update((int(row[0]), _entry(row, table)) for row in rows)
        return found

    def next_undo(self, table: TableInfo) -> HistoryEntry | None:
        """The action ``undo_last`` would revert now (``None``: nothing to undo)."""
        target = self._undo_target(table)
        return None if target is None else _entry(target, table)

    def _undo_target(self, table: TableInfo) -> Sequence[Any] | None:
        # Newest first: an undo comes after the entry it undid, so walking back meets it
        # first; the walk stops at the target, which over an evening sits near the end.
        # Only numbers are read on the way; the target's whole row once it is found.
        undone: set[int] = set()
        rows = self._sql(
            "SELECT id, undo IS NOT NULL, undoes FROM history WHERE table_id = ? ORDER BY id DESC",
            (table.id,),
        )
        for entry_id, undoable, undoes in rows:
            if undoes is not None:
                undone.add(int(undoes))
            elif undoable and int(entry_id) not in undone:
                row = self._sql(
                    f"{_UNDO_ROW} WHERE table_id = ? AND id = ?", (table.id, entry_id)
                ).fetchone()
                return tuple(row)
        return None

    def undo_last(self, table: TableInfo, actor: str | None = None) -> HistoryEntry:
        """Revert the last undoable action not undone yet; the undo is recorded too."""
        target = self._undo_target(table)
        if target is None:
            raise CompanionError(f"nothing to undo at table '{table.name}'")
        entry = _entry(target, table)
        for op in reversed(json.loads(target[4])):
            if op[0] == "card":
                _, deck, copy, pile, holder, pos = op
                self._sql(
                    "UPDATE cards SET pile = ?, holder = ?, pos = ? WHERE table_id = ? AND deck = ? AND copy = ?",
                    (pile, holder, pos, table.id, deck, copy),
                )
            elif op[0] == "seats":
                self._seat(op[1], op[2])
            elif op[0] == "kv":
                _, table_key, namespace, key, value = op
                if value is None:
                    self._sql(
                        "DELETE FROM kv WHERE table_id = ? AND namespace = ? AND key = ?",
                        (table_key, namespace, key),
                    )
                else:
                    self._sql(
                        "INSERT OR REPLACE INTO kv (table_id, namespace, key, value) VALUES (?, ?, ?, ?)",
                        (table_key, namespace, key, value),
                    )
        self.journal = []
        self._journaled_cards = set()
        self.record(
            table,
            Undone(entry.id, entry.event),
            actor=actor,
            undoable=False,
            undoes=entry.id,
        )
        return entry


def _table_key(table: TableInfo | None) -> int:
    return 0 if table is None else table.id


def _entry(row: Sequence[Any], table: TableInfo) -> HistoryEntry:
    """One history row as its entry; a row whose event cannot be read is a one-line error."""
    try:
        event = read_event_text(row[3])
    except (TypeError, ValueError) as exc:  # EventError, bad JSON, a NULL event
        reason = str(exc) if isinstance(exc, EventError) else "its event is not readable JSON"
        raise CompanionError(
            f"history entry #{row[0]} of table '{table.name}' is damaged ({reason}); "
            "the state file was changed by something other than companion"
        ) from None
    return HistoryEntry(
        id=int(row[0]),
        at=float(row[1]),
        actor=row[2],
        event=event,
        undoable=row[4] is not None,
        undoes=row[5],
    )
