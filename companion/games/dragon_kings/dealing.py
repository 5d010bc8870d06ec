"""A deal at the table: the deck gathered and shuffled, the blinds posted, the hole
cards, the board street by street, folds, and Sleight of Hand's trade (003).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.cards.loader import GameCards
from companion.errors import CompanionError
from companion.games.dragon_kings import betting
from companion.games.dragon_kings import points as pts
from companion.games.dragon_kings.classes import KING_OF_CLUBS, KING_OF_SPADES
from companion.games.dragon_kings.events import (
    DkDealt,
    DkFolded,
    DkStreet,
    DkSwapped,
)
from companion.games.dragon_kings.showdown import (
    MISDEAL_PENALTY,
)
from companion.games.dragon_kings.state import (
    _KING_WINGS,
    DECK,
    OPENING_BONUS,
    STREETS,
    DealState,
    TableEvent,
    card_of,
    deal_state,
    get,
    put,
    rules_now,
    wings,
)
from companion.games.dragon_kings.wings import (
    wing_card,
)
from companion.poker.betting_actions import Action, ActionKind
from companion.poker.cards import Card, parse_card
from companion.table import betting as table_betting
from companion.table.drawing import GameRules
from companion.table.events import BetMade
from companion.table.model import CardCopy, TableInfo
from companion.table.store import Transaction


def clock_blinds(tx: Transaction, table: TableInfo) -> tuple[int, int, int]:
    """The small blind, big blind and ante of the level the table's clock is on now
    (nothing without a clock, or during a break)."""
    from companion.timer.clock import current_stage
    from companion.timer.clock import settle as run_to
    from companion.timer.structure import Level
    from companion.timer.table_clock import saved_clock

    clock = saved_clock(tx, table)
    if clock is None:
        return 0, 0, 0
    stage = current_stage(run_to(clock, tx.store.clock())[0])
    if not isinstance(stage, Level):
        return 0, 0, 0
    return stage.small_blind or 0, stage.big_blind or 0, stage.ante


def gather(tx: Transaction, table: TableInfo) -> None:
    """Every card of the standard deck back into the draw pile, shuffled."""
    everything = [
        c for c in tx.cards(table, DECK) if c.pile in ("held", "in_play", "discard", "draw")
    ]
    tx.arrange(table, everything, "draw")
    GameRules(table.game).shuffle(tx, table, DECK)


def take(tx: Transaction, table: TableInfo, *, bottom: bool = False) -> CardCopy:
    top = tx.top(table, DECK, bottom=bottom)
    if top is None:
        raise CompanionError("the deck has no cards left to deal")
    return top


def deal(tx: Transaction, table: TableInfo, cards: GameCards) -> TableEvent:
    """Gather and shuffle the deck, then deal the hole cards of a new deal."""
    previous = deal_state(tx, table)
    if not previous.number and not get(tx, table, "opened"):
        raise CompanionError(
            f"table '{table.name}' has not drawn for the first deal yet: run "
            "'companion dk open' first (Play Begins: the first black king deals, takes "
            f"{OPENING_BONUS} points and chooses the first voluntary wing card)"
        )
    if previous.number and previous.street != "showdown" and not previous.settled:
        raise CompanionError(
            f"deal {previous.number} is not over: settle it with 'companion dk showdown'"
        )
    points = pts.points_of(tx, table)
    seated = pts.in_game(points, table.players)
    if len(seated) < 2:
        raise CompanionError(
            (pts.game_over(points, table.players) or "fewer than two guests have points")
            + (
                "; a guest who is out may still re-buy ('companion dk rebuy NAME')"
                if any(pts.rebuys_left(tx, table, p) for p in table.players)
                else ""
            )
        )
    dealer = next_dealer(table, previous, seated)
    rules = rules_now(tx, table)
    effects = wing_effects(tx, table)
    gather(tx, table)
    seat = seated.index(dealer)
    order = [seated[(seat + 1 + i) % len(seated)] for i in range(len(seated))]
    holes: dict[str, list[str]] = {p: [] for p in order}
    face_up: dict[str, list[str]] = {}
    for _ in range(2):
        for player in order:
            moved = tx.move(table, take(tx, table), "held", player)
            holes[player].append(card_of(cards, moved).code)
    events = [f"deal {previous.number + 1}: {dealer} deals two hole cards to each player"]
    extra = rules.hole_cards - 2
    for _ in range(extra):
        for player in order:
            moved = tx.move(table, take(tx, table, bottom=True), "held", player)
            holes[player].append(card_of(cards, moved).code)
    if extra:
        events.append("Pickpocket: a third hole card each, from the bottom of the deck")
    if effects.get("face_up_hole_cards"):
        face_up = {p: h[:1] for p, h in holes.items()}
        shown = ", ".join(f"{p} {parse_card(h[0]).symbol}" for p, h in face_up.items())
        events.append(f"Unmasked: first hole cards face up: {shown}")
    events.append("each player looks at their cards with 'companion table hand NAME'")
    penalties = list(get(tx, table, "misdeals", []))
    short = {p: max(0, points.get(p, 0)) for p in penalties if points is not None}
    short = {p: n for p, n in short.items() if n < MISDEAL_PENALTY}
    for player in penalties:
        paid = short.get(player, MISDEAL_PENALTY)
        events.append(
            f"{player} places {paid} points in this deal's pot (fouled the last deal"
            + (f"; all they have of the {MISDEAL_PENALTY})" if player in short else ")")
        )
    put(tx, table, "misdeals", [])
    behind = None
    if points is not None:  # blinds and antes come out of what the penalties leave
        behind = dict(points)
        for p in penalties:
            behind[p] = behind.get(p, 0) - short.get(p, MISDEAL_PENALTY)
    posted = post_blinds(tx, table, seated, dealer, effects, behind, events)
    small, big, ante = clock_blinds(tx, table)
    factor = int(effects.get("blind_multiplier", 0)) or 1
    paid = sum(short.get(p, MISDEAL_PENALTY) for p in penalties)
    blinds = (small * factor, big * factor, ante + int(effects.get("ante", 0)))
    betting.open_deal(tx, table, seated, dealer, behind, blinds, paid, events)
    choosers = king_holders(holes)[:1]
    state = wings(tx, table)
    choosers_before = list(state.choosers)
    state.choosers = choosers
    put(tx, table, "wings", state.to_data())
    if choosers:
        king = next(k for k in (KING_OF_SPADES, KING_OF_CLUBS) if k.code in holes[choosers[0]])
        events.append(
            f"{_KING_WINGS[king]} ({king.symbol}) is in {choosers[0]}'s hole cards: "
            f"{choosers[0]} may choose the voluntary wing card before the next deal"
        )
    deal = DealState(
        number=previous.number + 1,
        dealer=dealer,
        street="preflop",
        penalties=penalties,
        penalty_points=short,
        choosers_before=choosers_before,
        seated=seated,
        posted=posted,
    )
    put(tx, table, "deal", deal.to_data())
    tx.record(table, DkDealt(deal.number, dealer), actor=dealer)
    return TableEvent(tuple(events), cards=face_up)


def next_dealer(table: TableInfo, previous: DealState, seated: Sequence[str]) -> str:
    """The deal passes clockwise to the next guest still in the game; a misdeal is
    dealt again by the same dealer, if still in."""
    dealer = previous.dealer or table.players[0]
    again = not previous.number or previous.misdealt
    if again and dealer in seated:
        return dealer
    seat = table.players.index(dealer)
    n = len(table.players)
    return next(p for p in (table.players[(seat + 1 + i) % n] for i in range(n)) if p in seated)


def post_blinds(
    tx: Transaction,
    table: TableInfo,
    seated: Sequence[str],
    dealer: str,
    effects: Mapping[str, Any],
    points: Mapping[str, int] | None,
    events: list[str],
) -> dict[str, int]:
    """The blinds and antes the table knows, posted from each guest's points: the level
    of the table's clock (Dragon's Toll doubles its blinds) and Guild Tithe's ante.
    Without a clock the dealer says what each guest put in at the showdown."""
    if points is None:
        return {}
    small, big, ante = clock_blinds(tx, table)
    factor = int(effects.get("blind_multiplier", 0)) or 1
    tithe = int(effects.get("ante", 0))
    if not (small or big or ante or tithe):
        return {}
    posted = pts.posts(
        seated,
        dealer,
        small=small * factor,
        big=big * factor,
        ante=ante + tithe,
        points=points,
    )
    what = []
    if small or big:
        what.append(
            f"blinds {small * factor}/{big * factor}"
            + (" (Dragon's Toll doubles them)" if factor > 1 else "")
        )
    if ante or tithe:
        what.append(
            f"ante {ante + tithe}" + (f" (Guild Tithe's {tithe} included)" if tithe else "")
        )
    events.append(
        f"posted ({', '.join(what)}): " + ", ".join(f"{p} {n}" for p, n in posted.items() if n)
    )
    return {p: n for p, n in posted.items() if n}


def king_holders(holes: dict[str, list[str]]) -> list[str]:
    """Who holds a black king in the hole: the K♠ holder first (who chooses when
    the kings are split, docs/decisions.md)."""
    out: list[str] = []
    for king in (KING_OF_SPADES, KING_OF_CLUBS):
        for player, codes in holes.items():
            if king.code in codes and player not in out:
                out.append(player)
    return out


def wing_effects(tx: Transaction, table: TableInfo) -> dict[str, Any]:
    """The summed effects of the voluntary wing cards in force."""
    total: dict[str, Any] = {}
    for name in wings(tx, table).in_force():
        for key, value in wing_card(name).effects.model_dump().items():
            if isinstance(value, bool) or not isinstance(value, int):
                continue
            total[key] = total.get(key, 0) + value
    return total


def board(tx: Transaction, table: TableInfo, cards: GameCards) -> TableEvent:
    """Deal the next street (flop, turn, river), burning one card first."""
    deal = deal_state(tx, table)
    if not deal.under_way:
        raise CompanionError("no deal in progress: start one with 'companion dk deal'")
    names = [s for s, _ in STREETS]
    if deal.street == "river":
        raise CompanionError("the board is complete: settle the deal with 'companion dk showdown'")
    street = names[0] if deal.street == "preflop" else names[names.index(deal.street) + 1]
    count = dict(STREETS)[street]
    burned = take(tx, table)
    tx.move(table, burned, "discard")
    dealt = [tx.move(table, take(tx, table), "in_play") for _ in range(count)]
    events = [f"{street}: " + " ".join(card_of(cards, c).symbol for c in dealt)]
    if street != "flop":
        so_far = " ".join(c.symbol for c in board_cards(tx, table, cards))
        events[0] += f" (board {so_far})"
    effects = wing_effects(tx, table)
    if street == "river":
        for _ in range(int(effects.get("extra_board_cards", 0))):
            extra = tx.move(table, take(tx, table, bottom=True), "in_play")
            dealt.append(extra)
            events.append(
                f"Dragon's Hoard: {card_of(cards, extra).symbol} joins the board "
                "from the bottom of the deck"
            )
        if effects.get("face_down_board_cards"):
            deal.hidden_river = True
            events[0] = "river: dealt face down (Shrouded River), turned at the showdown"
    table_betting.street_dealt(tx, table, street)  # refused while the round before goes on
    deal.street = street
    put(tx, table, "deal", deal.to_data())
    shown_ids = () if deal.hidden_river and street == "river" else tuple(c.card_id for c in dealt)
    tx.record(table, DkStreet(deal.number, street, shown_ids))
    shown = () if deal.hidden_river else tuple(board_cards(tx, table, cards))
    return TableEvent(tuple(events), board=tuple(c.code for c in shown))


def owed_by(deal: DealState) -> dict[str, int]:
    """What each guest owes this deal's pot outside the betting: misdeal penalties
    and trades' costs."""
    owed = dict(deal.swap_costs)
    for player in deal.penalties:
        owed[player] = owed.get(player, 0) + deal.penalty_points.get(player, MISDEAL_PENALTY)
    return owed


def left_behind(tx: Transaction, table: TableInfo, deal: DealState) -> dict[str, int] | None:
    """Each guest's points not yet in the pot of the deal under way (None: none kept).

    On a table that runs the betting, the betting counts what each guest put in (the
    blinds, the ante, every bet and call, a trade's cost): the misdeal penalties are all
    it leaves out. Otherwise the table knows only the blinds, the ante and what is owed."""
    points = pts.points_of(tx, table)
    if points is None or not deal.under_way:
        return points
    tracked = table_betting.load(tx, table)
    if tracked is not None:
        put = tracked.put_in()
        fined = {p: deal.penalty_points.get(p, MISDEAL_PENALTY) for p in deal.penalties}
        return {p: n - put.get(p, 0) - fined.get(p, 0) for p, n in points.items()}
    owed = owed_by(deal)
    return {p: n - deal.posted.get(p, 0) - owed.get(p, 0) for p, n in points.items()}


def board_cards(tx: Transaction, table: TableInfo, cards: GameCards) -> list[Card]:
    return [card_of(cards, c) for c in tx.pile(table, DECK, "in_play") if c.holder is None]


def hole(tx: Transaction, table: TableInfo, cards: GameCards, player: str) -> list[Card]:
    return [card_of(cards, c) for c in tx.pile(table, DECK, "held", player)]


def fold(tx: Transaction, table: TableInfo, cards: GameCards, player: str) -> TableEvent:
    """A player leaves the deal; their hole cards go face down to the discard pile."""
    fold_in_betting(tx, table, cards, player)
    return TableEvent((f"{player} folds",))


def fold_in_betting(
    tx: Transaction, table: TableInfo, cards: GameCards, player: str
) -> BetMade | None:
    """:func:`fold`, the one fold of the game whether ``dk fold``, ``table bet PLAYER
    fold`` or a page made it: the betting's fold when the table tracks it (its event
    returned), the hole cards to the discard pile, one ``dk-fold`` entry."""
    deal = deal_state(tx, table)
    if not deal.under_way:
        raise CompanionError("no deal in progress: start one with 'companion dk deal'")
    if player in deal.folded:
        raise CompanionError(f"{player} has already folded this deal")
    if deal.seated and player not in deal.seated:
        raise CompanionError(f"{player} is out of the game: not dealt in this deal")
    bet: BetMade | None = None
    if table_betting.load(tx, table) is not None:  # the fold is the betting's too
        _, bet = table_betting.decide(tx, table, Action(ActionKind.FOLD, player))
    muck(tx, table, deal, player)
    tx.record(table, DkFolded(player), actor=player)
    return bet


def muck(tx: Transaction, table: TableInfo, deal: DealState, player: str) -> None:
    """A folding player's hole cards go face down to the discard pile."""
    for copy in tx.pile(table, DECK, "held", player):
        tx.move(table, copy, "discard")
    deal.folded.append(player)
    put(tx, table, "deal", deal.to_data())


def swap(tx: Transaction, table: TableInfo, cards: GameCards, player: str, ref: str) -> TableEvent:
    """Sleight of Hand: before the flop, trade a hole card for the bottom card of the deck."""
    effects = wing_effects(tx, table)
    if not effects.get("hole_card_swaps"):
        raise CompanionError("only Sleight of Hand lets a player trade a hole card")
    deal = deal_state(tx, table)
    if deal.street != "preflop":
        raise CompanionError("a hole card is traded before the flop only")
    swaps: dict[str, int] = dict(get(tx, table, "swaps", {}))
    key = f"{deal.number}:{player}"
    if swaps.get(key, 0) >= int(effects["hole_card_swaps"]):
        raise CompanionError(f"{player} has already traded a hole card this deal")
    cost = int(effects.get("swap_cost", 0))
    behind = left_behind(tx, table, deal)
    if behind is not None and behind[player] < cost:
        raise CompanionError(f"{player} has {behind[player]:,} points behind: a trade costs {cost}")
    wanted = parse_card(ref, allow_joker=True)
    mine = tx.pile(table, DECK, "held", player)
    given = next((c for c in mine if card_of(cards, c) == wanted), None)
    if given is None:
        held = " ".join(card_of(cards, c).symbol for c in mine)
        raise CompanionError(f"{player} holds no {wanted.symbol} (hole cards: {held})")
    table_betting.pay_in(tx, table, player, cost)  # a tracked betting counts it from the stack
    tx.move(table, take(tx, table, bottom=True), "held", player)
    tx.move(table, given, "draw")  # face down under the deck
    swaps[key] = swaps.get(key, 0) + 1
    put(tx, table, "swaps", swaps)
    if cost:
        deal.swap_costs[player] = deal.swap_costs.get(player, 0) + cost
        put(tx, table, "deal", deal.to_data())
    tx.record(table, DkSwapped(player, cost), actor=player)
    return TableEvent(
        (
            f"{player} pays {cost} points into the pot and trades {wanted.symbol} "
            f"for the bottom card",
        ),
    )
