"""Each game names the money of its showdown: the report reads in the game's words."""

from __future__ import annotations

import pytest

from tests.poker.showdown_helpers import showdown


@pytest.mark.parametrize(
    ("game", "currency", "bank_name"),
    [
        ("holdem", "chips", "house"),
        ("decko", "chips", "house"),
        ("dragon-kings", "chips", "bonus"),
        ("dungeon-poker", "gold", "bank"),
    ],
)
def test_the_showdown_names_its_money_as_the_game_does(
    game: str, currency: str, bank_name: str
) -> None:
    result = showdown(
        f"""
        game: {game}
        players:
          - {{name: ann, put_in: 200}}
          - {{name: ben, put_in: 200}}
        result: ann > ben
        """
    )
    assert (result.currency, result.bank_name) == (currency, bank_name)
    assert "currency" not in result.to_json() and "bank_name" not in result.to_json()
