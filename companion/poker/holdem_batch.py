"""The vectorised Hold'em evaluator (numpy): millions of 7-card hands at once.

The same summed-key idea as :mod:`companion.poker.holdem_tables`, as array
operations: one gather and one row sum give every hand's key; a table of
7.8 million 16-bit entries turns the rank part of a key into the hand's
class rank among the 4824 classes seven cards can make (1 = worst,
4824 = royal flush); the ~3% of hands holding five cards of a suit look
their suit's ranks up in the flush table. Values are
dense ranks here (``to_packed`` turns them into the packed values of the
rest of the package); only their order matters for equity.

numpy is imported by this module only, so nothing else pays for it.

>>> import numpy as np
>>> from companion.poker.cards import parse_cards
>>> hands = np.array([parse_cards("As Ks Qs Js Ts 2d 3c"), parse_cards("2c 3d 4h 5s 7c 8d 9h")], dtype=np.int8)
>>> ranks = evaluate7(hands)
>>> ranks.tolist()
[4824, 1]
>>> from companion.poker.values import describe
>>> [describe(v) for v in to_packed(ranks)]
['royal flush', 'nine high']
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np

from companion.errors import CompanionError
from companion.poker.holdem_tables import FLUSH_TABLE, NONFLUSH, SK_RANK_KEYS, build_tables

if TYPE_CHECKING:
    from numpy.typing import NDArray

SEVEN = 7 << 23  # the card-count part of a seven-card key in the scalar tables


class _Tables:
    """The numpy lookup tables, built once from the scalar ones (about 50 ms)."""

    def __init__(self) -> None:
        build_tables()
        keys = np.fromiter(NONFLUSH.keys(), dtype=np.int64, count=len(NONFLUSH))
        vals = np.fromiter(NONFLUSH.values(), dtype=np.int64, count=len(NONFLUSH))
        flush = np.asarray(FLUSH_TABLE, dtype=np.int64)
        seven = (keys >> 23) == 7
        classes = np.unique(np.concatenate([vals[seven], flush[flush > 0]]))
        self.packed: NDArray[np.int64] = classes  # dense rank - 1 -> packed value
        sk = keys[seven] - SEVEN
        nonflush = np.zeros(int(sk.max()) + 1, dtype=np.int16)
        nonflush[sk] = np.searchsorted(classes, vals[seven]) + 1
        self.nonflush = nonflush
        dense_flush = np.zeros(1 << 13, dtype=np.int16)
        has = flush > 0
        dense_flush[has] = np.searchsorted(classes, flush[has]) + 1
        self.flush = dense_flush
        index = np.arange(52)
        sk_keys = np.asarray(SK_RANK_KEYS, dtype=np.int64)[index >> 2]
        self.card_key: NDArray[np.int64] = (sk_keys << 16) | (np.int64(1) << (4 * (index & 3)))
        self.rank_bit: NDArray[np.int64] = np.int64(1) << (index >> 2)
        self.suit: NDArray[np.int64] = index & 3
        self.card_bit: NDArray[np.int64] = np.int64(1) << (16 * (index & 3) + (index >> 2))


@lru_cache(maxsize=1)
def tables() -> _Tables:
    return _Tables()


def _flush_fix(
    t: _Tables,
    key: NDArray[np.int64],
    ranks: NDArray[np.int16],
    suit_masks: list[NDArray[np.int64]] | None,
    cards: NDArray[np.integer] | None = None,
) -> NDArray[np.int16]:
    """Replace the ranks of hands holding five of a suit by their flush rank if higher."""
    counts = (key & 0xFFFF) + 0x3333
    rows = np.flatnonzero(counts & 0x8888)
    if rows.size == 0:
        return ranks
    c = counts[rows]
    suit = np.select([c & 0x8 != 0, c & 0x80 != 0, c & 0x800 != 0], [0, 1, 2], 3)
    if suit_masks is not None:
        bits = np.choose(suit, [m[rows] for m in suit_masks])
    else:
        assert cards is not None
        sub = cards[rows]
        match = t.suit[sub] == suit[:, None]
        bits = np.where(match, t.rank_bit[sub], 0).sum(axis=1)
    flush_rank = t.flush[bits]
    ranks = ranks.copy()
    ranks[rows] = np.maximum(ranks[rows], flush_rank)
    return ranks


CHUNK = 1 << 15
"""Rows evaluated at a time: small enough for the working arrays to stay in cache."""


def evaluate7(cards: NDArray[np.integer]) -> NDArray[np.int16]:
    """Dense class ranks (higher wins) of an ``(n, 7)`` array of card indices.

    Cards must be distinct within a row (not checked, for speed: validate
    with :func:`companion.poker.cards.check_unique` when they come from people).
    """
    t = tables()
    cards = np.asarray(cards)
    if cards.ndim != 2 or cards.shape[1] != 7:
        raise ValueError("evaluate7 takes an (n, 7) array of card indices")
    _check_numbers(cards, "evaluate7")
    keys = t.card_key
    out = np.empty(len(cards), dtype=np.int16)
    for start in range(0, len(cards), CHUNK):
        chunk = cards[start : start + CHUNK]
        key = keys[chunk[:, 0]]
        for i in range(1, 7):  # one column at a time beats a gather-and-sum over rows
            key += keys[chunk[:, i]]
        out[start : start + CHUNK] = _flush_fix(t, key, t.nonflush[key >> 16], None, chunk)
    return out


def _check_numbers(cards: NDArray[Any], who: str) -> None:
    """Refuse card numbers outside 0-51 (a negative one would index a table from its end)."""
    if cards.size and not np.issubdtype(cards.dtype, np.integer):
        raise CompanionError(f"{who} takes card numbers 0-51, not {cards.dtype} values")
    if cards.size and (int(cards.min()) < 0 or int(cards.max()) > 51):
        bad = int(cards.min()) if int(cards.min()) < 0 else int(cards.max())
        raise CompanionError(f"{who} takes card numbers 0-51 (no jokers), not {bad}")


def to_packed(ranks: NDArray[np.integer]) -> NDArray[np.int64]:
    """Dense ranks back to the packed values of :mod:`companion.poker.values`."""
    return tables().packed[np.asarray(ranks, dtype=np.int64) - 1]


def combinations_array(n: int, k: int) -> NDArray[np.int8]:
    """All k-subsets of ``range(n)`` in lexicographic order, as an ``(C(n,k), k)`` array.

    >>> combinations_array(4, 2).tolist()
    [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
    """
    if k == 0:
        return np.zeros((1, 0), dtype=np.int8)
    combos = np.arange(n, dtype=np.int8)[: n - k + 1, None]
    for j in range(1, k):
        last = combos[:, -1].astype(np.int64)
        counts = (n - k + j) - last  # room left for the next element
        rep = np.repeat(combos, counts, axis=0)
        starts = np.repeat(last + 1, counts)
        offsets = np.arange(int(counts.sum())) - np.repeat(np.cumsum(counts) - counts, counts)
        combos = np.hstack([rep, (starts + offsets).astype(np.int8)[:, None]])
    return combos


def subset_sums(vectors: list[NDArray[np.int64]], k: int) -> list[NDArray[np.int64]]:
    """For each vector, the sums over every k-subset of its items, all in the same
    (lexicographic) subset order, without listing the subsets.

    The k-subsets starting at item j are item j plus the (k-1)-subsets of the
    items after it, which in lexicographic order are a tail of the list of all
    (k-1)-subsets: one slice and one addition per first item.

    >>> [s.tolist() for s in subset_sums([np.array([1, 10, 100, 1000])], 2)]
    [[11, 101, 1001, 110, 1010, 1100]]
    """
    m = len(vectors[0])
    if k == 0:
        return [np.zeros(1, dtype=v.dtype) for v in vectors]
    sums = [v.copy() for v in vectors]
    for level in range(2, k + 1):
        # start[j]: where the (level-1)-subsets whose first item is j begin
        sizes = [math.comb(m - 1 - j, level - 2) for j in range(m)]
        start = [0]
        for size in sizes:
            start.append(start[-1] + size)
        sums = [
            np.concatenate([v[j] + s[start[j + 1] :] for j in range(m - level + 1)])
            for v, s in zip(vectors, sums, strict=True)
        ]
    return sums


class Boards:
    """Every completion of a partial board, reduced to what evaluation needs:
    each board's rank-key sum, its four suit counts and its cards as a 64-bit
    mask (16 bits a suit)."""

    def __init__(self, known: list[int], deck: list[int], missing: int) -> None:
        t = tables()
        known_arr = np.asarray(known, dtype=np.int64)
        deck_arr = np.asarray(deck, dtype=np.int64)
        _check_numbers(known_arr, "Boards")
        _check_numbers(deck_arr, "Boards")
        key, bits = subset_sums([t.card_key[deck_arr], t.card_bit[deck_arr]], missing)
        key += int(t.card_key[known_arr].sum())
        self.count = len(key)
        self.rank_key = (key >> 16).astype(np.int32)
        self.suit_count = (key & 0xFFFF).astype(np.uint16)
        self.bits = bits + int(t.card_bit[known_arr].sum())

    def ranks_with(self, hole: list[int]) -> NDArray[np.int16]:
        """Dense ranks of ``hole`` (the cards that make seven) on every board."""
        t = tables()
        hole_arr = np.asarray(hole, dtype=np.int64)
        _check_numbers(hole_arr, "Boards.ranks_with")
        hole_key = int(t.card_key[hole_arr].sum())
        ranks: NDArray[np.int16] = t.nonflush[self.rank_key + np.int32(hole_key >> 16)]
        counts = self.suit_count + np.uint16((hole_key & 0xFFFF) + 0x3333)
        rows = np.flatnonzero(counts & np.uint16(0x8888))
        if rows.size:
            c = counts[rows]
            suit = np.select([c & 0x8 != 0, c & 0x80 != 0, c & 0x800 != 0], [0, 1, 2], 3)
            bits = ((self.bits[rows] | int(t.card_bit[hole_arr].sum())) >> (16 * suit)) & 0x1FFF
            ranks[rows] = np.maximum(ranks[rows], t.flush[bits])
        return ranks
