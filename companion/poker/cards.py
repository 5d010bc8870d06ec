"""Cards of a standard deck, the joker, and the project's card notation.

A :class:`Card` is a small immutable integer, ``0``-``51`` for the 52 cards
(``rank_index * 4 + suit_index``; suits ordered ``s h d c``) and ``52`` for a
joker. Being an ``int`` lets the evaluator index its lookup tables with a
card directly, while ``repr`` and ``str`` stay readable.

Notation (see docs/hand-rankings.md): rank ``2``-``9``, ``T`` or ``10``,
``J``, ``Q``, ``K``, ``A``; suit ``s h d c`` or ``♠ ♥ ♦ ♣``; any case; cards
separated by spaces or commas; ``*`` is a joker.

>>> parse_cards("As 10h, k♣")
(Card('As'), Card('Th'), Card('Kc'))
>>> Card.parse("qd").symbol
'Q♦'
>>> parse_cards("As Ks As")
Traceback (most recent call last):
  ...
companion.errors.CompanionError: card 'As' is given twice
>>> parse_card("Zx")
Traceback (most recent call last):
  ...
companion.errors.CompanionError: 'Zx' is not a card (rank must be 2-9, T/10, J, Q, K, A; suit s h d c or ♠ ♥ ♦ ♣)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from companion.errors import CompanionError

# The one notation table of the project: every module that writes or reads a
# rank or a suit (card models, faces, rulebooks, each game's notation, the CLI)
# imports these names instead of keeping a copy.

RANK_CHARS = "23456789TJQKA"
"""Rank letters in ascending order; ``RANK_CHARS[rank - 2]`` for ranks 2-14."""

SUIT_CHARS = "shdc"
"""Suit letters in index order: spades, hearts, diamonds, clubs."""

SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
SUIT_NAMES = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
RED_SUITS = frozenset("hd")
"""Hearts and diamonds print red; spades and clubs black."""
SUIT_COLORS = {s: "red" if s in RED_SUITS else "black" for s in SUIT_CHARS}

SUIT_INPUT: dict[str, str] = {
    **{s: s for s in SUIT_CHARS},
    **{symbol: s for s, symbol in SUIT_SYMBOLS.items()},
    **dict(zip("♤♡♢♧", SUIT_CHARS, strict=True)),
}
"""Every character read as a suit (letters, filled and outlined symbols) -> its letter."""

RANK_NAMES = {
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "jack",
    12: "queen",
    13: "king",
    14: "ace",
    1: "ace",
}
RANK_PLURALS = {r: ("sixes" if r == 6 else n + "s") for r, n in RANK_NAMES.items()}
RANK_BY_NAME = {name: rank for rank, name in RANK_NAMES.items() if rank >= 2}
"""``"queen"`` -> 12 (an ace is 14 here)."""

CARD_HELP = "rank must be 2-9, T/10, J, Q, K, A; suit s h d c or ♠ ♥ ♦ ♣"

_SUIT_INPUT = {ch: SUIT_CHARS.index(letter) for ch, letter in SUIT_INPUT.items()}
_RANK_INPUT: dict[str, int] = {ch: i for i, ch in enumerate(RANK_CHARS)} | {"10": 8}
_SEPARATORS = re.compile(r"[\s,]+")

JOKER_INDEX = 52


class Card(int):
    """One card: an int ``0``-``51`` (``rank_index * 4 + suit``) or 52 for a joker.

    >>> c = Card.of(14, "s")
    >>> c, int(c), c.rank, c.suit, c.code, c.symbol
    (Card('As'), 48, 14, 's', 'As', 'A♠')
    >>> JOKER, JOKER.is_joker, JOKER.symbol
    (Card('*'), True, '*')
    """

    __slots__ = ()

    def __new__(cls, index: int) -> Card:
        if not 0 <= index <= JOKER_INDEX:
            raise ValueError(f"card index {index} is outside 0-52")
        return super().__new__(cls, index)

    @classmethod
    def of(cls, rank: int, suit: str) -> Card:
        """The card of ``rank`` (2-14, ace 14) and suit letter ``s h d c``."""
        if not 2 <= rank <= 14 or suit not in SUIT_CHARS:
            raise ValueError(f"no card of rank {rank!r} and suit {suit!r}")
        return _CARDS[(rank - 2) * 4 + SUIT_CHARS.index(suit)]

    @classmethod
    def parse(cls, token: str) -> Card:
        """Parse one card token (see :func:`parse_card`)."""
        return parse_card(token)

    @property
    def is_joker(self) -> bool:
        return int(self) == JOKER_INDEX

    @property
    def rank(self) -> int:
        """2-14 (ace 14); 0 for a joker."""
        return 0 if self.is_joker else (int(self) >> 2) + 2

    @property
    def suit(self) -> str:
        """``s h d c``; ``""`` for a joker."""
        return "" if self.is_joker else SUIT_CHARS[int(self) & 3]

    @property
    def code(self) -> str:
        """ASCII notation: ``As``, ``Th``, ``*``."""
        if self.is_joker:
            return "*"
        return RANK_CHARS[self.rank - 2] + self.suit

    @property
    def symbol(self) -> str:
        """Display form with a suit symbol: ``A♠``, ``10♥``."""
        if self.is_joker:
            return "*"
        return rank_label(RANK_CHARS[self.rank - 2]) + SUIT_SYMBOLS[self.suit]

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __str__(self) -> str:
        return self.code

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


_CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(53))
JOKER: Card = _CARDS[JOKER_INDEX]
DECK: tuple[Card, ...] = _CARDS[:52]
"""The 52 cards in index order (2s 2h 2d 2c 3s ... Ac)."""


def card_error(token: str) -> CompanionError:
    """The one-line error for a token that is not a card."""
    return CompanionError(f"{token!r} is not a card ({CARD_HELP})")


def parse_card(token: str, *, allow_joker: bool = True) -> Card:
    """Parse one card token (``As``, ``10h``, ``k♣``, ``*``).

    >>> parse_card("10♥"), parse_card("tH"), parse_card("*")
    (Card('Th'), Card('Th'), Card('*'))
    """
    text = token.strip().replace("\ufe0f", "")  # emoji variation selector after ♥️
    if text == "*":
        if not allow_joker:
            raise CompanionError(f"{token!r}: a joker is not a card in this game")
        return JOKER
    if len(text) < 2:
        raise card_error(token)
    rank_text, suit_text = text[:-1].upper(), text[-1].lower()
    rank = _RANK_INPUT.get(rank_text)
    suit = _SUIT_INPUT.get(suit_text)
    if rank is None or suit is None:
        raise card_error(token)
    return _CARDS[rank * 4 + suit]


def split_tokens(text: str) -> list[str]:
    """Split card text on spaces and commas, dropping empty pieces."""
    return [t for t in _SEPARATORS.split(text.strip()) if t]


def parse_cards(
    text: str | Iterable[str], *, allow_joker: bool = True, unique: bool = True
) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas; reject repeated cards.

    ``text`` may be one string or an iterable of tokens. Jokers may repeat.

    >>> parse_cards(["Ah", "2c"])
    (Card('Ah'), Card('2c'))
    >>> parse_cards("")
    ()
    """
    tokens = split_tokens(text) if isinstance(text, str) else [t for t in text if t.strip()]
    cards = tuple(parse_card(t, allow_joker=allow_joker) for t in tokens)
    if unique:
        check_unique(cards)
    return cards


def as_cards(cards: Iterable[object]) -> tuple[Card, ...]:
    """``cards`` as :class:`Card` values, for the evaluators that take card numbers too.

    A card number outside 0-52 (52 is the joker), or anything that is not a
    number, is refused in one line naming it: a negative number must never
    count as a card from the other end of the deck.

    >>> as_cards([48, Card(5)])
    (Card('As'), Card('3h'))
    >>> as_cards([3, -4])
    Traceback (most recent call last):
      ...
    companion.errors.CompanionError: -4 is not a card: cards are numbered 0-51 (52 is the joker)
    """
    out: list[Card] = []
    for card in cards:
        if type(card) is Card:
            out.append(card)
        elif isinstance(card, int) and not isinstance(card, bool) and 0 <= card <= JOKER_INDEX:
            out.append(Card(card))
        else:
            raise CompanionError(
                f"{card!r} is not a card: cards are numbered 0-51 (52 is the joker)"
            )
    return tuple(out)


def check_unique(cards: Iterable[Card], where: Sequence[str] | None = None) -> None:
    """Raise naming the first card that appears twice (jokers may repeat).

    ``where`` optionally names the owner of each card, for a clearer message.

    >>> check_unique(parse_cards("As Kd", unique=False) + parse_cards("As"), ["ann", "ann", "board"])
    Traceback (most recent call last):
      ...
    companion.errors.CompanionError: card 'As' is given twice (ann and board)
    """
    seen: dict[int, int] = {}
    for i, card in enumerate(cards):
        if card.is_joker:
            continue
        if card in seen:
            owners = ""
            if where is not None:
                first, second = where[seen[card]], where[i]
                owners = f" (twice in {first})" if first == second else f" ({first} and {second})"
            raise CompanionError(f"card {card.code!r} is given twice{owners}")
        seen[card] = i


def format_cards(cards: Iterable[Card], *, symbols: bool = False) -> str:
    """Cards as text: ``As Kd`` (or ``A♠ K♦`` with ``symbols``).

    >>> format_cards(parse_cards("As Td"), symbols=True)
    'A♠ 10♦'
    """
    return " ".join(c.symbol if symbols else c.code for c in cards)


def rank_char(rank: int) -> str:
    """``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A`` for ranks 2-14 (and 1, a low ace).

    >>> rank_char(10), rank_char(1)
    ('T', 'A')
    """
    return "A" if rank == 1 else RANK_CHARS[rank - 2]


def parse_rank(token: str) -> int:
    """A rank alone (``2``-``9``, ``T``/``10``, ``J``, ``Q``, ``K``, ``A``) as 2-14.

    >>> parse_rank("10"), parse_rank("q")
    (10, 12)
    """
    index = _RANK_INPUT.get(token.strip().upper())
    if index is None:
        raise CompanionError(f"{token!r} is not a rank (2-9, T/10, J, Q, K, A)")
    return index + 2


def rank_label(rank: str) -> str:
    """A rank letter as printed on a card: ``T`` -> ``10``, the others as they are.

    >>> rank_label("T"), rank_label("q"), rank_label("10")
    ('10', 'Q', '10')
    """
    text = str(rank).upper()
    return "10" if text == "T" else text


def card_symbol(code: str) -> str:
    """A card in the project's notation as printed: ``Ks`` -> ``K♠``, ``th`` -> ``10♥``.

    >>> card_symbol("Th"), card_symbol("as"), card_symbol("*")
    ('10♥', 'A♠', '*')
    """
    return parse_card(code).symbol
