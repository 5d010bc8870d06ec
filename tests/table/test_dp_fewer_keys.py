"""Dungeon Poker with fewer keystrokes: one amount for everyone at the showdown, and
the board dealt street by street as the rulebook deals it."""

from __future__ import annotations

from tests.conftest import invoke
from tests.table.test_dp_cli_qa import four
from tests.table.test_dp_table_findings import js, ok, refused

# -- all=GOLD ----------------------------------------------------------------------------


def _settle(*args: str) -> tuple[dict[str, int], list[object]]:
    settled = js("table", "showdown", *args)
    gold = dict(js("table", "show")["dungeon_poker"]["gold"])
    ok("table", "undo")
    return gold, settled["pots"]


def test_all_gold_is_everyones_amount_and_a_name_overrides_it() -> None:
    """`all=600 ann=300 dee=100` settles exactly as the four amounts typed one by one."""
    four(ann="nobble", ben="witch", cy="barbarian", dee="wizard")
    ok("table", "deal")
    how = ("--fold", "ann,dee", "--result", "cy > ben")
    typed = _settle("ann=300", "ben=600", "cy=600", "dee=100", *how)
    spread = _settle("all=600", "ann=300", "DEE=100", *how)
    assert spread == typed
    assert _settle("all=600", "--result", "cy > ben > ann > dee") == _settle(
        "ann=600", "ben=600", "cy=600", "dee=600", "--result", "cy > ben > ann > dee"
    )


def test_all_gold_is_refused_when_a_player_is_named_all() -> None:
    ok("table", "new", "t", "--game", "dungeon-poker", "--players", "all,ben", "--seed", "3")
    for player in ("all", "ben"):
        dealt = [c["id"] for c in js("table", "hand", player)["cards"]]
        ok("table", "choose", player, dealt[0])
    ok("table", "deal")
    said = refused("table", "showdown", "all=200", "--result", "ben > all")
    assert "all=200" in said and "named 'all'" in said


def test_pot_takes_all_gold_for_everyone_in_the_result_and_the_folds() -> None:
    typed = invoke("pot", "a=200", "b=200", "c=100", "-r", "a > b", "--fold", "c", "--json")
    spread = invoke("pot", "all=200", "c=100", "-r", "a > b", "--fold", "c", "--json")
    assert typed.exit_code == spread.exit_code == 0, spread.stderr
    assert spread.json() == typed.json()
