"""The fast Hold'em evaluator: summed card keys and two lookup tables.

Every card carries a key ``rank_key << 16 | 1 << 4 * suit``. The rank keys
(Kenneth Shackleton's SKPokerEval constants, plus ``2**23`` a card so hands of
different sizes never collide) are chosen so that the sum over any 0-7 cards
tells their ranks apart; the low 16 bits of the sum count each suit in four
bits. One addition a card then gives:

* ``NONFLUSH[sum >> 16]``: the best hand those ranks make without a flush;
* when a suit count reaches five, ``FLUSH[mask]`` for that suit's ranks.

The tables hold the packed values of :mod:`companion.poker.values`, exactly
what the general evaluator computes, so the two can be mixed freely. They are
loaded, not built: ``holdem_tables.bin`` beside this module (in the wheel
too) holds them, stamped with the constants they were made from; reading it
costs a few milliseconds where building them in Python costs a tenth of a
second. A missing file, or one made from other constants, is ignored and the
tables are built instead. :func:`write_tables_file` writes the file again;
``tests/poker/test_holdem_tables_file.py`` fails when it differs from what
building gives.

Card numbers are checked: a number outside 0-51 is refused in one line (a
negative one would otherwise index the key table from its end).

>>> from companion.poker.cards import parse_cards
>>> from companion.poker.values import describe
>>> describe(holdem_value(parse_cards("As Ks Qs Js Ts 2d 2c")))
'royal flush'
>>> describe(holdem_value(parse_cards("9h 9d 4c")))
'pair of nines'
>>> holdem_value(parse_cards("As As", unique=False))
Traceback (most recent call last):
  ...
companion.errors.CompanionError: card 'As' is given twice
>>> holdem_value([0, 1, 2, 3, 4, 5, -4])
Traceback (most recent call last):
  ...
companion.errors.CompanionError: holdem_value takes cards 0-51 (no jokers), not -4
"""

from __future__ import annotations

import sys
import zlib
from array import array
from collections.abc import Sequence
from pathlib import Path

from companion.errors import CompanionError
from companion.poker import values
from companion.poker.values import (
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
)

SK_RANK_KEYS = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
"""Sums of up to seven of these (at most four of each) are all distinct."""

CARD_COUNT_UNIT = 1 << 23
"""Added to every rank key, so the sum also counts the cards."""

RANK_KEYS: tuple[int, ...] = tuple(k + CARD_COUNT_UNIT for k in SK_RANK_KEYS)
CARD_KEYS: tuple[int, ...] = tuple(RANK_KEYS[i >> 2] << 16 | 1 << 4 * (i & 3) for i in range(52))
SUIT_OFFSET = 0x3333
"""Added to the suit counts: a count of five or more then sets bit 3 of its nibble."""
FLUSH_BITS = 0x8888
RANK_BITS: tuple[int, ...] = tuple(1 << (i >> 2) for i in range(52))
_FLUSH_SUIT = {0x8: 0, 0x80: 1, 0x800: 2, 0x8000: 3}

# 13-bit rank masks (bit 0 = deuce) of the ten straights, best first.
STRAIGHT_MASKS: tuple[tuple[int, int], ...] = tuple(
    (top, (0b11111 << (top - 6)) if top > 5 else 0b1000000001111) for top in range(14, 4, -1)
)

NONFLUSH: dict[int, int] = {}
FLUSH_TABLE: list[int] = []


def straight_top(mask: int) -> int:
    """The top rank of the best straight in a 13-bit rank mask, or 0.

    >>> straight_top(0b1000000001111), straight_top(0b0000011111000), straight_top(0b111)
    (5, 9, 0)
    """
    for top, m in STRAIGHT_MASKS:
        if mask & m == m:
            return top
    return 0


def _nonflush_value(counts: list[int]) -> int:
    """Best hand (no flush) of a rank multiset; ``counts[i]`` for rank ``i + 2``."""
    quads: list[int] = []
    trips: list[int] = []
    pairs: list[int] = []
    singles: list[int] = []
    present: list[int] = []
    mask = 0
    for i in range(12, -1, -1):
        c = counts[i]
        if not c:
            continue
        r = i + 2
        present.append(r)
        mask |= 1 << i
        if c == 4:
            quads.append(r)
        elif c == 3:
            trips.append(r)
        elif c == 2:
            pairs.append(r)
        else:
            singles.append(r)
    if quads:
        q = quads[0]
        kicker = next((r for r in present if r != q), 0)
        return FOUR_OF_A_KIND << 24 | q << 16 | kicker << 12
    if trips and (len(trips) > 1 or pairs):
        t = trips[0]
        p = max(trips[1] if len(trips) > 1 else 0, pairs[0] if pairs else 0)
        return FULL_HOUSE << 24 | t << 16 | p << 12
    if len(present) >= 5:
        top = straight_top(mask)
        if top:
            return STRAIGHT << 24 | top << 16
    if trips:
        k = singles[:2] + [0, 0]
        return THREE_OF_A_KIND << 24 | trips[0] << 16 | k[0] << 12 | k[1] << 8
    if len(pairs) >= 2:
        kicker = max(pairs[2] if len(pairs) > 2 else 0, singles[0] if singles else 0)
        return TWO_PAIR << 24 | pairs[0] << 16 | pairs[1] << 12 | kicker << 8
    if pairs:
        k = singles[:3] + [0, 0, 0]
        return PAIR << 24 | pairs[0] << 16 | k[0] << 12 | k[1] << 8 | k[2] << 4
    k = singles[:5] + [0, 0, 0, 0, 0]
    if not singles:
        return 0
    return HIGH_CARD << 24 | k[0] << 16 | k[1] << 12 | k[2] << 8 | k[3] << 4 | k[4]


def _flush_value(mask: int) -> int:
    """Best flush or straight flush in one suit's 13-bit rank mask (0 if under five)."""
    if mask.bit_count() < 5:
        return 0
    top = straight_top(mask)
    if top:
        return STRAIGHT_FLUSH << 24 | top << 16
    value, shift, taken = FLUSH << 24, 16, 0
    for i in range(12, -1, -1):
        if mask >> i & 1:
            value |= (i + 2) << shift
            shift -= 4
            taken += 1
            if taken == 5:
                break
    return value


def tables_ready() -> bool:
    """Whether :func:`build_tables` has run in this process."""
    return bool(NONFLUSH)


TABLES_FILE = Path(__file__).with_name("holdem_tables.bin")
_FORMAT = b"companion holdem tables 1\n"


def tables_stamp() -> bytes:
    """What the tables are made from: the card keys and the value encoding. A file
    stamped otherwise was made from other constants and is not used."""
    made_from = repr(
        (
            SK_RANK_KEYS,
            CARD_COUNT_UNIT,
            [getattr(values, n) for n in sorted(dir(values)) if n.isupper()],
        )
    )
    return f"{zlib.crc32(made_from.encode()):08x}-{len(made_from)}".encode()


def build_tables() -> None:
    """Fill :data:`NONFLUSH` and :data:`FLUSH_TABLE` (idempotent): from
    :data:`TABLES_FILE` when it holds this version's tables, else by computing them."""
    if NONFLUSH:
        return
    loaded = read_tables_file()
    if loaded is None:
        nonflush, flush = compute_tables()
    else:
        nonflush, flush = loaded
    FLUSH_TABLE[:] = flush
    NONFLUSH.update(nonflush)


def read_tables_file(path: Path = TABLES_FILE) -> tuple[dict[int, int], list[int]] | None:
    """The tables in ``path``, or None when it is missing, damaged or of other constants."""
    try:
        data = zlib.decompress(path.read_bytes())
    except (OSError, zlib.error):
        return None
    head, _, body = data.partition(b"\n\n")
    if head != _FORMAT + tables_stamp():
        return None
    numbers = array("I")
    if numbers.itemsize != 4:  # pragma: no cover - every platform Python runs on has one
        return None
    numbers.frombytes(body)
    if sys.byteorder == "big":  # pragma: no cover - the file is little-endian
        numbers.byteswap()
    count = (len(numbers) - (1 << 13)) // 2
    if count <= 0 or 2 * count + (1 << 13) != len(numbers):
        return None
    keys, vals = numbers[:count], numbers[count : 2 * count]
    return dict(zip(keys, vals)), numbers[2 * count :].tolist()


def tables_file_bytes() -> bytes:
    """The content of :data:`TABLES_FILE` for the tables as computed now."""
    nonflush, flush = compute_tables()
    keys = sorted(nonflush)
    numbers = array("I", [*keys, *(nonflush[k] for k in keys), *flush])
    if sys.byteorder == "big":  # pragma: no cover
        numbers.byteswap()
    return zlib.compress(_FORMAT + tables_stamp() + b"\n\n" + numbers.tobytes(), 9)


def compute_tables() -> tuple[dict[int, int], list[int]]:
    """The two tables, computed in pure Python (about a tenth of a second)."""
    table: dict[int, int] = {}
    # Ranks are walked from ace down, so every group list stays in descending order.
    groups: list[list[int]] = [[], [], [], [], []]  # by count: singles [1], pairs [2], ...
    singles, pairs, trips, quads = groups[1], groups[2], groups[3], groups[4]
    straights = {m: top << 16 for top, m in STRAIGHT_MASKS}

    def leaf(mask: int) -> int:
        if quads:
            q = quads[0]
            kicker = max(
                quads[1] if len(quads) > 1 else 0,
                trips[0] if trips else 0,
                pairs[0] if pairs else 0,
                singles[0] if singles else 0,
            )
            return FOUR_OF_A_KIND << 24 | q << 16 | kicker << 12
        if trips and (len(trips) > 1 or pairs):
            p = max(trips[1] if len(trips) > 1 else 0, pairs[0] if pairs else 0)
            return FULL_HOUSE << 24 | trips[0] << 16 | p << 12
        if len(singles) + len(pairs) + len(trips) >= 5:
            for m, top in straights.items():
                if mask & m == m:
                    return STRAIGHT << 24 | top
        if trips:
            k = singles + [0, 0]
            return THREE_OF_A_KIND << 24 | trips[0] << 16 | k[0] << 12 | k[1] << 8
        if len(pairs) >= 2:
            kicker = max(pairs[2] if len(pairs) > 2 else 0, singles[0] if singles else 0)
            return TWO_PAIR << 24 | pairs[0] << 16 | pairs[1] << 12 | kicker << 8
        if pairs:
            k = singles + [0, 0, 0]
            return PAIR << 24 | pairs[0] << 16 | k[0] << 12 | k[1] << 8 | k[2] << 4
        if not singles:
            return 0
        k = singles + [0, 0, 0, 0]
        return HIGH_CARD << 24 | k[0] << 16 | k[1] << 12 | k[2] << 8 | k[3] << 4 | k[4]

    def walk(i: int, n: int, key: int, mask: int) -> None:
        if i < 0:
            table[key] = leaf(mask)
            return
        step, rank, bit = RANK_KEYS[i], i + 2, 1 << i
        walk(i - 1, n, key, mask)
        for c in range(1, min(4, 7 - n) + 1):
            group = groups[c]
            group.append(rank)
            walk(i - 1, n + c, key + c * step, mask | bit)
            group.pop()

    walk(12, 0, 0, 0)
    return table, [_flush_value(m) for m in range(1 << 13)]


def holdem_value(
    cards: Sequence[int],
    _keys: tuple[int, ...] = CARD_KEYS,
    _nonflush: dict[int, int] = NONFLUSH,
) -> int:
    """The value of the best five of 0-7 distinct cards (no jokers), higher wins.

    Fewer than five cards make a partial hand (a pair, trips, quads, high
    cards) that ranks below the same hand with more kickers. A repeated card
    or a joker is refused.
    """
    try:
        if len(cards) == 7:  # the common case, unrolled: about twice as fast
            a, b, c, d, e, f, g = cards
            given = {a, b, c, d, e, f, g}
            if not given <= _CARD_NUMBERS:
                _raise_not_cards(cards)
            if len(given) != 7:
                _raise_duplicate(cards)
            k = _keys[a] + _keys[b] + _keys[c] + _keys[d] + _keys[e] + _keys[f] + _keys[g]
        else:
            if len(cards) > 7:
                raise CompanionError(f"holdem_value takes at most seven cards, not {len(cards)}")
            given = set(cards)
            if not given <= _CARD_NUMBERS:
                _raise_not_cards(cards)
            if len(given) != len(cards):
                _raise_duplicate(cards)
            k = sum(map(_keys.__getitem__, cards))
        if (k + SUIT_OFFSET) & FLUSH_BITS:
            return _with_flush(cards, k)
        return _nonflush[k >> 16]
    except KeyError:
        if not _nonflush:
            build_tables()  # first use: fill the tables, then answer
            return holdem_value(cards)
        raise
    except TypeError:  # an unhashable "card"
        _raise_not_cards(cards)
        raise


def holdem_value_unchecked(
    cards: Sequence[int],
    _keys: tuple[int, ...] = CARD_KEYS,
    _nonflush: dict[int, int] = NONFLUSH,
) -> int:
    """:func:`holdem_value` without the checks, for inner loops over valid cards
    (call :func:`build_tables` first)."""
    if len(cards) == 7:
        a, b, c, d, e, f, g = cards
        k = _keys[a] + _keys[b] + _keys[c] + _keys[d] + _keys[e] + _keys[f] + _keys[g]
    else:
        k = sum(map(_keys.__getitem__, cards))
    if (k + SUIT_OFFSET) & FLUSH_BITS:
        return _with_flush(cards, k)
    return _nonflush[k >> 16]


def _with_flush(cards: Sequence[int], k: int) -> int:
    """The value of cards holding five or more of one suit (about 3% of 7-card hands)."""
    s = _FLUSH_SUIT[(k + SUIT_OFFSET) & FLUSH_BITS]
    bits = 0
    for c in cards:
        if c & 3 == s:
            bits |= RANK_BITS[c]
    flush = FLUSH_TABLE[bits]
    other = NONFLUSH[k >> 16]
    return max(other, flush)


_CARD_NUMBERS = frozenset(range(52))


def _raise_not_cards(cards: Sequence[object]) -> None:
    bad = next(c for c in cards if not (isinstance(c, int) and c in _CARD_NUMBERS))
    raise CompanionError(f"holdem_value takes cards 0-51 (no jokers), not {bad!r}")


def _raise_duplicate(cards: Sequence[int]) -> None:
    from companion.poker.cards import Card, check_unique

    check_unique([Card(int(c)) for c in cards])


def write_tables_file(path: Path = TABLES_FILE) -> int:
    """Write the tables file again (after changing what the tables hold); its size."""
    data = tables_file_bytes()
    path.write_bytes(data)
    return len(data)
