"""``companion table``, ``companion draw`` and ``companion deck``: a table's decks in SQLite.

Thin: each command opens the store, runs one transaction through
``companion.table`` and renders the result (Rich panels, or ``--json``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from companion.bounds import MAX_LEVEL
from companion.cli.common import (
    JsonOption,
    SeedOption,
    StateOption,
    TableOption,
    confirm,
    console,
    emit_json,
    example,
    fold_option,
    folded,
    game_option,
    hidden_alias,
    table_argument,
    table_deck_argument,
    table_deck_option,
)

if TYPE_CHECKING:
    from companion.table import DrawnCard, TableInfo, Transaction
    from companion.table.actions import DeckStatus
    from companion.table.reports import CardsReport, TableDeleted, TableView

table_app = typer.Typer(
    epilog=example("companion table new friday --game dungeon-poker --players ann,ben,cy"),
    help="Table sessions: set up a table's decks, see its state, its log, undo.",
    no_args_is_help=True,
)
deck_app = typer.Typer(
    epilog=example("companion deck peek treasures 2 --for cy"),
    help="Look at and rearrange the decks of the current table.",
    no_args_is_help=True,
)

PlayerOption = Annotated[
    str | None,
    typer.Option("--for", help="The player who draws (default: into play on the table)."),
]
FromOption = Annotated[
    str | None, typer.Option("--from", help="Only a card held by (or in front of) this player.")
]


def register(app: typer.Typer) -> None:
    app.add_typer(table_app, name="table")
    app.add_typer(deck_app, name="deck")
    app.command("draw", epilog=example("companion draw treasures --count 2 --for ann"))(draw)


@contextmanager
def _transaction(state: Path | None, *, write: bool = True) -> Iterator[Transaction]:
    from companion.table import open_store

    with open_store(state, write=write) as store, store.transaction(write=write) as tx:
        yield tx


@contextmanager
def _at_table(
    state: Path | None, name: str | None, *, write: bool = True
) -> Iterator[tuple[Transaction, TableInfo]]:
    """One transaction on the table called ``name`` (None: the current table)."""
    with _transaction(state, write=write) as tx:
        yield tx, tx.table(name)


# -- rendering -----------------------------------------------------------------------


def _print_cards(cards: list[DrawnCard], *, numbered: bool = False) -> None:
    from companion.ui.render.table import print_cards

    print_cards(console(), cards, numbered=numbered)


def _render_show(view: TableView) -> None:
    from companion.ui.render.table import show_table

    show_table(console(), view)


def _render_status(decks: Sequence[DeckStatus]) -> None:
    from companion.ui.render.table import show_decks

    show_decks(console(), decks)


def _when(entry_at: float) -> str:
    import datetime as dt

    return dt.datetime.fromtimestamp(entry_at).strftime("%Y-%m-%d %H:%M:%S")


# -- table ---------------------------------------------------------------------------


NewGameOption = Annotated[
    str,
    game_option(
        "--game", "-g", help="dungeon-poker, dungeon-master, decko, dragon-kings or dungeon-of-d."
    ),
]
PlayersOption = Annotated[
    str, typer.Option("--players", help="Players in seat order, comma-separated: a,b,c.")
]
TournamentOption = Annotated[
    bool,
    typer.Option(
        "--tournament",
        help="Dungeon Poker tournament style: spent decks are rebuilt from removed cards.",
    ),
]
ShortOption = Annotated[
    bool,
    typer.Option(
        "--short", help="Dungeon Poker shorter game: without the 200, 600, 800 and 900 levels."
    ),
]
ExtraLevelOption = Annotated[
    bool,
    typer.Option(
        "--extra-level",
        help="Dungeon Poker with the First Edition extra level card (400, after 300).",
    ),
]
LimitOption = Annotated[
    str | None,
    typer.Option(
        "--limit",
        help="Dungeon Poker: track each deal's betting, No-Limit (no) or Pot-Limit (pot); "
        "without it the dealer types the bets at the showdown.",
        show_default=False,
    ),
]
VariantOption = Annotated[
    str | None,
    typer.Option(
        "--variant",
        help="Play a variant: swords-joker (Dragon Kings: the Swords joker is a wild card), "
        "obstacles (Dungeon Master: the Obstacles are shuffled in).",
        show_default=False,
    ),
]


@table_app.command(
    "new",
    epilog=example("companion table new saturday --game decko --players ann,ben,cat --seed 5"),
)
def table_new(
    name: Annotated[str, typer.Argument(help="A name for the table, e.g. 'friday'.")],
    game: NewGameOption,
    players: PlayersOption,
    seed: SeedOption = None,
    tournament: TournamentOption = False,
    short: ShortOption = False,
    extra_level: ExtraLevelOption = False,
    variant: VariantOption = None,
    limit: LimitOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Set up a new table (decks shuffled as the game's setup says) and make it current."""
    from companion.table import holdings, new_table
    from companion.table.reports import TableSetup

    options = {
        "tournament": tournament,
        "short": short,
        "extra_level": extra_level,
        "limit": limit,
    }
    with _transaction(state) as tx:
        table, notes = new_table(tx, name, game, players, seed, {**options, "variant": variant})
        setup = TableSetup(table, notes, holdings(tx, table))
    if as_json:
        emit_json(setup.to_json())
        return
    out = console()
    out.print(f"[bold]{table.name}[/]: {game} with {', '.join(table.players)} · seed {table.seed}")
    for note in notes:
        out.print(f"• {note}")


@table_app.command("list", epilog=example("companion table list --json"))
def table_list(state: StateOption = None, as_json: JsonOption = False) -> None:
    """List the tables in the state file; the current one is marked."""
    from companion.table.reports import table_list

    with _transaction(state, write=False) as tx:
        listed = table_list(tx)
    if as_json:
        emit_json(listed.to_json())
        return
    out = console()
    if not listed.tables:
        out.print("no tables yet: companion table new NAME --game G --players a,b,c")
        return
    from rich.table import Table

    grid = Table(title="Tables", title_justify="left")
    for col in ("", "name", "game", "players", "seed"):
        grid.add_column(col)
    for t in listed.tables:
        grid.add_row(
            "*" if listed.is_current(t) else "",
            t.name,
            t.game,
            ", ".join(t.players),
            str(t.seed),
        )
    out.print(grid)


@table_app.command("select", epilog=example("companion table select friday"))
def table_select(
    name: Annotated[str, table_argument(help="The table to make current.")],
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Make a table the current one (used when --table is not given)."""
    from companion.table import select_table
    from companion.table.reports import TableSelected

    with _transaction(state) as tx:
        selected = TableSelected(select_table(tx, name))
    if as_json:
        emit_json(selected.to_json())
        return
    console().print(f"current table: [bold]{selected.table.name}[/] ({selected.table.game})")


@table_app.command("delete", epilog=example("companion table delete friday --yes"))
def table_delete(
    name: Annotated[str, table_argument(help="The table to delete, with its whole history.")],
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Delete without asking first.")] = False,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Delete a table, its decks and its history (asks first, unless --yes)."""
    from companion.table import delete_table
    from companion.table.actions import check_table_name
    from companion.table.reports import TableDeleted

    name = check_table_name(name)
    if not yes:
        with _at_table(state, name, write=False) as (_, found):
            question = f"Delete table '{found.name}' ({found.game}) and its whole history?"
        if not confirm(question, "delete it"):
            _say_deleted(TableDeleted(found, deleted=False), as_json)
            return
    with _at_table(state, name) as (tx, table):
        delete_table(tx, table)
    _say_deleted(TableDeleted(table, deleted=True), as_json)


def _say_deleted(done: TableDeleted, as_json: bool) -> None:
    if as_json:
        emit_json(done.to_json())
    else:
        console().print(f"{'deleted' if done.deleted else 'kept'} table [bold]{done.table.name}[/]")


@table_app.command("show", epilog=example("companion table show friday"))
def table_show(
    name: Annotated[
        str | None, table_argument(help="Table name (default: the current table).")
    ] = None,
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Show a table: players and what they hold, the decks, and the game's state."""
    from companion.table.reports import table_view

    with _at_table(state, name or table_name, write=False) as (tx, table):
        view = table_view(tx, table)
    if as_json:
        emit_json(view.to_json())
        return
    _render_show(view)


@table_app.command("hand", epilog=example("companion table hand ann"))
def table_hand(
    player: Annotated[str, typer.Argument(help="Whose cards to show (let only them look).")],
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Show the cards one player holds and has in play in front of them."""
    from companion.table.reports import hand_report

    with _at_table(state, table_name, write=False) as (tx, table):
        hand = hand_report(tx, table, player)
    if as_json:
        emit_json(hand.to_json())
        return
    from companion.ui.render.table import show_hand

    show_hand(console(), hand)


@table_app.command("log", epilog=example("companion table log --count 5"))
def table_log(
    table_name: TableOption = None,
    count: Annotated[
        int | None,
        typer.Option(
            "--count", "-n", min=1, help="Only the last N entries (with --since: the first N)."
        ),
    ] = None,
    old_limit: Annotated[int | None, hidden_alias("--limit", min=1)] = None,
    since: Annotated[
        int | None,
        typer.Option(
            "--since", min=0, metavar="ENTRY", help="Only the entries after number ENTRY."
        ),
    ] = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """The table's history: every action, who did it and when (undos included).

    Page through a long evening with --since and --count: `table log --since 120 -n 20`
    lists entries 121 to 140.
    """
    from companion.table.reports import HistoryReport

    limit = count or old_limit
    with _at_table(state, table_name, write=False) as (tx, table):
        entries = tx.history(table, limit, since=since)
    if as_json:
        emit_json(HistoryReport(table.name, entries).to_json())
        return
    from rich.table import Table

    grid = Table(title=f"{table.name}: history", title_justify="left")
    for col in ("#", "when", "who", "action", "what"):
        grid.add_column(col, overflow="fold")
    for e in entries:  # the terminal is read round the table: no card another player holds
        grid.add_row(str(e.id), _when(e.at), e.actor or "", e.action, e.seen_by(None).summary)
    console().print(grid)


@table_app.command("undo", epilog=example("companion table undo"))
def table_undo(
    table_name: TableOption = None, state: StateOption = None, as_json: JsonOption = False
) -> None:
    """Undo the last action at the table (the undo itself is logged)."""
    from companion.games import undo_at_table
    from companion.table.reports import Undone

    with _at_table(state, table_name) as (tx, table):
        entry = undo_at_table(tx, table)
    if as_json:
        emit_json(Undone(table.name, entry).to_json())
        return
    console().print(f"undone #{entry.id}: {entry.summary}")


# -- draw ----------------------------------------------------------------------------


def draw(
    deck: Annotated[
        str, table_deck_argument(help="Deck to draw from (id or name, e.g. treasures).")
    ],
    count: Annotated[
        int, typer.Option("--count", "-n", min=1, max=500, help="How many cards.")
    ] = 1,
    player: PlayerOption = None,
    bottom: Annotated[
        bool, typer.Option("--bottom", help="Draw from the bottom of the deck.")
    ] = False,
    fold: Annotated[
        list[str] | None,
        fold_option("Dungeon Poker: a player who had folded (no gift from a friendly monster)."),
    ] = None,
    old_folded: Annotated[list[str] | None, hidden_alias("--folded")] = None,
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Draw cards from a deck of the current table, by the game's rules."""
    from companion.games.dungeon_poker.table_rules import draw_with_folds
    from companion.table import draw as draw_cards

    out = folded(fold, old_folded)
    with _at_table(state, table_name) as (tx, table):
        drawn = (
            draw_with_folds(tx, table, deck, count, player, bottom=bottom, folded=out)
            if out
            else draw_cards(tx, table, deck, count, player, bottom=bottom)
        )
    _emit_draw(table, drawn, as_json)


def _emit_draw(table: TableInfo, drawn: Sequence[DrawnCard], as_json: bool) -> None:
    from companion.table.reports import CardsReport

    _emit_cards(CardsReport.of(table, drawn), as_json)


def _emit_cards(report: CardsReport, as_json: bool) -> None:
    if as_json:
        emit_json(report.to_json())
        return
    _print_cards(list(report.cards))
    out = console()
    for note in report.notes:
        out.print(f"• {note}")


# -- deck ----------------------------------------------------------------------------


@deck_app.command("status", epilog=example("companion deck status --json"))
def deck_status(
    table_name: TableOption = None, state: StateOption = None, as_json: JsonOption = False
) -> None:
    """How many cards each deck has in each pile."""
    from companion.table import status
    from companion.table.reports import DecksReport

    with _at_table(state, table_name, write=False) as (tx, table):
        decks = status(tx, table)
    if as_json:
        emit_json(DecksReport(table.name, decks).to_json())
        return
    _render_status(decks)


@deck_app.command("peek", epilog=example("companion deck peek treasures 2 --for cy"))
def deck_peek(
    deck: Annotated[str, table_deck_argument(help="Deck to look into.")],
    count: Annotated[int, typer.Argument(min=1, help="How many cards from the top.")] = 1,
    player: Annotated[str | None, typer.Option("--for", help="Who looks (logged).")] = None,
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Look at the top cards of a deck without moving them (Prophet, Spy, True seeing)."""
    from companion.table import peek
    from companion.table.reports import CardsReport

    with _at_table(state, table_name) as (tx, table):
        seen = peek(tx, table, deck, count, player)
    if as_json:
        emit_json(CardsReport.of(table, seen).to_json())
        return
    if not seen:
        console().print("the draw pile is empty")
    _print_cards(seen, numbered=True)


@deck_app.command("reorder", epilog=example("companion deck reorder treasures 2 1"))
def deck_reorder(
    deck: Annotated[str, table_deck_argument(help="Deck whose top cards to rearrange.")],
    order: Annotated[
        list[int] | None, typer.Argument(help="Old positions in their new order, top first: '2 1'.")
    ] = None,
    shuffle_count: Annotated[
        int | None,
        typer.Option("--shuffle", min=1, help="Instead, shuffle the top N cards (Treasure Map)."),
    ] = None,
    player: Annotated[str | None, typer.Option("--for", help="Who rearranges (logged).")] = None,
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Put the top cards of a deck in a new order (Prophet), or shuffle them (Treasure Map)."""
    from companion.errors import CompanionError
    from companion.table import reorder, shuffle_top

    if bool(order) == bool(shuffle_count):
        raise CompanionError("give either the new order (e.g. '2 1 3') or --shuffle N")
    with _at_table(state, table_name) as (tx, table):
        if shuffle_count:
            n = shuffle_top(tx, table, deck, shuffle_count, player)
            result: list[DrawnCard] = []
        else:
            result = reorder(tx, table, deck, order or [], player)
            n = len(result)
    if as_json:
        from companion.table.reports import CardsReport

        emit_json(CardsReport.of(table, result, reordered=n).to_json())
        return
    if shuffle_count:
        console().print(f"shuffled the top {n} card(s) of {deck}")
    else:
        console().print(f"new order of the top {n} card(s), top first:")
        _print_cards(result, numbered=True)


def _one_card_command(action: str, doc: str) -> Any:
    def command(
        deck: Annotated[str, table_deck_argument(help="The card's deck.")],
        card: Annotated[str, typer.Argument(help="Card name or id.")],
        holder: FromOption = None,
        top: Annotated[
            bool, typer.Option("--top", help="(return) Put it on top of the draw pile.")
        ] = False,
        bottom: Annotated[
            bool, typer.Option("--bottom", help="(return) Put it at the bottom of the draw pile.")
        ] = False,
        table_name: TableOption = None,
        state: StateOption = None,
        as_json: JsonOption = False,
    ) -> None:
        from companion.table.actions import move_one

        with _at_table(state, table_name) as (tx, table):
            moved = move_one(tx, table, action, deck, card, holder, top=top, bottom=bottom)
        _emit_draw(table, [moved], as_json)

    command.__doc__ = doc
    return command


deck_app.command(
    "return", epilog=example('companion deck return treasures "antimagic cage" --top')
)(
    _one_card_command(
        "return",
        "Put a card back into its deck's draw pile: shuffled in (default), --top or --bottom.",
    )
)
deck_app.command("remove", epilog=example('companion deck remove treasures "antimagic cage"'))(
    _one_card_command("remove", "Remove a card from the game for good.")
)
deck_app.command("discard", epilog=example('companion deck discard treasures "antimagic cage"'))(
    _one_card_command("discard", "Put a card in play or held onto its discard pile.")
)


@deck_app.command("shuffle", epilog=example("companion deck shuffle treasures --discard"))
def deck_shuffle(
    deck: Annotated[str, table_deck_argument(help="Deck to shuffle.")],
    with_discard: Annotated[
        bool, typer.Option("--discard", help="First gather the discard pile into the deck.")
    ] = False,
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Shuffle a deck's draw pile (with the table's seed)."""
    from companion.table import shuffle
    from companion.table.reports import Shuffled

    with _at_table(state, table_name) as (tx, table):
        size = shuffle(tx, table, deck, with_discard=with_discard)
    if as_json:
        emit_json(Shuffled(table.name, deck, size).to_json())
        return
    console().print(f"shuffled {deck}: {size} card(s) in the draw pile")


# -- Dungeon Poker -------------------------------------------------------------------------


@table_app.command("level", epilog=example("companion table level 2"))
def table_level(
    level: Annotated[
        int | None,
        typer.Argument(
            min=1,
            max=MAX_LEVEL,
            help="Open this level (default: the next one).",
            show_default=False,
        ),
    ] = None,
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Dungeon Poker: open the next level and its encounter (after the level's deals, or at once after a teleport)."""
    from companion.games.dungeon_poker import table_rules as dp
    from companion.table.reports import AtTable

    with _at_table(state, table_name) as (tx, table):
        change = dp.next_level(tx, table) if level is None else dp.enter_level(tx, table, level)
    if as_json:
        emit_json(AtTable(table.name, change).to_json())
        return
    out = console()
    gems = f" · +{change.soul_gems} soul gem at its first deal" if change.soul_gems else ""
    out.print(
        f"[bold]level {change.level}[/] · blind {change.blind}{gems}"
        + ("" if change.drawn else " (already in force)")
    )
    if change.encounter:
        _print_cards([change.encounter])
    for note in change.notes:
        out.print(f"• {note}")


@table_app.command("choose", epilog=example("companion table choose ann witch"))
def table_choose(
    player: Annotated[str, typer.Argument(help="The player choosing.")],
    character: Annotated[str, typer.Argument(help="One of the characters dealt to them.")],
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Dungeon Poker: keep one of the characters dealt, in secret; all are revealed once everyone has chosen."""
    from companion.games.dungeon_poker import table_rules as dp
    from companion.table.reports import AtTable

    with _at_table(state, table_name) as (tx, table):
        choice = dp.choose(tx, table, player, character)
    if as_json:
        emit_json(AtTable(table.name, choice).to_json())
        return
    out = console()
    if choice.revealed:
        out.print("everyone has chosen: the characters are revealed")
        _print_cards(list(choice.revealed))
        return
    for note in choice.notes:
        out.print(f"• {note}")


@table_app.command("monster", epilog=example("companion table monster --for ben"))
def table_monster(
    player: Annotated[
        str | None,
        typer.Option(
            "--for", help="Summoned by this player (Summon Monster Scroll, Summon beast)."
        ),
    ] = None,
    showdown: Annotated[
        bool, typer.Option("--showdown", help="The showdown monster of King's cave.")
    ] = False,
    fold: Annotated[
        list[str] | None,
        fold_option("A player who had folded (no gift from a friendly monster); several: a,b."),
    ] = None,
    old_folded: Annotated[list[str] | None, hidden_alias("--folded")] = None,
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Dungeon Poker: a monster comes to the table (the M card showed up)."""
    from companion.games.dungeon_poker import table_rules as dp

    with _at_table(state, table_name) as (tx, table):
        out = folded(fold, old_folded)
        drawn = dp.monster(tx, table, summoned_by=player, showdown=showdown, folded=out)
    _emit_draw(table, drawn, as_json)


@table_app.command(
    "monster-result", epilog=example("companion table monster-result won --monster zombie")
)
def table_monster_result(
    outcome: Annotated[
        str, typer.Argument(help="won, tied, side-pot (it won only a side pot) or lost (slain).")
    ],
    monster: Annotated[
        str | None, typer.Option("--monster", help="Which monster, if several are in play.")
    ] = None,
    slayer: Annotated[
        list[str] | None,
        typer.Option(
            "--slayer",
            help="Who slew it (draws the Fire Dragon's treasure); again for each who shared the "
            "kill (its treasure then waits, each takes the Genie's gem).",
        ),
    ] = None,
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Dungeon Poker: a monster's deal is over: back into its deck (won, tied) or out of the game (side pot only, lost)."""
    from companion.games.dungeon_poker import table_rules as dp

    with _at_table(state, table_name) as (tx, table):
        result = dp.monster_result(tx, table, outcome.strip().lower(), monster, slayer or [])
    _emit_draw(table, result, as_json)


@table_app.command("win", epilog=example("companion table win ann"))
def table_win(
    players: Annotated[
        list[str],
        typer.Argument(help="The deal's winner(s); one treasure each (two in King's cave)."),
    ],
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Dungeon Poker: the winner of the deal draws treasure (plus any left from a tie)."""
    from companion.games.dungeon_poker import table_rules as dp

    with _at_table(state, table_name) as (tx, table):
        drawn = dp.win(tx, table, players)
    _emit_draw(table, drawn, as_json)


@table_app.command("tie", epilog=example("companion table tie ann ben"))
def table_tie(
    players: Annotated[
        list[str] | None,
        typer.Argument(help="Who tied (default: everyone in the deal)."),
    ] = None,
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Dungeon Poker: a tied deal; its treasure waits for the next winner."""
    from companion.games.dungeon_poker import table_rules as dp
    from companion.table.reports import AtTable

    with _at_table(state, table_name) as (tx, table):
        carried = dp.tie(tx, table, players or [])
    if as_json:
        emit_json(AtTable(table.name, dp.TreasuresWaiting(carried)).to_json())
        return
    console().print(f"tie: the next winner draws {carried} extra treasure(s)")


@table_app.command("death", epilog=example("companion table death cy --winner ann"))
def table_death(
    player: Annotated[str, typer.Argument(help="The player whose character ran out of gold.")],
    winner: Annotated[
        str | None, typer.Option("--winner", help="Who won the deal that killed it.")
    ] = None,
    takes: Annotated[
        str | None, typer.Option("--takes", help="The dead character's treasure the winner takes.")
    ] = None,
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Dungeon Poker: a character died: treasures, a skull, and two new characters to choose from."""
    from companion.games.dungeon_poker import table_rules as dp
    from companion.table.reports import CardsReport

    with _at_table(state, table_name) as (tx, table):
        shown, notes = dp.death(tx, table, player, winner, takes)
    if as_json:
        emit_json(CardsReport(table.name, shown, notes).to_json())
        return
    out = console()
    for note in notes:
        out.print(f"• {note}")
    _print_cards([c for c in shown if c.deck != "characters"])  # new characters stay face down


@table_app.command("loot", epilog=example('companion table loot ann "antimagic cage" --from cy'))
def table_loot(
    winner: Annotated[str, typer.Argument(help="The winner of the deal a character died in.")],
    treasure: Annotated[
        str, typer.Argument(help="The dead character's treasure they take (name, id or a word).")
    ],
    dead: Annotated[
        str | None,
        typer.Option("--from", help="Whose dead character, when several died in the deal."),
    ] = None,
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Dungeon Poker: the deal's winner takes one treasure of a character that died in it (after the settlement)."""
    from companion.games.dungeon_poker import table_rules as dp

    with _at_table(state, table_name) as (tx, table):
        card = dp.loot(tx, table, winner, treasure, dead)
    _emit_draw(table, [card], as_json)


@table_app.command("claim", epilog=example('companion table claim cy "antimagic cage"'))
def table_claim(
    player: Annotated[str, typer.Argument(help="The player holding the artifact.")],
    treasure: Annotated[str, typer.Argument(help="The artifact the bank claims (name or id).")],
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Dungeon Poker: the bank claims an artifact for its salvage price (the legendary-artifact rule); it leaves the game."""
    from companion.games.dungeon_poker import table_rules as dp

    with _at_table(state, table_name) as (tx, table):
        card = dp.claim(tx, table, player, treasure)
    _emit_draw(table, [card], as_json)


def _treasure_command(use: bool) -> Any:
    def command(
        player: Annotated[str, typer.Argument(help="The player holding the treasure.")],
        treasure: Annotated[str, typer.Argument(help="Treasure name or id.")],
        monster: Annotated[
            str | None,
            typer.Option("--monster", help="The monster it acts on (Crystal Dagger)."),
        ] = None,
        table_name: TableOption = None,
        state: StateOption = None,
        as_json: JsonOption = False,
    ) -> None:
        from companion.games.dungeon_poker import table_rules as dp

        with _at_table(state, table_name) as (tx, table):
            card = (
                dp.use(tx, table, player, treasure, monster)
                if use
                else dp.sell(tx, table, player, treasure)
            )
        _emit_draw(table, [card], as_json)

    command.__doc__ = (
        "Dungeon Poker: use a treasure (a one-use artifact leaves the game)."
        if use
        else "Dungeon Poker: sell or cash a treasure at the bank; it leaves the game."
    )
    return command


table_app.command("sell", epilog=example('companion table sell cy "antimagic cage"'))(
    _treasure_command(use=False)
)
table_app.command("use", epilog=example('companion table use cy "antimagic cage"'))(
    _treasure_command(use=True)
)


@table_app.command("ability", epilog=example('companion table ability ann "witch curse" --rank 7'))
def table_ability(
    player: Annotated[str, typer.Argument(help="The player whose character uses it.")],
    ability: Annotated[
        str,
        typer.Argument(help='The ability, by its name or a word of it: "Spooky gaze", "healing".'),
    ],
    deck: Annotated[
        str | None,
        table_deck_option(help="The deck Prophecy or Ancestral knowledge looks at."),
    ] = None,
    rank: Annotated[
        str | None,
        typer.Option("--rank", help="The rank the Witch curses (2-10, J, Q, K, A)."),
    ] = None,
    gold: Annotated[
        int | None,
        typer.Option("--gold", min=0, help="The gold Ambush & run takes from the pot."),
    ] = None,
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Dungeon Poker: a character uses an ability: its soul gems go to the bank (Healing prayer and Regeneration also take their gold); on a deal dealt with --cards it deals, folds or shows the cards it says."""
    from companion.games.dungeon_poker import table_rules as dp
    from companion.games.dungeon_poker.card_effects import Choice

    choice = Choice(deck=deck, rank=rank, gold=gold)
    with _at_table(state, table_name) as (tx, table):
        moved = dp.ability(tx, table, player, ability, choice)
    _emit_gold(table, moved, as_json)


def _hand_cards_command(what: str) -> Any:
    """``table discard`` / ``table reveal``: a player's own choice among their hand cards."""

    def command(
        player: Annotated[str, typer.Argument(help="The player whose cards they are.")],
        cards: Annotated[
            list[str],
            typer.Argument(help="The hand cards: 9s Td (or 'unseen' for the unseen one)."),
        ],
        table_name: TableOption = None,
        state: StateOption = None,
        as_json: JsonOption = False,
    ) -> None:
        from companion.games.dungeon_poker import table_rules as dp
        from companion.table.reports import AtTable

        act = dp.discard if what == "discard" else dp.reveal
        with _at_table(state, table_name) as (tx, table):
            moved = act(tx, table, player, cards)
        if as_json:
            emit_json(AtTable(table.name, moved).to_json())
            return
        from companion.ui.render.table import show_hand_cards_moved

        show_hand_cards_moved(console(), table.player(player), moved)

    command.__doc__ = (
        "Dungeon Poker: fold hand cards to the graveyard as a rule asked (Barbarian rage's two)."
        if what == "discard"
        else "Dungeon Poker: turn hand cards face up (Giant's Blood, the Undead Maiden, Time of justice)."
    )
    return command


table_app.command("discard", epilog=example("companion table discard ben 7h 2c"))(
    _hand_cards_command("discard")
)
table_app.command("reveal", epilog=example("companion table reveal ann Ah"))(
    _hand_cards_command("reveal")
)


def _correction_command(what: str) -> Any:
    """``table gold`` / ``table gems``: the dealer's correction of one of a player's counts."""

    def command(
        player: Annotated[str, typer.Argument(help="The player whose count is corrected.")],
        amount: Annotated[
            str, typer.Argument(metavar="+N|-N", help="+N from the bank, -N to it (+500, -1).")
        ],
        note: Annotated[str, typer.Option("--note", help="Why, for the table's log.")] = "",
        table_name: TableOption = None,
        state: StateOption = None,
        as_json: JsonOption = False,
    ) -> None:
        from companion.games.dungeon_poker import table_rules as dp

        correct = dp.gold if what == "gold" else dp.gems
        with _at_table(state, table_name) as (tx, table):
            moved = correct(tx, table, player, amount, note)
        _emit_gold(table, moved, as_json)

    command.__doc__ = (
        f"Dungeon Poker: correct a player's {what} (a fine, a miscount); logged, and "
        "'table undo' reverts it."
    )
    return command


_CORRECTION = {"ignore_unknown_options": True}
"""A negative amount (-500) is a value, not an option."""
table_app.command(
    "gold",
    context_settings=_CORRECTION,
    epilog=example('companion table gold ben -500 --note "Dense fog: looked at the hidden card"'),
)(_correction_command("gold"))
table_app.command(
    "gems",
    context_settings=_CORRECTION,
    epilog=example('companion table gems cy +1 --note "counted one short"'),
)(_correction_command("soul gems"))


def _emit_gold(table: TableInfo, moved: Any, as_json: bool) -> None:
    from companion.table.reports import AtTable

    if as_json:
        emit_json(AtTable(table.name, moved).to_json())
        return
    from companion.ui.render.table import show_gold_moved

    show_gold_moved(console(), moved)


# -- a whole deal ----------------------------------------------------------------------------


@table_app.command("deal", epilog=example("companion table deal"))
def table_deal(
    cards: Annotated[
        bool,
        typer.Option(
            "--cards", help="Also deal each player's hand cards digitally (secret: 'table hand')."
        ),
    ] = False,
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Start the next deal. Dungeon Poker: the last one counts for its level, the main deck is gathered and shuffled; Dragon Kings: as 'dk deal'."""
    from companion.games.deals import start_deal
    from companion.table.reports import AtTable

    with _at_table(state, table_name) as (tx, table):
        started = start_deal(tx, table, deal_hands=cards)
    if as_json:
        emit_json(AtTable(table.name, started).to_json())
        return
    from companion.ui.render.table import show_deal_started

    show_deal_started(console(), started)


@table_app.command("board", epilog=example("companion table board"))
def table_board(
    table_name: TableOption = None, state: StateOption = None, as_json: JsonOption = False
) -> None:
    """Dungeon Poker: burn a card, then deal the next street to the board (flop 3, turn 1, river 1); one 'table undo' takes it back."""
    from companion.games.dungeon_poker import table_rules as dp

    with _at_table(state, table_name) as (tx, table):
        dealt = dp.deal_board(tx, table)
    if as_json:
        emit_json(dealt.to_json())
        return
    from companion.ui.render.table import show_board

    show_board(console(), dealt)


@table_app.command("bet", epilog=example("companion table bet ann call"))
def table_bet(
    player: Annotated[str, typer.Argument(help="The player whose turn it is.")],
    action: Annotated[
        str, typer.Argument(help="check, call, bet, raise, fold or all-in.", show_default=False)
    ],
    amount: Annotated[
        int | None,
        typer.Argument(
            min=0,
            help="For bet and raise: what the player's bet comes to this street (raise 400 = to 400).",
            show_default=False,
        ),
    ] = None,
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """A player's betting action on their turn, checked against the table's betting (one 'table undo' takes it back)."""
    from companion.table import betting
    from companion.table.reports import BetReport

    with _at_table(state, table_name) as (tx, table):
        who = table.player(player)
        tracked, event = betting.act(tx, table, betting.parse_action(who, action, amount))
        report = BetReport(table.name, event, tracked)
    if as_json:
        emit_json(report.to_json())
        return
    from companion.ui.render.table import show_bet

    show_bet(console(), report)


@table_app.command(
    "showdown",
    epilog=example(
        'companion table showdown ann=200 ben=200 cy=100 --fold cy --result "ben > ann"'
    ),
)
def table_showdown(
    file: Annotated[
        str | None,
        typer.Argument(
            metavar="[FILE|-]",
            help="Optional showdown file with what only the dealer knows (hands, board, declared).",
            show_default=False,
        ),
    ] = None,
    amounts: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[NAME=AMOUNT]...",
            help="Gold each player put in this deal; all=AMOUNT for everyone in the deal, a NAME=AMOUNT overriding it; NAME=all for a player all in.",
        ),
    ] = None,
    fold: Annotated[list[str] | None, fold_option()] = None,
    result: Annotated[
        str | None, typer.Option("--result", "-r", help='The order, best first: "ann > orc = ben".')
    ] = None,
    takes: Annotated[
        list[str] | None,
        typer.Option("--takes", help="The treasure the winner takes from a dead character."),
    ] = None,
    table_name: TableOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Settle the deal from the table's state in one step (one 'table undo' reverts it): Dungeon Poker, or Dragon Kings with its points."""
    from companion.games.deals import settle_deal
    from companion.games.dungeon_poker.deal import read_table_showdown
    from companion.table.reports import table_view

    extra, put_in = read_table_showdown(file, amounts or [])
    with _at_table(state, table_name) as (tx, table):
        settled = settle_deal(
            tx, table, put_in, folded=folded(fold), result=result, extra=extra, takes=takes or []
        )
        after = table_view(tx, table)
    if as_json:
        emit_json(settled.to_json(after.state_json()))
        return
    from companion.ui.render.table import show_settled

    show_settled(console(), settled)
