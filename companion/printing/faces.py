"""Card faces: draw one card, as its template decided, in card coordinates.

Two layouts cover every card type:

* ``standard``: a coloured frame, a title band with corner badges, a type
  line, an art box (the card's ``art`` image, or an emblem: a vector icon
  and/or a big value) and a text box that shrinks its type to fit;
* ``playing``: a playing card: corner indices, pips, court panels, jokers,
  plus optional extras (a price tag, a corner icon, a text box) that DECKO's
  market and starting cards use.

Coordinates are points with the origin at the trim's lower-left corner;
the drawing may extend ``bleed`` points past the trim on every side. Sizes
scale with the card so mini and tarot cards keep the poker card's
proportions; text never goes below 6 pt (see :mod:`companion.printing.card_text`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Container, Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from companion.errors import CompanionError
from companion.poker.cards import rank_label
from companion.printing import shapes
from companion.printing.card_text import (
    BODY_FONT,
    BOLD_FONT,
    MIN_SIZE,
    TITLE_FONT,
    BodyStyle,
    CardTextError,
    TextDoesNotFit,
    check_printable,
    draw_line,
    fit_body,
    fit_line_size,
    fit_size,
    line_width,
    natural_height,
    wrap_words,
)
from companion.printing.probe import enter, leave, region, unmarked
from companion.printing.shapes import (
    WHITE,
    color,
    draw_icon,
    draw_suit,
    mix,
    readable_on,
    suit_color,
)
from companion.printing.templates import Badge, Emblem, FaceSpec

MM = 72.0 / 25.4
POKER_W, POKER_H = 63.5 * MM, 88.9 * MM
PAPER = HexColor("#fbf8f1")
INK = HexColor("#1d1d24")
MUTED = HexColor("#5c5a66")


@dataclass(frozen=True)
class FaceContext:
    """What a face needs beyond its card: the game, the deck and the size."""

    game: Any
    deck: Any
    width: float
    height: float
    bleed: float
    data_dir: Path | None = None
    body_sizes: Mapping[str, float] | None = None
    """Rules text size (pt) by template: one size for every card of a type."""
    fitted: list[float] | None = None
    """When given, the size each body was set at is appended (see :func:`type_sizes`)."""
    asked: list[float] | None = None
    """When given, each rules text size the template asks for is appended (before ``body_sizes``)."""

    def body_size(self, spec: FaceSpec, default: float) -> float:
        size = _num(spec, "body_size", default) * self.k
        if self.asked is not None:
            self.asked.append(size)
        if self.body_sizes and spec.template in self.body_sizes:
            size = min(size, self.body_sizes[spec.template])
        return size

    def note_fitted(self, size: float) -> None:
        if self.fitted is not None:
            self.fitted.append(size)

    @property
    def k(self) -> float:
        """Scale relative to a poker card (1.0 for 63.5×88.9 mm)."""
        return min(self.width / POKER_W, self.height / POKER_H)

    @property
    def back_color(self) -> Color:
        back = getattr(self.deck, "back", None)
        return color(back.color if back else None, HexColor("#2b2b40"))

    @property
    def accent_color(self) -> Color:
        back = getattr(self.deck, "back", None)
        return color(back.accent if back else None, HexColor("#d4af37"))


def where(card: Any, ctx: FaceContext) -> str:
    return f"{ctx.game.id} card '{card.name}' ({card.id})"


def draw_face(c: Canvas, card: Any, spec: FaceSpec, ctx: FaceContext) -> None:
    """Draw ``card`` as ``spec`` says, then its name as invisible (searchable) text."""
    if spec.layout == "playing":
        draw_playing(c, card, spec, ctx)
    else:
        draw_standard(c, card, spec, ctx)
    _hidden_name(c, card.name, ctx)


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


# ---------------------------------------------------------------- standard layout


def _style_color(spec: FaceSpec, key: str, default: Color) -> Color:
    value = spec.style.get(key)
    try:
        return color(value, default) if value else default
    except (ValueError, TypeError):
        raise CompanionError(
            f"templates/cards/{spec.template}: style {key} '{value}' is not a #rrggbb colour"
        ) from None


def _num(spec: FaceSpec, key: str, default: float) -> float:
    value = spec.style.get(key, default)
    try:
        return float(value)
    except (TypeError, ValueError):
        raise CompanionError(
            f"templates/cards/{spec.template}: style {key} must be a number (got {value!r})"
        ) from None


def draw_standard(c: Canvas, card: Any, spec: FaceSpec, ctx: FaceContext) -> None:
    w, h, b, k = ctx.width, ctx.height, ctx.bleed, ctx.k
    label = where(card, ctx)
    border = _style_color(spec, "border", ctx.back_color)
    header = _style_color(spec, "header", border)
    accent = _style_color(spec, "accent", mix(border, shapes.BLACK, 0.15))
    panel = _style_color(spec, "panel", mix(PAPER, ctx.accent_color, 0.05))
    trim_line = _style_color(spec, "trim", ctx.accent_color)

    # Frame: the border colour runs into the bleed so a slightly-off cut
    # shows as a thicker or thinner border, never as a white sliver.
    c.setFillColor(border)
    c.rect(-b, -b, w + 2 * b, h + 2 * b, stroke=0, fill=1)
    inset = 2.6 * MM * k
    radius = 2.2 * MM * k
    px0, py0, px1, py1 = inset, inset, w - inset, h - inset
    c.setFillColor(panel)
    c.setStrokeColor(trim_line)
    c.setLineWidth(0.8 * k)
    c.roundRect(px0, py0, px1 - px0, py1 - py0, radius, stroke=1, fill=1)
    enter(c, "frame", (px0, py0, px1, py1), solid=False)

    # Title band.
    band_h = 9.6 * MM * k
    band_y = py1 - band_h
    c.saveState()
    p = c.beginPath()
    p.roundRect(px0, py0, px1 - px0, py1 - py0, radius)
    c.clipPath(p, stroke=0, fill=0)
    c.setFillColor(header)
    c.rect(px0, band_y, px1 - px0, band_h, stroke=0, fill=1)
    c.setStrokeColor(trim_line)
    c.setLineWidth(0.8 * k)
    c.line(px0, band_y, px1, band_y)
    c.restoreState()

    badge_r = 4.2 * MM * k  # inside the 9.6 mm band, clear of the type line
    badges = {bd.corner: bd for bd in spec.badges}
    left_room = (2 * badge_r + 2.4 * MM * k) if "tl" in badges else 2.2 * MM * k
    right_room = (2 * badge_r + 2.4 * MM * k) if "tr" in badges else 2.2 * MM * k
    room = max(left_room, right_room)  # keep the title centred on the card
    title_w = (px1 - px0) - 2 * room
    title_color = _style_color(spec, "title_color", readable_on(header))
    enter(c, "title band", (px0, band_y, px1, py1), solid=False)
    _draw_title(
        c,
        spec.title,
        (px0 + px1) / 2,
        band_y,
        band_h,
        title_w,
        _num(spec, "title_size", 12.5) * k,
        title_color,
        label,
    )
    leave(c)

    y = band_y
    # Type line.
    if spec.type_line:
        type_h = 4.6 * MM * k
        type_size = max(MIN_SIZE, 6.6 * k)
        text = spec.type_line.upper()
        check_printable(text, label)
        room_w = (px1 - px0) - 2 * max(left_room, right_room) * 0.3
        fitted = fit_line_size(text, BOLD_FONT, type_size, room_w)
        while fitted is None and " · " in text:
            # A type line is a label: on a small card its later parts give way.
            text = text.rsplit(" · ", 1)[0]
            fitted = fit_line_size(text, BOLD_FONT, type_size, room_w)
        if fitted is None:
            raise TextDoesNotFit(
                f"{label}: type line '{spec.type_line}' does not fit even at {MIN_SIZE:g} pt"
            )
        c.setFillColor(_style_color(spec, "type_color", accent))
        with region(c, "type line", (px0, y - type_h, px1, y)):
            draw_line(
                c,
                text,
                (px0 + px1) / 2,
                y - type_h + 1.35 * MM * k,
                BOLD_FONT,
                fitted,
                None,
                "center",
            )
        y -= type_h

    footer_h = 4.2 * MM * k if spec.footer else 1.6 * MM * k
    bottom = py0 + footer_h
    if "bl" in badges or "br" in badges:
        bottom = max(bottom, py0 + 0.9 * MM * k + 2 * badge_r + 0.8 * MM * k)

    # Art box (art image or emblem) and text box share what is left. The
    # picture keeps the template's art_ratio on every card of a type, so a
    # deck looks even; only a text that would drop below 7 pt takes room
    # from it (down to art_min).
    body = spec.body
    art_path = _art_path(card, ctx)
    has_picture = bool(art_path or spec.emblem)
    pad = 2.0 * MM * k
    inner_pad = 1.7 * MM * k
    avail = y - bottom
    right = px1  # the art and text boxes end here; a track takes the strip beyond
    track = spec.extra.get("track")
    if track:
        right = _draw_track(c, track, px1, y - 0.6 * MM * k, bottom, k, accent, label, spec)
    bx0, bx1 = px0 + pad * 0.75, right - pad * 0.75
    text_w = bx1 - bx0 - 2 * inner_pad
    style = BodyStyle(
        size=ctx.body_size(spec, 8.4),
        color=_style_color(spec, "text_color", INK),
        accent=accent,
        align=str(spec.style.get("align", "left")),
        rule=mix(trim_line, WHITE, 0.3),
    )
    art_h = 0.0
    chrome = 2 * inner_pad + 0.8 * MM * k  # box padding and the gap under the picture
    if has_picture and body:
        art_h = min(max(_num(spec, "art_ratio", 0.4), 0.0), 0.9) * avail
        low = min(max(_num(spec, "art_min", 0.12), 0.0), 0.9) * avail
        floor = max(MIN_SIZE, min(7.0 * k, style.size))
        inner_h = avail - art_h - chrome
        if (
            inner_h <= 0
            or fit_size(body, text_w, inner_h, style, where=label, min_size=MIN_SIZE) < floor
        ):
            from dataclasses import replace

            needed = natural_height(body, text_w, replace(style, size=floor)) + chrome
            art_h = max(low, min(art_h, avail - needed))
    elif has_picture:
        art_h = avail - 1.0 * MM * k
    if has_picture:
        ax0, ax1 = px0 + pad, right - pad
        ay1 = y - 0.6 * MM * k
        ay0 = y - art_h
        with region(c, "art", (ax0, ay0, ax1, ay1)):
            if art_path:
                _draw_art(c, art_path, ax0, ay0, ax1, ay1, label)
            elif spec.emblem:
                _draw_emblem(c, spec.emblem, ax0, ay0, ax1, ay1, k, border, ctx.accent_color, label)
        y -= art_h

    if body:
        by1 = y - 0.8 * MM * k
        by0 = bottom
        c.setFillColor(_style_color(spec, "box", WHITE))
        c.setStrokeColor(mix(trim_line, WHITE, 0.35))
        c.setLineWidth(0.6 * k)
        c.roundRect(bx0, by0, bx1 - bx0, by1 - by0, 1.5 * MM * k, stroke=1, fill=1)
        fitted_body = fit_body(
            body, bx1 - bx0 - 2 * inner_pad, by1 - by0 - 2 * inner_pad, style, where=label
        )
        ctx.note_fitted(fitted_body.size)
        with region(c, "text box", (bx0, by0, bx1, by1)):
            fitted_body.draw(
                c,
                bx0 + inner_pad,
                by1 - inner_pad,
                by1 - by0 - 2 * inner_pad,
                str(spec.style.get("valign", "middle")),
            )

    if spec.footer:
        fsize = MIN_SIZE if k < 1.2 else 6.0 * k
        c.setFillColor(MUTED)
        fy = py0 + 1.45 * MM * k
        left_text, right_text = spec.footer, str(spec.extra.get("footer_right", ""))
        fx0 = px0 + (2 * badge_r + 1.8 * MM * k if "bl" in badges else pad)
        fx1 = px1 - (2 * badge_r + 1.8 * MM * k if "br" in badges else pad)
        enter(c, "footer", (fx0, py0 + 0.4 * MM * k, fx1, py0 + footer_h - 0.6 * MM * k))
        if right_text:
            right_w = line_width(right_text, BODY_FONT, fsize)
            draw_line(c, right_text, fx1, fy, BODY_FONT, fsize, None, "right")
            fx1 -= right_w + 2 * MM * k
        check_printable(left_text, label)
        if line_width(left_text, BODY_FONT, fsize) > fx1 - fx0:
            while left_text and line_width(left_text + "…", BODY_FONT, fsize) > fx1 - fx0:
                left_text = left_text[:-1]
            left_text = left_text.rstrip() + "…"
        if fx1 > fx0:
            draw_line(
                c,
                left_text,
                fx0 if right_text or "bl" in badges else (fx0 + fx1) / 2,
                fy,
                BODY_FONT,
                fsize,
                None,
                "left" if right_text or "bl" in badges else "center",
            )
        leave(c)

    for bd in spec.badges:
        _draw_badge(c, bd, px0, py0, px1, py1, badge_r, k, border, label)
    leave(c)


def _draw_title(
    c: Canvas,
    title: str,
    cx: float,
    band_y: float,
    band_h: float,
    width: float,
    size: float,
    colour: Color,
    label: str,
) -> None:
    check_printable(title, label)
    fitted = fit_line_size(title, TITLE_FONT, size, width, min_size=max(MIN_SIZE, size * 0.72))
    c.setFillColor(colour)
    if fitted is not None:
        draw_line(
            c, title, cx, band_y + band_h / 2 - fitted * 0.34, TITLE_FONT, fitted, colour, "center"
        )
        return
    # Two lines, smaller.
    for two in (size * 0.78, size * 0.7, size * 0.62, MIN_SIZE):
        two = max(two, MIN_SIZE)
        lines = wrap_words(title, TITLE_FONT, two, width)
        if (
            len(lines) <= 2
            and all(line_width(x, TITLE_FONT, two) <= width for x in lines)
            and 2.05 * two <= band_h
        ):
            gap = two * 1.02
            base = band_y + band_h / 2 + gap / 2 - two * 0.34
            for i, line in enumerate(lines):
                draw_line(c, line, cx, base - i * gap, TITLE_FONT, two, colour, "center")
            return
        if two == MIN_SIZE:
            break
    raise TextDoesNotFit(f"{label}: title '{title}' does not fit its band even at {MIN_SIZE:g} pt")


def _draw_track(
    c: Canvas,
    track: Any,
    px1: float,
    top: float,
    bottom: float,
    k: float,
    accent: Color,
    label: str,
    spec: FaceSpec,
) -> float:
    """A column of numbered cells down the card's right edge, for a paper clip or a coin.

    The count a card keeps (gold, fruits, arrows) is marked by sliding a
    paper clip along the edge to a cell, or by resting a coin on it.
    Returns where the rest of the face must stop on the right.
    """
    raw = track.get("values") if isinstance(track, dict) else track
    values = [str(v) for v in raw or []]
    if not values:
        raise CompanionError(f"templates/cards/{spec.template}: a track needs values")
    width = 8.4 * MM * k
    x0 = px1 - width
    cell = (top - bottom) / len(values)
    size = min(11 * k, cell * 0.62)
    with region(c, "track", (x0, bottom, px1, top)):
        for i, value in enumerate(values):
            check_printable(value, label)
            y1 = top - i * cell
            c.setFillColor(mix(accent, WHITE, 0.86 if i % 2 else 0.72))
            c.setStrokeColor(mix(accent, WHITE, 0.35))
            c.setLineWidth(0.5 * k)
            c.rect(x0, y1 - cell, width, cell, stroke=1, fill=1)
            fitted = fit_line_size(value, BOLD_FONT, size, width * 0.8) or MIN_SIZE
            draw_line(
                c,
                value,
                x0 + width / 2,
                y1 - cell / 2 - fitted * 0.35,
                BOLD_FONT,
                fitted,
                INK,
                "center",
            )
    return x0 - 0.6 * MM * k


def _badge_center(
    corner: str, px0: float, py0: float, px1: float, py1: float, r: float, k: float
) -> tuple[float, float]:
    inset = 0.9 * MM * k
    x = px0 + inset + r if corner in ("tl", "bl") else px1 - inset - r
    if corner in ("tl", "tr"):
        y = py1 - 9.6 * MM * k / 2
    else:
        y = py0 + inset + r
    return x, y


def _draw_badge(
    c: Canvas,
    bd: Badge,
    px0: float,
    py0: float,
    px1: float,
    py1: float,
    r: float,
    k: float,
    border: Color,
    label: str,
) -> None:
    x, y = _badge_center(bd.corner, px0, py0, px1, py1, r, k)
    with region(c, f"badge {bd.corner}", (x - r, y - r, x + r, y + r)):
        _draw_badge_at(c, bd, x, y, r, k, border, label)


def _draw_badge_at(
    c: Canvas, bd: Badge, x: float, y: float, r: float, k: float, border: Color, label: str
) -> None:
    fill = color(bd.color, shapes.default_color(bd.icon) if bd.icon else border)
    text_colour = readable_on(fill)
    if bd.shape == "icon" and bd.icon:
        with unmarked(c):  # the badge's own shape: its value sits on it
            draw_icon(c, bd.icon, x, y, 2.0 * r, fill)
        text_colour = WHITE
    else:
        c.setFillColor(fill)
        c.setStrokeColor(WHITE)
        c.setLineWidth(1.1 * k)
        if bd.shape == "square":
            c.roundRect(x - r, y - r, 2 * r, 2 * r, r * 0.3, stroke=1, fill=1)
        else:
            c.circle(x, y, r, stroke=1, fill=1)
        if bd.icon and not bd.value:
            draw_icon(c, bd.icon, x, y, 1.25 * r, readable_on(fill) if bd.color else None)
        elif bd.icon:
            # A small icon on the rim, the value in the middle.
            c.setFillColor(WHITE)
            c.circle(x + r * 0.72, y - r * 0.72, r * 0.42, stroke=0, fill=1)
            draw_icon(c, bd.icon, x + r * 0.72, y - r * 0.72, r * 0.62)
    if bd.value:
        check_printable(bd.value, label)
        size = fit_line_size(
            bd.value,
            BOLD_FONT,
            13.5 * k * (0.85 if len(bd.value) > 2 else 1.0),
            1.62 * r,
            min_size=MIN_SIZE,
        )
        if size is None:
            raise TextDoesNotFit(f"{label}: badge value '{bd.value}' is too long for its badge")
        dy = -size * 0.35 + (r * 0.12 if bd.label else 0)
        if bd.shape == "icon" and bd.icon == "gem":
            dy += r * 0.12  # the gem's broad part is above its middle
        draw_line(c, bd.value, x, y + dy, BOLD_FONT, size, text_colour, "center")
    if bd.label:
        lsize = MIN_SIZE if k < 1.15 else 6 * k
        lab = bd.label.upper()
        check_printable(lab, label)
        draw_line(
            c,
            lab,
            x,
            y - r * 0.62,
            BOLD_FONT,
            lsize * (0.9 if line_width(lab, BOLD_FONT, lsize) > 1.6 * r else 1.0),
            text_colour,
            "center",
        )


def _draw_emblem(
    c: Canvas,
    em: Emblem,
    x0: float,
    y0: float,
    x1: float,
    y1: float,
    k: float,
    border: Color,
    accent: Color,
    label: str,
) -> None:
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    side = min(x1 - x0, y1 - y0)
    if side <= 4:
        return
    tint = mix(accent, WHITE, 0.78)
    c.setFillColor(tint)
    c.setStrokeColor(mix(accent, WHITE, 0.35))
    c.setLineWidth(0.7 * k)
    rx = min((x1 - x0) / 2, side * 0.75)
    ry = side / 2
    c.ellipse(cx - rx, cy - ry, cx + rx, cy + ry, stroke=1, fill=1)
    value = em.value
    main = color(em.color, None) if em.color else None
    if em.icon and value:
        # The icon and the value (over its label) side by side, centred as a
        # pair inside the oval, a gap between them.
        size = min(side * 0.62, (x1 - x0) * 0.34)
        gap = 1.6 * MM * k
        column = 2 * rx * 0.86 - size - gap  # what the oval leaves for the words
        check_printable(value, label)
        vsize = fit_line_size(value, TITLE_FONT, side * 0.42, column, min_size=MIN_SIZE)
        if vsize is None:
            raise TextDoesNotFit(f"{label}: emblem value '{value}' does not fit")
        lab = em.label.upper()
        lsize = 0.0
        under = False  # a label too wide for the column goes under the pair
        if lab:
            check_printable(lab, label)
            lsize = fit_line_size(lab, BOLD_FONT, max(MIN_SIZE, 6.5 * k), column) or 0.0
            if not lsize:
                under = True
                lsize = fit_line_size(lab, BOLD_FONT, max(MIN_SIZE, 6.5 * k), 2 * rx * 0.8) or 0.0
                if not lsize:
                    raise TextDoesNotFit(f"{label}: emblem label '{em.label}' does not fit")
                size = min(size, side * 0.62 - lsize * 1.4)
                cy += lsize * 0.8
        words = line_width(value, TITLE_FONT, vsize)
        if not under:
            words = max(words, line_width(lab, BOLD_FONT, lsize))
        start = cx - (size + gap + words) / 2
        draw_icon(c, em.icon, start + size / 2, cy, size, main)
        vx = start + size + gap + words / 2
        dy = -vsize * 0.33 + (vsize * 0.16 if lab and not under else 0)
        draw_line(c, value, vx, cy + dy, TITLE_FONT, vsize, INK, "center")
        if under:
            ly = cy - max(size / 2, vsize * 0.4) - lsize * 1.2
            draw_line(c, lab, cx, ly, BOLD_FONT, lsize, MUTED, "center")
        elif lab:
            draw_line(c, lab, vx, cy + dy - lsize * 1.6, BOLD_FONT, lsize, MUTED, "center")
        return
    if em.icon:
        n = em.count
        size = min(side * 0.68, (x1 - x0) * 0.8 / (n * 1.08))
        spacing = size * 1.08
        start = cx - spacing * (n - 1) / 2
        for i in range(n):
            draw_icon(c, em.icon, start + i * spacing, cy, size, main)
    if value:
        check_printable(value, label)
        value_size = fit_line_size(
            value, TITLE_FONT, side * 0.46, (x1 - x0) * 0.86, min_size=MIN_SIZE
        )
        if value_size is None:
            raise TextDoesNotFit(f"{label}: emblem value '{value}' does not fit")
        dy = -value_size * 0.33 + (value_size * 0.12 if em.label else 0)
        draw_line(c, value, cx, cy + dy, TITLE_FONT, value_size, color(em.color, border), "center")
        if em.label:
            lsize = max(MIN_SIZE, 7 * k)
            draw_line(
                c, em.label.upper(), cx, cy + dy - lsize * 1.5, BOLD_FONT, lsize, MUTED, "center"
            )
    elif em.label:
        lsize = max(MIN_SIZE, 7 * k)
        draw_line(c, em.label.upper(), cx, y0 + 1.2 * MM * k, BOLD_FONT, lsize, MUTED, "center")


MAX_ART_BYTES = 32 * 2**20
"""The largest art file a card may name (a 600 dpi photo of a card is a few MiB)."""
MAX_ART_PIXELS = 40_000_000
"""The most pixels an art image may have: far more than 1200 dpi over a tarot card."""


def _art_path(card: Any, ctx: FaceContext) -> Path | None:
    art = getattr(card, "art", None)
    if not art:
        return None
    path = Path(art).expanduser()
    if not path.is_absolute() and ctx.data_dir is not None:
        path = ctx.data_dir / path
    if not os.path.isfile(path):
        raise CompanionError(f"{where(card, ctx)}: art image '{art}' not found (looked for {path})")
    if os.path.getsize(path) > MAX_ART_BYTES:
        raise CompanionError(
            f"{where(card, ctx)}: art image {path} is larger than {MAX_ART_BYTES // 2**20} MiB"
        )
    return path


def _draw_art(
    c: Canvas, path: Path, x0: float, y0: float, x1: float, y1: float, label: str
) -> None:
    """The image, scaled to cover the box and clipped to it."""
    from reportlab.lib.utils import ImageReader

    try:
        reader = ImageReader(str(path))
        iw, ih = reader.getSize()
    except Exception as exc:
        raise CompanionError(f"{label}: cannot read art image {path} ({exc})") from None
    if iw * ih > MAX_ART_PIXELS:
        raise CompanionError(
            f"{label}: art image {path} has {iw}x{ih} pixels; "
            f"at most {MAX_ART_PIXELS // 10**6} million fit a card"
        )
    bw, bh = x1 - x0, y1 - y0
    scale = max(bw / iw, bh / ih)
    dw, dh = iw * scale, ih * scale
    c.saveState()
    p = c.beginPath()
    p.roundRect(x0, y0, bw, bh, 3)
    c.clipPath(p, stroke=0, fill=0)
    c.drawImage(reader, x0 + (bw - dw) / 2, y0 + (bh - dh) / 2, dw, dh, mask="auto")
    c.restoreState()


# ---------------------------------------------------------------- playing-card layout

# Pip positions for 2-10 in a 3-column grid: (column 0-2, row 0-1 from the top).
PIPS: dict[int, list[tuple[int, float]]] = {
    1: [(1, 0.5)],
    2: [(1, 0), (1, 1)],
    3: [(1, 0), (1, 0.5), (1, 1)],
    4: [(0, 0), (2, 0), (0, 1), (2, 1)],
    5: [(0, 0), (2, 0), (1, 0.5), (0, 1), (2, 1)],
    6: [(0, 0), (2, 0), (0, 0.5), (2, 0.5), (0, 1), (2, 1)],
    7: [(0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (0, 1), (2, 1)],
    8: [(0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (1, 0.75), (0, 1), (2, 1)],
    9: [(0, 0), (2, 0), (0, 1 / 3), (2, 1 / 3), (1, 0.5), (0, 2 / 3), (2, 2 / 3), (0, 1), (2, 1)],
    10: [
        (0, 0),
        (2, 0),
        (1, 1 / 6),
        (0, 1 / 3),
        (2, 1 / 3),
        (0, 2 / 3),
        (2, 2 / 3),
        (1, 5 / 6),
        (0, 1),
        (2, 1),
    ],
}
RANK_VALUES = {
    "A": 1,
    "2": 2,
    "3": 3,
    "4": 4,
    "5": 5,
    "6": 6,
    "7": 7,
    "8": 8,
    "9": 9,
    "T": 10,
    "10": 10,
}
INDEX_FONT = "Times-Bold"
SECOND_CARD_LEFT = (POKER_W - 22 * MM) / POKER_W
"""Where a double card's small second card starts, as a share of the card's width."""


def draw_playing(c: Canvas, card: Any, spec: FaceSpec, ctx: FaceContext) -> None:
    w, h, b, k = ctx.width, ctx.height, ctx.bleed, ctx.k
    label = where(card, ctx)
    extra = spec.extra
    suit = extra.get("suit") or getattr(card, "suit", None)
    rank = str(extra.get("rank") or getattr(card, "rank", "") or "")
    index = str(extra.get("index") or rank_label(rank))
    if suit is not None and suit not in shapes.SUIT_ICONS:
        raise CompanionError(
            f"templates/cards/{spec.template}: suit '{suit}' is not one of s h d c"
        )
    ink = _style_color(spec, "ink", suit_color(suit) if suit else shapes.BLACK)
    background = _style_color(spec, "background", WHITE)
    c.setFillColor(background)
    c.rect(-b, -b, w + 2 * b, h + 2 * b, stroke=0, fill=1)
    frame = spec.style.get("frame")
    if frame:
        c.setStrokeColor(color(frame))
        c.setLineWidth(0.8 * k)
        inset = 2.2 * MM * k
        c.roundRect(inset, inset, w - 2 * inset, h - 2 * inset, 2 * MM * k, stroke=1, fill=0)

    # Corner indices: the rank over the suit, repeated upside down.
    corner_icon = extra.get("corner_icon")
    if corner_icon and not shapes.has_icon(str(corner_icon)):
        raise CompanionError(f"templates/cards/{spec.template}: unknown icon '{corner_icon}'")
    vertical = bool(extra.get("vertical_index"))
    for turned in (False, True):
        c.saveState()
        if turned:
            c.translate(w, h)
            c.rotate(180)
        enter(c, "index turned" if turned else "index", None)
        _corner_index(
            c,
            index,
            suit,
            ink,
            w,
            h,
            k,
            label,
            corner_icon,
            vertical,
            extra.get("corner_icon_color"),
        )
        leave(c)
        c.restoreState()

    # What fills the middle.
    body = spec.body
    top_limit = h - 13 * MM * k
    bottom_limit = 13 * MM * k
    price = extra.get("price")
    if price not in (None, ""):
        with region(c, "price", None):
            _price_tag(c, str(price), w / 2, h - 6.2 * MM * k, k, label)
    box_top = None
    if body or extra.get("banner"):
        box_top = _playing_text_box(c, card, spec, ctx, label, ink)
        bottom_limit = box_top + 2.5 * MM * k
    center = str(extra.get("center") or _default_center(rank, suit))
    x0, x1 = 12 * MM * k, w - 12 * MM * k
    enter(c, center, None)
    if center == "pips":
        x0, x1 = 15.5 * MM * k, w - 15.5 * MM * k
        _pips(c, rank, suit, x0, x1, bottom_limit, top_limit, k, compact=box_top is not None)
    elif center == "ace":
        if not suit:
            raise CompanionError(
                f"templates/cards/{spec.template}: center 'ace' needs a suit, and {label} has none"
            )
        size = min(x1 - x0, top_limit - bottom_limit) * 0.62
        draw_suit(c, suit, w / 2, (top_limit + bottom_limit) / 2, size)
    elif center == "court":
        _court(c, rank, suit, ink, w, h, k, bottom_limit, top_limit, label, spec)
    elif center == "suit":
        size = min(x1 - x0, top_limit - bottom_limit) * 0.55
        if suit:
            draw_suit(c, suit, w / 2, (top_limit + bottom_limit) / 2, size)
    elif center == "emblem":
        em = spec.emblem or Emblem(icon="star")
        ex1 = x1 + 2 * MM * k
        if extra.get("second_card"):
            ex1 = min(ex1, SECOND_CARD_LEFT * w - 1.2 * MM * k)  # keep clear of the small card
        _draw_emblem(
            c,
            em,
            x0 - 2 * MM * k,
            bottom_limit,
            ex1,
            top_limit,
            k,
            ink,
            color(spec.style.get("tint"), mix(ink, WHITE, 0.5)),
            label,
        )
    elif center != "none":
        raise CompanionError(
            f"templates/cards/{spec.template}: center '{center}' is not one of "
            "pips, ace, court, suit, emblem, none"
        )
    leave(c)
    tokens = extra.get("tokens")
    if tokens:
        enter(c, "tokens", None)
        _tokens(
            c,
            tokens,
            w / 2,
            (bottom_limit if box_top is not None else 16 * MM * k) + 1.5 * MM * k,
            k,
            spec,
        )
        leave(c)
    second = extra.get("second_card")
    if second:
        with region(c, "second card", None):
            _second_card(c, second, w, h, k, label)


def _default_center(rank: str, suit: str | None) -> str:
    if rank in ("J", "Q", "K"):
        return "court"
    if rank == "A":
        return "ace"
    if rank in RANK_VALUES:
        return "pips"
    return "emblem"


def _corner_index(
    c: Canvas,
    index: str,
    suit: str | None,
    ink: Color,
    w: float,
    h: float,
    k: float,
    label: str,
    corner_icon: Any,
    vertical: bool,
    corner_color: Any = None,
) -> None:
    cx = 5.6 * MM * k
    check_printable(index, label)
    if vertical:
        # A word (JOKER) set letter by letter down the corner.
        size = 8.5 * k
        y = h - 5.5 * MM * k
        for letter in index:
            draw_line(c, letter, cx, y, BOLD_FONT, size, ink, "center")
            y -= size * 1.02
        return
    size = 19 * k
    fitted = fit_line_size(index, INDEX_FONT, size, 8.4 * MM * k, min_size=MIN_SIZE) or MIN_SIZE
    baseline = h - 4.2 * MM * k - fitted * 0.7
    draw_line(c, index, cx, baseline, INDEX_FONT, fitted, ink, "center")
    # The suit hangs below the rank's descender (the tail of a Q), never on it.
    descent = 0.22 * fitted if any(ch in "Qgjpqy/" for ch in index) else 0.0
    y = baseline - descent - 3.2 * MM * k
    if suit:
        draw_suit(c, suit, cx, y, 4.8 * MM * k)
        y -= 5.8 * MM * k
    if corner_icon:
        draw_icon(c, str(corner_icon), cx, y, 5.2 * MM * k, corner_color or None)


def _pips(
    c: Canvas,
    rank: str,
    suit: str | None,
    x0: float,
    x1: float,
    y0: float,
    y1: float,
    k: float,
    compact: bool,
) -> None:
    n = RANK_VALUES.get(rank)
    if not n or not suit:
        return
    if n == 1:
        draw_suit(c, suit, (x0 + x1) / 2, (y0 + y1) / 2, min(x1 - x0, y1 - y0) * 0.55)
        return
    span_y = y1 - y0
    size = min(9.6 * MM * k, span_y / (4.6 if n >= 9 else 3.6))
    top = y1 - size * 0.55
    bottom = y0 + size * 0.55
    cols = {0: x0 + size * 0.2, 1: (x0 + x1) / 2, 2: x1 - size * 0.2}
    for col, row in PIPS[n]:
        x = cols[col]
        y = top - row * (top - bottom)
        draw_suit(c, suit, x, y, size, rotate=180 if row > 0.5 else 0)


def _court(
    c: Canvas,
    rank: str,
    suit: str | None,
    ink: Color,
    w: float,
    h: float,
    k: float,
    y0: float,
    y1: float,
    label: str,
    spec: FaceSpec,
) -> None:
    """A court card: a framed panel, the figure's emblem and letter, mirrored."""
    x0, x1 = 10.5 * MM * k, w - 10.5 * MM * k
    tint = color(spec.style.get("tint"), mix(ink, WHITE, 0.88))
    c.setFillColor(tint)
    c.setStrokeColor(ink)
    c.setLineWidth(1.0 * k)
    c.rect(x0, y0, x1 - x0, y1 - y0, stroke=1, fill=1)
    c.setLineWidth(0.4 * k)
    inner = 1.2 * MM * k
    c.rect(x0 + inner, y0 + inner, x1 - x0 - 2 * inner, y1 - y0 - 2 * inner, stroke=1, fill=0)
    emblem_icon = {"K": "crown", "Q": "crown", "J": "helm"}.get(rank, "star")
    if spec.emblem and spec.emblem.icon:
        emblem_icon = spec.emblem.icon
    names = {"K": "KING", "Q": "QUEEN", "J": "JACK"}
    word = str(spec.extra.get("court_label") or names.get(rank, ""))
    mid = (y0 + y1) / 2
    c.setLineWidth(0.6 * k)
    c.line(x0 + inner, mid, x1 - inner, mid)
    half = (y1 - y0) / 2
    inner_w = x1 - x0
    show_icon = half > 17 * MM * k
    for turned in (False, True):
        c.saveState()
        if turned:
            c.translate(w, 2 * mid)
            c.rotate(180)
        cx = w / 2
        # Each half: the figure's emblem on top, the letter beside a suit, the word.
        if show_icon:
            icon_size = min(half * 0.4, inner_w * 0.32)
            draw_icon(
                c,
                emblem_icon,
                cx,
                mid + half - icon_size * 0.62,
                icon_size,
                ink
                if emblem_icon != "crown"
                else (HexColor("#d4a017") if rank == "K" else HexColor("#b0b7c3")),
                mix(ink, WHITE, 0.2) if emblem_icon == "crown" else WHITE,
            )
            letter_size = min(half * 0.36, inner_w * 0.34)
            row_y = mid + half * 0.26
        else:
            letter_size = min(half * 0.55, inner_w * 0.34)
            row_y = mid + half * 0.32
        if word:
            # The letter's tail (a Q's) stays above the word under it.
            word_top = mid + 1.3 * MM * k + 0.72 * max(MIN_SIZE, 6.5 * k)
            lowest = word_top + 0.25 * letter_size + 0.4 * MM * k
            if row_y < lowest:
                letter_size = min(letter_size, (mid + half - lowest) / 0.95)
                row_y = lowest
        draw_line(c, rank, cx - inner_w * 0.14, row_y, INDEX_FONT, letter_size, ink, "center")
        if suit:
            draw_suit(c, suit, cx + inner_w * 0.17, row_y + letter_size * 0.36, letter_size * 0.62)
        if word:
            size = (
                fit_line_size(word, BOLD_FONT, max(MIN_SIZE, 6.5 * k), inner_w * 0.86) or MIN_SIZE
            )
            draw_line(
                c,
                word,
                cx,
                mid + 1.3 * MM * k,  # just over the middle line, clear of the letter
                BOLD_FONT,
                size,
                mix(ink, WHITE, 0.25),
                "center",
            )
        c.restoreState()


def _price_tag(c: Canvas, price: str, cx: float, cy: float, k: float, label: str) -> None:
    check_printable(price, label)
    size = 11 * k
    width = max(line_width(price, BOLD_FONT, size) + 4 * MM * k, 11 * MM * k)
    height = 6.4 * MM * k
    c.setFillColor(HexColor("#1f7a3a"))
    c.setStrokeColor(WHITE)
    c.setLineWidth(1 * k)
    c.roundRect(cx - width / 2, cy - height / 2, width, height, height / 2, stroke=1, fill=1)
    draw_line(c, price, cx, cy - size * 0.35, BOLD_FONT, size, WHITE, "center")


def _playing_text_box(
    c: Canvas, card: Any, spec: FaceSpec, ctx: FaceContext, label: str, ink: Color
) -> float:
    """A text box in the lower part of a playing card; returns its top."""
    w, h, k = ctx.width, ctx.height, ctx.k
    x0, x1 = 10.8 * MM * k, w - 10.8 * MM * k
    y0 = 4.0 * MM * k
    ratio = _num(spec, "text_ratio", 0.42)
    y1 = y0 + (h - 8 * MM * k) * ratio
    accent = _style_color(spec, "accent", ink)
    c.setFillColor(_style_color(spec, "box", mix(accent, WHITE, 0.92)))
    c.setStrokeColor(mix(accent, WHITE, 0.3))
    c.setLineWidth(0.7 * k)
    c.roundRect(x0, y0, x1 - x0, y1 - y0, 1.5 * MM * k, stroke=1, fill=1)
    enter(c, "text box", (x0, y0, x1, y1))
    banner = str(spec.extra.get("banner") or "")
    pad = 1.5 * MM * k
    top = y1 - pad
    if banner:
        check_printable(banner, label)
        size = fit_line_size(banner, TITLE_FONT, 10 * k, x1 - x0 - 2 * pad)
        if size is None:
            raise TextDoesNotFit(f"{label}: banner '{banner}' does not fit even at {MIN_SIZE:g} pt")
        draw_line(c, banner, (x0 + x1) / 2, top - size * 0.8, TITLE_FONT, size, accent, "center")
        top -= size * 1.25
    if spec.body:
        style = BodyStyle(
            size=ctx.body_size(spec, 7.6),
            color=INK,
            accent=accent,
            align=str(spec.style.get("align", "center")),
        )
        fitted = fit_body(spec.body, x1 - x0 - 2 * pad, top - (y0 + pad), style, where=label)
        ctx.note_fitted(fitted.size)
        fitted.draw(c, x0 + pad, top, top - (y0 + pad), "middle")
    leave(c)
    return y1


def _tokens(c: Canvas, tokens: Any, cx: float, y: float, k: float, spec: FaceSpec) -> None:
    if isinstance(tokens, dict):
        tokens = [tokens]
    for item in tokens:
        icon = str(item.get("icon", "chip"))
        if not shapes.has_icon(icon):
            raise CompanionError(f"templates/cards/{spec.template}: unknown icon '{icon}'")
        n = max(0, min(12, int(item.get("count", 1))))
        size = 6.2 * MM * k
        start = cx - (n - 1) * size * 0.55
        for i in range(n):
            draw_icon(c, icon, start + i * size * 1.1, y + size / 2, size, item.get("color"))
        y += size * 1.15


def _second_card(c: Canvas, second: Any, w: float, h: float, k: float, label: str) -> None:
    """The extra card a double card shows: a small card with its own index."""
    rank = str(second.get("rank", ""))
    suit = second.get("suit")
    index = rank_label(rank)
    cw, ch = 15 * MM * k, 21 * MM * k
    x = SECOND_CARD_LEFT * w
    y = h - 9 * MM * k - ch
    c.setFillColor(WHITE)
    c.setStrokeColor(suit_color(suit) if suit in shapes.SUIT_ICONS else shapes.BLACK)
    c.setLineWidth(0.8 * k)
    c.roundRect(x, y, cw, ch, 1.2 * MM * k, stroke=1, fill=1)
    ink = suit_color(suit) if suit in shapes.SUIT_ICONS else shapes.BLACK
    check_printable(index, label)
    draw_line(c, index, x + cw / 2, y + ch - 7.5 * MM * k, INDEX_FONT, 13 * k, ink, "center")
    if suit in shapes.SUIT_ICONS:
        draw_suit(c, suit, x + cw / 2, y + 5 * MM * k, 6 * MM * k)


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
