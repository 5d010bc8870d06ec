"""Whole games played through ``companion dod`` with answers on stdin, one a line.

The answers are those a player would type: the greedy bot picks the moves,
and each is written either as its menu number (a MOVE as its direction's
number, then the card's) or as a short command. The printed end is checked
against the engine's own account of the game.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from companion.games.dungeon_of_d.bots import make_bot
from companion.games.dungeon_of_d.saves import Game, breakdown
from companion.games.dungeon_of_d.state import Action, State
from companion.ui.dungeon_of_d.shell import build_menu, card_menu, command_for


def answers(s: State, action: Action, by_number: bool) -> list[str]:
    """What a player types to take ``action``."""
    if not by_number:
        return [command_for(s, action)]
    menu = build_menu(s)
    for entry in menu:
        if entry.action == action:
            return [str(entry.number)]
        if action in entry.moves:
            cards = card_menu(s, entry.moves)
            if len(cards) == 1:
                return [str(entry.number)]
            number = next(c.number for c in cards if c.action == action)
            return [str(entry.number), str(number)]
    raise AssertionError(f"{action} is not in the menu")


def scripted(seed: int, bot: str = "greedy") -> tuple[list[str], Game]:
    """A whole game as typed answers, and the game as the engine plays it."""
    groups, game = scripted_actions(seed, bot)
    return [line for group in groups for line in group], game


def scripted_actions(seed: int, bot: str = "greedy") -> tuple[list[list[str]], Game]:
    """A whole game as typed answers, grouped by action (a MOVE may take two answers)."""
    game = Game.new(seed)
    player = make_bot(bot, seed)
    groups: list[list[str]] = []
    while not game.over:
        action = player(game.state)
        groups.append(answers(game.state, action, by_number=len(game.actions) % 2 == 0))
        game.play(action)
    return groups, game


def find_game(want: str, amulet: bool = False) -> tuple[int, list[str], Game]:
    for seed in range(1, 400):
        lines, game = scripted(seed)
        if game.state.outcome == want and game.state.amulet == amulet and len(game.actions) < 400:
            return seed, lines, game
    raise AssertionError(f"no greedy game ends '{want}' (amulet {amulet}) in the first seeds")


def _stdin(lines: list[str]) -> str:
    return "\n".join(lines) + "\n"


def test_a_scripted_win_prints_the_escape_and_its_score(cli) -> None:  # type: ignore[no-untyped-def]
    seed, lines, game = find_game("escaped")
    result = cli("dod", "new", "--seed", str(seed), "--save", "win", input=_stdin(lines))
    assert result.exit_code == 0, result.stderr
    assert f"YOU ESCAPED from level {game.state.level}, turn {game.state.turn}." in result.stdout
    parts = breakdown(game)
    assert (
        f"Score {game.score.total} = amulet 0 + gold {game.state.gold}×10 = {parts['gold']} + inventory "
        f"{parts['inventory']} + level {game.state.level}×100 = {parts['level']}"
    ) in result.stdout
    assert "error" not in result.stderr
    [row] = cli("dod", "scores", "--json").json()
    assert (row["name"], row["score"], row["outcome"]) == ("win", game.score.total, "escaped")
    assert row["breakdown"] == parts
    assert "win" in cli("dod", "scores").stdout


def test_a_scripted_win_with_the_amulet_scores_5000_more(cli) -> None:  # type: ignore[no-untyped-def]
    seed, lines, game = find_game("escaped", amulet=True)
    result = cli("dod", "new", "--seed", str(seed), "--save", "amulet", input=_stdin(lines))
    assert result.exit_code == 0, result.stderr
    assert "you take the Amulet of D'eugor!" in result.stdout
    assert "YOU ESCAPED WITH THE AMULET OF D'EUGOR" in result.stdout
    assert f"Score {game.score.total} = amulet 5000 + " in result.stdout


def test_a_scripted_loss_prints_the_loss_and_scores_0(cli) -> None:  # type: ignore[no-untyped-def]
    seed, lines, game = find_game("lost")
    result = cli("dod", "new", "--seed", str(seed), "--save", "loss", input=_stdin(lines))
    assert result.exit_code == 0, result.stderr
    assert (
        f"YOU LOSE on level {game.state.level}, turn {game.state.turn}. Score: 0." in result.stdout
    )
    assert "the game is lost" in result.stdout
    [save] = cli("dod", "list", "--json").json()
    assert (save["name"], save["status"], save["score"]) == ("loss", "lost", 0)


def test_save_and_load_in_the_middle_then_play_on_to_the_same_end(cli) -> None:  # type: ignore[no-untyped-def]
    seed, lines, game = find_game("escaped")
    half = len(lines) // 2
    while lines[half - 1].isdigit() and not lines[half].startswith(("move", "play", "act")):
        half += 1  # do not split a MOVE between its direction and its card
    first = cli(
        "dod",
        "new",
        "--seed",
        str(seed),
        "--save",
        "middle",
        input=_stdin(lines[:half] + ["save", "quit"]),
    )
    assert first.exit_code == 0, first.stderr
    assert "Saved as 'middle'" in first.stdout and "companion dod play middle" in first.stdout
    [save] = cli("dod", "list", "--json").json()
    assert save["status"] == "playing" and not save["training"]
    loaded = cli("dod", "load", "middle", "--json")
    assert loaded.exit_code == 0 and loaded.json()["verified"] is True
    shown = cli("dod", "load", "middle")
    assert "actions replay to the saved game" in shown.stdout
    rest = cli("dod", "play", input=_stdin(lines[half:]))  # no name: the game played last
    assert rest.exit_code == 0, rest.stderr
    assert f"YOU ESCAPED from level {game.state.level}, turn {game.state.turn}." in rest.stdout
    assert f"Score {game.score.total} " in rest.stdout


def test_undo_turns_on_training_mode_and_the_game_scores_0(cli) -> None:  # type: ignore[no-untyped-def]
    seed, _, _game = find_game("escaped")
    groups, _ = scripted_actions(seed)
    # six actions, then take the sixth back and play it again
    script = [line for group in groups[:6] + [["undo"]] + groups[5:] for line in group]
    result = cli("dod", "new", "--seed", str(seed), "--save", "practice", input=_stdin(script))
    assert result.exit_code == 0, result.stderr
    assert "TRAINING MODE is on" in result.stdout
    assert "[TRAINING: score 0]" in result.stdout
    assert "Training mode (a move was taken back): score 0." in result.stdout
    [save] = cli("dod", "list", "--json").json()
    assert save["training"] is True and save["score"] == 0 and save["status"] == "escaped"
    assert cli("dod", "scores", "--json").json() == []
    [row] = cli("dod", "scores", "--training", "--json").json()
    assert row["training"] is True and row["score"] == 0


def test_the_shell_answers_help_rules_and_mistakes_and_plays_on(cli) -> None:  # type: ignore[no-untyped-def]
    result = cli(
        "dod",
        "new",
        "--seed",
        "5",
        "--save",
        "chat",
        input=_stdin(["help", "rules combat", "rules", "fly away", "42", "look", "done", "quit"]),
    )
    assert result.exit_code == 0
    out = result.stdout
    assert "Answer with the number of a choice" in out
    assert "COMBAT: At the start of each round" in out
    assert "Rules topics: turn, rest" in out
    assert "'fly away' is not understood" in out
    assert "no answer numbered 42" in out
    assert "You: keep this hand" in out
    assert "Game saved as 'chat'" in out


def test_the_shell_shows_hero_map_inventory_room_log_and_answers_in_full(cli) -> None:  # type: ignore[no-untyped-def]
    game = Game.new(7)
    game.play(("done",))
    s = game.state
    result = cli(
        "dod",
        "new",
        "--seed",
        "7",
        "--save",
        "parts",
        input=_stdin(["done", "hero", "map", "inventory", "room", "log", "answers", "quit"]),
    )
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    name = s.content.character_names[s.character]
    assert f"{name}: gold 0, Fruits 2, Arrows 0" in out and "Stats as they count now: STR +0" in out
    assert (
        "Map (x across, y down" in out and "Inventory: 1 of 8 slots (Fruits 2/4, Arrows 0/4)" in out
    )
    room = s.content.rooms[s.grid[s.pos]]
    assert f"{room.name} (danger {room.danger})" in out
    assert "The last answer:\n  You: keep this hand" in out
    assert (
        out.count(" 1) REST: eat a Fruit") >= 2
    )  # 'answers', and the question shown again after a detail
    assert "not understood" not in out


def test_a_move_asks_for_its_card_then_happens(cli) -> None:  # type: ignore[no-untyped-def]
    game = Game.new(7)
    game.play(("done",))
    menu = build_menu(game.state)
    north = next(e for e in menu if e.command == "move north")
    result = cli(
        "dod",
        "new",
        "--seed",
        "7",
        "--save",
        "walk",
        input=_stdin(["done", str(north.number), "1", "quit"]),
    )
    assert "Which card do you play on the wandering-monster place?" in result.stdout
    assert "You: MOVE north, playing" in result.stdout
    assert "wandering-monster check: CHECK1 shows" in result.stdout


def test_a_file_save_is_played_on_and_its_score_recorded(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    seed, lines, game = find_game("escaped")
    path = tmp_path / "run.json"
    first = cli(
        "dod", "new", "--seed", str(seed), "--save-file", str(path), input=_stdin(lines[:4])
    )
    assert first.exit_code == 0, first.stderr
    assert json.loads(path.read_text())["actions"]
    rest = cli("dod", "play", "--save-file", str(path), input=_stdin(lines[4:]))
    assert rest.exit_code == 0 and "YOU ESCAPED" in rest.stdout
    [row] = cli("dod", "scores", "--json").json()
    assert row["score"] == game.score.total and row["name"] == "run"


def test_a_damaged_save_gives_one_line_and_is_not_overwritten(  # type: ignore[no-untyped-def]
    cli, tmp_path: Path
) -> None:
    import os

    assert cli("dod", "new", "--seed", "3", "--save", "fragile", input="done\n").exit_code == 0
    state = os.environ["COMPANION_STATE"]
    with sqlite3.connect(state) as conn:
        document = json.loads(conn.execute("SELECT document FROM dod_saves").fetchone()[0])
        document["state"]["gold"] = 50
        conn.execute("UPDATE dod_saves SET document = ?", (json.dumps(document),))
    for args in (
        ("dod", "play", "fragile"),
        ("dod", "load", "fragile"),
        ("dod", "new", "--save", "fragile", "--replace"),
    ):
        result = cli(*args, input="rest\n")
        assert result.exit_code == 2, args
        assert (
            result.stderr.startswith("error: saved game 'fragile' is damaged")
            and result.stderr.count("\n") == 1
        )
    with sqlite3.connect(state) as conn:
        assert (
            json.loads(conn.execute("SELECT document FROM dod_saves").fetchone()[0])["state"][
                "gold"
            ]
            == 50
        )
    listed = cli("dod", "list")
    assert "damaged" in listed.stdout
    assert cli("dod", "delete", "fragile", "--yes").exit_code == 0
    assert cli("dod", "list", "--json").json() == []
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    result = cli("dod", "play", "--save-file", str(broken))
    assert result.exit_code == 2 and "is damaged (line 1: not valid JSON" in result.stderr
    assert broken.read_text() == "{not json"


def test_delete_asks_before_it_deletes_a_save(cli) -> None:  # type: ignore[no-untyped-def]
    assert cli("dod", "new", "--seed", "3", "--save", "keep", input="quit\n").exit_code == 0
    kept = cli("dod", "delete", "keep", input="n\n")
    assert kept.exit_code == 0 and "Delete the saved game 'keep'?" in kept.stderr
    assert "Kept the saved game 'keep'." in kept.stdout
    unanswered = cli("dod", "delete", "keep")  # end of input: nothing assumed
    assert unanswered.exit_code == 2 and "pass --yes" in unanswered.stderr
    assert [s["name"] for s in cli("dod", "list", "--json").json()] == ["keep"]
    assert cli("dod", "delete", "keep", input="y\n").exit_code == 0
    assert cli("dod", "list", "--json").json() == []
    assert cli("dod", "new", "--seed", "3", "--save", "gone", input="quit\n").exit_code == 0
    assert "Deleted" in cli("dod", "delete", "-y", "gone").stdout


def test_errors_are_one_line(cli) -> None:  # type: ignore[no-untyped-def]
    for args, message in [
        (("dod", "play", "nothing-here"), "error: no saved game 'nothing-here'"),
        (("dod", "play"), "error: no unfinished game to go on with"),
        (("dod", "new", "--character", "Nobody"), "error: no character 'Nobody'"),
        (("dod", "new", "--save", "bad/name"), "error: bad save name 'bad/name'"),
        (("dod", "delete", "ghost"), "error: no saved game 'ghost'"),
        (("dod", "load"), "error: give a SAVE name or --save-file"),
    ]:
        result = cli(*args)
        assert result.exit_code == 2, args
        assert result.stderr.startswith(message) and result.stderr.count("\n") == 1, result.stderr


def test_a_second_new_game_gets_its_own_name_and_a_chosen_character(cli) -> None:  # type: ignore[no-untyped-def]
    assert cli("dod", "new", "--seed", "1").exit_code == 0
    result = cli("dod", "new", "--seed", "2", "--character", "elf")
    assert "Elf · skills: Hawk Eye" in result.stdout
    names = sorted(s["name"] for s in cli("dod", "list", "--json").json())
    assert names == ["game-1", "game-2"]
    again = cli("dod", "new", "--seed", "2", "--save", "game-1")
    assert again.exit_code == 2 and "already exists" in again.stderr


@pytest.mark.parametrize("command", ["list", "scores"])
def test_empty_tables_say_so(cli, command: str) -> None:  # type: ignore[no-untyped-def]
    result = cli("dod", command)
    assert result.exit_code == 0 and (
        "No saved games" in result.stdout or "No finished games" in result.stdout
    )


def _read_until(proc, marker: str) -> str:  # type: ignore[no-untyped-def]
    """Lines of a running ``companion`` until one holds ``marker`` (what it printed so far)."""
    seen = []
    while True:
        line = proc.stdout.readline()
        assert line, "".join(seen) + proc.stderr.read()
        seen.append(line)
        if marker in line:
            return "".join(seen)


def test_two_processes_playing_one_json_save_lose_nothing(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import subprocess
    import sys

    path = tmp_path / "shared.json"
    assert cli("dod", "new", "--seed", "7", "--save-file", str(path), input="done\n").exit_code == 0
    command = [sys.executable, "-m", "companion", "dod", "play", "--save-file", str(path)]
    procs = [
        subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    first, second = procs
    try:
        for proc in procs:  # both windows have read the save
            _read_until(proc, "Your turn:")
        first.stdin.write("1\n")
        first.stdin.flush()
        _read_until(first, "What happened:")  # the first window's move is saved
        out, err = second.communicate("1\n", timeout=60)
        assert second.returncode == 2
        assert err.count("\n") == 1 and "changed by another session" in err
        assert f"companion dod play --save-file {path}" in err
        out, err = first.communicate("quit\n", timeout=60)
        assert first.returncode == 0, err
        assert f"Go on with: companion dod play --save-file {path}" in out
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    log = json.loads(path.read_text())["actions"]
    assert len(log) == 2 and log[0] == ["done"]  # the first window's move is there, nothing lost
