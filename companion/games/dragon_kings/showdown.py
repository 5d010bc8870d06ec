"""Dragon Kings at the showdown: First Honors (003, First Honors).

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

from companion.poker.showdown import Showdown

FIRST_HONORS_BONUS = 50
"""Points the house pays for the game's first Twinned Dragon Kings (003, First Honors)."""


class DragonKingsShowdown(Showdown):
    """A Dragon Kings showdown: plain poker pots, then First Honors."""

    game_fields = frozenset({"first_honors", "wild"})

    def after_pots(self) -> None:
        self._first_honors()

    def _first_honors(self) -> None:
        if not self.spec.first_honors:
            return
        board = self.boards[0]
        hands = {line.name: line.hand for line in board.lines}
        dk = [w for w in board.main_winners if "dragon kings" in hands.get(w, "").casefold()]
        if not dk:
            return
        share = FIRST_HONORS_BONUS // len(dk)
        for w in dk:
            self.bank[w] = self.bank.get(w, 0) + share
        self.event(
            f"First Honors: {' and '.join(dk)} {'plays' if len(dk) == 1 else 'play'} the game's first "
            f"Twinned Dragon Kings: +{share} from the house"
            f"{' each' if len(dk) > 1 else ''}; a voluntary wing card may be made permanent."
        )
