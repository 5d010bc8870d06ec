"""`companion serve` as a process: URLs printed before serving, Ctrl-C stops it cleanly."""

from __future__ import annotations

import signal
import urllib.request

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
