"""``companion serve``: the table on screens, as library calls (no web framework here).

* :mod:`companion.serve.tokens`: the secret tokens of the dealer and of each
  player, kept in the state file;
* :mod:`companion.serve.pages`: what each page shows: its audience's view of
  the table (the public clock, the dealer's, one seat's) and the clock;
* :mod:`companion.serve.commands`: the pages' buttons, each a typed command
  making the same library call as its CLI command, in one table transaction.

The web server and its pages live in :mod:`companion.ui.web`.
"""
