"""Random Hold'em hands played on the betting engine and on PokerKit side by side.

Shared by ``tests/poker/test_betting_pokerkit.py`` (a small sample in the
suite) and ``benchmarks/betting.py`` (10,000 hands, with the speed of both).

Each hand has 2 to 9 players with random stacks (some shorter than a blind),
random blinds (now and then two equal ones) and sometimes an ante, under
No-Limit or Pot-Limit. At every step both engines must name the same player
to act and allow the same things: folding, checking or calling (and for how
much), betting or raising (and the smallest and largest amount). A random
legal action is then played on both. At the end the main and side pots
must be the same (amounts and who may win each), or, when everyone but one
folded, the stacks once the pot is paid.

Compared like with like (docs/betting.md, "Checked against PokerKit"):

* PokerKit's antes are counted as each player's contribution (its "ante
  trimming" on), as the engine counts them;
* with two players and two equal blinds PokerKit starts the preflop betting
  left of the button (it follows the larger blind, and neither is larger),
  so those hands are compared with ``heads_up_reversed=False``;
* where PokerKit's reading of a short all-in differs from this edition's
  (the Poker TDA's rule 47: a player who already acted may raise again only
  facing at least a full bet or raise), the step is counted as a *reading*
  of that one documented kind, checked to be exactly that, and the hand goes
  on with an action both allow. Anything else is a difference.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pokerkit import Automation, NoLimitTexasHoldem
from pokerkit import State as PkState
from pokerkit.games import PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem

from companion.poker.betting import BettingState, Phase
from companion.poker.betting_actions import Action, ActionKind
from companion.poker.betting_rules import BettingRules, Limit


class PotLimitTexasHoldem(PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem):
    """Pot-Limit Texas Hold'em from PokerKit's parts (it ships No-Limit Hold'em and
    Pot-Limit Omaha; the betting structure is one mixin)."""


AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
)
"""Everything up to the showdown, which waits (so the pots can be read as the betting
left them, before any hand is mucked)."""

SHORT_FIRST_RAISE = "short-first-raise"
"""PokerKit counts the round's first raise as full even when it is a short all-in
(below the minimum bet), so it reopens the betting to players who already acted."""
SHORT_AFTER_FULL = "short-after-full"
"""PokerKit forgets short all-ins that already added up to a full raise when a new
one comes, and refuses a raise to a player facing more than a full raise."""


@dataclass(frozen=True)
class Hand:
    """One random deal's set-up."""

    seed: int
    limit: Limit
    stacks: tuple[int, ...]
    blinds: tuple[int, int]
    ante: int

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(f"p{i}" for i in range(len(self.stacks)))

    @property
    def min_bet(self) -> int:
        return self.blinds[1]

    def rules(self) -> BettingRules:
        equal_heads_up = len(self.stacks) == 2 and self.blinds[0] == self.blinds[1]
        return BettingRules(
            min_bet=self.min_bet,
            limit=self.limit,
            blinds=self.blinds,
            ante=self.ante,
            heads_up_reversed=not equal_heads_up,
        )

    def engine(self) -> BettingState:
        return BettingState.start(self.rules(), dict(zip(self.players, self.stacks))).post_all()

    def pokerkit(self) -> PkState:
        game = NoLimitTexasHoldem if self.limit is Limit.NO_LIMIT else PotLimitTexasHoldem
        # Ante trimming on: antes count as contributions, as the engine counts them.
        return game(AUTOMATIONS, True, self.ante, self.blinds, self.min_bet)(
            self.stacks, len(self.stacks)
        )


def random_hand(seed: int) -> Hand:
    rng = random.Random(seed)
    n = rng.randint(2, 9)
    big = rng.choice((2, 10, 20, 100, 50))
    small = big if rng.random() < 0.15 else max(1, big // 2)
    ante = rng.choice((0, 0, 0, 1, max(1, big // 10), big // 2 or 1))
    stacks = []
    for _ in range(n):
        roll = rng.random()
        if roll < 0.12:
            stacks.append(rng.randint(1, 2 * big))  # shorter than the blinds now and then
        else:
            stacks.append(max(1, int(big * math.exp(rng.uniform(0, math.log(250))))))
    limit = Limit.POT_LIMIT if rng.random() < 0.5 else Limit.NO_LIMIT
    return Hand(seed, limit, tuple(stacks), (small, big), ante)


@dataclass
class Outcome:
    """What one hand found."""

    hand: Hand
    differences: list[str] = field(default_factory=list)
    readings: dict[str, int] = field(default_factory=dict)
    steps: int = 0
    script: list[Action] = field(default_factory=list)
    """The engine's actions, to time both engines on the same deal."""


def _pk_options(pk: PkState) -> dict[str, Any]:
    out: dict[str, Any] = {"fold": pk.can_fold(), "check_or_call": None, "raise": None}
    if pk.can_check_or_call():
        out["check_or_call"] = pk.checking_or_calling_amount
    if pk.can_complete_bet_or_raise_to():
        out["raise"] = (
            pk.min_completion_betting_or_raising_to_amount,
            pk.max_completion_betting_or_raising_to_amount,
        )
    return out


def _my_options(state: BettingState) -> dict[str, Any]:
    seat = state.queue[0]
    bet = state.bets[seat]
    out: dict[str, Any] = {"fold": False, "check_or_call": None, "raise": None}
    for legal in state.legal_actions():
        if legal.kind is ActionKind.FOLD:
            out["fold"] = True
        elif legal.kind in (ActionKind.CHECK, ActionKind.CALL):
            assert legal.min is not None
            out["check_or_call"] = legal.min - bet
        elif legal.kind in (ActionKind.BET, ActionKind.RAISE):
            out["raise"] = (legal.min, legal.max)
    return out


def _reading(
    state: BettingState, pk: PkState, mine: dict[str, Any], theirs: dict[str, Any]
) -> str | None:
    """Which documented reading explains a step where only the raise differs (else None)."""
    if {k: v for k, v in mine.items() if k != "raise"} != {
        k: v for k, v in theirs.items() if k != "raise"
    }:
        return None
    seat = state.queue[0]
    need = max(state.bets) - state.bets[seat]
    if theirs["raise"] is not None and mine["raise"] is None:
        # The engine refuses because a short all-in does not reopen the betting to this
        # player, and PokerKit took that all-in (the round's first raise) for a full one.
        if (
            state.acted[seat]
            and need < state.full_raise
            and pk.completion_betting_or_raising_amount < state.rules.min_bet
        ):
            return SHORT_FIRST_RAISE
        return None
    if mine["raise"] is not None and theirs["raise"] is None:
        try:
            pk.verify_completion_betting_or_raising_to()
        except ValueError as exc:
            why = str(exc)
        else:  # pragma: no cover - PokerKit said no just before
            return None
        if state.acted[seat] and need >= state.full_raise and "non-full all-in" in why:
            return SHORT_AFTER_FULL
    return None


def _choose(rng: random.Random, opts: dict[str, Any], stack: int, bet: int) -> tuple[str, int]:
    kinds = []
    if opts["fold"]:
        kinds += ["fold"] * 2
    if opts["check_or_call"] is not None:
        kinds += ["call"] * 5
    if opts["raise"] is not None:
        kinds += ["raise"] * 3
        if opts["raise"][1] == stack + bet:
            kinds.append("all-in")
    kind = rng.choice(kinds)
    if kind != "raise":
        return kind, 0
    low, high = opts["raise"]
    roll = rng.random()
    if roll < 0.3:
        return kind, low
    if roll < 0.45:
        return kind, high
    return kind, rng.randint(low, high)


def play(hand: Hand) -> Outcome:
    """Play ``hand`` on both engines, comparing every step and the end."""
    out = Outcome(hand)
    rng = random.Random(hand.seed * 7919 + 1)
    state = hand.engine()
    pk = hand.pokerkit()
    names = hand.players
    while True:
        while state.phase is Phase.CLOSED:
            state = state.next_street()
        actor = state.queue[0] if state.queue else None
        if actor != pk.actor_index:
            out.differences.append(
                f"step {out.steps}: the engine has {actor} to act, PokerKit {pk.actor_index}"
            )
            return out
        if actor is None:
            break
        mine, theirs = _my_options(state), _pk_options(pk)
        if mine != theirs:
            reading = _reading(state, pk, mine, theirs)
            if reading is None:
                out.differences.append(
                    f"step {out.steps} ({names[actor]} on {state.street}): engine {mine}, PokerKit {theirs}"
                )
                return out
            out.readings[reading] = out.readings.get(reading, 0) + 1
            mine = {**mine, "raise": None}
        kind, amount = _choose(rng, mine, state.stacks[actor], state.bets[actor])
        player = names[actor]
        bet = state.bets[actor]
        if kind == "fold":
            action = Action(ActionKind.FOLD, player)
            pk.fold()
        elif kind == "call":
            action = Action(
                ActionKind.CHECK if mine["check_or_call"] == 0 else ActionKind.CALL, player
            )
            pk.check_or_call()
        elif kind == "all-in":
            action = Action(ActionKind.ALL_IN, player)
            pk.complete_bet_or_raise_to(state.stacks[actor] + bet)
        else:
            raise_kind = ActionKind.RAISE if max(state.bets) > 0 else ActionKind.BET
            action = Action(raise_kind, player, amount)
            pk.complete_bet_or_raise_to(amount)
        state = state.apply(action)
        out.script.append(action)
        out.steps += 1
    _compare_end(state, pk, out)
    return out


def _compare_end(state: BettingState, pk: PkState, out: Outcome) -> None:
    names = out.hand.players
    if state.phase is Phase.OVER:
        winner = names.index(state.winner or "")
        theirs = [s + (b if i == winner else 0) for i, (s, b) in enumerate(zip(pk.stacks, pk.bets))]
        theirs[winner] += sum(p.amount for p in pk.pots)
        mine = list(state.stacks)
        mine[winner] += state.pot
        if mine != theirs:
            out.differences.append(f"everyone folded: engine stacks {mine}, PokerKit {theirs}")
        return
    if state.phase is not Phase.SHOWDOWN:
        out.differences.append(f"the engine stopped at {state.phase.value} with nobody to act")
        return
    mine_pots = [(p.amount, tuple(names.index(n) for n in p.eligible)) for p in state.pots()]
    their_pots = [(p.amount, tuple(p.player_indices)) for p in pk.pots]
    if mine_pots != their_pots:
        out.differences.append(f"pots: engine {mine_pots}, PokerKit {their_pots}")
    if list(state.stacks) != list(pk.stacks):
        out.differences.append(f"stacks: engine {list(state.stacks)}, PokerKit {list(pk.stacks)}")


def run(seeds: range, progress: Callable[[int], None] | None = None) -> list[Outcome]:
    outcomes = []
    for seed in seeds:
        outcomes.append(play(random_hand(seed)))
        if progress is not None:
            progress(seed)
    return outcomes


# -- timing: the same deals replayed on each engine, asking for the legal actions each step --


def time_engine(hand: Hand, script: list[Action]) -> None:
    state = hand.engine()
    for action in script:
        while state.phase is Phase.CLOSED:
            state = state.next_street()
        state.legal_actions()
        state = state.apply(action)
    while state.phase is Phase.CLOSED:
        state = state.next_street()
    state.pots()


def time_pokerkit(hand: Hand, script: list[Action]) -> None:
    pk = hand.pokerkit()
    for action in script:
        _pk_options(pk)
        if action.kind is ActionKind.FOLD:
            pk.fold()
        elif action.kind in (ActionKind.CHECK, ActionKind.CALL):
            pk.check_or_call()
        else:
            actor = pk.actor_index
            assert actor is not None
            amount = action.amount
            if amount is None:
                amount = pk.stacks[actor] + pk.bets[actor]
            pk.complete_bet_or_raise_to(amount)
    list(pk.pots)
