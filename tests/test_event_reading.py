"""Reading events back (issue 32): readers made once a type, texts read once, the same errors."""

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from companion.events import Event, EventError, forget_kind, read_event, read_event_text


def _define() -> tuple[type[Event], type[Event]]:
    @dataclass(frozen=True)
    class Paid(Event):
        kind: ClassVar[str] = "test-paid"
        who: str
        amount: int

    @dataclass(frozen=True)
    class Round(Event):
        kind: ClassVar[str] = "test-round"
        payments: tuple[Paid, ...]
        cards: tuple[int, ...] = ()
        note: str | None = None
        odds: float | None = None
        by_seat: dict[str, int] | None = None

    return Paid, Round


@pytest.fixture
def kinds() -> Iterator[tuple[type[Any], type[Any]]]:
    """Two event kinds of the test's own, defined for one test and forgotten after it (the
    words module is checked against every kind defined)."""
    yield _define()
    forget_kind("test-paid")
    forget_kind("test-round")


def _round_json(**changes: object) -> dict[str, object]:
    doc: dict[str, object] = {
        "event": "test-round",
        "payments": [
            {"event": "test-paid", "who": "ann", "amount": 3},
            {"event": "test-paid", "who": "bob", "amount": 5},
        ],
        "cards": [1, 2, 3],
        "note": None,
        "odds": 2,
        "by_seat": {"ann": 1},
    }
    doc.update(changes)
    return doc


def test_an_event_reads_back_as_the_value_written(kinds: tuple[type[Any], type[Any]]) -> None:
    Paid, Round = kinds
    event = Round((Paid("ann", 3), Paid("bob", 5)), (1, 2, 3), None, 2.0, {"ann": 1})
    assert read_event(event.fields_json()) == event
    assert read_event(_round_json()) == event
    assert isinstance(read_event(_round_json()).odds, float)  # a whole number read as a number


def test_a_text_read_twice_gives_the_same_value(kinds: object) -> None:
    text = json.dumps(_round_json())
    first = read_event_text(text)
    assert read_event_text(text) is first
    assert first == read_event(_round_json())


def test_a_kind_forgotten_is_not_read_from_a_text_read_before(kinds: object) -> None:
    text = json.dumps({"event": "test-paid", "who": "ann", "amount": 3})
    read_event_text(text)
    forget_kind("test-paid")
    with pytest.raises(EventError, match="unknown event 'test-paid'"):
        read_event_text(text)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"cards": [1, "two", 3]}, r"^test-round\.cards\[1\]: expected a whole number, got 'two'$"),
        (
            {"payments": [{"event": "test-paid", "who": "ann", "amount": True}]},
            r"^test-round\.payments\[0\]\.amount: expected a whole number, got True$",
        ),
        ({"note": 3}, r"^test-round\.note: 3 is not one of the values it takes$"),
        (
            {"by_seat": {"ann": "x"}},
            r"^test-round\.by_seat: \{'ann': 'x'\} is not one of the values it takes$",
        ),
        ({"cards": "123"}, r"^test-round\.cards: expected a list, got '123'$"),
        ({"extra": 1}, r"^test-round: no field 'extra'$"),
        ({"payments": None}, r"^test-round\.payments: expected a list, got None$"),
    ],
)
def test_a_wrong_value_is_named_by_its_place(
    kinds: object, changes: dict[str, object], message: str
) -> None:
    with pytest.raises(EventError, match=message):
        read_event(_round_json(**changes))
    with pytest.raises(EventError, match=message):
        read_event_text(json.dumps(_round_json(**changes)))


def test_a_missing_field_is_named(kinds: object) -> None:
    with pytest.raises(EventError, match=r"^test-round: 'payments' is missing$"):
        read_event({"event": "test-round"})
