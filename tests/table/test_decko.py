"""DECKO at the table (seed 002): setup, the seven steps of a round, buying, loans, the end."""

from __future__ import annotations

import contextlib
import io
import sys
from collections import Counter
from typing import Any

import pytest

from companion.cards import load_game
from companion.cli.app import run as run_cli
from companion.errors import CompanionError
from companion.events import read_event, sentence
from companion.games.decko import table_rules as decko
from companion.games.decko.events import (
    Folded,
    LoanTaken,
    RoundStarts,
    SmolderingBurnOwed,
    StartingBets,
    ToAct,
    VampireFeeds,
)
from companion.games.decko.mat import sync
from companion.games.decko.table_rules import MARKET_SLOTS, TOTAL_CHIPS, DeckoRules, Mat
from companion.table import TableInfo, TableStore, discard, draw, new_table, undo
from tests.conftest import invoke

CARDS = load_game("decko")
RULES = DeckoRules("decko")


def _new(
    store: TableStore, players: tuple[str, ...] = ("ann", "ben", "cat"), seed: int = 5
) -> TableInfo:
    with store.transaction() as tx:
        table, _ = new_table(tx, "friday", "decko", list(players), seed=seed)
    return table


def _mat(store: TableStore, table: TableInfo) -> Mat:
    with store.transaction(write=False) as tx:
        return RULES.mat(tx, table)


def _ids(store: TableStore, table: TableInfo, refs: list[str]) -> list[str]:
    with store.transaction(write=False) as tx:
        rows = {f"{c.deck}#{c.copy}": c.card_id for c in tx.cards(table)}
    return [rows[r] for r in refs]


def _do(
    store: TableStore, table: TableInfo, action: Any, *args: Any, **kw: Any
) -> decko.DeckoEvent:
    with store.transaction() as tx:
        result: decko.DeckoEvent = action(tx, table, *args, **kw)
    return result


def _take_out(mat: Mat, ref: str) -> None:
    lists: list[list[Any]] = [mat.market_deck, mat.aside, *mat.jokers.values()]
    for seat in mat.seats.values():
        lists += [seat.draw, seat.hand, seat.discard, seat.burn, seat.jokers, seat.bought]
    for pile in lists:
        if ref in pile:
            pile.remove(ref)
            return
    if ref in mat.market:
        mat.market[mat.market.index(ref)] = None
        return
    raise AssertionError(f"{ref} is nowhere on the mat")


def _rig(store: TableStore, table: TableInfo, **hands: list[str]) -> None:
    """Give players exact hands (card ids), their old hand going under their draw pile."""
    with store.transaction() as tx:
        mat = RULES.mat(tx, table)
        by_id = {c.card_id: f"{c.deck}#{c.copy}" for c in tx.cards(table)}
        for player, ids in hands.items():
            seat = mat.seats[player]
            seat.draw += seat.hand
            seat.hand = []
            for card_id in ids:
                ref = by_id[card_id]
                _take_out(mat, ref)
                seat.hand.append(ref)
        mat.market = [r if r is not None else mat.market_deck.pop(0) for r in mat.market]
        sync(tx, table, mat)
        tx.put_state(table, decko.NS, "mat", mat.to_data())


def _give_joker(store: TableStore, table: TableInfo, player: str, joker: str) -> None:
    with store.transaction() as tx:
        mat = RULES.mat(tx, table)
        ids = {c.card_id: f"{c.deck}#{c.copy}" for c in tx.cards(table)}
        _take_out(mat, ids[joker])
        mat.seats[player].jokers.append(ids[joker])
        sync(tx, table, mat)
        tx.put_state(table, decko.NS, "mat", mat.to_data())


def _name(store: TableStore, table: TableInfo, ref: str) -> str:
    return str(CARDS.get(_ids(store, table, [ref])[0]).name)


def _chips(mat: Mat) -> int:
    return mat.house + mat.house_bet + sum(s.chips + s.bet for s in mat.seats.values())


# -- setup --------------------------------------------------------------------------------------


def test_setup_each_player_gets_their_own_fruit_deck_of_fourteen(store: TableStore) -> None:
    table = _new(store)
    mat = _mat(store, table)
    for player in table.players:
        ids = _ids(store, table, mat.seats[player].draw)
        fruits = {CARDS.get(i).fruit for i in ids}
        assert len(ids) == 14 and len(fruits) == 1
        assert Counter(CARDS.get(i).rank for i in ids) == dict.fromkeys("2345678", 2)
    fruits = [CARDS.get(_ids(store, table, mat.seats[p].draw)[0]).fruit for p in table.players]
    assert len(set(fruits)) == 3


def test_setup_deals_one_market_card_onto_each_of_five_slots(store: TableStore) -> None:
    table = _new(store)
    mat = _mat(store, table)
    assert len(mat.market) == MARKET_SLOTS and all(mat.market)
    assert len(mat.market_deck) == 52 - MARKET_SLOTS
    data = invoke("table", "show", "--json").json()["decko"]
    assert [s["slot"] for s in data["market"]] == [1, 2, 3, 4, 5]
    assert data["market"][-1]["price"] == 0  # the rightmost card is free


def test_table_show_never_breaks_a_market_card_or_joker_name_at_80_columns(
    store: TableStore,
) -> None:
    _new(store)
    data = invoke("table", "show", "--json").json()["decko"]
    lines = invoke("table", "show").stdout.splitlines()
    assert all(len(line) <= 80 for line in lines)
    names = [s["name"] for s in data["market"]] + [t["name"] for t in data["joker_tops"].values()]
    assert all(any(name in line for line in lines) for name in names)
    wild = next(line for line in lines if line.startswith("wildcards: "))
    assert all(name in wild for name in data["wildcards"].values())


def test_setup_six_joker_piles_by_type_and_the_two_player_removals(store: TableStore) -> None:
    three = _new(store)
    mat = _mat(store, three)
    assert sorted(mat.jokers) == sorted(decko.JOKER_TYPES)
    for kind, pile in mat.jokers.items():
        assert {CARDS.get(i).joker_type for i in _ids(store, three, pile)} == {kind}
    assert sum(len(p) for p in mat.jokers.values()) == 37
    with store.transaction() as tx:
        two, _ = new_table(tx, "two", "decko", ["ann", "ben"], seed=5)
    mat2 = _mat(store, two)
    boxed = {
        CARDS.get(i).name for i in _ids(store, two, mat2.aside) if CARDS.get(i).deck == "jokers"
    }
    assert boxed == {"Fortune Teller", "Harlequin", "Pizza Time", "Patchface", "Robin"}
    assert sum(len(p) for p in mat2.jokers.values()) == 32


def test_setup_twenty_chips_a_loan_card_and_the_blind_card_to_a_random_player(
    store: TableStore,
) -> None:
    table = _new(store)
    mat = _mat(store, table)
    assert [mat.seats[p].chips for p in table.players] == [20, 20, 20]
    assert mat.house == TOTAL_CHIPS - 60
    assert set(mat.loan_cards) == set(table.players)
    assert mat.blind in table.players
    blinds = set()
    for seed in range(8):
        with store.transaction() as tx:
            other, _ = new_table(tx, f"t{seed}", "decko", ["ann", "ben", "cat"], seed=seed)
            blinds.add(RULES.mat(tx, other).blind)
    assert blinds == {"ann", "ben", "cat"}


def test_decko_seats_two_to_five_players(store: TableStore) -> None:
    with store.transaction() as tx, pytest.raises(CompanionError, match="2 to 5 players"):
        new_table(tx, "solo", "decko", ["ann"], seed=1)


# -- steps 1 to 3 --------------------------------------------------------------------------------


def test_starting_bets_the_house_and_the_blind_bet_the_minimum(store: TableStore) -> None:
    table = _new(store)
    _do(store, table, decko.start_round)
    mat = _mat(store, table)
    assert (mat.round, mat.house_bet, mat.seats[mat.blind].bet) == (1, 1, 1)
    assert mat.seats[mat.blind].chips == 19
    assert all(len(mat.seats[p].hand) == 5 for p in table.players)
    assert mat.turn == mat.order()[0] != mat.blind


def test_in_a_two_player_game_the_house_bets_double(store: TableStore) -> None:
    table = _new(store, ("ann", "ben"))
    _do(store, table, decko.start_round)
    mat = _mat(store, table)
    assert (mat.house_bet, mat.seats[mat.blind].bet) == (2, 1)


def test_advance_round_tracker_and_pass_the_blind_card_clockwise(store: TableStore) -> None:
    table = _new(store)
    _do(store, table, decko.start_round)
    first = _mat(store, table).blind
    _everyone_folds(store, table)
    _do(store, table, decko.start_round)
    mat = _mat(store, table)
    players = list(table.players)
    assert mat.round == 2
    assert mat.blind == players[(players.index(first) + 1) % 3]


def _everyone_folds(store: TableStore, table: TableInfo) -> None:
    while _mat(store, table).phase == "betting":
        _do(store, table, decko.fold, _mat(store, table).turn)


def test_if_all_players_fold_the_house_bet_returns_to_the_house(store: TableStore) -> None:
    table = _new(store)
    _do(store, table, decko.start_round)
    before = _mat(store, table)
    _everyone_folds(store, table)
    mat = _mat(store, table)
    assert mat.phase == "between" and mat.house_bet == 0
    assert mat.house == before.house + before.house_bet + 1  # the blind's folded chip too
    assert _chips(mat) == TOTAL_CHIPS


def test_round_track_comes_from_the_timers_decko_structure(store: TableStore) -> None:
    from companion.timer.structure import load_structure

    track = load_structure("decko")
    table = _new(store)
    for number in range(1, 13):
        level = RULES.round_info(number)
        assert (level.min_bet, level.max_bet) == (
            track.level(number).min_bet,
            track.level(number).max_bet,
        )
    assert (RULES.round_info(4).min_bet, RULES.round_info(12).max_bet) == (2, 12)
    del table


def test_refreshing_the_mat_when_the_tracker_enters_a_trash_can_space(store: TableStore) -> None:
    table = _new(store)
    for _ in range(3):
        _do(store, table, decko.start_round)
        _everyone_folds(store, table)
    before = _mat(store, table)
    event = _do(store, table, decko.start_round)  # round 4 has the trash can
    mat = _mat(store, table)
    assert mat.round == 4
    assert any("refreshed" in e for e in event.events)
    assert not set(mat.market) & set(before.market)
    assert before.market[0] in mat.market_deck[-MARKET_SLOTS:]
    for kind, pile in mat.jokers.items():
        assert pile[-1] == before.jokers[kind][0]


def test_refreshing_the_mat_is_announced_before_the_new_market_is_named(
    store: TableStore,
) -> None:
    table = _new(store)
    for _ in range(3):
        _do(store, table, decko.start_round)
        _everyone_folds(store, table)
    events = list(_do(store, table, decko.start_round).events)
    refreshed = next(i for i, e in enumerate(events) if e.startswith("the mat is refreshed"))
    refilled = next(i for i, e in enumerate(events) if e.startswith("the market is refilled"))
    assert refreshed < refilled


def test_wildcard_ante_every_player_pays_the_minimum_to_the_house_bet(store: TableStore) -> None:
    table = _new(store)
    for _ in range(4):
        _do(store, table, decko.start_round)
        _everyone_folds(store, table)
    event = _do(store, table, decko.start_round)  # round 5: the red wildcard
    mat = _mat(store, table)
    assert mat.wildcard == "red"
    assert any("wildcard round" in e for e in event.events)
    # the house bets 2, every player antes 2 (the rulebook's 4-player example: 10 on the space)
    assert mat.house_bet == 2 + 3 * 2
    assert mat.seats[mat.blind].bet == 2
    assert _chips(mat) == TOTAL_CHIPS


def test_deal_phase_a_spent_draw_pile_is_rebuilt_from_the_discard_pile(store: TableStore) -> None:
    table = _new(store)
    for _ in range(2):
        _do(store, table, decko.start_round)
        _everyone_folds(store, table)
    player = table.players[0]
    assert len(_mat(store, table).seats[player].draw) == 4  # 14 cards, two hands of five drawn
    event = _do(store, table, decko.start_round)
    assert any(f"{player} shuffles the discard pile" in e for e in event.events)
    seat = _mat(store, table).seats[player]
    assert (len(seat.hand), len(seat.draw), len(seat.discard)) == (5, 9, 0)


# -- step 4: betting ------------------------------------------------------------------------------


def test_players_act_in_turn_order_from_the_left_of_the_blind(store: TableStore) -> None:
    table = _new(store)
    _do(store, table, decko.start_round)
    mat = _mat(store, table)
    late = mat.order()[1]
    with store.transaction() as tx, pytest.raises(CompanionError, match=f"{mat.turn}'s turn"):
        decko.call(tx, table, late)


def test_raise_one_chip_above_the_highest_bet_up_to_the_maximum(store: TableStore) -> None:
    table = _new(store)
    _do(store, table, decko.start_round)
    a, b, blind = _mat(store, table).order()
    _do(store, table, decko.raise_bet, a)
    assert _mat(store, table).seats[a].bet == 2
    _do(store, table, decko.raise_bet, b)
    _do(store, table, decko.raise_bet, blind)
    _do(store, table, decko.raise_bet, a)
    assert _mat(store, table).highest_bet() == 5  # round 1: the maximum is 5
    with store.transaction() as tx, pytest.raises(CompanionError, match="maximum of 5"):
        decko.raise_bet(tx, table, b)


def test_betting_ends_when_bets_are_equal_after_the_blinds_turn(store: TableStore) -> None:
    table = _new(store)
    _do(store, table, decko.start_round)
    a, b, blind = _mat(store, table).order()
    _do(store, table, decko.call, a)
    _do(store, table, decko.call, b)
    assert _mat(store, table).phase == "betting"
    event = _do(store, table, decko.call, blind)  # the blind already has 1: calls with nothing
    assert any("reveals" in e for e in event.events)
    assert _mat(store, table).phase in ("buying", "between")


def test_burn_in_the_first_betting_round_puts_a_card_on_the_burn_pile_and_draws(
    store: TableStore,
) -> None:
    table = _new(store)
    _do(store, table, decko.start_round)
    a = _mat(store, table).turn
    before = _mat(store, table).seats[a]
    _do(store, table, decko.burn, a, "1")
    seat = _mat(store, table).seats[a]
    assert seat.burn == [before.hand[0]] and len(seat.hand) == 5
    assert seat.hand[-1] == before.draw[0]
    with store.transaction() as tx, pytest.raises(CompanionError, match="once, before acting"):
        decko.burn(tx, table, a, "1")


def test_burn_is_refused_to_a_player_with_only_seven_cards(store: TableStore) -> None:
    table = _new(store)
    _do(store, table, decko.start_round)
    a = _mat(store, table).turn
    with store.transaction() as tx:
        mat = RULES.mat(tx, table)
        seat = mat.seats[a]
        mat.aside += seat.draw[:7]
        seat.draw = seat.draw[7:]
        sync(tx, table, mat)
        tx.put_state(table, decko.NS, "mat", mat.to_data())
    assert _mat(store, table).seats[a].deck_size == 7
    with store.transaction() as tx, pytest.raises(CompanionError, match="fewer than 7"):
        decko.burn(tx, table, a, "1")


def test_fold_bet_goes_to_the_house_bet_and_a_market_card_to_the_discard_pile(
    store: TableStore,
) -> None:
    table = _new(store)
    _do(store, table, decko.start_round)
    a, b, blind = _mat(store, table).order()
    _do(store, table, decko.raise_bet, a)
    _do(store, table, decko.call, b)
    _do(store, table, decko.raise_bet, blind)  # 3: the second betting round comes to a
    before = _mat(store, table)
    slot3 = before.market[2]
    _do(store, table, decko.fold, a, take=["3"])
    mat = _mat(store, table)
    assert mat.seats[a].folded and mat.seats[a].bet == 0
    assert mat.house_bet == before.house_bet + 2
    assert mat.seats[a].discard[0] == slot3  # the market card on top of the hand
    assert len(mat.seats[a].discard) == 6
    # the market slid right and a new card came into the leftmost slot
    assert mat.market[1:3] == before.market[0:2] and mat.market[0] == before.market_deck[0]
    assert mat.turn == b


def test_last_player_standing_wins_the_bets_and_the_house_bet_and_buys_alone(
    store: TableStore,
) -> None:
    table = _new(store)
    _do(store, table, decko.start_round)
    a, b, blind = _mat(store, table).order()
    _do(store, table, decko.raise_bet, a)
    _do(store, table, decko.fold, b)
    event = _do(store, table, decko.fold, blind)
    mat = _mat(store, table)
    assert any("last player standing" in e for e in event.events)
    assert mat.seats[a].chips == 20 - 2 + 2 + 1 + 1  # own bet, the blind's folded 1, house 1
    assert mat.phase == "buying" and mat.buyers == [a]
    assert event.reveal["last_player_standing"] == a
    assert mat.seats[a].money == event.reveal["money"]


# -- step 5: reveal ---------------------------------------------------------------------------------


def test_reveal_the_best_set_wins_the_bets_and_the_losers_buy_with_its_value(
    store: TableStore,
) -> None:
    table = _new(store)
    _do(store, table, decko.start_round)
    a, b, blind = _mat(store, table).order()
    _rig(
        store,
        table,
        **{
            a: ["plain-8s", "plain-8h", "plain-8d", "junk-food-2d", "junk-food-3s"],
            b: ["chip-9h", "voucher-4s", "junk-food-6c", "junk-food-7s", "chip-2h"],
            blind: ["credit-5c", "credit-6s", "dissolving-2c", "smoldering-3h", "jovial-jack-js"],
        },
    )
    for p in (a, b, blind):
        _do(store, table, decko.call, p)
    mat = _mat(store, table)
    assert mat.reveal["winners"] == [a]
    assert mat.seats[a].chips == 20 + 3  # three bets of 1 and the house's 1, less its own 1
    assert mat.seats[a].hand == [] and len(mat.seats[a].discard) == 5  # the winner discards
    assert mat.buyers == [b, blind]
    assert mat.seats[b].money == 0  # high card: $0
    assert mat.seats[blind].money == 1 + 3 + 3  # a pair of threes $1, two credit cards
    assert mat.seats[b].chips == 20 - 1 + 3  # chip cards pay on reveal, win or lose


def test_tied_sets_split_the_pot_and_odd_chips_return_to_the_house(store: TableStore) -> None:
    table = _new(store)
    _do(store, table, decko.start_round)
    a, b, blind = _mat(store, table).order()
    _rig(
        store,
        table,
        **{
            a: ["plain-8s", "plain-8h", "junk-food-2d"],
            b: ["plain-8d", "plain-8c", "junk-food-3s"],
            blind: ["junk-food-6c", "junk-food-7s", "dissolving-2c"],
        },
    )
    for p in (a, b, blind):
        _do(store, table, decko.call, p)
    mat = _mat(store, table)
    assert sorted(mat.reveal["winners"]) == sorted([a, b])
    # a pot of 4 (three bets and the house bet) splits 2 and 2; no odd chip here
    assert (mat.seats[a].chips, mat.seats[b].chips) == (21, 21)
    assert _chips(mat) == TOTAL_CHIPS


def test_pro_table_nobody_can_score_nobody_wins_and_everyone_buys(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        mat = RULES.mat(tx, table)
        blue = next(
            r
            for r, c in {f"{c.deck}#{c.copy}": c for c in tx.cards(table)}.items()
            if c.card_id == "pro-table"
        )
        old = mat.wildcards["blue"]
        mat.aside.remove(blue)
        mat.aside.append(old)
        mat.wildcards["blue"] = blue
        mat.round = 9
        mat.phase = "between"
        sync(tx, table, mat)
        tx.put_state(table, decko.NS, "mat", mat.to_data())
    _do(store, table, decko.start_round)  # round 10: the blue wildcard
    assert _mat(store, table).wildcard == "blue"
    order = _mat(store, table).order()
    for p in order:
        _do(store, table, decko.call, p)
    mat = _mat(store, table)
    assert mat.reveal["winners"] == []
    assert mat.buyers == order
    assert not any("discards" in e for e in [])
    assert all(mat.seats[p].chips == 20 - 3 for p in order)  # the ante goes, bets come back
    assert _chips(mat) == TOTAL_CHIPS


# -- step 6: buying -----------------------------------------------------------------------------


def _to_buying(
    store: TableStore, table: TableInfo, joker: str | None = None
) -> tuple[str, decko.DeckoEvent]:
    """Play round 1 to a reveal with one buyer holding $6 (two credit cards), who may own a
    joker; return the buyer and the events of the last fold."""
    _do(store, table, decko.start_round)
    a, b, blind = _mat(store, table).order()
    if joker:
        _give_joker(store, table, b, joker)
    _rig(
        store,
        table,
        **{
            a: ["plain-8s", "plain-8h", "plain-8d", "junk-food-6c"],
            b: ["credit-5c", "credit-6s", "junk-food-2d", "junk-food-3s"],
        },
    )
    _do(store, table, decko.call, a)
    _do(store, table, decko.call, b)
    event = _do(store, table, decko.fold, blind)
    assert _mat(store, table).buyers == [b]
    return b, event


def test_market_cards_are_bought_for_their_price_and_the_rightmost_is_free(
    store: TableStore,
) -> None:
    table = _new(store)
    buyer, _ = _to_buying(store, table)
    mat = _mat(store, table)
    money = mat.seats[buyer].money
    first = CARDS.get(_ids(store, table, [mat.market[0]])[0])
    _do(store, table, decko.buy, buyer, "1")
    _do(store, table, decko.buy, buyer, "5")
    after = _mat(store, table)
    assert after.seats[buyer].money == money - first.price
    assert after.market[0] is None and after.market[4] is None  # refilled only when done
    assert after.seats[buyer].bought == [mat.market[0], mat.market[4]]


def _to_market_slot_five(store: TableStore, table: TableInfo, card_id: str) -> None:
    with store.transaction() as tx:
        mat = RULES.mat(tx, table)
        ref = next(f"{c.deck}#{c.copy}" for c in tx.cards(table) if c.card_id == card_id)
        old = mat.market[4]
        _take_out(mat, ref)
        mat.market[4] = ref
        if old is not None:
            mat.market_deck.append(old)
        sync(tx, table, mat)
        tx.put_state(table, decko.NS, "mat", mat.to_data())


def test_smoldering_card_bought_without_a_burn_asks_and_the_next_burn_pays_it(
    store: TableStore,
) -> None:
    """Smoldering cards: bought without --burn, the table asks which card; the buyer's next
    'decko burn' is that burn (free), and the $2 burn is still there to buy."""
    table = _new(store)
    buyer, _ = _to_buying(store, table)
    _to_market_slot_five(store, table, "smoldering-3h")
    event = _do(store, table, decko.buy, buyer, "5")
    (owed,) = [e for e in event.effects if isinstance(e, SmolderingBurnOwed)]
    assert (owed.player, owed.left) == (buyer, 1) and len(owed.cards) == 4
    assert f"'companion decko burn {buyer} CARD'" in event.events[-1]
    assert not any("undo" in e for e in event.events)
    money = _mat(store, table).seats[buyer].money
    _do(store, table, decko.burn, buyer, "junk-food-2d")
    mat = _mat(store, table)
    assert _ids(store, table, mat.seats[buyer].burn) == ["junk-food-2d"]
    assert mat.seats[buyer].money == money and mat.seats[buyer].smoldering is None
    _do(store, table, decko.burn, buyer, "junk-food-3s")  # now the $2 special action
    assert _mat(store, table).seats[buyer].money == money - 2
    _do(store, table, undo)
    _do(store, table, undo)
    _do(store, table, undo)
    event = _do(store, table, decko.buy, buyer, "5", ["1"])  # --burn still works
    assert not any(isinstance(e, SmolderingBurnOwed) for e in event.effects)


def test_smoldering_card_taken_by_a_fold_burns_from_the_folded_hand_afterwards(
    store: TableStore,
) -> None:
    table = _new(store)
    _do(store, table, decko.start_round)
    first, second, _ = _mat(store, table).order()
    _to_market_slot_five(store, table, "smoldering-3h")
    hand = _mat(store, table).seats[first].hand
    event = _do(store, table, decko.fold, first, take=["5"])
    (owed,) = [e for e in event.effects if isinstance(e, SmolderingBurnOwed)]
    assert owed.cards == tuple(_name(store, table, r) for r in hand)
    assert _mat(store, table).turn == second  # the table goes on meanwhile
    owed_now = invoke("table", "show", "--json").json()["decko"]["players"][first]["smoldering"]
    assert owed_now["left"] == 1 and owed_now["card"] == "Smoldering Three of Hearts"
    with store.transaction() as tx, pytest.raises(CompanionError, match="may burn for"):
        decko.burn(tx, table, first, "9")
    _do(store, table, decko.burn, first, "2")  # the second card of the folded hand
    mat = _mat(store, table)
    assert mat.seats[first].burn == [hand[1]] and hand[1] not in mat.seats[first].discard
    assert mat.seats[first].smoldering is None and mat.turn == second
    with store.transaction() as tx, pytest.raises(CompanionError, match="turn to act"):
        decko.burn(tx, table, first, "1")  # nothing is owed any more


def test_a_smoldering_card_with_two_burn_symbols_asks_for_the_second_card_too(
    store: TableStore,
) -> None:
    table = _new(store)
    buyer, _ = _to_buying(store, table)
    _to_market_slot_five(store, table, "smoldering-9c")
    event = _do(store, table, decko.buy, buyer, "5")
    (owed,) = [e for e in event.effects if isinstance(e, SmolderingBurnOwed)]
    assert owed.left == 2
    event = _do(store, table, decko.burn, buyer, "1")
    (again,) = [e for e in event.effects if isinstance(e, SmolderingBurnOwed)]
    assert again.left == 1 and again.cards == owed.cards[1:]
    event = _do(store, table, decko.burn, buyer, "1")
    assert not any(isinstance(e, SmolderingBurnOwed) for e in event.effects)
    assert _mat(store, table).seats[buyer].smoldering is None
    assert len(_mat(store, table).seats[buyer].burn) == 2


class _Terminal(io.StringIO):
    def isatty(self) -> bool:  # a player typing at the prompt
        return True


def test_at_a_terminal_a_smoldering_card_taken_by_a_fold_asks_which_card_to_burn(
    store: TableStore,
) -> None:
    table = _new(store)
    _do(store, table, decko.start_round)
    first = _mat(store, table).order()[0]
    _to_market_slot_five(store, table, "smoldering-3h")
    hand = _mat(store, table).seats[first].hand
    out = io.StringIO()
    saved, sys.stdin = sys.stdin, _Terminal("nine\n3\n")  # a wrong answer, then the third
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            code = run_cli(["decko", "fold", first, "--take", "5"])
    finally:
        sys.stdin = saved
    assert code == 0
    said = " ".join(out.getvalue().split())
    assert (
        "Burn which card for Smoldering Three of Hearts? (number or name, Enter for none):" in said
    )
    assert f"{first} burns {_name(store, table, hand[2])} (Smoldering Three of Hearts)" in said
    mat = _mat(store, table)
    assert mat.seats[first].burn == [hand[2]] and mat.seats[first].smoldering is None


def test_special_actions_only_once_each_buying_phase(store: TableStore) -> None:
    table = _new(store)
    buyer, _ = _to_buying(store, table)
    _do(store, table, decko.buy_chips, buyer, 1)
    assert _mat(store, table).seats[buyer].chips == 20 - 1 + 1
    with store.transaction() as tx, pytest.raises(CompanionError, match="already done 'chips'"):
        decko.buy_chips(tx, table, buyer, 1)
    _do(store, table, decko.flush_market, buyer)
    assert _mat(store, table).seats[buyer].money == 6 - 2 - 2


def test_a_burn_while_betting_and_a_paid_burn_while_buying_are_two_actions(
    store: TableStore,
) -> None:
    """BURN in the first betting round is free and draws; "Burn a card" in the buying phase
    is a special action for $2: doing the first leaves the second open."""
    table = _new(store)
    _do(store, table, decko.start_round)
    a, b, blind = _mat(store, table).order()
    _rig(
        store,
        table,
        **{
            a: ["plain-8s", "plain-8h", "plain-8d", "junk-food-6c"],
            b: ["credit-5c", "credit-6s", "junk-food-2d", "junk-food-3s"],
        },
    )
    _do(store, table, decko.call, a)
    _do(store, table, decko.burn, b, "junk-food-3s")  # free, and draws
    with store.transaction() as tx, pytest.raises(CompanionError, match="once, before acting"):
        decko.burn(tx, table, b, "1")
    _do(store, table, decko.call, b)
    _do(store, table, decko.fold, blind)
    assert _mat(store, table).buyers == [b]
    money = _mat(store, table).seats[b].money
    _do(store, table, decko.burn, b, "junk-food-2d")  # the $2 special action
    mat = _mat(store, table)
    assert mat.seats[b].money == money - 2
    assert _ids(store, table, mat.seats[b].burn) == ["junk-food-2d", "junk-food-3s"]
    with store.transaction() as tx, pytest.raises(CompanionError, match="already done 'burn'"):
        decko.burn(tx, table, b, "1")


def test_buy_chips_one_two_or_three_for_two_three_or_five_dollars(store: TableStore) -> None:
    table = _new(store)
    buyer, _ = _to_buying(store, table)
    _do(store, table, decko.buy_chips, buyer, 3)
    mat = _mat(store, table)
    assert (mat.seats[buyer].chips, mat.seats[buyer].money) == (20 - 1 + 3, 1)
    with store.transaction() as tx, pytest.raises(CompanionError, match="1, 2 or 3"):
        decko.buy_chips(tx, table, buyer, 4)


def test_a_joker_costs_chips_and_a_player_has_one_of_each_type(store: TableStore) -> None:
    table = _new(store)
    buyer, _ = _to_buying(store, table)
    mat = _mat(store, table)
    top = CARDS.get(_ids(store, table, [mat.jokers["BUY"][0]])[0])
    _do(store, table, decko.buy_joker, buyer, "buy")
    after = _mat(store, table)
    assert after.seats[buyer].chips == 19 - top.cost
    assert after.seats[buyer].jokers == [mat.jokers["BUY"][0]]
    with (
        store.transaction() as tx,
        pytest.raises(CompanionError, match="a joker this buying phase"),
    ):
        decko.buy_joker(tx, table, buyer, "DEAL")


def test_done_discards_hand_and_bought_cards_and_refills_the_market(store: TableStore) -> None:
    table = _new(store)
    buyer, _ = _to_buying(store, table)
    mat = _mat(store, table)
    _do(store, table, decko.buy, buyer, "5")
    _do(store, table, decko.done, buyer)
    after = _mat(store, table)
    seat = after.seats[buyer]
    assert seat.discard[0] == mat.market[4] and seat.hand == [] and seat.bought == []
    assert after.market[1:] == mat.market[:4] and all(after.market)
    assert after.phase == "between"


def test_saleswoman_takes_a_dollar_off_every_purchase(store: TableStore) -> None:
    table = _new(store)
    buyer, _ = _to_buying(store, table)
    _give_joker(store, table, buyer, "saleswoman")
    _do(store, table, decko.flush_market, buyer)
    _do(store, table, decko.buy_chips, buyer, 1)
    assert _mat(store, table).seats[buyer].money == 6 - 1 - 1


def test_cherry_is_mandatory_two_chips_and_one_free_market_card(store: TableStore) -> None:
    table = _new(store)
    b, event = _to_buying(store, table, "cherry")
    assert any(f"{b} takes 2 chips (Cherry)" in e for e in event.events)
    money = _mat(store, table).seats[b].money
    _do(store, table, decko.buy, b, "1")
    assert _mat(store, table).seats[b].money == money  # free
    with store.transaction() as tx, pytest.raises(CompanionError, match="one market card"):
        decko.buy(tx, table, b, "2")


def test_chip_girl_triples_the_chips_bought(store: TableStore) -> None:
    table = _new(store)
    buyer, _ = _to_buying(store, table)
    _give_joker(store, table, buyer, "chip-girl")
    before = _mat(store, table).seats[buyer].chips
    _do(store, table, decko.buy_chips, buyer, 2)
    assert _mat(store, table).seats[buyer].chips == before + 6


# -- loans and the end of the game ----------------------------------------------------------------


def _set_chips(store: TableStore, table: TableInfo, player: str, chips: int, loans: int) -> None:
    with store.transaction() as tx:
        mat = RULES.mat(tx, table)
        seat = mat.seats[player]
        mat.house += seat.chips - chips
        seat.chips, seat.loans = chips, loans
        tx.put_state(table, decko.NS, "mat", mat.to_data())


def test_a_loan_only_when_needed_nineteen_chips_take_none(store: TableStore) -> None:
    """Loans: only a player with too few chips for their action may take one: 19 chips and
    nothing to pay is no reason (it used to give 19 -> 29 -> 39)."""
    table = _new(store)
    _do(store, table, decko.start_round)
    first = _mat(store, table).order()[0]
    _set_chips(store, table, first, 19, 0)
    with store.transaction() as tx, pytest.raises(CompanionError, match="only with an action"):
        decko.loan(tx, table, first)
    event = _do(store, table, decko.raise_bet, first)
    seat = _mat(store, table).seats[first]
    assert (seat.chips, seat.loans) == (17, 0)
    assert not any(isinstance(e, LoanTaken) for e in event.effects)


def test_a_loan_when_short_then_the_action_is_completed(store: TableStore) -> None:
    table = _new(store)
    _do(store, table, decko.start_round)
    first, second, _ = _mat(store, table).order()
    _set_chips(store, table, first, 1, 0)
    event = _do(store, table, decko.raise_bet, first)  # 2 chips, 1 in supply: one loan
    (loan,) = [e for e in event.effects if isinstance(e, LoanTaken)]
    assert (loan.player, loan.loan, loan.chips, loan.what) == (first, 1, 10, "the raise")
    mat = _mat(store, table)
    assert (mat.seats[first].chips, mat.seats[first].loans, mat.seats[first].bet) == (9, 1, 2)
    assert mat.turn == second  # the raise was completed
    assert f"{first} takes loan 1: 10 chips (the raise)" in event.events
    assert _chips(mat) == TOTAL_CHIPS


def test_a_loan_for_a_joker_bought_short_of_chips(store: TableStore) -> None:
    table = _new(store)
    buyer, _ = _to_buying(store, table)
    _set_chips(store, table, buyer, 0, 1)
    _do(store, table, decko.buy_joker, buyer, "buy")
    seat = _mat(store, table).seats[buyer]
    assert seat.loans == 2 and len(seat.jokers) == 1


def test_no_third_loan_and_an_action_even_two_loans_cannot_pay_is_refused(
    store: TableStore,
) -> None:
    table = _new(store)
    _do(store, table, decko.start_round)
    first = _mat(store, table).order()[0]
    _set_chips(store, table, first, 0, 2)
    with store.transaction() as tx, pytest.raises(CompanionError, match="has taken 2 loans"):
        decko.call(tx, table, first)
    seat = _mat(store, table).seats[first]
    assert (seat.chips, seat.loans, seat.bet) == (0, 2, 0)


def test_a_blind_player_short_of_chips_must_take_a_loan(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        mat = RULES.mat(tx, table)
        mat.house += mat.seats[mat.blind].chips
        mat.seats[mat.blind].chips = 0
        tx.put_state(table, decko.NS, "mat", mat.to_data())
    event = _do(store, table, decko.start_round)
    mat = _mat(store, table)
    assert mat.seats[mat.blind].loans == 1 and mat.seats[mat.blind].chips == 9
    assert any("takes loan 1" in e for e in event.events)


def test_the_game_ends_at_sixty_chips_loans_are_paid_back_and_most_chips_win(
    store: TableStore,
) -> None:
    table = _new(store)
    _do(store, table, decko.start_round)
    with store.transaction() as tx:
        mat = RULES.mat(tx, table)
        a = mat.order()[0]
        mat.house -= 45
        mat.seats[a].chips += 45
        mat.seats[a].loans = 2
        mat.house -= 20
        mat.seats[a].chips += 20
        tx.put_state(table, decko.NS, "mat", mat.to_data())
    _everyone_folds(store, table)
    mat = _mat(store, table)
    assert mat.phase == "over"
    assert mat.result["winners"] == [a]
    assert mat.seats[a].chips == 20 + 45 + 20 - 10  # two loans repaid, 5 chips each
    with store.transaction() as tx, pytest.raises(CompanionError, match="the game is over"):
        decko.start_round(tx, table)


# -- the table's own guarantees --------------------------------------------------------------------


def test_undo_puts_the_mat_and_every_card_back(store: TableStore) -> None:
    table = _new(store)
    _do(store, table, decko.start_round)
    before = _mat(store, table)
    with store.transaction(write=False) as tx:
        rows = sorted((c.deck, c.copy, c.pile, c.holder) for c in tx.cards(table))
    a = before.turn
    assert a is not None
    _do(store, table, decko.fold, a, take=["2"])
    with store.transaction() as tx:
        undo(tx, table)
    assert _mat(store, table) == before
    with store.transaction(write=False) as tx:
        assert sorted((c.deck, c.copy, c.pile, c.holder) for c in tx.cards(table)) == rows


def test_generic_draws_and_moves_are_refused_on_a_decko_table(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx, pytest.raises(CompanionError, match="their own piles"):
        draw(tx, table, "starting", 1, "ann")
    with store.transaction() as tx, pytest.raises(CompanionError, match="companion decko"):
        discard(tx, table, "market", "plain-8s")


def test_a_scripted_game_of_three_rounds_from_the_command_line(store: TableStore) -> None:
    """The game of docs/table.md: every command answers, chips and cards stay whole."""
    assert (
        invoke(
            "table", "new", "friday", "--game", "decko", "--players", "ann,ben,cat", "--seed", "5"
        ).exit_code
        == 0
    )
    script = [
        ["decko", "round"],
        ["decko", "burn", "ben", "1"],
        ["decko", "raise", "ben"],
        ["decko", "call", "cat"],
        ["decko", "fold", "ann", "--take", "5"],
        ["decko", "buy", "cat", "5"],
        ["decko", "done", "cat"],
        ["decko", "round"],
        ["decko", "call", "cat"],
        ["decko", "call", "ann"],
        ["decko", "call", "ben"],
    ]
    for args in script:
        result = invoke(*args)
        assert result.exit_code == 0, (args, result.stderr)
    data = invoke("table", "show", "--json").json()["decko"]
    for buyer in data["buyers"]:
        assert invoke("decko", "done", buyer).exit_code == 0
    assert invoke("decko", "round").exit_code == 0
    data = invoke("decko", "--help")
    assert data.exit_code == 0
    shown = invoke("table", "show", "--json").json()
    assert shown["decko"]["round"] == 3
    total = (
        shown["decko"]["house"]
        + shown["decko"]["house_bet"]
        + sum(p["chips"] + p["bet"] for p in shown["decko"]["players"].values())
    )
    assert total == TOTAL_CHIPS
    assert sum(d["total"] for d in shown["decks"]) == 70 + 37 + 52 + 14 + 5 + 1


def _table(store: TableStore) -> TableInfo:
    with store.transaction(write=False) as tx:
        return tx.table("friday")


def _scripted_to_buying(store: TableStore) -> tuple[str, str]:
    """From the command line: round 1 to a buying phase where ``b`` (two credit cards, $6
    or more) buys alone, having burned a junk food card while betting; returns (a, b)."""
    new = ("table", "new", "friday", "--game", "decko", "--players", "ann,ben,cat", "--seed", "5")
    assert invoke(*new).exit_code == 0
    assert invoke("decko", "round").exit_code == 0
    table = _table(store)
    a, b, blind = _mat(store, table).order()
    _rig(
        store,
        table,
        **{
            a: ["plain-8s", "plain-8h", "plain-8d", "junk-food-6c"],
            b: ["credit-5c", "credit-6s", "junk-food-2d", "junk-food-3s"],
        },
    )
    for args in (
        ["call", a],
        ["burn", b, "junk-food-3s"],
        ["call", b],
        ["fold", blind],
    ):
        result = invoke("decko", *args)
        assert result.exit_code == 0, (args, result.stderr)
    assert _mat(store, table).buyers == [b]
    return a, b


def test_scripted_gift_a_card_of_the_burn_pile_onto_another_players_draw_pile(
    store: TableStore,
) -> None:
    """Gift a card: for $3 a card leaves the giver's burn pile and tops another player's draw."""
    a, b = _scripted_to_buying(store)
    table = _table(store)
    money = _mat(store, table).seats[b].money
    result = invoke("decko", "gift", b, "1", "--to", a)
    assert result.exit_code == 0, result.stderr
    assert f"{b} pays $3 to put Junk Food Three of Spades on top of {a}'s draw pile" in (
        result.stdout.replace("\n", " ")
    )
    mat = _mat(store, table)
    assert mat.seats[b].burn == [] and mat.seats[b].money == money - 3
    assert _ids(store, table, mat.seats[a].draw[:1]) == ["junk-food-3s"]
    refused = invoke("decko", "gift", b, "1", "--to", a)
    assert refused.exit_code != 0 and "already done 'gift'" in refused.stderr
    assert invoke("decko", "done", b).exit_code == 0
    assert invoke("decko", "round").exit_code == 0  # a draws the gift in the next deal
    assert _ids(store, table, _mat(store, table).seats[a].hand[:1]) == ["junk-food-3s"]


def test_scripted_buy_chips_for_the_buying_money(store: TableStore) -> None:
    """Buy chips: 1, 2 or 3 chips for $2, $3 or $5, once a buying phase."""
    _, b = _scripted_to_buying(store)
    table = _table(store)
    before = _mat(store, table)
    result = invoke("decko", "buy-chips", b, "2")
    assert result.exit_code == 0, result.stderr
    assert f"{b} takes 2 chips (bought for $3)" in result.stdout
    mat = _mat(store, table)
    assert mat.seats[b].chips == before.seats[b].chips + 2
    assert mat.seats[b].money == before.seats[b].money - 3
    assert mat.house == before.house - 2
    refused = invoke("decko", "buy-chips", b, "1")
    assert refused.exit_code != 0 and "already done 'chips'" in refused.stderr
    assert invoke("decko", "buy-chips", b, "4").exit_code != 0
    assert _chips(_mat(store, table)) == TOTAL_CHIPS


def test_analysis_paralysis_keeps_two_cards_of_a_folded_hand_for_the_next_deal(
    store: TableStore,
) -> None:
    table = _new(store)
    _do(store, table, decko.start_round)
    a = _mat(store, table).turn
    assert a is not None
    with store.transaction() as tx, pytest.raises(CompanionError, match="only Analysis Paralysis"):
        decko.fold(tx, table, a, keep=["1"])
    _give_joker(store, table, a, "analysis-paralysis")
    hand = _mat(store, table).seats[a].hand
    _do(store, table, decko.fold, a, keep=["1", "2"])
    assert _mat(store, table).seats[a].hand == hand[:2]
    _everyone_folds(store, table)
    _do(store, table, decko.start_round)
    assert len(_mat(store, table).seats[a].hand) == 7  # two kept, five drawn


def test_chips_a_joker_takes_from_another_player(store: TableStore) -> None:
    table = _new(store)
    _do(store, table, decko.move_chips, "ann", 2, "Gun", "ben")
    mat = _mat(store, table)
    assert (mat.seats["ann"].chips, mat.seats["ben"].chips) == (22, 18)
    assert _chips(mat) == TOTAL_CHIPS


def test_tcg_take_a_card_from_the_burn_pile_of_the_player_on_your_left(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        mat = RULES.mat(tx, table)
        ids = {c.card_id: f"{c.deck}#{c.copy}" for c in tx.cards(table)}
        old = mat.wildcards["red"]
        _take_out(mat, ids["tcg"])
        mat.aside.append(old)
        mat.wildcards["red"] = ids["tcg"]
        mat.round, mat.phase = 4, "between"
        left = mat.players[(mat.players.index("ann") + 1) % 3]
        mat.seats[left].burn = [mat.seats[left].draw.pop()]
        sync(tx, table, mat)
        tx.put_state(table, decko.NS, "mat", mat.to_data())
    _do(store, table, decko.start_round)
    burned = _mat(store, table).seats[left].burn[0]
    _do(store, table, decko.tcg, "ann", "1")
    mat = _mat(store, table)
    assert mat.seats["ann"].hand[-1] == burned and mat.seats[left].burn == []


# -- the rulebook's worked examples at the table ----------------------------------------------------


def test_wildcard_ante_example_four_players_twelve_chips_to_win(store: TableStore) -> None:
    """002, Wildcard Ante: four players and the house put 2 each on the house betting space
    (10 chips), then the blind player bets 2: 12 chips to win."""
    table = _new(store, ("ann", "ben", "cat", "dan"))
    with store.transaction() as tx:
        mat = RULES.mat(tx, table)
        mat.round, mat.phase = 4, "between"  # the first wildcard round comes next
        tx.put_state(table, decko.NS, "mat", mat.to_data())
    _do(store, table, decko.start_round)
    mat = _mat(store, table)
    assert mat.wildcard == "red" and mat.house_bet == 10
    assert mat.house_bet + sum(s.bet for s in mat.seats.values()) == 12


def test_two_player_house_bets_two_four_six_and_ten() -> None:
    """002, Place starting bets: with two players the house bets 2 (rounds 1-3), 4 (4-7),
    6 (8-11) and 10 (round 12)."""
    factor = RULES.house_factor()
    bets = {n: RULES.round_info(n).house_bet(2, factor) for n in (1, 3, 4, 7, 8, 11, 12)}
    assert bets == {1: 2, 3: 2, 4: 4, 7: 4, 8: 6, 11: 6, 12: 10}


def test_raise_example_six_to_seven_is_the_round_five_maximum(store: TableStore) -> None:
    """002, RAISE example 2: with the highest bet at six and three chips in, Bozo adds four
    and the bet reaches seven, round five's maximum; nobody may raise further."""
    table = _new(store)
    with store.transaction() as tx:
        mat = RULES.mat(tx, table)
        mat.round, mat.phase = 5, "between"
        tx.put_state(table, decko.NS, "mat", mat.to_data())
    _do(store, table, decko.start_round)  # round 6: bets 2 to 7
    a, b, blind = _mat(store, table).order()
    for player in (a, b, blind, a):
        _do(store, table, decko.raise_bet, player)  # 3, 4, 5, 6
    before = _mat(store, table).seats[b]
    assert (before.bet, _mat(store, table).highest_bet()) == (4, 6)
    _do(store, table, decko.raise_bet, b)
    after = _mat(store, table).seats[b]
    assert (after.bet, before.chips - after.chips) == (7, 3)
    with store.transaction() as tx, pytest.raises(CompanionError, match="maximum of 7"):
        decko.raise_bet(tx, table, blind)


def test_a_pot_of_seven_split_between_two_gives_three_each_and_one_back_to_the_house(
    store: TableStore,
) -> None:
    """002, Tiebreakers: seven chips and two tied winners: three each, one to the house."""
    table = _new(store)
    _do(store, table, decko.start_round)
    a, b, blind = _mat(store, table).order()
    _rig(
        store,
        table,
        **{
            a: ["plain-8s", "plain-8h", "junk-food-2d"],
            b: ["plain-8d", "plain-8c", "junk-food-3s"],
            blind: ["junk-food-6c", "junk-food-7s", "dissolving-2c"],
        },
    )
    _do(store, table, decko.raise_bet, a)
    _do(store, table, decko.call, b)
    house = _mat(store, table).house
    event = _do(store, table, decko.call, blind)
    mat = _mat(store, table)
    assert event.reveal["payouts"] == {a: 3, b: 3}
    assert mat.house == house + 1
    assert any("the odd 1 chip returns to the house" in e for e in event.events)


# -- jokers and wildcards the table runs by itself --------------------------------------------------


def _wildcard_round(store: TableStore, table: TableInfo, wildcard: str) -> None:
    """Make the red wildcard ``wildcard`` and start round 5, its round."""
    with store.transaction() as tx:
        mat = RULES.mat(tx, table)
        ids = {c.card_id: f"{c.deck}#{c.copy}" for c in tx.cards(table)}
        old = mat.wildcards["red"]
        _take_out(mat, ids[wildcard])
        mat.aside.append(old)
        mat.wildcards["red"] = ids[wildcard]
        mat.round, mat.phase = 4, "between"
        sync(tx, table, mat)
        tx.put_state(table, decko.NS, "mat", mat.to_data())
    _do(store, table, decko.start_round)


def test_kingmaker_every_other_player_still_in_adds_a_chip_to_the_house_bet(
    store: TableStore,
) -> None:
    table = _new(store)
    _do(store, table, decko.start_round)
    first, second, blind = _mat(store, table).order()
    _give_joker(store, table, second, "kingmaker")
    _do(store, table, decko.fold, first)
    before = _mat(store, table)
    event = _do(store, table, decko.call, second)
    mat = _mat(store, table)
    # the folded player pays nothing; the blind player adds one from their supply
    assert mat.seats[blind].chips == before.seats[blind].chips - 1
    assert mat.seats[first].chips == before.seats[first].chips
    assert any(f"Kingmaker: {blind} adds 1 chip to the house bet" in e for e in event.events)
    assert _chips(mat) == TOTAL_CHIPS


def test_vampire_gains_a_chip_for_each_player_whose_bet_it_matches_at_every_call(
    store: TableStore,
) -> None:
    """The rulebook's example: three chips after calling, two others at exactly three, two
    chips from the house; and it pays again at the next call."""
    table = _new(store, ("ann", "ben", "cat", "dan"))
    _do(store, table, decko.start_round)
    first, second, third, blind = _mat(store, table).order()
    _give_joker(store, table, third, "vampire")
    _do(store, table, decko.raise_bet, first)  # 2
    _do(store, table, decko.raise_bet, second)  # 3
    before = _mat(store, table)
    event = _do(store, table, decko.call, third)  # 3: matches only second
    mat = _mat(store, table)
    (fed,) = [e for e in event.effects if isinstance(e, VampireFeeds)]
    assert (fed.player, fed.matched, fed.chips) == (third, (second,), 1)
    assert mat.seats[third].chips == before.seats[third].chips - 3 + 1
    assert mat.house == before.house - 1
    assert f"Vampire: {third}'s bet equals the bet of {second}: 1 chip" in event.events[-2]
    _do(store, table, decko.call, blind)  # 3
    _do(store, table, decko.raise_bet, first)  # 4
    _do(store, table, decko.call, second)  # 4
    event = _do(store, table, decko.call, third)  # 4, with first and second at 4
    (fed,) = [e for e in event.effects if isinstance(e, VampireFeeds)]
    assert (fed.matched, fed.chips) == ((first, second), 2)
    said = [e for e in event.to_json()["effects"] if e["event"] == "decko-vampire"]
    assert [e["text"] for e in said] == [sentence(fed)] and said[0]["matched"] == [first, second]
    assert _chips(_mat(store, table)) == TOTAL_CHIPS


def test_a_call_without_the_vampire_gains_nothing(store: TableStore) -> None:
    table = _new(store)
    _do(store, table, decko.start_round)
    first = _mat(store, table).order()[0]
    event = _do(store, table, decko.call, first)
    assert not any(isinstance(e, VampireFeeds) for e in event.effects)
    assert not any("Vampire" in e for e in event.events)


def test_mr_jackpot_four_chips_from_the_house_won_with_the_bet_or_returned(
    store: TableStore,
) -> None:
    table = _new(store)
    _do(store, table, decko.start_round)
    first, second, blind = _mat(store, table).order()
    _give_joker(store, table, first, "mr-jackpot")
    _rig(
        store,
        table,
        **{
            first: ["plain-8s", "plain-8h", "junk-food-2d"],
            second: ["junk-food-6c", "junk-food-7s", "dissolving-2c"],
            blind: ["junk-food-3s"],
        },
    )
    house = _mat(store, table).house
    event = _do(store, table, decko.raise_bet, first)
    mat = _mat(store, table)
    assert (mat.house, mat.seats[first].jackpot) == (house - 4, 4)
    assert any("Mr. Jackpot: 4 chips from the house" in e for e in event.events)
    _do(store, table, decko.call, second)
    chips = _mat(store, table).seats[first].chips
    event = _do(store, table, decko.call, blind)  # first's pair of eights wins
    mat = _mat(store, table)
    assert mat.reveal["winners"] == [first]
    assert mat.seats[first].chips == chips + mat.reveal["payouts"][first] + 4
    assert mat.seats[first].jackpot == 0
    assert _chips(mat) == TOTAL_CHIPS


def test_mr_jackpot_chips_go_back_to_the_house_when_its_owner_folds(store: TableStore) -> None:
    table = _new(store)
    _do(store, table, decko.start_round)
    first, second, blind = _mat(store, table).order()
    _give_joker(store, table, first, "mr-jackpot")
    _do(store, table, decko.raise_bet, first)
    _do(store, table, decko.raise_bet, second)
    _do(store, table, decko.call, blind)
    house = _mat(store, table).house
    event = _do(store, table, decko.fold, first)
    mat = _mat(store, table)
    assert mat.house == house + 4 and mat.seats[first].jackpot == 0
    assert any(
        f"the 4 chips on {first}'s Mr. Jackpot go back to the house" in e for e in event.events
    )
    assert _chips(mat) == TOTAL_CHIPS


def test_the_witch_moves_two_chips_of_another_bet_into_the_raisers(store: TableStore) -> None:
    table = _new(store)
    _do(store, table, decko.start_round)
    first, second, blind = _mat(store, table).order()
    _give_joker(store, table, second, "the-witch")
    _do(store, table, decko.raise_bet, first)  # 2
    with store.transaction() as tx, pytest.raises(CompanionError, match="exactly 2 or none"):
        decko.raise_bet(tx, table, second, witch=blind)  # the blind has 1 chip in their bet
    event = _do(store, table, decko.raise_bet, second, witch=first)  # 3, then 5 taking 2 of first's
    mat = _mat(store, table)
    assert (mat.seats[second].bet, mat.seats[first].bet) == (5, 0)
    assert any(
        f"The Witch: 2 chips of {first}'s bet move into {second}'s" in e for e in event.events
    )
    assert _chips(mat) == TOTAL_CHIPS


def test_the_witch_never_takes_a_bet_past_the_maximum(store: TableStore) -> None:
    table = _new(store)
    _do(store, table, decko.start_round)
    first, second, blind = _mat(store, table).order()
    with store.transaction() as tx, pytest.raises(CompanionError, match="does not have her"):
        decko.raise_bet(tx, table, first, witch=second)
    _give_joker(store, table, first, "the-witch")
    for who in (first, second, blind):
        _do(store, table, decko.raise_bet, who)  # 2, 3, 4
    with (
        store.transaction() as tx,
        pytest.raises(CompanionError, match="past this round's maximum"),
    ):
        decko.raise_bet(tx, table, first, witch=second)  # 5, and 7 > 5


def test_clown_car_everyone_uses_the_top_joker_of_each_pile_instead_of_their_own(
    store: TableStore,
) -> None:
    table = _new(store)
    _give_joker(store, table, "ann", "sad-clown")
    with store.transaction() as tx:
        mat = RULES.mat(tx, table)
        ids = {c.card_id: f"{c.deck}#{c.copy}" for c in tx.cards(table)}
        pile = mat.jokers["RAISE"]
        _take_out(mat, ids["mr-jackpot"])
        pile.insert(0, ids["mr-jackpot"])
        sync(tx, table, mat)
        tx.put_state(table, decko.NS, "mat", mat.to_data())
    _wildcard_round(store, table, "clown-car")
    mat = _mat(store, table)
    first = mat.order()[0]
    event = _do(store, table, decko.raise_bet, first)
    assert any("Mr. Jackpot" in e for e in event.events)  # the RAISE pile's top joker
    with store.transaction() as tx:
        play = decko.open_play(tx, table)
        assert not play.has_joker("ann", "sad-clown")  # her own joker is set aside this round


def test_stud_three_cards_face_up_before_betting_and_replacements_are_shown(
    store: TableStore,
) -> None:
    table = _new(store)
    _wildcard_round(store, table, "stud")
    first, second, blind = _mat(store, table).order()
    with store.transaction() as tx, pytest.raises(CompanionError, match="waiting for"):
        decko.raise_bet(tx, table, first)
    for who in (first, second, blind):
        _do(store, table, decko.stud, who, ["1", "2", "3"])
    mat = _mat(store, table)
    shown = list(mat.seats[first].shown or [])
    assert shown == mat.seats[first].hand[:3]
    event = _do(store, table, decko.burn, first, "1")  # a shown card goes; its replacement shows
    mat = _mat(store, table)
    drawn = mat.seats[first].hand[-1]
    assert mat.seats[first].shown == [*shown[1:], drawn]
    assert any("face up (Stud)" in e for e in event.events)


def test_a_name_the_showdown_cannot_write_is_refused_when_the_table_is_set_up() -> None:
    # The reveal is settled as a showdown, whose results name players in plain words.
    for game in ("decko", "dragon-kings"):
        result = invoke("table", "new", "t", "--game", game, "--players", "ann!,ben")
        assert result.exit_code == 2
        assert "'ann!' cannot sit at this table" in result.stderr


def test_every_step_a_decko_command_reports_is_a_typed_event_said_in_one_place(
    store: TableStore,
) -> None:
    """What a command did is its typed events, in order: each sentence is made from one
    event, and --json gives every event's fields with its sentence (``text``)."""
    table = _new(store)
    event = _do(store, table, decko.start_round)
    mat = _mat(store, table)
    first = mat.order()[0]
    kinds = [type(e) for e in event.effects]
    assert kinds[0] is RoundStarts and StartingBets in kinds and kinds[-1] is ToAct
    started = event.effects[0]
    assert isinstance(started, RoundStarts) and (started.round, started.blind) == (1, mat.blind)
    assert event.effects[-1] == ToAct(first, first=True)
    for moved in (event, _do(store, table, decko.raise_bet, first)):
        shown = moved.to_json()
        assert shown["events"] == list(moved.events) == [sentence(e) for e in moved.effects]
        assert [e["text"] for e in shown["effects"]] == shown["events"]
        assert [read_event(e) for e in shown["effects"]] == list(moved.effects)


def test_a_folded_bet_goes_to_the_house_bet_and_the_fold_says_how_much(
    store: TableStore,
) -> None:
    """DECKO, the betting (FOLD): the folder's bet joins the house bet (the event says how
    many chips; the two still in match, so the reveal follows at once)."""
    table = _new(store)
    _do(store, table, decko.start_round)
    first, second, blind = _mat(store, table).order()
    _do(store, table, decko.raise_bet, first)
    _do(store, table, decko.raise_bet, second)
    _do(store, table, decko.call, blind)
    before = _mat(store, table)
    assert before.turn == first and 0 < before.seats[first].bet < before.seats[second].bet
    event = _do(store, table, decko.fold, first)
    (folded,) = [e for e in event.effects if isinstance(e, Folded)]
    assert folded == Folded(first, before.seats[first].bet)
    assert f"{first} folds: {folded.chips} chips go to the house bet" in event.events
