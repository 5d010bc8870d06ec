"""Showdown rules as data over one engine: Hold'em and Omaha here, each game's beside it.

A :class:`Rules` value says how a showdown is judged: which ordering, how many
hand cards a player must or may use, whether the weakest hand wins, how many
boards there are, and which cards are wild. The engine
(:mod:`companion.poker.hands`) reads nothing else, so a new variant is a new
value, not new code: each game keeps its own values (and the rules that
change them, such as an encounter card's) in its package and hands them to
the tools as its :meth:`~companion.registry.Game.hand_rules`. A game that
ranks classes of its own above a straight flush (and so knows wild cards)
hands them over as ``classes`` (:class:`~companion.poker.high.TopClasses`).

>>> OMAHA.use_exactly, HOLDEM.replace(name="one-card", use_at_most=1).use_at_most
(2, 1)
>>> from companion.poker.high import WILD_ONLY
>>> wild = Rules("wild", classes=WILD_ONLY).with_wild(["2", "Jd"])
>>> wild.wild_ranks, wild.wild_cards
(frozenset({2}), frozenset({Card('Jd')}))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.errors import CompanionError
from companion.poker.cards import Card, parse_card, parse_rank
from companion.poker.high import TopClasses


@dataclass(frozen=True)
class Rules:
    """How one game (or one of its variants in force) judges a showdown.

    ``use_exactly``/``use_at_most`` bound the hand (hole) cards a player
    combines with the board; ``None`` means any number. ``lowball``: the
    weakest hand wins; ``ace_low``: an ace may then count as one;
    ``hand_size``: a legal hand must hold exactly this many cards (else a
    player with fewer cards still has a partial hand). ``boards``: boards
    judged separately. ``hole_cards``/``board_cards`` are what a full deal
    gives, for the odds calculator. ``min_pair``: every hand is worth at
    least a virtual pair of this rank that combines with no card (a floor a
    game's card may give one player, or here for all). ``held_floor``: the
    least value of a hand whose player holds the game's floor card (given per
    player with ``floor_holders=``), called ``held_floor_name`` in the hand's note.
    ``classes``: a game's own classes above the common ones, which alone
    bring wild cards and jokers (``None``: the plain poker scale).
    ``jokers``: jokers shuffled into the deck (a variant may add one), which
    the odds calculator deals from; ``in_force``: the names of the game's cards
    in force that changed these rules, for :meth:`describe`.
    """

    name: str
    classes: TopClasses | None = None
    use_exactly: int | None = None
    use_at_most: int | None = None
    lowball: bool = False
    ace_low: bool = False
    hand_size: int | None = None
    boards: int = 1
    hole_cards: int = 2
    board_cards: int = 5
    wild_ranks: frozenset[int] = frozenset()
    wild_cards: frozenset[Card] = frozenset()
    min_pair: int | None = None
    held_floor: int = 0
    held_floor_name: str = "floor"
    jokers: int = 0
    in_force: tuple[str, ...] = ()
    in_force_label: str = "in force"

    def __post_init__(self) -> None:
        if self.use_exactly is not None and self.use_at_most is not None:
            raise ValueError("use_exactly and use_at_most exclude each other")
        if self.boards < 1:
            raise ValueError("a game has at least one board")

    @property
    def has_wilds(self) -> bool:
        return bool(self.wild_ranks or self.wild_cards)

    @property
    def max_jokers(self) -> int:
        """How many jokers one deal may hold: the deck's, and at least one where the
        ordering knows wild cards (a joker at the table means its variant is played)."""
        return max(self.jokers, 1) if self.classes is not None else self.jokers

    def check_jokers(self, cards: Iterable[Card]) -> None:
        """Refuse a deal holding more jokers than the deck can give.

        >>> from companion.poker.cards import parse_cards
        >>> from companion.poker.high import WILD_ONLY
        >>> Rules("wild", classes=WILD_ONLY).check_jokers(parse_cards("* As * Kd"))
        Traceback (most recent call last):
          ...
        companion.errors.CompanionError: 2 jokers ('*') in one deal, but the wild deck holds 1 (jokers)
        """
        count = sum(1 for c in cards if c.is_joker)
        if count <= self.max_jokers:
            return
        if self.classes is None:
            raise CompanionError(
                f"jokers ('*') are wild cards of {wild_games()}; {self.name} has none"
            )
        raise CompanionError(
            f"{count} jokers ('*') in one deal, but the {self.name} deck holds "
            f"{self.max_jokers} ({self.classes.jokers})"
        )

    def for_deal(self, cards: Iterable[Card | None]) -> Rules:
        """These rules for a deal holding ``cards``: the jokers checked, and where the
        ordering knows wild cards a joker written in a hand or on the board puts a joker
        in the deck (its variant is played), whether or not the variant was asked for.

        >>> from companion.poker.cards import parse_cards
        >>> from companion.poker.high import WILD_ONLY
        >>> wild = Rules("wild", classes=WILD_ONLY)
        >>> wild.for_deal(parse_cards("* Kd")).jokers, wild.for_deal(()).jokers
        (1, 0)
        """
        known = [c for c in cards if c is not None]
        self.check_jokers(known)
        if self.classes is not None and not self.jokers and any(c.is_joker for c in known):
            return self.replace(jokers=1)
        return self

    def check_board(self, board: Sequence[Card], where: str = "") -> None:
        """Refuse a board with more cards than the game deals.

        >>> from companion.poker.cards import parse_cards
        >>> HOLDEM.check_board(parse_cards("2c 3c 4c 5c 6c 7c"), "board: ")
        Traceback (most recent call last):
          ...
        companion.errors.CompanionError: board: 6 board cards, but holdem deals at most 5
        """
        if len(board) > self.board_cards:
            raise CompanionError(
                f"{where}{len(board)} board cards, but {self.name} deals at most {self.board_cards}"
            )

    def is_wild(self, card: Card) -> bool:
        """Jokers always; then the ranks and cards named wild."""
        return card.is_joker or card.rank in self.wild_ranks or card in self.wild_cards

    def floor(self, holds_floor: bool = False) -> int:
        """The least value a hand is worth (0: none), from a held floor or ``min_pair``.

        No floor applies when the weakest hand wins: it could only hurt.
        """
        from companion.poker.values import PAIR, pack

        if self.lowball:
            return 0
        floor = self.held_floor if holds_floor else 0
        if self.min_pair is not None:
            floor = max(floor, pack(PAIR, self.min_pair))
        return floor

    def replace(self, **changes: Any) -> Rules:
        return dataclasses.replace(self, **changes)

    def with_wild(self, names: Iterable[str]) -> Rules:
        """These rules with more wild cards: ranks (``2``, ``J``) or cards (``Jd``).

        Only an ordering with classes of its own knows wild cards.
        """
        ranks, cards = set(self.wild_ranks), set(self.wild_cards)
        for name in names:
            text = name.strip()
            if not text:
                continue
            if self.classes is None:
                raise CompanionError(
                    f"wild cards ({text!r}) belong to {wild_games()}; {self.name} has none"
                )
            if text == "*":
                continue  # jokers are always wild
            try:
                ranks.add(parse_rank(text))
                continue
            except CompanionError:
                pass
            try:
                card = parse_card(text, allow_joker=False)
            except CompanionError:
                raise CompanionError(
                    f"{text!r} is neither a rank nor a card (wild: a rank like 2 or J, or a card like Jd)"
                ) from None
            cards.add(card)
        return self.replace(wild_ranks=frozenset(ranks), wild_cards=frozenset(cards))

    def describe(self) -> str:
        """One line a player can read: the rules that differ from plain Hold'em."""
        parts = [self.name]
        if self.in_force:
            parts.append(f"{self.in_force_label}: " + ", ".join(self.in_force))
        if self.jokers:
            parts.append(f"{self.jokers} joker{'s' if self.jokers > 1 else ''} in the deck")
        if self.use_exactly is not None:
            parts.append(f"exactly {self.use_exactly} hand cards")
        elif self.use_at_most is not None:
            parts.append(f"at most {self.use_at_most} hand cards")
        if self.lowball:
            parts.append("weakest hand wins" + (", ace may be low" if self.ace_low else ""))
        if self.boards > 1:
            parts.append(f"{self.boards} boards")
        if self.wild_ranks or self.wild_cards:
            from companion.poker.cards import rank_char

            wild = [rank_char(r) for r in sorted(self.wild_ranks)] + [
                c.code for c in sorted(self.wild_cards)
            ]
            parts.append("wild: " + " ".join(wild))
        return "; ".join(parts)


HOLDEM = Rules("holdem")
"""Best five of the hole cards and the board, any number of each."""

OMAHA = Rules("omaha", use_exactly=2, hole_cards=4)
"""Exactly two of four hole cards with exactly three board cards."""

GAMES: dict[str, Rules] = {"holdem": HOLDEM, "omaha": OMAHA}
"""The plain poker orderings by id (each game's own come from its package)."""


def wild_games() -> str:
    """The games whose hands know wild cards (their ordering has classes of its own),
    for the refusal of a wild card elsewhere."""
    from companion.registry import games

    found = [g.id for g in games() if (r := g.hand_rules()) is not None and r.classes is not None]
    return ", ".join(found) or "no game"


def slug(name: str) -> str:
    """``"Two Rivers"`` -> ``"two-rivers"`` (case and punctuation ignored).

    >>> slug("  Lucky   Draw "), slug("Queen's gambit")
    ('lucky-draw', 'queens-gambit')
    """
    out = []
    for ch in name.strip().lower().replace("'", "").replace("’", ""):
        out.append(ch if ch.isalnum() else "-")
    return "-".join(p for p in "".join(out).split("-") if p)
