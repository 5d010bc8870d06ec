"""DECKO's table events in words: one sentence for each step of a round."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.ui.render.words import words

if TYPE_CHECKING:
    from companion.games.decko.events import DeckoStep

_SAID: dict[str, Callable[[DeckoStep], str]] = {
    "round": lambda e: f"round {e.round} dealt",
    "burn": lambda e: f"{e.player} burned a card",
    "raise": lambda e: f"{e.player} raised to {e.count}",
    "call": lambda e: f"{e.player} called {e.count}",
    "check": lambda e: f"{e.player} checked",
    "fold": lambda e: f"{e.player} folded",
    "buy": lambda e: f"{e.player} bought {e.card}",
    "flush": lambda e: f"{e.player} flushed the market",
    "gift": lambda e: f"{e.player} gifted a card to {e.other}",
    "buy-chips": lambda e: f"{e.player} bought {e.count} chips",
    "joker": lambda e: f"{e.player} bought {e.card}",
    "done": lambda e: f"{e.player} done buying",
    "loan": lambda e: f"{e.player} took a loan",
    "draw": lambda e: f"{e.player} drew {e.count}",
    "discard": lambda e: f"{e.player} discarded {e.count}",
    "chips": lambda e: f"{e.player} chips {e.count or 0:+d}",
    "stud": lambda e: f"{e.player} laid Stud cards face up",
    "tcg": lambda e: f"{e.player} took a card from {e.other}'s burn pile",
}


@words(*(f"decko-{step}" for step in _SAID))
def _step(e: DeckoStep) -> str:
    return _SAID[e.kind.removeprefix("decko-")](e)
