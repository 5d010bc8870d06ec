"""Card faces: draw one card, as its template decided, in card coordinates.

Two layouts cover every card type:

* ``standard`` (:mod:`companion.printing.faces_standard`): a coloured frame,
  a title band with corner badges, a type line, an art box (the card's
  ``art`` image, or an emblem: a vector icon and/or a big value) and a text
  box that shrinks its type to fit;
* ``playing`` (:mod:`companion.printing.faces_playing`): a playing card:
  corner indices, pips, court panels, jokers, plus optional extras (a price
  tag, a corner icon, a text box) that DECKO's market and starting cards use.

Both draw with a :class:`~companion.printing.faces_context.FaceContext`.
This module picks the layout (:func:`draw_face`) and handles a deck's faces
as a whole: one rules text size per card type (:func:`type_sizes`), each
face drawn off the page once and replayed (:class:`DrawnFace`), and the
layout faults of a face (:func:`layout_problems`).

Coordinates are points with the origin at the trim's lower-left corner;
the drawing may extend ``bleed`` points past the trim on every side. Sizes
scale with the card so mini and tarot cards keep the poker card's
proportions; text never goes below 6 pt (see :mod:`companion.printing.card_text`).
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from companion.printing import shapes
from companion.printing.card_text import (
    BODY_FONT,
    CardTextError,
    TextDoesNotFit,
    check_printable,
    min_text_size,
    without_flavor,
)
from companion.printing.faces_context import FaceContext
from companion.printing.faces_playing import draw_playing
from companion.printing.faces_standard import draw_standard
from companion.printing.probe import checkpoint, rollback
from companion.printing.templates import FaceSpec


def draw_face(c: Canvas, card: Any, spec: FaceSpec, ctx: FaceContext) -> None:
    """Draw ``card`` as ``spec`` says, then its name as invisible (searchable) text.

    A face whose text does not fit its box at 6 pt gives way in steps, so
    every card prints at every size: first its flavour text goes (the rules
    stay whole), then, on a small card only, the rules may go down to 5 pt
    (:func:`~companion.printing.card_text.min_text_size`). A face that
    still does not fit raises :class:`TextDoesNotFit` naming it.
    """
    attempts = [(spec, ctx)]
    shorter = without_flavor(spec.body)
    if shorter != spec.body:
        attempts.append((replace(spec, body=shorter), ctx))
    floor = min_text_size(ctx.k)
    if floor < ctx.min_text:
        attempts.append((attempts[-1][0], replace(ctx, min_text=floor)))
    for face, context in attempts[:-1]:
        depth, code, forms = len(c.state_stack), len(c._code), len(c._formsinuse)
        saved = checkpoint(c)
        try:
            _draw_layout(c, card, face, context)
            break
        except TextDoesNotFit:
            # Take back what the attempt drew (forms it defined stay defined).
            rollback(c, saved)
            del c._code[code:]
            del c._formsinuse[forms:]
            while len(c.state_stack) > depth:
                c.pop_state_stack()
    else:
        _draw_layout(c, card, *attempts[-1])
    _hidden_name(c, card.name, ctx)


def _draw_layout(c: Canvas, card: Any, spec: FaceSpec, ctx: FaceContext) -> None:
    if spec.layout == "playing":
        draw_playing(c, card, spec, ctx)
    else:
        draw_standard(c, card, spec, ctx)


def _hidden_name(c: Canvas, name: str, ctx: FaceContext) -> None:
    """The card's name in invisible text, so a PDF search finds every card."""
    if printable_name := name if not _unprintable(name) else None:
        t = c.beginText(2, 2)
        t.setTextRenderMode(3)
        t.setFont(BODY_FONT, 4)
        t.textOut(printable_name)
        c.drawText(t)


def _unprintable(text: str) -> bool:
    try:
        check_printable(text, "")
    except CardTextError:
        return True
    return any(ord(ch) > 0xFF and ch not in "—–’‘“”…•€™" for ch in text)


def layout_problems(card: Any, spec: FaceSpec, ctx: FaceContext) -> list[str]:
    """Draw ``card`` off any page and list its layout faults (see :mod:`companion.printing.probe`).

    A card whose text needs a larger card raises
    :class:`~companion.printing.card_text.TextDoesNotFit`, as when printing.
    """
    import io

    from reportlab.pdfgen.canvas import Canvas

    from companion.printing.probe import attach

    c = Canvas(io.BytesIO(), pagesize=(ctx.width, ctx.height))
    shapes.enable_icon_forms(c)
    probe = attach(c, (0.0, 0.0, ctx.width, ctx.height))
    draw_face(c, card, spec, ctx)
    return probe.problems()


def draw_off_page(c: Canvas, draw: Callable[..., None], *args: Any) -> tuple[list[str], list[str]]:
    """Run ``draw(c, *args)`` from the initial graphics state and take back what it drew.

    Returns the operators and the forms they use, ready to be replayed (see
    :class:`DrawnFace`); ``c``'s content and state are left as they were,
    also when ``draw`` raises. Forms the drawing defined (icons) stay defined.
    """
    depth = len(c.state_stack)
    code, forms = len(c._code), len(c._formsinuse)
    c.push_state_stack()
    c.init_graphics_state()
    try:
        draw(c, *args)
        return c._code[code:], c._formsinuse[forms:]
    finally:
        del c._code[code:]
        del c._formsinuse[forms:]
        while len(c.state_stack) > depth:
            c.pop_state_stack()


@dataclass(frozen=True)
class DrawnFace:
    """A face drawn off the page while its type's text size was being found.

    ``asked`` holds the rules text sizes its template asked for (before any
    type size); the drawing holds for the page as long as the type size
    does not lower one of them, and then the face needs no second drawing.
    """

    code: tuple[str, ...]
    forms: tuple[str, ...]
    asked: tuple[float, ...]

    def holds_for(self, template: str, body_sizes: Mapping[str, float] | None) -> bool:
        """Whether drawing the face with ``body_sizes`` would give these very operators."""
        limit = body_sizes.get(template) if body_sizes else None
        return limit is None or all(limit >= size for size in self.asked)

    def place(self, c: Canvas) -> None:
        """Replay the drawing on ``c`` (a page or a form) where it stands."""
        c._code.extend(self.code)
        c._formsinuse.extend(self.forms)


def type_sizes(
    faces: Iterable[tuple[Any, FaceSpec, FaceContext]],
    too_wordy: set[str] | None = None,
    *,
    canvas: Canvas | None = None,
    kept: dict[str, DrawnFace] | None = None,
    keep: Container[str] | None = None,
) -> dict[str, float]:
    """One rules text size per card type: the smallest any card of the template needs.

    Each face is drawn once off the page (on ``canvas``, else a scratch one)
    to see the size its text fits at; cards of one type then all print at
    the smallest, so a deck reads evenly. A card too wordy for the size even
    at 6 pt is left to the caller (its id goes into ``too_wordy`` when given).
    With ``kept``, each drawing is kept there by card id, so the caller
    draws again only the faces whose size the type changes
    (:meth:`DrawnFace.holds_for`); ``canvas`` must then be the one they go on.
    ``keep`` limits that to the cards the caller prints: the others are
    drawn on a scratch canvas, so the icons only they use stay out of the
    caller's document.
    """
    import io

    sizes: dict[str, float] = {}
    scratch: Canvas | None = None
    for card, spec, ctx in faces:
        keeping = kept is not None and (keep is None or card.id in keep)
        c = canvas if canvas is not None and keeping else scratch
        if c is None:
            c = scratch = Canvas(io.BytesIO(), pagesize=(ctx.width, ctx.height))
            shapes.enable_icon_forms(c)
        got: list[float] = []
        asked: list[float] = []
        measuring = replace(ctx, fitted=got, body_sizes=None, asked=asked)
        try:
            code, forms = draw_off_page(c, draw_face, card, spec, measuring)
        except TextDoesNotFit:
            if too_wordy is not None:
                too_wordy.add(card.id)
            continue
        if kept is not None and keeping:
            kept[card.id] = DrawnFace(tuple(code), tuple(forms), tuple(asked))
        for size in got:
            sizes[spec.template] = min(sizes.get(spec.template, size), size)
    return sizes


def game_faces(
    game_cards: Any,
    width: float,
    height: float,
    templates_root: Path | None = None,
    bleed: float = 0.0,
) -> list[tuple[Any, FaceSpec, FaceContext]]:
    """Every card of a game with its face and its context at one card size (points)."""
    from companion.printing.templates import render_face

    game = game_cards.game
    faces = []
    for card in game_cards.cards:
        deck = game.deck(card.deck)
        ctx = FaceContext(
            game=game,
            deck=deck,
            width=width,
            height=height,
            bleed=bleed,
            data_dir=game_cards.source,
        )
        faces.append((card, render_face(game, deck, card, templates_root), ctx))
    return faces
