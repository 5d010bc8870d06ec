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
from companion.games.dungeon_poker.treasures import treasures_for
from companion.poker.hands import names_text

if TYPE_CHECKING:
    from companion.games.dungeon_poker.showdown import DungeonPokerShowdown


def draw(sd: DungeonPokerShowdown) -> None:
    """Who draws how many treasures, and how many wait for the next deal."""
    per_win = sd.enc.treasures_per_win
    spoiler = sd.spec.declared.spoil_the_treasure
    waiting = sd.spec.treasures_waiting
    sd.waiting = 0
    if waiting:
        sd.event(
            f"{waiting} treasure{' waits' if waiting == 1 else 's wait'} on the table from earlier "
            f"deals for this deal's winner."
        )
    stolen = _ambush(sd) if per_win else 0
    for board in sd.boards:
        count = treasures_for(per_win, waiting - stolen, first=board.index == 0)
        if count == 0:
            continue
        which = f" of board {board.index + 1}" if len(sd.boards) > 1 else ""
        winners = board.main_winners
        cards = f"{count} treasure{'s' if count != 1 else ''}"
        if not winners:
            sd.waiting += count
            sd.event(
                f"Nobody can legally win the deal{which}: the pot and {cards} "
                f"wait for the next deal."
            )
            continue
        if len(winners) > 1:
            sd.waiting += count
            sd.event(
                f"{names_text(winners)} tie{which}: {cards} {'waits' if count == 1 else 'wait'} "
                f"on the table; the next deal's winner draws {'it' if count == 1 else 'them'} "
                f"with their own."
            )
            continue
        winner = winners[0]
        target = payee_of(sd, winner, board)
        if target is None:
            sd.event(
                f"{winner} wins the deal{which}: a monster draws no treasure, so "
                f"{cards} {'is' if count == 1 else 'are'} lost."
            )
            continue
        if spoiler is not None and target != spoiler:
            sd.event(
                f"Spoil the treasure ({spoiler}): {target} draws no treasure ({cards} spoiled)."
            )
            continue
        sd.treasures[target] = sd.treasures.get(target, 0) + count
        if winner == target:
            sd.event(f"{target} wins the deal{which} and draws {cards}.")
        else:
            how = "by Beast mastery " if by_beast_mastery(sd, winner) else ""
            sd.event(f"{winner} wins the deal{which} for {target}, who {how}draws {cards}.")


def _ambush(sd: DungeonPokerShowdown) -> int:
    """The Rogue drew the top treasure during the deal: one of this deal's is gone (not the dragon's)."""
    ambush = sd.spec.declared.ambush_and_run
    if ambush is None:
        return 0
    sd.treasures[ambush.by] = sd.treasures.get(ambush.by, 0) + 1
    sd.event(
        f"Ambush & run: {ambush.by} drew the top treasure during the deal; the deal's "
        f"winner draws one treasure fewer."
    )
    return 1
