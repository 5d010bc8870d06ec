"""How a game bets, as data: the limit, the forced bets, the smallest bet and raise.

One :class:`BettingRules` value describes a deal's betting for
:mod:`companion.poker.betting`; every game is a configuration of the same
engine. No-Limit Hold'em with blinds 50/100:

>>> BettingRules(min_bet=100, blinds=(50, 100))
BettingRules(no-limit, min bet 100, blinds 50/100)

Two equal blinds, Pot-Limit, every raise at least the blind, gold paid in
100-gold coins:

>>> BettingRules(min_bet=300, blinds=(300, 300), limit=Limit.POT_LIMIT,
...              raise_rule=RaiseRule.MIN_BET, unit=100, currency="gold")
BettingRules(pot-limit, min bet 300, blinds 300/300, raises of at least 300, in 100s of gold)

The rules round-trip through JSON, so a table can store them with its deal:

>>> r = BettingRules(min_bet=10, blinds=(5, 10), ante=1)
>>> BettingRules.from_json(r.to_json()) == r
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from companion.bounds import MAX_CHIPS
from companion.documents import short
from companion.errors import CompanionError


class Limit(StrEnum):
    """How large a bet or raise may be (the ``--limit no|pot`` of a table)."""

    NO_LIMIT = "no"
    """Up to every chip the player has."""
    POT_LIMIT = "pot"
    """Up to the pot once the player's call is counted into it (docs/decisions.md)."""

    @property
    def label(self) -> str:
        return "no-limit" if self is Limit.NO_LIMIT else "pot-limit"


class RaiseRule(StrEnum):
    """What the smallest raise is."""

    LARGEST = "largest"
    """At least the largest bet or raise of the round so far, and never less than
    the minimum bet (Hold'em)."""
    MIN_BET = "min-bet"
    """Always the minimum bet (a game whose smallest raise is its blind)."""


STREETS: tuple[str, ...] = ("preflop", "flop", "turn", "river")
"""The betting rounds of a board game of poker: before the flop and after each street."""


@dataclass(frozen=True, slots=True)
class BettingRules:
    """The betting of one deal.

    ``blinds`` are posted by seat, the first by the player left of the
    button (with two players and ``heads_up_reversed`` the button posts the
    first, as in Hold'em). ``ante`` is posted by every player before the
    blinds. A bet or raise is at least ``min_bet`` (and see ``raise_rule``);
    ``max_raise`` caps a bet or raise (an encounter that limits it to the
    blind); ``check_allowed`` False means a player with nothing to call must
    bet or fold. Amounts are whole multiples of ``unit`` except an all-in.
    """

    min_bet: int
    limit: Limit = Limit.NO_LIMIT
    blinds: tuple[int, ...] = ()
    ante: int = 0
    raise_rule: RaiseRule = RaiseRule.LARGEST
    max_raise: int | None = None
    check_allowed: bool = True
    unit: int = 1
    streets: tuple[str, ...] = STREETS
    heads_up_reversed: bool = True
    currency: str = "chips"

    def __post_init__(self) -> None:
        _chips("the smallest chip (unit)", self.unit, 1)
        _chips("the minimum bet", self.min_bet, 1)
        _chips("the ante", self.ante, 0)
        for blind in self.blinds:
            _chips("a blind", blind, 0)
        if self.max_raise is not None:
            _chips("the largest raise", self.max_raise, 1)
            if self.max_raise < self.min_bet:
                raise CompanionError(
                    f"the largest raise {self.max_raise:,} is below the minimum bet {self.min_bet:,}"
                )
        for label, value in (
            ("the minimum bet", self.min_bet),
            ("the largest raise", self.max_raise),
        ):
            if value is not None and value % self.unit:
                raise CompanionError(
                    f"{label} {value:,} is not a whole number of {self.unit:,}s of {self.currency}"
                )
        if not self.streets or len(set(self.streets)) != len(self.streets):
            raise CompanionError(
                f"the betting rounds must be one or more different names (got {short(list(self.streets))})"
            )
        if not self.currency.strip():
            raise CompanionError("the chips need a name (currency), like chips, gold or points")

    def __repr__(self) -> str:
        parts = [self.limit.label, f"min bet {self.min_bet:,}"]
        if self.blinds:
            parts.append("blinds " + "/".join(f"{b:,}" for b in self.blinds))
        if self.ante:
            parts.append(f"ante {self.ante:,}")
        if self.raise_rule is RaiseRule.MIN_BET:
            parts.append(f"raises of at least {self.min_bet:,}")
        if self.max_raise is not None:
            parts.append(f"raises of at most {self.max_raise:,}")
        if not self.check_allowed:
            parts.append("no checking")
        if self.unit != 1:
            parts.append(f"in {self.unit:,}s of {self.currency}")
        if self.streets != STREETS:
            parts.append("rounds " + "/".join(self.streets))
        return f"BettingRules({', '.join(parts)})"

    def blind_seats(self, players: int) -> tuple[int, ...]:
        """The seat (0 = left of the button) that posts each blind, in the order of ``blinds``.

        >>> BettingRules(min_bet=2, blinds=(1, 2)).blind_seats(6)
        (0, 1)
        >>> BettingRules(min_bet=2, blinds=(1, 2)).blind_seats(2)
        (1, 0)
        >>> BettingRules(min_bet=2, blinds=(2, 2), heads_up_reversed=False).blind_seats(2)
        (0, 1)
        """
        if len(self.blinds) > players:
            raise CompanionError(
                f"{len(self.blinds)} blinds need at least {len(self.blinds)} players (got {players})"
            )
        if players == 2 and len(self.blinds) == 2 and self.heads_up_reversed:
            return (1, 0)
        return tuple(range(len(self.blinds)))

    def to_json(self) -> dict[str, Any]:
        return {
            "limit": self.limit.value,
            "min_bet": self.min_bet,
            "blinds": list(self.blinds),
            "ante": self.ante,
            "raise_rule": self.raise_rule.value,
            "max_raise": self.max_raise,
            "check_allowed": self.check_allowed,
            "unit": self.unit,
            "streets": list(self.streets),
            "heads_up_reversed": self.heads_up_reversed,
            "currency": self.currency,
        }

    @classmethod
    def from_json(cls, data: Any) -> BettingRules:
        """Read rules written by :meth:`to_json`; a bad field is named in a one-line error."""
        if not isinstance(data, Mapping):
            raise CompanionError(f"betting rules must be a mapping (got {short(data)})")
        known = set(cls.__dataclass_fields__)
        unknown = sorted(str(k) for k in data if k not in known)
        if unknown:
            raise CompanionError(f"betting rules: unknown field {unknown[0]!r}")
        if "min_bet" not in data:
            raise CompanionError("betting rules: min_bet is missing")
        try:
            limit = Limit(data.get("limit", "no"))
            raise_rule = RaiseRule(data.get("raise_rule", "largest"))
        except ValueError as exc:
            raise CompanionError(f"betting rules: {exc}") from None
        max_raise = data.get("max_raise")
        return cls(
            min_bet=_int_field("min_bet", data["min_bet"]),
            limit=limit,
            blinds=tuple(
                _int_field("blinds", b) for b in _list_field("blinds", data.get("blinds", []))
            ),
            ante=_int_field("ante", data.get("ante", 0)),
            raise_rule=raise_rule,
            max_raise=None if max_raise is None else _int_field("max_raise", max_raise),
            check_allowed=_bool_field("check_allowed", data.get("check_allowed", True)),
            unit=_int_field("unit", data.get("unit", 1)),
            streets=tuple(
                _str_field("streets", s)
                for s in _list_field("streets", data.get("streets", STREETS))
            ),
            heads_up_reversed=_bool_field("heads_up_reversed", data.get("heads_up_reversed", True)),
            currency=_str_field("currency", data.get("currency", "chips")),
        )


def _chips(what: str, value: object, low: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise CompanionError(f"{what} must be a whole number (got {short(value)})")
    if not low <= value <= MAX_CHIPS:
        raise CompanionError(f"{what} must be {low} to {MAX_CHIPS:,} (got {short(value)})")


def _int_field(name: str, value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise CompanionError(f"betting rules: {name} must be a whole number (got {short(value)})")
    return value


def _bool_field(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise CompanionError(f"betting rules: {name} must be true or false (got {short(value)})")
    return value


def _str_field(name: str, value: object) -> str:
    if not isinstance(value, str):
        raise CompanionError(f"betting rules: {name} must be text (got {short(value)})")
    return value


def _list_field(name: str, value: object) -> list[object]:
    if not isinstance(value, list | tuple):
        raise CompanionError(f"betting rules: {name} must be a list (got {short(value)})")
    return list(value)
