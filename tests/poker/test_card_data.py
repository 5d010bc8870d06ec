"""The ranker against the card database: DECKO market cards and Dungeon Poker encounters."""

from __future__ import annotations

import pytest

from companion.games.decko.sets import from_card_model, parse_decko_card
from companion.games.ranking import encounter_table
from companion.poker.variants import BUILTIN_ENCOUNTERS, DUNGEON_POKER, encounter_rules, slug
from tests.conftest import invoke

cards = pytest.importorskip("companion.cards")


def _load(game: str):  # type: ignore[no-untyped-def]
    try:
        return cards.load_game(game)
    except Exception as exc:
        pytest.skip(f"{game} card data not available: {exc}")


def test_every_decko_market_and_starting_card_converts_and_its_notation_round_trips() -> None:
    decko = _load("decko")
    playing = [c for c in decko.cards if getattr(c, "type", "") in ("market", "starting")]
    assert len([c for c in playing if c.type == "market"]) == 52
    for card in playing:
        value = from_card_model(card)
        assert parse_decko_card(value.code) == value, card.id
        assert value.starting == (card.type == "starting")
        assert value.special == getattr(card, "special", "plain")


def test_encounter_rules_come_from_the_card_data() -> None:
    _load("dungeon-poker")
    table = encounter_table()
    assert table is not None
    for key in BUILTIN_ENCOUNTERS:
        assert encounter_rules(key, table) == encounter_rules(key), key
    ranking_fields = (
        "ordering",
        "use_exactly",
        "use_at_most",
        "lowball",
        "ace_low",
        "hand_size",
        "boards",
    )
    for key in table:
        if key in BUILTIN_ENCOUNTERS:
            continue
        rules = encounter_rules(key, table)
        assert [getattr(rules, f) for f in ranking_fields] == [
            getattr(DUNGEON_POKER, f) for f in ranking_fields
        ], key


def test_an_encounter_missing_from_the_card_data_is_an_error() -> None:
    _load("dungeon-poker")
    result = invoke("rank", "--encounter", "Dragon dance", "ann=As,Kd")
    assert result.exit_code == 2
    assert result.stderr.startswith(
        "error: 'Dragon dance' is not a Dungeon Poker encounter (known: "
    )
    assert slug("Dragon dance") not in result.stderr.split("(known:")[1]
