"""How fast a change reaches every live page of ``companion serve``.

Run: ``python benchmarks/serve.py [--changes N] [--clients 1,10,50] [--phones 50]
[--actions 30] [--only clock|betting]``.

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

Then a betting action from a phone (``--phones`` 50, ``--actions`` 30): a
full Dungeon Poker table (seven players) tracks its No-Limit betting, its
first deal dealt; the 50 phones are live players' pages (each player's page
open several times), with the TV's clock page and the dealer's page beside
them. The player to act posts their action from their page's link, as the
page's script does (a JSON POST with the step the page saw); a sample is
one screen's wait, from the POST sent to its stream's first document that
shows the action. A betting round that closes is taken back with the
dealer's undo (not measured), so the same deal goes on. The peer is the same
bare broadcast with as many screens. The server's CPU time over the run is
printed too, since on a busy machine the wait says as much about the other
processes as about the server.

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
from typing import Any
from urllib.parse import urlsplit

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


def _companion(state: Path, *args: str) -> str:
    env = dict(os.environ, COMPANION_STATE=str(state), PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-m", "companion", *args],
        env=env,
        check=True,
        capture_output=True,
        stdin=subprocess.DEVNULL,
        text=True,
    )
    return done.stdout


def _clock_table(state: Path) -> None:
    _companion(
        state,
        "table",
        "new",
        "bench",
        "--game",
        "dungeon-poker",
        "--players",
        "ann,bo,cy",
        "--seed",
        "1",
    )
    _companion(state, "timer", "run")


def _start_server(state: Path) -> tuple[subprocess.Popen[str], dict[str, Any]]:
    env = dict(os.environ, COMPANION_STATE=str(state), PYTHONPATH=str(ROOT))
    server = subprocess.Popen(
        [sys.executable, "-m", "companion", "serve", "--port", "0", "--json"],
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
            return server, json.loads(text)
        except ValueError:
            continue


def _address(urls: dict[str, Any]) -> tuple[str, int]:
    host, port = str(urls["clock"]).split("/")[2].rsplit(":", 1)
    return host, int(port)


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


# -- a betting action from a phone, to every screen ---------------------------------------------

SEATS = ("ann", "bo", "cy", "dee", "eve", "fay", "gus")
"""A full Dungeon Poker table (it seats seven): the phones are its players' pages, each
open several times (a phone and a tablet, a page reloaded in a second tab)."""


def _betting_table(state: Path) -> None:
    """Seven players, tracked No-Limit betting, each character kept, the first deal dealt."""
    players = ",".join(SEATS)
    _companion(
        state,
        "table",
        "new",
        "bets",
        "--game",
        "dungeon-poker",
        "--players",
        players,
        "--seed",
        "1",
        "--limit",
        "no",
    )
    for player in SEATS:
        hand = json.loads(_companion(state, "table", "hand", player, "--json"))["cards"]
        kept = next(c["id"] for c in hand if c["deck"] == "characters")
        _companion(state, "table", "choose", player, str(kept))
    _companion(state, "table", "deal")


async def _request(host: str, port: int, head: str, body: bytes = b"") -> dict[str, Any]:
    """One request on a connection of its own; the answer's JSON body."""
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(f"{head}\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode() + body)
    await writer.drain()
    raw = await reader.read()
    writer.close()
    answer: dict[str, Any] = json.loads(raw.split(b"\r\n\r\n", 1)[1])
    return answer


async def _post(host: str, port: int, path: str, fields: dict[str, Any]) -> dict[str, Any]:
    """A page's button, as the page's script sends it: the form's fields as JSON."""
    body = json.dumps(fields).encode()
    head = (
        f"POST {path} HTTP/1.1\r\nContent-Type: application/json\r\n"
        f"Accept: application/json\r\nContent-Length: {len(body)}"
    )
    return await _request(host, port, head, body)


def _betting_of(doc: dict[str, Any]) -> dict[str, Any] | None:
    """The betting block of any page's document (the TV's is in its view)."""
    found = doc.get("betting")
    if found is None and isinstance(doc.get("view"), dict):
        found = doc["view"].get("betting")
    return found if isinstance(found, dict) else None


async def _measure_betting(urls: dict[str, Any], phones: int, actions: int) -> list[float]:
    """``actions`` betting actions, each POSTed from the phone of the player to act. A sample
    is one screen's wait, from the POST sent to the first document on its stream that shows
    the action (the betting's step counted on). A round that closes is taken back by the
    dealer's undo (not measured), so the same deal goes on."""
    host, port = _address(urls)
    players: dict[str, str] = dict(urls["players"])
    dealer = urlsplit(str(urls["dealer"])).path
    paths = ["/events/clock", f"/events{dealer}"]
    paths += [f"/events{urlsplit(players[SEATS[i % len(SEATS)]]).path}" for i in range(phones)]
    streams = [await _open_stream(host, port, path) for path in paths]
    for stream in streams:
        await _next_event(stream)  # each page's first document

    async def dealer_betting() -> dict[str, Any]:
        found = _betting_of(await _request(host, port, f"GET {dealer}/state.json HTTP/1.1"))
        assert found is not None, "the table tracks no betting"
        return found

    async def until(reader: asyncio.StreamReader, step: int) -> float:
        wanted = b'"step":%d' % step
        while True:
            line = await reader.readline()
            read = time.perf_counter()  # as the line came: the other screens' JSON is not its
            if not line:
                raise ConnectionError("the stream ended")
            if wanted in line:  # only the betting block has a "step" (the JSON is compact)
                found = _betting_of(json.loads(line[6:]))
                if found is not None and found.get("step") == step:
                    return read

    async def everyone_sees(step: int) -> list[float]:
        return await asyncio.wait_for(asyncio.gather(*(until(s, step) for s in streams)), TIMEOUT)

    betting = await dealer_betting()
    first = int(betting["step"])
    samples: list[float] = []
    while len(samples) < actions * len(streams):
        step = int(betting["step"])
        who = betting.get("to_act")
        if who is None:  # the round closed: the dealer takes its actions back
            for back in range(step - 1, first - 1, -1):
                answer = await _post(host, port, f"{dealer}/action/undo", {})
                assert answer.get("ok"), answer
                await everyone_sees(back)
        else:
            legal = {a["action"] for a in betting["legal"]}
            fields = {"action": "check" if "check" in legal else "call", "step": step}
            bet = f"{urlsplit(players[str(who)]).path}/bet"
            sent = time.perf_counter()
            answer = await _post(host, port, bet, fields)
            assert answer.get("ok"), answer
            samples += [(t - sent) * 1000 for t in await everyone_sees(step + 1)]
            await asyncio.sleep(0.05)
        betting = await dealer_betting()
    _close_all()
    return samples


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
    parser.add_argument("--phones", type=int, default=50, help="players' pages open (betting)")
    parser.add_argument("--actions", type=int, default=30, help="betting actions measured")
    parser.add_argument("--only", choices=("clock", "betting"), help="measure one part only")
    args = parser.parse_args()
    if args.only != "betting":
        counts = [int(c) for c in args.clients.split(",")]
        _clock_rows(counts, max(1, min(args.changes, 200)))
    if args.only != "clock":
        _betting_row(max(1, min(args.phones, 200)), max(1, min(args.actions, 500)))


HEADER = f"{'serve p50':>10} {'serve p95':>10} {'peer p50':>9} {'peer p95':>9} {'p95 ratio':>9}"


def _row(ours: list[float], peer: list[float]) -> str:
    (p50, p95), (q50, q95) = _percentiles(ours), _percentiles(peer)
    ratio = p95 / max(q95, 1e-6)
    return f"{p50:>8.1f}ms {p95:>8.1f}ms {q50:>7.2f}ms {q95:>7.2f}ms {ratio:>8.0f}x"


def _clock_rows(counts: list[int], changes: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        state = Path(folder) / "state.sqlite3"
        _clock_table(state)
        server, urls = _start_server(state)
        host, port = _address(urls)
        try:
            print(f"a clock change to every clock page:\n{'clients':>7} {HEADER}")
            for clients in counts:
                ours = asyncio.run(_measure_serve(host, port, state, clients, changes))
                peer = asyncio.run(_measure_peer(clients, changes))
                print(f"{clients:>7} {_row(ours, peer)}")
            print(f"({changes} changes per row; the target is p95 under 500 ms with 50 clients)")
        finally:
            server.terminate()
            server.wait(timeout=10)


def _betting_row(phones: int, actions: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        state = Path(folder) / "state.sqlite3"
        _betting_table(state)
        server, urls = _start_server(state)
        try:
            before = _cpu_seconds(server.pid)
            ours = asyncio.run(_measure_betting(urls, phones, actions))
            used = _cpu_seconds(server.pid) - before
        finally:
            server.terminate()
            server.wait(timeout=10)
    screens = phones + 2
    peer = asyncio.run(_measure_peer(screens, actions))
    print(f"a betting action from a phone to every screen ({phones} phones, the TV, the dealer):")
    print(f"{'screens':>7} {HEADER}\n{screens:>7} {_row(ours, peer)}")
    print(f"({actions} actions; the target is p95 under 100 ms with 50 phones)")
    if used >= 0:
        print(
            f"the server's CPU: {used * 1000 / actions:.1f} ms an action (with the dealer's "
            f"undos, the reads and the clock's refreshes between them); load average "
            f"{os.getloadavg()[0]:.1f}"
        )


def _cpu_seconds(pid: int) -> float:
    """The process's CPU time so far (Linux's /proc; -1 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return -1.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


if __name__ == "__main__":
    main()
