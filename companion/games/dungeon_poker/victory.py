"""Who has won the game (000, Winning the game; Tournament style play; Two player game).

A player wins by the gold target (15 000 with 3-4 players, 20 000 with
5-6, plus 5 000 per skull), by holding 13 minus the original number of
players in treasures, or by being the last original character without a
skull. Heads-up and tournament games are won by the last player with gold.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.games.dungeon_poker.table_rules import NS, win_targets
from companion.table.model import TableInfo
from companion.table.store import Transaction


@dataclass(frozen=True)
class Victory:
    """The winner and the way they won."""

    player: str
    how: str
    """``gold``, ``treasures``, ``last original`` or ``last standing``."""
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "how": self.how, "text": self.text}


def victory(tx: Transaction, table: TableInfo) -> Victory | None:
    """The game's winner, if the table's state shows one."""
    gold: dict[str, int] = tx.get_state(table, NS, "gold", {})
    skulls: dict[str, int] = tx.get_state(table, NS, "skulls", {})
    out = set(tx.get_state(table, NS, "out", []))
    tournament = bool(table.options.get("tournament"))
    players = list(table.players)
    still = [p for p in players if p not in out]
    for p in still:
        targets = win_targets(len(players), skulls=skulls.get(p, 0), tournament=tournament)
        if targets.gold is not None and gold.get(p, 0) >= targets.gold:
            return Victory(
                p, "gold", f"{p} has {gold[p]:,} gold (target {targets.gold:,}) and wins the game!"
            )
        if targets.treasures is not None:
            held = len(tx.pile(table, "treasures", "held", p))
            if held >= targets.treasures:
                return Victory(
                    p,
                    "treasures",
                    f"{p} holds {held} treasures (target {targets.treasures}) and wins the game!",
                )
    if len(still) == 1 and len(players) > 1:
        return Victory(
            still[0], "last standing", f"{still[0]} is the last player left and wins the game!"
        )
    base = win_targets(len(players), tournament=tournament)
    if base.last_original:
        clean = [p for p in still if skulls.get(p, 0) == 0]
        if (
            len(clean) == 1
            and len(players) > 1
            and all(skulls.get(p, 0) > 0 or p in out for p in players if p != clean[0])
        ):
            return Victory(
                clean[0],
                "last original",
                f"{clean[0]} plays the last original character without a skull and wins the game!",
            )
    return None
