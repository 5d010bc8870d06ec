"""The ``companion`` command line: thin Typer modules over the pure core.

Each module here adds its commands through ``register(app)``; ``catalog.py``
lists which module adds each top-level command, so the root imports a
command's module only when that command runs (``lazy.py``), and draws its
own help page from the catalog alone (``root_help.py``). The modules import
only typer and the standard library at module level; anything heavy
(reportlab, jinja2, textual, numpy, pydantic models) is imported inside the
command that needs it, so ``companion --help`` and ``companion rank`` start
fast.
"""
