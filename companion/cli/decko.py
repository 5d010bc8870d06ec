"""``companion decko``: a DECKO table's rounds: deal, bet, reveal, buy, the end of the game.

Thin: each command runs one transaction through
:mod:`companion.games.decko.table_rules` and prints its events (or the
result's ``to_json()``).
"""

from __future__ import annotations

import sys
from functools import partial
from typing import TYPE_CHECKING, Annotated, Any

import typer

from companion.bounds import MAX_CHIPS
from companion.cli.common import (
    JsonOption,
    StateOption,
    TableOption,
    console,
    emit_json,
    example,
    hidden_alias,
    table_action,
)

if TYPE_CHECKING:
    from pathlib import Path

    from companion.games.decko.table_rules import DeckoEvent

decko_app = typer.Typer(
    epilog=example("companion decko round"),
    help="DECKO at the table: rounds, betting, the reveal, buying, loans, the end of the game.",
    no_args_is_help=True,
)

Player = Annotated[str, typer.Argument(help="The player.")]
BurnOption = Annotated[
    list[str] | None,
    typer.Option(
        "--burn",
        help="A card of the hand to burn (Fried chicken; a smoldering card just acquired).",
        show_default=False,
        metavar="CARD",
    ),
]
CARD_HELP = "A card of the hand: its number from the left (1), its id, name or rank and suit."


def register(app: typer.Typer) -> None:
    app.add_typer(decko_app, name="decko")


def _run(state: Path | None, table_name: str | None, action: Any, as_json: bool) -> None:
    table_action(state, table_name, action, as_json, _show)


def _show(result: DeckoEvent) -> None:
    from companion.ui.render.decko import show_event

    show_event(console(), result)


def _burn_owed(player: str, card: str, tx: Any, table: Any) -> DeckoEvent:
    from companion.games.decko.table_rules import burn

    return burn(tx, table, player, card)


def _run_asking(state: Path | None, table_name: str | None, action: Any, as_json: bool) -> None:
    """As :func:`_run`; then, at a terminal, a smoldering card the command took without
    --burn asks which card to burn, and each answer is that player's 'decko burn'."""
    done: list[DeckoEvent] = []

    def show(result: DeckoEvent) -> None:
        _show(result)
        done.append(result)

    table_action(state, table_name, action, as_json, show)
    if as_json or not done or not sys.stdin.isatty():
        return
    from companion.errors import CompanionError
    from companion.games.decko.events import SmolderingBurnOwed
    from companion.ui.render.decko import ask_smoldering_burn

    owed = next((e for e in done[0].effects if isinstance(e, SmolderingBurnOwed)), None)
    left = owed.left if owed else 0
    while owed is not None and left > 0:
        card = ask_smoldering_burn(console(), owed, sys.stdin.readline)
        if card is None:
            return
        try:
            _run(state, table_name, partial(_burn_owed, owed.player, card), False)
        except CompanionError as exc:
            console(stderr=True).print(f"error: {exc.message}")
            continue
        left -= 1


@decko_app.command("round", epilog=example("companion decko round"))
def decko_round(
    table_name: TableOption = None, state: StateOption = None, as_json: JsonOption = False
) -> None:
    """Start the next round: track, blind card, starting bets (and ante), the deal."""
    from companion.games.decko.table_rules import start_round

    _run(state, table_name, start_round, as_json)


@decko_app.command("burn", epilog=example("companion decko burn ben 1"))
def decko_burn(
    player: Player,
    card: Annotated[str, typer.Argument(help=CARD_HELP)],
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Burn a card: free before acting in the first betting round (draw one), $2 when buying."""
    from companion.games.decko.table_rules import burn

    _run(state, table_name, lambda tx, t: burn(tx, t, player, card), as_json)


@decko_app.command("raise", epilog=example("companion decko raise ben"))
def decko_raise(
    player: Player,
    burn: BurnOption = None,
    witch: Annotated[
        str | None,
        typer.Option(
            "--witch",
            help="The Witch: also move 2 chips of this player's bet into yours.",
            show_default=False,
            metavar="PLAYER",
        ),
    ] = None,
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """RAISE: bet one chip more than the highest bet (up to the round's maximum); Mr. Jackpot and The Witch act after it."""
    from companion.games.decko.table_rules import raise_bet

    card = burn[0] if burn else None
    _run(state, table_name, lambda tx, t: raise_bet(tx, t, player, card, witch), as_json)


@decko_app.command("call", epilog=example("companion decko call ben"))
def decko_call(
    player: Player,
    burn: BurnOption = None,
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """CALL: match the highest bet."""
    from companion.games.decko.table_rules import call

    card = burn[0] if burn else None
    _run(state, table_name, lambda tx, t: call(tx, t, player, card), as_json)


@decko_app.command("fold", epilog=example("companion decko fold ben --take 5"))
def decko_fold(
    player: Player,
    take: Annotated[
        list[str] | None,
        typer.Option(
            "--take",
            help="A market slot (1-5) or card to take (twice with the Sad Clown).",
            show_default=False,
            metavar="SLOT",
        ),
    ] = None,
    burn: BurnOption = None,
    keep: Annotated[
        list[str] | None,
        typer.Option(
            "--keep",
            help="Analysis Paralysis: a card of the hand kept for the next round (twice at most).",
            show_default=False,
            metavar="CARD",
        ),
    ] = None,
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """FOLD: the bet goes to the house bet; take a market card; the hand is discarded."""
    from companion.games.decko.table_rules import fold

    _run_asking(
        state,
        table_name,
        lambda tx, t: fold(tx, t, player, take or [], burn or [], keep or []),
        as_json,
    )


@decko_app.command("buy", epilog=example("companion decko buy cat 5"))
def decko_buy(
    player: Player,
    slot: Annotated[str, typer.Argument(help="Market slot 1-5 (5, the rightmost, is free).")],
    burn: BurnOption = None,
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Buy a market card at its printed price."""
    from companion.games.decko.table_rules import buy

    _run_asking(state, table_name, lambda tx, t: buy(tx, t, player, slot, burn or []), as_json)


@decko_app.command("flush", epilog=example("companion decko flush cat"))
def decko_flush(
    player: Player,
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Flush the market ($2): five new market cards."""
    from companion.games.decko.table_rules import flush_market

    _run(state, table_name, lambda tx, t: flush_market(tx, t, player), as_json)


@decko_app.command("gift", epilog=example("companion decko gift cat 1 --to ann"))
def decko_gift(
    player: Player,
    card: Annotated[str, typer.Argument(help="A card of the giver's burn pile (1 = top).")],
    to: Annotated[str, typer.Option("--to", help="Whose draw pile it goes on.")],
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Gift a card ($3): from your burn pile onto another player's draw pile."""
    from companion.games.decko.table_rules import gift

    _run(state, table_name, lambda tx, t: gift(tx, t, player, card, to), as_json)


@decko_app.command("buy-chips", epilog=example("companion decko buy-chips cat 1"))
def decko_buy_chips(
    player: Player,
    count: Annotated[int, typer.Argument(help="1, 2 or 3 chips ($2, $3, $5).")],
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Buy chips with the buying money."""
    from companion.games.decko.table_rules import buy_chips

    _run(state, table_name, lambda tx, t: buy_chips(tx, t, player, count), as_json)


@decko_app.command("joker", epilog=example("companion decko joker cat fold"))
def decko_joker(
    player: Player,
    pile: Annotated[str, typer.Argument(help="DEAL, RAISE, CALL, FOLD, BURN or BUY.")],
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Buy the top joker of a pile, paid in chips."""
    from companion.games.decko.table_rules import buy_joker

    _run(state, table_name, lambda tx, t: buy_joker(tx, t, player, pile), as_json)


@decko_app.command("done", epilog=example("companion decko done cat"))
def decko_done(
    player: Player,
    to_draw: Annotated[
        bool,
        typer.Option("--to-draw", help="Energy Drink: bought cards go on top of the draw pile."),
    ] = False,
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """End your buying: hand and bought cards to the discard pile, the market refilled."""
    from companion.games.decko.table_rules import done

    _run(state, table_name, lambda tx, t: done(tx, t, player, to_draw), as_json)


@decko_app.command("loan", epilog=example("companion decko loan ann"))
def decko_loan(
    player: Player,
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Loans come with the action that needs them: a raise, call or joker short of chips takes them itself (refused alone)."""
    from companion.games.decko.table_rules import loan

    _run(state, table_name, lambda tx, t: loan(tx, t, player), as_json)


@decko_app.command("draw", epilog=example("companion decko draw ann --count 2"))
def decko_draw(
    player: Player,
    count: Annotated[int, typer.Option("--count", "-n", min=1, max=7, help="How many.")] = 1,
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Draw from your own draw pile (a joker or junk food card says so)."""
    from companion.games.decko.table_rules import draw_cards

    _run(state, table_name, lambda tx, t: draw_cards(tx, t, player, count), as_json)


@decko_app.command("discard", epilog=example("companion decko discard ann 1 2"))
def decko_discard(
    player: Player,
    cards: Annotated[list[str], typer.Argument(help=CARD_HELP)],
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Put cards of your hand on your discard pile (Mulligan, junk food)."""
    from companion.games.decko.table_rules import discard_cards

    _run(state, table_name, lambda tx, t: discard_cards(tx, t, player, cards), as_json)


@decko_app.command(
    "chips",
    context_settings={"ignore_unknown_options": True},  # -5 is chips to the house, not an option
    epilog=example('companion decko chips ann 5 --from ben --note "Robin Hood"'),
)
def decko_chips(
    player: Player,
    chips: Annotated[
        int,
        typer.Argument(
            min=-MAX_CHIPS,
            max=MAX_CHIPS,
            help="Chips from the house (negative: to the house), at most 10^12 either way.",
            show_default=False,
        ),
    ],
    note: Annotated[
        str, typer.Option("--note", help="Which joker or card pays, for the log.")
    ] = "",
    old_why: Annotated[str | None, hidden_alias("--why")] = None,
    source: Annotated[
        str | None,
        typer.Option("--from", help="Take them from this player instead of the house."),
    ] = None,
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Chips a joker or card moves to a player (from the house or another player)."""
    from companion.games.decko.table_rules import move_chips

    _run(
        state,
        table_name,
        lambda tx, t: move_chips(tx, t, player, chips, note or old_why or "", source),
        as_json,
    )


@decko_app.command("stud", epilog=example("companion decko stud ann 1 2 3"))
def decko_stud(
    player: Player,
    cards: Annotated[
        list[str], typer.Argument(help="Three cards of the hand (1 = leftmost, or a name).")
    ],
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Stud round: lay three hand cards face up after the deal, before the betting."""
    from companion.games.decko.table_rules import stud

    _run(state, table_name, lambda tx, t: stud(tx, t, player, cards), as_json)


@decko_app.command("tcg", epilog=example("companion decko tcg ann 1"))
def decko_tcg(
    player: Player,
    card: Annotated[str, typer.Argument(help="A card of the left player's burn pile (1 = top).")],
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """TCG round: take a card from the burn pile of the player on your left."""
    from companion.games.decko.table_rules import tcg

    _run(state, table_name, lambda tx, t: tcg(tx, t, player, card), as_json)


@decko_app.command("hand", epilog=example("companion decko hand ben"))
def decko_hand(
    player: Player,
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Show one player's hand in order, numbered (let only them look)."""
    from companion.games.decko.table_rules import hand_of
    from companion.table import open_store
    from companion.table.reports import AtTable

    with open_store(state) as store, store.transaction(write=False) as tx:
        table = tx.table(table_name)
        hand = hand_of(tx, table, player)
    if as_json:
        emit_json(AtTable(table.name, hand).to_json())
        return
    from companion.ui.render.decko import show_hand

    show_hand(console(), hand)
