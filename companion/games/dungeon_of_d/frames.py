"""The rules under way in a game of Dungeon of D, as typed frames.

A game waits inside several unfinished rules at once: a melee round inside a
combat inside a room action inside a turn. Each is a *frame* on
``state.stack``, the innermost last; the engine
(:mod:`~companion.games.dungeon_of_d.engine`) runs the top frame until the
player must choose. A frame is a small mutable dataclass: where the rule has
got to (its ``phase``) and what it has to remember (the monster's slot, the
test's difficulty, the card to play...). ``result`` is how a finished sub-rule
tells the frame below it how it went (``"win"``, ``"lose"``, ``"right"``,
``"wrong"``).

Frames serialise to plain JSON (``{"frame": "test", "stat": "AGL", ...}``)
with the rest of the state.

>>> f = TestFrame(stat="AGL", difficulty=6)
>>> f.phase, frame_from_json(f.to_json()) == f
('effort', True)
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar, Literal, TypeVar

from companion.errors import CompanionError

F = TypeVar("F", bound="Frame")


@dataclass(slots=True, kw_only=True)
class Frame:
    """One unfinished rule; ``kind`` names it in a saved state."""

    kind: ClassVar[str] = "frame"
    result: str | None = None
    """How the sub-rule that just finished went, until this frame reads it."""

    def copy(self: F) -> F:
        """An independent copy (every field is a plain value or a tuple)."""
        new = object.__new__(type(self))
        for name in _names(type(self)):
            setattr(new, name, getattr(self, name))
        return new

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"frame": self.kind}
        for name in _names(type(self)):
            value = getattr(self, name)
            data[name] = list(value) if isinstance(value, tuple) else value
        return data


_NAMES: dict[type[Frame], tuple[str, ...]] = {}


def _names(cls: type[Frame]) -> tuple[str, ...]:
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


# ---- the game and the turn ---------------------------------------------------------------


@dataclass(slots=True, kw_only=True)
class StartFrame(Frame):
    """Set up level 1 once Hero's Blessing is over (rulebook 4, step 6)."""

    kind: ClassVar[str] = "start"


@dataclass(slots=True, kw_only=True)
class BlessFrame(Frame):
    """HERO'S BLESSING: discard any cards, then draw as many."""

    kind: ClassVar[str] = "bless"
    discarded: int = 0


TurnPhase = Literal["choose", "poison", "close"]


@dataclass(slots=True, kw_only=True)
class TurnFrame(Frame):
    """A turn: choose REST, DO ACTION or MOVE; then the poison's check; then it ends."""

    kind: ClassVar[str] = "turn"
    phase: TurnPhase = "choose"


@dataclass(slots=True, kw_only=True)
class RestFrame(Frame):
    """REST (5.1): discard if you like, then draw up to 9 less the danger."""

    kind: ClassVar[str] = "rest"


MovePhase = Literal["go", "check", "wander", "meet", "after", "autos", "done"]


@dataclass(slots=True, kw_only=True)
class MoveFrame(Frame):
    """MOVE (5.3): the card played, the step, the wandering-monster check, the room's ((A))."""

    kind: ClassVar[str] = "move"
    card: int
    direction: str
    phase: MovePhase = "go"
    roll: int = 0
    """The wandering-monster CHECK1 (plus Wary)."""
    meets: bool = False
    boots: bool = False
    """Elf Boots were used on this MOVE's check (once a MOVE)."""


@dataclass(slots=True, kw_only=True)
class ForcedMoveFrame(Frame):
    """A MOVE you must make at once (the Storage Room without a Lantern)."""

    kind: ClassVar[str] = "forced-move"


@dataclass(slots=True, kw_only=True)
class AutosFrame(Frame):
    """The ((A)) actions of the room at ``pos``, one after the other."""

    kind: ClassVar[str] = "autos"
    pos: int
    next: int = 0


# ---- room actions and their steps ----------------------------------------------------------


@dataclass(slots=True, kw_only=True)
class ActFrame(Frame):
    """DO ACTION (5.2): the room's action at ``position``, in the room at ``pos``."""

    kind: ClassVar[str] = "act"
    position: int
    pos: int
    started: bool = False


@dataclass(slots=True, kw_only=True)
class StepsFrame(Frame):
    """A room action's list of steps (or one branch of it), done in order."""

    kind: ClassVar[str] = "steps"
    steplist: int
    next: int = 0
    waiting: int = -1
    """The step whose test, combat or guess is under way (its result picks a branch)."""
    closing: bool = False
    """A branch after a test or combat has finished: time for the end window."""


@dataclass(slots=True, kw_only=True)
class RetryFrame(Frame):
    """Try the lost test again, or stop (the Pit of Darkness's AGL test)."""

    kind: ClassVar[str] = "retry"


TestPhase = Literal["effort", "draw", "second", "settle"]


@dataclass(slots=True, kw_only=True)
class TestFrame(Frame):
    """A test (5.5): two effort cards plus ``stat`` against ``difficulty``."""

    __test__: ClassVar[bool] = False  # not a pytest test class
    kind: ClassVar[str] = "test"
    stat: str
    difficulty: int
    phase: TestPhase = "effort"
    swapped: bool = False
    """Struggle was used on the second card."""


@dataclass(slots=True, kw_only=True)
class GuessFrame(Frame):
    """GUESS1: a number 1-5, then CHECK1."""

    kind: ClassVar[str] = "guess"


# ---- combat --------------------------------------------------------------------------------

CombatPhase = Literal[
    "choose",
    "ranged",
    "aim",
    "shot",
    "melee",
    "round",
    "holy",
    "defeat",
    "necklace",
    "regenerate",
    "won",
    "ran",
    "fled",
]


@dataclass(slots=True, kw_only=True)
class CombatFrame(Frame):
    """A combat (5.4) with the level's monster of ``slot``.

    Phases: ``choose`` (run away or fight), ``ranged`` (which arrow), ``aim`` (the
    shot's CHECK1 is in), ``shot`` (after the shot), ``melee`` and ``round`` (a
    melee round, then its result), ``holy`` (Holy Water's guess), ``defeat``,
    ``necklace`` and ``regenerate`` (the Regenerate check), and the ends ``won``,
    ``ran`` and ``fled``.
    """

    kind: ClassVar[str] = "combat"
    slot: int
    phase: CombatPhase = "choose"
    weak: int = 0
    """STR the monster has less this combat (Horn of Valor)."""
    arrow: str = ""
    arrow_bonus: int = 0
    heal: int = 1
    roll: int = 0
    hit: bool = False


@dataclass(slots=True, kw_only=True)
class RunFrame(Frame):
    """Running away: discard power until ``need`` is met."""

    kind: ClassVar[str] = "run"
    need: int


MeleePhase = Literal["effort", "first", "draw", "second", "settle", "lost", "cost", "close"]


@dataclass(slots=True, kw_only=True)
class MeleeFrame(Frame):
    """A round of melee: first effort card, weapon, second card, the result, a lost round's cost."""

    kind: ClassVar[str] = "melee"
    phase: MeleePhase = "effort"
    weapon: int = 0
    """The weapon's bonus used this round (0: none)."""
    sure: bool = False
    """Determination: the round is won without a second card."""
    swapped: bool = False
    """Struggle was used on this round's second card."""
    blocked: bool = False
    """A Shield or Parry: the lost round costs nothing."""


@dataclass(slots=True, kw_only=True)
class LossFrame(Frame):
    """A lost round against a monster with several of Poison, Steal and Curse: in order."""

    kind: ClassVar[str] = "loss"
    abilities: tuple[str, ...] = ()
    next: int = 0


@dataclass(slots=True, kw_only=True)
class StealFrame(Frame):
    """Steal (5.4.1): choose what the monster takes."""

    kind: ClassVar[str] = "steal"


# ---- small decisions ------------------------------------------------------------------------


@dataclass(slots=True, kw_only=True)
class LoseFrame(Frame):
    """LOSE n HP: choose the cards, one at a time."""

    kind: ClassVar[str] = "lose"
    n: int


@dataclass(slots=True, kw_only=True)
class OverFrame(Frame):
    """More than 9 cards in hand: discard down to 9."""

    kind: ClassVar[str] = "over"


@dataclass(slots=True, kw_only=True)
class GetFrame(Frame):
    """Get an item, special item or potion (``what``): draw a power card for it."""

    kind: ClassVar[str] = "get"
    what: str


@dataclass(slots=True, kw_only=True)
class FullFrame(Frame):
    """The inventory is over its slots: give something up."""

    kind: ClassVar[str] = "full"


@dataclass(slots=True, kw_only=True)
class MeetFrame(Frame):
    """MEET: the character drawn, and whether to learn their skill."""

    kind: ClassVar[str] = "meet"
    character: str | None = None


@dataclass(slots=True, kw_only=True)
class DetectFrame(Frame):
    """DETECT ``n`` potions of your choice."""

    kind: ClassVar[str] = "detect"
    n: int


@dataclass(slots=True, kw_only=True)
class PlaceFrame(Frame):
    """REVEAL ``n`` room cards where you choose (rulebook 5.6): each is drawn first,
    so you see it (``room``, until it is placed) before you choose where it goes."""

    kind: ClassVar[str] = "place"
    n: int
    room: str = ""


@dataclass(slots=True, kw_only=True)
class TeleportFrame(Frame):
    """Teleport to a revealed room of your choice."""

    kind: ClassVar[str] = "teleport"


@dataclass(slots=True, kw_only=True)
class WindowFrame(Frame):
    """A moment to drink or use something (``window``: ``end``, ...), or go on."""

    kind: ClassVar[str] = "window"
    window: str


FRAME_TYPES: dict[str, type[Frame]] = {
    cls.kind: cls
    for cls in (
        StartFrame,
        BlessFrame,
        TurnFrame,
        RestFrame,
        MoveFrame,
        ForcedMoveFrame,
        AutosFrame,
        ActFrame,
        StepsFrame,
        RetryFrame,
        TestFrame,
        GuessFrame,
        CombatFrame,
        RunFrame,
        MeleeFrame,
        LossFrame,
        StealFrame,
        LoseFrame,
        OverFrame,
        GetFrame,
        FullFrame,
        MeetFrame,
        DetectFrame,
        PlaceFrame,
        TeleportFrame,
        WindowFrame,
    )
}
"""Every kind of frame, by the name a saved state gives it."""


def frame_from_json(data: Any) -> Frame:
    """A frame from :meth:`Frame.to_json` data; a clear error if it is not one."""
    if not isinstance(data, dict):
        raise CompanionError("a rule under way is not an object")
    values = dict(data)
    cls = FRAME_TYPES.get(str(values.pop("frame", "")))
    if cls is None:
        raise CompanionError(f"unknown rule under way {data.get('frame')!r:.40}")
    values = {k: tuple(v) if isinstance(v, list) else v for k, v in values.items()}
    try:
        return cls(**values)
    except TypeError as exc:
        raise CompanionError(f"a rule under way is damaged ({exc})") from None


__all__ = [
    "FRAME_TYPES",
    "ActFrame",
    "AutosFrame",
    "BlessFrame",
    "CombatFrame",
    "DetectFrame",
    "ForcedMoveFrame",
    "Frame",
    "FullFrame",
    "GetFrame",
    "GuessFrame",
    "LoseFrame",
    "LossFrame",
    "MeetFrame",
    "MeleeFrame",
    "MoveFrame",
    "OverFrame",
    "PlaceFrame",
    "RestFrame",
    "RetryFrame",
    "RunFrame",
    "StartFrame",
    "StealFrame",
    "StepsFrame",
    "TeleportFrame",
    "TestFrame",
    "TurnFrame",
    "WindowFrame",
    "frame_from_json",
]
