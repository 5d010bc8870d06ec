"""Small pieces of wording every area's sentences share."""

from __future__ import annotations

from collections.abc import Sequence

from companion.poker.hands import names_text

__all__ = ["card_names", "count", "names_text"]


def count(n: int, word: str, plural: str | None = None) -> str:
    """``1 card``, ``2 cards``.

    >>> count(1, "card"), count(3, "treasure"), count(2, "soul gem")
    ('1 card', '3 treasures', '2 soul gems')
    """
    return f"{n:,} {word if n == 1 else plural or word + 's'}"


def card_names(shown: Sequence[str], hidden: int, *, none: str = "nothing") -> str:
    """The cards an event names, and how many it leaves out for this viewer.

    >>> card_names(["Orc"], 0), card_names([], 2), card_names(["Orc"], 1), card_names([], 0)
    ('Orc', '2 cards', 'Orc and 1 more card', 'nothing')
    """
    if not hidden:
        return ", ".join(shown) or none
    if not shown:
        return count(hidden, "card")
    return f"{', '.join(shown)} and {count(hidden, 'more card')}"
