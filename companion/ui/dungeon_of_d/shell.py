"""Play Dungeon of D in a terminal: what the player sees, what they may type.

Everything here works from what a player at the table can see: the map of
revealed rooms, the level and its four monsters, the hero, the hand, the
inventory (an unidentified potion stays "an unidentified potion"), the top of
the discard pile and the sizes of the decks. The order of a deck, the cards
under the top of the discard pile and the kind of an unidentified potion are
never shown.

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
  ``save`` and ``quit``.

>>> from companion.games.dungeon_of_d.saves import Game
>>> game = Game.new(seed=7)
>>> screen = build_screen(game)
>>> print(screen.menu[-1].label)
keep this hand (Hero's Blessing ends)
>>> parse(game.state, "done", screen.menu)
Parsed(kind='action', action=('done',), entry=None, word='', arg='')
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any, Protocol

from companion.games.dungeon_of_d import mechanics as R
from companion.games.dungeon_of_d.bots import chance_at_least
from companion.games.dungeon_of_d.content import Content, Monster
from companion.games.dungeon_of_d.descriptions import thing_name
from companion.games.dungeon_of_d.engine import loss_warning
from companion.games.dungeon_of_d.saves import Game, breakdown
from companion.games.dungeon_of_d.state import DIRECTIONS, ORIGIN, Action, State, xy
from companion.ui.dungeon_of_d.screen import Cell, Entry, Screen

WIDTH = 80
DIRECTION_NAMES = {"n": "north", "e": "east", "s": "south", "w": "west"}
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


def card_label(content: Content, card: int) -> str:
    """``"3 STR a"``: a power card as the shell writes it."""
    letter = "ab"[content.set_number[card] - 1]
    return f"{content.power[card]} {content.power_type[card]} {letter}"


def inventory(s: State) -> list[int]:
    """The inventory cards in the order the shell numbers them (from 1)."""
    return [*s.items, *s.specials, *s.potions]


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


def unseen(s: State) -> list[int]:
    """How many cards of each power (1-5) the player has not in sight: the cards
    that may come next (the deck and the hidden part of the discard pile)."""
    counts = [0, 8, 8, 8, 8, 8]
    content = s.content
    seen = [*s.hand, *s.effort, *s.items, *s.specials, *s.known]
    if s.wander >= 0:
        seen.append(s.wander)
    if s.discard:
        seen.append(s.discard[-1])
    for card in seen:
        counts[content.power[card]] = max(0, counts[content.power[card]] - 1)
    return counts


def percent(p: float) -> str:
    return f"{round(100 * p)}%"


def need_text(counts: list[int], need: int) -> str:
    """``"needs 3+ (60%)"``: what the next card must show."""
    if need <= 1:
        return "wins whatever comes (100%)"
    if need > 5:
        return f"cannot win (would need {need})"
    return f"needs {need}+ ({percent(chance_at_least(counts, need))})"


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


# ---- the map ---------------------------------------------------------------------------------


def map_rows(s: State) -> list[list[Cell]]:
    """The revealed rooms on a grid, north at the top: ``@`` marks the hero, the digit
    is the danger level, ``x`` an exhausted room, ``?`` a place a room can still go."""
    if not s.grid:
        return []
    content = s.content
    spots = set(R.reveal_spots(s)) if s.room_deck else set()
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
    spots = set(R.reveal_spots(s)) if s.room_deck else set()
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
        if action[0] == "move":
            direction = action[2]
            if direction in seen_directions:
                continue
            seen_directions.add(direction)
            moves = tuple(a for a in s.options if a[0] == "move" and a[2] == direction)
            word = DIRECTION_NAMES[direction]
            warnings = {loss_warning(s, a) for a in moves}
            warning = warnings.pop() if len(warnings) == 1 else ""
            entries.append(
                _warned(
                    Entry(
                        len(entries) + 1,
                        move_label(s, direction),
                        f"move {word}",
                        None,
                        moves,
                        move_label(s, direction, short=True),
                    ),
                    warning,
                )
            )
        else:
            entry = Entry(
                len(entries) + 1,
                describe(s, action),
                command_for(s, action),
                action,
                short=brief(s, action),
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
        short=f"{entry.short or entry.label} (you lose)",
        warning=warning,
    )


_TYPE_ORDER = {"STR": 0, "INT": 1, "AGL": 2, "MOV": 3}


def _sort_cards(s: State, entries: list[Entry]) -> list[Entry]:
    """Answers that name a card of the hand come sorted by type and power, as the hand is shown."""
    content = s.content

    def card_of(entry: Entry) -> int | None:
        a = entry.action
        if a is not None and a[0] in ("effort", "discard") and isinstance(a[1], int):
            return a[1]
        return None

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


def card_menu(s: State, moves: Iterable[Action]) -> list[Entry]:
    """Which card to play for a MOVE in one direction."""
    content = s.content
    out: list[Entry] = []
    for action in sorted(
        moves, key=lambda a: (content.power_type[a[1]] != "MOV", content.power[a[1]], a[1])
    ):
        card = action[1]
        m = R.monster(s, content.slot[card])
        bonus = "; draws a bonus card" if content.power_type[card] == "MOV" else ""
        label = f"play {card_label(content, card)}: wandering monster {m.name}{bonus}"
        short = f"play {card_label(content, card)}: {m.name}{' +bonus' if bonus else ''}"
        entry = Entry(len(out) + 1, label, command_for(s, action), action, short=short)
        out.append(_warned(entry, loss_warning(s, action)))
    return out


def move_label(s: State, direction: str, short: bool = False) -> str:
    target = s.pos + DIRECTIONS[direction]
    word = DIRECTION_NAMES[direction]
    room = s.grid.get(target)
    if room is None:
        return (
            f"MOVE {word}: unknown room"
            if short
            else f"MOVE {word}: into the unknown (a room card is turned over)"
        )
    r = s.content.rooms[room]
    risk = percent(_meet_chance(s, r.danger))
    if short:
        return f"MOVE {word}: {r.name} {risk}"
    return f"MOVE {word}: {r.name} (danger {r.danger}, wandering monster {risk})"


def _meet_chance(s: State, danger: int) -> float:
    wary = R.skill(s, "wary")
    shift = wary.amount if wary else 0
    counts = unseen(s)
    total = sum(counts[1:])
    hits = sum(counts[p] for p in range(1, 6) if p + shift <= danger)
    return hits / total if total else 0.0


def _action_note(s: State, index: int, short: bool = False) -> str:
    """The numbers a room action will use here: its price, its first test."""
    content = s.content
    action = content.rooms[s.grid[s.pos]].actions[index]
    notes = []
    if action.price is not None:
        haggle = R.skill(s, "haggle")
        cost = max(0, R.plus(s, action.price) - (haggle.amount if haggle else 0))
        notes.append(f"{cost}g" if short else f"costs {cost} gold")
    first = content.steplists[action.steps][0] if action.steps >= 0 else None
    if first is not None and first.do == "test":
        notes.append(
            f"{first.stat} {R.plus(s, first.difficulty)}"
            if short
            else f"{first.stat} test of {R.plus(s, first.difficulty)}"
        )
    if first is not None and first.do == "upgrade":
        from companion.games.dungeon_of_d.effects import upgrade_price

        price = upgrade_price(s, first.stat or "")
        notes.append(
            "at +4 already" if price is None else f"{price}g" if short else f"costs {price} gold"
        )
    if first is not None and first.do == "combat":
        notes.append(f"fight {R.monster(s, first.monster).name}")
    if not notes:
        return ""
    return f" ({', '.join(notes)})" if short else f" [{', '.join(notes)}]"


def describe(s: State, action: Action) -> str:
    """A short description of an action, as the menu shows it."""
    content = s.content
    kind = action[0]
    arg: Any = action[1] if len(action) > 1 else None
    prompt = s.prompt
    counts = unseen(s)
    if kind == "rest":
        return f"REST: eat a Fruit ({s.fruits} left), discard, draw up to {R.HP_MAX - R.danger(s)}"
    if kind == "act":
        room_action = content.rooms[s.grid[s.pos]].actions[arg]
        return f"DO ACTION {arg + 1}: {room_action.name}{_action_note(s, arg)}"
    if kind == "effort":
        return f"play {card_label(content, arg)}: the second card {_effort_need(s, arg, counts)}"
    if kind == "discard":
        label = card_label(content, arg)
        if prompt == "run-away":
            return f"discard {label} (power {content.power[arg]})"
        if prompt == "blessing":
            return f"discard {label} (you draw a new card for it)"
        if prompt == "rest-discard":
            return f"discard {label} before drawing"
        return f"lose {label}" if prompt == "lose-hp" else f"discard {label}"
    if kind == "drink":
        return f"drink {numbered(s, arg)}"
    if kind == "use":
        return f"use {numbered(s, arg)}: {part_text(s, arg)}"
    if kind == "skill":
        skill = next(content.skills[c] for c in s.skills if content.skills[c].id == arg)
        extra = (
            f", taking {card_label(content, action[2])} as the second card"
            if len(action) > 2
            else ""
        )
        return f"use your skill {skill.name}{extra}: {skill.text}"
    if kind in ("drop", "lose"):
        verb = "drop" if kind == "drop" else "let it take"
        if arg == "fruits":
            return f"{verb} all your Fruits"
        if arg == "arrows":
            return f"{verb} {'an Arrow' if kind == 'lose' else 'all your Arrows'}"
        return f"{verb} {numbered(s, arg)}"
    if kind == "detect":
        return f"DETECT {numbered(s, arg)}"
    if kind == "place":
        return f"place the room at {place_words(s, arg)}"
    if kind == "teleport":
        return f"teleport to {place_words(s, arg)}"
    if kind == "shoot":
        return f"shoot {_arrow_name(arg)}: {_shot_text(s, arg)}"
    if kind == "guess":
        return f"guess {arg}"
    if kind == "learn":
        return f"learn the skill of the {_met(s)}"
    if kind == "replace":
        return f"forget {content.skills[arg].name} to learn the skill of the {_met(s)}"
    if kind == "decline":
        return f"do not learn the skill of the {_met(s)}"
    if kind == "done":
        return {
            "blessing": "keep this hand (Hero's Blessing ends)",
            "rest-discard": "done discarding: draw",
        }.get(prompt, "done")
    fixed = {
        "pass": "go on",
        "run": "run away",
        "fight": "fight",
        "melee": "no ranged attack: go to melee",
        "retry": "try again",
        "stop": "give up for now",
    }
    return fixed.get(kind, " ".join(map(str, action)))


def brief(s: State, action: Action) -> str:
    """A short label of an action (about 35 characters), for a busy screen's two columns.

    >>> from companion.games.dungeon_of_d import new_game
    >>> s = new_game(seed=7)
    >>> brief(s, ("done",)), brief(s, ("discard", s.hand[0]))
    ('keep this hand', 'discard 2 STR a')
    """
    content = s.content
    kind = action[0]
    arg: Any = action[1] if len(action) > 1 else None
    if kind == "rest":
        return f"REST: draw up to {R.HP_MAX - R.danger(s)}"
    if kind == "act":
        room_action = content.rooms[s.grid[s.pos]].actions[arg]
        return f"ACT {arg + 1}: {room_action.name}{_action_note(s, arg, short=True)}"
    if kind == "effort":
        need = _effort_need(s, arg, unseen(s))
        return f"play {card_label(content, arg)}: {need.replace('wins whatever comes', 'sure')}"
    if kind == "discard":
        verb = "lose" if s.prompt == "lose-hp" else "discard"
        return f"{verb} {card_label(content, arg)}"
    if kind in ("drink", "use", "detect"):
        return f"{'DETECT' if kind == 'detect' else kind} {numbered(s, arg)}"
    if kind == "skill":
        skill = next(content.skills[c] for c in s.skills if content.skills[c].id == arg)
        return f"skill {skill.name}" + (
            f" ({card_label(content, action[2])})" if len(action) > 2 else ""
        )
    if kind in ("drop", "lose"):
        verb = "drop" if kind == "drop" else "give"
        if isinstance(arg, str):
            return f"{verb} {'an Arrow' if kind == 'lose' else 'all ' + arg.capitalize()}"
        return f"{verb} {numbered(s, arg)}"
    if kind in ("place", "teleport"):
        x, y = xy(arg)
        room = s.grid.get(arg)
        return f"{kind} to the {content.rooms[room].name}" if room else f"{kind} at ({x}, {y})"
    if kind == "shoot":
        return f"shoot {_arrow_name(arg)}"
    if kind in ("learn", "replace"):
        return "learn the skill" if kind == "learn" else f"forget {content.skills[arg].name}, learn"
    if kind == "decline":
        return "do not learn it"
    if kind == "done":
        return {"blessing": "keep this hand", "rest-discard": "done: draw"}.get(s.prompt, "done")
    return describe(s, action)


def did(s: State, action: Action) -> str:
    """An action as it was taken (``s`` is the state it was taken in)."""
    content = s.content
    if action[0] == "move":
        return f"MOVE {DIRECTION_NAMES[action[2]]}, playing {card_label(content, action[1])}"
    if action[0] == "effort":
        return f"play {card_label(content, action[1])} as the first effort card"
    return describe(s, action)


def _met(s: State) -> str:
    frame = s.stack[-1] if s.stack else {}
    met = frame.get("c") if frame.get("k") == "meet" else None
    if met is None:
        return "character you met"
    skill = s.content.skills[met]
    return f"{s.content.character_names[met]} ({skill.name}: {skill.text})"


def _arrow_name(kind: str) -> str:
    return {"arrow": "an Arrow", "magic": "a Magic Arrow", "vampiric": "a Vampiric Arrow"}.get(
        kind, kind
    )


# ---- odds ------------------------------------------------------------------------------------


def _combat(s: State) -> dict[str, Any] | None:
    return R.combat_frame(s)


def melee_parts(
    s: State, cmb: dict[str, Any], first: int | None = None, weapon: int = 0
) -> tuple[int, list[str], int]:
    """What a melee round needs: (the monster's STR, the hero's bonuses in words, their sum)."""
    m = R.monster(s, cmb["slot"])
    target = max(0, m.STR - cmb.get("weak", 0))
    parts = R.melee_bonuses(s, cmb["slot"], first)
    if weapon:
        parts.append(("weapon", weapon))
    words = [f"{name} {value:+d}" for name, value in parts if value]
    return target, words, sum(v for _, v in parts)


def _effort_need(s: State, card: int, counts: list[int]) -> str:
    frame = s.stack[-1]
    power = s.content.power[card]
    if frame["k"] == "test":
        return need_text(counts, frame["d"] - R.stat(s, frame["st"]) - power)
    cmb = s.stack[-2]
    target, _, bonus = melee_parts(s, cmb, card)
    return need_text(counts, target - bonus - power)


def _shot_text(s: State, kind: str) -> str:
    f = _combat(s)
    if f is None:
        return ""
    m = R.monster(s, f["slot"])
    bonus = R.stat(s, "AGL")
    hawk = R.skill(s, "sharpshooter")
    if hawk is not None:
        bonus += hawk.amount + (hawk.extra if m.has(hawk.against) else 0)
    if kind == "magic":
        magic = R.held(s, "item", "magic-arrow")
        bonus += s.content.item[magic[0]].amount if magic else 0
    return f"CHECK1 + {bonus} against AGL {m.AGL}: {need_text(unseen(s), m.AGL - bonus)}"


def odds(s: State) -> list[str]:
    """What the rule being resolved needs, in numbers (the target, the sum so far, the chances)."""
    content = s.content
    prompt = s.prompt
    frame = s.stack[-1] if s.stack else {}
    counts = unseen(s)
    lines: list[str] = []
    if prompt == "blessing":
        lines.append("Hero's Blessing (once): discard any cards, then draw as many new ones.")
    elif prompt == "turn":
        room = content.rooms[s.grid[s.pos]]
        lines.append(
            f"Your turn: REST, DO ACTION or MOVE. Here: {room.name}, danger {room.danger} "
            f"(REST draws up to {R.HP_MAX - room.danger})."
        )
    elif prompt == "rest-discard":
        limit = R.HP_MAX - R.danger(s)
        lines.append(
            f"REST: discard first if you like, then draw up to {limit}; "
            f"you hold {s.hp}, so you draw {max(0, limit - s.hp)}."
        )
    elif prompt in ("test-effort", "test-second"):
        stat_now = R.stat(s, frame["st"])
        lines.append(
            f"{frame['st']} test of {frame['d']}: two effort cards + {frame['st']} {stat_now:+d} "
            f"must reach {frame['d']}."
        )
        if prompt == "test-effort":
            article = "an" if frame["st"][0] in "AEIOU" else "a"
            lines.append(
                f"Play a first card; {article} {frame['st']} card draws a bonus card. "
                f"The cards need {frame['d'] - stat_now} together."
            )
        else:
            total = sum(content.power[c] for c in s.effort) + stat_now
            verdict = "a win" if total >= frame["d"] else "a loss"
            lines.append(
                f"Effort {' + '.join(card_label(content, c) for c in s.effort)} with {frame['st']} "
                f"{stat_now:+d}: {total} against {frame['d']}, {verdict} as it stands."
            )
    elif prompt in ("melee-effort", "melee-first", "melee-second"):
        cmb = s.stack[-2]
        m = R.monster(s, cmb["slot"])
        first = s.effort[0] if s.effort else None
        target, words, bonus = melee_parts(s, cmb, first, int(frame.get("wb", 0)))
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
                    f"So far {total} of {target}: the second card {need_text(counts, target - total)}."
                )
            else:
                verdict = "a win" if total >= target else "a loss"
                lines.append(
                    f"Effort and bonuses: {total} against {target}, {verdict} as it stands."
                )
    elif prompt == "combat":
        m = R.monster(s, frame["slot"])
        lines.append(f"Combat with the {monster_text(m)} (STR/INT/AGL, gold).")
        need = R.run_need(s, frame["slot"])
        if ("run",) in s.options:
            lines.append(
                "Run away: free, your INT is enough."
                if need <= 0
                else f"Run away: discard cards with power {need} or more in all (monster INT {m.INT})."
            )
        else:
            lines.append(f"You cannot run: your hand has less than the power {need} it takes.")
        target, words, bonus = melee_parts(s, frame)
        lines.append(
            f"Fight: one ranged shot if you have arrows, then melee: cards + {bonus} against STR {target}."
        )
        if frame.get("weak"):
            lines.append(f"The monster has {frame['weak']} less STR this combat.")
    elif prompt in ("ranged", "ranged-miss", "ranged-end"):
        m = R.monster(s, frame["slot"])
        if prompt == "ranged":
            lines.append(
                f"Ranged attack: CHECK1 + AGL must reach the {m.name}'s AGL {m.AGL}; a hit defeats it."
            )
        elif prompt == "ranged-miss":
            lines.append("The shot misses as it stands; a second CHECK1 could still hit.")
        else:
            lines.append("The ranged attack is over.")
    elif prompt == "run-away":
        lines.append(f"Running away: discard power {frame['need']} more (card by card).")
    elif prompt in ("guess", "regenerate-guess"):
        if prompt == "regenerate-guess":
            lines.append(
                "Regenerate check: guess 1-5, then CHECK1. A right guess brings it back (1 in 5)."
            )
        else:
            lines.append("GUESS1: guess 1-5, then CHECK1 shows the answer.")
    elif prompt == "before-regenerate":
        lines.append("Defeated, but it may regenerate: this is the moment to stop that.")
    elif prompt == "wandering-check":
        move = next((f for f in reversed(s.stack) if f["k"] == "move"), frame)
        lines.append(
            f"Wandering-monster check: {move.get('roll')} is not above danger {R.danger(s)}: "
            "a monster comes, unless you change the CHECK1."
        )
    elif prompt == "round-lost":
        lines.append("You lost this round of melee: something could spare you its cost.")
    elif prompt == "lose-hp":
        lines.append(f"LOSE HP: choose the card to lose ({frame.get('n', 1)} to go).")
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
        lines.append("REVEAL: choose where the room card goes (next to a revealed room).")
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


def command_for(s: State, action: Action) -> str:
    """The short command that chooses ``action`` (what :func:`parse` reads back)."""
    content = s.content
    kind: str = action[0]
    arg: Any = action[1] if len(action) > 1 else None
    things = inventory(s)
    if kind == "act":
        return f"act {arg + 1}"
    if kind == "move":
        return f"move {DIRECTION_NAMES[action[2]]} {card_label(content, arg)}"
    if kind == "effort":
        return f"play {card_label(content, arg)}"
    if kind == "discard":
        return f"discard {card_label(content, arg)}"
    if kind in ("drink", "use", "detect"):
        return f"{kind} {things.index(arg) + 1}"
    if kind in ("drop", "lose"):
        verb = "drop" if kind == "drop" else "give"
        return f"{verb} {arg}" if isinstance(arg, str) else f"{verb} {things.index(arg) + 1}"
    if kind == "skill":
        return f"skill {arg}" + (f" {card_label(content, action[2])}" if len(action) > 2 else "")
    if kind in ("place", "teleport"):
        x, y = xy(arg)
        return f"{kind} {x} {y}"
    if kind == "shoot":
        return f"shoot {arg}"
    if kind == "guess":
        return f"guess {arg}"
    if kind == "replace":
        return f"replace {arg}"
    return kind


def _phrases(s: State, action: Action) -> list[str]:
    """Every way of writing an action that :func:`parse` accepts."""
    content = s.content
    kind = action[0]
    arg: Any = action[1] if len(action) > 1 else None
    out = [normalise(command_for(s, action))]
    if isinstance(arg, int) and kind in ("effort", "discard", "move"):
        label = normalise(card_label(content, arg))
        short = label[:-2]
        if kind == "move":
            for word in (DIRECTION_NAMES[action[2]], action[2]):
                out += [
                    f"move {word} {label}",
                    f"move {word} {short}",
                    f"{word} {label}",
                    f"{word} {short}",
                ]
        else:
            verbs = ("play", "effort", "") if kind == "effort" else ("discard", "lose", "")
            for verb in verbs:
                out += [f"{verb} {label}".strip(), f"{verb} {short}".strip()]
    elif kind == "act":
        room_action = content.rooms[s.grid[s.pos]].actions[arg]
        out += [
            f"do {arg + 1}",
            f"action {arg + 1}",
            normalise(room_action.name),
            normalise(room_action.id),
            f"act {normalise(room_action.name)}",
            f"do {normalise(room_action.name)}",
        ]
        for item in room_action.requires:  # "use rope" climbs where a Rope is needed
            part = next(content.item[c] for c in s.items if content.item[c].id == item)
            out.append(f"use {normalise(part.name)}")
    elif kind in ("drink", "use", "detect") and isinstance(arg, int):
        if arg not in s.potions or arg in s.known:
            out.append(f"{kind} {normalise(thing(s, arg))}")
    elif kind == "skill":
        skill = next(content.skills[c] for c in s.skills if content.skills[c].id == arg)
        extra = f" {normalise(card_label(content, action[2]))}" if len(action) > 2 else ""
        out += [f"skill {normalise(skill.name)}{extra}", f"use {normalise(skill.name)}{extra}"]
    elif kind == "replace":
        out.append(f"replace {normalise(content.skills[arg].name)}")
    elif kind == "shoot":
        out.append(
            {"arrow": "shoot", "magic": "shoot magic arrow", "vampiric": "shoot vampiric arrow"}[
                arg
            ]
        )
    elif kind == "teleport":
        room = s.grid.get(arg)
        if room is not None:
            out.append(f"teleport {normalise(content.rooms[room].name)}")
    elif kind in ("drop", "lose") and isinstance(arg, int):
        verb = "drop" if kind == "drop" else "give"
        out.append(f"{verb} {normalise(thing(s, arg))}")
    elif kind == "run":
        out += ["run away", "flee"]
    elif kind == "pass":
        out += ["go on", "continue", "no", "skip"]
    elif kind == "done":
        out += ["keep", "draw", "ok"]
    elif kind == "melee":
        out += ["no shot", "go to melee"]
    elif kind == "retry":
        out += ["try again", "again"]
    elif kind == "stop":
        out += ["give up"]
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
    # a direction alone, or "move DIRECTION": the card is asked next
    direction_text = words.removeprefix("move ")
    direction = DIRECTION_WORDS.get(direction_text)
    if direction is not None:
        found = next((e for e in menu if e.moves and e.moves[0][2] == direction), None)
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
        "shoot",
    ):
        return Parsed(
            "error", arg=f"'{text.strip()}' is not possible now (answer with a number, or 'help')"
        )
    return Parsed(
        "error", arg=f"'{text.strip()}' is not understood (answer with a number, or 'help')"
    )


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
    if head in ("use", "drink"):
        for card in things:
            if rest == normalise(thing(s, card)):
                return why_no_use(s, card)
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


def event_lines(before: State, after: State, events: list[tuple[Any, ...]]) -> list[str]:
    """What an action did, in plain words (inventory cards named as the player knew them)."""
    content = after.content
    lines: list[str] = []
    draws: list[str] = []

    def flush() -> None:
        if draws:
            lines.append(f"you draw {', '.join(draws)}")
            draws.clear()

    entered: int | None = None
    for event in events:
        kind, args = event[0], event[1:]
        if kind == "enter":
            entered = content.rooms[args[1]].danger
        elif kind == "perfume":
            entered = None
        elif kind == "reroll" and before.prompt == "wandering-check":
            entered = R.danger(after)
        elif kind == "check1" and entered is not None:
            flush()
            wary = R.skill(after, "wary")
            roll = content.power[args[0]] + (wary.amount if wary else 0)
            verdict = (
                f"at most the danger {entered}: a wandering monster!"
                if roll <= entered
                else f"above the danger {entered}: no wandering monster"
            )
            lines.append(
                f"wandering-monster check: CHECK1 shows {card_label(content, args[0])}"
                f"{' (+1 Wary)' if wary else ''}, {verdict}"
            )
            entered = None
            continue
        if kind in ("draw", "bonus"):
            draws.append(
                card_label(content, args[0]) + (" (bonus card)" if kind == "bonus" else "")
            )
            continue
        flush()
        text = _event_text(before, after, kind, args)
        if text:
            lines.append(text)
    flush()
    return lines


def _known_name(before: State, after: State, card: int) -> str:
    for s in (before, after):
        if card in s.items or card in s.specials or card in s.potions:
            return thing(s, card)
    return "a card"


def _event_text(before: State, after: State, kind: str, args: tuple[Any, ...]) -> str:
    content = after.content

    def label(c: int) -> str:
        return card_label(content, c)

    if kind in ("turn", "wander-card", "character", "action-ends"):
        return ""
    simple: dict[str, Callable[[], str]] = {
        "level": lambda: f"== dungeon level {args[0]} ==",
        "arrive": lambda: f"you arrive in the {content.rooms[args[1]].name}",
        "enter": lambda: f"you enter the {content.rooms[args[1]].name}",
        "reveal": lambda: f"a room card is turned over: the {content.rooms[args[1]].name}",
        "check1": lambda: f"CHECK1 shows {label(args[0])}",
        "effort": lambda: f"effort card {label(args[0])}",
        "discard": lambda: f"{label(args[0])} is discarded",
        "lose-hp": lambda: (
            f"you lose 1 HP ({label(args[1])})" if len(args) > 1 else f"you lose {args[0]} HP"
        ),
        "combat": lambda: f"combat with the {args[1]}",
        "test": lambda: (
            f"{args[0]} test: {args[2]} against {args[1]}, {'won' if args[3] else 'lost'}"
        ),
        "melee": lambda: f"melee: {args[0]} against STR {args[1]}, {'won' if args[2] else 'lost'}",
        "ranged": lambda: (
            f"ranged attack: {args[0]} against AGL {args[1]}, {'a hit' if args[2] else 'a miss'}"
        ),
        "defeat": lambda: f"the {args[0]} is defeated",
        "regenerates": lambda: (
            f"you guessed {args[0]} and the CHECK1 shows {args[1]}: it regenerates!"
        ),
        "stays-down": lambda: f"you guessed {args[0]}, the CHECK1 shows {args[1]}: it stays down",
        "guess": lambda: (
            f"you guessed {args[0]}, the CHECK1 shows {args[1]}: {'right' if args[2] else 'wrong'}"
        ),
        "gold": lambda: f"+{args[0]} gold" if args[0] else "your purse is full (79 gold)",
        "pay": lambda: f"you pay {args[0]} gold",
        "cursed": lambda: f"cursed: you lose {args[0]} gold",
        "poisoned": lambda: "you are Poisoned!",
        "poisoned-again": lambda: "poisoned again while Poisoned!: it costs HP instead",
        "poison-warded": lambda: "the Warding Charm keeps the poison out",
        "poison-hurts": lambda: "the poison hurts",
        "cured": lambda: "the poison is gone",
        "drink": lambda: f"you drink it: {content.potion[args[0]].name}",
        "amulet": lambda: "you take the Amulet of D'eugor!",
        "escaped": lambda: "you escape the dungeon!",
        "lost": lambda: f"the game is lost: you {args[0]}",
        "exhaust": lambda: "the room is exhausted",
        "upgrade": lambda: f"{args[0]} is now +{args[1]}",
        "learn": lambda: f"you learn {content.skills[args[0]].name}",
        "forget": lambda: f"you forget {content.skills[args[0]].name}",
        "decline": lambda: "the character goes to the bottom of the character deck",
        "meet": lambda: f"you meet the {content.character_names[args[0]]}",
        "teleport-fails": lambda: "nothing happens: that room is not revealed",
        "wandering-monster": lambda: "",
        "ran-away": lambda: "you run away",
        "rest": lambda: "you eat a Fruit and rest",
        "reshuffle": lambda: "the discard pile is shuffled into the power deck",
        "fruit": lambda: f"+{args[0]} Fruit" if args[0] else "no room for more Fruits",
        "arrows": lambda: f"+{args[0]} Arrows" if args[0] else "no room for more Arrows",
        "buff": lambda: f"{args[0]} +{args[1]} until the end of the turn",
        "weaken": lambda: f"the monster has {args[0]} less STR this combat",
        "weapon": lambda: f"your weapon adds {args[1]}",
        "blocked": lambda: "the lost round costs nothing",
        "no-regenerate": lambda: "the Silver Necklace keeps it down",
        "reroll": lambda: "CHECK1 again",
        "holy-water": lambda: "Holy Water: GUESS1, a wrong guess destroys it",
        "smoke": lambda: "a cloud of smoke: you slip away",
        "breath-hits": lambda: f"the Dragon's Breath ({args[0]}) defeats it",
        "breath-misses": lambda: f"the Dragon's Breath ({args[0]}) misses",
        "breath-burns": lambda: "the Dragon's Breath burns you",
        "perfume": lambda: "your perfume draws a monster at once",
        "cannot-move": lambda: "there is nowhere to go",
        "cannot-upgrade": lambda: f"you cannot pay for {args[0]}",
        "must-move": lambda: "it is pitch black: you must MOVE on",
        "retry": lambda: "you try again",
        "duplicate": lambda: "a second copy of a unique special item is discarded",
        "too-many": lambda: "you cannot carry a fifth arrow of that kind",
        "shoot": lambda: f"you shoot {_arrow_name(args[0])}",
        "skill": lambda: f"you use your skill {_skill_name(content, args[0])}",
        "drop": lambda: (
            f"you drop all your {str(args[0]).capitalize()}"
            if isinstance(args[0], str)
            else f"you drop the {_known_name(before, after, args[0])}"
        ),
        "stolen": lambda: (
            "it steals an Arrow"
            if args[0] == "arrows"
            else f"it steals your {_known_name(before, after, args[0])}"
        ),
        "use": lambda: (
            f"you use the {R.part_of(before, args[0]).name}"
            if _held(before, args[0])
            else "you use it"
        ),
        "detect": lambda: f"DETECT: it is a {content.potion[args[0]].name}",
    }
    if kind == "get":
        what, card, _part_id = args
        part = content.part(what, card)
        if what == "potion":
            return "you get a potion" + (
                f": {part.name}" if card in after.known else " (unidentified)"
            )
        return f"you get {part.name}"
    describe_it = simple.get(kind)
    return describe_it() if describe_it else ""


def _skill_name(content: Content, skill_id: str) -> str:
    return next((sk.name for sk in content.skills.values() if sk.id == skill_id), skill_id)


def _held(s: State, card: int) -> bool:
    return card in s.items or card in s.specials or card in s.potions


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
    title = (
        f"Dungeon of D · {game.name or 'unsaved'} · seed {game.seed} · turn {s.turn} · "
        f"level {s.level} ({skulls} skull{'s' if skulls != 1 else ''}){training}"
    )
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
        stuff = [f"{i}:{thing(s, c)}" for i, c in enumerate(things, start=1)]
        hero.append(
            f"Inventory {R.slots_used(s)}/{R.capacity(s)}: "
            + (", ".join(stuff) or "Fruits/Arrows only")
        )
    room_lines: list[str] = []
    if s.level and s.grid:
        room = content.rooms[s.grid[s.pos]]
        tired = " (exhausted: no actions)" if s.pos in s.exhausted else ""
        room_lines.append(f"You are in the {room.name}, danger {room.danger}{tired}.")
        if s.pos not in s.exhausted:
            for action in room.actions:
                gate = "" if action.lowest <= s.level <= action.highest else " (not on this level)"
                auto = "((A)) " if action.automatic else ""
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
        stuff = [f"{i} {thing(s, c)}" for i, c in enumerate(things, start=1)]
        screen.pack_line = f"Pack {R.slots_used(s)}/{R.capacity(s)}: " + (
            ", ".join(stuff) or "Fruits and Arrows"
        )
    if s.level and s.grid and s.prompt == "turn":
        room = content.rooms[s.grid[s.pos]]
        if s.pos in s.exhausted:
            screen.room_line = f"In the {room.name} (danger {room.danger}): exhausted, no actions"
        else:
            acts = " · ".join(f"{a.index + 1} {a.name}" for a in room.actions)
            screen.room_line = f"In the {room.name} (danger {room.danger}): {acts}"


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


def render_rich(screen: Screen, full: bool = True) -> Any:
    """The screen for a terminal: at most 23 rows of 80 columns (:mod:`companion.ui.dungeon_of_d.layout`),
    so that with the prompt it fits an 80×24 terminal; ``full=False``: the question and
    the answers only."""
    from companion.ui.dungeon_of_d import layout

    rows = layout.arrange(screen) if full else answer_rows(screen)
    return rows_to_rich(rows)


def answer_rows(screen: Screen, height: int | None = None) -> list[Any]:
    """The question and the numbered answers alone, within ``height`` rows."""
    from companion.ui.dungeon_of_d import layout

    height = layout.HEIGHT if height is None else height
    question = layout.question_rows(screen)
    menu = layout.menu_rows(screen.menu)
    if len(question) + len(menu) > height:
        menu = layout.menu_rows(screen.menu, rows=height - len(question), columns=2)
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

HELP = """Answer with the number of a choice, or type a command:
  rest · act N (the room's action N) · move north|east|south|west [CARD]
  play CARD (effort) · discard CARD · fight · run · shoot [magic|vampiric] · melee
  drink N · use N (or use NAME, e.g. use rope) · detect N · drop N · give N
  guess N · skill NAME · learn · decline · place X Y · teleport X Y
  pass (go on) · done · retry · stop
  In full: hero · map (with its key) · inventory · room · log (what the last
  answer did) · answers (every answer, when the screen had no room) · look
  undo (take back the last action: training mode, score 0) · save · quit
  rules [TOPIC]: turn, rest, action, move, combat, test, potions, inventory,
                 skills, levels, scoring
A CARD is written like 3 STR or 3 STR a; inventory numbers are those of 'Pack'."""

RULES = {
    "turn": "Each turn you pick one thing: REST, DO ACTION (one action of the room you are in) "
    "or MOVE to a neighbouring room. Your HP is the number of cards in your hand, 9 at most; "
    "with no card left in hand the game is lost at once.",
    "rest": "REST needs a Fruit and eats it. You may first discard cards (keep at least one), then you "
    "draw until you hold 9 minus the room's danger level. Then the discard pile and the power deck "
    "are shuffled together. Resting also ends Poisoned!.",
    "action": "DO ACTION: choose one of the room's actions. ((A)) actions happen by themselves when you "
    "walk in or are teleported in. (A >= 3), (A >= 5) and (A < 8) work only on those levels. "
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
        lines += [f"  {i}. {thing(s, c)}: {part_text(s, c)}" for i, c in enumerate(things, start=1)]
        return lines if things else lines + ["  no items, special items or potions"]
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
            auto = "((A)) " if action.automatic else ""
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


class Saver(Protocol):
    """Where a game is kept: :class:`~companion.games.dungeon_of_d.saves.SaveStore` or
    :class:`~companion.games.dungeon_of_d.saves.SaveFile`."""

    def save(self, game: Game) -> None: ...

    def resume(self, game: Game) -> str: ...

    def describe(self, game: Game) -> str: ...


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


class RichOutput:
    """Rich panels on a terminal."""

    def __init__(self, console: Any) -> None:
        self.console = console

    def show(self, screen: Screen, full: bool) -> None:
        self.console.print(render_rich(screen, full))

    def say(self, text: str) -> None:
        self.console.print(text, markup=False, highlight=False)

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
        screen = build_screen(self.game, happened, notes, self.pending)
        if self.pending is not None:
            screen.question = list(self.pending_question)
        self.output.show(screen, full)

    def run(self, read: Callable[[], str | None], echo: bool = False) -> Game:
        """Play until ``quit`` or the end of input (``read`` returns None)."""
        self.show()
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
        if self.game.over:
            return "Game over."
        game = self.game
        return f"Game {self.saver.describe(game)}. Go on with: {self.saver.resume(game)}"

    def answer(self, line: str) -> bool:
        """Handle one answer; False when the session should end."""
        game = self.game
        menu = self.pending if self.pending is not None else build_menu(game.state)
        if game.over:
            menu = []
        parsed = parse(game.state, line, menu)
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
                "(another command cancels the MOVE)",
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

    def shell(self, word: str, arg: str) -> bool:
        game = self.game
        if word == "help":
            self.output.say(HELP)
        elif word == "rules":
            topic = arg.strip()
            if topic in RULES:
                self.output.say(f"{topic.upper()}: {RULES[topic]}")
            else:
                self.output.say(f"Rules topics: {', '.join(RULES)} (e.g. 'rules combat').")
        elif word == "look":
            self.show()
        elif word in DETAILS:
            menu = (
                self.pending
                if self.pending is not None
                else ([] if game.over else build_menu(game.state))
            )
            self.output.say("\n".join(details(game, word, self.happened, menu)))
            if not game.over and word != "answers":
                self.show(full=False)  # the question stays in sight
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
    "describe",
    "ending_lines",
    "event_lines",
    "inventory",
    "map_lines",
    "odds",
    "parse",
    "render_plain",
    "render_rich",
]
