"""``companion rank`` and ``companion odds``: the CLI contract of DESIGN.md."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import invoke


def rank_json(*args: str) -> dict:
    result = invoke("rank", *args, "--json")
    assert result.exit_code == 0, result.stderr
    return result.json()


def test_rank_json_has_winners_and_players_with_name_hand_best_place() -> None:
    data = rank_json("ann=As,Kd", "bob=Qh,Qc", "--board", "2s 7h Qd 9c 3s")
    assert data["winners"] == ["bob"]
    assert [set(p) >= {"name", "hand", "best", "place"} for p in data["players"]] == [True, True]
    bob = data["players"][0]
    assert (bob["name"], bob["hand"], bob["place"]) == ("bob", "three of a kind", 1)
    assert sorted(bob["best"]) == sorted(["Qh", "Qc", "Qd", "9c", "7h"])


def test_rank_ties_share_a_place() -> None:
    data = rank_json("ann=Ah,2c", "bob=Ad,2d", "cy=Kh,Qd", "--board", "As Ks 9h 8d 3c")
    assert [(p["name"], p["place"]) for p in data["players"]] == [("ann", 1), ("bob", 1), ("cy", 3)]
    assert data["winners"] == ["ann", "bob"]


def test_rank_prints_a_table_with_suit_symbols() -> None:
    result = invoke("rank", "ann=As,Kd", "bob=Qh,Qc", "--board", "2s 7h Qd 9c 3s")
    assert result.exit_code == 0
    assert "Q♥ Q♦ Q♣" in result.stdout
    assert "winner: bob" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["ann=Zx"],
            "error: 'Zx' is not a card (rank must be 2-9, T/10, J, Q, K, A; suit s h d c or ♠ ♥ ♦ ♣)",
        ),
        (["ann=As,Kd", "bob=As,2c"], "error: card 'As' is given twice (ann and bob)"),
        (["annAsKd"], "error: 'annAsKd' is not a player: write NAME=CARDS, e.g. ann=As,Kd"),
        (["ann=As", "ann=Kd"], "error: player 'ann' is given twice"),
        (["--game", "poker", "ann=As"], "error: 'poker' has no hand ranking here"),
        (
            ["--game", "holdem", "--encounter", "plague", "ann=As"],
            "error: --encounter is for dungeon-poker",
        ),
        (
            ["ann=As", "--board", "2c", "--board", "3c"],
            "error: holdem has 1 board; --board was given 2 times",
        ),
        (["ann=* As"], "error: jokers ('*') are wild cards of dragon-kings"),
        (
            ["--wild", "2", "--game", "holdem", "ann=As"],
            "error: wild cards ('2') belong to dragon-kings",
        ),
        (["--full-plate", "ann", "ann=As"], "error: --full-plate is a Dungeon Poker artifact"),
        (["--game", "decko", "ann=9s+x"], "error: '9s+x' is not a DECKO card"),
        (["--wildcard", "jackpot", "ann=9s"], "error: 'jackpot' is not a DECKO wildcard"),
    ],
)
def test_rank_bad_input_is_a_one_line_error(args: list[str], message: str) -> None:
    result = invoke("rank", *args)
    assert result.exit_code == 2
    assert result.stderr.startswith(message), result.stderr
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr + result.stdout


def test_rank_encounter_names_are_case_insensitive() -> None:
    data = rank_json(
        "--encounter", "MYSTICAL STORM", "ann=Ah,2c,7d,8s", "goblin=As", "--board", "Kh Qh 9h 3h 5c"
    )
    assert data["rules"] == "mystical-storm"
    assert data["winners"] == ["ann"]
    goblin = data["players"][1]
    assert (goblin["hand"], goblin["place"]) == ("no hand", None)


def test_rank_other_encounters_leave_the_ranking_alone() -> None:
    data = rank_json("--encounter", "Trench warfare", "ann=9h,9d", "--board", "9c 2s 5d Kc Jh")
    assert data["players"][0]["hand"] == "three of a kind"


def test_rank_two_front_war_reports_each_board() -> None:
    data = rank_json(
        "-e",
        "two front war",
        "ann=Ah,Ad",
        "bob=7c,7d",
        "-b",
        "As 2c 9h Jd 4s",
        "-b",
        "7s 7h Kc Qd 3h",
    )
    assert data["winners"] == ["ann", "bob"]
    assert [b["winners"] for b in data["boards"]] == [["ann"], ["bob"]]
    assert {(p["name"], p["board"], p["place"]) for p in data["players"]} == {
        ("ann", 1, 1),
        ("bob", 1, 2),
        ("bob", 2, 1),
        ("ann", 2, 2),
    }


def test_rank_full_plate_flag() -> None:
    data = rank_json(
        "--game",
        "dungeon-poker",
        "--full-plate",
        "knight",
        "knight=2c,3d",
        "bob=7c,7d",
        "--board",
        "Kh Qs 9d 5c 4h",
    )
    assert data["winners"] == ["knight"]
    assert data["players"][0]["description"] == "pair of eights (Full Plate)"


def test_rank_dragon_kings_with_wild_cards() -> None:
    data = rank_json(
        "--game",
        "dragon-kings",
        "--wild",
        "2",
        "ann=2c,2d",
        "bob=Ks,Kc",
        "--board",
        "Ah As Ad 7c 8d",
    )
    assert data["winners"] == ["bob"]
    ann = data["players"][1]
    assert (ann["hand"], ann["description"]) == ("five of a kind", "five aces")
    assert "2c=Ac" in ann["best"]


def test_rank_wild_implies_dragon_kings() -> None:
    data = rank_json("--wild", "Jd", "ann=Jd,9h", "--board", "9c 9s 9d")
    assert (data["game"], data["players"][0]["hand"]) == ("dragon-kings", "five of a kind")


def test_rank_decko_reports_buying_value_chips_and_money() -> None:
    data = rank_json("--game", "decko", "bernice=9s+2 5h+1 Kc 2d 3h", "bozo=5c$ 5d Kc 2d 3h")
    players = {p["name"]: p for p in data["players"]}
    assert data["winners"] == ["bozo"]
    # money is what the player may spend, as in the showdown: the set's $1 and the credit card's $3
    assert (players["bozo"]["dollars"], players["bozo"]["credit"], players["bozo"]["money"]) == (
        1,
        3,
        4,
    )
    assert (players["bernice"]["dollars"], players["bernice"]["chips"]) == (0, 3)


def test_rank_decko_queens_read_the_burn_and_discard_piles_and_the_market() -> None:
    data = rank_json(
        "--wildcard",
        "normal",
        "yorick=Qh:pyro Tc 2s 5d 8h",
        "bozo=Qs:shop 9c 2h 5d Jh",
        "cy=Qd:dumpster 2c 5c 8c Jc",
        "--burn",
        "yorick=Td&Ts",
        "--discard",
        "cy=Kc:rich",
        "--market",
        "9d+2 3h 4h",
    )
    players = {p["name"]: p for p in data["players"]}
    assert players["yorick"]["description"] == "three tens"
    assert (players["bozo"]["description"], players["bozo"]["chips"]) == ("pair of nines", 2)
    assert (players["cy"]["hand"], players["cy"]["chips"]) == ("flush", 5)
    assert data["winners"] == ["cy"]


def test_rank_decko_wildcard_implies_decko_and_penultimo_example() -> None:
    data = rank_json("--wildcard", "Penultimo", "kings=Jh Jd Kc Ks Kd", "queens=Jc Js Qc Qs Qd")
    assert (data["game"], data["rules"], data["winners"]) == ("decko", "penultimo", ["queens"])


def test_rank_decko_low_sum_reports_the_sum() -> None:
    data = rank_json("--wildcard", "low sum", "a=Kh Qd 2c 3s", "b=2h 4d 9c Ks")
    assert [(p["name"], p["sum"]) for p in data["players"]] == [("a", 5), ("b", 15)]


def test_rank_decko_burn_pile_of_someone_else_is_an_error() -> None:
    result = invoke("rank", "--game", "decko", "a=9s", "--burn", "zed=9d")
    assert result.exit_code == 2
    assert result.stderr == "error: burn pile given for 'zed', who is not a player\n"


def test_rank_starts_without_heavy_libraries() -> None:
    """``companion rank`` imports no PDF, template, TUI or numpy code."""
    code = (
        "import sys, io, contextlib\n"
        "from companion.cli.app import run\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    assert run(['rank', 'ann=As,Kd', 'bob=Qh,Qc', '--board', '2s 7h Qd 9c 3s']) == 0\n"
        "    assert run(['rank', '--game', 'decko', 'a=9s 9d', 'b=Ks:rich 2s']) == 0\n"
        "heavy = {'reportlab', 'jinja2', 'textual', 'numpy'}\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in heavy))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert proc.stdout.strip() == "[]"


# -- companion odds ----------------------------------------------------------------------------


def odds_json(*args: str) -> dict:
    result = invoke("odds", *args, "--json")
    assert result.exit_code == 0, result.stderr
    return result.json()


def test_odds_exact_when_few_deals_remain() -> None:
    data = odds_json("ann=As,Ad", "bob=Kc,Kd", "--board", "2h 7d 9c Ks")
    assert (data["method"], data["deals"]) == ("exact", 44)
    ann, bob = data["players"]
    assert ann["equity"] == pytest.approx(2 / 44)
    assert ann["win"] + bob["win"] + ann["tie"] == pytest.approx(1)
    assert ann["stderr"] == 0


def test_odds_monte_carlo_is_seeded_and_shows_its_standard_error() -> None:
    args = (
        "--game",
        "omaha",
        "ann=As,Ad,Kh,Qh",
        "bob=Kc,Kd,2s,3s",
        "--samples",
        "400",
        "--seed",
        "7",
    )
    first, second = odds_json(*args), odds_json(*args)
    assert first == second
    assert first["method"] == "monte-carlo"
    assert 0 < first["players"][0]["stderr"] < 0.05
    other = odds_json(*args[:-1], "8")
    assert other["players"][0]["equity"] != first["players"][0]["equity"]


def test_two_front_war_odds_report_a_split_of_boards_not_a_tie() -> None:
    """Two front war: each board's winner takes half; one board each is a split, not a tie."""
    data = odds_json(
        "--game", "dungeon-poker", "--encounter", "two front war",
        "ann=As,Ad", "ben=Kc,Kd", "--board", "Ah Ac 2d 3h", "--board", "Kh Ks 7d 8c",
    )  # fmt: skip
    assert data["method"] == "exact"
    for player in data["players"]:
        assert (player["win"], player["split"], player["tie"]) == (0, 1, 0)
        assert player["equity"] == pytest.approx(0.5)
    shown = invoke(
        "odds", "--game", "dungeon-poker", "--encounter", "two front war",
        "ann=As,Ad", "ben=Kc,Kd", "--board", "Ah Ac 2d 3h", "--board", "Kh Ks 7d 8c",
    ).stdout  # fmt: skip
    assert "win both" in shown and "split" in shown and "100.00%" in shown


def test_odds_unknown_cards_of_a_monster() -> None:
    data = odds_json(
        "--game", "dungeon-poker", "ann=Ah,Kh", "giant=Qs,?,?", "--board", "2h 7h 9c 3d", "--exact"
    )
    assert data["method"] == "exact"
    assert data["deals"] == 45 * 44 * 43 // 2  # the river, then the giant's two closed cards
    assert data["players"][1]["cards"] == ["Qs", "?", "?"]
    assert sum(p["equity"] for p in data["players"]) == pytest.approx(1)


def test_odds_prints_a_table() -> None:
    result = invoke("odds", "ann=As,Ad", "bob=Kc,Kd", "--board", "2h 7d 9c Ks")
    assert result.exit_code == 0
    assert "A♠ A♦" in result.stdout and "exact: all 44 deals" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "decko", "a=9s"], "error: odds are for games with a deck and a board"),
        (["a=As", "--exact", "--monte-carlo"], "error: choose --exact or --monte-carlo"),
        (
            ["a=As", "--samples", "0"],
            "error: Invalid value for '--samples': Input should be greater than or equal to 1",
        ),
        (["a=As,?", "--board", "?"], "error: '?' is not a card"),
    ],
)
def test_odds_bad_input_is_a_one_line_error(args: list[str], message: str) -> None:
    result = invoke("odds", *args)
    assert result.exit_code == 2
    assert result.stderr.startswith(message), result.stderr
    assert result.stderr.count("\n") == 1


def test_odds_count_the_full_plate() -> None:
    # bob's sevens beat the virtual eights only if the river pairs the board (12 cards) or is a seven (2)
    data = odds_json(
        "--game",
        "dungeon-poker",
        "--full-plate",
        "ann",
        "ann=2c,3d",
        "bob=7c,7d",
        "--board",
        "Kh Qs 9d 5c",
    )
    assert data["players"][1]["equity"] == pytest.approx(14 / 44)


def test_odds_preflop_heads_up_is_exact_over_every_board() -> None:
    data = odds_json("ann=As,Ad", "bob=Kc,Kd")
    assert (data["method"], data["deals"]) == ("exact", 1_712_304)
    assert data["players"][0]["equity"] == pytest.approx(0.8195, abs=1e-4)


def test_rank_json_result_string_feeds_the_pot_calculator() -> None:
    data = rank_json("ann=Ah,2c", "bob=Ad,2d", "cy=Kh,Qd", "--board", "As Ks 9h 8d 3c")
    assert data["result"] == "ann = bob > cy"


# -- impossible deals are refused, one line each ---------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--game", "decko", "a=2c 3c 4c 5c 6c 7c 8c 9c"],
            "error: a holds 8 cards, but a DECKO hand never holds more than 7\n",
        ),
        (
            ["--game", "decko", "--market", "2h 3h 4h 5h 6h 7h", "a=2c"],
            "error: --market lists 6 cards, but the market has 5 slots\n",
        ),
        (
            ["--wildcard", "holdem", "a=2c 3d"],
            "error: the holdem round plays cards from the market: give them with --market\n",
        ),
        (
            ["a=As,Kd", "--board", "2c 3c 4c 5c 6c 7c"],
            "error: 6 board cards, but holdem deals at most 5\n",
        ),
        (
            ["--game", "dragon-kings", "a=*,*", "b=*,2d"],
            "error: 3 jokers ('*') in one deal, but the dragon-kings deck holds 1 (the Swords joker)\n",
        ),
        (
            ["--game", "holdem", "--wing", "iron mask", "a=As"],
            "error: --wing and --variant are for dragon-kings, not holdem\n",
        ),
        (
            ["--wing", "mirror", "a=As"],
            "error: 'mirror' is not a wing card",
        ),
    ],
)
def test_impossible_inputs_are_refused_in_one_line(args: list[str], message: str) -> None:
    result = invoke("rank", *args)
    assert result.exit_code == 2
    assert result.stderr.startswith(message)
    assert result.stderr.count("\n") == 1


def test_odds_refuse_three_jokers_and_six_board_cards() -> None:
    jokers = invoke("odds", "--game", "dragon-kings", "a=*,*", "b=*,2d")
    assert jokers.exit_code == 2 and "3 jokers" in jokers.stderr
    board = invoke("odds", "a=As,Kd", "b=Qh,Qd", "--board", "2c 3c 4c 5c 6c 7c")
    assert board.exit_code == 2 and "6 board cards" in board.stderr


def test_dragons_hoard_allows_a_sixth_board_card() -> None:
    data = rank_json(
        "--wing", "dragon's hoard", "a=Ah,Kd", "b=Qh,Qd", "--board", "2c 3d 4h 5s 9c Tc"
    )
    assert data["winners"] == ["a"] and data["wings"] == ["Dragon's Hoard"]


# -- what the rank output says ---------------------------------------------------------------------


def test_three_tied_winners_read_ann_ben_and_cat_tie() -> None:
    result = invoke("rank", "ann=2c,3d", "ben=2d,3h", "cat=2h,3s", "--board", "As Ks Qd Jc 9h")
    assert "ann, ben and cat tie: they split the pot" in result.stdout
    assert " and ben and " not in result.stdout


def test_the_deciding_card_is_named_when_both_kings_are_on_the_board() -> None:
    args = ("--game", "dragon-kings", "ann=Ah,3c", "ben=Qd,5c", "--board", "Ks Kc 7h 4d 2s")
    assert "ann beats ben on the A♥ kicker" in invoke("rank", *args).stdout
    data = rank_json(*args)
    assert data["decided_by"] == {
        "winner": "ann",
        "over": "ben",
        "card": "Ah",
        "plays_as": "Ah",
        "kicker": True,
    }


def test_odds_default_deck_has_no_joker_and_the_variant_adds_it() -> None:
    args = ("--game", "dragon-kings", "a=Ks,2s", "b=Ah,Ad", "--board", "5s,9s,Jh")
    plain = odds_json(*args)
    variant = odds_json(*args, "--variant", "swords-joker")
    assert (plain["deals"], round(plain["players"][0]["win"] * 100, 2)) == (990, 41.82)
    assert (variant["deals"], round(variant["players"][0]["win"] * 100, 2)) == (1035, 44.35)
    assert variant["variant"] == "swords-joker" and "variant" not in plain


def test_swords_joker_typed_in_a_hand_plays_the_variant_in_rank_odds_and_showdown() -> None:
    """One decision (docs/decisions.md): a ``*`` written without ``--variant swords-joker``
    means the Swords joker is in the deck, and rank, odds and showdown all say so."""
    hands = ("--game", "dragon-kings", "a=*,Kd", "b=Ah,Ad")
    flop, river = ("--board", "5s,9s,Jh"), ("--board", "5s,9s,Jh,2c,3d")
    for variant in ((), ("--variant", "swords-joker")):
        ranked = rank_json(*hands, *river, *variant)
        assert ranked["variant"] == "swords-joker"
        counted = odds_json(*hands, *flop, *variant)
        # the joker is known, so the 46 standard cards unseen deal the turn and river
        assert (counted["variant"], counted["deals"]) == ("swords-joker", 1035)
        assert round(counted["players"][0]["win"] * 100, 2) == 76.14
    assert "1 joker in the deck" in invoke("rank", *hands, *river).stdout
    assert "1 joker in the deck" in invoke("odds", *hands, *flop).stdout
    document = (
        "game: dragon-kings\nboard: [5s, 9s, Jh, 2c, 3d]\nplayers:\n"
        "  - {name: a, put_in: 10, hand: ['*', Kd]}\n  - {name: b, put_in: 10, hand: [Ah, Ad]}\n"
    )
    settled = invoke("showdown", "-", "--json", input=document)
    assert settled.exit_code == 0, settled.stderr
    assert any("Swords joker: its variant is played" in e for e in settled.json()["events"])
    plain = odds_json("--game", "dragon-kings", "a=Ks,2s", "b=Ah,Ad", *flop)
    assert "variant" not in plain and plain["deals"] == 990


def test_rank_decko_money_is_dollars_plus_credit_in_the_docs_queens_example() -> None:
    # docs/hand-rankings.md: the Bridge Partner and Pyromaniac queens; money is
    # what each may spend ($ plus credit), not zero
    data = rank_json(
        "--game",
        "decko",
        "bernice=Qd:bridge Kd:rich 4d 9c 2s",
        "yorick=Qh:pyro Tc 2s 5d 8h",
        "--burn",
        "yorick=Td&Ts",
    )
    players = {p["name"]: p for p in data["players"]}
    assert [(p["dollars"], p["chips"], p["money"]) for p in data["players"]] == [
        (3, 0, 3),
        (1, 6, 1),
    ]
    assert players["bernice"]["description"] == "pair of kings"


def test_odds_says_its_game_and_board_on_one_line_above_a_narrow_table() -> None:
    """A narrow table once wrapped its title: the board's cards fell on a line of their own."""
    result = invoke("odds", "--game", "holdem", "ann=As,Kd", "ben=Qh,Qc", "--board", "2c,7d,9h")
    assert result.exit_code == 0, result.stderr
    first = result.stdout.splitlines()[0]
    assert first.startswith("holdem") and first.endswith("2♣ 7♦ 9♥")


def test_no_card_decides_a_lowball_showdown() -> None:
    """Utter Horror: the weakest hand wins, so 'beats on the kicker' would name the wrong card."""
    board = ("--board", "5h 7s 9c Jd 8h")
    data = rank_json("--encounter", "Utter Horror", "ann=2c,3d", "ben=2d,4h", *board)
    assert data["winners"] == ["ann"] and data["decided_by"] is None
    shown = invoke("rank", "--encounter", "Utter Horror", "ann=2c,3d", "ben=2d,4h", *board)
    assert "winner: ann" in shown.stdout and "beats" not in shown.stdout
    plain = rank_json("ann=Ac,Qd", "ben=Ad,Th", "--board", "5h 7s 9c Jd 2h")
    assert plain["decided_by"]["card"] == "Qd"  # high hands of one class: a card decides


def test_a_higher_pair_is_told_by_the_hands_names_not_by_a_deciding_card() -> None:
    """Tens and eights over nines and twos: the names already say why, so no card is named;
    two pairs of tens and eights part on the kicker, which is named."""
    board = ("--board", "8s 9c 2d 10s Kh")
    named = rank_json("ann=10c,8h", "ben=9s,2h", *board)
    assert named["winners"] == ["ann"] and named["decided_by"] is None
    kicker = rank_json("ann=Ah,3c", "ben=Qd,5c", "--board", "Ks Kc 7h 4d 2s")
    assert kicker["decided_by"]["card"] == "Ah" and kicker["decided_by"]["kicker"] is True


def test_decko_has_no_board_so_rank_refuses_one() -> None:
    refused = invoke("rank", "--game", "decko", "a=2h 2d 2c Ah Ad", "b=4h 4d", "--board", "5c")
    assert refused.exit_code == 2
    assert refused.stderr == (
        "error: DECKO has no board: every card is in a hand (use --market for the market)\n"
    )


def test_one_board_is_titled_as_the_board() -> None:
    shown = invoke("rank", "ann=As,Kd", "bob=Qh,Qc", "--board", "2s 7h Qd 9c 3s").stdout
    assert "holdem · board 2♠ 7♥ Q♦ 9♣ 3♠" in shown and "board 1" not in shown


def test_an_unseen_card_is_for_odds_only() -> None:
    refused = invoke("rank", "ann=As,?", "bob=Qh,Qc")
    assert refused.exit_code == 2 and "'?' is not a card" in refused.stderr
