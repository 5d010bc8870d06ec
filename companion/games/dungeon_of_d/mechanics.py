"""Small rules of Dungeon of D that many parts of the engine share.

Everything here works on a :class:`~companion.games.dungeon_of_d.state.State` in place:
drawing (with the reshuffle of rulebook 7), CHECK1, HEAL / LOSE HP, gold,
poison, the inventory's slots, effective stats, teleports and the set-up of
a dungeon level. Rules that wait for the player push a *frame*
(:mod:`~companion.games.dungeon_of_d.frames`) on ``state.stack``; the engine
runs them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ParamSpec

from companion.games.dungeon_of_d import events as EV
from companion.games.dungeon_of_d.content import Content, Monster, Part, Skill
from companion.games.dungeon_of_d.frames import (
    AutosFrame,
    CombatFrame,
    FullFrame,
    LoseFrame,
    MeleeFrame,
    OverFrame,
    TestFrame,
    TurnFrame,
)
from companion.games.dungeon_of_d.state import DIRECTIONS, MASK64, ORIGIN, State

P = ParamSpec("P")

HP_MAX = 9
"""Rulebook 3.3: at most nine cards in hand."""
INVENTORY_SLOTS = 8
"""Rulebook 3.4: eight inventory slots."""
STAT_MAX = 4
"""Rulebook 3.2: each stat goes up to +4."""
STATS = ("STR", "INT", "AGL")
ROOM_DECK_SIZE = 9


# ---- randomness -----------------------------------------------------------


def next64(s: State) -> int:
    """The next 64 random bits of the state's generator (splitmix64)."""
    s.rng = z = (s.rng + 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def rand_below(s: State, n: int) -> int:
    """A uniform integer in ``range(n)`` (bias below n / 2**64)."""
    return next64(s) % n


_REFILL = 1 << 32


def shuffle(s: State, cards: list[Any]) -> None:
    """Fisher-Yates with the state's generator. One 64-bit draw serves several
    swaps (mixed radix); it is refilled before fewer than 32 bits remain, so
    each index is uniform to within n / 2**32."""
    bits = 0
    for i in range(len(cards) - 1, 0, -1):
        if bits < _REFILL:
            bits = next64(s)
        n = i + 1
        j = bits % n
        bits //= n
        cards[i], cards[j] = cards[j], cards[i]


def ev(s: State, make: Callable[P, EV.Event], *args: P.args, **kwargs: P.kwargs) -> None:
    """Record an event of the action being applied, when someone listens: the
    event is only made then (``ev(s, Drew, card)``), so simulations pay nothing."""
    if s.ev is not None:
        s.ev.append(make(*args, **kwargs))


# ---- power cards ----------------------------------------------------------


def draw(s: State) -> int:
    """Take the top card of the power deck, reshuffling the discard pile into
    a new deck when it is empty (rulebook 7). -1 when no card is left anywhere."""
    deck = s.deck
    if not deck:
        if not s.discard:
            return -1
        s.deck = deck = s.discard
        s.discard = []
        shuffle(s, deck)
        ev(s, EV.Reshuffled, len(deck))
    return deck.pop()


def check1(s: State, purpose: str) -> int:
    """CHECK1: draw a card, read its power, put it on the discard pile (``purpose``
    says what the check is for, in the event it records)."""
    card = draw(s)
    if card < 0:  # pragma: no cover - impossible: far fewer than 40 cards can be held
        return 0
    s.discard.append(card)
    ev(s, EV.Checked, card, purpose)
    return s.content.power[card]


def lose_game(s: State, why: str) -> None:
    """HP 0 (or worse): the game is lost at once (rulebook 6)."""
    s.outcome = "lost"
    s.options = []
    s.prompt = ""
    ev(s, EV.GameLost, why)


def play_from_hand(s: State, card: int) -> bool:
    """Take a card from the hand to play it; False (and the game lost) if it was the last."""
    s.hand.remove(card)
    if not s.hand:
        lose_game(s, "played the last card in hand")
        return False
    return True


def heal(s: State, n: int) -> None:
    """HEAL n HP: draw n cards into the hand; above 9 you discard down (a decision)."""
    hand = s.hand
    for _ in range(n):
        card = draw(s)
        if card < 0:
            break
        hand.append(card)
        ev(s, EV.Drew, card)
    overflow(s)


def overflow(s: State) -> None:
    if len(s.hand) > HP_MAX and not (s.stack and isinstance(s.stack[-1], OverFrame)):
        s.stack.append(OverFrame())


def lose_hp(s: State, n: int) -> None:
    """LOSE n HP: discard n cards of your choice; losing every card loses the game."""
    if n <= 0 or s.outcome:
        return
    if n >= len(s.hand):
        s.discard.extend(s.hand)
        s.hand.clear()
        ev(s, EV.LostHp, n, -1)
        lose_game(s, "lost the last HP")
        return
    s.stack.append(LoseFrame(n=n))


def gain_gold(s: State, n: int) -> None:
    before = s.gold
    s.gold = min(s.content.gold_max, s.gold + max(0, n))
    ev(s, EV.GoldGained, s.gold - before)


def skulls(s: State) -> int:
    return s.content.level_skulls[s.level - 1]


def plus(s: State, value: str | int | None, add: bool = False) -> int:
    """A number of a card; ``"2+"`` (or ``add``) adds the level's skulls."""
    if value is None:
        return 0
    text = str(value)
    if text.endswith("+"):
        return int(text[:-1]) + skulls(s)
    return int(text) + (skulls(s) if add else 0)


# ---- hero -----------------------------------------------------------------


def skill(s: State, effect: str) -> Skill | None:
    """Your skill with this effect key, if you know one."""
    skills = s.content.skills
    for character in s.skills:
        found = skills[character]
        if found.effect == effect:
            return found
    return None


def stat(s: State, name: str) -> int:
    """A stat as it counts now: upgrades, potions drunk this turn and special items."""
    value: int = getattr(s, name) + s.buffs.get(name, 0)
    special = s.content.special
    for card in s.specials:
        part = special[card]
        if part.effect == "stat-bonus" and part.stat == name:
            value += part.amount
    return value


def held(s: State, kind: str, effect: str) -> list[int]:
    """Inventory cards of a kind (``item``, ``special``, ``potion``) with an effect key."""
    content = s.content
    table, cards = {
        "item": (content.item, s.items),
        "special": (content.special, s.specials),
        "potion": (content.potion, s.potions),
    }[kind]
    return [c for c in cards if table[c].effect == effect]


def holds_item(s: State, item_id: str) -> bool:
    item = s.content.item
    return any(item[c].id == item_id for c in s.items)


def slots_used(s: State) -> int:
    """Inventory slots in use: one a card, but each arrow kind stacks in one slot,
    and the Fruits and Arrows cards take one each while not at zero."""
    item = s.content.item
    used = len(s.specials) + len(s.potions) + (s.fruits > 0) + (s.arrows > 0)
    magic = vampiric = 0
    for card in s.items:
        effect = item[card].effect
        if effect == "magic-arrow":
            magic = 1
        elif effect == "vampiric-arrow":
            vampiric = 1
        else:
            used += 1
    return used + magic + vampiric


def capacity(s: State) -> int:
    special = s.content.special
    return INVENTORY_SLOTS + sum(
        special[c].amount for c in s.specials if special[c].effect == "extra-slots"
    )


def check_capacity(s: State) -> None:
    """Over the inventory's slots: ask what to give up (a decision frame)."""
    if slots_used(s) > capacity(s) and not (s.stack and isinstance(s.stack[-1], FullFrame)):
        s.stack.append(FullFrame())


def poison(s: State) -> None:
    """Get the Poisoned! card (already poisoned: lose HP instead)."""
    if held(s, "special", "poison-immunity"):
        ev(s, EV.PoisonWarded)
        return
    if s.poisoned:
        ev(s, EV.PoisonedAgain)
        lose_hp(s, s.content.poison_again_loses)
        return
    s.poisoned = True
    ev(s, EV.Poisoned)


def cure_poison(s: State) -> None:
    if s.poisoned:
        s.poisoned = False
        ev(s, EV.Cured)


def max_skills(s: State) -> int:
    """Rulebook 3.1: INT + 1 skills, your own included (upgraded INT only)."""
    return s.INT + 1


def can_learn(s: State) -> bool:
    """Whether meeting a character could teach you anything: a free place for a
    skill, or a learnt skill you could give up for it (never your own)."""
    return max_skills(s) > 1 and bool(s.characters)


def detect(s: State, card: int) -> None:
    if card in s.potions and card not in s.known:
        s.known.append(card)
        ev(s, EV.Detected, card)


def unknown_potions(s: State) -> list[int]:
    known = s.known
    return [c for c in s.potions if c not in known]


def discard_inventory(s: State, card: int) -> None:
    """Put an inventory card (item, special item or potion) on the discard pile."""
    was_special = card in s.specials
    for cards in (s.items, s.specials, s.potions):
        if card in cards:
            cards.remove(card)
            break
    if card in s.known:
        s.known.remove(card)
    s.discard.append(card)
    if was_special and s.content.special[card].effect == "extra-slots":
        check_capacity(s)  # losing the Bag of Holding can leave too much to carry


# ---- markers of limited uses ------------------------------------------------


def used(s: State, marker: str) -> bool:
    return marker in s.used


def mark(s: State, marker: str) -> None:
    if marker not in s.used:
        s.used.append(marker)


def clear_marks(s: State, scope: str) -> None:
    if s.used:
        s.used = [m for m in s.used if not m.startswith(scope)]


# ---- monsters ---------------------------------------------------------------


def monster(s: State, slot: int) -> Monster:
    return s.content.monsters[slot - 1][s.level - 1]


def bonus_applies(m: Monster, against: str | None, slot: int) -> bool:
    """Whether a bonus that works ``against`` something works on monster ``m`` in ``slot``."""
    if against == "undead":
        return m.undead
    if against == "monster-4":
        return slot == 4
    return m.has(against)


def melee_bonuses(s: State, slot: int, first: int | None = None) -> list[tuple[str, int]]:
    """Everything the hero adds to a melee round against ``slot``, by name.

    The hero's STR, skills (Grapple-like first-effort bonuses, Rage when the
    ``first`` effort card is a STR card, Smite when it works on this monster)
    and special items that work on this monster. Weapons are chosen during
    the round and counted by the caller.
    """
    m = monster(s, slot)
    parts: list[tuple[str, int]] = [("STR", stat(s, "STR"))]
    grapple = skill(s, "first-effort-bonus")
    if grapple is not None:
        parts.append((grapple.name, grapple.amount))
    rage = skill(s, "rage")
    if rage is not None and first is not None and s.content.power_type[first] == "STR":
        parts.append((rage.name, rage.amount))
    smite = skill(s, "smite")
    if smite is not None and bonus_applies(m, smite.against, slot):
        parts.append((smite.name, smite.amount))
    for card in held(s, "special", "slot-bonus"):
        part = s.content.special[card]
        if bonus_applies(m, part.against, slot):
            parts.append((part.name, part.amount))
    return parts


def melee_round(s: State, cmb: CombatFrame, melee: MeleeFrame) -> tuple[int, int]:
    """A melee round as it stands: (the monster's STR it must reach, the hero's total so far).

    The total is the effort cards on the table, the weapon used this round and
    every bonus of :func:`melee_bonuses` (Rage once the first card is a STR card).
    """
    m = monster(s, cmb.slot)
    target = max(0, m.STR - cmb.weak)
    effort = s.effort
    first = effort[0] if effort else None
    power = s.content.power
    total = sum(power[c] for c in effort) + melee.weapon
    total += sum(v for _, v in melee_bonuses(s, cmb.slot, first))
    return target, total


def effort_round(s: State, f: TestFrame | MeleeFrame) -> tuple[int, int]:
    """A test or a melee round as it stands (``f`` is its frame): (the target, the total so far)."""
    if isinstance(f, TestFrame):
        power = s.content.power
        return f.difficulty, sum(power[c] for c in s.effort) + stat(s, f.stat)
    cmb = combat_frame(s)
    assert cmb is not None  # a melee round is always inside a combat
    return melee_round(s, cmb, f)


def arrow_kinds(s: State) -> list[str]:
    """The kinds of arrow a ranged attack can use now: ``arrow``, ``magic``, ``vampiric``."""
    kinds = ["arrow"] if s.arrows > 0 else []
    item = s.content.item
    effects = {item[c].effect for c in s.items}
    if "magic-arrow" in effects:
        kinds.append("magic")
    if "vampiric-arrow" in effects:
        kinds.append("vampiric")
    return kinds


def ranged_bonus(s: State, slot: int, arrow_bonus: int = 0) -> int:
    """What a ranged attack on the monster in ``slot`` adds to its CHECK1: AGL, Hawk
    Eye (more against its foe) and ``arrow_bonus`` (a Magic Arrow's)."""
    total: int = stat(s, "AGL") + arrow_bonus
    hawk = skill(s, "sharpshooter")
    if hawk is not None:
        total += hawk.amount + (hawk.extra if monster(s, slot).has(hawk.against) else 0)
    return total


def run_need(s: State, slot: int) -> int:
    """Power still to discard to run away from the monster in ``slot`` (rulebook 5.4 A).

    The monster's INT, less Distract when it works on this monster, less the
    hero's INT and every run-away help held.
    """
    m = monster(s, slot)
    monster_int = m.INT
    distract = skill(s, "distract")
    if distract is not None and not m.has(distract.against):
        monster_int -= distract.amount
    bonus = sum(s.content.special[c].amount for c in held(s, "special", "run-bonus"))
    return monster_int - stat(s, "INT") - bonus


def combat_frame(s: State) -> CombatFrame | None:
    """The combat under way, if any (the top-most on the stack)."""
    for f in reversed(s.stack):
        if isinstance(f, CombatFrame):
            return f
    return None


# ---- the map ----------------------------------------------------------------


def room_here(s: State) -> str:
    return s.grid[s.pos]


def danger(s: State, pos: int | None = None) -> int:
    return s.content.rooms[s.grid[s.pos if pos is None else pos]].danger


def move_targets(s: State) -> list[tuple[str, int]]:
    """Directions you may MOVE in (rulebook 5.3): a revealed neighbour, or an
    empty one while the room deck has cards."""
    out = []
    grid, can_reveal = s.grid, bool(s.room_deck)
    for name, step in DIRECTIONS.items():
        target = s.pos + step
        if target in grid or can_reveal:
            out.append((name, target))
    return out


def empty_spots(s: State) -> list[int]:
    """Empty places next to (not diagonal from) a revealed room."""
    grid = s.grid
    spots = {p + d for p in grid for d in (-1, 1, -64, 64)}
    return sorted(p for p in spots if p not in grid)


def reveal_spots(s: State) -> list[int]:
    """Where a room card could be REVEALed (rulebook 5.6): the empty places next to a
    revealed room, while the room deck has a card."""
    return empty_spots(s) if s.room_deck else []


def place_room(s: State, pos: int, room: str | None = None) -> str:
    """Turn a room card over at ``pos``: ``room`` (already drawn) or the room deck's top."""
    room = room or s.room_deck.pop()
    s.grid[pos] = room
    ev(s, EV.Revealed, pos, room)
    return room


def revealed(s: State, room_id: str) -> int | None:
    for pos, room in s.grid.items():
        if room == room_id:
            return pos
    return None


# ---- teleports and levels -----------------------------------------------------


def end_everything_in_turn(s: State) -> None:
    """Abandon whatever the turn was doing (a teleport ends tests, combats,
    melees and actions at once, neither won nor lost: FAQ Q1+)."""
    stack = s.stack
    while stack and not isinstance(stack[-1], TurnFrame):
        stack.pop()
    if s.effort:
        s.discard.extend(s.effort)
        s.effort = []
    if s.wander >= 0:
        s.discard.append(s.wander)
        s.wander = -1
    clear_marks(s, "combat:")
    if stack:
        turn = stack[-1]
        assert isinstance(turn, TurnFrame)
        turn.phase = "poison"


def arrive(s: State, pos: int) -> None:
    """Be teleported into a room: no wandering monster, but its ((A)) actions happen."""
    s.pos = pos
    ev(s, EV.Arrived, pos, s.grid[pos])
    s.stack.append(AutosFrame(pos=pos))
    check_capacity(s)  # a teleport may cut short the choice of what to give up


def teleport(s: State, pos: int) -> None:
    """Rulebook 5.3 Teleport: go there, do its ((A)) actions, and the turn ends."""
    end_everything_in_turn(s)
    arrive(s, pos)


def setup_level(s: State, level: int) -> None:
    """Rulebook 4.1: a fresh room deck of 9 (8 rooms and the Mystic Portal; on
    level 8, 7 rooms, the portal and the Pit of Darkness), the first room drawn."""
    content: Content = s.content
    s.level = level
    rooms = list(content.regular_rooms)
    shuffle(s, rooms)
    take = ROOM_DECK_SIZE - 1 if level < 8 else ROOM_DECK_SIZE - 2
    deck = rooms[:take] + [content.portal_room] + ([content.special_room] if level == 8 else [])
    shuffle(s, deck)
    s.room_deck = deck
    s.unused_rooms = rooms[take:]
    s.grid = {}
    s.exhausted = []
    clear_marks(s, "level:")
    ev(s, EV.LevelStarts, level)
    s.grid[ORIGIN] = s.room_deck.pop()
    s.pos = ORIGIN


def escape(s: State) -> None:
    """Teleported out of the dungeon: you win (rulebook 6)."""
    s.outcome = "escaped"
    s.options = []
    s.prompt = ""
    ev(s, EV.Escaped, s.amulet)


def part_of(s: State, card: int) -> Part:
    """The part an inventory card stands for."""
    content = s.content
    if card in s.potions:
        return content.potion[card]
    if card in s.specials:
        return content.special[card]
    return content.item[card]
