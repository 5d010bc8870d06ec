"""``companion rank`` (who wins a showdown) and ``companion odds`` (the chances before it).

Thin: parse the players and flags, call :mod:`companion.poker`, print a Rich
table or one JSON document. The poker core never reads the card database;
the Dungeon Poker encounter rules come from it here, when it is present.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Annotated, Any, Literal

import typer

from companion.bounds import MAX_SAMPLES, SEED_MAX, SEED_MIN
from companion.cli.common import JsonOption, console, emit_json

if TYPE_CHECKING:
    from companion.games.decko.sets import DeckoCard, DeckoRound
    from companion.poker.hands import Ranking
    from companion.poker.variants import Rules

RANK_GAMES = ("holdem", "omaha", "dungeon-poker", "dragon-kings", "decko")

PLAYERS_HELP = (
    "Players as NAME=CARDS, e.g. ann=As,Kd (cards separated by commas or spaces; "
    "quote them if you use spaces). Monsters are players too."
)
GAME_HELP = "Ordering: holdem, omaha, dungeon-poker, dragon-kings or decko (default holdem)."
BOARD_HELP = "Shared cards; give it twice for Two front war's two boards."
ENCOUNTER_HELP = "Dungeon Poker encounter in play (any case), e.g. 'Mystical storm'."
WILDCARD_HELP = "DECKO wildcard round, e.g. lowball, penultimo, 'battle royale', holdem."
WILD_HELP = "Dragon Kings wild cards: a rank (2) or a card (Jd); jokers (*) are always wild."
PLATE_HELP = "Dungeon Poker: this player holds the Full Plate (at least a pair of eights)."
MARKET_HELP = "DECKO: the face-up market cards (shopping queens copy them; Hold'em plays them)."
BURN_HELP = "DECKO: NAME=CARD, the top of that player's burn pile (pyromaniac queen)."
DISCARD_HELP = "DECKO: NAME=CARD, the top of that player's discard pile (dumpster diving queen)."

GameOption = Annotated[
    str | None, typer.Option("--game", "-g", help=GAME_HELP, show_default=False, metavar="GAME")
]
BoardOption = Annotated[
    list[str] | None,
    typer.Option("--board", "-b", help=BOARD_HELP, show_default=False, metavar="CARDS"),
]
EncounterOption = Annotated[
    str | None,
    typer.Option("--encounter", "-e", help=ENCOUNTER_HELP, show_default=False, metavar="NAME"),
]
WildOption = Annotated[
    list[str] | None,
    typer.Option("--wild", help=WILD_HELP, show_default=False, metavar="RANK|CARD"),
]
PlateOption = Annotated[
    list[str] | None,
    typer.Option("--full-plate", help=PLATE_HELP, show_default=False, metavar="NAME"),
]


def register(app: typer.Typer) -> None:
    app.command("rank")(rank)
    app.command("odds")(odds)


# -- shared parsing ----------------------------------------------------------------------------


def _game(
    game: str | None,
    encounter: str | None,
    wildcard: str | None,
    wild: list[str],
    decko_flags: bool,
) -> str:
    """The game asked for, or the one the other flags imply."""
    from companion.errors import CompanionError

    if game is None:
        if encounter:
            return "dungeon-poker"
        if wildcard or decko_flags:
            return "decko"
        if wild:
            return "dragon-kings"
        return "holdem"
    key = game.strip().lower()
    if key not in RANK_GAMES:
        raise CompanionError(f"{game!r} has no hand ranking here (games: {', '.join(RANK_GAMES)})")
    if encounter and key != "dungeon-poker":
        raise CompanionError(f"--encounter is for dungeon-poker, not {key}")
    if (wildcard or decko_flags) and key != "decko":
        raise CompanionError(f"--wildcard, --market, --burn and --discard are for decko, not {key}")
    return key


def _encounter_table() -> dict[str, dict[str, Any]] | None:
    """Encounter rules from the card database, by name slug and id; None without the data."""
    from companion.paths import cards_dir

    if not os.path.isdir(cards_dir() / "dungeon-poker"):
        return None
    from companion.cards import load_game

    cards = load_game("dungeon-poker")
    from companion.poker.variants import slug

    table: dict[str, dict[str, Any]] = {}
    for card in cards.cards:
        if getattr(card, "kind", "") != "encounter":
            continue
        rules: Any = getattr(card, "rules", None)
        data = rules.model_dump() if hasattr(rules, "model_dump") else dict(rules or {})
        table[slug(card.name)] = data
        table[slug(card.id)] = data
    return table or None


def _rules(game: str, encounter: str | None, wild: list[str]) -> Rules:
    from companion.poker.variants import GAMES, encounter_rules

    if game == "dungeon-poker" and encounter:
        rules = encounter_rules(encounter, _encounter_table())
    else:
        rules = GAMES[game]
    return rules.with_wild(wild) if wild else rules


def _split_player(spec: str) -> tuple[str, str]:
    from companion.errors import CompanionError

    name, sep, cards = spec.partition("=")
    if not sep or not name.strip():
        raise CompanionError(f"{spec!r} is not a player: write NAME=CARDS, e.g. ann=As,Kd")
    return name.strip(), cards


def _players(specs: list[str], parse: Any) -> dict[str, Any]:
    from companion.errors import CompanionError

    out: dict[str, Any] = {}
    for spec in specs:
        name, cards = _split_player(spec)
        if name in out:
            raise CompanionError(f"player {name!r} is given twice")
        out[name] = parse(cards)
    return out


def _boards(boards: list[str], rules: Rules, parse: Any) -> list[tuple[Any, ...]]:
    from companion.errors import CompanionError

    parsed = [parse(b) for b in boards]
    if len(parsed) > rules.boards:
        raise CompanionError(
            f"{rules.name} has {rules.boards} board{'s' if rules.boards > 1 else ''}; --board was given {len(parsed)} times"
        )
    return parsed + [()] * (rules.boards - len(parsed))


def _card_parser(rules: Rules, unknown: bool = False) -> Any:
    from companion.poker.cards import parse_card, split_tokens

    def parse(text: str) -> tuple[Any, ...]:
        out: list[Any] = []
        for token in split_tokens(text):
            if unknown and token == "?":
                out.append(None)
            else:
                out.append(parse_card(token, allow_joker=True))
        return tuple(out)

    return parse


def _title(rules_text: str, boards: list[tuple[Any, ...]]) -> str:
    from companion.poker.cards import format_cards

    shown = [format_cards([c for c in b if c is not None], symbols=True) or "—" for b in boards]
    if len(shown) == 1:
        return f"{rules_text} · board {shown[0]}"
    return f"{rules_text} · " + " · ".join(f"board {i + 1} {b}" for i, b in enumerate(shown))


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

    Examples: companion rank ann=As,Kd bob=Qh,Qc --board "2s 7h Qd 9c 3s";
    companion rank --encounter "Utter Horror" ann=Ah,6d bob=7c,2d --board 3h,4s,9c,Jd,8h;
    companion rank --game decko bozo="2h 2d 2c Ah Ad" krusty="4h 4d 4s 5c 5d".
    """
    from companion.errors import CompanionError

    wild = wild or []
    game_id = _game(game, encounter, wildcard, wild, bool(market or burn or discard))
    if game_id == "decko":
        if board:
            raise CompanionError(
                "DECKO has no board: every card is in a hand (use --market for the market)"
            )
        if wild or full_plate:
            raise CompanionError("--wild and --full-plate do not apply to decko")
        _rank_decko(players, wildcard, market, burn or [], discard or [], as_json)
        return
    if full_plate and game_id != "dungeon-poker":
        raise CompanionError("--full-plate is a Dungeon Poker artifact: use --game dungeon-poker")
    from companion.poker.hands import rank_boards

    rules = _rules(game_id, encounter, wild)
    parse = _card_parser(rules)
    hands = _players(players, parse)
    boards = _boards(board or [], rules, parse)
    rankings = rank_boards(hands, boards, rules, full_plate=full_plate or [])
    if as_json:
        emit_json(_rank_json(game_id, rules.name, rankings))
        return
    for ranking in rankings:
        _print_ranking(_title(rules.describe(), [ranking.board]), ranking)


def _player_json(placing: Any) -> dict[str, Any]:
    hand = placing.hand
    return {
        "name": placing.name,
        "hand": hand.name,
        "best": hand.played(),
        "place": placing.place,
        "description": hand.description,
    }


def _rank_json(game_id: str, rules_name: str, rankings: tuple[Ranking, ...]) -> dict[str, Any]:
    from companion.poker.cards import format_cards

    if len(rankings) == 1:
        r = rankings[0]
        return {
            "game": game_id,
            "rules": rules_name,
            "board": format_cards(r.board).split(),
            "winners": list(r.winners),
            "result": r.result_text,
            "players": [_player_json(p) for p in r.placings],
        }
    # Two boards: each judged on its own; "players" lists every player once per board.
    winners: list[str] = []
    for r in rankings:
        winners += [w for w in r.winners if w not in winners]
    return {
        "game": game_id,
        "rules": rules_name,
        "winners": winners,
        "players": [
            {**_player_json(p), "board": i + 1} for i, r in enumerate(rankings) for p in r.placings
        ],
        "boards": [
            {
                "board": format_cards(r.board).split(),
                "winners": list(r.winners),
                "result": r.result_text,
                "players": [_player_json(p) for p in r.placings],
            }
            for r in rankings
        ],
    }


def _winner_line(ranking: Ranking) -> str:
    winners = ranking.winners
    if not winners:
        return "no winner: nobody has a legal hand (the pot stays for the next deal)"
    if len(winners) == 1:
        return f"winner: [bold]{winners[0]}[/]"
    return "split between " + ", ".join(f"[bold]{w}[/]" for w in winners)


def _print_ranking(
    title: str, ranking: Ranking, decko: bool = False, low_sum: bool = False
) -> None:
    from rich.markup import escape
    from rich.table import Table

    table = Table(title=escape(title), title_justify="left")
    table.add_column("place", justify="right")
    table.add_column("player", style="bold")
    table.add_column("set" if decko else "hand")
    table.add_column("best cards")
    table.add_column("details", style="dim")
    if decko:
        for col in ("$", "chips", "money") + (("sum",) if low_sum else ()):
            table.add_column(col, justify="right")
    for p in ranking.placings:
        place = "—" if p.place is None else str(p.place)
        style = "green" if p.place == 1 else None
        row = [
            place,
            escape(p.name),
            p.hand.name,
            " ".join(p.hand.played(symbols=True)),
            p.hand.description,
        ]
        if decko:
            found: Any = p.hand
            row += [f"${found.dollars}", str(found.chips), f"${found.money}"]
            if low_sum:
                row.append("" if found.low_sum is None else str(found.low_sum))
        table.add_row(*[escape(x) for x in row], style=style)
    out = console()
    out.print(table)
    out.print(_winner_line(ranking))


def _decko_one(spec: str, what: str, names: set[str]) -> tuple[str, DeckoCard]:
    from companion.errors import CompanionError
    from companion.games.decko.sets import parse_decko_cards

    name, cards = _split_player(spec)
    if name not in names:
        raise CompanionError(f"{what} given for {name!r}, who is not a player")
    parsed = parse_decko_cards(cards)
    if len(parsed) != 1:
        raise CompanionError(f"{what} of {name!r} is one card, not {len(parsed)}")
    return name, parsed[0]


def _rank_decko(
    players: list[str],
    wildcard: str | None,
    market: str | None,
    burn: list[str],
    discard: list[str],
    as_json: bool,
) -> None:
    from companion.games.decko.sets import parse_decko_cards, rank_decko, wildcard_round

    round_ = wildcard_round(wildcard)
    hands = _players(players, parse_decko_cards)
    names = set(hands)
    burns = dict(_decko_one(s, "burn pile", names) for s in burn)
    discards = dict(_decko_one(s, "discard pile", names) for s in discard)
    shop = parse_decko_cards(market or "")
    ranking = rank_decko(hands, round_, market=shop, burn_tops=burns, discard_tops=discards)
    if as_json:
        emit_json(_decko_json(round_, ranking, shop))
        return
    title = f"decko · {round_.name} round" + (
        f" · market {' '.join(c.symbol for c in shop)}" if shop else ""
    )
    _print_ranking(title, ranking, decko=True, low_sum=round_.low_sum)


def _decko_json(
    round_: DeckoRound, ranking: Ranking, market: tuple[DeckoCard, ...]
) -> dict[str, Any]:
    players = []
    for p in ranking.placings:
        entry = _player_json(p)
        hand: Any = p.hand
        entry |= {"dollars": hand.dollars, "chips": hand.chips, "money": hand.money}
        if round_.low_sum:
            entry["sum"] = hand.low_sum
        if hand.market_used:
            entry["market_used"] = [c.code for c in hand.market_used]
        players.append(entry)
    return {
        "game": "decko",
        "rules": round_.name,
        "market": [c.code for c in market],
        "winners": list(ranking.winners),
        "result": ranking.result_text,
        "players": players,
    }


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
    seed: Annotated[
        int,
        typer.Option(
            "--seed",
            help="Seed of the Monte Carlo deals: same seed, same result.",
            min=SEED_MIN,
            max=SEED_MAX,
        ),
    ] = 1,
    exact: Annotated[
        bool, typer.Option("--exact", help="Enumerate every deal, however many.")
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
    standard error. Example: companion odds ann=As,Ad bob=Kc,Kd;
    companion odds --game dungeon-poker ann=Ah,Kh giant=Qs,?,? --board 2h,7h,9c.
    """
    from companion.errors import CompanionError
    from companion.poker.odds import odds as compute

    wild = wild or []
    game_id = _game(game, encounter, None, wild, False)
    if game_id == "decko":
        raise CompanionError(
            "odds are for games with a deck and a board; a DECKO hand has no unseen cards to deal"
        )
    if full_plate and game_id != "dungeon-poker":
        raise CompanionError("--full-plate is a Dungeon Poker artifact: use --game dungeon-poker")
    if exact and monte_carlo:
        raise CompanionError("choose --exact or --monte-carlo, not both")
    rules = _rules(game_id, encounter, wild)
    hands = _players(players, _card_parser(rules, unknown=True))
    boards = _boards(board or [], rules, _card_parser(rules))
    dead_cards = _card_parser(rules)(dead or "")
    method: Literal["auto", "exact", "monte-carlo"] = (
        "exact" if exact else "monte-carlo" if monte_carlo else "auto"
    )
    result = compute(
        hands,
        boards,
        rules,
        dead=dead_cards,
        full_plate=full_plate or [],
        method=method,
        samples=samples,
        seed=seed,
    )
    if as_json:
        emit_json(
            {
                "game": game_id,
                "rules": rules.name,
                "method": result.method,
                "deals": result.deals,
                "seed": result.seed,
                "boards": [[c.code for c in b] for b in boards],
                "players": [
                    {
                        "name": p.name,
                        "cards": ["?" if c is None else c.code for c in hands[p.name]],
                        "win": p.win,
                        "tie": p.tie,
                        "equity": p.equity,
                        "stderr": p.stderr,
                    }
                    for p in result.players
                ],
            }
        )
        return
    _print_odds(rules.describe(), boards, hands, result)


def _print_odds(
    rules_text: str, boards: list[tuple[Any, ...]], hands: dict[str, Any], result: Any
) -> None:
    from rich.markup import escape
    from rich.table import Table

    mc = result.method == "monte-carlo"
    table = Table(title=escape(_title(rules_text, boards)), title_justify="left")
    table.add_column("player", style="bold")
    table.add_column("cards")
    table.add_column("win", justify="right")
    table.add_column("tie", justify="right")
    table.add_column("equity", justify="right")
    if mc:
        table.add_column("± s.e.", justify="right", style="dim")
    for p in result.players:
        cards = " ".join("?" if c is None else c.symbol for c in hands[p.name])
        row = [escape(p.name), cards, f"{p.win:.2%}", f"{p.tie:.2%}", f"{p.equity:.2%}"]
        if mc:
            row.append(f"{p.stderr:.2%}")
        table.add_row(*row)
    out = console()
    out.print(table)
    if mc:
        out.print(f"Monte Carlo: {result.deals:,} deals sampled (seed {result.seed})")
    else:
        out.print(f"exact: all {result.deals:,} deals")
