"""Invariants of a Dungeon of D state, checked after every action in tests
and in debug mode (``COMPANION_DOD_DEBUG=1``), and on every state read from a
file (:func:`from_json`)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.errors import CompanionError
from companion.games.dungeon_of_d import mechanics as R
from companion.games.dungeon_of_d.content import Content, load_content
from companion.games.dungeon_of_d.frames import (
    BlessFrame,
    Frame,
    FullFrame,
    MeetFrame,
    OverFrame,
    PlaceFrame,
)
from companion.games.dungeon_of_d.state import State, state_from_json


class InvariantError(AssertionError):
    """A game state broke a rule that must always hold (a bug in the engine)."""


def _pending(s: State, kind: type[Frame]) -> bool:
    return any(isinstance(f, kind) for f in s.stack)


def from_json(data: dict[str, Any], content: Content | None = None, check: bool = True) -> State:
    """Rebuild a state from :func:`~companion.games.dungeon_of_d.state.to_json` data.

    ``content`` is the compiled card data to play on with (the default cards
    when left out). With ``check`` the state's invariants are verified, so a
    damaged save is refused in one line instead of played.
    """
    state = state_from_json(data, content if content is not None else load_content())
    if check:
        try:
            check_invariants(state)
        except InvariantError as exc:
            raise CompanionError(f"corrupt Dungeon of D game state ({exc})") from None
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
            raise CompanionError(
                f"corrupt Dungeon of D game state ({type(exc).__name__}: {exc})"
            ) from None
    return state


def check_invariants(s: State) -> None:
    """Raise :class:`InvariantError` naming the first broken invariant."""
    content = s.content
    problems: list[str] = []

    # Every power card is in exactly one place.
    places = [*s.hand, *s.deck, *s.discard, *s.effort, *s.items, *s.specials, *s.potions]
    if s.wander >= 0:
        places.append(s.wander)
    counts = Counter(places)
    n = len(content.power)
    missing = [c for c in range(n) if counts[c] == 0]
    twice = [c for c, k in counts.items() if k > 1]
    if missing or twice or len(places) != n:
        problems.append(
            f"power cards out of place (missing {missing}, twice {twice}, {len(places)} in all)"
        )

    if not set(s.known) <= set(s.potions) or len(set(s.known)) != len(s.known):
        problems.append("identified potions must be potions held")
    if len(s.effort) > 2:
        problems.append(f"{len(s.effort)} effort cards")

    # HP, inventory and counters within their limits.
    if s.outcome != "lost" and not _pending(s, BlessFrame) and not s.hand:
        problems.append("no card in hand but the game is not lost")
    if len(s.hand) > R.HP_MAX and not _pending(s, OverFrame):
        problems.append(f"HP {len(s.hand)} above {R.HP_MAX}")
    if R.slots_used(s) > R.capacity(s) and not _pending(s, FullFrame):
        problems.append(f"inventory uses {R.slots_used(s)} of {R.capacity(s)} slots")
    if not 0 <= s.fruits <= content.fruit_max:
        problems.append(f"{s.fruits} fruits")
    if not 0 <= s.arrows <= content.arrow_max:
        problems.append(f"{s.arrows} arrows")
    for kind in ("magic-arrow", "vampiric-arrow"):
        if len(R.held(s, "item", kind)) > content.arrow_max:
            problems.append(f"too many {kind}s")
    if not 0 <= s.gold <= content.gold_max:
        problems.append(f"gold {s.gold}")
    for stat in R.STATS:
        if not 0 <= getattr(s, stat) <= R.STAT_MAX:
            problems.append(f"{stat} {getattr(s, stat)}")
    uniques = [content.special[c].id for c in s.specials if content.special[c].unique]
    if len(uniques) != len(set(uniques)):
        problems.append(f"unique special items twice: {uniques}")

    # Skills and characters.
    if not s.skills or s.skills[0] != s.character:
        problems.append("your own skill must come first")
    if len(s.skills) > R.max_skills(s):
        problems.append(f"{len(s.skills)} skills with INT {s.INT}")
    meeting = [f.character for f in s.stack if isinstance(f, MeetFrame) and f.character]
    people = Counter([*s.skills, *s.characters, *meeting])
    if sorted(people) != sorted(content.characters) or any(k > 1 for k in people.values()):
        problems.append("characters out of place")

    # Level and rooms.
    if s.level:
        if not 1 <= s.level <= 8:
            problems.append(f"level {s.level}")
        if s.pos not in s.grid:
            problems.append("the hero stands outside the map")
        drawn = [f.room for f in s.stack if isinstance(f, PlaceFrame) and f.room]
        rooms = Counter([*s.room_deck, *s.grid.values(), *s.unused_rooms, *drawn])
        expected = set(content.regular_rooms) | {content.portal_room}
        if s.level == 8:
            expected.add(content.special_room)
        if set(rooms) != expected or any(k > 1 for k in rooms.values()):
            problems.append("room cards out of place")
        if not set(s.exhausted) <= set(s.grid):
            problems.append("an exhausted room that is not on the map")
        if len(s.grid) + len(s.room_deck) + len(drawn) != R.ROOM_DECK_SIZE:
            problems.append("the level's rooms are not the 9 of its room deck")
    if s.outcome is None and len(s.options) < 2 and s.level:
        problems.append(f"waiting with {len(s.options)} option(s)")
    if problems:
        raise InvariantError(f"seed {s.seed}, action {s.actions}: " + "; ".join(problems))
