"""Encounter cards as the clock sees them, and where they come from.

The clock never shuffles anything itself: at each new level that calls for
an encounter it asks an :class:`EncounterSource` (the table's encounter deck
when a table is active) and records the answer per level, so stepping back
and forth between levels never draws twice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, Protocol

EncounterStatus = Literal["drawn", "to-draw", "deck-empty"]


@dataclass(frozen=True)
class Encounter:
    """An encounter card: its name and rules text.

    >>> Encounter("High tide", "Every pot is a little wetter.")
    Encounter('High tide')
    """

    name: str
    text: str = ""
    id: str | None = None

    def __repr__(self) -> str:
        return f"Encounter({self.name!r})"


@dataclass(frozen=True)
class EncounterRecord:
    """What happened about the encounter of one level.

    ``drawn``: the table drew ``encounter``; ``to-draw``: no table is active,
    the players draw the card by hand; ``deck-empty``: the deck had run out,
    so the level is played without one.
    """

    level: int
    status: EncounterStatus
    encounter: Encounter | None = None

    def __repr__(self) -> str:
        shown = f" {self.encounter.name!r}" if self.encounter else ""
        return f"<EncounterRecord level {self.level}: {self.status}{shown}>"

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"level": self.level, "status": self.status}
        if self.encounter is not None:
            data["encounter"] = {
                "name": self.encounter.name,
                "text": self.encounter.text,
                "id": self.encounter.id,
            }
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> EncounterRecord:
        enc = data.get("encounter")
        encounter = (
            Encounter(str(enc["name"]), str(enc.get("text") or ""), enc.get("id")) if enc else None
        )
        status = data["status"]
        if status not in ("drawn", "to-draw", "deck-empty"):
            raise ValueError(f"unknown encounter status {status!r}")
        return cls(int(data["level"]), status, encounter)


class EncounterSource(Protocol):
    """Somewhere to draw the next encounter card from (the table's deck)."""

    def draw_encounter(self, level: int) -> Encounter | None:
        """Draw the encounter for ``level``; ``None`` when the deck is empty."""
        ...


class TableLevelSource(Protocol):
    """An encounter source that also keeps a level of its own (a table).

    The table can be moved on from elsewhere (``companion table level``, the
    dealer's page): ``level_ahead`` is the table's level when it went past
    the one the clock last saw, so the clock follows it before any change.
    """

    def draw_encounter(self, level: int) -> Encounter | None: ...

    def level_ahead(self) -> int | None:
        """The table's level, when it is past the level the clock last saw; else ``None``."""
        ...


class ListEncounterSource:
    """Encounters drawn in a fixed order from a list (tests, demos).

    >>> deck = ListEncounterSource([Encounter("High tide"), Encounter("Fog")])
    >>> deck.draw_encounter(2), deck.draw_encounter(3), deck.draw_encounter(4)
    (Encounter('High tide'), Encounter('Fog'), None)
    >>> deck.drawn
    [(2, 'High tide'), (3, 'Fog')]
    """

    def __init__(self, encounters: list[Encounter]) -> None:
        self._pile = list(encounters)
        self.drawn: list[tuple[int, str]] = []

    def draw_encounter(self, level: int) -> Encounter | None:
        if not self._pile:
            return None
        card = self._pile.pop(0)
        self.drawn.append((level, card.name))
        return card


class CallableEncounterSource:
    """Adapts a plain function ``level -> Encounter | None`` to a source."""

    def __init__(self, draw: Callable[[int], Encounter | None]) -> None:
        self._draw = draw

    def draw_encounter(self, level: int) -> Encounter | None:
        return self._draw(level)
