"""Immutable values the table store hands out: tables, physical cards, history, draws.

>>> t = TableInfo(id=1, name="friday", game="snap", seed=7, players=("Ann", "Bo"), options={}, created=0.0)
>>> t.player("ann")
'Ann'
>>> CardCopy("standard", 3, "ks", "held", "Bo", 0)
CardCopy(standard#3 'ks' held by Bo)
"""

from __future__ import annotations

import datetime as _dt
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from companion.errors import CompanionError
from companion.events import Event, sentence

PILES: tuple[str, ...] = ("draw", "discard", "removed", "in_play", "held", "aside")
"""Where a card can be: the draw pile, the discard pile (a game's
graveyard), removed from the game, in play on the table, held by a player,
or put aside at setup (still in the box)."""

PILE_NAMES: dict[str, str] = {
    "draw": "draw pile",
    "discard": "discard pile",
    "removed": "removed from the game",
    "in_play": "in play",
    "held": "held",
    "aside": "set aside",
}


def name_key(name: str) -> str:
    """How two table or player names are compared: one Unicode spelling (NFC),
    case folded (``Straße`` = ``STRASSE``, ``Ärger`` = ``ärger``), spaces collapsed.

    >>> name_key("  Straße ") == name_key("STRASSE"), name_key("Ärger") == name_key("a\u0308rger")
    (True, True)
    """
    return " ".join(unicodedata.normalize("NFC", name).casefold().split())


@dataclass(frozen=True, slots=True)
class CardCopy:
    """One physical card at a table: ``copy`` numbers the copies of a deck from 1."""

    deck: str
    copy: int
    card_id: str
    pile: str
    holder: str | None
    pos: int

    def __repr__(self) -> str:
        where = f"{self.pile} by {self.holder}" if self.holder else self.pile
        return f"CardCopy({self.deck}#{self.copy} {self.card_id!r} {where})"


@dataclass(frozen=True)
class TableInfo:
    """A table: its game, players in seat order, seed and setup options."""

    id: int
    name: str
    game: str
    seed: int
    players: tuple[str, ...]
    options: Mapping[str, Any]
    created: float

    def __repr__(self) -> str:
        return f"<Table {self.name!r} {self.game} players={list(self.players)} seed={self.seed}>"

    def player(self, name: str) -> str:
        """The seated player called ``name`` (any case); an error naming the players if none."""
        wanted = name_key(name)
        for player in self.players:
            if name_key(player) == wanted:
                return player
        raise CompanionError(
            f"'{name}' is not a player at table '{self.name}' (players: {', '.join(self.players)})"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "game": self.game,
            "players": list(self.players),
            "seed": self.seed,
            "options": dict(self.options),
            "created": _iso(self.created),
        }


@dataclass(frozen=True)
class HistoryEntry:
    """One line of a table's append-only history: who did what (the typed event), when."""

    id: int
    at: float
    actor: str | None
    event: Event
    undoable: bool = True
    undoes: int | None = None

    def __repr__(self) -> str:
        return f"<HistoryEntry #{self.id} {self.action}: {self.event!r}>"

    @property
    def action(self) -> str:
        """The kind of the entry's event (``draw``, ``showdown``, ``undo``...)."""
        return self.event.kind

    @property
    def summary(self) -> str:
        """The entry's event in words."""
        return sentence(self.event)

    @property
    def when(self) -> str:
        return _iso(self.at)

    def seen_by(self, viewer: str | None) -> HistoryEntry:
        """The entry as ``viewer`` may know it (``None``: everyone at the table)."""
        seen = self.event.seen_by(viewer)
        return self if seen is self.event else replace(self, event=seen)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "at": self.when,
            "actor": self.actor,
            "action": self.action,
            "summary": self.summary,
            "event": self.event.to_json(),
            "undoable": self.undoable,
            "undoes": self.undoes,
        }


@dataclass(frozen=True)
class DrawnCard:
    """A card that was just drawn (or looked at), with where it went and what it means now."""

    deck: str
    copy: int
    card_id: str
    name: str
    kind: str
    text: str
    pile: str
    holder: str | None = None
    model: Any = field(default=None, repr=False, compare=False)
    notes: tuple[str, ...] = ()
    info: Mapping[str, Any] = field(default_factory=dict)

    def __repr__(self) -> str:
        return f"<DrawnCard {self.deck}/{self.card_id} #{self.copy} -> {self.pile}{' ' + self.holder if self.holder else ''}>"

    @property
    def card_class(self) -> str:
        """What kind of card this is, in the game's words (``major artifact``, ``monster``):
        the card model says (``card_class``)."""
        said = getattr(self.model, "card_class", None)
        return said if isinstance(said, str) else self.kind.replace("-", " ")

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": self.card_id,
            "name": self.name,
            "deck": self.deck,
            "type": self.kind,
            "class": self.card_class,
            "text": self.text,
            "copy": self.copy,
            "pile": self.pile,
            "holder": self.holder,
            "notes": list(self.notes),
        }
        data.update(self.info)
        return data


class DrawResult(list[DrawnCard]):
    """The cards of one draw, plus notes about the draw as a whole (a reshuffle, an empty deck).

    >>> DrawResult([], ["all monsters have been slain"]).notes
    ('all monsters have been slain',)
    """

    def __init__(self, cards: Iterable[DrawnCard] = (), notes: Iterable[str] = ()) -> None:
        super().__init__(cards)
        self.notes: tuple[str, ...] = tuple(dict.fromkeys(notes))


def _iso(timestamp: float) -> str:
    return _dt.datetime.fromtimestamp(timestamp, tz=_dt.UTC).isoformat(timespec="seconds")
