"""Several processes on one state file at once; any refusal of the healthy file is a failure.

The suite runs a short round (``test_state_concurrency.py``); a long one runs on demand::

    python -m tests.reliability.state_race --seconds 60 --writers 3 --servers 2 --openers 3

Roles, each a real process started at the same moment:

* writer: opens the file per command as the CLI does, commits rows of random size (the
  journal grows, rows spill over several pages), deletes some of its own rows (pages go to
  the free list), now and then checkpoints (``PASSIVE``, ``RESTART``, ``TRUNCATE``) or runs
  ``VACUUM`` (the file shrinks), and closes (the last one out folds the journal in and
  deletes it);
* server: keeps one connection open for its whole run, as ``companion serve`` does, reads
  through it, writes through it now and then, and opens the file again meanwhile (the
  timer's reads);
* opener: opens the file per command (the opening's ``quick_check`` each time) and reads;
* newborn: meets a new file beside the shared one every :data:`BIRTH_STEP` seconds, at the
  same moment as the other newborn processes: even ones create it by a first write (the
  file is then switched to WAL), odd ones open it to read while that happens.

Every process counts its own rows; at the end the file must pass ``integrity_check`` and
hold exactly the rows each process says it left (nothing lost, nothing revived). The seed
is printed so that a failing round can be run again.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from companion.errors import CompanionError
from companion.statefile import (
    Component,
    StateFile,
    check_file,
    read_transaction,
    script,
    write_transaction,
)

ROOT = Path(__file__).resolve().parents[2]
BIRTH_STEP = 0.05
"""Seconds between two new files in a round's newborn processes."""
RACE = Component(
    "race",
    (script("CREATE TABLE race_rows (who TEXT NOT NULL, body BLOB NOT NULL)"),),
    prefix="race_",
)
ROLES = ("writer", "server", "opener")


@dataclass
class Tally:
    """What one process did and what went wrong; printed as one JSON line."""

    role: str
    who: str
    opens: int = 0
    commits: int = 0
    checkpoints: int = 0
    rows: int = 0
    errors: list[str] = field(default_factory=list)

    def attempt(self, work: Callable[[], object]) -> None:
        try:
            work()
        except CompanionError as exc:
            self.errors.append(exc.message)


def _insert(conn: sqlite3.Connection, who: str, rnd: random.Random) -> int:
    big = rnd.random() < 0.3
    conn.execute(
        "INSERT INTO race_rows VALUES (?, ?)",
        (who, rnd.randbytes(rnd.randint(5000, 30000) if big else rnd.randint(10, 600))),
    )
    if rnd.random() < 0.4:
        gone = conn.execute(
            "DELETE FROM race_rows WHERE rowid IN "
            "(SELECT rowid FROM race_rows WHERE who = ? ORDER BY random() LIMIT 2)",
            (who,),
        ).rowcount
        return 1 - gone
    return 1


def _maintain(path: Path, tally: Tally, rnd: random.Random) -> None:
    """A checkpoint or a ``VACUUM`` by a plain SQLite connection (the sqlite3 shell, a backup)."""
    roll = rnd.random()
    if roll >= 0.18:
        return
    conn = sqlite3.connect(path, timeout=30, isolation_level=None)
    try:
        if roll < 0.15:
            mode = rnd.choice(("PASSIVE", "RESTART", "TRUNCATE"))
            conn.execute(f"PRAGMA wal_checkpoint({mode})").fetchall()
        else:
            conn.execute("VACUUM")
        tally.checkpoints += 1
    except sqlite3.Error as exc:
        tally.errors.append(f"maintenance: {exc}")
    finally:
        conn.close()


def _writer(path: Path, start: float, until: float, rnd: random.Random, tally: Tally) -> None:
    while time.time() < until:

        def one_command() -> None:
            with StateFile(path, [RACE]) as state:
                tally.opens += 1
                for _ in range(rnd.randint(1, 3)):
                    with state.transaction() as conn:
                        added = _insert(conn, tally.who, rnd)
                    tally.rows += added
                    tally.commits += 1
                _maintain(path, tally, rnd)

        tally.attempt(one_command)


def _server(path: Path, start: float, until: float, rnd: random.Random, tally: Tally) -> None:
    def serve() -> None:
        with StateFile(path, [RACE]) as held:
            tally.opens += 1
            while time.time() < until:
                with held.transaction(write=False) as conn:
                    conn.execute("SELECT count(*), sum(length(body)) FROM race_rows").fetchall()
                # The timer's reads: the same file opened again while `held` stays open.
                tally.attempt(lambda: check_file(path))
                tally.attempt(lambda: _read(path))
                tally.opens += 1
                if rnd.random() < 0.3:
                    with held.transaction() as conn:
                        added = _insert(conn, tally.who, rnd)
                    tally.rows += added
                    tally.commits += 1

    tally.attempt(serve)


def _opener(path: Path, start: float, until: float, rnd: random.Random, tally: Tally) -> None:
    while time.time() < until:
        tally.attempt(lambda: _read(path))
        tally.opens += 1
        time.sleep(rnd.random() * 0.002)


def _newborn(path: Path, start: float, until: float, rnd: random.Random, tally: Tally) -> None:
    """New files, one every :data:`BIRTH_STEP` seconds, each met by every newborn process at
    the same moment: even ones create it with a first write, odd ones open it to read."""
    creates = int(tally.who.rsplit("-", 1)[1]) % 2 == 0
    births = _births(path)
    for k in range(int((until - start) / BIRTH_STEP)):
        time.sleep(max(0.0, start + k * BIRTH_STEP - time.time()))
        target = births / f"{k}.sqlite3"
        tally.attempt(partial(_create if creates else _read, target, tally))
        tally.opens += 1


def _create(path: Path, tally: Tally) -> None:
    with write_transaction(path, RACE) as conn:
        conn.execute("INSERT INTO race_rows VALUES (?, x'00')", (tally.who,))
    tally.rows += 1
    tally.commits += 1


def _births(path: Path) -> Path:
    return path.with_name(path.name + ".births")


def _read(path: Path, tally: Tally | None = None) -> None:
    with read_transaction(path, RACE) as conn:
        if conn is not None:
            conn.execute("SELECT who, count(*) FROM race_rows GROUP BY who").fetchall()


def _child(role: str, who: str, path: Path, seconds: float, seed: int) -> None:
    """One process of the round: all start at the moment the "go" line names."""
    rnd = random.Random(seed)
    tally = Tally(role, who)
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    start = float(sys.stdin.readline().split()[1])
    time.sleep(max(0.0, start - time.time()))
    work = {"writer": _writer, "server": _server, "opener": _opener, "newborn": _newborn}[role]
    work(path, start, start + seconds, rnd, tally)
    sys.stdout.write(json.dumps(tally.__dict__) + "\n")


@dataclass
class Round:
    """A round's outcome: every process's tally and the file's state at the end."""

    seed: int
    tallies: list[Tally]
    integrity: list[str]
    left: dict[str, int]

    @property
    def errors(self) -> list[str]:
        return [f"{t.who}: {e}" for t in self.tallies for e in t.errors]

    @property
    def lost(self) -> dict[str, tuple[int, int]]:
        """Processes whose rows in the file differ from what they committed: (said, found)."""
        out = {}
        for t in self.tallies:
            if t.rows != self.left.get(t.who, 0):
                out[t.who] = (t.rows, self.left.get(t.who, 0))
        return out

    def summary(self) -> str:
        opens = sum(t.opens for t in self.tallies)
        commits = sum(t.commits for t in self.tallies)
        checkpoints = sum(t.checkpoints for t in self.tallies)
        return (
            f"seed {self.seed}: {len(self.tallies)} processes, {opens} openings, "
            f"{commits} commits, {checkpoints} checkpoints or vacuums; "
            f"{len(self.errors)} refusals, {len(self.lost)} processes with lost rows, "
            f"integrity {'ok' if self.integrity == ['ok'] else self.integrity[:3]}"
        )


def run_round(
    path: Path,
    *,
    seconds: float,
    writers: int,
    servers: int,
    openers: int,
    newborns: int = 0,
    seed: int,
) -> Round:
    """Run one round on a new file at ``path`` (and new files beside it) and report it."""
    with StateFile(path, [RACE]):
        pass
    _births(path).mkdir()
    roles = ["writer"] * writers + ["server"] * servers + ["opener"] * openers
    roles += ["newborn"] * newborns
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    children = []
    for n, role in enumerate(roles):
        args = [role, f"{role}-{n}", str(path), str(seconds), str(seed * 1000 + n)]
        children.append(
            subprocess.Popen(
                [sys.executable, "-m", "tests.reliability.state_race", "--child", *args],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                cwd=ROOT,
                env=env,
            )
        )
    for child in children:
        assert child.stdout is not None and child.stdout.readline() == "ready\n"
    start = time.time() + 0.1
    for child in children:
        assert child.stdin is not None
        child.stdin.write(f"go {start!r}\n")
        child.stdin.flush()
    tallies = []
    for child in children:
        out, _ = child.communicate(timeout=seconds + 120)
        if child.returncode != 0:
            raise RuntimeError(f"a {roles[children.index(child)]} process failed")
        tallies.append(Tally(**json.loads(out.strip().splitlines()[-1])))
    integrity: list[str] = []
    left: dict[str, int] = {}
    for one in [path, *sorted(_births(path).glob("*.sqlite3"))]:
        found, rows = _inspect(one)
        integrity += [line for line in found if line != "ok"]
        for who, count in rows.items():
            left[who] = left.get(who, 0) + count
    return Round(seed, tallies, integrity or ["ok"], left)


def _inspect(path: Path) -> tuple[list[str], dict[str, int]]:
    """``integrity_check``'s lines and the rows each process left in one file."""
    conn = sqlite3.connect(path)
    try:
        integrity = [str(row[0]) for row in conn.execute("PRAGMA integrity_check")]
        rows = conn.execute("SELECT who, count(*) FROM race_rows GROUP BY who").fetchall()
        return integrity, {str(who): int(count) for who, count in rows}
    except sqlite3.DatabaseError as exc:  # damaged past counting: every row counts as lost
        return [f"{path.name}: {exc}"], {}
    finally:
        conn.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--writers", type=int, default=3)
    parser.add_argument("--servers", type=int, default=1)
    parser.add_argument("--openers", type=int, default=2)
    parser.add_argument("--newborns", type=int, default=4, help="processes meeting new files")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--state", type=Path, default=None, help="where the file goes")
    parser.add_argument("--child", nargs=5, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        role, who, path, seconds, seed = args.child
        _child(role, who, Path(path), float(seconds), int(seed))
        return 0
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = args.state or Path(folder) / "race.sqlite3"
        outcome = run_round(
            path,
            seconds=args.seconds,
            writers=args.writers,
            servers=args.servers,
            openers=args.openers,
            newborns=args.newborns,
            seed=seed,
        )
    print(outcome.summary())
    for line in sorted(set(outcome.errors))[:20]:
        print("  refused:", line)
    for who, (said, found) in outcome.lost.items():
        print(f"  {who} left {said} rows, the file holds {found}")
    return 1 if outcome.errors or outcome.lost or outcome.integrity != ["ok"] else 0


if __name__ == "__main__":
    sys.exit(main())
