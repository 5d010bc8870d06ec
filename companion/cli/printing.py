"""``companion print``: card sheets of one game or all of them, and duplex calibration.

Only typer and the standard library are imported here at module level; the
PDF machinery loads when a command runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from companion.bounds import MAX_WORKERS
from companion.cli.common import (
    ForceOption,
    JsonOption,
    console,
    decks_argument,
    emit_json,
    example,
    game_argument,
    in_range,
)
from companion.cli.rulebook import register_rulebook

if TYPE_CHECKING:
    from collections.abc import Callable
    from contextlib import AbstractContextManager

    from companion.printing.exports import ExportResult
    from companion.printing.options import Printed

    Advance = Callable[[int], None]

print_app = typer.Typer(
    epilog=example("companion print deck dragon-kings --paper letter --out dk.pdf"),
    help="Print decks as PDF card sheets ready to cut, and each game's rulebook.",
    no_args_is_help=True,
)

PaperOption = Annotated[str, typer.Option("--paper", help="Paper: a4, letter or a3.")]
CardSizeOption = Annotated[
    str,
    typer.Option(
        "--card-size", help="poker (63.5×88.9 mm), bridge, mini, euro, tarot, square, or WxH in mm."
    ),
]
OrientationOption = Annotated[
    str,
    typer.Option(
        "--orientation", help="portrait, landscape, or auto (whichever holds more cards)."
    ),
]
BleedOption = Annotated[
    float, typer.Option("--bleed", help="Bleed in mm around each card (3 is usual).")
]
GutterOption = Annotated[
    float, typer.Option("--gutter", help="Space in mm between neighbouring cards.")
]
MarginOption = Annotated[
    float, typer.Option("--margin", help="Free space in mm kept around the cards.")
]
PrinterMarginOption = Annotated[
    float,
    typer.Option(
        "--printer-margin",
        help="Band in mm along the paper edge your printer cannot print: "
        "no mark, label or cut line goes there.",
    ),
]
BacksOption = Annotated[
    str,
    typer.Option(
        "--backs",
        help="duplex (a back page after each sheet), fold (faces and backs side by side), or none.",
    ),
]
FlipOption = Annotated[str, typer.Option("--flip", help="Duplex flip edge: long or short.")]
OffsetOption = Annotated[
    str | None,
    typer.Option(
        "--back-offset",
        help="X,Y in mm to move duplex backs (from 'print calibrate'; "
        "default: the saved value, else 0,0).",
        show_default=False,
    ),
]
CropOption = Annotated[
    bool, typer.Option("--crop-marks/--no-crop-marks", help="Crop marks in the margins.")
]
CutLinesOption = Annotated[
    bool, typer.Option("--cut-lines", help="Also draw full-length cut lines across the sheet.")
]
CopiesOption = Annotated[int, typer.Option("--copies", help="Print everything this many times.")]
CmykOption = Annotated[
    bool,
    typer.Option(
        "--cmyk", help="Colours as CMYK ink only, with an output intent (for print shops)."
    ),
]
CutOption = Annotated[
    str,
    typer.Option(
        "--cut",
        help="Cutting machine: silhouette adds Silhouette Studio's registration marks "
        "and writes the cut file (SVG) beside the PDF; none (default).",
    ),
]
PackOption = Annotated[
    bool,
    typer.Option(
        "--pack/--no-pack",
        help="Fill every sheet, decks one after another (--no-pack: each deck on fresh sheets).",
    ),
]


def register(app: typer.Typer) -> None:
    app.add_typer(print_app, name="print")


def _progress(label: str, total: int | None, quiet: bool) -> AbstractContextManager[Advance]:
    """A progress bar on stderr (silent with --json or off a terminal): yields ``advance(n)``."""
    from companion.ui.render.progress import progress

    return progress(console(stderr=True), label, total, quiet=quiet)


def _report(printed: Printed, as_json: bool) -> None:
    """The files a build wrote: the JSON document or the table."""
    from companion.ui.render.printing import show_printed

    if as_json:
        emit_json(printed.to_json())
    else:
        show_printed(console(), printed)


@print_app.command(
    "deck",
    epilog=example("companion print deck dungeon-poker treasures --out treasures.pdf --crop-marks"),
)
def print_deck(
    game: Annotated[
        str,
        game_argument(
            help="Game id: dungeon-poker, dungeon-master, decko, dragon-kings, dungeon-of-d."
        ),
    ],
    decks: Annotated[
        list[str] | None,
        decks_argument(help="Deck ids (default: every deck of the game).", show_default=False),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", "-o", help="PDF to write (default: output/<game>.pdf).", show_default=False
        ),
    ] = None,
    paper: PaperOption = "a4",
    card_size: CardSizeOption = "poker",
    orientation: OrientationOption = "auto",
    bleed: BleedOption = 0.0,
    gutter: GutterOption = 0.0,
    margin: MarginOption = 5.0,
    printer_margin: PrinterMarginOption = 5.0,
    backs: BacksOption = "duplex",
    flip: FlipOption = "long",
    back_offset: OffsetOption = None,
    crop_marks: CropOption = True,
    cut_lines: CutLinesOption = False,
    pack: PackOption = True,
    cmyk: CmykOption = False,
    cut: CutOption = "none",
    back_image: Annotated[
        list[str] | None,
        typer.Option(
            "--back-image",
            help="A PNG, JPEG or SVG to print as the backs: FILE for every deck, "
            "DECK=FILE for one (repeat for more).",
            show_default=False,
        ),
    ] = None,
    only: Annotated[
        list[str] | None,
        typer.Option(
            "--only",
            help="Print only this card (name or id; repeat the "
            "option for more). Each prints --copies times.",
            show_default=False,
        ),
    ] = None,
    copies: CopiesOption = 1,
    force: ForceOption = False,
    as_json: JsonOption = False,
) -> None:
    """Print one game's decks (all of them, or the ones named) as card sheets."""
    from companion.cards import load_game
    from companion.printing.build import build_game_pdf, count_cards
    from companion.printing.options import Printed, back_images, deck_file, sheet_spec_of

    spec = sheet_spec_of(locals())
    images = back_images(back_image or (), load_game(game).game)
    deck_ids, chosen = tuple(decks or ()), tuple(only or ())
    total = count_cards(game, deck_ids, only=chosen, copies=copies)
    with _progress(game, total, as_json) as advance:
        result = build_game_pdf(
            game,
            deck_file(game, deck_ids, bool(chosen), out),
            spec,
            decks=deck_ids,
            only=chosen,
            copies=copies,
            progress=advance,
            force=force,
            back_images=images,
        )
    _report(Printed((result,), spec), as_json)


@print_app.command("all", epilog=example("companion print all --paper letter --out-dir prints"))
def print_all(
    out_dir: Annotated[
        Path | None,
        typer.Option(
            "--out-dir", help="Folder for the PDFs (default: output/).", show_default=False
        ),
    ] = None,
    paper: PaperOption = "a4",
    card_size: CardSizeOption = "poker",
    orientation: OrientationOption = "auto",
    bleed: BleedOption = 0.0,
    gutter: GutterOption = 0.0,
    margin: MarginOption = 5.0,
    printer_margin: PrinterMarginOption = 5.0,
    backs: BacksOption = "duplex",
    flip: FlipOption = "long",
    back_offset: OffsetOption = None,
    crop_marks: CropOption = True,
    cut_lines: CutLinesOption = False,
    pack: PackOption = True,
    cmyk: CmykOption = False,
    cut: CutOption = "none",
    copies: CopiesOption = 1,
    contact_sheet: Annotated[
        bool,
        typer.Option(
            "--contact-sheet/--no-contact-sheet",
            help="Also write contact-sheet.pdf (every card, small).",
        ),
    ] = True,
    rulebooks: Annotated[
        bool, typer.Option("--rulebooks/--no-rulebooks", help="Also write each game's rulebook.")
    ] = True,
    workers: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            "-j",
            metavar="N",
            callback=in_range("--jobs", 1, MAX_WORKERS),
            help=f"Files built at once, 1 to {MAX_WORKERS} (default: one per CPU core).",
            show_default=False,
        ),
    ] = None,
    force: ForceOption = False,
    as_json: JsonOption = False,
) -> None:
    """Print every deck of every game (one PDF a game), a contact sheet and the rulebooks."""
    from companion.printing.options import Printed, sheet_spec_of
    from companion.printing.print_all import build_all, plan_all

    spec = sheet_spec_of(locals())
    jobs = plan_all(out_dir, rulebooks=rulebooks, contact_sheet=contact_sheet)
    with _progress("print all", len(jobs), as_json) as advance:
        results = build_all(
            jobs,
            spec,
            copies=copies,
            workers=workers,
            done=lambda job, _: advance(1),
            force=force,
        )
    _report(Printed(tuple(results), spec), as_json)


@print_app.command("calibrate", epilog=example("companion print calibrate --out calibrate.pdf"))
def print_calibrate(
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            "-o",
            help="PDF to write (default: output/calibration.pdf).",
            show_default=False,
        ),
    ] = None,
    paper: PaperOption = "a4",
    orientation: Annotated[
        str,
        typer.Option(
            "--orientation",
            help="portrait or landscape: the orientation of the card sheets you will print.",
        ),
    ] = "portrait",
    flip: FlipOption = "long",
    save: Annotated[
        str | None,
        typer.Option(
            "--save",
            help="Save X,Y (mm, read off the printed sheet) as the "
            "default --back-offset for this orientation.",
            show_default=False,
        ),
    ] = None,
    reset: Annotated[bool, typer.Option("--reset", help="Forget every saved back offset.")] = False,
    force: ForceOption = False,
    as_json: JsonOption = False,
) -> None:
    """Print a duplex alignment sheet, or save the back offset you read from it."""
    from companion.printing.calibrate import calibrate

    result = calibrate(
        out, paper=paper, orientation=orientation, flip=flip, save=save, reset=reset, force=force
    )
    if as_json:
        emit_json(result.to_json())
        return
    from companion.ui.render.printing import show_calibration

    show_calibration(console(), result)


GameArgument = Annotated[
    str,
    game_argument(
        help="Game id: dungeon-poker, dungeon-master, decko, dragon-kings, dungeon-of-d."
    ),
]


def _export_report(result: ExportResult, as_json: bool) -> None:
    from companion.ui.render.printing import show_export

    if as_json:
        emit_json(result.to_json())
    else:
        show_export(console(), console(stderr=True), result)


@print_app.command(
    "images", epilog=example("companion print images decko blind --dpi 150 --out-dir pod")
)
def print_images(
    game: GameArgument,
    decks: Annotated[
        list[str] | None,
        decks_argument(help="Deck ids (default: every deck of the game).", show_default=False),
    ] = None,
    dpi: Annotated[int, typer.Option("--dpi", help="Resolution of the PNGs.")] = 300,
    bleed: Annotated[
        float, typer.Option("--bleed", help="Bleed in mm around each card (print shops ask 3).")
    ] = 3.0,
    card_size: CardSizeOption = "poker",
    out_dir: Annotated[
        Path | None,
        typer.Option(
            "--out-dir",
            help="Folder for the PNGs and the manifest (default: output/<game>-images/).",
            show_default=False,
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """One PNG per card face and per distinct back, with a manifest, for print-on-demand shops."""
    from companion.printing.exports import export_images
    from companion.printing.imposition import parse_card_size

    size = parse_card_size(card_size)
    with _progress(game, None, as_json) as advance:
        result = export_images(
            game, out_dir, tuple(decks or ()), card=size, dpi=dpi, bleed=bleed, progress=advance
        )
    _export_report(result, as_json)


@print_app.command("tts", epilog=example("companion print tts dragon-kings --out-dir tts"))
def print_tts(
    game: GameArgument,
    card_size: CardSizeOption = "poker",
    out_dir: Annotated[
        Path | None,
        typer.Option(
            "--out-dir",
            help="Folder for the deck sheets and the saved object (default: output/<game>-tts/).",
            show_default=False,
        ),
    ] = None,
    tts_dir: Annotated[
        str | None,
        typer.Option(
            "--tts-dir",
            help="Write the saved object into this folder (Tabletop Simulator's Saves/Saved "
            "Objects; 'auto' finds it) and the images into its companion-<game>/ folder.",
            show_default=False,
        ),
    ] = None,
    dpi: Annotated[
        int | None,
        typer.Option(
            "--dpi",
            help="Card resolution (default: the most a 10×7 sheet of 4096 px holds); "
            "larger cards make sheets of fewer columns.",
            show_default=False,
        ),
    ] = None,
    base_url: Annotated[
        str | None,
        typer.Option(
            "--base-url",
            help="Point the saved object at images hosted here (URL + file name) "
            "instead of the files on this machine.",
            show_default=False,
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Tabletop Simulator deck sheets (10×7 cards at most), a saved object and its thumbnail."""
    from companion.printing.exports import export_tts, tts_target
    from companion.printing.imposition import parse_card_size

    size = parse_card_size(card_size)
    with _progress(game, None, as_json) as advance:
        result = export_tts(
            game,
            out_dir,
            card=size,
            dpi=dpi,
            tts_dir=tts_target(tts_dir, out_dir),
            base_url=base_url,
            progress=advance,
        )
    _export_report(result, as_json)


register_rulebook(print_app)  # print rulebook GAME, in cli/rulebook.py
