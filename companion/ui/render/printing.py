"""``companion print`` on the terminal: progress bars, what was written, and the warnings."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rich.table import Table

if TYPE_CHECKING:
    from rich.console import Console

    from companion.printing.calibrate import CalibrationSheet, OffsetSaved, OffsetsForgotten
    from companion.printing.exports import ExportResult
    from companion.printing.options import Printed
    from companion.printing.rulebook import RulebookFile

EXPORTS = {"images": "card images", "tts": "Tabletop Simulator decks"}
"""What each kind of export is called in its report."""


def human_size(n: int) -> str:
    """Bytes as people read them: ``812 B``, ``47.1 kB``, ``3.2 MB``."""
    size = float(n)
    for unit in ("B", "kB", "MB"):
        if size < 1000 or unit == "MB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1000
    return str(size)


def shown(path: Path | None) -> str:
    """A path relative to the current folder when it lies inside it."""
    if path is None:
        return ""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve())) or "."
    except ValueError:
        return str(path)


def show_printed(out: Console, printed: Printed) -> None:
    """The files written (named inside their folder when they share one), then the layout."""
    results = printed.results
    folders = {r.path.parent for r in results}
    shared = folders.pop() if len(folders) == 1 else None
    table = Table(
        title=f"Printed into {shown(shared)}" if shared else "Printed", title_justify="left"
    )
    table.add_column("file", style="bold", overflow="fold")
    table.add_column("what")
    for column in ("cards", "pages", "size"):
        table.add_column(column, justify="right")
    kinds = {"contact-sheet": "contact sheet", "rulebook": "rulebook"}
    for r in results:
        table.add_row(
            r.path.name if shared else shown(r.path),
            ", ".join(r.decks) if r.kind == "cards" else kinds.get(r.kind, r.kind),
            str(r.cards) if r.kind != "rulebook" else "",
            str(r.pages),
            human_size(r.bytes),
        )
    out.print(table)
    if printed.note:
        out.print(printed.note)


_TTS_NEXT = {
    "tts-folder": "Tabletop Simulator lists it under Objects > Saved Objects.",
    "hosted": "upload the PNGs to the --base-url address before loading it.",
    "files": (
        "its image URLs are the PNGs' paths here, so keep them where they are "
        "(--tts-dir auto writes into Tabletop Simulator's own folder instead)."
    ),
}
"""What to do next with a saved TTS file, by where its image URLs point."""


def show_export(out: Console, err: Console, result: ExportResult) -> None:
    """What an export wrote (card images, Tabletop Simulator decks) and what it left out."""
    w, h = result.pixels
    backs = f"{result.backs} back{'s' if result.backs != 1 else ''}"
    out.print(
        f"Wrote {EXPORTS.get(result.kind, result.kind)} of {result.game} into "
        f"{shown(result.folder)}: {result.distinct} distinct cards ({result.cards} with copies), "
        f"{backs}, {w}×{h} px a card."
    )
    if result.manifest is not None:
        out.print(f"Manifest: {shown(result.manifest)} (and manifest.csv)")
    if result.saved_object is not None:
        piles = f"{result.piles} pile{'s' if result.piles != 1 else ''}"
        out.print(
            f"Saved object: {shown(result.saved_object)} ({piles}, {len(result.sheets)} sheets); "
            + _TTS_NEXT[result.image_urls]
        )


def show_calibration(
    out: Console, result: OffsetsForgotten | OffsetSaved | CalibrationSheet
) -> None:
    """What ``print calibrate`` did: forgot the offsets, saved one, or wrote the sheet."""
    from companion.printing.calibrate import PAGES, CalibrationSheet, OffsetSaved

    if isinstance(result, OffsetSaved):
        x, y = result.offset
        out.print(
            f"Saved back offset {x:g},{y:g} mm for {result.orientation} sheets in "
            f"{result.config}; print deck and print all use it from now on."
        )
    elif isinstance(result, CalibrationSheet):
        out.print(f"Wrote {result.path} ({PAGES} pages, {human_size(result.bytes)}).")
        out.print(
            "Print it double-sided at 100%, hold it against the light, read X on a horizontal "
            "ruler and Y on a vertical one, then run: companion print calibrate --save X,Y"
            + (" --orientation landscape" if result.orientation == "landscape" else "")
        )
        if current := result.saved.get(result.orientation):
            out.print(
                f"Currently saved for {result.orientation}: {current[0]:g},{current[1]:g} mm "
                "(this sheet is printed without it)."
            )
    else:
        out.print(
            "Forgot the saved back offsets." if result.forgot else "No back offset was saved."
        )


def show_rulebook(out: Console, written: RulebookFile) -> None:
    what = "sheet sides (fold into a booklet)" if written.booklet else "pages"
    out.print(
        f"wrote [bold]{shown(written.path)}[/bold]: {written.pages} {what}, "
        f"{written.bytes / 1024:.0f} kB"
    )
