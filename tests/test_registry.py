"""Each game plugs into the tools once (companion/games/plugins); the engines never import a game."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import registry
from companion.errors import CompanionError
from companion.games.decko.table_rules import DeckoRules
from companion.games.dragon_kings.table_rules import DragonKingsRules
from companion.games.dungeon_poker.table_rules import DungeonPokerRules
from companion.poker.showdown_rank import read_cards
from companion.table import GameRules, rules_for

PACKAGE = Path(__file__).resolve().parents[1] / "companion"


def test_each_game_with_table_rules_of_its_own_is_found_by_its_id() -> None:
    assert type(rules_for("dungeon-poker")) is DungeonPokerRules
    assert type(rules_for("decko")) is DeckoRules
    assert type(rules_for("dragon-kings")) is DragonKingsRules
    assert type(rules_for("dungeon-master")) is GameRules


def test_a_game_that_plugs_in_gets_its_rules_from_the_table_engine() -> None:
    class Snap(GameRules):
        pass

    class SnapGame(registry.Game):
        id, name = "snap", "Snap"

        def table_rules(self) -> GameRules:
            return Snap(self.id)

    registry.register_game(SnapGame())
    try:
        assert type(rules_for("snap")) is Snap
    finally:
        registry.forget("snap")
    assert type(rules_for("snap")) is GameRules


def test_every_game_plugs_in_once_in_its_own_module_of_games_plugins() -> None:
    plugins = sorted(p.stem for p in (PACKAGE / "games" / "plugins").glob("[!_]*.py"))
    ids = [g.id for g in registry.games()]
    assert sorted(i.replace("-", "_") for i in ids) == plugins
    assert len(ids) == len(set(ids)) == 5
    for g in registry.games():
        assert type(g).__module__ == f"companion.games.plugins.{g.id.replace('-', '_')}"


def test_decko_hands_are_read_in_decko_notation_and_others_in_poker_notation() -> None:
    assert read_cards("decko", "9s+2 6h/7") == ("9s+2", "6h/7")
    assert read_cards("holdem", "A♠ 10h") == ("As", "Th")
    with pytest.raises(CompanionError, match="hand: '9s\\+2' is not a card"):
        read_cards("holdem", "9s+2", where="hand")


def test_an_engine_asked_before_any_game_registered_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(registry, "_GAMES", {})
    with pytest.raises(CompanionError, match="import companion.games first"):
        rules_for("dungeon-poker")


def test_each_games_dealer_page_offers_only_commands_the_pages_know() -> None:
    from companion.serve.commands import COMMANDS

    for g in registry.games():
        controls = g.dealer_controls() or ()
        assert set(controls) <= set(COMMANDS), g.id
        assert len(controls) == len(set(controls)), g.id
