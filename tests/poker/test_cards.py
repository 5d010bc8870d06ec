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


# One notation table (companion.poker.cards): every other reader of cards agrees with it.


def _every_written_card() -> list[tuple[str, str]]:
    """Each of the 52 cards in every way it may be written, with its code."""
    from companion.poker.cards import RANK_CHARS, SUIT_INPUT

    out = []
    for rank in RANK_CHARS:
        for rank_text in {rank, rank.lower(), "10" if rank == "T" else rank}:
            for suit_text, suit in SUIT_INPUT.items():
                out.append((rank_text + suit_text, rank + suit))
    return out


def test_the_card_models_accept_exactly_the_ranks_and_suits_of_the_notation() -> None:
    from typing import get_args

    from companion.cards.base import Rank, Suit
    from companion.cards.decko import NumberRank
    from companion.poker.cards import RANK_CHARS, SUIT_CHARS

    assert get_args(Rank) == tuple(RANK_CHARS)
    assert get_args(Suit) == tuple(SUIT_CHARS)
    assert get_args(NumberRank) == tuple(RANK_CHARS[:9])


def test_the_decko_and_rulebook_readers_read_every_card_as_the_notation_does() -> None:
    from companion.games.decko.sets import parse_decko_card
    from companion.printing.rulebook_markup import card_codes

    written = _every_written_card()
    assert len(written) == 19 * 12  # 2-9, T t 10, J j Q q K k A a; 12 suit characters
    for text, code in written:
        assert parse_card(text).code == code, text
        assert parse_decko_card(text).code == code, text
        assert card_codes(text) == (code,), text


def test_every_card_prints_with_its_suit_symbol_and_ten_as_10() -> None:
    from companion.cards.common import PlayingCard
    from companion.games.decko.sets import parse_decko_card
    from companion.poker.cards import SUIT_SYMBOLS, card_symbol, rank_label

    for card in DECK:
        rank, suit = card.code[0], card.code[1]
        want = ("10" if rank == "T" else rank) + SUIT_SYMBOLS[suit]
        assert card.symbol == card_symbol(card.code) == want
        assert rank_label(rank) + SUIT_SYMBOLS[suit] == want
        model = PlayingCard(id="x", name="x", deck="main", rank=rank, suit=suit)  # type: ignore[arg-type]
        assert model.symbol == want
        assert parse_decko_card(card.code).symbol == want
