"""The one reader of the YAML and JSON documents users hand to companion.

Showdown files, encounter files, blind structures, card files, Dungeon of D
save files and the saved print settings all come through
:func:`read_document` (or :func:`parse_document` for text already read), so
each of them gets the same bounds and the same one-line errors:

* at most :data:`~companion.fileio.MAX_READ_BYTES` of UTF-8 text;
* YAML anchors and aliases are allowed (the card files use them), but the
  document they spell out may hold at most :data:`MAX_NODES` values, so a
  few hundred bytes cannot expand into billions (an "alias bomb"), and an
  alias may not point into itself;
* at most :data:`MAX_DEPTH` levels of nesting;
* whole numbers within ``±(2**64 - 1)`` (a 64-bit word: any seed or random
  state a save records) and only finite decimals;
* a message quotes a bad value in the short form of :func:`short`, never in
  full.

Every problem is a :class:`~companion.errors.CompanionError` (or the
subclass a caller asks for) that starts with the document's name.

>>> parse_document("players: [{name: ann}]", "mine.yaml")
{'players': [{'name': 'ann'}]}
>>> parse_document("seed: " + "9" * 30, "mine.yaml")
Traceback (most recent call last):
...
companion.errors.CompanionError: mine.yaml: line 1: the number 999999999999999999999999999999 is too large (at most 18446744073709551615)
"""

from __future__ import annotations

import json
import math
import reprlib
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from companion.errors import CompanionError
from companion.fileio import MAX_READ_BYTES, read_text

if TYPE_CHECKING:
    from pydantic import ValidationError

MAX_DEPTH = 64
"""Levels of nesting a document may have (a showdown needs four)."""
MAX_NODES = 500_000
"""Values (scalars, lists and mappings) a document may hold once its aliases are spelled out."""
MAX_INT = 2**64 - 1
"""The largest whole number a document may hold (and the smallest is ``-MAX_INT``): what a
64-bit word holds, enough for any seed or random state a save records."""
_MAX_INT_TEXT = (
    40  # characters of a YAML integer before it is refused unread (0x, 0o, _ and : forms)
)

Format = Literal["auto", "yaml", "json"]

_SHORT = reprlib.Repr()
_SHORT.maxstring = 40
_SHORT.maxother = 40
_SHORT.maxlong = 30
_SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxset = 5
_SHORT.maxdict = 4
_SHORT.maxlevel = 2


def short(value: Any) -> str:
    """A bad value as it may appear in a one-line message: at most about 80 characters.

    >>> short("x" * 500)
    "'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'"
    >>> short(list(range(100)))
    '[0, 1, 2, 3, 4, ...]'
    >>> short(10**5000)[:12]
    '<an integer '
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**30:
        # repr() of an integer past 4300 digits raises; its size is what matters anyway.
        return f"<an integer of about {int(abs(value).bit_length() * math.log10(2)) + 1} digits>"
    try:
        text = _SHORT.repr(value)
    except Exception:  # a value whose repr fails says what it is instead
        return f"<a {type(value).__name__}>"
    return text if len(text) <= 100 else text[:97] + "..."


# -- reading -------------------------------------------------------------------


def read_document(
    path: str | Path,
    *,
    what: str = "file",
    format: Format = "auto",
    source: str | None = None,
    error: type[CompanionError] = CompanionError,
    limit: int = MAX_READ_BYTES,
) -> Any:
    """Read and parse the document at ``path`` (``-``: standard input) within the bounds.

    ``what`` names the kind of file in read errors ("showdown file");
    ``source`` is how parse errors name it (default: the path).
    """
    text = read_text(path, what=what, limit=limit)
    shown = source if source is not None else ("<stdin>" if str(path) == "-" else str(path))
    if format == "auto" and str(path).lower().endswith(".json"):
        format = "json"
    return parse_document(text, shown, format=format, error=error)


def parse_document(
    text: str,
    source: str,
    *,
    format: Format = "auto",
    error: type[CompanionError] = CompanionError,
) -> Any:
    """Parse ``text`` as YAML or JSON (``auto``: JSON when it starts with ``{`` or ``[``).

    Errors start with ``source``: the document's name.
    """
    if format == "json" or (format == "auto" and text.lstrip().startswith(("{", "["))):
        return _parse_json(text, source, error)
    return _parse_yaml(text, source, error)


def _parse_json(text: str, source: str, error: type[CompanionError]) -> Any:
    def number(digits: str) -> int:
        if len(digits.lstrip("-")) > 20 or abs(int(digits)) > MAX_INT:
            raise _Refused(f"the number {short_digits(digits)} is too large (at most {MAX_INT})")
        return int(digits)

    def decimal(digits: str) -> float:
        value = float(digits)
        if not math.isfinite(value):
            raise _Refused(f"the number {short_digits(digits)} is too large")
        return value

    def constant(name: str) -> float:
        raise _Refused(f"{name} is not a number companion accepts")

    try:
        data = json.loads(text, parse_int=number, parse_float=decimal, parse_constant=constant)
    except json.JSONDecodeError as exc:
        raise error(f"{source}: line {exc.lineno}: not valid JSON ({exc.msg})") from None
    except _Refused as exc:
        raise error(f"{source}: {exc}") from None
    except RecursionError:
        raise error(f"{source}: nested too deeply (at most {MAX_DEPTH} levels)") from None
    _check_data(data, source, error)
    return data


class _Refused(ValueError):
    """A value the bounds refuse, raised from inside a parser."""


def short_digits(digits: str) -> str:
    """A long number written as its first and last digits and its length.

    >>> short_digits("9" * 5000)
    '999999...999999 (5000 digits)'
    """
    if len(digits) <= 30:
        return digits
    return f"{digits[:6]}...{digits[-6:]} ({len(digits.lstrip('-'))} digits)"


def _check_data(data: Any, source: str, error: type[CompanionError]) -> None:
    """Depth and size of parsed JSON (no aliases there: it is a tree)."""
    count = 0
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        count += 1
        if depth > MAX_DEPTH:
            raise error(f"{source}: nested too deeply (at most {MAX_DEPTH} levels)")
        if count > MAX_NODES:
            raise error(f"{source}: too many values (at most {MAX_NODES:,})")
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)


def _yaml_loader(text: str) -> Any:
    import yaml

    # The C loader is several times faster where libyaml is present (and it
    # refuses nesting past 1000 levels by itself).
    loader_class = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return loader_class(text)


def _parse_yaml(text: str, source: str, error: type[CompanionError]) -> Any:
    import yaml

    loader = _yaml_loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        _check_nodes(loader, node, source, error)
        return loader.construct_document(node)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        where = f"line {mark.line + 1}: " if mark is not None else ""
        problem = exc.problem or exc.context or "a syntax error"
        if "nesting depth" in problem:  # libyaml's own limit, past ours
            raise error(
                f"{source}: {where}nested too deeply (at most {MAX_DEPTH} levels)"
            ) from None
        raise error(f"{source}: {where}not valid YAML ({problem})") from None
    except yaml.YAMLError as exc:
        raise error(f"{source}: not valid YAML ({' '.join(str(exc).split())[:120]})") from None
    except RecursionError:
        raise error(f"{source}: nested too deeply (at most {MAX_DEPTH} levels)") from None
    except (ValueError, TypeError, OverflowError) as exc:
        raise error(f"{source}: not valid YAML ({short(str(exc))})") from None
    finally:
        loader.dispose()


_INT_TAG = "tag:yaml.org,2002:int"
_FLOAT_TAG = "tag:yaml.org,2002:float"
_CHECKED_TAGS = frozenset((_INT_TAG, _FLOAT_TAG))


def _children(node: Any) -> list[Any]:
    if node.id == "sequence":
        return list(node.value)
    return [part for pair in node.value for part in pair]


def _line(node: Any) -> str:
    return f"line {node.start_mark.line + 1}: " if node.start_mark is not None else ""


def _check_nodes(loader: Any, root: Any, source: str, error: type[CompanionError]) -> None:
    """Refuse, before anything is built, a node graph the bounds do not allow.

    Aliases make the graph a DAG (or a cycle, refused): sizes and depths are
    computed once per distinct node, so an alias bomb is measured in a
    moment and refused without being spelled out.
    """
    size: dict[int, int] = {}
    height: dict[int, int] = {}
    entered: set[int] = set()
    stack: list[tuple[Any, bool]] = [(root, False)]
    while stack:
        node, finished = stack.pop()
        key = id(node)
        if finished:
            kids = _children(node)
            total = 1 + sum(size[id(k)] for k in kids)
            tallest = 1 + max((height[id(k)] for k in kids), default=0)
            if total > MAX_NODES:
                raise error(
                    f"{source}: {_line(node)}too many values once its aliases are spelled out "
                    f"(at most {MAX_NODES:,})"
                )
            if tallest > MAX_DEPTH:
                raise error(
                    f"{source}: {_line(node)}nested too deeply (at most {MAX_DEPTH} levels)"
                )
            size[key] = total
            height[key] = tallest
            continue
        if key in size:
            continue
        if node.id == "scalar":
            if node.tag in _CHECKED_TAGS:
                _check_scalar(loader, node, f"{source}: {_line(node)}", error)
            size[key] = height[key] = 1
            continue
        entered.add(key)
        stack.append((node, True))
        for kid in _children(node):
            kid_key = id(kid)
            if kid_key not in size:
                if kid_key in entered:
                    raise error(
                        f"{source}: {_line(node)}an alias refers to the value that holds it"
                    )
                stack.append((kid, False))


def _check_scalar(loader: Any, node: Any, where: str, error: type[CompanionError]) -> None:
    if node.tag == _INT_TAG:
        text = node.value
        if len(text) > _MAX_INT_TEXT:
            raise error(f"{where}the number {short_digits(text)} is too large (at most {MAX_INT})")
        value = loader.construct_yaml_int(node)
        if abs(value) > MAX_INT:
            raise error(f"{where}the number {text} is too large (at most {MAX_INT})")
    elif node.tag == _FLOAT_TAG:
        value = loader.construct_yaml_float(node)
        if not math.isfinite(value):
            raise error(f"{where}{short(node.value)} is not a finite number")


# -- validation messages ---------------------------------------------------------

_MESSAGES = {
    "missing": "is required",
    "extra_forbidden": "is not a known field",
    "greater_than_equal": "must be ≥ {ge}",
    "greater_than": "must be > {gt}",
    "less_than_equal": "must be ≤ {le}",
    "less_than": "must be < {lt}",
    "int_type": "must be a whole number",
    "int_parsing": "must be a whole number",
    "int_from_float": "must be a whole number",
    "float_type": "must be a number",
    "float_parsing": "must be a number",
    "bool_parsing": "must be true or false",
    "bool_type": "must be true or false",
    "string_type": "must be text",
    "list_type": "must be a list",
    "tuple_type": "must be a list",
    "dict_type": "must be a mapping",
    "model_type": "must be a mapping of fields",
    "string_too_short": "must not be empty",
    "string_too_long": "is too long (at most {max_length} characters)",
    "too_short": "must have at least {min_length} item(s)",
    "too_long": "must have at most {max_length} item(s)",
    "string_pattern_mismatch": "has a bad format (must match {pattern})",
}


def validation_problems(exc: ValidationError, tag: str | None = None) -> list[str]:
    """Pydantic's errors as ``field: message`` lines in plain words, bad values kept short.

    ``tag`` is the discriminator of a union of models (a card's ``type``):
    its name is left out of the field paths.
    """
    lines = []
    for err in exc.errors(include_url=False):
        kind = err["type"]
        ctx = err.get("ctx") or {}
        loc = [str(p) for p in err["loc"]]
        if kind in ("union_tag_invalid", "union_tag_not_found"):
            if kind == "union_tag_not_found":
                lines.append("type: is required (which kind of card is this?)")
            else:
                lines.append(
                    f"type: unknown card type {short(ctx.get('tag'))} "
                    f"(expected one of {ctx.get('expected_tags')})"
                )
            continue
        # Inside a discriminated union the first location is the card's type tag.
        if tag is not None and loc and loc[0] == tag:
            loc = loc[1:]
        where = ".".join(loc) if loc else "card"
        if kind == "literal_error":
            message = f"must be one of {ctx.get('expected')}"
        elif kind == "value_error":
            message = str(ctx.get("error", err["msg"]))
        elif kind in _MESSAGES:
            try:
                message = _MESSAGES[kind].format(**ctx)
            except (KeyError, IndexError):
                message = err["msg"]
        else:
            message = err["msg"][:1].lower() + err["msg"][1:]
        if (
            kind not in ("missing", "extra_forbidden")
            and "input" in err
            and not isinstance(err["input"], dict | list)
        ):
            message += f" (got {short(err['input'])})"
        lines.append(f"{where}: {message}")
    return lines


__all__ = [
    "MAX_DEPTH",
    "MAX_INT",
    "MAX_NODES",
    "parse_document",
    "read_document",
    "short",
    "short_digits",
    "validation_problems",
]
