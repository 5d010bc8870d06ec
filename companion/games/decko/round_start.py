"""Steps 1-3 of a round: advance the round track, place the starting bets, deal.

The round's bets, wildcard and refresh come from the timer's DECKO structure (the round
track), read, never copied.
"""

from __future__ import annotations

from companion.errors import CompanionError
from companion.games.decko.events import (
    BurnPileShort,
    HandsDealt,
    MatRefreshed,
    RoundStarts,
    StartingBets,
    StudAsked,
    ToAct,
    WildcardAnte,
    WildcardRound,
)
from companion.games.decko.mat import (
    DEAL_CARDS,
    STUD_CARDS,
    DeckoEvent,
    house_factor,
)
from companion.games.decko.play import Play, open_play
from companion.games.decko.sets import (
    MARKET_SLOTS,
)
from companion.table.model import TableInfo
from companion.table.store import Transaction


def start_round(tx: Transaction, table: TableInfo) -> DeckoEvent:
    """Steps 1-3 of a round: advance the round track and pass the blind card (not in the
    first round), refresh the mat or turn up a wildcard, place the starting bets and the
    wildcard ante, and deal every player their hand."""
    play = open_play(tx, table)
    mat = play.mat
    if mat.phase == "over":
        raise CompanionError(f"the game is over: {mat.result.get('text', '')}")
    if mat.phase not in ("setup", "between"):
        raise CompanionError(f"round {mat.round} is still being played (phase: {mat.phase})")
    players = mat.players
    if mat.round == 0:
        mat.round = 1
    else:
        mat.round += 1
        mat.blind = players[(players.index(mat.blind) + 1) % len(players)]
    level = play.level()
    play.emit(RoundStarts(mat.round, level.min_bet, level.max_bet, mat.blind))
    if level.refresh and mat.round > 1:
        refresh_mat(play)
    mat.wildcard = level.wildcard if level.wildcard in mat.wildcards else None
    effects = play.wildcard_effects()
    if mat.wildcard:
        card = play.model(mat.wildcards[mat.wildcard])
        play.emit(WildcardRound(card.name, card.text))
    for seat in mat.seats.values():
        seat.bet, seat.folded, seat.money, seat.used, seat.bought = 0, False, 0, [], []
        seat.jackpot, seat.shown, seat.smoldering = 0, None, None
    mat.reveal, mat.buyers, mat.acted, mat.first_round = {}, [], [], True

    # 2. Starting bets: the house, the blind player and, in a wildcard round, everyone's ante.
    house_bet = level.house_bet(len(players), house_factor()) or 0
    paid = min(house_bet, mat.house)
    mat.house -= paid
    mat.house_bet = paid
    if mat.wildcard:
        for player in mat.order():
            play.force(player, level.min_bet, "wildcard ante")
            mat.house_bet += level.min_bet
        play.emit(WildcardAnte(level.min_bet))
    play.force(mat.blind, level.min_bet, "blind bet")
    mat.seats[mat.blind].bet = level.min_bet
    play.emit(StartingBets(paid, mat.blind, level.min_bet))

    # 3. The deal.
    count = effects.deal_cards if effects is not None else DEAL_CARDS
    from_burn = effects is not None and effects.draw_from == "burn-pile"
    for player in mat.order():
        seat = mat.seats[player]
        if from_burn:
            play.shuffle(seat.burn)
        drawn, shuffled = play.draw(player, count, from_burn=from_burn)
        if shuffled and play.has_joker(player, "hobo"):
            play.from_house(player, 3, "Hobo")
        if from_burn and len(drawn) < count:
            play.emit(BurnPileShort(player, len(drawn)))
    play.emit(HandsDealt(count, from_burn))
    mat.phase = "betting"
    mat.turn = mat.order()[0]
    if effects is not None and effects.revealed_cards:
        play.emit(StudAsked(STUD_CARDS))
    play.emit(ToAct(mat.turn, first=True))
    return play.finish("round", None)


def refresh_mat(play: Play) -> None:
    """The market goes face down under the market deck and five new cards are dealt; the
    top joker of each pile goes to the bottom of its pile."""
    mat = play.mat
    play.emit(MatRefreshed())
    mat.market_deck += [r for r in mat.market if r is not None]
    mat.market = [None] * MARKET_SLOTS
    play.refill_market()
    for pile in mat.jokers.values():
        if pile:
            pile.append(pile.pop(0))
