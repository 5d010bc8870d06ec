"""A hand holds 8: the most cards one side can play in a turn.

The draw phase fills each player's hand to 8 cards, the search phase only
swaps some of them, and nothing is drawn later in the turn. So a side plays
at most 8 cards in one turn, wherever they go: the party's treasures put at
risk, Secret Passages, attribute cards, then Heal, Shield, Armor, Prisoner
and Experience in the treasure phase; the Dungeon Master's creatures, trap
or obstacle and room. A card kept in hand for the treasure phase is one of
the 8 whether it is played or not, and counts once.

A count is a :class:`Hand`: what the side played, by kind, so a refusal can
say what made up the total.

>>> party = Hand("party", (("attribute card", 6), ("treasure card", 2)))
>>> party.total, party
(8, Hand('party', 8: 6 attribute cards, 2 treasure cards))
>>> check_hand(party.plus(("Experience card", 1)))
Traceback (most recent call last):
  ...
companion.errors.CompanionError: 9 party cards in one turn (6 attribute cards, 2 treasure cards, 1 Experience card), but a hand holds 8: the draw phase fills it to 8 and nothing is drawn later in the turn
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from companion.errors import CompanionError
from companion.games.dungeon_master.model import Encounter

HAND_SIZE = 8
"""Cards in a hand after the draw phase; nothing is drawn later in the turn."""

Side = Literal["party", "dm"]
_SIDE = {"party": "party cards", "dm": "Dungeon Master cards"}


@dataclass(frozen=True)
class Hand:
    """The cards one side played in one turn, by kind: ``(("attribute card", 6), ...)``.

    ``earlier`` counts the cards of the same turn played in an earlier step (the
    fight, when the treasure phase is checked), which the message names apart.
    """

    side: Side
    parts: tuple[tuple[str, int], ...] = ()
    earlier: int = 0

    @property
    def total(self) -> int:
        return self.earlier + sum(n for _, n in self.parts)

    def plus(self, *parts: tuple[str, int]) -> Hand:
        return Hand(self.side, (*self.parts, *parts), self.earlier)

    def __repr__(self) -> str:
        return f"Hand({self.side!r}, {self.total}: {self._listed()})"

    def _listed(self) -> str:
        shown = [f"{n} {what}{'' if n == 1 else 's'}" for what, n in self.parts if n]
        if self.earlier:
            shown.insert(0, f"{self.earlier} in the fight")
        return ", ".join(shown)


def check_hand(hand: Hand) -> None:
    """Refuse a turn in which one side plays more cards than a hand holds."""
    if hand.total <= HAND_SIZE:
        return
    raise CompanionError(
        f"{hand.total} {_SIDE[hand.side]} in one turn ({hand._listed()}), but a hand holds "
        f"{HAND_SIZE}: the draw phase fills it to {HAND_SIZE} and nothing is drawn later in the turn"
    )


def party_hand(enc: Encounter) -> Hand:
    """The party's cards of a whole encounter (both phases)."""
    return Hand(
        "party",
        (
            ("treasure card", len(enc.treasures)),
            ("Secret Passage", len(enc.secret_passages)),
            ("attribute card", len(enc.plays)),
            ("Prisoner", len(enc.prisoners)),
            ("Experience card", enc.experience),
        ),
    )


def dm_hand(enc: Encounter) -> Hand:
    """The Dungeon Master's cards of an encounter (a card a Secret Passage discards was played)."""
    return Hand(
        "dm",
        (
            ("creature", len(enc.creatures)),
            ("trap", int(enc.trap is not None)),
            ("obstacle", int(enc.obstacle is not None)),
            ("room", int(enc.room is not None)),
        ),
    )
