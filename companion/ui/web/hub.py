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
import contextlib
import json
import os
import threading
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from companion.errors import CompanionError
from companion.serve.pages import PlayerPage, clock_document, dealer_page, table_views
from companion.serve.tokens import Tokens, ensure_tokens
from companion.table import TableInfo, TableStore, open_store
from companion.table.views import DEALER, PUBLIC, Audience
from companion.ui.render import words  # noqa: F401  (the events in words, for every page)

T = TypeVar("T")
POLL_SECONDS = 0.1
REFRESH_SECONDS = 1.0
KEEPALIVE_SECONDS = 15.0
VOLATILE = ("time", "remaining", "elapsed")
"""Keys that change every second: a page counts them down itself."""


def _steady(doc: dict[str, Any]) -> str:
    """The document without its ticking seconds, for comparing."""

    def strip(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in VOLATILE}
        return value

    return json.dumps(strip(doc), sort_keys=True)


@dataclass
class Channel:
    """One kind of page: its latest document and the queues of the pages watching it."""

    doc: dict[str, Any] = field(default_factory=dict)
    steady: str = ""
    version: int = 0
    listeners: set[asyncio.Queue[dict[str, Any]]] = field(default_factory=set)


class Hub:
    """The table being served, its tokens and the documents of its pages."""

    def __init__(self, state: str | Path | None, table: str | None, *, rotate: bool = False):
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="companion-serve")
        self._local = threading.local()
        self.state = state
        self.channels: dict[str, Channel] = {}
        self.table, self.tokens = self._call(lambda: self._open(table, rotate))
        self._stopping = False
        self._last_signature: tuple[int, ...] = ()

    # -- the worker thread ---------------------------------------------------------

    def _store(self) -> TableStore:
        store: TableStore | None = getattr(self._local, "store", None)
        if store is None:
            store = open_store(self.state)
            self._local.store = store
        return store

    def _call(self, work: Callable[[], T]) -> T:
        return self._worker.submit(work).result()

    async def run(self, work: Callable[[TableStore], T]) -> T:
        """Run ``work(store)`` on the worker thread; CompanionErrors come back as they are."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._worker, lambda: work(self._store()))

    def _open(self, name: str | None, rotate: bool) -> tuple[TableInfo | None, Tokens]:
        store = self._store()
        with store.transaction() as tx:
            if name is not None:
                table: TableInfo | None = tx.table(name)
            else:
                current = tx.current_table_name()
                table = tx.find_table(current) if current else None
            tokens = ensure_tokens(tx, table, rotate=rotate)
        return table, tokens

    @property
    def path(self) -> Path:
        return self._call(lambda: self._store().path)

    # -- documents -----------------------------------------------------------------

    def _documents(self) -> dict[str, dict[str, Any]]:
        from companion.games.clock import clock_of

        store = self._store()
        table = self.table
        clock = clock_of(store, None if table is None else table.name)
        try:
            view = clock.session.view()
        except CompanionError:
            view = None  # no clock yet
        with store.transaction(write=False) as tx:
            info = None if table is None else tx.table(table.name)
            views = {} if info is None else table_views(tx, info)  # read once for every page
            clock_doc = clock_document(view, table, views.get(PUBLIC))
            docs = {"clock": clock_doc}
            docs["dealer"] = dealer_page(tx, info, clock_doc, views.get(DEALER)).to_json()
            if info is not None:
                for player in info.players:
                    seat = views[Audience.seat(player)]
                    docs[f"player:{player}"] = PlayerPage(clock_doc, seat).to_json()
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
        return self._documents()

    async def update(self, *, force: bool = False) -> int:
        """Read the documents again; send those that changed. Returns how many were sent."""
        docs = await self.run(lambda _store: self.refresh())
        sent = 0
        for name, doc in docs.items():
            channel = self.channels.setdefault(name, Channel())
            steady = _steady(doc)
            if steady == channel.steady and not force:
                channel.doc = {**doc, "version": channel.version}
                continue
            channel.version += 1
            channel.doc, channel.steady = {**doc, "version": channel.version}, steady
            for queue in list(channel.listeners):
                queue.put_nowait(channel.doc)
                sent += 1
        return sent

    async def watch(self) -> None:
        """Look at the state file until stopped; read again on a change and once a second."""
        last = time.monotonic()
        while not self._stopping:
            await asyncio.sleep(POLL_SECONDS)
            signature = await self.run(lambda _store: self._signature())
            now = time.monotonic()
            if signature != self._last_signature or now - last >= REFRESH_SECONDS:
                last = now
                try:
                    await self.update()
                except CompanionError:
                    pass  # the file is busy or changing: the next look reads it

    def stop(self) -> None:
        self._stopping = True
        for channel in self.channels.values():
            for queue in list(channel.listeners):
                queue.put_nowait({})

    def close(self) -> None:
        def shut() -> None:
            store: TableStore | None = getattr(self._local, "store", None)
            if store is not None:
                store.close()

        with contextlib.suppress(RuntimeError):
            self._call(shut)
        self._worker.shutdown(wait=True)

    # -- live pages ----------------------------------------------------------------

    def current(self, name: str) -> dict[str, Any]:
        channel = self.channels.get(name)
        return {} if channel is None else channel.doc

    async def stream(self, name: str) -> AsyncIterator[str]:
        """Server-sent events for one page: its document now, then each change."""
        channel = self.channels.setdefault(name, Channel())
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        await self.update()  # the page starts from the state of this moment
        channel.listeners.add(queue)
        try:
            yield _event(channel.doc)
            while not self._stopping:
                try:
                    doc = await asyncio.wait_for(queue.get(), KEEPALIVE_SECONDS)
                except TimeoutError:
                    yield ": still here\n\n"
                    continue
                if not doc:
                    break
                yield _event(doc)
        finally:
            channel.listeners.discard(queue)


def _event(doc: dict[str, Any]) -> str:
    return f"data: {json.dumps(doc, separators=(',', ':'))}\n\n"
