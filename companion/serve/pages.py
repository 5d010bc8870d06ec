"""What each page of ``companion serve`` shows, as JSON-ready documents.

The web pages print these documents and nothing else: the first HTML of a
page is made from the same document its live updates carry, so a page
reads without JavaScript and a test can compare the two.

* :func:`clock_document`: the public clock (no secret of anyone);
* :func:`player_document`: one player's own cards, gold and standing;
* :func:`dealer_document`: the clock plus what the dealer's buttons need.

Every text comes from the clock's and the table's own wording
(:mod:`companion.timer.describe`, the game's overview), never written twice.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from companion.errors import CompanionError
from companion.serve.secrecy import Secrets, history_lines, secrets_of, undone_entry
from companion.table import TableInfo, Transaction, holdings, rules_for
from companion.table.actions import game_cards
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


def clock_document(view: ClockView | None, table: TableInfo | None) -> dict[str, Any]:
    """The public clock: level, stakes, time, deals, what comes next, encounter, the bar.

    ``view`` is ``None`` before a clock is started (the page says how to start one).
    """
    head: dict[str, Any] = {
        "table": None if table is None else table.name,
        "game": None if table is None else table.game,
    }
    if view is None:
        return {**head, "running": False, "title": "No clock yet", "message": NO_CLOCK}
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


# -- the table as the game tells it (the same overview ``table show`` prints) ----------

_MARKUP = re.compile(r"\[/?(?:[a-z][a-z0-9 #_.-]*)?\]")


def plain(line: str) -> str:
    """A line of the game's overview without its terminal styling.

    >>> plain("wing cards in force: [bold]Grave Digger[/] (involuntary)")
    'wing cards in force: Grave Digger (involuntary)'
    """
    return _MARKUP.sub("", line).replace("\\[", "[")


@dataclass(frozen=True)
class TablePart:
    """What the game's overview says of the table in public: its lines and the players'
    columns (DECKO: chips, loans, bets; Dungeon Poker: character, skulls, treasures, gold)."""

    lines: list[str]
    columns: list[str]
    rows: dict[str, list[str]]
    game: dict[str, Any]

    def standing(self, player: str) -> dict[str, str]:
        return dict(zip(self.columns, self.rows.get(player, []), strict=False))


def table_part(tx: Transaction, table: TableInfo) -> TablePart:
    overview = rules_for(table.game).overview(tx, table, game_cards(table))
    per_player = overview.get("per_player") or {}
    return TablePart(
        lines=[plain(str(line)) for line in overview.get("lines", [])],
        columns=[str(c) for c in overview.get("player_columns", [])],
        rows={p: [str(v) for v in per_player.get(p, [])] for p in table.players},
        game=overview,
    )


def _status(part: TablePart, player: str) -> str | None:
    """A player's status where the game keeps one (Dungeon Poker: choosing, chosen, playing, out)."""
    for value in part.game.values():
        entries = value.get("players") if isinstance(value, dict) else None
        if isinstance(entries, list):
            for entry in entries:
                if isinstance(entry, dict) and entry.get("name") == player:
                    status = entry.get("status")
                    return None if status is None else str(status)
    return None


# -- a player's page -----------------------------------------------------------------


def player_document(
    tx: Transaction,
    table: TableInfo,
    player: str,
    secrets: Secrets | None = None,
    part: TablePart | None = None,
) -> dict[str, Any]:
    """What ``player`` alone may see: the cards they hold or have in front of them, their
    line of the table (the game's own columns) and the table's public lines.

    Nothing here names another player's secret cards: every text is checked
    against the cards in the other players' hands.
    """
    who = table.player(player)
    secrets = secrets if secrets is not None else secrets_of(tx, table)
    cards = holdings(tx, table)[who]
    part = part if part is not None else table_part(tx, table)
    status = _status(part, who)
    # While the player is still choosing, the characters they hold are the ones dealt to
    # choose from; once chosen, the one kept is their character (secret until all chose).
    choosing = status == "choosing"
    dealt = [c for c in cards if choosing and c.deck == "characters" and c.pile == "held"]
    standing = ({"status": status} if status else {}) | part.standing(who)
    kept = [c for c in cards if status == "chosen" and c.deck == "characters"]
    if kept and "character" in standing:
        # The table sees "chosen (secret)"; the player knows which one they kept.
        standing["character"] = f"{kept[0].name} (secret until everyone has chosen)"
    return {
        "table": table.name,
        "game": table.game,
        "player": who,
        "standing": secrets.scrub(standing, who),
        "lines": secrets.scrub(part.lines, who),
        "choosing": [c.to_json() for c in dealt],
        "cards": [c.to_json() for c in cards if c not in dealt],
    }


# -- the dealer's page ---------------------------------------------------------------


def dealer_document(
    tx: Transaction,
    table: TableInfo | None,
    clock: dict[str, Any],
    secrets: Secrets | None = None,
    part: TablePart | None = None,
) -> dict[str, Any]:
    """The clock, the controls of the table's game, the table's public lines and players'
    columns, and the last actions; no player's secret card anywhere."""
    from companion.serve.actions import controls_for

    if not clock.get("running") and "start-clock" in controls_for(table):
        clock = {**clock, "message": NO_CLOCK_DEALER}  # the button to start one is right here
    doc: dict[str, Any] = {
        "clock": clock,
        "game": None if table is None else table.game,
        "controls": list(controls_for(table)),
        "players": [],
        "columns": [],
        "rows": [],
        "lines": [],
        "history": [],
        "to_place": [],
        "undo_next": None,
    }
    if table is None:
        return doc
    secrets = secrets if secrets is not None else secrets_of(tx, table)
    part = part if part is not None else table_part(tx, table)
    doc["players"] = list(table.players)
    doc["columns"] = part.columns
    doc["rows"] = secrets.scrub([[p, *part.rows[p]] for p in table.players])
    doc["lines"] = secrets.scrub(part.lines)
    doc["history"] = history_lines(tx, table, secrets)
    following = tx.next_undo(table)
    doc["undo_next"] = None if following is None else undone_entry(tx, table, following, secrets)
    if "showdown" in doc["controls"]:
        doc["to_place"] = to_place(tx, table)
    return doc


def to_place(tx: Transaction, table: TableInfo) -> list[str]:
    """Who a deal's result places at ``table``: its players, then the monsters in play
    by the names a result calls them ("Orc 2"). The settle form offers it as an example,
    so a monster at the table is not left out of the order."""
    if table.game != "dungeon-poker":
        return list(table.players)
    from companion.games.dungeon_poker.monsters import playing

    return [*table.players, *playing(tx, table, game_cards(table))]


def check_player(table: TableInfo | None, player: str) -> str:
    """The seated name of ``player``; a one-line error without a table or for a stranger."""
    if table is None:
        raise CompanionError("there is no table, so there are no players' pages")
    return table.player(player)
