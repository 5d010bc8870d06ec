"""Every command's --help ends with an example, and every example works as it is shown.

The tree is walked as the CLI builds it (the lazy root of
:mod:`companion.cli.lazy`, each command built when it is looked up), so a
command added later is held to it too. Each example is checked three ways:

* it shows in ``companion ... --help`` on one line of an 80-column terminal;
* its words name the command whose help shows it (a group's, one of its
  commands) and that command's parser takes the rest;
* it runs, in a fresh state file and folder where the scene its command
  needs was set up first (a table of its game, a party, a save): exit 0, or,
  for the few listed in :data:`REFUSED_IN_SCENE`, a one-line refusal of the
  game's rules (a game in progress is more than a scene), never a usage error.
  The commands in :data:`PARSED_ONLY` are only parsed: they serve pages
  until stopped, or print many PDFs (seconds each).
"""

from __future__ import annotations

import shlex
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.cli.app import root_app
from companion.cli.common import EXAMPLE
from companion.cli.lazy import Builder
from tests.conftest import invoke

ROOT = Path(__file__).resolve().parent.parent
WIDTH = 78
"""An example fits a line of an 80-column terminal (the help's margin aside), so it is
copied whole."""


def _tree() -> dict[tuple[str, ...], Any]:
    app = root_app()
    root = Builder(app).root(app)
    found: dict[tuple[str, ...], Any] = {}

    def walk(command: Any, path: tuple[str, ...]) -> None:
        if path:
            found[path] = command
        for name in list(getattr(command, "commands", {})):
            walk(command.commands[name], (*path, name))

    walk(root, ())
    return found


TREE = _tree()
LEAVES = {path: c for path, c in TREE.items() if not getattr(c, "commands", None)}


def examples(command: Any) -> list[str]:
    """The example lines of a command's help."""
    lines = (command.epilog or "").splitlines()
    return [line for line in lines[1:] if line.startswith("companion ")] if lines else []


def _all() -> Iterator[tuple[tuple[str, ...], str]]:
    for path, command in TREE.items():
        for line in examples(command):
            yield path, line


EXAMPLES = list(_all())

POKER = "table new friday --game dungeon-poker --players ann,ben,cy --seed 3107"
CHOSEN = [POKER, "table choose ann witch", "table choose ben wizard", "table choose cy fighter"]
DECKO = ["table new saturday --game decko --players ann,ben,cat --seed 5", "decko round"]
KINGS = ["table new masked --game dragon-kings --players ann,ben,cat --seed 24", "dk open"]
PARTY = ["dm party new --seed 8 --keep wiz,cle,thi,ama,dw,elf"]

SCENES: dict[str, list[str]] = {
    "fresh": [],
    "dungeon-poker": [POKER],
    "chosen": CHOSEN,
    "dealt": [*CHOSEN, "table deal"],
    "betting": [f"{POKER} --limit no", *CHOSEN[1:], "table deal"],
    "monster": [*CHOSEN, "table deal", "table monster --for ben"],
    "treasure": [*CHOSEN, "table deal", "table win cy"],  # cy holds the Antimagic Cage
    "death": [*CHOSEN, "table deal", "table win cy", "table deal", "table death cy --winner ann"],
    "decko": DECKO[:1],
    "decko-round": DECKO,
    "decko-buying": [*DECKO, "decko raise ben", "decko call cat", "decko call ann"],
    "dragon-kings": KINGS[:1],
    "dk-open": KINGS,
    "dk-dealt": [*KINGS, "dk deal"],
    "dk-board": [*KINGS, "dk deal", "dk board", "dk board", "dk board"],
    "party": PARTY,
    "fought": [*PARTY, "dm fight giants,trolls @throne ama=sw wiz=sp +silver --seed 3"],
    "killed": [*PARTY, "dm party kill wiz"],
    "levelled": [*PARTY, "dm party level-up wiz spell"],
    "recruited": [*PARTY, "dm party recruit duelist"],
    "clock": ["timer run --structure short --paused --plain"],
    "saved": ["dod new --seed 3 --save friday"],
}
"""What a command needs set up first, in a fresh state file: each a list of commands."""

SCENE_OF: dict[str, str] = {
    **dict.fromkeys(["table select", "table delete", "table show", "table hand"], "dungeon-poker"),
    **dict.fromkeys(["table log", "table choose", "table list"], "dungeon-poker"),
    **dict.fromkeys(["table undo", "table level", "table gold", "table gems"], "chosen"),
    **dict.fromkeys(["table deal", "draw", "deck", "deck status", "deck peek"], "chosen"),
    **dict.fromkeys(["deck reorder", "deck shuffle"], "chosen"),
    **dict.fromkeys(["table board", "table showdown", "table win", "table tie"], "dealt"),
    **dict.fromkeys(["table death", "table monster", "table discard", "table reveal"], "dealt"),
    "table ability": "dealt",
    "table bet": "betting",
    "table monster-result": "monster",
    **dict.fromkeys(["table sell", "table use", "table claim"], "treasure"),
    **dict.fromkeys(["deck return", "deck remove", "deck discard"], "treasure"),
    "table loot": "death",
    "decko": "decko",
    **dict.fromkeys(["decko round"], "decko"),
    **dict.fromkeys(["decko burn", "decko raise", "decko hand", "decko draw"], "decko-round"),
    **dict.fromkeys(["decko discard", "decko chips", "decko stud", "decko tcg"], "decko-round"),
    **dict.fromkeys(["decko loan", "decko fold", "decko call"], "decko-round"),
    **dict.fromkeys(["decko buy", "decko done", "decko flush", "decko gift"], "decko-buying"),
    **dict.fromkeys(["decko buy-chips", "decko joker"], "decko-buying"),
    **dict.fromkeys(["dk", "dk open"], "dragon-kings"),
    **dict.fromkeys(["dk deal", "dk wing", "dk rebuy", "dk permanent"], "dk-open"),
    **dict.fromkeys(["dk board", "dk fold", "dk swap", "dk misdeal"], "dk-dealt"),
    "dk showdown": "dk-board",
    **dict.fromkeys(["dm", "dm fight", "dm party show", "dm party log"], "party"),
    **dict.fromkeys(["dm party kill", "dm party level-up", "dm party recruit"], "party"),
    **dict.fromkeys(["dm party claim"], "party"),
    **dict.fromkeys(["dm treasure", "dm undo"], "fought"),
    "dm party revive": "killed",
    "dm party level-down": "levelled",
    "dm party dismiss": "recruited",
    **dict.fromkeys(["timer status", "timer do", "timer reset"], "clock"),
    **dict.fromkeys(["dod play", "dod load", "dod delete"], "saved"),
}
"""The scene each command's example runs in (by the command it names; else a fresh state)."""

PARSED_ONLY = {
    ("serve",): "serves the pages until it is stopped",
    ("print", "all"): "prints every deck and rulebook (many seconds)",
    ("print", "images"): "renders every card of a deck as a picture (seconds)",
    ("print", "tts"): "renders a game's cards for Tabletop Simulator (seconds)",
}
"""Commands whose example is parsed, not run, and why."""

REFUSED_IN_SCENE: dict[str, str] = {
    "table claim": "legendary-artifact rule",
    "table discard": "owes no fold",
    "table reveal": "holds no",
    "decko flush": "flushing the market costs $2",
    "decko gift": "a gift costs $3",
    "decko buy-chips": "1 chip costs $2",
    "decko stud": "only the Stud round",
    "decko tcg": "only the TCG round",
    "decko loan": "a loan comes only with an action",
    "dk swap": "only Sleight of Hand",
    "dk rebuy": "a re-buy is for a guest who is out",
    "dk permanent": "Twinned Dragon Kings",
}
"""Commands whose example needs more than its scene (a rule's card in play, a round of
its own, a guest gone broke): it must be refused in one line that names the rule."""


def _words(line: str) -> list[str]:
    words = shlex.split(line)
    assert words[0] == "companion"
    return words[1:]


def _command_of(words: list[str]) -> tuple[tuple[str, ...], list[str]]:
    """The longest command path the words start with, and the words after it."""
    for n in range(min(3, len(words)), 0, -1):
        if tuple(words[:n]) in TREE:
            return tuple(words[:n]), words[n:]
    raise AssertionError(f"no command in {words}")


def test_every_command_shows_an_example_in_its_help() -> None:
    bare = sorted(" ".join(path) for path, command in TREE.items() if not examples(command))
    assert bare == [], "give these an epilog=example('companion ...') where they are made"
    assert len(LEAVES) > 100


@pytest.mark.parametrize(("path", "line"), EXAMPLES, ids=[" ".join(p) for p, _ in EXAMPLES])
def test_the_example_is_shown_whole_and_names_its_own_command(
    path: tuple[str, ...], line: str
) -> None:
    assert len(line) <= WIDTH, f"{len(line)} characters: it would wrap"
    assert "[" not in line, "a bracket is read as Rich markup in a help page"
    shown = invoke(*path, "--help")
    assert shown.exit_code == 0, shown.stderr
    assert EXAMPLE.removesuffix(":") in shown.stdout and line in shown.stdout
    named, _ = _command_of(_words(line))
    assert named[: len(path)] == path, f"the example of '{' '.join(path)}' runs {named}"


@pytest.mark.parametrize(("path", "line"), EXAMPLES, ids=[" ".join(p) for p, _ in EXAMPLES])
def test_the_example_is_taken_by_its_parser(path: tuple[str, ...], line: str) -> None:
    named, rest = _command_of(_words(line))
    command = TREE[named]
    ctx = command.make_context(" ".join(named), list(rest), resilient_parsing=False)
    assert ctx.params is not None


@pytest.fixture
def scratch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh folder to run in, with the repository's files an example names."""
    for name in ("tests", "cards_data", "docs"):
        (tmp_path / name).symlink_to(ROOT / name)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COMPANION_STATE", str(tmp_path / "state.sqlite3"))
    return tmp_path


@pytest.mark.parametrize(("path", "line"), EXAMPLES, ids=[" ".join(p) for p, _ in EXAMPLES])
def test_the_example_runs_in_a_fresh_state(path: tuple[str, ...], line: str, scratch: Path) -> None:
    words = _words(line)
    named, _ = _command_of(words)
    if named in PARSED_ONLY:
        pytest.skip(PARSED_ONLY[named])
    for setup in SCENES[SCENE_OF.get(" ".join(named), "fresh")]:
        made = invoke(*shlex.split(setup), input="quit\n")
        assert made.exit_code == 0, (setup, made.stderr)
    ran = invoke(*words, input="quit\n")
    assert "--help')" not in ran.stderr, ran.stderr  # never a usage error
    assert "internal error" not in ran.stderr, ran.stderr
    refusal = REFUSED_IN_SCENE.get(" ".join(named))
    if refusal is None:
        assert ran.exit_code == 0, ran.stderr
    else:
        assert ran.exit_code == 2 and ran.stderr.count("\n") == 1, ran.stderr
        assert ran.stderr.startswith("error: ") and refusal in ran.stderr, ran.stderr
    assert scratch.is_dir()
