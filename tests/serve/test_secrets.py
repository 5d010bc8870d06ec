"""No page but its holder's names a card in a hand: undo, history, errors, messages."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from companion.table import holdings, open_store
from companion.ui.web.hub import Hub
from tests.conftest import invoke
from tests.serve.conftest import serving


@pytest.fixture
def three() -> Iterator[tuple[Hub, TestClient]]:
    """ann, bob and cy at a Dungeon Poker table, served."""
    yield from serving(players="ann,bob,cy")


def held(player: str) -> dict[str, str]:
    """The cards in ``player``'s hand: id -> name."""
    with open_store(None) as store, store.transaction(write=False) as tx:
        return {
            c.card_id: c.name for c in holdings(tx, tx.table("friday"))[player] if c.pile == "held"
        }


def dealer_texts(hub: Hub, client: TestClient) -> list[str]:
    """Everything the whole table may see: the dealer's and the clock page, HTML and JSON."""
    token = hub.tokens.dealer
    return [
        client.get(f"/dealer/{token}").text,
        client.get(f"/dealer/{token}/state.json").text,
        client.get("/clock").text,
        client.get("/clock.json").text,
    ]


def choose_all(
    hub: Hub, client: TestClient, players: tuple[str, ...] = ("ann", "bob", "cy")
) -> None:
    for player in players:
        first = next(iter(held(player)))
        token = hub.tokens.players[player]
        answer = client.post(f"/player/{player}/{token}/choose", json={"character": first})
        assert answer.status_code == 200, answer.text


def test_undoing_a_hand_card_draw_never_names_the_card(three: tuple[Hub, TestClient]) -> None:
    """The dealer's page: a card drawn into bob's hand, and its undo, say who drew how
    many cards, not which ("undid #2: bob drew 1 card from Main deck")."""
    hub, client = three
    choose_all(hub, client)
    base = f"/dealer/{hub.tokens.dealer}/action"
    drawn = invoke("draw", "main", "--for", "bob", "--json").json()["cards"][0]["name"]
    assert client.post(f"{base}/undo", json={}).status_code == 200
    for text in dealer_texts(hub, client):
        assert drawn not in text
    history = client.get(f"/dealer/{hub.tokens.dealer}/state.json").json()["history"]
    lines = [e["summary"] for e in history]  # newest first
    assert lines[:2] == [
        f"undid #{history[1]['id']}: bob drew 1 card from Main deck",
        "bob drew 1 card from Main deck",
    ]
    bob = hub.tokens.players["bob"]
    own = client.get(f"/player/bob/{bob}/state.json").json()["history"]
    assert own[0]["summary"] == f"undid #{history[1]['id']}: bob drew {drawn} from Main deck"


def test_a_treasure_drawn_is_shown_round_the_table(three: tuple[Hub, TestClient]) -> None:
    """000, Treasures: a treasure drawn is revealed to the other players at once, so every
    page names it beside its holder (the dealer's button answers with its name too)."""
    hub, client = three
    base = f"/dealer/{hub.tokens.dealer}/action"
    drawn = client.post(f"{base}/treasure", json={"player": "bob"})
    assert drawn.status_code == 200, drawn.text
    (treasure,) = [n for c, n in held("bob").items() if c not in characters_of("bob")]
    assert drawn.json()["message"] == f"bob drew {treasure} from Treasures"
    cy = hub.tokens.players["cy"]
    for doc in (
        client.get(f"/dealer/{hub.tokens.dealer}/state.json").json(),
        client.get(f"/player/cy/{cy}/state.json").json(),
        client.get("/clock.json").json()["view"],
    ):
        (bob,) = [s for s in doc["seats"] if s["name"] == "bob"]
        assert treasure in [c["name"] for c in bob["cards"]]


def characters_of(player: str) -> set[str]:
    with open_store(None) as store, store.transaction(write=False) as tx:
        table = tx.table("friday")
        return {c.card_id for c in tx.pile(table, "characters", "held", player)}


def test_the_dealer_page_names_no_card_in_a_hand_in_any_text(
    three: tuple[Hub, TestClient],
) -> None:
    hub, client = three
    choose_all(hub, client, ("ann", "bob"))  # kept in secret while cy still chooses
    secret = {name for p in ("ann", "bob", "cy") for name in held(p).values()}
    assert len(secret) == 4  # two characters kept, two dealt to cy
    for text in dealer_texts(hub, client):
        assert not any(name in text for name in secret)


def test_a_players_page_never_passes_on_where_another_players_card_lies(
    three: tuple[Hub, TestClient],
) -> None:
    """Choosing a character: another player's card and a card in the deck get the same answer."""
    hub, client = three
    bob = hub.tokens.players["bob"]
    anns = held("ann")
    answers = []
    for asked in [*anns, *anns.values(), "priestess", "Wizard"]:
        answer = client.post(f"/player/bob/{bob}/choose", json={"character": asked})
        if asked in held("bob") or asked in held("bob").values():
            continue
        assert answer.status_code == 400, (asked, answer.text)
        error = answer.json()["error"]
        assert "ann" not in error and not any(n in error for n in anns.values()), error
        assert asked not in error
        answers.append(error)
    assert len(set(answers)) == 1  # nothing tells whose card it is, or that it is anyone's
    assert set(held("bob").values()) <= set(answers[0].split(": choose ")[1].split(" or "))


def test_the_settle_message_shows_each_players_net_and_the_pot(
    three: tuple[Hub, TestClient],
) -> None:
    """As `companion showdown` reports it: bob lost 400 and cy 200, not "+0"."""
    hub, client = three
    choose_all(hub, client)
    base = f"/dealer/{hub.tokens.dealer}/action"
    assert client.post(f"{base}/new-deal", json={}).status_code == 200
    before = set(held("ann"))
    settled = client.post(
        f"{base}/showdown",
        json={"amounts": "ann=400 bob=400 cy=200", "result": "ann > bob > cy"},
    )
    assert settled.status_code == 200, settled.text
    assert settled.json()["message"] == (
        "deal settled: pot 1,000 (main 600, side 400); ann +600, bob -400, cy -200"
    )
    won = [held("ann")[c] for c in set(held("ann")) - before]
    dealer = client.get(f"/dealer/{hub.tokens.dealer}/state.json").json()
    (ann,) = [s for s in dealer["seats"] if s["name"] == "ann"]
    assert won and set(won) <= {c["name"] for c in ann["cards"]}  # shown round the table
