"""Front ends: the full-screen and one-line clocks and the Dungeon of D shell.

Only the command line imports these; the rules underneath never import a
terminal library.
"""
