"""One path for the end of a deal: the table's corrections decide as the showdown does.

`table win`, `table tie` and `table monster-result` share the deal's treasures,
send a monster's card where it goes and reward its slayers through the very
rules the showdown engine's phases apply (000, Treasures; 000, Monsters;
Appendix B), and return the same typed events; a kill shared by several
slayers splits the same way everywhere: the Fire Dragon's treasure waits for
the next deal, each slayer takes the Genie's soul gem.
"""

from __future__ import annotations

from typing import Any

from companion.games.dungeon_poker.events import DealTied, DealWon, MonsterJudged
from companion.games.dungeon_poker.showdown_events import (
    DealTiedTreasuresWait,
    SharedKillWaits,
    SlayersTakeGems,
    TreasuresDrawn,
)
from companion.table import open_store
from tests.conftest import invoke
from tests.table.test_dp_table_findings import js, new_game, ok, rig


def last_event() -> Any:
    with open_store(None) as store, store.transaction(write=False) as tx:
        return tx.history(tx.table(None), 1)[0].event


def treasure_events(events: tuple[Any, ...]) -> list[Any]:
    return [e for e in events if isinstance(e, (TreasuresDrawn, DealTiedTreasuresWait))]


def test_table_win_shares_the_treasures_as_the_showdown_does() -> None:
    new_game("a,b,c")
    ok("table", "deal")
    ok("table", "showdown", "all=100", "--result", "b > a > c")
    settled = last_event()
    ok("table", "undo")
    ok("table", "win", "b")
    won = last_event()
    assert isinstance(won, DealWon)
    assert treasure_events(won.events) == treasure_events(settled.events)
    assert TreasuresDrawn(None, "b", "b", 1) in won.events


def test_a_tie_named_or_not_leaves_the_treasure_waiting_as_the_showdown_does() -> None:
    new_game("a,b,c")
    ok("table", "deal")
    ok("table", "tie", "a", "b")
    tied = last_event()
    assert isinstance(tied, DealTied) and tied.carried == 1
    assert DealTiedTreasuresWait(None, ("a", "b"), 1) in tied.events
    ok("table", "deal")
    ok("table", "win", "c")  # the next winner draws both
    assert TreasuresDrawn(None, "c", "c", 2) in last_event().events


def test_a_shared_kill_of_the_fire_dragon_leaves_its_treasure_waiting() -> None:
    """Appendix B and decisions.md: two slayers share the Fire Dragon; its extra treasure
    is nobody's yet and waits for the next deal's winner, as at the showdown."""
    new_game("a,b,c")
    ok("table", "deal")
    rig("monsters", "fire-dragon")
    ok("table", "monster")
    before = js("table", "show")["dungeon_poker"]["carried_treasures"]
    ok("table", "monster-result", "lost", "--slayer", "a", "--slayer", "b")
    judged = last_event()
    assert isinstance(judged, MonsterJudged) and judged.slayers == ("a", "b")
    assert SharedKillWaits(("a", "b"), "Fire Dragon", 1) in judged.events
    after = js("table", "show")["dungeon_poker"]["carried_treasures"]
    assert after == before + 1


def test_a_shared_kill_of_the_genie_gives_each_slayer_a_soul_gem() -> None:
    new_game("a,b,c")
    ok("table", "deal")
    rig("monsters", "genie")
    ok("table", "monster")
    gems = js("table", "show")["dungeon_poker"]["soul_gems"]
    ok("table", "monster-result", "lost", "--slayer", "a", "--slayer", "b")
    assert SlayersTakeGems(("a", "b"), "Genie", 1) in last_event().events
    now = js("table", "show")["dungeon_poker"]["soul_gems"]
    assert (now["a"], now["b"], now["c"]) == (gems["a"] + 1, gems["b"] + 1, gems["c"])


def test_a_slayer_named_twice_is_refused() -> None:
    new_game("a,b,c")
    ok("table", "deal")
    rig("monsters", "genie")
    ok("table", "monster")
    refused = invoke("table", "monster-result", "lost", "--slayer", "a", "--slayer", "a")
    assert refused.exit_code == 2 and "a named twice" in refused.stderr
