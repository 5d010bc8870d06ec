"""Card notation (DESIGN.md): ranks, suits, symbols, separators, errors, duplicates."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.errors import CompanionError
from companion.poker.cards import DECK, JOKER, Card, format_cards, parse_card, parse_cards


@pytest.mark.parametrize(
    ("token", "code"),
    [
        ("As", "As"),
        ("as", "As"),
        ("AS", "As"),
        ("10h", "Th"),
        ("th", "Th"),
        ("T♥", "Th"),
        ("k♣", "Kc"),
        ("Q♦", "Qd"),
        ("2♠", "2s"),
        ("9♥\ufe0f", "9h"),
        ("j♧", "Jc"),
    ],
)
def test_card_notation_accepts_letters_symbols_and_any_case(token: str, code: str) -> None:
    assert parse_card(token).code == code


def test_cards_are_separated_by_spaces_or_commas() -> None:
    assert format_cards(parse_cards("As,Kd  Qh ,Jc")) == "As Kd Qh Jc"


@pytest.mark.parametrize("token", ["Zx", "1s", "Ax", "11h", "A", "", "Kss", "0c", "♠A"])
def test_a_bad_token_is_named_in_a_one_line_error(token: str) -> None:
    with pytest.raises(CompanionError) as err:
        parse_card(token)
    assert err.value.message == (
        f"{token!r} is not a card (rank must be 2-9, T/10, J, Q, K, A; suit s h d c or ♠ ♥ ♦ ♣)"
    )


def test_the_error_names_the_bad_token_among_good_ones() -> None:
    with pytest.raises(CompanionError, match="'Zx' is not a card"):
        parse_cards("As Kd Zx 9c")


def test_duplicate_cards_are_rejected_naming_the_card() -> None:
    with pytest.raises(CompanionError, match="card 'Kd' is given twice"):
        parse_cards("As Kd 9c kD")


def test_jokers_may_repeat() -> None:
    assert parse_cards("* * As") == (JOKER, JOKER, Card.of(14, "s"))


def test_a_joker_can_be_refused() -> None:
    with pytest.raises(CompanionError, match="joker"):
        parse_cards("*", allow_joker=False)


def test_card_is_a_small_immutable_int_with_a_clear_repr() -> None:
    card = Card.of(10, "h")
    assert int(card) == 8 * 4 + 1
    assert repr(card) == "Card('Th')"
    assert card.symbol == "10♥"
    assert len(set(DECK)) == 52


@given(st.lists(st.sampled_from(DECK), unique=True, max_size=12))
def test_format_then_parse_round_trips(cards: list[Card]) -> None:
    for symbols in (False, True):
        assert parse_cards(format_cards(cards, symbols=symbols)) == tuple(cards)
