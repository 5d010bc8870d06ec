"""What a command costs to start, against a bare interpreter and the Typer + Pydantic floor.

Run: ``python benchmarks/startup.py [--runs N]``. Every command at the table
is a new process, so each figure is a whole process: its CPU time (user +
system, from the kernel's accounting of the child) and its peak memory. In
every round each command runs once, in an order that turns from round to
round, beside its peers:

* ``python -c pass``: a bare interpreter;
* ``python -c "import typer, pydantic"``: the floor of any Typer command;
* ``eval7``: a script running eval7's C Monte Carlo on as many boards as
  ``companion odds`` counts exactly (skipped when eval7 is not installed).

Each figure is the median over the rounds of its ratio to the peer measured
in the same round, so load from other work on the machine hits both sides of
a ratio alike. The targets (issue 32) are printed beside each figure:

* ``companion --help``: at most 12x ``python -c pass``;
* ``companion rank ...``, ``companion table show`` and ``companion table deal``:
  at most 1.5x the floor;
* ``companion odds ann=As,Ad bob=Kc,Kd``: at most 1.0x eval7's CPU, at most 60 MiB.

The table commands run on a Dungeon Poker table set up in a temporary state
file (characters chosen, so each ``table deal`` starts the next deal).
``rank`` and ``odds`` run twice: with no state file (no current table) and
at that table, where they take the table's game and facts. The
sources are compiled to bytecode first and the children may use it, as an
installed wheel does. The dealer page and ``table show`` over a long evening
are measured by ``benchmarks/evening.py``.
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

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

EVAL7_SCRIPT = """
import sys, eval7
hero = [eval7.Card(c) for c in ("As", "Ad")]
eval7.py_hand_vs_range_monte_carlo(hero, eval7.HandRange("KcKd"), [], int(sys.argv[1]))
"""


def _measure(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """CPU seconds (user + system) and peak memory (MiB) of one run of ``cmd``."""
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    err = proc.stderr.read() if proc.stderr else b""
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(cmd)} failed: {err.decode(errors='replace')}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


TABLE_SCRIPT = """
import sys
from companion.games import register_games
from companion.games.dungeon_poker import table_rules as dp
from companion.table import new_table, open_store
from companion.table.reports import hand_report

register_games()
with open_store(sys.argv[1]) as store, store.transaction() as tx:
    table, _ = new_table(tx, "friday", "dungeon-poker", ["ann", "bob", "cy"], seed=4)
    for player in table.players:
        dp.choose(tx, table, player, hand_report(tx, table, player).cards[0].card_id)
"""
"""A Dungeon Poker table whose players have chosen their characters. It is set up in a
child process: this one stays small, so a child's peak memory is its own (a child's
count includes the copy of its parent it starts as)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    compileall.compile_dir(ROOT / "companion", quiet=1)
    folder = Path(tempfile.mkdtemp(prefix="companion-startup-"))
    state = folder / "state.sqlite3"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT)
    py = sys.executable
    subprocess.run([py, "-c", TABLE_SCRIPT, str(state)], check=True, env=env)
    bare = {**env, "COMPANION_STATE": str(folder / "none" / "state.sqlite3")}  # never made
    env["COMPANION_STATE"] = str(state)
    companion = [py, "-m", "companion"]
    rank = ["rank", "--board", "Ah,Kd,7c,7s,2h", "alice=As,7d", "bob=Kh,Kc"]
    odds = ["odds", "ann=As,Ad", "bob=Kc,Kd"]
    commands: dict[str, list[str]] = {
        "python -c pass": [py, "-c", "pass"],
        "import typer, pydantic": [py, "-c", "import typer, pydantic"],
        "companion --help": [*companion, "--help"],
        "companion rank ...": [*companion, *rank],
        "companion table show": [*companion, "table", "show"],
        "companion table deal": [*companion, "table", "deal"],
        "companion odds AA KK": [*companion, *odds],
        "rank, at the table": [*companion, *rank],
        "odds, at the table": [*companion, *odds],
    }
    try:
        import eval7  # noqa: F401

        script = folder / "eval7_odds.py"
        script.write_text(EVAL7_SCRIPT)
        commands["eval7 Monte Carlo"] = [py, str(script), "1712304"]
    except ImportError:
        print("eval7 is not installed (pip install -e '.[bench]'): the odds peer is skipped")
    without_table = {"companion rank ...", "companion odds AA KK"}

    def measure(name: str) -> tuple[float, float]:
        return _measure(commands[name], bare if name in without_table else env)

    # Warm the file cache (and, once, the table's first deal) before anything counts.
    for name in commands:
        measure(name)
    cpu: dict[str, list[float]] = {name: [] for name in commands}
    memory: dict[str, list[float]] = {name: [] for name in commands}
    names = list(commands)
    for r in range(args.runs):
        turn = names[r % len(names) :] + names[: r % len(names)]
        for name in turn if r % 2 == 0 else reversed(turn):
            seconds, mib = measure(name)
            cpu[name].append(seconds)
            memory[name].append(mib)

    def ratio(name: str, peer: str) -> float:
        return statistics.median(a / b for a, b in zip(cpu[name], cpu[peer], strict=True))

    print(
        f"{args.runs} rounds, CPU (user+sys) of each process, medians of the rounds' ratios "
        f"(load average at the end: {os.getloadavg()[0]:.1f})"
    )
    for name in names:
        print(
            f"  {name:24s} {statistics.median(cpu[name]) * 1000:7.1f} ms CPU  "
            f"{statistics.median(memory[name]):5.1f} MiB  "
            f"{ratio(name, 'python -c pass'):5.2f}x pass  "
            f"{ratio(name, 'import typer, pydantic'):5.2f}x floor"
        )
    print("against the targets of issue 32:")
    checks: list[tuple[str, float, float, str]] = [
        ("companion --help", ratio("companion --help", "python -c pass"), 12, "x python -c pass"),
    ]
    for name in (
        "companion rank ...",
        "rank, at the table",
        "companion table show",
        "companion table deal",
    ):
        checks.append((name, ratio(name, "import typer, pydantic"), 1.5, "x the floor"))
    if "eval7 Monte Carlo" in cpu:
        for name in ("companion odds AA KK", "odds, at the table"):
            checks.append((name, ratio(name, "eval7 Monte Carlo"), 1.0, "x eval7's CPU"))
    peak = statistics.median(memory["companion odds AA KK"])
    for name, got, target, unit in checks:
        verdict = "met" if got <= target else "NOT met"
        print(f"  {name:24s} {got:5.2f}{unit} (target <= {target}{unit}): {verdict}")
    print(
        f"  {'companion odds AA KK':24s} {peak:5.1f} MiB peak (target <= 60 MiB): "
        f"{'met' if peak <= 60 else 'NOT met'}"
    )


if __name__ == "__main__":
    main()
