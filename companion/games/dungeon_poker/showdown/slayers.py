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

from typing import TYPE_CHECKING

from companion.cards.dungeon_poker import soul_gems
from companion.games.dungeon_poker.monsters import spoils
from companion.games.dungeon_poker.showdown.joining import MonsterSeat
from companion.games.dungeon_poker.showdown.pots import by_beast_mastery, payee_of
from companion.poker.hands import names_text

if TYPE_CHECKING:
    from companion.games.dungeon_poker.showdown import DungeonPokerShowdown

SLAIN = ("lost", "side-pot", "killed")
"""The outcomes in which a monster dies by someone's hand."""


def reward(sd: DungeonPokerShowdown) -> None:
    """Each slain monster's spoils, to its slayer (or shared, or lost)."""
    for m in sd.monsters:
        outcome = sd.outcome[m.label]
        if outcome not in SLAIN:
            continue
        promised = spoils(m.card)
        if not promised.treasures and not promised.soul_gems:
            continue
        slayers = _slayers(sd, m, outcome)
        if promised.treasures:
            _treasures(sd, m, slayers, promised.treasures)
        if promised.soul_gems:
            _soul_gems(sd, m, slayers, promised.soul_gems)


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


def _treasures(sd: DungeonPokerShowdown, m: MonsterSeat, slayers: list[str], amount: int) -> None:
    cards = f"{amount} extra treasure{'s' if amount != 1 else ''}"
    if len(slayers) == 1:
        s = slayers[0]
        sd.treasures[s] = sd.treasures.get(s, 0) + amount
        spoil = (
            " (Spoil the treasure does not touch it)" if sd.spec.declared.spoil_the_treasure else ""
        )
        sd.event(f"{s} slays the {m.card.name} and draws its {cards}{spoil}.")
    elif slayers:
        sd.waiting += amount
        sd.event(
            f"{names_text(slayers)} share the kill of the {m.card.name}: its "
            f"{cards} wait{'s' if amount == 1 else ''} for the next deal."
        )
    else:
        sd.event(
            f"No player slays the {m.card.name}: its {cards} {'is' if amount == 1 else 'are'} lost."
        )


def _soul_gems(sd: DungeonPokerShowdown, m: MonsterSeat, slayers: list[str], amount: int) -> None:
    for s in slayers:
        sd.soul_gems[s] = sd.soul_gems.get(s, 0) + amount
    gems = soul_gems(amount)
    if len(slayers) == 1:
        sd.event(f"{slayers[0]} slays the {m.card.name} and takes {gems} from the bank.")
    elif slayers:
        sd.event(
            f"{names_text(slayers)} slay the {m.card.name} together and take {gems} "
            f"each from the bank."
        )
    else:
        sd.event(f"No player slays the {m.card.name}: nobody takes its {gems}.")
