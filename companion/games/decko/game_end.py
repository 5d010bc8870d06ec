"""Step 7, the end of the game: 60 chips (70 with five players) or the twelfth round.

Who has the most chips wins; a tie is broken as the rulebook says (:func:`check_end`).
"""

from __future__ import annotations

from companion.games.decko.mat import (
    LAST_ROUND,
    WIN_CHIPS,
    WIN_CHIPS_FIVE_PLAYERS,
)
from companion.games.decko.play import Play
from companion.poker.hands import names_text


def check_end(play: Play) -> None:
    mat = play.mat
    mat.turn = None
    mat.buyers = []
    target = WIN_CHIPS_FIVE_PLAYERS if len(mat.players) == 5 else WIN_CHIPS
    rich = [p for p in mat.players if mat.seats[p].chips >= target]
    if not rich and mat.round < LAST_ROUND:
        mat.phase = "between"
        play.events.append(
            f"round {mat.round} is over: start the next with 'companion decko round'"
        )
        return
    why = (
        f"{names_text(rich)} {'has' if len(rich) == 1 else 'have'} {target} chips or more"
        if rich
        else f"round {LAST_ROUND} was the last"
    )
    play.events.append(f"the game ends: {why}")
    repay = play.loan_terms().repay
    for p in mat.players:
        seat = mat.seats[p]
        owed = seat.loans * repay
        paid = min(owed, seat.chips)
        if owed:
            play.to_house(p, paid)
            play.events.append(f"{p} pays back {paid} of {owed} chips of loans")
    chips = {p: mat.seats[p].chips for p in mat.players}
    best = max(chips.values())
    tied = [p for p in mat.players if chips[p] == best]
    tiebreak: list[dict[str, str]] = []
    if len(tied) > 1:
        tied, tiebreak = _tiebreak(play, tied)
    text = (
        f"{tied[0]} wins with {best} chips"
        if len(tied) == 1
        else f"{names_text(tied)} share the win with {best} chips"
    )
    play.events.append(text)
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
