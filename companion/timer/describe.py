"""Short texts about a clock view, shared by the full-screen and one-line displays.

>>> from companion.timer.clock import ClockSettings, start, view
>>> from companion.timer.structure import parse_structure
>>> club = parse_structure({"id": "club", "name": "Club", "blinds": "single", "deals_per_level": 5,
...     "levels": [{"blind": 100}, {"blind": 200}, {"blind": 300}, {"blind": 500, "soul_gems": 1}],
...     "encounters": {"from_level": 2}, "continue": {"add": {"blind": 500}}}, origin="club")
>>> v = view(start(club, ClockSettings(), 0.0), 0.0)
>>> stakes_text(v.level, v.structure), deals_text(v), next_text(v)
('Blind 100', 'deal 1 of 5', 'next: Level 2 · blind 200 after 5 deals')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict

from companion.timer.clock import ClockView, clock_text
from companion.timer.structure import Break, Level, Structure


def _gems(count: int) -> str:
    """A level's soul gem bonus in words (the structure's own field, so the timer need
    not load a game's card models, about a quarter of a second, to say it).

    >>> _gems(1), _gems(2)
    ('1 soul gem', '2 soul gems')
    """
    return f"{count} soul gem{'' if count == 1 else 's'}"


def stakes_text(level: Level, structure: Structure, players: int | None = None) -> str:
    """What players put in at this level, in words.

    >>> from companion.timer.structure import load_structure, parse_structure
    >>> bets = parse_structure({"id": "bets", "name": "Bets", "blinds": "bets",
    ...     "two_player_house_factor": 2, "levels": [{"min_bet": 2, "max_bet": 7}]}, origin="bets")
    >>> stakes_text(bets.level(1), bets)
    'Bets 2-7 · house bets 2 (4 with two players)'
    >>> stakes_text(bets.level(1), bets, players=2)
    'Bets 2-7 · house bets 4'
    >>> stakes_text(load_structure("holdem").level(5), load_structure("holdem"))
    'Blinds 100/200 · ante 25'
    """
    if level.min_bet is not None:
        house = level.house_bet(players, structure.two_player_house_factor)
        if players is None:
            two = level.house_bet(2, structure.two_player_house_factor)
            return f"Bets {level.min_bet}-{level.max_bet} · house bets {house} ({two} with two players)"
        return f"Bets {level.min_bet}-{level.max_bet} · house bets {house}"
    if level.small_blind is not None:
        text = f"Blinds {level.small_blind}/{level.big_blind}"
    else:
        text = f"Blind {level.blind}"
    return f"{text} · ante {level.ante}" if level.ante else text


def short_stakes(level: Level) -> str:
    """Stakes in a handful of characters, for bars and the one-line display."""
    if level.min_bet is not None:
        return f"{level.min_bet}-{level.max_bet}"
    return level.stakes()


def deals_text(v: ClockView) -> str:
    """Which deal is being played, out of how many."""
    if v.is_break:
        return "break: no deals"
    if v.over:
        return f"all deals played: the game is over after {v.structure.level_word.lower()} {v.level.number}"
    playing = v.deals + 1
    if v.deals_per_level is None:
        return f"deal {playing}"
    if v.final:
        return f"deal {playing} (last {v.structure.level_word.lower()})"
    return f"deal {playing} of {v.deals_per_level}"


def time_text(v: ClockView) -> str:
    """The big clock: time left, or time played when only deals end the level."""
    if v.remaining is None:
        return clock_text(v.elapsed, counting_up=True)
    return clock_text(v.remaining)


def _when(v: ClockView, seconds: float | None, stages_between: int = 0) -> str:
    if seconds is not None:
        return f"in {clock_text(seconds)}"
    limit = v.deals_per_level
    if limit is not None and not v.is_break and stages_between == 0:
        left = max(0, limit - v.deals)
        return f"after {left} deal{'s' if left != 1 else ''}"
    return "later"


def next_text(v: ClockView) -> str:
    """The next level (and when it comes)."""
    if v.next_level is None:
        return f"last {v.structure.level_word.lower()}: nothing follows"
    word = v.structure.level_word
    gems = f" · +{_gems(v.next_level.soul_gems)}" if v.next_level.soul_gems else ""
    between = 0 if isinstance(v.next_stage, Level) else 1
    stakes = stakes_text(v.next_level, v.structure, v.state.settings.players).lower()
    return (
        f"next: {word} {v.next_level.number} · {stakes}{gems} {_when(v, v.next_level_in, between)}"
    )


def break_text(v: ClockView) -> str:
    """The next break, or that none is planned."""
    brk = v.next_break
    if brk is None:
        return "no break planned"
    minutes = f"{brk.minutes:g} min"
    if v.next_break_in is not None:
        return f"{brk.name.lower()} of {minutes} in {clock_text(v.next_break_in)} (after level {brk.after_level})"
    return f"{brk.name.lower()} of {minutes} after level {brk.after_level}"


def bonus_text(v: ClockView) -> str | None:
    """The soul gem bonus of the level in play, if any."""
    if v.is_break or not v.level.soul_gems:
        return None
    gems = v.level.soul_gems
    return f"+{_gems(gems)} for every player at the first deal of this level"


def encounter_lines(v: ClockView) -> tuple[str, str] | None:
    """(headline, text) about the encounter in force, or ``None`` if the game has none."""
    record = v.encounter
    if record is None:
        if v.structure.encounters_from is not None and not v.is_break:
            return ("No encounter", f"{v.title} is played without an encounter card.")
        return None
    if record.status == "drawn" and record.encounter is not None:
        return (f"Encounter: {record.encounter.name}", record.encounter.text)
    if record.status == "deck-empty":
        return ("No encounter", "The encounter deck is used up: this level has no encounter card.")
    return ("Draw an encounter", "Turn up the next encounter card and read it to the table.")


def round_notes(v: ClockView) -> list[str]:
    """A round's marks and the level's notes: wildcard, refresh, ante."""
    if v.is_break:
        return []
    level, notes = v.level, []
    if level.wildcard:
        notes.append(
            f"{level.wildcard.capitalize()} wildcard round: its card's rules apply, and every player "
            f"antes {level.min_bet} to the house"
        )
    if level.refresh:
        notes.append("Refresh the mat: new market cards, turn the top joker of each pile under")
    if level.note:
        notes.append(level.note[0].upper() + level.note[1:])
    return notes


def ladder_text(levels: Sequence[Level], *, soul_gems: bool = False, most: int = 10) -> str:
    """A structure's levels in a line: each one's stakes (and soul gems), the first ``most``.

    >>> from companion.timer.structure import load_structure
    >>> ladder_text(load_structure("holdem").levels, most=3)
    '25/50, 50/100, 75/150, … (13 levels)'
    >>> ladder_text(load_structure("dungeon-poker-short").levels, soul_gems=True)
    '100, 300, 500 +1 soul gem, 700, 1000, 1500 +1 soul gem'
    """
    shown = [
        lv.stakes() + (f" +{_gems(lv.soul_gems)}" if soul_gems and lv.soul_gems else "")
        for lv in levels[:most]
    ]
    if len(levels) > most:
        shown.append(f"… ({len(levels)} levels)")
    return ", ".join(shown) or "no levels"


def stage_label(stage: Level | Break) -> str:
    """A stage in the structure bar: its stakes, or a pause sign."""
    return "‖" if isinstance(stage, Break) else short_stakes(stage)


class LevelRow(TypedDict, total=False):
    """One row of :func:`level_rows`; which keys are present depends on the structure."""

    level: int
    blind: int
    soul_gems: int
    encounter: bool
    small_blind: int | None
    big_blind: int | None
    ante: int
    min_bet: int | None
    max_bet: int | None
    house_bet: int | None
    house_bet_two_player: int | None
    wildcard: str | None
    refresh: bool
    minutes: float | None
    deals: int | None
    break_after: float | None
    continued: bool
    note: str


def level_rows(
    structure: Structure,
    levels: int | None = None,
    *,
    minutes: float | None = None,
    deals_per_level: int | None = None,
    players: int | None = None,
) -> list[LevelRow]:
    """One JSON-ready row per level: the ``timer structure --json`` contract and more.

    Always ``level``, ``blind`` (the blind, big blind or minimum bet),
    ``soul_gems`` and ``encounter`` (whether an encounter card is drawn as the
    level begins); then the fields the structure uses, the level's length in
    ``minutes`` and ``deals``, ``break_after`` (minutes of a break that
    follows, or ``None``) and ``continued`` (made up past the listed levels).
    ``levels`` counts levels to list (default: the listed ones).

    >>> from companion.timer.structure import parse_structure
    >>> level_rows(parse_structure({"id": "club", "name": "Club", "blinds": "single", "deals_per_level": 5,
    ...     "levels": [{"blind": 100}, {"blind": 200}, {"blind": 300}, {"blind": 500, "soul_gems": 1}],
    ...     "encounters": {"from_level": 2}, "continue": {"add": {"blind": 500}}}, origin="club"))[3]
    {'level': 4, 'blind': 500, 'soul_gems': 1, 'encounter': True, 'minutes': None, 'deals': 5, 'break_after': None, 'continued': False}
    """
    count = len(structure.levels) if levels is None else levels
    deals = structure.deals_per_level if deals_per_level is None else (deals_per_level or None)
    rows: list[LevelRow] = []
    for stage in structure.iter_stages():
        if isinstance(stage, Break):
            if rows:
                rows[-1]["break_after"] = stage.minutes
            continue
        if len(rows) >= count:
            break
        row: LevelRow = {
            "level": stage.number,
            "blind": stage.main_blind,
            "soul_gems": stage.soul_gems,
            "encounter": stage.encounter,
        }
        if structure.blinds == "small-big":
            row.update(
                {"small_blind": stage.small_blind, "big_blind": stage.big_blind, "ante": stage.ante}
            )
        elif structure.blinds == "single" and any(lv.ante for lv in structure.levels):
            row["ante"] = stage.ante
        if structure.blinds == "bets":
            factor = structure.two_player_house_factor
            row.update(
                {
                    "min_bet": stage.min_bet,
                    "max_bet": stage.max_bet,
                    "house_bet": stage.house_bet(players, factor),
                    "house_bet_two_player": stage.house_bet(2, factor),
                    "wildcard": stage.wildcard,
                    "refresh": stage.refresh,
                }
            )
        row.update(
            {
                "minutes": structure.level_minutes(stage, minutes),
                "deals": deals,
                "break_after": None,
                "continued": stage.continued,
            }
        )
        if stage.note:
            row["note"] = stage.note
        rows.append(row)
    return rows


def view_data(v: ClockView) -> dict[str, object]:
    """The clock at one moment as JSON-ready data (``timer status --json``)."""

    def level_data(level: Level | None) -> dict[str, object] | None:
        if level is None:
            return None
        return {
            "level": level.number,
            "blind": level.main_blind,
            "stakes": level.stakes(),
            "soul_gems": level.soul_gems,
        }

    record = v.encounter
    encounter: dict[str, object] | None = None
    if record is not None:
        encounter = {"level": record.level, "status": record.status}
        if record.encounter is not None:
            encounter.update(
                name=record.encounter.name, text=record.encounter.text, id=record.encounter.id
            )
    brk = v.next_break
    return {
        "structure": v.structure.id,
        "title": v.title,
        "level": v.level.number,
        "blind": v.level.main_blind,
        "stakes": v.level.stakes(),
        "soul_gems": v.level.soul_gems,
        "is_break": v.is_break,
        "paused": v.paused,
        "remaining": v.remaining,
        "elapsed": round(v.elapsed, 3),
        "deals": v.deals,
        "deals_per_level": v.deals_per_level,
        "final": v.final,
        "next_level": level_data(v.next_level),
        "next_level_in": v.next_level_in,
        "next_break": None
        if brk is None
        else {"minutes": brk.minutes, "after_level": brk.after_level},
        "next_break_in": v.next_break_in,
        "encounter": encounter,
        "wildcard": v.level.wildcard,
        "refresh": v.level.refresh,
    }
