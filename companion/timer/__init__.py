"""The blind-level clock: structures as data, a pure clock core, its storage.

* :mod:`companion.timer.structure`: levels, breaks and how a structure goes on
  past its last listed level; built-ins are each game's ``structures/*.yaml``
  (the game says which) and the timer's own ``structures/*.yaml``.
* :mod:`companion.timer.clock`: the pure core. A :class:`ClockState` holds
  timestamps, never tick counts; ``view(state, now)`` computes what to show.
* :mod:`companion.timer.store`: where a clock is kept between runs (SQLite);
  :mod:`companion.timer.table_clock` keeps a table's clock in the table store and
  draws its encounters from the table's deck.
* :mod:`companion.timer.session`: one place that loads, changes and saves a
  clock and asks for encounter cards at new levels.

The textual display (:mod:`companion.ui.clock`), the plain one-line
display (:mod:`companion.ui.clock_line`) and the printable sheet
(:mod:`companion.printing.timer_sheet`, a PDF like every other) are only
imported by the commands that use them.
"""

from __future__ import annotations

from companion.timer.structure import Break, Level, Structure, builtin_names, load_structure

__all__ = ["Break", "Level", "Structure", "builtin_names", "load_structure"]
