"""Dragon Kings' card database against its rulebook (seed 003) and the card contracts."""

from __future__ import annotations

from collections import Counter

import pytest
from pydantic import ValidationError

from companion.cards import load_game
from companion.cards.dragon_kings import WingCard
from tests.conftest import invoke


@pytest.fixture(scope="module")
def dk():  # type: ignore[no-untyped-def]
    return load_game("dragon-kings")


def test_deck_totals(dk) -> None:  # type: ignore[no-untyped-def]
    assert {d.id: dk.total(d.id) for d in dk.decks} == {"standard": 53, "wing": 12}
    assert {d.id: d.expected_total for d in dk.decks} == {"standard": 53, "wing": 12}


def test_cards_list_json_reports_the_totals() -> None:
    result = invoke("cards", "list", "dragon-kings", "--json")
    assert result.exit_code == 0, result.stderr
    totals: Counter[str] = Counter()
    for card in result.json():
        totals[card["deck"]] += card["quantity"]
    assert dict(totals) == {"standard": 53, "wing": 12}
    wing = invoke("cards", "list", "dragon-kings", "--deck", "wing", "--json").json()
    assert sum(c["involuntary"] for c in wing) == 2


def test_standard_deck_is_52_cards_and_the_swords_joker(dk) -> None:  # type: ignore[no-untyped-def]
    standard = dk.deck("standard")
    assert Counter(c.type for c in standard) == {"playing": 52, "joker": 1}
    assert len({c.code for c in standard if c.type == "playing"}) == 52


def test_twelve_wing_cards_two_involuntary(dk) -> None:  # type: ignore[no-untyped-def]
    wing = dk.deck("wing")
    assert len(wing) == 12 and all(c.quantity == 1 for c in wing)
    assert Counter(c.involuntary for c in wing) == {True: 2, False: 10}


def test_involuntary_wing_cards_are_the_black_kings(dk) -> None:  # type: ignore[no-untyped-def]
    involuntary = {c.name: c.king for c in dk.deck("wing") if c.involuntary}
    assert involuntary == {"Grave Digger": "Ks", "Black Death": "Kc"}


def test_grave_digger_spade_flush_and_twinned_dragon_kings_roles(dk) -> None:  # type: ignore[no-untyped-def]
    grave = dk.get("grave-digger")
    death = dk.get("black-death")
    assert set(grave.hand_roles) == {"twinned-dragon-kings", "grave-digger-spade-flush"}
    assert death.hand_roles == ("twinned-dragon-kings",)
    assert "spade flush" in grave.text and "Twinned Dragon Kings" in grave.text
    assert "Twinned Dragon Kings" in death.text
    assert "Always in play" in grave.text and "Always in play" in death.text


def test_involuntary_cards_bend_nothing_else(dk) -> None:  # type: ignore[no-untyped-def]
    """The rulebook gives the two black kings no effect beyond their hands."""
    blank = WingCard(id="x", name="x", deck="wing", involuntary=False).effects
    for card in dk.deck("wing"):
        if card.involuntary:
            assert card.effects == blank and not card.designed


def test_voluntary_wing_cards_are_designed_and_each_bends_the_game(dk) -> None:  # type: ignore[no-untyped-def]
    blank = WingCard(id="x", name="x", deck="wing", involuntary=False).effects
    for card in dk.deck("wing"):
        if not card.involuntary:
            assert card.designed and card.designed_reason, card.name
            assert card.king is None and not card.hand_roles
            assert card.effects != blank, card.name
    assert len({c.effects for c in dk.deck("wing") if not c.involuntary}) == 10


def test_wild_cards_make_five_of_a_kind_possible(dk) -> None:  # type: ignore[no-untyped-def]
    wild = [c for c in dk.deck("wing") if c.effects.wild_ranks or c.effects.wild_cards]
    assert wild
    ranks = [c.effects.wild_ranks for c in wild if c.effects.wild_ranks]
    assert any(len(r) >= 1 for r in ranks)  # four of a rank plus one wild


def test_no_wing_card_makes_a_black_king_wild(dk) -> None:  # type: ignore[no-untyped-def]
    for card in dk.deck("wing"):
        assert "K" not in card.effects.wild_ranks, card.name
        assert not {"Ks", "Kc"} & set(card.effects.wild_cards), card.name


def test_extra_cards_come_from_the_bottom_of_the_deck(dk) -> None:  # type: ignore[no-untyped-def]
    for card in dk.deck("wing"):
        e = card.effects
        if e.extra_hole_cards or e.extra_board_cards or e.hole_card_swaps:
            assert "bottom of the deck" in card.text or "bottom card of the deck" in card.text, (
                card.name
            )


def test_every_wing_card_can_be_dealt_to_eight_players(dk) -> None:  # type: ignore[no-untyped-def]
    deck = dk.total("standard")
    for card in dk.deck("wing"):
        e = card.effects
        needed = (
            8 * (2 + e.extra_hole_cards + e.hole_card_swaps) + 5 + e.extra_board_cards + 3
        )  # 3 burns
        assert needed <= deck, card.name


def test_every_wing_card_has_short_text(dk) -> None:  # type: ignore[no-untyped-def]
    for card in dk.deck("wing"):
        assert card.text and len(card.text) <= 300, card.name


def test_only_black_kings_may_be_involuntary() -> None:
    with pytest.raises(ValidationError, match="black king"):
        WingCard(id="x", name="x", deck="wing", involuntary=True)
    with pytest.raises(ValidationError, match="black king"):
        WingCard(id="x", name="x", deck="wing", involuntary=False, king="Ks")
    with pytest.raises(ValidationError):
        WingCard(id="x", name="x", deck="wing", involuntary=False, effects={"wild_cards": ["Zz"]})


def test_cards_show_grave_digger() -> None:
    result = invoke("cards", "show", "Grave Digger", "--json")
    assert result.exit_code == 0, result.stderr
    card = result.json()
    assert (card["game"], card["king"], card["involuntary"]) == ("dragon-kings", "Ks", True)
