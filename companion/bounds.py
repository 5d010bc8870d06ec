"""The stated ranges of the numbers users type: seeds, chips, samples, games, list lengths.

One home for each limit, so the CLI can state it in ``--help`` (Typer's
``min``/``max``) and the library checks the same number for every other
caller. Limits of one subsystem's own inputs stay with it (print sizes in
:mod:`companion.printing.imposition`, blind levels in :mod:`companion.timer`).

>>> check_seed(7)
7
>>> check_seed(2**63)
Traceback (most recent call last):
...
companion.errors.CompanionError: seed 9223372036854775808 is out of range (it must fit in 64 bits: -9223372036854775808 to 9223372036854775807)
"""

from __future__ import annotations

from companion.documents import short
from companion.errors import CompanionError

SEED_MIN = -(2**63)
SEED_MAX = 2**63 - 1
"""A seed fits in 64 bits, as SQLite stores it and a save records it."""

MAX_CHIPS = 10**12
"""The most chips or gold one amount may be (a million times any real stake)."""

MAX_SAMPLES = 10_000_000
"""The most Monte Carlo deals ``odds`` samples (about a minute on one core)."""

MAX_GAMES = 1_000_000
"""The most games ``dod simulate`` plays in one run."""

MAX_WORKERS = 256
"""The most worker processes a command starts."""

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


def check_seed(seed: int) -> int:
    """``seed`` itself when it fits in 64 bits; a one-line error otherwise."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not SEED_MIN <= seed <= SEED_MAX:
        raise CompanionError(
            f"seed {short(seed)} is out of range (it must fit in 64 bits: {SEED_MIN} to {SEED_MAX})"
        )
    return seed


__all__ = [
    "MAX_CHIPS",
    "MAX_GAMES",
    "MAX_LIST",
    "MAX_SAMPLES",
    "MAX_WORKERS",
    "SEED_MAX",
    "SEED_MIN",
    "check_range",
    "check_seed",
]
