"""DECKO's table events in words: one sentence for each step of a round."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.ui.render.words import words

if TYPE_CHECKING:
    from companion.games.decko import events as J
    from companion.games.decko.events import DeckoStep

_SAID: dict[str, Callable[[DeckoStep], str]] = {
    "round": lambda e: f"round {e.round} dealt",
    "burn": lambda e: f"{e.player} burned a card",
    "raise": lambda e: f"{e.player} raised to {e.count}",
    "call": lambda e: f"{e.player} called {e.count}",
    "check": lambda e: f"{e.player} checked",
    "fold": lambda e: f"{e.player} folded",
    "buy": lambda e: f"{e.player} bought {e.card}",
    "flush": lambda e: f"{e.player} flushed the market",
    "gift": lambda e: f"{e.player} gifted a card to {e.other}",
    "buy-chips": lambda e: f"{e.player} bought {e.count} chip{'s' if e.count != 1 else ''}",
    "joker": lambda e: f"{e.player} bought {e.card}",
    "done": lambda e: f"{e.player} done buying",
    "loan": lambda e: f"{e.player} took a loan",
    "draw": lambda e: f"{e.player} drew {e.count}",
    "discard": lambda e: f"{e.player} discarded {e.count}",
    "chips": lambda e: f"{e.player} chips {e.count or 0:+d}",
    "stud": lambda e: f"{e.player} laid Stud cards face up",
    "tcg": lambda e: f"{e.player} took a card from {e.other}'s burn pile",
}


@words(*(f"decko-{step}" for step in _SAID))
def _step(e: DeckoStep) -> str:
    return _SAID[e.kind.removeprefix("decko-")](e)


@words("decko-loan-taken")
def _loan(e: J.LoanTaken) -> str:
    return f"{e.player} takes loan {e.loan}: {_chips(e.chips)} ({e.what})"


@words("decko-smoldering-owed")
def _smoldering(e: J.SmolderingBurnOwed) -> str:
    cards = ", ".join(f"{i}. {name}" for i, name in enumerate(e.cards, 1))
    which = "which card" if e.left == 1 else f"which {e.left} cards"
    return (
        f"{e.card} burns {e.left} card{'s' if e.left != 1 else ''}: {which} of {e.player}'s? "
        f"'companion decko burn {e.player} CARD' ({cards})"
    )


# -- the jokers the table runs by itself ------------------------------------------------------


@words("decko-mr-jackpot")
def _jackpot(e: J.JackpotFilled) -> str:
    return f"Mr. Jackpot: {e.chips} chips from the house onto {e.player}'s joker ({e.held} there)"


@words("decko-the-witch")
def _witch(e: J.WitchTakes) -> str:
    return (
        f"The Witch: {e.chips} chips of {e.victim}'s bet move into {e.player}'s ({e.player} "
        f"bets {e.bet}, {e.victim} {e.their_bet})"
    )


@words("decko-kingmaker")
def _kingmaker(e: J.KingmakerTaxes) -> str:
    from companion.ui.render.words.common import names_text

    adds = "adds" if len(e.payers) == 1 else "each add"
    return (
        f"Kingmaker: {names_text(list(e.payers))} {adds} 1 chip to the house bet "
        f"({e.house_bet} there)"
    )


@words("decko-vampire")
def _vampire(e: J.VampireFeeds) -> str:
    from companion.ui.render.words.common import names_text

    if not e.matched:
        return f"Vampire: nobody else's bet equals {e.player}'s, so it gains nothing"
    short = "" if e.chips == len(e.matched) else " (all the house had)"
    return (
        f"Vampire: {e.player}'s bet equals the bet of {names_text(list(e.matched))}: "
        f"{_chips(e.chips)} from the house{short}"
    )


# -- the showdown ------------------------------------------------------------------------------

if TYPE_CHECKING:
    from companion.games.decko import showdown_events as X


def _chips(n: int) -> str:
    return f"{n:,} chip{'s' if n != 1 else ''}"


@words("decko-house-bet")
def _house_bet(e: X.HouseBetJoins) -> str:
    from companion.ui.render.words.common import names_text

    held = [f"{name}'s {n}" for name, n in e.folded.items()]
    onto = f" ({names_text(held)} folded onto it)" if held else ""
    return f"The house bet of {_chips(e.amount)}{onto} joins the pot."


@words("decko-nobody-scores")
def _nobody(e: X.NobodyScores) -> str:
    return (
        "Nobody can score a set: nobody wins the bet; each player still in takes back their "
        "bet and everyone who revealed buys."
    )


@words("decko-everyone-folded")
def _folded(e: X.EveryoneFolded) -> str:
    return "Everyone folded: the house bet goes back to the house."


@words("decko-hand-earns")
def _earns(e: X.HandEarns) -> str:
    return f"{e.player}'s revealed hand earns {_chips(e.chips)} from the house."


@words("decko-buyers")
def _buyers(e: X.Buyers) -> str:
    spend = ", ".join(f"{n} ${v}" for n, v in e.money.items())
    if e.winners:
        who = "The winner discards" if e.winners == 1 else "The winners discard"
        return f"{who}; the others buy in turn order: {spend}."
    return f"Everyone who revealed buys in turn order: {spend}."


@words("decko-last-standing")
def _last(e: X.LastStanding) -> str:
    head = f"Last player standing: {e.player} takes every bet and the house bet without revealing"
    if e.money is None:
        return (
            f"{head}; {e.player} alone buys (give their hand to count the money: a showdown "
            "file without it cannot)."
        )
    return f"{head}, and alone buys with ${e.money} ({e.hand})."


@words("decko-money-unknown")
def _unknown(e: X.MoneyUnknown) -> str:
    from companion.ui.render.words.common import names_text

    buys = "buys" if len(e.players) == 1 else "buy"
    return (
        f"The money {names_text(list(e.players))} {buys} with is not known from a result "
        "alone: give the hands, or name each set in hand_class (credit cards are then not "
        "counted)."
    )
