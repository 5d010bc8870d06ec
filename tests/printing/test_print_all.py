"""``companion print all``: one PDF a game, the contact sheet, and the rulebook hooks."""

from __future__ import annotations

import importlib
import importlib.machinery
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.cards import load_all
from companion.printing.rulebook import rulebook_file_name
from tests.conftest import invoke
from tests.printing.pdfread import SheetPdf


def _fake_module(name: str, **attrs: object) -> types.ModuleType:
    module = types.ModuleType(name)
    module.__spec__ = importlib.machinery.ModuleSpec(name, None)
    for key, value in attrs.items():
        setattr(module, key, value)
    return module


@pytest.fixture(scope="module")
def printed_all(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, dict, list]]:
    """Run ``print all`` once, with a stand-in rulebook builder in place."""
    calls: list[tuple[str, Path, str, bool]] = []

    def build_rulebook(
        game_id: str,
        out_path: Path,
        *,
        paper: str = "a4",
        booklet: bool = False,
        force: bool = False,
    ) -> int:
        calls.append((game_id, out_path, paper, booklet))
        out_path.write_bytes(b"%PDF-1.4 stand-in\n")
        return 12

    name = "companion.printing.rulebook"
    saved = sys.modules.get(name)
    sys.modules[name] = _fake_module(
        name, build_rulebook=build_rulebook, rulebook_file_name=rulebook_file_name
    )
    try:
        out = tmp_path_factory.mktemp("all")
        # One job at a time: the stand-in builder lives in this process only.
        result = invoke(
            "print", "all", "--out-dir", str(out), "--paper", "letter", "--json", "--jobs", "1"
        )
        assert result.exit_code == 0, result.stderr
        yield out, result.json(), calls
    finally:
        if saved is None:
            sys.modules.pop(name, None)
        else:
            sys.modules[name] = saved


@pytest.mark.slow
def test_print_all_writes_one_pdf_per_game_with_every_card(
    printed_all: tuple[Path, dict, list],
) -> None:
    out, data, _ = printed_all
    games = load_all()
    cards = {f["game"]: f for f in data["files"] if f["kind"] == "cards"}
    assert set(cards) == set(games)
    for game_id, info in cards.items():
        assert Path(info["file"]) == out / f"{game_id}.pdf"
        assert info["cards"] == games[game_id].total()
        assert info["pages"] == len(SheetPdf(out / f"{game_id}.pdf").pages)
        # Letter fits 9 portrait, but 8 landscape keep every crop mark printable.
        assert info["layout"]["paper"] == "letter" and info["layout"]["per_page"] == 8
    assert data["total"]["cards"] == sum(g.total() for g in games.values())


@pytest.mark.slow
def test_print_all_adds_a_contact_sheet_of_every_distinct_card(
    printed_all: tuple[Path, dict, list],
) -> None:
    out, data, _ = printed_all
    [sheet] = [f for f in data["files"] if f["kind"] == "contact-sheet"]
    assert sheet["cards"] == sum(len(g) for g in load_all().values())
    text = SheetPdf(out / "contact-sheet.pdf").text()
    for game in load_all().values():
        for deck in game.decks:
            assert f"{game.game.name} · {deck.name}" in text


@pytest.mark.slow
def test_print_all_calls_the_rulebook_builder_for_each_game(
    printed_all: tuple[Path, dict, list],
) -> None:
    out, data, calls = printed_all
    assert sorted(c[0] for c in calls) == sorted(load_all())
    assert all(
        c[1] == out / f"{c[0]}-rulebook.pdf" and c[2] == "letter" and c[3] is False for c in calls
    )
    books = [f for f in data["files"] if f["kind"] == "rulebook"]
    assert len(books) == len(calls) and all(b["pages"] == 12 for b in books)


def test_print_all_without_rulebooks_prints_only_cards(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "cards"
    import shutil

    from companion.cards import loader
    from companion.paths import cards_dir

    shutil.copytree(cards_dir() / "dragon-kings", root / "dragon-kings")
    monkeypatch.setenv("COMPANION_CARDS", str(root))
    loader.clear_cache()
    result = invoke(
        "print",
        "all",
        "--out-dir",
        str(tmp_path / "out"),
        "--no-contact-sheet",
        "--no-rulebooks",
        "--json",
    )
    assert result.exit_code == 0, result.stderr
    assert [f["kind"] for f in result.json()["files"]] == ["cards"]
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["dragon-kings.pdf"]


def test_print_all_in_parallel_writes_the_same_files_in_the_same_order(tmp_path: Path) -> None:
    from companion.printing.imposition import SheetSpec
    from companion.printing.print_all import build_all, plan

    spec = SheetSpec()
    serial = build_all(plan(["dragon-kings"], tmp_path / "one", rulebooks=False), spec, workers=1)
    finished: list[str] = []
    parallel = build_all(
        plan(["dragon-kings"], tmp_path / "two", rulebooks=False),
        spec,
        workers=2,
        done=lambda job, result: finished.append(job.kind),
    )
    assert [(r.kind, r.path.name, r.cards, r.pages) for r in parallel] == [
        (r.kind, r.path.name, r.cards, r.pages) for r in serial
    ]
    assert sorted(finished) == ["cards", "contact"]
    for one, two in zip(serial, parallel, strict=True):
        assert (
            one.path.read_bytes() == two.path.read_bytes()
        )  # invariant PDFs: same bytes either way


def test_print_all_in_parallel_reports_a_broken_card_template_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The faces are rendered once before the workers start; a template
    that fails there fails the job that needs it, with the same message."""
    import shutil

    from companion.errors import CompanionError
    from companion.paths import templates_dir
    from companion.printing.imposition import SheetSpec
    from companion.printing.print_all import build_all, plan

    pack = tmp_path / "templates"
    shutil.copytree(templates_dir(), pack)
    (pack / "cards" / "dragon-kings" / "wing.j2").write_text("{{ 1 // 0 }}")
    monkeypatch.setenv("COMPANION_TEMPLATES", str(pack))
    jobs = plan(["dragon-kings"], tmp_path / "out", rulebooks=False)
    with pytest.raises(CompanionError) as err:
        build_all(jobs, SheetSpec(), workers=2)
    assert "templates/cards/dragon-kings/wing.j2" in err.value.message
    assert "\n" not in err.value.message
