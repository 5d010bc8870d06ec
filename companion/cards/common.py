"""Card models shared by several games: the standard playing card and the joker.

>>> PlayingCard(id="ks", name="King of Spades", deck="main", rank="K", suit="s").code
'Ks'
"""

from __future__ import annotations

from typing import Literal

from companion.cards.base import CardModel, Rank, Suit


class PlayingCard(CardModel):
    """One card of a standard 52-card deck."""

    type: Literal["playing"] = "playing"
    rank: Rank
    suit: Suit

    @property
    def code(self) -> str:
        """The card in the project's notation (``Ks``, ``Th``)."""
        return f"{self.rank}{self.suit}"

    @property
    def symbol(self) -> str:
        """Rank and suit symbol for display (``K♠``, ``10♥``)."""
        from companion.poker.cards import card_symbol  # the notation, loaded when first shown

        return card_symbol(self.code)


class JokerCard(CardModel):
    """A joker; wild where its game says so."""

    type: Literal["joker"] = "joker"
    wild: bool = True


class InfoCard(CardModel):
    """A card with no rules of its own: reminders, markers, dealer buttons."""

    type: Literal["info"] = "info"
    back_text: str | None = None
