"""Rules of the pots a mutation run found no test pinned (``benchmarks/mutation.py --group
pots``): ``NAME=all``, each player's net, the odd chip left of the button."""

from __future__ import annotations

import pytest

from companion.errors import CompanionError
from companion.poker.pots import (
    ALL_IN,
    Settlement,
    all_in_amount,
    parse_contributions,
    settle,
    with_all_in,
)


def test_all_in_is_what_the_table_counts_for_the_player_by_name_in_any_case() -> None:
    assert all_in_amount("Ann", {"ben": 300, "ann": 1200}) == 1200
    with pytest.raises(CompanionError, match="the table counts no gold for cy"):
        all_in_amount("cy", {"ann": 1200})
    assert with_all_in({"ann": 300, "ben": ALL_IN}, {"ben": 900}) == {"ann": 300, "ben": 900}


def test_all_is_an_amount_only_where_a_table_counts_the_gold() -> None:
    with pytest.raises(CompanionError, match="the amount must be a whole number"):
        parse_contributions(["ann=all"])
    assert parse_contributions(["ann=all"], all_in=True) == {"ann": ALL_IN}
    with pytest.raises(CompanionError, match="'ann' is given twice"):
        parse_contributions(["ann=all", "ann=all"], all_in=True)


def test_a_payee_who_put_nothing_in_nets_all_it_was_paid() -> None:
    """A monster (or its summoner's share) is paid without a contribution of its own."""
    assert Settlement((), {"Orc": 500, "ann": 0}, contributions={"ann": 300}).net == {
        "Orc": 500,
        "ann": -300,
    }


@pytest.mark.parametrize(("button", "odd"), [("ann", "bob"), ("bob", "ann"), ("cat", "ann")])
def test_the_odd_chip_goes_to_the_first_tied_winner_left_of_the_button(
    button: str, odd: str
) -> None:
    """Hold'em: a split pot's odd chip goes to the tied winner sitting first to the
    button's left."""
    out = settle({"ann": 1, "bob": 1, "cat": 1}, "ann = bob", folded={"cat"}, button=button)
    assert out.payouts[odd] == 2 and sum(out.payouts.values()) == 3
