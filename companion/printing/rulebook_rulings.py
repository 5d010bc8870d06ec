"""What a rulebook prints as the designers' rules and what as this edition's.

Every book marks this edition's own rulings and designed values with one
symbol, :data:`MARK`, so a player can always tell the designers' rules from
ours. The mark is never typed by hand: templates take it from the data.

- Card values come with ``designed: true`` (and ``designed_fields`` when only
  some values are ours); :func:`ours` gives the mark for a card, a part, a
  timer structure or one field of them.
- Clarifications live in ``templates/rulebooks/<game-id>/rulings.yaml``,
  each with its ``source``: ``designer FAQ`` (the original book's questions
  and answers), ``designer rules`` (what the original rules already say,
  spelled out) or ``this edition`` (our ruling where the original is silent,
  which must name its entry in ``docs/decisions.md``). :attr:`Ruling.mark`
  is the mark of a ruling of this edition.

>>> from types import SimpleNamespace as N
>>> ours(N(designed=True, designed_fields=("cost",)), "cost"), ours(N(designed=False))
('†', '')
>>> gate_symbol(">=3"), gate_symbol("<8"), strip_gate("(A >= 5) INT 3+ test.")
('(A ≥ 3)', '(A < 8)', 'INT 3+ test.')
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    model_validator,
)

from companion.errors import CompanionError

MARK = "†"
"""The mark of this edition's rulings and designed values, in every book."""

THIS_EDITION = "this edition"
Source = Literal["designer FAQ", "designer rules", "this edition"]
RULINGS_FILE = "rulings.yaml"


def designed(thing: Any, field: str | None = None) -> bool:
    """Whether this edition designed ``thing`` (a card, a card part, a timer
    structure), or with ``field`` that value of it.

    Without ``field`` only a thing designed as a whole counts; a card whose
    ``designed_fields`` name some values is marked at those values.
    """
    if thing is None:
        return False
    if not hasattr(thing, "designed"):  # a timer structure: designed when it says why
        return bool(getattr(thing, "designed_reason", None))
    if not thing.designed:
        return False
    fields = tuple(getattr(thing, "designed_fields", ()) or ())
    return not fields if field is None else (not fields or field in fields)


def ours(thing: Any, field: str | None = None) -> str:
    """:data:`MARK` when :func:`designed` says so, else nothing."""
    return MARK if designed(thing, field) else ""


def any_ours(things: Any, field: str | None = None) -> str:
    """:data:`MARK` when any of ``things`` is designed (a row summing several cards)."""
    return MARK if any(designed(t, field) for t in things) else ""


_GATE = re.compile(r"^\s*\(A\s*(>=|≥|<)\s*(\d)\)\s*")


def gate_symbol(gate: str | None) -> str:
    """A room action's level gate as the cards print it: ``>=3`` -> ``(A ≥ 3)``."""
    if not gate:
        return ""
    m = re.fullmatch(r"(>=|<)(\d)", gate)
    if m is None:
        raise CompanionError(f"unknown level gate '{gate}'")
    return f"(A {'≥' if m.group(1) == '>=' else '<'} {m.group(2)})"


def strip_gate(text: str) -> str:
    """``text`` without a leading ``(A >= 5)`` gate (the book prints the gate itself)."""
    return _GATE.sub("", text, count=1)


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True)


Slug = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(?:-[a-z0-9]+)*$")]


class Ruling(_Model):
    """One clarification: a question (or a card's name) and its answer."""

    id: Slug
    source: Source
    q: Annotated[str, StringConstraints(min_length=1)]
    a: Annotated[str, StringConstraints(min_length=1)]
    decision: str | None = None
    """The bold title of this ruling's entry in docs/decisions.md (rulings of
    this edition only, where it is required)."""

    @property
    def mark(self) -> str:
        return MARK if self.source == THIS_EDITION else ""

    @model_validator(mode="after")
    def _decision_for_ours(self) -> Ruling:
        if self.source == THIS_EDITION and not self.decision:
            raise ValueError("a ruling of this edition names its entry in docs/decisions.md")
        if self.source != THIS_EDITION and self.decision:
            raise ValueError("only a ruling of this edition has a decision")
        return self


class RulingSection(_Model):
    title: str = ""
    rulings: tuple[Ruling, ...] = Field(min_length=1)


class Rulings(_Model):
    """A book's clarifications, in the order they are printed."""

    sections: tuple[RulingSection, ...] = ()

    def all(self) -> list[Ruling]:
        """Every ruling, in book order."""
        return [r for s in self.sections for r in s.rulings]

    def get(self, ruling_id: str) -> Ruling:
        for r in self.all():
            if r.id == ruling_id:
                return r
        raise CompanionError(f"no ruling '{ruling_id}' in {RULINGS_FILE}")

    def of_source(self, source: str) -> list[Ruling]:
        return [r for r in self.all() if r.source == source]


def load_rulings(game_dir: Path) -> Rulings:
    """The rulings of the book whose template folder is ``game_dir`` (none
    if it has no rulings file); a bad file is a one-line error."""
    from companion.documents import read_document

    path = game_dir / RULINGS_FILE
    if not os.path.lexists(path):
        return Rulings()
    where = f"{game_dir.name}/{RULINGS_FILE}"
    raw = read_document(path, what="rulings file", format="yaml", source=f"rulebook {where}")
    try:
        rulings = Rulings.model_validate(raw or {})
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = ".".join(str(part) for part in first["loc"])
        raise CompanionError(f"rulebook {where}: {loc}: {first['msg']}") from None
    ids = [r.id for r in rulings.all()]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    if dupes:
        raise CompanionError(f"rulebook {where}: ruling id used twice: {', '.join(dupes)}")
    return rulings


def render_rulings(rulings: Rulings, render: Any) -> Rulings:
    """``rulings`` with every question and answer passed through ``render``
    (the template engine, so answers may quote card data)."""
    return Rulings(
        sections=tuple(
            RulingSection(
                title=render(s.title),
                rulings=tuple(
                    r.model_copy(update={"q": render(r.q), "a": render(r.a)}) for r in s.rulings
                ),
            )
            for s in rulings.sections
        )
    )
