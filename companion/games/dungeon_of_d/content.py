"""The Dungeon of D card data, compiled into plain tables for the engine.

The card database (pydantic models) is the source; this module turns it
into frozen dataclasses and tuples indexed by small integers, so the rules
engine never touches pydantic while a game runs. Power cards are numbered
0-39 in file order; room action steps are numbered too, so that a game
state can point at "step list 12" and still serialise to plain JSON.

>>> content = load_content()
>>> content.label(0), content.room("large-chest").danger
('1 STR (a)', 1)
>>> content.monster(2, 2).name, content.skulls(3)
('Skeleton', 2)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.errors import CompanionError

POWER_TYPES = ("STR", "INT", "AGL", "MOV")


@dataclass(frozen=True, slots=True)
class Part:
    """An item, special item or potion as the engine sees it."""

    id: str
    name: str
    kind: str  # "item", "special" or "potion"
    effect: str
    amount: int = 0
    plus: bool = False
    extra: int = 0
    stat: str | None = None
    against: str | None = None
    limit: str | None = None
    roll: tuple[int, ...] = ()
    room: str | None = None
    one_use: bool = False
    unique: bool = False
    stars: int = 0
    text: str = ""


@dataclass(frozen=True, slots=True)
class Skill:
    """A character's skill."""

    id: str
    name: str
    character: str
    effect: str
    amount: int = 0
    extra: int = 0
    stat: str | None = None
    against: str | None = None
    limit: str | None = None
    roll: tuple[int, ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class Step:
    """One compiled step of a room action; branches are step-list numbers (-1: none)."""

    do: str
    amount: str | None = None
    difficulty: str | None = None
    stat: str | None = None
    monster: int = 0
    to: str | None = None
    unless: str | None = None
    win: int = -1
    lose: int = -1
    table: tuple[int, ...] = ()
    """For ``check``: the step list for each CHECK1 result 1-5."""


@dataclass(frozen=True, slots=True)
class Action:
    """A compiled room action."""

    index: int
    id: str
    name: str
    automatic: bool
    lowest: int
    highest: int
    price: str | None
    requires: tuple[str, ...]
    steps: int
    """Number of the action's step list."""
    text: str


@dataclass(frozen=True, slots=True)
class Room:
    id: str
    name: str
    danger: int
    special: bool
    portal: bool
    actions: tuple[Action, ...]
    text: str

    def automatic(self, level: int) -> tuple[Action, ...]:
        return tuple(a for a in self.actions if a.automatic and a.lowest <= level <= a.highest)


@dataclass(frozen=True, slots=True)
class Monster:
    slot: int
    level: int
    name: str
    STR: int
    INT: int
    AGL: int
    abilities: tuple[str, ...]
    undead: bool
    gold: int

    def has(self, ability: str | None) -> bool:
        return ability in self.abilities


@dataclass(frozen=True)
class Content:
    """Everything the engine reads from the cards, as plain tables."""

    card_ids: tuple[str, ...]
    power_type: tuple[str, ...]
    power: tuple[int, ...]
    set_number: tuple[int, ...]
    slot: tuple[int, ...]
    item: tuple[Part, ...]
    special: tuple[Part, ...]
    potion: tuple[Part, ...]
    rooms: dict[str, Room]
    regular_rooms: tuple[str, ...]
    """Room ids shuffled into level set-up (all but the portal and the special room)."""
    portal_room: str
    special_room: str
    monsters: tuple[tuple[Monster, ...], ...]
    """``monsters[slot - 1][level - 1]``."""
    characters: tuple[str, ...]
    character_names: dict[str, str]
    skills: dict[str, Skill]
    """By character id."""
    level_skulls: tuple[int, ...]
    upgrade_prices: dict[str, tuple[int, ...]]
    poison_hurt_on: frozenset[int]
    poison_rest_cures: bool
    poison_again_loses: int
    amulet_score: int
    fruit_max: int
    fruit_stars: int
    arrow_max: int
    arrow_stars: int
    gold_max: int
    steplists: tuple[tuple[Step, ...], ...]
    item_ids: frozenset[str] = field(default=frozenset())
    item_names: dict[str, str] = field(default_factory=dict)
    """Item names by id (for messages about the items a room asks for)."""

    def label(self, card: int) -> str:
        """``"3 STR (a)"``: the power card's face."""
        letter = "ab"[self.set_number[card] - 1]
        return f"{self.power[card]} {self.power_type[card]} ({letter})"

    def room(self, room_id: str) -> Room:
        return self.rooms[room_id]

    def monster(self, slot: int, level: int) -> Monster:
        return self.monsters[slot - 1][level - 1]

    def skulls(self, level: int) -> int:
        return self.level_skulls[level - 1]

    def steps(self, number: int) -> tuple[Step, ...]:
        return self.steplists[number]

    def part(self, kind: str, card: int) -> Part:
        return {"item": self.item, "special": self.special, "potion": self.potion}[kind][card]

    def card_number(self, card_id: str) -> int:
        try:
            return self.card_ids.index(card_id)
        except ValueError:
            raise CompanionError(f"no power card '{card_id}'") from None


def _part(model: Any, kind: str) -> Part:
    return Part(
        id=model.id,
        name=model.name,
        kind=kind,
        effect=model.effect,
        amount=model.amount,
        plus=model.plus,
        extra=model.extra,
        stat=model.stat,
        against=model.against,
        limit=model.limit,
        roll=tuple(model.roll),
        room=model.room,
        one_use=model.one_use,
        unique=model.unique,
        stars=model.stars,
        text=model.text,
    )


class _Steps:
    """Numbers every step list while compiling, depth first."""

    def __init__(self) -> None:
        self.lists: list[tuple[Step, ...]] = []

    def add(self, steps: Any) -> int:
        if not steps:
            return -1
        number = len(self.lists)
        self.lists.append(())
        compiled = tuple(self._step(s) for s in steps)
        self.lists[number] = compiled
        return number

    def _step(self, s: Any) -> Step:
        win, lose = (s.right, s.wrong) if s.do == "guess" else (s.win, s.lose)
        table: tuple[int, ...] = ()
        if s.do == "check":
            rows = {r: self.add(row.then) for row in s.results for r in row.roll}
            table = tuple(rows[r] for r in range(1, 6))
        return Step(
            do=s.do,
            amount=s.amount,
            difficulty=s.difficulty,
            stat=s.stat,
            monster=s.monster or 0,
            to=s.to,
            unless=s.unless,
            win=self.add(win),
            lose=self.add(lose),
            table=table,
        )


def compile_content(cards: Any) -> Content:
    """Build the engine tables from a loaded ``GameCards`` of dungeon-of-d."""
    power = list(cards.deck("power"))
    if len(power) != 40:
        raise CompanionError(f"dungeon-of-d needs 40 power cards, found {len(power)}")
    steps = _Steps()
    rooms: dict[str, Room] = {}
    for card in cards.deck("rooms"):
        actions = tuple(
            Action(
                index=i,
                id=a.id,
                name=a.name,
                automatic=a.automatic,
                lowest=a.levels[0],
                highest=a.levels[-1],
                price=a.price,
                requires=tuple(a.requires),
                steps=steps.add(a.steps),
                text=a.text,
            )
            for i, a in enumerate(card.actions)
        )
        rooms[card.id] = Room(
            card.id, card.name, card.danger, card.special, card.portal, actions, card.text
        )
    portals = [r.id for r in rooms.values() if r.portal]
    specials = [r.id for r in rooms.values() if r.special]
    if len(portals) != 1 or len(specials) != 1:
        raise CompanionError("dungeon-of-d needs exactly one portal room and one special room")
    regular = tuple(r for r in rooms if r not in portals and r not in specials)
    if len(regular) < 8:
        raise CompanionError("dungeon-of-d needs at least 8 regular rooms")

    monster_cards = sorted(cards.deck("monsters"), key=lambda c: c.slot)
    if [c.slot for c in monster_cards] != [1, 2, 3, 4]:
        raise CompanionError("dungeon-of-d needs one monster card for each slot 1-4")
    monsters = tuple(
        tuple(
            Monster(
                c.slot, m.level, m.name, m.STR, m.INT, m.AGL, tuple(m.abilities), m.undead, m.gold
            )
            for m in c.levels
        )
        for c in monster_cards
    )
    characters = tuple(c.id for c in cards.deck("characters"))
    skills = {
        c.id: Skill(
            id=c.skill.id,
            name=c.skill.name,
            character=c.id,
            effect=c.skill.effect,
            amount=c.skill.amount,
            extra=c.skill.extra,
            stat=c.skill.stat,
            against=c.skill.against,
            limit=c.skill.limit,
            roll=tuple(c.skill.roll),
            text=c.skill.text,
        )
        for c in cards.deck("characters")
    }
    singles = {c.type: c for c in cards.deck("singles") if c.type != "info"}
    counters = {c.counts: c for c in cards.deck("singles") if c.type == "counter"}
    gold = {c.place: c.max for c in cards.deck("gold")}
    content = Content(
        card_ids=tuple(c.id for c in power),
        power_type=tuple(c.power_type for c in power),
        power=tuple(c.power for c in power),
        set_number=tuple(c.set_number for c in power),
        slot=tuple(c.monster for c in power),
        item=tuple(_part(c.item, "item") for c in power),
        special=tuple(_part(c.special_item, "special") for c in power),
        potion=tuple(_part(c.potion, "potion") for c in power),
        rooms=rooms,
        regular_rooms=regular,
        portal_room=portals[0],
        special_room=specials[0],
        monsters=monsters,
        characters=characters,
        character_names={c.id: c.name for c in cards.deck("characters")},
        skills=skills,
        level_skulls=tuple(singles["level"].skulls),
        upgrade_prices={c.stat: tuple(c.prices) for c in cards.deck("upgrade")},
        poison_hurt_on=frozenset(singles["poisoned"].hurt_on),
        poison_rest_cures=singles["poisoned"].rest_cures,
        poison_again_loses=singles["poisoned"].again_loses,
        amulet_score=singles["amulet"].score,
        fruit_max=counters["fruits"].max,
        fruit_stars=counters["fruits"].stars,
        arrow_max=counters["arrows"].max,
        arrow_stars=counters["arrows"].stars,
        gold_max=gold.get("tens", 7) * 10 + gold.get("units", 9),
        steplists=tuple(steps.lists),
        item_ids=frozenset(c.item.id for c in power),
        item_names={c.item.id: c.item.name for c in power},
    )
    _check_references(content)
    return content


def _check_references(content: Content) -> None:
    """Room actions may only name things that exist."""
    for room in content.rooms.values():
        for action in room.actions:
            for item in action.requires:
                if item not in content.item_ids:
                    raise CompanionError(
                        f"room '{room.id}': action '{action.id}': requires unknown item '{item}'"
                    )
    for steplist in content.steplists:
        for step in steplist:
            if step.do == "teleport" and step.to != "any" and step.to not in content.rooms:
                raise CompanionError(f"a teleport step names unknown room '{step.to}'")
            if step.do == "must-move" and step.unless not in content.item_ids:
                raise CompanionError(f"a must-move step names unknown item '{step.unless}'")
    for part in content.item + content.special + content.potion:
        if part.effect == "teleport-room" and part.room not in content.rooms:
            raise CompanionError(f"'{part.id}' teleports to unknown room '{part.room}'")
    if set(content.upgrade_prices) != {"STR", "INT", "AGL"}:
        raise CompanionError("dungeon-of-d needs an upgrade card for each of STR, INT and AGL")


@functools.lru_cache(maxsize=8)
def _load(root: str) -> Content:
    from companion.cards import load_game

    return compile_content(load_game("dungeon-of-d", root))


def load_content(data_dir: str | Path | None = None) -> Content:
    """The compiled content of a card folder (default: the card database), cached."""
    import os

    if data_dir is None:
        # the default folder is looked up once for each value of $COMPANION_CARDS
        # (simulations start thousands of games: no file system work per game)
        return _default(os.environ.get("COMPANION_CARDS", ""))
    return _load(str(Path(data_dir).resolve()))


@functools.lru_cache(maxsize=8)
def _default(env_value: str) -> Content:
    from companion.paths import cards_dir

    return _load(str(cards_dir().resolve()))
