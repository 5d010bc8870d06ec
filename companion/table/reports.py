"""The documents the table commands print with ``--json``, shaped here and not in the CLI.

Each command of ``companion table``, ``draw`` and ``deck`` prints one JSON
document: the table's name and what the command did. The CLI builds one of
these reports from what the library returned and prints ``to_json()``; the
Rich view reads the same report.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from companion.events import sentence
from companion.table.actions import DeckStatus, game_cards, holdings, status
from companion.table.betting import TableBetting
from companion.table.betting import load as load_betting
from companion.table.drawing import rules_for
from companion.table.events import BetMade
from companion.table.model import DrawnCard, HistoryEntry, TableInfo, name_key
from companion.table.store import Transaction
from companion.table.views import DEALER, Audience, View

DISPLAY_ONLY = ("lines", "player_columns", "per_player", "cards_decks")
"""Keys of a game's overview that only shape the Rich view of ``table show``."""


class Reported(Protocol):
    """A library result that knows its own JSON document."""

    def to_json(self) -> Any: ...


@dataclass(frozen=True)
class AtTable:
    """A result of the library, reported with the table it was done at."""

    table: str
    result: Reported

    def to_json(self) -> dict[str, Any]:
        return {"table": self.table, **self.result.to_json()}


@dataclass(frozen=True)
class CardsReport:
    """Cards drawn, moved or looked at, with what the rules said of them."""

    table: str
    cards: Sequence[DrawnCard]
    notes: Sequence[str] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, table: TableInfo, cards: Sequence[DrawnCard], **extra: Any) -> CardsReport:
        """Cards as the library returned them (a ``DrawResult`` carries its notes)."""
        return cls(table.name, list(cards), tuple(getattr(cards, "notes", ())), extra)

    def to_json(self) -> dict[str, Any]:
        return {
            "table": self.table,
            "cards": [c.to_json() for c in self.cards],
            "notes": list(self.notes),
            **self.extra,
        }


@dataclass(frozen=True)
class TableSetup:
    """``table new``: the table, the setup's notes and what each player was dealt."""

    table: TableInfo
    notes: Sequence[str]
    holdings: Mapping[str, Sequence[DrawnCard]]

    def to_json(self) -> dict[str, Any]:
        return {
            "table": self.table.to_json(),
            "notes": list(self.notes),
            "holdings": {p: [c.to_json() for c in cs] for p, cs in self.holdings.items()},
        }


@dataclass(frozen=True)
class TableList:
    """``table list``: every table in the state file, the current one marked."""

    tables: Sequence[TableInfo]
    current: str

    def is_current(self, table: TableInfo) -> bool:
        return name_key(table.name) == name_key(self.current)

    def to_json(self) -> list[dict[str, Any]]:
        return [{**t.to_json(), "current": self.is_current(t)} for t in self.tables]


def table_list(tx: Transaction) -> TableList:
    return TableList(tx.tables(), tx.current_table_name() or "")


@dataclass(frozen=True)
class TableSelected:
    """``table select``: the table made current."""

    table: TableInfo

    def to_json(self) -> dict[str, Any]:
        return {"table": self.table.name, "game": self.table.game, "current": True}


@dataclass(frozen=True)
class TableDeleted:
    """``table delete``: the table, and whether it was deleted or kept (the answer was no)."""

    table: TableInfo
    deleted: bool

    def to_json(self) -> dict[str, Any]:
        return {"table": self.table.name, "game": self.table.game, "deleted": self.deleted}


@dataclass(frozen=True)
class BetReport:
    """``table bet``: the action as the table took it, and the betting after it."""

    table: str
    event: BetMade
    betting: TableBetting

    def to_json(self) -> dict[str, Any]:
        return {
            "table": self.table,
            "action": self.event.to_json(),
            "summary": sentence(self.event),
            "betting": self.betting.to_view_json(),
        }


@dataclass(frozen=True)
class TableView:
    """``table show``: players and what they hold, the decks, and the game's own state;
    ``view`` is the table as the dealer's view has it (what the screen shows)."""

    table: TableInfo
    current: bool
    holdings: Mapping[str, Sequence[DrawnCard]]
    decks: Sequence[DeckStatus]
    overview: Mapping[str, Any]
    view: View
    betting: TableBetting | None = None

    @property
    def game_state(self) -> dict[str, Any]:
        """The game's part of the overview (what ``--json`` carries, without the screen layout)."""
        return {k: v for k, v in self.overview.items() if k not in DISPLAY_ONLY}

    def to_json(self) -> dict[str, Any]:
        return {
            "table": self.table.to_json(),
            "current": self.current,
            "players": [
                {"name": p, "cards": [c.to_json() for c in self.holdings[p]]}
                for p in self.table.players
            ],
            "decks": [d.to_json() for d in self.decks],
            "board": [c.to_json() for c in self.view.board],
            "open_cards": [c.to_json() for c in self.view.open_cards],
            **self.game_state,
            "betting": None if self.betting is None else self.betting.to_view_json(),
        }

    def state_json(self) -> dict[str, Any]:
        """The table's state after a command that changed it (``table showdown``'s ``table``)."""
        return {"name": self.table.name, **self.game_state}


def table_view(tx: Transaction, table: TableInfo) -> TableView:
    rules = rules_for(table.game)
    cards = game_cards(table)
    overview = rules.overview(tx, table, cards)
    current = name_key(tx.current_table_name() or "") == name_key(table.name)
    seen = rules.view(tx, table, cards, DEALER)
    tracked = load_betting(tx, table)
    return TableView(
        table, current, holdings(tx, table), status(tx, table), overview, seen, tracked
    )


@dataclass(frozen=True)
class HandReport:
    """``table hand``: the cards one player holds and has in play."""

    table: str
    player: str
    cards: Sequence[DrawnCard]
    standing: Mapping[str, str] = field(default_factory=dict)
    """The player's line of ``table show`` (the game's own columns: what each
    player has in front of them, in the game's words)."""
    unseen: int = 0
    """Cards of theirs the player may not look at either (a card dealt face down to them)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "table": self.table,
            "player": self.player,
            "cards": [c.to_json() for c in self.cards],
            "standing": dict(self.standing),
            "unseen": self.unseen,
        }


def standing_of(overview: Mapping[str, Any], player: str) -> dict[str, str]:
    """One player's line of a game's overview, by its column names."""
    row = (overview.get("per_player") or {}).get(player, [])
    columns = overview.get("player_columns", [])
    return {str(c): str(v) for c, v in zip(columns, row, strict=False)}


def hand_report(tx: Transaction, table: TableInfo, player: str) -> HandReport:
    """``table hand PLAYER``: the cards they hold and have in play, and their standing, as
    their own seat's view has them (a card dealt unseen only counted)."""
    who = table.player(player)
    seat = rules_for(table.game).view(tx, table, game_cards(table), Audience.seat(who)).seat(who)
    return HandReport(table.name, who, seat.cards, dict(seat.standing), seat.hidden)


@dataclass(frozen=True)
class HistoryReport:
    """``table log``: the history, oldest first."""

    table: str
    entries: Sequence[HistoryEntry]

    def to_json(self) -> dict[str, Any]:
        return {"table": self.table, "history": [e.to_json() for e in self.entries]}


@dataclass(frozen=True)
class Undone:
    """``table undo``: the entry undone."""

    table: str
    entry: HistoryEntry

    def to_json(self) -> dict[str, Any]:
        return {"table": self.table, "undone": self.entry.to_json()}


@dataclass(frozen=True)
class DecksReport:
    """``deck status``: each deck's piles."""

    table: str
    decks: Sequence[DeckStatus]

    def to_json(self) -> dict[str, Any]:
        return {"table": self.table, "decks": [d.to_json() for d in self.decks]}


@dataclass(frozen=True)
class Shuffled:
    """``deck shuffle``: the size of the draw pile after shuffling."""

    table: str
    deck: str
    draw: int

    def to_json(self) -> dict[str, Any]:
        return {"table": self.table, "deck": self.deck, "draw": self.draw}
