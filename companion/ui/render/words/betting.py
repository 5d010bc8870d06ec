"""The betting of a deal in words: whose turn, what they may do, the pot and the bets.

Read from the ``betting`` block of a table's JSON (a
:class:`~companion.poker.betting.BettingView`'s ``to_json()``), so the
terminal and the pages say the same.

>>> b = {"street": "preflop", "phase": "betting", "to_act": "cy", "pot": 400,
...      "legal": [{"action": "fold", "min": None, "max": None},
...                {"action": "call", "min": 200, "max": 200},
...                {"action": "raise", "min": 400, "max": 800}],
...      "bets": {"ann": 200, "ben": 200, "cy": 0}, "currency": "gold"}
>>> turn_line(b)
'preflop · pot 400 gold · cy to act: fold, call 200, raise to 400-800'
>>> bets_line(b)
'bets this street: ann 200, ben 200, cy 0'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def legal_text(legal: Sequence[Mapping[str, Any]]) -> str:
    """The legal actions in a few words: ``fold, call 200, raise to 400-800``."""
    said = []
    for a in legal:
        kind, low, high = a["action"], a.get("min"), a.get("max")
        if kind in ("fold", "check") or low is None:
            said.append(kind)
        elif kind in ("call", "all-in"):
            said.append(f"{kind} {low:,}" if kind == "call" else f"all-in ({low:,})")
        elif low == high:
            said.append(f"{kind} to {low:,}")
        else:
            said.append(f"{kind} to {low:,}-{high:,}")
    return ", ".join(said)


_PHASE = {
    "posting": "the blinds are not all posted",
    "closed": "the {street} betting is over: deal the next street",
    "showdown": "the betting is over: showdown",
    "over": "everyone else folded: showdown to settle the pot",
}


def turn_line(b: Mapping[str, Any]) -> str:
    """The street, the pot, and whose turn it is with what they may do."""
    head = f"{b['street']} · pot {b['pot']:,} {b.get('currency', 'chips')}"
    if b.get("to_act"):
        said = f"{head} · {b['to_act']} to act: {legal_text(b.get('legal', []))}"
        toll = (b.get("toll") or {}).get(b["to_act"])
        if toll:
            said += f" (paying {toll['rule']} of {toll['amount']:,} first, unless folding)"
        return said
    return f"{head} · " + _PHASE.get(str(b.get("phase")), "").format(street=b["street"])


def bets_line(b: Mapping[str, Any]) -> str:
    """Each player's bet this street."""
    return "bets this street: " + ", ".join(f"{p} {n:,}" for p, n in b.get("bets", {}).items())


def worded(b: Mapping[str, Any]) -> dict[str, Any]:
    """The betting block of a page with its lines in words (``turn_text``, ``bets_text``)."""
    return {**b, "turn_text": turn_line(b), "bets_text": bets_line(b)}
