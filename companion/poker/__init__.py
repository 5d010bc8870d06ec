"""Poker core: cards, hand evaluation under every game's ordering, odds, pots.

Pure and UI-free. The public API, in the order a caller needs it:

* :mod:`~companion.poker.cards`: :class:`Card`, :func:`parse_cards` (the
  project's notation, duplicates rejected), :func:`format_cards`;
* :mod:`~companion.poker.variants`: :class:`Rules` and the plain rule sets
  (:data:`HOLDEM`, :data:`OMAHA`); each game's own live in its package
  (:meth:`companion.registry.Game.hand_rules`);
* :mod:`~companion.poker.hands`: :func:`evaluate` (best hand of one player),
  :func:`rank_hands` / :func:`rank_boards` (a whole showdown, with places);
* :mod:`~companion.poker.holdem_tables`: :func:`holdem_value`, the fast 0-7 card
  Hold'em evaluator;
* :mod:`~companion.poker.odds`: win and tie equity, exact or Monte Carlo;
* :mod:`~companion.poker.holdem_batch`: the numpy batch evaluator (imports numpy);
* :mod:`~companion.poker.pots`: pots and side pots (a separate module).

>>> from companion.poker import parse_cards, rank_hands, HOLDEM
>>> ranking = rank_hands(
...     {"ann": parse_cards("Ah Kd"), "bob": parse_cards("Qs Qd")},
...     parse_cards("As Qh 7c 4d 9s"),
...     HOLDEM,
... )
>>> [(p.name, p.hand.description, p.place) for p in ranking.placings]
[('bob', 'three queens', 1), ('ann', 'pair of aces', 2)]
"""

from companion.poker.cards import DECK, JOKER, Card, format_cards, parse_card, parse_cards
from companion.poker.hands import (
    NO_LEGAL_HAND,
    HandValue,
    Placing,
    Ranking,
    evaluate,
    places,
    rank_boards,
    rank_hands,
    value_of,
)
from companion.poker.holdem_tables import holdem_value
from companion.poker.variants import GAMES, HOLDEM, OMAHA, Rules

__all__ = [
    "DECK",
    "GAMES",
    "HOLDEM",
    "JOKER",
    "NO_LEGAL_HAND",
    "OMAHA",
    "Card",
    "HandValue",
    "Placing",
    "Ranking",
    "Rules",
    "evaluate",
    "format_cards",
    "holdem_value",
    "parse_card",
    "parse_cards",
    "places",
    "rank_boards",
    "rank_hands",
    "value_of",
]
