"""Dungeon Poker rules the table knows and now acts on by itself, each named after its rule:
who sits a deal out, what a monster's end does, the caps and the level jumps.

The games are scripted with the helpers of :mod:`tests.table.test_dp_dealt` and driven
through the commands a dealer types.
"""

from __future__ import annotations

from tests.table.test_dp_dealt import held, new_game
from tests.table.test_dp_table_findings import gold, js, ok, refused, rig


def test_the_barons_folders_sit_out_the_next_deal_with_no_cards_and_blinds_still_due() -> None:
    """Appendix B, Baron: whoever folds while he is at the table misses the next deal:
    the table deals them nothing, takes the blind they owe and leaves them out of the
    ranking; the deal after that deals them in again."""
    new_game()
    ok("table", "deal", "--cards")
    rig("monsters", "baron")
    ok("table", "monster")
    ok("table", "showdown", "all=100", "--fold", "ann", "--result", "ben > baron > cy > dee")
    said = ok("table", "deal", "--cards").stdout
    assert "ann sits out this deal (Baron)" in said
    assert held("ann") == [] and all(len(held(p)) == 2 for p in ("ben", "cy", "dee"))
    before = gold()
    shown = js("table", "showdown", "ann=100", "ben=100", "cy=100", "dee=100")
    assert "ann" not in shown["winners"]
    after = gold()
    assert after["ann"] == before["ann"] - 100  # the blind she owed, lost
    ok("table", "deal", "--cards")
    assert len(held("ann")) == 2


def test_a_player_who_sits_out_under_the_baron_did_not_fold_and_is_not_punished_again() -> None:
    """Appendix B, Baron and Appendix C, Pit Trap: a player kept out of the deal did not
    fold it, so the Baron still at the table does not send them out of the next one."""
    new_game()
    ok("table", "deal", "--cards")
    rig("monsters", "baron")
    ok("table", "monster")
    ok("table", "showdown", "all=100", "--fold", "ann", "--result", "baron > ben > cy > dee")
    ok("table", "deal", "--cards")
    rig("monsters", "baron")
    ok("table", "monster")
    ok("table", "showdown", "all=100", "--result", "ben > baron > cy > dee")
    said = ok("table", "deal", "--cards").stdout
    assert "sits out" not in said and len(held("ann")) == 2


def test_the_pit_trap_sends_its_finder_out_of_the_next_deal() -> None:
    """Appendix C, Pit Trap: the player who draws it misses the next deal: no cards, the
    blind still taken, out of reach and out of the ranking."""
    new_game()
    ok("table", "deal", "--cards")
    rig("treasures", "pit-trap")
    said = ok("table", "showdown", "all=100", "--result", "ben > ann > cy > dee").stdout
    assert "ben sits out the next deal" in said
    said = ok("table", "deal", "--cards").stdout
    assert "ben sits out this deal (Pit Trap)" in said
    assert held("ben") == []
    assert "ben" not in js("table", "showdown", "all=100", "ben=100")["winners"]


def test_a_sitter_named_in_the_result_is_refused() -> None:
    """Appendix C, Pit Trap: a player sitting the deal out cannot be ranked in it."""
    new_game()
    ok("table", "deal", "--cards")
    rig("treasures", "pit-trap")
    ok("table", "showdown", "all=100", "--result", "ben > ann > cy > dee")
    ok("table", "deal", "--cards")
    said = refused("table", "showdown", "all=100", "--result", "ben > ann > cy > dee")
    assert "ben" in said and "sits out" in said
