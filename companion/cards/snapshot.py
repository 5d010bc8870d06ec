"""A game's validated cards kept between commands, stamped with what they were made from.

Every command at the table is a new process that needs its game's cards, and
validating them (and building the models' validators to do it) cost more than
the rest of ``table show`` (issue 32). So the first load of a game's folder keeps
the validated :class:`~companion.cards.loader.GameCards` in the user cache folder,
in :mod:`pickle` form, under a digest of everything the result depends on: the
name and the text of every file in the game's folder, the folder itself, the
source of the card models (``companion/cards/*.py``), the package's version and
those of Python and Pydantic. A later load whose digest matches reads the kept
value back without validating it again; a card file edited by hand, a model
changed or a file added or removed makes a new digest, so the folder is validated
anew (``cards validate`` always validates). Only a folder that loaded with no
problem is kept, so a problem is reported every time.

A cache that cannot be written, or a kept entry that does not read back whole, is
passed over: the cards are validated as before.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from companion import __version__

if TYPE_CHECKING:
    from companion.cards.loader import GameCards

_STAMP = b"companion validated cards 1\n"
"""The head of every kept entry: a format change gets a new one."""
MAX_KEPT = 64
"""Entries the folder holds at most (past that it is emptied and fills again)."""
_MODELS = Path(__file__).resolve().parent
"""The card models' sources, part of every digest."""


def _folder() -> Path:
    import platformdirs

    base = platformdirs.user_cache_dir("companion", appauthor=False)
    return Path(base) / __version__ / "validated-cards"


def _digest(game_id: str, game_dir: Path) -> str | None:
    """What the validated cards of ``game_dir`` depend on, as one digest (None: a file
    could not be read, so the folder is validated as it always was)."""
    import pydantic.version

    h = hashlib.blake2b(digest_size=20)
    for part in (_STAMP, sys.version, pydantic.version.VERSION, __version__, game_id):
        h.update(repr(part).encode())
    h.update(os.fsencode(game_dir))
    try:
        for folder in (_MODELS, game_dir):
            for name in sorted(os.listdir(folder)):
                path = folder / name
                if folder is _MODELS and not name.endswith(".py"):
                    continue
                if not path.is_file():
                    continue
                h.update(b"\0" + os.fsencode(name) + b"\0")
                h.update(path.read_bytes())
    except OSError:
        return None
    return h.hexdigest()


def load_validated(
    game_id: str, game_dir: Path, validate: Callable[[], GameCards | None]
) -> GameCards | None:
    """The cards of ``game_dir``: kept ones when nothing they depend on changed, else
    ``validate()``'s (kept for the next time when it gives cards)."""
    from companion.cards.loader import GameCards

    digest = _digest(game_id, game_dir)
    entry = None if digest is None else _folder() / f"{digest}.pickle"
    if entry is not None:
        try:
            kept = entry.read_bytes()
        except OSError:
            kept = b""
        if kept.startswith(_STAMP):
            body = kept[len(_STAMP) :]
            check, payload = body[:20], body[20:]
            if hashlib.blake2b(payload, digest_size=20).digest() == check:
                try:
                    found = pickle.loads(payload)  # the user's own cache folder
                except Exception:  # an entry that does not read back is passed over
                    found = None
                if isinstance(found, GameCards) and found.game.id == game_id:
                    return found
    cards = validate()
    if cards is not None and entry is not None:
        _keep(entry, cards)
    return cards


def _keep(entry: Path, cards: GameCards) -> None:
    try:
        payload = pickle.dumps(cards, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # a value that does not pickle is simply not kept
        return
    data = _STAMP + hashlib.blake2b(payload, digest_size=20).digest() + payload
    partial = entry.with_name(f"{entry.name}.{os.getpid()}.partial")
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        kept = [p for p in entry.parent.iterdir() if p.suffix == ".pickle"]
        if len(kept) >= MAX_KEPT:
            for old in kept:
                old.unlink(missing_ok=True)
        partial.write_bytes(data)
        partial.replace(entry)
    except OSError:
        partial.unlink(missing_ok=True)
