"""Plain-words descriptions of actions and events, for shells, logs and tests.

They never give away what the player cannot see: an unidentified potion is
"a potion" until it is detected (or drunk).

>>> from companion.games.dungeon_of_d import new_game
>>> s = new_game(seed=1)
>>> describe_action(s, ("done",))
'keep this hand'
>>> describe_action(s, ("discard", s.hand[0]))[:8]
'discard '
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.games.dungeon_of_d.state import Action, State, xy

DIRECTION_NAMES = {"n": "north", "e": "east", "s": "south", "w": "west"}
ARROW_NAMES = {"arrow": "an Arrow", "magic": "a Magic Arrow", "vampiric": "a Vampiric Arrow"}


def card_name(s: State, card: int) -> str:
    return s.content.label(card)


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


def place_name(s: State, pos: int) -> str:
    x, y = xy(pos)
    room = s.grid.get(pos)
    where = f"({x}, {y})"
    return f"{s.content.rooms[room].name} {where}" if room else where


def describe_action(s: State, action: Action) -> str:
    """What choosing ``action`` now means, in a few words."""
    kind = action[0]
    content = s.content
    arg: Any = action[1] if len(action) > 1 else None
    if kind == "rest":
        return "REST: eat a Fruit, discard, draw up to 9 minus the danger level"
    if kind == "act":
        room_action = content.rooms[s.grid[s.pos]].actions[arg]
        return f"DO ACTION {room_action.name}: {room_action.text}"
    if kind == "move":
        return f"MOVE {DIRECTION_NAMES[action[2]]}, playing {card_name(s, arg)}"
    if kind == "effort":
        return f"play {card_name(s, arg)} as the first effort card"
    if kind == "discard":
        return f"discard {card_name(s, arg)}"
    if kind == "drink":
        return f"drink {thing_name(s, arg)}"
    if kind == "use":
        return f"use {thing_name(s, arg)}"
    if kind == "skill":
        skill = next(content.skills[c] for c in s.skills if content.skills[c].id == arg)
        extra = f" (take {card_name(s, action[2])})" if len(action) > 2 else ""
        return f"use your skill {skill.name}{extra}"
    if kind in ("drop", "lose"):
        what = (
            {
                "fruits": "all your Fruits",
                "arrows": "an Arrow" if kind == "lose" else "all your Arrows",
            }.get(arg)
            if isinstance(arg, str)
            else thing_name(s, arg)
        )
        return f"{'give up' if kind == 'lose' else 'drop'} {what}"
    if kind == "detect":
        return f"DETECT {thing_name(s, arg)}"
    if kind == "place":
        return f"place the room card at {place_name(s, arg)}"
    if kind == "teleport":
        return f"teleport to {place_name(s, arg)}"
    if kind == "shoot":
        return f"shoot {ARROW_NAMES[arg]}"
    if kind == "guess":
        return f"guess {arg}"
    if kind == "replace":
        return f"learn this skill instead of {content.skills[arg].name}"
    fixed = {
        "done": "keep this hand" if s.prompt == "blessing" else "done",
        "pass": "go on",
        "run": "run away",
        "fight": "fight",
        "melee": "go straight to melee",
        "learn": "learn this skill",
        "decline": "do not learn this skill",
        "retry": "try again",
        "stop": "give up this action",
    }
    return fixed.get(kind, " ".join(map(str, action)))


def describe_event(s: State, event: tuple[Any, ...]) -> str:
    """One event in plain words (``s`` is the state after the action)."""
    kind, args = event[0], event[1:]
    content = s.content
    simple: dict[str, Callable[[], str]] = {
        "turn": lambda: f"turn {args[0]}",
        "level": lambda: f"dungeon level {args[0]}",
        "arrive": lambda: f"you arrive in the {content.rooms[args[1]].name}",
        "enter": lambda: f"you enter the {content.rooms[args[1]].name}",
        "reveal": lambda: f"the {content.rooms[args[1]].name} is revealed",
        "check1": lambda: f"CHECK1: {content.power[args[0]]}",
        "draw": lambda: f"you draw {card_name(s, args[0])}",
        "bonus": lambda: f"bonus card {card_name(s, args[0])}",
        "effort": lambda: f"effort card {card_name(s, args[0])}",
        "discard": lambda: f"{card_name(s, args[0])} is discarded",
        "lose-hp": lambda: "you lose 1 HP" if len(args) > 1 else f"you lose {args[0]} HP",
        "combat": lambda: f"combat with the {args[1]}",
        "test": lambda: (
            f"{args[0]} test: {args[2]} against {args[1]}, {'won' if args[3] else 'lost'}"
        ),
        "melee": lambda: f"melee: {args[0]} against STR {args[1]}, {'won' if args[2] else 'lost'}",
        "ranged": lambda: (
            f"ranged attack: {args[0]} against AGL {args[1]}, {'hit' if args[2] else 'miss'}"
        ),
        "defeat": lambda: f"the {args[0]} is defeated",
        "regenerates": lambda: "it regenerates!",
        "stays-down": lambda: "it stays down",
        "gold": lambda: f"+{args[0]} gold",
        "pay": lambda: f"you pay {args[0]} gold",
        "cursed": lambda: f"cursed: you lose {args[0]} gold",
        "poisoned": lambda: "you are Poisoned!",
        "poison-hurts": lambda: "the poison hurts",
        "cured": lambda: "the poison is gone",
        "get": lambda: (
            f"you get {thing_name(s, args[1]) if args[1] in s.potions + s.items + s.specials else 'a card'}"
        ),
        "drink": lambda: f"you drink the {content.potion[args[0]].name}",
        "amulet": lambda: "you take the Amulet of D'eugor!",
        "escaped": lambda: "you escape the dungeon!",
        "lost": lambda: f"the game is lost ({args[0]})",
        "exhaust": lambda: "the room is exhausted",
        "upgrade": lambda: f"{args[0]} is now +{args[1]}",
        "learn": lambda: f"you learn {content.skills[args[0]].name}",
        "meet": lambda: f"you meet the {content.character_names[args[0]]}",
        "teleport-fails": lambda: "nothing happens",
        "wandering-monster": lambda: "a wandering monster!",
        "ran-away": lambda: "you run away",
    }
    describe = simple.get(kind)
    return describe() if describe else " ".join(str(a) for a in event)
