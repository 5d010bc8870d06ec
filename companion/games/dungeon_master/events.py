"""What each change to the Dungeon Master party records in its log, as typed events.

Every ``dm`` command that changes the party returns one event, and the log
keeps it (:mod:`companion.games.dungeon_master.store`): a fight names each
card with the hero it was played on and what it did, and who fell by the
``--lose`` choice and who at random; a treasure phase names each recovery
card with the hero who held its attribute and the hero it brought back. The
words are the ui's (:mod:`companion.ui.render.words.dungeon_master`); the log
line, ``dm party log`` and ``--json`` all say the same event.

>>> armor = CardUse("Armor", "Cleric", "kept")
>>> fought = TurnFought(dm=("Giants", "Trolls"), plays=(CardUse("Spell", "Wizard", "fight", 4), armor),
...                     dm_total=11, party_total=4, killed=("Elf", "Wizard"), named=("Elf",))
>>> fought.at_random
('Wizard',)
>>> fought.fields_json()["plays"][1]
{'card': 'Armor', 'holder': 'Cleric', 'use': 'kept', 'points': None, 'cancels': None}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from companion.events import Event

Use = Literal["fight", "ability", "kept"]
"""What a party card did in the fight: its points, its ability, or kept in hand for the
treasure phase (Heal, Shield, Armor)."""


@dataclass(frozen=True)
class CardUse:
    """One party card of a fight: the hero it was played on (None: on no hero, a Stealth),
    its use, its Fight points, and the trap or obstacle it cancelled."""

    card: str
    holder: str | None
    use: Use
    points: int | None = None
    cancels: str | None = None


@dataclass(frozen=True)
class TurnFought(Event):
    """``dm fight``: a turn's resolution phase. ``named`` are the heroes killed because the
    ``--lose`` choice named them (in order), the others fell at random."""

    kind: ClassVar[str] = "dm-fight"
    rule: ClassVar[str] = "001, Resolution Phase"
    dm: tuple[str, ...] = ()
    passed: tuple[str, ...] = ()
    """Dungeon Master cards a Secret Passage discarded."""
    plays: tuple[CardUse, ...] = ()
    treasure: tuple[str, ...] = ()
    """Treasure cards the party put at risk."""
    dm_total: int | None = None
    party_total: int | None = None
    killed: tuple[str, ...] = ()
    named: tuple[str, ...] = ()
    treasure_lost: bool = False
    obstacle: Literal["beaten", "lost", "cleared"] | None = None
    wiped: bool = False

    @property
    def at_random(self) -> tuple[str, ...]:
        """The heroes killed at random (not named by the ``--lose`` choice)."""
        return tuple(n for n in self.killed if n not in self.named)


@dataclass(frozen=True)
class Recovered:
    """A Heal, Shield or Armor card of the treasure phase: the living hero with its attribute
    who played it (``holder``) and the hero it brought back (None: it stayed in hand)."""

    card: str
    holder: str | None
    hero: str | None
    kept: bool = False
    """A card kept in the fight, which the treasure phase played by itself."""


@dataclass(frozen=True)
class Freed:
    """A Prisoner card: the character it freed, named by the player or drawn at random."""

    hero: str
    named: bool


@dataclass(frozen=True)
class Levelled:
    """A level from an Experience card or a claimed Magic Items card: ``roll`` is the d10
    (None: the attribute was named), ``named`` whether the player named the hero."""

    source: str
    hero: str
    attribute: str
    level: int
    roll: int | None
    named: bool


@dataclass(frozen=True)
class TreasurePlayed(Event):
    """``dm treasure``: the treasure phase of the open turn."""

    kind: ClassVar[str] = "dm-treasure"
    rule: ClassVar[str] = "001, Treasure Phase"
    claimed: tuple[str, ...] = ()
    gained: int = 0
    pile: int = 0
    freed: tuple[Freed, ...] = ()
    recoveries: tuple[Recovered, ...] = ()
    levels: tuple[Levelled, ...] = ()
    won: bool = False


@dataclass(frozen=True)
class TurnResolved(Event):
    """``dm resolve --apply``: one encounter in one go, its fight and its treasure phase
    (None when the party was wiped out)."""

    kind: ClassVar[str] = "dm-resolve"
    rule: ClassVar[str] = "001, Turn Sequence"
    fight: TurnFought
    treasure: TreasurePlayed | None = None


@dataclass(frozen=True)
class PartyFormed(Event):
    """``dm party new``: ten characters drawn, six kept (``how``: named on the line, chosen
    at the prompt, or at random)."""

    kind: ClassVar[str] = "dm-new"
    rule: ClassVar[str] = "001, Setup"
    drawn: tuple[str, ...] = ()
    kept: tuple[str, ...] = ()
    how: Literal["named", "chosen", "random"] = "named"
    variant: bool = False


@dataclass(frozen=True)
class HeroesKilled(Event):
    """``dm party kill``: deaths recorded by hand; ``random`` of them drawn at random.
    ``lost`` is the treasure of the turn discarded because a hero fell."""

    kind: ClassVar[str] = "dm-kill"
    heroes: tuple[str, ...] = ()
    random: int = 0
    alive: int = 0
    lost: tuple[str, ...] = ()
    wiped: bool = False


@dataclass(frozen=True)
class HeroesRevived(Event):
    """``dm party revive``: heroes killed this turn brought back by hand (with ``card``)."""

    kind: ClassVar[str] = "dm-revive"
    heroes: tuple[str, ...] = ()
    card: str | None = None
    alive: int = 0


@dataclass(frozen=True)
class LevelChanged(Event):
    """``dm party level-up`` (``roll``: the d10, None when the attribute was named)."""

    kind: ClassVar[str] = "dm-level-up"
    hero: str = ""
    attribute: str = ""
    level: int = 0
    roll: int | None = None


@dataclass(frozen=True)
class LevelTakenBack(Event):
    """``dm party level-down``: a level gained by mistake taken back."""

    kind: ClassVar[str] = "dm-level-down"
    hero: str = ""
    attribute: str = ""
    level: int = 0


@dataclass(frozen=True)
class HeroRecruited(Event):
    """``dm party recruit``: a Prisoner card played by hand."""

    kind: ClassVar[str] = "dm-recruit"
    hero: str = ""
    named: bool = True
    alive: int = 0


@dataclass(frozen=True)
class HeroDismissed(Event):
    """``dm party dismiss``: a hero freed by mistake goes back to the character deck."""

    kind: ClassVar[str] = "dm-dismiss"
    hero: str = ""


@dataclass(frozen=True)
class PileChanged(Event):
    """``dm party claim``: cards into the pile, cards taken back, points typed as a number."""

    kind: ClassVar[str] = "dm-claim"
    cards: tuple[str, ...] = ()
    back: tuple[str, ...] = ()
    points: int = 0
    gained: int = 0
    pile: int = 0
    won: bool = False


@dataclass(frozen=True)
class ChangeUndone(Event):
    """``dm undo``: the change of log entry ``seq`` taken back."""

    kind: ClassVar[str] = "dm-undo"
    seq: int = 0
    action: str = ""
    undone: Event | None = None


@dataclass(frozen=True)
class Noted(Event):
    """A correction written by hand into the log."""

    kind: ClassVar[str] = "dm-note"
    what: str = ""


@dataclass(frozen=True)
class Logged(Event):
    """A line written before the log kept typed events: its words as they were kept."""

    kind: ClassVar[str] = "dm-logged"
    action: str = ""
    what: str = ""
    result: str = ""
