"""Duplex calibration: the alignment sheet, and saving the measured back offset."""

from __future__ import annotations

import itertools
import json
import os
from pathlib import Path

import pytest

from companion.printing import config
from companion.printing.calibrate import (
    RULER_DISTANCE,
    behind,
    build_calibration_sheet,
    target_positions,
)
from tests.conftest import invoke
from tests.printing.pdfread import PT_TO_MM, SheetPdf


def test_calibration_sheet_puts_a_ruler_behind_every_target(tmp_path: Path) -> None:
    path = tmp_path / "cal.pdf"
    build_calibration_sheet(path, paper="a4", orientation="portrait", flip="long")
    pdf = SheetPdf(path)
    assert len(pdf.pages) == 2
    assert pdf.viewer_preferences() == {"/PrintScaling": "/None", "/Duplex": "/DuplexFlipLongEdge"}
    _, front = pdf.walk(0)
    _, back = pdf.walk(1)
    for x, y in target_positions(210, 297):
        # The front crosshair is centred on the target...
        assert any(abs(ln.x0 - x) < 0.05 and abs(ln.x1 - x) < 0.05 for ln in front)
        # ...and after a long-edge flip the zero tick of the horizontal ruler sits on the same vertical line.
        bx, by = behind(x, y, 210, 297, "portrait", "long")
        assert bx == pytest.approx(210 - x)
        zero_ticks = [
            ln
            for ln in back
            if abs(ln.x0 - bx) < 0.05
            and abs(ln.x1 - bx) < 0.05
            and abs(ln.y0 - (by - RULER_DISTANCE)) < 0.05
        ]
        assert zero_ticks, (x, y)


def test_ruler_ticks_are_half_millimetres_apart(tmp_path: Path) -> None:
    path = tmp_path / "cal.pdf"
    build_calibration_sheet(path)
    _, back = SheetPdf(path).walk(1)
    cx, cy = behind(105, 148.5, 210, 297, "portrait", "long")
    row = sorted(
        ln.x0
        for ln in back
        if abs(ln.y0 - (cy - RULER_DISTANCE)) < 0.01 and ln.x0 == ln.x1 and abs(ln.x0 - cx) <= 5.01
    )
    assert len(row) == 21
    assert [round(b - a, 3) for a, b in itertools.pairwise(row)] == [0.5] * 20


def test_short_edge_calibration_mirrors_rows(tmp_path: Path) -> None:
    assert behind(40, 60, 210, 297, "portrait", "short") == (40, 237)
    assert behind(40, 60, 297, 210, "landscape", "long") == (40, 150)
    path = tmp_path / "s.pdf"
    build_calibration_sheet(path, flip="short")
    assert SheetPdf(path).viewer_preferences()["/Duplex"] == "/DuplexFlipShortEdge"


def test_saved_offset_becomes_the_default_for_print_deck(tmp_path: Path) -> None:
    saved = invoke("print", "calibrate", "--save", "1.5,-0.5", "--json")
    assert saved.exit_code == 0, saved.stderr
    assert saved.json()["saved"] == {"orientation": "portrait", "back_offset": [1.5, -0.5]}
    cfg = Path(os.environ["COMPANION_CONFIG_DIR"]) / "printing.json"
    assert json.loads(cfg.read_text())["back_offset"]["portrait"] == [1.5, -0.5]

    plain, shifted, forced = tmp_path / "a.pdf", tmp_path / "b.pdf", tmp_path / "c.pdf"
    assert invoke("print", "deck", "dragon-kings", "standard", "--out", str(shifted)).exit_code == 0
    assert (
        invoke(
            "print", "deck", "dragon-kings", "standard", "--back-offset", "0,0", "--out", str(plain)
        ).exit_code
        == 0
    )
    assert (
        invoke(
            "print",
            "deck",
            "dragon-kings",
            "standard",
            "--back-offset",
            "-2,1",
            "--out",
            str(forced),
        ).exit_code
        == 0
    )
    base = list(SheetPdf(plain).placements(1))
    moved = list(SheetPdf(shifted).placements(1))
    other = list(SheetPdf(forced).placements(1))
    for a, b, c in zip(base, moved, other, strict=True):
        assert (b.x0 - a.x0, b.y0 - a.y0) == pytest.approx((1.5, -0.5), abs=0.01)
        assert (c.x0 - a.x0, c.y0 - a.y0) == pytest.approx((-2, 1), abs=0.01)


def test_offsets_are_kept_per_orientation(tmp_path: Path) -> None:
    assert (
        invoke("print", "calibrate", "--save", "0,2", "--orientation", "landscape").exit_code == 0
    )
    assert config.saved_back_offset("landscape") == (0.0, 2.0)
    assert config.saved_back_offset("portrait") is None
    # Portrait sheets are untouched; the 8-up landscape bleed sheets move.
    plain = tmp_path / "p.pdf"
    assert invoke("print", "deck", "dragon-kings", "standard", "--out", str(plain)).exit_code == 0
    landscape = tmp_path / "l.pdf"
    assert (
        invoke(
            "print", "deck", "dragon-kings", "standard", "--bleed", "3", "--out", str(landscape)
        ).exit_code
        == 0
    )
    reference = tmp_path / "r.pdf"
    assert (
        invoke(
            "print",
            "deck",
            "dragon-kings",
            "standard",
            "--bleed",
            "3",
            "--back-offset",
            "0,0",
            "--out",
            str(reference),
        ).exit_code
        == 0
    )
    for a, b in zip(
        SheetPdf(reference).placements(1), SheetPdf(landscape).placements(1), strict=True
    ):
        assert b.y0 - a.y0 == pytest.approx(2.0, abs=0.01)


def test_reset_forgets_and_a_broken_config_is_a_one_line_error() -> None:
    assert invoke("print", "calibrate", "--save", "1,1").exit_code == 0
    result = invoke("print", "calibrate", "--reset", "--json")
    assert result.json()["reset"] is True
    assert config.saved_back_offset("portrait") is None
    config.config_path().write_text("{not json")
    broken = invoke("print", "deck", "dragon-kings", "standard", "--out", os.devnull)
    assert broken.exit_code == 2
    assert "printing.json: cannot read saved print settings" in broken.stderr
    assert broken.stderr.count("\n") == 1


def test_calibrate_writes_the_sheet_and_explains_what_to_do(tmp_path: Path) -> None:
    out = tmp_path / "cal.pdf"
    result = invoke("print", "calibrate", "--out", str(out), "--paper", "letter")
    assert result.exit_code == 0, result.stderr
    assert out.is_file()
    page = SheetPdf(out).pages[0]
    assert float(page.mediabox.width) * PT_TO_MM == pytest.approx(215.9, abs=0.01)
    assert "companion print calibrate --save X,Y" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--save", "3"], "bad offset '3'"),
        (["--save", "1,1", "--reset"], "--save and --reset cannot be used together"),
        (["--orientation", "upside"], "unknown orientation 'upside'"),
        (["--flip", "sideways"], "unknown flip edge 'sideways'"),
        (["--paper", "a0"], "unknown paper 'a0'"),
    ],
)
def test_bad_calibration_requests_are_one_line_errors(args: list[str], message: str) -> None:
    result = invoke("print", "calibrate", *args)
    assert result.exit_code == 2 and message in result.stderr and result.stderr.count("\n") == 1


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
@pytest.mark.parametrize("orientation", ["portrait", "landscape"])
def test_every_word_of_the_calibration_sheet_is_on_the_printable_area(
    tmp_path: Path, paper: str, orientation: str
) -> None:
    import pypdfium2 as pdfium

    from companion.printing.calibrate import build_calibration_sheet

    path = tmp_path / "cal.pdf"
    build_calibration_sheet(path, paper=paper, orientation=orientation)  # type: ignore[arg-type]
    doc = pdfium.PdfDocument(str(path))
    try:
        for page in doc:
            w, h = page.get_size()
            text = page.get_textpage()
            edge = 5 * 72 / 25.4
            assert text.count_chars() > 20
            for i in range(text.count_chars()):
                x0, y0, x1, y1 = text.get_charbox(i)
                if x1 > x0:  # spaces have no box
                    assert edge <= x0 and x1 <= w - edge and edge <= y0 and y1 <= h - edge
    finally:
        doc.close()


@pytest.mark.parametrize("horizontal", [True, False])
def test_ruler_numbers_keep_a_visible_gap_from_each_other(horizontal: bool) -> None:
    """At 4.8 pt a signed "+2" filled its whole 2 mm, so "+2+4" read as one word."""
    from companion.printing.calibrate import LABEL_SIZE, ruler_labels
    from companion.printing.card_text import line_width

    pt_mm = 25.4 / 72
    boxes = []
    for text, x, y in ruler_labels(100, 100, horizontal=horizontal):
        width = line_width(text, "Helvetica", LABEL_SIZE) * pt_mm
        x0 = x - width / 2 if horizontal else x
        boxes.append((x0, y - 0.3, x0 + width, y + 0.75 * LABEL_SIZE * pt_mm))
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            gap = 0.4  # mm: what the eye needs to see two numbers
            apart = a[2] + gap <= b[0] or b[2] + gap <= a[0] or a[3] <= b[1] or b[3] <= a[1]
            assert apart, (a, b)


def test_calibrate_forgets_saves_or_writes_one_thing_at_a_time(tmp_path: Path) -> None:
    from companion.errors import CompanionError
    from companion.printing.calibrate import (
        CalibrationSheet,
        OffsetSaved,
        OffsetsForgotten,
        calibrate,
    )

    assert calibrate(reset=True) == OffsetsForgotten(False, config.config_path())
    saved = calibrate(save="1.5,-2", orientation="Landscape")
    assert isinstance(saved, OffsetSaved)
    assert saved.to_json()["saved"] == {"orientation": "landscape", "back_offset": [1.5, -2.0]}
    sheet = calibrate(tmp_path / "cal.pdf", flip="short")
    assert isinstance(sheet, CalibrationSheet) and sheet.path.is_file()
    assert sheet.to_json()["saved_back_offset"] == {"portrait": None, "landscape": (1.5, -2.0)}
    assert calibrate(reset=True).to_json()["reset"] is True
    with pytest.raises(CompanionError, match="cannot be used together"):
        calibrate(save="1,1", reset=True)


def test_an_offset_saved_for_the_other_orientation_is_named_not_silently_skipped(
    tmp_path: Path,
) -> None:
    """Calibrated portrait, printing 8-up bleed sheets (landscape): the backs stay put, and
    the summary says why and how to measure landscape sheets."""
    assert invoke("print", "calibrate", "--save", "1.5,-0.5").exit_code == 0
    out = tmp_path / "l.pdf"
    bleed = invoke("print", "deck", "dragon-kings", "standard", "--bleed", "3", "--out", str(out))
    assert bleed.exit_code == 0, bleed.stderr
    text = " ".join(bleed.stdout.split())
    assert "the saved back offset is for portrait sheets and these are landscape" in text
    assert "companion print calibrate --orientation landscape" in text
    # Portrait sheets use the offset and say nothing more.
    plain = invoke("print", "deck", "dragon-kings", "standard", "--out", str(out))
    assert "back offset 1.5,-0.5 mm" in " ".join(plain.stdout.split())
    assert "saved back offset is for" not in plain.stdout
    # Fold sheets have no backs to move.
    fold = invoke("print", "deck", "dragon-kings", "standard", "--backs", "fold", "--out", str(out))
    assert "saved back offset is for" not in fold.stdout
