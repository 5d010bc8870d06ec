"""``companion dm``: settle Dungeon Master encounters and track the party.

Thin layer: options become an encounter description, :mod:`companion.games.dungeon_master`
resolves it, Rich shows the result. Only typer and the standard library
are imported here at module level.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from companion.cli.common import JsonOption, SeedOption, StateOption, console, emit_json

if TYPE_CHECKING:
    from companion.games.dungeon_master.party import Party
    from companion.games.dungeon_master.resolve import Resolution

dm_app = typer.Typer(
    help="Dungeon Master: resolve an encounter (fight totals, casualties, treasure) and track the party.",
    no_args_is_help=True,
)
party_app = typer.Typer(
    help="The party across turns: form it, then record deaths, recoveries, levels and treasure.",
    no_args_is_help=True,
)
dm_app.add_typer(party_app, name="party")


def register(app: typer.Typer) -> None:
    app.add_typer(dm_app, name="dm")


def _split(values: list[str] | None) -> list[str]:
    """Repeated options and comma lists alike: ``--x a,b --x c`` is ``[a, b, c]``."""
    out: list[str] = []
    for value in values or []:
        out.extend(part.strip() for part in value.split(",") if part.strip())
    return out


def _play_spec(text: str) -> dict[str, Any]:
    """``HERO=CARD``, ``HERO=CARD:USE`` or ``CARD:USE`` as an encounter-file play."""
    from companion.errors import CompanionError

    hero, _, rest = text.rpartition("=")
    card, _, use = rest.partition(":")
    if not card.strip() or (("=" in text) and not hero.strip()):
        raise CompanionError(
            f"--play '{text}': write HERO=CARD, HERO=CARD:fight|ability, or CARD:ability"
        )
    spec: dict[str, Any] = {"card": card.strip()}
    if hero.strip():
        spec["hero"] = hero.strip()
    if use.strip():
        spec["use"] = use.strip()
    return spec


def _gains(values: list[str]) -> list[tuple[str, str, int]]:
    from companion.errors import CompanionError

    out = []
    for value in values:
        parts = value.split(":")
        if len(parts) not in (2, 3) or not all(p.strip() for p in parts):
            raise CompanionError(f"--gain '{value}': write HERO:ATTRIBUTE or HERO:ATTRIBUTE:LEVELS")
        amount = 1
        if len(parts) == 3:
            if not parts[2].strip().isdigit():
                raise CompanionError(f"--gain '{value}': levels must be a whole number")
            amount = int(parts[2])
        out.append((parts[0].strip(), parts[1].strip().lower(), amount))
    return out


def _level_choice(value: str) -> dict[str, Any]:
    hero, _, attribute = value.partition(":")
    spec: dict[str, Any] = {}
    if hero.strip() and hero.strip().lower() != "random":
        spec["hero"] = hero.strip()
    if attribute.strip() and attribute.strip().lower() != "random":
        spec["attribute"] = attribute.strip().lower()
    return spec


@dm_app.command("resolve")
def resolve_command(
    file: Annotated[
        str | None,
        typer.Argument(
            help="Encounter file (YAML or JSON; '-' reads standard input). Flags add to it or override it.",
            show_default=False,
        ),
    ] = None,
    party: Annotated[
        list[str] | None,
        typer.Option(
            "--party", "-p", help="Heroes of the party, comma separated (Barbarian,Wizard,...)."
        ),
    ] = None,
    gain: Annotated[
        list[str] | None,
        typer.Option("--gain", help="Levels gained: HERO:ATTRIBUTE[:LEVELS] (repeat)."),
    ] = None,
    creatures: Annotated[
        list[str] | None,
        typer.Option(
            "--creatures",
            "--meld",
            "-c",
            help="The Dungeon Master's meld of creatures, comma separated.",
        ),
    ] = None,
    trap: Annotated[str | None, typer.Option("--trap", help="The Dungeon Master's trap.")] = None,
    obstacle: Annotated[
        str | None,
        typer.Option(
            "--obstacle", help="The Dungeon Master's obstacle (turns on the Obstacles variant)."
        ),
    ] = None,
    room: Annotated[str | None, typer.Option("--room", help="The room played with it.")] = None,
    treasure: Annotated[
        list[str] | None,
        typer.Option(
            "--treasure",
            "-t",
            help="Treasure cards the party risks this turn (repeat or comma list).",
        ),
    ] = None,
    play: Annotated[
        list[str] | None,
        typer.Option(
            "--play",
            help="An attribute card: HERO=CARD, HERO=CARD:fight|ability|best, or CARD:ability (repeat).",
        ),
    ] = None,
    secret_passage: Annotated[
        list[str] | None,
        typer.Option(
            "--secret-passage", help="A DM card discarded by a Secret Passage card (repeat)."
        ),
    ] = None,
    lose: Annotated[
        list[str] | None,
        typer.Option(
            "--lose",
            help="Heroes to lose first, in order; the rest are random (repeat or comma list).",
        ),
    ] = None,
    revive: Annotated[
        list[str] | None, typer.Option("--revive", help="Whom recovery cards bring back first.")
    ] = None,
    prisoner: Annotated[
        list[str] | None,
        typer.Option(
            "--prisoner", help="A Prisoner card: the character it frees, or 'random' (repeat)."
        ),
    ] = None,
    experience: Annotated[
        int | None,
        typer.Option(
            "--experience", help="Experience cards played in the treasure phase.", min=0, max=10
        ),
    ] = None,
    level_up: Annotated[
        list[str] | None,
        typer.Option(
            "--level-up",
            help="A level-up decided at the table: HERO:ATTRIBUTE, HERO or :ATTRIBUTE (repeat).",
        ),
    ] = None,
    points: Annotated[
        int | None, typer.Option("--points", help="Treasure points already in the pile.", min=0)
    ] = None,
    variant: Annotated[
        bool, typer.Option("--variant", help="Play with the Obstacles variant.")
    ] = False,
    tracked: Annotated[
        bool, typer.Option("--tracked", help="Use the party kept by 'companion dm party'.")
    ] = False,
    apply: Annotated[
        bool,
        typer.Option("--apply", help="Record the result in the tracked party (implies --tracked)."),
    ] = False,
    seed: SeedOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Resolve one encounter: both Fight totals, who falls and why, and the treasure phase."""
    import random

    from companion.errors import CompanionError
    from companion.games.dungeon_master.catalog import Catalog
    from companion.games.dungeon_master.encounter_file import (
        build_encounter,
        parse_encounter,
        read_encounter,
    )
    from companion.games.dungeon_master.resolve import resolve

    data: dict[str, Any] = {}
    source = ""
    if file is not None:
        spec = read_encounter(file)
        data = spec.model_dump(exclude_defaults=True)
        source = "<stdin>" if file == "-" else file
    tracked = tracked or apply
    if party:
        data["party"] = [{"hero": name} for name in _split(party)]
    if gain:
        heroes = data.setdefault("party", [])
        for hero, attribute, amount in _gains(gain):
            entry = next((h for h in heroes if h["hero"].casefold() == hero.casefold()), None)
            if entry is None:
                if tracked:
                    raise CompanionError(
                        "--gain with --tracked: record levels with 'companion dm party level-up'"
                    )
                raise CompanionError(f"--gain '{hero}': that hero is not in the party")
            gained = entry.setdefault("gained", {})
            gained[attribute] = gained.get(attribute, 0) + amount
    dm = data.setdefault("dm", {})
    if creatures:
        dm["creatures"] = _split(creatures)
    for key, value in (("trap", trap), ("obstacle", obstacle), ("room", room)):
        if value:
            dm[key] = value
    if obstacle:
        variant = True
    if treasure:
        data["treasures"] = _split(treasure)
    if play:
        data["plays"] = [_play_spec(p) for p in play]
    if secret_passage:
        data["secret_passage"] = _split(secret_passage)
    if lose:
        data["casualties"] = _split(lose)
    phase = data.setdefault("treasure_phase", {})
    if revive:
        phase["revive"] = _split(revive)
    if prisoner:
        phase["prisoners"] = _split(prisoner)
    if experience is not None:
        phase["experience"] = experience
    if level_up:
        phase["level_ups"] = [_level_choice(v) for v in level_up]
    if points is not None:
        data["treasure_points"] = points
    if variant:
        data["variant"] = True
    if seed is not None:
        data["seed"] = seed
    if data.get("seed") is None:
        # No seed given: pick one and report it, so the same result can be had again.
        data["seed"] = random.SystemRandom().randrange(1, 10**6)
    if tracked:
        if data.get("party"):
            raise CompanionError(
                "--tracked uses the stored party; leave out --party and the file's party"
            )
    elif not data.get("party"):
        raise CompanionError(
            "no party: give --party HERO,HERO,... or 'party:' in the file, or use --tracked"
        )
    spec = parse_encounter(data, source)
    catalog = Catalog.load()

    if not tracked:
        result = resolve(build_encounter(spec, catalog))
        _show_resolution(result, as_json)
        return

    from companion.games.dungeon_master.store import PartyStore
    from companion.paths import state_path

    store = PartyStore(state_path(state))
    holder: dict[str, Resolution] = {}

    def run(stored: Party) -> Party:
        if stored.winner is not None:
            raise CompanionError(
                f"this game is over: the {'party' if stored.winner == 'party' else 'Dungeon Master'} won; start again with 'companion dm party new --replace'"
            )
        heroes = tuple(h.as_party_hero() for h in stored.living)
        by_id = {c.id: c for c in catalog.characters()}
        pool = tuple(by_id[i] for i in stored.deck if i in by_id)
        tracked_spec = spec.model_copy(update={"treasure_points": stored.treasure_points})
        holder["result"] = resolve(
            build_encounter(tracked_spec, catalog, party=heroes, recruit_pool=pool)
        )
        return stored.apply(holder["result"], {c.name: c for c in catalog.characters()})

    if apply:
        store.update(run, event="encounter: " + _summary(spec))
    else:
        run(store.require())
    _show_resolution(holder["result"], as_json, applied=apply)


def _summary(spec: Any) -> str:
    dm = spec.dm
    played = dm.creatures or [x for x in (dm.trap, dm.obstacle) if x] or ["nothing"]
    return ", ".join(played) + (f" in {dm.room}" if dm.room else "")


def _show_resolution(result: Resolution, as_json: bool, applied: bool = False) -> None:
    if as_json:
        emit_json({**result.to_json(), "applied": applied})
        return
    from rich.panel import Panel
    from rich.table import Table

    out = console()
    if result.dm_total is not None:
        dm_table = Table(title="Dungeon Master", title_justify="left", show_edge=False)
        dm_table.add_column("card")
        dm_table.add_column("Fight", justify="right")
        for name, fight in result.dm_parts:
            dm_table.add_row(name, str(fight))
        dm_table.add_row("[bold]total[/]", f"[bold]{result.dm_total}[/]")
        out.print(dm_table)
    else:
        played = ", ".join(result.dm_played) or "nothing"
        out.print(f"[bold]Dungeon Master[/] played: {played}")
    if result.plays:
        notes = any(p.use == "ability" or p.effect == "not needed" for p in result.plays)
        party_table = Table(title="Party", title_justify="left", show_edge=False)
        for column in ("hero", "card", "use", "level", "bonus", "Fight"):
            party_table.add_column(
                column, justify="right" if column in ("level", "bonus", "Fight") else "left"
            )
        if notes:
            party_table.add_column("effect")
        for p in result.plays:
            use = p.use + ("*" if p.chosen else "")
            row = [p.play.hero or "-", p.play.card.name, use]
            if p.use == "fight":
                row += [str(p.level), f"+{p.bonus}" if p.bonus else "", str(p.points)]
            else:
                row += ["", "", ""]
            if notes:
                row.append(p.effect if p.use == "ability" or p.effect == "not needed" else "")
            party_table.add_row(*row)
        if result.party_total is not None:
            total = f"[bold]{result.party_total}[/]"
            row = ["[bold]total[/]", "", "", "", "", total]
            if notes:
                row.append("")
            party_table.add_row(*row)
        captions = []
        if result.party_raw is not None and result.party_raw != result.party_total:
            captions.append(f"cards gave {result.party_raw}; the party counts at least 1")
        if any(p.chosen for p in result.plays):
            captions.append("* use chosen by the resolver")
        party_table.caption = "; ".join(captions) or None
        party_table.caption_justify = "left"
        out.print(party_table)
    elif result.party_total is not None:
        out.print(
            f"[bold]Party[/] total: {result.party_total} (the minimum: no cards played for points)"
        )
    if result.killed:
        verdict = f"[red]{len(result.killed)} killed: {', '.join(result.killed)}[/]"
    else:
        verdict = "[green]no hero killed[/]"
    lines = [verdict]
    if result.recovered:
        lines.append(f"[green]brought back: {', '.join(result.recovered)}[/]")
    if result.treasure_played:
        lines.append(
            f"treasure lost: {', '.join(result.treasure_played)}"
            if result.treasure_lost
            else f"treasure claimed: {', '.join(result.treasure_claimed)} (+{result.points_gained})"
        )
    lines.append(f"treasure pile: {result.treasure_points} points")
    if result.winner:
        lines.append(
            f"[bold]{'the party' if result.winner == 'party' else 'the Dungeon Master'} wins the game[/]"
        )
    out.print(Panel("\n".join(lines), title="Result", expand=False))
    why = Table.grid(padding=(0, 1))
    why.add_column(width=1)
    why.add_column()
    for event in result.events:
        why.add_row("•", event)
    for suggestion in result.suggestions:
        why.add_row("[yellow]![/]", f"[yellow]{suggestion}[/]")
    out.print("[bold]Why[/]")
    out.print(why)
    if result.party_after and not result.winner:
        now = Table.grid(padding=(0, 1))
        now.add_column(style="dim", no_wrap=True)
        now.add_column(style="dim")
        now.add_row(
            "party now:", "; ".join(f"{h.name} ({h.describe()})" for h in result.party_after)
        )
        out.print(now)
    note = " (recorded in the tracked party)" if applied else ""
    out.print(f"[dim]seed {result.seed}{note}[/]")


# --------------------------------------------------------------------------- party


def _store(state: Path | None) -> Any:
    from companion.games.dungeon_master.store import PartyStore
    from companion.paths import state_path

    return PartyStore(state_path(state))


def _show_party(
    party: Party, as_json: bool, note: str = "", extra: dict[str, Any] | None = None
) -> None:
    if as_json:
        emit_json({**party.to_json(), **(extra or {})})
        return
    from rich.table import Table

    out = console()
    if note:
        out.print(note)
    table = Table(title="Dungeon Master party", title_justify="left")
    table.add_column("hero", style="bold")
    table.add_column("attributes")
    table.add_column("state")
    for hero in party.heroes:
        table.add_row(hero.name, hero.describe(), "alive" if hero.alive else "[red]dead[/]")
    out.print(table)
    out.print(
        f"{len(party.living)} alive · treasure {party.treasure_points} points · "
        f"{len(party.deck)} characters left to recruit"
    )
    if party.winner:
        out.print(
            f"[bold]{'The party' if party.winner == 'party' else 'The Dungeon Master'} has won.[/]"
        )


@party_app.command("new")
def party_new(
    seed: SeedOption = None,
    keep: Annotated[
        str | None,
        typer.Option(
            "--keep", help="The six to keep, comma separated (names or numbers 1-10 of the draw)."
        ),
    ] = None,
    choose: Annotated[
        bool,
        typer.Option(
            "--choose", help="Ask which six to keep even when standard input is not a terminal."
        ),
    ] = False,
    replace: Annotated[
        bool, typer.Option("--replace", help="Replace the party already saved.")
    ] = False,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Draw ten characters and keep six: named with --keep, asked for, or chosen at random with the seed."""
    import random

    from companion.errors import CompanionError
    from companion.games.dungeon_master.catalog import Catalog
    from companion.games.dungeon_master.model import PartyHero
    from companion.games.dungeon_master.party import draw_candidates, new_party

    if seed is None:
        seed = random.SystemRandom().randrange(1, 10**6)
    rng = random.Random(seed)
    store = _store(state)
    existing = store.load()
    if existing is not None and not replace:
        raise CompanionError(
            f"a party already exists in {store.path} ({len(existing.living)} heroes alive); add --replace to start a new one"
        )
    drawn = draw_candidates(Catalog.load().characters(), rng, seed=seed)
    how = "at random"
    if keep is not None:
        party = new_party(drawn, keep=_split([keep]), seed=seed)
        how = "as named"
    elif choose or sys.stdin.isatty():
        chosen: Party | None = None
        out = console(stderr=as_json)
        out.print("Drawn:")
        for i, card in enumerate(drawn.candidates, 1):
            out.print(f"  {i:2}. {card.name:<12} {PartyHero.from_card(card).describe()}")
        while chosen is None:
            out.print("Keep which six? (numbers or names, comma separated): ", end="")
            line = sys.stdin.readline()
            if not line:
                raise CompanionError(
                    "no choice made: six of the ten characters must be kept (or use --keep)"
                )
            try:
                chosen = new_party(drawn, keep=_split([line]), seed=seed)
            except CompanionError as exc:
                from rich.markup import escape

                out.print(f"[red]{escape(exc.message)}[/]")
        party = chosen
        how = "as chosen"
    else:
        party = new_party(drawn, rng=rng, seed=seed)
    drawn_names = [c.name for c in drawn.candidates]
    store.create(
        party,
        replace=replace,
        event=f"party formed {how} from {', '.join(drawn_names)} (seed {seed})",
    )
    _show_party(
        party,
        as_json,
        note=f"Drew {', '.join(drawn_names)}; kept six {how} (seed {seed}).",
        extra={
            "drawn": drawn_names,
            "discarded": [c.name for c in drawn.candidates if c.id in party.discarded],
        },
    )


@party_app.command("show")
def party_show(state: StateOption = None, as_json: JsonOption = False) -> None:
    """Show the heroes (alive and dead), their levels and the treasure pile."""
    store = _store(state)
    party = store.require()
    _show_party(party, as_json, extra={"log": [{"at": a, "event": e} for a, e in store.log(10)]})


@party_app.command("kill")
def party_kill(
    heroes: Annotated[
        list[str] | None, typer.Argument(help="Heroes who died.", show_default=False)
    ] = None,
    random_count: Annotated[
        int,
        typer.Option(
            "--random", help="Kill this many living heroes chosen at random.", min=0, max=20
        ),
    ] = 0,
    seed: SeedOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Record deaths: named heroes, or --random N chosen with the seed."""
    import random

    from companion.errors import CompanionError

    if not heroes and not random_count:
        raise CompanionError("name the heroes who died, or give --random N")
    names = _split(heroes)
    rng = random.Random(seed)
    killed: list[str] = []

    def change(party: Party) -> Party:
        for name in names:
            party = party.kill(name)
            killed.append(party.hero(name).name)
        if random_count:
            living = [h.name for h in party.living]
            if random_count > len(living):
                raise CompanionError(
                    f"--random {random_count}: only {len(living)} heroes are alive"
                )
            for name in rng.sample(living, random_count):
                party = party.kill(name)
                killed.append(name)
        return party

    party = _store(state).update(change, event="killed")
    _show_party(party, as_json, note=f"Killed: {', '.join(killed)}.", extra={"killed": killed})


@party_app.command("revive")
def party_revive(
    heroes: Annotated[
        list[str],
        typer.Argument(
            help="Dead heroes brought back (Heal, Shield or Armor).", show_default=False
        ),
    ],
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Bring dead heroes back to the party."""
    names = _split(heroes)
    back: list[str] = []

    def change(party: Party) -> Party:
        for name in names:
            party = party.revive(name)
            back.append(party.hero(name).name)
        return party

    party = _store(state).update(change, event=f"revived {', '.join(names)}")
    _show_party(
        party, as_json, note=f"Back in the party: {', '.join(back)}.", extra={"revived": back}
    )


@party_app.command("level-up")
def party_level_up(
    hero: Annotated[
        str | None,
        typer.Argument(help="The hero (default: a random living hero).", show_default=False),
    ] = None,
    attribute: Annotated[
        str | None,
        typer.Argument(help="The attribute (default: roll the d10 table).", show_default=False),
    ] = None,
    seed: SeedOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """+1 level for Experience or Magic Items: a named or random hero, a named or rolled attribute."""
    import random

    from companion.errors import CompanionError
    from companion.games.dungeon_master.model import attribute_named
    from companion.games.dungeon_master.resolve import roll_attribute

    rng = random.Random(seed)
    done: dict[str, Any] = {}

    def change(party: Party) -> Party:
        if hero is not None and hero.lower() != "random":
            chosen = party.hero(hero)
        else:
            if not party.living:
                raise CompanionError("no living hero to gain a level")
            chosen = rng.choice(party.living)
        roll = None
        if attribute is not None and attribute.lower() != "random":
            name = attribute_named(attribute.lower())
        else:
            roll, name = roll_attribute(rng)
        party = party.level_up(chosen.name, name)
        done.update(
            hero=chosen.name, attribute=name, roll=roll, level=party.hero(chosen.name).levels[name]
        )
        return party

    party = _store(state).update(change, event="level up")
    rolled = f" (d10 rolled {done['roll']})" if done["roll"] is not None else ""
    _show_party(
        party,
        as_json,
        note=f"{done['hero']} gains a level: {done['attribute']} {done['level']}{rolled}.",
        extra={"level_up": done},
    )


@party_app.command("recruit")
def party_recruit(
    hero: Annotated[
        str | None,
        typer.Argument(
            help="The character freed (default: drawn at random from the character deck).",
            show_default=False,
        ),
    ] = None,
    seed: SeedOption = None,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """A Prisoner card: a new hero joins, named or drawn from the characters not yet drawn."""
    import random

    from companion.errors import CompanionError
    from companion.games.dungeon_master.catalog import Catalog

    catalog = Catalog.load()
    rng = random.Random(seed)
    joined: list[str] = []

    def change(party: Party) -> Party:
        if hero is not None:
            card = catalog.hero(hero)
        else:
            by_id = {c.id: c for c in catalog.characters()}
            pool = [by_id[i] for i in party.deck if i in by_id]
            if not pool:
                raise CompanionError("no character is left in the character deck")
            card = rng.choice(pool)
        joined.append(card.name)
        return party.recruit(card)

    party = _store(state).update(change, event="recruited")
    _show_party(
        party, as_json, note=f"{joined[0]} joins the party.", extra={"recruited": joined[0]}
    )


@party_app.command("claim")
def party_claim(
    treasures: Annotated[
        list[str],
        typer.Argument(
            help="Treasure cards claimed (Silver, Gold, Gems) or a number of points.",
            show_default=False,
        ),
    ],
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Add claimed treasure to the pile; 50 points or more wins the game for the party."""
    from companion.games.dungeon_master.catalog import Catalog

    catalog = Catalog.load()
    total = 0
    for item in _split(treasures):
        total += int(item) if item.lstrip("+").isdigit() else catalog.treasure(item).points
    party = _store(state).update(
        lambda p: p.add_points(total), event=f"claimed {', '.join(treasures)} (+{total})"
    )
    _show_party(party, as_json, note=f"+{total} treasure points.", extra={"gained": total})
