"""The betting of the deal under way at a table, kept in the table's state.

A game that tracks its bets opens a deal's betting when it starts the deal
(:func:`begin`, inside that command's transaction: the blinds and antes are
part of ``table deal``); each player's action is then one history entry
(:func:`act`, ``table bet``, a player's page), so one ``table undo`` takes
back one action. A street dealt opens its round (:func:`street_dealt`,
inside that command's entry), and the showdown reads what each player put
in and who folded (:func:`put_in`) instead of asking for them.

The engine is :class:`companion.poker.betting.BettingState`; the table
keeps its JSON (rules, seats, steps) and what the engine does not know:

* ``stacks_from``: where the game keeps each player's chips behind
  (a namespace and key of the table's state). A game moves those only when
  a deal is settled, so the deal's starting stacks are what it holds; when
  something else moves them during the deal (a correction, gold from the
  bank), the steps are played again on the new stacks.
* ``owed``: forced bets of players seated outside the betting (a player
  sitting a deal out still pays the blind): in the pot, folded.
* ``outside``: money already in the pot from outside the deal's betting
  (gold carried from the last deal, the bank's bonus), which the showdown
  adds itself; the engine counts it for the pot limit.
* ``fold_penalty``: what a fold costs into the pot (a rule may fine a fold).
* ``raise_at_least``: a player whose next bet or raise must raise by at
  least this much, and ``raise_rule`` the rule that asks it (an ability's
  condition), named in the refusal.
* ``toll``: what a player owes into the pot before their next action, and
  ``toll_rule`` the rule that asks it (:func:`demand_toll`): on their turn
  any action but a fold pays it first, and a fold (even with nothing to
  call) pays nothing; a toll still owed when the betting ends is paid then.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from companion.errors import CompanionError
from companion.poker.betting import BettingState, BettingView, Phase
from companion.poker.betting_actions import Action, ActionKind
from companion.poker.betting_rules import BettingRules, Limit
from companion.table.events import BetMade
from companion.table.model import TableInfo
from companion.table.store import Transaction

NS = "betting"
KEY = "deal"

WORDS: dict[str, ActionKind] = {
    "check": ActionKind.CHECK,
    "call": ActionKind.CALL,
    "bet": ActionKind.BET,
    "raise": ActionKind.RAISE,
    "fold": ActionKind.FOLD,
    "all-in": ActionKind.ALL_IN,
    "allin": ActionKind.ALL_IN,
}
"""The actions ``table bet`` takes, by the word a player says."""


@dataclass(frozen=True)
class TableBetting:
    """A deal's betting as the table keeps it: the engine's state and the table's own facts."""

    state: BettingState
    stacks_from: tuple[str, str] | None = None
    owed: Mapping[str, int] = field(default_factory=dict)
    outside: int = 0
    fold_penalty: int = 0
    dealer: str | None = None
    raise_at_least: Mapping[str, int] = field(default_factory=dict)
    raise_rule: Mapping[str, str] = field(default_factory=dict)
    toll: Mapping[str, int] = field(default_factory=dict)
    toll_rule: Mapping[str, str] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "engine": self.state.to_json(),
            "stacks_from": None if self.stacks_from is None else list(self.stacks_from),
            "owed": dict(self.owed),
            "outside": self.outside,
            "fold_penalty": self.fold_penalty,
            "dealer": self.dealer,
            "raise_at_least": dict(self.raise_at_least),
            "raise_rule": dict(self.raise_rule),
            "toll": dict(self.toll),
            "toll_rule": dict(self.toll_rule),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TableBetting:
        where = data.get("stacks_from")
        return cls(
            BettingState.from_json(data["engine"]),
            None if where is None else (str(where[0]), str(where[1])),
            {str(k): int(v) for k, v in dict(data.get("owed") or {}).items()},
            int(data.get("outside", 0)),
            int(data.get("fold_penalty", 0)),
            data.get("dealer"),
            {str(k): int(v) for k, v in dict(data.get("raise_at_least") or {}).items()},
            {str(k): str(v) for k, v in dict(data.get("raise_rule") or {}).items()},
            {str(k): int(v) for k, v in dict(data.get("toll") or {}).items()},
            {str(k): str(v) for k, v in dict(data.get("toll_rule") or {}).items()},
        )

    @property
    def penalties(self) -> dict[str, int]:
        """What each player paid into the pot beyond their bets (a fold's penalty)."""
        paid: dict[str, int] = {}
        for step in self.state.history:
            if step.kind is ActionKind.DEAD and step.player is not None:
                paid[step.player] = paid.get(step.player, 0) + int(step.amount or 0)
        return paid

    def put_in(self) -> dict[str, int]:
        """What each player put in this deal: bets, forced bets, penalties, and what the
        players outside the betting owed."""
        out = dict(self.state.contributions)
        for p, n in self.penalties.items():
            out[p] = out.get(p, 0) + n
        for p, n in self.owed.items():
            out[p] = out.get(p, 0) + n
        return out

    def with_tolls_paid(self) -> TableBetting:
        """The betting once every toll still owed is paid (the betting is over and the
        players owing it had no turn left to pay or fold): what each can pay of it."""
        s = self.state
        for p, n in self.toll.items():
            if p not in s.players or p in s.folded_players:
                continue
            paid = _payable(s, p, n)
            if paid:
                s = s.add_dead_money(paid, p)
        return replace(self, state=s, toll={}, toll_rule={})

    def folded(self) -> list[str]:
        """Who is out of the pot: the folders, and the players seated outside the betting."""
        return [*self.state.folded_players, *(p for p in self.owed if p not in self.state.players)]

    def view(self) -> BettingView:
        return self.state.view()

    def to_view_json(self) -> dict[str, Any]:
        """The ``betting`` block of a table's JSON and its pages; ``toll``: what each
        player owes before their next action, and the rule (a player owing one may fold
        even with nothing to call, so ``legal`` lists the fold)."""
        doc = {
            **self.view().to_json(),
            "dealer": self.dealer,
            "put_in": self.put_in(),
            "step": len(self.state.history),
            "toll": {
                p: {"amount": n, "rule": self.toll_rule.get(p, "")} for p, n in self.toll.items()
            },
        }
        who = self.state.to_act
        if who is None or who not in self.toll:
            return doc
        legal: list[dict[str, Any]] = []
        if self.state.stack_of(who) > self.toll[who]:  # what is left once the toll is paid
            paid = self.state.add_dead_money(self.toll[who], who)
            legal = [a.to_json() for a in paid.legal_actions() if a.kind is not ActionKind.FOLD]
        doc["legal"] = [{"action": "fold", "min": None, "max": None}, *legal]
        return doc


LIMITS = ("no", "pot")


def check_limit(raw: Any, game_name: str) -> str | None:
    """``table new --limit``: ``no`` or ``pot`` (None: the table does not track the bets)."""
    if raw is None or raw is False:
        return None
    word = str(raw).strip().casefold()
    word = {"no-limit": "no", "nolimit": "no", "pot-limit": "pot", "potlimit": "pot"}.get(
        word, word
    )
    if word not in LIMITS:
        raise CompanionError(
            f"--limit {raw}: {game_name} plays 'no' (No-Limit) or 'pot' (Pot-Limit)"
        )
    return word


def limit_of(table: TableInfo) -> Limit | None:
    """The limit a table was made with (None: it does not track the bets)."""
    word = table.options.get("limit")
    return None if not word else Limit(word)


def load(tx: Transaction, table: TableInfo) -> TableBetting | None:
    """The betting of the deal under way, or None when the table does not track it.

    Stacks the game moved since the deal began (a correction, gold from the bank)
    are taken in: the steps are played again on the new starting stacks."""
    data = tx.get_state(table, NS, KEY)
    if not data:
        return None
    try:
        kept = TableBetting.from_json(data)
    except (CompanionError, KeyError, TypeError, ValueError, IndexError) as exc:
        why = exc.message if isinstance(exc, CompanionError) else "it is not readable"
        raise CompanionError(
            f"the betting kept for table '{table.name}' is damaged ({why}); "
            "'companion table deal' starts the next deal afresh"
        ) from None
    return _with_stacks_now(tx, table, kept)


def _with_stacks_now(tx: Transaction, table: TableInfo, kept: TableBetting) -> TableBetting:
    if kept.stacks_from is None:
        return kept
    now = tx.get_state(table, *kept.stacks_from, {}) or {}
    s = kept.state
    start = dict(zip(s.players, s.starting_stacks))
    wanted = {p: int(now.get(p, start[p])) for p in s.players}
    if wanted == start or any(v <= 0 for v in wanted.values()):
        return kept
    try:
        return replace(kept, state=BettingState.replay(s.rules, wanted, s.history))
    except CompanionError:
        return kept  # the new stacks cannot pay for what was bet: keep the deal as it went


def save(tx: Transaction, table: TableInfo, betting: TableBetting) -> None:
    tx.put_state(table, NS, KEY, betting.to_json(), undoable=True)


def clear(tx: Transaction, table: TableInfo) -> None:
    """The table tracks no betting for the deal under way (undoable with the command)."""
    if tx.get_state(table, NS, KEY) is not None:
        tx.delete_state(table, NS, KEY, undoable=True)


def begin(
    tx: Transaction,
    table: TableInfo,
    rules: BettingRules,
    stacks: Mapping[str, int],
    *,
    stacks_from: tuple[str, str] | None = None,
    owed: Mapping[str, int] | None = None,
    outside: int = 0,
    fold_penalty: int = 0,
    dealer: str | None = None,
) -> TableBetting:
    """Open a deal's betting: ``stacks`` in seat order from left of the dealer; the
    antes and blinds posted at once, money from outside the betting put in.

    Part of the command that starts the deal (no history entry of its own)."""
    owed = dict(owed or {})
    s = BettingState.start(rules, stacks).post_all()
    dead = outside + sum(owed.values())
    if dead:
        s = s.add_dead_money(dead)
    betting = TableBetting(s, stacks_from, owed, outside, fold_penalty, dealer, raise_at_least={})
    save(tx, table, betting)
    return betting


def check_step(betting: TableBetting | None, step: int | None) -> None:
    """Refuse an action sent from a page drawn before the last one (``step`` is the
    number of steps the page saw): a page that missed an action, or the same action
    sent twice, moves nothing."""
    if betting is None or step is None:
        return
    now = len(betting.state.history)
    if step != now:
        raise CompanionError(
            f"the betting moved on since this page was drawn (step {step}, now {now}): "
            "look again and act on what it shows now"
        )


def parse_action(player: str, word: str, amount: int | None) -> Action:
    """``table bet PLAYER ACTION [AMOUNT]`` as an engine action; a one-line error for a
    word that is not an action, or an amount where none belongs."""
    kind = WORDS.get(word.strip().casefold())
    if kind is None:
        raise CompanionError(
            f"'{word}' is not a betting action (check, call, bet N, raise N, fold, all-in)"
        )
    if kind in (ActionKind.BET, ActionKind.RAISE) and amount is None:
        raise CompanionError(
            f"'{kind.value}' needs the amount the bet comes to this street ('{kind.value} 400')"
        )
    if kind in (ActionKind.CHECK, ActionKind.FOLD) and amount is not None:
        raise CompanionError(f"'{kind.value}' takes no amount (got {amount:,})")
    return Action(kind, player, amount)


def act(
    tx: Transaction, table: TableInfo, action: Action, *, actor: str | None = None
) -> tuple[TableBetting, BetMade]:
    """One player's action on their turn: checked by the engine, kept, one history entry.

    A fold at a game with a fold of its own (:meth:`~companion.table.drawing.GameRules.
    fold_in_betting`) is that game's fold: the same cards moved and the same entry
    whichever command or page made it."""
    if action.kind is ActionKind.FOLD and action.player is not None and load(tx, table):
        from companion.table.drawing import rules_for

        folded = rules_for(table.game).fold_in_betting(tx, table, action.player)
        if folded is not None:
            kept = load(tx, table)
            assert kept is not None  # the game's fold went through the tracked betting
            return kept, folded
    betting, event = decide(tx, table, action)
    tx.record(table, event, actor=actor)
    return betting, event


def decide(tx: Transaction, table: TableInfo, action: Action) -> tuple[TableBetting, BetMade]:
    """:func:`act` without its history entry (a game's own command records the action)."""
    betting = load(tx, table)
    if betting is None:
        raise CompanionError(
            f"table '{table.name}' does not track the betting: the dealer settles the bets "
            "at the showdown ('table new ... --limit no|pot' makes a table that does)"
        )
    s = betting.state
    player = action.player
    if player is not None and player not in s.players and player in betting.owed:
        raise CompanionError(f"{player} sits this deal out and has no turn")
    before = s
    toll, toll_rule = betting.toll.get(str(player), 0), betting.toll_rule.get(str(player), "")
    if toll:
        s.verify(Action(ActionKind.LEAVE, player))  # on their turn only
        s, action = _pay_toll(s, action, toll, toll_rule)
    if toll and action.kind is not ActionKind.LEAVE and s.stack_of(str(player)) == 0:
        resolved = Action(ActionKind.ALL_IN, player, s.bet_of(str(player)))  # the toll took all
        return _decided(tx, table, betting, before, s, resolved, 0, toll, toll_rule)
    resolved = s.verify(action)
    floor = betting.raise_at_least.get(str(player))
    if floor and int(resolved.amount or 0) < max(s.bets) + floor:
        raise CompanionError(
            f"{player} cannot {resolved.kind.value}"
            + (f" to {resolved.amount:,}" if resolved.amount is not None else "")
            + f": {betting.raise_rule.get(str(player), 'a rule in force')} bets or raises by "
            f"at least {floor:,} this turn "
            f"(to {max(s.bets) + floor:,} or more)"
        )
    after = s.apply(resolved)
    penalty = 0
    if resolved.kind in (ActionKind.FOLD, ActionKind.LEAVE) and betting.fold_penalty:
        penalty = _payable(after, str(player), betting.fold_penalty)
        if penalty:
            after = after.add_dead_money(penalty, player)
    return _decided(tx, table, betting, before, after, resolved, penalty, toll, toll_rule)


def _decided(
    tx: Transaction,
    table: TableInfo,
    betting: TableBetting,
    before: BettingState,
    after: BettingState,
    resolved: Action,
    penalty: int,
    toll: int,
    toll_rule: str,
) -> tuple[TableBetting, BetMade]:
    """Keep the state after a player's action (their raise condition and toll done with)
    and say what happened."""
    player = resolved.player
    rest = {p: n for p, n in betting.raise_at_least.items() if p != player}
    why = {p: n for p, n in betting.raise_rule.items() if p != player}
    betting = replace(
        betting,
        state=after,
        raise_at_least=rest,
        raise_rule=why,
        toll={p: n for p, n in betting.toll.items() if p != player},
        toll_rule={p: n for p, n in betting.toll_rule.items() if p != player},
    )
    save(tx, table, betting)
    left = resolved.kind is ActionKind.LEAVE
    event = BetMade(
        str(player),
        ActionKind.FOLD.value if left else resolved.kind.value,
        resolved.amount,
        before.street,
        after.pot,
        after.to_act,
        penalty,
        _round_over(before, after),
        after.winner if after.phase is Phase.OVER else None,
        0 if left else toll,
        toll_rule if toll else "",
    )
    return betting, event


def _payable(s: BettingState, player: str, amount: int) -> int:
    """What ``player`` can pay of ``amount`` into the pot: at most their stack, in whole
    units of the table's chips."""
    paid = min(amount, s.stack_of(player))
    return paid - paid % s.rules.unit


def _pay_toll(s: BettingState, action: Action, toll: int, rule: str) -> tuple[BettingState, Action]:
    """A player owing ``toll`` acts on their turn: a fold pays nothing (and is allowed
    with nothing to call: the player leaves rather than pay); any other action pays the
    toll into the pot first, and is then checked on what the player has left (a toll
    that takes every chip is paid by 'all-in', which is then all they do)."""
    player = str(action.player)
    if action.kind is ActionKind.FOLD:
        return s, Action(ActionKind.LEAVE, player)
    stack = s.stack_of(player)
    if stack < toll:
        raise CompanionError(
            f"{player} cannot pay {rule} ({toll:,} {s.rules.currency}, has {stack:,}): "
            f"fold ('companion table bet {player} fold')"
        )
    if stack == toll and action.kind is not ActionKind.ALL_IN:
        raise CompanionError(
            f"{rule} ({toll:,} {s.rules.currency}) takes all {player} has: "
            f"'all-in' pays it, or fold"
        )
    return s.add_dead_money(toll, player), action


def _round_over(before: BettingState, after: BettingState) -> str | None:
    """What the action ended, in a word: the round (``closed``), the betting (``showdown``)
    or the deal (``over``); None while the round goes on."""
    if before.phase is after.phase:
        return None
    return after.phase.value


def street_dealt(tx: Transaction, table: TableInfo, street: str) -> TableBetting | None:
    """The table dealt ``street``: its betting round opens. Refused while the round
    before is not over; part of the command that dealt it. None when untracked."""
    betting = load(tx, table)
    if betting is None:
        return None
    s = betting.state
    if s.phase is Phase.BETTING:
        legal = ", ".join(a.kind.value for a in s.legal_actions())
        raise CompanionError(
            f"the {s.street} betting is not over: it is {s.to_act}'s turn ({legal}; "
            f"'companion table bet {s.to_act} ACTION')"
        )
    if s.phase is Phase.OVER:
        raise CompanionError(
            f"the deal is over: {s.winner} won it when everyone else folded "
            "(settle it with 'companion table showdown')"
        )
    if s.phase is Phase.SHOWDOWN:
        return betting  # everyone is all-in or the betting is over: the board is dealt out
    if s.street_index + 1 < len(s.rules.streets) and s.rules.streets[s.street_index + 1] != street:
        raise CompanionError(
            f"the betting expected the {s.rules.streets[s.street_index + 1]}, not the {street}"
        )
    betting = replace(betting, state=s.next_street())
    save(tx, table, betting)
    return betting


def settled_amounts(betting: TableBetting) -> tuple[dict[str, int], list[str]]:
    """What the showdown needs from the betting: each player's gold in and who folded;
    refused while the betting is still under way."""
    s = betting.state
    if s.phase not in (Phase.SHOWDOWN, Phase.OVER):
        if s.phase is Phase.BETTING:
            where = f"it is {s.to_act}'s turn ('companion table bet {s.to_act} ACTION')"
        elif s.phase is Phase.CLOSED:
            where = f"the {s.rules.streets[s.street_index + 1]} is still to deal"
        else:
            where = "the blinds are not posted"
        raise CompanionError(
            f"the {s.street} betting is not over: {where}; or type what each player put in "
            "(NAME=AMOUNT)"
        )
    betting = betting.with_tolls_paid()
    return betting.put_in(), betting.folded()


def require_turn(betting: TableBetting, player: str, what: str) -> None:
    """Refuse ``what`` (an ability used on one's turn) unless it is ``player``'s turn."""
    s = betting.state
    if player in s.players and s.phase is Phase.BETTING and s.to_act != player:
        raise CompanionError(f"{player} cannot use {what} now: it is {s.to_act}'s turn")


def demand_raise(tx: Transaction, table: TableInfo, player: str, by: int, rule: str) -> None:
    """``player``'s next bet or raise must raise by at least ``by``, as ``rule`` asks."""
    betting = load(tx, table)
    if betting is None:
        return
    s = betting.state
    if player not in s.players:
        return
    everything = s.bet_of(player) + s.stack_of(player)
    if everything < max(s.bets) + by:
        raise CompanionError(
            f"{player} has {s.stack_of(player):,} {s.rules.currency}, not enough to bet or raise "
            f"by {by:,}"
        )
    save(
        tx,
        table,
        replace(
            betting,
            raise_at_least={**betting.raise_at_least, player: by},
            raise_rule={**betting.raise_rule, player: rule},
        ),
    )


def demand_toll(tx: Transaction, table: TableInfo, amount: int, rule: str) -> list[str]:
    """Every player still in the deal's betting with chips owes ``amount`` into the pot,
    as ``rule`` asks: paid on their next turn before they act, or they fold instead.
    The players who owe it (none when the table does not track the betting, or when no
    turn is left to anyone: the betting is over)."""
    betting = load(tx, table)
    if betting is None or amount <= 0:
        return []
    s = betting.state
    if s.phase in (Phase.SHOWDOWN, Phase.OVER):
        return []
    owing = [
        p
        for p in s.players
        if p not in s.folded_players and s.stack_of(p) > 0 and p not in betting.toll
    ]
    if owing:
        save(
            tx,
            table,
            replace(
                betting,
                toll={**betting.toll, **dict.fromkeys(owing, amount)},
                toll_rule={**betting.toll_rule, **dict.fromkeys(owing, rule)},
            ),
        )
    return owing


def pay_in(tx: Transaction, table: TableInfo, player: str, amount: int) -> None:
    """``player`` puts ``amount`` into the pot outside their bets (a trade's cost): dead
    money from their stack, so what they may still bet is what they have left (the
    engine refuses it when they have less). Nothing when the table does not track it."""
    betting = load(tx, table)
    if betting is None or amount <= 0 or player not in betting.state.players:
        return
    save(tx, table, replace(betting, state=betting.state.add_dead_money(amount, player)))


def add_caller(tx: Transaction, table: TableInfo, count: int = 1) -> None:
    """``count`` contestants with no seat come into the deal under way, all-in for every
    pot (a game's monsters): they call every bet, so nothing goes back uncalled, and the
    deal is played out to the showdown even when one player alone stays in. Nothing when
    the table does not track the betting."""
    betting = load(tx, table)
    if betting is None or count <= 0:
        return
    s = betting.state
    for _ in range(count):
        s = s.add_caller()
    save(tx, table, replace(betting, state=s))
