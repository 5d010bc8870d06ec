"""The slayer's rewards: what killing a monster brings, whether or not the slayer won the pot.

Appendix B: the Fire Dragon's extra treasure goes to the player who wins
the deal against it, or who kills it; the Genie's slayer takes a soul gem.
What a card promises is :func:`~companion.games.dungeon_poker.monsters.spoils`
(the table's ``monster-result`` and Crystal Dagger read it too). A monster
is slain when it lost the deal, won only a side pot, or was killed during
the deal; its slayers are the players who won a board it lost (a monster's
win for a player counts for that player; Beast mastery takes loot, not
kills). Two slayers sharing a Fire Dragon leave its treasure waiting
(decisions.md, Pots and showdowns).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from companion.games.dungeon_poker.monsters import Rewards, rewards, spoils
from companion.games.dungeon_poker.showdown.joining import MonsterSeat
from companion.games.dungeon_poker.showdown.pots import by_beast_mastery, payee_of

if TYPE_CHECKING:
    from companion.games.dungeon_poker.showdown import DungeonPokerShowdown

SLAIN = ("lost", "side-pot", "killed")
"""The outcomes in which a monster dies by someone's hand."""


def reward(sd: DungeonPokerShowdown, outcome: Mapping[str, str]) -> Rewards:
    """Each slain monster's spoils, to its slayer (or shared, or lost)."""
    total = Rewards()
    for m in sd.monsters:
        if outcome[m.label] not in SLAIN:
            continue
        promised = spoils(m.card)
        if not promised.treasures and not promised.soul_gems:
            continue
        total += rewards(
            m.card.name,
            promised,
            _slayers(sd, m, outcome[m.label]),
            spoil_declared=bool(sd.spec.declared.spoil_the_treasure),
        )
    return total


def _slayers(sd: DungeonPokerShowdown, m: MonsterSeat, outcome: str) -> list[str]:
    if outcome == "killed":
        return [m.spec.killed_by] if m.spec.killed_by else []
    slayers: list[str] = []
    for board in sd.boards:
        if m.label in board.main_winners:
            continue
        for w in board.main_winners:
            # A player who won, or whose own monster did; Beast mastery takes loot, not kills.
            t = payee_of(sd, w, board)
            if t is not None and t not in slayers and not by_beast_mastery(sd, w):
                slayers.append(t)
    return slayers
