"""Files for print shops and cutting machines: ``--cmyk``, ``--cut silhouette``, ``--back-image``."""

from __future__ import annotations

import re
from pathlib import Path

import pypdf
import pytest
from pypdf.generic import ContentStream

from companion.printing.build import build_game_pdf
from companion.printing.imposition import SheetSpec, silhouette_marks
from tests.conftest import invoke
from tests.printing.pdfread import SheetPdf

RGB_OPERATORS = {b"rg", b"RG"}
CMYK_OPERATORS = {b"k", b"K"}


def _streams(reader: pypdf.PdfReader) -> list[tuple[str, object]]:
    """Every content stream of the file: each page's and each form XObject's (icons,
    backs, pattern tiles, forms inside forms), with where it is."""
    found: list[tuple[str, object]] = []
    seen: set[int] = set()

    def forms(resources: object, where: str) -> None:
        if not isinstance(resources, dict) or "/XObject" not in resources:
            return
        for name, ref in resources["/XObject"].items():
            key = ref.idnum if hasattr(ref, "idnum") else id(ref)
            if key in seen:
                continue
            seen.add(key)
            obj = ref.get_object()
            if obj.get("/Subtype") == "/Form":
                found.append((f"{where} {name}", obj))
                forms(obj.get("/Resources", {}), f"{where} {name}")

    for n, page in enumerate(reader.pages):
        found.append((f"page {n + 1}", page.get_contents()))
        forms(page.get("/Resources", {}).get_object(), f"page {n + 1}")
    return found


def _images(reader: pypdf.PdfReader) -> list[str]:
    spaces = []
    for obj_id in range(1, len(reader.xref_objStm) + 10_000):
        try:
            obj = reader.get_object(obj_id)
        except Exception:
            break
        if obj is None:
            continue
        if hasattr(obj, "get") and obj.get("/Subtype") == "/Image":
            spaces.append(str(obj.get("/ColorSpace")))
    return spaces


def colour_operators(path: Path) -> tuple[set[bytes], list[str]]:
    reader = pypdf.PdfReader(str(path))
    ops: set[bytes] = set()
    for _where, stream in _streams(reader):
        content = ContentStream(stream, reader)
        ops |= {op for _, op in content.operations if op in RGB_OPERATORS | CMYK_OPERATORS}
        ops |= {op for _, op in content.operations if op in (b"sc", b"scn", b"cs", b"CS")}
    return ops, _images(reader)


@pytest.fixture(scope="module")
def art_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A PNG and an SVG to print: as a deck's back image and a card's art."""
    from PIL import Image

    folder = tmp_path_factory.mktemp("pictures")
    image = Image.new("RGB", (60, 84), (200, 30, 40))
    image.paste((20, 120, 200), (10, 10, 50, 74))
    image.save(folder / "back.png")
    (folder / "back.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="63.5" height="88.9">'
        '<rect width="63.5" height="88.9" fill="#1d6f42"/>'
        '<circle cx="31.75" cy="44.45" r="20" fill="#f5c542"/></svg>'
    )
    return folder


def test_cmyk_pages_hold_no_rgb_colour_and_name_their_output_intent(
    tmp_path: Path, art_game: Path
) -> None:
    path = tmp_path / "cmyk.pdf"
    build_game_pdf(
        "dungeon-poker",
        path,
        SheetSpec(cmyk=True),
        decks=("characters", "treasures"),
        back_images={"treasures": art_game / "back.png"},
    )
    ops, images = colour_operators(path)
    assert ops and ops <= CMYK_OPERATORS, ops
    assert images and set(images) == {"/DeviceCMYK"}
    intents = pypdf.PdfReader(str(path)).trailer["/Root"]["/OutputIntents"]
    assert intents[0]["/S"] == "/GTS_PDFX"
    assert intents[0]["/OutputConditionIdentifier"] == "FOGRA39"
    # The same sheet without --cmyk is RGB: the test can tell the two apart.
    build_game_pdf("dungeon-poker", tmp_path / "rgb.pdf", SheetSpec(), decks=("treasures",))
    assert b"rg" in colour_operators(tmp_path / "rgb.pdf")[0]


def test_cmyk_ink_keeps_greys_on_black_ink_alone() -> None:
    from reportlab.lib.colors import HexColor

    from companion.printing.colors import to_cmyk

    assert to_cmyk(HexColor("#1d1d24")).cmyk()[3] > 0.8
    assert to_cmyk(HexColor("#777777")).cmyk()[:3] == (0, 0, 0)
    c, m, y, k = to_cmyk(HexColor("#c8102e")).cmyk()
    assert m > 0.9 and y > 0.7 and c == 0 and k == pytest.approx(1 - 0xC8 / 255)


def test_silhouette_sheets_carry_its_registration_marks_and_a_matching_cut_file(
    tmp_path: Path,
) -> None:
    result = invoke(
        "print", "deck", "dragon-kings", "--cut", "silhouette",
        "--out", str(tmp_path / "dk.pdf"), "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    info = result.json()["files"][0]
    svg_path = Path(info["cut_file"])
    assert svg_path == tmp_path / "dk-cut.svg"
    layout = info["layout"]
    w, h = layout["page_mm"]
    pdf = SheetPdf(tmp_path / "dk.pdf")
    reader = pdf.reader
    # The marks, filled black, on every face page and on no back page.
    marks = silhouette_marks(w, h)
    for n, page in enumerate(reader.pages):
        content = ContentStream(page.get_contents(), reader).operations
        rects = {
            tuple(round(float(v) * 25.4 / 72, 2) for v in ops)
            for ops, op in content
            if op == b"re" and len(ops) == 4
        }
        wanted = {
            (round(x0, 2), round(y0, 2), round(x1 - x0, 2), round(y1 - y0, 2))
            for x0, y0, x1, y1 in marks
        }
        assert (wanted <= rects) == (n % 2 == 0), n
    # The cut file: the paper's size, one rounded rectangle on each card of a face page.
    svg = svg_path.read_text()
    assert f'width="{w:g}mm"' in svg and f'height="{h:g}mm"' in svg
    cut = [
        tuple(float(v) for v in m)
        for m in re.findall(
            r'<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"', svg
        )
    ]
    faces = [p for p in pdf.placements(0) if p.kind == "face"]
    assert len(cut) == layout["per_page"] == len(faces)
    for p in faces:
        assert any(
            abs(x - p.x0) < 0.01 and abs(h - y - (p.y1)) < 0.01 and abs(cw - (p.x1 - p.x0)) < 0.01
            for x, y, cw, _ch in cut
        )
    # Every card, with its bleed, keeps clear of every mark.
    for p in faces:
        for x0, y0, x1, y1 in marks:
            c = 1 - 0.001  # mm, and a hair for rounding
            assert p.x1 + c <= x0 or x1 + c <= p.x0 or p.y1 + c <= y0 or y1 + c <= p.y0


def test_silhouette_refuses_fold_sheets() -> None:
    result = invoke("print", "deck", "dragon-kings", "--cut", "silhouette", "--backs", "fold")
    assert result.exit_code == 2
    assert "--cut silhouette cuts duplex or single-sided sheets" in result.stderr


@pytest.mark.parametrize("kind", ["png", "svg"])
def test_a_back_image_is_the_back_of_every_card_of_its_deck_with_bleed(
    tmp_path: Path, art_game: Path, kind: str
) -> None:
    import pypdfium2 as pdfium

    out = tmp_path / "b.pdf"
    result = invoke(
        "print", "deck", "dungeon-poker", "treasures", "characters",
        "--back-image", f"treasures={art_game / f'back.{kind}'}", "--out", str(out),
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    pdf = SheetPdf(out)
    backs = {p.name for page in pdf.all_placements()[1::2] for p in page if p.kind == "back"}
    assert backs == {"back.treasures.image", "back.characters"}
    # The picture fills its card and the back bleed: sample the first back page.
    doc = pdfium.PdfDocument(str(out))
    page, first = next(
        (n, p)
        for n in range(1, len(pdf.pages), 2)
        for p in pdf.placements(n)
        if p.name == "back.treasures.image"
    )
    image = doc[page].render(scale=100 / 72).to_pil().convert("RGB")
    px = 100 / 25.4
    height = image.height
    for x, y in ((first.x0 + 2, first.y0 + 2), (first.x0 - 1.5, (first.y0 + first.y1) / 2)):
        r, g, b = image.getpixel((int(x * px), int(height - y * px)))
        assert (r, g, b) != (255, 255, 255)
        assert (r > 150) if kind == "png" else (g > 80 and r < 100)
    doc.close()


def test_a_back_image_that_is_not_a_picture_is_refused_naming_it(tmp_path: Path) -> None:
    bad = tmp_path / "back.txt"
    bad.write_text("not a picture")
    result = invoke("print", "deck", "dragon-kings", "--back-image", str(bad))
    assert result.exit_code == 2
    assert result.stderr.strip() == f"error: back image {bad}: not a PNG, JPEG or SVG file"
    result = invoke("print", "deck", "dragon-kings", "--back-image", f"nodeck={bad}")
    assert "dragon-kings has no deck 'nodeck'" in result.stderr
