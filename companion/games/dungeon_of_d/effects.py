"""The registry of named effects: where card data meets code.

Every effect key a card file may use (``companion.cards.dungeon_of_d``:
``PART_EFFECTS``, ``SKILL_EFFECTS``, ``STEP_KINDS``) is implemented here or
listed as *passive* (read directly by the engine where it applies, e.g. a
weapon's bonus in melee). A designer adds a card by reusing a key with new
numbers; a new kind of behaviour needs one new entry here.

- :data:`STEPS`: what each room-action step does.
- :data:`POTIONS`: what drinking a potion does.
- :data:`ITEM_USES`: items and special items you use at some *window*.
- :data:`SKILL_USES`: skills you choose to use at some window.

Windows are the moments the engine offers optional uses: ``turn`` (start of
a turn), ``test``/``melee``/``combat`` (their beginning), ``end`` (the end
of a test or combat), ``full`` (the inventory overflows), ``first`` and
``second`` (after the first / second effort card), ``lost`` (a melee round
is lost), ``regen`` (before a Regenerate check), ``wander`` (a
wandering-monster check met one), ``ranged`` (a ranged attack missed) and
``ranged-end`` (after a ranged attack). A use is offered only where it could
change something (no HEAL at HP 9, no Tumble on a won test).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.games.dungeon_of_d import events as EV
from companion.games.dungeon_of_d import mechanics as R
from companion.games.dungeon_of_d.actions import (
    Action,
    Drink,
    SwapSkill,
    Use,
    UseSkill,
)
from companion.games.dungeon_of_d.content import Content, Part, Skill, Step
from companion.games.dungeon_of_d.frames import (
    ActFrame,
    CombatFrame,
    DetectFrame,
    ForcedMoveFrame,
    Frame,
    GetFrame,
    GuessFrame,
    MeetFrame,
    MeleeFrame,
    MoveFrame,
    PlaceFrame,
    RetryFrame,
    StepsFrame,
    TeleportFrame,
    TestFrame,
)
from companion.games.dungeon_of_d.state import State

DRINK_WINDOWS = frozenset({"turn", "test", "melee", "combat", "end", "full"})
"""Rulebook 3.3: potions at the beginning or end of a turn, test, combat or melee
(and, FAQ Q6, while making room for something you just got)."""
ANYTIME = DRINK_WINDOWS
"""The windows that list 'any time' uses (the Purple Leaf, the Crystal Ball) among
their own; every other question of the engine gets them too (:func:`anytime_options`)."""
ANYTIME_EFFECTS = frozenset({"detect-potion", "detect-all"})
"""Item effects used 'any time' (FAQ Q6+: the Purple Leaf can be used anytime)."""


# ---- room action steps -------------------------------------------------------


def push_steps(s: State, steplist: int) -> None:
    if steplist >= 0:
        s.stack.append(StepsFrame(steplist=steplist))


def push_combat(s: State, slot: int) -> None:
    R.clear_marks(s, "combat:")
    m = R.monster(s, slot)
    R.ev(s, EV.CombatStarts, slot, m.name)
    s.stack.append(CombatFrame(slot=slot))


def _wait(f: StepsFrame) -> None:
    f.waiting = f.next - 1


def _step_test(s: State, f: StepsFrame, step: Step) -> None:
    _wait(f)
    s.stack.append(TestFrame(stat=step.stat or "AGL", difficulty=R.plus(s, step.difficulty)))


def _step_combat(s: State, f: StepsFrame, step: Step) -> None:
    _wait(f)
    push_combat(s, step.monster)


def _step_guess(s: State, f: StepsFrame, step: Step) -> None:
    _wait(f)
    s.stack.append(GuessFrame())


def _step_check(s: State, f: StepsFrame, step: Step) -> None:
    result = R.check1(s, "room")
    push_steps(s, step.table[result - 1])


def _get(what: str) -> Callable[[State, StepsFrame, Step], None]:
    def get(s: State, f: StepsFrame, step: Step) -> None:
        for _ in range(max(1, R.plus(s, step.amount))):
            s.stack.append(GetFrame(what=what))

    return get


def gain_fruit(s: State, n: int) -> None:
    before = s.fruits
    s.fruits = min(s.content.fruit_max, s.fruits + n)
    R.ev(s, EV.FruitGained, s.fruits - before)
    R.check_capacity(s)


def gain_arrows(s: State, n: int) -> None:
    before = s.arrows
    s.arrows = min(s.content.arrow_max, s.arrows + n)
    R.ev(s, EV.ArrowsGained, s.arrows - before)
    R.check_capacity(s)


def upgrade_price(s: State, stat: str) -> int | None:
    """Gold for the next step of a stat, or None at +4."""
    current: int = getattr(s, stat)
    if current >= R.STAT_MAX:
        return None
    return s.content.upgrade_prices[stat][current]


def raise_stat(s: State, stat: str) -> None:
    setattr(s, stat, getattr(s, stat) + 1)
    R.ev(s, EV.Upgraded, stat, getattr(s, stat))


def _step_upgrade(s: State, f: StepsFrame, step: Step) -> None:
    price = upgrade_price(s, step.stat or "")
    if price is None or price > s.gold:
        R.ev(s, EV.CannotUpgrade, step.stat or "")
        return
    s.gold -= price
    raise_stat(s, step.stat or "")


def _step_detect(s: State, f: StepsFrame, step: Step) -> None:
    n = R.plus(s, step.amount)
    if n <= 0:
        for card in R.unknown_potions(s):
            R.detect(s, card)
    else:
        s.stack.append(DetectFrame(n=n))


def _step_exhaust(s: State, f: StepsFrame, step: Step) -> None:
    act = next(fr for fr in reversed(s.stack) if isinstance(fr, ActFrame))
    if act.pos not in s.exhausted:
        s.exhausted.append(act.pos)
        R.ev(s, EV.Exhausted, act.pos)


def descend(s: State) -> None:
    """Through the Mystic Portal: set up the next level and arrive in its first room."""
    R.end_everything_in_turn(s)
    R.setup_level(s, s.level + 1)
    R.arrive(s, s.pos)


def _step_teleport(s: State, f: StepsFrame, step: Step) -> None:
    if step.to == "any":
        s.stack.append(TeleportFrame())
        return
    pos = R.revealed(s, step.to or "")
    if pos is None:
        R.ev(s, EV.TeleportFails, step.to or "")
    else:
        R.teleport(s, pos)


def _step_must_move(s: State, f: StepsFrame, step: Step) -> None:
    if not R.holds_item(s, step.unless or ""):
        R.ev(s, EV.MustMove)
        s.stack.append(ForcedMoveFrame())


def stop_action(s: State) -> None:
    """End the current room action here (no more ``+`` steps)."""
    stack = s.stack
    while stack:
        if isinstance(stack.pop(), ActFrame):
            break
    R.ev(s, EV.ActionEnds)


def _step_amulet(s: State, f: StepsFrame, step: Step) -> None:
    s.amulet = True
    R.ev(s, EV.AmuletTaken)


STEPS: dict[str, Callable[[State, StepsFrame, Step], None]] = {
    "test": _step_test,
    "combat": _step_combat,
    "check": _step_check,
    "guess": _step_guess,
    "lose-hp": lambda s, f, st: R.lose_hp(s, R.plus(s, st.amount)),
    "heal": lambda s, f, st: R.heal(s, R.plus(s, st.amount)),
    "gain-gold": lambda s, f, st: R.gain_gold(s, R.plus(s, st.amount)),
    "get-item": _get("item"),
    "get-special-item": _get("special"),
    "get-potion": _get("potion"),
    "get-fruit": lambda s, f, st: gain_fruit(s, max(1, R.plus(s, st.amount))),
    "get-arrows": lambda s, f, st: gain_arrows(s, max(1, R.plus(s, st.amount))),
    "meet-character": lambda s, f, st: s.stack.append(MeetFrame()),
    "upgrade": _step_upgrade,
    "detect-potions": _step_detect,
    "cure-poison": lambda s, f, st: R.cure_poison(s),
    "poison": lambda s, f, st: R.poison(s),
    "exhaust": _step_exhaust,
    "descend": lambda s, f, st: descend(s),
    "escape": lambda s, f, st: R.escape(s),
    "teleport": _step_teleport,
    "reveal-rooms": lambda s, f, st: s.stack.append(PlaceFrame(n=max(1, R.plus(s, st.amount)))),
    "must-move": _step_must_move,
    "stop": lambda s, f, st: stop_action(s),
    "may-retry": lambda s, f, st: s.stack.append(RetryFrame()),
    "get-amulet": _step_amulet,
}


# ---- room actions that would give nothing ---------------------------------------------------


def _pointless(s: State, step: Step) -> str | None:
    """Why a step that gives something would give nothing now (None: it would give)."""
    do = step.do
    if do == "get-fruit" and s.fruits >= s.content.fruit_max:
        return f"you carry {s.content.fruit_max} Fruits already"
    if do == "get-arrows" and s.arrows >= s.content.arrow_max:
        return f"you carry {s.content.arrow_max} Arrows already"
    if do == "detect-potions" and not R.unknown_potions(s):
        return "you have no unidentified potion"
    if do == "heal" and len(s.hand) >= R.HP_MAX:
        return f"your HP is {R.HP_MAX} already"
    if do == "cure-poison" and not s.poisoned:
        return "you are not Poisoned!"
    if do == "gain-gold" and s.gold >= s.content.gold_max:
        return f"your purse is full ({s.content.gold_max} gold)"
    if do == "meet-character" and not R.can_learn(s):
        return (
            f"you could not learn a skill: INT {s.INT} allows {R.max_skills(s)} "
            f"skill{'s' if R.max_skills(s) > 1 else ''}, "
            "your own included"
        )
    return None


GIFTS = frozenset(
    {
        "get-fruit",
        "get-arrows",
        "detect-potions",
        "heal",
        "cure-poison",
        "gain-gold",
        "meet-character",
    }
)
"""Steps that only give (a Fruit, HP, a DETECT...): when every such step of an action
would give nothing and the action gives nothing else, it is not offered."""

_NOT_REWARDS = frozenset(
    {
        "test",
        "check",
        "guess",
        "lose-hp",
        "exhaust",
        "stop",
        "may-retry",
        "poison",
        "must-move",
    }
)


def why_pointless(s: State, steplist: int) -> str | None:
    """Why a room action would give nothing now (None when something it gives matters).

    Only actions whose rewards are all :data:`GIFTS` can be pointless; anything
    else they give (an item, a combat's gold, a level) counts as mattering.
    """
    gifts = _gifts(s.content, steplist)
    if gifts is None:
        return None
    reasons: list[str] = []
    for step in gifts:
        why = _pointless(s, step)
        if why is None:
            return None
        if why not in reasons:
            reasons.append(why)
    return " and ".join(reasons) or None


_GIFTS_OF: dict[int, tuple[Content, dict[int, tuple[Step, ...] | None]]] = {}


def _gifts(content: Content, steplist: int) -> tuple[Step, ...] | None:
    """The reward steps of a step list (its branches too) when all of them are
    :data:`GIFTS`; None when it gives anything else (worked out once per card set)."""
    entry = _GIFTS_OF.get(id(content))
    if entry is None or entry[0] is not content:
        entry = _GIFTS_OF[id(content)] = (content, {})
    table = entry[1]
    if steplist not in table:
        rewards = _rewards(content, steplist)
        table[steplist] = tuple(rewards) if all(r.do in GIFTS for r in rewards) else None
    return table[steplist]


def _rewards(content: Content, steplist: int) -> list[Step]:
    """Every step of a step list (its branches too) that gives the hero something;
    a combat counts as a reward (the monster's gold)."""
    out: list[Step] = []
    if steplist < 0:
        return out
    for step in content.steplists[steplist]:
        if step.do not in _NOT_REWARDS:
            out.append(step)
        for branch in (step.win, step.lose, *step.table):
            out.extend(_rewards(content, branch))
    return out


# ---- potions --------------------------------------------------------------------


def _breath(s: State, card: int, part: Part) -> None:
    f = R.combat_frame(s)
    if f is None:
        R.ev(s, EV.BreathBurns)
        R.lose_hp(s, 1)
        return
    m = R.monster(s, f.slot)
    result = R.check1(s, "breath") + part.amount
    if result >= m.AGL:
        R.ev(s, EV.BreathHits, result)
        defeat_now(s, f)
    else:
        R.ev(s, EV.BreathMisses, result)


def defeat_now(s: State, f: CombatFrame) -> None:
    """The monster of combat frame ``f`` is defeated outside a melee (Holy Water,
    Dragon's Breath): whatever was going on above the combat ends."""
    stack = s.stack
    while stack[-1] is not f:
        stack.pop()
    if s.effort:
        s.discard.extend(s.effort)
        s.effort = []
    f.phase = "defeat"
    R.check_capacity(s)  # a choice of what to drop may have been cut short


def _teleport_potion(s: State, card: int, part: Part) -> None:
    pos = R.revealed(s, part.room or "")
    if pos is None:
        R.ev(s, EV.TeleportFails, part.room or "")  # FAQ Q1: wasted, nothing else happens
    else:
        R.teleport(s, pos)


def _buff(s: State, card: int, part: Part) -> None:
    stat = part.stat or "STR"
    s.buffs[stat] = s.buffs.get(stat, 0) + part.amount
    R.ev(s, EV.Buffed, stat, part.amount)


def _soothe(s: State, card: int, part: Part) -> None:
    R.cure_poison(s)
    R.heal(s, part.amount)


def _perfume(s: State, card: int, part: Part) -> None:
    s.perfume = True


POTIONS: dict[str, Callable[[State, int, Part], None]] = {
    "heal": lambda s, c, p: R.heal(s, p.amount),
    "teleport-room": _teleport_potion,
    "perfume": _perfume,
    "soothe": _soothe,
    "buff": _buff,
    "poison": lambda s, c, p: R.poison(s),
    "gain-gold": lambda s, c, p: R.gain_gold(s, R.plus(s, p.amount, add=p.plus)),
    "breath": _breath,
}


def drink(s: State, card: int) -> None:
    """Drink (discard) a potion, known or not, and take what it does."""
    part = s.content.potion[card]
    R.ev(s, EV.Drank, card, part.id)
    R.discard_inventory(s, card)
    POTIONS[part.effect](s, card, part)


# ---- items and special items you use ------------------------------------------------


@dataclass(frozen=True)
class ItemUse:
    """An item or special item that can be used at some windows."""

    windows: frozenset[str]
    can: Callable[[State, Frame, int, Part], bool]
    use: Callable[[State, Frame, int, Part], None]


def _spend(s: State, card: int, part: Part) -> None:
    if part.one_use:
        R.discard_inventory(s, card)


def _reveal_can(s: State, f: Frame, card: int, part: Part) -> bool:
    if part.limit == "once-per-level" and R.used(s, f"level:{card}"):
        return False
    return bool(R.reveal_spots(s))


def _reveal_use(s: State, f: Frame, card: int, part: Part) -> None:
    if part.limit == "once-per-level":
        R.mark(s, f"level:{card}")
    _spend(s, card, part)
    s.stack.append(PlaceFrame(n=part.amount))


def _detect_use(s: State, f: Frame, card: int, part: Part) -> None:
    _spend(s, card, part)
    s.stack.append(DetectFrame(n=max(1, part.amount)))


def _detect_all_use(s: State, f: Frame, card: int, part: Part) -> None:
    _spend(s, card, part)
    for potion in R.unknown_potions(s):
        R.detect(s, potion)


def _hurt(s: State, f: Frame, card: int, part: Part) -> bool:
    return len(s.hand) < R.HP_MAX


def _heal_use(s: State, f: Frame, card: int, part: Part) -> None:
    _spend(s, card, part)
    R.heal(s, part.amount)


def _teleport_can(s: State, f: Frame, card: int, part: Part) -> bool:
    pos = R.revealed(s, part.room or "")
    return pos is not None and pos != s.pos


def _teleport_use(s: State, f: Frame, card: int, part: Part) -> None:
    _spend(s, card, part)
    pos = R.revealed(s, part.room or "")
    if pos is not None:
        R.teleport(s, pos)


def _free_upgrade_use(s: State, f: Frame, card: int, part: Part) -> None:
    _spend(s, card, part)
    raise_stat(s, part.stat or "INT")


def _holy_can(s: State, f: Frame, card: int, part: Part) -> bool:
    assert isinstance(f, CombatFrame)
    m = R.monster(s, f.slot)
    return m.undead if part.against == "undead" else True


def _holy_use(s: State, f: Frame, card: int, part: Part) -> None:
    assert isinstance(f, CombatFrame)
    _spend(s, card, part)
    R.ev(s, EV.HolyWater)
    f.phase = "holy"
    s.stack.append(GuessFrame())


def _weaken_use(s: State, f: Frame, card: int, part: Part) -> None:
    assert isinstance(f, CombatFrame)
    _spend(s, card, part)
    f.weak += part.amount
    R.ev(s, EV.Weakened, part.amount)


def _escape_can(s: State, f: Frame, card: int, part: Part) -> bool:
    assert isinstance(f, CombatFrame)
    return not R.monster(s, f.slot).has(part.against)


def _escape_use(s: State, f: Frame, card: int, part: Part) -> None:
    assert isinstance(f, CombatFrame)
    _spend(s, card, part)
    R.ev(s, EV.Smoke)
    f.phase = "fled"


def _block_use(s: State, f: Frame, card: int, part: Part) -> None:
    assert isinstance(f, MeleeFrame)
    _spend(s, card, part)
    f.blocked = True
    R.ev(s, EV.Blocked, part.id)


def _necklace_use(s: State, f: Frame, card: int, part: Part) -> None:
    assert isinstance(f, CombatFrame)
    _spend(s, card, part)
    R.ev(s, EV.NoRegenerate)
    f.phase = "won"


def _boots_can(s: State, f: Frame, card: int, part: Part) -> bool:
    return not (part.limit == "once-per-move" and isinstance(f, MoveFrame) and f.boots)


def _reroll_use(s: State, f: Frame, card: int, part: Part) -> None:
    assert isinstance(f, MoveFrame | CombatFrame)
    if part.limit == "once-per-move" and isinstance(f, MoveFrame):
        f.boots = True
    _spend(s, card, part)
    R.ev(s, EV.Rerolled, part.id)
    if isinstance(f, MoveFrame):
        roll_wandering(s, f)
    else:
        f.roll = R.check1(s, "ranged")


def _weapon_can(s: State, f: Frame, card: int, part: Part) -> bool:
    return isinstance(f, MeleeFrame) and not f.weapon and not sure_win(s, f)


def _weapon_use(s: State, f: Frame, card: int, part: Part) -> None:
    assert isinstance(f, MeleeFrame)
    master = R.skill(s, "weapon-master")
    f.weapon = part.amount + (master.amount if master else 0)  # FAQ Q2: they add up
    R.ev(s, EV.WeaponUsed, part.id, f.weapon)


def roll_wandering(s: State, f: MoveFrame) -> None:
    """The wandering-monster check of a MOVE (5.3): CHECK1, plus Wary, against the
    danger of the room entered; a monster comes when it is not above it."""
    f.roll = R.check1(s, "wandering") + wary_bonus(s)
    danger = R.danger(s)
    R.ev(s, EV.WanderingCheck, s.discard[-1], f.roll, danger, f.roll <= danger)


def wary_bonus(s: State) -> int:
    sk = R.skill(s, "wary")
    return sk.amount if sk else 0


def _always(s: State, f: Frame, card: int, part: Part) -> bool:
    return True


def _has_unknown(s: State, f: Frame, card: int, part: Part) -> bool:
    return bool(R.unknown_potions(s))


ITEM_USES: dict[str, ItemUse] = {
    "weapon": ItemUse(frozenset({"first"}), _weapon_can, _weapon_use),
    "reveal-rooms": ItemUse(frozenset({"turn"}), _reveal_can, _reveal_use),
    "detect-potion": ItemUse(ANYTIME, _has_unknown, _detect_use),
    "detect-all": ItemUse(ANYTIME, _has_unknown, _detect_all_use),
    "heal": ItemUse(frozenset({"turn"}), _hurt, _heal_use),
    "teleport-room": ItemUse(frozenset({"turn"}), _teleport_can, _teleport_use),
    "free-upgrade": ItemUse(
        frozenset({"turn"}),
        lambda s, f, c, p: getattr(s, p.stat or "INT") < R.STAT_MAX,
        _free_upgrade_use,
    ),
    "holy-water": ItemUse(frozenset({"combat"}), _holy_can, _holy_use),
    "weaken": ItemUse(frozenset({"combat"}), _always, _weaken_use),
    "escape-combat": ItemUse(frozenset({"combat"}), _escape_can, _escape_use),
    "block-round": ItemUse(frozenset({"lost"}), _always, _block_use),
    "cancel-regenerate": ItemUse(frozenset({"regen"}), _always, _necklace_use),
    "recheck-wandering": ItemUse(frozenset({"wander"}), _boots_can, _reroll_use),
    "reroll-check": ItemUse(frozenset({"wander", "ranged"}), _always, _reroll_use),
}

PASSIVE_PARTS = frozenset(
    {
        "key-item",
        "gain-arrows",
        "gain-fruit",
        "magic-arrow",
        "vampiric-arrow",
        "treasure",
        "stat-bonus",
        "extra-slots",
        "poison-immunity",
        "slot-bonus",
        "run-bonus",
    }
)
"""Part effects with no use of their own: the engine reads them where they apply
(``gain-*`` when the part is got; the others while the card is held)."""


# ---- skills you choose to use ------------------------------------------------------------


@dataclass(frozen=True)
class SkillUse:
    """A skill that is offered at some windows."""

    windows: frozenset[str]
    options: Callable[[State, Frame, Skill], list[Action]]
    use: Callable[[State, Frame, Skill, Action], None]


def _once(sk: Skill, scope: str) -> str:
    return f"{scope}:{sk.id}"


def _limit_marker(sk: Skill) -> str | None:
    return {
        "once-per-turn": _once(sk, "turn"),
        "once-per-level": _once(sk, "level"),
        "once-per-combat": _once(sk, "combat"),
        "once-per-move": _once(sk, "move"),
    }.get(sk.limit or "")


def _free(s: State, sk: Skill) -> bool:
    marker = _limit_marker(sk)
    return marker is None or marker not in s.used


def _take(s: State, sk: Skill) -> None:
    marker = _limit_marker(sk)
    if marker:
        R.mark(s, marker)
    R.ev(s, EV.SkillUsed, sk.id)


def _arcane_options(s: State, f: Frame, sk: Skill) -> list[Action]:
    return [UseSkill(sk.id)] if _free(s, sk) and R.unknown_potions(s) else []


def _arcane_use(s: State, f: Frame, sk: Skill, a: Action) -> None:
    _take(s, sk)
    s.stack.append(DetectFrame(n=max(1, sk.amount)))


def _prayer_options(s: State, f: Frame, sk: Skill) -> list[Action]:
    return [UseSkill(sk.id)] if _free(s, sk) and len(s.hand) < R.HP_MAX else []


def _prayer_use(s: State, f: Frame, sk: Skill, a: Action) -> None:
    _take(s, sk)
    R.heal(s, sk.amount)


def sure_win(s: State, f: TestFrame | MeleeFrame) -> bool:
    """Whether a test or melee round whose first effort card is down wins whatever the
    second card shows (every power card shows at least 1)."""
    target, total = R.effort_round(s, f)
    return total + (0 if len(s.effort) >= 2 else 1) >= target


def _determination_options(s: State, f: Frame, sk: Skill) -> list[Action]:
    if not isinstance(f, MeleeFrame) or not _free(s, sk) or sure_win(s, f):
        return []
    return [UseSkill(sk.id)]


def _determination_use(s: State, f: Frame, sk: Skill, a: Action) -> None:
    assert isinstance(f, MeleeFrame)
    _take(s, sk)
    f.sure = True
    R.lose_hp(s, len(s.hand) // 2)  # FAQ Q8: half the HP left, rounded down


def _struggle_options(s: State, f: Frame, sk: Skill) -> list[Action]:
    if not isinstance(f, TestFrame | MeleeFrame) or len(s.effort) < 2 or f.swapped:
        return []
    content = s.content
    second = content.power[s.effort[1]]
    if second not in sk.roll:
        return []
    target, total = R.effort_round(s, f)
    if total >= target:
        return []  # won as it stands: a swap cannot change the outcome
    kind = sk.stat or "AGL"
    return [
        SwapSkill(sk.id, c)
        for c in s.hand
        if content.power_type[c] == kind and total - second + content.power[c] >= target
    ]


def _struggle_use(s: State, f: Frame, sk: Skill, a: Action) -> None:
    assert isinstance(a, SwapSkill)
    R.ev(s, EV.SkillUsed, sk.id)
    old = s.effort[1]
    s.hand.remove(a.card)
    s.hand.append(old)
    s.effort[1] = a.card
    assert isinstance(f, TestFrame | MeleeFrame)
    f.swapped = True


def _tumble_options(s: State, f: Frame, sk: Skill) -> list[Action]:
    if not isinstance(f, TestFrame) or f.stat != "AGL" or len(s.effort) < 2 or not _free(s, sk):
        return []
    target, total = R.effort_round(s, f)
    second = s.content.power[s.effort[1]]
    if total >= target or total - second + 5 < target:
        return []  # won already, or not even a 5 would win it
    return [UseSkill(sk.id)]


def _tumble_use(s: State, f: Frame, sk: Skill, a: Action) -> None:
    _take(s, sk)
    s.discard.append(s.effort.pop())
    card = R.draw(s)
    if card >= 0:
        s.effort.append(card)
        R.ev(s, EV.EffortCard, card, True)


def _recycle_options(s: State, f: Frame, sk: Skill) -> list[Action]:
    return [UseSkill(sk.id)] if _free(s, sk) and s.arrows < s.content.arrow_max else []


def _recycle_use(s: State, f: Frame, sk: Skill, a: Action) -> None:
    _take(s, sk)
    gain_arrows(s, max(1, sk.amount))  # FAQ Q9: always plain Arrows


def _parry_options(s: State, f: Frame, sk: Skill) -> list[Action]:
    return [UseSkill(sk.id)] if _free(s, sk) else []


def _parry_use(s: State, f: Frame, sk: Skill, a: Action) -> None:
    assert isinstance(f, MeleeFrame)
    _take(s, sk)
    f.blocked = True


SKILL_USES: dict[str, SkillUse] = {
    "detect-potion": SkillUse(frozenset({"turn"}), _arcane_options, _arcane_use),
    "heal": SkillUse(frozenset({"turn"}), _prayer_options, _prayer_use),
    "determination": SkillUse(frozenset({"first"}), _determination_options, _determination_use),
    "struggle": SkillUse(frozenset({"second"}), _struggle_options, _struggle_use),
    "tumble": SkillUse(frozenset({"second"}), _tumble_options, _tumble_use),
    "recycle": SkillUse(frozenset({"ranged-end"}), _recycle_options, _recycle_use),
    "parry": SkillUse(frozenset({"lost"}), _parry_options, _parry_use),
}

PASSIVE_SKILLS = frozenset(
    {
        "first-effort-bonus",
        "weapon-master",
        "bounty",
        "distract",
        "rage",
        "sharpshooter",
        "wary",
        "brew-master",
        "haggle",
        "smite",
        "forage",
    }
)
"""Skills that always apply; the engine reads them where they matter."""


# ---- what a window offers ---------------------------------------------------------------


def window_options(s: State, f: Frame, window: str) -> list[Action]:
    """Optional uses at a window: potions to drink, items and skills to use."""
    content = s.content
    opts: list[Action] = []
    if s.potions and window in DRINK_WINDOWS:
        make = tuple.__new__  # the hot path skips Drink's own (Python) constructor
        opts.extend(make(Drink, ("drink", c)) for c in s.potions)
    for cards, table in ((s.items, content.item), (s.specials, content.special)):
        for card in cards:
            part = table[card]
            use = ITEM_USES.get(part.effect)
            if use is not None and window in use.windows and use.can(s, f, card, part):
                opts.append(Use(card))
    for character in s.skills:
        sk = content.skills[character]
        skill_use = SKILL_USES.get(sk.effect)
        if skill_use is not None and window in skill_use.windows:
            opts.extend(skill_use.options(s, f, sk))
    return opts


def anytime_options(s: State, prompt: str) -> list[Action]:
    """The 'any time' uses (FAQ Q6+) to add to a question that is not a window listing
    them already: the Purple Leaf and the Crystal Ball while a potion is unidentified.
    The engine adds them only to a real choice, so they never make a question of a
    forced step (a DETECT changes nothing a rule does until the next choice)."""
    if len(s.known) >= len(s.potions) or PROMPT_WINDOWS.get(prompt) in ANYTIME:
        return []
    content = s.content
    opts: list[Action] = []
    for cards, table in ((s.items, content.item), (s.specials, content.special)):
        for card in cards:
            if table[card].effect in ANYTIME_EFFECTS:
                opts.append(Use(card))
    return opts


def is_anytime_use(s: State, action: Action) -> bool:
    """Whether ``action`` uses an 'any time' item (see :func:`anytime_options`)."""
    return isinstance(action, Use) and R.part_of(s, action.card).effect in ANYTIME_EFFECTS


PROMPT_WINDOWS = {
    "turn": "turn",
    "test-effort": "test",
    "melee-effort": "melee",
    "combat": "combat",
    "window-end": "end",
    "inventory-full": "full",
    "melee-first": "first",
    "test-second": "second",
    "melee-second": "second",
    "round-lost": "lost",
    "before-regenerate": "regen",
    "wandering-check": "wander",
    "ranged-miss": "ranged",
    "ranged-end": "ranged-end",
}
"""The window each question of the engine is (where it offers uses)."""

WINDOW_WORDS = {
    "turn": "at the start of a turn",
    "test": "at the start of a test",
    "melee": "at the start of a melee round",
    "combat": "at the start of a combat",
    "end": "at the end of a test or a combat",
    "full": "while your inventory is over its slots",
    "first": "right after your first effort card in a melee",
    "second": "right after the second effort card",
    "lost": "when you lose a round of melee",
    "regen": "just before a Regenerate check",
    "wander": "when a wandering-monster check meets one",
    "ranged": "when a ranged attack misses",
    "ranged-end": "after a ranged attack",
}

_LIMIT_WORDS = {
    "once-per-turn": "once a turn",
    "once-per-level": "once a level",
    "once-per-combat": "once a combat",
    "once-per-move": "once a MOVE",
}


def why_no_skill(s: State, sk: Skill) -> str:
    """Why your skill ``sk`` is not offered now, in a few words."""
    use = SKILL_USES.get(sk.effect)
    if use is None:
        return f"{sk.name} works by itself: there is nothing to choose"
    here = PROMPT_WINDOWS.get(s.prompt)
    when = " or ".join(WINDOW_WORDS[w] for w in sorted(use.windows))
    if here not in use.windows:
        return f"{sk.name} is used {when}"
    if not _free(s, sk):
        return f"{sk.name} is used {_LIMIT_WORDS.get(sk.limit or '', 'once')}, and you have used it"
    return f"{sk.name} could not change anything now"


def why_no_use(s: State, card: int) -> str:
    """Why an item or special item you hold is not offered for use now."""
    part = R.part_of(s, card)
    use = ITEM_USES.get(part.effect)
    if card in s.potions:
        return "potions are drunk at the start or end of a turn, a test, a combat or a melee round"
    if use is None:
        return f"the {part.name} is not used: it counts while you carry it"
    if part.effect in ANYTIME_EFFECTS:
        if not R.unknown_potions(s):
            return f"the {part.name} is used any time, but every potion you carry is known"
        return f"the {part.name} is used any time a question is open"
    here = PROMPT_WINDOWS.get(s.prompt)
    when = " or ".join(WINDOW_WORDS[w] for w in sorted(use.windows))
    if here not in use.windows:
        return f"the {part.name} is used {when}"
    return f"the {part.name} could not change anything now"


def answer_use(s: State, f: Frame, action: Action) -> bool:
    """Carry out a window use; False if the action is not one."""
    if isinstance(action, Drink):
        drink(s, action.card)
        return True
    if isinstance(action, Use):
        part = R.part_of(s, action.card)
        R.ev(s, EV.Used, action.card, part.id)
        ITEM_USES[part.effect].use(s, f, action.card, part)
        return True
    if isinstance(action, UseSkill | SwapSkill):
        content = s.content
        sk = next(content.skills[c] for c in s.skills if content.skills[c].id == action.skill)
        SKILL_USES[sk.effect].use(s, f, sk, action)
        return True
    return False
