"""Saves: a game is its seed, hero and actions; loading replays and checks them; a damaged
save is refused in one line and never overwritten; undo turns on training mode."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from companion.errors import CompanionError
from companion.games.dungeon_of_d.bots import make_bot
from companion.games.dungeon_of_d.saves import SCHEMA_VERSION, Game, SaveFile, SaveStore, check_name


def _played(seed: int = 4, actions: int = 30, bot: str = "greedy") -> Game:
    game = Game.new(seed)
    player = make_bot(bot, seed)
    while not game.over and len(game.actions) < actions:
        game.play(player(game.state))
    return game


def _finished(seed: int = 4) -> Game:
    return _played(seed, actions=10**6)


class Clock:
    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        self.now += 1
        return self.now


# ---- a game -----------------------------------------------------------------------------------


def test_a_game_is_its_seed_and_actions_and_comes_back_the_same() -> None:
    game = _played()
    again = Game.from_document(json.loads(json.dumps(game.to_document())))
    assert again.state == game.state and again.actions == game.actions and again.seed == game.seed


def test_a_chosen_character_is_kept_by_id() -> None:
    game = Game.new(3, "Wrestler")
    assert game.character == "wrestler" and game.state.character == "wrestler"
    assert Game.from_document(game.to_document()).state.character == "wrestler"


def test_undo_replays_all_but_the_last_action_and_turns_on_training_mode() -> None:
    game = _played(actions=12)
    before = Game.new(game.seed)
    for action in game.actions[:-1]:
        before.play(action)
    game.undo()
    assert game.training and game.state.training
    assert game.actions == before.actions
    before.state.training = True
    assert game.state == before.state


def test_take_back_move_makes_the_score_0_even_when_escaping() -> None:
    # Rulebook 6.1: cheating or a take-back move turns on training mode and scores 0.
    for seed in range(40):
        game = _finished(seed)
        if game.state.outcome == "escaped":
            break
    else:
        raise AssertionError("no escape among the first seeds")
    assert game.score.total > 0
    last = game.actions[-1]
    game.undo()
    game.play(last)
    assert game.state.outcome == "escaped" and game.training and game.score.total == 0


def test_nothing_to_undo_at_the_start() -> None:
    with pytest.raises(CompanionError, match="nothing to undo"):
        Game.new(1).undo()


def test_an_edited_action_list_is_refused() -> None:
    doc = _played().to_document()
    doc["actions"] = doc["actions"][:-1]
    with pytest.raises(CompanionError, match="do not replay to its recorded state"):
        Game.from_document(doc, "my save")


def test_an_edited_state_is_refused() -> None:
    doc = _played().to_document()
    doc["state"]["gold"] = 79
    with pytest.raises(CompanionError, match="^my save is damaged"):
        Game.from_document(doc, "my save")


def test_an_illegal_action_in_a_save_is_refused() -> None:
    doc = _played().to_document()
    doc["actions"].append(["fly", "away"])
    with pytest.raises(CompanionError, match="unknown action"):
        Game.from_document(doc, "my save")
    doc["actions"][-1] = ["act", 99]
    with pytest.raises(CompanionError, match="actions do not replay"):
        Game.from_document(doc, "my save")


@pytest.mark.parametrize(
    "doc", [[], {"format": "other"}, {"format": "companion-dod-save", "version": 9}]
)
def test_a_document_that_is_not_a_save_is_refused(doc: object) -> None:
    with pytest.raises(CompanionError):
        Game.from_document(doc, "x")


@pytest.mark.parametrize("name", ["", "a/b", "x" * 41, "-dash-first", "semi;colon"])
def test_save_names_are_short_and_plain(name: str) -> None:
    with pytest.raises(CompanionError, match="bad save name"):
        check_name(name)


# ---- the SQLite store --------------------------------------------------------------------------


def test_store_saves_lists_loads_and_deletes(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "state.sqlite3", clock=Clock())
    assert (
        store.saves() == [] and not (tmp_path / "state.sqlite3").exists()
    )  # reading creates nothing
    game = _played()
    game.name = "friday"
    store.create(game)
    game.play(make_bot("greedy", 4)(game.state))
    store.save(game)
    [info] = store.saves()
    assert (info.name, info.status, info.turn, info.hp) == (
        "friday",
        "playing",
        game.state.turn,
        game.state.hp,
    )
    loaded = SaveStore(tmp_path / "state.sqlite3").load("friday")
    assert (
        loaded.state == game.state
        and loaded.actions == game.actions
        and loaded.game_id == game.game_id
    )
    store.delete("friday")
    assert store.saves() == []
    with pytest.raises(CompanionError, match="no saved game 'friday'"):
        store.load("friday")


def test_store_keeps_its_own_dod_tables_with_a_schema_version(tmp_path: Path) -> None:
    path = tmp_path / "state.sqlite3"
    game = _played()
    game.name = "a"
    SaveStore(path).create(game)
    with sqlite3.connect(path) as conn:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        version = conn.execute(
            "SELECT version FROM companion_schema WHERE component = 'dod'"
        ).fetchone()[0]
    assert tables == {"companion_schema", "dod_saves", "dod_scores", "dod_takebacks"}
    assert version == SCHEMA_VERSION == 3


def test_store_shares_the_state_file_with_the_table_store(tmp_path: Path) -> None:
    from companion.table import open_store

    path = tmp_path / "state.sqlite3"
    game = _played()
    game.name = "shared"
    SaveStore(path).create(game)
    with open_store(path) as tables, tables.transaction() as tx:
        tx.put_state(None, "timer", "clock", {"level": 2})
    assert SaveStore(path).load("shared").state == game.state


def test_a_new_game_does_not_overwrite_an_existing_save(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "s.sqlite3")
    first = _played()
    first.name = "mine"
    store.create(first)
    second = Game.new(99, name="mine")
    with pytest.raises(CompanionError, match="already exists.*start over it with --replace"):
        store.create(second)
    assert store.load("mine").actions == first.actions


def test_a_save_whose_actions_do_not_replay_says_so_in_a_short_line() -> None:
    doc = _played().to_document()
    doc["actions"].append(["discard", 99])  # no card 99: the engine refuses it
    with pytest.raises(CompanionError, match="do not replay") as err:
        Game.from_document(doc)
    message = str(err.value)
    n = len(doc["actions"])
    assert f"(action {n} of {n}, ['discard', 99], is not legal there)" in message, message
    assert "legal now" not in message and len(message) < 160, message  # issue 33: no list


def test_a_damaged_save_is_reported_in_one_line_and_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    store = SaveStore(path)
    game = _played()
    game.name = "broken"
    store.create(game)
    with sqlite3.connect(path) as conn:
        conn.execute(
            "UPDATE dod_saves SET document = ? WHERE name = 'broken'",
            ('{"format": "companion-dod-save"',),
        )
    with pytest.raises(CompanionError, match="saved game 'broken' is damaged") as err:
        store.load("broken")
    assert "\n" not in str(err.value)
    [info] = store.saves()
    assert info.status == "damaged" and "not valid JSON" in info.damaged
    with pytest.raises(CompanionError):
        store.create(Game.new(1, name="broken"))
    with sqlite3.connect(path) as conn:
        assert (
            conn.execute("SELECT document FROM dod_saves").fetchone()[0]
            == '{"format": "companion-dod-save"'
        )


def test_two_sessions_on_one_save_file_cannot_overwrite_each_other(tmp_path: Path) -> None:
    path = tmp_path / "race.json"
    SaveFile(path).create(_played())
    one, two = SaveFile(path), SaveFile(path)
    a, b = one.load(), two.load()
    a.play(make_bot("greedy", 1)(a.state))
    one.save(a)
    written = path.read_text()
    b.play(make_bot("greedy", 1)(b.state))
    with pytest.raises(CompanionError, match="changed by another session") as err:
        two.save(b)
    assert "--save-file" in str(err.value) and "\n" not in str(err.value)
    assert path.read_text() == written  # nothing lost
    a.play(make_bot("greedy", 1)(a.state))
    one.save(a)  # the first session plays on
    assert SaveFile(path).load().actions == a.actions


def test_two_sessions_on_one_save_cannot_undo_each_other(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    game = _played()
    game.name = "race"
    SaveStore(path).create(game)
    one, two = SaveStore(path), SaveStore(path)
    a, b = one.load("race"), two.load("race")
    a.play(make_bot("greedy", 1)(a.state))
    one.save(a)
    b.play(make_bot("greedy", 1)(b.state))
    with pytest.raises(CompanionError, match="changed by another session"):
        two.save(b)


def test_a_file_that_is_not_sqlite_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("my shopping list\n")
    with pytest.raises(CompanionError, match="not an SQLite database"):
        SaveStore(path).create(Game.new(1, name="x"))
    assert path.read_text() == "my shopping list\n"


def test_another_programs_database_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE photos (id INTEGER)")
    with pytest.raises(CompanionError, match="another program"):
        SaveStore(path).create(Game.new(1, name="x"))
    with sqlite3.connect(path) as conn:
        assert {r[0] for r in conn.execute("SELECT name FROM sqlite_master")} == {"photos"}


def test_saves_of_a_newer_schema_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    SaveStore(path).create(Game.new(1, name="x"))
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE companion_schema SET version = 99 WHERE component = 'dod'")
    with pytest.raises(CompanionError, match="schema version 99"):
        SaveStore(path).load("x")


# ---- high scores ---------------------------------------------------------------------------------


def test_finished_games_enter_the_high_score_table_best_first(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "s.sqlite3", clock=Clock())
    ends = []
    for seed in range(12):
        game = _finished(seed)
        game.name = f"g{seed}"
        store.save(game)
        ends.append(game)
    rows = store.scores(limit=None)
    assert len(rows) == 12
    assert [r.score for r in rows] == sorted((g.score.total for g in ends), reverse=True)
    best = rows[0]
    assert best.score == sum(best.breakdown.values())
    assert len(store.scores(limit=3)) == 3


def test_an_undone_ending_keeps_its_row_and_the_next_ending_is_training(tmp_path: Path) -> None:
    # One game, one scored ending: taking the end back cannot unmake it, and the
    # ending played after the undo is a take-back (rulebook 6.1: training mode).
    store = SaveStore(tmp_path / "s.sqlite3")
    game = _finished(2)
    game.name = "oops"
    store.save(game)
    [first] = store.scores()
    last = game.actions[-1]
    game.undo()
    store.save(game)
    assert store.scores() == [first]
    game.play(last)
    store.save(game)
    assert store.scores() == [first]
    trained = [r for r in store.scores(training=True) if r.training]
    assert len(trained) == 1 and trained[0].score == 0


def test_a_copied_save_cannot_remove_or_double_the_original_score(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "s.sqlite3")
    original = _finished(5)
    original.name = "mine"
    copy = Game.from_document(json.loads(json.dumps(original.to_document())))
    copy.name = "copy"
    store.save(original)
    [row] = store.scores()
    store.record(copy)  # the same ending again: nothing new
    assert store.scores(training=True) == [row]
    copy.undo()
    store.record(copy)
    copy.play(original.actions[-1])
    store.record(copy)
    assert store.scores() == [row]  # the copy's undo and its second ending leave the row alone


def test_a_second_ending_from_a_copy_made_before_the_end_is_training(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "s.sqlite3")
    game = _played(seed=6, actions=20)
    copy = Game.from_document(json.loads(json.dumps(game.to_document())))
    for g, bot_seed in ((game, 6), (copy, 7)):
        player = make_bot("random", bot_seed)
        while not g.over:
            g.play(player(g.state))
    assert copy.log != game.log  # two different endings of one game
    store.record(game)
    store.record(copy)
    rows = store.scores(training=True)
    assert [r.training for r in rows].count(False) == 1


# ---- training mode comes from the log ------------------------------------------------------


def _trained(seed: int = 4) -> Game:
    game = _played(seed, actions=12)
    last = game.actions[-1]
    game.undo()
    game.play(last)
    return game


def test_the_log_keeps_the_undo_and_replay_decides_training_mode() -> None:
    game = _trained()
    doc = game.to_document()
    assert ["undo"] in doc["actions"] and doc["training"] is True
    assert Game.from_document(json.loads(json.dumps(doc))).training


def test_the_training_flag_cannot_be_edited_out_of_a_save() -> None:
    doc = _trained().to_document()
    doc["training"] = False
    assert Game.from_document(doc).training  # the field is only a note: the log decides
    doc["state"]["training"] = False
    with pytest.raises(CompanionError, match="do not replay to its recorded state"):
        Game.from_document(doc)
    doc = _trained().to_document()
    doc["actions"].remove(["undo"])
    doc["state"]["training"] = False
    with pytest.raises(CompanionError, match="is damaged"):
        Game.from_document(doc)


def test_a_version_1_save_is_read_and_plays_on_in_training_mode() -> None:
    game = _trained()
    doc = game.to_document()
    doc.update(version=1, actions=[list(a) for a in game.actions], training=True)
    doc.pop("revision")
    again = Game.from_document(doc)
    assert again.training and again.actions == game.actions and again.state == game.state
    # the first format kept no log of take-backs: a "clean" one cannot show it took none
    doc["training"], doc["state"]["training"] = False, False
    clean = Game.from_document(doc)
    assert clean.training and "first format" in clean.training_note
    assert clean.actions == game.actions and Game.from_document(clean.to_document()).training


def test_a_save_rewritten_to_hide_its_take_back_is_still_training_in_its_state_file(
    tmp_path: Path,
) -> None:
    """Issue 33's forgery: a save holding an undo, rewritten as version 1 (or as version
    2) without the undo and the move it took back, under the same id or a new one."""
    store = SaveStore(tmp_path / "s.sqlite3")
    game = Game.new(5, name="g")
    store.create(game)
    player = make_bot("greedy", 5)
    for _ in range(6):
        game.play(player(game.state))
        store.save(game)
    game.undo()
    store.save(game)
    while not game.over:
        game.play(player(game.state))
    store.save(game)
    assert game.training
    forged_v1 = game.to_document()
    forged_v1.update(version=1, actions=[list(a) for a in game.actions], training=False)
    forged_v1["state"]["training"] = False
    forged_v2 = game.to_document()
    forged_v2.update(actions=[list(a) for a in game.actions], training=False, game_id="new")
    forged_v2["state"]["training"] = False
    plain = Game.from_document(forged_v2)
    assert not plain.training  # the document alone cannot tell...
    for forged in (forged_v1, forged_v2):
        path = tmp_path / f"forged-{forged['version']}.json"
        path.write_text(json.dumps(forged))
        loaded = store.vouch(SaveFile(path).load())
        assert loaded.training  # ...the state file that saw the take-back can
        store.record(loaded)
    assert store.scores() == []  # no ending of it scores
    assert {row.training for row in store.scores(training=True)} == {True}


def test_a_new_game_of_a_seed_is_not_training_for_another_games_take_back(
    tmp_path: Path,
) -> None:
    store = SaveStore(tmp_path / "s.sqlite3")
    first = Game.new(8, name="a")
    store.create(first)
    first.play(first.state.options[0])
    first.undo()  # back to the start of seed 8
    store.save(first)
    second = Game.new(8, name="b")
    store.create(second)
    assert not store.load("b").training and store.load("a").training


# ---- seeds ------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [-1, 2**64, 10**30])
def test_a_seed_outside_64_bits_is_refused(seed: int) -> None:
    with pytest.raises(CompanionError, match="out of range"):
        Game.new(seed)
    doc = Game.new(1).to_document()
    doc["seed"] = seed
    with pytest.raises(CompanionError, match="is damaged"):
        Game.from_document(doc)


def test_a_seed_above_2_to_the_63_plays_to_the_end_and_is_scored_exactly(tmp_path: Path) -> None:
    seed = 2**64 - 1
    game = Game.new(seed, name="huge")
    player = make_bot("greedy", 1)
    store = SaveStore(tmp_path / "s.sqlite3")
    store.create(game)
    while not game.over:
        game.play(player(game.state))
    store.save(game)  # the final move: the high-score row is written with the seed
    [row] = store.scores(training=True)
    assert row.seed == seed and store.load("huge").seed == seed


def test_an_old_score_table_is_upgraded_and_kept(tmp_path: Path) -> None:
    from companion.games.dungeon_of_d.saves import _SCHEMA
    from companion.statefile import APPLICATION_ID

    path = tmp_path / "s.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.executescript(_SCHEMA)
        conn.execute("CREATE TABLE companion_schema (component TEXT PRIMARY KEY, version INTEGER)")
        conn.execute("INSERT INTO companion_schema VALUES ('dod', 1)")
        conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        conn.execute("PRAGMA user_version = 1")
        conn.execute(
            "INSERT INTO dod_scores VALUES ('g1', 'old', 42, 'elf', 'escaped', 0, 5, 60, 900, "
            "'{\"gold\": 400}', 0, 1.0)"
        )
    [row] = SaveStore(path).scores()
    assert (row.name, row.seed, row.score, row.breakdown) == ("old", 42, 900, {"gold": 400})


# ---- a save in a file ----------------------------------------------------------------------------


def test_save_file_is_json_written_whole_and_read_back(tmp_path: Path) -> None:
    target = SaveFile(tmp_path / "run.json")
    game = _played()
    target.create(game)
    data = json.loads((tmp_path / "run.json").read_text())
    assert data["format"] == "companion-dod-save" and data["seed"] == game.seed
    assert target.load().state == game.state
    assert [p.name for p in tmp_path.iterdir()] == ["run.json"]  # no temporary file left behind
    with pytest.raises(CompanionError, match="already exists"):
        target.create(Game.new(5))


def test_a_damaged_save_file_is_refused_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "run.json"
    path.write_text('{"format": "companion-dod-save", "version": 1, "seed": ')
    with pytest.raises(CompanionError, match="is damaged"):
        SaveFile(path).load()
    assert path.read_text().endswith('"seed": ')


def test_every_step_of_a_game_can_be_saved_and_loaded(tmp_path: Path) -> None:
    game = Game.new(8)
    player = make_bot("explorer", 8)
    target = SaveFile(tmp_path / "g.json")
    while not game.over and len(game.actions) < 60:
        game.play(player(game.state))
        target.save(game)
        assert target.load().state == game.state


def test_saves_join_a_state_file_the_table_store_made_first(tmp_path: Path) -> None:
    from companion.table import open_store

    path = tmp_path / "state.sqlite3"
    with open_store(path) as tables, tables.transaction() as tx:
        tx.put_state(None, "timer", "clock", {"level": 1})
    game = _played()
    game.name = "late"
    SaveStore(path).create(game)
    assert SaveStore(path).load("late").actions == game.actions
    with open_store(path) as tables, tables.transaction(write=False) as tx:
        assert tx.get_state(None, "timer", "clock") == {"level": 1}


def test_a_version_2_save_replays_with_the_moments_to_drink_it_was_played_with() -> None:
    """Saves of version 2 were played when the end of a test or combat was asked even when
    the next turn came straight after it: their 'go on' answers replay as they were."""
    from companion.games.dungeon_of_d.engine import new_game, step

    for seed in range(40):
        state = new_game(seed, merged_ends=False)
        player = make_bot("greedy", seed)
        actions = []
        while state.outcome is None and state.prompt != "window-end":
            action = player(state)
            actions.append(action)
            step(state, action)
        if state.prompt == "window-end":
            break
    else:
        pytest.fail("no game reached an end-of-test moment")
    game = Game(seed, None, actions, state)
    doc = game.to_document()
    doc["version"] = 2
    del doc["state"]["merged_ends"]
    again = Game.from_document(doc)
    assert again.state.prompt == "window-end" and not again.state.merged_ends
    again.play(("pass",))
    assert Game.from_document(again.to_document()).state == again.state
