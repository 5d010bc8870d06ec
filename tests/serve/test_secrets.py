"""No page but its holder's names a secret card: undo, history, errors, messages, results."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from companion.serve.secrecy import WITHHELD, secrets_of
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


def test_undoing_a_secret_treasure_draw_never_names_the_card(
    three: tuple[Hub, TestClient],
) -> None:
    """The dealer's page: an undone draw says who drew, not what ("undone #2: bob: draw")."""
    hub, client = three
    base = f"/dealer/{hub.tokens.dealer}/action"
    before = set(held("bob"))
    assert client.post(f"{base}/treasure", json={"player": "bob"}).status_code == 200
    (treasure,) = [held("bob")[c] for c in set(held("bob")) - before]
    undone = client.post(f"{base}/undo", json={})
    assert undone.status_code == 200, undone.text
    assert undone.json()["message"].endswith(": bob: draw")
    assert treasure not in undone.text
    # the same draw made and undone from the command line
    drawn = invoke("draw", "treasures", "--for", "bob", "--json").json()["cards"][0]["name"]
    assert invoke("table", "undo").exit_code == 0
    for text in dealer_texts(hub, client):
        assert treasure not in text and drawn not in text
    history = client.get(f"/dealer/{hub.tokens.dealer}/state.json").json()["history"]
    lines = [e["summary"] for e in history]  # newest first
    assert lines[:2] == [f"undid #{history[1]['id']}: bob: draw", "bob: draw"]
    assert lines[2:4] == [f"undid #{history[3]['id']}: bob: draw", "bob: draw"]


def test_the_dealer_page_names_no_card_in_a_hand_in_any_text(
    three: tuple[Hub, TestClient],
) -> None:
    hub, client = three
    choose_all(hub, client, ("ann", "bob"))  # kept in secret while cy still chooses
    client.post(f"/dealer/{hub.tokens.dealer}/action/treasure", json={"player": "cy"})
    secret = {name for p in ("ann", "bob", "cy") for name in held(p).values()}
    assert len(secret) == 5  # two characters kept, two dealt to cy, cy's treasure
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


def test_a_table_message_naming_another_players_card_is_withheld_from_a_page(
    three: tuple[Hub, TestClient],
) -> None:
    """The safety net: any text a page passes on is checked against the other hands."""
    ann_card = next(iter(held("ann").values()))
    told = f"no copy of '{ann_card}' with bob can be chosen: it is held by ann"
    with open_store(None) as store, store.transaction(write=False) as tx:
        secrets = secrets_of(tx, tx.table("friday"))
    assert secrets.check(told, "bob") == WITHHELD
    assert secrets.check(told, None) == WITHHELD  # the dealer's page is the whole table's
    assert secrets.check(told, "ann") == told  # her own card
    assert secrets.check("deal 2 of level 1", "bob") == "deal 2 of level 1"


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
    assert won and not any(name in settled.text for name in won)  # ann's treasure is hers
