"""A whole four-player evening of Dungeon Poker dealt by the laptop (``table deal --cards``),
from the characters to the announced victory: an ability that takes a card, the Baron and
the deal his folder sits out, a split pot, Armory's open card, Dense fog's unseen card, a
death with its treasure looted, and the victory. After each step every screen's view (as
the pages get them) is checked against what the rulebook lets that seat see.

The dealer types what each player put in and who folded (the table does not track the
bets here) and nothing the table already knows: no result (the table ranks the hands it
dealt), no card for an ability, no level after a teleport, no gold figure for an all-in
(``NAME=all``), no re-typed treasure for the loot. The hands and boards that decide a
deal are scripted (a player is handed chosen cards, the deck is stacked for the board),
as the other scripted games of these tests are.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Sequence
from pathlib import Path

from companion.table import open_store
from companion.table.views import DEALER, PUBLIC, Audience
from tests.table.test_dp_dealt import at_encounter, held, new_game, seen_in, views
from tests.table.test_dp_table_findings import give, gold, js, ok, rig

PLAYERS = ("ann", "ben", "cy", "dee")
DOC = Path(__file__).resolve().parents[2] / "docs" / "table.md"


def tour() -> list[list[str]]:
    """The commands of docs/table.md's whole dealt evening (``tour:dp-evening``), as the
    reader types them (``companion`` left out)."""
    text = DOC.read_text(encoding="utf-8")
    [block] = re.findall(r"<!-- tour:dp-evening -->(.*?)<!-- /tour:dp-evening -->", text, re.DOTALL)
    return [shlex.split(line[2:])[1:] for line in block.splitlines() if line.startswith("$ ")]


def tour_until(command: str, count: int = 1) -> str:
    """Play the tour up to the ``count``-th ``command`` (included); what that one printed."""
    seen = 0
    for args in tour():
        said = ok(*args).stdout
        seen += " ".join(args) == command
        if seen == count:
            return str(said)
    raise AssertionError(f"the tour has no {count} {command!r}")


EVERY = (PUBLIC, DEALER, *(Audience.seat(p) for p in PLAYERS))


def hand_is(player: str, wanted: Sequence[str]) -> None:
    """``player`` now holds ``wanted`` (main deck cards from the deck) in place of the cards
    dealt, each lying as the one it replaces lay (face up, unseen)."""
    from companion.games.dungeon_poker import state

    with open_store(None) as store, store.transaction() as tx:
        table = tx.table(None)
        mine = list(tx.pile(table, "main", "held", player))
        deck = tx.pile(table, "main", "draw")
        deal = dict(state.current_deal(tx, table) or {})
        swap: dict[int, int] = {}
        for old, card_id in zip(mine, wanted, strict=True):
            new = next(c for c in deck if c.card_id == card_id)
            tx.move(table, old, "draw")
            tx.move(table, new, "held", player)
            swap[old.copy] = new.copy
        for key in ("open", "unseen"):
            deal[key] = sorted(swap.get(int(c), int(c)) for c in deal.get(key, []))
        state.put(tx, table, "deal", deal)


def board_is(*cards: str) -> None:
    """The next streets deal ``cards`` (flop, turn, river), a burn card before each."""
    with open_store(None) as store, store.transaction(write=False) as tx:
        table = tx.table(None)
        spare = [c.card_id for c in tx.pile(table, "main", "draw") if c.card_id not in cards]
    burns = [c for c in spare if c != "m"][:3]
    rig("main", burns[0], *cards[:3], burns[1], cards[3], burns[2], cards[4])
    for _ in range(3):
        ok("table", "board")


def in_deck(*wanted: str) -> bool:
    with open_store(None) as store, store.transaction(write=False) as tx:
        table = tx.table(None)
        deck = {c.card_id for c in tx.pile(table, "main", "draw")}
    return set(wanted) <= deck


def deck_cards() -> set[str]:
    with open_store(None) as store, store.transaction(write=False) as tx:
        return {c.card_id for c in tx.pile(tx.table(None), "main", "draw")}


def one_of(rank: str, taken: set[str]) -> str:
    """A card of ``rank`` still in the deck and not ``taken`` (which it joins)."""
    card = next(rank + s for s in "shdc" if rank + s in deck_cards() - taken)
    taken.add(card)
    return card


def all_in_lost(winner: str, loser: str) -> None:
    """Script the deal: ``winner`` holds a high pair, ``loser`` a three and an eight, and
    the board (2, 7, 9, ten, 4 of mixed suits) gives the loser nothing better."""
    taken: set[str] = set()
    pair = next(r for r in "akq" if sum(r + s in deck_cards() for s in "shdc") >= 2)
    hand_is(winner, [one_of(pair, taken), one_of(pair, taken)])
    hand_is(loser, [one_of("3", taken), one_of("8", taken)])
    board: list[str] = []
    for rank in "279t4":
        suits = [x[1] for x in board]
        card = next(
            rank + s for s in "shdc" if rank + s in deck_cards() - taken and suits.count(s) < 2
        )
        taken.add(card)
        board.append(card)
    board_is(*board)


def each_hand_is_its_holders_alone() -> None:
    """Every screen: a hand card face down is on its holder's page only, a card face up on
    all of them, a card unseen (Dense fog) on none, the board on all."""
    every = views()
    board = {c["id"] for c in js("table", "show").get("board", [])}
    for player in PLAYERS:
        for card in held(player):
            for audience in EVERY:
                shown = card["id"] in seen_in(every[audience])
                if card["face"] == "up":
                    assert shown, (player, card, audience)
                elif card["face"] == "unseen" or audience != Audience.seat(player):
                    assert not shown or card["id"] in board, (player, card, audience)
                else:
                    assert shown, (player, card, audience)
    for audience in EVERY:
        assert board <= seen_in(every[audience])


def test_a_whole_laptop_dealt_evening_from_the_characters_to_the_announced_victory() -> None:
    """000 from "A single round of the game" to "Winning the game", dealt by the table."""
    new_game(ann="fighter", ben="witch", cy="druid", dee="rogue")

    # Deal 1: the Fighter's Melee mastery takes a card the table deals (her page only).
    ok("table", "deal", "--cards")
    each_hand_is_its_holders_alone()
    ok("table", "ability", "ann", "melee")
    assert len(held("ann")) == 3
    each_hand_is_its_holders_alone()
    for _ in range(3):
        ok("table", "board")
    each_hand_is_its_holders_alone()
    settled = js("table", "showdown", "all=100")
    assert settled["winners"]

    # Deal 2: the Baron comes; ben folds while he is at the table.
    ok("table", "deal", "--cards")
    rig("monsters", "baron")
    ok("table", "monster")
    for _ in range(3):
        ok("table", "board")
    each_hand_is_its_holders_alone()
    ok("table", "showdown", "all=200", "ben=100", "--fold", "ben")
    assert js("table", "show")["dungeon_poker"]["monsters"] == []  # judged by the showdown

    # Deal 3: ben sits it out (dealt nothing, his blind still taken); a royal flush on the
    # board splits the pot among the three others, and the treasure waits.
    said = ok("table", "deal", "--cards").stdout
    assert "ben sits out this deal (Baron)" in said and held("ben") == []
    suit = next(s for s in "shdc" if in_deck(*(r + s for r in "tjqka")))
    board_is(*(r + suit for r in "tjqka"))
    each_hand_is_its_holders_alone()
    split = js("table", "showdown", "all=100")
    assert set(split["winners"]) == {"ann", "cy", "dee"}
    assert js("table", "show")["dungeon_poker"]["carried_treasures"] == 1

    # Deal 4, level 2 with Armory: each third card face up on every screen.
    at_encounter("armory")
    ok("table", "deal", "--cards")
    for player in PLAYERS:
        assert [c["face"] for c in held(player)].count("up") == 1
    each_hand_is_its_holders_alone()
    for _ in range(3):
        ok("table", "board")
    ok("table", "showdown", "all=200")

    # Deal 5, level 3 with Dense fog: the second card unseen, even by its holder. ben, who
    # holds a Crystal Dagger, goes all in against ann and loses: his character dies, and ann
    # takes the dagger after the settlement.
    rig("encounters", "dense-fog")
    ok("table", "level")
    give("ben", "crystal-dagger")
    give("ben", "empty-chest")
    ok("table", "deal", "--cards")
    for player in PLAYERS:
        assert [c["face"] for c in held(player)] == ["down", "unseen"]
    each_hand_is_its_holders_alone()
    all_in_lost("ann", "ben")
    each_hand_is_its_holders_alone()
    dead = js("table", "showdown", "ann=all", "ben=all", "cy=300", "dee=300", "--fold", "cy,dee")
    assert dead["winners"] == ["ann"] and "ben" in dead["dead"]
    assert any("table loot ann" in n for n in dead["table"]["notes"])
    looted = js("table", "loot", "ann", "dagger")
    assert looted["cards"][0]["holder"] == "ann"
    hand = js("table", "hand", "ben")["cards"]
    ok("table", "choose", "ben", next(c["id"] for c in hand if c["deck"] == "characters"))

    # Deal 6: cy goes all in against ann and loses too: ann has the gold to win the game.
    ok("table", "deal", "--cards")
    all_in_lost("ann", "cy")
    end = js("table", "showdown", "ann=all", "cy=all", "ben=300", "dee=300", "--fold", "ben,dee")
    assert "cy" in end["dead"]
    assert gold()["ann"] >= 15000
    won = end["table"]["victory"]
    assert won is not None and won["player"] == "ann"
    every = views()
    for audience in EVERY:
        assert every[audience].facts.victory is not None, audience


def test_the_monster_card_dealt_into_a_hand_is_shown_at_once_with_the_monster_it_brings() -> None:
    """000, Monster card (M): a player dealt M must reveal it at once; it is replaced and
    a monster comes. 'table deal --cards' counts the player's hand without it and shows
    M and the monster (the Baron, his toll) to the table, in the docs' evening."""
    said = tour_until("table deal --cards", 4)
    ann = said.split("ann: ", 1)[1]
    assert ann.startswith("3 cards dealt")  # her hand, not M and its replacement
    assert "Monster card (M)" in ann.split("ben: ")[0] and "Baron" in ann.split("ben: ")[0]
    assert "road toll: 1 blind(s) = 200 gold at this level" in said


def test_table_show_names_each_hand_card_dealt_face_up_beside_its_holder() -> None:
    """000, Armory: each player gets one more hand card, dealt open; 'table show' (the
    table's view) names it beside its holder, and no face-down card."""
    tour_until("table show")
    shown = ok("table", "show").stdout
    up = {p: [c for c in held(p) if c["face"] == "up"] for p in PLAYERS}
    assert all(len(cards) == 1 for cards in up.values())
    line = next(x for x in shown.splitlines() if x.startswith("face up: "))
    from companion.poker.cards import parse_card

    assert line == "face up: " + " · ".join(
        f"{p} {parse_card(up[p][0]['id']).symbol}" for p in PLAYERS
    )
