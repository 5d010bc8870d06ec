"""The one bounded reader of YAML and JSON documents (companion.documents)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.documents import (
    MAX_DEPTH,
    MAX_INT,
    parse_document,
    read_document,
    short,
)
from companion.errors import CompanionError

HOSTILE = Path(__file__).resolve().parent.parent / "data" / "hostile"
CORPUS = sorted(p for p in HOSTILE.iterdir() if p.suffix in (".yaml", ".json"))


def _refused(text: str, pattern: str, source: str = "f.yaml") -> str:
    with pytest.raises(CompanionError, match=pattern) as err:
        parse_document(text, source)
    message = str(err.value)
    assert "\n" not in message and len(message) < 300
    return message


def test_an_alias_bomb_is_measured_not_spelled_out() -> None:
    # 9 levels of 9 aliases: 9**9 strings once spelled out, 400 bytes on disk.
    _refused((HOSTILE / "alias-bomb.yaml").read_text(), "too many values once its aliases")


def test_an_alias_that_holds_itself_is_refused() -> None:
    _refused("a: &a [1, *a]", "an alias refers to the value that holds it")
    _refused("a: &a {b: {c: *a}}", "an alias refers to the value that holds it")


def test_a_few_aliases_as_the_card_files_use_them_are_fine() -> None:
    data = parse_document("base: &b {x: 1}\none: *b\ntwo: {<<: *b, y: 2}", "cards.yaml")
    assert data == {"base": {"x": 1}, "one": {"x": 1}, "two": {"x": 1, "y": 2}}


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 5000])
def test_nesting_past_the_limit_is_refused_in_yaml_and_json(depth: int) -> None:
    _refused("a: " + "[" * depth + "]" * depth, "nested too deeply")
    _refused("[" * depth + "]" * depth, "nested too deeply", "f.json")


def test_nesting_up_to_the_limit_is_read() -> None:
    depth = MAX_DEPTH - 1
    assert parse_document("[" * depth + "]" * depth, "f.json") is not None
    assert parse_document("a: " + "[" * depth + "]" * depth, "f.yaml") is not None


@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_an_integer_of_thousands_of_digits_is_a_one_line_error(fmt: str) -> None:
    text = "9" * 5000
    document = f"seed: {text}" if fmt == "yaml" else f'{{"seed": {text}}}'
    message = _refused(document, r"the number 999999\.\.\.999999 \(5000 digits\) is too large")
    assert "9" * 50 not in message


@pytest.mark.parametrize("text", ["0x" + "f" * 17, "1:0:0:0:0:0:0:0:0:0:0:0:0", str(MAX_INT + 1)])
def test_every_spelling_of_a_too_large_integer_is_refused(text: str) -> None:
    _refused(f"seed: {text}", "is too large")


def test_the_largest_integers_are_read() -> None:
    assert parse_document(f"a: {MAX_INT}\nb: -{MAX_INT}", "f.yaml") == {"a": MAX_INT, "b": -MAX_INT}
    assert parse_document(f'{{"a": {MAX_INT}}}', "f.json") == {"a": MAX_INT}


@pytest.mark.parametrize(
    ("document", "source"),
    [
        ("a: .inf", "f.yaml"),
        ("a: -.inf", "f.yaml"),
        ("a: .nan", "f.yaml"),
        ('{"a": NaN}', "f.json"),
        ('{"a": Infinity}', "f.json"),
        ('{"a": 1e999}', "f.json"),
    ],
)
def test_numbers_that_are_not_finite_are_refused(document: str, source: str) -> None:
    _refused(document, "not a number companion accepts|not a finite number|too large", source)


def test_python_tags_never_run() -> None:
    _refused('a: !!python/object/apply:os.system ["id"]', "not valid YAML")


def test_a_broken_document_names_its_line() -> None:
    _refused("a: 1\nb: [2,\n", r"f\.yaml: line 3: not valid YAML")
    _refused('{"a":\n', r"f\.json: line 2: not valid JSON", "f.json")


def test_short_keeps_a_bad_value_short() -> None:
    assert len(short("x" * 100_000)) < 60
    assert len(short([[["x" * 1000] * 1000] * 1000])) < 100
    assert short(10**5000).startswith("<an integer of about 5001 digits")
    assert short(None) == "None"


def test_read_document_bounds_the_file_size(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_text("a: " + "b" * 1000)
    with pytest.raises(CompanionError, match=r"showdown file .*big\.yaml is too big"):
        read_document(big, what="showdown file", limit=100)


def test_read_document_picks_json_by_the_file_name(tmp_path: Path) -> None:
    doc = tmp_path / "doc.json"
    doc.write_text('{"a": 1}')
    assert read_document(doc) == {"a": 1}
    doc.write_text("a: 1")  # valid YAML, but a .json file is read as JSON
    with pytest.raises(CompanionError, match="not valid JSON"):
        read_document(doc)


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.name)
def test_every_hostile_file_is_read_or_refused_in_one_line(path: Path) -> None:
    try:
        data = read_document(path, what="test file")
    except CompanionError as exc:
        assert "\n" not in exc.message and len(exc.message) < 300, exc.message
        return
    # What is read is within the bounds.
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        assert depth <= MAX_DEPTH
        assert not isinstance(item, int) or abs(item) <= MAX_INT
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)


_json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-MAX_INT, max_value=MAX_INT)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=30,
)


@settings(max_examples=150, deadline=None)
@given(_json_values)
def test_any_document_within_the_bounds_reads_back_as_written(value: Any) -> None:
    assert parse_document(json.dumps(value), "v.json", format="json") == value
    assert parse_document(yaml.safe_dump(value), "v.yaml", format="yaml") == value


_yamlish = st.text(
    alphabet=st.sampled_from(list("ab1 :-[]{},&*!#|>'\"\n\t.9eE+%@`?") + ["\x00", "é", "\ud7ff"]),
    max_size=60,
)


@settings(max_examples=300, deadline=None)
@given(_yamlish, st.sampled_from(["yaml", "json", "auto"]))
def test_any_text_is_read_or_refused_in_one_line(text: str, fmt: str) -> None:
    try:
        parse_document(text, "fuzz", format=fmt)  # type: ignore[arg-type]
    except CompanionError as exc:
        assert "\n" not in exc.message and exc.message.startswith("fuzz")
