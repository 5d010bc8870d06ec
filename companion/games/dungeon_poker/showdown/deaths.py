"""Characters left without gold: death, or the Undeath Amulet.

000, "Character death and re-entering the game": a character with no gold
left dies; its soul gems go to the bank, the winner of the deal may take
one of its treasures (one from each character who died), the rest leave
the game, and the player may come back with a new character and a skull.
Appendix C, the Undeath Amulet: it acts by itself, whatever the encounter,
and the character returns at the next deal with three blinds of gold,
keeping gems and artifacts. The showdown knows a player's gold only when
the file gives ``stack``; the table always does, and moves the cards by
the same rules (:mod:`companion.games.dungeon_poker.deaths`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.events import Event
from companion.games.dungeon_poker.deaths import brings_back, undeath_gold
from companion.games.dungeon_poker.showdown.pots import payee_of
from companion.games.dungeon_poker.showdown.seats import DungeonPokerSeat
from companion.games.dungeon_poker.showdown_events import AmuletActs, CharacterDies

if TYPE_CHECKING:
    from companion.games.dungeon_poker.showdown import DungeonPokerShowdown


def gold_gone(sd: DungeonPokerShowdown, p: DungeonPokerSeat) -> bool:
    """The player's gold is known, and none is left after the pots and the bank."""
    if p.spec.stack is None:
        return False
    return p.spec.stack + sd.payouts.get(p.name, 0) + sd.bank.get(p.name, 0) <= 0


def dies(sd: DungeonPokerShowdown, name: str) -> bool:
    """The player's character dies at this showdown: no gold left, no Undeath Amulet."""
    p = sd.by_name[name]
    return gold_gone(sd, p) and not any(brings_back(a) for a in p.artifacts)


def settle(sd: DungeonPokerShowdown) -> tuple[tuple[str, ...], tuple[Event, ...]]:
    """Players whose gold is known and gone: the character dies (or the Undeath Amulet
    acts). Who died, and the events."""
    winners = [payee_of(sd, w, b) for b in sd.boards for w in b.main_winners]
    takers = [w for w in dict.fromkeys(winners) if w is not None]
    dead: list[str] = []
    events: list[Event] = []
    for p in sd.players:
        if not gold_gone(sd, p):
            continue
        amulet = [a for a in p.artifacts if brings_back(a)]
        if amulet:
            # The amulet ignores encounters (Anti-magic zone, Long night name it).
            back = undeath_gold(amulet[0], sd.blind(amulet[0].name))
            events.append(AmuletActs(p.name, amulet[0].name, back))
            continue
        dead.append(p.name)
        events.append(CharacterDies(p.name, tuple(t for t in takers if t != p.name)))
    return tuple(dead), tuple(events)
