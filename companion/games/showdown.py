"""``adjudicate``: settle one showdown under its game's rules.

Each game that adds rules at the showdown has its own subclass of the
engine in :mod:`companion.poker.showdown` (its
:meth:`~companion.registry.Game.showdown`); Hold'em and Omaha use the engine
as it is.
"""

from __future__ import annotations

from companion.poker.showdown import Showdown, ShowdownResult
from companion.poker.showdown_input import ShowdownIn, validate_showdown
from companion.poker.showdown_rank import Ranker
from companion.registry import game


def showdown_class(game_id: str) -> type[Showdown]:
    """The showdown engine of ``game_id``."""
    return game(game_id).showdown()


def adjudicate(
    spec: ShowdownIn, *, ranker: Ranker | None = None, data_dir: str | None = None
) -> ShowdownResult:
    """Settle one showdown. ``ranker`` replaces the hand ranker (tests)."""
    model = game(spec.game).showdown_input()
    if model is not None and not isinstance(spec, model):
        spec = validate_showdown(spec.model_dump(exclude_unset=True) | {"game": spec.game})
    return showdown_class(spec.game)(spec, ranker, data_dir).run()
