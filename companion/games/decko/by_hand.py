"""Help for the jokers and cards the table does not run by itself: loans, draws,
discards, chips moved by hand, a Stud round's face-up cards, the TCG's take.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.bounds import MAX_CHIPS, check_range
from companion.errors import CompanionError
from companion.games.decko.events import (
    CardsShown,
    ChipsFromPlayer,
    ChipsToHouse,
    Discarded,
    Drew,
    TakesFromBurnPile,
)
from companion.games.decko.mat import (
    STUD_CARDS,
    DeckoEvent,
)
from companion.games.decko.play import open_play
from companion.games.decko.sets import (
    HAND_LIMIT,
)
from companion.table.model import TableInfo
from companion.table.store import Transaction


def loan(tx: Transaction, table: TableInfo, player: str) -> DeckoEvent:
    """Loans: a loan is taken only when an action is short of chips, and that action is
    then completed; the actions take it themselves, so asked for alone it is refused."""
    open_play(tx, table)
    who = table.player(player)
    raise CompanionError(
        f"a loan comes only with an action {who} has too few chips for: a raise, a call or a "
        "joker takes the loans it needs by itself, as the blind bet and the ante do"
    )


def draw_cards(tx: Transaction, table: TableInfo, player: str, count: int = 1) -> DeckoEvent:
    """Draw from one's own draw pile into the hand (a joker or a junk food card says so)."""
    play = open_play(tx, table)
    who = table.player(player)
    if count < 1:
        raise CompanionError(f"draw at least one card, not {count}")
    drawn, _ = play.draw(who, count)
    play.emit(Drew(who, len(drawn)))
    return play.finish("draw", who, count=len(drawn))


def discard_cards(
    tx: Transaction, table: TableInfo, player: str, cards: Sequence[str]
) -> DeckoEvent:
    """Put cards of the hand on top of one's discard pile (Mulligan, junk food, ...)."""
    play = open_play(tx, table)
    who = table.player(player)
    seat = play.mat.seats[who]
    if not cards:
        raise CompanionError("name the cards to discard")
    for text in cards:
        ref = play.find(who, "hand", text)
        seat.hand.remove(ref)
        seat.discard.insert(0, ref)
        play.emit(Discarded(who, play.name(ref)))
    return play.finish("discard", who, count=len(cards))


def move_chips(
    tx: Transaction,
    table: TableInfo,
    player: str,
    chips: int,
    why: str,
    source: str | None = None,
) -> DeckoEvent:
    """Chips a joker or card pays a player: from the house, or from ``source`` (another
    player: the Gun, Robin, the Taxman); negative chips go to the house."""
    check_range("chips", chips, -MAX_CHIPS, MAX_CHIPS)
    play = open_play(tx, table)
    who = table.player(player)
    reason = why or "a card or joker"
    moved = chips
    if source is not None:
        giver = table.player(source)
        if chips < 0 or giver == who:
            raise CompanionError("chips from another player are a positive number to someone else")
        play.pay(giver, chips, reason)
        play.mat.seats[who].chips += chips
        play.emit(ChipsFromPlayer(who, chips, giver, reason))
    elif chips >= 0:
        moved = min(chips, play.mat.house)  # the house pays what it has
        play.from_house(who, chips, reason)
    else:
        play.pay(who, -chips, reason)
        play.mat.house += -chips
        play.emit(ChipsToHouse(who, -chips, reason))
    return play.finish("chips", who, count=moved)


def stud(tx: Transaction, table: TableInfo, player: str, cards: Sequence[str]) -> DeckoEvent:
    """Stud round: right after the deal, lay three hand cards face up (all of a smaller hand).
    A card drawn to replace a shown one is shown too."""
    play = open_play(tx, table)
    who = table.player(player)
    effects = play.wildcard_effects()
    if effects is None or not effects.revealed_cards:
        raise CompanionError("only the Stud round lays hand cards face up")
    mat = play.mat
    seat = mat.seats[who]
    if mat.phase != "betting" or mat.acted:
        raise CompanionError("Stud cards are laid face up right after the deal, before any betting")
    if seat.shown is not None:
        raise CompanionError(f"{who} has laid their Stud cards already")
    need = min(STUD_CARDS, len(seat.hand))
    refs = [play.find(who, "hand", text) for text in cards]
    if len(set(refs)) != len(refs) or len(refs) != need:
        raise CompanionError(f"{who} lays exactly {need} different hand cards face up")
    seat.shown = refs
    play.emit(CardsShown(who, tuple(play.name(r) for r in refs)))
    return play.finish("stud", who)


def tcg(tx: Transaction, table: TableInfo, player: str, card: str) -> DeckoEvent:
    """TCG round: after the deal, take a card of your choice from the burn pile of the player
    on your left (not above seven in hand)."""
    play = open_play(tx, table)
    who = table.player(player)
    effects = play.wildcard_effects()
    if effects is None or not effects.take_from_left_burn_pile:
        raise CompanionError("only the TCG round lets a player take from another burn pile")
    mat = play.mat
    if mat.phase != "betting" or not mat.first_round or mat.acted:
        raise CompanionError("the TCG card is taken right after the deal, before any betting")
    seat = mat.seats[who]
    if "tcg" in seat.used:
        raise CompanionError(f"{who} has taken a card from a burn pile this round already")
    if len(seat.hand) >= HAND_LIMIT:
        raise CompanionError(f"{who} holds seven cards and may not take another")
    players = mat.players
    left = players[(players.index(who) + 1) % len(players)]
    ref = play.find(left, "burn", card)
    mat.seats[left].burn.remove(ref)
    seat.hand.append(ref)
    seat.used.append("tcg")
    play.emit(TakesFromBurnPile(who, play.name(ref), left))
    return play.finish("tcg", who, other=left)
