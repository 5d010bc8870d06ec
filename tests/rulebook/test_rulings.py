"""A ruling is data, and the mark comes with it.

Every ruling of this edition that a book prints lives once in its
``rulings.yaml`` and prints through ``rule(id)`` (or, in a card's own text,
``card_text(card)``), which adds the mark. These tests look for the other
way in: a sentence of a rendered book that states one of our rulings (it
matches one of the ruling's ``tells``) where no mark was printed. They also
plant unmarked rulings in a copy of the templates to show that the check
finds them.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from companion import GAMES
from companion.cards import load_game
from companion.errors import CompanionError
from companion.paths import templates_dir
from companion.printing.rulebook_context import _render, unmarked_rulings
from companion.printing.rulebook_rulings import MARK, THIS_EDITION, load_rulings, unmarked

RULEBOOKS = templates_dir() / "rulebooks"


def _rendered(game: str) -> tuple[str, Any]:
    return _render(game, None, None)


def _own_words(game: str, r: Any) -> str:
    """What a ruling itself prints: its question, answer and words, and the
    text of the cards that state it."""
    parts = [x for x in (r.q, r.a, r.says) if x]
    cards = load_game(game)
    parts += [cards.get(card_id).text for card_id in r.cards]
    return " ".join(" ".join(parts).split())


def test_no_book_states_a_ruling_of_this_edition_without_its_mark(game: str) -> None:
    assert unmarked_rulings(game) == []


def test_every_ruling_of_this_edition_lists_tells_that_find_its_own_words(game: str) -> None:
    _, rulings = _rendered(game)
    ours = rulings.of_source(THIS_EDITION)
    assert ours
    for r in ours:
        words = _own_words(game, r)
        assert any(re.search(t, words, re.IGNORECASE) for t in r.tells), (r.id, r.tells)


def test_each_ruling_of_this_edition_is_printed_with_its_mark(game: str) -> None:
    """Take the marks away and every ruling of ours is reported: each one is
    printed somewhere, and only the mark keeps the check quiet."""
    text, rulings = _rendered(game)
    found = {u.ruling for u in unmarked(text.replace(MARK, ""), rulings)}
    assert found == {r.id for r in rulings.of_source(THIS_EDITION)}


def _plant(tmp_path: Path, game: str, text: str) -> Path:
    """A copy of the templates whose ``game`` book ends with ``text``."""
    shutil.copytree(RULEBOOKS, tmp_path / "rulebooks")
    path = tmp_path / "rulebooks" / game / "rulebook.md.j2"
    path.write_text(path.read_text(encoding="utf-8") + "\n\n" + text + "\n", encoding="utf-8")
    return tmp_path


def test_a_ruling_typed_into_a_template_without_rule_is_reported(game: str, tmp_path: Path) -> None:
    """Plant each ruling of ours as a template would state it by hand (its
    words, or its answer, with no mark): the check names every one."""
    _, rulings = _rendered(game)
    ours = rulings.of_source(THIS_EDITION)
    planted = "\n\n".join((r.says or r.a or "").replace("{", "(") + "." for r in ours)
    found = unmarked_rulings(game, templates=_plant(tmp_path, game, planted))
    assert {u.ruling for u in found} == {r.id for r in ours}
    assert all("\n" not in str(u) for u in found)


def test_the_pot_limit_ruling_typed_by_hand_is_reported(tmp_path: Path) -> None:
    """The issue's first unmarked ruling, written back the way it used to be."""
    planted = "A raise may be as large as the pot, counting the gold you must first put in to call."
    found = unmarked_rulings("dungeon-poker", templates=_plant(tmp_path, "dungeon-poker", planted))
    assert [u.ruling for u in found] == ["pot-limit-counts-the-call"]
    assert "put in to call" in found[0].excerpt


def test_a_card_text_printed_without_card_text_is_reported(tmp_path: Path) -> None:
    """The Amulet of Luck's "once a deal" is ours: its row must print the
    card's text through card_text, which marks it."""
    shutil.copytree(RULEBOOKS, tmp_path / "rulebooks")
    path = tmp_path / "rulebooks" / "dungeon-poker" / "rulebook.md.j2"
    source = path.read_text(encoding="utf-8")
    assert "{{ card_text(t) }}" in source
    path.write_text(source.replace("{{ card_text(t) }}", "{{ t.text|md }}"), encoding="utf-8")
    found = unmarked_rulings("dungeon-poker", templates=tmp_path)
    assert {u.ruling for u in found} == {"treasures-once-a-deal"}


def test_card_text_marks_the_words_of_the_ruling_in_the_card_row() -> None:
    text, _ = _rendered("dungeon-poker")
    rows = [line for line in text.splitlines() if line.startswith("| **Amulet of Luck")]
    assert rows and f"Once a deal{MARK}, preflop" in rows[0]
    decko, _ = _rendered("decko")
    assert f"the single richest player{MARK}" in decko
    assert f"Jacks, queens and kings{MARK} may score" in decko


def test_a_ruling_naming_a_card_whose_text_lacks_its_words_is_a_one_line_error(
    tmp_path: Path,
) -> None:
    shutil.copytree(RULEBOOKS, tmp_path / "rulebooks")
    path = tmp_path / "rulebooks" / "dungeon-poker" / "rulings.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("cards: [amulet-of-luck,", "cards: [royal-chest,"), "utf-8")
    with pytest.raises(CompanionError) as err:
        unmarked_rulings("dungeon-poker", templates=tmp_path)
    assert "royal-chest" in str(err.value) and "\n" not in str(err.value)


def test_a_ruling_of_this_edition_without_tells_is_a_one_line_error(tmp_path: Path) -> None:
    (tmp_path / "rulings.yaml").write_text(
        "rules:\n  - {id: x, source: this edition, decision: X, says: at once}\n", encoding="utf-8"
    )
    with pytest.raises(CompanionError, match="tells") as err:
        load_rulings(tmp_path)
    assert "\n" not in str(err.value)


def test_a_bad_tell_pattern_is_a_one_line_error(tmp_path: Path) -> None:
    (tmp_path / "rulings.yaml").write_text(
        "rules:\n  - {id: x, source: this edition, decision: X, says: a, tells: ['(oops']}\n",
        encoding="utf-8",
    )
    with pytest.raises(CompanionError, match="bad pattern") as err:
        load_rulings(tmp_path)
    assert "\n" not in str(err.value)


def test_a_rule_without_words_is_an_error_naming_it(tmp_path: Path) -> None:
    shutil.copytree(RULEBOOKS, tmp_path / "rulebooks")
    path = tmp_path / "rulebooks" / "dungeon-master" / "rulebook.md.j2"
    path.write_text(path.read_text("utf-8") + '\n{{ rule("room-alone") }}\n', "utf-8")
    with pytest.raises(CompanionError, match="room-alone"):
        unmarked_rulings("dungeon-master", templates=tmp_path)


def test_ruling_ids_are_unique_across_the_five_books() -> None:
    ids = [r.id for g in GAMES for r in load_rulings(RULEBOOKS / g).all()]
    assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})


def test_no_template_types_the_mark_or_marks_a_sentence_of_its_own() -> None:
    """The mark comes from the data: no literal † in a template, and the
    old ``ruled(id)``, which marked a sentence the template wrote, is gone."""
    for path in RULEBOOKS.rglob("*.j2"):
        source = path.read_text(encoding="utf-8")
        assert MARK not in source, path
        assert "ruled(" not in source, path
