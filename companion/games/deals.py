"""``table deal`` and ``table showdown`` for every game a table can play.

The fixed contract (one command starts a deal, one settles it) holds for
each game by its own rules (:meth:`~companion.registry.Game.start_deal`,
:meth:`~companion.registry.Game.settle_deal`): Dungeon Poker gathers the
main deck, counts the deal for its level and settles pots, treasures and
monsters; Dragon Kings deals as ``dk deal`` and settles its points with the
wing cards in force; DECKO's rounds have steps of their own, so both
commands name them instead.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.registry import DealEnd, DealSettled, Reported, game
from companion.table import TableInfo, Transaction


def start_deal(tx: Transaction, table: TableInfo, *, deal_hands: bool = False) -> Reported:
    """The next deal of ``table``, as its game starts one."""
    return game(table.game).start_deal(tx, table, deal_hands=deal_hands)


def settle_deal(
    tx: Transaction,
    table: TableInfo,
    put_in: Mapping[str, int],
    *,
    folded: Sequence[str] = (),
    result: str | None = None,
    extra: Mapping[str, object] | None = None,
    takes: Sequence[str] = (),
) -> DealSettled:
    """Settle the deal of ``table`` from its own state and what only the dealer knows."""
    end = DealEnd(put_in, folded=folded, result=result, extra=extra, takes=takes)
    return game(table.game).settle_deal(tx, table, end)
