"""What a Dungeon Poker showdown decides beyond the pots: treasures, soul gems, monsters, deaths.

:class:`DungeonPokerResult` is the engine's
:class:`~companion.poker.showdown.ShowdownResult` with the fields only this
game's showdown has; ``companion showdown --json`` and ``table showdown``
print them (docs/showdown.md, "What comes out").
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.events import sentence
from companion.games.dungeon_poker.showdown_events import MonsterCardGoes
from companion.poker.showdown import ShowdownResult, Tally


@dataclass(frozen=True)
class MonsterFate:
    """How a monster fared and where its card goes (``goes``, the event that says so)."""

    name: str
    card: str
    outcome: str
    """``won`` (the deal), ``tied``, ``side-pot`` (won only a side pot), ``lost``,
    ``killed`` (before the showdown) or ``folded`` (the Golem with its owner)."""
    goes: MonsterCardGoes

    @property
    def fate(self) -> str:
        """Where the card goes, in words (the end of its event's sentence)."""
        return sentence(self.goes).removeprefix(f"{self.name} ").removesuffix(".")

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "card": self.card, "outcome": self.outcome, "fate": self.fate}


@dataclass(frozen=True)
class DungeonPokerResult(ShowdownResult):
    """A settled Dungeon Poker showdown: the pots, and what the game's rules handed out."""

    treasures_waiting: int = 0
    """Treasures left on the table for the next deal's winner."""
    soul_gems: dict[str, int] = field(default_factory=dict)
    """Soul gems each player gains (+) or loses (-)."""
    treasures_lost: dict[str, int] = field(default_factory=dict)
    """Treasures each player discards (a monster's win)."""
    monsters: tuple[MonsterFate, ...] = ()
    dead: tuple[str, ...] = ()
    """Characters left without gold (when ``stack`` was given)."""

    def tallies(self) -> tuple[Tally, ...]:
        treasures, bank = super().tallies()
        return (treasures, Tally("soul gems", self.soul_gems, signed=True), bank)

    def game_json(self) -> dict[str, object]:
        return {
            "treasures_waiting": self.treasures_waiting,
            "soul_gems": dict(self.soul_gems),
            **super().game_json(),  # bank
            "treasures_lost": dict(self.treasures_lost),
            "monsters": [m.to_json() for m in self.monsters],
            "dead": list(self.dead),
        }
