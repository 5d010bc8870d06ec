"""Dungeon Poker with fewer keystrokes: one amount for everyone at the showdown, and
the board dealt street by street as the rulebook deals it."""

from __future__ import annotations

import pytest

from companion.games.dungeon_poker import levels
from companion.table import open_store
from tests.conftest import invoke
from tests.table.test_dp_cli_qa import four
from tests.table.test_dp_table_findings import js, ok, refused, rig

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


# -- table board ----------------------------------------------------------------------------


def _graveyard_top() -> str:
    with open_store(None) as store, store.transaction() as tx:
        table = tx.table(None)
        return tx.pile(table, "main", "discard")[0].card_id


def _board(street: dict[str, object]) -> list[str]:
    return [c["id"] for c in street["board"]]  # type: ignore[attr-defined]


def _deal(seed: int = 11, **chosen: str) -> None:
    four(seed=seed, **chosen)
    ok("table", "deal")


def test_burn_before_each_street_then_flop_three_turn_one_river_one() -> None:
    """000, Playing the game: the top card is burned to the graveyard, unseen, before the
    flop, the turn and the river; then 3, 1 and 1 cards go face up on the board."""
    _deal(ann="nobble", ben="witch", cy="barbarian", dee="wizard")
    rig("main", "2c", "as", "ks", "qs", "3c", "js", "4c", "ts")
    flop = js("table", "board")
    assert flop["street"] == "flop" and _board(flop) == ["as", "ks", "qs"]
    assert flop["burned"] is None and _graveyard_top() == "2c"
    turn = js("table", "board")
    assert turn["street"] == "turn" and _board(turn) == ["as", "ks", "qs", "js"]
    assert _graveyard_top() == "3c"
    river = js("table", "board")
    assert river["street"] == "river" and _board(river)[-1] == "ts"
    assert _graveyard_top() == "4c"
    assert "face down" in " ".join(river["notes"])


def test_the_street_order_ends_at_the_river_and_needs_a_deal_under_way() -> None:
    four(ann="nobble", ben="witch", cy="barbarian", dee="wizard")
    assert "table deal" in refused("table", "board")
    ok("table", "deal")
    streets = [js("table", "board")["street"] for _ in range(3)]
    assert streets == ["flop", "turn", "river"]
    assert "board is complete" in refused("table", "board")
    ok("table", "showdown", "all=100", "--result", "ann > ben > cy > dee")
    assert "already settled" in refused("table", "board")
    ok("table", "deal")
    assert js("table", "board")["street"] == "flop"


def test_the_m_card_on_the_board_brings_a_monster_as_draw_main_does() -> None:
    """000, Monsters: the M card dealt to the table is replaced by the next card, then a
    monster comes and is dealt its cards."""
    _deal(ann="nobble", ben="witch", cy="barbarian", dee="wizard")
    rig("main", "2c", "as", "monster-card", "ks", "qs")
    flop = js("table", "board")
    assert _board(flop)[:3] == ["as", "ks", "qs"]
    decks = [c["deck"] for c in flop["cards"]]
    assert "monsters" in decks
    assert js("table", "show")["dungeon_poker"]["monsters"]


def test_undo_takes_back_one_street_burn_card_included() -> None:
    _deal(ann="nobble", ben="witch", cy="barbarian", dee="wizard")
    rig("main", "2c", "as", "ks", "qs", "3c", "js")
    ok("table", "board")
    ok("table", "board")
    ok("table", "undo")
    assert _graveyard_top() == "2c"
    again = js("table", "board")
    assert again["street"] == "turn" and _board(again) == ["as", "ks", "qs", "js"]


def test_open_funeral_burns_face_up() -> None:
    """Open funeral: burn cards go to the graveyard face up, so the table shows them."""
    four(ann="nobble", ben="witch", cy="barbarian", dee="wizard")
    rig("encounters", "open-funeral")
    ok("table", "level", "2")
    ok("table", "deal")
    rig("main", "2c", "as", "ks", "qs")
    flop = js("table", "board")
    assert flop["burned"]["id"] == "2c" and "face up" in " ".join(flop["notes"])


def test_holy_avenger_takes_each_later_burn_card_into_the_paladins_hand() -> None:
    """Paladin, Holy avenger: once used, the burn cards of this deal go to his hand."""
    _deal(seed=1, ann="paladin", ben="fighter", cy="wizard", dee="druid")
    ok("table", "ability", "ann", "holy avenger")
    before = len(js("table", "hand", "ann")["cards"])
    rig("main", "2c", "as", "ks", "qs")
    flop = js("table", "board")
    assert flop["burned_to"] == "ann" and _board(flop) == ["as", "ks", "qs"]
    held = [c["id"] for c in js("table", "hand", "ann")["cards"]]
    assert len(held) == before + 1 and "2c" in held


def test_two_front_war_is_refused_with_a_pointer_to_draw_main(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two front war (a First Edition extra, boxed at setup) deals two boards, which the
    table does not keep: ``table board`` names it and points to ``draw main``."""
    _deal(ann="nobble", ben="witch", cy="barbarian", dee="wizard")
    monkeypatch.setattr(levels, "encounter", lambda tx, table, cards: cards.get("two-front-war"))
    said = refused("table", "board")
    assert "Two front war" in said and "draw main" in said
