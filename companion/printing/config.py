"""Saved printing defaults: the back offset a printer needs, per orientation.

The file is ``printing.json`` in the user config folder
(``$COMPANION_CONFIG_DIR`` if set, else platformdirs' user config dir)::

    {"back_offset": {"portrait": [1.0, -0.5], "landscape": [0.0, 0.0]}}

Offsets are kept per sheet orientation because a printer's drift is
physical: on a landscape sheet it shows along the other axis.

>>> import tempfile, os
>>> env = {"COMPANION_CONFIG_DIR": tempfile.mkdtemp()}
>>> save_back_offset("portrait", (1.0, -0.5), env=env)
>>> saved_back_offset("portrait", env=env), saved_back_offset("landscape", env=env)
((1.0, -0.5), None)
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from companion.errors import CompanionError
from companion.fileio import write_atomic
from companion.paths import Place

FILE_NAME = "printing.json"
ORIENTATIONS = ("portrait", "landscape")


def config_dir(env: Mapping[str, str] | None = None) -> Path:
    """``$COMPANION_CONFIG_DIR``, else the platform's user config folder."""
    value = (os.environ if env is None else env).get("COMPANION_CONFIG_DIR")
    if value:
        return Path(value).expanduser()
    import platformdirs

    return Path(platformdirs.user_config_dir("companion", appauthor=False))


def config_path(env: Mapping[str, str] | None = None) -> Path:
    return config_dir(env) / FILE_NAME


def load(env: Mapping[str, str] | None = None) -> dict[str, Any]:
    path = config_path(env)
    if not os.path.isfile(path):
        return {}
    from companion.documents import read_document

    try:
        data = read_document(path, what="print settings file", format="json")
    except CompanionError as exc:
        raise CompanionError(
            f"{path}: cannot read saved print settings ({exc.message}); "
            "fix it or run 'companion print calibrate --reset'"
        ) from None
    if not isinstance(data, dict):
        raise CompanionError(
            f"{path}: expected a JSON object; run 'companion print calibrate --reset'"
        )
    return data


def saved_back_offset(
    orientation: str, env: Mapping[str, str] | None = None
) -> tuple[float, float] | None:
    """The offset saved for ``orientation``, or ``None``."""
    data = load(env)
    offsets = data.get("back_offset") or {}
    value = offsets.get(orientation) if isinstance(offsets, dict) else None
    if value is None:
        return None
    try:
        x, y = float(value[0]), float(value[1])
    except (TypeError, ValueError, IndexError):
        raise CompanionError(
            f"{config_path(env)}: back_offset.{orientation} must be [x, y] in mm; "
            "run 'companion print calibrate --reset'"
        ) from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise CompanionError(f"{config_path(env)}: back_offset.{orientation} is not a number pair")
    return (x, y)


def save_back_offset(
    orientation: str, offset: tuple[float, float], env: Mapping[str, str] | None = None
) -> None:
    if orientation not in ORIENTATIONS:
        raise CompanionError(f"unknown orientation '{orientation}' (portrait, landscape)")
    data = load(env)
    offsets = data.get("back_offset")
    if not isinstance(offsets, dict):
        offsets = {}
    offsets[orientation] = [round(offset[0], 3), round(offset[1], 3)]
    data["back_offset"] = offsets
    write_atomic(
        config_path(env), json.dumps(data, indent=2, sort_keys=True) + "\n", force_flag=None
    )


def settings_place(env: Mapping[str, str] | None = None) -> Place:
    """The print settings file for ``companion doctor``: where it is, who chose that, and the
    back offset in force for each orientation (a tour or another install may have saved one).

    >>> import tempfile
    >>> env = {"COMPANION_CONFIG_DIR": tempfile.mkdtemp()}
    >>> settings_place(env).note
    "no back offset saved: backs print where the sheet puts them ('print calibrate --save X,Y')"
    >>> save_back_offset("portrait", (1.0, -0.5), env=env)
    >>> settings_place(env).note
    'back offset in force: portrait x +1 mm, y -0.5 mm; landscape none'
    """
    path = config_path(env)
    chosen = (os.environ if env is None else env).get("COMPANION_CONFIG_DIR")
    source = "$COMPANION_CONFIG_DIR" if chosen else "user config directory"
    try:
        offsets = {o: saved_back_offset(o, env) for o in ORIENTATIONS}
    except CompanionError as exc:
        return Place("print settings", path, source, False, exc.message)
    if not any(offsets.values()):
        note = (
            "no back offset saved: backs print where the sheet puts them "
            "('print calibrate --save X,Y')"
        )
        return Place("print settings", path, source, True, note)
    shown = [
        f"{o} " + ("none" if v is None else f"x {v[0]:+g} mm, y {v[1]:+g} mm")
        for o, v in offsets.items()
    ]
    return Place("print settings", path, source, True, "back offset in force: " + "; ".join(shown))


def reset(env: Mapping[str, str] | None = None) -> bool:
    """Forget every saved offset; True when there was something to forget."""
    path = config_path(env)
    data = load(env)
    if "back_offset" not in data:
        return False
    del data["back_offset"]
    write_atomic(path, json.dumps(data, indent=2, sort_keys=True) + "\n", force_flag=None)
    return True
