"""Dungeon Poker's plain hand ordering, with no encounter in force.

Kept apart from :mod:`companion.games.dungeon_poker.hand_rules` (which reads
the encounter cards) so that ``rank`` and ``odds``, which ask every game for
its ordering, do not load the card database to learn this one fact.
"""

from __future__ import annotations

from companion.poker.values import PAIR, pack
from companion.poker.variants import Rules

GAME = "dungeon-poker"

FULL_PLATE = "Full Plate"
"""The artifact whose holder's hand is worth at least a pair of eights."""

DUNGEON_POKER = Rules(GAME, use_at_most=2, held_floor=pack(PAIR, 8), held_floor_name=FULL_PLATE)
"""Players and monsters use none, one or two of their hand cards, however many they hold;
the Full Plate's holder has a virtual pair of eights at least."""
