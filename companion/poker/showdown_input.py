"""The showdown file: one showdown described in YAML or JSON, checked by pydantic.

The format is documented with worked examples in ``docs/showdown.md``.
Every problem is reported on one line naming the field, e.g.
``players[1].put_in: must be at least 0 (got -100)``.

>>> spec = read_showdown("players: [{name: ann, put_in: 200}, {name: ben, put_in: 200}]\\nresult: ann > ben")
>>> [p.name for p in spec.players], spec.result
(['ann', 'ben'], 'ann > ben')
>>> read_showdown("players: [{name: ann, put_in: -1}]")
Traceback (most recent call last):
  ...
companion.errors.CompanionError: players[0].put_in: must be at least 0 (got -1)
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Annotated, Any, ClassVar, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from companion.documents import parse_document, short
from companion.errors import CompanionError
from companion.fileio import read_text

NAME_PATTERN = r"^[\w][\w .'’-]*$"
Name = Annotated[str, StringConstraints(strip_whitespace=True, pattern=NAME_PATTERN, max_length=40)]
"""A player's or monster's name as it may appear in a result (letters, digits, spaces, . ' -)."""


def check_showdown_names(players: Sequence[str]) -> None:
    """Refuse, at a table's setup, a name its showdowns could not write in a result.

    >>> check_showdown_names(["ann", "Mary-Jo"])
    >>> check_showdown_names(["ann", "bo&co"])
    Traceback (most recent call last):
      ...
    companion.errors.CompanionError: 'bo&co' cannot sit at this table: its showdowns name players with letters, digits, spaces and . ' - only
    """
    for name in players:
        if not re.match(NAME_PATTERN, name):
            raise CompanionError(
                f"{name!r} cannot sit at this table: its showdowns name players with letters, "
                "digits, spaces and . ' - only"
            )


Amount = Annotated[int, Field(ge=0, strict=True)]
Cards = str | list[str]
"""Cards as one string (``"As Kd"``) or a list (``[As, Kd]``)."""


class ShowdownPart(BaseModel):
    """A part of a showdown file: its fields checked, none unknown, frozen once read."""

    model_config = ConfigDict(
        extra="forbid", frozen=True, str_strip_whitespace=True, defer_build=True
    )
    """``defer_build``: the validators are built by the first showdown read, so a table
    command that reads none (``table show``, ``table deal``) builds none."""


class PlayerIn(ShowdownPart):
    """A player at the showdown, in seat order (first = left of the dealer).

    A game whose players bring more to the showdown (a character, the top of
    a discard pile) subclasses it beside its :class:`ShowdownIn`.
    """

    name: Name
    hand: Cards | None = None
    """The hand cards shown (before the game's showdown effects)."""
    put_in: Amount = 0
    """Chips (gold, points) this player put into the pot during the whole deal."""
    folded: bool = False
    stack: Amount | None = None
    """Chips behind, not in the pot (a rule cannot take more than a player has)."""
    hand_class: str | None = None
    """What the hand is, when the order is given as ``result`` (reported as is)."""
    no_legal_hand: bool = False
    """With ``result``: this player shows but cannot make a legal hand."""


class ShowdownIn(ShowdownPart):
    """One showdown, as read from the file: the fields every game's showdown has.

    Each game with more to say subclasses it (its own fields, its own
    :class:`PlayerIn`) and hands the subclass to the engines as its
    :meth:`~companion.registry.Game.showdown_input`; :func:`validate_showdown`
    reads a file with the model of the game it names.
    """

    player_type: ClassVar[type[PlayerIn]] = PlayerIn
    """The model of one entry of ``players``."""
    several_boards: ClassVar[bool] = False
    """Whether this game's showdowns may deal more than one board."""

    game: str
    blind: Amount | None = None
    """The blind of the level (rules counted in blinds need it)."""
    board: Cards | None = None
    boards: list[Cards] | None = None
    """One entry per board, when several are dealt."""
    carried: Amount = 0
    """Chips left on the table by the last deal; they join the main pot."""
    button: Name | None = None
    """The player on the button (Hold'em odd chips); default: the last player listed."""
    unit: Annotated[int, Field(ge=1, strict=True)] | None = None
    players: Annotated[Sequence[PlayerIn], Field(min_length=1)]
    result: str | list[str] | None = None
    """The showdown order instead of hands, best first, ties with '=' (one per board)."""


Spec = TypeVar("Spec", bound=ShowdownIn)

# ---------------------------------------------------------------- reading


def read_showdown(text: str, source: str = "showdown") -> ShowdownIn:
    """Parse YAML or JSON text into a validated :class:`ShowdownIn`."""
    data = parse_document(text, source)
    if not isinstance(data, dict):
        raise CompanionError(f"{source}: a showdown file is a mapping with at least 'players'")
    return validate_showdown(data)


def validate_showdown(data: Mapping[str, Any]) -> ShowdownIn:
    """Check a showdown mapping (read from a file, or built by the table) with the model
    of the game it names (the first game registered when it names none)."""
    from companion.registry import game, games

    game_id = data.get("game", games()[0].id)
    model = showdown_model(game_id)
    data = _without_unused(dict(data) | {"game": game_id}, model)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise CompanionError(describe(exc, data, game(game_id).name)) from None


def validate_as(model: type[Spec], data: Mapping[str, Any]) -> Spec:
    """Check ``data`` as one game's showdown file (``model`` is that game's, its ``game`` field
    fixed): the table of a game writes its showdowns through this."""
    spec = validate_showdown({**data, "game": model.model_fields["game"].default})
    if not isinstance(spec, model):  # pragma: no cover - a registration mistake
        raise TypeError(f"{type(spec).__name__} is not a {model.__name__}")
    return spec


def showdown_model(game_id: object) -> type[ShowdownIn]:
    """The showdown file's model for ``game_id``; a game without showdowns is refused."""
    from companion.registry import game, games

    found = game(game_id).showdown_input() if isinstance(game_id, str) else None
    if found is None:
        known = [g.id for g in games() if g.showdown_input() is not None]
        from companion.poker.variants import GAMES

        known[1:1] = list(GAMES)  # the plain orderings, after the default game
        listed = ", ".join(repr(k) for k in known[:-1]) + f" or {known[-1]!r}"
        raise CompanionError(f"game: must be one of {listed} (got {short(game_id)})")
    return found


def _owner(field_name: str, player: bool) -> str | None:
    """The name of the game whose showdown files have this field (None: no game has)."""
    from companion.registry import games

    for g in games():
        model = g.showdown_input()
        if model is None:
            continue
        own, base = (model.player_type, PlayerIn) if player else (model, ShowdownIn)
        if field_name in own.model_fields and field_name not in base.model_fields:
            return g.name
    return None


def _without_unused(data: dict[str, Any], model: type[ShowdownIn]) -> dict[str, Any]:
    """``data`` without another game's fields that are left empty (``monsters: []``),
    which say nothing; a field another game has, filled in, is refused by name."""

    def keep(entry: dict[str, Any], fields: Mapping[str, object], player: bool) -> dict[str, Any]:
        return {
            k: v
            for k, v in entry.items()
            if k in fields or v or not isinstance(k, str) or _owner(k, player) is None
        }

    out = keep(data, model.model_fields, False)
    players = out.get("players")
    if isinstance(players, list):
        fields = model.player_type.model_fields
        out["players"] = [keep(p, fields, True) if isinstance(p, dict) else p for p in players]
    boards = out.get("boards")
    if isinstance(boards, list) and len(boards) > 1 and not model.several_boards:
        from companion.registry import games

        models = [g.showdown_input() for g in games()]
        owners = [g.name for g, m in zip(games(), models, strict=True) if m and m.several_boards]
        raise CompanionError(
            f"boards: only {' and '.join(owners)} has this (game is {out['game']})"
        )
    return out


def load_showdown(path: str) -> ShowdownIn:
    """Read a showdown file, or standard input for ``-`` (bounded: :mod:`companion.documents`)."""
    text = read_text(path, what="showdown file")
    return read_showdown(text, "<stdin>" if path == "-" else path)


def describe(exc: ValidationError, data: Any = None, game_name: str = "") -> str:
    """The first validation problem as ``field.path: what is wrong``."""
    err = exc.errors()[0]
    where = _path(err["loc"])
    if err["type"] == "extra_forbidden" and game_name:
        owner = _owner(str(err["loc"][-1]), player=where.startswith("players["))
        if owner is not None and owner != game_name:
            game_id = data.get("game") if isinstance(data, Mapping) else None
            return f"{where}: only {owner} has this (game is {game_id})"
    value = err.get("input")
    kind = err["type"]
    ctx = err.get("ctx") or {}
    if kind == "missing":
        what = "is required"
    elif kind == "extra_forbidden":
        what = "is not a showdown field (see docs/showdown.md)"
    elif kind in ("greater_than_equal", "greater_than"):
        bound = ctx.get("ge", ctx.get("gt"))
        what = f"must be at least {bound} (got {short(value)})"
    elif kind in ("int_type", "int_parsing", "int_from_float"):
        what = f"must be a whole number (got {short(value)})"
    elif kind in ("bool_type", "bool_parsing"):
        what = f"must be true or false (got {short(value)})"
    elif kind == "literal_error":
        what = f"must be one of {ctx.get('expected', '')} (got {short(value)})"
    elif kind == "string_pattern_mismatch":
        what = f"{short(value)} is not a usable name (letters, digits, spaces and . ' - only)"
    elif kind == "too_short":
        what = "needs at least one entry"
    elif kind in ("string_type", "list_type"):
        cards = any(w in where for w in ("hand", "board"))
        what = (
            f'must be cards, as text like "As Kd" or a list like [As, Kd] (got {short(value)})'
            if cards
            else f"must be text (got {short(value)})"
        )
    else:
        what = err["msg"].removeprefix("Value error, ")
    return f"{where}: {what}" if where else what


def _path(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part in ("str", "int") or not str(part)[:1].islower() or not str(part).isidentifier():
            continue  # pydantic's name for a branch of a union, not a field
        else:
            out += f".{part}" if out else str(part)
    return out
