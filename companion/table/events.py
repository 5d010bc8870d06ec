"""What the table engine's own actions change, as typed events.

Every table action records one event in the history
(:meth:`companion.table.store.Transaction.record`): a table set up, cards
drawn or moved, a deck shuffled or looked at, an action undone. A card an
event names is a :class:`CardRef`, which knows whether it lies face down in a
player's hand; :meth:`~companion.events.Event.seen_by` leaves such a card
out for everyone but its holder, so a page shows "bob drew a card from the
Treasures" where bob's own page names it.

>>> ace = CardRef("main", 3, "As", "Ace of Spades", "held", "bob")
>>> drawn = CardsDrawn("main", "Main deck", "bob", (ace,))
>>> drawn.seen_by("bob") == drawn, drawn.seen_by(None).cards, drawn.seen_by(None).hidden
(True, (), 1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Literal

from companion.events import Event
from companion.table.model import CardCopy, DrawnCard


@dataclass(frozen=True)
class CardRef:
    """One physical card an event names: its deck and copy, what it is, where it went.

    ``open`` is True for a card that lies face up even in a hand (a card a game
    lays open before its holder, an open hand card); ``down`` for one face down outside
    any hand (a burn card), or in a hand where its holder may not look either (a card
    dealt unseen): the game that moves it says so.
    """

    deck: str
    copy: int
    card: str
    name: str
    pile: str
    holder: str | None = None
    open: bool = False
    down: bool = False

    @classmethod
    def of(
        cls,
        card: DrawnCard | CardCopy,
        name: str | None = None,
        *,
        open: bool = False,
        down: bool = False,
    ) -> CardRef:
        """The card as it lies now (a drawn card's name, or ``name`` for a bare copy)."""
        if isinstance(card, DrawnCard):
            name = card.name
        return cls(
            card.deck,
            card.copy,
            card.card_id,
            name or card.card_id,
            card.pile,
            card.holder,
            open,
            down,
        )

    def hidden_from(self, viewer: str | None) -> bool:
        """Face down where ``viewer`` may not look (``None``: everyone's eyes): in a hand
        that is not theirs, or face down outside any hand."""
        if self.open:
            return False
        if self.pile == "held":
            return self.down or self.holder != viewer
        return self.down


def cards_of(cards: Sequence[DrawnCard], *, open_decks: Sequence[str] = ()) -> tuple[CardRef, ...]:
    """Drawn cards as an event names them (cards of ``open_decks`` lie face up)."""
    return tuple(CardRef.of(c, open=c.deck in open_decks) for c in cards)


def seen_cards(cards: tuple[CardRef, ...], viewer: str | None) -> tuple[tuple[CardRef, ...], int]:
    """The cards ``viewer`` may see, and how many they may not."""
    shown = tuple(c for c in cards if not c.hidden_from(viewer))
    return shown, len(cards) - len(shown)


@dataclass(frozen=True)
class TableSetUp(Event):
    """``table new``: the table is set up as its game's rulebook says."""

    kind: ClassVar[str] = "new"
    rule: ClassVar[str] = "setting up the game"
    game: str
    game_name: str
    players: tuple[str, ...]
    seed: int
    options: Mapping[str, Any] = field(default_factory=dict)
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class CardsDrawn(Event):
    """Cards drawn from a deck, to a player's hand or into play (``player`` None: the table).

    ``hidden`` counts the cards left out for the viewer; ``notes`` are what the
    rules said of the draw (left out too when a card is)."""

    kind: ClassVar[str] = "draw"
    rule: ClassVar[str] = "drawing"
    deck: str
    deck_name: str
    player: str | None
    cards: tuple[CardRef, ...]
    notes: tuple[str, ...] = ()
    hidden: int = 0

    def seen_by(self, viewer: str | None) -> CardsDrawn:
        shown, hidden = seen_cards(self.cards, viewer)
        if not hidden:
            return self
        return replace(self, cards=shown, hidden=self.hidden + hidden, notes=())


MoveTo = Literal["discard", "removed", "top", "bottom", "shuffle"]


@dataclass(frozen=True)
class CardMoved(Event):
    """One named card moved by hand (``deck discard|remove|return``)."""

    deck: str
    deck_name: str
    card: CardRef
    came_from: str
    holder: str | None
    to: MoveTo

    def seen_by(self, viewer: str | None) -> CardMoved:
        # A card taken from a hand to anywhere but the (face-up) discard pile stays its
        # holder's secret: which card they held is theirs to tell.
        if self.came_from == "held" and self.to != "discard" and self.holder != viewer:
            return replace(self, card=replace(self.card, card="", name=""))
        return self


@dataclass(frozen=True)
class CardDiscarded(CardMoved):
    kind: ClassVar[str] = "discard"


@dataclass(frozen=True)
class CardRemoved(CardMoved):
    kind: ClassVar[str] = "remove"


@dataclass(frozen=True)
class CardReturned(CardMoved):
    kind: ClassVar[str] = "return"


MOVES: dict[str, type[CardMoved]] = {
    "discard": CardDiscarded,
    "removed": CardRemoved,
    "top": CardReturned,
    "bottom": CardReturned,
    "shuffle": CardReturned,
}
"""The event of each card move, by where the card went."""


@dataclass(frozen=True)
class DeckShuffled(Event):
    """A deck's draw pile shuffled, its discard pile gathered into it first if asked."""

    kind: ClassVar[str] = "shuffle"
    deck: str
    deck_name: str
    gathered: int
    size: int
    with_discard: bool = False


@dataclass(frozen=True)
class TopLooked(Event):
    """Someone looked at the top cards of a draw pile (which ones is theirs to know)."""

    kind: ClassVar[str] = "peek"
    deck: str
    deck_name: str
    player: str | None
    count: int


@dataclass(frozen=True)
class TopReordered(Event):
    """The top cards of a draw pile put in a new order (old positions, new top first)."""

    kind: ClassVar[str] = "reorder"
    deck: str
    deck_name: str
    player: str | None
    order: tuple[int, ...]


@dataclass(frozen=True)
class TopShuffled(Event):
    """Only the top cards of a draw pile shuffled back on top (a card asked it)."""

    kind: ClassVar[str] = "shuffle-top"
    deck: str
    deck_name: str
    player: str | None
    count: int


@dataclass(frozen=True)
class LevelOpened(Event):
    """A table without level cards remembers the level its clock reached."""

    kind: ClassVar[str] = "level"
    rule: ClassVar[str] = "blind levels"
    level: int
    blind: int | None = None
    """The level card's blind, for a game that has level cards."""
    encounter: CardRef | None = None
    """The encounter card drawn with the level, if any."""
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class ClockStarted(Event):
    """The table's clock was started on a structure, at a stage."""

    kind: ClassVar[str] = "timer-start"
    structure: str
    structure_name: str
    position: int
    where: str


@dataclass(frozen=True)
class Undone(Event):
    """An action taken back (``table undo``): the entry it undid and that entry's event."""

    kind: ClassVar[str] = "undo"
    undid: int
    undone: Event

    def seen_by(self, viewer: str | None) -> Undone:
        seen = self.undone.seen_by(viewer)
        return self if seen is self.undone else replace(self, undone=seen)


@dataclass(frozen=True)
class Recorded(Event):
    """An entry written before the history held typed events (a state file of schema 1
    or 2): its action, its sentence and its data as they were kept.

    A player's own action of that time is told as who did what, not which card."""

    kind: ClassVar[str] = "recorded"
    action: str
    summary: str | None
    actor: str | None = None
    data: Mapping[str, Any] = field(default_factory=dict)

    def seen_by(self, viewer: str | None) -> Recorded:
        went_to_hand = "held" in (self.data.get("to") or ())
        private = self.actor is not None or went_to_hand
        if private and viewer is not None and viewer == self.actor:
            return self
        if private:
            return replace(self, summary=None, data={})
        return self


@dataclass(frozen=True)
class BetMade(Event):
    """One player's betting action (``table bet``, a player's page), as the engine took it.

    ``amount`` is what the player's bet came to this street (None for a check or a
    fold); ``penalty`` what the fold cost into the pot (a rule's fine); ``toll`` what
    the player paid into the pot before acting (a toll a rule asked: ``toll_rule``);
    ``ended``
    what the action closed (``closed``: the street's round, ``showdown``: the
    betting, ``over``: the deal, won by ``winner`` when everyone else folded)."""

    kind: ClassVar[str] = "bet"
    rule: ClassVar[str] = "betting"
    player: str
    action: str
    amount: int | None
    street: str
    pot: int
    to_act: str | None
    penalty: int = 0
    ended: str | None = None
    winner: str | None = None
    toll: int = 0
    toll_rule: str = ""
