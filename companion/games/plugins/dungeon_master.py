"""Dungeon Master plugged into the tools (:class:`~companion.registry.Game`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.registry import Game

if TYPE_CHECKING:
    from companion.table.drawing import GameRules


class DungeonMaster(Game):
    """The two-player dungeon crawl, DM against the party (001)."""

    id = "dungeon-master"
    name = "Dungeon Master"

    def event_modules(self) -> tuple[str, ...]:
        return ("companion.games.dungeon_master.events",)

    def table_rules(self) -> GameRules:
        from companion.table.drawing import GameRules

        # Draw phase: an exhausted deck is rebuilt from its discard pile.
        return GameRules(self.id, reshuffled=frozenset({"party", "dm"}))
