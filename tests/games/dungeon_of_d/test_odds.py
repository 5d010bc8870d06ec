"""The one odds function against brute force.

Two oracles the odds module does not share any code with: every arrangement of
a handful of unseen cards among the hidden places (the deck, the cards under
the discard pile's top, unidentified potions), drawn as the rulebook draws
(rulebook 7: an empty deck takes the whole discard pile, shuffled); and, on
states of real games, the engine itself settling a test, a melee round, a shot,
a Regenerate guess and a wandering-monster check with every unseen card (or
pair of them) put on top of the power deck.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from math import factorial

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.dungeon_of_d import events as EV
from companion.games.dungeon_of_d import mechanics as R
from companion.games.dungeon_of_d import new_game, step
from companion.games.dungeon_of_d.actions import Effort, Guess, Move, Pass, Shoot
from companion.games.dungeon_of_d.bots import explorer_bot
from companion.games.dungeon_of_d.descriptions import effort_odds, wandering_chance
from companion.games.dungeon_of_d.odds import (
    Outlook,
    chance,
    draw_odds,
    guess_odds,
    shot_chance,
)
from companion.games.dungeon_of_d.state import DIRECTIONS, State
from tests.games.dungeon_of_d.helpers import C, begin, card, combat, scenario

# ---- the model: every arrangement of a few unseen cards -------------------------------------


def _enumerate_draws(
    cards: list[int], deck: int, pile: int, top: int, draws: int
) -> dict[tuple[int, ...], Fraction]:
    """Every way of laying ``cards`` (powers) into the deck (``deck`` places), under the
    pile's top (``pile - 1`` places) and into unidentified potions (the rest), each
    equally likely, then drawing ``draws`` cards: from the deck, then from the pile
    made the deck (its top ``top`` with it), every order of it equally likely."""
    weight: dict[tuple[int, ...], Fraction] = {}
    arrangements = list(itertools.permutations(range(len(cards))))
    under = max(0, pile - 1)
    for order in arrangements:
        laid = [cards[i] for i in order]
        deck_cards = laid[:deck]  # the last one is the top of the deck
        pile_cards = laid[deck : deck + under] + ([top] if pile else [])
        from_deck = list(reversed(deck_cards))[:draws]
        rest = draws - len(from_deck)
        if rest <= 0:
            seq = tuple(from_deck)
            weight[seq] = weight.get(seq, Fraction(0)) + Fraction(1, len(arrangements))
            continue
        picks = list(itertools.permutations(range(len(pile_cards)), min(rest, len(pile_cards))))
        for pick in picks:
            drawn = [pile_cards[i] for i in pick]
            drawn += [0] * (rest - len(drawn))  # no card anywhere: power 0
            seq = (*from_deck, *drawn)
            weight[seq] = weight.get(seq, Fraction(0)) + Fraction(1, len(arrangements) * len(picks))
    return weight


@st.composite
def _small_tables(draw: st.DrawFn) -> tuple[list[int], int, int, int, int]:
    cards = draw(st.lists(st.integers(1, 5), min_size=1, max_size=5))
    deck = draw(st.integers(0, len(cards)))
    under = draw(st.integers(0, len(cards) - deck))
    pile = under + 1 if draw(st.booleans()) or under else 0
    top = draw(st.integers(1, 5)) if pile else 0
    draws = draw(st.integers(1, 3))
    return cards, deck, pile, top, draws


@settings(max_examples=60, deadline=None)
@given(_small_tables())
def test_draw_odds_equal_the_count_over_every_arrangement_of_the_unseen_cards(
    table: tuple[list[int], int, int, int, int],
) -> None:
    cards, deck, pile, top, draws = table
    counts = tuple([0] + [cards.count(p) for p in range(1, 6)])
    got = draw_odds(Outlook(counts, deck, top, pile), draws)
    want = _enumerate_draws(cards, deck, pile, top, draws)
    assert set(got) == set(want)
    for seq, p in want.items():
        assert got[seq] == pytest.approx(float(p), abs=1e-12), seq
    assert sum(got.values()) == pytest.approx(1.0)


def test_an_empty_deck_draws_the_discard_pile_top_included() -> None:
    # deck empty, pile of 4: its top a 5 in sight, three unseen cards under it (of 1, 2, 3, 4)
    view = Outlook((0, 1, 1, 1, 1, 0), deck=0, top=5, pile=4)
    assert chance(view, 5) == pytest.approx(1 / 4)
    assert factorial(4) * draw_odds(view, 2)[(5, 1)] == pytest.approx(
        factorial(4) * (1 / 4) * (3 / 3) * (1 / 4)
    )


# ---- the engine: every unseen card on top of the deck ------------------------------------------


def _unseen_cards(s: State) -> list[int]:
    seen = {*s.hand, *s.effort, *s.items, *s.specials, *s.known}
    if s.wander >= 0:
        seen.add(s.wander)
    if s.discard:
        seen.add(s.discard[-1])
    return [c for c in range(len(s.content.power)) if c not in seen]


def _on_top(s: State, cards: tuple[int, ...]) -> State:
    """The same table as the player sees it, with ``cards`` the next ones drawn (the
    first first): each swapped with the card at its place, wherever it was hidden."""
    t = s.copy()
    for i, c in enumerate(cards):
        place = len(t.deck) - 1 - i
        if c in t.deck:
            j = t.deck.index(c)
            t.deck[j], t.deck[place] = t.deck[place], t.deck[j]
        elif c in t.discard[:-1]:
            j = t.discard.index(c)
            t.discard[j], t.deck[place] = t.deck[place], c
        else:
            j = t.potions.index(c)
            t.potions[j], t.deck[place] = t.deck[place], c
    return t


def _by_engine(s: State, action: object, draws: int, settled: object, field: str) -> float:
    """The share of the ways of drawing ``draws`` unseen cards after which the engine
    settles ``action`` with an event of type ``settled`` whose ``field`` is true."""
    won = total = 0
    for cards in itertools.permutations(_unseen_cards(s), draws):
        t = _on_top(s, cards)
        t.ev = []
        step(t, action)  # type: ignore[arg-type]
        while not any(isinstance(e, settled) for e in t.ev) and Pass() in t.options:
            step(t, Pass())  # the moments to use something: nothing is used
        event = next(e for e in t.ev if isinstance(e, settled))
        won += (
            isinstance(event, EV.Regenerates) if field == "right" else bool(getattr(event, field))
        )
        total += 1
    return won / total


def _moments(seed: int, skip: int, wanted: dict[str, int]) -> list[State]:
    """States of an explorer game (from action ``skip`` on, with two cards or more in
    the deck and in hand) at the questions wanted, at most so many of each."""
    bot = explorer_bot(seed)
    s = new_game(seed)
    found: list[State] = []
    left = dict(wanted)
    while s.outcome is None and any(left.values()) and s.actions < 2000:
        if left.get(s.prompt) and len(s.deck) >= 2 and len(s.hand) >= 2 and s.actions >= skip:
            left[s.prompt] -= 1
            found.append(s.copy())
        step(s, bot(s))
    return found


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(0, 60))
def test_draw_odds_of_real_tables_equal_the_engine_drawing_every_unseen_card(
    seed: int, skip: int
) -> None:
    for s in _moments(seed, skip, {"turn": 1, "combat": 1, "test-effort": 1, "melee-effort": 1}):
        for draws in (1, 2):
            tally: Counter[tuple[int, ...]] = Counter()
            ways = list(itertools.permutations(_unseen_cards(s), draws))
            for cards in ways:
                t = _on_top(s, cards)
                tally[tuple(s.content.power[R.draw(t)] for _ in range(draws))] += 1
            got = draw_odds(s, draws)
            assert set(got) == set(tally)
            for seq, n in tally.items():
                assert got[seq] == pytest.approx(n / len(ways))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(0, 80))
def test_printed_test_and_melee_odds_equal_the_engine_settling_every_two_unseen_cards(
    seed: int, skip: int
) -> None:
    for s in _moments(seed, skip, {"test-effort": 1, "melee-effort": 1}):
        settled, field = (
            (EV.SettledTest, "won") if s.prompt == "test-effort" else (EV.SettledMelee, "won")
        )
        for action in [a for a in s.options if isinstance(a, Effort)][:2]:
            need, nth = effort_odds(s, action.card)
            assert chance(s, need, nth) == pytest.approx(_by_engine(s, action, 2, settled, field))


_LABELS = [C.label(c) for c in range(40)]


@st.composite
def _tables_in_sight(draw: st.DrawFn) -> dict[str, object]:
    """A hand, a discard pile and a few items, drawn from the forty power cards."""
    cards = draw(st.permutations(range(40)))
    hand_size = draw(st.integers(2, 7))
    pile = draw(st.integers(0, 12))
    return {
        "hand": [_LABELS[c] for c in cards[:hand_size]],
        "discard": [_LABELS[c] for c in cards[hand_size : hand_size + pile]],
        "potions": [
            C.potion[c].id
            for c in cards[hand_size + pile : hand_size + pile + draw(st.integers(0, 2))]
        ],
    }


@settings(max_examples=15, deadline=None)
@given(_tables_in_sight(), st.integers(1, 8), st.integers(1, 4), st.integers(0, 4), st.booleans())
def test_shot_odds_equal_the_engine_shooting_with_every_unseen_card(
    table: dict[str, object], level: int, slot: int, agl: int, magic: bool
) -> None:
    taken = {card(c) for c in (*table["hand"], *table["discard"])}  # type: ignore[misc]
    magic = magic and any(C.item[c].id == "magic-arrow" and c not in taken for c in range(40))
    items = ["magic-arrow"] if magic else []
    s = begin(scenario(level=level, arrows=2, AGL=agl, items=items, **table), combat(slot))  # type: ignore[arg-type]
    if s.prompt == "combat":
        step(s, ("fight",))
    assert s.prompt == "ranged"
    f = R.combat_frame(s)
    assert f is not None
    for a in s.options:
        if isinstance(a, Shoot):
            assert shot_chance(s, f.slot, a.arrow) == pytest.approx(
                _by_engine(s, a, 1, EV.SettledShot, "hit")
            )


@settings(max_examples=15, deadline=None)
@given(_tables_in_sight())
def test_regenerate_guess_odds_equal_the_engine_checking_every_unseen_card(
    table: dict[str, object],
) -> None:
    kept = ("5 STR (a)", "5 INT (a)", "5 INT (b)")
    hand = [c for c in table["hand"] if c not in kept]  # type: ignore[attr-defined]
    pile = [c for c in table["discard"] if c not in kept]  # type: ignore[attr-defined]
    s = begin(
        scenario(hand=["5 STR", *hand], discard=pile, level=2, deck=["5 INT b", "5 INT"]),
        combat(2),  # the Skeleton regenerates; 5 STR and a 5 beat its STR 7
    )
    if s.prompt == "combat":
        step(s, ("fight",))
    step(s, ("effort", card("5 STR")))
    if s.prompt == "before-regenerate":
        step(s, ("pass",))
    assert s.prompt == "regenerate-guess"
    odds = guess_odds(s)
    for number in range(1, 6):
        assert odds[number] == pytest.approx(
            _by_engine(s, Guess(number), 1, EV.Regenerates | EV.StaysDown, "right")
        )


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(5, 60))
def test_wandering_odds_equal_the_engine_checking_with_every_unseen_card(
    seed: int, skip: int
) -> None:
    for s in _moments(seed, skip, {"turn": 2}):
        if s.perfume:
            continue
        for a in s.options:
            target = s.pos + DIRECTIONS[a.direction] if isinstance(a, Move) else -1
            if target in s.grid:
                danger = s.content.rooms[s.grid[target]].danger
                draws = 2 if s.content.power_type[a.card] == "MOV" else 1
                got = wandering_chance(s, danger, a.card)
                assert got == pytest.approx(_by_engine(s, a, draws, EV.WanderingCheck, "meets"))
                break
