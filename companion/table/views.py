"""What each screen may see of a table: one view for each audience, built from the state.

A table has three kinds of audience: the **public** (the TV across the room,
``/clock``), the **dealer** (the dealer's page and ``table show``, both seen
by the whole table) and each **seat** (a player's own phone). Each game
builds every audience's view with one function (its table rules'
:meth:`~companion.table.drawing.GameRules.view`), from the table's state and
history:

* the public facts are the same in every view: the level, the victory (and
  what a player needs to win), the board, the cards that lie face up (a
  monster's open cards, an open top card), the game's public lines and each
  player's standing;
* a card is in a view only if that audience may see it: a card in another
  player's hand is not in the view at all, only counted (``hidden``); a card
  dealt face down to its own holder (unseen) is not in the holder's view
  either;
* the history comes as each event appears to that audience
  (:meth:`companion.events.Event.seen_by`).

Nothing filters words afterwards: a page renders its view, and what the view
leaves out cannot be on the page.

>>> str(PUBLIC), str(DEALER), str(Audience.seat("ann"))
('public', 'dealer', 'seat:ann')
>>> Audience.seat("ann").viewer, DEALER.viewer
('ann', None)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from companion.table.model import DrawnCard, HistoryEntry, TableInfo

HISTORY_SHOWN = 8
"""The table's last actions a dealer's or a player's view carries."""


@dataclass(frozen=True)
class Audience:
    """Who looks: the public, the dealer, or one seat (``player`` names who sits there)."""

    kind: Literal["public", "dealer", "seat"]
    player: str | None = None

    @staticmethod
    def seat(player: str) -> Audience:
        """The seat of ``player`` (their own phone)."""
        return Audience("seat", player)

    @property
    def viewer(self) -> str | None:
        """The player looking (``None``: the whole table looks)."""
        return self.player if self.kind == "seat" else None

    def __str__(self) -> str:
        return f"seat:{self.player}" if self.kind == "seat" else self.kind


PUBLIC = Audience("public")
DEALER = Audience("dealer")


def audiences(table: TableInfo) -> list[Audience]:
    """Every audience of ``table``: the public, the dealer and each seat."""
    return [PUBLIC, DEALER, *(Audience.seat(p) for p in table.players)]


@dataclass(frozen=True)
class OpenCard:
    """A card that lies face up where every audience sees it, and whose it is
    (a monster's open card, an open top card of a deck, a hand card played open)."""

    card: DrawnCard
    whose: str | None = None
    """The player or monster it belongs to (None: the table's)."""
    where: str = ""
    """Where it lies, in words (``top of the treasures``), if not before ``whose``."""

    def to_json(self) -> dict[str, Any]:
        return {"whose": self.whose, "where": self.where, "card": self.card.to_json()}


@dataclass(frozen=True)
class Looked:
    """Cards one player was let look at, where they lie (a look at the top of a deck, at
    a monster's cards): in that seat's view only."""

    where: str
    cards: tuple[DrawnCard, ...]

    def to_json(self) -> dict[str, Any]:
        return {"where": self.where, "cards": [c.to_json() for c in self.cards]}


@dataclass(frozen=True)
class Won:
    """The game's winner, as every view shows it."""

    player: str | None
    how: str
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "how": self.how, "text": self.text}


@dataclass(frozen=True)
class SeatView:
    """One player as an audience sees them: their standing in the game's columns, the
    cards of theirs this audience may see, and how many it may not."""

    name: str
    standing: Mapping[str, str]
    status: str | None
    cards: tuple[DrawnCard, ...]
    hidden: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "status": self.status,
            "standing": dict(self.standing),
            "cards": [c.to_json() for c in self.cards],
            "hidden": self.hidden,
        }


@dataclass(frozen=True)
class PublicFacts:
    """What every audience of a table sees: a game's part of every view."""

    level: int | None = None
    victory: Won | None = None
    targets: str | None = None
    """What a player needs to win, in words."""
    board: tuple[DrawnCard, ...] = ()
    open_cards: tuple[OpenCard, ...] = ()
    lines: tuple[str, ...] = ()
    """The game's public lines (as ``table show`` prints them, without styling)."""
    columns: tuple[str, ...] = ()
    rows: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    status: Mapping[str, str] = field(default_factory=dict)
    """A player's status where the game keeps one (choosing, playing...)."""
    shown_decks: tuple[str, ...] | None = None
    """The decks whose cards ``table show`` lists beside a player (None: all it may see)."""


@dataclass(frozen=True)
class View:
    """A table as one audience sees it."""

    audience: Audience
    table: str
    game: str
    facts: PublicFacts
    seats: tuple[SeatView, ...]
    choosing: tuple[DrawnCard, ...] = ()
    """The seat's own cards to choose from (two characters dealt to pick one)."""
    history: tuple[HistoryEntry, ...] = ()
    """The last actions, newest first, each as this audience may know it."""
    looked: tuple[Looked, ...] = ()
    """Cards the seat was let look at this deal (a seat's view only)."""
    betting: Mapping[str, Any] | None = None
    """The deal's betting where the table runs it (every audience sees all of it)."""

    @property
    def level(self) -> int | None:
        return self.facts.level

    @property
    def victory(self) -> Won | None:
        return self.facts.victory

    @property
    def board(self) -> tuple[DrawnCard, ...]:
        return self.facts.board

    @property
    def open_cards(self) -> tuple[OpenCard, ...]:
        return self.facts.open_cards

    def seat(self, player: str) -> SeatView:
        return next(s for s in self.seats if s.name == player)

    @property
    def own(self) -> SeatView | None:
        """The viewer's own seat (None for the public and the dealer)."""
        viewer = self.audience.viewer
        return None if viewer is None else self.seat(viewer)

    def to_json(self) -> dict[str, Any]:
        f = self.facts
        return {
            "audience": str(self.audience),
            "table": self.table,
            "game": self.game,
            "level": f.level,
            "victory": f.victory.to_json() if f.victory else None,
            "targets": f.targets,
            "board": [c.to_json() for c in f.board],
            "open_cards": [c.to_json() for c in f.open_cards],
            "lines": [plain(line) for line in f.lines],
            "columns": list(f.columns),
            "seats": [s.to_json() for s in self.seats],
            "choosing": [c.to_json() for c in self.choosing],
            "history": [e.to_json() for e in self.history],
            "looked": [x.to_json() for x in self.looked],
            "betting": None if self.betting is None else dict(self.betting),
        }


Visible = Callable[[DrawnCard, Audience], bool]
"""Whether an audience may see one of a player's cards (the game's rule)."""


def may_see(card: DrawnCard, audience: Audience) -> bool:
    """The generic rule: a card in a hand is its holder's alone; a card in front of a
    player (in play) is everyone's.

    >>> from companion.table.model import DrawnCard
    >>> held = DrawnCard("main", 1, "As", "Ace of Spades", "card", "", "held", "ann")
    >>> may_see(held, Audience.seat("ann")), may_see(held, DEALER), may_see(held, PUBLIC)
    (True, False, False)
    """
    if card.pile == "held":
        return audience.viewer is not None and card.holder == audience.viewer
    return True


_MARKUP = re.compile(r"\[/?(?:[a-z][a-z0-9 #_.-]*)?\]")


def plain(line: str) -> str:
    """A line of a game's overview without its terminal styling.

    >>> plain("cards in force: [bold]Low Tide[/] (involuntary)")
    'cards in force: Low Tide (involuntary)'
    """
    return _MARKUP.sub("", line).replace("\\[", "[")


def overview_facts(table: TableInfo, overview: Mapping[str, Any], **facts: Any) -> PublicFacts:
    """A game's public facts from the overview ``table show`` prints (its lines and
    players' columns), with the facts the game gives beside (``level``, ``board``...)."""
    per_player = overview.get("per_player") or {}
    shown = overview.get("cards_decks")
    return PublicFacts(
        lines=tuple(str(line) for line in overview.get("lines", [])),
        columns=tuple(str(c) for c in overview.get("player_columns", [])),
        rows={p: tuple(str(v) for v in per_player.get(p, [])) for p in table.players},
        shown_decks=None if shown is None else tuple(shown),
        **facts,
    )


def build_view(
    table: TableInfo,
    audience: Audience,
    facts: PublicFacts,
    holdings: Mapping[str, Sequence[DrawnCard]],
    history: Sequence[HistoryEntry],
    *,
    visible: Visible = may_see,
    choosing: Sequence[DrawnCard] = (),
    standing: Callable[[str, Audience], Mapping[str, str]] | None = None,
    looked: Sequence[Looked] = (),
) -> View:
    """The view of ``audience``: the public facts, each player's cards that audience may
    see (the others counted), the last actions as it may know them.

    ``holdings`` are the cards each player holds or has in front of them, described;
    ``standing`` may give a seat's own line in its own words (a character kept in
    secret, named to its holder)."""
    seats = []
    for player in table.players:
        mine = holdings.get(player, ())
        shown = tuple(card for card in mine if visible(card, audience))
        row = facts.rows.get(player, ())
        line = dict(zip(facts.columns, row, strict=False))
        if standing is not None:
            line = dict(standing(player, audience))
        seats.append(
            SeatView(player, line, facts.status.get(player), shown, len(mine) - len(shown))
        )
    seen: tuple[HistoryEntry, ...] = ()
    if audience.kind != "public":
        last = history[-HISTORY_SHOWN:] if HISTORY_SHOWN > 0 else []
        seen = tuple(e.seen_by(audience.viewer) for e in reversed(last))
    return View(
        audience,
        table.name,
        table.game,
        facts,
        tuple(seats),
        tuple(choosing) if audience.kind == "seat" else (),
        seen,
        tuple(looked) if audience.kind == "seat" else (),
    )
