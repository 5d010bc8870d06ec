"""The tracked game: what each ``companion dm`` command does to the stored party.

Each function takes the :class:`~companion.games.dungeon_master.store.PartyStore`
and what the player typed, does its work in one transaction, logs it (who,
what, result and seed) and returns a report with ``to_json()``; the command
line only prints it. A turn is played in two steps, as at the table:

* :func:`fight` plays the resolution phase and leaves the encounter open;
* :func:`treasure` plays its treasure phase, once the deaths are known;

:func:`resolve_encounter` is the one-shot form. Every random choice gets its
own seed, recorded in the log and returned. :func:`undo` takes back the last
change; once the game is won, nothing but undo changes the party.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.bounds import check_seed
from companion.cards.dungeon_master import Attribute, Hero, PartyTreasure
from companion.errors import CompanionError
from companion.games.dungeon_master.catalog import Catalog
from companion.games.dungeon_master.encounter_file import (
    EncounterSpec,
    ResolveFlags,
    build_encounter,
    merge_flags,
    parse_encounter,
    read_encounter,
)
from companion.games.dungeon_master.events import (
    CardUse,
    Freed,
    HeroDismissed,
    HeroesKilled,
    HeroesRevived,
    HeroRecruited,
    LevelChanged,
    Levelled,
    LevelTakenBack,
    PartyFormed,
    PileChanged,
    Recovered,
    TreasurePlayed,
    TurnFought,
    TurnResolved,
)
from companion.games.dungeon_master.hand import Hand, check_hand, party_hand
from companion.games.dungeon_master.model import Encounter, LevelChoice
from companion.games.dungeon_master.notation import (
    TreasureWord,
    attribute_of,
    parse_fight,
    parse_treasure,
    split_items,
)
from companion.games.dungeon_master.party import (
    Change,
    Drawn,
    KeptCard,
    LogEntry,
    OpenTurn,
    Party,
    draw_candidates,
    new_party,
)
from companion.games.dungeon_master.resolve import (
    Fight,
    PlayResult,
    Recovery,
    Resolution,
    TreasureChoices,
    TreasurePhase,
    resolve,
    resolve_fight,
    roll_attribute,
    treasure_choices,
    treasure_phase,
)
from companion.games.dungeon_master.store import PartyStore

MOST_POINTS = 110
"""Every Silver, Gold and Gems card of the party deck together: the most a claim can add."""


def choose_seed(seed: int | None, where: str = "--seed") -> int:
    """``seed`` checked against its range, or a new one (short, so it is easy to type again).

    >>> choose_seed(7)
    7
    >>> choose_seed(2**64)
    Traceback (most recent call last):
      ...
    companion.errors.CompanionError: --seed 18446744073709551616 is out of range (0 to 18446744073709551615)
    """
    if seed is None:
        return random.SystemRandom().randrange(1, 10**6)
    return check_seed(seed, where)


# --------------------------------------------------------------------------- reports


@dataclass(frozen=True)
class PartyReport:
    """What a party command did (``note``), and the party after it.

    ``seed`` is the command's own seed (None when it drew nothing at random);
    ``details`` holds the command's own fields (``killed``, ``level_up``...).
    """

    party: Party
    note: str
    seed: int | None = None
    entry: LogEntry | None = None
    details: Mapping[str, Any] = field(default_factory=dict)
    log: tuple[LogEntry, ...] = ()

    def to_json(self) -> dict[str, Any]:
        data = {**self.party.to_json(), **self.details, "note": self.note, "seed": self.seed}
        data["log_entry"] = self.entry.to_json() if self.entry else None
        if self.log:
            data["log"] = [e.to_json() for e in self.log]
        return data


@dataclass(frozen=True)
class FightReport:
    """``dm fight``: the resolution phase, the turn it opened, and any turn it closed first."""

    fight: Fight
    party: Party
    entry: LogEntry
    closed: TreasureReport | None = None
    waiting: Waiting | None = None
    """What this turn's treasure phase will do by itself (claim, play the kept cards)."""

    def to_json(self) -> dict[str, Any]:
        return {
            **self.fight.to_json(),
            "turn": self.entry.turn,
            "open": self.party.open is not None,
            "waiting": self.waiting.to_json() if self.waiting else None,
            "closed_turn": self.closed.to_json() if self.closed else None,
            "tracked_party": self.party.to_json(),
            "log_entry": self.entry.to_json(),
        }


@dataclass(frozen=True)
class TreasureReport:
    """``dm treasure``: the treasure phase played on the open encounter."""

    phase: TreasurePhase
    party: Party
    turn: int
    event: TreasurePlayed
    """The phase as its log keeps it: each card with whom it was for (``Shield (Dwarf) for
    Cleric``: the hero who held Shield, and the one brought back)."""
    entry: LogEntry | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            **self.phase.to_json(),
            "turn": self.turn,
            "tracked_party": self.party.to_json(),
            "log_entry": self.entry.to_json() if self.entry else None,
        }


@dataclass(frozen=True)
class ResolveReport:
    """``dm resolve``: one encounter in one go, on a listed or the tracked party."""

    result: Resolution
    applied: bool = False
    entry: LogEntry | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            **self.result.to_json(),
            "applied": self.applied,
            "log_entry": self.entry.to_json() if self.entry else None,
        }


@dataclass(frozen=True)
class UndoReport:
    """``dm undo``: the change taken back and the party as it is again."""

    party: Party
    undone: LogEntry

    @property
    def note(self) -> str:
        return f"Took back #{self.undone.seq}: {replace(self.undone, undone=False).line()}."

    def to_json(self) -> dict[str, Any]:
        return {**self.party.to_json(), "undone": self.undone.to_json(), "note": self.note}


@dataclass(frozen=True)
class LogReport:
    """``dm party log``: the game as it was played."""

    entries: tuple[LogEntry, ...]

    def to_json(self) -> dict[str, Any]:
        return {"log": [e.to_json() for e in self.entries]}


# --------------------------------------------------------------------------- the party


def draw(catalog: Catalog, seed: int | None) -> Drawn:
    """Shuffle the character deck with ``seed`` (checked, or chosen) and draw ten."""
    seed = choose_seed(seed)
    return draw_candidates(catalog.characters(), random.Random(seed), seed=seed)


def form_party(
    store: PartyStore,
    drawn: Drawn,
    keep: Sequence[str] | None,
    *,
    replace_old: bool = False,
    variant: bool = False,
    asked: bool = False,
) -> PartyReport:
    """Keep six of the ten drawn (named, or at random with the draw's seed) and save the party.

    ``asked``: the six were chosen at a prompt rather than named on the command line.
    """
    how = ("as chosen" if asked else "as named") if keep is not None else "at random"
    party = new_party(
        drawn,
        keep=keep,
        rng=None if keep is not None else random.Random(drawn.seed),
        seed=drawn.seed,
        variant=variant,
    )
    names = [c.name for c in drawn.candidates]
    kept = [h.name for h in party.heroes]
    formed = PartyFormed(
        tuple(names),
        tuple(kept),
        ("chosen" if asked else "named") if keep is not None else "random",
        variant,
    )
    change = Change(formed, who=tuple(kept), seed=drawn.seed)
    store.create(party, replace=replace_old, change=change)
    return PartyReport(
        party,
        f"Drew {', '.join(names)}; kept six {how} (seed {drawn.seed}).",
        seed=drawn.seed,
        entry=store.log(1)[-1],
        details={
            "drawn": names,
            "discarded": [c.name for c in drawn.candidates if c.id in party.discarded],
        },
    )


def check_new(store: PartyStore, replace_old: bool) -> None:
    """Refuse to draw a new party over an existing one unless asked to replace it."""
    existing = store.load()
    if existing is not None and not replace_old:
        raise CompanionError(
            f"a party already exists in {store.path} ({len(existing.living)} heroes alive); "
            "add --replace to start a new one"
        )


def show(store: PartyStore, limit: int = 10) -> PartyReport:
    party = store.require()
    return PartyReport(party, "", log=tuple(store.log(limit)))


def history(store: PartyStore, limit: int | None = None) -> LogReport:
    store.require()
    return LogReport(tuple(store.log(limit)))


def undo(store: PartyStore) -> UndoReport:
    party, undone = store.undo()
    return UndoReport(party, undone)


def _names(values: Sequence[str], what: str) -> list[str]:
    if any(not str(v).strip() for v in values):
        raise CompanionError(f"an empty {what} name: name one")
    return split_items(values)


def kill(
    store: PartyStore, heroes: Sequence[str], random_count: int, seed: int | None
) -> PartyReport:
    """Record deaths: named heroes, then ``random_count`` living heroes drawn with the seed."""
    names = _names(heroes, "hero")
    if not names and not random_count:
        raise CompanionError("name the heroes who died, or give --random N")
    used = choose_seed(seed) if random_count else None
    killed: list[str] = []
    lost: list[str] = []

    def make(party: Party) -> tuple[Party, Change]:
        party.check_playing()
        waiting = party.open.treasure_waiting if party.open else ()
        for name in names:
            hero = party.hero(name)
            party = party.kill(hero.name)
            killed.append(hero.name)
        if random_count:
            living = [h.name for h in party.living]
            if random_count > len(living):
                raise CompanionError(
                    f"--random {random_count}: only {len(living)} heroes are alive"
                )
            for name in random.Random(used).sample(living, random_count):
                party = party.kill(name)
                killed.append(name)
        if party.open is not None and waiting and not party.open.treasure_waiting:
            lost.extend(waiting)
        killed_event = HeroesKilled(
            tuple(killed), random_count, len(party.living), tuple(lost), party.winner == "dm"
        )
        return party, Change(killed_event, tuple(killed), used)

    party, entry = store.change(make)
    note = f"Killed: {', '.join(killed)}."
    if lost:
        note += f" A hero fell this turn, so the treasure played ({', '.join(lost)}) is discarded."
    return PartyReport(
        party, note, seed=used, entry=entry, details={"killed": killed, "treasure_lost": lost}
    )


def revive(store: PartyStore, heroes: Sequence[str], card: str | None = None) -> PartyReport:
    """Bring back heroes killed this turn, checking that a living hero holds the card's attribute."""
    names = _names(heroes, "hero")
    if not names:
        raise CompanionError("name the heroes brought back")
    back: list[str] = []

    def make(party: Party) -> tuple[Party, Change]:
        party.check_playing()
        for name in names:
            hero = party.hero(name)
            party = party.revive(hero.name)
            back.append(hero.name)
        _check_recovery_holder(party, back, card)
        with_card = attribute_of(card, "--card").capitalize() if card else None
        return party, Change(HeroesRevived(tuple(back), with_card, len(party.living)), tuple(back))

    party, entry = store.change(make)
    return PartyReport(
        party, f"Back in the party: {', '.join(back)}.", entry=entry, details={"revived": back}
    )


def _check_recovery_holder(party: Party, back: Sequence[str], card: str | None) -> None:
    attributes: tuple[Attribute, ...] = ("heal", "shield", "armor")
    if card is not None:
        attributes = (attribute_of(card, "--card"),)
        if attributes[0] not in ("heal", "shield", "armor"):
            raise CompanionError(f"--card {card}: only Heal, Shield or Armor brings a hero back")
    holders = [
        h for h in party.living if h.name not in back and any(h.level(a) for a in attributes)
    ]
    if not holders:
        raise CompanionError(
            f"no living hero has {' or '.join(attributes)}, so no card can bring anyone back"
        )


def level_up(
    store: PartyStore, catalog: Catalog, hero: str | None, attribute: str | None, seed: int | None
) -> PartyReport:
    """+1 level (Experience, Magic Items): a named or random living hero, a named or rolled attribute."""
    random_hero = hero is None or hero.strip().lower() == "random"
    random_attribute = attribute is None or attribute.strip().lower() == "random"
    used = choose_seed(seed) if random_hero or random_attribute else None
    rng = random.Random(used)
    done: dict[str, Any] = {}

    def make(party: Party) -> tuple[Party, Change]:
        party.check_playing()
        if not random_hero:
            chosen = party.living_hero(str(hero), "gain a level")
        else:
            if not party.living:
                raise CompanionError("no living hero to gain a level")
            chosen = rng.choice(party.living)
        roll = None
        if not random_attribute:
            name = attribute_of(str(attribute))
        else:
            roll, name = roll_attribute(rng)
        party = party.level_up(chosen.name, name)
        level = party.hero(chosen.name).level(name)
        done.update(hero=chosen.name, attribute=name, roll=roll, level=level)
        return party, Change(LevelChanged(chosen.name, name, level, roll), (chosen.name,), used)

    party, entry = store.change(make)
    rolled = f" (d10 rolled {done['roll']})" if done["roll"] is not None else ""
    return PartyReport(
        party,
        f"{done['hero']} gains a level: {done['attribute']} {done['level']}{rolled}.",
        seed=used,
        entry=entry,
        details={"level_up": done},
    )


def level_down(store: PartyStore, catalog: Catalog, hero: str, attribute: str) -> PartyReport:
    """Take back a level gained by mistake (never below the card's printed level)."""
    done: dict[str, Any] = {}

    def make(party: Party) -> tuple[Party, Change]:
        party.check_playing()
        chosen = party.hero(hero)
        name = attribute_of(attribute)
        printed = catalog.hero(chosen.card_id).level(name)
        party = party.level_down(chosen.name, name, printed)
        level = party.hero(chosen.name).level(name)
        done.update(hero=chosen.name, attribute=name, level=level)
        return party, Change(LevelTakenBack(chosen.name, name, level), (chosen.name,))

    party, entry = store.change(make)
    return PartyReport(
        party,
        f"{done['hero']} loses a level: {done['attribute']} {done['level']}.",
        entry=entry,
        details={"level_down": done},
    )


def recruit_pool(party: Party, catalog: Catalog) -> tuple[Hero, ...]:
    """The characters a Prisoner card can free: never drawn, not in the party."""
    by_id = {c.id: c for c in catalog.characters()}
    return tuple(by_id[i] for i in party.deck if i in by_id)


def _recruitable(party: Party, catalog: Catalog, name: str) -> Hero:
    """A character by name or prefix, which must be one a Prisoner card can free."""
    card = catalog.hero(name)
    if card.id in party.discarded:
        raise CompanionError(
            f"{card.name} was set aside when the party was formed; a Prisoner frees "
            "one of the characters never drawn"
        )
    return card


def recruit(store: PartyStore, catalog: Catalog, hero: str | None, seed: int | None) -> PartyReport:
    """A Prisoner card: a named character, or one drawn at random from those never drawn."""
    used = choose_seed(seed) if hero is None else None
    joined: list[str] = []

    def make(party: Party) -> tuple[Party, Change]:
        party.check_playing()
        if hero is not None:
            card = _recruitable(party, catalog, hero)
            how = "named"
        else:
            pool = recruit_pool(party, catalog)
            if not pool:
                raise CompanionError("no character is left in the character deck")
            card = random.Random(used).choice(pool)
            how = "at random"
        joined.append(card.name)
        party = party.recruit(card)
        freed = HeroRecruited(card.name, how == "named", len(party.living))
        return party, Change(freed, (card.name,), used)

    party, entry = store.change(make)
    return PartyReport(
        party,
        f"{joined[0]} joins the party.",
        seed=used,
        entry=entry,
        details={"recruited": joined[0]},
    )


def dismiss(store: PartyStore, hero: str) -> PartyReport:
    """Send away a hero a Prisoner card brought by mistake."""
    gone: list[str] = []

    def make(party: Party) -> tuple[Party, Change]:
        party.check_playing()
        chosen = party.hero(hero)
        gone.append(chosen.name)
        party = party.dismiss(chosen.name)
        return party, Change(HeroDismissed(chosen.name), (chosen.name,))

    party, entry = store.change(make)
    return PartyReport(
        party, f"{gone[0]} leaves the party.", entry=entry, details={"dismissed": gone[0]}
    )


def claim(store: PartyStore, catalog: Catalog, items: Sequence[str]) -> PartyReport:
    """Treasure cards (each at most as often as the party deck holds it) or points, into the pile.

    ``-CARD`` takes a card back out of the pile, with its points. A number
    corrects the points typed as numbers (``-10`` takes 10 of them back):
    the pile's points are always its cards' points plus those, so the two
    never disagree; a number cannot add more than the party deck's treasure
    is worth.
    """
    words = _names(items, "treasure")
    if not words:
        raise CompanionError("name the treasure cards claimed, or a number of points")
    cards: list[PartyTreasure] = []
    back: list[PartyTreasure] = []
    points = 0
    for word in words:
        text = word.strip()
        if text.lstrip("+-").isdigit():
            if len(text) > 4 or not -MOST_POINTS <= int(text) <= MOST_POINTS:
                raise CompanionError(
                    f"claim {text[:12]}{'...' if len(text) > 12 else ''}: points must be between "
                    f"-{MOST_POINTS} and {MOST_POINTS} (the party deck's treasure is worth {MOST_POINTS})"
                )
            points += int(text)
            continue
        card = catalog.treasure(text.removeprefix("-").strip())
        if card.points == 0:
            raise CompanionError(
                f"{card.name} is worth no treasure points: claimed, it gives a hero a level "
                "('companion dm party level-up', or 'companion dm treasure' after a fight)"
            )
        (back if text.startswith("-") else cards).append(card)
    gained = sum(c.points for c in cards) - sum(c.points for c in back) + points

    def make(party: Party) -> tuple[Party, Change]:
        party.check_playing()
        party = party.claim(cards, catalog.deck_limits(party.variant)).give_back(back)
        card_points = sum(catalog.treasure(name).points for name in party.claimed)
        party = party.correct_points(points, card_points)
        changed = PileChanged(
            tuple(c.name for c in cards),
            tuple(c.name for c in back),
            points,
            gained,
            party.treasure_points,
            party.winner == "party",
        )
        return party, Change(changed)

    party, entry = store.change(make)
    return PartyReport(
        party,
        f"{gained:+d} treasure points.",
        entry=entry,
        details={
            "gained": gained,
            "cards": [c.name for c in cards],
            "taken_back": [c.name for c in back],
        },
    )


# --------------------------------------------------------------------------- a turn


def _check_risked(party: Party, catalog: Catalog, treasures: Sequence[str]) -> None:
    """A treasure card already in the pile cannot be risked again (the pile keeps its cards)."""
    limits = catalog.deck_limits(party.variant)
    for name in dict.fromkeys(treasures):
        party.check_pile_room(name, list(treasures).count(name), limits.get(name, 0), "risked")


def _tracked_encounter(spec: EncounterSpec, party: Party, catalog: Catalog, seed: int) -> Encounter:
    """The encounter of ``spec`` fought by the living heroes of the tracked party."""
    _check_risked(party, catalog, spec.treasures)
    if spec.variant and not party.variant:
        what = (
            f"{catalog.obstacle(spec.dm.obstacle).name} is an Obstacle"
            if spec.dm.obstacle
            else "--variant asks for the Obstacles variant"
        )
        raise CompanionError(
            f"{what}, and this party plays without the Obstacles variant "
            "(start one with 'companion dm party new --variant')"
        )
    spec = spec.model_copy(
        update={"treasure_points": party.treasure_points, "variant": party.variant, "seed": seed}
    )
    _check_alive(party, spec)
    heroes = tuple(h.as_party_hero() for h in party.living)
    return build_encounter(spec, catalog, party=heroes, recruit_pool=recruit_pool(party, catalog))


def _check_alive(party: Party, spec: EncounterSpec) -> None:
    """A hero typed for this encounter who is dead is named as dead, not as unknown."""
    typed = [p.hero for p in spec.plays if p.hero] + list(spec.casualties)
    typed += [c.hero for c in spec.treasure_phase.level_ups if c.hero]
    for name in typed:
        try:
            hero = party.hero(name)
        except CompanionError:
            continue  # unknown or ambiguous: the encounter names it in context
        if not hero.alive:
            raise CompanionError(
                f"{hero.name} is dead (fell on turn {hero.fell_on}) and takes no part in this encounter"
            )


def fight_event(fight: Fight) -> TurnFought:
    """A fight as its log keeps it: each card with the hero it was played on and what it did,
    who fell by the casualty order and who at random."""
    cancelled = fight.trap_result == "cancelled" or fight.obstacle_result == "cleared"
    plays = []
    for p in fight.plays:
        card, hero = p.play.card, p.play.hero
        if p.use == "fight":
            plays.append(CardUse(card.name, hero, "fight", p.points))
        elif card.ability == "recover-hero" and fight.held:  # dm fight keeps it for later
            plays.append(CardUse(card.name, hero, "kept"))
        else:
            negates = card.ability == "negate-trap" and cancelled
            plays.append(
                CardUse(card.name, hero, "ability", cancels=fight.target if negates else None)
            )
    return TurnFought(
        dm=fight.dm_played,
        passed=fight.cancelled,
        plays=tuple(plays),
        treasure=fight.treasure_played,
        dm_total=fight.dm_total,
        party_total=fight.party_total,
        killed=fight.killed,
        named=fight.killed_named,
        treasure_lost=fight.treasure_lost,
        obstacle=fight.obstacle_result,
        wiped=fight.wiped,
    )


def treasure_event(phase: TreasurePhase, choices: TreasureChoices) -> TreasurePlayed:
    """A treasure phase as its log keeps it: each card with whom it was for."""
    named = {p.name for p in choices.prisoners if p is not None}
    return TreasurePlayed(
        claimed=phase.treasure_claimed,
        gained=phase.points_gained,
        pile=phase.treasure_points,
        freed=tuple(Freed(h, h in named) for h in phase.new_heroes),
        recoveries=tuple(
            Recovered(r.card, r.holder, r.brought_back, r.kept)
            for r in phase.recoveries
            if r.brought_back or r.kept
        ),
        levels=tuple(
            Levelled(u.source, u.hero, u.attribute, u.level, u.roll, u.named)
            for u in phase.level_ups
        ),
        won=phase.winner == "party",
    )


@dataclass(frozen=True)
class Waiting:
    """What the open turn's treasure phase still has to do, which a new fight must not
    skip: treasure to claim, and recovery cards kept in the fight that can bring back a
    hero killed that turn (``fallen``, in the order they fell)."""

    turn: int
    treasure: tuple[str, ...] = ()
    kept: tuple[KeptCard, ...] = ()
    fallen: tuple[str, ...] = ()

    @property
    def choice(self) -> bool:
        """Whom the kept cards bring back is a choice: more heroes fell than they can save."""
        return bool(self.kept) and len(self.fallen) > len(self.kept)

    @property
    def whom(self) -> str:
        """The heroes the kept cards bring back: ``Elf``, ``Elf and Wizard``, or, when it is
        a choice, ``Elf, Wizard or Thief``."""
        names = list(self.fallen) if self.choice else list(self.fallen[: len(self.kept)])
        word = " or " if self.choice else " and "
        return ", ".join(names[:-1]) + word + names[-1] if len(names) > 1 else "".join(names)

    def what(self) -> str:
        """``turn 1 still has Gold to claim and kept Armor (Cleric) to bring back Wizard``."""
        parts = []
        if self.treasure:
            parts.append(f"still has {', '.join(self.treasure)} to claim")
        if self.kept:
            parts.append(f"kept {', '.join(map(str, self.kept))} to bring back {self.whom}")
        return f"turn {self.turn} " + " and ".join(parts)

    def refusal(self) -> str:
        """The one line a new fight refuses with: what waits, and the command that plays it."""
        command = "companion dm treasure"
        if self.choice:
            command += " " + " ".join(f"{k.card.lower()}:HERO" for k in self.kept)
        plays = ", which plays the kept card" if self.kept and not self.choice else ""
        return (
            f"{self.what()}: run '{command}' first{plays} "
            "(or 'companion dm undo' to take the fight back)"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "treasure": list(self.treasure),
            "kept": [k.to_state() for k in self.kept],
            "fallen": list(self.fallen),
        }


def waiting(party: Party, catalog: Catalog, words: Sequence[str] = ()) -> Waiting | None:
    """What the open turn's treasure phase would do by itself (None: nothing waits).

    ``words`` are treasure-phase words already typed: a kept card they name, and a
    hero they bring back, are decided already.
    """
    open_turn = party.open
    if open_turn is None:
        return None
    items = [i for i in parse_treasure(words, catalog) if i.kind == "recover"]
    kept = list(open_turn.kept)
    for item in items:
        match = next((k for k in kept if k.card == item.card), None)
        if match is not None:
            kept.remove(match)
    targets = {_named(party, i.target) for i in items}
    fallen = tuple(n for n in party.killed_this_turn if n not in targets)
    fallen = fallen[len([i for i in items if i.target is None]) :]
    usable = [
        k for k in kept if any(h.level(catalog.attribute(k.card).attribute) for h in party.living)
    ][: len(fallen)]
    if not usable and not open_turn.treasure_waiting:
        return None
    return Waiting(
        open_turn.turn, open_turn.treasure_waiting, tuple(usable), fallen if usable else ()
    )


def pending(store: PartyStore, catalog: Catalog, words: Sequence[str] = ()) -> Waiting | None:
    """What the kept party's open treasure phase would do by itself (None: no party, no open
    turn, or nothing that waits): what a prompt asks about before a command runs."""
    party = store.load()
    return None if party is None or party.winner else waiting(party, catalog, words)


def _close_open_turn(
    party: Party, catalog: Catalog, close: Sequence[str] | None
) -> tuple[Party, TreasureReport | None]:
    """Before a new fight: end the open turn. Its treasure phase is played with ``close``
    (the words a player agreed to at the prompt); without them, a turn whose treasure phase
    still has something to do is refused, and any other ends with an empty phase."""
    if party.open is None:
        return party, None
    if close is None:
        pending = waiting(party, catalog)
        if pending is not None:
            raise CompanionError(pending.refusal())
    return _play_treasure(party, catalog, close or [], None)


def fight(
    store: PartyStore,
    catalog: Catalog,
    words: Sequence[str],
    *,
    secret_passage: Sequence[str] = (),
    lose: Sequence[str] = (),
    seed: int | None = None,
    close: Sequence[str] | None = None,
) -> FightReport:
    """``dm fight``: a new turn's resolution phase on the tracked party; its treasure phase waits.

    Heal, Shield and Armor are not played here for their ability: they wait
    for the treasure phase, when the Party Player has seen who died. Named
    on a hero with no use given, such a card adds its points when they change
    how many heroes fall, and is otherwise kept in hand (the FAQ).

    The last turn's treasure phase is closed first: with ``close``, the
    treasure-phase words the player agreed to (logged as that turn's treasure
    phase); without, it is refused while it still has treasure to claim or a
    kept card that can bring a hero back (:func:`waiting`).
    """
    used = choose_seed(seed)
    data = parse_fight(words, catalog, secret_passage=secret_passage, lose=lose)
    for play in data["plays"]:
        card = catalog.attribute(play["card"])
        if card.ability == "recover-hero" and "hero" not in play:
            raise CompanionError(
                f"{card.name} brings a hero back in the treasure phase, once the deaths are "
                f"known: play it with 'companion dm treasure {card.name.lower()}:HERO'"
            )
    spec = parse_encounter(data)
    holder: dict[str, Any] = {}

    def make(party: Party) -> list[tuple[Party, Change]]:
        party.check_playing()
        steps: list[tuple[Party, Change]] = []
        party, closed = _close_open_turn(party, catalog, close)
        holder["closed"] = closed
        if closed is not None and close is not None:
            steps.append((party, _treasure_change(closed)))
        party = party.begin_turn()
        enc = _tracked_encounter(spec, party, catalog, used)
        result = resolve_fight(enc, random.Random(used), recover_later=True)
        holder["fight"] = result
        for name in result.killed:
            party = party.kill(name)
        if not result.wiped:
            party = replace(
                party,
                open=OpenTurn(
                    turn=party.turn,
                    killed=result.killed,
                    treasures=result.treasure_played,
                    treasure_lost=result.treasure_lost,
                    cards_used=tuple(p.play.card.name for p in result.plays if not _is_kept(p)),
                    kept=tuple(
                        KeptCard(p.play.card.name, p.play.hero) for p in result.plays if _is_kept(p)
                    ),
                    hand=party_hand(enc).total,
                ),
            )
        steps.append((party, Change(fight_event(result), result.killed, used)))
        return steps

    party, entries = store.change_steps(make)
    return FightReport(
        holder["fight"], party, entries[-1], holder["closed"], waiting(party, catalog)
    )


def _is_kept(play: PlayResult) -> bool:
    """A recovery card the fight kept in hand for the treasure phase."""
    return play.use == "ability" and play.play.card.ability == "recover-hero"


def _treasure_choices(
    party: Party, catalog: Catalog, items: Sequence[TreasureWord]
) -> TreasureChoices:
    """The words of ``dm treasure`` as the phase's cards, checked against the open turn."""
    open_turn = party.open
    assert open_turn is not None
    limits = catalog.deck_limits(party.variant)
    for name in dict.fromkeys(i.card for i in items):
        count = sum(1 for i in items if i.card == name) + open_turn.cards_used.count(name)
        limit = limits.get(name, 0)
        if name != "Magic Items" and count > limit:
            spent = open_turn.cards_used.count(name)
            also = f" ({spent} played in the fight)" if spent else ""
            raise CompanionError(
                f"{count} {name} cards this turn{also}, but the deck holds {limit}"
            )
    magic_claimed = open_turn.treasure_waiting.count("Magic Items")
    magic = [i for i in items if i.kind == "magic"]
    if len(magic) > magic_claimed:
        raise CompanionError(
            f"'{magic[magic_claimed].text}': "
            + (
                f"only {magic_claimed} Magic Items claimed this turn"
                if magic_claimed
                else "no Magic Items claimed this turn to give a level"
            )
        )
    choices = [LevelChoice(_level_target(party, i.target), i.attribute) for i in magic]
    choices += [LevelChoice()] * (magic_claimed - len(magic))
    experience = [i for i in items if i.kind == "experience"]
    choices += [LevelChoice(_level_target(party, i.target), i.attribute) for i in experience]
    prisoners: list[Hero | None] = []
    for item in items:
        if item.kind == "prisoner":
            prisoners.append(
                None if item.target is None else _recruitable(party, catalog, item.target)
            )
    recoveries = _recoveries(party, catalog, items)
    named = sum(1 for i in items if i.kind == "recover")
    matched = len(open_turn.kept) - sum(1 for r in recoveries if r.kept)
    fresh = named - matched  # a kept card named again is still the one card
    check_hand(
        Hand(
            "party",
            (
                ("recovery card", fresh),
                ("Prisoner", len(prisoners)),
                ("Experience card", len(experience)),
            ),
            earlier=open_turn.hand,
        )
    )
    return TreasureChoices(
        recoveries=recoveries,
        prisoners=tuple(prisoners),
        recruit_pool=recruit_pool(party, catalog),
        experience=len(experience),
        level_choices=tuple(choices),
        strict=True,
    )


def _recoveries(
    party: Party, catalog: Catalog, items: Sequence[TreasureWord]
) -> tuple[Recovery, ...]:
    """The recovery cards of the treasure phase: those named (a kept card of the same name is
    that card, with its holder), then every kept card not named, which plays itself."""
    open_turn = party.open
    assert open_turn is not None
    kept = list(open_turn.kept)
    out: list[Recovery] = []
    for item in items:
        if item.kind != "recover":
            continue
        match = next((k for k in kept if k.card == item.card), None)
        if match is not None:
            kept.remove(match)
        holder = match.holder if match is not None else None
        out.append(Recovery(catalog.attribute(item.card), _named(party, item.target), holder))
    out += [Recovery(catalog.attribute(k.card), holder=k.holder, kept=True) for k in kept]
    return tuple(out)


def _named(party: Party, name: str | None) -> str | None:
    """A hero of the party, dead or alive, as its full name (None stays None)."""
    return None if name is None else party.hero(name).name


def _level_target(party: Party, name: str | None) -> str | None:
    """A hero to gain a level: alive, or killed this turn (brought back before the levels)."""
    if name is None:
        return None
    hero = party.hero(name)
    killed = party.killed_this_turn
    if not hero.alive and hero.name not in killed:
        party.living_hero(hero.name, "gain a level")
    return hero.name


def _play_treasure(
    party: Party, catalog: Catalog, words: Sequence[str], seed: int | None
) -> tuple[Party, TreasureReport]:
    """The open turn's treasure phase; ``seed`` is checked, or chosen when chance is needed."""
    open_turn = party.open
    if open_turn is None:
        raise CompanionError(
            "no encounter is waiting for its treasure phase: a turn starts with 'companion dm fight'"
        )
    items = parse_treasure(words, catalog)
    choices = _treasure_choices(party, catalog, items)
    chance = any(p is None for p in choices.prisoners) or any(
        c.hero is None or c.attribute is None for c in choices.level_choices
    )
    seed = choose_seed(seed) if chance or seed is not None else None
    killed = party.killed_this_turn
    before = tuple(h.as_party_hero() for h in party.heroes if h.alive or h.name in killed)
    phase = treasure_phase(
        before,
        killed,
        [catalog.treasure(n) for n in open_turn.treasures],
        open_turn.treasure_lost,
        party.treasure_points,
        choices,
        random.Random(seed),
        seed=seed,
    )
    for name in phase.recovered:
        party = party.revive(name)
    for name in phase.new_heroes:
        party = party.recruit(catalog.hero(name))
    for up in phase.level_ups:
        party = party.level_up(up.hero, up.attribute)
    if phase.treasure_claimed:
        claimed = [catalog.treasure(n) for n in phase.treasure_claimed]
        party = party.claim(claimed, catalog.deck_limits(party.variant))
    party = replace(party, open=None)
    return party, TreasureReport(phase, party, open_turn.turn, treasure_event(phase, choices))


def _treasure_change(report: TreasureReport) -> Change:
    """A treasure phase as a line of the log."""
    phase = report.phase
    who = tuple(phase.recovered) + phase.new_heroes + tuple(u.hero for u in phase.level_ups)
    return Change(report.event, tuple(dict.fromkeys(who)), phase.seed)


def treasure(
    store: PartyStore, catalog: Catalog, words: Sequence[str], seed: int | None = None
) -> TreasureReport:
    """``dm treasure``: the open encounter's treasure phase, played after the deaths are known.

    The treasure still in play is claimed; recovery cards must find a hero
    killed this turn and a living hero with their attribute, or they are
    refused (nothing is written).
    """
    if seed is not None:
        choose_seed(seed)
    holder: dict[str, TreasureReport] = {}

    def make(party: Party) -> tuple[Party, Change]:
        party.check_playing()
        party, report = _play_treasure(party, catalog, words, seed)
        holder["report"] = report
        return party, _treasure_change(report)

    party, entry = store.change(make)
    report = holder["report"]
    return replace(report, party=party, entry=entry)


# --------------------------------------------------------------------------- one shot


def encounter_spec(file: str | None, stdin_text: str | None, flags: ResolveFlags) -> EncounterSpec:
    """The encounter of ``dm resolve``: the file (``-``: ``stdin_text``) with the flags on top."""
    data: dict[str, Any] = {}
    source = ""
    if file is not None:
        data = read_encounter(file, stdin_text if file == "-" else None).model_dump(
            exclude_defaults=True
        )
        source = "<stdin>" if file == "-" else file
    data = merge_flags(data, flags)
    if flags.tracked:
        if data.get("party"):
            raise CompanionError(
                "--tracked uses the stored party; leave out --party and the file's party"
            )
        if "treasure_points" in data:
            raise CompanionError(
                "--points: the tracked party keeps its own treasure pile; leave --points out "
                "(or correct the pile with 'companion dm party claim')"
            )
    elif not data.get("party"):
        raise CompanionError(
            "no party: give --party HERO,HERO,... or 'party:' in the file, or use --tracked"
        )
    data["seed"] = choose_seed(data.get("seed"))
    return parse_encounter(data, source)


def resolve_encounter(
    catalog: Catalog,
    spec: EncounterSpec,
    store: PartyStore | None = None,
    *,
    apply: bool = False,
) -> ResolveReport:
    """One encounter in one go: on the listed party, or (``store``) the tracked one.

    With ``apply`` the result is recorded as one turn of the tracked game.
    """
    if store is None:
        return ResolveReport(resolve(build_encounter(spec, catalog)))
    seed = choose_seed(spec.seed)
    holder: dict[str, Resolution] = {}

    def run(stored: Party) -> tuple[Party, Change]:
        stored.check_playing()
        if apply and stored.open is not None:
            raise CompanionError(
                f"turn {stored.open.turn} is waiting for its treasure phase: "
                "run 'companion dm treasure' first"
            )
        party = stored.begin_turn()
        enc = _tracked_encounter(spec, party, catalog, seed)
        result = resolve(enc)
        holder["result"] = result
        party = party.apply(result, {c.name: c for c in catalog.characters()})
        who = result.killed + result.recovered + result.new_heroes
        return party, Change(_resolve_event(result, enc), tuple(dict.fromkeys(who)), seed)

    if apply:
        _, entry = store.change(run)
        return ResolveReport(holder["result"], applied=True, entry=entry)
    run(store.require())
    return ResolveReport(holder["result"])


def _resolve_event(result: Resolution, enc: Encounter) -> TurnResolved:
    """A one-shot encounter as its log keeps it: its fight, then its treasure phase."""
    assert result.fight is not None
    if result.phase is None:
        return TurnResolved(fight_event(result.fight))
    return TurnResolved(
        fight_event(result.fight), treasure_event(result.phase, treasure_choices(enc))
    )
