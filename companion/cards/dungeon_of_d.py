"""Dungeon of D cards: power cards, rooms, characters, monsters and trackers.

Dungeon of D is a solo game: every rule the engine (``companion.games.dungeon_of_d``) needs
is a structured field here, and every behaviour is named by an *effect key*
that the engine's registry connects to code (``companion/games/dungeon_of_d/effects.py``).
A designer changes numbers, costs and which card carries which part in the
YAML files without touching code; an unknown key is a validation error.

Numbers written ``"2+"`` follow the rulebook's ``+`` symbol: the level's
skulls are added to them when they are used (see :func:`plus_value`).

>>> from companion.cards import load_game
>>> dod = load_game("dungeon-of-d")
>>> dod.total()
94
>>> dod.get("monsters-2").at_level(2).name
'Skeleton'
>>> dod.get("level").skulls[2], dod.get("level").skulls[6]
(2, 4)
>>> [p.id for p in dod.get("str-1-a").parts()]
['fruit', 'jewelled-goblet', 'potion-of-perfume']
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import BeforeValidator, Field, StringConstraints, model_validator

from companion.cards.base import CardModel, Model, Slug
from companion.cards.common import InfoCard

PowerType = Literal["STR", "INT", "AGL", "MOV"]
"""The four kinds of power card."""

Stat = Literal["STR", "INT", "AGL"]
"""The hero's three statistics (each 0-4, raised one step at a time)."""

Ability = Literal["flying", "smart", "regenerate", "poison", "steal", "curse"]
"""A monster's special ability. ``flying`` and ``smart`` have no rule of their
own; skills and items refer to them. A monster may have several."""

Against = Literal["flying", "smart", "undead", "regenerate", "monster-4"]
"""Which monsters a conditional bonus works against (``monster-4``: the
fourth monster card of a level, where the Ice Dragon lives)."""

Limit = Literal["once-per-turn", "once-per-move", "once-per-combat", "once-per-level"]
"""How often a reusable skill or item may be used."""

Gate = Literal[">=3", ">=5", "<8"]
"""A level-gated action: ``(A ≥ 3)``, ``(A ≥ 5)`` or ``(A < 8)`` on the card."""


def _plus_to_str(value: Any) -> Any:
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


PlusNumber = Annotated[
    str, BeforeValidator(_plus_to_str), StringConstraints(pattern=r"^\d{1,2}\+?$")
]
"""A number, or a number followed by ``+`` (add the level's skulls): ``7``, ``"2+"``."""


def plus_value(value: str | int, skulls: int) -> int:
    """The value of a number written with the rulebook's ``+`` symbol.

    >>> plus_value("1+", skulls=2), plus_value("12", skulls=5), plus_value(4, skulls=1)
    (3, 12, 4)
    """
    text = str(value)
    return int(text[:-1]) + skulls if text.endswith("+") else int(text)


# --------------------------------------------------------------------------
# Effect vocabularies (the engine's registry implements every key)
# --------------------------------------------------------------------------

PART_EFFECTS: dict[str, str] = {
    "key-item": "no use of its own; room actions ask for it (Lantern, Rope)",
    "weapon": "melee, right after your first effort card: use it for +amount (one weapon a round)",
    "gain-arrows": "getting it adds amount Arrows to the Arrows card; the power card is discarded",
    "gain-fruit": "getting it adds amount Fruits to the Fruits card; the power card is discarded",
    "magic-arrow": "an arrow kind: a ranged attack with it gets +amount",
    "vampiric-arrow": "an arrow kind: a hit with it also heals amount HP",
    "reveal-rooms": "start of a turn: REVEAL amount room cards",
    "recheck-wandering": "after a wandering-monster CHECK1 that meets one: CHECK1 again, keep the new result",
    "detect-potion": "any window: DETECT amount potion(s)",
    "detect-all": "any window: DETECT every potion you hold",
    "block-round": "when you lose a melee round: that loss does nothing",
    "reroll-check": "after the CHECK1 of a wandering-monster check or a ranged attack: CHECK1 again",
    "escape-combat": "start of a combat (not against a smart monster): the combat ends, lost, no discard",
    "heal": "HEAL amount HP (items: at the start of a turn)",
    "holy-water": "start of a combat against an undead monster: GUESS1, a wrong guess defeats it",
    "cancel-regenerate": "right before a Regenerate check: the monster does not regenerate",
    "treasure": "no use; worth its stars when you escape",
    "stat-bonus": "while held: +amount to stat in every test, combat and run away",
    "extra-slots": "while held: the inventory has amount more slots",
    "poison-immunity": "while held: you never get the Poisoned! card",
    "teleport-room": "teleport to the revealed room `room` (nothing happens when it is not revealed)",
    "slot-bonus": "melee against the monster of the `against` slot: +amount to your effort",
    "free-upgrade": "start of a turn: upgrade stat one step without paying",
    "weaken": "start of a combat: the monster has amount less STR for this combat",
    "run-bonus": "while held: +amount to the total when you run away",
    "perfume": "your next MOVE meets the wandering monster without a CHECK1",
    "soothe": "HEAL amount HP and remove the Poisoned! card",
    "buff": "until the end of the turn: +amount to stat",
    "poison": "you get the Poisoned! card",
    "gain-gold": "gain amount gold (with + the level's skulls)",
    "breath": "in a combat: CHECK1 + amount ≥ the monster's AGL defeats it; outside one: LOSE 1 HP",
}
"""Effect keys of item, special-item and potion parts, with what each does."""

SKILL_EFFECTS: dict[str, str] = {
    "first-effort-bonus": "melee: your first effort card gets +amount",
    "weapon-master": "melee: when a weapon adds power, it adds amount more",
    "struggle": "melee or test: a second effort card of power in `roll` may be swapped for a stat card from your hand",
    "determination": "melee, after the first effort card: LOSE half your HP (rounded down) and win the round",
    "recycle": "at the end of a ranged attack: get amount Arrows",
    "parry": "when you lose a melee round: that loss does nothing",
    "bounty": "when you defeat a monster: amount more gold",
    "detect-potion": "start of a turn: DETECT 1 potion",
    "heal": "start of a turn: HEAL amount HP",
    "distract": "running away from a monster that is not smart: its INT counts amount lower",
    "rage": "melee: a STR first effort card gets +amount",
    "sharpshooter": "ranged attacks get +amount, and +extra more against `against` monsters",
    "wary": "wandering-monster CHECK1 results count amount higher",
    "brew-master": "potions you get arrive identified",
    "haggle": "room prices cost amount less (never below 0)",
    "tumble": "AGL test: after the second effort card, discard it and draw another",
    "smite": "melee against `against` monsters: +amount",
    "forage": "after a REST, CHECK1: a result in `roll` gets you 1 Fruit",
}
"""Effect keys of character skills."""

STEP_KINDS: dict[str, str] = {
    "test": "an INT or AGL test of `difficulty`; then the `win` or `lose` steps",
    "combat": "combat the level's monster number `monster`; then `win` or `lose` steps",
    "check": "CHECK1 and do the steps of the matching `results` row",
    "guess": "GUESS1; then the `right` or `wrong` steps",
    "lose-hp": "LOSE amount HP",
    "heal": "HEAL amount HP",
    "gain-gold": "gain amount gold",
    "get-item": "get amount item(s)",
    "get-special-item": "get amount special item(s)",
    "get-potion": "get amount potion(s)",
    "get-fruit": "get amount Fruit(s)",
    "get-arrows": "get amount Arrow(s)",
    "meet-character": "MEET a character",
    "upgrade": "pay the Upgrade card's price and raise stat one step",
    "detect-potions": "DETECT amount potions (0: all of them)",
    "cure-poison": "remove the Poisoned! card",
    "poison": "get the Poisoned! card",
    "exhaust": "EXHAUST this room",
    "descend": "go down to the next level (you are teleported into its first room)",
    "escape": "teleport out of the dungeon: you win",
    "teleport": "teleport to a revealed room of your choice (`to: any`) or to room `to`",
    "reveal-rooms": "REVEAL amount room cards",
    "must-move": "unless you hold item `unless`: MOVE at once",
    "stop": "end this action here (the remaining + steps are skipped)",
    "may-retry": "choose: do the enclosing test again, or end the action here",
    "get-amulet": "take the Amulet of D'eugor",
}
"""What a step of a room action can do."""

PartEffect = Literal[
    "key-item",
    "weapon",
    "gain-arrows",
    "gain-fruit",
    "magic-arrow",
    "vampiric-arrow",
    "reveal-rooms",
    "recheck-wandering",
    "detect-potion",
    "detect-all",
    "block-round",
    "reroll-check",
    "escape-combat",
    "heal",
    "holy-water",
    "cancel-regenerate",
    "treasure",
    "stat-bonus",
    "extra-slots",
    "poison-immunity",
    "teleport-room",
    "slot-bonus",
    "free-upgrade",
    "weaken",
    "run-bonus",
    "perfume",
    "soothe",
    "buff",
    "poison",
    "gain-gold",
    "breath",
]
SkillEffect = Literal[
    "first-effort-bonus",
    "weapon-master",
    "struggle",
    "determination",
    "recycle",
    "parry",
    "bounty",
    "detect-potion",
    "heal",
    "distract",
    "rage",
    "sharpshooter",
    "wary",
    "brew-master",
    "haggle",
    "tumble",
    "smite",
    "forage",
]
StepKind = Literal[
    "test",
    "combat",
    "check",
    "guess",
    "lose-hp",
    "heal",
    "gain-gold",
    "get-item",
    "get-special-item",
    "get-potion",
    "get-fruit",
    "get-arrows",
    "meet-character",
    "upgrade",
    "detect-potions",
    "cure-poison",
    "poison",
    "exhaust",
    "descend",
    "escape",
    "teleport",
    "reveal-rooms",
    "must-move",
    "stop",
    "may-retry",
    "get-amulet",
]
assert set(get_args(PartEffect)) == set(PART_EFFECTS), (
    "PartEffect and PART_EFFECTS must list the same keys"
)
assert set(get_args(SkillEffect)) == set(SKILL_EFFECTS), (
    "SkillEffect and SKILL_EFFECTS must list the same keys"
)
assert set(get_args(StepKind)) == set(STEP_KINDS), "StepKind and STEP_KINDS must list the same keys"

NonNegative = Annotated[int, Field(ge=0)]
CheckResult = Annotated[int, Field(ge=1, le=5)]


class DodEffect(Model):
    """What an item, special item, potion or skill does, as data."""

    id: Slug
    name: Annotated[str, StringConstraints(min_length=1, max_length=60)]
    amount: int = 0
    plus: bool = False
    """Add the level's skulls to ``amount`` (a ``+`` on the card)."""
    extra: int = 0
    stat: Stat | None = None
    against: Against | None = None
    limit: Limit | None = None
    roll: tuple[CheckResult, ...] = ()
    """CHECK1 results that trigger it (``on`` would read as a YAML boolean)."""
    room: Slug | None = None
    one_use: bool = False
    """Using it discards it (a potion is always discarded when drunk)."""
    text: str = ""
    designed: bool = False
    designed_reason: str | None = None

    @model_validator(mode="after")
    def _designed_needs_reason(self) -> DodEffect:
        if self.designed and not (self.designed_reason and self.designed_reason.strip()):
            raise ValueError("designed parts and skills need a one-line designed_reason")
        return self


class DodPart(DodEffect):
    """One of the three reward parts of a power card (item, special item, potion)."""

    effect: PartEffect
    stars: NonNegative = 0
    """Victory points printed under the picture, counted when you escape."""
    unique: bool = False
    """A unique special item: a second copy is discarded at once."""


class DodSkill(DodEffect):
    """A character's skill."""

    effect: SkillEffect


class DodPowerCard(CardModel):
    """A power card: HP in hand, effort in tests and combats, and four parts."""

    type: Literal["power"] = "power"
    power_type: PowerType
    power: Annotated[int, Field(ge=1, le=5)]
    set_number: Literal[1, 2]
    monster: Annotated[int, Field(ge=1, le=4)]
    """Which of the level's four monster cards a wandering monster played from this card is."""
    item: DodPart
    special_item: DodPart
    potion: DodPart

    def parts(self) -> tuple[DodPart, DodPart, DodPart]:
        return (self.item, self.special_item, self.potion)

    @property
    def label(self) -> str:
        """Short face label: ``"3 STR"``."""
        return f"{self.power} {self.power_type}"


class DodCheckRow(Model):
    """One row of a CHECK1 table: the results it covers and what they do."""

    roll: tuple[CheckResult, ...]
    then: tuple[DodStep, ...] = ()


class DodStep(Model):
    """One step of a room action. The first step of an action is its main
    effect; later steps are the card's ``+`` continuous steps."""

    do: StepKind
    amount: PlusNumber | None = None
    difficulty: PlusNumber | None = None
    stat: Stat | None = None
    monster: Annotated[int, Field(ge=1, le=4)] | None = None
    to: str | None = None
    unless: Slug | None = None
    win: tuple[DodStep, ...] = ()
    lose: tuple[DodStep, ...] = ()
    right: tuple[DodStep, ...] = ()
    wrong: tuple[DodStep, ...] = ()
    results: tuple[DodCheckRow, ...] = ()

    @model_validator(mode="after")
    def _fields_for_kind(self) -> DodStep:
        need = {
            "test": ("stat", "difficulty"),
            "combat": ("monster",),
            "upgrade": ("stat",),
            "teleport": ("to",),
            "must-move": ("unless",),
            "check": ("results",),
        }
        for name in need.get(self.do, ()):
            if not getattr(self, name):
                raise ValueError(f"a '{self.do}' step needs '{name}'")
        if self.do == "test" and self.stat == "STR":
            raise ValueError("tests are INT or AGL")
        if self.do == "check":
            covered = sorted(r for row in self.results for r in row.roll)
            if covered != [1, 2, 3, 4, 5]:
                raise ValueError(f"check results must cover 1-5 exactly once (got {covered})")
        return self


class DodRoomAction(Model):
    """An action printed on a room card."""

    id: Slug
    name: str
    automatic: bool = False
    """``((A))``: done on arriving by a move or a teleport, never chosen."""
    gate: Gate | None = None
    price: PlusNumber | None = None
    """Gold paid before the action (with ``+``: add the level's skulls)."""
    requires: tuple[Slug, ...] = ()
    """Item ids you must hold to choose the action."""
    steps: tuple[DodStep, ...]
    text: str = ""

    @property
    def levels(self) -> range:
        """Dungeon levels where the action may be done."""
        return {None: range(1, 9), ">=3": range(3, 9), ">=5": range(5, 9), "<8": range(1, 8)}[
            self.gate
        ]


class DodRoom(CardModel):
    """A room card (the Pit of Darkness is ``special``)."""

    type: Literal["room"] = "room"
    danger: Annotated[int, Field(ge=0, le=6)]
    special: bool = False
    """Only in level 8 (the Pit of Darkness)."""
    portal: bool = False
    """The Mystic Portal: always in the room deck."""
    actions: tuple[DodRoomAction, ...] = ()


class DodCharacter(CardModel):
    """A character: your hero, someone you MEET, or a learned skill."""

    type: Literal["character"] = "character"
    skill: DodSkill


class DodMonster(Model):
    """One monster: a line of a monster card."""

    level: Annotated[int, Field(ge=1, le=8)]
    name: str
    STR: NonNegative
    INT: NonNegative
    AGL: NonNegative
    abilities: tuple[Ability, ...] = ()
    """Special abilities in printed order (a lost melee round applies them in that order)."""
    undead: bool = False
    gold: NonNegative
    text: str = ""

    @model_validator(mode="after")
    def _distinct(self) -> DodMonster:
        if len(set(self.abilities)) != len(self.abilities):
            raise ValueError("abilities: each ability once")
        return self


class DodMonsterCard(CardModel):
    """One of the four monster cards: that slot's monster at each level 1-8."""

    type: Literal["monster"] = "monster"
    slot: Annotated[int, Field(ge=1, le=4)]
    levels: tuple[DodMonster, ...]

    @model_validator(mode="after")
    def _eight_levels(self) -> DodMonsterCard:
        if [m.level for m in self.levels] != list(range(1, 9)):
            raise ValueError("levels must list levels 1-8 in order")
        return self

    def at_level(self, level: int) -> DodMonster:
        return self.levels[level - 1]


class DodUpgrade(CardModel):
    """An upgrade card: the gold each step of one stat costs."""

    type: Literal["upgrade"] = "upgrade"
    stat: Stat
    prices: tuple[NonNegative, NonNegative, NonNegative, NonNegative]
    """Gold to go to +1, +2, +3 and +4."""

    def price_to(self, target: int) -> int:
        return self.prices[target - 1]


class DodGold(CardModel):
    """A resource card; the two together count gold from 0 to 79."""

    type: Literal["gold"] = "gold"
    place: Literal["tens", "units"]
    max: NonNegative


class DodLevel(CardModel):
    """The level card: skulls of each dungeon level 1-8."""

    type: Literal["level"] = "level"
    skulls: tuple[NonNegative, ...]

    @model_validator(mode="after")
    def _eight(self) -> DodLevel:
        if len(self.skulls) != 8:
            raise ValueError("skulls must give the 8 levels")
        return self


class DodPoisoned(CardModel):
    """The Poisoned! card and how the poison works."""

    type: Literal["poisoned"] = "poisoned"
    hurt_on: tuple[CheckResult, ...]
    """End of each turn while poisoned: CHECK1; these results LOSE 1 HP."""
    rest_cures: bool = True
    again_loses: NonNegative = 1
    """HP lost when you would get the card while already poisoned."""


class DodAmulet(CardModel):
    """The Amulet of D'eugor."""

    type: Literal["amulet"] = "amulet"
    score: NonNegative = 5000


class DodCounter(CardModel):
    """The Fruits card or the Arrows card: a count from 0 to ``max`` in one slot."""

    type: Literal["counter"] = "counter"
    counts: Literal["fruits", "arrows"]
    max: Annotated[int, Field(ge=1)]
    stars: NonNegative = 0
    """Victory points each one is worth when you escape."""


Card = Annotated[
    DodPowerCard
    | DodRoom
    | DodCharacter
    | DodMonsterCard
    | DodUpgrade
    | DodGold
    | DodLevel
    | DodPoisoned
    | DodAmulet
    | DodCounter
    | InfoCard,
    Field(discriminator="type"),
]

ABILITIES: tuple[str, ...] = get_args(Ability)
POWER_TYPES: tuple[str, ...] = get_args(PowerType)
STATS: tuple[str, ...] = get_args(Stat)

# DodCheckRow and DodStep name each other: their validators, built when they first
# validate (``defer_build``), resolve the names then, so no model_rebuild is needed here.
