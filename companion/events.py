"""Typed events: what a rule changed at the table, as a value.

A rule that changes something (a card drawn, gold paid, a monster slain, a
level opened) returns an :class:`Event`: a frozen dataclass whose fields say
what moved, who and why, and whose ``rule`` names the rule it applied. The
table's history stores the event itself (:mod:`companion.table.store`), so
``table log``, ``table undo`` and the pages read the same value a command
returned, and a test asks an event's fields instead of parsing prose.

Every event class registers its ``kind`` (its name in a log and in JSON) when
it is defined; :func:`read_event` turns an event's JSON back into the value,
refusing anything that is not exactly one (a corrupt history row is a
one-line error, never a half-read entry).

Sentences are not made here: the words of every event live in one place, the
ui's :mod:`companion.ui.render.words`, which hands them to :func:`use_words`
when it is imported (the CLI and the server import it at start, as
``companion.games`` fills :mod:`companion.registry`). Library code that needs
a sentence (a JSON contract holding one) asks :func:`sentence`.

What a player may not see is left out by the event itself:
:meth:`Event.seen_by` gives the event as one viewer may know it (a card drawn
into another player's hand becomes a count), so a page never filters words.

>>> from dataclasses import dataclass
>>> from typing import ClassVar
>>> @dataclass(frozen=True)
... class Rang(Event):
...     kind: ClassVar[str] = "doc-rang"
...     rule: ClassVar[str] = "the doorbell"
...     who: str
...     times: tuple[int, ...] = ()
>>> Rang("ann", (1, 2)).fields_json()
{'event': 'doc-rang', 'rule': 'the doorbell', 'who': 'ann', 'times': [1, 2]}
>>> read_event({"event": "doc-rang", "who": "ann", "times": [1, 2]})
Rang(who='ann', times=(1, 2))
>>> read_event({"event": "doc-rang", "who": 3})
Traceback (most recent call last):
  ...
companion.events.EventError: doc-rang.who: expected text, got 3
>>> forget_kind("doc-rang")
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Literal, Union

__all__ = [
    "Event",
    "EventError",
    "Words",
    "event_kinds",
    "read_event",
    "seen_by_all",
    "sentence",
    "use_kind_loader",
    "use_words",
]


class EventError(ValueError):
    """A value that is not an event of a known kind with exactly its fields."""


_KINDS: dict[str, type[Event]] = {}

_LOADERS: list[Callable[[], None]] = []
"""What defines the event classes not imported yet (each game's events modules): run
once, the first time a history names a kind nobody has defined."""


def use_kind_loader(load: Callable[[], None]) -> None:
    """Call ``load`` to define more event kinds when a kind is not known yet (a command
    that only reads the history imports no game's rules; ``companion.games`` hands its
    loader over when it loads, as it fills the registry)."""
    _LOADERS.append(load)


def _kind(name: str) -> type[Event] | None:
    while name not in _KINDS and _LOADERS:
        _LOADERS.pop(0)()
    return _KINDS.get(name)


@dataclasses.dataclass(frozen=True)
class Event:
    """Something a rule changed; ``kind`` names it, ``rule`` says under which rule."""

    kind: ClassVar[str] = "event"
    rule: ClassVar[str] = ""
    """The rule applied, in the rulebook's words (``000, Monsters``; a card's name)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        kind = cls.__dict__.get("kind")
        if kind is None:
            return  # an abstract family of events (its subclasses name themselves)
        if kind in _KINDS and _KINDS[kind].__qualname__ != cls.__qualname__:
            raise TypeError(f"two event classes are called {kind!r}")
        _KINDS[kind] = cls

    def seen_by(self, viewer: str | None) -> Event:
        """This event as ``viewer`` may know it (``None``: everyone at the table).

        An event that names a card in a player's hand answers with that card left
        out for everyone else; most events are public and answer themselves.
        """
        return self

    def fields_json(self) -> dict[str, Any]:
        """The event's fields, with its kind (and rule) first."""
        out: dict[str, Any] = {"event": self.kind}
        if self.rule:
            out["rule"] = self.rule
        for f in dataclasses.fields(self):
            out[f.name] = _plain(getattr(self, f.name))
        return out

    def to_json(self) -> dict[str, Any]:
        """The event's fields and its sentence (``text``), as ``--json`` prints an event."""
        return {**self.fields_json(), "text": sentence(self)}


def seen_by_all(events: typing.Iterable[Event], viewer: str | None) -> tuple[Event, ...]:
    """Each event as ``viewer`` may know it."""
    return tuple(e.seen_by(viewer) for e in events)


def event_kinds() -> dict[str, type[Event]]:
    """Every event class by its kind (the words module is checked against it)."""
    return dict(_KINDS)


def forget_kind(kind: str) -> None:
    """Drop an event class (examples and tests that define their own)."""
    cls = _KINDS.pop(kind, None)
    _HINTS.pop(cls, None)  # type: ignore[arg-type]  # None is never a key: pop is a no-op


def _plain(value: Any) -> Any:
    """A field as JSON: tuples as lists, nested values as their fields."""
    if isinstance(value, Event):
        return value.fields_json()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


# -- reading an event back --------------------------------------------------------------------


def read_event(data: Any) -> Event:
    """The event ``data`` (an event's ``to_json()``) holds; :class:`EventError` naming the
    first thing wrong (the kind, a missing or unknown field, a value of the wrong type)."""
    if not isinstance(data, Mapping):
        raise EventError(f"an event is a JSON object, got {_short(data)}")
    kind = data.get("event")
    if not isinstance(kind, str):
        raise EventError("an event names its kind ('event')")
    cls = _kind(kind)
    if cls is None:
        raise EventError(f"unknown event '{kind[:40]}'")
    event: Event = _build(cls, data, kind)
    return event


def _build(cls: type[Any], data: Mapping[str, Any], where: str) -> Any:
    hints = _hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}
    extra = sorted(set(data) - set(fields) - {"event", "rule", "text"})
    if extra:
        raise EventError(f"{where}: no field '{extra[0][:40]}'")
    values: dict[str, Any] = {}
    for name, f in fields.items():
        if name not in data:
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise EventError(f"{where}: '{name}' is missing")
            continue
        values[name] = _coerce(data[name], hints[name], f"{where}.{name}")
    return cls(**values)


_HINTS: dict[type[Any], dict[str, Any]] = {}


def _hints(cls: type[Any]) -> dict[str, Any]:
    """The fields' types of an event class (read once a class)."""
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


def _coerce(value: Any, hint: Any, where: str) -> Any:
    """``value`` read as the type ``hint`` (lists become tuples); EventError if it is not one."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Any:
        return value
    if origin in (Union, types.UnionType):
        for option in args:
            try:
                return _coerce(value, option, where)
            except EventError:
                continue
        raise EventError(f"{where}: {_short(value)} is not one of the values it takes")
    if hint is type(None):
        if value is None:
            return None
        raise EventError(f"{where}: expected nothing, got {_short(value)}")
    if origin is Literal:
        if value in args:
            return value
        raise EventError(f"{where}: {_short(value)} is not one of {', '.join(map(repr, args))}")
    if hint is bool:
        if isinstance(value, bool):
            return value
        raise EventError(f"{where}: expected true or false, got {_short(value)}")
    if hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise EventError(f"{where}: expected a whole number, got {_short(value)}")
    if hint is float:
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
        raise EventError(f"{where}: expected a number, got {_short(value)}")
    if hint is str:
        if isinstance(value, str):
            return value
        raise EventError(f"{where}: expected text, got {_short(value)}")
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise EventError(f"{where}: expected a list, got {_short(value)}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_coerce(v, args[0], f"{where}[{i}]") for i, v in enumerate(value))
        if len(value) != len(args):
            raise EventError(f"{where}: expected {len(args)} values, got {len(value)}")
        return tuple(_coerce(v, a, f"{where}[{i}]") for i, (v, a) in enumerate(zip(value, args)))
    if origin in (dict, Mapping):
        if not isinstance(value, Mapping):
            raise EventError(f"{where}: expected an object, got {_short(value)}")
        key, item = args
        return {_coerce(k, key, where): _coerce(v, item, f"{where}.{k}") for k, v in value.items()}
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if not isinstance(value, Mapping):
            raise EventError(f"{where}: expected an object, got {_short(value)}")
        if hint is Event:  # any event: its kind says which
            return read_event(value)
        return _build(hint, value, where)  # one event class (a part of another: GoldPaid)
    raise TypeError(f"{where}: events cannot hold a {hint!r}")  # a programming error


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# -- words -----------------------------------------------------------------------------------

Words = Callable[[Event], str]
"""Puts one event into words (the ui's :func:`companion.ui.render.words.say`)."""

_WORDS: list[Words] = []


def use_words(words: Words) -> None:
    """Make ``words`` the one describer of events (the ui calls this when imported)."""
    _WORDS[:] = [words]


def sentence(event: Event) -> str:
    """``event`` in words, by the describer the ui handed over."""
    if not _WORDS:
        raise RuntimeError(
            "no words for events yet: import companion.ui.render.words first "
            "(the CLI and the server do at start)"
        )
    return _WORDS[0](event)
