"""From ``companion print``'s options to library objects: the sheet, the file names, the plan."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

from companion.paths import default_output_dir
from companion.printing.options import deck_file, sheet_spec, sheet_spec_of

WORDS = {
    name: param.default
    for name, param in inspect.signature(sheet_spec).parameters.items()
    if name != "env"
}


def test_the_sheet_is_read_from_the_options_by_name_and_the_rest_is_ignored() -> None:
    given = {**WORDS, "paper": "letter", "backs": "fold", "out": Path("x.pdf"), "copies": 3}
    assert sheet_spec_of(given) == sheet_spec(**{**WORDS, "paper": "letter", "backs": "fold"})


def test_a_sheet_option_missing_from_a_command_is_a_bug_not_a_silent_default() -> None:
    given = {k: v for k, v in WORDS.items() if k != "crop_marks"}
    with pytest.raises(TypeError, match="crop_marks"):
        sheet_spec_of(given)


@pytest.mark.parametrize(
    ("decks", "only", "name"),
    [
        ((), False, "decko.pdf"),
        (("jokers", "market"), False, "decko-jokers-market.pdf"),
        (("jokers",), True, "decko-jokers-only.pdf"),
    ],
)
def test_print_deck_names_its_file_after_what_it_prints(
    decks: tuple[str, ...], only: bool, name: str
) -> None:
    assert deck_file("decko", decks, only) == default_output_dir() / name
    assert deck_file("decko", decks, only, Path("mine.pdf")) == Path("mine.pdf")


def test_print_all_without_any_game_says_where_it_looked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.cards import loader
    from companion.errors import CompanionError
    from companion.printing.print_all import plan_all

    monkeypatch.setenv("COMPANION_CARDS", str(tmp_path))
    loader.clear_cache()
    with pytest.raises(CompanionError, match=f"no games found in {tmp_path}"):
        plan_all(tmp_path / "out")
