"""How fast a change reaches every live page of ``companion serve``.

Run: ``python benchmarks/serve.py [--changes N] [--clients 1,10,50]``.

A Dungeon Poker table with a running clock is served by ``companion serve
--port 0 --json`` in a process of its own, on the loopback only. For each
number of clients, that many live clock pages (server-sent event streams)
are opened; then the clock is moved on ``N`` times from this process, as
``companion timer do next`` in another terminal would (the same library
call, its own store). The latency of one update is the time from the
change's commit to the moment a client has read the event that shows the
new level. It prints p50 and p95 (milliseconds) per client count.

The peer, measured in the same run: a bare server-sent event broadcast
written with asyncio alone (no state file, no documents), which hands the
same number of clients a message the moment it is told to. Its latency is
the floor of the transport; the ratio says what watching the state file
and making the documents cost on top.

Every request goes to 127.0.0.1; each run is bounded in count and time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TIMEOUT = 10.0  # seconds a client waits for one update before the run is called failed


_WRITERS: list[asyncio.StreamWriter] = []  # a writer dropped closes its connection


async def _open_stream(host: str, port: int, path: str) -> asyncio.StreamReader:
    reader, writer = await asyncio.open_connection(host, port)
    _WRITERS.append(writer)
    writer.write(
        f"GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n".encode()
    )
    await writer.drain()
    while (await reader.readline()) not in (b"\r\n", b""):
        pass  # the response's headers
    return reader


async def _next_event(reader: asyncio.StreamReader) -> dict[str, object]:
    """The next ``data:`` line of a (chunked) event stream, as JSON."""
    while True:
        line = await reader.readline()
        if not line:
            raise ConnectionError("the stream ended")
        text = line.decode().strip()
        if text.startswith("data: "):
            data: dict[str, object] = json.loads(text[6:])
            return data


def _percentiles(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return statistics.median(ordered), p95


# -- companion serve ------------------------------------------------------------------------


def _start_server(state: Path) -> tuple[subprocess.Popen[str], str, int]:
    env = dict(os.environ, COMPANION_STATE=str(state), PYTHONPATH=str(ROOT))
    run = [sys.executable, "-m", "companion"]
    for args in (
        [
            "table",
            "new",
            "bench",
            "--game",
            "dungeon-poker",
            "--players",
            "ann,bo,cy",
            "--seed",
            "1",
        ],
        ["timer", "run"],
    ):
        subprocess.run(
            run + args, env=env, check=True, capture_output=True, stdin=subprocess.DEVNULL
        )
    server = subprocess.Popen(
        run + ["serve", "--port", "0", "--json"],
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert server.stdout is not None
    text = ""
    while True:
        line = server.stdout.readline()
        if not line:
            raise RuntimeError("companion serve did not start")
        text += line
        try:
            urls = json.loads(text)
            break
        except ValueError:
            continue
    host_port = urls["clock"].split("/")[2]
    host, port = host_port.rsplit(":", 1)
    return server, host, int(port)


def _move_clock(state: Path, action: str) -> float:
    """One change from "another terminal": the clock moved, committed; returns the commit time."""
    from companion.games.clock import open_clock
    from companion.timer.commands import do_actions

    with open_clock(state, None) as clock:
        do_actions(clock.session, [action])
    return time.perf_counter()


async def _measure_serve(
    host: str, port: int, state: Path, clients: int, changes: int
) -> list[float]:
    streams = [await _open_stream(host, port, "/events/clock") for _ in range(clients)]
    levels = [await _next_event(s) for s in streams]  # each page's first document
    level = int(str(levels[0]["level"]))
    samples: list[float] = []
    for step in range(changes):
        action = "next" if step % 2 == 0 else "previous"
        wanted = level + 1 if action == "next" else level - 1
        committed = await asyncio.to_thread(_move_clock, state, action)

        async def until(reader: asyncio.StreamReader, wanted: int = wanted) -> float:
            while True:
                doc = await _next_event(reader)
                if doc.get("level") == wanted:
                    return time.perf_counter()

        arrived = await asyncio.wait_for(asyncio.gather(*(until(s) for s in streams)), TIMEOUT)
        samples += [(t - committed) * 1000 for t in arrived]
        level = wanted
        await asyncio.sleep(0.05)
    _close_all()
    return samples


def _close_all() -> None:
    for writer in _WRITERS:
        writer.close()
    _WRITERS.clear()


# -- the peer: a bare broadcast -------------------------------------------------------------


async def _measure_peer(clients: int, changes: int) -> list[float]:
    queues: list[asyncio.Queue[bytes]] = []

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while (await reader.readline()) not in (b"\r\n", b""):
            pass
        writer.write(b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n\r\n")
        queue: asyncio.Queue[bytes] = asyncio.Queue()
        queues.append(queue)
        try:
            while True:
                message = await queue.get()
                if not message:
                    break
                writer.write(message)
                await writer.drain()
        finally:
            writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    streams = [await _open_stream("127.0.0.1", port, "/") for _ in range(clients)]
    while len(queues) < clients:
        await asyncio.sleep(0.01)
    samples: list[float] = []
    for step in range(changes):
        sent = time.perf_counter()
        message = f"data: {json.dumps({'level': step})}\n\n".encode()
        for queue in queues:
            queue.put_nowait(message)
        arrived = await asyncio.gather(*(_next_event(s) for s in streams))
        now = time.perf_counter()
        samples += [(now - sent) * 1000 for _ in arrived]
        await asyncio.sleep(0.01)
    for queue in queues:
        queue.put_nowait(b"")
    _close_all()
    server.close()
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--changes", type=int, default=20, help="changes per client count")
    parser.add_argument("--clients", default="1,10,50", help="client counts, comma separated")
    args = parser.parse_args()
    counts = [int(c) for c in args.clients.split(",")]
    changes = max(1, min(args.changes, 200))
    with tempfile.TemporaryDirectory() as folder:
        state = Path(folder) / "state.sqlite3"
        server, host, port = _start_server(state)
        try:
            print(
                f"{'clients':>7} {'serve p50':>10} {'serve p95':>10} {'peer p50':>9} {'peer p95':>9} {'p95 ratio':>9}"
            )
            for clients in counts:
                ours = asyncio.run(_measure_serve(host, port, state, clients, changes))
                peer = asyncio.run(_measure_peer(clients, changes))
                (p50, p95), (q50, q95) = _percentiles(ours), _percentiles(peer)
                print(
                    f"{clients:>7} {p50:>8.1f}ms {p95:>8.1f}ms {q50:>7.2f}ms {q95:>7.2f}ms "
                    f"{p95 / max(q95, 1e-6):>8.0f}x"
                )
            print(f"({changes} changes per row; the target is p95 under 500 ms with 50 clients)")
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
