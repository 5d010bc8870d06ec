"""As the cards turn over: hand cards destroyed before the hands are ranked.

Appendix A, the Witch's curse: at the showdown every hand card of the
named number, players' and monsters', is destroyed (her own too; the
Barbarian in his rage and the Dwarven Stalwart are immune). Appendix B, the
Ancient Evil: every player's hand card below eight goes to the graveyard
(the Dwarven Stalwart is immune). What a monster's card says it does at the
showdown is data on the card (``discard-hand-ranks`` and its ranks).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from companion.games.dungeon_poker.showdown.seats import DungeonPokerSeat, immune
from companion.games.dungeon_poker.showdown_events import (
    CardsLost,
    HandCardsDiscarded,
    WitchCursed,
)

if TYPE_CHECKING:
    from companion.games.dungeon_poker.showdown import DungeonPokerShowdown


def witch_curse(sd: DungeonPokerShowdown) -> list[WitchCursed]:
    """Every hand card of the cursed number is destroyed, players' and monsters'."""
    curse = sd.spec.declared.witch_curse
    if curse is None:
        return []
    lost, spared = _destroy(
        sd,
        {sd.cursed},
        spare=lambda p: p.name != curse.by and immune(sd, p, "character"),
        monsters_too=True,
    )
    return [WitchCursed(curse.by, sd.cursed, lost, spared)]


def monster_discards(sd: DungeonPokerShowdown) -> list[HandCardsDiscarded]:
    """A monster that sends ranks of the players' hand cards to the graveyard (the Ancient Evil)."""
    out: list[HandCardsDiscarded] = []
    for m in sd.live_monsters:
        for e in m.effects("showdown"):
            if e.effect != "discard-hand-ranks":
                continue
            ranks = tuple(e.ranks or ())
            lost, spared = _destroy(
                sd, set(ranks), spare=lambda p: immune(sd, p, "monster"), monsters_too=False
            )
            out.append(HandCardsDiscarded(m.label, ranks, lost, spared))
    return out


def _destroy(
    sd: DungeonPokerShowdown,
    ranks: set[str],
    *,
    spare: Callable[[DungeonPokerSeat], bool],
    monsters_too: bool,
) -> tuple[tuple[CardsLost, ...], tuple[str, ...]]:
    """Take the hand cards of ``ranks`` away; who lost what, and who was spared."""
    lost: list[CardsLost] = []
    spared: list[str] = []
    for p in sd.players:
        if not p.live:
            continue
        if spare(p):
            spared.append(p.name)
            continue
        p.cards = _without(p.cards, ranks, p.name, lost)
    if monsters_too:
        for m in sd.live_monsters:
            m.cards = _without(m.cards, ranks, m.label, lost)
    return tuple(lost), tuple(spared)


def _without(
    cards: Iterable[str] | None, ranks: set[str], whose: str, lost: list[CardsLost]
) -> tuple[str, ...] | None:
    if cards is None:
        return None
    cards = tuple(cards)
    hit = tuple(c for c in cards if c[0] in ranks)
    if hit:
        lost.append(CardsLost(whose, hit))
    return tuple(c for c in cards if c[0] not in ranks)
