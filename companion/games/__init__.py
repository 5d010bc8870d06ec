"""Each game's own rules, in one place a game that every tool calls.

The tool engines below (``poker``, ``table``, ``timer``) know no game; the
packages here hold what is particular to one game, named in its own words.
"""
