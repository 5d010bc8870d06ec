"""Table seeds: one range, 0 to 2^64 - 1, kept exactly; older state files play on as before.

``tests/data/table/schema-1.sqlite3`` was written by companion before seeds took that
range (table schema 1, seeds in a signed SQLite INTEGER): three Dragon Kings tables with
Ann and Bo, each with three cards drawn by Ann. ``OLD_GAMES`` holds what that code drew
there, and what it drew next after shuffling the standard deck.
"""

from __future__ import annotations

import re
import shutil
import sqlite3
from pathlib import Path

import pytest

from companion.bounds import SEED_MAX
from companion.errors import CompanionError
from companion.table import SCHEMA_VERSION, draw, new_table, open_store
from companion.table.actions import holdings, shuffle
from tests.conftest import invoke

SCHEMA_1 = Path(__file__).parent.parent / "data" / "table" / "schema-1.sqlite3"

OLD_GAMES = {
    "seven": (7, ["th", "jh", "6h"], ["3d", "js", "4h"]),
    "minus": (-5, ["6h", "5s", "2c"], ["2d", "jd", "jh"]),
    "top": (2**63 - 1, ["4s", "kh", "ad"], ["js", "5h", "5c"]),
}


def test_a_schema_1_state_file_is_upgraded_and_its_tables_play_on_as_before(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.sqlite3"
    shutil.copy(SCHEMA_1, path)
    with open_store(path) as store:
        assert store.schema_version == SCHEMA_VERSION
        for name, (seed, drawn, drawn_next) in OLD_GAMES.items():
            with store.transaction() as tx:
                table = tx.table(name)
                assert table.seed == seed  # a negative seed of an old table stays its seed
                assert [c.card_id for c in holdings(tx, table)["Ann"]] == drawn
                shuffle(tx, table, "standard")
                again = draw(tx, table, "standard", count=3, player="Bo")
                assert [c.card_id for c in again] == drawn_next


@pytest.mark.parametrize("name", ["seven", "top"])
def test_a_seed_that_worked_before_deals_the_same_cards(tmp_path: Path, name: str) -> None:
    seed, drawn, _ = OLD_GAMES[name]
    with open_store(tmp_path / "s.sqlite3") as store, store.transaction() as tx:
        table, _ = new_table(tx, name, "dragon-kings", ["Ann", "Bo"], seed=seed)
        assert [c.card_id for c in draw(tx, table, "standard", count=3, player="Ann")] == drawn


@pytest.mark.parametrize("seed", [0, 2**63, SEED_MAX])
def test_every_seed_from_0_to_2_64_minus_1_is_stored_exactly(tmp_path: Path, seed: int) -> None:
    path = tmp_path / "s.sqlite3"
    with open_store(path) as store, store.transaction() as tx:
        table, _ = new_table(tx, "t", "dragon-kings", ["Ann", "Bo"], seed=seed)
        first = [c.card_id for c in draw(tx, table, "standard", count=5, player="Ann")]
    with open_store(path) as store, store.transaction(write=False) as tx:
        table = tx.table("t")
        assert table.seed == seed and table.to_json()["seed"] == seed
        assert [c.card_id for c in holdings(tx, table)["Ann"]] == first
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT seed_text FROM tables").fetchone() == (str(seed),)
    conn.close()


@pytest.mark.parametrize("seed", [-1, SEED_MAX + 1])
def test_a_seed_outside_the_range_is_refused_by_the_library(tmp_path: Path, seed: int) -> None:
    out_of_range = r"out of range \(0 to 18446744073709551615\)"
    with (
        open_store(tmp_path / "s.sqlite3") as store,
        store.transaction() as tx,
        pytest.raises(CompanionError, match=out_of_range),
    ):
        new_table(tx, "t", "decko", ["a", "b"], seed=seed)


def test_table_new_states_the_seed_range_and_refuses_before_any_work() -> None:
    page = invoke("table", "new", "--help").stdout
    assert re.search(r"--seed +N ", page)
    assert re.search(r"from 0 to[\s│]+2\^64-1", page)
    refused = invoke("table", "new", "t", "--game", "decko", "--players", "a,b", "--seed", "-5")
    assert refused.exit_code == 2
    assert refused.stderr == "error: --seed -5 is out of range (0 to 18446744073709551615)\n"
    made = invoke(
        "table",
        "new",
        "t",
        "--game",
        "decko",
        "--players",
        "a,b",
        "--seed",
        str(SEED_MAX),
        "--json",
    )
    assert made.exit_code == 0, made.stderr
    assert invoke("table", "list", "--json").json()[0]["seed"] == SEED_MAX
