"""Dungeon Master results on the terminal: the tables, the verdict, the reasons, the log.

Each function prints one report of :mod:`companion.games.dungeon_master` on a
Rich console; the reports shape their own JSON. :func:`ask_which_six` asks the
one question of ``dm party new``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

if TYPE_CHECKING:
    from companion.games.dungeon_master.party import Drawn, LogEntry, Party
    from companion.games.dungeon_master.resolve import Fight, PlayResult, Resolution, TreasurePhase
    from companion.games.dungeon_master.tracker import (
        FightReport,
        LogReport,
        PartyReport,
        ResolveReport,
        TreasureReport,
        UndoReport,
        Waiting,
    )


def _dm_table(out: Console, result: Fight | Resolution) -> None:
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


def _party_table(out: Console, plays: Sequence[PlayResult], result: Fight | Resolution) -> None:
    if not plays:
        if result.party_total is not None:
            out.print(
                f"[bold]Party[/] total: {result.party_total} (the minimum: no cards played for points)"
            )
        return
    notes = any(p.use == "ability" or p.effect == "not needed" for p in plays)
    table = Table(title="Party", title_justify="left", show_edge=False)
    for column in ("hero", "card", "use", "level", "bonus", "Fight"):
        table.add_column(
            column, justify="right" if column in ("level", "bonus", "Fight") else "left"
        )
    if notes:
        table.add_column("effect")
    for p in plays:
        use = p.use + ("*" if p.chosen else "")
        row = [p.play.hero or "-", p.play.card.name, use]
        if p.use == "fight":
            row += [str(p.level), f"+{p.bonus}" if p.bonus else "", str(p.points)]
        else:
            row += ["", "", ""]
        if notes:
            row.append(p.effect if p.use == "ability" or p.effect == "not needed" else "")
        table.add_row(*row)
    if result.party_total is not None:
        row = ["[bold]total[/]", "", "", "", "", f"[bold]{result.party_total}[/]"]
        if notes:
            row.append("")
        table.add_row(*row)
    captions = []
    if result.party_raw is not None and result.party_raw != result.party_total:
        captions.append(f"cards gave {result.party_raw}; the party counts at least 1")
    if any(p.chosen for p in plays):
        captions.append("* use chosen by the resolver")
    table.caption = "; ".join(captions) or None
    table.caption_justify = "left"
    out.print(table)


def _why(out: Console, events: Sequence[str], suggestions: Sequence[str] = ()) -> None:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(width=1)
    grid.add_column()
    for event in events:
        grid.add_row("•", escape(event))
    for suggestion in suggestions:
        grid.add_row("[yellow]![/]", f"[yellow]{escape(suggestion)}[/]")
    out.print("[bold]Why[/]")
    out.print(grid)


def _party_now(out: Console, heroes: Sequence[tuple[str, str]]) -> None:
    now = Table.grid(padding=(0, 1))
    now.add_column(style="dim", no_wrap=True)
    now.add_column(style="dim")
    now.add_row("party now:", "; ".join(f"{name} ({levels})" for name, levels in heroes))
    out.print(now)


def _winner_line(winner: str | None) -> str | None:
    if winner is None:
        return None
    return f"[bold]{'the party' if winner == 'party' else 'the Dungeon Master'} wins the game[/]"


def _both_sides(out: Console, result: Fight | Resolution) -> list[str]:
    """The Dungeon Master's side and the party's, then the first line of the verdict:
    who was killed (``dm resolve`` and ``dm fight`` open the same way)."""
    _dm_table(out, result)
    _party_table(out, result.plays, result)
    if result.killed:
        return [f"[red]{len(result.killed)} killed: {', '.join(result.killed)}[/]"]
    return ["[green]no hero killed[/]"]


def show_resolution(out: Console, report: ResolveReport) -> None:
    """``dm resolve``: both sides, the verdict, the reasons, the party after, the seed."""
    result = report.result
    lines = _both_sides(out, result)
    if result.recovered:
        lines.append(f"[green]brought back: {', '.join(result.recovered)}[/]")
    if result.treasure_played:
        lines.append(
            f"treasure lost: {', '.join(result.treasure_played)}"
            if result.treasure_lost
            else f"treasure claimed: {', '.join(result.treasure_claimed)} (+{result.points_gained})"
        )
    lines.append(f"treasure pile: {result.treasure_points} points")
    winner = _winner_line(result.winner)
    if winner:
        lines.append(winner)
    out.print(Panel("\n".join(lines), title="Result", expand=False))
    _why(out, result.events, result.suggestions)
    if result.party_after and not result.winner:
        _party_now(out, [(h.name, h.describe()) for h in result.party_after])
    if report.entry is not None:
        out.print(
            f"[dim]seed {result.seed} · recorded as #{report.entry.seq}, turn {report.entry.turn}[/]"
        )
    else:
        out.print(f"[dim]seed {result.seed}[/]")


def show_fight(out: Console, report: FightReport) -> None:
    """``dm fight``: the resolution phase, who fell, and what the treasure phase can still do."""
    if report.closed is not None:
        done = _closed_lines(report.closed.phase)
        said = "; ".join(done) if done else "no treasure-phase cards"
        out.print(f"[dim]Turn {report.closed.turn} closed: {escape(said)}.[/]")
    result, party = report.fight, report.party
    lines = _both_sides(out, result)
    if result.treasure_played:
        lines.append(
            f"treasure lost: {', '.join(result.treasure_played)}"
            if result.treasure_lost
            else f"treasure to claim: {', '.join(result.treasure_played)}"
        )
    winner = _winner_line("dm" if result.wiped else None)
    if winner:
        lines.append(winner)
    out.print(Panel("\n".join(lines), title=f"Turn {report.entry.turn}", expand=False))
    _why(out, result.events, result.suggestions)
    if party.open is not None:
        out.print(f"[dim]{escape(next_treasure(report))}[/]")
    out.print(f"[dim]seed {result.seed} · turn {report.entry.turn} · log #{report.entry.seq}[/]")


def next_treasure(report: FightReport) -> str:
    """The ``next:`` line after a fight: the treasure phase's words, and what it plays by
    itself (a card kept in the fight, for the hero it brings back)."""
    pending = report.waiting
    kept = pending.kept if pending is not None else ()
    words = ["[prisoner]", "[xp]"]
    if len(report.fight.killed) > len(kept):
        words.insert(0, "[heal|shield|armor:HERO]")
    line = "next: companion dm treasure " + " ".join(words)
    if pending is not None and kept:
        line += f" · plays the kept {', '.join(map(str, kept))} for {pending.whom}"
        if pending.choice:
            line += f" ({kept[0].card.lower()}:HERO says whom)"
    return line


def ask_whom(out: Console, pending: Waiting, read_line: Callable[[], str]) -> list[str]:
    """Ask whom each kept card brings back, when more heroes fell than they can save;
    the treasure-phase words of the answers (Enter: the first to fall)."""
    from companion.errors import CompanionError
    from companion.games.dungeon_master.names import match_name

    fallen = list(pending.fallen)
    chosen: list[str] = []
    for kept in pending.kept:
        if len(fallen) < 2:
            break
        while True:
            out.print(f"{kept} brings back whom? {' or '.join(fallen)} [{fallen[0]}]: ", end="")
            answer = read_line().strip()
            try:
                hero = match_name(answer, fallen, "hero") if answer else fallen[0]
            except CompanionError as exc:
                out.print(f"[red]{escape(exc.message)}[/]")
                continue
            if hero is not None:
                break
            out.print(f"[red]{escape(answer)} did not fall this turn[/]")
        fallen.remove(hero)
        chosen.append(f"{kept.card.lower()}:{hero}")
    return chosen


def ask_close(out: Console, pending: Waiting, read_line: Callable[[], str]) -> list[str] | None:
    """Before a new fight, offer to play the last turn's waiting treasure phase first; its
    words when the player agrees (None: they did not, and the fight is refused)."""
    out.print(f"{escape(pending.what()[0].upper() + pending.what()[1:])}.")
    out.print(f"Play the treasure phase of turn {pending.turn} first? [Y/n] ", end="")
    if read_line().strip().lower() not in ("", "y", "yes"):
        return None
    return ask_whom(out, pending, read_line)


def _closed_lines(phase: TreasurePhase) -> list[str]:
    """What the treasure phase a new fight closed did, in short."""
    lines = []
    if phase.treasure_claimed:
        lines.append(f"claimed {', '.join(phase.treasure_claimed)} (+{phase.points_gained})")
    lines += [
        f"{r.card} ({r.holder}) brought back {r.brought_back}"
        for r in phase.recoveries
        if r.brought_back
    ]
    lines += [f"{name} joined" for name in phase.new_heroes]
    lines += [f"{up.hero} {up.attribute} {up.level}" for up in phase.level_ups]
    return lines


def _phase_lines(phase: TreasurePhase) -> list[str]:
    lines = []
    if phase.treasure_claimed:
        lines.append(
            f"treasure claimed: {', '.join(phase.treasure_claimed)} (+{phase.points_gained})"
        )
    if phase.recovered:
        lines.append(f"[green]brought back: {', '.join(phase.recovered)}[/]")
    for name in phase.new_heroes:
        lines.append(f"[green]joins: {name}[/]")
    for up in phase.level_ups:
        lines.append(f"{up.hero}: {up.attribute} {up.level}")
    lines.append(f"treasure pile: {phase.treasure_points} points")
    winner = _winner_line(phase.winner)
    if winner:
        lines.append(winner)
    return lines


def show_treasure(out: Console, report: TreasureReport) -> None:
    """``dm treasure``: claims, recoveries, new heroes and levels."""
    phase = report.phase
    out.print(
        Panel("\n".join(_phase_lines(phase)), title=f"Turn {report.turn}: treasure", expand=False)
    )
    if phase.events:
        _why(out, phase.events)
    if not phase.winner and (phase.recovered or phase.new_heroes or phase.level_ups):
        _party_now(out, [(h.name, h.describe()) for h in report.party.living])
    seed = f"seed {phase.seed} · " if phase.seed is not None else ""
    seq = f" · log #{report.entry.seq}" if report.entry else ""
    out.print(f"[dim]{seed}turn {report.turn}{seq}[/]")


def show_party(out: Console, report: PartyReport) -> None:
    """A party command: its note, the party, and (``party show``) the latest log lines."""
    if report.note:
        out.print(escape(report.note))
    party_table(out, report.party)
    if report.log:
        out.print("[bold]Log[/]")
        show_entries(out, report.log)
    if report.seed is not None:
        seq = f" · log #{report.entry.seq}" if report.entry else ""
        out.print(f"[dim]seed {report.seed}{seq}[/]")


def party_table(out: Console, party: Party) -> None:
    table = Table(title="Dungeon Master party", title_justify="left")
    table.add_column("hero", style="bold")
    table.add_column("attributes")
    table.add_column("state")
    for hero in party.heroes:
        state = "alive" if hero.alive else f"[red]dead (turn {hero.fell_on})[/]"
        table.add_row(hero.name, hero.describe(), state)
    out.print(table)
    waiting = f" · treasure phase of turn {party.open.turn} to play" if party.open else ""
    out.print(
        f"turn {party.turn} · {len(party.living)} alive · treasure {party.treasure_points} points · "
        f"{len(party.deck)} characters left to recruit{waiting}"
    )
    if party.winner:
        out.print(
            f"[bold]{'The party' if party.winner == 'party' else 'The Dungeon Master'} has won; "
            "the game is closed.[/]"
        )


def show_entries(out: Console, entries: Sequence[LogEntry]) -> None:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(justify="right", style="dim")
    grid.add_column()
    for entry in entries:
        style = "dim strike" if entry.undone else ""
        text = escape(entry.line())
        grid.add_row(f"#{entry.seq}", f"[{style}]{text}[/]" if style else text)
    out.print(grid)


def show_log(out: Console, report: LogReport) -> None:
    if not report.entries:
        out.print("the log is empty")
        return
    show_entries(out, report.entries)


def show_undo(out: Console, report: UndoReport) -> None:
    out.print(escape(report.note))
    party_table(out, report.party)


def ask_which_six(out: Console, drawn: Drawn, read_line: Callable[[], str]) -> list[str]:
    """Show the ten characters drawn and read the six kept, asking again after a wrong
    answer (the party's own check says what is wrong); no answer at all is an error."""
    from companion.errors import CompanionError
    from companion.games.dungeon_master.model import PartyHero
    from companion.games.dungeon_master.notation import split_items
    from companion.games.dungeon_master.party import new_party

    out.print("Drawn:")
    for i, card in enumerate(drawn.candidates, 1):
        out.print(f"  {i:2}. {card.name:<12} {PartyHero.from_card(card).describe()}")
    while True:
        out.print("Keep which six? (numbers or names, comma separated): ", end="")
        line = read_line()
        if not line:
            raise CompanionError(
                "no choice made: six of the ten characters must be kept (or use --keep)"
            )
        try:
            new_party(drawn, keep=split_items([line]))
        except CompanionError as exc:
            out.print(f"[red]{escape(exc.message)}[/]")
            continue
        return split_items([line])
