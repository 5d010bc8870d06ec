"""The actions of Dungeon of D: what a player may answer, as typed values.

Each action is a small tuple whose first element names its kind, with named
fields after it: ``Move(12, "n")`` is the tuple ``("move", 12, "n")`` and
reads ``action.card``, ``action.direction``. Being tuples they compare equal
to the plain lists a save stores (``["move", 12, "n"]`` read back as a
tuple), so saves and golden games keep working; the engine hands out these
typed values and :func:`parse_action` turns a stored list back into one.

>>> Move(12, "n") == ("move", 12, "n"), Move(12, "n").card
(True, 12)
>>> parse_action(["skill", "struggle", 7])
SwapSkill(kind='skill', skill='struggle', card=7)
"""

from __future__ import annotations

import reprlib
from collections.abc import Iterable
from typing import Any, Literal, NamedTuple

from companion.errors import CompanionError


class _Rest(NamedTuple):
    kind: Literal["rest"]


class Rest(_Rest):
    """REST: eat a Fruit, discard if you like, draw up to 9 less the room's danger."""

    __slots__ = ()

    def __new__(cls) -> Rest:
        return tuple.__new__(cls, ("rest",))


class _Act(NamedTuple):
    kind: Literal["act"]
    position: int


class Act(_Act):
    """DO ACTION: the room's action at ``position`` (0 is the first printed on the card)."""

    __slots__ = ()

    def __new__(cls, position: int) -> Act:
        return tuple.__new__(cls, ("act", position))


class _Move(NamedTuple):
    kind: Literal["move"]
    card: int
    direction: str


class Move(_Move):
    """MOVE: play ``card`` on the wandering-monster place and step ``direction`` (n, e, s, w)."""

    __slots__ = ()

    def __new__(cls, card: int, direction: str) -> Move:
        return tuple.__new__(cls, ("move", card, direction))


class _Effort(NamedTuple):
    kind: Literal["effort"]
    card: int


class Effort(_Effort):
    """Play ``card`` from the hand as the first effort card of a test or a melee round."""

    __slots__ = ()

    def __new__(cls, card: int) -> Effort:
        return tuple.__new__(cls, ("effort", card))


class _Run(NamedTuple):
    kind: Literal["run"]


class Run(_Run):
    """Run away from the combat (discarding power enough, if INT is not)."""

    __slots__ = ()

    def __new__(cls) -> Run:
        return tuple.__new__(cls, ("run",))


class _Fight(NamedTuple):
    kind: Literal["fight"]


class Fight(_Fight):
    """Fight: a ranged attack if you have arrows, then melee."""

    __slots__ = ()

    def __new__(cls) -> Fight:
        return tuple.__new__(cls, ("fight",))


class _Shoot(NamedTuple):
    kind: Literal["shoot"]
    arrow: str


class Shoot(_Shoot):
    """A ranged attack with an ``arrow``: ``arrow``, ``magic`` or ``vampiric``."""

    __slots__ = ()

    def __new__(cls, arrow: str) -> Shoot:
        return tuple.__new__(cls, ("shoot", arrow))


class _GoToMelee(NamedTuple):
    kind: Literal["melee"]


class GoToMelee(_GoToMelee):
    """No ranged attack this time: straight to melee."""

    __slots__ = ()

    def __new__(cls) -> GoToMelee:
        return tuple.__new__(cls, ("melee",))


class _Guess(NamedTuple):
    kind: Literal["guess"]
    number: int


class Guess(_Guess):
    """GUESS1: say ``number`` (1-5), then CHECK1."""

    __slots__ = ()

    def __new__(cls, number: int) -> Guess:
        return tuple.__new__(cls, ("guess", number))


class _Discard(NamedTuple):
    kind: Literal["discard"]
    card: int


class Discard(_Discard):
    """Discard ``card`` from the hand (Hero's Blessing, REST, running away, LOSE HP, HP over 9)."""

    __slots__ = ()

    def __new__(cls, card: int) -> Discard:
        return tuple.__new__(cls, ("discard", card))


class _Done(NamedTuple):
    kind: Literal["done"]


class Done(_Done):
    """Stop discarding: keep the hand (Hero's Blessing) or draw (REST)."""

    __slots__ = ()

    def __new__(cls) -> Done:
        return tuple.__new__(cls, ("done",))


class _Drink(NamedTuple):
    kind: Literal["drink"]
    card: int


class Drink(_Drink):
    """Drink the potion ``card`` (identified or not)."""

    __slots__ = ()

    def __new__(cls, card: int) -> Drink:
        return tuple.__new__(cls, ("drink", card))


class _Use(NamedTuple):
    kind: Literal["use"]
    card: int


class Use(_Use):
    """Use the item or special item ``card``."""

    __slots__ = ()

    def __new__(cls, card: int) -> Use:
        return tuple.__new__(cls, ("use", card))


class _UseSkill(NamedTuple):
    kind: Literal["skill"]
    skill: str


class UseSkill(_UseSkill):
    """Use your skill ``skill`` (its id)."""

    __slots__ = ()

    def __new__(cls, skill: str) -> UseSkill:
        return tuple.__new__(cls, ("skill", skill))


class _SwapSkill(NamedTuple):
    kind: Literal["skill"]
    skill: str
    card: int


class SwapSkill(_SwapSkill):
    """Use your skill ``skill`` on ``card`` from the hand (Struggle: the swap)."""

    __slots__ = ()

    def __new__(cls, skill: str, card: int) -> SwapSkill:
        return tuple.__new__(cls, ("skill", skill, card))


class _Pass(NamedTuple):
    kind: Literal["pass"]


class Pass(_Pass):
    """Let the moment go by (nothing to drink or use now)."""

    __slots__ = ()

    def __new__(cls) -> Pass:
        return tuple.__new__(cls, ("pass",))


class _Learn(NamedTuple):
    kind: Literal["learn"]


class Learn(_Learn):
    """Learn the skill of the character you meet."""

    __slots__ = ()

    def __new__(cls) -> Learn:
        return tuple.__new__(cls, ("learn",))


class _Replace(NamedTuple):
    kind: Literal["replace"]
    character: str


class Replace(_Replace):
    """Forget the skill of ``character`` to learn the one of the character you meet."""

    __slots__ = ()

    def __new__(cls, character: str) -> Replace:
        return tuple.__new__(cls, ("replace", character))


class _Decline(NamedTuple):
    kind: Literal["decline"]


class Decline(_Decline):
    """Do not learn the skill of the character you meet."""

    __slots__ = ()

    def __new__(cls) -> Decline:
        return tuple.__new__(cls, ("decline",))


class _Drop(NamedTuple):
    kind: Literal["drop"]
    what: int | str


class Drop(_Drop):
    """Drop an inventory card, or ``"fruits"`` / ``"arrows"`` (all of them), to make room."""

    __slots__ = ()

    def __new__(cls, what: int | str) -> Drop:
        return tuple.__new__(cls, ("drop", what))


class _GiveUp(NamedTuple):
    kind: Literal["lose"]
    what: int | str


class GiveUp(_GiveUp):
    """What a stealing monster takes: an inventory card, or ``"arrows"`` (one Arrow)."""

    __slots__ = ()

    def __new__(cls, what: int | str) -> GiveUp:
        return tuple.__new__(cls, ("lose", what))


class _Detect(NamedTuple):
    kind: Literal["detect"]
    card: int


class Detect(_Detect):
    """DETECT the potion ``card``."""

    __slots__ = ()

    def __new__(cls, card: int) -> Detect:
        return tuple.__new__(cls, ("detect", card))


class _Place(NamedTuple):
    kind: Literal["place"]
    pos: int


class Place(_Place):
    """REVEAL: put the room card at map position ``pos``."""

    __slots__ = ()

    def __new__(cls, pos: int) -> Place:
        return tuple.__new__(cls, ("place", pos))


class _Teleport(NamedTuple):
    kind: Literal["teleport"]
    pos: int


class Teleport(_Teleport):
    """Teleport to the revealed room at map position ``pos``."""

    __slots__ = ()

    def __new__(cls, pos: int) -> Teleport:
        return tuple.__new__(cls, ("teleport", pos))


class _Retry(NamedTuple):
    kind: Literal["retry"]


class Retry(_Retry):
    """Try the lost test again (the Pit of Darkness's AGL test)."""

    __slots__ = ()

    def __new__(cls) -> Retry:
        return tuple.__new__(cls, ("retry",))


class _Stop(NamedTuple):
    kind: Literal["stop"]


class Stop(_Stop):
    """Give the action up for now."""

    __slots__ = ()

    def __new__(cls) -> Stop:
        return tuple.__new__(cls, ("stop",))


class _Undo(NamedTuple):
    kind: Literal["undo"]


class Undo(_Undo):
    """Take back the last action (training mode): written in a game's log, never an engine option."""

    __slots__ = ()

    def __new__(cls) -> Undo:
        return tuple.__new__(cls, ("undo",))


Action = (
    Rest
    | Act
    | Move
    | Effort
    | Run
    | Fight
    | Shoot
    | GoToMelee
    | Guess
    | Discard
    | Done
    | Drink
    | Use
    | UseSkill
    | SwapSkill
    | Pass
    | Learn
    | Replace
    | Decline
    | Drop
    | GiveUp
    | Detect
    | Place
    | Teleport
    | Retry
    | Stop
)
"""Any action the engine may offer (:class:`Undo` is a log entry, never an option)."""


UNDO = Undo()
"""The take-back move as a game's log writes it."""

_SHAPES: dict[tuple[str, int], Any] = {
    ("rest", 1): Rest,
    ("act", 2): Act,
    ("move", 3): Move,
    ("effort", 2): Effort,
    ("run", 1): Run,
    ("fight", 1): Fight,
    ("shoot", 2): Shoot,
    ("melee", 1): GoToMelee,
    ("guess", 2): Guess,
    ("discard", 2): Discard,
    ("done", 1): Done,
    ("drink", 2): Drink,
    ("use", 2): Use,
    ("skill", 2): UseSkill,
    ("skill", 3): SwapSkill,
    ("pass", 1): Pass,
    ("learn", 1): Learn,
    ("replace", 2): Replace,
    ("decline", 1): Decline,
    ("drop", 2): Drop,
    ("lose", 2): GiveUp,
    ("detect", 2): Detect,
    ("place", 2): Place,
    ("teleport", 2): Teleport,
    ("retry", 1): Retry,
    ("stop", 1): Stop,
    ("undo", 1): Undo,
}


def parse_action(raw: Iterable[Any]) -> Action | Undo:
    """The typed action a stored list (or any tuple) stands for.

    Only its shape is checked here (a known kind with the right number of
    parts); whether it is legal is the engine's question.
    """
    parts = tuple(raw)
    make = _SHAPES.get((parts[0], len(parts))) if parts and isinstance(parts[0], str) else None
    if make is None:
        raise CompanionError(f"unknown action {reprlib.repr(list(parts))}")
    action: Action | Undo = make(*parts[1:])
    return action


__all__ = [
    "UNDO",
    "Act",
    "Action",
    "Decline",
    "Detect",
    "Discard",
    "Done",
    "Drink",
    "Drop",
    "Effort",
    "Fight",
    "GiveUp",
    "GoToMelee",
    "Guess",
    "Learn",
    "Move",
    "Pass",
    "Place",
    "Replace",
    "Rest",
    "Retry",
    "Run",
    "Shoot",
    "Stop",
    "SwapSkill",
    "Teleport",
    "Undo",
    "Use",
    "UseSkill",
    "parse_action",
]
