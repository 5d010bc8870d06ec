"""DECKO hands for the showdown: read in DECKO's notation and ranked by DECKO's sets.

The showdown engine (:mod:`companion.poker.showdown`) knows no game; DECKO
registers these two functions with it (:mod:`companion.registry`, from
``companion.games``), so a DECKO showdown reads ``9s+2`` and ranks a reveal
by :func:`companion.games.decko.sets.rank_decko`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.errors import CompanionError
from companion.poker.showdown_rank import Contestant, RankedHand, RankRules


@dataclass(frozen=True)
class DeckoContestant(Contestant):
    """A hand at a DECKO reveal, with the tops of its owner's piles."""

    burn_top: str | None = None
    """The top card of the player's burn pile (a Pyromaniac Queen may copy it)."""
    discard_top: str | None = None
    """The top card of the player's discard pile (a Dumpster Diving Queen may copy it)."""


@dataclass(frozen=True)
class DeckoRankedHand(RankedHand):
    """A judged DECKO hand, with what its reveal earns and buys with."""

    chips: int = 0
    """Chips the revealed hand earns (chip cards, crypto, rich kings)."""
    money: int = 0
    """Dollars to buy with (the set's buying value plus credit cards)."""


def parse_decko(text: str | Sequence[str], *, where: str = "cards") -> tuple[str, ...]:
    """DECKO cards in the ranker's DECKO notation (``9s+2``, ``6h/7``, ``Qh:pyro``), as codes.

    >>> parse_decko("9s+2 6h/7 5s")
    ('9s+2', '6h/7', '5s')
    """
    from companion.games.decko.sets import parse_decko_cards

    try:
        return tuple(
            c.code for c in parse_decko_cards(text if isinstance(text, str) else list(text))
        )
    except CompanionError as exc:
        raise CompanionError(f"{where}: {exc}") from None


def rank_decko_reveal(
    contestants: Sequence[Contestant], market: tuple[str, ...], rules: RankRules
) -> list[RankedHand]:
    """Judge a DECKO reveal (:func:`companion.games.decko.sets.rank_decko`); ``market`` is the face-up market."""
    from companion.games.decko.sets import (
        parse_decko_card,
        parse_decko_cards,
        rank_decko,
        wildcard_round,
    )

    hands = {c.name: parse_decko_cards(list(c.cards)) for c in contestants}
    tops = [c for c in contestants if isinstance(c, DeckoContestant)]
    burn = {c.name: parse_decko_card(c.burn_top) for c in tops if c.burn_top}
    discard = {c.name: parse_decko_card(c.discard_top) for c in tops if c.discard_top}
    ranking = rank_decko(
        hands,
        wildcard_round(rules.round),
        market=parse_decko_cards(list(market)),
        burn_tops=burn,
        discard_tops=discard,
    )
    out: list[RankedHand] = []
    for placing in ranking.placings:
        found: Any = placing.hand
        out.append(
            DeckoRankedHand(
                placing.name,
                found.name,
                tuple(found.played()),
                placing.place,
                # "set": the whole DeckoSet, for the DECKO table's reveal
                extra={"description": found.description, "dollars": found.dollars, "set": found},
                chips=found.chips,
                money=found.money,
            )
        )
    return out
