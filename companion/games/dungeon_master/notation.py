"""The short notation of a turn: what ``dm fight`` and ``dm treasure`` read.

A fight is a few words, each a card or a card on a hero (full rules in
``docs/dungeon-master.md``)::

    orcs,trolls @throne kn=sword wiz=spell +gold

* a bare name is a Dungeon Master card: creatures, a trap, an obstacle or a room;
* ``@NAME`` is the room, ``+NAME`` a treasure card the party puts at risk;
* ``HERO=CARD`` an attribute card on a hero, ``HERO=CARD:fight`` or ``:ability``
  to name its use, ``=CARD`` a card played on no hero (Stealth against a trap).

A treasure phase is a few cards, each with whom it is for::

    heal:elf prisoner xp:wiz:spell

* ``heal``, ``shield``, ``armor``, with ``:HERO`` to say whom it brings back;
* ``prisoner`` (``:NAME`` for a named character), ``xp`` or ``experience``
  (``:HERO[:ATTRIBUTE]`` when the table decided), ``magic:HERO[:ATTRIBUTE]``
  to place the level of a claimed Magic Items card.

Every word may be a unique prefix or an alias (:mod:`companion.games.dungeon_master.names`);
words are separated by spaces or commas.

>>> from companion.games.dungeon_master.catalog import Catalog
>>> order = parse_fight(["orcs,trolls", "@throne", "kn=sword", "wiz=spell", "+gold"], Catalog.load())
>>> order["dm"]["creatures"], order["dm"]["room"], order["treasures"], order["plays"][0]
(['Orcs', 'Trolls'], 'Throne Room', ['Gold'], {'card': 'Sword', 'hero': 'kn'})
>>> [(c.card, c.target) for c in parse_treasure(["heal:elf", "xp"], Catalog.load())]
[('Heal', 'elf'), ('Experience', None)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.cards.dungeon_master import (
    ATTRIBUTES,
    Attribute,
    AttributeCard,
    Creature,
    Obstacle,
    PartySpecial,
    PartyTreasure,
    Room,
    Trap,
)
from companion.errors import CompanionError
from companion.games.dungeon_master.catalog import Catalog
from companion.games.dungeon_master.model import USES
from companion.games.dungeon_master.names import match_name


def split_items(values: Iterable[str] | None) -> list[str]:
    """Repeated words and comma lists alike: ``["a,b", "c"]`` is ``[a, b, c]``.

    >>> split_items(["Orcs, Trolls", "Ogres", ""])
    ['Orcs', 'Trolls', 'Ogres']
    """
    out: list[str] = []
    for value in values or []:
        out.extend(part.strip() for part in str(value).split(",") if part.strip())
    return out


def attribute_of(text: str, where: str = "") -> Attribute:
    """An attribute by name or unique prefix (``sw`` is sword).

    >>> attribute_of("sh"), attribute_of("Bless")
    ('shield', 'bless')
    """
    found = match_name(text, ATTRIBUTES, "attribute")
    if found is None:
        raise CompanionError(
            f"{where + ': ' if where else ''}unknown attribute '{text}' "
            f"(attributes: {', '.join(ATTRIBUTES)})"
        )
    return next(a for a in ATTRIBUTES if a == found)


def play_spec(text: str, where: str = "--play") -> dict[str, Any]:
    """``HERO=CARD``, ``HERO=CARD:USE``, ``=CARD``, ``CARD:USE`` as an encounter-file play.

    The card and hero are looked up later; the use is checked here, so the
    error names what was typed.

    >>> play_spec("kn=armor:fight")
    {'card': 'armor', 'hero': 'kn', 'use': 'fight'}
    >>> play_spec("kn=sword:fihgt")
    Traceback (most recent call last):
      ...
    companion.errors.CompanionError: --play 'kn=sword:fihgt': the use is fight, ability or best (got 'fihgt')
    """
    hero, equals, rest = text.rpartition("=")
    card, _, use = rest.partition(":")
    if not card.strip() or text.count("=") > 1:
        raise CompanionError(
            f"{where} '{text}': write HERO=CARD, HERO=CARD:fight|ability, or CARD:ability"
        )
    spec: dict[str, Any] = {"card": card.strip()}
    if hero.strip():
        spec["hero"] = hero.strip()
    if use.strip():
        word = use.strip().lower()
        word = {"points": "fight", "f": "fight", "a": "ability"}.get(word, word)
        if word == "both":
            raise CompanionError(
                f"{where} '{text}': a card adds its points or uses its ability, never both "
                "(the rulebook's FAQ)"
            )
        if word not in USES:
            raise CompanionError(
                f"{where} '{text}': the use is fight, ability or best (got '{use.strip()}')"
            )
        spec["use"] = word
    elif not hero.strip() and equals:
        spec["use"] = "ability"
    return spec


def level_spec(text: str, where: str = "--level-up") -> dict[str, Any]:
    """``HERO:ATTRIBUTE``, ``HERO`` or ``:ATTRIBUTE`` (``random`` for either part).

    >>> level_spec("wiz:sp"), level_spec(":bow"), level_spec("random")
    ({'hero': 'wiz', 'attribute': 'spell'}, {'attribute': 'bow'}, {})
    """
    hero, _, attribute = text.partition(":")
    spec: dict[str, Any] = {}
    if hero.strip() and hero.strip().lower() != "random":
        spec["hero"] = hero.strip()
    if attribute.strip() and attribute.strip().lower() != "random":
        spec["attribute"] = attribute_of(attribute.strip(), f"{where} '{text}'")
    return spec


def gain_spec(text: str) -> tuple[str, Attribute, int]:
    """``HERO:ATTRIBUTE[:LEVELS]`` of ``--gain``.

    >>> gain_spec("wiz:spell:2")
    ('wiz', 'spell', 2)
    """
    parts = [p.strip() for p in text.split(":")]
    if len(parts) not in (2, 3) or not all(parts):
        raise CompanionError(f"--gain '{text}': write HERO:ATTRIBUTE or HERO:ATTRIBUTE:LEVELS")
    amount = 1
    if len(parts) == 3:
        if not parts[2].isdigit() or not 1 <= int(parts[2]) <= 20:
            raise CompanionError(f"--gain '{text}': levels must be a whole number from 1 to 20")
        amount = int(parts[2])
    return parts[0], attribute_of(parts[1], f"--gain '{text}'"), amount


# --------------------------------------------------------------------------- dm fight


NOTHING = "nothing"
"""The ``dm fight`` word for a turn where the Dungeon Master plays no creature, trap or obstacle."""


def parse_fight(
    words: Sequence[str],
    catalog: Catalog,
    *,
    secret_passage: Sequence[str] = (),
    lose: Sequence[str] = (),
) -> dict[str, Any]:
    """The words of ``dm fight`` as an encounter-file mapping (without the party).

    Card names come back as printed; hero names as typed (the party they
    belong to resolves them).
    """
    dm: dict[str, Any] = {}
    creatures: list[str] = []
    treasures: list[str] = []
    plays: list[dict[str, Any]] = []
    nothing = False
    for word in _marked_items(words):
        if word.casefold() == NOTHING:
            nothing = True  # the rulebook's first choice: the Dungeon Master plays no card
        elif "=" in word:
            spec = play_spec(word, "play")
            spec["card"] = catalog.attribute(spec["card"]).name
            plays.append(spec)
        elif word.startswith("+"):
            treasures.append(catalog.treasure(word[1:]).name)
        elif word.startswith("@"):
            _put(dm, "room", catalog.room(word[1:]).name, word)
        else:
            card = catalog.dm_card(word)
            if isinstance(card, Creature):
                creatures.append(card.name)
            elif isinstance(card, Trap):
                _put(dm, "trap", card.name, word)
            elif isinstance(card, Obstacle):
                _put(dm, "obstacle", card.name, word)
            elif isinstance(card, Room):
                _put(dm, "room", card.name, word)
    if creatures:
        dm["creatures"] = creatures
    played = [*creatures, *(dm[k] for k in ("trap", "obstacle") if k in dm)]
    if nothing and played:
        raise CompanionError(
            f"'nothing': the Dungeon Master plays nothing or {', '.join(played)}, not both"
        )
    data: dict[str, Any] = {"dm": dm, "treasures": treasures, "plays": plays}
    if secret_passage:
        data["secret_passage"] = [catalog.dm_card(n).name for n in split_items(secret_passage)]
    if lose:
        data["casualties"] = split_items(lose)
    return data


def _marked_items(words: Sequence[str]) -> list[str]:
    """Comma lists where a leading ``+`` or ``@`` marks every item: ``+gold,gems``.

    >>> _marked_items(["+gold,gems", "orcs,trolls"])
    ['+gold', '+gems', 'orcs', 'trolls']
    """
    out: list[str] = []
    for word in words:
        items = split_items([word])
        mark = items[0][0] if items and items[0][0] in "+@" else ""
        out.extend(i if i.startswith(mark) else mark + i for i in items)
    return out


def _put(dm: dict[str, Any], key: str, name: str, word: str) -> None:
    if key in dm:
        raise CompanionError(
            f"'{word}': the Dungeon Master plays one {key} a turn, and {dm[key]} is already named"
        )
    dm[key] = name


# --------------------------------------------------------------------------- dm treasure


@dataclass(frozen=True)
class TreasureWord:
    """One card of ``dm treasure``: the card and, if given, whom it is for and which attribute."""

    card: str
    target: str | None = None
    attribute: Attribute | None = None
    text: str = ""

    @property
    def kind(self) -> str:
        """``recover``, ``prisoner``, ``experience`` or ``magic``."""
        return {"Prisoner": "prisoner", "Experience": "experience", "Magic Items": "magic"}.get(
            self.card, "recover"
        )


def _treasure_cards(catalog: Catalog) -> dict[str, AttributeCard | PartySpecial | PartyTreasure]:
    cards: dict[str, AttributeCard | PartySpecial | PartyTreasure] = {}
    for card in catalog.cards:
        if (
            (isinstance(card, AttributeCard) and card.ability == "recover-hero")
            or (isinstance(card, PartySpecial) and card.effect in ("gain-hero", "level-up"))
            or (isinstance(card, PartyTreasure) and card.effect == "level-up")
        ):
            cards.setdefault(card.name, card)
    return cards


def parse_treasure(words: Sequence[str], catalog: Catalog) -> list[TreasureWord]:
    """The words of ``dm treasure``: ``CARD[:WHOM[:ATTRIBUTE]]`` each."""
    cards = _treasure_cards(catalog)
    out: list[TreasureWord] = []
    for word in split_items(words):
        name, _, rest = word.partition(":")
        target, _, attribute = rest.partition(":")
        found = match_name(name, list(cards), "treasure-phase card")
        if found is None:
            raise CompanionError(
                f"'{word}': no treasure-phase card named '{name}' "
                f"(cards: {', '.join(cards)}; treasure still in play is claimed by itself)"
            )
        item = TreasureWord(
            card=found,
            target=None if target.strip().lower() in ("", "random") else target.strip(),
            attribute=None
            if attribute.strip().lower() in ("", "random")
            else attribute_of(attribute.strip(), f"'{word}'"),
            text=word,
        )
        if item.attribute is not None and item.kind not in ("experience", "magic"):
            raise CompanionError(f"'{word}': only a level-up takes an attribute")
        out.append(item)
    return out
