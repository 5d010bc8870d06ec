"""Monsters: the monster card (M) in the main deck, a monster at the table, where it goes after.

The rulebook's chapter on monsters, as the table applies it: the M card
drawn to a hand or the board is revealed, replaced by the next card, and a
monster comes from the monster deck; each monster plays with its own count
of cards (some open), more under an encounter; friendly monsters give their
gift and leave; an empty monster deck means every monster has been slain.
What a monster plays with
(:func:`plays_with`), whether it is a King (:func:`counts_as_king`), what
its slayer takes (:func:`spoils`) and where its card goes after the deal
(:func:`monster_destination`: back into the deck when it won or tied, out
of the game when it lost; the Golem and Dragon age's Fire Dragon stay) are
read here by the table and by the showdown alike.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.cards.dungeon_poker import EncounterRules, soul_gems
from companion.cards.loader import GameCards
from companion.errors import CompanionError
from companion.events import Event
from companion.games.dungeon_poker import levels, state
from companion.games.dungeon_poker.decks import DECKS, record
from companion.games.dungeon_poker.events import MonsterCame
from companion.games.dungeon_poker.showdown_events import (
    NoSlayer,
    SharedKillWaits,
    SlayerDraws,
    SlayersTakeGems,
)
from companion.games.dungeon_poker.victory import victory
from companion.poker.hands import names_text
from companion.table import betting as table_betting
from companion.table.actions import find_copy, named_players
from companion.table.drawing import drawn_card
from companion.table.events import CardRef
from companion.table.model import CardCopy, DrawnCard, DrawResult, TableInfo
from companion.table.store import Transaction

# -- the monster card (M) in the main deck ------------------------------------------------


def draw_main(
    tx: Transaction,
    table: TableInfo,
    cards: GameCards,
    count: int,
    player: str | None,
    bottom: bool = False,
    *,
    record_it: bool = True,
    folded: Sequence[str] = (),
) -> DrawResult:
    """Main deck cards; the monster card (M) is revealed, replaced, and brings a monster
    (a friendly one gives its gift to the players of the deal but those ``folded``)."""
    drawn: list[DrawnCard] = []
    notes: list[str] = []
    got = 0
    markers: set[int] = set()
    while got < count:
        copy, took_notes = DECKS.take(tx, table, cards, "main", bottom=bottom)
        notes.extend(took_notes)
        if cards.get(copy.card_id).kind == "monster-marker":
            if copy.copy in markers:
                raise CompanionError(
                    "the main deck has no playing cards left, only the monster card (M): "
                    "start the next deal with 'companion table deal', which gathers every card"
                )
            markers.add(copy.copy)
            marker = tx.move(table, copy, "discard", where="top")
            drawn.append(
                drawn_card(
                    cards,
                    marker,
                    notes=[
                        "the monster card (M): revealed, replaced by the next card, and a monster comes"
                    ],
                )
            )
            monster = draw_monster(tx, table, cards, record_it=False, folded=folded)
            drawn.extend(monster)
            notes.extend(monster.notes)
            continue
        moved = tx.move(table, copy, "held" if player else "in_play", player)
        drawn.append(drawn_card(cards, moved, notes=took_notes))
        got += 1
    if record_it:
        record(tx, table, cards, "main", drawn, player, notes)
    return DrawResult(drawn, notes)


# -- a monster comes ----------------------------------------------------------------------


def draw_monster(
    tx: Transaction,
    table: TableInfo,
    cards: GameCards,
    *,
    summoned_by: str | None = None,
    showdown: bool = False,
    record_it: bool = True,
    bottom: bool = False,
    folded: Sequence[str] = (),
) -> DrawResult:
    """A monster comes to the table, with how many cards it plays and how many open.

    A friendly monster gives its gift to the players of the deal still in the pot:
    all but ``folded`` (those who had folded when it came)."""
    rules = levels.encounter_rules(tx, table, cards)
    if showdown and rules.showdown_monster is None:
        raise CompanionError(
            "only an encounter such as King's cave brings a monster at the showdown"
        )
    try:
        copy, notes = DECKS.take(tx, table, cards, "monsters", bottom=bottom)
    except CompanionError as exc:
        if tx.top(table, "monsters") is not None or "monster" not in exc.message:
            raise
        result = DrawResult([], [exc.message + ": no monster comes"])
        if record_it:
            record(tx, table, cards, "monsters", [], summoned_by, result.notes)
        return result
    model = cards.get(copy.card_id)
    if model.friendly:
        moved = tx.move(table, copy, "removed")
        said = [
            *notes,
            "friendly: it plays for no pot; it gives its gift, then it leaves the game",
            *_gifts(tx, table, cards, model, folded),
        ]
        card = drawn_card(cards, moved, notes=said, info={"friendly": True})
    else:
        moved = tx.move(table, copy, "in_play", summoned_by)
        card = place_in_play(
            tx,
            table,
            cards,
            moved,
            rules,
            summoned_by=summoned_by,
            showdown=showdown,
            notes=notes,
        )
        card = replace(card, notes=(*card.notes, *_road_toll(tx, table, cards, model)))
        # 000, Monsters: it plays all-in with no turn, so it calls every bet in the betting.
        table_betting.add_caller(tx, table)
        deal = state.current_deal(tx, table)
        if deal is not None and deal.get("cards") and not deal.get("settled"):
            # The table dealt this deal's cards: it deals the monster's too.
            card = replace(card, notes=(*card.notes, *deal_to(tx, table, cards, moved)))
    result = DrawResult([card], notes)
    if record_it:
        came = MonsterCame(CardRef.of(card), summoned_by, tuple(notes))
        tx.record(table, came, actor=summoned_by)
    return result


def _road_toll(tx: Transaction, table: TableInfo, cards: GameCards, model: Any) -> list[str]:
    """Appendix B, Baron: as he comes, every player pays the road toll into the pot or
    folds. On a table that runs the betting each player still in owes it on their next
    turn (:func:`companion.table.betting.demand_toll`); without it the dealer counts it
    in what each player put in at the showdown."""
    said: list[str] = []
    blind = levels.level_now(tx, table, cards).blind
    for e in model.effects:
        if e.when != "enter" or e.effect != "road-toll" or not e.blinds:
            continue
        toll = e.blinds * blind
        owing = table_betting.demand_toll(tx, table, toll, f"the {model.name}'s road toll")
        if owing:
            said.append(
                f"{names_text(owing)} pay {toll:,} gold into the pot on their next turn, "
                "before acting, or fold"
            )
    return said


def _gifts(
    tx: Transaction, table: TableInfo, cards: GameCards, model: Any, folded: Sequence[str]
) -> list[str]:
    """A friendly monster's gift to every player still in the pot: the Tree of Life's
    gold and the Lucky Elf's soul gems go on the table's counts."""
    out = {table.player(f) for f in named_players(folded)}
    still = [p for p in state.seated(tx, table) if p not in out]
    notes: list[str] = []
    for e in model.effects:
        if e.when != "enter" or e.effect not in ("gift-gold", "gift-soul-gem"):
            continue
        if not still:
            notes.append("nobody is still in the pot: nobody takes the gift")
            break
        if e.effect == "gift-gold":
            for p in still:
                state.add_gold(tx, table, p, int(e.gold))
            what = f"{int(e.gold):,} gold"
        else:
            state.gems_to_all(tx, table, still, int(e.amount or 1))
            what = soul_gems(e.amount or 1)
        takes = "takes" if len(still) == 1 else "take"
        each = " each" if len(still) > 1 else ""
        notes.append(f"{names_text(still)} {takes} {what} from the bank{each}")
    if notes and out:
        notes.append(f"{names_text(sorted(out, key=table.players.index))} had folded: no gift")
    won = victory(tx, table, cards)
    if notes and won is not None:
        notes.append(won.text)
    return notes


def place_in_play(
    tx: Transaction,
    table: TableInfo,
    cards: GameCards,
    copy: CardCopy,
    rules: Any,
    *,
    summoned_by: str | None = None,
    showdown: bool = False,
    notes: Sequence[str] = (),
    king: bool = False,
) -> DrawnCard:
    """Remember what a monster now in play plays with (cards, open cards, King) and say it."""
    model = cards.get(copy.card_id)
    showdown_drawn = bool(showdown and rules.showdown_monster is not None)
    plays = plays_with(model, rules, at_showdown=showdown_drawn)
    king = king or counts_as_king(model, rules, at_showdown=showdown_drawn)
    said = list(notes)
    if showdown_drawn:
        said.append("drawn at the showdown by the encounter")
    info: dict[str, Any] = {"plays": plays, "open": min(model.open_cards, plays), "king": king}
    if showdown_drawn:
        info["showdown"] = True
    if model.max_cards is not None:
        info["max_cards"] = model.max_cards
    if summoned_by:
        info["summoned_by"] = summoned_by
    said.insert(0, plays_words(info))
    for effect in model.effects:
        if effect.when == "enter" and effect.text:
            said.append(f"as it enters: {effect.text}")
    blind = levels.level_now(tx, table, cards).blind
    for effect in model.effects:
        if effect.blinds:
            when = {"enter": "road toll", "lose": "if it loses", "win": "if it wins"}
            said.append(
                f"{when.get(effect.when, effect.when)}: {effect.blinds} blind(s) = "
                f"{effect.blinds * blind:,} gold at this level"
            )
    monsters = dict(state.get(tx, table, "monsters", {}))
    monsters[str(copy.copy)] = info
    state.put(tx, table, "monsters", monsters)
    return drawn_card(cards, copy, notes=said, info=info)


def forget(tx: Transaction, table: TableInfo, copy: CardCopy) -> None:
    """The monster has left the table: forget what it played with."""
    monsters = dict(state.get(tx, table, "monsters", {}))
    if monsters.pop(str(copy.copy), None) is not None:
        state.put(tx, table, "monsters", monsters)


def monsters_in_play(tx: Transaction, table: TableInfo, cards: GameCards) -> list[DrawnCard]:
    """The monsters at the table now, with what they play with (``.info``)."""
    known = state.get(tx, table, "monsters", {})
    out = []
    for copy in tx.pile(table, "monsters", "in_play"):
        info = known.get(str(copy.copy), {})
        out.append(drawn_card(cards, copy, notes=[plays_words(info)] if info else [], info=info))
    return out


def playing(tx: Transaction, table: TableInfo, cards: GameCards) -> dict[str, CardCopy]:
    """The monsters in play that play this deal, by the name each goes by in a result
    ("Orc", "Orc 2"), in table order. The Golem is not in the game while the encounter
    stops passive abilities (Anti-magic zone, Long night)."""
    no_passives = levels.encounter_rules(tx, table, cards).no_passives
    found: dict[str, CardCopy] = {}
    seen: dict[str, int] = {}
    for copy in tx.pile(table, "monsters", "in_play"):
        model = cards.get(copy.card_id)
        if model.owner and no_passives:
            continue
        seen[model.name] = seen.get(model.name, 0) + 1
        found[model.name if seen[model.name] == 1 else f"{model.name} {seen[model.name]}"] = copy
    return found


def hand_holder(copy: CardCopy) -> str:
    """Who holds a monster's main deck cards at the table: the monster's own card."""
    return f"monster:{copy.copy}"


def hand_of(tx: Transaction, table: TableInfo, copy: CardCopy) -> list[CardCopy]:
    """The main deck cards a monster in play holds, in the order dealt."""
    return list(tx.pile(table, "main", "held", hand_holder(copy)))


def deal_to(tx: Transaction, table: TableInfo, cards: GameCards, copy: CardCopy) -> list[str]:
    """Deal a monster in play the cards it plays with and does not hold yet, as the
    dealer does after drawing it (000, Monsters); what the players may see is said:
    how many cards, and the open ones."""
    info = state.get(tx, table, "monsters", {}).get(str(copy.copy), {})
    need = int(info.get("plays", 0)) - len(hand_of(tx, table, copy))
    if need <= 0:
        return []
    got = draw_main(tx, table, cards, need, hand_holder(copy), record_it=False)
    held = hand_of(tx, table, copy)
    shown = [cards.get(c.card_id).name for c in held[: int(info.get("open", 0))]]
    name = cards.get(copy.card_id).name
    said = f"{name}: {len(held)} card{'s' if len(held) != 1 else ''} dealt"
    said += f", open: {', '.join(shown)}" if shown else ", face down"
    return [*got.notes, said]


def showdown_entries(
    tx: Transaction, table: TableInfo, cards: GameCards, *, hands: bool = False
) -> list[dict[str, Any]]:
    """The monsters that play as a showdown file lists them (``monsters:``), in table
    order; with ``hands``, the cards the table dealt them."""
    known = state.get(tx, table, "monsters", {})
    out: list[dict[str, Any]] = []
    for label, copy in playing(tx, table, cards).items():
        model = cards.get(copy.card_id)
        info = known.get(str(copy.copy), {})
        entry: dict[str, Any] = {"name": copy.card_id}
        if label != model.name:
            entry["label"] = label
        held = hand_of(tx, table, copy)
        if hands and held:
            entry["hand"] = [c.card_id for c in held]  # a main deck card's id is its notation
        if copy.holder and not model.owner:
            entry["summoned_by"] = copy.holder
        if info.get("showdown"):
            entry["drawn_at_showdown"] = True
        if info.get("bargain"):
            entry["king"] = True
        out.append(entry)
    return out


def plays_words(info: dict[str, Any]) -> str:
    """What a monster plays with, in words ('plays with 3 cards, 1 of them open; King Monster')."""
    if not info:
        return ""
    plays, shown = info.get("plays", 0), info.get("open", 0)
    if not plays and info.get("max_cards"):
        text = f"plays with the cards passed to it (at most {info['max_cards']})"
        return text + ("; King Monster" if info.get("king") else "")
    text = f"plays with {plays} card{'s' if plays != 1 else ''}"
    if shown:
        text += f", {shown} of them open" if shown < plays else ", all open"
    if info.get("king"):
        text += "; King Monster"
    return text


# -- what a monster is: its cards, King status (the table's and the showdown's rule) -------------


def plays_with(model: Any, rules: EncounterRules, *, at_showdown: bool = False) -> int:
    """Cards a monster plays with: its own, the encounter's extra, King's cave's extra for
    the monster drawn at the showdown; Happy the Clown never more than it may hold.

    >>> from types import SimpleNamespace as N
    >>> from companion.cards.dungeon_poker import EncounterRules, ShowdownMonster
    >>> orc = N(cards=2, max_cards=None)
    >>> cave = EncounterRules(showdown_monster=ShowdownMonster(extra_cards=1))
    >>> plays_with(orc, EncounterRules()), plays_with(orc, cave, at_showdown=True)
    (2, 3)
    """
    plays = int(model.cards) + int(rules.monster_extra_cards)
    if at_showdown and rules.showdown_monster is not None:
        plays += int(rules.showdown_monster.extra_cards)
    if model.max_cards is not None:
        plays = min(plays, int(model.max_cards))
    return plays


def counts_as_king(model: Any, rules: EncounterRules, *, at_showdown: bool = False) -> bool:
    """A King Monster never hands over what it wins: the card says so (the Baron), or
    the encounter makes every monster one (War mongering; a player's own monster, the
    Golem, stays its owner's), or it is King's cave's monster drawn at the showdown."""
    cave = rules.showdown_monster
    return bool(
        model.king
        or (rules.king_monsters and model.owner is None)
        or (at_showdown and cave is not None and cave.king)
    )


# -- after the deal ---------------------------------------------------------------------------


def find_in_play(
    tx: Transaction, table: TableInfo, cards: GameCards, monster: str | None, purpose: str
) -> CardCopy:
    """The monster in play called ``monster``; without a name, the only one that plays."""
    in_play = tx.pile(table, "monsters", "in_play")
    if monster is not None:
        return find_copy(tx, table, cards, "monsters", monster, ("in_play",), purpose=purpose)
    playing = [c for c in in_play if not stays(tx, table, cards, c)] or in_play
    if len(playing) != 1:
        names = ", ".join(cards.get(c.card_id).name for c in playing) or "none"
        raise CompanionError(f"say which monster with --monster (in play: {names})")
    return playing[0]


def leaves(
    tx: Transaction, table: TableInfo, cards: GameCards, copy: CardCopy, outcome: str
) -> DrawnCard:
    """Move a monster's card after its deal (the showdown's rule); notes say where."""
    model = cards.get(copy.card_id)
    where = monster_destination(model, outcome, exploded=outcome != "killed")
    if where == "aside" and stays(tx, table, cards, copy):
        where = "stays"
    if where == "stays":
        return drawn_card(cards, copy, notes=[f"{model.name} is back at the next deal"])
    forget(tx, table, copy)
    if where == "deck":
        moved = tx.move(table, copy, "draw")
        DECKS.shuffle(tx, table, "monsters")
        said = f"{model.name} goes back into the monster deck, which is shuffled"
    elif where == "aside":
        moved = tx.move(table, copy, "aside")
        said = f"{model.name} goes back to the side"
    else:
        moved = tx.move(table, copy, "removed")
        if where == "exploded":
            said = f"{model.name} explodes and leaves the game"
        elif outcome == "side-pot":
            said = f"{model.name} {SIDE_POT_FATE}"
        else:
            said = f"{model.name} is slain and leaves the game"
    return drawn_card(cards, moved, notes=[said])


def stays(tx: Transaction, table: TableInfo, cards: GameCards, copy: CardCopy) -> bool:
    """The Golem returns every deal; the Dragon age dragon too while its encounter lasts."""
    model = cards.get(copy.card_id)
    if model.owner:
        return True
    return bool(levels.encounter_rules(tx, table, cards).deal_monster == model.id)


def check_none_to_judge(tx: Transaction, table: TableInfo, cards: GameCards, by: str) -> None:
    """Refuse to settle a deal by ``by`` (``table win``, ``table tie``) while a monster that
    leaves after its deal is still in play: a monster plays every deal to its showdown
    (000, Monsters), and only a showdown or ``table monster-result`` says where it goes.
    The Golem and Dragon age's dragon, back at the next deal whatever happens, do not stop it."""
    waiting = [
        label
        for label, copy in playing(tx, table, cards).items()
        if not stays(tx, table, cards, copy)
    ]
    if waiting:
        which = f" --monster '{waiting[0]}'" if len(waiting) > 1 else ""
        raise CompanionError(
            f"{by}: {names_text(waiting)} {'is' if len(waiting) == 1 else 'are'} still in play, "
            "and a monster plays the deal to the showdown: settle it with 'companion table "
            f"showdown', or first 'companion table monster-result lost{which} --slayer WINNER'"
        )


@dataclass(frozen=True)
class Spoils:
    """What the slayer of a monster takes (000, Fire Dragon, Genie): treasures and soul gems."""

    treasures: int = 0
    soul_gems: int = 0


def spoils(model: Any) -> Spoils:
    """The slayer's rewards printed on a monster card."""
    treasures = gems = 0
    for e in model.effects:
        if e.when != "slain":
            continue
        if e.effect == "extra-treasure":
            treasures += e.amount or 1
        elif e.effect == "soul-gem-to-slayer":
            gems += e.amount or 1
    return Spoils(treasures, gems)


@dataclass(frozen=True)
class Rewards:
    """What slain monsters' slayers take: treasures each draws, treasures that wait (a
    shared kill), soul gems each takes from the bank."""

    treasures: Mapping[str, int] = field(default_factory=dict)
    waiting: int = 0
    soul_gems: Mapping[str, int] = field(default_factory=dict)
    events: tuple[Event, ...] = ()

    def __add__(self, other: Rewards) -> Rewards:
        return Rewards(
            added(self.treasures, other.treasures),
            self.waiting + other.waiting,
            added(self.soul_gems, other.soul_gems),
            self.events + other.events,
        )


def added(*counts: Mapping[str, int]) -> dict[str, int]:
    """Counts per player summed (treasures, soul gems, gold a rule moves).

    >>> added({"ann": 1}, {"ann": 1, "bob": 2})
    {'ann': 2, 'bob': 2}
    """
    out: dict[str, int] = {}
    for more in counts:
        for k, v in more.items():
            out[k] = out.get(k, 0) + v
    return out


def rewards(
    monster: str, promised: Spoils, slayers: Sequence[str], *, spoil_declared: bool = False
) -> Rewards:
    """What the slayers of ``monster`` (a card's name) take of what its card promises: one
    slayer draws its treasures, a kill shared by several leaves them waiting for the next
    deal (decisions.md, Pots and showdowns), each slayer takes its soul gems. One rule for
    the showdown and for ``table monster-result`` (``--slayer`` for each who shared it)."""
    treasures: dict[str, int] = {}
    gems: dict[str, int] = {}
    waiting = 0
    events: list[Event] = []
    if promised.treasures:
        amount = promised.treasures
        if len(slayers) == 1:
            treasures[slayers[0]] = amount
            events.append(SlayerDraws(slayers[0], monster, amount, spoil_declared))
        elif slayers:
            waiting = amount
            events.append(SharedKillWaits(tuple(slayers), monster, amount))
        else:
            events.append(NoSlayer(monster, amount, "treasures"))
    if promised.soul_gems:
        for s in slayers:
            gems[s] = gems.get(s, 0) + promised.soul_gems
        if slayers:
            events.append(SlayersTakeGems(tuple(slayers), monster, promised.soul_gems))
        else:
            events.append(NoSlayer(monster, promised.soul_gems, "soul gems"))
    return Rewards(treasures, waiting, gems, tuple(events))


def opens_next_level(model: Any) -> bool:
    """The Astral Warlock: its win moves the party on to the next level."""
    return any(e.when == "win" and e.effect == "next-level" for e in model.effects)


SIDE_POT_FATE = "won only a side pot: it is slain all the same, and takes that pot out of the game"
"""A monster that wins a side pot but not the main pot did not win the deal, so it dies
(000, Monsters); the side pot it won leaves the game with it. The showdown and the
table say it in these words."""


def monster_destination(card: Any, outcome: str, *, exploded: bool = True) -> str:
    """Where a monster's card goes after the deal (000, Monsters): one rule for both paths.

    ``stays`` (a player's own monster, the Golem), ``exploded`` (the Gnome
    Lunatic, win or lose, when it played), ``aside`` (a card kept out of the
    monster deck, Dragon age's dragon), ``deck`` (it won or tied: shuffled
    back) or ``removed`` (it lost, won only a side pot, or was killed).

    >>> from types import SimpleNamespace as N
    >>> orc = N(owner=None, set_aside=False, effects=[])
    >>> [monster_destination(orc, o) for o in ("won", "tied", "side-pot", "lost")]
    ['deck', 'deck', 'removed', 'removed']
    """
    if card.owner is not None:
        return "stays"
    if exploded and any(e.when == "showdown" and e.effect == "explodes" for e in card.effects):
        return "exploded"
    if card.set_aside:
        return "aside"
    if outcome in ("won", "tied"):
        return "deck"
    return "removed"
