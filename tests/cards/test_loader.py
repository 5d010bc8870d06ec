"""The card loader reports every broken card with file, card and field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from companion.cards import CardDataError, load_game, validate_dir
from companion.paths import cards_dir
from tests.conftest import invoke


@pytest.fixture
def game_copy(tmp_path: Path) -> Path:
    """A private copy of the Dragon Kings folder to break in various ways."""
    shutil.copytree(cards_dir() / "dragon-kings", tmp_path / "dragon-kings")
    return tmp_path


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def _problems(root: Path) -> list[str]:
    _games, problems = validate_dir(root)
    return problems


def test_clean_folder_loads(game_copy: Path) -> None:
    cards = load_game("dragon-kings", game_copy)
    assert cards.total() == sum(cards.total(d.id) for d in cards.decks)
    assert cards.get("as").code == "As"


def test_wrong_field_type_names_file_card_and_field(game_copy: Path) -> None:
    _edit(game_copy / "dragon-kings" / "standard.yaml", "suit: s}", "suit: x}")
    [problem] = _problems(game_copy)
    assert problem == (
        str(game_copy / "dragon-kings" / "standard.yaml")
        + ": card 'Two of Spades': suit: must be one of 's', 'h', 'd' or 'c' (got 'x')"
    )


def test_quantity_below_one_says_the_bound(game_copy: Path) -> None:
    _edit(
        game_copy / "dragon-kings" / "standard.yaml",
        "name: Two of Spades,",
        "name: Two of Spades, quantity: 0,",
    )
    [problem] = _problems(game_copy)
    assert problem.endswith("card 'Two of Spades': quantity: must be ≥ 1 (got 0)")


def test_missing_field_is_reported(game_copy: Path) -> None:
    _edit(game_copy / "dragon-kings" / "standard.yaml", "rank: '2', ", "")
    [problem] = _problems(game_copy)
    assert problem.endswith("card 'Two of Spades': rank: is required")


def test_unknown_field_is_reported(game_copy: Path) -> None:
    _edit(game_copy / "dragon-kings" / "standard.yaml", "rank: '2',", "rank: '2', colour: red,")
    [problem] = _problems(game_copy)
    assert problem.endswith("card 'Two of Spades': colour: is not a known field")


def test_unknown_card_type_is_reported(game_copy: Path) -> None:
    _edit(game_copy / "dragon-kings" / "standard.yaml", "type: joker", "type: dragon")
    [problem] = _problems(game_copy)
    assert "card 'Swords Joker': type: unknown card type 'dragon'" in problem


def test_unknown_deck_file_is_reported(game_copy: Path) -> None:
    (game_copy / "dragon-kings" / "stray.yaml").write_text("cards: []\n")
    [problem] = _problems(game_copy)
    assert problem.endswith(
        "stray.yaml: unknown deck 'stray' (decks of dragon-kings: standard, wing)"
    )


def test_duplicate_id_is_reported(game_copy: Path) -> None:
    _edit(game_copy / "dragon-kings" / "standard.yaml", "{id: 3s,", "{id: 2s,")
    [problem] = _problems(game_copy)
    assert "card 'Three of Spades': id: '2s' is already used" in problem


def test_broken_yaml_names_the_line(game_copy: Path) -> None:
    path = game_copy / "dragon-kings" / "standard.yaml"
    path.write_text(path.read_text() + "  - {id: broken, name: [oops\n")
    [problem] = _problems(game_copy)
    assert problem.startswith(f"{path}: line ")
    assert "not valid YAML" in problem


def test_every_problem_is_listed_not_just_the_first(game_copy: Path) -> None:
    path = game_copy / "dragon-kings" / "standard.yaml"
    _edit(path, "suit: s}", "suit: x}")
    _edit(path, "{id: 4s,", "{id: 3s,")
    assert len(_problems(game_copy)) == 2
    with pytest.raises(CardDataError) as caught:
        load_game("dragon-kings", game_copy)
    assert "(and 1 more" in str(caught.value)


def test_cards_validate_command_lists_errors_and_exits_2(game_copy: Path) -> None:
    _edit(game_copy / "dragon-kings" / "standard.yaml", "suit: s}", "suit: x}")
    _edit(game_copy / "dragon-kings" / "standard.yaml", "{id: 4s,", "{id: 3s,")
    result = invoke("cards", "validate", str(game_copy))
    assert result.exit_code == 2
    assert result.stderr.count("error: ") == 2


def test_cards_validate_accepts_the_builtin_database() -> None:
    result = invoke("cards", "validate")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("ok: ")


def test_cards_show_suggests_close_names() -> None:
    result = invoke("cards", "show", "Kng of Spades")
    assert result.exit_code == 2
    assert "did you mean 'King of Spades'" in result.stderr


def test_cards_schema_describes_card_fields() -> None:
    result = invoke("cards", "schema", "--game", "dragon-kings")
    schema = result.json()
    assert "cards" in schema["properties"]
    assert "PlayingCard" in schema["$defs"]


def test_card_data_errors_survive_pickling(game_copy: Path) -> None:
    import pickle

    _edit(game_copy / "dragon-kings" / "standard.yaml", "suit: s}", "suit: x}")
    _edit(game_copy / "dragon-kings" / "standard.yaml", "{id: 4s,", "{id: 3s,")
    with pytest.raises(CardDataError) as caught:
        load_game("dragon-kings", game_copy)
    copy = pickle.loads(pickle.dumps(caught.value))
    assert copy.problems == caught.value.problems and str(copy) == str(caught.value)
