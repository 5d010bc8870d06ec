"""Play Dungeon of D in a terminal: what the player sees, what they may type.

Everything here works from what a player at the table can see: the map of
revealed rooms, the level and its four monsters, the hero, the hand, the
inventory (an unidentified potion stays "an unidentified potion"), the top of
the discard pile and the sizes of the decks. The order of a deck, the cards
under the top of the discard pile and the kind of an unidentified potion are
never shown.

Actions and events are put into words by
:mod:`companion.games.dungeon_of_d.descriptions` (the one describer, shared
with logs and tests); this module arranges them.

- :func:`build_screen` turns a game into a :class:`Screen` of plain lines
  (what :func:`render_plain` prints when input is scripted, and what
  :func:`render_rich` lays out in panels for a terminal, within 80 columns).
- :func:`build_menu` numbers the legal actions (the MOVEs grouped by
  direction: the card to play is asked next) and :func:`odds` explains what
  each rule needs: the target, the sum so far, the chance of the next card.
- :func:`parse` reads an answer: a number, or a short command (``rest``,
  ``act 2``, ``move north 3 MOV a``, ``fight``, ``run``, ``drink 3``,
  ``use rope``...); :func:`command_for` writes the command of an action.
- :class:`Session` runs a game: one answer at a time, an autosave after
  every action, ``undo`` (training mode), ``help``, ``rules TOPIC``,
  ``save`` and ``quit``; :func:`play` runs one on a terminal or on
  scripted input.

>>> from companion.games.dungeon_of_d.saves import Game
>>> game = Game.new(seed=7)
>>> screen = build_screen(game)
>>> print(screen.menu[-1].label)
keep this hand (Hero's Blessing ends)
>>> parse(game.state, "done", screen.menu)
Parsed(kind='action', action=Done(kind='done'), entry=None, word='', arg='')
"""

from __future__ import annotations

import re
import sys
import textwrap
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any, Protocol

from companion.games.dungeon_of_d import mechanics as R
from companion.games.dungeon_of_d.actions import (
    Act,
    Action,
    Detect,
    Discard,
    Done,
    Drink,
    Drop,
    Effort,
    GiveUp,
    GoToMelee,
    Guess,
    Move,
    Pass,
    Place,
    Replace,
    Retry,
    Run,
    Shoot,
    Stop,
    SwapSkill,
    Teleport,
    Undo,
    Use,
    UseSkill,
)
from companion.games.dungeon_of_d.content import Content
from companion.games.dungeon_of_d.descriptions import (
    DIRECTION_NAMES,
    brief_action,
    card_label,
    describe_action,
    did,
    event_lines,
    fight_text,
    inventory,
    known_points,
    lose_hp_left,
    melee_parts,
    monster_text,
    move_label,
    need_text,
    part_text,
    percent,
    points_text,
    thing,
)
from companion.games.dungeon_of_d.engine import loss_warning
from companion.games.dungeon_of_d.frames import (
    CombatFrame,
    MeleeFrame,
    MoveFrame,
    PlaceFrame,
    RunFrame,
    TestFrame,
)
from companion.games.dungeon_of_d.odds import guess_odds, right_guess_hurts
from companion.games.dungeon_of_d.saves import Game, Opened, breakdown
from companion.games.dungeon_of_d.state import DIRECTIONS, ORIGIN, State, xy
from companion.ui.dungeon_of_d.screen import LOSES_SHORT, Cell, Entry, Screen

WIDTH = 80
DIRECTION_WORDS = {
    "n": "n",
    "north": "n",
    "up": "n",
    "e": "e",
    "east": "e",
    "right": "e",
    "s": "s",
    "south": "s",
    "down": "s",
    "w": "w",
    "west": "w",
    "left": "w",
}
ROOM_CODES = {
    "mystic-portal": "POR",
    "peculiar-shop": "SHP",
    "dark-storeroom": "DRK",
    "guardian-monster": "GRD",
    "steep-chasm": "CHS",
    "boulder-trap": "BLD",
    "large-chest": "CHT",
    "hidden-door": "DOR",
    "storage-room": "STO",
    "healing-fountain": "FNT",
    "training-hall": "TRN",
    "ancient-library": "LIB",
    "prison-cells": "PRI",
    "alchemists-laboratory": "ALC",
    "forgotten-arena": "ARN",
    "overgrown-garden": "GDN",
    "treasure-vault": "VLT",
    "forsaken-chapel": "CHP",
    "pit-of-darkness": "PIT",
}


# ---- small pieces -------------------------------------------------------------------------


def room_code(content: Content, room_id: str) -> str:
    """Three letters for a room on the map (rooms added later get their first letters)."""
    code = ROOM_CODES.get(room_id)
    if code is None:
        letters = re.sub(r"[^A-Za-z]", "", content.rooms[room_id].name).upper()
        code = (letters + "XXX")[:3]
    return code


# ---- the map ---------------------------------------------------------------------------------


def map_rows(s: State) -> list[list[Cell]]:
    """The revealed rooms on a grid, north at the top: ``@`` marks the hero, the digit
    is the danger level, ``x`` an exhausted room, ``?`` a place a room can still go."""
    if not s.grid:
        return []
    content = s.content
    spots = set(R.empty_spots(s) if s.prompt == "reveal" else R.reveal_spots(s))
    places = list(s.grid) + list(spots)
    xs = [xy(p)[0] for p in places]
    ys = [xy(p)[1] for p in places]
    rows = []
    for y in range(min(ys), max(ys) + 1):
        row = []
        for x in range(min(xs), max(xs) + 1):
            pos = ORIGIN + x * DIRECTIONS["e"] + y * DIRECTIONS["s"]
            room = s.grid.get(pos)
            if room is not None:
                here = pos == s.pos
                tired = pos in s.exhausted
                mark, code = "@" if here else " ", room_code(content, room)
                text = f"{mark}{code}{content.rooms[room].danger}{'x' if tired else ' '}"
                row.append(Cell(text, "hero" if here else "exhausted" if tired else "room"))
            elif pos in spots:
                row.append(Cell("  ?   ", "open"))
            else:
                row.append(Cell("      ", "blank"))
        rows.append(row)
    return rows


def map_axes(s: State) -> tuple[list[int], list[int]]:
    """The x and y coordinates the map rows and columns show."""
    spots = set(R.empty_spots(s) if s.prompt == "reveal" else R.reveal_spots(s))
    places = list(s.grid) + list(spots)
    xs = [xy(p)[0] for p in places]
    ys = [xy(p)[1] for p in places]
    return list(range(min(xs), max(xs) + 1)), list(range(min(ys), max(ys) + 1))


def map_lines(s: State) -> list[str]:
    """The map as plain text, with coordinates (for ``place X Y`` and ``teleport X Y``)."""
    rows = map_rows(s)
    if not rows:
        return []
    xs, ys = map_axes(s)
    head = "   " + "".join(f"{x:^6}" for x in xs)
    lines = [head.rstrip()]
    for y, row in zip(ys, rows):
        lines.append((f"{y:>3}" + "".join(c.text for c in row)).rstrip())
    return lines


def legend(s: State) -> str:
    content = s.content
    rooms = sorted(set(s.grid.values()), key=lambda r: room_code(content, r))
    return " ".join(f"{room_code(content, r)}={content.rooms[r].name}" for r in rooms)


# ---- the menu -------------------------------------------------------------------------------


def build_menu(s: State) -> list[Entry]:
    """The legal actions, numbered from 1; the MOVEs one entry a direction."""
    entries: list[Entry] = []
    seen_directions: set[str] = set()
    for action in s.options:
        if isinstance(action, Move):
            direction = action.direction
            if direction in seen_directions:
                continue
            seen_directions.add(direction)
            moves = tuple(a for a in s.options if isinstance(a, Move) and a.direction == direction)
            word = DIRECTION_NAMES[direction]
            warnings = {loss_warning(s, a) for a in moves}
            warning = warnings.pop() if len(warnings) == 1 else ""
            odds = not warning  # a MOVE that loses at once meets no monster
            entries.append(
                _warned(
                    Entry(
                        len(entries) + 1,
                        move_label(s, direction, odds=odds),
                        f"move {word}",
                        None,
                        moves,
                        move_label(s, direction, short=True, odds=odds),
                    ),
                    warning,
                )
            )
        else:
            entry = Entry(
                len(entries) + 1,
                describe_action(s, action),
                command_for(s, action),
                action,
                short=brief_action(s, action),
            )
            entries.append(_warned(entry, loss_warning(s, action)))
    return _sort_cards(s, entries)


def _warned(entry: Entry, warning: str) -> Entry:
    """The entry marked as losing the game at once (when ``warning`` says so)."""
    if not warning:
        return entry
    return replace(
        entry,
        label=f"{entry.label} ({warning})",
        short=f"{entry.short or entry.label} {LOSES_SHORT}",
        warning=warning,
    )


_TYPE_ORDER = {"STR": 0, "INT": 1, "AGL": 2, "MOV": 3}


def _sort_cards(s: State, entries: list[Entry]) -> list[Entry]:
    """Answers that name a card of the hand come sorted by type and power, as the hand is shown."""
    content = s.content

    def card_of(entry: Entry) -> int | None:
        a = entry.action
        return a.card if isinstance(a, Effort | Discard) else None

    cards = [card_of(e) for e in entries]
    slots = [i for i, c in enumerate(cards) if c is not None]
    ordered = sorted(
        (entries[i] for i in slots),
        key=lambda e: (
            _TYPE_ORDER[content.power_type[card_of(e) or 0]],
            content.power[card_of(e) or 0],
            card_of(e),
        ),
    )
    out = list(entries)
    for i, entry in zip(slots, ordered):
        out[i] = entry
    return [replace(e, number=n) for n, e in enumerate(out, start=1)]


def card_menu(s: State, moves: Iterable[Move]) -> list[Entry]:
    """Which card to play for a MOVE in one direction."""
    content = s.content
    out: list[Entry] = []
    for action in sorted(
        moves,
        key=lambda a: (content.power_type[a.card] != "MOV", content.power[a.card], a.card),
    ):
        card = action.card
        m = R.monster(s, content.slot[card])
        bonus = "; draws a bonus card" if content.power_type[card] == "MOV" else ""
        label = f"play {card_label(content, card)}: wandering monster {m.name}{bonus}"
        short = f"play {card_label(content, card)}: {m.name}{' +bonus' if bonus else ''}"
        entry = Entry(len(out) + 1, label, command_for(s, action), action, short=short)
        out.append(_warned(entry, loss_warning(s, action)))
    return out


# ---- odds ------------------------------------------------------------------------------------


def odds(s: State) -> list[str]:
    """What the rule being resolved needs, in numbers (the target, the sum so far, the chances)."""
    content = s.content
    prompt = s.prompt
    frame = s.stack[-1] if s.stack else None
    lines: list[str] = []
    if prompt == "blessing":
        lines.append("Hero's Blessing (once): discard any cards, then draw as many new ones.")
    elif prompt == "turn":
        room = content.rooms[s.grid[s.pos]]
        rest = (
            f"REST draws up to {R.HP_MAX - room.danger}" if s.fruits else "no Fruit left: no REST"
        )
        lines.append(
            f"Your turn: REST, DO ACTION or MOVE. Here: {room.name}, danger {room.danger} ({rest})."
        )
    elif prompt == "rest-discard":
        limit = R.HP_MAX - R.danger(s)
        lines.append(
            f"REST: discard first if you like, then draw up to {limit}; "
            f"you hold {s.hp}, so you draw {max(0, limit - s.hp)}."
        )
    elif isinstance(frame, TestFrame) and prompt in ("test-effort", "test-second"):
        stat, difficulty = frame.stat, frame.difficulty
        stat_now = R.stat(s, stat)
        lines.append(
            f"{stat} test of {difficulty}: two effort cards + {stat} {stat_now:+d} "
            f"must reach {difficulty}."
        )
        if prompt == "test-effort":
            article = "an" if stat[0] in "AEIOU" else "a"
            lines.append(
                f"Play a first card; {article} {stat} card draws a bonus card. "
                f"The cards need {difficulty - stat_now} together."
            )
        else:
            total = sum(content.power[c] for c in s.effort) + stat_now
            verdict = "a win" if total >= difficulty else "a loss"
            lines.append(
                f"Effort {' + '.join(card_label(content, c) for c in s.effort)} with {stat} "
                f"{stat_now:+d}: {total} against {difficulty}, {verdict} as it stands."
            )
    elif isinstance(frame, MeleeFrame):
        cmb = R.combat_frame(s)
        assert cmb is not None
        m = R.monster(s, cmb.slot)
        first = s.effort[0] if s.effort else None
        target, words, bonus = melee_parts(s, cmb, first, frame.weapon)
        lines.append(
            f"Melee with the {m.name}: two effort cards + your bonuses ({', '.join(words) or 'none'}) "
            f"must reach STR {target}."
        )
        if prompt == "melee-effort":
            lines.append(
                f"Play a first card; a STR card draws a bonus card. The cards need {target - bonus} together."
            )
        else:
            total = sum(content.power[c] for c in s.effort) + bonus
            if prompt == "melee-first":
                lines.append(
                    f"So far {total} of {target}: the second card {need_text(s, target - total)}."
                )
            else:
                verdict = "a win" if total >= target else "a loss"
                lines.append(
                    f"Effort and bonuses: {total} against {target}, {verdict} as it stands."
                )
    elif isinstance(frame, CombatFrame) and prompt == "combat":
        m = R.monster(s, frame.slot)
        lines.append(f"Combat with the {monster_text(m)} (STR/INT/AGL, gold).")
        need = R.run_need(s, frame.slot)
        if Run() in s.options:
            lines.append(
                "Run away: free, your INT is enough."
                if need <= 0
                else f"Run away: discard cards with power {need} or more in all (monster INT {m.INT})."
            )
        else:
            lines.append(f"You cannot run: your hand has less than the power {need} it takes.")
        target, words, bonus = melee_parts(s, frame)
        lines.append(f"Fight: {fight_text(s, frame)}: cards + {bonus} against STR {target}.")
        if frame.weak:
            lines.append(f"The monster has {frame.weak} less STR this combat.")
    elif isinstance(frame, CombatFrame) and prompt in ("ranged", "ranged-miss", "ranged-end"):
        m = R.monster(s, frame.slot)
        if prompt == "ranged":
            lines.append(
                f"Ranged attack: CHECK1 + AGL must reach the {m.name}'s AGL {m.AGL}; a hit defeats it."
            )
        elif prompt == "ranged-miss":
            lines.append("The shot misses as it stands; a second CHECK1 could still hit.")
        else:
            lines.append("The ranged attack is over.")
    elif isinstance(frame, RunFrame):
        lines.append(f"Running away: discard power {frame.need} more (card by card).")
    elif prompt in ("guess", "regenerate-guess"):
        chances = guess_odds(s)
        each = ", ".join(f"{n}: {percent(chances[n])}" for n in range(1, 6))
        if prompt == "regenerate-guess":
            lines.append("Regenerate check: guess 1-5, then CHECK1; a right guess brings it back.")
        elif right_guess_hurts(s):
            lines.append("Holy Water: guess 1-5, then CHECK1; a wrong guess destroys it.")
        else:
            lines.append("GUESS1: guess 1-5, then CHECK1 shows the answer.")
        lines.append(f"Chance that each guess is right, from the cards unseen: {each}.")
    elif prompt == "before-regenerate":
        lines.append("Defeated, but it may regenerate: this is the moment to stop that.")
    elif prompt == "wandering-check":
        roll = next((f.roll for f in reversed(s.stack) if isinstance(f, MoveFrame)), 0)
        lines.append(
            f"Wandering-monster check: {roll} is not above danger {R.danger(s)}: "
            "a monster comes, unless you change the CHECK1."
        )
    elif prompt == "round-lost":
        lines.append("You lost this round of melee: something could spare you its cost.")
    elif prompt == "lose-hp":
        lines.append(f"LOSE HP: choose the card to lose ({lose_hp_left(s)} to go).")
    elif prompt == "hp-over-max":
        lines.append(f"You hold {s.hp} cards, more than {R.HP_MAX}: discard down to {R.HP_MAX}.")
    elif prompt == "inventory-full":
        lines.append(
            f"Your inventory needs {R.slots_used(s)} slots of {R.capacity(s)}: give something up."
        )
    elif prompt == "retry":
        lines.append("Try the test again (another loss costs again), or give up for now.")
    elif prompt == "stolen":
        lines.append("The monster steals: choose what it takes.")
    elif prompt == "meet":
        lines.append(
            f"You may know {R.max_skills(s)} skills (INT {s.INT} + 1); you know {len(s.skills)}."
        )
    elif prompt == "detect":
        lines.append("DETECT: choose the potion to identify.")
    elif prompt == "reveal":
        if isinstance(frame, PlaceFrame) and frame.room:
            drawn = content.rooms[frame.room]
            acts = ", ".join(a.name for a in drawn.actions) or "none"
            lines.append(
                f"REVEAL: you drew the {drawn.name} (danger {drawn.danger}; actions: {acts})."
            )
        lines.append("Choose where it goes: an empty place next to a revealed room ('map').")
    elif prompt == "teleport":
        lines.append("Teleport: choose a revealed room (no wandering monster on arrival).")
    elif prompt == "forced-move":
        lines.append("It is pitch black here: you must MOVE on at once.")
    elif prompt.startswith("window-"):
        lines.append("A moment to drink a potion or use something, or go on.")
    return lines


# ---- commands -----------------------------------------------------------------------------

_CARD = re.compile(r"^([1-5])\s*(str|int|agl|mov)\s*([ab])?$")
SHELL_WORDS = {
    "help": "help",
    "?": "help",
    "h": "help",
    "rules": "rules",
    "rule": "rules",
    "save": "save",
    "quit": "quit",
    "exit": "quit",
    "q": "quit",
    "undo": "undo",
    "look": "look",
    "hint": "hint",
    "l": "look",
    "status": "hero",
    "hero": "hero",
    "me": "hero",
    "map": "map",
    "inventory": "inventory",
    "inv": "inventory",
    "pack": "inventory",
    "i": "inventory",
    "room": "room",
    "log": "log",
    "answers": "answers",
    "more": "answers",
    "cancel": "cancel",
    "back": "cancel",
}
DETAILS = ("hero", "map", "inventory", "room", "log", "answers")
"""Shell words that show one part of the game in full (the screen shows it short)."""


@dataclass(frozen=True)
class Parsed:
    """What an answer means: an action, a MOVE direction (the card comes next), a shell
    command (``word``, ``arg``), or ``kind="error"`` with the reason in ``arg``."""

    kind: str
    action: Action | None = None
    entry: Entry | None = None
    word: str = ""
    arg: str = ""


def normalise(text: str) -> str:
    """Lower case, no brackets or commas, ``3str`` as ``3 str``, single spaces.

    >>> normalise("  Move North, 3STR (a) ")
    'move north 3 str a'
    """
    text = re.sub(r"[(),#]", " ", text.lower())
    text = re.sub(r"(\d)([a-z])", r"\1 \2", text)
    return " ".join(text.split())


def command_for(s: State, action: Action | Undo) -> str:
    """The short command that chooses ``action`` (what :func:`parse` reads back)."""
    content = s.content
    things = inventory(s)
    if isinstance(action, Act):
        return f"act {action.position + 1}"
    if isinstance(action, Move):
        return f"move {DIRECTION_NAMES[action.direction]} {card_label(content, action.card)}"
    if isinstance(action, Effort):
        return f"play {card_label(content, action.card)}"
    if isinstance(action, Discard):
        return f"discard {card_label(content, action.card)}"
    if isinstance(action, Drink | Use | Detect):
        number = things.index(action.card) + 1 if action.card in things else action.card
        return f"{action.kind} {number}"
    if isinstance(action, Drop | GiveUp):
        verb = "drop" if isinstance(action, Drop) else "give"
        if isinstance(action.what, str):
            return f"{verb} {action.what}"
        return f"{verb} {things.index(action.what) + 1 if action.what in things else action.what}"
    if isinstance(action, SwapSkill):
        return f"skill {action.skill} {card_label(content, action.card)}"
    if isinstance(action, UseSkill):
        return f"skill {action.skill}"
    if isinstance(action, Place | Teleport):
        x, y = xy(action.pos)
        return f"{action.kind} {x} {y}"
    if isinstance(action, Shoot):
        return f"shoot {action.arrow}"
    if isinstance(action, Guess):
        return f"guess {action.number}"
    if isinstance(action, Replace):
        return f"replace {action.character}"
    return action.kind


_MORE_WORDS: dict[type, tuple[str, ...]] = {
    Run: ("run away", "flee"),
    Pass: ("go on", "continue", "no", "skip"),
    Done: ("keep", "draw", "ok"),
    GoToMelee: ("no shot", "go to melee"),
    Retry: ("try again", "again"),
    Stop: ("give up",),
}


def _phrases(s: State, action: Action) -> list[str]:
    """Every way of writing an action that :func:`parse` accepts."""
    content = s.content
    out = [normalise(command_for(s, action))]
    if isinstance(action, Effort | Discard | Move):
        label = normalise(card_label(content, action.card))
        short = label[:-2]
        if isinstance(action, Move):
            for word in (DIRECTION_NAMES[action.direction], action.direction):
                out += [
                    f"move {word} {label}",
                    f"move {word} {short}",
                    f"move {word} playing {label}",  # as the log and the hint print it
                    f"move {word} playing {short}",
                    f"{word} {label}",
                    f"{word} {short}",
                ]
        else:
            verbs = (
                ("play", "effort", "") if isinstance(action, Effort) else ("discard", "lose", "")
            )
            for verb in verbs:
                out += [f"{verb} {label}".strip(), f"{verb} {short}".strip()]
    elif isinstance(action, Act):
        number = action.position + 1
        room_action = content.rooms[s.grid[s.pos]].actions[action.position]
        out += [
            f"do {number}",
            f"action {number}",
            f"do action {number}",
            normalise(room_action.name),
            normalise(room_action.id),
            f"act {normalise(room_action.name)}",
            f"do {normalise(room_action.name)}",
        ]
        for item in room_action.requires:  # "use rope" climbs where a Rope is needed
            part = next(content.item[c] for c in s.items if content.item[c].id == item)
            out.append(f"use {normalise(part.name)}")
    elif isinstance(action, Drink | Use | Detect):
        if action.card not in s.potions or action.card in s.known:
            out.append(f"{action.kind} {normalise(thing(s, action.card))}")
    elif isinstance(action, UseSkill | SwapSkill):
        skill = next(content.skills[c] for c in s.skills if content.skills[c].id == action.skill)
        extra = (
            f" {normalise(card_label(content, action.card))}"
            if isinstance(action, SwapSkill)
            else ""
        )
        out += [f"skill {normalise(skill.name)}{extra}", f"use {normalise(skill.name)}{extra}"]
    elif isinstance(action, Replace):
        out.append(f"replace {normalise(content.skills[action.character].name)}")
    elif isinstance(action, Shoot):
        out.append(
            {"arrow": "shoot", "magic": "shoot magic arrow", "vampiric": "shoot vampiric arrow"}[
                action.arrow
            ]
        )
    elif isinstance(action, Teleport):
        room = s.grid.get(action.pos)
        if room is not None:
            out.append(f"teleport {normalise(content.rooms[room].name)}")
    elif isinstance(action, Drop | GiveUp) and isinstance(action.what, int):
        verb = "drop" if isinstance(action, Drop) else "give"
        out.append(f"{verb} {normalise(thing(s, action.what))}")
    out.extend(_MORE_WORDS.get(type(action), ()))
    return out


def printed_words(entry: Entry) -> list[str]:
    """What the screen prints for an answer, as it may be typed back: its whole label
    (or short label), or the label up to any of its colons or brackets.

    >>> printed_words(Entry(1, "DO ACTION 1: Study [costs 3 gold]", "act 1"))
    ['do action 1: study [costs 3 gold]', 'do action 1', 'do action 1: study']
    """
    out = [normalise(entry.label)]
    for label in (entry.label, entry.short):
        cuts = [m.start() for m in re.finditer(r"[:(\[]", label)]
        for words in (normalise(label[:cut]) for cut in [*cuts, len(label)]):
            if words and words not in out:
                out.append(words)
    return out


def parse(s: State, text: str, menu: list[Entry]) -> Parsed:
    """Read one answer against the current question (``menu`` from :func:`build_menu`,
    or a card menu while a MOVE waits for its card)."""
    words = normalise(text)
    if not words:
        return Parsed("empty")
    if words.isdigit():
        number = int(words)
        for entry in menu:
            if entry.number == number:
                if entry.action is not None:
                    return Parsed("action", entry.action)
                return Parsed("direction", entry=entry)
        return Parsed("error", arg=f"no answer numbered {number} (1-{len(menu)})")
    head, _, rest = words.partition(" ")
    if head in SHELL_WORDS and (SHELL_WORDS[head] in ("rules", "help") or not rest):
        return Parsed("shell", word=SHELL_WORDS[head], arg=rest)
    for action in s.options:
        if words in _phrases(s, action):
            return Parsed("action", action)
    for entry in menu:  # an answer typed as the screen prints it
        if words in printed_words(entry):
            if entry.action is not None:
                return Parsed("action", entry.action)
            return Parsed("direction", entry=entry)
    # a direction alone, or "move DIRECTION": the card is asked next
    direction_text = words.removeprefix("move ")
    direction = DIRECTION_WORDS.get(direction_text)
    if direction is not None:
        found = next((e for e in menu if e.moves and e.moves[0].direction == direction), None)
        if found is not None:
            return Parsed("direction", entry=found)
        return Parsed("error", arg=f"you cannot MOVE {DIRECTION_NAMES[direction]} now")
    if head in ("act", "do") and rest.isdigit() and s.prompt == "turn":
        return Parsed("error", arg=why_not(s, int(rest) - 1))
    reason = _why_not_offered(s, head, rest)
    if reason:
        return Parsed("error", arg=f"'{text.strip()}' is not possible now: {reason}")
    if head in (
        "drink",
        "use",
        "detect",
        "drop",
        "give",
        "act",
        "do",
        "play",
        "discard",
        "move",
        "skill",
        "guess",
        "place",
        "teleport",
        *COMBAT_WORDS,
    ):
        return Parsed(
            "error", arg=f"'{text.strip()}' is not possible now (answer with a number, or 'help')"
        )
    return Parsed(
        "error", arg=f"'{text.strip()}' is not understood (answer with a number, or 'help')"
    )


PACK_VERBS = ("drink", "use", "detect", "drop", "give")
"""The answers that name an inventory card by its number in the Pack row."""
COMBAT_WORDS = ("fight", "run", "melee", "shoot")
"""The answers that only a combat asks for."""


def _why_not_offered(s: State, head: str, rest: str) -> str:
    """Why a skill or an inventory card the player names is not offered now ("" if it is
    no such thing)."""
    from companion.games.dungeon_of_d.effects import why_no_skill, why_no_use

    content = s.content
    if head in ("skill", "use") and rest:
        for character in s.skills:
            sk = content.skills[character]
            if rest.startswith((normalise(sk.name), sk.id)):
                return why_no_skill(s, sk)
    things = inventory(s)
    if head in ("use", "drink") and rest.isdigit() and 1 <= int(rest) <= len(things):
        return why_no_use(s, things[int(rest) - 1])
    if head in PACK_VERBS and rest.isdigit() and not 1 <= int(rest) <= len(things):
        if not things:
            return f"there is no #{rest}: the Pack holds no cards"
        return f"there is no #{rest}: the Pack numbers its cards #1-#{len(things)}"
    if head in COMBAT_WORDS and R.combat_frame(s) is None:
        return "no combat is going on"
    if head == "rest" and not rest:
        return why_no_rest(s)
    if head in ("use", "drink"):
        for card in things:
            if rest == normalise(thing(s, card)):
                return why_no_use(s, card)
    return ""


def why_no_rest(s: State) -> str:
    """Why REST is not offered now (rulebook 5.1), in a few words."""
    if s.prompt == "forced-move":
        return "it is pitch black here: you must MOVE on at once"
    if s.prompt != "turn":
        return "REST is one of the three things a turn may do, and this is not the turn's question"
    if not s.fruits:
        return "REST eats a Fruit, and you have none"
    return ""


def why_not(s: State, index: int) -> str:
    """Why the room's action ``index`` cannot be chosen now (the engine's reason)."""
    from companion.games.dungeon_of_d.engine import why_unavailable

    room = s.content.rooms[s.grid[s.pos]]
    reason = why_unavailable(s, index)
    if not 0 <= index < len(room.actions):
        return reason or ""
    head = f"DO ACTION {index + 1} ({room.actions[index].name}) is not possible now"
    return f"{head}: {reason or 'it is not your turn'}"


# ---- events in words ---------------------------------------------------------------------------


# ---- the screen ---------------------------------------------------------------------------------


def build_screen(
    game: Game,
    happened: list[str] | None = None,
    notes: list[str] | None = None,
    menu: list[Entry] | None = None,
) -> Screen:
    """The screen of a game as it stands."""
    s = game.state
    content = s.content
    skulls = R.skulls(s) if s.level else 0
    training = "  [TRAINING: score 0]" if game.training else ""
    where = (
        f"turn {s.turn} · level {s.level} ({skulls} skull{'s' if skulls != 1 else ''})"
        if s.level
        else "Hero's Blessing, before level 1"
    )
    title = f"Dungeon of D · {game.name or 'unsaved'} · seed {game.seed} · {where}{training}"
    level_lines: list[str] = []
    if s.level:
        monsters = [monster_text(R.monster(s, slot), slot) for slot in range(1, 5)]
        level_lines = [
            f"Monsters: {monsters[0]} | {monsters[1]}",
            f"          {monsters[2]} | {monsters[3]}",
        ]
    skills = ", ".join(content.skills[c].name for c in s.skills)
    stats = f"STR {R.stat(s, 'STR'):+d} AGL {R.stat(s, 'AGL'):+d} INT {R.stat(s, 'INT'):+d}"
    status = [f"gold {s.gold}", f"Fruits {s.fruits}", f"Arrows {s.arrows}"]
    if s.poisoned:
        status.append("POISONED!")
    if s.amulet:
        status.append("AMULET OF D'EUGOR")
    hero = [
        f"{content.character_names[s.character]} · skills: {skills} · {stats}",
        f"{' · '.join(status)}",
        "HP "
        + str(s.hp)
        + ": "
        + (", ".join(card_label(content, c) for c in _sorted_hand(s)) or "no cards"),
    ]
    things = inventory(s)
    if things or s.fruits or s.arrows:
        stuff = [f"#{i} {thing(s, c)}" for i, c in enumerate(things, start=1)]
        hero.append(
            f"Inventory ({R.slots_used(s)} of {R.capacity(s)} slots): "
            + (", ".join(stuff) or counters_only(s))
        )
    room_lines: list[str] = []
    if s.level and s.grid:
        room = content.rooms[s.grid[s.pos]]
        tired = " (exhausted: no actions)" if s.pos in s.exhausted else ""
        room_lines.append(f"You are in the {room.name}, danger {room.danger}{tired}.")
        if s.pos not in s.exhausted:
            for action in room.actions:
                gate = "" if action.lowest <= s.level <= action.highest else " (not on this level)"
                auto = "((A)) " if action.automatic and not action.text.startswith("((A))") else ""
                room_lines.append(f"  {action.index + 1}. {auto}{action.name}: {action.text}{gate}")
    top = card_label(content, s.discard[-1]) if s.discard else "empty"
    table = (
        f"Discard pile: {top} on top ({len(s.discard)} cards) · power deck {len(s.deck)} · "
        f"room deck {len(s.room_deck)}"
    )
    if s.wander >= 0:
        table += f" · wandering-monster place: {card_label(content, s.wander)}"
    if s.effort:
        table += f" · effort: {', '.join(card_label(content, c) for c in s.effort)}"
    screen = Screen(
        title=title,
        map=map_lines(s),
        map_cells=map_rows(s),
        map_key=(legend(s) + "  (@ you, digit danger, x exhausted, ? unexplored)")
        if s.grid
        else "",
        level=level_lines,
        hero=hero,
        room=room_lines,
        table=table,
        happened=list(happened or []),
        question=odds(s),
        menu=menu if menu is not None else build_menu(s),
        notes=list(notes or []),
    )
    _compact(s, screen)
    if s.outcome is not None:
        screen.ending = ending_lines(game)
        screen.menu = []
        screen.question = []
    return screen


SHORT_ABILITIES = {"regenerate": "regen"}


def short_card(content: Content, card: int) -> str:
    """``"3STR"``: a power card in four characters."""
    return f"{content.power[card]}{content.power_type[card]}"


def _compact(s: State, screen: Screen) -> None:
    """The short forms the 80×24 screen shows (see :mod:`companion.ui.dungeon_of_d.layout`)."""
    content = s.content
    if s.grid:
        screen.map_x, screen.map_y = map_axes(s)
    name = content.character_names[s.character]
    screen.status = [
        f"{name}  gold {s.gold}  Fruits {s.fruits}  Arrows {s.arrows}",
        f"STR {R.stat(s, 'STR'):+d} AGL {R.stat(s, 'AGL'):+d} INT {R.stat(s, 'INT'):+d}"
        + ("  POISONED!" if s.poisoned else "")
        + ("  AMULET" if s.amulet else ""),
        "Skills: " + ", ".join(content.skills[c].name for c in s.skills),
    ]
    if s.level:
        for slot in range(1, 5):
            m = R.monster(s, slot)
            tags = [SHORT_ABILITIES.get(a, a) for a in m.abilities] + (
                ["undead"] if m.undead else []
            )
            screen.monsters.append(
                f"{slot} {m.name} {m.STR}/{m.INT}/{m.AGL} {m.gold}g {' '.join(tags)}".rstrip()
            )
    parts = [
        f"HP {s.hp}: " + (" ".join(short_card(content, c) for c in _sorted_hand(s)) or "no cards")
    ]
    if s.effort:
        parts.append("effort " + " ".join(short_card(content, c) for c in s.effort))
    if s.wander >= 0:
        parts.append(f"wandering place {short_card(content, s.wander)}")
    top = short_card(content, s.discard[-1]) if s.discard else "none"
    parts.append(f"discard {top} ({len(s.discard)})")
    parts.append(f"deck {len(s.deck)}")
    screen.info = [" · ".join(parts)]
    things = inventory(s)
    if things or s.fruits or s.arrows:
        screen.pack_items = [f"#{i} {thing(s, c)}" for i, c in enumerate(things, start=1)]
        screen.pack_head = f"Pack ({R.slots_used(s)} of {R.capacity(s)} slots): "
        screen.pack_line = screen.pack_head + (", ".join(screen.pack_items) or counters_only(s))
    if s.level and s.grid and s.prompt == "turn":
        room = content.rooms[s.grid[s.pos]]
        if s.pos in s.exhausted:
            screen.room_line = f"In the {room.name} (danger {room.danger}): exhausted, no actions"
        else:
            acts = " · ".join(f"{a.index + 1} {a.name}" for a in room.actions)
            screen.room_line = f"In the {room.name} (danger {room.danger}): {acts}"


def counters_only(s: State) -> str:
    """An inventory of no cards, only Fruits or Arrows: which of them it holds."""
    held = [name for name, n in (("Fruits", s.fruits), ("Arrows", s.arrows)) if n]
    return f"{' and '.join(held)} only"


def _sorted_hand(s: State) -> list[int]:
    content = s.content
    order = {"STR": 0, "INT": 1, "AGL": 2, "MOV": 3}
    return sorted(s.hand, key=lambda c: (order[content.power_type[c]], content.power[c], c))


def ending_lines(game: Game) -> list[str]:
    """How the game ended, and its score with the parts the rulebook adds up."""
    s = game.state
    if s.outcome == "lost":
        lines = [f"YOU LOSE on level {s.level}, turn {s.turn}. Score: 0."]
    else:
        amulet = " WITH THE AMULET OF D'EUGOR" if s.amulet else ""
        lines = [f"YOU ESCAPED{amulet} from level {s.level}, turn {s.turn}."]
        parts = breakdown(game)
        if game.training:
            lines.append("Training mode (a move was taken back): score 0.")
        else:
            lines.append(
                f"Score {game.score.total} = amulet {parts['amulet']} + gold {s.gold}×10 = {parts['gold']}"
                f" + inventory {parts['inventory']} + level {s.level}×100 = {parts['level']}"
            )
    if game.training and s.outcome == "lost":
        lines.append("Training mode (a move was taken back).")
    return lines


def render_plain(screen: Screen, full: bool = True) -> str:
    """The screen as plain text (for scripted games and logs)."""
    out: list[str] = []
    if screen.happened:
        out.append("What happened:")
        out.extend(f"  {line}" for line in screen.happened)
    out.extend(screen.notes)
    if full:
        out.append(f"== {screen.title} ==")
        if screen.map:
            out.append("Map:")
            out.extend(screen.map)
            out.append(f"  {screen.map_key}")
        out.extend(screen.level)
        out.extend(screen.hero)
        out.append(screen.table)
        out.extend(screen.room)
    out.extend(screen.ending)
    out.extend(screen.question)
    for entry in screen.menu:
        out.append(f"  {entry.number:>2}) {entry.label}")
    return "\n".join(_fit(line) for line in out)


def _fit(line: str) -> str:
    """Lines are cut at 80 columns only in the menu's descriptions; the rest wraps by itself."""
    return line


def render_rich(screen: Screen, full: bool = True, columns: int = 80, rows: int = 24) -> Any:
    """The screen for a terminal of ``columns`` × ``rows`` (80×24 at least): one row is
    left for the prompt (:mod:`companion.ui.dungeon_of_d.layout`); ``full=False``: the
    question and the answers only."""
    from companion.ui.dungeon_of_d import layout

    height = rows - 1
    lines = (
        layout.arrange(screen, height, columns) if full else answer_rows(screen, height, columns)
    )
    return rows_to_rich(lines)


def answer_rows(screen: Screen, height: int | None = None, columns: int = 80) -> list[Any]:
    """The question and the numbered answers alone, within ``height`` rows."""
    from companion.ui.dungeon_of_d import layout

    height = max(layout.HEIGHT, layout.HEIGHT if height is None else height)
    columns = max(layout.WIDTH, columns)
    question = layout.question_rows(screen, size=columns)
    menu = layout.menu_rows(screen.menu, size=columns)
    if len(question) + len(menu) > height:
        menu = layout.menu_rows(screen.menu, rows=height - len(question), columns=2, size=columns)
    return [*question, *menu]


def rows_to_rich(rows: list[Any]) -> Any:
    """Layout rows as Rich text, one line each (never wrapped)."""
    from rich.text import Text

    from companion.ui.dungeon_of_d.layout import STYLES

    text = Text(no_wrap=True, overflow="ellipsis")
    for i, row in enumerate(rows):
        if i:
            text.append("\n")
        for piece, style in row:
            text.append(piece, style=STYLES.get(style, style) or None)
    return text


def rows_to_text(rows: list[Any]) -> str:
    return "\n".join("".join(piece for piece, _ in row) for row in rows)


# ---- help and rules ---------------------------------------------------------------------------

HELP = """Answer with the number of a choice, or with what it says, or a command:
  rest · act N (the room's action N) · move north|east|south|west [CARD]
  play CARD (first effort card) · discard CARD · fight · run · melee
  shoot [magic|vampiric] · drink N · use N (or use NAME: use rope) · detect N
  drop N · give N · guess N · skill NAME · learn · decline · place X Y
  teleport X Y · pass (go on) · done · retry · stop · cancel (a MOVE's card)
In full: hero · map (with its key) · inventory (with the points) · room · log
  (what the last answer did) · answers (every answer) · look (the screen)
hint: what the planner bot would answer now, and why
undo (take back the last action: training mode, score 0) · save · quit
rules [TOPIC]: turn, rest, action, move, combat, test, potions, poison,
  monsters, inventory, skills, levels, scoring
A CARD is written 3 STR or 3 STR a; the numbers N are those of the Pack row."""

RULES = {
    "turn": "Each turn you pick one thing: REST, DO ACTION (one action of the room you are in) "
    "or MOVE to a neighbouring room. Your HP is the number of cards in your hand, 9 at most; "
    "with no card left in hand the game is lost at once.",
    "rest": "REST needs a Fruit and eats it. You may first discard cards (keep at least one), then you "
    "draw until you hold 9 minus the room's danger level. Then the discard pile and the power deck "
    "are shuffled together. Resting also ends Poisoned!.",
    "action": "DO ACTION: choose one of the room's actions. ((A)) actions happen by themselves when you "
    "walk in or are teleported in. (A ≥ 3), (A ≥ 5) and (A < 8) work only on those levels. "
    "Actions with + steps go on step by step from the first. An exhausted room has no actions. "
    "A + after a number adds the level's skulls.",
    "move": "Put a card from your hand on the wandering-monster place (a MOV card draws a bonus "
    "card), step north, east, south or west (never diagonally); an empty place turns over the top "
    "room card. Then CHECK1: a result at or below the new room's danger means the monster printed "
    "on your played card attacks. Then the room's ((A)) actions happen.",
    "combat": "At the start of each round of a combat you run away or fight. Running: discard cards whose "
    "power plus your INT reaches the monster's INT; the combat is lost. Fighting: one ranged shot "
    "if you have arrows (CHECK1 + AGL against its AGL: a hit defeats it), then melee: play a first "
    "effort card (a STR card draws a bonus card), the second comes from the deck, and the two plus "
    "your STR must reach its STR. A lost round costs 1 HP (or its Poison, Steal or Curse) and the "
    "combat starts again. Regenerate: after each defeat, guess 1-5 and CHECK1; a right guess "
    "brings it back.",
    "test": "A test (INT or AGL) works like melee: a first effort card from your hand (one of the test's "
    "type draws a bonus card), a second from the deck, and the two plus your stat must reach the "
    "difficulty. W and L on the card say what a win and a loss do.",
    "potions": "Potions arrive unidentified until you DETECT them. You may drink one (known or not) only "
    "at the start or end of a turn, a test, a combat or a melee round, and never as a way to save "
    "your last HP. Each potion is worth 10 points when you escape.",
    "inventory": "Your inventory has 8 slots: one a card, all your Fruits in one, all your Arrows in one, "
    "each other kind of arrow in one. Fruits and Arrows go up to 4. Gold goes up to 79. A unique "
    "special item cannot be held twice.",
    "skills": "You may know INT + 1 skills, your own included. Meeting a character lets you learn theirs "
    "(or forget one you learnt to make room).",
    "levels": "Each level has 9 rooms: the Mystic Portal always among them (and on level 8 the Pit of "
    "Darkness). The portal takes you down a level, or, from level 5 on, out of the dungeon after "
    "an INT test. The Pit holds the Ice Dragon and the Amulet of D'eugor.",
    "scoring": "Lost: 0 points. Escaped: 5000 with the Amulet of D'eugor, plus 10 a gold piece, plus the "
    "stars of your inventory (10 a potion, 10 a Fruit, 5 an Arrow), plus 100 a dungeon level. "
    "Taking a move back turns on training mode: the score is then 0.",
}


def _names(parts: list[str]) -> str:
    return ", ".join(sorted(set(parts))) or "nothing"


def poison_rules(content: Content) -> str:
    """Poisoned! as the cards make it (its odds, what ends it), in words."""
    hurt_on = " or ".join(str(n) for n in sorted(content.poison_hurt_on))
    cures = [p.name for p in content.potion if p.effect == "soothe"]
    cures += [
        room.name
        for room in content.rooms.values()
        for action in room.actions
        if action.steps >= 0
        and any(st.do == "cure-poison" for st in content.steplists[action.steps])
    ]
    wards = [p.name for p in content.special if p.effect == "poison-immunity"]
    rest = " A REST ends it." if content.poison_rest_cures else ""
    return (
        f"While the Poisoned! card lies above your hero, every turn ends with a CHECK1: "
        f"{hurt_on} costs you 1 HP, anything else does nothing.{rest} "
        f"Poisoned again while Poisoned!: LOSE {content.poison_again_loses} HP instead. "
        f"It also ends with: {_names(cures)}. Kept away by: {_names(wards)}. "
        "Monsters with the poison keyword poison you when you lose a round against them."
    )


def monster_rules(s: State) -> str:
    """Every monster keyword, one a line, and the level's four monsters with theirs."""
    content = s.content
    undead = [p.name for p in content.special if p.against == "undead"]
    undead += [sk.name for sk in content.skills.values() if sk.against == "undead"]
    flying = [sk.name for sk in content.skills.values() if sk.against == "flying"]
    smart = [sk.name for sk in content.skills.values() if sk.against == "smart"]
    smart += [p.name for p in content.item if p.effect == "escape-combat" and p.against == "smart"]
    necklace = [p.name for p in content.special if p.effect == "cancel-regenerate"]
    lines = [
        "the keywords printed on monsters:",
        f"  undead: {_names(undead)} work only against them.",
        f"  flying: no rule of its own; {_names(flying)} shoots better at them.",
        f"  smart: no rule of its own; {_names(smart)} do not work on them.",
        "  regenerate (regen): after each defeat (its gold paid) GUESS1; a right guess",
        f"    brings it back and the combat goes on. {_names(necklace)} stops the check.",
        "  poison: a lost round gives you Poisoned! instead of 1 HP ('rules poison').",
        "  steal: a lost round costs an item, special item, potion or one Arrow of your",
        "    choice instead (never a Fruit); with none of them, 1 HP.",
        "  curse: a lost round costs as much gold as the level has skulls instead;",
        "    without that much gold, 1 HP.",
    ]
    if s.level:
        lines.append("This level (STR/INT/AGL, gold):")
        lines += [f"  {monster_text(R.monster(s, slot), slot)}" for slot in range(1, 5)]
    return "\n".join(lines)


RULE_TOPICS = (*RULES, "poison", "monsters")


def rules_text(s: State, topic: str) -> str | None:
    """The rules of one topic, or None for an unknown topic."""
    if topic == "poison":
        return poison_rules(s.content)
    if topic in ("monsters", "monster", "keywords"):
        return monster_rules(s)
    return RULES.get(topic)


HINT_WIDTH = 120
"""The longest hint line that names its answer in full; a longer one takes the short label."""


def _said_once(label: str, reason: str) -> str:
    """``label: reason``, without the reason's opening words where the label already holds
    them ("[INT test of 8]: INT test of 8: 57% to win it" said the test twice).

    >>> _said_once("Open the chest [INT test of 8].", "INT test of 8: 57% to win it")
    'Open the chest [INT test of 8]: 57% to win it'
    >>> _said_once("Rest", "HP 3: rest draws 2")
    'Rest: HP 3: rest draws 2'
    """
    label = label.rstrip(".")
    head, sep, rest = reason.partition(": ")
    if sep and head in label:
        reason = rest
    return f"{label}: {reason}"


def hint_line(s: State, menu: list[Entry]) -> str:
    """``hint``: the planner bot's answer as the menu numbers it, and its reason."""
    from companion.games.dungeon_of_d.bots import hint

    if s.outcome is not None:
        return "The game is over: there is nothing left to hint at ('undo' takes back the last action)."
    if not s.options:
        return "No question is open."
    given = hint(s)
    action = given.action
    for entry in menu:
        if entry.action == action and isinstance(action, Move):  # the card list of a MOVE
            return f"Hint: {entry.number}) {did(s, action)}: {given.reason}."
        if entry.action == action:  # the answer as the list prints it, shortened only when long
            whole = f"Hint: {entry.number}) {_said_once(entry.label, given.reason)}."
            if len(whole) <= HINT_WIDTH or not entry.short:
                return whole
            return f"Hint: {entry.number}) {_said_once(entry.short, given.reason)}."
        if isinstance(action, Move) and action in entry.moves:
            return f"Hint: {entry.number}) {did(s, action)}: {given.reason}."
    if isinstance(action, Move):  # the card of a MOVE the player chose another way is asked
        for entry in menu:
            if isinstance(entry.action, Move) and entry.action.card == action.card:
                going = did(s, entry.action).split(",")[0]
                return (
                    f"Hint: {did(s, action)}: {given.reason}. "
                    f"For your {going}: {entry.number}) {entry.short or entry.label}."
                )
    return f"Hint: {describe_action(s, action)}: {given.reason}."


# ---- details on demand ---------------------------------------------------------------------------


def details(game: Game, word: str, happened: list[str], menu: list[Entry]) -> list[str]:
    """One part of the game in full: ``hero``, ``map``, ``inventory``, ``room``, ``log``
    (what the last answer did) or ``answers`` (every answer to the question)."""
    s = game.state
    content = s.content
    if word == "hero":
        lines = [
            f"{content.character_names[s.character]}: gold {s.gold}, Fruits {s.fruits}, Arrows {s.arrows}"
            + (", POISONED!" if s.poisoned else "")
            + (", the Amulet of D'eugor" if s.amulet else "")
        ]
        lines.append(
            "Stats as they count now: "
            + ", ".join(f"{st} {R.stat(s, st):+d} (trained {getattr(s, st):+d})" for st in R.STATS)
        )
        lines.append(f"Skills ({len(s.skills)} of {R.max_skills(s)}):")
        lines += [f"  {content.skills[c].name}: {content.skills[c].text}" for c in s.skills]
        lines.append(
            f"HP {s.hp}: "
            + (", ".join(card_label(content, c) for c in _sorted_hand(s)) or "no cards")
        )
        return lines + details(game, "inventory", happened, menu)
    if word == "inventory":
        things = inventory(s)
        lines = [
            f"Inventory: {R.slots_used(s)} of {R.capacity(s)} slots"
            f" (Fruits {s.fruits}/{content.fruit_max}, Arrows {s.arrows}/{content.arrow_max})"
        ]
        lines += [
            f"  {i}. {thing(s, c)} ({points_text(s, c)}): {part_text(s, c)}"
            for i, c in enumerate(things, start=1)
        ]
        if not things:
            lines.append("  no items, special items or potions")
        total, sure = known_points(s)
        lines.append(
            f"Worth {'at least ' if not sure else ''}{total} points if you escape now "
            f"(a Fruit {content.fruit_stars}, an Arrow {content.arrow_stars}, the rest as above)."
        )
        return lines
    if word == "map":
        if not s.grid:
            return ["No map yet: the dungeon starts after Hero's Blessing."]
        from companion.ui.dungeon_of_d.layout import full_map

        xs, ys = map_axes(s)
        key = legend(s) + "  (@ you, the digit: danger, lower case: exhausted, ?: unexplored)"
        return [
            "Map (x across, y down, as 'place X Y' and 'teleport X Y' read them):",
            *full_map(map_rows(s), xs, ys),
            *textwrap.wrap(key, WIDTH),
        ]
    if word == "room":
        if not s.grid:
            return ["No room yet."]
        room = content.rooms[s.grid[s.pos]]
        lines = [
            f"{room.name} (danger {room.danger}){': exhausted, no actions' if s.pos in s.exhausted else ''}"
        ]
        for action in room.actions:
            gate = "" if action.lowest <= s.level <= action.highest else " (not on this level)"
            auto = "((A)) " if action.automatic and not action.text.startswith("((A))") else ""
            lines.append(f"  {action.index + 1}. {auto}{action.name}: {action.text}{gate}")
        return lines
    if word == "log":
        return (
            ["The last answer:", *(f"  {text}" for text in happened)]
            if happened
            else ["Nothing happened yet."]
        )
    if word == "answers":
        return [f"{e.number:>2}) {e.label}" for e in menu] or ["No question is open."]
    raise ValueError(word)


# ---- the session ----------------------------------------------------------------------------------


GO_ON = "Go on with: "
"""What comes before the command that resumes a game, in the last words of a session."""


class Saver(Protocol):
    """Where a game is kept: :class:`~companion.games.dungeon_of_d.saves.SaveStore` or
    :class:`~companion.games.dungeon_of_d.saves.SaveFile`."""

    def save(self, game: Game) -> None: ...

    def resume(self, game: Game) -> str: ...

    def describe(self, game: Game) -> str: ...

    def moved_on(self, game: Game) -> str: ...


class Output(Protocol):
    def show(self, screen: Screen, full: bool) -> None: ...

    def say(self, text: str) -> None: ...

    def echo(self, text: str) -> None: ...


class PlainOutput:
    """Plain text on a stream (scripted games): every line as it is."""

    def __init__(self, write: Callable[[str], Any]) -> None:
        self.write = write

    def show(self, screen: Screen, full: bool) -> None:
        self.write(render_plain(screen, full) + "\n")

    def say(self, text: str) -> None:
        self.write(text + "\n")

    def echo(self, text: str) -> None:
        self.write(f"> {text}\n")


def small_terminal(columns: int, rows: int) -> str:
    """The warning for a terminal smaller than the screen needs ("" when it is big enough).

    >>> small_terminal(70, 20)
    'This terminal is 70×20: the screen needs 80×24, so parts of it are cut off. Enlarge the window.'
    """
    from companion.ui.dungeon_of_d.layout import HEIGHT, WIDTH

    if columns >= WIDTH and rows >= HEIGHT + 1:
        return ""
    return (
        f"This terminal is {columns}×{rows}: the screen needs {WIDTH}×{HEIGHT + 1}, "
        "so parts of it are cut off. Enlarge the window."
    )


class RichOutput:
    """Rich panels on a terminal."""

    def __init__(self, console: Any) -> None:
        self.console = console

    def show(self, screen: Screen, full: bool) -> None:
        size = self.console.size  # read each time: the terminal may have been resized
        self.console.print(render_rich(screen, full, size.width, size.height))
        warning = small_terminal(size.width, size.height)
        if warning:
            self.console.print(warning, markup=False, highlight=False, style="bold")

    def say(self, text: str) -> None:
        """Print ``text`` wrapped at the terminal's width; a command to go on with (after
        :data:`GO_ON`) is never broken: when the whole does not fit one row, it starts a
        row of its own and is not wrapped by us (a terminal narrower than the command
        folds it, and copying it still gives one line)."""
        head, marker, command = text.rpartition(GO_ON)
        if not marker or len(text) <= self.console.size.width:
            self.console.print(text, markup=False, highlight=False)
            return
        if head.strip():
            self.console.print(head.rstrip(), markup=False, highlight=False)
        self.console.print(f"{GO_ON}{command}", markup=False, highlight=False, soft_wrap=True)

    def echo(self, text: str) -> None:
        pass


class Session:
    """One sitting at a game: read answers, play them, save after every action."""

    def __init__(
        self,
        game: Game,
        saver: Saver,
        output: Output,
        on_end: Callable[[Game], None] | None = None,
        confirm: Callable[[str], bool] | None = None,
    ) -> None:
        self.game = game
        self.saver = saver
        self.output = output
        self.on_end = on_end
        self.confirm = confirm
        """Asks a yes/no question in a terminal (None when answers are scripted: a move
        that loses at once is then announced and played)."""
        self.pending: list[Entry] | None = None
        """The card menu while a MOVE waits for its card."""
        self.ended = False
        self.happened: list[str] = []
        """What the last answer did (for ``log``)."""
        self.pending_question: list[str] = []

    def show(
        self, happened: list[str] | None = None, notes: list[str] | None = None, full: bool = True
    ) -> None:
        if happened is not None:
            self.happened = list(happened)
        screen = build_screen(self.game, self.happened, notes, self.pending)
        if self.pending is not None:
            screen.question = list(self.pending_question)
        self.output.show(screen, full)

    def run(self, read: Callable[[], str | None], echo: bool = False) -> Game:
        """Play until ``quit`` or the end of input (``read`` returns None)."""
        note = self.game.training_note
        self.show(notes=[f"TRAINING MODE (score 0): {note}."] if note else None)
        while True:
            try:
                line = read()
            except KeyboardInterrupt:  # Ctrl-C: every action is saved already
                self.output.say(f"Interrupted. {self._farewell()}")
                return self.game
            if line is None:
                self.output.say(self._farewell())
                return self.game
            if echo:
                self.output.echo(line.strip())
            if not self.answer(line):
                return self.game

    def _farewell(self) -> str:
        """The last words: where the game is kept, or what happened to its save when
        another session moved it on (this one then wrote nothing over it)."""
        game = self.game
        moved = self.saver.moved_on(game)
        if moved:
            return f"Not saved by this session: {moved}. {GO_ON}{self.saver.resume(game)}"
        if game.over:
            return "Game over."
        return f"Game {self.saver.describe(game)}. {GO_ON}{self.saver.resume(game)}"

    def answer(self, line: str) -> bool:
        """Handle one answer; False when the session should end."""
        game = self.game
        parsed = parse(game.state, line, self.menu())
        if parsed.kind == "empty":
            return True
        if parsed.kind == "shell":
            return self.shell(parsed.word, parsed.arg)
        if game.over:
            self.output.say(
                "The game is over: 'undo' takes back the last action (training mode), 'quit' leaves."
            )
            return True
        if parsed.kind == "error":
            self.output.say(parsed.arg)
            return True
        if parsed.kind == "direction":
            assert parsed.entry is not None
            if len(parsed.entry.moves) == 1:
                return self.act(parsed.entry.moves[0])
            self.pending = card_menu(game.state, parsed.entry.moves)
            self.pending_question = [
                parsed.entry.label,
                "Which card do you play on the wandering-monster place? "
                "('cancel' or another command cancels the MOVE)",
            ]
            self.show(full=False)
            return True
        assert parsed.action is not None
        return self.act(parsed.action)

    def act(self, action: Action) -> bool:
        game = self.game
        warning = loss_warning(game.state, action)
        if warning:
            if self.confirm is not None:
                if not self.confirm(f"This {warning}. Play it anyway? [y/N] "):
                    self.output.say("Not played.")
                    self.show(full=False)
                    return True
            else:
                self.output.say(f"Warning: this {warning}.")
        before = game.state.copy()
        game.state.ev = []
        game.play(action)
        events = game.state.ev or []
        game.state.ev = None
        self.pending = None
        self.saver.save(game)
        happened = [f"You: {did(before, action)}", *event_lines(before, game.state, events)]
        self.show(happened)
        if game.over and not self.ended:
            self.ended = True
            if self.on_end is not None:
                self.on_end(game)
        return True

    def menu(self) -> list[Entry]:
        """The answers to the question open now (the card menu while a MOVE waits for one)."""
        if self.pending is not None:
            return self.pending
        return [] if self.game.over else build_menu(self.game.state)

    def shell(self, word: str, arg: str) -> bool:
        game = self.game
        if word in ("help", "rules", "hint") or word in DETAILS:
            if word == "help":
                self.output.say(HELP)
            elif word == "rules":
                topic = arg.strip()
                text = rules_text(game.state, topic)
                if text is not None:
                    self.output.say(f"{topic.upper()}: {text}")
                else:
                    self.output.say(
                        f"Rules topics: {', '.join(RULE_TOPICS)} (e.g. 'rules combat')."
                    )
            elif word == "hint":
                self.output.say(hint_line(game.state, self.menu()))
            else:
                self.output.say("\n".join(details(game, word, self.happened, self.menu())))
            if not game.over and word != "answers":
                self.show(full=False)  # the question stays in sight
        elif word == "look":
            self.show()
        elif word == "cancel":
            if self.pending is None:
                self.output.say("Nothing to cancel: no MOVE is waiting for its card.")
            else:
                self.pending = None
                self.output.say("MOVE cancelled.")
                self.show(full=False)
        elif word == "save":
            self.saver.save(game)
            where = self.saver.describe(game)
            self.output.say(
                f"{where[0].upper()}{where[1:]} (the game is saved after every action)."
            )
        elif word == "quit":
            self.output.say(self._farewell())
            return False
        elif word == "undo":
            if not game.actions:
                self.output.say("Nothing to undo yet.")
                return True
            taken = game.actions[-1]
            game.undo()
            self.pending = None
            self.ended = False
            self.saver.save(game)
            if self.on_end is not None:
                self.on_end(game)
            self.show(
                notes=[
                    f"Took back: {command_for(game.state, taken)}. TRAINING MODE is on: "
                    "this game now scores 0."
                ]
            )
        return True


__all__ = [
    "HELP",
    "RULES",
    "Cell",
    "Entry",
    "Parsed",
    "PlainOutput",
    "RichOutput",
    "Screen",
    "Session",
    "build_menu",
    "build_screen",
    "card_label",
    "card_menu",
    "command_for",
    "ending_lines",
    "map_lines",
    "odds",
    "parse",
    "printed_words",
    "render_plain",
    "render_rich",
]


def play(opened: Opened, console: Any) -> None:
    """Run a game: Rich panels and prompts on a terminal, plain lines when input is scripted
    (each answer then echoed, so a transcript reads as it was played)."""
    if sys.stdin.isatty():

        def ask() -> str | None:
            try:
                return str(console.input("[bold]> [/bold]"))
            except EOFError:
                return None

        def confirm(question: str) -> bool:
            try:
                answer = str(console.input(question, markup=False))
            except EOFError:
                return False
            return answer.strip().lower() in ("y", "yes")

        output: Output = RichOutput(console)
        Session(opened.game, opened.saver, output, opened.on_end, confirm=confirm).run(ask)
        return

    def write(text: str) -> None:
        sys.stdout.write(text)
        sys.stdout.flush()

    def read() -> str | None:
        line = sys.stdin.readline()
        return None if line == "" else line.rstrip("\r\n")

    Session(opened.game, opened.saver, PlainOutput(write), opened.on_end).run(read, echo=True)
