"""Which module holds the card models of each game.

Each module defines ``Card``: an annotated union of its card models,
discriminated by ``type``. Modules are imported only when a game is loaded.
"""

from __future__ import annotations

import importlib
from typing import Any

from companion import GAMES

GAME_MODULES: dict[str, str] = {
    "dungeon-poker": "companion.cards.dungeon_poker",
    "dungeon-master": "companion.cards.dungeon_master",
    "decko": "companion.cards.decko",
    "dragon-kings": "companion.cards.dragon_kings",
    "dungeon-of-d": "companion.cards.dungeon_of_d",
}
assert tuple(GAME_MODULES) == GAMES


def card_union(game_id: str) -> Any:
    """The discriminated union of card models for ``game_id``."""
    return importlib.import_module(GAME_MODULES[game_id]).Card
