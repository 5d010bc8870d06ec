"""The end of a deal (003): the showdown with its points (DragonKingsShowdown), First
Honors and the wing cards Twinned Dragon Kings changes, and a misdeal's penalty.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from companion.cards.loader import GameCards
from companion.errors import CompanionError
from companion.games.dragon_kings import points as pts
from companion.games.dragon_kings.dealing import (
    board_cards,
    hole,
    muck,
    owed_by,
)
from companion.games.dragon_kings.events import (
    DkMisdeal,
    DkSettled,
)
from companion.games.dragon_kings.showdown import (
    MISDEAL_PENALTY,
    dragon_winners,
    first_honors,
)
from companion.games.dragon_kings.state import (
    _FILE_FIELDS,
    GAME,
    DealState,
    Settled,
    TableEvent,
    WingState,
    add_bonus,
    deal_state,
    get,
    put,
    wings,
)
from companion.games.dragon_kings.wing_play import (
    negate,
)
from companion.games.dragon_kings.wings import (
    wing_card,
)
from companion.poker.hands import names_text
from companion.poker.pots import spread_everyone
from companion.table import betting as table_betting
from companion.table.model import TableInfo
from companion.table.store import Transaction


def close_deal(
    tx: Transaction,
    table: TableInfo,
    deal: DealState,
    dragons: list[str],
    honors: dict[str, int],
) -> list[str]:
    """The deal is over: Twinned Dragon Kings' honors and wing choices, whichever
    command settled it (``dk showdown`` or ``table showdown``)."""
    state = wings(tx, table)
    events = dragons_played(tx, table, state, dragons, honors, deal) if dragons else []
    deal.street = "showdown"
    deal.settled = True
    put(tx, table, "deal", deal.to_data())
    put(tx, table, "wings", state.to_data())
    return events


def settle(
    tx: Transaction,
    table: TableInfo,
    cards: GameCards,
    put_in: Mapping[str, int],
    folded: Sequence[str] = (),
    result: str | None = None,
    extra: Mapping[str, Any] | None = None,
) -> Settled:
    """``dk showdown`` and ``table showdown``: the deal's showdown with its points, settled
    by the showdown file's rules (:class:`DragonKingsShowdown`) from the table's cards,
    wing cards, First Honors, misdeal penalties, trades' costs and posted blinds; then
    the table's own bookkeeping: honors, wing choices and each guest's points."""
    from companion.games.dragon_kings.showdown import DragonKingsShowdown
    from companion.games.dragon_kings.showdown_input import DragonKingsShowdownIn
    from companion.poker.showdown_input import describe

    deal = deal_state(tx, table)
    if not deal.under_way:
        raise CompanionError(
            "no deal is under way: start one with 'companion dk deal'"
            if deal.street != "showdown"
            else "this deal is settled: start the next with 'companion dk deal'"
        )
    seated = deal.seated or list(table.players)
    tracked = table_betting.load(tx, table)
    if tracked is not None and not put_in:  # the table ran the betting: no bets to type
        folds = table_betting.settled_amounts(tracked)[1]
        put_in = dict(tracked.state.contributions)  # penalties and trades come in apart
        folded = [*folds, *(f for f in folded if f not in folds)]
    put_in = spread_everyone(put_in, seated)
    for name in [*put_in, *folded]:
        if table.player(name) not in seated:
            raise CompanionError(f"{name}: out of the game, not dealt in this deal")
    out = set(deal.folded) | {table.player(n) for n in folded}
    live = [p for p in seated if p not in out]
    if not live:
        raise CompanionError("--fold: somebody must still be in the deal to take the pot")
    if len(live) > 1 and deal.street != "river":
        raise CompanionError("the board is not complete: deal the rest with 'companion dk board'")
    unknown = sorted(set(extra or {}) - _FILE_FIELDS)
    if unknown:
        raise CompanionError(
            f"{unknown[0]}: a Dragon Kings table knows this already; a file given to "
            f"'table showdown' may add only {', '.join(sorted(_FILE_FIELDS))}"
        )
    points = pts.points_of(tx, table)
    bets = pts.contributions(
        {table.player(n): v for n, v in put_in.items()},
        seated,
        posted=deal.posted,
        owed=owed_by(deal),
        points=points,
    )
    shown = len(live) > 1
    data: dict[str, Any] = {
        "game": GAME,
        "players": [
            {"name": p, "put_in": bets[p], "folded": p in out}
            | ({"hand": [c.code for c in hole(tx, table, cards, p)]} if p in live and shown else {})
            for p in seated
        ],
        "board": [c.code for c in board_cards(tx, table, cards)],
        "wings": wings(tx, table).in_force() or ["none"],
        "first_honors": shown and not get(tx, table, "honors"),
        "misdeals": (
            {p: deal.penalty_points.get(p, MISDEAL_PENALTY) for p in deal.penalties}
            if deal.penalty_points
            else list(deal.penalties)
        ),
        "swap_costs": dict(deal.swap_costs),
        "carried": int(get(tx, table, "carried", 0)),
        **dict(extra or {}),
    }
    if result is not None:
        data["result"] = result
    elif not shown:
        data["result"] = live[0]  # everyone else folded: no hand is shown
    try:
        spec = DragonKingsShowdownIn.model_validate(data)
    except ValidationError as exc:
        raise CompanionError(describe(exc, data, "Dragon Kings")) from None
    settled = DragonKingsShowdown(spec).run()
    for p in [p for p in seated if p in out and p not in deal.folded]:
        muck(tx, table, deal, p)
    hands = {line.name: line.hand for line in settled.players}
    dragons = dragon_winners(settled.winners, hands) if shown else []
    honors: dict[str, int] = {}
    notes = []
    if deal.hidden_river:
        board = " ".join(c.symbol for c in board_cards(tx, table, cards))
        notes.append(f"Shrouded River: the river is turned (board {board})")
    if not shown:
        notes.append(f"{live[0]} wins: everyone else folded (no hand is shown)")
    notes += close_deal(tx, table, deal, dragons, honors)
    put(tx, table, "carried", settled.carry_over)
    after = None
    if points is not None:
        after = pts.after_pot(points, bets, settled.payouts, settled.bank)
        pts.set_points(tx, table, after)
        left = {p: pts.rebuys_left(tx, table, p) for p in table.players}
        notes += pts.points_notes(points, after, table.players, left)
    event = DkSettled(
        deal.number,
        tuple(settled.winners),
        dict(settled.payouts),
        dict(honors),
        dict(after or {}),
    )
    tx.record(table, event)
    return Settled(settled, tuple(notes), points=after, honors=honors)


def misdeal(tx: Transaction, table: TableInfo, player: str) -> TableEvent:
    """A player fouled the deal: it is void, the same dealer deals again, and the
    fouler owes 40 points, paid into the following deal's pot."""
    deal = deal_state(tx, table)
    if deal.street != "preflop" or deal.settled:
        raise CompanionError(
            "a misdeal is called while the hole cards are out, before the flop "
            f"(deal {deal.number} is at the {deal.street})"
            if deal.number
            else "no deal is under way: nothing to foul"
        )
    owing = list(get(tx, table, "misdeals", []))
    owing.append(player)
    put(tx, table, "misdeals", owing)
    state = wings(tx, table)
    state.choosers = list(deal.choosers_before)
    put(tx, table, "wings", state.to_data())
    deal.misdealt = deal.settled = True
    deal.street = "misdeal"
    table_betting.clear(tx, table)  # the void deal's bets go back
    put(tx, table, "deal", deal.to_data())
    tx.record(table, DkMisdeal(deal.number, player), actor=player)
    return TableEvent(
        (
            f"misdeal: deal {deal.number} is void; {deal.dealer} deals again ('companion dk deal')",
            f"{player} places {MISDEAL_PENALTY} points in the pot of the next deal",
        )
    )


def dragons_played(
    tx: Transaction,
    table: TableInfo,
    state: WingState,
    dragons: list[str],
    honors: dict[str, int],
    deal: DealState,
) -> list[str]:
    events: list[str] = []
    if not get(tx, table, "honors"):
        honors.update(first_honors(dragons))
        for player, points in honors.items():
            add_bonus(tx, table, player, points)
        put(tx, table, "honors", {"players": dragons, "deal": deal.number})
        each = " each" if len(dragons) > 1 else ""
        events.append(
            f"First Honors: {names_text(dragons)} won with the game's first Twinned "
            f"Dragon Kings: {honors[dragons[0]]} points from the house{each}"
        )
    elif state.permanent or state.temporary:
        gone = names_text([wing_card(c).name for c in state.in_force()])
        events.append(
            f"a second hand of Twinned Dragon Kings: {gone} "
            f"{'is' if len(state.in_force()) == 1 else 'are'} negated"
        )
        negate(tx, table, state.in_force())
        state.permanent = state.permanent_by = state.temporary = state.temporary_by = None
    # Tied dragons: the first of them clockwise from the dealer chooses.
    seat = table.players.index(deal.dealer) if deal.dealer in table.players else -1
    order = [table.players[(seat + 1 + i) % len(table.players)] for i in range(len(table.players))]
    player = next(p for p in order if p in dragons)
    state.dragon_player = player
    state.choosers = [player] + [p for p in state.choosers if p != player]
    events.append(
        f"{player} may make one voluntary wing card permanent ('companion dk permanent') "
        "and put another into play ('companion dk wing NAME')"
    )
    return events
