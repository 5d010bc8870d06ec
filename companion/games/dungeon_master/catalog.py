"""Find Dungeon Master cards by the names players type, by the role they play.

>>> catalog = Catalog.load()
>>> catalog.creature("orcs").fight
3
>>> catalog.creature("Throne Room")
Traceback (most recent call last):
  ...
companion.errors.CompanionError: Throne Room is a room card, not a creature
>>> catalog.creature("Orks")
Traceback (most recent call last):
  ...
companion.errors.CompanionError: no creature named 'Orks' (did you mean Orcs or Ogres?)
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from companion.cards.base import CardModel
from companion.cards.dungeon_master import (
    AttributeCard,
    Creature,
    Hero,
    Obstacle,
    PartySpecial,
    PartyTreasure,
    Room,
    Trap,
)
from companion.cards.loader import GameCards
from companion.errors import CompanionError
from companion.games.dungeon_master.names import match_name, normal

T = TypeVar("T", bound=CardModel)

ROLE_WORDS = {
    "hero": "hero",
    "party-treasure": "treasure card",
    "attribute": "attribute card",
    "party-special": "special card",
    "creature": "creature",
    "trap": "trap",
    "room": "room card",
    "obstacle": "obstacle",
}


@dataclass(frozen=True)
class Catalog:
    """The Dungeon Master card database, looked up by name for one role at a time."""

    cards: GameCards

    @classmethod
    def load(cls, data_dir: Any = None) -> Catalog:
        from companion.cards import load_game

        return cls(load_game("dungeon-master", data_dir))

    def __repr__(self) -> str:
        return f"<Catalog {len(self.cards)} Dungeon Master cards>"

    def _find(
        self,
        name: str,
        kind: type[T] | tuple[type[T], ...],
        role: str,
        decks: Iterable[str] | None = None,
    ) -> T:
        pool = [c for c in self.cards if decks is None or c.deck in decks]
        fits = [c for c in pool if isinstance(c, kind)]
        found = match_name(name, [c.name for c in fits], role) or _by_id(name, fits)
        if found is not None:
            # Base cards come before the variant deck, so "Stealth" is the party deck's Stealth.
            return next(c for c in fits if c.name == found)
        others = [c for c in pool if not isinstance(c, kind)]
        try:
            other = match_name(name, [c.name for c in others], "card")
        except CompanionError:
            other = None
        if other is not None:
            card = next(c for c in others if c.name == other)
            raise CompanionError(
                f"{card.name} is {_article(ROLE_WORDS[card.type])}, not {_article(role)}"
            )
        names = sorted({c.name for c in fits})
        close = difflib.get_close_matches(str(name), names, n=3, cutoff=0.6)
        if not close:
            close = difflib.get_close_matches(str(name).title(), names, n=3, cutoff=0.6)
        hint = (
            f" (did you mean {' or '.join(close)}?)"
            if close
            else f" ({_plural(role)}: {', '.join(names)})"
        )
        raise CompanionError(f"no {role} named '{name}'{hint}")

    def hero(self, name: str) -> Hero:
        return self._find(name, Hero, "hero")

    def creature(self, name: str) -> Creature:
        return self._find(name, Creature, "creature")

    def trap(self, name: str) -> Trap:
        return self._find(name, Trap, "trap")

    def room(self, name: str) -> Room:
        return self._find(name, Room, "room")

    def obstacle(self, name: str) -> Obstacle:
        return self._find(name, Obstacle, "obstacle")

    def attribute(self, name: str) -> AttributeCard:
        return self._find(name, AttributeCard, "attribute card")

    def treasure(self, name: str) -> PartyTreasure:
        return self._find(name, PartyTreasure, "treasure card")

    def special(self, name: str) -> PartySpecial:
        return self._find(name, PartySpecial, "special card")

    def dm_card(self, name: str) -> Creature | Trap | Room | Obstacle:
        """Any card the Dungeon Master can play (what a Secret Passage discards)."""
        kinds: tuple[type[Creature | Trap | Room | Obstacle], ...] = (
            Creature,
            Trap,
            Room,
            Obstacle,
        )
        return self._find(name, kinds, "Dungeon Master card")

    def characters(self) -> tuple[Hero, ...]:
        """The character deck, in its file order."""
        return tuple(c for c in self.cards.deck("characters") if isinstance(c, Hero))

    def deck_limits(self, variant: bool) -> dict[str, int]:
        """Copies of each card name in the decks in use (the variant adds its Stealth)."""
        limits: dict[str, int] = {}
        for card in self.cards:
            if card.deck == "characters" or (card.variant and not variant):
                continue
            limits[card.name] = limits.get(card.name, 0) + card.quantity
        return limits


def _by_id(name: str, cards: Iterable[CardModel]) -> str | None:
    wanted = normal(name)
    return next((c.name for c in cards if normal(c.id) == wanted), None)


def _plural(role: str) -> str:
    """``hero`` is ``heroes``; every other role takes an ``s``."""
    return "heroes" if role == "hero" else role + "s"


def _article(words: str) -> str:
    return ("an " if words[0] in "aeiou" else "a ") + words
