"""DECKO's card database against its rulebook (seed 002) and the card contracts."""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest
from pydantic import ValidationError

from companion.cards import load_game
from companion.cards.decko import SPECIALS, WILDCARD_RULES, MarketCard, WildcardCard
from tests.conftest import invoke

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
SUITS = ("s", "h", "d", "c")

# The joker reference, pile by pile.
JOKERS = {
    "DEAL": [
        "Mulligan",
        "Magic Hat",
        "Fortune Teller",
        "Hobo",
        "Baby Joker",
        "Merlin",
        "Garbage Pail Boy",
    ],
    "RAISE": [
        "White Clown",
        "Red Jester",
        "Mr. Jackpot",
        "Sewer Clown",
        "The Witch",
        "Table Talker",
    ],
    "CALL": ["Vampire", "Cool Cat", "Fishbait", "Monochroma", "Black Knight", "Kingmaker"],
    "BURN": ["The Devil", "Marshmallow", "Burning Man", "Harlequin", "Dumpster Fire", "Minmaxer"],
    "FOLD": ["Sad Clown", "Taxman", "Gun", "Patchface", "Robin", "Analysis Paralysis"],
    "BUY": ["Chip Girl", "Saleswoman", "Cherry", "Pizza Time", "Energy Drink", "Toilet"],
}

WILDCARDS = {
    "Hold'em": ("red", "holdem"),
    "Clown car": ("red", "clown-car"),
    "Lowball": ("red", "lowball"),
    "Stud": ("red", "stud"),
    "TCG": ("red", "tcg"),
    "Fried chicken": ("red", "fried-chicken"),
    "Deckorama": ("red", "deckorama"),
    "Inferno": ("blue", "inferno"),
    "Purge": ("blue", "purge"),
    "Battle royale": ("blue", "battle-royale"),
    "Low sum": ("blue", "low-sum"),
    "Solo": ("blue", "solo"),
    "Pro table": ("blue", "pro-table"),
    "Penultimo": ("blue", "penultimo"),
}


@pytest.fixture(scope="module")
def decko():  # type: ignore[no-untyped-def]
    return load_game("decko")


def _one(cards, **fields):  # type: ignore[no-untyped-def]
    found = [c for c in cards if all(getattr(c, k) == v for k, v in fields.items())]
    assert len(found) == 1, (fields, found)
    return found[0]


# --- Components: deck totals --------------------------------------------------

COMPONENT_TOTALS = {
    "starting": 70,
    "jokers": 37,
    "market": 52,
    "wildcards": 14,
    "loans": 5,
    "blind": 1,
}


def test_components_deck_totals(decko) -> None:  # type: ignore[no-untyped-def]
    assert {d.id: decko.total(d.id) for d in decko.decks} == COMPONENT_TOTALS
    assert {d.id: d.expected_total for d in decko.decks} == COMPONENT_TOTALS


def test_cards_list_json_reports_the_component_totals() -> None:
    result = invoke("cards", "list", "decko", "--json")
    assert result.exit_code == 0, result.stderr
    totals: Counter[str] = Counter()
    for card in result.json():
        assert {"id", "name", "deck", "quantity"} <= set(card)
        totals[card["deck"]] += card["quantity"]
    assert dict(totals) == COMPONENT_TOTALS


def test_cards_list_json_one_deck() -> None:
    result = invoke("cards", "list", "decko", "--deck", "jokers", "--json")
    cards = result.json()
    assert sum(c["quantity"] for c in cards) == 37
    assert Counter(c["joker_type"] for c in cards) == {
        "DEAL": 7,
        "RAISE": 6,
        "CALL": 6,
        "BURN": 6,
        "FOLD": 6,
        "BUY": 6,
    }


# --- Starting decks -------------------------------------------------------------


def test_five_starting_decks_of_fourteen_with_one_fruit_each(decko) -> None:  # type: ignore[no-untyped-def]
    per_fruit = Counter()
    for card in decko.deck("starting"):
        assert card.type == "starting"
        per_fruit[card.fruit] += card.quantity
    assert len(per_fruit) == 5
    assert set(per_fruit.values()) == {14}


def test_starting_deck_has_two_copies_of_each_number_2_to_8(decko) -> None:  # type: ignore[no-untyped-def]
    fruits = {c.fruit for c in decko.deck("starting")}
    for fruit in fruits:
        ranks = Counter()
        for card in decko.deck("starting"):
            if card.fruit == fruit:
                ranks[card.rank] += card.quantity
        assert ranks == dict.fromkeys("2345678", 2), fruit


def test_starting_deck_best_possible_set_is_a_straight(decko) -> None:  # type: ignore[no-untyped-def]
    """No flush (five of one suit), and only pairs, so no full house or four of a kind."""
    for fruit in {c.fruit for c in decko.deck("starting")}:
        deck = [c for c in decko.deck("starting") if c.fruit == fruit for _ in range(c.quantity)]
        assert max(Counter(c.suit for c in deck).values()) <= 4
        assert max(Counter(c.rank for c in deck).values()) == 2
        assert {"4", "5", "6", "7", "8"} <= {c.rank for c in deck}  # a straight is there


def test_all_starting_decks_are_the_same_but_for_the_fruit(decko) -> None:  # type: ignore[no-untyped-def]
    decks: dict[str, Counter[str]] = {}
    for card in decko.deck("starting"):
        decks.setdefault(card.fruit, Counter())[card.code] += card.quantity
    assert len({tuple(sorted(d.items())) for d in decks.values()}) == 1


# --- Jokers -------------------------------------------------------------------


def test_every_joker_of_the_reference_is_in_its_pile(decko) -> None:  # type: ignore[no-untyped-def]
    jokers = decko.deck("jokers")
    for joker_type, names in JOKERS.items():
        for name in names:
            assert _one(jokers, name=name).joker_type == joker_type
    assert sorted(c.name for c in jokers) == sorted(n for names in JOKERS.values() for n in names)
    assert all(c.quantity == 1 for c in jokers)


def test_two_player_game_removes_five_jokers(decko) -> None:  # type: ignore[no-untyped-def]
    removed = {c.name for c in decko.deck("jokers") if c.removed_in_two_player}
    assert removed == {"Fortune Teller", "Harlequin", "Pizza Time", "Patchface", "Robin"}


def test_cherry_and_chip_girl_cannot_be_declined(decko) -> None:  # type: ignore[no-untyped-def]
    assert {c.name for c in decko.deck("jokers") if c.mandatory} == {"Cherry", "Chip Girl"}


def test_joker_costs_are_designed_and_affordable_from_the_starting_twenty_chips(decko) -> None:  # type: ignore[no-untyped-def]
    for joker in decko.deck("jokers"):
        assert joker.designed and joker.designed_reason, joker.name
        assert 1 <= joker.cost <= 20, joker.name


# --- Market -------------------------------------------------------------------


def test_market_deck_is_one_regular_deck(decko) -> None:  # type: ignore[no-untyped-def]
    codes = Counter(c.code for c in decko.deck("market") for _ in range(c.quantity))
    assert codes == Counter(f"{r}{s}" for r, s in product(RANKS, SUITS))


def test_every_special_kind_appears_in_the_market(decko) -> None:  # type: ignore[no-untyped-def]
    kinds = Counter(c.special for c in decko.deck("market"))
    assert set(kinds) == set(SPECIALS)


def test_market_eights_are_the_plain_cards(decko) -> None:  # type: ignore[no-untyped-def]
    """Pro table: 'the 8 value cards with no special rules'; most others have one."""
    plain = {c.code for c in decko.deck("market") if c.special == "plain"}
    assert plain == {"8s", "8h", "8d", "8c"}


def test_the_four_queens(decko) -> None:  # type: ignore[no-untyped-def]
    queens = {c.special: c for c in decko.deck("market") if c.rank == "Q"}
    assert set(queens) == {
        "pyromaniac-queen",
        "dumpster-diving-queen",
        "shopping-queen",
        "bridge-partner-queen",
    }
    assert queens["bridge-partner-queen"].suit == "d"  # the Bridge Partner Queen of Diamonds
    names = {c.name for c in queens.values()}
    assert {"Pyromaniac", "Dumpster Diving", "Shopping", "Bridge Partner"} == {
        n.split(" Queen")[0] for n in names
    }


def test_rich_kings_of_the_examples(decko) -> None:  # type: ignore[no-untyped-def]
    kings = {c.suit for c in decko.deck("market") if c.special == "rich-king"}
    assert {"s", "d", "c"} <= kings


def test_assisting_aces_and_jovial_jacks_sit_on_their_ranks(decko) -> None:  # type: ignore[no-untyped-def]
    market = decko.deck("market")
    assert all(c.rank == "A" for c in market if c.special == "assisting-ace")
    assert all(c.rank == "K" for c in market if c.special == "rich-king")
    jacks = [c for c in market if c.special == "jovial-jack"]
    assert all(c.rank == "J" and c.alt_rank in "23456789T" for c in jacks)
    # the Jovial Jacks example scores three of them as 2, 3 and 4 in a straight
    assert {"2", "3", "4"} <= {c.alt_rank for c in jacks}


def test_chip_cards_example_nine_with_two_chips_and_five_with_one(decko) -> None:  # type: ignore[no-untyped-def]
    chips = {(c.rank, c.chips) for c in decko.deck("market") if c.special == "chip"}
    assert ("9", 2) in chips and ("5", 1) in chips


def test_credit_cards_give_three_dollars(decko) -> None:  # type: ignore[no-untyped-def]
    credits = [c for c in decko.deck("market") if c.special == "credit"]
    assert credits and all(c.money == 3 for c in credits)


def test_crypto_example_three_crypto_cards_exist(decko) -> None:  # type: ignore[no-untyped-def]
    assert sum(c.special == "crypto" for c in decko.deck("market")) >= 3


def test_junk_food_example_two_junk_food_cards_exist(decko) -> None:  # type: ignore[no-untyped-def]
    assert sum(c.special == "junk-food" for c in decko.deck("market")) >= 2


def test_dissolving_cards_example_six_seven(decko) -> None:  # type: ignore[no-untyped-def]
    dissolving = [c for c in decko.deck("market") if c.special == "dissolving"]
    assert ("6", "7") in {c.ranks for c in dissolving}
    assert all(len(set(c.ranks)) == 2 for c in dissolving)


def test_double_cards_of_the_examples(decko) -> None:  # type: ignore[no-untyped-def]
    doubles = [c for c in decko.deck("market") if c.special == "double"]
    pairs = {tuple(sorted(f[0] for f in c.faces)) for c in doubles}
    assert ("9", "9") in pairs  # 'his Double nine card as a pair of nines'
    assert ("7", "A") in pairs  # 'Double card with a 7 and A on it'
    assert ("T", "T") in pairs  # 'a Double ten card'
    assert ("9s", "9s") in {c.faces for c in doubles}  # 'two nines of spades'


def test_rich_king_example_counts_both_faces_of_a_double_card(decko) -> None:  # type: ignore[no-untyped-def]
    """Rich King of Spades, double 9♠9♠, 7♠ and 5♠: five chips."""
    market = decko.deck("market")
    hand = [
        _one(market, special="rich-king", suit="s"),
        _one(market, special="double", code="9s"),
        _one(market, code="7s"),
        _one(market, code="5s"),
    ]
    assert sum(face.endswith("s") for card in hand for face in card.faces) == 5


def test_smoldering_cards_of_the_examples(decko) -> None:  # type: ignore[no-untyped-def]
    smoldering = {(c.rank, c.burns) for c in decko.deck("market") if c.special == "smoldering"}
    assert ("5", 1) in smoldering and ("9", 2) in smoldering
    assert {b for _, b in smoldering} <= {1, 2}


def test_voucher_example_gives_three_chips(decko) -> None:  # type: ignore[no-untyped-def]
    assert 3 in {c.chips for c in decko.deck("market") if c.special == "voucher"}


def test_market_prices_are_designed_and_within_a_royal_flush(decko) -> None:  # type: ignore[no-untyped-def]
    for card in decko.deck("market"):
        assert card.designed and card.designed_reason, card.name
        assert 0 <= card.price <= 9, card.name  # $9 is the most a set earns


def test_when_acquired_and_when_revealed_kinds(decko) -> None:  # type: ignore[no-untyped-def]
    market = decko.deck("market")
    assert {c.special for c in market if c.when_acquired} == {"smoldering", "voucher"}
    assert not any(
        c.when_revealed for c in market if c.special in ("plain", "junk-food", "voucher")
    )


def test_market_parameters_must_match_the_special_kind() -> None:
    base = {"id": "x", "name": "X", "deck": "market", "suit": "s", "price": 1}
    with pytest.raises(ValidationError, match="needs 'chips'"):
        MarketCard(**base, rank="9", special="chip")
    with pytest.raises(ValidationError, match="does not apply"):
        MarketCard(**base, rank="9", special="plain", burns=1)
    with pytest.raises(ValidationError, match="must be an ace"):
        MarketCard(**base, rank="K", special="assisting-ace")
    with pytest.raises(ValidationError, match="must be a queen"):
        MarketCard(**base, rank="J", special="shopping-queen")
    with pytest.raises(ValidationError):
        MarketCard(**base, rank="9", special="smoldering", burns=3)


# --- Wildcards ----------------------------------------------------------------


def test_fourteen_wildcards_seven_red_seven_blue(decko) -> None:  # type: ignore[no-untyped-def]
    cards = decko.deck("wildcards")
    assert Counter(c.color for c in cards) == {"red": 7, "blue": 7}
    for name, (color, rule) in WILDCARDS.items():
        card = _one(cards, name=name)
        assert (card.color, card.rule) == (color, rule)
    assert sorted(c.rule for c in cards) == sorted(WILDCARD_RULES)


@pytest.mark.parametrize(
    ("rule", "field", "value"),
    [
        ("holdem", "market_cards_in_set", 3),
        ("holdem", "hand_cards_in_set_max", 2),
        ("clown-car", "shared_jokers", True),
        ("lowball", "winner", "lowest"),
        ("stud", "revealed_cards", 3),
        ("tcg", "take_from_left_burn_pile", 1),
        ("fried-chicken", "burn_on_bet", True),
        ("deckorama", "deal_cards", 7),
        ("inferno", "draw_from", "burn-pile"),
        ("purge", "unscorable", "shared-numbers"),
        ("battle-royale", "wild_royals", True),
        ("low-sum", "winner", "lowest-sum"),
        ("solo", "scored_cards", 1),
        ("pro-table", "unscorable", "starting-cards"),
        ("penultimo", "winner", "second-highest"),
    ],
)
def test_wildcard_rule_is_structured(decko, rule: str, field: str, value: object) -> None:  # type: ignore[no-untyped-def]
    card: WildcardCard = _one(decko.deck("wildcards"), rule=rule)
    assert getattr(card.effects, field) == value


def test_wildcards_change_nothing_else(decko) -> None:  # type: ignore[no-untyped-def]
    """Each wildcard's effects differ from a normal round in its own fields only."""
    normal = WildcardCard(id="n", name="n", deck="wildcards", color="red", rule="stud").effects
    for card in decko.deck("wildcards"):
        changed = {k for k, v in card.effects if getattr(normal, k) != v}
        assert changed, card.name
        assert len(changed) <= 2, (card.name, changed)


# --- Loans and blind ----------------------------------------------------------


def test_loans_give_ten_chips_repaid_at_five_each_at_most_two(decko) -> None:  # type: ignore[no-untyped-def]
    [loan] = decko.deck("loans")
    assert (loan.quantity, loan.chips, loan.repay, loan.max_loans) == (5, 10, 5, 2)
    assert loan.back_text


def test_one_blind_card(decko) -> None:  # type: ignore[no-untyped-def]
    [blind] = decko.deck("blind")
    assert blind.quantity == 1 and blind.type == "blind"


# --- Every card --------------------------------------------------------------


def test_every_card_has_short_text_of_its_own(decko) -> None:  # type: ignore[no-untyped-def]
    for card in decko:
        assert card.text, card.name
        assert len(card.text) <= 300, (card.name, len(card.text))


def test_rulebook_content_is_not_marked_designed(decko) -> None:  # type: ignore[no-untyped-def]
    for deck in ("wildcards", "loans", "blind"):
        assert not any(c.designed for c in decko.deck(deck)), deck


def test_cards_show_finds_a_market_card_by_name() -> None:
    result = invoke(
        "cards", "show", "Bridge Partner Queen of Diamonds", "--game", "decko", "--json"
    )
    assert result.exit_code == 0, result.stderr
    card = result.json()
    assert (card["rank"], card["suit"], card["special"]) == ("Q", "d", "bridge-partner-queen")
    assert isinstance(card["price"], int)


def test_each_joker_pile_has_its_own_back(decko) -> None:  # type: ignore[no-untyped-def]
    colors: dict[str, set[str]] = {}
    for joker in decko.deck("jokers"):
        colors.setdefault(joker.joker_type, set()).add(joker.pile_color)
    assert all(len(c) == 1 for c in colors.values())
    assert len({c for cs in colors.values() for c in cs}) == 6


def test_market_by_code_names_each_market_card_once(decko) -> None:  # type: ignore[no-untyped-def]
    from companion.cards.decko import market_by_code

    market = market_by_code(decko)
    assert len(market) == 52
    assert market["9s"].faces == ("9s", "9s")
    assert market["6h"].ranks == ("6", "7")


def test_schema_of_all_games_keeps_the_decko_joker_apart_from_the_playing_joker() -> None:
    result = invoke("cards", "schema")
    defs = result.json()["$defs"]
    assert "joker_type" in defs["DeckoJoker"]["properties"]
    assert "wild" in defs["JokerCard"]["properties"]


def test_docs_market_table_matches_the_data(decko) -> None:  # type: ignore[no-untyped-def]
    from pathlib import Path

    symbols = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}

    def cell(card) -> str:  # type: ignore[no-untyped-def]
        extra = ""
        if card.chips is not None:
            extra = f" {card.chips}"
        elif card.burns is not None:
            extra = f" {card.burns}"
        elif card.alt_rank is not None:
            extra = f" /{card.alt_rank}"
        elif card.double is not None:
            extra = f" +{card.double.rank}{symbols[card.double.suit]}"
        return f"{card.special}{extra} ${card.price}"

    doc = (Path(__file__).parents[2] / "docs" / "cards-decko.md").read_text(encoding="utf-8")
    rows = {}
    for line in doc.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[0] in RANKS:
            rows[cells[0]] = cells[1:]
    market = {c.code: c for c in decko.deck("market")}
    expected = {r: [cell(market[r + s]) for s in SUITS] for r in RANKS}
    assert rows == expected


def test_deckorama_json_shows_only_what_the_round_changes() -> None:
    card = invoke("cards", "show", "Deckorama", "--game", "decko", "--json").json()
    assert card["effects"] == {"deal_cards": 7}
    assert (card["color"], card["rule"]) == ("red", "deckorama")
