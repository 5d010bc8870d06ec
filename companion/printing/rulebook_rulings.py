"""What a rulebook prints as the designers' rules and what as this edition's.

Every book marks this edition's own rulings and designed values with one
symbol, :data:`MARK`, so a player can always tell the designers' rules from
ours. The mark is never typed by hand: templates take it from the data.

- Card values come with ``designed: true`` (and ``designed_fields`` when only
  some values are ours); :func:`ours` gives the mark for a card, a part, a
  timer structure or one field of them.
- Rulings live in ``templates/rulebooks/<game-id>/rulings.yaml``, each with
  an ``id`` and its ``source``: ``designer FAQ`` (the original book's
  questions and answers), ``designer rules`` (what the original rules already
  say, spelled out) or ``this edition`` (our ruling where the original is
  silent, which must name its entry in ``docs/decisions.md``; that entry
  cites the id). The ``sections`` are the Clarifications chapter (a question
  ``q`` and an answer ``a``); ``rules`` are rulings that only the rules
  chapters state. A ruling that a rules chapter states has the words it
  prints (``says``), and the template prints them with :func:`rule`, which
  adds the mark; a ruling that a card's own text states names the card
  (``cards``), and :func:`card_text` marks that text where it says so.
- A ruling of this edition also lists ``tells``: patterns that any sentence
  stating it would match. :func:`unmarked` finds a sentence of a rendered
  book that matches one outside the marked places, that is a ruling of ours
  typed straight into a template.

>>> from types import SimpleNamespace as N
>>> ours(N(designed=True, designed_fields=("cost",)), "cost"), ours(N(designed=False))
('†', '')
>>> gate_symbol(">=3"), gate_symbol("<8"), strip_gate("(A >= 5) INT 3+ test.")
('(A ≥ 3)', '(A < 8)', 'INT 3+ test.')
>>> r = Rulings(rules=(Ruling(id="x", source="this edition", decision="X", says="at once",
...     tells=("wins? at once",)),))
>>> rule(r, "x"), [u.ruling for u in unmarked("The first to get there wins at once.", r)]
('at once†', ['x'])
>>> unmarked("The first to get there wins " + rule(r, "x") + ".", r)
[]
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
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


def _pattern(text: str) -> str:
    try:
        re.compile(text)
    except re.error as exc:
        raise ValueError(f"tells: bad pattern {text!r} ({exc})") from None
    return text


Text = Annotated[str, StringConstraints(min_length=1)]
Tell = Annotated[str, StringConstraints(min_length=3), AfterValidator(_pattern)]


class Ruling(_Model):
    """One ruling: a clarification (``q`` and ``a``), a statement of the
    rules chapters (``says``), or both."""

    id: Slug
    source: Source
    q: Text | None = None
    a: Text | None = None
    says: Text | None = None
    """The words a rules chapter prints for this ruling (:func:`rule` adds the mark)."""
    cards: tuple[Slug, ...] = ()
    """Cards whose own printed text says ``says`` (:func:`card_text` marks it there)."""
    tells: tuple[Tell, ...] = ()
    """Patterns (case-blind regular expressions) that a sentence stating this ruling matches."""
    decision: str | None = None
    """The bold title of this ruling's entry in docs/decisions.md (rulings of
    this edition only, where it is required); the entry cites :attr:`id`."""

    @property
    def mark(self) -> str:
        return MARK if self.source == THIS_EDITION else ""

    @property
    def ours(self) -> bool:
        return self.source == THIS_EDITION

    @model_validator(mode="after")
    def _consistent(self) -> Ruling:
        if self.ours and not self.decision:
            raise ValueError("a ruling of this edition names its entry in docs/decisions.md")
        if self.ours and not self.tells:
            raise ValueError("a ruling of this edition lists the tells of a sentence stating it")
        if not self.ours and self.decision:
            raise ValueError("only a ruling of this edition has a decision")
        if (self.q is None) != (self.a is None):
            raise ValueError("a clarification has both a question q and an answer a")
        if self.q is None and self.says is None:
            raise ValueError("a ruling has a question and answer, or the words it says")
        if self.cards and self.says is None:
            raise ValueError("a ruling stated by cards gives the words they say (says)")
        return self


class RulingSection(_Model):
    title: str = ""
    rulings: tuple[Ruling, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _clarifications(self) -> RulingSection:
        for r in self.rulings:
            if r.q is None:
                raise ValueError(f"ruling {r.id} of the Clarifications has no q and a")
        return self


class Rulings(_Model):
    """A book's rulings: the clarifications in the order they are printed,
    then the rulings only the rules chapters state."""

    sections: tuple[RulingSection, ...] = ()
    rules: tuple[Ruling, ...] = ()

    @model_validator(mode="after")
    def _stated(self) -> Rulings:
        for r in self.rules:
            if r.says is None:
                raise ValueError(f"ruling {r.id} of rules has no says")
        return self

    def all(self) -> list[Ruling]:
        """Every ruling, clarifications first, in book order."""
        return [r for s in self.sections for r in s.rulings] + list(self.rules)

    def get(self, ruling_id: str) -> Ruling:
        for r in self.all():
            if r.id == ruling_id:
                return r
        raise CompanionError(f"no ruling '{ruling_id}' in {RULINGS_FILE}")

    def of_source(self, source: str) -> list[Ruling]:
        return [r for r in self.all() if r.source == source]

    def of_card(self, card_id: str) -> list[Ruling]:
        """The rulings whose words the text of card ``card_id`` says."""
        return [r for r in self.all() if card_id in r.cards]


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
    """``rulings`` with every question, answer and statement passed through
    ``render`` (the template engine, so they may quote card data)."""

    def one(r: Ruling) -> Ruling:
        return r.model_copy(
            update={
                key: render(getattr(r, key))
                for key in ("q", "a", "says")
                if getattr(r, key) is not None
            }
        )

    return Rulings(
        sections=tuple(
            RulingSection(title=render(s.title), rulings=tuple(one(r) for r in s.rulings))
            for s in rulings.sections
        ),
        rules=tuple(one(r) for r in rulings.rules),
    )


def rule(rulings: Rulings, ruling_id: str) -> str:
    """The words of ruling ``ruling_id`` as a rules chapter prints them:
    its ``says``, with the mark when the ruling is this edition's."""
    r = rulings.get(ruling_id)
    if r.says is None:
        raise CompanionError(f"ruling '{ruling_id}' in {RULINGS_FILE} has no words to say (says)")
    return r.says + r.mark


def card_text(rulings: Rulings, card: Any, text: str | None = None) -> str:
    """``card``'s text escaped for the markup, marked after the words of every
    ruling that names the card; a ruling whose words the text does not hold
    is an error naming both."""
    from companion.printing.rulebook_markup import escape

    out = escape(card.text if text is None else text)
    for r in rulings.of_card(card.id):
        words = escape(r.says or "")
        if words not in out:
            raise CompanionError(
                f"ruling '{r.id}' in {RULINGS_FILE}: the text of {card.id} does not say {words!r}"
            )
        out = out.replace(words, words + r.mark, 1)
    return out


@dataclass(frozen=True)
class Unmarked:
    """A ruling of this edition stated where the book prints no mark."""

    ruling: str
    excerpt: str

    def __str__(self) -> str:
        return f"{self.ruling}: ...{self.excerpt}..."


def _norm(text: str) -> str:
    return " ".join(text.split())


def marked_places(rulings: Rulings) -> list[str]:
    """What the book prints, marked, for each ruling of this edition: its
    clarification line and its words (in a rules chapter or in a card's text)."""
    from companion.printing.rulebook_markup import escape

    places: list[str] = []
    for r in rulings.all():
        if not r.ours:
            continue
        if r.q is not None:
            places.append(_norm(f"**{r.q}**{r.mark} {r.a}"))
        if r.says is not None:
            places += [_norm(r.says + r.mark), _norm(escape(r.says) + r.mark)]
    return sorted(set(places), key=len, reverse=True)


def unmarked(markup: str, rulings: Rulings) -> list[Unmarked]:
    """Every place of the rendered ``markup`` that states a ruling of this
    edition (matches one of its ``tells``) outside the places where the
    book prints it with the mark."""
    text = _norm(markup)
    for place in marked_places(rulings):
        text = text.replace(place, " \x00 ")
    found: list[Unmarked] = []
    for r in rulings.all():
        if not r.ours:
            continue
        for tell in r.tells:
            for m in re.finditer(tell, text, flags=re.IGNORECASE):
                start, end = max(0, m.start() - 50), min(len(text), m.end() + 50)
                found.append(Unmarked(r.id, text[start:end].replace("\x00", "")))
    return found
