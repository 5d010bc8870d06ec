"""The Dungeon Poker, DECKO and Dragon Kings games of docs/table.md print what the document shows.

Each session block (``<!-- session:NAME -->``) runs in a fresh state file;
every ``$ companion ...`` line must succeed and print the lines that follow
it (standard output, then standard error). To refresh the document after changing the output on purpose::

    python -m tests.table.test_docs_sessions
"""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

import pytest

from tests.conftest import invoke

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "table.md"
SESSION = re.compile(
    r"(<!-- session:(\w+) -->\n```console\n)(.*?)(```\n<!-- /session:\2 -->)", re.DOTALL
)
WHOLE = {"dp", "dpgold", "decko", "dk"}
"""The sessions shown with every line they print (others, such as the betting round,
leave lines out with ``…`` and show refusals: tests/test_docs_in_order.py reads them)."""


def _run(block: str) -> str:
    out: list[str] = []
    for command in re.findall(r"^\$ (.*)$", block, flags=re.MULTILINE):
        out.append(f"$ {command}")
        args = shlex.split(command)
        assert args[0] == "companion", command
        result = invoke(*args[1:])
        assert result.exit_code == 0, (command, result.stderr)
        printed = result.stdout + result.stderr  # a note on stderr is shown after stdout
        out.extend(line.rstrip() for line in printed.rstrip("\n").split("\n") if line)
    return "\n".join(out) + "\n"


def render(text: str, state_dir: Path, monkeypatch: pytest.MonkeyPatch | None = None) -> str:
    """``text`` with every session's output brought up to date."""
    import os

    pieces: list[str] = []
    last = 0
    for match in SESSION.finditer(text):
        if match.group(2) not in WHOLE:
            continue
        path = state_dir / f"{match.group(2)}.sqlite3"
        if monkeypatch is not None:
            monkeypatch.setenv("COMPANION_STATE", str(path))
        else:
            os.environ["COMPANION_STATE"] = str(path)
        pieces.append(text[last : match.start(3)])
        pieces.append(_run(match.group(3)))
        last = match.end(3)
    pieces.append(text[last:])
    return "".join(pieces)


def test_the_dungeon_poker_decko_and_dragon_kings_games_print_what_docs_table_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = DOC.read_text(encoding="utf-8")
    assert {m.group(2) for m in SESSION.finditer(text)} >= WHOLE
    assert render(text, tmp_path, monkeypatch) == text


if __name__ == "__main__":  # refresh the document
    import tempfile

    from companion.cli.app import run

    del run, sys
    with tempfile.TemporaryDirectory() as folder:
        DOC.write_text(render(DOC.read_text(encoding="utf-8"), Path(folder)), encoding="utf-8")
