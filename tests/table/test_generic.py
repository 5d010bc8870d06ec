"""Generic drawing rules (any game, any deck) and the commands around them."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from companion.errors import CompanionError
from companion.games.dragon_kings.table_rules import DragonKingsRules
from companion.poker.cards import card_symbol
from companion.table import (
    TableStore,
    discard,
    draw,
    new_table,
    peek,
    remove,
    reorder,
    return_card,
    rules_for,
    shuffle,
    shuffle_top,
    status,
    undo,
)
from tests.conftest import invoke


def _snapshot(
    store: TableStore, name: str = "friday"
) -> list[tuple[str, int, str, str, str | None, int]]:
    with store.transaction(write=False) as tx:
        table = tx.table(name)
        return [(c.deck, c.copy, c.card_id, c.pile, c.holder, c.pos) for c in tx.cards(table)]


def _new(
    store: TableStore,
    seed: int = 11,
    name: str = "friday",
    players: tuple[str, ...] = ("Ann", "Bo"),
):  # type: ignore[no-untyped-def]
    with store.transaction() as tx:
        table, _ = new_table(tx, name, "dragon-kings", list(players), seed=seed)
    return table


# -- setup and determinism ---------------------------------------------------------------


def test_same_seed_same_cards(store: TableStore) -> None:
    first, second = _new(store, 42, "a"), _new(store, 42, "b")
    with store.transaction() as tx:
        one = [c.card_id for c in draw(tx, first, "standard", 10, "Ann")]
        two = [c.card_id for c in draw(tx, second, "standard", 10, "Ann")]
    assert one == two
    assert len(set(one)) == 10


def test_another_seed_gives_another_order(store: TableStore) -> None:
    first, second = _new(store, 1, "a"), _new(store, 2, "b")
    with store.transaction() as tx:
        one = [c.card_id for c in draw(tx, first, "standard", 10)]
        two = [c.card_id for c in draw(tx, second, "standard", 10)]
    assert one != two


def test_every_card_of_the_deck_is_at_the_table_once_per_copy(
    store: TableStore, test_cards: Path
) -> None:
    table = _new(store)
    with store.transaction(write=False) as tx:
        found = Counter(c.card_id for c in tx.cards(table, "small"))
    assert found == {"small-as": 2, "small-ks": 1, "small-qs": 1, "small-js": 1, "small-ts": 1}


def test_a_table_without_a_seed_gets_one_and_shows_it(store: TableStore) -> None:
    with store.transaction() as tx:
        table, _ = new_table(tx, "friday", "dragon-kings", ["Ann"])
    assert isinstance(table.seed, int)
    assert invoke("table", "show", "--json").json()["table"]["seed"] == table.seed


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["x", "--game", "nope", "--players", "a"], "unknown game 'nope'"),
        (["x", "--game", "dragon-kings", "--players", "a,,b"], "empty player name"),
        (["x", "--game", "dragon-kings", "--players", "a,A"], "listed twice"),
        (["--bad", "--game", "dragon-kings", "--players", "a"], ""),
        (
            ["x", "--game", "dragon-kings", "--players", "a", "--tournament"],
            "no --tournament option",
        ),
    ],
)
def test_table_new_rejects_bad_input_in_one_line(args: list[str], message: str) -> None:
    result = invoke("table", "new", *args)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
    assert message in result.stderr


def test_a_table_name_is_unique(store: TableStore) -> None:
    _new(store)
    result = invoke("table", "new", "FRIDAY", "--game", "dragon-kings", "--players", "a")
    assert result.exit_code == 2 and "already exists" in result.stderr


def test_dragon_kings_involuntary_wing_cards_are_always_in_play(store: TableStore) -> None:
    table = _new(store)
    with store.transaction(write=False) as tx:
        in_play = {c.card_id for c in tx.pile(table, "wing", "in_play")}
        drawable = tx.count(table, "wing", "draw")
    from companion.cards import load_game

    involuntary = {c.id for c in load_game("dragon-kings").deck("wing") if c.involuntary}
    assert in_play == involuntary and len(involuntary) == 2
    assert drawable == 12 - 2


# -- drawing --------------------------------------------------------------------------------


def test_drawing_for_a_player_puts_the_cards_in_their_hand(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        drawn = draw(tx, table, "standard", 2, "bo")
        assert [(c.pile, c.holder) for c in drawn] == [("held", "Bo")] * 2
        assert [c.card_id for c in tx.pile(table, "standard", "held", "Bo")] == [
            c.card_id for c in drawn
        ]
        on_table = draw(tx, table, "standard")
        assert (on_table[0].pile, on_table[0].holder) == ("in_play", None)
        assert tx.count(table, "standard", "draw") == 49  # 52: the Swords joker is boxed


def test_draw_takes_the_top_card_and_bottom_takes_the_last(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        pile = tx.pile(table, "standard", "draw")
        assert draw(tx, table, "standard")[0].card_id == pile[0].card_id
        assert draw(tx, table, "standard", bottom=True)[0].card_id == pile[-1].card_id


def test_a_deck_can_be_named_by_its_name_or_a_prefix(store: TableStore, test_cards: Path) -> None:
    table = _new(store)
    with store.transaction() as tx:
        assert draw(tx, table, "Small deck")[0].deck == "small"
        assert draw(tx, table, "sma")[0].deck == "small"


def test_drawing_from_an_empty_deck_without_a_reshuffle_is_an_error_and_changes_nothing(
    store: TableStore, test_cards: Path
) -> None:
    table = _new(store)
    with store.transaction() as tx:
        draw(tx, table, "small", 4)
    before = _snapshot(store)
    result = invoke("draw", "small", "--count", "3")
    assert result.exit_code == 2
    assert "the small deck (Small deck) has no cards left" in result.stderr
    assert result.stderr.count("\n") == 1
    assert _snapshot(store) == before


def test_the_discard_pile_is_reshuffled_where_the_game_says_so(
    store: TableStore, test_cards: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(DragonKingsRules, "RESHUFFLED", frozenset({"small"}))
    table = _new(store)
    with store.transaction() as tx:
        first = draw(tx, table, "small", 6)
        for card in first[:3]:
            discard(tx, table, "small", card.card_id)
        again = draw(tx, table, "small", 3, "Ann")
    assert Counter(c.card_id for c in again) == Counter(c.card_id for c in first[:3])
    assert any("shuffled into a new draw pile" in n for n in again[0].notes)
    with (
        store.transaction() as tx,
        pytest.raises(CompanionError, match="discard pile is empty too"),
    ):
        draw(tx, table, "small")


@pytest.mark.parametrize(
    ("game", "deck", "reshuffles"),
    [
        ("dungeon-of-d", "power", True),  # Power Deck: shuffle the Discard Pile when it runs out
        ("dungeon-of-d", "rooms", False),  # no REVEAL when the Room Deck is empty
        ("dungeon-master", "party", True),  # draw phase: a spent deck is rebuilt from the discard
        ("dungeon-master", "dm", True),
        ("decko", "starting", True),  # draw pile emptied: shuffle the discard pile
        ("decko", "market", False),  # flushed cards go under the market deck, never shuffled
        ("dungeon-poker", "main", True),  # the graveyard goes back into the main deck
        ("dungeon-poker", "treasures", False),
        ("dungeon-poker", "monsters", False),  # an empty monster deck: all monsters slain
        ("dungeon-poker", "encounters", False),  # no more encounters once the deck runs out
        ("dragon-kings", "standard", False),  # gathered and shuffled before each deal
    ],
)
def test_which_decks_reshuffle_their_discard_pile_follows_each_rulebook(
    game: str, deck: str, reshuffles: bool
) -> None:
    assert rules_for(game).reshuffles(deck) is reshuffles


def test_unknown_deck_player_and_table_are_one_line_errors(store: TableStore) -> None:
    _new(store)
    for args, message in (
        (["draw", "nope"], "has no deck 'nope' (decks: standard, "),
        (
            ["draw", "standard", "--for", "zed"],
            "'zed' is not a player at table 'friday' (players: Ann, Bo)",
        ),
        (["draw", "standard", "--table", "monday"], "no table named 'monday' (tables: friday)"),
        (["draw", "standard", "--count", "0"], "--count"),
    ):
        result = invoke(*args)
        assert result.exit_code == 2, args
        assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
        assert message in result.stderr, result.stderr


def test_draw_json_follows_the_contract(store: TableStore) -> None:
    _new(store)
    result = invoke("draw", "standard", "--count", "2", "--for", "Ann", "--json")
    assert result.exit_code == 0
    data = result.json()
    assert [
        set(c) >= {"id", "name", "deck", "type", "text", "pile", "holder"} for c in data["cards"]
    ] == [True, True]
    assert data["cards"][0]["holder"] == "Ann"


def test_draw_shows_a_panel_per_card(store: TableStore) -> None:
    _new(store, seed=3)
    result = invoke("draw", "standard", "--count", "2", "--for", "Ann")
    assert result.exit_code == 0
    assert result.stdout.count("╭") == 2
    assert "to Ann" in result.stdout


# -- the current table -----------------------------------------------------------------------


def test_the_current_table_is_remembered_and_can_be_changed(store: TableStore) -> None:
    _new(store, name="friday")
    _new(store, name="saturday")
    assert invoke("draw", "standard", "--json").json()["table"] == "saturday"
    assert invoke("table", "select", "friday").exit_code == 0
    assert invoke("draw", "standard", "--json").json()["table"] == "friday"
    listing = invoke("table", "list", "--json").json()
    assert [(t["name"], t["current"]) for t in listing] == [("friday", True), ("saturday", False)]


def test_without_any_table_a_command_says_how_to_make_one() -> None:
    result = invoke("draw", "standard")
    assert result.exit_code == 2
    assert "no table chosen" in result.stderr and "table new" in result.stderr


def test_deleting_the_current_table_forgets_it(store: TableStore) -> None:
    _new(store)
    assert invoke("table", "delete", "friday", "--yes").exit_code == 0
    assert invoke("table", "list", "--json").json() == []
    assert "no table chosen" in invoke("deck", "status").stderr


# -- looking and moving -----------------------------------------------------------------------


def test_peek_shows_the_top_cards_without_moving_them_and_is_logged(store: TableStore) -> None:
    table = _new(store)
    before = _snapshot(store)
    with store.transaction() as tx:
        seen = peek(tx, table, "standard", 3, "Ann")
        top = tx.pile(table, "standard", "draw")[:3]
    assert [s.card_id for s in seen] == [c.card_id for c in top]
    assert _snapshot(store) == before
    with store.transaction() as tx:
        entry = tx.history(table)[-1]
        assert (entry.action, entry.actor, entry.undoable) == ("peek", "Ann", False)
        assert draw(tx, table, "standard")[0].card_id == seen[0].card_id


def test_reorder_puts_the_top_cards_in_the_given_order(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        top = [c.card_id for c in tx.pile(table, "standard", "draw")]
        reorder(tx, table, "standard", [3, 1, 2])
        after = [c.card_id for c in tx.pile(table, "standard", "draw")]
    assert after[:3] == [top[2], top[0], top[1]]
    assert after[3:] == top[3:]


@pytest.mark.parametrize(
    ("order", "message"),
    [([1, 1], "twice"), ([3, 1], "missing 2"), ([0], "between 1"), ([60], "between 1")],
)
def test_reorder_rejects_impossible_orders(
    store: TableStore, order: list[int], message: str
) -> None:
    table = _new(store)
    with store.transaction() as tx, pytest.raises(CompanionError, match=message):
        reorder(tx, table, "standard", order)


def test_shuffling_the_top_cards_keeps_them_on_top(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        top = [c.card_id for c in tx.pile(table, "standard", "draw")]
        shuffle_top(tx, table, "standard", 5)
        after = [c.card_id for c in tx.pile(table, "standard", "draw")]
    assert sorted(after[:5]) == sorted(top[:5])
    assert after[5:] == top[5:]


def test_return_puts_a_card_back_on_top_at_the_bottom_or_shuffled_in(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        a, b, c = draw(tx, table, "standard", 3, "Ann")
        return_card(tx, table, "standard", a.name, where="top")
        return_card(tx, table, "standard", b.card_id, where="bottom")
        pile = tx.pile(table, "standard", "draw")
        assert (pile[0].card_id, pile[-1].card_id) == (a.card_id, b.card_id)
        return_card(tx, table, "standard", c.card_id)
        assert tx.count(table, "standard", "draw") == 52
        assert tx.count(table, "standard", "held") == 0


def test_remove_and_discard_move_a_card_and_say_where_it_was(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        a, b = draw(tx, table, "standard", 2, "Ann")
        assert discard(tx, table, "standard", a.card_id).pile == "discard"
        assert remove(tx, table, "standard", b.card_id, player="Ann").pile == "removed"
        with pytest.raises(CompanionError, match="can be discarded: it is removed from the game"):
            discard(tx, table, "standard", b.card_id)
        with pytest.raises(
            CompanionError, match="no card 'Kingg of Spades'.*did you mean 'King of Spades'"
        ):
            remove(tx, table, "standard", "Kingg of Spades")


def test_shuffle_with_the_discard_gathers_it_back(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        for card in draw(tx, table, "standard", 5):
            discard(tx, table, "standard", card.card_id)
        assert shuffle(tx, table, "standard", with_discard=True) == 52
        assert tx.count(table, "standard", "discard") == 0


# -- status, log and undo ---------------------------------------------------------------------


def test_deck_status_counts_every_pile(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        draw(tx, table, "standard", 2, "Ann")
        draw(tx, table, "standard", 1, "Bo")
        c = draw(tx, table, "standard")[0]
        discard(tx, table, "standard", c.card_id)
    data = invoke("deck", "status", "--json").json()
    (deck,) = [d for d in data["decks"] if d["deck"] == "standard"]
    assert (deck["draw"], deck["held"], deck["discard"], deck["in_play"], deck["total"]) == (
        48,
        3,
        1,
        0,
        53,
    )
    assert deck["held_by"] == {"Ann": 2, "Bo": 1}
    with store.transaction(write=False) as tx:
        assert [d.total for d in status(tx, table) if d.deck == "standard"] == [53]


def test_undo_reverts_the_last_action_and_is_logged(store: TableStore) -> None:
    table = _new(store)
    start = _snapshot(store)
    with store.transaction() as tx:
        draw(tx, table, "standard", 2, "Ann")
    after_draw = _snapshot(store)
    with store.transaction() as tx:
        shuffle(tx, table, "standard")
        peek(tx, table, "standard", 2)
    result = invoke("table", "undo")
    assert result.exit_code == 0 and "shuffled" in result.stdout
    assert _snapshot(store) == after_draw
    assert invoke("table", "undo").exit_code == 0
    assert _snapshot(store) == start
    failed = invoke("table", "undo")
    assert failed.exit_code == 2 and "nothing to undo" in failed.stderr
    log = invoke("table", "log", "--json").json()["history"]
    assert [e["action"] for e in log] == ["new", "draw", "shuffle", "peek", "undo", "undo"]
    assert log[4]["undoes"] == log[2]["id"] and log[5]["undoes"] == log[1]["id"]


def test_after_an_undo_the_same_draw_comes_again(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        shuffle(tx, table, "standard")
        first = [c.card_id for c in draw(tx, table, "standard", 3)]
    invoke("table", "undo")
    invoke("table", "undo")
    with store.transaction() as tx:
        shuffle(tx, table, "standard")
        assert [c.card_id for c in draw(tx, table, "standard", 3)] == first


def test_undo_of_a_return_also_undoes_its_shuffle(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        draw(tx, table, "standard", 1, "Ann")
    before = _snapshot(store)
    with store.transaction() as tx:
        return_card(tx, table, "standard", tx.pile(table, "standard", "held")[0].card_id)
        undo(tx, table)
    assert _snapshot(store) == before


def test_the_log_says_who_did_what(store: TableStore) -> None:
    _new(store, seed=3)
    invoke("draw", "standard", "--for", "Bo")
    result = invoke("table", "log")
    assert result.exit_code == 0
    assert "Bo drew" in result.stdout and "table set up" in result.stdout
    last = invoke("table", "log", "--limit", "1", "--json").json()["history"]
    assert len(last) == 1 and last[0]["actor"] == "Bo" and last[0]["action"] == "draw"


def test_table_show_lists_players_in_seat_order_with_their_cards(store: TableStore) -> None:
    _new(store, players=("Cy", "Ann", "Bo"))
    drawn = invoke("draw", "standard", "--for", "Ann", "--json").json()["cards"][0]
    held = drawn["name"]
    data = invoke("table", "show", "--json").json()
    assert [p["name"] for p in data["players"]] == ["Cy", "Ann", "Bo"]
    assert [len(p["cards"]) for p in data["players"]] == [0, 1, 0]
    text = invoke("table", "show")
    assert text.exit_code == 0 and "1 in hand" in text.stdout and "standard" in text.stdout
    assert held not in text.stdout  # a hand stays secret on the shared screen
    # the holder's own look: the hand first, by rank and suit
    assert f"hand: {card_symbol(drawn['id'])}" in invoke("table", "hand", "ann").stdout


def test_deck_commands_from_the_cli(store: TableStore) -> None:
    _new(store)
    top = invoke("deck", "peek", "standard", "2", "--json").json()["cards"]
    assert invoke("deck", "reorder", "standard", "2", "1").exit_code == 0
    assert [c["id"] for c in invoke("deck", "peek", "standard", "2", "--json").json()["cards"]] == [
        top[1]["id"],
        top[0]["id"],
    ]
    assert invoke("deck", "reorder", "standard", "--shuffle", "5").exit_code == 0
    drawn = invoke("draw", "standard", "--for", "Ann", "--json").json()["cards"][0]
    assert invoke("deck", "discard", "standard", drawn["name"]).exit_code == 0
    assert invoke("deck", "return", "standard", drawn["id"], "--top").exit_code == 0
    assert invoke("deck", "peek", "standard", "--json").json()["cards"][0]["id"] == drawn["id"]
    assert invoke("deck", "remove", "standard", drawn["id"]).exit_code == 0
    assert invoke("deck", "shuffle", "standard", "--discard", "--json").json()["draw"] == 51
    both = invoke("deck", "reorder", "standard", "1", "--shuffle", "2")
    assert both.exit_code == 2 and "either" in both.stderr


# -- the other games' setups and reshuffles, with their real decks ----------------------------------


def test_decko_two_player_games_put_five_jokers_back_in_the_box(store: TableStore) -> None:
    with store.transaction() as tx:
        two, _ = new_table(tx, "two", "decko", ["Ann", "Bo"], seed=1)
        three, _ = new_table(tx, "three", "decko", ["Ann", "Bo", "Cy"], seed=1)
        cut = {c.card_id for c in tx.pile(two, "jokers", "aside")}
        assert cut == {"fortune-teller", "harlequin", "pizza-time", "patchface", "robin"}
        assert tx.pile(three, "jokers", "aside") == []


def test_decko_lays_one_red_and_one_blue_wildcard_and_boxes_the_rest(store: TableStore) -> None:
    from companion.cards import load_game

    colors = {c.id: c.color for c in load_game("decko").deck("wildcards")}
    with store.transaction() as tx:
        table, notes = new_table(tx, "friday", "decko", ["Ann", "Bo", "Cy"], seed=4)
        in_play = [colors[c.card_id] for c in tx.pile(table, "wildcards", "in_play")]
        assert sorted(in_play) == ["blue", "red"]
        assert tx.count(table, "wildcards", "aside") == 12
    assert any(n.startswith("wildcards: ") for n in notes)


def test_dungeon_master_decks_are_rebuilt_from_their_discard_pile(store: TableStore) -> None:
    with store.transaction() as tx:
        table, _ = new_table(tx, "dm", "dungeon-master", ["Dm", "Party"], seed=8)
        assert tx.count(table, "variant", "aside") == 5  # the variant cards stay out
        hand = draw(tx, table, "party", 52, "Party")
        for card in hand[:8]:
            discard(tx, table, "party", card.card_id, "Party")
        again = draw(tx, table, "party", 8, "Party")
    assert Counter(c.card_id for c in again) == Counter(c.card_id for c in hand[:8])


def test_the_table_commands_print_documents_shaped_by_the_library() -> None:
    """Every --json document of cli/table.py is a library object's to_json()."""
    import ast

    import companion.cli.table as cli_table

    tree = ast.parse(Path(cli_table.__file__).read_text(encoding="utf-8"))
    shaped_here = [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and getattr(node.func, "id", None) == "emit_json"
        and not (
            isinstance(node.args[0], ast.Call)
            and getattr(node.args[0].func, "attr", None) == "to_json"
        )
    ]
    assert shaped_here == []
