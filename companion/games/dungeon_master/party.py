"""The party across turns: recruiting six of ten, deaths, recoveries, levels, treasure.

Pure values and functions; :mod:`companion.games.dungeon_master.store` keeps a :class:`Party`
in the SQLite state file, with a log of every change (:class:`LogEntry`).

A party counts its turns: each encounter starts one, a hero remembers the
turn it fell on (only a hero killed this turn can be brought back) and the
turn it joined on (only a hero freed by a Prisoner card can be sent away
again). An encounter fought but not yet through its treasure phase is the
party's :class:`OpenTurn`.

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
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from companion.cards.dungeon_master import ATTRIBUTES, Attribute, Hero, PartyTreasure, is_attribute
from companion.errors import CompanionError
from companion.events import Event, sentence
from companion.games.dungeon_master.model import PartyHero, attribute_named
from companion.games.dungeon_master.names import match_name
from companion.games.dungeon_master.resolve import WINNING_POINTS, Resolution

DRAWN = 10
"""Characters drawn when a party is formed."""
KEPT = 6
"""Characters kept from those drawn."""


@dataclass(frozen=True)
class TrackedHero:
    """A hero of the tracked party: its character card, current levels, alive or dead.

    ``fell_on`` is the turn the hero was killed on (None while alive);
    ``joined_on`` the turn a Prisoner card freed it (0 for the six of the setup).
    """

    name: str
    card_id: str
    levels: Mapping[Attribute, int]
    alive: bool = True
    fell_on: int | None = None
    joined_on: int = 0

    def __init__(
        self,
        name: str,
        card_id: str,
        levels: Mapping[Attribute, int],
        alive: bool = True,
        fell_on: int | None = None,
        joined_on: int = 0,
    ) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "card_id", card_id)
        ordered = {a: int(levels[a]) for a in ATTRIBUTES if levels.get(a, 0) > 0}
        object.__setattr__(self, "levels", MappingProxyType(ordered))
        object.__setattr__(self, "alive", alive)
        object.__setattr__(self, "fell_on", None if alive else (fell_on or 0))
        object.__setattr__(self, "joined_on", joined_on)

    @classmethod
    def from_card(cls, card: Hero, joined_on: int = 0) -> TrackedHero:
        return cls(card.name, card.id, dict(card.attributes), joined_on=joined_on)

    def _key(self) -> tuple[Any, ...]:
        return (
            self.name,
            self.card_id,
            tuple(self.levels.items()),
            self.alive,
            self.fell_on,
            self.joined_on,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TrackedHero) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        state = "" if self.alive else f" dead(turn {self.fell_on})"
        return f"<TrackedHero {self.name}{state} {' '.join(f'{a}={n}' for a, n in self.levels.items())}>"

    def as_party_hero(self) -> PartyHero:
        return PartyHero(self.name, self.levels)

    def describe(self) -> str:
        return ", ".join(f"{a} {n}" for a, n in self.levels.items())

    def level(self, attribute: Attribute) -> int:
        return self.levels.get(attribute, 0)

    def to_state(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "card_id": self.card_id,
            "levels": dict(self.levels),
            "alive": self.alive,
            "fell_on": self.fell_on,
            "joined_on": self.joined_on,
        }

    @classmethod
    def from_state(cls, data: Mapping[str, Any]) -> TrackedHero:
        return cls(
            str(data["name"]),
            str(data["card_id"]),
            saved_levels(str(data["name"]), data["levels"]),
            bool(data["alive"]),
            None if data.get("fell_on") is None else int(data["fell_on"]),
            int(data.get("joined_on") or 0),
        )


def saved_levels(hero: str, levels: Any) -> dict[Attribute, int]:
    """A hero's levels as saved: attribute names and levels of 1 or more, or ValueError
    (a saved party is never read with a level dropped or made up).

    >>> saved_levels("Wizard", {"spell": 4})
    {'spell': 4}
    >>> saved_levels("Wizard", {"fire": 4})
    Traceback (most recent call last):
      ...
    ValueError: Wizard has an unknown attribute 'fire'
    """
    if not isinstance(levels, Mapping) or not levels:
        raise ValueError(f"{hero} has no attribute levels")
    out: dict[Attribute, int] = {}
    for name, level in levels.items():
        if not is_attribute(str(name)):
            raise ValueError(f"{hero} has an unknown attribute '{str(name)[:40]}'")
        if not isinstance(level, int) or isinstance(level, bool) or level < 1:
            raise ValueError(f"{hero} has {name} level {str(level)[:40]}, not 1 or more")
        out[str(name)] = level  # type: ignore[index]  # checked by is_attribute above
    return out


def saved_heroes(heroes: Sequence[TrackedHero]) -> tuple[TrackedHero, ...]:
    """The heroes of a saved party; a party of no heroes is damage (ValueError): every
    party is formed with six, and none leaves but a Prisoner's recruit."""
    if not heroes:
        raise ValueError("the party has no heroes")
    return tuple(heroes)


@dataclass(frozen=True)
class KeptCard:
    """A Heal, Shield or Armor card named in the fight and kept in hand for the treasure
    phase, with the hero it was named on (None: on no hero)."""

    card: str
    holder: str | None = None

    def __str__(self) -> str:
        return f"{self.card} ({self.holder})" if self.holder else self.card

    def to_state(self) -> dict[str, Any]:
        return {"card": self.card, "holder": self.holder}

    @classmethod
    def from_state(cls, data: Any) -> KeptCard:
        if isinstance(data, str):  # saved before the holder was kept
            return cls(data)
        holder = data.get("holder")
        return cls(str(data["card"]), None if holder is None else str(holder))


@dataclass(frozen=True)
class OpenTurn:
    """An encounter fought (``dm fight``) whose treasure phase (``dm treasure``) is still to come."""

    turn: int
    killed: tuple[str, ...] = ()
    """Heroes killed this turn, in the order they fell."""
    treasures: tuple[str, ...] = ()
    """Treasure cards the party put at risk this turn."""
    treasure_lost: bool = False
    cards_used: tuple[str, ...] = ()
    """Party cards spent in the fight (their copies count against the deck in the treasure phase)."""
    kept: tuple[KeptCard, ...] = ()
    """Recovery cards the fight kept in hand for the treasure phase."""
    hand: int = 0
    """Party cards out of the hand in the fight, kept cards included (a hand holds 8)."""

    @property
    def held(self) -> tuple[str, ...]:
        """The names of the kept cards."""
        return tuple(k.card for k in self.kept)

    def to_state(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "killed": list(self.killed),
            "treasures": list(self.treasures),
            "treasure_lost": self.treasure_lost,
            "cards_used": list(self.cards_used),
            "kept": [k.to_state() for k in self.kept],
            "hand": self.hand,
        }

    def fallen(self, name: str) -> OpenTurn:
        """The turn after ``name`` was killed in it (recorded by hand after the fight): one
        more hero to bring back, and the treasure played is discarded, as for any death."""
        return replace(
            self,
            killed=(*self.killed, name),
            treasure_lost=self.treasure_lost or bool(self.treasures),
        )

    @property
    def treasure_waiting(self) -> tuple[str, ...]:
        """The treasure still in play, to be claimed in the treasure phase."""
        return () if self.treasure_lost else self.treasures

    @classmethod
    def from_state(cls, data: Mapping[str, Any]) -> OpenTurn:
        kept = tuple(KeptCard.from_state(k) for k in data.get("kept", data.get("held", ())))
        cards_used = tuple(str(n) for n in data.get("cards_used", ()))
        treasures = tuple(str(n) for n in data.get("treasures", ()))
        return cls(
            turn=int(data["turn"]),
            killed=tuple(str(n) for n in data.get("killed", ())),
            treasures=treasures,
            treasure_lost=bool(data.get("treasure_lost", False)),
            cards_used=cards_used,
            kept=kept,
            # saved before the hand was counted: the cards it names (Secret Passages aside)
            hand=int(data.get("hand", len(treasures) + len(cards_used) + len(kept))),
        )


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
    """The candidates named by ``choices`` (names, prefixes, ids or 1-based numbers), in that order."""
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
                    f"{what}: number {text} is not between 1 and {len(candidates)}"
                )
            card = candidates[index - 1]
        else:
            found = match_name(text, [c.name for c in candidates], "character")
            found = found or next((c.name for c in candidates if c.id == text.casefold()), None)
            if found is None:
                raise CompanionError(
                    f"{what}: '{text}' is not among the characters drawn ({listed})"
                )
            card = next(c for c in candidates if c.name == found)
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
    claimed: tuple[str, ...] = ()
    """Names of the treasure cards in the party's pile (each card can be claimed once)."""
    turn: int = 0
    """Encounters played so far; the one in progress is this number."""
    variant: bool = False
    """Whether the game is played with the Obstacles variant."""
    open: OpenTurn | None = field(default=None)
    """The encounter waiting for its treasure phase, if any."""

    def __repr__(self) -> str:
        return (
            f"<Party turn {self.turn}: {len(self.living)} alive, {len(self.dead)} dead, "
            f"{self.treasure_points} points>"
        )

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

    def check_playing(self) -> None:
        """Refuse any change once the game is won: the party is closed."""
        if self.winner == "party":
            raise CompanionError(
                f"the game is over: the party won with {self.treasure_points} treasure points; "
                "'companion dm undo' takes back the last change, 'companion dm party new --replace' starts again"
            )
        if self.winner == "dm":
            raise CompanionError(
                "the game is over: every hero is dead and the Dungeon Master won; "
                "'companion dm undo' takes back the last change, 'companion dm party new --replace' starts again"
            )

    # -- heroes ----------------------------------------------------------------------

    def hero(self, name: str) -> TrackedHero:
        """A hero of the party, alive or dead, by name, unique prefix or card id."""
        found = match_name(name, [h.name for h in self.heroes], "hero")
        if found is None:
            wanted = name.strip().casefold()
            found = next((h.name for h in self.heroes if h.card_id == wanted), None)
        if found is None:
            names = ", ".join(h.name for h in self.heroes) or "nobody"
            raise CompanionError(f"no hero named '{name}' in the party (party: {names})")
        return next(h for h in self.heroes if h.name == found)

    def living_hero(self, name: str, doing: str = "") -> TrackedHero:
        """A living hero; a dead one is named as dead, with the turn it fell on."""
        hero = self.hero(name)
        if not hero.alive:
            what = f" and cannot {doing}" if doing else ""
            raise CompanionError(f"{hero.name} is dead (fell on turn {hero.fell_on}){what}")
        return hero

    def _swap(self, new: TrackedHero) -> Party:
        return replace(self, heroes=tuple(new if h.name == new.name else h for h in self.heroes))

    def kill(self, name: str) -> Party:
        """A hero dies on the current turn; while that turn's treasure phase waits, the death
        is one of the turn's (recovery may bring the hero back then)."""
        hero = self.hero(name)
        if not hero.alive:
            raise CompanionError(f"{hero.name} is already dead (fell on turn {hero.fell_on})")
        party = self._swap(replace(hero, alive=False, fell_on=self.turn))
        if self.open is not None and self.open.turn == self.turn:
            party = replace(party, open=self.open.fallen(hero.name))
        return party

    @property
    def killed_this_turn(self) -> tuple[str, ...]:
        """The heroes killed in the open turn and still dead, in the order they fell."""
        if self.open is None:
            return ()
        dead = {h.name for h in self.dead}
        return tuple(n for n in dict.fromkeys(self.open.killed) if n in dead)

    def revive(self, name: str) -> Party:
        """Bring back a hero killed this turn (Heal, Shield or Armor)."""
        hero = self.hero(name)
        if hero.alive:
            raise CompanionError(f"{hero.name} is alive; only a dead hero can be brought back")
        if hero.fell_on != self.turn:
            raise CompanionError(
                f"{hero.name} fell on turn {hero.fell_on}, and only a hero killed this turn "
                f"(turn {self.turn}) can be brought back"
            )
        return self._swap(replace(hero, alive=True, fell_on=None))

    def level_up(self, name: str, attribute: str, amount: int = 1) -> Party:
        gained = attribute_named(attribute)
        hero = self.hero(name)
        if not hero.alive:
            raise CompanionError(
                f"{hero.name} is dead (fell on turn {hero.fell_on}) and cannot gain a level"
            )
        levels = dict(hero.levels)
        levels[gained] = levels.get(gained, 0) + amount
        return self._swap(replace(hero, levels=levels))

    def level_down(self, name: str, attribute: str, printed: int) -> Party:
        """Take back a level gained in ``attribute``; ``printed`` is the card's own level."""
        lost = attribute_named(attribute)
        hero = self.hero(name)
        if hero.level(lost) <= printed:
            raise CompanionError(
                f"{hero.name} has gained no {lost} level to take back "
                f"({lost} {hero.level(lost)}, as printed on the card)"
            )
        levels = dict(hero.levels)
        levels[lost] -= 1
        return self._swap(replace(hero, levels=levels))

    def recruit(self, card: Hero) -> Party:
        """Add a new hero (a Prisoner card); the card leaves the character deck."""
        if any(h.card_id == card.id for h in self.heroes):
            raise CompanionError(f"{card.name} is already in the party")
        if card.id in self.discarded:
            raise CompanionError(
                f"{card.name} was set aside when the party was formed; a Prisoner frees "
                "one of the characters never drawn"
            )
        if card.id not in self.deck:
            raise CompanionError(f"{card.name} is not in the character deck")
        return replace(
            self,
            heroes=(*self.heroes, TrackedHero.from_card(card, joined_on=max(self.turn, 1))),
            deck=tuple(i for i in self.deck if i != card.id),
        )

    def dismiss(self, name: str) -> Party:
        """Send away a hero a Prisoner card brought; its card goes back into the character deck."""
        hero = self.hero(name)
        if hero.joined_on == 0:
            raise CompanionError(
                f"{hero.name} was one of the six kept at the start; only a hero freed by a "
                "Prisoner card can be sent away"
            )
        return replace(
            self,
            heroes=tuple(h for h in self.heroes if h.name != hero.name),
            deck=(*self.deck, hero.card_id),
        )

    # -- treasure --------------------------------------------------------------------

    def add_points(self, points: int) -> Party:
        if self.treasure_points + points < 0:
            raise CompanionError(
                f"the treasure pile cannot go below 0 (it has {self.treasure_points})"
            )
        return replace(self, treasure_points=self.treasure_points + points)

    def claim(self, cards: Sequence[PartyTreasure], deck_limits: Mapping[str, int]) -> Party:
        """Put treasure cards into the pile: their points, each card at most as often as the deck holds it."""
        names = [c.name for c in cards]
        for card in {c.name: c for c in cards}.values():
            self.check_pile_room(
                card.name, names.count(card.name), deck_limits.get(card.name, card.quantity)
            )
        return replace(self, claimed=(*self.claimed, *names)).add_points(
            sum(c.points for c in cards)
        )

    def check_pile_room(self, name: str, count: int, limit: int, doing: str = "claimed") -> None:
        """Refuse ``count`` more ``name`` cards (claimed, or risked in a fight) when the pile
        already keeps so many that the party deck holds no more."""
        kept = self.claimed.count(name)
        if kept + count > limit:
            raise CompanionError(
                f"{count} {name} {doing}, but the party deck holds {limit} and "
                f"{kept} {'is' if kept == 1 else 'are'} already in the treasure pile"
            )

    def give_back(self, cards: Sequence[PartyTreasure]) -> Party:
        """Take treasure cards back out of the pile, with their points (a correction)."""
        claimed = list(self.claimed)
        for card in cards:
            if card.name not in claimed:
                held = ", ".join(self.claimed) or "no cards"
                raise CompanionError(
                    f"-{card.name}: the treasure pile holds no {card.name} to take back "
                    f"(it holds {held})"
                )
            del claimed[len(claimed) - 1 - claimed[::-1].index(card.name)]
        points = sum(c.points for c in cards)
        return replace(self, claimed=tuple(claimed), treasure_points=self.treasure_points - points)

    def correct_points(self, points: int, card_points: int) -> Party:
        """Add or take back points typed as a number; ``card_points`` is what the pile's cards
        are worth. The pile is always its cards' points plus the typed points, so a number
        never takes back points a card stands for (that card is taken back by name)."""
        typed = self.treasure_points - card_points
        if typed + points < 0:
            first = self.claimed[-1] if self.claimed else ""
            cards = (
                f"; the cards in it ({', '.join(self.claimed)}) are worth {card_points}: "
                f"take a card back by name, e.g. 'companion dm party claim -- -{first.lower()}'"
                if card_points
                else ""
            )
            raise CompanionError(
                f"claim {points}: a number takes back only points typed as a number, and the "
                f"treasure pile has {max(typed, 0)} of those{cards}"
            )
        return self.add_points(points)

    # -- turns -----------------------------------------------------------------------

    def begin_turn(self) -> Party:
        """A new encounter: the turn count goes up; deaths from now on belong to it."""
        return replace(self, turn=self.turn + 1, open=None)

    def apply(self, result: Resolution, cards_by_name: Mapping[str, Hero]) -> Party:
        """The party after an encounter resolved on its living heroes (in the current turn)."""
        party = self
        for name in result.killed:
            party = party.kill(name)
        for name in result.recovered:
            party = party.revive(name)
        for name in result.new_heroes:
            party = party.recruit(cards_by_name[name])
        for up in result.level_ups:
            party = party.level_up(up.hero, up.attribute)
        party = replace(party, claimed=(*party.claimed, *result.treasure_claimed))
        return party.add_points(result.points_gained)

    # -- saving ----------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "heroes": [
                {
                    "name": h.name,
                    "id": h.card_id,
                    "alive": h.alive,
                    "attributes": dict(h.levels),
                    "fell_on": h.fell_on,
                    "joined_on": h.joined_on,
                }
                for h in self.heroes
            ],
            "alive": len(self.living),
            "treasure_points": self.treasure_points,
            "treasure_cards": list(self.claimed),
            "winner": self.winner,
            "turn": self.turn,
            "variant": self.variant,
            "open_turn": self.open.to_state() if self.open else None,
            "characters_left": len(self.deck),
            "party_seed": self.seed,
        }

    def to_state(self) -> dict[str, Any]:
        """Everything needed to put the party back as it is (what undo restores)."""
        return {
            "heroes": [h.to_state() for h in self.heroes],
            "treasure_points": self.treasure_points,
            "deck": list(self.deck),
            "discarded": list(self.discarded),
            "seed": None if self.seed is None else str(self.seed),
            "claimed": list(self.claimed),
            "turn": self.turn,
            "variant": self.variant,
            "open": self.open.to_state() if self.open else None,
        }

    @classmethod
    def from_state(cls, data: Mapping[str, Any]) -> Party:
        return cls(
            heroes=saved_heroes([TrackedHero.from_state(h) for h in data["heroes"]]),
            treasure_points=int(data["treasure_points"]),
            deck=tuple(str(i) for i in data["deck"]),
            discarded=tuple(str(i) for i in data["discarded"]),
            seed=None if data.get("seed") is None else int(data["seed"]),
            claimed=tuple(str(n) for n in data.get("claimed", ())),
            turn=int(data.get("turn", 0)),
            variant=bool(data.get("variant", False)),
            open=OpenTurn.from_state(data["open"]) if data.get("open") else None,
        )


@dataclass(frozen=True)
class Change:
    """One change to the party as its log keeps it: the typed event, who it touched, its seed."""

    event: Event
    who: tuple[str, ...] = ()
    seed: int | None = None

    @property
    def action(self) -> str:
        """``new``, ``fight``, ``treasure``, ``resolve``, ``kill``, ``revive``, ``level-up``,
        ``level-down``, ``recruit``, ``dismiss``, ``claim``, ``undo`` or ``note``."""
        return self.event.kind.removeprefix("dm-")


@dataclass(frozen=True)
class LogEntry:
    """One line of the party's log: when, which turn, the change (a typed event), who, the seed."""

    seq: int
    at: str
    turn: int | None
    action: str
    who: tuple[str, ...]
    event: Event
    seed: int | None
    undoable: bool = False
    undone: bool = False
    undoes: int | None = None

    def __repr__(self) -> str:
        return f"<LogEntry #{self.seq} {self.action}: {self.event!r}>"

    @property
    def text(self) -> str:
        """The change in words: what was played → what came of it."""
        return sentence(self.event)

    def line(self) -> str:
        """The entry in one line: ``turn 3 · fight · DM: Orcs, Trolls → 5 against 4; ...``."""
        parts = [f"turn {self.turn}" if self.turn else "setup", self.action, self.text]
        text = " · ".join(p for p in parts if p)
        if self.seed is not None:
            text += f" (seed {self.seed})"
        if self.undone:
            text += " [undone]"
        return text

    def to_json(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "at": self.at,
            "turn": self.turn,
            "action": self.action,
            "who": list(self.who),
            "text": self.text,
            "event": self.event.fields_json(),
            "seed": self.seed,
            "undone": self.undone,
            "undoes": self.undoes,
        }


def new_party(
    drawn: Drawn,
    keep: Sequence[str] | None = None,
    rng: random.Random | None = None,
    seed: int | None = None,
    variant: bool = False,
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
        variant=variant,
    )
