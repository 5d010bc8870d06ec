"""Several terminals at one table: concurrent draws and a process killed mid-draw."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from collections import Counter
from pathlib import Path

from companion.cards import load_game
from companion.table import draw, new_table, open_store
from companion.table.events import CardsDrawn
from tests.table.conftest import DATA

ROOT = Path(__file__).resolve().parents[2]

# Each child waits for "go" on stdin so that both really draw at the same time,
# then draws one card per command the way `companion draw big` does: store
# opened, one transaction, store closed.
DRAWER = """
import json, sys
import companion.games  # each game registers its rules, as the CLI does at start
from companion.table import draw, open_store
sys.stdout.write("ready\\n"); sys.stdout.flush()
sys.stdin.readline()
drawn = []
for _ in range(int(sys.argv[1])):
    with open_store(None) as store, store.transaction() as tx:
        drawn.extend([c.card_id, c.copy] for c in draw(tx, tx.table(None), "big"))
sys.stdout.write(json.dumps(drawn) + "\\n")
"""

# The child stops inside the draw's transaction, after the card has moved and
# before the history entry is written, and tells the parent; it is then killed.
STOPPER = """
import sys
from companion.table import store as store_module
original = store_module.Transaction.record
def stop_inside(self, table, event, *args, **kwargs):
    if event.kind == "draw":
        sys.stdout.write("inside\\n"); sys.stdout.flush()
        sys.stdin.readline()  # the parent kills us here
    return original(self, table, event, *args, **kwargs)
store_module.Transaction.record = stop_inside
from companion.cli.app import run
run(["draw", "big", "--count", "3", "--for", "Ann"])
"""


def _env(state: Path) -> dict[str, str]:
    env = dict(
        os.environ, COMPANION_STATE=str(state), COMPANION_CARDS=str(DATA), PYTHONPATH=str(ROOT)
    )
    env.pop("COMPANION_DEBUG", None)
    return env


def _new_big_table(state: Path) -> None:
    with open_store(state) as store, store.transaction() as tx:
        new_table(tx, "crowded", "dragon-kings", ["Ann", "Bo"], seed=99)


def _consistent(state: Path) -> Counter[str]:
    """Check the table's invariants; return how many of each card left the draw pile."""
    conn = sqlite3.connect(state)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    expected = Counter({c.id: c.quantity for c in load_game("dragon-kings", DATA).deck("big")})
    with open_store(state) as store, store.transaction(write=False) as tx:
        table = tx.table("crowded")
        cards = tx.cards(table, "big")
        history = tx.history(table)
    assert Counter(c.card_id for c in cards) == expected  # no card lost or duplicated
    assert len({(c.deck, c.copy) for c in cards}) == len(cards)
    out = Counter(c.card_id for c in cards if c.pile != "draw")
    logged = Counter(
        c.card for e in history if isinstance(e.event, CardsDrawn) for c in e.event.cards
    )
    assert out == logged  # every card out of the pile has its history entry, and only those
    positions = [c.pos for c in cards if c.pile == "draw"]
    assert len(positions) == len(set(positions))
    return out


def test_two_processes_drawing_500_times_each_draw_every_card_exactly_as_often_as_it_exists(
    tmp_path: Path, test_cards: Path
) -> None:
    state = tmp_path / "state.sqlite3"
    _new_big_table(state)
    # A third terminal keeps the file open all along (as the timer display does),
    # so the drawers' closes do not each checkpoint the journal into the file.
    watcher = open_store(state)
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", DRAWER, "500"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=_env(state),
            cwd=ROOT,
        )
        for _ in range(2)
    ]
    for proc in procs:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.flush()
    results = [proc.communicate(timeout=240) for proc in procs]
    for proc, (_, err) in zip(procs, results, strict=True):
        assert proc.returncode == 0, err
    drawn = [json.loads(out.strip().splitlines()[-1]) for out, _ in results]
    assert [len(d) for d in drawn] == [500, 500]
    expected = Counter({c.id: c.quantity for c in load_game("dragon-kings", DATA).deck("big")})
    assert Counter(c for c, _ in drawn[0]) + Counter(c for c, _ in drawn[1]) == expected
    # Whether the two interleaved depends on the scheduler (a loaded CI box may run
    # them one after the other), so it is not asserted; the counts above are.
    assert _consistent(state) == expected
    watcher.close()


def test_a_process_killed_in_the_middle_of_a_draw_leaves_the_table_consistent(
    tmp_path: Path, test_cards: Path
) -> None:
    state = tmp_path / "state.sqlite3"
    _new_big_table(state)
    with open_store(state) as store, store.transaction() as tx:
        table = tx.table("crowded")
        draw(tx, table, "big", 2, "Bo")
        top_before = [c.card_id for c in tx.pile(table, "big", "draw")[:3]]
    proc = subprocess.Popen(
        [sys.executable, "-c", STOPPER],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_env(state),
        cwd=ROOT,
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "inside"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL

    out = _consistent(state)
    assert sum(out.values()) == 2  # the killed draw of three left no trace
    with open_store(state) as store, store.transaction() as tx:
        table = tx.table("crowded")
        assert [c.card_id for c in tx.pile(table, "big", "draw")[:3]] == top_before
        assert [
            c.card_id for c in draw(tx, table, "big", 3, "Ann")
        ] == top_before  # the lock is free again
    assert sum(_consistent(state).values()) == 5


def test_processes_killed_at_random_moments_never_break_the_table(
    tmp_path: Path, test_cards: Path
) -> None:
    state = tmp_path / "state.sqlite3"
    _new_big_table(state)
    for _ in range(3):
        conn = sqlite3.connect(state, timeout=30)
        before = conn.execute("SELECT count(*) FROM history WHERE action = 'draw'").fetchone()[0]
        conn.close()
        proc = subprocess.Popen(
            [sys.executable, "-c", DRAWER, "400"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=_env(state),
            cwd=ROOT,
        )
        assert proc.stdout is not None and proc.stdin is not None
        assert proc.stdout.readline().strip() == "ready"
        proc.stdin.write("go\n")
        proc.stdin.flush()
        # Wait until it has drawn something (polling the file, no sleeping), then kill it.
        while True:
            conn = sqlite3.connect(state, timeout=30)
            drawn = conn.execute("SELECT count(*) FROM history WHERE action = 'draw'").fetchone()[0]
            conn.close()
            if drawn >= before + 5 or proc.poll() is not None:
                break
        proc.kill()  # SIGKILL, wherever it is (a no-op if it already finished)
        proc.wait(timeout=30)
        _consistent(state)
