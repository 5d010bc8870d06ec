"""Card sheet PDFs, read back: sizes, positions, marks, backs, quantities, text."""

from __future__ import annotations

import re
import shutil
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from companion.cards import load_game
from companion.paths import cards_dir
from companion.printing.build import build_game_pdf, select_cards
from companion.printing.imposition import CARD_SIZES, SheetSpec, impose, separated
from tests.conftest import invoke
from tests.printing.pdfread import PT_TO_MM, SheetPdf

TOL_MM = 0.1
GAME = "dragon-kings"
DECK = "standard"  # on main from the start: 52 playing cards and the Swords joker


@pytest.fixture(scope="module")
def standard_pdf(tmp_path_factory: pytest.TempPathFactory) -> tuple[SheetPdf, SheetSpec]:
    spec = SheetSpec()
    path = tmp_path_factory.mktemp("sheets") / "dk.pdf"
    build_game_pdf(GAME, path, spec, decks=(DECK,))
    return SheetPdf(path), spec


def _faces(placements: list) -> list:
    return [p for p in placements if p.kind == "face"]


def _backs(placements: list) -> list:
    return [p for p in placements if p.kind == "back"]


def test_a4_sheets_hold_nine_cards_then_their_backs(
    standard_pdf: tuple[SheetPdf, SheetSpec],
) -> None:
    pdf, _ = standard_pdf
    pages = pdf.all_placements()
    assert len(pages) == 12  # 53 cards: 6 sheets, each followed by its back page
    for page in pdf.pages:
        assert float(page.mediabox.width) * PT_TO_MM == pytest.approx(210, abs=0.01)
        assert float(page.mediabox.height) * PT_TO_MM == pytest.approx(297, abs=0.01)
    counts = [(len(_faces(p)), len(_backs(p))) for p in pages]
    assert counts == [(9, 0), (0, 9)] * 5 + [(8, 0), (0, 8)]


def test_card_boxes_sit_exactly_where_the_layout_puts_them(
    standard_pdf: tuple[SheetPdf, SheetSpec],
) -> None:
    pdf, spec = standard_pdf
    layout = impose(spec)
    faces = _faces(pdf.placements(0))
    for slot, placed in zip(layout.face_slots, faces, strict=True):
        assert placed.x0 == pytest.approx(slot.x, abs=TOL_MM)
        assert placed.y0 == pytest.approx(slot.y, abs=TOL_MM)
        assert placed.x1 - placed.x0 == pytest.approx(63.5, abs=TOL_MM)
        assert placed.y1 - placed.y0 == pytest.approx(88.9, abs=TOL_MM)
    # And the layout is the one the design notes give: 9.75 mm and 15.15 mm margins on A4.
    assert min(p.x0 for p in faces) == pytest.approx(9.75, abs=TOL_MM)
    assert 297 - max(p.y1 for p in faces) == pytest.approx(15.15, abs=TOL_MM)


def test_crop_marks_are_drawn_on_every_cut_line_outside_the_cards(
    standard_pdf: tuple[SheetPdf, SheetSpec],
) -> None:
    pdf, spec = standard_pdf
    layout = impose(spec)
    placements, lines = pdf.walk(0)
    marks = [
        ln
        for ln in lines
        if ln.x0 == pytest.approx(ln.x1, abs=1e-6) or ln.y0 == pytest.approx(ln.y1, abs=1e-6)
    ]
    assert len(marks) == len(layout.crop_marks) == 16
    for seg in layout.crop_marks:
        assert any(
            abs(m.x0 - seg.x0) < TOL_MM
            and abs(m.y0 - seg.y0) < TOL_MM
            and abs(m.x1 - seg.x1) < TOL_MM
            and abs(m.y1 - seg.y1) < TOL_MM
            for m in marks
        )
    for m in marks:
        for card in _faces(placements):
            inside_x = card.x0 + 0.01 < max(m.x0, m.x1) and min(m.x0, m.x1) < card.x1 - 0.01
            inside_y = card.y0 + 0.01 < max(m.y0, m.y1) and min(m.y0, m.y1) < card.y1 - 0.01
            assert not (inside_x and inside_y), f"crop mark {m} runs into a card"
    # Each vertical cut position gets a mark above and below the block of cards.
    for x in layout.cut_x:
        assert (
            sum(
                1
                for m in marks
                if m.x0 == pytest.approx(x, abs=TOL_MM) and m.x0 == pytest.approx(m.x1)
            )
            == 2
        )


def test_back_of_column_one_lands_behind_it_after_a_long_edge_flip(
    standard_pdf: tuple[SheetPdf, SheetSpec],
) -> None:
    pdf, _ = standard_pdf
    faces = _faces(pdf.placements(0))
    backs = _backs(pdf.placements(1))
    width = 210.0
    # Turning a portrait sheet over its long (vertical) edge sends x to width - x.
    for face in faces:
        flipped = (width - face.x1, face.y0, width - face.x0, face.y1)
        assert any(
            all(
                abs(a - b) < TOL_MM
                for a, b in zip(flipped, (bk.x0, bk.y0, bk.x1, bk.y1), strict=True)
            )
            for bk in backs
        ), f"no back behind {face.name}"
    first_column_face = min(faces, key=lambda p: (p.x0, -p.y0))
    rightmost_back = max(backs, key=lambda p: (p.x0, p.y0))
    assert first_column_face.x0 == pytest.approx(width - rightmost_back.x1, abs=TOL_MM)


def test_short_edge_flip_turns_the_backs_and_swaps_rows(tmp_path: Path) -> None:
    path = tmp_path / "short.pdf"
    build_game_pdf(GAME, path, SheetSpec(flip="short"), decks=(DECK,))
    pdf = SheetPdf(path)
    faces, backs = _faces(pdf.placements(0)), _backs(pdf.placements(1))
    for face in faces:
        flipped = (face.x0, 297 - face.y1, face.x1, 297 - face.y0)
        assert any(
            all(
                abs(a - b) < TOL_MM
                for a, b in zip(flipped, (bk.x0, bk.y0, bk.x1, bk.y1), strict=True)
            )
            for bk in backs
        )
    assert all(bk.rotated for bk in backs)
    assert pdf.viewer_preferences()["/Duplex"] == "/DuplexFlipShortEdge"


def test_back_offset_moves_the_backs_only(tmp_path: Path) -> None:
    plain, moved = tmp_path / "a.pdf", tmp_path / "b.pdf"
    build_game_pdf(GAME, plain, SheetSpec(), decks=(DECK,))
    build_game_pdf(GAME, moved, SheetSpec(back_offset=(1.5, -0.75)), decks=(DECK,))
    a, b = SheetPdf(plain), SheetPdf(moved)
    for pa, pb in zip(_backs(a.placements(1)), _backs(b.placements(1)), strict=True):
        assert pb.x0 - pa.x0 == pytest.approx(1.5, abs=0.01)
        assert pb.y0 - pa.y0 == pytest.approx(-0.75, abs=0.01)
    assert [p.x0 for p in a.placements(0)] == [p.x0 for p in b.placements(0)]


def test_every_page_has_trim_and_bleed_boxes_and_prints_at_actual_size(
    standard_pdf: tuple[SheetPdf, SheetSpec],
) -> None:
    pdf, spec = standard_pdf
    layout = impose(spec)
    for i, page in enumerate(pdf.pages):
        trim = [float(v) * PT_TO_MM for v in page.trimbox]
        bleed = [float(v) * PT_TO_MM for v in page.bleedbox]
        expected = layout.trim_box() if i % 2 == 0 else layout.back_page_boxes()[0]
        assert trim == pytest.approx(list(expected), abs=TOL_MM)
        assert bleed == pytest.approx(trim, abs=TOL_MM)  # no bleed asked for
    prefs = pdf.viewer_preferences()
    assert prefs["/PrintScaling"] == "/None"
    assert prefs["/Duplex"] == "/DuplexFlipLongEdge"


def test_bleed_grows_every_face_and_the_bleed_box(tmp_path: Path) -> None:
    path = tmp_path / "bleed.pdf"
    spec = SheetSpec(bleed=3)
    build_game_pdf(GAME, path, spec, decks=(DECK,))
    pdf = SheetPdf(path)
    layout = impose(spec)
    assert (layout.cols, layout.rows) == (4, 2)
    page = pdf.pages[0]
    assert float(page.mediabox.width) > float(page.mediabox.height)  # landscape
    trim = [float(v) * PT_TO_MM for v in page.trimbox]
    bleed = [float(v) * PT_TO_MM for v in page.bleedbox]
    assert [t - b for t, b in zip(trim[:2], bleed[:2], strict=True)] == pytest.approx(
        [3, 3], abs=TOL_MM
    )
    assert [b - t for t, b in zip(trim[2:], bleed[2:], strict=True)] == pytest.approx(
        [3, 3], abs=TOL_MM
    )
    back = _backs(pdf.placements(1))[0]
    bbox = pdf.form_bbox(1, back.name)
    assert bbox[0] * PT_TO_MM == pytest.approx(-3, abs=TOL_MM)  # drawn 3 mm past the trim
    assert (bbox[2] - bbox[0]) * PT_TO_MM == pytest.approx(69.5, abs=TOL_MM)
    for slot, placed in zip(layout.face_slots, _faces(pdf.placements(0)), strict=True):
        assert (placed.x0, placed.y0) == pytest.approx((slot.x, slot.y), abs=TOL_MM)


def test_every_card_name_of_the_deck_is_in_the_text(
    standard_pdf: tuple[SheetPdf, SheetSpec],
) -> None:
    pdf, _ = standard_pdf
    text = pdf.text()
    for card in load_game(GAME).deck("standard"):
        assert card.name in text


def test_each_back_is_one_form_and_faces_are_drawn_in_the_page(
    standard_pdf: tuple[SheetPdf, SheetSpec],
) -> None:
    pdf, _ = standard_pdf
    forms = set()
    for page in pdf.pages:
        forms.update(str(k) for k in page["/Resources"].get("/XObject", {}))
    assert not [f for f in forms if f.startswith("/FormXob.face.")]
    assert [f for f in forms if f.startswith("/FormXob.back.")] == ["/FormXob.back.standard"]
    faces = [p for page in pdf.all_placements() for p in _faces(page)]
    assert len(faces) == len({p.card for p in faces}) == 53


def test_a_face_printed_again_repeats_its_first_drawing(tmp_path: Path) -> None:
    path = tmp_path / "twice.pdf"
    build_game_pdf(GAME, path, SheetSpec(backs="none"), decks=(DECK,), only=("as",), copies=2)
    from pypdf.generic import ContentStream

    pdf = SheetPdf(path)
    ops = ContentStream(pdf.pages[0].get_contents(), pdf.reader).operations
    marks = [i for i, (_, op) in enumerate(ops) if op in (b"BDC", b"EMC")]
    first, second = ops[marks[0] : marks[1]], ops[marks[2] : marks[3]]
    assert len(first) > 50 and first == second


def test_faces_drawn_in_the_page_make_smaller_files_than_face_forms(tmp_path: Path) -> None:
    inline = build_game_pdf(GAME, tmp_path / "a.pdf", SheetSpec(), decks=(DECK,))
    forms = build_game_pdf(GAME, tmp_path / "b.pdf", SheetSpec(), decks=(DECK,), inline_faces=False)
    assert inline.bytes < 0.8 * forms.bytes


def _game_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "cards"
    shutil.copytree(cards_dir() / GAME, root / GAME)
    monkeypatch.setenv("COMPANION_CARDS", str(root))
    from companion.cards import loader

    loader.clear_cache()
    return root / GAME


def test_quantities_print_each_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _game_copy(tmp_path, monkeypatch)
    deck = folder / "standard.yaml"
    deck.write_text(
        deck.read_text().replace(
            "{id: as, name: Ace of Spades,", "{id: as, name: Ace of Spades, quantity: 3,"
        )
    )
    path = tmp_path / "q.pdf"
    result = build_game_pdf(GAME, path, SheetSpec(backs="none"), decks=(DECK,))
    assert result.cards == 55
    placed = Counter(p.card for page in SheetPdf(path).all_placements() for p in page)
    assert placed["as"] == 3 and placed["ks"] == 1
    assert sum(placed.values()) == 55


def test_copies_multiply_the_whole_deck(tmp_path: Path) -> None:
    result = invoke(
        "print",
        "deck",
        GAME,
        DECK,
        "--copies",
        "2",
        "--backs",
        "none",
        "--out",
        str(tmp_path / "c.pdf"),
        "--json",
    )
    assert result.exit_code == 0, result.stderr
    data = result.json()["files"][0]
    assert (data["cards"], data["pages"]) == (106, 12)


def test_only_reprints_just_the_named_cards(tmp_path: Path) -> None:
    out = tmp_path / "only.pdf"
    result = invoke(
        "print",
        "deck",
        GAME,
        DECK,
        "--only",
        "ace of spades",
        "--only",
        "KH",
        "--out",
        str(out),
        "--json",
    )
    assert result.exit_code == 0, result.stderr
    pdf = SheetPdf(out)
    assert sorted(p.card for p in _faces(pdf.placements(0))) == ["as", "kh"]
    assert len(pdf.pages) == 2 and len(_backs(pdf.placements(1))) == 2
    assert result.json()["files"][0]["cards"] == 2


def test_only_accepts_a_comma_separated_list(tmp_path: Path) -> None:
    items = select_cards(load_game(GAME), only=["2s,3s, 4S"])
    assert [i.card.id for i in items] == ["2s", "3s", "4s"]


def test_fold_sheets_put_backs_across_the_fold(tmp_path: Path) -> None:
    path = tmp_path / "fold.pdf"
    result = build_game_pdf(GAME, path, SheetSpec(backs="fold"), decks=(DECK,))
    pdf = SheetPdf(path)
    assert result.pages == 14  # 4 cards a sheet, no separate back pages
    placements, _lines = pdf.walk(0)
    faces, backs = _faces(placements), _backs(placements)
    assert len(faces) == len(backs) == 4
    width = float(pdf.pages[0].mediabox.width) * PT_TO_MM
    for face in faces:
        assert any(
            abs((width - face.x1) - bk.x0) < TOL_MM and abs(face.y0 - bk.y0) < TOL_MM
            for bk in backs
        )
    assert pdf.viewer_preferences()["/Duplex"] == "/Simplex"


def test_backs_none_prints_faces_only(tmp_path: Path) -> None:
    path = tmp_path / "n.pdf"
    result = build_game_pdf(GAME, path, SheetSpec(backs="none"), decks=(DECK,))
    assert result.pages == 6
    assert not any(_backs(p) for p in SheetPdf(path).all_placements())


def test_cut_lines_cross_the_whole_sheet(tmp_path: Path) -> None:
    path = tmp_path / "cut.pdf"
    build_game_pdf(GAME, path, SheetSpec(cut_lines=True, crop_marks=False), decks=(DECK,))
    _, lines = SheetPdf(path).walk(0)
    # Across the sheet, stopping 5 mm short of each edge: the printable area.
    full = [
        ln
        for ln in lines
        if abs(ln.y1 - ln.y0) == pytest.approx(297 - 10, abs=0.01)
        or abs(ln.x1 - ln.x0) == pytest.approx(210 - 10, abs=0.01)
    ]
    assert len(full) == 8


def test_other_papers_and_card_sizes(tmp_path: Path) -> None:
    path = tmp_path / "l.pdf"
    spec = SheetSpec(paper="letter", card=CARD_SIZES["mini"], backs="none", cut_lines=True)
    result = build_game_pdf(GAME, path, spec, decks=(DECK,))
    page = SheetPdf(path).pages[0]
    assert float(page.mediabox.width) * PT_TO_MM == pytest.approx(279.4, abs=0.01)  # landscape
    assert result.layout is not None and result.layout.per_page == 18
    assert len(_faces(SheetPdf(path).placements(0))) == 18
    # Without guides, 18-up would leave its vertical cuts unmarked: 16-up portrait.
    plain = build_game_pdf(GAME, tmp_path / "m.pdf", replace(spec, cut_lines=False), decks=(DECK,))
    assert plain.layout is not None and plain.layout.describe().startswith("16 cards a page")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["print", "deck", GAME, "jokers"], r"dragon-kings has no deck 'jokers'"),
        (["print", "deck", "chess"], r"unknown game 'chess'"),
        (["print", "deck", GAME, "--paper", "a5"], r"unknown paper 'a5'"),
        (
            ["print", "deck", GAME, "--card-size", "300x300"],
            r"a 300×300 mm card does not fit on A4 paper",
        ),
        (["print", "deck", GAME, "--card-size", "giant"], r"unknown card size 'giant'"),
        (["print", "deck", GAME, "--only", "Zebra"], r"no card named 'Zebra' in dragon-kings"),
        (["print", "deck", GAME, "--back-offset", "1"], r"bad offset '1'"),
        (
            ["print", "deck", GAME, "--backs", "fold", "--back-offset", "1,1"],
            r"--back-offset 1,1 moves the backs of duplex sheets only; with --backs fold",
        ),
        (
            ["print", "all", "--backs", "none", "--back-offset", "0.5,0"],
            r"with --backs none there is no back page to move",
        ),
        (["print", "deck", GAME, "--backs", "glue"], r"unknown backs mode 'glue'"),
        (["print", "deck", GAME, "--flip", "sideways"], r"unknown flip edge 'sideways'"),
        (["print", "deck", GAME, "--orientation", "diagonal"], r"unknown orientation 'diagonal'"),
        (["print", "deck", GAME, "--bleed", "-2"], r"--bleed -2 is out of range"),
        (["print", "deck", GAME, "--copies", "0"], r"--copies 0 is out of range"),
        (["print", "all", "--paper", "tabloid"], r"unknown paper 'tabloid'"),
    ],
)
def test_bad_print_requests_are_one_line_errors(
    args: list[str], message: str, tmp_path: Path
) -> None:
    result = invoke(*args, "--out" if args[1] == "deck" else "--out-dir", str(tmp_path / "x"))
    assert result.exit_code == 2, result
    assert re.search(message, result.stderr), result.stderr
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
    assert not (tmp_path / "x").exists()


def test_summary_table_names_file_cards_pages_and_size(tmp_path: Path) -> None:
    out = tmp_path / "dk.pdf"
    result = invoke("print", "deck", GAME, DECK, "--out", str(out))
    assert result.exit_code == 0, result.stderr
    assert (
        "dk.pdf" in result.stdout
        and "53" in result.stdout
        and "12" in result.stdout
        and "kB" in result.stdout
    )
    assert "9 cards a page (3×3, 63.5×88.9 mm), A4 portrait" in result.stdout


# ---------------------------------------------------------------- packing


def test_packed_sheets_leave_no_gap_between_decks(tmp_path: Path) -> None:
    """DECKO's six decks, 179 cards: 20 full sheets, not 23 one-deck-each ones."""
    packed = build_game_pdf("decko", tmp_path / "p.pdf", SheetSpec())
    loose = build_game_pdf("decko", tmp_path / "l.pdf", SheetSpec(pack=False))
    assert packed.pages == 2 * 20 and loose.pages == 2 * 23
    pages = SheetPdf(tmp_path / "p.pdf").all_placements()
    faces = [len(_faces(p)) for p in pages[::2]]
    assert faces == [9] * 19 + [179 - 9 * 19]


def test_packed_sheets_keep_cards_with_the_pile_they_join(tmp_path: Path) -> None:
    from companion.printing.build import packed, select_cards

    cards = load_game("dungeon-poker")
    order = [i.card.id for i in packed(cards.game, select_cards(cards))]
    # The extra monster card (M) prints with the main deck, the extra level with the levels.
    main_end = max(i for i, c in enumerate(order) if c in {x.id for x in cards.deck("main")})
    assert order.index("monster-card-extra") < main_end + 2
    assert order.index("level-400") > order.index("level-1500") - 2


def test_each_card_on_a_packed_sheet_has_its_own_back_behind_it(tmp_path: Path) -> None:
    path = tmp_path / "dm.pdf"
    build_game_pdf("dungeon-of-d", path, SheetSpec(), decks=("monsters", "upgrade", "gold"))
    pdf = SheetPdf(path)
    faces, backs = _faces(pdf.placements(0)), _backs(pdf.placements(1))
    assert len(faces) == len(backs) == 9 and len(pdf.pages) == 2
    decks = {c.id: c.deck for c in load_game("dungeon-of-d").cards}
    # Three piles of different backs: the sheet keeps them a gutter apart.
    layout = separated(impose(SheetSpec()))
    assert layout is not None
    for slot, face in zip(layout.face_slots, faces, strict=True):
        back = next(
            b
            for b in backs
            if b.x0 == pytest.approx(layout.back_slots[slot.index].x, abs=TOL_MM)
            and b.y0 == pytest.approx(layout.back_slots[slot.index].y, abs=TOL_MM)
        )
        assert back.card == decks[face.card]


def test_no_pack_starts_each_deck_on_a_fresh_sheet(tmp_path: Path) -> None:
    result = invoke(
        "print", "deck", "dungeon-of-d", "monsters", "upgrade", "gold", "--no-pack",
        "--out", str(tmp_path / "n.pdf"), "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert result.json()["files"][0]["pages"] == 6  # three decks, each a sheet and its backs


# ---------------------------------------------------------------- cards too wordy for a size


def test_mini_cards_keep_every_rule_of_the_wordiest_characters(tmp_path: Path) -> None:
    """The six Dungeon Poker characters too wordy for a mini card at 6 pt print
    without their flavour line, every ability whole."""
    result = invoke(
        "print", "deck", "dungeon-poker", "characters", "--card-size", "mini",
        "--out", str(tmp_path / "mini.pdf"), "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert result.json()["files"][0]["cards"] == 14
    pdf = SheetPdf(tmp_path / "mini.pdf")
    printed = {p.card for page in pdf.all_placements() for p in page}
    assert {"cave-troll", "night-ogre", "fighter"} <= printed
    text = " ".join(pdf.text().split())
    troll = next(c for c in load_game("dungeon-poker").cards if c.id == "cave-troll")
    for ability in troll.abilities:
        assert " ".join(ability.text.split())[:40] in text


def test_a_contact_sheet_shows_a_stand_in_for_a_card_too_wordy_for_its_size(
    tmp_path: Path,
) -> None:
    from companion.printing.build import build_contact_sheet
    from companion.printing.imposition import parse_card_size

    spec = SheetSpec(card=parse_card_size("30x42"))
    result = build_contact_sheet(["dungeon-of-d"], tmp_path / "c.pdf", card_spec=spec)
    assert result.cards == len(load_game("dungeon-of-d").cards)
    assert "does not fit this size" in SheetPdf(tmp_path / "c.pdf").text()


def test_a_sheet_of_some_decks_holds_no_icon_only_other_decks_use(tmp_path: Path) -> None:
    """Every card of the game is drawn to find its type's text size, but
    only the printed ones on the sheet's own document: the treasures'
    file holds the forms its pages use and no other."""
    path = tmp_path / "treasures.pdf"
    build_game_pdf("dungeon-poker", path, SheetSpec(backs="none"), decks=("treasures",))
    data = path.read_bytes()
    used = set(re.findall(rb"/(FormXob\.[^\s/>\]]+)", data))
    assert used and data.count(b"/Subtype /Form") == len(used)
    assert not any(b"portrait" in name for name in used)  # the characters' icons


def test_a_back_offset_on_fold_sheets_is_refused_not_silently_dropped() -> None:
    """Fold backs sit beside their faces, so an offset could not apply; 0,0 asks for nothing."""
    from companion.errors import CompanionError
    from companion.printing.options import sheet_spec

    with pytest.raises(CompanionError, match="duplex sheets only; with --backs fold"):
        sheet_spec(backs="fold", back_offset="1,-0.5")
    assert sheet_spec(backs="fold", back_offset="0,0").back_offset == (0.0, 0.0)
    assert sheet_spec(back_offset="1,-0.5").back_offset == (1.0, -0.5)
