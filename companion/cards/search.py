"""Find cards by name across games, with suggestions for near misses."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.cards.loader import load_all, load_game
from companion.errors import CompanionError


def find_cards(
    name: str, game: str | None = None, data_dir: str | Path | None = None
) -> list[tuple[str, Any]]:
    """``(game id, card)`` for every card named ``name`` (or with that id).

    A name that matches nothing raises an error suggesting the closest names.
    """
    games = {game: load_game(game, data_dir)} if game else load_all(data_dir)
    found = [(gid, card) for gid, cards in games.items() for card in cards.by_name(name)]
    if found:
        return found
    names = sorted({c.name for cards in games.values() for c in cards})
    close = difflib.get_close_matches(name, names, n=3, cutoff=0.5)
    if not close:
        lowered = name.casefold()
        close = [n for n in names if lowered in n.casefold()][:3]
    where = f" in {game}" if game else ""
    hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
    raise CompanionError(f"no card named '{name}'{where}{hint}")


@dataclass(frozen=True)
class FoundCard:
    """One card found by name, and its game."""

    game: str
    card: Any

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, **self.card.to_json()}


def find_card(name: str, game: str | None = None, data_dir: str | Path | None = None) -> FoundCard:
    """The one card named ``name`` (or with that id); an error naming the ids when several are.

    >>> find_card("king of spades", "dragon-kings").card.id
    'ks'
    """
    found = find_cards(name, game, data_dir)
    if len(found) > 1:
        where = ", ".join(f"{g}/{c.id}" for g, c in found)
        one_game = len({g for g, _ in found}) == 1
        hint = "use one of the ids" if one_game else "add --game or use one of the ids"
        raise CompanionError(f"'{name}' names {len(found)} cards ({where}); {hint}")
    return FoundCard(*found[0])
