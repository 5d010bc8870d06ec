"""Dungeon Poker dealt by the laptop (``table deal --cards``): every card where the rulebook
puts it, on every screen that may see it, and every rule the table knows enforced.

Each test is named after the rule it pins; the views are asked as the pages ask them
(:func:`companion.serve.pages.table_views`), so what a test finds in a view is what a
page shows.
"""

from __future__ import annotations

from typing import Any

from companion.poker.cards import parse_card
from companion.serve.pages import table_views
from companion.table import open_store
from companion.table.views import DEALER, PUBLIC, Audience, View
from tests.table.test_dp_table_findings import js, ok, refused, rig


def new_game(players: str = "ann,ben,cy,dee", seed: int = 11, **chosen: str) -> None:
    """A fresh table whose players keep the character given (or the first one dealt)."""
    ok("table", "new", "t", "--game", "dungeon-poker", "--players", players, "--seed", str(seed))
    for player, character in chosen.items():
        deal_character(player, character)
    for player in players.split(","):
        dealt = [c["id"] for c in js("table", "hand", player)["cards"]]
        ok("table", "choose", player, chosen.get(player, dealt[0]))


def deal_character(player: str, character: str) -> None:
    """``player`` is dealt ``character`` (a scripted game): the cards dealt to them go back
    into the deck, that one comes to their hand (added to the deck first if it is an
    extra the box keeps, the Dwarven Stalwart)."""
    with open_store(None) as store, store.transaction() as tx:
        table = tx.table(None)
        if not any(c.card_id == character for c in tx.cards(table, "characters")):
            tx.add_cards(table, "characters", [character])
        card = next(c for c in tx.cards(table, "characters") if c.card_id == character)
        if card.pile == "held" and card.holder != player:  # its holder takes another
            other = next(c for c in tx.pile(table, "characters", "draw") if c.card_id != character)
            tx.move(table, other, "held", card.holder)
        if card.holder != player:
            for c in tx.pile(table, "characters", "held", player):
                tx.move(table, c, "draw")
            tx.move(table, card, "held", player)


def at_encounter(encounter: str) -> None:
    """Open level 2 with ``encounter`` as its encounter card."""
    rig("encounters", encounter)
    ok("table", "level", "2")


def views() -> dict[Any, View]:
    with open_store(None) as store, store.transaction(write=False) as tx:
        return table_views(tx, tx.table(None))


def held(player: str) -> list[dict[str, Any]]:
    """``player``'s main deck cards as the whole state has them (every secret)."""
    shown = js("table", "show")
    mine = next(p for p in shown["players"] if p["name"] == player)["cards"]
    return [c for c in mine if c["deck"] == "main" and c["pile"] == "held"]


def ids(cards: Any) -> set[str]:
    return {getattr(c, "card_id", None) or c["id"] for c in cards}


def seen_in(view: View) -> set[str]:
    """Every main deck card named anywhere in a view."""
    found = {c.card_id for s in view.seats for c in s.cards if c.deck == "main"}
    found |= {o.card.card_id for o in view.open_cards if o.card.deck == "main"}
    found |= {c.card_id for c in view.board}
    return found


# -- encounters that deal hand cards face up or unseen ------------------------------------------


def test_armory_deals_each_player_one_extra_hand_card_face_up_for_every_screen() -> None:
    """000, Armory: every player is dealt one extra open hand card: three cards, the last
    face up, shown beside its holder on the TV, the dealer's page and every phone."""
    new_game()
    at_encounter("armory")
    ok("table", "deal", "--cards")
    every = views()
    for player in ("ann", "ben", "cy", "dee"):
        mine = held(player)
        assert len(mine) == 3
        up = [c for c in mine if c["face"] == "up"]
        assert len(up) == 1
        for audience, view in every.items():
            beside = [o for o in view.open_cards if o.whose == player]
            assert ids(o.card for o in beside) == {up[0]["id"]}, audience
            face_down = ids(mine) - {up[0]["id"]}
            if audience != Audience.seat(player):
                assert not face_down & seen_in(view), audience
            else:
                assert face_down <= seen_in(view)
    assert "(face up)" in ok("table", "hand", "ann").stdout


def test_dense_fog_deals_the_second_card_unseen_even_by_its_holder_until_the_showdown() -> None:
    """000, Dense fog: the second hand card is dealt face down and its holder may not look
    at it until the showdown: it is on no page, not even the holder's, and 'table hand'
    only counts it; the showdown still ranks it."""
    new_game()
    at_encounter("dense-fog")
    ok("table", "deal", "--cards")
    every = views()
    unseen = {}
    for player in ("ann", "ben", "cy", "dee"):
        mine = held(player)
        assert [c["face"] for c in mine] == ["down", "unseen"]
        unseen[player] = mine[1]["id"]
        hand = js("table", "hand", player)
        assert hand["unseen"] == 1
        assert mine[1]["id"] not in ids(hand["cards"]) and mine[0]["id"] in ids(hand["cards"])
        said = ok("table", "hand", player).stdout
        assert "1 card face down that" in said and "may not look at until the showdown" in said
        assert parse_card(mine[1]["id"]).symbol not in said
    for audience, view in every.items():
        assert not set(unseen.values()) & seen_in(view), audience
    for _ in range(3):
        ok("table", "board")
    shown = js("table", "showdown", "all=100")
    hands = {p["name"]: p for p in shown["players"]}
    for player, card in unseen.items():  # ranked with the card nobody saw
        assert card in hands[player]["cards"] or parse_card(card).code in hands[player]["cards"]
    # after the showdown each holder may look at it (on their page only); undone, it is
    # unseen again
    after = views()
    for player, card in unseen.items():
        assert js("table", "hand", player)["unseen"] == 0
        for audience, view in after.items():
            assert (card in seen_in(view)) is (audience == Audience.seat(player)), audience
    ok("table", "undo")
    assert all(js("table", "hand", p)["unseen"] == 1 for p in unseen)


def test_a_hand_card_is_on_its_holders_page_first_and_on_no_other_page() -> None:
    """000, A single round of the game: the hand cards may be looked at by their holder,
    but not shown to others; on a player's page they come first, before treasures and
    the character."""
    new_game()
    ok("table", "deal", "--cards")
    every = views()
    for player in ("ann", "ben", "cy", "dee"):
        mine = ids(held(player))
        own = every[Audience.seat(player)].seat(player).cards
        assert [c.deck for c in own][:2] == ["main", "main"] and own[-1].deck == "characters"
        for audience in (
            PUBLIC,
            DEALER,
            *(Audience.seat(p) for p in ("ann", "ben") if p != player),
        ):
            assert not mine & seen_in(every[audience]), (player, audience)


# -- abilities that take cards deal them when the table deals -----------------------------------


def test_melee_mastery_deals_the_extra_hand_card_when_the_table_deals() -> None:
    """000, Fighter, Melee mastery: one more hand card, off the main deck. On a deal
    the table deals, 'table ability' deals it into the Fighter's hand (on the Fighter's
    page only, counted on every other screen and in the log read round the table)."""
    new_game(ann="fighter")
    ok("table", "deal", "--cards")
    before = ids(held("ann"))
    used = js("table", "ability", "ann", "melee")
    dealt = [c["id"] for c in used["cards"]["dealt"]]
    after = ids(held("ann"))
    assert len(dealt) == 1 and after == before | set(dealt) and len(after) == 3
    every = views()
    assert set(dealt) <= seen_in(every[Audience.seat("ann")])
    for audience in (PUBLIC, DEALER, Audience.seat("ben")):
        assert not set(dealt) & seen_in(every[audience])
    log = ok("table", "log", "-n", "1").stdout
    assert "dealt 1 card" in log and parse_card(dealt[0]).symbol not in log


def test_not_at_the_river_abilities_are_refused_once_the_river_is_dealt() -> None:
    """000, Appendix A: Melee mastery, Barbarian rage, Witch curse, Giant club and Conjure
    fire may not be used at the river: once 'table board' has dealt it, each is refused
    in one line naming the rule, and no gem is paid."""
    new_game(ann="fighter", ben="witch", cy="barbarian", dee="cave-troll")
    ok("table", "deal", "--cards")
    for _ in range(3):
        ok("table", "board")
    gems = js("table", "show")["dungeon_poker"]["soul_gems"]
    for player, ability in (("ann", "melee"), ("ben", "curse"), ("cy", "rage"), ("dee", "club")):
        said = refused("table", "ability", player, ability)
        assert "may not be used at the river" in said, said
    assert js("table", "show")["dungeon_poker"]["soul_gems"] == gems


def test_barbarian_rage_deals_two_cards_then_the_barbarian_folds_two_before_the_showdown() -> None:
    """000, Barbarian rage: draw two cards from the main deck, then fold two. The table
    deals the two; the showdown waits until 'table discard' has folded two (refused with
    one line naming the rule), and a third fold is refused."""
    new_game(cy="barbarian")
    ok("table", "deal", "--cards")
    used = js("table", "ability", "cy", "rage")
    assert len(used["cards"]["dealt"]) == 2
    assert used["cards"]["owed"] == [
        {"player": "cy", "discard": 2, "reveal": 0, "why": "Barbarian rage"}
    ]
    said = refused("table", "showdown", "all=100")
    assert "cy still has to fold 2 cards (Barbarian rage)" in said
    mine = [c["id"] for c in held("cy")]
    assert len(mine) == 4
    assert "not 3" in refused("table", "discard", "cy", *mine[:3])
    ok("table", "discard", "cy", mine[0], mine[1])
    assert ids(held("cy")) == set(mine[2:])
    assert "owes no fold" in refused("table", "discard", "cy", mine[2])
    ok("table", "showdown", "all=100")


def test_totemic_transformation_deals_three_new_cards_unseen_until_the_showdown() -> None:
    """000, Druid, Totemic transformation: the hand goes and three fresh cards come,
    unseen by the Druid too, until the showdown turns them up."""
    new_game(ann="druid")
    ok("table", "deal", "--cards")
    old = ids(held("ann"))
    ok("table", "ability", "ann", "totemic")
    mine = held("ann")
    assert len(mine) == 3 and not ids(mine) & old
    assert {c["face"] for c in mine} == {"unseen"}
    assert js("table", "hand", "ann")["unseen"] == 3
    for view in views().values():
        assert not ids(mine) & seen_in(view)


def test_feral_growth_deals_two_shared_cards_to_the_board_for_everyone() -> None:
    """000, Druid, Feral growth: the main deck gives the board two more cards,
    shared by everyone; the streets are dealt beside them."""
    new_game(ann="druid")
    ok("table", "deal", "--cards")
    ok("table", "ability", "ann", "feral")
    two = js("table", "show")["board"]
    assert len(two) == 2
    ok("table", "board")
    board = js("table", "show")["board"]
    assert len(board) == 5 and ids(two) <= ids(board)
    for view in views().values():
        assert ids(board) <= {c.card_id for c in view.board}


def test_stubborn_stand_deals_one_more_hand_card_face_up() -> None:
    """Appendix E, Dwarven Stalwart, Stubborn stand: draw an extra card to the hand; it
    must be kept open: every screen shows it beside the Stalwart."""
    new_game("ann,ben", ann="dwarven-stalwart")
    ok("table", "deal", "--cards")
    used = js("table", "ability", "ann", "stubborn")
    card = used["cards"]["dealt"][0]["id"]
    assert [c["face"] for c in held("ann") if c["id"] == card] == ["up"]
    for view in views().values():
        assert card in {o.card.card_id for o in view.open_cards if o.whose == "ann"}


def test_giant_club_redeals_every_hand_and_the_dwarven_stalwart_keeps_his() -> None:
    """000, Cave Troll, Giant club: every player (the Troll too) and every monster loses
    the hand to the graveyard and draws two new cards (a one-card hand draws one)."""
    new_game(ann="cave-troll", dee="gnome-artificer")
    ok("table", "deal", "--cards")
    before = {p: ids(held(p)) for p in ("ann", "ben", "cy", "dee")}
    ok("table", "ability", "ann", "club")
    for player, old in before.items():
        now = ids(held(player))
        assert len(now) == 2 and not now & old, player
    golem = [o for o in views()[DEALER].open_cards if o.whose == "Golem"]
    assert not golem  # the Golem's one new card still lies face down
    with open_store(None) as store, store.transaction(write=False) as tx:
        table = tx.table(None)
        golems = [
            c
            for c in tx.pile(table, "main", "held")
            if c.holder and c.holder.startswith("monster:")
        ]
    assert len(golems) == 1  # a hand of one draws one


def test_prophecy_shows_the_top_of_a_deck_on_the_prophets_page_only() -> None:
    """000, Prophet, Prophecy: the Prophet sees the two cards on top of a deck (then reorders
    them with 'deck reorder'): they are on the Prophet's own page, on no other."""
    new_game(ann="prophet")
    ok("table", "deal", "--cards")
    with open_store(None) as store, store.transaction(write=False) as tx:
        top = [c.card_id for c in tx.pile(tx.table(None), "treasures", "draw")[:2]]
    used = js("table", "ability", "ann", "prophecy", "--deck", "treasures")
    assert [c["id"] for c in used["cards"]["looked"]] == top
    every = views()
    mine = every[Audience.seat("ann")]
    assert [c.card_id for c in mine.looked[0].cards] == top
    for audience in (PUBLIC, DEALER, Audience.seat("ben")):
        assert not every[audience].looked
    assert "looks at one deck: name it with --deck" in refused(
        "table", "ability", "ann", "ancestral"
    )
