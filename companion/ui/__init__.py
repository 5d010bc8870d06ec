"""Front ends: the full-screen and one-line clocks, the Dungeon of D shell, the web
pages, and ``render``: the Rich view of each command's result.

Only the command line imports these; the rules underneath never import a
terminal library.
"""
