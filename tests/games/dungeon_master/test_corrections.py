"""Mistakes at the table and the messages that explain them: one test per finding of the tracker review."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from companion.errors import CompanionError
from tests.conftest import CliResult, invoke
from tests.games.dungeon_master.helpers import catalog, run

KEEP = "wiz,cle,thi,ama,dw,elf"
SIX = "Barbarian,Wizard,Halfling,Dwarf,Priest,Archer"


def _ok(*args: str) -> dict[str, Any]:
    result = invoke("dm", *args, "--json")
    assert result.exit_code == 0, result.stderr
    data: dict[str, Any] = result.json()
    return data


def _error(result: CliResult, fragment: str) -> None:
    assert result.exit_code == 2, result
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    assert fragment in result.stderr, result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def _party() -> None:
    _ok("party", "new", "--seed", "8", "--keep", KEEP)


def _points() -> int:
    points: int = _ok("party", "show")["treasure_points"]
    return points


# --------------------------------------------------------------------------- claims


def test_claim_takes_negative_points_as_a_correction() -> None:
    _party()
    _ok("party", "claim", "7")
    taken = invoke("dm", "party", "claim", "--json", "--", "-5")
    assert taken.json()["treasure_points"] == 2 and taken.json()["gained"] == -5
    _error(
        invoke("dm", "party", "claim", "--", "-3"),
        "a number takes back only points typed as a number, and the treasure pile has 2 of those",
    )


def _pile() -> tuple[int, list[str]]:
    shown = _ok("party", "show")
    return shown["treasure_points"], shown["treasure_cards"]


def test_treasure_pile_points_and_cards_agree_after_a_correction() -> None:
    """ "Treasure cards are the only ones you keep": the pile's points are its cards' points
    plus points typed as a number, so no correction leaves a card without its points."""
    _party()
    _ok("party", "claim", "silver")
    refused = invoke("dm", "party", "claim", "--", "-5")
    _error(refused, "the cards in it (Silver) are worth 5")
    assert "'companion dm party claim -- -silver'" in refused.stderr
    assert _pile() == (5, ["Silver"])  # nothing changed
    taken = invoke("dm", "party", "claim", "--json", "--", "-silver")
    assert taken.exit_code == 0, taken.stderr
    assert (taken.json()["gained"], taken.json()["taken_back"]) == (-5, ["Silver"])
    assert _pile() == (0, [])
    _error(invoke("dm", "party", "claim", "--", "-silver"), "the treasure pile holds no Silver")
    # cards and typed points together, in one command: each part agrees with the pile
    _ok("party", "claim", "gold,silver,10")
    assert invoke("dm", "party", "claim", "--", "-gold,-10").exit_code == 0
    assert _pile() == (5, ["Silver"])
    log = _ok("party", "log")["log"]
    assert log[-1]["text"] == "took back Gold; -10 points typed → -20, pile 5"
    assert (log[-1]["event"]["back"], log[-1]["event"]["points"]) == (["Gold"], -10)


@pytest.mark.parametrize("number", [str(10**30), "111", "-111", "9" * 5000])
def test_claim_of_a_huge_number_is_refused_in_one_line(number: str) -> None:
    _party()
    _error(invoke("dm", "party", "claim", "--", number), "points must be between -110 and 110")
    assert _points() == 0


def test_claim_magic_items_says_it_gives_a_level_not_points() -> None:
    _party()
    _error(
        invoke("dm", "party", "claim", "Magic Items"),
        "Magic Items is worth no treasure points: claimed, it gives a hero a level",
    )


def test_claim_no_more_copies_than_the_party_deck_holds() -> None:
    """The message counts the whole claim against the deck and the pile as it is."""
    _party()
    _error(
        invoke("dm", "party", "claim", "gold,gold,gold,gold,gold"),
        "5 Gold claimed, but the party deck holds 4 and 0 are already in the treasure pile",
    )
    assert _points() == 0  # nothing half-claimed
    _ok("party", "claim", "gold")
    _error(
        invoke("dm", "party", "claim", "gold,gold,gold,gold"),
        "4 Gold claimed, but the party deck holds 4 and 1 is already in the treasure pile",
    )
    _ok("party", "claim", "gold,gold,gold")
    _error(invoke("dm", "party", "claim", "gold"), "4 are already in the treasure pile")
    # A card in the pile cannot be risked again either.
    _error(
        invoke("dm", "fight", "orcs", "+gold"),
        "1 Gold risked, but the party deck holds 4 and 4 are already in the treasure pile",
    )


# --------------------------------------------------------------------------- levels and heroes


def test_level_down_takes_back_a_gained_level_never_a_printed_one() -> None:
    _party()
    _ok("party", "level-up", "wiz", "spell")
    down = _ok("party", "level-down", "wiz", "sp")
    assert down["level_down"] == {"hero": "Wizard", "attribute": "spell", "level": 4}
    _error(
        invoke("dm", "party", "level-down", "wiz", "spell"),
        "Wizard has gained no spell level to take back (spell 4, as printed on the card)",
    )


def test_dismiss_sends_a_recruited_hero_back_to_the_character_deck() -> None:
    _party()
    joined = _ok("party", "recruit", "ranger")
    assert joined["characters_left"] == 11
    gone = _ok("party", "dismiss", "ranger")
    assert gone["characters_left"] == 12 and "Ranger" not in [h["name"] for h in gone["heroes"]]
    _error(
        invoke("dm", "party", "dismiss", "wiz"),
        "Wizard was one of the six kept at the start; only a hero freed by a Prisoner card",
    )


def test_party_revive_brings_back_only_a_hero_killed_this_turn() -> None:
    _party()
    _ok("party", "kill", "elf")
    _ok("fight", "kobolds", "ama=sword", "--seed", "1")  # a new turn starts
    _error(
        invoke("dm", "party", "revive", "elf"),
        "Elf fell on turn 0, and only a hero killed this turn (turn 1) can be brought back",
    )


def test_party_revive_needs_a_living_hero_with_the_card() -> None:
    _party()
    _ok("party", "kill", "cle,elf")
    _error(invoke("dm", "party", "revive", "elf", "--card", "heal"), "no living hero has heal")
    assert _ok("party", "revive", "elf", "--card", "shield")["revived"] == ["Elf"]
    _error(invoke("dm", "party", "revive", "cle", "--card", "sword"), "only Heal, Shield or Armor")


def test_a_dead_hero_is_named_as_dead_not_as_unknown() -> None:
    _party()
    _ok("party", "kill", "elf")
    _error(invoke("dm", "party", "level-up", "elf", "bow"), "Elf is dead (fell on turn 0)")
    _error(invoke("dm", "fight", "orcs", "elf=sword"), "Elf is dead (fell on turn 0)")
    _error(invoke("dm", "party", "kill", "elf"), "Elf is already dead (fell on turn 0)")


@pytest.mark.parametrize("name", ["", " ", "wiz,"])
def test_kill_refuses_an_empty_hero_name(name: str) -> None:
    _party()
    result = invoke("dm", "party", "kill", name)
    if name.strip(" ,"):
        assert result.exit_code == 0  # "wiz," is a list holding Wizard
        return
    _error(result, "an empty hero name: name one")
    assert "Killed: ." not in result.stdout


def test_kill_random_level_up_and_recruit_print_a_seed_that_replays_them(tmp_path: Path) -> None:
    runs = []
    for name in ("a", "b"):
        state = str(tmp_path / f"{name}.sqlite3")
        _ok("party", "new", "--seed", "8", "--keep", KEEP, "--state", state)
        first = _ok("party", "kill", "--random", "2", "--state", state)
        runs.append(first)
        if name == "a":
            seed = str(first["seed"])
            continue
        replay = _ok("party", "new", "--seed", "8", "--keep", KEEP, "--replace", "--state", state)
        assert replay["seed"] == 8
        again = _ok("party", "kill", "--random", "2", "--seed", seed, "--state", state)
        assert again["killed"] == runs[0]["killed"]
    text = invoke("dm", "party", "recruit", "--state", str(tmp_path / "b.sqlite3")).stdout
    assert "joins the party." in text and "seed " in text


# --------------------------------------------------------------------------- resolve


def test_why_explains_each_card_on_its_own() -> None:
    """One card whose other use is illegal no longer hides another card's real gain."""
    result = run(
        ["Knight", "Barbarian", "Wizard", "Bard", "Rogue"],
        {"creatures": ["Giants", "Trolls", "Kobolds"]},
        ["Barbarian=Axe", "Bard=Bless", "Knight=Armor", "Rogue=Stealth"],
    )
    [note] = [e for e in result.events if e.startswith("Chosen for the party")]
    assert note == (
        "Chosen for the party: Armor on Knight for its ability (its 1 point would make it "
        "12 against 8, and still 1 hero falls; kept to bring one back: 0 heroes lost for good "
        "instead of 1); Stealth on Rogue for its points (the only use that fits here)."
    )


def test_a_second_card_on_a_hero_can_be_its_recovery_card() -> None:
    """Knight=Sword beside Knight=Armor is accepted, as Knight=Armor:ability already was."""
    plays = ["Knight=Sword", "Knight=Armor"]
    result = run(["Knight", "Wizard"], {"creatures": ["Ogres"]}, plays, casualties=["Wizard"])
    sword, armor = result.plays
    assert (sword.use, armor.use) == ("fight", "ability")
    assert result.recovered == ("Wizard",)
    with pytest.raises(
        CompanionError, match="Knight already has Sword: one attribute card per hero"
    ):
        run(["Knight"], {"creatures": ["Ogres"]}, ["Knight=Sword", "Knight=Armor:fight"])


def test_revive_without_a_recovery_card_is_an_error() -> None:
    _error(
        invoke("dm", "resolve", "-p", SIX, "-c", "Ogres", "--revive", "Wizard"),
        "no Heal, Shield or Armor card is played, so nobody can be brought back",
    )


def test_heal_with_no_heal_hero_in_the_party_is_refused() -> None:
    _error(
        invoke("dm", "resolve", "-p", "Barbarian,Wizard", "-c", "Ogres", "--play", "Heal:ability"),
        "Heal brings a hero back only while a hero with heal is alive, and nobody in the party has it",
    )


def test_prisoner_never_frees_one_of_the_four_set_aside() -> None:
    _party()  # Enchantress, Monk, Barbarian and Magician were set aside
    _error(invoke("dm", "party", "recruit", "monk"), "Monk was set aside when the party was formed")
    _error(
        invoke(
            "dm", "resolve", "--apply", "-c", "kobolds", "--play", "ama=sword", "--prisoner", "monk"
        ),
        "Prisoner cannot free Monk: only a character never drawn can be freed",
    )
    _ok("fight", "kobolds", "ama=sword", "--seed", "1")
    _error(invoke("dm", "treasure", "prisoner:magician"), "Magician was set aside")
    for seed in range(20):  # a random prisoner never comes from the four either
        freed = _ok(
            "resolve", "--tracked", "-c", "kobolds", "--prisoner", "random", "--seed", str(seed)
        )
        assert freed["new_heroes"][0] not in {"Enchantress", "Monk", "Barbarian", "Magician"}


def test_tracked_refuses_points_rather_than_ignoring_them() -> None:
    _party()
    _error(
        invoke("dm", "resolve", "--tracked", "-c", "orcs", "--points", "40"),
        "the tracked party keeps its own treasure pile",
    )


def test_flag_errors_name_the_flag_and_the_bad_value_once(tmp_path: Path) -> None:
    path = tmp_path / "turn.yaml"
    path.write_text("party: [Barbarian, Wizard]\ndm: {creatures: [Orcs]}\n")
    result = invoke("dm", "resolve", str(path), "--play", "Barbarian=Sword:fihgt")
    _error(
        result, "--play 'Barbarian=Sword:fihgt': the use is fight, ability or best (got 'fihgt')"
    )
    assert str(path) not in result.stderr and result.stderr.count("fihgt") == 2
    path.write_text("party: [Wizard]\nplays: [{hero: Wizard, card: Spell, use: fihgt}]\n")
    result = invoke("dm", "resolve", str(path))
    _error(result, "plays.0.use: must be one of fight, ability, best (got 'fihgt')")
    assert result.stderr.count("(got") == 1


def test_play_and_level_up_take_comma_lists() -> None:
    data = _ok(
        "resolve",
        "-p",
        SIX,
        "-c",
        "Orcs",
        "--play",
        "barb=sword,half=dagger",
        "--experience",
        "2",
        "--level-up",
        "wiz:spell,arch:bow",
        "--seed",
        "2",
    )
    assert [p["card"] for p in data["plays"]] == ["Sword", "Dagger"]
    assert [(u["hero"], u["attribute"]) for u in data["level_ups"]] == [
        ("Wizard", "spell"),
        ("Archer", "bow"),
    ]


def test_names_by_unique_prefix_and_aliases_everywhere() -> None:
    data = _ok(
        "resolve",
        "-p",
        "barb,wiz,half",
        "-c",
        "orc,gob",
        "--room",
        "throne",
        "--play",
        "barb=sw",
        "--seed",
        "1",
    )
    assert data["dm_parts"][-1] == {"card": "Throne Room", "fight": 3}
    assert data["plays"][0]["card"] == "Sword"
    _error(invoke("dm", "resolve", "-p", "w", "-c", "orcs"), "'w' could be Warrior or Wizard")


def test_a_failed_apply_creates_no_state_file() -> None:
    _error(invoke("dm", "resolve", "--apply", "-c", "Orcs"), "no Dungeon Master party in")
    assert not Path(os.environ["COMPANION_STATE"]).exists()


def test_no_heroes_is_spelt_heroes() -> None:
    with pytest.raises(CompanionError, match=r"\(heroes: Amazon, Archer"):
        catalog().hero("Zzz")


# --------------------------------------------------------------------------- cards and tables


def test_cards_list_shows_hero_attributes_and_card_bonuses() -> None:
    result = invoke("cards", "list", "dungeon-master")
    assert result.exit_code == 0
    flat = " ".join(result.stdout.split())
    for shown in ("attributes=sword:2,", "bonus_vs=goblinkin:2", "bonus_vs=undead:3"):
        assert shown in flat.replace("│ │ │ │ ", ""), shown


def test_every_stealth_card_words_its_ability_the_same() -> None:
    texts = {c.text for c in catalog().cards if c.name == "Stealth"}
    assert len([c for c in catalog().cards if c.name == "Stealth"]) == 2
    [text] = texts
    assert "trap" in text and "obstacle" in text


def test_table_new_can_shuffle_in_the_obstacles_variant(tmp_path: Path) -> None:
    state = str(tmp_path / "t.sqlite3")
    made = invoke(
        "table",
        "new",
        "fri",
        "--game",
        "dungeon-master",
        "--players",
        "dm,pp",
        "--variant",
        "obst",
        "--seed",
        "3",
        "--state",
        state,
        "--json",
    )
    assert made.exit_code == 0, made.stderr
    assert made.json()["table"]["options"] == {"variant": "obstacles"}
    status = invoke("deck", "status", "--state", state, "--json").json()
    counts = {d["deck"]: d["total"] for d in status["decks"]}
    assert counts["party"] == 53 and counts["dm"] == 53 and "variant" not in counts
    plain = invoke(
        "table", "new", "sun", "--game", "dungeon-master", "--players", "a,b", "--state", state
    )
    assert "Obstacles variant: variant cards set aside" in plain.stdout
    _error(
        invoke(
            "table",
            "new",
            "mon",
            "--game",
            "dungeon-master",
            "--players",
            "a,b",
            "--variant",
            "x",
            "--state",
            state,
        ),
        "'x' is not a dungeon-master variant (variants: obstacles)",
    )
    _error(
        invoke(
            "table",
            "new",
            "sat",
            "--game",
            "dungeon-master",
            "--players",
            "a,b",
            "--short",
            "--state",
            state,
        ),
        "dungeon-master tables take no --short option",
    )
