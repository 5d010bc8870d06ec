"""What the current table already knows, for the commands that work without one.

With a table current, ``pot``, ``rank``, ``odds`` and ``showdown`` take its
game (and, for Dungeon Poker, its blind, encounter and monsters in play;
for Dragon Kings, its wing cards in force, its variant and, for a showdown,
whether First Honors is still to be earned) when the command
does not say otherwise, so the dealer types each fact once. An explicit
``--game`` (or a flag that implies a game, or a field of the showdown file)
always wins. An absent state file is never created.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.errors import CompanionError
from companion.games.ranking import RankOptions, resolve_game

if TYPE_CHECKING:
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
        from companion.games.dungeon_poker import levels, monsters
        from companion.games.dungeon_poker import state as dp_state
        from companion.table.actions import game_cards

        cards = game_cards(table)
        level = levels.level_now(tx, table, cards)
        return TableDefaults(
            table.name,
            table.game,
            blind=level.blind,
            encounter=level.encounter.card_id if level.encounter else None,
            monsters=tuple(monsters.showdown_entries(tx, table, cards)),
            carried=int(dp_state.get(tx, table, "carried_gold", 0)),
            treasures_waiting=int(dp_state.get(tx, table, "carried", 0)),
        )


def with_table_defaults(opts: RankOptions, state: str | None = None) -> RankOptions:
    """``rank``/``odds``: ``opts`` completed from the current table.

    The table's game and encounter apply when the command line names no game
    and no flag implies one; a Dragon Kings table then adds its voluntary wing
    cards in force and its variant, unless ``--wing`` / ``--variant`` say
    otherwise. The table's rules are imported only when they are needed, so
    ``companion rank`` stays quick.
    """
    implied = bool(
        opts.encounter or opts.wildcard or opts.decko_flags or opts.wild or opts.wings
    ) or bool(opts.variant)
    if opts.game is None and not implied:
        found = current_table(state)
        if found is not None:
            opts = replace(opts, game=found.game, encounter=found.encounter)
    try:
        game = resolve_game(opts)
    except CompanionError:
        return opts  # the ranker reports the bad option itself
    if game != "dragon-kings" or (opts.wings and opts.variant):
        return opts
    from companion.games.dragon_kings.table_rules import table_ranking_defaults

    return table_ranking_defaults(opts, state)


def pot_game(game: str | None) -> str:
    """``pot``: the game deciding odd chips and coin size (the table's, else Hold'em)."""
    if game is not None:
        return game
    found = current_table()
    return found.game if found is not None else "holdem"


def with_table(spec: ShowdownIn, wings: tuple[str, ...] = ()) -> ShowdownIn:
    """``showdown``: the facts of the current table that the file leaves out.

    Dungeon Poker: the blind, encounter and monsters. Dragon Kings: the
    voluntary wing cards in force and whether First Honors is still to be
    earned. ``wings`` (``--wing``) replaces the file's and the table's wing
    cards (``none`` for none).
    """
    from companion.poker.showdown_input import ShowdownIn  # (pydantic: only a showdown's path)

    data = spec.model_dump(exclude_unset=True)
    if wings:
        if spec.game != "dragon-kings":
            raise CompanionError(f"--wing is for dragon-kings, not {spec.game}")
        data["wings"] = list(wings)
    if spec.game == "dragon-kings":
        from companion.games.dragon_kings.table_rules import table_showdown_fields

        for key, value in table_showdown_fields().items():
            data.setdefault(key, value)
        return ShowdownIn.model_validate(data)
    if spec.game != "dungeon-poker":
        return spec
    found = current_table()
    if found is None or found.game != "dungeon-poker":
        return spec
    data.setdefault("blind", found.blind)
    if "encounter" not in data and found.encounter is not None:
        data["encounter"] = found.encounter
    if "monsters" not in data and found.monsters:
        data["monsters"] = list(found.monsters)
    return ShowdownIn.model_validate(data)
