"""Dragon Kings' table events in words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.ui.render.words import words
from companion.ui.render.words.common import names_text

if TYPE_CHECKING:
    from companion.games.dragon_kings import events as K


@words("dk-open")
def _opened(e: K.FirstDealerDrawn) -> str:
    return f"{e.opener} drew the first black king"


@words("dk-deal")
def _dealt(e: K.DkDealt) -> str:
    return f"deal {e.number} dealt by {e.dealer}"


@words("dk-board")
def _street(e: K.DkStreet) -> str:
    return f"deal {e.number}: the {e.street}"


@words("dk-fold")
def _fold(e: K.DkFolded) -> str:
    return f"{e.player} folds"


@words("dk-swap")
def _swap(e: K.DkSwapped) -> str:
    return f"{e.player} trades a hole card for the bottom card ({e.cost} points into the pot)"


@words("dk-showdown")
def _settled(e: K.DkSettled) -> str:
    verb = "wins" if len(e.winners) == 1 else "win"
    return f"deal {e.number}: {names_text(list(e.winners)) or 'nobody'} {verb}"


@words("dk-misdeal")
def _misdeal(e: K.DkMisdeal) -> str:
    return f"deal {e.number}: {e.player} fouled it"


@words("dk-wing")
def _wing(e: K.WingPlayed) -> str:
    return f"{e.player} put {e.name} into play"


@words("dk-permanent")
def _permanent(e: K.WingMadePermanent) -> str:
    return f"{e.player} made {e.name} permanent"


@words("dk-rebuy")
def _rebuy(e: K.DkRebuy) -> str:
    return f"{e.player} re-buys for {e.points:,} points"


# -- the showdown ------------------------------------------------------------------------------

if TYPE_CHECKING:
    from companion.games.dragon_kings import showdown_events as W


def _points(n: int) -> str:
    return f"{n:,} point{'s' if n != 1 else ''}"


@words("dk-wings")
def _wings(e: W.WingsInForce) -> str:
    return f"Wing cards in force: {names_text(list(e.wings))}."


@words("dk-swords-joker")
def _joker(e: W.SwordsJoker) -> str:
    return "The joker (*) is the Swords joker: its variant is played, and the joker is wild."


@words("dk-misdeal-paid")
def _misdeal_paid(e: W.MisdealPaid) -> str:
    short = f" (all they have of the {e.short_of})" if e.short_of is not None else ""
    return (
        f"Misdeal: {e.player} fouled the last deal and places {_points(e.points)}{short} "
        "in this pot."
    )


@words("dk-swap-paid")
def _swap_paid(e: W.SwapPaid) -> str:
    return (
        f"Sleight of Hand: {e.player} paid {_points(e.points)} into this pot to trade a hole card."
    )


@words("dk-first-honors")
def _honors(e: W.FirstHonors) -> str:
    one = len(e.players) == 1
    return (
        f"First Honors: {names_text(list(e.players))} {'plays' if one else 'play'} the game's "
        f"first Twinned Dragon Kings: +{e.points} from the house{'' if one else ' each'}; a "
        "voluntary wing card may be made permanent."
    )
