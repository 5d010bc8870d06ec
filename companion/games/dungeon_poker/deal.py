"""A deal of Dungeon Poker at the table: start it, settle it, all in one transaction each.

:func:`start_deal` ends the deal before it (counting it for its level, so
the table's clock and the table count the same deals), gathers every main
deck card with the monster card (M) and shuffles them, as the rulebook does
at the start of each deal. :func:`settle_deal` builds the showdown from what
the table knows (blind, encounter, characters, artifacts, monsters, gold,
gold and treasures left waiting) plus what only the dealer knows (each
player's gold in the pot, folds, the order or the cards), settles it through
:class:`~companion.games.dungeon_poker.showdown.DungeonPokerShowdown` (the
very engine of ``companion showdown``) and applies the result: gold, what
stays on the table, treasures, monster cards, the Astral Warlock, deaths
and the Undeath Amulet. Each is one history entry, so one ``table undo``
reverts it. :func:`monster_result` is the correction for one monster's
deal, through the same steps.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.cards.dungeon_poker import soul_gems
from companion.cards.loader import GameCards
from companion.documents import read_document
from companion.errors import CompanionError
from companion.events import Event, sentence
from companion.games.dungeon_poker import (
    abilities,
    betting,
    characters,
    dealt,
    deaths,
    encounters,
    levels,
    monsters,
    state,
    treasures,
)
from companion.games.dungeon_poker.decks import DECKS, moved_copy, refs
from companion.games.dungeon_poker.events import JUDGED, DealStarted, ShowdownSettled
from companion.games.dungeon_poker.levels import LevelChange
from companion.games.dungeon_poker.showdown import DungeonPokerResult, DungeonPokerShowdown
from companion.games.dungeon_poker.showdown_events import (
    FoldersSitOut,
    GemsStolen,
    PlayersRobbed,
)
from companion.games.dungeon_poker.showdown_input import DungeonPokerShowdownIn
from companion.games.dungeon_poker.victory import Victory, victory
from companion.poker.hands import names_text
from companion.poker.pots import (
    ALL_IN,
    all_in_amount,
    parse_contributions,
    parse_result,
    spread_everyone,
)
from companion.poker.showdown_input import validate_as
from companion.table import betting as table_betting
from companion.table.actions import named_players
from companion.table.drawing import drawn_card
from companion.table.model import DrawnCard, DrawResult, TableInfo
from companion.table.store import Transaction

DealCounter = Callable[[Transaction, TableInfo], bool]
"""Counts a finished deal on the table's clock; True when a clock did."""


@dataclass(frozen=True)
class DealStart:
    """What ``table deal`` did: the deal's number in its level, the level, notes."""

    number: int
    level: LevelChange
    gathered: int
    notes: tuple[str, ...] = ()
    hands: dict[str, list[DrawnCard]] = field(default_factory=dict)
    opened: bool = False
    """True when ending the last deal opened this level (by the table or its clock)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "deal": self.number,
            "level": self.level.to_json(),
            "level_opened": self.opened,
            "gathered": self.gathered,
            "notes": list(self.notes),
            "hands": {p: [c.to_json() for c in cs] for p, cs in self.hands.items()},
        }


@dataclass(frozen=True)
class Settled:
    """What ``table showdown`` did: the showdown's result and what the table did with it."""

    result: DungeonPokerResult
    spec: DungeonPokerShowdownIn
    notes: tuple[str, ...]
    cards: tuple[DrawnCard, ...]
    gold: dict[str, int]
    victory: Victory | None
    gems: dict[str, int] = field(default_factory=dict)
    """Each character's soul gems after the deal."""

    def to_json(self, table_state: Mapping[str, Any]) -> dict[str, Any]:
        return {
            **self.result.to_json(),
            "table": {
                **table_state,
                "gold": dict(self.gold),
                "soul_gems": dict(self.gems),
                "notes": list(self.notes),
                "cards": [c.to_json() for c in self.cards],
                "victory": self.victory.to_json() if self.victory else None,
            },
        }


# -- starting a deal ---------------------------------------------------------------------


def start_deal(
    tx: Transaction,
    table: TableInfo,
    cards: GameCards,
    *,
    count_deal: DealCounter | None = None,
    deal_hands: bool = False,
) -> DealStart:
    """Begin the next deal: end the last one, gather and shuffle the main deck.

    ``count_deal(tx, table)`` counts a finished deal on the table's clock and
    returns True when a clock did (the clock then opens the next level by
    itself); else the table opens it after the level's last deal, counting
    the deals its clock would (:func:`levels.deals_per_level`).
    """
    waiting = characters.choosing(tx, table)
    if waiting:
        raise CompanionError(
            f"{names_text(waiting)} {'is' if len(waiting) == 1 else 'are'} still choosing a "
            f"character ('companion table choose {waiting[0]} CHARACTER'); the first deal "
            "comes once everyone has chosen"
        )
    notes: list[str] = []
    before = state.current_deal(tx, table)
    level = levels.level_now(tx, table, cards)
    done = int(state.get(tx, table, "deals_done", 0))
    if before is not None:
        if not before.get("settled"):
            notes.append(f"deal {before['number']} ended without a table showdown")
        if int(before["level"]) == level.level:
            counted = bool(count_deal(tx, table)) if count_deal is not None else False
            done += 1
            now = levels.level_number(tx, table)
            per_level = levels.deals_per_level(tx, table)
            if not counted and per_level and done >= per_level and now == level.level:
                change = encounters.enter_level(tx, table, cards, level.level + 1)
                notes.append(
                    f"{per_level} deals played: level {change.level} opens (blind {change.blind})"
                )
                notes.extend(change.notes)
                if change.encounter is not None:  # High magic's gems, Dragon age's dragon
                    notes.extend(change.encounter.notes)
    opened = levels.level_now(tx, table, cards).level != level.level
    level = levels.level_now(tx, table, cards)
    if before is None or int(before["level"]) != level.level:
        done = 0
    if int(state.get(tx, table, "deals_level", 0)) != level.level:
        done = 0
        if level.soul_gems:
            # 000, Blind bet levels: the level's gem comes at the beginning of its first deal.
            state.gems_to_all(tx, table, state.seated(tx, table), level.soul_gems)
            notes.append(
                f"first deal of level {level.level}: every player takes {soul_gems(level.soul_gems)}"
                " from the bank"
            )
    state.put(tx, table, "deals_level", level.level)
    state.put(tx, table, "deals_done", done)
    number = done + 1
    gathered = _gather_main(tx, table)
    deaths.drop_loot(tx, table)
    sitters = dealt.take_sitters(tx, table)
    for player, why in sitters.items():
        notes.append(f"{player} sits out this deal ({why}): no cards, blinds still due")
    notes.extend(deaths.returns(tx, table, cards))
    state.put(
        tx,
        table,
        "deal",
        {
            "number": number,
            "level": level.level,
            "settled": False,
            "cards": deal_hands,
            # Healing prayer and Regeneration ask for the gold at the deal's start.
            "gold_at_start": state.gold_of(tx, table),
            "sitting_out": sitters,
        },
    )
    betting.open_deal(tx, table, cards, sitters, notes)
    hands: dict[str, list[DrawnCard]] = {}
    if deal_hands:
        hands = _deal_hands(tx, table, cards, notes)
    tx.record(table, DealStarted(number, level.level, gathered, tuple(notes)))
    return DealStart(number, level, gathered, tuple(notes), hands, opened)


def _gather_main(tx: Transaction, table: TableInfo) -> int:
    """Every main deck card (the graveyard, the board, the hands, M) back into the deck, shuffled."""
    loose = [c for c in tx.cards(table, "main") if c.pile in ("discard", "in_play", "held")]
    if loose:
        tx.arrange(table, loose, "draw")
    DECKS.shuffle(tx, table, "main")
    return len(loose)


def _deal_hands(
    tx: Transaction, table: TableInfo, cards: GameCards, notes: list[str]
) -> dict[str, list[DrawnCard]]:
    """Each player's hand cards, one at a time round the table, then the cards of every
    monster in play that plays with cards (the Golem, Dragon age's dragon).

    The encounter says how they lie: Armory's extra card (the last one round) face
    up, Dense fog's second card unseen by its holder too. A player who sits this deal
    out is dealt nothing."""
    rules = levels.encounter_rules(tx, table, cards)
    per = rules.hand_cards or 2
    hands: dict[str, list[DrawnCard]] = {p: [] for p in dealt.in_deal(tx, table)}
    opened = range(per - rules.dealt_open, per)
    unseen = range(per - rules.dealt_open - rules.dealt_unseen, per - rules.dealt_open)
    for round_ in range(per):
        for player in hands:
            got = monsters.draw_main(tx, table, cards, 1, player, record_it=False)
            mine = [c for c in got if c.holder == player and c.deck == "main"]
            if round_ in opened:
                dealt.lay(tx, table, mine, "up")
            elif round_ in unseen:
                dealt.lay(tx, table, mine, "unseen")
            hands[player].extend(got)
            notes.extend(n for n in got.notes if n not in notes)
    for copy in monsters.playing(tx, table, cards).values():
        notes.extend(n for n in monsters.deal_to(tx, table, cards, copy) if n not in notes)
    return hands


# -- settling a deal -----------------------------------------------------------------------


def table_showdown_spec(
    tx: Transaction,
    table: TableInfo,
    cards: GameCards,
    put_in: Mapping[str, int],
    *,
    folded: Sequence[str] = (),
    result: str | list[str] | None = None,
    extra: Mapping[str, Any] | None = None,
) -> DungeonPokerShowdownIn:
    """The showdown file the table would write for this deal (what ``table showdown`` settles).

    ``extra`` holds what a showdown file may add: hands, board(s), declared
    abilities, no_legal_hand, hand_class. The table fills in the rest.
    """
    extra = dict(extra or {})
    for key in ("game", "blind", "encounter", "carried", "treasures_waiting", "monsters"):
        if key in extra:
            raise CompanionError(f"{key}: the table knows it; leave it out of the file")
    level = levels.level_now(tx, table, cards)
    players_in = state.seated(tx, table)
    named = {p.casefold(): p for p in players_in}
    away = dealt.sitting_out(tx, table)  # still at the table (blinds due), not in the deal
    contributions: dict[str, int] = {}
    dealt_in = [p for p in players_in if p not in away]
    for name, amount in spread_everyone(put_in, dealt_in).items():
        who = named.get(name.casefold())
        if who is None:
            raise CompanionError(
                f"{name}: not a player in this deal (in the deal: {', '.join(players_in) or 'nobody'})"
            )
        contributions[who] = amount
    ranked = extra.get("result", result)
    if ranked is not None and away:
        text = ranked if isinstance(ranked, str) else " > ".join(str(r) for r in ranked)
        for group in parse_result(text):
            for name in group:
                who = named.get(name.casefold())
                if who in away:
                    raise CompanionError(
                        f"result: {who} sits out this deal ({away[who]}) and cannot be placed"
                    )
    folds = set()
    for name in named_players(folded):
        who = named.get(name.casefold())
        if who is None:
            raise CompanionError(
                f"--fold {name}: not a player in this deal "
                f"(in the deal: {', '.join(players_in) or 'nobody'})"
            )
        folds.add(who)
    file_players = {str(p.get("name", "")).casefold(): p for p in extra.pop("players", []) or []}
    for key in file_players:
        if key not in named:
            raise CompanionError(f"players: '{key}' is not a player in this deal")
    gold = state.gold_of(tx, table)
    gems = state.gems_of(tx, table)
    players: list[dict[str, Any]] = []
    for p in players_in:
        given = dict(file_players.get(p.casefold(), {}))
        given.pop("name", None)
        for key in ("character", "artifacts", "stack", "soul_gems"):
            if key in given:
                raise CompanionError(f"players: {p}'s {key} is known to the table; leave it out")
        amount = int(contributions.get(p, given.pop("put_in", 0)) or 0)
        stack = gold.get(p)
        if amount == ALL_IN:  # NAME=all: all the gold the table counts for them
            amount = all_in_amount(p, gold)
        if stack is not None and amount > stack:
            raise CompanionError(
                f"{p}={amount}: {p} has only {stack:,} gold (all-in is {p}={stack})"
            )
        character = tx.pile(table, "characters", "in_play", p)
        artifacts = [
            c.card_id
            for c in tx.pile(table, "treasures", "held", p)
            if cards.get(c.card_id).treasure_class != "sudden"
        ]
        entry: dict[str, Any] = {
            "name": p,
            "put_in": amount,
            "folded": p in folds or p in away or bool(given.pop("folded", False)),
            "character": character[0].card_id,
            "artifacts": artifacts,
            **given,
        }
        if stack is not None:
            entry["stack"] = stack - amount
        if p in gems:  # a Goblin takes no gem a player does not have
            entry["soul_gems"] = gems[p]
        if not entry.get("hand"):
            held = list(tx.pile(table, "main", "held", p))
            if held and result is None and "result" not in extra:
                # A main deck card's id is its notation (``As``).
                entry["hand"] = [c.card_id for c in held]
        players.append(entry)
    used = (state.current_deal(tx, table) or {}).get("declared", {})
    if used:  # what the table saw used during the deal (table use, table ability)
        extra["declared"] = merge_declared(used, dict(extra.get("declared") or {}))
    spec: dict[str, Any] = {
        "game": "dungeon-poker",
        "blind": level.blind,
        "encounter": level.encounter.card_id if level.encounter else None,
        "carried": int(state.get(tx, table, "carried_gold", 0)),
        "treasures_waiting": int(state.get(tx, table, "carried", 0)),
        "players": players,
        "monsters": monsters.showdown_entries(
            tx, table, cards, hands=result is None and "result" not in extra
        ),
        **extra,
    }
    if result is not None:
        spec["result"] = result
    if "board" not in spec and "boards" not in spec and "result" not in spec:
        board = [c.card_id for c in tx.pile(table, "main", "in_play")]
        if board:
            spec["board"] = board
    return validate_as(DungeonPokerShowdownIn, spec)


def merge_declared(seen: Mapping[str, Any], given: dict[str, Any]) -> dict[str, Any]:
    """What the table saw declared during the deal, with what a showdown file adds: a
    list (the Explosive Potions, the rages) joins the file's, each name once; one value
    (the Witch's curse, Ambush & run) the table saw is refused when the file says it
    otherwise.

    >>> merge_declared({"barbarian_rage": ["cy"]}, {"barbarian_rage": ["cy", "dee"]})
    {'barbarian_rage': ['cy', 'dee']}
    """
    for key, value in seen.items():
        if isinstance(value, list):
            given[key] = list(dict.fromkeys([*value, *given.get(key, [])]))
        elif key in given and given[key] != value:
            raise CompanionError(
                f"declared.{key}: the table saw it used ({value}); leave it out of the file"
            )
        else:
            given[key] = value
    return given


def settle_deal(
    tx: Transaction,
    table: TableInfo,
    cards: GameCards,
    put_in: Mapping[str, int],
    *,
    folded: Sequence[str] = (),
    result: str | list[str] | None = None,
    extra: Mapping[str, Any] | None = None,
    takes: Sequence[str] = (),
    data_dir: str | None = None,
) -> Settled:
    """Settle the deal under way from the table's state; one history entry."""
    deal = state.deal_to_settle(tx, table)
    if deal is None:
        raise CompanionError("no deal is under way: start one with 'companion table deal'")
    dealt.check_nothing_owed(tx, table)
    put_in, folded = bets_of_the_deal(tx, table, put_in, folded)
    spec = table_showdown_spec(tx, table, cards, put_in, folded=folded, result=result, extra=extra)
    paid = abilities.pay_declared(tx, table, cards, spec)
    if paid:  # the gems the abilities cost are spent before the showdown's thefts
        spec = table_showdown_spec(
            tx, table, cards, put_in, folded=folded, result=result, extra=extra
        )
    outcome = DungeonPokerShowdown(spec, None, data_dir).run()
    notes, shown = apply_result(tx, table, cards, spec, outcome, takes=takes)
    notes[:0] = paid
    state.mark_settled(tx, table, deal, "table showdown")
    won = victory(tx, table, cards)
    if won is not None:
        notes.append(won.text)
    settled = ShowdownSettled(
        int(deal["number"]) if deal is not None else None,
        tuple(outcome.winners),
        tuple(p.amount for p in outcome.pots),
        outcome.net,
        outcome.carry_over,
        outcome.removed,
        tuple(notes),
        outcome.events,
    )
    tx.record(table, settled)
    return Settled(
        outcome,
        spec,
        tuple(notes),
        tuple(shown),
        state.gold_of(tx, table),
        won,
        state.gems_of(tx, table),
    )


def bets_of_the_deal(
    tx: Transaction, table: TableInfo, put_in: Mapping[str, int], folded: Sequence[str]
) -> tuple[Mapping[str, int], Sequence[str]]:
    """What each player put in and who folded: as typed (a table playing with real
    coins), else from the betting the table tracked (refused while it goes on)."""
    if put_in:
        return put_in, folded
    tracked = table_betting.load(tx, table)
    if tracked is None:
        return put_in, folded
    amounts, folds = table_betting.settled_amounts(tracked)
    return amounts, [*folds, *(f for f in folded if f not in folds)]


def apply_result(
    tx: Transaction,
    table: TableInfo,
    cards: GameCards,
    spec: DungeonPokerShowdownIn,
    outcome: DungeonPokerResult,
    *,
    takes: Sequence[str] = (),
) -> tuple[list[str], list[DrawnCard]]:
    """Do at the table what the showdown decided: gold, treasures, monsters, levels, deaths."""
    notes: list[str] = []
    shown: list[DrawnCard] = []
    gold = state.gold_of(tx, table)
    for p in spec.players:
        if p.name in gold:
            gold[p.name] += -p.put_in + outcome.payouts.get(p.name, 0) + outcome.bank.get(p.name, 0)
    state.set_gold(tx, table, gold)
    gems = state.gems_of(tx, table)
    for player, moved in outcome.soul_gems.items():  # the Goblin's theft, the Genie's gem
        if player in gems:
            gems[player] = max(gems[player] + moved, 0)
    state.set_gems(tx, table, gems)
    state.put(tx, table, "carried_gold", outcome.carry_over)
    state.put(tx, table, "carried", outcome.treasures_waiting)
    for player, count in outcome.treasures.items():
        got = treasures.draw_treasures(
            tx, table, cards, player, count, record_it=False, partial=True
        )
        shown.extend(got)
        notes.extend(n for n in got.notes if n not in notes)
    for player, count in outcome.treasures_lost.items():
        notes.append(
            f"{player} gives {count} treasure(s) of their choice to the bank ('companion table sell')"
        )
    away = dealt.sitting_out(tx, table)
    for event in outcome.events:
        if isinstance(event, FoldersSitOut):  # Appendix B, Baron: a sitter did not fold
            dealt.sit_out_next(
                tx, table, [p for p in event.players if p not in away], event.monster
            )
    playing = monsters.playing(tx, table, cards)
    _deaths(tx, table, cards, spec, outcome, takes, notes, shown)
    still = {c.copy for c in tx.pile(table, "monsters", "in_play")}
    for fate in outcome.monsters:
        copy = playing[fate.name]
        if copy.copy in still:  # the Golem of a dead Gnome Artificer has already left
            shown.append(monsters.leaves(tx, table, cards, copy, fate.outcome))
    for fate in outcome.monsters:
        notes.extend(level_ended_by(tx, table, cards, cards.get(fate.card), fate.outcome))
    return notes, shown


def _deaths(
    tx: Transaction,
    table: TableInfo,
    cards: GameCards,
    spec: DungeonPokerShowdownIn,
    outcome: DungeonPokerResult,
    takes: Sequence[str],
    notes: list[str],
    shown: list[DrawnCard],
) -> None:
    """Every player left with no gold dies (or the Undeath Amulet acts), whatever took it."""
    winners = [w for w in outcome.winners if w in {p.name for p in spec.players}]
    after = state.gold_of(tx, table)
    for p in spec.players:
        if p.stack is None or after.get(p.name, 1) > 0:
            continue
        died, more_cards = deaths.character_dies(
            tx,
            table,
            cards,
            p.name,
            winner=next((w for w in winners if w != p.name), None),
            takes=_take_for(tx, table, cards, p.name, takes),
        )
        notes.extend(died)
        shown.extend(c for c in more_cards if c.deck != "characters")


def level_ended_by(
    tx: Transaction, table: TableInfo, cards: GameCards, model: Any, outcome: str
) -> list[str]:
    """The Astral Warlock's win moves the party on: the next level opens at once and
    "starts from the beginning" (000, Appendix B). Nothing for other monsters."""
    if outcome != "won" or not monsters.opens_next_level(model):
        return []
    change = encounters.open_level_now(tx, table, cards)
    return [
        f"{model.name} won: level {change.level} opens now (blind {change.blind})"
        + (f", encounter {change.encounter.name}" if change.encounter else ""),
        *change.notes,
    ]


def _take_for(
    tx: Transaction, table: TableInfo, cards: GameCards, dead: str, takes: Sequence[str]
) -> str | None:
    held = {cards.get(c.card_id).name.casefold() for c in tx.pile(table, "treasures", "held", dead)}
    held |= {c.card_id for c in tx.pile(table, "treasures", "held", dead)}
    for t in takes:
        if t.strip().casefold() in held:
            return t
    return None


# -- a correction for one monster -------------------------------------------------------------

OUTCOMES = ("won", "tied", "side-pot", "lost")


def monster_result(
    tx: Transaction,
    table: TableInfo,
    cards: GameCards,
    outcome: str,
    monster: str | None = None,
    slayers: Sequence[str] = (),
) -> DrawResult:
    """How a monster's deal ended: ``won``, ``tied``, ``side-pot`` or ``lost`` (slain),
    decided by the showdown's own rules: the card goes where the showdown sends it, the
    Astral Warlock's win opens the next level; the slayers take what the card promises as
    the showdown shares it (one slayer draws the Fire Dragon's treasure, a kill shared by
    several leaves it waiting; each takes the Genie's gem); a tie leaves the deal's
    treasures waiting, and a monster's win takes them out of the game with the pot.
    """
    outcome = {"side": "side-pot", "sidepot": "side-pot"}.get(outcome, outcome)
    if outcome not in OUTCOMES:
        raise CompanionError(
            f"a monster's deal ends 'won', 'tied', 'side-pot' or 'lost', not '{outcome}'"
        )
    who = [table.player(s) for s in named_players(slayers)]
    if who and outcome not in ("lost", "side-pot"):
        raise CompanionError("only a slain monster ('lost' or 'side-pot') has a slayer")
    twice = sorted({w for w in who if who.count(w) > 1})
    if twice:
        raise CompanionError(f"{names_text(twice)} named twice: each slayer is named once")
    copy = monsters.find_in_play(tx, table, cards, monster, "judged")
    deal = state.deal_to_settle(tx, table)
    if outcome in ("won", "tied"):
        # The deal's treasure is decided: gone with the pot, or waiting.
        state.mark_settled(tx, table, deal, f"table monster-result {outcome}")
    model = cards.get(copy.card_id)
    notes: list[str] = []
    treasure_notes: list[str] = []
    drawn: list[DrawnCard] = []
    decided: list[Event] = []
    when = {"won": "win", "tied": "tie"}.get(outcome, "lose")
    for effect in model.effects:
        if (effect.when == when or (when == "lose" and effect.when == "slain")) and effect.text:
            notes.append(effect.text)
    if outcome in ("won", "tied"):
        seated = tuple(state.seated(tx, table))
        tied = (model.name, *seated) if outcome == "tied" else (model.name,)
        shared = treasures.share(
            int(levels.encounter_rules(tx, table, cards).treasures_per_win),
            int(state.get(tx, table, "carried", 0)),
            [treasures.BoardWin(None, tied)],
        )
        state.put(tx, table, "carried", shared.waiting)
        decided.extend(shared.events)
        notes.extend(sentence(e) for e in shared.events)
    if outcome == "won":
        costs = _win_costs(tx, table, cards, copy)
        decided.extend(costs)
        notes.extend(sentence(e) for e in costs)
    moved = monsters.leaves(tx, table, cards, copy, outcome)
    notes.extend(moved.notes)
    notes.extend(level_ended_by(tx, table, cards, model, outcome))
    if outcome in ("lost", "side-pot"):
        got, said, rewarded = treasures.reward_slayer(tx, table, cards, model, who)
        drawn.extend(got)
        treasure_notes.extend(said)
        decided.extend(rewarded)
    card = drawn_card(cards, moved_copy(moved), notes=notes)
    judged = JUDGED[outcome](
        model.id, model.name, copy.copy, outcome, tuple(who), refs(drawn), events=tuple(decided)
    )
    tx.record(table, judged, actor=who[0] if len(who) == 1 else None)
    return DrawResult([card, *drawn], treasure_notes)


def _win_costs(tx: Transaction, table: TableInfo, cards: GameCards, copy: Any) -> list[Event]:
    """What a monster's win takes from the players besides the pot (the Goblin's soul gems,
    the Ice Giant's blind), decided by the showdown's own rule on a deal the monster won
    against everyone in it, and taken from the table's counts."""
    label = next((k for k, c in monsters.playing(tx, table, cards).items() if c == copy), None)
    away = dealt.sitting_out(tx, table)
    beaten = [p for p in state.seated(tx, table) if p not in away]
    if label is None or not beaten:
        return []
    spec = table_showdown_spec(tx, table, cards, {}, result=f"{label} > {' = '.join(beaten)}")
    outcome = DungeonPokerShowdown(spec, None, None).run()
    for player, moved in outcome.bank.items():
        state.add_gold(tx, table, player, moved)
    for player, gems in outcome.soul_gems.items():
        state.add_gems(tx, table, player, gems)
    return [e for e in outcome.events if isinstance(e, GemsStolen | PlayersRobbed)]


# -- reading the dealer's input ----------------------------------------------------------------


def read_table_showdown(
    file: str | None, args: Sequence[str]
) -> tuple[dict[str, Any], dict[str, int]]:
    """Split ``table showdown``'s arguments: a showdown file (optional) and NAME=AMOUNT pairs."""
    if file is not None and "=" in file:
        args = [file, *args]
        file = None
    extra: dict[str, Any] = {}
    if file is not None:
        source = "<stdin>" if file == "-" else file
        data = read_document(file, what="showdown file")
        if not isinstance(data, dict):
            raise CompanionError(f"{source}: a showdown file is a mapping")
        extra = dict(data)
    return extra, dict(parse_contributions(list(args), all_in=True)) if args else {}
