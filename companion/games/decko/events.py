"""What a DECKO table command changes, as typed events (one a history entry).

Every step of a round (dealing, betting, buying, the corrections) records a
:class:`DeckoStep` of its own kind (``decko-round``, ``decko-buy``...): who
acted, in which round and phase, and what it named. The words are the ui's
(:mod:`companion.ui.render.words.decko`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.events import Event


@dataclass(frozen=True)
class DeckoStep(Event):
    """One step of a DECKO round: ``card`` the card it names (bought, a joker), ``other``
    the other player it touches (a gift, a burn pile), ``count`` its number (chips, cards)."""

    rule: ClassVar[str] = "DECKO, the round"
    player: str | None
    round: int
    phase: str
    card: str | None = None
    other: str | None = None
    count: int | None = None


def _step(name: str) -> type[DeckoStep]:
    return dataclass(frozen=True)(type(f"Decko_{name}", (DeckoStep,), {"kind": f"decko-{name}"}))


STEPS: dict[str, type[DeckoStep]] = {
    name: _step(name)
    for name in (
        "round",
        "burn",
        "raise",
        "call",
        "check",
        "fold",
        "buy",
        "flush",
        "gift",
        "buy-chips",
        "joker",
        "done",
        "loan",
        "draw",
        "discard",
        "chips",
        "stud",
        "tcg",
    )
}
"""The event of each step, by the step's name."""


@dataclass(frozen=True)
class LoanTaken(Event):
    """Loans: ``player`` turns their loan card to loan ``loan`` (1 or 2) and gains ``chips``
    from the house, for ``what`` (the action that was short of chips)."""

    kind: ClassVar[str] = "decko-loan-taken"
    rule: ClassVar[str] = "DECKO, loans"
    player: str
    loan: int
    chips: int
    what: str


@dataclass(frozen=True)
class SmolderingBurnOwed(Event):
    """A smoldering card acquired without naming its burns: ``player`` may still burn
    ``left`` of ``cards`` (the hand they held, in order) with the next ``decko burn``."""

    kind: ClassVar[str] = "decko-smoldering-owed"
    rule: ClassVar[str] = "DECKO, smoldering cards"
    player: str
    card: str
    left: int
    cards: tuple[str, ...]


# -- the jokers the table runs by itself ---------------------------------------------------------


@dataclass(frozen=True)
class JokerActs(Event):
    """A joker the table applies on its own after a raise or a call (its holder ``player``)."""

    rule: ClassVar[str] = "DECKO, the jokers"
    player: str


@dataclass(frozen=True)
class JackpotFilled(JokerActs):
    """Mr. Jackpot after a raise: ``chips`` from the house onto the joker, ``held`` there now."""

    kind: ClassVar[str] = "decko-mr-jackpot"
    chips: int
    held: int


@dataclass(frozen=True)
class WitchTakes(JokerActs):
    """The Witch after a raise: ``chips`` of ``victim``'s bet move into the raiser's."""

    kind: ClassVar[str] = "decko-the-witch"
    victim: str
    chips: int
    bet: int
    their_bet: int


@dataclass(frozen=True)
class KingmakerTaxes(JokerActs):
    """The Kingmaker after a call: each of ``payers`` adds a chip to the house bet."""

    kind: ClassVar[str] = "decko-kingmaker"
    payers: tuple[str, ...]
    house_bet: int


@dataclass(frozen=True)
class VampireFeeds(JokerActs):
    """The Vampire after a call: a chip from the house for each of ``matched`` (the players
    whose bet equals the caller's); ``chips`` what the house could pay of it."""

    kind: ClassVar[str] = "decko-vampire"
    matched: tuple[str, ...]
    chips: int


# -- what a command did, step by step (each said in its place among the others) ---------------


@dataclass(frozen=True)
class RoundStarts(Event):
    """Step 1: round ``round`` opens with bets from ``min_bet`` to ``max_bet``; ``blind``
    holds the blind card."""

    kind: ClassVar[str] = "decko-round-starts"
    rule: ClassVar[str] = "DECKO, the round track"
    round: int
    min_bet: int
    max_bet: int
    blind: str


@dataclass(frozen=True)
class MatRefreshed(Event):
    """A refresh round: a new market, and each joker pile's top card goes to its bottom."""

    kind: ClassVar[str] = "decko-mat-refreshed"
    rule: ClassVar[str] = "DECKO, the round track"


@dataclass(frozen=True)
class WildcardRound(Event):
    """A wildcard round: ``card`` (its rule ``text``) is in force."""

    kind: ClassVar[str] = "decko-wildcard-round"
    rule: ClassVar[str] = "DECKO, wildcard rounds"
    card: str
    text: str


@dataclass(frozen=True)
class WildcardAnte(Event):
    """A wildcard round: every player puts ``chips`` on the house bet."""

    kind: ClassVar[str] = "decko-wildcard-ante"
    rule: ClassVar[str] = "DECKO, wildcard rounds"
    chips: int


@dataclass(frozen=True)
class StartingBets(Event):
    """Step 2: the house bets ``house``; ``blind`` places the blind card and bets ``chips``."""

    kind: ClassVar[str] = "decko-starting-bets"
    rule: ClassVar[str] = "DECKO, starting bets"
    house: int
    blind: str
    chips: int


@dataclass(frozen=True)
class BurnPileShort(Event):
    """Drawing from the burn pile (a wildcard): ``player`` had only ``count`` cards there."""

    kind: ClassVar[str] = "decko-burn-pile-short"
    rule: ClassVar[str] = "DECKO, wildcard rounds"
    player: str
    count: int


@dataclass(frozen=True)
class HandsDealt(Event):
    """Step 3: each player draws ``count`` cards (from their burn pile, ``from_burn``)."""

    kind: ClassVar[str] = "decko-hands-dealt"
    rule: ClassVar[str] = "DECKO, the deal"
    count: int
    from_burn: bool = False


@dataclass(frozen=True)
class StudAsked(Event):
    """Stud: each player lays ``count`` hand cards face up before the betting."""

    kind: ClassVar[str] = "decko-stud-asked"
    rule: ClassVar[str] = "DECKO, wildcard rounds"
    count: int


@dataclass(frozen=True)
class ToAct(Event):
    """The betting: ``player`` acts next (``first``: the first to act this round)."""

    kind: ClassVar[str] = "decko-to-act"
    rule: ClassVar[str] = "DECKO, the betting"
    player: str
    first: bool = False


@dataclass(frozen=True)
class ChipsFromHouse(Event):
    """``player`` takes ``chips`` from the house, for ``why`` (a card, a joker)."""

    kind: ClassVar[str] = "decko-chips-from-house"
    rule: ClassVar[str] = "DECKO, the house"
    player: str
    chips: int
    why: str


@dataclass(frozen=True)
class BankCovers(Event):
    """A compulsory payment ``what`` that ``player`` could not make with both loans taken:
    the bank pays ``chips`` of it."""

    kind: ClassVar[str] = "decko-bank-covers"
    rule: ClassVar[str] = "DECKO, loans"
    player: str
    chips: int
    what: str


@dataclass(frozen=True)
class HandFull(Event):
    """The limit of seven: ``player`` holds seven cards and draws no more."""

    kind: ClassVar[str] = "decko-hand-full"
    rule: ClassVar[str] = "DECKO, the limit of seven"
    player: str


@dataclass(frozen=True)
class DiscardReshuffled(Event):
    """``player``'s draw pile ran out: the discard pile, shuffled, is the new one."""

    kind: ClassVar[str] = "decko-discard-reshuffled"
    rule: ClassVar[str] = "DECKO, drawing cards"
    player: str


@dataclass(frozen=True)
class NothingToDraw(Event):
    """``player`` has no card left to draw (draw and discard piles empty)."""

    kind: ClassVar[str] = "decko-nothing-to-draw"
    rule: ClassVar[str] = "DECKO, drawing cards"
    player: str


@dataclass(frozen=True)
class StudShown(Event):
    """Stud: the card ``player`` drew replaces a shown one, so it lies face up too."""

    kind: ClassVar[str] = "decko-stud-shown"
    rule: ClassVar[str] = "DECKO, wildcard rounds"
    player: str
    card: str


@dataclass(frozen=True)
class CardBurned(Event):
    """``player`` burns ``card`` from the hand (``why``: the card that burns it)."""

    kind: ClassVar[str] = "decko-card-burned"
    rule: ClassVar[str] = "DECKO, burning cards"
    player: str
    card: str
    why: str = ""


@dataclass(frozen=True)
class BurnsNothing(Event):
    """The limit of seven: ``player``'s deck is down to ``cards`` cards, so no burn."""

    kind: ClassVar[str] = "decko-burns-nothing"
    rule: ClassVar[str] = "DECKO, the limit of seven"
    player: str
    cards: int


@dataclass(frozen=True)
class MarketRefilled(Event):
    """New ``cards`` dealt into the market's empty slots."""

    kind: ClassVar[str] = "decko-market-refilled"
    rule: ClassVar[str] = "DECKO, the market"
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Raised(Event):
    """RAISE: ``player``'s bet rises to ``bet``."""

    kind: ClassVar[str] = "decko-raised"
    rule: ClassVar[str] = "DECKO, the betting"
    player: str
    bet: int


@dataclass(frozen=True)
class Called(Event):
    """CALL: ``player`` matches the highest bet, ``bet``."""

    kind: ClassVar[str] = "decko-called"
    rule: ClassVar[str] = "DECKO, the betting"
    player: str
    bet: int


@dataclass(frozen=True)
class Folded(Event):
    """FOLD: ``player`` folds; their bet of ``chips`` goes to the house bet."""

    kind: ClassVar[str] = "decko-folded"
    rule: ClassVar[str] = "DECKO, the betting"
    player: str
    chips: int = 0


@dataclass(frozen=True)
class TakesFromMarket(Event):
    """A fold: ``player`` takes ``card`` from the market."""

    kind: ClassVar[str] = "decko-takes-from-market"
    rule: ClassVar[str] = "DECKO, the betting"
    player: str
    card: str


@dataclass(frozen=True)
class CardsKept(Event):
    """A fold: ``player`` keeps ``count`` hand cards for the next round (``joker``)."""

    kind: ClassVar[str] = "decko-cards-kept"
    rule: ClassVar[str] = "DECKO, the jokers"
    player: str
    count: int
    joker: str = "Analysis Paralysis"


@dataclass(frozen=True)
class JackpotReturned(Event):
    """Mr. Jackpot's ``chips`` go back to the house: ``player`` folded or lost."""

    kind: ClassVar[str] = "decko-jackpot-returned"
    rule: ClassVar[str] = "DECKO, the jokers"
    player: str
    chips: int


@dataclass(frozen=True)
class JackpotWon(Event):
    """``player`` won the bet and takes the ``chips`` on their Mr. Jackpot."""

    kind: ClassVar[str] = "decko-jackpot-won"
    rule: ClassVar[str] = "DECKO, the jokers"
    player: str
    chips: int


@dataclass(frozen=True)
class AllFolded(Event):
    """Everyone folded: the house bet's ``chips`` go back to the house."""

    kind: ClassVar[str] = "decko-all-folded"
    rule: ClassVar[str] = "DECKO, the reveal"
    chips: int


@dataclass(frozen=True)
class LastOneIn(Event):
    """Every other player folded: ``player`` takes ``chips`` and buys with ``money`` (the
    set their hand scores, ``set``)."""

    kind: ClassVar[str] = "decko-last-one-in"
    rule: ClassVar[str] = "DECKO, the reveal"
    player: str
    chips: int
    money: int
    set: str


@dataclass(frozen=True)
class Revealed(Event):
    """The reveal: ``player``'s hand scores ``set`` with ``cards`` (symbols)."""

    kind: ClassVar[str] = "decko-revealed"
    rule: ClassVar[str] = "DECKO, the reveal"
    player: str
    set: str
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class NoSetScored(Event):
    """The reveal: nobody scores a set; bets go back, the house bet (``house_bet``) to the
    house, and everyone buys."""

    kind: ClassVar[str] = "decko-no-set-scored"
    rule: ClassVar[str] = "DECKO, the reveal"
    house_bet: int


@dataclass(frozen=True)
class BetWon(Event):
    """The reveal: ``winners`` (more than one: a tie) take the bet with ``set``; ``payouts``
    what each takes; ``pot`` the whole bet."""

    kind: ClassVar[str] = "decko-bet-won"
    rule: ClassVar[str] = "DECKO, the reveal"
    winners: tuple[str, ...]
    set: str
    pot: int
    payouts: tuple[int, ...]


@dataclass(frozen=True)
class OddChipsToHouse(Event):
    """A split bet: the ``chips`` that do not divide go back to the house."""

    kind: ClassVar[str] = "decko-odd-chips"
    rule: ClassVar[str] = "DECKO, the reveal"
    chips: int


@dataclass(frozen=True)
class HandDiscarded(Event):
    """A winner of the bet puts their hand on their discard pile."""

    kind: ClassVar[str] = "decko-hand-discarded"
    rule: ClassVar[str] = "DECKO, the reveal"
    player: str


@dataclass(frozen=True)
class BuyingOpens(Event):
    """Step 6: the buying phase, ``buyers`` in order, each with their ``money``."""

    kind: ClassVar[str] = "decko-buying-opens"
    rule: ClassVar[str] = "DECKO, buying"
    buyers: tuple[str, ...]
    money: tuple[int, ...]


@dataclass(frozen=True)
class BuyerUp(Event):
    """``player`` buys now, with ``money``."""

    kind: ClassVar[str] = "decko-buyer-up"
    rule: ClassVar[str] = "DECKO, buying"
    player: str
    money: int


@dataclass(frozen=True)
class Bought(Event):
    """``player`` buys ``card`` from the market for ``money``."""

    kind: ClassVar[str] = "decko-bought"
    rule: ClassVar[str] = "DECKO, buying"
    player: str
    card: str
    money: int


@dataclass(frozen=True)
class MarketFlushed(Event):
    """``player`` pays ``money`` to flush the market."""

    kind: ClassVar[str] = "decko-market-flushed"
    rule: ClassVar[str] = "DECKO, buying"
    player: str
    money: int


@dataclass(frozen=True)
class CardGifted(Event):
    """``player`` pays ``money`` to put ``card`` on top of ``other``'s draw pile."""

    kind: ClassVar[str] = "decko-card-gifted"
    rule: ClassVar[str] = "DECKO, buying"
    player: str
    card: str
    other: str
    money: int


@dataclass(frozen=True)
class JokerBought(Event):
    """``player`` buys the joker ``card`` of the ``pile`` pile for ``chips`` (its ``text``)."""

    kind: ClassVar[str] = "decko-joker-bought"
    rule: ClassVar[str] = "DECKO, the jokers"
    player: str
    card: str
    pile: str
    chips: int
    text: str


@dataclass(frozen=True)
class SmolderingWaived(Event):
    """``player`` ends their buying with burns ``card`` still owed: they burn nothing more."""

    kind: ClassVar[str] = "decko-smoldering-waived"
    rule: ClassVar[str] = "DECKO, smoldering cards"
    player: str
    card: str


@dataclass(frozen=True)
class DoneBuying(Event):
    """``player`` ends their buying."""

    kind: ClassVar[str] = "decko-done-buying"
    rule: ClassVar[str] = "DECKO, buying"
    player: str


@dataclass(frozen=True)
class Drew(Event):
    """By hand: ``player`` draws ``count`` cards."""

    kind: ClassVar[str] = "decko-drew"
    rule: ClassVar[str] = "DECKO, drawing cards"
    player: str
    count: int


@dataclass(frozen=True)
class Discarded(Event):
    """By hand: ``player`` discards ``card``."""

    kind: ClassVar[str] = "decko-discarded"
    rule: ClassVar[str] = "DECKO, drawing cards"
    player: str
    card: str


@dataclass(frozen=True)
class ChipsFromPlayer(Event):
    """A joker or card (``reason``): ``player`` takes ``chips`` from ``giver``."""

    kind: ClassVar[str] = "decko-chips-from-player"
    rule: ClassVar[str] = "DECKO, the jokers"
    player: str
    chips: int
    giver: str
    reason: str


@dataclass(frozen=True)
class ChipsToHouse(Event):
    """A joker or card (``reason``): ``player`` pays ``chips`` to the house."""

    kind: ClassVar[str] = "decko-chips-to-house"
    rule: ClassVar[str] = "DECKO, the house"
    player: str
    chips: int
    reason: str


@dataclass(frozen=True)
class CardsShown(Event):
    """Stud: ``player`` lays ``cards`` face up."""

    kind: ClassVar[str] = "decko-cards-shown"
    rule: ClassVar[str] = "DECKO, wildcard rounds"
    player: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class TakesFromBurnPile(Event):
    """A wildcard: ``player`` takes ``card`` from ``other``'s burn pile."""

    kind: ClassVar[str] = "decko-takes-from-burn-pile"
    rule: ClassVar[str] = "DECKO, wildcard rounds"
    player: str
    card: str
    other: str


@dataclass(frozen=True)
class RoundOver(Event):
    """Round ``round`` is over and the game goes on."""

    kind: ClassVar[str] = "decko-round-over"
    rule: ClassVar[str] = "DECKO, the end of the game"
    round: int


@dataclass(frozen=True)
class GameEnds(Event):
    """The game ends: ``rich`` have ``target`` chips or more (none: the last round,
    ``round``, was played)."""

    kind: ClassVar[str] = "decko-game-ends"
    rule: ClassVar[str] = "DECKO, the end of the game"
    rich: tuple[str, ...]
    target: int
    round: int


@dataclass(frozen=True)
class LoansRepaid(Event):
    """The end of the game: ``player`` pays back ``chips`` of the ``owed`` chips of loans."""

    kind: ClassVar[str] = "decko-loans-repaid"
    rule: ClassVar[str] = "DECKO, loans"
    player: str
    chips: int
    owed: int


@dataclass(frozen=True)
class GameWon(Event):
    """The end of the game: ``winners`` (more than one: they share it) with ``chips``."""

    kind: ClassVar[str] = "decko-game-won"
    rule: ClassVar[str] = "DECKO, the end of the game"
    winners: tuple[str, ...]
    chips: int
