"""Treasures: the winner's draw, treasures waiting after a tie, selling, cashing, using.

The rulebook's chapter on treasures, as the table applies it: the winner of
a deal draws the top treasure (more in King's cave, and those left waiting
by tied deals); sudden effects are resolved at once and leave the game;
gold and soul gem treasures may be cashed at once or kept for the treasure
victory; a legendary artifact comes with its one-minor-artifact rule; a
treasure sold, cashed or used (one-use artifacts) leaves the game and no
longer counts. Treasures that act on monsters do it here: the Summon
Monster Scroll draws a monster for its user, the Crystal Dagger kills one
(its slayer takes the Fire Dragon's treasure). The Undeath Amulet is never
used by an action: it acts when its holder dies
(:mod:`~companion.games.dungeon_poker.deaths`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.cards.dungeon_poker import soul_gems
from companion.cards.loader import GameCards
from companion.errors import CompanionError
from companion.events import Event, sentence
from companion.games.dungeon_poker import dealt, encounters, levels, monsters, state
from companion.games.dungeon_poker.decks import DECKS, record, refs
from companion.games.dungeon_poker.events import (
    DealTied,
    DealWon,
    TreasureCashed,
    TreasureClaimed,
    TreasureParted,
    TreasureSacrificed,
    TreasureSold,
    TreasureUsed,
)
from companion.games.dungeon_poker.showdown_events import (
    AmbushTreasure,
    DealTiedTreasuresWait,
    NobodyWins,
    TreasuresDrawn,
    TreasuresLost,
    TreasureSpoiled,
    TreasuresWaitFromEarlier,
)
from companion.games.dungeon_poker.victory import victory
from companion.poker.hands import names_text
from companion.table.actions import find_copy
from companion.table.drawing import drawn_card
from companion.table.events import CardRef
from companion.table.model import CardCopy, DrawnCard, DrawResult, TableInfo
from companion.table.store import Transaction

# -- drawing treasures ------------------------------------------------------------------------


def draw_treasures(
    tx: Transaction,
    table: TableInfo,
    cards: GameCards,
    player: str | None,
    count: int,
    *,
    bottom: bool = False,
    record_it: bool = True,
    partial: bool = False,
) -> DrawResult:
    """Treasures for ``player``: sudden effects resolve and leave the game, others are kept.

    ``partial``: an empty treasure deck ends the draw with a note instead of an error.
    """
    drawn: list[DrawnCard] = []
    notes: list[str] = []
    for _ in range(count):
        try:
            copy, took = DECKS.take(tx, table, cards, "treasures", bottom=bottom)
        except CompanionError as exc:
            if not partial:
                raise
            notes.append(exc.message)
            break
        notes.extend(took)
        drawn.append(_place_treasure(tx, table, cards, copy, player, took))
    if record_it:
        record(tx, table, cards, "treasures", drawn, player, notes)
    return DrawResult(drawn, notes)


def _place_treasure(
    tx: Transaction,
    table: TableInfo,
    cards: GameCards,
    copy: CardCopy,
    player: str | None,
    notes: list[str],
) -> DrawnCard:
    model = cards.get(copy.card_id)
    said = list(notes)
    if model.treasure_class == "sudden":
        moved = tx.move(table, copy, "removed")
        said.append("sudden effect: resolve it now; the card leaves the game")
        if getattr(model, "blinds", None):
            blind = levels.level_now(tx, table, cards).blind
            said.append(f"{model.blinds} blinds = {model.blinds * blind:,} gold at this level")
        if player is not None:
            said.extend(_move_counts(tx, table, cards, model, player))
        if model.effect == "teleport":
            said.extend(_teleport(tx, table, cards, model.name))
        if model.effect == "pit-trap" and player is not None:
            dealt.sit_out_next(tx, table, [player], model.name)
            said.append(f"{player} sits out the next deal: no cards, blinds still due")
        return drawn_card(cards, moved, notes=said)
    moved = tx.move(table, copy, "held" if player else "in_play", player)
    if model.cash is not None:
        said.append(
            f"cash it now for {cash_words(model.cash)} without an action, or keep it for the "
            "treasure victory"
        )
    if model.treasure_class == "legendary":
        said.append(
            "legendary: keep it and give up all other artifacts but one minor one, "
            f"or let the bank claim it for {model.salvage} gold ('companion table claim')"
        )
    return drawn_card(cards, moved, notes=said)


def gold_it_moves(model: Any, blind: int, *, sold: bool = False) -> int:
    """The gold a treasure gives its holder (taken from them when negative) as it acts:
    cashed, sold or used for its gold (Big Pile of Gold, Royal Chest, Demon's
    Bargain), a price in blinds (the Chest Monster eats three), or sold to the bank for
    its salvage price. Gold a treasure puts into the pot (the Spyglass) is not here: it
    is part of what its holder puts in at the showdown.

    >>> from types import SimpleNamespace as N
    >>> pile = N(cash=N(gold=1000), salvage=0, effect="cash", blinds=None, gold=None)
    >>> chest = N(cash=None, salvage=0, effect="chest-monster", blinds=3, gold=None)
    >>> plate = N(cash=None, salvage=500, effect="full-plate", blinds=None, gold=None)
    >>> gold_it_moves(pile, 200), gold_it_moves(chest, 200), gold_it_moves(plate, 200, sold=True)
    (1000, -600, 500)
    """
    if model.cash is not None:
        return int(model.cash.gold)
    if sold:
        return int(model.salvage)
    if model.effect == "chest-monster":
        return -int(model.blinds) * blind
    if model.effect == "gain-blinds":
        return int(model.blinds) * blind
    if model.effect == "demons-bargain":
        return int(model.gold)
    return 0


def gems_it_moves(model: Any, *, sold: bool = False) -> int:
    """The soul gems a treasure gives its holder as it acts: cashed (the Soul Chest), a
    sudden effect (the Soul Cave's two), or used for them (the Demon's Bargain); an
    artifact sold to the bank brings gold only.

    >>> from types import SimpleNamespace as N
    >>> chest = N(cash=N(gold=0, soul_gems=1), effect="cash", soul_gems=None)
    >>> cave = N(cash=None, effect="soul-cave", soul_gems=2)
    >>> bargain = N(cash=None, effect="demons-bargain", soul_gems=1)
    >>> gems_it_moves(chest), gems_it_moves(cave), gems_it_moves(bargain, sold=True)
    (1, 2, 0)
    """
    if model.cash is not None:
        return int(model.cash.soul_gems)
    if sold:
        return 0
    if model.effect in ("soul-cave", "demons-bargain"):
        return int(model.soul_gems or 0)
    return 0


def _move_counts(
    tx: Transaction, table: TableInfo, cards: GameCards, model: Any, who: str, *, sold: bool = False
) -> list[str]:
    """Move the gold and soul gems a treasure gives or takes on the table's counts; say so."""
    return [
        *_move_gold(tx, table, cards, model, who, sold=sold),
        *gems_taken(tx, table, who, gems_it_moves(model, sold=sold)),
    ]


def gems_taken(tx: Transaction, table: TableInfo, who: str, amount: int) -> list[str]:
    """``who`` takes ``amount`` soul gems from the bank, on the table's count; said so."""
    if not amount:
        return []
    now = state.add_gems(tx, table, who, amount)
    said = f"{who} takes {soul_gems(amount)} from the bank"
    return [said if now is None else f"{said}: {soul_gems(now)} now"]


def _move_gold(
    tx: Transaction, table: TableInfo, cards: GameCards, model: Any, who: str, *, sold: bool = False
) -> list[str]:
    """Move the gold a treasure gives or takes on the table's count; say so."""
    amount = gold_it_moves(model, levels.level_now(tx, table, cards).blind, sold=sold)
    if not amount:
        return []
    now = state.add_gold(tx, table, who, amount)
    said = (
        f"{who} takes {amount:,} gold from the bank"
        if amount > 0
        else f"{who} pays {-amount:,} gold to the bank"
    )
    if now is None:
        return [said]
    if now == 0:
        return [f"{said} and has no gold left"]
    return [f"{said}: {now:,} gold now"]


def cash_words(cash: Any) -> str:
    """What a gold or soul gem treasure is worth at the bank, in words."""
    parts = []
    if cash.gold:
        parts.append(f"{cash.gold} gold")
    if cash.soul_gems:
        parts.append(soul_gems(cash.soul_gems))
    return " and ".join(parts) or "nothing"


# -- the winner's treasures, and those left waiting -------------------------------------------


def treasures_for(per_win: int, waiting: int, *, first: bool) -> int:
    """Treasures one winner of the deal draws: the deal's own (``per_win``: one, two in
    King's cave) and, for the first winner (board 1 under Two front war), those left
    waiting by earlier deals. The showdown counts them so too.

    >>> treasures_for(1, 2, first=True), treasures_for(1, 2, first=False)
    (3, 1)
    """
    return per_win + (waiting if first else 0)


@dataclass(frozen=True)
class BoardWin:
    """Who won the deal on one board: its main pot's winners; for a single winner, the
    player who draws its treasures (``payee``; None: a monster keeps all it wins) and
    whether by Beast mastery. ``board`` is its number when there are several boards."""

    board: int | None
    winners: tuple[str, ...]
    payee: str | None = None
    beast: bool = False


@dataclass(frozen=True)
class TreasureShare:
    """The deal's treasures: how many each player draws, how many wait for the next deal."""

    drawn: Mapping[str, int] = field(default_factory=dict)
    waiting: int = 0
    events: tuple[Event, ...] = ()


def share(
    per_win: int,
    waiting: int,
    boards: Sequence[BoardWin],
    *,
    spoiler: str | None = None,
    ambush: str | None = None,
) -> TreasureShare:
    """Who draws the deal's treasures (``per_win`` a winner, those ``waiting`` from earlier
    deals for the first board's), or how many wait: one rule for the showdown and for the
    table's corrections (``table win``, ``table tie``)."""
    drawn: dict[str, int] = {}
    events: list[Event] = []
    left = 0
    if waiting:
        events.append(TreasuresWaitFromEarlier(waiting))
    stolen = 0
    if ambush is not None and per_win:
        # The Rogue drew the top treasure during the deal: one of this deal's is gone.
        drawn[ambush] = drawn.get(ambush, 0) + 1
        events.append(AmbushTreasure(ambush))
        stolen = 1
    for n, board in enumerate(boards):
        count = treasures_for(per_win, waiting - stolen, first=n == 0)
        if count == 0:
            continue
        if not board.winners:
            left += count
            events.append(NobodyWins(board.board, count))
            continue
        if len(board.winners) > 1:
            left += count
            events.append(DealTiedTreasuresWait(board.board, board.winners, count))
            continue
        winner = board.winners[0]
        target = board.payee
        if target is None:
            events.append(TreasuresLost(board.board, winner, count))
            continue
        if spoiler is not None and target != spoiler:
            events.append(TreasureSpoiled(spoiler, target, count))
            continue
        drawn[target] = drawn.get(target, 0) + count
        events.append(TreasuresDrawn(board.board, winner, target, count, board.beast))
    return TreasureShare(drawn, left, tuple(events))


def win(tx: Transaction, table: TableInfo, cards: GameCards, winners: Sequence[str]) -> DrawResult:
    """A correction: the deal's winner(s) draw their treasures as the showdown shares them
    (:func:`share`): one each or as the encounter says, those left from tied deals to the
    first winner; more winners than boards is a split pot, and the treasures wait."""
    who = [table.player(w) for w in winners]
    if not who:
        raise CompanionError("name the winner(s) of the deal")
    twice = sorted({w for w in who if who.count(w) > 1})
    if twice:
        raise CompanionError(f"{names_text(twice)} named twice: each winner is named once")
    out = set(state.players_out(tx, table))
    for w in who:
        if w in out:
            raise CompanionError(f"{w} is out of the game and cannot win a deal")
    deal = state.deal_to_settle(tx, table)
    if deal is not None:  # a table that counts its deals knows the monster is in this one
        monsters.check_none_to_judge(tx, table, cards, "table win")
    state.mark_settled(tx, table, deal, "table win")
    rules = levels.encounter_rules(tx, table, cards)
    if len(who) > rules.boards:  # a split pot (Appendix F, "Ties and kickers")
        boards = [BoardWin(None, tuple(who))]
    else:
        several = rules.boards > 1
        boards = [BoardWin(i + 1 if several else None, (w,), w) for i, w in enumerate(who)]
    shared = _shared(tx, table, cards, boards)
    drawn, notes = _draw_shared(tx, table, cards, shared)
    said = [sentence(e) for e in shared.events]
    if len(who) > rules.boards:
        tied = DealTied(shared.waiting, tuple(who), shared.events)
        tx.record(table, tied)
        return DrawResult([], [sentence(tied), *said])
    event = DealWon(tuple(who), refs(drawn), tuple(notes), events=shared.events)
    tx.record(table, event, actor=who[0] if len(who) == 1 else None)
    return DrawResult(drawn, [*notes, *said])


def _shared(
    tx: Transaction, table: TableInfo, cards: GameCards, boards: Sequence[BoardWin]
) -> TreasureShare:
    """The deal's treasures shared among ``boards``' winners, as the showdown shares them;
    what waits is what the table keeps waiting now."""
    per_win = int(levels.encounter_rules(tx, table, cards).treasures_per_win)
    shared = share(per_win, int(state.get(tx, table, "carried", 0)), boards)
    state.put(tx, table, "carried", shared.waiting)
    return shared


def _draw_shared(
    tx: Transaction, table: TableInfo, cards: GameCards, shared: TreasureShare
) -> tuple[list[DrawnCard], list[str]]:
    """Each player draws the treasures the share gives them (an empty deck ends the draw)."""
    drawn: list[DrawnCard] = []
    notes: list[str] = []
    for player, count in shared.drawn.items():
        got = draw_treasures(tx, table, cards, player, count, record_it=False, partial=True)
        drawn.extend(got)
        notes.extend(n for n in got.notes if n not in notes)
    return drawn, notes


@dataclass(frozen=True)
class TreasuresWaiting:
    """How many treasures wait on the table for the next deal's winner."""

    count: int

    def to_json(self) -> dict[str, Any]:
        return {"carried_treasures": self.count}


def tie(tx: Transaction, table: TableInfo, cards: GameCards, players: Sequence[str] = ()) -> int:
    """A correction: a tied deal (between ``players``; everyone in the deal if none is
    named): the deal's treasures wait for the next winner, as the showdown shares them."""
    named = [table.player(p) for p in players] or state.seated(tx, table) or list(table.players)
    deal = state.deal_to_settle(tx, table)
    if deal is not None:  # a table that counts its deals knows the monster is in this one
        monsters.check_none_to_judge(tx, table, cards, "table tie")
    state.mark_settled(tx, table, deal, "table tie")
    shared = _shared(tx, table, cards, [BoardWin(None, tuple(named))])
    tx.record(table, DealTied(shared.waiting, (), shared.events))
    return shared.waiting


def wait(tx: Transaction, table: TableInfo, cards: GameCards) -> int:
    """The deal's treasure(s) wait on the table; how many wait now."""
    per_win = int(levels.encounter_rules(tx, table, cards).treasures_per_win)
    carried = int(state.get(tx, table, "carried", 0)) + per_win
    state.put(tx, table, "carried", carried)
    return carried


def reward_slayer(
    tx: Transaction, table: TableInfo, cards: GameCards, model: Any, slayers: Sequence[str]
) -> tuple[list[DrawnCard], list[str], tuple[Event, ...]]:
    """The slayers of a monster take what its card promises, as the showdown shares it
    (:func:`~companion.games.dungeon_poker.monsters.rewards`): the one slayer draws the
    Fire Dragon's treasure (a shared kill leaves it waiting), each takes the Genie's soul
    gem (on the table's count)."""
    promised = monsters.spoils(model)
    if not promised.treasures and not promised.soul_gems:
        return [], [], ()
    got = monsters.rewards(model.name, promised, slayers)
    drawn: list[DrawnCard] = []
    notes: list[str] = [sentence(e) for e in got.events]
    if promised.treasures and not slayers:
        notes.append(f"name the slayer (--slayer) to draw the {model.name}'s treasure")
    for slayer, count in got.treasures.items():
        taken = draw_treasures(tx, table, cards, slayer, count, record_it=False, partial=True)
        drawn.extend(taken)
        notes.extend(f"{slayer} draws the {model.name}'s treasure: {d.name}" for d in taken)
        notes.extend(taken.notes)
    if got.waiting:
        state.put(tx, table, "carried", int(state.get(tx, table, "carried", 0)) + got.waiting)
    for slayer, gems in got.soul_gems.items():
        notes.extend(gems_taken(tx, table, slayer, gems))
    return drawn, notes, got.events


# -- selling, cashing and using ---------------------------------------------------------------


def sell(
    tx: Transaction,
    table: TableInfo,
    cards: GameCards,
    player: str,
    ref: str,
    *,
    use: bool = False,
    target: str | None = None,
) -> DrawnCard:
    """Sell (or cash) a treasure to the bank, or use one: a one-use artifact leaves the game.

    Artifacts that act on monsters do it here: the Summon Monster Scroll
    draws a monster that fights for its user; the Crystal Dagger kills the
    monster named by ``target`` (its slayer takes the Fire Dragon's treasure).
    """
    who = table.player(player)
    if target is not None and not use:
        raise CompanionError("--monster names the monster a used treasure acts on")
    copy = find_copy(
        tx, table, cards, "treasures", ref, ("held",), who, purpose="used" if use else "sold"
    )
    model = cards.get(copy.card_id)
    notes: list[str] = []
    if use and model.cash is None and levels.encounter_rules(tx, table, cards).no_artifacts:
        encounter = levels.encounter(tx, table, cards)
        raise CompanionError(
            f"artifacts do not work during {encounter.name if encounter else 'this encounter'}: "
            f"{model.name} cannot be used (a gold or soul gem treasure can still be cashed)"
        )
    if use and model.activation == "automatic":
        raise CompanionError(
            f"{model.name} is never used by an action: it acts by itself "
            "(when the character runs out of gold at a table showdown, or 'companion table death')"
        )
    if use and not model.one_use:
        if model.activation in ("passive", "automatic", "none"):
            raise CompanionError(
                f"{model.name} is not used by an action: it works by itself while held"
            )
        notes.append(f"{model.name} stays with {who}")
        if model.effect == "spyglass":
            notes.append(
                f"{who} pays {model.gold} gold into the pot: it counts in what {who} puts in "
                "at the showdown"
            )
        result = drawn_card(cards, copy, notes=notes)
        tx.record(
            table, TreasureUsed(who, CardRef.of(result), kept=True), actor=who, undoable=False
        )
        return result
    kill = None
    if use and model.effect == "crystal-dagger":
        if target is None:
            names = ", ".join(
                cards.get(c.card_id).name for c in tx.pile(table, "monsters", "in_play")
            )
            raise CompanionError(
                f"name the monster the {model.name} kills with --monster (in play: {names or 'none'})"
            )
        kill = find_copy(tx, table, cards, "monsters", target, ("in_play",), purpose="killed")
    moved = tx.move(table, copy, "removed")
    if use and model.effect == "summon-monster":
        came = monsters.draw_monster(tx, table, cards, summoned_by=who, record_it=False)
        for m in came:
            notes.append(
                f"{m.name} comes to fight for {who}" + (f" ({m.notes[0]})" if m.notes else "")
            )
        notes.extend(came.notes)
    if kill is not None:
        notes.extend(_kill(tx, table, cards, kill, who))
    if use and model.effect == "destroy-pot-gold":
        if state.declare(tx, table, "explosive_potion", who):
            notes.append(
                f"{model.gold} gold of the pot goes up in smoke: this deal's table showdown "
                "takes it out"
            )
        else:
            notes.append(
                f"{model.gold} gold of the pot goes up in smoke (no deal is under way at the "
                "table: a showdown file says so with declared: explosive_potion)"
            )
    parted: type[TreasureParted]
    if use:
        notes.append("sacrificed: it leaves the game and no longer counts as a treasure")
        if model.effect == "teleport":
            notes.extend(_teleport(tx, table, cards, model.name))
        parted = TreasureSacrificed
    elif model.cash is not None:
        notes.append(f"cashed for {cash_words(model.cash)}")
        parted = TreasureCashed
    else:
        notes.append(f"sold to the bank for {model.salvage} gold")
        parted = TreasureSold
    notes.extend(_move_counts(tx, table, cards, model, who, sold=not use))
    won = victory(tx, table, cards)
    if won is not None:
        notes.append(won.text)
    tx.record(table, parted(who, CardRef.of(moved, model.name)), actor=who)
    return drawn_card(cards, moved, notes=notes)


def claim(tx: Transaction, table: TableInfo, cards: GameCards, player: str, ref: str) -> DrawnCard:
    """``table claim``: the bank claims an artifact under the legendary-artifact rule (000,
    Artifacts): the legendary one its finder does not keep, or the artifacts given up for
    it. It pays the salvage price alone, never what selling or cashing pays (a claimed Big
    Pile of Gold brings nothing), and the card leaves the game."""
    who = table.player(player)
    copy = find_copy(tx, table, cards, "treasures", ref, ("held",), who, purpose="claimed")
    model = cards.get(copy.card_id)
    legendary = [
        c
        for c in tx.pile(table, "treasures", "held", who)
        if cards.get(c.card_id).treasure_class == "legendary"
    ]
    if not legendary:
        raise CompanionError(
            f"the bank claims only under the legendary-artifact rule, and {who} holds no "
            f"legendary artifact: {model.name} can be sold or cashed ('companion table sell')"
        )
    moved = tx.move(table, copy, "removed")
    notes = [f"claimed by the bank for its salvage price, {model.salvage:,} gold"]
    if model.salvage:
        now = state.add_gold(tx, table, who, int(model.salvage))
        if now is not None:
            notes.append(f"{who} takes {model.salvage:,} gold from the bank: {now:,} gold now")
    won = victory(tx, table, cards)
    if won is not None:
        notes.append(won.text)
    tx.record(table, TreasureClaimed(who, CardRef.of(moved, model.name)), actor=who)
    return drawn_card(cards, moved, notes=notes)


def _teleport(tx: Transaction, table: TableInfo, cards: GameCards, name: str) -> list[str]:
    """The Scroll of Teleport and the Teleport Trap end the level at once: the next level
    and its encounter open now, and apply straight away (Appendix C); the table's clock
    follows, as after the Astral Warlock's win."""
    change = encounters.open_level_now(tx, table, cards)
    return [
        f"{name}: the level ends; level {change.level} opens now (blind {change.blind})"
        + (f", encounter {change.encounter.name}" if change.encounter else ""),
        *change.notes,
    ]


def _kill(
    tx: Transaction, table: TableInfo, cards: GameCards, copy: CardCopy, slayer: str
) -> list[str]:
    """A monster killed during the deal: gone (the Golem for this deal only), slayer's rewards."""
    model = cards.get(copy.card_id)
    if model.owner:
        return [f"the {model.name} is out for this deal and returns at the next one"]
    moved = monsters.leaves(tx, table, cards, copy, "killed")
    _, rewards, _ = reward_slayer(tx, table, cards, model, [slayer])
    return [f"{slayer} kills the {model.name}", *moved.notes, *rewards]
