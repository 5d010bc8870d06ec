"""The pots: what the bank adds, what leaves before they are paid, who takes a monster's share.

000, Appendix D, Treasure ship: the bank adds a blind of gold to every
pot. Appendix A, the Rogue's Ambush & run: half the pot (whole coins, at
most what the card prints) left with the Rogue during the deal. Appendix
B, the Gnome Lunatic: when it loses, blinds of gold from the main pot go up
with it. "Monsters": what a monster wins leaves the game, unless it fought
for a player (the Golem for the Gnome Artificer, a summoned or controlled
monster; never a King Monster), or the Fey Teratologist's Beast mastery
takes a monster's win of the whole deal (Appendix E).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.cards.loader import load_game
from companion.games.dungeon_poker.showdown.joining import MonsterSeat
from companion.games.dungeon_poker.showdown.seats import DungeonPokerSeat, usable
from companion.games.dungeon_poker.showdown_events import (
    MonsterExplodes,
    PotionBlast,
    RogueRan,
)
from companion.poker.pots import Pot
from companion.poker.showdown import Board
from companion.poker.showdown_events import Winnings

if TYPE_CHECKING:
    from companion.games.dungeon_poker.showdown import DungeonPokerShowdown


def bank_adds(sd: DungeonPokerShowdown) -> int:
    """Treasure ship: the bank adds blinds of gold to the main pot."""
    if sd.enc.pot_bonus_blinds:
        return int(sd.enc.pot_bonus_blinds) * sd.blind(sd.encounter.name)
    return 0


def rogue_grab(
    sd: DungeonPokerShowdown, pots: list[Pot], payouts: dict[str, int]
) -> list[RogueRan]:
    """Ambush & run: the Rogue's gold comes out of the main pot first, where the oldest gold lies."""
    ambush = sd.spec.declared.ambush_and_run
    if ambush is None or not ambush.gold:
        return []
    left = ambush.gold
    for i, pot in enumerate(pots):
        take = min(pot.amount, left)
        pots[i] = Pot(pot.amount - take, pot.eligible)
        left -= take
    payouts[ambush.by] += ambush.gold
    return [RogueRan(ambush.by, ambush.gold)]


def potions(sd: DungeonPokerShowdown, pots: list[Pot]) -> tuple[int, list[PotionBlast]]:
    """Explosive Potions sacrificed during the deal: each destroys its gold from the pot
    (the main pot first, then the side pots); what it destroys leaves the game."""
    used = sd.spec.declared.explosive_potion
    if not used:
        return 0, []
    card = next(
        c
        for c in load_game("dungeon-poker", sd.data_dir).of_type("treasure")
        if c.effect == "destroy-pot-gold"
    )
    destroyed = 0
    said: list[PotionBlast] = []
    for who in used:
        left = int(card.gold)
        for i, pot in enumerate(pots):
            take = min(pot.amount, left)
            pots[i] = Pot(pot.amount - take, pot.eligible)
            left -= take
        gone = int(card.gold) - left
        destroyed += gone
        said.append(PotionBlast(card.name, who, gone))
    return destroyed, said


def explosions(sd: DungeonPokerShowdown, pots: list[Pot]) -> tuple[int, list[MonsterExplodes]]:
    """A monster that explodes when it loses takes blinds of the main pot with it."""
    blasted = 0
    said: list[MonsterExplodes] = []
    if not pots:
        return blasted, said
    for m in sd.live_monsters:
        if any(m.label in b.main_winners for b in sd.boards):
            continue
        for e in m.effects("lose"):
            if e.effect == "explode-blinds":
                assert e.blinds is not None
                want = e.blinds * sd.blind(f"the {m.card.name}'s explosion")
                blast = min(want, pots[0].amount)
                pots[0] = Pot(pots[0].amount - blast, pots[0].eligible)
                blasted += blast
                said.append(MonsterExplodes(m.label, blast))
    return blasted, said


def payees(sd: DungeonPokerShowdown, board: Board) -> dict[str, str | None]:
    """Who takes what each monster wins on ``board`` (None: it leaves the game)."""
    fey = _beast_master(sd)
    return {m.label: _payee(m, board, fey) for m in sd.live_monsters}


def beast_master_capped(sd: DungeonPokerShowdown, board: Board) -> frozenset[str]:
    """The Fey Teratologist, when Beast mastery brings her a monster's win on ``board``: she
    takes only the pots she could win herself, at most her own bet from each player
    (Appendix F 4, the cap Appendix G puts on the Golem); the rest leaves with the monster."""
    fey = _beast_master(sd)
    if fey is None:
        return frozenset()
    if any(
        _payee(m, board, fey) == fey.name and by_beast_mastery(sd, m.label)
        for m in sd.live_monsters
    ):
        return frozenset({fey.name})
    return frozenset()


def payee_of(sd: DungeonPokerShowdown, name: str, board: Board) -> str | None:
    """Who takes what ``name`` wins: the player, or a monster's payee (None: out of the game)."""
    if name in sd.by_name:
        return name
    m = sd.monster(name)
    if m is None:  # pragma: no cover - names were validated
        return None
    return _payee(m, board, _beast_master(sd))


def by_beast_mastery(sd: DungeonPokerShowdown, name: str) -> bool:
    """Is ``name`` a monster whose winnings only Beast mastery could take (no King, no one's ally)?"""
    m = sd.monster(name)
    return m is not None and not m.king and m.owner is None and m.fights_for is None


def winnings(sd: DungeonPokerShowdown, winner: str, target: str | None) -> Winnings | None:
    """Where a monster's winnings go (None for a player's own)."""
    if winner in sd.by_name:
        return None
    if target is None:
        return Winnings("out")
    m = sd.monster(winner)
    if m is not None and (m.owner is not None or m.fights_for is not None):
        return Winnings("for", target)
    return Winnings("beast", target)


def _beast_master(sd: DungeonPokerShowdown) -> DungeonPokerSeat | None:
    """The Fey Teratologist still in the deal, whose Beast mastery works now."""
    fey = [p for p in sd.players if p.live and usable(p, "beast-mastery")]
    return fey[0] if fey else None


def _payee(m: MonsterSeat, board: Board, fey: DungeonPokerSeat | None) -> str | None:
    if m.king:
        return None
    if m.owner is not None:
        return m.owner
    if m.fights_for is not None:
        return m.fights_for
    if fey is not None and board.main_winners == (m.label,):
        return fey.name
    return None
