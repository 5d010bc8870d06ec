"""Dungeon Poker rules the table knows and now acts on by itself, each named after its rule:
who sits a deal out, what a monster's end does, the caps and the level jumps.

The games are scripted with the helpers of :mod:`tests.table.test_dp_dealt` and driven
through the commands a dealer types.
"""

from __future__ import annotations

from companion.table import open_store
from companion.timer.clock import view
from companion.timer.table_clock import saved_clock
from tests.conftest import invoke
from tests.table.test_dp_dealt import held, new_game
from tests.table.test_dp_table_findings import give, gold, js, ok, refused, rig


def test_the_barons_folders_sit_out_the_next_deal_with_no_cards_and_blinds_still_due() -> None:
    """Appendix B, Baron: whoever folds while he is at the table misses the next deal:
    the table deals them nothing, takes the blind they owe and leaves them out of the
    ranking; the deal after that deals them in again."""
    new_game()
    ok("table", "deal", "--cards")
    rig("monsters", "baron")
    ok("table", "monster")
    ok("table", "showdown", "all=100", "--fold", "ann", "--result", "ben > baron > cy > dee")
    said = ok("table", "deal", "--cards").stdout
    assert "ann sits out this deal (Baron)" in said
    assert held("ann") == [] and all(len(held(p)) == 2 for p in ("ben", "cy", "dee"))
    before = gold()
    shown = js("table", "showdown", "ann=100", "ben=100", "cy=100", "dee=100")
    assert "ann" not in shown["winners"]
    after = gold()
    assert after["ann"] == before["ann"] - 100  # the blind she owed, lost
    ok("table", "deal", "--cards")
    assert len(held("ann")) == 2


def test_a_player_who_sits_out_under_the_baron_did_not_fold_and_is_not_punished_again() -> None:
    """Appendix B, Baron and Appendix C, Pit Trap: a player kept out of the deal did not
    fold it, so the Baron still at the table does not send them out of the next one."""
    new_game()
    ok("table", "deal", "--cards")
    rig("monsters", "baron")
    ok("table", "monster")
    ok("table", "showdown", "all=100", "--fold", "ann", "--result", "baron > ben > cy > dee")
    ok("table", "deal", "--cards")
    rig("monsters", "baron")
    ok("table", "monster")
    ok("table", "showdown", "all=100", "--result", "ben > baron > cy > dee")
    said = ok("table", "deal", "--cards").stdout
    assert "sits out" not in said and len(held("ann")) == 2


def test_the_pit_trap_sends_its_finder_out_of_the_next_deal() -> None:
    """Appendix C, Pit Trap: the player who draws it misses the next deal: no cards, the
    blind still taken, out of reach and out of the ranking."""
    new_game()
    ok("table", "deal", "--cards")
    rig("treasures", "pit-trap")
    said = ok("table", "showdown", "all=100", "--result", "ben > ann > cy > dee").stdout
    assert "ben sits out the next deal" in said
    said = ok("table", "deal", "--cards").stdout
    assert "ben sits out this deal (Pit Trap)" in said
    assert held("ben") == []
    assert "ben" not in js("table", "showdown", "all=100", "ben=100")["winners"]


def test_a_sitter_named_in_the_result_is_refused() -> None:
    """Appendix C, Pit Trap: a player sitting the deal out cannot be ranked in it."""
    new_game()
    ok("table", "deal", "--cards")
    rig("treasures", "pit-trap")
    ok("table", "showdown", "all=100", "--result", "ben > ann > cy > dee")
    ok("table", "deal", "--cards")
    said = refused("table", "showdown", "all=100", "--result", "ben > ann > cy > dee")
    assert "ben" in said and "sits out" in said


def gems() -> dict[str, int]:
    return dict(js("table", "show")["dungeon_poker"]["soul_gems"])


def test_a_monster_plays_to_the_showdown_so_table_win_waits_until_it_is_judged() -> None:
    """000, Monsters: a monster that does not win the deal dies. 'table win' cannot say so,
    so it refuses while one is in play; once 'table monster-result lost' has sent it out
    (a start of its name will do), the win goes through and the monster is not at the
    next deal."""
    new_game()
    ok("table", "deal", "--cards")
    rig("monsters", "happy-the-clown")
    ok("table", "monster")
    said = refused("table", "win", "ann")
    assert "Happy the Clown is still in play" in said and "monster-result lost" in said
    assert "still in play" in refused("table", "tie")
    ok("table", "monster-result", "lost", "--monster", "happy", "--slayer", "ann")
    ok("table", "win", "ann")
    ok("table", "deal", "--cards")
    assert js("table", "show")["dungeon_poker"]["monsters"] == []


def test_the_goblins_win_by_monster_result_takes_a_soul_gem_from_every_player() -> None:
    """Appendix B, Goblin: when it wins the deal every player loses one soul gem to the
    bank, whether a showdown or 'table monster-result won' says it won."""
    new_game()
    ok("table", "deal", "--cards")
    rig("monsters", "goblin")
    ok("table", "monster")
    before = gems()
    said = ok("table", "monster-result", "won", "--monster", "gob").stdout
    assert "Goblin" in said
    assert {p: before[p] - gems()[p] for p in before} == dict.fromkeys(before, 1)


def test_the_ice_giants_win_by_monster_result_robs_every_player_of_a_blind() -> None:
    """Appendix B, Ice Giant: its win robs each player of one blind's worth of gold, to
    the bank, also when the dealer settles it with 'table monster-result won'."""
    new_game()
    ok("table", "deal", "--cards")
    rig("monsters", "ice-giant")
    ok("table", "monster")
    before = gold()
    ok("table", "monster-result", "won")
    assert {p: before[p] - gold()[p] for p in before} == dict.fromkeys(before, 100)
    ok("table", "undo")
    ok("table", "showdown", "all=0", "--result", "ice giant > ann = ben = cy = dee")
    assert {p: before[p] - gold()[p] for p in before} == dict.fromkeys(before, 100)
    assert "Ice Giant" in ok("table", "log").stdout  # the robbery is read back from the history


def saved_clock_level() -> int:
    """The level the table's saved clock is at, as saved (no clock command has looked)."""
    with open_store(None) as store, store.transaction(write=False) as tx:
        clock = saved_clock(tx, tx.table(None))
        assert clock is not None
        return view(clock, clock.running_since or 0.0).level.number


def test_the_scroll_of_teleport_opens_the_next_level_and_its_encounter_at_once() -> None:
    """Appendix C, Scroll of Teleport: sacrificing it ends the level: the next level and a
    new encounter open now, in force for the deal under way; the table's clock moves with
    them at that moment, so the new level's time runs from then."""
    new_game()
    assert invoke("timer", "run", input="").exit_code == 0
    ok("table", "deal", "--cards")
    give("ann", "scroll-of-teleport")
    said = ok("table", "use", "ann", "scroll of teleport").stdout
    assert "level 2 opens now" in said
    shown = js("table", "show")["dungeon_poker"]
    assert shown["level"]["level"] == 2 and shown["level"]["encounter"] is not None
    assert saved_clock_level() == 2


def test_the_teleport_trap_opens_the_next_level_for_whoever_draws_it() -> None:
    """Appendix C, Teleport Trap: the treasure drawn ends the level at once; the next
    level and encounter open with no command from the dealer."""
    new_game()
    ok("table", "deal", "--cards")
    rig("treasures", "teleport-trap")
    said = ok("table", "showdown", "all=100", "--result", "ben > ann > cy > dee").stdout
    assert "level 2 opens now" in said
    assert js("table", "show")["dungeon_poker"]["level"]["level"] == 2
    said = ok("table", "deal", "--cards").stdout
    assert "deal 1 of level 2" in said


def test_table_level_moves_the_tables_clock_at_once() -> None:
    """A level the table opens by itself ('table level', the Astral Warlock's win) moves its
    clock in the same step: the level's time is counted from then, not from the clock's
    next key press."""
    new_game()
    assert invoke("timer", "run", input="").exit_code == 0
    assert saved_clock_level() == 1
    ok("table", "level")
    assert saved_clock_level() == 2


def dies_this_deal(player: str, *treasures: str) -> None:
    """``player`` holds these treasures and has only one blind of gold left."""
    for t in treasures:
        give(player, t)
    ok("table", "gold", player, f"-{gold()[player] - 100}")


def test_the_winner_takes_one_treasure_of_a_dead_character_after_the_settlement() -> None:
    """000, Character death: the winner of the deal in which a character ran out of gold
    takes one of its treasures, chosen after the showdown with 'table loot' (no undo and
    retyped showdown); the others stay out of the game, and nobody else may take one."""
    new_game()
    dies_this_deal("ann", "crystal-dagger", "empty-chest")
    ok("table", "deal", "--cards")
    said = js("table", "showdown", "all=100", "--result", "ben > cy > dee > ann")["table"]
    assert any("companion table loot ben TREASURE" in n for n in said["notes"])
    assert "no dead character's treasure" in refused("table", "loot", "cy", "dagger")
    assert "not among the treasures" in refused("table", "loot", "ben", "soul chest")
    taken = js("table", "loot", "ben", "dagger")
    assert taken["cards"][0]["id"] == "crystal-dagger" and taken["cards"][0]["holder"] == "ben"
    assert "no dead character's treasure" in refused("table", "loot", "ben", "empty chest")
    ok("table", "undo")
    hand = js("table", "hand", "ann")["cards"]
    ok("table", "choose", "ann", next(c["id"] for c in hand if c["deck"] == "characters"))
    ok("table", "deal", "--cards")  # the chance is gone with the deal
    assert "no dead character's treasure" in refused("table", "loot", "ben", "dagger")


def test_name_all_puts_in_everything_the_table_counts_for_an_all_in_player() -> None:
    """Appendix F 4, all in: 'ann=all' is all the gold the table counts for ann, so the
    dealer types no figure the table knows; she can win only her bet from each player."""
    new_game()
    ok("table", "deal", "--cards")
    ok("table", "gold", "ann", f"-{gold()['ann'] - 300}")
    before = gold()
    shown = js(
        "table",
        "showdown",
        "ann=all",
        "ben=600",
        "cy=600",
        "dee=600",
        "--result",
        "ann > ben > cy > dee",
    )
    assert shown["payouts"]["ann"] == 1200 and shown["payouts"]["ben"] == 900
    assert gold()["ann"] == before["ann"] - 300 + 1200


def test_name_all_in_pot_is_the_gold_the_current_table_counts_for_the_player() -> None:
    """Appendix F 4, all in, for 'companion pot': with a Dungeon Poker table current,
    'ann=all' is ann's gold at the table (the same rule 'table showdown' reads); with no
    table counting her gold, the amount must be given."""
    new_game()
    ok("table", "gold", "ann", f"-{gold()['ann'] - 300}")
    split = js("pot", "ann=all", "ben=600", "cy=600", "--result", "ann > ben > cy")
    assert split["payouts"]["ann"] == 900 and split["payouts"]["ben"] == 600
    assert "no gold for zed" in refused("pot", "zed=all", "ben=300", "--result", "zed > ben")
    assert "no gold for ann" in refused(
        "pot", "ann=all", "ben=300", "--result", "ann > ben", "--game", "holdem"
    )


def test_a_claimed_big_pile_of_gold_pays_its_salvage_price_nothing() -> None:
    """000, Artifacts (legendary): keeping a legendary artifact, the finder gives up the
    other artifacts to the bank, which claims each for its salvage price alone: a minor
    Big Pile of Gold brings 0 (sold, it would bring 1,000); a legendary one declined
    brings 1,000. Without a legendary artifact there is no claim, only a sale."""
    new_game()
    give("ben", "big-pile-of-gold")
    assert "holds no legendary artifact" in refused("table", "claim", "ben", "big pile of gold")
    give("ben", "amulet-of-luck")
    before = gold()["ben"]
    claimed = js("table", "claim", "ben", "big pile of gold")
    assert claimed["cards"][0]["pile"] == "removed"
    assert gold()["ben"] == before
    ok("table", "claim", "ben", "amulet of luck")
    assert gold()["ben"] == before + 1000
    assert "claimed" in ok("table", "log").stdout


def test_a_level_already_played_is_not_opened_again_and_the_table_says_why() -> None:
    """000, Levels: the level cards only go forward, so 'table level 2' at level 3 opens
    nothing and says what does ('table undo', 'table level')."""
    new_game()
    ok("table", "level", "3")
    text = ok("table", "level", "2").stdout
    assert "already been played" in text and "table undo" in text
    assert js("table", "show")["dungeon_poker"]["level"]["level"] == 3


def test_the_undeath_amulets_three_blinds_are_those_of_the_level_the_character_returns_in() -> None:
    """Appendix C, Undeath Amulet: back in the next deal with three blinds of gold; when the
    deal that killed the character also ended the level (here the Astral Warlock's win),
    they are the new level's blinds (docs/decisions.md)."""
    new_game()
    dies_this_deal("ann", "undeath-amulet")
    ok("table", "deal", "--cards")
    rig("monsters", "astral-warlock")
    ok("table", "monster")
    ok("table", "showdown", "all=100", "--result", "astral warlock > ben > cy > dee > ann")
    said = ok("table", "deal", "--cards").stdout
    assert "ann returns with the Undeath Amulet's gold" in said
    assert gold()["ann"] == 3 * 200
