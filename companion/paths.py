"""Where the project's data, templates, outputs and table state live.

Every lookup can be overridden, so tests and users with their own card
folders never have to touch the installed tree:

* card database: ``$COMPANION_CARDS`` else ``<project>/cards_data``;
* templates: ``$COMPANION_TEMPLATES`` else ``<project>/templates``;
* the SQLite state file: ``--state PATH``, else ``$COMPANION_STATE``, else
  the platform's user data directory (platformdirs).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
STATE_FILE_NAME = "companion.sqlite3"


def _from_env(name: str, default: Path, env: Mapping[str, str] | None) -> Path:
    value = (os.environ if env is None else env).get(name)
    return Path(value).expanduser() if value else default


def cards_dir(env: Mapping[str, str] | None = None) -> Path:
    """The folder holding ``<game-id>/*.yaml`` card files."""
    return _from_env("COMPANION_CARDS", PROJECT_ROOT / "cards_data", env)


def templates_dir(env: Mapping[str, str] | None = None) -> Path:
    """The folder holding the Jinja2 templates (rulebooks, card faces)."""
    return _from_env("COMPANION_TEMPLATES", PROJECT_ROOT / "templates", env)


def default_output_dir() -> Path:
    """``output/`` of the project when run from a checkout, else ``./output``."""
    in_checkout = PROJECT_ROOT / "output"
    return in_checkout if in_checkout.is_dir() else Path.cwd() / "output"


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
    env_value = (os.environ if env is None else env).get("COMPANION_STATE")
    if env_value:
        return Path(env_value).expanduser()
    import platformdirs  # only needed when nothing more specific was given

    return Path(platformdirs.user_data_dir("companion", appauthor=False)) / STATE_FILE_NAME
