"""The web pages of ``companion serve`` (Starlette): the clock, the dealer's page, each player's.

URLs (``TOKEN`` is a secret kept in the state file, see :mod:`companion.serve.tokens`):

* ``/clock``: public; ``/clock.json`` and ``/events/clock`` (server-sent events);
* ``/dealer/TOKEN``: the dealer's page; its buttons post to
  ``/dealer/TOKEN/action/NAME``; ``/dealer/TOKEN/state.json``, ``/events/dealer/TOKEN``;
* ``/player/NAME/TOKEN``: one player's own cards; ``/player/NAME/TOKEN/choose``
  keeps a character; ``/player/NAME/TOKEN/bet`` is the player's betting action on
  their turn (``/dealer/TOKEN/bet`` the dealer's, for the player it names);
  ``/player/NAME/TOKEN/act`` a player's own action of their game (DECKO's raise,
  call, fold and buying);
  ``.../state.json``, ``/events/player/NAME/TOKEN``;
* ``/static/...``: the one script and style sheet, served from the package.

Each route is a plain handler: it checks the token, reads its page's document
from the hub (the page's audience's view, :mod:`companion.serve.pages`) or
runs one typed command (:mod:`companion.serve.commands`), and answers. The
hub and the templates live on the application's ``state``.

The token is checked on every request, never remembered in a cookie. A
wrong dealer token is 403; a player's page asked with another player's
token (or a made-up one) is 403, an unknown player 404. Every page's first
HTML already holds its document, so it reads without JavaScript; the
script only brings live updates, the countdown, the sound and the wake lock.
Nothing is fetched from anywhere else (a content security policy says so
to the browser too).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from importlib import resources
from typing import Any
from urllib.parse import parse_qsl, urlencode

from jinja2 import Environment, FunctionLoader, select_autoescape
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    RedirectResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from companion.documents import short
from companion.errors import CompanionError
from companion.serve.commands import (
    Bet,
    Command,
    dealer_command,
    field_of,
    page_action,
    player_command,
)
from companion.serve.pages import clock_line
from companion.ui.web.hub import Hub, Stopping

HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    ),
    "Referrer-Policy": "no-referrer",  # the page's URL holds its token
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}
STATIC = {"app.js": "text/javascript", "style.css": "text/css"}
MAX_BODY = 16_000


def _package_text(*parts: str) -> str:
    return resources.files("companion.ui.web").joinpath(*parts).read_text(encoding="utf-8")


def _environment() -> Environment:
    env = Environment(
        loader=FunctionLoader(lambda name: _package_text("templates", name)),
        autoescape=select_autoescape(default=True, default_for_string=True),
        auto_reload=False,
    )
    env.globals["clock_line"] = clock_line
    env.globals["grouped"] = grouped
    return env


def grouped(open_cards: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The open cards of a view, those of one owner and place together (a monster's
    four open cards on one line).

    >>> [g["whose"] for g in grouped([{"whose": "Orc", "where": "", "card": 1},
    ...     {"whose": "Orc", "where": "", "card": 2}, {"whose": None, "where": "top", "card": 3}])]
    ['Orc', None]
    """
    groups: list[dict[str, Any]] = []
    for item in open_cards:
        if groups and (groups[-1]["whose"], groups[-1]["where"]) == (item["whose"], item["where"]):
            groups[-1]["cards"].append(item["card"])
        else:
            groups.append({"whose": item["whose"], "where": item["where"], "cards": [item["card"]]})
    return groups


# -- what every handler shares ------------------------------------------------------------------


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def embedded_json(doc: Any) -> str:
    """``doc`` as JSON that can stand inside a page's ``<script>`` element whatever it holds:
    ``<``, ``>`` and ``&`` are written as ``\\u003c``, ``\\u003e``, ``\\u0026`` (the same JSON),
    so no name (``</script>``, ``<!--<script``) can change how the page is parsed.

    >>> print(embedded_json({"name": "</script><!--<script>&"}))
    {"name": "\\u003c/script\\u003e\\u003c!--\\u003cscript\\u003e\\u0026"}
    """
    text = json.dumps(doc)  # ASCII only: U+2028 and U+2029 are escaped already
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


def _page(request: Request, name: str, **values: Any) -> HTMLResponse:
    env: Environment = request.app.state.env
    doc = values.get("doc", {})
    html = env.get_template(name).render(doc_json=embedded_json(doc), **values)
    return HTMLResponse(html, headers=HEADERS)


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"ok": False, "error": message}, status_code=status, headers=HEADERS)


def _refused(request: Request, status: int, message: str, *, gone: bool = False) -> Response:
    """A refusal (wrong link, unknown player, a deleted table): a browser is shown the same
    line and status in a small page rather than raw JSON; other clients get the JSON."""
    if "text/html" not in request.headers.get("accept", ""):
        return _error(status, message)
    env: Environment = request.app.state.env
    html = env.get_template("refused.html").render(message=message, gone=gone)
    return HTMLResponse(html, status_code=status, headers=HEADERS)


class _Guard:
    """Before every request but the static files: the served table and its tokens as the
    state file has them now (a table deleted, links replaced in another terminal). A
    deleted table's pages all answer 410 Gone, a browser with a short page saying so."""

    def __init__(self, app: ASGIApp, hub: Hub) -> None:
        self.app, self.hub = app, hub

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not str(scope["path"]).startswith("/static/"):
            try:
                await self.hub.verify()
            except CompanionError as exc:
                status = 503 if isinstance(exc, Stopping) else 400
                await _error(status, exc.message)(scope, receive, send)
                return
            if self.hub.gone is not None:
                request = Request(scope)
                await _refused(request, 410, self.hub.gone, gone=True)(scope, receive, send)
                return
        await self.app(scope, receive, send)


async def _companion_error(request: Request, exc: Exception) -> Response:
    """A one-line answer for a problem with the state file met outside an action."""
    assert isinstance(exc, CompanionError)
    return _error(503 if isinstance(exc, Stopping) else 400, exc.message)


async def _doc(request: Request, name: str) -> dict[str, Any]:
    hub = _hub(request)
    await hub.update()  # a page's first HTML is the state of this moment
    return hub.current(name)


def _dealer_ok(request: Request) -> bool:
    return _hub(request).tokens.is_dealer(str(request.path_params["token"]))


_NO_DEALER = "the dealer's page needs the dealer's link"


def _player(request: Request) -> str | tuple[int, str]:
    """The seated player a player's URL names, if its token is theirs; else the refusal."""
    hub = _hub(request)
    name = str(request.path_params["name"])
    if hub.table is None or name.casefold() not in {p.casefold() for p in hub.table.players}:
        return 404, f"no player '{name[:40]}' at this table"
    who = hub.tokens.player_of(name, str(request.path_params["token"]))
    if who is None:
        return 403, "this page needs that player's own link"
    return who


def _player_base(request: Request) -> str:
    return f"/player/{request.path_params['name']}/{request.path_params['token']}"


async def _act(request: Request, make: Any, back: str) -> Response:
    """Read the form, make the command and run it on the hub's worker; answer as the
    caller asked (a plain form is sent back to its page with the answer in a line)."""
    hub = _hub(request)
    try:
        form = await _form(request)
        command: Command = make(form)
        table = hub.table
        done = await hub.run(lambda store: command.run(store, table))
    except CompanionError as exc:
        if _wants_html(request):
            return RedirectResponse(
                f"{back}?{_said('error: ' + exc.message)}", 303, headers=HEADERS
            )
        return _error(400, exc.message)
    await hub.update()  # every page sees it at once
    if _wants_html(request):
        return RedirectResponse(f"{back}?{_said(done.message)}", 303, headers=HEADERS)
    return JSONResponse(done.to_json(), headers=HEADERS)


def _stream(request: Request, name: str) -> Response:
    return StreamingResponse(
        _hub(request).stream(name),
        media_type="text/event-stream",
        headers={**HEADERS, "X-Accel-Buffering": "no"},
    )


# -- the routes ---------------------------------------------------------------------------------


async def clock_page(request: Request) -> Response:
    doc = await _doc(request, "clock")
    return _page(request, "clock.html", page="clock", doc=doc, events="/events/clock")


async def clock_json(request: Request) -> Response:
    return JSONResponse(await _doc(request, "clock"), headers=HEADERS)


async def clock_events(request: Request) -> Response:
    return _stream(request, "clock")


async def dealer_page(request: Request) -> Response:
    if not _dealer_ok(request):
        return _refused(request, 403, _NO_DEALER)
    token = request.path_params["token"]
    return _page(
        request,
        "dealer.html",
        page="dealer",
        doc=await _doc(request, "dealer"),
        base=f"/dealer/{token}",
        events=f"/events/dealer/{token}",
        message=request.query_params.get("said", "")[:300],
    )


async def dealer_json(request: Request) -> Response:
    if not _dealer_ok(request):
        return _error(403, _NO_DEALER)
    return JSONResponse(await _doc(request, "dealer"), headers=HEADERS)


async def dealer_action(request: Request) -> Response:
    if not _dealer_ok(request):
        return _error(403, "the dealer's actions need the dealer's link")
    table = _hub(request).table
    name = str(request.path_params["action"])
    return await _act(
        request,
        lambda form: dealer_command(table, name, form),
        f"/dealer/{request.path_params['token']}",
    )


async def dealer_bet(request: Request) -> Response:
    """The dealer acts for the player the form names (a player without a phone)."""
    if not _dealer_ok(request):
        return _error(403, "the dealer's actions need the dealer's link")
    return await _act(
        request,
        lambda form: Bet.of(form, field_of(form, "player", required=True)),
        f"/dealer/{request.path_params['token']}",
    )


async def dealer_events(request: Request) -> Response:
    if not _dealer_ok(request):
        return _error(403, _NO_DEALER)
    return _stream(request, "dealer")


async def player_page(request: Request) -> Response:
    who = _player(request)
    if isinstance(who, tuple):
        return _refused(request, *who)
    base = _player_base(request)
    return _page(
        request,
        "player.html",
        page="player",
        doc=await _doc(request, f"player:{who}"),
        base=base,
        events=f"/events{base}",
        message=request.query_params.get("said", "")[:300],
    )


async def player_json(request: Request) -> Response:
    who = _player(request)
    if isinstance(who, tuple):
        return _error(*who)
    return JSONResponse(await _doc(request, f"player:{who}"), headers=HEADERS)


async def player_choose(request: Request) -> Response:
    who = _player(request)
    if isinstance(who, tuple):
        return _error(*who)
    table = _hub(request).table
    assert table is not None  # _player found the player at this table
    return await _act(request, lambda form: player_command(table, who, form), _player_base(request))


async def player_bet(request: Request) -> Response:
    """A player's own action: the token decides who acts, whatever the form says."""
    who = _player(request)
    if isinstance(who, tuple):
        return _error(*who)
    return await _act(request, lambda form: Bet.of(form, who, viewer=who), _player_base(request))


async def player_act(request: Request) -> Response:
    """A player's own action of their game (DECKO's raise, call, fold, buying): the token
    decides who acts, whatever the form says."""
    who = _player(request)
    if isinstance(who, tuple):
        return _error(*who)
    table = _hub(request).table
    assert table is not None  # _player found the player at this table
    return await _act(request, lambda form: page_action(table, who, form), _player_base(request))


async def player_events(request: Request) -> Response:
    who = _player(request)
    if isinstance(who, tuple):
        return _error(*who)
    return _stream(request, f"player:{who}")


async def static_file(request: Request) -> Response:
    name = str(request.path_params["name"])
    if name not in STATIC:
        return _error(404, "no such file")
    return Response(
        request.app.state.static[name],
        media_type=STATIC[name],
        headers={**HEADERS, "Cache-Control": "no-cache"},
    )


async def home(request: Request) -> Response:
    return RedirectResponse("/clock", 307)


async def no_icon(request: Request) -> Response:
    return Response(status_code=204)


ROUTES = [
    Route("/", home),
    Route("/favicon.ico", no_icon),
    Route("/clock", clock_page),
    Route("/clock.json", clock_json),
    Route("/events/clock", clock_events),
    Route("/dealer/{token}", dealer_page),
    Route("/dealer/{token}/state.json", dealer_json),
    Route("/dealer/{token}/action/{action}", dealer_action, methods=["POST"]),
    Route("/dealer/{token}/bet", dealer_bet, methods=["POST"]),
    Route("/events/dealer/{token}", dealer_events),
    Route("/player/{name}/{token}", player_page),
    Route("/player/{name}/{token}/state.json", player_json),
    Route("/player/{name}/{token}/choose", player_choose, methods=["POST"]),
    Route("/player/{name}/{token}/bet", player_bet, methods=["POST"]),
    Route("/player/{name}/{token}/act", player_act, methods=["POST"]),
    Route("/events/player/{name}/{token}", player_events),
    Route("/static/{name}", static_file),
]


@contextlib.asynccontextmanager
async def lifespan(app: Starlette) -> AsyncIterator[None]:
    """While the server runs, the hub watches the state file for every page."""
    hub: Hub = app.state.hub
    with contextlib.suppress(CompanionError):  # a busy file: the watcher reads it next
        await hub.update(force=True)
    watcher = asyncio.create_task(hub.watch())
    try:
        yield
    finally:
        hub.stop()
        watcher.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await watcher


def build_app(hub: Hub) -> Starlette:
    """The web application over ``hub`` (one table, its tokens, its live documents)."""
    app = Starlette(
        routes=ROUTES,
        lifespan=lifespan,
        middleware=[Middleware(_Guard, hub=hub)],
        exception_handlers={CompanionError: _companion_error},
    )
    app.state.hub = hub
    app.state.env = _environment()
    app.state.static = {name: _package_text("static", name) for name in STATIC}
    return app


async def _form(request: Request) -> dict[str, str]:
    """The posted fields: JSON or a plain HTML form, at most ``MAX_BODY`` bytes (read no
    further than that), each field one text or number."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise CompanionError(f"the request is too large ({declared} bytes, at most {MAX_BODY})")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise CompanionError(f"the request is too large (more than {MAX_BODY} bytes)")
    kind = request.headers.get("content-type", "").split(";")[0].strip()
    if not body:
        return {}
    try:
        if kind == "application/json":
            return _json_fields(bytes(body))
        return dict(parse_qsl(body.decode("utf-8"), keep_blank_values=True))
    except (UnicodeDecodeError, ValueError):
        raise CompanionError("the request's fields cannot be read") from None


def _json_fields(body: bytes) -> dict[str, str]:
    """A JSON body's fields: one object of texts and numbers, nothing nested.

    >>> _json_fields(b'{"all": 200, "result": "ann > bob"}')
    {'all': '200', 'result': 'ann > bob'}
    >>> _json_fields(b'{"a": ' * 5000)
    Traceback (most recent call last):
    ...
    companion.errors.CompanionError: the request's JSON is nested too deeply: send one object of fields
    """
    try:
        data = json.loads(body)
    except RecursionError:
        raise CompanionError(
            "the request's JSON is nested too deeply: send one object of fields"
        ) from None
    if not isinstance(data, dict):
        raise CompanionError("the request should be a JSON object of fields")
    fields: dict[str, str] = {}
    for key, value in data.items():
        if isinstance(value, dict | list):
            raise CompanionError(
                f"the request's field {short(key)} should be a text or a number, "
                f"not {'a list' if isinstance(value, list) else 'an object'}"
            )
        fields[str(key)] = str(value)
    return fields


def _wants_html(request: Request) -> bool:
    return request.headers.get("content-type", "").startswith(
        "application/x-www-form-urlencoded"
    ) and "text/html" in request.headers.get("accept", "")


def _said(message: str) -> str:
    return urlencode({"said": message[:300]})
