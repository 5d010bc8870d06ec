"""Resolve one Dungeon Master encounter: the resolution phase and the treasure phase.

:func:`resolve` checks the cards on the table against the rules (raising
:class:`~companion.errors.CompanionError` naming the card that breaks one),
adds up both sides, kills, recovers and levels up heroes, and says why at
every step. It is pure: all chance comes from one ``random.Random`` seeded
by ``Encounter.seed`` (or the ``rng`` passed in), so the same seed gives the
same result.

The arithmetic, as small functions:

>>> casualties(creature_total=5, party_total=5)
0
>>> casualties(creature_total=6, party_total=5)
1
>>> casualties(creature_total=10, party_total=5), casualties(creature_total=14, party_total=5)
(2, 2)
>>> casualties(creature_total=15, party_total=5)
3
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from companion.cards.dungeon_master import (
    ATTRIBUTES,
    Attribute,
    AttributeCard,
    Creature,
    CreatureType,
    Hero,
    Obstacle,
    PartyTreasure,
    Room,
)
from companion.errors import CompanionError
from companion.games.dungeon_master.hand import check_hand, dm_hand, party_hand
from companion.games.dungeon_master.model import CardPlay, DMCard, Encounter, LevelChoice, PartyHero
from companion.games.dungeon_master.names import match_name

WINNING_POINTS = 50
"""A treasure pile of this many points wins the game for the party."""

Situation = Literal["nothing", "cancelled", "meld", "trap", "obstacle"]
"""What the party faces after Secret Passages: nothing played, everything
cancelled, a meld of creatures, a trap or an obstacle."""

TYPE_NAMES = {"undead": "Undead", "goblinkin": "Goblinkin", "swarm": "Swarm", "x": "X"}


def casualties(creature_total: int, party_total: int) -> int:
    """Heroes lost: none if the creatures do not beat the party, else one per whole multiple.

    ``party_total`` is already at least 1 (the rulebook's minimum).
    """
    if party_total < 1:
        raise ValueError("the party total is at least 1")
    if creature_total <= party_total:
        return 0
    return creature_total // party_total


def roll_attribute(rng: random.Random) -> tuple[int, Attribute]:
    """Roll the d10 of the treasure phase: ``(roll, attribute)``.

    >>> roll_attribute(random.Random(3))
    (4, 'bow')
    """
    roll = rng.randint(1, 10)
    return roll, ATTRIBUTES[roll - 1]


# --------------------------------------------------------------------------- results


@dataclass(frozen=True)
class PlayResult:
    """What one attribute card did."""

    play: CardPlay
    use: Literal["fight", "ability"]
    chosen: bool
    """True when the resolver picked the use (the play asked for ``best``)."""
    level: int = 0
    bonus: int = 0
    effect: str = ""

    @property
    def points(self) -> int:
        return self.level + self.bonus if self.use == "fight" else 0

    def __repr__(self) -> str:
        return f"<PlayResult {self.play.label}: {self.use} {self.points if self.use == 'fight' else self.effect}>"

    def to_json(self) -> dict[str, Any]:
        return {
            "hero": self.play.hero,
            "card": self.play.card.name,
            "use": self.use,
            "chosen_by_resolver": self.chosen,
            "level": self.level if self.use == "fight" else None,
            "bonus": self.bonus if self.use == "fight" else None,
            "points": self.points if self.use == "fight" else None,
            "effect": self.effect,
        }


@dataclass(frozen=True)
class LevelUp:
    """One level gained in the treasure phase."""

    source: str
    hero: str
    attribute: Attribute
    roll: int | None
    """The d10 roll, or None when the attribute was named."""
    level: int
    """The hero's new level in that attribute."""
    named: bool = False
    """The player named the hero (otherwise drawn at random)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "hero": self.hero,
            "attribute": self.attribute,
            "roll": self.roll,
            "level": self.level,
            "named": self.named,
        }


@dataclass(frozen=True)
class Fight:
    """The resolution phase of one encounter: both totals, who falls, what happens to the treasure.

    ``party`` is the party as it entered the fight; ``held`` names the
    recovery cards kept in hand for the treasure phase (``dm fight``).
    """

    situation: Situation
    dm_played: tuple[str, ...]
    cancelled: tuple[str, ...]
    creature_type: CreatureType | None
    dm_total: int | None
    dm_parts: tuple[tuple[str, int], ...]
    party_total: int | None
    party_raw: int | None
    plays: tuple[PlayResult, ...]
    casualties: int
    killed: tuple[str, ...]
    treasure_played: tuple[str, ...]
    treasure_lost: bool
    wiped: bool
    suggestions: tuple[str, ...]
    events: tuple[str, ...]
    seed: int | None
    party: tuple[PartyHero, ...]
    held: tuple[str, ...] = ()
    obstacle_result: Literal["beaten", "lost", "cleared"] | None = None
    trap_result: Literal["sprung", "cancelled"] | None = None
    killed_named: tuple[str, ...] = ()
    """The heroes of ``killed`` who fell because the casualty order named them."""
    target: str | None = None
    """The trap or obstacle the party faced, if any."""

    def __repr__(self) -> str:
        return f"<Fight {self.situation} dm={self.dm_total} party={self.party_total} killed={list(self.killed)}>"

    @property
    def living(self) -> tuple[PartyHero, ...]:
        """The heroes still standing after the fight."""
        return tuple(h for h in self.party if h.name not in self.killed)

    def to_json(self) -> dict[str, Any]:
        return {
            "situation": self.situation,
            "dm_played": list(self.dm_played),
            "cancelled": list(self.cancelled),
            "creature_type": self.creature_type,
            "dm_total": self.dm_total,
            "dm_parts": [{"card": n, "fight": f} for n, f in self.dm_parts],
            "party_total": self.party_total,
            "party_raw_total": self.party_raw,
            "plays": [p.to_json() for p in self.plays],
            "casualties": self.casualties,
            "killed": list(self.killed),
            "killed_named": list(self.killed_named),
            "trap": self.trap_result,
            "obstacle": self.obstacle_result,
            "treasure_played": list(self.treasure_played),
            "treasure_lost": self.treasure_lost,
            "held": list(self.held),
            "winner": "dm" if self.wiped else None,
            "suggestions": list(self.suggestions),
            "events": list(self.events),
            "seed": self.seed,
        }


@dataclass(frozen=True)
class Recovery:
    """A Heal, Shield or Armor card played in the treasure phase to bring a hero back.

    ``hero`` is whom it brings back (None: the first to fall not back yet);
    ``holder`` the hero it was named on, if any. ``kept``: a card the fight kept in
    hand, played by the treasure phase itself; when it cannot bring anyone back it
    stays in hand, even in a ``strict`` phase.
    """

    card: AttributeCard
    hero: str | None = None
    holder: str | None = None
    kept: bool = False


@dataclass(frozen=True)
class RecoveryResult:
    """What one recovery card did."""

    card: str
    holder: str | None
    brought_back: str | None
    effect: str
    kept: bool = False
    """A card kept in the fight that the treasure phase played by itself."""

    def to_json(self) -> dict[str, Any]:
        return {
            "card": self.card,
            "holder": self.holder,
            "brought_back": self.brought_back,
            "effect": self.effect,
            "kept": self.kept,
        }


@dataclass(frozen=True)
class TreasureChoices:
    """The party's cards and choices in the treasure phase.

    ``strict`` is for a treasure phase played after the deaths are known
    (``dm treasure``): a recovery that cannot work is an error, not a card
    that fails.
    """

    recoveries: tuple[Recovery, ...] = ()
    revive_order: tuple[str, ...] = ()
    prisoners: tuple[Hero | None, ...] = ()
    recruit_pool: tuple[Hero, ...] | None = None
    experience: int = 0
    level_choices: tuple[LevelChoice, ...] = ()
    strict: bool = False


@dataclass(frozen=True)
class TreasurePhase:
    """The treasure phase of one encounter: claims, Prisoner, recovery, levels."""

    treasure_claimed: tuple[str, ...]
    points_gained: int
    treasure_points: int
    new_heroes: tuple[str, ...]
    recoveries: tuple[RecoveryResult, ...]
    level_ups: tuple[LevelUp, ...]
    party_after: tuple[PartyHero, ...]
    winner: Literal["party"] | None
    events: tuple[str, ...]
    seed: int | None

    @property
    def recovered(self) -> tuple[str, ...]:
        return tuple(r.brought_back for r in self.recoveries if r.brought_back)

    def __repr__(self) -> str:
        return f"<TreasurePhase +{self.points_gained} back={list(self.recovered)} winner={self.winner}>"

    def to_json(self) -> dict[str, Any]:
        return {
            "treasure_claimed": list(self.treasure_claimed),
            "points_gained": self.points_gained,
            "treasure_points": self.treasure_points,
            "new_heroes": list(self.new_heroes),
            "recovered": list(self.recovered),
            "recoveries": [r.to_json() for r in self.recoveries],
            "level_ups": [u.to_json() for u in self.level_ups],
            "party": [{"name": h.name, "attributes": dict(h.levels)} for h in self.party_after],
            "winner": self.winner,
            "events": list(self.events),
            "seed": self.seed,
        }


@dataclass(frozen=True)
class Resolution:
    """Everything that happened in one encounter, and why (``events``)."""

    situation: Situation
    dm_played: tuple[str, ...]
    cancelled: tuple[str, ...]
    creature_type: CreatureType | None
    dm_total: int | None
    dm_parts: tuple[tuple[str, int], ...]
    party_total: int | None
    party_raw: int | None
    plays: tuple[PlayResult, ...]
    casualties: int
    killed: tuple[str, ...]
    recovered: tuple[str, ...]
    treasure_played: tuple[str, ...]
    treasure_lost: bool
    treasure_claimed: tuple[str, ...]
    points_gained: int
    treasure_points: int
    new_heroes: tuple[str, ...]
    level_ups: tuple[LevelUp, ...]
    party_after: tuple[PartyHero, ...]
    winner: Literal["party", "dm"] | None
    suggestions: tuple[str, ...]
    events: tuple[str, ...]
    seed: int | None
    obstacle_result: Literal["beaten", "lost", "cleared"] | None = None
    trap_result: Literal["sprung", "cancelled"] | None = None
    fight: Fight | None = field(default=None, compare=False, repr=False)
    """The resolution phase this encounter was combined from."""
    phase: TreasurePhase | None = field(default=None, compare=False, repr=False)
    """Its treasure phase (None when the party was wiped out)."""

    def __repr__(self) -> str:
        return (
            f"<Resolution {self.situation} dm={self.dm_total} party={self.party_total} "
            f"killed={list(self.killed)} winner={self.winner}>"
        )

    @classmethod
    def combine(
        cls, fight: Fight, phase: TreasurePhase | None, treasure_points: int = 0
    ) -> Resolution:
        """One encounter from its two phases (no treasure phase when the party was wiped out)."""
        plays = list(fight.plays)
        if phase is not None:
            # Recovery cards played in the fight's list take their treasure-phase effect.
            results = iter(phase.recoveries)
            for i, play in enumerate(plays):
                if play.use == "ability" and play.play.card.ability == "recover-hero":
                    done = next(results, None)
                    if done is not None:
                        plays[i] = replace(play, effect=done.effect)
        return cls(
            situation=fight.situation,
            dm_played=fight.dm_played,
            cancelled=fight.cancelled,
            creature_type=fight.creature_type,
            dm_total=fight.dm_total,
            dm_parts=fight.dm_parts,
            party_total=fight.party_total,
            party_raw=fight.party_raw,
            plays=tuple(plays),
            casualties=fight.casualties,
            killed=fight.killed,
            recovered=phase.recovered if phase else (),
            treasure_played=fight.treasure_played,
            treasure_lost=fight.treasure_lost,
            treasure_claimed=phase.treasure_claimed if phase else (),
            points_gained=phase.points_gained if phase else 0,
            treasure_points=phase.treasure_points if phase else treasure_points,
            new_heroes=phase.new_heroes if phase else (),
            level_ups=phase.level_ups if phase else (),
            party_after=phase.party_after if phase else fight.living,
            winner="dm" if fight.wiped else (phase.winner if phase else None),
            suggestions=fight.suggestions,
            events=fight.events + (phase.events if phase else ()),
            seed=fight.seed,
            obstacle_result=fight.obstacle_result,
            trap_result=fight.trap_result,
            fight=fight,
            phase=phase,
        )

    def to_json(self) -> dict[str, Any]:
        """The result as plain JSON values (the ``--json`` document of ``dm resolve``):
        the fight's fields, then the treasure phase's."""
        assert self.fight is not None, "a Resolution is built by Resolution.combine"
        data = self.fight.to_json()
        del data["held"]  # dm resolve plays the recovery cards: none is held
        data["plays"] = [p.to_json() for p in self.plays]
        data["recovered"] = list(self.recovered)
        data["treasure_claimed"] = list(self.treasure_claimed)
        data["points_gained"] = self.points_gained
        data["treasure_points"] = self.treasure_points
        data["new_heroes"] = list(self.new_heroes)
        data["level_ups"] = [u.to_json() for u in self.level_ups]
        data["party"] = [{"name": h.name, "attributes": dict(h.levels)} for h in self.party_after]
        data["winner"] = self.winner
        return data


# --------------------------------------------------------------------------- validation


def _find_hero(party: Sequence[PartyHero], name: str, what: str) -> PartyHero:
    """A hero of ``party`` by name or unique prefix; the error names ``what`` asked for it."""
    try:
        found = match_name(name, [h.name for h in party], "hero")
    except CompanionError as exc:
        raise CompanionError(f"{what}: {exc.message}") from None
    if found is None:
        names = ", ".join(h.name for h in party) or "nobody"
        raise CompanionError(f"{what}: no hero named '{name}' in the party (party: {names})")
    return next(h for h in party if h.name == found)


def recovery_only(enc: Encounter) -> frozenset[int]:
    """Plays that can only be recovery cards: a second card on a hero who already has one.

    A hero plays one attribute card in the fight. Heal, Shield and Armor kept
    for their ability are treasure-phase plays, so ``Knight=Sword`` beside
    ``Knight=Armor`` leaves the Armor to bring a hero back. Any other second
    card on one hero is an error (:func:`validate`).
    """
    out: set[int] = set()
    by_hero: dict[str, list[int]] = {}
    for i, play in enumerate(enc.plays):
        if play.hero is None or (play.use == "ability" and play.card.ability == "recover-hero"):
            continue
        by_hero.setdefault(play.hero.casefold(), []).append(i)
    for indices in by_hero.values():
        if len(indices) < 2:
            continue
        plain = [i for i in indices if enc.plays[i].card.ability != "recover-hero"]
        keep = plain[0] if plain else indices[0]
        for i in indices:
            play = enc.plays[i]
            if i != keep and play.card.ability == "recover-hero" and play.use == "best":
                out.add(i)
    return frozenset(out)


def _check_meld(creatures: Sequence[Creature]) -> None:
    """All creatures of one type; X creatures only alone."""
    if len(creatures) < 2:
        return
    for creature in creatures:
        if not creature.melds:
            others = ", ".join(c.name for c in creatures if c is not creature)
            raise CompanionError(
                f"{creature.name} is an X creature and never melds: play it alone, not with {others}"
            )
    first = creatures[0]
    for creature in creatures[1:]:
        if creature.creature_type != first.creature_type:
            raise CompanionError(
                f"{creature.name} ({TYPE_NAMES[creature.creature_type]}) cannot join a meld of "
                f"{first.name} ({TYPE_NAMES[first.creature_type]}): every creature of a meld has one type"
            )


def _check_limits(enc: Encounter) -> None:
    """No more copies of a card in play than its deck holds."""
    used: Counter[str] = Counter()
    quantity: dict[str, int] = {}
    for card in [
        *enc.creatures,
        *([enc.trap] if enc.trap else []),
        *([enc.obstacle] if enc.obstacle else []),
        *([enc.room] if enc.room else []),
        *enc.treasures,
        *(p.card for p in enc.plays),
    ]:
        used[card.name] += 1
        quantity[card.name] = quantity.get(card.name, 0) + (
            0 if card.name in quantity else card.quantity
        )
    used["Secret Passage"] += len(enc.secret_passages)
    used["Experience"] += enc.experience
    used["Prisoner"] += len(enc.prisoners)
    for name, count in used.items():
        if count == 0:
            continue
        limit = enc.deck_limits.get(name, quantity.get(name))
        if limit is not None and count > limit:
            raise CompanionError(f"{count} {name} cards in play, but the deck holds only {limit}")


def _check_holder(enc: Encounter, play: CardPlay) -> None:
    """A recovery card needs a hero with its attribute: in the party, or freed this turn."""
    attribute = play.card.attribute
    if any(h.level(attribute) for h in enc.party):
        return
    if any(p is not None and p.level(attribute) for p in enc.prisoners):
        return
    raise CompanionError(
        f"{play.card.name} brings a hero back only while a hero with {attribute} is alive, "
        f"and nobody in the party has it"
    )


def validate(enc: Encounter) -> None:
    """Raise :class:`CompanionError` for the first card or choice that breaks a rule."""
    seen: set[str] = set()
    for hero in enc.party:
        key = hero.name.casefold()
        if key in seen:
            raise CompanionError(f"{hero.name} is in the party twice")
        seen.add(key)
    if not enc.party:
        raise CompanionError("the party has no heroes")

    shapes = [
        what
        for what, present in (
            ("creatures", bool(enc.creatures)),
            ("a trap", enc.trap is not None),
            ("an obstacle", enc.obstacle is not None),
        )
        if present
    ]
    if len(shapes) > 1:
        raise CompanionError(
            f"the Dungeon Master plays creatures, one trap or one obstacle, not {' and '.join(shapes)}"
        )
    _check_meld(enc.creatures)
    if enc.obstacle is not None and not enc.variant:
        raise CompanionError(
            f"{enc.obstacle.name} is an Obstacle from the optional variant; turn the variant on to play it"
        )
    remaining = list(enc.dm_cards)
    for target in enc.secret_passages:
        match = next((c for c in remaining if c.name == target.name), None)
        if match is None:
            played = ", ".join(c.name for c in enc.dm_cards) or "nothing"
            raise CompanionError(
                f"Secret Passage cannot discard {target.name}: the Dungeon Master did not play it (played: {played})"
            )
        remaining.remove(match)

    per_hero: dict[str, CardPlay] = {}
    second = recovery_only(enc)
    for index, play in enumerate(enc.plays):
        if play.hero is None:
            if play.use == "fight":
                raise CompanionError(
                    f"{play.card.name} played for its points needs a hero to be played on"
                )
            if play.card.ability is None:
                raise CompanionError(f"{play.card.name} needs a hero to be played on")
            if play.card.ability == "recover-hero":
                _check_holder(enc, play)
            continue
        hero = _find_hero(enc.party, play.hero, play.card.name)
        if hero.level(play.card.attribute) == 0:
            raise CompanionError(
                f"{play.card.name} does not match any attribute of {hero.name} ({hero.describe()})"
            )
        if play.use == "ability" and play.card.ability is None:
            raise CompanionError(
                f"{play.card.name} has no special ability, it only adds Fight points (on {hero.name})"
            )
        # Recovery is a treasure-phase play: it does not take the hero's one card of the fight.
        if index in second or (play.use == "ability" and play.card.ability == "recover-hero"):
            continue
        if hero.name in per_hero:
            raise CompanionError(
                f"{hero.name} already has {per_hero[hero.name].card.name}: one attribute card per hero "
                f"(then {play.card.name})"
            )
        per_hero[hero.name] = play

    if enc.revive_order and not any(p.card.ability == "recover-hero" for p in enc.plays):
        raise CompanionError(
            f"no Heal, Shield or Armor card is played, so nobody can be brought back "
            f"(asked to bring back {', '.join(enc.revive_order)})"
        )
    _once_each(enc.party, enc.casualty_order, "named casualty", "to lose first: a hero falls once")
    recruits = {p.name.casefold() for p in enc.prisoners if p is not None}
    _once_each(
        enc.party, enc.revive_order, "hero to bring back", "to bring back: a hero comes back once"
    )
    _check_choices(enc.party, treasure_choices(enc))
    if enc.treasure_points < 0:
        raise CompanionError(f"treasure points must be 0 or more (got {enc.treasure_points})")
    if enc.treasure_points >= WINNING_POINTS:
        raise CompanionError(
            f"a treasure pile of {enc.treasure_points} points has already won the game for the "
            f"party ({WINNING_POINTS} or more wins at once): no encounter follows"
        )
    sources = enc.experience + sum(1 for t in enc.treasures if t.effect == "level-up")
    if len(enc.level_choices) > sources:
        raise CompanionError(
            f"{len(enc.level_choices)} level-up(s) named but only {sources} Experience or Magic Items card(s) played"
        )
    for choice in enc.level_choices:
        if choice.hero is not None and choice.hero.casefold() not in seen | recruits:
            _find_hero(enc.party, choice.hero, "level-up")
    _check_limits(enc)
    check_hand(party_hand(enc))
    check_hand(dm_hand(enc))


def _once_each(party: Sequence[PartyHero], names: Sequence[str], what: str, why: str) -> None:
    """Each hero named at most once in an order of heroes (``--lose``, ``--revive``)."""
    found = Counter(_find_hero(party, name, what).name for name in names)
    for hero, count in found.items():
        if count > 1:
            raise CompanionError(f"{hero} is named {count} times among the heroes {why}")


# --------------------------------------------------------------------------- the fight


@dataclass(frozen=True)
class _Outcome:
    dm_total: int | None
    party_raw: int | None
    party_total: int | None
    casualties: int
    negated: bool
    obstacle_lost: bool
    wiped: bool
    treasure_lost: bool
    recoverable: int
    lost_points: int
    lost_cards: int

    @property
    def score(self) -> tuple[int, int, int, int]:
        """Lower is better for the party: wiped out, heroes lost for good, treasure lost."""
        return (
            int(self.wiped),
            self.casualties - self.recoverable,
            self.lost_points,
            self.lost_cards,
        )


def _situation(enc: Encounter, remaining: Sequence[DMCard]) -> Situation:
    if not [c for c in enc.dm_cards if c.type != "room"]:
        return "nothing"
    kinds = {c.type for c in remaining}
    if "creature" in kinds:
        return "meld"
    if "trap" in kinds:
        return "trap"
    if "obstacle" in kinds:
        return "obstacle"
    return "cancelled"


def _check_use(play: CardPlay, use: str, situation: Situation, trap_or_obstacle: str) -> None:
    """Raise if ``play`` cannot be used as ``use`` against ``situation``."""
    card = play.card
    if use == "fight":
        if play.hero is None:
            raise CompanionError(f"{card.name} played for its points needs a hero to be played on")
        if situation == "nothing":
            raise CompanionError(
                f"the Dungeon Master played nothing, so the party plays no attribute cards ({play.label})"
            )
        if situation == "cancelled":
            raise CompanionError(
                f"Secret Passage left nothing to fight; keep {card.name} in hand ({play.label})"
            )
        if situation == "trap":
            raise CompanionError(
                f"a trap is not fought: only Stealth cancels {trap_or_obstacle} ({play.label} adds nothing)"
            )
        return
    if card.ability is None:
        raise CompanionError(
            f"{card.name} has no special ability, it only adds Fight points ({play.label})"
        )
    if card.ability == "negate-trap" and situation not in ("trap", "obstacle"):
        against = {"meld": "creatures", "nothing": "nothing", "cancelled": "nothing left"}[
            situation
        ]
        raise CompanionError(
            f"Stealth's ability cancels a trap or an obstacle, and the party faces {against} "
            f"({play.label}: play it for its points instead)"
        )


def _play_points(
    hero: PartyHero, card: AttributeCard, creature_type: CreatureType | None
) -> tuple[int, int]:
    return hero.level(card.attribute), card.bonus_against(creature_type)


def _outcome(
    enc: Encounter,
    remaining: Sequence[DMCard],
    situation: Situation,
    uses: Sequence[str],
) -> _Outcome:
    creatures = [c for c in remaining if isinstance(c, Creature)]
    creature_type = creatures[0].creature_type if creatures else None
    heroes = {h.name.casefold(): h for h in enc.party}
    negated = any(
        u == "ability" and p.card.ability == "negate-trap" for p, u in zip(enc.plays, uses)
    )
    recovery_cards = sum(
        1 for p, u in zip(enc.plays, uses) if u == "ability" and p.card.ability == "recover-hero"
    )
    dm_total = party_raw = party_total = None
    lost = 0
    obstacle_lost = False
    if situation in ("meld", "obstacle") and not (situation == "obstacle" and negated):
        room = sum(c.fight_bonus for c in remaining if c.type == "room")
        fighters: Sequence[Creature | Obstacle] = creatures or [
            c for c in remaining if c.type == "obstacle"
        ]
        dm_total = sum(c.fight for c in fighters) + room
        party_raw = 0
        for play, use in zip(enc.plays, uses):
            if use == "fight" and play.hero is not None:
                level, bonus = _play_points(heroes[play.hero.casefold()], play.card, creature_type)
                party_raw += level + bonus
        party_total = max(party_raw, 1)
        if situation == "meld":
            lost = casualties(dm_total, party_total)
        else:
            obstacle_lost = dm_total > party_total
    elif situation == "trap" and not negated:
        lost = next(c for c in remaining if c.type == "trap").kills
    lost = min(lost, len(enc.party))
    wiped = lost >= len(enc.party)
    treasure_lost = lost > 0 or obstacle_lost
    return _Outcome(
        dm_total=dm_total,
        party_raw=party_raw,
        party_total=party_total,
        casualties=lost,
        negated=negated,
        obstacle_lost=obstacle_lost,
        wiped=wiped,
        treasure_lost=treasure_lost,
        recoverable=0 if wiped else min(recovery_cards, lost),
        lost_points=sum(t.points for t in enc.treasures) if treasure_lost else 0,
        lost_cards=len(enc.treasures) if treasure_lost else 0,
    )


def _choose_uses(
    enc: Encounter,
    remaining: Sequence[DMCard],
    situation: Situation,
    free: Iterable[int],
    fixed: Sequence[str | None],
    target: str,
) -> tuple[list[str], _Outcome]:
    """The best uses for the plays at positions ``free``, the others as ``fixed``.

    Ties go to Fight points, the FAQ's first choice.
    """
    free = list(free)
    options: list[list[str]] = []
    for i in free:
        valid = []
        for use in ("fight", "ability"):
            try:
                _check_use(enc.plays[i], use, situation, target)
            except CompanionError:
                continue
            valid.append(use)
        if not valid:  # neither use fits: report why the natural one does not
            _check_use(enc.plays[i], "fight" if enc.plays[i].hero else "ability", situation, target)
        options.append(valid)
    best: tuple[list[str], _Outcome] | None = None
    for combo in itertools.product(*options):
        uses = list(fixed)
        for i, use in zip(free, combo):
            uses[i] = use
        filled = [u or "fight" for u in uses]  # every position is set by now
        if _negations(enc, filled) > 1:
            continue
        outcome = _outcome(enc, remaining, situation, filled)
        if (
            best is None or outcome.score < best[1].score
        ):  # strict: the first (most Fight) wins ties
            best = (filled, outcome)
    if best is None:  # only reachable with several Stealth abilities against one card
        raise CompanionError(
            f"one Stealth is enough to cancel {target}; the others would be wasted"
        )
    return best


def _negations(enc: Encounter, uses: Sequence[str | None]) -> int:
    return sum(
        1 for p, u in zip(enc.plays, uses) if u == "ability" and p.card.ability == "negate-trap"
    )


def _describe_uses(enc: Encounter, uses: Sequence[str], indices: Iterable[int]) -> str:
    parts = []
    for i in indices:
        play = enc.plays[i]
        parts.append(f"{play.label} for its {'points' if uses[i] == 'fight' else 'ability'}")
    return ", ".join(parts)


def _compare(better: _Outcome, worse: _Outcome) -> str:
    """What the better choice changes, in words: ``1 hero lost for good instead of 2``."""
    if worse.wiped and not better.wiped:
        return "the party survives instead of falling"
    parts = []
    lost_better, lost_worse = (
        better.casualties - better.recoverable,
        worse.casualties - worse.recoverable,
    )
    if lost_better != lost_worse:
        parts.append(
            f"{lost_better} hero{'es' if lost_better != 1 else ''} lost for good instead of {lost_worse}"
        )
    if better.lost_cards < worse.lost_cards:
        parts.append("the treasure kept instead of lost")
    return " and ".join(parts) or "the same losses"


# --------------------------------------------------------------------------- resolve


@dataclass
class _Turn:
    """Working state of one resolution phase (private, mutable while the steps run)."""

    enc: Encounter
    rng: random.Random
    events: list[str] = field(default_factory=list)
    remaining: list[DMCard] = field(default_factory=list)
    cancelled: list[str] = field(default_factory=list)
    situation: Situation = "nothing"
    target: str = "it"
    fixed: list[str | None] = field(default_factory=list)
    uses: list[str] = field(default_factory=list)
    outcome: _Outcome | None = None
    suggestions: list[str] = field(default_factory=list)
    results: list[PlayResult] = field(default_factory=list)
    dm_parts: list[tuple[str, int]] = field(default_factory=list)
    creature_type: CreatureType | None = None
    trap_result: Literal["sprung", "cancelled"] | None = None
    obstacle_result: Literal["beaten", "lost", "cleared"] | None = None
    killed: list[str] = field(default_factory=list)
    named: int = 0
    """How many of ``killed`` the casualty order named."""

    def say(self, event: str) -> None:
        self.events.append(event)

    @property
    def result(self) -> _Outcome:
        assert self.outcome is not None
        return self.outcome

    def finish(self, recover_later: bool) -> Fight:
        enc, outcome = self.enc, self.result
        fought = self.situation == "meld" or self.obstacle_result in ("beaten", "lost")
        held: list[str] = []
        plays = list(self.results)
        if recover_later:
            for i, done in enumerate(plays):
                if done.use == "ability" and done.play.card.ability == "recover-hero":
                    held.append(done.play.card.name)
                    plays[i] = replace(done, effect="kept for the treasure phase")
        return Fight(
            situation=self.situation,
            dm_played=tuple(c.name for c in enc.dm_cards),
            cancelled=tuple(self.cancelled),
            creature_type=self.creature_type,
            dm_total=outcome.dm_total if fought else None,
            dm_parts=tuple(self.dm_parts),
            party_total=outcome.party_total if fought else None,
            party_raw=outcome.party_raw if fought else None,
            plays=tuple(plays),
            casualties=outcome.casualties,
            killed=tuple(self.killed),
            treasure_played=tuple(t.name for t in enc.treasures),
            treasure_lost=outcome.treasure_lost and bool(enc.treasures),
            wiped=outcome.wiped,
            suggestions=tuple(self.suggestions),
            events=tuple(self.events),
            seed=enc.seed,
            party=enc.party,
            held=tuple(held),
            obstacle_result=self.obstacle_result,
            trap_result=self.trap_result,
            killed_named=tuple(self.killed[: self.named]),
            target=self.target if self.situation in ("trap", "obstacle") else None,
        )


def resolve_fight(
    enc: Encounter, rng: random.Random | None = None, *, recover_later: bool = False
) -> Fight:
    """The resolution phase of ``enc``: what the party faces, both totals, who falls.

    With ``recover_later`` (the two-step turn of ``dm fight``), Heal, Shield
    and Armor cards kept for their ability stay in hand for the treasure
    phase, which is played once the deaths are known. ``rng`` defaults to
    ``random.Random(enc.seed)``; it only picks the casualties.
    """
    validate(enc)
    turn = _Turn(enc, rng if rng is not None else random.Random(enc.seed))
    _secret_passages(turn)
    chosen_note = _decide_uses(turn)
    _suggest(turn)
    _fight(turn)
    if chosen_note:
        turn.say(chosen_note)
    _casualties(turn)
    if turn.result.wiped:
        turn.say("Every hero is dead: the Dungeon Master wins the game.")
    return turn.finish(recover_later)


def treasure_choices(enc: Encounter, fight: Fight | None = None) -> TreasureChoices:
    """The treasure-phase part of a one-shot encounter; recovery cards come from the fight's plays."""
    recoveries: tuple[Recovery, ...] = ()
    if fight is not None:
        recoveries = tuple(
            Recovery(p.play.card, holder=p.play.hero)
            for p in fight.plays
            if p.use == "ability" and p.play.card.ability == "recover-hero"
        )
    return TreasureChoices(
        recoveries=recoveries,
        revive_order=enc.revive_order,
        prisoners=enc.prisoners,
        recruit_pool=enc.recruit_pool,
        experience=enc.experience,
        level_choices=enc.level_choices,
    )


def resolve(enc: Encounter, rng: random.Random | None = None) -> Resolution:
    """Resolve ``enc``: the fight, the casualties and the treasure phase, in one go.

    ``rng`` defaults to ``random.Random(enc.seed)``. Chance is drawn in a
    fixed order (casualties, prisoners, level-ups), so a seed replays a turn.
    Recovery cards are decided before the casualties are drawn; ``dm fight``
    and ``dm treasure`` play the two phases apart instead.
    """
    rng = rng if rng is not None else random.Random(enc.seed)
    fight = resolve_fight(enc, rng)
    if fight.wiped:
        return Resolution.combine(fight, None, enc.treasure_points)
    phase = treasure_phase(
        enc.party,
        fight.killed,
        enc.treasures,
        fight.treasure_lost,
        enc.treasure_points,
        treasure_choices(enc, fight),
        rng,
        seed=enc.seed,
    )
    return Resolution.combine(fight, phase, enc.treasure_points)


def _secret_passages(turn: _Turn) -> None:
    """The encounter phase: what the party still faces after its Secret Passages."""
    turn.remaining = list(turn.enc.dm_cards)
    for target in turn.enc.secret_passages:
        match = next(c for c in turn.remaining if c.name == target.name)
        turn.remaining.remove(match)
        turn.cancelled.append(match.name)
        turn.say(f"Secret Passage: the party slips past {match.name}, which is discarded.")
    turn.situation = _situation(turn.enc, turn.remaining)
    trap = next((c for c in turn.remaining if c.type == "trap"), None)
    obstacle = next((c for c in turn.remaining if c.type == "obstacle"), None)
    turn.target = trap.name if trap else obstacle.name if obstacle else "it"
    creatures = [c for c in turn.remaining if isinstance(c, Creature)]
    turn.creature_type = creatures[0].creature_type if creatures else None


def _decide_uses(turn: _Turn) -> str:
    """Fix each card's use: as the player named it, or the better one (FAQ 1 and 2).

    Returns the sentence explaining the resolver's choices ('' when it made none):
    for each card it chose, the real reason, weighed against that card's other use.
    """
    enc, situation, target = turn.enc, turn.situation, turn.target
    second = recovery_only(enc)
    for i, play in enumerate(enc.plays):
        if i in second:
            turn.fixed.append("ability")
        elif play.use == "best" and play.card.ability is None:
            turn.fixed.append("fight")
        elif play.use == "best" and play.hero is None:
            turn.fixed.append("ability")
        else:
            turn.fixed.append(None if play.use == "best" else play.use)
    for play, use in zip(enc.plays, turn.fixed):
        if use is not None:
            _check_use(play, use, situation, target)
    if _negations(enc, turn.fixed) > 1:
        raise CompanionError(
            f"one Stealth is enough to cancel {target}; the others would be wasted"
        )
    free = [i for i, use in enumerate(turn.fixed) if use is None]
    turn.uses, turn.outcome = _choose_uses(enc, turn.remaining, situation, free, turn.fixed, target)
    if not free:
        return ""
    reasons = []
    for i in free:
        flipped = list(turn.uses)
        flipped[i] = "ability" if turn.uses[i] == "fight" else "fight"
        other: _Outcome | None = None
        try:
            _check_use(enc.plays[i], flipped[i], situation, target)
            if _negations(enc, flipped) <= 1:
                other = _outcome(enc, turn.remaining, situation, flipped)
        except CompanionError:
            other = None
        reason = _reason(turn, i, other)
        reasons.append(f"{_describe_uses(enc, turn.uses, [i])} ({reason})")
    return f"Chosen for the party: {'; '.join(reasons)}."


def _falls(count: int) -> str:
    if count == 0:
        return "no hero falls"
    return f"{count} hero{'es' if count != 1 else ''} fall{'s' if count == 1 else ''}"


def _reason(turn: _Turn, index: int, other: _Outcome | None) -> str:
    """Why the resolver gave card ``index`` its use rather than the other one.

    For Heal, Shield and Armor this is the FAQ's trade-off: the points, if
    they change how many heroes fall, else a hero brought back.
    """
    enc, chosen, use = turn.enc, turn.result, turn.uses[index]
    play = enc.plays[index]
    if other is None:
        return "the only use that fits here"
    if play.card.ability == "recover-hero" and turn.situation == "meld" and play.hero:
        hero = next(h for h in enc.party if h.name.casefold() == play.hero.casefold())
        level, bonus = _play_points(hero, play.card, turn.creature_type)
        points = f"its {level + bonus} point{'s' if level + bonus != 1 else ''}"
        if use == "ability":
            return (
                f"{points} would make it {other.dm_total} against {other.party_total}, "
                f"and still {_falls(other.casualties)}; kept to bring one back: "
                f"{_compare(chosen, other)}"
            )
        made = f"{points} make it {chosen.dm_total} against {chosen.party_total}: {_falls(chosen.casualties)}"
        if chosen.score == other.score:
            return f"{made}, as good as a hero brought back; the FAQ adds the points then"
        return f"{made}; {_compare(chosen, other)}"
    if other.score == chosen.score:
        return "the other use gives the same result"
    return f"the better use: {_compare(chosen, other)}"


def _suggest(turn: _Turn) -> None:
    """A better use than the one the player named for Stealth, Armor, Shield or Heal?"""
    enc = turn.enc
    second = recovery_only(enc)
    dual = [
        i
        for i, p in enumerate(enc.plays)
        if p.card.ability is not None
        and p.hero is not None
        and turn.fixed[i] is not None
        and i not in second
    ]
    if not dual:
        return
    open_fixed: list[str | None] = [None if i in dual else u for i, u in enumerate(turn.uses)]
    try:
        better_uses, better = _choose_uses(
            enc, turn.remaining, turn.situation, dual, open_fixed, turn.target
        )
    except CompanionError:
        return
    if better.score < turn.result.score:
        changed = [i for i in dual if better_uses[i] != turn.uses[i]]
        turn.suggestions.append(
            f"Better: {_describe_uses(enc, better_uses, changed)}; {_compare(better, turn.result)}."
        )


def _fight(turn: _Turn) -> None:
    """The resolution phase: each card's worth, both totals, and what they mean."""
    enc, outcome, situation = turn.enc, turn.result, turn.situation
    heroes = {h.name.casefold(): h for h in enc.party}
    for i, (play, use) in enumerate(zip(enc.plays, turn.uses)):
        chosen = turn.fixed[i] is None
        if use == "fight":
            assert play.hero is not None
            level, bonus = _play_points(heroes[play.hero.casefold()], play.card, turn.creature_type)
            effect = (
                "not needed"
                if situation == "obstacle" and outcome.negated
                else f"+{level + bonus} Fight"
            )
            turn.results.append(PlayResult(play, "fight", chosen, level, bonus, effect))
        else:
            effect = f"cancels {turn.target}" if play.card.ability == "negate-trap" else ""
            turn.results.append(PlayResult(play, "ability", chosen, effect=effect))

    say = turn.say
    if situation == "nothing":
        say("The Dungeon Master played nothing to fight: nobody is hurt.")
        if enc.room is not None and enc.room.name not in turn.cancelled:
            say(f"{enc.room.name} on its own adds nothing.")
        return
    if situation == "cancelled":
        say("Secret Passage left nothing to face: nobody is hurt.")
        return
    if situation == "trap":
        if outcome.negated:
            turn.trap_result = "cancelled"
            say(f"Stealth cancels {turn.target}: nobody is hurt.")
        else:
            turn.trap_result = "sprung"
            say(f"{turn.target} is not cancelled by Stealth, so it kills one hero.")
        if any(c.type == "room" for c in turn.remaining):
            say("A room adds nothing to a trap, which has no Fight value.")
        return
    if situation == "obstacle" and outcome.negated:
        turn.obstacle_result = "cleared"
        say(f"Stealth gets the party past {turn.target}: no fight, the treasure is safe.")
        return

    fighters = [c for c in turn.remaining if isinstance(c, Creature | Obstacle)]
    turn.dm_parts = [(c.name, c.fight) for c in fighters]
    turn.dm_parts += [(c.name, c.fight_bonus) for c in turn.remaining if isinstance(c, Room)]
    kind = (
        "Obstacle"
        if situation == "obstacle"
        else "X creature"
        if turn.creature_type == "x"
        else f"{TYPE_NAMES[turn.creature_type or 'x']} meld"
    )
    say(f"{kind}: " + " + ".join(f"{n} {f}" for n, f in turn.dm_parts) + f" = {outcome.dm_total}.")
    lines = [
        f"{r.play.label} {r.level}" + (f"+{r.bonus}" if r.bonus else "")
        for r in turn.results
        if r.use == "fight"
    ]
    if lines:
        say(
            "Party: "
            + " + ".join(lines)
            + f" = {outcome.party_raw}"
            + (", raised to the minimum of 1" if outcome.party_raw == 0 else "")
            + "."
        )
    else:
        say("Party: no attribute cards for points, so the party counts the minimum of 1.")
    dm_total, party_total = outcome.dm_total, outcome.party_total
    assert dm_total is not None and party_total is not None
    if situation == "obstacle":
        if outcome.obstacle_lost:
            turn.obstacle_result = "lost"
            say(
                f"{dm_total} beats {party_total}: {turn.target} holds, which costs the treasure played but no hero."
            )
        else:
            turn.obstacle_result = "beaten"
            say(f"{dm_total} does not beat {party_total}: the party gets past {turn.target}.")
    elif outcome.casualties == 0:
        say(f"{dm_total} does not beat {party_total}: no hero falls.")
    elif dm_total // party_total == 1:
        say(f"{dm_total} beats {party_total}: one hero falls.")
    else:
        whole = dm_total // party_total
        too_many = (
            f", more than the {len(enc.party)} the party has" if whole > len(enc.party) else ""
        )
        say(f"{dm_total} is {whole} whole times {party_total}: {whole} heroes fall{too_many}.")


def _casualties(turn: _Turn) -> None:
    """Who dies: the heroes named first, then random ones; the treasure goes if anyone does."""
    enc, outcome = turn.enc, turn.result
    for name in enc.casualty_order:
        if len(turn.killed) == outcome.casualties:
            break
        hero = _find_hero(enc.party, name, "named casualty").name
        if hero not in turn.killed:
            turn.killed.append(hero)
    named = turn.named = len(turn.killed)
    rest = [h.name for h in enc.party if h.name not in turn.killed]
    turn.killed += turn.rng.sample(rest, outcome.casualties - named)
    if turn.killed:
        how = (
            "named"
            if named == len(turn.killed)
            else "at random"
            if named == 0
            else f"{', '.join(turn.killed[:named])} named, the rest at random"
        )
        turn.say(f"Killed ({how}): {', '.join(turn.killed)}.")
    if outcome.treasure_lost and enc.treasures:
        why = "a hero fell" if outcome.casualties else "the obstacle held"
        turn.say(
            f"The treasure played is discarded because {why}: {', '.join(t.name for t in enc.treasures)}."
        )


# --------------------------------------------------------------------------- the treasure phase


@dataclass
class _Phase:
    """Working state of one treasure phase."""

    order: dict[str, int]
    living: list[PartyHero]
    fallen: list[PartyHero]
    rng: random.Random
    events: list[str] = field(default_factory=list)
    new_heroes: list[str] = field(default_factory=list)
    recoveries: list[RecoveryResult] = field(default_factory=list)
    level_ups: list[LevelUp] = field(default_factory=list)

    def say(self, event: str) -> None:
        self.events.append(event)

    def party_after(self) -> tuple[PartyHero, ...]:
        return tuple(sorted(self.living, key=lambda h: self.order.get(h.name, len(self.order))))


def treasure_phase(
    party: Sequence[PartyHero],
    killed: Sequence[str],
    treasures: Sequence[PartyTreasure],
    treasure_lost: bool,
    treasure_points: int,
    choices: TreasureChoices,
    rng: random.Random | None = None,
    *,
    seed: int | None = None,
) -> TreasurePhase:
    """The treasure phase after a fight of ``party`` in which ``killed`` fell.

    In the rulebook's order: claim the treasure still in play (50 points or
    more wins at once), Prisoner cards, recovery cards, then Experience and
    claimed Magic Items. ``rng`` (default ``random.Random(seed)``) draws
    the prisoners freed at random and the d10 rolls, in that order.
    """
    rng = rng if rng is not None else random.Random(seed)
    names = {h.name for h in party}
    phase = _Phase(
        order={h.name: i for i, h in enumerate(party)},
        living=[h for h in party if h.name not in killed],
        fallen=[next(h for h in party if h.name == n) for n in killed if n in names],
        rng=rng,
    )
    _check_choices(party, choices)
    claimed: tuple[str, ...] = ()
    gained = 0
    if not treasure_lost and treasures:
        claimed = tuple(t.name for t in treasures)
        gained = sum(t.points for t in treasures)
        pile = treasure_points + gained
        phase.say(f"Treasure claimed: {', '.join(claimed)} (+{gained} points, {pile} in the pile).")
        if pile >= WINNING_POINTS and gained:
            phase.say(
                f"The treasure pile reaches {pile} points, {WINNING_POINTS} or more: the party wins the game."
            )
            return _phase_result(phase, claimed, gained, treasure_points, "party", seed)
    _prisoners(phase, choices)
    _recoveries(phase, choices)
    magic = sum(1 for t in treasures if t.effect == "level-up" and t.name in claimed)
    _level_ups(phase, choices, magic)
    return _phase_result(phase, claimed, gained, treasure_points, None, seed)


def _phase_result(
    phase: _Phase,
    claimed: tuple[str, ...],
    gained: int,
    treasure_points: int,
    winner: Literal["party"] | None,
    seed: int | None,
) -> TreasurePhase:
    return TreasurePhase(
        treasure_claimed=claimed,
        points_gained=gained,
        treasure_points=treasure_points + gained,
        new_heroes=tuple(phase.new_heroes),
        recoveries=tuple(phase.recoveries),
        level_ups=tuple(phase.level_ups),
        party_after=phase.party_after(),
        winner=winner,
        events=tuple(phase.events),
        seed=seed,
    )


def _check_choices(party: Sequence[PartyHero], choices: TreasureChoices) -> None:
    """The treasure-phase choices that can be checked before anything happens."""
    seen = {h.name.casefold() for h in party}
    named = [p for p in choices.prisoners if p is not None]
    for prisoner in named:
        if prisoner.name.casefold() in seen:
            raise CompanionError(
                f"Prisoner cannot bring {prisoner.name}: that hero is already in the party"
            )
        if choices.recruit_pool is not None and prisoner not in choices.recruit_pool:
            raise CompanionError(
                f"Prisoner cannot free {prisoner.name}: only a character never drawn can be "
                "freed (the four set aside when the party was formed stay out)"
            )
    if len({p.name for p in named}) < len(named):
        raise CompanionError("the same character is named for two Prisoner cards")
    if choices.experience < 0:
        raise CompanionError(
            f"Experience cards played must be 0 or more (got {choices.experience})"
        )
    for choice in choices.level_choices:
        if choice.attribute is not None and choice.attribute not in ATTRIBUTES:
            raise CompanionError(
                f"level-up: unknown attribute '{choice.attribute}' (attributes: {', '.join(ATTRIBUTES)})"
            )


def _prisoners(phase: _Phase, choices: TreasureChoices) -> None:
    taken = {h.name.casefold() for h in phase.living + phase.fallen}
    for prisoner in choices.prisoners:
        how = "named"
        if prisoner is None:
            pool = [c for c in choices.recruit_pool or () if c.name.casefold() not in taken]
            if not pool:
                phase.say("Prisoner: no character is left to recruit.")
                continue
            prisoner = phase.rng.choice(pool)
            how = "drawn at random"
        taken.add(prisoner.name.casefold())
        phase.living.append(PartyHero.from_card(prisoner))
        phase.new_heroes.append(prisoner.name)
        phase.say(f"Prisoner: {prisoner.name} ({how}) joins the party.")


def _recoveries(phase: _Phase, choices: TreasureChoices) -> None:
    """Heal, Shield and Armor bring back heroes killed this turn, while a living hero has the attribute."""
    fallen = [h.name for h in phase.fallen]
    wanted = [
        _find_hero(phase.fallen or phase.living, n, "hero to bring back").name
        for n in choices.revive_order
    ]
    back: list[str] = []
    for recovery in choices.recoveries:
        card = recovery.card
        waiting = [n for n in fallen if n not in back]
        if recovery.hero is not None:
            target = _recovery_target(phase, recovery, fallen, back)
        elif not waiting:
            if recovery.kept:
                phase.recoveries.append(
                    RecoveryResult(
                        card.name, recovery.holder, None, "stays in hand: nobody to bring back"
                    )
                )
                phase.say(
                    f"{card.name}, kept in the fight, stays in hand: nobody is left to bring back."
                )
                continue
            if choices.strict:
                raise CompanionError(
                    f"{card.name}: no hero fell this turn, so there is nobody to bring back"
                )
            phase.recoveries.append(
                RecoveryResult(card.name, recovery.holder, None, "not needed: nobody fell")
            )
            phase.say(f"{card.name}: no hero fell this turn, nothing to bring back.")
            continue
        else:
            target = next((n for n in wanted if n in waiting), waiting[0])
        holders = [h for h in phase.living if h.level(card.attribute) > 0]
        if recovery.holder is not None:  # the hero it was named on holds it, if still alive
            holders.sort(key=lambda h: h.name.casefold() != str(recovery.holder).casefold())
        if not holders:
            gone = [h.name for h in phase.fallen if h.level(card.attribute) > 0]
            if recovery.kept:
                phase.recoveries.append(
                    RecoveryResult(
                        card.name,
                        recovery.holder,
                        None,
                        f"stays in hand: no living hero has {card.attribute}",
                    )
                )
                phase.say(
                    f"{card.name}, kept in the fight, stays in hand: no living hero has the "
                    f"{card.attribute} attribute now."
                )
                continue
            if choices.strict:
                fell = f" ({', '.join(gone)} fell this turn)" if gone else ""
                raise CompanionError(
                    f"{card.name} cannot bring anyone back: no living hero has {card.attribute}{fell}"
                )
            phase.recoveries.append(
                RecoveryResult(
                    card.name, recovery.holder, None, f"fails: no living hero has {card.name}"
                )
            )
            phase.say(
                f"{card.name} cannot bring anyone back: no living hero has the "
                f"{card.attribute} attribute."
            )
            continue
        back.append(target)
        phase.living.append(next(h for h in phase.fallen if h.name == target))
        phase.recoveries.append(
            RecoveryResult(
                card.name, holders[0].name, target, f"brings back {target}", recovery.kept
            )
        )
        phase.say(
            f"{card.name} (through {holders[0].name}) brings back {target}, killed this turn."
        )


def _recovery_target(phase: _Phase, recovery: Recovery, fallen: list[str], back: list[str]) -> str:
    """The hero a recovery card names: one killed this turn and not brought back yet."""
    name = str(recovery.hero)
    found = match_name(name, [h.name for h in phase.fallen + phase.living], "hero")
    hero = found or name.strip()
    if hero in back:
        raise CompanionError(f"{recovery.card.name}: {hero} is already brought back")
    if hero not in fallen:
        raise CompanionError(
            f"{recovery.card.name} brings back a hero killed this turn, and {hero} was not"
            + (f" (this turn: {', '.join(fallen)})" if fallen else " (nobody fell this turn)")
        )
    return hero


def _level_ups(phase: _Phase, choices: TreasureChoices, magic_items: int) -> None:
    """Experience cards and claimed Magic Items: +1 level, hero and attribute named or rolled."""
    sources = ["Magic Items"] * magic_items + ["Experience"] * choices.experience
    pending = list(choices.level_choices)
    if choices.strict and len(pending) > len(sources):
        raise CompanionError(
            f"{len(pending)} level-up(s) named but only {len(sources)} Experience or claimed "
            "Magic Items card(s) to pay for them"
        )
    for source in sources:
        choice = pending.pop(0) if pending else LevelChoice()
        if choice.hero is not None:
            hero = _level_hero(phase, source, choice.hero)
        else:
            hero = phase.rng.choice(phase.living)
        if choice.attribute is not None:
            roll, attribute = None, choice.attribute
        else:
            roll, attribute = roll_attribute(phase.rng)
        position = phase.living.index(hero)
        phase.living[position] = hero.gain(attribute)
        level = phase.living[position].level(attribute)
        phase.level_ups.append(
            LevelUp(source, hero.name, attribute, roll, level, choice.hero is not None)
        )
        rolled = f"d10 rolled {roll}: " if roll is not None else ""
        phase.say(f"{source}: {hero.name} gains a level, {rolled}{attribute} {level}.")
    for choice in pending:
        phase.say(
            f"Level-up for {choice.hero or 'a hero'} not used: no Magic Items claimed to pay for it."
        )


def _level_hero(phase: _Phase, source: str, name: str) -> PartyHero:
    try:
        return _find_hero(phase.living, name, source)
    except CompanionError:
        dead = [h for h in phase.fallen if h.name.casefold().startswith(name.strip().casefold())]
        if dead:
            raise CompanionError(
                f"{source}: {dead[0].name} fell this turn and is not alive to gain a level"
            ) from None
        raise
