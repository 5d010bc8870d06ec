"""DECKO at the showdown: the house bet, pile tops for the Queens, and the reveal income.

>>> from companion.poker.showdown_input import read_showdown
>>> spec = read_showdown('''
... game: decko
... house_bet: 4
... players: [{name: ann, put_in: 2}, {name: ben, put_in: 2, folded: true}]
... ''')
>>> DeckoShowdown(spec).run().payouts
{'ann': 8, 'ben': 0}
"""

from __future__ import annotations

from companion.errors import CompanionError
from companion.games.decko.ranker import parse_decko
from companion.poker.showdown import PlayerSeat, Showdown
from companion.poker.showdown_rank import Contestant


class DeckoShowdown(Showdown):
    """A DECKO showdown: the house bet joins the pot; revealed hands earn and buy."""

    game_fields = frozenset({"house_bet", "wildcard", "market", "burn_top", "discard_top"})

    def contestant(self, name: str, cards: tuple[str, ...]) -> Contestant:
        p = self.by_name.get(name)
        if p is None:
            return Contestant(name, cards)
        return Contestant(
            name, cards, None, self._decko_top(p, "burn_top"), self._decko_top(p, "discard_top")
        )

    def after_pots(self) -> None:
        self._decko_income()

    def _decko_top(self, p: PlayerSeat, field_name: str) -> str | None:
        value = getattr(p.spec, field_name)
        if value is None:
            return None
        cards = parse_decko(value, where=f"players[{p.index}].{field_name}")
        if len(cards) != 1:
            raise CompanionError(
                f"players[{p.index}].{field_name}: give one card (got {len(cards)})"
            )
        return cards[0]

    def _decko_income(self) -> None:
        if len(self.contestants) == 1:
            self.event(
                f"Last player standing: {self.contestants[0]} takes every bet and the house bet "
                f"without revealing."
            )
            return
        if not self.contestants:
            self.event("Everyone folded: the house bet goes back to the house.")
            return
        winners = set(self.boards[0].main_winners)
        for name, r in self.ranked.items():
            if r.chips:
                self.bank[name] = self.bank.get(name, 0) + r.chips
                self.event(f"{name}'s revealed hand earns {self.amount(r.chips)} from the house.")
            if name not in winners:
                self.money[name] = r.money
        if self.money:
            spend = ", ".join(f"{n} ${v}" for n, v in self.money.items())
            self.event(f"The winner discards; the others buy with their sets' values: {spend}.")
