"""The worked examples in docs/dungeon-master.md print what they show (the README's dm tour,
a whole game with output left out, is played by ``test_whole_game``).

Each ``console`` block lists ``$ companion dm ...`` commands and the output
that follows them; a ``yaml`` block starting with ``# encounter.yaml`` is
the file the next commands read. To refresh the documents after changing
the output on purpose::

    python -m tests.games.dungeon_master.test_docs
"""

from __future__ import annotations

import os
import re
import shlex
import sys
import tempfile
from pathlib import Path

import pytest

from tests.conftest import invoke

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "dungeon-master.md"
FENCE = re.compile(r"^```(\w+)\n(.*?)^```$", re.DOTALL | re.MULTILINE)


def _run_console(block: str, workdir: Path) -> str:
    """The block with each command's output replaced by what the command prints now."""
    out: list[str] = []
    chunks = re.split(r"^(\$ .*)$", block, flags=re.MULTILINE)
    for command, shown in zip(chunks[1::2], chunks[2::2]):
        out.append(command)
        args = shlex.split(command[2:])
        assert args[:2] == ["companion", "dm"], command
        cwd = os.getcwd()
        os.chdir(workdir)
        try:
            result = invoke(*args[1:])
        finally:
            os.chdir(cwd)
        assert result.exit_code == 0, (command, result.stderr)
        if shown.strip():  # a command shown without output only has to succeed
            out.extend(line.rstrip() for line in result.stdout.rstrip("\n").split("\n"))
    return "\n".join(out) + "\n"


def render(text: str, workdir: Path) -> str:
    """``text`` with every console block's output brought up to date."""
    pieces: list[str] = []
    last = 0
    for match in FENCE.finditer(text):
        kind, body = match.group(1), match.group(2)
        if kind == "yaml" and body.startswith("# encounter.yaml\n"):
            (workdir / "encounter.yaml").write_text(body)
        if kind == "console" and "$ companion dm " in body:
            pieces.append(text[last : match.start(2)])
            pieces.append(_run_console(body, workdir))
            last = match.end(2)
    pieces.append(text[last:])
    return "".join(pieces)


def _strip(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.split("\n"))


def test_worked_examples_in_the_dm_guide(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    text = DOC.read_text()
    assert "\nOUTPUT\n" not in text
    assert _strip(render(text, tmp_path)) == _strip(text)


def _refresh() -> None:  # pragma: no cover - a maintenance helper
    os.environ["COLUMNS"] = "80"
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["COMPANION_STATE"] = str(Path(tmp) / "docs.sqlite3")
        DOC.write_text(_strip(render(DOC.read_text(), Path(tmp))))
    sys.stdout.write("refreshed docs/dungeon-master.md\n")


if __name__ == "__main__":  # pragma: no cover
    _refresh()
