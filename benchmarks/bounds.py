"""What the reliability bounds cost: the bounded reader and the template sandbox.

Run: ``python benchmarks/bounds.py [--rounds N]``. Two pairs measured in the
same process (CPU time, best of ``N`` rounds):

* every card file of ``cards_data/`` parsed by :func:`companion.documents.parse_document`
  (aliases counted, nesting and numbers checked), against PyYAML's own fastest
  safe loader on the same text;
* every card face of every game rendered in the bounded sandbox
  (:mod:`companion.printing.sandbox`), against the same templates in a plain
  Jinja2 environment.

It prints the milliseconds of each and the ratio (bounded / plain).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import jinja2
import yaml

from companion.cards import load_all
from companion.documents import parse_document
from companion.paths import cards_dir
from companion.printing import templates


def _best(work: Callable[[], object], rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best * 1000


def _plain_environment(root: str) -> Any:
    """The card environment as it was before the sandbox: same options and filters."""
    bounded = templates._environment(root)
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(root),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
        auto_reload=False,
    )
    env.filters.update(bounded.filters)
    env.globals.update(bounded.globals)
    return env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds

    files = [(str(p), p.read_text(encoding="utf-8")) for p in sorted(cards_dir().rglob("*.yaml"))]
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    plain = _best(lambda: [yaml.load(text, Loader=loader) for _, text in files], rounds)
    bounded = _best(
        lambda: [parse_document(text, name, format="yaml") for name, text in files], rounds
    )
    print(
        f"card files ({len(files)}): bounded {bounded:.1f} ms, plain PyYAML {plain:.1f} ms, "
        f"ratio {bounded / plain:.2f}"
    )

    games = load_all()
    cards = [(g, c) for g in games.values() for c in g.cards]
    root = str(templates.cards_template_dir())

    def faces() -> None:
        templates._FACES.clear()
        for g, c in cards:
            templates.render_face(g.game, g.game.deck(c.deck), c)

    faces()  # templates compiled once, as in a real run
    sandboxed = _best(faces, rounds)
    original = templates._environment
    plain_env = _plain_environment(root)
    templates._environment = lambda _root: plain_env  # type: ignore[assignment]
    try:
        faces()
        unsandboxed = _best(faces, rounds)
    finally:
        templates._environment = original
    print(
        f"card faces ({len(cards)}): sandboxed {sandboxed:.1f} ms, plain Jinja2 "
        f"{unsandboxed:.1f} ms, ratio {sandboxed / unsandboxed:.2f}"
    )


if __name__ == "__main__":
    main()
