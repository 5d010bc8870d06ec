"""Dragon Kings cards: the standard deck with the Swords joker (wing cards follow)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from companion.cards.common import JokerCard, PlayingCard

Card = Annotated[PlayingCard | JokerCard, Field(discriminator="type")]
