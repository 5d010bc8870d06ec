"""The card database: pydantic models of every card and the YAML loader.

>>> from companion.cards import load_game
>>> standard = load_game("dragon-kings")
>>> standard.total("standard")
53
>>> standard.get("ks").symbol
'K♠'
"""

from companion.cards.base import CardModel, DeckInfo, GameInfo
from companion.cards.loader import (
    CardDataError,
    GameCards,
    Validation,
    clear_cache,
    load_all,
    load_game,
    validate_dir,
    validate_folder,
)
from companion.cards.search import FoundCard, find_card, find_cards

__all__ = [
    "CardDataError",
    "CardModel",
    "DeckInfo",
    "FoundCard",
    "GameCards",
    "GameInfo",
    "Validation",
    "clear_cache",
    "find_card",
    "find_cards",
    "load_all",
    "load_game",
    "validate_dir",
    "validate_folder",
]
