"""What every card of every game has, and the game/deck descriptions.

A card file holds one deck: ``cards_data/<game-id>/<deck-id>.yaml`` with a
``cards:`` list. Each card names its ``type`` (the discriminator of its
game's union of card models); the loader fills ``deck`` from the file name.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

Slug = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(?:-[a-z0-9]+)*$", max_length=80)]
"""A stable identifier: lowercase words joined by hyphens (``crystal-dagger``)."""

Suit = Literal["s", "h", "d", "c"]
"""A suit letter: ``s`` spades, ``h`` hearts, ``d`` diamonds, ``c`` clubs."""

Rank = Literal["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"]
"""A rank letter: ``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""


class Model(BaseModel):
    """Strict, immutable base for everything read from the card files."""

    model_config = ConfigDict(
        extra="forbid", frozen=True, str_strip_whitespace=True, defer_build=True
    )
    """``defer_build``: a model's validator is built when it first validates, not when the
    class is defined; a command whose cards are read back from
    :mod:`companion.cards.snapshot` validates none, and so builds none."""


class CardModel(Model):
    """Fields every card carries, whatever its game.

    Subclasses add ``type: Literal[...]`` and the structured fields their
    rules need; prose goes in ``text`` and is always the project's own words.
    """

    id: Slug
    name: Annotated[str, StringConstraints(min_length=1, max_length=80)]
    deck: Slug
    quantity: Annotated[int, Field(ge=1, le=99)] = 1
    text: str = ""
    flavor: str | None = None
    designed: bool = False
    designed_reason: str | None = None
    designed_fields: tuple[str, ...] = ()
    """Which values the project designed where the rulebook is silent
    (``quantity`` for a designed copy count, ``cost`` for a designed price);
    empty with ``designed`` means the whole card is designed."""
    variant: bool = False
    art: str | None = None
    joins: Slug | None = None
    """The deck this card is shuffled into, when not its own (a variant or
    extra card): it wears that deck's back so it cannot be told apart."""

    @model_validator(mode="after")
    def _designed_needs_reason(self) -> CardModel:
        if self.designed and not (self.designed_reason and self.designed_reason.strip()):
            raise ValueError("designed cards need a one-line designed_reason")
        if self.designed_fields and not self.designed:
            raise ValueError("designed_fields needs designed: true")
        unknown = [f for f in self.designed_fields if f not in type(self).model_fields]
        if unknown:
            raise ValueError(f"designed_fields names unknown field(s): {', '.join(unknown)}")
        return self

    def designs(self, field: str | None = None) -> bool:
        """Whether the project designed ``field`` of this card (or, with no
        field, the card as a whole rather than only some of its values)."""
        if not self.designed:
            return False
        if field is None:
            return not self.designed_fields
        return not self.designed_fields or field in self.designed_fields

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id!r} x{self.quantity}>"

    def __str__(self) -> str:
        return self.name

    @property
    def kind(self) -> str:
        """The card's type tag (``treasure``, ``monster``, ...)."""
        return str(getattr(self, "type", type(self).__name__.lower()))

    @property
    def card_class(self) -> str:
        """What kind of card this is, in the game's words (a game's card may say more)."""
        return self.kind.replace("-", " ")

    def to_json(self) -> dict[str, Any]:
        """The card as a JSON object: every field that is set (``cards list --json``)."""
        data: dict[str, Any] = self.model_dump(mode="json", exclude_none=True)
        return data

    def own_fields(self) -> dict[str, Any]:
        """The fields its game adds to every card's (rank, cost, rules...), the empty ones left out.

        >>> from companion.cards.common import PlayingCard
        >>> PlayingCard(id="ks", name="King of Spades", deck="main", rank="K", suit="s").own_fields()
        {'rank': 'K', 'suit': 's'}
        """
        common = set(CardModel.model_fields) | {"type"}
        return {
            key: value
            for key, value in self.to_json().items()
            if key not in common and value not in ((), [], {})
        }


class DeckBack(Model):
    """How a deck's card backs look when printed."""

    title: str
    subtitle: str | None = None
    color: Annotated[str, StringConstraints(pattern=r"^#[0-9a-fA-F]{6}$")] = "#2b2b40"
    accent: Annotated[str, StringConstraints(pattern=r"^#[0-9a-fA-F]{6}$")] = "#d4af37"
    pattern: str = "diamonds"


class DeckInfo(Model):
    """One deck of a game as declared in ``game.yaml``."""

    id: Slug
    name: str
    description: str = ""
    default_type: str | None = None
    types: tuple[str, ...] = ()
    """Card types allowed in this deck; empty means any type of the game."""
    expected_total: Annotated[int, Field(ge=0)] | None = None
    """Sum of quantities the rulebook gives for this deck (checked by tests)."""
    back: DeckBack | None = None
    variant: bool = False
    joins: Slug | None = None
    """Another deck whose cards this deck's cards end up shuffled with (DECKO's
    market cards join the players' starting decks); both wear one back."""
    piles: str | None = None
    """The card field whose values split this deck into the piles a table sets
    up (DECKO's starting decks by ``fruit``, its jokers by ``joker_type``; a
    ``true`` flag such as ``set_aside`` puts those cards on a pile of their
    own). Each pile is one object in a virtual-table export."""


class GameInfo(Model):
    """A game's ``game.yaml``: its name and its decks in play order."""

    id: Slug
    name: str
    rulebook: str = ""
    players: str = ""
    decks: tuple[DeckInfo, ...]

    def deck(self, deck_id: str) -> DeckInfo | None:
        return next((d for d in self.decks if d.id == deck_id), None)
