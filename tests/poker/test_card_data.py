"""The ranker against the card database: DECKO market cards and Dungeon Poker encounters."""

from __future__ import annotations

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


def test_rank_encounter_ranks_by_the_encounter_cards_own_rules() -> None:
    """``rank --encounter`` judges each deal by the card's rules (:func:`hand_rules`), the
    function the showdown uses too; the plain encounters rank as plain Dungeon Poker."""
    from companion.games.dungeon_poker.hand_rules import encounter_card, hand_rules
    from companion.poker.cards import parse_cards
    from companion.poker.hands import rank_hands

    names = [c.name for c in load_game("dungeon-poker").cards if c.kind == "encounter"]
    assert len(names) >= 22  # the rulebook's 22, and the extras
    for name in names:
        rules = hand_rules(encounter_card(name))
        if rules.boards > 1:
            continue  # Two front war needs both boards (tests/poker/test_showdown.py)
        for board, hands in DEALS:
            cards = {h.split("=")[0]: parse_cards(h.split("=")[1]) for h in hands}
            expected = [
                (p.name, p.place, p.hand.name)
                for p in rank_hands(cards, parse_cards(board), rules).placings
            ]
            assert _places("--encounter", name, "--board", board, *hands) == expected, name


def test_an_encounter_missing_from_the_card_data_is_an_error() -> None:
    result = invoke("rank", "--encounter", "Dragon dance", "ann=As,Kd")
    assert result.exit_code == 2
    assert result.stderr.startswith(
        "error: 'Dragon dance' is not a Dungeon Poker encounter (known: "
    )
    assert slug("Dragon dance") not in result.stderr.split("(known:")[1]
