"""Dragon Kings' betting at the table: the engine with the guests' points.

A table made with ``--limit no`` or ``--limit pot`` tracks each deal's
betting (:mod:`companion.table.betting`) as Texas Hold'em bets it, in
points: ``dk deal`` posts the clock's blinds and ante (Dragon's Toll
doubling the blinds, Guild Tithe adding to the ante) through the engine,
from what each guest has once last deal's misdeal penalties are paid (003:
40 points into the next pot); those penalties are in the pot from the
start. The showdown then needs no bets. Without a clock the table knows no
blinds, and the dealer says the bets at the showdown as before.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.poker.betting import seat_order
from companion.poker.betting_rules import BettingRules
from companion.table import betting as table_betting
from companion.table.model import TableInfo
from companion.table.store import Transaction


def open_deal(
    tx: Transaction,
    table: TableInfo,
    seated: Sequence[str],
    dealer: str,
    behind: Mapping[str, int] | None,
    blinds: tuple[int, int, int],
    penalties: int,
    events: list[str],
) -> table_betting.TableBetting | None:
    """Open the deal's betting (inside ``dk deal``); None when the table does not track it.

    ``blinds`` are the small blind, big blind and ante as posted this deal."""
    limit = table_betting.limit_of(table)
    if limit is None:
        return None
    small, big, ante = blinds
    players = [p for p in seat_order(list(seated), dealer) if behind and behind.get(p, 0) > 0]
    if behind is None or not big or len(players) < 2:
        table_betting.clear(tx, table)
        events.append(
            "the table tracks no betting this deal (it needs the clock's blinds and the "
            "guests' points): give the bets to 'companion dk showdown'"
        )
        return None
    rules = BettingRules(
        min_bet=big, limit=limit, blinds=(small, big), ante=ante, currency="points"
    )
    betting = table_betting.begin(
        tx, table, rules, {p: behind[p] for p in players}, outside=penalties, dealer=dealer
    )
    events.append(f"{betting.state.to_act} to act ('companion table bet NAME ACTION')")
    return betting
