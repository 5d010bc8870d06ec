"""The Dungeon Poker showdown (issue 5): one test per rule, named after it.

Most tests give the order of the hands as ``result`` (or through a scripted
ranker), so each checks the showdown's own rules: pots, monsters, treasure,
soul gems and events. Rulebook: 000 (appendices B, C, D, E, F, G).
"""

from __future__ import annotations

import pytest

from companion.errors import CompanionError
from companion.events import sentence
from companion.games.dungeon_poker.showdown_events import (
    AmuletActs,
    CharacterDies,
    FightsFor,
    FoldersSitOut,
    GemsStolen,
    HandCardsDiscarded,
    NextLevelOpens,
    TreasuresDrawn,
    TreasuresLost,
)
from companion.poker.showdown_events import PotWon, Winnings
from tests.poker.showdown_helpers import Scripted, showdown

# ---------------------------------------------------------------- monsters and the pots


def test_monsters_are_all_in_for_every_pot_with_no_stack() -> None:
    out = showdown("""
        players:
          - {name: ann, put_in: 200}
          - {name: ben, put_in: 600}
          - {name: cat, put_in: 600}
        monsters: [{name: Orc}]
        result: ann > Orc > ben > cat
    """)
    assert [(p.amount, p.eligible, p.winners) for p in out.pots] == [
        (600, ("ann", "ben", "cat", "Orc"), ("ann",)),
        (800, ("ben", "cat", "Orc"), ("Orc",)),
    ]
    assert out.contributions == {"ann": 200, "ben": 600, "cat": 600}
    assert out.payouts == {"ann": 600, "ben": 0, "cat": 0}


def test_a_monster_that_wins_takes_the_pot_out_of_the_game_and_no_treasure_is_drawn() -> None:
    out = showdown("""
        players: [{name: ann, put_in: 400}, {name: ben, put_in: 400}]
        monsters: [{name: Orc}]
        result: Orc > ann > ben
    """)
    assert out.payouts == {"ann": 0, "ben": 0}
    assert out.removed == 800
    assert (out.treasures, out.treasures_waiting) == ({}, 0)
    assert out.winners == ("Orc",)
    assert TreasuresLost(None, "Orc", 1) in out.events  # a monster draws no treasure


def test_a_monster_that_wins_a_side_pot_leaves_the_game_with_it() -> None:
    out = showdown("""
        players: [{name: ann, put_in: 200}, {name: ben, put_in: 600}, {name: cat, put_in: 600}]
        monsters: [{name: Orc}]
        result: ann > Orc > ben = cat
    """)
    assert out.removed == 800
    assert out.treasures == {"ann": 1}
    orc = out.monsters[0]
    assert (orc.outcome, orc.fate) == (
        "side-pot",
        "won only a side pot: it is slain all the same, and takes that pot out of the game",
    )


def test_a_tie_with_a_monster_removes_its_share_and_the_treasure_waits_for_the_next_deal() -> None:
    out = showdown("""
        players: [{name: ann, put_in: 400}, {name: ben, put_in: 400}]
        monsters: [{name: Orc}]
        result: ann = Orc > ben
    """)
    assert out.payouts == {"ann": 400, "ben": 0}
    assert out.removed == 400
    assert (out.treasures, out.treasures_waiting) == ({}, 1)
    assert out.monsters[0].outcome == "tied"


def test_the_next_winner_after_a_tie_draws_two_treasures() -> None:
    out = showdown("""
        treasures_waiting: 1
        players: [{name: ann, put_in: 400}, {name: ben, put_in: 400}]
        result: ann > ben
    """)
    assert out.treasures == {"ann": 2}
    assert out.treasures_waiting == 0


def test_a_tie_between_players_splits_the_pot_and_the_treasure_waits() -> None:
    # Appendix F, ties: the pot is shared, odd coins and the treasure stay for the next deal.
    out = showdown("""
        players: [{name: ann, put_in: 300}, {name: ben, put_in: 300}, {name: cat, put_in: 100}]
        result: ann = ben > cat
    """)
    assert out.payouts == {"ann": 300, "ben": 300, "cat": 0}
    assert out.carry_over == 100
    assert (out.treasures, out.treasures_waiting) == ({}, 1)


def test_monsters_that_lose_die() -> None:
    out = showdown("""
        players: [{name: ann, put_in: 400}, {name: ben, put_in: 400}]
        monsters: [{name: Orc}, {name: Zombie}]
        result: ann > Orc > Zombie > ben
    """)
    assert [(m.name, m.outcome, m.fate) for m in out.monsters] == [
        ("Orc", "lost", "dies: removed from the game"),
        ("Zombie", "lost", "dies: removed from the game"),
    ]


def test_monsters_that_win_or_tie_return_to_the_monster_deck() -> None:
    won = showdown("""
        players: [{name: ann, put_in: 400}]
        monsters: [{name: Orc}]
        result: Orc > ann
    """)
    tied = showdown("""
        players: [{name: ann, put_in: 400}]
        monsters: [{name: Orc}]
        result: Orc = ann
    """)
    for out in (won, tied):
        assert out.monsters[0].fate == "returns to the monster deck (shuffled in)"


def test_two_monsters_of_one_kind_need_labels() -> None:
    with pytest.raises(CompanionError, match="two monsters are called 'Orc'"):
        showdown("""
            players: [{name: ann, put_in: 400}]
            monsters: [{name: Orc}, {name: Orc}]
            result: Orc > ann
        """)
    out = showdown("""
        players: [{name: ann, put_in: 400}]
        monsters: [{name: Orc}, {name: Orc, label: Orc 2}]
        result: Orc 2 > ann > Orc
    """)
    assert [m.outcome for m in out.monsters] == ["lost", "won"]


# ---------------------------------------------------------------- who monsters win for


def test_king_monsters_never_hand_over_their_winnings() -> None:
    # Summon Monster Scroll: a King Monster keeps what it wins, even for its summoner.
    out = showdown("""
        players: [{name: ann, put_in: 400}, {name: ben, put_in: 400}]
        monsters: [{name: Baron, summoned_by: ann}]
        result: Baron > ann > ben
    """)
    assert out.payouts == {"ann": 0, "ben": 0}
    assert (out.removed, out.treasures) == (800, {})
    assert FightsFor("Baron", "ann", summoned=True, king=True) in out.events


def test_a_king_monster_can_never_be_controlled() -> None:
    with pytest.raises(
        CompanionError, match=r"monsters\[0\].controlled_by: Baron is a King Monster"
    ):
        showdown("""
            players: [{name: ann, put_in: 400}]
            monsters: [{name: Baron, controlled_by: ann}]
            result: Baron > ann
        """)


def test_war_mongering_makes_every_monster_a_king() -> None:
    out = showdown("""
        encounter: War mongering
        players: [{name: ann, put_in: 400}, {name: ben, put_in: 400}]
        monsters: [{name: Orc, summoned_by: ann}]
        result: Orc > ben > ann
    """)
    assert (out.payouts["ann"], out.removed) == (0, 800)


def test_a_summoned_monster_wins_the_pot_and_treasure_for_its_summoner_even_after_a_fold() -> None:
    out = showdown("""
        players:
          - {name: ann, put_in: 200, folded: true}
          - {name: ben, put_in: 400}
          - {name: cat, put_in: 400}
        monsters: [{name: Giant, summoned_by: ann}]
        result: Giant > ben > cat
    """)
    assert out.payouts == {"ann": 1000, "ben": 0, "cat": 0}
    assert out.treasures == {"ann": 1}
    assert out.removed == 0


def test_a_controlled_monster_wins_for_its_controller() -> None:
    out = showdown("""
        players: [{name: ann, put_in: 400}, {name: ben, put_in: 400}]
        monsters: [{name: Orc, controlled_by: ben}]
        result: Orc > ann > ben
    """)
    assert out.payouts == {"ann": 0, "ben": 800}


def test_beast_mastery_gives_a_monsters_pot_and_treasure_to_the_fey_teratologist() -> None:
    out = showdown("""
        players:
          - {name: fey, put_in: 400, character: Fey Teratologist}
          - {name: ben, put_in: 400}
        monsters: [{name: Orc}]
        result: Orc > ben > fey
    """)
    assert out.payouts == {"fey": 800, "ben": 0}
    assert out.treasures == {"fey": 1}
    assert out.removed == 0


def test_beast_mastery_is_named_when_the_fey_teratologist_draws_a_monsters_treasure() -> None:
    # Appendix E, Beast mastery: the treasure a wild monster won is hers by Beast mastery;
    # a monster controlled for its player draws for him by his control, not by hers.
    wild = showdown("""
        players:
          - {name: fey, put_in: 400, character: Fey Teratologist}
          - {name: ben, put_in: 400}
        monsters: [{name: Orc}]
        result: Orc > ben > fey
    """)
    drawn = [e for e in wild.events if isinstance(e, TreasuresDrawn)]
    assert drawn == [TreasuresDrawn(None, "Orc", "fey", 1, True)]
    ally = showdown("""
        players:
          - {name: fey, put_in: 400, character: Fey Teratologist}
          - {name: ben, put_in: 400}
        monsters: [{name: Orc, controlled_by: ben}]
        result: Orc > ben > fey
    """)
    drawn = [e for e in ally.events if isinstance(e, TreasuresDrawn)]
    assert drawn == [TreasuresDrawn(None, "Orc", "ben", 1, False)]
    own = showdown("""
        players:
          - {name: fey, put_in: 400, character: Fey Teratologist}
          - {name: ben, put_in: 400}
        monsters: [{name: Orc}]
        result: fey > Orc > ben
    """)
    drawn = [e for e in own.events if isinstance(e, TreasuresDrawn)]
    assert drawn == [TreasuresDrawn(None, "fey", "fey", 1, False)]


def test_a_monsters_pot_goes_to_its_ally_by_control_to_the_fey_teratologist_by_beast_mastery() -> (
    None
):
    # Appendix E, Beast mastery, and "Monsters": who takes a monster's pot, and under which
    # rule: the player it fights for, the Beast master for a wild one, or out of the game.
    def won(monster: str) -> list[Winnings | None]:
        out = showdown(f"""
            players:
              - {{name: fey, put_in: 400, character: Fey Teratologist}}
              - {{name: ben, put_in: 400}}
            monsters: [{monster}]
            result: Orc > ben > fey
        """)
        return [e.winnings for e in out.events if isinstance(e, PotWon)]

    assert won("{name: Orc}") == [Winnings("beast", "fey")]
    assert won("{name: Orc, controlled_by: ben}") == [Winnings("for", "ben")]
    assert won("{name: Orc, summoned_by: ben}") == [Winnings("for", "ben")]


def test_beast_mastery_pays_the_fey_teratologist_at_most_what_she_could_win_from_each_player() -> (
    None
):
    # Appendix E, Beast mastery, with Appendix F 4: all-in for 300 against three players
    # of 600, she takes the main pot (900 of theirs besides her own 300), not the 2,100 of
    # both pots; the side pot leaves the game with the monster, as a monster's win does.
    out = showdown("""
        players:
          - {name: fey, put_in: 300, character: Fey Teratologist}
          - {name: ben, put_in: 600}
          - {name: cat, put_in: 600}
          - {name: dan, put_in: 600}
        monsters: [{name: Orc}]
        result: Orc > ben > cat > dan > fey
    """)
    assert out.payouts == {"fey": 1200, "ben": 0, "cat": 0, "dan": 0}
    assert out.net["fey"] == 900
    assert out.removed == 900
    assert out.treasures == {"fey": 1}


def test_beast_mastery_needs_the_fey_teratologist_still_in_the_deal() -> None:
    out = showdown("""
        players:
          - {name: fey, put_in: 400, character: Fey Teratologist, folded: true}
          - {name: ben, put_in: 400}
        monsters: [{name: Orc}]
        result: Orc > ben
    """)
    assert (out.payouts, out.removed) == ({"fey": 0, "ben": 0}, 800)


def test_beast_mastery_skips_kings_and_other_players_monsters_and_ties() -> None:
    base = """
        players:
          - {name: fey, put_in: 400, character: fey-teratologist}
          - {name: ben, put_in: 400}
    """
    king = showdown(base + "    monsters: [{name: Baron}]\n        result: Baron > ben > fey\n")
    assert king.payouts["fey"] == 0 and king.removed == 800
    bens = showdown(
        base + "    monsters: [{name: Orc, summoned_by: ben}]\n        result: Orc > fey > ben\n"
    )
    assert bens.payouts == {"fey": 0, "ben": 800}
    tie = showdown(base + "    monsters: [{name: Orc}]\n        result: Orc = ben > fey\n")
    assert (tie.payouts, tie.removed) == ({"fey": 0, "ben": 400}, 400)


def test_golem_wins_only_what_the_gnome_artificer_could_and_its_winnings_are_his() -> None:
    # Appendix G: the Golem cannot win more than the Gnome Artificer could.
    out = showdown("""
        players:
          - {name: gnome, put_in: 200, character: Gnome Artificer}
          - {name: ben, put_in: 600}
          - {name: cat, put_in: 600}
        monsters: [{name: Golem}]
        result: Golem > ben > cat > gnome
    """)
    assert [(p.amount, p.eligible, p.winners) for p in out.pots] == [
        (600, ("gnome", "ben", "cat", "Golem"), ("Golem",)),
        (800, ("ben", "cat"), ("ben",)),
    ]
    assert out.payouts == {"gnome": 600, "ben": 800, "cat": 0}
    assert out.treasures == {"gnome": 1}
    assert out.monsters[0].fate == "stays beside gnome"


def test_two_gnome_artificers_each_bring_their_own_golem() -> None:
    # Appendix A, Golem: each Gnome Artificer plays beside his own Golem, so a file with two
    # of them takes two Golems (in seat order), each winning for its own maker; a third is
    # refused.
    text = """
        players:
          - {name: g1, put_in: 200, character: Gnome Artificer}
          - {name: g2, put_in: 200, character: Gnome Artificer}
          - {name: ben, put_in: 200}
        monsters: [{name: Golem}, {name: Golem, label: Golem 2}%s]
        result: Golem 2 > ben > Golem > g1 > g2
    """
    out = showdown(text % "")
    assert out.payouts == {"g1": 0, "g2": 600, "ben": 0}
    with pytest.raises(CompanionError, match="one Golem for each Gnome Artificer"):
        showdown(text % ", {name: Golem, label: Golem 3}")


def test_golem_folds_when_the_gnome_artificer_folds() -> None:
    text = """
        players:
          - {name: gnome, put_in: 200, character: Gnome Artificer, folded: true}
          - {name: ben, put_in: 600}
        monsters: [{name: Golem}]
        result: %s
    """
    out = showdown(text % "ben")
    assert out.payouts == {"gnome": 0, "ben": 800}
    assert out.monsters[0].outcome == "folded"
    assert "returns beside gnome" in out.monsters[0].fate
    with pytest.raises(CompanionError, match="'Golem' folded with its owner"):
        showdown(text % "Golem > ben")


def test_golem_that_loses_is_back_at_the_next_deal() -> None:
    out = showdown("""
        players: [{name: gnome, put_in: 200, character: Gnome Artificer}, {name: ben, put_in: 200}]
        monsters: [{name: Golem}]
        result: ben > Golem > gnome
    """)
    assert out.monsters[0].fate == "is out for this deal and returns beside gnome at the next one"


def test_golem_needs_the_gnome_artificer_and_stays_home_in_long_night() -> None:
    with pytest.raises(CompanionError, match="plays only beside the Gnome Artificer"):
        showdown("""
            players: [{name: ann, put_in: 200}]
            monsters: [{name: Golem}]
            result: ann > Golem
        """)
    with pytest.raises(CompanionError, match="not in the game during Long night"):
        showdown("""
            encounter: Long night
            players: [{name: gnome, put_in: 200, character: Gnome Artificer}]
            monsters: [{name: Golem}]
            result: gnome > Golem
        """)


# ---------------------------------------------------------------- showdown effects on cards


def test_ancient_evil_discards_players_hand_cards_2_to_7_before_the_ranking() -> None:
    ranker = Scripted("Ancient Evil > Orc > ann > ben")
    out = showdown(
        """
        board: Kh Qh 9s 8d 3c
        players:
          - {name: ann, put_in: 200, hand: As 7d}
          - {name: ben, put_in: 200, hand: 2c 5c}
        monsters:
          - {name: Ancient Evil, hand: Kc Kd Qs}
          - {name: Orc, hand: 4h 5h}
    """,
        ranker,
    )
    assert ranker.cards("ann") == ("As",)  # the ace counts high and stays
    assert ranker.cards("ben") == ()
    assert ranker.cards("Orc") == ("4h", "5h")  # monsters keep theirs
    (discarded,) = [e for e in out.events if isinstance(e, HandCardsDiscarded)]
    assert (discarded.monster, discarded.ranks) == ("Ancient Evil", tuple("234567"))


def test_witch_curse_destroys_every_hand_card_of_the_named_number() -> None:
    ranker = Scripted("wanda > ann > Orc")
    showdown(
        """
        board: Kh Jh 9s 8d 3c
        declared: {witch_curse: {by: wanda, rank: Q}}
        players:
          - {name: wanda, put_in: 200, hand: Qs 9c, character: Witch}
          - {name: ann, put_in: 200, hand: Qh Qd}
        monsters: [{name: Orc, hand: Qc 2d}]
    """,
        ranker,
    )
    assert (ranker.cards("wanda"), ranker.cards("ann"), ranker.cards("Orc")) == (
        ("9c",),
        (),
        ("2d",),
    )


def test_witch_curse_can_name_the_ace() -> None:
    # Appendix G: the ace can be cursed.
    ranker = Scripted("ann > wanda")
    showdown(
        """
        board: Kh Jh 9s 8d 3c
        declared: {witch_curse: {by: wanda, rank: ace}}
        players:
          - {name: wanda, put_in: 200, hand: 2s 9c}
          - {name: ann, put_in: 200, hand: As Ad}
    """,
        ranker,
    )
    assert ranker.cards("ann") == ()


def test_witch_curse_needs_the_witch() -> None:
    with pytest.raises(
        CompanionError,
        match="declared.witch_curse.by: ann plays the Fighter, who has no Witch curse",
    ):
        showdown("""
            declared: {witch_curse: {by: ann, rank: 7}}
            players: [{name: ann, put_in: 200, character: Fighter}]
            result: ann
        """)


def test_dwarven_stalwart_is_immune_to_the_witch_and_to_monsters() -> None:
    ranker = Scripted("dwarf > ann")
    out = showdown(
        """
        board: Kh Jh 9s 8d 3c
        declared: {witch_curse: {by: ann, rank: Q}}
        players:
          - {name: dwarf, put_in: 200, hand: Qs 5c, character: Dwarven Stalwart, soul_gems: 2}
          - {name: ann, put_in: 200, hand: 4h Ah, character: Witch, soul_gems: 2}
        monsters: [{name: Ancient Evil, hand: 2d 2h 2s}]
    """,
        ranker,
    )
    assert ranker.cards("dwarf") == ("Qs", "5c")
    assert ranker.cards("ann") == ("Ah",)
    assert any(e.immune == ("dwarf",) for e in out.events if isinstance(e, HandCardsDiscarded))


def test_barbarian_rage_is_immune_to_other_characters_but_not_to_monsters() -> None:
    ranker = Scripted("bob > ann")
    showdown(
        """
        board: Kh Jh 9s 8d 3c
        declared: {witch_curse: {by: ann, rank: Q}, barbarian_rage: [bob]}
        players:
          - {name: bob, put_in: 200, hand: Qs 5c Qd, character: Barbarian}
          - {name: ann, put_in: 200, hand: 9h Ah, character: Witch}
        monsters: [{name: Ancient Evil, hand: 2d 2h 2s}]
    """,
        ranker,
    )
    assert ranker.cards("bob") == ("Qs", "Qd")


# ---------------------------------------------------------------- monster effects


def test_gnome_lunatic_explodes_two_blinds_from_the_main_pot_when_it_loses() -> None:
    out = showdown("""
        blind: 200
        players: [{name: ann, put_in: 600}, {name: ben, put_in: 600}]
        monsters: [{name: Gnome Lunatic}]
        result: ann > ben > Gnome Lunatic
    """)
    assert out.pots[0].amount == 800
    assert (out.payouts["ann"], out.removed) == (800, 400)
    assert out.monsters[0].fate == "explodes: removed from the game"
    assert out.treasures == {"ann": 1}


def test_gnome_lunatic_explodes_whether_it_wins_or_ties() -> None:
    won = showdown("""
        blind: 200
        players: [{name: ann, put_in: 600}]
        monsters: [{name: Gnome Lunatic}]
        result: Gnome Lunatic > ann
    """)
    assert (won.removed, won.treasures, won.monsters[0].fate) == (
        600,
        {},
        "explodes: removed from the game",
    )
    tied = showdown("""
        blind: 200
        players: [{name: ann, put_in: 600}, {name: ben, put_in: 600}]
        monsters: [{name: Gnome Lunatic}]
        result: Gnome Lunatic = ann > ben
    """)
    # a tie is no loss: no blast, the ordinary tie rule takes its share
    assert (tied.payouts["ann"], tied.removed) == (600, 600)


def test_gnome_lunatic_needs_the_blind() -> None:
    with pytest.raises(
        CompanionError, match="blind: the Gnome Lunatic's explosion needs the blind"
    ):
        showdown("""
            players: [{name: ann, put_in: 600}]
            monsters: [{name: Gnome Lunatic}]
            result: ann > Gnome Lunatic
        """)


def test_goblin_steals_a_soul_gem_from_each_player_when_it_wins() -> None:
    out = showdown("""
        players:
          - {name: ann, put_in: 200, soul_gems: 0}
          - {name: ben, put_in: 200, soul_gems: 3}
          - {name: cat, put_in: 100, folded: true}
        monsters: [{name: Goblin}]
        result: Goblin > ann > ben
    """)
    assert out.soul_gems == {"ben": -1, "cat": -1}  # ann has none to lose


def test_goblin_that_wins_only_a_side_pot_steals_nothing() -> None:
    out = showdown("""
        players: [{name: ann, put_in: 200}, {name: ben, put_in: 400}]
        monsters: [{name: Goblin}]
        result: ann > Goblin > ben
    """)
    assert out.soul_gems == {}


def test_ice_giant_robs_a_blind_from_each_player_to_the_bank_even_when_summoned() -> None:
    out = showdown("""
        blind: 300
        players:
          - {name: ann, put_in: 300}
          - {name: ben, put_in: 300, stack: 100}
        monsters: [{name: Ice Giant, summoned_by: ann}]
        result: Ice Giant > ben > ann
    """)
    assert out.payouts == {"ann": 600, "ben": 0}
    assert out.bank == {"ann": -300, "ben": -100}  # ben has only 100 left


def test_genie_gives_its_slayer_a_soul_gem() -> None:
    beaten = showdown("""
        players: [{name: ann, put_in: 200}, {name: ben, put_in: 200}]
        monsters: [{name: Genie}]
        result: ann > Genie > ben
    """)
    assert beaten.soul_gems == {"ann": 1}
    killed = showdown("""
        players: [{name: ann, put_in: 200}, {name: ben, put_in: 200, folded: true}]
        monsters: [{name: Genie, killed_by: ben}]
        result: ann
    """)
    assert killed.soul_gems == {"ben": 1}
    assert killed.monsters[0].outcome == "killed"


def test_fire_dragons_extra_treasure_goes_to_whoever_beats_or_kills_it() -> None:
    beaten = showdown("""
        players: [{name: ann, put_in: 200}, {name: ben, put_in: 200}]
        monsters: [{name: Fire Dragon}]
        result: ann > Fire Dragon > ben
    """)
    assert beaten.treasures == {"ann": 2}
    killed = showdown("""
        players: [{name: ann, put_in: 200}, {name: cat, put_in: 100, folded: true}]
        monsters: [{name: Fire Dragon, killed_by: cat}]
        result: ann
    """)
    assert killed.treasures == {"ann": 1, "cat": 1}
    dragon_wins = showdown("""
        players: [{name: ann, put_in: 200}]
        monsters: [{name: Fire Dragon}]
        result: Fire Dragon > ann
    """)
    assert dragon_wins.treasures == {}


def test_dragon_age_brings_its_king_fire_dragon_which_goes_back_to_the_side() -> None:
    out = showdown("""
        encounter: Dragon age
        players: [{name: ann, put_in: 200, character: Fey Teratologist}]
        monsters: [{name: Fire Dragon}]
        result: Fire Dragon > ann
    """)
    assert out.monsters[0].card == "fire-dragon-extra"
    assert out.removed == 200  # a King: no Beast mastery
    assert out.monsters[0].fate == "goes back to the side, out of the monster deck"


def test_astral_warlock_moves_the_table_to_the_next_level() -> None:
    out = showdown("""
        players: [{name: ann, put_in: 200}]
        monsters: [{name: Astral Warlock}]
        result: Astral Warlock > ann
    """)
    assert NextLevelOpens("Astral Warlock") in out.events


def test_baron_makes_folded_players_sit_out_the_next_deal() -> None:
    out = showdown("""
        players: [{name: ann, put_in: 200}, {name: ben, put_in: 100, folded: true}]
        monsters: [{name: Baron}]
        result: ann > Baron
    """)
    assert FoldersSitOut("Baron", ("ben",)) in out.events


def test_friendly_monsters_do_not_play_for_the_pot() -> None:
    with pytest.raises(CompanionError, match="Tree of Life is a friendly monster"):
        showdown("""
            players: [{name: ann, put_in: 200}]
            monsters: [{name: Tree of Life}]
            result: ann
        """)


# ---------------------------------------------------------------- artifacts and abilities


def test_full_plate_tells_the_ranker_the_hand_is_worth_at_least_a_pair_of_eights() -> None:
    ranker = Scripted("ann > ben")
    showdown(
        """
        board: Kh Jh 9s 4d 3c
        players:
          - {name: ann, put_in: 200, hand: 2c 5d, artifacts: [Full Plate]}
          - {name: ben, put_in: 200, hand: Ac Qd}
    """,
        ranker,
    )
    plates = {c.name: c.min_pair for c in ranker.calls[0][0]}
    assert plates == {"ann": "8", "ben": None}


def test_full_plate_does_not_work_in_the_anti_magic_zone() -> None:
    ranker = Scripted("ben > ann")
    out = showdown(
        """
        encounter: Anti-magic zone
        board: Kh Jh 9s 4d 3c
        players:
          - {name: ann, put_in: 200, hand: 2c 5d, artifacts: [Full Plate]}
          - {name: ben, put_in: 200, hand: Ac Qd}
    """,
        ranker,
    )
    assert ranker.calls[0][0][0].min_pair is None
    assert "Anti-magic zone: artifacts do not work." in out.sentences


def test_spoil_the_treasure_stops_any_other_winners_treasure() -> None:
    text = """
        declared: {spoil_the_treasure: wanda}
        players:
          - {name: wanda, put_in: 200, character: Witch}
          - {name: ann, put_in: 200}
        monsters: [{name: Fire Dragon}]
        result: %s
    """
    ann = showdown(text % "ann > Fire Dragon > wanda")
    assert ann.treasures == {"ann": 1}  # only the dragon's treasure, which Spoil does not touch
    assert any("Spoil the treasure (wanda): ann draws no treasure" in e for e in ann.sentences)
    wanda = showdown(text % "wanda > Fire Dragon > ann")
    assert wanda.treasures == {"wanda": 2}


# ---------------------------------------------------------------- encounters


def test_mystical_storm_needs_exactly_two_hand_cards_so_the_goblin_cannot_win() -> None:
    ranker = Scripted("ann > ben")
    out = showdown(
        """
        encounter: Mystical storm
        board: Kh Jh 9s 4d 3c
        players:
          - {name: ann, put_in: 200, hand: 2c 5d 6d 7d}
          - {name: ben, put_in: 200, hand: Ac Qd Ts 8h}
        monsters: [{name: Goblin, hand: As}]
    """,
        ranker,
    )
    assert ranker.rules.prepared is not None and ranker.rules.prepared.use_exactly == 2
    assert [c.name for c in ranker.calls[0][0]] == ["ann", "ben"]
    goblin = next(h for h in out.players if h.name == "Goblin")
    assert (goblin.hand, goblin.place) == ("no legal hand", None)
    assert out.monsters[0].outcome == "lost"
    with pytest.raises(CompanionError, match="'Goblin' has no legal hand"):
        showdown("""
            encounter: Mystical storm
            players: [{name: ann, put_in: 200}]
            monsters: [{name: Goblin}]
            result: Goblin > ann
        """)


def test_plague_lets_hands_use_at_most_one_hand_card() -> None:
    ranker = Scripted("ann > ben")
    out = showdown(
        """
        encounter: Plague
        board: Kh Jh 9s 4d 3c
        players: [{name: ann, put_in: 200, hand: 2c 5d}, {name: ben, put_in: 200, hand: Ac Qd}]
    """,
        ranker,
    )
    rules = ranker.rules.prepared
    assert rules is not None and (rules.use_at_most, rules.use_exactly) == (1, None)
    assert "Plague: every hand may use at most 1 of its hand cards, monsters' too." in out.sentences


def test_utter_horror_the_weakest_five_card_hand_wins() -> None:
    ranker = Scripted("ann > ben")
    showdown(
        """
        encounter: Utter Horror
        board: Kh Jh 9s 4d 3c
        players: [{name: ann, put_in: 200, hand: 2c 5d}, {name: ben, put_in: 200, hand: Ac Qd}]
    """,
        ranker,
    )
    rules = ranker.rules.prepared
    assert rules is not None
    assert (rules.lowball, rules.ace_low, rules.hand_size, rules.name) == (
        True,
        True,
        5,
        "utter-horror",
    )


def test_two_front_war_gives_half_of_every_pot_and_a_treasure_to_each_boards_winner() -> None:
    out = showdown("""
        encounter: Two front war
        players: [{name: ann, put_in: 500}, {name: ben, put_in: 500}, {name: cat, put_in: 500}]
        result: [ann > ben > cat, ben > cat > ann]
    """)
    assert [(p.board, p.amount, p.winners) for p in out.pots] == [
        (1, 700, ("ann",)),
        (2, 700, ("ben",)),
    ]
    assert out.payouts == {"ann": 700, "ben": 700, "cat": 0}
    assert out.carry_over == 100  # 1,500 does not halve into whole coins
    assert out.treasures == {"ann": 1, "ben": 1}


def test_two_front_war_winning_both_boards_takes_the_whole_pot_and_two_treasures() -> None:
    ranker = Scripted("ann > ben", "ann > ben")
    out = showdown(
        """
        encounter: two-front-war
        boards: [Kh Jh 9s 4d 3c, Ks Js 9h 4c 3d]
        players: [{name: ann, put_in: 400, hand: Ac Ad}, {name: ben, put_in: 400, hand: 2c 7d}]
    """,
        ranker,
    )
    assert [call[1] for call in ranker.calls] == [
        ("Kh", "Jh", "9s", "4d", "3c"),
        ("Ks", "Js", "9h", "4c", "3d"),
    ]
    assert out.payouts == {"ann": 800, "ben": 0}
    assert out.treasures == {"ann": 2}
    assert {h.board for h in out.players} == {1, 2}


def test_two_front_war_needs_two_boards() -> None:
    with pytest.raises(CompanionError, match="2 boards are dealt during Two front war"):
        showdown("""
            encounter: Two front war
            board: Kh Jh 9s 4d 3c
            players: [{name: ann, put_in: 400}]
            result: ann
        """)


def test_kings_cave_gives_two_treasures_and_draws_a_king_monster_at_the_showdown() -> None:
    out = showdown("""
        encounter: King's cave
        players:
          - {name: fey, put_in: 400, character: Fey Teratologist}
          - {name: ben, put_in: 400}
        monsters: [{name: Orc, drawn_at_showdown: true}]
        result: ben > Orc > fey
    """)
    assert out.treasures == {"ben": 2}
    king = showdown("""
        encounter: King's cave
        players: [{name: fey, put_in: 400, character: Fey Teratologist}]
        monsters: [{name: Orc, drawn_at_showdown: true}]
        result: Orc > fey
    """)
    assert (king.removed, king.payouts["fey"]) == (400, 0)  # a King: no Beast mastery
    with pytest.raises(CompanionError, match="too late to be killed"):
        showdown("""
            encounter: King's cave
            players: [{name: ann, put_in: 400}]
            monsters: [{name: Orc, drawn_at_showdown: true, killed_by: ann}]
            result: ann
        """)
    with pytest.raises(CompanionError, match="draws one monster at every showdown"):
        showdown("""
            encounter: King's cave
            players: [{name: ann, put_in: 400}]
            result: ann
        """)


def test_treasure_ship_adds_a_blind_from_the_bank_to_the_pot() -> None:
    out = showdown("""
        encounter: Treasure ship
        blind: 200
        players: [{name: ann, put_in: 400}, {name: ben, put_in: 400}]
        result: ann > ben
    """)
    assert out.pots[0].amount == 1000
    assert out.payouts == {"ann": 1000, "ben": 0}
    assert out.added == 200


def test_a_deal_with_no_legal_winner_keeps_the_pot_and_treasure_for_the_next_deal() -> None:
    # Appendix G: in Mystical storm everyone may lose the cards they need.
    out = showdown("""
        encounter: Mystical storm
        board: Kh Jh 9s 4d 3c
        players:
          - {name: ann, put_in: 400, hand: As}
          - {name: ben, put_in: 400, hand: Kd}
    """)
    assert out.payouts == {"ann": 0, "ben": 0}
    assert out.carry_over == 800
    assert (out.treasures, out.treasures_waiting) == ({}, 1)
    assert out.winners == ()


def test_the_treasure_count_one_for_a_winner_two_after_a_tie_none_for_a_monster() -> None:
    one = showdown("players: [{name: ann, put_in: 200}]\nresult: ann")
    two = showdown("treasures_waiting: 1\nplayers: [{name: ann, put_in: 200}]\nresult: ann")
    none = showdown(
        "treasures_waiting: 1\nplayers: [{name: ann, put_in: 200}]\nmonsters: [{name: Orc}]\n"
        "result: Orc > ann"
    )
    assert (one.treasures, two.treasures, none.treasures, none.treasures_waiting) == (
        {"ann": 1},
        {"ann": 2},
        {},
        0,
    )


def test_carried_gold_joins_the_main_pot() -> None:
    out = showdown(
        "carried: 100\nplayers: [{name: ann, put_in: 200}, {name: ben, put_in: 200}]\nresult: ann > ben"
    )
    assert out.payouts["ann"] == 500


def test_a_character_left_without_gold_dies_and_the_winner_may_take_a_treasure() -> None:
    out = showdown("""
        players: [{name: ann, put_in: 400, stack: 1000}, {name: ben, put_in: 400, stack: 0}]
        result: ann > ben
    """)
    assert out.dead == ("ben",)
    assert CharacterDies("ben", takers=("ann",)) in out.events


def test_the_undeath_amulet_brings_a_broke_character_back_with_three_blinds() -> None:
    out = showdown("""
        blind: 300
        encounter: Long night
        players:
          - {name: ann, put_in: 400, stack: 1000}
          - {name: ben, put_in: 400, stack: 0, artifacts: [Undeath Amulet]}
        result: ann > ben
    """)
    assert out.dead == ()
    assert AmuletActs("ben", "Undeath Amulet", 900) in out.events


def test_ambush_and_run_takes_gold_from_the_pot_and_the_winners_treasure() -> None:
    out = showdown("""
        declared: {ambush_and_run: {by: rogue, gold: 600}}
        players:
          - {name: rogue, put_in: 400, folded: true, character: Rogue}
          - {name: ann, put_in: 800}
          - {name: ben, put_in: 800}
        monsters: [{name: Fire Dragon}]
        result: ann > Fire Dragon > ben
    """)
    assert out.payouts == {"rogue": 600, "ann": 1400, "ben": 0}
    assert out.treasures == {"rogue": 1, "ann": 1}  # ann keeps the dragon's treasure only
    with pytest.raises(CompanionError, match="more than Ambush & run can take"):
        showdown("""
            declared: {ambush_and_run: {by: rogue, gold: 1100}}
            players: [{name: rogue, put_in: 400, folded: true}, {name: ann, put_in: 800}]
            result: ann
        """)
    with pytest.raises(CompanionError, match="must be folded: true"):
        showdown("""
            declared: {ambush_and_run: {by: rogue, gold: 100}}
            players: [{name: rogue, put_in: 400}, {name: ann, put_in: 800}]
            result: ann > rogue
        """)


def test_ambush_and_run_takes_half_the_pot_with_the_gold_carried_and_at_most_the_rogues_cap() -> (
    None
):
    # Appendix E, the Rogue's Ambush & run: half the pot in whole coins (the gold carried
    # from the last deal is in the pot), at most the 3,000 the card prints.
    carried = showdown("""
        declared: {ambush_and_run: {by: rogue, gold: 1100}}
        carried: 1000
        players: [{name: rogue, put_in: 400, folded: true}, {name: ann, put_in: 800}]
        result: ann
    """)
    assert carried.payouts == {"rogue": 1100, "ann": 1100}
    with pytest.raises(CompanionError, match="coins, at most 3,000: 3,000 here"):
        showdown("""
            declared: {ambush_and_run: {by: rogue, gold: 3500}}
            players:
              - {name: rogue, put_in: 400, folded: true, character: Rogue}
              - {name: ann, put_in: 8000}
            result: ann
        """)


def test_a_summoned_monster_that_ties_wins_its_share_for_its_summoner() -> None:
    out = showdown("""
        players: [{name: ann, put_in: 400}, {name: ben, put_in: 400}]
        monsters: [{name: Giant, summoned_by: ann}]
        result: Giant = ben > ann
    """)
    assert (out.payouts, out.removed, out.treasures_waiting) == ({"ann": 400, "ben": 400}, 0, 1)


# -- findings at the table (issue 15) ------------------------------------------------------


def test_full_plate_applies_without_a_legal_hand_under_mystical_storm() -> None:
    """Full Plate: at least a pair of eights even with one hand card under Mystical storm."""
    out = showdown(
        """
        encounter: Mystical storm
        board: 2c 3d 9h Jd Ks
        players:
          - {name: ann, put_in: 200, hand: As, artifacts: [Full Plate]}
          - {name: ben, put_in: 200, hand: 4c 5d 7h Ts}
        """
    )
    assert out.winners == ("ann",)


def test_happy_the_clown_is_placed_under_mystical_storm_without_its_cards() -> None:
    """Happy the Clown plays the cards passed to it: a result may place it."""
    out = showdown(
        """
        encounter: Mystical storm
        players: [{name: ann, put_in: 200}, {name: ben, put_in: 200}]
        monsters: [{name: Happy the Clown}]
        result: Happy the Clown > ann > ben
        """
    )
    assert out.monsters[0].outcome == "won"


def test_a_monster_is_named_by_a_word_of_its_name_as_at_the_table() -> None:
    """'happy' is Happy the Clown, as with 'companion table monster-result --monster happy'."""
    out = showdown(
        """
        players: [{name: ann, put_in: 200}, {name: ben, put_in: 200}]
        monsters: [{name: happy}]
        result: ann > Happy the Clown > ben
        """
    )
    assert out.monsters[0].name == "Happy the Clown"
    with pytest.raises(CompanionError, match="'g' could be .*Genie.*Goblin"):
        showdown(
            """
            players: [{name: ann, put_in: 200}, {name: ben, put_in: 200}]
            monsters: [{name: g}]
            result: ann > ben
            """
        )


def test_dragon_age_needs_its_fire_dragon() -> None:
    """Dragon age: a Fire Dragon is in every deal; a file without it is refused."""
    with pytest.raises(CompanionError, match="brings the Fire Dragon to every deal"):
        showdown(
            """
            encounter: Dragon age
            blind: 500
            players: [{name: ann, put_in: 500}, {name: ben, put_in: 500}]
            result: ann > ben
            """
        )


def test_a_blind_is_whole_gold_coins() -> None:
    """Gold coins are worth 100: a blind of 250 does not exist."""
    with pytest.raises(CompanionError, match="blind: 250 is not a whole number"):
        showdown(
            """
            blind: 250
            players: [{name: ann, put_in: 500}, {name: ben, put_in: 500}]
            result: ann > ben
            """
        )


# ---------------------------------------------------------------- rules a mutation run found unpinned


def test_the_dwarven_stalwart_is_immune_to_the_goblins_theft() -> None:
    out = showdown("""
        players:
          - {name: dwarf, put_in: 200, character: Dwarven Stalwart, soul_gems: 2}
          - {name: ben, put_in: 200, soul_gems: 2}
        monsters: [{name: Goblin}]
        result: Goblin > dwarf > ben
    """)
    assert out.soul_gems == {"ben": -1}
    assert GemsStolen("Goblin", 1, taken=("ben",), immune=("dwarf",)) in out.events


def test_the_dwarven_stalwart_who_folded_does_not_sit_out_for_the_baron() -> None:
    out = showdown("""
        players:
          - {name: ann, put_in: 200}
          - {name: dwarf, put_in: 100, folded: true, character: Dwarven Stalwart}
          - {name: ben, put_in: 100, folded: true}
        monsters: [{name: Baron}]
        result: ann > Baron
    """)
    said = [e for e in out.events if isinstance(e, FoldersSitOut)]
    assert said == [FoldersSitOut("Baron", ("ben",))]
    assert sentence(said[0]) == (
        "Baron was at the table: ben folded and sits out the next deal (blinds still due)."
    )


def test_a_monster_that_only_ties_does_none_of_its_win_effects() -> None:
    goblin = showdown("""
        players: [{name: ann, put_in: 200, soul_gems: 2}, {name: ben, put_in: 200, soul_gems: 2}]
        monsters: [{name: Goblin}]
        result: ann = Goblin > ben
    """)
    assert goblin.soul_gems == {}
    assert goblin.monsters[0].outcome == "tied"
    giant = showdown("""
        blind: 300
        players: [{name: ann, put_in: 300}, {name: ben, put_in: 300}]
        monsters: [{name: Ice Giant}]
        result: Ice Giant = ben > ann
    """)
    assert giant.bank == {}


def test_the_ice_giant_charges_no_more_gold_than_a_player_has_after_the_pots() -> None:
    out = showdown("""
        blind: 300
        players:
          - {name: ann, put_in: 300, stack: 0}
          - {name: ben, put_in: 300, stack: 100}
          - {name: cat, put_in: 300, stack: 500}
        monsters: [{name: Ice Giant, summoned_by: ann}]
        result: Ice Giant > ben > cat > ann
    """)
    assert out.payouts == {"ann": 900, "ben": 0, "cat": 0}
    # ann had no gold behind but takes the giant's pot first; ben has 100 left, cat 500
    assert out.bank == {"ann": -300, "ben": -100, "cat": -300}


def test_a_players_own_monster_is_out_of_the_showdown_when_the_player_folds() -> None:
    out = showdown("""
        players:
          - {name: gnome, put_in: 100, character: Gnome Artificer, folded: true}
          - {name: ben, put_in: 200}
          - {name: cat, put_in: 200}
        monsters: [{name: Golem}]
        result: ben > cat
    """)
    assert [(m.name, m.outcome) for m in out.monsters] == [("Golem", "folded")]
    assert "Golem" not in [h.name for h in out.players]
    assert out.payouts == {"gnome": 0, "ben": 500, "cat": 0}


def test_a_player_who_wins_both_boards_is_listed_once_among_the_winners() -> None:
    out = showdown("""
        encounter: Two front war
        players: [{name: ann, put_in: 400}, {name: ben, put_in: 400}]
        result: [ann > ben, ann > ben]
    """)
    assert out.winners == ("ann",)
    split = showdown("""
        encounter: Two front war
        players: [{name: ann, put_in: 400}, {name: ben, put_in: 400}]
        result: [ann > ben, ben > ann]
    """)
    assert split.winners == ("ann", "ben")


def test_two_front_war_numbers_each_boards_treasure_by_its_board() -> None:
    """000, Two front war: each board's winner draws that board's treasure; the
    treasure lines say which board (1 and 2), and one board alone names none."""
    from companion.games.dungeon_poker.showdown_events import TreasuresDrawn

    two = showdown("""
        encounter: Two front war
        players: [{name: ann, put_in: 500}, {name: ben, put_in: 500}, {name: cat, put_in: 500}]
        result: [ann > ben > cat, ben > cat > ann]
    """)
    drawn = [(e.board, e.player) for e in two.events if isinstance(e, TreasuresDrawn)]
    assert drawn == [(1, "ann"), (2, "ben")]
    one = showdown("""
        players: [{name: ann, put_in: 500}, {name: ben, put_in: 500}]
        result: ann > ben
    """)
    assert [(e.board, e.player) for e in one.events if isinstance(e, TreasuresDrawn)] == [
        (None, "ann")
    ]


def test_a_settled_showdown_and_its_monsters_fates_are_immutable_values() -> None:
    """A result is a value the table records and every screen reads: nothing may change
    it afterwards (a view that wrote into it would change what the others show)."""
    import dataclasses

    out = showdown("""
        players: [{name: ann, put_in: 400}]
        monsters: [{name: Orc}]
        result: Orc > ann
    """)
    with pytest.raises(dataclasses.FrozenInstanceError):
        out.treasures_waiting = 3  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        out.monsters[0].outcome = "lost"  # type: ignore[misc]
