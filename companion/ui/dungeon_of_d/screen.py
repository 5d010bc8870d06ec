"""What one Dungeon of D screen holds: map cells, numbered answers, the parts.

The shell (:mod:`companion.ui.dungeon_of_d.shell`) fills a :class:`Screen`
after every step; the layout (:mod:`companion.ui.dungeon_of_d.layout`) places
it in a terminal. Both import these values, neither imports the other's.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.games.dungeon_of_d.actions import Action, Move


@dataclass(frozen=True)
class Cell:
    """One place on the map: its 6-character text and what it is (for colours)."""

    text: str
    kind: str
    """``hero``, ``room``, ``exhausted``, ``open`` (may be revealed) or ``blank``."""


LOSES_SHORT = "(you lose)"
"""How a short label (two columns of answers) marks an answer that loses at once."""


@dataclass(frozen=True)
class Entry:
    """One numbered answer: an action, or a MOVE direction whose card is asked next."""

    number: int
    label: str
    command: str
    action: Action | None = None
    moves: tuple[Move, ...] = ()
    short: str = ""
    """A label of at most about 35 characters, for the two-column menu of a busy screen."""
    warning: str = ""
    """Set when the answer loses the game at once (``"plays your last card: you lose"``)."""


@dataclass
class Screen:
    """Everything shown after a step, as plain lines (see :func:`render_plain`)."""

    title: str
    map: list[str]
    map_cells: list[list[Cell]]
    map_key: str
    level: list[str]
    hero: list[str]
    room: list[str]
    table: str
    happened: list[str]
    question: list[str]
    menu: list[Entry]
    notes: list[str] = field(default_factory=list)
    ending: list[str] = field(default_factory=list)
    # the compact terminal screen (companion.ui.dungeon_of_d.layout) uses these:
    map_x: list[int] = field(default_factory=list)
    map_y: list[int] = field(default_factory=list)
    status: list[str] = field(default_factory=list)
    """The hero in three short lines (beside the map)."""
    monsters: list[str] = field(default_factory=list)
    """The level's four monsters, one short line each (beside the map)."""
    info: list[str] = field(default_factory=list)
    """The hand and the piles, in a line."""
    pack_line: str = ""
    """The inventory in a line: :attr:`pack_head` then :attr:`pack_items`."""
    pack_head: str = ""
    """``"Pack (4 of 8 slots): "``."""
    pack_items: list[str] = field(default_factory=list)
    """The inventory's cards as the row names them (``"#1 Magic Arrow"``)."""
    room_line: str = ""
