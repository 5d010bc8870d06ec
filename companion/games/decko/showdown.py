"""DECKO at the showdown: the house bet, the reveal income and who buys with what.

This is the one place DECKO's step 5 (reveal) is settled: the showdown file
(``companion showdown``) and the DECKO table (``decko call`` ending the
betting, or everyone else folding) both run :class:`DeckoShowdown`.

* The house bet is counted as it lies on the mat: a folded player's bet is
  already on it (002, FOLD), so it is counted once.
* DECKO has no side pots: the players still in have bet the same.
* The best set (by the round's wildcard) takes the bets and the house bet;
  tied sets split, the odd chips go back to the house (002, Tiebreakers).
* Every player who reveals takes the chips their cards earn, win or lose;
  the losers buy in turn order with their set's value and credit cards;
  the winner discards (002, steps 5-6).
* The last player standing takes everything without revealing and alone
  buys, with the money of the set their hand scores; no chip card pays
  (docs/decisions.md).
* When nobody can score a set, each player takes back their bet, the house
  bet goes back to the house, and everyone who revealed buys.

>>> from companion.poker.showdown_input import read_showdown
>>> spec = read_showdown('''
... game: decko
... house_bet: 5
... players: [{name: ann, put_in: 2}, {name: ben, put_in: 2, folded: true}]
... ''')
>>> DeckoShowdown(spec).run().payouts
{'ann': 7, 'ben': 0}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import ClassVar

from companion.errors import CompanionError
from companion.games.decko import showdown_events as E
from companion.games.decko.ranker import DeckoContestant, DeckoRankedHand, parse_decko
from companion.games.decko.showdown_input import DeckoPlayerIn, DeckoShowdownIn
from companion.poker.pots import Pot, house_money
from companion.poker.showdown import PlayerSeat, Showdown, ShowdownResult, Tally
from companion.poker.showdown_input import Cards
from companion.poker.showdown_rank import (
    Contestant,
    RankedHand,
    Ranker,
    RankRules,
    default_ranker,
)


@dataclass(frozen=True)
class DeckoResult(ShowdownResult):
    """A settled DECKO reveal: the pots, and the dollars each buying player may spend."""

    money: dict[str, int] = field(default_factory=dict)

    def tallies(self) -> tuple[Tally, ...]:
        return (*super().tallies(), Tally("money", self.money, prefix="$"))

    def game_json(self) -> dict[str, object]:
        return {**super().game_json(), "money": dict(self.money)}


class DeckoShowdown(Showdown):
    """A DECKO showdown: the house bet joins the pot; revealed hands earn and buy."""

    board_name = "market"
    unique_cards: ClassVar[bool] = False  # each player's hand comes from their own deck
    spec: DeckoShowdownIn

    def __init__(
        self, spec: DeckoShowdownIn, ranker: Ranker | None = None, data_dir: str | None = None
    ) -> None:
        super().__init__(spec, ranker, data_dir)
        self.money: dict[str, int] = {}
        """Dollars each player who buys may spend (losers' sets and credit cards)."""

    def run(self) -> DeckoResult:
        result = super().run()
        assert isinstance(result, DeckoResult)  # _result below made it
        return result

    def _result(self) -> DeckoResult:
        return DeckoResult(**self.result_fields(), money=self.money)

    def shared_cards(self) -> list[Cards | None] | None:
        spec = self.spec
        if spec.board is not None or spec.boards is not None:
            raise CompanionError(
                "board: DECKO has no board; give the face-up market cards as market"
            )
        return None if spec.market is None else [spec.market]

    def _rank_rules(self) -> RankRules:
        return RankRules(game=self.game, round=self.spec.wildcard)

    def whole_amounts(self) -> list[tuple[str, int]]:
        return [*super().whole_amounts(), ("house_bet", self.spec.house_bet)]

    def house_adds(self, contributions: Mapping[str, int], folded: set[str]) -> int:
        return house_money(self.spec.house_bet, contributions, folded, self.rules, "house_bet:")

    def house_bet_joins(self) -> None:
        if not self.spec.house_bet:
            return
        folded = {p.name: p.spec.put_in for p in self.players if p.spec.folded and p.spec.put_in}
        self.event(E.HouseBetJoins(self.spec.house_bet, folded))

    def contestant(self, name: str, cards: tuple[str, ...]) -> Contestant:
        p = self.by_name.get(name)
        if p is None:
            return Contestant(name, cards)
        return DeckoContestant(
            name,
            cards,
            burn_top=self._decko_top(p, "burn_top"),
            discard_top=self._decko_top(p, "discard_top"),
        )

    def max_players(self) -> int:
        from companion.games.decko.sets import MAX_PLAYERS

        return MAX_PLAYERS

    def why_max_players(self) -> str:
        return "the box holds five starting decks"

    def check_cards(self) -> None:
        from companion.games.decko.sets import (
            NORMAL,
            check_reveal_cards,
            parse_decko_cards,
            wildcard_round,
        )

        round_ = wildcard_round(self.spec.wildcard)
        hands = {p.name: parse_decko_cards(list(p.cards)) for p in self.players if p.cards}
        labels = {p.name: f"players[{p.index}].hand" for p in self.players}
        # A Hold'em round needs its market only when hands are judged here.
        judged = self.spec.result is None and any(p.cards is not None for p in self.players)
        check_reveal_cards(
            hands,
            parse_decko_cards(list(self.boards[0].cards)),
            round_ if judged else NORMAL,
            hand_label=labels,
            market_label="market",
        )

    def nobody_scores(self) -> bool:
        """Every player still in revealed and none has a set (Pro table, empty hands)."""
        live = [p for p in self.players if p.live]
        if len(live) < 2:
            return False
        board = self.boards[0]
        return not board.groups and (
            bool(self.ranked) or all(p.name in self.no_legal for p in live)
        )

    def adjust_pots(self, pots: list[Pot], payouts: dict[str, int]) -> int:
        if not self.nobody_scores() or not pots:
            return 0
        back = {p.name: p.spec.put_in for p in self.players if p.live}
        for name, chips in back.items():
            payouts[name] = payouts.get(name, 0) + chips
        main = pots[0]
        pots[0] = Pot(main.amount - sum(back.values()), main.eligible)
        self.event(E.NobodyScores())
        return 0

    def after_pots(self) -> None:
        if not self.contestants:
            self.event(E.EveryoneFolded())
            return
        if len(self.contestants) == 1:
            self._last_standing(self.contestants[0])
            return
        if self.spec.result is not None:
            self._money_from_result()
            return
        winners = set(self.boards[0].main_winners)
        for p in self.players:
            r = self.ranked.get(p.name)
            if not isinstance(r, DeckoRankedHand):
                continue
            if r.chips:
                self.bank[p.name] = self.bank.get(p.name, 0) + r.chips
                self.event(E.HandEarns(p.name, r.chips))
        for p in self.players:  # the buying phase goes in turn order
            r = self.ranked.get(p.name)
            if isinstance(r, DeckoRankedHand) and p.name not in winners:
                self.money[p.name] = r.money
        self._buyers_event(winners)

    # -------------------------------------------------------------- helpers

    def _decko_top(self, p: PlayerSeat, field_name: str) -> str | None:
        player: DeckoPlayerIn = self.spec.players[p.index]
        value: str | None = getattr(player, field_name)
        if value is None:
            return None
        cards = parse_decko(value, where=f"players[{p.index}].{field_name}")
        if len(cards) != 1:
            raise CompanionError(
                f"players[{p.index}].{field_name}: give one card (got {len(cards)})"
            )
        return cards[0]

    def _buyers_event(self, winners: set[str]) -> None:
        if not self.money:
            return
        self.event(E.Buyers(dict(self.money), len(winners)))

    def _last_standing(self, name: str) -> None:
        """Every other player folded: no reveal, no chip card pays, and the winner alone
        buys with the money of the set their hand scores."""
        p = self.by_name[name]
        if p.cards is None:
            self.event(E.LastStanding(name))
            return
        found = self._rank_alone(p)
        self.ranked = {name: found}
        board = self.boards[0]
        board.lines = [self._line(replace(found, place=1), board)]
        money = found.money if isinstance(found, DeckoRankedHand) else 0
        self.money[name] = money
        what = str(found.extra.get("description", found.hand))
        self.event(E.LastStanding(name, money, what))

    def _rank_alone(self, p: PlayerSeat) -> RankedHand:
        ranker = self.ranker or default_ranker()
        assert p.cards is not None
        ranked = ranker(
            [self.contestant(p.name, p.cards)], self.boards[0].cards, self._rank_rules()
        )
        return ranked[0]

    def _money_from_result(self) -> None:
        """With a ``result`` and no hands, money is known only from a set named in
        ``hand_class`` (its value; credit cards cannot be seen)."""
        from companion.games.decko.sets import set_dollars

        winners = set(self.boards[0].main_winners)
        unknown = []
        for p in self.players:
            if not p.live or p.name in winners:
                continue
            dollars = set_dollars(p.spec.hand_class or "")
            if dollars is None:
                unknown.append(p.name)
            else:
                self.money[p.name] = dollars
        self._buyers_event(winners)
        if unknown:
            self.event(E.MoneyUnknown(tuple(unknown)))
