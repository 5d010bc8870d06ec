"""``companion serve``: the table on screens, as library calls (no web framework here).

* :mod:`companion.serve.tokens`: the secret tokens of the dealer and of each
  player, kept in the state file;
* :mod:`companion.serve.pages`: what each page shows, as JSON-ready
  documents (the public clock, one player's own cards, the dealer's view);
* :mod:`companion.serve.actions`: the dealer's buttons, each the same
  library call the CLI makes, in one table transaction.

The web server and its pages live in :mod:`companion.ui.web`.
"""
