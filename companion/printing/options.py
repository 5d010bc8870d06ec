"""From the words of ``companion print`` to library objects, and back to a report.

The CLI only parses: every choice word is checked here (one error naming the
bad value), the saved duplex back offset is looked up here, and the JSON
document a build prints is shaped here.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from companion.errors import CompanionError

if TYPE_CHECKING:
    from companion.printing.build import BuildResult
    from companion.printing.imposition import BacksMode, Flip, Layout, Orientation, SheetSpec

_Word = TypeVar("_Word", bound=str)

ORIENTATIONS: tuple[Literal["auto"] | Orientation, ...] = ("auto", "portrait", "landscape")
SHEET_ORIENTATIONS: tuple[Orientation, ...] = ("portrait", "landscape")
BACKS_MODES: tuple[BacksMode, ...] = ("duplex", "fold", "none")
FLIP_EDGES: tuple[Flip, ...] = ("long", "short")
CUTTERS: tuple[Literal["none", "silhouette"], ...] = ("none", "silhouette")


def one_of(value: str, choices: tuple[_Word, ...], what: str) -> _Word:
    """``value`` (any case, spaces trimmed) as one of ``choices``; an error naming it otherwise.

    >>> one_of(" Long ", FLIP_EDGES, "flip edge")
    'long'
    """
    word = value.strip().lower()
    for choice in choices:
        if word == choice:
            return choice
    raise CompanionError(f"unknown {what} '{value}' ({', '.join(choices)})")


def sheet_spec(
    *,
    paper: str = "a4",
    card_size: str = "poker",
    orientation: str = "auto",
    bleed: float = 0.0,
    gutter: float = 0.0,
    margin: float = 5.0,
    printer_margin: float = 5.0,
    backs: str = "duplex",
    flip: str = "long",
    back_offset: str | None = None,
    crop_marks: bool = True,
    cut_lines: bool = False,
    pack: bool = True,
    cmyk: bool = False,
    cut: str = "none",
    env: Any = None,
) -> SheetSpec:
    """The :class:`SheetSpec` the options describe; the saved back offset fills a missing one."""
    from companion.printing import config
    from companion.printing.imposition import (
        SheetSpec,
        for_cutter,
        impose,
        parse_card_size,
        parse_offset,
        parse_paper,
    )

    backs_mode = one_of(backs, BACKS_MODES, "backs mode")
    spec = SheetSpec(
        paper=parse_paper(paper),
        card=parse_card_size(card_size),
        orientation=one_of(orientation, ORIENTATIONS, "orientation"),
        bleed=bleed,
        gutter=gutter,
        margin=margin,
        printer_margin=printer_margin,
        backs=backs_mode,
        flip=one_of(flip, FLIP_EDGES, "flip edge"),
        crop_marks=crop_marks,
        cut_lines=cut_lines,
        pack=pack,
        cmyk=cmyk,
        cut=one_of(cut, CUTTERS, "cutting machine"),
    )
    if spec.cut != "none":
        spec = for_cutter(spec)
    if backs_mode == "duplex":
        if back_offset is not None:
            offset = parse_offset(back_offset)
        else:
            offset = config.saved_back_offset(impose(spec).orientation, env=env) or (0.0, 0.0)
        if offset != (0.0, 0.0):
            spec = replace(spec, back_offset=offset)
    elif back_offset is not None and parse_offset(back_offset) != (0.0, 0.0):
        # Taken quietly it would look applied: fold backs sit beside their faces.
        raise CompanionError(
            f"--back-offset {back_offset} moves the backs of duplex sheets only; "
            f"with --backs {backs_mode} there is no back page to move"
        )
    return spec


def back_images(values: Sequence[str], game: Any) -> dict[str, Path]:
    """``--back-image`` values: ``FILE`` (every deck of the game) or ``DECK=FILE``.

    A deck's image is the back of every card that wears that deck's back
    (cards shuffled into it included), so no back gives a card away.
    """
    from companion.printing.pictures import check_picture

    found: dict[str, Path] = {}
    for value in values:
        deck, sep, file = value.partition("=")
        if not sep or Path(value).exists():
            deck, file = "*", value
        deck = deck.strip()
        if deck != "*" and game.deck(deck) is None:
            known = ", ".join(d.id for d in game.decks)
            raise CompanionError(f"--back-image {value}: {game.id} has no deck '{deck}' ({known})")
        found[deck] = check_picture(Path(file).expanduser(), "back image")
    return found


def sheet_spec_of(options: Mapping[str, Any]) -> SheetSpec:
    """:func:`sheet_spec` from a mapping holding its keywords among others (a command's
    options): the sheet options are declared once, in :func:`sheet_spec`'s signature."""
    words = [w for w in inspect.signature(sheet_spec).parameters if w != "env"]
    missing = [w for w in words if w not in options]
    if missing:  # a renamed option would otherwise print with the default silently
        raise TypeError(f"sheet options missing: {', '.join(missing)}")
    return sheet_spec(**{w: options[w] for w in words})


def deck_file(
    game: str, decks: Sequence[str] = (), only: bool = False, out: Path | None = None
) -> Path:
    """The PDF ``print deck`` writes: ``out``, else ``<game>[-<deck>...][-only].pdf`` in the
    output folder, so printing other decks of the game keeps the earlier file."""
    if out is not None:
        return out
    from companion.paths import default_output_dir

    return (
        default_output_dir()
        / f"{game}{''.join('-' + d for d in decks)}{'-only' if only else ''}.pdf"
    )


@dataclass(frozen=True)
class Printed:
    """What ``print deck`` or ``print all`` wrote, with the sheet options it used."""

    results: tuple[BuildResult, ...]
    spec: SheetSpec

    def to_json(self) -> dict[str, Any]:
        return summary(self.results)

    @property
    def note(self) -> str:
        """The layout line of the first file laid out as a sheet (a rulebook is not)."""
        layout = next((r.layout for r in self.results if r.layout is not None), None)
        return layout_note(layout, self.spec)


def layout_note(layout: Layout | None, spec: SheetSpec) -> str:
    """One line for people: the layout, the backs, what had to give, and print at 100%."""
    if layout is None:
        return ""
    note = f"{layout.describe()}; backs: {spec.backs}"
    if spec.backs == "duplex" and spec.back_offset != (0.0, 0.0):
        note += f", back offset {spec.back_offset[0]:g},{spec.back_offset[1]:g} mm"
    note += ". Print at 100% (actual size)."
    for extra in (*layout.notes, *_offset_hint(layout, spec)):
        note += f"\nNote: {extra}."
    return note


def _offset_hint(layout: Layout, spec: SheetSpec, env: Any = None) -> tuple[str, ...]:
    """Say so when duplex backs print unshifted because the only saved back offset is
    for the other orientation (calibrating portrait, then printing 8-up bleed sheets,
    which turn landscape)."""
    from companion.printing import config

    if spec.backs != "duplex" or spec.back_offset != (0.0, 0.0):
        return ()
    here = layout.orientation
    if config.saved_back_offset(here, env=env) is not None:
        return ()
    other = next(o for o in SHEET_ORIENTATIONS if o != here)
    if config.saved_back_offset(other, env=env) is None:
        return ()
    return (
        f"the saved back offset is for {other} sheets and these are {here}: their backs "
        f"are not moved (measure them with 'companion print calibrate --orientation {here}')",
    )


def summary(results: Sequence[BuildResult]) -> dict[str, Any]:
    """The JSON document of a build: each file, and the totals."""
    return {
        "files": [r.as_dict() for r in results],
        "total": {
            "cards": sum(r.cards for r in results if r.kind == "cards"),
            "pages": sum(r.pages for r in results),
            "bytes": sum(r.bytes for r in results),
        },
    }
