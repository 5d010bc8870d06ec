"""Where each game hands its own rules to the game-agnostic tool engines.

The tool engines (``table``, ``poker``) never name a game: a game that has
rules of its own at the table, or hands the poker ranker cannot read,
registers them here, and the engines ask by game id. ``companion.games``
fills the registry when it is imported (the CLI imports it at start), so
any code that uses a game's rules has registered them by then; an engine
asked before anything registered says so instead of guessing.

Each entry is a loader: the game's module is imported only when an engine
first asks for it, so registering costs nothing at start-up.

>>> register_table_rules("tiddlywinks", lambda: dict)
>>> table_rules_loader("tiddlywinks")()
<class 'dict'>
>>> table_rules_loader("snap") is None
True
>>> forget("tiddlywinks")
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.errors import CompanionError

Loader = Callable[[], Any]
"""Imports and returns what a game registered (a class, or a function)."""


@dataclass(frozen=True)
class HandReader:
    """A game whose cards the poker ranker cannot read: how to read and rank its hands.

    ``read`` loads ``(text, where) -> card codes``; ``rank`` loads a
    :data:`~companion.poker.showdown_rank.Ranker`.
    """

    read: Loader
    rank: Loader


_TABLE_RULES: dict[str, Loader] = {}
_HANDS: dict[str, HandReader] = {}


def register_table_rules(game: str, load: Loader) -> None:
    """``load()`` returns the class of ``game``'s table rules (a ``GameRules`` subclass)."""
    _TABLE_RULES[game] = load


def register_hands(game: str, reader: HandReader) -> None:
    """``game``'s hands are read and ranked by ``reader``, not by the poker ranker."""
    _HANDS[game] = reader


def forget(game: str) -> None:
    """Drop what ``game`` registered (tests of the registry itself)."""
    _TABLE_RULES.pop(game, None)
    _HANDS.pop(game, None)


def table_rules_loader(game: str) -> Loader | None:
    """The loader of ``game``'s table rules, or None (the generic rules apply)."""
    _check_filled()
    return _TABLE_RULES.get(game)


def hand_reader(game: str) -> HandReader | None:
    """How ``game``'s hands are read and ranked, or None (the poker ranker's cards)."""
    _check_filled()
    return _HANDS.get(game)


def _check_filled() -> None:
    if not (_TABLE_RULES or _HANDS):
        raise CompanionError(
            "no game has registered its rules with the tool engines: import companion.games first"
        )
