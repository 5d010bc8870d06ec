"""Saved games of Dungeon of D: a game is its seed, its hero and its actions.

A :class:`Game` is what a save holds: the seed, the character asked for
(or none, when the seed drew one), the log of every action taken (``undo``
included) and the state that log leads to. Loading a save replays the log
from the seed and checks that it leads to exactly the recorded state, so a
damaged or edited save is refused instead of played. :meth:`Game.undo` is
the rulebook's take-back move: the game is replayed without its last action
and is in training mode from then on (its score is 0); since the undo is in
the log, replaying decides training mode and no edit can turn it off.

Two homes for saves:

- :class:`SaveStore`: the shared SQLite state file (``--state``), in tables
  of its own prefixed ``dod_`` (the component ``dod`` of
  :mod:`companion.statefile`, which keeps their schema version); every
  change is one ``BEGIN IMMEDIATE`` transaction. It also keeps the local
  high-score table, one row an ending.
- :class:`SaveFile`: one game in a JSON file (``--save-file PATH``), written
  atomically, under a folder lock.

Both count revisions: a session that read revision 5 may write revision 6
only if the save is still at 5, so two windows on one save cannot silently
overwrite each other's moves.

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

import contextlib
import hashlib
import json
import os
import re
import reprlib
import shlex
import sqlite3
import time
import uuid
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.errors import CompanionError
from companion.games.dungeon_of_d.actions import UNDO, Action, Undo, parse_action
from companion.games.dungeon_of_d.engine import new_game, replay, step
from companion.games.dungeon_of_d.score import Score, score
from companion.games.dungeon_of_d.state import State, check_seed, to_json
from companion.statefile import (
    BUSY_TIMEOUT,
    Component,
    read_transaction,
    script,
    write_transaction,
)

FORMAT = "companion-dod-save"
FORMAT_VERSION = 3
"""Version 3 (issue 33): the end of a test or combat that leads straight into the next
turn is asked once (``merged_ends`` in the state); versions 1 and 2 replay as played."""
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

Logged = Action | Undo
"""An entry of a game's log: an action, or a take-back."""


def effective_actions(log: list[Logged]) -> list[Action]:
    """The actions a log leaves standing: each ``undo`` takes back the one before it.

    >>> from companion.games.dungeon_of_d.actions import Act, Done, Rest
    >>> effective_actions([Done(), Rest(), UNDO, Act(0)])
    [Done(kind='done'), Act(kind='act', position=0)]
    """
    actions: list[Action] = []
    for action in log:
        if isinstance(action, Undo):
            if not actions:
                raise CompanionError("an undo with nothing before it to take back")
            actions.pop()
        else:
            actions.append(action)
    return actions


def _replay_checked(
    where: str, seed: int, actions: list[Action], character: str | None, *, merged_ends: bool
) -> State:
    """The state a save's actions replay to, or a one-line refusal naming the first action
    that cannot be played and where it stands (not the list of what could have been)."""
    try:
        state = replay(seed, [], character, merged_ends=merged_ends)
    except CompanionError as exc:
        raise CompanionError(
            f"{where} is damaged: its actions do not replay ({exc.message})"
        ) from None
    for number, action in enumerate(actions, start=1):
        if state.outcome is not None or tuple(action) not in state.options:
            why = "after the game's end" if state.outcome is not None else "is not legal there"
            raise CompanionError(
                f"{where} is damaged: its actions do not replay "
                f"(action {number} of {len(actions)}, {_short(list(action))}, {why})"
            )
        step(state, action)
    return state


@dataclass
class Game:
    """A game in progress: seed, hero, every action taken, and the state they lead to.

    ``log`` holds every action in the order it was taken, ``undo`` included;
    ``actions`` the ones left standing. Training mode is not a flag of its own:
    a game whose log holds an ``undo`` is in training mode, so replaying the
    log decides it and editing a save cannot turn it off.
    """

    seed: int
    character: str | None
    actions: list[Action]
    state: State
    log: list[Logged] = field(default_factory=list)
    name: str = ""
    game_id: str = field(default_factory=lambda: uuid.uuid4().hex)
    created: float = 0.0
    training_note: str = ""
    """Why the game is in training mode when its own log shows no take-back ("" else)."""

    def __post_init__(self) -> None:
        if not self.log:
            self.log = list(self.actions)
        self.state.training = self.training

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
            state.seed,
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
    def training(self) -> bool:
        """Training mode (rulebook 6.1): a move was taken back at some point."""
        return any(isinstance(a, Undo) for a in self.log)

    @property
    def score(self) -> Score:
        return score(self.state)

    def play(self, action: Iterable[Any]) -> Game:
        """Take an action (it must be legal); the game changes in place and is returned."""
        typed = parse_action(action)
        if isinstance(typed, Undo):
            return self.undo()
        step(self.state, typed)
        self.actions.append(typed)
        self.log.append(typed)
        return self

    def undo(self) -> Game:
        """Take back the last action: replay all but it, and play on in training mode."""
        if not self.actions:
            raise CompanionError("nothing to undo: no action has been taken yet")
        self.actions.pop()
        self.log.append(UNDO)
        self.state = replay(
            self.seed, self.actions, self.character, merged_ends=self.state.merged_ends
        )
        self.state.training = True
        return self

    def mark_training(self, why: str) -> Game:
        """Put the game in training mode for a take-back its log does not show (``why``,
        in a few words): the log gains one that changes nothing (the last action taken
        back and taken again), so every later save keeps it."""
        if not self.training:
            self.log = _log_with_a_takeback(self.state, list(self.log))
            self.state.training = True
            self.training_note = why
        return self

    def takeback_points(self) -> set[str]:
        """Where each take-back of the log returned to: the digest (:func:`chain_link`) of
        the seed, the hero and the actions left standing just after it. A take-back to the
        very start, where every game of the seed begins, is kept with this game's id."""
        points: set[str] = set()
        links = [chain_start(self.seed, self.character)]
        for action in self.log:
            if isinstance(action, Undo):
                if len(links) > 1:
                    links.pop()
                points.add(links[-1] if len(links) > 1 else self._start_point())
            else:
                links.append(chain_link(links[-1], action))
        return points

    def passing_points(self) -> list[str]:
        """The digests of every point the actions left standing pass through."""
        links = [chain_start(self.seed, self.character)]
        for action in self.actions:
            links.append(chain_link(links[-1], action))
        return [self._start_point(), *links[1:]]

    def _start_point(self) -> str:
        return hashlib.sha256(
            f"{chain_start(self.seed, self.character)}|{self.game_id}".encode()
        ).hexdigest()[:32]

    @property
    def end_id(self) -> str:
        """Names this game's ending: the game and every action that led to it."""
        text = json.dumps([self.game_id, str(self.seed), self.character, self.log], default=str)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]

    def to_document(self, revision: int = 0) -> dict[str, Any]:
        """The save as plain JSON data (``revision``: how many times it was written)."""
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "name": self.name,
            "game_id": self.game_id,
            "revision": revision,
            "seed": self.seed,
            "character": self.character,
            "training": self.training,
            "created": self.created,
            "actions": [list(a) for a in self.log],
            "state": to_json(self.state),
        }

    @classmethod
    def from_document(cls, data: Any, where: str = "save") -> Game:
        """Rebuild a game from :meth:`to_document` data, replaying its actions
        from the seed; a clear one-line error if anything does not add up."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise CompanionError(f"{where} is not a Dungeon of D save")
        version = data.get("version")
        if version not in (1, 2, FORMAT_VERSION):
            raise CompanionError(
                f"{where} is a Dungeon of D save of version {_short(version)}; "
                f"this companion reads versions 1 to {FORMAT_VERSION}"
            )
        try:
            seed = data["seed"]
            character = data["character"]
            raw_actions = data["actions"]
            recorded = data["state"]
            check_seed(seed)
            if character is not None and not isinstance(character, str):
                raise ValueError("bad character")
            if not isinstance(raw_actions, list) or not isinstance(recorded, dict):
                raise ValueError("bad actions or state")
            log: list[Logged] = []
            for raw in raw_actions:
                if not isinstance(raw, list):
                    raise ValueError(f"bad action {_short(raw)}")
                log.append(parse_action(raw))
            actions = effective_actions(log)
        except (KeyError, TypeError, ValueError, CompanionError) as exc:
            message = exc.message if isinstance(exc, CompanionError) else str(exc)
            raise CompanionError(f"{where} is damaged ({message})") from None
        state = _replay_checked(
            where, seed, actions, character, merged_ends=recorded.get("merged_ends") is True
        )
        game = cls(seed, character, actions, state, log)
        if version == 1:  # its state recorded the training field of its own
            state.training = recorded.get("training") is True
        if _comparable(to_json(state), recorded) != _comparable(recorded, recorded):
            raise CompanionError(
                f"{where} is damaged: its actions do not replay to its recorded state "
                "(edited by hand, or the cards changed since it was saved)"
            )
        if version == 1:  # no log of take-backs then: nothing shows there were none
            state.training = False
            game.mark_training(VERSION_1_NOTE)
        game.name = str(data.get("name") or "")
        game.game_id = str(data.get("game_id") or game.game_id)
        created = data.get("created")
        game.created = float(created) if isinstance(created, int | float) else 0.0
        return game


VERSION_1_NOTE = (
    "a save of the first format keeps no record of take-backs, so it plays on in training mode"
)
TAKEN_BACK_NOTE = (
    "this state file saw a move of this game taken back at a point its actions pass "
    "through, which its save no longer shows"
)


def _log_with_a_takeback(state: State, log: list[Logged]) -> list[Logged]:
    """``log`` with a take-back that changes nothing: its last action taken back and
    taken again (with no action yet, the first answer offered taken and taken back)."""
    actions = effective_actions(log)
    if actions:
        return [*log, UNDO, actions[-1]]
    return [*log, state.options[0], UNDO] if state.options else log


def chain_start(seed: int, character: str | None) -> str:
    """The first link of a game's chain of digests: its seed and the hero asked for."""
    return hashlib.sha256(f"dod|{seed}|{character}".encode()).hexdigest()[:32]


def chain_link(previous: str, action: Action) -> str:
    """The next link of a game's chain of digests: the one before and an action."""
    text = previous + json.dumps(list(action), separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def _short(value: Any) -> str:
    """A bad value as an error message shows it: never more than a few dozen characters."""
    return reprlib.repr(value)


def _comparable(data: dict[str, Any], recorded: dict[str, Any]) -> str:
    """A state as text to compare with a recorded one. A state recorded in the first
    format kept the rules under way in another shape: all but them is compared then.
    A REVEAL recorded before it drew its room card first (issue 33) kept the card in
    the room deck until it was placed: the replayed card is put back there for that."""
    if recorded.get("format") == 1:
        data = {k: v for k, v in data.items() if k not in ("format", "stack")}
    if "merged_ends" not in recorded:  # saved before the field (and its rule) was there
        data = {k: v for k, v in data.items() if k != "merged_ends"}
    stack = recorded.get("stack")
    if isinstance(stack, list) and any(
        isinstance(f, dict) and f.get("frame") == "place" and "room" not in f for f in stack
    ):
        data = dict(data)
        frames = []
        for frame in data.get("stack", []):
            if frame.get("frame") == "place":
                frame = dict(frame)
                room = frame.pop("room", "")
                if room:
                    data["room_deck"] = [*data["room_deck"], room]
            frames.append(frame)
        data["stack"] = frames
    return _canonical(data)


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


@dataclass(frozen=True)
class Checked:
    """A save loaded and checked by replay (what ``companion dod load`` reports)."""

    game: Game
    resume: str
    """The command that goes on with it."""

    def line(self) -> str:
        count = len(self.game.log)
        note = f" Training mode: {self.game.training_note}." if self.game.training_note else ""
        return (
            f"Checked: {count} {'action replays' if count == 1 else 'actions replay'} "
            f"to the saved game.{note} Go on with: {self.resume}"
        )

    def to_json(self) -> dict[str, Any]:
        data = info_of(self.game, 0.0).to_json()
        data.pop("updated")
        data.update(
            seed=self.game.seed,
            actions=len(self.game.actions),
            log=len(self.game.log),
            verified=True,
            training_note=self.game.training_note or None,
            resume=self.resume,
        )
        return data


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
_SCORES_BY_ENDING = """
CREATE TABLE dod_scores_new (
    end_id    TEXT PRIMARY KEY,
    game_id   TEXT NOT NULL,
    name      TEXT NOT NULL,
    seed      TEXT NOT NULL,
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
INSERT INTO dod_scores_new
    SELECT game_id, game_id, name, CAST(seed AS TEXT), character, outcome, amulet, level, turns,
           score, breakdown, training, at
    FROM dod_scores;
DROP TABLE dod_scores;
ALTER TABLE dod_scores_new RENAME TO dod_scores;
CREATE INDEX dod_scores_game ON dod_scores (game_id);
"""
"""Schema 2: one row an ending (a copied save can no longer touch another game's row),
and the seed as text (every seed below 2**64, which SQLite's integers cannot all hold)."""
_TAKEBACKS = """
CREATE TABLE dod_takebacks (
    point     TEXT PRIMARY KEY,
    at        REAL NOT NULL
);
"""
"""Schema 3: every point a take-back returned to (:meth:`Game.takeback_points`), so that a
save edited to hide its take-backs is still known as training by the file that saw them."""
DOD = Component(
    "dod", (script(_SCHEMA), script(_SCORES_BY_ENDING), script(_TAKEBACKS)), prefix="dod_"
)
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

    def listing(self) -> SaveList:
        """:meth:`saves` as the report of ``dod list``."""
        return SaveList(tuple(self.saves()))

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
        game = self.vouch(Game.from_document(_json(row[0], where), where))
        game.name = name
        self.revisions[name] = int(row[1])
        return game

    def vouch(self, game: Game) -> Game:
        """``game`` in training mode if this state file saw one of its moves taken back
        at a point its actions pass through, whatever its log now shows."""
        if game.training:
            return game
        with self._reading() as conn:
            if conn is not None and _passes_a_takeback(conn, game):
                game.mark_training(TAKEN_BACK_NOTE)
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
                    f"start over it with --replace, or 'companion dod delete {name}' first"
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
                json.dumps(game.to_document(revision), separators=(",", ":")),
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
                    raise stale_save(f"saved game '{name}'", self.resume(game))
                st = game.state
                conn.execute(
                    "UPDATE dod_saves SET revision = ?, document = ?, level = ?, turn = ?, hp = ?, gold = ?, "
                    "outcome = ?, training = ?, score = ?, updated = ? WHERE name = ?",
                    (
                        row[0] + 1,
                        json.dumps(game.to_document(row[0] + 1), separators=(",", ":")),
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
            _remember_takebacks(conn, game, now)
            _record_score(conn, game, now)

    def resume(self, game: Game) -> str:
        """The command that goes on with this game."""
        return f"companion dod play {shlex.quote(game.name)}"

    def describe(self, game: Game) -> str:
        return f"saved as '{game.name}'"

    def moved_on(self, game: Game) -> str:
        """'' while the save holds what this session last read or wrote; else what
        happened to it, in a few words (another session played on or deleted it)."""
        name = game.name
        with self._reading() as conn:
            row = (
                None
                if conn is None
                else conn.execute(
                    "SELECT revision, game_id FROM dod_saves WHERE name = ?", (name,)
                ).fetchone()
            )
        what = f"saved game '{name}'"
        if row is None:
            return f"{what} was deleted by another session; nothing was written since"
        if row[1] != game.game_id or row[0] != self.revisions.get(name, row[0]):
            return changed_elsewhere(what)
        return ""

    def delete(self, name: str) -> SaveDeleted:
        with self._writing() as conn:
            if conn.execute("DELETE FROM dod_saves WHERE name = ?", (name,)).rowcount == 0:
                raise CompanionError(f"no saved game '{name}'")
        self.revisions.pop(name, None)
        return SaveDeleted(name, deleted=True)

    # -- high scores ----------------------------------------------------------------

    def record(self, game: Game) -> None:
        """What the state file keeps of a game saved to a file: where its take-backs
        returned to, and its ending in the high-score table."""
        if not game.over and not game.training:
            return
        now = self.clock()
        with self._writing() as conn:
            _remember_takebacks(conn, game, now)
            _record_score(conn, game, now)

    def score_table(self, limit: int | None = 10, training: bool = False) -> ScoreTable:
        """:meth:`scores` as the report of ``dod scores``."""
        return ScoreTable(tuple(self.scores(limit, training)))

    def scores(self, limit: int | None = 10, training: bool = False) -> list[HighScore]:
        """Finished games, best first (games in training mode only with ``training``)."""
        with self._reading() as conn:
            if conn is None:
                return []
            rows = conn.execute(
                "SELECT name, seed, character, outcome, amulet, level, turns, score, breakdown, training, at "
                "FROM dod_scores "
                + ("" if training else "WHERE training = 0 ")
                + "ORDER BY score DESC, at ASC LIMIT ?",
                (-1 if limit is None else max(0, min(int(limit), 2**62)),),
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
                    int(seed),
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
    """A finished game goes into the high-score table, one row an ending.

    A row is never taken out again: the first ending of a game is its score.
    A later ending of the same game (after an undo, or played on from a copy
    of its save) is a take-back, so it goes in as training (score 0), and no
    copy of a save can remove or replace another's row.
    """
    if not game.over:
        return
    end_id = game.end_id
    if conn.execute("SELECT 1 FROM dod_scores WHERE end_id = ?", (end_id,)).fetchone():
        return
    scored_before = conn.execute(
        "SELECT 1 FROM dod_scores WHERE game_id = ? AND training = 0", (game.game_id,)
    ).fetchone()
    training = game.training or scored_before is not None or _passes_a_takeback(conn, game)
    st = game.state
    conn.execute(
        "INSERT INTO dod_scores (end_id, game_id, name, seed, character, outcome, amulet, level, "
        "turns, score, breakdown, training, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            end_id,
            game.game_id,
            game.name or "",
            str(game.seed),
            st.character,
            st.outcome,
            int(st.amulet),
            st.level,
            st.turn,
            0 if training else game.score.total,
            json.dumps(breakdown(game) if not training else {}),
            int(training),
            now,
        ),
    )


def _remember_takebacks(conn: sqlite3.Connection, game: Game, now: float) -> None:
    """Keep every point the game's take-backs returned to (a game in training mode)."""
    if game.training:
        conn.executemany(
            "INSERT OR IGNORE INTO dod_takebacks (point, at) VALUES (?, ?)",
            [(point, now) for point in sorted(game.takeback_points())],
        )


def _passes_a_takeback(conn: sqlite3.Connection, game: Game) -> bool:
    """Whether the actions of ``game`` pass through a point a take-back returned to."""
    points = game.passing_points()
    for start in range(0, len(points), 500):
        chunk = points[start : start + 500]
        marks = ",".join("?" * len(chunk))
        query = f"SELECT 1 FROM dod_takebacks WHERE point IN ({marks}) LIMIT 1"
        if conn.execute(query, chunk).fetchone():
            return True
    return False


# ---- a save in a JSON file ------------------------------------------------------------------


@contextlib.contextmanager
def _folder_lock(folder: Path, timeout: float = BUSY_TIMEOUT) -> Iterator[None]:
    """Hold an exclusive lock on ``folder`` (where the platform has ``flock``), so that
    two sessions writing saves in it take turns; elsewhere this does nothing."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - no flock on this platform
        yield
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        yield  # a folder that cannot be opened: the write below says what is wrong
        return
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise CompanionError(
                        f"folder {folder} is locked by another session; try again"
                    ) from None
                time.sleep(0.01)
            except OSError:
                break  # a file system without locks: go on unlocked
        yield
    finally:
        os.close(fd)  # releases the lock


class SaveFile:
    """One game in a JSON file, written atomically after every action.

    The document carries a revision, raised by one at every write. A session
    remembers the revision it read or wrote last and refuses to write over a
    file that has moved on since (another session played it), exactly as the
    state file's saves do; the check and the write happen under a lock on the
    file's folder where the platform has one.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.revision: int | None = None
        """The revision this session last read or wrote (None: it has not yet)."""

    def __repr__(self) -> str:
        return f"SaveFile({str(self.path)!r})"

    def exists(self) -> bool:
        return os.path.exists(self.path)

    def _read(self) -> dict[str, Any]:
        from companion.fileio import read_text

        where = f"save file {self.path}"
        data = _json(read_text(self.path, what="save file"), where)
        if not isinstance(data, dict):
            raise CompanionError(f"{where} is not a Dungeon of D save")
        return data

    def load(self) -> Game:
        data = self._read()
        game = Game.from_document(data, f"save file {self.path}")
        game.name = game.name or self.path.stem
        self.revision = _revision_of(data)
        return game

    def create(self, game: Game, replace: bool = False) -> None:
        if os.path.exists(self.path) and not replace:
            raise CompanionError(
                f"{self.path} already exists; choose another --save-file, "
                "start over it with --replace, or delete it first"
            )
        self.revision = None
        self.save(game, fresh=True)

    def save(self, game: Game, fresh: bool = False) -> None:
        """Write the game over its file; refused if another session changed the file
        since this one read or wrote it (``fresh``: a new game replaces whatever is there)."""
        from companion.fileio import output_path, write_atomic

        game.name = game.name or self.path.stem
        target = output_path(self.path, force_flag=None)  # a link is followed to its file
        folder = target.parent
        with contextlib.suppress(OSError):  # if it cannot be made, the write says why
            folder.mkdir(parents=True, exist_ok=True)
        with _folder_lock(folder):
            revision = 0
            if not fresh and os.path.exists(target):
                data = self._read()
                revision = _revision_of(data)
                if data.get("game_id") != game.game_id or revision != self.revision:
                    raise stale_save(f"save file {self.path}", self.resume(game))
            document = game.to_document(revision + 1)
            write_atomic(
                self.path, json.dumps(document, separators=(",", ":")) + "\n", force_flag=None
            )
            self.revision = revision + 1

    def resume(self, game: Game) -> str:
        """The command that goes on with this game."""
        return f"companion dod play --save-file {shlex.quote(str(self.path))}"

    def describe(self, game: Game) -> str:
        return f"saved to {self.path}"

    def moved_on(self, game: Game) -> str:
        """'' while the file holds what this session last read or wrote; else what
        happened to it, in a few words (another session played on, or it is gone)."""
        what = f"save file {self.path}"
        if not os.path.exists(self.path):
            return f"{what} is gone; nothing was written since"
        try:
            data = self._read()
        except CompanionError as exc:
            return exc.message
        if data.get("game_id") != game.game_id or _revision_of(data) != self.revision:
            return changed_elsewhere(what)
        return ""


def _json(text: str, where: str) -> Any:
    """A save's JSON document, read within the bounds of :mod:`companion.documents`."""
    from companion.documents import parse_document

    try:
        return parse_document(str(text), where, format="json")
    except CompanionError as exc:
        raise CompanionError(
            f"{where} is damaged ({exc.message.removeprefix(where + ': ')})"
        ) from None


def _revision_of(data: dict[str, Any]) -> int:
    revision = data.get("revision", 0)
    return revision if isinstance(revision, int) and not isinstance(revision, bool) else 0


def changed_elsewhere(what: str) -> str:
    """A save another session has moved on, in words (this session wrote nothing over it)."""
    return f"{what} was changed by another session; nothing was written over it"


def stale_save(what: str, resume: str) -> CompanionError:
    """The one-line refusal to write over a save another session has moved on."""
    return CompanionError(f"{changed_elsewhere(what)}: continue with '{resume}'")


__all__ = [
    "UNDO",
    "Checked",
    "Game",
    "HighScore",
    "SaveFile",
    "SaveInfo",
    "SaveStore",
    "breakdown",
    "check_name",
    "effective_actions",
    "stale_save",
]


# ---- what the commands do with saves ------------------------------------------------------

Saver = SaveStore | SaveFile
"""Where a game being played is written after every action."""


@dataclass(frozen=True)
class Opened:
    """A game to play (``dod new``, ``dod play``): where it is saved, and who records its
    score when it ends (the state file's high scores; a save file's games too)."""

    game: Game
    saver: Saver
    store: SaveStore

    @property
    def on_end(self) -> Callable[[Game], None] | None:
        return self.store.record if self.saver is not self.store else None


def free_name(store: SaveStore) -> str:
    """The first ``game-N`` no save is called (in any case)."""
    taken = {n.casefold() for n in store.names()}
    number = 1
    while f"game-{number}" in taken:
        number += 1
    return f"game-{number}"


def start(
    store: SaveStore,
    *,
    seed: int | None = None,
    character: str | None = None,
    save: str | None = None,
    save_file: Path | None = None,
    replace: bool = False,
) -> Opened:
    """``dod new``: a new game (a fresh seed unless given), saved as ``save`` (default
    ``game-N``) or in ``save_file``; ``replace`` starts over a save, never a damaged one."""
    import secrets

    if seed is None:
        seed = secrets.randbelow(2**31)
    if save_file is not None:
        target = SaveFile(save_file)
        if target.exists() and replace:
            target.load()  # a damaged save is never overwritten
        game = Game.new(seed, character, name=check_name(save or save_file.stem or "game"))
        target.create(game, replace=replace)
        return Opened(game, target, store)
    name = check_name(save) if save is not None else free_name(store)
    if replace and store.exists(name):
        try:
            store.load(name)
        except CompanionError as exc:
            raise CompanionError(
                f"{exc.message}; it is kept: 'companion dod delete {name}' removes it"
            ) from None
    game = Game.new(seed, character, name=name)
    store.create(game, replace=replace)
    return Opened(game, store, store)


def reopen(store: SaveStore, save: str | None = None, save_file: Path | None = None) -> Opened:
    """``dod play``: the save named, the save file, or the unfinished game played last."""
    if save_file is not None:
        if save is not None:
            raise CompanionError("give a SAVE name or --save-file, not both")
        target = SaveFile(save_file)
        return Opened(store.vouch(target.load()), target, store)
    if save is None:
        save = store.latest()
        if save is None:
            raise CompanionError(
                "no unfinished game to go on with; start one with 'companion dod new'"
            )
    return Opened(store.load(save), store, store)


def check_save(store: SaveStore, save: str | None = None, save_file: Path | None = None) -> Checked:
    """``dod load``: one save (named, or in a file) loaded and checked by replay."""
    if (save is None) == (save_file is None):
        raise CompanionError("give a SAVE name or --save-file (one of them)")
    saver: Saver = SaveFile(save_file) if save_file is not None else store
    game = store.vouch(saver.load()) if isinstance(saver, SaveFile) else saver.load(str(save))
    return Checked(game, saver.resume(game))


@dataclass(frozen=True)
class SaveList:
    """``dod list``: the saves, the most recently played first."""

    saves: tuple[SaveInfo, ...]

    def to_json(self) -> list[dict[str, Any]]:
        return [s.to_json() for s in self.saves]


@dataclass(frozen=True)
class ScoreTable:
    """``dod scores``: the finished games, best first."""

    scores: tuple[HighScore, ...]

    def to_json(self) -> list[dict[str, Any]]:
        return [s.to_json() for s in self.scores]


@dataclass(frozen=True)
class SaveDeleted:
    """``dod delete``: the save, and whether it was deleted or kept (the answer was no)."""

    save: str
    deleted: bool

    def to_json(self) -> dict[str, Any]:
        return {"save": self.save, "deleted": self.deleted}
