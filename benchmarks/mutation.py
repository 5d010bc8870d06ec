"""Mutation testing: which rules of the pots, the ranking and Dungeon Poker's showdown no test pins.

Run: ``python benchmarks/mutation.py [--group pots|ranking|showdown]... [--jobs N] [--json FILE]``.

Each mutant changes one thing the code decides (a comparison, ``and``/``or``,
a ``not``, ``+``/``-``, a number, ``True``/``False``) in one of the three
groups of modules the issue names: ``poker/pots.py``, ``games/ranking.py``
and the phases of Dungeon Poker's showdown (``games/dungeon_poker/showdown``).
Messages and sentences are left alone: a mutant there says how a rule is
worded, not what it decides.

The script works on a copy of the repository, never the checkout. It first
runs the groups' tests once with a tracer to learn which tests run each line
of the target modules; then, for each mutant, it writes the mutated module
into the copy and runs only the tests that run the mutated line, stopping at
the first failure (the mutant is *killed*). A mutant that every such test
lets pass *survives*; a line no test runs makes every mutant on it survive
unseen. The figure is the surviving share of each group, and the survivors
are listed so a test can be written for the rule behind each.

A mutant that no test could ever tell from the code (a first value always
overwritten, a default never used) is listed in ``EQUIVALENT`` with the
reason, and neither run nor counted. ``--again FILE`` runs only the
survivors of an earlier run's ``--json`` (after tests were written for them)
and gives each group's figure over all of its mutants; ``--start N`` skips a
group's first N mutants, to run a long group in parts.

This is not a timing: it measures the tests, not the code. It takes a while
(about a minute per twenty mutants on one core); ``--jobs`` runs that many
copies side by side.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

GROUPS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # group: (modules to mutate, the tests that may pin them)
    "pots": (
        ("companion/poker/pots.py",),
        ("tests/poker/test_pots.py", "tests/poker/test_showdown.py", "tests/poker/test_showdown_games.py",
         "tests/poker/test_showdown_decko.py", "tests/poker/test_showdown_limits.py",
         "tests/poker/test_showdown_properties.py", "tests/poker/test_showdown_docs.py",
         "tests/poker/test_showdown_cli.py", "tests/poker/test_betting.py",
         "tests/poker/test_betting_pokerkit.py", "tests/table/test_dp_betting.py",
         "tests/table/test_dk_betting.py", "tests/poker/test_pots_rules.py"),
    ),
    "ranking": (
        ("companion/games/ranking.py",),
        ("tests/poker/test_cli_rank.py", "tests/poker/test_card_data.py", "tests/poker/test_decko.py",
         "tests/poker/test_holdem.py", "tests/poker/test_dragon_kings_odds.py",
         "tests/games/dungeon_poker/test_hand_rules.py", "tests/games/dragon_kings/test_hands.py",
         "tests/table/test_dragon_kings.py", "tests/test_readme_tours.py",
         "tests/games/test_ranking.py"),
    ),
    "showdown": (
        tuple(
            str(p.relative_to(ROOT))
            for p in sorted((ROOT / "companion/games/dungeon_poker/showdown").glob("*.py"))
        ),
        ("tests/poker/test_showdown.py", "tests/poker/test_showdown_docs.py",
         "tests/poker/test_showdown_words.py", "tests/poker/test_showdown_ranked.py",
         "tests/poker/test_showdown_limits.py", "tests/poker/test_showdown_properties.py",
         "tests/poker/test_showdown_cli.py", "tests/games/dungeon_poker",
         "tests/table/test_deal.py", "tests/table/test_dungeon_poker.py",
         "tests/table/test_dp_table_findings.py", "tests/table/test_dp_soul_gems.py"),
    ),
}  # fmt: skip

EQUIVALENT: dict[str, str] = {
    "companion/poker/pots.py:66: 1 -> 2": (
        "ALL_IN is a marker no amount can be (amounts are >= 0); every reader compares with "
        "the name ALL_IN, so any negative number marks it the same"
    ),
    "companion/games/dungeon_poker/showdown/__init__.py:115: 0 -> 1": (
        "the waiting treasures' first value: after_pots always sets it before the result is made"
    ),
    "companion/games/dungeon_poker/showdown/cards.py:45: False -> True": (
        "getattr's default for a card without set_aside: the cards a name finds are of one kind, "
        "so either all have the field or none does, and with none 'plain or found' picks the "
        "first card either way"
    ),
    "companion/games/dungeon_poker/showdown/fates.py:49: > -> >=": (
        "'tied' with one winner: a monster alone among a board's winners has won, and 'won' "
        "is asked first"
    ),
    "companion/games/dungeon_poker/showdown/fates.py:114: 0 -> 1": (
        "the default of payouts.get: the pots' payouts list every player, so it is never used"
    ),
}
"""Mutants that change nothing a test could see, and why (checked by reading the code)."""

PYTEST = [
    "-q",
    "-x",
    "-p",
    "no:randomly",
    "-p",
    "no:cacheprovider",
    "-o",
    "addopts=",
    "--no-header",
]
"""How each run of the tests is made: stop at the first failure, no doctests of the package."""


# -- mutants -----------------------------------------------------------------------------------

_SWAPS: dict[type, type] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
    ast.And: ast.Or,
    ast.Or: ast.And,
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.FloorDiv,
    ast.FloorDiv: ast.Mult,
    ast.Mod: ast.FloorDiv,
}
_SYMBOL = {
    ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=",
    ast.In: "in", ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not", ast.And: "and",
    ast.Or: "or", ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.FloorDiv: "//", ast.Mod: "%",
}  # fmt: skip


@dataclass(frozen=True)
class Mutant:
    """One change to one module: where, what, and the mutated source."""

    module: str
    line: int
    what: str
    source: str
    runs: tuple[int, int]
    """The lines whose tests may see the change: its own line; a function's body for a
    default value (computed once, used by every call); the whole module for what runs at
    import (a constant, a class's field)."""

    def __str__(self) -> str:
        return f"{self.module}:{self.line}: {self.what}"


def _skipped(tree: ast.Module) -> set[int]:
    """Nodes no mutant touches: annotations, docstrings, f-strings (the words of messages),
    what a ``raise`` or an ``assert`` says, ``__repr__`` and ``if TYPE_CHECKING``."""
    skip: set[int] = set()

    def drop(node: ast.AST | None) -> None:
        if node is not None:
            skip.update(id(n) for n in ast.walk(node))

    for node in ast.walk(tree):
        if isinstance(node, ast.AnnAssign | ast.arg):
            drop(node.annotation)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            drop(node.returns)
            if node.name == "__repr__":
                drop(node)
        elif isinstance(node, ast.JoinedStr | ast.Raise | ast.Assert) or (
            isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING")
        ):
            drop(node)
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "event":
            drop(node)  # a sentence of the showdown's events
    return skip


def _words(node: ast.AST) -> bool:
    """A ``+`` of text: joining words, not arithmetic."""
    return isinstance(node, ast.BinOp) and any(
        isinstance(side, ast.JoinedStr)
        or (isinstance(side, ast.Constant) and isinstance(side.value, str))
        for side in (node.left, node.right)
    )


def _sites(tree: ast.Module) -> Iterator[tuple[ast.AST, int, str]]:
    """(node, the operator's index or -1, what the mutant does) for every change made."""
    skip = _skipped(tree)
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                if type(op) in _SWAPS:
                    yield node, i, f"{_SYMBOL[type(op)]} -> {_SYMBOL[_SWAPS[type(op)]]}"
        elif isinstance(node, ast.BoolOp):
            yield node, -1, f"{_SYMBOL[type(node.op)]} -> {_SYMBOL[_SWAPS[type(node.op)]]}"
        elif isinstance(node, ast.BinOp | ast.AugAssign) and type(node.op) in _SWAPS:
            if not _words(node):
                yield node, -1, f"{_SYMBOL[type(node.op)]} -> {_SYMBOL[_SWAPS[type(node.op)]]}"
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            yield node, -1, "not x -> x"
        elif isinstance(node, ast.Constant) and isinstance(node.value, bool):
            yield node, -1, f"{node.value} -> {not node.value}"
        elif isinstance(node, ast.Constant) and type(node.value) is int:
            yield node, -1, f"{node.value} -> {node.value + 1}"


class _Change(ast.NodeTransformer):
    """Apply the mutant at ``target`` (an ``id()`` of a node of the copied tree)."""

    def __init__(self, target: int, index: int) -> None:
        self.target, self.index = target, index

    def visit(self, node: ast.AST) -> ast.AST:
        if id(node) != self.target:
            return self.generic_visit(node)
        if isinstance(node, ast.Compare):
            node.ops[self.index] = _SWAPS[type(node.ops[self.index])]()
        elif isinstance(node, ast.BoolOp | ast.BinOp | ast.AugAssign):
            node.op = _SWAPS[type(node.op)]()
        elif isinstance(node, ast.UnaryOp):
            return node.operand
        elif isinstance(node, ast.Constant) and isinstance(node.value, bool):
            node.value = not node.value
        elif isinstance(node, ast.Constant):
            node.value = node.value + 1
        return node


def _scopes(tree: ast.Module) -> dict[int, tuple[int, int]]:
    """For each node met at import rather than when its line runs, the lines whose tests
    see it (see :attr:`Mutant.runs`); other nodes are missing."""
    out: dict[int, tuple[int, int]] = {}
    whole = (1, max((getattr(n, "end_lineno", 0) or 0) for n in ast.walk(tree)))

    def visit(node: ast.AST, in_function: bool) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            body = (node.body[0].lineno, node.end_lineno or node.body[0].lineno)
            for default in [*node.args.defaults, *node.args.kw_defaults]:
                for n in ast.walk(default) if default is not None else ():
                    out[id(n)] = body
            for child in node.body:
                visit(child, True)
            return
        if not in_function:
            out[id(node)] = whole
        for child in ast.iter_child_nodes(node):
            visit(child, in_function)

    for top in tree.body:
        visit(top, False)
    return out


def mutants(module: str) -> list[Mutant]:
    """Every mutant of ``module`` (a path from the repository's root)."""
    source = (ROOT / module).read_text(encoding="utf-8")
    tree = ast.parse(source)
    scopes = _scopes(tree)
    out = []
    for n, (node, index, what) in enumerate(_sites(tree)):
        fresh = ast.parse(source)
        # the n-th site of the fresh tree is the same node as in the first walk
        twin, _, _ = next(s for i, s in enumerate(_sites(fresh)) if i == n)
        changed = _Change(id(twin), index).visit(fresh)
        ast.fix_missing_locations(changed)
        line = getattr(node, "lineno", 0)
        runs = scopes.get(id(node), (line, line))
        out.append(Mutant(module, line, what, ast.unparse(changed), runs))
    return out


# -- which tests run which line -----------------------------------------------------------------

_TRACER = '''
"""A pytest plugin the mutation run loads: which test runs each line of the target modules,
and how long each test takes (a mutant's tests run quickest first)."""
import json, os, sys, threading
TARGETS = set(json.loads(os.environ["MUTATION_TARGETS"]))
HITS = {}
SECONDS = {}
_now = [None]

def _line(frame, event, arg):
    if event == "line":
        HITS.setdefault(f"{frame.f_code.co_filename}:{frame.f_lineno}", set()).add(_now[0])
    return _line

def _call(frame, event, arg):
    return _line if frame.f_code.co_filename in TARGETS else None

def pytest_runtest_setup(item):
    _now[0] = item.nodeid
    threading.settrace(_call)
    sys.settrace(_call)

def pytest_runtest_teardown(item, nextitem):
    sys.settrace(None)
    threading.settrace(None)

def pytest_runtest_logreport(report):
    SECONDS[report.nodeid] = SECONDS.get(report.nodeid, 0.0) + report.duration

def pytest_sessionfinish(session):
    with open(os.environ["MUTATION_HITS"], "w") as f:
        json.dump({"hits": {k: sorted(v) for k, v in HITS.items()}, "seconds": SECONDS}, f)
'''


def _copy_repository(into: Path) -> Path:
    """A copy of what the tests need (the package, its data, the tests), outside the checkout."""
    keep = ("companion", "tests", "cards_data", "templates", "docs", "pyproject.toml", "README.md")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis")
    for name in keep:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, into / name, ignore=ignore)
        elif src.is_file():
            shutil.copy2(src, into / name)
    shared = ROOT.parent / "shared"
    if shared.is_dir() and not (into.parent / "shared").exists():
        (into.parent / "shared").symlink_to(shared)  # the rulebooks, as ../shared in a checkout
    return into


def _env(copy_root: Path, **extra: str) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(copy_root), PYTHONDONTWRITEBYTECODE="1", **extra)
    env.pop("COMPANION_STATE", None)
    return env


def test_map(
    copy_root: Path, modules: tuple[str, ...], tests: tuple[str, ...]
) -> dict[str, list[str]]:
    """``module:line`` -> the ids of the tests that run that line, quickest first."""
    (copy_root / "mutation_tracer.py").write_text(_TRACER, encoding="utf-8")
    hits = copy_root / "hits.json"
    targets = json.dumps([str(copy_root / m) for m in modules])
    subprocess.run(
        [sys.executable, "-m", "pytest", *PYTEST[:1], *PYTEST[2:], "-p", "mutation_tracer", *tests],
        cwd=copy_root,
        env=_env(copy_root, MUTATION_TARGETS=targets, MUTATION_HITS=str(hits)),
        check=False,
        stdout=subprocess.DEVNULL,
    )
    raw = json.loads(hits.read_text(encoding="utf-8"))
    seconds: dict[str, float] = raw["seconds"]
    prefix = str(copy_root) + os.sep
    return {
        key.removeprefix(prefix): sorted(ids, key=lambda t: (seconds.get(t, 0.0), t))
        for key, ids in raw["hits"].items()
    }


# -- the run ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    mutant: Mutant
    killed: bool
    tests: int
    """How many tests run the mutated line (0: none, so it survives unseen)."""
    seconds: float


def _forked_pytest(copy_root: Path, tests: list[str], timeout: float) -> int:
    """Run ``tests`` in a forked child of this process (pytest and the libraries already
    imported, the package imported fresh from the copy); its exit code."""
    pid = os.fork()
    if pid == 0:  # the child: never returns
        code = 3
        try:
            signal.alarm(int(timeout))
            os.chdir(copy_root)
            sys.path.insert(0, str(copy_root))
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            import pytest

            code = int(pytest.main([*PYTEST, *tests]))
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


def run_mutant(copy_root: Path, mutant: Mutant, tests: list[str], timeout: float) -> Outcome:
    """Write the mutant into the copy, run the tests of its line, put the module back."""
    if not tests:
        return Outcome(mutant, False, 0, 0.0)
    path = copy_root / mutant.module
    original = path.read_text(encoding="utf-8")
    start = time.monotonic()
    try:
        path.write_text(mutant.source, encoding="utf-8")
        # 0: every test passed, the mutant survives; a failure, an error or the alarm of
        # an endless loop (a signal) kills it
        killed = _forked_pytest(copy_root, tests, timeout) != 0
    finally:
        path.write_text(original, encoding="utf-8")
    return Outcome(mutant, killed, len(tests), time.monotonic() - start)


def _prepare_children() -> None:
    """What every forked child shares: no state file of the user's, no bytecode written into
    the copy, and the libraries no mutant changes imported once, before forking."""
    os.environ.pop("COMPANION_STATE", None)
    sys.dont_write_bytecode = True
    import hypothesis  # noqa: F401
    import pydantic  # noqa: F401
    import pytest  # noqa: F401
    import rich  # noqa: F401
    import typer  # noqa: F401
    import yaml  # noqa: F401


def tests_of(lines: dict[str, list[str]], mutant: Mutant) -> list[str]:
    """The tests that may see ``mutant`` (those that run its lines), quickest first."""
    first, last = mutant.runs
    found: dict[str, int] = {}
    for line in range(first, last + 1):
        for rank, test in enumerate(lines.get(f"{mutant.module}:{line}", [])):
            found[test] = min(found.get(test, rank), rank)
    return sorted(found, key=lambda t: (found[t], t))


def run_group(
    name: str,
    jobs: int,
    work: Path,
    limit: int | None,
    only: set[str] | None = None,
    start: int = 0,
) -> list[Outcome]:
    modules, tests = GROUPS[name]
    copies = [_copy_repository(work / f"{name}-{i}") for i in range(jobs)]
    _prepare_children()
    lines = test_map(copies[0], modules, tests)
    found = [m for module in modules for m in mutants(module)]
    same = [m for m in found if str(m) in EQUIVALENT]
    for m in same:
        print(f"  equivalent, not counted: {m} ({EQUIVALENT[str(m)]})")
    found = [m for m in found if str(m) not in EQUIVALENT][start:]
    if limit is not None:
        found = found[:limit]
    if only is not None:  # --again: the survivors of an earlier run
        found = [m for m in found if str(m) in only]
    print(f"{name}: {len(found)} mutants in {len(modules)} module(s)", flush=True)
    outcomes: list[Outcome] = []

    def one(i: int, mutant: Mutant) -> Outcome:
        return run_mutant(copies[i % jobs], mutant, tests_of(lines, mutant), 300)

    # one mutant at a time per copy: a copy's module is rewritten by its mutant only
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for start in range(0, len(found), jobs):
            batch = found[start : start + jobs]
            for outcome in pool.map(one, range(len(batch)), batch):
                outcomes.append(outcome)
                if not outcome.killed:  # said at once: a test can be written while it runs
                    print(f"  alive  {outcome.mutant}", flush=True)
                if len(outcomes) % 25 == 0:
                    print(f"  {len(outcomes)}/{len(found)}", flush=True)
    return outcomes


def report(name: str, outcomes: list[Outcome], total: int | None = None) -> dict[str, object]:
    """The group's figures; ``total``: its mutants when ``outcomes`` are only the survivors
    of an earlier run run again (``--again``: every other mutant was killed then)."""
    count = len(outcomes) if total is None else total
    survivors = [o for o in outcomes if not o.killed]
    unseen = [o for o in survivors if o.tests == 0]
    share = len(survivors) / count if count else 0.0
    print(
        f"{name}: {count} mutants, {count - len(survivors)} killed, "
        f"{len(survivors)} survived ({len(unseen)} on lines no test runs): "
        f"surviving share {share:.1%}"
    )
    for o in survivors:
        print(f"  survived  {o.mutant}" + ("  (no test runs this line)" if not o.tests else ""))
    return {
        "group": name,
        "mutants": count,
        "killed": count - len(survivors),
        "survived": len(survivors),
        "unseen": len(unseen),
        "share": round(share, 4),
        "survivors": [str(o.mutant) for o in survivors],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument(
        "--group", action="append", choices=sorted(GROUPS), help="default: all three"
    )
    parser.add_argument("--jobs", type=int, default=1, help="copies run side by side (default 1)")
    parser.add_argument("--limit", type=int, help="only the first N mutants of each group")
    parser.add_argument(
        "--start", type=int, default=0, help="skip the first N mutants (a run in two parts)"
    )
    parser.add_argument(
        "--again",
        type=Path,
        help="a --json file of an earlier run: run only its survivors, and give each group's "
        "figure over all of its mutants (the others were killed then)",
    )
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)
    groups = args.group or list(GROUPS)
    if args.list:
        for name in groups:
            for module in GROUPS[name][0]:
                for m in mutants(module):
                    print(f"{name}  {m}")
        return 0
    earlier: dict[str, dict[str, object]] = {}
    if args.again is not None:
        earlier = {f["group"]: f for f in json.loads(args.again.read_text(encoding="utf-8"))}
        groups = [g for g in groups if g in earlier]
    figures = []
    with tempfile.TemporaryDirectory(prefix="mutation-") as tmp:
        for name in groups:
            start = time.monotonic()
            before = earlier.get(name)
            only = None if before is None else set(before["survivors"])  # type: ignore[arg-type]
            outcomes = run_group(name, max(1, args.jobs), Path(tmp), args.limit, only, args.start)
            total = None
            if before is not None and only is not None:  # less those since found equivalent
                total = int(before["mutants"]) - len(only & EQUIVALENT.keys())  # type: ignore[call-overload]
            figure = report(name, outcomes, total)
            figures.append(figure | {"seconds": round(time.monotonic() - start)})
    if args.json is not None:
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
