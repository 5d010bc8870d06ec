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
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.errors import CompanionError
from companion.serve.secrecy import secrets_of, undone_entry
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
TABLE_ACTIONS = (
    "start-clock",
    "new-deal",
    "monster",
    "treasure",
    "showdown",
    "round",
    "undo",
)
ACTIONS = CLOCK_ACTIONS + TABLE_ACTIONS
MAX_FIELD = 2000
"""Longest form field taken (a showdown's amounts and order fit easily)."""

_CLOCK_KEYS = ("toggle", "pause", "resume", "previous", "next", "end-level")
_MINUTES = ("plus-minute", "minus-minute")
CONTROLS: dict[str | None, tuple[str, ...]] = {
    # The clock kept without a table: its own keys.
    None: ("start-clock", "deal", *_CLOCK_KEYS, *_MINUTES),
    # A deal is started and settled by the table (``table deal`` counts the last one).
    "dungeon-poker": (
        "start-clock",
        "new-deal",
        *_CLOCK_KEYS,
        *_MINUTES,
        "monster",
        "treasure",
        "showdown",
        "undo",
    ),
    # One deal a round; the round track is the table's (``decko round``), the clock follows.
    "decko": ("start-clock", "round", "toggle", "pause", "resume", "undo"),
    "dragon-kings": ("start-clock", "deal", *_CLOCK_KEYS, *_MINUTES, "undo"),
}
"""The buttons of the dealer's page for each game (the actions it accepts)."""


def controls_for(table: TableInfo | None) -> tuple[str, ...]:
    """The actions the dealer's page offers at ``table`` (another game: the clock's and undo)."""
    if table is None:
        return CONTROLS[None]
    return CONTROLS.get(table.game, (*CONTROLS[None], "undo"))


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


def guarded(
    store: TableStore,
    table: TableInfo | None,
    viewer: str | None,
    work: Callable[[], Done],
) -> Done:
    """Run ``work`` for a page seen by ``viewer`` (``None``: the dealer's, seen by the whole
    table): its message, its result and its error never name a card secret from the viewer."""
    try:
        done = work()
    except CompanionError as exc:
        with store.transaction(write=False) as tx:
            secrets = secrets_of(tx, table)
        raise CompanionError(secrets.check(exc.message, viewer)) from None
    with store.transaction(write=False) as tx:
        secrets = secrets_of(tx, table)
    return Done(secrets.check(done.message, viewer), secrets.scrub(done.result, viewer))


def run_action(
    store: TableStore,
    table: TableInfo | None,
    action: str,
    form: Mapping[str, str],
) -> Done:
    """Do the dealer's ``action`` with the form's fields; a one-line error if it cannot be done."""
    if action not in ACTIONS:
        raise CompanionError(f"unknown action '{action[:40]}' (actions: {', '.join(ACTIONS)})")
    offered = controls_for(table)
    if action not in offered:
        game = "the clock kept without a table" if table is None else f"a {table.game} table"
        raise CompanionError(
            f"'{action}' is not an action of {game} (its actions: {', '.join(offered)})"
        )
    return guarded(store, table, None, lambda: _run(store, table, action, form))


def _run(store: TableStore, table: TableInfo | None, action: str, form: Mapping[str, str]) -> Done:
    if action in CLOCK_ACTIONS or action == "start-clock":
        return _clock_action(store, table, action)
    table = _need_table(table, action)
    if action == "undo":
        from companion.games import undo_at_table

        with store.transaction() as tx:
            entry = undo_at_table(tx, tx.table(table.name))
            undone = undone_entry(tx, table, entry, secrets_of(tx, table))
        return Done(f"undone #{entry.id}: {undone['summary']}", {"undone": undone})
    if action == "treasure":
        from companion.table import draw

        player = _field(form, "player", required=True)
        with store.transaction() as tx:
            at = tx.table(table.name)
            drawn = draw(tx, at, "treasures", 1, at.player(player))
        # The treasure is the player's secret: their own page shows it, this one does not.
        return Done(f"a treasure was drawn for {drawn[0].holder or player}", {"count": len(drawn)})
    if action == "round":
        from companion.games.decko.table_rules import start_round

        with store.transaction() as tx:
            event = start_round(tx, tx.table(table.name))
        return Done("; ".join(event.events), {"events": list(event.events)})
    if action == "monster":
        from companion.games.dungeon_poker import table_rules as dp

        with store.transaction() as tx:
            monsters = dp.monster(tx, tx.table(table.name))
        names = ", ".join(c.name for c in monsters)
        return Done(f"a monster comes: {names}", {"cards": [c.to_json() for c in monsters]})
    if action == "new-deal":
        from companion.games.deals import start_deal
        from companion.games.dungeon_poker.deal import DealStart

        with store.transaction() as tx:
            started = start_deal(tx, tx.table(table.name))
        assert isinstance(started, DealStart)  # only a Dungeon Poker dealer's page deals
        notes = "; ".join(started.notes)
        summary = f"deal {started.number} of level {started.level.level}" + (
            f" ({notes})" if notes else ""
        )
        data = started.to_json()
        data.pop("hands", None)  # the dealer's page shows no one's cards
        return Done(summary, data)
    return _showdown(store, table, form)


def settled_line(done: Mapping[str, Any]) -> str:
    """A settled deal in one line, as ``companion showdown`` reports it: the pot, each
    player's net (won less put in) and where the rest of the gold went.

    >>> settled_line({"pots": [{"amount": 600}, {"amount": 400}], "payouts": {"ann": 1000,
    ...     "bob": 0, "cy": 0}, "net": {"ann": 600, "bob": -400, "cy": -200}, "removed": 0})
    'deal settled: pot 1,000 (main 600, side 400); ann +600, bob -400, cy -200'
    """
    pots = [int(p.get("amount", 0)) for p in done.get("pots", [])]
    shown = ""
    if pots:
        parts = [f"main {pots[0]:,}"] + [f"side {a:,}" for a in pots[1:]]
        shown = f"pot {sum(pots):,}" + (f" ({', '.join(parts)})" if len(pots) > 1 else "")
    net = done.get("net") or done.get("payouts") or {}
    nets = ", ".join(f"{name} {int(value):+,}" for name, value in net.items())
    tail = []
    if done.get("carry_over"):
        tail.append(f"{int(done['carry_over']):,} stays on the table for the next deal")
    if done.get("removed"):
        tail.append(f"{int(done['removed']):,} leaves the game")
    body = "; ".join(x for x in (shown, nets, *tail) if x)
    return f"deal settled: {body or 'nothing was in the pot'}"


def _showdown(store: TableStore, table: TableInfo, form: Mapping[str, str]) -> Done:
    from companion.games.deals import settle_deal
    from companion.games.dungeon_poker.deal import read_table_showdown

    amounts = _words(_field(form, "amounts", required=True))
    folded = _words(_field(form, "fold"))
    result = _field(form, "result") or None
    takes = _words(_field(form, "takes"))
    _, put_in = read_table_showdown(None, amounts)
    with store.transaction() as tx:
        at = tx.table(table.name)
        settled = settle_deal(tx, at, put_in, folded=folded, result=result, takes=takes)
    done = settled.to_json({"name": table.name})
    return Done(settled_line(done), done)


_CLOCK_SAID = {
    "pause": "paused",
    "resume": "running",
    "deal": "deal played",
    "next": "next level",
    "previous": "previous level",
    "end-level": "level ended",
    "plus-minute": "a minute more",
    "minus-minute": "a minute less",
}
"""How the dealer's page answers a clock button, in words rather than the action's name
(``toggle`` says whether the clock now runs or is paused)."""


def _clock_action(store: TableStore, table: TableInfo | None, action: str) -> Done:
    from companion.games.clock import clock_of, start_clock
    from companion.timer.commands import ClockRequest, do_actions

    clock = clock_of(store, None if table is None else table.name)
    if action == "start-clock":
        outcome = start_clock(clock, ClockRequest())
        return Done(f"clock running: {outcome.view.title}")
    report = do_actions(clock.session, [action])
    done = "paused" if report.view.paused else "running"
    said = _CLOCK_SAID.get(action, done if action == "toggle" else action)
    line = "; ".join(report.notices) or f"{said}: {report.view.title}"
    return Done(line, report.to_json())


def choose(store: TableStore, table: TableInfo, player: str, character: str) -> Done:
    """A player keeps one of the characters dealt to them (``table choose``).

    Only the characters dealt to this player can be named here: anything else is
    refused with their own choices listed, never with where that card lies.
    """
    from companion.games.dungeon_poker import table_rules as dp
    from companion.poker.hands import names_text

    if table.game != "dungeon-poker":
        raise CompanionError(
            f"choosing a character is for Dungeon Poker; this table plays {table.game}"
        )
    wanted = character.strip()
    if not wanted or len(wanted) > 200:
        raise CompanionError("choose one of the characters dealt to you")

    def keep() -> Done:
        with store.transaction() as tx:
            # The table's own refusal names only this player's two characters.
            choice = dp.choose(tx, tx.table(table.name), player, wanted)
        waiting = names_text(choice.waiting_for)
        said = (
            "kept: every character is now revealed"
            if choice.revealed
            else f"kept, secret until {waiting} {'has' if len(choice.waiting_for) == 1 else 'have'} chosen"
        )
        return Done(said, {"player": choice.player, "waiting_for": list(choice.waiting_for)})

    return guarded(store, table, table.player(player), keep)
