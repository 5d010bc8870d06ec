"""Step 6, the buying phase: the losers buy in turn order with their set's money.

Market cards, the special actions (flush the market, burn, gift), chips and jokers;
``done`` passes to the next buyer, and the last one ends the round.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.errors import CompanionError
from companion.games.decko.events import (
    Bought,
    BuyerUp,
    BuyingOpens,
    CardGifted,
    DoneBuying,
    JokerBought,
    MarketFlushed,
    SmolderingWaived,
)
from companion.games.decko.game_end import check_end
from companion.games.decko.mat import (
    CHIP_PRICES,
    JOKER_TYPES,
    SPECIAL_PRICES,
    DeckoEvent,
)
from companion.games.decko.play import Play, open_play
from companion.games.decko.sets import (
    MARKET_SLOTS,
)
from companion.table.model import TableInfo
from companion.table.store import Transaction


def start_buying(play: Play, buyers: Sequence[str]) -> None:
    mat = play.mat
    mat.turn = None
    mat.buyers = [p for p in mat.order() if p in buyers]
    if not mat.buyers:
        check_end(play)
        return
    mat.phase = "buying"
    money = tuple(mat.seats[p].money for p in mat.buyers)
    play.emit(BuyingOpens(tuple(mat.buyers), money))
    buyer_starts(play)


def buyer_starts(play: Play) -> None:
    buyer = play.mat.buyers[0]
    if play.has_joker(buyer, "cherry"):
        play.from_house(buyer, 2, "Cherry")
    money = play.mat.seats[buyer].money
    play.emit(BuyerUp(buyer, money))


def _check_buyer(play: Play, player: str) -> str:
    who = play.table.player(player)
    if play.mat.phase != "buying":
        raise CompanionError(f"no buying now (phase: {play.mat.phase})")
    if not play.mat.buyers or play.mat.buyers[0] != who:
        raise CompanionError(
            f"it is {play.mat.buyers[0] if play.mat.buyers else 'nobody'}'s turn to buy, not {who}'s"
        )
    return who


def _once(play: Play, who: str, action: str) -> None:
    seat = play.mat.seats[who]
    if action in seat.used:
        raise CompanionError(f"{who} has already done '{action}' this buying phase")
    seat.used.append(action)


def _spend(play: Play, who: str, dollars: int, what: str) -> int:
    """Pay dollars of the buying money (the Saleswoman takes $1 off every purchase)."""
    if dollars and play.has_joker(who, "saleswoman"):
        dollars -= 1
    seat = play.mat.seats[who]
    if dollars > seat.money:
        raise CompanionError(f"{what} costs ${dollars}; {who} has ${seat.money} left")
    seat.money -= dollars
    return dollars


def buy(
    tx: Transaction, table: TableInfo, player: str, slot: str, burns: Sequence[str] = ()
) -> DeckoEvent:
    """Buy a market card at its price (the rightmost slot is free); it waits in front of the
    player until they are done buying."""
    play = open_play(tx, table)
    who = _check_buyer(play, player)
    mat = play.mat
    seat = mat.seats[who]
    at = play.market_slot(slot)
    ref = mat.market[at]
    assert ref is not None
    card = play.model(ref)
    price = 0 if at == MARKET_SLOTS - 1 else int(card.price)
    if play.has_joker(who, "cherry"):
        if "cherry" in seat.used:
            raise CompanionError(f"{who} has the Cherry: one market card a buying phase")
        seat.used.append("cherry")
        price = 0
    paid = _spend(play, who, price, card.name)
    mat.market[at] = None
    seat.bought.append(ref)
    play.emit(Bought(who, card.name, paid))
    play.acquire(who, ref, burns)
    return play.finish("buy", who, card=card.name)


def flush_market(tx: Transaction, table: TableInfo, player: str) -> DeckoEvent:
    """Flush the market ($2): its cards go under the market deck and five new ones are dealt."""
    play = open_play(tx, table)
    who = _check_buyer(play, player)
    _once(play, who, "flush")
    price = 0 if play.has_joker(who, "toilet") else SPECIAL_PRICES["flush"]
    paid = _spend(play, who, price, "flushing the market")
    mat = play.mat
    mat.market_deck += [r for r in mat.market if r is not None]
    mat.market = [None] * MARKET_SLOTS
    play.emit(MarketFlushed(who, paid))
    play.refill_market()
    return play.finish("flush", who)


def buy_burn(play: Play, who: str, card: str) -> DeckoEvent:
    _check_buyer(play, who)
    play.check_can_burn(who)
    play.find(who, "hand", card)  # a mistyped card is named before the price
    _once(play, who, "burn")
    price = 0 if play.has_joker(who, "pizza-time") else SPECIAL_PRICES["burn"]
    paid = _spend(play, who, price, "burning a card")
    play.burn_from_hand(who, card, f"${paid}")
    return play.finish("burn", who)


def gift(tx: Transaction, table: TableInfo, player: str, card: str, to: str) -> DeckoEvent:
    """Gift a card ($3): a card of the burn pile goes on top of another player's draw pile."""
    play = open_play(tx, table)
    who = _check_buyer(play, player)
    other = table.player(to)
    if other == who:
        raise CompanionError("a gift goes to another player")
    _once(play, who, "gift")
    price = 0 if play.has_joker(who, "pizza-time") else SPECIAL_PRICES["gift"]
    paid = _spend(play, who, price, "a gift")
    ref = play.find(who, "burn", card)
    play.mat.seats[who].burn.remove(ref)
    play.mat.seats[other].draw.insert(0, ref)
    play.emit(CardGifted(who, play.name(ref), other, paid))
    return play.finish("gift", who, other=other)


def buy_chips(tx: Transaction, table: TableInfo, player: str, count: int) -> DeckoEvent:
    """Chips bought with the buying money: 1 costs $2, 2 cost $3, 3 cost $5 (Chip Girl triples them)."""
    play = open_play(tx, table)
    who = _check_buyer(play, player)
    if count not in CHIP_PRICES:
        raise CompanionError(f"chips are bought 1, 2 or 3 at a time, not {count}")
    _once(play, who, "chips")
    paid = _spend(play, who, CHIP_PRICES[count], f"{count} chip{'s' if count > 1 else ''}")
    chips = count * (3 if play.has_joker(who, "chip-girl") else 1)
    play.from_house(who, chips, f"bought for ${paid}")
    return play.finish("buy-chips", who, count=chips)


def buy_joker(tx: Transaction, table: TableInfo, player: str, kind: str) -> DeckoEvent:
    """Buy the top joker of a pile for the chips it costs (one joker a buying phase, never two
    of a type)."""
    play = open_play(tx, table)
    who = _check_buyer(play, player)
    key = kind.strip().upper()
    if key not in JOKER_TYPES:
        raise CompanionError(f"{kind!r} is not a joker pile ({', '.join(JOKER_TYPES)})")
    seat = play.mat.seats[who]
    if any(play.model(r).joker_type == key for r in seat.jokers):
        raise CompanionError(f"{who} already has a {key} joker")
    if "joker" in seat.used:
        raise CompanionError(f"{who} has bought a joker this buying phase already")
    pile = play.mat.jokers[key]
    if not pile:
        raise CompanionError(f"the {key} joker pile is empty")
    ref = pile[0]
    card = play.model(ref)
    play.pay(who, int(card.cost), f"the {card.name}", borrow=True)
    play.mat.house += int(card.cost)
    pile.pop(0)
    seat.jokers.append(ref)
    seat.used.append("joker")
    play.emit(JokerBought(who, card.name, key, int(card.cost), card.text))
    return play.finish("joker", who, card=card.name)


def done(tx: Transaction, table: TableInfo, player: str, to_draw: bool = False) -> DeckoEvent:
    """The player ends their buying: hand and bought cards go to the discard pile (Energy
    Drink: bought cards may go on top of the draw pile), and the market is refilled."""
    play = open_play(tx, table)
    who = _check_buyer(play, player)
    mat = play.mat
    seat = mat.seats[who]
    if to_draw and not play.has_joker(who, "energy-drink"):
        raise CompanionError("only the Energy Drink puts bought cards on the draw pile")
    if to_draw:
        seat.draw[:0] = seat.bought
        play.discard_hand(who)
    else:
        play.discard_hand(who, on_top=seat.bought)
    seat.bought = []
    seat.money = 0
    if seat.smoldering is not None:
        play.emit(SmolderingWaived(who, str(seat.smoldering["card"])))
        seat.smoldering = None
    play.emit(DoneBuying(who))
    play.refill_market()
    mat.buyers.pop(0)
    if mat.buyers:
        buyer_starts(play)
    else:
        check_end(play)
    return play.finish("done", who)
