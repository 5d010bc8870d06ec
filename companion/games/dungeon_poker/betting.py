"""Dungeon Poker's betting at the table: the engine configured by the level and encounter.

A table made with ``--limit no`` or ``--limit pot`` (000, "Choosing between
No-Limit or Pot-Limit") tracks each deal's betting
(:mod:`companion.table.betting`); ``table deal`` opens it here:

* the dealer moves one seat left each deal (the first deal's dealer is the
  first player in seat order: docs/decisions.md);
* the two players left of the dealer post the level's blind, the same for
  both (000, "Blind bet levels"); with two players both post it and the
  dealer acts first before the flop (decisions.md, "who acts first with two
  players");
* a player sitting the deal out (the Baron, the Pit Trap) still pays a
  blind that falls to them, and has no turn;
* every bet and raise is at least the blind and a whole number of 100-gold
  coins; the encounter's rules go into the engine: Reckless charge (no
  checking), Trench warfare (a bet or raise is one blind at most), Coward's
  debt (a fold pays into the pot), Treasure ship and the gold carried from
  the last deal (in the pot from the start, counted by the pot limit).
"""

from __future__ import annotations

from typing import Any

from companion.cards.loader import GameCards
from companion.games.dungeon_poker import levels, state
from companion.poker.betting import seat_order
from companion.poker.betting_rules import BettingRules, RaiseRule
from companion.table import betting as table_betting
from companion.table.model import TableInfo
from companion.table.store import Transaction

COIN = 100
"""Gold comes in coins of 100 (000, "Abbreviated rules and terms")."""


def check_limit(raw: Any) -> str | None:
    """``table new --limit``: ``no`` or ``pot`` (None: the table does not track bets)."""
    return table_betting.check_limit(raw, "Dungeon Poker")


def next_dealer(tx: Transaction, table: TableInfo, seated: list[str]) -> str:
    """The dealer of the deal now starting: one seat left of the last one's."""
    before = state.get(tx, table, "dealer")
    if before is None or before not in table.players:
        return seated[0]
    at = table.players.index(before)
    for step in range(1, len(table.players) + 1):
        who = table.players[(at + step) % len(table.players)]
        if who in seated:
            return who
    return seated[0]


def open_deal(
    tx: Transaction,
    table: TableInfo,
    cards: GameCards,
    sitters: dict[str, str],
    notes: list[str],
) -> table_betting.TableBetting | None:
    """Post the blinds of the deal now starting and open its betting (inside ``table deal``)."""
    limit = table_betting.limit_of(table)
    if limit is None:
        return None
    seated = state.seated(tx, table)
    gold = state.gold_of(tx, table)
    seated = [p for p in seated if gold.get(p, 0) > 0]
    if len(seated) < 2:
        table_betting.clear(tx, table)
        return None
    dealer = next_dealer(tx, table, seated)
    state.put(tx, table, "dealer", dealer)
    order = seat_order(seated, dealer)
    blind = levels.level_now(tx, table, cards).blind
    enc = levels.encounter_rules(tx, table, cards)
    posters = order[:2]
    owed = {p: min(blind, gold[p]) for p in posters if p in sitters}
    dealt = [p for p in order if p not in sitters]
    if len(dealt) < 2:
        table_betting.clear(tx, table)
        notes.append("fewer than two players are dealt in: the table tracks no betting this deal")
        return None
    blinds = tuple(blind for p in posters if p in dealt)
    rules = BettingRules(
        min_bet=blind,
        limit=limit,
        blinds=blinds,
        raise_rule=RaiseRule.MIN_BET,
        max_raise=blind * enc.max_raise_blinds if enc.max_raise_blinds else None,
        check_allowed=not enc.no_check,
        unit=COIN,
        heads_up_reversed=len(seated) == 2,
        currency="gold",
    )
    outside = int(state.get(tx, table, "carried_gold", 0)) + enc.pot_bonus_blinds * blind
    betting = table_betting.begin(
        tx,
        table,
        rules,
        {p: gold[p] for p in dealt},
        stacks_from=(state.NS, "gold"),
        owed=owed,
        outside=outside,
        fold_penalty=enc.fold_penalty,
        dealer=dealer,
    )
    # A monster still in play from before (Dragon age's dragon) calls every bet too; the
    # Golem plays for its owner and folds with her.
    staying = [c for c in tx.pile(table, "monsters", "in_play") if not cards.get(c.card_id).owner]
    if staying:
        table_betting.add_caller(tx, table, len(staying))
        betting = table_betting.load(tx, table) or betting
    paid = ", ".join(f"{p} {n:,}" for p, n in {**betting.put_in()}.items() if n)
    notes.append(f"{dealer} deals; blinds posted: {paid}; {betting.state.to_act} to act")
    return betting
