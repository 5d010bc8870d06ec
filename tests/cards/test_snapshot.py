"""A game's validated cards kept between commands (issue 32), stamped by what they were made of."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from companion.cards import loader, snapshot
from companion.cards.loader import CardDataError, load_game
from companion.paths import cards_dir


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the Dungeon Poker cards, and a cache folder of the test's own."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    root = tmp_path / "cards"
    shutil.copytree(cards_dir() / "dungeon-poker", root / "dungeon-poker")
    loader.clear_cache()
    yield root
    loader.clear_cache()


def _kept(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "cache").rglob("*.pickle"))


def _no_validating(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("validated again")

    monkeypatch.setattr(loader, "_read_game", refuse)


def test_cards_kept_read_back_as_the_cards_validated(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = load_game("dungeon-poker", folder)
    assert len(_kept(tmp_path)) == 1
    loader.clear_cache()
    _no_validating(monkeypatch)
    again = load_game("dungeon-poker", folder)
    assert again is not first
    assert again.cards == first.cards
    assert again.game == first.game
    assert again.get("golem") == first.get("golem")


def test_an_edited_card_file_is_validated_anew_and_its_problem_reported(
    folder: Path, tmp_path: Path
) -> None:
    load_game("dungeon-poker", folder)
    deck = folder / "dungeon-poker" / "monsters.yaml"
    deck.write_text(deck.read_text() + "  - {id: Bad Id, name: Bad}\n")
    loader.clear_cache()
    for _ in range(2):  # never kept, so refused each time
        with pytest.raises(CardDataError, match="monsters.yaml"):
            load_game("dungeon-poker", folder)
        loader.clear_cache()
    assert len(_kept(tmp_path)) == 1  # only the folder as it was


def test_a_new_file_in_the_folder_makes_a_new_entry(folder: Path, tmp_path: Path) -> None:
    load_game("dungeon-poker", folder)
    (folder / "dungeon-poker" / "notes.txt").write_text("not a card file")
    loader.clear_cache()
    load_game("dungeon-poker", folder)
    assert len(_kept(tmp_path)) == 2


def test_a_damaged_entry_is_passed_over(folder: Path, tmp_path: Path) -> None:
    first = load_game("dungeon-poker", folder)
    [entry] = _kept(tmp_path)
    entry.write_bytes(entry.read_bytes()[:-10])
    loader.clear_cache()
    assert load_game("dungeon-poker", folder).cards == first.cards
    [entry] = _kept(tmp_path)  # written again, whole
    assert entry.read_bytes().startswith(snapshot._STAMP)
