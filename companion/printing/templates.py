"""Card templates: the words and layout choices of each card type, in Jinja2.

A card of game ``G`` and type ``T`` is set by the first of
``templates/cards/G/T.j2``, ``templates/cards/T.j2`` and
``templates/cards/generic.j2`` that exists (the folder moves with
``$COMPANION_TEMPLATES``). A template's top-level ``{% set %}`` lines give
the face's parts (``title``, ``type_line``, ``badges``, ``emblem``,
``style``...) and what it renders is the body text, in the markup of
:mod:`companion.printing.card_text`. ``templates/cards/README.md`` lists every
part a template may set.

Values from the card are escaped for the body markup automatically; the
template's own tags (``<b>``, ``## ``) are kept.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.errors import CompanionError
from companion.paths import templates_dir
from companion.poker.cards import SUIT_SYMBOLS, rank_label
from companion.printing.shapes import has_icon

LAYOUTS = ("standard", "playing")
CORNERS = ("tl", "tr", "bl", "br")
BASE_FIELDS = frozenset(
    {
        "type",
        "id",
        "name",
        "deck",
        "quantity",
        "text",
        "flavor",
        "designed",
        "designed_reason",
        "variant",
        "art",
        "joins",
    }
)


@dataclass(frozen=True)
class Badge:
    """A round marker in a corner of the card: a number and/or an icon."""

    corner: str
    value: str = ""
    icon: str | None = None
    color: str | None = None
    label: str = ""
    shape: str = "disc"


@dataclass(frozen=True)
class Emblem:
    """The picture in the art box when the card has no art: an icon, a big value, or both."""

    icon: str | None = None
    value: str = ""
    label: str = ""
    color: str | None = None
    count: int = 1


@dataclass(frozen=True)
class FaceSpec:
    """Everything a template decided about one card's face."""

    template: str
    designed: bool
    layout: str
    title: str
    type_line: str
    body: str
    footer: str
    badges: tuple[Badge, ...] = ()
    emblem: Emblem | None = None
    style: Mapping[str, Any] = field(default_factory=dict)
    extra: Mapping[str, Any] = field(default_factory=dict)

    def __repr__(self) -> str:
        return f"<FaceSpec {self.title!r} via {self.template} ({self.layout})>"

    def get(self, key: str, default: Any = None) -> Any:
        return self.extra.get(key, default)


def humanize(value: Any) -> str:
    """``soul_gems`` → ``Soul gems``; ``once-per-deal`` → ``once per deal``.

    >>> humanize("soul_gems"), humanize("once-per-deal")
    ('Soul gems', 'once per deal')
    """
    text = str(value)
    if "_" in text:
        text = text.replace("_", " ")
        return text[:1].upper() + text[1:]
    return text.replace("-", " ")


def describe_value(value: Any) -> str:
    """A structured field's value as short plain text for a generic face.

    >>> describe_value(True), describe_value(["2", "3"]), describe_value({"gold": 1000, "soul_gems": 0})
    ('yes', '2, 3', 'gold 1000')
    """
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Mapping):
        parts = [
            f"{humanize(k).lower()} {describe_value(v)}"
            for k, v in value.items()
            if v not in (None, False, 0, "", [], {}, ())
        ]
        return "; ".join(parts)
    if isinstance(value, list | tuple):
        return ", ".join(describe_value(v) for v in value)
    if hasattr(value, "model_dump"):
        return describe_value(value.model_dump(mode="json", exclude_none=True))
    return str(value)


def card_fields(card: Any) -> list[dict[str, Any]]:
    """The card's own structured fields (not name/text/...), for generic faces.

    Each item has ``key``, ``label``, ``value`` (the raw value) and ``text``;
    nested models are given as dicts. Empty values are left out.
    """
    out = []
    data = card.model_dump(mode="json", exclude_none=True)
    for key, value in data.items():
        if key in BASE_FIELDS or value in ((), [], {}, "", None):
            continue
        out.append(
            {"key": key, "label": humanize(key), "value": value, "text": describe_value(value)}
        )
    return out


@functools.lru_cache(maxsize=4)
def _environment(root: str) -> Any:
    import jinja2

    from companion.printing.sandbox import BoundedLoader, sandboxed_environment

    env = sandboxed_environment(
        {
            "suit_symbol": lambda s: SUIT_SYMBOLS.get(str(s), str(s)),
            "rank_label": rank_label,
            "humanize": humanize,
            "describe": describe_value,
        },
        loader=BoundedLoader(root),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
        auto_reload=False,  # one run never sees a template change; skip a stat a card
    )
    env.globals["gems"] = lambda n: "{gem}" * int(n)
    env.globals["icon"] = lambda name, n=1: ("{" + str(name) + "}") * int(n)
    env.globals["suit_symbols"] = SUIT_SYMBOLS
    from companion.printing.portraits import jinja_globals

    env.globals.update(jinja_globals())  # portrait(name), name_icon(name, default)
    return env


def cards_template_dir() -> Path:
    return templates_dir() / "cards"


def template_name_for(
    game_id: str, card: Any, root: Path | None = None, side: str = ""
) -> tuple[str, bool]:
    """Which template sets ``card`` and whether it is a designed (type) template.

    ``side="back"`` looks for the template of a card's printed other side
    (``<type>.back.j2``), falling back to ``other-side.j2``.

    >>> template_name_for("dragon-kings", type("C", (), {"kind": "no-such-type"})())
    ('generic.j2', False)
    """
    base = root or cards_template_dir()
    kind = getattr(card, "kind", "generic")
    suffix = ".back.j2" if side == "back" else ".j2"
    for name in (f"{game_id}/{kind}{suffix}", f"{kind}{suffix}"):
        if os.path.isfile(base / name):
            return name, True
    return ("other-side.j2", False) if side == "back" else ("generic.j2", False)


def _int(value: Any, where: str, key: str) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise CompanionError(f"{where}: {key} must be a whole number (got {value!r})") from None


def _badges(raw: Any, where: str) -> tuple[Badge, ...]:
    if raw in (None, "", []):
        return ()
    if not isinstance(raw, list | tuple):
        raise CompanionError(f"{where}: badges must be a list of mappings")
    out = []
    for item in raw:
        if not item:
            continue
        if not isinstance(item, Mapping):
            raise CompanionError(f"{where}: each badge must be a mapping (got {item!r})")
        corner = str(item.get("corner", "tl"))
        if corner not in CORNERS:
            raise CompanionError(
                f"{where}: badge corner '{corner}' is not one of {', '.join(CORNERS)}"
            )
        icon = item.get("icon")
        if icon and not has_icon(str(icon)):
            raise CompanionError(
                f"{where}: unknown icon '{icon}' (see companion.printing.shapes.ICONS)"
            )
        value = item.get("value")
        out.append(
            Badge(
                corner=corner,
                value="" if value is None else str(value),
                icon=str(icon) if icon else None,
                color=item.get("color"),
                label=str(item.get("label", "")),
                shape=str(item.get("shape", "disc")),
            )
        )
    return tuple(out)


def _emblem(raw: Any, where: str) -> Emblem | None:
    if not raw:
        return None
    if isinstance(raw, str):
        raw = {"icon": raw}
    if not isinstance(raw, Mapping):
        raise CompanionError(f"{where}: emblem must be an icon name or a mapping")
    icon = raw.get("icon")
    if icon and not has_icon(str(icon)):
        raise CompanionError(
            f"{where}: unknown icon '{icon}' (see companion.printing.shapes.ICONS)"
        )
    value = raw.get("value")
    return Emblem(
        icon=str(icon) if icon else None,
        value="" if value is None else str(value),
        label=str(raw.get("label", "")),
        color=raw.get("color"),
        count=max(1, min(9, _int(raw.get("count", 1), where, "emblem count"))),
    )


RESERVED = {"title", "type_line", "footer", "badges", "emblem", "style", "layout"}


def _plain(value: Any) -> str:
    """Text for a single line: block-set values come escaped, undo that."""
    from markupsafe import Markup

    if isinstance(value, Markup):
        return str(value.unescape()).strip()
    return str(value).strip()


_FACES: dict[tuple[Any, ...], tuple[Any, FaceSpec | CompanionError]] = {}


def render_face(
    game: Any, deck: Any, card: Any, root: Path | None = None, side: str = ""
) -> FaceSpec:
    """Run the card's template and collect what it set (once per card and folder).

    ``side="back"`` renders the other side of a card that has one
    (``back_text``: DECKO's loan card), from ``<type>.back.j2``. A template
    that fails is not run again either: the same error is raised.
    """
    base = root or cards_template_dir()
    key = (str(base), game.id, getattr(deck, "id", None), card.id, id(card), id(game), side)
    hit = _FACES.get(key)
    if hit is not None and hit[0] is card:
        if isinstance(hit[1], CompanionError):
            raise hit[1]
        return hit[1]
    try:
        spec = _render_face(game, deck, card, base, side)
    except CompanionError as exc:
        _FACES[key] = (card, exc)
        raise
    _FACES[key] = (card, spec)
    return spec


def render_game_faces(game_cards: Any, root: Path | None = None) -> None:
    """Run the face template of every card of a game now, into :func:`render_face`'s cache.

    ``print all`` does it before its worker processes start, so that they
    share the compiled templates and the faces instead of each making its own
    (a card whose template fails is left to the worker that needs it).
    """
    game = game_cards.game
    for card in game_cards.cards:
        render_face(game, game.deck(card.deck), card, root)


def _render_face(game: Any, deck: Any, card: Any, base: Path, side: str = "") -> FaceSpec:
    import jinja2

    from companion.printing.sandbox import TemplateLimit, make_module

    name, designed = template_name_for(game.id, card, base, side)
    where = f"templates/cards/{name}: card '{card.name}'"
    env = _environment(str(base))
    context = {
        "card": card,
        "game": game,
        "deck": deck,
        "fields": card_fields(card),
        "quantity": card.quantity,
        "kind": card.kind,
    }
    try:
        template = env.get_template(name)
        module = make_module(template, context)
    except jinja2.TemplateNotFound as exc:
        raise CompanionError(f"card template not found: {exc.name} (in {base})") from None
    except jinja2.TemplateSyntaxError as exc:
        raise CompanionError(
            f"templates/cards/{exc.name or name}:{exc.lineno}: {exc.message}"
        ) from None
    except jinja2.UndefinedError as exc:
        raise CompanionError(f"{where}: {exc.message}") from None
    except TemplateLimit as exc:
        raise CompanionError(f"{where}: {exc}") from None
    except jinja2.exceptions.SecurityError as exc:
        raise CompanionError(f"{where}: the template tried something unsafe ({exc})") from None
    except CompanionError:
        raise
    except Exception as exc:  # a template that divides by zero, calls a missing filter...
        raise CompanionError(f"{where}: template failed ({type(exc).__name__}: {exc})") from None
    exported = {k: v for k, v in vars(module).items() if not k.startswith("_") and k != "__name__"}
    layout = str(exported.get("layout", "standard"))
    if layout not in LAYOUTS:
        raise CompanionError(f"{where}: layout '{layout}' is not one of {', '.join(LAYOUTS)}")
    style = exported.get("style") or {}
    if not isinstance(style, Mapping):
        raise CompanionError(f"{where}: style must be a mapping")
    deck_name = deck.name if deck is not None else card.deck
    return FaceSpec(
        template=name,
        designed=designed,
        layout=layout,
        title=_plain(exported.get("title", card.name)),
        type_line=_plain(exported.get("type_line", humanize(card.kind).capitalize())),
        body=str(module).strip(),
        footer=_plain(exported.get("footer", f"{game.name} · {deck_name}")),
        badges=_badges(exported.get("badges"), where),
        emblem=_emblem(exported.get("emblem"), where),
        style=dict(style),
        extra={k: v for k, v in exported.items() if k not in RESERVED},
    )
