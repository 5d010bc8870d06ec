"""What happens in a game of Dungeon of D, as typed events.

The engine records an event for each thing that happens while an action is
applied (a card drawn, a test settled, gold won...), when someone listens:
``apply`` returns them, and :mod:`~companion.games.dungeon_of_d.descriptions`
puts them in words for the shell, logs and tests. Each event is a frozen
dataclass with a ``kind`` (its name in a log) and named fields:

>>> SettledTest("AGL", 6, 7, True).won, SettledTest.kind
(True, 'test')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened; ``kind`` names it."""

    kind: ClassVar[str] = "event"


@dataclass(frozen=True, slots=True)
class CharacterDrawn(Event):
    """Your hero for this game."""

    kind: ClassVar[str] = "character"
    character: str


@dataclass(frozen=True, slots=True)
class TurnStarts(Event):
    """A new turn begins."""

    kind: ClassVar[str] = "turn"
    number: int


@dataclass(frozen=True, slots=True)
class LevelStarts(Event):
    """A dungeon level is set up."""

    kind: ClassVar[str] = "level"
    level: int


@dataclass(frozen=True, slots=True)
class Arrived(Event):
    """Teleported (or set down) into a room: no wandering monster."""

    kind: ClassVar[str] = "arrive"
    pos: int
    room: str


@dataclass(frozen=True, slots=True)
class Entered(Event):
    """A MOVE steps into a room."""

    kind: ClassVar[str] = "enter"
    pos: int
    room: str


@dataclass(frozen=True, slots=True)
class RoomDrawn(Event):
    """REVEAL: a room card is drawn from the room deck, to be placed next."""

    kind: ClassVar[str] = "room-drawn"
    room: str


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """A room card is turned over at ``pos``."""

    kind: ClassVar[str] = "reveal"
    pos: int
    room: str


@dataclass(frozen=True, slots=True)
class WanderCard(Event):
    """The card played to MOVE goes on the wandering-monster place."""

    kind: ClassVar[str] = "wander-card"
    card: int


@dataclass(frozen=True, slots=True)
class Checked(Event):
    """CHECK1 drew ``card``; ``purpose`` says what for (``wandering``, ``poison``, ``ranged``, ``guess``, ``room``...)."""

    kind: ClassVar[str] = "check1"
    card: int
    purpose: str


@dataclass(frozen=True, slots=True)
class WanderingCheck(Event):
    """The wandering-monster check of a MOVE: ``roll`` (CHECK1 plus Wary) against the room's danger."""

    kind: ClassVar[str] = "wandering-check"
    card: int
    roll: int
    danger: int
    meets: bool


@dataclass(frozen=True, slots=True)
class PoisonCheck(Event):
    """The end-of-turn CHECK1 of Poisoned!: whether it costs 1 HP."""

    kind: ClassVar[str] = "poison-check"
    card: int
    hurts: bool


@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    """The discard pile is shuffled into a new power deck of ``cards`` cards."""

    kind: ClassVar[str] = "reshuffle"
    cards: int


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """A card is drawn into the hand."""

    kind: ClassVar[str] = "draw"
    card: int


@dataclass(frozen=True, slots=True)
class BonusCard(Event):
    """BONUS CARD: drawn for a MOV card played to MOVE or a matching first effort card."""

    kind: ClassVar[str] = "bonus"
    card: int


@dataclass(frozen=True, slots=True)
class EffortCard(Event):
    """An effort card: played from the hand (the first) or ``drawn`` from the deck (the second)."""

    kind: ClassVar[str] = "effort"
    card: int
    drawn: bool


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """A card of the hand goes to the discard pile."""

    kind: ClassVar[str] = "discard"
    card: int


@dataclass(frozen=True, slots=True)
class LostHp(Event):
    """LOSE HP: ``card`` was chosen to go (-1 when the whole hand went at once)."""

    kind: ClassVar[str] = "lose-hp"
    amount: int
    card: int


@dataclass(frozen=True, slots=True)
class CombatStarts(Event):
    """A combat with the level's monster of ``slot``."""

    kind: ClassVar[str] = "combat"
    slot: int
    monster: str


@dataclass(frozen=True, slots=True)
class SettledTest(Event):
    """A test is settled."""

    kind: ClassVar[str] = "test"
    stat: str
    difficulty: int
    total: int
    won: bool


@dataclass(frozen=True, slots=True)
class SettledMelee(Event):
    """A round of melee is settled."""

    kind: ClassVar[str] = "melee"
    total: int
    target: int
    won: bool


@dataclass(frozen=True, slots=True)
class SettledShot(Event):
    """A ranged attack is settled."""

    kind: ClassVar[str] = "ranged"
    total: int
    target: int
    hit: bool


@dataclass(frozen=True, slots=True)
class Defeated(Event):
    """The monster is defeated (its gold follows)."""

    kind: ClassVar[str] = "defeat"
    monster: str


@dataclass(frozen=True, slots=True)
class Regenerates(Event):
    """The Regenerate check came out right: the combat goes on."""

    kind: ClassVar[str] = "regenerates"
    guess: int
    result: int


@dataclass(frozen=True, slots=True)
class StaysDown(Event):
    """The Regenerate check came out wrong: it stays down."""

    kind: ClassVar[str] = "stays-down"
    guess: int
    result: int


@dataclass(frozen=True, slots=True)
class Guessed(Event):
    """GUESS1 of a room or an item."""

    kind: ClassVar[str] = "guess"
    guess: int
    result: int
    right: bool


@dataclass(frozen=True, slots=True)
class GoldGained(Event):
    """Gold won (0 when the purse is full)."""

    kind: ClassVar[str] = "gold"
    amount: int


@dataclass(frozen=True, slots=True)
class Paid(Event):
    """Gold paid for a room action."""

    kind: ClassVar[str] = "pay"
    amount: int


@dataclass(frozen=True, slots=True)
class Cursed(Event):
    """A Curse takes gold instead of HP."""

    kind: ClassVar[str] = "cursed"
    amount: int


@dataclass(frozen=True, slots=True)
class Poisoned(Event):
    """You get the Poisoned! card."""

    kind: ClassVar[str] = "poisoned"


@dataclass(frozen=True, slots=True)
class PoisonedAgain(Event):
    """Poisoned while Poisoned!: it costs 1 HP instead."""

    kind: ClassVar[str] = "poisoned-again"


@dataclass(frozen=True, slots=True)
class PoisonWarded(Event):
    """The Warding Charm keeps the poison out."""

    kind: ClassVar[str] = "poison-warded"


@dataclass(frozen=True, slots=True)
class Cured(Event):
    """Poisoned! is removed."""

    kind: ClassVar[str] = "cured"


@dataclass(frozen=True, slots=True)
class Got(Event):
    """An item, special item or potion (``what``) is got: the power card ``card`` stands for it."""

    kind: ClassVar[str] = "get"
    what: str
    card: int
    part: str


@dataclass(frozen=True, slots=True)
class Drank(Event):
    """A potion is drunk."""

    kind: ClassVar[str] = "drink"
    card: int
    part: str


@dataclass(frozen=True, slots=True)
class AmuletTaken(Event):
    """The Amulet of D'eugor is yours."""

    kind: ClassVar[str] = "amulet"


@dataclass(frozen=True, slots=True)
class Escaped(Event):
    """Out of the dungeon alive: the game is won."""

    kind: ClassVar[str] = "escaped"
    amulet: bool


@dataclass(frozen=True, slots=True)
class GameLost(Event):
    """The game is lost."""

    kind: ClassVar[str] = "lost"
    why: str


@dataclass(frozen=True, slots=True)
class Exhausted(Event):
    """The room at ``pos`` is exhausted."""

    kind: ClassVar[str] = "exhaust"
    pos: int


@dataclass(frozen=True, slots=True)
class Upgraded(Event):
    """A stat goes up one step."""

    kind: ClassVar[str] = "upgrade"
    stat: str
    value: int


@dataclass(frozen=True, slots=True)
class Learnt(Event):
    """The skill of ``character`` is learnt."""

    kind: ClassVar[str] = "learn"
    character: str


@dataclass(frozen=True, slots=True)
class Forgot(Event):
    """The skill of ``character`` is given up."""

    kind: ClassVar[str] = "forget"
    character: str


@dataclass(frozen=True, slots=True)
class Declined(Event):
    """The character met goes back under the character deck."""

    kind: ClassVar[str] = "decline"
    character: str


@dataclass(frozen=True, slots=True)
class Met(Event):
    """You MEET a character."""

    kind: ClassVar[str] = "meet"
    character: str


@dataclass(frozen=True, slots=True)
class TeleportFails(Event):
    """A teleport to a room that is not revealed: nothing happens."""

    kind: ClassVar[str] = "teleport-fails"
    room: str


@dataclass(frozen=True, slots=True)
class WanderingMonster(Event):
    """The wandering monster of ``card`` attacks."""

    kind: ClassVar[str] = "wandering-monster"
    card: int


@dataclass(frozen=True, slots=True)
class RanAway(Event):
    """You run away: the combat is lost."""

    kind: ClassVar[str] = "ran-away"


@dataclass(frozen=True, slots=True)
class Rested(Event):
    """A Fruit is eaten to REST."""

    kind: ClassVar[str] = "rest"


@dataclass(frozen=True, slots=True)
class FruitGained(Event):
    """Fruits got (0: you carry 4 already)."""

    kind: ClassVar[str] = "fruit"
    amount: int


@dataclass(frozen=True, slots=True)
class ArrowsGained(Event):
    """Arrows got (0: you carry 4 already)."""

    kind: ClassVar[str] = "arrows"
    amount: int


@dataclass(frozen=True, slots=True)
class Buffed(Event):
    """A stat is raised until the end of the turn."""

    kind: ClassVar[str] = "buff"
    stat: str
    amount: int


@dataclass(frozen=True, slots=True)
class Weakened(Event):
    """The monster has less STR this combat."""

    kind: ClassVar[str] = "weaken"
    amount: int


@dataclass(frozen=True, slots=True)
class WeaponUsed(Event):
    """A weapon adds to this melee round."""

    kind: ClassVar[str] = "weapon"
    item: str
    bonus: int


@dataclass(frozen=True, slots=True)
class Blocked(Event):
    """The lost round costs nothing."""

    kind: ClassVar[str] = "blocked"
    by: str


@dataclass(frozen=True, slots=True)
class NoRegenerate(Event):
    """The Silver Necklace stops the Regenerate check."""

    kind: ClassVar[str] = "no-regenerate"


@dataclass(frozen=True, slots=True)
class Rerolled(Event):
    """An item makes a CHECK1 be drawn again."""

    kind: ClassVar[str] = "reroll"
    item: str


@dataclass(frozen=True, slots=True)
class HolyWater(Event):
    """Holy Water: GUESS1, a wrong guess defeats the monster."""

    kind: ClassVar[str] = "holy-water"


@dataclass(frozen=True, slots=True)
class Smoke(Event):
    """A Smoke Bomb ends the combat (lost)."""

    kind: ClassVar[str] = "smoke"


@dataclass(frozen=True, slots=True)
class BreathHits(Event):
    """Dragon's Breath defeats the monster."""

    kind: ClassVar[str] = "breath-hits"
    result: int


@dataclass(frozen=True, slots=True)
class BreathMisses(Event):
    """Dragon's Breath misses."""

    kind: ClassVar[str] = "breath-misses"
    result: int


@dataclass(frozen=True, slots=True)
class BreathBurns(Event):
    """Dragon's Breath drunk outside a combat burns you."""

    kind: ClassVar[str] = "breath-burns"


@dataclass(frozen=True, slots=True)
class Perfumed(Event):
    """The perfume brings the wandering monster without a CHECK1."""

    kind: ClassVar[str] = "perfume"


@dataclass(frozen=True, slots=True)
class CannotMove(Event):
    """A forced MOVE with nowhere to go."""

    kind: ClassVar[str] = "cannot-move"


@dataclass(frozen=True, slots=True)
class CannotUpgrade(Event):
    """An upgrade that cannot be paid for."""

    kind: ClassVar[str] = "cannot-upgrade"
    stat: str


@dataclass(frozen=True, slots=True)
class MustMove(Event):
    """Pitch black: you must MOVE on at once."""

    kind: ClassVar[str] = "must-move"


@dataclass(frozen=True, slots=True)
class Retried(Event):
    """The lost test is tried again."""

    kind: ClassVar[str] = "retry"


@dataclass(frozen=True, slots=True)
class Duplicate(Event):
    """A second copy of a unique special item is discarded."""

    kind: ClassVar[str] = "duplicate"
    part: str


@dataclass(frozen=True, slots=True)
class TooMany(Event):
    """A fifth arrow of a kind is discarded."""

    kind: ClassVar[str] = "too-many"
    part: str


@dataclass(frozen=True, slots=True)
class Shot(Event):
    """An arrow is shot."""

    kind: ClassVar[str] = "shoot"
    arrow: str


@dataclass(frozen=True, slots=True)
class SkillUsed(Event):
    """A skill is used."""

    kind: ClassVar[str] = "skill"
    skill: str


@dataclass(frozen=True, slots=True)
class Dropped(Event):
    """An inventory card (or all Fruits / Arrows) is dropped."""

    kind: ClassVar[str] = "drop"
    what: int | str


@dataclass(frozen=True, slots=True)
class Stolen(Event):
    """A monster steals an inventory card (or one Arrow)."""

    kind: ClassVar[str] = "stolen"
    what: int | str


@dataclass(frozen=True, slots=True)
class Used(Event):
    """An item or special item is used."""

    kind: ClassVar[str] = "use"
    card: int
    part: str


@dataclass(frozen=True, slots=True)
class Detected(Event):
    """DETECT: the potion is identified."""

    kind: ClassVar[str] = "detect"
    card: int


@dataclass(frozen=True, slots=True)
class ActionStarts(Event):
    """A room action begins (its price paid)."""

    kind: ClassVar[str] = "action"
    room: str
    action: str


@dataclass(frozen=True, slots=True)
class ActionEnds(Event):
    """A room action is given up or stopped."""

    kind: ClassVar[str] = "action-ends"


EVENT_TYPES: tuple[type[Event], ...] = (
    CharacterDrawn,
    TurnStarts,
    LevelStarts,
    Arrived,
    Entered,
    RoomDrawn,
    Revealed,
    WanderCard,
    Checked,
    WanderingCheck,
    PoisonCheck,
    Reshuffled,
    Drew,
    BonusCard,
    EffortCard,
    Discarded,
    LostHp,
    CombatStarts,
    SettledTest,
    SettledMelee,
    SettledShot,
    Defeated,
    Regenerates,
    StaysDown,
    Guessed,
    GoldGained,
    Paid,
    Cursed,
    Poisoned,
    PoisonedAgain,
    PoisonWarded,
    Cured,
    Got,
    Drank,
    AmuletTaken,
    Escaped,
    GameLost,
    Exhausted,
    Upgraded,
    Learnt,
    Forgot,
    Declined,
    Met,
    TeleportFails,
    WanderingMonster,
    RanAway,
    Rested,
    FruitGained,
    ArrowsGained,
    Buffed,
    Weakened,
    WeaponUsed,
    Blocked,
    NoRegenerate,
    Rerolled,
    HolyWater,
    Smoke,
    BreathHits,
    BreathMisses,
    BreathBurns,
    Perfumed,
    CannotMove,
    CannotUpgrade,
    MustMove,
    Retried,
    Duplicate,
    TooMany,
    Shot,
    SkillUsed,
    Dropped,
    Stolen,
    Used,
    Detected,
    ActionStarts,
    ActionEnds,
)
"""Every kind of event the engine records."""


__all__ = [
    "EVENT_TYPES",
    "ActionEnds",
    "ActionStarts",
    "AmuletTaken",
    "Arrived",
    "ArrowsGained",
    "Blocked",
    "BonusCard",
    "BreathBurns",
    "BreathHits",
    "BreathMisses",
    "Buffed",
    "CannotMove",
    "CannotUpgrade",
    "CharacterDrawn",
    "Checked",
    "CombatStarts",
    "Cured",
    "Cursed",
    "Declined",
    "Defeated",
    "Detected",
    "Discarded",
    "Drank",
    "Drew",
    "Dropped",
    "Duplicate",
    "EffortCard",
    "Entered",
    "Escaped",
    "Event",
    "Exhausted",
    "Forgot",
    "FruitGained",
    "GameLost",
    "GoldGained",
    "Got",
    "Guessed",
    "HolyWater",
    "Learnt",
    "LevelStarts",
    "LostHp",
    "Met",
    "MustMove",
    "NoRegenerate",
    "Paid",
    "Perfumed",
    "PoisonCheck",
    "PoisonWarded",
    "Poisoned",
    "PoisonedAgain",
    "RanAway",
    "Regenerates",
    "Rerolled",
    "Reshuffled",
    "Rested",
    "Retried",
    "Revealed",
    "RoomDrawn",
    "SettledMelee",
    "SettledShot",
    "SettledTest",
    "Shot",
    "SkillUsed",
    "Smoke",
    "StaysDown",
    "Stolen",
    "TeleportFails",
    "TooMany",
    "TurnStarts",
    "Upgraded",
    "Used",
    "WanderCard",
    "WanderingCheck",
    "WanderingMonster",
    "Weakened",
    "WeaponUsed",
]
