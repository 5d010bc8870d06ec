"""Build print-ready PDFs: decks of a game, every game, a contact sheet.

The work is split so each part can be tested alone: :func:`select_cards`
decides which physical cards print (quantities, ``--copies``, ``--only``),
:mod:`companion.printing.imposition` decides where they go, the templates
and :mod:`companion.printing.faces` decide what each shows, and
:class:`SheetWriter` puts them on pages. Each back, suit pip and icon is
drawn once as a PDF form XObject and placed as often as needed; faces are
laid out once and drawn into each page (that compresses better than a form
a face), so copies cost little time and few bytes.

Every page carries a TrimBox (the cards' cut edges) and a BleedBox (with
bleed); the document asks readers to print at 100% (``PrintScaling
None``) and to flip duplex sheets on the chosen edge.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.errors import CompanionError
from companion.fileio import output_path, write_atomic
from companion.printing.imposition import (
    BACK_BLEED,
    MM_TO_PT,
    Layout,
    SheetSpec,
    Size,
    Slot,
    art_boxes,
    for_cutter,
    impose,
    separated,
)
from companion.printing.shapes import enable_icon_forms

if TYPE_CHECKING:
    from companion.cards.base import CardModel, DeckInfo, GameInfo
    from companion.cards.loader import GameCards
    from companion.printing.faces import DrawnFace

Progress = Callable[[int], None]


def save_canvas(c: Any) -> None:
    """Save a reportlab canvas with plain Flate streams.

    reportlab wraps compressed streams in ASCII85 by default, which makes
    files a quarter bigger and costs time; PDF readers need neither.
    """
    from reportlab import rl_config

    saved = rl_config.useA85
    rl_config.useA85 = 0
    try:
        c.save()
    finally:
        rl_config.useA85 = saved


BACK_EMBLEMS = {
    "dungeon-poker": "skull",
    "dungeon-master": "door",
    "decko": "chip",
    "dragon-kings": "wing",
    "dungeon-of-d": "stairs",
}


@dataclass(frozen=True)
class PrintCard:
    """One physical card to print: which card, of which deck, which copy."""

    card: Any
    deck: Any
    copy: int = 1

    def __repr__(self) -> str:
        return f"<PrintCard {self.deck.id}/{self.card.id} #{self.copy}>"


@dataclass(frozen=True)
class BuildResult:
    """What was written: for the summary table and ``--json``."""

    path: Path
    kind: str
    game: str | None
    decks: tuple[str, ...]
    cards: int
    pages: int
    bytes: int
    layout: Layout | None = None
    designed: dict[str, list[str]] = field(default_factory=dict)
    generic: dict[str, list[str]] = field(default_factory=dict)
    cut_file: Path | None = None
    """The cutting machine's cut lines (SVG) written beside the PDF."""

    def __repr__(self) -> str:
        return f"<BuildResult {self.path.name}: {self.cards} cards, {self.pages} pages, {self.bytes} bytes>"

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "file": str(self.path),
            "kind": self.kind,
            "game": self.game,
            "decks": list(self.decks),
            "cards": self.cards,
            "pages": self.pages,
            "bytes": self.bytes,
        }
        if self.layout is not None:
            lay = self.layout.as_dict()
            out["layout"] = {k: v for k, v in lay.items() if k not in ("faces", "backs_at")}
        if self.designed or self.generic:
            out["faces"] = {"designed": self.designed, "generic": self.generic}
        if self.cut_file is not None:
            out["cut_file"] = str(self.cut_file)
        return out


def does_not_fit(game_id: str, size: str, cards: Sequence[tuple[str, str, str]]) -> CompanionError:
    """The error for faces whose text cannot be printed at a card size: (name, deck, why) each.

    A deck missing cards is no deck, so nothing is written.
    """
    listed = "; ".join(f"'{name}' ({deck}): {why.split(';')[0]}" for name, deck, why in cards)
    return CompanionError(
        f"{len(cards)} card{'s' if len(cards) != 1 else ''} of {game_id} cannot be printed on a "
        f"{size} card, even without flavour text and at the smallest type: {listed}; "
        "print with a larger --card-size"
    )


CUT_RADIUS = 3.0
"""Corner radius (mm) of a machine-cut card, as a bought deck's."""


def cut_svg(layout: Layout) -> str:
    """The cut lines of a face page as SVG in millimetres: one rounded rectangle a card.

    Every sheet of the file shares the layout, so one cut file serves them all;
    its page is the paper's, so it lines up with the registration marks when
    opened over the PDF page in Silhouette Studio.

    >>> from companion.printing.imposition import SheetSpec, impose
    >>> svg = cut_svg(impose(SheetSpec(cut="silhouette", crop_marks=False)))
    >>> svg.count("<rect "), 'width="297mm"' in svg
    (8, True)
    """
    w, h = layout.page_w, layout.page_h
    r = min(CUT_RADIUS, layout.card.w / 4, layout.card.h / 4)
    rects = "".join(
        f'  <rect x="{s.x:.3f}" y="{h - s.top:.3f}" width="{s.w:.3f}" height="{s.h:.3f}" '
        f'rx="{r:g}" ry="{r:g}"/>\n'
        for s in layout.face_slots
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:g}mm" height="{h:g}mm" '
        f'viewBox="0 0 {w:g} {h:g}">\n'
        f"  <title>{layout.describe()}: cut lines</title>\n"
        '  <g fill="none" stroke="#ff0000" stroke-width="0.25">\n'
        f"{rects}  </g>\n</svg>\n"
    )


def _matches(card: CardModel, wanted: str) -> bool:
    key = wanted.strip().casefold()
    return card.name.casefold() == key or card.id == key


def _chosen_decks(game: GameInfo, deck_ids: Sequence[str]) -> list[DeckInfo]:
    """The decks named by ``deck_ids``, in that order (every deck when none is named)."""
    if not deck_ids:
        return list(game.decks)
    chosen: list[DeckInfo] = []
    for deck_id in deck_ids:
        deck = game.deck(deck_id)
        if deck is None:
            known = ", ".join(d.id for d in game.decks)
            raise CompanionError(f"{game.id} has no deck '{deck_id}' (decks: {known})")
        chosen.append(deck)
    return chosen


def select_cards(
    game_cards: GameCards,
    deck_ids: Sequence[str] = (),
    *,
    only: Sequence[str] = (),
    copies: int = 1,
) -> list[PrintCard]:
    """The physical cards to print, deck by deck in ``game.yaml`` order.

    Full decks print every card ``quantity × copies`` times. ``only`` picks
    cards by name or id (case does not matter; a value naming no card may
    list several, comma-separated) and prints each ``copies`` times: it is
    for reprinting a lost or damaged card, not for a whole run.
    """
    if copies < 1 or copies > 99:
        raise CompanionError(f"--copies {copies} is out of range (1-99)")
    game = game_cards.game
    chosen = _chosen_decks(game, deck_ids)
    chosen_ids = {d.id for d in chosen}
    pool = [c for c in game_cards.cards if c.deck in chosen_ids]
    if only:
        picked: list[Any] = []
        for value in only:
            found = [c for c in pool if _matches(c, value)]
            if not found and "," in value:
                for part in value.split(","):
                    part_found = [c for c in pool if _matches(c, part)]
                    if not part_found:
                        raise CompanionError(_no_card(part, game, chosen))
                    found.extend(part_found)
            if not found:
                raise CompanionError(_no_card(value, game, chosen))
            picked.extend(found)
        order = {c.id: i for i, c in enumerate(pool)}
        picked = sorted(picked, key=lambda c: order[c.id])  # stable: keeps repeats
        decks = {d.id: d for d in chosen}
        return [PrintCard(c, decks[c.deck], n + 1) for c in picked for n in range(copies)]
    out: list[PrintCard] = []
    for deck in chosen:
        for card in (c for c in pool if c.deck == deck.id):
            out.extend(PrintCard(card, deck, n + 1) for n in range(card.quantity * copies))
    return out


def _no_card(value: str, game: Any, decks: Sequence[Any]) -> str:
    where = "" if len(decks) == len(game.decks) else f" (decks {', '.join(d.id for d in decks)})"
    return (
        f"no card named '{value.strip()}' in {game.id}{where}; try 'companion cards list {game.id}'"
    )


def back_for(
    game: Any,
    deck: Any,
    card: Any,
    width: float,
    height: float,
    bleed: float,
    *,
    templates_root: Path | None = None,
    data_dir: Path | None = None,
    back_images: Mapping[str, Path] | None = None,
) -> tuple[str, Callable[[Any], None]]:
    """The form name and drawing of the back behind ``card``.

    The choice is :func:`companion.printing.backs.back_choice` (cards shuffled
    together share a back); this adds the drawing. ``back_images`` maps a
    deck id (or ``*``, every deck) to a picture that replaces the drawn back
    of the cards wearing that deck's back, bleed included.
    """
    from companion.printing.backs import back_choice, draw_back
    from companion.printing.faces import draw_face
    from companion.printing.faces_context import FaceContext
    from companion.printing.templates import render_face

    choice = back_choice(game, deck, card)
    if choice.design is None:
        spec = render_face(game, deck, card, templates_root, side="back")
        ctx = FaceContext(
            game=game, deck=deck, width=width, height=height, bleed=bleed, data_dir=data_dir
        )
        return choice.key, lambda c: draw_face(c, card, spec, ctx)
    picture = (back_images or {}).get(choice.home.id) or (back_images or {}).get("*")
    if picture is not None:
        from companion.printing.pictures import draw_picture

        box = (-bleed, -bleed, width + bleed, height + bleed)
        return f"{choice.key}.image", lambda c: draw_picture(c, picture, box, "back image")
    emblem = BACK_EMBLEMS.get(game.id)
    design = choice.design
    return choice.key, lambda c: draw_back(c, design, width, height, bleed, emblem=emblem)


OUTPUT_INTENT = {
    "identifier": "FOGRA39",
    "condition": "Coated FOGRA39 (ISO 12647-2:2004)",
    "registry": "http://www.color.org",
}
"""The printing condition ``--cmyk`` files name: offset on coated paper, the usual
European reference that print shops' PDF/X presets assume."""


def sheet_canvas(buffer: io.BytesIO, pagesize: tuple[float, float], *, cmyk: bool = False) -> Any:
    """A reportlab canvas for card sheets; with ``cmyk`` every colour set on it becomes
    DeviceCMYK (:func:`companion.printing.colors.to_cmyk`) and the document names its
    output intent, as PDF/X files do."""
    from reportlab.pdfgen.canvas import Canvas

    from companion.printing.colors import to_cmyk

    c = Canvas(
        buffer,
        pagesize=pagesize,
        pageCompression=1,
        invariant=1,
        enforceColorSpace=to_cmyk if cmyk else None,
    )
    c._companion_cmyk = cmyk
    if cmyk:
        from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFString

        intent = PDFDictionary(
            {
                "Type": PDFName("OutputIntent"),
                "S": PDFName("GTS_PDFX"),
                "OutputConditionIdentifier": PDFString(OUTPUT_INTENT["identifier"]),
                "OutputCondition": PDFString(OUTPUT_INTENT["condition"]),
                "RegistryName": PDFString(OUTPUT_INTENT["registry"]),
                "Info": PDFString(OUTPUT_INTENT["condition"]),
            }
        )
        catalog = c._doc.Catalog
        catalog.OutputIntents = PDFArray([intent])
        if "OutputIntents" not in catalog.__NoDefault__:
            # reportlab writes only the catalog keys it knows; this instance learns one more.
            catalog.__NoDefault__ = [*catalog.__NoDefault__, "OutputIntents"]
    return c


class SheetWriter:
    """Puts faces and backs on pages with reportlab, following a :class:`Layout`."""

    def __init__(
        self,
        layout: Layout,
        *,
        title: str,
        reuse_forms: bool = True,
        inline_faces: bool = True,
        data_dir: Path | None = None,
        templates_root: Path | None = None,
        back_images: Mapping[str, Path] | None = None,
    ) -> None:
        self.layout = layout
        self.back_images = dict(back_images or {})
        self.buffer = io.BytesIO()
        self.reuse = reuse_forms
        self.inline_faces = inline_faces
        self.data_dir = data_dir
        self.templates_root = templates_root
        pt = MM_TO_PT
        self.canvas = c = sheet_canvas(
            self.buffer, (layout.page_w * pt, layout.page_h * pt), cmyk=layout.spec.cmyk
        )
        if reuse_forms:
            enable_icon_forms(c)
        c.setTitle(title)
        c.setAuthor("companion")
        c.setCreator("companion print")
        c.setSubject(f"{layout.describe()}; print at 100% (actual size)")
        c.setViewerPreference("PrintScaling", "None")
        if layout.spec.backs == "duplex":
            c.setViewerPreference(
                "Duplex",
                "DuplexFlipLongEdge" if layout.spec.flip == "long" else "DuplexFlipShortEdge",
            )
        else:
            c.setViewerPreference("Duplex", "Simplex")
        self.pages = 0
        self.placed = 0
        self._forms: set[str] = set()
        self._drawings: dict[str, tuple[list[str], list[str]]] = {}
        self._measured: dict[str, DrawnFace] = {}
        self.specs: dict[str, Any] = {}
        self.body_sizes: dict[str, float] = {}
        self.card_w = layout.card.w * pt
        self.card_h = layout.card.h * pt
        self.bleed = layout.spec.bleed * pt
        self.back_bleed = max(layout.spec.bleed, BACK_BLEED) * pt
        self.separated = separated(layout) if layout.spec.backs != "none" else None
        self.mixed_sheets = 0
        """Sheets that hold cards of different backs and so keep the wider gutter."""

    # -- forms -----------------------------------------------------------

    def face_spec(self, game: Any, deck: Any, card: Any) -> Any:
        from companion.printing.templates import render_face

        key = f"{game.id}/{card.id}"
        if key not in self.specs:
            self.specs[key] = render_face(game, deck, card, self.templates_root)
        return self.specs[key]

    def _face_drawer(self, game: Any, item: PrintCard) -> Callable[[Any], None]:
        from companion.printing.faces import draw_face
        from companion.printing.faces_context import FaceContext

        spec = self.face_spec(game, item.deck, item.card)
        ctx = FaceContext(
            game=game,
            deck=item.deck,
            width=self.card_w,
            height=self.card_h,
            bleed=self.bleed,
            data_dir=self.data_dir,
            body_sizes=self.body_sizes,
        )
        return lambda c: draw_face(c, item.card, spec, ctx)

    def size_types(self, game_cards: Any, printed: Sequence[PrintCard]) -> None:
        """Work out one rules text size per card type over every card of the game.

        The faces of the ``printed`` cards are drawn for it on this sheet's
        canvas, and kept: a face whose size its type does not change is not
        drawn a second time.
        """
        from companion.printing.faces import game_faces, type_sizes

        faces = game_faces(
            game_cards, self.card_w, self.card_h, self.templates_root, bleed=self.bleed
        )
        # In the order they print, so the document meets its fonts and icons in that order.
        first: dict[str, int] = {}
        for i, item in enumerate(printed):
            first.setdefault(item.card.id, i)
        faces.sort(key=lambda face: first.get(face[0].id, len(printed)))
        keep = self.reuse and self.inline_faces
        self.body_sizes.update(
            type_sizes(
                faces,
                canvas=self.canvas,
                kept=self._measured if keep else None,
                keep={item.card.id for item in printed},
            )
        )

    def _back(self, game: Any, item: PrintCard) -> tuple[str, Callable[[Any], None]]:
        return back_for(
            game,
            item.deck,
            item.card,
            self.card_w,
            self.card_h,
            self.back_bleed,
            templates_root=self.templates_root,
            data_dir=self.data_dir,
            back_images=self.back_images,
        )

    def _place(
        self,
        name: str,
        draw: Callable[[Any], None],
        slot: Slot,
        art: tuple[float, float, float, float] | None = None,
    ) -> None:
        """Draw ``name`` with its trim's lower-left at ``slot``, clipped to ``art`` (mm) if given.

        Backs are form XObjects, drawn once and placed by reference. Faces
        are drawn into the page itself: a PDF compresses each stream on its
        own, so dozens of small face forms lose what a page's faces share
        and cost about twice the bytes. A face is still laid out only once:
        its drawing operators are kept and replayed for every later copy.
        """
        c = self.canvas
        back = name.startswith("back.")
        b = self.back_bleed if back else self.bleed
        as_form = self.reuse and (not self.inline_faces or back)
        if as_form and name not in self._forms:
            c.beginForm(name, -b, -b, self.card_w + b, self.card_h + b)
            draw(c)
            c.endForm()
            self._forms.add(name)
        c.saveState()
        if art is not None:
            pt = MM_TO_PT
            p = c.beginPath()
            p.rect(art[0] * pt, art[1] * pt, (art[2] - art[0]) * pt, (art[3] - art[1]) * pt)
            c.clipPath(p, stroke=0, fill=0)
        c.translate(slot.x * MM_TO_PT, slot.y * MM_TO_PT)
        if slot.rotated:
            c.translate(self.card_w, self.card_h)
            c.rotate(180)
        if as_form:
            c.doForm(name)
        else:
            # Marked so tools (and the tests) can find each card on the page.
            c.addLiteral(f"/Card <</Id ({name})>> BDC")
            p = c.beginPath()
            p.rect(-b, -b, self.card_w + 2 * b, self.card_h + 2 * b)
            c.clipPath(p, stroke=0, fill=0)
            kept = self._drawings.get(name) if self.reuse else None
            if kept is None:
                code, forms = len(c._code), len(c._formsinuse)
                draw(c)
                self._drawings[name] = (c._code[code:], c._formsinuse[forms:])
            else:
                c._code.extend(kept[0])
                c._formsinuse.extend(kept[1])
            c.addLiteral("EMC")
        c.restoreState()

    def lay_out_faces(self, game: Any, items: Sequence[PrintCard]) -> dict[str, str]:
        """Draw each distinct face once, off the page, and keep it for :meth:`_place`
        (a face that :meth:`size_types` drew already is taken from there).

        Returns the cards whose text cannot be printed at this card size,
        by id, with the reason; the caller refuses the build naming them all.
        """
        from companion.printing.card_text import TextDoesNotFit

        problems: dict[str, str] = {}
        if not (self.reuse and self.inline_faces):
            return problems
        from companion.printing.faces import draw_off_page

        for item in items:
            name = f"face.{item.card.id}"
            if name in self._drawings or item.card.id in problems:
                continue
            spec = self.face_spec(game, item.deck, item.card)
            kept = self._measured.get(item.card.id)
            if kept is not None and kept.holds_for(spec.template, self.body_sizes):
                self._drawings[name] = (list(kept.code), list(kept.forms))
                continue
            try:
                self._drawings[name] = draw_off_page(self.canvas, self._face_drawer(game, item))
            except TextDoesNotFit as exc:
                problems[item.card.id] = str(exc).split(": ", 1)[-1]
        return problems

    # -- pages -----------------------------------------------------------

    def add_deck(
        self,
        game: Any,
        items: Sequence[PrintCard],
        progress: Progress | None = None,
        label: str | Sequence[str] = "",
    ) -> None:
        """Print ``items`` (all of one deck) on fresh sheets; ``label`` as for :meth:`add_cards`."""
        names = (label,) if isinstance(label, str) else tuple(label)
        self.add_cards(game, items, progress, lambda _sheet: names)

    def add_cards(
        self,
        game: Any,
        items: Sequence[PrintCard],
        progress: Progress | None = None,
        label: Callable[[Sequence[PrintCard]], str | Sequence[str]] | None = None,
    ) -> None:
        """Print ``items`` on fresh sheets, filling each.

        ``label`` names a sheet's cards, longest wording first: the sheet
        label takes the first that fits its room (see :func:`fit_label`).
        """
        if not items:
            return
        sheets = self.sheets(game, items)
        for number, (lay, sheet) in enumerate(sheets, 1):
            named = label(sheet) if label else ()
            names = [named] if isinstance(named, str) else list(named)
            count = f"sheet {number}/{len(sheets)}"
            where = [f"{n} · {count}" for n in names if n] + [count]
            filled = lay.back_slots[: len(sheet)]
            page = Size(lay.page_w, lay.page_h)
            reach = self.back_bleed / MM_TO_PT
            art = art_boxes(filled, reach, page)
            for slot, item in zip(lay.face_slots, sheet, strict=False):
                self._place(f"face.{item.card.id}", self._face_drawer(game, item), slot)
                if lay.fold_axis:
                    back_slot = lay.back_slots[slot.index]
                    self._place(*self._back(game, item), back_slot, art[back_slot.index])
                self.placed += 1
                if progress:
                    progress(1)
            side = " · fold on the dashed line" if lay.fold_axis else " · faces"
            self._furniture(lay, [w + side for w in where])
            self._finish_page(lay.trim_box(), lay.bleed_box())
            if lay.spec.backs == "duplex":
                for slot, item in zip(lay.face_slots, sheet, strict=False):
                    back_slot = lay.back_slots[slot.index]
                    self._place(*self._back(game, item), back_slot, art[back_slot.index])
                self._label(lay, [w + " · backs" for w in where], back=True)
                trim, bleed = lay.back_page_boxes()
                self._finish_page(trim, bleed)

    def sheets(self, game: Any, items: Sequence[PrintCard]) -> list[tuple[Layout, list[PrintCard]]]:
        """``items`` split into sheets, each with the layout it prints in.

        A sheet whose cards all wear one back takes the most cards; one that
        would put cards of different backs side by side takes the
        :func:`~companion.printing.imposition.separated` layout instead.
        """
        from companion.printing.backs import back_choice

        main, wide = self.layout, self.separated
        out: list[tuple[Layout, list[PrintCard]]] = []
        start = 0
        while start < len(items):
            sheet = list(items[start : start + main.per_page])
            lay = main
            if wide is not None:
                keys = {back_choice(game, i.deck, i.card).key for i in sheet}
                if len(keys) > 1:
                    lay, sheet = wide, list(items[start : start + wide.per_page])
                    self.mixed_sheets += 1
            out.append((lay, sheet))
            start += len(sheet)
        return out

    def _finish_page(self, trim: Sequence[float], bleed: Sequence[float]) -> None:
        c = self.canvas
        pt = MM_TO_PT
        c.setTrimBox(tuple(v * pt for v in trim))
        c.setBleedBox(tuple(v * pt for v in bleed))
        c.showPage()
        self.pages += 1

    def _furniture(self, lay: Layout, label: Sequence[str]) -> None:
        """Crop marks, optional cut lines and fold line, and the sheet label."""
        c = self.canvas
        pt = MM_TO_PT
        c.saveState()
        if lay.cut_guides:
            c.setStrokeColorRGB(0.6, 0.6, 0.6)
            c.setLineWidth(0.3)
            for seg in lay.cut_guides:
                c.line(seg.x0 * pt, seg.y0 * pt, seg.x1 * pt, seg.y1 * pt)
        if lay.crop_marks:
            c.setStrokeColorRGB(0, 0, 0)
            c.setLineWidth(0.5)  # about 0.18 mm
            for seg in lay.crop_marks:
                c.line(seg.x0 * pt, seg.y0 * pt, seg.x1 * pt, seg.y1 * pt)
        if lay.registration:
            c.setFillColorRGB(0, 0, 0)
            for x0, y0, x1, y1 in lay.registration:
                c.rect(x0 * pt, y0 * pt, (x1 - x0) * pt, (y1 - y0) * pt, stroke=0, fill=1)
        if lay.fold_line is not None:
            f = lay.fold_line
            c.setStrokeColorRGB(0.45, 0.45, 0.45)
            c.setLineWidth(0.5)
            c.setDash(4, 3)
            c.line(f.x0 * pt, f.y0 * pt, f.x1 * pt, f.y1 * pt)
            c.setDash()
        c.restoreState()
        self._label(lay, label)

    def _label(self, lay: Layout, texts: Sequence[str], back: bool = False) -> None:
        """A small grey line in a margin saying what this sheet is (where the layout has room)."""
        from companion.printing.card_text import draw_line, printable_problem

        spot = lay.back_label if back else lay.label
        texts = [t for t in texts if not printable_problem(t)]
        if spot is None or not texts:
            return
        pt = MM_TO_PT
        text, size = fit_label(texts, spot.width * pt)
        self.canvas.setFillColorRGB(0.45, 0.45, 0.45)
        draw_line(self.canvas, text, spot.x * pt, spot.y * pt, LABEL_FONT, size, None, "center")

    def finish(self) -> bytes:
        save_canvas(self.canvas)
        return self.buffer.getvalue()


def packed(game: Any, items: Sequence[PrintCard]) -> list[PrintCard]:
    """``items`` in the order they fill packed sheets: pile by pile.

    A card sits with the cards it is shuffled with (its home deck, see
    :func:`companion.printing.backs.home_deck`), decks in ``game.yaml``
    order, so a sheet mixes piles only where one ends and the next begins;
    each card's own back is printed behind it, and backs of different piles
    differ in pattern or title, so the cut cards sort apart.
    """
    from companion.printing.backs import home_deck

    order = {d.id: i for i, d in enumerate(game.decks)}
    keyed = [
        (order.get(home_deck(game, item.deck, item.card).id, len(order)), n, item)
        for n, item in enumerate(items)
    ]
    return [item for _, _, item in sorted(keyed, key=lambda k: (k[0], k[1]))]


LABEL_FONT = "Helvetica"
LABEL_SIZES = (5.5, 5.25, 5.0, 4.75, 4.5)
"""Sizes (pt) a sheet label is tried at before a shorter wording: below
4.5 pt a home printer's grey type is hard to read."""


def fit_label(texts: Sequence[str], width: float) -> tuple[str, float]:
    """The first of ``texts`` (longest first) that fits ``width`` points, and its size.

    Each wording is tried from 5.5 down to 4.5 pt; when none fits, the last
    is cut short with an ellipsis, so a label never runs past its room.

    >>> fit_label(["Dungeon Poker · Main deck · sheet 1/2", "sheet 1/2"], 200)
    ('Dungeon Poker · Main deck · sheet 1/2', 5.5)
    >>> fit_label(["Dungeon Poker · Main deck · sheet 1/2", "sheet 1/2"], 40)
    ('sheet 1/2', 5.5)
    >>> fit_label(["sheet 12/12 · faces"], 30)
    ('sheet 12/12…', 4.5)
    """
    from companion.printing.card_text import line_width

    for text in texts:
        for size in LABEL_SIZES:
            if line_width(text, LABEL_FONT, size) <= width:
                return text, size
    text, size = texts[-1], LABEL_SIZES[-1]
    while text and line_width(text + "…", LABEL_FONT, size) > width:
        text = text[:-1].rstrip()
    return text + "…", size


def _sheet_label(game: Any, sheet: Sequence[PrintCard]) -> tuple[str, ...]:
    """``Dungeon Poker · Main deck + Characters``: the decks whose cards a sheet holds.

    Shorter wordings follow, for a label with little room: the first deck
    and how many more, then the game alone.
    """
    names: list[str] = []
    for item in sheet:
        if item.deck.name not in names:
            names.append(item.deck.name)
    shown = " + ".join(names[:2]) + (f" + {len(names) - 2} more" if len(names) > 2 else "")
    wordings = [f"{game.name} · {shown}"]
    if len(names) > 1:
        wordings.append(f"{game.name} · {names[0]} + {len(names) - 1} more")
    return (*wordings, game.name)


def _title(game: Any, decks: Sequence[Any]) -> str:
    if len(decks) == len(game.decks):
        return f"{game.name}: all decks"
    return f"{game.name}: " + ", ".join(d.name for d in decks)


def build_game_pdf(
    game_id: str,
    out_path: Path,
    spec: SheetSpec,
    *,
    decks: Sequence[str] = (),
    only: Sequence[str] = (),
    copies: int = 1,
    progress: Progress | None = None,
    reuse_forms: bool = True,
    inline_faces: bool = True,
    pack: bool | None = None,
    data_dir: Path | None = None,
    templates_root: Path | None = None,
    force: bool = False,
    back_images: Mapping[str, Path] | None = None,
) -> BuildResult:
    """Print some or all decks of one game into ``out_path``.

    The output path is checked before any work (see :mod:`companion.fileio`);
    ``force`` replaces a read-only file.

    ``pack`` (default: ``spec.pack``) fills every sheet: decks follow one
    another on the sheets (:func:`packed`) instead of each starting a fresh one.

    ``reuse_forms=False`` draws every card and back anew (a naive peer for
    the benchmark); ``inline_faces=False`` keeps each distinct face as a form
    XObject, as earlier versions did (the benchmark measures both).
    """
    from companion.cards import load_game

    output_path(out_path, force=force)
    game_cards = load_game(game_id, data_dir)
    items = select_cards(game_cards, decks, only=only, copies=copies)
    if spec.cut != "none":
        spec = for_cutter(spec)
    layout = impose(spec)
    chosen_decks = _chosen_decks(game_cards.game, decks)
    writer = SheetWriter(
        layout,
        title=_title(game_cards.game, chosen_decks),
        reuse_forms=reuse_forms,
        inline_faces=inline_faces,
        data_dir=game_cards.source,
        templates_root=templates_root,
        back_images=back_images,
    )
    game = game_cards.game
    # Sized over every card of the game, so a reprinted card matches its deck.
    writer.size_types(game_cards, items)
    problems = writer.lay_out_faces(game, items)
    if problems:
        named = {i.card.id: i for i in items}
        raise does_not_fit(
            game_id,
            spec.card.label,
            [(named[c].card.name, named[c].deck.id, why) for c, why in problems.items()],
        )
    if spec.pack if pack is None else pack:
        writer.add_cards(
            game, packed(game, items), progress, lambda sheet: _sheet_label(game, sheet)
        )
    else:
        for deck in chosen_decks:
            deck_items = [i for i in items if i.deck.id == deck.id]
            writer.add_deck(
                game, deck_items, progress, label=(f"{game.name} · {deck.name}", game.name)
            )
    if writer.pages == 0:
        raise CompanionError(f"nothing to print: the chosen decks of {game_id} have no cards")
    cut_file = None
    if layout.registration:
        cut_file = out_path.with_name(out_path.stem + "-cut.svg")
        output_path(cut_file, force=force)
    data = writer.finish()
    write_atomic(out_path, data, force=force)
    if cut_file is not None:
        write_atomic(cut_file, cut_svg(layout), force=force)
    designed: dict[str, list[str]] = {}
    generic: dict[str, list[str]] = {}
    for item in items:
        spec_face = writer.specs[f"{game.id}/{item.card.id}"]
        bucket = designed if spec_face.designed else generic
        names = bucket.setdefault(item.deck.id, [])
        if spec_face.template not in names:
            names.append(spec_face.template)
    return BuildResult(
        path=out_path,
        kind="cards",
        game=game_id,
        decks=tuple(d.id for d in chosen_decks),
        cards=len(items),
        pages=writer.pages,
        bytes=len(data),
        layout=layout,
        designed=designed,
        generic=generic,
        cut_file=cut_file,
    )


def count_cards(
    game_id: str,
    decks: Sequence[str] = (),
    only: Sequence[str] = (),
    copies: int = 1,
    data_dir: Path | None = None,
) -> int:
    """How many physical cards a build would print (for a progress bar's total)."""
    from companion.cards import load_game

    return len(select_cards(load_game(game_id, data_dir), decks, only=only, copies=copies))


# ---------------------------------------------------------------- contact sheet


def build_contact_sheet(
    game_ids: Iterable[str],
    out_path: Path,
    *,
    paper: str = "a4",
    card_spec: SheetSpec | None = None,
    data_dir: Path | None = None,
    templates_root: Path | None = None,
    progress: Progress | None = None,
    force: bool = False,
) -> BuildResult:
    """Every distinct card of every game, small, with its copy count: a checklist."""
    output_path(out_path, force=force)

    from companion.cards import load_game
    from companion.printing.card_text import TextDoesNotFit, draw_line
    from companion.printing.faces import draw_face, game_faces, type_sizes
    from companion.printing.faces_context import FaceContext
    from companion.printing.imposition import CARD_SIZES, PAPERS
    from companion.printing.templates import render_face

    pt = MM_TO_PT
    page = PAPERS[paper]
    card = card_spec.card if card_spec else CARD_SIZES["poker"]
    cw, ch = card.w * pt, card.h * pt
    scale = 0.42
    tw, th = cw * scale, ch * scale
    margin = 10 * pt
    gap_x, gap_y = 3 * pt, 7 * pt
    cols = max(1, int((page.w * pt - 2 * margin + gap_x) // (tw + gap_x)))
    buffer = io.BytesIO()
    c = sheet_canvas(
        buffer, (page.w * pt, page.h * pt), cmyk=card_spec.cmyk if card_spec else False
    )
    enable_icon_forms(c)
    c.setTitle("companion: contact sheet of every card")
    c.setAuthor("companion")
    pages = 1
    total = 0
    y = page.h * pt - margin
    drawn: set[str] = set()

    def new_page() -> float:
        nonlocal pages
        c.showPage()
        pages += 1
        return page.h * pt - margin

    for game_id in game_ids:
        game_cards = load_game(game_id, data_dir)
        game = game_cards.game
        # Each face is drawn while its type's size is found; kept, most need no second drawing.
        kept: dict[str, DrawnFace] = {}
        sizes = type_sizes(game_faces(game_cards, cw, ch, templates_root), canvas=c, kept=kept)
        for deck in game.decks:
            cards = game_cards.deck(deck.id)
            if not cards:
                continue
            if y - 14 - th - gap_y < margin:
                y = new_page()
            c.setFillColorRGB(0.1, 0.1, 0.14)
            draw_line(
                c,
                f"{game.name} · {deck.name} · {game_cards.total(deck.id)} cards",
                margin,
                y - 10,
                "Helvetica-Bold",
                10,
                None,
            )
            y -= 16
            backs: dict[str, Any] = {}
            for cd in cards:
                name, drawer = back_for(
                    game,
                    deck,
                    cd,
                    cw,
                    ch,
                    0,
                    templates_root=templates_root,
                    data_dir=game_cards.source,
                )
                backs.setdefault(f"{game.id}.{name}", drawer)
            entries: list[tuple[str, Any, str]] = [("back", name, "back") for name in backs] + [
                ("face", cd, f"×{cd.quantity}") for cd in cards
            ]
            for i, (kind, cd, caption) in enumerate(entries):
                col = i % cols
                if col == 0 and i:
                    y -= th + gap_y
                if col == 0 and y - th < margin:
                    y = new_page()
                x = margin + col * (tw + gap_x)
                if kind == "back":
                    name = cd
                    if name not in drawn:
                        c.beginForm(name, 0, 0, cw, ch)
                        backs[name](c)
                        c.endForm()
                        drawn.add(name)
                else:
                    name = f"face.{game.id}.{cd.id}"
                    if name not in drawn:
                        face = render_face(game, deck, cd, templates_root)
                        ctx = FaceContext(
                            game=game,
                            deck=deck,
                            width=cw,
                            height=ch,
                            bleed=0,
                            data_dir=game_cards.source,
                            body_sizes=sizes,
                        )
                        c.beginForm(name, 0, 0, cw, ch)
                        depth = len(c.state_stack)
                        held = kept.get(cd.id)
                        if held is not None and held.holds_for(face.template, sizes):
                            held.place(c)
                        else:
                            try:
                                draw_face(c, cd, face, ctx)
                            except TextDoesNotFit:
                                # Too wordy for this card size: a grey stand-in says so.
                                del c._code[:]
                                while len(c.state_stack) > depth:
                                    c.pop_state_stack()
                                _does_not_fit(c, cd.name, cw, ch)
                        c.endForm()
                        drawn.add(name)
                    total += 1
                    if progress:
                        progress(1)
                c.saveState()
                c.translate(x, y - th)
                c.scale(scale, scale)
                c.doForm(name)
                c.restoreState()
                c.setStrokeColorRGB(0.75, 0.75, 0.75)
                c.setLineWidth(0.3)
                c.rect(x, y - th, tw, th, stroke=1, fill=0)
                c.setFillColorRGB(0.35, 0.35, 0.4)
                draw_line(c, caption, x + tw / 2, y - th - 6, "Helvetica", 5.5, None, "center")
            y -= th + gap_y + 6
    save_canvas(c)
    data = buffer.getvalue()
    write_atomic(out_path, data, force=force)
    return BuildResult(
        path=out_path,
        kind="contact-sheet",
        game=None,
        decks=(),
        cards=total,
        pages=pages,
        bytes=len(data),
    )


def _does_not_fit(c: Any, name: str, width: float, height: float) -> None:
    """The contact sheet's stand-in for a card whose text cannot be printed at this size."""
    from companion.printing.card_text import draw_line, printable_problem

    c.setFillColorRGB(0.9, 0.9, 0.9)
    c.rect(0, 0, width, height, stroke=0, fill=1)
    c.setFillColorRGB(0.3, 0.3, 0.3)
    if not printable_problem(name):
        draw_line(c, name, width / 2, height * 0.55, "Helvetica-Bold", 8, None, "center")
    draw_line(c, "does not fit this size", width / 2, height * 0.42, "Helvetica", 7, None, "center")
