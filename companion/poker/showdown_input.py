"""The showdown file: one showdown described in YAML or JSON, checked by pydantic.

The format is documented with worked examples in ``docs/showdown.md``.
Every problem is reported on one line naming the field, e.g.
``players[1].put_in: must be at least 0 (got -100)``.

>>> spec = read_showdown("players: [{name: ann, put_in: 200}, {name: ben, put_in: 200}]\\nresult: ann > ben")
>>> spec.game, [p.name for p in spec.players], spec.result
('dungeon-poker', ['ann', 'ben'], 'ann > ben')
>>> read_showdown("players: [{name: ann, put_in: -1}]")
Traceback (most recent call last):
  ...
companion.errors.CompanionError: players[0].put_in: must be at least 0 (got -1)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    field_validator,
)

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

GameId = Literal["dungeon-poker", "holdem", "omaha", "dragon-kings", "decko"]


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True)


class PlayerIn(_In):
    """A player at the showdown, in seat order (first = left of the dealer)."""

    name: Name
    hand: Cards | None = None
    """The hand cards shown (before showdown effects such as the Witch's curse)."""
    put_in: Amount = 0
    """Gold (chips) this player put into the pot during the whole deal."""
    folded: bool = False
    character: str | None = None
    """Dungeon Poker character (name or id): Witch, Gnome Artificer, Fey Teratologist, ..."""
    artifacts: list[str] = []
    """Treasures this player holds that act at the showdown (Full Plate)."""
    soul_gems: Amount | None = None
    """Soul gems held before the showdown (a Goblin cannot take a gem you do not have)."""
    stack: Amount | None = None
    """Gold behind, not in the pot (an Ice Giant cannot take gold you do not have)."""
    hand_class: str | None = None
    """What the hand is, when the order is given as ``result`` (reported as is)."""
    no_legal_hand: bool = False
    """With ``result``: this player shows but cannot make a legal hand."""
    burn_top: str | None = None
    """DECKO: the card on top of this player's burn pile (for a Pyromaniac Queen)."""
    discard_top: str | None = None
    """DECKO: the card on top of this player's discard pile (for a Dumpster Diving Queen)."""


class MonsterIn(_In):
    """A monster playing for the pot (Dungeon Poker)."""

    name: str
    """Monster card name or id: Orc, Fire Dragon, golem, ..."""
    label: Name | None = None
    """The name it goes by in the result, when two monsters share a card name."""
    hand: Cards | None = None
    summoned_by: Name | None = None
    """The player who brought it (Summon Monster Scroll, Summon beast): it wins for them."""
    controlled_by: Name | None = None
    king: bool | None = None
    """Force King Monster status (Demon's Bargain's monster); default: the card and encounter decide."""
    drawn_at_showdown: bool = False
    """King's cave: this is the monster drawn at the showdown."""
    killed_by: Name | None = None
    """Killed during the deal (Crystal Dagger): it takes no part, the killer is its slayer."""
    hand_class: str | None = None
    no_legal_hand: bool = False


class WitchCurse(_In):
    by: Name
    """The player who cast it (the Witch)."""
    rank: str
    """The cursed number: 2-10, J, Q, K, A."""

    @field_validator("rank", mode="before")
    @classmethod
    def _rank_text(cls, value: Any) -> Any:
        return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


class AmbushAndRun(_In):
    by: Name
    """The player (the Rogue) who ambushed and ran; they folded."""
    gold: Amount
    """The gold taken from the pot."""


class Declared(_In):
    """Abilities used during the deal that act at the showdown."""

    witch_curse: WitchCurse | None = None
    ambush_and_run: AmbushAndRun | None = None
    spoil_the_treasure: Name | None = None
    """The player (the Witch) who spoiled the treasure."""
    barbarian_rage: list[Name] = []
    """Players who used Barbarian rage this deal (immune to other characters' abilities)."""
    explosive_potion: list[Name] = []
    """Players who sacrificed an Explosive Potion this deal: each destroys its gold (1000)
    from the pot, the main pot first."""


class ShowdownIn(_In):
    """One showdown, as read from the file."""

    game: GameId = "dungeon-poker"
    blind: Amount | None = None
    """The blind of the level (Dungeon Poker: Gnome Lunatic, Ice Giant, Treasure ship need it)."""
    encounter: str | None = None
    """Dungeon Poker encounter card (name or id)."""
    board: Cards | None = None
    boards: list[Cards] | None = None
    """Two front war: one entry per board."""
    carried: Amount = 0
    """Gold left on the table by the last deal; joins the main pot."""
    treasures_waiting: Amount = 0
    """Treasures left waiting by earlier deals (a tie, no legal winner)."""
    button: Name | None = None
    """The player on the button (Hold'em odd chips); default: the last player listed."""
    unit: Annotated[int, Field(ge=1, strict=True)] | None = None
    players: Annotated[list[PlayerIn], Field(min_length=1)]
    monsters: list[MonsterIn] = []
    declared: Declared = Declared()
    result: str | list[str] | None = None
    """The showdown order instead of hands, best first, ties with '=' (one per board)."""
    wild: list[str] = []
    """Dragon Kings: extra wild cards or ranks."""
    wildcard: str | None = None
    """DECKO: the wildcard round in force."""
    market: Cards | None = None
    """DECKO: the face-up market cards (Hold'em round, Shopping Queen)."""
    first_honors: bool = False
    """Dragon Kings: nobody has played Twinned Dragon Kings yet this game."""
    wings: list[str] = []
    """Dragon Kings: the voluntary wing cards in force (names or ids; ``none`` for none)."""
    misdeals: list[Name] | dict[Name, Amount] = []
    """Dragon Kings: players who fouled the last deal; each places 40 points in this pot
    (a mapping gives what each places: a guest with fewer points places all they have)."""
    swap_costs: dict[Name, Amount] = {}
    """Dragon Kings: points each player paid into this pot to trade a hole card (Sleight of Hand)."""
    house_bet: Amount = 0
    """DECKO: chips on the house betting space (folded bets included)."""


# ---------------------------------------------------------------- reading


def read_showdown(text: str, source: str = "showdown") -> ShowdownIn:
    """Parse YAML or JSON text into a validated :class:`ShowdownIn`."""
    data = parse_document(text, source)
    if not isinstance(data, dict):
        raise CompanionError(f"{source}: a showdown file is a mapping with at least 'players'")
    return validate_showdown(data)


def validate_showdown(data: dict[str, Any]) -> ShowdownIn:
    """Check a showdown mapping (read from a file, or built by the table)."""
    try:
        return ShowdownIn.model_validate(data)
    except ValidationError as exc:
        raise CompanionError(describe(exc, data)) from None


def load_showdown(path: str) -> ShowdownIn:
    """Read a showdown file, or standard input for ``-`` (bounded: :mod:`companion.documents`)."""
    text = read_text(path, what="showdown file")
    return read_showdown(text, "<stdin>" if path == "-" else path)


def describe(exc: ValidationError, data: Any = None) -> str:
    """The first validation problem as ``field.path: what is wrong``."""
    err = exc.errors()[0]
    where = _path(err["loc"])
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
        elif part in ("str", "int", "WitchCurse", "AmbushAndRun") or not str(part).isidentifier():
            continue  # pydantic's name for a branch of a union, not a field
        else:
            out += f".{part}" if out else str(part)
    return out
