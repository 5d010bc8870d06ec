"""The pages of `companion serve` over HTTP: what is public, what needs a token, what each shows."""

from __future__ import annotations

import json
import re

from starlette.testclient import TestClient

from companion.serve.tokens import TOKEN_BYTES
from companion.table import open_store
from companion.ui.web.hub import Hub
from tests.conftest import invoke


def characters_dealt(hub: Hub) -> dict[str, list[str]]:
    with open_store(None) as store, store.transaction(write=False) as tx:
        table = tx.table("friday")
        return {
            p: [c.card_id for c in tx.pile(table, "characters", "held", p)] for p in table.players
        }


def card_names(hub: Hub, player: str) -> set[str]:
    from companion.table import holdings

    with open_store(None) as store, store.transaction(write=False) as tx:
        return {c.name for c in holdings(tx, tx.table("friday"))[player]}


def test_tokens_are_long_random_and_kept_in_the_state_file(hub: Hub) -> None:
    tokens = hub.tokens
    secrets = [tokens.dealer, *tokens.players.values()]
    assert len(set(secrets)) == 3 and TOKEN_BYTES * 8 >= 128
    assert all(len(s) >= 40 for s in secrets)  # 32 bytes of URL-safe base64
    again = Hub(None, None)
    try:
        assert again.tokens == tokens  # the same links after a restart
    finally:
        again.close()
    fresh = Hub(None, None, rotate=True)
    try:
        assert fresh.tokens.dealer != tokens.dealer
        assert set(fresh.tokens.players.values()).isdisjoint(tokens.players.values())
    finally:
        fresh.close()


def test_the_clock_page_is_public_and_its_first_html_holds_the_level(client: TestClient) -> None:
    invoke("timer", "run", input="")
    page = client.get("/clock")
    assert page.status_code == 200
    assert 'id="title">Level 1' in page.text and "Blind 100" in page.text
    assert page.headers["content-security-policy"].startswith("default-src 'self'")
    assert page.headers["referrer-policy"] == "no-referrer"
    # every asset comes from companion itself
    for url in re.findall(r'(?:src|href)="([^"]+)"', page.text):
        assert url.startswith("/"), url
    data = client.get("/clock.json").json()
    assert data["level"] == 1 and data["blinds"] == {"blind": 100}


def test_a_dealer_action_without_the_token_is_refused(client: TestClient, hub: Hub) -> None:
    invoke("timer", "run", input="")
    for token in ("", "x" * 43, hub.tokens.players["ann"]):
        answer = client.post(f"/dealer/{token}/action/next")
        assert answer.status_code in (403, 404, 405), token
    assert client.get(f"/dealer/{hub.tokens.players['ann']}").status_code == 403
    assert client.get("/clock.json").json()["level"] == 1  # nothing happened
    done = client.post(f"/dealer/{hub.tokens.dealer}/action/next")
    assert done.status_code == 200 and done.json()["ok"]
    assert client.get("/clock.json").json()["level"] == 2


def test_a_get_never_acts(client: TestClient, hub: Hub) -> None:
    invoke("timer", "run", input="")
    assert client.get(f"/dealer/{hub.tokens.dealer}/action/next").status_code == 405
    assert client.get("/clock.json").json()["level"] == 1


def test_the_player_page_of_a_never_shows_bs_cards(client: TestClient, hub: Hub) -> None:
    dealt = characters_dealt(hub)
    ann, bob = hub.tokens.players["ann"], hub.tokens.players["bob"]
    page = client.get(f"/player/ann/{ann}")
    assert page.status_code == 200
    for card in dealt["ann"]:
        assert card in page.text
    for card in dealt["bob"]:
        assert card not in page.text
    for name in card_names(hub, "bob"):
        assert name not in page.text
    as_data = client.get(f"/player/ann/{ann}/state.json").text
    assert all(card not in as_data for card in dealt["bob"])
    # bob's token does not open ann's page, nor does a made-up one; a stranger has no page
    assert client.get(f"/player/ann/{bob}").status_code == 403
    assert client.get(f"/player/ann/{bob}/state.json").status_code == 403
    assert client.get(f"/events/player/ann/{bob}").status_code == 403
    assert client.get(f"/player/ann/{'a' * 43}").status_code == 403
    assert client.get(f"/player/zed/{ann}").status_code == 404


def test_choosing_another_players_character_on_the_page_names_no_secret(
    client: TestClient, hub: Hub
) -> None:
    """Setup: characters are dealt face down; the refusal names only ann's own two."""
    dealt = characters_dealt(hub)
    ann = hub.tokens.players["ann"]
    answer = client.post(f"/player/ann/{ann}/choose", json={"character": dealt["bob"][0]})
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert "bob" not in error and "held" not in error  # the typed name comes back, no holder
    other = [n for n in card_names(hub, "bob") if n.casefold() != dealt["bob"][0].replace("-", " ")]
    assert all(name not in error for name in other)
    assert "dealt to ann" in error


def test_the_dealer_page_keeps_characters_secret_until_all_have_chosen(
    client: TestClient, hub: Hub
) -> None:
    dealt = characters_dealt(hub)
    ann = hub.tokens.players["ann"]
    chosen = client.post(f"/player/ann/{ann}/choose", json={"character": dealt["ann"][0]})
    assert chosen.status_code == 200, chosen.text
    dealer = client.get(f"/dealer/{hub.tokens.dealer}/state.json").json()
    assert dealer["columns"][0] == "character"
    assert [row[:2] for row in dealer["rows"]] == [
        ["ann", "chosen (secret)"],
        ["bob", "choosing from 2"],
    ]
    assert dealt["ann"][0] not in json.dumps(dealer)
    clock = client.get("/clock.json").text
    assert dealt["ann"][0] not in clock


def test_bad_input_is_a_one_line_error_and_changes_nothing(client: TestClient, hub: Hub) -> None:
    base = f"/dealer/{hub.tokens.dealer}/action"
    with open_store(None) as store, store.transaction(write=False) as tx:
        before = len(tx.history(tx.table("friday")))
    for action, fields in (
        ("treasure", {"player": "zed"}),
        ("showdown", {"amounts": "ann=abc"}),
        ("showdown", {"amounts": "x" * 5000}),
        ("explode", {}),
    ):
        answer = client.post(f"{base}/{action}", json=fields)
        assert answer.status_code == 400, (action, answer.text)
        error = answer.json()["error"]
        assert "\n" not in error and len(error) < 300
    with open_store(None) as store, store.transaction(write=False) as tx:
        assert len(tx.history(tx.table("friday"))) == before


def test_a_plain_html_form_works_without_javascript(client: TestClient, hub: Hub) -> None:
    invoke("timer", "run", input="")
    answer = client.post(
        f"/dealer/{hub.tokens.dealer}/action/toggle",
        data={"go": "1"},
        headers={"Accept": "text/html"},
        follow_redirects=False,
    )
    assert answer.status_code == 303 and "said=" in answer.headers["location"]
    assert client.get("/clock.json").json()["paused"] is True


def test_the_live_stream_starts_with_the_current_document(client: TestClient) -> None:
    invoke("timer", "run", input="")
    with client.stream("GET", "/events/clock") as events:
        for line in events.iter_lines():
            if line.startswith("data: "):
                first = json.loads(line.removeprefix("data: "))
                break
    assert first["level"] == 1 and first["version"] >= 1


def test_serve_refuses_a_bad_port_or_table_in_one_line() -> None:
    for args, said in (
        (("--port", "99999"), "--port must be from 0 to 65535"),
        (("--table", "nowhere"), "nowhere"),
        (("--host", "a b"), "--host"),
    ):
        result = invoke("serve", *args)
        assert result.exit_code == 2, args
        assert said in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_the_dealer_page_never_names_a_players_secret_card(client: TestClient, hub: Hub) -> None:
    """The characters dealt to choose from and the one kept in secret are named on no page
    but their holder's; a treasure is shown round the table as it is drawn (000, Treasures)."""
    dealt = characters_dealt(hub)
    ann = hub.tokens.players["ann"]
    client.post(f"/player/ann/{ann}/choose", json={"character": dealt["ann"][0]})
    drawn = client.post(f"/dealer/{hub.tokens.dealer}/action/treasure", json={"player": "bob"})
    treasure = next(iter(card_names(hub, "bob") - set(_names(dealt["bob"]))))
    assert (
        drawn.status_code == 200
        and drawn.json()["message"] == f"bob drew {treasure} from Treasures"
    )
    secret = card_names(hub, "bob") - {treasure} | card_names(hub, "ann")
    assert len(secret) == 3  # bob: two characters to choose from; ann: hers
    for text in (
        client.get(f"/dealer/{hub.tokens.dealer}").text,
        client.get(f"/dealer/{hub.tokens.dealer}/state.json").text,
        client.get("/clock").text,
        drawn.text,
    ):
        assert not any(name in text for name in secret)


def _names(card_ids: list[str]) -> list[str]:
    from companion.cards import load_game

    cards = load_game("dungeon-poker")
    return [cards.get(c).name for c in card_ids]


def test_a_players_page_shows_the_soul_gems_the_table_counts(client: TestClient, hub: Hub) -> None:
    """Each player's page: soul gems and gold as the table tracks them, moved by the table
    (the character's own gems once revealed, then a correction); the dealer sees the column."""
    dealt = characters_dealt(hub)
    for player in ("ann", "bob"):
        token = hub.tokens.players[player]
        assert client.post(
            f"/player/{player}/{token}/choose", json={"character": dealt[player][0]}
        ).is_success
    assert invoke("table", "gems", "ann", "+2", "--note", "house rule").exit_code == 0
    from companion.cards import load_game

    start = load_game("dungeon-poker").get(dealt["ann"][0]).soul_gems
    ann = hub.tokens.players["ann"]
    doc = client.get(f"/player/ann/{ann}/state.json").json()
    assert doc["standing"]["gems"] == str(start + 2)
    page = client.get(f"/player/ann/{ann}").text
    assert f"<dt>gems</dt><dd>{start + 2}</dd>" in page
    dealer = client.get(f"/dealer/{hub.tokens.dealer}/state.json").json()
    assert "gems" in dealer["columns"]


def test_the_settle_forms_example_shows_one_amount_for_everyone(
    client: TestClient, hub: Hub
) -> None:
    """The form takes `all=GOLD` as `table showdown` does, so its example offers it first."""
    page = client.get(f"/dealer/{hub.tokens.dealer}").text
    assert 'placeholder="all=200 or ann=200 bob=200 "' in page


def test_the_settle_form_asks_to_place_the_monsters_in_play_too(
    client: TestClient, hub: Hub
) -> None:
    """A result that leaves out a monster at the table is refused (it plays for the pot),
    so the order the settle form shows as its example names the monsters after the players."""
    dealer = f"/dealer/{hub.tokens.dealer}"
    assert client.get(f"{dealer}/state.json").json()["to_place"] == ["ann", "bob"]
    came = client.post(f"{dealer}/action/monster", json={})
    assert came.status_code == 200, came.text
    monster = came.json()["message"].rsplit(": ", 1)[1]
    doc = client.get(f"{dealer}/state.json").json()
    assert doc["to_place"] == ["ann", "bob", monster]
    assert f'placeholder="ann &gt; bob &gt; {monster}"' in client.get(dealer).text


def test_the_minute_buttons_show_only_when_levels_run_on_time(client: TestClient, hub: Hub) -> None:
    """A level that only deals end has no time limit, so -1/+1 min would only answer that
    it has none: the dealer's page hides them then, and shows them on a timed clock."""
    dealer = f"/dealer/{hub.tokens.dealer}"
    minute_forms = re.compile(r'<form[^>]*id="act-(?:minus|plus)-minute"[^>]*>')
    assert invoke("timer", "run", input="").exit_code == 0
    assert client.get("/clock.json").json()["counting_up"] is True
    forms = minute_forms.findall(client.get(dealer).text)
    assert len(forms) == 2 and all(" hidden" in f for f in forms)
    assert invoke("timer", "run", "--minutes", "20", input="").exit_code == 0
    assert client.get("/clock.json").json()["counting_up"] is False
    forms = minute_forms.findall(client.get(dealer).text)
    assert len(forms) == 2 and not any(" hidden" in f for f in forms)


def test_a_clock_button_answers_in_words_not_the_actions_name(client: TestClient, hub: Hub) -> None:
    """Pause/resume says whether the clock is now paused or running; next says next level."""
    base = f"/dealer/{hub.tokens.dealer}/action"
    assert invoke("timer", "run", input="").exit_code == 0
    said = [client.post(f"{base}/{a}", json={}).json()["message"] for a in ("toggle", "toggle")]
    assert said == ["paused: Level 1", "running: Level 1"]
    assert client.post(f"{base}/next", json={}).json()["message"] == "next level: Level 2"


def test_the_dealer_page_without_a_clock_points_at_its_own_start_button(
    client: TestClient, hub: Hub
) -> None:
    dealer = client.get(f"/dealer/{hub.tokens.dealer}/state.json").json()
    assert (
        dealer["clock"]["message"] == "No clock is running yet: 'Start the clock' below starts one."
    )
    assert "companion timer run" in client.get("/clock.json").json()["message"]


def test_a_players_own_line_names_the_character_they_kept_in_secret(
    client: TestClient, hub: Hub
) -> None:
    """While others still choose, the table sees "chosen (secret)"; the player's own page
    names the card they kept, and the dealer's page still does not."""
    dealt = characters_dealt(hub)
    ann = hub.tokens.players["ann"]
    assert client.post(f"/player/ann/{ann}/choose", json={"character": dealt["ann"][0]}).is_success
    kept = card_names(hub, "ann")
    assert len(kept) == 1
    (name,) = kept
    doc = client.get(f"/player/ann/{ann}/state.json").json()
    assert doc["standing"]["character"] == f"{name} (secret until everyone has chosen)"
    dealer = client.get(f"/dealer/{hub.tokens.dealer}/state.json").text
    assert name not in dealer and "chosen (secret)" in dealer


def test_the_undo_button_says_which_action_it_takes_back(client: TestClient, hub: Hub) -> None:
    """The clock's start is in the log but is not a table action undo reverts: the button
    names the action it will take back (a player's choice here, without the card)."""
    dealt = characters_dealt(hub)
    ann = hub.tokens.players["ann"]
    assert client.post(f"/player/ann/{ann}/choose", json={"character": dealt["ann"][0]}).is_success
    dealer = f"/dealer/{hub.tokens.dealer}"
    assert client.post(f"{dealer}/action/start-clock", json={}).is_success
    doc = client.get(f"{dealer}/state.json").json()
    assert doc["history"][0]["summary"].startswith("clock started")
    assert doc["undo_next"]["summary"] == "ann chose a character in secret"
    said = f"takes back #{doc['undo_next']['id']} ann chose a character in secret"
    assert said in client.get(dealer).text
    undone = client.post(f"{dealer}/action/undo", json={}).json()["message"]
    assert undone == f"undid #{doc['undo_next']['id']}: ann chose a character in secret"


def test_a_wrong_link_opened_in_a_browser_is_a_page_with_the_same_line(
    client: TestClient, hub: Hub
) -> None:
    """A browser asking a page with a wrong token gets the refusal as a small page, with
    the same status; a script (no text/html) still gets the JSON line."""
    browser = {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"}
    bob = hub.tokens.players["bob"]
    for path, status, line in (
        ("/dealer/made-up", 403, "the dealer&#39;s page needs the dealer&#39;s link"),
        (f"/player/ann/{bob}", 403, "this page needs that player&#39;s own link"),
        (f"/player/zed/{bob}", 404, "no player &#39;zed&#39; at this table"),
    ):
        page = client.get(path, headers=browser)
        assert page.status_code == status
        assert page.headers["content-type"].startswith("text/html")
        assert line in page.text and bob not in page.text
        assert client.get(path).json()["ok"] is False


def test_the_victory_shows_on_the_tv_the_dealers_page_and_every_phone_with_a_skull_held(
    client: TestClient, hub: Hub
) -> None:
    """A skull is a card in a hand, and "skull" a word of the victory and target lines: the
    pages of old hid those lines then. A view's public facts are on every page."""
    dealt = characters_dealt(hub)
    for player in ("ann", "bob"):
        token = hub.tokens.players[player]
        client.post(f"/player/{player}/{token}/choose", json={"character": dealt[player][0]})
    assert invoke("table", "death", "ann").exit_code == 0  # ann holds a skull now
    assert invoke("table", "gold", "bob", "+15000", "--note", "a long evening").exit_code == 0
    won = invoke("table", "show", "--json").json()["dungeon_poker"]["victory"]
    assert won["player"] == "bob"
    pages = {
        "/clock": "/clock.json",
        f"/dealer/{hub.tokens.dealer}": f"/dealer/{hub.tokens.dealer}/state.json",
        **{
            f"/player/{p}/{t}": f"/player/{p}/{t}/state.json" for p, t in hub.tokens.players.items()
        },
    }
    for html, data in pages.items():
        doc = client.get(data).json()
        facts = doc["view"] if html == "/clock" else doc
        assert facts["victory"]["text"] == won["text"]
        assert "per skull" in facts["targets"]
        page = client.get(html).text
        assert 'id="victory"' in page and won["text"] in page
        assert "not shown on this page" not in page
