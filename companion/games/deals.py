"""``table deal`` and ``table showdown`` for every game a table can play.

The fixed contract (one command starts a deal, one settles it) holds for
each game by its own rules: Dungeon Poker gathers the main deck, counts the
deal for its level and settles pots, treasures and monsters; Dragon Kings
deals as ``dk deal`` and settles its points with the wing cards in force;
DECKO's rounds have steps of their own, so both commands name them instead.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.errors import CompanionError
from companion.table import TableInfo, Transaction


def _no_decko(table: TableInfo, what: str) -> None:
    if table.game == "decko":
        raise CompanionError(
            f"a DECKO round is dealt with 'companion decko round' and settles itself when the "
            f"betting ends ('decko call' or 'decko fold'): 'table {what}' is for Dungeon Poker "
            "and Dragon Kings"
        )


def start_deal(tx: Transaction, table: TableInfo, *, deal_hands: bool = False) -> Any:
    """The next deal of ``table``: a Dungeon Poker ``DealStart`` or a Dragon Kings event."""
    _no_decko(table, "deal")
    if table.game == "dragon-kings":
        from companion.games.dragon_kings.table_rules import deal

        return deal(tx, table)
    from companion.games.clock import deal_counter
    from companion.games.dungeon_poker.table_rules import start_deal as start

    return start(tx, table, deal_hands=deal_hands, count_deal=deal_counter(table))


def settle_deal(
    tx: Transaction,
    table: TableInfo,
    put_in: Mapping[str, int],
    *,
    folded: Sequence[str] = (),
    result: str | None = None,
    extra: Mapping[str, Any] | None = None,
    takes: Sequence[str] = (),
) -> Any:
    """Settle the deal of ``table`` from its own state and what only the dealer knows."""
    _no_decko(table, "showdown")
    if table.game == "dragon-kings":
        if takes:
            raise CompanionError("--takes is for Dungeon Poker (a dead character's treasure)")
        from companion.games.dragon_kings.table_rules import settle

        return settle(tx, table, put_in, folded=folded, result=result, extra=extra)
    from companion.games.dungeon_poker.table_rules import settle_deal as settle_dp

    return settle_dp(
        tx, table, dict(put_in), folded=folded, result=result, extra=dict(extra or {}), takes=takes
    )
