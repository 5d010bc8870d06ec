"""Every card of every deck, drawn at four sizes: nothing overlaps, nothing leaves its box."""

from __future__ import annotations

import io

import pytest
from reportlab.pdfgen.canvas import Canvas

from companion.cards import load_all, load_game
from companion.printing.card_text import TextDoesNotFit, draw_line
from companion.printing.faces import layout_problems
from companion.printing.faces_context import FaceContext
from companion.printing.imposition import CARD_SIZES, MM_TO_PT
from companion.printing.probe import attach, region
from companion.printing.shapes import draw_icon
from companion.printing.templates import render_face

SIZES = ("poker", "bridge", "mini", "tarot")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", sorted(load_all()))
def test_no_card_has_overlapping_boxes_or_text_outside_its_box(game_id: str, size: str) -> None:
    cards = load_game(game_id)
    card_size = CARD_SIZES[size]
    faults: list[str] = []
    too_small = []
    for card in cards.cards:
        deck = cards.game.deck(card.deck)
        ctx = FaceContext(
            game=cards.game,
            deck=deck,
            width=card_size.w * MM_TO_PT,
            height=card_size.h * MM_TO_PT,
            bleed=0,
            data_dir=cards.source,
        )
        try:
            problems = layout_problems(card, render_face(cards.game, deck, card), ctx)
        except TextDoesNotFit:
            too_small.append(card.id)  # every card prints at every named size
            continue
        faults += [f"{card.id}: {p}" for p in problems]
    assert faults == []
    assert too_small == []


def _canvas() -> Canvas:
    return Canvas(io.BytesIO(), pagesize=(200, 300))


def test_the_check_sees_a_word_over_an_icon() -> None:
    c = _canvas()
    probe = attach(c, (0, 0, 200, 300))
    with region(c, "art", (10, 10, 190, 150)):
        draw_icon(c, "chip", 60, 80, 60)
        draw_line(c, "BLIND", 80, 75, "Times-Bold", 24)
    assert "icon 'chip' overlaps text 'BLIND'" in probe.problems()


def test_the_check_sees_text_leaving_its_box_and_boxes_touching() -> None:
    c = _canvas()
    probe = attach(c, (0, 0, 200, 300))
    with region(c, "badge", (10, 250, 40, 280)):
        draw_line(c, "12345", 25, 260, "Helvetica-Bold", 14, None, "center")
    with region(c, "text box", (40.2, 200, 190, 290)):
        pass
    problems = probe.problems()
    assert any("runs outside card/badge" in p for p in problems)
    assert any("card/badge overlaps or touches card/text box" in p for p in problems)


def test_the_check_follows_turned_drawings() -> None:
    c = _canvas()
    probe = attach(c, (0, 0, 200, 300))
    c.saveState()
    c.translate(200, 300)
    c.rotate(180)
    with region(c, "index turned", None):
        draw_line(c, "Q", 10, 280, "Times-Bold", 20)
    c.restoreState()
    with region(c, "text box", (150, 0, 200, 40)):
        pass
    # Turned, the index lands at the lower right, on the text box.
    assert any("index turned overlaps or touches" in p for p in probe.problems())


@pytest.mark.parametrize("game_id", sorted(load_all()))
def test_every_card_of_a_type_prints_its_rules_at_one_size(game_id: str) -> None:
    from dataclasses import replace

    from companion.printing.faces import draw_face, type_sizes

    cards = load_game(game_id)
    size = CARD_SIZES["poker"]
    faces = []
    for card in cards.cards:
        deck = cards.game.deck(card.deck)
        ctx = FaceContext(
            game=cards.game,
            deck=deck,
            width=size.w * MM_TO_PT,
            height=size.h * MM_TO_PT,
            bleed=0,
            data_dir=cards.source,
        )
        faces.append((card, render_face(cards.game, deck, card), ctx))
    sizes = type_sizes(faces)
    seen: dict[str, set[float]] = {}
    for card, spec, ctx in faces:
        got: list[float] = []
        draw_face(_canvas(), card, spec, replace(ctx, body_sizes=sizes, fitted=got))
        seen.setdefault(spec.template, set()).update(got)
    mixed = {template: sorted(s) for template, s in seen.items() if len(s) > 1}
    assert mixed == {}


CHARACTER_DECKS = {
    "dungeon-poker": ("characters", "extras"),
    "dungeon-master": ("characters",),
    "dungeon-of-d": ("characters",),
}


@pytest.mark.parametrize("game_id", sorted(CHARACTER_DECKS))
def test_every_character_class_of_a_game_has_its_own_portrait(game_id: str) -> None:
    from companion.printing.portraits import portrait_look

    cards = load_game(game_id)
    looks: dict[tuple[str, str, str], str] = {}
    for deck_id in CHARACTER_DECKS[game_id]:
        for card in cards.deck(deck_id):
            if card.kind not in ("character", "hero"):
                continue
            spec = render_face(cards.game, cards.game.deck(deck_id), card)
            assert spec.emblem is not None and spec.emblem.icon
            icon = spec.emblem.icon
            assert icon.startswith("portrait-") and icon != "portrait-hero", card.name
            look = portrait_look(icon.removeprefix("portrait-"))
            assert looks.setdefault(look, card.name) == card.name, (card.name, looks[look])


@pytest.mark.parametrize(
    ("game_id", "card_id", "icon"),
    [
        ("dungeon-poker", "sword-of-power", "sword"),  # its effect alone would show a potion
        ("decko", "lowball", "arrow-down"),  # not the raise arrow
        ("dungeon-poker", "crystal-dagger", "dagger"),
        ("dungeon-poker", "big-pile-of-gold", "coins"),
        ("dungeon-poker", "treasure-map", "map"),  # not the chest of "treasure"
        ("dungeon-poker", "soul-chest", "chest"),  # its name, not the soul gem it cashes for
        ("dungeon-poker", "treants-roots", "roots"),  # its effect alone would show a potion
        ("dungeon-poker", "mushroooms", "mushroom"),
    ],
)
def test_a_card_shows_the_icon_its_name_points_to(game_id: str, card_id: str, icon: str) -> None:
    cards = load_game(game_id)
    card = next(c for c in cards.cards if c.id == card_id)
    spec = render_face(cards.game, cards.game.deck(card.deck), card)
    assert spec.emblem is not None and spec.emblem.icon == icon
