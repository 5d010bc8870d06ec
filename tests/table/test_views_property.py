"""Views by construction: random deals played through the table, every screen checked.

For random Dungeon Poker, DECKO and Dragon Kings deals played through the
table (its own commands, in random order, a refused one skipped), after each
step every audience's view (the TV's public one, the dealer's, each seat's)
and every page document made from it are checked against the rulebook's rule,
computed here from the physical cards and not from the views:

* no view holds a card hidden from its audience: a card in another player's
  hand (but those the rulebook lays face up: a Dungeon Poker treasure or skull,
  a monster's open cards, a Dragon Kings card Unmasked turns over, DECKO's
  Stud cards), a monster's face-down card, a card in a draw pile; nor, in its
  texts, the name of a hidden playing card or character;
* every past action a view lists names no card that lay face down in a hand
  other than the viewer's when it happened;
* every view holds the same public facts: the level, the victory, the board
  and the open cards, and the victory's line is on every page.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, currently_in_test_context, event, given, settings
from hypothesis import strategies as st

from companion.errors import CompanionError
from companion.serve.pages import PlayerPage, clock_document, dealer_page, table_views
from companion.table import TableInfo, Transaction, draw, new_table, open_store
from companion.table.store import TableStore
from companion.table.views import PUBLIC, Audience, View

PLAYERS = ("ann", "bob", "cy", "dee")

Step = Callable[[Transaction, TableInfo], Any]


# -- what the rulebook hides, from the cards themselves -----------------------------------------


def face_up_in_hand(tx: Transaction, table: TableInfo) -> set[tuple[str, int]]:
    """Cards a rule lays face up although someone holds them or they lie in a deck."""
    up: set[tuple[str, int]] = set()
    if table.game == "dungeon-poker":
        from companion.games.dungeon_poker import dealt, monsters, state

        up |= {(c.deck, c.copy) for c in tx.cards(table) if c.deck in ("treasures", "skulls")}
        # how a main deck card lies is the deal's (Armory's extra card, a card turned over)
        up |= {("main", copy) for copy in dealt.faces(tx, table).open}
        # 000, True seeing: the top card of the treasure, monster and main decks lies open
        if [c.card_id for c in tx.pile(table, "encounters", "in_play")] == ["true-seeing"]:
            tops = (tx.top(table, deck) for deck in ("treasures", "monsters", "main"))
            up |= {(c.deck, c.copy) for c in tops if c is not None}
        known = state.get(tx, table, "monsters", {})
        for copy in tx.pile(table, "monsters", "in_play"):
            shown = int(known.get(str(copy.copy), {}).get("open", 0))
            up |= {(c.deck, c.copy) for c in monsters.hand_of(tx, table, copy)[:shown]}
    if table.game == "dragon-kings":
        from companion.games.dragon_kings.table_rules import DragonKingsRules

        rules = DragonKingsRules(table.game)
        if (
            rules._effects(tx, table).get("face_up_hole_cards")
            and rules.deal_state(tx, table).under_way
        ):
            for p in table.players:
                holes = tx.pile(table, "standard", "held", p)
                up |= {(holes[0].deck, holes[0].copy)} if holes else set()
    if table.game == "decko":
        from companion.games.decko.table_rules import DeckoRules

        mat = DeckoRules(table.game).mat(tx, table)
        for seat in mat.seats.values():
            for ref in seat.shown or ():
                deck, _, copy = ref.partition("#")
                up.add((deck, int(copy)))
    return up


def unseen_in_hand(tx: Transaction, table: TableInfo) -> set[tuple[str, int]]:
    """Hand cards not even their holder may look at (Dungeon Poker's Dense fog)."""
    if table.game != "dungeon-poker":
        return set()
    from companion.games.dungeon_poker import dealt

    return {("main", copy) for copy in dealt.faces(tx, table).unseen}


def hidden_from(tx: Transaction, table: TableInfo, viewer: str | None) -> set[tuple[str, int]]:
    """The cards ``viewer`` (None: the whole table) may not see now."""
    up, unseen = face_up_in_hand(tx, table), unseen_in_hand(tx, table)
    out: set[tuple[str, int]] = set()
    for c in tx.cards(table):
        card = (c.deck, c.copy)
        in_other_hand = c.pile == "held" and c.holder != viewer
        face_down = in_other_hand and card not in up
        in_a_deck = c.pile == "draw" and card not in up
        if face_down or in_a_deck or (c.pile == "held" and card in unseen):
            out.add(card)
    return out


def secret_names(tx: Transaction, table: TableInfo, hidden: set[tuple[str, int]]) -> set[str]:
    """Names of hidden cards that no public word shares: playing cards and characters."""
    from companion.cards import load_game

    cards = load_game(table.game)
    names = set()
    for c in tx.cards(table):
        if (c.deck, c.copy) not in hidden or c.pile == "draw":
            continue
        if c.deck in ("main", "characters", "standard"):
            names.add(cards.get(c.card_id).name)
    return names


# -- the checks -------------------------------------------------------------------------------


def card_dicts(doc: Any) -> Iterator[dict[str, Any]]:
    """Every card a document names (a drawn card's or an event's card fields)."""
    if isinstance(doc, dict):
        if "deck" in doc and "copy" in doc:
            yield doc
        for value in doc.values():
            yield from card_dicts(value)
    elif isinstance(doc, list):
        for value in doc:
            yield from card_dicts(value)


def texts(doc: Any) -> Iterator[str]:
    if isinstance(doc, str):
        yield doc
    elif isinstance(doc, dict):
        for value in doc.values():
            yield from texts(value)
    elif isinstance(doc, list):
        for value in doc:
            yield from texts(value)


def check(tx: Transaction, table: TableInfo) -> None:
    views = table_views(tx, table)
    public = views[PUBLIC]
    held = [c for c in tx.cards(table) if c.pile == "held"]
    for reached, what in (
        (public.victory is not None, "a victory"),
        (public.board, "a board"),
        (public.open_cards, "open cards"),
        (any(c.holder and c.holder.startswith("monster:") for c in held), "a monster's hand"),
        (any(c.deck in ("main", "standard", "starting", "market") for c in held), "hand cards"),
        (bool(face_up_in_hand(tx, table) & {(c.deck, c.copy) for c in held}), "face-up hand cards"),
        (bool(unseen_in_hand(tx, table)), "unseen hand cards"),
    ):
        if reached and currently_in_test_context():
            event(f"{table.game}: {what}")
    clock = clock_document(None, table, public)
    pages: dict[Audience, dict[str, Any]] = {
        PUBLIC: clock,
        **{a: PlayerPage(clock, v).to_json() for a, v in views.items() if a.kind == "seat"},
    }
    dealer = next(a for a in views if a.kind == "dealer")
    pages[dealer] = dealer_page(tx, table, clock, views[dealer]).to_json()
    for audience, view in views.items():
        assert_same_facts(view, public)
        hidden = hidden_from(tx, table, audience.viewer)
        state = {**view.to_json(), "history": []}
        found = {(c["deck"], c["copy"]) for c in card_dicts(state)}
        assert not found & hidden, (audience, found & hidden)
        names = secret_names(tx, table, hidden)
        for text in texts({k: v for k, v in state.items() if k not in ("seats", "choosing")}):
            assert not any(n in text for n in names), (audience, text, names)
        for entry in view.history:
            for card in card_dicts(entry.event.fields_json()):
                held_by_other = card["pile"] == "held" and card["holder"] != audience.viewer
                assert not (held_by_other and not card["open"]) and not card["down"], (
                    audience,
                    entry.event,
                )
        page = pages[audience]
        page_cards = {(c["deck"], c["copy"]) for c in card_dicts({**page, "history": []})}
        if audience is not PUBLIC:
            page_cards -= {(c["deck"], c["copy"]) for c in card_dicts(page["history"])}
        assert not page_cards & hidden, (audience, page_cards & hidden)
        if public.victory is not None:
            assert public.victory.text in json.dumps(page, ensure_ascii=False), audience


def assert_same_facts(view: View, public: View) -> None:
    f, p = view.facts, public.facts
    assert (f.level, f.victory, f.board, f.open_cards, f.targets) == (
        p.level,
        p.victory,
        p.board,
        p.open_cards,
        p.targets,
    )
    assert (f.lines, f.columns) == (p.lines, p.columns)


# -- playing through the table ------------------------------------------------------------------


def dungeon_poker_step(data: st.DataObject, players: tuple[str, ...]) -> Step:
    from companion.games import undo_at_table
    from companion.games.deals import settle_deal, start_deal
    from companion.games.dungeon_poker import table_rules as dp
    from companion.serve.pages import to_place

    who = data.draw(st.sampled_from(players))
    kind = data.draw(
        st.sampled_from(
            [
                "deal",
                "deal",
                "board",
                "board",
                "monster",
                "treasure",
                "main",
                "settle",
                "death",
                "choose",
                "gold",
                "level",
                "undo",
            ]
        )
    )
    order = data.draw(st.randoms(use_true_random=False))

    def choose(tx: Transaction, table: TableInfo) -> Any:
        held = tx.pile(table, "characters", "held", who)
        if not held:
            raise CompanionError("nothing to choose")
        return dp.choose(tx, table, who, held[order.randrange(len(held))].card_id)

    def settle(tx: Transaction, table: TableInfo) -> Any:
        names = to_place(tx, table)
        order.shuffle(names)
        return settle_deal(tx, table, {"all": 100}, result=" > ".join(names))

    steps: dict[str, Step] = {
        "choose": choose,
        "deal": lambda tx, t: start_deal(tx, t, deal_hands=True),
        "board": dp.deal_board,
        "monster": dp.monster,
        "treasure": lambda tx, t: draw(tx, t, "treasures", 1, who),
        "main": lambda tx, t: draw(tx, t, "main", 1, who),
        "settle": settle,
        "death": lambda tx, t: dp.death(tx, t, who),
        "gold": lambda tx, t: dp.gold(tx, t, who, "+15000"),
        "level": dp.next_level,  # a new encounter: Armory, Dense fog, ...
        "undo": undo_at_table,
    }
    return steps[kind]


def dragon_kings_step(data: st.DataObject, players: tuple[str, ...]) -> Step:
    from companion.games import undo_at_table
    from companion.games.dragon_kings import table_rules as dk

    who = data.draw(st.sampled_from(players))
    kind = data.draw(st.sampled_from(["open", "deal", "deal", "board", "fold", "settle", "undo"]))
    order = data.draw(st.randoms(use_true_random=False))

    def settle(tx: Transaction, table: TableInfo) -> Any:
        names = list(table.players)
        order.shuffle(names)
        return dk.settle(tx, table, dict.fromkeys(table.players, 10), result=" > ".join(names))

    steps: dict[str, Step] = {
        "open": dk.open_game,
        "deal": dk.deal,
        "board": dk.board,
        "fold": lambda tx, t: dk.fold(tx, t, who),
        "settle": settle,
        "undo": undo_at_table,
    }
    return steps[kind]


def decko_step(data: st.DataObject, players: tuple[str, ...]) -> Step:
    from companion.games import undo_at_table
    from companion.games.decko import table_rules as dx

    who = data.draw(st.sampled_from(players))
    kind = data.draw(st.sampled_from(["round", "round", "raise", "call", "fold", "done", "undo"]))
    steps: dict[str, Step] = {
        "round": dx.start_round,
        "raise": lambda tx, t: dx.raise_bet(tx, t, who),
        "call": lambda tx, t: dx.call(tx, t, who),
        "fold": lambda tx, t: dx.fold(tx, t, who),
        "done": lambda tx, t: dx.done(tx, t, who),
        "undo": undo_at_table,
    }
    return steps[kind]


STEPS = {
    "dungeon-poker": dungeon_poker_step,
    "dragon-kings": dragon_kings_step,
    "decko": decko_step,
}


def opening(game: str, data: st.DataObject, players: tuple[str, ...]) -> list[Step]:
    """How a game's evening begins: every Dungeon Poker player keeps a character (some
    choices seen half made), Dragon Kings draws for the first dealer."""
    if game == "dungeon-poker":
        from companion.games.dungeon_poker import table_rules as dp

        def keep(who: str, pick: int) -> Step:
            def choose(tx: Transaction, table: TableInfo) -> Any:
                held = tx.pile(table, "characters", "held", who)
                return dp.choose(tx, table, who, held[pick % len(held)].card_id)

            return choose

        return [keep(p, data.draw(st.integers(0, 1))) for p in players]
    if game == "dragon-kings":
        from companion.games.dragon_kings import table_rules as dk

        return [dk.open_game]
    return []


@settings(
    max_examples=int(__import__("os").environ.get("VIEWS_EXAMPLES", "25")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    game=st.sampled_from(sorted(STEPS)),
    count=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=10**6),
    data=st.data(),
)
def test_no_view_holds_a_card_hidden_from_its_audience_and_every_view_the_public_facts(
    tmp_path: Path, game: str, count: int, seed: int, data: st.DataObject
) -> None:
    players = PLAYERS[:count]
    path = tmp_path / f"{game}-{seed}-{count}.sqlite3"
    path.unlink(missing_ok=True)
    with open_store(path) as store:
        with store.transaction() as tx:
            table, _ = new_table(tx, "t", game, players, seed=seed)
            check(tx, table)
        first = opening(game, data, players)
        for i in range(len(first) + data.draw(st.integers(min_value=4, max_value=24))):
            step = first[i] if i < len(first) else STEPS[game](data, players)
            try:
                with store.transaction() as tx:
                    step(tx, tx.table("t"))
            except CompanionError:
                continue  # refused as at the table: nothing changed
            with store.transaction(write=False) as tx:
                check(tx, tx.table("t"))


def six_deals_in_a_row(path: Path, seed: int) -> TableStore:
    """Two players keep their first character, then six deals start in a row: the sixth
    opens level 2 and its encounter (checked after every deal)."""
    from companion.games.deals import start_deal
    from companion.games.dungeon_poker import table_rules as dp

    store = open_store(path)
    with store.transaction() as tx:
        new_table(tx, "t", "dungeon-poker", ("ann", "bob"), seed=seed)
    for who in ("ann", "bob"):
        with store.transaction() as tx:
            table = tx.table("t")
            dp.choose(tx, table, who, tx.pile(table, "characters", "held", who)[0].card_id)
    for _ in range(6):
        with store.transaction() as tx:
            start_deal(tx, tx.table("t"), deal_hands=True)
        with store.transaction(write=False) as tx:
            check(tx, tx.table("t"))
    return store


def test_armorys_extra_card_lies_face_up_on_the_tv_and_the_rest_of_each_hand_stays_hidden(
    tmp_path: Path,
) -> None:
    """000, Armory: every player is dealt one extra open hand card. An example hypothesis
    stopped on (seed 128): the public view held the two extra cards. The view was right
    (they lie face up, as the deal records); the check had not asked how they lie."""
    from companion.games.dungeon_poker import dealt

    with (
        six_deals_in_a_row(tmp_path / "armory.sqlite3", 128) as store,
        store.transaction(write=False) as tx,
    ):
        table = tx.table("t")
        assert [c.card_id for c in tx.pile(table, "encounters", "in_play")] == ["armory"]
        public = table_views(tx, table)[PUBLIC]
        up = dealt.faces(tx, table).open
        for player in table.players:
            hand = tx.pile(table, "main", "held", player)
            shown = [o.card.copy for o in public.open_cards if o.whose == player]
            assert len(hand) == 3 and len(shown) == 1
            assert shown == [c.copy for c in hand if c.copy in up]


def test_true_seeing_lays_the_top_card_of_the_treasure_monster_and_main_decks_open(
    tmp_path: Path,
) -> None:
    """000, True seeing: the topmost card of the treasure, monster and main decks is open.
    An example hypothesis stopped on (seed 27670): the public view held those three deck
    cards. The view was right; the check counted every card in a deck as hidden."""
    with (
        six_deals_in_a_row(tmp_path / "true-seeing.sqlite3", 27670) as store,
        store.transaction(write=False) as tx,
    ):
        table = tx.table("t")
        assert [c.card_id for c in tx.pile(table, "encounters", "in_play")] == ["true-seeing"]
        for view in table_views(tx, table).values():
            tops = {o.where: o.card.copy for o in view.open_cards if o.whose is None}
            for deck in ("treasures", "monsters", "main"):
                top = tx.top(table, deck)
                assert top is not None and tops[f"top of the {deck}"] == top.copy
