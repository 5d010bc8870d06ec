"""The back rule: cards that are ever shuffled together print one back.

Which cards mix is derived here from the card data (a deck's cards mix, a
pile with its own colour mixes only with itself, ``joins:`` on a card or a
deck mixes it into another deck) and checked against the rulebooks' setup
(the pairs below). Then every card's back is drawn and compared: two cards
of one mix get the very same drawing, and backs of piles that never mix
differ by more than their colour, so they sort apart in black and white.
"""

from __future__ import annotations

import io
from collections import defaultdict
from typing import Any

import pytest
from reportlab.pdfgen.canvas import Canvas

from companion.cards import load_all, load_game
from companion.printing.backs import PATTERNS, back_choice
from companion.printing.build import back_for

GAMES = sorted(load_all())

# What the rulebooks' setup shuffles together across the decks of the card
# data: (game, card id or "deck:<id>", the deck it ends up in).
RULEBOOK_MIXES = [
    # DECKO: bought market cards go to the buyer's discard pile, which is
    # reshuffled into the draw pile of starting cards.
    ("decko", "deck:market", "starting"),
    # Dungeon Poker appendix E: the extra characters, encounters, treasures,
    # level and monster card (M) are added to their decks.
    ("dungeon-poker", "fey-teratologist", "characters"),
    ("dungeon-poker", "dwarven-stalwart", "characters"),
    ("dungeon-poker", "two-front-war", "encounters"),
    ("dungeon-poker", "war-mongering", "encounters"),
    ("dungeon-poker", "demons-bargain", "treasures"),
    ("dungeon-poker", "mushroooms", "treasures"),
    ("dungeon-poker", "level-400", "levels"),
    ("dungeon-poker", "monster-card-extra", "main"),
    # Dungeon Master's Obstacles: four for the DM deck, a Stealth for the party.
    ("dungeon-master", "portcullis", "dm"),
    ("dungeon-master", "reinforced-door", "dm"),
    ("dungeon-master", "stealth-variant", "party"),
]


# The decks each rulebook's setup (or play) shuffles. The others are laid out,
# handed out or chosen face up (Dungeon of D's single cards, DECKO's loans and
# blind card, Dragon Kings' wing cards...): their cards may differ behind.
RULEBOOK_SHUFFLED = {
    "decko": ("starting", "market", "jokers", "wildcards"),
    "dragon-kings": ("standard",),
    "dungeon-master": ("characters", "party", "dm"),
    "dungeon-of-d": ("power", "rooms", "characters"),
    "dungeon-poker": ("main", "characters", "monsters", "encounters", "treasures"),
}


class _Piles:
    """Union-find over pile names."""

    def __init__(self) -> None:
        self.parent: dict[str, str] = {}

    def find(self, x: str) -> str:
        self.parent.setdefault(x, x)
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def union(self, a: str, b: str) -> None:
        self.parent[self.find(a)] = self.find(b)


def mixes(game_id: str) -> dict[str, list[Any]]:
    """Cards of ``game_id`` grouped by the pile they end up shuffled in."""
    cards = load_game(game_id)
    piles = _Piles()
    pile_of: dict[str, str] = {}
    for card in cards.cards:
        colour = getattr(card, "pile_color", None)
        pile = card.joins or (f"{card.deck}/{colour}" if colour else card.deck)
        pile_of[card.id] = pile
        piles.find(pile)
    for deck in cards.game.decks:
        if deck.joins:
            piles.union(deck.id, deck.joins)
    groups: dict[str, list[Any]] = defaultdict(list)
    for card in cards.cards:
        groups[piles.find(pile_of[card.id])].append(card)
    return dict(groups)


def _drawn(game_id: str, card: Any) -> str:
    """The PDF drawing of ``card``'s back, as text."""
    cards = load_game(game_id)
    game = cards.game
    deck = game.deck(card.deck)
    _key, draw = back_for(game, deck, card, 180.0, 252.0, 8.5, data_dir=cards.source)
    c = Canvas(io.BytesIO(), pagesize=(200, 270))
    draw(c)
    return "\n".join(c._code)


@pytest.mark.parametrize(("game_id", "what", "into"), RULEBOOK_MIXES)
def test_the_card_data_shuffles_what_the_rulebook_shuffles(
    game_id: str, what: str, into: str
) -> None:
    groups = mixes(game_id)
    home = next(g for g in groups.values() if any(c.deck == into for c in g))
    if what.startswith("deck:"):
        deck = what.split(":", 1)[1]
        assert all(c in home for c in load_game(game_id).deck(deck))
    else:
        assert any(c.id == what for c in home)


@pytest.mark.parametrize("game_id", GAMES)
def test_cards_shuffled_together_print_the_same_back(game_id: str) -> None:
    shuffled = RULEBOOK_SHUFFLED[game_id]
    for pile, cards in mixes(game_id).items():
        if not any(c.deck in shuffled or c.joins in shuffled for c in cards):
            continue
        drawings = defaultdict(list)
        for card in cards:
            drawings[_drawn(game_id, card)].append(card.id)
        assert len(drawings) == 1, (
            f"{game_id}: the {pile} pile mixes cards with {len(drawings)} different backs: "
            + " | ".join(", ".join(ids[:4]) for ids in drawings.values())
        )


@pytest.mark.parametrize("game_id", GAMES)
def test_backs_of_piles_that_never_mix_differ_in_pattern_or_title(game_id: str) -> None:
    cards = load_game(game_id)
    seen: dict[tuple[str, str], str] = {}
    for pile, members in mixes(game_id).items():
        card = members[0]
        choice = back_choice(cards.game, cards.game.deck(card.deck), card)
        if choice.design is None:  # a printed other side: the card's own face
            continue
        look = (choice.design.pattern.strip().lower(), choice.design.title.strip().upper())
        assert look[0] in PATTERNS, (game_id, pile, look)
        other = seen.setdefault(look, pile)
        assert other == pile, (
            f"{game_id}: the {other} and {pile} piles never mix but their backs differ only "
            f"in colour (pattern {look[0]}, title {look[1]})"
        )


def test_decko_starting_and_market_cards_share_a_back() -> None:
    cards = load_game("decko")
    game = cards.game
    starter = cards.deck("starting")[0]
    bought = cards.deck("market")[0]
    assert _drawn("decko", starter) == _drawn("decko", bought)
    assert back_choice(game, game.deck("market"), bought).key == "back.starting"


def test_first_edition_extras_wear_the_back_of_the_deck_they_join() -> None:
    cards = load_game("dungeon-poker")
    game = cards.game
    extras = game.deck("extras")
    keys = {c.id: back_choice(game, extras, c).key for c in cards.deck("extras")}
    assert keys["monster-card-extra"] == "back.main"
    assert keys["mimic"] == "back.monsters"
    assert keys["smoke-bomb"] == "back.treasures"
    # Never shuffled: the dealer buttons and reference cards keep their own back.
    assert keys["dealer"] == keys["deal-summary"] == "back.extras"


def test_each_decko_joker_pile_has_its_own_colour_and_title() -> None:
    cards = load_game("decko")
    game = cards.game
    jokers = game.deck("jokers")
    looks = {
        back_choice(game, jokers, c).design.title: back_choice(game, jokers, c).design.color
        for c in cards.deck("jokers")
    }
    assert sorted(looks) == ["BURN", "BUY", "CALL", "DEAL", "FOLD", "RAISE"]
    assert len(set(looks.values())) == 6


def test_every_game_says_which_of_its_decks_are_shuffled() -> None:
    assert sorted(RULEBOOK_SHUFFLED) == GAMES
    for game_id, decks in RULEBOOK_SHUFFLED.items():
        known = {d.id for d in load_game(game_id).game.decks}
        assert set(decks) <= known, game_id
