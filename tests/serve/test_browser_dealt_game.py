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
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from tests.conftest import invoke
from tests.serve.chromium import install_chromium
from tests.serve.conftest import start_serve
from tests.serve.test_browser import FLAGS, SCREENSHOTS, shot
from tests.table.test_dp_dealt_game import tour

PLAYERS = ("ann", "ben", "cy", "dee")
SIZES = ({"width": 1280, "height": 800}, {"width": 390, "height": 844})
SHOTS = {  # after which command of the tour a screenshot is kept, and of which screens
    "table show": ("tv", "ann"),
    "table hand dee": ("dee", "dealer"),
}


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


REPORT = """() => {
    const text = (id) => { const el = document.getElementById(id); return el ? el.innerText : ""; };
    const shown = (id) => { const el = document.getElementById(id); return !!el && el.checkVisibility(); };
    const players = document.getElementById("players");
    return {
        cards: [...new Set([...document.querySelectorAll("[data-card]")]
            .map(e => e.dataset.card).filter(i => i.length === 2))],
        title: text("title"), stakes: text("stakes"), mini: text("mini"), lines: text("lines"),
        encounter: text("encounter-head"), victory: shown("victory") ? text("victory") : "",
        width: document.documentElement.scrollWidth,
        table: players && players.checkVisibility() ? [players.scrollWidth, players.clientWidth] : null,
    };
}"""
"""What a screen shows, read in one call: the main deck cards (a playing card's id is two
characters: ``9h``), the clock's and the table's lines, the victory, and how wide it is."""


def problems(
    name: str, shown: dict[str, Any], wanted: set[str], whole: dict[str, Any], width: int
) -> list[str]:
    """How a screen's report parts from what the rulebook lets it show (none: it agrees):
    the cards; the level, its blind and encounter where that screen shows them (the TV's
    and the dealer's clock face, a phone's top line and its table lines); the victory;
    nothing past the right edge, no column of the players cut off."""
    found: list[str] = []
    cards = set(shown["cards"])
    if cards != wanted:
        found.append(f"shows {sorted(cards - wanted)} it may not, misses {sorted(wanted - cards)}")
    level = whole["dungeon_poker"]["level"]
    number, blind = level["level"], f"{level['blind']:,}"
    encounter = (level.get("encounter") or {}).get("name")
    if name in ("tv", "dealer"):
        if not re.match(rf"Level {number}\b", shown["title"]) or blind not in shown["stakes"]:
            found.append(f"clock face {shown['title']!r} {shown['stakes']!r}, not level {number}")
    elif not re.match(rf"Level {number}\b", shown["mini"]) or (
        f"level {number} · blind {blind}" not in shown["lines"]
    ):
        found.append(f"top line {shown['mini']!r}, lines {shown['lines'][:80]!r}")
    if encounter and encounter not in (shown["encounter"] if name == "tv" else shown["lines"]):
        found.append(f"no encounter {encounter}")
    if whole["dungeon_poker"].get("victory") and "wins the game" not in shown["victory"]:
        found.append(f"no victory: {shown['victory']!r}")
    if shown["width"] > width or (shown["table"] and shown["table"][0] > shown["table"][1]):
        found.append(f"wider than the screen: {shown['width']} of {width}, table {shown['table']}")
    return found


def check(name: str, page: Page, wanted: set[str], whole: dict[str, Any], width: int) -> None:
    """Until the screen agrees (it follows the table a moment later), at most 5 seconds."""
    deadline = time.monotonic() + 5
    while True:
        found = problems(name, page.evaluate(REPORT), wanted, whole, width)
        if not found:
            return
        if time.monotonic() > deadline:
            raise AssertionError("; ".join(found))
        page.wait_for_timeout(50)


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
                        check(name, page, wanted[name], whole, size["width"])
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
