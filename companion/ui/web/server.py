"""Run ``companion serve``: bind, print the pages' URLs, serve until Ctrl-C.

The socket is bound before anything is printed, so a port already in use
is a one-line error and ``--port 0`` prints the port really taken. Without
``--lan`` only this machine can reach the pages (127.0.0.1); with it every
interface is bound and each URL is also printed as a QR code for phones.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import ipaddress
import signal
import socket
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from types import FrameType
from typing import TextIO

import uvicorn

from companion.errors import CompanionError
from companion.serve.tokens import ServeUrls, urls
from companion.ui.web.hub import Hub

LOCAL = "127.0.0.1"
STOP_SECONDS = 0.5
"""How long a stop (SIGTERM, Ctrl-C) lets requests under way finish: the live pages' streams
end at once, and a request still running after this is cancelled, so the server is gone
within a second whatever a request is doing."""


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


NO_ROUTE_PROBE = ("10.255.255.255", 1)
"""A private address the route probe "connects" to: nothing is sent, the kernel only picks
the interface (and so the address) this machine would use to reach the network."""
SIOCGIFADDR = 0x8915
"""Linux's ioctl that reads an interface's IPv4 address."""


def route_address() -> str | None:
    """The address this machine's traffic to its network leaves from (``None`` without a route).

    A UDP socket's ``connect`` sends nothing: it only asks the kernel which
    interface would carry the packet, and ``getsockname`` names its address.
    """
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(NO_ROUTE_PROBE)
            return str(probe.getsockname()[0])
    except OSError:
        return None


def interface_addresses() -> list[str]:
    """The IPv4 address of every network interface (Linux; elsewhere, none are found)."""
    try:
        import fcntl
        import struct

        names = [name for _, name in socket.if_nameindex()]
    except (ImportError, OSError, AttributeError):
        return []
    found: list[str] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        for name in names:
            request = struct.pack("256s", name[:15].encode())
            try:
                answer = fcntl.ioctl(sock.fileno(), SIOCGIFADDR, request)
            except OSError:  # an interface without an IPv4 address
                continue
            found.append(socket.inet_ntoa(answer[20:24]))
    return found


def hostname_addresses() -> list[str]:
    """The IPv4 addresses this machine's name resolves to (often only 127.0.1.1 on Debian)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    return [str(info[4][0]) for info in infos]


def usable_lan_addresses(candidates: Iterable[str | None]) -> list[str]:
    """The candidates another device on the network can reach, in order, each once.

    Loopback (127.x), the unspecified 0.0.0.0, multicast and anything that is
    not an IPv4 address are left out (the server listens on IPv4); link-local
    addresses (169.254.x, a network without a DHCP server) come last.

    >>> usable_lan_addresses(["127.0.1.1", "192.0.2.2", None, "169.254.3.4", "10.0.0.7", "192.0.2.2"])
    ['192.0.2.2', '10.0.0.7', '169.254.3.4']
    """
    kept: list[ipaddress.IPv4Address] = []
    for text in candidates:
        try:
            address = ipaddress.IPv4Address(text or "")
        except ValueError:
            continue
        if address.is_loopback or address.is_unspecified or address.is_multicast:
            continue
        if address not in kept:
            kept.append(address)
    kept.sort(key=lambda a: a.is_link_local)  # stable: the route's address stays first
    return [str(a) for a in kept]


def lan_addresses() -> list[str]:
    """This machine's addresses for the phones on its network: the route's first, then every
    other interface's, then the host name's; never a loopback address."""
    return usable_lan_addresses([route_address(), *interface_addresses(), *hostname_addresses()])


READ_ONLY = (
    "note: {reason}; serving it as it is: the pages only show the table, and every "
    "button and choice on them is refused"
)

NO_LAN = (
    "--lan: this machine has no network address besides its own loopback (127.x), so no "
    "phone could open the pages; join the network first, or leave out --lan"
)


def print_urls(found: ServeUrls, out: TextIO, *, qr: bool) -> None:
    """The URLs for people: each page's name and address (and a QR code with ``--lan``).

    The machine's other network addresses, if it has several, follow: the
    same paths work under each of them.
    """
    lines = [("clock (public)", found.clock), ("dealer", found.dealer)]
    lines += [(f"player {name}", url) for name, url in found.players.items()]
    for label, url in lines:
        out.write(f"{label}: {url}\n")
        if qr:
            import segno

            segno.make(url, error="l").terminal(out=out, compact=True)
    if found.other_bases:
        out.write(
            "this machine's other addresses (the same paths work there): "
            + ", ".join(found.other_bases)
            + "\n"
        )
    out.write("The dealer's and players' links are secret: give each only to its person.\n")
    out.write("Ctrl-C stops the server.\n")
    out.flush()


def url_host(address: str) -> str:
    """An address as a URL writes it (an IPv6 address in brackets).

    >>> url_host("::1"), url_host("192.0.2.2")
    ('[::1]', '192.0.2.2')
    """
    return f"[{address}]" if ":" in address else address


def serve(
    *,
    state: str | Path | None,
    table: str | None,
    host: str = LOCAL,
    port: int = 8787,
    lan: bool = False,
    new_tokens: bool = False,
    announce: Callable[[ServeUrls, str], None],
    addresses: Callable[[], Sequence[str]] | None = None,
    warn: Callable[[str], None] | None = None,
) -> None:
    """Serve the table's pages until interrupted; ``announce(urls, bound)`` runs once bound.

    With ``lan`` the URLs name this machine's network addresses (``addresses``,
    by default :func:`lan_addresses`), never a loopback one: a phone could not
    open those. ``warn`` is told, before the URLs, when the state file cannot be
    changed: the pages are served as they are and every action is refused.
    """
    from companion.ui.web.app import build_app

    host = "0.0.0.0" if lan else host
    check_address(host, port)
    shown: Sequence[str] = (addresses or lan_addresses)() if lan else [host]
    if not shown:
        raise CompanionError(NO_LAN)
    hub = Hub(state, table)
    try:
        if hub.read_only is not None and warn is not None:
            warn(READ_ONLY.format(reason=hub.read_only))
        sock = bind(host, port)
        with sock:  # the socket is closed when serving ends
            if new_tokens:  # only once the port is ours: a refused start replaces nothing
                hub.rotate_tokens()
            # Made before the URLs are printed: uvicorn's logging set-up wraps any
            # exception in a ValueError, so a SIGTERM sent as soon as the URLs appear
            # must not land inside it (it read as an internal error, exit 1).
            config = uvicorn.Config(
                build_app(hub),
                log_level="warning",
                access_log=False,
                lifespan="on",
                # typed int, but awaited with asyncio.wait_for, which takes any seconds
                timeout_graceful_shutdown=STOP_SECONDS,  # type: ignore[arg-type]
            )
            server = _Server(config, hub)
            # From here on SIGTERM stops the server as Ctrl-C does, even right after the URLs.
            with _terminate_as_stop(server):
                try:
                    taken = sock.getsockname()[1]
                    bases = [f"http://{url_host(a)}:{taken}" for a in shown]
                    announce(urls(bases[0], hub.tokens, bases[1:]), f"{host}:{taken}")
                    server.run(sockets=[sock])
                except KeyboardInterrupt:  # uvicorn passes Ctrl-C on once stopped
                    pass  # stopping the server is what Ctrl-C is for: not an error
    finally:
        hub.close()


@contextlib.contextmanager
def _terminate_as_stop(server: _Server) -> Iterator[None]:
    """SIGTERM ends ``serve`` as Ctrl-C does, with exit code 0 and the state file closed.

    The handler only asks ``server`` to stop (uvicorn's own flag, read before it starts
    serving and at each tick): raising from a signal handler is not safe, since a signal
    that lands inside a weakref callback or an event loop callback has its exception
    ignored there and the server went on serving. uvicorn puts its own handler in while
    it serves and raises the signal again once stopped; this one then has nothing to do.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, server.handle_exit)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


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
