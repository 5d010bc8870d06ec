"""Dungeon Poker at the table, played through as a release tester did: each rule the
table once broke, named after the rule, through the commands a dealer types."""

from __future__ import annotations

from typing import Any

from companion.table import open_store
from tests.conftest import invoke


def ok(*args: str) -> Any:
    result = invoke(*args)
    assert result.exit_code == 0, (args, result.stderr)
    return result


def js(*args: str) -> Any:
    return ok(*args, "--json").json()


def refused(*args: str) -> str:
    result = invoke(*args)
    assert result.exit_code == 2, (args, result.stdout)
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
    return result.stderr


def rig(deck: str, *card_ids: str) -> None:
    """Put these cards on top of a deck of the current table (a scripted game)."""
    with open_store(None) as store, store.transaction() as tx:
        table = tx.table(None)
        pile = tx.pile(table, deck, "draw")
        chosen = []
        for i in card_ids:
            chosen.append(next(c for c in pile if c.card_id == i and c not in chosen))
        tx.arrange(table, chosen, "draw")


def give(player: str, treasure: str) -> None:
    """``player`` holds this treasure (found in an earlier deal)."""
    with open_store(None) as store, store.transaction() as tx:
        table = tx.table(None)
        copy = next(c for c in tx.pile(table, "treasures", "draw") if c.card_id == treasure)
        tx.move(table, copy, "held", player)


def gold() -> dict[str, int]:
    return dict(js("table", "show")["dungeon_poker"]["gold"])


def new_game(players: str = "a,b,c,d", seed: int = 3, **chosen: str) -> None:
    """A fresh table whose players keep the first character dealt (or the one given)."""
    ok("table", "new", "t", "--game", "dungeon-poker", "--players", players, "--seed", str(seed))
    for player in players.split(","):
        dealt = [c["id"] for c in js("table", "hand", player)["cards"]]
        ok("table", "choose", player, chosen.get(player, dealt[0]))


# -- a deal is settled once ----------------------------------------------------------------------


def test_a_deal_is_settled_once_by_showdown_or_correction_until_the_next_deal() -> None:
    """A deal has one winner (or one tie): after 'table win b c' the same deal takes no
    showdown and no second win; 'table undo' takes the settlement back."""
    new_game()
    ok("table", "deal")
    ok("table", "win", "b", "c")
    for again in (
        ("table", "showdown", "a=100", "b=100", "c=100", "d=100", "--result", "a > b > c > d"),
        ("table", "win", "a"),
        ("table", "tie"),
    ):
        said = refused(*again)
        assert "deal 1 is already settled (by 'table win')" in said and "table undo" in said
    ok("table", "undo")
    rig("treasures", "empty-chest", "empty-chest")
    ok("table", "showdown", "a=100", "b=100", "c=100", "d=100", "--result", "a > b > c > d")
    assert "by 'table showdown'" in refused("table", "win", "a")
    rig("monsters", "orc")
    ok("table", "monster")
    assert "already settled" in refused("table", "monster-result", "won")
    ok("table", "deal")
    ok("table", "monster-result", "lost", "--slayer", "a")  # one monster's fate: not the deal's
    ok("table", "win", "a")
    held = js("table", "show")["dungeon_poker"]["players"]
    assert {p["name"]: p["treasures"] for p in held} == {"a": 2, "b": 0, "c": 0, "d": 0}


# -- wording -------------------------------------------------------------------------------------


def test_names_in_a_sentence_are_listed_with_commas_and_one_and() -> None:
    ok("table", "new", "t", "--game", "dungeon-poker", "--players", "ann,ben,cy,dot")
    first = js("table", "hand", "ann")["cards"][0]["id"]
    said = " ".join(ok("table", "choose", "ann", first).stdout.split())
    assert "revealed when ben, cy and dot have chosen" in said
    assert "ben, cy and dot are still choosing" in refused("table", "deal")


def test_a_deck_named_deck_is_not_called_deck_deck() -> None:
    ok("table", "new", "t", "--game", "dungeon-poker", "--players", "a,b,c")
    said = refused("deck", "discard", "main", "m")
    assert "in the Main deck" in said and "deck deck" not in said
