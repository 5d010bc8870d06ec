"""``companion doctor``: where the cards, templates, state file, output and print settings are."""

from __future__ import annotations

import typer

from companion.cli.common import JsonOption, StateOption, console, emit_json, example


def register(app: typer.Typer) -> None:
    app.command("doctor", epilog=example("companion doctor --json"))(doctor)


def doctor(state: StateOption = None, as_json: JsonOption = False) -> None:
    """Say where companion finds its cards and templates and keeps its state, output and print settings.

    Each place is checked without writing anything; a problem exits with code 2.
    """
    from companion.paths import checkup
    from companion.printing.config import settings_place

    found = checkup(state, more=[settings_place()])
    if as_json:
        emit_json(found.to_json())
    else:
        from companion.ui.render.doctor import show_checkup

        show_checkup(console(), found)
    if not found.ok:
        raise typer.Exit(2)
