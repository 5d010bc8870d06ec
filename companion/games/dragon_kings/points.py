"""Each guest's points at a Dragon Kings table (003, Buy-Ins).

The table counts every guest's points from the buy-in on, as the Dungeon
Poker table counts gold. What it keeps, under the table's ``dragon-kings``
namespace (undoable with the command that changed it):

* ``match``: the buy-in and the re-buys each guest may make, agreed before
  play begins (``dk open --buy-in N --rebuys N``);
* ``points``: each guest's points behind, as of the last settled deal: the
  buy-in, the opening king's 50, every pot's payout, First Honors, the
  misdeal penalties and Sleight of Hand's costs, the re-buys;
* ``rebought``: how many re-buys each guest has made.

What a guest has put into the deal under way (blinds and antes the table
posted, a trade's cost, a misdeal penalty) leaves their points when the
deal is settled, by the showdown's own count (``payouts``, ``bank``), so a
deal taken back by ``table undo`` leaves nothing behind. A guest with no
points is out; when one guest holds every point the game is over
(docs/decisions.md, "the end of the game").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.errors import CompanionError
from companion.poker.hands import names_text
from companion.table.model import TableInfo
from companion.table.store import Transaction

NS = "dragon-kings"

BUY_IN = 400
"""The rulebook's buy-in (003, Buy-Ins)."""

REBUYS = 1
"""Re-buys a guest may make in a match: "typically one" (003, Buy-Ins)."""


@dataclass(frozen=True)
class Match:
    """What the guests agreed before play began: the buy-in and the re-buys allowed."""

    buy_in: int = BUY_IN
    rebuys: int = REBUYS

    def to_json(self) -> dict[str, int]:
        return {"buy_in": self.buy_in, "rebuys": self.rebuys}


def check_match(buy_in: int | None, rebuys: int | None) -> Match:
    """The agreed terms, or a one-line error naming the bad value.

    >>> check_match(None, None)
    Match(buy_in=400, rebuys=1)
    >>> check_match(0, None)
    Traceback (most recent call last):
    companion.errors.CompanionError: --buy-in 0: a buy-in is at least 1 point
    """
    if buy_in is not None and buy_in < 1:
        raise CompanionError(f"--buy-in {buy_in}: a buy-in is at least 1 point")
    if rebuys is not None and rebuys < 0:
        raise CompanionError(f"--rebuys {rebuys}: the re-buys allowed are 0 or more")
    return Match(BUY_IN if buy_in is None else buy_in, REBUYS if rebuys is None else rebuys)


# -- the table's state -----------------------------------------------------------------------


def match_of(tx: Transaction, table: TableInfo) -> Match | None:
    """The agreed terms, or None on a table that keeps no points (opened before it did)."""
    raw = tx.get_state(table, NS, "match")
    return Match(**raw) if raw else None


def points_of(tx: Transaction, table: TableInfo) -> dict[str, int] | None:
    """Each guest's points as of the last settled deal (None: this table keeps none)."""
    raw = tx.get_state(table, NS, "points")
    return None if raw is None else {p: int(raw.get(p, 0)) for p in table.players}


def _put(tx: Transaction, table: TableInfo, key: str, value: Any) -> None:
    tx.put_state(table, NS, key, value, undoable=True)


def set_points(tx: Transaction, table: TableInfo, points: Mapping[str, int]) -> None:
    _put(tx, table, "points", dict(points))


def start_match(
    tx: Transaction, table: TableInfo, match: Match, opener: str, bonus: int
) -> dict[str, int]:
    """Play Begins: every guest buys in; the opener's bonus from the house on top."""
    _put(tx, table, "match", match.to_json())
    points = dict.fromkeys(table.players, match.buy_in)
    points[opener] += bonus
    set_points(tx, table, points)
    return points


def in_game(points: Mapping[str, int] | None, players: Sequence[str]) -> list[str]:
    """The guests still in the game (with points), in seat order; everyone without a count.

    >>> in_game({"ann": 0, "ben": 30, "cat": 5}, ["ann", "ben", "cat"])
    ['ben', 'cat']
    """
    if points is None:
        return list(players)
    return [p for p in players if points.get(p, 0) > 0]


def game_over(points: Mapping[str, int] | None, players: Sequence[str]) -> str | None:
    """The sentence that ends the game when one guest holds every point, else None.

    >>> game_over({"ann": 0, "ben": 850}, ["ann", "ben"])
    'ben holds every point (850): the game is over'
    """
    left = in_game(points, players)
    if points is None or len(left) != 1:
        return None
    return f"{left[0]} holds every point ({points[left[0]]:,}): the game is over"


def rebuys_left(tx: Transaction, table: TableInfo, player: str) -> int:
    match = match_of(tx, table)
    made = int(dict(tx.get_state(table, NS, "rebought", {})).get(player, 0))
    return 0 if match is None else max(match.rebuys - made, 0)


def rebuy(tx: Transaction, table: TableInfo, player: str) -> tuple[int, int]:
    """A guest who is out buys in again: the buy-in's points, if the match allows another
    re-buy. The guest's points now and the re-buys they have left."""
    match, points = match_of(tx, table), points_of(tx, table)
    if match is None or points is None:
        raise CompanionError(
            f"table '{table.name}' keeps no points: they start with 'companion dk open'"
        )
    if points[player] > 0:
        raise CompanionError(
            f"{player} still has {points[player]:,} points: a re-buy is for a guest who is out"
        )
    if rebuys_left(tx, table, player) < 1:
        allowed = f"{match.rebuys} re-buy{'s' if match.rebuys != 1 else ''}"
        raise CompanionError(
            f"{player} may not re-buy: the match allows {allowed} a guest and {player} has had them"
            if match.rebuys
            else f"{player} may not re-buy: the match allows none (dk open --rebuys 0)"
        )
    made = dict(tx.get_state(table, NS, "rebought", {}))
    made[player] = int(made.get(player, 0)) + 1
    _put(tx, table, "rebought", made)
    points[player] = match.buy_in
    set_points(tx, table, points)
    return match.buy_in, rebuys_left(tx, table, player)


# -- blinds and antes ------------------------------------------------------------------------


def posts(
    seated: Sequence[str],
    dealer: str,
    *,
    small: int,
    big: int,
    ante: int,
    points: Mapping[str, int],
) -> dict[str, int]:
    """What each guest dealt in puts into the pot before the cards: the ante, and the small
    and big blinds left of the dealer (with two guests the dealer posts the small blind,
    docs/decisions.md); nobody posts more than they have. In the order they post: the
    small blind first, then clockwise.

    >>> posts(["ann", "ben", "cat"], "ann", small=5, big=10, ante=0, points={"ann": 400, "ben": 400, "cat": 7})
    {'ben': 5, 'cat': 7, 'ann': 0}
    >>> posts(["ann", "ben"], "ann", small=5, big=10, ante=1, points={"ann": 400, "ben": 400})
    {'ann': 6, 'ben': 11}
    """
    seat = seated.index(dealer)
    n = len(seated)
    first = seat if n == 2 else (seat + 1) % n
    out = dict.fromkeys((seated[(first + i) % n] for i in range(n)), ante)
    out[seated[first]] += small
    out[seated[(first + 1) % n]] += big
    return {p: min(v, points.get(p, 0)) for p, v in out.items()}


# -- the showdown ----------------------------------------------------------------------------


def contributions(
    given: Mapping[str, int],
    seated: Sequence[str],
    *,
    posted: Mapping[str, int],
    owed: Mapping[str, int],
    points: Mapping[str, int] | None,
) -> dict[str, int]:
    """What each guest dealt in put into the pot by betting: what the dealer says (blinds and
    antes included), else what the table posted. Refused, naming the value: less than the
    table posted, or more than the guest has once ``owed`` (penalties, trades) is paid.

    >>> contributions({"ann": 30}, ["ann", "ben"], posted={"ben": 10}, owed={}, points={"ann": 50, "ben": 50})
    {'ann': 30, 'ben': 10}
    """
    out: dict[str, int] = {}
    for p in seated:
        amount = given.get(p, posted.get(p, 0))
        if amount < posted.get(p, 0):
            raise CompanionError(
                f"{p}={amount}: {p} posted {posted[p]:,} points of blinds and antes this deal"
            )
        if points is not None:
            can = points.get(p, 0) - owed.get(p, 0)
            if amount > can:
                raise CompanionError(
                    f"{p}={amount}: {p} has only {max(can, 0):,} points to bet (all-in is {p}={max(can, 0)})"
                )
        out[p] = amount
    return out


def after_pot(
    points: Mapping[str, int],
    put_in: Mapping[str, int],
    payouts: Mapping[str, int],
    bank: Mapping[str, int],
) -> dict[str, int]:
    """Each guest's points once the pot is settled: less what they bet, plus what the pots
    paid them, plus (or less) what the house paid (First Honors) or took (penalties, trades).

    >>> after_pot({"ann": 400, "ben": 400}, {"ann": 30, "ben": 30}, {"ann": 100}, {"ann": 50, "ben": -40})
    {'ann': 520, 'ben': 330}
    """
    return {
        p: have - put_in.get(p, 0) + payouts.get(p, 0) + bank.get(p, 0)
        for p, have in points.items()
    }


def points_notes(
    before: Mapping[str, int],
    after: Mapping[str, int],
    players: Sequence[str],
    rebuys: Mapping[str, int],
) -> list[str]:
    """What the table says once a pot is settled: each guest's points, who is out, the end."""
    notes = ["points after the pot: " + ", ".join(f"{p} {after[p]:,}" for p in players)]
    for p in players:
        if before.get(p, 0) > 0 and after[p] <= 0:
            left = rebuys.get(p, 0)
            notes.append(
                f"{p} has no points left and is out"
                + (
                    f" (a re-buy is left: 'companion dk rebuy {p}' before the next deal)"
                    if left
                    else ""
                )
            )
    over = game_over(after, players)
    if over:
        notes.append(over)
    return notes


def describe(points: Mapping[str, int] | None, players: Sequence[str]) -> str:
    """One line for ``table show``: who is out (the points are in the players' table)."""
    if points is None:
        return ""
    out = [p for p in players if points.get(p, 0) <= 0]
    return f"out of the game: {names_text(out)}" if out else ""
