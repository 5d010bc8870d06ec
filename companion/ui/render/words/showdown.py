"""The showdown engine's events in words: gold joining the pots, who wins each pot."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.ui.render.words import words
from companion.ui.render.words.common import names_text

if TYPE_CHECKING:
    from companion.poker import showdown_events as S


def amount(n: int, currency: str) -> str:
    """An amount in the game's own word: ``1 chip``, ``200 gold``, ``30 points``.

    >>> amount(1, "chips"), amount(200, "gold"), amount(30, "points")
    ('1 chip', '200 gold', '30 points')
    """
    if currency == "gold":
        return f"{n:,} gold"
    word = currency.removesuffix("s")
    return f"{n:,} {word}{'s' if n != 1 else ''}"


def pot_head(board: int | None, pot: int, total: int, currency: str) -> str:
    """``Main pot (600 gold)``, ``Board 2, side pot 1 (200 gold)``."""
    label = "main pot" if pot == 0 else f"side pot {pot}"
    if board is not None:
        label = f"board {board}, {label}"
    return f"{label[0].upper()}{label[1:]} ({amount(total, currency)})"


def goes_to(won: S.Winnings | None) -> str:
    """Where a monster's winnings go, as the end of a sentence ('' for a player)."""
    if won is None:
        return ""
    if won.how == "out":
        return ", out of the game"
    if won.how == "for":
        return f", for {won.to}"
    return f"; by Beast mastery it goes to {won.to}"


@words("pot-won")
def _won(e: S.PotWon) -> str:
    head = pot_head(e.board, e.pot, e.amount, e.currency)
    return f"{head}: {e.winner} wins it{goes_to(e.winnings)}."


@words("pot-tied")
def _tied(e: S.PotTied) -> str:
    head = pot_head(e.board, e.pot, e.amount, e.currency)
    parts = [
        f"{w} {amount(e.shares[w], e.currency)}{goes_to(e.winnings.get(w))}" for w in e.winners
    ]
    tail = ""
    if e.odd and e.odd_to:
        odd = amount(e.odd, e.currency)
        one = not odd.endswith("s")  # "1 chip returns", "200 gold stays"
        where = (
            ("returns" if one else "return") + " to the house"
            if e.odd_to == "house"
            else ("stays" if one else "stay") + " on the table"
        )
        tail = f"; the odd {odd} {where}"
    return f"{head}: {names_text(list(e.winners))} tie: {', '.join(parts)}{tail}."


@words("pot-unwon")
def _unwon(e: S.PotUnwon) -> str:
    head = pot_head(e.board, e.pot, e.amount, e.currency)
    where = "goes back to the house" if e.to_house else "stays on the table for the next deal"
    return f"{head}: nobody still in can legally win it; it {where}."


@words("carried-joins")
def _carried(e: S.CarriedJoins) -> str:
    return f"{amount(e.amount, e.currency)} left on the table by the last deal joins the main pot."


@words("boards-split-left")
def _split(e: S.BoardsSplitLeft) -> str:
    return (
        f"Splitting the pots between the boards leaves {amount(e.amount, e.currency)} on the "
        "table for the next deal."
    )


@words("deciding-card")
def _deciding(e: S.DecidingCard) -> str:
    where = f" (board {e.board})" if e.board is not None else ""
    return f"Deciding card{where}: {e.decided_by}."


@words("no-legal-hand")
def _no_legal(e: S.NoLegalHand) -> str:
    under = f"{e.under}: " if e.under else ""
    end = "it cannot win" if e.extra else "no legal hand"
    return f"{under}{e.contestant} holds {e.held} hand card(s) and needs exactly {e.need}: {end}."
