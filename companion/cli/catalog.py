"""The table of top-level commands: what ``companion --help`` lists, without importing them.

Every command of the CLI is a new process at the table, so ``companion
--help`` prints this table (as pip prints its command table) and
``companion rank ...`` imports only :mod:`companion.cli.rank`. Each entry
names the command, the module under ``companion/cli/`` whose ``register(app)``
adds it, and the summary its help starts with. ``tests/test_command_catalog.py``
checks the table against the commands themselves: a new command, a renamed
one or a changed first line of a docstring fails it, and its message gives the
entry to write here.

This module imports nothing: the root help is drawn from it alone.
"""

from __future__ import annotations

from typing import NamedTuple

HELP = (
    "Print-and-play companion for Dungeon Poker, Dungeon Master, DECKO, "
    "Dragon Kings and Dungeon of D: print decks and rulebooks, run the blind "
    "clock, draw cards, rank hands, split pots and play Dungeon of D solo."
)
"""The root's help text."""


class Entry(NamedTuple):
    """One top-level command: its name, the module that registers it, its summary."""

    name: str
    module: str
    summary: str


COMMANDS: tuple[Entry, ...] = (
    # Single commands first, then the groups, each in the order its module adds it:
    # the order Typer itself lists them in.
    Entry(
        "rank",
        "rank",
        "Rank a showdown: every player's best hand and place under the game's ordering.",
    ),
    Entry(
        "odds",
        "rank",
        "Each player's chance to win, to tie, and share of the pot, from the cards known so far.",
    ),
    Entry(
        "showdown",
        "showdown",
        "Settle a showdown described in a YAML or JSON file (or '-' for stdin): hands, pots, "
        "monsters, treasures and every rule applied. Format: docs/showdown.md.",
    ),
    Entry("draw", "table", "Draw cards from a deck of the current table, by the game's rules."),
    Entry(
        "serve",
        "serve",
        "Serve the table's pages: a public clock, the dealer's page and each player's own cards.",
    ),
    Entry(
        "doctor",
        "doctor",
        "Say where companion finds its cards and templates and keeps its state, output and "
        "print settings.",
    ),
    Entry("cards", "cards", "Browse and check the card database (cards_data/)."),
    Entry(
        "print",
        "printing",
        "Print decks as PDF card sheets ready to cut, and each game's rulebook.",
    ),
    Entry(
        "pot",
        "pot",
        "Split a deal's pots and side pots: companion pot NAME=AMOUNT... --result 'a > b = c' "
        "(with a table current and no --game, its game's pot rules, said on stderr). "
        "Also: companion pot limit (pot-limit bets).",
    ),
    Entry(
        "table", "table", "Table sessions: set up a table's decks, see its state, its log, undo."
    ),
    Entry("deck", "table", "Look at and rearrange the decks of the current table."),
    Entry(
        "decko",
        "decko",
        "DECKO at the table: rounds, betting, the reveal, buying, loans, the end of the game.",
    ),
    Entry(
        "dk",
        "dragon_kings",
        "Dragon Kings at the table: the first black king, deals, wing cards, First Honors.",
    ),
    Entry(
        "timer",
        "timer",
        "The blind-level clock: structures, a full-screen clock for the table, a printable sheet.",
    ),
    Entry(
        "dod",
        "dod",
        "Dungeon of D solo: play in the shell (saved after every action), list saves, high "
        "scores, bot simulations.",
    ),
    Entry(
        "dm",
        "dm",
        "Dungeon Master: play a turn (dm fight, dm treasure), undo it, or settle one encounter "
        "(dm resolve).",
    ),
)

MODULES: tuple[str, ...] = (
    "cards",
    "printing",
    "rank",
    "pot",
    "showdown",
    "table",
    "decko",
    "dragon_kings",
    "timer",
    "serve",
    "dod",
    "dm",
    "doctor",
)
"""The command modules under ``companion.cli``, in the order that, registered one after
another, gives Typer the order of :data:`COMMANDS` (a module adds its single commands
and its groups; Typer lists all single commands before all groups)."""

BY_NAME: dict[str, Entry] = {entry.name: entry for entry in COMMANDS}
