"""The ``standard`` card face: a coloured frame, a title band with corner
badges, a type line or track, an art box (the card's ``art`` image, or an
emblem: a vector icon and/or a big value) and a text box that shrinks its
type to fit. The emblem is also the centre of a ``playing`` face's court
cards and jokers (:mod:`companion.printing.faces_playing`).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from companion.errors import CompanionError
from companion.printing import shapes
from companion.printing.card_text import (
    BODY_FONT,
    BOLD_FONT,
    MIN_SIZE,
    TITLE_FONT,
    BodyStyle,
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
from companion.printing.colors import BLACK, WHITE, color, mix, readable_on
from companion.printing.faces_context import (
    INK,
    MM,
    MUTED,
    PAPER,
    FaceContext,
    style_color,
    style_number,
    where,
)
from companion.printing.probe import enter, leave, region, unmarked
from companion.printing.shapes import draw_icon
from companion.printing.templates import Badge, Emblem, FaceSpec


def draw_standard(c: Canvas, card: Any, spec: FaceSpec, ctx: FaceContext) -> None:
    w, h, b, k = ctx.width, ctx.height, ctx.bleed, ctx.k
    label = where(card, ctx)
    border = style_color(spec, "border", ctx.back_color)
    header = style_color(spec, "header", border)
    accent = style_color(spec, "accent", mix(border, BLACK, 0.15))
    panel = style_color(spec, "panel", mix(PAPER, ctx.accent_color, 0.05))
    trim_line = style_color(spec, "trim", ctx.accent_color)

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
    title_color = style_color(spec, "title_color", readable_on(header))
    enter(c, "title band", (px0, band_y, px1, py1), solid=False)
    _draw_title(
        c,
        spec.title,
        (px0 + px1) / 2,
        band_y,
        band_h,
        title_w,
        style_number(spec, "title_size", 12.5) * k,
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
        c.setFillColor(style_color(spec, "type_color", accent))
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
        color=style_color(spec, "text_color", INK),
        accent=accent,
        align=str(spec.style.get("align", "left")),
        rule=mix(trim_line, WHITE, 0.3),
    )
    art_h = 0.0
    chrome = 2 * inner_pad + 0.8 * MM * k  # box padding and the gap under the picture
    if has_picture and body:
        art_h = min(max(style_number(spec, "art_ratio", 0.4), 0.0), 0.9) * avail
        low = min(max(style_number(spec, "art_min", 0.12), 0.0), 0.9) * avail
        floor = max(ctx.min_text, min(7.0 * k, style.size))
        inner_h = avail - art_h - chrome
        if (
            inner_h <= 0
            or fit_size(body, text_w, inner_h, style, where=label, min_size=ctx.min_text) < floor
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
                draw_emblem(c, spec.emblem, ax0, ay0, ax1, ay1, k, border, ctx.accent_color, label)
        y -= art_h

    if body:
        by1 = y - 0.8 * MM * k
        by0 = bottom
        c.setFillColor(style_color(spec, "box", WHITE))
        c.setStrokeColor(mix(trim_line, WHITE, 0.35))
        c.setLineWidth(0.6 * k)
        c.roundRect(bx0, by0, bx1 - bx0, by1 - by0, 1.5 * MM * k, stroke=1, fill=1)
        fitted_body = fit_body(
            body,
            bx1 - bx0 - 2 * inner_pad,
            by1 - by0 - 2 * inner_pad,
            style,
            where=label,
            min_size=ctx.min_text,
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


def draw_emblem(
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
    from companion.printing.pictures import draw_picture

    draw_picture(c, path, (x0, y0, x1, y1), f"{label}: art image", radius=3)
