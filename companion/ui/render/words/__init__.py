"""Every event in words: the one place a sentence is made from an event.

A rule returns typed events (:mod:`companion.events`); the history keeps them;
the terminal, ``--json`` (an event's ``text``) and the pages all say them
with :func:`say`. Each area's words are a module here, one function per kind
of event, registered with :func:`words`; a kind is looked up by name, so
saying an event imports no game. Importing this package hands :func:`say`
to :func:`companion.events.use_words` (the CLI and the server do at start).

>>> from companion.table.events import CardRef, CardsDrawn
>>> ace = CardRef("main", 3, "As", "Ace of Spades", "held", "bob")
>>> drawn = CardsDrawn("main", "Main deck", "bob", (ace,))
>>> say(drawn), say(drawn.seen_by("ann"))
('bob drew Ace of Spades from Main deck', 'bob drew 1 card from Main deck')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from companion.events import Event, use_words

F = TypeVar("F", bound=Callable[..., str])

_SAY: dict[str, Callable[[Any], str]] = {}


def words(*kinds: str) -> Callable[[F], F]:
    """Register the function that says events of ``kinds``."""

    def register(fn: F) -> F:
        for kind in kinds:
            if kind in _SAY:
                raise TypeError(f"two ways of saying {kind!r}")
            _SAY[kind] = fn
        return fn

    return register


def say(event: Event) -> str:
    """``event`` in one sentence."""
    fn = _SAY.get(event.kind)
    if fn is None:
        return event.kind.replace("-", " ")
    return fn(event)


def sentences(events: Iterable[Event]) -> list[str]:
    """Each event in words, in order."""
    return [say(e) for e in events]


def said_kinds() -> frozenset[str]:
    """Every kind of event that has words (a test holds it to every kind there is)."""
    return frozenset(_SAY)


# Each area registers its words (imported last: they use ``words`` above).
from companion.ui.render.words import (  # noqa: E402
    decko,
    dragon_kings,
    dungeon_master,
    dungeon_poker,
    dungeon_poker_showdown,
    showdown,
    table,
)

__all__ = [
    "decko",
    "dragon_kings",
    "dungeon_master",
    "dungeon_poker",
    "dungeon_poker_showdown",
    "say",
    "sentences",
    "showdown",
    "table",
    "words",
]

use_words(say)
