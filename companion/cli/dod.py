"""``companion dod``: play Dungeon of D solo, keep saves and high scores, simulate bots.

Thin layer: :mod:`companion.games.dungeon_of_d.saves` keeps the games, :mod:`companion.ui.dungeon_of_d.shell`
shows them and reads the answers, :mod:`companion.games.dungeon_of_d.simulate` plays many
games with a bot. Only typer and the standard library are imported here at
module level.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from companion.bounds import MAX_GAMES, MAX_LIST, MAX_WORKERS
from companion.cli.common import (
    JsonOption,
    SeedOption,
    StateOption,
    console,
    emit_json,
    save_argument,
)

if TYPE_CHECKING:
    from companion.games.dungeon_of_d.saves import Game, SaveFile, SaveStore

dod_app = typer.Typer(
    help="Dungeon of D solo: play in the shell (saved after every action), list saves, high scores, bot simulations.",
    no_args_is_help=True,
)

SaveFileOption = Annotated[
    Path | None,
    typer.Option(
        "--save-file",
        help="Keep the game in this JSON file instead of the state file.",
        show_default=False,
    ),
]


def register(app: typer.Typer) -> None:
    app.add_typer(dod_app, name="dod")


def _store(state: Path | None) -> SaveStore:
    from companion.games.dungeon_of_d.saves import SaveStore
    from companion.paths import state_path

    return SaveStore(state_path(state))


def _play(game: Game, saver: SaveFile | SaveStore, store: SaveStore) -> None:
    """Run the session: Rich panels on a terminal, plain lines when the input is scripted."""
    from companion.ui.dungeon_of_d.shell import PlainOutput, RichOutput, Session

    on_end = store.record if saver is not store else None
    if sys.stdin.isatty():
        con = console()

        def ask() -> str | None:
            try:
                return str(con.input("[bold]> [/bold]"))
            except EOFError:
                return None

        def confirm(question: str) -> bool:
            try:
                answer = str(con.input(question, markup=False))
            except EOFError:
                return False
            return answer.strip().lower() in ("y", "yes")

        session = Session(game, saver, RichOutput(con), on_end, confirm=confirm)
        session.run(ask)
        return

    def write(text: str) -> None:
        sys.stdout.write(text)
        sys.stdout.flush()

    def read() -> str | None:
        line = sys.stdin.readline()
        return None if line == "" else line.rstrip("\r\n")

    Session(game, saver, PlainOutput(write), on_end).run(read, echo=True)


def _auto_name(store: SaveStore) -> str:
    taken = {n.casefold() for n in store.names()}
    number = 1
    while f"game-{number}" in taken:
        number += 1
    return f"game-{number}"


@dod_app.command("new")
def new(
    seed: SeedOption = None,
    character: Annotated[
        str | None,
        typer.Option(
            "--character", help="Play this character (a name or id) instead of drawing one."
        ),
    ] = None,
    save: Annotated[
        str | None, typer.Option("--save", help="Name of the save (default: game-N).")
    ] = None,
    save_file: SaveFileOption = None,
    replace: Annotated[
        bool,
        typer.Option("--replace", help="Start over a save of the same name (not a damaged one)."),
    ] = False,
    state: StateOption = None,
) -> None:
    """Start a new game and play it (answers from stdin when it is not a terminal)."""
    import secrets

    from companion.errors import CompanionError
    from companion.games.dungeon_of_d.saves import Game, SaveFile, check_name

    store = _store(state)
    if seed is None:
        seed = secrets.randbelow(2**31)
    if save_file is not None:
        target = SaveFile(save_file)
        if target.exists() and replace:
            target.load()  # a damaged save is never overwritten
        name = check_name(save or save_file.stem or "game")
        game = Game.new(seed, character, name=name)
        target.create(game, replace=replace)
        _play(game, target, store)
        return
    name = check_name(save) if save is not None else _auto_name(store)
    if replace and store.exists(name):
        try:
            store.load(name)
        except CompanionError as exc:
            raise CompanionError(
                f"{exc.message}; it is kept: 'companion dod delete {name}' removes it"
            ) from None
    game = Game.new(seed, character, name=name)
    store.create(game, replace=replace)
    _play(game, store, store)


@dod_app.command("play")
def play(
    save: Annotated[
        str | None,
        save_argument(
            help="The save to go on with (default: the last game played).", show_default=False
        ),
    ] = None,
    save_file: SaveFileOption = None,
    state: StateOption = None,
) -> None:
    """Go on with a saved game (its actions are replayed and checked first)."""
    from companion.errors import CompanionError
    from companion.games.dungeon_of_d.saves import SaveFile

    store = _store(state)
    if save_file is not None:
        if save is not None:
            raise CompanionError("give a SAVE name or --save-file, not both")
        target = SaveFile(save_file)
        _play(target.load(), target, store)
        return
    if save is None:
        save = store.latest()
        if save is None:
            raise CompanionError(
                "no unfinished game to go on with; start one with 'companion dod new'"
            )
    _play(store.load(save), store, store)


@dod_app.command("list")
def list_saves(json: JsonOption = False, state: StateOption = None) -> None:
    """The saved games, the most recently played first (each is re-checked by replay)."""
    saves = _store(state).saves()
    if json:
        emit_json([s.to_json() for s in saves])
        return
    con = console()
    if not saves:
        con.print("No saved games. Start one with 'companion dod new'.")
        return
    from rich.table import Table

    from companion.games.dungeon_of_d.content import load_content

    names = load_content().character_names
    table = Table(title="Dungeon of D saves")
    for column in ("save", "hero", "level", "turn", "HP", "gold", "status", "score"):
        table.add_column(
            column,
            justify="right" if column in ("level", "turn", "HP", "gold", "score") else "left",
        )
    for s in saves:
        status = s.status + (" (training)" if s.training else "")
        if s.damaged:
            status = f"damaged: {s.damaged}"
        table.add_row(
            s.name,
            names.get(s.character, s.character),
            str(s.level),
            str(s.turn),
            str(s.hp),
            str(s.gold),
            status,
            str(s.score) if s.outcome == "escaped" else "",
        )
    con.print(table)


@dod_app.command("load")
def load(
    save: Annotated[
        str | None, save_argument(help="The save to check and show.", show_default=False)
    ] = None,
    save_file: SaveFileOption = None,
    json: JsonOption = False,
    state: StateOption = None,
) -> None:
    """Load a save, check it by replaying its actions, and show where the game stands."""
    from companion.errors import CompanionError
    from companion.games.dungeon_of_d.saves import Checked, SaveFile
    from companion.ui.dungeon_of_d.shell import build_screen, render_plain, render_rich

    if (save is None) == (save_file is None):
        raise CompanionError("give a SAVE name or --save-file (one of them)")
    saver = SaveFile(save_file) if save_file is not None else _store(state)
    game = saver.load() if isinstance(saver, SaveFile) else saver.load(str(save))
    checked = Checked(game, saver.resume(game))
    if json:
        emit_json(checked.to_json())
        return
    screen = build_screen(game)
    con = console()
    if sys.stdout.isatty():
        con.print(render_rich(screen))
    else:
        sys.stdout.write(render_plain(screen) + "\n")
    con.print(checked.line(), markup=False, highlight=False)


@dod_app.command("delete")
def delete(
    save: Annotated[
        str, save_argument(help="The save to delete (damaged ones too).", show_default=False)
    ],
    state: StateOption = None,
) -> None:
    """Delete a saved game (its high score, if any, stays)."""
    _store(state).delete(save)
    console().print(f"Deleted the saved game '{save}'.", markup=False, highlight=False)


@dod_app.command("scores")
def scores(
    limit: Annotated[
        int, typer.Option("--limit", min=1, max=MAX_LIST, help="How many scores to show.")
    ] = 10,
    training: Annotated[
        bool, typer.Option("--training", help="Also list games played in training mode (score 0).")
    ] = False,
    json: JsonOption = False,
    state: StateOption = None,
) -> None:
    """The local high-score table: finished games, best first."""
    rows = _store(state).scores(limit, training)
    if json:
        emit_json([r.to_json() for r in rows])
        return
    con = console()
    if not rows:
        con.print("No finished games yet.")
        return
    from datetime import datetime

    from rich.table import Table

    from companion.games.dungeon_of_d.content import load_content

    names = load_content().character_names
    table = Table(title="Dungeon of D high scores")
    for column in ("#", "score", "save", "hero", "end", "level", "turns", "date"):
        table.add_column(
            column, justify="right" if column in ("#", "score", "level", "turns") else "left"
        )
    for rank, r in enumerate(rows, start=1):
        end = {"escaped": "escaped", "lost": "lost"}.get(r.outcome, r.outcome)
        if r.amulet and r.outcome == "escaped":
            end += " + Amulet"
        if r.training:
            end += " (training)"
        table.add_row(
            str(rank),
            str(r.score),
            r.name,
            names.get(r.character, r.character),
            end,
            str(r.level),
            str(r.turns),
            datetime.fromtimestamp(r.at).strftime("%Y-%m-%d"),
        )
    con.print(table)


@dod_app.command("simulate")
def simulate(
    games: Annotated[
        int, typer.Option("--games", min=1, max=MAX_GAMES, help="How many games to play.")
    ] = 1000,
    seed: Annotated[
        int,
        typer.Option("--seed", help="Seed of the run: game i is played from a seed made from it."),
    ] = 0,
    bot: Annotated[
        str, typer.Option("--bot", help="greedy, farmer, random or explorer.")
    ] = "greedy",
    balance: Annotated[
        bool,
        typer.Option(
            "--balance",
            help="Run the greedy, farmer and random bots and check the balance targets.",
        ),
    ] = False,
    workers: Annotated[
        int, typer.Option("--workers", min=1, max=MAX_WORKERS, help="Processes to play in.")
    ] = 1,
    json: JsonOption = False,
) -> None:
    """Play many games with a bot: win and amulet rates, mean score and turns, deepest level, speed."""
    from companion.games.dungeon_of_d import simulate as sim

    err = console(stderr=True)
    runs = len(sim.BALANCE_BOTS) if balance else 1
    if err.is_terminal:
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )

        with Progress(
            TextColumn("balance" if balance else f"{bot} bot"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=err,
            transient=True,
        ) as progress:
            task = progress.add_task("games", total=games * runs)
            advance = lambda n: progress.advance(task, n)  # noqa: E731
            result: sim.Summary | sim.Balance = (
                sim.balance(games, seed, workers, advance)
                if balance
                else sim.simulate(games, seed, bot, workers, progress=advance)
            )
    else:
        result = (
            sim.balance(games, seed, workers)
            if balance
            else sim.simulate(games, seed, bot, workers)
        )
    if json:
        emit_json(result.to_json())
        return
    from rich.table import Table

    if isinstance(result, sim.Balance):
        table = Table(title=f"Balance · {games} games a bot · seed {seed}")
        for column in result.HEADER:
            table.add_column(column, justify="left" if column == "bot" else "right")
        for row in result.rows():
            table.add_row(*row)
        con = console()
        con.print(table)
        for target in result.targets():
            mark = "met" if target.met else "MISSED"
            con.print(f"{mark:6} {target.name}: {target.measured}", markup=False, highlight=False)
        return
    table = Table(title=f"{bot} bot · {result.games} games · seed {seed}", show_header=False)
    table.add_column(justify="left")
    table.add_column(justify="right")
    for name, value in result.rows():
        table.add_row(name, value)
    console().print(table)
