"""What ``dod new``, ``dod play`` and ``dod load`` do with saves, in the library."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.errors import CompanionError
from companion.games.dungeon_of_d.saves import (
    Game,
    SaveFile,
    SaveStore,
    check_save,
    free_name,
    reopen,
    start,
)


def test_new_games_are_named_game_n_after_the_names_taken_in_any_case(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "s.sqlite3")
    assert free_name(store) == "game-1"
    for name in ("game-1", "GAME-2", "mine"):
        store.create(Game.new(1, name=name))
    assert free_name(store) == "game-3"
    assert start(store, seed=4).game.name == "game-3"


def test_a_new_game_records_the_seed_given_or_draws_one(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "s.sqlite3")
    assert start(store, seed=42, save="a").game.seed == 42
    drawn = start(store, save="b").game
    assert store.load("b").seed == drawn.seed


def test_starting_over_a_damaged_save_is_refused_and_it_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    store = SaveStore(path)
    start(store, seed=3, save="hero")
    import sqlite3

    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE dod_saves SET document = '{' WHERE name = 'hero'")
    with pytest.raises(CompanionError, match="it is kept: 'companion dod delete hero'"):
        start(store, seed=5, save="hero", replace=True)


def test_a_save_file_game_is_named_after_its_file_and_scores_into_the_store(
    tmp_path: Path,
) -> None:
    store = SaveStore(tmp_path / "s.sqlite3")
    opened = start(store, seed=7, save_file=tmp_path / "cave.json")
    assert isinstance(opened.saver, SaveFile) and opened.game.name == "cave"
    assert opened.on_end == store.record
    assert start(store, seed=7, save="here").on_end is None  # the store records its own


def test_play_goes_on_with_the_last_unfinished_game_unless_told(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "s.sqlite3")
    with pytest.raises(CompanionError, match="no unfinished game"):
        reopen(store)
    start(store, seed=1, save="first")
    start(store, seed=2, save="second")
    assert reopen(store).game.name == "second"
    assert reopen(store, "first").game.seed == 1
    with pytest.raises(CompanionError, match="not both"):
        reopen(store, "first", tmp_path / "x.json")


def test_load_takes_exactly_one_of_a_name_and_a_file(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "s.sqlite3")
    start(store, seed=9, save="one")
    checked = check_save(store, "one")
    assert checked.to_json()["verified"] is True
    assert checked.resume == "companion dod play one"
    for save, save_file in ((None, None), ("one", tmp_path / "one.json")):
        with pytest.raises(CompanionError, match="one of them"):
            check_save(store, save, save_file)


def test_the_list_and_score_documents_are_lists_of_rows(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "s.sqlite3")
    assert store.listing().to_json() == [] and store.score_table().to_json() == []
    start(store, seed=9, save="one")
    [row] = store.listing().to_json()
    assert row["name"] == "one" and row["status"] == "playing"
    json.dumps(store.listing().to_json())


def test_load_counts_one_action_in_the_singular() -> None:
    # 'Checked: 1 action replays ...', not '1 actions replay'
    from tests.conftest import invoke

    assert invoke("dod", "new", "--seed", "7", "--save", "one", input="done\nquit\n").exit_code == 0
    shown = " ".join(invoke("dod", "load", "one").stdout.split())
    assert "Checked: 1 action replays to the saved game. Go on with:" in shown
    assert invoke("dod", "load", "one", "--json").json()["actions"] == 1
