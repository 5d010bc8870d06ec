"""The level and its encounter card: the rules in force at this showdown.

000, "Blind bet levels" and "Encounter cards": the level's blind (a whole
number of 100-gold coins) sizes every rule counted in blinds; the encounter
card changes how hands are made and ranked (Mystical storm, Plague, Utter
Horror), how many boards there are (Two front war), what the pot holds
(Treasure ship), how many treasures the winner draws and which monsters are
Kings (King's cave, War mongering), and which abilities and artifacts work.
Its rules are data on the card (:class:`~companion.cards.dungeon_poker.EncounterRules`);
this module reads the card and says, once per showdown, what it changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.cards.dungeon_poker import EncounterRules
from companion.errors import CompanionError
from companion.games.dungeon_poker.showdown.cards import find_card

if TYPE_CHECKING:
    from companion.games.dungeon_poker.showdown import DungeonPokerShowdown


def check_blind(sd: DungeonPokerShowdown) -> None:
    """A blind is a whole number of coins, as the level cards print it."""
    blind = sd.spec.blind
    if blind is not None and blind % sd.rules.unit:
        raise CompanionError(
            f"blind: {blind} is not a whole number of {sd.rules.unit}-gold coins "
            "(the level cards: 100, 200, 300, 500, ...)"
        )


def read(sd: DungeonPokerShowdown, db: Any) -> None:
    """The encounter card in force, and its rules (plain ones without an encounter)."""
    if sd.spec.encounter is not None:
        sd.encounter = find_card(db, "encounter", sd.spec.encounter, "encounter")
        sd.enc = sd.encounter.rules
    else:
        sd.enc = EncounterRules()


def during(sd: DungeonPokerShowdown) -> str:
    """`` during Two front war`` (empty without an encounter), for the engine's refusals."""
    return f" during {sd.encounter.name}" if sd.encounter is not None else ""


def named(sd: DungeonPokerShowdown) -> str:
    """``Mystical storm: `` (empty without an encounter), for the engine's refusals."""
    return f"{sd.encounter.name}: " if sd.encounter is not None else ""


def reminders(sd: DungeonPokerShowdown) -> None:
    """Say what the encounter changes at this showdown, one sentence a rule."""
    enc = sd.enc
    if sd.encounter is None:
        return
    name = sd.encounter.name
    if enc.use_exactly is not None:
        sd.event(
            f"{name}: every hand must use exactly {enc.use_exactly} of its hand cards, monsters' too."
        )
    if enc.use_at_most is not None:
        sd.event(
            f"{name}: every hand may use at most {enc.use_at_most} of its hand cards, monsters' too."
        )
    if enc.lowball:
        size = f" of exactly {enc.showdown_hand_size} cards" if enc.showdown_hand_size else ""
        ace = "; an ace may count as one" if enc.ace_low else ""
        sd.event(f"{name}: the weakest hand{size} wins{ace}.")
    if enc.boards > 1:
        sd.event(
            f"{name}: {enc.boards} boards; each board's winner takes an equal part of every pot "
            f"and its own treasure."
        )
    if enc.pot_bonus_blinds:
        bonus = enc.pot_bonus_blinds * sd.blind(f"{name} (the bank adds blinds to the pot)")
        sd.event(f"{name}: the bank adds {sd.amount(bonus)} to the main pot.")
    if enc.treasures_per_win != 1:
        sd.event(f"{name}: the winner of the deal draws {enc.treasures_per_win} treasures.")
    if enc.king_monsters:
        sd.event(f"{name}: every monster counts as a King Monster.")
    if enc.no_artifacts and any(p.artifacts for p in sd.players):
        sd.event(f"{name}: artifacts do not work.")
    if enc.no_passives:
        sd.event(f"{name}: passive abilities do not work.")
