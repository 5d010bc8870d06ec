"""Dragon Kings at the showdown: wing cards, First Honors and the misdeal penalty (003).

The one place these rules are written: ``companion showdown`` and the
Dragon Kings table (``table showdown``, ``dk showdown``) both call them.

* Hands are judged under the wing cards in force (:mod:`.wings`: the same
  rules ``rank`` and ``odds`` take), from the file's ``wings``, ``--wing``
  or the current Dragon Kings table.
* First Honors: the game's first Twinned Dragon Kings earns 50 points from
  the house; winners tied with the dragons share it.
* Misdeals: whoever fouled a deal owes 40 points, paid into the following
  deal's pot.
* Sleight of Hand: a trade's cost goes into the pot as well; like the
  misdeal penalty it is no bet (it buys no share of a side pot).

>>> from companion.poker.showdown_input import read_showdown
>>> spec = read_showdown('''
... game: dragon-kings
... first_honors: true
... players: [{name: ann, put_in: 10, hand_class: Twinned Dragon Kings}, {name: ben, put_in: 10}]
... result: ann > ben
... ''')
>>> DragonKingsShowdown(spec).run().bank
{'ann': 50}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from companion.games.dragon_kings import showdown_events as E
from companion.games.dragon_kings.showdown_input import DragonKingsShowdownIn
from companion.poker.cards import JOKER
from companion.poker.showdown import Showdown
from companion.poker.showdown_rank import Ranker, RankRules
from companion.poker.variants import Rules

FIRST_HONORS_BONUS = 50
"""Points the house pays for the game's first Twinned Dragon Kings (003, First Honors)."""

MISDEAL_PENALTY = 40
"""Points a player who fouled a deal places in the pot of the next deal (003, Misdeals)."""


def first_honors(winners: Sequence[str]) -> dict[str, int]:
    """First Honors for the winners of a pot who hold Twinned Dragon Kings.

    Winners who tie with the dragons all play them at once, so they share the
    one bonus (odd points stay with the house).

    >>> first_honors(["ann"]), first_honors(["ann", "ben"])
    ({'ann': 50}, {'ann': 25, 'ben': 25})
    """
    if not winners:
        return {}
    share = FIRST_HONORS_BONUS // len(winners)
    return dict.fromkeys(winners, share)


def dragon_winners(winners: Sequence[str], hands: Mapping[str, str]) -> list[str]:
    """The winners whose hand (by its class name) is Twinned Dragon Kings.

    >>> dragon_winners(["ann", "ben"], {"ann": "Twinned Dragon Kings", "ben": "Flush"})
    ['ann']
    """
    return [w for w in winners if "dragon kings" in hands.get(w, "").casefold()]


class DragonKingsShowdown(Showdown):
    """A Dragon Kings showdown: wing cards in the ranking, plain poker pots, First
    Honors and misdeal penalties."""

    bank_name = "bonus"  # First Honors, the misdeal penalties and the swap costs
    amounts_in = "points"
    jokers: ClassVar[bool] = True  # the Swords joker variant
    spec: DragonKingsShowdownIn

    def __init__(
        self,
        spec: DragonKingsShowdownIn,
        ranker: Ranker | None = None,
        data_dir: str | None = None,
    ) -> None:
        super().__init__(spec, ranker, data_dir)

    def _dragon_rules(self) -> Rules:
        """The ranking rules under the wing cards in force and the wild cards named."""
        from companion.games.dragon_kings.wings import dragon_kings_rules

        wings = [w for w in self.spec.wings if w.strip().casefold() != "none"]
        return dragon_kings_rules(wings, wild=self.spec.wild)

    def _rank_rules(self) -> RankRules:
        return RankRules(game=self.game, wild=tuple(self.spec.wild), prepared=self._dragon_rules())

    def prepare(self) -> None:
        wings = self._dragon_rules().in_force
        if wings:
            self.event(E.WingsInForce(tuple(wings)))
        for name in self.spec.misdeals:
            self.player(name, "misdeals")
        for name in self.spec.swap_costs:
            self.player(name, "swap_costs")

    def check_cards(self) -> None:
        super().check_cards()
        if JOKER.code in self.written_cards():
            self.event(E.SwordsJoker())

    def pot_bonus(self) -> int:
        fouled = self.spec.misdeals
        owed = fouled if isinstance(fouled, dict) else dict.fromkeys(fouled, MISDEAL_PENALTY)
        paid = sum(owed.values())
        for name, penalty in owed.items():
            self.bank[name] = self.bank.get(name, 0) - penalty
            short = None if penalty == MISDEAL_PENALTY else MISDEAL_PENALTY
            self.event(E.MisdealPaid(name, penalty, short))
        for name, cost in self.spec.swap_costs.items():
            paid += cost
            self.bank[name] = self.bank.get(name, 0) - cost
            self.event(E.SwapPaid(name, cost))
        return paid

    def unit_name(self) -> str:
        return "whole points"

    def after_pots(self) -> None:
        self._first_honors()

    def _first_honors(self) -> None:
        if not self.spec.first_honors:
            return
        board = self.boards[0]
        hands = {line.name: line.hand for line in board.lines}
        dk = dragon_winners(board.main_winners, hands)
        if not dk:
            return
        honors = first_honors(dk)
        for w, points in honors.items():
            self.bank[w] = self.bank.get(w, 0) + points
        self.event(E.FirstHonors(tuple(dk), honors[dk[0]]))
