"""Saved games of Dungeon of D: a game is its seed, its hero and its actions.

A :class:`Game` is what a save holds: the seed, the character asked for
(or none, when the seed drew one), every action taken, the training flag and
the state those actions lead to. Loading a save replays the actions from the
seed and checks that they lead to exactly the recorded state, so a damaged or
edited save is refused instead of played. :meth:`Game.undo` is the
rulebook's take-back move: the game is replayed without its last action and
is in training mode from then on (its score is 0).

Two homes for saves:

- :class:`SaveStore`: the shared SQLite state file (``--state``), in tables
  of its own prefixed ``dod_`` (the component ``dod`` of
  :mod:`companion.statefile`, which keeps their schema version); every
  change is one ``BEGIN IMMEDIATE`` transaction. It also keeps the local
  high-score table.
- :class:`SaveFile`: one game in a JSON file (``--save-file PATH``), written
  atomically.

A save that cannot be read is reported in one line and never overwritten.

>>> game = Game.new(seed=7)
>>> game.play(("done",)).state.turn
1
>>> again = Game.from_document(game.to_document())
>>> again.actions == game.actions, again.state == game.state
(True, True)
>>> game.undo().training, game.state.turn
(True, 0)
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import time
import uuid
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.errors import CompanionError
from companion.games.dungeon_of_d.engine import new_game, replay, step
from companion.games.dungeon_of_d.score import Score, score
from companion.games.dungeon_of_d.state import Action, State, to_json
from companion.statefile import (
    BUSY_TIMEOUT,
    Component,
    read_transaction,
    script,
    write_transaction,
)

FORMAT = "companion-dod-save"
FORMAT_VERSION = 1
NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 ._-]{0,39}$")

Clock = Callable[[], float]


def check_name(name: str) -> str:
    """A save name: 1-40 letters, digits, spaces, dots, dashes or underscores.

    >>> check_name(" friday ")
    'friday'
    >>> check_name("a/b")
    Traceback (most recent call last):
    ...
    companion.errors.CompanionError: bad save name 'a/b' (use 1-40 letters, digits, spaces, '.', '-' or '_')
    """
    cleaned = name.strip()
    if not NAME.match(cleaned):
        raise CompanionError(
            f"bad save name '{name}' (use 1-40 letters, digits, spaces, '.', '-' or '_')"
        )
    return cleaned


# ---- a game ------------------------------------------------------------------------------


@dataclass
class Game:
    """A game in progress: seed, hero, actions, training flag, and the state they lead to."""

    seed: int
    character: str | None
    actions: list[Action]
    state: State
    training: bool = False
    name: str = ""
    game_id: str = field(default_factory=lambda: uuid.uuid4().hex)
    created: float = 0.0

    def __repr__(self) -> str:
        mode = " training" if self.training else ""
        return f"<Game {self.name or '?'} seed={self.seed} actions={len(self.actions)}{mode} {self.state!r}>"

    @classmethod
    def new(
        cls, seed: int, character: str | None = None, name: str = "", created: float = 0.0
    ) -> Game:
        """A new game; ``character`` (an id or a name) picks the hero instead of the seed."""
        state = new_game(seed, character)
        return cls(
            seed,
            state.character if character is not None else None,
            [],
            state,
            name=name,
            created=created,
        )

    @property
    def over(self) -> bool:
        return self.state.outcome is not None

    @property
    def score(self) -> Score:
        return score(self.state)

    def play(self, action: Action) -> Game:
        """Take an action (it must be legal); the game changes in place and is returned."""
        action = tuple(action)
        step(self.state, action)
        self.actions.append(action)
        return self

    def undo(self) -> Game:
        """Take back the last action: replay all but it, and play on in training mode."""
        if not self.actions:
            raise CompanionError("nothing to undo: no action has been taken yet")
        self.actions.pop()
        self.state = replay(self.seed, self.actions, self.character)
        self.training = True
        self.state.training = True
        return self

    def to_document(self) -> dict[str, Any]:
        """The save as plain JSON data."""
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "name": self.name,
            "game_id": self.game_id,
            "seed": self.seed,
            "character": self.character,
            "training": self.training,
            "created": self.created,
            "actions": [list(a) for a in self.actions],
            "state": to_json(self.state),
        }

    @classmethod
    def from_document(cls, data: Any, where: str = "save") -> Game:
        """Rebuild a game from :meth:`to_document` data, replaying its actions
        from the seed; a clear one-line error if anything does not add up."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise CompanionError(f"{where} is not a Dungeon of D save")
        if data.get("version") != FORMAT_VERSION:
            raise CompanionError(
                f"{where} is a Dungeon of D save of version {data.get('version')!r}; "
                f"this companion reads version {FORMAT_VERSION}"
            )
        try:
            seed = data["seed"]
            character = data["character"]
            training = data["training"]
            raw_actions = data["actions"]
            recorded = data["state"]
            if (
                not isinstance(seed, int)
                or isinstance(seed, bool)
                or not isinstance(training, bool)
            ):
                raise ValueError("bad seed or training flag")
            if character is not None and not isinstance(character, str):
                raise ValueError("bad character")
            if not isinstance(raw_actions, list) or not isinstance(recorded, dict):
                raise ValueError("bad actions or state")
            actions: list[Action] = []
            for raw in raw_actions:
                if not isinstance(raw, list) or not raw or not isinstance(raw[0], str):
                    raise ValueError(f"bad action {raw!r}")
                actions.append(tuple(raw))
        except (KeyError, TypeError, ValueError) as exc:
            raise CompanionError(f"{where} is damaged ({exc})") from None
        try:
            state = replay(seed, actions, character)
        except CompanionError as exc:
            raise CompanionError(
                f"{where} is damaged: its actions do not replay ({exc.message})"
            ) from None
        state.training = training
        if _canonical(to_json(state)) != _canonical(recorded):
            raise CompanionError(
                f"{where} is damaged: its actions do not replay to its recorded state "
                "(edited by hand, or the cards changed since it was saved)"
            )
        game = cls(seed, character, actions, state, training)
        game.name = str(data.get("name") or "")
        game.game_id = str(data.get("game_id") or game.game_id)
        created = data.get("created")
        game.created = float(created) if isinstance(created, int | float) else 0.0
        return game


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


# ---- summaries ---------------------------------------------------------------------------


@dataclass(frozen=True)
class SaveInfo:
    """One line of ``companion dod list``."""

    name: str
    character: str
    level: int
    turn: int
    hp: int
    gold: int
    outcome: str | None
    training: bool
    score: int
    updated: float
    damaged: str = ""
    """Why the save cannot be read ("" when it can)."""

    @property
    def status(self) -> str:
        if self.damaged:
            return "damaged"
        return {"escaped": "escaped", "lost": "lost"}.get(self.outcome or "", "playing")

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "character": self.character,
            "level": self.level,
            "turn": self.turn,
            "hp": self.hp,
            "gold": self.gold,
            "status": self.status,
            "training": self.training,
            "score": self.score,
            "updated": self.updated,
            "damaged": self.damaged or None,
        }


@dataclass(frozen=True)
class HighScore:
    """One finished game in the local high-score table."""

    name: str
    seed: int
    character: str
    outcome: str
    amulet: bool
    level: int
    turns: int
    score: int
    breakdown: dict[str, int]
    training: bool
    at: float

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "seed": self.seed,
            "character": self.character,
            "outcome": self.outcome,
            "amulet": self.amulet,
            "level": self.level,
            "turns": self.turns,
            "score": self.score,
            "breakdown": dict(self.breakdown),
            "training": self.training,
            "at": self.at,
        }


def breakdown(game: Game) -> dict[str, int]:
    s = game.score
    return {"amulet": s.amulet, "gold": s.gold, "inventory": s.inventory, "level": s.level}


def info_of(game: Game, updated: float) -> SaveInfo:
    st = game.state
    return SaveInfo(
        game.name,
        st.character,
        st.level,
        st.turn,
        st.hp,
        st.gold,
        st.outcome,
        game.training,
        game.score.total,
        updated,
    )


# ---- the SQLite store -------------------------------------------------------------------------

_SCHEMA = """
CREATE TABLE dod_saves (
    name      TEXT PRIMARY KEY,
    game_id   TEXT NOT NULL,
    revision  INTEGER NOT NULL,
    document  TEXT NOT NULL,
    character TEXT NOT NULL,
    level     INTEGER NOT NULL,
    turn      INTEGER NOT NULL,
    hp        INTEGER NOT NULL,
    gold      INTEGER NOT NULL,
    outcome   TEXT,
    training  INTEGER NOT NULL,
    score     INTEGER NOT NULL,
    created   REAL NOT NULL,
    updated   REAL NOT NULL
);
CREATE TABLE dod_scores (
    game_id   TEXT PRIMARY KEY,
    name      TEXT NOT NULL,
    seed      INTEGER NOT NULL,
    character TEXT NOT NULL,
    outcome   TEXT NOT NULL,
    amulet    INTEGER NOT NULL,
    level     INTEGER NOT NULL,
    turns     INTEGER NOT NULL,
    score     INTEGER NOT NULL,
    breakdown TEXT NOT NULL,
    training  INTEGER NOT NULL,
    at        REAL NOT NULL
);
"""
DOD = Component("dod", (script(_SCHEMA),), prefix="dod_")
SCHEMA_VERSION = DOD.version


class SaveStore:
    """Saves and high scores in the SQLite state file (created on the first write)."""

    def __init__(
        self, path: str | Path, clock: Clock = time.time, timeout: float = BUSY_TIMEOUT
    ) -> None:
        self.path = Path(path)
        self.clock = clock
        self.timeout = timeout
        self.revisions: dict[str, int] = {}
        """The revision of each save as this store last read or wrote it (two sessions
        on one save must not silently undo each other's moves)."""

    def __repr__(self) -> str:
        return f"SaveStore({str(self.path)!r})"

    # -- the file -------------------------------------------------------------------

    def _reading(self) -> AbstractContextManager[sqlite3.Connection | None]:
        """A read snapshot; None (and no file created) when there are no saves yet."""
        return read_transaction(self.path, DOD, timeout=self.timeout)

    def _writing(self) -> AbstractContextManager[sqlite3.Connection]:
        return write_transaction(self.path, DOD, timeout=self.timeout)

    # -- saves ----------------------------------------------------------------------

    def names(self) -> list[str]:
        with self._reading() as conn:
            if conn is None:
                return []
            return [r[0] for r in conn.execute("SELECT name FROM dod_saves ORDER BY name")]

    def saves(self) -> list[SaveInfo]:
        """Every save, the most recently played first (damaged ones too)."""
        with self._reading() as conn:
            if conn is None:
                return []
            rows = conn.execute(
                "SELECT name, character, level, turn, hp, gold, outcome, training, score, updated, document "
                "FROM dod_saves ORDER BY updated DESC, name"
            ).fetchall()
        out = []
        for (
            name,
            character,
            level,
            turn,
            hp,
            gold,
            outcome,
            training,
            points,
            updated,
            document,
        ) in rows:
            damaged = ""
            try:
                Game.from_document(_json(document, f"saved game '{name}'"), f"saved game '{name}'")
            except CompanionError as exc:
                damaged = exc.message
            out.append(
                SaveInfo(
                    name,
                    character,
                    level,
                    turn,
                    hp,
                    gold,
                    outcome,
                    bool(training),
                    points,
                    updated,
                    damaged,
                )
            )
        return out

    def latest(self) -> str | None:
        """The name of the unfinished save played most recently."""
        for save in self.saves():
            if save.status == "playing":
                return save.name
        return None

    def exists(self, name: str) -> bool:
        with self._reading() as conn:
            if conn is None:
                return False
            return (
                conn.execute("SELECT 1 FROM dod_saves WHERE name = ?", (name,)).fetchone()
                is not None
            )

    def load(self, name: str) -> Game:
        """A save, checked by replaying it."""
        with self._reading() as conn:
            row = (
                None
                if conn is None
                else conn.execute(
                    "SELECT document, revision FROM dod_saves WHERE name = ?", (name,)
                ).fetchone()
            )
        if row is None:
            known = self.names()
            hint = (
                f" (saves: {', '.join(known)})"
                if known
                else " (no saves yet: start one with 'companion dod new')"
            )
            raise CompanionError(f"no saved game '{name}'{hint}")
        where = f"saved game '{name}'"
        game = Game.from_document(_json(row[0], where), where)
        game.name = name
        self.revisions[name] = int(row[1])
        return game

    def create(self, game: Game, replace: bool = False) -> None:
        """Save a new game under ``game.name``; an existing save is kept unless ``replace``."""
        name = check_name(game.name)
        now = self.clock()
        game.created = game.created or now
        with self._writing() as conn:
            if (
                conn.execute("SELECT 1 FROM dod_saves WHERE name = ?", (name,)).fetchone()
                and not replace
            ):
                raise CompanionError(
                    f"a saved game '{name}' already exists; choose another --save name, "
                    f"or 'companion dod delete {name}' first"
                )
            conn.execute("DELETE FROM dod_saves WHERE name = ?", (name,))
            self._insert(conn, game, 1, now)
        self.revisions[name] = 1

    def _insert(self, conn: sqlite3.Connection, game: Game, revision: int, now: float) -> None:
        st = game.state
        conn.execute(
            "INSERT INTO dod_saves (name, game_id, revision, document, character, level, turn, hp, gold, outcome, "
            "training, score, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game.name,
                game.game_id,
                revision,
                json.dumps(game.to_document(), separators=(",", ":")),
                st.character,
                st.level,
                st.turn,
                st.hp,
                st.gold,
                st.outcome,
                int(game.training),
                game.score.total,
                game.created or now,
                now,
            ),
        )

    def save(self, game: Game) -> None:
        """Write the game over its save (autosave); refused if another session changed it meanwhile."""
        name = game.name
        now = self.clock()
        expected = self.revisions.get(name)
        with self._writing() as conn:
            row = conn.execute(
                "SELECT revision, game_id FROM dod_saves WHERE name = ?", (name,)
            ).fetchone()
            if row is None:
                self._insert(conn, game, 1, now)
                self.revisions[name] = 1
            else:
                if row[1] != game.game_id or (expected is not None and row[0] != expected):
                    raise CompanionError(
                        f"saved game '{name}' was changed by another session; "
                        f"continue with 'companion dod play {name}'"
                    )
                st = game.state
                conn.execute(
                    "UPDATE dod_saves SET revision = ?, document = ?, level = ?, turn = ?, hp = ?, gold = ?, "
                    "outcome = ?, training = ?, score = ?, updated = ? WHERE name = ?",
                    (
                        row[0] + 1,
                        json.dumps(game.to_document(), separators=(",", ":")),
                        st.level,
                        st.turn,
                        st.hp,
                        st.gold,
                        st.outcome,
                        int(game.training),
                        game.score.total,
                        now,
                        name,
                    ),
                )
                self.revisions[name] = row[0] + 1
            _record_score(conn, game, now)

    def delete(self, name: str) -> None:
        with self._writing() as conn:
            if conn.execute("DELETE FROM dod_saves WHERE name = ?", (name,)).rowcount == 0:
                raise CompanionError(f"no saved game '{name}'")
        self.revisions.pop(name, None)

    # -- high scores ----------------------------------------------------------------

    def record(self, game: Game) -> None:
        """Enter (or take back) a game in the high-score table (games saved to a file)."""
        with self._writing() as conn:
            _record_score(conn, game, self.clock())

    def scores(self, limit: int | None = 10, training: bool = False) -> list[HighScore]:
        """Finished games, best first (games in training mode only with ``training``)."""
        with self._reading() as conn:
            if conn is None:
                return []
            rows = conn.execute(
                "SELECT name, seed, character, outcome, amulet, level, turns, score, breakdown, training, at "
                "FROM dod_scores "
                + ("" if training else "WHERE training = 0 ")
                + "ORDER BY score DESC, at ASC"
                + ("" if limit is None else f" LIMIT {int(limit)}")
            ).fetchall()
        out = []
        for (
            name,
            seed,
            character,
            outcome,
            amulet,
            level,
            turns,
            points,
            parts,
            trained,
            at,
        ) in rows:
            try:
                parts_data = {str(k): int(v) for k, v in json.loads(parts).items()}
            except (ValueError, AttributeError):
                parts_data = {}
            out.append(
                HighScore(
                    name,
                    seed,
                    character,
                    outcome,
                    bool(amulet),
                    level,
                    turns,
                    points,
                    parts_data,
                    bool(trained),
                    at,
                )
            )
        return out


def _record_score(conn: sqlite3.Connection, game: Game, now: float) -> None:
    """A finished game goes into the high-score table; an undone ending comes out again."""
    if not game.over:
        conn.execute("DELETE FROM dod_scores WHERE game_id = ?", (game.game_id,))
        return
    st = game.state
    conn.execute(
        "INSERT OR REPLACE INTO dod_scores (game_id, name, seed, character, outcome, amulet, level, turns, score, "
        "breakdown, training, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            game.game_id,
            game.name or "",
            game.seed,
            st.character,
            st.outcome,
            int(st.amulet),
            st.level,
            st.turn,
            game.score.total,
            json.dumps(breakdown(game)),
            int(game.training),
            now,
        ),
    )


# ---- a save in a JSON file ------------------------------------------------------------------


class SaveFile:
    """One game in a JSON file, written atomically after every action."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)

    def __repr__(self) -> str:
        return f"SaveFile({str(self.path)!r})"

    def exists(self) -> bool:
        return os.path.exists(self.path)

    def load(self) -> Game:
        from companion.fileio import read_text

        where = f"save file {self.path}"
        game = Game.from_document(_json(read_text(self.path, what="save file"), where), where)
        game.name = game.name or self.path.stem
        return game

    def create(self, game: Game, replace: bool = False) -> None:
        if os.path.exists(self.path) and not replace:
            raise CompanionError(
                f"{self.path} already exists; choose another --save-file, or delete it first"
            )
        self.save(game)

    def save(self, game: Game) -> None:
        from companion.fileio import write_atomic

        game.name = game.name or self.path.stem
        write_atomic(
            self.path,
            json.dumps(game.to_document(), separators=(",", ":")) + "\n",
            force_flag=None,
        )


def _json(text: str, where: str) -> Any:
    """A save's JSON document, read within the bounds of :mod:`companion.documents`."""
    from companion.documents import parse_document

    try:
        return parse_document(str(text), where, format="json")
    except CompanionError as exc:
        raise CompanionError(
            f"{where} is damaged ({exc.message.removeprefix(where + ': ')})"
        ) from None


__all__ = ["Game", "HighScore", "SaveFile", "SaveInfo", "SaveStore", "breakdown", "check_name"]
