"""The betting engine: one deal's betting as an immutable state with typed operations.

The state knows the players in seat order (the first sits left of the
button, as in :mod:`companion.poker.pots`), their stacks, the rules
(:class:`~companion.poker.betting_rules.BettingRules`) and every step so
far. Each operation returns a new state; ``can_x`` says whether it is legal
and ``verify_x`` names the rule it breaks in a one-line
:class:`~companion.errors.CompanionError`. No-Limit Hold'em, blinds 1/2:

>>> s = BettingState.start(BettingRules(min_bet=2, blinds=(1, 2)), {"ann": 100, "ben": 100, "cy": 100})
>>> s = s.post_blind("ann").post_blind("ben")
>>> s.to_act, s.legal_actions()
('cy', (LegalAction(fold), LegalAction(call to 2), LegalAction(raise to 4..100), LegalAction(all-in to 100)))
>>> s = s.raise_to("cy", 6)
>>> s.can_raise_to("ann", 8)
False
>>> s.verify_raise_to("ann", 8)
Traceback (most recent call last):
  ...
companion.errors.CompanionError: ann cannot raise to 8: the smallest raise is to 10 (at least the largest bet or raise of this round, 4)
>>> s = s.call("ann").fold("ben")
>>> s.phase, s.street, s.pot
(<Phase.CLOSED: 'closed'>, 'preflop', 14)
>>> s = s.next_street()
>>> s.street, s.to_act, s.legal_actions()[:2]
('flop', 'ann', (LegalAction(check to 0), LegalAction(bet to 2..94)))

A short all-in does not reopen the betting to a player who already acted,
and the side pots come straight from :func:`companion.poker.pots.build_pots`:

>>> s = BettingState.start(BettingRules(min_bet=10), {"a": 100, "b": 15, "c": 100})
>>> s = s.bet_to("a", 10).all_in("b").call("c")
>>> [a.kind.value for a in s.legal_actions()]
['fold', 'call']
>>> s = s.call("a")
>>> [(p.amount, p.eligible) for p in s.pots()]
[(45, ('a', 'b', 'c'))]

The state is stored as its rules, seats and steps; reading it back plays
the steps again, so a corrupt save is refused rather than half-believed:

>>> BettingState.from_json(s.to_json()) == s
True
>>> s.undo().to_act
'a'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from companion.bounds import MAX_CHIPS
from companion.documents import short
from companion.errors import CompanionError
from companion.poker.betting_actions import Action, ActionKind, LegalAction
from companion.poker.betting_rules import BettingRules, Limit, RaiseRule
from companion.poker.pots import Pot, PotRules, Result, Settlement, build_pots, pot_limit, settle
from companion.poker.showdown import MAX_CONTESTANTS

MAX_SEATS = MAX_CONTESTANTS
"""The most players one deal's betting seats (the most a showdown holds)."""

_F = ActionKind


class Phase(StrEnum):
    """Where the deal's betting stands."""

    POSTING = "posting"
    """Antes or blinds are still to be posted."""
    BETTING = "betting"
    """A player is to act."""
    CLOSED = "closed"
    """This round's betting is over; the next street may be dealt."""
    SHOWDOWN = "showdown"
    """The last round's betting is over with two or more players still in."""
    OVER = "over"
    """Every player but one folded and nobody outside the seats is in: that one wins the pot."""


@dataclass(frozen=True, slots=True)
class _Options:
    """What the player to act may do, worked out once for the checks and the legal list."""

    seat: int
    need: int
    """Chips to match the largest bet (before any all-in cap)."""
    can_check: bool
    raise_to: tuple[int, int] | None
    no_raise: str
    """Why ``raise_to`` is None: the rule, in words."""


@dataclass(frozen=True, slots=True, eq=False)
class BettingState:
    """One deal's betting. Build it with :meth:`start`; every operation returns a new state.

    ``stacks`` are the chips behind, ``bets`` what each player put in this
    round, ``collected`` what each put in before it (antes and earlier
    rounds); ``dead_money`` is in the pot for nobody in particular.
    """

    rules: BettingRules
    players: tuple[str, ...]
    starting_stacks: tuple[int, ...]
    history: tuple[Action, ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    collected: tuple[int, ...]
    folded: tuple[bool, ...]
    dead_money: int
    street_index: int
    phase: Phase
    queue: tuple[int, ...]
    """Seats still to act this round, in turn order; the first is to act."""
    acted: tuple[bool, ...]
    """Acted since the last full bet or raise (a short all-in does not reopen to them)."""
    full_raise: int
    """The smallest full raise now: a raise this large reopens the betting."""
    ante_due: tuple[bool, ...]
    blind_due: tuple[bool, ...]
    callers: int
    """Contestants with no seat, all-in for every pot (:attr:`ActionKind.CALLER`)."""
    _seat_of: dict[str, int] = field(repr=False, compare=False)
    _memo: dict[int, _Options] = field(default_factory=dict, repr=False, compare=False)
    """What the player to act may do, worked out once per state (the state never changes)."""

    # -- building ------------------------------------------------------------------------------

    @classmethod
    def start(cls, rules: BettingRules, stacks: Mapping[str, int]) -> BettingState:
        """A new deal: ``stacks`` in seat order, the first player left of the button.

        >>> BettingState.start(BettingRules(min_bet=2, blinds=(1, 2)), {"ann": 50, "ben": 80})
        BettingState(posting, preflop: ann 50, ben 80; pot 0)
        """
        players = tuple(stacks)
        if not 2 <= len(players) <= MAX_SEATS:
            raise CompanionError(
                f"a deal's betting seats 2 to {MAX_SEATS} players (got {len(players)})"
            )
        for name in players:
            if not isinstance(name, str) or not name.strip():
                raise CompanionError(f"a player needs a name (got {short(name)})")
        amounts = tuple(stacks.values())
        for name, amount in zip(players, amounts):
            if not isinstance(amount, int) or isinstance(amount, bool):
                raise CompanionError(f"{name}'s stack must be a whole number (got {short(amount)})")
            if amount <= 0:
                raise CompanionError(
                    f"{name} has no {rules.currency} to play with (stack {amount}): leave them out of the deal"
                )
        if sum(amounts) > MAX_CHIPS:
            raise CompanionError(
                f"the stacks add up to {sum(amounts):,}, more than any stake ({MAX_CHIPS:,} at most)"
            )
        n = len(players)
        seats = rules.blind_seats(n)
        blind_of = [0] * n
        for seat, blind in zip(seats, rules.blinds):
            blind_of[seat] = blind
        deal = _Deal()
        deal.rules, deal.n = rules, n
        deal.stacks, deal.bets, deal.collected = list(amounts), [0] * n, [0] * n
        deal.folded, deal.queue, deal.acted = [False] * n, [], [False] * n
        deal.ante_due = [rules.ante > 0] * n
        deal.blind_due = [
            blind_of[i] > 0 and amounts[i] - min(rules.ante, amounts[i]) > 0 for i in range(n)
        ]
        deal.dead_money, deal.street_index, deal.phase = 0, 0, Phase.POSTING
        deal.full_raise, deal.callers = rules.min_bet, 0
        if not any(deal.ante_due) and not any(deal.blind_due):
            deal.begin_street(0)
        return deal.freeze(players, amounts, (), {p: i for i, p in enumerate(players)})

    @classmethod
    def replay(
        cls, rules: BettingRules, stacks: Mapping[str, int], history: Iterable[Action]
    ) -> BettingState:
        """The state after ``history`` from a new deal; each step is checked as it is played."""
        state = cls.start(rules, stacks)
        for number, action in enumerate(history, 1):
            try:
                state = state.apply(action)
            except CompanionError as exc:
                raise CompanionError(f"step {number} ({action}): {exc.message}") from None
        return state

    def to_json(self) -> dict[str, Any]:
        """The state as stored: its rules, the seats and stacks it started with, and its steps."""
        return {
            "rules": self.rules.to_json(),
            "players": [
                {"name": p, "stack": s} for p, s in zip(self.players, self.starting_stacks)
            ],
            "history": [a.to_json() for a in self.history],
        }

    @classmethod
    def from_json(cls, data: Any) -> BettingState:
        """Read a state written by :meth:`to_json`, replaying its steps (a bad one is named)."""
        try:
            if not isinstance(data, Mapping):
                raise CompanionError(f"it must be a mapping (got {short(data)})")
            for key in ("rules", "players", "history"):
                if key not in data:
                    raise CompanionError(f"{key} is missing")
            rules = BettingRules.from_json(data["rules"])
            seats = data["players"]
            if not isinstance(seats, list):
                raise CompanionError(f"players must be a list (got {short(seats)})")
            stacks: dict[str, int] = {}
            for seat in seats:
                if not isinstance(seat, Mapping) or set(seat) != {"name", "stack"}:
                    raise CompanionError(f"a player must be {{name, stack}} (got {short(seat)})")
                if seat["name"] in stacks:
                    raise CompanionError(f"{short(seat['name'])} is seated twice")
                stacks[seat["name"]] = seat["stack"]
            history = data["history"]
            if not isinstance(history, list):
                raise CompanionError(f"history must be a list (got {short(history)})")
            return cls.replay(rules, stacks, [Action.from_json(a) for a in history])
        except CompanionError as exc:
            raise CompanionError(f"betting state: {exc.message}") from None

    def undo(self) -> BettingState:
        """The state before the last step."""
        if not self.history:
            raise CompanionError("nothing to undo: no step of this deal's betting was taken yet")
        return self.replay(
            self.rules, dict(zip(self.players, self.starting_stacks)), self.history[:-1]
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BettingState):
            return NotImplemented
        return (self.rules, self.players, self.starting_stacks, self.history) == (
            other.rules,
            other.players,
            other.starting_stacks,
            other.history,
        )

    def __hash__(self) -> int:
        return hash((self.rules, self.players, self.starting_stacks, self.history))

    def __repr__(self) -> str:
        seats = ", ".join(
            f"{p} {s:,}" + (" (folded)" if f else "")
            for p, s, f in zip(self.players, self.stacks, self.folded)
        )
        turn = f", {self.to_act} to act" if self.to_act else ""
        return f"BettingState({self.phase.value}, {self.street}{turn}: {seats}; pot {self.pot:,})"

    # -- what the table shows ------------------------------------------------------------------

    @property
    def street(self) -> str:
        """The name of the betting round (``preflop``, ``flop``...)."""
        return self.rules.streets[self.street_index]

    @property
    def to_act(self) -> str | None:
        """The player whose turn it is, or None when nobody is to act."""
        return self.players[self.queue[0]] if self.queue else None

    @property
    def pot(self) -> int:
        """Every chip in the middle: earlier rounds, this round's bets and dead money."""
        return sum(self.collected) + sum(self.bets) + self.dead_money

    @property
    def contributions(self) -> dict[str, int]:
        """What each player put in this deal so far (antes, blinds and bets), in seat order."""
        return {p: c + b for p, c, b in zip(self.players, self.collected, self.bets)}

    @property
    def folded_players(self) -> tuple[str, ...]:
        return tuple(p for p, f in zip(self.players, self.folded) if f)

    @property
    def live_players(self) -> tuple[str, ...]:
        """The players still in (all-in players included)."""
        return tuple(p for p, f in zip(self.players, self.folded) if not f)

    @property
    def all_in_players(self) -> tuple[str, ...]:
        """The players still in with no chips behind."""
        return tuple(
            p for p, f, s in zip(self.players, self.folded, self.stacks) if not f and s == 0
        )

    @property
    def winner(self) -> str | None:
        """The one player left when everyone else folded and nobody outside the seats is
        in (else None)."""
        live = self.live_players
        return live[0] if len(live) == 1 and not self.callers else None

    @property
    def betting_done(self) -> bool:
        """No more betting can happen this deal: the rest of the board can be dealt at once."""
        if self.phase in (Phase.SHOWDOWN, Phase.OVER):
            return True
        if self.phase is not Phase.CLOSED:
            return False
        able = sum(1 for f, s in zip(self.folded, self.stacks) if not f and s > 0)
        return able <= 1

    def stack_of(self, player: str) -> int:
        return self.stacks[self._seat(player)]

    def bet_of(self, player: str) -> int:
        return self.bets[self._seat(player)]

    def legal_actions(self) -> tuple[LegalAction, ...]:
        """What the player to act may do, with the smallest and largest amounts (``to``)."""
        if not self.queue:
            return ()
        o = self._options(self.queue[0])
        i = o.seat
        out: list[LegalAction] = []
        if o.can_check:
            out.append(LegalAction(_F.CHECK, self.bets[i], self.bets[i]))
        else:
            out.insert(0, LegalAction(_F.FOLD))
        if o.need > 0:
            call_to = self.bets[i] + min(o.need, self.stacks[i])
            out.append(LegalAction(_F.CALL, call_to, call_to))
        if o.raise_to is not None:
            kind = _F.RAISE if max(self.bets) > 0 else _F.BET
            out.append(LegalAction(kind, *o.raise_to))
        everything = self.bets[i] + self.stacks[i]
        if self.stacks[i] <= o.need or (o.raise_to is not None and o.raise_to[1] == everything):
            out.append(LegalAction(_F.ALL_IN, everything, everything))
        return tuple(out)

    def due_posts(self) -> tuple[Action, ...]:
        """The antes, then the blinds, still to be posted (as the actions that post them)."""
        antes = [
            Action(_F.ANTE, p, min(self.rules.ante, self.stacks[i]))
            for i, p in enumerate(self.players)
            if self.ante_due[i]
        ]
        blinds = [
            Action(_F.BLIND, self.players[i], min(self._blind_of(i), self._after_ante(i)))
            for i in self.rules.blind_seats(len(self.players))
            if self.blind_due[i]
        ]
        return (*antes, *blinds)

    def pots(self, *, always_eligible: Iterable[str] = ()) -> tuple[Pot, ...]:
        """The main pot and side pots (:func:`~companion.poker.pots.build_pots`).

        Once a round's betting is over they hold every chip; while it goes on,
        those of the rounds before, since the bets of this one still lie in
        front of the players and decide nothing yet. ``always_eligible`` are
        contestants outside the betting who may win every pot (a game's
        monsters play all-in with no stack).
        """
        if self.phase in (Phase.POSTING, Phase.BETTING):
            put_in = dict(zip(self.players, self.collected))
        else:
            put_in = self.contributions
        if not any(put_in.values()) and not self.dead_money:
            return ()
        return build_pots(
            put_in, self.folded_players, always_eligible=always_eligible, dead_money=self.dead_money
        )

    def settle(
        self, result: str | Result, rules: PotRules | None = None, **options: Any
    ) -> Settlement:
        """Award the pots by ``result`` (:func:`~companion.poker.pots.settle`, which takes ``options``)."""
        return settle(
            self.contributions,
            result,
            folded=self.folded_players,
            rules=rules,
            dead_money=self.dead_money,
            **options,
        )

    def view(self) -> BettingView:
        """What every screen shows of the betting (nothing in it is secret)."""
        return BettingView(
            street=self.street,
            phase=self.phase,
            to_act=self.to_act,
            legal=self.legal_actions(),
            pot=self.pot,
            bets=dict(zip(self.players, self.bets)),
            stacks=dict(zip(self.players, self.stacks)),
            folded=self.folded_players,
            all_in=self.all_in_players,
            due=self.due_posts(),
            pots=self.pots(),
            currency=self.rules.currency,
        )

    # -- the operations (can_x / verify_x / x) -------------------------------------------------

    def apply(self, action: Action) -> BettingState:
        """The state after ``action``, which must be legal now."""
        resolved = self.verify(action)
        deal = _Deal.of(self)
        deal.play(resolved, None if resolved.player is None else self._seat_of[resolved.player])
        return deal.freeze(
            self.players, self.starting_stacks, (*self.history, resolved), self._seat_of
        )

    def can(self, action: Action) -> bool:
        try:
            self.verify(action)
        except CompanionError:
            return False
        return True

    def verify(self, action: Action) -> Action:
        """``action`` with its amount worked out, or a one-line error naming the rule it breaks."""
        kind = action.kind
        if kind is _F.STREET:
            return self._verify_street(action)
        if kind is _F.DEAD:
            return self._verify_dead(action)
        if kind is _F.CALLER:
            if action.player is not None or action.amount is not None:
                raise CompanionError("a contestant with no seat joins with no player and no amount")
            return action
        if kind in (_F.ANTE, _F.BLIND):
            return self._verify_post(action)
        return self._verify_bet(action)

    def post_ante(self, player: str) -> BettingState:
        return self.apply(Action(_F.ANTE, player))

    def can_post_ante(self, player: str) -> bool:
        return self.can(Action(_F.ANTE, player))

    def verify_post_ante(self, player: str) -> Action:
        return self.verify(Action(_F.ANTE, player))

    def post_blind(self, player: str) -> BettingState:
        return self.apply(Action(_F.BLIND, player))

    def can_post_blind(self, player: str) -> bool:
        return self.can(Action(_F.BLIND, player))

    def verify_post_blind(self, player: str) -> Action:
        return self.verify(Action(_F.BLIND, player))

    def post_all(self) -> BettingState:
        """Every ante, then every blind, still due (the table posts them when it deals)."""
        state = self
        while state.phase is Phase.POSTING:
            state = state.apply(state.due_posts()[0])
        return state

    def add_dead_money(self, amount: int, player: str | None = None) -> BettingState:
        """Put ``amount`` in the pot as money nobody bet: from ``player``'s stack, or from outside."""
        return self.apply(Action(_F.DEAD, player, amount))

    def can_add_dead_money(self, amount: int, player: str | None = None) -> bool:
        return self.can(Action(_F.DEAD, player, amount))

    def verify_add_dead_money(self, amount: int, player: str | None = None) -> Action:
        return self.verify(Action(_F.DEAD, player, amount))

    def fold(self, player: str) -> BettingState:
        return self.apply(Action(_F.FOLD, player))

    def can_fold(self, player: str) -> bool:
        return self.can(Action(_F.FOLD, player))

    def verify_fold(self, player: str) -> Action:
        return self.verify(Action(_F.FOLD, player))

    def check(self, player: str) -> BettingState:
        return self.apply(Action(_F.CHECK, player))

    def can_check(self, player: str) -> bool:
        return self.can(Action(_F.CHECK, player))

    def verify_check(self, player: str) -> Action:
        return self.verify(Action(_F.CHECK, player))

    def call(self, player: str) -> BettingState:
        return self.apply(Action(_F.CALL, player))

    def can_call(self, player: str) -> bool:
        return self.can(Action(_F.CALL, player))

    def verify_call(self, player: str) -> Action:
        return self.verify(Action(_F.CALL, player))

    def bet_to(self, player: str, amount: int) -> BettingState:
        return self.apply(Action(_F.BET, player, amount))

    def can_bet_to(self, player: str, amount: int) -> bool:
        return self.can(Action(_F.BET, player, amount))

    def verify_bet_to(self, player: str, amount: int) -> Action:
        return self.verify(Action(_F.BET, player, amount))

    def raise_to(self, player: str, amount: int) -> BettingState:
        return self.apply(Action(_F.RAISE, player, amount))

    def can_raise_to(self, player: str, amount: int) -> bool:
        return self.can(Action(_F.RAISE, player, amount))

    def verify_raise_to(self, player: str, amount: int) -> Action:
        return self.verify(Action(_F.RAISE, player, amount))

    def all_in(self, player: str) -> BettingState:
        return self.apply(Action(_F.ALL_IN, player))

    def can_all_in(self, player: str) -> bool:
        return self.can(Action(_F.ALL_IN, player))

    def verify_all_in(self, player: str) -> Action:
        return self.verify(Action(_F.ALL_IN, player))

    def add_caller(self) -> BettingState:
        """A contestant with no seat joins, all-in for every pot (a game's monster).

        >>> s = BettingState.start(BettingRules(min_bet=10), {"a": 100, "b": 100})
        >>> s = s.add_caller().bet_to("a", 30).fold("b")
        >>> s.phase.value, s.winner, s.contributions
        ('closed', None, {'a': 30, 'b': 0})
        """
        return self.apply(Action(_F.CALLER))

    def next_street(self) -> BettingState:
        """Open the next betting round (the table has dealt its cards)."""
        return self.apply(Action(_F.STREET))

    def can_next_street(self) -> bool:
        return self.can(Action(_F.STREET))

    def verify_next_street(self) -> Action:
        return self.verify(Action(_F.STREET))

    # -- the rules behind the checks -----------------------------------------------------------

    def _seat(self, player: str | None) -> int:
        seat = self._seat_of.get(player) if isinstance(player, str) else None
        if seat is None:
            raise CompanionError(
                f"{short(player)} is not in this deal (players: {', '.join(self.players)})"
            )
        return seat

    def _blind_of(self, seat: int) -> int:
        for s, blind in zip(self.rules.blind_seats(len(self.players)), self.rules.blinds):
            if s == seat:
                return blind
        return 0

    def _after_ante(self, seat: int) -> int:
        """The player's stack once any ante they owe is posted."""
        stack = self.stacks[seat]
        return stack - min(self.rules.ante, stack) if self.ante_due[seat] else stack

    def _chips(self, amount: int) -> str:
        return f"{amount:,} {self.rules.currency}"

    def _not_now(self) -> str:
        """Why nobody may bet now, in words."""
        if self.phase is Phase.POSTING:
            first = self.due_posts()[0]
            what = "the ante" if first.kind is _F.ANTE else "a blind"
            return f"the antes and blinds are not all posted yet ({first.player} owes {what})"
        if self.phase is Phase.CLOSED:
            nxt = self.rules.streets[self.street_index + 1]
            return f"the {self.street} betting is over (deal the {nxt}, then open its round)"
        if self.phase is Phase.SHOWDOWN:
            return "the betting is over: it is the showdown"
        return f"the deal is over: {self.winner} won it when everyone else folded"

    def _same(self, action: Action, amount: int, what: str) -> Action:
        if action.amount is not None and action.amount != amount:
            raise CompanionError(
                f"{action.player} {what} is {self._chips(amount)} now, not {action.amount:,} "
                "(the table has moved on since)"
            )
        return Action(action.kind, action.player, amount)

    def _verify_street(self, action: Action) -> Action:
        if action.player is not None or action.amount is not None:
            raise CompanionError("opening the next betting round takes no player and no amount")
        if self.phase is not Phase.CLOSED:
            if self.phase is Phase.BETTING:
                raise CompanionError(
                    f"the {self.street} betting is not over: it is {self.to_act}'s turn"
                )
            raise CompanionError(f"no next betting round: {self._not_now()}")
        return action

    def _verify_dead(self, action: Action) -> Action:
        amount = action.amount
        if amount is None or amount < 1 or amount > MAX_CHIPS:
            raise CompanionError(
                f"dead money must be 1 to {MAX_CHIPS:,} {self.rules.currency} (got {short(amount)})"
            )
        if amount % self.rules.unit:
            raise CompanionError(
                f"dead money {amount:,} is not a whole number of {self.rules.unit:,}s of "
                f"{self.rules.currency}"
            )
        if self.pot + amount > MAX_CHIPS:
            raise CompanionError(
                f"the pot would hold more than {MAX_CHIPS:,} {self.rules.currency}"
            )
        if action.player is not None:
            seat = self._seat(action.player)
            if self.stacks[seat] < amount:
                raise CompanionError(
                    f"{action.player} has only {self._chips(self.stacks[seat])} "
                    f"(cannot put {amount:,} in)"
                )
        return action

    def _verify_post(self, action: Action) -> Action:
        seat = self._seat(action.player)
        if self.phase is not Phase.POSTING:
            raise CompanionError(
                f"{action.player} cannot post: the antes and blinds of this deal are all posted"
            )
        if action.kind is _F.ANTE:
            if not self.ante_due[seat]:
                raise CompanionError(
                    f"{action.player} owes no ante (posted already, or none is due)"
                )
            return self._same(action, min(self.rules.ante, self.stacks[seat]), "ante")
        if not self.blind_due[seat]:
            raise CompanionError(
                f"{action.player} owes no blind (posted already, or not in a blind seat)"
            )
        owing = [p for p, due in zip(self.players, self.ante_due) if due]
        if owing:
            raise CompanionError(
                f"{action.player} cannot post a blind yet: the antes come first ({owing[0]} owes one)"
            )
        return self._same(action, min(self._blind_of(seat), self.stacks[seat]), "blind")

    def _verify_bet(self, action: Action) -> Action:
        player = action.player
        seat = self._seat(player)
        kind = action.kind
        if not self.queue:
            raise CompanionError(f"{player} cannot {kind.value}: {self._not_now()}")
        if self.queue[0] != seat:
            if self.folded[seat]:
                raise CompanionError(f"{player} folded and has no more turns this deal")
            if self.stacks[seat] == 0:
                raise CompanionError(f"{player} is all-in and has no more turns this deal")
            raise CompanionError(f"{player} cannot {kind.value}: it is {self.to_act}'s turn")
        o = self._options(seat)
        bet, stack = self.bets[seat], self.stacks[seat]
        top = bet + o.need
        if kind in (_F.FOLD, _F.LEAVE, _F.CHECK) and action.amount is not None:
            raise CompanionError(f"{kind.value} takes no amount (got {action.amount:,})")
        if kind is _F.LEAVE:
            return action
        if kind is _F.FOLD:
            if o.can_check:
                raise CompanionError(
                    f"{player} cannot fold: there is nothing to call, so {player} may check"
                )
            return action
        if kind is _F.CHECK:
            if o.need > 0:
                raise CompanionError(
                    f"{player} cannot check: the bet is {top:,} and {player} has {bet:,} in "
                    "(call, raise or fold)"
                )
            if not o.can_check:
                raise CompanionError(
                    f"{player} cannot check: checking is not allowed this deal (bet or fold)"
                )
            return action
        if kind is _F.CALL:
            if o.need == 0:
                raise CompanionError(
                    f"{player} cannot call: there is no bet to call (check or bet)"
                )
            return self._same(action, bet + min(o.need, stack), "call")
        if kind is _F.ALL_IN:
            everything = bet + stack
            if stack <= o.need or (o.raise_to is not None and o.raise_to[1] == everything):
                return self._same(action, everything, "all-in")
            if o.raise_to is None:
                raise CompanionError(f"{player} cannot go all-in: {o.no_raise}")
            raise CompanionError(
                f"{player} cannot go all-in for {everything:,}: {self._over_max(o.raise_to[1], top)}"
            )
        return self._verify_raise(action, o, top)

    def _verify_raise(self, action: Action, o: _Options, top: int) -> Action:
        player, kind, amount = action.player, action.kind, action.amount
        word = "raise" if kind is _F.RAISE else "bet"
        if kind is _F.BET and top > 0:
            raise CompanionError(
                f"{player} cannot bet: there is a bet of {top:,} already (raise, call or fold)"
            )
        if kind is _F.RAISE and top == 0:
            raise CompanionError(f"{player} cannot raise: there is no bet yet (bet or check)")
        if o.raise_to is None:
            raise CompanionError(f"{player} cannot {word}: {o.no_raise}")
        low, high = o.raise_to
        if amount is None:
            raise CompanionError(f"{player}'s {word} needs an amount (to {low:,} to {high:,})")
        everything = self.bets[o.seat] + self.stacks[o.seat]
        if amount < low:
            raise CompanionError(
                f"{player} cannot {word} to {amount:,}: {self._under_min(low, top)}"
            )
        if amount > high:
            if amount > everything:
                raise CompanionError(
                    f"{player} cannot {word} to {amount:,}: {player} has only "
                    f"{self._chips(self.stacks[o.seat])} (all-in is to {everything:,})"
                )
            raise CompanionError(
                f"{player} cannot {word} to {amount:,}: {self._over_max(high, top)}"
            )
        if amount != everything and amount % self.rules.unit:
            raise CompanionError(
                f"{player} cannot {word} to {amount:,}: not a whole number of "
                f"{self.rules.unit:,}s of {self.rules.currency}"
            )
        return action

    def _under_min(self, low: int, top: int) -> str:
        if top == 0:
            return f"the smallest bet is to {low:,} (the minimum bet is {self.rules.min_bet:,})"
        step = min(low - top, self.full_raise)
        if self.rules.raise_rule is RaiseRule.MIN_BET:
            why = f"a raise is at least the minimum bet, {step:,}"
        else:
            why = f"at least the largest bet or raise of this round, {step:,}"
        return f"the smallest raise is to {low:,} ({why})"

    def _over_max(self, high: int, top: int) -> str:
        word = "raise" if top > 0 else "bet"
        if self.rules.max_raise is not None and high == top + self.rules.max_raise:
            return f"the largest {word} is to {high:,} (a bet or raise is at most {self.rules.max_raise:,})"
        return f"the largest {word} is to {high:,} (pot limit: the pot once the call is counted in)"

    def _options(self, seat: int) -> _Options:
        known = self._memo.get(seat)
        if known is None:
            known = self._memo[seat] = self._work_out_options(seat)
        return known

    def _work_out_options(self, seat: int) -> _Options:
        bets, stacks, rules = self.bets, self.stacks, self.rules
        bet, stack = bets[seat], stacks[seat]
        top = max(bets)
        need = top - bet
        raise_to: tuple[int, int] | None = None
        no_raise = ""
        if stack <= need:
            no_raise = (
                f"the call is {need:,} and {self.players[seat]} has {self._chips(stack)} "
                "(call all-in or fold)"
            )
        elif not any(
            i != seat and not self.folded[i] and stacks[i] + bets[i] > top for i in range(len(bets))
        ):
            no_raise = "no other player has chips left to call a raise (call or check)"
        elif self.acted[seat] and need < self.full_raise:
            no_raise = (
                f"the all-in since {self.players[seat]} acted is less than a full raise "
                f"({self.full_raise:,}), so the betting is not reopened (call or fold)"
            )
        else:
            increment = self.full_raise
            if rules.max_raise is not None:
                increment = min(increment, rules.max_raise)
            everything = bet + stack
            low = min(top + increment, everything)
            if rules.limit is Limit.NO_LIMIT:
                high = everything
            else:
                high = bet + pot_limit(self.pot, need, increment, stack=stack).max_total
            if rules.max_raise is not None:
                high = min(high, top + rules.max_raise)
            if high < everything and high % rules.unit:
                high = max(low, high - high % rules.unit)
            raise_to = (low, high)
        can_check = need == 0 and (rules.check_allowed or raise_to is None)
        return _Options(seat, need, can_check, raise_to, no_raise)


@dataclass(frozen=True)
class BettingView:
    """The betting as every screen shows it: whose turn, what they may do, the pot, bets, stacks."""

    street: str
    phase: Phase
    to_act: str | None
    legal: tuple[LegalAction, ...]
    pot: int
    bets: dict[str, int]
    stacks: dict[str, int]
    folded: tuple[str, ...] = ()
    all_in: tuple[str, ...] = ()
    due: tuple[Action, ...] = ()
    """Antes and blinds still to post."""
    pots: tuple[Pot, ...] = ()
    """The main and side pots as the chips lie (this round's bets included)."""
    currency: str = "chips"

    def to_json(self) -> dict[str, Any]:
        return {
            "street": self.street,
            "phase": self.phase.value,
            "to_act": self.to_act,
            "legal": [a.to_json() for a in self.legal],
            "pot": self.pot,
            "bets": dict(self.bets),
            "stacks": dict(self.stacks),
            "folded": list(self.folded),
            "all_in": list(self.all_in),
            "due": [a.to_json() for a in self.due],
            "pots": [{"amount": p.amount, "eligible": list(p.eligible)} for p in self.pots],
            "currency": self.currency,
        }


_LISTS = ("stacks", "bets", "collected", "folded", "queue", "acted", "ante_due", "blind_due")
_VALUES = ("dead_money", "street_index", "phase", "full_raise", "callers")
"""The parts of a state an operation changes: lists to change in place, and values."""


class _Deal:
    """A working copy of a state's changing parts, as lists, for one operation to change."""

    __slots__ = ("n", "rules", *_LISTS, *_VALUES)

    rules: BettingRules
    n: int
    stacks: list[int]
    bets: list[int]
    collected: list[int]
    folded: list[bool]
    queue: list[int]
    acted: list[bool]
    ante_due: list[bool]
    blind_due: list[bool]
    dead_money: int
    street_index: int
    phase: Phase
    full_raise: int
    callers: int

    @classmethod
    def of(cls, s: BettingState) -> _Deal:
        deal = cls()
        deal.rules, deal.n = s.rules, len(s.players)
        for name in _LISTS:
            setattr(deal, name, list(getattr(s, name)))
        for name in _VALUES:
            setattr(deal, name, getattr(s, name))
        return deal

    def freeze(
        self,
        players: tuple[str, ...],
        starting: tuple[int, ...],
        history: tuple[Action, ...],
        seat_of: dict[str, int],
    ) -> BettingState:
        parts: dict[str, Any] = {name: tuple(getattr(self, name)) for name in _LISTS}
        parts.update((name, getattr(self, name)) for name in _VALUES)
        return BettingState(self.rules, players, starting, history, **parts, _seat_of=seat_of)

    def live(self) -> int:
        return self.folded.count(False)

    def play(self, a: Action, seat: int | None) -> None:
        kind = a.kind
        if kind is _F.STREET:
            self.collected = [c + b for c, b in zip(self.collected, self.bets)]
            self.bets = [0] * self.n
            self.begin_street(self.street_index + 1)
            return
        if kind is _F.CALLER:
            self.callers += 1
            if self.phase is Phase.OVER:
                self.close()  # the deal was the last player's; now it is played out
            return
        if kind is _F.DEAD:
            self.dead_money += a.amount or 0
            if seat is not None:
                self.stacks[seat] -= a.amount or 0
                self.after_stack_change(seat)
            return
        assert seat is not None
        if kind is _F.ANTE:
            self.post(seat, a.amount or 0, into_bets=False)
            self.ante_due[seat] = False
            if not any(self.ante_due):
                self.trim_antes()
            self.after_posting()
            return
        if kind is _F.BLIND:
            self.post(seat, a.amount or 0, into_bets=True)
            self.blind_due[seat] = False
            self.after_posting()
            return
        self.queue.pop(0)
        self.acted[seat] = True
        if kind in (_F.FOLD, _F.LEAVE):
            self.folded[seat] = True
        elif kind is _F.CALL or (kind is _F.ALL_IN and (a.amount or 0) <= max(self.bets)):
            self.post(seat, (a.amount or 0) - self.bets[seat], into_bets=True)
        elif kind is not _F.CHECK:
            self.raise_to(seat, a.amount or 0)
        if self.live() <= 1 or not self.queue:
            self.close()

    def post(self, seat: int, amount: int, *, into_bets: bool) -> None:
        self.stacks[seat] -= amount
        if into_bets:
            self.bets[seat] += amount
        else:
            self.collected[seat] += amount

    def raise_to(self, seat: int, amount: int) -> None:
        top = max(self.bets)
        increment = amount - top
        self.post(seat, amount - self.bets[seat], into_bets=True)
        if increment >= self.full_raise:
            # A full bet or raise: everyone else must act again, and may raise again.
            self.acted = [i == seat for i in range(self.n)]
            if self.rules.raise_rule is RaiseRule.LARGEST:
                self.full_raise = increment
        order = [(seat + k) % self.n for k in range(1, self.n)]
        self.queue = [i for i in order if not self.folded[i] and self.stacks[i] > 0]

    def trim_antes(self) -> None:
        """An ante larger than every other ante cannot be matched: the excess goes back."""
        cap = sorted(self.collected)[-2]
        for i, c in enumerate(self.collected):
            if c > cap:
                self.stacks[i] += c - cap
                self.collected[i] = cap

    def after_posting(self) -> None:
        for i in range(self.n):
            if self.stacks[i] == 0:
                self.ante_due[i] = self.blind_due[i] = False
        if self.phase is Phase.POSTING and not any(self.ante_due) and not any(self.blind_due):
            self.begin_street(0)

    def after_stack_change(self, seat: int) -> None:
        if self.stacks[seat] > 0:
            return
        if self.phase is Phase.POSTING:
            self.after_posting()
        elif self.phase is Phase.BETTING and seat in self.queue:
            self.queue.remove(seat)
            if not self.queue:
                self.close()

    def begin_street(self, street: int) -> None:
        self.street_index = street
        self.phase = Phase.BETTING
        self.acted = [False] * self.n
        self.full_raise = self.rules.min_bet
        opener = 0
        if street == 0 and self.rules.blinds:
            seats = self.rules.blind_seats(self.n)
            opener = (seats[-1] + 1) % self.n
        order = [(opener + k) % self.n for k in range(self.n)]
        totals = sorted(b + s for b, s, f in zip(self.bets, self.stacks, self.folded) if not f)
        second = totals[-2] if len(totals) > 1 else 0
        self.queue = [
            i
            for i in order
            if not self.folded[i]
            and self.stacks[i] > 0
            # Nobody can call more than this player has in already: nothing to bet for.
            and min(self.stacks[i], second - self.bets[i]) > 0
        ]
        top = max(self.bets)
        if (
            self.live() <= 1
            or not self.queue
            or (len(self.queue) == 1 and self.bets[self.queue[0]] >= top)
        ):
            self.close()

    def close(self) -> None:
        """The round's betting is over: an uncalled bet goes back to its bettor (unless a
        contestant outside the seats is in, who calls every bet)."""
        self.queue = []
        if not self.callers:
            cap = sorted(self.bets)[-2]
            for i, b in enumerate(self.bets):
                if b > cap:
                    self.stacks[i] += b - cap
                    self.bets[i] = cap
        if self.live() <= 1 and not self.callers:
            self.phase = Phase.OVER
        elif self.street_index == len(self.rules.streets) - 1:
            self.phase = Phase.SHOWDOWN
        else:
            self.phase = Phase.CLOSED


def seat_order(players: Sequence[str], button: str) -> list[str]:
    """``players`` (in seat order) as the engine seats them: starting left of ``button``.

    >>> seat_order(["ann", "ben", "cy", "dee"], "ben")
    ['cy', 'dee', 'ann', 'ben']
    """
    if button not in players:
        raise CompanionError(
            f"the button {short(button)} is not at the table ({', '.join(players)})"
        )
    i = list(players).index(button)
    return [*players[i + 1 :], *players[: i + 1]]
