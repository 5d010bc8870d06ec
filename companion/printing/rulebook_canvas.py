"""The canvases a rulebook is drawn on: one page after another, or a
booklet's book pages placed two-up on sheets in saddle-stitch order
(:func:`booklet_sides`), with fold marks. reportlab loads on first use.
"""

from __future__ import annotations

from typing import Any

from companion.errors import CompanionError

MM = 72 / 25.4
"""Points in a millimetre."""


def booklet_sides(pages: int) -> list[tuple[int, int]]:
    """Saddle-stitch order: the (left, right) book pages of each sheet side.

    Pages are numbered from 1; the book is padded with blank pages to a
    multiple of four (the numbers beyond ``pages`` are blanks). Sides
    alternate front, back, front, back: print double-sided, flip on the
    short edge, fold the stack and the pages read 1, 2, 3, ...

    >>> booklet_sides(8)
    [(8, 1), (2, 7), (6, 3), (4, 5)]
    >>> booklet_sides(1)
    [(4, 1), (2, 3)]
    """
    if pages < 1:
        raise CompanionError("a booklet needs at least one page")
    total = pages + (-pages) % 4
    sides: list[tuple[int, int]] = []
    for sheet in range(total // 4):
        sides.append((total - 2 * sheet, 1 + 2 * sheet))
        sides.append((2 + 2 * sheet, total - 1 - 2 * sheet))
    return sides


def plain_canvas_class() -> type:
    """A canvas that counts the pages it prints (``physical_pages``)."""
    from reportlab.pdfgen.canvas import Canvas

    class PlainCanvas(Canvas):  # type: ignore[misc]  # reportlab ships no types: the base is Any
        physical_pages = 0

        def showPage(self) -> None:
            super().showPage()
            self.physical_pages += 1

    return PlainCanvas


def booklet_canvas_class(sheet: tuple[float, float]) -> type:
    """A canvas that keeps each book page as a form and prints them two-up.

    Platypus draws book pages one after the other; each becomes a PDF form
    XObject. On ``save`` the forms are placed on landscape sheets in
    saddle-stitch order (:func:`booklet_sides`), which needs no PDF reader.
    """
    from reportlab.pdfgen.canvas import Canvas

    landscape = (sheet[1], sheet[0])

    class BookletCanvas(Canvas):  # type: ignore[misc]  # reportlab ships no types: the base is Any
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._book_pages: list[str] = []
            self.physical_pages = 0
            self._begin_book_page()

        def _begin_book_page(self) -> None:
            name = f"BookPage{len(self._book_pages) + 1}"
            self._book_pages.append(name)
            w, h = self._pagesize
            self.beginForm(name, 0, 0, w, h)

        def showPage(self) -> None:
            self.endForm()
            self._pageNumber += 1
            self._begin_book_page()

        def bookmarkPage(self, *args: Any, **kwargs: Any) -> None:
            pass  # bookmarks point at pages; a book page is a form here

        def addOutlineEntry(self, *args: Any, **kwargs: Any) -> None:
            pass

        def save(self) -> None:
            self.endForm()  # the empty page begun after the last showPage
            pages = self._book_pages[:-1]
            w, _h = self._pagesize
            self.setPageSize(landscape)
            for left, right in booklet_sides(max(len(pages), 1)):
                for x, number in ((0.0, left), (w, right)):
                    if number <= len(pages):
                        self.saveState()
                        self.translate(x, 0)
                        self.doForm(pages[number - 1])
                        self.restoreState()
                self._fold_mark(w)
                Canvas.showPage(self)
                self.physical_pages += 1
            # Two pages side by side on a landscape sheet: the print dialog should
            # turn it over on its short edge, at actual size.
            self.setViewerPreference("Duplex", "DuplexFlipShortEdge")
            self.setViewerPreference("PrintScaling", "None")
            Canvas.save(self)

        def _fold_mark(self, x: float) -> None:
            # short ticks at the fold, top and bottom, outside the text
            self.saveState()
            self.setLineWidth(0.3)
            self.setStrokeGray(0.6)
            h = landscape[1]
            self.line(x, h - 4 * MM, x, h)
            self.line(x, 0, x, 4 * MM)
            self.restoreState()

    return BookletCanvas
