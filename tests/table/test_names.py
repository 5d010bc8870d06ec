"""Table and player names: never empty, never twice, compared as people read them."""

from __future__ import annotations

import pytest

from tests.conftest import invoke


def _new(name: str, players: str = "ann,bo") -> tuple[int, str]:
    result = invoke("table", "new", name, "--game", "decko", "--players", players, "--seed", "1")
    return result.exit_code, result.stderr


@pytest.mark.parametrize(
    ("first", "second"),
    [("Ärger", "ärger"), ("STRASSE", "straße"), ("Éclair", "E\u0301clair"), ("Friday", "friday")],
)
def test_table_names_that_differ_only_in_case_are_one_name(first: str, second: str) -> None:
    assert _new(first)[0] == 0
    code, err = _new(second)
    assert code == 2 and "already exists" in err
    listed = invoke("table", "list", "--json").json()
    assert [t["name"] for t in listed] == [first]
    assert [t["current"] for t in listed] == [True]
    assert invoke("table", "show", second, "--json").exit_code == 0  # found under either spelling


@pytest.mark.parametrize("name", ["", "   ", "a\nb", "\x1b[2J", "-x"])
def test_an_unusable_table_name_is_refused_everywhere(name: str) -> None:
    assert _new("friday")[0] == 0
    for args in (
        ("table", "new", name, "--game", "decko", "--players", "a,b"),
        ("table", "select", name),
        ("table", "delete", name, "--yes"),
    ):
        result = invoke(*args)
        assert result.exit_code == 2 and result.stderr.count("\n") == 1, args
        assert "\x1b" not in result.stderr  # a control character is shown escaped
    assert [t["name"] for t in invoke("table", "list", "--json").json()] == ["friday"]


def test_an_empty_table_option_is_not_taken_for_the_current_table() -> None:
    assert _new("friday")[0] == 0
    result = invoke("table", "show", "--table", " ")
    assert result.exit_code == 2 and "the table name is empty" in result.stderr


@pytest.mark.parametrize(
    ("players", "problem"),
    [
        ("ann,,bo", "empty player name"),
        ("ann,ANN", "listed twice"),
        ("Straße,STRASSE", "listed twice"),
        ("ann,\x07bo", "not a usable player name"),
    ],
)
def test_empty_and_duplicate_player_names_are_refused(players: str, problem: str) -> None:
    code, err = _new("friday", players)
    assert code == 2 and problem in err
    assert invoke("table", "list", "--json").json() == []


def test_table_delete_asks_first_and_keeps_the_table_unless_told_yes() -> None:
    assert _new("friday")[0] == 0
    kept = invoke("table", "delete", "friday", input="n\n")
    assert kept.exit_code == 0 and "Delete table 'friday'" in kept.stderr
    no_answer = invoke("table", "delete", "friday", input="")
    assert no_answer.exit_code == 2 and "pass --yes" in no_answer.stderr
    assert [t["name"] for t in invoke("table", "list", "--json").json()] == ["friday"]
    assert invoke("table", "delete", "friday", input="y\n").exit_code == 0
    assert invoke("table", "list", "--json").json() == []


def test_table_delete_yes_does_not_ask() -> None:
    assert _new("friday")[0] == 0
    result = invoke("table", "delete", "FRIDAY", "--yes")
    assert result.exit_code == 0 and "Delete" not in result.stderr
    assert invoke("table", "list", "--json").json() == []


@pytest.mark.parametrize(
    ("table", "players", "bad"),
    [
        ("friday", "ann,a/b", "'/'"),
        ("friday", "ann,<b>bo</b>", "'<', '>', '/'"),
        ("friday", "ann,bo=2", "'='"),
        ("friday", "ann,[red]bo", "'[', ']'"),
        ("fri/day", "ann,bo", "'/'"),
        ("<!--<script", "ann,bo", "'<'"),
    ],
)
def test_a_name_a_page_or_a_command_could_not_take_is_refused_at_table_new(
    table: str, players: str, bad: str
) -> None:
    """A player called `a/b` could never open their own page (the `/` parts its address),
    and `<`, `>`, `=` are the commands' own syntax: refused in one line, nothing made."""
    result = invoke("table", "new", table, "--game", "decko", "--players", players)
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert f"holds {bad}:" in result.stderr
    assert invoke("table", "list", "--json").json() == []


def test_names_with_other_marks_are_welcome() -> None:
    code, err = _new("Ann & Bo's", "O'Brien,Zoë,José-Luis")
    assert code == 0, err
