"""``companion dm``: play Dungeon Master turns against the tracked party, or settle one encounter.

Thin layer: each command parses its words, calls
:mod:`companion.games.dungeon_master.tracker` and prints the report it gets
back (:mod:`companion.ui.render.dungeon_master`, or the report's ``to_json()``).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from companion.cli.common import (
    JsonOption,
    SeedOption,
    StateOption,
    console,
    emit_json,
    example,
    hidden_alias,
)

if TYPE_CHECKING:
    from companion.games.dungeon_master.store import PartyStore

dm_app = typer.Typer(
    epilog=example("companion dm fight giants,trolls @throne ama=sw wiz=sp +silver --seed 3"),
    help="Dungeon Master: play a turn (dm fight, dm treasure), undo it, or settle one encounter (dm resolve).",
    no_args_is_help=True,
)
party_app = typer.Typer(
    epilog=example("companion dm party new --seed 8 --keep wiz,cle,thi,ama,dw,elf"),
    help="The party across turns: form it, show it and its log, correct it by hand.",
    no_args_is_help=True,
)
dm_app.add_typer(party_app, name="party")

ListOption = list[str] | None


def register(app: typer.Typer) -> None:
    app.add_typer(dm_app, name="dm")


def _store(state: Path | None) -> PartyStore:
    from companion.games.dungeon_master.store import PartyStore
    from companion.paths import state_path

    return PartyStore(state_path(state))


def _print(report: Any, as_json: bool, show: str) -> None:
    """The report as its JSON document, or through its printer in the terminal UI."""
    if as_json:
        emit_json(report.to_json())
        return
    from companion.ui.render import dungeon_master as ui

    getattr(ui, show)(console(), report)


# --------------------------------------------------------------------------- a turn


@dm_app.command(
    "fight",
    epilog=example("companion dm fight giants,trolls @throne ama=sw wiz=sp +silver --seed 3"),
)
def fight_command(
    words: Annotated[
        list[str] | None,
        typer.Argument(
            help="The turn in short: DM cards (orcs,trolls), @ROOM, +TREASURE, HERO=CARD[:fight|ability].",
            show_default=False,
        ),
    ] = None,
    secret_passage: Annotated[
        ListOption,
        typer.Option("--pass", help="A DM card discarded by a Secret Passage (comma list)."),
    ] = None,
    lose: Annotated[
        ListOption,
        typer.Option("--lose", help="Heroes to lose first, in order; the rest are random."),
    ] = None,
    seed: SeedOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """A new turn on the tracked party: the resolution phase (totals, who dies); its treasure phase waits."""
    from companion.games.dungeon_master import tracker
    from companion.games.dungeon_master.catalog import Catalog

    store, catalog = _store(state), Catalog.load()
    report = tracker.fight(
        store,
        catalog,
        words or [],
        secret_passage=secret_passage or [],
        lose=lose or [],
        seed=seed,
        close=_asked(store, catalog, "ask_close", [], as_json),
    )
    _print(report, as_json, "show_fight")


def _asked(
    store: PartyStore, catalog: Any, question: str, words: list[str], as_json: bool
) -> list[str] | None:
    """At a terminal, the answer to the open treasure phase's question (None: not asked)."""
    from companion.games.dungeon_master import tracker

    if not sys.stdin.isatty():
        return None
    waiting = tracker.pending(store, catalog, words)
    if waiting is None:
        return None
    from companion.ui.render import dungeon_master as ui

    answer: list[str] | None = getattr(ui, question)(
        console(stderr=as_json), waiting, sys.stdin.readline
    )
    return answer


@dm_app.command("treasure", epilog=example("companion dm treasure shield:cle"))
def treasure_command(
    words: Annotated[
        list[str] | None,
        typer.Argument(
            help="Treasure-phase cards: heal|shield|armor[:HERO], prisoner[:NAME], xp[:HERO[:ATTR]], magic:HERO[:ATTR].",
            show_default=False,
        ),
    ] = None,
    seed: SeedOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """The open turn's treasure phase: claims, recovery of heroes killed this turn, Prisoner, levels."""
    from companion.games.dungeon_master import tracker
    from companion.games.dungeon_master.catalog import Catalog

    store, catalog, typed = _store(state), Catalog.load(), words or []
    typed += _asked(store, catalog, "ask_whom", typed, as_json) or []
    report = tracker.treasure(store, catalog, typed, seed)
    _print(report, as_json, "show_treasure")


@dm_app.command("undo", epilog=example("companion dm undo"))
def undo_command(state: StateOption = None, as_json: JsonOption = False) -> None:
    """Take back the last change to the party (a fight, a treasure phase, a kill, a level, a claim...)."""
    from companion.games.dungeon_master import tracker

    _print(tracker.undo(_store(state)), as_json, "show_undo")


@dm_app.command(
    "resolve",
    epilog=example("companion dm resolve --party Barbarian,Wizard --creatures Zombies --seed 1"),
)
def resolve_command(
    file: Annotated[
        str | None,
        typer.Argument(
            help="Encounter file (YAML or JSON; '-' reads standard input). Flags add to it or override it.",
            show_default=False,
        ),
    ] = None,
    party: Annotated[
        ListOption, typer.Option("--party", "-p", help="Heroes of the party (comma list).")
    ] = None,
    gain: Annotated[
        ListOption, typer.Option("--gain", help="Levels gained: HERO:ATTRIBUTE[:LEVELS].")
    ] = None,
    creatures: Annotated[
        ListOption,
        typer.Option("--creatures", "--meld", "-c", help="The Dungeon Master's meld (comma list)."),
    ] = None,
    trap: Annotated[str | None, typer.Option("--trap", help="The Dungeon Master's trap.")] = None,
    obstacle: Annotated[
        str | None,
        typer.Option("--obstacle", help="The Dungeon Master's obstacle (turns on the variant)."),
    ] = None,
    room: Annotated[str | None, typer.Option("--room", help="The room played with it.")] = None,
    treasure: Annotated[
        ListOption, typer.Option("--treasure", "-t", help="Treasure cards risked (comma list).")
    ] = None,
    play: Annotated[
        ListOption,
        typer.Option(
            "--play",
            help="HERO=CARD, optionally ending in :fight, :ability or :best; or CARD:ability (comma list).",
        ),
    ] = None,
    secret_passage: Annotated[
        ListOption,
        typer.Option("--secret-passage", help="A DM card discarded by a Secret Passage."),
    ] = None,
    lose: Annotated[
        ListOption, typer.Option("--lose", help="Heroes to lose first, in order.")
    ] = None,
    revive: Annotated[
        ListOption, typer.Option("--revive", help="Whom recovery cards bring back first.")
    ] = None,
    prisoner: Annotated[
        ListOption, typer.Option("--prisoner", help="Prisoner cards: the character, or 'random'.")
    ] = None,
    experience: Annotated[
        int | None,
        typer.Option("--experience", help="Experience cards played.", min=0, max=2),
    ] = None,
    level_up: Annotated[
        ListOption,
        typer.Option(
            "--level-up", help="Level-ups decided at the table: HERO:ATTRIBUTE, HERO, :ATTRIBUTE."
        ),
    ] = None,
    points: Annotated[
        int | None,
        typer.Option("--points", help="Treasure points already in the pile.", min=0, max=110),
    ] = None,
    variant: Annotated[
        bool, typer.Option("--variant", help="Play with the Obstacles variant.")
    ] = False,
    tracked: Annotated[
        bool, typer.Option("--tracked", help="Use the party kept by 'companion dm party'.")
    ] = False,
    apply: Annotated[
        bool,
        typer.Option(
            "--apply", help="Record the result as a turn of the tracked party (implies --tracked)."
        ),
    ] = False,
    seed: SeedOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """One encounter in one go: both Fight totals, who falls and why, and the treasure phase."""
    from companion.games.dungeon_master import tracker
    from companion.games.dungeon_master.catalog import Catalog
    from companion.games.dungeon_master.encounter_file import ResolveFlags

    flags = ResolveFlags(
        party=party or [],
        gain=gain or [],
        creatures=creatures or [],
        trap=trap,
        obstacle=obstacle,
        room=room,
        treasure=treasure or [],
        play=play or [],
        secret_passage=secret_passage or [],
        lose=lose or [],
        revive=revive or [],
        prisoner=prisoner or [],
        experience=experience,
        level_up=level_up or [],
        points=points,
        variant=variant,
        tracked=tracked or apply,
        seed=seed,
    )
    spec = tracker.encounter_spec(file, None, flags)  # "-": read within the bounds
    store = _store(state) if flags.tracked else None
    report = tracker.resolve_encounter(Catalog.load(), spec, store, apply=apply)
    _print(report, as_json, "show_resolution")


# --------------------------------------------------------------------------- party


@party_app.command(
    "new", epilog=example("companion dm party new --seed 8 --keep wiz,cle,thi,ama,dw,elf --replace")
)
def party_new(
    seed: SeedOption = None,
    keep: Annotated[
        str | None,
        typer.Option(
            "--keep", help="The six to keep (names, prefixes or numbers 1-10 of the draw)."
        ),
    ] = None,
    choose: Annotated[
        bool,
        typer.Option(
            "--choose", help="Ask which six to keep even when standard input is not a terminal."
        ),
    ] = False,
    variant: Annotated[
        bool, typer.Option("--variant", help="Play this game with the Obstacles variant.")
    ] = False,
    replace: Annotated[
        bool, typer.Option("--replace", help="Replace the party already saved (and its log).")
    ] = False,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Draw ten characters and keep six: named with --keep, asked for, or chosen at random with the seed."""
    from companion.games.dungeon_master import tracker
    from companion.games.dungeon_master.catalog import Catalog
    from companion.games.dungeon_master.notation import split_items

    store = _store(state)
    tracker.check_new(store, replace)
    drawn = tracker.draw(Catalog.load(), seed)
    chosen: list[str] | None = None
    if keep is not None:
        chosen = split_items([keep])
    elif choose or sys.stdin.isatty():
        from companion.ui.render.dungeon_master import ask_which_six

        chosen = ask_which_six(console(stderr=as_json), drawn, sys.stdin.readline)
    report = tracker.form_party(
        store, drawn, chosen, replace_old=replace, variant=variant, asked=keep is None
    )
    _print(report, as_json, "show_party")


@party_app.command("show", epilog=example("companion dm party show --json"))
def party_show(state: StateOption = None, as_json: JsonOption = False) -> None:
    """The heroes (alive and dead), their levels, the treasure pile and the latest log lines."""
    from companion.games.dungeon_master import tracker

    _print(tracker.show(_store(state)), as_json, "show_party")


@party_app.command("log", epilog=example("companion dm party log --count 4"))
def party_log(
    count: Annotated[
        int | None,
        typer.Option("--count", "-n", help="Only the latest N entries.", min=1, max=10_000),
    ] = None,
    old_limit: Annotated[int | None, hidden_alias("--limit", min=1, max=10_000)] = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """The game as played: each change with its turn, who, what, the result and the seed."""
    from companion.games.dungeon_master import tracker

    limit = count or old_limit
    _print(tracker.history(_store(state), limit), as_json, "show_log")


@party_app.command("kill", epilog=example("companion dm party kill wiz"))
def party_kill(
    heroes: Annotated[
        list[str] | None, typer.Argument(help="Heroes who died.", show_default=False)
    ] = None,
    random_count: Annotated[
        int,
        typer.Option(
            "--random", help="Kill this many living heroes chosen at random.", min=0, max=22
        ),
    ] = 0,
    seed: SeedOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Record deaths: named heroes, or --random N drawn with the seed (printed)."""
    from companion.games.dungeon_master import tracker

    report = tracker.kill(_store(state), heroes or [], random_count, seed)
    _print(report, as_json, "show_party")


@party_app.command("revive", epilog=example("companion dm party revive wiz --card shield"))
def party_revive(
    heroes: Annotated[
        list[str],
        typer.Argument(help="Heroes killed this turn and brought back.", show_default=False),
    ],
    card: Annotated[
        str | None,
        typer.Option(
            "--card", help="The card played: heal, shield or armor (a living hero must have it)."
        ),
    ] = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Bring back heroes killed this turn (Heal, Shield or Armor)."""
    from companion.games.dungeon_master import tracker

    _print(tracker.revive(_store(state), heroes, card), as_json, "show_party")


@party_app.command("level-up", epilog=example("companion dm party level-up wiz spell"))
def party_level_up(
    hero: Annotated[
        str | None,
        typer.Argument(help="The hero (default: a random living hero).", show_default=False),
    ] = None,
    attribute: Annotated[
        str | None,
        typer.Argument(help="The attribute (default: roll the d10).", show_default=False),
    ] = None,
    seed: SeedOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """+1 level (Experience, Magic Items): a named or random hero, a named or rolled attribute."""
    from companion.games.dungeon_master import tracker
    from companion.games.dungeon_master.catalog import Catalog

    report = tracker.level_up(_store(state), Catalog.load(), hero, attribute, seed)
    _print(report, as_json, "show_party")


@party_app.command("level-down", epilog=example("companion dm party level-down wiz spell"))
def party_level_down(
    hero: Annotated[str, typer.Argument(help="The hero.", show_default=False)],
    attribute: Annotated[
        str, typer.Argument(help="The attribute gained by mistake.", show_default=False)
    ],
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Take back a level gained by mistake (never below the card's own level)."""
    from companion.games.dungeon_master import tracker
    from companion.games.dungeon_master.catalog import Catalog

    report = tracker.level_down(_store(state), Catalog.load(), hero, attribute)
    _print(report, as_json, "show_party")


@party_app.command("recruit", epilog=example("companion dm party recruit duelist"))
def party_recruit(
    hero: Annotated[
        str | None,
        typer.Argument(
            help="The character freed (default: drawn at random from those never drawn).",
            show_default=False,
        ),
    ] = None,
    seed: SeedOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """A Prisoner card: a new hero joins, named or drawn from the characters never drawn."""
    from companion.games.dungeon_master import tracker
    from companion.games.dungeon_master.catalog import Catalog

    report = tracker.recruit(_store(state), Catalog.load(), hero, seed)
    _print(report, as_json, "show_party")


@party_app.command("dismiss", epilog=example("companion dm party dismiss duelist"))
def party_dismiss(
    hero: Annotated[
        str, typer.Argument(help="A hero a Prisoner card brought.", show_default=False)
    ],
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Send away a hero recruited by mistake; the card goes back into the character deck."""
    from companion.games.dungeon_master import tracker

    _print(tracker.dismiss(_store(state), hero), as_json, "show_party")


@party_app.command("claim", epilog=example("companion dm party claim silver"))
def party_claim(
    treasures: Annotated[
        list[str],
        typer.Argument(
            help="Treasure cards claimed (Silver, Gold, Gems) or points (after '--', -10 takes 10 back).",
            show_default=False,
        ),
    ],
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Add claimed treasure to the pile; 50 points or more wins the game for the party."""
    from companion.games.dungeon_master import tracker
    from companion.games.dungeon_master.catalog import Catalog

    report = tracker.claim(_store(state), Catalog.load(), treasures)
    _print(report, as_json, "show_party")
