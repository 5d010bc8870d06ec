"""How Dungeon Poker ranks hands, plainly and under each encounter card.

000, "The progression of the game" and "Encounter cards": a player (or a
monster) makes the best five-card hand from the board and none, one or two
of their hand cards; an encounter may change how many hand cards are dealt
and used, make the weakest hand win, or deal two boards. What each
encounter changes is data on its card
(:class:`~companion.cards.dungeon_poker.EncounterRules`), and
:func:`hand_rules` is the one place that turns it into ranking rules: the
showdown (``companion showdown``, ``table showdown``) and ``rank --encounter``
both call it.

>>> DUNGEON_POKER.use_at_most
2
>>> storm = hand_rules(encounter_card("mystical storm"))
>>> storm.name, storm.use_exactly, storm.hole_cards
('mystical-storm', 2, 4)
>>> hand_rules(encounter_card("Normal times")) == DUNGEON_POKER
True
"""

from __future__ import annotations

from typing import Any

from companion.cards.dungeon_poker import EncounterCard, EncounterRules
from companion.cards.loader import load_game
from companion.errors import CompanionError
from companion.games.dungeon_poker.ordering import DUNGEON_POKER, GAME
from companion.poker.variants import Rules, slug

__all__ = ["DUNGEON_POKER", "GAME", "encounter_card", "hand_rules"]


def hand_rules(encounter: EncounterCard | None) -> Rules:
    """The ranking rules while ``encounter`` is in force (None: no encounter).

    Reads the card's hand-card limits, lowball, the showdown hand size, the
    boards and the hand cards dealt; its other rules (betting, treasures,
    abilities) do not touch the ranking.
    """
    if encounter is None:
        return DUNGEON_POKER
    changes = _changes(encounter.rules)
    return DUNGEON_POKER.replace(name=encounter.id, **changes) if changes else DUNGEON_POKER


def _changes(rules: EncounterRules) -> dict[str, Any]:
    changes: dict[str, Any] = {}
    if rules.use_exactly is not None:
        changes["use_exactly"] = rules.use_exactly
        changes["use_at_most"] = None
    if rules.use_at_most is not None:
        changes["use_at_most"] = rules.use_at_most
    if rules.lowball:
        changes["lowball"] = True
        changes["ace_low"] = rules.ace_low
        changes["hand_size"] = rules.showdown_hand_size or 5
    elif rules.showdown_hand_size:
        changes["hand_size"] = rules.showdown_hand_size
    if rules.boards > 1:
        changes["boards"] = rules.boards
    if rules.hand_cards:
        changes["hole_cards"] = rules.hand_cards
    return changes


def encounter_card(name: str, data_dir: str | None = None) -> EncounterCard:
    """The encounter card called ``name`` (its name or id, any case and punctuation).

    >>> encounter_card("Dragon dance")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    companion.errors.CompanionError: 'Dragon dance' is not a Dungeon Poker encounter (known: ...)
    """
    cards = [c for c in load_game(GAME, data_dir).cards if isinstance(c, EncounterCard)]
    key = slug(name)
    for card in cards:
        if key in (slug(card.name), slug(card.id)):
            return card
    known = ", ".join(sorted({slug(c.name) for c in cards} | {c.id for c in cards}))
    raise CompanionError(f"{name!r} is not a Dungeon Poker encounter (known: {known})")
