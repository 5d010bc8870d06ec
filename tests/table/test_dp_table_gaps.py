"""Dungeon Poker at the table: the deal count, gold from abilities, corrections, Tree of Life."""

from __future__ import annotations

from companion.cards import load_game
from companion.games.dungeon_poker import levels, state
from companion.games.dungeon_poker import table_rules as dp
from companion.table import open_store
from tests.table.test_dp_table_findings import (
    gold,
    js,
    new_game,
    ok,
    refused,
    rig,
    set_gold,
)

CARDS = load_game("dungeon-poker")


def test_a_level_lasts_as_many_deals_as_the_tables_clock_plays() -> None:
    """Levels ("one level lasts five deals"), played shorter on the clock: a table whose
    clock plays 3 deals a level opens the next level once the third deal is played."""
    new_game()
    ok("timer", "run", "--paused", "--deals-per-level", "3")
    numbers = [js("table", "deal")["deal"] for _ in range(4)]
    assert numbers == [1, 2, 3, 1]
    assert js("table", "show")["dungeon_poker"]["level"]["level"] == 2


def test_the_table_counts_the_deals_its_clock_reads_even_when_it_counts_them_itself() -> None:
    """Levels: the table reads the deals of a level where its clock does (the clock's
    settings, else the structure's five), also when it counts a deal without the clock."""
    new_game()
    with open_store(None) as store, store.transaction() as tx:
        table = tx.table(None)
        assert levels.deals_per_level(tx, table) == 5
    ok("timer", "run", "--paused", "--deals-per-level", "3")
    with open_store(None) as store, store.transaction() as tx:
        table = tx.table(None)
        assert levels.deals_per_level(tx, table) == 3
        numbers = [dp.start_deal(tx, table).number for _ in range(4)]  # no clock counter
        assert numbers == [1, 2, 3, 1]
        assert dp.level_now(tx, table).level == 2
    ok("timer", "reset")
    ok("timer", "run", "--paused", "--deals-per-level", "0")
    with open_store(None) as store, store.transaction() as tx:
        assert levels.deals_per_level(tx, tx.table(None)) is None  # deals never end a level


# -- gold that character abilities take from the bank --------------------------------------


def play_as(player: str, character: str) -> None:
    """``player``'s character is this one (the table dealt another): gold stays as counted."""
    with open_store(None) as store, store.transaction() as tx:
        table = tx.table(None)
        (mine,) = tx.pile(table, "characters", "in_play", player)
        wanted = next(c for c in tx.cards(table, "characters") if c.card_id == character)
        if wanted.pile == "in_play":  # another player has it: swap
            tx.move(table, mine, "in_play", wanted.holder)
        else:
            tx.move(table, mine, wanted.pile, wanted.holder)
        tx.move(table, wanted, "in_play", player)
        gems = state.gems_of(tx, table)  # and the soul gems the character starts with
        state.set_gems(tx, table, {**gems, player: CARDS.get(character).soul_gems})


def test_healing_prayer_takes_600_gold_when_under_5000_at_the_deals_start() -> None:
    """Appendix A, Paladin's Healing prayer: 600 gold from the bank for a Paladin under 5000
    gold as the deal began; no per-deal limit, and one undo takes one back."""
    new_game()
    play_as("a", "paladin")
    set_gold(a=4000)
    ok("table", "deal")
    moved = js("table", "ability", "a", "healing prayer")
    assert (moved["amount"], moved["gold"], moved["ability"]) == (600, 4600, "healing-prayer")
    assert (moved["soul_gems_amount"], moved["soul_gems"]) == (-1, 2)  # the Paladin's 3, less 1
    assert "pays 1 soul gem to the bank (Healing prayer)" in moved["text"]
    assert gold()["a"] == 4600
    # the condition is the gold at the deal's start: still met at 4,600 and at 5,200
    assert js("table", "ability", "a", "Healing prayer")["gold"] == 5200
    assert "a: Healing prayer, +600 gold" in ok("table", "log").stdout
    ok("table", "undo")
    assert gold()["a"] == 4600


def test_healing_prayer_needs_less_than_5000_gold_at_the_deals_start() -> None:
    """Appendix A, Paladin: with 5000 gold as the deal began, the prayer gives nothing,
    even after the gold dropped during the deal."""
    new_game()
    play_as("a", "paladin")
    set_gold(a=5000)
    ok("table", "deal")
    ok("table", "gold", "a", "-500", "--note", "Dense fog: looked at the hidden card")
    said = refused("table", "ability", "a", "Healing prayer")
    assert "less than 5,000 gold at the start of the deal: a had 5,000" in said
    assert gold()["a"] == 4500


def test_regeneration_takes_the_blind_at_most_500_once_a_deal() -> None:
    """Appendix A, Cave Troll: under 5000 gold at the deal's start and still in at the
    flop, take the blind's worth, at most 500, from the bank (the flop comes once)."""
    new_game()
    play_as("b", "cave-troll")
    set_gold(b=3000)
    ok("table", "deal")
    moved = js("table", "ability", "b", "regeneration")
    assert (moved["amount"], moved["gold"]) == (100, 3100)  # level 1: blind 100
    assert moved["soul_gems_amount"] == 0  # passive: it costs nothing
    assert "already acted in this deal" in refused("table", "ability", "b", "Regeneration")
    ok("table", "level", "5")  # blind 600
    ok("table", "deal")
    assert js("table", "ability", "b", "Regeneration")["amount"] == 500


def test_ambush_and_run_pays_its_gems_and_leaves_its_gold_to_the_showdown() -> None:
    """Appendix A: Ambush & run takes its gold from the pot, which the showdown settles (its
    gems are paid now); an ability the character lacks, or used outside a deal, is refused."""
    new_game()
    play_as("a", "rogue")
    play_as("b", "paladin")
    ok("table", "deal")
    ran = js("table", "ability", "a", "Ambush & run")
    assert (ran["amount"], ran["soul_gems_amount"], ran["soul_gems"]) == (0, -2, 2)
    assert "declared: ambush_and_run" in ran["notes"][0]
    assert js("table", "ability", "b", "holy avenger")["soul_gems"] == 2
    said = refused("table", "ability", "a", "Healing prayer")
    assert "a plays Rogue, who has no ability 'Healing prayer'" in said
    ok("table", "showdown", "a=100", "b=100", "c=100", "d=100", "--result", "a > b > c > d")
    set_gold(b=1000)
    assert "during a deal" in refused("table", "ability", "b", "Healing prayer")


def test_no_healing_prayer_during_the_anti_magic_zone_and_it_costs_more_in_low_magic() -> None:
    """Appendix D: in the Anti-magic zone special abilities do not work; in Low magic every
    special ability costs one soul gem more."""
    new_game()
    play_as("a", "paladin")
    set_gold(a=2000)
    rig("encounters", "anti-magic-zone", "low-magic")
    ok("table", "level")
    ok("table", "deal")
    assert "does not work during Anti-magic zone" in refused(
        "table", "ability", "a", "Healing prayer"
    )
    ok("table", "level")
    ok("table", "deal")
    dearer = js("table", "ability", "a", "Healing prayer")
    assert (dearer["soul_gems_amount"], dearer["soul_gems"]) == (-2, 1)


def test_a_gold_correction_is_logged_undone_by_one_undo_and_refuses_bad_amounts() -> None:
    """Gold moved outside a rule the table plays (a fine, a miscount): one line in the log,
    one undo; whole coins of 100, never more than the player has."""
    new_game()
    moved = js("table", "gold", "c", "+1000", "--note", "counted wrong")
    assert moved["text"] == "c takes 1,000 gold from the bank (counted wrong): 6,000 gold now"
    assert "c: +1,000 gold (counted wrong)" in ok("table", "log").stdout
    ok("table", "undo")
    assert gold()["c"] == 5000
    assert "whole coins of 100" in refused("table", "gold", "c", "+50")
    assert "whole coins of 100" in refused("table", "gold", "c", "0")
    assert "'ten'" in refused("table", "gold", "c", "ten")
    assert "c has only 5,000 gold" in refused("table", "gold", "c", "-5100")
    assert "'zed' is not a player" in refused("table", "gold", "zed", "+100")
    emptied = js("table", "gold", "c", "-5000")
    assert emptied["gold"] == 0 and "c has no gold left" in emptied["notes"][0]


def test_gold_a_correction_brings_can_win_the_game() -> None:
    """Winning the game: the gold target counts every gold the table counts."""
    new_game()
    set_gold(d=14500)
    moved = js("table", "gold", "d", "+500", "--note", "a coin under the mat")
    assert moved["victory"]["how"] == "gold"
    assert moved["notes"] == ["d has 15,000 gold (target 15,000) and wins the game!"]


# -- the Tree of Life through draw main -----------------------------------------------------


def test_the_tree_of_life_from_draw_main_gives_only_to_players_still_in_the_pot() -> None:
    """Monsters, friendly monsters: the Tree of Life grants 1000 gold to every player still
    in the pot; when the M card comes through 'draw main', '--folded' names who is not."""
    new_game()
    ok("table", "deal")
    rig("main", "monster-card")
    rig("monsters", "tree-of-life")
    before = gold()
    drawn = js("draw", "main", "--folded", "b", "--folded", "C")
    tree = next(c for c in drawn["cards"] if c["id"] == "tree-of-life")
    assert "a and d take 1,000 gold from the bank each" in tree["notes"]
    assert "b and c had folded: no gift" in tree["notes"]
    after = gold()
    assert {p: after[p] - before[p] for p in after} == {"a": 1000, "b": 0, "c": 0, "d": 1000}
    assert len([c for c in drawn["cards"] if c["deck"] == "main"]) == 2  # M and its replacement
    ok("table", "undo")
    assert gold() == before


def test_draw_folded_is_refused_where_no_monster_can_come() -> None:
    """'--folded' only says who gets a friendly monster's gift: a treasure draw refuses it,
    as does a name that is not a player, before anything is drawn."""
    new_game()
    ok("table", "deal")
    assert "not 'draw treasures'" in refused("draw", "treasures", "--folded", "a")
    assert "'zed' is not a player" in refused("draw", "main", "--folded", "zed")
    rig("monsters", "lucky-elf")
    (elf,) = js("draw", "monsters", "--folded", "a")["cards"]
    assert "b, c and d take 1 soul gem from the bank each" in elf["notes"]
