"""Where the CPU of ``companion table show`` goes, part by part, against the Typer + Pydantic floor.

Run: ``python benchmarks/startup_parts.py [--runs N]``. A command at the table
is a new process, and most of its time is the modules it imports. Each row
below is a fresh interpreter that imports one part more than the row above
it (the last row runs the whole command at a Dungeon Poker table), so the
difference between two rows is what that part adds. Every round runs each
row once, in an order that turns from round to round; each figure is the
median over the rounds. ``benchmarks/startup.py`` holds the targets; this
script says which parts stand between a command and them.
"""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from startup import ROOT, TABLE_SCRIPT, _measure

PARTS: tuple[tuple[str, str], ...] = (
    ("python -c pass", "pass"),
    ("import typer, pydantic (the floor)", "import typer, pydantic"),
    ("+ pydantic's BaseModel", "import typer; from pydantic import BaseModel"),
    ("+ rich's console and table", "import rich.console, rich.table"),
    ("+ the CLI and the table commands", "import companion.cli.app, companion.cli.table"),
    ("+ the card models and loader", "import companion.cards"),
    ("+ the table engine (store, events)", "import companion.table.reports"),
    ("+ Dungeon Poker's card models", "import companion.cards.dungeon_poker"),
    ("+ Dungeon Poker's views (events)", "import companion.games.dungeon_poker.views"),
    ("+ Dungeon Poker's table rules", "import companion.games.dungeon_poker.table_rules"),
)
"""Each row's code: it runs after every row above it, in the same interpreter."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    compileall.compile_dir(ROOT / "companion", quiet=1)
    folder = Path(tempfile.mkdtemp(prefix="companion-parts-"))
    state = folder / "state.sqlite3"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT)
    env["COMPANION_STATE"] = str(state)
    py = sys.executable
    subprocess.run([py, "-c", TABLE_SCRIPT, str(state)], check=True, env=env)
    rows: dict[str, list[str]] = {}
    code: list[str] = []
    for name, line in PARTS:
        code.append(line)
        rows[name] = [py, "-c", "; ".join(code)]
    rows["companion table show (whole)"] = [py, "-m", "companion", "table", "show"]
    names = list(rows)
    for name in names:  # warm the file cache (and keep the card files parsed once)
        _measure(rows[name], env)
    cpu: dict[str, list[float]] = {name: [] for name in names}
    for r in range(args.runs):
        turn = names[r % len(names) :] + names[: r % len(names)]
        for name in turn if r % 2 == 0 else reversed(turn):
            cpu[name].append(_measure(rows[name], env)[0])
    floor = statistics.median(cpu[PARTS[1][0]])
    whole = statistics.median(cpu[names[-1]])
    print(
        f"{args.runs} rounds, CPU (user+sys) of each process, medians "
        f"(load average at the end: {os.getloadavg()[0]:.1f})"
    )
    last = 0.0
    for name in names:
        got = statistics.median(cpu[name])
        added = got - last if name != names[-1] else got - statistics.median(cpu[names[-2]])
        print(
            f"  {name:40s} {got * 1000:7.1f} ms  {got / floor:5.2f}x floor  "
            f"adds {added * 1000:6.1f} ms ({added / whole:4.0%} of the whole)"
        )
        last = got


if __name__ == "__main__":
    main()
