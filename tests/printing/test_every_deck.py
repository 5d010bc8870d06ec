"""Every deck of every game at every card size, read back from the PDF itself.

For each of the five games at poker, bridge, mini and tarot size on A4 and
Letter (and, on one size, with each sheet option), the file ``print``
writes is walked (:mod:`tests.printing.pdfread`) and checked as a cutter
would:

* every card of the game is on a face page, as many times as it prints:
  no card is left out at any size;
* no back touches a back of another design: two cards whose backs differ
  are at least twice :data:`BACK_BLEED` apart, so a duplex drift or an
  inexact cut never leaves a strip of the neighbour's back on a card;
* every back's art runs at least :data:`BACK_BLEED` past each of its cut
  lines, its own art or that of a neighbour wearing the same back.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from companion.cards import load_all, load_game
from companion.printing.build import build_game_pdf, select_cards
from companion.printing.imposition import BACK_BLEED, CARD_SIZES, SheetSpec
from tests.printing.pdfread import Placement, SheetPdf

GAMES = sorted(load_all())
SIZES = ("poker", "bridge", "mini", "tarot")
PAPERS = ("a4", "letter")
TOL = 0.01  # mm


def _trim_gap(a: Placement, b: Placement) -> float:
    """How far apart (mm) two trims are: 0 when they share a cut line or overlap."""
    dx = max(b.x0 - a.x1, a.x0 - b.x1, 0.0)
    dy = max(b.y0 - a.y1, a.y0 - b.y1, 0.0)
    return max(dx, dy) if dx == 0 or dy == 0 else min(dx, dy)


def _inside(box: tuple[float, float, float, float], x: float, y: float) -> bool:
    return box[0] - TOL <= x <= box[2] + TOL and box[1] - TOL <= y <= box[3] + TOL


def _art(p: Placement) -> tuple[float, float, float, float]:
    assert p.art is not None, f"back {p.name} is drawn without its art box"
    return p.art


def back_faults(backs: list[Placement], where: str) -> list[str]:
    """Backs of different designs too close, and cut lines the art does not clear by 2 mm."""
    faults: list[str] = []
    for i, a in enumerate(backs):
        for b in backs[i + 1 :]:
            if a.name != b.name and _trim_gap(a, b) < 2 * BACK_BLEED - TOL:
                faults.append(f"{where}: {a.card} and {b.card} are {_trim_gap(a, b):.2f} mm apart")
        reach = BACK_BLEED - TOL
        xs = (a.x0 - reach, a.x0, (a.x0 + a.x1) / 2, a.x1, a.x1 + reach)
        ys = (a.y0 - reach, a.y0, (a.y0 + a.y1) / 2, a.y1, a.y1 + reach)
        # Points just inside the 2 mm band around the trim, corners included.
        ring = [(x, y) for x in xs for y in ys if x in (xs[0], xs[-1]) or y in (ys[0], ys[-1])]
        for x, y in ring:
            own = [p for p in backs if p.name == a.name and _inside(_art(p), x, y)]
            other = [
                p
                for p in backs
                if p.name != a.name
                and p.art is not None
                and p.art[0] + TOL < x < p.art[2] - TOL
                and p.art[1] + TOL < y < p.art[3] - TOL
            ]
            if not own or other:
                faults.append(f"{where}: {a.card}'s back art does not reach ({x:.1f}, {y:.1f})")
    return faults


FACE = re.compile(rb"/Card <</Id \(face\.([^)]*)\)>> BDC")


def check_file(path: Path, game: str, spec: SheetSpec) -> None:
    pdf = SheetPdf(path)
    count = len(pdf.pages)
    expected = Counter(item.card.id for item in select_cards(load_game(game)))
    face_pages = range(0, count, 2) if spec.backs == "duplex" else range(count)
    back_pages = {"duplex": range(1, count, 2), "fold": range(count)}.get(spec.backs, range(0))
    # Faces are drawn into the page, each marked with its card: counting the marks
    # is enough here (their positions are checked in test_sheets.py).
    printed: Counter[str] = Counter()
    for n in face_pages:
        content = pdf.reader.pages[n].get_contents()
        assert content is not None
        printed.update(m.decode() for m in FACE.findall(content.get_data()))
    assert printed == expected
    faults: list[str] = []
    for n in back_pages:
        backs = [p for p in pdf.placements(n) if p.kind == "back"]
        faults += back_faults(backs, f"{path.name} page {n + 1}")
    assert faults == []


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", GAMES)
def test_every_card_prints_and_no_back_touches_another_back(
    tmp_path: Path, game: str, size: str, paper: str
) -> None:
    spec = SheetSpec(paper=paper, card=CARD_SIZES[size])
    path = tmp_path / f"{game}-{size}-{paper}.pdf"
    build_game_pdf(game, path, spec)
    check_file(path, game, spec)


SHEET_OPTIONS = {
    "no-pack": {"pack": False},
    "fold": {"backs": "fold"},
    "bleed": {"bleed": 3.0},
    "gutter": {"gutter": 1.5},
    "short-flip": {"flip": "short"},
    "landscape-cut-lines": {"orientation": "landscape", "cut_lines": True},
    "back-offset": {"back_offset": (1.5, -2.0)},
}


@pytest.mark.parametrize(
    ("option", "game"),
    # Each option on a game of its own, in turn: every game meets two or more options.
    [(option, GAMES[n % len(GAMES)]) for n, option in enumerate(sorted(SHEET_OPTIONS))],
)
def test_no_back_touches_another_back_with_each_sheet_option(
    tmp_path: Path, game: str, option: str
) -> None:
    spec = SheetSpec(**SHEET_OPTIONS[option])  # type: ignore[arg-type]
    path = tmp_path / f"{game}-{option}.pdf"
    build_game_pdf(game, path, spec)
    check_file(path, game, spec)


# ---------------------------------------------------------------- Tabletop Simulator


def tts_format_faults(saved: dict, folder: Path, card_mm: tuple[float, float]) -> list[str]:
    """What breaks Tabletop Simulator's saved-object format: the objects, their
    CustomDeck sheets, DeckIDs of key × 100 + index inside each grid, URLs that
    name a written image of the grid's size, and the scale of the card's shape."""
    from urllib.parse import unquote, urlparse

    from PIL import Image

    faults: list[str] = []
    states = saved.get("ObjectStates")
    if not isinstance(states, list) or not states:
        return ["no ObjectStates"]
    for obj in states:
        cards = obj.get("ContainedObjects") if obj["Name"] == "DeckCustom" else [obj]
        if obj["Name"] == "DeckCustom" and obj["DeckIDs"] != [c["CardID"] for c in cards]:
            faults.append(f"{obj['Nickname']}: DeckIDs differ from its cards")
        if obj["Name"] not in ("DeckCustom", "Card"):
            faults.append(f"unknown object {obj['Name']}")
        for c in cards:
            key, index = divmod(c["CardID"], 100)
            deck = c["CustomDeck"].get(str(key))
            if deck is None or str(key) not in obj["CustomDeck"]:
                faults.append(f"{c['Nickname']}: CardID {c['CardID']} names no CustomDeck")
                continue
            if not index < deck["NumWidth"] * deck["NumHeight"]:
                faults.append(f"{c['Nickname']}: index {index} outside its sheet")
            sx, sz = c["Transform"]["scaleX"], c["Transform"]["scaleZ"]
            if abs(sx / sz - (card_mm[0] / 63.5) / (card_mm[1] / 88.9)) > 1e-3:
                faults.append(f"{c['Nickname']}: scale {sx}×{sz} is not the card's shape")
        for key, deck in obj["CustomDeck"].items():
            if not (2 <= deck["NumWidth"] <= 10 and 2 <= deck["NumHeight"] <= 7):
                faults.append(f"sheet {key}: grid {deck['NumWidth']}×{deck['NumHeight']}")
            for url in (deck["FaceURL"], deck["BackURL"]):
                path = Path(unquote(urlparse(url).path))
                if not path.is_file() or folder not in path.parents:
                    faults.append(f"sheet {key}: {url} is not a file in {folder}")
                    continue
                with Image.open(path) as image:
                    if max(image.size) > 4096:
                        faults.append(f"{path.name} is {image.size}")
                    if url == deck["FaceURL"] and (
                        image.width % deck["NumWidth"] or image.height % deck["NumHeight"]
                    ):
                        faults.append(f"{path.name}: {image.size} is not its grid's cells")
    return faults


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", GAMES)
def test_tts_saved_object_keeps_the_format_in_the_saved_objects_folder(
    tmp_path: Path, game: str, size: str
) -> None:
    import json

    from companion.printing.exports import export_tts

    saved_objects = tmp_path / "Saved Objects"
    card = CARD_SIZES[size]
    result = export_tts(game, None, card=card, dpi=30, tts_dir=saved_objects)
    assert result.saved_object == saved_objects / f"{game}.json"
    assert result.thumbnail == saved_objects / f"{game}.png" and result.thumbnail.is_file()
    saved = json.loads(result.saved_object.read_text())
    assert tts_format_faults(saved, saved_objects / f"companion-{game}", (card.w, card.h)) == []
    total = sum(len(o.get("ContainedObjects", [o])) for o in saved["ObjectStates"])
    assert total == sum(c.quantity for c in load_game(game).cards)
