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
