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
import shutil
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

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


def places(state: str | Path | None = None, env: Mapping[str, str] | None = None) -> list[Place]:
    """Where the cards, templates, state file and output folder are, each checked.

    Nothing is created or written: a state file that does not exist yet is
    fine when its folder could hold it.

    >>> [p.what for p in places(state="/tmp/doctor.sqlite3", env={})]
    ['cards', 'templates', 'state file', 'output folder']
    """
    cards = cards_dir(env)
    templates = templates_dir(env)
    state_file = state_path(state, env)
    output = default_output_dir()
    found: list[Place] = []

    games = sorted(p.parent.name for p in cards.glob("*/game.yaml")) if os.path.isdir(cards) else []
    found.append(
        Place(
            "cards",
            cards,
            _source("COMPANION_CARDS", cards, env),
            bool(games),
            f"{len(games)} games" if games else "no <game>/game.yaml here",
        )
    )
    kinds = (
        [p.name for p in templates.iterdir() if os.path.isdir(p)]
        if os.path.isdir(templates)
        else []
    )
    found.append(
        Place(
            "templates",
            templates,
            _source("COMPANION_TEMPLATES", templates, env),
            {"cards", "rulebooks"} <= set(kinds),
            "cards and rulebooks" if kinds else "no template folders here",
        )
    )
    if state is not None:
        state_source = "--state"
    elif _from_env("COMPANION_STATE", env) is not None:
        state_source = "$COMPANION_STATE"
    else:
        state_source = "user data directory"
    if os.path.exists(state_file):
        ok = os.path.isfile(state_file) and os.access(state_file, os.R_OK)
        note = "exists" if ok else "exists but cannot be read"
        if ok and not os.access(state_file, os.W_OK):
            note = "exists, read-only"
    else:
        folder = next((p for p in state_file.parents if os.path.exists(p)), Path("/"))
        ok = os.path.isdir(folder) and os.access(folder, os.W_OK)
        note = "made at the first write" if ok else f"cannot be made: {folder} is not writable"
    found.append(Place("state file", state_file, state_source, ok, note))
    out_ok = os.path.isdir(output) or os.access(output.parent, os.W_OK)
    found.append(
        Place(
            "output folder",
            output,
            "checkout" if output.parent == PROJECT_ROOT else "current folder",
            out_ok,
            "exists" if os.path.isdir(output) else "made at the first print",
        )
    )
    return found


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


def checkup(state: str | Path | None = None, env: Mapping[str, str] | None = None) -> Checkup:
    """The places of :func:`places` with the version of companion that uses them."""
    from companion import __version__

    return Checkup(__version__, tuple(places(state, env)))
