"""Dungeon of D in plain words: the one describer of actions and events.

The shell's menu and its account of what an answer did, the ``hint``, the
game logs and the tests all put actions and events into words here. Nothing
hidden is ever named: an unidentified potion is "an unidentified potion"
until it is detected (or drunk), a card is named only once it is in sight,
and odds are counted over the cards out of sight
(:func:`companion.games.dungeon_of_d.odds.unseen`).

- :func:`describe_action`: what choosing an action means now (the menu's
  label, with the odds that matter); :func:`brief_action` says it in about
  35 characters; :func:`did` as it was taken.
- :func:`describe_event`: one event in words; every kind of event has its
  sentence (:data:`EVENT_WORDS`). :func:`event_lines` tells the story of one
  action: draws grouped, each check said once with what it was for.

>>> from companion.games.dungeon_of_d import new_game
>>> from companion.games.dungeon_of_d.actions import Discard, Done
>>> s = new_game(seed=7)
>>> describe_action(s, Done())
"keep this hand (Hero's Blessing ends)"
>>> describe_action(s, Discard(s.hand[0]))
'discard 2 STR a (its replacement comes when you keep the hand)'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.games.dungeon_of_d import effects as E
from companion.games.dungeon_of_d import events as EV
from companion.games.dungeon_of_d import mechanics as R
from companion.games.dungeon_of_d import odds as O
from companion.games.dungeon_of_d.actions import (
    Act,
    Action,
    Decline,
    Detect,
    Discard,
    Done,
    Drink,
    Drop,
    Effort,
    GiveUp,
    Guess,
    Learn,
    Move,
    Place,
    Replace,
    Rest,
    Shoot,
    SwapSkill,
    Teleport,
    Undo,
    Use,
    UseSkill,
)
from companion.games.dungeon_of_d.content import Content, Monster
from companion.games.dungeon_of_d.frames import (
    CombatFrame,
    LoseFrame,
    MeetFrame,
    MeleeFrame,
    PlaceFrame,
    TestFrame,
)
from companion.games.dungeon_of_d.state import DIRECTIONS, State, xy

DIRECTION_NAMES = {"n": "north", "e": "east", "s": "south", "w": "west"}
ARROW_NAMES = {"arrow": "an Arrow", "magic": "a Magic Arrow", "vampiric": "a Vampiric Arrow"}


# ---- cards, things and places -------------------------------------------------------------


def card_label(content: Content, card: int) -> str:
    """``"3 STR a"``: a power card as the player names it (power, kind, set)."""
    letter = "ab"[content.set_number[card] - 1]
    return f"{content.power[card]} {content.power_type[card]} {letter}"


def inventory(s: State) -> list[int]:
    """The inventory cards in the order they are numbered (from 1)."""
    return [*s.items, *s.specials, *s.potions]


def thing_name(s: State, card: int, article: bool = True) -> str:
    """An inventory card as the player knows it (an unknown potion is not named)."""
    content = s.content
    if card in s.potions:
        if card in s.known:
            return content.potion[card].name
        return "an unidentified potion" if article else "unidentified potion"
    if card in s.specials:
        return content.special[card].name
    return content.item[card].name


def thing(s: State, card: int) -> str:
    """An inventory card as the player knows it, for lists (no article)."""
    return thing_name(s, card, article=False)


def numbered(s: State, card: int) -> str:
    """``"#2 Lantern"``: an inventory card with its number."""
    things = inventory(s)
    number = things.index(card) + 1 if card in things else 0
    return f"#{number} {thing(s, card)}"


def part_text(s: State, card: int) -> str:
    """What an inventory card does, when the player knows what it is."""
    if card in s.potions and card not in s.known:
        return "drink it to find out: it may help or hurt"
    return R.part_of(s, card).text


def card_points(s: State, card: int) -> int | None:
    """The points an inventory card is worth at the end (rulebook 6.1: its stars), as
    far as the player knows: an unidentified potion's only when every potion has the same."""
    if card in s.potions and card not in s.known:
        values = {p.stars for p in s.content.potion}
        return values.pop() if len(values) == 1 else None
    return R.part_of(s, card).stars


def points_text(s: State, card: int) -> str:
    points = card_points(s, card)
    return "? points" if points is None else f"{points} point{'s' if points != 1 else ''}"


def known_points(s: State) -> tuple[int, bool]:
    """The points the inventory is worth as far as the player knows, and whether that is
    all of it (False when an unidentified potion could be worth more or less)."""
    content = s.content
    total = s.fruits * content.fruit_stars + s.arrows * content.arrow_stars
    sure = True
    for card in inventory(s):
        points = card_points(s, card)
        if points is None:
            sure = False
        else:
            total += points
    return total, sure


def percent(p: float) -> str:
    return f"{round(100 * p)}%"


def need_text(s: State | O.Outlook, need: int, nth: int = 1) -> str:
    """``"needs 3+ (60%)"``: what the ``nth`` card drawn from now must show."""
    if need <= 1:
        return "wins whatever comes (100%)"
    if need > 5:
        return f"cannot win (would need {need})"
    return f"needs {need}+ ({percent(O.chance(s, need, nth))})"


def monster_text(m: Monster, slot: int | None = None) -> str:
    abilities = list(m.abilities) + (["undead"] if m.undead else [])
    extra = f" {', '.join(abilities)}" if abilities else ""
    head = f"{slot} " if slot is not None else ""
    return f"{head}{m.name} {m.STR}/{m.INT}/{m.AGL}{extra} {m.gold}g"


def place_words(s: State, pos: int) -> str:
    """Where a map position is, in words: ``"(1, -1), north of the Peculiar Shop"``."""
    x, y = xy(pos)
    room = s.grid.get(pos)
    if room is not None:
        return f"the {s.content.rooms[room].name} ({x}, {y})"
    for name, d in (("north", 1), ("south", -1), ("east", -64), ("west", 64)):
        neighbour = s.grid.get(pos + d)
        if neighbour is not None:
            return f"({x}, {y}), {name} of the {s.content.rooms[neighbour].name}"
    return f"({x}, {y})"


def drawn_room_name(s: State) -> str:
    """The room card a REVEAL has drawn and waits to place ("room" when none is)."""
    frame = s.stack[-1] if s.stack else None
    if isinstance(frame, PlaceFrame) and frame.room:
        return s.content.rooms[frame.room].name
    return "room"


def skill_name(content: Content, skill_id: str) -> str:
    return next((sk.name for sk in content.skills.values() if sk.id == skill_id), skill_id)


def _met(s: State) -> str:
    frame = s.stack[-1] if s.stack else None
    met = frame.character if isinstance(frame, MeetFrame) else None
    if met is None:
        return "character you met"
    skill = s.content.skills[met]
    return f"{s.content.character_names[met]} ({skill.name}: {skill.text})"


# ---- odds for the menu ---------------------------------------------------------------------


def wandering_chance(s: State, danger: int, card: int | None = None) -> float:
    """The chance that a MOVE into a room of ``danger``, playing ``card`` (None: any card
    but a MOV card), meets the wandering monster (a MOV card's bonus card comes first)."""
    nth = 2 if card is not None and s.content.power_type[card] == "MOV" else 1
    return O.wandering_chance(s, danger, E.wary_bonus(s), nth)


def wandering_risk(s: State, danger: int) -> str:
    """The wandering-monster chance of a MOVE as a percentage; a range when the card
    played changes it (a deck too short for a MOV card's bonus card and the check)."""
    view = O.Outlook.of(s)
    shift = E.wary_bonus(s)
    types = {s.content.power_type[c] == "MOV" for c in s.hand} or {False}
    values = sorted(
        {round(100 * O.wandering_chance(view, danger, shift, 2 if mov else 1)) for mov in types}
    )
    return f"{values[0]}%" if len(values) == 1 else f"{values[0]}-{values[-1]}%"


def move_label(s: State, direction: str, short: bool = False, odds: bool = True) -> str:
    """A MOVE towards ``direction`` as the answers print it: the room it leads to (or that
    a new room card is turned over) with its danger and the chance of a wandering
    monster; ``short``: in a few words; ``odds=False``: the room alone (a MOVE that
    loses at once meets no monster)."""
    target = s.pos + DIRECTIONS[direction]
    word = DIRECTION_NAMES[direction]
    room = s.grid.get(target)
    if room is None:
        return (
            f"MOVE {word}: unknown room"
            if short
            else f"MOVE {word}: a new room card is turned over"
        )
    r = s.content.rooms[room]
    risk = wandering_risk(s, r.danger)
    if short:
        return fit_name(f"MOVE {word}: ", r.name, f" {risk}" if odds else "")
    if not odds:
        return f"MOVE {word}: {r.name}"
    return f"MOVE {word}: {r.name} (danger {r.danger}, wandering monster {risk})"


def action_note(s: State, index: int, short: bool = False) -> str:
    """The numbers a room action will use here: its price, its first test or combat."""
    from companion.games.dungeon_of_d.engine import action_price

    content = s.content
    action = content.rooms[s.grid[s.pos]].actions[index]
    notes = []
    if action.price is not None:
        cost = action_price(s, action.price)
        notes.append(f"{cost}g" if short else f"costs {cost} gold")
    first = content.steplists[action.steps][0] if action.steps >= 0 else None
    if first is not None and first.do == "test":
        difficulty = R.plus(s, first.difficulty)
        notes.append(
            f"{first.stat} {difficulty}" if short else f"{first.stat} test of {difficulty}"
        )
    if first is not None and first.do == "upgrade":
        price = E.upgrade_price(s, first.stat or "")
        notes.append(
            "at +4 already" if price is None else f"{price}g" if short else f"costs {price} gold"
        )
    if first is not None and first.do == "combat":
        notes.append(f"fight {R.monster(s, first.monster).name}")
    if not notes:
        return ""
    return f" ({', '.join(notes)})" if short else f" [{', '.join(notes)}]"


def melee_parts(
    s: State, cmb: CombatFrame, first: int | None = None, weapon: int = 0
) -> tuple[int, list[str], int]:
    """What a melee round needs: (the monster's STR, the hero's bonuses in words, their sum)."""
    m = R.monster(s, cmb.slot)
    target = max(0, m.STR - cmb.weak)
    parts = R.melee_bonuses(s, cmb.slot, first)
    if weapon:
        parts.append(("weapon", weapon))
    words = [f"{name} {value:+d}" for name, value in parts if value]
    return target, words, sum(v for _, v in parts)


def effort_odds(s: State, card: int) -> tuple[int, int]:
    """What the second card must show when ``card`` is played first (the test or melee
    round under way), and which draw from now it is."""
    frame = s.stack[-1]
    if isinstance(frame, TestFrame):
        return O.test_need(s, frame.stat, frame.difficulty, card)
    cmb = R.combat_frame(s)
    assert cmb is not None
    return O.melee_need(s, cmb.slot, card, cmb.weak)


def effort_need(s: State, card: int) -> str:
    """What the second card must show when ``card`` is played first (test or melee)."""
    need, nth = effort_odds(s, card)
    return need_text(s, need, nth)


def shot_text(s: State, kind: str) -> str:
    """A ranged attack's odds: ``"CHECK1 + 2 against AGL 4: needs 2+ (80%)"``."""
    f = R.combat_frame(s)
    if f is None:
        return ""
    m = R.monster(s, f.slot)
    need = O.shot_need(s, f.slot, kind)
    return f"CHECK1 + {m.AGL - need} against AGL {m.AGL}: {need_text(s, need)}"


def fight_text(s: State, cmb: CombatFrame) -> str:
    """What choosing Fight offers, with its odds: the best shot (with arrows), then the
    best first card of the hand for the melee round."""
    parts = []
    shots = [O.shot_chance(s, cmb.slot, kind) for kind in R.arrow_kinds(s)]
    if shots:
        parts.append(f"one ranged shot first (hits {percent(max(shots))})")
    rounds = O.melee_chances(s, cmb.slot, cmb.weak)
    if rounds:
        best = max(rounds.values())
        parts.append(f"then melee (your best first card wins a round {percent(best)})")
    return ", ".join(parts) if parts else "melee"


def guess_text(s: State, number: int) -> str:
    """``"guess 3 (right 12%)"``: a GUESS1 answer with its chance of being right."""
    return f"guess {number} (right {percent(O.guess_odds(s)[number])})"


# ---- actions in words ------------------------------------------------------------------------

_FIXED = {
    "pass": "go on",
    "run": "run away",
    "fight": "fight",
    "melee": "no ranged attack: go to melee",
    "retry": "try again",
    "stop": "give up for now",
    "learn": "learn this skill",
    "decline": "do not learn this skill",
    "undo": "take back the last action",
}


def describe_action(s: State, action: Action | Undo) -> str:
    """What choosing ``action`` now means, as the menu says it (with its odds)."""
    content = s.content
    prompt = s.prompt
    if isinstance(action, Rest):
        return f"REST: eat a Fruit ({s.fruits} left), discard, draw up to {R.HP_MAX - R.danger(s)}"
    if isinstance(action, Act):
        room_action = content.rooms[s.grid[s.pos]].actions[action.position]
        return (
            f"DO ACTION {action.position + 1}: {room_action.name}{action_note(s, action.position)}"
        )
    if isinstance(action, Move):
        return (
            f"MOVE {DIRECTION_NAMES[action.direction]}, playing {card_label(content, action.card)}"
        )
    if isinstance(action, Effort):
        need = effort_need(s, action.card)
        return f"play {card_label(content, action.card)}: the second card {need}"
    if isinstance(action, Discard):
        label = card_label(content, action.card)
        if prompt == "run-away":
            return f"discard {label} (power {content.power[action.card]})"
        if prompt == "blessing":
            return f"discard {label} (its replacement comes when you keep the hand)"
        if prompt == "rest-discard":
            return f"discard {label} before drawing"
        return f"lose {label}" if prompt == "lose-hp" else f"discard {label}"
    if isinstance(action, Drink):
        return f"drink {numbered(s, action.card)}"
    if isinstance(action, Use):
        return f"use {numbered(s, action.card)}: {part_text(s, action.card)}"
    if isinstance(action, UseSkill | SwapSkill):
        skill = next(content.skills[c] for c in s.skills if content.skills[c].id == action.skill)
        extra = (
            f", taking {card_label(content, action.card)} as the second card"
            if isinstance(action, SwapSkill)
            else ""
        )
        return f"use your skill {skill.name}{extra}: {skill.text}"
    if isinstance(action, Drop | GiveUp):
        verb = "drop" if isinstance(action, Drop) else "let it take"
        if action.what == "fruits":
            return f"{verb} all your Fruits"
        if action.what == "arrows":
            return f"{verb} {'an Arrow' if isinstance(action, GiveUp) else 'all your Arrows'}"
        return f"{verb} {numbered(s, int(action.what))}"
    if isinstance(action, Detect):
        return f"DETECT {numbered(s, action.card)}"
    if isinstance(action, Place):
        return f"place the {drawn_room_name(s)} at {place_words(s, action.pos)}"
    if isinstance(action, Teleport):
        return f"teleport to {place_words(s, action.pos)}"
    if isinstance(action, Shoot):
        return f"shoot {ARROW_NAMES[action.arrow]}: {shot_text(s, action.arrow)}"
    if isinstance(action, Guess):
        return guess_text(s, action.number)
    if isinstance(action, Learn):
        return f"learn the skill of the {_met(s)}"
    if isinstance(action, Replace):
        return f"forget {content.skills[action.character].name} to learn the skill of the {_met(s)}"
    if isinstance(action, Decline):
        return f"do not learn the skill of the {_met(s)}"
    if isinstance(action, Done):
        return {
            "blessing": "keep this hand (Hero's Blessing ends)",
            "rest-discard": "done discarding: draw",
        }.get(prompt, "done")
    return _FIXED.get(action.kind, action.kind)


BRIEF = 35
"""The length :func:`brief_action` keeps to."""


def fit_name(head: str, name: str, tail: str, size: int = BRIEF) -> str:
    """``head + name + tail`` in ``size`` characters: the name shortened (``…``) so that
    what comes before and after it stays whole.

    >>> fit_name("ACT 1: ", "Challenge the guardian", " (fight Wyvern)")
    'ACT 1: Challenge th… (fight Wyvern)'
    """
    room = size - len(head) - len(tail)
    if len(name) > room:
        name = name[: max(0, room - 1)] + "…" if room > 1 else ""
    return head + name + tail


def brief_action(s: State, action: Action) -> str:
    """An action in about 35 characters, for a busy screen's two columns.

    >>> from companion.games.dungeon_of_d import new_game
    >>> from companion.games.dungeon_of_d.actions import Discard, Done
    >>> s = new_game(seed=7)
    >>> brief_action(s, Done()), brief_action(s, Discard(s.hand[0]))
    ('keep this hand', 'discard 2 STR a')
    """
    content = s.content
    if isinstance(action, Rest):
        return f"REST: draw up to {R.HP_MAX - R.danger(s)}"
    if isinstance(action, Act):
        room_action = content.rooms[s.grid[s.pos]].actions[action.position]
        note = action_note(s, action.position, short=True)
        return fit_name(f"ACT {action.position + 1}: ", room_action.name, note)
    if isinstance(action, Effort):
        need = effort_need(s, action.card)
        need = need.replace("wins whatever comes", "sure")
        return f"play {card_label(content, action.card)}: {need.split(' (would')[0]}"
    if isinstance(action, Discard):
        verb = "lose" if s.prompt == "lose-hp" else "discard"
        return f"{verb} {card_label(content, action.card)}"
    if isinstance(action, Drink | Use | Detect):
        verb = "DETECT" if isinstance(action, Detect) else action.kind
        return f"{verb} {numbered(s, action.card)}"
    if isinstance(action, UseSkill | SwapSkill):
        skill = next(content.skills[c] for c in s.skills if content.skills[c].id == action.skill)
        card = f" ({card_label(content, action.card)})" if isinstance(action, SwapSkill) else ""
        return f"skill {skill.name}{card}"
    if isinstance(action, Drop | GiveUp):
        verb = "drop" if isinstance(action, Drop) else "give"
        if isinstance(action.what, str):
            return f"{verb} {'an Arrow' if isinstance(action, GiveUp) else 'all ' + action.what.capitalize()}"
        return f"{verb} {numbered(s, action.what)}"
    if isinstance(action, Place | Teleport):
        x, y = xy(action.pos)
        room = s.grid.get(action.pos)
        if room:
            return f"{action.kind} to the {content.rooms[room].name}"
        return f"{action.kind} at ({x}, {y})"
    if isinstance(action, Shoot):
        return f"shoot {ARROW_NAMES[action.arrow]}"
    if isinstance(action, Learn):
        return "learn the skill"
    if isinstance(action, Replace):
        return f"forget {content.skills[action.character].name}, learn"
    if isinstance(action, Decline):
        return "do not learn it"
    if isinstance(action, Done):
        return {"blessing": "keep this hand", "rest-discard": "done: draw"}.get(s.prompt, "done")
    return describe_action(s, action)


def did(s: State, action: Action | Undo) -> str:
    """An action as it was taken (``s`` is the state it was taken in)."""
    content = s.content
    if isinstance(action, Move):
        return (
            f"MOVE {DIRECTION_NAMES[action.direction]}, playing {card_label(content, action.card)}"
        )
    if isinstance(action, Effort):
        return f"play {card_label(content, action.card)} as the first effort card"
    return describe_action(s, action)


# ---- events in words ---------------------------------------------------------------------------


def _known_name(before: State, after: State, card: int) -> str:
    for s in (before, after):
        if card in s.items or card in s.specials or card in s.potions:
            return thing(s, card)
    return "a card"


def _held(s: State, card: int) -> bool:
    return card in s.items or card in s.specials or card in s.potions


def _got(before: State, after: State, e: EV.Got) -> str:
    part = after.content.part(e.what, e.card)
    if e.what == "potion":
        known = e.card in after.known
        return "you get a potion" + (f": {part.name}" if known else " (unidentified)")
    return f"you get {part.name}"


_CHECK_PURPOSE = {
    "room": "CHECK1",
    "ranged": "the shot's CHECK1",
    "forage": "Forage: CHECK1",
    "breath": "Dragon's Breath: CHECK1",
}


def _checked(before: State, after: State, e: EV.Checked) -> str:
    what = _CHECK_PURPOSE.get(e.purpose, f"CHECK1 ({e.purpose})")
    return f"{what} shows {card_label(after.content, e.card)}"


def _wandering(before: State, after: State, e: EV.WanderingCheck) -> str:
    content = after.content
    shift = e.roll - content.power[e.card]
    wary = f" (+{shift} Wary)" if shift else ""
    verdict = (
        f"at most the danger {e.danger}: a wandering monster!"
        if e.meets
        else f"above the danger {e.danger}: no wandering monster"
    )
    return f"wandering-monster check: CHECK1 shows {card_label(content, e.card)}{wary}, {verdict}"


def _poison_check(before: State, after: State, e: EV.PoisonCheck) -> str:
    content = after.content
    hurt_on = " or ".join(str(n) for n in sorted(content.poison_hurt_on))
    outcome = "you lose 1 HP" if e.hurts else "no harm this time"
    return (
        f"end of the turn, Poisoned!: CHECK1 shows {card_label(content, e.card)} "
        f"({hurt_on} hurts): {outcome}"
    )


EventWords = Callable[[State, State, Any], str]

EVENT_WORDS: dict[type[EV.Event], EventWords] = {
    EV.CharacterDrawn: lambda b, a, e: f"you are the {a.content.character_names[e.character]}",
    EV.TurnStarts: lambda b, a, e: f"turn {e.number}",
    EV.LevelStarts: lambda b, a, e: f"== dungeon level {e.level} ==",
    EV.Arrived: lambda b, a, e: f"you arrive in the {a.content.rooms[e.room].name}",
    EV.Entered: lambda b, a, e: f"you enter the {a.content.rooms[e.room].name}",
    EV.Revealed: lambda b, a, e: f"a room card is turned over: the {a.content.rooms[e.room].name}",
    EV.RoomDrawn: lambda b, a, e: (
        f"REVEAL: you draw a room card, the {a.content.rooms[e.room].name}"
    ),
    EV.WanderCard: lambda b, a, e: (
        f"{card_label(a.content, e.card)} goes on the wandering-monster place"
    ),
    EV.Checked: _checked,
    EV.WanderingCheck: _wandering,
    EV.PoisonCheck: _poison_check,
    EV.Reshuffled: lambda b, a, e: "the discard pile is shuffled into the power deck",
    EV.Drew: lambda b, a, e: f"you draw {card_label(a.content, e.card)}",
    EV.BonusCard: lambda b, a, e: f"you draw {card_label(a.content, e.card)} (bonus card)",
    EV.EffortCard: lambda b, a, e: (
        f"{'second' if e.drawn else 'first'} effort card: {card_label(a.content, e.card)}"
    ),
    EV.Discarded: lambda b, a, e: f"{card_label(a.content, e.card)} is discarded",
    EV.LostHp: lambda b, a, e: (
        f"you lose 1 HP ({card_label(a.content, e.card)})"
        if e.card >= 0
        else f"you lose {e.amount} HP"
    ),
    EV.CombatStarts: lambda b, a, e: f"combat with the {e.monster}",
    EV.SettledTest: lambda b, a, e: (
        f"{e.stat} test: {e.total} against {e.difficulty}, {'won' if e.won else 'lost'}"
    ),
    EV.SettledMelee: lambda b, a, e: (
        f"melee: {e.total} against STR {e.target}, {'won' if e.won else 'lost'}"
    ),
    EV.SettledShot: lambda b, a, e: (
        f"ranged attack: {e.total} against AGL {e.target}, {'a hit' if e.hit else 'a miss'}"
    ),
    EV.Defeated: lambda b, a, e: f"the {e.monster} is defeated",
    EV.Regenerates: lambda b, a, e: (
        f"you guessed {e.guess} and the CHECK1 shows {e.result}: it regenerates!"
    ),
    EV.StaysDown: lambda b, a, e: (
        f"you guessed {e.guess}, the CHECK1 shows {e.result}: it stays down"
    ),
    EV.Guessed: lambda b, a, e: (
        f"you guessed {e.guess}, the CHECK1 shows {e.result}: {'right' if e.right else 'wrong'}"
    ),
    EV.GoldGained: lambda b, a, e: (
        f"+{e.amount} gold" if e.amount else f"your purse is full ({a.content.gold_max} gold)"
    ),
    EV.Paid: lambda b, a, e: f"you pay {e.amount} gold",
    EV.Cursed: lambda b, a, e: f"cursed: you lose {e.amount} gold",
    EV.Poisoned: lambda b, a, e: "you are Poisoned! (see 'rules poison')",
    EV.PoisonedAgain: lambda b, a, e: "poisoned again while Poisoned!: it costs HP instead",
    EV.PoisonWarded: lambda b, a, e: "the Warding Charm keeps the poison out",
    EV.Cured: lambda b, a, e: "the poison is gone",
    EV.Got: _got,
    EV.Drank: lambda b, a, e: f"you drink it: {a.content.potion[e.card].name}",
    EV.AmuletTaken: lambda b, a, e: "you take the Amulet of D'eugor!",
    EV.Escaped: lambda b, a, e: "you escape the dungeon!",
    EV.GameLost: lambda b, a, e: f"the game is lost: you {e.why}",
    EV.Exhausted: lambda b, a, e: "the room is exhausted",
    EV.Upgraded: lambda b, a, e: f"{e.stat} is now +{e.value}",
    EV.Learnt: lambda b, a, e: f"you learn {a.content.skills[e.character].name}",
    EV.Forgot: lambda b, a, e: f"you forget {a.content.skills[e.character].name}",
    EV.Declined: lambda b, a, e: "the character goes to the bottom of the character deck",
    EV.Met: lambda b, a, e: f"you meet the {a.content.character_names[e.character]}",
    EV.TeleportFails: lambda b, a, e: "nothing happens: that room is not revealed",
    EV.WanderingMonster: lambda b, a, e: (
        f"the wandering monster of {card_label(a.content, e.card)} attacks"
    ),
    EV.RanAway: lambda b, a, e: "you run away",
    EV.Rested: lambda b, a, e: "you eat a Fruit and rest",
    EV.FruitGained: lambda b, a, e: f"+{e.amount} Fruit" if e.amount else "no room for more Fruits",
    EV.ArrowsGained: lambda b, a, e: (
        f"+{e.amount} Arrows" if e.amount else "no room for more Arrows"
    ),
    EV.Buffed: lambda b, a, e: f"{e.stat} +{e.amount} until the end of the turn",
    EV.Weakened: lambda b, a, e: f"the monster has {e.amount} less STR this combat",
    EV.WeaponUsed: lambda b, a, e: f"your weapon adds {e.bonus}",
    EV.Blocked: lambda b, a, e: "the lost round costs nothing",
    EV.NoRegenerate: lambda b, a, e: "the Silver Necklace keeps it down",
    EV.Rerolled: lambda b, a, e: "CHECK1 again",
    EV.HolyWater: lambda b, a, e: "Holy Water: GUESS1, a wrong guess destroys it",
    EV.Smoke: lambda b, a, e: "a cloud of smoke: you slip away",
    EV.BreathHits: lambda b, a, e: f"the Dragon's Breath ({e.result}) defeats it",
    EV.BreathMisses: lambda b, a, e: f"the Dragon's Breath ({e.result}) misses",
    EV.BreathBurns: lambda b, a, e: "the Dragon's Breath burns you",
    EV.Perfumed: lambda b, a, e: "your perfume draws a monster at once",
    EV.CannotMove: lambda b, a, e: "there is nowhere to go",
    EV.CannotUpgrade: lambda b, a, e: f"you cannot pay for {e.stat}",
    EV.MustMove: lambda b, a, e: "it is pitch black: you must MOVE on",
    EV.Retried: lambda b, a, e: "you try again",
    EV.Duplicate: lambda b, a, e: "a second copy of a unique special item is discarded",
    EV.TooMany: lambda b, a, e: "you cannot carry a fifth arrow of that kind",
    EV.Shot: lambda b, a, e: f"you shoot {ARROW_NAMES[e.arrow]}",
    EV.SkillUsed: lambda b, a, e: f"you use your skill {skill_name(a.content, e.skill)}",
    EV.Dropped: lambda b, a, e: (
        f"you drop all your {str(e.what).capitalize()}"
        if isinstance(e.what, str)
        else f"you drop the {_known_name(b, a, e.what)}"
    ),
    EV.Stolen: lambda b, a, e: (
        "it steals an Arrow"
        if e.what == "arrows"
        else f"it steals your {_known_name(b, a, int(e.what))}"
    ),
    EV.Used: lambda b, a, e: (
        f"you use the {R.part_of(b, e.card).name}" if _held(b, e.card) else "you use it"
    ),
    EV.Detected: lambda b, a, e: f"DETECT: it is a {a.content.potion[e.card].name}",
    EV.ActionStarts: lambda b, a, e: (
        f"DO ACTION: {a.content.rooms[e.room].actions[_action_position(a, e)].name}"
    ),
    EV.ActionEnds: lambda b, a, e: "the action ends here",
}
"""A sentence for every kind of event (``before`` and ``after`` are the states around
the action, so a card can be named as the player knew it)."""


def _action_position(s: State, e: EV.ActionStarts) -> int:
    return next(a.index for a in s.content.rooms[e.room].actions if a.id == e.action)


def describe_event(before: State, after: State, event: EV.Event) -> str:
    """One event in plain words (``before``/``after``: the states around the action)."""
    return EVENT_WORDS[type(event)](before, after, event)


_QUIET: tuple[type[EV.Event], ...] = (
    EV.TurnStarts,
    EV.WanderCard,
    EV.CharacterDrawn,
    EV.ActionEnds,
    EV.ActionStarts,
    EV.WanderingMonster,
)
"""Events the account of an action leaves out (the lines around them say it)."""

_SAID_ELSEWHERE = frozenset({"wandering", "poison", "regenerate", "guess"})
"""CHECK1s whose own event tells the story (the wandering check, the poison's...)."""


def event_lines(before: State, after: State, events: list[EV.Event]) -> list[str]:
    """What an action did, in plain words: draws grouped in one line, each check said
    once with what it was for, inventory cards named as the player knew them."""
    content = after.content
    lines: list[str] = []
    draws: list[str] = []

    def flush() -> None:
        if draws:
            lines.append(f"you draw {', '.join(draws)}")
            draws.clear()

    for event in events:
        if isinstance(event, EV.Drew | EV.BonusCard):
            bonus = " (bonus card)" if isinstance(event, EV.BonusCard) else ""
            draws.append(card_label(content, event.card) + bonus)
            continue
        if isinstance(event, _QUIET):
            continue
        if isinstance(event, EV.Checked) and event.purpose in _SAID_ELSEWHERE:
            continue
        flush()
        lines.append(describe_event(before, after, event))
    flush()
    return lines


def lose_hp_left(s: State) -> int:
    """How many cards a LOSE HP question still asks for."""
    frame = s.stack[-1] if s.stack else None
    return frame.n if isinstance(frame, LoseFrame) else 1


def melee_frame(s: State) -> MeleeFrame | None:
    frame = s.stack[-1] if s.stack else None
    return frame if isinstance(frame, MeleeFrame) else None


__all__ = [
    "ARROW_NAMES",
    "DIRECTION_NAMES",
    "EVENT_WORDS",
    "action_note",
    "brief_action",
    "card_label",
    "card_points",
    "describe_action",
    "describe_event",
    "did",
    "drawn_room_name",
    "effort_need",
    "effort_odds",
    "event_lines",
    "fight_text",
    "guess_text",
    "inventory",
    "known_points",
    "melee_parts",
    "monster_text",
    "move_label",
    "need_text",
    "numbered",
    "part_text",
    "percent",
    "place_words",
    "points_text",
    "shot_text",
    "thing",
    "thing_name",
    "wandering_chance",
    "wandering_risk",
]
