"""The server's view of the state file: documents kept fresh and handed to every live page.

One worker thread does all the reading and writing (an SQLite connection
belongs to one thread); the event loop only waits. The hub looks at the
state file a few times a second (its size and modification time, and those
of the write-ahead log): any commit from anywhere (a key in ``timer run``,
``timer do``, ``table ...`` in another terminal, the dealer's page) changes
them, and the documents are read again. Once a second they are read anyway,
so a level that runs out by time shows up too. A page is sent a document
only when something on it changed besides the ticking seconds, which each
page counts down by itself.
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from queue import SimpleQueue
from typing import Any, TypeVar

from companion.errors import CompanionError
from companion.paths import state_path
from companion.registry import game
from companion.serve.commands import page_buttons
from companion.serve.pages import PlayerPage, clock_document, dealer_page, table_views
from companion.serve.tokens import Tokens, ensure_tokens, fresh_tokens, read_tokens
from companion.statefile import check_file, read_only_reason
from companion.table import TableInfo, TableStore, Transaction, open_store
from companion.table.views import DEALER, PUBLIC, Audience
from companion.ui.render import words  # noqa: F401  (the events in words, for every page)
from companion.ui.render.words.betting import worded

T = TypeVar("T")
POLL_SECONDS = 0.1
REFRESH_SECONDS = 1.0
KEEPALIVE_SECONDS = 15.0
VOLATILE = ("time", "remaining", "elapsed")
"""Keys that change every second: a page counts them down itself."""


def _steady(doc: dict[str, Any]) -> dict[str, Any]:
    """The document without its ticking seconds, for comparing (as values: comparing two
    is a walk in C, where writing each out as sorted JSON cost more than the rest)."""

    def strip(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in VOLATILE}
        return value

    steady: dict[str, Any] = strip(doc)
    return steady


CLOSE_SECONDS = 0.2
"""How long stopping waits for the worker's job in hand before leaving it behind."""


class Worker:
    """One thread that runs the hub's jobs in order (an SQLite connection belongs to one thread).

    A daemon thread, unlike a thread pool's, is never waited for when the
    process exits: the server stops when asked (SIGTERM, Ctrl-C) even while
    a job is still running, and SQLite rolls back whatever it left unfinished.
    """

    def __init__(self) -> None:
        self._jobs: SimpleQueue[tuple[Future[Any], Callable[[], Any]] | None] = SimpleQueue()
        self._closed = False
        self._thread = threading.Thread(target=self._loop, name="companion-serve", daemon=True)
        self._thread.start()

    def submit(self, work: Callable[[], T]) -> Future[T]:
        if self._closed:
            raise RuntimeError("the server's worker has stopped")
        future: Future[T] = Future()
        self._jobs.put((future, work))
        return future

    def _loop(self) -> None:
        while (job := self._jobs.get()) is not None:
            future, work = job
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(work())
            except BaseException as exc:  # handed to whoever waits for the job
                future.set_exception(exc)

    def shutdown(self, timeout: float = CLOSE_SECONDS) -> None:
        """No more jobs; wait up to ``timeout`` seconds for the one in hand, then leave it."""
        self._closed = True
        self._jobs.put(None)
        self._thread.join(timeout)


@dataclass
class Channel:
    """One kind of page: its latest document and the queues of the pages watching it.

    A change is written as an event once, however many pages watch it (``event``): each
    page's queue is handed the same bytes (``b""`` ends the page's stream)."""

    doc: dict[str, Any] = field(default_factory=dict)
    steady: dict[str, Any] | None = None
    version: int = 0
    event: bytes = b""
    listeners: set[asyncio.Queue[bytes]] = field(default_factory=set)


class Stopping(CompanionError):
    """The server is stopping: a request still waiting for the state file is answered so."""


class Hub:
    """The table being served, its tokens and the documents of its pages.

    The table and its tokens are read again from the state file on every
    request and every look at the file (:meth:`verify`): a table deleted
    elsewhere makes every page say so (``gone``), and links replaced by
    ``serve --new-tokens`` in another terminal stop working here too.
    """

    def __init__(self, state: str | Path | None, table: str | None, *, rotate: bool = False):
        self._worker = Worker()
        self._local = threading.local()
        self.state = state
        self.channels: dict[str, Channel] = {}
        self._stopping = False
        self._pending: set[asyncio.Future[Any]] = set()
        self._last_signature: tuple[int, ...] = ()
        self._asked = 0  # reads of the documents asked for so far
        self._answered = 0  # the last of those a finished read began after
        self._reading: tuple[asyncio.AbstractEventLoop, asyncio.Lock] | None = None
        self.gone: str | None = None
        """Why the pages are gone (the served table was deleted), else ``None``."""
        self.read_only: str | None = None
        """Why the state file cannot be changed, when it cannot: the pages only show it."""
        self._revoked = False
        self.table, self.tokens = self._call(lambda: self._open(table))
        if rotate:
            self.rotate_tokens()

    # -- the worker thread ---------------------------------------------------------

    def _store(self) -> TableStore:
        store: TableStore | None = getattr(self._local, "store", None)
        if store is None:
            store = open_store(self.state, write=self.read_only is None)
            self._local.store = store
        return store

    def _call(self, work: Callable[[], T]) -> T:
        return self._worker.submit(work).result()

    async def run(self, work: Callable[[TableStore], T]) -> T:
        """Run ``work(store)`` on the worker thread; CompanionErrors come back as they are.

        When the server stops, a request still waiting is answered at once
        (:class:`Stopping`) rather than held until the worker is free.
        """
        if self._stopping:
            raise Stopping("the server is stopping")
        future = asyncio.wrap_future(self._worker.submit(lambda: work(self._store())))
        self._pending.add(future)
        try:
            return await future
        except asyncio.CancelledError:
            if self._stopping and future.cancelled():
                raise Stopping("the server is stopping") from None
            raise
        finally:
            self._pending.discard(future)

    def _open(self, name: str | None) -> tuple[TableInfo | None, Tokens]:
        """The table to serve and its tokens (made and saved the first time).

        A state file that cannot be changed is served as it is: the tokens saved
        with it (or ones for this run only), and every action refused in one line.
        """
        path = state_path(self.state)
        self.read_only = read_only_reason(path, check_file(path))
        store = self._store()
        with store.transaction(write=self.read_only is None) as tx:
            table = _served_table(tx, name)
            if self.read_only is None:
                return table, ensure_tokens(tx, table)
            saved = read_tokens(tx, table)
        players = () if table is None else table.players
        if saved is None or set(saved.players) != set(players):
            return table, fresh_tokens(players)  # nowhere to keep them: good while this runs
        return table, saved

    def rotate_tokens(self) -> None:
        """New tokens for every page, saved; every old link stops working (``--new-tokens``)."""
        if self.read_only is not None:
            raise CompanionError(f"--new-tokens cannot save new links: {self.read_only}")

        def rotate() -> Tokens:
            with self._store().transaction() as tx:
                return ensure_tokens(tx, self.table, rotate=True)

        self.tokens = self._call(rotate)

    def _verify(self, store: TableStore) -> None:
        """Read the served table's identity and its tokens again (on the worker thread)."""
        if self.gone is not None:
            return
        with store.transaction(write=False) as tx:
            if self.table is not None:
                found = tx.find_table(self.table.name)
                if found is None or found.id != self.table.id:
                    self.gone = GONE.format(name=self.table.name)
                    return
            saved = read_tokens(tx, self.table) if self.read_only is None else self.tokens
        tokens = saved or Tokens("", {})  # tokens taken out of the file: no link works
        if tokens != self.tokens:
            self.tokens = tokens
            self._revoked = True

    async def verify(self) -> None:
        """Take a deleted table or replaced tokens into account before answering a request."""
        await self.run(self._verify)
        self._end_stale_streams()

    def _end_stale_streams(self) -> None:
        """End the live pages that must not go on: every one once the table is gone, and
        the dealer's and players' ones when their links were replaced (the clock's stays)."""
        if self.gone is None and not self._revoked:
            return
        self._revoked = False
        for name, channel in self.channels.items():
            if self.gone is not None or name != "clock":
                for listener in list(channel.listeners):
                    listener.put_nowait(b"")
                channel.listeners.clear()

    @property
    def path(self) -> Path:
        return self._call(lambda: self._store().path)

    # -- documents -----------------------------------------------------------------

    def _documents(self) -> dict[str, dict[str, Any]]:
        from companion.games.clock import clock_of, table_face

        store = self._store()
        table = self.table
        clock = clock_of(store, None if table is None else table.name)
        try:
            view = clock.session.view()
        except CompanionError:
            view = None  # no clock yet
        with store.transaction(write=False) as tx:
            info = None if table is None else tx.table(table.name)
            views = {} if info is None else table_views(tx, info, worded)  # once for every page
            face = table_face(tx, info, store.clock()) if view is None and info else None
            clock_doc = clock_document(view, table, views.get(PUBLIC), face)
            docs = {"clock": clock_doc}
            docs["dealer"] = dealer_page(tx, info, clock_doc, views.get(DEALER)).to_json()
            if info is not None:
                rules = game(info.game)
                now = rules.page_actions_now(tx, info) if rules.page_actions else {}
                seen = tx.last_entry_id(info)
                for player in info.players:
                    seat = views[Audience.seat(player)]
                    buttons = tuple(page_buttons(now.get(player, ())))
                    docs[f"player:{player}"] = PlayerPage(clock_doc, seat, buttons, seen).to_json()
        return docs

    def _signature(self) -> tuple[int, ...]:
        path = self._store().path
        out: list[int] = []
        for name in (path, Path(f"{path}-wal")):
            try:
                st = os.stat(name)
            except OSError:
                out += [0, 0]
            else:
                out += [st.st_mtime_ns, st.st_size]
        return tuple(out)

    def refresh(self) -> dict[str, dict[str, Any]]:
        """Read every document again (on the worker thread) and note the file's signature."""
        self._last_signature = self._signature()
        self._verify(self._store())
        return {} if self.gone is not None else self._documents()

    def _read_lock(self) -> asyncio.Lock:
        """One read of the documents at a time (a lock of the running loop's own)."""
        loop = asyncio.get_running_loop()
        if self._reading is None or self._reading[0] is not loop:
            self._reading = (loop, asyncio.Lock())
        return self._reading[1]

    async def update(self, *, force: bool = False) -> int:
        """Read the documents again; send those that changed. Returns how many were sent.

        Reads asked for while one is under way are answered by a single read after it
        (the first to begin once they asked): an action, the watcher and a page opening
        at the same moment read the state file once, not once each."""
        self._asked += 1
        ticket = self._asked
        async with self._read_lock():
            if ticket <= self._answered and not force:
                return 0  # a read that began after this ask has sent what changed
            answers = self._asked
            docs = await self.run(lambda _store: self.refresh())
            self._answered = answers
            return self._send(docs, force=force)

    def _send(self, docs: dict[str, dict[str, Any]], *, force: bool) -> int:
        self._end_stale_streams()
        sent = 0
        for name, doc in docs.items():
            channel = self.channels.setdefault(name, Channel())
            steady = _steady(doc)
            if steady == channel.steady and not force:
                channel.doc = {**doc, "version": channel.version}
                continue
            channel.version += 1
            channel.doc, channel.steady = {**doc, "version": channel.version}, steady
            channel.event = _event(channel.doc)
            for queue in list(channel.listeners):
                queue.put_nowait(channel.event)
                sent += 1
        return sent

    async def watch(self) -> None:
        """Look at the state file until stopped; read again on a change and once a second."""
        last = time.monotonic()
        while not self._stopping and self.gone is None:
            await asyncio.sleep(POLL_SECONDS)
            try:
                signature = await self.run(lambda _store: self._signature())
                now = time.monotonic()
                if signature != self._last_signature or now - last >= REFRESH_SECONDS:
                    last = now
                    await self.update()
            except CompanionError:
                pass  # the file is busy or changing (or the server stopping): look again

    def stop(self) -> None:
        """End every live page and answer every request still waiting: the server stops."""
        self._stopping = True
        for channel in self.channels.values():
            for queue in list(channel.listeners):
                queue.put_nowait(b"")
        for future in list(self._pending):
            future.cancel()

    def close(self) -> None:
        """Close the state file and stop the worker, waiting a moment at most for a job
        still running (a stop is never held up by a request)."""

        def shut() -> None:
            store: TableStore | None = getattr(self._local, "store", None)
            if store is not None:
                store.close()

        try:
            self._worker.submit(shut).result(timeout=CLOSE_SECONDS)
        except (RuntimeError, TimeoutError):
            self._worker.shutdown(timeout=0)  # busy with a job that would hold the stop up
        else:
            self._worker.shutdown()

    # -- live pages ----------------------------------------------------------------

    def current(self, name: str) -> dict[str, Any]:
        channel = self.channels.get(name)
        return {} if channel is None else channel.doc

    async def stream(self, name: str) -> AsyncIterator[bytes]:
        """Server-sent events for one page: its document now, then each change."""
        channel = self.channels.setdefault(name, Channel())
        queue: asyncio.Queue[bytes] = asyncio.Queue()
        await self.update()  # the page starts from the state of this moment
        channel.listeners.add(queue)
        try:
            yield _event(channel.doc)
            while not self._stopping:
                try:
                    event = await asyncio.wait_for(queue.get(), KEEPALIVE_SECONDS)
                except TimeoutError:
                    yield b": still here\n\n"
                    continue
                if not event:
                    break
                yield event
        finally:
            channel.listeners.discard(queue)


GONE = (
    "table '{name}' was deleted: this server has nothing more to show "
    "(start 'companion serve' again for another table)"
)


def _served_table(tx: Transaction, name: str | None) -> TableInfo | None:
    """The named table, else the current one, else none (the clock kept without a table)."""
    if name is not None:
        return tx.table(name)
    current = tx.current_table_name()
    return tx.find_table(current) if current else None


def _event(doc: dict[str, Any]) -> bytes:
    return f"data: {json.dumps(doc, separators=(',', ':'))}\n\n".encode()
