"""``companion dm``: resolve from flags or a file, and the party tracker, through the CLI."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import invoke

SIX = "Barbarian,Wizard,Halfling,Dwarf,Priest,Archer"


def _one_line_error(result, fragment: str) -> None:  # type: ignore[no-untyped-def]
    assert result.exit_code == 2, result
    assert result.stderr.startswith("error: ")
    assert result.stderr.count("\n") == 1, result.stderr
    assert fragment in result.stderr, result.stderr
    assert "Traceback" not in result.stderr + result.stdout


# --------------------------------------------------------------------------- resolve


def test_resolve_from_flags_prints_totals_casualties_and_why() -> None:
    result = invoke(
        "dm",
        "resolve",
        "--party",
        SIX,
        "--creatures",
        "Orcs,Goblins,Trolls",
        "--room",
        "Throne Room",
        "--play",
        "Barbarian=Sword",
        "--play",
        "Halfling=Dagger",
        "--treasure",
        "Gold",
        "--seed",
        "3",
    )
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "13" in out and "6" in out
    assert "2 killed" in out and "13 is 2 whole times 6: 2 heroes fall." in out
    assert "Goblinkin meld: Orcs 3 + Goblins 2 + Trolls 5 + Throne Room 3 = 13." in out
    assert "treasure lost: Gold" in out
    assert "seed 3" in out


def test_resolve_json() -> None:
    result = invoke(
        "dm",
        "resolve",
        "-p",
        SIX,
        "-c",
        "Rats,Bats",
        "--play",
        "Wizard=Spell",
        "-t",
        "Gems",
        "--points",
        "30",
        "--seed",
        "1",
        "--json",
    )
    assert result.exit_code == 0, result.stderr
    data = result.json()
    assert (data["dm_total"], data["party_total"], data["casualties"], data["killed"]) == (
        3,
        8,
        0,
        [],
    )
    assert (data["treasure_points"], data["winner"]) == (50, "party")
    assert data["applied"] is False


def test_resolve_from_a_yaml_file(tmp_path: Path) -> None:
    path = tmp_path / "turn.yaml"
    path.write_text(
        "party: [Fighter, Wizard, Bard]\n"
        "dm: {creatures: [Ogres, Goblins]}\n"
        "plays:\n  - {hero: Fighter, card: Armor}\n  - {hero: Wizard, card: Spell}\n"
        "seed: 2\n"
    )
    result = invoke("dm", "resolve", str(path), "--json")
    assert result.exit_code == 0, result.stderr
    data = result.json()
    assert data["plays"][0]["use"] == "fight" and data["plays"][0]["chosen_by_resolver"] is True
    assert data["killed"] == []


def test_resolve_from_stdin_and_flags_override_the_file() -> None:
    text = "party: [Barbarian, Wizard]\ndm: {creatures: [Giants]}\nplays: [{hero: Barbarian, card: Sword}]\nseed: 4\n"
    base = invoke("dm", "resolve", "-", "--json", input=text).json()
    assert base["dm_total"] == 6
    swapped = invoke("dm", "resolve", "-", "--creatures", "Kobolds", "--json", input=text).json()
    assert (swapped["dm_total"], swapped["seed"]) == (1, 4)


def test_resolve_without_a_seed_reports_the_one_it_used() -> None:
    data = invoke("dm", "resolve", "-p", SIX, "-c", "Dragon", "--json").json()
    again = invoke(
        "dm", "resolve", "-p", SIX, "-c", "Dragon", "--seed", str(data["seed"]), "--json"
    ).json()
    assert again["killed"] == data["killed"]


def test_resolve_trap_stealth_and_obstacle_flags() -> None:
    trap = invoke(
        "dm", "resolve", "-p", SIX, "--trap", "Scythe", "--play", "Stealth:ability", "--json"
    ).json()
    assert trap["trap"] == "cancelled"
    obstacle = invoke(
        "dm", "resolve", "-p", SIX, "--obstacle", "Portcullis", "-t", "Gold", "--json"
    ).json()
    assert (obstacle["obstacle"], obstacle["killed"], obstacle["treasure_lost"]) == (
        "lost",
        [],
        True,
    )


def test_resolve_treasure_phase_flags() -> None:
    data = invoke(
        "dm",
        "resolve",
        "-p",
        SIX,
        "-c",
        "Giants",
        "--play",
        "Barbarian=Sword",
        "--play",
        "Heal:ability",
        "--lose",
        "Wizard",
        "--prisoner",
        "Knight",
        "--experience",
        "1",
        "--level-up",
        "Knight:shield",
        "--json",
    ).json()
    assert data["killed"] == ["Wizard"] and data["recovered"] == ["Wizard"]
    assert data["new_heroes"] == ["Knight"]
    assert data["level_ups"][0] == {
        "source": "Experience",
        "hero": "Knight",
        "attribute": "shield",
        "roll": None,
        "level": 3,
        "named": True,
    }


def test_resolve_gain_flag() -> None:
    data = invoke(
        "dm",
        "resolve",
        "-p",
        "Wizard,Bard",
        "--gain",
        "Wizard:spell:2",
        "-c",
        "Rats",
        "--play",
        "Wizard=Spell",
        "--json",
    ).json()
    assert data["party_total"] == 6 + 4


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["-c", "Orcs,Skeletons"], "Skeletons (Undead) cannot join a meld of Orcs (Goblinkin)"),
        (["-c", "Dragon,Demon"], "Dragon is an X creature and never melds"),
        (
            ["-c", "Orcs", "--play", "Wizard=Sword"],
            "Sword does not match any attribute of Wizard (spell 4)",
        ),
        (
            ["-c", "Orcs", "--play", "Barbarian=Sword", "--play", "Barbarian=Axe"],
            "one attribute card per hero",
        ),
        (["-c", "Orks"], "no creature named 'Orks' (did you mean Orcs or Ogres?)"),
        (["-c", "Orcs", "--play", "Armor:both"], "never both"),
        (["-c", "Orcs", "--play", "=Sword"], "Sword needs a hero to be played on"),
        (["-c", "Orcs", "--play", "a=b=Sword"], "--play 'a=b=Sword': write HERO=CARD"),
        (["--trap", "Scythe", "--play", "Barbarian=Sword"], "a trap is not fought"),
        (
            ["-c", "Orcs", "--gain", "Nobody:sword"],
            "--gain 'Nobody': that hero is not in the party",
        ),
        (["-c", "Orcs", "--gain", "Wizard"], "--gain 'Wizard': write HERO:ATTRIBUTE"),
    ],
)
def test_bad_encounters_give_one_line_errors(args: list[str], fragment: str) -> None:
    _one_line_error(invoke("dm", "resolve", "-p", SIX, *args), fragment)


def test_resolve_needs_a_party() -> None:
    _one_line_error(invoke("dm", "resolve", "-c", "Orcs"), "no party")


def test_resolve_file_errors_name_the_field(tmp_path: Path) -> None:
    path = tmp_path / "turn.yaml"
    path.write_text("party: [Wizard]\nplays:\n  - {hero: Wizard}\n")
    _one_line_error(invoke("dm", "resolve", str(path)), "turn.yaml: plays.0.card: is required")
    _one_line_error(
        invoke("dm", "resolve", str(tmp_path / "absent.yaml")), "no such encounter file: "
    )


# --------------------------------------------------------------------------- party


def test_party_new_with_a_seed_is_reproducible(tmp_path: Path) -> None:
    first = invoke(
        "dm", "party", "new", "--seed", "8", "--state", str(tmp_path / "a.sqlite3"), "--json"
    ).json()
    second = invoke(
        "dm", "party", "new", "--seed", "8", "--state", str(tmp_path / "b.sqlite3"), "--json"
    ).json()
    for data in (first, second):
        assert data.pop("log_entry")["seed"] == 8  # it also records when: that may differ
    assert first == second
    assert len(first["drawn"]) == 10 and len(first["heroes"]) == 6 and len(first["discarded"]) == 4
    assert set(first["discarded"]) | {h["name"] for h in first["heroes"]} == set(first["drawn"])


def test_party_new_keep_and_replace() -> None:
    drawn = invoke("dm", "party", "new", "--seed", "8", "--json").json()["drawn"]
    again = invoke("dm", "party", "new", "--seed", "8", "--keep", "1,2,3,4,5,6")
    _one_line_error(again, "a party already exists")
    kept = invoke(
        "dm", "party", "new", "--seed", "8", "--keep", ",".join(drawn[4:]), "--replace", "--json"
    ).json()
    assert [h["name"] for h in kept["heroes"]] == drawn[4:]
    _one_line_error(
        invoke("dm", "party", "new", "--seed", "8", "--keep", "1,2", "--replace"), "keep exactly 6"
    )


def test_party_new_asks_which_six_to_keep() -> None:
    result = invoke("dm", "party", "new", "--seed", "5", "--choose", input="1,2,3\n1,2,3,4,5,6\n")
    assert result.exit_code == 0, result.stderr
    assert "Keep which six?" in result.stdout
    assert "keep exactly 6 of the 10 characters drawn (got 3)" in result.stdout  # asked again
    shown = invoke("dm", "party", "show", "--json").json()
    assert len(shown["heroes"]) == 6
    assert "as chosen" in shown["log"][-1]["text"]
    assert shown["log"][-1]["event"]["how"] == "chosen"


def test_party_new_choice_without_an_answer_is_an_error() -> None:
    _one_line_error(
        invoke("dm", "party", "new", "--seed", "5", "--choose", input=""), "no choice made"
    )


def test_party_commands_track_deaths_levels_recruits_and_treasure() -> None:
    invoke("dm", "party", "new", "--seed", "8")
    heroes = [h["name"] for h in invoke("dm", "party", "show", "--json").json()["heroes"]]
    killed = invoke("dm", "party", "kill", heroes[0], "--json").json()
    assert killed["killed"] == [heroes[0]] and killed["alive"] == 5
    _one_line_error(invoke("dm", "party", "kill", heroes[0]), "is already dead")
    revived = invoke("dm", "party", "revive", heroes[0].lower(), "--json").json()
    assert revived["alive"] == 6
    up = invoke("dm", "party", "level-up", heroes[1], "sword", "--json").json()["level_up"]
    assert (up["hero"], up["attribute"], up["roll"]) == (heroes[1], "sword", None)
    rolled = invoke("dm", "party", "level-up", "--seed", "3", "--json").json()["level_up"]
    assert rolled["roll"] in range(1, 11)
    recruit = invoke("dm", "party", "recruit", "--seed", "1", "--json").json()
    assert len(recruit["heroes"]) == 7 and recruit["characters_left"] == 11
    claim = invoke("dm", "party", "claim", "Gems", "Gold", "--json").json()
    assert (claim["treasure_points"], claim["winner"]) == (30, None)
    win = invoke("dm", "party", "claim", "20", "--json").json()
    assert (win["treasure_points"], win["winner"]) == (50, "party")
    text = invoke("dm", "party", "show").stdout
    assert "The party has won; the game is closed." in text


def test_party_level_up_names_an_unknown_attribute_and_changes_nothing() -> None:
    invoke("dm", "party", "new", "--seed", "8")
    before = invoke("dm", "party", "show", "--json").json()["heroes"]
    hero = before[0]["name"]
    _one_line_error(
        invoke("dm", "party", "level-up", hero, "Lute"),
        "unknown attribute 'Lute' (attributes: sword, axe,",
    )
    assert invoke("dm", "party", "show", "--json").json()["heroes"] == before


def test_party_kill_random_is_seeded(tmp_path: Path) -> None:
    outcomes = []
    for name in ("a", "b"):
        state = str(tmp_path / f"{name}.sqlite3")
        invoke("dm", "party", "new", "--seed", "2", "--state", state)
        outcomes.append(
            invoke(
                "dm", "party", "kill", "--random", "2", "--seed", "6", "--state", state, "--json"
            ).json()["killed"]
        )
    assert outcomes[0] == outcomes[1] and len(outcomes[0]) == 2


def test_resolve_tracked_and_apply() -> None:
    invoke("dm", "party", "new", "--seed", "8")
    before = invoke("dm", "party", "show", "--json").json()
    preview = invoke(
        "dm", "resolve", "--tracked", "-c", "Goblins", "-t", "Gold", "--seed", "1", "--json"
    ).json()
    assert (
        invoke("dm", "party", "show", "--json").json()["heroes"] == before["heroes"]
    )  # nothing recorded
    applied = invoke(
        "dm", "resolve", "--apply", "-c", "Goblins", "-t", "Gold", "--seed", "1", "--json"
    ).json()
    assert applied["killed"] == preview["killed"] and applied["applied"] is True
    after = invoke("dm", "party", "show", "--json").json()
    dead = [h["name"] for h in after["heroes"] if not h["alive"]]
    assert sorted(dead) == sorted(applied["killed"])
    last = after["log"][-1]
    assert (last["action"], last["seed"]) == ("resolve", 1)
    assert last["text"] == (
        f"DM: Goblins; risking Gold → 2 against 1; killed {', '.join(applied['killed'])} "
        "at random; Gold lost"
    )
    assert last["event"]["fight"]["killed"] == applied["killed"]
    assert sorted(last["who"]) == sorted(applied["killed"])
    assert len(dead) == 2 and after["treasure_points"] == 0
    # The dead no longer fight: resolving again only sees the living.
    nxt = invoke("dm", "resolve", "--tracked", "-c", "Kobolds", "--lose", dead[0])
    _one_line_error(nxt, f"{dead[0]} is dead (fell on turn 1) and takes no part")


def test_resolve_tracked_refuses_a_party_list() -> None:
    invoke("dm", "party", "new", "--seed", "8")
    _one_line_error(
        invoke("dm", "resolve", "--tracked", "-p", "Wizard", "-c", "Orcs"),
        "--tracked uses the stored party",
    )


def test_party_show_without_a_party() -> None:
    _one_line_error(invoke("dm", "party", "show"), "no Dungeon Master party in")
    assert not Path(os.environ["COMPANION_STATE"]).exists()


def test_a_corrupt_state_file_is_reported_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "state.sqlite3"
    path.write_bytes(b"\x00garbage" * 50)
    for args in (["dm", "party", "show"], ["dm", "party", "new", "--seed", "1", "--replace"]):
        _one_line_error(
            invoke(*args, "--state", str(path)),
            "is not an SQLite database (damaged or another kind of file); it was left untouched",
        )
    assert path.read_bytes() == b"\x00garbage" * 50


def test_tracked_levels_count_in_the_next_fight() -> None:
    invoke("dm", "party", "new", "--seed", "8", "--keep", "Wizard,Cleric,Thief,Amazon,Dwarf,Elf")
    invoke("dm", "party", "level-up", "Wizard", "spell")
    data = invoke(
        "dm", "resolve", "--tracked", "-c", "Rats", "--play", "Wizard=Spell", "--json"
    ).json()
    assert data["plays"][0]["level"] == 5 and data["party_total"] == 9


def test_apply_refuses_a_finished_game() -> None:
    invoke("dm", "party", "new", "--seed", "8")
    invoke("dm", "party", "claim", "50")
    _one_line_error(
        invoke("dm", "resolve", "--apply", "-c", "Orcs"), "the game is over: the party won with 50"
    )
