"""Dungeon Poker plugged into the tools (:class:`~companion.registry.Game`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.errors import CompanionError
from companion.registry import DealEnd, DealSettled, Game, LevelCards, Reported, TableFacts

if TYPE_CHECKING:
    from companion.games.ranking import RankOptions
    from companion.poker.pots import PotRules
    from companion.poker.showdown import Showdown
    from companion.poker.showdown_input import ShowdownIn
    from companion.poker.variants import Rules
    from companion.table.drawing import GameRules
    from companion.table.model import TableInfo
    from companion.table.store import Transaction
    from companion.timer.structure import Structure
    from companion.timer.table_clock import TableLevels


class DungeonPoker(Game):
    """Texas Hold'em with characters, monsters, treasures and a level deck (000)."""

    id = "dungeon-poker"
    name = "Dungeon Poker"

    def hand_rules(self) -> Rules:
        from companion.games.dungeon_poker.ordering import DUNGEON_POKER

        return DUNGEON_POKER

    def claims(self, opts: RankOptions) -> bool:
        return bool(opts.encounter)

    def check_flags(self, opts: RankOptions, played: str) -> None:
        if opts.encounter:
            raise CompanionError(f"--encounter is for {self.id}, not {played}")
        if opts.full_plate:
            raise CompanionError(f"--full-plate is a {self.name} artifact: use --game {self.id}")

    def ranking_rules(self, opts: RankOptions) -> Rules:
        from companion.games.dungeon_poker.hand_rules import encounter_card, hand_rules

        rules = hand_rules(encounter_card(opts.encounter) if opts.encounter else None)
        return rules.with_wild(opts.wild) if opts.wild else rules

    def pot_rules(self) -> PotRules:
        from companion.poker.pots import PotRules

        # Gold is paid in 100-gold coins; what will not split stays for the next deal.
        return PotRules(self.id, unit=100, odd_chips="carry-over")

    def showdown_input(self) -> type[ShowdownIn]:
        from companion.games.dungeon_poker.showdown_input import DungeonPokerShowdownIn

        return DungeonPokerShowdownIn

    def showdown(self) -> type[Showdown]:
        from companion.games.dungeon_poker.showdown import DungeonPokerShowdown

        return DungeonPokerShowdown

    def event_modules(self) -> tuple[str, ...]:
        return (
            "companion.games.dungeon_poker.events",
            "companion.games.dungeon_poker.showdown_events",
        )

    def table_rules(self) -> GameRules:
        from companion.games.dungeon_poker.table_rules import DungeonPokerRules

        return DungeonPokerRules(self.id)

    def start_deal(self, tx: Transaction, table: TableInfo, *, deal_hands: bool) -> Reported:
        from companion.games.clock import deal_counter
        from companion.games.dungeon_poker.table_rules import start_deal

        return start_deal(tx, table, deal_hands=deal_hands, count_deal=deal_counter(table))

    def settle_deal(self, tx: Transaction, table: TableInfo, end: DealEnd) -> DealSettled:
        from companion.games.dungeon_poker.table_rules import settle_deal

        return settle_deal(
            tx,
            table,
            dict(end.put_in),
            folded=end.folded,
            result=end.result,
            extra=dict(end.extra or {}),
            takes=end.takes,
        )

    def table_facts(self, tx: Transaction, table: TableInfo) -> TableFacts:
        from companion.games.dungeon_poker import levels, monsters, state
        from companion.table.actions import game_cards

        cards = game_cards(table)
        level = levels.level_now(tx, table, cards)
        encounter = level.encounter.card_id if level.encounter else None
        showdown: dict[str, object] = {"blind": level.blind}
        if encounter is not None:
            showdown["encounter"] = encounter
        found = monsters.showdown_entries(tx, table, cards)
        if found:
            showdown["monsters"] = list(found)
        return TableFacts(
            table.name,
            table.game,
            ranking={"encounter": encounter},
            showdown=showdown,
            stacks=state.gold_of(tx, table),
        )

    def dealer_controls(self) -> tuple[str, ...]:
        from companion.timer.controls import BUTTONS, MINUTE_BUTTONS

        # A deal is started and settled by the table (``table deal`` counts the last one).
        table = ("board", "monster", "treasure", "showdown", "undo")
        return ("start-clock", "new-deal", *BUTTONS, *MINUTE_BUTTONS, *table)

    def showdown_names(self, tx: Transaction, table: TableInfo) -> list[str]:
        from companion.games.dungeon_poker.monsters import playing
        from companion.table.actions import game_cards

        # the monsters in play by the names a result calls them ("Orc 2")
        return [*table.players, *playing(tx, table, game_cards(table))]

    player_choice = "character"

    def levels(self) -> TableLevels:
        from companion.games.dungeon_poker.encounters import DungeonPokerLevels

        return DungeonPokerLevels()

    structures = ("dungeon-poker", "dungeon-poker-short", "dungeon-poker-extra-level")

    def default_structure(self, table: TableInfo) -> str:
        if table.options.get("short"):
            return "dungeon-poker-short"
        if table.options.get("extra_level"):
            return "dungeon-poker-extra-level"
        return "dungeon-poker"

    has_level_cards = True

    def level_cards(self, which: str) -> LevelCards:
        from companion.cards import load_game
        from companion.cards.dungeon_poker import LADDERS, ladder_blinds, ladder_rise

        if which not in LADDERS:
            raise CompanionError(f"must be one of {', '.join(LADDERS)}, got {which!r}")
        cards = load_game(self.id).of_type("level")
        return LevelCards(tuple(ladder_blinds(cards, which)), ladder_rise(cards, which))

    def check_structure(self, table: TableInfo, structure: Structure) -> None:
        from companion.games.dungeon_poker.levels import check_structure

        check_structure(table, structure)
