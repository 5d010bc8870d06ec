"""``companion timer structure|list|run --plain|status|do|reset|sheet`` through the CLI."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests.conftest import invoke

DP_LEVELS = [100, 200, 300, 500, 600, 700, 800, 900, 1000, 1500]


# -- timer structure --json ------------------------------------------------------------


def test_structure_json_is_the_dungeon_poker_level_deck_by_default() -> None:
    result = invoke("timer", "structure", "--json")
    assert result.exit_code == 0, result.stderr
    rows = result.json()
    assert [r["level"] for r in rows] == list(range(1, 11))
    assert [r["blind"] for r in rows] == DP_LEVELS
    assert [r["soul_gems"] for r in rows] == [0, 0, 0, 1, 0, 0, 1, 0, 0, 1]
    assert [r["encounter"] for r in rows] == [False] + [True] * 9
    assert all({"level", "blind", "soul_gems", "encounter"} <= set(r) for r in rows)
    assert all(r["deals"] == 5 for r in rows)


def test_structure_json_goes_on_500_a_level_when_asked_for_more_levels() -> None:
    rows = invoke(
        "timer", "structure", "--structure", "dungeon-poker", "--levels", "14", "--json"
    ).json()
    assert [r["blind"] for r in rows[9:]] == [1500, 2000, 2500, 3000, 3500]
    assert [r["continued"] for r in rows[9:]] == [False, True, True, True, True]


def test_structure_json_of_the_shorter_game() -> None:
    rows = invoke("timer", "structure", "-s", "short", "--levels", "8", "--json").json()
    assert [r["blind"] for r in rows] == [100, 300, 500, 700, 1000, 1500, 2000, 2500]
    assert [r["encounter"] for r in rows] == [False] + [True] * 7


def test_structure_json_of_the_decko_round_track() -> None:
    rows = invoke("timer", "structure", "-s", "decko", "--json").json()
    assert len(rows) == 12
    assert [(r["min_bet"], r["max_bet"]) for r in rows] == [(1, 5)] * 3 + [(2, 7)] * 4 + [
        (3, 9)
    ] * 4 + [(5, 12)]
    assert [r["blind"] for r in rows] == [r["min_bet"] for r in rows]
    assert [r["house_bet_two_player"] for r in rows] == [2] * 3 + [4] * 4 + [6] * 4 + [10]
    assert {r["level"]: r["wildcard"] for r in rows if r["wildcard"]} == {5: "red", 10: "blue"}
    assert [r["level"] for r in rows if r["refresh"]] == [4, 8]


def test_structure_json_house_bet_follows_the_number_of_players() -> None:
    two = invoke("timer", "structure", "-s", "decko", "--players", "2", "--json").json()
    four = invoke("timer", "structure", "-s", "decko", "--players", "4", "--json").json()
    assert [r["house_bet"] for r in two] == [r["house_bet_two_player"] for r in two]
    assert [r["house_bet"] for r in four] == [r["min_bet"] for r in four]


def test_structure_json_of_holdem_has_blinds_antes_and_breaks() -> None:
    rows = invoke("timer", "structure", "-s", "holdem", "--json").json()
    assert (rows[0]["small_blind"], rows[0]["big_blind"], rows[0]["ante"]) == (25, 50, 0)
    assert rows[0]["blind"] == rows[0]["big_blind"] and rows[0]["minutes"] == 20
    assert [r["level"] for r in rows if r["break_after"]] == [4, 8, 12]


def test_structure_minutes_and_breaks_can_be_chosen() -> None:
    rows = invoke(
        "timer",
        "structure",
        "--minutes",
        "12",
        "--break-every",
        "3",
        "--break-minutes",
        "15",
        "--json",
    ).json()
    assert all(r["minutes"] == 12 for r in rows)
    assert {r["level"]: r["break_after"] for r in rows if r["break_after"]} == {3: 15, 6: 15, 9: 15}


def test_structure_table_for_people() -> None:
    result = invoke("timer", "structure", "-s", "decko")
    assert result.exit_code == 0
    assert "red wildcard" in result.stdout and "refresh the mat" in result.stdout
    assert "designed by this project" in result.stdout


def test_a_user_structure_file(tmp_path: Path) -> None:
    path = tmp_path / "ours.yaml"
    path.write_text(
        yaml.safe_dump(
            {
                "name": "Our game",
                "blinds": "single",
                "minutes": 10,
                "levels": [{"blind": 50}, {"blind": 100, "soul_gems": 2}],
                "continue": {"add": {"blind": 100}},
            }
        )
    )
    rows = invoke("timer", "structure", "--structure", str(path), "--levels", "4", "--json").json()
    assert [r["blind"] for r in rows] == [50, 100, 200, 300]
    assert rows[1]["soul_gems"] == 2


def test_a_broken_structure_file_is_a_one_line_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("name: Bad\nlevels:\n  - {blind: many}\n")
    result = invoke("timer", "structure", "--structure", str(path))
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and "levels[1].blind" in result.stderr
    assert result.stderr.count("\n") == 1


def test_unknown_structure_names_the_built_ins() -> None:
    result = invoke("timer", "structure", "-s", "texas")
    assert result.exit_code == 2 and "dungeon-poker" in result.stderr


def test_list_shows_every_built_in() -> None:
    rows = invoke("timer", "list", "--json").json()
    assert [r["id"] for r in rows] == [
        "dungeon-poker",
        "dungeon-poker-short",
        "dungeon-poker-extra-level",
        "decko",
        "dragon-kings",
        "holdem",
    ]


def test_list_shows_every_id_and_alias_whole_at_80_columns(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each id and alias is typed after --structure: the table may not cut one to '…'."""
    monkeypatch.setenv("COLUMNS", "80")
    rows = invoke("timer", "list", "--json").json()
    shown = invoke("timer", "list").stdout
    cells = {c.strip() for line in shown.splitlines() for c in line.split("│")}
    assert "…" not in shown and max(len(line) for line in shown.splitlines()) <= 80
    for row in rows:
        assert {row["id"], *row["aliases"]} <= cells, row["id"]


# -- the clock from the command line ---------------------------------------------------


def test_run_plain_reads_keys_from_stdin_and_keeps_the_clock() -> None:
    result = invoke("timer", "run", "--plain", input="ddddd\n")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Level 1 | blind 100")
    assert lines[-1].startswith("Level 2 | blind 200") and "draw an encounter" in lines[-1]
    status = invoke("timer", "status", "--json").json()
    assert status["level"] == 2 and status["deals"] == 0


def test_run_resumes_the_saved_clock() -> None:
    invoke("timer", "run", "--plain", input="dd")
    result = invoke("timer", "run", "--plain", input="d")
    assert "deal 4 of 5" in result.stdout.splitlines()[-1]


def test_run_with_another_structure_needs_new() -> None:
    invoke("timer", "run", "--plain", input="")
    refused = invoke("timer", "run", "-s", "holdem", input="")
    assert refused.exit_code == 2 and "--new" in refused.stderr
    fresh = invoke("timer", "run", "-s", "holdem", "--new", input="")
    assert fresh.exit_code == 0 and "blinds 25/50" in fresh.stdout


def test_do_works_the_clock_like_the_keys(tmp_path: Path) -> None:
    state = str(tmp_path / "s.sqlite3")
    invoke("timer", "run", "-s", "holdem", "--paused", "--state", state, input="")
    data = invoke("timer", "do", "next", "next", "end-level", "--state", state, "--json").json()
    assert data["level"] == 4 and data["paused"]
    data = invoke("timer", "do", "end-level", "resume", "--state", state, "--json").json()
    assert data["is_break"] and data["level"] == 5 and not data["paused"]  # the break after 4
    assert data["next_break"] == {"minutes": 10, "after_level": 8}
    result = invoke("timer", "do", "resume", "--state", state)
    assert "already running" in result.stdout


def test_do_refuses_an_unknown_action_before_doing_anything() -> None:
    invoke("timer", "run", input="")
    result = invoke("timer", "do", "deal", "shuffle")
    assert result.exit_code == 2 and "shuffle" in result.stderr
    assert invoke("timer", "status", "--json").json()["deals"] == 0


def test_status_without_a_clock_says_how_to_start_one() -> None:
    result = invoke("timer", "status")
    assert result.exit_code == 2 and "timer run" in result.stderr


def test_reset_forgets_the_clock() -> None:
    invoke("timer", "run", input="dd")
    assert invoke("timer", "reset").stdout.strip() == "clock forgotten"
    assert invoke("timer", "status").exit_code == 2


# -- the printable sheet ------------------------------------------------------------------


def pdf_text(path: Path) -> tuple[int, str]:
    from pypdf import PdfReader

    reader = PdfReader(str(path))
    return len(reader.pages), "\n".join(page.extract_text() for page in reader.pages)


def test_sheet_is_one_page_with_every_level(tmp_path: Path) -> None:
    out = tmp_path / "dp.pdf"
    result = invoke("timer", "sheet", "--out", str(out))
    assert result.exit_code == 0, result.stderr
    pages, text = pdf_text(out)
    assert pages == 1
    assert "Dungeon Poker" in text
    for blind in [*DP_LEVELS, 2000, 4000]:
        assert str(blind) in text
    assert "Started at" in text and "draw one" in text


def test_sheet_of_the_decko_track_marks_wildcards_and_house_bets(tmp_path: Path) -> None:
    out = tmp_path / "decko.pdf"
    assert (
        invoke("timer", "sheet", "-s", "decko", "--out", str(out), "--paper", "letter").exit_code
        == 0
    )
    pages, text = pdf_text(out)
    assert (
        pages == 1
        and "red wildcard" in text
        and "blue wildcard" in text
        and "refresh the mat" in text
    )
    assert "2 players" in text


def test_sheet_shows_breaks(tmp_path: Path) -> None:
    out = tmp_path / "h.pdf"
    invoke("timer", "sheet", "-s", "holdem", "--out", str(out))
    _, text = pdf_text(out)
    assert text.count("Break, 10 min") == 4


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--out", "sheet.txt"], "should end in .pdf"),
        (["--paper", "a3"], "unknown paper 'a3'"),
        (["--levels", "200", "--out", "x.pdf"], "do not fit on one page"),
    ],
)
def test_sheet_errors_are_one_line(tmp_path: Path, args: list[str], message: str) -> None:
    args = [a if a != "x.pdf" else str(tmp_path / "x.pdf") for a in args]
    result = invoke("timer", "sheet", *args)
    assert result.exit_code == 2 and message in result.stderr
    assert not (tmp_path / "x.pdf").exists()


def test_sheet_does_not_leave_a_partial_file_when_it_fails(tmp_path: Path) -> None:
    out = tmp_path / "keep.pdf"
    out.write_bytes(b"%PDF-old")
    invoke("timer", "sheet", "--levels", "200", "--out", str(out))
    assert out.read_bytes() == b"%PDF-old"
    assert list(tmp_path.iterdir()) == [out]


def test_run_can_start_a_game_under_way_at_a_later_level() -> None:
    result = invoke("timer", "run", "--level", "4", input="")
    assert "Level 4 | blind 500" in result.stdout
    assert invoke("timer", "run", "-s", "decko", "--new", "--level", "13", input="").exit_code == 2
