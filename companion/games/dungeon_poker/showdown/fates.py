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

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from companion.cards.dungeon_poker import soul_gems
from companion.games.dungeon_poker.monsters import SIDE_POT_FATE, monster_destination
from companion.games.dungeon_poker.showdown.deaths import dies
from companion.games.dungeon_poker.showdown.joining import MonsterSeat
from companion.games.dungeon_poker.showdown.result import MonsterFate
from companion.games.dungeon_poker.showdown.seats import immune
from companion.poker.hands import names_text

if TYPE_CHECKING:
    from companion.games.dungeon_poker.showdown import DungeonPokerShowdown


def judge(sd: DungeonPokerShowdown) -> None:
    """Each monster's outcome: ``won``, ``tied``, ``side-pot``, ``lost`` (or why it was out)."""
    for m in sd.monsters:
        if not m.live:
            sd.outcome[m.label] = m.out_reason
            continue
        won = any(b.main_winners == (m.label,) for b in sd.boards)
        tied = any(m.label in b.main_winners and len(b.main_winners) > 1 for b in sd.boards)
        side = any(m.label in p.winners for pots in sd.pot_winners for p in pots[1:])
        sd.outcome[m.label] = "won" if won else "tied" if tied else "side-pot" if side else "lost"


def monster_wins(sd: DungeonPokerShowdown) -> None:
    """What a monster's win of the deal does besides taking the pot (its card's ``win`` effects)."""
    for m in sd.live_monsters:
        if sd.outcome[m.label] != "won":
            continue
        for e in m.effects("win"):
            act = _WINS.get(e.effect)
            if act is not None:
                act(sd, m, e)


def _steal_soul_gems(sd: DungeonPokerShowdown, m: MonsterSeat, e: Any) -> None:
    """The Goblin: every player gives a soul gem to the bank."""
    amount = e.amount or 1
    taken, spared = [], []
    for p in sd.players:
        if immune(sd, p, "monster"):
            spared.append(p.name)
            continue
        lose = amount if p.spec.soul_gems is None else min(amount, p.spec.soul_gems)
        if lose:
            sd.soul_gems[p.name] = sd.soul_gems.get(p.name, 0) - lose
            taken.append(p.name)
    text = f"{m.label} wins: it steals {soul_gems(amount)} from each player for the bank"
    text += f" ({', '.join(taken)})" if taken else " (nobody has one)"
    text += f"; {names_text(spared)} immune" if spared else ""
    sd.event(text + ".")


def _rob_blinds(sd: DungeonPokerShowdown, m: MonsterSeat, e: Any) -> None:
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
            sd.bank[p.name] = sd.bank.get(p.name, 0) - pay
            paid.append(f"{p.name} {pay:,}")
    text = f"{m.label} wins: every player pays {sd.amount(due)} to the bank"
    text += " even though it fought for a player" if m.fights_for or m.owner else ""
    text += f" ({', '.join(paid)})" if paid else ""
    text += f"; {names_text(spared)} immune" if spared else ""
    sd.event(text + ".")


def _next_level(sd: DungeonPokerShowdown, m: MonsterSeat, e: Any) -> None:
    """The Astral Warlock: the party moves on to the next level (the table opens it)."""
    sd.event(
        f"{m.label} wins: the table moves on to the next level, which starts afresh "
        f"for its five deals."
    )


def _lose_treasures(sd: DungeonPokerShowdown, m: MonsterSeat, e: Any) -> None:
    """Every player still in gives treasure cards of their choice to the bank."""
    amount = e.amount or 1
    losers = [p.name for p in sd.players if p.live and not immune(sd, p, "monster")]
    for name in losers:
        sd.treasures_lost[name] = sd.treasures_lost.get(name, 0) + amount
    if losers:
        sd.event(
            f"{m.label} wins: {names_text(losers)} each give {amount} treasure card(s) "
            f"of their choice to the bank."
        )


_WINS: dict[str, Callable[[DungeonPokerShowdown, MonsterSeat, Any], None]] = {
    "steal-soul-gem-each": _steal_soul_gems,
    "rob-blind-each": _rob_blinds,
    "next-level": _next_level,
    "lose-treasure-each": _lose_treasures,
}
"""A monster card's ``win`` effects that act at the showdown, by effect."""


def cards_go(sd: DungeonPokerShowdown) -> None:
    """Where each monster's card goes after the deal, said once each."""
    for m in sd.monsters:
        outcome = sd.outcome[m.label]
        fate = _fate(sd, m, outcome)
        sd.fates.append(MonsterFate(m.label, m.card.id, outcome, fate))
        sd.event(f"{m.label} {fate}.")


def _fate(sd: DungeonPokerShowdown, m: MonsterSeat, outcome: str) -> str:
    where = monster_destination(m.card, outcome, exploded=m.live)
    if where == "stays" and m.owner is not None and dies(sd, m.owner):
        return (
            f"goes back to the side: {m.owner}'s character dies, and the {m.card.name} "
            "leaves with it"
        )
    if where == "stays":
        if outcome in ("lost", "side-pot", "killed", "folded") and (
            m.has("slain", "returns-next-deal") or outcome == "folded"
        ):
            return f"is out for this deal and returns beside {m.owner} at the next one"
        return f"stays beside {m.owner}"
    if where == "exploded":
        return "explodes: removed from the game"
    if outcome == "killed":
        return (
            "was killed and goes back to the side"
            if where == "aside"
            else "was killed: removed from the game"
        )
    if where == "aside":
        return "goes back to the side, out of the monster deck"
    if where == "deck":
        return "returns to the monster deck (shuffled in)"
    if outcome == "side-pot":
        return SIDE_POT_FATE
    return "dies: removed from the game"


def presence(sd: DungeonPokerShowdown) -> None:
    """What a monster's being at the table costs after the deal: the Baron's folders sit out."""
    for m in sd.monsters:
        for e in m.effects("present"):
            if e.effect != "fold-sits-out":
                continue
            folded = [p.name for p in sd.players if p.spec.folded and not immune(sd, p, "monster")]
            if folded:
                sd.event(
                    f"{m.label} was at the table: {names_text(folded)} folded and "
                    f"sit{'s' if len(folded) == 1 else ''} out the next deal (blinds still due)."
                )
