"""The Hold'em lookup tables are loaded from the file shipped beside them (issue 32)."""

from __future__ import annotations

import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from companion.errors import CompanionError
from companion.poker import holdem_tables as tables
from companion.poker.holdem_tables import holdem_value, read_tables_file


def test_the_shipped_file_holds_the_tables_that_building_gives() -> None:
    loaded = read_tables_file()
    assert loaded is not None, (
        "companion/poker/holdem_tables.bin is missing or stale: run "
        "python -c 'from companion.poker.holdem_tables import write_tables_file as w; w()'"
    )
    assert loaded == tables.compute_tables()


def test_a_file_made_from_other_constants_is_not_used(tmp_path: Path) -> None:
    data = zlib.decompress(tables.TABLES_FILE.read_bytes())
    other = data.replace(tables.tables_stamp(), b"00000000-1", 1)
    path = tmp_path / "tables.bin"
    path.write_bytes(zlib.compress(other))
    assert read_tables_file(path) is None


@pytest.mark.parametrize("damage", [b"", b"not zlib at all", zlib.compress(b"short")])
def test_a_damaged_or_missing_file_is_not_used(tmp_path: Path, damage: bytes) -> None:
    path = tmp_path / "tables.bin"
    if damage:
        path.write_bytes(damage)
    assert read_tables_file(path) is None


def test_a_process_loads_the_tables_instead_of_building_them() -> None:
    code = (
        "from companion.poker import holdem_tables as t\n"
        "t.compute_tables = None  # building them would fail\n"
        "t.build_tables(); print(len(t.NONFLUSH), len(t.FLUSH_TABLE))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["76155", "8192"]


@pytest.mark.parametrize("bad", [-4, -1, 52, 60, 1.5, "As", None])
def test_holdem_value_refuses_anything_but_card_numbers(bad: object) -> None:
    hand = [0, 5, 10, 15, 20, 25, bad]
    with pytest.raises(CompanionError, match=r"holdem_value takes cards 0-51 .*not "):
        holdem_value(hand)  # type: ignore[arg-type]
    with pytest.raises(CompanionError, match="0-51"):
        holdem_value(hand[4:])  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [-4, 53, 2.5, "As"])
def test_every_public_evaluator_refuses_a_number_that_is_no_card(bad: object) -> None:
    from companion.poker.cards import parse_cards
    from companion.poker.hands import evaluate, rank_hands, value_of
    from companion.poker.high import best_five

    hand = [*parse_cards("As Kd"), bad]
    board = parse_cards("2c 7h 9d")
    for call in (
        lambda: value_of(hand, board),
        lambda: evaluate(hand, board),
        lambda: rank_hands({"ann": hand, "bob": parse_cards("Qs Qd")}, board),
        lambda: best_five([*hand, *board]),
    ):
        with pytest.raises(CompanionError, match="is not a card: cards are numbered 0-51"):
            call()  # type: ignore[no-untyped-call]


def test_the_numpy_evaluators_refuse_a_number_that_is_no_card() -> None:
    import numpy as np

    from companion.poker import holdem_batch as batch

    with pytest.raises(CompanionError, match="0-51 .*not -4"):
        batch.evaluate7(np.array([[0, 5, 10, 15, 20, 25, -4]]))
    with pytest.raises(CompanionError, match="not 52"):
        batch.Boards([0, 1, 2], [3, 52], 2)
    with pytest.raises(CompanionError, match="not -1"):
        batch.Boards([0, 1, 2], list(range(3, 52)), 2).ranks_with([-1, 5])
