"""``companion dod``: play Dungeon of D solo, keep saves and high scores, simulate bots.

Thin layer: :mod:`companion.games.dungeon_of_d.saves` keeps the games, :mod:`companion.ui.dungeon_of_d.shell`
shows them and reads the answers, :mod:`companion.games.dungeon_of_d.simulate` plays many
games with a bot. Only typer and the standard library are imported here at
module level.
"""

from __future__ import annotations

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
    example,
    hidden_alias,
    save_argument,
    seed_option,
)

if TYPE_CHECKING:
    from companion.games.dungeon_of_d.saves import Opened, SaveStore

dod_app = typer.Typer(
    epilog=example("companion dod new --seed 7 --save friday"),
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


def _play(opened: Opened) -> None:
    from companion.ui.dungeon_of_d.shell import play

    play(opened, console())


@dod_app.command("new", epilog=example("companion dod new --seed 7 --save saturday"))
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
    from companion.games.dungeon_of_d.saves import start

    _play(
        start(
            _store(state),
            seed=seed,
            character=character,
            save=save,
            save_file=save_file,
            replace=replace,
        )
    )


@dod_app.command("play", epilog=example("companion dod play friday"))
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
    from companion.games.dungeon_of_d.saves import reopen

    _play(reopen(_store(state), save, save_file))


@dod_app.command("list", epilog=example("companion dod list"))
def list_saves(json: JsonOption = False, state: StateOption = None) -> None:
    """The saved games, the most recently played first (each is re-checked by replay)."""
    listing = _store(state).listing()
    if json:
        emit_json(listing.to_json())
        return
    from companion.ui.render.dungeon_of_d import show_saves

    show_saves(console(), listing)


@dod_app.command("load", epilog=example("companion dod load friday --json"))
def load(
    save: Annotated[
        str | None, save_argument(help="The save to check and show.", show_default=False)
    ] = None,
    save_file: SaveFileOption = None,
    json: JsonOption = False,
    state: StateOption = None,
) -> None:
    """Load a save, check it by replaying its actions, and show where the game stands."""
    from companion.games.dungeon_of_d.saves import check_save

    checked = check_save(_store(state), save, save_file)
    if json:
        emit_json(checked.to_json())
        return
    from companion.ui.render.dungeon_of_d import show_checked

    show_checked(console(), checked)


@dod_app.command("delete", epilog=example("companion dod delete friday --yes"))
def delete(
    save: Annotated[
        str, save_argument(help="The save to delete (damaged ones too).", show_default=False)
    ],
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Delete without asking first.")] = False,
    state: StateOption = None,
    json: JsonOption = False,
) -> None:
    """Delete a saved game (asks first, unless --yes; its high score, if any, stays)."""
    from companion.cli.common import confirm
    from companion.errors import CompanionError
    from companion.games.dungeon_of_d.saves import SaveDeleted

    store = _store(state)
    done = SaveDeleted(save, deleted=False)
    if not yes and not store.exists(save):  # nothing to ask about
        raise CompanionError(f"no saved game '{save}'")
    if yes or confirm(f"Delete the saved game '{save}'? It cannot be played again.", "delete it"):
        done = store.delete(save)
    if json:
        emit_json(done.to_json())
        return
    said = "Deleted" if done.deleted else "Kept"
    console().print(f"{said} the saved game '{save}'.", markup=False, highlight=False)


@dod_app.command("scores", epilog=example("companion dod scores --count 5"))
def scores(
    count: Annotated[
        int, typer.Option("--count", "-n", min=1, max=MAX_LIST, help="How many scores to show.")
    ] = 10,
    old_limit: Annotated[int | None, hidden_alias("--limit", min=1, max=MAX_LIST)] = None,
    training: Annotated[
        bool, typer.Option("--training", help="Also list games played in training mode (score 0).")
    ] = False,
    json: JsonOption = False,
    state: StateOption = None,
) -> None:
    """The local high-score table: finished games, best first."""
    table = _store(state).score_table(old_limit or count, training)
    if json:
        emit_json(table.to_json())
        return
    from companion.ui.render.dungeon_of_d import show_scores

    show_scores(console(), table)


@dod_app.command(
    "simulate", epilog=example("companion dod simulate --games 20 --seed 1 --bot greedy")
)
def simulate(
    games: Annotated[
        int, typer.Option("--games", min=1, max=MAX_GAMES, help="How many games to play.")
    ] = 1000,
    seed: Annotated[
        int, seed_option("Seed of the run: game i is played from a seed made from it.")
    ] = 0,
    bot: Annotated[
        str, typer.Option("--bot", help="greedy, planner, farmer, random or explorer.")
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
    from companion.ui.render.progress import progress

    label = "balance" if balance else f"{bot} bot"
    total = sim.planned_games(games, balance)
    with progress(console(stderr=True), label, total, eta=True) as advance:
        result = sim.run(games, seed, bot, workers, advance, check_balance=balance)
    if json:
        emit_json(result.to_json())
        return
    from companion.ui.render.dungeon_of_d import show_run

    show_run(console(), result)
