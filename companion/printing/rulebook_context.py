"""What a rulebook template is given, and the template rendered to markup text.

``templates/rulebooks/<game-id>/rulebook.md.j2`` sees the game's card
database (decks, totals, counts), small helpers for writing numbers the way
a rulebook does (:func:`number_word`, :func:`plural`, :func:`thousands`),
grouping helpers (:func:`tally`, :func:`runs`), the timer's blind and round
structures (:func:`blind_structure`) and this edition's marks from
``rulings.yaml``; docs/rulebooks.md lists the names. :func:`render_markup`
renders it in the sandbox; :mod:`companion.printing.rulebook_markup` parses
the result and :mod:`companion.printing.rulebook` lays it out.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion import GAMES
from companion.errors import CompanionError
from companion.poker.cards import RANK_CHARS, RANK_NAMES, card_symbol, rank_label
from companion.printing import rulebook_markup as mk
from companion.printing import rulebook_rulings as rr

if TYPE_CHECKING:
    from companion.cards.loader import GameCards

TEMPLATE_NAME = "rulebook.md.j2"
SHARED_FOLDER = "_shared"
"""Beside each game's folder: templates every rulebook may include."""


def render_markup(
    game_id: str, *, data_dir: Path | None = None, templates: Path | None = None
) -> str:
    """Render the game's rulebook template to markup text (before layout)."""
    return _render(game_id, data_dir, templates)[0]


def unmarked_rulings(
    game_id: str, *, data_dir: Path | None = None, templates: Path | None = None
) -> list[rr.Unmarked]:
    """Every place where the game's rendered book states a ruling of this
    edition without its mark (see :func:`rulebook_rulings.unmarked`)."""
    text, rulings = _render(game_id, data_dir, templates)
    return rr.unmarked(text, rulings)


def _render(game_id: str, data_dir: Path | None, templates: Path | None) -> tuple[str, rr.Rulings]:
    """The rendered markup and the rendered rulings it printed."""
    if game_id not in GAMES:
        raise CompanionError(f"unknown game '{game_id}' (games: {', '.join(GAMES)})")
    import jinja2

    from companion.cards import load_game
    from companion.paths import templates_dir

    root = (templates or templates_dir()) / "rulebooks"
    game_dir = root / game_id
    if not os.path.isfile(game_dir / TEMPLATE_NAME):
        raise CompanionError(
            f"no rulebook template for {game_id}: {game_dir / TEMPLATE_NAME} is missing"
        )
    from companion.printing.sandbox import BoundedLoader, render, sandboxed_environment

    cards = load_game(game_id, data_dir)
    env = sandboxed_environment(
        FILTERS,
        loader=BoundedLoader([str(game_dir), str(root / SHARED_FOLDER)]),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
    )
    try:
        context = template_context(cards)
        rulings = rr.render_rulings(rr.load_rulings(game_dir), _renderer(env, context))
        context.update(_marking_context(rulings))
        template = env.get_template(TEMPLATE_NAME)
        return render(template, context), rulings
    except jinja2.TemplateSyntaxError as exc:
        where = f"{Path(exc.filename or exc.name or '?').name}:{exc.lineno}"
        raise CompanionError(f"rulebook template {game_id}/{where}: {exc.message}") from None
    except jinja2.exceptions.SecurityError as exc:
        raise CompanionError(
            f"rulebook template {game_id}/{_template_line(exc)}: "
            f"the template tried something unsafe ({exc})"
        ) from None
    except jinja2.TemplateError as exc:
        raise CompanionError(f"rulebook template {game_id}/{_template_line(exc)}: {exc}") from None


def _template_line(exc: BaseException) -> str:
    """``file:line`` of the innermost template frame of a rendering error."""
    tb = exc.__traceback__
    where = "?"
    while tb is not None:
        name = tb.tb_frame.f_code.co_filename
        if name.endswith(".j2"):
            where = f"{Path(name).name}:{tb.tb_lineno}"
        tb = tb.tb_next
    return where


RANK_WORDS = {ch: RANK_NAMES[rank].title() for rank, ch in enumerate(RANK_CHARS, start=2)}
"""``T`` -> ``Ten``: rank letters in words, from the notation table."""


NUMBER_WORDS = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
]


def number_word(n: int) -> str:
    """Small numbers in words, as a rulebook writes them.

    >>> number_word(3), number_word(42)
    ('three', '42')
    """
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def plural(n: int, word: str, words: str | None = None) -> str:
    """``plural(1, "card")`` -> ``1 card``; ``plural(3, "card")`` -> ``3 cards``."""
    return f"{n} {word if n == 1 else (words or word + 's')}"


def thousands(n: int) -> str:
    """``5000`` -> ``5,000`` (gold amounts read better grouped)."""
    return f"{int(n):,}"


def tally(items: Any, key: str = "id") -> list[tuple[Any, int]]:
    """Distinct items (by ``key``) in first-seen order, each with how often it came.

    >>> from types import SimpleNamespace as N
    >>> [(i.id, n) for i, n in tally([N(id="a"), N(id="b"), N(id="a")])]
    [('a', 2), ('b', 1)]
    """
    seen: dict[Any, list[Any]] = {}
    for item in items:
        entry = seen.setdefault(getattr(item, key), [item, 0])
        entry[1] += 1
    return [(item, n) for item, n in seen.values()]


def runs(items: Any, *attrs: str) -> list[tuple[int, int, Any]]:
    """Consecutive items whose ``attrs`` are equal, as ``(first, last, item)``
    with 1-based positions: the rounds 1-3 that share their bets.

    >>> from types import SimpleNamespace as N
    >>> [(a, b, i.bet) for a, b, i in runs([N(bet=1), N(bet=1), N(bet=2)], "bet")]
    [(1, 2, 1), (3, 3, 2)]
    """
    out: list[tuple[int, int, Any]] = []
    for n, item in enumerate(items, start=1):
        key = tuple(getattr(item, a) for a in attrs)
        if out and tuple(getattr(out[-1][2], a) for a in attrs) == key:
            out[-1] = (out[-1][0], n, out[-1][2])
        else:
            out.append((n, n, item))
    return out


def blind_structure(name: str) -> Any:
    """A built-in blind or round structure of the timer (``companion timer structure``),
    so the rulebook and the clock never disagree."""
    from companion.timer.structure import load_structure

    return load_structure(name)


FILTERS: dict[str, Callable[..., Any]] = {
    "md": mk.escape,
    "card": card_symbol,
    "rank": rank_label,
    "words": number_word,
    "thousands": thousands,
    "gate_symbol": rr.gate_symbol,
    "strip_gate": rr.strip_gate,
}


def template_context(cards: GameCards) -> dict[str, Any]:
    """Names a rulebook template may use (documented in docs/rulebooks.md)."""

    def deck(deck_id: str) -> tuple[Any, ...]:
        return cards.deck(deck_id)

    def total(deck_id: str | None = None) -> int:
        return int(cards.total(deck_id))

    def count(deck_id: str, **where: Any) -> int:
        """Copies in a deck whose fields equal ``where`` (``count("wildcards", color="red")``)."""
        return sum(
            c.quantity
            for c in cards.deck(deck_id)
            if all(getattr(c, k, None) == v for k, v in where.items())
        )

    return {
        "cards": cards,
        "game": cards.game,
        "deck": deck,
        "total": total,
        "count": count,
        "get": cards.get,
        "of_type": cards.of_type,
        "plural": plural,
        "tally": tally,
        "runs": runs,
        "structure": blind_structure,
        "card_symbol": card_symbol,
        "rank_words": RANK_WORDS,
    }


def _renderer(env: Any, context: Mapping[str, Any]) -> Callable[[str], str]:
    from companion.printing.sandbox import render as sandbox_render

    def render(text: str) -> str:
        if "{{" not in text and "{%" not in text:
            return text  # most rulings quote no data: no template to compile
        return sandbox_render(env.from_string(text), context).strip()

    return render


def _marking_context(rulings: rr.Rulings) -> dict[str, Any]:
    """The names that print this edition's mark (docs/rulebooks.md)."""

    def rule(ruling_id: str) -> str:
        """The words of ruling ``ruling_id``, marked when it is ours: the one
        way a rules chapter states a ruling."""
        return rr.rule(rulings, ruling_id)

    def card_text(card: Any, text: str | None = None) -> str:
        """A card's text for the markup, marked where a ruling of ours says it."""
        return rr.card_text(rulings, card, text)

    return {
        "rulings": rulings,
        "rule": rule,
        "card_text": card_text,
        "ours": rr.ours,
        "any_ours": rr.any_ours,
        "MARK": rr.MARK,
    }
