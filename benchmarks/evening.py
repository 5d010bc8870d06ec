"""Reads over a long evening: the dealer page and ``table show`` at 500 deals against a fresh table.

Run: ``python benchmarks/evening.py [--deals 500] [--rounds 41]``. Plays a
Dungeon Poker table for ``--deals`` deals (deal with hands, three streets,
the showdown, now and then a draw taken back with an undo), and keeps a
second table that has only just been set up in its own state file. Each
round reads both once, alternating which goes first, in fresh read
transactions as a command or a page request does:

* the dealer page's history: its last lines, what an undo would take back
  and that undo's own line;
* the whole dealer page document (clock, controls, table lines, history);
* ``table show``'s view of the table.

It prints the CPU time of this process (user+sys) of each read, the median
over rounds of the ratio long/fresh for each, and the target (at most 1.3).
Both tables are read in the same process, so machine load affects both alike.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

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
                    dp.win(tx, table, [winner])
            if deal % 10 == 0:  # a card drawn by mistake and put back
                with store.transaction() as tx:
                    draw(tx, table, "main", 1, winner)
                with store.transaction() as tx:
                    undo(tx, table)
        with store.transaction(write=False) as tx:
            return len(tx.history(table))


def _dealer_history(tx: Transaction, table: TableInfo) -> object:
    from companion.serve.secrecy import history_lines, secrets_of, undone_entry

    secrets = secrets_of(tx, table)
    following = tx.next_undo(table)
    return history_lines(tx, table, secrets), following and undone_entry(
        tx, table, following, secrets
    )


def _dealer_page(tx: Transaction, table: TableInfo) -> object:
    from companion.serve.pages import dealer_document

    return dealer_document(tx, table, {"running": False})


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
    args = parser.parse_args()
    register_games()
    folder = Path(tempfile.mkdtemp(prefix="companion-evening-"))
    fresh, long = folder / "fresh.sqlite3", folder / "long.sqlite3"
    _set_up(fresh)
    entries = _play(long, _set_up(long), args.deals)
    print(f"a table of {args.deals} deals ({entries} history entries) against a fresh one")
    print(
        f"CPU per read, medians of {args.rounds} alternating rounds; target long/fresh <= {TARGET}"
    )
    for name, read in READS.items():
        for path in (fresh, long):  # warm caches and imports
            _cpu(path, read, 1)
        ratios, times = [], {fresh: [], long: []}
        for n in range(args.rounds):
            order = (fresh, long) if n % 2 == 0 else (long, fresh)
            got = {path: _cpu(path, read, args.repeat) for path in order}
            for path, value in got.items():
                times[path].append(value)
            ratios.append(got[long] / got[fresh])
        ratio = statistics.median(ratios)
        print(
            f"{name:22s} fresh {statistics.median(times[fresh]) * 1000:6.2f} ms  "
            f"long {statistics.median(times[long]) * 1000:6.2f} ms  "
            f"ratio {ratio:5.2f}x  {'met' if ratio <= TARGET else 'NOT met'}"
        )


if __name__ == "__main__":
    main()
