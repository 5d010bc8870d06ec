"""DECKO cards: starting decks, jokers, the market, wildcards, loans and the blind.

Every kind of card is a model with ``type`` as its tag; :data:`Card` is their
discriminated union. The fields are what the printer, the table and the hand
ranker (``companion rank --game decko``) need, so no rule has to be read back
out of a card's prose.

A market card is one of a regular deck's 52 cards with a *special* kind that
says how it bends the rules; its parameters sit beside it:

>>> card = MarketCard(id="9s-double", name="Double Nine of Spades", deck="market",
...                   rank="9", suit="s", price=4, special="double", double={"rank": "9", "suit": "s"})
>>> card.code, card.faces
('9s', ('9s', '9s'))
>>> MarketCard(id="6h-dissolving", name="Dissolving Six-Seven", deck="market",
...            rank="6", suit="h", price=2, special="dissolving", alt_rank="7").ranks
('6', '7')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any, Literal, get_args

from pydantic import Field, StringConstraints, model_validator

from companion.cards.base import CardModel, Model, Rank, Suit
from companion.cards.changes import Changes

JokerType = Literal["DEAL", "RAISE", "CALL", "BURN", "FOLD", "BUY"]
"""The six joker piles, each tied to one action or phase of a round."""

JOKER_TYPES: tuple[str, ...] = ("DEAL", "RAISE", "CALL", "BURN", "FOLD", "BUY")

StartingRank = Literal["2", "3", "4", "5", "6", "7", "8"]
"""Starting decks hold only the numbers 2-8."""

NumberRank = Literal["2", "3", "4", "5", "6", "7", "8", "9", "T"]
"""A numbered rank (no letters): what dissolving cards and jovial jacks can turn into."""

Special = Literal[
    "plain",
    "assisting-ace",
    "chip",
    "credit",
    "crypto",
    "dissolving",
    "double",
    "jovial-jack",
    "junk-food",
    "rich-king",
    "smoldering",
    "voucher",
    "pyromaniac-queen",
    "dumpster-diving-queen",
    "shopping-queen",
    "bridge-partner-queen",
]
"""How a market card bends the rules (``plain``: it does not)."""

SPECIALS: tuple[str, ...] = get_args(Special)

QUEEN_SPECIALS: dict[str, str] = {
    "pyromaniac-queen": "burn",
    "dumpster-diving-queen": "discard",
    "shopping-queen": "market",
    "bridge-partner-queen": "hand",
}
"""Each queen, and where the card it may copy comes from: the top of the burn
pile, the top of the discard pile, a face-up market card, or another card in
hand of the queen's suit."""

WHEN_REVEALED: frozenset[str] = frozenset(
    {
        "assisting-ace",
        "chip",
        "credit",
        "crypto",
        "dissolving",
        "double",
        "jovial-jack",
        "rich-king",
        *QUEEN_SPECIALS,
    }
)
"""Specials that act in the Reveal cards phase."""

WHEN_ACQUIRED: frozenset[str] = frozenset({"smoldering", "voucher"})
"""Specials that act once, when the card is taken from the market."""

HexColor = Annotated[str, StringConstraints(pattern=r"^#[0-9a-fA-F]{6}$")]


class StartingCard(CardModel):
    """One card of a player's fruit-marked starting deck (numbers 2-8 only)."""

    type: Literal["starting"] = "starting"
    rank: StartingRank
    suit: Suit
    fruit: Annotated[str, StringConstraints(pattern=r"^[a-z]+$")]
    """The fruit symbol that tells the five starting decks apart."""
    fruit_color: HexColor | None = None
    """A colour for drawing the fruit symbol."""

    @property
    def code(self) -> str:
        return f"{self.rank}{self.suit}"


class DeckoJoker(CardModel):
    """A DECKO joker: a personal rule bought for chips, one of each type at most."""

    type: Literal["joker"] = "joker"
    joker_type: JokerType
    cost: Annotated[int, Field(ge=0, le=60)]
    """Price in chips, paid to the house."""
    removed_in_two_player: bool = False
    """Taken out of its pile at setup when only two play."""
    mandatory: bool = False
    """Its owner cannot choose to skip it (the rulebook says so for a few)."""
    pile_color: HexColor | None = None
    """Back colour of its pile: each of the six piles has its own back."""


class CardFace(Model):
    """A rank and suit pair, e.g. the second card pictured on a double card."""

    rank: Rank
    suit: Suit

    @property
    def code(self) -> str:
        return f"{self.rank}{self.suit}"


class MarketCard(CardModel):
    """One of the market's 52 cards: a regular card, most with a special rule.

    Parameters by kind: ``chips`` (chip card: gained when revealed; voucher:
    gained when acquired), ``money`` (credit card: dollars when revealed),
    ``alt_rank`` (dissolving card's second number; jovial jack's number),
    ``double`` (the second card a double card shows), ``burns`` (smoldering
    card: cards you may burn when you acquire it).
    """

    type: Literal["market"] = "market"
    rank: Rank
    suit: Suit
    price: Annotated[int, Field(ge=0, le=9)]
    """Dollars to buy it from the market."""
    special: Special = "plain"
    chips: Annotated[int, Field(ge=1)] | None = None
    money: Annotated[int, Field(ge=1)] | None = None
    alt_rank: NumberRank | None = None
    double: CardFace | None = None
    burns: Annotated[int, Field(ge=1, le=2)] | None = None

    @model_validator(mode="after")
    def _parameters_match_special(self) -> MarketCard:
        needs = {
            "chip": {"chips"},
            "voucher": {"chips"},
            "credit": {"money"},
            "dissolving": {"alt_rank"},
            "jovial-jack": {"alt_rank"},
            "double": {"double"},
            "smoldering": {"burns"},
        }.get(self.special, set())
        for name in ("chips", "money", "alt_rank", "double", "burns"):
            present = getattr(self, name) is not None
            if name in needs and not present:
                raise ValueError(f"a {self.special} card needs '{name}'")
            if present and name not in needs:
                raise ValueError(f"'{name}' does not apply to a {self.special} card")
        if self.special == "assisting-ace" and self.rank != "A":
            raise ValueError("an assisting ace must be an ace")
        if self.special == "rich-king" and self.rank != "K":
            raise ValueError("a rich king must be a king")
        if self.special == "jovial-jack" and self.rank != "J":
            raise ValueError("a jovial jack must be a jack")
        if self.special in QUEEN_SPECIALS and self.rank != "Q":
            raise ValueError(f"a {self.special} must be a queen")
        if self.special == "dissolving" and self.alt_rank == self.rank:
            raise ValueError("a dissolving card's two numbers must differ")
        return self

    @property
    def code(self) -> str:
        """The card's own rank and suit (``9s``)."""
        return f"{self.rank}{self.suit}"

    @property
    def faces(self) -> tuple[str, ...]:
        """Every card this counts as at once: two for a double card, else one."""
        if self.double is not None:
            return (self.code, self.double.code)
        return (self.code,)

    @property
    def ranks(self) -> tuple[str, ...]:
        """The ranks it may be scored as (a choice, not several at once)."""
        if self.alt_rank is not None:
            return (self.rank, self.alt_rank)
        return (self.rank,)

    @property
    def when_revealed(self) -> bool:
        return self.special in WHEN_REVEALED

    @property
    def when_acquired(self) -> bool:
        return self.special in WHEN_ACQUIRED


WildcardRule = Literal[
    "holdem",
    "clown-car",
    "lowball",
    "stud",
    "tcg",
    "fried-chicken",
    "deckorama",
    "inferno",
    "purge",
    "battle-royale",
    "low-sum",
    "solo",
    "pro-table",
    "penultimo",
]
"""Key of a wildcard round's special rule (what ``companion rank --wildcard`` takes)."""

WILDCARD_RULES: tuple[str, ...] = get_args(WildcardRule)


class WildcardEffects(Changes):
    """A wildcard round's changes in structured form (defaults: a normal round).

    ``winner``: which set takes the bet (``highest`` as usual, ``lowest``,
    ``second-highest``, ``lowest-sum`` of the numbered cards in hand).
    """

    winner: Literal["highest", "lowest", "second-highest", "lowest-sum"] = "highest"
    deal_cards: Annotated[int, Field(ge=0, le=7)] = 5
    draw_from: Literal["draw-pile", "burn-pile"] = "draw-pile"
    market_cards_in_set: Annotated[int, Field(ge=0, le=5)] = 0
    """Cards of the face-up market every set must use (Hold'em)."""
    hand_cards_in_set_max: Annotated[int, Field(ge=1, le=5)] | None = None
    scored_cards: Annotated[int, Field(ge=1, le=5)] | None = None
    """At most this many cards form the set (Solo: 1)."""
    wild_royals: bool = False
    """Jacks, queens and kings may be scored as any rank and suit."""
    unscorable: Literal["starting-cards", "shared-numbers"] | None = None
    revealed_cards: Annotated[int, Field(ge=0, le=7)] = 0
    """Cards each player shows face up after the deal (Stud)."""
    take_from_left_burn_pile: Annotated[int, Field(ge=0)] = 0
    burn_on_bet: bool = False
    """Raising or calling also burns a card from hand, with no draw."""
    shared_jokers: bool = False
    """Everyone uses the top joker of every pile instead of their own."""


class WildcardCard(CardModel):
    """A small card that changes the rules of one wildcard round."""

    type: Literal["wildcard"] = "wildcard"
    color: Literal["red", "blue"]
    rule: WildcardRule
    effects: WildcardEffects = WildcardEffects()


class LoanCard(CardModel):
    """A player's loan card: one loan on its face, two on its back."""

    type: Literal["loan"] = "loan"
    chips: Annotated[int, Field(ge=1)] = 10
    """Chips a loan gives."""
    repay: Annotated[int, Field(ge=0)] = 5
    """Chips owed per loan at the end of the game."""
    max_loans: Annotated[int, Field(ge=1)] = 2
    back_text: str | None = None


class BlindCard(CardModel):
    """Marks the blind player, who bets first and acts last."""

    type: Literal["blind"] = "blind"


def market_by_code(cards: Iterable[Any]) -> dict[str, MarketCard]:
    """The market cards keyed by rank and suit (``"Qd"``): the market holds
    exactly one card of each, so a code names one market card.

    >>> from companion.cards import load_game
    >>> market_by_code(load_game("decko"))["Qd"].special
    'bridge-partner-queen'
    """
    return {c.code: c for c in cards if isinstance(c, MarketCard)}


Card = Annotated[
    StartingCard | DeckoJoker | MarketCard | WildcardCard | LoanCard | BlindCard,
    Field(discriminator="type"),
]
