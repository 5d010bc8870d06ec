"""Arguments that once slipped through: refused in one line, and nothing moves."""

from __future__ import annotations

import pytest

from companion.bounds import MAX_CHIPS
from tests.conftest import invoke


def _seen(table: str) -> tuple[str, str]:
    """What a change would show: the table's log and its state."""
    return (
        invoke("table", "log", "--table", table, "--json").stdout,
        invoke("table", "show", table, "--json").stdout,
    )


@pytest.mark.parametrize(
    "chips", ["18446744073709551616", str(MAX_CHIPS + 1), f"-{MAX_CHIPS + 1}", "1" + "0" * 400]
)
def test_decko_chips_past_the_documented_bound_are_refused(chips: str) -> None:
    """`decko chips ann 18446744073709551616` once moved what the house had and logged the
    number asked."""
    assert invoke("table", "new", "s", "--game", "decko", "--players", "ann,ben").exit_code == 0
    before = _seen("s")
    result = invoke("decko", "chips", "ann", "--", chips)
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert "1000000000000" in result.stderr
    assert _seen("s") == before


def test_decko_chips_logs_what_the_house_paid_not_what_was_asked() -> None:
    assert invoke("table", "new", "s", "--game", "decko", "--players", "ann,ben").exit_code == 0
    house = invoke("table", "show", "--json").json()
    asked = str(MAX_CHIPS)
    done = invoke("decko", "chips", "ann", asked)
    assert done.exit_code == 0, done.stderr
    last = invoke("table", "log", "--limit", "1", "--json").json()["history"][-1]
    assert asked not in last["summary"], (last, house)


@pytest.mark.parametrize("who", ["", " "])
def test_a_draw_for_an_empty_name_is_refused_and_draws_nothing(who: str) -> None:
    """`draw treasures --for ''` once drew into play without a word."""
    assert (
        invoke("table", "new", "d", "--game", "dungeon-poker", "--players", "ann,ben").exit_code
        == 0
    )
    before = _seen("d")
    result = invoke("draw", "treasures", "--for", who)
    assert result.exit_code == 2 and "is not a player" in result.stderr
    assert result.stderr.count("\n") == 1
    assert _seen("d") == before
