"""Pots and side pots: who put in what, who may win which pot, who is paid.

Each player's total contribution to the deal is known (folded players
included). Every distinct contribution of a player still in the deal closes
a pot at that level; folded chips stay in every pot they reached, but their
owner may win none. Each pot then goes to the best hand among its eligible
players; ties split it, and the chips that do not divide evenly go where
the game says (its :class:`PotRules`, from
:meth:`companion.registry.Game.pot_rules`):

* ``left-of-button`` (Hold'em): one chip at a time to the tied winners in
  seat order, starting left of the button;
* ``carry-over``: chips are paid in coins of ``unit``; what cannot be split
  into whole coins stays on the table for the next deal (``carry_over``);
* ``house``: the remainder of a split goes back to the house. A game with
  a house bet (``house_bet``) counts it as it lies on the mat, so it
  already holds every folded bet; and a game without side pots
  (``side_pots``) refuses unequal bets of the players still in.

>>> s = settle({"alice": 300, "bob": 100, "carol": 300}, "bob > alice > carol")
>>> [(p.amount, p.eligible, p.winners) for p in s.pots]
[(300, ('alice', 'bob', 'carol'), ('bob',)), (400, ('alice', 'carol'), ('alice',))]
>>> s.payouts
{'alice': 400, 'bob': 300, 'carol': 0}
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from companion.bounds import MAX_CHIPS, check_range
from companion.documents import short
from companion.errors import CompanionError

OddChips = Literal["left-of-button", "carry-over", "house"]
Result = tuple[tuple[str, ...], ...]
"""A showdown result: groups of tied players, best group first."""


@dataclass(frozen=True)
class PotRules:
    """How a game splits pots: its smallest chip and where odd chips go."""

    game: str
    unit: int = 1
    odd_chips: OddChips = "left-of-button"
    side_pots: bool = True
    """False: the players still in always bet the same, so unequal bets are refused."""
    house_bet: bool = False
    """True: a house bet joins the pot, holding the folded bets."""

    def __post_init__(self) -> None:
        if not 1 <= self.unit <= MAX_CHIPS:
            raise CompanionError(
                f"the smallest chip must be 1 to {MAX_CHIPS} (got {short(self.unit)})"
            )


HOLDEM_POTS = PotRules("holdem")
"""Hold'em's pots: one-chip units, odd chips left of the button, side pots."""


ALL_IN = -1
"""``NAME=all``'s amount: everything the player had, which only a table that counts
gold knows (``table showdown`` reads it as the player's stack)."""

ALL_IN_WORD = "all"


def all_in_amount(player: str, stacks: Mapping[str, int]) -> int:
    """``NAME=all``'s gold: what the table counts for ``player`` (``stacks`` by name, in any
    case); refused when it counts none (no table, or a player it does not seat).

    >>> all_in_amount("Ann", {"ann": 1200})
    1200
    """
    stack = next((v for k, v in stacks.items() if k.casefold() == player.casefold()), None)
    if stack is None:
        raise CompanionError(
            f"{player}=all: the table counts no gold for {player}; give the amount"
        )
    return stack


def with_all_in(amounts: Mapping[str, int], stacks: Mapping[str, int]) -> dict[str, int]:
    """``amounts`` with each :data:`ALL_IN` replaced by the player's gold (:func:`all_in_amount`).

    >>> with_all_in({"ann": 300, "ben": ALL_IN}, {"ben": 900})
    {'ann': 300, 'ben': 900}
    """
    return {k: all_in_amount(k, stacks) if v == ALL_IN else v for k, v in amounts.items()}


def parse_contributions(items: list[str], *, all_in: bool = False) -> dict[str, int]:
    """Read ``NAME=AMOUNT`` words into an ordered mapping (seat order); with ``all_in``,
    ``NAME=all`` too, as :data:`ALL_IN`.

    >>> parse_contributions(["ann=300", "ben=all"], all_in=True)
    {'ann': 300, 'ben': -1}
    """
    out: dict[str, int] = {}
    for item in items:
        name, sep, amount = item.partition("=")
        name = name.strip()
        if not sep or not name:
            raise CompanionError(f"{short(item)} is not NAME=AMOUNT (for example alice=300)")
        if all_in and amount.strip().casefold() == ALL_IN_WORD:
            if name in out:
                raise CompanionError(f"'{name}' is given twice")
            out[name] = ALL_IN
            continue
        try:
            value = int(amount.replace("_", "").replace(",", "").strip())
        except ValueError:
            raise CompanionError(f"{short(item)}: the amount must be a whole number") from None
        if name in out:
            raise CompanionError(f"'{name}' is given twice")
        out[name] = value
    return out


EVERYONE = "all"
"""``all=GOLD``: the same amount for every player in the deal."""


def spread_everyone(amounts: Mapping[str, int], players: Sequence[str]) -> dict[str, int]:
    """``all=N`` gives each of ``players`` N; a player's own ``NAME=N`` overrides it.

    Without ``all`` the amounts are returned as given. Names match in any case;
    a name that is not among ``players`` is kept as typed, for the caller to
    refuse. A player called ``all`` makes ``all`` ambiguous, so it is refused.

    >>> spread_everyone({"all": 200, "cy": 100}, ["ann", "ben", "cy"])
    {'ann': 200, 'ben': 200, 'cy': 100}
    """
    key = next((k for k in amounts if k.casefold() == EVERYONE), None)
    if key is None:
        return dict(amounts)
    clash = [p for p in players if p.casefold() == EVERYONE]
    if clash:
        raise CompanionError(
            f"{key}={amounts[key]}: a player is named '{clash[0]}', so give each amount by name"
        )
    out = dict.fromkeys(players, amounts[key])
    for name, amount in amounts.items():
        if name == key:
            continue
        same = [p for p in players if p.casefold() == name.casefold()]
        out[same[0] if same else name] = amount
    return out


def everyone_named(result: str, folded: Iterable[str] = ()) -> list[str]:
    """The players ``companion pot`` knows without a table: those in the result, then
    those who folded (the seat order ``all=GOLD`` gives them).

    >>> everyone_named("bob > ann = cy", ["dee"])
    ['bob', 'ann', 'cy', 'dee']
    """
    names = [n for group in parse_result(result) for n in group]
    return [*names, *(f for f in folded if f not in names)]


def pot_rules(game: str = "holdem", unit: int | None = None) -> PotRules:
    """The pot rules of ``game``, optionally with another smallest chip.

    >>> pot_rules("holdem").odd_chips, pot_rules("omaha", 5).unit
    ('left-of-button', 5)
    """
    from companion.registry import game as game_of
    from companion.registry import games

    rules = game_of(game).pot_rules()
    if rules is None:
        known = ["holdem", "omaha", *(g.id for g in games() if g.pot_rules() is not None)]
        raise CompanionError(f"unknown game '{game}' for pots (games: {', '.join(known)})")
    return rules if unit is None else replace(rules, unit=unit)


@dataclass(frozen=True)
class Pot:
    """One pot: its chips, who may win it, and who did (best first)."""

    amount: int
    eligible: tuple[str, ...]
    winners: tuple[str, ...] = ()
    shares: Mapping[str, int] = field(default_factory=dict)
    """What each winner took from this pot, before odd chips."""
    board: int | None = None
    """Which board this part of a pot is played on (a game may deal two)."""

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "amount": self.amount,
            "eligible": list(self.eligible),
            "winners": list(self.winners),
            "shares": dict(self.shares),
        }
        if self.board is not None:
            out["board"] = self.board
        return out


@dataclass(frozen=True)
class Settlement:
    """Where every chip of the deal went.

    ``payouts`` lists every player (zero for those who won nothing);
    ``removed`` left the game (a monster's winnings), ``carry_over`` stays on
    the table for the next deal, ``house`` went back to the house.
    """

    pots: tuple[Pot, ...]
    payouts: dict[str, int]
    carry_over: int = 0
    removed: int = 0
    house: int = 0
    contributions: Mapping[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(p.amount for p in self.pots)

    @property
    def net(self) -> dict[str, int]:
        """Each player's gain or loss over the deal."""
        return {
            name: self.payouts.get(name, 0) - self.contributions.get(name, 0)
            for name in self.payouts
        }

    def to_json(self) -> dict[str, object]:
        return {
            "pots": [p.to_json() for p in self.pots],
            "payouts": dict(self.payouts),
            "carry_over": self.carry_over,
            "removed": self.removed,
            "house": self.house,
            "net": self.net,
        }


_NAME = re.compile(r"^[\w][\w .'’-]*$")


def parse_result(text: str) -> Result:
    """Read a result like ``"bob > alice = carol > dave"`` (ties with ``=``).

    >>> parse_result("bob > alice = carol > dave")
    (('bob',), ('alice', 'carol'), ('dave',))
    """
    groups: list[tuple[str, ...]] = []
    seen: set[str] = set()
    if not text.strip():
        raise CompanionError("the result is empty (write it like 'bob > alice = carol')")
    for chunk in text.split(">"):
        names = tuple(n.strip() for n in chunk.split("="))
        for name in names:
            if not name:
                raise CompanionError(
                    f"the result '{text}' has an empty place (write it like 'bob > alice = carol')"
                )
            if not _NAME.match(name):
                raise CompanionError(f"'{name}' in the result is not a player name")
            if name in seen:
                raise CompanionError(f"'{name}' appears twice in the result")
            seen.add(name)
        groups.append(names)
    return tuple(groups)


def resolve_names(groups: Result, known: Sequence[str]) -> Result:
    """Each name of a result as the table spells it: exactly, in any case, or by the
    start of one of its words when only one name fits (beside a Troll, ``keeper`` and
    ``toll`` are the Toll Keeper; ``t`` fits both and is refused). A name that fits
    none is kept as typed, for the caller to say what is wrong with it.

    >>> resolve_names((("TROLL",), ("keep", "Ann")), ["Ann", "Troll", "Toll Keeper"])
    (('Troll',), ('Toll Keeper', 'Ann'))
    >>> resolve_names((("t",),), ["Troll", "Toll Keeper"])
    Traceback (most recent call last):
    companion.errors.CompanionError: 't' in the result could be Toll Keeper or Troll: give more of the name
    """
    seen: set[str] = set()
    out: list[tuple[str, ...]] = []
    for group in groups:
        names: list[str] = []
        for typed in group:
            name = _one_name(typed, known)
            if name in seen:
                raise CompanionError(f"'{name}' appears twice in the result")
            seen.add(name)
            names.append(name)
        out.append(tuple(names))
    return tuple(out)


def _one_name(typed: str, known: Sequence[str]) -> str:
    if typed in known:
        return typed
    key = typed.casefold()
    same = [k for k in known if k.casefold() == key]
    if len(same) == 1:
        return same[0]
    starts = [k for k in known if any(w.startswith(key) for w in k.casefold().split())]
    if len(starts) > 1:
        raise CompanionError(
            f"'{typed}' in the result could be {' or '.join(sorted(starts))}: give more of the name"
        )
    return starts[0] if starts else typed


def build_pots(
    contributions: Mapping[str, int],
    folded: Collection[str] = (),
    *,
    always_eligible: Iterable[str] = (),
    dead_money: int = 0,
    capped_by: Mapping[str, str] | None = None,
) -> tuple[Pot, ...]:
    """Split the contributions into a main pot and side pots.

    ``always_eligible`` are players who may win every pot whatever they put
    in (a game's monsters are all-in for every pot with no stack).
    ``capped_by`` limits one of them to the pots another player may win
    (a monster a player brought wins only what that player could).
    ``dead_money`` (a house bet, gold carried from the last deal, a bonus
    blind from the bank) joins the main pot.

    >>> [(p.amount, p.eligible) for p in build_pots({"a": 50, "b": 200, "c": 200, "d": 120}, folded={"d"})]
    [(200, ('a', 'b', 'c')), (370, ('b', 'c'))]
    >>> [p.eligible for p in build_pots({"a": 100, "b": 300}, always_eligible=["troll"], capped_by={"troll": "a"})]
    [('a', 'b', 'troll'), ('b',)]
    """
    _check_contributions(contributions)
    extra = tuple(n for n in always_eligible if n not in contributions)
    caps_of = dict(capped_by or {})
    live = [n for n in contributions if n not in folded]
    caps = sorted({contributions[n] for n in live if contributions[n] > 0})
    if not caps:
        # Nobody still in put anything in: one pot of everything, for whoever may win it.
        total = sum(contributions.values()) + dead_money
        eligible = tuple(live) + extra
        return (Pot(total, eligible),) if total or eligible else ()
    pots: list[Pot] = []
    previous = 0
    for cap in caps:
        amount = sum(min(c, cap) - min(c, previous) for c in contributions.values())
        eligible = tuple(n for n in live if contributions[n] >= cap) + tuple(
            n for n in extra if n not in caps_of or contributions.get(caps_of[n], 0) >= cap
        )
        pots.append(Pot(amount, eligible))
        previous = cap
    # Folded chips above the highest live contribution still reached the top pot.
    overflow = sum(c - min(c, previous) for c in contributions.values())
    if overflow:
        top = pots[-1]
        pots[-1] = Pot(top.amount + overflow, top.eligible)
    if dead_money:
        main = pots[0]
        pots[0] = Pot(main.amount + dead_money, main.eligible)
    return tuple(pots)


def settle(
    contributions: Mapping[str, int],
    result: str | Result,
    *,
    folded: Collection[str] = (),
    rules: PotRules | None = None,
    button: str | None = None,
    always_eligible: Iterable[str] = (),
    payee: Mapping[str, str | None] | None = None,
    dead_money: int = 0,
    house_bet: int = 0,
    capped_by: Mapping[str, str] | None = None,
) -> Settlement:
    """Build the pots, award them by ``result`` and place every chip.

    Seat order is the order of ``contributions``; the first player sits left
    of the button unless ``button`` names the player on the button.
    ``payee`` redirects a winner's share (a summoned monster pays its
    summoner; ``None`` means the share leaves the game). Players ranked in
    ``result`` but absent from the pots (monsters) are always eligible.
    ``house_bet`` is the house betting space as it lies, folded bets
    included (see :func:`house_money`).
    """
    rules = rules or HOLDEM_POTS
    groups = parse_result(result) if isinstance(result, str) else tuple(tuple(g) for g in result)
    folded_set = set(folded)
    extra = tuple(always_eligible)
    _validate(contributions, groups, folded_set, extra, button, rules, house_bet + dead_money)
    uneven = unequal_bets(contributions, folded_set, rules)
    if uneven:
        raise CompanionError(
            f"{uneven[1]}={contributions[uneven[1]]} but {uneven[0]}={contributions[uneven[0]]}: "
            f"{rules.game} has no side pots, so the players still in have bet the same"
        )
    pots = build_pots(
        contributions,
        folded_set,
        always_eligible=extra,
        dead_money=dead_money + house_money(house_bet, contributions, folded_set, rules),
        capped_by=capped_by,
    )
    return award(pots, groups, contributions, rules=rules, button=button, payee=payee, extra=extra)


def house_money(
    house_bet: int,
    contributions: Mapping[str, int],
    folded: Collection[str],
    rules: PotRules,
    label: str = "--house",
) -> int:
    """What a house bet adds to the pot beyond the folded bets it already holds.

    A folding player's bet moves onto the house betting space, so the house
    bet, counted as it lies, holds every folded bet: those chips are counted
    once, in the folded player's contribution. Only a game with a house bet
    may have one.

    >>> house = PotRules("house", odd_chips="house", side_pots=False, house_bet=True)
    >>> house_money(3, {"ann": 4, "ben": 4, "cat": 2}, {"cat"}, house)
    1
    >>> house_money(1, {"ann": 4, "cat": 2}, {"cat"}, house)
    Traceback (most recent call last):
      ...
    companion.errors.CompanionError: --house 1 cannot hold the 2 chips the folded players bet (a folded bet lies on the house bet, which counts it)
    """
    folded_bets = sum(contributions.get(name, 0) for name in folded)
    if not rules.house_bet:
        if house_bet:
            from companion.registry import games

            owners = " and ".join(g.name for g in games() if (g.pot_rules() or rules).house_bet)
            raise CompanionError(
                f"{label} {house_bet}: only {owners} has a house bet ({rules.game} has none)"
            )
        return 0
    if house_bet < folded_bets:
        raise CompanionError(
            f"{label} {house_bet} cannot hold the {folded_bets} chips the folded players bet "
            "(a folded bet lies on the house bet, which counts it)"
        )
    return house_bet - folded_bets


def unequal_bets(
    contributions: Mapping[str, int], folded: Collection[str], rules: PotRules
) -> tuple[str, str] | None:
    """Two players still in whose bets differ, in a game without side pots (else None).

    >>> unequal_bets({"ann": 3, "ben": 4}, (), PotRules("even", side_pots=False))
    ('ann', 'ben')
    >>> unequal_bets({"ann": 3, "ben": 4}, (), pot_rules("holdem")) is None
    True
    """
    if rules.side_pots:
        return None
    live = [name for name in contributions if name not in folded]
    for name in live[1:]:
        if contributions[name] != contributions[live[0]]:
            return live[0], name
    return None


def award(
    pots: Iterable[Pot],
    groups: Result,
    contributions: Mapping[str, int],
    *,
    rules: PotRules | None = None,
    button: str | None = None,
    payee: Mapping[str, str | None] | None = None,
    extra: Iterable[str] = (),
    payee_if_eligible: Iterable[str] = (),
) -> Settlement:
    """Pay out pots already built, by the result ``groups`` (best first).

    ``payee`` sends what a contestant wins to another (None: it leaves the game); a
    payee named in ``payee_if_eligible`` takes it only from the pots they could win
    themselves, and the rest leaves the game.

    A pot whose eligible players are all missing from ``groups`` has no
    legal winner: it stays on the table (goes to the house where the odd chips do).
    ``extra`` names contestants outside the seats (monsters), who come after
    every seated player when odd chips are handed out.

    >>> s = award([Pot(500, ("ann", "ben"))], (("ann", "ben"),), {"ann": 200, "ben": 300},
    ...           rules=PotRules("coins", unit=100, odd_chips="carry-over"))
    >>> s.payouts, s.carry_over
    ({'ann': 200, 'ben': 200}, 100)
    """
    rules = rules or HOLDEM_POTS
    seats = _seat_order(list(contributions), button)
    payee = dict(payee or {})
    capped = set(payee_if_eligible)
    payouts = dict.fromkeys(contributions, 0)
    carry = removed = house = 0
    awarded: list[Pot] = []
    rank_of = {name: i for i, group in enumerate(groups) for name in group}
    everyone = list(dict.fromkeys([*contributions, *extra, *(n for g in groups for n in g)]))
    for pot in pots:
        contenders = [n for n in pot.eligible if n in rank_of]
        if not contenders:
            # No one here may legally win: the pot waits for the next deal (or goes to the house).
            if rules.odd_chips == "house":
                house += pot.amount
            else:
                carry += pot.amount
            awarded.append(Pot(pot.amount, pot.eligible))
            continue
        best = min(rank_of[n] for n in contenders)
        winners = tuple(
            sorted((n for n in contenders if rank_of[n] == best), key=_seat_key(seats, everyone))
        )
        units, loose = divmod(pot.amount, rules.unit)
        each, odd_units = divmod(units, len(winners))
        shares = dict.fromkeys(winners, each * rules.unit)
        if rules.odd_chips == "left-of-button":
            for w in winners[:odd_units]:
                shares[w] += rules.unit
            carry += loose
        elif rules.odd_chips == "carry-over":
            carry += odd_units * rules.unit + loose
        else:
            house += odd_units * rules.unit + loose
        for w, amount in shares.items():
            target = payee.get(w, w)
            if target in capped and target != w and target not in pot.eligible:
                target = None
            if target is None:
                removed += amount
            else:
                payouts[target] = payouts.get(target, 0) + amount
        awarded.append(Pot(pot.amount, pot.eligible, winners, shares))
    return Settlement(tuple(awarded), payouts, carry, removed, house, dict(contributions))


def _seat_order(players: list[str], button: str | None) -> list[str]:
    if button is None:
        return players
    i = players.index(button)
    return players[i + 1 :] + players[: i + 1]


def _seat_key(seats: list[str], everyone: list[str]) -> Callable[[str], int]:
    order = {name: i for i, name in enumerate(seats)}
    outside = {name: i for i, name in enumerate(everyone)}
    # Players outside the seats (monsters) come after every seated player.
    return lambda name: order.get(name, len(seats) + outside[name])


def _check_contributions(contributions: Mapping[str, int]) -> None:
    if not contributions:
        raise CompanionError("no players: give each player's contribution, like alice=300")
    for name, amount in contributions.items():
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise CompanionError(
                f"{name}'s contribution must be a whole number (got {short(amount)})"
            )
        if amount < 0:
            raise CompanionError(f"{name}'s contribution cannot be negative (got {amount})")
        if amount > MAX_CHIPS:
            raise CompanionError(
                f"{name}'s contribution {short(amount)} is more than any stake ({MAX_CHIPS} at most)"
            )


def _validate(
    contributions: Mapping[str, int],
    groups: Result,
    folded: set[str],
    extra: tuple[str, ...],
    button: str | None,
    rules: PotRules,
    dead_money: int,
) -> None:
    _check_contributions(contributions)
    if dead_money < 0:
        raise CompanionError(f"extra money in the pot cannot be negative (got {dead_money})")
    check_range("extra money in the pot", dead_money, 0, MAX_CHIPS)
    if dead_money % rules.unit:
        raise CompanionError(
            f"--carried {dead_money}: not a whole number of {rules.unit}-chip units for {rules.game}"
        )
    known = set(contributions) | set(extra)
    for name in folded:
        if name not in contributions:
            raise CompanionError(
                f"'{name}' folded but has no contribution (players: {', '.join(contributions)})"
            )
    ranked = [n for g in groups for n in g]
    for name in ranked:
        if name not in known:
            raise CompanionError(
                f"'{name}' is in the result but not at the table (players: {', '.join(sorted(known))})"
            )
        if name in folded:
            raise CompanionError(f"'{name}' folded and cannot be ranked in the result")
    placed = set(ranked)
    missing = [n for n in contributions if n not in folded and n not in placed]
    if missing:
        raise CompanionError(
            f"the result does not place {', '.join(missing)} (list every player still in, or mark them --fold)"
        )
    if button is not None and button not in contributions:
        raise CompanionError(
            f"the button '{button}' is not at the table (players: {', '.join(contributions)})"
        )
    for name, amount in contributions.items():
        if amount % rules.unit:
            raise CompanionError(
                f"{name}={amount} is not a whole number of {rules.unit}-chip units for {rules.game}"
            )


@dataclass(frozen=True)
class BetLimits:
    """The legal range of a bet or raise under the pot-limit rule."""

    to_call: int
    """Gold the player puts in to call (all they have, when that is less)."""
    min_raise: int
    max_raise: int
    all_in: bool = False
    """The call takes every coin the player has (no raise is possible)."""
    stack: int | None = None
    """The player's gold behind, when given."""
    owed: int | None = None
    """The gold to call, when the player has less (an all-in for less)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "to_call": self.to_call,
            "min_raise": self.min_raise,
            "max_raise": self.max_raise,
            "min_total": self.min_total,
            "max_total": self.max_total,
            "all_in": self.all_in,
            "bet": self.bet,
            "max_is_all_in": self.max_is_all_in,
            "stack": self.stack,
        }

    @property
    def bet(self) -> bool:
        """Nothing to call: the player bets (or checks) rather than raises."""
        return self.to_call == 0 and self.owed is None

    @property
    def max_is_all_in(self) -> bool:
        """The largest bet or raise puts in every coin the player has."""
        return self.stack is not None and self.max_total == self.stack and self.stack > 0

    @property
    def min_total(self) -> int:
        """Gold put in by the smallest legal raise (call + raise)."""
        return self.to_call + self.min_raise

    @property
    def max_total(self) -> int:
        """Gold put in by the largest legal raise (call + raise)."""
        return self.to_call + self.max_raise


def pot_limit(pot: int, to_call: int, blind: int, *, stack: int | None = None) -> BetLimits:
    """Smallest and largest raise under a pot limit.

    The largest raise is the pot as it stands once the raiser has called:
    the call counts into the pot. The smallest bet or raise is the blind, or
    every coin left when the player has less.

    >>> pot_limit(pot=600, to_call=200, blind=100)
    BetLimits(to_call=200, min_raise=100, max_raise=800, all_in=False, stack=None, owed=None)
    >>> pot_limit(pot=600, to_call=200, blind=100, stack=500).max_raise
    300
    >>> pot_limit(pot=600, to_call=300, blind=100, stack=200).owed
    300
    >>> pot_limit(pot=600, to_call=0, blind=100, stack=200).max_is_all_in
    True
    """
    for label, value in (("pot", pot), ("to-call", to_call), ("blind", blind)):
        if value < 0:
            raise CompanionError(f"--{label} cannot be negative (got {value})")
        check_range(f"--{label}", value, 0, MAX_CHIPS)
    if blind == 0:
        raise CompanionError("--blind must be more than 0")
    max_raise = max(pot + to_call, blind)
    min_raise = blind
    if stack is not None:
        if stack < 0:
            raise CompanionError(f"--stack cannot be negative (got {stack})")
        check_range("--stack", stack, 0, MAX_CHIPS)
        if stack <= to_call or stack == 0:
            owed = to_call if stack < to_call else None
            return BetLimits(stack, 0, 0, all_in=True, stack=stack, owed=owed)
        room = stack - to_call
        max_raise = min(max_raise, room)
        min_raise = min(min_raise, room)
    return BetLimits(to_call, min_raise, max_raise, stack=stack)
