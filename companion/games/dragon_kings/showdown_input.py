"""Dragon Kings' part of the showdown file: wild cards, wing cards, First Honors, misdeals.

>>> from companion.poker.showdown_input import read_showdown
>>> spec = read_showdown("game: dragon-kings\\nfirst_honors: true\\nplayers: [{name: ann}]")
>>> type(spec).__name__, spec.first_honors
('DragonKingsShowdownIn', True)
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from companion.poker.showdown_input import Amount, Name, ShowdownIn


class DragonKingsShowdownIn(ShowdownIn):
    """One Dragon Kings showdown: what its wing cards, honors and penalties need."""

    game: Literal["dragon-kings"] = "dragon-kings"
    wild: list[str] = Field(default_factory=list)
    """Extra wild cards or ranks."""
    first_honors: bool = False
    """Nobody has played Twinned Dragon Kings yet this game."""
    wings: list[str] = Field(default_factory=list)
    """The voluntary wing cards in force (names or ids; ``none`` for none)."""
    misdeals: list[Name] | dict[Name, Amount] = Field(default_factory=list)
    """Players who fouled the last deal; each places 40 points in this pot (a mapping
    gives what each places: a guest with fewer points places all they have)."""
    swap_costs: dict[Name, Amount] = Field(default_factory=dict)
    """Points each player paid into this pot to trade a hole card (Sleight of Hand)."""
