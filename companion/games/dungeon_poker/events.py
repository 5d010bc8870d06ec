"""What Dungeon Poker's table commands change, as typed events (one a history entry).

Each command of a Dungeon Poker table records one of these: a deal started,
a street dealt, a monster come, a deal settled (or corrected by ``table
win``/``tie``/``monster-result``), a character chosen or dead, a treasure
sold, cashed or used, an ability paid, a correction of the counts. The
words are the ui's (:mod:`companion.ui.render.words.dungeon_poker`); a card
in a player's hand is left out for everyone else by :meth:`seen_by`.

>>> from companion.table.events import CardRef, seen_cards
>>> pile = CardRef("treasures", 4, "big-pile-of-gold", "Big Pile of Gold", "held", "ann")
>>> won = DealWon(("ann",), (pile,))
>>> won.seen_by("bob").cards, won.seen_by("bob").hidden, won.seen_by("ann") == won
((), 1, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import ClassVar

from companion.events import Event
from companion.table.events import CardRef, seen_cards


@dataclass(frozen=True)
class DealStarted(Event):
    """``table deal``: the last deal counted for its level, the main deck gathered."""

    kind: ClassVar[str] = "deal"
    rule: ClassVar[str] = "000, Playing the game"
    number: int
    level: int
    gathered: int
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class StreetDealt(Event):
    """``table board``: one card burned, then the flop, the turn or the river.

    ``cards`` are what came out (the M card's monster and its cards among them);
    ``board`` the board after; ``burned`` the burn card, which lies face down
    unless the encounter opens the graveyard or it went to the Paladin's hand."""

    kind: ClassVar[str] = "board"
    rule: ClassVar[str] = "000, Playing the game"
    street: str
    cards: tuple[CardRef, ...]
    board: tuple[CardRef, ...]
    burned: tuple[CardRef, ...] = ()
    notes: tuple[str, ...] = ()

    def seen_by(self, viewer: str | None) -> StreetDealt:
        cards, hidden = seen_cards(self.cards, viewer)
        burned, burned_hidden = seen_cards(self.burned, viewer)
        if not hidden and not burned_hidden:
            return self
        return replace(self, cards=cards, burned=burned, notes=())


@dataclass(frozen=True)
class MonsterCame(Event):
    """A monster comes to the table (the M card, a summon, King's cave, ``table monster``)."""

    kind: ClassVar[str] = "monster"
    rule: ClassVar[str] = "000, Monsters"
    card: CardRef
    summoned_by: str | None = None
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class ShowdownSettled(Event):
    """``table showdown``: the deal settled from the table's state through the showdown
    engine: who won the main pot, each pot (the main one first), each player's net (what
    they won less what they put in), the gold left for the next deal or gone from the
    game, and what the table did."""

    kind: ClassVar[str] = "showdown"
    rule: ClassVar[str] = "000, The showdown"
    number: int | None
    winners: tuple[str, ...]
    pots: tuple[int, ...]
    net: Mapping[str, int] = field(default_factory=dict)
    carry_over: int = 0
    removed: int = 0
    notes: tuple[str, ...] = ()
    events: tuple[Event, ...] = ()
    """What the showdown's rules did, in order (the engine's events)."""


@dataclass(frozen=True)
class DealWon(Event):
    """``table win``: the deal's winner(s) draw their treasures (a correction)."""

    kind: ClassVar[str] = "win"
    rule: ClassVar[str] = "000, Treasures"
    winners: tuple[str, ...]
    cards: tuple[CardRef, ...]
    notes: tuple[str, ...] = ()
    hidden: int = 0
    events: tuple[Event, ...] = ()
    """What the showdown's treasure rule decided (who draws, what waits)."""

    def seen_by(self, viewer: str | None) -> DealWon:
        shown, hidden = seen_cards(self.cards, viewer)
        if not hidden:
            return self
        return replace(self, cards=shown, hidden=self.hidden + hidden, notes=())


@dataclass(frozen=True)
class DealTied(Event):
    """``table tie`` (or a ``table win`` naming more winners than boards): the deal's
    treasure waits on the table for the next winner; ``carried`` wait now."""

    kind: ClassVar[str] = "tie"
    rule: ClassVar[str] = "000, Treasures"
    carried: int
    split_by: tuple[str, ...] = ()
    events: tuple[Event, ...] = ()
    """What the showdown's treasure rule decided (the treasures wait)."""


@dataclass(frozen=True)
class MonsterJudged(Event):
    """``table monster-result``: how a monster's deal ended, the slayer's spoils."""

    rule: ClassVar[str] = "000, Monsters"
    monster: str
    name: str
    copy: int
    outcome: str
    slayers: tuple[str, ...] = ()
    treasures: tuple[CardRef, ...] = ()
    hidden: int = 0
    events: tuple[Event, ...] = ()
    """What the showdown's rules decided (where the card goes, the slayers' rewards)."""

    def seen_by(self, viewer: str | None) -> MonsterJudged:
        shown, hidden = seen_cards(self.treasures, viewer)
        if not hidden:
            return self
        return replace(self, treasures=shown, hidden=self.hidden + hidden)


@dataclass(frozen=True)
class MonsterWon(MonsterJudged):
    kind: ClassVar[str] = "monster-won"


@dataclass(frozen=True)
class MonsterTied(MonsterJudged):
    kind: ClassVar[str] = "monster-tied"


@dataclass(frozen=True)
class MonsterWonSidePot(MonsterJudged):
    kind: ClassVar[str] = "monster-side-pot"


@dataclass(frozen=True)
class MonsterLost(MonsterJudged):
    kind: ClassVar[str] = "monster-lost"


JUDGED: dict[str, type[MonsterJudged]] = {
    "won": MonsterWon,
    "tied": MonsterTied,
    "side-pot": MonsterWonSidePot,
    "lost": MonsterLost,
}
"""The event of each outcome of ``table monster-result``."""


@dataclass(frozen=True)
class CharacterChosen(Event):
    """``table choose``: a character kept in secret; once nobody is left choosing,
    every choice revealed together (``revealed``: each player's character, face up)."""

    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = "000, Preparing the game"
    player: str
    waiting_for: tuple[str, ...] = ()
    revealed: tuple[CardRef, ...] = ()


@dataclass(frozen=True)
class CharacterDied(Event):
    """``table death``: a character out of gold (a correction), and what followed."""

    kind: ClassVar[str] = "death"
    rule: ClassVar[str] = "000, Character death and re-entering the game"
    player: str
    winner: str | None = None
    notes: tuple[str, ...] = ()

    def seen_by(self, viewer: str | None) -> CharacterDied:
        # The notes name the new characters dealt face down to the player.
        return self if viewer == self.player else replace(self, notes=())


@dataclass(frozen=True)
class TreasureLooted(Event):
    """``table loot``: the deal's winner takes one treasure of a character that died in it."""

    kind: ClassVar[str] = "loot"
    rule: ClassVar[str] = "000, Character death and re-entering the game"
    player: str
    dead: str
    card: CardRef


@dataclass(frozen=True)
class TreasureParted(Event):
    """A treasure leaves its holder: sold or cashed to the bank, or used (a one-use
    artifact is sacrificed; one that stays, ``kept``)."""

    rule: ClassVar[str] = "000, Treasures"
    player: str
    card: CardRef
    kept: bool = False


@dataclass(frozen=True)
class TreasureSold(TreasureParted):
    kind: ClassVar[str] = "sold"


@dataclass(frozen=True)
class TreasureCashed(TreasureParted):
    kind: ClassVar[str] = "sell"


@dataclass(frozen=True)
class TreasureSacrificed(TreasureParted):
    kind: ClassVar[str] = "used"


@dataclass(frozen=True)
class TreasureUsed(TreasureParted):
    kind: ClassVar[str] = "use"


@dataclass(frozen=True)
class TreasureClaimed(TreasureParted):
    """The bank claims an artifact under the legendary-artifact rule, for its salvage price."""

    kind: ClassVar[str] = "claim"


@dataclass(frozen=True)
class CountsMoved(Event):
    """Gold and soul gems moved on a player's counts: an ability's cost and gold, or the
    dealer's correction. ``gold``/``gems`` are the counts after; ``why`` the ability's
    name or the correction's note."""

    rule: ClassVar[str] = "000, The player characters and special actions"
    player: str
    gold_moved: int
    gold: int
    why: str
    ability: str | None = None
    gems_moved: int = 0
    gems: int = 0
    cards: tuple[CardRef, ...] = ()
    """The cards the ability dealt, where they went (a hand, the board, a monster), and
    those it folded face up (under Open funeral)."""
    hidden: int = 0
    folded: int = 0
    """Cards it folded face down to the graveyard."""

    def seen_by(self, viewer: str | None) -> CountsMoved:
        shown, hidden = seen_cards(self.cards, viewer)
        if not hidden:
            return self
        return replace(self, cards=shown, hidden=self.hidden + hidden)


@dataclass(frozen=True)
class AbilityPaid(CountsMoved):
    kind: ClassVar[str] = "ability"


@dataclass(frozen=True)
class GoldCorrected(CountsMoved):
    kind: ClassVar[str] = "gold"


@dataclass(frozen=True)
class GemsCorrected(CountsMoved):
    kind: ClassVar[str] = "gems"


@dataclass(frozen=True)
class HandCardsMoved(Event):
    """A player's own choice among their hand cards, as a rule asked: cards folded to
    the graveyard (``table discard``) or turned face up (``table reveal``)."""

    rule: ClassVar[str] = "000, The player characters and special actions"
    player: str
    cards: tuple[CardRef, ...]
    why: str = ""
    hidden: int = 0

    def seen_by(self, viewer: str | None) -> HandCardsMoved:
        shown, hidden = seen_cards(self.cards, viewer)
        if not hidden:
            return self
        return replace(self, cards=shown, hidden=self.hidden + hidden)


@dataclass(frozen=True)
class HandCardsFolded(HandCardsMoved):
    kind: ClassVar[str] = "hand-fold"


@dataclass(frozen=True)
class HandCardsTurned(HandCardsMoved):
    kind: ClassVar[str] = "hand-reveal"
