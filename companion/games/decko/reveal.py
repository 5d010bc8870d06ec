"""Step 5, the reveal: the hands are shown and settled by DECKO's showdown.

The winner takes the bets and the house bet, each revealing player takes the chips
their cards earn, Mr. Jackpot pays out; the last player standing takes all without
revealing; when everyone folds the house keeps the house bet.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.games.decko.buying import (
    start_buying,
)
from companion.games.decko.events import (
    AllFolded,
    BetWon,
    HandDiscarded,
    JackpotReturned,
    JackpotWon,
    LastOneIn,
    NoSetScored,
    OddChipsToHouse,
    Revealed,
)
from companion.games.decko.game_end import check_end
from companion.games.decko.mat import (
    GAME,
)
from companion.games.decko.play import Play


def _showdown(play: Play) -> tuple[Any, dict[str, Any]]:
    """The end of the betting phase, settled by DECKO's showdown
    (:class:`companion.games.decko.showdown.DeckoShowdown`), the same rules the
    showdown file runs: returns its result and each judged player's set."""
    from companion.games.decko.showdown import DeckoShowdown
    from companion.games.decko.showdown_input import DeckoShowdownIn

    mat = play.mat
    players: list[dict[str, Any]] = []
    for name in mat.order():
        seat = mat.seats[name]
        entry: dict[str, Any] = {"name": name, "put_in": seat.bet, "folded": seat.folded}
        if not seat.folded:
            entry["hand"] = [play.decko(r).code for r in seat.hand]
            if seat.burn:
                entry["burn_top"] = play.decko(seat.burn[0]).code
            if seat.discard:
                entry["discard_top"] = play.decko(seat.discard[0]).code
        players.append(entry)
    spec = DeckoShowdownIn.model_validate(
        {
            "game": GAME,
            "players": players,
            "house_bet": mat.house_bet,
            "wildcard": play.round_rules().name,
            "market": [play.decko(r).code for r in mat.market if r is not None],
        }
    )
    showdown = DeckoShowdown(spec)
    result = showdown.run()
    sets = {name: r.extra["set"] for name, r in showdown.ranked.items() if "set" in r.extra}
    return result, sets


def jackpot_back(play: Play, player: str) -> None:
    """Mr. Jackpot's chips go back to the house (not the house bet) when its owner folds
    or loses."""
    seat = play.mat.seats[player]
    if seat.jackpot:
        play.mat.house += seat.jackpot
        play.emit(JackpotReturned(player, seat.jackpot))
        seat.jackpot = 0


def _jackpots(play: Play, winners: Sequence[str]) -> None:
    """The bet is decided: a winner takes the chips on their Mr. Jackpot, the others'
    go back to the house."""
    for player in play.mat.order():
        seat = play.mat.seats[player]
        if seat.jackpot and player in winners:
            seat.chips += seat.jackpot
            play.emit(JackpotWon(player, seat.jackpot))
            seat.jackpot = 0
        jackpot_back(play, player)


def all_fold(play: Play) -> None:
    mat = play.mat
    result, _ = _showdown(play)
    _jackpots(play, [])
    play.emit(AllFolded(result.house))
    mat.house += result.house
    mat.house_bet = 0
    mat.turn = None
    check_end(play)


def last_standing(play: Play, winner: str) -> None:
    """Every other player folded: the winner takes their own bet and the house bet, and
    alone goes to the buying phase with the money of the set their hand scores."""
    mat = play.mat
    seat = mat.seats[winner]
    result, sets = _showdown(play)
    won = result.payouts[winner]
    seat.chips += won
    seat.bet = mat.house_bet = 0
    scored = sets[winner]
    seat.money = result.money[winner]
    _jackpots(play, [winner])
    play.emit(LastOneIn(winner, won, seat.money, scored.description))
    play.reveal = {
        "last_player_standing": winner,
        "winners": [winner],
        "set": scored.name,
        "description": scored.description,
        "money": seat.money,
        "payouts": {winner: won},
    }
    mat.reveal = dict(play.reveal)
    start_buying(play, [winner])


def reveal_hands(play: Play) -> None:
    """Step 5: every player still in reveals; the best set (by the round's rules) wins the
    bets and the house bet; everyone takes their chips; the losers will buy."""
    mat = play.mat
    active = mat.active()
    round_rules = play.round_rules()
    result, sets = _showdown(play)
    for name, found in sets.items():
        play.emit(Revealed(name, found.description, tuple(found.played(symbols=True))))
    for name, chips in result.bank.items():
        play.from_house(name, chips, "cards revealed")
    winners = list(result.winners)
    payouts = {p: n for p, n in result.payouts.items() if n}
    for p, n in payouts.items():
        mat.seats[p].chips += n
    mat.house += result.house
    _jackpots(play, winners)
    if not winners:
        play.emit(NoSetScored(mat.house_bet))
    else:
        pot = result.pots[0].amount
        best = sets[winners[0]].description
        each = tuple(payouts.get(p, 0) for p in winners)
        play.emit(BetWon(tuple(winners), best, pot, each))
        odd = result.house
        if odd:
            play.emit(OddChipsToHouse(odd))
        for p in winners:
            play.discard_hand(p)
            play.emit(HandDiscarded(p))
    for p in active:
        mat.seats[p].bet = 0
    mat.house_bet = 0
    for p, dollars in result.money.items():
        mat.seats[p].money = dollars
    placings = [line for line in result.players if line.name in sets]
    play.reveal = {
        "round": round_rules.name,
        "winners": winners,
        "result": " > ".join(
            " = ".join(line.name for line in placings if line.place == place)
            for place in sorted({line.place for line in placings if line.place is not None})
        ),
        "payouts": payouts,
        "players": [
            {
                "name": line.name,
                "place": line.place,
                "set": sets[line.name].name,
                "description": sets[line.name].description,
                "best": sets[line.name].played(),
                "chips": sets[line.name].chips,
                "dollars": sets[line.name].dollars,
                "credit": sets[line.name].credit,
                "money": sets[line.name].money,
            }
            for line in placings
        ],
    }
    mat.reveal = dict(play.reveal)
    start_buying(play, list(result.money))
