"""A Dungeon Poker table to serve, and the server's pages without a browser."""

from __future__ import annotations

from collections.abc import Iterator

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
