"""`companion serve` as a process: URLs printed before serving, Ctrl-C stops it cleanly."""

from __future__ import annotations

import io
import signal
import urllib.request

import pytest

from companion.serve.tokens import ServeUrls
from companion.ui.web.server import print_urls
from tests.conftest import invoke
from tests.serve.conftest import new_table, start_serve


def test_serve_json_prints_one_document_then_ctrl_c_stops_it_cleanly() -> None:
    new_table()
    server, urls = start_serve()
    assert set(urls) == {"clock", "dealer", "players"} and set(urls["players"]) == {"ann", "bob"}
    assert urls["clock"].startswith("http://127.0.0.1:")
    base = urls["clock"].rsplit("/", 1)[0]
    live = urllib.request.urlopen(f"{base}/events/clock", timeout=10)  # a page left open
    assert live.readline().startswith(b"data: ")
    server.send_signal(signal.SIGINT)
    _, err = server.communicate(timeout=15)
    live.close()
    assert server.returncode == 0
    assert "Traceback" not in err and "error" not in err.lower()


class _Announced(Exception):
    """Stops `serve` right after it printed its URLs (nothing is served)."""


def _lan_urls(monkeypatch: pytest.MonkeyPatch, **found: list[str] | str | None) -> ServeUrls:
    """The URLs `serve --lan` prints on a machine whose addresses are ``found``."""
    from companion.ui.web import server

    monkeypatch.setattr(server, "route_address", lambda: found["route"])
    monkeypatch.setattr(server, "interface_addresses", lambda: found["interfaces"])
    monkeypatch.setattr(server, "hostname_addresses", lambda: found["hostname"])
    printed: list[ServeUrls] = []

    def announce(urls: ServeUrls, bound: str) -> None:
        printed.append(urls)
        raise _Announced

    with pytest.raises(_Announced):
        server.serve(state=None, table=None, port=0, lan=True, announce=announce)
    return printed[0]


def test_lan_urls_name_the_network_address_never_the_loopback_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """--lan: Debian maps the host name to 127.0.1.1; the phones need the interface's address."""
    new_table()
    urls = _lan_urls(
        monkeypatch,
        route="192.0.2.2",
        interfaces=["127.0.0.1", "192.0.2.2", "10.8.0.5"],
        hostname=["127.0.1.1"],
    )
    port = urls.clock.rsplit(":", 1)[1].split("/")[0]
    assert urls.clock == f"http://192.0.2.2:{port}/clock"
    assert all(u.startswith("http://192.0.2.2:") for u in [urls.dealer, *urls.players.values()])
    assert urls.other_bases == (f"http://10.8.0.5:{port}",)  # every usable address is printed
    out = io.StringIO()
    print_urls(urls, out, qr=False)
    assert "127.0" not in out.getvalue() and f"http://10.8.0.5:{port}" in out.getvalue()


def test_lan_without_a_route_still_finds_an_interface_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    new_table()
    urls = _lan_urls(monkeypatch, route=None, interfaces=["127.0.0.1", "10.8.0.5"], hostname=[])
    assert urls.clock.startswith("http://10.8.0.5:") and urls.other_bases == ()


def test_lan_with_only_loopback_addresses_is_a_one_line_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from companion.ui.web import server

    new_table()
    monkeypatch.setattr(server, "route_address", lambda: "127.0.0.1")
    monkeypatch.setattr(server, "interface_addresses", lambda: ["127.0.0.1"])
    monkeypatch.setattr(server, "hostname_addresses", lambda: ["127.0.1.1"])
    result = invoke("serve", "--lan", "--port", "0")
    assert result.exit_code == 2 and "loopback" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "127.0.1.1" not in result.stdout


def test_this_machines_lan_addresses_are_never_loopback() -> None:
    from companion.ui.web.server import lan_addresses, route_address

    found = lan_addresses()
    assert not any(a.startswith("127.") or a == "0.0.0.0" for a in found)
    route = route_address()
    if route is not None and not route.startswith("127."):
        assert found[0] == route  # the address the machine's own traffic leaves from comes first
