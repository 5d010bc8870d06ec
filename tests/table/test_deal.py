"""Dungeon Poker deals at the table: `table deal` and `table showdown`, on the showdown engine."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cards import load_game
from companion.games.dungeon_poker import levels
from companion.games.dungeon_poker import table_rules as dp
from companion.games.dungeon_poker.deal import table_showdown_spec
from companion.games.dungeon_poker.monsters import monster_destination
from companion.games.dungeon_poker.state import gems_of, gold_of, set_gold
from companion.games.dungeon_poker.table_rules import settle_deal, start_deal
from companion.games.showdown import adjudicate
from companion.poker.showdown_input import read_showdown
from companion.table import TableInfo, TableStore, Transaction, new_table, open_store, undo
from tests.table.conftest import FakeClock

CARDS = load_game("dungeon-poker")
MONSTERS = ["orc", "goblin", "genie", "gnome-lunatic", "ice-giant", "zombie", "astral-warlock"]
ARTIFACTS = ["full-plate", "undeath-amulet", "empty-chest", "spyglass"]


def _table(store: TableStore, players: list[str], seed: int = 3) -> TableInfo:
    with store.transaction() as tx:
        table, _ = new_table(tx, "dp", "dungeon-poker", players, seed=seed)
        for player in players:
            dealt = tx.pile(table, "characters", "held", player)
            dp.choose(tx, table, player, dealt[0].card_id)
    return table


def _give(tx: Transaction, table: TableInfo, player: str, treasure: str) -> None:
    copy = next(c for c in tx.pile(table, "treasures", "draw") if c.card_id == treasure)
    tx.move(table, copy, "held", player)


def _bring(tx: Transaction, table: TableInfo, monster: str) -> None:
    pile = tx.pile(table, "monsters", "draw")
    copy = next((c for c in pile if c.card_id == monster), None)
    if copy is not None:
        tx.arrange(table, [copy], "draw")
        dp.monster(tx, table)


@st.composite
def deals(draw):  # type: ignore[no-untyped-def]
    n = draw(st.integers(3, 5))
    players = [f"p{i}" for i in range(n)]
    put_in = {p: draw(st.sampled_from([0, 100, 500, 2000, 5000])) for p in players}
    folded = [p for p in players if draw(st.booleans()) and draw(st.booleans())]
    monsters = draw(st.lists(st.sampled_from(MONSTERS), max_size=2, unique=True))
    held = {p: draw(st.lists(st.sampled_from(ARTIFACTS), max_size=2, unique=True)) for p in players}
    for p in players:  # one copy of each artifact in the deck
        held[p] = [a for a in held[p] if not any(a in held[q] for q in players[: players.index(p)])]
    level = draw(st.integers(1, 4))
    live = [p for p in players if p not in folded]
    names = live + list(monsters)
    order = draw(st.permutations(names))
    cuts = draw(st.lists(st.booleans(), min_size=len(order), max_size=len(order)))
    return players, put_in, folded, monsters, held, level, list(order), cuts


def _result(order: list[str], cuts: list[bool], labels: dict[str, str]) -> str | None:
    if not order:
        return None
    text = labels.get(order[0], order[0])
    for name, tie in zip(order[1:], cuts[1:], strict=True):
        text += (" = " if tie else " > ") + labels.get(name, name)
    return text


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(deals())
def test_a_deal_settles_the_same_through_the_table_and_through_a_showdown_file(
    tmp_path_factory: object, case: tuple
) -> None:  # type: ignore[type-arg]
    """Agreement: payouts, carry-over, treasures, monster fates and events are identical."""
    players, put_in, folded, monsters, held, level, order, cuts = case
    path = Path(str(tmp_path_factory.mktemp("agree"))) / "state.sqlite3"  # type: ignore[attr-defined]
    with open_store(path, clock=FakeClock()) as store:
        table = _table(store, players)
        with store.transaction() as tx:
            if level > 1:
                dp.enter_level(tx, table, level)
            for p, arts in held.items():
                for a in arts:
                    _give(tx, table, p, a)
            for m in monsters:
                _bring(tx, table, m)
            start_deal(tx, table)
            if levels.encounter_rules(tx, table, CARDS).showdown_monster:
                giant = [c for c in tx.pile(table, "monsters", "draw") if c.card_id == "giant"]
                tx.arrange(table, giant, "draw")
                dp.monster(tx, table, showdown=True)  # King's cave
            labels = {
                c.card_id: CARDS.get(c.card_id).name for c in tx.pile(table, "monsters", "in_play")
            }
            placed = [n for n in order if n in players or n in labels]
            placed += [cid for cid in labels if cid not in placed]
            if not placed:
                return
            result = _result(placed, (cuts + [False] * len(placed))[: len(placed)], labels)
            spec = table_showdown_spec(tx, table, CARDS, put_in, folded=folded, result=result)
        file_text = json.dumps(spec.model_dump(exclude_defaults=True))
        try:
            by_file = adjudicate(read_showdown(file_text))
        except Exception as exc:  # the table refuses the same deal in the same words
            with store.transaction() as tx:
                try:
                    settle_deal(tx, table, put_in, folded=folded, result=result)
                except Exception as again:
                    assert str(again) == str(exc)
                    return
            raise
        with store.transaction() as tx:
            before = {c.copy: c for c in tx.pile(table, "monsters", "in_play")}
            treasures_before = tx.count(table, "treasures", "draw")
            gems_before = gems_of(tx, table)
            settled = settle_deal(tx, table, put_in, folded=folded, result=result)
            assert settled.result.to_json() == by_file.to_json()
            # the soul gems the showdown moves (Goblin, Genie) are the ones the table moves
            # (a sudden treasure may give more: only the players who drew none are compared)
            found = {p for p, n in by_file.treasures.items() if n}
            for p in players:
                if p in found or p in by_file.dead:
                    continue
                assert gems_of(tx, table)[p] == gems_before[p] + by_file.soul_gems.get(p, 0), p
            drawn = treasures_before - tx.count(table, "treasures", "draw")
            assert drawn == min(sum(by_file.treasures.values()), treasures_before)
            after = {c.copy: c for c in tx.cards(table, "monsters")}
            for fate, copy in zip(by_file.monsters, before.values(), strict=True):
                where = monster_destination(CARDS.get(copy.card_id), fate.outcome)
                pile = after[copy.copy].pile
                assert pile == {"deck": "draw", "exploded": "removed"}.get(where, where), fate
            assert sorted(by_file.dead) == sorted(
                p
                for p in players
                if p in by_file.dead and not tx.pile(table, "characters", "in_play", p)
            )


def test_a_split_pot_leaves_the_treasure_waiting_for_the_next_deal(store: TableStore) -> None:
    """Treasures: after a tie the treasure waits; the next winner draws both (Appendix F, ties)."""
    table = _table(store, ["ann", "ben", "cy"])
    with store.transaction() as tx:
        start_deal(tx, table)
        tie = settle_deal(
            tx, table, {"ann": 300, "ben": 300, "cy": 0}, folded=["cy"], result="ann = ben"
        )
        assert tie.result.treasures == {} and tie.result.treasures_waiting == 1
        assert not tx.pile(table, "treasures", "held", "ann")
        start_deal(tx, table)
        win = settle_deal(tx, table, {"ann": 100, "ben": 100, "cy": 100}, result="cy > ann > ben")
        assert win.result.treasures == {"cy": 2}


def test_a_deal_cannot_be_settled_twice_and_one_undo_reverts_it(store: TableStore) -> None:
    table = _table(store, ["ann", "ben", "cy"])
    with store.transaction() as tx:
        start_deal(tx, table)
        gold = gold_of(tx, table)
        settle_deal(tx, table, {"ann": 500, "ben": 500, "cy": 500}, result="ben > ann > cy")
        try:
            settle_deal(tx, table, {"ann": 500, "ben": 500, "cy": 500}, result="ben > ann > cy")
        except Exception as exc:
            assert "already settled" in str(exc)
        else:  # pragma: no cover
            raise AssertionError("settled twice")
        assert gold_of(tx, table)["ben"] == gold["ben"] + 1000
        undo(tx, table)
        assert gold_of(tx, table) == gold
        assert not tx.pile(table, "treasures", "held", "ben")


def test_character_death_with_the_undeath_amulet_returns_with_three_blinds(
    store: TableStore,
) -> None:
    """Undeath Amulet: back next deal with three blinds' gold, no skull, artifacts kept."""
    table = _table(store, ["ann", "ben", "cy"])
    with store.transaction() as tx:
        _give(tx, table, "ann", "undeath-amulet")
        _give(tx, table, "ann", "spyglass")
        start_deal(tx, table)
        set_gold(tx, table, {"ann": 2000, "ben": 5000, "cy": 5000})
        stack = call = 2000
        out = settle_deal(
            tx, table, {"ann": stack, "ben": call, "cy": 0}, folded=["cy"], result="ben > ann"
        )
        assert gold_of(tx, table)["ann"] == 300
        held = [c.card_id for c in tx.pile(table, "treasures", "held", "ann")]
        assert held == ["spyglass"]
        assert tx.pile(table, "characters", "in_play", "ann")
        assert not tx.pile(table, "skulls", "held", "ann")
        assert any("Undeath Amulet" in n for n in out.notes)


def test_character_death_without_the_amulet_gives_a_skull_and_two_characters(
    store: TableStore,
) -> None:
    """Character death: the treasures go (one to the winner), a skull, two new characters."""
    table = _table(store, ["ann", "ben", "cy"])
    with store.transaction() as tx:
        _give(tx, table, "ann", "spyglass")
        _give(tx, table, "ann", "empty-chest")
        start_deal(tx, table)
        set_gold(tx, table, {"ann": 2000, "ben": 5000, "cy": 5000})
        stack = call = 2000
        out = settle_deal(
            tx,
            table,
            {"ann": stack, "ben": call, "cy": 0},
            folded=["cy"],
            result="ben > ann",
            takes=["Spyglass"],
        )
        assert out.result.dead == ("ann",)
        assert not tx.pile(table, "characters", "in_play", "ann")
        assert len(tx.pile(table, "characters", "held", "ann")) == 2
        assert len(tx.pile(table, "skulls", "held", "ann")) == 1
        assert "spyglass" in [c.card_id for c in tx.pile(table, "treasures", "held", "ben")]


def test_the_astral_warlock_opens_the_next_level_when_it_wins(store: TableStore) -> None:
    """Astral Warlock: its win moves the party to the next level at once."""
    table = _table(store, ["ann", "ben", "cy"])
    with store.transaction() as tx:
        _bring(tx, table, "astral-warlock")
        start_deal(tx, table)
        settle_deal(
            tx, table, {"ann": 200, "ben": 200, "cy": 200}, result="Astral Warlock > ann > ben > cy"
        )
        assert dp.level_now(tx, table).level == 2
        # the warlock's deal does not count for the new level
        assert start_deal(tx, table).number == 1


def test_five_deals_make_a_level(store: TableStore) -> None:
    """Levels: one level lasts five deals; the sixth deal is the first of the next level."""
    table = _table(store, ["ann", "ben", "cy"])
    with store.transaction() as tx:
        numbers = [start_deal(tx, table).number for _ in range(6)]
        assert numbers == [1, 2, 3, 4, 5, 1]
        assert dp.level_now(tx, table).level == 2


def test_table_deal_gathers_the_graveyard_and_the_monster_card(store: TableStore) -> None:
    """The graveyard (M included) goes back into the main deck at the start of each deal."""
    table = _table(store, ["ann", "ben", "cy"])
    with store.transaction() as tx:
        marker = next(c for c in tx.pile(table, "main", "draw") if c.card_id == "monster-card")
        tx.move(table, marker, "discard")
        start_deal(tx, table)
        assert tx.count(table, "main", "draw") == len(tx.cards(table, "main"))


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    kings_cave=st.booleans(),
    steps=st.lists(st.sampled_from(["win", "split", "tie"]), min_size=1, max_size=4),
)
def test_the_win_and_tie_corrections_leave_the_treasures_a_showdown_would(
    tmp_path_factory: object, kings_cave: bool, steps: list[str]
) -> None:
    """Treasures: one to the winner, waiting after a split or a tie (two in King's cave),
    the waiting ones to the next single winner; `table win`/`table tie` agree with the showdown."""
    path = Path(str(tmp_path_factory.mktemp("corrections"))) / "state.sqlite3"  # type: ignore[attr-defined]
    players = ["ann", "ben", "cy"]
    with open_store(path, clock=FakeClock()) as store:
        table = _table(store, players)
        with store.transaction() as tx:
            if kings_cave:
                cave = [
                    c for c in tx.pile(table, "encounters", "draw") if c.card_id == "kings-cave"
                ]
                tx.arrange(table, cave, "draw")
                dp.enter_level(tx, table, 2)
            for step in steps:
                waiting = int(tx.get_state(table, "dungeon-poker", "carried", 0))
                deck = tx.count(table, "treasures", "draw")
                result = {
                    "win": "ann > ben > cy",
                    "split": "ann = ben > cy",
                    "tie": "ben = cy > ann",
                }
                lines = [
                    f"treasures_waiting: {waiting}",
                    "blind: 200",
                    "players: [{name: ann, put_in: 200}, {name: ben, put_in: 200}, "
                    "{name: cy, put_in: 200}]",
                ]
                if kings_cave:
                    lines += [
                        "encounter: King's cave",
                        "monsters: [{name: Giant, drawn_at_showdown: true}]",
                    ]
                lines.append(f"result: {result[step]}" + (" > Giant" if kings_cave else ""))
                by_file = adjudicate(read_showdown("\n".join(lines)))
                start_deal(tx, table)
                if step == "win":
                    dp.win(tx, table, ["ann"])
                elif step == "split":
                    dp.win(tx, table, ["ann", "ben"])
                else:
                    dp.tie(tx, table)
                drawn = deck - tx.count(table, "treasures", "draw")  # sudden effects leave too
                assert ({"ann": drawn} if drawn else {}) == by_file.treasures
                assert (
                    tx.get_state(table, "dungeon-poker", "carried", 0) == by_file.treasures_waiting
                )
