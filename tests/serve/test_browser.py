"""`companion serve` in a real browser: Debian's Chromium, driven by Playwright.

The server runs as its own process (`serve --port 0 --json`), the table is
changed from the command line in other processes, and the pages are looked
at as people would: the TV's clock, the dealer's page, two phones.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect, sync_playwright

from companion.table import holdings, open_store
from tests.conftest import invoke
from tests.serve.chromium import install_chromium
from tests.serve.conftest import new_table, start_serve

ROOT = Path(__file__).resolve().parents[2]
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TV = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}
SCREENSHOTS = os.environ.get("COMPANION_SCREENSHOTS")
"""Where the tests leave their screenshots to look at (default: a temporary folder)."""


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserContext]:
    try:
        chromium = install_chromium()  # Debian's, installed here on a fresh machine
    except RuntimeError as exc:
        pytest.fail(str(exc))
    profile = tmp_path_factory.mktemp("chromium-profile")  # a fresh --user-data-dir
    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(profile), executable_path=chromium, args=FLAGS, headless=True
        )
        try:
            yield context
        finally:
            context.close()


def companion(*args: str) -> str:
    """`companion ARGS` in a process of its own, as another terminal would run it."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-m", "companion", *args],
        check=False,
        env=env,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.fixture
def served() -> Iterator[dict[str, object]]:
    """A Dungeon Poker table with a running clock, served on a free port; its URLs."""
    new_table()
    assert invoke("timer", "run", input="").exit_code == 0
    server, urls = start_serve()
    try:
        yield urls
    finally:
        server.terminate()
        server.wait(timeout=10)


def page_at(context: BrowserContext, url: str, size: dict[str, int]) -> Page:
    page = context.new_page()
    page.set_viewport_size(size)  # type: ignore[arg-type]
    page.goto(url)
    return page


def shot(page: Page, name: str) -> None:
    if SCREENSHOTS:
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SCREENSHOTS) / f"{name}.png"))
    else:
        page.screenshot()  # still drawn, so a page that cannot be drawn fails


def test_a_scripted_evening_clock_dealer_and_two_phones(
    browser: BrowserContext, served: dict[str, object]
) -> None:
    players = served["players"]
    assert isinstance(players, dict) and set(players) == {"ann", "bob"}
    tv = page_at(browser, str(served["clock"]), TV)
    expect(tv.locator("#title")).to_contain_text("Level 1")

    # The clock follows three level changes made from the command line.
    for level in (2, 3, 4):
        companion("timer", "do", "next")
        expect(tv.locator("#title")).to_contain_text(f"Level {level}", timeout=1000)
    expect(tv.locator("body")).to_have_attribute("data-alert", "change")
    companion("timer", "do", "previous", "previous")
    expect(tv.locator("#title")).to_contain_text("Level 2")

    # Each player keeps a character on their own phone.
    phones = {name: page_at(browser, str(url), PHONE) for name, url in players.items()}
    for phone in phones.values():
        phone.locator("#choices button").first.click()
        expect(phone.locator("#choosing")).to_be_hidden()

    # The dealer starts a deal and settles it on the dealer's page.
    dealer = page_at(browser, str(served["dealer"]), {"width": 1280, "height": 900})
    dealer.locator("#act-new-deal button").click()
    expect(dealer.locator("#said")).to_contain_text("deal 1")
    dealer.fill("input[name=amounts]", "ann=100 bob=100")
    dealer.fill("input[name=result]", "ann > bob")
    dealer.locator("#showdown button").click()
    expect(dealer.locator("#said")).to_contain_text("deal settled: pot 200; ann +100, bob -100")

    # Each phone shows its own cards and none of the other's face-down ones: a revealed
    # character and a treasure (shown round the table when drawn) are everyone's.
    with open_store(None) as store, store.transaction(write=False) as tx:
        mine = {p: {c.name for c in cs} for p, cs in holdings(tx, tx.table("friday")).items()}
        down = {
            p: {c.name for c in cs if c.pile == "held" and c.deck not in ("treasures", "skulls")}
            for p, cs in holdings(tx, tx.table("friday")).items()
        }
    assert len(mine["ann"]) == 2  # her character and the treasure she won
    for name, phone in phones.items():
        other = "bob" if name == "ann" else "ann"
        for card in mine[name]:
            expect(phone.locator("#cards")).to_contain_text(card)
        shown = phone.locator("body").inner_text()
        assert not any(card in shown for card in down[other] - mine[name])
    shot(tv, "clock-tv")
    shot(phones["ann"], "player-phone")
    shot(dealer, "dealer")


def test_the_tv_and_the_phone_show_the_clock_without_overflow(
    browser: BrowserContext, served: dict[str, object]
) -> None:
    companion("table", "level")  # an encounter on screen: the longest clock face
    for size, name in ((TV, "tv"), (PHONE, "phone")):
        page = page_at(browser, str(served["clock"]), size)
        expect(page.locator("#encounter")).to_be_visible()
        width = page.evaluate("document.documentElement.scrollWidth")
        height = page.evaluate("document.documentElement.scrollHeight")
        assert width <= size["width"], (name, width)
        if size is TV:
            assert height <= size["height"], height  # the whole face on one screen
        # a Dungeon Poker level ends after its deals: "deal N of 5" is the big figure
        # (as tall as the level), the time played a smaller one below it
        deals, time = (page.locator(f"#{i}").bounding_box() for i in ("deals", "time"))
        assert deals is not None and time is not None
        assert deals["height"] >= (80 if size is TV else 28), deals
        assert deals["y"] < time["y"] and time["height"] < 2 * deals["height"]
        shot(page, f"clock-{name}-encounter")
    for url in (served["dealer"], *dict(served["players"]).values()):  # type: ignore[call-overload]
        page = page_at(browser, str(url), PHONE)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_dealers_players_columns_fit_a_phone_without_scrolling_sideways(
    browser: BrowserContext, served: dict[str, object]
) -> None:
    """Every column of the players (gems and gold are the last) shows on a 390-wide phone."""
    for name in ("ann", "bob"):
        dealt = json.loads(companion("table", "hand", name, "--json"))["cards"]
        companion("table", "choose", name, dealt[0]["name"])
    dealer = page_at(browser, str(served["dealer"]), PHONE)
    expect(dealer.locator("#players")).to_contain_text("5,000")
    table = dealer.locator("#players")
    scroll, client = table.evaluate("t => [t.scrollWidth, t.clientWidth]")
    assert scroll <= client, (scroll, client)
    shot(dealer, "dealer-phone")


def test_a_markup_name_leaves_the_script_running_and_a_deleted_table_says_so(
    browser: BrowserContext,
) -> None:
    """A table named `</script><!--<script>` (as an older companion let in): the dealer's
    page still follows the clock live; deleting the table turns the open page into the
    410 page by itself."""
    import sqlite3

    hostile = "</script><!--<script>"
    new_table()
    assert invoke("timer", "run", input="").exit_code == 0
    with sqlite3.connect(os.environ["COMPANION_STATE"]) as conn:
        conn.execute("UPDATE tables SET name = ?", (hostile,))
        conn.execute("UPDATE settings SET value = ? WHERE key = 'current_table'", (hostile,))
    server, urls = start_serve()
    try:
        errors: list[str] = []
        dealer = page_at(browser, str(urls["dealer"]), {"width": 1280, "height": 900})
        dealer.on("pageerror", lambda exc: errors.append(str(exc)))
        expect(dealer.locator("#title")).to_contain_text("Level 1")
        companion("timer", "do", "next")
        expect(dealer.locator("#title")).to_contain_text("Level 2", timeout=2000)
        assert errors == []
        companion("table", "delete", hostile, "--yes")
        expect(dealer.locator("body")).to_contain_text("was deleted", timeout=10_000)
        shot(dealer, "dealer-table-deleted")
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_without_a_clock_the_tv_shows_the_level_and_the_deal_and_the_phone_its_hand_first(
    browser: BrowserContext,
) -> None:
    """A Dungeon Poker table nobody started a clock for: the TV (1280×800) shows the
    table's level, blind, encounter and "deal N of 5" as its main figures, with no time;
    the phone (390×844) shows the player's hand first, in rank and suit, its Dense fog
    card only counted, then the treasures and the character. A deal started from
    another terminal moves both."""
    from tests.table.test_dp_table_findings import rig

    new_table()
    for name in ("ann", "bob"):
        dealt = json.loads(companion("table", "hand", name, "--json"))["cards"]
        companion("table", "choose", name, dealt[0]["id"])
    rig("encounters", "dense-fog")
    companion("table", "level")
    companion("table", "deal", "--cards")
    server, urls = start_serve()
    try:
        tv = page_at(browser, str(urls["clock"]), {"width": 1280, "height": 800})
        expect(tv.locator("#face")).to_be_visible()
        expect(tv.locator("#title")).to_contain_text("Level 2")
        expect(tv.locator("#stakes")).to_contain_text("200")
        expect(tv.locator("#deals")).to_have_text("deal 1 of 5")
        expect(tv.locator("#encounter")).to_contain_text("Dense fog")
        expect(tv.locator("#time")).to_be_hidden()
        expect(tv.locator("#state")).to_be_hidden()  # no "paused": there is no clock
        deals = tv.locator("#deals").bounding_box()
        assert deals is not None and deals["height"] >= 60, deals
        assert tv.evaluate("document.documentElement.scrollWidth") <= 1280
        shot(tv, "clock-no-clock-tv")

        phone = page_at(browser, str(dict(urls["players"])["ann"]), PHONE)
        mine = json.loads(companion("table", "hand", "ann", "--json"))
        seen = [c for c in mine["cards"] if c["deck"] == "main"]
        assert len(seen) == 1 and mine["unseen"] == 1
        rank, suit = seen[0]["id"][0].upper(), {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
        pip = ("10" if rank == "T" else rank) + suit[seen[0]["id"][1]]
        expect(phone.locator("#hand")).to_have_text(pip)
        expect(phone.locator("#unseen")).to_be_visible()
        expect(phone.locator("#unseen-count")).to_have_text("1")
        hand, cards = (phone.locator(i).bounding_box() for i in ("#hand", "#cards"))
        assert hand is not None and cards is not None and hand["y"] < cards["y"]
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        shot(phone, "player-phone-hand")

        companion("table", "deal", "--cards")  # the next deal, from another terminal
        expect(tv.locator("#deals")).to_have_text("deal 2 of 5")
        expect(phone.locator("#hand .pip")).to_have_count(1)
    finally:
        server.terminate()
        server.wait(timeout=10)
