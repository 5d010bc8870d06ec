"""The encounter file: one turn of Dungeon Master written as YAML (or JSON).

The format is documented in ``docs/dungeon-master.md``; in short::

    party: [Barbarian, Wizard, {hero: Halfling, gained: {dagger: 1}}]
    treasures: [Gold]
    dm: {creatures: [Orcs, Goblins], room: Armory}
    plays:
      - {hero: Barbarian, card: Sword}
      - {hero: Halfling, card: Stealth}
    seed: 7

:func:`parse_encounter` checks the shape (errors name the field, e.g.
``plays.1.card: is required``); :func:`build_encounter` turns names into
cards (errors name the card).

>>> spec = parse_encounter({"party": ["Barbarian"], "dm": {"creatures": ["Orcs"]},
...                         "plays": [{"hero": "Barbarian", "card": "Sword"}]})
>>> enc = build_encounter(spec)
>>> enc.creatures[0].fight, enc.plays[0].card.bonus_vs["goblinkin"]
(3, 2)
>>> parse_encounter({"party": ["Barbarian"], "plays": [{"hero": "Barbarian", "card": "Armor", "use": "both"}]})
Traceback (most recent call last):
  ...
companion.errors.CompanionError: plays.0.use: a card adds its points or uses its ability, never both (the rulebook's FAQ); use fight, ability or best (got 'both')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from pydantic import Field, ValidationError, ValidationInfo, field_validator, model_validator

from companion.bounds import SEED_MAX, SEED_MIN
from companion.cards.base import Model
from companion.cards.dungeon_master import Attribute
from companion.errors import CompanionError
from companion.games.dungeon_master.catalog import Catalog
from companion.games.dungeon_master.model import (
    USES,
    CardPlay,
    Encounter,
    LevelChoice,
    PartyHero,
    Use,
)
from companion.games.dungeon_master.names import match_name

RANDOM = "random"
"""Written where a name is expected: let the seeded dice decide."""


class HeroSpec(Model):
    """A hero of the party: the character's name, plus levels gained since the start."""

    hero: str
    gained: dict[Attribute, Annotated[int, Field(ge=1, le=20)]] = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _from_name(cls, value: Any) -> Any:
        return {"hero": value} if isinstance(value, str) else value


class DMSpec(Model):
    """What the Dungeon Master plays: creatures, or one trap, or one obstacle; maybe a room."""

    creatures: list[str] = Field(default_factory=list)
    trap: str | None = None
    obstacle: str | None = None
    room: str | None = None

    @field_validator("creatures", mode="before")
    @classmethod
    def _one_or_many(cls, value: Any) -> Any:
        return _listed(value)


class PlaySpec(Model):
    """An attribute card played by the party."""

    card: str
    hero: str | None = None
    use: Use = "best"

    @field_validator("use", mode="before")
    @classmethod
    def _one_use(cls, value: Any) -> Any:
        if not isinstance(value, str):
            return value  # not a word at all: the type check says what a use may be
        value = value.strip().lower()
        if value == "both":
            raise ValueError(
                "a card adds its points or uses its ability, never both (the rulebook's FAQ); "
                "use fight, ability or best"
            )
        if value == "points":
            value = "fight"
        if value not in USES:
            raise ValueError(f"must be one of {', '.join(USES)}")
        return value


class LevelSpec(Model):
    """A level-up decided at the table; leave a part out to roll for it."""

    hero: str | None = None
    attribute: Attribute | None = None


class TreasurePhaseSpec(Model):
    """The party's choices after the fight."""

    prisoners: list[str] = Field(default_factory=list)
    """One entry per Prisoner card: a character's name, or ``random``."""
    experience: Annotated[int, Field(ge=0, le=10)] = 0
    level_ups: list[LevelSpec] = Field(default_factory=list)
    revive: list[str] = Field(default_factory=list)
    """Whom recovery cards bring back first (default: in the order they fell)."""

    @field_validator("prisoners", "revive", "level_ups", mode="before")
    @classmethod
    def _one_or_many(cls, value: Any) -> Any:
        return _listed(value)


class EncounterSpec(Model):
    """One encounter as written in an encounter file."""

    party: list[HeroSpec] = Field(default_factory=list)
    """The living heroes; may be left out when the tracked party is used."""
    treasures: list[str] = Field(default_factory=list)
    dm: DMSpec = Field(default_factory=DMSpec)
    secret_passage: list[str] = Field(default_factory=list)
    plays: list[PlaySpec] = Field(default_factory=list)
    casualties: list[str] = Field(default_factory=list)
    """Heroes to lose first, in order; the rest are chosen at random."""
    treasure_phase: TreasurePhaseSpec = Field(default_factory=TreasurePhaseSpec)
    treasure_points: Annotated[int, Field(ge=0)] = 0
    """Points already in the party's treasure pile."""
    variant: bool = False
    """Play with the Obstacles variant."""
    seed: Annotated[int, Field(ge=SEED_MIN, le=SEED_MAX)] | None = None

    @field_validator("party", "secret_passage", "treasures", "casualties", "plays", mode="before")
    @classmethod
    def _one_or_many(cls, value: Any) -> Any:
        return _listed(value)

    @model_validator(mode="before")
    @classmethod
    def _obstacle_means_variant(cls, data: Any) -> Any:
        """An obstacle is a card of the Obstacles variant: naming one turns the variant
        on, in the file as with ``--obstacle``, unless the file says ``variant: false``."""
        if isinstance(data, dict) and "variant" not in data:
            dm = data.get("dm")
            if isinstance(dm, dict) and dm.get("obstacle"):
                return {**data, "variant": True}
        return data

    @field_validator("variant")
    @classmethod
    def _variant_agrees(cls, value: bool, info: ValidationInfo) -> bool:
        dm = info.data.get("dm")
        if not value and dm is not None and dm.obstacle:
            raise ValueError(
                f"cannot be false while dm.obstacle names {dm.obstacle}, an Obstacle of the "
                "Obstacles variant"
            )
        return value


def _listed(value: Any) -> Any:
    """One name (or one mapping) where a list is expected: a list of one, as written."""
    return [value] if isinstance(value, str | dict) else value


def parse_encounter(data: Any, source: str = "") -> EncounterSpec:
    """Check the shape of an encounter; errors name the field (and ``source``)."""
    from companion.documents import validation_problems

    prefix = f"{source}: " if source else ""
    if not isinstance(data, dict):
        raise CompanionError(f"{prefix}an encounter is a mapping with at least 'party:' and 'dm:'")
    try:
        return EncounterSpec.model_validate(data)
    except ValidationError as exc:
        problems = validation_problems(exc)
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise CompanionError(f"{prefix}{problems[0]}{more}") from None


def read_encounter(path: str | Path, text: str | None = None) -> EncounterSpec:
    """Read an encounter file (``-`` with ``text`` for standard input), within the bounds
    of :mod:`companion.documents`."""
    from companion.documents import parse_document, read_document

    name = "<stdin>" if str(path) == "-" else str(path)
    if text is None:
        data = read_document(path, what="encounter file", format="yaml")
    else:
        data = parse_document(text, name, format="yaml")
    return parse_encounter(data, name)


def build_encounter(
    spec: EncounterSpec,
    catalog: Catalog | None = None,
    *,
    party: tuple[PartyHero, ...] | None = None,
    recruit_pool: tuple[Any, ...] | None = None,
) -> Encounter:
    """Turn names into cards. ``party`` and ``recruit_pool`` override the file's (the tracked party)."""
    catalog = catalog or Catalog.load()
    if party is None:
        if not spec.party:
            raise CompanionError("the encounter has no party: list its heroes under 'party:'")
        party = tuple(PartyHero.from_card(catalog.hero(h.hero), h.gained) for h in spec.party)
    names = {h.name.casefold() for h in party}
    if recruit_pool is None:
        recruit_pool = tuple(c for c in catalog.characters() if c.name.casefold() not in names)
    dm = spec.dm
    plays = tuple(
        CardPlay(card=catalog.attribute(p.card), hero=_hero_name(party, p.hero), use=p.use)
        for p in spec.plays
    )
    tp = spec.treasure_phase
    return Encounter(
        party=party,
        creatures=tuple(catalog.creature(n) for n in dm.creatures),
        trap=catalog.trap(dm.trap) if dm.trap else None,
        obstacle=catalog.obstacle(dm.obstacle) if dm.obstacle else None,
        room=catalog.room(dm.room) if dm.room else None,
        secret_passages=tuple(catalog.dm_card(n) for n in spec.secret_passage),
        treasures=tuple(catalog.treasure(n) for n in spec.treasures),
        plays=plays,
        casualty_order=tuple(_hero_name(party, n) or n for n in spec.casualties),
        revive_order=tuple(_hero_name(party, n) or n for n in tp.revive),
        prisoners=tuple(
            None if p.strip().lower() == RANDOM else catalog.hero(p) for p in tp.prisoners
        ),
        recruit_pool=tuple(recruit_pool),
        experience=tp.experience,
        level_choices=tuple(
            LevelChoice(hero=ls.hero, attribute=ls.attribute) for ls in tp.level_ups
        ),
        treasure_points=spec.treasure_points,
        variant=spec.variant,
        seed=spec.seed,
        deck_limits=catalog.deck_limits(spec.variant),
    )


def _hero_name(party: tuple[PartyHero, ...], name: str | None) -> str | None:
    """The party's spelling of a hero's name, by name or unique prefix (the check that it
    exists comes later)."""
    if name is None:
        return None
    found = match_name(name, [h.name for h in party], "hero")
    return found or name.strip()


@dataclass(frozen=True)
class ResolveFlags:
    """The flags of ``dm resolve``, as typed; each list may hold comma lists."""

    party: Sequence[str] = ()
    gain: Sequence[str] = ()
    creatures: Sequence[str] = ()
    trap: str | None = None
    obstacle: str | None = None
    room: str | None = None
    treasure: Sequence[str] = ()
    play: Sequence[str] = ()
    secret_passage: Sequence[str] = ()
    lose: Sequence[str] = ()
    revive: Sequence[str] = ()
    prisoner: Sequence[str] = ()
    experience: int | None = None
    level_up: Sequence[str] = ()
    points: int | None = None
    variant: bool = False
    tracked: bool = False
    seed: int | None = None


def merge_flags(data: dict[str, Any], flags: ResolveFlags) -> dict[str, Any]:
    """An encounter file's mapping with the flags on top: a flag replaces what it names.

    Flag values are checked here, so an error names the flag and what was
    typed, never the file.
    """
    from companion.games.dungeon_master.notation import (
        gain_spec,
        level_spec,
        play_spec,
        split_items,
    )

    data = dict(data)
    if flags.party:
        data["party"] = [{"hero": name} for name in split_items(flags.party)]
    for value in split_items(flags.gain):
        hero, attribute, amount = gain_spec(value)
        heroes = data.setdefault("party", [])
        names = [h["hero"] for h in heroes]
        found = match_name(hero, names, "hero") if names else None
        if found is None:
            if flags.tracked:
                raise CompanionError(
                    "--gain with --tracked: record levels with 'companion dm party level-up'"
                )
            raise CompanionError(f"--gain '{hero}': that hero is not in the party")
        entry = next(h for h in heroes if h["hero"] == found)
        gained = entry.setdefault("gained", {})
        gained[attribute] = gained.get(attribute, 0) + amount
    dm = dict(data.get("dm", {}))
    if flags.creatures:
        dm["creatures"] = split_items(flags.creatures)
    for key, named in (("trap", flags.trap), ("obstacle", flags.obstacle), ("room", flags.room)):
        if named:
            dm[key] = named
    data["dm"] = dm
    if flags.treasure:
        data["treasures"] = split_items(flags.treasure)
    if flags.play:
        data["plays"] = [play_spec(p) for p in split_items(flags.play)]
    if flags.secret_passage:
        data["secret_passage"] = split_items(flags.secret_passage)
    if flags.lose:
        data["casualties"] = split_items(flags.lose)
    phase = dict(data.get("treasure_phase", {}))
    if flags.revive:
        phase["revive"] = split_items(flags.revive)
    if flags.prisoner:
        phase["prisoners"] = split_items(flags.prisoner)
    if flags.experience is not None:
        phase["experience"] = flags.experience
    if flags.level_up:
        phase["level_ups"] = [level_spec(v) for v in split_items(flags.level_up)]
    data["treasure_phase"] = phase
    if flags.points is not None:
        data["treasure_points"] = flags.points
    if flags.obstacle or flags.variant:
        data["variant"] = True
    if flags.seed is not None:
        data["seed"] = flags.seed
    return data
