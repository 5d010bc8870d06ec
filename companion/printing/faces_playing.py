"""The ``playing`` card face: corner indices, pips, court panels and jokers,
plus the extras DECKO's market and starting cards use (a price tag, a corner
icon, a text box, tokens, a small second card).
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from companion.errors import CompanionError
from companion.poker.cards import rank_label
from companion.printing import shapes
from companion.printing.card_text import (
    BOLD_FONT,
    MIN_SIZE,
    TITLE_FONT,
    BodyStyle,
    TextDoesNotFit,
    check_printable,
    draw_line,
    fit_body,
    fit_line_size,
    line_width,
)
from companion.printing.colors import BLACK, WHITE, color, mix
from companion.printing.faces_context import (
    INK,
    MM,
    POKER_W,
    FaceContext,
    style_color,
    style_number,
    where,
)
from companion.printing.faces_standard import draw_emblem
from companion.printing.probe import enter, leave, region
from companion.printing.shapes import draw_icon, draw_suit, suit_color
from companion.printing.templates import Emblem, FaceSpec

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
    ink = style_color(spec, "ink", suit_color(suit) if suit else BLACK)
    background = style_color(spec, "background", WHITE)
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
        draw_emblem(
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
    ratio = style_number(spec, "text_ratio", 0.42)
    y1 = y0 + (h - 8 * MM * k) * ratio
    accent = style_color(spec, "accent", ink)
    c.setFillColor(style_color(spec, "box", mix(accent, WHITE, 0.92)))
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
        fitted = fit_body(
            spec.body,
            x1 - x0 - 2 * pad,
            top - (y0 + pad),
            style,
            where=label,
            min_size=ctx.min_text,
        )
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
    c.setStrokeColor(suit_color(suit) if suit in shapes.SUIT_ICONS else BLACK)
    c.setLineWidth(0.8 * k)
    c.roundRect(x, y, cw, ch, 1.2 * MM * k, stroke=1, fill=1)
    ink = suit_color(suit) if suit in shapes.SUIT_ICONS else BLACK
    check_printable(index, label)
    draw_line(c, index, x + cw / 2, y + ch - 7.5 * MM * k, INDEX_FONT, 13 * k, ink, "center")
    if suit in shapes.SUIT_ICONS:
        draw_suit(c, suit, x + cw / 2, y + 5 * MM * k, 6 * MM * k)
