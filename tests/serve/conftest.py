"""A Dungeon Poker table to serve, and the server's pages without a browser."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from companion.ui.web.app import build_app
from companion.ui.web.hub import Hub
from tests.conftest import invoke


def new_table(players: str = "ann,bob", seed: str = "5") -> None:
    result = invoke(
        "table", "new", "friday", "--game", "dungeon-poker", "--players", players, "--seed", seed
    )
    assert result.exit_code == 0, result.stderr


def serving(
    game: str = "dungeon-poker", players: str = "ann,bob", name: str = "friday"
) -> Iterator[tuple[Hub, TestClient]]:
    """A new table of ``game`` served: its hub and a client of its pages."""
    made = invoke("table", "new", name, "--game", game, "--players", players, "--seed", "5")
    assert made.exit_code == 0, made.stderr
    served = Hub(None, None)
    try:
        with TestClient(build_app(served)) as test_client:
            yield served, test_client
    finally:
        served.close()


@pytest.fixture
def hub() -> Iterator[Hub]:
    new_table()
    served = Hub(None, None)
    try:
        yield served
    finally:
        served.close()


@pytest.fixture
def client(hub: Hub) -> Iterator[TestClient]:
    with TestClient(build_app(hub)) as test_client:
        yield test_client


ROOT = Path(__file__).resolve().parents[2]


def start_serve(*args: str) -> tuple[subprocess.Popen[str], dict[str, Any]]:
    """`companion serve --port 0 --json ARGS` as a process of its own, and the URLs it printed."""
    server = subprocess.Popen(
        [sys.executable, "-m", "companion", "serve", "--port", "0", "--json", *args],
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert server.stdout is not None
    text = ""
    while True:
        line = server.stdout.readline()
        if not line:
            server.kill()
            raise AssertionError(f"serve stopped: {server.communicate()[1][-500:]}")
        text += line
        try:
            return server, json.loads(text)
        except ValueError:
            continue
