"""``companion rank`` and ``companion odds`` on the terminal: the placings and the chances."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.markup import escape
from rich.table import Table

if TYPE_CHECKING:
    from rich.console import Console

    from companion.games.decko.ranking import DeckoRanking
    from companion.games.ranking import OddsReport, PokerRanking
    from companion.poker.hands import Ranking


def show_poker(out: Console, result: PokerRanking) -> None:
    """A poker ranking: one table a board, each with its winners and what decided it."""
    for i, ranking in enumerate(result.rankings):
        found = result.decider(i)
        show_ranking(out, result.title(i), ranking, note=None if found is None else found.text)


def show_decko(out: Console, result: DeckoRanking) -> None:
    """A DECKO ranking: the sets, with the dollars, chips and money each earns."""
    show_ranking(out, result.title, result.ranking, decko=True, low_sum=result.round.low_sum)


def show_ranking(
    out: Console,
    title: str,
    ranking: Ranking,
    decko: bool = False,
    low_sum: bool = False,
    note: str | None = None,
) -> None:
    """One ranking's table, then its winners line (and the note on what decided it)."""
    from companion.games.ranking import winners_line

    out.print(_ranking_table(title, ranking, decko, low_sum))
    out.print(escape(winners_line(ranking)))
    if note:
        out.print(escape(note))


def _ranking_table(title: str, ranking: Ranking, decko: bool, low_sum: bool) -> Table:
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
        row = [
            "—" if p.place is None else str(p.place),
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
        table.add_row(*[escape(x) for x in row], style="green" if p.place == 1 else None)
    return table


def show_odds(out: Console, report: OddsReport) -> None:
    """Each player's chance to win and tie and their equity, and how they were found."""
    result = report.result
    mc = result.method == "monte-carlo"
    # The title on its own line: as a table title it wraps to the narrow table's width.
    out.print(escape(report.title))
    table = Table()
    table.add_column("player", style="bold")
    table.add_column("cards")
    boards = report.rules.boards > 1  # Two front war: both boards, or one of them
    for column in ("win both", "split") if boards else ("win",):
        table.add_column(column, justify="right")
    for column in ("tie", "equity"):
        table.add_column(column, justify="right")
    if mc:
        table.add_column("± s.e.", justify="right", style="dim")
    for p in result.players:
        cards = " ".join("?" if c is None else c.symbol for c in report.hands[p.name])
        row = [escape(p.name), cards, f"{p.win:.2%}"]
        row += [f"{p.split:.2%}"] if boards else []
        row += [f"{p.tie:.2%}", f"{p.equity:.2%}"]
        table.add_row(*row, *([f"{p.stderr:.2%}"] if mc else []))
    out.print(table)
    if mc:
        out.print(f"Monte Carlo: {result.deals:,} deals sampled (seed {result.seed})")
    else:
        out.print(f"exact: all {result.deals:,} deals")
