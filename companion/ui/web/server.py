"""Run ``companion serve``: bind, print the pages' URLs, serve until Ctrl-C.

The socket is bound before anything is printed, so a port already in use
is a one-line error and ``--port 0`` prints the port really taken. Without
``--lan`` only this machine can reach the pages (127.0.0.1); with it every
interface is bound and each URL is also printed as a QR code for phones.
"""

from __future__ import annotations

import asyncio
import errno
import ipaddress
import socket
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import TextIO

import uvicorn

from companion.errors import CompanionError
from companion.serve.tokens import ServeUrls, urls
from companion.ui.web.hub import Hub

LOCAL = "127.0.0.1"


def check_address(host: str, port: int) -> None:
    """A host that is an IP address or a plain name, a port from 0 (any free one) to 65535."""
    if not 0 <= port <= 65535:
        raise CompanionError(f"--port must be from 0 to 65535, got {port}")
    try:
        ipaddress.ip_address(host)
    except ValueError:
        if not host or len(host) > 253 or not all(c.isalnum() or c in "-." for c in host):
            raise CompanionError(
                f"--host must be an IP address or a host name, got {host[:60]!r}"
            ) from None


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on (host, port); a one-line error when that cannot be had."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        reason = "already in use" if exc.errno == errno.EADDRINUSE else (exc.strerror or str(exc))
        raise CompanionError(f"cannot listen on {host}:{port}: {reason}") from None
    sock.listen(128)
    sock.setblocking(False)
    return sock


def lan_address() -> str:
    """This machine's address for other devices on its network (its name's first non-loopback IPv4)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    for info in infos:
        address = str(info[4][0])
        if not address.startswith("127."):
            return address
    return socket.gethostname()


def print_urls(found: ServeUrls, out: TextIO, *, qr: bool) -> None:
    """The URLs for people: each page's name and address (and a QR code with ``--lan``)."""
    lines = [("clock (public)", found.clock), ("dealer", found.dealer)]
    lines += [(f"player {name}", url) for name, url in found.players.items()]
    for label, url in lines:
        out.write(f"{label}: {url}\n")
        if qr:
            import segno

            segno.make(url, error="l").terminal(out=out, compact=True)
    out.write("The dealer's and players' links are secret: give each only to its person.\n")
    out.write("Ctrl-C stops the server.\n")
    out.flush()


def serve(
    *,
    state: str | Path | None,
    table: str | None,
    host: str = LOCAL,
    port: int = 8787,
    lan: bool = False,
    new_tokens: bool = False,
    announce: Callable[[ServeUrls, str], None],
) -> None:
    """Serve the table's pages until interrupted; ``announce(urls, bound)`` runs once bound."""
    from companion.ui.web.app import build_app

    host = "0.0.0.0" if lan else host
    check_address(host, port)
    hub = Hub(state, table, rotate=new_tokens)
    try:
        sock = bind(host, port)
        taken = sock.getsockname()[1]
        shown = lan_address() if lan else host
        if ":" in shown:
            shown = f"[{shown}]"  # an IPv6 address in a URL
        announce(urls(f"http://{shown}:{taken}", hub.tokens), f"{host}:{taken}")
        config = uvicorn.Config(
            build_app(hub),
            log_level="warning",
            access_log=False,
            lifespan="on",
            timeout_graceful_shutdown=2,
        )
        server = _Server(config, hub)
        try:
            server.run(sockets=[sock])
        except KeyboardInterrupt:  # uvicorn passes Ctrl-C on once it has stopped
            pass  # stopping the server is what Ctrl-C is for: not an error
    finally:
        hub.close()


class _Server(uvicorn.Server):
    """uvicorn's server, ending the live pages' streams first when asked to stop (Ctrl-C)."""

    def __init__(self, config: uvicorn.Config, hub: Hub) -> None:
        super().__init__(config)
        self.hub = hub

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        try:
            asyncio.get_running_loop().call_soon_threadsafe(self.hub.stop)
        except RuntimeError:  # no loop running in this thread
            pass
        super().handle_exit(sig, frame)
