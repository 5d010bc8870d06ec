"""Every `$ companion …` line of the README and of docs/*.md, run as a reader would: in
reading order, each page from a fresh state file of its own (a reader may open any page
first), in one fresh folder that holds the checkout's files a doc names
(``tests/data/…``, ``cards_data/``). An example game a page marks ``<!-- session:NAME
-->`` (docs/table.md) starts from a state file of its own, as the page tells the reader.

What a doc shows under a line is what the line must print (stdout, then stderr):

* a line that is only ``…`` or ``...`` (a comment may follow) stands for any lines, none too;
* a ``…`` inside a line stands for any text there (a token, a path);
* lines are compared without trailing spaces, at the 80 columns a doc is written for;
* nothing shown means the output is not the point, only that the line works;
* a shown ``error: …`` means the line must fail with exit code 2, anything else with 0.

Lines run in this process when they are plain ``companion ARGS`` (fast), in ``bash``
otherwise (pipes, ``printf``, ``export``, ``NAME=value companion ...``). ``companion
serve`` is started, must print its URLs and is stopped (its port, address and tokens are
this machine's). A few lines cost minutes of bots and run elsewhere (:data:`ELSEWHERE`).

When the docs and companion part, the failure names the doc, the line and what companion
printed instead: update whichever is wrong.
"""

from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.conftest import invoke

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SHARED = ("tests", "cards_data", "templates", "benchmarks", "docs", "README.md", "pyproject.toml")
"""The checkout's files a fresh reading folder links to, as a reader's checkout has them."""
ELSEWHERE = {
    "dod simulate": "minutes of bot games: tests/games/dungeon_of_d/test_simulate.py plays them",
}
"""Lines (by the command they start with) that are not run here, and where they are tested."""
SHELL = re.compile(r"[|<>;&`$]|^\w+=")


@dataclass
class Step:
    """One ``$ `` line of a doc and the lines shown under it; or a file the doc shows
    (a YAML or JSON block whose first line is ``# NAME``), which the reader writes."""

    doc: Path
    line: int
    command: str
    shown: list[str] = field(default_factory=list)
    writes: str | None = None
    session: str | None = None
    """The example game (``<!-- session:NAME -->``) the line is part of, if any."""

    @property
    def where(self) -> str:
        return f"{self.doc.relative_to(ROOT)}:{self.line}"


FILE_BLOCK = re.compile(r"#\s*([\w.-]+\.(?:ya?ml|json))\s*$")
SESSION = re.compile(r"<!-- (/?)session:(\w+) -->")


def steps(doc: Path) -> list[Step]:
    """The ``$ `` lines of the console blocks of ``doc``, each with the output shown (a line
    ending in ``\\`` goes on in the next), and the files its YAML and JSON blocks name in
    their first line."""
    found: list[Step] = []
    block: str | None = None
    file: Step | None = None
    first = continued = False
    session: str | None = None
    for number, text in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
        marker = SESSION.fullmatch(text.strip()) if block is None else None
        if marker:
            session = None if marker.group(1) else marker.group(2)
        if text.startswith("```"):
            block = text.strip()[3:] if block is None else None
            file, first, continued = None, True, False
            continue
        if block in ("yaml", "json"):
            named = FILE_BLOCK.match(text) if first else None
            if named:
                file = Step(doc, number, f"(write {named.group(1)})", writes=named.group(1))
                found.append(file)
            elif file is not None:
                file.shown.append(text)
        elif block == "console" and continued:
            found[-1].command = found[-1].command[:-1].rstrip() + " " + text.strip()
            continued = text.endswith("\\")
        elif block == "console" and text.startswith("$ "):
            found.append(Step(doc, number, text[2:], session=session))
            continued = text.endswith("\\")
        elif block == "console" and found and found[-1].writes is None:
            found[-1].shown.append(text.rstrip())
        first = False
    return found


def _runs(step: Step) -> bool:
    if step.writes is not None:
        return True
    words = step.command.split()
    return "companion" in words or step.command.startswith(("export ", "cat ", "head "))


def _elsewhere(step: Step) -> bool:
    return any(f"companion {start}" in step.command for start in ELSEWHERE)


def _is_any(expected: str) -> bool:
    return expected.split("#")[0].strip() in ("…", "...")


def _matches(expected: str, actual: str) -> bool:
    if "…" not in expected:
        return expected == actual
    parts = [re.escape(p) for p in expected.split("…")]
    return re.fullmatch(".*".join(parts), actual) is not None


def _divergence(shown: list[str], printed: list[str]) -> str | None:
    """Where the printed lines part from the shown ones (``None``: they agree)."""
    while shown and not shown[-1]:
        shown = shown[:-1]
    while printed and not printed[-1]:
        printed = printed[:-1]

    def fits(i: int, j: int) -> bool:  # shown[i:] against printed[j:]
        if i == len(shown):
            return j == len(printed)
        if _is_any(shown[i]):
            return any(fits(i + 1, k) for k in range(j, len(printed) + 1))
        return j < len(printed) and _matches(shown[i], printed[j]) and fits(i + 1, j + 1)

    if not shown or fits(0, 0):
        return None
    for i, expected in enumerate(shown):
        if _is_any(expected):
            break
        if i >= len(printed) or not _matches(expected, printed[i]):
            return f"shown line {i + 1} ({expected!r}) is not printed there"
    return "the shown lines are not printed in that order"


@dataclass
class Done:
    code: int
    out: str

    @property
    def lines(self) -> list[str]:
        return [line.rstrip() for line in self.out.splitlines()]


def _bash(command: str, folder: Path, env: dict[str, str]) -> tuple[Done, dict[str, str]]:
    """``command`` in bash; the environment it leaves (``export``) is kept for the next."""
    marker = "=== environment after ==="
    script = f"{command}\nstatus=$?\necho '{marker}'\nenv -0\nexit $status\n"
    done = subprocess.run(
        ["bash", "-c", script],
        cwd=folder,
        env=env,
        capture_output=True,
        stdin=subprocess.DEVNULL,
        timeout=300,
        check=False,
    )
    out, _, rest = done.stdout.decode().partition(marker + "\n")
    after = dict(item.split("=", 1) for item in rest.split("\0") if "=" in item)
    return Done(done.returncode, out + done.stderr.decode()), after or env


def _serve(command: str, folder: Path, env: dict[str, str]) -> Done:
    """Start the server the line starts, wait for its URLs, stop it with SIGTERM."""
    args = shlex.split(command, comments=True)
    if "--port" not in args:
        args += ["--port", "0"]  # the doc's port may be taken on this machine
    server = subprocess.Popen(
        args, cwd=folder, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert server.stdout is not None
    deadline = time.monotonic() + 60
    first = server.stdout.readline()
    while time.monotonic() < deadline and server.poll() is None and "clock" not in first:
        first += server.stdout.readline()
    server.send_signal(signal.SIGTERM)
    out, err = server.communicate(timeout=30)
    code = 0 if "clock" in first and server.returncode == 0 else server.returncode or 1
    return Done(code, first + out + err)


def _run(step: Step, folder: Path, env: dict[str, str]) -> tuple[Done, dict[str, str]]:
    if step.writes is not None:
        (folder / step.writes).write_text("\n".join(step.shown) + "\n", encoding="utf-8")
        return Done(0, ""), env
    command = step.command
    try:
        words = shlex.split(command, comments=True)
    except ValueError:
        words = []
    if words[:2] == ["companion", "serve"]:
        return _serve(command, folder, env), env
    if words and words[0] == "companion" and not SHELL.search(command.split("#")[0]):
        return _in_process(words[1:], folder, env), env
    return _bash(command, folder, env)


def _in_process(args: list[str], folder: Path, env: dict[str, str]) -> Done:
    """``companion ARGS`` in this process, as if run in ``folder`` of a checkout there."""
    import companion.paths

    saved, here, root = dict(os.environ), Path.cwd(), companion.paths.PROJECT_ROOT
    os.environ.clear()
    os.environ.update(env)
    os.chdir(folder)
    companion.paths.PROJECT_ROOT = folder  # output/ is the reading folder's, as in a checkout
    try:
        result = invoke(*args)
    finally:
        companion.paths.PROJECT_ROOT = root
        os.chdir(here)
        os.environ.clear()
        os.environ.update(saved)
    return Done(result.exit_code, result.stdout + result.stderr)


def _state_of(tmp_path: Path, doc: Path, session: str | None = None) -> str:
    name = doc.stem if session is None else f"{doc.stem}-{session}"
    return str(tmp_path / "state" / f"{name}.sqlite3")


def _reading_folder(tmp_path: Path) -> Path:
    """A checkout as a reader has it: the data linked, the package copied (so that a
    command run in its own process prints into this folder's ``output/``, not ours)."""
    import shutil

    folder = tmp_path / "reader"
    folder.mkdir()
    for name in SHARED:
        (folder / name).symlink_to(ROOT / name)
    shutil.copytree(
        ROOT / "companion", folder / "companion", ignore=shutil.ignore_patterns("__pycache__")
    )
    (folder / "output").mkdir()
    return folder


def test_every_companion_line_of_the_docs_prints_what_the_doc_shows(tmp_path: Path) -> None:
    folder = _reading_folder(tmp_path)
    start = env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("COMPANION_")},
        "COMPANION_CONFIG_DIR": str(tmp_path / "config"),
        "HOME": str(tmp_path / "home"),
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "PYTHONPATH": str(folder),
        "COLUMNS": "80",
        "LINES": "24",
        "PWD": str(folder),
    }
    every = [s for doc in DOCS for s in steps(doc) if _runs(s) and not _elsewhere(s)]
    assert len(every) > 130  # a parser that finds nothing would pass
    page = session = outside = None
    for step in every:
        if step.doc != page:  # a new page: its own state file, the shell as it was
            page, env = step.doc, {**start, "COMPANION_STATE": _state_of(tmp_path, step.doc)}
            session = None
        if step.session != session:  # an example game of its own, or back to the page's
            if session is None:
                outside = env["COMPANION_STATE"]
            session = step.session
            env = {**env, "COMPANION_STATE": outside or ""}
            if session is not None:
                env["COMPANION_STATE"] = _state_of(tmp_path, step.doc, session)
        done, env = _run(step, folder, env)
        if step.writes is not None:
            continue
        expected_code = 2 if any(line.startswith("error:") for line in step.shown) else 0
        shown = [line for line in step.shown if line.strip() or step.shown]
        problem = None
        if done.code != expected_code:
            problem = f"exited {done.code}, the doc implies {expected_code}"
        elif not step.command.startswith("companion serve"):  # a server's URLs are this run's
            problem = _divergence(shown, done.lines)
        if problem:
            printed = "\n".join(f"    {line}" for line in done.lines[:60]) or "    (nothing)"
            pytest.fail(
                f"{step.where}: `$ {step.command}`: {problem}.\n"
                f"Update the doc there (or the lines under it) if companion is right; "
                f"companion printed:\n{printed}",
                pytrace=False,
            )


@pytest.mark.parametrize(
    ("shown", "printed", "agree"),
    [
        (["a", "b"], ["a", "b"], True),
        (["a", "…"], ["a", "b", "c"], True),
        (["…", "c"], ["a", "b", "c"], True),
        (["a", "…", "c", "…"], ["a", "b", "c", "d"], True),
        (["dealer: http://x/dealer/3dJ…"], ["dealer: http://x/dealer/3dJqq"], True),
        (["a", "b"], ["a", "c"], False),
        (["a"], ["a", "b"], False),
        (["… # left out"], ["z"], True),
        ([], ["anything"], True),
    ],
)
def test_the_doc_comparison_reads_ellipses_as_a_reader_does(
    shown: list[str], printed: list[str], agree: bool
) -> None:
    assert (_divergence(shown, printed) is None) is agree
