"""A reportlab paragraph that breaks its lines once for a width, however often it is asked.

A table wraps each cell once to size its rows and again to draw them, and a
rulebook's layout wraps a paragraph every time it tries it on a page (and
once more in the pass that draws the book). reportlab's
:meth:`~reportlab.platypus.Paragraph.wrap` breaks the lines anew each time,
though they depend on nothing but the paragraph and the width (the height
is not used). :class:`Paragraph` keeps the lines of the last width; drawing
or splitting the paragraph forgets them, so what is drawn is never older
than the wrap before it.
"""

from __future__ import annotations

from typing import Any

from reportlab.platypus import Paragraph as _ReportlabParagraph
from reportlab.rl_config import _FUZZ


class Paragraph(_ReportlabParagraph):  # type: ignore[misc]  # reportlab ships no types: the base is Any
    """:class:`reportlab.platypus.Paragraph`, its lines kept for the last width wrapped."""

    _wrapped_at: float | None = None

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        if availWidth == self._wrapped_at and "blPara" in self.__dict__ and availWidth >= _FUZZ:
            self.width = availWidth
            return availWidth, self.height
        size: tuple[float, float] = super().wrap(availWidth, availHeight)
        self._wrapped_at = availWidth if "blPara" in self.__dict__ else None
        return size

    def split(self, availWidth: float, availHeight: float) -> list[Any]:
        self._wrapped_at = None  # a split may set the lines aside or remove them
        parts: list[Any] = super().split(availWidth, availHeight)
        return parts

    def draw(self) -> None:
        self._wrapped_at = None
        super().draw()
