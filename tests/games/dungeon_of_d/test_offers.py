"""Only what can matter is offered, and a move that loses at once is marked.

A paid action that would buy nothing, a skill that cannot change the outcome
and a MEET that cannot teach are left out of the options; taking the last
card from the hand is flagged before it is played (issue 17).
"""

from __future__ import annotations

import random

from companion.games.dungeon_of_d.engine import loss_warning, why_unavailable
from tests.games.dungeon_of_d.helpers import act, begin, card, combat, scenario, trial


def _acts(s) -> list[int]:  # type: ignore[no-untyped-def]
    return [a[1] for a in s.options if a[0] == "act"]


# ---- paid actions that buy nothing ------------------------------------------------------------


def test_buy_fruit_is_not_offered_with_4_fruits() -> None:
    s = begin(scenario(hand=["3 STR", "4 INT"], room="peculiar-shop", gold=20, fruits=4))
    assert 2 not in _acts(s) and 0 in _acts(s)
    assert why_unavailable(s, 2) == "you carry 4 Fruits already"
    s = begin(scenario(hand=["3 STR", "4 INT"], room="peculiar-shop", gold=20, fruits=3))
    assert 2 in _acts(s)


def test_buy_arrows_is_not_offered_with_4_arrows() -> None:
    s = begin(scenario(hand=["3 STR", "4 INT"], room="peculiar-shop", gold=20, arrows=4))
    assert 1 not in _acts(s) and why_unavailable(s, 1) == "you carry 4 Arrows already"


def test_read_the_labels_needs_an_unidentified_potion() -> None:
    room = "alchemists-laboratory"
    s = begin(scenario(hand=["3 STR", "4 INT"], room=room, gold=20))
    assert 0 not in _acts(s) and why_unavailable(s, 0) == "you have no unidentified potion"
    s = begin(
        scenario(
            hand=["3 STR", "4 INT"],
            room=room,
            gold=20,
            potions=["potion-of-stamina"],
            known=["potion-of-stamina"],
        )
    )
    assert 0 not in _acts(s)
    s = begin(scenario(hand=["3 STR", "4 INT"], room=room, gold=20, potions=["potion-of-stamina"]))
    assert 0 in _acts(s)


def test_an_offering_is_not_made_when_neither_poisoned_nor_hurt() -> None:
    nine = ["1 STR", "2 STR", "3 STR", "4 STR", "5 STR", "1 INT", "2 INT", "3 INT", "4 INT"]
    s = begin(scenario(hand=nine, room="forsaken-chapel", gold=20))
    assert 0 not in _acts(s)
    assert why_unavailable(s, 0) == "you are not Poisoned! and your HP is 9 already"
    assert 0 in _acts(begin(scenario(hand=nine, room="forsaken-chapel", gold=20, poisoned=True)))
    assert 0 in _acts(begin(scenario(hand=nine[:5], room="forsaken-chapel", gold=20)))


# ---- MEET that cannot teach ---------------------------------------------------------------------


def test_meet_is_not_offered_when_int_0_allows_only_your_own_skill() -> None:
    # Rulebook 3.1: X + 1 skills with X your INT; at INT 0 nothing can be learnt,
    # so Pick the lock (whose loss costs 1 HP) and Read the journals are not offered.
    cells = begin(scenario(hand=["3 STR", "4 INT"], room="prison-cells"))
    assert _acts(cells) == [] and "INT 0 allows 1 skill, your own included" in (
        why_unavailable(cells, 0) or ""
    )
    library = begin(scenario(hand=["3 STR", "4 INT"], room="ancient-library", gold=0))
    assert 1 not in _acts(library)
    cells = begin(scenario(hand=["3 STR", "4 INT"], room="prison-cells", INT=1))
    assert _acts(cells) == [0]


# ---- skills that cannot change the outcome ----------------------------------------------------


def test_determination_is_not_offered_on_a_sure_win() -> None:
    # Orc STR 5: a 5 STR first card (+ any second card) wins the round already.
    s = begin(scenario(hand=["5 STR", "1 MOV", "2 MOV"], character="hobbit"), combat(1))
    act(s, ("fight",), ("effort", card("5 STR")))
    assert ("skill", "determination") not in s.options
    s = begin(scenario(hand=["1 INT", "1 MOV", "2 MOV"], character="hobbit"), combat(1))
    act(s, ("fight",), ("effort", card("1 INT")))
    assert ("skill", "determination") in s.options


def test_tumble_is_not_offered_on_a_won_test_or_one_no_card_could_win() -> None:
    won = begin(
        scenario(hand=["4 AGL", "1 MOV", "2 MOV"], character="acrobat", deck=["5 INT"]),
        trial("AGL", 6),
    )
    act(won, ("effort", card("4 AGL")))  # 4 + 5 (the bonus card comes first, then the 5)
    assert not any(a[0] == "skill" for a in won.options)
    hopeless = begin(
        scenario(hand=["1 INT", "1 MOV", "2 MOV"], character="acrobat", deck=["1 STR"]),
        trial("AGL", 9),
    )
    act(hopeless, ("effort", card("1 INT")))  # 1 + 1: even a 5 redrawn makes 6 < 9
    assert not any(a[0] == "skill" for a in hopeless.options)
    losing = begin(
        scenario(hand=["3 INT", "1 MOV", "2 MOV"], character="acrobat", deck=["1 STR"]),
        trial("AGL", 6),
    )
    act(losing, ("effort", card("3 INT")))
    assert ("skill", "tumble") in losing.options


def test_struggle_is_offered_only_with_a_card_that_turns_the_test() -> None:
    s = begin(
        scenario(hand=["2 INT", "4 AGL", "5 AGL", "1 STR"], character="gladiator", deck=["3 STR"]),
        trial("AGL", 7),
    )
    act(s, ("effort", card("2 INT")))  # 2 + 3 = 5 < 7: only the 5 AGL (2 + 5) wins it
    swaps = [a for a in s.options if a[0] == "skill"]
    assert swaps == [("skill", "struggle", card("5 AGL"))]


def test_recycle_and_prayer_and_bandages_are_not_offered_when_full() -> None:
    nine = ["1 STR", "2 STR", "3 STR", "4 STR", "5 STR", "1 INT", "2 INT", "3 INT", "4 INT"]
    s = begin(scenario(hand=nine, character="cleric", items=["bandages"]))
    assert not any(a[0] in ("skill", "use") for a in s.options)
    s = begin(scenario(hand=nine[:6], character="cleric", items=["bandages"]))
    assert ("skill", "healing-prayer") in s.options and any(a[0] == "use" for a in s.options)


# ---- a move that loses at once ------------------------------------------------------------------


def test_playing_the_last_card_to_move_is_marked() -> None:
    s = begin(scenario(hand=["3 STR"], room_deck=["large-chest"]))
    moves = [a for a in s.options if a[0] == "move"]
    assert moves and all(loss_warning(s, a) == "plays your last card: you lose" for a in moves)
    two = begin(scenario(hand=["3 STR", "2 MOV"], room_deck=["large-chest"]))
    assert not any(loss_warning(two, a) for a in two.options)


def test_a_fight_or_a_test_the_last_card_must_be_played_to_is_marked() -> None:
    # An Orc (INT 1) with one card left: running discards it, fighting plays it.
    s = begin(scenario(hand=["1 INT"]), combat(1))
    assert sorted(s.options) == [("fight",), ("run",)]
    assert all(loss_warning(s, a) == "plays your last card: you lose" for a in s.options)
    cells = begin(scenario(hand=["2 AGL"], room="prison-cells", INT=1))
    assert loss_warning(cells, ("act", 0)) == "plays your last card: you lose"


def test_the_warning_gives_nothing_hidden_away() -> None:
    # The same table with the power deck in another order: the same marks.
    for seed in range(5):
        s = begin(scenario(hand=["3 STR"], room_deck=["large-chest", "treasure-vault"], seed=seed))
        marks = [loss_warning(s, a) for a in s.options]
        random.Random(seed).shuffle(s.deck)
        assert [loss_warning(s, a) for a in s.options] == marks
