"""DECKO's round track as its table's clock sees it: the table moves it, the clock follows.

The round is the table's (``decko round`` advances the tracker, passes the
blind card and deals); the clock's level is that round, read here, so the two
never keep two counts. A fresh clock starts on the table's round, a round
started in another terminal moves the clock there, and undoing ``decko
round`` takes the clock back with the table.
"""

from __future__ import annotations

from companion.table import TableInfo, Transaction
from companion.timer.encounters import Encounter


class DeckoRounds:
    """The clock's view of a DECKO table (a :class:`~companion.timer.table_clock.TableLevels`)."""

    level_actions: tuple[str, ...] = ("decko-round",)
    """History actions that move the round track (an undo of one moves the clock back)."""

    def level_now(self, tx: Transaction, table: TableInfo) -> int:
        """The round on the track (1 before the first ``decko round``)."""
        from companion.games.decko.table_rules import DeckoRules

        return max(1, DeckoRules(table.game).mat(tx, table).round)

    def enter_level(self, tx: Transaction, table: TableInfo, level: int) -> Encounter | None:
        """The clock reached ``level``: nothing to open, the table's next round is dealt by
        ``decko round`` (DECKO has no encounters)."""
        return None

    def encounter_now(self, tx: Transaction, table: TableInfo) -> Encounter | None:
        """DECKO has no encounters."""
        return None
