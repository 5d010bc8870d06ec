"""`companion serve` stops when told, whatever a request is doing."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

from tests.serve.conftest import ROOT, new_table, start_serve

# `companion serve` whose reading of the state file hangs once the file STUCK exists,
# as a clock once did at a typo'd level: the worker thread is then busy for minutes.
STUCK_SERVE = """
import os, sys, time
from companion.ui.web import hub
flag, original = sys.argv[1], hub.Hub.refresh
def refresh(self):
    if os.path.exists(flag):
        time.sleep(120)
    return original(self)
hub.Hub.refresh = refresh
from companion.cli.app import main
sys.argv = ["companion", "serve", "--port", "0", "--json"]
main()
"""


def _urls(server: subprocess.Popen[str]) -> dict[str, Any]:
    assert server.stdout is not None
    text = ""
    while True:
        line = server.stdout.readline()
        assert line, server.communicate()[1][-500:]
        text += line
        try:
            found: dict[str, Any] = json.loads(text)
        except ValueError:
            continue
        return found


def _get_in_background(url: str) -> None:
    def get() -> None:
        try:
            urllib.request.urlopen(url, timeout=30).read()
        except OSError:
            pass  # the server went away under it: that is the point

    threading.Thread(target=get, daemon=True).start()


def test_sigterm_stops_serve_at_once_even_while_a_request_is_stuck(tmp_path: Path) -> None:
    new_table()
    flag = tmp_path / "stuck"
    server = subprocess.Popen(
        [sys.executable, "-c", STUCK_SERVE, str(flag)],
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        urls = _urls(server)
        base = urls["clock"].rsplit("/", 1)[0]
        live = urllib.request.urlopen(f"{base}/events/clock", timeout=10)  # a page left open
        assert live.readline().startswith(b"data: ")
        flag.touch()
        _get_in_background(f"{base}/clock.json")  # its reading now hangs for two minutes
        time.sleep(0.5)
        asked = time.monotonic()
        server.send_signal(signal.SIGTERM)
        _, err = server.communicate(timeout=20)  # far less than the stuck job's 120 s
        took = time.monotonic() - asked
        live.close()
    finally:
        if server.poll() is None:
            server.kill()
    assert server.returncode == 0, err
    assert "Traceback" not in err, err
    assert took < 20


def test_sigterm_stops_a_server_with_live_pages_cleanly() -> None:
    new_table()
    server, urls = start_serve()
    base = urls["clock"].rsplit("/", 1)[0]
    pages = [urllib.request.urlopen(f"{base}/events/clock", timeout=10) for _ in range(3)]
    for page in pages:
        assert page.readline().startswith(b"data: ")
    server.send_signal(signal.SIGTERM)
    _, err = server.communicate(timeout=20)
    for page in pages:
        page.close()
    assert server.returncode == 0 and "Traceback" not in err


# `companion serve` whose logging set-up (inside uvicorn's dictConfig, which turns any
# exception into a ValueError) takes a second, so a SIGTERM would land in it if the
# URLs were printed before it.
SLOW_LOGGING_SERVE = """
import sys, time
import uvicorn.logging
original = uvicorn.logging.DefaultFormatter.__init__
def slow(self, *args, **kwargs):
    time.sleep(1)
    original(self, *args, **kwargs)
uvicorn.logging.DefaultFormatter.__init__ = slow
from companion.cli.app import main
sys.argv = ["companion", "serve", "--port", "0", "--json"]
main()
"""


def test_sigterm_right_after_the_urls_stops_serve_cleanly() -> None:
    """The URLs are printed once the server is set up: a SIGTERM sent the moment they
    appeared once landed in uvicorn's logging set-up and read as an internal error."""
    new_table()
    server = subprocess.Popen(
        [sys.executable, "-c", SLOW_LOGGING_SERVE],
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        _urls(server)
        server.send_signal(signal.SIGTERM)
        _, err = server.communicate(timeout=20)
    finally:
        if server.poll() is None:
            server.kill()
    assert server.returncode == 0, err
    assert "internal error" not in err and "Traceback" not in err, err


def test_a_sigterm_that_lands_where_exceptions_are_ignored_still_stops_the_server() -> None:
    """A SIGTERM delivered inside a weakref callback (where Python ignores any exception
    a handler raises) must still stop the server: the handler only sets uvicorn's flag,
    which the server reads before it serves and at each tick (it once raised, and the
    server served on)."""
    import gc
    import weakref

    import uvicorn

    from companion.ui.web.hub import Hub
    from companion.ui.web.server import _Server, _terminate_as_stop

    class Thing:
        pass

    server = _Server(uvicorn.Config(app=None), hub=Hub.__new__(Hub))
    with _terminate_as_stop(server):
        thing = Thing()
        kept = weakref.ref(thing, lambda _: os.kill(os.getpid(), signal.SIGTERM))
        del thing
        gc.collect()
        time.sleep(0)  # the handler runs at the next bytecode, still inside the callback
    assert kept() is None and server.should_exit
