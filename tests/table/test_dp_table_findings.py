"""Dungeon Poker at the table, played through as a release tester did: each rule the
table once broke, named after the rule, through the commands a dealer types."""

from __future__ import annotations

from pathlib import Path
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
    refusal = refused("table", "deal")
    assert "ben, cy and dot are still choosing" in refusal
    assert refusal.rstrip().endswith("the first deal comes once everyone has chosen")


def test_a_deck_named_deck_is_not_called_deck_deck() -> None:
    ok("table", "new", "t", "--game", "dungeon-poker", "--players", "a,b,c")
    said = refused("deck", "discard", "main", "m")
    assert "in the Main deck" in said and "deck deck" not in said


# -- the table counts gold -----------------------------------------------------------------------


def set_gold(**gold: int) -> None:
    from companion.games.dungeon_poker import state

    with open_store(None) as store, store.transaction() as tx:
        table = tx.table(None)
        state.set_gold(tx, table, {**state.gold_of(tx, table), **gold})


def test_cashing_a_gold_treasure_adds_its_gold_to_the_table_count_for_the_next_bet() -> None:
    """Treasures: the Big Pile of Gold is cashed for 1000 gold; the table then takes a
    bet of that gold (the tester's "a has only 5,200 gold")."""
    new_game()
    ok("table", "deal")
    set_gold(a=5200, b=5000, c=5000, d=5000)
    give("a", "big-pile-of-gold")
    sold = js("table", "sell", "a", "big pile of gold")["cards"][0]["notes"]
    assert "a takes 1,000 gold from the bank: 6,200 gold now" in sold
    assert gold()["a"] == 6200
    js(
        "table",
        "showdown",
        "a=6100",
        "b=5000",
        "c=100",
        "d=0",
        "--fold",
        "c",
        "--fold",
        "d",
        "--result",
        "b > a",
    )
    assert gold()["a"] == 6200 - 6100 + 1100  # b called 5000: a's last 1100 comes back


def test_selling_an_artifact_pays_its_salvage_price_on_the_table_count() -> None:
    """Treasures: the bank buys a major artifact for 500 gold, a legendary one for 1000."""
    new_game()
    give("b", "full-plate")
    before = gold()["b"]
    ok("table", "sell", "b", "full plate")
    assert gold()["b"] == before + 500


def test_the_chest_monster_eats_three_blinds_of_its_finders_gold() -> None:
    """Appendix C, Chest Monster: three blinds of gold from the player who wins it, to the bank."""
    new_game()
    rig("encounters", "normal-times")
    ok("table", "level", "2")  # blind 200: the chest eats 600
    ok("table", "deal")
    rig("treasures", "chest-monster")
    before = gold()
    won = js("table", "showdown", "a=200", "b=200", "c=200", "d=200", "--result", "b > a > c > d")
    assert won["table"]["gold"]["b"] == before["b"] + 600 - 600
    (chest,) = won["table"]["cards"]
    assert "b pays 600 gold to the bank: 5,000 gold now" in chest["notes"]


def test_the_chest_monster_that_takes_the_last_gold_kills_the_character() -> None:
    """Character death: a character with no gold left dies, whatever took the gold."""
    new_game()
    ok("table", "deal")
    set_gold(c=100)
    rig("treasures", "chest-monster")
    folds = ["--fold", "a", "--fold", "b", "--fold", "d"]
    died = js("table", "showdown", "a=0", "b=0", "c=100", "d=0", *folds, "--result", "c")
    assert died["table"]["gold"]["c"] == 0
    chest = next(c for c in died["table"]["cards"] if c["id"] == "chest-monster")
    assert "c pays 300 gold to the bank and has no gold left" in chest["notes"]
    players = {p["name"]: p for p in js("table", "show")["dungeon_poker"]["players"]}
    assert players["c"]["skulls"] == 1 and players["c"]["status"] == "choosing"


def test_the_tree_of_life_gives_1000_gold_to_each_player_still_in_the_pot() -> None:
    """Appendix B, Tree of Life: 1000 gold from the bank to every player still in the pot."""
    new_game()
    ok("table", "deal")
    before = gold()
    rig("monsters", "tree-of-life")
    (tree,) = js("table", "monster", "--folded", "c")["cards"]
    assert tree["pile"] == "removed"
    assert "a, b and d take 1,000 gold from the bank each" in tree["notes"]
    after = gold()
    assert {p: after[p] - before[p] for p in after} == {"a": 1000, "b": 1000, "c": 0, "d": 1000}


def test_reaching_the_gold_target_by_cashing_a_treasure_wins_the_game() -> None:
    """Winning the game: 15000 gold with four players, however the gold came."""
    new_game()
    set_gold(d=14000)
    give("d", "big-pile-of-gold")
    notes = js("table", "sell", "d", "big-pile-of-gold")["cards"][0]["notes"]
    assert any("d has 15,000 gold (target 15,000) and wins the game" in n for n in notes)


# -- the table deals the monsters' cards too -----------------------------------------------------


def hands_of_monsters() -> dict[str, int]:
    with open_store(None) as store, store.transaction(write=False) as tx:
        table = tx.table(None)
        held = tx.pile(table, "main", "held")
        return {
            c.card_id: sum(1 for h in held if h.holder == f"monster:{c.copy}")
            for c in tx.pile(table, "monsters", "in_play")
        }


def test_the_table_deals_the_golem_its_hidden_card_each_deal() -> None:
    """Gnome Artificer, Golem: one card face down every deal; the table ranks it."""
    new_game(seed=8, a="gnome-artificer")
    started = js("table", "deal", "--cards")
    assert hands_of_monsters() == {"golem": 1}
    assert "Golem: 1 card dealt, face down" in started["notes"]
    ok("draw", "main", "--count", "5")
    settled = js("table", "showdown", "a=100", "b=100", "c=100", "d=100")
    golem = next(h for h in settled["players"] if h["name"] == "Golem")
    assert len(golem["cards"]) == 1 and golem["hand"]


def test_a_monster_that_comes_during_a_dealt_deal_is_dealt_its_cards() -> None:
    """Monsters: after drawing the monster, the dealer draws the cards it plays with;
    the Zombie's two are open for all to see."""
    new_game()
    ok("table", "deal", "--cards")
    rig("monsters", "zombie")
    (zombie,) = js("table", "monster")["cards"]
    assert hands_of_monsters() == {"zombie": 2}
    assert any(n.startswith("Zombie: 2 cards dealt, open: ") for n in zombie["notes"])
    ok("draw", "main", "--count", "5")
    settled = js("table", "showdown", "a=100", "b=100", "c=100", "d=100")
    assert {h["name"] for h in settled["players"]} == {"a", "b", "c", "d", "Zombie"}


def test_a_deal_dealt_by_hand_deals_no_monster_cards() -> None:
    """Without --cards the players hold real cards: the monster's come from the real deck."""
    new_game()
    ok("table", "deal")
    rig("monsters", "zombie")
    ok("table", "monster")
    assert hands_of_monsters() == {"zombie": 0}


def test_the_golem_is_not_in_the_game_during_long_night() -> None:
    """Long night: the Golem, a special ability, is not in the game: not dealt, not ranked."""
    new_game(seed=8, a="gnome-artificer")
    rig("encounters", "long-night")
    ok("table", "level", "2")
    started = js("table", "deal", "--cards")
    assert hands_of_monsters() == {"golem": 0}
    assert all(len(cards) == 1 for cards in started["hands"].values())
    ok("draw", "main", "--count", "5")
    settled = js("table", "showdown", "a=200", "b=200", "c=200", "d=200")
    assert "Golem" not in {h["name"] for h in settled["players"]}


# -- names in the result -------------------------------------------------------------------------


def test_a_monster_is_placed_in_the_result_by_any_case_or_a_word_of_its_name() -> None:
    """A monster is named as a player is, in any case, or by the start of one word of
    its name when only it fits (the Golem beside it shares the 'g')."""
    new_game(seed=8, a="gnome-artificer")
    ok("table", "deal")
    rig("monsters", "gnome-lunatic")
    ok("table", "monster")
    for typed in ("gnome lunatic", "GNOME LUNATIC", "gnome", "lunatic", "lun"):
        result = f"B > golem > {typed} > A > c > D"
        won = js("table", "showdown", "a=100", "b=100", "c=100", "d=100", "--result", result)
        assert won["winners"] == ["b"], typed
        assert [h["name"] for h in won["players"]][:3] == ["b", "Golem", "Gnome Lunatic"]
        ok("table", "undo")


def test_a_name_that_fits_two_monsters_is_refused_with_both() -> None:
    new_game(seed=8, a="gnome-artificer")
    ok("table", "deal")
    rig("monsters", "gnome-lunatic")
    ok("table", "monster")
    said = refused(
        "table", "showdown", "a=100", "b=100", "c=100", "d=100", "--result", "b > g > a > c > d"
    )
    assert "'g' in the result could be Gnome Lunatic or Golem" in said


# -- what becomes of a monster, said once --------------------------------------------------------


def test_the_golem_goes_back_to_the_side_when_its_gnome_artificer_dies() -> None:
    """Appendix G: the Golem returns every deal, but only beside a living Gnome Artificer:
    when he dies it goes back to the side, and neither the showdown nor the table says
    it is back at the next deal."""
    new_game(seed=8, a="gnome-artificer")
    ok("table", "deal")
    set_gold(a=100)
    died = js(
        "table", "showdown", "a=100", "b=100", "c=0", "d=0", "--fold", "c", "--fold", "d",
        "--result", "b > Golem > a",
    )  # fmt: skip
    said = [*died["events"], *died["table"]["notes"]]
    said += [n for c in died["table"]["cards"] for n in c["notes"]]
    assert not any("next deal" in n or "next one" in n for n in said if "Golem" in n)
    assert "Golem goes back to the side: a's character dies, and the Golem leaves with it." in said
    assert "the Golem goes back to the side with the Gnome Artificer" in said
    assert hands_of_monsters() == {}


def test_a_monster_that_wins_only_a_side_pot_is_slain_and_takes_that_pot() -> None:
    """Monsters: a monster that wins a side pot but not the deal leaves the game with that
    pot; it did not win the deal, so it is slain (its slayer, the main pot's winner, takes
    what it promises). The showdown and the table say it the same way."""
    new_game()
    ok("table", "deal")
    rig("monsters", "fire-dragon")
    ok("table", "monster")
    rig("treasures", "empty-chest", "empty-chest")
    out = js("table", "showdown", "a=100", "b=500", "c=500", "d=0", "--fold", "d",
             "--result", "a > Fire Dragon > b > c")  # fmt: skip
    (dragon,) = out["monsters"]
    assert dragon["outcome"] == "side-pot"
    assert out["removed"] == 800 and out["treasures"] == {"a": 2}  # its treasure to its slayer
    fate = "won only a side pot: it is slain all the same, and takes that pot out of the game"
    assert f"Fire Dragon {fate}." in out["events"]
    card = next(c for c in out["table"]["cards"] if c["id"] == "fire-dragon")
    assert card["notes"] == [f"Fire Dragon {fate}"]
    ok("table", "deal")
    rig("monsters", "goblin")
    ok("table", "monster")
    (goblin, *_) = js("table", "monster-result", "side-pot", "--slayer", "a")["cards"]
    assert goblin["notes"] == [f"Goblin {fate}"]


def test_after_the_astral_warlocks_level_the_clock_counts_deals_on_the_new_level() -> None:
    """Astral Warlock: the new level lasts its five deals, on the table and on its clock
    alike, even when the clock was not looked at before the next deal was counted."""
    new_game()
    rig("encounters", "normal-times")
    ok("timer", "run", "--paused")
    ok("table", "deal")
    rig("monsters", "astral-warlock")
    ok("table", "monster")
    js("table", "showdown", "a=100", "b=100", "c=100", "d=100",
       "--result", "astral > a > b > c > d")  # fmt: skip
    for _ in range(2):
        ok("table", "deal")
        ok("table", "showdown", "a=100", "b=100", "c=100", "d=100", "--result", "a > b > c > d")
    assert js("table", "deal")["deal"] == 3
    status = js("timer", "status")
    assert (status["level"], status["deals"]) == (2, 2)  # two counted: the third is under way


def test_the_tree_of_lifes_gold_can_win_the_game() -> None:
    """Winning the game: the gold target counts gold from any rule, a friendly monster's too."""
    new_game()
    ok("table", "deal")
    set_gold(b=14000)
    rig("monsters", "tree-of-life")
    (tree,) = js("table", "monster")["cards"]
    assert "b has 15,000 gold (target 15,000) and wins the game!" in tree["notes"]


def test_an_explosive_potion_used_at_the_table_takes_its_gold_out_of_the_pot() -> None:
    """Appendix C, Explosive Potion: 1000 gold of the pot is destroyed; the winner is paid
    the rest, and the table's count says so (the showdown file declares it the same way)."""
    new_game()
    ok("table", "deal")
    give("a", "explosive-potion")
    before = gold()
    notes = js("table", "use", "a", "explosive potion")["cards"][0]["notes"]
    assert any("this deal's table showdown takes it out" in n for n in notes)
    won = js("table", "showdown", "a=500", "b=500", "c=500", "d=500", "--result", "b > a > c > d")
    assert won["removed"] == 1000 and won["payouts"]["b"] == 1000
    assert "Explosive Potion (a): 1,000 gold of the pot went up in smoke." in won["events"]
    assert won["table"]["gold"]["b"] == before["b"] - 500 + 1000
    text = (
        "players: [{name: a, put_in: 500}, {name: b, put_in: 500}]\n"
        "declared: {explosive_potion: [a]}\nresult: b > a\n"
    )
    by_file = invoke("showdown", "-", "--json", input=text).json()
    assert by_file["removed"] == 1000 and by_file["payouts"]["b"] == 0


def test_artifacts_are_not_used_during_anti_magic_zone_but_gold_is_still_cashed() -> None:
    """Anti-magic zone: artifacts do not work; treasures are still cashed at the bank."""
    new_game()
    rig("encounters", "anti-magic-zone")
    ok("table", "level", "2")
    give("a", "explosive-potion")
    give("a", "big-pile-of-gold")
    assert "artifacts do not work during Anti-magic zone" in refused(
        "table", "use", "a", "explosive potion"
    )
    ok("table", "use", "a", "big pile of gold")


def test_a_winner_named_twice_is_refused_and_nothing_changes(tmp_path: Path) -> None:
    """Issue 20: `table win a a` gave a two treasures; a name counts once."""
    state = tmp_path / "s.sqlite3"
    assert invoke("table", "new", "tw", "--game", "dungeon-poker", "--players", "a,b,c",
                  "--seed", "3", "--state", str(state)).exit_code == 0  # fmt: skip
    before = invoke("table", "log", "--json", "--state", str(state)).stdout
    result = invoke("table", "win", "b", "B", "--state", str(state))
    assert result.exit_code == 2
    assert result.stderr == "error: b named twice: each winner is named once\n"
    assert invoke("table", "log", "--json", "--state", str(state)).stdout == before
