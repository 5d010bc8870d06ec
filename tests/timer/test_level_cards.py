"""The Dungeon Poker structures agree with the level cards of the card database."""

from __future__ import annotations

from companion.cards import load_game
from companion.cards.dungeon_poker import level_ladder
from companion.timer.structure import load_structure

SHORTER_GAME_REMOVES = {200, 600, 800, 900}


def ladder(extra: bool = False) -> list[tuple[int, int]]:
    cards = load_game("dungeon-poker").of_type("level")
    return [(card.blind, card.soul_gems) for card in level_ladder(cards, extra=extra)]


def levels(name: str) -> list[tuple[int, int]]:
    return [(lv.blind or 0, lv.soul_gems) for lv in load_structure(name).levels]


def test_the_standard_structure_is_the_level_deck() -> None:
    assert len(ladder()) == 10
    assert levels("dungeon-poker") == ladder()


def test_the_level_deck_is_laid_in_its_card_order() -> None:
    cards = sorted(load_game("dungeon-poker").deck("levels"), key=lambda c: c.order)
    assert [c.blind for c in cards] == [lv.blind for lv in load_structure("dungeon-poker").levels]


def test_the_shorter_game_is_the_level_deck_without_200_600_800_and_900() -> None:
    kept = [(blind, gems) for blind, gems in ladder() if blind not in SHORTER_GAME_REMOVES]
    assert levels("dungeon-poker-short") == kept


def test_the_extra_level_structure_adds_the_extra_level_card() -> None:
    with_extra = ladder(extra=True)
    assert len(with_extra) == 11
    assert levels("dungeon-poker-extra-level") == with_extra


def test_the_dungeon_poker_structures_list_no_blinds_of_their_own() -> None:
    """One copy of the ladder: the structures read the level cards."""
    from companion.timer.structure import BUILTIN_DIR

    for path in BUILTIN_DIR.glob("dungeon-poker*.yaml"):
        text = path.read_text(encoding="utf-8")
        assert "level_cards:" in text and "blind: 100" not in text, path.name


def test_past_the_last_card_the_blind_rises_by_500_a_level_in_every_ladder() -> None:
    """000, "Blind bet levels" and "Shorter game": 500 more each level after the last card."""
    for name in ("dungeon-poker", "dungeon-poker-short", "dungeon-poker-extra-level"):
        structure = load_structure(name)
        last = structure.levels[-1]
        after = [structure.level(last.number + n) for n in (1, 2)]
        assert [lv.blind for lv in after if lv] == [1500 + 500, 1500 + 1000], name


def test_the_rise_past_the_last_card_is_read_from_that_card_only() -> None:
    """One copy of the +500: the last level card carries it, no structure file repeats it."""
    from companion.timer.structure import BUILTIN_DIR

    cards = load_game("dungeon-poker").of_type("level")
    rises = {card.blind: card.blind_rise_after for card in cards if card.blind_rise_after}
    assert rises == {1500: 500}
    for path in BUILTIN_DIR.glob("dungeon-poker*.yaml"):
        assert "continue:" not in path.read_text(encoding="utf-8"), path.name


def test_a_structure_of_level_cards_may_still_give_its_own_rise() -> None:
    from companion.timer.structure import parse_structure

    own = parse_structure(
        {
            "name": "Slow climb",
            "game": "dungeon-poker",
            "level_cards": "short",
            "continue": {"add": {"blind": 100}},
        },
        "slow.yaml",
    )
    assert own.level(7) is not None and own.level(7).blind == 1600
