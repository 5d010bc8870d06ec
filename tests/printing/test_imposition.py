"""Imposition: where cards, backs, cut lines and crop marks go (pure geometry)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import CompanionError
from companion.printing.imposition import (
    CARD_SIZES,
    PAPERS,
    LabelSpot,
    Segment,
    SheetSpec,
    Size,
    impose,
    parse_card_size,
    parse_offset,
    parse_paper,
)

TOL = 1e-6


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] - TOL and b[0] < a[2] - TOL and a[1] < b[3] - TOL and b[1] < a[3] - TOL


@pytest.mark.parametrize(
    ("paper", "side", "top"),
    [("a4", 9.75, 15.15), ("letter", 12.7, 6.35)],
)
def test_nine_poker_cards_fill_a4_and_letter_centred(paper: str, side: float, top: float) -> None:
    # Letter's 6.35 mm top and bottom leave crop marks no printable room: 3×3
    # there comes with full-length cut guides (see the printable-area tests).
    layout = impose(SheetSpec(paper=paper, cut_lines=paper == "letter"))
    assert (layout.cols, layout.rows, layout.orientation) == (3, 3, "portrait")
    xs = sorted({round(s.x, 6) for s in layout.face_slots})
    assert xs[0] == pytest.approx(side, abs=0.01)
    assert layout.page_w - max(s.right for s in layout.face_slots) == pytest.approx(side, abs=0.01)
    assert layout.page_h - max(s.top for s in layout.face_slots) == pytest.approx(top, abs=0.01)
    assert min(s.y for s in layout.face_slots) == pytest.approx(top, abs=0.01)
    # Touching cards share their cut lines: 4 vertical and 4 horizontal cuts.
    assert len(layout.cut_x) == 4 and len(layout.cut_y) == 4


def test_slots_run_row_by_row_from_the_top_left() -> None:
    layout = impose(SheetSpec())
    first, second, fourth = layout.face_slots[0], layout.face_slots[1], layout.face_slots[3]
    assert (first.col, first.row) == (0, 0)
    assert second.x > first.x and second.y == pytest.approx(first.y)
    assert fourth.y < first.y and fourth.x == pytest.approx(first.x)


def test_gutter_separates_neighbouring_cards() -> None:
    layout = impose(SheetSpec(gutter=4, orientation="portrait", card=CARD_SIZES["mini"]))
    a, b = layout.face_slots[0], layout.face_slots[1]
    assert b.x - a.right == pytest.approx(4.0)


def test_bleed_leaves_room_for_the_art_past_each_trim() -> None:
    layout = impose(SheetSpec(bleed=3))
    a, b = layout.face_slots[0], layout.face_slots[1]
    assert b.x - a.right == pytest.approx(6.0)  # 3 mm of bleed on each card
    assert layout.describe() == "8 cards a page (4×2, 63.5×88.9 mm), A4 landscape"


def test_landscape_is_chosen_only_when_it_holds_more_cards() -> None:
    bridge = SheetSpec(card=CARD_SIZES["bridge"], cut_lines=True)
    assert impose(bridge).orientation == "landscape"  # 10 beats 9
    assert impose(SheetSpec(card=CARD_SIZES["poker"])).orientation == "portrait"
    assert impose(SheetSpec(card=CARD_SIZES["bridge"], orientation="portrait")).per_page == 9


def test_a_card_larger_than_the_paper_is_an_error_naming_it() -> None:
    with pytest.raises(CompanionError, match=r"a 300×400 mm card does not fit on A4 paper"):
        impose(SheetSpec(card=Size(300, 400)))


@settings(max_examples=120, deadline=None)
@given(
    paper=st.sampled_from(sorted(PAPERS)),
    card=st.sampled_from(sorted(CARD_SIZES)),
    bleed=st.sampled_from([0.0, 1.5, 3.0, 3.175]),
    gutter=st.sampled_from([0.0, 2.0, 5.0]),
    backs=st.sampled_from(["duplex", "fold", "none"]),
    flip=st.sampled_from(["long", "short"]),
    orientation=st.sampled_from(["auto", "portrait", "landscape"]),
)
def test_cards_and_marks_never_collide(
    paper: str, card: str, bleed: float, gutter: float, backs: str, flip: str, orientation: str
) -> None:
    spec = SheetSpec(
        paper=paper,
        card=CARD_SIZES[card],
        bleed=bleed,
        gutter=gutter,
        backs=backs,  # type: ignore[arg-type]
        flip=flip,
        orientation=orientation,
    )  # type: ignore[arg-type]
    try:
        layout = impose(spec)
    except CompanionError:
        return  # some sizes do not fit folded; that is reported, not drawn
    cells = [s.grown(bleed) for s in layout.face_slots]
    if layout.fold_axis:
        cells += [s.grown(bleed) for s in layout.back_slots]
    # Inside the paper and inside the margins.
    for x0, y0, x1, y1 in cells:
        assert x0 >= spec.margin - TOL and y0 >= spec.margin - TOL
        assert x1 <= layout.page_w - spec.margin + TOL and y1 <= layout.page_h - spec.margin + TOL
    for a, b in itertools.combinations(cells, 2):
        assert not _overlap(a, b)
    # Every crop mark lies on a cut line, in the margin, clear of every card (bleed included).
    for seg in layout.crop_marks:
        pm = spec.printer_margin
        assert min(seg.x0, seg.x1) >= pm - TOL and max(seg.x0, seg.x1) <= layout.page_w - pm + TOL
        assert min(seg.y0, seg.y1) >= pm - TOL and max(seg.y0, seg.y1) <= layout.page_h - pm + TOL
        if seg.x0 == seg.x1:
            assert any(abs(seg.x0 - x) < TOL for x in layout.cut_x)
        else:
            assert any(abs(seg.y0 - y) < TOL for y in layout.cut_y)
        box = (min(seg.x0, seg.x1), min(seg.y0, seg.y1), max(seg.x0, seg.x1), max(seg.y0, seg.y1))
        for cell in cells:
            grown = (cell[0] - 0.5, cell[1] - 0.5, cell[2] + 0.5, cell[3] + 0.5)
            assert not _overlap(_thicken(box), grown)


def _thicken(box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    return (box[0] - 0.01, box[1] - 0.01, box[2] + 0.01, box[3] + 0.01)


def test_every_cut_position_gets_a_mark_in_the_margins() -> None:
    layout = impose(SheetSpec(gutter=3, paper="a3"))
    for x in layout.cut_x:
        marks = [m for m in layout.crop_marks if m.x0 == m.x1 and abs(m.x0 - x) < TOL]
        assert len(marks) == 2  # above and below the cards
    for y in layout.cut_y:
        marks = [m for m in layout.crop_marks if m.y0 == m.y1 and abs(m.y0 - y) < TOL]
        assert len(marks) == 2  # left and right
    assert len(layout.cut_x) == 2 * layout.cols  # two edges a column once cards no longer touch
    # On A4 the marks above and below are 5 mm long; the side ones stop at the
    # printer's 5 mm band (9.75 mm margins, 2 mm clear of the cards: 2.75 mm).
    a4 = impose(SheetSpec()).crop_marks
    assert all(m.length == pytest.approx(5.0) for m in a4 if m.x0 == m.x1)
    assert all(m.length == pytest.approx(2.75) for m in a4 if m.y0 == m.y1)


def test_a_narrow_margin_moves_the_marks_into_the_gutters_between_cards() -> None:
    # A4 with a 3 mm gutter leaves 6.75 mm at the sides: no room outside the
    # 5 mm the printer cannot reach, so each horizontal cut is marked in the
    # two gutters between the columns instead.
    layout = impose(SheetSpec(gutter=3))
    assert (layout.cols, layout.rows, layout.unmarked, layout.notes) == (3, 3, (), ())
    for y in layout.cut_y:
        marks = [m for m in layout.crop_marks if m.y0 == m.y1 and abs(m.y0 - y) < TOL]
        assert len(marks) == 2
        assert all(min(m.x0, m.x1) > 9.75 and max(m.x0, m.x1) < 200.25 for m in marks)


def test_marks_can_be_turned_off() -> None:
    assert impose(SheetSpec(crop_marks=False)).crop_marks == ()


def test_long_edge_flip_prints_the_back_of_column_one_behind_it() -> None:
    """Portrait + long edge: the sheet turns about its vertical axis, columns swap."""
    layout = impose(SheetSpec())
    for face, back in zip(layout.face_slots, layout.back_slots, strict=True):
        assert back.col == layout.cols - 1 - face.col and back.row == face.row
        # Turning the sheet about its vertical middle line maps x to page_w - x.
        assert back.x == pytest.approx(layout.page_w - face.right)
        assert back.y == pytest.approx(face.y)
        assert not back.rotated
    assert layout.back_mirror == "columns"


def test_short_edge_flip_swaps_rows_and_turns_the_backs() -> None:
    layout = impose(SheetSpec(flip="short"))
    for face, back in zip(layout.face_slots, layout.back_slots, strict=True):
        assert back.row == layout.rows - 1 - face.row and back.col == face.col
        assert back.y == pytest.approx(layout.page_h - face.top)
        assert back.rotated


def test_landscape_sheets_swap_the_flip_axes() -> None:
    long_ = impose(SheetSpec(bleed=3))  # 8-up landscape
    assert long_.orientation == "landscape" and long_.back_mirror == "rows"
    short = impose(SheetSpec(bleed=3, flip="short"))
    assert short.back_mirror == "columns"


def test_back_offset_moves_every_back_by_the_measured_amount() -> None:
    plain = impose(SheetSpec())
    moved = impose(SheetSpec(back_offset=(1.5, -0.5)))
    for a, b in zip(plain.back_slots, moved.back_slots, strict=True):
        assert b.x - a.x == pytest.approx(1.5) and b.y - a.y == pytest.approx(-0.5)
    assert [s.x for s in plain.face_slots] == [s.x for s in moved.face_slots]


def test_fold_sheets_mirror_backs_across_the_fold_line() -> None:
    layout = impose(SheetSpec(backs="fold"))
    assert layout.fold_axis == "vertical" and layout.fold_line is not None
    fold_x = layout.fold_line.x0
    assert fold_x == pytest.approx(layout.page_w / 2)
    for face, back in zip(layout.face_slots, layout.back_slots, strict=True):
        assert face.right <= fold_x and back.x >= fold_x
        assert fold_x - face.right == pytest.approx(back.x - fold_x)
        assert back.y == pytest.approx(face.y)


def test_horizontal_fold_prints_the_lower_half_upside_down() -> None:
    layout = impose(SheetSpec(backs="fold", card=CARD_SIZES["bridge"], cut_lines=True))
    assert layout.fold_axis == "horizontal"
    for face, back in zip(layout.face_slots, layout.back_slots, strict=True):
        assert back.rotated and back.x == pytest.approx(face.x)
        assert back.top <= layout.page_h / 2 <= face.y


def test_trim_and_bleed_boxes_bound_the_cards() -> None:
    layout = impose(SheetSpec(bleed=3))
    x0, y0, x1, y1 = layout.trim_box()
    assert x0 == pytest.approx(min(s.x for s in layout.face_slots))
    assert y1 == pytest.approx(max(s.top for s in layout.face_slots))
    bx0, by0, bx1, by1 = layout.bleed_box()
    assert (x0 - bx0, y0 - by0, bx1 - x1, by1 - y1) == pytest.approx((3, 3, 3, 3))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("poker", (63.5, 88.9)),
        ("Tarot", (69.85, 120.65)),
        ("square", (70, 70)),
        ("63x88", (63, 88)),
        ("57.5×89", (57.5, 89)),
        ("70 x 120 mm", (70, 120)),
    ],
)
def test_card_sizes_by_name_or_millimetres(text: str, expected: tuple[float, float]) -> None:
    size = parse_card_size(text)
    assert (size.w, size.h) == pytest.approx(expected)


@pytest.mark.parametrize("text", ["huge", "63x", "x88", "5x5", "63x9999", ""])
def test_bad_card_sizes_are_rejected_by_name(text: str) -> None:
    with pytest.raises(CompanionError, match="card size"):
        parse_card_size(text)


def test_paper_and_offset_parsing() -> None:
    assert parse_paper("Letter") == "letter"
    with pytest.raises(CompanionError, match="unknown paper 'a5'"):
        parse_paper("a5")
    assert parse_offset(" -1.25 , 0.5 ") == (-1.25, 0.5)
    for bad in ("1", "a,b", "1,2,3", "50,0"):
        with pytest.raises(CompanionError):
            parse_offset(bad)


@pytest.mark.parametrize("field", ["bleed", "gutter", "margin"])
def test_negative_spacing_is_refused(field: str) -> None:
    with pytest.raises(CompanionError, match=f"--{field}"):
        SheetSpec(**{field: -1.0})  # type: ignore[arg-type]


# ------------------------------------------------------------ printable area

PRINTABLE_CASES = [
    (paper, orientation, card, gutter, bleed)
    for paper in ("a4", "letter", "a3")
    for orientation in ("portrait", "landscape")
    for card in ("poker", "bridge", "mini", "tarot")
    for gutter in (0.0, 3.0)
    for bleed in (0.0, 3.0)
]


def _inside(layout: object, x: float, y: float, pm: float) -> bool:
    page_w, page_h = layout.page_w, layout.page_h  # type: ignore[attr-defined]
    return pm - TOL <= x <= page_w - pm + TOL and pm - TOL <= y <= page_h - pm + TOL


@pytest.mark.parametrize(("paper", "orientation", "card", "gutter", "bleed"), PRINTABLE_CASES)
@pytest.mark.parametrize("backs", ["duplex", "fold"])
def test_every_mark_label_and_cut_line_stays_in_the_printable_area(
    paper: str, orientation: str, card: str, gutter: float, bleed: float, backs: str
) -> None:
    for cut_lines in (False, True):
        spec = SheetSpec(
            paper=paper,
            orientation=orientation,  # type: ignore[arg-type]
            card=CARD_SIZES[card],
            gutter=gutter,
            bleed=bleed,
            backs=backs,  # type: ignore[arg-type]
            cut_lines=cut_lines,
        )
        try:
            layout = impose(spec)
        except CompanionError:
            continue  # too big for this paper folded: reported, not drawn
        pm = spec.printer_margin
        lines = layout.crop_marks + layout.cut_guides
        lines += (layout.fold_line,) if layout.fold_line else ()
        for seg in lines:
            assert _inside(layout, seg.x0, seg.y0, pm) and _inside(layout, seg.x1, seg.y1, pm)
        for spot in (layout.label, layout.back_label):
            if spot is not None:
                assert _inside(layout, spot.x - spot.width / 2, spot.y - 0.6, pm)
                assert _inside(layout, spot.x + spot.width / 2, spot.y + 1.5, pm)
        # The label's room is crossed by no mark, cut line or fold line (back pages have none).
        if layout.label is not None:
            box = _label_box(layout.label)
            for seg in lines:
                assert not _overlap(box, _grow(_seg_box(seg), 0.5)), (layout.label, seg)
        # Every cut line can be found: two marks, or full-length guides, or a note saying not.
        assert not layout.unmarked or layout.notes
        if cut_lines:
            assert len(layout.cut_guides) == len(layout.cut_x) + len(layout.cut_y)


def _label_box(spot: LabelSpot) -> tuple[float, float, float, float]:
    """Where a label drawn at ``spot`` can ink: its width, descenders to cap height."""
    return (spot.x - spot.width / 2, spot.y - 0.6, spot.x + spot.width / 2, spot.y + 1.5)


def _grow(box: tuple[float, float, float, float], by: float) -> tuple[float, float, float, float]:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def _seg_box(seg: Segment) -> tuple[float, float, float, float]:
    return (min(seg.x0, seg.x1), min(seg.y0, seg.y1), max(seg.x0, seg.x1), max(seg.y0, seg.y1))


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
@pytest.mark.parametrize("card", ["poker", "bridge", "mini", "tarot"])
def test_every_sheet_label_of_every_game_fits_between_the_marks(paper: str, card: str) -> None:
    """The label as printed, in its fitted wording and size, stays inside its room."""
    from companion.cards import load_game
    from companion.printing.build import (
        LABEL_FONT,
        _sheet_label,
        fit_label,
        packed,
        select_cards,
    )
    from companion.printing.card_text import line_width

    for backs in ("duplex", "fold"):
        layout = impose(SheetSpec(paper=paper, card=CARD_SIZES[card], backs=backs))  # type: ignore[arg-type]
        if layout.label is None:
            continue
        room = layout.label.width * 72 / 25.4
        for game_id in ("dungeon-poker", "dungeon-master", "decko", "dragon-kings", "dungeon-of-d"):
            game = load_game(game_id)
            items = packed(game.game, select_cards(game))
            for number, start in enumerate(range(0, len(items), layout.per_page), 1):
                sheet = items[start : start + layout.per_page]
                count = f"sheet {number}/{-(-len(items) // layout.per_page)}"
                wordings = [f"{n} · {count} · faces" for n in _sheet_label(game.game, sheet)]
                text, size = fit_label([*wordings, f"{count} · faces"], room)
                assert line_width(text, LABEL_FONT, size) <= room + 1e-6, (game_id, text)
                assert size >= 4.5


def test_a_long_label_beside_mini_cards_keeps_clear_of_the_crop_marks() -> None:
    # The release tester's case: A4, mini cards, a sheet holding three decks.
    layout = impose(SheetSpec(paper="a4", card=CARD_SIZES["mini"]))
    spot = layout.label
    assert spot is not None
    box = _label_box(spot)
    crossing = [m for m in layout.crop_marks if _overlap(box, _grow(_seg_box(m), 0.5))]
    assert crossing == []


def test_letter_trades_a_card_for_crop_marks_that_print_and_says_so() -> None:
    # Portrait 3×3 on Letter leaves 6.35 mm above and below the cards: the
    # vertical cuts' marks would fall inside the 5 mm band. Portrait keeps
    # marks on every cut with two rows (the next best) and the note says why.
    layout = impose(SheetSpec(paper="letter", orientation="portrait"))
    assert (layout.cols, layout.rows, layout.unmarked) == (3, 2, ())
    assert "9 cards a page would put crop marks within 5 mm" in layout.notes[0]
    assert "--cut-lines" in layout.notes[0]
    # Auto orientation finds 8 a page in landscape, every mark printable.
    auto = impose(SheetSpec(paper="letter"))
    assert (auto.orientation, auto.per_page, auto.unmarked) == ("landscape", 8, ())
    # Full-length guides inside the printable area keep all nine.
    guided = impose(SheetSpec(paper="letter", orientation="portrait", cut_lines=True))
    assert guided.per_page == 9 and guided.notes == (
        "no margin has room for the sheet label inside the printable area",
    )


def test_printer_margin_is_configurable() -> None:
    wide = impose(SheetSpec(printer_margin=12))
    assert all(min(m.x0, m.x1) >= 12 - TOL and min(m.y0, m.y1) >= 12 - TOL for m in wide.crop_marks)
    with pytest.raises(CompanionError, match=r"--printer-margin 60 is out of range"):
        SheetSpec(printer_margin=60)
