"""Shell completion, driven as the shells drive it: environment variables.

The completion script that ``--show-completion`` prints calls ``companion``
with ``_COMPANION_COMPLETE=complete_bash`` and the line in ``COMP_WORDS`` /
``COMP_CWORD`` (zsh and fish pass the line in ``_TYPER_COMPLETE_ARGS``); the
answers come back one a line. These tests do the same, mostly in click's
spelling (``bash_complete``, also accepted) and in this process (the CLI's
``run``, as the console script calls it); the scripts are printed by a real
``companion`` process, and once bash sources the real script and calls it.
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cards import load_game
from companion.cli.app import run
from tests.conftest import invoke

RUN = [sys.executable, "-m", "companion"]


def _run(args: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    """``args`` in a subprocess with ``env`` added to this one's (and no stray completion vars)."""
    base = {k: v for k, v in os.environ.items() if not k.startswith(("COMP_", "_TYPER", "_COMP"))}
    done = subprocess.run(
        args, env={**base, **env}, capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    return done


def _complete(folder: Path | None = None, **env: str) -> str:
    """What ``companion`` prints for a completion request in ``env`` (run in ``folder``)."""
    out, err = io.StringIO(), io.StringIO()
    with pytest.MonkeyPatch.context() as patch:
        for name in os.environ:
            if name.startswith(("COMP_", "_TYPER", "_COMP")):
                patch.delenv(name)
        for name, value in env.items():
            patch.setenv(name, value)
        if folder is not None:
            patch.chdir(folder)
        with (
            contextlib.redirect_stdout(out),
            contextlib.redirect_stderr(err),
            pytest.raises(SystemExit) as exited,  # click ends a completion request so
        ):
            run([])
    assert exited.value.code in (0, None), err.getvalue()
    assert err.getvalue() == ""
    return out.getvalue()


def bash_complete(line: str, folder: Path | None = None) -> list[str]:
    """What bash would be offered for the last word of ``line`` (after a space: a new word)."""
    words = line.split()
    cword = len(words) if line.endswith(" ") else len(words) - 1
    return _complete(
        folder, _COMPANION_COMPLETE="bash_complete", COMP_WORDS=line, COMP_CWORD=str(cword)
    ).split()


def test_commands_and_subcommands_complete() -> None:
    assert bash_complete("companion ca") == ["cards"]
    assert set(bash_complete("companion cards ")) == {"list", "show", "validate", "schema"}
    assert "--json" in bash_complete("companion cards list decko --")


def test_game_ids_complete_wherever_a_game_is_asked_for() -> None:
    assert bash_complete("companion cards list dr") == ["dragon-kings"]
    assert bash_complete("companion print rulebook dungeon-m") == ["dungeon-master"]
    assert bash_complete("companion table new friday --game de") == ["decko"]
    assert len(bash_complete("companion cards schema --game ")) == 5


def test_deck_names_come_from_the_game_on_the_line() -> None:
    decko = [d.id for d in load_game("decko").decks]
    assert bash_complete("companion cards list decko --deck ") == decko
    assert bash_complete("companion print deck dungeon-poker tr") == ["treasures"]
    assert bash_complete("companion cards list --deck ") == []  # no game yet: nothing to offer


def test_card_names_complete_as_ids_within_the_game_given() -> None:
    kings = bash_complete("companion cards show --game dragon-kings k")
    assert {"ks", "kc"} <= set(kings)
    assert all(k.startswith("k") for k in kings)
    everywhere = bash_complete("companion cards show gr")
    assert everywhere and all(c.startswith("gr") for c in everywhere)


def test_table_names_and_their_decks_come_from_the_state_file() -> None:
    state = Path(os.environ["COMPANION_STATE"])
    assert bash_complete("companion table select ") == []
    assert not state.exists(), "completing must not create the state file"
    for name, game in (("friday", "dungeon-poker"), ("saturday", "decko")):
        made = invoke("table", "new", name, "--game", game, "--players", "ann,bob", "--seed", "1")
        assert made.exit_code == 0, made.stderr
    assert bash_complete("companion table select ") == ["friday", "saturday"]
    assert bash_complete("companion timer run --table f") == ["friday"]
    assert bash_complete("companion draw --table friday tr") == ["treasures"]
    assert "market" in bash_complete("companion draw ")  # the current table: saturday, decko


def test_rank_odds_and_pot_split_complete_the_games_they_know_for_game() -> None:
    from companion.games.ranking import rank_games

    assert bash_complete("companion rank --game ") == list(rank_games())
    assert bash_complete("companion odds -g dr") == ["dragon-kings"]
    assert bash_complete("companion pot split --game om") == ["omaha"]
    assert bash_complete("companion pot --game d") == ["dungeon-poker", "decko", "dragon-kings"]


def test_encounters_and_wing_cards_complete_as_ids_the_commands_read() -> None:
    encounters = [c.id for c in load_game("dungeon-poker").deck("encounters")]
    assert bash_complete("companion rank --encounter ") == encounters
    assert bash_complete("companion odds -e mys") == ["mystical-storm"]
    wings = [c.id for c in load_game("dragon-kings").deck("wing")]
    assert bash_complete("companion rank --wing ") == [*wings, "none"]
    assert bash_complete("companion showdown --wing iro") == ["iron-mask"]
    assert bash_complete("companion dk wing gu") == ["guild-tithe"]
    assert bash_complete("companion dk permanent --by ann iro") == ["iron-mask"]
    ranked = invoke("rank", "--game", "dragon-kings", "--wing", "iron-mask", "a=Ah,6d", "b=7c,2d")
    assert ranked.exit_code == 0 and "Iron Mask" in ranked.stdout  # an id is read as the name


def test_the_deck_commands_complete_the_decks_of_the_table() -> None:
    made = invoke("table", "new", "friday", "--game", "dungeon-poker", "--players", "a,b")
    assert made.exit_code == 0, made.stderr
    decks = [d.id for d in load_game("dungeon-poker").decks]
    for command in ("peek", "reorder", "return", "remove", "discard", "shuffle"):
        assert sorted(bash_complete(f"companion deck {command} ")) == sorted(decks), command
    assert bash_complete("companion deck peek --table friday tr") == ["treasures"]
    assert bash_complete("companion table ability a prophecy --deck ma") == ["main"]
    assert bash_complete("companion table show f") == ["friday"]


def test_dungeon_of_d_saves_complete() -> None:
    made = invoke("dod", "new", "--seed", "3", "--save", "hero-one", input="quit\n")
    assert made.exit_code == 0, made.stderr
    assert bash_complete("companion dod play h") == ["hero-one"]
    assert bash_complete("companion dod delete ") == ["hero-one"]


def test_zsh_passes_the_line_up_to_the_cursor() -> None:
    done = _complete(
        _COMPANION_COMPLETE="complete_zsh", _TYPER_COMPLETE_ARGS="companion cards list dr"
    )
    assert '"dragon-kings"' in done


def _script(shell: str, home: Path) -> str:
    # Typer's switch for scripted use: the shell is named instead of detected.
    done = _run(
        [*RUN, "--show-completion", shell],
        _TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION="1",
        HOME=str(home),
    )
    return done.stdout


def test_show_completion_prints_a_script_for_each_shell(tmp_path: Path) -> None:
    bash = _script("bash", tmp_path)
    assert "_COMPANION_COMPLETE=complete_bash" in bash
    assert "_COMPANION_COMPLETE=complete_zsh" in _script("zsh", tmp_path)
    assert "complete_fish" in _script("fish", tmp_path)
    # click's way of asking for the script gives the same one
    assert _run(RUN, _COMPANION_COMPLETE="bash_source").stdout.strip() == bash.strip()


def test_install_completion_writes_the_script_where_bash_reads_it(tmp_path: Path) -> None:
    done = _run(
        [*RUN, "--install-completion", "bash"],
        _TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION="1",
        HOME=str(tmp_path),
    )
    assert "completion installed" in done.stdout
    assert "_COMPANION_COMPLETE=complete_bash" in "".join(
        p.read_text() for p in tmp_path.rglob("*") if p.is_file()
    )


def test_the_bash_script_itself_completes_a_game_id(tmp_path: Path) -> None:
    script = tmp_path / "companion.bash"
    script.write_text(_script("bash", tmp_path))
    shim = tmp_path / "bin" / "companion"
    shim.parent.mkdir()
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m companion "$@"\n')
    shim.chmod(0o755)
    line = (
        f"source {script}; COMP_WORDS=(companion cards list dr); COMP_CWORD=3; "
        '_companion_completion companion; printf "%s\\n" "${COMPREPLY[@]}"'
    )
    done = _run(["bash", "-c", line], PATH=f"{shim.parent}{os.pathsep}{os.environ['PATH']}")
    assert done.stdout.split() == ["dragon-kings"]


def _complete_in(folder: Path, line: str) -> list[str]:
    """:func:`bash_complete` run from ``folder`` (files are completed relative to it)."""
    return bash_complete(line, folder)


def test_timer_structure_completes_built_in_names_and_yaml_files(tmp_path: Path) -> None:
    from companion.timer.structure import builtin_names

    (tmp_path / "my-blinds.yaml").write_text("name: mine\n")
    (tmp_path / "notes.txt").write_text("not a structure")
    (tmp_path / "more").mkdir()
    (tmp_path / "more" / "deep.yml").write_text("name: deep\n")
    offered = _complete_in(tmp_path, "companion timer run --structure ")
    assert offered == [*builtin_names(), "more/", "my-blinds.yaml"]
    assert _complete_in(tmp_path, "companion timer sheet -s dungeon-poker-s") == [
        "dungeon-poker-short"
    ]
    assert _complete_in(tmp_path, "companion timer structure -s m") == ["more/", "my-blinds.yaml"]
    assert _complete_in(tmp_path, "companion timer run --structure more/") == ["more/deep.yml"]
