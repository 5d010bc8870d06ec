"""``adjudicate``: settle one showdown under its game's rules.

Each game that adds rules at the showdown has its own subclass of the
engine in :mod:`companion.poker.showdown`; Hold'em and Omaha use the engine
as it is.
"""

from __future__ import annotations

from companion.poker.showdown import Showdown, ShowdownResult
from companion.poker.showdown_input import ShowdownIn
from companion.poker.showdown_rank import Ranker


def showdown_class(game: str) -> type[Showdown]:
    """The showdown engine of ``game``."""
    if game == "dungeon-poker":
        from companion.games.dungeon_poker.showdown import DungeonPokerShowdown

        return DungeonPokerShowdown
    if game == "decko":
        from companion.games.decko.showdown import DeckoShowdown

        return DeckoShowdown
    if game == "dragon-kings":
        from companion.games.dragon_kings.showdown import DragonKingsShowdown

        return DragonKingsShowdown
    return Showdown


def adjudicate(
    spec: ShowdownIn, *, ranker: Ranker | None = None, data_dir: str | None = None
) -> ShowdownResult:
    """Settle one showdown. ``ranker`` replaces the hand ranker (tests)."""
    return showdown_class(spec.game)(spec, ranker, data_dir).run()
