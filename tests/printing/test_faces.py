"""Card faces and templates: every deck prints, text fits or fails by name, templates are the user's."""

from __future__ import annotations

import shutil
from pathlib import Path

import pypdf
import pytest

from companion.cards import load_all, load_game, loader
from companion.errors import CompanionError
from companion.paths import cards_dir, templates_dir
from companion.printing.backs import PATTERNS, back_of
from companion.printing.build import build_game_pdf
from companion.printing.card_text import (
    BodyStyle,
    CardTextError,
    fit_body,
    glyph_markup,
    printable_problem,
)
from companion.printing.imposition import CARD_SIZES, SheetSpec
from companion.printing.templates import render_face, template_name_for
from tests.conftest import invoke
from tests.printing.pdfread import SheetPdf

GAMES = sorted(load_all())

# Card types whose face is designed (has its own template); a new type in
# the data prints with the generic face until it gets one.
DESIGNED = {
    "dungeon-poker": {
        "playing",
        "monster-marker",
        "character",
        "monster",
        "encounter",
        "treasure",
        "level",
        "skull",
        "dealer",
        "reference",
    },
    "decko": {"starting", "joker", "market", "wildcard", "loan", "blind"},
    "dragon-kings": {"playing", "joker", "wing"},
    "dungeon-master": {
        "hero",
        "party-treasure",
        "party-special",
        "attribute",
        "creature",
        "trap",
        "room",
        "obstacle",
    },
    "dungeon-of-d": {
        "power",
        "room",
        "character",
        "monster",
        "upgrade",
        "gold",
        "level",
        "poisoned",
        "amulet",
        "counter",
        "info",
    },
}


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_every_deck_of_every_game_prints_and_no_text_overflows(
    game_id: str, tmp_path: Path
) -> None:
    """Building raises CardTextError on any text that only fits below 6 pt: none may."""
    cards = load_game(game_id)
    result = build_game_pdf(game_id, tmp_path / f"{game_id}.pdf", SheetSpec())
    assert result.cards == cards.total()
    assert result.pages > 0 and result.bytes / result.cards < 20_000
    text = SheetPdf(result.path).text()
    missing = [c.name for c in cards if c.name not in text]
    assert not missing
    for kind in DESIGNED.get(game_id, ()):
        for card in cards.of_type(kind):
            name, designed = template_name_for(game_id, card)
            assert designed and name != "generic.j2", (kind, name)


def test_every_back_pattern_named_in_the_database_is_drawn() -> None:
    for game_id in GAMES:
        game = load_game(game_id).game
        for deck in game.decks:
            assert back_of(game, deck).pattern.lower() in PATTERNS, (game_id, deck.id)


def test_every_character_of_every_card_can_be_printed() -> None:
    for game_id in GAMES:
        for card in load_game(game_id):
            for text in (card.name, card.text, card.flavor or ""):
                assert printable_problem(text) is None, (game_id, card.id, printable_problem(text))


def _copy_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game_id: str) -> Path:
    root = tmp_path / "cards"
    shutil.copytree(cards_dir() / game_id, root / game_id)
    monkeypatch.setenv("COMPANION_CARDS", str(root))
    loader.clear_cache()
    return root / game_id


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def test_text_too_long_for_its_box_fails_naming_the_card(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _copy_game(tmp_path, monkeypatch, "dragon-kings")
    essay = " ".join(["The guild keeps every wager honest until dawn."] * 40)
    # In the rules text, which a face never drops (a long flavour text gives way first).
    _replace(
        folder / "wing.yaml",
        "Before every deal each player antes 10 points into the pot, on top of the blinds.",
        essay,
    )
    result = invoke("print", "deck", "dragon-kings", "wing", "--out", str(tmp_path / "w.pdf"))
    # A deck missing a card is no deck: the command fails naming it and writes nothing.
    assert result.exit_code == 2
    assert result.stderr.startswith(
        "error: 1 card of dragon-kings cannot be printed on a 63.5×88.9"
    )
    assert "'Guild Tithe' (wing): text does not fit its box even at 6 pt" in result.stderr
    assert not (tmp_path / "w.pdf").exists()


def test_long_text_shrinks_but_stays_at_six_points_or_more() -> None:
    style = BodyStyle(size=9)
    body = "Draw two cards, then discard one. " * 14
    roomy = fit_body(body, 150, 400, style, where="x")
    tight = fit_body(body, 150, 120, style, where="x")
    assert roomy.size == 9
    assert 6 <= tight.size < 9 and tight.height <= 120
    with pytest.raises(CardTextError, match="card X: text does not fit its box even at 6 pt"):
        fit_body(body * 4, 150, 120, style, where="card X")


def test_an_unprintable_character_is_named_with_its_card(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _copy_game(tmp_path, monkeypatch, "dragon-kings")
    _replace(folder / "wing.yaml", "name: Guild Tithe", "name: Guild Tithe ☃")
    with pytest.raises(
        CardTextError, match=r"card 'Guild Tithe ☃' .*'☃' \(U\+2603\) cannot be printed"
    ):
        build_game_pdf("dragon-kings", tmp_path / "x.pdf", SheetSpec(), decks=("wing",))


def test_suit_symbols_in_text_use_the_symbol_font_and_stay_searchable(tmp_path: Path) -> None:
    assert glyph_markup("J♠ J♥") == (
        'J<font face="ZapfDingbats">♠</font> J<font face="ZapfDingbats" color="#c8102e">♥</font>'
    )
    path = tmp_path / "w.pdf"
    build_game_pdf("dragon-kings", path, SheetSpec(backs="none"), only=["Masquerade"])
    fonts = set()
    reader = pypdf.PdfReader(str(path))
    for xobj in reader.pages[0]["/Resources"]["/XObject"].values():
        resources = xobj.get_object().get("/Resources", {})
        for font in resources.get("/Font", {}).values():
            fonts.add(str(font.get_object()["/BaseFont"]))
    assert "/ZapfDingbats" in fonts
    assert "J♠" in SheetPdf(path).text()


def test_user_templates_change_the_wording_without_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine = tmp_path / "templates"
    shutil.copytree(templates_dir(), mine)
    _replace(
        mine / "cards" / "dragon-kings" / "wing.j2",
        "{{ card.text }}",
        "House rule! {{ card.text }}",
    )
    monkeypatch.setenv("COMPANION_TEMPLATES", str(mine))
    out = tmp_path / "w.pdf"
    result = invoke(
        "print", "deck", "dragon-kings", "wing", "--only", "Pickpocket", "--out", str(out)
    )
    assert result.exit_code == 0, result.stderr
    assert "House rule!" in SheetPdf(out).text()


def test_a_game_template_wins_over_a_shared_one_and_generic_catches_the_rest(
    tmp_path: Path,
) -> None:
    dk = load_game("dragon-kings")
    assert template_name_for("dragon-kings", dk.get("ks")) == ("dragon-kings/playing.j2", True)
    root = tmp_path / "cards"
    (root / "dragon-kings").mkdir(parents=True)
    (root / "playing.j2").write_text('{% set layout = "playing" %}')
    (root / "generic.j2").write_text("{{ card.text }}")
    assert template_name_for("dragon-kings", dk.get("ks"), root) == ("playing.j2", True)
    assert template_name_for("dragon-kings", dk.get("grave-digger"), root) == ("generic.j2", False)


def test_a_broken_template_is_reported_with_its_file_and_card(tmp_path: Path) -> None:
    dk = load_game("dragon-kings")
    cases = [
        (
            "{{ card.no_such_field }}",
            "grave-digger",
            r"templates/cards/dragon-kings/wing.j2: card 'Grave Digger'",
        ),
        ('{% set badges = [{"corner": "middle"}] %}', "black-death", "badge corner 'middle'"),
        ('{% set emblem = "unicorn" %}', "pickpocket", "unknown icon 'unicorn'"),
        ("{% if %}", "unmasked", r"templates/cards/dragon-kings/wing.j2:1:"),
    ]
    for number, (source, card_id, message) in enumerate(cases):
        root = tmp_path / str(number) / "cards"  # templates are read once a run: one folder a case
        (root / "dragon-kings").mkdir(parents=True)
        (root / "dragon-kings" / "wing.j2").write_text(source)
        with pytest.raises(CompanionError, match=message):
            render_face(dk.game, dk.game.deck("wing"), dk.get(card_id), root)


def test_card_text_is_escaped_so_it_cannot_break_the_markup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _copy_game(tmp_path, monkeypatch, "dragon-kings")
    _replace(
        folder / "wing.yaml",
        "flavor: The guild always takes its share first.",
        "flavor: 'Pay <b>now</b> & smile'",
    )
    dk = load_game("dragon-kings")
    spec = render_face(dk.game, dk.game.deck("wing"), dk.get("guild-tithe"))
    assert "Pay &lt;b&gt;now&lt;/b&gt; &amp; smile" in spec.body
    path = tmp_path / "g.pdf"
    build_game_pdf("dragon-kings", path, SheetSpec(backs="none"), only=["guild-tithe"])
    assert "Pay <b>now</b> & smile" in SheetPdf(path).text()


def test_decko_joker_piles_and_the_loan_card_print_their_own_backs(tmp_path: Path) -> None:
    path = tmp_path / "d.pdf"
    build_game_pdf("decko", path, SheetSpec(), decks=("jokers", "loans"))
    backs = set()
    for page in SheetPdf(path).all_placements():
        backs.update(p.name for p in page if p.kind == "back")
    assert len([b for b in backs if b.startswith("back.jokers.")]) == 6  # one colour a pile
    assert "back.loans.loan" in backs  # the two-loan side
    assert "Two loans" in SheetPdf(path).text()


def test_variant_cards_wear_the_back_of_the_deck_they_join(tmp_path: Path) -> None:
    path = tmp_path / "v.pdf"
    build_game_pdf("dungeon-master", path, SheetSpec(), decks=("variant",))
    placed = [p for page in SheetPdf(path).all_placements() for p in page if p.kind == "back"]
    dm = load_game("dungeon-master")
    expected = sorted(f"back.{c.joins}" for c in dm.deck("variant") for _ in range(c.quantity))
    assert sorted(p.name for p in placed) == expected


def test_art_images_are_drawn_and_missing_ones_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PIL import Image

    folder = _copy_game(tmp_path, monkeypatch, "dragon-kings")
    Image.new("RGB", (40, 30), (200, 40, 40)).save(folder / "mask.png")
    _replace(folder / "wing.yaml", "name: Masquerade", "name: Masquerade\n    art: mask.png")
    path = tmp_path / "a.pdf"
    build_game_pdf("dragon-kings", path, SheetSpec(backs="none"), only=["Masquerade"])
    raw = path.read_bytes()
    assert b"/Subtype /Image" in raw
    _replace(folder / "wing.yaml", "art: mask.png", "art: nowhere.png")
    loader.clear_cache()
    with pytest.raises(
        CompanionError, match=r"card 'Masquerade' \(masquerade\): art image 'nowhere.png' not found"
    ):
        build_game_pdf("dragon-kings", path, SheetSpec(), only=["Masquerade"])


@pytest.mark.parametrize("size", ["bridge", "tarot", "square", "70x100"])
def test_other_card_sizes_scale_the_faces(size: str, tmp_path: Path) -> None:
    from companion.printing.imposition import parse_card_size

    result = build_game_pdf(
        "dragon-kings", tmp_path / "s.pdf", SheetSpec(card=parse_card_size(size))
    )
    assert result.cards == 65


def test_mini_cards_print_the_short_texts(tmp_path: Path) -> None:
    result = build_game_pdf(
        "dungeon-master", tmp_path / "m.pdf", SheetSpec(card=CARD_SIZES["mini"]), decks=("dm",)
    )
    assert result.cards == 49


def test_an_ace_centre_on_a_card_without_a_suit_is_a_template_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine = tmp_path / "templates"
    shutil.copytree(templates_dir(), mine)
    _replace(
        mine / "cards" / "dragon-kings" / "joker.j2",
        '{% set center = "emblem" %}',
        '{% set center = "ace" %}',
    )
    monkeypatch.setenv("COMPANION_TEMPLATES", str(mine))
    result = invoke(
        "print",
        "deck",
        "dragon-kings",
        "standard",
        "--only",
        "Swords Joker",
        "--out",
        str(tmp_path / "j.pdf"),
    )
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "error: templates/cards/dragon-kings/joker.j2: center 'ace' needs a suit, "
        "and dragon-kings card 'Swords Joker' (swords-joker) has none"
    )
    assert not (tmp_path / "j.pdf").exists()


def test_portraits_are_drawn_in_the_page_and_pips_stay_shared_forms(tmp_path: Path) -> None:
    # A portrait belongs to one character, so a form of it would be used once:
    # it is drawn into the page; icons a deck repeats stay forms.
    path = tmp_path / "c.pdf"
    build_game_pdf("dungeon-of-d", path, SheetSpec(), decks=("characters", "power"))
    names: set[str] = set()
    for page in pypdf.PdfReader(str(path)).pages:
        names.update(str(n) for n in page["/Resources"].get("/XObject", {}))
    assert not [n for n in names if "portrait" in n]
    assert any(n.startswith("/FormXob.icon.fist") for n in names)
    text = SheetPdf(path).text()
    assert "Wrestler" in text and "Grapple" in text


def test_a_room_footer_names_its_danger_level_in_the_rulebook_words() -> None:
    """The footer used to read 'danger 2 (top left)', pointing at the badge instead of naming it."""
    dod = load_game("dungeon-of-d")
    room = dod.get("boulder-trap")
    spec = render_face(dod.game, dod.game.deck("rooms"), room)
    assert spec.footer == f"Dungeon of D · Danger Level {room.danger}"
    assert [b.value for b in spec.badges if b.corner == "tl"] == [str(room.danger)]
