"""One test per rule of the Dungeon Master resolution and treasure phases (rulebook 001)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cards.dungeon_master import ATTRIBUTES
from companion.errors import CompanionError
from companion.games.dungeon_master.model import CardPlay, Encounter, PartyHero
from companion.games.dungeon_master.resolve import casualties, resolve, roll_attribute
from tests.games.dungeon_master.helpers import SIX, catalog, encounter, run

# --------------------------------------------------------------------------- fight points


def test_sword_on_the_barbarian_gives_2_fight_points() -> None:
    """The rulebook's worked example: Sword on the Barbarian (Sword x2) is worth 2."""
    result = run(["Barbarian", "Wizard"], {"creatures": ["Zombies"]}, ["Barbarian=Sword"])
    [play] = result.plays
    assert (play.level, play.bonus, play.points) == (2, 0, 2)
    assert result.party_total == 2
    assert result.killed == ()


@pytest.mark.parametrize(
    ("hero", "card", "creature", "level", "bonus"),
    [
        ("Barbarian", "Sword", "Orcs", 2, 2),  # Sword +2 vs Goblinkin
        ("Barbarian", "Axe", "Skeletons", 2, 1),  # Axe +1 vs Undead
        ("Barbarian", "Axe", "Kobolds", 2, 1),  # Axe +1 vs Goblinkin
        ("Monk", "Dagger", "Goblins", 2, 1),  # Dagger +1 vs Goblinkin
        ("Monk", "Dagger", "Dragon", 2, 1),  # Dagger +1 vs X
        ("Wizard", "Spell", "Rats", 4, 4),  # Spell +4 vs Swarms
        ("Priest", "Bless", "Vampires", 2, 3),  # Bless +3 vs Undead
        ("Archer", "Bow", "Hydra", 3, 3),  # Bow +3 vs X
        ("Barbarian", "Sword", "Skeletons", 2, 0),  # no Sword bonus vs Undead
        ("Wizard", "Spell", "Ghouls", 4, 0),  # no Spell bonus vs Undead
        ("Archer", "Bow", "Orcs", 3, 0),  # no Bow bonus vs Goblinkin
        ("Priest", "Bless", "Wasps", 2, 0),  # no Bless bonus vs Swarms
        ("Halfling", "Stealth", "Orcs", 3, 0),  # Stealth played for its points
    ],
)
def test_attribute_card_adds_hero_level_plus_bonus_vs_the_meld_type(
    hero: str, card: str, creature: str, level: int, bonus: int
) -> None:
    result = run(
        [hero, "Wizard" if hero != "Wizard" else "Bard"],
        {"creatures": [creature]},
        [f"{hero}={card}:fight"],
    )
    [play] = result.plays
    assert (play.level, play.bonus) == (level, bonus)
    assert result.party_total == level + bonus


def test_party_total_is_the_sum_over_the_heroes_played() -> None:
    result = run(SIX, {"creatures": ["Orcs"]}, ["Barbarian=Sword", "Halfling=Dagger", "Archer=Bow"])
    assert result.party_raw == (2 + 2) + (1 + 1) + 3
    assert result.party_total == 9


def test_levels_gained_count_toward_the_fight() -> None:
    result = run(
        [{"hero": "Wizard", "gained": {"spell": 2}}, "Bard"],
        {"creatures": ["Spiders"]},
        ["Wizard=Spell"],
    )
    assert result.plays[0].level == 6
    assert result.party_total == 6 + 4


def test_party_total_minimum_is_1() -> None:
    even = run(SIX, {"creatures": ["Skeletons"]})
    assert (even.party_raw, even.party_total, even.casualties) == (0, 1, 0)
    twice = run(SIX, {"creatures": ["Zombies"]})
    assert (twice.party_total, twice.casualties) == (1, 2)


def test_creature_total_is_the_meld_plus_the_room_bonus() -> None:
    result = run(SIX, {"creatures": ["Skeletons", "Zombies", "Vampires"], "room": "Throne Room"})
    assert result.dm_total == 1 + 2 + 6 + 3
    assert dict(result.dm_parts) == {"Skeletons": 1, "Zombies": 2, "Vampires": 6, "Throne Room": 3}


@pytest.mark.parametrize(
    ("room", "bonus"), [("Throne Room", 3), ("Great Cavern", 2), ("Armory", 1)]
)
def test_room_bonus_adds_to_a_single_creature(room: str, bonus: int) -> None:
    assert run(SIX, {"creatures": ["Dragon"], "room": room}).dm_total == 10 + bonus


# --------------------------------------------------------------------------- casualties


@pytest.mark.parametrize(
    ("creatures", "party", "expected"),
    [
        (4, 5, 0),
        (5, 5, 0),
        (6, 5, 1),
        (9, 5, 1),
        (10, 5, 2),
        (14, 5, 2),
        (15, 5, 3),
        (20, 5, 4),
        (7, 1, 7),
    ],
)
def test_casualties_none_then_one_then_one_per_whole_multiple(
    creatures: int, party: int, expected: int
) -> None:
    assert casualties(creatures, party) == expected


def test_no_hero_dies_when_the_creatures_equal_the_party() -> None:
    result = run(
        SIX, {"creatures": ["Orcs", "Goblins"]}, ["Barbarian=Sword", "Halfling=Dagger:fight"]
    )
    assert (result.dm_total, result.party_total) == (5, 6)
    assert result.killed == ()
    result = run(SIX, {"creatures": ["Orcs", "Goblins"]}, ["Barbarian=Sword", "Archer=Dagger"])
    assert (result.dm_total, result.party_total, result.casualties) == (5, 6, 0)


def test_one_hero_dies_when_the_creatures_beat_the_party() -> None:
    result = run(SIX, {"creatures": ["Giants"]}, ["Barbarian=Sword"])
    assert (result.dm_total, result.party_total) == (6, 4)
    assert len(result.killed) == 1


def test_twice_the_party_total_kills_two_and_three_times_kills_three() -> None:
    two = run(SIX, {"creatures": ["Dragon"]}, ["Wizard=Spell"])  # 10 vs 4
    assert len(two.killed) == 2
    three = run(SIX, {"creatures": ["Giants", "Trolls", "Ogres"]}, ["Wizard=Spell"])  # 15 vs 4
    assert len(three.killed) == 3


def test_casualties_are_random_heroes_and_the_seed_decides_who() -> None:
    killed = {run(SIX, {"creatures": ["Dragon"]}, seed=s).killed for s in range(12)}
    assert len(killed) > 3  # different seeds, different heroes
    assert all(len(set(k)) == len(k) for k in killed)
    again = [run(SIX, {"creatures": ["Dragon"]}, seed=7).to_json() for _ in range(2)]
    assert again[0] == again[1]


def test_named_casualties_die_first_then_random() -> None:
    result = run(
        SIX,
        {"creatures": ["Giants", "Trolls", "Ogres"]},
        ["Wizard=Spell"],
        casualties=["Archer", "Dwarf"],
    )
    assert result.killed[:2] == ("Archer", "Dwarf")
    assert len(result.killed) == 3
    assert any("Archer, Dwarf named, the rest at random" in e for e in result.events)


def test_all_heroes_killed_the_dungeon_master_wins() -> None:
    result = run(["Wizard", "Bard"], {"creatures": ["Orcs"]}, treasures=["Gems"])
    assert result.killed and set(result.killed) == {"Wizard", "Bard"}
    assert result.winner == "dm"
    assert result.party_after == ()
    assert result.treasure_lost


def test_heroes_lost_never_exceed_the_party() -> None:
    result = run(["Wizard", "Bard"], {"creatures": ["Dragon"]})
    assert result.casualties == 2
    assert any("more than the 2 the party has" in e for e in result.events)


# --------------------------------------------------------------------------- melds


def test_a_meld_is_all_one_creature_type() -> None:
    with pytest.raises(
        CompanionError, match=r"^Skeletons \(Undead\) cannot join a meld of Orcs \(Goblinkin\)"
    ):
        run(SIX, {"creatures": ["Orcs", "Goblins", "Skeletons"]})


def test_x_creatures_may_not_meld() -> None:
    with pytest.raises(CompanionError, match=r"^Dragon is an X creature and never melds"):
        run(SIX, {"creatures": ["Orcs", "Dragon"]})
    with pytest.raises(CompanionError, match=r"^Nymphs is an X creature"):
        run(SIX, {"creatures": ["Nymphs", "Minotaur"]})


def test_an_x_creature_fights_alone() -> None:
    result = run(SIX, {"creatures": ["Demon"]}, ["Archer=Bow", "Halfling=Dagger"])
    assert result.creature_type == "x"
    assert result.party_total == (3 + 3) + (1 + 1)
    assert result.casualties == 1


def test_a_meld_of_one_type_is_accepted() -> None:
    result = run(SIX, {"creatures": ["Rats", "Bats", "Spiders", "Scorpions"]}, ["Wizard=Spell"])
    assert (result.creature_type, result.dm_total, result.party_total, result.casualties) == (
        "swarm",
        10,
        8,
        1,
    )


def test_more_copies_than_the_deck_holds_is_an_error() -> None:
    with pytest.raises(CompanionError, match=r"^3 Orcs cards in play, but the deck holds only 2$"):
        run(SIX, {"creatures": ["Orcs", "Orcs", "Orcs"]})
    with pytest.raises(CompanionError, match="4 Sword cards"):
        run(
            ["Barbarian", "Fighter", "Duelist", "Amazon"],
            {"creatures": ["Giants"]},
            ["Barbarian=Sword", "Fighter=Sword", "Duelist=Sword", "Amazon=Sword"],
        )


def test_the_dm_plays_creatures_or_one_trap_not_both() -> None:
    with pytest.raises(CompanionError, match="not creatures and a trap"):
        run(SIX, {"creatures": ["Orcs"], "trap": "Scythe"})


# --------------------------------------------------------------------------- attribute cards


def test_attribute_card_fits_only_a_hero_with_that_attribute() -> None:
    with pytest.raises(
        CompanionError, match=r"^Sword does not match any attribute of Wizard \(spell 4\)$"
    ):
        run(SIX, {"creatures": ["Orcs"]}, ["Wizard=Sword"])


def test_one_attribute_card_per_hero() -> None:
    with pytest.raises(
        CompanionError, match=r"^Barbarian already has Sword: one attribute card per hero"
    ):
        run(SIX, {"creatures": ["Orcs"]}, ["Barbarian=Sword", "Barbarian=Axe"])


def test_a_card_played_on_a_hero_outside_the_party_is_an_error() -> None:
    with pytest.raises(CompanionError, match=r"^Sword: no hero named 'Duelist' in the party"):
        run(SIX, {"creatures": ["Orcs"]}, ["Duelist=Sword"])


def test_a_card_without_ability_cannot_be_used_for_one() -> None:
    with pytest.raises(CompanionError, match="Sword has no special ability"):
        run(SIX, {"creatures": ["Orcs"]}, ["Barbarian=Sword:ability"])


def test_the_party_plays_nothing_if_the_dm_played_nothing() -> None:
    result = run(SIX, {}, treasures=["Gold"])
    assert result.situation == "nothing"
    assert result.killed == () and result.treasure_claimed == ("Gold",)
    with pytest.raises(CompanionError, match="the Dungeon Master played nothing"):
        run(SIX, {}, ["Barbarian=Sword"])


# --------------------------------------------------------------------------- traps


def test_a_trap_kills_one_random_hero() -> None:
    result = run(SIX, {"trap": "Spiked Pit"}, treasures=["Silver"])
    assert result.trap_result == "sprung"
    assert len(result.killed) == 1
    assert result.treasure_lost  # a hero died, so the treasure played goes


def test_stealth_negates_a_trap() -> None:
    result = run(SIX, {"trap": "Poison Gas"}, ["Stealth"], treasures=["Silver"])
    assert result.trap_result == "cancelled"
    assert result.killed == ()
    assert result.treasure_claimed == ("Silver",)
    assert result.plays[0].effect == "cancels Poison Gas"


def test_stealth_on_a_stealthy_hero_negates_a_trap_too() -> None:
    result = run(SIX, {"trap": "Scythe"}, ["Halfling=Stealth"])
    assert result.plays[0].use == "ability"
    assert result.killed == ()


def test_a_trap_is_not_fought_with_attribute_cards() -> None:
    with pytest.raises(
        CompanionError,
        match=r"^a trap is not fought: only Stealth cancels Scythe \(Sword on Barbarian",
    ):
        run(SIX, {"trap": "Scythe"}, ["Barbarian=Sword"])


def test_a_room_adds_nothing_to_a_trap() -> None:
    result = run(SIX, {"trap": "Scythe", "room": "Throne Room"}, seed=3)
    assert result.casualties == 1
    assert result.dm_total is None


# --------------------------------------------------------------------------- secret passage


def test_secret_passage_discards_one_card_the_dm_played() -> None:
    without_room = run(
        SIX,
        {"creatures": ["Orcs", "Goblins"], "room": "Throne Room"},
        ["Barbarian=Sword"],
        secret_passage=["Throne Room"],
    )
    assert without_room.cancelled == ("Throne Room",)
    assert without_room.dm_total == 5
    fewer = run(SIX, {"creatures": ["Orcs", "Orcs"]}, ["Barbarian=Sword"], secret_passage=["Orcs"])
    assert fewer.dm_total == 3


def test_secret_passage_on_a_trap_leaves_nothing_to_face() -> None:
    result = run(
        SIX, {"trap": "Pendulum Blade"}, secret_passage="Pendulum Blade", treasures=["Gold"]
    )
    assert result.situation == "cancelled"
    assert result.killed == () and result.treasure_claimed == ("Gold",)


def test_secret_passage_must_name_a_card_the_dm_played() -> None:
    with pytest.raises(
        CompanionError,
        match="Secret Passage cannot discard Trolls: the Dungeon Master did not play it",
    ):
        run(SIX, {"creatures": ["Orcs"]}, secret_passage=["Trolls"])


def test_at_most_two_secret_passages() -> None:
    with pytest.raises(
        CompanionError, match="3 Secret Passage cards in play, but the deck holds only 2"
    ):
        run(
            SIX,
            {"creatures": ["Orcs", "Orcs", "Goblins"]},
            secret_passage=["Orcs", "Orcs", "Goblins"],
        )


# --------------------------------------------------------------------------- FAQ: points or ability


def test_faq_armor_x2_adds_2_points_when_played_for_points() -> None:
    result = run(["Fighter", "Wizard"], {"creatures": ["Ogres"]}, ["Fighter=Armor:fight"])
    assert result.plays[0].points == 2
    result = run(["Knight", "Wizard"], {"creatures": ["Ogres"]}, ["Knight=Armor:fight"])
    assert result.plays[0].points == 1  # Armor x1 adds just 1


def test_faq_armor_x2_saves_one_hero_not_two() -> None:
    """FAQ 1: the second Armor level adds to the fight, never to the ability."""
    result = run(
        ["Fighter", "Wizard", "Bard", "Priest", "Archer"],
        {"creatures": ["Dragon"], "room": "Throne Room"},
        ["Fighter=Armor:ability", "Archer=Bow"],
        casualties=["Wizard", "Bard"],
    )
    assert result.killed == ("Wizard", "Bard")
    assert result.recovered == ("Wizard",)
    assert result.plays[0].points == 0  # used for its ability: no Fight points
    assert [h.name for h in result.party_after] == ["Fighter", "Wizard", "Priest", "Archer"]


def test_faq_a_card_is_used_for_points_or_ability_never_both() -> None:
    from companion.games.dungeon_master.encounter_file import parse_encounter

    with pytest.raises(CompanionError, match="never both"):
        parse_encounter(
            {"party": ["Fighter"], "plays": [{"hero": "Fighter", "card": "Armor", "use": "both"}]}
        )
    result = run(
        ["Fighter", "Wizard"],
        {"creatures": ["Orcs", "Ogres"]},
        ["Fighter=Armor"],
        casualties=["Wizard"],
    )
    [play] = result.plays
    assert (play.use == "fight") != bool(result.recovered)


def test_faq_add_the_points_if_they_make_the_difference() -> None:
    """Armor's 2 points turn a loss into a win: the resolver plays it for points."""
    result = run(
        ["Fighter", "Wizard", "Bard"],
        {"creatures": ["Ogres", "Goblins"]},
        ["Fighter=Armor", "Wizard=Spell"],
    )
    [armor, _] = result.plays
    assert (armor.use, armor.chosen) == ("fight", True)
    assert (result.dm_total, result.party_total, result.killed) == (6, 6, ())


def test_faq_otherwise_use_the_card_to_avoid_a_casualty() -> None:
    """Knight's 1 Armor point cannot change 12 vs 5 (two deaths either way): save a hero instead."""
    result = run(
        ["Knight", "Barbarian", "Wizard", "Bard"],
        {"creatures": ["Giants", "Trolls", "Kobolds"]},
        ["Barbarian=Axe", "Bard=Bless", "Knight=Armor"],
        casualties=["Wizard", "Bard"],
    )
    armor = result.plays[2]
    assert (armor.use, armor.chosen) == ("ability", True)
    assert (result.dm_total, result.party_total) == (12, 5)
    assert result.killed == ("Wizard", "Bard") and result.recovered == ("Wizard",)
    assert any(
        "still 2 heroes fall; kept to bring one back: 1 hero lost for good instead of 2" in e
        for e in result.events
    )


def test_faq_stealth_x2_adds_2_points_or_negates_one_trap() -> None:
    """FAQ 2: a Stealth card on the Rogue (Stealth x2) is 2 points, or one negated trap."""
    points = run(["Rogue", "Wizard"], {"creatures": ["Goblins"]}, ["Rogue=Stealth"])
    assert (points.plays[0].use, points.plays[0].points, points.killed) == ("fight", 2, ())
    trap = run(["Rogue", "Wizard"], {"trap": "Scythe"}, ["Rogue=Stealth"])
    assert (trap.plays[0].use, trap.killed) == ("ability", ())
    with pytest.raises(CompanionError, match="one Stealth is enough to cancel Scythe"):
        run(["Rogue", "Halfling"], {"trap": "Scythe"}, ["Rogue=Stealth", "Halfling=Stealth"])


def test_stealth_ability_does_nothing_against_creatures() -> None:
    with pytest.raises(CompanionError, match="Stealth's ability cancels a trap or an obstacle"):
        run(["Rogue", "Wizard"], {"creatures": ["Goblins"]}, ["Rogue=Stealth:ability"])


def test_resolver_suggests_the_better_use_of_a_card_played_for_points() -> None:
    result = run(
        ["Knight", "Barbarian", "Wizard", "Bard"],
        {"creatures": ["Giants", "Trolls", "Kobolds"]},
        ["Barbarian=Axe", "Bard=Bless", "Knight=Armor:fight"],
    )
    assert result.plays[2].use == "fight"
    [hint] = result.suggestions
    assert hint.startswith("Better: Armor on Knight for its ability")


def test_no_suggestion_when_the_choice_was_already_best() -> None:
    result = run(
        ["Fighter", "Wizard", "Bard"],
        {"creatures": ["Ogres", "Goblins"]},
        ["Fighter=Armor:fight", "Wizard=Spell"],
    )
    assert result.suggestions == ()


# --------------------------------------------------------------------------- obstacles variant


def test_obstacles_need_the_variant() -> None:
    enc = replace(encounter(SIX, {"obstacle": "Portcullis"}), variant=False)
    with pytest.raises(CompanionError, match="Portcullis is an Obstacle from the optional variant"):
        resolve(enc)
    with pytest.raises(CompanionError, match="variant: cannot be false while dm.obstacle names"):
        run(SIX, {"obstacle": "Portcullis"}, variant=False)


def test_obstacle_lost_costs_the_treasure_not_heroes() -> None:
    result = run(
        SIX, {"obstacle": "Portcullis"}, ["Barbarian=Axe"], treasures=["Gold", "Gems"], variant=True
    )
    assert (result.dm_total, result.party_total) == (5, 2)
    assert result.obstacle_result == "lost"
    assert result.killed == () and result.casualties == 0
    assert result.treasure_lost and result.points_gained == 0


def test_obstacle_beaten_keeps_the_treasure() -> None:
    result = run(
        SIX,
        {"obstacle": "Reinforced door"},
        ["Barbarian=Axe", "Archer=Bow"],
        treasures=["Gold"],
        variant=True,
        treasure_points=10,
    )
    assert result.obstacle_result == "beaten"
    assert (result.treasure_claimed, result.treasure_points) == (("Gold",), 20)


def test_creature_bonuses_do_not_apply_to_obstacles() -> None:
    result = run(
        SIX, {"obstacle": "Collapsed Floor"}, ["Archer=Bow", "Halfling=Dagger"], variant=True
    )
    assert [p.bonus for p in result.plays] == [0, 0]


def test_rooms_add_to_obstacles() -> None:
    result = run(SIX, {"obstacle": "Reinforced door", "room": "Monster Lair"}, variant=True)
    assert result.dm_total == 5


def test_stealth_eliminates_an_obstacle() -> None:
    result = run(SIX, {"obstacle": "Portcullis"}, ["Stealth"], treasures=["Gems"], variant=True)
    assert result.obstacle_result == "cleared"
    assert result.treasure_claimed == ("Gems",)


def test_stealth_best_use_against_an_obstacle() -> None:
    """Halfling's Stealth 3 cannot beat the Portcullis alone: the resolver clears it instead."""
    result = run(
        SIX, {"obstacle": "Portcullis"}, ["Halfling=Stealth"], treasures=["Gems"], variant=True
    )
    assert (result.plays[0].use, result.obstacle_result) == ("ability", "cleared")
    stronger = run(
        SIX, {"obstacle": "Reinforced door"}, ["Halfling=Stealth"], treasures=["Gems"], variant=True
    )
    assert (stronger.plays[0].use, stronger.obstacle_result) == ("fight", "beaten")


def test_the_variant_adds_a_seventh_stealth() -> None:
    party = ["Halfling", "Rogue", "Thief", "Monk", "Elf", "Ranger", "Wizard"]
    plays = [f"{h}=Stealth:fight" for h in party[:6]]
    with pytest.raises(CompanionError, match="7 Stealth cards in play, but the deck holds only 6"):
        run(party, {"creatures": ["Dragon"]}, [*plays, "Stealth:ability"], secret_passage=[])
    seven = run(party, {"obstacle": "Portcullis"}, [*plays, "Stealth:ability"], variant=True)
    assert seven.obstacle_result == "cleared"


# --------------------------------------------------------------------------- treasure phase


def test_treasure_is_discarded_when_any_hero_is_killed() -> None:
    result = run(SIX, {"creatures": ["Giants"]}, ["Barbarian=Sword"], treasures=["Gold", "Silver"])
    assert result.killed
    assert result.treasure_lost and result.treasure_claimed == ()
    assert result.points_gained == 0


def test_treasure_is_claimed_when_nobody_dies() -> None:
    result = run(
        SIX,
        {"creatures": ["Orcs"]},
        ["Barbarian=Sword"],
        treasures=["Gold", "Silver", "Gems"],
        treasure_points=4,
    )
    assert result.treasure_claimed == ("Gold", "Silver", "Gems")
    assert (result.points_gained, result.treasure_points) == (35, 39)
    assert result.winner is None


def test_50_treasure_points_wins_the_game_for_the_party() -> None:
    result = run(SIX, {}, treasures=["Gems"], treasure_points=30)
    assert result.treasure_points == 50
    assert result.winner == "party"
    short = run(SIX, {}, treasures=["Gold"], treasure_points=39)
    assert (short.treasure_points, short.winner) == (49, None)


def test_prisoner_brings_a_new_hero() -> None:
    named = run(SIX, {}, treasure_phase={"prisoners": ["Knight"]})
    assert named.new_heroes == ("Knight",)
    assert [h.name for h in named.party_after][-1] == "Knight"
    drawn = {
        run(SIX, {}, treasure_phase={"prisoners": ["random"]}, seed=s).new_heroes[0]
        for s in range(8)
    }
    assert len(drawn) > 1 and not drawn & set(SIX)


def test_prisoner_cannot_bring_a_hero_already_in_the_party() -> None:
    with pytest.raises(CompanionError, match="Wizard: that hero is already in the party"):
        run(SIX, {}, treasure_phase={"prisoners": ["Wizard"]})


@pytest.mark.parametrize(
    ("card", "holder"), [("Heal", "Priest"), ("Shield", "Dwarf"), ("Armor", "Dwarf")]
)
def test_heal_shield_armor_bring_back_a_hero_killed_this_turn(card: str, holder: str) -> None:
    result = run(
        SIX,
        {"creatures": ["Giants"]},
        ["Barbarian=Sword", f"{card}:ability"],
        casualties=["Wizard"],
    )
    assert result.killed == ("Wizard",)
    assert result.recovered == ("Wizard",)
    assert any(f"{card} (through {holder}) brings back Wizard" in e for e in result.events)
    assert "Wizard" in [h.name for h in result.party_after]


def test_recovery_needs_a_living_hero_with_that_attribute() -> None:
    result = run(
        ["Priest", "Wizard", "Barbarian"],
        {"creatures": ["Giants"]},
        ["Barbarian=Sword", "Heal:ability"],
        casualties=["Priest"],
    )
    assert result.killed == ("Priest",)
    assert result.recovered == ()
    assert "no living hero has Heal" in result.plays[1].effect


def test_recovery_brings_back_only_heroes_killed_this_turn() -> None:
    result = run(SIX, {"creatures": ["Orcs"]}, ["Barbarian=Sword", "Heal:ability"])
    assert result.recovered == ()
    assert result.plays[1].effect == "not needed: nobody fell"


def test_revive_order_chooses_who_comes_back() -> None:
    result = run(
        SIX,
        {"creatures": ["Dragon"]},
        ["Barbarian=Axe", "Heal:ability"],
        casualties=["Wizard", "Archer"],
        treasure_phase={"revive": ["Archer"]},
    )
    assert result.recovered == ("Archer",)


def test_a_recovered_hero_does_not_save_the_treasure() -> None:
    result = run(
        SIX, {"creatures": ["Giants"]}, ["Barbarian=Sword", "Heal:ability"], treasures=["Gold"]
    )
    assert result.recovered and result.treasure_lost


def test_experience_gives_one_random_hero_a_level_by_the_d10_table() -> None:
    result = run(SIX, {}, treasure_phase={"experience": 2}, seed=11)
    assert len(result.level_ups) == 2
    after = {h.name: h for h in result.party_after}
    before = {h.name: h for h in encounter(SIX).party}
    for up in result.level_ups:
        assert up.source == "Experience"
        assert up.attribute == ATTRIBUTES[up.roll - 1]  # type: ignore[operator]
    gained = sum(sum(after[n].levels.values()) - sum(before[n].levels.values()) for n in after)
    assert gained == 2
    assert run(SIX, {}, treasure_phase={"experience": 2}, seed=11).level_ups == result.level_ups


def test_d10_table_order() -> None:
    assert ATTRIBUTES == (
        "sword",
        "axe",
        "dagger",
        "bow",
        "stealth",
        "spell",
        "bless",
        "heal",
        "armor",
        "shield",
    )
    rolls = {roll_attribute(random.Random(s)) for s in range(200)}
    assert {r for r, _ in rolls} == set(range(1, 11))
    assert all(ATTRIBUTES[r - 1] == a for r, a in rolls)


def test_a_level_up_can_bring_a_new_attribute() -> None:
    result = run(
        ["Wizard"], {}, treasure_phase={"experience": 1, "level_ups": [{"attribute": "bow"}]}
    )
    assert dict(result.party_after[0].levels) == {"bow": 1, "spell": 4}


def test_named_level_up() -> None:
    result = run(
        SIX,
        {},
        treasure_phase={"experience": 1, "level_ups": [{"hero": "Wizard", "attribute": "spell"}]},
    )
    [up] = result.level_ups
    assert (up.hero, up.attribute, up.roll, up.level) == ("Wizard", "spell", None, 5)


def test_magic_items_claimed_give_a_level() -> None:
    result = run(SIX, {}, treasures=["Magic Items"])
    [up] = result.level_ups
    assert up.source == "Magic Items"
    assert result.points_gained == 0


def test_magic_items_lost_with_the_treasure_give_nothing() -> None:
    result = run(SIX, {"creatures": ["Giants"]}, ["Barbarian=Sword"], treasures=["Magic Items"])
    assert result.level_ups == ()


def test_more_level_ups_named_than_cards_is_an_error() -> None:
    with pytest.raises(CompanionError, match="2 level-up"):
        run(
            SIX,
            {},
            treasure_phase={"experience": 1, "level_ups": [{"hero": "Wizard"}, {"hero": "Dwarf"}]},
        )


# --------------------------------------------------------------------------- the whole result


def test_same_seed_same_resolution() -> None:
    kwargs = {
        "treasures": ["Magic Items"],
        "treasure_phase": {"experience": 1, "prisoners": ["random"]},
    }
    first = run(SIX, {"creatures": ["Ogres"]}, ["Barbarian=Sword"], seed=99, **kwargs).to_json()
    assert (
        run(SIX, {"creatures": ["Ogres"]}, ["Barbarian=Sword"], seed=99, **kwargs).to_json()
        == first
    )


def test_resolution_json_fields() -> None:
    data = run(SIX, {"creatures": ["Orcs"], "room": "Armory"}, ["Barbarian=Sword"]).to_json()
    for key in (
        "dm_total",
        "party_total",
        "casualties",
        "killed",
        "plays",
        "events",
        "winner",
        "seed",
        "treasure_points",
        "party",
        "suggestions",
    ):
        assert key in data
    assert data["plays"][0] == {
        "hero": "Barbarian",
        "card": "Sword",
        "use": "fight",
        "chosen_by_resolver": False,
        "level": 2,
        "bonus": 2,
        "points": 4,
        "effect": "+4 Fight",
    }


def test_the_core_takes_card_models_directly() -> None:
    cards = catalog()
    enc = Encounter(
        party=(PartyHero("Barbarian", {"sword": 2, "axe": 2}),),
        creatures=(cards.creature("Kobolds"),),
        plays=(CardPlay(cards.attribute("Axe"), "Barbarian", "fight"),),
        seed=1,
    )
    assert resolve(enc).party_total == 3


_MELDABLE = {
    kind: [c.name for c in catalog().cards.of_type("creature") if c.creature_type == kind]
    for kind in ("undead", "goblinkin", "swarm")
}


@settings(max_examples=60, deadline=None)
@given(
    kind=st.sampled_from(sorted(_MELDABLE)),
    picks=st.lists(st.integers(0, 5), min_size=1, max_size=3, unique=True),
    played=st.lists(
        st.sampled_from(["Barbarian=Axe", "Wizard=Spell", "Archer=Bow", "Priest=Bless"]),
        unique=True,
    ),
    seed=st.integers(0, 10_000),
)
def test_casualty_invariants(kind: str, picks: list[int], played: list[str], seed: int) -> None:
    result = run(SIX, {"creatures": [_MELDABLE[kind][i] for i in picks]}, played, seed=seed)
    assert result.dm_total is not None and result.party_total is not None
    assert result.party_total >= 1
    assert (result.casualties == 0) == (result.dm_total <= result.party_total)
    assert len(result.killed) == min(result.casualties, 6) == len(set(result.killed))
    assert set(result.killed) <= set(SIX)
    assert len(result.party_after) == 6 - len(result.killed)
