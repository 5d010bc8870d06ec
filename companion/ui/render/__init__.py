"""The Rich rendering of the library's results, one module per area.

Each function draws one result object (a ranking, a settlement, a printed
file, a save list...) on the console it is given; the command line picks the
console and calls it. The results shape their own JSON: nothing here decides
a rule, a default or a number, only how a result looks on a terminal.
"""
