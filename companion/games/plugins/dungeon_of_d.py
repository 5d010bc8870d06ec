"""Dungeon of D plugged into the tools (:class:`~companion.registry.Game`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.registry import Game

if TYPE_CHECKING:
    from companion.table.drawing import GameRules


class DungeonOfD(Game):
    """The solo dungeon crawler of power cards and rooms (004)."""

    id = "dungeon-of-d"
    name = "Dungeon of D"

    def table_rules(self) -> GameRules:
        from companion.table.drawing import GameRules

        # The Power Deck is rebuilt from the Discard Pile; the Room Deck is not.
        return GameRules(self.id, reshuffled=frozenset({"power"}))
