"""The stated ranges of the numbers users type: seeds, chips, samples, games, list lengths.

One home for each limit, so the CLI can state it in ``--help`` (Typer's
``min``/``max``) and the library checks the same number for every other
caller. Limits of one subsystem's own inputs stay with it (print sizes in
:mod:`companion.printing.imposition`, a clock's minutes and deals in
:mod:`companion.timer.clock`); the highest level is here, since the table and the
clock both count levels.

>>> check_seed(7)
7
>>> check_seed(-5)
Traceback (most recent call last):
...
companion.errors.CompanionError: seed -5 is out of range (0 to 18446744073709551615)
"""

from __future__ import annotations

from companion.documents import short
from companion.errors import CompanionError

SEED_MIN = 0
SEED_MAX = 2**64 - 1
"""Every seed (tables, Monte Carlo, Dungeon of D, Dungeon Master) is a whole number
from 0 to 2^64 - 1: any 64-bit word, each a different game, stored exactly."""

SEED_RANGE = "0 to 2^64-1"
"""The seed range as ``--help`` states it."""

MAX_CHIPS = 10**12
"""The most chips or gold one amount may be (a million times any real stake)."""

MAX_SAMPLES = 10_000_000
"""The most Monte Carlo deals ``odds`` samples (about a minute on one core)."""

MAX_GAMES = 1_000_000
"""The most games ``dod simulate`` plays in one run."""

MAX_WORKERS = 256
"""The most worker processes a command starts."""

MAX_LEVEL = 500
"""The highest level a clock or a table reaches: a structure that goes on stops there,
so every number worked out from a level (its blinds, its place in the sequence) stays
small, and a level typed at ``table level`` or ``timer run --level`` is checked
against it."""

MAX_LIST = 10_000
"""The most rows a listing (high scores, logs) shows."""


def check_range(what: str, value: int, low: int, high: int) -> int:
    """``value`` itself when ``low <= value <= high``, else a one-line error naming ``what``.

    >>> check_range("--samples", 0, 1, 10)
    Traceback (most recent call last):
    ...
    companion.errors.CompanionError: --samples 0 is out of range (1 to 10)
    """
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise CompanionError(f"{what} {short(value)} is out of range ({low} to {high})")
    return value


def check_seed(seed: int, what: str = "seed") -> int:
    """``seed`` itself when it is from 0 to 2^64 - 1; a one-line error naming ``what`` otherwise.

    >>> check_seed(2**64, "--seed")
    Traceback (most recent call last):
    ...
    companion.errors.CompanionError: --seed 18446744073709551616 is out of range (0 to 18446744073709551615)
    """
    return check_range(what, seed, SEED_MIN, SEED_MAX)


__all__ = [
    "MAX_CHIPS",
    "MAX_GAMES",
    "MAX_LEVEL",
    "MAX_LIST",
    "MAX_SAMPLES",
    "MAX_WORKERS",
    "SEED_MAX",
    "SEED_MIN",
    "SEED_RANGE",
    "check_range",
    "check_seed",
]
