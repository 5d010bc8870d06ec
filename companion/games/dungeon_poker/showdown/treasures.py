"""Treasures for the winner of the deal, or waiting on the table for the next one.

000, "Treasures": the winner of the pot draws the top treasure (King's cave:
two), plus any left waiting by earlier deals. After a tie, or when nobody
can legally win, the deal's treasures wait for the next winner (Appendix F:
then there are two). A monster's win takes them out of the game with the
pot, unless it won for a player (its ally, its owner, the Fey
Teratologist's Beast mastery), who draws them. The Rogue's Ambush & run
drew one during the deal; the Witch's Spoil the treasure leaves any other
winner without. Two front war: each board's winner draws a treasure of
their own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.games.dungeon_poker.showdown.pots import by_beast_mastery, payee_of
from companion.games.dungeon_poker.treasures import BoardWin, TreasureShare, share

if TYPE_CHECKING:
    from companion.games.dungeon_poker.showdown import DungeonPokerShowdown


def draw(sd: DungeonPokerShowdown) -> TreasureShare:
    """Who draws how many treasures at this showdown, and how many wait for the next deal."""
    several = len(sd.boards) > 1
    boards = []
    for board in sd.boards:
        winners = tuple(board.main_winners)
        single = winners[0] if len(winners) == 1 else None
        boards.append(
            BoardWin(
                board.index + 1 if several else None,
                winners,
                payee_of(sd, single, board) if single is not None else None,
                single is not None
                and single != payee_of(sd, single, board)
                and by_beast_mastery(sd, single),
            )
        )
    ambush = sd.spec.declared.ambush_and_run
    return share(
        sd.enc.treasures_per_win,
        sd.spec.treasures_waiting,
        boards,
        spoiler=sd.spec.declared.spoil_the_treasure,
        ambush=None if ambush is None else ambush.by,
    )
