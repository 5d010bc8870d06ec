"""Blind structures: the levels a game climbs through, its breaks, what comes after.

A structure is data: a YAML file (built-ins in ``structures/``, or the user's
own through ``--structure FILE``) read into immutable :class:`Level` and
:class:`Break` values. Three ways of stating the stakes exist, one per family
of games:

* ``single``: one blind, paid the same by both blind players;
* ``small-big``: small and big blind, optionally an ante (Hold'em);
* ``bets``: a minimum and a maximum bet, the house betting the minimum
  (a game's round track).

A structure may go on past its last listed level (``continue: {add: {blind:
500}}`` adds 500 per level; a structure built from a game's level cards,
``level_cards: standard``, goes on as the last card says unless it gives its
own ``continue``) and may schedule breaks, either listed between levels
(``- break: 10``) or repeated (``breaks: {every: 4, minutes: 10}``).

>>> s = parse_structure({"id": "club", "name": "Club", "blinds": "single", "deals_per_level": 5,
...     "levels": [{"blind": 100}, {"blind": 200}, {"blind": 300}, {"blind": 500, "soul_gems": 1}],
...     "encounters": {"from_level": 2}, "continue": {"add": {"blind": 500}}}, origin="club")
>>> [s.level(n).blind for n in (1, 4, 5, 6)]
[100, 500, 1000, 1500]
>>> s.level(4).soul_gems, s.level(1).encounter, s.level(2).encounter
(1, False, True)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Literal

from companion.bounds import MAX_LEVEL
from companion.documents import short
from companion.errors import CompanionError
from companion.fileio import is_file
from companion.parsed_cache import read_yaml

BlindKind = Literal["single", "small-big", "bets"]
BLIND_KINDS: tuple[BlindKind, ...] = ("single", "small-big", "bets")
WILDCARD_COLOURS = ("red", "blue")
BUILTIN_DIR = Path(__file__).resolve().parent / "structures"

# Which stake fields each kind of structure uses, and may step past the end.
_STAKE_FIELDS: dict[str, tuple[str, ...]] = {
    "single": ("blind", "ante"),
    "small-big": ("small_blind", "big_blind", "ante"),
    "bets": ("min_bet", "max_bet"),
}
_REQUIRED: dict[str, tuple[str, ...]] = {
    "single": ("blind",),
    "small-big": ("small_blind", "big_blind"),
    "bets": ("min_bet", "max_bet"),
}


class StructureError(CompanionError):
    """A structure file or name that cannot be used; the message says where."""


@dataclass(frozen=True)
class Level:
    """One blind level (a *round* on a game's round track), numbered from 1.

    >>> Level(3, blind=300)
    Level(3, blind=300)
    >>> Level(12, min_bet=5, max_bet=12).house_bet(players=2, factor=2)
    10
    """

    number: int
    blind: int | None = None
    small_blind: int | None = None
    big_blind: int | None = None
    ante: int = 0
    soul_gems: int = 0
    min_bet: int | None = None
    max_bet: int | None = None
    wildcard: str | None = None
    refresh: bool = False
    encounter: bool = False
    minutes: float | None = None
    note: str = ""
    continued: bool = False

    def __repr__(self) -> str:
        shown = [
            f"{f.name}={getattr(self, f.name)!r}"
            for f in fields(self)
            if f.name != "number" and getattr(self, f.name) != f.default
        ]
        return f"Level({', '.join([str(self.number), *shown])})"

    @property
    def main_blind(self) -> int:
        """The one number that sizes this level: blind, big blind or minimum bet."""
        for value in (self.blind, self.big_blind, self.min_bet):
            if value is not None:
                return value
        return 0

    def house_bet(self, players: int | None = None, factor: int = 2) -> int | None:
        """The house bets the minimum bet, ``factor`` times it with two players."""
        if self.min_bet is None:
            return None
        return self.min_bet * (factor if players == 2 else 1)

    def stakes(self) -> str:
        """The stakes in a few characters: ``500``, ``25/50 ante 5``, ``bets 2-7``.

        >>> Level(1, small_blind=25, big_blind=50, ante=5).stakes()
        '25/50 ante 5'
        >>> Level(4, min_bet=2, max_bet=7).stakes()
        'bets 2-7'
        """
        if self.min_bet is not None:
            return f"bets {self.min_bet}-{self.max_bet}"
        if self.small_blind is not None:
            text = f"{self.small_blind}/{self.big_blind}"
        else:
            text = str(self.blind)
        return f"{text} ante {self.ante}" if self.ante else text


@dataclass(frozen=True)
class Break:
    """A pause in play of ``minutes``, taken after level ``after_level``.

    >>> Break(10, after_level=4)
    Break(10 min after level 4)
    """

    minutes: float
    after_level: int
    name: str = "Break"

    def __repr__(self) -> str:
        return f"{self.name}({_fmt_minutes(self.minutes)} min after level {self.after_level})"


Stage = Level | Break


@dataclass(frozen=True)
class Structure:
    """A named blind structure: listed stages, then how it goes on.

    ``stage(position)`` gives the level or break at a 0-based position of the
    whole sequence; ``None`` past its end (the last listed stage, or level
    :data:`~companion.bounds.MAX_LEVEL` for a structure that continues).
    """

    id: str
    name: str
    blinds: BlindKind
    listed: tuple[Stage, ...]
    game: str | None = None
    description: str = ""
    level_word: str = "Level"
    minutes: float | None = None
    deals_per_level: int | None = None
    two_player_house_factor: int = 2
    step: tuple[tuple[str, int], ...] = ()
    break_every: int | None = None
    break_minutes: float | None = None
    encounters_from: int | None = None
    designed_reason: str | None = None
    source: str = field(default="built-in", compare=False)
    _expanded: tuple[Stage, ...] = field(default=(), repr=False, compare=False)
    _levels: tuple[Level, ...] = field(default=(), repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_levels", tuple(s for s in self.listed if isinstance(s, Level)))
        object.__setattr__(self, "_expanded", tuple(self._with_repeated_breaks(self.listed)))

    def __repr__(self) -> str:
        return f"<Structure {self.id!r}: {len(self.levels)} levels{' then +' if self.step else ''}>"

    # -- the sequence -------------------------------------------------------

    @property
    def levels(self) -> tuple[Level, ...]:
        """The listed levels (not the ones made up past the end)."""
        return self._levels

    @property
    def has_breaks(self) -> bool:
        """Whether any break is ever scheduled."""
        return bool(self.break_every) or any(isinstance(s, Break) for s in self.listed)

    @property
    def continues(self) -> bool:
        """Whether levels go on past the last listed one."""
        return bool(self.step)

    def iter_stages(self) -> Iterator[Stage]:
        """Every stage in order; a structure that continues stops at level :data:`MAX_LEVEL`."""
        yield from self._expanded
        if not self.continues:
            return
        last = self.levels[-1]
        for number in range(last.number + 1, MAX_LEVEL + 1):
            yield self._continued_level(last, number)
            if self._repeated_break_after(number) and number < MAX_LEVEL:
                yield Break(self.break_minutes or 0, after_level=number)

    def stage(self, position: int) -> Stage | None:
        """The stage at ``position`` (0 is the first level); worked out, never counted up to,
        so a late level costs what the first one does.

        >>> s = load_structure("holdem").with_breaks(4, 10)
        >>> last = s.position_of_level(MAX_LEVEL)
        >>> s.stage(last).number, s.stage(last - 4), s.stage(last + 1)
        (500, Break(10 min after level 496), None)
        """
        if position < 0:
            return None
        if position < len(self._expanded):
            return self._expanded[position]
        if not self.continues:
            return None
        offset = position - len(self._expanded)
        low, high = self.levels[-1].number + 1, MAX_LEVEL
        if high < low or offset > self._continued_offset(high):
            return None
        while low < high:  # the last continued level at or before ``offset``
            middle = (low + high + 1) // 2
            if self._continued_offset(middle) <= offset:
                low = middle
            else:
                high = middle - 1
        if self._continued_offset(low) == offset:
            return self._continued_level(self.levels[-1], low)
        return Break(self.break_minutes or 0, after_level=low)

    def stages(self, count: int, first: int = 0) -> tuple[Stage, ...]:
        """``count`` stages from position ``first`` (fewer if the structure ends first)."""
        out: list[Stage] = []
        for position in range(first, first + count):
            stage = self.stage(position)
            if stage is None:
                break
            out.append(stage)
        return tuple(out)

    def level(self, number: int) -> Level | None:
        """Level ``number`` (1-based), made up from ``continue`` past the list."""
        if number < 1:
            return None
        levels = self.levels
        if number <= len(levels):
            return levels[number - 1]
        if not self.continues or number > MAX_LEVEL:
            return None
        return self._continued_level(levels[-1], number)

    def position_of_level(self, number: int) -> int | None:
        """The position of level ``number`` in the stage sequence (``None`` past the end).

        >>> load_structure("holdem").position_of_level(5)  # a break comes after level 4
        5
        """
        if self.level(number) is None:
            return None
        if number > len(self.levels):
            return len(self._expanded) + self._continued_offset(number)
        for position, stage in enumerate(self._expanded):
            if isinstance(stage, Level) and stage.number == number:
                return position
        return None  # pragma: no cover - every listed level is in the expanded list

    def _continued_offset(self, number: int) -> int:
        """Stages from the end of the listed ones to continued level ``number``: the levels
        before it and the repeated breaks after them."""
        first = self.levels[-1].number + 1
        every = self.break_every
        breaks = (number - 1) // every - (first - 1) // every if every else 0
        return number - first + breaks

    def _continued_level(self, last: Level, number: int) -> Level:
        times = number - last.number
        changes: dict[str, Any] = {
            name: (getattr(last, name) or 0) + add * times for name, add in self.step
        }
        return Level(
            number=number,
            soul_gems=0,
            encounter=self.encounters_from is not None and number >= self.encounters_from,
            continued=True,
            **{
                k: getattr(last, k)
                for k in ("blind", "small_blind", "big_blind", "ante", "min_bet", "max_bet")
            }
            | changes,
        )

    def _repeated_break_after(self, level_number: int) -> bool:
        return bool(self.break_every) and level_number % (self.break_every or 1) == 0

    def _with_repeated_breaks(self, listed: tuple[Stage, ...]) -> Iterator[Stage]:
        for index, stage in enumerate(listed):
            yield stage
            if not isinstance(stage, Level) or not self._repeated_break_after(stage.number):
                continue
            following = listed[index + 1] if index + 1 < len(listed) else None
            is_last = following is None
            if isinstance(following, Break) or (is_last and not self.continues):
                continue  # a listed break already sits here, or nothing follows
            yield Break(self.break_minutes or 0, after_level=stage.number)

    # -- what players ask about --------------------------------------------

    def level_minutes(self, level: Level, override: float | None = None) -> float | None:
        """How long ``level`` lasts: the override, else its own, else the default.

        ``override`` 0 means no time limit at all.
        """
        if override is not None:
            return override or None
        return level.minutes if level.minutes is not None else self.minutes

    def to_data(self) -> dict[str, Any]:
        """The structure as YAML-ready data; ``parse_structure`` reads it back."""
        data: dict[str, Any] = {"id": self.id, "name": self.name}
        if self.game:
            data["game"] = self.game
        if self.description:
            data["description"] = self.description
        data["blinds"] = self.blinds
        if self.level_word != "Level":
            data["level_word"] = self.level_word
        data["minutes"] = self.minutes
        data["deals_per_level"] = self.deals_per_level
        if self.blinds == "bets":
            data["two_player_house_factor"] = self.two_player_house_factor
        data["encounters"] = {"from_level": self.encounters_from} if self.encounters_from else False
        entries: list[dict[str, Any]] = []
        for stage in self.listed:
            if isinstance(stage, Break):
                entry: dict[str, Any] = {"break": stage.minutes}
                if stage.name != "Break":
                    entry["name"] = stage.name
                entries.append(entry)
                continue
            entry = {}
            for f in fields(Level):
                if f.name in ("number", "continued", "encounter"):
                    continue
                value = getattr(stage, f.name)
                if value != f.default:
                    entry[f.name] = value
            if stage.encounter != self._default_encounter(stage.number):
                entry["encounter"] = stage.encounter
            entries.append(entry)
        data["levels"] = entries
        if self.step:
            data["continue"] = {"add": dict(self.step)}
        if self.break_every:
            data["breaks"] = {"every": self.break_every, "minutes": self.break_minutes}
        if self.designed_reason:
            data["designed"] = True
            data["designed_reason"] = self.designed_reason
        return data

    def _default_encounter(self, number: int) -> bool:
        return self.encounters_from is not None and number >= self.encounters_from

    def with_breaks(self, every: int | None, minutes: float | None) -> Structure:
        """The same structure with a break of ``minutes`` after every ``every`` levels."""
        if not every:
            return self
        if minutes is None or minutes <= 0:
            raise StructureError(f"break length must be more than 0 minutes, got {minutes}")
        return replace(self, break_every=every, break_minutes=minutes)


def _fmt_minutes(minutes: float) -> str:
    return str(int(minutes)) if float(minutes).is_integer() else f"{minutes:g}"


# -- reading structures ------------------------------------------------------

_TOP_KEYS = {
    "id",
    "name",
    "game",
    "description",
    "blinds",
    "level_word",
    "minutes",
    "deals_per_level",
    "encounters",
    "two_player_house_factor",
    "levels",
    "level_cards",
    "continue",
    "breaks",
    "designed",
    "designed_reason",
    "aliases",
    "notes",
}
_LEVEL_KEYS = {
    "blind",
    "small_blind",
    "big_blind",
    "ante",
    "soul_gems",
    "min_bet",
    "max_bet",
    "wildcard",
    "refresh",
    "minutes",
    "encounter",
    "note",
}


class _Problems:
    def __init__(self, origin: str) -> None:
        self.origin = origin

    def fail(self, where: str, message: str) -> StructureError:
        return StructureError(
            f"{self.origin}: {where}: {message}" if where else f"{self.origin}: {message}"
        )


def _int(p: _Problems, where: str, value: Any, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise p.fail(where, f"must be a whole number, got {short(value)}")
    if value < minimum:
        raise p.fail(where, f"must be at least {minimum}, got {value}")
    return value


def _minutes(p: _Problems, where: str, value: Any, allow_none: bool = True) -> float | None:
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise p.fail(where, f"must be a number of minutes, got {short(value)}")
    if value <= 0:
        raise p.fail(where, f"must be more than 0 minutes, got {short(value)}")
    return float(value)


def _text(p: _Problems, where: str, value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise p.fail(where, f"must be some text, got {short(value)}")
    return " ".join(value.split())


def parse_structure(data: Any, origin: str = "structure") -> Structure:
    """Check and read structure data (a parsed YAML mapping).

    Every problem raises :class:`StructureError` naming ``origin`` and the field.

    >>> parse_structure({"name": "Quick", "blinds": "single", "levels": [{"blind": 0}]}, "q.yaml")
    Traceback (most recent call last):
      ...
    companion.timer.structure.StructureError: q.yaml: levels[1].blind: must be at least 1, got 0
    """
    p = _Problems(origin)
    if not isinstance(data, Mapping):
        raise p.fail("", "expected a mapping with 'name', 'blinds' and 'levels'")
    unknown = sorted(str(k) for k in data if k not in _TOP_KEYS)
    if unknown:
        raise p.fail(unknown[0], f"is not a known field (known: {', '.join(sorted(_TOP_KEYS))})")
    name = _text(p, "name", data.get("name"))
    kind = data.get("blinds", "single")
    if kind not in BLIND_KINDS:
        raise p.fail("blinds", f"must be one of {', '.join(BLIND_KINDS)}, got {short(kind)}")
    ident = data.get("id") or _slug(name)
    if not isinstance(ident, str):
        raise p.fail("id", f"must be some text, got {short(ident)}")
    minutes = _minutes(p, "minutes", data.get("minutes"))
    deals = data.get("deals_per_level")
    deals = None if deals is None else _int(p, "deals_per_level", deals, minimum=1)
    factor = _int(p, "two_player_house_factor", data.get("two_player_house_factor", 2), minimum=1)
    encounters_from = _encounters(p, data.get("encounters", False))

    raw_levels = data.get("levels")
    goes_on = data.get("continue")
    if data.get("level_cards") is not None:
        if raw_levels is not None:
            raise p.fail("level_cards", "give either levels or level_cards, not both")
        raw_levels, rise = _levels_from_cards(p, data.get("game"), data["level_cards"])
        if goes_on is None and rise:
            goes_on = {"add": {"blind": rise}}  # the last level card says how the blind goes on
    if not isinstance(raw_levels, list) or not raw_levels:
        raise p.fail("levels", "must be a non-empty list of levels (and breaks)")
    listed: list[Stage] = []
    number = 0
    for index, entry in enumerate(raw_levels, start=1):
        where = f"levels[{index}]"
        if not isinstance(entry, Mapping):
            raise p.fail(
                where,
                f"expected a mapping like {{blind: 100}} or {{break: 10}}, got {short(entry)}",
            )
        if "break" in entry:
            if number == 0:
                raise p.fail(where, "a structure starts with a level, not a break")
            extra = sorted(str(k) for k in entry if k not in ("break", "name"))
            if extra:
                raise p.fail(
                    f"{where}.{extra[0]}",
                    "is not a field of a break (a break has 'break' and 'name')",
                )
            brk_minutes = _minutes(p, f"{where}.break", entry["break"], allow_none=False)
            brk_name = _text(p, f"{where}.name", entry.get("name", "Break"))
            listed.append(Break(brk_minutes or 0, after_level=number, name=brk_name))
            continue
        number += 1
        listed.append(_level(p, where, entry, number, kind, encounters_from))

    step = _continue(p, goes_on, kind)
    if isinstance(listed[-1], Break) and not step:
        raise p.fail(
            f"levels[{len(raw_levels)}]",
            "a break cannot be the last stage of a structure that does not continue",
        )
    every, brk = _repeated_breaks(p, data.get("breaks"))
    designed_reason = data.get("designed_reason")
    if designed_reason is not None:
        designed_reason = _text(p, "designed_reason", designed_reason)
    if data.get("designed") and not designed_reason:
        raise p.fail("designed_reason", "a designed structure needs a one-line reason")
    return Structure(
        id=ident,
        name=name,
        blinds=kind,
        listed=tuple(listed),
        game=data.get("game"),
        description=" ".join(str(data.get("description", "")).split()),
        level_word=_text(p, "level_word", data.get("level_word", "Level")),
        minutes=minutes,
        deals_per_level=deals,
        two_player_house_factor=factor,
        step=step,
        break_every=every,
        break_minutes=brk,
        encounters_from=encounters_from,
        designed_reason=designed_reason,
        source=origin,
    )


def _slug(name: str) -> str:
    return "-".join("".join(c if c.isalnum() else " " for c in name.lower()).split()) or "structure"


def _encounters(p: _Problems, value: Any) -> int | None:
    if value is False or value is None:
        return None
    if value is True:
        return 2
    if isinstance(value, Mapping) and set(value) <= {"from_level"}:
        return _int(p, "encounters.from_level", value.get("from_level", 2), minimum=1)
    raise p.fail("encounters", f"must be false, true or {{from_level: N}}, got {short(value)}")


def _level(
    p: _Problems,
    where: str,
    entry: Mapping[str, Any],
    number: int,
    kind: str,
    encounters_from: int | None,
) -> Level:
    unknown = sorted(str(k) for k in entry if k not in _LEVEL_KEYS)
    if unknown:
        raise p.fail(
            f"{where}.{unknown[0]}",
            f"is not a field of a level (fields: {', '.join(sorted(_LEVEL_KEYS))})",
        )
    allowed = set(_STAKE_FIELDS[kind])
    for key in ("blind", "small_blind", "big_blind", "ante", "min_bet", "max_bet"):
        if key in entry and key not in allowed:
            raise p.fail(
                f"{where}.{key}",
                f"does not belong in a '{kind}' structure (it uses {', '.join(sorted(allowed))})",
            )
    for key in _REQUIRED[kind]:
        if entry.get(key) is None:
            raise p.fail(f"{where}.{key}", "is required")
    values: dict[str, Any] = {}
    for key in ("blind", "small_blind", "big_blind", "min_bet", "max_bet"):
        if key in entry:
            values[key] = _int(p, f"{where}.{key}", entry[key], minimum=1)
    for key in ("ante", "soul_gems"):
        if key in entry:
            values[key] = _int(p, f"{where}.{key}", entry[key], minimum=0)
    if kind == "small-big" and values["small_blind"] > values["big_blind"]:
        raise p.fail(
            f"{where}.small_blind",
            f"{values['small_blind']} is more than the big blind {values['big_blind']}",
        )
    if kind == "bets" and values["min_bet"] > values["max_bet"]:
        raise p.fail(
            f"{where}.min_bet",
            f"{values['min_bet']} is more than the maximum bet {values['max_bet']}",
        )
    wildcard = entry.get("wildcard")
    if wildcard is not None and wildcard not in WILDCARD_COLOURS:
        raise p.fail(f"{where}.wildcard", f"must be red or blue, got {short(wildcard)}")
    for key in ("refresh", "encounter"):
        if key in entry and not isinstance(entry[key], bool):
            raise p.fail(f"{where}.{key}", f"must be true or false, got {short(entry[key])}")
    default_encounter = encounters_from is not None and number >= encounters_from
    note = entry.get("note", "")
    if not isinstance(note, str):
        raise p.fail(f"{where}.note", f"must be some text, got {short(note)}")
    return Level(
        number=number,
        wildcard=wildcard,
        refresh=bool(entry.get("refresh", False)),
        encounter=bool(entry.get("encounter", default_encounter)),
        minutes=_minutes(p, f"{where}.minutes", entry.get("minutes")),
        note=" ".join(note.split()),
        **values,
    )


def _levels_from_cards(p: _Problems, game: Any, which: Any) -> tuple[list[dict[str, int]], int]:
    """The levels of a game's level cards (``level_cards: standard``, say) and what each
    level after the last card adds to the blind, as the game reads its card database
    (:meth:`companion.registry.Game.level_cards`): the one copy of its printed blinds."""
    from companion.registry import game as game_of
    from companion.registry import games

    if not isinstance(game, str) or not game:
        example = next((g.id for g in games() if g.has_level_cards), "GAME")
        raise p.fail("level_cards", f"needs the structure's game (game: {example})")
    try:
        ladder = game_of(game).level_cards(str(which))
    except CompanionError as exc:
        raise p.fail("level_cards", exc.message) from None
    if ladder is None or not ladder.levels:
        raise p.fail("level_cards", f"{game} has no level cards")
    levels = [{"blind": blind, "soul_gems": gems} for blind, gems in ladder.levels]
    return levels, ladder.rise


def _continue(p: _Problems, value: Any, kind: str) -> tuple[tuple[str, int], ...]:
    if value is None or value is False:
        return ()
    if (
        not isinstance(value, Mapping)
        or set(value) != {"add"}
        or not isinstance(value["add"], Mapping)
    ):
        raise p.fail(
            "continue",
            f"must look like {{add: {{{_REQUIRED[kind][-1]}: 500}}}}, got {short(value)}",
        )
    allowed = _STAKE_FIELDS[kind]
    step: list[tuple[str, int]] = []
    for key, add in value["add"].items():
        if key not in allowed:
            raise p.fail(
                f"continue.add.{key}",
                f"is not a stake of a '{kind}' structure ({', '.join(allowed)})",
            )
        step.append((str(key), _int(p, f"continue.add.{key}", add, minimum=0)))
    if not any(add for _, add in step):
        raise p.fail("continue.add", "must raise at least one stake")
    return tuple(step)


def _repeated_breaks(p: _Problems, value: Any) -> tuple[int | None, float | None]:
    if value is None or value is False:
        return None, None
    if not isinstance(value, Mapping) or set(value) != {"every", "minutes"}:
        raise p.fail("breaks", f"must look like {{every: 4, minutes: 10}}, got {short(value)}")
    return _int(p, "breaks.every", value["every"], minimum=1), _minutes(
        p, "breaks.minutes", value["minutes"], False
    )


# -- built-ins and files -----------------------------------------------------


def _read_yaml_file(path: Path) -> Any:
    return read_yaml(path, what="structure file", error=StructureError)


@functools.lru_cache(maxsize=1)
def _builtin_index() -> dict[str, tuple[Path, tuple[str, ...]]]:
    """Built-in id -> (file, aliases), read from the files themselves: each game's
    (:meth:`companion.registry.Game.structure_files`), then the timer's own."""
    from companion.registry import games

    index: dict[str, tuple[Path, tuple[str, ...]]] = {}
    files = [p for g in games() for p in g.structure_files()]
    for path in [*files, *sorted(BUILTIN_DIR.glob("*.yaml"))]:
        data = _read_yaml_file(path)
        aliases = tuple(str(a).lower() for a in (data.get("aliases") or ()))
        index[str(data.get("id", path.stem))] = (path, aliases)
    return index


def builtin_names() -> tuple[str, ...]:
    """Ids of the built-in structures: each game's in the order the games registered
    (:attr:`companion.registry.Game.structures`), then the timer's own, by id."""
    return tuple(_builtin_index())


def builtin_aliases() -> dict[str, tuple[str, ...]]:
    """Other names each built-in answers to."""
    return {name: aliases for name, (_, aliases) in _builtin_index().items()}


@functools.lru_cache(maxsize=16)
def _load_builtin(name: str) -> Structure:
    path, _ = _builtin_index()[name]
    return parse_structure(_read_yaml_file(path), origin=name)


def load_structure(name_or_file: str | Path | None = None) -> Structure:
    """A built-in structure by id or alias, or a YAML file by path.

    Without one, the first built-in (the first game's standard structure).

    >>> load_structure("holdem").id
    'holdem'
    >>> load_structure("no-such")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    companion.timer.structure.StructureError: unknown structure 'no-such' (built-in: ..., holdem; or give a .yaml file)
    """
    wanted = str(name_or_file or builtin_names()[0]).strip()
    as_path = Path(wanted).expanduser()
    looks_like_file = as_path.suffix.lower() in (".yaml", ".yml") or "/" in wanted or "\\" in wanted
    if looks_like_file or (is_file(as_path) and wanted.lower() not in _all_names()):
        if not is_file(as_path):
            raise StructureError(f"structure file '{wanted}' does not exist")
        return parse_structure(_read_yaml_file(as_path), origin=str(as_path))
    key = wanted.lower()
    for name, (_, aliases) in _builtin_index().items():
        if key == name or key in aliases:
            return _load_builtin(name)
    raise StructureError(
        f"unknown structure '{wanted}' (built-in: {', '.join(builtin_names())}; or give a .yaml file)"
    )


def _all_names() -> set[str]:
    names = set(_builtin_index())
    for _, aliases in _builtin_index().values():
        names.update(aliases)
    return names
