"""Step 4, the betting phase: burn (first betting round), raise, call or fold, in turn.

The jokers and cards that act on a bet (Mr. Jackpot, The Witch, the Kingmaker, Fried
Chicken) act here; when the bets are even the round moves on to the reveal.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.errors import CompanionError
from companion.games.decko.buying import (
    buy_burn,
)
from companion.games.decko.events import (
    BurnsNothing,
    Called,
    CardsKept,
    Folded,
    JackpotFilled,
    KingmakerTaxes,
    Raised,
    TakesFromMarket,
    ToAct,
    VampireFeeds,
    WitchTakes,
)
from companion.games.decko.mat import (
    JACKPOT_CHIPS,
    MIN_DECK,
    STUD_CARDS,
    WITCH_CHIPS,
    DeckoEvent,
)
from companion.games.decko.play import Play, open_play
from companion.games.decko.reveal import (
    all_fold,
    jackpot_back,
    last_standing,
    reveal_hands,
)
from companion.poker.hands import names_text
from companion.table.model import TableInfo
from companion.table.store import Transaction

BETTING_BURN = "betting-burn"
"""What the betting phase's free burn marks as done (the buying phase's $2 burn is "burn")."""


def _check_turn(play: Play, player: str) -> str:
    who = play.table.player(player)
    mat = play.mat
    if mat.phase in ("setup", "between"):
        raise CompanionError("no round is being played: start one with 'companion decko round'")
    if mat.phase != "betting":
        raise CompanionError(f"no betting now (phase: {mat.phase})")
    if mat.turn != who:
        raise CompanionError(f"it is {mat.turn}'s turn to act, not {who}'s")
    effects = play.wildcard_effects()
    if effects is not None and effects.revealed_cards:
        waiting = [p for p in mat.order() if mat.seats[p].shown is None]
        if waiting:
            raise CompanionError(
                f"Stud: every player lays {STUD_CARDS} cards face up before the betting; "
                f"waiting for {names_text(waiting)} ('companion decko stud PLAYER CARD CARD CARD')"
            )
    return who


def _fried_chicken(play: Play, player: str, burn: str | None) -> None:
    effects = play.wildcard_effects()
    if effects is None or not effects.burn_on_bet:
        if burn:
            raise CompanionError("--burn with a raise or call belongs to the Fried chicken round")
        return
    if play.mat.seats[player].deck_size <= MIN_DECK:
        play.emit(BurnsNothing(player, MIN_DECK))
        return
    if not burn:
        raise CompanionError(
            "Fried chicken: raising or calling also burns a card from hand: add --burn CARD"
        )
    play.burn_from_hand(player, burn, "Fried chicken, drawing nothing")


def burn(tx: Transaction, table: TableInfo, player: str, card: str) -> DeckoEvent:
    """BURN: in the first betting round, before the main action, put a card of the hand on the
    burn pile and draw a new one; in the buying phase, the $2 special action (no draw). A
    burn a smoldering card left owed comes first, at any turn (nothing drawn, nothing paid)."""
    play = open_play(tx, table)
    mat = play.mat
    owed = mat.seats[table.player(player)].smoldering
    if owed is not None:
        who = table.player(player)
        play.smoldering_burn(who, card)
        return play.finish("burn", who)
    if mat.phase == "buying":
        return buy_burn(play, table.player(player), card)
    who = _check_turn(play, player)
    seat = mat.seats[who]
    # The betting phase's burn is its own action: it never uses up the buying phase's $2 burn.
    if not mat.first_round or BETTING_BURN in seat.used:
        raise CompanionError(
            "a card is burned in the first betting round only, once, before acting"
        )
    play.burn_from_hand(who, card)
    seat.used.append(BETTING_BURN)
    play.draw(who, 1)
    return play.finish("burn", who)


def raise_bet(
    tx: Transaction,
    table: TableInfo,
    player: str,
    burn: str | None = None,
    witch: str | None = None,
) -> DeckoEvent:
    """RAISE: the bet goes one chip above the highest bet, up to the round's maximum; then
    the RAISE jokers: Mr. Jackpot takes 4 chips from the house, The Witch (``witch``: whose
    bet) moves 2 chips of another bet into this one."""
    play = open_play(tx, table)
    who = _check_turn(play, player)
    seat = play.mat.seats[who]
    highest, top = play.mat.highest_bet(), play.level().max_bet
    if highest >= top:
        raise CompanionError(f"the bet is at this round's maximum of {top}: call or fold")
    new = highest + 1
    play.pay(who, new - seat.bet, "the raise", borrow=True)
    seat.bet = new
    play.emit(Raised(who, new))
    _fried_chicken(play, who, burn)
    if witch is not None:
        _the_witch(play, who, witch, top)
    if play.has_joker(who, "mr-jackpot"):
        paid = min(JACKPOT_CHIPS, play.mat.house)
        play.mat.house -= paid
        seat.jackpot += paid
        play.emit(JackpotFilled(who, paid, seat.jackpot))
    return after_action(play, who, "raise", seat.bet)


def _the_witch(play: Play, who: str, victim: str, top: int) -> None:
    """The Witch: after raising, exactly two chips of another player's bet move into this
    one, never past the maximum bet, never from a bet of fewer than two."""
    if not play.has_joker(who, "the-witch"):
        raise CompanionError(f"--witch needs The Witch, and {who} does not have her")
    other = play.table.player(victim)
    seat, theirs = play.mat.seats[who], play.mat.seats[other]
    if other == who or theirs.folded:
        raise CompanionError(f"The Witch takes from another player still in the bet, not {other}")
    if theirs.bet < WITCH_CHIPS:
        raise CompanionError(
            f"{other} has {theirs.bet} chip{'s' if theirs.bet != 1 else ''} in their bet: "
            f"The Witch takes exactly {WITCH_CHIPS} or none"
        )
    if seat.bet + WITCH_CHIPS > top:
        raise CompanionError(
            f"The Witch would take {who}'s bet to {seat.bet + WITCH_CHIPS}, past this round's "
            f"maximum of {top}"
        )
    theirs.bet -= WITCH_CHIPS
    seat.bet += WITCH_CHIPS
    play.emit(WitchTakes(who, other, WITCH_CHIPS, seat.bet, theirs.bet))


def call(tx: Transaction, table: TableInfo, player: str, burn: str | None = None) -> DeckoEvent:
    """CALL: the bet matches the highest bet (nothing to add when it already does)."""
    play = open_play(tx, table)
    who = _check_turn(play, player)
    seat = play.mat.seats[who]
    highest = play.mat.highest_bet()
    play.pay(who, highest - seat.bet, "the call", borrow=True)
    seat.bet = highest
    play.emit(Called(who, highest))
    _fried_chicken(play, who, burn)
    if play.has_joker(who, "kingmaker"):
        _kingmaker(play, who)
    if play.has_joker(who, "vampire"):
        _vampire(play, who)
    return after_action(play, who, "call", highest)


def _kingmaker(play: Play, who: str) -> None:
    """Kingmaker: every other player still in the bet adds one chip from their supply (a
    loan if short; after two loans the house pays it) to the house bet."""
    others = [p for p in play.mat.order() if p != who and not play.mat.seats[p].folded]
    for other in others:
        play.force(other, 1, "Kingmaker chip")
        play.mat.house_bet += 1
    if others:
        play.emit(KingmakerTaxes(who, tuple(others), play.mat.house_bet))


def _vampire(play: Play, who: str) -> None:
    """The Vampire, at every call: a chip from the house for each other player whose bet
    equals the caller's now (folded players have no bet left to match)."""
    mine = play.mat.seats[who].bet
    matched = tuple(
        p
        for p in play.mat.order()
        if p != who and not play.mat.seats[p].folded and play.mat.seats[p].bet == mine
    )
    paid = min(len(matched), play.mat.house)
    play.mat.house -= paid
    play.mat.seats[who].chips += paid
    play.emit(VampireFeeds(who, matched, paid))


def fold(
    tx: Transaction,
    table: TableInfo,
    player: str,
    take: Sequence[str] = (),
    burns: Sequence[str] = (),
    keep: Sequence[str] = (),
) -> DeckoEvent:
    """FOLD: the bet goes to the house bet; the player may take a market card, then puts
    the hand and that card on the discard pile (Analysis Paralysis keeps two of the hand)."""
    play = open_play(tx, table)
    who = _check_turn(play, player)
    mat = play.mat
    seat = mat.seats[who]
    if keep and not play.has_joker(who, "analysis-paralysis"):
        raise CompanionError("only Analysis Paralysis keeps cards of a folded hand")
    if len(keep) > 2:
        raise CompanionError("Analysis Paralysis keeps two cards, not more")
    kept = [play.find(who, "hand", text) for text in keep]
    mat.house_bet += seat.bet
    play.emit(Folded(who, seat.bet))
    seat.bet, seat.folded = 0, True
    jackpot_back(play, who)
    limit = 2 if play.has_joker(who, "sad-clown") else 1
    if len(take) > limit:
        raise CompanionError(
            f"{who} may take {limit} market card{'s' if limit > 1 else ''} when folding"
        )
    slots = [play.market_slot(t) for t in take]
    if len(set(slots)) != len(slots):
        raise CompanionError("the same market slot is named twice")
    taken = [mat.market[i] for i in slots]
    for i in slots:
        mat.market[i] = None
    for ref in taken:
        assert ref is not None
        play.emit(TakesFromMarket(who, play.name(ref)))
        play.acquire(who, ref, burns)
        burns = ()
    play.discard_hand(who, on_top=[r for r in taken if r], keep=kept)
    if kept:
        play.emit(CardsKept(who, len(kept)))
    if taken:
        play.refill_market()
    return after_action(play, who, "fold")


def after_action(play: Play, who: str, action: str, count: int | None = None) -> DeckoEvent:
    """Pass the turn on, or end the betting phase when its rules say so."""
    mat = play.mat
    order = mat.order()
    if who not in mat.acted:
        mat.acted.append(who)
    if mat.first_round and who != mat.blind:
        mat.turn = order[order.index(who) + 1]
        play.emit(ToAct(mat.turn))
        return play.finish(action, who, count=count)
    mat.first_round = False
    active = mat.active()
    if not active:
        all_fold(play)
    elif len(active) == 1:
        last_standing(play, active[0])
    elif len({mat.seats[p].bet for p in active}) == 1:
        reveal_hands(play)
    else:
        at = order.index(who)
        mat.turn = next(
            order[(at + i) % len(order)]
            for i in range(1, len(order) + 1)
            if not mat.seats[order[(at + i) % len(order)]].folded
        )
        play.emit(ToAct(mat.turn))
    return play.finish(action, who, count=count)
