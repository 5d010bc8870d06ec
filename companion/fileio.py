"""Atomic file writes: a crash or a full disk never leaves half a file.

Data goes to a temporary file in the same folder, is flushed to disk, and
then renamed over the target in one step (``os.replace`` is atomic on POSIX
and Windows).

>>> import tempfile, pathlib
>>> target = pathlib.Path(tempfile.mkdtemp()) / "a" / "b.txt"
>>> write_atomic(target, "hello")
>>> target.read_text()
'hello'
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from companion.errors import CompanionError


def write_atomic(path: str | Path, data: bytes | str, *, encoding: str = "utf-8") -> None:
    """Write ``data`` to ``path`` atomically, creating parent folders."""
    target = Path(path)
    payload = data.encode(encoding) if isinstance(data, str) else data
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise CompanionError(f"cannot write {target}: {exc.strerror or exc}") from exc
    try:
        # mkstemp creates the file private (0600); give it the mode a plain open() would.
        os.chmod(tmp_name, _mode_for(target))
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, target)
    except OSError as exc:
        _discard(tmp_name)
        raise CompanionError(f"cannot write {target}: {exc.strerror or exc}") from exc
    except BaseException:
        _discard(tmp_name)
        raise


def _mode_for(target: Path) -> int:
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def _discard(name: str) -> None:
    try:
        os.unlink(name)
    except OSError:
        pass
