"""``companion serve``: the clock on a TV, each player's cards on their phone, the dealer's buttons."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from companion.cli.common import JsonOption, StateOption, emit_json, example, table_option


def _note(text: str) -> None:
    sys.stderr.write(text + "\n")


def register(app: typer.Typer) -> None:
    app.command("serve", epilog=example("companion serve --lan --port 8080"))(serve)


def serve(
    table: Annotated[
        str | None,
        table_option(
            "--table", help="The table to serve (default: the current table).", show_default=False
        ),
    ] = None,
    host: Annotated[
        str, typer.Option("--host", help="Address to listen on (only this machine by default).")
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", help="Port to listen on, 0 to 65535 (0: any free port).")
    ] = 8787,
    lan: Annotated[
        bool,
        typer.Option(
            "--lan", help="Listen on every interface, for phones on the same network (QR codes)."
        ),
    ] = False,
    new_tokens: Annotated[
        bool,
        typer.Option("--new-tokens", help="Make new secret links; the old ones stop working."),
    ] = False,
    state: StateOption = None,
    as_json: JsonOption = False,
) -> None:
    """Serve the table's pages: a public clock, the dealer's page and each player's own cards.

    The URLs are printed at start (with --json as one document); the dealer's
    and each player's URL carry a secret token. Ctrl-C stops the server.
    """
    from companion.ui.web.server import print_urls
    from companion.ui.web.server import serve as run

    def announce(found: object, bound: str) -> None:
        from companion.serve.tokens import ServeUrls

        assert isinstance(found, ServeUrls)
        if as_json:
            emit_json(found.to_json())
        else:
            sys.stdout.write(f"serving on {bound}\n")
            print_urls(found, sys.stdout, qr=lan)

    run(
        state=state,
        table=table,
        host=host,
        port=port,
        lan=lan,
        new_tokens=new_tokens,
        announce=announce,
        warn=_note,
    )
