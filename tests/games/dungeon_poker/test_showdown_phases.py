"""Rules of Dungeon Poker's showdown phases a mutation run found no test pinned
(``benchmarks/mutation.py --group showdown``); one test a rule, named after it.
Rulebook: 000 (appendix B, the monsters; character death)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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


# -- the encounter's reminders, and what a monster's win costs, for any card's numbers ---------


def _at(rules: object, artifacts: tuple[str, ...] = ()) -> object:
    """As much of a showdown as the encounter's phase reads: its card, rules and players."""
    from types import SimpleNamespace

    players = [SimpleNamespace(name="ann", artifacts=artifacts)]
    return SimpleNamespace(enc=rules, encounter=SimpleNamespace(name="Twin caves"), players=players)


def test_an_encounter_with_two_boards_says_so_at_the_showdown() -> None:
    from companion.cards.dungeon_poker import EncounterRules
    from companion.games.dungeon_poker.showdown import encounter

    said = encounter.reminders(_at(EncounterRules(boards=2)))  # type: ignore[arg-type]
    assert [(e.effect, e.amount) for e in said] == [("boards", 2)]
    assert encounter.reminders(_at(EncounterRules())) == []  # type: ignore[arg-type]


def test_artifacts_are_said_not_to_work_only_when_the_encounter_bans_them_and_one_is_held() -> None:
    from companion.cards.dungeon_poker import EncounterRules
    from companion.games.dungeon_poker.showdown import encounter

    def effects(rules: EncounterRules, *held: str) -> list[str]:
        return [e.effect for e in encounter.reminders(_at(rules, held))]  # type: ignore[arg-type]

    assert "no-artifacts" in effects(EncounterRules(no_artifacts=True), "Crystal Dagger")
    assert "no-artifacts" not in effects(EncounterRules(no_artifacts=True))
    assert "no-artifacts" not in effects(EncounterRules(), "Crystal Dagger")


def test_a_refusal_names_the_encounter_in_force_and_nothing_without_one() -> None:
    from types import SimpleNamespace

    from companion.games.dungeon_poker.showdown import encounter

    assert encounter.named(SimpleNamespace(encounter=None)) == ""  # type: ignore[arg-type]
    assert encounter.named(_at(None)) == "Twin caves"  # type: ignore[arg-type]


def _won_by(monster: str) -> object:
    from companion.games.dungeon_poker.showdown import DungeonPokerShowdown
    from companion.poker.showdown_input import read_showdown

    sd = DungeonPokerShowdown(
        read_showdown(f"""
players: [{{name: ann, put_in: 200, soul_gems: 5}}, {{name: ben, put_in: 200, soul_gems: 1}}]
monsters: [{{name: {monster}}}]
result: {monster} > ann > ben
""")  # type: ignore[arg-type]
    )
    sd.run()
    return sd


def test_a_monster_that_steals_more_soul_gems_takes_as_many_as_each_player_has() -> None:
    """The Goblin's win takes a soul gem from each player; a card whose number is 2 takes
    two, and a player with one loses that one (a card without a number takes one)."""
    from types import SimpleNamespace

    from companion.games.dungeon_poker.showdown import fates

    sd: Any = _won_by("Goblin")
    gems: dict[str, int] = {}
    fates._steal_soul_gems(sd, sd.monsters[0], SimpleNamespace(amount=2), gems)
    assert gems == {"ann": -2, "ben": -1}
    gems = {}
    fates._steal_soul_gems(sd, sd.monsters[0], SimpleNamespace(amount=None), gems)
    assert gems == {"ann": -1, "ben": -1}


def test_a_monster_that_takes_more_treasures_takes_that_many_from_each_player_still_in() -> None:
    from types import SimpleNamespace

    from companion.games.dungeon_poker.showdown import fates

    sd: Any = _won_by("Goblin")
    lost: dict[str, int] = {}
    said = fates._lose_treasures(sd, sd.monsters[0], SimpleNamespace(amount=2), lost)
    assert lost == {"ann": 2, "ben": 2} and said[0].count == 2
    lost = {}
    fates._lose_treasures(sd, sd.monsters[0], SimpleNamespace(amount=None), lost)
    assert lost == {"ann": 1, "ben": 1}


def test_what_a_monsters_win_costs_is_a_frozen_value() -> None:
    from dataclasses import FrozenInstanceError

    from companion.games.dungeon_poker.showdown.fates import WinCosts

    with pytest.raises(FrozenInstanceError):
        WinCosts().events = ()  # type: ignore[misc]


@pytest.mark.parametrize(("summoned", "for_a_player"), [(", summoned_by: ann", True), ("", False)])
def test_the_ice_giant_robs_everyone_even_the_player_it_fought_for(
    summoned: str, for_a_player: bool
) -> None:
    """Appendix B, Ice Giant: its win costs every player the blind, also the one who
    summoned it; the event says when it fought for a player."""
    from companion.games.dungeon_poker.showdown_events import PlayersRobbed

    out = showdown(f"""
        blind: 300
        players: [{{name: ann, put_in: 300}}, {{name: ben, put_in: 300}}]
        monsters: [{{name: Ice Giant{summoned}}}]
        result: Ice Giant > ben > ann
    """)
    (robbed,) = [e for e in out.events if isinstance(e, PlayersRobbed)]
    assert robbed.for_a_player is for_a_player
    assert out.bank == {"ann": -300, "ben": -300}


def test_a_monster_beaten_by_two_tied_players_lost_and_did_not_tie() -> None:
    """000, Monsters: a monster ties only when it shares the best hand; two players tied
    above it have beaten it."""
    out = showdown("""
        players: [{name: ann, put_in: 200}, {name: ben, put_in: 200}]
        monsters: [{name: Orc}]
        result: ann = ben > Orc
    """)
    assert [m.outcome for m in out.monsters] == ["lost"]


def test_a_monster_whose_win_pays_its_owner_takes_no_treasure() -> None:
    """Appendix B, Golem: its win goes to the Gnome Artificer who brought it; a win does
    only what its card says, and the Golem's says nothing of treasures."""
    out = showdown("""
        players:
          - {name: gnome, put_in: 200, character: Gnome Artificer}
          - {name: ben, put_in: 200}
        monsters: [{name: Golem}]
        result: Golem > gnome > ben
    """)
    assert out.treasures_lost == {}
    assert out.payouts["gnome"] == 400


def test_a_monster_that_robs_more_blinds_charges_that_many_blinds_each() -> None:
    """The Ice Giant's win costs each player one blind; a card whose number is 2 costs two
    (a card without a number, one)."""
    from types import SimpleNamespace

    from companion.games.dungeon_poker.showdown import DungeonPokerShowdown, fates
    from companion.poker.showdown_input import read_showdown

    sd: Any = DungeonPokerShowdown(
        read_showdown("""
blind: 300
players: [{name: ann, put_in: 300}, {name: ben, put_in: 300}]
monsters: [{name: Ice Giant}]
result: Ice Giant > ann > ben
""")  # type: ignore[arg-type]
    )
    sd.run()
    for blinds, due in ((2, 600), (None, 300)):
        bank: dict[str, int] = {}
        robbed = fates._rob_blinds(sd, sd.monsters[0], SimpleNamespace(blinds=blinds), bank)
        assert robbed.due == due and bank == {"ann": -due, "ben": -due}
