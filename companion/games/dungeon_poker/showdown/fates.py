"""How each monster fared, what its win does, where its card goes, what its presence costs.

000, "Monsters": a monster that wins the deal takes the pot out of the
game; one that ties goes back into the monster deck with the players' part
paid; one that wins only a side pot leaves with it; one that loses dies.
Appendix B says what some wins do besides (the Goblin steals a soul gem
from each player, the Ice Giant robs each of a blind, the Astral Warlock
moves the party to the next level) and what the Baron's presence costs
(who folds sits out the next deal). Where a card goes is
:func:`~companion.games.dungeon_poker.monsters.monster_destination`, the
rule the table moves the card by.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.events import Event
from companion.games.dungeon_poker.monsters import monster_destination
from companion.games.dungeon_poker.showdown.deaths import dies
from companion.games.dungeon_poker.showdown.joining import MonsterSeat
from companion.games.dungeon_poker.showdown.result import MonsterFate
from companion.games.dungeon_poker.showdown.seats import immune
from companion.games.dungeon_poker.showdown_events import (
    CardGoes,
    FoldersSitOut,
    GemsStolen,
    GoldPaid,
    MonsterCardGoes,
    NextLevelOpens,
    PlayersRobbed,
    TreasuresGiven,
)

if TYPE_CHECKING:
    from companion.games.dungeon_poker.showdown import DungeonPokerShowdown


def judge(sd: DungeonPokerShowdown) -> dict[str, str]:
    """Each monster's outcome: ``won``, ``tied``, ``side-pot``, ``lost`` (or why it was out)."""
    outcome: dict[str, str] = {}
    for m in sd.monsters:
        if not m.live:
            outcome[m.label] = m.out_reason
            continue
        won = any(b.main_winners == (m.label,) for b in sd.boards)
        tied = any(m.label in b.main_winners and len(b.main_winners) > 1 for b in sd.boards)
        side = any(m.label in p.winners for pots in sd.pot_winners for p in pots[1:])
        outcome[m.label] = "won" if won else "tied" if tied else "side-pot" if side else "lost"
    return outcome


@dataclass(frozen=True)
class WinCosts:
    """What monsters' wins took from the players besides the pot: soul gems (-), gold to
    the bank (-), treasure cards to give up; and the events that say so."""

    soul_gems: dict[str, int] = field(default_factory=dict)
    bank: dict[str, int] = field(default_factory=dict)
    treasures_lost: dict[str, int] = field(default_factory=dict)
    events: tuple[Event, ...] = ()


def monster_wins(sd: DungeonPokerShowdown, outcome: Mapping[str, str]) -> WinCosts:
    """What a monster's win of the deal does besides taking the pot (its card's ``win`` effects)."""
    gems: dict[str, int] = {}
    bank: dict[str, int] = {}
    lost: dict[str, int] = {}
    events: list[Event] = []
    for m in sd.live_monsters:
        if outcome[m.label] != "won":
            continue
        for e in m.effects("win"):
            if e.effect == "steal-soul-gem-each":
                events.append(_steal_soul_gems(sd, m, e, gems))
            elif e.effect == "rob-blind-each":
                events.append(_rob_blinds(sd, m, e, bank))
            elif e.effect == "next-level":
                events.append(NextLevelOpens(m.label))  # the table opens the next level
            elif e.effect == "lose-treasure-each":
                events.extend(_lose_treasures(sd, m, e, lost))
    return WinCosts(gems, bank, lost, tuple(events))


def _steal_soul_gems(
    sd: DungeonPokerShowdown, m: MonsterSeat, e: Any, gems: dict[str, int]
) -> GemsStolen:
    """The Goblin: every player gives a soul gem to the bank."""
    amount = e.amount or 1
    taken, spared = [], []
    for p in sd.players:
        if immune(sd, p, "monster"):
            spared.append(p.name)
            continue
        lose = amount if p.spec.soul_gems is None else min(amount, p.spec.soul_gems)
        if lose:
            gems[p.name] = gems.get(p.name, 0) - lose
            taken.append(p.name)
    return GemsStolen(m.label, amount, tuple(taken), tuple(spared))


def _rob_blinds(
    sd: DungeonPokerShowdown, m: MonsterSeat, e: Any, bank: dict[str, int]
) -> PlayersRobbed:
    """The Ice Giant: every player pays blinds of gold to the bank, even if it fought for one."""
    due = (e.blinds or 1) * sd.blind(f"the {m.card.name}'s robbery")
    paid, spared = [], []
    for p in sd.players:
        if immune(sd, p, "monster"):
            spared.append(p.name)
            continue
        have = None if p.spec.stack is None else p.spec.stack + sd.payouts.get(p.name, 0)
        pay = due if have is None else min(due, have)
        if pay:
            bank[p.name] = bank.get(p.name, 0) - pay
            paid.append(GoldPaid(p.name, pay))
    for_one = bool(m.fights_for or m.owner)
    return PlayersRobbed(m.label, due, tuple(paid), for_one, tuple(spared))


def _lose_treasures(
    sd: DungeonPokerShowdown, m: MonsterSeat, e: Any, lost: dict[str, int]
) -> list[TreasuresGiven]:
    """Every player still in gives treasure cards of their choice to the bank."""
    amount = e.amount or 1
    losers = [p.name for p in sd.players if p.live and not immune(sd, p, "monster")]
    for name in losers:
        lost[name] = lost.get(name, 0) + amount
    return [TreasuresGiven(m.label, tuple(losers), amount)] if losers else []


def cards_go(
    sd: DungeonPokerShowdown, outcome: Mapping[str, str]
) -> tuple[tuple[MonsterFate, ...], tuple[MonsterCardGoes, ...]]:
    """Where each monster's card goes after the deal, one event each."""
    fates: list[MonsterFate] = []
    said: list[MonsterCardGoes] = []
    for m in sd.monsters:
        goes = MonsterCardGoes(
            m.label, m.card.name, outcome[m.label], _fate(sd, m, outcome[m.label]), m.owner
        )
        fates.append(MonsterFate(m.label, m.card.id, goes.outcome, goes))
        said.append(goes)
    return tuple(fates), tuple(said)


def _fate(sd: DungeonPokerShowdown, m: MonsterSeat, outcome: str) -> CardGoes:
    where = monster_destination(m.card, outcome, exploded=m.live)
    if where == "stays" and m.owner is not None and dies(sd, m.owner):
        return "owner-dies"
    if where == "stays":
        if outcome in ("lost", "side-pot", "killed", "folded") and (
            m.has("slain", "returns-next-deal") or outcome == "folded"
        ):
            return "returns-next-deal"
        return "stays"
    if where == "exploded":
        return "explodes"
    if outcome == "killed":
        return "killed-aside" if where == "aside" else "killed-removed"
    if where == "aside":
        return "aside"
    if where == "deck":
        return "deck"
    if outcome == "side-pot":
        return "side-pot"
    return "dies"


def presence(sd: DungeonPokerShowdown) -> list[FoldersSitOut]:
    """What a monster's being at the table costs after the deal: the Baron's folders sit out."""
    out: list[FoldersSitOut] = []
    for m in sd.monsters:
        for e in m.effects("present"):
            if e.effect != "fold-sits-out":
                continue
            folded = [p.name for p in sd.players if p.spec.folded and not immune(sd, p, "monster")]
            if folded:
                out.append(FoldersSitOut(m.label, tuple(folded)))
    return out
