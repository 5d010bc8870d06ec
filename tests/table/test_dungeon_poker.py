"""Dungeon Poker at the table: each rule of the rulebook that the table store applies."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from companion.cards import load_game
from companion.errors import CompanionError
from companion.games.dungeon_poker import table_rules as dp
from companion.games.dungeon_poker.state import NS
from companion.games.dungeon_poker.table_rules import sell, use, win_targets
from companion.table import TableInfo, TableStore, Transaction, draw, new_table, undo
from tests.conftest import invoke

CARDS = load_game("dungeon-poker")
PLAYERS = ["Ann", "Bo", "Cy", "Di"]


def _new(
    store: TableStore,
    players: list[str] = PLAYERS,
    seed: int = 5,
    name: str = "dp",
    **options: bool,
) -> TableInfo:
    with store.transaction() as tx:
        table, _ = new_table(tx, name, "dungeon-poker", players, seed=seed, options=options)
    return table


def _on_top(tx: Transaction, table: TableInfo, deck: str, *card_ids: str) -> None:
    """Stack the draw pile so that ``card_ids`` come next, in that order (a rigged deck for a test)."""
    pile = tx.pile(table, deck, "draw")
    chosen = []
    for card_id in card_ids:
        copy = next(c for c in pile if c.card_id == card_id and c not in chosen)
        chosen.append(copy)
    tx.arrange(table, chosen, "draw")


def _ids(cards: list) -> list[str]:  # type: ignore[type-arg]
    return [c.card_id for c in cards]


def _choose_all(tx: Transaction, table: TableInfo) -> None:
    for player in table.players:
        dealt = tx.pile(table, "characters", "held", player)
        dp.choose(tx, table, player, dealt[0].card_id)


# -- preparing the game ----------------------------------------------------------------------


def test_setup_keeps_skulls_golem_and_second_fire_dragon_out_of_the_decks(
    store: TableStore,
) -> None:
    table = _new(store)
    with store.transaction(write=False) as tx:
        aside = Counter(
            c.card_id for c in tx.pile(table, None, "aside") if c.deck in ("skulls", "monsters")
        )
        assert aside == {"skull": 8, "golem": 1, "fire-dragon-extra": 1}
        drawable = Counter(c.card_id for c in tx.pile(table, "monsters", "draw"))
    assert sum(drawable.values()) == 22 and drawable["fire-dragon"] == 1


def test_setup_lays_the_level_deck_in_order_from_100_with_the_first_level_open(
    store: TableStore,
) -> None:
    table = _new(store)
    with store.transaction(write=False) as tx:
        assert _ids(tx.pile(table, "levels", "in_play")) == ["level-100"]
        assert _ids(tx.pile(table, "levels", "draw")) == [
            "level-200",
            "level-300",
            "level-500",
            "level-600",
            "level-700",
            "level-800",
            "level-900",
            "level-1000",
            "level-1500",
        ]
        now = dp.level_now(tx, table)
    assert (now.level, now.blind, now.encounter) == (1, 100, None)


def test_setup_shuffles_the_character_treasure_encounter_monster_and_main_decks(
    store: TableStore,
) -> None:
    table = _new(store)
    with store.transaction(write=False) as tx:
        for deck in ("characters", "treasures", "encounters", "monsters", "main"):
            in_file_order = [c.id for c in CARDS.deck(deck) for _ in range(c.quantity)]
            pile = _ids(tx.pile(table, deck, "draw")) + _ids(tx.pile(table, deck, "held"))
            assert sorted(pile) == sorted(
                i for i in in_file_order if i not in ("golem", "fire-dragon-extra")
            )
            assert pile != in_file_order[: len(pile)], deck


def test_the_first_edition_extra_cards_stay_in_the_box(store: TableStore) -> None:
    table = _new(store)
    with store.transaction(write=False) as tx:
        assert tx.count(table, "extras", "aside") == 19
        assert tx.count(table, "extras", "draw") == 0


def test_two_player_characters_are_dealt_to_each_player_to_choose_one(store: TableStore) -> None:
    table = _new(store)
    with store.transaction(write=False) as tx:
        dealt = {p: _ids(tx.pile(table, "characters", "held", p)) for p in PLAYERS}
        assert tx.count(table, "characters", "draw") == 14 - 8
    assert all(len(d) == 2 for d in dealt.values())
    assert len({c for d in dealt.values() for c in d}) == 8


def test_the_same_seed_deals_the_same_characters_and_draws_the_same_cards(
    store: TableStore,
) -> None:
    tables = [_new(store, seed=2024, name=name) for name in ("one", "two")]
    seen = []
    for table in tables:
        with store.transaction() as tx:
            characters = {p: _ids(tx.pile(table, "characters", "held", p)) for p in PLAYERS}
            _choose_all(tx, table)
            levels = [dp.next_level(tx, table).encounter.card_id for _ in range(3)]  # type: ignore[union-attr]
            monsters = _ids(dp.monster(tx, table))
            treasures = _ids(dp.win(tx, table, ["Bo"]))
            seen.append((characters, levels, monsters, treasures))
    assert seen[0] == seen[1]
    other = _new(store, seed=2025, name="three")
    with store.transaction(write=False) as tx:
        assert {p: _ids(tx.pile(other, "characters", "held", p)) for p in PLAYERS} != seen[0][0]


@pytest.mark.parametrize("players", [["Solo"], [f"p{i}" for i in range(8)]])
def test_a_table_seats_two_to_seven_players(store: TableStore, players: list[str]) -> None:
    with store.transaction() as tx, pytest.raises(CompanionError, match="seats 2 to 7 players"):
        new_table(tx, "dp", "dungeon-poker", players, seed=1)


# -- characters -------------------------------------------------------------------------------


def test_choosing_a_character_sends_the_other_back_into_the_deck(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        keep, other = tx.pile(table, "characters", "held", "Ann")
        dp.choose(tx, table, "ann", CARDS.get(keep.card_id).name)
        assert _ids(tx.pile(table, "characters", "held", "Ann")) == [keep.card_id]
        assert other.card_id in _ids(tx.pile(table, "characters", "draw"))
        with pytest.raises(CompanionError, match="already chosen"):
            dp.choose(tx, table, "Ann", keep.card_id)


def test_characters_are_chosen_in_secret_and_revealed_together(store: TableStore) -> None:
    """Preparing the game: each chooses secretly; when all have chosen, all are revealed."""
    table = _new(store, players=["Ann", "Bo", "Cy"])
    with store.transaction() as tx:
        first = dp.choose(tx, table, "Ann", tx.pile(table, "characters", "held", "Ann")[0].card_id)
        assert first.waiting_for == ("Bo", "Cy") and first.revealed == ()
        assert not tx.pile(table, "characters", "in_play")  # nothing face up yet
        dp.choose(tx, table, "Bo", tx.pile(table, "characters", "held", "Bo")[1].card_id)
        kept = {p: tx.pile(table, "characters", "held", p)[0].card_id for p in ("Ann", "Bo")}
        last = dp.choose(tx, table, "Cy", tx.pile(table, "characters", "held", "Cy")[0].card_id)
        assert last.waiting_for == ()
        assert [c.holder for c in last.revealed] == ["Ann", "Bo", "Cy"]
        assert {c.holder: c.card_id for c in last.revealed if c.holder != "Cy"} == kept
        assert all(c.pile == "in_play" for c in last.revealed)
        assert not tx.pile(table, "characters", "held")


def test_no_deal_starts_while_a_player_is_still_choosing_a_character(store: TableStore) -> None:
    table = _new(store, players=["Ann", "Bo", "Cy"])
    with store.transaction() as tx:
        dp.choose(tx, table, "Ann", tx.pile(table, "characters", "held", "Ann")[0].card_id)
        with pytest.raises(CompanionError, match="Bo and Cy are still choosing"):
            dp.start_deal(tx, table)


def test_a_player_can_only_choose_a_character_dealt_to_them_and_learns_no_other_deal(
    store: TableStore,
) -> None:
    """Setup: the characters are dealt face down and chosen in secret, so refusing a
    character names only the chooser's own two, never another player or their card."""
    table = _new(store)
    with store.transaction() as tx:
        bos = cards_of(tx, table, "Bo")
        anns = cards_of(tx, table, "Ann")
        for ref in (bos[0].id, bos[0].name.lower()):
            with pytest.raises(CompanionError) as refused:
                dp.choose(tx, table, "Ann", ref)
            said = str(refused.value)
            assert "Bo" not in said and "held" not in said
            assert said.endswith("choose " + " or ".join(sorted(c.name for c in anns)))
            assert ref not in said  # the same answer for any card not dealt to Ann
        dp.choose(tx, table, "Bo", bos[1].id)
        with pytest.raises(CompanionError) as refused:
            dp.choose(tx, table, "Ann", bos[1].id)  # Bo's secret choice stays secret too
        assert "Bo" not in str(refused.value)


def cards_of(tx: Transaction, table: TableInfo, player: str) -> list[Any]:
    return [CARDS.get(c.card_id) for c in tx.pile(table, "characters", "held", player)]


def test_the_gnome_artificer_brings_his_golem_to_the_table(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        # Ann plays her first character, dies, and is dealt the next two of a rigged deck.
        _choose_all(tx, table)
        _on_top(tx, table, "characters", "gnome-artificer", "fighter")
        dp.death(tx, table, "Ann")
        chosen = dp.choose(tx, table, "Ann", "Gnome Artificer")
        assert "the Golem plays beside Ann every deal (plays with 1 card)" in chosen.notes
        assert [(c.card_id, c.holder) for c in tx.pile(table, "monsters", "in_play")] == [
            ("golem", "Ann")
        ]
        dp.death(tx, table, "Ann")  # the Golem goes back with its master
        assert "golem" in _ids(tx.pile(table, "monsters", "aside"))


def test_sir_nobbles_bigger_pouch_starts_him_with_2000_more_gold(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        _choose_all(tx, table)
        _on_top(tx, table, "characters", "sir-nobble", "fighter")
        dp.death(tx, table, "Ann")
        nobble = dp.choose(tx, table, "Ann", "sir-nobble")  # alone to choose: shown at once
    assert "Ann plays Sir Nobble: 7,000 gold and 2 soul gems" in nobble.notes


# -- character death -----------------------------------------------------------------------------


def test_after_a_character_death_two_new_characters_are_dealt_and_a_skull_is_given(
    store: TableStore,
) -> None:
    table = _new(store)
    with store.transaction() as tx:
        _choose_all(tx, table)
        dead = tx.pile(table, "characters", "in_play", "Bo")[0]
        dealt, notes = dp.death(tx, table, "Bo", winner="Ann")
        assert len(dealt) == 2 and all(d.holder == "Bo" and d.pile == "held" for d in dealt)
        assert dead.card_id in _ids(tx.pile(table, "characters", "removed"))
        assert _ids(tx.pile(table, "skulls", "held", "Bo")) == ["skull"]
        assert any("skull 1" in n for n in notes)


def test_the_winner_takes_one_treasure_of_the_dead_character_and_the_rest_leave_the_game(
    store: TableStore,
) -> None:
    table = _new(store)
    with store.transaction() as tx:
        _choose_all(tx, table)
        _on_top(tx, table, "treasures", "crystal-dagger", "spyglass", "empty-chest")
        dp.win(tx, table, ["Bo"])
        dp.win(tx, table, ["Bo"])
        dp.win(tx, table, ["Bo"])
        dp.death(tx, table, "Bo", winner="Cy", takes="Spyglass")
        assert _ids(tx.pile(table, "treasures", "held", "Cy")) == ["spyglass"]
        assert tx.pile(table, "treasures", "held", "Bo") == []
        assert sorted(_ids(tx.pile(table, "treasures", "removed"))) == [
            "crystal-dagger",
            "empty-chest",
        ]


def test_a_third_skull_ends_the_players_game(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        _choose_all(tx, table)
        for expected_skulls in (1, 2):
            dp.death(tx, table, "Cy")
            dp.choose(tx, table, "Cy", tx.pile(table, "characters", "held", "Cy")[0].card_id)
            assert tx.count(table, "skulls", "held") == expected_skulls
        dealt, notes = dp.death(tx, table, "Cy")
        assert dealt == [] and "Cy has 3 skulls and is out of the game" in notes
        assert tx.pile(table, "characters", "held", "Cy") == []
        with pytest.raises(CompanionError, match="already out"):
            dp.death(tx, table, "Cy")


def test_when_the_eight_skull_cards_are_out_the_table_keeps_counting_and_says_so(
    store: TableStore,
) -> None:
    """Eight skull cards in the box: a ninth skull is marked some other way, still counted."""
    table = _new(store, players=["A", "B", "C", "D", "E"])
    with store.transaction() as tx:
        _choose_all(tx, table)
        said: list[str] = []
        for _ in range(2):  # two skulls each for A-D: all eight cards are out
            for p in ("A", "B", "C", "D"):
                _, notes = dp.death(tx, table, p)
                said += notes
            for p in ("A", "B", "C", "D"):
                dp.choose(tx, table, p, tx.pile(table, "characters", "held", p)[0].card_id)
        assert not tx.pile(table, "skulls", "aside")
        _, notes = dp.death(tx, table, "E")
        assert not any("skull cards are out" in n for n in said)
        assert any("all 8 skull cards are out: mark E's skull" in n for n in notes)
        assert tx.get_state(table, NS, "skulls")["E"] == 1


def test_each_skull_raises_the_gold_to_win_by_5000(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        _choose_all(tx, table)
        dp.death(tx, table, "Di")
    players = {
        p["name"]: p for p in invoke("table", "show", "--json").json()["dungeon_poker"]["players"]
    }
    assert players["Di"]["targets"]["gold"] == 20000 and players["Di"]["skulls"] == 1
    assert players["Ann"]["targets"]["gold"] == 15000
    assert players["Di"]["treasures"] == 0 and players["Di"]["targets"]["treasures"] == 9


def test_in_tournament_play_a_dead_character_drops_its_player_out(store: TableStore) -> None:
    table = _new(store, tournament=True)
    with store.transaction() as tx:
        _choose_all(tx, table)
        dealt, notes = dp.death(tx, table, "Ann")
        assert dealt == [] and "Ann is out of the game" in notes
        assert tx.count(table, "skulls", "held") == 0


def test_heads_up_a_player_out_of_gold_loses_the_game(store: TableStore) -> None:
    table = _new(store, players=["Ann", "Bo"])
    with store.transaction() as tx:
        _choose_all(tx, table)
        _, notes = dp.death(tx, table, "Bo", winner="Ann")
    assert "Bo is out of the game: the other player wins" in notes


# -- levels and encounters --------------------------------------------------------------------------


def test_an_encounter_is_drawn_at_every_new_level_but_the_first(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        seen = []
        for level, blind in ((2, 200), (3, 300), (4, 500)):
            change = dp.next_level(tx, table)
            assert (change.level, change.blind, change.drawn) == (level, blind, True)
            assert change.encounter is not None and change.encounter.pile == "in_play"
            seen.append(change.encounter.card_id)
        assert _ids(tx.pile(table, "encounters", "in_play")) == seen[-1:]
        assert sorted(_ids(tx.pile(table, "encounters", "removed"))) == sorted(seen[:-1])
        assert _ids(tx.pile(table, "levels", "in_play")) == ["level-500"]
        assert sorted(_ids(tx.pile(table, "levels", "removed"))) == [
            "level-100",
            "level-200",
            "level-300",
        ]


def test_the_soul_gem_levels_are_500_800_and_1500(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        gems = {dp.next_level(tx, table).blind: dp.level_now(tx, table).soul_gems for _ in range(9)}
    assert [b for b, g in gems.items() if g] == [500, 800, 1500]


def test_after_the_last_level_card_the_blind_rises_by_500_a_level(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        blinds = [dp.next_level(tx, table).blind for _ in range(12)]
        assert tx.pile(table, "levels", "in_play") == []
    assert blinds[8:] == [1500, 2000, 2500, 3000]


def test_the_shorter_game_plays_100_300_500_700_1000_1500_then_500_more_each_level(
    store: TableStore,
) -> None:
    table = _new(store, short=True)
    with store.transaction() as tx:
        blinds = [dp.level_now(tx, table).blind] + [
            dp.next_level(tx, table).blind for _ in range(7)
        ]
        assert sorted(_ids(tx.pile(table, "levels", "aside"))) == [
            "level-200",
            "level-600",
            "level-800",
            "level-900",
        ]
    assert blinds == [100, 300, 500, 700, 1000, 1500, 2000, 2500]


def test_the_first_edition_extra_level_card_400_comes_between_300_and_500(
    store: TableStore,
) -> None:
    """Appendix E: an extra level card slows the blinds; the card data makes it 400."""
    table = _new(store, extra_level=True)
    with store.transaction() as tx:
        assert _ids(tx.pile(table, "levels", "draw"))[:3] == ["level-200", "level-300", "level-400"]
        assert "level-400" not in _ids(tx.pile(table, "extras", "aside"))
        blinds = [dp.level_now(tx, table).blind] + [
            dp.next_level(tx, table).blind for _ in range(11)
        ]
        assert dp.level_now(tx, table).level_card is None  # past the last card
    assert blinds == [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1500, 2000]


def test_the_shorter_game_and_the_extra_level_card_do_not_go_together(store: TableStore) -> None:
    with pytest.raises(CompanionError, match="choose one of them"):
        _new(store, short=True, extra_level=True)


def test_when_the_encounter_deck_runs_out_no_more_encounters_are_drawn(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        drawn = [dp.next_level(tx, table) for _ in range(30)]
    got = [c for c in drawn if c.encounter is not None]
    # Paranoia needs three players or more: with four at the table all 22 are used.
    assert len(got) == 22
    assert drawn[22].encounter is None and any("run out" in n for n in drawn[22].notes)
    assert drawn[-1].level == 31


def test_entering_a_level_already_in_force_draws_nothing(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        opened = dp.enter_level(tx, table, 3)
        assert (opened.level, opened.blind, opened.drawn) == (3, 300, True)
        again = dp.enter_level(tx, table, 3)
        back = dp.enter_level(tx, table, 2)
        assert not again.drawn and not back.drawn
        assert again.encounter == opened.encounter and back.level == 3
        assert (
            tx.count(table, "encounters", "removed") == 0
        )  # jumping two levels drew one encounter


def test_paranoia_is_replaced_in_a_two_player_game(store: TableStore) -> None:
    table = _new(store, players=["Ann", "Bo"])
    with store.transaction() as tx:
        _on_top(tx, table, "encounters", "paranoia", "plague")
        change = dp.next_level(tx, table)
    assert change.encounter is not None and change.encounter.card_id == "plague"
    assert any("Paranoia needs 3 players" in n for n in change.notes)


def test_paranoia_is_replaced_when_only_two_players_are_left_in_a_tournament(
    store: TableStore,
) -> None:
    table = _new(store, players=["Ann", "Bo", "Cy"], tournament=True)
    with store.transaction() as tx:
        _choose_all(tx, table)
        dp.death(tx, table, "Cy")
        _on_top(tx, table, "encounters", "paranoia", "plague")
        assert dp.next_level(tx, table).encounter.card_id == "plague"  # type: ignore[union-attr]


def test_in_a_tournament_removed_encounters_are_shuffled_into_a_new_deck(store: TableStore) -> None:
    table = _new(store, tournament=True)
    with store.transaction() as tx:
        drawn = [dp.next_level(tx, table) for _ in range(25)]
    assert all(c.encounter is not None for c in drawn)
    assert any("shuffled into a new deck" in n for n in drawn[22].notes)


def test_teleport_trap_ends_the_level_and_next_level_opens_at_once(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        _choose_all(tx, table)
        _on_top(tx, table, "treasures", "teleport-trap")
        (trap,) = dp.win(tx, table, ["Ann"])
        assert trap.pile == "removed" and any("level 2 opens now" in n for n in trap.notes)
        assert dp.level_now(tx, table).level == 2  # opened by the trap itself


def test_undoing_a_level_brings_back_the_level_and_encounter_before_it(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        first = dp.next_level(tx, table)
    with store.transaction() as tx:
        dp.next_level(tx, table)
        undo(tx, table)
        now = dp.level_now(tx, table)
        assert (now.level, now.encounter) == (2, first.encounter)
        assert dp.next_level(tx, table).level == 3


# -- monsters ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("monster", "plays", "shown"),
    [("giant", 3, 1), ("earth-elemental", 4, 4), ("skeleton-warrior", 2, 1), ("goblin", 1, 0)],
)
def test_a_monster_comes_with_how_many_cards_it_plays_and_how_many_are_open(
    store: TableStore, monster: str, plays: int, shown: int
) -> None:
    table = _new(store)
    with store.transaction() as tx:
        _on_top(tx, table, "monsters", monster)
        (card,) = dp.monster(tx, table)
    assert (card.card_id, card.pile, card.info["plays"], card.info["open"], card.info["king"]) == (
        monster,
        "in_play",
        plays,
        shown,
        False,
    )


def test_kings_cave_draws_a_king_monster_with_one_extra_card_at_the_showdown(
    store: TableStore,
) -> None:
    table = _new(store)
    with store.transaction() as tx:
        with pytest.raises(CompanionError, match="King's cave"):
            dp.monster(tx, table, showdown=True)
        _on_top(tx, table, "encounters", "kings-cave")
        dp.next_level(tx, table)
        _on_top(tx, table, "monsters", "orc")
        (orc,) = dp.monster(tx, table, showdown=True)
        assert (orc.info["plays"], orc.info["king"]) == (3, True)
        _on_top(tx, table, "monsters", "giant")
        (giant,) = dp.monster(tx, table)  # the M card in King's cave: an ordinary monster
        assert (giant.info["plays"], giant.info["king"]) == (3, False)


def test_kings_cave_winner_draws_two_treasures(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        _choose_all(tx, table)
        _on_top(tx, table, "encounters", "kings-cave")
        dp.next_level(tx, table)
        _on_top(tx, table, "treasures", "empty-chest", "spyglass")
        assert _ids(dp.win(tx, table, ["Ann"])) == ["empty-chest", "spyglass"]


def test_dragon_age_places_the_extra_fire_dragon_as_a_king_in_every_deal(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        _choose_all(tx, table)
        _on_top(tx, table, "encounters", "dragon-age", "plague")
        change = dp.next_level(tx, table)
        (dragon,) = dp.monsters_in_play(tx, table)
        assert (dragon.card_id, dragon.info["king"], dragon.info["plays"]) == (
            "fire-dragon-extra",
            True,
            4,
        )
        assert any("joins every deal" in n for n in change.encounter.notes)  # type: ignore[union-attr]
        _on_top(tx, table, "treasures", "spyglass")
        result = dp.monster_result(
            tx, table, "lost", slayer="Bo"
        )  # slain: its treasure to the slayer
        assert _ids(result) == ["fire-dragon-extra", "spyglass"]
        assert _ids(tx.pile(table, "treasures", "held", "Bo")) == ["spyglass"]
        assert _ids(tx.pile(table, "monsters", "in_play")) == [
            "fire-dragon-extra"
        ]  # back next deal
        dp.next_level(tx, table)  # the encounter ends, the dragon goes back in the box
        assert tx.pile(table, "monsters", "in_play") == []
        assert "fire-dragon-extra" in _ids(tx.pile(table, "monsters", "aside"))


def test_a_monster_that_won_or_tied_goes_back_and_the_monster_deck_is_shuffled(
    store: TableStore,
) -> None:
    table = _new(store)
    with store.transaction() as tx:
        for outcome in ("won", "tied"):
            _on_top(tx, table, "monsters", "orc")
            before = _ids(tx.pile(table, "monsters", "draw"))
            dp.monster(tx, table)
            (orc, *_) = dp.monster_result(tx, table, outcome)
            assert orc.pile == "draw"
            after = _ids(tx.pile(table, "monsters", "draw"))
            assert sorted(after) == sorted(before) and after != before
            assert tx.count(table, "monsters", "in_play") == 0


def test_a_monster_that_lost_is_removed_from_the_game(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        _on_top(tx, table, "monsters", "zombie")
        dp.monster(tx, table)
        (zombie, *_) = dp.monster_result(tx, table, "lost", slayer="Ann")
    assert zombie.pile == "removed"


def test_a_tie_with_a_monster_leaves_the_treasure_for_the_next_deal(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        _choose_all(tx, table)
        dp.monster(tx, table)
        dp.monster_result(tx, table, "tied")
        assert len(dp.win(tx, table, ["Cy"])) == 2


def test_the_gnome_lunatic_explodes_even_when_it_wins(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        _on_top(tx, table, "monsters", "gnome-lunatic")
        dp.monster(tx, table)
        (gnome, *_) = dp.monster_result(tx, table, "won")
    assert gnome.pile == "removed"


def test_friendly_monsters_resolve_their_gift_and_leave_the_game(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        _on_top(tx, table, "monsters", "tree-of-life")
        (tree,) = dp.monster(tx, table)
    assert tree.pile == "removed" and tree.info["friendly"]


def test_an_empty_monster_deck_means_all_monsters_are_slain(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        for _ in range(22):
            if dp.monster(tx, table)[0].pile == "in_play":
                dp.monster_result(tx, table, "lost")
        result = dp.monster(tx, table)
    assert list(result) == [] and "all monsters have been slain" in result.notes[0]
    cli = invoke("table", "monster")
    assert cli.exit_code == 0 and "all monsters have been slain" in cli.stdout


def test_in_a_tournament_slain_monsters_are_shuffled_into_a_new_deck(store: TableStore) -> None:
    table = _new(store, tournament=True)
    with store.transaction() as tx:
        for _ in range(22):
            if dp.monster(tx, table)[0].pile == "in_play":
                dp.monster_result(tx, table, "lost")
        again = dp.monster(tx, table)
    assert len(again) == 1 and any("shuffled into a new deck" in n for n in again.notes)


def test_a_summoned_monster_plays_for_its_summoner(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        _on_top(tx, table, "monsters", "orc")
        (orc,) = dp.monster(tx, table, summoned_by="Di")
    assert (orc.holder, orc.info["summoned_by"]) == ("Di", "Di")


def test_the_monster_card_in_the_main_deck_is_replaced_and_brings_a_monster(
    store: TableStore,
) -> None:
    table = _new(store)
    with store.transaction() as tx:
        _on_top(tx, table, "main", "as", "monster-card", "kd")
        _on_top(tx, table, "monsters", "giant")
        drawn = draw(tx, table, "main", 2, "Ann")
        assert _ids(drawn) == ["as", "monster-card", "giant", "kd"]
        assert _ids(tx.pile(table, "main", "held", "Ann")) == ["as", "kd"]
        assert _ids(tx.pile(table, "main", "discard")) == ["monster-card"]  # to the graveyard
        assert _ids(tx.pile(table, "monsters", "in_play")) == ["giant"]


def test_slaying_the_genie_says_the_slayer_takes_a_soul_gem(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        _on_top(tx, table, "monsters", "genie")
        dp.monster(tx, table)
        (genie,) = dp.monster_result(tx, table, "lost", slayer="Ann")
    assert any("soul gem" in n.lower() for n in genie.notes)


def test_which_monster_must_be_named_when_several_are_in_play(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        _on_top(tx, table, "monsters", "orc", "giant")
        dp.monster(tx, table)
        dp.monster(tx, table)
        with pytest.raises(CompanionError, match="say which monster"):
            dp.monster_result(tx, table, "won")
        assert dp.monster_result(tx, table, "lost", monster="Giant")[0].card_id == "giant"
        assert dp.monster_result(tx, table, "won")[0].card_id == "orc"


def test_war_mongering_makes_every_monster_a_king_but_a_players_own_golem() -> None:
    """Appendix D: all monsters count as Kings; the Golem's winnings stay its Gnome's
    (decisions.md, King Monsters). The table and the showdown read this one rule."""
    from companion.games.dungeon_poker.monsters import counts_as_king

    war = CARDS.get("war-mongering").rules
    assert counts_as_king(CARDS.get("orc"), war)
    assert not counts_as_king(CARDS.get("golem"), war)
    assert counts_as_king(CARDS.get("baron"), CARDS.get("normal-times").rules)


def test_kings_cave_monster_drawn_at_the_showdown_is_a_king_with_one_extra_card() -> None:
    """Appendix D, King's cave: the showdown's monster is a King and plays one more card."""
    from companion.games.dungeon_poker.monsters import counts_as_king, plays_with

    cave, orc = CARDS.get("kings-cave").rules, CARDS.get("orc")
    assert counts_as_king(orc, cave, at_showdown=True) and not counts_as_king(orc, cave)
    assert plays_with(orc, cave, at_showdown=True) == orc.cards + 1
    assert plays_with(orc, cave) == orc.cards


def test_happy_the_clown_never_plays_more_than_four_cards() -> None:
    """Appendix B: Happy may hold four cards at most, whatever adds to a monster's cards."""
    from companion.cards.dungeon_poker import EncounterRules
    from companion.games.dungeon_poker.monsters import plays_with

    happy = CARDS.get("happy-the-clown")
    assert plays_with(happy, EncounterRules(monster_extra_cards=9)) == happy.max_cards == 4


# -- treasures -----------------------------------------------------------------------------------


def test_the_winner_of_a_deal_draws_one_treasure(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        _choose_all(tx, table)
        _on_top(tx, table, "treasures", "crystal-dagger")
        (dagger,) = dp.win(tx, table, ["Ann"])
    assert (dagger.card_id, dagger.pile, dagger.holder) == ("crystal-dagger", "held", "Ann")


def test_after_a_tied_deal_the_next_winner_draws_two_treasures(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        _choose_all(tx, table)
        assert dp.tie(tx, table) == 1
        _on_top(tx, table, "treasures", "empty-chest", "spyglass", "crystal-dagger")
        assert _ids(dp.win(tx, table, ["Bo"])) == ["empty-chest", "spyglass"]
        assert _ids(dp.win(tx, table, ["Cy"])) == ["crystal-dagger"]


def test_a_split_pot_keeps_the_treasure_waiting_for_the_next_deal(store: TableStore) -> None:
    """Appendix F, ties: 'table win A B' draws nothing; the next single winner draws two."""
    table = _new(store)
    with store.transaction() as tx:
        split = dp.win(tx, table, ["Ann", "Bo"])
        assert list(split) == [] and "split the pot" in split.notes[0]
        assert len(dp.win(tx, table, ["Cy"])) == 2


def test_a_player_who_is_out_wins_no_treasure(store: TableStore) -> None:
    table = _new(store, ["Ann", "Bo"])
    with store.transaction() as tx:
        _choose_all(tx, table)
        dp.death(tx, table, "Ann", winner="Bo")
        with pytest.raises(CompanionError, match="out of the game"):
            dp.win(tx, table, ["Ann"])


def test_draw_main_with_only_the_monster_card_left_stops_with_a_message(
    store: TableStore,
) -> None:
    """Monsters: M goes to the graveyard; a deck of M alone must not loop forever."""
    table = _new(store)
    with store.transaction() as tx:
        for copy in tx.pile(table, "main", "draw"):
            if copy.card_id != "monster-card":
                tx.move(table, copy, "in_play")
        with pytest.raises(CompanionError, match="only the monster card"):
            draw(tx, table, "main", 1, None)


def test_the_undeath_amulet_is_not_used_by_an_action(store: TableStore) -> None:
    """Undeath Amulet: it triggers by itself; 'table use' refuses it."""
    table = _new(store)
    with store.transaction() as tx:
        _choose_all(tx, table)
        _on_top(tx, table, "treasures", "undeath-amulet")
        dp.win(tx, table, ["Ann"])
        with pytest.raises(CompanionError, match="acts by itself"):
            use(tx, table, "Ann", "Undeath Amulet")


def test_table_death_with_the_undeath_amulet_brings_the_character_back(
    store: TableStore,
) -> None:
    """Undeath Amulet: no skull, no new character, gold of three blinds, the amulet leaves."""
    table = _new(store)
    with store.transaction() as tx:
        _choose_all(tx, table)
        _on_top(tx, table, "treasures", "undeath-amulet", "spyglass")
        dp.win(tx, table, ["Ann"])
        dp.win(tx, table, ["Ann"])
        _, notes = dp.death(tx, table, "Ann", winner="Bo")
        assert "Undeath Amulet" in notes[0]
        assert tx.pile(table, "characters", "in_play", "Ann")
        assert [c.card_id for c in tx.pile(table, "treasures", "held", "Ann")] == ["spyglass"]
        assert not tx.pile(table, "skulls", "held", "Ann")
        assert tx.get_state(table, NS, "gold")["Ann"] == 300


def test_when_the_character_deck_runs_out_the_dead_characters_are_reshuffled(
    store: TableStore,
) -> None:
    """Character death: with the deck empty, the dead characters come back into it (decisions.md)."""
    table = _new(store)
    with store.transaction() as tx:
        _choose_all(tx, table)
        for copy in tx.pile(table, "characters", "draw"):
            tx.move(table, copy, "removed")  # dead earlier in the game
        _, notes = dp.death(tx, table, "Ann", winner="Bo")
        assert len(tx.pile(table, "characters", "held", "Ann")) == 2
        assert any("shuffled back" in n for n in notes)


def test_a_monster_that_wins_only_a_side_pot_leaves_the_game(store: TableStore) -> None:
    """Monsters: a monster that wins a side pot leaves the game with it."""
    table = _new(store)
    with store.transaction() as tx:
        _on_top(tx, table, "monsters", "orc")
        dp.monster(tx, table)
        result = dp.monster_result(tx, table, "side-pot")
        assert result[0].pile == "removed"


def test_a_monsters_win_takes_the_treasures_waiting_from_a_tie(store: TableStore) -> None:
    """Monsters: the pot, and the treasures waiting in it, leave with a monster that wins."""
    table = _new(store)
    with store.transaction() as tx:
        dp.tie(tx, table)
        _on_top(tx, table, "monsters", "orc")
        dp.monster(tx, table)
        dp.monster_result(tx, table, "won")
        assert tx.get_state(table, NS, "carried", 0) == 0


def test_the_astral_warlock_opens_the_next_level_through_monster_result(
    store: TableStore,
) -> None:
    """Astral Warlock: when it wins, the next level begins at once."""
    table = _new(store)
    with store.transaction() as tx:
        _on_top(tx, table, "monsters", "astral-warlock")
        dp.monster(tx, table)
        result = dp.monster_result(tx, table, "won")
        assert dp.level_now(tx, table).level == 2
        assert any("level 2 opens" in n for n in result[0].notes)


def test_happy_the_clown_plays_with_the_cards_passed_to_it(store: TableStore) -> None:
    """Happy the Clown: no 'plays with 0 cards'; a short name finds it."""
    table = _new(store)
    with store.transaction() as tx:
        _on_top(tx, table, "monsters", "happy-the-clown")
        shown = dp.monster(tx, table)
        assert "cards passed to it (at most 4)" in shown[0].notes[0]
        assert dp.monster_result(tx, table, "lost", monster="happy")[0].pile == "removed"


def test_sudden_effects_are_resolved_and_removed_from_the_game(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        _on_top(tx, table, "treasures", "chest-monster", "soul-cave")
        drawn = dp.win(tx, table, ["Ann"]) + dp.win(tx, table, ["Ann"])
        assert [c.pile for c in drawn] == ["removed", "removed"]
        assert tx.pile(table, "treasures", "held", "Ann") == []
    assert all("sudden effect" in c.notes[0] for c in drawn)


def test_other_treasures_go_to_the_player_and_count_toward_the_treasure_victory(
    store: TableStore,
) -> None:
    table = _new(store)
    with store.transaction() as tx:
        _on_top(tx, table, "treasures", "empty-chest", "big-pile-of-gold")
        dp.win(tx, table, ["Di"])
        (gold,) = dp.win(tx, table, ["Di"])
    assert any("cash it now for 1000 gold" in n for n in gold.notes)
    players = {
        p["name"]: p for p in invoke("table", "show", "--json").json()["dungeon_poker"]["players"]
    }
    assert players["Di"]["treasures"] == 2


def test_selling_or_using_a_treasure_removes_it_and_it_no_longer_counts(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        _on_top(
            tx, table, "treasures", "wild-berries", "big-pile-of-gold", "full-plate", "spyglass"
        )
        for _ in range(4):
            dp.win(tx, table, ["Ann"])
        used = use(tx, table, "Ann", "Wild Berries")
        cashed = sell(tx, table, "Ann", "big-pile-of-gold")
        sold = sell(tx, table, "Ann", "full plate")
        assert [c.pile for c in (used, cashed, sold)] == ["removed"] * 3
        assert (
            "cashed for 1000 gold" in cashed.notes and "sold to the bank for 500 gold" in sold.notes
        )
        kept = use(tx, table, "Ann", "spyglass")  # not one-use: it stays
        assert kept.pile == "held"
        assert _ids(tx.pile(table, "treasures", "held", "Ann")) == ["spyglass"]
        with pytest.raises(CompanionError, match="can be sold: it is removed from the game"):
            sell(tx, table, "Ann", "full-plate")


def test_a_passive_treasure_cannot_be_used_by_an_action(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        _on_top(tx, table, "treasures", "full-plate")
        dp.win(tx, table, ["Ann"])
        with pytest.raises(CompanionError, match="works by itself"):
            use(tx, table, "Ann", "full-plate")


def test_a_treasure_is_called_by_its_class_once_artifact_not_artifact_artifact(
    store: TableStore,
) -> None:
    table = _new(store)
    with store.transaction() as tx:
        _on_top(tx, table, "treasures", "antimagic-cage", "soul-chest")
        cage, chest = dp.win(tx, table, ["Ann"]) + dp.win(tx, table, ["Bo"])
    assert (cage.card_class, chest.card_class) == ("artifact", "minor artifact")


def test_a_legendary_artifact_reminds_of_the_one_minor_artifact_rule(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        _on_top(tx, table, "treasures", "sword-of-power")
        (sword,) = dp.win(tx, table, ["Ann"])
    assert any("legendary" in n and "1000 gold" in n for n in sword.notes)


def test_an_empty_treasure_deck_gives_no_more_treasure(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        draw(tx, table, "treasures", 55, "Ann")
        result = dp.win(tx, table, ["Bo"])
        assert list(result) == [] and "no treasures are left" in result.notes[0]
        with pytest.raises(CompanionError, match="no treasures are left"):
            draw(tx, table, "treasures")


def test_in_a_tournament_removed_treasures_are_shuffled_into_a_new_deck(store: TableStore) -> None:
    table = _new(store, tournament=True)
    with store.transaction() as tx:
        drawn = draw(tx, table, "treasures", 55, "Ann")
        for card in drawn:
            if card.pile == "held":
                sell(tx, table, "Ann", card.card_id)
        again = dp.win(tx, table, ["Bo"])
    assert len(again) == 1 and any("shuffled into a new deck" in n for n in again.notes)


def test_drawing_treasures_through_draw_follows_the_treasure_rules(store: TableStore) -> None:
    table = _new(store)
    with store.transaction() as tx:
        _on_top(tx, table, "treasures", "pit-trap", "wild-berries")
        drawn = draw(tx, table, "treasures", 2, "Cy")
    assert [(c.card_id, c.pile) for c in drawn] == [
        ("pit-trap", "removed"),
        ("wild-berries", "held"),
    ]


# -- winning the game ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "gold", "treasures"), [(3, 15000, 10), (4, 15000, 9), (5, 20000, 8), (6, 20000, 7)]
)
def test_gold_15000_for_3_4_players_20000_for_5_6_and_13_minus_players_treasures(
    players: int, gold: int, treasures: int
) -> None:
    targets = win_targets(players, per_skull=5000)
    assert (targets.gold, targets.treasures, targets.last_original) == (gold, treasures, True)


def test_five_players_win_with_8_treasures() -> None:
    assert win_targets(5, per_skull=5000).treasures == 8  # the rulebook's worked example


def test_a_two_player_game_cannot_be_won_with_treasures() -> None:
    heads_up = win_targets(2, per_skull=5000)
    assert heads_up.treasures is None and heads_up.last_standing


def test_each_skull_adds_the_gold_its_card_prints_to_the_gold_victory() -> None:
    """000, "Character death": a skull means 5000 more gold to win, as the skull card says."""
    from companion.cards import load_game
    from companion.games.dungeon_poker.victory import gold_per_skull

    per_skull = gold_per_skull(load_game("dungeon-poker"))
    assert per_skull == 5000
    assert win_targets(4, per_skull=per_skull, skulls=2).gold == 15000 + 2 * 5000


def test_a_tournament_is_won_only_by_the_last_character_alive() -> None:
    targets = win_targets(5, per_skull=5000, tournament=True)
    assert (targets.gold, targets.treasures, targets.last_standing) == (None, None, True)


def test_table_show_shows_the_win_condition_targets(store: TableStore) -> None:
    _new(store, players=["A", "B", "C", "D", "E"])
    data = invoke("table", "show", "--json").json()["dungeon_poker"]["win"]
    assert (data["gold"], data["gold_per_skull"], data["treasures"]) == (20000, 5000, 8)
    text = invoke("table", "show").stdout
    assert "20000 gold or 8 treasures" in text


# -- the commands ---------------------------------------------------------------------------------


def test_a_dungeon_poker_session_from_the_command_line(store: TableStore) -> None:
    made = invoke(
        "table",
        "new",
        "friday",
        "--game",
        "dungeon-poker",
        "--players",
        "Ann,Bo,Cy",
        "--seed",
        "7",
        "--json",
    )
    assert made.exit_code == 0
    dealt = {p: [c["id"] for c in cs] for p, cs in made.json()["holdings"].items()}
    for player, ids in dealt.items():
        assert invoke("table", "choose", player, ids[1]).exit_code == 0
    level = invoke("table", "level", "--json").json()
    assert level["level"] == 2 and level["encounter"]["deck"] == "encounters"
    (monster,) = invoke("table", "monster", "--json").json()["cards"]
    assert monster["deck"] == "monsters" and monster["plays"] >= 1
    win = invoke("table", "win", "Bo", "--json").json()["cards"]
    assert len(win) == 1 and win[0]["deck"] == "treasures"
    assert invoke("table", "monster-result", "lost", "--slayer", "Bo").exit_code == 0
    assert invoke("table", "tie", "--json").json()["carried_treasures"] == 1
    death = invoke("table", "death", "Cy", "--winner", "Ann", "--json").json()
    assert len(death["cards"]) == 2
    show = invoke("table", "show")
    assert show.exit_code == 0 and "level 2" in show.stdout
    log = [e["action"] for e in invoke("table", "log", "--json").json()["history"]]
    assert log == [
        "new",
        "choose",
        "choose",
        "choose",
        "level",
        "monster",
        "win",
        "monster-lost",
        "tie",
        "death",
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["table", "monster-result", "maybe"], "'won', 'tied', 'side-pot' or 'lost'"),
        (["table", "win", "Zed"], "'Zed' is not a player"),
        (["table", "choose", "Ann", "Dragon"], "not one of the characters dealt to Ann: choose"),
        (["draw", "levels"], "table level"),
        (["draw", "skulls"], "table death"),
        (["draw", "encounters", "--count", "2"], "one at a time"),
        (["table", "death", "Ann", "--takes", "spyglass"], "--winner"),
    ],
)
def test_dungeon_poker_commands_reject_bad_input_in_one_line(
    store: TableStore, args: list[str], message: str
) -> None:
    _new(store, players=["Ann", "Bo", "Cy"])
    result = invoke(*args)
    assert result.exit_code == 2, result
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
    assert message in result.stderr, result.stderr


def test_dungeon_poker_commands_need_a_dungeon_poker_table(store: TableStore) -> None:
    with store.transaction() as tx:
        new_table(tx, "dk", "dragon-kings", ["Ann", "Bo"], seed=1)
    result = invoke("table", "monster")
    assert result.exit_code == 2 and "plays dragon-kings, not Dungeon Poker" in result.stderr


def test_the_timer_can_count_levels_at_a_table_of_another_game(store: TableStore) -> None:
    with store.transaction() as tx:
        table, _ = new_table(tx, "dk", "dragon-kings", ["Ann", "Bo"], seed=1)
        assert dp.enter_level(tx, table, 3).level == 3
        assert dp.level_now(tx, table).level == 3
        assert dp.next_level(tx, table).level == 4


def test_table_show_json_carries_the_game_state_not_the_screen_layout(store: TableStore) -> None:
    _new(store)
    data = invoke("table", "show", "--json").json()
    assert set(data) == {
        "table",
        "current",
        "players",
        "decks",
        "board",
        "open_cards",
        "dungeon_poker",
        "betting",
    }
    assert data["dungeon_poker"]["level"]["blind"] == 100


def test_true_seeing_shows_the_top_card_of_the_treasure_monster_and_main_decks(
    store: TableStore,
) -> None:
    table = _new(store)
    with store.transaction() as tx:
        _on_top(tx, table, "encounters", "true-seeing")
        dp.next_level(tx, table)
        tops = {
            deck: tx.pile(table, deck, "draw")[0].card_id
            for deck in ("treasures", "monsters", "main")
        }
    shown = invoke("table", "show", "--json").json()["dungeon_poker"]["open_top_cards"]
    assert {deck: card["id"] for deck, card in shown.items()} == tops
    with store.transaction() as tx:
        draw(tx, table, "treasures", 1, "Ann")
        new_top = tx.pile(table, "treasures", "draw")[0].card_id
    assert (
        invoke("table", "show", "--json").json()["dungeon_poker"]["open_top_cards"]["treasures"][
            "id"
        ]
        == new_top
    )


def test_dealt_characters_stay_secret_until_chosen(store: TableStore) -> None:
    made = invoke(
        "table", "new", "dp", "--game", "dungeon-poker", "--players", "Ann,Bo,Cy", "--seed", "3"
    )
    assert made.exit_code == 0
    with store.transaction(write=False) as tx:
        table = tx.table("dp")
        names = {
            p: [CARDS.get(c.card_id).name for c in tx.pile(table, "characters", "held", p)]
            for p in PLAYERS[:3]
        }
    everyone = made.stdout + invoke("table", "show").stdout
    assert not any(name in everyone for dealt in names.values() for name in dealt)
    assert "choosing from 2" in everyone
    own = invoke("table", "hand", "Ann")
    assert own.exit_code == 0 and all(name in own.stdout for name in names["Ann"])
    assert not any(name in own.stdout for name in names["Bo"])
    chose = invoke("table", "choose", "Ann", names["Ann"][0])
    assert names["Ann"][0] not in chose.stdout + invoke("table", "show").stdout
    assert "chosen (secret)" in invoke("table", "show").stdout
    invoke("table", "choose", "Bo", names["Bo"][0])
    last = invoke("table", "choose", "Cy", names["Cy"][0])
    assert "revealed" in last.stdout
    shown = invoke("table", "show").stdout
    assert all(names[p][0] in shown for p in ("Ann", "Bo", "Cy"))  # revealed together


def test_summon_monster_scroll_draws_a_monster_for_its_user(store: TableStore) -> None:
    """Summon Monster Scroll: a monster from the monster deck fights on the user's side."""
    table = _new(store)
    with store.transaction() as tx:
        _on_top(tx, table, "treasures", "summon-monster-scroll")
        dp.win(tx, table, ["Ann"])
        _on_top(tx, table, "monsters", "orc")
        card = use(tx, table, "Ann", "Summon Monster Scroll")
        orc = tx.pile(table, "monsters", "in_play")
        assert [c.card_id for c in orc] == ["orc"] and orc[0].holder == "Ann"
        assert any("Orc comes to fight for Ann" in n for n in card.notes)


def test_crystal_dagger_kills_a_monster_and_its_slayer_takes_the_dragons_treasure(
    store: TableStore,
) -> None:
    """Crystal Dagger: the named monster is removed; the Fire Dragon's slayer draws its treasure."""
    table = _new(store)
    with store.transaction() as tx:
        _on_top(tx, table, "treasures", "crystal-dagger")
        dp.win(tx, table, ["Ann"])
        _on_top(tx, table, "monsters", "fire-dragon")
        dp.monster(tx, table)
        with pytest.raises(CompanionError, match="--monster"):
            use(tx, table, "Ann", "Crystal Dagger")
        card = dp.use(tx, table, "Ann", "Crystal Dagger", "fire")
        assert not tx.pile(table, "monsters", "in_play")
        assert len(tx.pile(table, "treasures", "held", "Ann")) == 1
        assert any("Fire Dragon's treasure" in n for n in card.notes)


def test_notes_work_out_gold_at_the_current_blind(store: TableStore) -> None:
    """Chest Monster eats three blinds; the Ice Giant robs one: in gold at this level."""
    table = _new(store)
    with store.transaction() as tx:
        _choose_all(tx, table)
        dp.enter_level(tx, table, 3)  # blind 300
        _on_top(tx, table, "treasures", "chest-monster")
        chest = dp.win(tx, table, ["Ann"])
        assert any("900 gold at this level" in n for n in chest[0].notes)
        _on_top(tx, table, "monsters", "ice-giant")
        giant = dp.monster(tx, table)
        assert any("300 gold at this level" in n for n in giant[0].notes)


def test_high_magic_ends_with_a_reminder_to_return_the_extra_soul_gems(store: TableStore) -> None:
    """High magic: when it ends, each player hands back the extra soul gems not spent."""
    table = _new(store)
    with store.transaction() as tx:
        _on_top(tx, table, "encounters", "high-magic")
        dp.enter_level(tx, table, 2)
        change = dp.enter_level(tx, table, 3)
        assert any("High magic ends" in n for n in change.notes)


def test_table_hand_shows_each_dealt_characters_abilities_costs_and_soul_gems() -> None:
    """Preparing the game: each player chooses knowing what the characters do."""
    assert (
        invoke(
            "table", "new", "dp", "--game", "dungeon-poker", "--players", "Ann,Bo,Cy", "--seed", "3"
        ).exit_code
        == 0
    )
    cards = invoke("table", "hand", "Ann", "--json").json()["cards"]
    for card in cards:
        model = CARDS.get(card["id"])
        gems = "1 soul gem" if model.soul_gems == 1 else f"{model.soul_gems} soul gems"
        assert f"starts with {gems}" in card["notes"]
        assert all(any(a.name in n for n in card["notes"]) for a in model.abilities)
