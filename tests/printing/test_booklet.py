"""The rulebook booklet tells the print dialog how to print it."""

from __future__ import annotations

from pathlib import Path


def test_a_booklet_asks_the_print_dialog_for_a_short_edge_duplex(tmp_path: Path) -> None:
    from companion.printing.rulebook import build_rulebook
    from tests.printing.pdfread import SheetPdf

    path = tmp_path / "booklet.pdf"
    build_rulebook("dragon-kings", path, booklet=True)
    prefs = SheetPdf(path).viewer_preferences()
    assert prefs["/Duplex"] == "/DuplexFlipShortEdge" and prefs["/PrintScaling"] == "/None"
