"""``companion pot``: split a deal's pots, and the pot-limit helper."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from companion.bounds import MAX_CHIPS
from companion.cli.common import (
    JsonOption,
    console,
    emit_json,
    example,
    fold_option,
    folded,
    pot_game_option,
    say_borrowed,
)


class _DefaultSplit(TyperGroup):
    """``companion pot alice=300 ...`` means ``companion pot split alice=300 ...``."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ("-h", "--help"):
            args = ["split", *args]
        return super().parse_args(ctx, args)


pot_app = typer.Typer(
    epilog=example('companion pot ann=300 ben=300 cat=100 --result "ann = ben > cat"'),
    cls=_DefaultSplit,
    no_args_is_help=True,
    help=(
        "Split a deal's pots and side pots: companion pot NAME=AMOUNT... --result 'a > b = c' "
        "(with a table current and no --game, its game's pot rules, said on stderr). "
        "Also: companion pot limit (pot-limit bets)."
    ),
)


def register(app: typer.Typer) -> None:
    app.add_typer(pot_app, name="pot")


@pot_app.command(
    "split",
    epilog=example('companion pot split ann=300 ben=300 cat=100 --result "ann = ben > cat"'),
)
def split(
    contributions: Annotated[
        list[str],
        typer.Argument(
            help="Each player's total put in this deal, NAME=AMOUNT, in seat order starting left of the button; all=AMOUNT for everyone in --result and --fold, a NAME=AMOUNT overriding it; NAME=all for a player all in with the gold the current table counts for them.",
            show_default=False,
        ),
    ],
    result: Annotated[
        str,
        typer.Option(
            "--result",
            "-r",
            help="Showdown order, best first, ties with '=': \"bob > alice = carol\".",
        ),
    ],
    fold: Annotated[list[str] | None, fold_option()] = None,
    game: Annotated[
        str | None,
        pot_game_option(
            "--game",
            "-g",
            help="holdem, omaha, dragon-kings, dungeon-poker or decko: decides odd chips "
            "(default: the current table's game, else holdem).",
            show_default=False,
        ),
    ] = None,
    button: Annotated[
        str | None,
        typer.Option("--button", help="The player on the button (default: the last one listed)."),
    ] = None,
    unit: Annotated[
        int | None,
        typer.Option(
            "--unit",
            help="Smallest chip (default 100 for dungeon-poker, else 1).",
            min=1,
            max=MAX_CHIPS,
        ),
    ] = None,
    house: Annotated[
        int,
        typer.Option(
            "--house", help="DECKO: chips in the house bet, joining the pot.", min=0, max=MAX_CHIPS
        ),
    ] = 0,
    carried: Annotated[
        int,
        typer.Option(
            "--carried",
            help="Chips already on the table from the last deal, joining the main pot.",
            min=0,
            max=MAX_CHIPS,
        ),
    ] = 0,
    as_json: JsonOption = False,
) -> None:
    """Build the main and side pots and pay them out by the showdown result.

    With a table current and no --game, its game decides odd chips and coin
    size, said in one line on stderr.
    """
    from companion.games.table_defaults import pot_contributions, pot_game
    from companion.poker.pots import (
        everyone_named,
        parse_contributions,
        pot_rules,
        settle,
        spread_everyone,
    )

    played, borrowed = pot_game(game)
    out = folded(fold)
    # NAME=all: the gold the current table counts for them
    put_in = pot_contributions(played, parse_contributions(contributions, all_in=True))
    settlement = settle(
        spread_everyone(put_in, everyone_named(result, out)),
        result,
        folded=out,
        rules=pot_rules(played, unit),
        button=button,
        dead_money=carried,
        house_bet=house,
    )
    say_borrowed(borrowed)
    if as_json:
        emit_json(settlement.to_json())
        return
    from companion.ui.render.pots import show_settlement

    show_settlement(console(), settlement)


@pot_app.command("limit", epilog=example("companion pot limit --pot 900 --to-call 300"))
def limit(
    pot: Annotated[
        int,
        typer.Option(
            "--pot",
            help="Gold in the pot now, all bets on the table included.",
            min=0,
            max=MAX_CHIPS,
        ),
    ],
    to_call: Annotated[
        int, typer.Option("--to-call", help="Gold you must add to call.", min=0, max=MAX_CHIPS)
    ] = 0,
    blind: Annotated[
        int,
        typer.Option(
            "--blind",
            help="The blind of this level: the smallest bet or raise.",
            min=1,
            max=MAX_CHIPS,
        ),
    ] = 100,
    stack: Annotated[
        int | None,
        typer.Option("--stack", help="Your gold behind, to cap the raise.", min=0, max=MAX_CHIPS),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Smallest and largest legal raise under the pot-limit rule (Dungeon Poker)."""
    from companion.poker.pots import pot_limit

    limits = pot_limit(pot, to_call, blind, stack=stack)
    if as_json:
        emit_json(limits.to_json())
        return
    from companion.ui.render.pots import show_limits

    show_limits(console(), limits)
