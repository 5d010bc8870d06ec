"""The clock follows the table on every write path, whichever process moves the table."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from companion.games.dungeon_poker import table_rules as dp
from companion.registry import game
from companion.table import open_store
from companion.timer.clock import FakeClock, deal
from companion.timer.session import TimerSession
from companion.timer.table_clock import TableClockStore
from tests.conftest import invoke

ROOT = Path(__file__).resolve().parents[2]

# A terminal that runs the companion commands it is sent, one line each, and
# answers with the exit code and what was printed (as one JSON line).
TERMINAL = """
import contextlib, io, json, shlex, sys
from companion.cli.app import run
for line in sys.stdin:
    out = io.StringIO()
    sys.stdin, keys = io.StringIO(""), sys.stdin  # `timer run` reads no keys from us
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = run(shlex.split(line))
    sys.stdin = keys
    sys.__stdout__.write(json.dumps({"code": code, "out": out.getvalue()}) + "\\n")
    sys.__stdout__.flush()
"""


class Terminal:
    """A second (or third) terminal: a process of its own on the same state file."""

    def __init__(self, state: Path) -> None:
        env = dict(os.environ, COMPANION_STATE=str(state), PYTHONPATH=str(ROOT))
        env.pop("COMPANION_DEBUG", None)
        self.proc = subprocess.Popen(
            [sys.executable, "-c", TERMINAL],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )

    def __call__(self, line: str) -> dict[str, object]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        answer: dict[str, object] = json.loads(self.proc.stdout.readline())
        assert answer["code"] == 0, (line, answer)
        return answer

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def table_level(name: str = "friday") -> int:
    with open_store(None) as store, store.transaction(write=False) as tx:
        return dp.level_now(tx, tx.table(name)).level


def test_table_level_then_timer_do_from_two_processes_keeps_them_together(
    tmp_path: Path,
) -> None:
    """`table level` in one terminal, `timer do` in another: the clock takes the table's level."""
    state = tmp_path / "state.sqlite3"
    os.environ["COMPANION_STATE"] = str(state)
    dealer, phone = Terminal(state), Terminal(state)
    try:
        dealer("table new friday --game dungeon-poker --players ann,bo,cy --seed 7")
        dealer("timer run")
        for step in range(3):
            phone("table level")  # the phone opens the next level...
            done = json.loads(str(dealer("timer do deal --json")["out"]))  # ...the dealer deals
            assert done["level"] == table_level() == step + 2
            assert done["deals"] == 1  # the deal counts in the new level
            shown = json.loads(str(phone("timer status --json")["out"]))
            assert shown["level"] == done["level"]
            assert shown["encounter"]["name"] == done["encounter"]["name"]
    finally:
        dealer.close()
        phone.close()


def test_a_key_after_table_level_follows_the_table_first() -> None:
    """The full-screen display's key goes through act(): it catches up before acting."""
    invoke(
        "table", "new", "friday", "--game", "dungeon-poker", "--players", "ann,bo", "--seed", "3"
    )
    invoke("timer", "run", input="")
    assert invoke("table", "level").exit_code == 0
    with open_store(None) as store:
        clock_store = TableClockStore(store, "friday", game("dungeon-poker").levels())
        session = TimerSession(clock_store, FakeClock(10**10))
        outcome = session.act(deal)
    assert outcome.view.level.number == table_level() == 2
    assert outcome.view.deals == 1
    assert outcome.view.encounter is not None and outcome.view.encounter.status == "drawn"


def test_timer_status_shows_the_tables_level_without_writing(tmp_path: Path) -> None:
    invoke(
        "table", "new", "friday", "--game", "dungeon-poker", "--players", "ann,bo", "--seed", "3"
    )
    invoke("timer", "run", input="")
    invoke("table", "level")
    state = Path(os.environ["COMPANION_STATE"])
    before = state.stat().st_mtime_ns
    data = invoke("timer", "status", "--json").json()
    assert data["level"] == 2 and data["encounter"]["status"] == "drawn"
    assert state.stat().st_mtime_ns == before


def test_timer_status_works_on_a_read_only_state_file() -> None:
    invoke(
        "table", "new", "friday", "--game", "dungeon-poker", "--players", "ann,bo", "--seed", "3"
    )
    invoke("timer", "run", input="")
    invoke("table", "level")
    state = Path(os.environ["COMPANION_STATE"])
    state.chmod(0o444)
    try:
        shown = invoke("timer", "status", "--json")
        assert shown.exit_code == 0, shown.stderr
        assert shown.json()["level"] == 2
        assert invoke("timer", "status").stdout.startswith("Level 2 | blind 200")
        refused = invoke("timer", "do", "deal")
        assert refused.exit_code == 2 and "read-only" in refused.stderr
    finally:
        state.chmod(0o644)


def test_timer_status_without_a_table_works_on_a_read_only_state_file() -> None:
    invoke("timer", "run", "--minutes", "10", input="")
    state = Path(os.environ["COMPANION_STATE"])
    state.chmod(0o444)
    try:
        shown = invoke("timer", "status", "--json")
        assert shown.exit_code == 0, shown.stderr
        assert shown.json()["level"] == 1
    finally:
        state.chmod(0o644)
