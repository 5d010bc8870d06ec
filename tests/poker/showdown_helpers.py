"""Helpers for the showdown tests: run a YAML showdown, script a ranker."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from companion.games.decko.ranker import DeckoRankedHand
from companion.games.showdown import adjudicate
from companion.poker.pots import parse_result
from companion.poker.showdown import ShowdownResult
from companion.poker.showdown_input import read_showdown
from companion.poker.showdown_rank import Contestant, RankedHand, RankRules


def showdown(text: str, ranker: object = None) -> ShowdownResult:
    """Adjudicate a showdown written as (indented) YAML."""
    return adjudicate(read_showdown(textwrap.dedent(text)), ranker=ranker)  # type: ignore[arg-type]


class Scripted:
    """A stand-in ranker: returns a fixed order per board and records what it was asked.

    Contestants missing from the order have no legal hand. ``chips`` and
    ``money`` feed DECKO's reveal income.
    """

    def __init__(
        self,
        *orders: str,
        hand: str = "High card",
        chips: dict[str, int] | None = None,
        money: dict[str, int] | None = None,
    ) -> None:
        self.orders = list(orders)
        self.hand = hand
        self.chips = chips or {}
        self.money = money or {}
        self.calls: list[tuple[tuple[Contestant, ...], tuple[str, ...], RankRules]] = []

    def __call__(
        self, contestants: Sequence[Contestant], board: tuple[str, ...], rules: RankRules
    ) -> list[RankedHand]:
        self.calls.append((tuple(contestants), board, rules))
        order = self.orders[min(len(self.calls), len(self.orders)) - 1]
        place = {n: i for i, group in enumerate(parse_result(order), start=1) for n in group}
        return [
            DeckoRankedHand(
                c.name,
                self.hand if c.name in place else "no legal hand",
                c.cards[:5],
                place.get(c.name),
                chips=self.chips.get(c.name, 0),
                money=self.money.get(c.name, 0),
            )
            if rules.game == "decko"
            else RankedHand(
                c.name,
                self.hand if c.name in place else "no legal hand",
                c.cards[:5],
                place.get(c.name),
            )
            for c in contestants
        ]

    def cards(self, name: str) -> tuple[str, ...]:
        """The cards the ranker saw for ``name`` on the first call."""
        return next(c.cards for c in self.calls[0][0] if c.name == name)

    @property
    def rules(self) -> RankRules:
        return self.calls[0][2]
