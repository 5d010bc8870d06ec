"""`companion serve` at its edges: hostile values in pages, links replaced elsewhere, a
deleted table, odd request bodies, a state file that cannot be changed."""

from __future__ import annotations

import json
import os
import re
import sqlite3
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from companion.errors import CompanionError
from companion.serve.tokens import read_tokens
from companion.table import open_store
from companion.ui.web.app import build_app
from companion.ui.web.hub import VOLATILE, Hub
from tests.conftest import invoke
from tests.serve.conftest import new_table

HOSTILE = "</script><!--<script>&amp;"


def _state() -> Path:
    return Path(os.environ["COMPANION_STATE"])


def _steady(doc: Any) -> Any:
    """A document without its ticking seconds and its version."""
    if isinstance(doc, dict):
        return {k: _steady(v) for k, v in doc.items() if k not in (*VOLATILE, "version")}
    return doc


def _embedded(html: str) -> str:
    found = re.search(r'<script type="application/json" id="doc">(.*?)</script>', html, re.DOTALL)
    assert found, html[:500]
    return found.group(1)


def test_no_name_can_change_how_a_page_is_parsed(tmp_path: Path) -> None:
    """A table named like markup (as an older companion let in) and a blind structure of
    a hostile name: every page's embedded state holds no `<`, `>` or `&`, and reads back
    as the very document its live updates carry."""
    new_table()
    structure = tmp_path / "s.yaml"
    structure.write_text(
        f"name: '{HOSTILE}'\ngame: dungeon-poker\nlevel_cards: standard\n",
        encoding="utf-8",
    )
    assert invoke("timer", "run", "-s", str(structure), "--new", input="").exit_code == 0
    with sqlite3.connect(_state()) as conn:
        conn.execute("UPDATE tables SET name = ?", (HOSTILE,))
        conn.execute("UPDATE settings SET value = ? WHERE key = 'current_table'", (HOSTILE,))
    hub = Hub(None, None)
    try:
        with TestClient(build_app(hub)) as client:
            ann = hub.tokens.players["ann"]
            pages = {
                "/clock": "/clock.json",
                f"/dealer/{hub.tokens.dealer}": f"/dealer/{hub.tokens.dealer}/state.json",
                f"/player/ann/{ann}": f"/player/ann/{ann}/state.json",
            }
            for page, data in pages.items():
                html = client.get(page).text
                embedded = _embedded(html)
                assert not set(embedded) & set("<>&"), page
                doc = json.loads(embedded)
                assert HOSTILE in json.dumps(doc, ensure_ascii=False), page
                live = client.get(data).json()
                assert _steady(doc) == _steady(live), page
                assert html.count("</script>") == 2, page  # the document's and the script's
    finally:
        hub.close()


def test_new_tokens_elsewhere_revoke_a_running_servers_links(client: TestClient, hub: Hub) -> None:
    """`serve --new-tokens` in another terminal: the old dealer link stops acting here too."""
    invoke("timer", "run", input="")
    old = hub.tokens
    elsewhere = Hub(None, None, rotate=True)
    try:
        new = elsewhere.tokens
    finally:
        elsewhere.close()
    assert client.post(f"/dealer/{old.dealer}/action/next").status_code == 403
    assert client.get(f"/dealer/{old.dealer}").status_code == 403
    assert client.get(f"/player/ann/{old.players['ann']}/state.json").status_code == 403
    assert client.get("/clock.json").json()["level"] == 1  # nothing happened
    done = client.post(f"/dealer/{new.dealer}/action/next")
    assert done.status_code == 200 and done.json()["ok"]


def test_a_live_page_of_a_replaced_link_is_ended(client: TestClient, hub: Hub) -> None:
    old = hub.tokens.dealer
    with client.stream("GET", f"/events/dealer/{old}") as events:
        lines = events.iter_lines()
        assert next(line for line in lines if line.startswith("data: "))
        Hub(None, None, rotate=True).close()
        rest = list(lines)  # the stream ends: it names no later document
    assert not any(line.startswith("data: ") for line in rest)


def test_serve_new_tokens_replaces_nothing_when_the_port_is_taken() -> None:
    import socket

    new_table()
    Hub(None, None).close()  # the links are made and saved
    with open_store(None) as store, store.transaction(write=False) as tx:
        before = read_tokens(tx, tx.table("friday"))
    assert before is not None
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = str(taken.getsockname()[1])
        result = invoke("serve", "--port", port, "--new-tokens")
    assert result.exit_code == 2 and "already in use" in result.stderr
    with open_store(None) as store, store.transaction(write=False) as tx:
        assert read_tokens(tx, tx.table("friday")) == before


def test_a_deleted_tables_pages_say_so_and_a_new_one_never_inherits_its_links(
    client: TestClient, hub: Hub
) -> None:
    invoke("timer", "run", input="")
    old = hub.tokens
    assert invoke("table", "delete", "friday", "--yes").exit_code == 0
    for url in (
        "/clock",
        "/clock.json",
        f"/dealer/{old.dealer}",
        f"/player/ann/{old.players['ann']}",
    ):
        answer = client.get(url)
        assert answer.status_code == 410, url
        assert "friday" in answer.json()["error"] and "deleted" in answer.json()["error"]
    page = client.get("/clock", headers={"Accept": "text/html"})
    assert page.status_code == 410 and "was deleted" in page.text and "Traceback" not in page.text
    new_table(players="ann,bob,cy")  # the same name again
    assert client.post(f"/dealer/{old.dealer}/action/next").status_code == 410
    with open_store(None) as store, store.transaction(write=False) as tx:
        made = tx.table("friday")
        assert len(tx.history(made)) == 1  # only its own setup: the old link did nothing
        assert read_tokens(tx, made) is None  # no tokens carried over


@pytest.mark.parametrize(
    ("body", "said"),
    [
        (b"[" * 5000 + b"]" * 5000, "nested too deeply"),
        (b'{"amounts": ' + b"[" * 3000 + b"]" * 3000 + b"}", "nested too deeply"),
        (b'{"amounts": {"ann": 1}}', "should be a text or a number"),
        (b'{"amounts": "' + b"9" * 20_000 + b'"}', "too large"),
        (b'{"amounts": 1' + b"0" * 5000 + b"}", "cannot be read"),
        (b"\xff\xfe", "cannot be read"),
    ],
)
def test_an_odd_body_is_400_in_one_line_and_changes_nothing(
    client: TestClient, hub: Hub, body: bytes, said: str
) -> None:
    with open_store(None) as store, store.transaction(write=False) as tx:
        before = len(tx.history(tx.table("friday")))
    answer = client.post(
        f"/dealer/{hub.tokens.dealer}/action/showdown",
        content=body,
        headers={"Content-Type": "application/json"},
    )
    assert answer.status_code == 400, answer.text
    error = answer.json()["error"]
    assert said in error and "\n" not in error and len(error) < 200
    with open_store(None) as store, store.transaction(write=False) as tx:
        assert len(tx.history(tx.table("friday"))) == before


@pytest.fixture
def read_only_state() -> Iterator[Path]:
    new_table()
    assert invoke("timer", "run", input="").exit_code == 0
    Hub(None, None).close()  # the links are saved once
    path = _state()
    path.chmod(stat.S_IRUSR | stat.S_IRGRP)
    try:
        yield path
    finally:
        path.chmod(stat.S_IRUSR | stat.S_IWUSR)


def test_a_read_only_state_file_is_served_as_it_is(read_only_state: Path) -> None:
    before = read_only_state.read_bytes()
    with open_store(None, write=False) as store, store.transaction(write=False) as tx:
        saved = read_tokens(tx, tx.table("friday"))
    hub = Hub(None, None)
    try:
        assert hub.read_only is not None and hub.tokens == saved  # the links printed before
        with TestClient(build_app(hub)) as client:
            assert client.get("/clock.json").json()["level"] == 1
            assert client.get(f"/player/ann/{hub.tokens.players['ann']}").status_code == 200
            answer = client.post(f"/dealer/{hub.tokens.dealer}/action/next")
            assert answer.status_code == 400 and "read-only" in answer.json()["error"]
    finally:
        hub.close()
    with pytest.raises(CompanionError, match="--new-tokens cannot save new links"):
        Hub(None, None, rotate=True)
    assert read_only_state.read_bytes() == before
    assert sorted(p.name for p in read_only_state.parent.iterdir()) == [read_only_state.name]


def test_serve_on_a_read_only_state_file_says_the_pages_only_show(read_only_state: Path) -> None:
    from companion.ui.web import server

    said: list[str] = []

    class Announced(Exception):
        pass

    def announce(urls: object, bound: str) -> None:
        raise Announced

    with pytest.raises(Announced):
        server.serve(state=None, table=None, port=0, announce=announce, warn=said.append)
    assert said and "read-only" in said[0] and "only show" in said[0]
