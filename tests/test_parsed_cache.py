"""YAML files parsed once and kept by their contents (issue 32: the cards load, not parse)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import parsed_cache
from companion.errors import CompanionError


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache"


def _no_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("parsed again")

    monkeypatch.setattr(parsed_cache, "parse_document", refuse)


def test_a_file_read_twice_is_parsed_once(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    doc = tmp_path / "deck.yaml"
    doc.write_text("base: &b {power: 3}\ncards: [{name: Golem, <<: *b}, {name: Imp}]\n")
    first = parsed_cache.read_yaml(doc, what="card file")
    assert first == {
        "base": {"power": 3},
        "cards": [{"name": "Golem", "power": 3}, {"name": "Imp"}],
    }
    assert len(list(cache.rglob("*.marshal"))) == 1
    _no_parsing(monkeypatch)
    assert parsed_cache.read_yaml(doc, what="card file") == first


def test_an_edited_file_is_parsed_anew(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    doc = tmp_path / "deck.yaml"
    doc.write_text("power: 3\n")
    assert parsed_cache.read_yaml(doc, what="card file") == {"power": 3}
    doc.write_text("power: 4\n")
    assert parsed_cache.read_yaml(doc, what="card file") == {"power": 4}


def test_a_file_with_a_problem_is_refused_every_time_and_never_kept(
    cache: Path, tmp_path: Path
) -> None:
    doc = tmp_path / "deck.yaml"
    doc.write_text("power: [3\n")
    for _ in range(2):
        with pytest.raises(CompanionError, match=r"^mine\.yaml: .*not valid YAML"):
            parsed_cache.read_yaml(doc, what="card file", source="mine.yaml")
    assert not list(cache.rglob("*.marshal"))


def test_a_damaged_entry_is_passed_over_and_written_again(cache: Path, tmp_path: Path) -> None:
    doc = tmp_path / "deck.yaml"
    doc.write_text("power: 3\n")
    parsed_cache.read_yaml(doc, what="card file")
    (entry,) = cache.rglob("*.marshal")
    whole = entry.read_bytes()
    entry.write_bytes(whole[:-3] + b"\x00\x00\x00")
    assert parsed_cache.read_yaml(doc, what="card file") == {"power": 3}
    assert entry.read_bytes() == whole


def test_a_cache_that_cannot_be_written_still_reads_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    doc = tmp_path / "deck.yaml"
    doc.write_text("power: 3\n")
    assert parsed_cache.read_yaml(doc, what="card file") == {"power": 3}


def test_the_cards_of_a_game_load_alike_from_the_kept_values(cache: Path) -> None:
    from companion.cards import loader

    loader.clear_cache()
    parsed = loader.load_game("dungeon-poker")
    loader.clear_cache()
    kept = loader.load_game("dungeon-poker")
    loader.clear_cache()
    assert list(cache.rglob("*.marshal"))
    assert kept.cards == parsed.cards and kept.game == parsed.game


def test_a_full_cache_is_emptied_before_it_keeps_more(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(parsed_cache, "MAX_KEPT", 3)
    for n in range(4):
        doc = tmp_path / f"deck{n}.yaml"
        doc.write_text(f"power: {n}\n")
        parsed_cache.read_yaml(doc, what="card file")
    assert len(list(cache.rglob("*.marshal"))) == 1
