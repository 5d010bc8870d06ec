"""The Dungeon Master party's log in words: each change, what was played and what came of it.

A line reads ``what was played → what came of it``: every card with the hero
it was played on (``Sword on Amazon``, ``Shield (Dwarf) for Cleric``: the hero
who held the attribute, and the one brought back), and who fell by the
``--lose`` choice and who at random.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from companion.ui.render.words import say, words

if TYPE_CHECKING:
    from companion.games.dungeon_master import events as E


def _names(names: Sequence[str]) -> str:
    return ", ".join(names)


def _play(play: E.CardUse) -> str:
    on = f"{play.card} on {play.holder}" if play.holder else play.card
    if play.use == "kept":
        return f"{on} kept for the treasure phase"
    if play.use == "ability":
        return f"{on} cancels {play.cancels}" if play.cancels else f"{on} for its ability"
    return on


def _killed(e: E.TurnFought) -> str:
    if not e.killed:
        return "nobody killed"
    named, rest = [n for n in e.killed if n in e.named], list(e.at_random)
    if not named:
        return f"killed {_names(rest)} at random"
    if not rest:
        return f"killed {_names(named)} as named"
    return f"killed {_names(named)} as named, then {_names(rest)} at random"


def fought(e: E.TurnFought) -> tuple[str, str]:
    """A fight as what was played and what came of it."""
    what = [f"DM: {_names(e.dm) or 'nothing'}"]
    if e.passed:
        what.append(f"Secret Passage past {_names(e.passed)}")
    if e.plays:
        what.append(_names([_play(p) for p in e.plays]))
    if e.treasure:
        what.append(f"risking {_names(e.treasure)}")
    result = []
    if e.dm_total is not None:
        result.append(f"{e.dm_total} against {e.party_total}")
    if e.obstacle == "lost":
        result.append("the obstacle holds")
    result.append(_killed(e))
    if e.treasure_lost:
        result.append(f"{_names(e.treasure)} lost")
    if e.wiped:
        result.append("the Dungeon Master wins")
    return "; ".join(what), "; ".join(result)


def _card(e: E.Recovered | E.Freed | E.Levelled) -> str:
    from companion.games.dungeon_master.events import Freed, Levelled, Recovered

    if isinstance(e, Recovered):
        by = f"{e.card} ({e.holder})" if e.holder else e.card
        return f"{by} for {e.hero}" if e.hero else f"{by}, kept, stays in hand"
    if isinstance(e, Freed):
        return f"Prisoner ({e.hero})" if e.named else "Prisoner"
    assert isinstance(e, Levelled)
    if not e.named:
        return e.source
    return f"{e.source} for {e.hero}" + (f" ({e.attribute})" if e.roll is None else "")


def treasure_phase(e: E.TreasurePlayed) -> tuple[str, str]:
    """A treasure phase as the cards played (with whom they were for) and what came of it."""
    cards: list[E.Recovered | E.Freed | E.Levelled] = [*e.freed, *e.recoveries, *e.levels]
    what = _names([_card(c) for c in cards]) or "no cards"
    result = []
    if e.claimed:
        result.append(f"claimed {_names(e.claimed)} (+{e.gained}, pile {e.pile})")
    result += [f"{f.hero} joins" for f in e.freed]
    back = [r.hero for r in e.recoveries if r.hero]
    if back:
        result.append(f"{_names(back)} back")
    for up in e.levels:
        rolled = f" (d10 {up.roll})" if up.roll is not None else ""
        result.append(f"{up.hero} {up.attribute} {up.level}{rolled}")
    if e.won:
        result.append("the party wins")
    return what, "; ".join(result) or "nothing changes"


def _line(what: str, result: str) -> str:
    return f"{what} → {result}" if result else what


@words("dm-fight")
def _fight(e: E.TurnFought) -> str:
    return _line(*fought(e))


@words("dm-treasure")
def _treasure(e: E.TreasurePlayed) -> str:
    return _line(*treasure_phase(e))


@words("dm-resolve")
def _resolve(e: E.TurnResolved) -> str:
    what, result = fought(e.fight)
    if e.treasure is None:
        return _line(what, result)
    cards, came = treasure_phase(e.treasure)
    if cards != "no cards":
        what += f"; then {cards}"
    if came != "nothing changes":
        result += f"; {came}"
    return _line(what, result)


@words("dm-new")
def _new(e: E.PartyFormed) -> str:
    how = {"named": "as named", "chosen": "as chosen", "random": "at random"}[e.how]
    variant = " (Obstacles variant)" if e.variant else ""
    return _line(f"drew {_names(e.drawn)}", f"kept {_names(e.kept)} {how}{variant}")


@words("dm-kill")
def _kill(e: E.HeroesKilled) -> str:
    named = len(e.heroes) - e.random
    how = "named" if not e.random else "at random" if not named else "named, then at random"
    result = f"{e.alive} alive" + (f"; {_names(e.lost)} lost" if e.lost else "")
    result += "; the Dungeon Master wins" if e.wiped else ""
    return _line(f"killed {_names(e.heroes)} ({how})", result)


@words("dm-revive")
def _revive(e: E.HeroesRevived) -> str:
    card = f" with {e.card}" if e.card else ""
    return _line(f"brought back {_names(e.heroes)}{card}", f"{e.alive} alive")


@words("dm-level-up")
def _level_up(e: E.LevelChanged) -> str:
    rolled = f" (d10 rolled {e.roll})" if e.roll is not None else ""
    return _line(f"{e.hero} gains a level{rolled}", f"{e.attribute} {e.level}")


@words("dm-level-down")
def _level_down(e: E.LevelTakenBack) -> str:
    return _line(f"{e.hero} loses a level", f"{e.attribute} {e.level}")


@words("dm-recruit")
def _recruit(e: E.HeroRecruited) -> str:
    how = "named" if e.named else "at random"
    return _line(f"Prisoner frees {e.hero} ({how})", f"{e.alive} alive")


@words("dm-dismiss")
def _dismiss(e: E.HeroDismissed) -> str:
    return _line(f"{e.hero} leaves the party", "back in the character deck")


@words("dm-claim")
def _claim(e: E.PileChanged) -> str:
    what = []
    if e.cards:
        what.append(f"claimed {_names(e.cards)}")
    if e.back:
        what.append(f"took back {_names(e.back)}")
    if e.points:
        what.append(f"{e.points:+d} points typed")
    won = "; the party wins" if e.won else ""
    return _line("; ".join(what), f"{e.gained:+d}, pile {e.pile}{won}")


@words("dm-undo")
def _undo(e: E.ChangeUndone) -> str:
    what = say(e.undone) if e.undone is not None else ""
    return f"took back #{e.seq} ({e.action}: {what})"


@words("dm-note")
def _note(e: E.Noted) -> str:
    return e.what


@words("dm-logged")
def _logged(e: E.Logged) -> str:
    return _line(e.what, e.result)
