"""Shared fixtures: run the CLI in-process and keep every test off the user's state."""

from __future__ import annotations

import contextlib
import functools
import io
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

import companion.cli.app
import companion.games  # (as the CLI does at start: each game registers its rules)
import companion.ui.render.words  # (as the CLI does at start: the words of every event)
from companion.cli.app import run


@dataclass(frozen=True)
class CliResult:
    exit_code: int
    stdout: str
    stderr: str

    def json(self) -> Any:
        return json.loads(self.stdout)


class _Stdin(io.StringIO):
    def isatty(self) -> bool:  # scripted input is never a terminal
        return False


def invoke(*args: str, input: str = "") -> CliResult:
    """Run ``companion ARGS`` in this process and capture what it prints."""
    out, err = io.StringIO(), io.StringIO()
    stdin = _Stdin(input)
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), _swap_stdin(stdin):
        code = run(list(args))
    return CliResult(code, out.getvalue(), err.getvalue())


@contextlib.contextmanager
def _swap_stdin(stream: io.StringIO):  # type: ignore[no-untyped-def]
    import sys

    saved = sys.stdin
    sys.stdin = stream
    try:
        yield
    finally:
        sys.stdin = saved


_build_command = companion.cli.app.build_command


@functools.cache
def _command_for() -> Any:
    return _build_command()


@pytest.fixture(autouse=True, scope="session")
def _command_built_once() -> Iterator[None]:
    """Build the click command once per test process, and each command once.

    A real run builds the root and the one command it runs; ``invoke`` runs
    thousands of commands, and building each again (Typer reads its signature)
    cost more CPU than running it. The root keeps what it built, so every
    command is built once; running one built command many times is how click's
    own test runner works, and the help, usage and error paths are the same.
    """
    companion.cli.app.build_command = _command_for
    yield
    companion.cli.app.build_command = _build_command


@pytest.fixture
def cli() -> Callable[..., CliResult]:
    return invoke


@pytest.fixture(autouse=True)
def _private_state(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No test ever reads or writes the real user state directory."""
    state_dir = tmp_path_factory.mktemp("state")
    monkeypatch.setenv("COMPANION_STATE", str(state_dir / "companion.sqlite3"))
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(state_dir))
    monkeypatch.delenv("COMPANION_CARDS", raising=False)
    monkeypatch.delenv("COMPANION_DEBUG", raising=False)
