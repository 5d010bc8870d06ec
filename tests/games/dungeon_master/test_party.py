"""The party across turns: setup (ten drawn, six kept), deaths, recoveries, levels, treasure."""

from __future__ import annotations

import random
import re

import pytest

from companion.errors import CompanionError
from companion.games.dungeon_master.party import (
    DRAWN,
    KEPT,
    Party,
    TrackedHero,
    auto_keep,
    draw_candidates,
    new_party,
    pick,
)
from tests.games.dungeon_master.helpers import catalog, run


def _drawn(seed: int = 1):  # type: ignore[no-untyped-def]
    return draw_candidates(catalog().characters(), random.Random(seed), seed=seed)


def test_setup_draws_ten_characters_keeps_six_discards_four() -> None:
    drawn = _drawn()
    assert (DRAWN, KEPT) == (10, 6)
    assert len(drawn.candidates) == 10 and len({c.id for c in drawn.candidates}) == 10
    assert len(drawn.rest) == 12
    party = new_party(drawn, rng=random.Random(1), seed=1)
    assert len(party.heroes) == 6
    assert len(party.discarded) == 4
    kept = {h.card_id for h in party.heroes}
    assert kept | set(party.discarded) == {c.id for c in drawn.candidates}
    assert set(party.deck) == {c.id for c in drawn.rest}


def test_same_seed_same_draw_and_same_automatic_choice() -> None:
    first = new_party(_drawn(42), rng=random.Random(42), seed=42)
    again = new_party(_drawn(42), rng=random.Random(42), seed=42)
    assert first == again
    others = {
        tuple(h.name for h in new_party(_drawn(s), rng=random.Random(s)).heroes) for s in range(6)
    }
    assert len(others) > 1


def test_keep_by_name_or_number() -> None:
    drawn = _drawn()
    names = [c.name for c in drawn.candidates]
    party = new_party(drawn, keep=[names[0].lower(), "2", "3", names[3], "5", "10"])
    assert [h.name for h in party.heroes] == [
        names[0],
        names[1],
        names[2],
        names[3],
        names[4],
        names[9],
    ]


@pytest.mark.parametrize(
    ("keep", "message"),
    [
        (["1", "2", "3"], "keep exactly 6 of the 10 characters drawn (got 3)"),
        (["1", "2", "3", "4", "5", "6", "7"], "keep exactly 6 of the 10 characters drawn (got 7)"),
        (["1", "1", "2", "3", "4", "5"], "is named twice"),
        (["11", "1", "2", "3", "4", "5"], "number 11 is not between 1 and 10"),
    ],
)
def test_keep_must_name_six_different_drawn_characters(keep: list[str], message: str) -> None:
    with pytest.raises(CompanionError, match=re.escape(message)):
        new_party(_drawn(), keep=keep)


def test_keep_rejects_a_character_not_drawn() -> None:
    drawn = _drawn()
    absent = drawn.rest[0].name
    with pytest.raises(CompanionError, match=f"'{absent}' is not among the characters drawn"):
        pick(drawn.candidates, [absent])


def test_auto_keep_keeps_the_draw_order() -> None:
    drawn = _drawn()
    kept = auto_keep(drawn.candidates, random.Random(3))
    positions = [drawn.candidates.index(c) for c in kept]
    assert positions == sorted(positions) and len(kept) == 6


def _party() -> Party:
    return new_party(_drawn(), keep=["1", "2", "3", "4", "5", "6"], seed=1)


def test_kill_and_revive() -> None:
    party = _party()
    name = party.heroes[2].name
    dead = party.kill(name)
    assert len(dead.living) == 5 and dead.dead[0].name == name
    with pytest.raises(CompanionError, match="is already dead"):
        dead.kill(name)
    with pytest.raises(CompanionError, match="only a dead hero can be brought back"):
        party.revive(name)
    assert dead.revive(name.upper()) == party


def test_every_hero_dead_means_the_dm_has_won() -> None:
    party = _party()
    for hero in party.heroes:
        party = party.kill(hero.name)
    assert party.winner == "dm"


def test_fifty_treasure_points_means_the_party_has_won() -> None:
    party = _party().add_points(45)
    assert party.winner is None
    assert party.add_points(5).winner == "party"
    with pytest.raises(CompanionError, match="cannot go below 0"):
        party.add_points(-50)


def test_level_up_adds_one_level_even_in_a_new_attribute() -> None:
    party = _party()
    hero = party.heroes[0]
    up = party.level_up(hero.name, "shield")
    assert up.hero(hero.name).levels["shield"] == hero.levels.get("shield", 0) + 1
    with pytest.raises(CompanionError, match="unknown attribute 'lute'"):
        party.level_up(hero.name, "lute")
    with pytest.raises(CompanionError, match=r"is dead \(fell on turn 0\) and cannot gain a level"):
        party.kill(hero.name).level_up(hero.name, "sword")


def test_recruit_takes_the_character_out_of_the_deck() -> None:
    party = _party()
    newcomer = next(c for c in catalog().characters() if c.id == party.deck[0])
    joined = party.recruit(newcomer)
    assert joined.heroes[-1].name == newcomer.name
    assert newcomer.id not in joined.deck
    with pytest.raises(CompanionError, match="already in the party"):
        joined.recruit(newcomer)


def test_unknown_hero_lists_the_party() -> None:
    with pytest.raises(CompanionError, match=r"no hero named 'Nobody' in the party \(party: "):
        _party().hero("Nobody")


def test_apply_records_an_encounter() -> None:
    party = Party(
        heroes=tuple(
            TrackedHero.from_card(catalog().hero(n)) for n in ("Barbarian", "Wizard", "Priest")
        ),
        deck=("knight", "monk"),
    ).begin_turn()
    result = run(
        ["Barbarian", "Wizard", "Priest"],
        {"creatures": ["Giants"]},
        ["Barbarian=Sword", "Heal:ability"],
        casualties=["Wizard", "Barbarian"],
        treasure_phase={
            "prisoners": ["Knight"],
            "experience": 1,
            "level_ups": [{"hero": "Knight", "attribute": "sword"}],
        },
    )
    after = party.apply(result, {c.name: c for c in catalog().characters()})
    assert (result.killed, result.recovered) == (
        ("Wizard",),
        ("Wizard",),
    )  # Giants 6 beat Sword 4 once
    assert [(h.name, h.alive) for h in after.heroes] == [
        ("Barbarian", True),
        ("Wizard", True),
        ("Priest", True),
        ("Knight", True),
    ]
    assert after.hero("Knight").levels["sword"] == 2
