"""Every worked example of docs/showdown.md is a test: run it, compare the JSON shown."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.conftest import invoke

DOC = Path(__file__).resolve().parents[2] / "docs" / "showdown.md"
_PART = re.compile(
    r"^### (?P<heading>[^\n]+)$|^```(?P<kind>yaml showdown|json expect)\n(?P<body>.*?)^```",
    re.DOTALL | re.MULTILINE,
)


def _examples() -> list[tuple[str, str, dict[str, object]]]:
    text = DOC.read_text(encoding="utf-8")
    examples = []
    pending: str | None = None
    heading = ""
    for m in _PART.finditer(text):
        if m.group("heading"):
            heading = m.group("heading")
        elif m.group("kind") == "yaml showdown":
            assert pending is None, f"{heading}: a showdown without its expected JSON"
            pending = m.group("body")
        else:
            assert pending is not None, f"{heading}: expected JSON without a showdown"
            examples.append((heading, pending, json.loads(m.group("body"))))
            pending = None
    assert pending is None
    return examples


EXAMPLES = _examples()


def test_the_doc_has_at_least_six_worked_examples() -> None:
    assert len({heading for heading, _, _ in EXAMPLES}) >= 6


@pytest.mark.parametrize(
    ("heading", "source", "expected"),
    EXAMPLES,
    ids=[f"{i}-{h[:30]}" for i, (h, _, _) in enumerate(EXAMPLES)],
)
def test_worked_example(heading: str, source: str, expected: dict[str, object]) -> None:
    result = invoke("showdown", "-", "--json", input=source)
    assert result.exit_code == 0, result.stderr
    data = result.json()
    for key, value in expected.items():
        assert data[key] == value, f"{heading}: {key}"
