"""The level and its encounter card: the rules in force at this showdown.

000, "Blind bet levels" and "Encounter cards": the level's blind (a whole
number of 100-gold coins) sizes every rule counted in blinds; the encounter
card changes how hands are made and ranked (Mystical storm, Plague, Utter
Horror), how many boards there are (Two front war), what the pot holds
(Treasure ship), how many treasures the winner draws and which monsters are
Kings (King's cave, War mongering), and which abilities and artifacts work.
Its rules are data on the card (:class:`~companion.cards.dungeon_poker.EncounterRules`);
this module reads the card and tells, once per showdown, what it changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.cards.dungeon_poker import EncounterRules
from companion.errors import CompanionError
from companion.games.dungeon_poker.showdown.cards import find_card
from companion.games.dungeon_poker.showdown_events import EncounterInForce

if TYPE_CHECKING:
    from companion.games.dungeon_poker.showdown import DungeonPokerShowdown
    from companion.games.dungeon_poker.showdown_input import DungeonPokerShowdownIn


def check_blind(sd: DungeonPokerShowdown) -> None:
    """A blind is a whole number of coins, as the level cards print it."""
    blind = sd.spec.blind
    if blind is not None and blind % sd.rules.unit:
        raise CompanionError(
            f"blind: {blind} is not a whole number of {sd.rules.unit}-gold coins "
            "(the level cards: 100, 200, 300, 500, ...)"
        )


def read(spec: DungeonPokerShowdownIn, db: Any) -> tuple[Any, EncounterRules]:
    """The encounter card the file names (None: none) and its rules (plain ones without an
    encounter)."""
    if spec.encounter is None:
        return None, EncounterRules()
    card = find_card(db, "encounter", spec.encounter, "encounter")
    return card, card.rules


def during(sd: DungeonPokerShowdown) -> str:
    """`` during Two front war`` (empty without an encounter), for the engine's refusals."""
    return f" during {sd.encounter.name}" if sd.encounter is not None else ""


def named(sd: DungeonPokerShowdown) -> str:
    """The encounter's name (empty without one): the rule a refusal or an event names."""
    return str(sd.encounter.name) if sd.encounter is not None else ""


def reminders(sd: DungeonPokerShowdown) -> list[EncounterInForce]:
    """What the encounter changes at this showdown, one event a rule."""
    enc = sd.enc
    if sd.encounter is None:
        return []
    name = str(sd.encounter.name)
    out: list[EncounterInForce] = []
    if enc.use_exactly is not None:
        out.append(EncounterInForce(name, "use-exactly", enc.use_exactly))
    if enc.use_at_most is not None:
        out.append(EncounterInForce(name, "use-at-most", enc.use_at_most))
    if enc.lowball:
        out.append(
            EncounterInForce(
                name, "lowball", hand_size=enc.showdown_hand_size, ace_low=bool(enc.ace_low)
            )
        )
    if enc.boards > 1:
        out.append(EncounterInForce(name, "boards", enc.boards))
    if enc.pot_bonus_blinds:
        bonus = enc.pot_bonus_blinds * sd.blind(f"{name} (the bank adds blinds to the pot)")
        out.append(EncounterInForce(name, "bank-adds", bonus))
    if enc.treasures_per_win != 1:
        out.append(EncounterInForce(name, "treasures-per-win", enc.treasures_per_win))
    if enc.king_monsters:
        out.append(EncounterInForce(name, "king-monsters"))
    if enc.no_artifacts and any(p.artifacts for p in sd.players):
        out.append(EncounterInForce(name, "no-artifacts"))
    if enc.no_passives:
        out.append(EncounterInForce(name, "no-passives"))
    return out
