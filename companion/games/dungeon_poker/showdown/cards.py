"""The cards a showdown file names: found in the card database by name, id or a word of the name.

Every phase that reads a card (the encounter, characters, artifacts,
monsters) finds it here, so a name the file gives is read one way; and the
phases that speak of a rank (the Witch's curse, the Full Plate's pair, the
Ancient Evil's discards) name it here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.errors import CompanionError
from companion.poker.cards import RANK_CHARS, RANK_PLURALS
from companion.poker.cards import parse_rank as rank_value


def find_card(db: Any, kind: str, name: str, where: str, prefer: str | None = None) -> Any:
    """The ``kind`` card called ``name`` (its id, its name or one word of it).

    ``prefer`` is the id to take when several copies share the name (Dragon
    age's own Fire Dragon); otherwise a card in the regular decks comes
    before one set aside.
    """
    found = [c for c in db.by_name(name) if c.kind == kind]
    if not found:
        short = db.by_short_name(name, db.of_type(kind))
        if len({c.name for c in short}) == 1:
            found = short
        elif short:
            names = ", ".join(sorted({c.name for c in short}))
            raise CompanionError(f"{where}: '{name}' could be {names}: give more of the name")
    if not found:
        known = sorted({c.name for c in db.of_type(kind)})
        sample = ", ".join(known[:6]) + (", ..." if len(known) > 6 else "")
        raise CompanionError(f"{where}: unknown {kind} '{name}' (for example: {sample})")
    exact = [c for c in found if c.id == name.strip()]
    if exact:
        return exact[0]
    if prefer is not None:
        preferred = [c for c in found if c.id == prefer]
        if preferred:
            return preferred[0]
    plain = [c for c in found if not getattr(c, "set_aside", False)]
    return (plain or found)[0]


def rank_word(rank: str) -> str:
    """``8`` -> ``eights``, ``A`` -> ``aces``.

    >>> rank_word("8"), rank_word("A")
    ('eights', 'aces')
    """
    return RANK_PLURALS[rank_value(rank)]


def rank_span(ranks: Sequence[str]) -> str:
    """A run of three or more ranks as ``2-7``, others listed.

    >>> rank_span(["2", "3", "4", "5", "6", "7"]), rank_span(["K", "A"])
    ('2-7', 'K, A')
    """
    idx = sorted(RANK_CHARS.index(r) for r in ranks)
    if idx and idx == list(range(idx[0], idx[-1] + 1)) and len(idx) > 2:
        return f"{RANK_CHARS[idx[0]]}-{RANK_CHARS[idx[-1]]}"
    return ", ".join(RANK_CHARS[i] for i in idx)
