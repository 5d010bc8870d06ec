"""Character abilities at the table: their soul gems, the gold some take from the bank,
and the dealer's corrections of gold and soul gems.

000, "The player characters and special actions": the player activating a
special ability pays its cost in soul gems to the bank, and the encounter may
change the cost (Low magic: one more) or stop the ability (Anti-magic zone,
Long night). ``table ability PLAYER ABILITY`` takes that cost from the
player's counted gems and refuses when they have fewer. In Appendix A two
abilities also take gold from the bank, which the table counts too:

* Healing prayer (the Paladin, a standard ability): 600 gold, when the
  Paladin had less than 5000 gold as the deal began;
* Regeneration (the Cave Troll, passive): the blind's worth, at most 500,
  when she had less than 5000 gold as the deal began and is still in the
  deal at the flop (the dealer's word: the table does not see folds before
  the showdown); once a deal, since the flop comes once.

The other abilities that move gold are counted elsewhere: Ambush & run takes
its gold from the pot at the showdown (``declared.ambush_and_run`` in the
showdown file), the Barbarian's rage puts gold into the pot (part of what
he puts in), Bigger pouch pays Sir Nobble when he is revealed. The abilities
a showdown file declares (the Witch's curse and Spoil the treasure, Ambush &
run, the Barbarian's rage) cost their gems at ``table showdown`` unless the
dealer already took them with ``table ability`` during the deal
(:func:`pay_declared`).

:func:`correct_gold` and :func:`correct_gems` are the plain corrections for
everything else (Dense fog's fine, a miscount). Each is one history entry,
undone by one ``table undo``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.cards.dungeon_poker import effective_cost, soul_gems
from companion.cards.loader import GameCards
from companion.errors import CompanionError
from companion.games.dungeon_poker import card_effects, dealt, levels, state
from companion.games.dungeon_poker.card_effects import CardsMoved, Choice
from companion.games.dungeon_poker.events import (
    AbilityPaid,
    CountsMoved,
    GemsCorrected,
    GoldCorrected,
)
from companion.games.dungeon_poker.showdown_input import DungeonPokerShowdownIn
from companion.games.dungeon_poker.victory import Victory, victory
from companion.poker.betting_actions import Action, ActionKind
from companion.poker.cards import parse_rank, rank_char, rank_label
from companion.table import betting as table_betting
from companion.table.actions import game_cards
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

MAX_GEMS_CORRECTION = 40
"""The soul gems in the box: a bigger correction is a typing slip."""


@dataclass(frozen=True)
class Moved:
    """Gold and soul gems moved on a player's counts by an ability or a correction."""

    player: str
    amount: int
    """Gold from the bank (negative: to it)."""
    gold: int
    """The player's gold afterwards."""
    why: str
    """The ability's name, or the correction's note."""
    ability: str | None = None
    """The ability's effect key (None for a correction)."""
    notes: tuple[str, ...] = ()
    victory: Victory | None = None
    gems_amount: int = 0
    """Soul gems from the bank (negative: paid to it)."""
    gems: int = 0
    """The player's soul gems afterwards."""
    cards: CardsMoved = field(default_factory=CardsMoved)
    """What the ability did to the cards of a deal the table deals (``table deal --cards``)."""

    @property
    def text(self) -> str:
        """What happened, in one sentence."""
        moves = []
        if self.amount > 0:
            moves.append(f"takes {self.amount:,} gold from the bank")
        elif self.amount < 0:
            moves.append(f"pays {-self.amount:,} gold to the bank")
        if self.gems_amount > 0:
            moves.append(f"takes {soul_gems(self.gems_amount)} from the bank")
        elif self.gems_amount < 0:
            moves.append(f"pays {soul_gems(-self.gems_amount)} to the bank")
        counts = []
        if self.amount or not self.gems_amount:
            counts.append(f"{self.gold:,} gold")
        if self.gems_amount or self.ability:
            counts.append(soul_gems(self.gems))
        did = " and ".join(moves) or "uses it"
        return f"{self.player} {did} ({self.why}): {' and '.join(counts)} now"

    def to_json(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "player": self.player,
            "amount": self.amount,
            "gold": self.gold,
            "soul_gems_amount": self.gems_amount,
            "soul_gems": self.gems,
            "why": self.why,
            "ability": self.ability,
            "notes": list(self.notes),
            "victory": self.victory.to_json() if self.victory else None,
            "cards": self.cards.to_json(),
        }


def _seated(tx: Transaction, table: TableInfo, player: str) -> str:
    who = table.player(player)
    if who not in state.seated(tx, table) or who not in state.gold_of(tx, table):
        raise CompanionError(
            f"{who} has no character in the game: the table counts no gold or soul gems for them"
        )
    return who


def _ability(cards: GameCards, who: str, character: Any, ref: str) -> Any:
    """The character's ability named ``ref`` (its name or effect key, any case, or one
    word's start when only one ability has such a word: ``rage``, ``curse``)."""
    wanted = ref.strip().casefold().replace("&", "and")
    for ability in character.abilities:
        if wanted in (ability.name.casefold().replace("&", "and"), ability.effect):
            return ability
    found = cards.by_short_name(wanted, character.abilities)
    if len(found) == 1:
        return found[0]
    if found:
        raise CompanionError(f"'{ref}' could be {' or '.join(a.name for a in found)}")
    names = ", ".join(a.name for a in character.abilities)
    raise CompanionError(f"{who} plays {character.name}, who has no ability '{ref}' (only {names})")


def _cost(tx: Transaction, table: TableInfo, cards: GameCards, ability: Any, who: str) -> int:
    """The soul gems ``ability`` costs now (the encounter may change it or stop it), which
    ``who`` must have."""
    cost = effective_cost(ability, levels.encounter_rules(tx, table, cards))
    if cost is None:
        encounter = levels.encounter(tx, table, cards)
        raise CompanionError(
            f"{ability.name} does not work during {encounter.name if encounter else 'this encounter'}"
        )
    have = state.gems_of(tx, table).get(who, 0)
    if have < cost:
        dearer = cost - ability.cost
        why = f" ({dearer} more during the encounter)" if dearer > 0 else ""
        raise CompanionError(
            f"{who} has {soul_gems(have)}: {ability.name} costs {soul_gems(cost)}{why}"
        )
    return cost


def use_ability(
    tx: Transaction,
    table: TableInfo,
    cards: GameCards,
    player: str,
    ref: str,
    choice: Choice | None = None,
) -> Moved:
    """``table ability PLAYER ABILITY``: the character pays the ability's soul gems to the
    bank, and takes the gold it gives (Healing prayer, Regeneration). On a deal the table
    deals, the ability also does what it does to the cards
    (:func:`~companion.games.dungeon_poker.card_effects.ability_cards`); an ability that
    acts at the showdown and is given what it names (the Witch's ``--rank``, Ambush &
    run's ``--gold``) is carried there."""
    choice = choice or Choice()
    who = _seated(tx, table, player)
    character = cards.get(tx.pile(table, "characters", "in_play", who)[0].card_id)
    ability = _ability(cards, who, character, ref)
    if ability.kind == "passive" and ability.effect not in GOLD_FROM_THE_BANK:
        raise CompanionError(
            f"{ability.name} is a passive ability: it works by itself and costs no soul gem"
        )
    deal = state.current_deal(tx, table)
    if deal is None or deal.get("settled"):
        raise CompanionError(
            f"{ability.name} is used during a deal: start one with 'companion table deal'"
        )
    away = dealt.sitting_out(tx, table)
    if who in away:
        raise CompanionError(f"{who} sits this deal out ({away[who]}): no ability until the next")
    cost = _cost(tx, table, cards, ability, who)
    used = [tuple(u) for u in deal.get("abilities", [])]
    once = ability.effect == "regeneration" or "once-per-deal" in ability.limits
    if once and (who, ability.effect) in used:
        raise CompanionError(f"{who}'s {ability.name} has already acted in this deal")
    if ability.kind == "standard":
        _check_not_stopped(who, used)
    card_effects.check_timing(tx, table, ability.name, ability.limits)
    now = card_effects.street(tx, table)
    staged = [tuple(u) for u in deal.get("stage_uses", [])]
    if "once-per-stage" in ability.limits and (who, ability.effect, now) in staged:
        raise CompanionError(f"{who}'s {ability.name} has already acted at this stage ({now})")
    amount = _gold_from_the_bank(tx, table, cards, ability, who, deal)
    gold = state.add_gold(tx, table, who, amount)
    gems = state.add_gems(tx, table, who, -cost)
    assert gold is not None and gems is not None  # _seated checked that the table counts them
    state.put(
        tx,
        table,
        "deal",
        {
            **deal,
            "abilities": [*used, (who, ability.effect)],
            "stage_uses": [*staged, (who, ability.effect, now)],
        },
    )
    notes = []
    carried = _carry_to_showdown(tx, table, who, ability, choice)
    if carried:
        notes.append(carried)
    elif ability.effect in SETTLED_AT_THE_SHOWDOWN:
        notes.append(SETTLED_AT_THE_SHOWDOWN[ability.effect])
    if ability.effect == "regeneration":
        notes.append(f"{ability.name} acts at the flop: only if {who} is still in the deal then")
    moved_cards = card_effects.CardsMoved()
    if card_effects.dealt_by_table(tx, table):
        moved_cards = card_effects.ability_cards(tx, table, cards, who, ability, choice)
        notes.extend(moved_cards.notes)
        notes.extend(o.words() for o in moved_cards.owed)
    moved = Moved(
        who,
        amount,
        gold,
        ability.name,
        ability.effect,
        tuple(notes),
        None,
        -cost,
        gems,
        moved_cards,
    )
    return _logged(tx, table, cards, moved, AbilityPaid)


STOPS_OTHERS = "spooky-gaze"
"""The Night Ogre's gaze: no other player uses a special ability for the rest of the deal."""


def _check_not_stopped(who: str, used: Sequence[tuple[str, ...]]) -> None:
    """000, Spooky gaze: once the Night Ogre has used it, the other players' standard
    abilities are refused for the rest of the deal (passive ones keep working)."""
    gazer = next((u[0] for u in used if u[1] == STOPS_OTHERS and u[0] != who), None)
    if gazer is not None:
        raise CompanionError(
            f"{gazer}'s Spooky gaze stops every other player's abilities for this deal"
        )


def _carry_to_showdown(
    tx: Transaction, table: TableInfo, who: str, ability: Any, choice: Choice
) -> str:
    """The Witch's curse (with the rank she names) and Ambush & run (with the gold it
    takes) are written on the deal for its showdown, so ``table showdown`` needs no file;
    what was carried, in words ("" when nothing was)."""
    if ability.effect == "witch-curse" and choice.rank is not None:
        rank = parse_rank(choice.rank)
        label = rank_label(rank_char(rank))
        state.declare_value(tx, table, "witch_curse", {"by": who, "rank": label})
        return f"the curse on every {label} acts at this deal's table showdown"
    if ability.effect == "ambush-and-run" and choice.gold is not None:
        most = int(ability.gold_max or choice.gold)
        if choice.gold % COIN or choice.gold < 0 or choice.gold > most:
            raise CompanionError(
                f"--gold {choice.gold}: Ambush & run takes half the pot in coins of {COIN}, "
                f"at most {most:,}"
            )
        state.declare_value(tx, table, "ambush_and_run", {"by": who, "gold": choice.gold})
        tracked = table_betting.load(tx, table)
        if tracked is not None:  # used on his turn, and its fold is the betting's
            table_betting.require_turn(tracked, who, "Ambush & run")
            table_betting.decide(tx, table, Action(ActionKind.LEAVE, who))
        return (
            f"{who} folds and takes {choice.gold:,} gold from the pot at this deal's table "
            "showdown, with the top treasure"
        )
    if ability.effect == "witch-curse" or (ability.effect == "ambush-and-run"):
        return ""
    if ability.effect == "spoil-the-treasure":
        state.declare_value(tx, table, "spoil_the_treasure", who)
        return "no treasure is drawn if another player wins this deal (not the dragon's)"
    if ability.effect == "barbarian-rage":
        state.declare(tx, table, "barbarian_rage", who)
        # On a table tracking the bets: on the Barbarian's turn, and the bet that goes
        # with it raises by two blinds at least (refused when his gold cannot).
        tracked = table_betting.load(tx, table)
        if tracked is not None:
            table_betting.require_turn(tracked, who, "Barbarian rage")
            blind = levels.level_now(tx, table, game_cards(table)).blind
            table_betting.demand_raise(tx, table, who, 2 * blind, "Barbarian rage")
            return f"{who}'s bet or raise this turn is by {2 * blind:,} gold at least"
    return ""


def _gold_from_the_bank(
    tx: Transaction,
    table: TableInfo,
    cards: GameCards,
    ability: Any,
    who: str,
    deal: dict[str, Any],
) -> int:
    """The gold Healing prayer or Regeneration takes from the bank (0 for the others),
    once the gold ``who`` had as the deal began is low enough."""
    if ability.effect not in GOLD_FROM_THE_BANK:
        return 0
    at_start = deal.get("gold_at_start", {})
    before = int(at_start.get(who, state.gold_of(tx, table)[who]))
    if ability.gold_below is not None and before >= ability.gold_below:
        raise CompanionError(
            f"{ability.name} needs less than {ability.gold_below:,} gold at the start of the deal: "
            f"{who} had {before:,}"
        )
    blind = levels.level_now(tx, table, cards).blind
    return int(ability.gold) if ability.gold is not None else min(blind, ability.gold_max or blind)


def declared_uses(spec: DungeonPokerShowdownIn) -> list[tuple[str, str]]:
    """(player, ability effect) of each ability a showdown declares used during the deal."""
    d = spec.declared
    uses = [(who, "barbarian-rage") for who in d.barbarian_rage]
    if d.witch_curse is not None:
        uses.append((d.witch_curse.by, "witch-curse"))
    if d.spoil_the_treasure:
        uses.append((d.spoil_the_treasure, "spoil-the-treasure"))
    if d.ambush_and_run is not None:
        uses.append((d.ambush_and_run.by, "ambush-and-run"))
    return uses


def pay_declared(
    tx: Transaction, table: TableInfo, cards: GameCards, spec: DungeonPokerShowdownIn
) -> list[str]:
    """``table showdown``: each ability the showdown declares costs its soul gems, unless
    the dealer took them during the deal with ``table ability``; refused when short."""
    deal = state.current_deal(tx, table) or {}
    paid: list[tuple[str, str]] = [(str(w), str(e)) for w, e in deal.get("abilities", [])]
    notes: list[str] = []
    for who, effect in declared_uses(spec):
        if (who, effect) in paid:
            paid.remove((who, effect))
            continue
        in_play = tx.pile(table, "characters", "in_play", who)
        if not in_play or who not in state.gems_of(tx, table):
            continue  # the showdown refuses an ability the character does not have
        ability = next(
            (a for a in cards.get(in_play[0].card_id).abilities if a.effect == effect), None
        )
        if ability is None:
            continue
        if effective_cost(ability, levels.encounter_rules(tx, table, cards)) is None:
            continue  # the showdown refuses it, in its own words
        cost = _cost(tx, table, cards, ability, who)
        now = state.add_gems(tx, table, who, -cost)
        notes.append(
            f"{who} pays {soul_gems(cost)} to the bank for {ability.name}: {soul_gems(now or 0)} now"
        )
    return notes


def _logged(
    tx: Transaction, table: TableInfo, cards: GameCards, moved: Moved, kind: type[CountsMoved]
) -> Moved:
    """The counts have moved: say whether it won the game, and write the history entry."""
    won = victory(tx, table, cards)
    event = kind(
        moved.player,
        moved.amount,
        moved.gold,
        moved.why,
        moved.ability,
        moved.gems_amount,
        moved.gems,
        *card_effects.event_cards(tx, table, cards, moved.cards),
    )
    tx.record(table, event, actor=moved.player if moved.ability else None)
    if won is None:
        return moved
    return replace(moved, notes=(*moved.notes, won.text), victory=won)


def parse_amount(text: str) -> int:
    """A correction's gold: ``+500``, ``-200`` or ``500``, in whole coins of 100.

    >>> parse_amount("+500"), parse_amount("-200"), parse_amount("1,000")
    (500, -200, 1000)
    """
    amount = _signed(text, "gold", "-500")
    if amount == 0 or amount % COIN or abs(amount) > MAX_CORRECTION:
        raise CompanionError(
            f"{text}: gold moves in whole coins of {COIN}, not zero and at most "
            f"{MAX_CORRECTION:,} at once"
        )
    return amount


def parse_gems(text: str) -> int:
    """A correction's soul gems: ``+1``, ``-2`` or ``2``.

    >>> parse_gems("+1"), parse_gems("-2"), parse_gems("2")
    (1, -2, 2)
    """
    amount = _signed(text, "soul gems", "-1")
    if amount == 0 or abs(amount) > MAX_GEMS_CORRECTION:
        raise CompanionError(
            f"{text}: soul gems move one or more at a time, at most {MAX_GEMS_CORRECTION} "
            "(all the box holds)"
        )
    return amount


def _signed(text: str, what: str, example: str) -> int:
    raw = text.strip().replace(",", "").replace("_", "")
    try:
        return int(raw)
    except ValueError:
        raise CompanionError(f"{text!r}: give the {what} as +N or -N (e.g. {example})") from None


def _note(note: str) -> str:
    note = " ".join(note.split())
    if len(note) > 200:
        raise CompanionError(f"--note is {len(note)} characters: keep it to 200")
    return note or "a correction"


def correct_gold(
    tx: Transaction, table: TableInfo, cards: GameCards, player: str, amount: int, note: str = ""
) -> Moved:
    """``table gold PLAYER +N|-N --note TEXT``: the dealer's correction of a player's gold."""
    who = _seated(tx, table, player)
    why = _note(note)
    have = state.gold_of(tx, table)[who]
    if amount < 0 and -amount > have:
        raise CompanionError(f"{who} has only {have:,} gold: {amount:+,} would take more than that")
    gold = state.add_gold(tx, table, who, amount)
    assert gold is not None
    notes = []
    if gold == 0:
        notes.append(
            f"{who} has no gold left: the character dies when the deal is settled ('companion "
            f"table showdown'), or at once with 'companion table death {who}'"
        )
    gems = state.gems_of(tx, table).get(who, 0)
    moved = Moved(who, amount, gold, why, None, tuple(notes), None, 0, gems)
    return _logged(tx, table, cards, moved, GoldCorrected)


def correct_gems(
    tx: Transaction, table: TableInfo, cards: GameCards, player: str, amount: int, note: str = ""
) -> Moved:
    """``table gems PLAYER +N|-N --note TEXT``: the dealer's correction of a player's soul gems."""
    who = _seated(tx, table, player)
    why = _note(note)
    have = state.gems_of(tx, table).get(who, 0)
    if amount < 0 and -amount > have:
        raise CompanionError(
            f"{who} has only {soul_gems(have)}: {amount:+} would take more than that"
        )
    gems = state.add_gems(tx, table, who, amount)
    if gems is None:  # a table from before the gems were counted: start counting now
        state.set_gems(tx, table, {**state.gems_of(tx, table), who: amount})
        gems = amount
    gold = state.gold_of(tx, table)[who]
    moved = Moved(who, 0, gold, why, None, (), None, amount, gems)
    return _logged(tx, table, cards, moved, GemsCorrected)
