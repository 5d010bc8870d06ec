"""companion: a print-and-play companion for five fantasy card games.

The core packages (``cards``, ``poker``, ``table``, ``timer``, ``dod``, ``dm``)
are pure and UI-free; ``cli`` is a thin Typer layer over them and
``printing`` turns the card database into PDFs.
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
