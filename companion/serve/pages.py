"""What each page of ``companion serve`` shows: its audience's view, and the clock.

Each page renders one view of the table (:mod:`companion.table.views`),
built by the table's game for that page's audience: the TV's clock page the
public view, the dealer's page the dealer's, a player's phone that seat's.
What a view leaves out (another player's hand, a card dealt face down) is
not in the page's document at all, so nothing is filtered afterwards. The
web pages print these documents and nothing else: the first HTML of a page
is made from the same document its live updates carry, so a page reads
without JavaScript and a test can compare the two.

* :func:`clock_document`: the public clock and the public view;
* :class:`PlayerPage`: one seat's view (their own cards, gold and standing);
* :class:`DealerPage`: the clock, the dealer's view and what the buttons need.

Every text comes from the clock's and the table's own wording
(:mod:`companion.timer.describe`, the game's overview, the events' words),
never written twice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from companion.errors import CompanionError
from companion.table import HistoryEntry, TableInfo, Transaction, rules_for
from companion.table.actions import game_cards
from companion.table.betting import load as load_betting
from companion.table.views import Audience, View, audiences
from companion.timer.clock import ClockView
from companion.timer.commands import finite
from companion.timer.describe import (
    bonus_text,
    break_text,
    deals_text,
    encounter_lines,
    next_text,
    round_notes,
    stage_label,
    stakes_text,
    time_text,
)
from companion.timer.structure import Break

BAR_STAGES = 24
"""Stages shown in the structure bar (a structure that goes on forever is cut there)."""


def clock_document(
    view: ClockView | None,
    table: TableInfo | None,
    public: View | None = None,
    face: ClockView | None = None,
) -> dict[str, Any]:
    """The public clock: level, stakes, time, deals, what comes next, encounter, the bar;
    and the table's public view (``public``): the victory, the board, the open cards,
    the players' standing.

    ``view`` is ``None`` before a clock is started (the page says how to start one);
    ``face`` is then the table's own level, blind, encounter and deal as a clock that
    does not run would show them (:func:`companion.games.clock.table_face`), its time
    left out (``"timed": false``).
    """
    head: dict[str, Any] = {
        "table": None if table is None else table.name,
        "game": None if table is None else table.game,
        "view": None if public is None else public.to_json(),
    }
    if view is None and face is None:
        return {
            **head,
            "running": False,
            "face": False,
            "title": "No clock yet",
            "message": NO_CLOCK,
        }
    if view is None:
        assert face is not None
        shown = _clock_fields(face, head)
        return {**shown, "running": False, "face": True, "timed": False, "message": NO_CLOCK}
    return {**_clock_fields(view, head), "face": True, "timed": True}


def _clock_fields(view: ClockView, head: dict[str, Any]) -> dict[str, Any]:
    v = view
    level = v.level
    players = v.state.settings.players
    encounter = encounter_lines(v)
    blinds: dict[str, int] = {}
    for name in ("blind", "small_blind", "big_blind", "ante", "min_bet", "max_bet"):
        value = getattr(level, name, None)
        if value:
            blinds[name] = value
    house = level.house_bet(players, v.structure.two_player_house_factor)
    if house is not None:
        blinds["house_bet"] = house
    doc: dict[str, Any] = finite(
        {
            **head,
            "running": True,
            "structure": v.structure.name,
            "level_word": v.structure.level_word,
            "title": v.title,
            "then": f"then {v.structure.level_word} {level.number}" if v.is_break else "",
            "level": level.number,
            "stakes": stakes_text(level, v.structure, players),
            "blinds": blinds,
            "soul_gems": level.soul_gems,
            "bonus": bonus_text(v),
            "time": time_text(v),
            "time_label": "time played" if v.remaining is None else "time left",
            "remaining": v.remaining,
            "elapsed": v.elapsed,
            "counting_up": v.remaining is None,
            # levels that only deals end: the deal, not the time played, is the big figure
            "by_deals": v.remaining is None and v.deals_per_level is not None,
            "paused": v.paused,
            "is_break": v.is_break,
            "over": v.over,
            "warning": v.warning,
            "deals": v.deals,
            "deals_per_level": v.deals_per_level,
            "deals_text": deals_text(v),
            "next": next_text(v),
            "next_break": break_text(v),
            "encounter": None
            if encounter is None
            else {"headline": encounter[0], "text": encounter[1]},
            "notes": round_notes(v),
            "bar": bar(v),
            "stage": list(v.stage_key),
        }
    )
    return doc


NO_CLOCK = (
    "No clock is running for this table yet: start one with 'companion timer run' "
    "(or the dealer's page)."
)
NO_CLOCK_DEALER = "No clock is running yet: 'Start the clock' below starts one."


def bar(v: ClockView, count: int = BAR_STAGES) -> list[dict[str, Any]]:
    """The structure as cells: each stage's label, and whether it is played, current or to come."""
    position = v.state.position
    first = max(0, position - count // 4)
    cells: list[dict[str, Any]] = []
    for offset, stage in enumerate(v.structure.stages(count, first)):
        index = first + offset
        if index < position or (index == position and v.state.in_owed_break):
            where = "played"
        elif index == position:
            where = "current"
        else:
            where = "coming"
        cells.append(
            {
                "label": stage_label(stage),
                "kind": "break" if isinstance(stage, Break) else "level",
                "number": None if isinstance(stage, Break) else stage.number,
                "where": where,
            }
        )
    return cells


def clock_line(doc: dict[str, Any]) -> str:
    """The clock document in one line (the page's title, the terminal's log)."""
    if not doc.get("running"):
        return str(doc["title"])
    paused = " (paused)" if doc["paused"] else ""
    return f"{doc['title']} · {doc['stakes']} · {doc['time']}{paused}"


# -- the table's pages: each renders its audience's view ----------------------------------


@dataclass(frozen=True)
class DealerPage:
    """The dealer's page: the clock, the game's buttons, the table as the dealer's view
    has it (every player's standing, the public facts, the log) and what the buttons
    need (who a result must place, what undo takes back)."""

    clock: dict[str, Any]
    view: View | None
    controls: tuple[str, ...]
    to_place: tuple[str, ...] = ()
    undo_next: HistoryEntry | None = None

    def to_json(self) -> dict[str, Any]:
        clock = self.clock
        if not clock.get("running") and "start-clock" in self.controls:
            clock = {**clock, "message": NO_CLOCK_DEALER}  # the button to start one is here
        doc: dict[str, Any] = {
            "clock": clock,
            "game": None,
            "controls": list(self.controls),
            "players": [],
            "rows": [],
            "to_place": list(self.to_place),
            "undo_next": None if self.undo_next is None else self.undo_next.to_json(),
        }
        if self.view is None:
            return {**doc, **_EMPTY_VIEW}
        seats = self.view.seats
        return {
            **doc,
            **self.view.to_json(),
            "players": [s.name for s in seats],
            "rows": [[s.name, *s.standing.values()] for s in seats],
        }


_EMPTY_VIEW: dict[str, Any] = {
    "lines": [],
    "columns": [],
    "history": [],
    "seats": [],
    "board": [],
    "open_cards": [],
    "victory": None,
    "targets": None,
}


@dataclass(frozen=True)
class PlayerPage:
    """A player's phone: their seat's view (their own cards, the characters dealt to them
    to choose from, their line of the table) and the table's public facts."""

    clock: dict[str, Any]
    view: View
    actions: tuple[dict[str, str], ...] = ()
    """The buttons of the player's own actions open now (DECKO's raise, call, fold, buying)."""
    seen: int = 0
    """The newest entry of the table's log as this page is drawn (its actions send it back)."""

    def to_json(self) -> dict[str, Any]:
        own = self.view.own
        assert own is not None  # a seat's view
        chosen = {(c.deck, c.copy) for c in self.view.choosing}
        status = {"status": own.status} if own.status else {}
        betting = self.view.betting
        mine = betting is not None and betting.get("to_act") == own.name
        return {
            **self.view.to_json(),
            "clock": self.clock,
            "my_turn": mine,
            "my_legal": list(betting["legal"]) if mine and betting is not None else [],
            "my_actions": list(self.actions),
            "seen": self.seen,
            "player": own.name,
            "standing": {**status, **own.standing},
            "cards": [c.to_json() for c in own.cards if (c.deck, c.copy) not in chosen],
            "unseen": own.hidden,  # hand cards the seat holds but may not look at (Dense fog)
        }


def table_views(
    tx: Transaction,
    table: TableInfo,
    say: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
) -> dict[Audience, View]:
    """Every audience's view of ``table``: the public, the dealer, each seat (one read),
    with the deal's betting where the table runs it (``say`` adds its words, once for
    every view: the betting is public)."""
    views = rules_for(table.game).views(tx, table, game_cards(table), audiences(table))
    tracked = load_betting(tx, table)
    if tracked is None:
        return views
    doc = tracked.to_view_json()
    if say is not None:
        doc = say(doc)
    return {a: replace(v, betting=doc) for a, v in views.items()}


def dealer_page(
    tx: Transaction, table: TableInfo | None, clock: dict[str, Any], view: View | None
) -> DealerPage:
    """The dealer's page of ``table`` (the clock's alone without a table)."""
    from companion.serve.commands import controls_for

    controls = controls_for(table)
    if table is None or view is None:
        return DealerPage(clock, None, controls)
    following = tx.next_undo(table)
    return DealerPage(
        clock,
        view,
        controls,
        tuple(to_place(tx, table)) if "showdown" in controls else (),
        None if following is None else following.seen_by(None),
    )


def to_place(tx: Transaction, table: TableInfo) -> list[str]:
    """Who a deal's result places at ``table``, as its game names them (the players, and a
    Dungeon Poker table's monsters in play: :meth:`companion.registry.Game.showdown_names`).
    The settle form offers it as an example, so nobody at the table is left out of the order."""
    from companion.registry import game

    return game(table.game).showdown_names(tx, table)


def check_player(table: TableInfo | None, player: str) -> str:
    """The seated name of ``player``; a one-line error without a table or for a stranger."""
    if table is None:
        raise CompanionError("there is no table, so there are no players' pages")
    return table.player(player)
