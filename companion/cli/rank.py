"""``companion rank`` (who wins a showdown) and ``companion odds`` (the chances before it).

Thin: gather the flags, call :mod:`companion.games.ranking` (which picks the
game's ordering, refuses impossible deals and shapes the JSON) and print a
Rich table or the result's ``to_json()``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from companion.bounds import MAX_SAMPLES
from companion.cli.common import (
    JsonOption,
    console,
    emit_json,
    encounter_option,
    example,
    rank_game_option,
    say_borrowed,
    seed_option,
    wing_option,
)

if TYPE_CHECKING:
    from companion.games.ranking import RankOptions
    from companion.games.table_defaults import Borrowed

PLAYERS_HELP = (
    "Players as NAME=CARDS, e.g. ann=As,Kd (cards separated by commas or spaces; "
    "quote them if you use spaces). Monsters are players too."
)
GAME_HELP = (
    "Ordering: holdem, omaha, dungeon-poker, dragon-kings or decko (default: the current "
    "table's game, with its encounter or wing cards, said on stderr; else holdem)."
)
BOARD_HELP = "Shared cards; give it twice for Two front war's two boards."
ENCOUNTER_HELP = "Dungeon Poker encounter in play (any case), e.g. 'Mystical storm'."
WILDCARD_HELP = "DECKO wildcard round, e.g. lowball, penultimo, 'battle royale', holdem."
WILD_HELP = "Dragon Kings wild cards: a rank (2) or a card (Jd); jokers (*) are always wild."
WING_HELP = (
    "Dragon Kings wing card in force, e.g. 'iron mask' (repeat for more; 'none' for none). "
    "Default: the cards in force at the current Dragon Kings table."
)
VARIANT_HELP = "Dragon Kings variant: swords-joker (the Swords joker is in the deck)."
PLATE_HELP = "Dungeon Poker: this player holds the Full Plate (at least a pair of eights)."
MARKET_HELP = "DECKO: the face-up market cards (shopping queens copy them; Hold'em plays them)."
BURN_HELP = "DECKO: NAME=CARD, the top of that player's burn pile (pyromaniac queen)."
DISCARD_HELP = "DECKO: NAME=CARD, the top of that player's discard pile (dumpster diving queen)."

GameOption = Annotated[
    str | None, rank_game_option("--game", "-g", help=GAME_HELP, show_default=False)
]
BoardOption = Annotated[
    list[str] | None,
    typer.Option("--board", "-b", help=BOARD_HELP, show_default=False, metavar="CARDS"),
]
EncounterOption = Annotated[
    str | None,
    encounter_option("--encounter", "-e", help=ENCOUNTER_HELP, show_default=False),
]
WildOption = Annotated[
    list[str] | None,
    typer.Option("--wild", help=WILD_HELP, show_default=False, metavar="RANK|CARD"),
]
WingOption = Annotated[
    list[str] | None,
    wing_option("--wing", help=WING_HELP, show_default=False),
]
VariantOption = Annotated[
    str | None,
    typer.Option("--variant", help=VARIANT_HELP, show_default=False, metavar="NAME"),
]
PlateOption = Annotated[
    list[str] | None,
    typer.Option("--full-plate", help=PLATE_HELP, show_default=False, metavar="NAME"),
]


def register(app: typer.Typer) -> None:
    app.command(
        "rank",
        epilog=example(
            'companion rank ann=As,Kd bob=Qh,Qc --board "2s 7h Qd 9c 3s"',
            'companion rank --encounter "utter horror" ann=Ah,6d bob=7c,2d --board 3h,4s,9c',
            'companion rank --game decko bozo="2h 2d 2c Ah Ad" krusty="4h 4d 4s 5c 5d"',
            "companion rank --game dragon-kings ann=Ks,2d bob=Ah,Ad --board Kc,7h,9c",
        ),
    )(rank)
    app.command(
        "odds",
        epilog=example(
            "companion odds ann=As,Ad bob=Kc,Kd",
            "companion odds --game dungeon-poker ann=Ah,Kh giant=Qs,?,? --board 2h,7h,9c",
        ),
    )(odds)


def _options(
    game: str | None,
    board: list[str] | None,
    encounter: str | None = None,
    wild: list[str] | None = None,
    wing: list[str] | None = None,
    variant: str | None = None,
    full_plate: list[str] | None = None,
    **decko: Any,
) -> RankOptions:
    from companion.games.ranking import RankOptions

    return RankOptions(
        game=game,
        boards=tuple(board or ()),
        encounter=encounter,
        wild=tuple(wild or ()),
        wings=tuple(wing or ()),
        variant=variant,
        full_plate=tuple(full_plate or ()),
        wildcard=decko.get("wildcard"),
        market=decko.get("market"),
        burn=tuple(decko.get("burn") or ()),
        discard=tuple(decko.get("discard") or ()),
    )


def _with_table(opts: RankOptions) -> tuple[RankOptions, Borrowed | None]:
    """The current table's game and facts (encounter, wing cards, variant), unless given,
    and whether the table lent anything (said once the answer is known)."""
    from companion.games.table_defaults import with_table_defaults

    return with_table_defaults(opts)


# -- companion rank ----------------------------------------------------------------------------


def rank(
    players: Annotated[
        list[str], typer.Argument(help=PLAYERS_HELP, show_default=False, metavar="NAME=CARDS")
    ],
    game: GameOption = None,
    board: BoardOption = None,
    encounter: EncounterOption = None,
    wildcard: Annotated[
        str | None,
        typer.Option("--wildcard", "-w", help=WILDCARD_HELP, show_default=False, metavar="NAME"),
    ] = None,
    wild: WildOption = None,
    wing: WingOption = None,
    variant: VariantOption = None,
    full_plate: PlateOption = None,
    market: Annotated[
        str | None, typer.Option("--market", help=MARKET_HELP, show_default=False, metavar="CARDS")
    ] = None,
    burn: Annotated[
        list[str] | None,
        typer.Option("--burn", help=BURN_HELP, show_default=False, metavar="NAME=CARD"),
    ] = None,
    discard: Annotated[
        list[str] | None,
        typer.Option("--discard", help=DISCARD_HELP, show_default=False, metavar="NAME=CARD"),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Rank a showdown: every player's best hand and place under the game's ordering.

    With a table current and no --game, its game (and encounter or wing cards)
    is used and said in one line on stderr.
    """
    from companion.games.decko.ranking import DeckoRanking
    from companion.games.ranking import PokerRanking, rank_players

    opts = _options(
        game, board, encounter, wild, wing, variant, full_plate,
        wildcard=wildcard, market=market, burn=burn, discard=discard,
    )  # fmt: skip
    opts, borrowed = _with_table(opts)
    result = rank_players(players, opts)
    say_borrowed(borrowed)
    if as_json:
        emit_json(result.to_json())
        return
    from companion.ui.render.ranking import show_decko, show_poker

    if isinstance(result, DeckoRanking):
        show_decko(console(), result)
    elif isinstance(result, PokerRanking):
        show_poker(console(), result)


# -- companion odds ----------------------------------------------------------------------------


def odds(
    players: Annotated[
        list[str],
        typer.Argument(
            help=PLAYERS_HELP + " Write ? for a card nobody has seen.",
            show_default=False,
            metavar="NAME=CARDS",
        ),
    ],
    game: GameOption = None,
    board: BoardOption = None,
    encounter: EncounterOption = None,
    wild: WildOption = None,
    wing: WingOption = None,
    variant: VariantOption = None,
    full_plate: PlateOption = None,
    dead: Annotated[
        str | None,
        typer.Option(
            "--dead",
            help="Cards known to be out of play (burned, folded).",
            show_default=False,
            metavar="CARDS",
        ),
    ] = None,
    samples: Annotated[
        int,
        typer.Option(
            "--samples",
            help="Monte Carlo deals when the exact count is too large.",
            min=1,
            max=MAX_SAMPLES,
        ),
    ] = 20_000,
    seed: Annotated[int, seed_option("Seed of the Monte Carlo deals: same seed, same result.")] = 1,
    exact: Annotated[
        bool,
        typer.Option(
            "--exact",
            help="Enumerate every deal; refused, with its cost, above 5,000,000 hand evaluations.",
        ),
    ] = False,
    monte_carlo: Annotated[
        bool,
        typer.Option("--monte-carlo", help="Estimate by sampling even when enumeration is cheap."),
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """Each player's chance to win, to tie, and share of the pot, from the cards known so far.

    Enumerates every remaining deal when that is quick (always for two known
    hole cards in Hold'em), else samples --samples deals and shows the
    standard error. With a table current and no --game, its game is used and
    said in one line on stderr.
    """
    from companion.games.ranking import odds_method, odds_players

    opts, borrowed = _with_table(_options(game, board, encounter, wild, wing, variant, full_plate))
    report = odds_players(
        players,
        opts,
        dead=dead or "",
        method=odds_method(exact, monte_carlo),
        samples=samples,
        seed=seed,
    )
    say_borrowed(borrowed)
    if as_json:
        emit_json(report.to_json())
        return
    from companion.ui.render.ranking import show_odds

    show_odds(console(), report)
