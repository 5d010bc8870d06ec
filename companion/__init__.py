"""companion: a print-and-play companion for five fantasy card games.

Each game's rules live in ``games/<game>``; ``cards``, ``poker``, ``table``
and ``timer`` are game-agnostic engines; all of them are pure and UI-free.
``printing`` turns the card database into PDFs, ``ui`` holds the terminal
screens and ``cli`` is the thin Typer layer over everything (see
docs/architecture.md).
"""

__version__ = "0.2.0"

GAMES: tuple[str, ...] = (
    "dungeon-poker",
    "dungeon-master",
    "decko",
    "dragon-kings",
    "dungeon-of-d",
)
"""Game ids, used by the CLI, the data folders and every JSON document."""
