"""Dragon Kings plugged into the tools (:class:`~companion.registry.Game`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.errors import CompanionError
from companion.registry import DealEnd, DealSettled, Game, Reported, TableFacts

if TYPE_CHECKING:
    from companion.games.ranking import RankOptions
    from companion.poker.pots import PotRules
    from companion.poker.showdown import Showdown
    from companion.poker.showdown_input import ShowdownIn
    from companion.poker.variants import Rules
    from companion.table.drawing import GameRules
    from companion.table.model import TableInfo
    from companion.table.store import Transaction


class DragonKings(Game):
    """Hold'em with Twinned Dragon Kings, the Grave Digger, wild cards and wing cards (003)."""

    id = "dragon-kings"
    name = "Dragon Kings"

    def hand_rules(self) -> Rules:
        from companion.games.dragon_kings.wings import DRAGON_KINGS

        return DRAGON_KINGS

    def claims(self, opts: RankOptions) -> bool:
        return bool(opts.wild or opts.wings or opts.variant)

    def check_flags(self, opts: RankOptions, played: str) -> None:
        if opts.wings or opts.variant:
            raise CompanionError(f"--wing and --variant are for {self.id}, not {played}")

    def ranking_rules(self, opts: RankOptions) -> Rules:
        from companion.games.dragon_kings.wings import dragon_kings_rules

        wings = [w for w in opts.wings if w.strip().lower() != "none"]
        return dragon_kings_rules(wings, opts.variant, opts.wild)

    def pot_rules(self) -> PotRules:
        from companion.poker.pots import PotRules

        return PotRules(self.id)  # Hold'em's: odd points left of the button

    def showdown_input(self) -> type[ShowdownIn]:
        from companion.games.dragon_kings.showdown_input import DragonKingsShowdownIn

        return DragonKingsShowdownIn

    def showdown(self) -> type[Showdown]:
        from companion.games.dragon_kings.showdown import DragonKingsShowdown

        return DragonKingsShowdown

    def event_modules(self) -> tuple[str, ...]:
        return (
            "companion.games.dragon_kings.events",
            "companion.games.dragon_kings.showdown_events",
        )

    def table_rules(self) -> GameRules:
        from companion.games.dragon_kings.table_rules import DragonKingsRules

        return DragonKingsRules(self.id)

    def start_deal(self, tx: Transaction, table: TableInfo, *, deal_hands: bool) -> Reported:
        from companion.games.dragon_kings.table_rules import deal

        return deal(tx, table)

    def settle_deal(self, tx: Transaction, table: TableInfo, end: DealEnd) -> DealSettled:
        if end.takes:
            raise CompanionError("--takes is for Dungeon Poker (a dead character's treasure)")
        from companion.games.dragon_kings.table_rules import settle

        return settle(tx, table, end.put_in, folded=end.folded, result=end.result, extra=end.extra)

    def table_facts(self, tx: Transaction, table: TableInfo) -> TableFacts:
        from companion.games.dragon_kings.table_rules import table_facts

        return table_facts(tx, table)

    def dealer_controls(self) -> tuple[str, ...]:
        from companion.timer.controls import BUTTONS, MINUTE_BUTTONS

        return ("start-clock", "deal", *BUTTONS, *MINUTE_BUTTONS, "dk-board", "undo")

    structures = ("dragon-kings",)

    def default_structure(self, table: TableInfo) -> str:
        return "dragon-kings"
