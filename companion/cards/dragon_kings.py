"""Dragon Kings cards: the standard deck with the Swords joker, and the wing cards.

Wing cards bend the deal. Two are involuntary and always in play: the Grave
Digger (K♠) and Black Death (K♣), whose whole rulebook role is in hand
ranking. The ten voluntary ones enter play one at a time; what a dealer or the
hand ranker must know about each is in ``effects``:

>>> deuces = WingCard(id="d", name="Deuces", deck="wing", involuntary=False,
...                   effects={"wild_ranks": ["2"]})
>>> deuces.effects.wild_ranks, deuces.effects.extra_hole_cards
(('2',), 0)
>>> WingCard(id="g", name="Grave Digger", deck="wing", involuntary=True, king="Ks").code
'Ks'
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints, model_validator

from companion.cards.base import CardModel, Rank
from companion.cards.changes import Changes
from companion.cards.common import JokerCard, PlayingCard

CardCode = Annotated[str, StringConstraints(pattern=r"^[2-9TJQKA][shdc]$")]
"""One card in the project's notation: rank then suit letter (``Js``)."""

HandRole = Literal["twinned-dragon-kings", "grave-digger-spade-flush"]
"""The rulebook's two unbeatable-ish hands a black king takes part in."""


class WingEffects(Changes):
    """What a wing card changes, in fields a dealer or ranker can act on.

    Every default means "no change". Extra cards a wing card asks for are
    always dealt from the bottom of the deck (the rulebook insists on it).
    """

    wild_ranks: tuple[Rank, ...] = ()
    """Every card of these ranks is wild."""
    wild_cards: tuple[CardCode, ...] = ()
    """These exact cards are wild (e.g. the one-eyed jacks ``Js``, ``Jh``)."""
    extra_hole_cards: Annotated[int, Field(ge=0, le=3)] = 0
    """Hole cards dealt to each player on top of the usual two."""
    extra_board_cards: Annotated[int, Field(ge=0, le=3)] = 0
    """Community cards dealt on top of the usual five."""
    use_hole_cards_exactly: Annotated[int, Field(ge=0, le=2)] | None = None
    """A hand must use exactly this many hole cards (Hold'em: any number)."""
    face_up_hole_cards: Annotated[int, Field(ge=0, le=2)] = 0
    """Hole cards each player receives face up."""
    face_down_board_cards: Annotated[int, Field(ge=0, le=5)] = 0
    """Board cards (counted from the river back) kept hidden until the showdown."""
    hole_card_swaps: Annotated[int, Field(ge=0, le=2)] = 0
    """Hole cards a player may trade for the deck's bottom card before the flop."""
    swap_cost: Annotated[int, Field(ge=0)] = 0
    """Points paid into the pot for each such swap."""
    ante: Annotated[int, Field(ge=0)] = 0
    """Points every player puts in the pot before each deal."""
    blind_multiplier: Annotated[int, Field(ge=1, le=10)] = 1
    """The blinds are multiplied by this while the card is in play."""


class WingCard(CardModel):
    """One of the twelve wing cards."""

    type: Literal["wing"] = "wing"
    involuntary: bool
    """Always in play and never replaced (the two black kings)."""
    king: Literal["Ks", "Kc"] | None = None
    """The black king an involuntary wing card stands for."""
    hand_roles: tuple[HandRole, ...] = ()
    effects: WingEffects = WingEffects()

    @model_validator(mode="after")
    def _involuntary_cards_are_black_kings(self) -> WingCard:
        if self.involuntary != (self.king is not None):
            raise ValueError(
                "involuntary wing cards, and only they, name their black king (Ks or Kc)"
            )
        return self

    @property
    def code(self) -> str | None:
        """The black king's card code, for the two involuntary cards."""
        return self.king


Card = Annotated[PlayingCard | JokerCard | WingCard, Field(discriminator="type")]
