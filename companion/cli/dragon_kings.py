"""``companion dk``: a Dragon Kings table: the opening draw, deals, wing cards, First Honors.

Thin: each command opens the table's store, runs one transaction through
:mod:`companion.games.dragon_kings.table_rules` and prints its events (or
the result's ``to_json()``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from companion.cli.common import (
    JsonOption,
    StateOption,
    TableOption,
    console,
    emit_json,
    example,
    fold_option,
    folded,
    table_action,
    wing_argument,
)

if TYPE_CHECKING:
    from pathlib import Path

    from companion.games.dragon_kings.table_rules import TableEvent

dk_app = typer.Typer(
    epilog=example("companion dk open --buy-in 400"),
    help="Dragon Kings at the table: the first black king, deals, wing cards, First Honors.",
    no_args_is_help=True,
)

ByOption = Annotated[
    str, typer.Option("--by", help="The player who chooses.", show_default=False, metavar="PLAYER")
]


def register(app: typer.Typer) -> None:
    app.add_typer(dk_app, name="dk")


def _run(state: Path | None, table_name: str | None, action: Any, as_json: bool) -> None:
    table_action(state, table_name, action, as_json, print_event)


def print_event(result: TableEvent) -> None:
    """A Dragon Kings table event on stdout (``table`` commands print theirs with this)."""
    from companion.ui.render.dragon_kings import show_event

    show_event(console(), result)


@dk_app.command("open", epilog=example("companion dk open --buy-in 400 --rebuys 1"))
def dk_open(
    buy_in: Annotated[
        int | None,
        typer.Option(
            "--buy-in", help="Points each guest buys in for (default 400, the rulebook's)."
        ),
    ] = None,
    rebuys: Annotated[
        int | None,
        typer.Option("--rebuys", help="Re-buys allowed to each guest in the match (default 1)."),
    ] = None,
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Every guest buys in; draw for the first deal: the first black king takes 50 points, deals and picks a wing card."""
    from companion.games.dragon_kings.table_rules import open_game

    _run(state, table_name, lambda tx, t: open_game(tx, t, buy_in, rebuys), as_json)


@dk_app.command("deal", epilog=example("companion dk deal"))
def dk_deal(
    table_name: TableOption = None, state: StateOption = None, as_json: JsonOption = False
) -> None:
    """Gather and shuffle the deck and deal the hole cards (a wing card may add one)."""
    from companion.games.dragon_kings.table_rules import deal

    _run(state, table_name, deal, as_json)


@dk_app.command("board", epilog=example("companion dk board"))
def dk_board(
    table_name: TableOption = None, state: StateOption = None, as_json: JsonOption = False
) -> None:
    """Deal the next street: the flop, the turn, then the river (a burned card before each)."""
    from companion.games.dragon_kings.table_rules import board

    _run(state, table_name, board, as_json)


@dk_app.command("fold", epilog=example("companion dk fold ben"))
def dk_fold(
    player: Annotated[str, typer.Argument(help="The player who folds.")],
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """A player leaves the deal; their hole cards go to the discard pile unseen."""
    from companion.games.dragon_kings.table_rules import fold

    _run(state, table_name, lambda tx, t: fold(tx, t, player), as_json)


@dk_app.command("swap", epilog=example("companion dk swap ann 1"))
def dk_swap(
    player: Annotated[str, typer.Argument(help="The player who trades a hole card.")],
    card: Annotated[str, typer.Argument(help="The hole card traded, e.g. 7d.")],
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Sleight of Hand: before the flop, trade a hole card for the deck's bottom card."""
    from companion.games.dragon_kings.table_rules import swap

    _run(state, table_name, lambda tx, t: swap(tx, t, player, card), as_json)


@dk_app.command("showdown", epilog=example("companion dk showdown ann=30 ben=30 cat=30"))
def dk_showdown(
    amounts: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[NAME=POINTS]...",
            help="Points each guest bet this deal, blinds and antes included (default: what the table posted).",
        ),
    ] = None,
    fold: Annotated[
        list[str] | None, fold_option("A guest who folded (repeat it, or several: ann,dee).")
    ] = None,
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Settle the deal: rank the hands under the wing cards in force, pay the pot, First Honors, each guest's points."""
    from companion.games.dragon_kings.table_rules import showdown_report
    from companion.poker.pots import parse_contributions
    from companion.table import open_store

    put_in = dict(parse_contributions(amounts)) if amounts else {}
    with open_store(state) as store, store.transaction() as tx:
        report = showdown_report(tx, tx.table(table_name), put_in, folded(fold))
    if as_json:
        emit_json(report.to_json())
        return
    from companion.ui.render.table import show_settled

    show_settled(console(), report.settled)  # as `table showdown` prints it


@dk_app.command("rebuy", epilog=example("companion dk rebuy ann"))
def dk_rebuy(
    player: Annotated[str, typer.Argument(help="The guest who is out and buys in again.")],
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """A guest with no points buys in again, between deals (once a match unless agreed otherwise)."""
    from companion.games.dragon_kings.table_rules import rebuy

    _run(state, table_name, lambda tx, t: rebuy(tx, t, player), as_json)


@dk_app.command("misdeal", epilog=example("companion dk misdeal ben"))
def dk_misdeal(
    player: Annotated[str, typer.Argument(help="The player who fouled the deal.")],
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """A fouled deal: it is dealt again, and the player puts 40 points in the next deal's pot."""
    from companion.games.dragon_kings.table_rules import misdeal

    _run(state, table_name, lambda tx, t: misdeal(tx, t, player), as_json)


@dk_app.command("wing", epilog=example('companion dk wing "thieves deuces" --by cat'))
def dk_wing(
    name: Annotated[str, wing_argument(help="The voluntary wing card, e.g. 'iron mask'.")],
    by: ByOption,
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Put a voluntary wing card into play; the last one is negated unless permanent."""
    from companion.games.dragon_kings.table_rules import put_wing

    _run(state, table_name, lambda tx, t: put_wing(tx, t, name, by), as_json)


@dk_app.command("permanent", epilog=example("companion dk permanent --by ben"))
def dk_permanent(
    by: ByOption,
    name: Annotated[
        str | None,
        wing_argument(help="The card to make permanent (default: the one in play)."),
    ] = None,
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """After winning with Twinned Dragon Kings: make one voluntary wing card permanent."""
    from companion.games.dragon_kings.table_rules import make_permanent

    _run(state, table_name, lambda tx, t: make_permanent(tx, t, by, name), as_json)
