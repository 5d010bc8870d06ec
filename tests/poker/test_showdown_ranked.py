"""Showdowns ranked by the project's hand ranker from real hands and boards.

These check that the showdown hands the ranker the right cards and rules:
cards destroyed before the ranking, each encounter's limits, Full Plate,
two boards, and Dragon Kings' unbeatable hand.
"""

from __future__ import annotations

from tests.poker.showdown_helpers import showdown


def places(out, board=None):  # type: ignore[no-untyped-def]
    return {h.name: h.place for h in out.players if h.board == board}


def test_plain_dungeon_poker_uses_up_to_two_hand_cards() -> None:
    out = showdown("""
        board: Kh Qs 7c 4d 9s
        players: [{name: ann, put_in: 200, hand: Ah Ad}, {name: ben, put_in: 200, hand: Kc 2d}]
    """)
    assert places(out) == {"ann": 1, "ben": 2}
    ann = out.players[0]
    assert (ann.hand, ann.description) == ("pair", "pair of aces")
    assert set(ann.best) == {"Ah", "Ad", "Kh", "Qs", "9s"}


def test_plague_with_real_hands_one_hand_card_only() -> None:
    out = showdown("""
        encounter: Plague
        board: Kh Qs 7c 4d 9s
        players: [{name: ann, put_in: 200, hand: Ah Ad}, {name: ben, put_in: 200, hand: Kc 2d}]
    """)
    assert places(out) == {"ben": 1, "ann": 2}  # ann may not use both aces
    assert out.payouts == {"ann": 0, "ben": 400}


def test_mystical_storm_with_real_hands_exactly_two_hand_cards() -> None:
    out = showdown("""
        encounter: Mystical storm
        board: 2h 7c 8d 9s 3c
        players:
          - {name: ann, put_in: 200, hand: Ah Kh Qh Jh}
          - {name: ben, put_in: 200, hand: Tc 6d 2s 2d}
        monsters: [{name: Goblin, hand: 9h}]
    """)
    assert places(out) == {
        "ben": 1,
        "ann": 2,
        "Goblin": None,
    }  # no flush for ann; the Goblin cannot win
    assert out.monsters[0].fate == "dies: removed from the game"


def test_utter_horror_with_real_hands_the_weakest_hand_wins() -> None:
    out = showdown("""
        encounter: Utter Horror
        board: 4h 5s 9c Jd Qh
        players: [{name: ann, put_in: 200, hand: 2c 3d}, {name: ben, put_in: 200, hand: Kc Kd}]
    """)
    assert places(out) == {"ann": 1, "ben": 2}


def test_full_plate_with_real_hands_beats_a_high_card() -> None:
    out = showdown("""
        board: Kh Jh 9s 4d 3c
        players:
          - {name: ann, put_in: 200, hand: 2c 5d, artifacts: [Full Plate]}
          - {name: ben, put_in: 200, hand: Ac Qd}
    """)
    assert places(out) == {"ann": 1, "ben": 2}
    assert out.players[0].description == "pair of eights (Full Plate)"


def test_witch_curse_with_real_hands_changes_the_winner() -> None:
    text = """
        board: Qs 7c 4d 2h 9s
        %s
        players:
          - {name: wanda, put_in: 200, hand: Kc 3c, character: Witch}
          - {name: ann, put_in: 200, hand: Qh Qd}
    """
    assert showdown(text % "").winners == ("ann",)
    cursed = showdown(text % "declared: {witch_curse: {by: wanda, rank: Q}}")
    assert cursed.winners == ("wanda",)
    assert next(h for h in cursed.players if h.name == "ann").cards == ()


def test_ancient_evil_with_real_hands() -> None:
    out = showdown("""
        board: Kh Jh 9s 4d 3c
        players: [{name: ann, put_in: 300, hand: 7h 7d}, {name: ben, put_in: 300, hand: Ac 2s}]
        monsters: [{name: Ancient Evil, hand: Qc Qd Ts}]
    """)
    assert places(out) == {"Ancient Evil": 1, "ben": 2, "ann": 3}
    assert out.removed == 600


def test_two_front_war_with_real_boards() -> None:
    out = showdown("""
        encounter: Two front war
        boards: [Kh Qs 7c 4d 9s, 2h 2s 8c 8d Jc]
        players: [{name: ann, put_in: 300, hand: Kc 3d}, {name: ben, put_in: 300, hand: Jh 5c}]
    """)
    assert places(out, 1) == {"ann": 1, "ben": 2}
    assert places(out, 2) == {"ben": 1, "ann": 2}
    assert out.payouts == {"ann": 300, "ben": 300}
    assert out.treasures == {"ann": 1, "ben": 1}


def test_dragon_kings_with_real_hands_first_honors() -> None:
    out = showdown("""
        game: dragon-kings
        first_honors: true
        board: Ah Kh Qh Jh 2c
        players: [{name: ann, put_in: 40, hand: Ks Kc}, {name: ben, put_in: 40, hand: Th 3d}]
    """)
    assert out.winners == ("ann",)  # Twinned Dragon Kings beat ben's royal flush
    assert out.bank == {"ann": 50}


def test_golem_with_real_hands() -> None:
    out = showdown("""
        board: Kh Jh 9s 4d 3c
        players:
          - {name: gnome, put_in: 200, hand: 2c 5d, character: Gnome Artificer}
          - {name: ben, put_in: 600, hand: Qc 5h}
          - {name: cat, put_in: 600, hand: 6c 7d}
        monsters: [{name: Golem, hand: Ks}]
    """)
    assert out.winners == ("Golem",)
    assert out.payouts == {"gnome": 600, "ben": 800, "cat": 0}
