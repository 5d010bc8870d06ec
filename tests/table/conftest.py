"""Fixtures of the table tests: a private store and test-only card folders."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.table import TableStore, open_store

DATA = Path(__file__).resolve().parent.parent / "data" / "table"


class FakeClock:
    """A clock that moves only when told to (history timestamps in tests)."""

    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


@pytest.fixture
def test_cards(monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the card database at tests/data/table (a small and a 1000-card deck)."""
    monkeypatch.setenv("COMPANION_CARDS", str(DATA))
    return DATA


@pytest.fixture
def state_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "state.sqlite3"
    monkeypatch.setenv("COMPANION_STATE", str(path))
    return path


@pytest.fixture
def store(state_file: Path) -> Iterator[TableStore]:
    with open_store(state_file, clock=FakeClock()) as opened:
        yield opened
