"""DECKO's own betting and buying from the players' pages: each button is the `decko`
command of the page's own player, on their turn only, once, within the round's maximum."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from companion.ui.web.hub import Hub
from tests.conftest import invoke
from tests.serve.conftest import serving


@pytest.fixture
def decko() -> Iterator[tuple[Hub, TestClient]]:
    """ann, bob and cy at DECKO, round 1 started: ann has the blind card, bob acts first."""
    for hub, client in serving("decko", players="ann,bob,cy", name="night"):
        answer = client.post(f"/dealer/{hub.tokens.dealer}/action/round", json={})
        assert answer.status_code == 200, answer.text
        yield hub, client


def url(hub: Hub, name: str, token_of: str | None = None) -> str:
    return f"/player/{name}/{hub.tokens.players[token_of or name]}"


def page(client: TestClient, at: str) -> dict[str, Any]:
    got = client.get(f"{at}/state.json")
    assert got.status_code == 200, got.text
    return dict(got.json())


def act(client: TestClient, at: str, action: str, **fields: Any) -> Any:
    """The page's button as its script sends it: the action and the entry the page saw."""
    seen = page(client, at)["seen"]
    return client.post(f"{at}/act", json={"act": action, "seen": seen, **fields})


def mat() -> dict[str, Any]:
    return dict(invoke("table", "show", "--json").json()["decko"])


def actions(client: TestClient, at: str) -> list[str]:
    return [a["action"] for a in page(client, at)["my_actions"]]


def test_only_the_player_to_act_gets_raise_call_and_fold(
    decko: tuple[Hub, TestClient],
) -> None:
    hub, client = decko
    assert mat()["turn"] == "bob"
    assert actions(client, url(hub, "bob")) == ["raise", "call", "fold"]
    assert actions(client, url(hub, "ann")) == [] and actions(client, url(hub, "cy")) == []
    html = client.get(url(hub, "bob"), headers={"accept": "text/html"}).text
    assert 'value="raise"' in html and "raise (one chip)" in html


def test_a_raise_from_the_page_is_decko_raise_of_its_own_player(
    decko: tuple[Hub, TestClient],
) -> None:
    hub, client = decko
    answer = act(client, url(hub, "bob"), "raise")
    assert answer.status_code == 200, answer.text
    assert "bob" in answer.json()["message"]
    assert mat()["turn"] == "cy"
    assert actions(client, url(hub, "cy")) == ["raise", "call", "fold"]


def test_a_link_cannot_act_for_another_player(decko: tuple[Hub, TestClient]) -> None:
    hub, client = decko
    before = mat()
    answer = client.post(f"{url(hub, 'bob', token_of='ann')}/act", json={"act": "call"})
    assert answer.status_code == 403
    # the form cannot name someone else: the link's token says who acts
    answer = act(client, url(hub, "ann"), "call", player="bob")
    assert answer.status_code == 400 and "bob's turn" in answer.json()["error"]
    assert mat() == before


def test_a_link_cannot_act_out_of_turn(decko: tuple[Hub, TestClient]) -> None:
    hub, client = decko
    answer = act(client, url(hub, "cy"), "fold")
    assert answer.status_code == 400
    assert answer.json()["error"] == "it is bob's turn to act, not cy's"


def test_the_same_action_sent_twice_moves_the_table_once(
    decko: tuple[Hub, TestClient],
) -> None:
    hub, client = decko
    at = url(hub, "bob")
    form = {"act": "raise", "seen": page(client, at)["seen"]}
    assert client.post(f"{at}/act", json=form).status_code == 200
    after = mat()
    again = client.post(f"{at}/act", json=form)
    assert again.status_code == 400 and "moved on since this page" in again.json()["error"]
    assert mat() == after


def test_a_raise_beyond_the_rounds_maximum_is_refused(decko: tuple[Hub, TestClient]) -> None:
    hub, client = decko
    order = ["bob", "cy", "ann"]
    for step in range(4):  # the bets go 2, 3, 4, 5: the round's maximum
        assert act(client, url(hub, order[step % 3]), "raise").status_code == 200
    answer = act(client, url(hub, order[4 % 3]), "raise")
    assert answer.status_code == 400
    assert "maximum of 5" in answer.json()["error"]


def test_the_winner_buys_from_the_page_and_ends_the_buying(
    decko: tuple[Hub, TestClient],
) -> None:
    hub, client = decko
    assert act(client, url(hub, "bob"), "raise").status_code == 200
    assert act(client, url(hub, "cy"), "fold").status_code == 200
    assert act(client, url(hub, "ann"), "fold").status_code == 200  # bob is left standing
    assert mat()["phase"] == "buying" and mat()["buyers"] == ["bob"]
    assert actions(client, url(hub, "bob")) == ["buy", "flush", "done"]
    assert actions(client, url(hub, "ann")) == []
    assert act(client, url(hub, "ann"), "buy", slot="5").status_code == 400  # not a buyer
    bought = act(client, url(hub, "bob"), "buy", slot="5")  # the rightmost slot is free
    assert bought.status_code == 200, bought.text
    assert act(client, url(hub, "bob"), "done").status_code == 200
    assert mat()["phase"] != "buying"
    assert actions(client, url(hub, "bob")) == []


def test_an_action_the_game_has_not_is_refused_in_one_line(
    decko: tuple[Hub, TestClient],
) -> None:
    hub, client = decko
    answer = act(client, url(hub, "bob"), "check")
    assert answer.status_code == 400
    assert answer.json()["error"].startswith("'check' is not an action of a decko player's page")
