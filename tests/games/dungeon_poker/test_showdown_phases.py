"""Rules of Dungeon Poker's showdown phases a mutation run found no test pinned
(``benchmarks/mutation.py --group showdown``); one test a rule, named after it.
Rulebook: 000 (appendix B, the monsters; character death)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from companion.errors import CompanionError
from companion.games.dungeon_poker.showdown.cards import find_card, rank_span
from tests.poker.showdown_helpers import showdown


def test_a_shared_fire_dragon_kill_leaves_its_treasure_waiting_beside_the_tied_deals() -> None:
    """Appendix B (Fire Dragon) and a tied deal: the deal's treasure waits for the next
    winner, and so does the dragon's, since two slayers share it (decisions.md)."""
    out = showdown("""
        players: [{name: ann, put_in: 200}, {name: ben, put_in: 200}]
        monsters: [{name: Fire Dragon}]
        result: ann = ben > Fire Dragon
    """)
    assert out.treasures == {}
    assert out.treasures_waiting == 2


def test_the_most_hands_a_showdown_holds_counts_the_monsters_with_the_players() -> None:
    players = ", ".join(f"{{name: p{i}, put_in: 100}}" for i in range(20))
    monsters = ", ".join(f"{{name: {m}}}" for m in ("Orc", "Troll", "Goblin", "Baron"))
    with pytest.raises(CompanionError, match="24 players and monsters, but a dungeon-poker"):
        showdown(f"players: [{players}]\nmonsters: [{monsters}]\nresult: p0")


def test_a_blind_of_zero_is_no_blind_for_a_rule_counted_in_blinds() -> None:
    """The Undeath Amulet brings its holder back with gold counted in blinds: with a
    blind of 0 the level's blind is unknown, and the file is refused."""
    with pytest.raises(CompanionError, match="Undeath Amulet needs the blind of the level"):
        showdown("""
            blind: 0
            players:
              - {name: ann, put_in: 200, stack: 0, artifacts: [Undeath Amulet]}
              - {name: ben, put_in: 200}
            result: ben > ann
        """)


def test_a_player_who_put_in_their_last_gold_and_wins_the_pot_lives() -> None:
    """Character death comes when a player has no gold left after the pots: an all-in
    player who wins has the pot."""
    out = showdown("""
        players: [{name: ann, put_in: 300, stack: 0}, {name: ben, put_in: 300, stack: 500}]
        result: ann > ben
    """)
    assert out.dead == ()
    lost = showdown("""
        players: [{name: ann, put_in: 300, stack: 0}, {name: ben, put_in: 300, stack: 500}]
        result: ben > ann
    """)
    assert lost.dead == ("ann",)


def test_any_gold_left_keeps_a_character_alive() -> None:
    out = showdown("""
        players: [{name: ann, put_in: 300, stack: 1}, {name: ben, put_in: 300, stack: 500}]
        result: ben > ann
    """)
    assert out.dead == ()


def test_a_player_whose_last_gold_the_ice_giant_takes_dies() -> None:
    """Appendix B, Ice Giant: its win costs the players gold after the pots; a player it
    leaves with none dies (ben had 100 behind and it charges the blind, capped at 100)."""
    out = showdown("""
        blind: 300
        players:
          - {name: ann, put_in: 300, stack: 0}
          - {name: ben, put_in: 300, stack: 100}
          - {name: cat, put_in: 300, stack: 500}
        monsters: [{name: Ice Giant, summoned_by: ann}]
        result: Ice Giant > ben > cat > ann
    """)
    assert out.bank["ben"] == -100
    assert out.dead == ("ben",)


@pytest.mark.parametrize(
    ("ranks", "written"),
    [
        (["2", "3", "4", "5", "6", "7"], "2-7"),
        (["2", "3", "4"], "2-4"),
        (["2", "3"], "2, 3"),
        (["2", "5"], "2, 5"),
        (["K", "A"], "K, A"),
    ],
)
def test_ranks_are_written_as_a_span_only_when_three_or_more_follow_each_other(
    ranks: list[str], written: str
) -> None:
    """The Ancient Evil's discards (ranks 2 to 7) and a curse's ranks, as a dealer says them."""
    assert rank_span(ranks) == written


@dataclass(frozen=True)
class _Card:
    id: str
    name: str
    kind: str = "monster"


class _Deck:
    """A card database of ``n`` monsters, as much of one as find_card asks."""

    def __init__(self, n: int) -> None:
        self.cards = [_Card(f"m{i}", f"Monster {i}") for i in range(n)]

    def by_name(self, name: str) -> list[_Card]:
        return [c for c in self.cards if c.name == name]

    def by_short_name(self, name: str, among: list[_Card]) -> list[_Card]:
        return []

    def of_type(self, kind: str) -> list[_Card]:
        return [c for c in self.cards if c.kind == kind]


@pytest.mark.parametrize(("n", "tail"), [(6, "Monster 5)"), (7, "Monster 5, ...)")])
def test_an_unknown_card_is_refused_with_up_to_six_names_of_its_deck(n: int, tail: str) -> None:
    with pytest.raises(CompanionError) as refused:
        find_card(_Deck(n), "monster", "Nobody", "monsters[0].name")
    said = str(refused.value)
    assert said.startswith("monsters[0].name: unknown monster 'Nobody' (for example: Monster 0,")
    assert said.endswith(tail)
