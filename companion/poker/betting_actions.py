"""Betting actions as values: what a player did, and what a player may do.

An :class:`Action` is one step of a deal's betting (one step of the table's
history, one undo). Amounts of ``bet``, ``raise``, ``call`` and ``all-in``
are what the player's bet comes *to* this round, so "raise 400" means
"raise to 400":

>>> Action(ActionKind.RAISE, "ann", 400)
Action('ann' raise to 400)
>>> str(Action(ActionKind.RAISE, "ann", 400))
'ann raises to 400'
>>> Action.from_json({"action": "fold", "player": "ben"})
Action('ben' fold)

A :class:`LegalAction` is one thing the player to act may do, with the
smallest and largest amount it allows:

>>> LegalAction(ActionKind.RAISE, 400, 1200)
LegalAction(raise to 400..1,200)
>>> LegalAction(ActionKind.RAISE, 400, 1200).allows(1000)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from companion.documents import short
from companion.errors import CompanionError


class ActionKind(StrEnum):
    """Every operation of the betting engine."""

    ANTE = "ante"
    BLIND = "blind"
    DEAD = "dead"
    """Money into the pot that no player bet (a penalty, a bonus from the bank):
    it joins the main pot and buys no share of a side pot."""
    STREET = "street"
    """The next betting round opens (the table dealt the next street)."""
    CALLER = "caller"
    """A contestant with no seat comes into the deal all-in for every pot (a game's
    monster): it calls every bet, so no bet goes back uncalled, and the deal goes on to
    the showdown even when one player alone is left in."""
    FOLD = "fold"
    LEAVE = "leave"
    """A fold the table allows on the player's turn even with nothing to call: the player
    declines a payment a rule asks of them (a toll) and leaves the deal instead."""
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    ALL_IN = "all-in"

    @property
    def is_bet(self) -> bool:
        """The player to act makes it (rather than the table)."""
        return self in _PLAYER_ACTIONS


_PLAYER_ACTIONS = frozenset(
    {
        ActionKind.FOLD,
        ActionKind.LEAVE,
        ActionKind.CHECK,
        ActionKind.CALL,
        ActionKind.BET,
        ActionKind.RAISE,
        ActionKind.ALL_IN,
    }
)
_VERBS = {
    ActionKind.ANTE: "posts the ante",
    ActionKind.BLIND: "posts a blind",
    ActionKind.DEAD: "puts dead money in",
    ActionKind.FOLD: "folds",
    ActionKind.LEAVE: "folds",
    ActionKind.CHECK: "checks",
    ActionKind.CALL: "calls",
    ActionKind.BET: "bets",
    ActionKind.RAISE: "raises",
    ActionKind.ALL_IN: "goes all-in",
}
_BY_NAME: dict[object, ActionKind] = {k.value: k for k in ActionKind}
_TO = frozenset({ActionKind.CALL, ActionKind.BET, ActionKind.RAISE, ActionKind.ALL_IN})


@dataclass(frozen=True, slots=True)
class Action:
    """One step: ``kind`` by ``player`` (None for the table's own steps) for ``amount``.

    ``amount`` is the player's bet this round after the step for ``call``,
    ``bet``, ``raise`` and ``all-in``; the chips posted for ``ante``,
    ``blind`` and ``dead``. Left out (None), the engine works it out; given,
    it must be what the engine works out, so an action sent from a screen
    that has not seen the last raise is refused rather than misapplied.
    """

    kind: ActionKind
    player: str | None = None
    amount: int | None = None

    def __repr__(self) -> str:
        who = "" if self.player is None else f"{self.player!r} "
        if self.amount is None:
            return f"Action({who}{self.kind.value})"
        to = " to" if self.kind in _TO else ""
        return f"Action({who}{self.kind.value}{to} {self.amount})"

    def __str__(self) -> str:
        if self.kind is ActionKind.STREET:
            return "the next betting round opens"
        if self.kind is ActionKind.CALLER:
            return "a contestant with no seat joins, all-in for every pot"
        who = self.player or "the table"
        verb = _VERBS[self.kind]
        if self.amount is None:
            return f"{who} {verb}"
        if self.kind is ActionKind.CALL:
            return f"{who} calls {self.amount:,}"
        if self.kind in _TO:
            return f"{who} {verb} to {self.amount:,}"
        return f"{who} {verb} ({self.amount:,})"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"action": self.kind.value}
        if self.player is not None:
            out["player"] = self.player
        if self.amount is not None:
            out["amount"] = self.amount
        return out

    @classmethod
    def from_json(cls, data: Any) -> Action:
        """Read an action written by :meth:`to_json`; a bad field is named in a one-line error."""
        if not isinstance(data, Mapping):
            raise CompanionError(f"a betting action must be a mapping (got {short(data)})")
        unknown = sorted(str(k) for k in data if k not in {"action", "player", "amount"})
        if unknown:
            raise CompanionError(f"betting action: unknown field {unknown[0]!r}")
        raw = data.get("action")
        if raw not in _BY_NAME:
            kinds = ", ".join(k.value for k in ActionKind)
            raise CompanionError(f"betting action: {short(raw)} is not an action ({kinds})")
        kind = _BY_NAME[raw]
        player = data.get("player")
        if player is not None and not isinstance(player, str):
            raise CompanionError(f"betting action: player must be a name (got {short(player)})")
        amount = data.get("amount")
        if amount is not None and (not isinstance(amount, int) or isinstance(amount, bool)):
            raise CompanionError(
                f"betting action: amount must be a whole number (got {short(amount)})"
            )
        return cls(kind, player, amount)


@dataclass(frozen=True, slots=True)
class LegalAction:
    """One thing the player to act may do: ``kind``, from ``min`` to ``max``.

    ``min`` and ``max`` are the player's bet this round after the action
    (``to`` amounts), equal for ``check``, ``call`` and ``all-in``, None for
    ``fold``.
    """

    kind: ActionKind
    min: int | None = None
    max: int | None = None

    def __repr__(self) -> str:
        if self.min is None or self.max is None:
            return f"LegalAction({self.kind.value})"
        if self.min == self.max:
            return f"LegalAction({self.kind.value} to {self.min:,})"
        return f"LegalAction({self.kind.value} to {self.min:,}..{self.max:,})"

    def allows(self, amount: int) -> bool:
        """``amount`` (a ``to`` amount) lies in this action's range."""
        return self.min is not None and self.max is not None and self.min <= amount <= self.max

    def to_json(self) -> dict[str, Any]:
        return {"action": self.kind.value, "min": self.min, "max": self.max}
