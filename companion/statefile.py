"""The one SQLite state file that the table store, the timer, Dungeon Master and Dungeon of D share.

Each subsystem is a :class:`Component`: a name, the prefix of its tables and
an ordered tuple of migrations (step ``i`` takes its tables from version ``i``
to ``i + 1``). The versions live in one small table of the file,
``companion_schema(component, version)``; ``PRAGMA application_id`` marks the
file as companion's and ``PRAGMA user_version`` is the layout of the file
itself (:data:`FILE_FORMAT`).

:class:`StateFile` opens the file. Before SQLite may write anything it
refuses, each time with a one-line :class:`~companion.errors.CompanionError`
naming the file and leaving it byte for byte as it was: a folder, a file that
is not SQLite, another program's SQLite file, a damaged file, and a file
whose layout or component schema comes from a newer companion. It then
turns on WAL (readers go on while another terminal writes), a busy timeout
and foreign keys. :meth:`StateFile.transaction` is ``BEGIN IMMEDIATE`` for a
write (the write lock is taken before anything is read, so two terminals
queue up instead of both acting on the same old state) or a read snapshot;
any exception rolls everything back.

Several processes may open, read, write and checkpoint the file at once. A
database is read through SQLite only, never through a handle of our own, so
opening the file again never costs this process's other connections their
locks (see :func:`check_file`), and the checks of an opening read one state
of the file (one read transaction).

>>> import tempfile, pathlib
>>> NOTES = Component("notes", (script("CREATE TABLE notes_text (body TEXT NOT NULL)"),), prefix="notes_")
>>> path = pathlib.Path(tempfile.mkdtemp()) / "new" / "state.sqlite3"
>>> with StateFile(path, [NOTES]) as state:
...     with state.transaction() as conn:
...         _ = conn.execute("INSERT INTO notes_text VALUES ('bring snacks')")
...     with state.transaction(write=False) as conn:
...         conn.execute("SELECT body FROM notes_text").fetchall()
...     state.version(NOTES)
[('bring snacks',)]
1

A store that opens the file for one command uses :func:`write_transaction`
and :func:`read_transaction`; a read creates nothing and gets ``None`` when
there is nothing to read:

>>> with write_transaction(path, NOTES) as conn:
...     _ = conn.execute("INSERT INTO notes_text VALUES ('and cards')")
>>> with read_transaction(path.with_name("absent.sqlite3"), NOTES) as conn:
...     conn is None
True
>>> path.with_name("absent.sqlite3").exists()
False
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import sqlite3
import stat
import time
import urllib.parse
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from companion.errors import CompanionError
from companion.fileio import (
    can_write_in,
    disk_full,
    first_existing,
    is_read_only,
    read_only_mount,
)

APPLICATION_ID = 0x436F6D70  # "Comp": marks the file as companion's (PRAGMA application_id)
FILE_FORMAT = 1  # PRAGMA user_version: the layout of the file (companion_schema), not a component's
SQLITE_MAGIC = b"SQLite format 3\x00"
SQLITE_SMALLEST = 512
"""The smallest page SQLite writes: a shorter file that is not empty is no database (SQLite
itself would take a one-byte file for a new one and write over it)."""
BUSY_TIMEOUT = 30.0
"""Seconds a command waits for another terminal's write before giving up: one value for the
table, the timer, Dungeon Master and Dungeon of D alike."""
QUICK_CHECK_LIMIT = 64 * 1024 * 1024
"""Files up to this size get SQLite's ``quick_check`` before a command first writes them
(a few milliseconds for a usual state file), so damage is found before anything is written."""
WAL_SWITCH_PAUSE = 0.01
"""Seconds between two tries at switching a file to WAL while another connection writes."""
SNAPSHOT_ATTEMPTS = 3
"""How many times the opening checks of a read-only snapshot are taken again when someone
else's write moved the file under them, before giving up with "try again"."""
SCHEMA_TABLE = "companion_schema"

Migration = Callable[[sqlite3.Connection], None]
"""One schema step; it runs inside the migration's transaction (never COMMIT in it)."""


def script(sql: str) -> Migration:
    """A migration running the statements of ``sql`` one by one.

    ``executescript`` would commit first, so a failing step could leave half a
    schema behind; this runs inside the migration's transaction instead.

    >>> conn = sqlite3.connect(":memory:")
    >>> script("CREATE TABLE a (x);\\n-- a comment; with a semicolon\\nCREATE TABLE b (y)")(conn)
    >>> [row[0] for row in conn.execute("SELECT name FROM sqlite_master ORDER BY name")]
    ['a', 'b']
    """
    statements = _statements(sql)

    def step(conn: sqlite3.Connection) -> None:
        for statement in statements:
            conn.execute(statement)

    return step


def _statements(sql: str) -> list[str]:
    out: list[str] = []
    buffer = ""
    for line in sql.splitlines(keepends=True):
        if line.strip().startswith("--"):
            continue
        buffer += line
        if sqlite3.complete_statement(buffer):
            out.append(buffer.strip())
            buffer = ""
    if buffer.strip():
        out.append(buffer.strip())
    return out


@dataclass(frozen=True)
class Component:
    """A subsystem's share of the state file: its tables and how to build them.

    ``prefix`` (``"timer_"``, ``"dm_"``...) names its tables; a file holding
    such tables without a recorded version was not written by companion and
    is refused. The table store's tables predate the rule and have none.

    >>> Component("dm", (script("CREATE TABLE dm_x (a)"),), prefix="dm_")
    Component('dm', version 1, tables dm_*)
    """

    name: str
    migrations: tuple[Migration, ...]
    prefix: str = ""

    def __repr__(self) -> str:
        tables = f", tables {self.prefix}*" if self.prefix else ""
        return f"Component({self.name!r}, version {self.version}{tables})"

    @property
    def version(self) -> int:
        """The schema version this companion writes: the number of migrations."""
        return len(self.migrations)


def check_file(path: Path) -> bool:
    """Refuse, before SQLite opens it, anything that cannot be a state file.

    Returns whether the file exists (an empty file counts as a new one).

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> check_file(folder / "absent.sqlite3")
    False
    >>> _ = (folder / "notes.txt").write_text("bread, milk")
    >>> check_file(folder / "notes.txt")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    companion.errors.CompanionError: state file .../notes.txt is not an SQLite database (damaged or another kind of file); it was left untouched: move it away or pass another --state
    """
    info = _stat(path)
    if info is None:
        return False
    if stat.S_ISDIR(info.st_mode):
        raise CompanionError(f"state file {path} is a folder; pass a file with --state")
    if not stat.S_ISREG(info.st_mode):
        raise CompanionError(f"state file {path} is not a regular file; pass another --state")
    if info.st_size == 0:
        return True  # a new file (perhaps being created by a connection of this process)
    if info.st_size >= SQLITE_SMALLEST and _sqlite_reads_header(path):
        return True
    # Too short to be a database, or SQLite found none there: the first bytes say why. No
    # connection can be using such a file, so a descriptor of our own is safe here.
    try:
        with path.open("rb") as handle:
            head = handle.read(len(SQLITE_MAGIC))
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise CompanionError(f"cannot read state file {path}: {exc.strerror or exc}") from exc
    if head and head != SQLITE_MAGIC:
        raise CompanionError(
            f"state file {path} is not an SQLite database (damaged or another kind of file); "
            "it was left untouched: move it away or pass another --state"
        )
    return True


def _sqlite_reads_header(path: Path) -> bool:
    """Whether SQLite, reading only the header, takes ``path`` for a database (or a new one).

    The header is read through SQLite, never through a descriptor of our own: closing *any*
    descriptor of a file drops every POSIX lock the process holds on it, those of its open
    SQLite connections included. ``companion serve`` keeps the table open while it opens the
    file again for the timer; a bare ``open``/``close`` there silently cost its connection
    the lock that tells other terminals it is reading, and the next terminal to close took
    itself for the last one: it folded the journal into the file and deleted ``-wal`` and
    ``-shm`` under the server's feet (a false "damaged" in the next opening, and lost or
    mixed writes). SQLite keeps its own descriptors open while locks are held on the file,
    so an ``immutable=1`` probe (no lock, no journal, nothing written) is safe.

    Only the header's fixed bytes decide "not a database" (SQLite's ``NOTADB``), so a page
    being rewritten by another terminal at the same moment cannot fool it. ``False`` means
    "look at the bytes": no database there, or SQLite could not open it at all.
    """
    try:
        probe = sqlite3.connect(_uri(path, "immutable=1"), uri=True, isolation_level=None)
        try:
            probe.execute("PRAGMA schema_version").fetchone()
        finally:
            probe.close()
    except sqlite3.DatabaseError as exc:
        name = str(getattr(exc, "sqlite_errorname", ""))
        return not name.startswith(("SQLITE_NOTADB", "SQLITE_CANTOPEN", "SQLITE_IOERR"))
    return True


def _uri(path: Path, query: str) -> str:
    return "file:" + urllib.parse.quote(str(path.absolute())) + "?" + query


def _stat(path: Path) -> os.stat_result | None:
    """``os.stat`` of the state file, ``None`` when it is not there; one-line errors else."""
    try:
        return os.stat(path)
    except FileNotFoundError:
        return None
    except PermissionError:
        folder = _nearest_folder(path)
        raise CompanionError(
            f"cannot reach state file {path}: no permission to enter folder {folder}; "
            "pass another --state"
        ) from None
    except OSError as exc:
        if exc.errno == errno.ENOTDIR:
            raise CompanionError(
                f"cannot reach state file {path}: a part of its path is a file, not a folder"
            ) from None
        if exc.errno == errno.ELOOP:
            raise CompanionError(f"cannot reach state file {path}: a symlink loop") from None
        raise CompanionError(f"cannot reach state file {path}: {exc.strerror or exc}") from None


def _nearest_folder(path: Path) -> Path:
    """The deepest folder above ``path`` that can be looked into (where the trouble starts)."""
    for folder in path.absolute().parents:
        try:
            os.stat(folder)
        except OSError:
            continue
        if os.access(folder, os.X_OK):
            # Its child on the way to ``path`` is the one that refuses us, if any.
            rest = path.absolute().relative_to(folder).parts
            return folder / rest[0] if len(rest) > 1 else folder
    return path.parent


def read_only_reason(path: Path, exists: bool) -> str | None:
    """Why the state file at ``path`` cannot be changed, or ``None`` when it can.

    A file or folder without any write bit counts as read-only even for
    root (``chmod a-w`` is how a user says "keep it as it is").
    """
    mount = read_only_mount(path)
    if mount is not None:
        return f"state file {path} cannot be changed: the file system it is on ({mount}) is mounted read-only"
    if exists:
        info = os.stat(path)
        if is_read_only(info.st_mode, path):
            return f"state file {path} is read-only (no write permission on the file)"

    folder = first_existing(path.parent)
    if os.path.isdir(folder) and not can_write_in(folder):
        what = "its folder" if folder == path.parent.absolute() else "the folder it would go in,"
        return (
            f"state file {path} cannot be changed: {what} {folder} is read-only "
            "(SQLite keeps its journal beside the file)"
        )
    return None


def first_write_problem(path: Path) -> str | None:
    """Why the first write to a state file at ``path`` would be refused, or ``None``.

    The checks :class:`StateFile` makes before it writes, in the same order,
    with nothing opened or created: ``companion doctor`` asks this.
    """
    try:
        return read_only_reason(path, check_file(path))
    except CompanionError as exc:
        return exc.message


def _unreadable(problem: str) -> bool:
    """Whether a ``quick_check`` finding is a page SQLite failed to read, not a wrong page.

    >>> _unreadable("*** in database main *** Page 17: unable to get the page. error code=522")
    True
    >>> _unreadable("*** in database main *** Page 6: btreeInitPage() returns error code 11")
    False
    """
    found = re.search(r"unable to get the page\. error code=(\d+)", problem)
    return found is not None and int(found.group(1)) & 0xFF not in _DAMAGE_CODES


_DAMAGE_CODES = (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)


Fingerprint = tuple[tuple[int, int, int, int, int] | None, ...]


def _fingerprint(path: Path) -> Fingerprint:
    """What changes when anyone writes the file or its journal: identity, size, times."""
    out: list[tuple[int, int, int, int, int] | None] = []
    for one in (path, path.with_name(path.name + "-wal")):
        try:
            info = os.stat(one)
        except OSError:
            out.append(None)
            continue
        out.append((info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns))
    return tuple(out)


class StateFile:
    """One open connection to the state file; a context manager that closes it.

    ``components`` are brought to their current schema on opening (the file
    and its folders are created if needed). Not shared between threads at
    once; cheap enough to open once per command.
    """

    def __init__(
        self,
        path: str | Path,
        components: Sequence[Component] = (),
        *,
        timeout: float = BUSY_TIMEOUT,
        write: bool = True,
    ) -> None:
        self.path = Path(path)
        self._timeout = timeout
        exists = check_file(self.path)
        self.read_only = read_only_reason(self.path, exists)
        """Why the file cannot be changed (``None``: it can); it is then opened immutable."""
        self._touched = False
        self._snapshot: Fingerprint = ()
        """The file as it was when a read-only snapshot of it passed the opening checks."""
        if write and self.read_only:
            raise CompanionError(self._refusal())
        if self.read_only and not exists:
            raise CompanionError(f"state file {self.path} does not exist")
        with self.errors():
            self._conn = self._connect(timeout)
        self._wal = False
        self._checked = False
        """Whether the quick check ran: at opening for writing, before the first write else."""
        try:
            with self.errors():
                self._prepare(timeout, check=write)
            for component in components if write else ():
                self.install(component)
        except BaseException:
            self._conn.close()
            raise

    @classmethod
    def empty(cls, components: Sequence[Component] = ()) -> StateFile:
        """A state file in memory with ``components`` installed: what a reader sees of a
        file that does not exist yet (nothing is created on disk)."""
        state = cls.__new__(cls)
        state.path = Path(":memory:")
        state.read_only = None
        state._touched = False
        state._timeout = BUSY_TIMEOUT
        state._snapshot = ()
        state._wal = True  # a memory database keeps its journal in memory
        state._checked = True
        state._conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        state._conn.execute("PRAGMA foreign_keys = ON")
        for component in components:
            state.install(component)
        return state

    def _connect(self, timeout: float) -> sqlite3.Connection:
        if self.read_only is None:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise CompanionError(
                    f"cannot create the folder of state file {self.path}: {exc.strerror or exc}"
                ) from exc
            return sqlite3.connect(
                self.path, timeout=timeout, isolation_level=None, check_same_thread=False
            )
        # A file we may not change is read as an immutable snapshot: no lock, and no -wal or
        # -shm file is made beside it (a read-only -shm left behind would block later writes).
        journal = self.path.with_name(self.path.name + "-wal")
        if os.path.exists(journal) and journal.stat().st_size > 0:
            raise CompanionError(
                f"{self.read_only}, and its journal {journal} still holds changes that are not "
                "in the file yet; make it writable once so that companion can fold them in"
            )
        return sqlite3.connect(
            _uri(self.path, "immutable=1"),
            uri=True,
            timeout=timeout,
            isolation_level=None,
            check_same_thread=False,
        )

    def _refusal(self) -> str:
        reason = str(self.read_only)
        if "mounted read-only" in reason:
            return f"{reason}; this command changes it: mount it writable or pass another --state"
        fix = "that folder" if "folder" in reason else "the file"
        return f"{reason}; this command changes it: make {fix} writable or pass another --state"

    def __repr__(self) -> str:
        return f"<StateFile {str(self.path)!r}>"

    def __enter__(self) -> StateFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._conn.close()

    # -- opening -------------------------------------------------------------

    def _prepare(self, timeout: float, *, check: bool) -> None:
        # Connection settings only: nothing is written to the file before it passed every check.
        self._conn.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
        if self.read_only:
            self._check_snapshot(timeout)
        else:
            with self._one_state():
                self._check_identity()
                if check:
                    self._quick_check()
        self._conn.execute("PRAGMA synchronous = NORMAL")
        self._conn.execute("PRAGMA foreign_keys = ON")

    def _check_snapshot(self, timeout: float) -> None:
        """The opening checks on an immutable snapshot, taken again when the file moved under them.

        ``immutable=1`` tells SQLite that nobody changes the file, and takes no lock. A file
        this user cannot change may still be changed by its owner; pages read half before
        and half after such a write look damaged. A verdict counts only when the file and
        its journal were the same before and after the checks.
        """
        for _ in range(SNAPSHOT_ATTEMPTS):
            before = _fingerprint(self.path)
            try:
                with self.errors(), self._one_state():
                    self._check_identity()
                    self._quick_check()
                self._snapshot = before
                self._checked = True
                return
            except CompanionError:
                if _fingerprint(self.path) == before:
                    raise
            self._conn.close()
            self._conn = self._connect(timeout)  # refuses a journal that now holds changes
            self._conn.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
        raise CompanionError(self._changing())

    @contextlib.contextmanager
    def _one_state(self) -> Iterator[None]:
        """Several reads that must agree, made in one read transaction (unless one is open).

        Each statement outside a transaction reads the file as it is at that moment: the
        checks of an opening would otherwise see the application id from before another
        terminal created the file and its tables from after, and refuse the file as
        another program's.
        """
        conn = self._conn
        if conn.in_transaction:
            yield
            return
        conn.execute("BEGIN DEFERRED")
        try:
            yield
        except BaseException:
            self._rollback()
            raise
        conn.execute("COMMIT")

    def _changing(self) -> str:
        return (
            f"state file {self.path} changed while companion read it ({self.read_only}, so it "
            "is read as a snapshot, but another user or program is writing it); try again"
        )

    def _quick_check(self) -> None:
        """SQLite's ``quick_check`` on a file small enough for it to be cheap (most are).

        It runs in one read transaction, so under SQLite's locks it sees one committed
        state whatever other terminals write or checkpoint meanwhile. A page it could not
        *read* (an I/O error, a short read) is no proof of damage: that is said as such.
        """
        try:
            size = os.stat(self.path).st_size
        except OSError:
            return
        self._checked = True
        if size == 0 or size > QUICK_CHECK_LIMIT:
            return
        rows = self._conn.execute("PRAGMA quick_check(1)").fetchall()
        if rows == [("ok",)]:
            return
        problem = " ".join(str(rows[0][0]).split()) if rows else "no answer"
        if _unreadable(problem):
            raise CompanionError(
                f"cannot read state file {self.path} (SQLite's quick check: {problem}); "
                f"{_UNTOUCHED}: check the disk and try again"
            )
        raise CompanionError(
            _DAMAGED.format(
                path=self.path, text=f"SQLite's quick check: {problem}", fate=_UNTOUCHED
            )
        )

    def _use_wal(self) -> None:
        """Switch the file to WAL before the first write of this connection.

        WAL lets readers go on while another terminal writes. The mode is kept
        in the file's header, so it is set only once the file was found to be
        companion's and of a version this companion knows.
        """
        if self._wal:
            return
        self._touched = True
        # The switch upgrades a read lock to a write lock; while another connection holds a
        # write transaction SQLite then answers BUSY at once instead of waiting (waiting while
        # holding a read lock could deadlock). Nothing changed, so trying again is right.
        deadline = time.monotonic() + self._timeout
        while self._conn.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
            try:
                self._conn.execute("PRAGMA journal_mode = WAL")
                break
            except sqlite3.OperationalError as exc:
                if exc.sqlite_errorname != "SQLITE_BUSY" or time.monotonic() >= deadline:
                    raise
            time.sleep(WAL_SWITCH_PAUSE)
        self._wal = True

    def _check_before_writing(self) -> None:
        """The quick check of a file opened for reading, before its first write.

        A read checks only the pages it reads (SQLite reports damage there as it
        meets it), so that a page's reads over a long evening do not cost the size
        of the whole file; a write first checks every page, as an opening for
        writing does.
        """
        if not self._checked:
            with self._one_state():
                self._quick_check()

    def _check_identity(self) -> None:
        conn = self._conn
        app_id = conn.execute("PRAGMA application_id").fetchone()[0]
        layout = conn.execute("PRAGMA user_version").fetchone()[0]
        has_tables = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] > 0
        if app_id != APPLICATION_ID and (has_tables or app_id != 0 or layout != 0):
            raise CompanionError(
                f"state file {self.path} is an SQLite database of another program, not companion's; "
                "it was left untouched: pass another --state"
            )
        if layout > FILE_FORMAT:
            raise CompanionError(
                f"state file {self.path} was written by a newer companion (file format {layout}, "
                f"this companion reads version {FILE_FORMAT}); it was left untouched: upgrade companion"
            )

    # -- schema versions -----------------------------------------------------

    def version(self, component: Component) -> int:
        """The schema version of ``component`` in the file (0: not there yet).

        Raises for a version newer than this companion knows, and for tables
        with the component's prefix that no companion recorded.
        """
        with self.errors(), self._one_state():
            conn = self._conn
            known = conn.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (SCHEMA_TABLE,)
            ).fetchone()
            row = None
            if known:
                row = conn.execute(
                    f"SELECT version FROM {SCHEMA_TABLE} WHERE component = ?", (component.name,)
                ).fetchone()
            version = int(row[0]) if row else 0
            if version > component.version:
                raise CompanionError(
                    f"state file {self.path} was written by a newer companion ({component.name} schema "
                    f"version {version}, this companion reads version {component.version}); "
                    "it was left untouched: upgrade companion"
                )
            if version == 0 and component.prefix and self._has_tables(component.prefix):
                raise CompanionError(
                    f"state file {self.path} has {component.prefix} tables that companion did not write; "
                    "it was left untouched: pass another --state"
                )
            return version

    def _has_tables(self, prefix: str) -> bool:
        row = self._conn.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND substr(name, 1, ?) = ?",
            (len(prefix), prefix),
        ).fetchone()
        return row is not None

    def install(self, component: Component) -> None:
        """Bring ``component`` to its current schema, running the missing migrations in order.

        They run in one ``BEGIN IMMEDIATE`` transaction, and the version is read
        again under that lock: when two processes open an old file at once,
        the second finds the work done. A failing step leaves the file at its
        old version.
        """
        if self.version(component) == component.version:
            return
        if self.read_only:
            raise CompanionError(
                f"{self.read_only}; it comes from an older companion and must be upgraded "
                "before use, which changes it: make it writable once"
            )
        conn = self._conn
        with self.errors():
            self._check_before_writing()
        self._touched = True
        with self.errors():
            conn.execute("BEGIN IMMEDIATE")
            try:
                self._check_identity()
                version = self.version(component)
                if version < component.version:
                    conn.execute(
                        f"CREATE TABLE IF NOT EXISTS {SCHEMA_TABLE} "
                        "(component TEXT PRIMARY KEY, version INTEGER NOT NULL)"
                    )
                    self._migrate(component, version)
                    conn.execute(
                        f"INSERT OR REPLACE INTO {SCHEMA_TABLE} (component, version) VALUES (?, ?)",
                        (component.name, component.version),
                    )
                    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                    conn.execute(f"PRAGMA user_version = {FILE_FORMAT}")
                conn.execute("COMMIT")
            except BaseException:
                self._rollback()
                raise
            self._use_wal()

    def _migrate(self, component: Component, version: int) -> None:
        steps = component.migrations[version:]
        for number, step in enumerate(steps, start=version + 1):
            try:
                step(self._conn)
            except sqlite3.DatabaseError as exc:
                if describe_sqlite_error(self.path, exc) is not None:
                    raise
                raise CompanionError(
                    f"cannot upgrade state file {self.path} to {component.name} schema {number} "
                    f"({exc}); it was left as it was"
                ) from exc

    # -- transactions ----------------------------------------------------------

    @contextlib.contextmanager
    def transaction(self, *, write: bool = True) -> Iterator[sqlite3.Connection]:
        """``BEGIN IMMEDIATE`` (or a read snapshot); commit on success, roll back on any exception.

        Do not nest transactions, and never open one while another connection
        of this process holds the write lock on the same file: it would wait
        out the busy timeout.
        """
        conn = self._conn
        if write and self.read_only:
            raise CompanionError(self._refusal())
        with self.errors():
            if write:
                self._check_before_writing()
                self._use_wal()
            conn.execute("BEGIN IMMEDIATE" if write else "BEGIN DEFERRED")
            try:
                yield conn
            except BaseException:
                self._rollback()
                raise
            conn.execute("COMMIT")

    def _rollback(self) -> None:
        if self._conn.in_transaction:
            # A failing rollback (a vanished disk) must not hide the error that caused it.
            with contextlib.suppress(sqlite3.Error):
                self._conn.execute("ROLLBACK")

    @contextlib.contextmanager
    def errors(self) -> Iterator[None]:
        """Turn SQLite's complaints about the file into one-line errors naming it.

        A mistake in our own SQL (no such table, a constraint) is a bug and
        passes through unchanged.
        """
        try:
            yield
        except CompanionError:
            raise
        except sqlite3.DatabaseError as exc:
            message = describe_sqlite_error(self.path, exc, untouched=not self._touched)
            if message is None:
                raise
            if self._snapshot and _is_damage(exc) and _fingerprint(self.path) != self._snapshot:
                message = self._changing()  # a torn snapshot, not a damaged file
            raise CompanionError(message) from exc


@contextlib.contextmanager
def read_transaction(
    path: str | Path, component: Component, *, timeout: float = BUSY_TIMEOUT
) -> Iterator[sqlite3.Connection | None]:
    """A read snapshot of ``component``'s tables in the state file at ``path``.

    It creates nothing: ``None`` when the file or the component's tables are
    not there yet (tables of an older version are upgraded first).
    """
    path = Path(path)
    if not check_file(path):
        yield None
        return
    with StateFile(path, timeout=timeout, write=False) as state:
        if state.version(component) == 0:
            yield None
            return
        state.install(component)
        with state.transaction(write=False) as conn:
            yield conn


@contextlib.contextmanager
def write_transaction(
    path: str | Path, component: Component, *, timeout: float = BUSY_TIMEOUT
) -> Iterator[sqlite3.Connection]:
    """One ``BEGIN IMMEDIATE`` transaction on ``component``'s tables in the state file at
    ``path``, creating the file and the tables first when needed."""
    with StateFile(path, [component], timeout=timeout) as state, state.transaction() as conn:
        yield conn


_BUSY = (
    "state file {path} is busy or locked (another command held it longer than "
    f"{BUSY_TIMEOUT:g} s); try again"
)
_PROBLEMS = {
    "SQLITE_BUSY": _BUSY,
    "SQLITE_LOCKED": _BUSY,
    "SQLITE_READONLY": "state file {path} cannot be written (a read-only file, folder or disk); "
    "pass a writable --state",
    "SQLITE_CANTOPEN": "cannot open state file {path}: check that its folder exists and is writable",
    "SQLITE_FULL": "cannot write state file {path}: the disk is full",
    "SQLITE_IOERR": "cannot write state file {path}: disk error ({text})",
    "SQLITE_IOERR_READ": "cannot read state file {path}: disk error ({text})",
    "SQLITE_IOERR_SHORT_READ": "cannot read state file {path}: disk error ({text})",
    "SQLITE_PERM": "state file {path} cannot be written: permission denied",
}
_READ_ONLY_MOUNT = (
    "cannot write state file {path}: the file system it is on ({mount}) is mounted read-only; "
    "pass a writable --state"
)
_DAMAGED = "state file {path} is damaged or not a database ({text}); {fate}: move it away or pass another --state"
_UNTOUCHED = "it was left untouched"
_ROLLED_BACK = "this command's changes to it were rolled back"


def describe_sqlite_error(
    path: Path, exc: sqlite3.DatabaseError, *, untouched: bool = True
) -> str | None:
    """A one-line message for a problem with the file itself; ``None`` for a bug in our SQL.

    ``untouched``: nothing was written to the file yet (else the message says
    that this command's changes were rolled back, not that the file is as it was).

    >>> describe_sqlite_error(Path("s.sqlite3"), sqlite3.DatabaseError("file is not a database"))
    'state file s.sqlite3 is damaged or not a database (file is not a database); it was left untouched: move it away or pass another --state'
    >>> describe_sqlite_error(Path("s.sqlite3"), sqlite3.OperationalError("no such table: x")) is None
    True
    """
    name = str(getattr(exc, "sqlite_errorname", ""))
    base = "_".join(name.split("_")[:2])  # SQLITE_IOERR_WRITE -> SQLITE_IOERR
    if base in ("SQLITE_IOERR", "SQLITE_READONLY", "SQLITE_CANTOPEN"):
        mount = read_only_mount(path)
        if mount is not None:
            return _READ_ONLY_MOUNT.format(path=path, mount=mount)
        if base == "SQLITE_IOERR" and disk_full(path):
            name = "SQLITE_FULL"  # a full disk met while growing the journal or its index
    for key in (name, base):
        if key in _PROBLEMS:
            return _PROBLEMS[key].format(path=path, text=exc)
    if _is_damage(exc):
        return _DAMAGED.format(path=path, text=exc, fate=_UNTOUCHED if untouched else _ROLLED_BACK)
    return None


def _is_damage(exc: sqlite3.DatabaseError) -> bool:
    """Whether SQLite says the file's content is wrong (not that it could not reach it)."""
    name = str(getattr(exc, "sqlite_errorname", ""))
    return (
        name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or type(exc) is sqlite3.DatabaseError
    )


__all__ = [
    "APPLICATION_ID",
    "BUSY_TIMEOUT",
    "FILE_FORMAT",
    "QUICK_CHECK_LIMIT",
    "SNAPSHOT_ATTEMPTS",
    "Component",
    "Migration",
    "StateFile",
    "check_file",
    "describe_sqlite_error",
    "first_write_problem",
    "read_only_reason",
    "read_transaction",
    "script",
    "write_transaction",
]
