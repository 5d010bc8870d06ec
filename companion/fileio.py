"""Every file companion writes or reads for the user goes through here.

Writing follows one policy (:func:`write_atomic`):

* a symlink is followed and the file it points at is replaced, so the link
  stays a link;
* the data goes to a temporary file beside that real file, is flushed to
  disk and renamed over it in one step (``os.replace`` is atomic on POSIX
  and Windows): a crash or a full disk never leaves half a file;
* a target that exists and is not a regular file (a folder, a device such
  as ``/dev/null``, a FIFO, a socket) is refused, never replaced;
* a read-only file (no write permission, or no write bit at all, which
  matters when running as root) is replaced only with ``force=True``, the
  CLI's ``--force``;
* every refusal is one :class:`~companion.errors.CompanionError` naming the
  path and the reason, and leaves the target as it was.

Reading (:func:`read_text`) is bounded: at most :data:`MAX_READ_BYTES`,
UTF-8 text, with the same kind of one-line errors. Structured documents
(YAML, JSON) are parsed on top of it by :mod:`companion.documents`.

>>> import tempfile, pathlib
>>> target = pathlib.Path(tempfile.mkdtemp()) / "a" / "b.txt"
>>> write_atomic(target, "hello")
>>> read_text(target)
'hello'
"""

from __future__ import annotations

import errno
import os
import stat
import sys
import tempfile
from pathlib import Path

from companion.errors import CompanionError

MAX_READ_BYTES = 8 * 1024 * 1024
"""The largest file a reader accepts (8 MiB): far above any real card,
showdown, encounter, structure or save file, far below what hurts."""


FULL_BYTES = 1024 * 1024
"""Free space below which a disk counts as full (SQLite and a PDF need more than that)."""


def _reason(exc: OSError) -> str:
    if exc.errno == errno.ENOSPC:
        return "the disk is full"
    if exc.errno == errno.EROFS:
        return "the file system is mounted read-only"
    return exc.strerror or str(exc)


def read_only_mount(path: str | Path) -> Path | None:
    """Where the read-only file system holding ``path`` (or its deepest existing part) is
    mounted; ``None`` when it can be written. No permission bit tells this, so a file on
    such a disk would otherwise be called read-only itself.

    >>> read_only_mount("/tmp") is None
    True
    """
    start = first_existing(path)
    try:
        if not os.statvfs(start).f_flag & os.ST_RDONLY:
            return None
        device = os.stat(start).st_dev
    except OSError:
        return None
    while start != start.parent:
        try:
            if os.stat(start.parent).st_dev != device:
                break
        except OSError:
            break
        start = start.parent
    return start


def disk_full(path: str | Path) -> bool:
    """Whether the disk holding ``path`` has less than :data:`FULL_BYTES` free for us (SQLite
    reports some writes on a full disk as a plain "disk I/O error")."""
    try:
        info = os.statvfs(first_existing(path))
    except OSError:
        return False
    return info.f_bavail * info.f_frsize < FULL_BYTES


def is_read_only(mode: int, path: Path) -> bool:
    """Whether a file may not be written: no write bit at all, or no permission for us.

    Root may write any file, so the bits decide there: ``chmod a-w`` is how a
    user says "keep this one".
    """
    return not mode & 0o222 or not os.access(path, os.W_OK)


def first_existing(path: str | Path) -> Path:
    """``path`` itself, or its deepest part that exists: where making it would begin.

    >>> first_existing("/no-such-folder/a/b")
    PosixPath('/')
    """
    part = Path(path).absolute()
    while not os.path.lexists(part) and part != part.parent:
        part = part.parent
    return part


def can_write_in(folder: Path) -> bool:
    """Whether new files can be made in the existing folder ``folder``.

    A folder without any write bit counts as read-only even for root, as a
    file does (:func:`is_read_only`); ``/proc`` and ``/sys`` are such folders.
    """
    try:
        info = os.stat(folder)
    except OSError:
        return False
    return (
        stat.S_ISDIR(info.st_mode)
        and not is_read_only(info.st_mode, folder)
        and os.access(folder, os.X_OK)
    )


def folder_problem(folder: str | Path) -> str | None:
    """Why files cannot be written in ``folder``, made first with its missing parents
    as :func:`write_atomic` does; ``None`` when they can. Nothing is created.

    >>> folder_problem("/proc/no-such/folder")
    'folder /proc is read-only'
    """
    start = first_existing(folder)
    if can_write_in(start):
        return None
    if os.path.isdir(start):
        return f"folder {start} is read-only"
    if os.path.lexists(start) and not os.path.exists(start):
        return f"{start} is a broken symlink"
    return f"{start} is a file, not a folder"


def output_path(
    path: str | Path, *, force: bool = False, force_flag: str | None = "--force"
) -> Path:
    """Check ``path`` against the output policy and return the real file to replace.

    Nothing is written. Raises a one-line :class:`CompanionError` for a
    target that is not a regular file, a read-only file without ``force``,
    a symlink loop, or a place that cannot be reached. ``force_flag`` is
    the option the message suggests for a read-only file (``None``: the
    command has none, so the message says to make the file writable).

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> output_path(folder / "new.pdf") == folder.resolve() / "new.pdf"
    True
    >>> output_path(folder)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    companion.errors.CompanionError: cannot write ...: it is a folder; give a file name
    """
    given = Path(path)
    real = Path(os.path.realpath(given))
    shown = f"{given} (-> {real})" if os.path.islink(given) else str(given)
    try:
        info = os.stat(real)
    except FileNotFoundError:
        return real
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise CompanionError(f"cannot write {shown}: it is a symlink loop") from None
        if exc.errno == errno.ENOTDIR:
            raise CompanionError(
                f"cannot write {shown}: a part of the path is a file, not a folder"
            ) from None
        raise CompanionError(f"cannot write {shown}: {_reason(exc)}") from None
    if stat.S_ISDIR(info.st_mode):
        raise CompanionError(f"cannot write {shown}: it is a folder; give a file name")
    if not stat.S_ISREG(info.st_mode):
        raise CompanionError(
            f"cannot write {shown}: it is {_kind(info.st_mode)}, not a regular file; "
            "companion only replaces regular files"
        )
    mount = read_only_mount(real)
    if mount is not None:
        raise CompanionError(
            f"cannot write {shown}: the file system it is on ({mount}) is mounted read-only"
        )
    if not force and is_read_only(info.st_mode, real):
        way = f"pass {force_flag} to replace it anyway" if force_flag else "make it writable first"
        raise CompanionError(
            f"cannot write {shown}: the file is read-only; it was left as it was ({way})"
        )
    return real


def _kind(mode: int) -> str:
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def write_atomic(
    path: str | Path,
    data: bytes | str,
    *,
    encoding: str = "utf-8",
    force: bool = False,
    force_flag: str | None = "--force",
) -> None:
    """Write ``data`` to ``path`` atomically under the output policy, creating parent folders.

    ``force`` replaces a read-only file; ``force_flag`` as in :func:`output_path`.
    """
    given = Path(path)
    target = output_path(given, force=force, force_flag=force_flag)
    payload = data.encode(encoding) if isinstance(data, str) else data
    folder = target.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise CompanionError(
            f"cannot write {given}: a part of the path is a file, not a folder"
        ) from None
    except OSError as exc:
        raise CompanionError(
            f"cannot write {given}: cannot create folder {folder} ({_reason(exc)})"
        ) from None
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except PermissionError:
        raise CompanionError(
            f"cannot write {given}: no permission to create files in folder {folder}"
        ) from None
    except OSError as exc:
        raise CompanionError(f"cannot write {given}: {_reason(exc)} (in folder {folder})") from None
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
        raise CompanionError(f"cannot write {given}: {_reason(exc)}") from exc
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


# -- reading -------------------------------------------------------------------


def is_file(path: str | Path) -> bool:
    """``Path.is_file`` that answers ``False`` instead of raising for a name too long,
    a symlink loop or a folder that cannot be entered: a user's path is only a guess.

    >>> is_file("Z" * 5000), is_file(__file__)
    (False, True)
    """
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def is_dir(path: str | Path) -> bool:
    """``Path.is_dir`` with the same forgiveness as :func:`is_file`."""
    try:
        return stat.S_ISDIR(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def read_bytes(path: str | Path, *, what: str = "file", limit: int = MAX_READ_BYTES) -> bytes:
    """The bytes of ``path`` (``-``: standard input), at most ``limit`` of them.

    Errors name ``what`` and the path: no such file, a folder, no
    permission, a symlink loop, too big. A FIFO or ``/dev/stdin`` is read
    like a file, up to the limit.

    >>> read_bytes("/no/such/place.yaml", what="showdown file")
    Traceback (most recent call last):
    ...
    companion.errors.CompanionError: no such showdown file: /no/such/place.yaml
    """
    if str(path) == "-":
        stream = sys.stdin
        raw = stream.buffer.read(limit + 1) if hasattr(stream, "buffer") else None
        if raw is None:
            raw = stream.read(limit + 1).encode("utf-8", "surrogateescape")
        return _within(raw, "standard input", what, limit)
    where = Path(path)
    try:
        with open(where, "rb") as handle:
            raw = handle.read(limit + 1)
    except FileNotFoundError:
        raise CompanionError(f"no such {what}: {where}") from None
    except IsADirectoryError:
        raise CompanionError(f"{what} {where} is a folder, not a file") from None
    except PermissionError:
        raise CompanionError(f"cannot read {what} {where}: permission denied") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise CompanionError(f"cannot read {what} {where}: it is a symlink loop") from None
        raise CompanionError(f"cannot read {what} {where}: {_reason(exc)}") from None
    return _within(raw, str(where), what, limit)


def _within(raw: bytes, shown: str, what: str, limit: int) -> bytes:
    if len(raw) > limit:
        raise CompanionError(
            f"{what} {shown} is too big (more than {_size(limit)}); "
            "companion reads nothing that large"
        )
    return raw


def _size(count: int) -> str:
    if count >= 1024 * 1024:
        return f"{count / (1024 * 1024):g} MiB"
    if count >= 1024:
        return f"{count / 1024:g} KiB"
    return f"{count} bytes"


def read_text(path: str | Path, *, what: str = "file", limit: int = MAX_READ_BYTES) -> str:
    """The UTF-8 text of ``path`` (``-``: standard input), bounded as :func:`read_bytes`."""
    raw = read_bytes(path, what=what, limit=limit)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        shown = "standard input" if str(path) == "-" else str(path)
        raise CompanionError(
            f"{what} {shown} is not UTF-8 text (bad byte at position {exc.start})"
        ) from None


__all__ = [
    "MAX_READ_BYTES",
    "can_write_in",
    "disk_full",
    "first_existing",
    "folder_problem",
    "is_dir",
    "is_file",
    "is_read_only",
    "output_path",
    "read_bytes",
    "read_only_mount",
    "read_text",
    "write_atomic",
]
