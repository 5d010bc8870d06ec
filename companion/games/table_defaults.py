"""What the current table already knows, for the commands that work without one.

With a table current, ``pot``, ``rank``, ``odds`` and ``showdown`` take its
game when the command does not name one (``--game``, a flag only one game
has, a showdown file's ``game``), and the facts its game lends
(:meth:`~companion.registry.Game.table_facts`: Dungeon Poker's blind,
encounter and monsters in play; Dragon Kings' wing cards in force, its
variant and whether First Honors is still to be earned) when the command
plays the table's game and does not say otherwise; so the dealer types
each fact once. Each function also returns the table it borrowed from, so
the command can say so (:meth:`Borrowed.line`). An absent state file is
never created.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from companion.errors import CompanionError
from companion.games.ranking import RankOptions, resolve_game
from companion.registry import TableFacts, game, games

if TYPE_CHECKING:  # pydantic models: imported by the showdown's functions, not by rank's
    from companion.poker.showdown_input import ShowdownIn


@dataclass(frozen=True)
class Borrowed:
    """A command took the game (and its facts) of the current table: it says so in one line.

    >>> Borrowed("dkt", "dragon-kings").line()
    "using table dkt: dragon-kings; --game holdem for Hold'em"
    """

    table: str
    game: str

    def line(self, instead: str = "--game holdem") -> str:
        """What the command borrowed, and how to play plain Hold'em instead."""
        return f"using table {self.table}: {self.game}; {instead} for Hold'em"


def current_facts(state: str | Path | None = None) -> TableFacts | None:
    """What the current table lends, or None (no state file, no current table)."""
    from companion.paths import state_path

    path = state_path(state)
    if not path.is_file():
        return None
    from companion.table import open_store

    with open_store(path) as store, store.transaction(write=False) as tx:
        name = tx.current_table_name()
        table = tx.find_table(name) if name else None
        return None if table is None else game(table.game).table_facts(tx, table)


def with_table_defaults(
    opts: RankOptions, state: str | None = None
) -> tuple[RankOptions, Borrowed | None]:
    """``rank``/``odds``: ``opts`` completed from the current table, and whether it lent anything.

    The table's game applies when the command line names no game and no
    flag implies one; when the game played is the table's, the options the
    line leaves out come from the table (the encounter, the wing cards, the
    variant). The table's rules are imported only when they are needed, so
    ``companion rank`` stays quick.
    """
    facts = current_facts(state)
    if facts is None:
        return opts, None
    borrowed = False
    if opts.game is None and not opts.implies_game:
        opts, borrowed = replace(opts, game=facts.game), True
    try:
        played = resolve_game(opts)
    except CompanionError:
        return opts, None  # the ranker reports the bad option itself
    if played != facts.game:
        return opts, None
    filled = opts.filled(facts.ranking)
    return filled, Borrowed(facts.table, facts.game) if borrowed or filled != opts else None


def pot_game(game_id: str | None, state: str | None = None) -> tuple[str, Borrowed | None]:
    """``pot``: the game deciding odd chips and coin size (the table's, else Hold'em)."""
    if game_id is not None:
        return game_id, None
    facts = current_facts(state)
    if facts is None or game(facts.game).pot_rules() is None:
        return "holdem", None
    return facts.game, Borrowed(facts.table, facts.game)


def pot_stacks(played: str, state: str | None = None) -> Mapping[str, int]:
    """``pot NAME=all``: the gold the current table counts for each player, when ``played``
    is its game (empty otherwise: the amount must then be given)."""
    facts = current_facts(state)
    return facts.stacks if facts is not None and facts.game == played else {}


def pot_contributions(
    played: str, amounts: Mapping[str, int], state: str | None = None
) -> dict[str, int]:
    """``pot NAME=AMOUNT...`` as amounts: each ``NAME=all`` is the gold the current table
    counts for that player (:func:`pot_stacks`); the table is read only for one."""
    from companion.poker.pots import ALL_IN, with_all_in

    if ALL_IN not in amounts.values():
        return dict(amounts)
    return with_all_in(amounts, pot_stacks(played, state))


def with_table(
    spec: ShowdownIn, wings: tuple[str, ...] = (), state: str | None = None
) -> tuple[ShowdownIn, Borrowed | None]:
    """``showdown``: the facts of the current table that the file leaves out.

    Only when the file plays the table's game: Dungeon Poker's blind,
    encounter and monsters; Dragon Kings' voluntary wing cards in force and
    whether First Honors is still to be earned. ``wings`` (``--wing``)
    replaces the file's and the table's wing cards (``none`` for none).
    """
    from companion.poker.showdown_input import showdown_model, validate_showdown

    data: dict[str, object] = dict(spec.model_dump(exclude_unset=True)) | {"game": spec.game}
    if wings:
        if "wings" not in showdown_model(spec.game).model_fields:
            owners = [g.id for g in games() if _has_field(g.id, "wings")]
            raise CompanionError(f"--wing is for {', '.join(owners)}, not {spec.game}")
        data["wings"] = list(wings)
    facts = current_facts(state)
    if facts is None or facts.game != spec.game or not facts.showdown:
        return (validate_showdown(data) if wings else spec), None
    lent = _lend(data, facts.showdown)
    return validate_showdown(data), Borrowed(facts.table, facts.game) if lent else None


def _lend(data: dict[str, object], facts: Mapping[str, object]) -> bool:
    """Fill ``data`` with the facts it leaves out; whether any was used."""
    lent = False
    for key, value in facts.items():
        if key not in data:
            data[key] = value
            lent = True
    return lent


def _has_field(game_id: str, name: str) -> bool:
    model = game(game_id).showdown_input()
    return model is not None and name in model.model_fields
