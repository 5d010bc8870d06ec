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
from companion.printing.exports import (
    face_description,
    pixel_size,
    planned_cards,
    render_pictures,
    tts_cell,
    tts_grid,
    tts_piles,
)
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
            assert 2 <= custom["NumWidth"] <= 10 and 2 <= custom["NumHeight"] <= 7
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


def test_images_of_mini_cards_hold_every_card_and_a_card_that_cannot_fit_is_refused(
    tmp_path: Path,
) -> None:
    result = invoke(
        "print", "images", "dungeon-poker", "characters", "--card-size", "mini", "--dpi", "40",
        "--out-dir", str(tmp_path / "mini"), "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    rows = json.loads((tmp_path / "mini" / "manifest.json").read_text())
    assert len(rows) == 14 and "Cave Troll" in {r["name"] for r in rows}
    tiny = invoke(
        "print", "images", "dungeon-of-d", "monsters", "--card-size", "30x42", "--dpi", "40",
        "--out-dir", str(tmp_path / "tiny"),
    )  # fmt: skip
    assert tiny.exit_code == 2
    assert tiny.stderr.startswith("error: ") and "'Monster card 2' (monsters)" in tiny.stderr
    assert not (tmp_path / "tiny").exists()


# ---------------------------------------------------------------- what a card says


def _description(game_id: str, card_id: str) -> str:
    from companion.printing.templates import render_face

    game = load_game(game_id)
    card = game.get(card_id)
    return face_description(render_face(game.game, game.game.deck(card.deck), card))


def test_a_tts_description_is_the_rules_the_face_prints_then_the_flavour(
    tts: tuple[Path, dict[str, Any], Any],
) -> None:
    barbarian = _description("dungeon-poker", "barbarian")
    rage = barbarian.index("Barbarian rage (1 soul gem)")
    assert barbarian.index("Draw 2 cards, then fold 2") > rage
    assert barbarian.rstrip().endswith("berserk fury when the stakes rise.")
    assert "<" not in barbarian and "&#39;" not in barbarian  # no markup left
    # The saved object carries the same words the face prints (one source).
    _out, saved, _ = tts
    for state in saved["ObjectStates"]:
        for obj in state["ContainedObjects"]:
            card_id = {c.name: c.id for c in load_game("dragon-kings").cards}[obj["Nickname"]]
            assert obj["Description"] == _description("dragon-kings", card_id)


@pytest.mark.parametrize("deck", ["power", "rooms", "monsters"])
def test_every_dungeon_of_d_card_description_holds_its_rules(deck: str) -> None:
    game = load_game("dungeon-of-d")
    for card in game.deck(deck):
        text = _description("dungeon-of-d", card.id)
        if deck == "power":
            assert "Wandering monster" in text and "Potion:" in text, card.id
        elif deck == "rooms" and card.id == "mystic-portal":
            assert "Descend" in text and text.index("Descend") < text.index("A ring of blue fire")
        elif deck == "monsters":
            assert "Orc" in text or "STR" in text, card.id
        flavour = getattr(card, "flavor", None) or ""
        assert len(text) > len(flavour) + 20, f"{card.id} describes only its flavour"


# ---------------------------------------------------------------- piles


def _piles(game_id: str) -> dict[str, list[str]]:
    game, cards = planned_cards(game_id)
    return {
        p.name: [c.card.id for c in p.cards for _ in range(c.quantity)]
        for p in tts_piles(game, cards)
    }


def test_decko_tts_piles_are_the_piles_a_table_sets_up() -> None:
    piles = _piles("decko")
    fruits = ["apple", "banana", "grape", "orange", "pear"]
    for fruit in fruits:
        deck = piles[f"DECKO: Starting decks ({fruit})"]
        assert len(deck) == 14 and all(i.startswith(fruit) for i in deck)
    assert len(piles["DECKO: Market deck (joins Starting decks)"]) == 52
    jokers = {k: len(v) for k, v in piles.items() if k.startswith("DECKO: Jokers")}
    assert jokers == {
        "DECKO: Jokers (DEAL)": 7,
        **{f"DECKO: Jokers ({t})": 6 for t in ("RAISE", "CALL", "BURN", "FOLD", "BUY")},
    }
    assert len(piles["DECKO: Wildcards (red)"]) == len(piles["DECKO: Wildcards (blue)"]) == 7
    assert sum(len(v) for v in piles.values()) == 70 + 52 + 37 + 14 + 5 + 1


def test_decko_tts_piles_match_a_five_player_table_setup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.games.decko.table_rules import DeckoRules
    from companion.table import new_table, open_store

    with open_store(tmp_path / "state.sqlite3") as store:
        with store.transaction() as tx:
            table, _ = new_table(tx, "t", "decko", ["a", "b", "c", "d", "e"], seed=3)
        with store.transaction(write=False) as tx:
            mat = DeckoRules("decko").mat(tx, table)
            ids = {f"{c.deck}#{c.copy}": c.card_id for c in tx.cards(table)}
    set_up = [sorted(ids[r] for r in seat.draw) for seat in mat.seats.values()]
    set_up += [sorted(ids[r] for r in pile) for pile in mat.jokers.values()]
    set_up.append(sorted(ids[r] for r in [*mat.market, *mat.market_deck] if r))
    exported = sorted(sorted(v) for v in _piles("decko").values())
    for pile in set_up:
        assert pile in exported


def test_optional_and_set_aside_cards_are_piles_of_their_own() -> None:
    piles = _piles("dungeon-poker")
    assert sorted(piles["Dungeon Poker: Monsters (set aside)"]) == ["fire-dragon-extra", "golem"]
    assert "golem" not in piles["Dungeon Poker: Monsters"]
    extras = [k for k in piles if "First Edition" in k]
    assert "Dungeon Poker: First Edition extra cards (treasure, joins Treasures)" in extras
    dm = _piles("dungeon-master")
    assert len(dm["Dungeon Master: Obstacles variant (joins Dungeon Master deck)"]) == 4


# ---------------------------------------------------------------- one-card sheets


def test_a_tts_grid_is_at_least_two_by_two() -> None:
    assert [tts_grid(n) for n in (1, 2, 3, 10, 11, 52, 70)] == [
        (2, 2), (2, 2), (3, 2), (10, 2), (10, 2), (10, 6), (10, 7),
    ]  # fmt: skip


def _small_decko(tmp_path: Path) -> Path:
    """A DECKO card folder with only the loan and blind cards: a one-card sheet each."""
    from companion.paths import cards_dir

    source = cards_dir() / "decko"
    folder = tmp_path / "decko"
    folder.mkdir(parents=True)
    game = (source / "game.yaml").read_text().split("\n  - id: ")
    keep = [game[0]] + [d for d in game[1:] if d.startswith(("loans", "blind"))]
    (folder / "game.yaml").write_text("\n  - id: ".join(keep))
    for name in ("loans.yaml", "blind.yaml"):
        (folder / name).write_text((source / name).read_text())
    return tmp_path


def test_a_single_card_sits_in_its_own_cell_of_a_two_by_two_sheet(tmp_path: Path) -> None:
    from companion.printing.exports import export_tts

    data = _small_decko(tmp_path / "cards")
    out = tmp_path / "out"
    export_tts("decko", out, card=CARD_SIZES["poker"], data_dir=data)
    saved = json.loads((out / "decko.json").read_text())
    blind = next(s for s in saved["ObjectStates"] if s["Nickname"] == "Blind card")
    assert blind["Name"] == "Card" and "Description" in blind
    (custom,) = blind["CustomDeck"].values()
    assert (custom["NumWidth"], custom["NumHeight"]) == (2, 2)
    w, h = tts_cell(CARD_SIZES["poker"])
    alone = render_pictures(
        "decko", ("blind",), card=CARD_SIZES["poker"], bleed=0, width_px=w, height_px=h,
        data_dir=data,
    ).faces["blind-card"]  # fmt: skip
    with Image.open(_path(custom["FaceURL"])) as sheet:
        assert sheet.size == (2 * w, 2 * h)
        cell = blind["CardID"] % 100
        col, row = cell % 2, cell // 2
        crop = sheet.convert("RGB").crop((col * w, row * h, (col + 1) * w, (row + 1) * h))
        assert ImageChops.difference(crop, alone).getbbox() is None
        blank = sheet.convert("RGB").crop((w, h, 2 * w, 2 * h)).getextrema()
        assert blank == ((255, 255), (255, 255), (255, 255))  # a padding cell stays blank


# ---------------------------------------------------------------- targets first


def test_images_refuse_a_fifo_manifest_before_drawing_anything(tmp_path: Path) -> None:
    import os

    out = tmp_path / "oi"
    out.mkdir()
    os.mkfifo(out / "manifest.json")
    result = invoke("print", "images", "dungeon-poker", "--dpi", "40", "--out-dir", str(out))
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert "manifest.json" in result.stderr and "FIFO" in result.stderr
    assert [p.name for p in out.iterdir()] == ["manifest.json"]


def test_tts_refuses_a_saved_object_linked_to_a_device_before_any_sheet(tmp_path: Path) -> None:
    out = tmp_path / "ot"
    out.mkdir()
    (out / "dragon-kings.json").symlink_to("/dev/null")
    result = invoke("print", "tts", "dragon-kings", "--out-dir", str(out))
    assert result.exit_code == 2
    assert "dragon-kings.json" in result.stderr and "device" in result.stderr
    assert [p.name for p in out.iterdir()] == ["dragon-kings.json"]
    assert Path("/dev/null").is_char_device()


def test_tts_base_url_points_every_sheet_at_the_host_and_dpi_makes_fewer_columns(
    tmp_path: Path,
) -> None:
    result = invoke(
        "print", "tts", "dragon-kings", "--dpi", "300", "--base-url", "http://192.168.1.5:8000/dk/",
        "--out-dir", str(tmp_path), "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    saved = json.loads((tmp_path / "dragon-kings.json").read_text())
    decks = [d for o in saved["ObjectStates"] for d in o["CustomDeck"].values()]
    assert decks and all(d["FaceURL"].startswith("http://192.168.1.5:8000/dk/") for d in decks)
    assert max(d["NumWidth"] for d in decks) == 5 and max(d["NumHeight"] for d in decks) <= 3
    assert result.json()["pixels"] == [750, 1050]
    clash = invoke("print", "tts", "dragon-kings", "--tts-dir", "x", "--out-dir", str(tmp_path))
    assert clash.exit_code == 2 and "give --tts-dir or --out-dir, not both" in clash.stderr
    big = invoke("print", "tts", "dragon-kings", "--dpi", "1000", "--out-dir", str(tmp_path))
    assert big.exit_code == 2 and "at most --dpi" in big.stderr
