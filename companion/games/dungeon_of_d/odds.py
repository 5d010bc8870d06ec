"""Odds from what the player can see: the one odds function that every line the
game prints (tests, melee, shots, guesses, wandering monsters), the ``hint`` and
every bot work from.

A player at the table sees the hand, the effort and wandering-monster places,
the top of the discard pile, the items and special items in the inventory
(each is a power card) and the potions already identified, and counts the
power deck and the discard pile. Every other power card is *unseen*: it lies
in the deck, under the top of the discard pile, or is an unidentified potion,
and each of them is as likely as any other to be anywhere among those places.

:func:`draw_odds` is the one function: the exact chance of every sequence of
powers the next draws can show. While the deck holds the cards, each draw is
an unseen card taken at random; when it runs out, the discard pile (its top,
which the player has seen, included) is shuffled into a new deck
(rulebook 7), and the draws go on from it. Every other figure here is read
off it: :func:`power_odds` (one draw, by power), :func:`chance` (at least a
power), :func:`chances`, :func:`guess_odds`.

>>> view = Outlook(counts=(0, 8, 8, 8, 8, 8), deck=20, top=0, pile=0)
>>> chance(view, 4)
0.4
>>> round(draw_odds(view, 2)[(5, 5)], 4)  # two 5s: 8/40 * 7/39
0.0359
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.games.dungeon_of_d import mechanics as R
from companion.games.dungeon_of_d.state import State

CARDS_OF_EACH_POWER = 8
"""Forty power cards: four kinds, powers 1-5, two sets (rulebook 3.3)."""
POWERS = range(1, 6)


def unseen(s: State) -> list[int]:
    """How many cards of each power (index 1-5) are out of the player's sight:
    the forty less the hand, the effort and wandering-monster places, the top of
    the discard pile, the items and special items held and the identified potions."""
    counts = [0] + [CARDS_OF_EACH_POWER] * 5
    power = s.content.power
    for cards in (s.hand, s.effort, s.items, s.specials, s.known):
        for card in cards:
            p = power[card]
            if counts[p]:
                counts[p] -= 1
    for card in (s.wander, s.discard[-1] if s.discard else -1):
        if card >= 0 and counts[power[card]]:
            counts[power[card]] -= 1
    return counts


@dataclass(frozen=True, slots=True)
class Outlook:
    """What the player knows of the cards to come: the unseen cards by power
    (``counts[1]``-``counts[5]``), how many cards the power deck holds, the power of
    the discard pile's top card (0: the pile is empty) and the pile's size."""

    counts: tuple[int, ...]
    deck: int
    top: int
    pile: int

    @classmethod
    def of(cls, s: State) -> Outlook:
        top = s.content.power[s.discard[-1]] if s.discard else 0
        return cls(tuple(unseen(s)), len(s.deck), top, len(s.discard))


Seen = State | Outlook


def _outlook(s: Seen) -> Outlook:
    return s if isinstance(s, Outlook) else Outlook.of(s)


def draw_odds(s: Seen, draws: int = 1) -> dict[tuple[int, ...], float]:
    """The chance of each sequence of powers the next ``draws`` cards show (a power
    of 0 stands for no card at all: deck and discard pile both empty).

    The deck's cards are unseen cards at random; once it is empty, the discard pile
    is the new deck: its top card, and the cards under it, which are unseen cards
    at random.
    """
    v = _outlook(s)
    out: dict[tuple[int, ...], float] = {}
    counts = list(v.counts)
    unseen_total = sum(counts[1:])
    hidden_pile = max(0, v.pile - 1)  # the cards under the top are unseen cards

    def walk(
        prefix: tuple[int, ...],
        p: float,
        left: int,
        top_in: bool,
        hidden: int,
        reshuffled: bool,
    ) -> None:
        """``left``: cards still in the deck (before a reshuffle) or in the new deck
        made of the pile (after it); ``top_in``: the pile's old top is among them;
        ``hidden``: the unseen cards among them (after the reshuffle)."""
        if len(prefix) == draws:
            out[prefix] = out.get(prefix, 0.0) + p
            return
        total = sum(counts[1:])
        if not reshuffled and left == 0:
            # rulebook 7: the discard pile becomes the deck (nothing was discarded
            # between these draws: they are one rule's draws)
            walk(prefix, p, v.pile, v.top > 0, min(hidden_pile, total), True)
            return
        if reshuffled and left == 0:
            walk((*prefix, 0), p, 0, False, 0, True)
            return
        if reshuffled:
            if top_in:
                walk((*prefix, v.top), p / left, left - 1, False, hidden, True)
            share = hidden / left if left else 0.0
            for power in POWERS:
                n = counts[power]
                if n and share and total:
                    counts[power] -= 1
                    walk(
                        (*prefix, power), p * share * n / total, left - 1, top_in, hidden - 1, True
                    )
                    counts[power] += 1
            return
        for power in POWERS:
            n = counts[power]
            if n and total:
                counts[power] -= 1
                walk((*prefix, power), p * n / total, left - 1, False, 0, False)
                counts[power] += 1

    if draws <= 0:
        return {(): 1.0}
    if draws == 1 and v.deck >= 1 and unseen_total:  # the common case, without the walk
        return {(power,): counts[power] / unseen_total for power in POWERS if counts[power]}
    walk((), 1.0, v.deck, False, 0, False)
    return out


def power_odds(s: Seen, nth: int = 1) -> tuple[float, ...]:
    """The chance of each power (index 0: no card, 1-5) for the ``nth`` card drawn
    from now (``nth=2``: the second effort card after a bonus card)."""
    v = _outlook(s)
    total = sum(v.counts[1:])
    if v.deck >= nth and total:  # the deck holds it: an unseen card at random
        return (0.0, *(v.counts[p] / total for p in POWERS))
    odds = [0.0] * 6
    for seq, p in draw_odds(v, nth).items():
        odds[seq[-1]] += p
    return tuple(odds)


def chance(s: Seen, need: int, nth: int = 1) -> float:
    """The chance that the ``nth`` card drawn from now shows at least ``need``.

    >>> view = Outlook(counts=(0, 8, 8, 8, 8, 8), deck=0, top=5, pile=10)
    >>> chance(view, 5)  # the pile is the new deck: its top 5 (1 in 10), else 1 in 5
    0.28
    """
    if need <= 1:
        return 1.0
    if need > 5:
        return 0.0
    return min(1.0, sum(power_odds(s, nth)[need:]))


def chances(s: Seen, nth: int = 1) -> list[float]:
    """:func:`chance` for every ``need`` from 0 to 6 (index 6: anything above 5)."""
    odds = power_odds(s, nth)
    out = [1.0, 1.0]
    running = sum(odds[2:])
    for need in range(2, 6):
        out.append(min(1.0, running))
        running -= odds[need]
    out.append(0.0)
    return out


def chance_at_least(counts: list[int], need: int) -> float:
    """The chance that an unseen card taken at random shows at least ``need``
    (``counts``: :func:`unseen`), the deck holding enough cards.

    >>> chance_at_least([0, 8, 8, 8, 8, 8], 4)
    0.4
    """
    return chance(Outlook(tuple(counts), 1, 0, 0), need)


def sequence_chance(s: Seen, wins: Callable[[tuple[int, ...]], bool], draws: int) -> float:
    """The chance that the next ``draws`` powers make ``wins`` true."""
    return sum(p for seq, p in draw_odds(s, draws).items() if wins(seq))


def guess_odds(s: Seen) -> tuple[float, ...]:
    """GUESS1: the chance that each number 1-5 (index 1-5) is right."""
    return power_odds(s)


def right_guess_hurts(s: State) -> bool:
    """Whether a right guess at the GUESS1 asked now is bad news: a Regenerate check
    brings the monster back, Holy Water spares it (rulebook 5.4.1, the card)."""
    if s.prompt == "regenerate-guess":
        return True
    return s.prompt == "guess" and len(s.stack) >= 2 and type(s.stack[-2]).__name__ == "CombatFrame"


def best_guess(s: Seen, right_is_good: bool) -> int:
    """The number to guess: the likeliest when a right guess helps, the least likely
    when it hurts (a Regenerate check, Holy Water); the lowest number on a tie."""
    odds = guess_odds(s)
    if right_is_good:
        return max(POWERS, key=lambda n: (odds[n], -n))
    return min(POWERS, key=lambda n: (odds[n], n))


# ---- what a rule needs from the cards to come -------------------------------------------


def test_need(s: State, stat: str, difficulty: int, card: int) -> tuple[int, int]:
    """A test with ``card`` as the first effort card (rulebook 5.5): what the second
    effort card must show, and which draw from now it is (2 after a bonus card)."""
    content = s.content
    need = difficulty - R.stat(s, stat) - content.power[card]
    return need, 2 if content.power_type[card] == stat else 1


def melee_need(s: State, slot: int, card: int, weak: int = 0, weapon: int = 0) -> tuple[int, int]:
    """A melee round against the monster in ``slot`` with ``card`` as the first effort
    card (rulebook 5.4), every bonus of the hero counted, ``weapon`` added and the
    monster ``weak`` the less: what the second card must show, and which draw it is."""
    content = s.content
    target = max(0, R.monster(s, slot).STR - weak)
    bonus = sum(v for _, v in R.melee_bonuses(s, slot, card))
    need = target - bonus - weapon - content.power[card]
    return need, 2 if content.power_type[card] == "STR" else 1


def shot_need(s: State, slot: int, arrow: str) -> int:
    """A ranged attack with ``arrow`` (``arrow``, ``magic``, ``vampiric``) on the monster
    in ``slot``: what its CHECK1 must show (the next card drawn)."""
    bonus = 0
    if arrow == "magic":
        magic = R.held(s, "item", "magic-arrow")
        bonus = s.content.item[magic[0]].amount if magic else 0
    return R.monster(s, slot).AGL - R.ranged_bonus(s, slot, bonus)


def tumble_chance(s: Seen, need: int, nth: int) -> float:
    """A test whose second card (draw ``nth``) must show ``need``, with Tumble ready:
    a second card that falls short is put away and another drawn once."""
    return sequence_chance(s, lambda seq: seq[-2] >= need or seq[-1] >= need, nth + 1)


def melee_chances(s: State, slot: int, weak: int = 0, weapon: int = 0) -> dict[int, float]:
    """The chance of winning a melee round against the monster in ``slot`` with each
    card of the hand played first (``weapon``: what a weapon used would add)."""
    view = Outlook.of(s)
    tables = {1: chances(view, 1), 2: chances(view, 2)}
    out = {}
    for card in s.hand:
        need, nth = melee_need(s, slot, card, weak, weapon)
        out[card] = tables[nth][min(6, max(0, need))]
    return out


def test_chances(s: State, stat: str, difficulty: int, skills: bool = True) -> dict[int, float]:
    """The chance of winning a test with each card of the hand played first; with
    ``skills``, Tumble's second try counted when it is ready (an AGL test)."""
    view = Outlook.of(s)
    tables = {1: chances(view, 1), 2: chances(view, 2)}
    tumble = (
        skills
        and stat == "AGL"
        and R.skill(s, "tumble") is not None
        and not R.used(s, "turn:tumble")
    )
    out = {}
    for card in s.hand:
        need, nth = test_need(s, stat, difficulty, card)
        if tumble and 1 < need <= 5:
            out[card] = tumble_chance(view, need, nth)
        else:
            out[card] = tables[nth][min(6, max(0, need))]
    return out


def shot_chance(s: State, slot: int, arrow: str) -> float:
    """The chance that a ranged attack with ``arrow`` defeats the monster in ``slot``."""
    return chance(s, shot_need(s, slot, arrow))


def wandering_chance(s: Seen, danger: int, shift: int = 0, nth: int = 1) -> float:
    """The chance that the wandering-monster CHECK1 (draw ``nth``: 2 after a MOV card's
    bonus card), plus ``shift`` (Wary), is at most ``danger``."""
    return sum(power_odds(s, nth)[1 : max(0, danger - shift) + 1])


__all__ = [
    "Outlook",
    "best_guess",
    "chance",
    "chance_at_least",
    "chances",
    "draw_odds",
    "guess_odds",
    "melee_chances",
    "melee_need",
    "power_odds",
    "right_guess_hurts",
    "sequence_chance",
    "shot_chance",
    "shot_need",
    "test_chances",
    "test_need",
    "tumble_chance",
    "unseen",
    "wandering_chance",
]
