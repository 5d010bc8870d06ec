"""Reads over a long evening: the dealer page and ``table show`` at 500 deals against a fresh table.

Run: ``python benchmarks/evening.py [--deals 500] [--rounds 41]``. Plays a
Dungeon Poker table for ``--deals`` deals (deal with hands, three streets,
the showdown, now and then a draw taken back with an undo), and keeps two
others, each in its own state file: one only just set up, and one after two
deals, whose history already fills the dealer page's eight lines (a table
just set up has fewer lines to show, and so less to read). Each round reads
all three once, in an order that turns from round to round, in fresh read
transactions as a command or a page request does:

* the dealer page's history: its last lines and what an undo would take back;
* the whole dealer page document (clock, controls, the dealer's view);
* ``table show``'s view of the table.

It prints the CPU time of this process (user+sys) of each read and, for each,
the median over rounds of the long evening's time over each other table's,
against the target (at most 1.3). The tables are read in the same process,
round by round, so machine load affects them alike. A process keeps the events it
has read (:func:`companion.events.read_event_text`), as the server does between
requests, so these reads decode an entry once; a command at the table is a new
process that decodes what it shows every time, so the script also runs
``companion table show`` as a player does, one new process a table a round
(``--processes`` rounds), and prints the medians of the same ratios of the whole
process's CPU.
"""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import companion.ui.render.words  # noqa: F401  (the words of every event, as the server loads them)
from companion.games import register_games
from companion.table import TableInfo, Transaction, draw, new_table, open_store, undo
from companion.table.reports import hand_report, table_view

TARGET = 1.3


def _set_up(path: Path) -> TableInfo:
    from companion.games.dungeon_poker import table_rules as dp

    with open_store(path) as store, store.transaction() as tx:
        table, _ = new_table(tx, "friday", "dungeon-poker", ["ann", "bob", "cy"], seed=4)
        for player in table.players:
            dp.choose(tx, table, player, hand_report(tx, table, player).cards[0].card_id)
    return table


def _play(path: Path, table: TableInfo, deals: int) -> int:
    """``deals`` whole deals at ``table``; the number of history entries it ends with."""
    from companion.errors import CompanionError
    from companion.games.deals import settle_deal, start_deal
    from companion.games.dungeon_poker import table_rules as dp
    from companion.serve.pages import to_place

    with open_store(path) as store:
        for deal in range(deals):
            with store.transaction() as tx:
                start_deal(tx, table, deal_hands=True)
            for _ in range(3):
                with store.transaction() as tx:
                    dp.deal_board(tx, table)
            winner = table.players[deal % len(table.players)]
            try:
                with store.transaction() as tx:
                    placed = [winner] + [w for w in to_place(tx, table) if w != winner]
                    put_in = dict.fromkeys(table.players, 100)
                    settle_deal(tx, table, put_in, result=" > ".join(placed))
            except CompanionError:  # a monster's rule asks more than this script knows
                with store.transaction() as tx:
                    for _monster in dp.monsters_in_play(tx, table):
                        dp.monster_result(tx, table, "lost", slayer=winner)
                    dp.win(tx, table, [winner])
            if deal % 10 == 0:  # a card drawn by mistake and put back
                with store.transaction() as tx:
                    draw(tx, table, "main", 1, winner)
                with store.transaction() as tx:
                    undo(tx, table)
        with store.transaction(write=False) as tx:
            return len(tx.history(table))


def _dealer_history(tx: Transaction, table: TableInfo) -> object:
    """What the dealer page reads of the history: its last lines and what undo takes back."""
    from companion.table.views import HISTORY_SHOWN

    following = tx.next_undo(table)
    return tx.history(table, HISTORY_SHOWN), following and following.seen_by(None)


def _dealer_page(tx: Transaction, table: TableInfo) -> object:
    """The dealer's whole page document, as the server builds it for a request."""
    from companion.serve.pages import dealer_page
    from companion.table import rules_for
    from companion.table.actions import game_cards
    from companion.table.views import DEALER

    view = rules_for(table.game).view(tx, table, game_cards(table), DEALER)
    return dealer_page(tx, table, {"running": False}, view).to_json()


READS: dict[str, Callable[[Transaction, TableInfo], object]] = {
    "dealer page history": _dealer_history,
    "dealer page, whole": _dealer_page,
    "table show": table_view,
}


def _cpu(path: Path, read: Callable[[Transaction, TableInfo], object], repeat: int) -> float:
    start = time.process_time()
    for _ in range(repeat):
        with open_store(path, write=False) as store, store.transaction(write=False) as tx:
            read(tx, tx.table("friday"))
    return (time.process_time() - start) / repeat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=41)
    parser.add_argument("--repeat", type=int, default=5, help="reads per timing")
    parser.add_argument(
        "--processes", type=int, default=15, help="rounds of 'companion table show' processes"
    )
    args = parser.parse_args()
    register_games()
    folder = Path(tempfile.mkdtemp(prefix="companion-evening-"))
    tables = {
        "set up": folder / "fresh.sqlite3",
        "2 deals": folder / "two.sqlite3",
        f"{args.deals} deals": folder / "long.sqlite3",
    }
    fresh, two, long = tables.values()
    _set_up(fresh)
    shown = _play(two, _set_up(two), 2)
    entries = _play(long, _set_up(long), args.deals)
    print(
        f"a table of {args.deals} deals ({entries} history entries) against one just set up "
        f"and one after 2 deals ({shown} entries: the dealer page's eight lines are full)"
    )
    print(
        f"CPU per read, medians of {args.rounds} rounds in turning order; target "
        f"{args.deals} deals / fresh <= {TARGET}"
    )
    for name, read in READS.items():
        for path in tables.values():  # warm caches and imports
            _cpu(path, read, 1)
        times: dict[Path, list[float]] = {path: [] for path in tables.values()}
        over_fresh, over_two = [], []
        paths = list(tables.values())
        for n in range(args.rounds):
            order = paths[n % 3 :] + paths[: n % 3]
            got = {path: _cpu(path, read, args.repeat) for path in order}
            for path, value in got.items():
                times[path].append(value)
            over_fresh.append(got[long] / got[fresh])
            over_two.append(got[long] / got[two])
        cells = "  ".join(
            f"{label} {statistics.median(times[path]) * 1000:5.2f} ms"
            for label, path in tables.items()
        )
        a, b = statistics.median(over_fresh), statistics.median(over_two)
        print(
            f"{name:20s} {cells}  /set up {a:4.2f}x {'met' if a <= TARGET else 'NOT met'}"
            f"  /2 deals {b:4.2f}x {'met' if b <= TARGET else 'NOT met'}"
        )
    _processes(tables, args.processes, args.deals)


def _processes(tables: dict[str, Path], rounds: int, deals: int) -> None:
    """``companion table show`` as a player runs it: a new process a table, in turning order."""
    from startup import _measure  # a child's CPU, as benchmarks/startup.py counts it

    root = Path(__file__).resolve().parent.parent
    compileall.compile_dir(root / "companion", quiet=1)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(root)
    command = [sys.executable, "-m", "companion", "table", "show", "friday"]

    def run(path: Path) -> float:
        return _measure(command, {**env, "COMPANION_STATE": str(path)})[0]

    paths = list(tables.values())
    fresh, two, long = paths
    for path in paths:  # warm the file cache and the kept card files
        subprocess.run(
            command,
            env={**env, "COMPANION_STATE": str(path)},
            check=True,
            stdout=subprocess.DEVNULL,
        )
    times: dict[Path, list[float]] = {path: [] for path in paths}
    for n in range(rounds):
        for path in paths[n % 3 :] + paths[: n % 3]:
            times[path].append(run(path))
    a = statistics.median(x / y for x, y in zip(times[long], times[fresh], strict=True))
    b = statistics.median(x / y for x, y in zip(times[long], times[two], strict=True))
    cells = "  ".join(
        f"{label} {statistics.median(times[path]) * 1000:5.1f} ms" for label, path in tables.items()
    )
    print(
        f"{'table show, process':20s} {cells}  /set up {a:4.2f}x "
        f"{'met' if a <= TARGET else 'NOT met'}  /2 deals {b:4.2f}x "
        f"{'met' if b <= TARGET else 'NOT met'}  ({rounds} rounds, {deals} deals)"
    )


if __name__ == "__main__":
    main()
