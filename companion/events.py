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
import json
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Literal, Union

from companion.registry import KIND_LOADERS, use_kind_loader

__all__ = [
    "Event",
    "EventError",
    "Words",
    "event_kinds",
    "read_event",
    "read_event_text",
    "seen_by_all",
    "sentence",
    "use_kind_loader",
    "use_words",
]


class EventError(ValueError):
    """A value that is not an event of a known kind with exactly its fields."""


_KINDS: dict[str, type[Event]] = {}


def _kind(name: str) -> type[Event] | None:
    while name not in _KINDS and KIND_LOADERS:
        KIND_LOADERS.pop(0)()
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
        _READ.clear()  # a text read before may name this kind differently now

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
        for name in _field_names(type(self)):
            out[name] = _plain(getattr(self, name))
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
    _READ.clear()
    _HINTS.pop(cls, None)  # type: ignore[arg-type]  # None is never a key: pop is a no-op
    _BUILDERS.pop(cls, None)  # type: ignore[arg-type]
    _FIELD_NAMES.pop(cls, None)  # type: ignore[arg-type]
    _DECODERS.pop(cls, None)


_FIELD_NAMES: dict[type[Any], tuple[str, ...]] = {}


def _field_names(cls: type[Any]) -> tuple[str, ...]:
    """The names of a dataclass's fields, in order (asked once a class)."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


_SCALARS = frozenset({str, int, float, bool, type(None)})


def _plain(value: Any) -> Any:
    """A field as JSON: tuples as lists, nested values as their fields."""
    if type(value) in _SCALARS:  # most fields: nothing to turn
        return value
    if isinstance(value, Event):
        return value.fields_json()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {name: _plain(getattr(value, name)) for name in _field_names(type(value))}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


# -- reading an event back --------------------------------------------------------------------


def read_event(data: Any) -> Event:
    """The event ``data`` (an event's ``to_json()``) holds; :class:`EventError` naming the
    first thing wrong (the kind, a missing or unknown field, a value of the wrong type)."""
    if type(data) is not dict and not isinstance(data, Mapping):
        raise EventError(f"an event is a JSON object, got {_short(data)}")
    kind = data.get("event")
    if not isinstance(kind, str):
        raise EventError("an event names its kind ('event')")
    cls = _kind(kind)
    if cls is None:
        raise EventError(f"unknown event '{kind[:40]}'")
    event: Event = _builder(cls)(data, kind)
    return event


_READ: dict[str, Event] = {}
"""Events read from their JSON text, by the text (at most ``_READ_KEPT``)."""

_READ_KEPT = 512


def read_event_text(text: str) -> Event:
    """The event whose JSON text is ``text``, as :func:`read_event` reads it (a ``ValueError``
    for text that is not JSON). A text read before gives back the value it gave then: events
    are immutable, and a server whose pages show a table's last lines reads the same few
    entries at every request."""
    found = _READ.get(text)
    if found is not None:
        return found
    event = read_event(json.loads(text))
    if len(_READ) >= _READ_KEPT:
        _READ.clear()  # emptied when full: it fills again with the entries in use
    _READ[text] = event
    return event


_HINTS: dict[type[Any], dict[str, Any]] = {}


def _hints(cls: type[Any]) -> dict[str, Any]:
    """The fields' types of an event class (read once a class)."""
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


Decoder = Callable[[Any, str], Any]
"""Reads one JSON value as one type (``where`` names it in an error)."""

_BUILDERS: dict[type[Any], Callable[[Mapping[str, Any], str], Any]] = {}
_DECODERS: dict[Any, Decoder] = {}


def _builder(cls: type[Any]) -> Callable[[Mapping[str, Any], str], Any]:
    """The reader of ``cls``'s fields from an event's JSON, made once a class: the fields, which
    of them must be given and each one's decoder are worked out here, so reading a history of
    thousands of entries asks the type hints nothing."""
    found = _BUILDERS.get(cls)
    if found is not None:
        return found
    hints = _hints(cls)
    fields = dataclasses.fields(cls)
    allowed = frozenset(f.name for f in fields) | {"event", "rule", "text"}
    plan = [
        (
            f.name,
            f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING,
            _decoder(hints[f.name]),
            _unchanged_types(hints[f.name]),
        )
        for f in fields
    ]

    def build(data: Mapping[str, Any], where: str) -> Any:
        if not allowed.issuperset(data):
            extra = sorted(set(data) - allowed)
            raise EventError(f"{where}: no field '{extra[0][:40]}'")
        values: dict[str, Any] = {}
        for name, required, decode, as_is in plan:
            if name in data:
                value = data[name]
                # A value of a type its decoder hands back unchanged needs no call.
                values[name] = value if type(value) in as_is else decode(value, f"{where}.{name}")
            elif required:
                raise EventError(f"{where}: '{name}' is missing")
        return cls(**values)

    _BUILDERS[cls] = build
    return build


_PLAIN_LEAVES: dict[Any, frozenset[type[Any]]] = {
    str: frozenset({str}),
    int: frozenset({int}),
    bool: frozenset({bool}),
    type(None): frozenset({type(None)}),
}


def _unchanged_types(hint: Any) -> frozenset[type[Any]]:
    """The exact types of a value that ``hint``'s decoder returns unchanged (text for
    ``str | None``; a whole number for ``int``, not for ``float``, which makes it a float)."""
    if hint in _PLAIN_LEAVES:
        return _PLAIN_LEAVES[hint]
    if typing.get_origin(hint) in (Union, types.UnionType):
        options = typing.get_args(hint)
        kept = frozenset().union(*(_PLAIN_LEAVES.get(o, frozenset()) for o in options))
        # an earlier option that takes a value and changes it: a float takes a whole number
        return kept - {int} if float in options else kept
    return frozenset()


def _decoder(hint: Any) -> Decoder:
    """The decoder of ``hint``, made once a type (see :func:`_make_decoder`)."""
    try:
        return _DECODERS[hint]
    except KeyError:
        pass
    except TypeError:  # a hint that cannot be a key: made each time
        return _make_decoder(hint)
    made = _DECODERS[hint] = _make_decoder(hint)
    return made


def _make_decoder(hint: Any) -> Decoder:
    """What reading a value as ``hint`` checks, worked out once: each branch returns a
    function that only checks the value (a list becomes a tuple). A container's items are
    read with its own ``where``; when one is wrong they are read again with their places
    named (``[2]``, ``.gold``), so the error names the first wrong value as it always did
    and a right value costs no names."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Any:
        return _as_is
    if origin in (Union, types.UnionType):
        options = [_decoder(option) for option in args]
        takes_none = type(None) in args

        def one_of(value: Any, where: str) -> Any:
            if value is None and takes_none:  # what the first option to take None gives
                return None
            for option in options:
                try:
                    return option(value, where)
                except EventError:
                    continue
            raise EventError(f"{where}: {_short(value)} is not one of the values it takes")

        return one_of
    if hint is type(None):
        return _nothing
    if origin is Literal:

        def literal(value: Any, where: str) -> Any:
            if value in args:
                return value
            raise EventError(f"{where}: {_short(value)} is not one of {', '.join(map(repr, args))}")

        return literal
    if hint in _LEAVES:
        return _LEAVES[hint]
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _tuple_of(_decoder(args[0]))
        return _fixed_tuple([_decoder(a) for a in args])
    if origin in (dict, Mapping):
        return _mapping(_decoder(args[0]), _decoder(args[1]))
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        part: type[Any] = hint

        def nested(value: Any, where: str) -> Any:
            if type(value) is not dict and not isinstance(value, Mapping):
                raise EventError(f"{where}: expected an object, got {_short(value)}")
            if part is Event:  # any event: its kind says which
                return read_event(value)
            return _builder(part)(value, where)  # one event class (a part of another: GoldPaid)

        return nested

    def unknown(value: Any, where: str) -> Any:
        raise TypeError(f"{where}: events cannot hold a {hint!r}")  # a programming error

    return unknown


def _as_is(value: Any, where: str) -> Any:
    return value


def _nothing(value: Any, where: str) -> None:
    if value is None:
        return None
    raise EventError(f"{where}: expected nothing, got {_short(value)}")


def _bool(value: Any, where: str) -> bool:
    if isinstance(value, bool):
        return value
    raise EventError(f"{where}: expected true or false, got {_short(value)}")


def _int(value: Any, where: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise EventError(f"{where}: expected a whole number, got {_short(value)}")


def _float(value: Any, where: str) -> float:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    raise EventError(f"{where}: expected a number, got {_short(value)}")


def _str(value: Any, where: str) -> str:
    if isinstance(value, str):
        return value
    raise EventError(f"{where}: expected text, got {_short(value)}")


_LEAVES: dict[Any, Decoder] = {bool: _bool, int: _int, float: _float, str: _str}


def _tuple_of(item: Decoder) -> Decoder:
    def read(value: Any, where: str) -> tuple[Any, ...]:
        if not isinstance(value, list | tuple):
            raise EventError(f"{where}: expected a list, got {_short(value)}")
        try:
            return tuple([item(v, where) for v in value])
        except EventError:
            for i, v in enumerate(value):  # again, naming each place: raises at the first
                item(v, f"{where}[{i}]")
            raise

    return read


def _fixed_tuple(items: list[Decoder]) -> Decoder:
    def read(value: Any, where: str) -> tuple[Any, ...]:
        if not isinstance(value, list | tuple):
            raise EventError(f"{where}: expected a list, got {_short(value)}")
        if len(value) != len(items):
            raise EventError(f"{where}: expected {len(items)} values, got {len(value)}")
        return tuple([item(v, f"{where}[{i}]") for i, (v, item) in enumerate(zip(value, items))])

    return read


def _mapping(key: Decoder, item: Decoder) -> Decoder:
    def read(value: Any, where: str) -> dict[Any, Any]:
        if type(value) is not dict and not isinstance(value, Mapping):
            raise EventError(f"{where}: expected an object, got {_short(value)}")
        try:
            return {key(k, where): item(v, where) for k, v in value.items()}
        except EventError:
            for k, v in value.items():  # again, naming each place: raises at the first
                key(k, where)
                item(v, f"{where}.{k}")
            raise

    return read


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
