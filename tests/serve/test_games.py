"""Each game's pages offer that game's controls and columns, from the game's own overview."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from companion.ui.web.hub import Hub
from tests.conftest import invoke
from tests.serve.conftest import serving

DP_ONLY = ("monster", "treasure", "showdown", "new-deal")


@pytest.fixture
def decko() -> Iterator[tuple[Hub, TestClient]]:
    yield from serving("decko", name="night")


@pytest.fixture
def dragon_kings() -> Iterator[tuple[Hub, TestClient]]:
    yield from serving("dragon-kings", name="night")


def test_a_decko_dealer_page_has_decko_controls_and_columns_only(
    decko: tuple[Hub, TestClient],
) -> None:
    hub, client = decko
    token = hub.tokens.dealer
    page = client.get(f"/dealer/{token}").text
    doc = client.get(f"/dealer/{token}/state.json").json()
    assert not any(f"/action/{name}" in page for name in DP_ONLY)
    assert "Treasure for" not in page and "Settle the deal" not in page
    assert "/action/round" in page and "round" in doc["controls"]
    assert doc["columns"][:2] == ["chips", "loans"]  # as `table show` has them
    assert [row[:3] for row in doc["rows"]] == [["ann", "20", "0"], ["bob", "20", "0"]]
    assert not any(c in doc["columns"] for c in ("gold", "treasures", "skulls"))
    for name in DP_ONLY:  # a Dungeon Poker action is refused in one line, nothing changes
        answer = client.post(f"/dealer/{token}/action/{name}", json={"player": "ann"})
        assert answer.status_code == 400
        assert "not an action of a decko table" in answer.json()["error"]


def test_the_decko_round_button_is_decko_round_and_shows_the_round(
    decko: tuple[Hub, TestClient],
) -> None:
    hub, client = decko
    token = hub.tokens.dealer
    done = client.post(f"/dealer/{token}/action/round", json={})
    assert done.status_code == 200, done.text
    assert done.json()["message"].startswith("round 1: bets 1 to 5")
    doc = client.get(f"/dealer/{token}/state.json").json()
    assert doc["lines"][0].startswith("round 1 of 12")
    assert invoke("table", "show", "--json").json()["decko"]["round"] == 1


def test_a_decko_players_page_shows_their_chips_and_hand(decko: tuple[Hub, TestClient]) -> None:
    hub, client = decko
    client.post(f"/dealer/{hub.tokens.dealer}/action/round", json={})
    ann = client.get(f"/player/ann/{hub.tokens.players['ann']}/state.json").json()
    assert ann["standing"]["chips"] in ("19", "20") and ann["standing"]["loans"] == "0"
    assert any(line.startswith("round 1 of 12") for line in ann["lines"])
    hand = [c for c in ann["cards"] if c["pile"] == "held"]
    assert len(hand) == 5 and all(c["holder"] == "ann" for c in hand)
    page = client.get(f"/player/ann/{hub.tokens.players['ann']}").text
    assert "chips" in page and hand[0]["name"] in page


def test_a_dragon_kings_dealer_page_shows_the_wing_cards_in_force(
    dragon_kings: tuple[Hub, TestClient],
) -> None:
    hub, client = dragon_kings
    token = hub.tokens.dealer
    doc = client.get(f"/dealer/{token}/state.json").json()
    shown = invoke("table", "show", "--json").json()
    wings = [w["name"] for w in shown["wings"]]
    assert doc["lines"][0] == "wing cards in force: " + ", ".join(
        f"{w} (involuntary)" for w in wings
    )
    assert "[bold]" not in doc["lines"][0]  # the terminal's styling is left out
    assert not any(name in doc["controls"] for name in (*DP_ONLY, "round"))
    page = client.get(f"/dealer/{token}").text
    assert "Draw a monster" not in page and "Treasure for" not in page
    player = client.get(f"/player/bob/{hub.tokens.players['bob']}/state.json").json()
    assert player["lines"][0] == doc["lines"][0]
