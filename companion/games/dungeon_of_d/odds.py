"""Odds from what the player can see: the one count of unseen cards that the shell's
odds, the ``hint`` and the bots all work from.

A player at the table sees the hand, the effort and wandering-monster places,
the top of the discard pile, the items and special items in the inventory
(each is a power card) and the potions already identified. Every other power
card may be the next one drawn; its order is never looked at.

>>> chance_at_least([0, 8, 8, 8, 8, 8], 4)
0.4
"""

from __future__ import annotations

from companion.games.dungeon_of_d.state import State

CARDS_OF_EACH_POWER = 8
"""Forty power cards: four kinds, powers 1-5, two sets (rulebook 3.3)."""


def unseen(s: State) -> list[int]:
    """How many cards of each power (index 1-5) are out of the player's sight:
    the forty less the hand, the effort and wandering-monster places, the top of
    the discard pile, the items and special items held and the identified potions."""
    counts = [0] + [CARDS_OF_EACH_POWER] * 5
    power = s.content.power
    seen = [*s.hand, *s.effort, *s.items, *s.specials, *s.known]
    if s.wander >= 0:
        seen.append(s.wander)
    if s.discard:
        seen.append(s.discard[-1])
    for card in seen:
        p = power[card]
        if counts[p]:
            counts[p] -= 1
    return counts


def chance_at_least(counts: list[int], need: int) -> float:
    """The chance that the next card drawn has at least ``need`` power.

    >>> chance_at_least([0, 8, 8, 8, 8, 8], 0), chance_at_least([0, 8, 8, 8, 8, 8], 6)
    (1.0, 0.0)
    """
    if need <= 1:
        return 1.0
    if need > 5:
        return 0.0
    total = sum(counts[1:])
    return sum(counts[need:]) / total if total else 0.0


def chances(counts: list[int]) -> list[float]:
    """:func:`chance_at_least` for every ``need`` from 0 to 6 (index 6: anything above 5)."""
    total = sum(counts[1:])
    if not total:
        return [1.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    out = [1.0, 1.0]
    for need in range(2, 6):
        out.append(sum(counts[need:]) / total)
    out.append(0.0)
    return out


__all__ = ["chance_at_least", "chances", "unseen"]
