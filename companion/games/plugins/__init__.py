"""Where each game plugs into the tools: one module a game, one :class:`~companion.registry.Game` each.

Each module is small and imports its game's rules only inside its hooks, so
``companion.games`` registers all five at start-up for the cost of reading
them. A new game adds a module here and one line to
:func:`companion.games.register_games`.
"""
