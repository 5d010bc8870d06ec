"""DECKO (seed 002): sets, special market cards, the reveal and the wildcard rounds.

A DECKO hand is scored as a *set*: only the cards that make it count, with
no kickers. Sets rank royal flush > straight flush > four of a kind > flush
> straight > full house > three of a kind > two pairs > pair > high card;
the set's buying value runs $9 down to $0. Aces are high or low in a
straight, never both (no wrap-around). Every card in hand counts, so hands
of any size are judged, not just five cards.

Special market cards change what a card can be. The evaluator tries every
choice (each dissolving card's number, each jovial jack as J or its number,
each queen as a queen or as the card she may copy, each assisting ace's +1 or
-1 on a numbered card, each royal as any card in Battle royale) and keeps
the best set; among equal sets, the choice that earns most chips, then most
money, on reveal.

Cards are :class:`DeckoCard` values. The compact notation (docs/hand-rankings.md):

============================  ==========================================
``9s``                        plain card (``10s``/``Ts`` for a ten)
``9s+2``                      chip card: 2 chips on reveal
``5h$`` / ``5h$4``            credit card: $3 (or $4) more to spend
``7c#``                       crypto card
``6h/7``                      dissolving card, 6 or 7
``Jh/4``                      jovial jack, J or 4
``9s&9d``                     double card: counts as 9♠ and 9♦ at once
``As:assist``                 assisting ace
``Ks:rich``                   rich king
``Qh:pyro`` ``Qh:dumpster``   pyromaniac and dumpster diving queens
``Qh:shop`` ``Qh:bridge``     shopping and bridge partner queens
``5d:junk`` ``9h:burn2``      junk food, smoldering (1 or 2 burns)
``4c:voucher3``               voucher (3 chips when acquired)
``5s:start``                  a starting card (fruit corner), for Pro table
============================  ==========================================

>>> hand = parse_decko_cards("2h 2d 2c Ah Ad")
>>> s = best_set(hand)
>>> s.name, s.description, s.dollars
('full house', 'full house, twos over aces', 4)
>>> best_set(parse_decko_cards("7c# 7d# 7h# 2s 9d")).chips
9
>>> best_set(parse_decko_cards("Jh/2 Jd/3 Jc/4 5s 6d")).name
'straight'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations, product
from typing import Any, NamedTuple

from companion.cards.decko import QUEEN_SPECIALS, SPECIALS
from companion.errors import CompanionError
from companion.games.decko.set_values import (
    DECKO_CATEGORIES,
    DECKO_FLUSH,
    DECKO_FOUR_OF_A_KIND,
    DECKO_FULL_HOUSE,
    DECKO_HIGH_CARD,
    DECKO_PAIR,
    DECKO_ROYAL_FLUSH,
    DECKO_STRAIGHT,
    DECKO_STRAIGHT_FLUSH,
    DECKO_THREE_OF_A_KIND,
    DECKO_TWO_PAIRS,
    describe_decko,
)
from companion.poker.cards import (
    RANK_CHARS,
    SUIT_CHARS,
    SUIT_INPUT,
    SUIT_SYMBOLS,
    Card,
    parse_rank,
    rank_char,
    rank_label,
    split_tokens,
)
from companion.poker.hands import Placing, Ranking, order_placings, places
from companion.poker.values import LOW_TOP, NO_HAND, category_of, pack

HAND_LIMIT = 7
"""The limit of seven: nobody ever holds more than seven cards."""
MARKET_SLOTS = 5
"""The mat has five market slots."""
MAX_PLAYERS = 5
"""The box holds five starting decks (one fruit each), so five players at most."""


QUEENS = tuple(QUEEN_SPECIALS)
"""The four queens that copy another card (the card database names where from)."""
ROYAL_RANKS = (11, 12, 13)
"""Jacks, queens and kings: the royals that Battle royale makes wild."""

_SHORT = {
    "assist": "assisting-ace",
    "rich": "rich-king",
    "pyro": "pyromaniac-queen",
    "dumpster": "dumpster-diving-queen",
    "shop": "shopping-queen",
    "bridge": "bridge-partner-queen",
    "junk": "junk-food",
    "burn": "smoldering",
    "voucher": "voucher",
    "chip": "chip",
    "credit": "credit",
    "crypto": "crypto",
    "start": "starting",
    "starting": "starting",
    "plain": "plain",
}
_TAGS = {v: k for k, v in _SHORT.items() if k not in ("starting", "chip", "credit", "crypto")}
_NEEDS_RANK = {"assisting-ace": 14, "rich-king": 13, "jovial-jack": 11, **dict.fromkeys(QUEENS, 12)}
DECKO_HELP = (
    "a card like 9s, then optionally +N chips, $ credit, # crypto, /N dissolving or jovial jack, "
    "&CARD double, or :assist :rich :pyro :dumpster :shop :bridge :junk :burn :voucherN :start"
)
_TOKEN = re.compile(rf"^(10|[{RANK_CHARS}])([{''.join(SUIT_INPUT)}])(.*)$", re.IGNORECASE)


@dataclass(frozen=True)
class DeckoCard:
    """One DECKO card: rank 2-14, suit ``s h d c``, its special kind and parameters.

    ``chips``: chip card (on reveal) or voucher (when acquired); ``money``:
    credit card dollars; ``alt_rank``: a dissolving card's other number or a
    jovial jack's number; ``double``: the second card a double card shows;
    ``burns``: a smoldering card's burn symbols; ``starting``: a fruit-marked
    starting card.

    >>> DeckoCard(6, "h", "dissolving", alt_rank=7)
    DeckoCard('6h/7')
    >>> DeckoCard.parse("9s&9d").faces
    (Card('9s'), Card('9d'))
    """

    rank: int
    suit: str
    special: str = "plain"
    chips: int = 0
    money: int = 0
    alt_rank: int | None = None
    double: Card | None = None
    burns: int = 0
    starting: bool = False

    def __post_init__(self) -> None:
        if not 2 <= self.rank <= 14 or self.suit not in SUIT_CHARS:
            raise CompanionError(f"no DECKO card of rank {self.rank!r} and suit {self.suit!r}")
        if self.special not in SPECIALS:
            raise CompanionError(
                f"{self.special!r} is not a DECKO special (one of {', '.join(SPECIALS)})"
            )
        need = _NEEDS_RANK.get(self.special)
        if need is not None and self.rank != need:
            raise CompanionError(
                f"a {self.special} must be a {rank_char(need)}, not {self.face.code}"
            )
        if self.special in ("dissolving", "jovial-jack"):
            if self.alt_rank is None or not 2 <= self.alt_rank <= 10:
                raise CompanionError(f"a {self.special} needs a second number 2-10")
            if self.special == "dissolving" and (self.rank > 10 or self.alt_rank == self.rank):
                raise CompanionError("a dissolving card shows two different numbers 2-10")
        if self.special == "double" and self.double is None:
            raise CompanionError("a double card needs the second card it shows")

    @classmethod
    def parse(cls, token: str) -> DeckoCard:
        return parse_decko_card(token)

    @property
    def face(self) -> Card:
        """The rank and suit printed in the corner."""
        return Card.of(self.rank, self.suit)

    @property
    def faces(self) -> tuple[Card, ...]:
        """Every card it counts as at once (two for a double card)."""
        return (self.face, self.double) if self.double is not None else (self.face,)

    @property
    def numbers(self) -> frozenset[int]:
        """The numbers (2-10) printed on it, which Purge compares."""
        nums = {r for r in (self.rank, self.alt_rank) if r is not None and r <= 10}
        if self.double is not None and self.double.rank <= 10:
            nums.add(self.double.rank)
        return frozenset(nums)

    @property
    def code(self) -> str:
        """The card in DECKO notation (``9s+2``, ``6h/7``, ``Qh:pyro``)."""
        base = rank_char(self.rank) + self.suit
        sp = self.special
        if sp == "chip":
            base += f"+{self.chips}"
        elif sp == "credit":
            base += "$" if self.money in (0, 3) else f"${self.money}"
        elif sp == "crypto":
            base += "#"
        elif sp in ("dissolving", "jovial-jack"):
            base += f"/{rank_char(self.alt_rank or 0)}"
        elif sp == "double" and self.double is not None:
            base += "&" + self.double.code
        elif sp == "smoldering":
            base += ":burn" + ("2" if self.burns == 2 else "")
        elif sp == "voucher":
            base += f":voucher{self.chips}" if self.chips else ":voucher"
        elif sp != "plain":
            base += ":" + _TAGS[sp]
        if self.starting:
            base += ":start"
        return base

    @property
    def symbol(self) -> str:
        """The notation with a suit symbol and ``10`` for a ten."""
        return rank_label(rank_char(self.rank)) + SUIT_SYMBOLS[self.suit] + self.code[2:]

    def __repr__(self) -> str:
        return f"DeckoCard({self.code!r})"

    def __str__(self) -> str:
        return self.code


def _decko_error(token: str) -> CompanionError:
    return CompanionError(f"{token!r} is not a DECKO card ({DECKO_HELP})")


def parse_decko_card(token: str) -> DeckoCard:
    """Parse one card in DECKO notation (see the module docstring).

    >>> parse_decko_card("Qh:bridge"), parse_decko_card("9s+2").chips, parse_decko_card("5h$").money
    (DeckoCard('Qh:bridge'), 2, 3)
    >>> parse_decko_card("9s+x")
    Traceback (most recent call last):
      ...
    companion.errors.CompanionError: '9s+x' is not a DECKO card (a card like 9s, then optionally +N chips, $ credit, # crypto, /N dissolving or jovial jack, &CARD double, or :assist :rich :pyro :dumpster :shop :bridge :junk :burn :voucherN :start)
    """
    text = token.strip().replace("\ufe0f", "")
    m = _TOKEN.match(text)
    if not m:
        from companion.poker.cards import card_error

        raise card_error(token)
    rank, suit, rest = parse_rank(m.group(1)), SUIT_INPUT[m.group(2).lower()], m.group(3)
    kw: dict[str, Any] = {}
    starting = False
    if rest.lower().endswith(":start") or rest.lower().endswith(":starting"):
        starting = True
        rest = rest[: rest.lower().rindex(":")]
    try:
        if not rest:
            special = "plain"
        elif rest[0] == "+" and rest[1:].isdigit():
            special, kw["chips"] = "chip", int(rest[1:])
        elif rest[0] == "$" and (rest[1:] == "" or rest[1:].isdigit()):
            special, kw["money"] = "credit", int(rest[1:] or 3)
        elif rest == "#":
            special = "crypto"
        elif rest[0] == "/" and re.fullmatch(r"10|[2-9tT]", rest[1:]):
            special = "jovial-jack" if rank == 11 else "dissolving"
            kw["alt_rank"] = parse_rank(rest[1:])
        elif rest[0] == "&":
            from companion.poker.cards import parse_card

            special, kw["double"] = "double", parse_card(rest[1:], allow_joker=False)
        elif rest[0] == ":":
            m2 = re.fullmatch(r"([a-z-]+?)(\d*)", rest[1:].lower())
            if not m2:
                raise _decko_error(token)
            name, num = m2.group(1), m2.group(2)
            special = _SHORT.get(name, name)
            if special == "starting" or special not in SPECIALS:
                raise _decko_error(token)
            if special == "smoldering":
                kw["burns"] = int(num or 1)
                if kw["burns"] not in (1, 2):
                    raise _decko_error(token)
            elif special in ("voucher", "chip"):
                kw["chips"] = int(num or 0)
            elif special == "credit":
                kw["money"] = int(num or 3)
            elif num:
                raise _decko_error(token)
        else:
            raise _decko_error(token)
        return DeckoCard(rank, suit, special, starting=starting, **kw)
    except CompanionError as exc:
        if exc.message.startswith(repr(token)):
            raise
        raise CompanionError(f"{token!r}: {exc.message}") from None


def parse_decko_cards(text: str | Iterable[str]) -> tuple[DeckoCard, ...]:
    """Parse DECKO cards separated by spaces or commas (repeats are fine: five
    starting decks hold the same numbers)."""
    tokens = split_tokens(text) if isinstance(text, str) else [t for t in text if t.strip()]
    return tuple(parse_decko_card(t) for t in tokens)


def from_card_model(card: Any) -> DeckoCard:
    """Convert a card-database model (market or starting card) to a :class:`DeckoCard`.

    Duck-typed on the agreed field names: ``rank``, ``suit``, ``special``,
    ``chips``, ``money``, ``alt_rank``, ``double`` (with ``rank``/``suit``),
    ``burns``; a ``type`` of ``starting`` (or a ``fruit``) marks a starting card.

    >>> from types import SimpleNamespace as NS
    >>> from_card_model(NS(type="market", rank="9", suit="s", special="double", double={"rank": "9", "suit": "d"}))
    DeckoCard('9s&9d')
    >>> from_card_model(NS(type="starting", rank="4", suit="h", fruit="cherry"))
    DeckoCard('4h:start')
    """

    def get(obj: Any, name: str) -> Any:
        return obj.get(name) if isinstance(obj, Mapping) else getattr(obj, name, None)

    rank, suit = get(card, "rank"), get(card, "suit")
    if rank is None or suit is None:
        raise CompanionError(
            f"{get(card, 'id') or card!r} has no rank and suit: not a DECKO playing card"
        )
    special = get(card, "special") or "plain"
    starting = get(card, "type") == "starting" or get(card, "fruit") is not None
    kw: dict[str, Any] = {}
    if get(card, "chips") is not None:
        kw["chips"] = int(get(card, "chips"))
    if get(card, "money") is not None:
        kw["money"] = int(get(card, "money"))
    if special == "credit" and "money" not in kw:
        kw["money"] = 3
    if get(card, "alt_rank") is not None:
        kw["alt_rank"] = parse_rank(str(get(card, "alt_rank")))
    double = get(card, "double")
    if double is not None:
        kw["double"] = Card.of(parse_rank(str(get(double, "rank"))), str(get(double, "suit")))
    if get(card, "burns") is not None:
        kw["burns"] = int(get(card, "burns"))
    return DeckoCard(parse_rank(str(rank)), str(suit), special, starting=starting, **kw)


# -- wildcard rounds -----------------------------------------------------------------------------


@dataclass(frozen=True)
class DeckoRound:
    """How one round judges the reveal (a wildcard changes it for one round).

    ``market_cards``: Hold'em, face-up market cards that join every hand
    (with at most ``hand_cards`` of the player's own in the set).
    """

    name: str = "normal"
    lowball: bool = False
    penultimo: bool = False
    solo: bool = False
    low_sum: bool = False
    battle_royale: bool = False
    purge: bool = False
    pro_table: bool = False
    market_cards: int = 0
    hand_cards: int | None = None


NORMAL = DeckoRound()

WILDCARDS: dict[str, DeckoRound] = {
    "holdem": DeckoRound("holdem", market_cards=3, hand_cards=2),
    "lowball": DeckoRound("lowball", lowball=True),
    "penultimo": DeckoRound("penultimo", penultimo=True),
    "solo": DeckoRound("solo", solo=True),
    "low-sum": DeckoRound("low-sum", low_sum=True),
    "battle-royale": DeckoRound("battle-royale", battle_royale=True),
    "purge": DeckoRound("purge", purge=True),
    "pro-table": DeckoRound("pro-table", pro_table=True),
    # These change dealing, burning or jokers, not how hands are judged.
    "clown-car": DeckoRound("clown-car"),
    "stud": DeckoRound("stud"),
    "tcg": DeckoRound("tcg"),
    "fried-chicken": DeckoRound("fried-chicken"),
    "deckorama": DeckoRound("deckorama"),
    "inferno": DeckoRound("inferno"),
}
"""Every wildcard by its rule key; eight of them change the ranking."""


def wildcard_round(name: str | None) -> DeckoRound:
    """The round for a wildcard name (any case; ``Hold'em``, ``low sum`` ...).

    >>> wildcard_round("Hold'em").market_cards, wildcard_round("LOW SUM").low_sum
    (3, True)
    """
    if name is None or not name.strip() or name.strip().lower() == "normal":
        return NORMAL
    from companion.poker.variants import slug

    key = slug(name)
    if key not in WILDCARDS:
        raise CompanionError(f"{name!r} is not a DECKO wildcard (one of {', '.join(WILDCARDS)})")
    return WILDCARDS[key]


def check_reveal_cards(
    hands: Mapping[str, Sequence[DeckoCard]],
    market: Sequence[DeckoCard],
    round: DeckoRound,
    *,
    hand_label: Mapping[str, str] | None = None,
    market_label: str = "--market",
) -> None:
    """Refuse what no DECKO table can hold: a hand over seven cards, a market over five,
    a Hold'em round without its market. ``hand_label`` prefixes a hand's message with
    where it was given (a showdown file's field).

    >>> check_reveal_cards({"ann": parse_decko_cards("2h " * 8)}, (), NORMAL)
    Traceback (most recent call last):
      ...
    companion.errors.CompanionError: ann holds 8 cards, but a DECKO hand never holds more than 7
    """
    labels = hand_label or {}
    for name, hand in hands.items():
        if len(hand) > HAND_LIMIT:
            where = f"{labels[name]}: " if name in labels else ""
            raise CompanionError(
                f"{where}{name} holds {len(hand)} cards, but a DECKO hand never holds more than "
                f"{HAND_LIMIT}"
            )
    if len(market) > MARKET_SLOTS:
        raise CompanionError(
            f"{market_label} lists {len(market)} cards, but the market has {MARKET_SLOTS} slots"
        )
    if round.market_cards and not market:
        raise CompanionError(
            f"the {round.name} round plays cards from the market: give them with {market_label}"
        )


def set_dollars(name: str) -> int | None:
    """The buying value of a set named in words (``two pairs`` is $2), or None.

    >>> set_dollars("Full house"), set_dollars("royal flush"), set_dollars("a good hand")
    (4, 9, None)
    """
    key = " ".join(name.casefold().split())
    for cat, text in DECKO_CATEGORIES.items():
        if cat != NO_HAND and text == key:
            return cat - 1
    return None


# -- the reveal ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Reveal:
    """What a player's queens may copy: the top of their burn and discard
    piles and the face-up market (Hold'em also plays the market)."""

    burn_top: DeckoCard | None = None
    discard_top: DeckoCard | None = None
    market: tuple[DeckoCard, ...] = ()


class _Piece(NamedTuple):
    """One card as scored: a double card gives two; a copying queen the copy."""

    rank: int
    suit: str
    effect: str  # chip, credit, crypto, rich-king, assisting-ace, or "" (no reveal effect)
    chips: int
    money: int
    wild: bool
    scorable: bool
    src: int  # which physical card it comes from


_EFFECTS = {"chip", "credit", "crypto", "rich-king", "assisting-ace"}


def _identity(card: DeckoCard, src: int, scorable: bool) -> list[tuple[_Piece, ...]]:
    """The ways a card may be read by itself (a copied queen reads as a plain queen)."""
    effect = card.special if card.special in _EFFECTS else ""
    if card.special in QUEENS:
        effect = ""

    def piece(rank: int, suit: str) -> _Piece:
        return _Piece(
            rank,
            suit,
            effect,
            card.chips if effect == "chip" else 0,
            (card.money or 3) if effect == "credit" else 0,
            False,
            scorable,
            src,
        )

    if card.special in ("dissolving", "jovial-jack") and card.alt_rank is not None:
        return [(piece(card.rank, card.suit),), (piece(card.alt_rank, card.suit),)]
    if card.double is not None:
        return [(piece(card.rank, card.suit), piece(card.double.rank, card.double.suit))]
    return [(piece(card.rank, card.suit),)]


@dataclass(frozen=True)
class SetCard:
    """A card of the scored set: the card held and what it plays as."""

    card: DeckoCard
    plays_as: Card

    @property
    def code(self) -> str:
        """``9s``, or ``6h/7=7h`` when it plays as something other than its corner."""
        if self.plays_as == self.card.face:
            return self.card.code
        return f"{self.card.code}={self.plays_as.code}"

    @property
    def symbol(self) -> str:
        if self.plays_as == self.card.face:
            return self.card.symbol
        return f"{self.card.symbol}={self.plays_as.symbol}"


@dataclass(frozen=True, order=True)
class DeckoSet:
    """A revealed hand's best set: ``value`` (DECKO scale, 0 = no set), class
    ``name``, the set's buying value in ``dollars``, the ``chips`` and the
    ``credit`` (credit cards' dollars) earned on reveal, and the ``cards`` of
    the set. ``low_sum`` is filled in a Low sum round. :attr:`money` is what
    its player may spend when buying."""

    value: int
    name: str = field(compare=False)
    description: str = field(compare=False, default="")
    dollars: int = field(compare=False, default=0)
    chips: int = field(compare=False, default=0)
    credit: int = field(compare=False, default=0)
    cards: tuple[SetCard, ...] = field(compare=False, default=())
    low_sum: int | None = field(compare=False, default=None)
    market_used: tuple[DeckoCard, ...] = field(compare=False, default=())

    @property
    def legal(self) -> bool:
        return self.value > 0

    @property
    def money(self) -> int:
        """Dollars to spend in the buying phase: the set's value and the credit cards."""
        return self.dollars + self.credit

    def played(self, *, symbols: bool = False) -> list[str]:
        return [c.symbol if symbols else c.code for c in self.cards]

    def __repr__(self) -> str:
        return f"DeckoSet({self.description!r}, [{' '.join(self.played())}], ${self.dollars}, chips={self.chips})"


NO_SET = DeckoSet(NO_HAND, "no set", "no set")


# -- finding the best set -----------------------------------------------------------------------

Used = list[tuple[int, int, str | None]]
"""A set as (index of the piece in the pool, rank it plays as, suit or None when free)."""

_WINDOWS = [(top, tuple(range(top - 4, top + 1))) for top in range(14, 5, -1)] + [
    (5, (14, 2, 3, 4, 5))
]
_WINDOWS_RF_FIRST = [(15, _WINDOWS[0][1]), *_WINDOWS[1:]]  # 15 marks the royal flush


def _of_a_kind(
    counts: Mapping[int, int], candidates: Sequence[int], w: int, size: int
) -> int | None:
    """The best rank of which ``size`` cards can be made with ``w`` wild cards.

    >>> _of_a_kind({9: 2, 5: 1}, [9, 5], 1, 3), _of_a_kind({9: 2, 5: 1}, [9, 5], 0, 3)
    (9, None)
    """
    for rank in candidates:
        if counts.get(rank, 0) + w >= size:
            return rank
    return None


def _two_groups(
    counts: Mapping[int, int], candidates: Sequence[int], w: int, first: int, second: int
) -> tuple[int, int] | None:
    """The best ranks for a group of ``first`` cards and one of ``second`` with ``w`` wild
    cards: 3 and 2 make a full house, 2 and 2 two pairs (the higher pair first).

    >>> _two_groups({9: 2, 5: 2, 3: 1}, [9, 5, 3], 0, 3, 2) is None, _two_groups({9: 2, 5: 2}, [9, 5], 1, 3, 2)
    (True, (9, 5))
    >>> _two_groups({9: 2, 5: 1, 3: 1}, [14, 9, 5, 3], 2, 2, 2)  # two wild cards make a pair of aces
    (14, 9)
    """
    for a in candidates:
        need = max(0, first - counts.get(a, 0))
        if need > w:
            continue
        for b in candidates:
            if (b < a if first == second else b != a) and need + max(
                0, second - counts.get(b, 0)
            ) <= w:
                return a, b
    return None


# _find_set says which cards make the best set; set_value (the search's inner loop) only
# its value. They share the choice of ranks for groups of a kind, and a property test
# holds them to each other on every pool (through find_set_by_key and set_value).


def _find_set(pool: Sequence[_Piece], solo: bool = False) -> tuple[int, Used]:
    """The best set of scorable pieces: (value, [(pool index, rank, suit or None)]).

    Wild pieces get the rank (and the suit, when it matters) they play as.
    """
    if not pool:
        return NO_HAND, []
    wilds = [i for i, p in enumerate(pool) if p.wild]
    w = len(wilds)
    by_rank: dict[int, list[int]] = {}
    by_suit: dict[str, list[int]] = {s: [] for s in SUIT_CHARS}
    suit_rank: dict[str, dict[int, int]] = {s: {} for s in SUIT_CHARS}
    for i in sorted((i for i, x in enumerate(pool) if not x.wild), key=lambda i: -pool[i].rank):
        piece = pool[i]
        by_rank.setdefault(piece.rank, []).append(i)
        by_suit[piece.suit].append(i)
        suit_rank[piece.suit].setdefault(piece.rank, i)
    counts = {r: len(ix) for r, ix in by_rank.items()}
    # Groups of a kind are best built on a rank held, or on aces made of wild cards.
    candidates = sorted(set(counts) | ({14} if w else set()), reverse=True)

    def take(r: int, n: int, used: Used) -> None:
        busy = {u[0] for u in used}
        taken = [i for i in by_rank.get(r, ()) if i not in busy][:n]
        used += [(i, r, pool[i].suit) for i in taken]
        free = [i for i in wilds if i not in busy]
        used += [(i, r, None) for i in free[: n - len(taken)]]

    def groups(category: int, *sizes: tuple[int, int]) -> tuple[int, Used]:
        used: Used = []
        for rank, size in sizes:
            take(rank, size, used)
        return pack(category, *(rank for rank, _ in sizes)), used

    if solo:
        if w:
            return pack(DECKO_HIGH_CARD, 14), [(wilds[0], 14, None)]
        top = max(range(len(pool)), key=lambda i: pool[i].rank)
        return pack(DECKO_HIGH_CARD, pool[top].rank), [(top, pool[top].rank, pool[top].suit)]

    n = len(pool)
    if n >= 5:
        suits = [s for s in SUIT_CHARS if len(suit_rank[s]) + w >= 5]
        for top, window in _WINDOWS_RF_FIRST:
            for s in suits:
                have = suit_rank[s]
                missing = [r for r in window if r not in have]
                if len(missing) <= w:
                    run: Used = [(have[r], r, s) for r in window if r in have]
                    run += [(wilds[k], r, s) for k, r in enumerate(missing)]
                    value = (
                        pack(DECKO_ROYAL_FLUSH) if top == 15 else pack(DECKO_STRAIGHT_FLUSH, top)
                    )
                    return value, run
    if n >= 4 and (four := _of_a_kind(counts, candidates, w, 4)) is not None:
        return groups(DECKO_FOUR_OF_A_KIND, (four, 4))
    if n >= 5:
        best: tuple[list[int], Used] | None = None
        for s in SUIT_CHARS:
            if len(by_suit[s]) + w < 5:
                continue
            chosen: Used = [(wilds[k], 14, s) for k in range(min(w, 5))]
            chosen += [(i, pool[i].rank, s) for i in by_suit[s][: 5 - len(chosen)]]
            ranks = [rank for _, rank, _ in chosen]
            if best is None or ranks > best[0]:
                best = (ranks, chosen)
        if best is not None:
            return pack(DECKO_FLUSH, *best[0]), best[1]
        for top, window in _WINDOWS:
            missing = [r for r in window if r not in counts]
            if len(missing) <= w:
                straight: Used = [
                    (by_rank[r][0], r, pool[by_rank[r][0]].suit) for r in window if r in counts
                ]
                straight += [(wilds[k], r, None) for k, r in enumerate(missing)]
                return pack(DECKO_STRAIGHT, top), straight
        if (house := _two_groups(counts, candidates, w, 3, 2)) is not None:
            return groups(DECKO_FULL_HOUSE, (house[0], 3), (house[1], 2))
    if n >= 3 and (three := _of_a_kind(counts, candidates, w, 3)) is not None:
        return groups(DECKO_THREE_OF_A_KIND, (three, 3))
    if n >= 4 and (pairs := _two_groups(counts, candidates, w, 2, 2)) is not None:
        return groups(DECKO_TWO_PAIRS, (pairs[0], 2), (pairs[1], 2))
    if n >= 2 and (pair := _of_a_kind(counts, candidates, w, 2)) is not None:
        return groups(DECKO_PAIR, (pair, 2))
    if w:
        return pack(DECKO_HIGH_CARD, 14), [(wilds[0], 14, None)]
    top = max(range(len(pool)), key=lambda i: pool[i].rank)
    return pack(DECKO_HIGH_CARD, pool[top].rank), [(top, pool[top].rank, pool[top].suit)]


def _delta_vectors(n: int, steps: int) -> Iterator[tuple[int, ...]]:
    """Every way to move ``n`` numbered cards by whole steps, ``steps`` in all at most."""
    if n == 0:
        yield ()
        return
    for d in range(-steps, steps + 1):
        for rest in _delta_vectors(n - 1, steps - abs(d)):
            yield (d, *rest)


@lru_cache(maxsize=65536)
def find_set_by_key(
    key: tuple[tuple[int, str, bool], ...], solo: bool
) -> tuple[int, tuple[tuple[int, int, str | None], ...]]:
    """The best set of a canonical pool ``((rank, suit, wild), ...)``: its value and cards."""
    pool = [_Piece(r, s, "", 0, 0, w, True, 0) for r, s, w in key]
    value, used = _find_set(pool, solo)
    return value, tuple(used)


def _canonical(pool: Sequence[_Piece]) -> tuple[list[_Piece], tuple[tuple[int, str, bool], ...]]:
    ordered = sorted(pool, key=lambda p: (p.rank, p.suit, p.wild))
    return ordered, tuple((p.rank, p.suit, p.wild) for p in ordered)


_WINDOW_MASKS = [(top, sum(1 << r for r in window)) for top, window in _WINDOWS]


@lru_cache(maxsize=1 << 17)
def set_value(key: tuple[tuple[int, str, bool], ...], solo: bool) -> int:
    """Just the value of the best set of a canonical pool (what :func:`_find_set`
    finds, without saying which cards): the inner loop of the search."""
    if not key:
        return NO_HAND
    w = 0
    counts: dict[int, int] = {}
    suit_mask = {"s": 0, "h": 0, "d": 0, "c": 0}
    suit_ranks: dict[str, list[int]] = {"s": [], "h": [], "d": [], "c": []}
    rank_mask = 0
    for r, s, wild in key:
        if wild:
            w += 1
            continue
        counts[r] = counts.get(r, 0) + 1
        suit_mask[s] |= 1 << r
        suit_ranks[s].append(r)
        rank_mask |= 1 << r
    if solo:
        return pack(DECKO_HIGH_CARD, 14 if w else max(counts))
    n = len(key)
    candidates = sorted(set(counts) | ({14} if w else set()), reverse=True)
    if n >= 5:
        for top, m in _WINDOW_MASKS:
            for s in SUIT_CHARS:
                if (m & ~suit_mask[s]).bit_count() <= w:
                    return pack(DECKO_ROYAL_FLUSH) if top == 14 else pack(DECKO_STRAIGHT_FLUSH, top)
    if n >= 4 and (four := _of_a_kind(counts, candidates, w, 4)) is not None:
        return pack(DECKO_FOUR_OF_A_KIND, four)
    if n >= 5:
        best: list[int] | None = None
        for s in SUIT_CHARS:
            if len(suit_ranks[s]) + w >= 5:
                ranks = ([14] * w + sorted(suit_ranks[s], reverse=True))[:5]
                if best is None or ranks > best:
                    best = ranks
        if best is not None:
            return pack(DECKO_FLUSH, *best)
        for top, m in _WINDOW_MASKS:
            if (m & ~rank_mask).bit_count() <= w:
                return pack(DECKO_STRAIGHT, top)
        if (house := _two_groups(counts, candidates, w, 3, 2)) is not None:
            return pack(DECKO_FULL_HOUSE, *house)
    if n >= 3 and (three := _of_a_kind(counts, candidates, w, 3)) is not None:
        return pack(DECKO_THREE_OF_A_KIND, three)
    if n >= 4 and (pairs := _two_groups(counts, candidates, w, 2, 2)) is not None:
        return pack(DECKO_TWO_PAIRS, *pairs)
    if n >= 2 and (pair := _of_a_kind(counts, candidates, w, 2)) is not None:
        return pack(DECKO_PAIR, pair)
    return pack(DECKO_HIGH_CARD, candidates[0])


@lru_cache(maxsize=256)
def _moves(n: int, steps: int) -> tuple[tuple[int, ...], ...]:
    return tuple(d for d in _delta_vectors(n, steps) if any(d))


@lru_cache(maxsize=1 << 16)
def _best_moves(
    key: tuple[tuple[int, str, bool], ...], aces: int, solo: bool
) -> tuple[int, tuple[int, ...]]:
    """The best set value of a canonical pool when ``aces`` assisting aces may
    move numbered cards, and the move of each card that reaches it."""
    best = (set_value(key, solo), (0,) * len(key))
    if not aces:
        return best
    numbered = [i for i, (r, _, w) in enumerate(key) if not w and 2 <= r <= 10]
    seen = {key}
    for deltas in _moves(len(numbered), aces):
        moved = list(key)
        ok = True
        for i, d in zip(numbered, deltas, strict=True):
            if d:
                r = key[i][0] + d
                if not 2 <= r <= 10:  # never into a letter, never below two
                    ok = False
                    break
                moved[i] = (r, key[i][1], key[i][2])
        if not ok:
            continue
        moved_key = tuple(sorted(moved))
        if moved_key in seen:
            continue
        seen.add(moved_key)
        value = set_value(moved_key, solo)
        if value > best[0]:
            shifts = [0] * len(key)
            for i, d in zip(numbered, deltas, strict=True):
                shifts[i] = d
            best = (value, tuple(shifts))
    return best


def _best_with_aces(pool: list[_Piece], aces: int, solo: bool) -> tuple[int, Used, list[_Piece]]:
    """The best set when assisting aces may move numbered cards up or down.

    Returns the value, the set as (index, rank, suit) into the returned pool
    (sorted, with the moves applied).
    """
    ordered, key = _canonical(pool)
    value, shifts = _best_moves(key, aces, solo)
    moved = [p._replace(rank=p.rank + d) if d else p for p, d in zip(ordered, shifts, strict=True)]
    moved, moved_key = _canonical(moved)
    found, used = find_set_by_key(moved_key, solo)
    assert found == value, (moved_key, found, value)
    return value, list(used), moved


def _effects(pieces: Sequence[_Piece]) -> tuple[int, int]:
    """Chips and credit-card dollars earned on reveal by the cards in hand."""
    crypto = sum(1 for p in pieces if p.effect == "crypto")
    per_suit: dict[str, int] = {}
    for p in pieces:
        per_suit[p.suit] = per_suit.get(p.suit, 0) + 1
    chips = crypto * crypto
    money = 0
    for p in pieces:
        if p.effect == "chip":
            chips += p.chips
        elif p.effect == "rich-king":
            chips += per_suit[p.suit]
        elif p.effect == "credit":
            money += p.money
    return chips, money


def low_sum(hand: Iterable[DeckoCard]) -> int:
    """Low sum: the numbered cards added up, before any card ability.

    Both numbers of a double card count, a dissolving card counts its lower
    number, jovial jacks count as jacks (nothing), letters count nothing.

    >>> low_sum(parse_decko_cards("9s&4d 6h/7 Jh/2 Ks 3c"))
    22
    """
    total = 0
    for card in hand:
        if card.special == "dissolving" and card.alt_rank is not None:
            total += min(card.rank, card.alt_rank)
            continue
        if card.rank <= 10:
            total += card.rank
        if card.double is not None and card.double.rank <= 10:
            total += card.double.rank
    return total


def best_set(
    hand: Sequence[DeckoCard],
    reveal: Reveal | None = None,
    round: DeckoRound = NORMAL,
    *,
    purged: Iterable[int] = (),
) -> DeckoSet:
    """A hand's best set on reveal under ``round``, with the chips and money it earns.

    ``reveal`` gives what queens may copy (and the market for Hold'em);
    ``purged`` lists the numbers that may not score (Purge: the numbers in
    the other players' hands).
    """
    reveal = reveal or Reveal()
    hand = tuple(hand)
    purged_numbers = frozenset(purged)
    if round.market_cards:
        market = reveal.market
        k = min(round.market_cards, len(market))
        triples = list(combinations(range(len(market)), k)) or [()]
        best: DeckoSet = NO_SET
        key_best: tuple[int, int, int] | None = None
        for triple in triples:
            extra = tuple(market[i] for i in triple)
            found = _best_set_of(hand, extra, reveal, round, purged_numbers)
            key = (found.value, found.chips, found.credit)
            if key_best is None or key > key_best:
                best, key_best = found, key
        return best
    return _best_set_of(hand, (), reveal, round, purged_numbers)


def _best_set_of(
    hand: tuple[DeckoCard, ...],
    extra: tuple[DeckoCard, ...],
    reveal: Reveal,
    round: DeckoRound,
    purged: frozenset[int],
) -> DeckoSet:
    cards = hand + extra
    n_hand = len(hand)
    if not cards:
        return NO_SET
    options: list[list[tuple[_Piece, ...]]] = []
    for i, card in enumerate(cards):
        flipped = bool(purged and card.numbers & purged)
        scorable = not flipped and not (round.pro_table and card.starting)
        opts = _identity(card, i, scorable)
        if card.special in QUEENS:
            for copy in _copy_sources(card, i, cards, reveal):
                if round.pro_table and copy.starting:
                    continue  # a queen may not become a starting card that cannot score
                opts += _identity(copy, i, scorable)
        if round.battle_royale and card.rank in ROYAL_RANKS:
            opts.append((_Piece(card.rank, card.suit, "", 0, 0, True, scorable, i),))
        options.append(_dedupe(opts))

    if round.hand_cards is not None and n_hand > round.hand_cards:
        hand_groups: list[tuple[int, ...]] = list(combinations(range(n_hand), round.hand_cards))
    else:
        hand_groups = [tuple(range(n_hand))]
    allowed_extra = tuple(range(n_hand, len(cards)))

    groups = [sorted(set(g) | set(allowed_extra)) for g in hand_groups]
    group_values: dict[tuple[Any, ...], int] = {}
    best_key: tuple[int, int, int] | None = None
    best: tuple[Any, ...] | None = None
    for picks in product(*[range(len(o)) for o in options]):
        choice = [options[i][k] for i, k in enumerate(picks)]
        pieces = [p for option in choice for p in option]
        aces = sum(1 for p in pieces if p.effect == "assisting-ace")
        if any(p.wild for p in pieces):
            # Wild royals: their reveal effects depend on how they played.
            kings = _rich_king_suits(pieces)
            for allowed in groups:
                pool = [p for i in allowed for p in choice[i] if p.scorable]
                value, found, moved = _best_with_aces(pool, aces, round.solo)
                placed = [
                    (i, r, s if s is not None else _wild_suit(moved[i], kings)) for i, r, s in found
                ]
                resolved = _resolve_wilds(pieces, [(moved[i], r, s) for i, r, s in placed], options)
                key = (value, *_effects(resolved))
                if best_key is None or key > best_key:
                    best_key, best = key, (picks, allowed)
            continue
        chips, money = _effects(pieces)
        for g, allowed in enumerate(groups):
            # The set only depends on the readings of the cards allowed in it.
            memo = (g, aces, *(picks[i] for i in allowed))
            value = group_values.get(memo, -1)
            if value < 0:
                pool = [p for i in allowed for p in choice[i] if p.scorable]
                value = _best_moves(_canonical(pool)[1], aces, round.solo)[0]
                group_values[memo] = value
            key = (value, chips, money)
            if best_key is None or key > best_key:
                best_key, best = key, (picks, allowed)
    assert best is not None and best_key is not None
    picks, allowed = best
    choice = [options[i][k] for i, k in enumerate(picks)]
    pieces = [p for option in choice for p in option]
    kings = _rich_king_suits(pieces)
    pool = [p for i in allowed for p in choice[i] if p.scorable]
    value, found, moved = _best_with_aces(
        pool, sum(1 for p in pieces if p.effect == "assisting-ace"), round.solo
    )
    placed = [(i, r, s if s is not None else _wild_suit(moved[i], kings)) for i, r, s in found]
    chips, money = best_key[1], best_key[2]
    best = (value, placed, moved, chips, money)
    assert best is not None
    value, placed, moved, chips, money = best
    sizes = {r: sum(1 for _, x, _ in placed if x == r) for _, r, _ in placed}
    placed = sorted(
        placed, key=lambda u: (sizes[u[1]], u[1]), reverse=True
    )  # trips before the pair
    set_cards = tuple(SetCard(cards[moved[i].src], Card.of(r, s)) for i, r, s in placed)
    cat = category_of(value)
    name = DECKO_CATEGORIES[cat] if value else "no set"
    return DeckoSet(
        value,
        name,
        describe_decko(value),
        max(0, cat - 1),
        chips,
        money,
        set_cards,
        market_used=extra,
    )


def _rich_king_suits(pieces: Sequence[_Piece]) -> dict[str, int]:
    kings: dict[str, int] = {}
    for p in pieces:
        if p.effect == "rich-king" and not p.wild:
            kings[p.suit] = kings.get(p.suit, 0) + 1
    return kings


def _wild_suit(piece: _Piece, kings: Mapping[str, int]) -> str:
    """The suit of a royal playing as another card when the set leaves the suit
    free: the one with the most rich kings in hand, else its own."""
    return max(SUIT_CHARS, key=lambda s: (kings.get(s, 0), s == piece.suit))


def _dedupe(options: list[tuple[_Piece, ...]]) -> list[tuple[_Piece, ...]]:
    seen: list[tuple[_Piece, ...]] = []
    for o in options:
        if o not in seen:
            seen.append(o)
    return seen


def _copy_sources(
    queen: DeckoCard, index: int, cards: Sequence[DeckoCard], reveal: Reveal
) -> list[DeckoCard]:
    """The cards a queen may become, by her kind."""
    if queen.special == "pyromaniac-queen":
        return [reveal.burn_top] if reveal.burn_top is not None else []
    if queen.special == "dumpster-diving-queen":
        return [reveal.discard_top] if reveal.discard_top is not None else []
    if queen.special == "shopping-queen":
        return list(reveal.market)
    if queen.special == "bridge-partner-queen":
        return [c for j, c in enumerate(cards) if j != index and c.suit == queen.suit]
    return []


def _resolve_wilds(
    pieces: Sequence[_Piece],
    in_set: Sequence[tuple[_Piece, int, str]],
    options: Sequence[Sequence[tuple[_Piece, ...]]],
) -> list[_Piece]:
    """The hand as its reveal effects see it, once wild royals have played.

    ``in_set`` lists the set's pieces with the rank and suit each plays as.
    A royal that plays as another card loses its own effect and counts as
    that card; a royal left out of the set is itself again.
    """
    if not any(p.wild for p in pieces):
        return list(pieces)
    playing = {p.src: (r, s) for p, r, s in in_set if p.wild}
    out: list[_Piece] = []
    for p in pieces:
        if not p.wild:
            out.append(p)
        elif p.src in playing:
            r, s = playing[p.src]
            out.append(_Piece(r, s, "", 0, 0, False, p.scorable, p.src))
        else:
            out += options[p.src][0]
    return out


# -- judging a reveal ---------------------------------------------------------------------------


def purged_numbers(hands: Mapping[str, Sequence[DeckoCard]], name: str) -> frozenset[int]:
    """Purge: the numbers on the other players' cards, which ``name`` may not score."""
    out: set[int] = set()
    for other, hand in hands.items():
        if other != name:
            for card in hand:
                out |= card.numbers
    return frozenset(out)


def rank_decko(
    hands: Mapping[str, Sequence[DeckoCard]],
    round: DeckoRound = NORMAL,
    *,
    market: Sequence[DeckoCard] = (),
    burn_tops: Mapping[str, DeckoCard] | None = None,
    discard_tops: Mapping[str, DeckoCard] | None = None,
) -> Ranking:
    """Judge a DECKO reveal: every player's best set and place under ``round``.

    >>> r = rank_decko({"bozo": parse_decko_cards("2h 2d 2c Ah Ad"),
    ...                 "krusty": parse_decko_cards("4h 4d 4s 5c 5d")})
    >>> r.winners
    ('krusty',)
    """
    burn_tops = burn_tops or {}
    discard_tops = discard_tops or {}
    for label, mapping in (("burn pile", burn_tops), ("discard pile", discard_tops)):
        for who in mapping:
            if who not in hands:
                raise CompanionError(f"{label} given for {who!r}, who is not a player")
    names = list(hands)
    sets: list[DeckoSet] = []
    for name in names:
        reveal = Reveal(burn_tops.get(name), discard_tops.get(name), tuple(market))
        purged = purged_numbers(hands, name) if round.purge else frozenset()
        found = best_set(hands[name], reveal, round, purged=purged)
        if round.low_sum and hands[name]:
            found = _with_sum(found, low_sum(hands[name]))
        sets.append(found)
    keys = _order_keys(sets, round)
    return Ranking(order_placings(names, sets, places(keys)))


def _with_sum(found: DeckoSet, total: int) -> DeckoSet:
    from dataclasses import replace

    return replace(found, low_sum=total)


def _order_keys(sets: Sequence[DeckoSet], round: DeckoRound) -> list[int]:
    """Positive keys, higher wins, that put the round's winner first (0: cannot win)."""
    if round.low_sum:
        return [LOW_TOP - s.low_sum if s.low_sum is not None and s.legal else 0 for s in sets]
    if round.lowball:
        return [LOW_TOP - s.value if s.legal else 0 for s in sets]
    if round.penultimo:
        # The second-best set wins; the rule repeats among the sets left, so the
        # third best comes second, and so on, and the best set comes last.
        distinct = sorted({s.value for s in sets if s.legal}, reverse=True)
        order = distinct[1:] + distinct[:1]
        position = {v: len(order) - i for i, v in enumerate(order)}
        return [position[s.value] if s.legal else 0 for s in sets]
    return [s.value for s in sets]


__all__ = [
    "NORMAL",
    "NO_SET",
    "QUEENS",
    "SPECIALS",
    "WILDCARDS",
    "DeckoCard",
    "DeckoRound",
    "DeckoSet",
    "Placing",
    "Reveal",
    "SetCard",
    "best_set",
    "from_card_model",
    "low_sum",
    "parse_decko_card",
    "parse_decko_cards",
    "purged_numbers",
    "rank_decko",
    "wildcard_round",
]
