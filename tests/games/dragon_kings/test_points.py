"""Dragon Kings points (003, Buy-Ins): every showdown keeps the count whole.

Whatever the guests bet, whoever fouled or traded, a pot settled by the table
moves points only between guests, plus what the house pays (First Honors):
nothing is lost or made. And the hands it ranks are ranked as ``rank`` ranks
them (one ranker for the table, ``rank``, ``odds`` and ``showdown``).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.dragon_kings.points import after_pot, contributions, posts
from companion.games.dragon_kings.showdown import DragonKingsShowdown
from companion.games.dragon_kings.wings import dragon_kings_rules
from companion.poker.cards import parse_card
from companion.poker.hands import rank_hands
from companion.poker.showdown_input import validate_showdown

PLAYERS = ("ann", "ben", "cat")
DECK = [r + s for r in "23456789TJQKA" for s in "shdc"]


@settings(max_examples=60, deadline=None)
@given(
    cards=st.permutations(DECK),
    bets=st.one_of(
        st.integers(1, 120).map(lambda b: (b,) * len(PLAYERS)),  # one pot: the ranking shows
        st.tuples(*(st.integers(0, 120) for _ in PLAYERS)),
    ),
    folds=st.tuples(*(st.booleans() for _ in PLAYERS)),
    fouled=st.lists(st.sampled_from(PLAYERS), max_size=2, unique=True),
    traded=st.dictionaries(st.sampled_from(PLAYERS), st.just(20), max_size=3),
    honors=st.booleans(),
    stacks=st.one_of(
        st.just((400,) * len(PLAYERS)),
        st.tuples(*(st.integers(0, 400) for _ in PLAYERS)),  # short stacks, short penalties
    ),
)
def test_a_settled_pot_keeps_every_point(
    cards: list[str],
    bets: tuple[int, ...],
    folds: tuple[bool, ...],
    fouled: list[str],
    traded: dict[str, int],
    honors: bool,
    stacks: tuple[int, ...],
) -> None:
    folded = {p for p, f in zip(PLAYERS, folds, strict=True) if f}
    if folded == set(PLAYERS):
        folded = {"ann", "ben"}
    holes = {p: cards[2 * i : 2 * i + 2] for i, p in enumerate(PLAYERS)}
    board = cards[6:11]
    points = dict(zip(PLAYERS, stacks, strict=True))
    traded = {p: cost for p, cost in traded.items() if points[p] >= cost}
    # a fouler short of 40 places all they have left after any trade
    penalties = {p: min(40, points[p] - traded.get(p, 0)) for p in fouled}
    owed = dict(traded)
    for p, penalty in penalties.items():
        owed[p] = owed.get(p, 0) + penalty
    wanted = {p: min(b, points[p] - owed.get(p, 0)) for p, b in zip(PLAYERS, bets, strict=True)}
    put_in = contributions(wanted, PLAYERS, posted={}, owed=owed, points=points)
    spec = validate_showdown(
        {
            "game": "dragon-kings",
            "players": [
                {"name": p, "put_in": put_in[p], "folded": p in folded}
                | ({} if p in folded else {"hand": holes[p]})
                for p in PLAYERS
            ],
            "board": board,
            "first_honors": honors,
            "misdeals": penalties,
            "swap_costs": traded,
        }
    )
    result = DragonKingsShowdown(spec).run()
    after = after_pot(points, put_in, result.payouts, result.bank)
    # the bank counts First Honors less the penalties and trade costs paid into the pot
    paid_by_house = sum(result.bank.values()) + sum(penalties.values()) + sum(traded.values())
    assert paid_by_house in ((0, 50, 25 * 2, 16 * 3) if honors else (0,))
    assert sum(after.values()) + result.carry_over == sum(points.values()) + paid_by_house
    assert all(n >= 0 for n in after.values())
    # the table's showdown ranks as `rank` does, under the same rules
    live = {p: [parse_card(c) for c in holes[p]] for p in PLAYERS if p not in folded}
    stakes = {put_in[p] for p in live}
    if len(live) > 1 and len(stakes) == 1 and stakes != {0}:  # one pot, everyone in it
        ranked = rank_hands(live, [parse_card(c) for c in board], dragon_kings_rules([]))
        assert set(result.winners) == set(ranked.winners)


@given(
    seats=st.integers(2, 6),
    dealer=st.integers(0, 5),
    small=st.integers(0, 50),
    ante=st.integers(0, 20),
    stacks=st.lists(st.integers(0, 200), min_size=6, max_size=6),
)
def test_blinds_and_antes_are_posted_left_of_the_dealer_and_never_past_a_guests_points(
    seats: int, dealer: int, small: int, ante: int, stacks: list[int]
) -> None:
    names = [f"p{i}" for i in range(seats)]
    points = dict(zip(names, stacks, strict=False))
    dealer_name = names[dealer % seats]
    posted = posts(names, dealer_name, small=small, big=2 * small, ante=ante, points=points)
    for p in names:
        assert 0 <= posted[p] <= points[p]
    seat = names.index(dealer_name)
    big_blind = names[(seat + (1 if seats == 2 else 2)) % seats]
    assert posted[big_blind] == min(ante + 2 * small, points[big_blind])
