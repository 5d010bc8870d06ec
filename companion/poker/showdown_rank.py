"""The one place the showdown asks the hand ranker for an order.

The showdown adjudicator never evaluates a hand itself. It hands each
contestant's cards, the board and the ranking rules of the game (and of the
Dungeon Poker encounter) to :func:`rank_contestants`, and gets back each
contestant's hand class, the cards it uses and its place; a contestant that
cannot make a legal hand (too few hand cards for Mystical storm) gets no
place. Everything else (pots, monsters, treasure) is the showdown's.

>>> ranked = [RankedHand("ann", "Pair", ("8s", "8h"), 2), RankedHand("orc", "Flush", (), 1),
...           RankedHand("ben", "no legal hand", (), None)]
>>> result_groups(ranked)
(('orc',), ('ann',))
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from companion.errors import CompanionError


@dataclass(frozen=True)
class Contestant:
    """One hand at the showdown: a player's or a monster's."""

    name: str
    cards: tuple[str, ...]
    min_pair: str | None = None
    """Full Plate: the hand is worth at least a pair of this rank."""


@dataclass(frozen=True)
class RankRules:
    """How hands are compared in this showdown.

    ``game`` is the ordering (``holdem``, ``omaha``, ``dungeon-poker``,
    ``dragon-kings``, ``decko``); ``encounter`` the Dungeon Poker encounter
    id, with the structured rules the ranker needs spelled out beside it.
    """

    game: str = "holdem"
    encounter: str | None = None
    use_exactly: int | None = None
    use_at_most: int | None = None
    lowball: bool = False
    ace_low: bool = False
    hand_size: int | None = None
    wild: tuple[str, ...] = ()
    wildcard: str | None = None


@dataclass(frozen=True)
class RankedHand:
    """What the ranker says of one contestant (``place`` 1 is the best)."""

    name: str
    hand: str
    best: tuple[str, ...] = ()
    place: int | None = None
    """``None``: no legal hand, so this contestant cannot win anything."""
    chips: int = 0
    """DECKO: chips the revealed hand earns (chip cards, crypto, rich kings)."""
    money: int = 0
    """DECKO: dollars to buy with (the set's buying value plus credit cards)."""
    extra: dict[str, object] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "hand": self.hand, "best": list(self.best), "place": self.place}


Ranker = Callable[[Sequence[Contestant], tuple[str, ...], RankRules], list[RankedHand]]
"""Rank the contestants' hands with one board under the rules."""


def result_groups(ranked: Iterable[RankedHand]) -> tuple[tuple[str, ...], ...]:
    """The ranking as groups of tied names, best first (no-hand contestants left out)."""
    places: dict[int, list[str]] = {}
    for r in ranked:
        if r.place is not None:
            places.setdefault(r.place, []).append(r.name)
    return tuple(tuple(places[p]) for p in sorted(places))


# ---------------------------------------------------------------- card notation

_RANKS = {"2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7", "8": "8", "9": "9",
          "t": "T", "10": "T", "j": "J", "q": "Q", "k": "K", "a": "A"}
_SUITS = {"s": "s", "h": "h", "d": "d", "c": "c", "♠": "s", "♥": "h", "♦": "d", "♣": "c",
          "♤": "s", "♡": "h", "♢": "d", "♧": "c"}
_TOKEN = re.compile(r"^(10|[2-9tjqka])([shdc♠♥♦♣♤♡♢♧])$", re.IGNORECASE)


def parse_cards(text: str | Sequence[str], *, where: str = "cards", jokers: bool = False) -> tuple[str, ...]:
    """Read cards in the project's notation into codes like ``As``, ``Th``.

    >>> parse_cards("A♠ 10h, kd")
    ('As', 'Th', 'Kd')
    >>> parse_cards("Zx", where="ann's hand")
    Traceback (most recent call last):
      ...
    companion.errors.CompanionError: ann's hand: 'Zx' is not a card (rank must be 2-9, T/10, J, Q, K, A; suit s h d c or ♠ ♥ ♦ ♣)
    """
    tokens = text.replace(",", " ").split() if isinstance(text, str) else [str(t).strip() for t in text]
    cards: list[str] = []
    for token in tokens:
        if token == "*" and jokers:
            cards.append("*")
            continue
        m = _TOKEN.match(token)
        if not m:
            raise CompanionError(
                f"{where}: '{token}' is not a card (rank must be 2-9, T/10, J, Q, K, A; suit s h d c or ♠ ♥ ♦ ♣)"
            )
        cards.append(_RANKS[m.group(1).lower()] + _SUITS[m.group(2).lower()])
    return tuple(cards)


def parse_rank(value: str | int) -> str:
    """A rank alone (the Witch's cursed number): ``7``, ``10``, ``T``, ``A``, ``ace``.

    >>> parse_rank(10), parse_rank("ace"), parse_rank("q")
    ('T', 'A', 'Q')
    """
    words = {"ace": "a", "king": "k", "queen": "q", "jack": "j", "ten": "t", "1": "a"}
    key = str(value).strip().lower()
    key = words.get(key, key)
    if key not in _RANKS:
        raise CompanionError(f"'{value}' is not a card number (2-10, J, Q, K or A)")
    return _RANKS[key]


# ---------------------------------------------------------------- the ranker

def default_ranker() -> Ranker:
    """The project's hand ranker, adapted to the showdown's narrow call."""
    raise CompanionError(
        "ranking hands needs the hand ranker, which is not part of this build yet: "
        "give the showdown order as 'result' (for example result: \"ann > Orc > ben\")"
    )
