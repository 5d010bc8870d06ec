"""A turn at the table: ``dm fight``, then ``dm treasure`` once the deaths are known; ``dm undo``; the log."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import companion.ui.render.words  # noqa: F401  (log lines are said as the CLI says them)
from companion.games.dungeon_master import tracker
from companion.games.dungeon_master.encounter_file import ResolveFlags
from companion.games.dungeon_master.store import PartyStore
from tests.conftest import CliResult, invoke
from tests.games.dungeon_master.helpers import catalog

KEEP = "wiz,cle,thi,ama,dw,elf"
"""Seed 8 draws Wizard, Cleric, Thief, Enchantress, Amazon, Dwarf, Elf, Monk, Barbarian, Magician."""


def _ok(*args: str, input: str = "") -> dict[str, Any]:
    result = invoke("dm", *args, "--json", input=input)
    assert result.exit_code == 0, result.stderr
    data: dict[str, Any] = result.json()
    return data


def _error(result: CliResult, fragment: str) -> None:
    assert result.exit_code == 2, result
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    assert fragment in result.stderr, result.stderr


def _party() -> dict[str, Any]:
    return _ok("party", "new", "--seed", "8", "--keep", KEEP)


def _state() -> dict[str, Any]:
    data = _ok("party", "show")
    data.pop("log")
    return data


# --------------------------------------------------------------------------- fight, then treasure


def test_fight_shows_totals_and_deaths_and_leaves_the_turn_open() -> None:
    _party()
    fight = _ok("fight", "orcs,trolls", "@throne", "ama=sword", "wiz=spell", "+gold", "--seed", "3")
    assert (fight["dm_total"], fight["party_total"]) == (11, 8)
    assert fight["turn"] == 1 and fight["open"] is True
    assert fight["killed"] == ["Cleric"] and fight["treasure_lost"] is True
    assert fight["tracked_party"]["open_turn"]["killed"] == ["Cleric"]
    dead = [h for h in fight["tracked_party"]["heroes"] if not h["alive"]]
    assert [(h["name"], h["fell_on"]) for h in dead] == [("Cleric", 1)]


def test_recovery_is_played_after_the_party_player_sees_who_died() -> None:
    _party()
    fight = _ok("fight", "orcs,goblins", "ama=sword", "--lose", "elf", "--seed", "1")
    assert fight["killed"] == ["Elf"]
    back = _ok("treasure", "heal:elf")
    assert back["recovered"] == ["Elf"]
    assert back["recoveries"] == [
        {
            "card": "Heal",
            "holder": "Cleric",
            "brought_back": "Elf",
            "effect": "brings back Elf",
            "kept": False,
        }
    ]
    assert all(h["alive"] for h in back["tracked_party"]["heroes"])
    assert back["tracked_party"]["open_turn"] is None


def test_recovery_brings_back_only_a_hero_killed_this_turn() -> None:
    _party()
    _ok("fight", "orcs,goblins", "ama=sword", "--lose", "elf", "--seed", "1")
    _ok("treasure")
    _ok("fight", "orcs,goblins", "ama=sword", "--lose", "thief", "--seed", "1")
    before = _state()
    _error(
        invoke("dm", "treasure", "heal:elf"),
        "Heal brings back a hero killed this turn, and Elf was not (this turn: Thief)",
    )
    assert _state() == before


def test_recovery_needs_a_living_hero_with_the_attribute_after_the_deaths() -> None:
    _party()
    _ok("fight", "orcs,goblins", "ama=sword", "--lose", "cleric", "--seed", "1")
    before = _state()
    _error(
        invoke("dm", "treasure", "heal"),
        "Heal cannot bring anyone back: no living hero has heal (Cleric fell this turn)",
    )
    assert _state() == before
    # The Dwarf still has Armor and Shield.
    assert _ok("treasure", "shield")["recovered"] == ["Cleric"]


def test_a_recovery_card_with_nobody_dead_is_refused() -> None:
    _party()
    _ok("fight", "kobolds", "ama=sword", "--seed", "1")
    _error(
        invoke("dm", "treasure", "heal"), "no hero fell this turn, so there is nobody to bring back"
    )


def test_recovery_a_hero_killed_by_hand_during_the_turn_was_killed_this_turn() -> None:
    """Heal/Shield/Armor "gain back any Hero killed this turn": a death recorded with
    ``party kill`` while the turn's treasure phase waits is one of them, and, as for any
    death, the treasure played that turn is discarded."""
    _party()
    _ok("fight", "kobolds", "ama=sword", "+gold", "--seed", "1")
    killed = _ok("party", "kill", "--random", "1", "--seed", "3")
    [fallen] = killed["killed"]
    assert killed["treasure_lost"] == ["Gold"] and "(Gold) is discarded" in killed["note"]
    assert killed["open_turn"]["killed"] == [fallen]
    back = _ok("treasure", f"armor:{fallen[:3]}")
    assert back["recovered"] == [fallen] and back["treasure_claimed"] == []
    assert all(h["alive"] for h in back["tracked_party"]["heroes"])
    # a hero brought back by hand is not "killed this turn" any more
    _ok("fight", "kobolds", "ama=sword", "--seed", "1")
    _ok("party", "kill", "thief")
    _ok("party", "revive", "thief")
    _error(invoke("dm", "treasure", "heal"), "no hero fell this turn")


def test_treasure_phase_claims_frees_a_prisoner_and_levels_up() -> None:
    _party()
    _ok("fight", "kobolds", "ama=sword", "+gold,magic", "--seed", "1")
    phase = _ok("treasure", "prisoner:ranger", "xp:wiz:spell", "magic:thief", "--seed", "5")
    assert phase["treasure_claimed"] == ["Gold", "Magic Items"] and phase["points_gained"] == 10
    assert phase["new_heroes"] == ["Ranger"]
    ups = [(u["source"], u["hero"], u["attribute"], u["roll"] is None) for u in phase["level_ups"]]
    assert ups[0][:2] == ("Magic Items", "Thief") and ups[0][3] is False  # attribute rolled
    assert ups[1] == ("Experience", "Wizard", "spell", True)
    party = phase["tracked_party"]
    assert party["treasure_points"] == 10 and party["treasure_cards"] == ["Gold", "Magic Items"]
    assert phase["seed"] == 5 and phase["log_entry"]["seed"] == 5


def test_the_dungeon_master_may_play_nothing_named_with_the_word_nothing() -> None:
    _party()
    fight = _ok("fight", "nothing", "@throne", "+gold", "--seed", "1")
    assert fight["killed"] == [] and fight["treasure_lost"] is False
    assert fight["tracked_party"]["open_turn"]["killed"] == []
    _ok("undo")
    _error(invoke("dm", "fight", "nothing,orcs"), "plays nothing or Orcs, not both")


def test_treasure_without_an_open_encounter_is_refused() -> None:
    _party()
    _error(invoke("dm", "treasure"), "no encounter is waiting for its treasure phase")


def test_a_new_fight_closes_an_open_turn_that_has_nothing_to_claim() -> None:
    _party()
    _ok("fight", "orcs,goblins", "ama=sword", "--lose", "elf", "--seed", "1")
    second = _ok("fight", "kobolds", "ama=sword", "--seed", "2")
    assert second["turn"] == 2 and second["closed_turn"]["turn"] == 1
    _error(invoke("dm", "treasure", "heal:elf"), "Elf was not (nobody fell this turn)")


def test_a_new_fight_waits_while_treasure_is_still_to_claim() -> None:
    _party()
    _ok("fight", "kobolds", "ama=sword", "+gold", "--seed", "1")
    _error(
        invoke("dm", "fight", "kobolds", "--seed", "2"),
        "turn 1 still has Gold to claim: run 'companion dm treasure' first",
    )


def test_a_win_closes_the_party() -> None:
    _party()
    _ok("party", "claim", "gems,gold,gold,silver")
    _ok("fight", "kobolds", "ama=sword", "+gold", "--seed", "1")
    won = _ok("treasure")
    assert won["winner"] == "party" and won["tracked_party"]["winner"] == "party"
    for args in (
        ("fight", "kobolds"),
        ("party", "kill", "wiz"),
        ("party", "claim", "silver"),
        ("party", "level-up"),
        ("party", "recruit"),
        ("resolve", "--apply", "-c", "orcs"),
    ):
        _error(invoke("dm", *args), "the game is over: the party won with 55 treasure points")
    # Undo reopens it.
    assert _ok("undo")["winner"] is None


def test_a_wiped_party_hands_the_game_to_the_dungeon_master() -> None:
    _party()
    fight = _ok("fight", "dragon", "--seed", "1")
    assert fight["winner"] == "dm" and fight["open"] is False
    _error(invoke("dm", "treasure"), "the game is over: every hero is dead")


def test_a_recovery_card_named_on_a_hero_is_kept_when_its_points_change_nothing() -> None:
    """FAQ 1 in the two-step turn: Cleric's 1 Armor point cannot stop 2 deaths, so it waits."""
    _party()
    fight = _ok("fight", "giants,trolls", "wiz=spell", "cle=armor", "--seed", "2")
    armor = next(p for p in fight["plays"] if p["card"] == "Armor")
    assert (armor["use"], armor["effect"]) == ("ability", "kept for the treasure phase")
    assert fight["held"] == ["Armor"] and len(fight["killed"]) == 2
    assert any(
        "its 1 point would make it 11 against 5, and still 2 heroes fall" in e
        for e in fight["events"]
    )


def test_heal_cannot_be_played_in_the_fight_for_its_ability() -> None:
    _party()
    _error(invoke("dm", "fight", "orcs", "=heal"), "play it with 'companion dm treasure heal:HERO'")


def test_fight_with_an_obstacle_needs_a_variant_party() -> None:
    _party()
    _error(invoke("dm", "fight", "portcullis"), "start one with 'companion dm party new --variant'")
    _ok("party", "new", "--seed", "8", "--keep", KEEP, "--variant", "--replace")
    fight = _ok("fight", "portcullis", "ama=sword", "+gold", "--seed", "1")
    assert fight["obstacle"] == "lost" and fight["killed"] == []


# --------------------------------------------------------------------------- seeds


def test_every_random_choice_prints_and_logs_its_own_seed() -> None:
    _party()
    fight = _ok("fight", "orcs,trolls", "ama=sword")
    assert fight["seed"] == fight["log_entry"]["seed"] and fight["seed"] is not None
    killed = _ok("party", "kill", "--random", "1")
    assert killed["seed"] == killed["log_entry"]["seed"] and killed["seed"] != 8
    up = _ok("party", "level-up")
    assert up["seed"] == up["log_entry"]["seed"]
    joined = _ok("party", "recruit")
    assert joined["seed"] == joined["log_entry"]["seed"]
    assert joined["party_seed"] == 8  # the party's own seed keeps its own name
    text = invoke("dm", "party", "level-up", "--seed", "77").stdout
    assert "seed 77" in text
    alive = next(h["name"] for h in joined["heroes"] if h["alive"])
    named = _ok("party", "level-up", alive, "bow")
    assert named["seed"] is None and named["log_entry"]["seed"] is None


def test_the_same_seed_replays_a_fight(tmp_path: Path) -> None:
    outcomes = []
    for name in ("a", "b"):
        state = str(tmp_path / f"{name}.sqlite3")
        _ok("party", "new", "--seed", "8", "--keep", KEEP, "--state", state)
        fight = _ok("fight", "giants,trolls", "ama=sword", "--seed", "41", "--state", state)
        outcomes.append(fight["killed"])
    assert outcomes[0] == outcomes[1] and len(outcomes[0]) == 2


@pytest.mark.parametrize("seed", ["-1", str(2**64), str(10**30)])
def test_seeds_outside_0_to_2_64_are_refused_in_one_line(seed: str) -> None:
    _error(invoke("dm", "party", "new", "--seed", seed), "is out of range (0 to 1844")
    assert not Path(os.environ["COMPANION_STATE"]).exists()


def test_a_seed_above_2_63_is_kept_exactly() -> None:
    big = str(2**64 - 1)
    party = _ok("party", "new", "--seed", big)
    assert party["seed"] == 2**64 - 1 and party["party_seed"] == 2**64 - 1
    assert _ok("party", "show")["party_seed"] == 2**64 - 1
    fight = _ok("fight", "orcs", "--seed", big)
    assert fight["log_entry"]["seed"] == 2**64 - 1


# --------------------------------------------------------------------------- undo and the log


def test_undo_takes_back_each_kind_of_change() -> None:
    _party()
    steps: list[tuple[str, ...]] = [
        ("fight", "orcs,goblins", "ama=sword", "+gold", "--lose", "elf", "--seed", "1"),
        ("treasure", "heal:elf", "xp"),
        ("party", "kill", "thief"),
        ("party", "level-up", "wiz", "bow"),
        ("party", "recruit", "ranger"),
        ("party", "claim", "silver"),
        ("party", "level-down", "wiz", "bow"),
        ("party", "dismiss", "ranger"),
    ]
    for step in steps:
        before = _state()
        _ok(*step)
        assert _state() != before, step
        undone = _ok("undo")
        assert undone["undone"]["action"] in step[0] + step[1], step
        assert _state() == before, step
        _ok(*step)  # and play it for real before the next step


def test_undo_goes_back_step_by_step_and_is_logged() -> None:
    _party()
    start = _state()
    _ok("party", "kill", "thief")
    _ok("party", "claim", "gold")
    assert _ok("undo")["undone"]["action"] == "claim"
    assert _ok("undo")["undone"]["action"] == "kill"
    assert _state() == start
    _error(invoke("dm", "undo"), "nothing to undo")
    log = _ok("party", "log")["log"]
    assert [e["action"] for e in log] == ["new", "kill", "claim", "undo", "undo"]
    assert [e["undone"] for e in log] == [False, True, True, False, False]
    assert log[3]["undoes"] == log[2]["seq"]


def test_undo_without_a_party_creates_no_state_file() -> None:
    _error(invoke("dm", "undo"), "no Dungeon Master party in")
    assert not Path(os.environ["COMPANION_STATE"]).exists()


def test_the_log_tells_who_what_the_result_and_the_seed() -> None:
    _party()
    _ok("fight", "orcs,trolls", "@throne", "ama=sword", "wiz=spell", "+gold", "--seed", "3")
    _ok("treasure", "shield:cleric")
    _ok("party", "level-up", "wiz", "--seed", "5")
    shown = _ok("party", "show")["log"]
    fight, treasure, level = shown[-3:]
    assert (fight["turn"], fight["who"], fight["seed"]) == (1, ["Cleric"], 3)
    assert fight["text"] == (
        "DM: Orcs, Trolls, Throne Room; Sword on Amazon, Spell on Wizard; risking Gold"
        " → 11 against 8; killed Cleric at random; Gold lost"
    )
    assert (fight["event"]["killed"], fight["event"]["named"]) == (["Cleric"], [])
    # the Cleric fell, so the Dwarf's Shield brought her back
    assert (treasure["who"], treasure["text"]) == (
        ["Cleric"],
        "Shield (Dwarf) for Cleric → Cleric back",
    )
    assert level["who"] == ["Wizard"] and level["seed"] == 5
    text = " ".join(invoke("dm", "party", "log").stdout.split())
    assert "turn 1 · fight · DM: Orcs, Trolls, Throne Room" in text and "(seed 3)" in text
    assert "Log" in invoke("dm", "party", "show").stdout


def test_the_log_keeps_full_names_not_what_was_typed() -> None:
    """The log tells the game: hero and card names in full, whatever prefix was typed."""
    _party()
    _ok("fight", "gia,tro", "@thr", "ama=sw", "wiz=sp", "+sil,magic", "--seed", "3")
    _ok("treasure", "shield:cle", "xp:wiz:spell", "pris:ran", "--seed", "4")
    _ok("party", "kill", "thi")
    _ok("party", "revive", "thi", "--card", "arm")
    log = _ok("party", "log")["log"]
    treasure, _, revive = log[-3:]
    assert treasure["text"].startswith(
        "Prisoner (Ranger), Shield (Dwarf) for Cleric, Experience for Wizard (spell) → "
    )
    assert revive["text"] == "brought back Thief with Armor → 7 alive"  # Ranger joined
    text = invoke("dm", "party", "log").stdout
    assert "shield:cle" not in text and "Shield (Dwarf) for Cleric" in text


# --------------------------------------------------------------------------- the two paths agree

HEROES = ["Wizard", "Cleric", "Thief", "Amazon", "Dwarf", "Elf"]
CARDS = {
    "Wizard": "Spell",
    "Cleric": "Bless",
    "Thief": "Dagger",
    "Amazon": "Sword",
    "Dwarf": "Axe",
    "Elf": "Bow",
}
MELDS = {
    "undead": ["Skeletons", "Zombies", "Ghouls", "Mummies"],
    "goblinkin": ["Kobolds", "Goblins", "Orcs", "Trolls", "Giants"],
    "swarm": ["Rats", "Bats", "Spiders", "Wasps"],
}


def _store(path: Path) -> PartyStore:
    store = PartyStore(path)
    drawn = tracker.draw(catalog(), 8)
    tracker.form_party(store, drawn, KEEP.split(","))
    return store


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    kind=st.sampled_from(sorted(MELDS)),
    picks=st.lists(st.integers(0, 3), min_size=1, max_size=3, unique=True),
    players=st.lists(st.sampled_from(HEROES), unique=True, max_size=4),
    order=st.permutations(HEROES),
    treasures=st.lists(st.sampled_from(["Gold", "Silver", "Magic Items"]), unique=True),
    experience=st.booleans(),
    prisoner=st.sampled_from([None, "Ranger", "Knight"]),
)
def test_fight_then_treasure_leaves_the_party_as_resolve_apply_does(
    tmp_path_factory: pytest.TempPathFactory,
    kind: str,
    picks: list[int],
    players: list[str],
    order: list[str],
    treasures: list[str],
    experience: bool,
    prisoner: str | None,
) -> None:
    """Two ways to play a turn, one result: with every chance named, the parties end up equal."""
    assume(len(players) + len(treasures) + bool(prisoner) + experience <= 8)  # a hand holds 8
    folder = tmp_path_factory.mktemp("paths")
    creatures = [MELDS[kind][i] for i in picks]
    last = order[-1]  # the last to fall: alive unless the whole party is
    levels = [f"{last}:bow"] * (("Magic Items" in treasures) + experience)
    one = _store(folder / "one.sqlite3")
    flags = ResolveFlags(
        creatures=creatures,
        treasure=treasures,
        play=[f"{h}={CARDS[h]}" for h in players],
        lose=order,
        prisoner=[prisoner] if prisoner else [],
        experience=int(experience),
        level_up=levels,
        tracked=True,
        seed=1,
    )
    tracker.resolve_encounter(catalog(), tracker.encounter_spec(None, None, flags), one, apply=True)

    two = _store(folder / "two.sqlite3")
    words = [",".join(creatures), *(f"{h}={CARDS[h]}" for h in players)]
    words += [f"+{t}" for t in treasures]
    fought = tracker.fight(two, catalog(), words, lose=order, seed=1)
    if not fought.fight.wiped:
        cards = [f"prisoner:{prisoner}"] if prisoner else []
        if "Magic Items" in treasures and not fought.fight.treasure_lost:
            cards.append(f"magic:{last}:bow")
        if experience:
            cards.append(f"xp:{last}:bow")
        tracker.treasure(two, catalog(), cards)
    a, b = one.require(), two.require()
    assert (a.heroes, a.treasure_points, a.claimed, a.deck, a.turn) == (
        b.heroes,
        b.treasure_points,
        b.claimed,
        b.deck,
        b.turn,
    )


def test_cards_spent_in_the_fight_count_against_the_deck_in_the_treasure_phase() -> None:
    _party()
    # Two of the three Armor cards go for points: one is left for the treasure phase.
    fight = _ok(
        "fight",
        "orcs,goblins",
        "cle=armor:fight",
        "dw=armor:fight",
        "--lose",
        "elf",
        "--seed",
        "1",
    )
    assert fight["held"] == []
    _ok("treasure", "armor:elf")  # the third Armor of the deck
    _ok("undo")
    _error(
        invoke("dm", "treasure", "armor:elf", "armor"),
        "4 Armor cards this turn (2 played in the fight), but the deck holds 3",
    )
