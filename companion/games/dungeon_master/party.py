"""The party across turns: recruiting six of ten, deaths, recoveries, levels, treasure.

Pure values and functions; :mod:`companion.games.dungeon_master.store` keeps a :class:`Party`
in the SQLite state file.

>>> import random
>>> from companion.games.dungeon_master.catalog import Catalog
>>> characters = Catalog.load().characters()
>>> drawn = draw_candidates(characters, random.Random(1))
>>> len(drawn.candidates), len(drawn.rest)
(10, 12)
>>> party = new_party(drawn, keep=[c.name for c in drawn.candidates[:6]], seed=1)
>>> len(party.living), len(party.discarded)
(6, 4)
>>> party.kill(party.living[0].name).revive(party.heroes[0].name) == party
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from companion.cards.dungeon_master import ATTRIBUTES, Attribute, Hero
from companion.errors import CompanionError
from companion.games.dungeon_master.model import PartyHero, attribute_named
from companion.games.dungeon_master.resolve import WINNING_POINTS, Resolution

DRAWN = 10
"""Characters drawn when a party is formed."""
KEPT = 6
"""Characters kept from those drawn."""


@dataclass(frozen=True)
class TrackedHero:
    """A hero of the tracked party: its character card, current levels, alive or dead."""

    name: str
    card_id: str
    levels: Mapping[Attribute, int]
    alive: bool = True

    def __init__(
        self, name: str, card_id: str, levels: Mapping[Attribute, int], alive: bool = True
    ) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "card_id", card_id)
        ordered = {a: int(levels[a]) for a in ATTRIBUTES if levels.get(a, 0) > 0}
        object.__setattr__(self, "levels", MappingProxyType(ordered))
        object.__setattr__(self, "alive", alive)

    @classmethod
    def from_card(cls, card: Hero) -> TrackedHero:
        return cls(card.name, card.id, dict(card.attributes))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TrackedHero) and (
            self.name,
            self.card_id,
            dict(self.levels),
            self.alive,
        ) == (other.name, other.card_id, dict(other.levels), other.alive)

    def __hash__(self) -> int:
        return hash((self.name, self.card_id, tuple(self.levels.items()), self.alive))

    def __repr__(self) -> str:
        state = "" if self.alive else " dead"
        return f"<TrackedHero {self.name}{state} {' '.join(f'{a}={n}' for a, n in self.levels.items())}>"

    def as_party_hero(self) -> PartyHero:
        return PartyHero(self.name, self.levels)

    def describe(self) -> str:
        return ", ".join(f"{a} {n}" for a, n in self.levels.items())


@dataclass(frozen=True)
class Drawn:
    """The characters drawn to form a party, and the rest of the character deck (in order)."""

    candidates: tuple[Hero, ...]
    rest: tuple[Hero, ...]
    seed: int | None = None


def draw_candidates(
    characters: Sequence[Hero], rng: random.Random, count: int = DRAWN, seed: int | None = None
) -> Drawn:
    """Shuffle the character deck and draw ``count`` characters."""
    deck = list(characters)
    rng.shuffle(deck)
    return Drawn(tuple(deck[:count]), tuple(deck[count:]), seed)


def pick(candidates: Sequence[Hero], choices: Iterable[str], what: str = "keep") -> list[Hero]:
    """The candidates named by ``choices`` (names, ids or 1-based numbers), in that order."""
    chosen: list[Hero] = []
    listed = ", ".join(c.name for c in candidates)
    for raw in choices:
        text = raw.strip()
        if not text:
            continue
        if text.isdigit():
            index = int(text)
            if not 1 <= index <= len(candidates):
                raise CompanionError(
                    f"{what}: number {index} is not between 1 and {len(candidates)}"
                )
            card = candidates[index - 1]
        else:
            match = [c for c in candidates if text.casefold() in (c.name.casefold(), c.id)]
            if not match:
                raise CompanionError(
                    f"{what}: '{text}' is not among the characters drawn ({listed})"
                )
            card = match[0]
        if card in chosen:
            raise CompanionError(f"{what}: {card.name} is named twice")
        chosen.append(card)
    return chosen


def auto_keep(candidates: Sequence[Hero], rng: random.Random, count: int = KEPT) -> list[Hero]:
    """``count`` of the candidates chosen at random (the seeded, hands-off way)."""
    kept = rng.sample(list(candidates), count)
    order = {c.id: i for i, c in enumerate(candidates)}
    return sorted(kept, key=lambda c: order[c.id])


@dataclass(frozen=True)
class Party:
    """The tracked party: its heroes (dead ones stay listed), treasure pile and character deck."""

    heroes: tuple[TrackedHero, ...]
    treasure_points: int = 0
    deck: tuple[str, ...] = ()
    """Ids of the characters not yet drawn, top first (Prisoner cards recruit from here)."""
    discarded: tuple[str, ...] = ()
    """Ids of the characters set aside when the party was formed."""
    seed: int | None = None

    def __repr__(self) -> str:
        return f"<Party {len(self.living)} alive, {len(self.dead)} dead, {self.treasure_points} points>"

    @property
    def living(self) -> tuple[TrackedHero, ...]:
        return tuple(h for h in self.heroes if h.alive)

    @property
    def dead(self) -> tuple[TrackedHero, ...]:
        return tuple(h for h in self.heroes if not h.alive)

    @property
    def winner(self) -> str | None:
        """``party`` with 50+ treasure points, ``dm`` when every hero is dead, else None."""
        if self.treasure_points >= WINNING_POINTS:
            return "party"
        if self.heroes and not self.living:
            return "dm"
        return None

    def hero(self, name: str) -> TrackedHero:
        wanted = name.strip().casefold()
        for hero in self.heroes:
            if wanted in (hero.name.casefold(), hero.card_id):
                return hero
        raise CompanionError(
            f"no hero named '{name}' in the party (party: {', '.join(h.name for h in self.heroes)})"
        )

    def _swap(self, new: TrackedHero) -> Party:
        return replace(self, heroes=tuple(new if h.name == new.name else h for h in self.heroes))

    def kill(self, name: str) -> Party:
        hero = self.hero(name)
        if not hero.alive:
            raise CompanionError(f"{hero.name} is already dead")
        return self._swap(replace(hero, alive=False))

    def revive(self, name: str) -> Party:
        hero = self.hero(name)
        if hero.alive:
            raise CompanionError(f"{hero.name} is alive; only a dead hero can be brought back")
        return self._swap(replace(hero, alive=True))

    def level_up(self, name: str, attribute: str, amount: int = 1) -> Party:
        gained = attribute_named(attribute)
        hero = self.hero(name)
        if not hero.alive:
            raise CompanionError(f"{hero.name} is dead and cannot gain a level")
        levels = dict(hero.levels)
        levels[gained] = levels.get(gained, 0) + amount
        return self._swap(TrackedHero(hero.name, hero.card_id, levels, hero.alive))

    def recruit(self, card: Hero) -> Party:
        """Add a new hero (a Prisoner card); the card leaves the character deck."""
        if any(h.card_id == card.id for h in self.heroes):
            raise CompanionError(f"{card.name} is already in the party")
        return replace(
            self,
            heroes=(*self.heroes, TrackedHero.from_card(card)),
            deck=tuple(i for i in self.deck if i != card.id),
        )

    def add_points(self, points: int) -> Party:
        if self.treasure_points + points < 0:
            raise CompanionError(
                f"the treasure pile cannot go below 0 (it has {self.treasure_points})"
            )
        return replace(self, treasure_points=self.treasure_points + points)

    def apply(self, result: Resolution, cards_by_name: Mapping[str, Hero]) -> Party:
        """The party after an encounter resolved on its living heroes."""
        party = self
        for name in result.killed:
            party = party.kill(name)
        for name in result.recovered:
            party = party.revive(name)
        for name in result.new_heroes:
            party = party.recruit(cards_by_name[name])
        for up in result.level_ups:
            party = party.level_up(up.hero, up.attribute)
        return party.add_points(result.points_gained)

    def to_json(self) -> dict[str, Any]:
        return {
            "heroes": [
                {"name": h.name, "id": h.card_id, "alive": h.alive, "attributes": dict(h.levels)}
                for h in self.heroes
            ],
            "alive": len(self.living),
            "treasure_points": self.treasure_points,
            "winner": self.winner,
            "characters_left": len(self.deck),
            "seed": self.seed,
        }


def new_party(
    drawn: Drawn,
    keep: Sequence[str] | None = None,
    rng: random.Random | None = None,
    seed: int | None = None,
) -> Party:
    """Form a party from the drawn characters: the six named in ``keep``, or six at random."""
    if keep is not None:
        kept = pick(drawn.candidates, keep)
        if len(kept) != KEPT:
            raise CompanionError(
                f"keep exactly {KEPT} of the {len(drawn.candidates)} characters drawn (got {len(kept)})"
            )
    else:
        kept = auto_keep(drawn.candidates, rng or random.Random(seed))
    discarded = tuple(c.id for c in drawn.candidates if c not in kept)
    return Party(
        heroes=tuple(TrackedHero.from_card(c) for c in kept),
        deck=tuple(c.id for c in drawn.rest),
        discarded=discarded,
        seed=seed if seed is not None else drawn.seed,
    )
