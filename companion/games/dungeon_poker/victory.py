"""Who has won the game (000, Winning the game; Tournament style play; Two player game).

A player wins by the gold target (15 000 with 3-4 players, 20 000 with
5-6, plus what the skull card adds for each skull: 5 000), by holding 13
minus the original number of players in treasures, or by being the last
original character without a skull. Heads-up and tournament games are won
by the last player with gold.

>>> from companion.cards import load_game
>>> per_skull = gold_per_skull(load_game("dungeon-poker"))
>>> per_skull
5000
>>> [win_targets(n, per_skull=per_skull).gold for n in (4, 5)], win_targets(5, per_skull=0).treasures
([15000, 20000], 8)
>>> win_targets(4, per_skull=per_skull, skulls=2).gold
25000
>>> win_targets(2, per_skull=0).treasures is None
True
>>> win_targets(4, per_skull=0, tournament=True).gold is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.cards.loader import GameCards
from companion.errors import CompanionError
from companion.games.dungeon_poker import state
from companion.table.model import TableInfo
from companion.table.store import Transaction


def skull_card(cards: GameCards) -> Any:
    """The skull card (the eight copies are alike): the gold each skull adds to the gold
    victory (``extra_gold_to_win``) and how many skulls put a player out (``out_at``)."""
    found = cards.of_type("skull")
    if not found:
        raise CompanionError("the Dungeon Poker card data has no skull card")
    return found[0]


def gold_per_skull(cards: GameCards) -> int:
    """What each skull adds to the gold a player needs to win: the skull card says."""
    return int(skull_card(cards).extra_gold_to_win)


@dataclass(frozen=True)
class WinTargets:
    """What a player needs to win: gold (raised by skulls), treasures, or outliving everyone."""

    gold: int | None
    treasures: int | None
    last_original: bool
    last_standing: bool
    per_skull: int = 0
    """Gold each skull adds to ``gold`` (the skull card's)."""

    def lines(self) -> list[str]:
        out = []
        if self.gold is not None:
            out.append(f"{self.gold} gold")
        if self.treasures is not None:
            out.append(f"{self.treasures} treasures")
        if self.last_original:
            out.append("the last original character without a skull")
        if self.last_standing:
            out.append("the last player with gold left")
        return out


def gold_target(players: int) -> int:
    """Gold needed to win for the original number of players (no skulls).

    15 000 with 3-4 players, 20 000 with 5-6; the rulebook is silent for 2
    and for 7 or more, so heads-up takes the small table's 15 000 and a
    larger table the large table's 20 000.

    >>> [gold_target(n) for n in (2, 3, 4, 5, 6, 7)]
    [15000, 15000, 15000, 20000, 20000, 20000]
    """
    return 15000 if players <= 4 else 20000


def win_targets(
    players: int,
    *,
    per_skull: int,
    skulls: int = 0,
    tournament: bool = False,
) -> WinTargets:
    """The win-condition targets for a player at a table of ``players`` original players
    who holds ``skulls`` skulls, each adding ``per_skull`` gold (:func:`gold_per_skull`)."""
    if tournament:
        return WinTargets(gold=None, treasures=None, last_original=False, last_standing=True)
    heads_up = players == 2
    return WinTargets(
        gold=gold_target(players) + per_skull * skulls,
        treasures=None if heads_up else 13 - players,
        last_original=not heads_up,
        last_standing=heads_up,
        per_skull=per_skull,
    )


@dataclass(frozen=True)
class Victory:
    """The winner and the way they won."""

    player: str
    how: str
    """``gold``, ``treasures``, ``last original`` or ``last standing``."""
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "how": self.how, "text": self.text}


def victory(tx: Transaction, table: TableInfo, cards: GameCards) -> Victory | None:
    """The game's winner, if the table's state shows one."""
    per_skull = gold_per_skull(cards)
    gold = state.gold_of(tx, table)
    skulls = state.skulls_of(tx, table)
    out = set(state.players_out(tx, table))
    tournament = bool(table.options.get("tournament"))
    players = list(table.players)
    still = [p for p in players if p not in out]
    for p in still:
        targets = win_targets(
            len(players), per_skull=per_skull, skulls=skulls.get(p, 0), tournament=tournament
        )
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
    base = win_targets(len(players), per_skull=per_skull, tournament=tournament)
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
