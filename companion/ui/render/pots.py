"""``companion pot``: the pots, the payouts and the pot-limit range on the terminal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from rich.table import Table

if TYPE_CHECKING:
    from rich.console import Console

    from companion.poker.pots import BetLimits, Pot, Settlement


def pots_table(pots: Sequence[Pot]) -> Table:
    """Each pot (a board column when the deal has two boards): its chips, who may win, who did."""
    table = Table(title="Pots", title_justify="left")
    if any(p.board is not None for p in pots):
        table.add_column("board", justify="right")
    table.add_column("pot")
    table.add_column("amount", justify="right")
    table.add_column("eligible")
    table.add_column("winners", style="bold green")
    seen: dict[int | None, int] = {}
    for p in pots:
        i = seen[p.board] = seen.get(p.board, -1) + 1
        label = "main" if i == 0 else f"side {i}"
        winners = ", ".join(f"{w} ({p.shares[w]:,})" for w in p.winners) or "[dim]nobody[/]"
        row = [label, f"{p.amount:,}", ", ".join(p.eligible), winners]
        if p.board is not None:
            row.insert(0, str(p.board))
        table.add_row(*row)
    return table


def payouts_table(
    title: str, settlement: Settlement, extra: Mapping[str, Mapping[str, str]] | None = None
) -> Table:
    """Each player's chips in, won and net; ``extra`` adds a column per title (cells by player)."""
    extra = extra or {}
    table = Table(title=title, title_justify="left")
    table.add_column("player")
    for column in ("put in", "wins", "net", *extra):
        table.add_column(column, justify="right")
    net = settlement.net
    for name, won in settlement.payouts.items():
        colour = "green" if net[name] > 0 else "red" if net[name] < 0 else "dim"
        row = [name, f"{settlement.contributions.get(name, 0):,}", f"{won:,}"]
        row.append(f"[{colour}]{net[name]:+,}[/]")
        row += [cells.get(name, "[dim]-[/]") for cells in extra.values()]
        table.add_row(*row)
    return table


def show_settlement(out: Console, settlement: Settlement) -> None:
    """``companion pot``: the pots, the payouts, and where the rest of the chips went."""
    out.print(pots_table(settlement.pots))
    out.print(payouts_table("Payouts", settlement))
    if settlement.carry_over:
        out.print(f"• {settlement.carry_over:,} stays on the table for the next deal")
    if settlement.removed:
        out.print(f"• {settlement.removed:,} leaves the game")
    if settlement.house:
        out.print(f"• {settlement.house:,} goes back to the house")


def show_limits(out: Console, limits: BetLimits) -> None:
    """``companion pot limit``: the call and the range of a legal bet or raise."""
    for line in limit_lines(limits):
        out.print(line)


def limit_lines(limits: BetLimits) -> list[str]:
    """What a player may put in, in words: a bet when nothing is to be called, else a
    call and a raise; all in said where the gold runs out.

    >>> from companion.poker.pots import pot_limit
    >>> limit_lines(pot_limit(600, 0, 100, stack=200))
    ['nothing to call', 'bet:          100 to 200 (200 is all in)']
    >>> limit_lines(pot_limit(600, 300, 100, stack=200))
    ['all in: 200 is all you have, less than the 300 to call (no raise left)']
    """
    if limits.all_in:
        if limits.stack == 0:
            return ["no gold left: nothing to put in"]
        if limits.owed is not None:
            return [
                f"all in: {limits.to_call:,} is all you have, less than the "
                f"{limits.owed:,} to call (no raise left)"
            ]
        return [f"all in: calling takes everything you have, {limits.to_call:,} (no raise left)"]
    span = (
        f"{limits.min_total:,}"
        if limits.min_total == limits.max_total
        else f"{limits.min_total:,} to {limits.max_total:,}"
    )
    note = f" ({limits.max_total:,} is all in)" if limits.max_is_all_in else ""
    if limits.bet:
        return ["nothing to call", f"bet:          {span}{note}"]
    lines = [f"to call:      {limits.to_call:,}"]
    lines.append(
        f"raise by:     {limits.min_raise:,}"
        + ("" if limits.min_raise == limits.max_raise else f" to {limits.max_raise:,}")
    )
    lines.append(f"put in total: {span}{note}")
    return lines
