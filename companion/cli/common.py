"""Shared pieces of the CLI: output helpers and the options every group uses.

Consoles are created per call (never cached at import), so tests that
capture stdout see everything and ``--json`` output stays clean.

Parameters whose values the shell can complete (games, decks, cards, tables,
saves, blind structures, encounters, wing cards) are made here, with their completion from
:mod:`companion.cli.complete`: a command writes ``game_argument(help=...)`` where it would write
``typer.Argument(help=...)``, and keeps its own help text.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from companion.bounds import SEED_MAX, SEED_MIN, SEED_RANGE, check_range
from companion.cli import complete

if TYPE_CHECKING:
    from rich.console import Console

    from companion.games.table_defaults import Borrowed

JSON_HELP = "Print exactly one JSON document on stdout instead of a table."

JsonOption = Annotated[bool, typer.Option("--json", help=JSON_HELP)]

EXAMPLE = "Example:"
"""The word the example at the end of a command's help starts with."""


def example(*lines: str) -> str:
    """The end of a command's help (its epilog): how it is typed, one ``companion ...`` a line.

    ``tests/test_help_examples.py`` runs every command's example as it is shown.
    """
    return "\n".join([EXAMPLE if len(lines) == 1 else "Examples:", *lines])


StateOption = Annotated[
    Path | None,
    typer.Option(
        "--state",
        metavar="FILE",
        help="SQLite state file (default: $COMPANION_STATE, else the user data directory).",
        show_default=False,
    ),
]
ForceOption = Annotated[
    bool,
    typer.Option("--force", help="Replace the output file even when it is read-only (chmod a-w)."),
]
FOLD_HELP = "A player who folded (repeat it, or name several at once: ann,dee)."


def fold_option(help: str = FOLD_HELP) -> Any:
    """``--fold NAME``: repeatable, and ``a,b`` names two (as ``table showdown`` teaches);
    read the values with :func:`folded`."""
    return typer.Option("--fold", help=help, metavar="NAME[,NAME]", show_default=False)


def hidden_alias(name: str, **kwargs: Any) -> Any:
    """An older spelling of an option, still read (with the bounds of the new one, in
    ``kwargs``) but no longer shown in ``--help``."""
    return typer.Option(name, hidden=True, show_default=False, **kwargs)


def folded(*values: list[str] | None) -> list[str]:
    """The players named by ``--fold`` (and any older spelling), each value perhaps
    ``a,b``; a player's name never holds a comma."""
    from companion.table.actions import named_players

    return named_players([v for given in values for v in given or ()])


GAME_IDS = "dungeon-poker, dungeon-master, decko, dragon-kings or dungeon-of-d"


def game_argument(**kwargs: Any) -> Any:
    """A game id argument, completed from the five games."""
    return typer.Argument(autocompletion=complete.games, **kwargs)


def game_option(*names: str, **kwargs: Any) -> Any:
    """``--game GAME``, completed from the five games."""
    kwargs.setdefault("metavar", "GAME")
    return typer.Option(*(names or ("--game", "-g")), autocompletion=complete.games, **kwargs)


def rank_game_option(*names: str, **kwargs: Any) -> Any:
    """``--game GAME`` of ``rank`` and ``odds``, completed from the hand rankings."""
    kwargs.setdefault("metavar", "GAME")
    return typer.Option(*(names or ("--game", "-g")), autocompletion=complete.rank_games, **kwargs)


def pot_game_option(*names: str, **kwargs: Any) -> Any:
    """``--game GAME`` of ``pot split``, completed from the games with pot rules."""
    kwargs.setdefault("metavar", "GAME")
    return typer.Option(*(names or ("--game", "-g")), autocompletion=complete.pot_games, **kwargs)


def encounter_option(*names: str, **kwargs: Any) -> Any:
    """``--encounter NAME``, completed from the Dungeon Poker encounter cards."""
    kwargs.setdefault("metavar", "NAME")
    return typer.Option(*(names or ("--encounter",)), autocompletion=complete.encounters, **kwargs)


def wing_option(*names: str, **kwargs: Any) -> Any:
    """``--wing NAME``, completed from the Dragon Kings wing cards."""
    kwargs.setdefault("metavar", "NAME")
    return typer.Option(*(names or ("--wing",)), autocompletion=complete.wings, **kwargs)


def wing_argument(**kwargs: Any) -> Any:
    """A Dragon Kings wing card, completed from the card database."""
    return typer.Argument(autocompletion=complete.wings, **kwargs)


def deck_option(*names: str, **kwargs: Any) -> Any:
    """``--deck DECK``, completed from the decks of the game given on the line."""
    kwargs.setdefault("metavar", "DECK")
    return typer.Option(*(names or ("--deck",)), autocompletion=complete.decks, **kwargs)


def decks_argument(**kwargs: Any) -> Any:
    """Deck ids of the game given on the line."""
    return typer.Argument(autocompletion=complete.decks, **kwargs)


def card_argument(**kwargs: Any) -> Any:
    """A card's name or id, completed from the card database."""
    return typer.Argument(autocompletion=complete.card_names, **kwargs)


def table_argument(**kwargs: Any) -> Any:
    """A table's name, completed from the state file."""
    return typer.Argument(autocompletion=complete.tables, **kwargs)


def table_option(*names: str, **kwargs: Any) -> Any:
    """``--table TABLE``, completed from the state file."""
    kwargs.setdefault("metavar", "TABLE")
    return typer.Option(*(names or ("--table",)), autocompletion=complete.tables, **kwargs)


def table_deck_argument(**kwargs: Any) -> Any:
    """A deck of the table (``--table``, else the current one), completed from the state file."""
    return typer.Argument(autocompletion=complete.table_decks, **kwargs)


def table_deck_option(*names: str, **kwargs: Any) -> Any:
    """``--deck DECK``: a deck of the table (``--table``, else the current one)."""
    kwargs.setdefault("metavar", "DECK")
    return typer.Option(*(names or ("--deck",)), autocompletion=complete.table_decks, **kwargs)


def structure_option(*names: str, **kwargs: Any) -> Any:
    """``--structure``: the built-in blind structures and the user's ``.yaml`` files."""
    return typer.Option(*(names or ("--structure",)), autocompletion=complete.structures, **kwargs)


def save_argument(**kwargs: Any) -> Any:
    """A Dungeon of D save's name, completed from the state file."""
    return typer.Argument(autocompletion=complete.saves, **kwargs)


TableOption = Annotated[
    str | None,
    table_option(help="Table name (default: the current table).", show_default=False),
]


def in_range(what: str, low: int, high: int) -> Callable[[int | None], int | None]:
    """The callback of a number option that refuses a value outside ``low`` to ``high``
    as the line is read, before any work, with the library's one-line error.

    For an option whose help states the range itself (Typer's ``min``/``max``
    would add ``[1<=x<=256]`` beside it, which a crowded page cannot spare).
    """

    def check(value: int | None) -> int | None:
        return None if value is None else check_range(what, value, low, high)

    return check


def seed_option(help: str) -> Any:
    """``--seed N``: every seed takes the one range of :mod:`companion.bounds`, which the
    help states and a callback checks as the line is read, before any work."""
    return typer.Option(
        "--seed",
        metavar="N",
        callback=in_range("--seed", SEED_MIN, SEED_MAX),
        help=f"{help} A whole number from {SEED_RANGE}.",
    )


SeedOption = Annotated[
    int | None, seed_option("Seed for every shuffle and draw: same seed, same result.")
]


def confirm(question: str, action: str = "go ahead") -> bool:
    """Ask a yes/no question on stderr and read the answer from stdin (no answer: no).

    At the end of the input (a script, CI) nothing is assumed: the error
    says to pass ``--yes``.
    """
    from companion.errors import CompanionError

    sys.stderr.write(f"{question} [y/N] ")
    sys.stderr.flush()
    answer = sys.stdin.readline()
    if not answer:
        sys.stderr.write("\n")
        raise CompanionError(f"no answer (end of input); pass --yes to {action} without asking")
    return answer.strip().casefold() in ("y", "yes")


def console(*, stderr: bool = False) -> Console:
    """A Rich console on stdout (or stderr for progress and notes)."""
    from rich.console import Console

    return Console(file=sys.stderr if stderr else sys.stdout, highlight=False, soft_wrap=False)


def say_borrowed(borrowed: Borrowed | None, instead: str = "--game holdem") -> None:
    """Say on stderr, in one line, that the command took the current table's game (and facts):
    stdout keeps the command's own output (one JSON document with ``--json``)."""
    if borrowed is not None:
        sys.stderr.write(borrowed.line(instead) + "\n")


def emit_json(data: Any) -> None:
    """Write ``data`` as the one JSON document of this command on stdout."""
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2, default=_json_default))
    sys.stdout.write("\n")
    sys.stdout.flush()


def _json_default(value: Any) -> Any:
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    if isinstance(value, Path):
        return str(value)
    if isinstance(value, set | frozenset | tuple):
        return list(value)
    raise TypeError(f"cannot encode {type(value).__name__} as JSON")


def table_action(
    state: Path | None,
    table_name: str | None,
    action: Any,
    as_json: bool,
    show: Any,
) -> None:
    """Run ``action(tx, table)`` in one write transaction on a table (the current one unless
    named); print the result's ``to_json()`` under the table's name, or ``show(result)``."""
    from companion.table import open_store
    from companion.table.reports import AtTable

    with open_store(state) as store, store.transaction() as tx:
        table = tx.table(table_name)
        result = action(tx, table)
    if as_json:
        emit_json(AtTable(table.name, result).to_json())
    else:
        show(result)
