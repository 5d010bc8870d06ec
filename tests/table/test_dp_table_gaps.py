"""Dungeon Poker at the table: the deal count, gold from abilities, corrections, Tree of Life."""

from __future__ import annotations

from companion.games.dungeon_poker import levels
from companion.games.dungeon_poker import table_rules as dp
from companion.table import open_store
from tests.table.test_dp_table_findings import js, new_game, ok


def test_a_level_lasts_as_many_deals_as_the_tables_clock_plays() -> None:
    """Levels ("one level lasts five deals"), played shorter on the clock: a table whose
    clock plays 3 deals a level opens the next level once the third deal is played."""
    new_game()
    ok("timer", "run", "--paused", "--deals-per-level", "3")
    numbers = [js("table", "deal")["deal"] for _ in range(4)]
    assert numbers == [1, 2, 3, 1]
    assert js("table", "show")["dungeon_poker"]["level"]["level"] == 2


def test_the_table_counts_the_deals_its_clock_reads_even_when_it_counts_them_itself() -> None:
    """Levels: the table reads the deals of a level where its clock does (the clock's
    settings, else the structure's five), also when it counts a deal without the clock."""
    new_game()
    with open_store(None) as store, store.transaction() as tx:
        table = tx.table(None)
        assert levels.deals_per_level(tx, table) == 5
    ok("timer", "run", "--paused", "--deals-per-level", "3")
    with open_store(None) as store, store.transaction() as tx:
        table = tx.table(None)
        assert levels.deals_per_level(tx, table) == 3
        numbers = [dp.start_deal(tx, table).number for _ in range(4)]  # no clock counter
        assert numbers == [1, 2, 3, 1]
        assert dp.level_now(tx, table).level == 2
    ok("timer", "reset")
    ok("timer", "run", "--paused", "--deals-per-level", "0")
    with open_store(None) as store, store.transaction() as tx:
        assert levels.deals_per_level(tx, tx.table(None)) is None  # deals never end a level
