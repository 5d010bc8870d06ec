"""A whole scripted game of Dungeon Poker at the table, as the README tells it.

New table, levels counted by the clock, deals started with `table deal` and
settled with `table showdown`: a monster, a split pot, a death with and
without the Undeath Amulet, an Astral Warlock, and an announced victory.
"""

from __future__ import annotations

from typing import Any

from companion.games.dungeon_poker import table_rules as dp
from companion.table import open_store
from tests.conftest import invoke


def ok(*args: str, input: str | None = None) -> Any:
    result = invoke(*args, input=input)
    assert result.exit_code == 0, result.stderr
    return result


def js(*args: str) -> Any:
    return ok(*args, "--json").json()


def rig(deck: str, *card_ids: str) -> None:
    """Put these cards on top of a deck of the current table (a scripted game)."""
    with open_store(None) as store, store.transaction() as tx:
        table = tx.table(None)
        pile = tx.pile(table, deck, "draw")
        chosen = [next(c for c in pile if c.card_id == i) for i in card_ids]
        tx.arrange(table, chosen, "draw")


def all_in(loser: str, winner: str, folder: str | None = None) -> Any:
    """``loser`` puts in every coin, ``winner`` calls and wins; ``folder`` folds."""
    stack = gold()[loser]
    assert gold()[winner] >= stack
    amounts = [f"{loser}={stack}", f"{winner}={stack}"]
    folds = ["--fold", folder] if folder else []
    if folder:
        amounts.append(f"{folder}=0")
    return js("table", "showdown", *amounts, *folds, "--result", f"{winner} > {loser}")


def gold() -> dict[str, int]:
    return js("table", "show")["dungeon_poker"]["gold"]


def test_a_whole_game_at_the_table_from_setup_to_victory() -> None:
    ok(
        "table",
        "new",
        "friday",
        "--game",
        "dungeon-poker",
        "--players",
        "ann,ben,cy",
        "--seed",
        "11",
    )
    for player in ("ann", "ben", "cy"):
        dealt = js("table", "hand", player)["cards"]
        ok("table", "choose", player, dealt[0]["id"])
    ok("timer", "run", "--paused", input="")  # the clock counts the deals (5 a level)
    start = gold()

    # Deal 1: a plain deal, ben wins.
    assert js("table", "deal")["deal"] == 1
    won = js(
        "table", "showdown", "ann=200", "ben=200", "cy=100", "--fold", "cy", "--result", "ben > ann"
    )
    assert won["winners"] == ["ben"] and won["table"]["gold"]["ben"] == start["ben"] + 300

    # Deal 2: a split pot; the treasure waits.
    ok("table", "deal")
    split = js("table", "showdown", "ann=300", "ben=300", "cy=300", "--result", "ann = ben > cy")
    assert split["treasures_waiting"] == 1 and split["treasures"] == {}

    # Deal 3: an Orc comes and loses; cy takes the pot and both treasures.
    ok("table", "deal")
    rig("monsters", "orc")
    ok("table", "monster")
    orc = js(
        "table", "showdown", "ann=100", "ben=100", "cy=100", "--result", "cy > Orc > ann > ben"
    )
    assert orc["treasures"] == {"cy": 2} and orc["monsters"][0]["outcome"] == "lost"

    # Deal 4: the poorer of ann and ben holds the Undeath Amulet, goes all in and loses.
    ok("table", "deal")
    poor, rich = sorted(("ann", "ben"), key=lambda p: gold()[p])
    rig("treasures", "undeath-amulet")
    ok("table", "win", poor)  # a correction command: the amulet was found earlier
    amulet = all_in(poor, rich, "cy")
    assert any("Undeath Amulet" in n for n in amulet["table"]["notes"])
    assert amulet["table"]["gold"][poor] == 300 and amulet["dead"] == []

    # Deal 5 ends level 1; the sixth deal is the first of level 2 (the clock agrees).
    ok("table", "deal")
    ok("table", "showdown", "ann=100", "ben=100", "cy=100", "--result", "ben > cy > ann")
    sixth = js("table", "deal")
    assert sixth["deal"] == 1 and sixth["level"]["level"] == 2
    assert js("timer", "status")["level"] == 2

    # An Astral Warlock wins: level 3 opens at once; the clock follows.
    rig("monsters", "astral-warlock")
    ok("table", "monster")
    js(
        "table",
        "showdown",
        "ann=200",
        "ben=200",
        "cy=200",
        "--result",
        "Astral Warlock > ben > cy > ann",
    )
    assert js("table", "level", "3")["level"] == 3  # already in force
    assert js("timer", "status")["level"] == 3

    # The poorest dies without an amulet: a skull and two new characters to choose from.
    leader, second, third = sorted(("ann", "ben", "cy"), key=lambda p: -gold()[p])
    ok("table", "deal")
    died = all_in(third, leader, second)
    assert died["dead"] == [third]
    shown = js("table", "show")["dungeon_poker"]["players"]
    dead = next(p for p in shown if p["name"] == third)
    assert dead["skulls"] == 1 and dead["status"] == "choosing"
    ok("table", "choose", third, js("table", "hand", third)["cards"][0]["id"])

    # The second dies too: the leader has the gold target or is the last original
    # character without a skull, and the table announces the victory.
    ok("table", "deal")
    final = all_in(second, leader, third)
    assert final["table"]["victory"]["player"] == leader
    assert final["table"]["victory"]["how"] in ("gold", "last original")
    assert any("wins the game" in n for n in final["table"]["notes"])
    with open_store(None) as store, store.transaction(write=False) as tx:
        assert dp.level_now(tx, tx.table(None)).level == 3


def test_with_a_dungeon_poker_table_current_pot_and_showdown_default_to_it() -> None:
    """The table's game, blind and monsters are typed once: pot and showdown read them."""
    ok("table", "new", "t", "--game", "dungeon-poker", "--players", "ann,ben,cy", "--seed", "4")
    bad = invoke("pot", "ann=150", "ben=150", "--result", "ann > ben")
    assert bad.exit_code == 2 and "100-chip units for dungeon-poker" in bad.stderr
    assert (
        invoke("pot", "ann=150", "ben=150", "--result", "ann > ben", "--game", "holdem").exit_code
        == 0
    )
    rig("monsters", "gnome-lunatic")
    ok("table", "monster")
    text = "players: [{name: ann, put_in: 500}, {name: ben, put_in: 500}]\nresult: ann > ben > Gnome Lunatic\n"
    out = invoke("showdown", "-", "--json", input=text).json()
    assert out["removed"] == 200  # two blinds of the table's level (100) go up with it
