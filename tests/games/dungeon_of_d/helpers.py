"""Build exact Dungeon of D situations for rule tests.

``scenario(...)`` lays out a table by hand: the hand, the next cards of the
power deck, the inventory (by part id), the map, the level. Every power
card not named goes to the bottom of the power deck, every room not placed
into the room deck or the unused rooms, so the invariants hold. Then
``begin(state)`` starts a turn (or a given rule frame) and runs the engine
to its first decision; ``act(state, *actions)`` plays actions and returns
the events.
"""

from __future__ import annotations

import re
from typing import Any

from companion.games.dungeon_of_d import check_invariants, engine
from companion.games.dungeon_of_d.content import Content, load_content
from companion.games.dungeon_of_d.events import Event
from companion.games.dungeon_of_d.frames import CombatFrame, Frame, TestFrame, TurnFrame
from companion.games.dungeon_of_d.saves import Game
from companion.games.dungeon_of_d.state import DIRECTIONS, ORIGIN, State, seed_rng

C: Content = load_content()
_LABEL = re.compile(r"^\s*([1-5])\s*(STR|INT|AGL|MOV)\s*(?:\(?([ab])\)?)?\s*$", re.IGNORECASE)


def card(label: str) -> int:
    """The power card number of ``"3 STR"`` (set a) or ``"3 STR b"``."""
    m = _LABEL.match(label)
    assert m, label
    power, kind, letter = int(m.group(1)), m.group(2).upper(), (m.group(3) or "a").lower()
    return C.card_ids.index(f"{kind.lower()}-{power}-{letter}")


def cards(*labels: str) -> list[int]:
    return [card(x) for x in labels]


def part_card(kind: str, part_id: str, taken: set[int]) -> int:
    table = {"item": C.item, "special": C.special, "potion": C.potion}[kind]
    for number, part in enumerate(table):
        if part.id == part_id and number not in taken:
            return number
    raise AssertionError(f"no free power card with {kind} '{part_id}'")


def at(x: int, y: int) -> int:
    """A map position from coordinates (north is y − 1)."""
    return ORIGIN + x * DIRECTIONS["e"] + y * DIRECTIONS["s"]


def scenario(
    *,
    hand: list[str] | list[int],
    deck: list[str] | list[int] = (),  # type: ignore[assignment]
    discard: list[str] | list[int] = (),  # type: ignore[assignment]
    items: list[str] = (),  # type: ignore[assignment]
    specials: list[str] = (),  # type: ignore[assignment]
    potions: list[str] = (),  # type: ignore[assignment]
    known: list[str] = (),  # type: ignore[assignment]
    character: str = "merchant",
    skills: list[str] = (),  # type: ignore[assignment]
    level: int = 1,
    room: str = "training-hall",
    grid: dict[tuple[int, int], str] | None = None,
    pos: tuple[int, int] = (0, 0),
    room_deck: list[str] = (),  # type: ignore[assignment]
    exhausted: list[tuple[int, int]] = (),  # type: ignore[assignment]
    gold: int = 0,
    fruits: int = 0,
    arrows: int = 0,
    STR: int = 0,
    INT: int = 0,
    AGL: int = 0,
    poisoned: bool = False,
    amulet: bool = False,
    seed: int = 0,
) -> State:
    """A state at the start of a turn, laid out as given (``deck``: next draws first)."""
    s = State(seed=seed, rng=seed_rng(seed))
    s.content = C
    numbers = lambda xs: [x if isinstance(x, int) else card(x) for x in xs]  # noqa: E731
    s.hand = numbers(hand)
    top = numbers(deck)
    s.discard = numbers(discard)
    taken = set(s.hand) | set(top) | set(s.discard)
    for kind, ids, target in (
        ("item", items, s.items),
        ("special", specials, s.specials),
        ("potion", potions, s.potions),
    ):
        for part_id in ids:
            number = part_card(kind, part_id, taken)
            taken.add(number)
            target.append(number)
    for part_id in known:
        s.known.append(next(c for c in s.potions if C.potion[c].id == part_id and c not in s.known))
    rest = [c for c in range(40) if c not in taken]
    s.deck = rest + list(reversed(top))
    s.character = character
    s.skills = [character, *skills]
    s.characters = [c for c in C.characters if c not in s.skills]
    s.level = level
    placed = {at(*xy): room_id for xy, room_id in (grid or {pos: room}).items()}
    s.grid = placed
    s.pos = at(*pos)
    deck_rooms = list(room_deck)
    required = [C.portal_room] + ([C.special_room] if level == 8 else [])
    for r in required:
        if r not in placed.values() and r not in deck_rooms:
            deck_rooms.append(r)
    others = [r for r in C.regular_rooms if r not in placed.values() and r not in deck_rooms]
    while len(placed) + len(deck_rooms) < 9:
        deck_rooms.append(others.pop(0))
    s.room_deck = list(reversed(deck_rooms))
    s.unused_rooms = others
    s.exhausted = [at(*xy) for xy in exhausted]
    s.gold, s.fruits, s.arrows = gold, fruits, arrows
    s.STR, s.INT, s.AGL = STR, INT, AGL
    s.poisoned, s.amulet = poisoned, amulet
    return s


def begin(s: State, *frames: Frame) -> State:
    """Run the engine from the start of a turn, or from the given rule frames
    (pushed on a turn that ends when they are done)."""
    s.ev = []
    if frames:
        s.turn = max(s.turn, 1)
        s.stack = [TurnFrame(phase="poison"), *frames]
    engine._run(s)
    check_invariants(s)
    return s


def act(s: State, *actions: tuple[Any, ...]) -> list[Event]:
    """Play actions in order (each must be legal); the events they caused."""
    events: list[Event] = []
    for action in actions:
        s.ev = events
        engine.step(s, action)
        check_invariants(s)
    s.ev = None
    return events


def fight(s: State) -> list[Event]:
    """Choose to fight (when running is impossible the engine fights at once)."""
    return act(s, ("fight",)) if ("fight",) in s.options else []


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def first(events: list[Event], kind: str) -> Any:
    """The first event of a kind (``"test"``, ``"melee"``...), to read its fields."""
    return next(e for e in events if e.kind == kind)


def combat(slot: int) -> CombatFrame:
    """A combat frame against the level's monster number ``slot``."""
    return CombatFrame(slot=slot)


def trial(stat: str, difficulty: int) -> TestFrame:
    return TestFrame(stat=stat, difficulty=difficulty)


def hand_labels(s: State) -> list[str]:
    return sorted(C.label(c)[:-4] for c in s.hand)


COVERED: set[str] = set()
"""Content ids (``skill:grapple``, ``room:large-chest/open``, ``item:dagger``...) some test exercises."""


def covers(*ids: str):  # type: ignore[no-untyped-def]
    """Mark a test as the one exercising these content ids (checked by test_coverage)."""

    def mark(fn):  # type: ignore[no-untyped-def]
        COVERED.update(ids)
        return fn

    return mark


def all_content_ids() -> set[str]:
    ids = {f"skill:{sk.id}" for sk in C.skills.values()}
    ids |= {f"room:{room.id}/{a.id}" for room in C.rooms.values() for a in room.actions}
    ids |= {f"item:{p.id}" for p in C.item} | {f"special:{p.id}" for p in C.special}
    ids |= {f"potion:{p.id}" for p in C.potion}
    return ids


class MemorySave:
    """A save that keeps the game in memory: what the shell's tests give a Session."""

    def save(self, game: Game) -> None:
        self.saved = game

    def resume(self, game: Game) -> str:
        return "companion dod play x"

    def describe(self, game: Game) -> str:
        return "saved as 'x'"

    def moved_on(self, game: Game) -> str:
        return ""
