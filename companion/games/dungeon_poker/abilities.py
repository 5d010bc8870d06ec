"""Gold that character abilities take from the bank, and the dealer's gold corrections.

The table counts each character's gold, and decides deaths and the gold
victory from that count, so gold an ability brings must reach it too. In
Appendix A two abilities take gold from the bank:

* Healing prayer (the Paladin, a standard ability): 600 gold, when the
  Paladin had less than 5000 gold as the deal began;
* Regeneration (the Cave Troll, passive): the blind's worth, at most 500,
  when she had less than 5000 gold as the deal began and is still in the
  deal at the flop (the dealer's word: the table does not see folds before
  the showdown); once a deal, since the flop comes once.

The other abilities that move gold are counted elsewhere: Ambush & run takes
its gold from the pot at the showdown (``declared.ambush_and_run`` in the
showdown file), the Barbarian's rage puts gold into the pot (part of what
he puts in), Bigger pouch pays Sir Nobble when he is revealed. The table
does not count soul gems (the players keep them as tokens), so it says what
an ability costs and leaves the paying to the player.

:func:`correct_gold` is the plain correction for everything else that moves
gold outside a rule the table plays (Dense fog's fine, a miscount). Each is
one history entry, undone by one ``table undo``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from companion.cards.dungeon_poker import effective_cost, soul_gems
from companion.cards.loader import GameCards
from companion.errors import CompanionError
from companion.games.dungeon_poker import levels, state
from companion.games.dungeon_poker.victory import Victory, victory
from companion.table.model import TableInfo
from companion.table.store import Transaction

GOLD_FROM_THE_BANK = ("healing-prayer", "regeneration")
"""The abilities whose gold the table moves (Appendix A)."""

SETTLED_AT_THE_SHOWDOWN = {
    "ambush-and-run": "its gold leaves the pot at the showdown: declare it in the deal's showdown "
    "file (declared: ambush_and_run: {by, gold})",
}

COIN = 100
"""The smallest gold coin: every amount of gold at the table is a number of them."""

MAX_CORRECTION = 1_000_000
"""More than all the gold a game ever sees: a bigger correction is a typing slip."""


@dataclass(frozen=True)
class GoldMoved:
    """Gold moved on a player's count by an ability or a correction, and what it led to."""

    player: str
    amount: int
    gold: int
    """The player's gold afterwards."""
    why: str
    """The ability's name, or the correction's note."""
    ability: str | None = None
    """The ability's effect key (None for a correction)."""
    notes: tuple[str, ...] = ()
    victory: Victory | None = None

    @property
    def text(self) -> str:
        """What happened, in one sentence."""
        moves = (
            f"takes {self.amount:,} gold from the bank"
            if self.amount > 0
            else f"pays {-self.amount:,} gold to the bank"
        )
        return f"{self.player} {moves} ({self.why}): {self.gold:,} gold now"

    def to_json(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "player": self.player,
            "amount": self.amount,
            "gold": self.gold,
            "why": self.why,
            "ability": self.ability,
            "notes": list(self.notes),
            "victory": self.victory.to_json() if self.victory else None,
        }


def _seated(tx: Transaction, table: TableInfo, player: str) -> str:
    who = table.player(player)
    if who not in state.seated(tx, table) or who not in state.gold_of(tx, table):
        raise CompanionError(
            f"{who} has no character in the game: the table counts no gold for them"
        )
    return who


def _ability(who: str, character: Any, ref: str) -> Any:
    """The character's ability named ``ref`` (its name or effect key, any case)."""
    wanted = ref.strip().casefold().replace("&", "and")
    for ability in character.abilities:
        if wanted in (ability.name.casefold().replace("&", "and"), ability.effect):
            return ability
    names = ", ".join(a.name for a in character.abilities)
    raise CompanionError(f"{who} plays {character.name}, who has no ability '{ref}' (only {names})")


def use_ability(
    tx: Transaction, table: TableInfo, cards: GameCards, player: str, ref: str
) -> GoldMoved:
    """``table ability PLAYER ABILITY``: the character's ability takes its gold from the bank."""
    who = _seated(tx, table, player)
    character = cards.get(tx.pile(table, "characters", "in_play", who)[0].card_id)
    ability = _ability(who, character, ref)
    if ability.effect in SETTLED_AT_THE_SHOWDOWN:
        raise CompanionError(f"{ability.name}: {SETTLED_AT_THE_SHOWDOWN[ability.effect]}")
    if ability.effect not in GOLD_FROM_THE_BANK:
        raise CompanionError(
            f"{ability.name} moves no gold between {who} and the bank, so the table has nothing "
            "to count (it plays Healing prayer and Regeneration)"
        )
    deal = state.current_deal(tx, table)
    if deal is None or deal.get("settled"):
        raise CompanionError(
            f"{ability.name} is used during a deal: start one with 'companion table deal'"
        )
    encounter = levels.encounter(tx, table, cards)
    cost = effective_cost(ability, levels.encounter_rules(tx, table, cards))
    if cost is None:
        raise CompanionError(
            f"{ability.name} does not work during {encounter.name if encounter else 'this encounter'}"
        )
    used = [tuple(u) for u in deal.get("abilities", [])]
    if ability.effect == "regeneration" and (who, ability.effect) in used:
        raise CompanionError(f"{who}'s {ability.name} has already acted in this deal")
    at_start = deal.get("gold_at_start", {})
    before = int(at_start.get(who, state.gold_of(tx, table)[who]))
    if ability.gold_below is not None and before >= ability.gold_below:
        raise CompanionError(
            f"{ability.name} needs less than {ability.gold_below:,} gold at the start of the deal: "
            f"{who} had {before:,}"
        )
    blind = levels.level_now(tx, table, cards).blind
    amount = (
        int(ability.gold) if ability.gold is not None else min(blind, ability.gold_max or blind)
    )
    gold = state.add_gold(tx, table, who, amount)
    assert gold is not None  # _seated checked that the table counts it
    state.put(tx, table, "deal", {**deal, "abilities": [*used, (who, ability.effect)]})
    notes = []
    if cost:
        notes.append(
            f"{who} pays {soul_gems(cost)} to the bank (the players keep "
            "the soul gems; the table does not count them)"
        )
    if ability.effect == "regeneration":
        notes.append(f"{ability.name} acts at the flop: only if {who} is still in the deal then")
    moved = GoldMoved(who, amount, gold, ability.name, ability.effect, tuple(notes))
    return _logged(tx, table, cards, moved, "ability", f"{who}: {ability.name}, {amount:+,} gold")


def _logged(
    tx: Transaction, table: TableInfo, cards: GameCards, moved: GoldMoved, action: str, summary: str
) -> GoldMoved:
    """The gold has moved: say whether it won the game, and write the history entry."""
    won = victory(tx, table, cards)
    data = {
        "player": moved.player,
        "gold": moved.amount,
        "why": moved.why,
        "ability": moved.ability,
    }
    tx.record(table, action, summary, actor=moved.player if moved.ability else None, data=data)
    if won is None:
        return moved
    return replace(moved, notes=(*moved.notes, won.text), victory=won)


def parse_amount(text: str) -> int:
    """A correction's gold: ``+500``, ``-200`` or ``500``, in whole coins of 100.

    >>> parse_amount("+500"), parse_amount("-200"), parse_amount("1,000")
    (500, -200, 1000)
    """
    raw = text.strip().replace(",", "").replace("_", "")
    try:
        amount = int(raw)
    except ValueError:
        raise CompanionError(f"{text!r}: give the gold as +N or -N (e.g. -500)") from None
    if amount == 0 or amount % COIN or abs(amount) > MAX_CORRECTION:
        raise CompanionError(
            f"{text}: gold moves in whole coins of {COIN}, not zero and at most "
            f"{MAX_CORRECTION:,} at once"
        )
    return amount


def correct_gold(
    tx: Transaction, table: TableInfo, cards: GameCards, player: str, amount: int, note: str = ""
) -> GoldMoved:
    """``table gold PLAYER +N|-N --note TEXT``: the dealer's correction of a player's gold."""
    who = _seated(tx, table, player)
    note = " ".join(note.split())
    if len(note) > 200:
        raise CompanionError(f"--note is {len(note)} characters: keep it to 200")
    have = state.gold_of(tx, table)[who]
    if amount < 0 and -amount > have:
        raise CompanionError(f"{who} has only {have:,} gold: {amount:+,} would take more than that")
    gold = state.add_gold(tx, table, who, amount)
    assert gold is not None
    why = note or "a correction"
    notes = []
    if gold == 0:
        notes.append(
            f"{who} has no gold left: the character dies when the deal is settled ('companion "
            f"table showdown'), or at once with 'companion table death {who}'"
        )
    moved = GoldMoved(who, amount, gold, why, None, tuple(notes))
    return _logged(tx, table, cards, moved, "gold", f"{who}: {amount:+,} gold ({why})")
