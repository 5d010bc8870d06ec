"""The betting on the pages: a player's link acts only for that player, only on their turn,
once, within their stack; the dealer's acts for anyone; every page shows the betting."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from companion.ui.web.app import build_app
from companion.ui.web.hub import Hub
from tests.conftest import invoke

PLAYERS = ("ann", "ben", "cy", "dee")


def _ok(*args: str) -> None:
    result = invoke(*args)
    assert result.exit_code == 0, result.stderr


@pytest.fixture
def served() -> Iterator[tuple[Hub, TestClient]]:
    """A four-player Dungeon Poker table with Pot-Limit betting, its first deal dealt:
    ann deals, ben and cy post 100, dee is to act."""
    _ok(
        "table",
        "new",
        "fri",
        "--game",
        "dungeon-poker",
        "--players",
        ",".join(PLAYERS),
        "--seed",
        "3",
        "--limit",
        "pot",
    )
    for p in PLAYERS:
        hand = invoke("table", "hand", p, "--json").json()
        _ok("table", "choose", p, next(c["id"] for c in hand["cards"] if c["deck"] == "characters"))
    _ok("table", "deal")
    hub = Hub(None, None)
    try:
        with TestClient(build_app(hub)) as client:
            yield hub, client
    finally:
        hub.close()


def player_url(hub: Hub, name: str, token_of: str | None = None) -> str:
    return f"/player/{name}/{hub.tokens.players[token_of or name]}"


def state(client: TestClient, url: str) -> dict[str, Any]:
    got = client.get(f"{url}/state.json")
    assert got.status_code == 200
    return dict(got.json())


def bet(client: TestClient, url: str, **fields: Any) -> Any:
    return client.post(f"{url}/bet", json=fields)


def test_every_page_shows_whose_turn_it_is_the_pot_and_each_bet(
    served: tuple[Hub, TestClient],
) -> None:
    hub, client = served
    tv = client.get("/clock.json").json()["view"]["betting"]
    dealer = state(client, f"/dealer/{hub.tokens.dealer}")["betting"]
    dee = state(client, player_url(hub, "dee"))
    for b in (tv, dealer, dee["betting"]):
        assert b["to_act"] == "dee" and b["pot"] == 200
        assert b["bets"] == {"ben": 100, "cy": 100, "dee": 0, "ann": 0}
        assert (
            b["turn_text"]
            == "preflop · pot 200 gold · dee to act: fold, call 100, raise to 200-400"
        )
    assert dee["my_turn"] and [a["action"] for a in dee["my_legal"]] == ["fold", "call", "raise"]
    ann = state(client, player_url(hub, "ann"))
    assert not ann["my_turn"] and ann["my_legal"] == []
    page = client.get(player_url(hub, "dee")).text
    assert 'name="action" value="raise"' in page and "call 100" in page


def test_a_players_link_acts_only_for_that_player(served: tuple[Hub, TestClient]) -> None:
    hub, client = served
    # ann's page asking to act as dee: the token decides, so it is ann's action, out of turn
    answer = bet(client, player_url(hub, "ann"), action="call", player="dee", step=2)
    assert answer.status_code == 400
    assert answer.json()["error"] == "ann cannot call: it is dee's turn"
    # dee's name with ann's token is no page at all
    assert bet(client, player_url(hub, "dee", token_of="ann"), action="call").status_code == 403
    assert state(client, f"/dealer/{hub.tokens.dealer}")["betting"]["to_act"] == "dee"


def test_a_player_cannot_act_out_of_turn(served: tuple[Hub, TestClient]) -> None:
    hub, client = served
    answer = bet(client, player_url(hub, "cy"), action="check")
    assert answer.status_code == 400 and "it is dee's turn" in answer.json()["error"]


def test_the_same_action_sent_twice_moves_the_chips_once(served: tuple[Hub, TestClient]) -> None:
    hub, client = served
    url = player_url(hub, "dee")
    step = state(client, url)["betting"]["step"]
    first = bet(client, url, action="raise", amount=300, step=step)
    assert first.status_code == 200, first.text
    assert first.json()["message"] == "dee raises to 300 (preflop) · pot 500 · ann to act"
    again = bet(client, url, action="raise", amount=300, step=step)
    assert again.status_code == 400
    assert "the betting moved on since this page was drawn" in again.json()["error"]
    b = state(client, url)["betting"]
    assert b["bets"]["dee"] == 300 and b["pot"] == 500 and b["to_act"] == "ann"


def test_a_stale_page_is_refused_even_on_its_players_next_turn(
    served: tuple[Hub, TestClient],
) -> None:
    hub, client = served
    stale = state(client, player_url(hub, "ann"))["betting"]["step"]
    assert bet(client, player_url(hub, "dee"), action="call").status_code == 200
    answer = bet(client, player_url(hub, "ann"), action="call", step=stale)
    assert answer.status_code == 400 and "moved on" in answer.json()["error"]


def test_a_bet_beyond_the_stack_is_refused(served: tuple[Hub, TestClient]) -> None:
    hub, client = served
    url = player_url(hub, "dee")
    stack = state(client, url)["betting"]["stacks"]["dee"]
    answer = bet(client, url, action="raise", amount=stack + 1_000)
    assert answer.status_code == 400
    assert f"dee has only {stack:,} gold" in answer.json()["error"]
    assert state(client, url)["betting"]["stacks"]["dee"] == stack


def test_the_dealer_acts_for_a_player_without_a_phone(served: tuple[Hub, TestClient]) -> None:
    hub, client = served
    dealer = f"/dealer/{hub.tokens.dealer}"
    done = bet(client, dealer, player="dee", action="fold")
    assert done.status_code == 200 and done.json()["message"].startswith("dee folds")
    assert bet(client, dealer, player="ben", action="call").json()["error"] == (
        "ben cannot call: it is ann's turn"
    )
    assert bet(client, dealer, action="call").json()["error"] == "player is missing"
    log = invoke("table", "log", "--json", "-n", "1").json()["history"][0]
    assert log["action"] == "bet" and log["actor"] == "dee"


def test_a_plain_form_without_script_is_answered_on_its_page(
    served: tuple[Hub, TestClient],
) -> None:
    hub, client = served
    url = player_url(hub, "dee")
    answer = client.post(
        f"{url}/bet",
        data={"action": "call", "amount": "", "step": "2"},
        headers={"Accept": "text/html"},
        follow_redirects=False,
    )
    assert answer.status_code == 303 and answer.headers["location"].startswith(url)
    assert state(client, url)["betting"]["to_act"] == "ann"


def test_the_dealers_board_button_deals_the_next_street_once_the_betting_is_over(
    served: tuple[Hub, TestClient],
) -> None:
    hub, client = served
    board = f"/dealer/{hub.tokens.dealer}/action/board"
    early = client.post(board, json={})
    assert early.status_code == 400 and "betting is not over" in early.json()["error"]
    for player, action in (("dee", "call"), ("ann", "call"), ("ben", "check"), ("cy", "check")):
        _ok("table", "bet", player, action)
    dealt = client.post(board, json={})
    assert dealt.status_code == 200, dealt.text
    b = state(client, f"/dealer/{hub.tokens.dealer}")["betting"]
    assert b["street"] == "flop" and b["to_act"] is not None
    assert len(client.get("/clock.json").json()["view"]["board"]) == 3
