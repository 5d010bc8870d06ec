"""DECKO plugged into the tools (:class:`~companion.registry.Game`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from companion.errors import CompanionError
from companion.registry import DealEnd, DealSettled, Game, HandReader, Reported

if TYPE_CHECKING:
    from companion.games.ranking import RankOptions
    from companion.poker.pots import PotRules
    from companion.poker.showdown import Showdown
    from companion.poker.showdown_input import ShowdownIn
    from companion.table.drawing import GameRules
    from companion.table.model import TableInfo
    from companion.table.store import Transaction
    from companion.timer.table_clock import TableLevels


class Decko(Game):
    """The poker deckbuilder: its own sets and notation, a house bet, the round track (002)."""

    id = "decko"
    name = "DECKO"

    def hand_reader(self) -> HandReader:
        from companion.games.decko.ranker import parse_decko, rank_decko_reveal

        return HandReader(read=parse_decko, rank=rank_decko_reveal)

    def claims(self, opts: RankOptions) -> bool:
        return bool(opts.wildcard or opts.decko_flags)

    def check_flags(self, opts: RankOptions, played: str) -> None:
        if opts.wildcard or opts.decko_flags:
            raise CompanionError(
                f"--wildcard, --market, --burn and --discard are for {self.id}, not {played}"
            )

    def rank(self, players: Sequence[str], opts: RankOptions) -> Reported:
        from companion.games.decko.ranking import rank_decko_players

        return rank_decko_players(players, opts)

    def pot_rules(self) -> PotRules:
        from companion.poker.pots import PotRules

        # The house bet joins the pot; a split's odd chips go back to the house; the
        # players still in always bet the same, so there are no side pots.
        return PotRules(self.id, odd_chips="house", side_pots=False, house_bet=True)

    def showdown_input(self) -> type[ShowdownIn]:
        from companion.games.decko.showdown_input import DeckoShowdownIn

        return DeckoShowdownIn

    def showdown(self) -> type[Showdown]:
        from companion.games.decko.showdown import DeckoShowdown

        return DeckoShowdown

    def event_modules(self) -> tuple[str, ...]:
        return ("companion.games.decko.events", "companion.games.decko.showdown_events")

    def table_rules(self) -> GameRules:
        from companion.games.decko.table_rules import DeckoRules

        return DeckoRules(self.id)

    def start_deal(self, tx: Transaction, table: TableInfo, *, deal_hands: bool) -> Reported:
        raise _rounds_not_deals("deal")

    def settle_deal(self, tx: Transaction, table: TableInfo, end: DealEnd) -> DealSettled:
        raise _rounds_not_deals("showdown")

    def dealer_controls(self) -> tuple[str, ...]:
        # One deal a round; the round track is the table's (``decko round``), the clock follows.
        return ("start-clock", "round", "toggle", "pause", "resume", "undo")

    # DECKO keeps its own betting (a chip a raise, the house bet) and its buying phase.
    page_actions = ("raise", "call", "fold", "buy", "flush", "done")

    def page_actions_now(self, tx: Transaction, table: TableInfo) -> dict[str, tuple[str, ...]]:
        from companion.games.decko.table_rules import actions_now

        return actions_now(tx, table)

    def levels(self) -> TableLevels:
        from companion.games.decko.rounds import DeckoRounds

        return DeckoRounds()

    structures = ("decko",)

    def default_structure(self, table: TableInfo) -> str:
        return "decko"  # the round track


def _rounds_not_deals(what: str) -> CompanionError:
    return CompanionError(
        f"a DECKO round is dealt with 'companion decko round' and settles itself when the "
        f"betting ends ('decko call' or 'decko fold'): 'table {what}' is for Dungeon Poker "
        "and Dragon Kings"
    )
