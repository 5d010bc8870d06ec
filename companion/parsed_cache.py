"""YAML files parsed once: what a file spells out, kept by the file's contents.

Every command at the table is a new process, and most of them need the cards
of the table's game and its blind structure: parsing their YAML files again
each time cost more than the rest of ``table show`` (issue 32). Card files and
structure files are read here: a file's text is read as always
(with the reader's bounds), and the value its YAML spells out is kept in the
user cache folder under a digest of that text and the package's version, in
:mod:`marshal` form, which loads many times faster than YAML parses. Only a
document that parsed without a problem is kept, so a file with an error is
parsed (and reported) every time; a file edited by hand has a new digest, so
it is parsed anew. The models are still validated from the value on every
load, so the card checks and their messages are those of the YAML path.

A cache that cannot be written (a read-only home, a full disk) or a kept
entry that does not read back is passed over: the file is parsed as before.
"""

from __future__ import annotations

import hashlib
import marshal
import os
from pathlib import Path
from typing import Any

from companion import __version__
from companion.documents import parse_document
from companion.errors import CompanionError
from companion.fileio import read_text

_STAMP = b"companion parsed yaml 1\n"
"""The head of every kept entry: a format change gets a new one."""
MAX_KEPT = 256
"""Entries the folder holds at most: past that it is emptied and fills again with the files in
use (each edit of a file keeps a new entry, and the tests read many files of their own)."""


def _folder() -> Path:
    import platformdirs

    base = platformdirs.user_cache_dir("companion", appauthor=False)
    return Path(base) / __version__ / "parsed-yaml"


def read_yaml(
    path: Path,
    *,
    what: str,
    source: str | None = None,
    error: type[CompanionError] = CompanionError,
) -> Any:
    """The value the YAML file at ``path`` spells out; errors as
    :func:`~companion.documents.read_document` gives them."""
    text = read_text(path, what=what)
    raw = text.encode("utf-8", "surrogatepass")
    digest = hashlib.blake2b(raw, digest_size=20).hexdigest()
    entry = _folder() / f"{digest}.marshal"
    try:
        kept = entry.read_bytes()
    except OSError:
        kept = b""
    if kept.startswith(_STAMP):
        body = kept[len(_STAMP) :]
        check, payload = body[:20], body[20:]
        if hashlib.blake2b(payload, digest_size=20).digest() == check:
            try:
                return marshal.loads(payload)
            except (EOFError, ValueError, TypeError):
                pass
    value = parse_document(
        text, str(path) if source is None else source, format="yaml", error=error
    )
    _keep(entry, value)
    return value


def _keep(entry: Path, value: Any) -> None:
    try:
        payload = marshal.dumps(value)
    except ValueError:  # a value marshal cannot hold (a YAML date): parsed each time
        return
    check = hashlib.blake2b(payload, digest_size=20).digest()
    partial = entry.with_name(f"{entry.name}.{os.getpid()}.partial")
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        kept = list(entry.parent.iterdir())
        if len(kept) >= MAX_KEPT:
            for old in kept:
                old.unlink(missing_ok=True)
        partial.write_bytes(_STAMP + check + payload)
        partial.replace(entry)  # atomic: a reader sees the whole entry or none
    except OSError:
        try:
            partial.unlink(missing_ok=True)
        except OSError:
            pass
