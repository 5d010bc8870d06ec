"""A Dungeon Poker deal and a Dragon Kings deal, each bet entirely from four phones in
Chromium with the TV following it, settled by `table showdown` / `dk showdown` with no
amounts; the same deal typed as `table bet` commands settles the same way. One browser
serves both tests."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from tests.serve.chromium import install_chromium
from tests.serve.conftest import start_serve
from tests.serve.test_browser import FLAGS, PHONE, TV, companion, shot

PLAYERS = ("ann", "ben", "cy", "dee")
SCRIPT: tuple[tuple[str, str, int | None], ...] = (
    # preflop: ann deals, ben and cy post the blind of 100, dee speaks first
    ("dee", "raise", 300),
    ("ann", "call", None),
    ("ben", "fold", None),
    ("cy", "call", None),
    # flop
    ("cy", "bet", 200),
    ("dee", "call", None),
    ("ann", "call", None),
    # turn and river, checked round
    ("cy", "check", None),
    ("dee", "check", None),
    ("ann", "check", None),
    ("cy", "check", None),
    ("dee", "check", None),
    ("ann", "check", None),
)
STREET_AFTER = {4: "flop", 7: "turn", 10: "river"}
"""After which step of the script the dealer deals the next street."""
ORDER = "cy > dee > ann"


def table(name: str) -> None:
    companion(
        "table",
        "new",
        name,
        "--game",
        "dungeon-poker",
        "--players",
        ",".join(PLAYERS),
        "--seed",
        "3",
        "--limit",
        "pot",
    )


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Chromium with a context of its own for each screen: four phones, the TV and the
    dealer's laptop are six devices, each with its own connections (one profile would hold
    six live pages' streams and keep a seventh request waiting)."""
    try:
        chromium = install_chromium()
    except RuntimeError as exc:
        pytest.fail(str(exc))
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=chromium, args=FLAGS, headless=True)
        try:
            yield launched
        finally:
            launched.close()


def device(browser: Browser, url: str, size: dict[str, int]) -> Page:
    page = browser.new_context(viewport=size).new_page()  # type: ignore[arg-type]
    page.goto(url)
    return page


@pytest.fixture
def served() -> Iterator[dict[str, object]]:
    table("fri")
    server, urls = start_serve()
    try:
        yield urls
    finally:
        server.terminate()
        server.wait(timeout=10)


def act(phone: Page, action: str, amount: int | None) -> None:
    button = phone.locator(f"#bet-buttons button[value='{action}']")
    expect(button).to_be_visible(timeout=5000)  # the page has seen that it is its turn
    if amount is not None:
        phone.fill("#bet-form input[name=amount]", str(amount))
    button.click()
    expect(phone.locator("#said")).to_contain_text(f"{phone_owner(phone)} ", timeout=5000)
    expect(phone.locator("#said")).not_to_contain_text("error")


def phone_owner(phone: Page) -> str:
    return phone.locator("#player").inner_text()


def test_a_deal_bet_from_four_phones_settles_as_the_same_deal_typed(
    browser: Browser, served: dict[str, object]
) -> None:
    urls = dict(served["players"])  # type: ignore[call-overload]
    tv = device(browser, str(served["clock"]), TV)
    phones = {p: device(browser, str(urls[p]), PHONE) for p in PLAYERS}
    for phone in phones.values():  # each keeps the first character dealt to them
        phone.locator("#choices button").first.click()
        expect(phone.locator("#choosing")).to_be_hidden()
    dealer = device(browser, str(served["dealer"]), {"width": 1280, "height": 900})
    dealer.locator("#act-new-deal button").click()
    expect(dealer.locator("#said")).to_contain_text("deal 1")
    expect(tv.locator("#turn")).to_contain_text("dee to act")
    expect(tv.locator("#bets")).to_contain_text("100")
    expect(phones["ann"].locator("#bet-form")).to_be_hidden()  # not her turn
    for step, (player, action, amount) in enumerate(SCRIPT, 1):
        act(phones[player], action, amount)
        if step in STREET_AFTER:
            companion("table", "board")
            expect(tv.locator("#turn")).to_contain_text(STREET_AFTER[step])
    expect(tv.locator("#turn")).to_contain_text("pot 1,600")
    expect(tv.locator("#turn")).to_contain_text("the betting is over")
    shot(tv, "betting-tv")
    shot(phones["dee"], "betting-phone")
    phoned = json.loads(companion("table", "showdown", "--result", ORDER, "--json"))

    # The same deal through `table bet`, at a second table dealt from the same seed.
    table("sat")
    for p in PLAYERS:
        hand = json.loads(companion("table", "hand", p, "--json"))["cards"]
        companion("table", "choose", p, next(c["id"] for c in hand if c["deck"] == "characters"))
    companion("table", "deal")
    for step, (player, action, amount) in enumerate(SCRIPT, 1):
        companion("table", "bet", player, action, *([str(amount)] if amount else []))
        if step in STREET_AFTER:
            companion("table", "board")
    typed = json.loads(companion("table", "showdown", "--result", ORDER, "--json"))
    assert phoned["pots"] == typed["pots"] and phoned["net"] == typed["net"]
    assert phoned["net"] == {"ann": -500, "ben": -100, "cy": 1_100, "dee": -500}


DK_PLAYERS = ("ann", "ben", "cat", "dan")
DK_SCRIPT: tuple[tuple[str, str, int | None], ...] = (
    # preflop: dan deals, ann and ben post the blinds of 5 and 10, cat speaks first
    ("cat", "raise", 30),
    ("dan", "call", None),
    ("ann", "fold", None),
    ("ben", "call", None),
    # flop
    ("ben", "check", None),
    ("cat", "bet", 40),
    ("dan", "call", None),
    ("ben", "fold", None),
    # turn and river, checked round
    ("cat", "check", None),
    ("dan", "check", None),
    ("cat", "check", None),
    ("dan", "check", None),
)
DK_STREET_AFTER = {4: "flop", 8: "turn", 10: "river"}


def dk_table(name: str) -> None:
    """Four guests, tracked No-Limit betting, the opening draw made, the clock at level 1."""
    companion(
        "table",
        "new",
        name,
        "--game",
        "dragon-kings",
        "--players",
        ",".join(DK_PLAYERS),
        "--seed",
        "4",
        "--limit",
        "no",
    )
    companion("dk", "open")
    companion("timer", "run", "--paused", "--level", "1")


def test_a_dragon_kings_deal_bet_from_four_phones_settles_as_the_same_deal_typed(
    browser: Browser,
) -> None:
    dk_table("dkfri")
    server, urls = start_serve()
    try:
        players = dict(urls["players"])
        tv = device(browser, str(urls["clock"]), TV)
        phones = {p: device(browser, str(players[p]), PHONE) for p in DK_PLAYERS}
        companion("dk", "deal")
        expect(tv.locator("#turn")).to_contain_text("cat to act")
        expect(phones["cat"].locator("#bet-form")).to_be_visible()
        expect(phones["ann"].locator("#bet-form")).to_be_hidden()  # not her turn
        for step, (player, action, amount) in enumerate(DK_SCRIPT, 1):
            act(phones[player], action, amount)
            if step in DK_STREET_AFTER:
                companion("dk", "board")
                expect(tv.locator("#turn")).to_contain_text(DK_STREET_AFTER[step])
        expect(tv.locator("#turn")).to_contain_text("pot 175")
        shot(tv, "dk-betting-tv")
        shot(phones["cat"], "dk-betting-phone")
        phoned = json.loads(companion("dk", "showdown", "--json"))
        for page in (tv, *phones.values()):
            page.context.close()
    finally:
        server.terminate()
        server.wait(timeout=10)

    # The same deal through `table bet`, at a second table set up from the same seed.
    dk_table("dksat")
    companion("dk", "deal")
    for step, (player, action, amount) in enumerate(DK_SCRIPT, 1):
        companion("table", "bet", player, action, *([str(amount)] if amount else []))
        if step in DK_STREET_AFTER:
            companion("dk", "board")
    typed = json.loads(companion("dk", "showdown", "--json"))
    assert phoned["pots"] == typed["pots"] and phoned["points"] == typed["points"]
    assert phoned["pots"][0]["amount"] == 175
