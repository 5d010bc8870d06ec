"""The buttons of the dealer's page (and a player's choice), as the CLI's own library calls.

Each action is exactly what a command does: the clock's controls are
``timer do`` (:func:`companion.timer.commands.do_actions`), a new deal is
``table deal``, settling is ``table showdown``, a monster ``table
monster``, a treasure ``draw treasures --for NAME``, undo ``table undo``
and a player's choice ``table choose``. Every table action runs in one
table transaction: an error leaves the table as it was.

Inputs come from a web form, so they are checked here as the CLI checks
its options (one-line errors naming the bad value); a showdown is never
read from a file given by a page.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.errors import CompanionError
from companion.table import TableInfo, TableStore

CLOCK_ACTIONS = (
    "toggle",
    "pause",
    "resume",
    "deal",
    "next",
    "previous",
    "plus-minute",
    "minus-minute",
    "end-level",
)
TABLE_ACTIONS = ("start-clock", "new-deal", "monster", "treasure", "showdown", "undo")
ACTIONS = CLOCK_ACTIONS + TABLE_ACTIONS
MAX_FIELD = 2000
"""Longest form field taken (a showdown's amounts and order fit easily)."""


@dataclass(frozen=True)
class Done:
    """What an action did, in a line, and its result document."""

    message: str
    result: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"ok": True, "message": self.message, "result": self.result}


def _field(form: Mapping[str, str], name: str, *, required: bool = False) -> str:
    value = str(form.get(name, "") or "").strip()
    if len(value) > MAX_FIELD:
        raise CompanionError(f"{name}: at most {MAX_FIELD} characters, got {len(value)}")
    if required and not value:
        raise CompanionError(f"{name} is missing")
    return value


def _words(text: str) -> list[str]:
    return [w for w in re.split(r"[\s,]+", text) if w]


def _need_table(table: TableInfo | None, action: str) -> TableInfo:
    if table is None:
        raise CompanionError(f"'{action}' needs a table: start serve with --table NAME")
    return table


def _dungeon_poker(table: TableInfo, action: str) -> None:
    if table.game != "dungeon-poker":
        raise CompanionError(f"'{action}' is a Dungeon Poker action; this table plays {table.game}")


def run_action(
    store: TableStore,
    table: TableInfo | None,
    action: str,
    form: Mapping[str, str],
) -> Done:
    """Do the dealer's ``action`` with the form's fields; a one-line error if it cannot be done."""
    if action not in ACTIONS:
        raise CompanionError(f"unknown action '{action[:40]}' (actions: {', '.join(ACTIONS)})")
    if action in CLOCK_ACTIONS or action == "start-clock":
        return _clock_action(store, table, action)
    table = _need_table(table, action)
    if action == "undo":
        from companion.games import undo_at_table

        with store.transaction() as tx:
            entry = undo_at_table(tx, tx.table(table.name))
        return Done(f"undone #{entry.id}: {entry.summary}", {"undone": entry.to_json()})
    if action == "treasure":
        from companion.table import draw

        player = _field(form, "player", required=True)
        with store.transaction() as tx:
            at = tx.table(table.name)
            drawn = draw(tx, at, "treasures", 1, at.player(player))
        # The treasure is the player's secret: their own page shows it, this one does not.
        return Done(f"a treasure was drawn for {drawn[0].holder or player}", {"count": len(drawn)})
    _dungeon_poker(table, action)
    if action == "monster":
        from companion.games.dungeon_poker import table_rules as dp

        with store.transaction() as tx:
            monsters = dp.monster(tx, tx.table(table.name))
        names = ", ".join(c.name for c in monsters)
        return Done(f"a monster comes: {names}", {"cards": [c.to_json() for c in monsters]})
    if action == "new-deal":
        from companion.games.clock import deal_counter
        from companion.games.dungeon_poker.table_rules import start_deal

        with store.transaction() as tx:
            at = tx.table(table.name)
            started = start_deal(tx, at, count_deal=deal_counter(at))
        notes = "; ".join(started.notes)
        summary = f"deal {started.number} of level {started.level.level}" + (
            f" ({notes})" if notes else ""
        )
        data = started.to_json()
        data.pop("hands", None)  # the dealer's page shows no one's cards
        return Done(summary, data)
    return _showdown(store, table, form)


def _showdown(store: TableStore, table: TableInfo, form: Mapping[str, str]) -> Done:
    from companion.games.dungeon_poker.deal import read_table_showdown
    from companion.games.dungeon_poker.table_rules import settle_deal

    amounts = _words(_field(form, "amounts", required=True))
    folded = _words(_field(form, "fold"))
    result = _field(form, "result") or None
    takes = _words(_field(form, "takes"))
    _, put_in = read_table_showdown(None, amounts)
    with store.transaction() as tx:
        at = tx.table(table.name)
        settled = settle_deal(tx, at, put_in, folded=folded, result=result, takes=takes)
    done = settled.to_json({"name": table.name})
    payouts = ", ".join(f"{k} {v:+,}" for k, v in done.get("payouts", {}).items())
    return Done(f"deal settled: {payouts or 'no payouts'}", done)


def _clock_action(store: TableStore, table: TableInfo | None, action: str) -> Done:
    from companion.games.clock import clock_of, start_clock
    from companion.timer.commands import ClockRequest, do_actions

    clock = clock_of(store, None if table is None else table.name)
    if action == "start-clock":
        outcome = start_clock(clock, ClockRequest())
        return Done(f"clock running: {outcome.view.title}")
    report = do_actions(clock.session, [action])
    line = "; ".join(report.notices) or f"{action}: {report.view.title}"
    return Done(line, report.to_json())


def choose(store: TableStore, table: TableInfo, player: str, character: str) -> Done:
    """A player keeps one of the characters dealt to them (``table choose``)."""
    from companion.games.dungeon_poker import table_rules as dp

    _dungeon_poker(table, "choose")
    if not character.strip() or len(character) > 200:
        raise CompanionError("choose one of the characters dealt to you")
    with store.transaction() as tx:
        choice = dp.choose(tx, tx.table(table.name), player, character)
    waiting = ", ".join(choice.waiting_for)
    said = (
        "kept: every character is now revealed"
        if choice.revealed
        else f"kept, secret until {waiting} {'has' if len(choice.waiting_for) == 1 else 'have'} chosen"
    )
    return Done(said, {"player": choice.player, "waiting_for": list(choice.waiting_for)})
