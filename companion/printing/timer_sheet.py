"""The printable structure sheet (``companion timer sheet``): one page, PDF.

The timer says what each level is (:func:`~companion.timer.describe.level_rows`);
this module, in the printing layer like every PDF, lays it out. reportlab
is imported inside :func:`write_sheet` only, so nothing else pays for it.
The page is built in memory and written atomically.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import CompanionError
from companion.fileio import output_path, write_atomic
from companion.timer.describe import level_rows
from companion.timer.structure import Structure

MAX_ROWS = 60
EXTRA_CONTINUED = 5  # levels past the list shown on the sheet of a structure that goes on


def sheet_rows(
    structure: Structure,
    levels: int | None = None,
    *,
    minutes: float | None = None,
    deals_per_level: int | None = None,
    players: int | None = None,
) -> tuple[list[str], list[list[str]], list[int]]:
    """Header, rows of text and the indexes of break rows, for the sheet table.

    >>> from companion.timer.structure import load_structure
    >>> header, rows, breaks = sheet_rows(load_structure("dp"))
    >>> header
    ['Level', 'Blind', 'Soul gems', 'Encounter', 'Lasts', 'Started at']
    >>> rows[3][:4], len(rows), rows[-1][0]
    (['4', '500', '+1', 'draw one'], 15, '15*')
    """
    if levels is None:
        levels = len(structure.levels) + (EXTRA_CONTINUED if structure.continues else 0)
    data = level_rows(
        structure, levels, minutes=minutes, deals_per_level=deals_per_level, players=players
    )
    show_gems = any(r["soul_gems"] for r in data)
    show_enc = structure.encounters_from is not None
    show_ante = any(r.get("ante") for r in data)
    show_marks = structure.blinds == "bets" or any(r.get("note") for r in data)
    header = [structure.level_word]
    if structure.blinds == "single":
        header += ["Blind"]
    elif structure.blinds == "small-big":
        header += ["Small blind", "Big blind"]
    else:
        header += ["Min bet", "Max bet", "House bet"] + ([] if players == 2 else ["2 players"])
    header += ["Ante"] if show_ante else []
    header += ["Soul gems"] if show_gems else []
    header += ["Encounter"] if show_enc else []
    header += ["Marks"] if show_marks else []
    header += ["Lasts", "Started at"]
    rows: list[list[str]] = []
    breaks: list[int] = []
    for row in data:
        level = structure.level(row["level"])
        assert level is not None
        cells = [f"{level.number}{'*' if level.continued else ''}"]
        if structure.blinds == "single":
            cells += [str(level.blind)]
        elif structure.blinds == "small-big":
            cells += [str(level.small_blind), str(level.big_blind)]
        else:
            cells += [str(level.min_bet), str(level.max_bet), str(row["house_bet"])]
            cells += [] if players == 2 else [str(row["house_bet_two_player"])]
        if show_ante:
            cells.append(str(level.ante) if level.ante else "")
        if show_gems:
            cells.append(f"+{level.soul_gems}" if level.soul_gems else "")
        if show_enc:
            cells.append("draw one" if level.encounter else "none")
        if show_marks:
            marks = (
                [f"{level.wildcard} wildcard, all ante {level.min_bet}"] if level.wildcard else []
            )
            marks += ["refresh the mat"] if level.refresh else []
            marks += [level.note] if level.note else []
            cells.append("; ".join(marks))
        lasts = []
        if row["minutes"]:
            lasts.append(f"{row['minutes']:g} min")
        if row["deals"]:
            lasts.append(f"{row['deals']} deal{'s' if row['deals'] != 1 else ''}")
        cells += [" or ".join(lasts) or "-", ""]
        rows.append(cells)
        if row["break_after"]:
            breaks.append(len(rows))
            rows.append(["", f"Break, {row['break_after']:g} min"] + [""] * (len(header) - 2))
    if len(rows) > MAX_ROWS:
        raise CompanionError(
            f"{len(rows)} rows do not fit on one page (at most {MAX_ROWS}); ask for fewer --levels"
        )
    return header, rows, breaks


@dataclass(frozen=True)
class SheetFile:
    """A structure's sheet written to disk: what ``timer sheet`` reports."""

    structure: str
    path: Path
    levels: int
    level_word: str
    paper: str

    def to_json(self) -> dict[str, Any]:
        return {
            "structure": self.structure,
            "file": str(self.path),
            "levels": self.levels,
            "paper": self.paper,
        }


def write_sheet(
    structure: Structure,
    target: str | Path,
    *,
    levels: int | None = None,
    minutes: float | None = None,
    deals_per_level: int | None = None,
    players: int | None = None,
    paper: str = "a4",
    force: bool = False,
) -> SheetFile:
    """Write the one-page sheet to ``target``; the file, with how many levels it lists.

    ``force`` replaces a read-only file (the output policy of :mod:`companion.fileio`).
    """
    output_path(target, force=force)
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4, LETTER
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.lib.units import mm
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Paragraph, Table, TableStyle

    header, rows, breaks = sheet_rows(
        structure, levels, minutes=minutes, deals_per_level=deals_per_level, players=players
    )
    page_w, page_h = A4 if paper == "a4" else LETTER
    margin = 15 * mm
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(page_w, page_h), pageCompression=1)
    canvas.setTitle(f"{structure.name}: blind structure")
    canvas.setAuthor("companion")
    canvas.setViewerPreference("PrintScaling", "None")

    y = page_h - margin
    canvas.setFont("Helvetica-Bold", 20)
    canvas.drawString(margin, y - 20, structure.name)
    y -= 30
    notes = []
    if structure.description:
        notes.append(structure.description)
    if structure.continues:
        adds = ", ".join(f"{name.replace('_', ' ')} +{add}" for name, add in structure.step)
        notes.append(
            f"After {structure.level_word.lower()} {len(structure.levels)} each "
            f"{structure.level_word.lower()} adds {adds} (marked *)."
        )
    if structure.designed_reason:
        notes.append(f"Designed by companion: {structure.designed_reason}")
    small = ParagraphStyle("notes", fontName="Helvetica", fontSize=9, leading=11.5)
    for text in notes:
        para = Paragraph(_escape(text), small)
        _, height = para.wrap(page_w - 2 * margin, page_h)
        para.drawOn(canvas, margin, y - height)
        y -= height + 4
    y -= 6

    available = y - margin - 12
    for size in (14, 13, 12, 11, 10, 9, 8, 7):
        widths = _column_widths(header, rows, size, page_w - 2 * margin)
        if widths is None:
            continue
        table = Table([header, *rows], colWidths=widths, repeatRows=1, hAlign="LEFT")
        style = [
            ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", size),
            ("FONT", (0, 1), (-1, -1), "Helvetica", size),
            ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
            ("LINEBELOW", (0, 1), (-1, -1), 0.25, colors.grey),
            ("ALIGN", (0, 0), (0, -1), "RIGHT"),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("TOPPADDING", (0, 0), (-1, -1), size * 0.45),
            ("BOTTOMPADDING", (0, 0), (-1, -1), size * 0.45),
        ]
        for index in breaks:
            style += [
                ("BACKGROUND", (0, index + 1), (-1, index + 1), colors.HexColor("#e8e8e8")),
                ("FONT", (0, index + 1), (-1, index + 1), "Helvetica-Oblique", size),
            ]
        table.setStyle(TableStyle(style))
        width, height = table.wrap(page_w - 2 * margin, available)
        if height <= available and width <= page_w - 2 * margin + 0.5:
            break
    else:
        raise CompanionError("the structure does not fit on one page; ask for fewer --levels")
    table.drawOn(canvas, margin, y - height)
    canvas.setFont("Helvetica", 7)
    canvas.drawString(
        margin, margin - 6, "companion timer sheet · fill in 'Started at' as the evening goes"
    )
    canvas.showPage()
    canvas.save()
    write_atomic(target, buffer.getvalue(), force=force)
    count = sum(1 for row in rows if row[0])
    return SheetFile(structure.id, Path(target), count, structure.level_word, paper)


def _column_widths(
    header: list[str], rows: list[list[str]], size: float, total: float
) -> list[float] | None:
    """Widths that fit every cell at ``size`` points, the room left going to 'Started at'.

    ``None`` when the cells do not fit across the page at that size.
    """
    from reportlab.pdfbase.pdfmetrics import stringWidth

    pad = size * 1.2
    widths = [stringWidth(name, "Helvetica-Bold", size) + pad for name in header]
    for row in rows:
        for index, cell in enumerate(row):
            if row[0] == "" and index == 1:
                continue  # a break row's label may run across the empty cells
            widths[index] = max(widths[index], stringWidth(cell, "Helvetica", size) + pad)
    spare = total - sum(widths)
    if spare < 0:
        return None
    widths[-1] += spare  # room to write the time each level started
    return widths


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
