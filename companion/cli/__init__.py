"""The ``companion`` command line: thin Typer modules over the pure core.

Each module here adds one command group through ``register(app)``. They
import only typer and the standard library at module level; anything heavy
(reportlab, jinja2, textual, numpy, pydantic models) is imported inside the
command that needs it, so ``companion --help`` and ``companion rank`` start
fast.
"""
