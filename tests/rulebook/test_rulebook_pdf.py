"""The five rulebooks as PDFs: headings, contents, appendices, paper, booklets."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from companion.cards import load_game
from companion.errors import CompanionError
from companion.poker.cards import card_symbol
from companion.printing import rulebook_markup as mk
from companion.printing.rulebook import (
    PAPERS,
    booklet_sides,
    build_rulebook,
    render_markup,
    render_rulebook_pdf,
)
from tests.rulebook.conftest import build, norm

HEADER_BAND = (0.0, 0.93, 1.0, 1.0)
BODY_BAND = (0.0, 0.05, 1.0, 0.928)
TOC_LINE = re.compile(r"^(?P<title>.+?)\s*(?:\.\s*){3,}(?P<page>\d+)\s*$")


def toc_entries(pdf: Any) -> list[tuple[str, int]]:
    """(title, page) of every contents line, from the pages headed 'Contents'."""
    headers = pdf.region_texts(*HEADER_BAND)
    texts = pdf.page_texts()
    entries = []
    for header, text in zip(headers, texts):
        if not norm(header).endswith("Contents"):
            continue
        for line in text.splitlines():
            m = TOC_LINE.match(line.strip())
            if m:
                entries.append((norm(m.group("title")), int(m.group("page"))))
    return entries


def test_each_rulebook_builds_with_a_cover_contents_and_body(game: str) -> None:
    pdf = build(game)
    texts = pdf.page_texts()
    assert pdf.pages == len(texts) >= 6
    name = load_game(game).game.name.upper()
    assert name in norm(texts[0]).upper()  # the cover
    assert "Contents" in texts[1]
    assert all(str(n) in norm(t).split() for n, t in enumerate(texts[1:], start=2)), "page numbers"


def test_every_heading_of_the_template_is_in_the_pdf(game: str) -> None:
    text = build(game).text()
    headings = mk.parse(render_markup(game)).headings()
    assert len(headings) > 15
    missing = [h.text for h in headings if norm(mk.plain_text(h.text)) not in text]
    assert missing == []


def test_contents_lists_every_chapter_and_section_with_its_page(game: str) -> None:
    pdf = build(game)
    entries = toc_entries(pdf)
    wanted = [
        norm(mk.plain_text(h.text))
        for h in mk.parse(render_markup(game)).headings()
        if h.level <= 2 and "notoc" not in h.flags
    ]
    assert [t for t, _ in entries] == wanted
    bodies = [norm(t) for t in pdf.region_texts(*BODY_BAND)]
    for title, page in entries:
        assert 1 <= page <= pdf.pages
        assert title in bodies[page - 1], f"{title!r} is not on page {page}"
    pages = [p for _, p in entries]
    assert pages == sorted(pages)


def test_the_outline_lists_the_contents_in_order_each_at_its_page(game: str) -> None:
    """The PDF's bookmarks follow the contents page, title for title and
    page for page; Dragon Kings' chapters are set tighter after trial
    layouts, so its headings are laid out several times before they print."""
    import pypdfium2 as pdfium

    pdf = build(game)
    doc = pdfium.PdfDocument(pdf.data)
    try:
        outline = [
            (norm(item.get_title()), item.get_dest().get_index() + 1)
            for item in doc.get_toc()
            if item.level <= 1
        ]
    finally:
        doc.close()
    assert outline == toc_entries(pdf)


def test_the_quick_reference_fits_on_one_page(game: str) -> None:
    pdf = build(game)
    entries = dict(toc_entries(pdf))
    page = entries["Quick reference"]
    following = [p for t, p in toc_entries(pdf) if p > page]
    assert not following or min(following) == page + 1


def test_every_page_after_the_cover_has_a_running_header(game: str) -> None:
    pdf = build(game)
    title = (mk.parse(render_markup(game)).meta.get("title") or load_game(game).game.name).upper()
    headers = [norm(h) for h in pdf.region_texts(*HEADER_BAND)]
    assert all(h.startswith(title) for h in headers[1:]), headers


def test_the_running_header_names_the_chapter_of_the_pages_first_heading(game: str) -> None:
    pdf = build(game)
    listed = [
        h
        for h in mk.parse(render_markup(game)).headings()
        if h.level <= 2 and "notoc" not in h.flags
    ]
    chapter = ""
    owner = []  # (page, chapter) of every listed heading, in book order
    for (_, page), h in zip(toc_entries(pdf), listed, strict=True):
        if h.level == 1:
            chapter = mk.plain_text(h.text)
        owner.append((page, chapter))
    headers = [norm(h) for h in pdf.region_texts(*HEADER_BAND)]
    for page in range(owner[0][0], pdf.pages + 1):
        on_page = [c for p, c in owner if p == page]
        expected = on_page[0] if on_page else [c for p, c in owner if p < page][-1]
        assert headers[page - 1].endswith(expected), (page, headers[page - 1], expected)


# ---------------------------------------------------------------------------
# Appendices come from the card database
# ---------------------------------------------------------------------------


def _decko(g: Any) -> list[str]:
    want = [c.name for c in g.deck("market")] + [c.name for c in g.deck("wildcards")]
    want += [c.name for c in g.deck("jokers")]
    want += [f"${c.price}" for c in g.deck("market")]
    want += [c.fruit.capitalize() for c in g.deck("starting")]
    want += [c.name for c in g.deck("loans")] + [c.name for c in g.deck("blind")]
    return want


def _dragon_kings(g: Any) -> list[str]:
    want = [c.name for c in g.deck("wing")]
    want += [card_symbol(c.king) for c in g.deck("wing") if c.king]
    return want


def _dungeon_poker(g: Any) -> list[str]:
    want = []
    for deck in ("characters", "monsters", "encounters", "treasures", "extras"):
        want += [c.name for c in g.deck(deck) if c.kind != "monster-marker"]
    for c in g.of_type("character"):
        want += [a.name for a in c.abilities]
    want += [f"{c.blind:,}" for c in g.deck("levels")]
    return want


def _dungeon_master(g: Any) -> list[str]:
    return [c.name for c in g.cards]


def _dungeon_of_d(g: Any) -> list[str]:
    want = [c.name for c in g.cards]
    want += [m.name for card in g.deck("monsters") for m in card.levels]
    want += [part.name for card in g.deck("power") for part in card.parts()]
    want += [c.skill.name for c in g.deck("characters")]
    want += [a.name for room in g.deck("rooms") for a in room.actions]
    return want


APPENDIX: dict[str, Callable[[Any], list[str]]] = {
    "decko": _decko,
    "dragon-kings": _dragon_kings,
    "dungeon-poker": _dungeon_poker,
    "dungeon-master": _dungeon_master,
    "dungeon-of-d": _dungeon_of_d,
}


def test_every_card_of_the_database_is_in_the_appendices(game: str) -> None:
    text = build(game).text()
    wanted = APPENDIX[game](load_game(game))
    assert wanted
    missing = sorted({w for w in wanted if norm(w) not in text})
    assert missing == []


def test_decko_joker_costs_are_printed_with_each_joker() -> None:
    text = build("decko").text()
    for joker in load_game("decko").deck("jokers"):
        chips = "chip" if joker.cost == 1 else "chips"
        assert re.search(re.escape(joker.name) + r"[^|]{0,40}?" + f"{joker.cost} {chips}", text), (
            joker.name
        )


def test_decko_component_counts_come_from_the_database() -> None:
    g = load_game("decko")
    text = build("decko").text()
    for deck, words in (
        ("starting", "starting cards"),
        ("jokers", "jokers"),
        ("market", "market cards"),
        ("wildcards", "small wildcards"),
        ("loans", "loan cards"),
    ):
        assert f"{g.total(deck)} {words}" in text


def test_a_renamed_card_with_a_new_cost_changes_the_appendix(cards_copy: Path) -> None:
    path = cards_copy / "decko" / "jokers.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    joker = next(j for j in data["cards"] if j["id"] == "mulligan")
    joker["name"], joker["cost"] = "Second Breakfast", 17
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    before = build("decko").text()
    assert "Second Breakfast" not in before and "17 chips" not in before
    out = cards_copy.parent / "decko.pdf"
    build_rulebook("decko", out, data_dir=cards_copy)
    from tests.rulebook.conftest import Pdf

    after = Pdf(out.read_bytes(), 0).text()
    assert re.search(r"Second Breakfast[^|]{0,40}?17 chips", after)


def test_a_changed_wing_card_and_a_removed_card_change_the_appendix(
    cards_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = cards_copy / "dragon-kings" / "wing.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["cards"] = [c for c in data["cards"] if c["id"] != "unmasked"]
    for c in data["cards"]:
        if c["id"] == "masquerade":
            c["name"] = "Masked Ball"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    game_file = cards_copy / "dragon-kings" / "game.yaml"
    game_file.write_text(
        game_file.read_text(encoding="utf-8").replace("expected_total: 12", "expected_total: 11"),
        encoding="utf-8",
    )
    monkeypatch.setenv("COMPANION_CARDS", str(cards_copy))
    from tests.rulebook.conftest import Pdf

    data_pdf, pages = render_rulebook_pdf("dragon-kings")
    text = Pdf(data_pdf, pages).text()
    assert "Masked Ball" in text and "Masquerade" not in text and "Unmasked" not in text
    assert "11 wing cards" in text


# ---------------------------------------------------------------------------
# Paper, booklets, errors
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pages_have_the_chosen_paper_size(paper: str) -> None:
    pdf = build("dragon-kings", paper=paper)
    w, h = PAPERS[paper]
    assert all(abs(pw - w) < 0.5 and abs(ph - h) < 0.5 for pw, ph in pdf.page_sizes())


def test_booklet_side_order_is_saddle_stitch() -> None:
    # every sheet carries pages that add up to total + 1, fronts and backs alternate
    for pages in range(1, 30):
        sides = booklet_sides(pages)
        total = len(sides) * 2
        assert total % 4 == 0 and total - 3 <= pages <= total
        assert sorted(p for side in sides for p in side) == list(range(1, total + 1))
        assert all(left + right == total + 1 for left, right in sides)
        assert [s[1] for s in sides[0::2]] == list(
            range(1, total // 2, 2)
        )  # fronts: 1, 3, 5 on the right
    assert booklet_sides(12)[:2] == [(12, 1), (2, 11)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_booklet_prints_two_book_pages_per_side_in_folding_order(paper: str) -> None:
    pdf = build("dragon-kings", paper=paper, booklet=True)
    w, h = PAPERS[paper]
    assert all(abs(pw - h) < 0.5 and abs(ph - w) < 0.5 for pw, ph in pdf.page_sizes()), (
        "landscape sheets"
    )
    # page numbers sit in the outer bottom corner of each half page
    left = [norm(t) for t in pdf.region_texts(0.0, 0.0, 0.5, 0.065)]
    right = [norm(t) for t in pdf.region_texts(0.5, 0.0, 1.0, 0.065)]
    numbers = {int(t) for t in left + right if t.isdigit()}
    book_pages = max(numbers)
    sides = booklet_sides(book_pages)
    assert pdf.pages == len(sides)
    for (lp, rp), lt, rt in zip(sides, left, right):
        assert lt == (str(lp) if 1 < lp <= book_pages else ""), (lp, lt)
        assert rt == (str(rp) if 1 < rp <= book_pages else ""), (rp, rt)
    cover = norm(pdf.region_texts(0.5, 0.0, 1.0, 1.0)[0])
    assert "DRAGON KINGS" in cover and "Contents" not in cover
    assert "Contents" in norm(pdf.region_texts(0.0, 0.0, 0.5, 1.0)[1])


def test_build_rulebook_writes_the_file_atomically_and_returns_its_pages(tmp_path: Path) -> None:
    out = tmp_path / "deep" / "dk.pdf"
    pages = build_rulebook("dragon-kings", out)
    assert out.read_bytes().startswith(b"%PDF")
    assert pages == build("dragon-kings").pages
    assert [p.name for p in out.parent.iterdir()] == ["dk.pdf"]


def test_a_bad_paper_or_game_is_a_one_line_error(tmp_path: Path) -> None:
    with pytest.raises(CompanionError, match="unknown paper 'a3'"):
        build_rulebook("decko", tmp_path / "x.pdf", paper="a3")
    with pytest.raises(CompanionError, match="unknown game 'poker'"):
        build_rulebook("poker", tmp_path / "x.pdf")
    assert not (tmp_path / "x.pdf").exists()


def test_a_missing_template_is_named(tmp_path: Path) -> None:
    with pytest.raises(CompanionError, match="no rulebook template for decko"):
        render_markup("decko", templates=tmp_path)


def test_a_template_error_names_the_file_and_line(tmp_path: Path) -> None:
    folder = tmp_path / "rulebooks" / "decko"
    folder.mkdir(parents=True)
    (folder / "rulebook.md.j2").write_text("# Fine\n\n{{ no_such_name }}\n", encoding="utf-8")
    with pytest.raises(
        CompanionError, match=r"decko/rulebook\.md\.j2:3: 'no_such_name' is undefined"
    ):
        render_markup("decko", templates=tmp_path)
    (folder / "rulebook.md.j2").write_text("# Fine\n{% for x in %}\n", encoding="utf-8")
    with pytest.raises(CompanionError, match=r"rulebook\.md\.j2:2"):
        render_markup("decko", templates=tmp_path)


def test_templates_can_use_a_shared_macro_folder(tmp_path: Path) -> None:
    folder = tmp_path / "rulebooks"
    (folder / "decko").mkdir(parents=True)
    (folder / "_shared").mkdir()
    (folder / "_shared" / "m.j2").write_text(
        "{% macro hello(n) %}Hello {{ n }}{% endmacro %}", encoding="utf-8"
    )
    (folder / "decko" / "rulebook.md.j2").write_text(
        '{% import "m.j2" as m %}# A\n{{ m.hello(total("market")) }}\n', encoding="utf-8"
    )
    assert render_markup("decko", templates=folder.parent).strip().endswith("Hello 52")


def test_the_decko_round_track_follows_the_timer_structure(monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    from companion.printing import rulebook_context
    from companion.timer.structure import load_structure

    real = load_structure("decko")
    text = render_markup("decko")
    red = next(lv.number for lv in real.levels if lv.wildcard == "red")
    blue = next(lv.number for lv in real.levels if lv.wildcard == "blue")
    assert f"Rounds {red} and {blue} are wildcard rounds" in text

    class Moved:
        """The real track with the red wildcard round moved to round 6."""

        def __getattr__(self, name: str) -> Any:
            return getattr(real, name)

        @property
        def levels(self) -> tuple[Any, ...]:
            return tuple(
                dataclasses.replace(
                    lv,
                    wildcard="red"
                    if lv.number == 6
                    else (None if lv.wildcard == "red" else lv.wildcard),
                )
                for lv in real.levels
            )

    monkeypatch.setattr(rulebook_context, "blind_structure", lambda name: Moved())
    moved = render_markup("decko")
    assert f"Rounds 6 and {blue} are wildcard rounds" in moved
    assert "| 6 | 2 | 7 | 4 | **Red wildcard round**† |" in moved


def test_the_dragon_kings_blinds_are_the_timer_structure() -> None:
    from companion.timer.structure import load_structure

    text = build("dragon-kings").text()
    for level in load_structure("dragon-kings").levels:
        assert f"{level.number} {level.small_blind} {level.big_blind}" in text
