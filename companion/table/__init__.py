"""Table sessions: the decks drawn at a physical table, kept in one SQLite file.

The store (:mod:`companion.table.store`) keeps tables, their players, every
physical card's pile and an append-only history; :mod:`~companion.table.actions`
are the things done at a table; :mod:`~companion.table.drawing` holds the
generic rules of drawing, which each game's ``table_rules`` (in its package under
``companion.games``) extends. See ``/docs/table.md``.
"""

from companion.table.actions import (
    DeckStatus,
    delete_table,
    discard,
    draw,
    holdings,
    new_table,
    parse_players,
    peek,
    remove,
    reorder,
    resolve_deck,
    return_card,
    select_table,
    shuffle,
    shuffle_top,
    status,
    undo,
)
from companion.table.drawing import GameRules, rules_for
from companion.table.model import PILES, CardCopy, DrawnCard, HistoryEntry, TableInfo
from companion.table.store import SCHEMA_VERSION, TableStore, Transaction, open_store

__all__ = [
    "PILES",
    "SCHEMA_VERSION",
    "CardCopy",
    "DeckStatus",
    "DrawnCard",
    "GameRules",
    "HistoryEntry",
    "TableInfo",
    "TableStore",
    "Transaction",
    "delete_table",
    "discard",
    "draw",
    "holdings",
    "new_table",
    "open_store",
    "parse_players",
    "peek",
    "remove",
    "reorder",
    "resolve_deck",
    "return_card",
    "rules_for",
    "select_table",
    "shuffle",
    "shuffle_top",
    "status",
    "undo",
]
