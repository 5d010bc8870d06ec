"""The ranker against the card database: DECKO market cards and Dungeon Poker encounters."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cards import load_game
from companion.games.decko.sets import from_card_model, parse_decko_card
from companion.poker.variants import slug
from tests.conftest import invoke


def test_every_decko_market_and_starting_card_converts_and_its_notation_round_trips() -> None:
    decko = load_game("decko")
    playing = [c for c in decko.cards if getattr(c, "type", "") in ("market", "starting")]
    assert len([c for c in playing if c.type == "market"]) == 52
    for card in playing:
        value = from_card_model(card)
        assert parse_decko_card(value.code) == value, card.id
        assert value.starting == (card.type == "starting")
        assert value.special == getattr(card, "special", "plain")


DEALS = (
    ("As Qh 7c 4d 9s", ("ann=Ah,Kd", "orc=Qs,Qd", "bob=2c,3c")),
    ("Kh Kc 5s 5d 2h", ("ann=Ah,3s", "orc=Ks,Qd", "bob=7c,8c", "cat=5h,6c")),
    ("Jh Th 9h 3c 2d", ("ann=Qh,8h", "orc=4s,5d", "bob=Ac,Ad")),
)


def _places(*args: str) -> list[tuple[str, int, str]]:
    result = invoke("rank", *args, "--json")
    assert result.exit_code == 0, result.stderr
    return [(p["name"], p["place"], p["hand"]) for p in result.json()["players"]]


def test_encounter_rules_come_from_the_card_data(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Each encounter card ranks showdowns as the built-in rules say (plain ones as usual)."""
    names = [c.name for c in load_game("dungeon-poker").cards if c.kind == "encounter"]
    assert len(names) >= 22  # the rulebook's 22, and the extras
    from_cards = {
        (name, board): _places("--encounter", name, "--board", board, *hands)
        for name in names
        for board, hands in DEALS
    }
    monkeypatch.setenv("COMPANION_CARDS", str(tmp_path))  # no card data: the built-in four
    for (name, board), places in from_cards.items():
        hands = dict(DEALS)[board]
        assert _places("--encounter", name, "--board", board, *hands) == places, name


def test_an_encounter_missing_from_the_card_data_is_an_error() -> None:
    result = invoke("rank", "--encounter", "Dragon dance", "ann=As,Kd")
    assert result.exit_code == 2
    assert result.stderr.startswith(
        "error: 'Dragon dance' is not a Dungeon Poker encounter (known: "
    )
    assert slug("Dragon dance") not in result.stderr.split("(known:")[1]
