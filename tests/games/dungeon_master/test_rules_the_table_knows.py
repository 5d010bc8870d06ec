"""Rules the table knows and enforces (issue 30): each test is named after its rule.

A hand holds 8; each hero falls once; a pile of 50 has already won; the
variant is one fact wherever it is named; a single name is a list of one; a
saved party with a hero it cannot read is damage, never read as something else.
"""

from __future__ import annotations

import contextlib
import io
import json
import sqlite3
import sys
from pathlib import Path
from typing import Any

import pytest

import companion.ui.render.words  # noqa: F401  (log lines are said as the CLI says them)
from companion.cli.app import run as run_cli
from companion.errors import CompanionError
from companion.games.dungeon_master.party import Party, TrackedHero
from companion.games.dungeon_master.store import PartyStore
from tests.conftest import CliResult, invoke
from tests.games.dungeon_master.helpers import SIX, run

KEEP = "wiz,cle,thi,ama,dw,elf"


def _ok(*args: str) -> dict[str, Any]:
    result = invoke("dm", *args, "--json")
    assert result.exit_code == 0, result.stderr
    data: dict[str, Any] = result.json()
    return data


def _refused(result: CliResult, *fragments: str) -> None:
    assert result.exit_code == 2, result
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    for fragment in fragments:
        assert fragment in result.stderr, result.stderr


HAND_RULE = (
    "but a hand holds 8: the draw phase fills it to 8 and nothing is drawn later in the turn"
)

# --------------------------------------------------------------------------- a hand holds 8


def test_a_hand_holds_8_so_resolve_refuses_a_dungeon_master_turn_of_10_cards() -> None:
    """Nine Goblinkin and a room are in the deck, but not in one hand."""
    nine = "orcs,orcs,gob,gob,kob,kob,ogres,trolls,giants"
    _refused(
        invoke("dm", "resolve", "-p", "barb,wiz", "-c", nine, "--room", "throne"),
        "10 Dungeon Master cards in one turn (9 creatures, 1 room)",
        HAND_RULE,
    )
    eight = "orcs,orcs,gob,gob,kob,kob,ogres,trolls"
    assert _ok("resolve", "-p", "barb,wiz", "-c", eight, "--seed", "1")["dm_total"] == 21


def test_a_hand_holds_8_so_resolve_refuses_a_party_turn_of_15_cards() -> None:
    """The issue's turn: 6 attribute cards, 4 treasures, 2 Secret Passages, a Prisoner and
    2 Experience would win 45 points at once."""
    args = [
        "resolve",
        "-p",
        "barb,wiz,half,dw,priest,archer",
        "-c",
        "orcs,gob,kob",
        "--room",
        "armory",
    ]
    args += ["--play", "barb=sword,wiz=spell,half=dagger,dw=axe,priest=bless,archer=bow"]
    args += ["-t", "gold,gold,gems,magic", "--secret-passage", "kob,armory"]
    args += ["--prisoner", "random", "--experience", "2"]
    _refused(
        invoke("dm", *args),
        "15 party cards in one turn (4 treasure cards, 2 Secret Passages, 6 attribute cards, "
        "1 Prisoner, 2 Experience cards)",
        HAND_RULE,
    )


def test_a_hand_of_exactly_8_cards_is_played() -> None:
    result = run(
        SIX,
        {"creatures": ["Orcs", "Goblins"]},
        ["Barbarian=Sword", "Wizard=Spell", "Halfling=Dagger", "Dwarf=Axe"],
        treasures=["Gold", "Silver"],
        treasure_phase={"experience": 2},
    )
    assert result.killed == () and len(result.level_ups) == 2


# --------------------------------------------------------------------------- smaller rules


def test_each_hero_falls_once_so_lose_names_a_hero_once() -> None:
    _refused(
        invoke("dm", "resolve", "-p", "barb,wiz", "-c", "orcs", "--lose", "wiz,wiz,wizard"),
        "Wizard is named 3 times among the heroes to lose first: a hero falls once",
    )
    _ok("party", "new", "--seed", "8", "--keep", KEEP)
    _refused(
        invoke("dm", "fight", "giants", "--lose", "elf,thief,el"),
        "Elf is named 2 times among the heroes to lose first",
    )
    with pytest.raises(CompanionError, match="Priest is named 2 times among the heroes to bring"):
        run(
            SIX,
            {"creatures": ["Giants"]},
            ["Heal:ability"],
            treasure_phase={"revive": ["pri", "Priest"]},
        )


def test_a_pile_of_50_has_already_won_so_points_60_names_the_winner() -> None:
    _refused(
        invoke("dm", "resolve", "-p", "barb", "-c", "kobolds", "--points", "60"),
        "a treasure pile of 60 points has already won the game for the party (50 or more wins",
    )
    won = _ok(
        "resolve", "-p", "barb", "-c", "kobolds", "-t", "gold", "--points", "45", "--seed", "1"
    )
    assert (won["treasure_points"], won["winner"]) == (55, "party")


def test_a_single_creature_given_as_a_string_is_a_meld_of_one(tmp_path: Path) -> None:
    """As a single treasure already was: one name where a list goes is a list of one."""
    one = tmp_path / "one.yaml"
    one.write_text(
        "party: Barbarian\ndm: {creatures: Orcs}\ntreasures: Gold\n"
        "plays: {hero: Barbarian, card: Sword}\ncasualties: Barbarian\n"
        "treasure_phase: {prisoners: random, revive: Barbarian}\nseed: 1\n"
    )
    listed = tmp_path / "listed.yaml"
    listed.write_text(
        "party: [Barbarian]\ndm: {creatures: [Orcs]}\ntreasures: [Gold]\n"
        "plays: [{hero: Barbarian, card: Sword}]\ncasualties: [Barbarian]\n"
        "treasure_phase: {prisoners: [random], revive: [Barbarian]}\nseed: 1\n"
    )
    _refused(invoke("dm", "resolve", str(one)), "no Heal, Shield or Armor card is played")
    one.write_text(one.read_text().replace(", revive: Barbarian", ""))
    listed.write_text(listed.read_text().replace(", revive: [Barbarian]", ""))
    assert _ok("resolve", str(one)) == _ok("resolve", str(listed))
    assert _ok("resolve", str(one))["dm_parts"] == [{"card": "Orcs", "fight": 3}]


def test_the_encounter_file_and_the_flags_agree_on_the_variant(tmp_path: Path) -> None:
    """An obstacle is a variant card wherever it is named: in the file, as with --obstacle,
    it turns the variant on; a file saying 'variant: false' beside one contradicts itself."""
    turn = tmp_path / "turn.yaml"
    turn.write_text("party: [Halfling]\ndm: {obstacle: Portcullis}\nseed: 1\n")
    by_flag = _ok("resolve", "-p", "halfling", "--obstacle", "portc", "--seed", "1")
    assert _ok("resolve", str(turn)) == by_flag and by_flag["obstacle"] == "lost"
    turn.write_text("party: [Halfling]\nvariant: false\ndm: {obstacle: Portcullis}\n")
    _refused(
        invoke("dm", "resolve", str(turn)),
        "variant: cannot be false while dm.obstacle names Portcullis",
    )


def test_a_tracked_party_plays_the_variant_it_was_formed_with() -> None:
    """The kept party's variant is the one fact: --obstacle or --variant cannot switch it on
    for one turn (an obstacle once slipped into a game without the variant)."""
    _ok("party", "new", "--seed", "8", "--keep", KEEP)
    without = "this party plays without the Obstacles variant"
    _refused(
        invoke("dm", "resolve", "--apply", "--obstacle", "portc"),
        "Portcullis is an Obstacle",
        without,
    )
    _refused(
        invoke("dm", "resolve", "--tracked", "-c", "orcs", "--variant"), "--variant asks", without
    )
    _refused(invoke("dm", "fight", "portcullis"), without)
    assert [e["action"] for e in _ok("party", "log")["log"]] == ["new"]


# --------------------------------------------------------------------------- damaged party rows


def _saved(tmp_path: Path) -> Path:
    path = tmp_path / "s.sqlite3"
    party = Party(heroes=(TrackedHero("Wizard", "wizard", {"spell": 4}),), deck=("monk",))
    PartyStore(path).create(party, replace=False)
    return path


@pytest.mark.parametrize(
    ("levels", "why"),
    [
        ({"spell": 4, "fire": 2}, "Wizard has an unknown attribute 'fire'"),
        ({"spell": 0}, "Wizard has spell level 0, not 1 or more"),
        ({}, "Wizard has no attribute levels"),
    ],
)
def test_a_saved_hero_with_levels_the_game_has_not_is_damage(
    tmp_path: Path, levels: dict[str, int], why: str
) -> None:
    path = _saved(tmp_path)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE dm_heroes SET levels = ?", (json.dumps(levels),))
    before = path.read_bytes()
    with pytest.raises(CompanionError, match=f"the saved party is damaged \\({why}\\)"):
        PartyStore(path).load()
    result = invoke("dm", "party", "show", "--state", str(path))
    _refused(result, "the saved party is damaged", why)
    assert path.read_bytes() == before


def test_a_saved_party_of_no_heroes_is_damage_not_a_game_still_playing(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    with sqlite3.connect(path) as conn:
        conn.execute("DELETE FROM dm_heroes")
    for args in (("party", "show"), ("fight", "orcs"), ("undo",)):
        _refused(
            invoke("dm", *args, "--state", str(path)),
            "the saved party is damaged (the party has no heroes)",
        )


def test_an_undo_snapshot_with_an_unknown_attribute_is_damage(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    invoke("dm", "party", "claim", "silver", "--state", str(path))
    with sqlite3.connect(path) as conn:
        (before,) = conn.execute("SELECT before FROM dm_log WHERE action = 'claim'").fetchone()
        state = json.loads(before)
        state["heroes"][0]["levels"] = {"fire": 1}
        conn.execute("UPDATE dm_log SET before = ? WHERE action = 'claim'", (json.dumps(state),))
    _refused(invoke("dm", "undo", "--state", str(path)), "Wizard has an unknown attribute 'fire'")
    assert _ok("party", "show", "--state", str(path))["treasure_points"] == 5


# --------------------------------------------------------------------------- the open turn


def _party() -> None:
    _ok("party", "new", "--seed", "8", "--keep", KEEP)


def _kept_armor(*lose: str) -> dict[str, Any]:
    """Cleric's Armor cannot stop two deaths, so the fight keeps it for the treasure phase."""
    _party()
    more = ["--lose", ",".join(lose)] if lose else []
    fight = _ok("fight", "giants,trolls", "wiz=spell", "cle=armor", *more, "--seed", "2")
    assert fight["held"] == ["Armor"] and len(fight["killed"]) == 2
    return fight


def test_a_hand_holds_8_across_the_fight_and_the_treasure_phase() -> None:
    """The open turn knows the six cards of the fight: two more fit, three do not."""
    _party()
    _ok("fight", "kobolds", "ama=sw", "wiz=sp", "cle=bl", "dw=ax", "+gold,silver", "--seed", "1")
    _refused(
        invoke("dm", "treasure", "prisoner", "xp", "xp"),
        "9 party cards in one turn (6 in the fight, 1 Prisoner, 2 Experience cards)",
        HAND_RULE,
    )
    assert _ok("treasure", "prisoner", "xp", "--seed", "3")["treasure_claimed"] == [
        "Gold",
        "Silver",
    ]


def test_a_hand_holds_8_and_a_kept_card_is_one_of_them_once() -> None:
    _party()
    fight = _ok("fight", "giants,trolls", "wiz=sp", "cle=armor", "+gold,silver,gems", "--seed", "2")
    assert fight["held"] == ["Armor"] and fight["tracked_party"]["open_turn"]["hand"] == 5
    # the kept Armor named again is that card: 5 + Prisoner + 2 Experience = 8
    _ok("treasure", "armor:wiz", "prisoner", "xp", "xp", "--seed", "4")
    _ok("undo")
    _refused(
        invoke("dm", "treasure", "armor:wiz", "shield", "prisoner", "xp", "xp"), "9 party cards"
    )


def test_the_kept_card_is_used_by_a_plain_treasure_phase_and_next_names_it() -> None:
    fight = _kept_armor("elf", "wiz")
    assert fight["waiting"] == {
        "turn": 1,
        "treasure": [],
        "kept": [{"card": "Armor", "holder": "Cleric"}],
        "fallen": ["Elf", "Wizard"],
    }
    _ok("undo")
    text = invoke(
        "dm", "fight", "giants,trolls", "wiz=spell", "cle=armor", "--lose", "elf,wiz", "--seed", "2"
    )
    assert "plays the kept Armor (Cleric) for Elf or Wizard (armor:HERO says whom)" in " ".join(
        text.stdout.split()
    )
    phase = _ok("treasure")
    assert phase["recovered"] == ["Elf"]
    assert phase["recoveries"][0] | {"effect": ""} == {
        "card": "Armor",
        "holder": "Cleric",
        "brought_back": "Elf",
        "effect": "",
        "kept": True,
    }


def test_the_kept_card_named_in_the_treasure_phase_is_that_card() -> None:
    _kept_armor("elf", "wiz")
    phase = _ok("treasure", "armor:wiz")
    assert phase["recovered"] == ["Wizard"] and len(phase["recoveries"]) == 1
    assert phase["recoveries"][0]["holder"] == "Cleric"


def test_a_kept_card_stays_in_hand_when_no_living_hero_has_its_attribute() -> None:
    """Cleric and Dwarf, the two with Armor, fell: the kept Armor cannot work, and the
    treasure phase says so instead of refusing the turn."""
    fight = _kept_armor("cle", "dw")
    assert fight["waiting"] is None
    phase = _ok("treasure")
    assert phase["recovered"] == []
    assert any("Armor, kept in the fight, stays in hand" in e for e in phase["events"])


def test_a_turn_is_not_closed_over_a_hero_who_can_still_be_saved() -> None:
    _kept_armor("elf", "wiz")
    before = _ok("party", "show")["log"]
    _refused(
        invoke("dm", "fight", "orcs"),
        "turn 1 kept Armor (Cleric) to bring back Elf or Wizard: "
        "run 'companion dm treasure armor:HERO' first",
    )
    _ok("party", "revive", "wiz")  # one left to save: a plain treasure phase saves her
    _refused(
        invoke("dm", "fight", "orcs"),
        "turn 1 kept Armor (Cleric) to bring back Elf: run 'companion dm treasure' first, "
        "which plays the kept card",
    )
    assert len(_ok("party", "show")["log"]) == len(before) + 1


def test_a_turn_whose_kept_card_cannot_work_closes_by_itself() -> None:
    _kept_armor("cle", "dw")
    second = _ok("fight", "kobolds", "ama=sw", "--seed", "3")
    assert second["turn"] == 2 and second["closed_turn"]["recovered"] == []


def test_a_new_fight_plays_the_waiting_treasure_phase_the_player_agreed_to() -> None:
    """At the prompt the player answers for the last turn; its treasure phase is its own
    line of the log, before the fight, and undone after it."""
    _kept_armor("elf", "wiz")
    fight = _ok_close(["armor:wiz"], "kobolds", "ama=sw")
    assert fight["closed_turn"]["recovered"] == ["Wizard"] and fight["turn"] == 2
    log = _ok("party", "log")["log"]
    assert [e["action"] for e in log[-3:]] == ["fight", "treasure", "fight"]
    assert _ok("undo")["undone"]["action"] == "fight"
    assert _ok("undo")["undone"]["action"] == "treasure"
    assert _ok("party", "show")["open_turn"]["kept"] == [{"card": "Armor", "holder": "Cleric"}]


def _ok_close(close: list[str], *words: str) -> dict[str, Any]:
    from companion.games.dungeon_master import tracker
    from companion.games.dungeon_master.catalog import Catalog
    from companion.paths import state_path

    store = PartyStore(state_path(None))
    report = tracker.fight(store, Catalog.load(), list(words), seed=3, close=close)
    data: dict[str, Any] = report.to_json()
    return data


class _Terminal(io.StringIO):
    def isatty(self) -> bool:  # a player typing at the prompt
        return True


def _at_terminal(*args: str, answers: str) -> CliResult:
    """``companion dm ARGS`` with the answers typed at its prompts."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = _Terminal(answers)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = run_cli(["dm", *args])
    finally:
        sys.stdin = saved
    return CliResult(code, out.getvalue(), err.getvalue())


def test_at_the_prompt_a_new_fight_asks_and_plays_the_kept_card_first() -> None:
    _kept_armor("elf", "wiz")
    result = _at_terminal("fight", "kobolds", "ama=sw", "--seed", "3", answers="\nwiz\n")
    assert result.exit_code == 0, result.stderr
    said = " ".join(result.stdout.split())
    assert "Turn 1 kept Armor (Cleric) to bring back Elf or Wizard." in said
    assert "Play the treasure phase of turn 1 first? [Y/n]" in said
    assert "Armor (Cleric) brings back whom? Elf or Wizard [Elf]:" in said
    assert "Turn 1 closed: Armor (Cleric) brought back Wizard." in said
    assert _ok("party", "show")["turn"] == 2


def test_at_the_prompt_no_leaves_the_fight_refused_and_nothing_written() -> None:
    _kept_armor("elf", "wiz")
    before = _ok("party", "show")
    result = _at_terminal("fight", "kobolds", "--seed", "3", answers="n\n")
    _refused(result, "run 'companion dm treasure armor:HERO' first")
    assert _ok("party", "show") == before


def test_at_the_prompt_a_plain_treasure_phase_asks_whom_the_kept_card_brings_back() -> None:
    _kept_armor("elf", "wiz")
    result = _at_terminal("treasure", "--json", answers="wizard\n")
    assert result.exit_code == 0, result.stderr
    assert "brings back whom? Elf or Wizard [Elf]:" in result.stderr  # prompts stay off --json
    assert json.loads(result.stdout)["recovered"] == ["Wizard"]


# --------------------------------------------------------------------------- the log tells who


def _log() -> list[dict[str, Any]]:
    log: list[dict[str, Any]] = _ok("party", "log")["log"]
    return log


def test_the_log_tells_the_lose_choice_apart_from_chance() -> None:
    _kept_armor("elf")
    fight = _log()[-1]
    assert (fight["event"]["killed"], fight["event"]["named"]) == (["Elf", "Wizard"], ["Elf"])
    assert "killed Elf as named, then Wizard at random" in fight["text"]


def test_the_log_tells_who_played_the_stealth() -> None:
    _party()
    _ok("fight", "spiked", "thi=st", "+silver", "--seed", "1")
    _ok("treasure")
    _ok("fight", "scythe", "=st", "--seed", "1")
    on_thief, _, on_nobody = _log()[-3:]
    assert "Stealth on Thief cancels Spiked Pit" in on_thief["text"]
    assert on_thief["event"]["plays"] == [
        {
            "card": "Stealth",
            "holder": "Thief",
            "use": "ability",
            "points": None,
            "cancels": "Spiked Pit",
        }
    ]
    assert "Stealth cancels Scythe" in on_nobody["text"]


def test_the_log_tells_who_held_each_recovery_card_and_whom_it_brought_back() -> None:
    """The docs promise ``Shield (Cleric)``: the hero who held the attribute; then whom the
    card brought back, and a card kept in the fight as kept."""
    _kept_armor("elf", "wiz")
    _ok("treasure", "shield:elf")  # the Cleric holds Shield too; the kept Armor saves the Wizard
    fight, treasure = _log()[-2:]
    assert "Spell on Wizard, Armor on Cleric kept for the treasure phase" in fight["text"]
    assert (
        treasure["text"] == "Shield (Cleric) for Elf, Armor (Cleric) for Wizard → Elf, Wizard back"
    )
    assert treasure["event"]["recoveries"] == [
        {"card": "Shield", "holder": "Cleric", "hero": "Elf", "kept": False},
        {"card": "Armor", "holder": "Cleric", "hero": "Wizard", "kept": True},
    ]


def test_every_log_event_has_its_words_and_reads_back_as_itself() -> None:
    from companion.events import event_kinds, read_event
    from companion.games.dungeon_master import events as E
    from companion.ui.render.words import said_kinds

    kinds = {k for k in event_kinds() if k.startswith("dm-")}
    assert kinds and kinds <= said_kinds()
    fought = E.TurnFought(dm=("Orcs",), plays=(E.CardUse("Sword", "Amazon", "fight", 4),))
    undone = E.ChangeUndone(
        2, "resolve", E.TurnResolved(fought, E.TreasurePlayed(claimed=("Gold",)))
    )
    assert read_event(undone.fields_json()) == undone


def test_a_log_line_written_before_typed_events_reads_as_it_was(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    with sqlite3.connect(path) as conn:
        conn.execute(
            "INSERT INTO dm_log (at, event, turn, action, result) "
            "VALUES ('then', 'DM: Orcs', 1, 'fight', 'nobody killed')"
        )
    [_, old] = PartyStore(path).log()
    assert old.line() == "turn 1 · fight · DM: Orcs → nobody killed"
    assert old.to_json()["event"] == {
        "event": "dm-logged",
        "action": "fight",
        "what": "DM: Orcs",
        "result": "nobody killed",
    }


def test_a_damaged_log_event_is_a_one_line_error(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    with sqlite3.connect(path) as conn:
        conn.execute('UPDATE dm_log SET record = \'{"event": "dm-fight", "dm": 3}\'')
    _refused(
        invoke("dm", "party", "log", "--state", str(path)),
        "log entry #1 is damaged (dm-fight.dm: expected a list, got 3)",
    )


def test_an_open_turn_saved_before_kept_cards_had_holders_still_plays_its_card() -> None:
    """A state file of schema 2 keeps the kept cards as names only, and no hand count."""
    from companion.paths import state_path

    _kept_armor("elf", "wiz")
    path = state_path(None)
    with sqlite3.connect(path) as conn:
        (saved,) = conn.execute("SELECT open_turn FROM dm_party").fetchone()
        old = json.loads(saved)
        old["held"] = [k["card"] for k in old.pop("kept")]
        del old["hand"]
        conn.execute("UPDATE dm_party SET open_turn = ?", (json.dumps(old),))
    assert _ok("party", "show")["open_turn"]["hand"] == 2  # counted again: Spell and the Armor
    phase = _ok("treasure")
    assert phase["recovered"] == ["Elf"] and phase["recoveries"][0]["holder"] == "Cleric"
