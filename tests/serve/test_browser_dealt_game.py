"""The whole laptop-dealt Dungeon Poker evening of docs/table.md (``tour:dp-evening``)
played while Chromium shows every screen: the TV, the dealer's page and each player's
phone, each looked at 1280×800 and 390×844 after every command of the tour.

What each screen must show is worked out here from the rulebook and the whole state
(``table show --json``, every secret), not from the views the pages are built from:

* the board, every hand card lying face up (Armory's third card) and nothing else of the
  main deck on the TV and the dealer's page;
* on a player's phone, those and the player's own face-down cards, never another
  player's face-down cards, nor a card dealt unseen (Dense fog), not even to its holder;
* on every screen the level, its blind and encounter, and once won, the victory.

The cards on a page are read from the ``data-card`` attribute every card carries, so
nothing here depends on pixels; a few screenshots are kept for a person to look at
(``COMPANION_SCREENSHOTS=DIR``).
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from tests.conftest import invoke
from tests.serve.chromium import install_chromium
from tests.serve.conftest import start_serve
from tests.serve.test_browser import FLAGS, SCREENSHOTS, shot

DOC = Path(__file__).resolve().parents[2] / "docs" / "table.md"
PLAYERS = ("ann", "ben", "cy", "dee")
SIZES = ({"width": 1280, "height": 800}, {"width": 390, "height": 844})
SHOTS = {  # after which command of the tour a screenshot is kept, and of which screens
    "table show": ("tv", "ann"),
    "table hand dee": ("dee", "dealer"),
}


def tour() -> list[list[str]]:
    """The commands of the tour, as the reader types them."""
    text = DOC.read_text(encoding="utf-8")
    [block] = re.findall(r"<!-- tour:dp-evening -->(.*?)<!-- /tour:dp-evening -->", text, re.DOTALL)
    return [shlex.split(line[2:])[1:] for line in block.splitlines() if line.startswith("$ ")]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
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


def seen_by_rule(whole: dict[str, Any]) -> dict[str, set[str]]:
    """The main deck cards each screen may show (TV, dealer, each seat), by the rulebook."""
    board = {c["id"] for c in whole.get("board", [])}
    hands = {
        p["name"]: [c for c in p["cards"] if c["deck"] == "main" and c["pile"] == "held"]
        for p in whole["players"]
    }
    public = board | {c["id"] for cards in hands.values() for c in cards if c["face"] == "up"}
    out = {"tv": public, "dealer": public}
    for player, cards in hands.items():
        out[player] = public | {c["id"] for c in cards if c["face"] == "down"}
    return out


def main_cards_on(page: Page) -> set[str]:
    """The main deck cards a page shows (a playing card's id is two characters: ``9h``)."""
    ids = page.eval_on_selector_all("[data-card]", "els => els.map(e => e.dataset.card)")
    return {i for i in ids if len(i) == 2}


def wait_for_cards(page: Page, wanted: set[str]) -> None:
    """Until the page shows exactly ``wanted`` (it follows the table a moment later)."""
    try:
        page.wait_for_function(
            """want => {
                const ids = new Set([...document.querySelectorAll('[data-card]')]
                    .map(e => e.dataset.card).filter(i => i.length === 2));
                return ids.size === want.length && want.every(i => ids.has(i));
            }""",
            arg=sorted(wanted),
            timeout=5000,
        )
    except Exception:  # say which cards differ, not only that the wait ran out
        shown = main_cards_on(page)
        raise AssertionError(
            f"{page.url}: shows {sorted(shown - wanted)} it may not, "
            f"misses {sorted(wanted - shown)}"
        ) from None


def check_public_facts(name: str, page: Page, whole: dict[str, Any]) -> None:
    """The level, its blind and encounter where each screen shows them (the TV's and the
    dealer's clock face, a phone's top line and its table lines), and the victory; each
    waited for a moment, as the page follows the table."""
    level = whole["dungeon_poker"]["level"]
    number, blind = level["level"], f"{level['blind']:,}"
    encounter = (level.get("encounter") or {}).get("name")
    lines = page.locator("#lines")
    if name in ("tv", "dealer"):
        expect(page.locator("#title")).to_have_text(re.compile(rf"^Level {number}\b"))
        expect(page.locator("#stakes")).to_contain_text(blind)
    else:
        expect(page.locator("#mini")).to_have_text(re.compile(rf"^Level {number}\b"))
        expect(lines).to_contain_text(f"level {number} · blind {blind}")
    if encounter:
        expect(page.locator("#encounter-head") if name == "tv" else lines).to_contain_text(
            encounter
        )
    if whole["dungeon_poker"].get("victory"):
        expect(page.locator("#victory")).to_be_visible()
        expect(page.locator("#victory")).to_contain_text("wins the game")
    width = page.viewport_size["width"] if page.viewport_size else 0
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.url
    players = page.locator("#players")
    if players.count() and players.is_visible():  # every column on screen, none cut off
        scroll, client = players.evaluate("t => [t.scrollWidth, t.clientWidth]")
        assert scroll <= client, (page.url, width, scroll, client)


def test_every_screen_shows_what_the_rulebook_lets_it_see_through_a_whole_dealt_evening(
    browser: Browser,
) -> None:
    """000, "A single round of the game" to "Winning the game", with the cards dealt by
    the table: each hand its holder's alone, Dense fog's card nobody's until the showdown,
    the board and the cards face up everyone's."""
    commands = tour()
    assert commands[0][:2] == ["table", "new"]
    made = invoke(*commands[0])
    assert made.exit_code == 0, made.stderr
    server, urls = start_serve()
    try:
        screens: dict[str, Page] = {}
        for name, url in (
            ("tv", urls["clock"]),
            ("dealer", urls["dealer"]),
            *((p, urls["players"][p]) for p in PLAYERS),
        ):
            page = browser.new_context(viewport=SIZES[0]).new_page()  # type: ignore[arg-type]
            page.goto(str(url))
            screens[name] = page
        checked = 0
        for args in commands[1:]:
            done = invoke(*args)
            assert done.exit_code == 0, (args, done.stderr)
            whole = json.loads(invoke("table", "show", "--json").stdout)
            wanted = seen_by_rule(whole)
            for size in SIZES:
                for name, page in screens.items():
                    page.set_viewport_size(size)  # type: ignore[arg-type]
                    try:
                        wait_for_cards(page, wanted[name])
                        check_public_facts(name, page, whole)
                    except AssertionError as exc:
                        shot(page, f"dealt-failed-{name}-{size['width']}")
                        if SCREENSHOTS:
                            page.screenshot(
                                path=f"{SCREENSHOTS}/dealt-failed-{name}-full.png", full_page=True
                            )
                        raise AssertionError(f"after {' '.join(args)!r}, {name}: {exc}") from exc
                    checked += 1
            line = " ".join(args)
            for name in SHOTS.get(line, ()):
                for size in SIZES:
                    screens[name].set_viewport_size(size)  # type: ignore[arg-type]
                    shot(screens[name], f"dealt-{line.replace(' ', '-')}-{name}-{size['width']}")
        assert checked == (len(commands) - 1) * len(SIZES) * len(screens)
        for name, page in screens.items():
            for size in SIZES:
                page.set_viewport_size(size)  # type: ignore[arg-type]
                shot(page, f"dealt-victory-{name}-{size['width']}")
    finally:
        server.terminate()
        server.wait(timeout=10)
