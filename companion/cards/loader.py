"""Read and validate ``cards_data/<game-id>/*.yaml`` into card models.

Errors name the file, the card and the field, one per line::

    cards_data/dungeon-poker/treasures.yaml: card 'Crystal Dagger': salvage: must be ≥ 0

Loading is cached per (game, folder); :func:`clear_cache` forgets it.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from companion import GAMES
from companion.cards.base import DeckInfo, GameInfo
from companion.cards.games import card_union
from companion.documents import short, validation_problems
from companion.errors import CompanionError
from companion.fileio import is_dir, is_file
from companion.parsed_cache import read_yaml
from companion.paths import cards_dir


class CardDataError(CompanionError):
    """One or more problems in the card files; ``problems`` lists them all."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        more = (
            f" (and {len(problems) - 1} more; run 'companion cards validate')"
            if len(problems) > 1
            else ""
        )
        super().__init__(problems[0] + more)

    def __reduce__(self) -> tuple[type[CardDataError], tuple[list[str]]]:
        # Rebuilt from its problems when it crosses a process boundary (print all's workers).
        return (type(self), (self.problems,))


@dataclass(frozen=True)
class GameCards:
    """All cards of one game, in file order, with lookups by deck, id and name."""

    game: GameInfo
    cards: tuple[Any, ...]
    source: Path
    _by_id: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._by_id.update({c.id: c for c in self.cards})

    def __repr__(self) -> str:
        return f"<GameCards {self.game.id!r}: {len(self.cards)} cards, {self.total()} with copies>"

    def __iter__(self) -> Iterator[Any]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def decks(self) -> tuple[DeckInfo, ...]:
        return self.game.decks

    def to_json(self, deck: str | None = None) -> list[dict[str, Any]]:
        """The cards (of one deck, if given) as JSON objects, in file order."""
        return [card.to_json() for card in (self.deck(deck) if deck else self.cards)]

    def deck(self, deck_id: str) -> tuple[Any, ...]:
        """The cards of one deck (each card once; see ``quantity``)."""
        if self.game.deck(deck_id) is None:
            known = ", ".join(d.id for d in self.game.decks)
            raise CompanionError(f"{self.game.id} has no deck '{deck_id}' (decks: {known})")
        return tuple(c for c in self.cards if c.deck == deck_id)

    def get(self, card_id: str) -> Any:
        """The card with this id; a clear error when there is none."""
        try:
            return self._by_id[card_id]
        except KeyError:
            raise CompanionError(f"{self.game.id} has no card with id '{card_id}'") from None

    def by_name(self, name: str) -> list[Any]:
        """Cards whose name or id equals ``name``, ignoring case."""
        wanted = name.strip().casefold()
        return [c for c in self.cards if c.name.casefold() == wanted or c.id == wanted]

    def by_short_name(self, name: str, among: Any = None) -> list[Any]:
        """Cards (of ``among``, else all) with a word of the name starting with ``name``:
        ``happy`` finds Happy the Clown. Several matches are the caller's to refuse."""
        wanted = name.strip().casefold()
        pool = self.cards if among is None else among
        return [
            c
            for c in pool
            if wanted and any(w.startswith(wanted) for w in c.name.casefold().split())
        ]

    def of_type(self, type_name: str) -> tuple[Any, ...]:
        return tuple(c for c in self.cards if c.kind == type_name)

    def total(self, deck_id: str | None = None) -> int:
        """Sum of quantities, for one deck or the whole game."""
        cards = self.cards if deck_id is None else self.deck(deck_id)
        return sum(c.quantity for c in cards)


def load_game(game_id: str, data_dir: str | Path | None = None) -> GameCards:
    """Load and validate one game's cards (cached)."""
    if game_id not in GAMES:
        raise CompanionError(f"unknown game '{game_id}' (games: {', '.join(GAMES)})")
    root = Path(data_dir) if data_dir is not None else cards_dir()
    try:
        real = root.resolve()
    except (RuntimeError, OSError):  # RuntimeError: a symlink loop (Python < 3.13)
        raise CompanionError(
            f"card folder {root} cannot be reached: it is a symlink loop"
        ) from None
    return _load_game_cached(game_id, str(real))


def load_all(data_dir: str | Path | None = None) -> dict[str, GameCards]:
    """Every game found in the card folder, keyed by game id."""
    root = Path(data_dir) if data_dir is not None else cards_dir()
    return {g: load_game(g, root) for g in GAMES if is_dir(root / g)}


def clear_cache() -> None:
    _load_game_cached.cache_clear()


@functools.lru_cache(maxsize=32)
def _load_game_cached(game_id: str, root: str) -> GameCards:
    from companion.cards.snapshot import load_validated

    problems: list[str] = []
    game_dir = Path(root) / game_id

    def validate() -> GameCards | None:
        read = _read_game(game_dir, game_id, problems)
        return None if problems else read  # only cards that loaded whole are kept

    cards = load_validated(game_id, game_dir, validate)
    if problems:
        raise CardDataError(problems)
    assert cards is not None, "a game is left unread only with a problem noted"
    return cards


def validate_dir(path: str | Path) -> tuple[list[GameCards], list[str]]:
    """Validate a card folder: a data root or a single ``<game-id>`` folder.

    Returns the games that loaded and every problem found (all of them, not
    just the first), so an editor of card files sees everything at once.
    """
    root = Path(path)
    if not is_dir(root):
        return [], [f"{_show(root)}: not a folder"]
    if is_file(root / "game.yaml"):
        game_dirs = [root]
    else:
        game_dirs = sorted(p for p in root.iterdir() if is_dir(p) and is_file(p / "game.yaml"))
        if not game_dirs:
            return [], [f"{_show(root)}: no game folders (each needs a game.yaml)"]
    loaded: list[GameCards] = []
    problems: list[str] = []
    for game_dir in game_dirs:
        found: list[str] = []
        game = _read_game(game_dir, None, found)
        problems.extend(found)
        if game is not None and not found:
            loaded.append(game)
    return loaded, problems


@dataclass(frozen=True)
class Validation:
    """``cards validate``: a card folder's games that loaded and every problem found."""

    folder: Path
    games: tuple[GameCards, ...]
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_json(self) -> dict[str, Any]:
        return {
            "folder": _show(self.folder),
            "ok": self.ok,
            "games": [
                {"game": g.game.id, "decks": len(g.decks), "cards": g.total()} for g in self.games
            ],
            "problems": list(self.problems),
        }


def validate_folder(path: str | Path) -> Validation:
    """:func:`validate_dir` as one report (what ``cards validate`` prints)."""
    games, problems = validate_dir(path)
    return Validation(Path(path), tuple(games), tuple(problems))


def _show(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError, RuntimeError):  # RuntimeError: a symlink loop (Python < 3.13)
        return str(path)


def _read_yaml(path: Path, problems: list[str]) -> Any:
    try:
        return read_yaml(path, what="card file", source=_show(path))
    except CompanionError as exc:
        problems.append(exc.message)
    return None


def _read_game(game_dir: Path, expected_id: str | None, problems: list[str]) -> GameCards | None:
    game_file = game_dir / "game.yaml"
    if not is_file(game_file):
        problems.append(f"{_show(game_dir)}: no game.yaml")
        return None
    raw_game = _read_yaml(game_file, problems)
    if raw_game is None:
        return None
    try:
        game = GameInfo.model_validate(raw_game)
    except ValidationError as exc:
        problems.extend(f"{_show(game_file)}: {line}" for line in validation_problems(exc))
        return None
    if expected_id is not None and game.id != expected_id:
        problems.append(
            f"{_show(game_file)}: id: '{game.id}' does not match its folder '{expected_id}'"
        )
        return None
    if game.id not in GAMES:
        problems.append(
            f"{_show(game_file)}: id: unknown game '{game.id}' (games: {', '.join(GAMES)})"
        )
        return None

    adapter: TypeAdapter[Any] = TypeAdapter(card_union(game.id))
    deck_ids = {d.id for d in game.decks}
    cards: list[Any] = []
    seen: dict[str, str] = {}
    for path in sorted(game_dir.glob("*.y*ml")):
        if path.name == "game.yaml" or path.suffix not in (".yaml", ".yml"):
            continue
        deck = game.deck(path.stem)
        if deck is None:
            problems.append(
                f"{_show(path)}: unknown deck '{path.stem}' (decks of {game.id}: {', '.join(sorted(deck_ids))})"
            )
            continue
        cards.extend(_read_deck(path, deck, adapter, seen, problems))
    for deck in game.decks:
        if not is_file(game_dir / f"{deck.id}.yaml") and not is_file(game_dir / f"{deck.id}.yml"):
            problems.append(f"{_show(game_file)}: deck '{deck.id}' has no file {deck.id}.yaml")
    order = {d.id: i for i, d in enumerate(game.decks)}
    cards.sort(key=lambda c: order[c.deck])  # stable: file order within a deck
    return GameCards(game=game, cards=tuple(cards), source=game_dir)


def _read_deck(
    path: Path, deck: DeckInfo, adapter: TypeAdapter[Any], seen: dict[str, str], problems: list[str]
) -> list[Any]:
    shown = _show(path)  # once a file: it resolves the path
    raw = _read_yaml(path, problems)
    if raw is None:
        if not any(p.startswith(shown) for p in problems):
            problems.append(f"{shown}: empty file (expected a 'cards:' list)")
        return []
    if not isinstance(raw, dict) or not isinstance(raw.get("cards"), list):
        problems.append(f"{shown}: expected a mapping with a 'cards:' list")
        return []
    unknown = set(raw) - {"cards", "deck", "notes"}
    if unknown:
        problems.append(
            f"{shown}: unknown top-level key(s): {', '.join(sorted(map(str, unknown)))}"
        )
    out: list[Any] = []
    for index, entry in enumerate(raw["cards"]):
        label = _label(entry, index)
        if not isinstance(entry, dict):
            problems.append(f"{shown}: card {label}: expected a mapping of fields")
            continue
        data = dict(entry)
        if data.get("deck", deck.id) != deck.id:
            problems.append(
                f"{shown}: card {label}: deck: '{data['deck']}' but the file is deck '{deck.id}'"
            )
            continue
        data["deck"] = deck.id
        if deck.default_type and "type" not in data:
            data["type"] = deck.default_type
        try:
            card = adapter.validate_python(data)
        except ValidationError as exc:
            tag = data.get("type") if isinstance(data.get("type"), str) else None
            problems.extend(
                f"{shown}: card {label}: {line}" for line in validation_problems(exc, tag)
            )
            continue
        if deck.types and card.kind not in deck.types:
            problems.append(
                f"{shown}: card {label}: type: '{card.kind}' does not belong in deck "
                f"'{deck.id}' (allowed: {', '.join(deck.types)})"
            )
            continue
        if deck.variant and not card.variant:
            card = card.model_copy(update={"variant": True})
        if card.id in seen:
            problems.append(
                f"{shown}: card {label}: id: '{card.id}' is already used in {seen[card.id]}"
            )
            continue
        seen[card.id] = shown
        out.append(card)
    return out


def _label(entry: Any, index: int) -> str:
    if isinstance(entry, dict):
        for key in ("name", "id"):
            if isinstance(entry.get(key), str) and entry[key].strip():
                return short(entry[key].strip())
    return f"#{index + 1}"
