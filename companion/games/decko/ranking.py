"""``companion rank`` for DECKO: each player's set, chips and money under the round's rules.

DECKO ranks with its own engine (:mod:`companion.games.decko.sets`), not
the poker ranker, so ``rank --game decko`` ends here
(:meth:`~companion.registry.Game.rank`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.errors import CompanionError
from companion.games.ranking import RankOptions, parse_players, player_json, split_player
from companion.poker.hands import Ranking

GAME = "decko"


@dataclass(frozen=True)
class DeckoRanking:
    """A judged DECKO reveal: each player's set, chips and money under the round's rules."""

    round: Any
    ranking: Ranking
    market: tuple[Any, ...] = ()

    @property
    def game(self) -> str:
        return GAME

    @property
    def winners(self) -> tuple[str, ...]:
        return self.ranking.winners

    @property
    def winners_text(self) -> str:
        return self.ranking.winners_text

    @property
    def title(self) -> str:
        text = f"decko · {self.round.name} round"
        if self.market:
            text += f" · market {' '.join(c.symbol for c in self.market)}"
        return text

    def to_json(self) -> dict[str, Any]:
        players = []
        for p in self.ranking.placings:
            entry = player_json(p)
            hand: Any = p.hand
            entry |= {
                "dollars": hand.dollars,
                "credit": hand.credit,
                "chips": hand.chips,
                "money": hand.money,
            }
            if self.round.low_sum:
                entry["sum"] = hand.low_sum
            if hand.market_used:
                entry["market_used"] = [c.code for c in hand.market_used]
            players.append(entry)
        return {
            "game": GAME,
            "rules": self.round.name,
            "market": [c.code for c in self.market],
            "winners": list(self.ranking.winners),
            "result": self.ranking.result_text,
            "players": players,
        }


def _decko_one(spec: str, what: str, names: set[str]) -> tuple[str, Any]:
    from companion.games.decko.sets import parse_decko_cards

    name, cards = split_player(spec)
    if name not in names:
        raise CompanionError(f"{what} given for {name!r}, who is not a player")
    parsed = parse_decko_cards(cards)
    if len(parsed) != 1:
        raise CompanionError(f"{what} of {name!r} is one card, not {len(parsed)}")
    return name, parsed[0]


def rank_decko_players(players: Sequence[str], opts: RankOptions) -> DeckoRanking:
    """A DECKO reveal from ``NAME=CARDS`` specs, refusing what no table can hold."""
    from companion.games.decko.sets import (
        check_reveal_cards,
        parse_decko_cards,
        rank_decko,
        wildcard_round,
    )

    if opts.boards:
        raise CompanionError(
            "DECKO has no board: every card is in a hand (use --market for the market)"
        )
    if opts.wild or opts.full_plate:
        raise CompanionError("--wild and --full-plate do not apply to decko")
    round_ = wildcard_round(opts.wildcard)
    hands = parse_players(players, parse_decko_cards)
    shop = parse_decko_cards(opts.market or "")
    check_reveal_cards(hands, shop, round_)
    names = set(hands)
    burns = dict(_decko_one(s, "burn pile", names) for s in opts.burn)
    discards = dict(_decko_one(s, "discard pile", names) for s in opts.discard)
    ranking = rank_decko(hands, round_, market=shop, burn_tops=burns, discard_tops=discards)
    return DeckoRanking(round_, ranking, shop)
