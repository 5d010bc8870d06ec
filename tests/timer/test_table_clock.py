"""The clock of a table: kept in the table store, encounters drawn from the table's deck."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import Static

from companion.errors import CompanionError
from companion.games.dungeon_poker import table_rules as dp
from companion.games.dungeon_poker.encounters import DungeonPokerLevels
from companion.table import open_store
from companion.timer.clock import ClockSettings, FakeClock, deal, next_stage, previous_stage
from companion.timer.session import TimerSession
from companion.timer.structure import load_structure
from companion.timer.table_clock import TableClockStore
from companion.ui.clock import TimerApp
from tests.conftest import invoke


def new_table(
    name: str = "friday", *extra: str, players: str = "ann,bo,cy", seed: str = "7"
) -> None:
    result = invoke(
        "table",
        "new",
        name,
        "--game",
        "dungeon-poker",
        "--players",
        players,
        "--seed",
        seed,
        *extra,
    )
    assert result.exit_code == 0, result.stderr


def table_encounter(name: str = "friday") -> tuple[int, str | None]:
    with open_store(None) as store, store.transaction(write=False) as tx:
        change = dp.level_now(tx, tx.table(name))
        return change.level, change.encounter.name if change.encounter else None


def level_entries(name: str = "friday") -> int:
    with open_store(None) as store, store.transaction(write=False) as tx:
        return sum(1 for e in tx.history(tx.table(name)) if e.action == "level")


def test_with_a_table_each_new_level_draws_from_its_encounter_deck() -> None:
    new_table()
    status = invoke("timer", "run", input="ddddd").stdout.splitlines()[-1]
    level, name = table_encounter()
    assert level == 2 and name is not None
    assert status.startswith("Level 2 | blind 200") and f"encounter: {name}" in status
    data = invoke("timer", "status", "--json").json()
    assert data["encounter"]["status"] == "drawn" and data["encounter"]["name"] == name
    assert data["encounter"]["text"]


def test_the_first_level_draws_no_encounter_at_the_table() -> None:
    new_table()
    invoke("timer", "run", input="dd")
    assert table_encounter() == (1, None)
    assert level_entries() == 0


def test_same_seed_same_encounters() -> None:
    new_table("one", seed="42")
    invoke("timer", "run", "--table", "one", input="nn")
    new_table("two", seed="42")
    invoke("timer", "run", "--table", "two", input="nn")
    assert table_encounter("one") == table_encounter("two")


def test_stepping_back_and_forth_never_draws_twice_at_the_table() -> None:
    new_table()
    invoke("timer", "run", input="n")
    first = table_encounter()
    invoke("timer", "do", "previous", "next", "previous", "next")
    assert table_encounter() == first
    assert open_levels() == 1


def open_levels(name: str = "friday") -> int:
    """Level openings at the table that were not undone."""
    with open_store(None) as store, store.transaction(write=False) as tx:
        history = tx.history(tx.table(name))
        undone = {e.undoes for e in history if e.undoes is not None}
        return sum(1 for e in history if e.action == "level" and e.id not in undone)


def test_p_on_the_clock_undoes_the_level_it_opened() -> None:
    """Levels: a level opened by mistake goes back, its encounter on top of the deck again."""
    new_table()
    invoke("timer", "run", input="n")
    assert table_encounter()[0] == 2
    invoke("timer", "do", "previous")
    assert table_encounter() == (1, None)
    assert invoke("timer", "status", "--json").json()["level"] == 1


def test_undoing_a_level_at_the_table_moves_the_clock_back() -> None:
    """Levels: 'table undo' of a level opening takes the table's clock back with it."""
    new_table()
    invoke("timer", "run", input="n")
    assert invoke("table", "level").exit_code == 0
    assert invoke("timer", "status", "--json").json()["level"] == 3
    assert invoke("table", "undo").exit_code == 0
    assert table_encounter()[0] == 2
    assert invoke("timer", "status", "--json").json()["level"] == 2


def test_end_level_now_opens_the_next_level_at_the_table() -> None:
    new_table()
    invoke("timer", "run", input="n")
    _, before = table_encounter()
    data = invoke("timer", "do", "end-level", "--json").json()
    level, after = table_encounter()
    assert data["level"] == level == 3 and after != before and data["encounter"]["name"] == after


def test_when_the_table_moves_on_elsewhere_the_clock_follows() -> None:
    """`companion table level` (a Teleport Trap typed on a phone): the clock jumps there."""
    new_table()
    invoke("timer", "run", input="n")
    assert invoke("table", "level").exit_code == 0
    data = invoke("timer", "status", "--json").json()
    level, name = table_encounter()
    assert data["level"] == level == 3 and data["encounter"]["name"] == name and data["deals"] == 0
    invoke("timer", "do", "previous")  # a correction on the clock is not undone by the table
    assert invoke("timer", "status", "--json").json()["level"] == 2


def test_a_fresh_clock_starts_at_the_level_the_table_is_at() -> None:
    new_table()
    invoke("table", "level", "4")
    data = invoke("timer", "do", "deal", "--json")
    assert data.exit_code == 2  # no clock yet
    line = invoke("timer", "run", input="").stdout.splitlines()[-1]
    assert line.startswith("Level 4 | blind 500")


def test_the_shorter_game_table_uses_the_shorter_structure() -> None:
    new_table("quick", "--short")
    line = invoke("timer", "run", input="n").stdout.splitlines()[-1]
    assert line.startswith("Level 2 | blind 300")
    assert table_encounter("quick")[0] == 2


def test_a_decko_table_uses_the_round_track_with_its_player_count() -> None:
    result = invoke("table", "new", "duel", "--game", "decko", "--players", "ann,bo", "--seed", "1")
    assert result.exit_code == 0, result.stderr
    data = invoke("timer", "structure", "-s", "decko", "--json").json()
    assert data[0]["house_bet_two_player"] == 2
    invoke("timer", "run", input="")
    status = invoke("timer", "status", "--json").json()
    assert status["structure"] == "decko" and status["encounter"] is None
    line = invoke("timer", "status").stdout
    assert line.startswith("Round 1 | bets 1-5")


def test_a_table_and_no_table_keep_separate_clocks(tmp_path: Path) -> None:
    invoke("timer", "run", "-s", "holdem", input="")  # no table yet: the clock of its own
    new_table()
    invoke("timer", "run", input="ddd")
    assert invoke("timer", "status", "--json").json()["structure"] == "dungeon-poker"
    invoke("table", "delete", "friday", "--yes")
    assert invoke("timer", "status", "--json").json()["structure"] == "holdem"


def test_an_unknown_table_is_a_one_line_error() -> None:
    result = invoke("timer", "run", "--table", "nowhere", input="")
    assert result.exit_code == 2 and "nowhere" in result.stderr and result.stderr.count("\n") == 1


def test_when_the_encounter_deck_runs_out_the_clock_says_so() -> None:
    new_table()
    invoke("timer", "run", input="n" * 24)  # levels 2 to 25: 22 encounters, then none
    data = invoke("timer", "status", "--json").json()
    assert data["level"] == 25 and data["encounter"]["status"] == "deck-empty"
    assert "no encounter (deck empty)" in invoke("timer", "status").stdout


def test_reset_forgets_the_table_clock_only() -> None:
    new_table()
    invoke("timer", "run", input="n")
    assert invoke("timer", "reset").stdout.strip() == "clock forgotten"
    assert table_encounter()[0] == 2  # the table keeps its level and encounter


def test_the_level_change_and_the_draw_are_one_transaction() -> None:
    """A failure after the encounter is drawn leaves the table's decks as they were."""
    new_table()
    invoke("timer", "run", input="")
    store = open_store(None)
    try:
        clock_store = TableClockStore(store, "friday", DungeonPokerLevels())

        def breaks_after_drawing(saved, encounters):  # type: ignore[no-untyped-def]
            assert encounters is not None and encounters.draw_encounter(2) is not None
            raise RuntimeError("power cut")

        with pytest.raises(RuntimeError):
            clock_store.update(breaks_after_drawing)
    finally:
        store.close()
    assert table_encounter() == (1, None) and level_entries() == 0


def test_starting_a_table_clock_is_in_the_table_history() -> None:
    new_table()
    invoke("timer", "run", input="")
    history = invoke("table", "log", "--json").json()["history"]
    started = [e for e in history if e["action"] == "timer-start"]
    assert [e["summary"] for e in started] == ["clock started: Dungeon Poker, level 1"]


def test_the_display_shows_the_tables_encounter(tmp_path: Path) -> None:
    new_table()
    clock = FakeClock(0.0)
    store = open_store(None)
    try:
        session = TimerSession(TableClockStore(store, "friday", DungeonPokerLevels()), clock)
        session.open(load_structure("dungeon-poker"), ClockSettings(players=3))
        app = TimerApp(session, bell=False)

        async def main() -> None:
            async with app.run_test(size=(110, 44)) as pilot:
                await pilot.pause()
                await pilot.press(*"ddddd")
                _, name = table_encounter()
                assert app.query_one("#encounter", Static).border_title == f"Encounter: {name}"
                assert str(app.query_one("#encounter", Static).content)

        asyncio.run(main())
        session.act(previous_stage)
        session.act(next_stage)
        session.act(deal)
        assert session.view().deals == 1
    finally:
        store.close()
    assert open_levels() == 1


def test_a_damaged_table_clock_is_a_clear_error() -> None:
    new_table()
    invoke("timer", "run", input="")
    with open_store(None) as store, store.transaction() as tx:
        tx.put_state(tx.table("friday"), "timer", "clock", {"format": 1, "position": "x"})
    result = invoke("timer", "status")
    assert result.exit_code == 2 and "damaged" in result.stderr and "timer reset" in result.stderr
    with pytest.raises(CompanionError), open_store(None) as store:
        TableClockStore(store, "friday", DungeonPokerLevels()).load()


def test_a_table_level_the_clock_cannot_follow_is_noted_once() -> None:
    """A DECKO table moved to round 3 while the clock is at round 5: nothing to jump to."""
    invoke("table", "new", "duel", "--game", "decko", "--players", "ann,bo", "--seed", "1")
    invoke("timer", "run", input="dddd")
    invoke("table", "level", "3")
    with open_store(None) as store:
        clock_store = TableClockStore(store, "duel")
        assert clock_store.level_ahead() == 3
        session = TimerSession(clock_store, FakeClock(10**10))
        assert session.refresh().view.level.number == 5
        assert clock_store.level_ahead() is None


def test_the_plain_clock_line_shows_the_soul_gem_of_the_level_in_play() -> None:
    """Blind bet levels: 500, 800 and 1500 give every player a soul gem."""
    from companion.timer.clock import ClockSettings, start, view
    from companion.ui.clock_line import plain_line

    state = start(load_structure("dungeon-poker"), ClockSettings(), 0.0, level=4)
    assert "blind 500 (+1 soul gem)" in plain_line(view(state, 1.0))


def test_timer_run_refuses_a_structure_that_differs_from_the_tables_level_cards() -> None:
    """Blind bet levels: the table's level cards are the clock's levels."""
    new_table()
    result = invoke("timer", "run", "--structure", "dungeon-poker-short", input="")
    assert (
        result.exit_code == 2
        and "does not follow the level cards of table 'friday'" in result.stderr
    )
    assert invoke("timer", "run", "--structure", "dungeon-poker", input="").exit_code == 0


def test_a_structure_of_other_blinds_is_refused_in_one_sentence_naming_both_ladders() -> None:
    """Blind bet levels: `timer run -s holdem` names the structure's blinds and the table's cards."""
    new_table()
    result = invoke("timer", "run", "-s", "holdem", input="")
    said = result.stderr.strip()
    assert result.exit_code == 2 and len(said.splitlines()) == 1
    assert "None" not in said and "instead of" not in said
    assert said.startswith("error: the structure 'holdem' (25/50, 50/100, 75/150")
    assert (
        "level cards of table 'friday' (100, 200, 300, 500, 600, 700, 800, 900, 1000, 1500)" in said
    )
    assert said.endswith("leave out --structure to run the table's own")


def test_with_the_extra_level_card_the_table_and_its_clock_both_play_400() -> None:
    """Appendix E: the extra level card is in the table's level deck and on its clock."""
    assert (
        invoke(
            "table",
            "new",
            "slow",
            "--game",
            "dungeon-poker",
            "--players",
            "a,b,c",
            "--extra-level",
            "--seed",
            "2",
        ).exit_code
        == 0
    )
    assert invoke("timer", "run", "--paused", input="").exit_code == 0
    assert invoke("table", "level", "4", "--json").json()["blind"] == 400
    status = invoke("timer", "status", "--json").json()
    assert (status["level"], status["blind"]) == (4, 400)
    refused = invoke("timer", "run", "--structure", "dungeon-poker", "--new", input="")
    assert (
        refused.exit_code == 2
        and "does not follow the level cards of table 'slow'" in refused.stderr
    )
