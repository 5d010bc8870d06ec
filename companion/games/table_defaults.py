"""What the current table already knows, for the commands that work without one.

With a table current, ``pot``, ``rank``, ``odds`` and ``showdown`` take its
game (and, for Dungeon Poker, its blind, encounter and monsters in play)
when the command does not say otherwise, so the dealer types each fact once.
An explicit ``--game`` (or a field of the showdown file) always wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.poker.showdown_input import ShowdownIn


@dataclass(frozen=True)
class TableDefaults:
    """The current table's game and, for Dungeon Poker, the level's facts."""

    table: str
    game: str
    blind: int | None = None
    encounter: str | None = None
    monsters: tuple[dict[str, Any], ...] = ()
    carried: int = 0
    treasures_waiting: int = 0


def current_table(state: str | Path | None = None) -> TableDefaults | None:
    """The defaults of the current table, or None (no state file, no current table)."""
    from companion.paths import state_path

    path = state_path(state)
    if not path.is_file():
        return None
    from companion.table import open_store

    with open_store(path) as store, store.transaction(write=False) as tx:
        name = tx.current_table_name()
        table = tx.find_table(name) if name else None
        if table is None:
            return None
        if table.game != "dungeon-poker":
            return TableDefaults(table.name, table.game)
        from companion.games.dungeon_poker import table_rules as dp
        from companion.games.dungeon_poker.deal import _monsters_in_play
        from companion.table.actions import game_cards

        rules = dp.DungeonPokerRules(dp.GAME)
        cards = game_cards(table)
        level = rules.level_now(tx, table, cards)
        return TableDefaults(
            table.name,
            table.game,
            blind=level.blind,
            encounter=level.encounter.card_id if level.encounter else None,
            monsters=tuple(_monsters_in_play(tx, table, rules, cards)),
            carried=int(tx.get_state(table, dp.NS, "carried_gold", 0)),
            treasures_waiting=int(tx.get_state(table, dp.NS, "carried", 0)),
        )


def game_and_encounter(
    game: str | None, encounter: str | None, implied: bool = False
) -> tuple[str | None, str | None]:
    """``rank``/``odds``: the table's game and encounter when neither is given nor implied."""
    if game is not None or encounter is not None or implied:
        return game, encounter
    found = current_table()
    if found is None:
        return None, None
    return found.game, found.encounter


def pot_game(game: str | None) -> str:
    """``pot``: the game deciding odd chips and coin size (the table's, else Hold'em)."""
    if game is not None:
        return game
    found = current_table()
    return found.game if found is not None else "holdem"


def with_table(spec: ShowdownIn) -> ShowdownIn:
    """``showdown``: fill a Dungeon Poker file's blind, encounter and monsters from the table."""
    if spec.game != "dungeon-poker":
        return spec
    found = current_table()
    if found is None or found.game != "dungeon-poker":
        return spec
    data = spec.model_dump(exclude_unset=True)
    data.setdefault("blind", found.blind)
    if "encounter" not in data and found.encounter is not None:
        data["encounter"] = found.encounter
    if "monsters" not in data and found.monsters:
        data["monsters"] = list(found.monsters)
    return ShowdownIn.model_validate(data)
