"""Blind structures: the rulebooks' numbers, user files and their errors."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from companion.timer.structure import (
    Break,
    Level,
    StructureError,
    builtin_names,
    load_structure,
    parse_structure,
)

DP_LEVELS = [100, 200, 300, 500, 600, 700, 800, 900, 1000, 1500]
DP_SOUL_GEMS = {500: 1, 800: 1, 1500: 1}


def test_dungeon_poker_levels_are_the_ten_level_cards() -> None:
    """Rulebook, 'Blind bet levels': 100 ... 1500, with +1 soul gem at 500, 800 and 1500."""
    s = load_structure("dungeon-poker")
    assert [lv.blind for lv in s.levels] == DP_LEVELS
    assert {lv.blind: lv.soul_gems for lv in s.levels if lv.soul_gems} == DP_SOUL_GEMS
    assert s.deals_per_level == 5 and s.minutes is None


def test_past_the_tenth_level_card_each_level_adds_500_to_the_blind() -> None:
    s = load_structure("dungeon-poker")
    assert [s.level(n).blind for n in range(10, 15)] == [1500, 2000, 2500, 3000, 3500]  # type: ignore[union-attr]
    assert s.level(11).soul_gems == 0 and s.level(11).continued  # type: ignore[union-attr]


def test_the_first_level_is_played_without_an_encounter_card() -> None:
    s = load_structure("dungeon-poker")
    assert not s.level(1).encounter  # type: ignore[union-attr]
    assert all(s.level(n).encounter for n in range(2, 20))  # type: ignore[union-attr]


def test_shorter_game_removes_200_600_800_and_900() -> None:
    """Rulebook, 'Shorter game': 100 - 300 - 500 - 700 - 1000 - 1500, then +500 every five deals."""
    s = load_structure("dungeon-poker-short")
    assert [lv.blind for lv in s.levels] == [100, 300, 500, 700, 1000, 1500]
    assert [s.level(n).blind for n in (7, 8)] == [2000, 2500]  # type: ignore[union-attr]
    assert s.deals_per_level == 5 and s.level(7).encounter  # type: ignore[union-attr]
    # the level cards left in the deck keep their soul gems
    assert {lv.blind: lv.soul_gems for lv in s.levels if lv.soul_gems} == {500: 1, 1500: 1}


@pytest.mark.parametrize("name", ["short", "Shorter", "shorter-game", "dungeon-poker-short"])
def test_the_shorter_game_answers_to_its_aliases(name: str) -> None:
    assert load_structure(name).id == "dungeon-poker-short"


def test_decko_round_track_minimum_and_maximum_bets() -> None:
    """DECKO, 'Place starting bets': 1/5 rounds 1-3, 2/7 rounds 4-7, 3/9 rounds 8-11, 5/12 round 12."""
    s = load_structure("decko")
    expected = [(1, 5)] * 3 + [(2, 7)] * 4 + [(3, 9)] * 4 + [(5, 12)]
    assert [(lv.min_bet, lv.max_bet) for lv in s.levels] == expected
    assert s.level(13) is None and not s.continues  # twelve rounds at most
    assert s.level_word == "Round" and s.deals_per_level == 1


def test_decko_in_a_two_player_game_the_house_bets_double() -> None:
    """DECKO: the house bets 2 chips in rounds 1-3, 4 in 4-7, 6 in 8-11 and 10 in round 12."""
    s = load_structure("decko")
    two = [lv.house_bet(players=2, factor=s.two_player_house_factor) for lv in s.levels]
    assert two == [2] * 3 + [4] * 4 + [6] * 4 + [10]
    assert [lv.house_bet(players=4) for lv in s.levels] == [lv.min_bet for lv in s.levels]


def test_decko_wildcard_and_refresh_rounds_are_marked() -> None:
    s = load_structure("decko")
    wild = {lv.number: lv.wildcard for lv in s.levels if lv.wildcard}
    assert wild == {5: "red", 10: "blue"}
    # the ante example: the first wildcard round has a minimum bet of two chips
    assert s.level(5).min_bet == 2  # type: ignore[union-attr]
    assert [lv.number for lv in s.levels if lv.refresh] == [4, 8]
    assert s.designed_reason


def test_holdem_structures_have_small_and_big_blinds_antes_and_breaks() -> None:
    for name in ("holdem", "dragon-kings"):
        s = load_structure(name)
        assert s.blinds == "small-big" and s.minutes
        assert all(lv.small_blind <= lv.big_blind for lv in s.levels)  # type: ignore[operator]
        assert any(lv.ante for lv in s.levels) and not s.level(1).ante  # type: ignore[union-attr]
        assert any(isinstance(stage, Break) for stage in s.stages(20))
        assert s.designed_reason


def test_repeated_breaks_follow_every_fourth_level_also_past_the_list() -> None:
    s = load_structure("holdem")
    after = [stage.after_level for stage in s.stages(40) if isinstance(stage, Break)]
    assert after[:5] == [4, 8, 12, 16, 20]
    assert s.level(14).big_blind == 3000  # type: ignore[union-attr]


def test_every_built_in_survives_a_round_trip_through_its_data() -> None:
    for name in builtin_names():
        s = load_structure(name)
        assert parse_structure(s.to_data(), "copy") == s


# -- user files ------------------------------------------------------------------------


def write(tmp_path: Path, data: object, name: str = "mine.yaml") -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data) if not isinstance(data, str) else data)
    return path


def test_a_user_file_is_a_structure(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        {
            "name": "Friday night",
            "blinds": "small-big",
            "minutes": 12,
            "levels": [
                {"small_blind": 10, "big_blind": 20},
                {"break": 5, "name": "Pizza"},
                {"small_blind": 20, "big_blind": 40, "ante": 5, "minutes": 15},
            ],
            "continue": {"add": {"small_blind": 20, "big_blind": 40}},
        },
    )
    s = load_structure(str(path))
    assert s.id == "friday-night" and s.source == str(path)
    assert s.stage(1) == Break(5, after_level=1, name="Pizza")
    assert s.level(2) == Level(2, small_blind=20, big_blind=40, ante=5, minutes=15)
    assert s.level(3).big_blind == 80 and s.level(3).ante == 5  # type: ignore[union-attr]
    assert s.level_minutes(s.level(2)) == 15 and s.level_minutes(s.level(3)) == 12  # type: ignore[arg-type]
    assert s.level_minutes(s.level(2), override=20) == 20  # type: ignore[arg-type]
    assert s.level_minutes(s.level(2), override=0) is None  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"blinds": "single", "levels": [{"blind": 100}]}, "name: must be some text"),
        ({"name": "x", "levels": []}, "levels: must be a non-empty list"),
        (
            {"name": "x", "levels": [{"blind": "lots"}]},
            "levels[1].blind: must be a whole number, got 'lots'",
        ),
        (
            {"name": "x", "levels": [{"blind": 100}, {"bleind": 200}]},
            "levels[2].bleind: is not a field",
        ),
        (
            {"name": "x", "blinds": "small-big", "levels": [{"small_blind": 50, "big_blind": 20}]},
            "levels[1].small_blind: 50 is more than the big blind 20",
        ),
        (
            {"name": "x", "blinds": "bets", "levels": [{"min_bet": 1}]},
            "levels[1].max_bet: is required",
        ),
        (
            {"name": "x", "levels": [{"blind": 100, "big_blind": 200}]},
            "levels[1].big_blind: does not belong",
        ),
        ({"name": "x", "levels": [{"break": 5}, {"blind": 100}]}, "starts with a level"),
        ({"name": "x", "levels": [{"blind": 100}, {"break": 5}]}, "a break cannot be the last"),
        (
            {"name": "x", "levels": [{"blind": 100}, {"break": -5}]},
            "levels[2].break: must be more than 0",
        ),
        (
            {"name": "x", "levels": [{"blind": 100, "wildcard": "green"}]},
            "wildcard: must be red or blue",
        ),
        (
            {"name": "x", "levels": [{"blind": 100}], "continue": {"add": {"big_blind": 5}}},
            "continue.add.big_blind",
        ),
        (
            {"name": "x", "levels": [{"blind": 100}], "breaks": {"every": 0, "minutes": 5}},
            "breaks.every: must be at least 1",
        ),
        ({"name": "x", "blinds": "double", "levels": [{"blind": 100}]}, "blinds: must be one of"),
        (
            {"name": "x", "levels": [{"blind": 100}], "minutes": "ten"},
            "minutes: must be a number of minutes",
        ),
        (
            {"name": "x", "colour": "red", "levels": [{"blind": 100}]},
            "colour: is not a known field",
        ),
        ([1, 2, 3], "expected a mapping"),
    ],
)
def test_a_broken_user_file_names_the_file_and_the_field(
    tmp_path: Path, data: object, message: str
) -> None:
    path = write(tmp_path, data)
    with pytest.raises(StructureError) as caught:
        load_structure(str(path))
    assert str(path) in caught.value.message and message in caught.value.message
    assert "\n" not in caught.value.message


def test_a_file_that_is_not_yaml_says_where(tmp_path: Path) -> None:
    path = write(tmp_path, "name: x\nlevels: [\n  {blind: 100\n")
    with pytest.raises(StructureError, match=r"mine\.yaml: line \d+: not valid YAML"):
        load_structure(str(path))


def test_a_missing_file_and_an_unknown_name_are_clear(tmp_path: Path) -> None:
    with pytest.raises(StructureError, match="does not exist"):
        load_structure(str(tmp_path / "nope.yaml"))
    with pytest.raises(StructureError, match="unknown structure 'dungeon-pokr'.*dungeon-poker"):
        load_structure("dungeon-pokr")
