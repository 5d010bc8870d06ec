"""``print images`` (print-on-demand PNGs) and ``print tts`` (Tabletop Simulator decks)."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlparse
from urllib.request import url2pathname

import pytest
from PIL import Image, ImageChops

from companion.cards import load_game
from companion.printing.exports import pixel_size, render_pictures, tts_cell
from companion.printing.imposition import CARD_SIZES
from tests.conftest import invoke


def test_print_shop_size_of_a_poker_card_with_3mm_bleed_at_300_dpi() -> None:
    assert pixel_size(CARD_SIZES["poker"], 3, 300) == (822, 1122)
    assert pixel_size(CARD_SIZES["bridge"], 0, 300) == (675, 1050)


@pytest.fixture(scope="module")
def gold_images(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Any]:
    out = tmp_path_factory.mktemp("images")
    result = invoke(
        "print", "images", "dungeon-of-d", "gold", "--dpi", "300", "--bleed", "3",
        "--out-dir", str(out), "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    return out, result.json()


def test_images_are_one_png_a_face_and_a_back_at_print_shop_size(
    gold_images: tuple[Path, Any],
) -> None:
    out, data = gold_images
    pngs = sorted(p.name for p in out.glob("*.png"))
    assert pngs == ["back-gold.png", "gold-gold-tens-x1.png", "gold-gold-units-x1.png"]
    for name in pngs:
        with Image.open(out / name) as image:
            assert image.size == (822, 1122)
            assert round(image.info["dpi"][0]) == 300
    assert data["pixels"] == [822, 1122] and data["distinct"] == 2 and data["backs"] == 1


def test_the_manifest_lists_file_name_deck_quantity_and_back(
    gold_images: tuple[Path, Any],
) -> None:
    out, _ = gold_images
    rows = json.loads((out / "manifest.json").read_text())
    assert rows == [
        {
            "file": "gold-gold-tens-x1.png",
            "id": "gold-tens",
            "name": "Gold (tens)",
            "deck": "gold",
            "quantity": 1,
            "back": "back-gold.png",
        },
        {
            "file": "gold-gold-units-x1.png",
            "id": "gold-units",
            "name": "Gold (units)",
            "deck": "gold",
            "quantity": 1,
            "back": "back-gold.png",
        },
    ]
    with (out / "manifest.csv").open() as f:
        assert [dict(r) | {"quantity": int(r["quantity"])} for r in csv.DictReader(f)] == rows


def test_images_of_cards_shuffled_together_point_to_one_back(tmp_path: Path) -> None:
    result = invoke(
        "print", "images", "decko", "starting", "market", "--dpi", "40", "--out-dir",
        str(tmp_path), "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    rows = json.loads((tmp_path / "manifest.json").read_text())
    assert {r["back"] for r in rows} == {"back-starting.png"}
    assert sum(r["quantity"] for r in rows) == 70 + 52
    assert all((tmp_path / r["file"]).is_file() for r in rows)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--dpi", "5"], r"--dpi 5 is out of range"),
        (["--bleed", "40"], r"--bleed 40 is out of range"),
        (["--card-size", "huge"], r"unknown card size 'huge'"),
    ],
)
def test_bad_image_options_are_one_line_errors(
    tmp_path: Path, args: list[str], message: str
) -> None:
    result = invoke("print", "images", "dragon-kings", "wing", "--out-dir", str(tmp_path), *args)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and len(result.stderr.strip().splitlines()) == 1
    assert re.search(message, result.stderr)
    assert not list(tmp_path.iterdir())


# ---------------------------------------------------------------- Tabletop Simulator


@pytest.fixture(scope="module")
def tts(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any], Any]:
    out = tmp_path_factory.mktemp("tts")
    result = invoke("print", "tts", "dragon-kings", "--out-dir", str(out), "--json")
    assert result.exit_code == 0, result.stderr
    saved = json.loads((out / "dragon-kings.json").read_text())
    return out, saved, result.json()


def _path(uri: str) -> Path:
    parsed = urlparse(uri)
    assert parsed.scheme == "file"
    return Path(url2pathname(parsed.path))


def test_tts_saved_object_has_a_custom_deck_per_pile(
    tts: tuple[Path, dict[str, Any], Any],
) -> None:
    _out, saved, report = tts
    states = saved["ObjectStates"]
    assert [s["Nickname"] for s in states] == [
        "Dragon Kings: Standard deck",
        "Dragon Kings: Wing cards",
    ]
    game = load_game("dragon-kings")
    for state, deck in zip(states, ("standard", "wing"), strict=True):
        assert state["Name"] == "DeckCustom"
        cards = game.deck(deck)
        assert len(state["ContainedObjects"]) == sum(c.quantity for c in cards)
        assert state["DeckIDs"] == [o["CardID"] for o in state["ContainedObjects"]]
        for custom in state["CustomDeck"].values():
            assert 1 <= custom["NumWidth"] <= 10 and 2 <= custom["NumHeight"] <= 7
            assert custom["UniqueBack"] is False and custom["BackIsHidden"] is True
            face, back = _path(custom["FaceURL"]), _path(custom["BackURL"])
            assert face.is_file() and back.is_file()
            with Image.open(face) as sheet:
                assert sheet.width <= 4096 and sheet.height <= 4096
                w, h = tts_cell(CARD_SIZES["poker"])
                assert sheet.size == (custom["NumWidth"] * w, custom["NumHeight"] * h)
            for obj in state["ContainedObjects"]:
                assert obj["Name"] == "Card" and obj["Nickname"]
                assert isinstance(obj["Description"], str)
                assert str(obj["CardID"] // 100) in obj["CustomDeck"]
    names = [o["Nickname"] for s in states for o in s["ContainedObjects"]]
    assert "King of Spades" in names or any("King" in n for n in names)
    assert report["cards"] == 65 and report["backs"] == 2


def test_each_grid_cell_of_a_tts_sheet_holds_its_card(
    tts: tuple[Path, dict[str, Any], Any],
) -> None:
    _out, saved, _ = tts
    w, h = tts_cell(CARD_SIZES["poker"])
    # Every card drawn on its own, the way the sheets were not: one deck at a time.
    alone = {}
    for deck in ("standard", "wing"):
        pictures = render_pictures(
            "dragon-kings", (deck,), card=CARD_SIZES["poker"], bleed=0, width_px=w, height_px=h
        )
        alone |= pictures.faces
    game = load_game("dragon-kings")
    by_name = {c.name: c.id for c in game.cards}
    sheets: dict[str, Image.Image] = {}
    checked = 0
    for state in saved["ObjectStates"]:
        for obj in state["ContainedObjects"]:
            sheet_key = str(obj["CardID"] // 100)
            custom = obj["CustomDeck"][sheet_key]
            if sheet_key not in sheets:
                sheets[sheet_key] = Image.open(_path(custom["FaceURL"])).convert("RGB")
            cell = obj["CardID"] % 100
            col, row = cell % custom["NumWidth"], cell // custom["NumWidth"]
            crop = sheets[sheet_key].crop((col * w, row * h, (col + 1) * w, (row + 1) * h))
            expected = alone[by_name[obj["Nickname"]]]
            diff = ImageChops.difference(crop, expected).getbbox()
            assert diff is None, f"{obj['Nickname']} is not in cell {cell} of sheet {sheet_key}"
            checked += 1
    assert checked == 65


def test_images_leave_out_and_name_cards_too_wordy_for_the_size(tmp_path: Path) -> None:
    result = invoke(
        "print", "images", "dungeon-poker", "characters", "--card-size", "mini", "--dpi", "40",
        "--out-dir", str(tmp_path), "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    data = result.json()
    left_out = {s["name"] for s in data["skipped"]}
    assert "Cave Troll" in left_out
    rows = json.loads((tmp_path / "manifest.json").read_text())
    assert {r["name"] for r in rows}.isdisjoint(left_out)
    assert len(rows) + len(left_out) == 14
