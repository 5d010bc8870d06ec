"""Card images for print shops and virtual tables, drawn by the card sheets' own code.

Each distinct face and each distinct back is drawn once, by
:func:`companion.printing.faces.draw_face` and
:func:`companion.printing.build.back_for` (the code of the PDF card sheets),
on a page of its own the size of one card and its bleed; PDFium turns the
pages into pixels. Two exports use the pictures:

* :func:`export_images` (``print images``): one PNG per face and per
  distinct back at the size print-on-demand shops ask for, and a manifest
  (``manifest.json`` and ``manifest.csv``) of file, name, deck, quantity
  and back;
* :func:`export_tts` (``print tts``): Tabletop Simulator deck sheets (up to
  10×7 faces an image, at most 4096 px wide), one back image per distinct
  back, and a saved object (``<game>.json``) with one object per pile a
  table sets up (:func:`tts_piles`).

Both check every file they will write against the output policy
(:func:`companion.fileio.output_path`) before drawing anything, so a bad
target is refused with nothing written.

Sizes follow the print shops' templates, which round the card with its
bleed to hundredths of an inch: a poker card with 3 mm bleed is 2.74 × 3.74
in, 822 × 1122 px at 300 dpi. The trim keeps its exact size in the middle;
the rounding only widens the bleed by a fraction of a millimetre.
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.errors import CompanionError
from companion.fileio import output_path, write_atomic
from companion.printing.imposition import MM_TO_PT, Size

if TYPE_CHECKING:
    from PIL.Image import Image

MAX_DPI = 1200
TTS_COLUMNS, TTS_ROWS = 10, 7
"""Tabletop Simulator reads a deck sheet of at most 10 columns and 7 rows."""
TTS_MAX_PX = 4096
"""Widest (and tallest) sheet image: what TTS loads on every machine."""


def pixel_size(card: Size, bleed: float, dpi: int) -> tuple[int, int]:
    """The image size print shops ask for: card and bleed in hundredths of an inch, at ``dpi``.

    >>> from companion.printing.imposition import CARD_SIZES
    >>> pixel_size(CARD_SIZES["poker"], 3, 300)
    (822, 1122)
    >>> pixel_size(CARD_SIZES["poker"], 0, 300)
    (750, 1050)
    """
    w_in = math.floor((card.w + 2 * bleed) / 25.4 * 100 + 0.5) / 100
    h_in = math.floor((card.h + 2 * bleed) / 25.4 * 100 + 0.5) / 100
    return round(w_in * dpi), round(h_in * dpi)


@dataclass(frozen=True)
class CardPicture:
    """One distinct card of a game: what it is, how many print, and its back's key."""

    card: Any
    deck: Any
    quantity: int
    back: str
    description: str = ""
    """What its face says, as plain text (:func:`face_description`)."""


def face_description(spec: Any) -> str:
    """A face's words as plain text: its type line, its rules, then its flavour.

    Taken from the same rendered body the printed face sets
    (:func:`companion.printing.card_text.plain_text`), so a virtual table's
    tooltip says what the card says.
    """
    from companion.printing.card_text import plain_text

    parts = [" ".join(str(spec.type_line).split()), plain_text(spec.body)]
    return "\n".join(part for part in parts if part)


def planned_cards(
    game_id: str, decks: Sequence[str] = (), data_dir: Path | None = None
) -> tuple[Any, list[CardPicture]]:
    """The game and every distinct card of its chosen decks with its back's key, nothing drawn.

    The back follows :func:`companion.printing.backs.back_choice`, the rule
    the sheets and the drawing use; this is what an export checks its
    target files against before any work.
    """
    from companion.cards import load_game
    from companion.printing.backs import back_choice
    from companion.printing.build import _chosen_decks

    game_cards = load_game(game_id, data_dir)
    game = game_cards.game
    cards = [
        CardPicture(cd, deck, cd.quantity, back_choice(game, deck, cd).key)
        for deck in _chosen_decks(game, decks)
        for cd in game_cards.deck(deck.id)
    ]
    if not cards:
        raise CompanionError(f"nothing to export: the chosen decks of {game_id} have no cards")
    return game, cards


def check_targets(paths: Sequence[Path]) -> None:
    """Refuse, before any work, a target the output policy would refuse (nothing is written)."""
    for path in paths:
        output_path(path)


@dataclass
class Pictures:
    """Rendered pictures of one game: each face by card id, each back by its key."""

    game: Any
    cards: list[CardPicture]
    faces: dict[str, Image] = field(default_factory=dict)
    backs: dict[str, Image] = field(default_factory=dict)


def _check_dpi(dpi: int) -> None:
    if not 30 <= dpi <= MAX_DPI:
        raise CompanionError(f"--dpi {dpi} is out of range (30-{MAX_DPI})")


def render_pictures(
    game_id: str,
    decks: Sequence[str] = (),
    *,
    card: Size,
    bleed: float,
    width_px: int,
    height_px: int,
    data_dir: Path | None = None,
    templates_root: Path | None = None,
    progress: Callable[[int], None] | None = None,
) -> Pictures:
    """Every distinct face and back of ``game_id`` (its chosen decks) as ``width_px × height_px`` images.

    The page of each picture is the image's size; the card's trim sits in
    its middle at its true size, and the drawing's bleed fills the rest.
    """
    import pypdfium2 as pdfium
    from reportlab.pdfgen.canvas import Canvas

    from companion.cards import load_game
    from companion.printing.build import _chosen_decks, back_for, save_canvas
    from companion.printing.faces import DrawnFace, game_faces, type_sizes
    from companion.printing.faces_context import FaceContext
    from companion.printing.shapes import enable_icon_forms
    from companion.printing.templates import render_face

    game_cards = load_game(game_id, data_dir)
    game = game_cards.game
    chosen = _chosen_decks(game, decks)
    pt = MM_TO_PT
    cw, ch = card.w * pt, card.h * pt
    dpi = _dpi_of(card, bleed, width_px)
    page_w, page_h = width_px * 72.0 / dpi, height_px * 72.0 / dpi
    draw_bleed = max((page_w - cw) / 2, (page_h - ch) / 2, 0.0)
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(page_w, page_h), pageCompression=0, invariant=1)
    enable_icon_forms(c)
    order: list[tuple[str, str]] = []
    cards: list[CardPicture] = []
    seen_backs: set[str] = set()
    too_wordy: set[str] = set()
    # Each face is drawn while its type's size is found; kept, most need no second drawing.
    kept: dict[str, DrawnFace] = {}
    sizes = type_sizes(
        game_faces(game_cards, cw, ch, templates_root, bleed=draw_bleed),
        too_wordy,
        canvas=c,
        kept=kept,
    )
    if too_wordy:
        from companion.printing.build import does_not_fit

        raise does_not_fit(
            game_id,
            card.label,
            [
                (cd.name, deck.id, "its text does not fit its box")
                for deck in chosen
                for cd in game_cards.deck(deck.id)
                if cd.id in too_wordy
            ],
        )

    def page(draw: Callable[[Any], None]) -> None:
        c.saveState()
        c.translate((page_w - cw) / 2, (page_h - ch) / 2)
        draw(c)
        c.restoreState()
        c.showPage()

    for deck in chosen:
        for cd in game_cards.deck(deck.id):
            key, draw_back = back_for(
                game,
                deck,
                cd,
                cw,
                ch,
                draw_bleed,
                templates_root=templates_root,
                data_dir=game_cards.source,
            )
            spec = render_face(game, deck, cd, templates_root)
            cards.append(CardPicture(cd, deck, cd.quantity, key, face_description(spec)))
            held = kept.get(cd.id)
            if held is not None and held.holds_for(spec.template, sizes):
                page(held.place)
            else:
                ctx = FaceContext(
                    game=game,
                    deck=deck,
                    width=cw,
                    height=ch,
                    bleed=draw_bleed,
                    data_dir=game_cards.source,
                    body_sizes=sizes,
                )
                page(_face_drawer(cd, spec, ctx))
            order.append(("face", cd.id))
            if key not in seen_backs:
                seen_backs.add(key)
                page(draw_back)
                order.append(("back", key))
    if not cards:
        raise CompanionError(f"nothing to export: the chosen decks of {game_id} have no cards")
    save_canvas(c)
    pictures = Pictures(game, cards)
    doc = pdfium.PdfDocument(buffer.getvalue())
    try:
        for i, (kind, key) in enumerate(order):
            bitmap = doc[i].render(scale=dpi / 72.0)
            image = bitmap.to_pil().convert("RGB")
            if image.size != (width_px, height_px):
                image = image.resize((width_px, height_px))
            (pictures.faces if kind == "face" else pictures.backs)[key] = image
            if progress:
                progress(1)
    finally:
        doc.close()
    return pictures


def _face_drawer(card: Any, spec: Any, ctx: Any) -> Callable[[Any], None]:
    from companion.printing.faces import draw_face

    return lambda canvas: draw_face(canvas, card, spec, ctx)


def _dpi_of(card: Size, bleed: float, width_px: int) -> float:
    """The resolution at which the card and its bleed, rounded as print shops do, is ``width_px`` wide."""
    w_in = math.floor((card.w + 2 * bleed) / 25.4 * 100 + 0.5) / 100
    return width_px / w_in


def _png(image: Image, dpi: float) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(dpi, dpi), optimize=False)
    return out.getvalue()


def _back_file(key: str) -> str:
    return key.replace(".", "-") + ".png"


def _face_file(item: CardPicture) -> str:
    return f"{item.deck.id}-{item.card.id}-x{item.quantity}.png"


@dataclass(frozen=True)
class ExportResult:
    """What an export wrote: for the summary and ``--json``."""

    kind: str
    game: str
    folder: Path
    files: tuple[Path, ...]
    cards: int
    distinct: int
    backs: int
    pixels: tuple[int, int]
    manifest: Path | None = None
    saved_object: Path | None = None
    sheets: tuple[Path, ...] = ()
    piles: int = 0
    """Objects in a saved TTS file: one a pile a table sets up."""
    thumbnail: Path | None = None
    """The picture beside a saved TTS file."""
    image_urls: str = ""
    """Where a saved TTS file's image URLs point: ``tts-folder`` (written into
    Tabletop Simulator's own folder), ``hosted`` (``--base-url``) or ``files``
    (``file://`` paths of the images where they were written)."""

    def __repr__(self) -> str:
        return f"<ExportResult {self.kind} {self.game}: {len(self.files)} files>"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": self.kind,
            "game": self.game,
            "folder": str(self.folder),
            "files": [str(p) for p in self.files],
            "cards": self.cards,
            "distinct": self.distinct,
            "backs": self.backs,
            "pixels": list(self.pixels),
            "bytes": sum(p.stat().st_size for p in self.files if p.exists()),
        }
        if self.manifest is not None:
            out["manifest"] = str(self.manifest)
        if self.saved_object is not None:
            out["saved_object"] = str(self.saved_object)
            out["sheets"] = [str(p) for p in self.sheets]
            out["piles"] = self.piles
            out["thumbnail"] = str(self.thumbnail)
            out["image_urls"] = self.image_urls
        return out


def _default_folder(name: str) -> Path:
    from companion.paths import default_output_dir

    return default_output_dir() / name


def export_images(
    game_id: str,
    out_dir: Path | None,
    decks: Sequence[str] = (),
    *,
    card: Size,
    dpi: int = 300,
    bleed: float = 3.0,
    data_dir: Path | None = None,
    templates_root: Path | None = None,
    progress: Callable[[int], None] | None = None,
) -> ExportResult:
    """One PNG per distinct face and per distinct back, and the manifest listing them.

    Faces are named ``<deck>-<card id>-x<copies>.png``, backs
    ``back-<deck>[-<pile>].png``; every manifest row is one distinct card:
    ``file``, ``id``, ``name``, ``deck``, ``quantity``, ``back``. ``out_dir`` defaults to
    ``<game>-images`` in the output folder.
    """
    out_dir = out_dir or _default_folder(f"{game_id}-images")
    _check_dpi(dpi)
    if not 0 <= bleed <= 10:
        raise CompanionError(f"--bleed {bleed:g} is out of range (0-10 mm)")
    w, h = pixel_size(card, bleed, dpi)
    _game, planned = planned_cards(game_id, decks, data_dir)
    check_targets(
        [out_dir / _back_file(key) for key in dict.fromkeys(p.back for p in planned)]
        + [out_dir / _face_file(p) for p in planned]
        + [out_dir / "manifest.json", out_dir / "manifest.csv"]
    )
    pictures = render_pictures(
        game_id,
        decks,
        card=card,
        bleed=bleed,
        width_px=w,
        height_px=h,
        data_dir=data_dir,
        templates_root=templates_root,
        progress=progress,
    )
    real_dpi = _dpi_of(card, bleed, w)
    files: list[Path] = []
    rows: list[dict[str, Any]] = []
    for key, image in pictures.backs.items():
        path = out_dir / _back_file(key)
        write_atomic(path, _png(image, real_dpi))
        files.append(path)
    for item in pictures.cards:
        path = out_dir / _face_file(item)
        write_atomic(path, _png(pictures.faces[item.card.id], real_dpi))
        files.append(path)
        rows.append(
            {
                "file": path.name,
                "id": item.card.id,
                "name": item.card.name,
                "deck": item.deck.id,
                "quantity": item.quantity,
                "back": _back_file(item.back),
            }
        )
    manifest = out_dir / "manifest.json"
    write_atomic(manifest, json.dumps(rows, indent=2, ensure_ascii=False) + "\n")
    table = io.StringIO()
    writer = csv.DictWriter(table, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    write_atomic(out_dir / "manifest.csv", table.getvalue())
    files += [manifest, out_dir / "manifest.csv"]
    return ExportResult(
        kind="images",
        game=game_id,
        folder=out_dir,
        files=tuple(files),
        cards=sum(r["quantity"] for r in rows),
        distinct=len(rows),
        backs=len(pictures.backs),
        pixels=(w, h),
        manifest=manifest,
    )


# ---------------------------------------------------------------- Tabletop Simulator


def tts_cell(card: Size, dpi: int | None = None) -> tuple[int, int]:
    """Pixels of one card on a TTS sheet: at ``dpi``, else the most a full 10×7 sheet holds
    within 4096 px.

    >>> from companion.printing.imposition import CARD_SIZES
    >>> tts_cell(CARD_SIZES["poker"])
    (409, 572)
    >>> tts_cell(CARD_SIZES["poker"], 300)
    (750, 1050)
    """
    if dpi is not None:
        if not 30 <= dpi <= MAX_DPI:
            raise CompanionError(f"--dpi {dpi} is out of range (30-{MAX_DPI})")
        w, h = round(card.w / 25.4 * dpi), round(card.h / 25.4 * dpi)
        if w > TTS_MAX_PX // TTS_MIN_GRID or h > TTS_MAX_PX // TTS_MIN_GRID:
            most = math.floor(TTS_MAX_PX // TTS_MIN_GRID / max(card.w, card.h) * 25.4)
            raise CompanionError(
                f"--dpi {dpi} makes a {card.label} card {w}×{h} px: a Tabletop Simulator sheet "
                f"of 2×2 cards would pass {TTS_MAX_PX} px (at most --dpi {most} for this size)"
            )
        return w, h
    scale = min(TTS_MAX_PX // TTS_COLUMNS / card.w, TTS_MAX_PX // TTS_ROWS / card.h)
    return math.floor(card.w * scale), math.floor(card.h * scale)


def tts_limits(cell: tuple[int, int]) -> tuple[int, int]:
    """The most columns and rows a sheet of ``cell``-sized cards takes: 10×7, fewer
    when the cells are so large that 4096 px would not hold them.

    >>> tts_limits((409, 572)), tts_limits((750, 1050))
    ((10, 7), (5, 3))
    """
    return (
        max(TTS_MIN_GRID, min(TTS_COLUMNS, TTS_MAX_PX // cell[0])),
        max(TTS_MIN_GRID, min(TTS_ROWS, TTS_MAX_PX // cell[1])),
    )


TTS_MIN_GRID = 2
"""Tabletop Simulator cuts a deck sheet into at least 2 columns and 2 rows:
a sheet with fewer cards keeps the grid and leaves the other cells blank."""


def tts_grid(count: int, limits: tuple[int, int] = (TTS_COLUMNS, TTS_ROWS)) -> tuple[int, int]:
    """Columns and rows of a sheet of ``count`` faces: at most ``limits`` (10×7), at least 2×2.

    >>> tts_grid(1), tts_grid(3), tts_grid(14), tts_grid(70), tts_grid(15, (5, 3))
    ((2, 2), (3, 2), (10, 2), (10, 7), (5, 3))
    """
    columns = min(limits[0], max(TTS_MIN_GRID, count))
    return columns, max(TTS_MIN_GRID, math.ceil(count / columns))


@dataclass(frozen=True)
class TtsSheet:
    """One deck sheet: its cards in reading order and the grid they fill."""

    index: int
    back: str
    cards: tuple[CardPicture, ...]
    columns: int
    rows: int


def tts_sheets(
    cards: Sequence[CardPicture], limits: tuple[int, int] = (TTS_COLUMNS, TTS_ROWS)
) -> list[TtsSheet]:
    """Faces grouped by back, ``limits`` (10×7: 70) distinct faces at most a sheet, in order.

    Piles that share a back share its sheets (DECKO's five starting decks
    fill one sheet); each pile's saved object points to the cells of its
    own cards.
    """
    by_back: dict[str, list[CardPicture]] = {}
    for item in cards:
        by_back.setdefault(item.back, []).append(item)
    sheets: list[TtsSheet] = []
    per = limits[0] * limits[1]
    for back, items in by_back.items():
        for start in range(0, len(items), per):
            chunk = tuple(items[start : start + per])
            columns, rows = tts_grid(len(chunk), limits)
            sheets.append(TtsSheet(len(sheets) + 1, back, chunk, columns, rows))
    return sheets


@dataclass(frozen=True)
class TtsPile:
    """One pile a table sets up: one saved object, its cards sharing one back."""

    name: str
    back: str
    cards: tuple[CardPicture, ...]


def tts_piles(game: Any, cards: Sequence[CardPicture]) -> list[TtsPile]:
    """The piles a table sets up, in deck order: one object each in the saved file.

    A deck is one pile, split by the card field its ``piles`` names (DECKO's
    starting decks by fruit, its jokers by type, Dungeon Poker's set-aside
    monsters) and by back (an optional deck whose cards join several decks,
    such as the First Edition extras, gives one pile a deck they join).
    """
    from companion.printing.backs import home_deck

    groups: dict[tuple[str, str, str], list[CardPicture]] = {}
    names: dict[tuple[str, str, str], str] = {}
    for item in cards:
        field_name = getattr(item.deck, "piles", None)
        value = getattr(item.card, field_name, None) if field_name else None
        key = (item.deck.id, item.back, "" if value in (None, False) else str(value))
        if key not in groups:
            names[key] = _pile_name(game, item, field_name, value, home_deck)
        groups.setdefault(key, []).append(item)
    return [TtsPile(names[key], key[1], tuple(items)) for key, items in groups.items()]


def _pile_name(
    game: Any, item: CardPicture, field_name: str | None, value: Any, home_deck: Any
) -> str:
    """``DECKO: Starting decks (apple)``; ``Dungeon Poker: Monsters (set aside)``."""
    if field_name == "id":
        return f"{game.name}: {item.card.name}"
    parts: list[str] = []
    if value is True and field_name:
        parts.append(field_name.replace("_", " ").replace("-", " "))
    elif value not in (None, False):
        parts.append(str(value).replace("-", " "))
    home = home_deck(game, item.deck, item.card)
    if home.id != item.deck.id:
        parts.append(f"joins {home.name}")
    extra = f" ({', '.join(parts)})" if parts else ""
    return f"{game.name}: {item.deck.name}{extra}"


def _uri(path: Path, base_url: str | None = None) -> str:
    """Where Tabletop Simulator finds an image: ``base_url`` and the file name, else the file."""
    if base_url:
        from urllib.parse import quote

        return base_url.rstrip("/") + "/" + quote(path.name)
    return path.resolve().as_uri()


def _card_state(
    item: CardPicture, card_id: int, custom: dict[str, Any], transform: dict[str, float]
) -> dict[str, Any]:
    return {
        "Name": "Card",
        "Nickname": item.card.name,
        "Description": item.description,
        "CardID": card_id,
        "CustomDeck": custom,
        "Transform": transform,
        "Hands": True,
        "SidewaysCard": False,
    }


PILES_A_ROW = 8
"""Piles laid out on the table in rows of this many."""


TTS_CARD = Size(63.5, 88.9)
"""The card Tabletop Simulator's card model is shaped as at scale 1 (a poker card)."""


def tts_scale(card: Size) -> tuple[float, float]:
    """``scaleX`` and ``scaleZ`` that give a card of ``card`` its size and shape on the table.

    Tabletop Simulator stretches every face onto its poker-shaped card, so a
    tarot, bridge or mini card keeps its own proportions only when scaled.

    >>> from companion.printing.imposition import CARD_SIZES
    >>> tts_scale(CARD_SIZES["poker"]), tts_scale(CARD_SIZES["mini"])
    ((1.0, 1.0), (0.7, 0.7143))
    """
    return round(card.w / TTS_CARD.w, 4), round(card.h / TTS_CARD.h, 4)


def _transform(index: int = 0, card: Size = TTS_CARD) -> dict[str, float]:
    """Where pile ``index`` lies: rows of :data:`PILES_A_ROW`, face down, scaled to ``card``."""
    sx, sz = tts_scale(card)
    return {
        "posX": (index % PILES_A_ROW) * 3.0 * sx,
        "posY": 1.0,
        "posZ": -(index // PILES_A_ROW) * 4.0 * sz,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0,
        "scaleX": sx,
        "scaleY": 1.0,
        "scaleZ": sz,
    }


def _tts_files(
    game_id: str, out_dir: Path, images: Path, backs: Sequence[str], sheets: int
) -> list[Path]:
    """Every file ``export_tts`` writes: back images and sheets (in ``images``), then
    the saved object and its thumbnail (in ``out_dir``)."""
    return (
        [images / f"{game_id}-{_back_file(key)}" for key in backs]
        + [images / f"{game_id}-sheet-{n}.png" for n in range(1, sheets + 1)]
        + [out_dir / f"{game_id}.json", out_dir / f"{game_id}.png"]
    )


TTS_THUMBNAIL = 256
"""Side (px) of the square picture Tabletop Simulator shows for a saved object."""


def _thumbnail(face: Image, back: Image) -> Image:
    """A saved object's picture: a back with a face fanned over it, on a square."""
    from PIL import Image as PILImage

    side = TTS_THUMBNAIL
    picture = PILImage.new("RGB", (side, side), (40, 40, 48))
    h = int(side * 0.8)
    for image, x in ((back, 0.12), (face, 0.4)):
        w = max(1, round(image.width * h / image.height))
        picture.paste(image.resize((w, h)), (int(side * x), (side - h) // 2))
    return picture


def tts_folder(env: Any = None) -> Path:
    """Where Tabletop Simulator keeps saved objects on this system (it may not exist yet)."""
    import os
    import sys

    env = os.environ if env is None else env
    home = Path(env.get("HOME") or env.get("USERPROFILE") or Path.home())
    if sys.platform == "win32":
        base = home / "Documents" / "My Games" / "Tabletop Simulator"
    elif sys.platform == "darwin":
        base = home / "Library" / "Tabletop Simulator"
    else:
        base = home / ".local" / "share" / "Tabletop Simulator"
    return base / "Saves" / "Saved Objects"


def tts_target(word: str | None, out_dir: Path | None = None, env: Any = None) -> Path | None:
    """The folder ``--tts-dir`` names: ``auto`` is :func:`tts_folder`; not with ``--out-dir``."""
    if word is None:
        return None
    if out_dir is not None:
        raise CompanionError("give --tts-dir or --out-dir, not both")
    if word.strip().lower() == "auto":
        return tts_folder(env)
    return Path(word).expanduser()


def export_tts(
    game_id: str,
    out_dir: Path | None,
    *,
    card: Size,
    dpi: int | None = None,
    tts_dir: Path | None = None,
    base_url: str | None = None,
    data_dir: Path | None = None,
    templates_root: Path | None = None,
    progress: Callable[[int], None] | None = None,
) -> ExportResult:
    """Deck sheets, back images, a saved object and its thumbnail for Tabletop Simulator.

    The saved object (``<game>.json``) holds one object per pile a table
    sets up (:func:`tts_piles`): a deck, each card once per copy with its
    name and what its face says, or a single card, scaled to the card's
    size (:func:`tts_scale`). Beside it is ``<game>.png``, the picture TTS
    shows in its Saved Objects list.

    Where the images go decides their URLs. With ``tts_dir`` (Tabletop
    Simulator's Saved Objects folder, :func:`tts_folder`) the JSON and its
    thumbnail are written there and the images into its ``companion-<game>``
    folder, so the saved object points into the folder TTS keeps; else all
    go into ``out_dir`` (default ``<game>-tts`` in the output folder). The
    URLs are ``file://`` URIs of the images where they are written, or
    ``base_url`` followed by each file name when the images are to be
    hosted (a web server, a file share), which makes the object shareable.
    Cells are ``dpi`` pixels an inch (default: the most a 10×7 sheet of
    4096 px holds); larger cells make sheets of fewer columns and rows.
    """
    from PIL import Image as PILImage

    if tts_dir is not None:
        out_dir, images = tts_dir, tts_dir / f"companion-{game_id}"
    else:
        out_dir = out_dir or _default_folder(f"{game_id}-tts")
        images = out_dir
    if base_url is not None and not base_url.startswith(("http://", "https://")):
        raise CompanionError(f"--base-url '{base_url}' must start with http:// or https://")
    w, h = tts_cell(card, dpi)
    limits = tts_limits((w, h))
    game, planned = planned_cards(game_id, data_dir=data_dir)
    planned_piles = tts_piles(game, planned)
    check_targets(
        _tts_files(
            game_id,
            out_dir,
            images,
            list(dict.fromkeys(p.back for p in planned)),
            len(tts_sheets([c for pile in planned_piles for c in pile.cards], limits)),
        )
    )
    pictures = render_pictures(
        game_id,
        card=card,
        bleed=0.0,
        width_px=w,
        height_px=h,
        data_dir=data_dir,
        templates_root=templates_root,
        progress=progress,
    )
    piles = tts_piles(pictures.game, pictures.cards)
    sheets = tts_sheets([item for pile in piles for item in pile.cards], limits)
    files: list[Path] = []
    back_paths: dict[str, Path] = {}
    for key, image in pictures.backs.items():
        path = images / f"{game_id}-{_back_file(key)}"
        write_atomic(path, _png(image, 0))
        back_paths[key] = path
        files.append(path)
    sheet_paths: list[Path] = []
    customs: dict[int, dict[str, Any]] = {}
    cell: dict[str, tuple[TtsSheet, int]] = {}
    for sheet in sheets:
        canvas = PILImage.new("RGB", (sheet.columns * w, sheet.rows * h), "white")
        for i, item in enumerate(sheet.cards):
            canvas.paste(
                pictures.faces[item.card.id], ((i % sheet.columns) * w, (i // sheet.columns) * h)
            )
            cell[item.card.id] = (sheet, i)
        path = images / f"{game_id}-sheet-{sheet.index}.png"
        write_atomic(path, _png(canvas, 0))
        sheet_paths.append(path)
        files.append(path)
        customs[sheet.index] = {
            "FaceURL": _uri(path, base_url),
            "BackURL": _uri(back_paths[sheet.back], base_url),
            "NumWidth": sheet.columns,
            "NumHeight": sheet.rows,
            "BackIsHidden": True,
            "UniqueBack": False,
            "Type": 0,
        }
    states = [_pile_state(pile, n, cell, customs, card) for n, pile in enumerate(piles)]
    saved = {
        "SaveName": f"{pictures.game.name} (companion)",
        "GameMode": "",
        "Date": "",
        "Table": "",
        "Sky": "",
        "Note": f"{pictures.game.name}: every pile, made by companion print tts.",
        "ObjectStates": states,
    }
    saved_path = out_dir / f"{game_id}.json"
    write_atomic(saved_path, json.dumps(saved, indent=2, ensure_ascii=False) + "\n")
    first = piles[0].cards[0]
    thumbnail = out_dir / f"{game_id}.png"
    write_atomic(
        thumbnail, _png(_thumbnail(pictures.faces[first.card.id], pictures.backs[first.back]), 0)
    )
    files += [saved_path, thumbnail]
    return ExportResult(
        kind="tts",
        game=game_id,
        folder=out_dir,
        files=tuple(files),
        cards=sum(i.quantity for i in pictures.cards),
        distinct=len(pictures.cards),
        backs=len(pictures.backs),
        pixels=(w, h),
        saved_object=saved_path,
        thumbnail=thumbnail,
        image_urls="hosted" if base_url else "tts-folder" if tts_dir is not None else "files",
        sheets=tuple(sheet_paths),
        piles=len(piles),
    )


def _pile_state(
    pile: TtsPile,
    index: int,
    cell: dict[str, tuple[TtsSheet, int]],
    customs: dict[int, dict[str, Any]],
    card: Size = TTS_CARD,
) -> dict[str, Any]:
    """One pile's saved object: a ``DeckCustom``, or a ``Card`` when it holds one card."""
    transform = _transform(index, card)
    contained: list[dict[str, Any]] = []
    deck_custom: dict[str, Any] = {}
    for item in pile.cards:
        sheet, i = cell[item.card.id]
        custom = {str(sheet.index): customs[sheet.index]}
        deck_custom |= custom
        for _ in range(item.quantity):
            contained.append(_card_state(item, sheet.index * 100 + i, custom, transform))
    if len(contained) == 1:
        return contained[0]
    return {
        "Name": "DeckCustom",
        "Nickname": pile.name,
        "Description": "",
        "Transform": transform,
        "DeckIDs": [c["CardID"] for c in contained],
        "CustomDeck": deck_custom,
        "ContainedObjects": contained,
        "Hands": False,
        "SidewaysCard": False,
    }
