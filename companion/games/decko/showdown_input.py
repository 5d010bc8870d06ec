"""DECKO's part of the showdown file: the wildcard round, the market, the house bet.

>>> from companion.poker.showdown_input import read_showdown
>>> spec = read_showdown("game: decko\\nhouse_bet: 4\\nplayers: [{name: ann, burn_top: Qh}]")
>>> type(spec).__name__, spec.house_bet, spec.players[0].burn_top
('DeckoShowdownIn', 4, 'Qh')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, ClassVar, Literal

from pydantic import Field

from companion.poker.showdown_input import Amount, Cards, PlayerIn, ShowdownIn


class DeckoPlayerIn(PlayerIn):
    """A player at a DECKO reveal, with the tops of their own piles."""

    burn_top: str | None = None
    """The card on top of this player's burn pile (for a Pyromaniac Queen)."""
    discard_top: str | None = None
    """The card on top of this player's discard pile (for a Dumpster Diving Queen)."""


class DeckoShowdownIn(ShowdownIn):
    """One DECKO reveal: its wildcard round, the market cards and the house bet."""

    player_type: ClassVar[type[PlayerIn]] = DeckoPlayerIn

    game: Literal["decko"] = "decko"
    players: Annotated[Sequence[DeckoPlayerIn], Field(min_length=1)]
    wildcard: str | None = None
    """The wildcard round in force."""
    market: Cards | None = None
    """The face-up market cards (Hold'em round, Shopping Queen)."""
    house_bet: Amount = 0
    """Chips on the house betting space (folded bets included)."""
