"""The Dungeon of D game state: plain data, copied cheaply, JSON both ways.

A state is everything on the table (hand, power deck, discard pile,
inventory, map, level...) plus the engine's *stack* of unfinished rules
(a combat inside a room action inside a turn, each a typed frame of
:mod:`~companion.games.dungeon_of_d.frames`) and the legal ``options`` of the
decision it waits for (typed actions of
:mod:`~companion.games.dungeon_of_d.actions`). The random generator is a
single 64-bit integer in the state, so a game is fully determined by its seed
and its list of actions.

This module reads and writes states and nothing more: checking a state read
from a file against the rules is
:func:`companion.games.dungeon_of_d.invariants.from_json`.

Positions on the map are integers: ``x * 64 + y`` around a centre, so the
neighbours of ``p`` are ``p ± 1`` and ``p ± 64``.

>>> from companion.games.dungeon_of_d import new_game
>>> s = new_game(seed=7)
>>> s2 = state_from_json(to_json(s), s.content)
>>> s2 == s, s2 is s
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from companion.errors import CompanionError
from companion.games.dungeon_of_d.actions import Action, parse_action
from companion.games.dungeon_of_d.content import Content
from companion.games.dungeon_of_d.events import Event
from companion.games.dungeon_of_d.frames import Frame, frame_from_json

MASK64 = (1 << 64) - 1
ORIGIN = 32 * 64 + 32
DIRECTIONS: dict[str, int] = {"n": -1, "e": 64, "s": 1, "w": -64}
"""Map steps: north is up (y − 1), east is right (x + 1)."""


def check_seed(seed: object) -> int:
    """A seed as the game takes it: a whole number from 0 to 2**64 - 1.

    >>> check_seed(2**64 - 1) == 2**64 - 1
    True
    >>> check_seed(-1)
    Traceback (most recent call last):
    ...
    companion.errors.CompanionError: seed -1 is out of range (0 to 18446744073709551615)
    """
    from companion import bounds

    return bounds.check_seed(seed)  # type: ignore[arg-type]


def seed_rng(seed: int) -> int:
    """The generator state for a seed (a splitmix64 counter)."""
    return (int(seed) * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & MASK64


def xy(pos: int) -> tuple[int, int]:
    """Map coordinates of a position, origin at (0, 0).

    >>> xy(ORIGIN), xy(ORIGIN + DIRECTIONS["e"]), xy(ORIGIN + DIRECTIONS["n"])
    ((0, 0), (1, 0), (0, -1))
    """
    return pos // 64 - 32, pos % 64 - 32


@dataclass(eq=True, repr=False)
class State:
    """One moment of a game of Dungeon of D (see the module docstring)."""

    seed: int
    rng: int
    character: str = ""
    skills: list[str] = field(default_factory=list)
    """Characters whose skill you know; the first is your own."""
    characters: list[str] = field(default_factory=list)
    """The character deck, top first."""
    STR: int = 0
    INT: int = 0
    AGL: int = 0
    gold: int = 0
    fruits: int = 0
    arrows: int = 0
    hand: list[int] = field(default_factory=list)
    deck: list[int] = field(default_factory=list)
    """The power deck; its top is the last element."""
    discard: list[int] = field(default_factory=list)
    """The discard pile; its top is the last element."""
    effort: list[int] = field(default_factory=list)
    wander: int = -1
    """The card on the wandering-monster place, or -1."""
    items: list[int] = field(default_factory=list)
    specials: list[int] = field(default_factory=list)
    potions: list[int] = field(default_factory=list)
    known: list[int] = field(default_factory=list)
    """Potions you have DETECTed (a subset of ``potions``)."""
    poisoned: bool = False
    amulet: bool = False
    level: int = 0
    room_deck: list[str] = field(default_factory=list)
    """This level's room deck; its top is the last element."""
    unused_rooms: list[str] = field(default_factory=list)
    grid: dict[int, str] = field(default_factory=dict)
    exhausted: list[int] = field(default_factory=list)
    pos: int = ORIGIN
    turn: int = 0
    buffs: dict[str, int] = field(default_factory=dict)
    used: list[str] = field(default_factory=list)
    """Markers of limited uses: ``"turn:tumble"``, ``"level:healing-prayer"``, ``"combat:parry"``."""
    perfume: bool = False
    stack: list[Frame] = field(default_factory=list)
    """The rules under way, the innermost last."""
    options: list[Action] = field(default_factory=list)
    prompt: str = ""
    outcome: str | None = None
    """``None`` while playing, then ``"lost"`` or ``"escaped"``."""
    training: bool = False
    merged_ends: bool = True
    """The end of a test or combat that runs straight into the next turn's start is
    asked once, there (False: asked at both, as games saved before issue 33 played)."""
    actions: int = 0
    """How many actions have been applied."""
    ev: list[Event] | None = field(default=None, compare=False)
    """Events of the action being applied (not part of the game state)."""
    # None only between construction and new_game / from_json, which set it at once.
    content: Content = field(default=None, compare=False)  # type: ignore[assignment]
    """The compiled cards the game is played with (set by ``new_game`` / ``from_json``; not serialised)."""

    def __repr__(self) -> str:
        status = self.outcome or f"waiting for {self.prompt or '?'}"
        return (
            f"<State seed={self.seed} turn={self.turn} level={self.level} HP={len(self.hand)} "
            f"gold={self.gold} {status}>"
        )

    @property
    def hp(self) -> int:
        """Your HP: the number of power cards in your hand."""
        return len(self.hand)

    @property
    def over(self) -> bool:
        return self.outcome is not None

    def copy(self) -> State:
        """An independent copy (every container copied one level deep)."""
        new = object.__new__(State)
        d = new.__dict__
        d.update(self.__dict__)
        for name in _LISTS:
            d[name] = list(d[name])
        d["grid"] = dict(self.grid)
        d["buffs"] = dict(self.buffs)
        d["stack"] = [f.copy() for f in self.stack]
        d["ev"] = None
        return new


_LISTS = (
    "skills",
    "characters",
    "hand",
    "deck",
    "discard",
    "effort",
    "items",
    "specials",
    "potions",
    "known",
    "room_deck",
    "unused_rooms",
    "exhausted",
    "used",
    "options",
)
_FIELDS = tuple(f.name for f in fields(State) if f.name not in ("ev", "content"))
FORMAT = 2
"""Format 2: typed rule frames (format 1 stored them as short-keyed dicts)."""


def to_json(state: State) -> dict[str, Any]:
    """The state as JSON-ready data (lossless: :func:`state_from_json` gives it back)."""
    out: dict[str, Any] = {"format": FORMAT}
    for name in _FIELDS:
        value = getattr(state, name)
        if name == "grid":
            value = [[pos, room] for pos, room in value.items()]
        elif name == "options":
            value = [list(a) for a in value]
        elif name == "stack":
            value = [f.to_json() for f in value]
        elif name == "buffs":
            value = dict(value)
        elif isinstance(value, list):
            value = list(value)
        out[name] = value
    return out


def state_from_json(data: dict[str, Any], content: Content) -> State:
    """Rebuild a state from :func:`to_json` data (not checked against the rules);
    a clear one-line error if it is not one."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CompanionError("not a Dungeon of D game state (missing or unknown 'format')")
    if isinstance(data, dict) and "merged_ends" not in data:
        data = {**data, "merged_ends": False}  # a state of the earlier rules
    missing = [n for n in _FIELDS if n not in data]
    if missing:
        raise CompanionError(f"Dungeon of D game state lacks field(s): {', '.join(missing)}")
    try:
        values = {n: data[n] for n in _FIELDS}
        values["grid"] = {int(p): str(r) for p, r in values["grid"]}
        values["options"] = [parse_action(a) for a in values["options"]]
        values["stack"] = [frame_from_json(f) for f in values["stack"]]
        values["buffs"] = {str(k): int(v) for k, v in values["buffs"].items()}
        for name in _LISTS:
            if name != "options":
                values[name] = list(values[name])
        state = State(**values)
    except CompanionError as exc:
        raise CompanionError(f"corrupt Dungeon of D game state ({exc.message})") from None
    except (TypeError, ValueError, AttributeError) as exc:
        raise CompanionError(f"corrupt Dungeon of D game state ({exc})") from None
    state.content = content
    return state
