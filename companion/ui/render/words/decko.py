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


# -- what a command did, step by step -----------------------------------------------------------


def _n(count: int, one: str, many: str | None = None) -> str:
    return f"{count} {one if count == 1 else (many or one + 's')}"


@words("decko-round-starts")
def _round_starts(e: J.RoundStarts) -> str:
    return f"round {e.round}: bets {e.min_bet} to {e.max_bet}; {e.blind} has the blind card"


@words("decko-mat-refreshed")
def _refreshed(e: J.MatRefreshed) -> str:
    return "the mat is refreshed: a new market and new jokers on top of the piles"


@words("decko-wildcard-round")
def _wildcard_round(e: J.WildcardRound) -> str:
    return f"wildcard round: {e.card}. {e.text}"


@words("decko-wildcard-ante")
def _ante(e: J.WildcardAnte) -> str:
    return f"wildcard ante: every player puts {e.chips} on the house bet"


@words("decko-starting-bets")
def _starting_bets(e: J.StartingBets) -> str:
    return f"the house bets {e.house}; {e.blind} places the blind card and bets {e.chips}"


@words("decko-burn-pile-short")
def _burn_short(e: J.BurnPileShort) -> str:
    return f"{e.player} draws only {e.count} from the burn pile"


@words("decko-hands-dealt")
def _dealt(e: J.HandsDealt) -> str:
    where = " from their burn pile" if e.from_burn else ""
    return f"each player draws {e.count} cards{where} (each sees theirs with 'companion decko hand NAME')"


@words("decko-stud-asked")
def _stud_asked(e: J.StudAsked) -> str:
    return (
        f"Stud: each player lays {e.count} hand cards face up before the betting "
        "('companion decko stud PLAYER CARD CARD CARD')"
    )


@words("decko-to-act")
def _to_act(e: J.ToAct) -> str:
    return f"betting: {e.player} acts first" if e.first else f"{e.player} to act"


@words("decko-chips-from-house")
def _from_house(e: J.ChipsFromHouse) -> str:
    return f"{e.player} takes {_n(e.chips, 'chip')} ({e.why})"


@words("decko-bank-covers")
def _bank_covers(e: J.BankCovers) -> str:
    return f"the bank pays {e.chips} of {e.player}'s {e.what}"


@words("decko-hand-full")
def _hand_full(e: J.HandFull) -> str:
    return f"{e.player} holds seven cards: no more may be drawn"


@words("decko-discard-reshuffled")
def _reshuffled(e: J.DiscardReshuffled) -> str:
    return f"{e.player} shuffles the discard pile into a new draw pile"


@words("decko-nothing-to-draw")
def _nothing_to_draw(e: J.NothingToDraw) -> str:
    return f"{e.player} has no more cards to draw"


@words("decko-stud-shown")
def _stud_shown(e: J.StudShown) -> str:
    return f"{e.player} shows {e.card} face up (Stud)"


@words("decko-card-burned")
def _burned(e: J.CardBurned) -> str:
    return f"{e.player} burns {e.card}" + (f" ({e.why})" if e.why else "")


@words("decko-burns-nothing")
def _burns_nothing(e: J.BurnsNothing) -> str:
    return f"{e.player} is down to {e.cards} cards and burns nothing"


@words("decko-market-refilled")
def _refilled(e: J.MarketRefilled) -> str:
    return "the market is refilled: " + ", ".join(e.cards)


@words("decko-raised")
def _raised(e: J.Raised) -> str:
    return f"{e.player} raises to {e.bet}"


@words("decko-called")
def _called(e: J.Called) -> str:
    return f"{e.player} calls {e.bet}"


@words("decko-folded")
def _step_folded(e: J.Folded) -> str:
    if not e.chips:
        return f"{e.player} folds"
    go = "chip goes" if e.chips == 1 else "chips go"
    return f"{e.player} folds: {e.chips} {go} to the house bet"


@words("decko-takes-from-market")
def _from_market(e: J.TakesFromMarket) -> str:
    return f"{e.player} takes {e.card} from the market"


@words("decko-cards-kept")
def _kept(e: J.CardsKept) -> str:
    return f"{e.player} keeps {e.count} cards for the next round ({e.joker})"


@words("decko-jackpot-returned")
def _jackpot_back(e: J.JackpotReturned) -> str:
    return f"the {e.chips} chips on {e.player}'s Mr. Jackpot go back to the house"


@words("decko-jackpot-won")
def _jackpot_won(e: J.JackpotWon) -> str:
    return f"{e.player} wins the {e.chips} chips on Mr. Jackpot"


@words("decko-all-folded")
def _everyone_folded(e: J.AllFolded) -> str:
    return f"everyone folded: the {e.chips} chips of the house bet go back to the house"


@words("decko-last-one-in")
def _last_standing(e: J.LastOneIn) -> str:
    return (
        f"{e.player} is the last player standing: takes {e.chips} chips and buys with "
        f"${e.money} ({e.set})"
    )


@words("decko-revealed")
def _revealed(e: J.Revealed) -> str:
    return f"{e.player} reveals {e.set}" + (f": {' '.join(e.cards)}" if e.cards else "")


@words("decko-no-set-scored")
def _no_set(e: J.NoSetScored) -> str:
    return (
        "nobody can score a set: nobody wins the bet; each player takes back their bet, "
        f"the house bet ({e.house_bet}) goes back to the house and everyone buys"
    )


@words("decko-bet-won")
def _bet_won(e: J.BetWon) -> str:
    from companion.ui.render.words.common import names_text

    if len(e.winners) == 1:
        return f"{e.winners[0]} wins {e.pot} chips with {e.set}"
    each = ", ".join(f"{p} {n}" for p, n in zip(e.winners, e.payouts, strict=True))
    return f"{names_text(list(e.winners))} tie with {e.set}: {each}"


@words("decko-odd-chips")
def _odd(e: J.OddChipsToHouse) -> str:
    return f"the odd {e.chips} chip{' returns' if e.chips == 1 else 's return'} to the house"


@words("decko-hand-discarded")
def _hand_discarded(e: J.HandDiscarded) -> str:
    return f"{e.player} discards their hand"


@words("decko-buying-opens")
def _buying(e: J.BuyingOpens) -> str:
    each = (f"{p} with ${m}" for p, m in zip(e.buyers, e.money, strict=True))
    return "buying phase: " + ", ".join(each)


@words("decko-buyer-up")
def _buyer_up(e: J.BuyerUp) -> str:
    return f"{e.player} buys with ${e.money}; 'companion decko done {e.player}' ends it"


@words("decko-bought")
def _bought(e: J.Bought) -> str:
    return f"{e.player} buys {e.card} for ${e.money}"


@words("decko-market-flushed")
def _flushed(e: J.MarketFlushed) -> str:
    return f"{e.player} flushes the market for ${e.money}"


@words("decko-card-gifted")
def _gifted(e: J.CardGifted) -> str:
    return f"{e.player} pays ${e.money} to put {e.card} on top of {e.other}'s draw pile"


@words("decko-joker-bought")
def _joker_bought(e: J.JokerBought) -> str:
    return f"{e.player} buys {e.card} ({e.pile}) for {e.chips} chips: {e.text}"


@words("decko-smoldering-waived")
def _waived(e: J.SmolderingWaived) -> str:
    return f"{e.player} burns nothing more for {e.card}"


@words("decko-done-buying")
def _done_buying(e: J.DoneBuying) -> str:
    return f"{e.player} is done buying"


@words("decko-drew")
def _drew(e: J.Drew) -> str:
    return f"{e.player} draws {_n(e.count, 'card')}"


@words("decko-discarded")
def _discarded(e: J.Discarded) -> str:
    return f"{e.player} discards {e.card}"


@words("decko-chips-from-player")
def _from_player(e: J.ChipsFromPlayer) -> str:
    return f"{e.player} takes {e.chips} chips from {e.giver} ({e.reason})"


@words("decko-chips-to-house")
def _to_house(e: J.ChipsToHouse) -> str:
    return f"{e.player} pays {e.chips} chips to the house ({e.reason})"


@words("decko-cards-shown")
def _shown(e: J.CardsShown) -> str:
    return f"{e.player} shows " + ", ".join(e.cards)


@words("decko-takes-from-burn-pile")
def _from_burn(e: J.TakesFromBurnPile) -> str:
    return f"{e.player} takes {e.card} from {e.other}'s burn pile"


@words("decko-round-over")
def _round_over(e: J.RoundOver) -> str:
    return f"round {e.round} is over: start the next with 'companion decko round'"


@words("decko-game-ends")
def _game_ends(e: J.GameEnds) -> str:
    from companion.ui.render.words.common import names_text

    if not e.rich:
        return f"the game ends: round {e.round} was the last"
    have = "has" if len(e.rich) == 1 else "have"
    return f"the game ends: {names_text(list(e.rich))} {have} {e.target} chips or more"


@words("decko-loans-repaid")
def _repaid(e: J.LoansRepaid) -> str:
    return f"{e.player} pays back {e.chips} of {e.owed} chips of loans"


@words("decko-game-won")
def _game_won(e: J.GameWon) -> str:
    from companion.ui.render.words.common import names_text

    if len(e.winners) == 1:
        return f"{e.winners[0]} wins with {e.chips} chips"
    return f"{names_text(list(e.winners))} share the win with {e.chips} chips"
