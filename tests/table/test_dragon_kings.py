"""Dragon Kings at the table (seed 003): the opening draw, deals, wing cards, First Honors."""

from __future__ import annotations

from typing import Any

import pytest

from companion.cards import load_game
from companion.errors import CompanionError
from companion.games.dragon_kings import dealing, opening
from companion.games.dragon_kings import table_rules as dk
from companion.games.dragon_kings.events import FirstDealerDrawn
from companion.games.dragon_kings.state import card_of
from companion.games.dragon_kings.table_rules import DragonKingsRules, first_honors
from companion.poker.cards import parse_card
from companion.table import TableInfo, TableStore, new_table, undo
from tests.conftest import invoke

CARDS = load_game("dragon-kings")
RULES = DragonKingsRules("dragon-kings")


def _new(
    store: TableStore, players: tuple[str, ...] = ("ann", "ben", "cat"), **options: Any
) -> TableInfo:
    with store.transaction() as tx:
        table, _ = new_table(tx, "friday", "dragon-kings", list(players), seed=3, options=options)
    return table


def _do(store: TableStore, table: TableInfo, action: Any, *args: Any) -> dk.TableEvent:
    with store.transaction() as tx:
        result: dk.TableEvent = action(tx, table, *args)
    return result


def _showdown(store: TableStore, table: TableInfo, **put_in: int) -> dk.Settled:
    with store.transaction() as tx:
        return dk.showdown(tx, table, put_in)


def _card_id(code: str) -> str:
    return parse_card(code).code.lower()


def _rig(
    store: TableStore,
    table: TableInfo,
    holes: dict[str, str] | None = None,
    board: str | None = None,
) -> None:
    """Replace hole cards and the board with the cards named (the old ones go back)."""
    with store.transaction() as tx:
        everything = tx.cards(table, "standard")
        by_id = {c.card_id: c for c in everything}
        for player, text in (holes or {}).items():
            for old in tx.pile(table, "standard", "held", player):
                tx.move(table, old, "draw")
            for code in text.split():
                tx.move(table, by_id[_card_id(code)], "held", player)
        if board is not None:
            for old in [c for c in tx.pile(table, "standard", "in_play") if c.holder is None]:
                tx.move(table, old, "draw")
            for code in board.split():
                tx.move(table, by_id[_card_id(code)], "in_play")


def _play_to_river(store: TableStore, table: TableInfo) -> None:
    _do(store, table, dk.deal)
    for _ in range(3):
        _do(store, table, dk.board)


def _wings(store: TableStore, table: TableInfo) -> dk.WingState:
    with store.transaction(write=False) as tx:
        return RULES.wings(tx, table)


# -- the Swords joker ---------------------------------------------------------------------------


def _seated(store: TableStore, table: TableInfo) -> TableInfo:
    """The table as it sits now (``dk open`` reseats the guests as they drew)."""
    with store.transaction(write=False) as tx:
        return tx.table(table.name)


def test_swords_joker_stays_in_the_box_unless_the_variant_is_played(store: TableStore) -> None:
    plain = _new(store)
    with store.transaction() as tx:
        assert [c.card_id for c in tx.pile(plain, "standard", "aside")] == ["swords-joker"]
        assert tx.count(plain, "standard", "draw") == 52
        variant, notes = new_table(
            tx, "sat", "dragon-kings", ["ann", "ben"], seed=3, options={"variant": "swords-joker"}
        )
        assert tx.count(variant, "standard", "draw") == 53
        assert any("Swords joker variant" in n for n in notes)
        assert RULES.rules(tx, variant).jokers == 1 and RULES.rules(tx, plain).jokers == 0


def test_an_unknown_variant_is_refused() -> None:
    result = invoke(
        "table", "new", "x", "--game", "dragon-kings", "--players", "a,b", "--variant", "dice"
    )
    assert result.exit_code == 2
    assert "'dice' is not a Dragon Kings variant" in result.stderr


# -- play begins ---------------------------------------------------------------------------------


def test_play_begins_the_first_black_king_earns_50_the_first_deal_and_the_first_wing_card(
    store: TableStore,
) -> None:
    table = _new(store)
    event = _do(store, table, dk.open_game)
    opener = next(p for p, cards in event.cards.items() if cards[-1] in ("Ks", "Kc"))
    drawn = [c for cards in event.cards.values() for c in cards]
    assert sum(c in ("Ks", "Kc") for c in drawn) == 1
    with store.transaction(write=False) as tx:
        assert RULES.bonuses(tx, table) == {opener: 50}
        assert RULES.deal_state(tx, table).dealer == opener
    assert _wings(store, table).choosers == [opener]
    deal = _do(store, table, dk.deal)
    assert deal.events[0].startswith(f"deal 1: {opener} deals")


# -- deals ---------------------------------------------------------------------------------------


def test_play_begins_the_others_draw_for_seats_high_card_left_of_the_dealer(
    store: TableStore,
) -> None:
    """After the first black king, the other guests draw from the same deck: the high card
    sits on the dealer's left, then clockwise high to low; the table's order follows."""
    with store.transaction() as tx:
        table, _ = new_table(tx, "t", "dragon-kings", ["ann", "ben", "cat", "dan", "eve"], seed=11)
    event = _do(store, table, dk.open_game)
    with store.transaction(write=False) as tx:
        (entry,) = [e for e in tx.history(table) if e.event.kind == "dk-open"]
        seated = tx.table("t")
    opened = entry.event
    assert isinstance(opened, FirstDealerDrawn)
    with store.transaction() as tx:
        undo(tx, table)
        assert tx.table("t").players == table.players  # undo puts the seats back
    with pytest.raises(RuntimeError), store.transaction() as tx:
        dealing.gather(tx, table)  # the open's own shuffle (undo rewound the seed)
        deck = [str(card_of(CARDS, c).code) for c in tx.pile(table, "standard", "draw")]
        raise RuntimeError("look only")
    drawn = sum(len(c) for c in opened.drawn.values())
    # the seat cards come off the same deck, right after the opening draw
    after = [c for p in opened.seats[1:] for c in opened.seat_cards[p]]
    assert sorted(after) == sorted(deck[drawn : drawn + len(after)])
    assert opened.seats[0] == opened.opener and sorted(opened.seats) == sorted(table.players)
    firsts = [parse_card(opened.seat_cards[p][0]).rank for p in opened.seats[1:]]
    assert firsts == sorted(firsts, reverse=True)
    assert seated.players == opened.seats != table.players  # the table sits as they drew
    assert f"seat order, clockwise from the dealer: {', '.join(opened.seats)}" in event.events


def test_a_tie_for_a_seat_is_drawn_again_among_the_tied() -> None:
    cards = [parse_card(c) for c in ("9h", "9c", "3s", "4d", "Kc")]
    order, drawn = opening.draw_for_seats(["ben", "cat", "dan"], cards)
    # ben and cat tie on nines and draw again (Kc beats 4d); dan's 3 is low
    assert order == ["cat", "ben", "dan"]
    assert [c.code for c in drawn["cat"]] == ["9c", "Kc"] and [c.code for c in drawn["dan"]] == [
        "3s"
    ]


def test_the_seat_order_sets_the_deals_left_of_the_dealer(store: TableStore) -> None:
    with store.transaction() as tx:
        table, _ = new_table(tx, "t", "dragon-kings", ["ann", "ben", "cat", "dan"], seed=11)
    _do(store, table, dk.open_game)
    table = _seated(store, table)
    dealt = _do(store, table, dk.deal)
    dealer = table.players[0]
    assert dealt.events[0].startswith(f"deal 1: {dealer} deals")
    with store.transaction(write=False) as tx:
        assert RULES.deal_state(tx, table).seated == list(table.players)


def test_a_deal_gives_two_hole_cards_and_pickpocket_a_third_from_the_bottom(
    store: TableStore,
) -> None:
    table = _new(store)
    _do(store, table, dk.open_game)
    table = _seated(store, table)  # the draw for seats set the order
    opener = _wings(store, table).choosers[0]
    _do(store, table, dk.put_wing, "pickpocket", opener)
    event = _do(store, table, dk.deal)
    assert any("Pickpocket" in e for e in event.events)
    with store.transaction(write=False) as tx:
        holes = {
            p: [c.card_id for c in tx.pile(table, "standard", "held", p)] for p in table.players
        }
    assert [len(h) for h in holes.values()] == [3, 3, 3]
    with store.transaction() as tx:
        undo(tx, table)
    with pytest.raises(RuntimeError), store.transaction() as tx:
        dealing.gather(tx, table)  # the same shuffle as the deal's (undo rewound the seed)
        bottom = [c.card_id for c in tx.pile(table, "standard", "draw")[-3:]]
        raise RuntimeError("look only")
    seat = table.players.index(opener)
    order = [table.players[(seat + 1 + i) % 3] for i in range(3)]
    assert [holes[p][2] for p in order] == list(reversed(bottom))


def test_only_two_hole_cards_without_a_wing_card(store: TableStore) -> None:
    table = _new(store)
    _do(store, table, dk.open_game)
    _do(store, table, dk.deal)
    with store.transaction(write=False) as tx:
        assert [len(tx.pile(table, "standard", "held", p)) for p in table.players] == [2, 2, 2]
        assert tx.count(table, "standard", "draw") == 52 - 6


def test_the_board_burns_a_card_before_the_flop_turn_and_river(store: TableStore) -> None:
    table = _new(store)
    _do(store, table, dk.open_game)
    _play_to_river(store, table)
    with store.transaction(write=False) as tx:
        board = [c for c in tx.pile(table, "standard", "in_play") if c.holder is None]
        assert len(board) == 5
        assert tx.count(table, "standard", "discard") == 3
    with store.transaction() as tx, pytest.raises(CompanionError, match="board is complete"):
        dk.board(tx, table)


# -- wing cards ----------------------------------------------------------------------------------


def test_a_black_king_in_the_hole_lets_its_holder_choose_the_next_wing_card(
    store: TableStore,
) -> None:
    assert dealing.king_holders({"ann": ["Kc", "2d"], "ben": ["Ks", "3d"], "cat": ["4h"]}) == [
        "ben",
        "ann",
    ]  # the K♠ holder chooses when the kings are split
    for seed in range(20):
        with store.transaction() as tx:
            table, _ = new_table(tx, f"t{seed}", "dragon-kings", ["ann", "ben", "cat"], seed=seed)
        _do(store, table, dk.open_game)
        event = _do(store, table, dk.deal)
        choosers = _wings(store, table).choosers
        if choosers:
            break
    else:
        raise AssertionError("no black king dealt in twenty deals")
    assert len(choosers) == 1
    assert any(f"in {choosers[0]}'s hole cards" in e for e in event.events)
    with store.transaction() as tx, pytest.raises(CompanionError, match="between deals"):
        dk.put_wing(tx, table, "masquerade", choosers[0])
    for _ in range(3):
        _do(store, table, dk.board)
    _showdown(store, table)
    _do(store, table, dk.put_wing, "masquerade", choosers[0])
    assert _wings(store, table).in_force() == ["masquerade"]


def test_voluntary_wing_cards_enter_between_deals_and_negate_the_last(store: TableStore) -> None:
    table = _new(store)
    _do(store, table, dk.open_game)
    opener = _wings(store, table).choosers[0]
    _do(store, table, dk.put_wing, "thieves deuces", opener)
    assert _wings(store, table).in_force() == ["thieves-deuces"]
    with store.transaction() as tx, pytest.raises(CompanionError, match="may not choose"):
        dk.put_wing(tx, table, "masquerade", opener)  # one card between two deals
    with store.transaction() as tx:
        state = RULES.wings(tx, table)
        state.choosers = ["cat"]
        tx.put_state(table, dk.NS, "wings", state.to_data())
    event = _do(store, table, dk.put_wing, "masquerade", "cat")
    assert "Thieves' Deuces is negated" in event.events
    assert _wings(store, table).in_force() == ["masquerade"]
    with store.transaction() as tx:
        in_play = {c.card_id for c in tx.pile(table, "wing", "in_play")}
        assert in_play == {"grave-digger", "black-death", "masquerade"}


def test_involuntary_wing_cards_are_always_in_play(store: TableStore) -> None:
    table = _new(store)
    _do(store, table, dk.open_game)
    opener = _wings(store, table).choosers[0]
    with store.transaction() as tx, pytest.raises(CompanionError, match="always in play"):
        dk.put_wing(tx, table, "grave digger", opener)
    shown = invoke("table", "show", "--json").json()
    kinds = {w["name"]: w["kind"] for w in shown["wings"]}
    assert kinds == {"Grave Digger": "involuntary", "Black Death": "involuntary"}


def _dragons_deal(store: TableStore, table: TableInfo, winner: str) -> dk.Settled:
    _play_to_river(store, table)
    others = [p for p in table.players if p != winner]
    _rig(
        store,
        table,
        holes={winner: "Ks Kc", others[0]: "Ah Ad", others[1]: "2c 3d"},
        board="Ac 7h 9d 4s 5c",
    )
    return _showdown(store, table)


def test_first_honors_50_points_for_the_games_first_twinned_dragon_kings(
    store: TableStore,
) -> None:
    table = _new(store)
    _do(store, table, dk.open_game)
    opener = _wings(store, table).choosers[0]
    event = _dragons_deal(store, table, "ben")
    assert event.honors == {"ben": 50}
    assert any(e.startswith("First Honors: ben") for e in event.notes)
    again = _dragons_deal(store, table, "cat")
    assert again.honors == {}
    with store.transaction(write=False) as tx:
        assert RULES.bonuses(tx, table) == _plus({opener: 50}, {"ben": 50})


def _plus(*bonuses: dict[str, int]) -> dict[str, int]:
    total: dict[str, int] = {}
    for each in bonuses:
        for player, points in each.items():
            total[player] = total.get(player, 0) + points
    return total


def test_first_honors_is_shared_when_tied_winners_hold_the_dragons() -> None:
    assert first_honors(["ann", "cat"]) == {"ann": 25, "cat": 25}


def test_dragon_kings_make_a_wing_card_permanent_and_a_second_hand_negates_both(
    store: TableStore,
) -> None:
    table = _new(store)
    _do(store, table, dk.open_game)
    opener = _wings(store, table).choosers[0]
    _do(store, table, dk.put_wing, "guild tithe", opener)
    _dragons_deal(store, table, "ben")
    assert _wings(store, table).dragon_player == "ben"
    with store.transaction() as tx, pytest.raises(CompanionError, match="only the player"):
        dk.make_permanent(tx, table, "cat")
    _do(store, table, dk.make_permanent, "ben")
    _do(store, table, dk.put_wing, "iron mask", "ben")
    state = _wings(store, table)
    assert (state.permanent, state.temporary) == ("guild-tithe", "iron-mask")
    with store.transaction() as tx:
        state.choosers = ["ann"]
        tx.put_state(table, dk.NS, "wings", state.to_data())
    event = _do(store, table, dk.put_wing, "masquerade", "ann")
    assert "Iron Mask is negated" in event.events
    assert _wings(store, table).in_force() == ["guild-tithe", "masquerade"]  # permanent stays
    second = _dragons_deal(store, table, "cat")
    assert any("second hand of Twinned Dragon Kings" in e for e in second.notes)
    state = _wings(store, table)
    assert state.in_force() == [] and state.dragon_player == "cat"


def test_the_wing_cards_in_force_reach_the_ranker_at_the_showdown(store: TableStore) -> None:
    table = _new(store)
    _do(store, table, dk.open_game)
    opener = _wings(store, table).choosers[0]
    _do(store, table, dk.put_wing, "iron mask", opener)
    _play_to_river(store, table)
    # Iron Mask: both hole cards and three of the board; ann's flush needs only one heart
    _rig(
        store, table, holes={"ann": "Ah 2c", "ben": "9s 9d", "cat": "3c 4d"}, board="Kh Qh Jh Th 5s"
    )
    event = _showdown(store, table)
    assert "Wing cards in force: Iron Mask." in event.result.sentences
    assert event.result.winners == ("ben",)


def test_rank_and_odds_read_the_current_tables_wing_cards() -> None:
    assert (
        invoke("table", "new", "fri", "--game", "dragon-kings", "--players", "ann,ben").exit_code
        == 0
    )
    assert invoke("dk", "open").exit_code == 0
    opener = invoke("table", "show", "--json").json()["choosers"][0]
    assert invoke("dk", "wing", "thieves deuces", "--by", opener).exit_code == 0
    data = invoke(
        "rank",
        "--game",
        "dragon-kings",
        "a=2c,2d",
        "b=Ah,Kd",
        "--board",
        "As Ad 7c 8d 9h",
        "--json",
    ).json()
    assert data["wings"] == ["Thieves' Deuces"]
    assert data["players"][0]["description"] == "four aces"
    plain = invoke(
        "rank",
        "--game",
        "dragon-kings",
        "--wing",
        "none",
        "a=2c,2d",
        "b=Ah,Kd",
        "--board",
        "As Ad 7c 8d 9h",
        "--json",
    ).json()
    assert plain["winners"] == ["b"]
    odds = invoke(
        "odds", "--wild", "3", "a=2c,2d", "b=Ah,Kd", "--board", "As Ad 7c 8d", "--json"
    ).json()
    assert odds["wings"] == ["Thieves' Deuces"]


def test_undo_takes_back_a_wing_card(store: TableStore) -> None:
    table = _new(store)
    _do(store, table, dk.open_game)
    opener = _wings(store, table).choosers[0]
    _do(store, table, dk.put_wing, "masquerade", opener)
    with store.transaction() as tx:
        undo(tx, table)
    assert _wings(store, table).in_force() == []
    assert _wings(store, table).choosers == [opener]


def test_a_game_with_two_wing_cards_from_the_command_line() -> None:
    """The game of docs/table.md."""
    assert (
        invoke(
            "table",
            "new",
            "fri",
            "--game",
            "dragon-kings",
            "--players",
            "ann,ben,cat",
            "--seed",
            "3",
        ).exit_code
        == 0
    )
    for args in (["dk", "open"], ["dk", "wing", "thieves deuces", "--by", "ann"], ["dk", "deal"]):
        result = invoke(*args)
        assert result.exit_code == 0, (args, result.stderr)
    for _ in range(3):
        assert invoke("dk", "board").exit_code == 0
    shown = invoke("dk", "showdown", "ann=20", "ben=20", "cat=20", "--json").json()
    assert "Wing cards in force: Thieves' Deuces." in shown["events"]
    # each guest's points after the pot: the buy-ins, the opener's 50, First Honors if won
    honors = sum(n for n in shown["bank"].values() if n > 0)
    assert sum(shown["points"].values()) == 3 * 400 + 50 + honors
    for name, line in shown["net"].items():
        assert shown["points"][name] == shown["table"]["points"][name]
        assert line == shown["points"][name] - 400 - (50 if name == "ann" else 0) - shown[
            "bank"
        ].get(name, 0)
    show = invoke("table", "show", "--json").json()
    assert [w["name"] for w in show["wings"]] == ["Grave Digger", "Black Death", "Thieves' Deuces"]
    assert show["deal"]["street"] == "showdown" and len(show["deal"]["board"]) == 5


def _entitle(store: TableStore, table: TableInfo, player: str) -> None:
    with store.transaction() as tx:
        state = RULES.wings(tx, table)
        state.choosers = [player]
        tx.put_state(table, dk.NS, "wings", state.to_data())


def test_a_folded_player_is_not_ranked_and_the_last_one_in_wins_unseen(store: TableStore) -> None:
    table = _new(store)
    _do(store, table, dk.open_game)
    _play_to_river(store, table)
    _do(store, table, dk.fold, "ann")
    event = _showdown(store, table)
    assert {p.name for p in event.result.players if p.hand} == {"ben", "cat"}
    _do(store, table, dk.deal)
    _do(store, table, dk.fold, "ann")
    _do(store, table, dk.fold, "ben")
    alone = _showdown(store, table)
    assert alone.result.winners == ("cat",)
    assert alone.notes[0] == "cat wins: everyone else folded (no hand is shown)"
    assert not any(p.hand for p in alone.result.players)


def test_sleight_of_hand_trades_a_hole_card_for_the_bottom_card_before_the_flop(
    store: TableStore,
) -> None:
    table = _new(store)
    _do(store, table, dk.open_game)
    _entitle(store, table, "ann")
    _do(store, table, dk.put_wing, "sleight of hand", "ann")
    _do(store, table, dk.deal)
    with store.transaction(write=False) as tx:
        held = tx.pile(table, "standard", "held", "ben")
        bottom = tx.pile(table, "standard", "draw")[-1]
    given = parse_card(held[0].card_id[0].upper() + held[0].card_id[1])
    event = _do(store, table, dk.swap, "ben", given.code)
    assert "pays 20 points into the pot" in event.events[0]
    with store.transaction(write=False) as tx:
        now = {c.card_id for c in tx.pile(table, "standard", "held", "ben")}
        assert bottom.card_id in now and held[0].card_id not in now
        assert tx.pile(table, "standard", "draw")[-1].card_id == held[0].card_id
    with store.transaction() as tx, pytest.raises(CompanionError, match="already traded"):
        dk.swap(tx, table, "ben", bottom.card_id)


def test_dragons_hoard_deals_a_sixth_board_card_and_shrouded_river_hides_the_river(
    store: TableStore,
) -> None:
    table = _new(store)
    _do(store, table, dk.open_game)
    _entitle(store, table, "ann")
    _do(store, table, dk.put_wing, "dragon's hoard", "ann")
    _play_to_river(store, table)
    with store.transaction(write=False) as tx:
        assert len([c for c in tx.pile(table, "standard", "in_play") if c.holder is None]) == 6
    _showdown(store, table)
    _entitle(store, table, "ann")
    _do(store, table, dk.put_wing, "shrouded river", "ann")
    _do(store, table, dk.deal)
    _do(store, table, dk.board)
    _do(store, table, dk.board)
    river = _do(store, table, dk.board)
    assert river.board == () and "face down" in river.events[0]
    shown = invoke("table", "show", "--json").json()
    assert shown["deal"]["hidden_river"] is True and shown["deal"]["board"] == []
    assert _showdown(store, table).notes[0].startswith("Shrouded River: the river is turned")


def test_the_draw_for_the_first_deal_happens_once_before_any_deal(store: TableStore) -> None:
    table = _new(store)
    _do(store, table, dk.open_game)
    _do(store, table, dk.deal)
    with store.transaction() as tx, pytest.raises(CompanionError, match="already drawn"):
        dk.open_game(tx, table)


def test_play_begins_before_the_first_deal_a_deal_before_the_opening_is_refused(
    store: TableStore,
) -> None:
    """003, Play Begins: the first black king takes the first deal, 50 points and the first
    wing card, so no deal may come before the draw for it."""
    table = _new(store)
    with (
        store.transaction() as tx,
        pytest.raises(CompanionError, match="'companion dk open' first"),
    ):
        dk.deal(tx, table)
    with store.transaction(write=False) as tx:
        assert RULES.deal_state(tx, table).number == 0 and RULES.bonuses(tx, table) == {}
    opened = _do(store, table, dk.open_game)  # the opening is still there to be played
    opener = _wings(store, table).choosers[0]
    assert any(f"{opener} takes 50 points" in e for e in opened.events)


@pytest.mark.parametrize("command", [("dk", "deal"), ("table", "deal")])
def test_play_begins_dk_deal_and_table_deal_point_to_dk_open(command: tuple[str, str]) -> None:
    assert (
        invoke("table", "new", "fri", "--game", "dragon-kings", "--players", "a,b").exit_code == 0
    )
    refused = invoke(*command)
    assert refused.exit_code == 2 and refused.stdout == ""
    assert refused.stderr.startswith("error: table 'fri' has not drawn for the first deal yet: ")
    assert "'companion dk open'" in refused.stderr and refused.stderr.count("\n") == 1
    assert invoke("dk", "open").exit_code == 0
    assert invoke(*command).exit_code == 0


def test_the_swords_joker_is_printed_with_the_deck_so_the_variant_can_be_played(
    tmp_path: Any,
) -> None:
    """The one decision every tool follows: printed (53 cards), boxed at the table, out of
    the odds unless the variant is played."""
    from companion.cards import load_game

    joker = load_game("dragon-kings").get("swords-joker")
    assert joker.variant is True
    result = invoke(
        "print", "deck", "dragon-kings", "standard", "--out", str(tmp_path / "dk.pdf"), "--json"
    )
    assert result.exit_code == 0, result.stderr
    assert result.json()["files"][0]["cards"] == 53


# -- the fixed contract: table deal and table showdown -----------------------------------------


def test_table_deal_on_a_dragon_kings_table_deals_as_dk_deal(store: TableStore) -> None:
    assert (
        invoke("table", "new", "fri", "--game", "dragon-kings", "--players", "ann,ben").exit_code
        == 0
    )
    opened = invoke("dk", "open", "--json").json()
    opener = opened["events"][0].split()[0]
    dealt = invoke("table", "deal", "--json")
    assert dealt.exit_code == 0, dealt.stderr
    data = dealt.json()
    assert data["table"] == "fri"
    assert data["events"][0] == f"deal 1: {opener} deals two hole cards to each player"
    show = invoke("table", "show", "--json").json()
    assert (show["deal"]["number"], show["deal"]["street"]) == (1, "preflop")


def test_table_showdown_on_a_dragon_kings_table_settles_the_pot_and_first_honors(
    store: TableStore,
) -> None:
    table = _new(store)
    _do(store, table, dk.open_game)
    opening = {_wings(store, table).choosers[0]: 50}
    _play_to_river(store, table)
    _rig(
        store, table, holes={"ann": "Ks Kc", "ben": "Ah Ad", "cat": "2c 3d"}, board="Qh Jh 9s 4d 7c"
    )
    with store.transaction() as tx:
        settled = dk.settle(tx, table, {"ann": 40, "ben": 40, "cat": 10}, folded=["cat"])
    out = settled.result
    assert out.winners == ("ann",)
    assert out.payouts == {"ann": 90, "ben": 0, "cat": 0}
    assert out.bank == {"ann": 50}  # First Honors, the game's first Twinned Dragon Kings
    assert any("First Honors" in note for note in settled.notes)
    with store.transaction(write=False) as tx:
        assert RULES.bonuses(tx, table) == _plus(opening, {"ann": 50})
        assert RULES.deal_state(tx, table).street == "showdown"
        assert RULES.deal_state(tx, table).folded == ["cat"]
    # one undo takes the whole showdown back
    with store.transaction() as tx:
        undo(tx, table)
    with store.transaction(write=False) as tx:
        assert RULES.bonuses(tx, table) == opening
        assert RULES.deal_state(tx, table).street == "river"


def test_table_showdown_json_is_the_showdowns_plus_the_table(store: TableStore) -> None:
    assert (
        invoke("table", "new", "fri", "--game", "dragon-kings", "--players", "ann,ben").exit_code
        == 0
    )
    assert invoke("dk", "open").exit_code == 0
    assert invoke("table", "deal").exit_code == 0
    for _ in range(3):
        assert invoke("dk", "board").exit_code == 0
    result = invoke("table", "showdown", "ann=20", "ben=20", "--json")
    assert result.exit_code == 0, result.stderr
    data = result.json()
    assert data["game"] == "dragon-kings" and sum(data["payouts"].values()) == 40
    assert data["table"]["name"] == "fri" and data["table"]["deal"]["street"] == "showdown"
    again = invoke("table", "showdown", "ann=20", "ben=20")
    assert again.exit_code == 2
    assert "this deal is settled" in again.stderr


def test_table_deal_on_a_decko_table_names_decko_round() -> None:
    assert invoke("table", "new", "d", "--game", "decko", "--players", "ann,ben").exit_code == 0
    for what in ("deal", "showdown"):
        result = invoke("table", what)
        assert result.exit_code == 2
        assert "a DECKO round is dealt with 'companion decko round'" in result.stderr


# -- misdeals ------------------------------------------------------------------------------------


def test_misdeals_the_fouler_places_40_points_in_the_pot_of_the_next_deal(
    store: TableStore,
) -> None:
    table = _new(store)
    _do(store, table, dk.open_game)
    dealer = _wings(store, table).choosers[0]
    _do(store, table, dk.deal)
    event = _do(store, table, dk.misdeal, "ben")
    assert event.events == (
        f"misdeal: deal 1 is void; {dealer} deals again ('companion dk deal')",
        "ben places 40 points in the pot of the next deal",
    )
    again = _do(store, table, dk.deal)
    assert again.events[0] == f"deal 2: {dealer} deals two hole cards to each player"
    assert "ben places 40 points in this deal's pot (fouled the last deal)" in again.events
    for _ in range(3):
        _do(store, table, dk.board)
    with store.transaction() as tx:
        settled = dk.settle(tx, table, {"ann": 20, "ben": 20, "cat": 20})
    assert sum(settled.result.payouts.values()) == 60 + 40
    assert settled.result.bank.get("ben", 0) <= -40  # the penalty, from outside the pot
    assert (
        "Misdeal: ben fouled the last deal and places 40 points in this pot."
        in settled.result.sentences
    )
    # the deal after that owes nothing
    third = _do(store, table, dk.deal)
    assert not any("places 40" in e for e in third.events)


def test_a_misdeal_is_called_before_the_flop_only(store: TableStore) -> None:
    table = _new(store)
    _do(store, table, dk.open_game)
    with pytest.raises(CompanionError, match="no deal is under way"):
        _do(store, table, dk.misdeal, "ann")
    _do(store, table, dk.deal)
    _do(store, table, dk.board)
    with pytest.raises(CompanionError, match="before the flop"):
        _do(store, table, dk.misdeal, "ann")


def test_a_misdeal_gives_back_the_wing_choice_the_fouled_deal_took(store: TableStore) -> None:
    table = _new(store)
    _do(store, table, dk.open_game)
    opener = _wings(store, table).choosers[0]
    _do(store, table, dk.deal)
    _do(store, table, dk.misdeal, "cat")
    assert _wings(store, table).choosers == [opener]


def test_a_misdealt_deal_is_over_no_board_or_fold_until_it_is_dealt_again(
    store: TableStore,
) -> None:
    # the fouled deal is void: 'dk board' and 'dk fold' say to deal again, no crash
    table = _new(store)
    _do(store, table, dk.open_game)
    _do(store, table, dk.deal)
    _do(store, table, dk.misdeal, "ben")
    with pytest.raises(CompanionError, match="start one with 'companion dk deal'"):
        _do(store, table, dk.board)
    with pytest.raises(CompanionError, match="start one with 'companion dk deal'"):
        _do(store, table, dk.fold, "ann")
    _do(store, table, dk.deal)
    assert _do(store, table, dk.board).events[0].startswith("flop: ")


def test_a_misdeal_gives_back_the_wing_choice_to_use_before_the_deal_again(
    store: TableStore,
) -> None:
    table = _new(store)
    _do(store, table, dk.open_game)
    opener = _wings(store, table).choosers[0]
    _do(store, table, dk.deal)
    _do(store, table, dk.misdeal, "cat")
    event = _do(store, table, dk.put_wing, "thieves deuces", opener)
    assert any("Thieves' Deuces" in e for e in event.events)


def test_dk_board_after_a_misdeal_is_a_one_line_error(tmp_path: Any) -> None:
    state = str(tmp_path / "s.sqlite3")
    new = ("table", "new", "masked", "--game", "dragon-kings", "--players", "ann,ben,cat")
    for args in (new + ("--seed", "24"), ("dk", "open"), ("dk", "deal"), ("dk", "misdeal", "ben")):
        assert invoke(*args, "--state", state).exit_code == 0
    result = invoke("dk", "board", "--state", state)
    assert (result.exit_code, result.stderr.strip()) == (
        2,
        "error: no deal in progress: start one with 'companion dk deal'",
    )


# -- wing cards reach the showdown file ----------------------------------------------------------

IRON_MASK_SHOWDOWN = """\
game: dragon-kings
board: Kh Qh Jh Th 5s
players:
  - {name: ann, put_in: 10, hand: Ah 2c}
  - {name: ben, put_in: 10, hand: 9s 9d}
"""


def test_wing_cards_reach_showdown_from_the_file_the_option_and_the_table() -> None:
    # Iron Mask: both hole cards and three from the board, so ann's lone heart makes no flush
    plain = invoke("showdown", "-", "--json", input=IRON_MASK_SHOWDOWN).json()
    assert plain["winners"] == ["ann"]  # a royal flush with the board
    by_option = invoke("showdown", "-", "--wing", "iron mask", "--json", input=IRON_MASK_SHOWDOWN)
    assert by_option.json()["winners"] == ["ben"]
    assert by_option.json()["events"][0] == "Wing cards in force: Iron Mask."
    in_file = invoke("showdown", "-", "--json", input=IRON_MASK_SHOWDOWN + "wings: [iron mask]\n")
    assert in_file.json()["winners"] == ["ben"]
    # the current Dragon Kings table's wing cards, unless the command says otherwise
    assert (
        invoke("table", "new", "fri", "--game", "dragon-kings", "--players", "ann,ben").exit_code
        == 0
    )
    assert invoke("dk", "open").exit_code == 0
    opener = invoke("table", "show", "--json").json()["choosers"][0]
    assert invoke("dk", "wing", "iron mask", "--by", opener).exit_code == 0
    from_table = invoke("showdown", "-", "--json", input=IRON_MASK_SHOWDOWN).json()
    assert from_table["winners"] == ["ben"]
    overridden = invoke("showdown", "-", "--wing", "none", "--json", input=IRON_MASK_SHOWDOWN)
    assert overridden.json()["winners"] == ["ann"]


def test_wing_option_outside_dragon_kings_is_refused() -> None:
    result = invoke(
        "showdown", "-", "--wing", "iron mask", input="game: holdem\nplayers: [{name: a}]\n"
    )
    assert result.exit_code == 2
    assert result.stderr.strip() == "error: --wing is for dragon-kings, not holdem"


def test_table_show_says_who_owes_a_misdeal_penalty(store: TableStore) -> None:
    table = _new(store)
    _do(store, table, dk.open_game)
    _do(store, table, dk.deal)
    _do(store, table, dk.misdeal, "cat")
    with store.transaction(write=False) as tx:
        view = RULES.overview(tx, table, dk.game_cards(table))
    assert view["misdeals_owed"] == ["cat"]
    assert "misdeal: cat owes 40 points to the next deal's pot" in view["lines"]
    _do(store, table, dk.deal)
    with store.transaction(write=False) as tx:
        view = RULES.overview(tx, table, dk.game_cards(table))
    assert view["misdeals_owed"] == []
    assert "in this deal's pot for a misdeal: cat, 40 points each" in view["lines"]


# -- one card notation -----------------------------------------------------------------------------


def test_one_card_notation_table_showdown_prints_wild_cards_as_rank_does(
    store: TableStore,
) -> None:
    """A wild card and what it plays as are printed with suit symbols by ``table showdown``,
    ``dk showdown`` and ``rank`` alike (poker/cards.py is the notation), codes only in JSON."""
    table = _new(store)
    _do(store, table, dk.open_game)
    _entitle(store, table, "ann")
    _do(store, table, dk.put_wing, "thieves deuces", "ann")
    _play_to_river(store, table)
    _rig(
        store, table, holes={"ann": "2h Ah", "ben": "Qs Qd", "cat": "3c 4d"}, board="Ac Ad 7c 9h Jc"
    )
    printed = invoke("table", "showdown", "ann=10", "ben=10", "cat=10")
    assert printed.exit_code == 0, printed.stderr
    ranked = invoke(
        "rank", "--wing", "thieves-deuces", "ann=2h,Ah", "ben=Qs,Qd", "cat=3c,4d",
        "--board", "Ac,Ad,7c,9h,Jc",
    )  # fmt: skip
    shown = "2♥=A♠"
    assert shown in printed.stdout and shown in ranked.stdout
    assert "2h=" not in printed.stdout
    invoke("table", "undo")
    as_json = invoke("table", "showdown", "ann=10", "ben=10", "cat=10", "--json").json()
    best = next(p["best"] for p in as_json["players"] if p["name"] == "ann")
    assert "2h=As" in best


# -- each guest's points (003, Buy-Ins) ----------------------------------------------------------


def _points(store: TableStore, table: TableInfo) -> dict[str, int] | None:
    with store.transaction(write=False) as tx:
        return dk.pts.points_of(tx, table)


def _opened(store: TableStore, players: tuple[str, ...] = ("ann", "ben", "cat")) -> TableInfo:
    table = _new(store, players)
    _do(store, table, dk.open_game)
    return table


def _opener(store: TableStore, table: TableInfo) -> str:
    with store.transaction(write=False) as tx:
        return str(tx.get_state(table, dk.NS, "opened"))


def test_buy_in_400_points_each_and_the_opening_kings_50_from_the_house(
    store: TableStore,
) -> None:
    table = _new(store)
    assert _points(store, table) is None  # nothing counted before play begins
    event = _do(store, table, dk.open_game)
    opener = _opener(store, table)
    expected = {p: 400 + (50 if p == opener else 0) for p in table.players}
    assert _points(store, table) == expected == event.points
    assert event.events[-1].startswith("each guest bought in for 400 points (1 re-buy")


def test_buy_in_another_agreed_amount_and_bad_terms_are_refused() -> None:
    assert invoke("table", "new", "t", "--game", "dragon-kings", "--players", "a,b").exit_code == 0
    bad = invoke("dk", "open", "--buy-in", "0")
    assert bad.exit_code == 2 and bad.stderr.strip() == (
        "error: --buy-in 0: a buy-in is at least 1 point"
    )
    assert invoke("dk", "open", "--rebuys", "-1").stderr.startswith("error: --rebuys -1")
    opened = invoke("dk", "open", "--buy-in", "1000", "--rebuys", "0", "--json").json()
    assert sorted(opened["points"].values()) == [1000, 1050]
    show = invoke("table", "show", "--json").json()
    assert show["match"] == {"buy_in": 1000, "rebuys": 0}


def test_pot_payout_moves_each_guests_points_and_keeps_the_total(store: TableStore) -> None:
    table = _opened(store)
    before = _points(store, table)
    assert before is not None
    _play_to_river(store, table)
    _rig(
        store, table, holes={"ann": "Ah Ad", "ben": "9s 9d", "cat": "2c 3d"}, board="Ac 7h 9h Js 5c"
    )
    settled = _showdown(store, table, ann=60, ben=60, cat=20)
    settled_folded = settled.result.payouts
    assert settled_folded["ann"] == 140
    after = _points(store, table)
    assert after == settled.points
    assert after == {
        "ann": before["ann"] + 80,
        "ben": before["ben"] - 60,
        "cat": before["cat"] - 20,
    }
    assert sum(after.values()) == sum(before.values())
    assert f"points after the pot: ann {after['ann']}, ben {after['ben']}, cat {after['cat']}" in (
        settled.notes
    )


def test_first_honors_is_paid_into_the_count(store: TableStore) -> None:
    table = _opened(store)
    before = _points(store, table)
    assert before is not None
    settled = _dragons_deal(store, table, "ben")  # nothing bet: only the bonus moves
    assert settled.honors == {"ben": 50}
    assert _points(store, table) == {**before, "ben": before["ben"] + 50}


def test_misdeal_penalty_leaves_the_foulers_points_for_the_next_pot(store: TableStore) -> None:
    table = _opened(store)
    before = _points(store, table)
    assert before is not None
    _do(store, table, dk.deal)
    _do(store, table, dk.misdeal, "ben")
    assert _points(store, table) == before  # owed, not yet paid
    _do(store, table, dk.deal)
    shown = invoke("table", "show", "--json").json()
    assert shown["points"]["ben"] == before["ben"] - 40 and shown["in_pot"] == {"ben": 40}
    for _ in range(2):
        _do(store, table, dk.board)
    _do(store, table, dk.board)
    _rig(
        store, table, holes={"ann": "Ah Ad", "ben": "9s 9d", "cat": "2c 3d"}, board="Ac 7h 9h Js 5c"
    )
    _showdown(store, table, ann=10, ben=10, cat=10)
    assert _points(store, table) == {
        "ann": before["ann"] + 20 + 40,
        "ben": before["ben"] - 10 - 40,
        "cat": before["cat"] - 10,
    }


def test_misdeal_penalty_of_a_guest_short_of_40_is_all_they_have(store: TableStore) -> None:
    """A fouler with fewer than 40 points places what they have, never going below zero."""
    table = _opened(store)
    _do(store, table, dk.deal)
    _do(store, table, dk.misdeal, "ben")
    with store.transaction() as tx:
        dk.pts.set_points(tx, table, {"ann": 400, "ben": 30, "cat": 400})
    dealt = _do(store, table, dk.deal)
    assert any("ben places 30 points" in e and "all they have" in e for e in dealt.events)
    shown = invoke("table", "show", "--json").json()
    assert shown["points"]["ben"] == 0 and shown["in_pot"] == {"ben": 30}
    for _ in range(3):
        _do(store, table, dk.board)
    _rig(
        store, table, holes={"ann": "Ah Ad", "ben": "9s 9d", "cat": "2c 3d"}, board="Ac 7h 9h Js 5c"
    )
    _showdown(store, table, ann=10, ben=0, cat=10)
    assert _points(store, table) == {"ann": 400 + 10 + 30, "ben": 0, "cat": 390}


def test_swap_cost_goes_from_the_traders_points_into_the_pot(store: TableStore) -> None:
    table = _opened(store)
    before = _points(store, table)
    assert before is not None
    _entitle(store, table, "ann")
    _do(store, table, dk.put_wing, "sleight of hand", "ann")
    _do(store, table, dk.deal)
    with store.transaction(write=False) as tx:
        card = RULES.hole(tx, table, dk.game_cards(table), "cat")[0]
    _do(store, table, dk.swap, "cat", card.code)
    shown = invoke("table", "show", "--json").json()
    assert shown["points"]["cat"] == before["cat"] - 20 and shown["in_pot"] == {"cat": 20}
    for _ in range(3):
        _do(store, table, dk.board)
    _rig(
        store, table, holes={"ann": "Ah Ad", "ben": "9s 9d", "cat": "2c 3d"}, board="Ac 7h 9h Js 5c"
    )
    settled = _showdown(store, table, ann=10, ben=10, cat=10)
    assert settled.result.payouts["ann"] == 30 + 20  # the cost is dead money in the pot
    assert settled.result.bank == {"cat": -20}
    assert "Sleight of Hand: cat paid 20 points into this pot to trade a hole card." in (
        settled.result.sentences
    )
    assert _points(store, table) == {
        "ann": before["ann"] + 40,
        "ben": before["ben"] - 10,
        "cat": before["cat"] - 30,
    }


def test_swap_cost_needs_the_points_behind(store: TableStore) -> None:
    table = _opened(store)
    _entitle(store, table, "ann")
    _do(store, table, dk.put_wing, "sleight of hand", "ann")
    with store.transaction() as tx:
        dk.pts.set_points(tx, table, {"ann": 400, "ben": 400, "cat": 15})
    _do(store, table, dk.deal)
    with store.transaction(write=False) as tx:
        card = RULES.hole(tx, table, dk.game_cards(table), "cat")[0]
    with pytest.raises(CompanionError, match="cat has 15 points behind: a trade costs 20"):
        _do(store, table, dk.swap, "cat", card.code)


def test_guild_tithe_antes_and_the_clocks_blinds_are_posted_from_the_points() -> None:
    assert (
        invoke("table", "new", "t", "--game", "dragon-kings", "--players", "a,b,c").exit_code == 0
    )
    opened = invoke("dk", "open", "--json").json()
    opener = _first_word(opened["events"][0])
    assert invoke("dk", "wing", "guild tithe", "--by", opener).exit_code == 0
    assert invoke("timer", "run", "--paused", "--level", "6").exit_code == 0  # 30/60, ante 5
    dealt = invoke("dk", "deal", "--json").json()
    players = [p["name"] for p in invoke("table", "show", "--json").json()["players"]]
    seat = players.index(opener)
    small, big = players[(seat + 1) % 3], players[(seat + 2) % 3]
    posted = {opener: 15, small: 45, big: 75}
    line = ", ".join(f"{p} {posted[p]}" for p in (small, big, opener))  # as they post
    assert (
        f"posted (blinds 30/60, ante 15 (Guild Tithe's 10 included)): {line}" in (dealt["events"])
    )
    show = invoke("table", "show", "--json").json()
    assert show["in_pot"] == posted
    for _ in range(3):
        assert invoke("dk", "board").exit_code == 0
    too_little = invoke("dk", "showdown", f"{big}=10")
    assert too_little.exit_code == 2
    assert too_little.stderr.strip() == (
        f"error: {big}=10: {big} posted 75 points of blinds and antes this deal"
    )


def _first_word(text: str) -> str:
    return text.split()[0]


def test_all_in_more_points_than_a_guest_has_is_refused(store: TableStore) -> None:
    table = _opened(store)
    _play_to_river(store, table)
    before = _points(store, table)
    assert before is not None
    with pytest.raises(CompanionError, match=rf"ann={before['ann'] + 1}: ann has only"):
        _showdown(store, table, ann=before["ann"] + 1, ben=10, cat=10)


def test_out_at_zero_and_not_dealt_in_until_a_rebuy(store: TableStore) -> None:
    table = _opened(store)
    _play_to_river(store, table)
    _rig(
        store, table, holes={"ann": "Ah Ad", "ben": "9s 9d", "cat": "2c 3d"}, board="Ac 7h 9h Js 5c"
    )
    with store.transaction() as tx:
        dk.pts.set_points(tx, table, {"ann": 400, "ben": 400, "cat": 100})
    settled = _showdown(store, table, ann=100, ben=100, cat=100)
    assert settled.points is not None and settled.points["cat"] == 0
    assert any(n.startswith("cat has no points left and is out") for n in settled.notes)
    dealt = _do(store, table, dk.deal)
    with store.transaction(write=False) as tx:
        assert RULES.deal_state(tx, table).seated == ["ann", "ben"]
        assert tx.pile(table, "standard", "held", "cat") == []
    assert "cat" not in " ".join(dealt.events)
    with pytest.raises(CompanionError, match="cat is out of the game"):
        _do(store, table, dk.fold, "cat")
    with pytest.raises(CompanionError, match="a re-buy is made between deals"):
        _do(store, table, dk.rebuy, "cat")
    shown = invoke("table", "show", "--json").json()
    assert shown["out"] == ["cat"] and shown["points"]["cat"] == 0


def test_rebuy_once_per_match_for_a_guest_who_is_out(store: TableStore) -> None:
    table = _opened(store, ("ann", "ben"))
    with pytest.raises(CompanionError, match="ann still has .* a re-buy is for a guest who is out"):
        _do(store, table, dk.rebuy, "ann")
    with store.transaction() as tx:
        dk.pts.set_points(tx, table, {"ann": 0, "ben": 850})
    event = _do(store, table, dk.rebuy, "ann")
    assert event.events == ("ann re-buys for 400 points and is dealt in again (0 re-buys left)",)
    assert _points(store, table) == {"ann": 400, "ben": 850}
    with store.transaction() as tx:
        dk.pts.set_points(tx, table, {"ann": 0, "ben": 1250})
    with pytest.raises(CompanionError, match="allows 1 re-buy a guest and ann has had them"):
        _do(store, table, dk.rebuy, "ann")


def test_the_game_ends_when_one_guest_holds_every_point(store: TableStore) -> None:
    table = _opened(store, ("ann", "ben"))
    _play_to_river(store, table)
    _rig(store, table, holes={"ann": "Ah Ad", "ben": "2c 3d"}, board="Ac 7h 9h Js 5c")
    points = _points(store, table)
    assert points is not None
    settled = _showdown(store, table, ann=points["ben"], ben=points["ben"])
    assert settled.notes[-1] == f"ann holds every point ({sum(points.values())}): the game is over"
    with pytest.raises(CompanionError, match="the game is over; a guest who is out may still"):
        _do(store, table, dk.deal)
    _do(store, table, dk.rebuy, "ben")
    _do(store, table, dk.deal)  # play goes on after the re-buy


def test_undo_takes_back_a_showdowns_points_and_a_rebuy(store: TableStore) -> None:
    table = _opened(store)
    before = _points(store, table)
    _play_to_river(store, table)
    _showdown(store, table, ann=30, ben=30, cat=30)
    assert _points(store, table) != before
    with store.transaction() as tx:
        undo(tx, table)
    assert _points(store, table) == before


def test_rank_odds_pot_and_showdown_say_in_one_line_that_they_use_the_current_table() -> None:
    """A Hold'em user with a Dragon Kings table open is told whose game answered."""
    assert (
        invoke("table", "new", "dkt", "--game", "dragon-kings", "--players", "ann,ben").exit_code
        == 0
    )
    line = "using table dkt: dragon-kings; --game holdem for Hold'em\n"
    ranked = invoke("rank", "a=Ks,Kc", "b=Ah,Ad", "--board", "2h 7d 9c", "--json")
    assert ranked.exit_code == 0 and ranked.stderr == line
    assert ranked.json()["game"] == "dragon-kings"  # stdout is still one JSON document
    chances = invoke("odds", "a=Ks,Kc", "b=Ah,Ad", "--board", "2h 7d 9c 4s", "--json")
    assert chances.stderr == line and chances.json()["game"] == "dragon-kings"
    assert invoke("pot", "a=5", "b=5", "--result", "a > b").stderr == line
    shown = invoke(
        "showdown",
        "-",
        input="game: dragon-kings\nplayers: [{name: a}, {name: b}]\nresult: a > b\n",
    )
    assert shown.exit_code == 0
    assert shown.stderr == "using table dkt: dragon-kings; game: holdem in the file for Hold'em\n"
    for told in (
        invoke("rank", "--game", "holdem", "a=Ks,Kc", "b=Ah,Ad", "--board", "2h 7d 9c"),
        invoke("pot", "a=5", "b=5", "--result", "a > b", "--game", "holdem"),
        invoke(
            "showdown", "-", input="game: holdem\nplayers: [{name: a}, {name: b}]\nresult: a > b\n"
        ),
    ):
        assert told.exit_code == 0 and told.stderr == ""
    refused = invoke("rank", "a=Zz")
    assert refused.exit_code == 2 and refused.stderr.count("\n") == 1  # the error alone


def test_the_help_of_rank_odds_pot_and_showdown_says_the_current_table_is_used() -> None:
    for command in ("rank", "odds", "pot", "showdown"):
        text = " ".join(invoke(command, "--help").stdout.replace("│", " ").split())
        assert "current table" in text or "table current" in text, command
