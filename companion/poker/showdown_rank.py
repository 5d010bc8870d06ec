"""The one place the showdown asks the hand ranker for an order.

The showdown adjudicator never evaluates a hand itself. It hands each
contestant's cards, the board and the ranking rules of the game (as the
game's rules stand at this showdown) to the ranker, and gets back each
contestant's hand class, the cards it uses and its place; a contestant that
cannot make a legal hand (too few hand cards) gets no place. Everything
else (pots, and what a game's rules hand out) is the showdown's.

>>> ranked = [RankedHand("ann", "Pair", ("8s", "8h"), 2), RankedHand("cy", "Flush", (), 1),
...           RankedHand("ben", "no legal hand", (), None)]
>>> result_groups(ranked)
(('cy',), ('ann',))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from companion.errors import CompanionError

if TYPE_CHECKING:
    from companion.poker.variants import Rules


@dataclass(frozen=True)
class Contestant:
    """One hand at the showdown (a game whose ranker reads more about it subclasses it)."""

    name: str
    cards: tuple[str, ...]
    min_pair: str | None = None
    """The hand is worth at least a pair of this rank (a floor a game's card may give)."""


@dataclass(frozen=True)
class RankRules:
    """How hands are compared in this showdown.

    ``game`` is the game whose ordering applies (its
    :meth:`~companion.registry.Game.hand_rules`, or its own ranker);
    ``prepared`` the ranker's rules when the game built them for this
    showdown (an encounter in force, wing cards, a variant).
    """

    game: str = "holdem"
    wild: tuple[str, ...] = ()
    round: str | None = None
    """The game's named round of rules in force, for a ranker of its own that has them."""
    prepared: Rules | None = None


@dataclass(frozen=True)
class RankedHand:
    """What the ranker says of one contestant (``place`` 1 is the best)."""

    name: str
    hand: str
    best: tuple[str, ...] = ()
    place: int | None = None
    """``None``: no legal hand, so this contestant cannot win anything."""
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


def parse_cards(
    text: str | Sequence[str], *, where: str = "cards", jokers: bool = False
) -> tuple[str, ...]:
    """Read cards in the project's notation (the ranker's parser) into codes like ``As``.

    Duplicates are left to the caller, who knows whose cards they are.

    >>> parse_cards("A♠ 10h, kd")
    ('As', 'Th', 'Kd')
    >>> parse_cards("Zx", where="ann's hand")
    Traceback (most recent call last):
      ...
    companion.errors.CompanionError: ann's hand: 'Zx' is not a card (rank must be 2-9, T/10, J, Q, K, A; suit s h d c or ♠ ♥ ♦ ♣)
    """
    from companion.poker.cards import parse_cards as parse

    tokens = text if isinstance(text, str) else [str(t) for t in text]
    try:
        return tuple(c.code for c in parse(tokens, allow_joker=jokers, unique=False))
    except CompanionError as exc:
        raise CompanionError(f"{where}: {exc}") from None


def parse_rank(value: str | int) -> str:
    """A rank alone (a cursed number): ``7``, ``10``, ``T``, ``A``, ``ace``.

    >>> parse_rank(10), parse_rank("ace"), parse_rank("q")
    ('T', 'A', 'Q')
    """
    from companion.poker.cards import RANK_BY_NAME, rank_char
    from companion.poker.cards import parse_rank as parse

    words = {**{name: rank_char(r) for name, r in RANK_BY_NAME.items()}, "1": "A"}
    key = str(value).strip()
    key = words.get(key.lower(), key)
    try:
        return rank_char(parse(key))
    except CompanionError:
        raise CompanionError(f"'{value}' is not a card number (2-10, J, Q, K or A)") from None


# ---------------------------------------------------------------- the ranker


def ranker_rules(rules: RankRules) -> Rules:
    """The hand ranker's :class:`~companion.poker.variants.Rules` for one board.

    >>> from companion.poker.variants import OMAHA
    >>> ranker_rules(RankRules("omaha")) == OMAHA
    True
    >>> ranker_rules(RankRules("holdem", prepared=OMAHA)) == OMAHA
    True
    """
    from companion.registry import game

    if rules.prepared is not None:
        return rules.prepared
    base = game(rules.game).hand_rules()
    if base is None:
        raise CompanionError(
            f"ranking {rules.game} hands is not available in this build: give the order as 'result'"
        )
    return base.with_wild(rules.wild) if rules.wild else base


def read_cards(
    game: str, text: str | Sequence[str], *, where: str = "cards", jokers: bool = False
) -> tuple[str, ...]:
    """A hand or board of ``game`` as card codes: the game's own reader if it registered
    one (:mod:`companion.registry`), else the poker notation (:func:`parse_cards`).

    >>> read_cards("holdem", "As 10d")
    ('As', 'Td')
    """
    from companion.registry import game as game_of

    reader = game_of(game).hand_reader()
    if reader is None:
        return parse_cards(text, where=where, jokers=jokers)
    return reader.read(text, where=where)


def rank_with_companion(
    contestants: Sequence[Contestant], board: tuple[str, ...], rules: RankRules
) -> list[RankedHand]:
    """Rank with the project's hand ranker (:func:`companion.poker.hands.rank_hands`)."""
    from companion.poker.cards import parse_cards as parse
    from companion.poker.hands import decider, rank_hands
    from companion.registry import game

    own = game(rules.game).hand_reader()
    if own is not None:
        return own.rank(contestants, board, rules)
    game_rules = ranker_rules(rules)
    jokers = game_rules.classes is not None
    hands = {c.name: parse(c.cards, allow_joker=jokers, unique=False) for c in contestants}
    plates = [c.name for c in contestants if c.min_pair is not None]
    ranking = rank_hands(
        hands, parse(board, allow_joker=jokers, unique=False), game_rules, floor_holders=plates
    )
    found = None if game_rules.lowball else decider(ranking, ranking.board)
    out = []
    for placing in ranking.placings:
        value = placing.hand
        if placing.place is None:
            out.append(RankedHand(placing.name, "no legal hand", (), None))
            continue
        extra: dict[str, object] = {"description": value.description}
        if found is not None and found.winner == placing.name:
            extra["decided_by"] = found.text
        out.append(
            RankedHand(placing.name, value.name, tuple(value.played()), placing.place, extra=extra)
        )
    return out


def default_ranker() -> Ranker:
    """The project's hand ranker, adapted to the showdown's narrow call."""
    return rank_with_companion
