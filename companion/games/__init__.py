"""Each game's own rules, in one place a game that every tool calls.

The tool engines below (``poker``, ``table``, ``timer``) know no game; the
packages here hold what is particular to one game, named in its own words.
"""

from __future__ import annotations

import importlib
from typing import Any

from companion.registry import HandReader, Loader, register_hands, register_table_rules


def _load(target: str) -> Loader:
    """A loader of ``module:name``, imported when first asked for."""
    module, _, name = target.partition(":")
    return lambda: getattr(importlib.import_module(module), name)


def register_games() -> None:
    """Hand each game's own rules to the tool engines (done once, when this package loads).

    A game listed here has table rules of its own (``table new``, ``draw``,
    ``table show`` ask for them) or hands the poker ranker cannot read.
    """
    register_table_rules(
        "dungeon-poker", _load("companion.games.dungeon_poker.table_rules:DungeonPokerRules")
    )
    register_table_rules("decko", _load("companion.games.decko.table_rules:DeckoRules"))
    register_table_rules(
        "dragon-kings", _load("companion.games.dragon_kings.table_rules:DragonKingsRules")
    )
    register_hands(
        "decko",
        HandReader(
            read=_load("companion.games.decko.ranker:parse_decko"),
            rank=_load("companion.games.decko.ranker:rank_decko_reveal"),
        ),
    )


register_games()


def table_levels(game: str) -> Any:
    """How a table of ``game`` opens levels for its clock (None: the clock only counts them)."""
    if game == "dungeon-poker":
        from companion.games.dungeon_poker.encounters import DungeonPokerLevels

        return DungeonPokerLevels()
    if game == "decko":
        from companion.games.decko.rounds import DeckoRounds

        return DeckoRounds()
    return None


def undo_at_table(tx: Any, table: Any) -> Any:
    """``table undo``: revert the last action; a level undone takes the table's clock back too."""
    from companion.table import undo
    from companion.timer.table_clock import CountedLevels, follow_table_back

    entry = undo(tx, table)
    levels = table_levels(table.game) or CountedLevels()
    if entry.action in getattr(levels, "level_actions", ("level",)):
        follow_table_back(tx, table, levels, tx.store.clock())
    return entry


def check_table_structure(store: Any, table: Any, structure: Any) -> None:
    """``timer run`` on a table: refuse a structure whose levels are not the table's cards."""
    if table.game != "dungeon-poker":
        return
    from companion.games.dungeon_poker.levels import check_structure

    check_structure(table, structure)
