"""What the quick commands load (issue 32): a guard so that new work does not slow them down.

At the table every command is a new process, and what it costs is mostly the
modules it imports. Each test here runs one command in a fresh interpreter, as
a player does, and lists the modules it loaded: a command must not load another
command's module, another game's engine or a library that only other paths need
(numpy, the PDF and page libraries, the server, YAML once the cards are kept).
When a test here fails, the message names the modules that crept in: import them
inside the function that needs them, not at the top of a module the command reads.
``benchmarks/startup.py`` measures what the commands cost; this only guards the paths.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

LIBRARIES = ("numpy", "reportlab", "jinja2", "textual", "uvicorn", "starlette", "pypdfium2", "PIL")
"""Libraries none of the quick commands needs."""

CLI_BASE = {"app", "catalog", "coerce", "common", "complete", "help_page", "lazy"}
"""The modules of ``companion/cli`` every command runs through."""

RUN = """
import json, sys, io, contextlib
from companion.cli.app import run
with contextlib.redirect_stdout(io.StringIO()):
    code = run(sys.argv[1:])
print(json.dumps([code, sorted(sys.modules)]))
"""


def _loaded(state: Path, cache: Path, *args: str) -> set[str]:
    """The modules ``companion ARGS`` loads in a new interpreter (it must succeed)."""
    env = {
        **os.environ,
        "COMPANION_STATE": str(state),
        "XDG_CACHE_HOME": str(cache),
        "PYTHONPATH": str(ROOT),
    }
    proc = subprocess.run(
        [sys.executable, "-c", RUN, *args], capture_output=True, text=True, env=env, check=False
    )
    assert proc.returncode == 0, proc.stderr
    code, modules = json.loads(proc.stdout.splitlines()[-1])
    assert code == 0, proc.stderr
    return set(modules)


def _crept_in(loaded: set[str], forbidden: tuple[str, ...]) -> list[str]:
    return sorted(
        m for m in loaded if m in forbidden or m.startswith(tuple(f + "." for f in forbidden))
    )


def _other_cli(loaded: set[str], own: str) -> list[str]:
    return sorted(
        m
        for m in loaded
        if m.startswith("companion.cli.") and m.split(".")[2] not in CLI_BASE | {own}
    )


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A state file with a Dungeon Poker table whose players chose characters, and a cache
    folder in which the card files were kept once (a table's first command parses them)."""
    from companion.games.dungeon_poker import table_rules as dp
    from companion.table import new_table, open_store
    from companion.table.reports import hand_report

    folder = tmp_path_factory.mktemp("startup")
    state, cache = folder / "state.sqlite3", folder / "cache"
    with open_store(state) as store, store.transaction() as tx:
        table, _ = new_table(tx, "friday", "dungeon-poker", ["ann", "bob", "cy"], seed=4)
        for player in table.players:
            dp.choose(tx, table, player, hand_report(tx, table, player).cards[0].card_id)
    _loaded(state, cache, "table", "show")
    return state, cache


RANK = ("rank", "--board", "Ah,Kd,7c,7s,2h", "alice=As,7d", "bob=Kh,Kc")
ODDS = ("odds", "ann=As,Ad", "bob=Kc,Kd")
# What a command at the test's Dungeon Poker table needs none of: the heavy libraries,
# the parsed YAML (kept by content), the pages, printing, odds, and every other game.
NOT_FOR_A_DUNGEON_POKER_TABLE = (
    *LIBRARIES,
    "yaml",
    "companion.serve",
    "companion.printing",
    "companion.poker.odds",
    "companion.poker.holdem_exact",
    "companion.games.decko",
    "companion.games.dragon_kings",
    "companion.games.dungeon_master",
    "companion.games.dungeon_of_d",
)


@pytest.mark.parametrize("args", [RANK, ODDS], ids=["rank", "odds"])
def test_rank_and_odds_with_no_table_load_neither_tables_nor_cards(
    args: tuple[str, ...], tmp_path: Path
) -> None:
    loaded = _loaded(tmp_path / "none" / "state.sqlite3", tmp_path / "cache", *args)
    forbidden = (
        *LIBRARIES,
        "yaml",
        "pydantic.main",
        "companion.events",  # registering the games defines no event (the registry keeps the loader)
        "companion.table",
        "companion.cards",
        "companion.timer",
        "companion.ui.render.words",
        "companion.games.dungeon_poker.table_rules",
        "companion.games.decko.table_rules",
    )
    assert _crept_in(loaded, forbidden) == []
    assert _other_cli(loaded, "rank") == []


def test_rank_loads_none_of_the_odds_machinery(tmp_path: Path) -> None:
    loaded = _loaded(tmp_path / "none" / "state.sqlite3", tmp_path / "cache", *RANK)
    assert _crept_in(loaded, ("companion.poker.odds", "companion.poker.holdem_exact")) == []


def test_odds_heads_up_before_the_flop_loads_no_numpy(tmp_path: Path) -> None:
    loaded = _loaded(tmp_path / "none" / "state.sqlite3", tmp_path / "cache", *ODDS)
    assert "companion.poker.holdem_exact" in loaded  # the exact count, from the shipped tables
    assert "numpy" not in loaded


def test_table_show_loads_only_its_own_game_and_reads_no_yaml(table: tuple[Path, Path]) -> None:
    loaded = _loaded(*table, "table", "show")
    forbidden = (
        *NOT_FOR_A_DUNGEON_POKER_TABLE,
        "companion.games.deals",
        "companion.timer.session",
    )
    assert _crept_in(loaded, forbidden) == []
    assert _other_cli(loaded, "table") == []


def test_table_deal_loads_only_its_own_game_and_reads_no_yaml(table: tuple[Path, Path]) -> None:
    loaded = _loaded(*table, "table", "deal")
    assert _crept_in(loaded, NOT_FOR_A_DUNGEON_POKER_TABLE) == []
    assert _other_cli(loaded, "table") == []


def test_rank_at_the_table_loads_no_games_engine_and_no_yaml(table: tuple[Path, Path]) -> None:
    loaded = _loaded(*table, *RANK)
    forbidden = (
        *LIBRARIES,
        "yaml",
        "companion.serve",
        "companion.printing",
        "companion.games.deals",
        "companion.games.dungeon_poker.table_rules",
        "companion.games.decko.table_rules",
        "companion.games.dragon_kings.table_rules",
        "companion.games.dungeon_master.tracker",
        "companion.games.dungeon_of_d",
    )
    assert _crept_in(loaded, forbidden) == []
    assert _other_cli(loaded, "rank") == []
