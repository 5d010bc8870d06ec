"""Dungeon Poker at the table counts soul gems beside the gold: each rule that gives or
takes them, named after the rule, through the commands a dealer types."""

from __future__ import annotations

from typing import Any

from companion.cards import load_game
from companion.games.dungeon_poker import state
from companion.table import open_store
from tests.table.test_dp_table_findings import give, js, new_game, ok, refused, rig, set_gold
from tests.table.test_dp_table_gaps import play_as

CARDS = load_game("dungeon-poker")


def gems() -> dict[str, int]:
    return dict(js("table", "show")["dungeon_poker"]["soul_gems"])


def set_gems(**counts: int) -> None:
    with open_store(None) as store, store.transaction() as tx:
        table = tx.table(None)
        state.set_gems(tx, table, {**state.gems_of(tx, table), **counts})


def character_of(player: str) -> Any:
    players = {p["name"]: p for p in js("table", "show")["dungeon_poker"]["players"]}
    return next(c for c in CARDS.of_type("character") if c.name == players[player]["character"])


def test_each_character_starts_with_the_soul_gems_on_its_card() -> None:
    """Preparing the game: every player takes the soul gems of the red number on their
    character card, when the characters are revealed."""
    new_game()
    assert gems() == {p: character_of(p).soul_gems for p in "abcd"}


def test_a_level_cards_soul_gem_comes_at_the_first_deal_of_its_level() -> None:
    """Blind bet levels: the 500 level gives every player one soul gem, at the beginning
    of the level's first deal (not when the card is opened, not at the second deal)."""
    new_game()
    before = gems()
    rig("encounters", "normal-times")
    ok("table", "level", "4")  # 500 (+1 soul gem)
    assert gems() == before
    started = js("table", "deal")
    assert (
        "first deal of level 4: every player takes 1 soul gem from the bank" in (started["notes"])
    )
    assert gems() == {p: n + 1 for p, n in before.items()}
    ok("table", "deal")
    assert gems() == {p: n + 1 for p, n in before.items()}


def test_high_magic_gives_two_soul_gems_and_takes_back_those_not_spent_at_its_end() -> None:
    """Appendix D, High magic: every player receives two soul gems for the encounter; the
    ones not used go back to the bank when it ends (the extra gems are spent first)."""
    new_game()
    play_as("a", "paladin")  # 3 soul gems
    set_gems(b=0)
    before = gems()
    rig("encounters", "high-magic", "normal-times")
    ok("table", "level")
    assert gems() == {p: n + 2 for p, n in before.items()}
    ok("table", "deal")
    ok("table", "ability", "a", "holy avenger")  # 1 of a's extra gems is spent
    ok("table", "gems", "b", "-2", "--note", "a goblin, by hand")  # both of b's
    shown = ok("table", "show").stdout
    assert "extra soul gems of High magic still held: a 1, c 2, d 2" in shown
    change = js("table", "level")
    assert any("a 1, c 2, d 2" in n for n in change["notes"])
    assert gems() == before  # a spent an extra gem, not one of the Paladin's own


def test_a_goblins_win_steals_one_soul_gem_from_each_player_for_the_bank() -> None:
    """Appendix B, Goblin: when it wins the deal it steals one soul gem from all the
    players, for the bank; a player with none loses nothing."""
    new_game()
    set_gems(d=0)
    before = gems()
    ok("table", "deal")
    rig("monsters", "goblin")
    ok("table", "monster")
    settled = js(
        "table",
        "showdown",
        "a=100",
        "b=100",
        "c=100",
        "d=100",
        "--result",
        "goblin > a > b > c > d",
    )
    assert settled["soul_gems"] == {"a": -1, "b": -1, "c": -1}
    assert settled["table"]["soul_gems"] == gems()
    assert gems() == {**{p: before[p] - 1 for p in "abc"}, "d": 0}


def test_the_genies_slayer_takes_a_soul_gem_from_the_bank() -> None:
    """Appendix B, Genie: the player who slays it takes one soul gem, at the showdown or
    with a correction naming the slayer."""
    new_game()
    before = gems()
    ok("table", "deal")
    rig("monsters", "genie")
    ok("table", "monster")
    ok("table", "showdown", "a=100", "b=100", "c=100", "d=100", "--result", "b > genie > a > c > d")
    assert gems() == {**before, "b": before["b"] + 1}
    ok("table", "undo")
    assert gems() == before
    said = js("table", "monster-result", "lost", "--slayer", "c")["notes"]
    assert f"c takes 1 soul gem from the bank: {before['c'] + 1} soul gems now" in said
    assert gems() == {**before, "c": before["c"] + 1}


def test_the_lucky_elf_gives_a_soul_gem_to_each_player_still_in_the_pot() -> None:
    """Appendix B, Lucky Elf: every player still in the pot gets one soul gem."""
    new_game()
    before = gems()
    ok("table", "deal")
    rig("monsters", "lucky-elf")
    ok("table", "monster", "--folded", "c")
    assert gems() == {p: n + (p != "c") for p, n in before.items()}


def test_soul_gem_treasures_give_their_gems_when_found_or_cashed() -> None:
    """Appendix C: the Soul Cave gives two soul gems at once; the Soul Chest is cashed for
    one (selling it cashes it, using it too)."""
    new_game()
    before = gems()
    ok("table", "deal")
    rig("treasures", "soul-cave")
    ok("table", "showdown", "a=100", "b=100", "c=100", "d=100", "--result", "a > b > c > d")
    assert gems()["a"] == before["a"] + 2
    give("b", "soul-chest")
    cashed = js("table", "sell", "b", "soul chest")["cards"][0]["notes"]
    assert f"b takes 1 soul gem from the bank: {before['b'] + 1} soul gems now" in cashed
    assert gems()["b"] == before["b"] + 1


def test_a_dead_characters_soul_gems_go_to_the_bank_and_the_new_one_starts_afresh() -> None:
    """Character death: the remaining soul gems go to the bank; the new character starts
    with the soul gems on its own card."""
    new_game()
    set_gold(d=100)
    dead = character_of("d")
    ok("table", "deal")
    settled = js(
        "table", "showdown", "a=100", "b=100", "c=100", "d=100", "--result", "a > b > c > d"
    )
    gone = f"{dead.name} died: its {dead.soul_gems} soul gems go to the bank"
    assert gone in settled["table"]["notes"]
    assert gems()["d"] == 0
    dealt = [c["id"] for c in js("table", "hand", "d")["cards"] if c["deck"] == "characters"]
    ok("table", "choose", "d", dealt[0])
    assert gems()["d"] == CARDS.get(dealt[0]).soul_gems


def test_the_undeath_amulet_keeps_the_soul_gems() -> None:
    """Appendix C, Undeath Amulet: the character comes back with the soul gems it had."""
    new_game()
    set_gold(d=100)
    set_gems(d=3)
    give("d", "undeath-amulet")
    ok("table", "deal")
    ok("table", "showdown", "a=100", "b=100", "c=100", "d=100", "--result", "a > b > c > d")
    assert gems()["d"] == 3


def test_an_ability_costs_its_soul_gems_and_is_refused_when_the_player_has_fewer() -> None:
    """The player characters and special actions: the player pays the cost in soul gems
    to the bank; Low magic makes it one more; without enough gems it cannot be used."""
    new_game()
    play_as("a", "night-ogre")  # 5 soul gems
    ok("table", "deal")
    moved = js("table", "ability", "a", "Obliterating darkness")
    assert (moved["soul_gems_amount"], moved["soul_gems"]) == (-2, 3)
    assert (
        moved["text"] == "a pays 2 soul gems to the bank (Obliterating darkness): 3 soul gems now"
    )
    set_gems(a=1)
    said = refused("table", "ability", "a", "Obliterating darkness")
    assert "a has 1 soul gem: Obliterating darkness costs 2 soul gems" in said
    assert gems()["a"] == 1
    rig("encounters", "low-magic")
    ok("table", "level")
    ok("table", "deal")
    said = refused("table", "ability", "a", "spooky gaze")
    assert "Spooky gaze costs 2 soul gems (1 more during the encounter)" in said
    assert "passive" in refused("table", "ability", "b", play_passive("b"))


def play_passive(player: str) -> str:
    """A passive ability that moves no gold, for ``player`` (made a Gnome Artificer)."""
    play_as(player, "gnome-artificer")
    return "Golem"


def test_a_once_a_deal_ability_is_paid_once_a_deal() -> None:
    """Appendix A, Fighter's Melee mastery: only once per deal."""
    new_game()
    play_as("a", "fighter")
    ok("table", "deal")
    ok("table", "ability", "a", "melee mastery")
    assert "already acted in this deal" in refused("table", "ability", "a", "melee mastery")
    ok("table", "showdown", "a=100", "b=100", "c=100", "d=100", "--result", "a > b > c > d")
    ok("table", "deal")
    assert js("table", "ability", "a", "melee mastery")["soul_gems"] == 3


def test_an_ability_declared_at_the_showdown_costs_its_gems_once() -> None:
    """The special actions: the Witch's curse declared in the showdown file is paid at
    the table's showdown, unless it was paid during the deal with 'table ability'."""
    new_game()
    play_as("a", "witch")  # 4 soul gems
    declared = '{"declared": {"witch_curse": {"by": "a", "rank": "7"}}}'
    ok("table", "deal")
    settled = js_in(declared, "a=100", "b=100", "c=100", "d=100", "--result", "a > b > c > d")
    assert (
        "a pays 1 soul gem to the bank for Witch curse: 3 soul gems now"
        in (settled["table"]["notes"])
    )
    assert gems()["a"] == 3
    ok("table", "deal")
    ok("table", "ability", "a", "witch curse")
    js_in(declared, "a=100", "b=100", "c=100", "d=100", "--result", "b > a > c > d")
    assert gems()["a"] == 2  # paid once, during the deal
    ok("table", "deal")
    set_gems(a=0)
    said = refused_in(declared, "a=100", "b=100", "c=100", "d=100", "--result", "a > b > c > d")
    assert "a has 0 soul gems: Witch curse costs 1 soul gem" in said


def js_in(document: str, *args: str) -> Any:
    from tests.conftest import invoke

    result = invoke("table", "showdown", "-", *args, "--json", input=document)
    assert result.exit_code == 0, result.stderr
    return result.json()


def refused_in(document: str, *args: str) -> str:
    from tests.conftest import invoke

    result = invoke("table", "showdown", "-", *args, input=document)
    assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.stdout
    return str(result.stderr)


def test_one_undo_restores_the_soul_gems_an_ability_took() -> None:
    """Undo: one 'table undo' gives back what the step moved, gems and gold together."""
    new_game()
    play_as("a", "paladin")
    set_gold(a=4000)
    before = gems()
    ok("table", "deal")
    ok("table", "ability", "a", "healing prayer")
    assert gems()["a"] == before["a"] - 1
    ok("table", "undo")
    assert gems() == before
    assert js("table", "show")["dungeon_poker"]["gold"]["a"] == 4000


def test_a_soul_gem_correction_is_logged_undone_by_one_undo_and_refuses_bad_amounts() -> None:
    """Soul gems moved outside a rule the table plays: one line in the log, one undo;
    never more than the player has."""
    new_game()
    before = gems()["c"]
    moved = js("table", "gems", "c", "+2", "--note", "counted wrong")
    assert (
        moved["text"]
        == f"c takes 2 soul gems from the bank (counted wrong): {before + 2} soul gems now"
    )
    assert "c: +2 soul gems (counted wrong)" in ok("table", "log").stdout
    ok("table", "undo")
    assert gems()["c"] == before
    assert "'two'" in refused("table", "gems", "c", "two")
    assert "at most 40" in refused("table", "gems", "c", "0")
    assert f"c has only {before} soul gem" in refused("table", "gems", "c", f"-{before + 1}")
    assert "'zed' is not a player" in refused("table", "gems", "zed", "+1")


def test_table_hand_and_show_give_each_players_soul_gems() -> None:
    """What the table keeps, each player can read: their soul gems beside their gold."""
    new_game()
    count = gems()["a"]
    hand = js("table", "hand", "a")
    assert hand["standing"]["gems"] == str(count)
    assert f"gems: {count}" in ok("table", "hand", "a").stdout
    assert "gems" in ok("table", "show").stdout
