"""Where the project's data, templates, outputs and table state live.

Every lookup can be overridden, so tests and users with their own card
folders never have to touch the installed tree:

* card database: ``$COMPANION_CARDS``, else the copy inside the installed
  package (``companion/_data/cards_data``, put there when the wheel is
  built), else ``cards_data/`` of the checkout the code runs from;
* templates: ``$COMPANION_TEMPLATES``, else the same two places for
  ``templates/``;
* the SQLite state file: ``--state PATH``, else ``$COMPANION_STATE``, else
  the platform's user data directory (platformdirs);
* output: ``output/`` of the checkout, else ``./output``.

>>> (cards_dir(env={}) / "dragon-kings" / "game.yaml").is_file()
True
>>> cards_dir(env={"COMPANION_CARDS": "/tmp/mine"})
PosixPath('/tmp/mine')
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

PROJECT_ROOT = Path(__file__).resolve().parent.parent
"""The checkout, when the code runs from one (an editable install or the tests)."""
STATE_FILE_NAME = "companion.sqlite3"
BUNDLED = "_data"
"""The folder of the package that holds ``cards_data`` and ``templates`` in a wheel."""


def _from_env(name: str, env: Mapping[str, str] | None) -> Path | None:
    value = (os.environ if env is None else env).get(name)
    return Path(value).expanduser() if value else None


def as_folder(item: Traversable, name: str) -> Path:
    """A real folder for ``item``: itself when installed unpacked, else a cached copy.

    Wheels install unpacked, so the first branch is the usual one; a zipped
    install (zipapp, zipimport) gets one extracted copy per version.
    """
    if isinstance(item, Path):
        return item
    import shutil

    import platformdirs

    from companion import __version__

    cache = Path(platformdirs.user_cache_dir("companion", appauthor=False)) / __version__ / name
    if not os.path.isdir(cache):
        partial = cache.with_name(cache.name + ".partial")
        shutil.rmtree(partial, ignore_errors=True)
        _copy_tree(item, partial)
        partial.replace(cache)
    return cache


def _copy_tree(item: Traversable, target: Path) -> None:
    target.mkdir(parents=True, exist_ok=True)
    for child in item.iterdir():
        if child.is_dir():
            _copy_tree(child, target / child.name)
        else:
            (target / child.name).write_bytes(child.read_bytes())


def _data_folder(name: str) -> Path:
    package = Path(__file__).parent
    if package.is_dir():  # installed unpacked, as wheels are: the files themselves
        return (
            package / BUNDLED / name
            if (package / BUNDLED / name).is_dir()
            else (PROJECT_ROOT / name)
        )
    from importlib import resources  # a zipped install: read through its loader

    bundled = resources.files("companion") / BUNDLED / name
    if bundled.is_dir():
        return as_folder(bundled, name)
    return PROJECT_ROOT / name


def cards_dir(env: Mapping[str, str] | None = None) -> Path:
    """The folder holding ``<game-id>/*.yaml`` card files."""
    return _from_env("COMPANION_CARDS", env) or _data_folder("cards_data")


def templates_dir(env: Mapping[str, str] | None = None) -> Path:
    """The folder holding the Jinja2 templates (rulebooks, card faces)."""
    return _from_env("COMPANION_TEMPLATES", env) or _data_folder("templates")


def default_output_dir() -> Path:
    """``output/`` of the project when run from a checkout, else ``./output``."""
    in_checkout = PROJECT_ROOT / "output"
    return in_checkout if os.path.isdir(in_checkout) else Path.cwd() / "output"


def state_path(cli_value: str | Path | None = None, env: Mapping[str, str] | None = None) -> Path:
    """Resolve the SQLite state file: ``--state``, ``$COMPANION_STATE``, user data dir.

    >>> state_path("/tmp/x.sqlite3", env={})
    PosixPath('/tmp/x.sqlite3')
    >>> state_path(None, env={"COMPANION_STATE": "/tmp/y.sqlite3"})
    PosixPath('/tmp/y.sqlite3')
    >>> state_path(None, env={}).name
    'companion.sqlite3'
    """
    if cli_value:
        return Path(cli_value).expanduser()
    env_value = _from_env("COMPANION_STATE", env)
    if env_value:
        return env_value
    import platformdirs  # only needed when nothing more specific was given

    return Path(platformdirs.user_data_dir("companion", appauthor=False)) / STATE_FILE_NAME


@dataclass(frozen=True)
class Place:
    """One place companion reads or writes, where it comes from, and whether it is usable."""

    what: str
    path: Path
    source: str
    ok: bool
    note: str

    def to_json(self) -> dict[str, object]:
        return {
            "what": self.what,
            "path": str(self.path),
            "source": self.source,
            "ok": self.ok,
            "note": self.note,
        }


def _source(env_name: str, path: Path, env: Mapping[str, str] | None) -> str:
    if _from_env(env_name, env) is not None:
        return f"${env_name}"
    return "checkout" if path.parent == PROJECT_ROOT else "installed package"


TEMPLATE_FOLDERS = ("cards", "rulebooks")
"""The template folders printing reads: card faces and rulebooks."""


def places(state: str | Path | None = None, env: Mapping[str, str] | None = None) -> list[Place]:
    """Where the cards, templates, state file and output folder are, each checked.

    Nothing is created or written. A state file or output folder that does
    not exist yet is fine when the first write could make it: the checks
    are the ones that write makes (:func:`companion.statefile.first_write_problem`,
    :func:`companion.fileio.folder_problem`).

    >>> [p.what for p in places(state="/tmp/doctor.sqlite3", env={})]
    ['cards', 'templates', 'state file', 'output folder']
    """
    return [
        _cards_place(env),
        _templates_place(env),
        _state_place(state, env),
        _output_place(),
    ]


def _cards_place(env: Mapping[str, str] | None) -> Place:
    cards = cards_dir(env)
    games = sorted(p.parent.name for p in cards.glob("*/game.yaml")) if os.path.isdir(cards) else []
    note = f"{len(games)} games" if games else f"no {cards / '<game>' / 'game.yaml'} here"
    return Place("cards", cards, _source("COMPANION_CARDS", cards, env), bool(games), note)


def _templates_place(env: Mapping[str, str] | None) -> Place:
    templates = templates_dir(env)
    missing = [str(templates / k) for k in TEMPLATE_FOLDERS if not os.path.isdir(templates / k)]
    note = "cards and rulebooks" if not missing else f"missing {' and '.join(missing)}"
    source = _source("COMPANION_TEMPLATES", templates, env)
    return Place("templates", templates, source, not missing, note)


def _state_place(state: str | Path | None, env: Mapping[str, str] | None) -> Place:
    from companion.statefile import first_write_problem

    path = state_path(state, env)
    if state is not None:
        source = "--state"
    elif _from_env("COMPANION_STATE", env) is not None:
        source = "$COMPANION_STATE"
    else:
        source = "user data directory"
    problem = first_write_problem(path)
    if problem is not None:
        return Place("state file", path, source, False, problem)
    note = "exists" if os.path.exists(path) else "made at the first write"
    return Place("state file", path, source, True, note)


def _output_place() -> Place:
    from companion.fileio import folder_problem

    output = default_output_dir()
    source = "checkout" if output.parent == PROJECT_ROOT else "current folder"
    problem = folder_problem(output)
    if problem is not None:
        return Place("output folder", output, source, False, f"cannot be written: {problem}")
    note = "exists" if os.path.isdir(output) else "made at the first print"
    return Place("output folder", output, source, True, note)


@dataclass(frozen=True)
class Checkup:
    """What ``companion doctor`` reports: the version and every place, each checked."""

    version: str
    places: tuple[Place, ...]

    @property
    def ok(self) -> bool:
        return all(p.ok for p in self.places)

    def to_json(self) -> dict[str, object]:
        return {
            "version": self.version,
            "ok": self.ok,
            "places": [p.to_json() for p in self.places],
        }


def checkup(
    state: str | Path | None = None,
    env: Mapping[str, str] | None = None,
    more: Sequence[Place] = (),
) -> Checkup:
    """The places of :func:`places`, then ``more`` (the print settings), with the version of
    companion that uses them."""
    from companion import __version__

    return Checkup(__version__, (*places(state, env), *more))
