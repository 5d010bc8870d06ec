"""Each game's own rules, in one place a game that every tool calls.

The tool engines below (``poker``, ``table``, ``timer``) know no game; the
packages here hold what is particular to one game, named in its own words,
and :mod:`companion.games.plugins` says where each plugs into the tools.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.registry import register_game, use_kind_loader

if TYPE_CHECKING:
    from companion.table import HistoryEntry, TableInfo, Transaction


def register_games() -> None:
    """Plug every game into the tools (done once, when this package loads).

    The first game is the one a showdown file plays when it names none.
    """
    from companion.games.plugins.decko import Decko
    from companion.games.plugins.dragon_kings import DragonKings
    from companion.games.plugins.dungeon_master import DungeonMaster
    from companion.games.plugins.dungeon_of_d import DungeonOfD
    from companion.games.plugins.dungeon_poker import DungeonPoker

    entries = (DungeonPoker(), DungeonMaster(), Decko(), DragonKings(), DungeonOfD())
    for entry in entries:
        register_game(entry)

    def load_event_kinds() -> None:
        import importlib

        for entry in entries:
            for module in entry.event_modules():
                importlib.import_module(module)

    use_kind_loader(load_event_kinds)


register_games()


def undo_at_table(tx: Transaction, table: TableInfo) -> HistoryEntry:
    """``table undo``: revert the last action; a level undone takes the table's clock back too."""
    from companion.registry import game
    from companion.table import undo
    from companion.timer.table_clock import CountedLevels, follow_table_back

    entry = undo(tx, table)
    levels = game(table.game).levels() or CountedLevels()
    if entry.action in levels.level_actions:
        follow_table_back(tx, table, levels, tx.store.clock())
    return entry
