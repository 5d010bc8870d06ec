"""``companion print``: card sheets of one game or all of them, and duplex calibration.

Only typer and the standard library are imported here at module level; the
PDF machinery loads when a command runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from companion.bounds import MAX_WORKERS
from companion.cli.common import (
    ForceOption,
    JsonOption,
    console,
    decks_argument,
    emit_json,
    game_argument,
)
from companion.cli.rulebook import register_rulebook

print_app = typer.Typer(
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
        help="X,Y in mm to move the backs (from 'print calibrate'; "
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
PackOption = Annotated[
    bool,
    typer.Option(
        "--pack/--no-pack",
        help="Fill every sheet, decks one after another (--no-pack: each deck on fresh sheets).",
    ),
]


def register(app: typer.Typer) -> None:
    app.add_typer(print_app, name="print")


def _human_size(n: int) -> str:
    size = float(n)
    for unit in ("B", "kB", "MB"):
        if size < 1000 or unit == "MB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1000
    return str(size)


def _progress(total: int, description: str, quiet: bool) -> Any:
    """A Rich progress bar on stderr (silent when stderr is not a terminal)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    err = console(stderr=True)
    bar = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=quiet or not err.is_terminal,
    )
    return bar


def _shown(path: Path | None) -> str:
    """A path relative to the current folder when it lies inside it."""
    if path is None:
        return ""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve())) or "."
    except ValueError:
        return str(path)


def _summary(results: list[Any], as_json: bool, note: str = "") -> None:
    from companion.printing.options import left_out

    warnings = left_out(results)
    if warnings:
        err = console(stderr=True)
        err.print("[yellow]warning:[/yellow] " + warnings[0], highlight=False)
        for line in warnings[1:]:
            err.print(line, highlight=False, markup=False)
    if as_json:
        from companion.printing.options import summary

        emit_json(summary(results))
        return
    from rich.table import Table

    folders = {r.path.parent for r in results}
    shared = folders.pop() if len(folders) == 1 else None
    table = Table(
        title=f"Printed into {_shown(shared)}" if shared else "Printed", title_justify="left"
    )
    table.add_column("file", style="bold", overflow="fold")
    table.add_column("what")
    table.add_column("cards", justify="right")
    table.add_column("pages", justify="right")
    table.add_column("size", justify="right")
    for r in results:
        what = {
            "cards": ", ".join(r.decks),
            "contact-sheet": "contact sheet",
            "rulebook": "rulebook",
        }.get(r.kind, r.kind)
        table.add_row(
            r.path.name if shared else _shown(r.path),
            what,
            str(r.cards) if r.kind != "rulebook" else "",
            str(r.pages),
            _human_size(r.bytes),
        )
    out = console()
    out.print(table)
    if note:
        out.print(note)


@print_app.command("deck")
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
            "--out", help="PDF to write (default: output/<game>.pdf).", show_default=False
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
    from companion.paths import default_output_dir
    from companion.printing.build import build_game_pdf, select_cards
    from companion.printing.options import sheet_spec

    spec = sheet_spec(
        paper=paper,
        card_size=card_size,
        orientation=orientation,
        bleed=bleed,
        gutter=gutter,
        margin=margin,
        printer_margin=printer_margin,
        backs=backs,
        flip=flip,
        back_offset=back_offset,
        crop_marks=crop_marks,
        cut_lines=cut_lines,
        pack=pack,
    )
    game_cards = load_game(game)
    deck_ids = tuple(decks or ())
    total = len(select_cards(game_cards, deck_ids, only=tuple(only or ()), copies=copies))
    if out is None:
        suffix = "" if not deck_ids else "-" + "-".join(deck_ids)
        suffix += "-only" if only else ""
        out = default_output_dir() / f"{game}{suffix}.pdf"
    with _progress(total, "cards", as_json) as bar:
        task = bar.add_task(f"{game}", total=total)
        result = build_game_pdf(
            game,
            out,
            spec,
            decks=deck_ids,
            only=tuple(only or ()),
            copies=copies,
            progress=lambda n: bar.advance(task, n),
            force=force,
        )
    from companion.printing.options import layout_note

    _summary([result], as_json, layout_note(result.layout, spec))


@print_app.command("all")
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
            min=1,
            max=MAX_WORKERS,
            help="Files built at once (default: one per CPU core).",
            show_default=False,
        ),
    ] = None,
    force: ForceOption = False,
    as_json: JsonOption = False,
) -> None:
    """Print every deck of every game (one PDF a game), a contact sheet and the rulebooks."""
    from companion.cards import load_all
    from companion.paths import default_output_dir
    from companion.printing.options import sheet_spec
    from companion.printing.print_all import build_all, plan

    spec = sheet_spec(
        paper=paper,
        card_size=card_size,
        orientation=orientation,
        bleed=bleed,
        gutter=gutter,
        margin=margin,
        printer_margin=printer_margin,
        backs=backs,
        flip=flip,
        back_offset=back_offset,
        crop_marks=crop_marks,
        cut_lines=cut_lines,
        pack=pack,
    )
    folder = out_dir or default_output_dir()
    games = load_all()
    jobs = plan(list(games), folder, rulebooks=rulebooks, contact_sheet=contact_sheet)
    with _progress(len(jobs), "files", as_json) as bar:
        task = bar.add_task("print all", total=len(jobs))
        results = build_all(
            jobs,
            spec,
            copies=copies,
            workers=workers,
            done=lambda job, _: bar.advance(task, 1),
            force=force,
        )
    if not games:
        from companion.errors import CompanionError
        from companion.paths import cards_dir

        raise CompanionError(f"no games found in {cards_dir()}")
    from companion.printing.options import layout_note

    layout = next((r.layout for r in results if r.layout is not None), None)
    _summary(results, as_json, layout_note(layout, spec))


@print_app.command("calibrate")
def print_calibrate(
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", help="PDF to write (default: output/calibration.pdf).", show_default=False
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
    from companion.errors import CompanionError
    from companion.paths import default_output_dir
    from companion.printing import config
    from companion.printing.calibrate import build_calibration_sheet
    from companion.printing.imposition import parse_offset, parse_paper
    from companion.printing.options import FLIP_EDGES, SHEET_ORIENTATIONS, one_of

    orient = one_of(orientation, SHEET_ORIENTATIONS, "orientation")
    flip_edge = one_of(flip, FLIP_EDGES, "flip edge")
    if save is not None and reset:
        raise CompanionError("--save and --reset cannot be used together")
    if reset:
        forgot = config.reset()
        if as_json:
            emit_json({"reset": forgot, "config": str(config.config_path())})
        else:
            console().print(
                "Forgot the saved back offsets." if forgot else "No back offset was saved."
            )
        return
    if save is not None:
        offset = parse_offset(save)
        config.save_back_offset(orient, offset)
        if as_json:
            emit_json(
                {
                    "saved": {"orientation": orient, "back_offset": list(offset)},
                    "config": str(config.config_path()),
                }
            )
        else:
            console().print(
                f"Saved back offset {offset[0]:g},{offset[1]:g} mm for {orient} sheets in "
                f"{config.config_path()}; print deck and print all use it from now on."
            )
        return
    paper_name = parse_paper(paper)
    target = out or default_output_dir() / "calibration.pdf"
    size = build_calibration_sheet(
        target, paper=paper_name, orientation=orient, flip=flip_edge, force=force
    )
    saved = {o: config.saved_back_offset(o) for o in config.ORIENTATIONS}
    if as_json:
        emit_json({"file": str(target), "pages": 2, "bytes": size, "saved_back_offset": saved})
        return
    out_console = console()
    out_console.print(f"Wrote {target} (2 pages, {_human_size(size)}).")
    out_console.print(
        "Print it double-sided at 100%, hold it against the light, read X on a horizontal ruler "
        "and Y on a vertical one, then run: companion print calibrate --save X,Y"
        + (" --orientation landscape" if orient == "landscape" else "")
    )
    current = saved.get(orient)
    if current:
        out_console.print(
            f"Currently saved for {orient}: {current[0]:g},{current[1]:g} mm "
            "(this sheet is printed without it)."
        )


GameArgument = Annotated[
    str,
    game_argument(
        help="Game id: dungeon-poker, dungeon-master, decko, dragon-kings, dungeon-of-d."
    ),
]


def _export_report(result: Any, as_json: bool, what: str) -> None:
    if as_json:
        emit_json(result.to_json())
        if result.skipped:
            console(stderr=True).print(
                f'warning: {len(result.skipped)} cards left out (see "skipped")', markup=False
            )
        return
    out = console()
    w, h = result.pixels
    out.print(
        f"Wrote {what} of {result.game} into {_shown(result.folder)}: {result.distinct} distinct "
        f"cards ({result.cards} with copies), {result.backs} back{'s' if result.backs != 1 else ''}, "
        f"{w}×{h} px a card."
    )
    if result.skipped:
        names = ", ".join(f"{name} ({deck})" for _, name, deck in result.skipped)
        console(stderr=True).print(
            f"warning: {len(result.skipped)} left out, their text does not fit this card size: "
            + names,
            highlight=False,
            markup=False,
        )
    if result.manifest is not None:
        out.print(f"Manifest: {_shown(result.manifest)} (and manifest.csv)")
    if result.saved_object is not None:
        out.print(
            f"Saved object: {_shown(result.saved_object)}; copy it and the PNGs beside it into "
            "Tabletop Simulator's Saves/Saved Objects folder, or upload the PNGs and edit the URLs."
        )


@print_app.command("images")
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
    from companion.paths import default_output_dir
    from companion.printing.exports import export_images
    from companion.printing.imposition import parse_card_size

    size = parse_card_size(card_size)
    folder = out_dir or default_output_dir() / f"{game}-images"
    with _progress(0, "images", as_json) as bar:
        task = bar.add_task(game, total=None)
        result = export_images(
            game,
            folder,
            tuple(decks or ()),
            card=size,
            dpi=dpi,
            bleed=bleed,
            progress=lambda n: bar.advance(task, n),
        )
    _export_report(result, as_json, "card images")


@print_app.command("tts")
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
    as_json: JsonOption = False,
) -> None:
    """Tabletop Simulator deck sheets (10×7 cards at most) and a saved object to import."""
    from companion.paths import default_output_dir
    from companion.printing.exports import export_tts
    from companion.printing.imposition import parse_card_size

    size = parse_card_size(card_size)
    folder = out_dir or default_output_dir() / f"{game}-tts"
    with _progress(0, "tts", as_json) as bar:
        task = bar.add_task(game, total=None)
        result = export_tts(game, folder, card=size, progress=lambda n: bar.advance(task, n))
    _export_report(result, as_json, "Tabletop Simulator decks")


register_rulebook(print_app)  # print rulebook GAME, in cli/rulebook.py
