"""What ``rank`` and ``odds`` take from the current table when the command line is silent.

A Dragon Kings table gives its voluntary wing cards in force and its
variant, unless ``--wing`` / ``--variant`` say otherwise. The table's rules
are imported only when the game is Dragon Kings, so ``companion rank`` stays
quick, and an absent state file is never created.
"""

from __future__ import annotations

from companion.errors import CompanionError
from companion.games.ranking import RankOptions, resolve_game


def with_table_defaults(opts: RankOptions, state: str | None = None) -> RankOptions:
    """``opts`` completed from the current table (see the module docstring)."""
    try:
        game = resolve_game(opts)
    except CompanionError:
        return opts  # the ranker reports the bad option itself
    if game != "dragon-kings" or (opts.wings and opts.variant):
        return opts
    from companion.games.dragon_kings.table_rules import table_ranking_defaults

    return table_ranking_defaults(opts, state)
