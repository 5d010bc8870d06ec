"""The one Jinja2 environment card and rulebook templates run in: sandboxed and bounded.

Templates come from a folder the user may have been handed (a shared
template pack, ``$COMPANION_TEMPLATES``), so they are treated as untrusted:

* they run in Jinja2's :class:`~jinja2.sandbox.SandboxedEnvironment`: no
  attribute that starts with ``_`` and no unsafe callable, so a template
  cannot climb from a value to ``os`` or run a program;
* a render may take at most :data:`RENDER_SECONDS` (a ``SIGALRM`` timer in
  the main thread, and a check at every call, attribute, item, operator and
  filter a template uses, so a loop stops in any thread);
* what a render produces, and every string or list a template builds with
  ``*``, ``**``, ``+`` or ``~``, is at most :data:`MAX_OUTPUT` characters or
  items, so a template cannot fill the memory.

A template that breaks a bound raises :class:`TemplateLimit`, a Jinja2
runtime error that the callers turn into their one-line error.

>>> env = sandboxed_environment()
>>> render(env.from_string("{{ 'ab' * 2 }}"), {})
'abab'
>>> render(env.from_string("{{ cycler.__init__.__globals__ }}"), {})
Traceback (most recent call last):
...
jinja2.exceptions.SecurityError: access to attribute '__init__' of 'type' object is unsafe.
"""

from __future__ import annotations

import functools
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from types import FrameType
from typing import Any

from jinja2 import nodes
from jinja2.compiler import CodeGenerator, Frame
from jinja2.environment import Environment, TemplateModule
from jinja2.exceptions import TemplateNotFound, TemplateRuntimeError
from jinja2.loaders import FileSystemLoader, split_template_path
from jinja2.runtime import Context
from jinja2.sandbox import SandboxedEnvironment

RENDER_SECONDS = 10.0
"""The longest one render may take: far above any real card or rulebook (milliseconds)."""
MAX_OUTPUT = 4_000_000
"""The most characters a render may produce, or a string or list a template may build."""
MAX_EXPONENT = 64
"""The largest power ``**`` may take (2 ** 64 is as large as a template needs)."""
MAX_TEMPLATE_BYTES = 1024 * 1024
"""The largest template file read (the longest rulebook template is a few dozen KiB)."""


class TemplateLimit(TemplateRuntimeError):
    """A template ran too long or built too much."""


# -- the time bound --------------------------------------------------------------------

_local = threading.local()


def _deadline() -> float | None:
    value: float | None = getattr(_local, "deadline", None)
    return value


def _tick() -> None:
    deadline = _deadline()
    if deadline is not None and time.monotonic() > deadline:
        raise TemplateLimit(f"the template ran longer than {RENDER_SECONDS:g} s (a loop?)")


def _on_alarm(signum: int, frame: FrameType | None) -> None:
    raise TemplateLimit(f"the template ran longer than {RENDER_SECONDS:g} s (a loop?)")


@contextmanager
def _time_bound() -> Iterator[None]:
    """At most :data:`RENDER_SECONDS` for what runs inside (nested renders share the outer bound)."""
    if _deadline() is not None:
        yield
        return
    seconds = RENDER_SECONDS
    _local.deadline = time.monotonic() + seconds
    alarm = (
        threading.current_thread() is threading.main_thread()
        and hasattr(signal, "setitimer")
        # Someone else's timer is running: leave it alone and rely on the checks.
        and signal.getitimer(signal.ITIMER_REAL)[0] == 0
    )
    previous: Any = None
    if alarm:
        previous = signal.signal(signal.SIGALRM, _on_alarm)
        signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        if alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
        _local.deadline = None


# -- the size bound --------------------------------------------------------------------


def _sized(value: Any) -> Any:
    if isinstance(value, str | list | tuple | bytes) and len(value) > MAX_OUTPUT:
        raise TemplateLimit(f"the template built a value of more than {MAX_OUTPUT:,} characters")
    return value


def _checked_join(value: Any) -> Any:
    _tick()
    return _sized(value)


class _BoundedGenerator(CodeGenerator):
    """Compiles ``a ~ b`` so that its result passes the size check too."""

    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:
        self.write("environment.bounded(")
        super().visit_Concat(node, frame)
        self.write(")")


class BoundedSandbox(SandboxedEnvironment):
    """Jinja2's sandbox with a time and a size bound on everything a template does."""

    code_generator_class = _BoundedGenerator
    intercepted_binops = frozenset({"*", "**", "+", "%"})

    def bounded(self, value: Any) -> Any:
        return _checked_join(value)

    def call_binop(self, context: Context, operator: str, left: Any, right: Any) -> Any:
        _tick()
        if operator == "*":
            for seq, times in ((left, right), (right, left)):
                if (
                    isinstance(seq, str | list | tuple)
                    and isinstance(times, int)
                    and len(seq) * times > MAX_OUTPUT
                ):
                    raise TemplateLimit(
                        f"the template built a value of more than {MAX_OUTPUT:,} characters"
                    )
        if operator == "**" and isinstance(right, int | float) and abs(right) > MAX_EXPONENT:
            raise TemplateLimit(f"the template raised a number to a power above {MAX_EXPONENT}")
        return _sized(super().call_binop(context, operator, left, right))

    def call(
        __self,
        __context: Context,
        __obj: Any,
        *args: Any,
        **kwargs: Any,
    ) -> Any:
        _tick()
        return _sized(super().call(__context, __obj, *args, **kwargs))

    def getattr(self, obj: Any, attribute: str) -> Any:
        _tick()
        return super().getattr(obj, attribute)

    def getitem(self, obj: Any, argument: Any) -> Any:
        _tick()
        return super().getitem(obj, argument)


def _bounded_filter(function: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(function)  # keeps Jinja2's pass_context / pass_environment marks
    def run(*args: Any, **kwargs: Any) -> Any:
        _tick()
        return _sized(function(*args, **kwargs))

    return run


class BoundedLoader(FileSystemLoader):
    """Jinja2's file loader, reading each template through :func:`companion.fileio.read_text`:
    at most :data:`MAX_TEMPLATE_BYTES`, UTF-8, one-line errors (a template linked to
    ``/dev/zero`` is refused, not read forever)."""

    def get_source(
        self, environment: Environment, template: str
    ) -> tuple[str, str, Callable[[], bool]]:
        from companion.fileio import read_text

        pieces = split_template_path(template)
        for folder in self.searchpath:
            path = os.path.join(folder, *pieces)
            if not os.path.lexists(path):
                continue
            text = read_text(path, what="template", limit=MAX_TEMPLATE_BYTES)
            mtime = _mtime(path)
            return text, os.path.normpath(path), lambda p=path, m=mtime: _mtime(p) == m
        raise TemplateNotFound(template)


def _mtime(path: str) -> float:
    try:
        return os.path.getmtime(path)
    except OSError:
        return -1.0


def sandboxed_environment(
    filters: Mapping[str, Callable[..., Any]] | None = None, **options: Any
) -> BoundedSandbox:
    """A :class:`BoundedSandbox` with ``options`` (loader, autoescape...) and extra ``filters``.

    Every filter, Jinja2's own and the ones given, passes the time and size checks.
    """
    env = BoundedSandbox(**options)
    env.filters.update(filters or {})
    env.filters = {name: _bounded_filter(f) for name, f in env.filters.items()}
    return env


def render(template: Any, context: Mapping[str, Any]) -> str:
    """Render ``template`` with ``context`` within the bounds."""
    with _time_bound():
        try:
            ctx = template.new_context(dict(context))
            return "".join(_stream(template.root_render_func(ctx)))
        except Exception:
            template.environment.handle_exception()  # re-raised with template lines
            raise  # pragma: no cover - handle_exception always raises


def make_module(template: Any, context: Mapping[str, Any]) -> TemplateModule:
    """Run ``template`` as a module (its top-level ``set`` values) within the bounds."""
    with _time_bound():
        try:
            ctx = template.new_context(dict(context))
            body = list(_stream(template.root_render_func(ctx)))
        except Exception:
            template.environment.handle_exception()
            raise  # pragma: no cover - handle_exception always raises
        return TemplateModule(template, ctx, body)


def _stream(parts: Iterator[str]) -> Iterator[str]:
    total = 0
    for part in parts:
        total += len(part)
        if total > MAX_OUTPUT:
            raise TemplateLimit(f"the template wrote more than {MAX_OUTPUT:,} characters")
        yield part


__all__ = [
    "MAX_OUTPUT",
    "RENDER_SECONDS",
    "BoundedLoader",
    "BoundedSandbox",
    "TemplateLimit",
    "make_module",
    "render",
    "sandboxed_environment",
]
