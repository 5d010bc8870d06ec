"""Pagination: no near-empty page, no heading alone at a page's foot, no word
of a table broken, and the layout rules that bring those about."""

from __future__ import annotations

import pytest

from companion.printing.rulebook_layout import PageLayout, _short_tails
from companion.printing.rulebook_story import MIN_PAGE_FILL
from tests.rulebook.conftest import build, norm


def test_no_page_is_under_a_quarter_full_but_the_last(game: str) -> None:
    layout = build(game).layout
    assert layout, "the layout of the pages was not recorded"
    short = [(p.number, round(p.fill, 2)) for p in layout[:-1] if p.fill < MIN_PAGE_FILL]
    assert not short, f"{game}: pages under a quarter full: {short}"


@pytest.mark.parametrize(("game", "paper"), [("dragon-kings", "letter")])
def test_no_page_is_under_a_quarter_full_on_letter_paper_either(game: str, paper: str) -> None:
    layout = build(game, paper=paper).layout
    assert all(p.fill >= MIN_PAGE_FILL for p in layout[:-1])


def test_no_page_is_under_a_quarter_full_in_a_booklet() -> None:
    layout = build("dungeon-of-d", booklet=True).layout
    assert all(p.fill >= MIN_PAGE_FILL for p in layout[:-1])


def test_no_page_ends_with_a_heading(game: str) -> None:
    """A heading moves on with the start of what it introduces: the
    Dungeon Poker monsters' heading no longer sits over an empty page."""
    assert not [p.number for p in build(game).layout if p.ends_with_heading]


def test_an_appendix_heading_shares_its_page_with_its_first_table() -> None:
    pdf = build("dungeon-poker")
    texts = [norm(t) for t in pdf.page_texts()]
    page = next(i for i, t in enumerate(texts) if "Appendix B: Monsters The monster deck" in t)
    assert "Monsters of the deck Monster Copies" in texts[page]


def test_a_rank_of_two_digits_is_not_broken_in_the_hand_ranking_table() -> None:
    text = build("dragon-kings").text()
    for n, hand in [(10, "Three of a kind"), (11, "Two pair"), (12, "Pair"), (13, "High card")]:
        assert f"{n} {hand}" in text


def test_a_short_chapter_tail_before_a_new_chapter_asks_for_tighter_setting() -> None:
    pages = [
        PageLayout(2, "Contents", 0.9, True, ("Contents",)),
        PageLayout(3, "Rules", 1.0, True, ("Rules",)),
        PageLayout(4, "Rules", 0.97, False, ("Rules", "Clarifications")),
        PageLayout(5, "Clarifications", 0.1, False, ("Clarifications",)),
        PageLayout(6, "Quick reference", 0.8, True, ("Quick reference",)),
        PageLayout(7, "Appendix", 0.1, True, ("Appendix",)),
    ]
    # page 5 is short and a chapter opens page 6: the chapters of pages 4
    # and 5 are set tighter; the book's last page may be short
    assert _short_tails(pages) == ["Rules", "Clarifications"]


def test_the_layout_is_the_same_on_every_build() -> None:
    from companion.printing.rulebook import render_rulebook_pdf

    again: list[PageLayout] = []
    render_rulebook_pdf("dragon-kings", layout=again)
    assert tuple(again) == build("dragon-kings").layout
