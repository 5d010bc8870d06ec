"""``companion dod`` reports on the terminal: saves, high scores, a checked save, bot runs."""

from __future__ import annotations

import sys
from datetime import datetime
from typing import TYPE_CHECKING

from rich.table import Table

if TYPE_CHECKING:
    from rich.console import Console

    from companion.games.dungeon_of_d.saves import Checked, SaveList, ScoreTable
    from companion.games.dungeon_of_d.simulate import Balance, Summary


def _heroes() -> dict[str, str]:
    from companion.games.dungeon_of_d.content import load_content

    return load_content().character_names


def _table(title: str, columns: tuple[str, ...], right: tuple[str, ...]) -> Table:
    table = Table(title=title)
    for column in columns:
        table.add_column(column, justify="right" if column in right else "left")
    return table


def show_saves(out: Console, listing: SaveList) -> None:
    """``dod list``: one row a save, with its hero, where it stands and its score."""
    if not listing.saves:
        out.print("No saved games. Start one with 'companion dod new'.")
        return
    names = _heroes()
    table = _table(
        "Dungeon of D saves",
        ("save", "hero", "level", "turn", "HP", "gold", "status", "score"),
        right=("level", "turn", "HP", "gold", "score"),
    )
    for s in listing.saves:
        status = s.status + (" (training)" if s.training else "")
        table.add_row(
            s.name,
            names.get(s.character, s.character),
            *(str(n) for n in (s.level, s.turn, s.hp, s.gold)),
            f"damaged: {s.damaged}" if s.damaged else status,
            str(s.score) if s.outcome == "escaped" else "",
        )
    out.print(table)


def show_scores(out: Console, scores: ScoreTable) -> None:
    """``dod scores``: the finished games, best first, with how each ended."""
    if not scores.scores:
        out.print("No finished games yet.")
        return
    names = _heroes()
    table = _table(
        "Dungeon of D high scores",
        ("#", "score", "save", "hero", "end", "level", "turns", "date"),
        right=("#", "score", "level", "turns"),
    )
    for rank, r in enumerate(scores.scores, start=1):
        end = r.outcome + (" + Amulet" if r.amulet and r.outcome == "escaped" else "")
        table.add_row(
            str(rank),
            str(r.score),
            r.name,
            names.get(r.character, r.character),
            end + (" (training)" if r.training else ""),
            str(r.level),
            str(r.turns),
            datetime.fromtimestamp(r.at).strftime("%Y-%m-%d"),
        )
    out.print(table)


def show_checked(out: Console, checked: Checked) -> None:
    """``dod load``: the game's screen (panels on a terminal), then the replay check."""
    from companion.ui.dungeon_of_d.shell import build_screen, render_plain, render_rich

    screen = build_screen(checked.game)
    if sys.stdout.isatty():
        out.print(render_rich(screen))
    else:
        sys.stdout.write(render_plain(screen) + "\n")
    out.print(checked.line(), markup=False, highlight=False)


def show_run(out: Console, result: Summary | Balance) -> None:
    """``dod simulate``: a bot's figures, or the three balance bots against the targets."""
    from companion.games.dungeon_of_d.simulate import Balance

    if not isinstance(result, Balance):
        table = Table(
            title=f"{result.bot} bot · {result.games} games · seed {result.seed}",
            show_header=False,
        )
        table.add_column(justify="left")
        table.add_column(justify="right")
        for name, value in result.rows():
            table.add_row(name, value)
        out.print(table)
        return
    first = result.runs[0]
    table = _table(
        f"Balance · {first.games} games a bot · seed {first.seed}",
        result.HEADER,
        right=tuple(c for c in result.HEADER if c != "bot"),
    )
    for row in result.rows():
        table.add_row(*row)
    out.print(table)
    for target in result.targets():
        mark = "met" if target.met else "MISSED"
        out.print(f"{mark:6} {target.name}: {target.measured}", markup=False, highlight=False)
