"""Two simple players for Dungeon of D: uniform random, and a plain greedy one.

Both see only what a player sees: the hand, the inventory (an unidentified
potion is just "a potion"), the map and the cards on the table. They exist
to exercise the engine and to measure its speed; a stronger bot belongs
with the simulator.

>>> from companion.dod import new_game, step
>>> state = new_game(seed=5)
>>> bot = greedy_bot(seed=5)
>>> while state.outcome is None:
...     step(state, bot(state))
>>> state.outcome in ("lost", "escaped")
True
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable

from companion.dod import rules as R
from companion.dod.engine import action_available
from companion.dod.state import DIRECTIONS, Action, State

Bot = Callable[[State], Action]


def random_bot(seed: int = 0) -> Bot:
    """Uniform over the legal actions."""
    rng = random.Random(seed)

    def choose(state: State) -> Action:
        return rng.choice(state.options)

    return choose


def greedy_bot(seed: int = 0, escape_level: int = 8) -> Bot:
    """Rests when hurt, fights when the odds look fair, takes the portal down
    while healthy and escapes from ``escape_level`` on, or earlier when failing."""
    rng = random.Random(seed)
    rng.escape_level = escape_level  # type: ignore[attr-defined]

    def choose(state: State) -> Action:
        handler = _PROMPTS.get(state.prompt)
        if handler is not None:
            action = handler(state, rng)
            if action is not None and action in state.options:
                return action
        return _default(state, rng)

    return choose


def explorer_bot(seed: int = 0, epsilon: float = 0.3) -> Bot:
    """The greedy bot, but a random legal action a fraction ``epsilon`` of the
    time: it goes as deep as the greedy bot while trying everything on the way
    (used by the property tests)."""
    rng = random.Random(seed ^ 0x5EED)
    greedy = greedy_bot(seed)

    def choose(state: State) -> Action:
        if rng.random() < epsilon:
            return rng.choice(state.options)
        return greedy(state)

    return choose


def _power(state: State, card: int) -> int:
    return state.content.power[card]


def _lowest(state: State, cards: list[int]) -> int:
    return min(cards, key=lambda c: (_power(state, c), c))


def _default(state: State, rng: random.Random) -> Action:
    options = state.options
    for preferred in (("pass",), ("done",), ("decline",), ("fight",)):
        if preferred in options:
            return preferred
    discards = [a for a in options if a[0] == "discard"]
    if discards:
        return min(discards, key=lambda a: (_power(state, a[1]), a[1]))
    return options[0]


def _blessing(state: State, rng: random.Random) -> Action | None:
    low = [c for c in state.hand if _power(state, c) <= 2]
    return ("discard", low[0]) if low else ("done",)


def _effort(state: State, rng: random.Random) -> Action | None:
    frame = state.stack[-1]
    kind = frame.get("st", "STR")
    content = state.content
    best = max(state.hand, key=lambda c: (content.power[c] + (1.5 if content.power_type[c] == kind else 0), c))
    return ("effort", best)


def _combat(state: State, rng: random.Random) -> Action | None:
    frame = state.stack[-1]
    m = R.monster(state, frame["slot"])
    expected = 3.5 + max(_power(state, c) for c in state.hand) + R.stat(state, "STR")
    chosen = not any(f["k"] == "move" for f in state.stack)  # a room's combat: we asked for it
    if chosen or expected >= m.STR - frame["weak"] or ("run",) not in state.options or len(state.hand) >= 7:
        return ("fight",)
    return ("run",)


def _ranged(state: State, rng: random.Random) -> Action | None:
    shots = [a for a in state.options if a[0] == "shoot"]
    return shots[0] if shots else None


def _turn(state: State, rng: random.Random) -> Action | None:
    content = state.content
    hp = len(state.hand)
    room = content.rooms[state.grid[state.pos]]
    acts = {room.actions[a[1]].id: a for a in state.options if a[0] == "act"}
    ready = state.level >= rng.escape_level and (state.level < 8 or not _pit_open(state))  # type: ignore[attr-defined]
    if "escape" in acts and (ready or hp <= 3 or state.amulet):
        return acts["escape"]
    if "descend" in acts and hp >= 6:
        return acts["descend"]
    if "enter" in acts and hp >= 7:
        return acts["enter"]
    if ("rest",) in state.options and (hp <= 4 or (hp <= 6 and room.danger == 0)):
        return ("rest",)
    for name in ("train-str", "study", "train-agl", "drink", "open", "search", "search-crates",
                 "pick-fruit", "challenge", "buy-fruit", "buy-potion"):
        if name in acts and hp >= 5:
            return acts[name]
    return _move(state, rng)


def _pit_open(state: State) -> bool:
    """On level 8: the Pit may still be worth a try (not known to be taken)."""
    pit = R.revealed(state, state.content.special_room)
    return not state.amulet and (pit is None or pit not in state.exhausted) and len(state.hand) >= 6


def _move(state: State, rng: random.Random) -> Action | None:
    moves = [a for a in state.options if a[0] == "move"]
    if not moves:
        return None
    direction = _direction(state, rng)
    content = state.content
    cards = sorted(state.hand, key=lambda c: (content.power_type[c] != "MOV", content.slot[c] == 4, content.power[c], c))
    for card in cards:
        if ("move", card, direction) in state.options:
            return ("move", card, direction)
    return moves[0]


def _direction(state: State, rng: random.Random) -> str:
    """Toward the Mystic Portal if known (or the Pit when ready), else toward the unknown."""
    content = state.content
    goal = {content.portal_room}
    if state.level == 8 and _pit_open(state) and len(state.hand) >= 8:
        goal = {content.special_room}
    targets = [p for p, r in state.grid.items() if r in goal and p != state.pos]
    legal = {a[2] for a in state.options if a[0] == "move"}
    if not targets:
        targets = [p for p in R.reveal_spots(state)] if state.room_deck else []
    path = _first_step(state, targets)
    if path is not None and path in legal:
        return path
    return str(rng.choice(sorted(legal)))


def _first_step(state: State, targets: list[int]) -> str | None:
    if not targets:
        return None
    goal = set(targets)
    start = state.pos
    seen = {start: ""}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for name, d in DIRECTIONS.items():
            nxt = here + d
            if nxt in seen or (nxt not in state.grid and nxt not in goal):
                continue
            seen[nxt] = seen[here] or name
            if nxt in goal:
                return seen[nxt]
            queue.append(nxt)
    return None


def _guess(state: State, rng: random.Random) -> Action | None:
    return ("guess", rng.randint(1, 5))


def _meet(state: State, rng: random.Random) -> Action | None:
    return ("learn",) if ("learn",) in state.options else ("decline",)


def _window(state: State, rng: random.Random) -> Action | None:
    hp = len(state.hand)
    content = state.content
    for a in state.options:
        if a[0] == "drink" and a[1] in state.known:
            part = content.potion[a[1]]
            if part.effect in ("heal", "soothe") and hp <= 5:
                return a
        if a[0] in ("use", "skill") and state.prompt in ("round-lost", "before-regenerate", "melee-first",
                                                         "wandering-check", "ranged-miss", "ranged-end"):
            return a
    return ("pass",) if ("pass",) in state.options else None


def _full(state: State, rng: random.Random) -> Action | None:
    drops = [a for a in state.options if a[0] == "drop" and isinstance(a[1], int)]
    if drops:
        return min(drops, key=lambda a: R.part_of(state, a[1]).stars if a[1] not in state.potions else 10)
    return None


_PROMPTS: dict[str, Callable[[State, random.Random], Action | None]] = {
    "blessing": _blessing,
    "test-effort": _effort,
    "melee-effort": _effort,
    "combat": _combat,
    "ranged": _ranged,
    "turn": _turn,
    "forced-move": _move,
    "guess": _guess,
    "regenerate-guess": _guess,
    "meet": _meet,
    "window-end": _window,
    "round-lost": _window,
    "before-regenerate": _window,
    "melee-first": _window,
    "wandering-check": _window,
    "ranged-miss": _window,
    "ranged-end": _window,
    "inventory-full": _full,
    "retry": lambda s, r: ("retry",) if len(s.hand) >= 4 else ("stop",),
}

BOTS: dict[str, Callable[[int], Bot]] = {"random": random_bot, "greedy": greedy_bot, "explorer": explorer_bot}
"""Bots by name."""


def play(state: State, bot: Bot, max_actions: int = 20000) -> State:
    """Let a bot play a game to its end (in place); returns the state."""
    from companion.dod.engine import step

    while state.outcome is None and state.actions < max_actions:
        step(state, bot(state))
    return state


__all__ = ["BOTS", "Bot", "action_available", "explorer_bot", "greedy_bot", "play", "random_bot"]
