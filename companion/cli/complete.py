"""Shell completion of the values a user types: games, decks, cards, tables, saves,
blind structures, encounters and wing cards.

Each function here is the ``autocompletion`` of one shared option type in
:mod:`companion.cli.common`; the command modules use those types and never
call these directly. Typer calls them with the context parsed so far (so a
deck list can follow the ``GAME`` already typed) and the word being
completed, and keeps only the answers that start with it.

Completion runs on every press of Tab, so each function reads only what it
needs, creates no state file where there is none, and never fails: a
problem (an unknown game, a damaged file) means no answers.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Callable, Iterator, MutableMapping
from pathlib import Path
from typing import Any

import typer

Answers = list[tuple[str, str]]
"""What a completion offers: each value with a short help shown by zsh and fish."""


COMPLETE_VAR = "_COMPANION_COMPLETE"
"""Set by the completion scripts of ``--install-completion`` when the shell asks."""


SHELLS = ("bash", "zsh", "fish", "powershell", "pwsh")


def accept_click_style_request(env: MutableMapping[str, str] = os.environ) -> None:
    """Let ``_COMPANION_COMPLETE`` name the shell first, as click's own docs write it.

    Typer's scripts send ``complete_bash`` (and ``source_bash`` prints the
    script); click's documentation says ``bash_complete`` and ``bash_source``.
    Both orders are accepted: the click order is turned into Typer's.

    >>> env = {COMPLETE_VAR: "bash_source"}
    >>> accept_click_style_request(env)
    >>> env[COMPLETE_VAR]
    'source_bash'
    """
    shell, _, instruction = env.get(COMPLETE_VAR, "").partition("_")
    if shell in SHELLS and instruction in ("complete", "source"):
        env[COMPLETE_VAR] = f"{instruction}_{shell}"


def words_before_cursor() -> list[str] | None:
    """During a completion request, the words before the one being completed
    (the program's name left out); None when the shell is not asking."""
    if not os.environ.get(COMPLETE_VAR):
        return None
    try:
        if "COMP_WORDS" in os.environ:  # bash: the whole line and the cursor's word
            words = shlex.split(os.environ["COMP_WORDS"])
            return words[1 : int(os.environ.get("COMP_CWORD", len(words)))]
        line = os.environ.get("_TYPER_COMPLETE_ARGS", "")  # zsh, fish: the line up to the cursor
        words = shlex.split(line)
        return words[1:] if line.endswith(" ") else words[1:-1]
    except ValueError:  # an open quote
        return []


def _quietly(find: Callable[[], Answers]) -> Answers:
    """``find()``, or nothing at all when it fails: Tab must never print a traceback."""
    try:
        return find()
    except Exception:
        return []


def _param(ctx: typer.Context, name: str) -> Any:
    """A value typed earlier on the line, from this command or a parent."""
    while ctx is not None:
        value = ctx.params.get(name)
        if value is not None:
            return value
        ctx = ctx.parent  # type: ignore[assignment]
    return None


def _state(ctx: typer.Context) -> Path | None:
    """The state file the command would use, or None when there is none yet."""
    from companion.paths import state_path

    path = state_path(_param(ctx, "state"))
    return path if path.is_file() else None


def games(incomplete: str) -> Answers:
    """The five game ids."""
    from companion import GAMES

    return [(g, "game") for g in GAMES if g.startswith(incomplete)]


def rank_games(incomplete: str) -> Answers:
    """The orderings ``rank`` and ``odds`` know: holdem, omaha, then each game's own."""

    def find() -> Answers:
        import companion.games  # noqa: F401  # fills the registry the list is read from
        from companion.games.ranking import rank_games as known

        return [(g, "hand ranking") for g in known() if g.startswith(incomplete)]

    return _quietly(find)


def pot_games(incomplete: str) -> Answers:
    """The games ``pot split`` knows the pot rules of: holdem, omaha, then each game's."""

    def find() -> Answers:
        import companion.games  # noqa: F401  # fills the registry the list is read from
        from companion.poker.variants import GAMES
        from companion.registry import games

        known = [*GAMES, *(g.id for g in games() if g.pot_rules() is not None)]
        return [(g, "pot rules") for g in known if g.startswith(incomplete)]

    return _quietly(find)


def encounters(incomplete: str) -> Answers:
    """The Dungeon Poker encounter cards, as ids (one word a shell inserts unquoted; the
    commands read an id as they read the name), with the name as help."""

    def find() -> Answers:
        from companion.cards import load_game

        cards = load_game("dungeon-poker").deck("encounters")
        return [(c.id, c.name) for c in cards if c.id.startswith(incomplete)]

    return _quietly(find)


def wings(incomplete: str) -> Answers:
    """The Dragon Kings wing cards as ids, with the name as help; and ``none``."""

    def find() -> Answers:
        from companion.games.dragon_kings.wings import wing_cards

        found = [(c.id, c.name) for c in wing_cards() if c.id.startswith(incomplete)]
        return found + ([("none", "no wing card")] if "none".startswith(incomplete) else [])

    return _quietly(find)


def _game(ctx: typer.Context) -> str | None:
    """The game typed earlier on the line.

    Click parses the line for a completion, but an option still waiting for
    its value (``--deck <Tab>``) stops it before the arguments, so the words
    themselves are searched too: a game id cannot be mistaken for anything else.
    """
    from companion import GAMES

    game = _param(ctx, "game")
    if game is None:
        game = next((w for w in words_before_cursor() or [] if w in GAMES), None)
    return str(game) if game is not None else None


def decks(ctx: typer.Context, incomplete: str) -> Answers:
    """The decks of the game typed earlier on the line (``GAME`` or ``--game``)."""

    def find() -> Answers:
        from companion.cards import load_game

        game = _game(ctx)
        if game is None:
            return []
        return [(d.id, d.name) for d in load_game(game).decks if d.id.startswith(incomplete)]

    return _quietly(find)


def card_names(ctx: typer.Context, incomplete: str) -> Answers:
    """Card ids with the card's name as help: ``cards show`` takes either, and an
    id is the name in one lower-case word, which a shell can insert unquoted.

    Only the game given with ``--game`` is searched when there is one.
    """

    def find() -> Answers:
        from companion import GAMES
        from companion.cards import load_game

        game = _game(ctx)
        seen: dict[str, str] = {}
        for g in [game] if game else GAMES:
            for card in load_game(g).cards:
                if card.id.startswith(incomplete):
                    seen.setdefault(card.id, card.name)
        return list(seen.items())

    return _quietly(find)


def _tables(ctx: typer.Context) -> Iterator[tuple[str, str]]:
    path = _state(ctx)
    if path is None:
        return
    from companion.table import open_store

    with open_store(path) as store, store.transaction(write=False) as tx:
        current = (tx.current_table_name() or "").casefold()
        for t in tx.tables():
            mark = " (current)" if t.name.casefold() == current else ""
            yield t.name, f"{t.game}, {', '.join(t.players)}{mark}"


def tables(ctx: typer.Context, incomplete: str) -> Answers:
    """The tables in the state file."""
    return _quietly(lambda: [t for t in _tables(ctx) if t[0].startswith(incomplete)])


def table_decks(ctx: typer.Context, incomplete: str) -> Answers:
    """The decks of the table named with ``--table`` (else the current table)."""

    def find() -> Answers:
        path = _state(ctx)
        if path is None:
            return []
        from companion.table import open_store

        with open_store(path) as store, store.transaction(write=False) as tx:
            table = tx.table(_param(ctx, "table_name"))
            return [(d, table.game) for d in tx.decks(table) if d.startswith(incomplete)]

    return _quietly(find)


def saves(ctx: typer.Context, incomplete: str) -> Answers:
    """The Dungeon of D saves in the state file."""

    def find() -> Answers:
        path = _state(ctx)
        if path is None:
            return []
        from companion.games.dungeon_of_d.saves import SaveStore

        names = SaveStore(path).names()
        return [(n, "saved game") for n in names if n.startswith(incomplete)]

    return _quietly(find)


MOST_FILES = 200
"""The most files and folders one Tab offers (a folder of thousands helps nobody)."""


def structures(incomplete: str) -> Answers:
    """The built-in blind structures, then the ``.yaml`` files (and folders on the way
    to one) that start with what is typed: a structure is either."""

    def find() -> Answers:
        from companion.timer.structure import builtin_names

        names = [(n, "built-in structure") for n in builtin_names() if n.startswith(incomplete)]
        return names + yaml_files(incomplete)

    return _quietly(find)


def yaml_files(incomplete: str) -> Answers:
    """Paths starting with ``incomplete`` that are YAML files or folders (``sub/``),
    written as typed (``~/`` stays ``~/``); hidden ones only when a dot is typed."""
    prefix, _, start = incomplete.rpartition("/")
    prefix = f"{prefix}/" if "/" in incomplete else ""
    found: Answers = []
    with os.scandir(os.path.expanduser(prefix or ".")) as entries:
        for entry in sorted(entries, key=lambda e: e.name):
            if not entry.name.startswith(start) or (
                entry.name.startswith(".") and not start.startswith(".")
            ):
                continue
            if entry.is_dir():
                found.append((f"{prefix}{entry.name}/", "folder"))
            elif entry.name.lower().endswith((".yaml", ".yml")):
                found.append((f"{prefix}{entry.name}", "structure file"))
            if len(found) >= MOST_FILES:
                break
    return found
