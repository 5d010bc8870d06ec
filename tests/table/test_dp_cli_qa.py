"""Dungeon Poker through the CLI, as a release tester played a four-player evening:
each rule or message the table got wrong, named after it."""

from __future__ import annotations

from tests.table.test_dp_table_findings import js, ok, refused, rig

PLAYERS = "ann,ben,cy,dee"


def four(seed: int = 11, name: str = "eve", **chosen: str) -> None:
    """Seed 11 deals ann Sir Nobble/Fighter, ben Witch/Prophet, cy Night Ogre/Barbarian
    and dee Wizard/Gnome Artificer; seed 1 deals ann Witch/Paladin."""
    ok("table", "new", name, "--game", "dungeon-poker", "--players", PLAYERS, "--seed", str(seed))
    for player, character in chosen.items():
        ok("table", "choose", player, character)


def test_an_ability_is_named_by_a_word_of_its_name_as_a_character_is() -> None:
    four(ann="nobble", ben="witch", cy="barbarian", dee="gnome")
    ok("table", "deal")
    used = js("table", "ability", "cy", "rage")
    assert used["ability"] == "barbarian-rage" and used["soul_gems"] == 4
    assert js("table", "ability", "ben", "curse")["ability"] == "witch-curse"


def test_a_word_two_abilities_share_is_refused_with_both() -> None:
    four(seed=1)
    for player in PLAYERS.split(","):
        dealt = [c["id"] for c in js("table", "hand", player)["cards"]]
        ok("table", "choose", player, "paladin" if player == "ann" else dealt[0])
    ok("table", "deal")
    assert "'h' could be Holy avenger or Healing prayer" in refused("table", "ability", "ann", "h")
    assert "no ability 'zz'" in refused("table", "ability", "ann", "zz")
    assert js("table", "ability", "ann", "holy")["ability"] == "holy-avenger"


def test_choosing_again_after_the_reveal_says_which_character_the_player_plays() -> None:
    four(ann="nobble", ben="witch", cy="barbarian", dee="gnome")
    assert "dee already plays Gnome Artificer" in refused("table", "choose", "dee", "wizard")


def test_several_folds_are_named_with_commas_as_the_players_are() -> None:
    four(ann="nobble", ben="witch", cy="barbarian", dee="wizard")
    ok("table", "deal")
    settled = js(
        "table",
        "showdown",
        "ann=300",
        "ben=600",
        "cy=600",
        "dee=100",
        "--fold",
        "ann,dee",
        "--result",
        "cy > ben",
    )
    assert [p["name"] for p in settled["players"]] == ["cy", "ben"]
    ok("table", "deal")
    assert "(in the deal: ann, ben, cy, dee)" in refused(
        "table", "showdown", "ann=1", "--fold", "ann,zed"
    )


def test_the_deal_that_opens_a_level_shows_its_encounter_to_read_aloud() -> None:
    """Encounter cards: the dealer reads the new encounter out loud when its level opens,
    whether the table or its clock counted the fifth deal."""
    for clock in (False, True):
        four(name=f"clock-{clock}", ann="nobble", ben="witch", cy="barbarian", dee="wizard")
        rig("encounters", "normal-times")
        if clock:
            ok("timer", "run", "--paused")
        for _ in range(5):
            started = js("table", "deal")
            assert not started["level_opened"]
        started = js("table", "deal")
        assert started["level_opened"] and started["level"]["encounter"]["name"] == "Normal times"
        shown = ok("table", "deal").stdout
        assert "Normal times" in shown.splitlines()[0] and "╭─ Normal times" not in shown
        ok("table", "undo")
        ok("table", "undo")
        ok("table", "undo")
        assert "╭─ Normal times" in ok("table", "deal").stdout
