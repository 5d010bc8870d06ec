"""Step 7, the end of the game: 60 chips (70 with five players) or the twelfth round.

Who has the most chips wins; a tie is broken as the rulebook says (:func:`check_end`).
"""

from __future__ import annotations

from companion.events import sentence
from companion.games.decko.events import GameEnds, GameWon, LoansRepaid, RoundOver
from companion.games.decko.mat import (
    LAST_ROUND,
    WIN_CHIPS,
    WIN_CHIPS_FIVE_PLAYERS,
)
from companion.games.decko.play import Play


def check_end(play: Play) -> None:
    mat = play.mat
    mat.turn = None
    mat.buyers = []
    target = WIN_CHIPS_FIVE_PLAYERS if len(mat.players) == 5 else WIN_CHIPS
    rich = [p for p in mat.players if mat.seats[p].chips >= target]
    if not rich and mat.round < LAST_ROUND:
        mat.phase = "between"
        play.emit(RoundOver(mat.round))
        return
    play.emit(GameEnds(tuple(rich), target, LAST_ROUND))
    repay = play.loan_terms().repay
    for p in mat.players:
        seat = mat.seats[p]
        owed = seat.loans * repay
        paid = min(owed, seat.chips)
        if owed:
            play.to_house(p, paid)
            play.emit(LoansRepaid(p, paid, owed))
    chips = {p: mat.seats[p].chips for p in mat.players}
    best = max(chips.values())
    tied = [p for p in mat.players if chips[p] == best]
    tiebreak: list[dict[str, str]] = []
    if len(tied) > 1:
        tied, tiebreak = _tiebreak(play, tied)
    won = GameWon(tuple(tied), best)
    play.emit(won)
    text = sentence(won)
    mat.result = {"winners": tied, "chips": chips, "text": text, "tiebreak": tiebreak}
    mat.phase = "over"


def _tiebreak(play: Play, tied: list[str]) -> tuple[list[str], list[dict[str, str]]]:
    """Tied players draw from their draw piles until one card ranks highest."""
    draws: list[dict[str, str]] = []
    at = 0
    while len(tied) > 1:
        cards = {p: play.mat.seats[p].draw[at] for p in tied if at < len(play.mat.seats[p].draw)}
        if not cards:
            break
        draws.append({p: play.name(r) for p, r in cards.items()})
        top = max(play.decko(r).rank for r in cards.values())
        tied = [p for p, r in cards.items() if play.decko(r).rank == top]
        at += 1
    return tied, draws
