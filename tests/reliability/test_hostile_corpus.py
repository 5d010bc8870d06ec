"""Every command that reads a file or a number, fed hostile input (tests/data/hostile/).

Each run must end the same way: exit code 2, one line ``error: …`` on
stderr, and the state file byte for byte as it was (no file added beside it
either). A guard stops any run that hangs (an alias bomb once took minutes
and gigabytes) and fails the test instead.
"""

from __future__ import annotations

import hashlib
import shutil
import signal
from collections.abc import Iterator
from pathlib import Path
from types import FrameType

import pytest

from companion.paths import cards_dir
from tests.conftest import CliResult, invoke

HOSTILE = Path(__file__).resolve().parent.parent / "data" / "hostile"
CORPUS = sorted(p for p in HOSTILE.iterdir() if p.suffix in (".yaml", ".json"))
GUARD_SECONDS = 30  # a hang detector, not a speed test


class _Hung(Exception):
    pass


def _hung(signum: int, frame: FrameType | None) -> None:
    raise _Hung


def _run(*args: str, stdin: str = "") -> CliResult:
    previous = signal.signal(signal.SIGALRM, _hung)
    signal.alarm(GUARD_SECONDS)
    try:
        return invoke(*args, input=stdin)
    except _Hung:
        pytest.fail(f"companion {' '.join(a[:40] for a in args)} still ran after {GUARD_SECONDS} s")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture(scope="module")
def state_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A state file holding a table (the current one), made once: each test gets a copy."""
    path = tmp_path_factory.mktemp("template") / "companion.sqlite3"
    with pytest.MonkeyPatch.context() as env:
        env.setenv("COMPANION_STATE", str(path))
        made = invoke(
            "table", "new", "friday", "--game", "decko", "--players", "ann,bo", "--seed", "7"
        )
    assert made.exit_code == 0, made.stderr
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]  # no journal beside it
    return path


@pytest.fixture
def state(state_template: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A state file holding a table (the current one), and nothing else beside it."""
    folder = tmp_path / "state"
    folder.mkdir()
    path = folder / "companion.sqlite3"
    shutil.copyfile(state_template, path)
    monkeypatch.setenv("COMPANION_STATE", str(path))
    yield path


def _fingerprint(state: Path) -> tuple[str, list[str]]:
    folder = state.parent
    return hashlib.sha256(state.read_bytes()).hexdigest(), sorted(p.name for p in folder.iterdir())


def _refused(state: Path, *args: str, stdin: str = "") -> None:
    before = _fingerprint(state)
    result = _run(*args, stdin=stdin)
    shown = " ".join(a[:40] for a in args)
    assert result.exit_code == 2, (shown, result.exit_code, result.stderr[-300:])
    assert result.stderr.startswith("error: "), (shown, result.stderr[:300])
    assert result.stderr.count("\n") == 1, (shown, result.stderr[:300])
    assert len(result.stderr) < 400, (shown, result.stderr[:300])  # a short form of bad values
    assert _fingerprint(state) == before, shown


# -- files -----------------------------------------------------------------------------


def _file_commands(path: Path, out: Path) -> list[tuple[str, ...]]:
    p = str(path)
    return [
        ("showdown", p, "--json"),
        ("table", "showdown", p, "--json"),
        ("timer", "structure", "-s", p, "--json"),
        ("timer", "sheet", "-s", p, "--out", str(out / "sheet.pdf")),
        ("dm", "resolve", p, "--json"),
        ("dod", "load", "--save-file", p, "--json"),
        ("dod", "play", "--save-file", p),
    ]


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.name)
def test_every_file_reader_refuses_a_hostile_file(state: Path, tmp_path: Path, path: Path) -> None:
    for args in _file_commands(path, tmp_path):
        _refused(state, *args, stdin="")
    assert not (tmp_path / "sheet.pdf").exists()


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.name)
def test_a_hostile_card_file_is_a_one_line_error(
    state: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, path: Path
) -> None:
    root = tmp_path / "cards"
    shutil.copytree(cards_dir() / "decko", root / "decko")
    shutil.copyfile(path, root / "decko" / "blind.yaml")
    monkeypatch.setenv("COMPANION_CARDS", str(root))
    _refused(state, "cards", "list", "decko", "--json")
    _refused(state, "draw", "blind")


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.name)
def test_a_hostile_print_settings_file_is_a_one_line_error(
    state: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, path: Path
) -> None:
    config = tmp_path / "config"
    config.mkdir()
    shutil.copyfile(path, config / "printing.json")
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(config))
    before = (config / "printing.json").read_bytes()
    if path.name == "surrogates.json":  # a well-formed JSON object: its keys are kept
        assert _run("print", "calibrate", "--save", "1,1").exit_code == 0
        return
    _refused(state, "print", "calibrate", "--save", "1,1")
    assert (config / "printing.json").read_bytes() == before


def test_files_too_big_or_endless_are_refused(state: Path, tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_bytes(b"players:\n" + b"  - {name: ann, hand: As Kd}\n" * 330_000)  # past 8 MiB
    for source in (big, Path("/dev/zero"), tmp_path):
        for args in _file_commands(source, tmp_path):
            _refused(state, *args)


def test_a_symlink_loop_is_a_one_line_error(
    state: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    decko = cards_dir() / "decko"
    loop = tmp_path / "loop.yaml"
    loop.symlink_to(loop)
    for args in _file_commands(loop, tmp_path):
        _refused(state, *args)
    monkeypatch.setenv("COMPANION_CARDS", str(loop))
    _refused(state, "cards", "list", "decko")
    root = tmp_path / "cards"
    shutil.copytree(decko, root / "decko")
    (root / "decko" / "blind.yaml").unlink()
    (root / "decko" / "blind.yaml").symlink_to(root / "decko" / "blind.yaml")
    monkeypatch.setenv("COMPANION_CARDS", str(root))
    _refused(state, "cards", "list", "decko")


def test_the_alias_bomb_from_standard_input_is_refused(state: Path) -> None:
    bomb = (HOSTILE / "alias-bomb.yaml").read_text()
    _refused(state, "showdown", "-", stdin=bomb)
    _refused(state, "dm", "resolve", "-", stdin=bomb)


# -- numbers ---------------------------------------------------------------------------

NOT_NUMBERS = ["1e20", "9" * 30, "9" * 5000, "nan", "inf", "-inf", "0x10", "", "1.5", "seven"]
"""Refused by every whole-number option, whatever its range."""
NEGATIVE = ["-1", "-99999999999999999999"]


def _number_commands(n: str, out: Path) -> list[tuple[str, ...]]:
    pdf = str(out / "x.pdf")
    return [
        ("table", "new", "t2", "--game", "decko", "--players", "a,b", "--seed", n),
        ("draw", "blind", "--count", n),
        ("odds", "a=As Ks", "b=Qd Qc", "--samples", n),
        ("odds", "a=As Ks", "b=Qd Qc", "--seed", n),
        ("pot", "a=10", "b=5", "--result", "a > b", "--unit", n),
        ("pot", "a=10", "b=5", "--result", "a > b", "--house", n),
        ("pot", "a=10", "b=5", "--result", "a > b", "--carried", n),
        ("pot", f"a={n}", "b=5", "--result", "a > b"),
        ("pot", "limit", "--pot", n),
        ("pot", "limit", "--pot", "100", "--blind", n),
        ("pot", "limit", "--pot", "100", "--to-call", n),
        ("pot", "limit", "--pot", "100", "--stack", n),
        ("print", "deck", "decko", "--out", pdf, "--copies", n),
        ("print", "deck", "decko", "--out", pdf, "--bleed", n),
        ("print", "deck", "decko", "--out", pdf, "--gutter", n),
        ("print", "deck", "decko", "--out", pdf, "--margin", n),
        ("print", "all", "--out-dir", str(out), "--jobs", n),
        ("dod", "scores", "--limit", n),
        ("dod", "simulate", "--games", n),
        ("dod", "simulate", "--games", "1", "--workers", n),
        ("dm", "party", "new", "--seed", n),
    ]


@pytest.mark.parametrize("n", NOT_NUMBERS, ids=lambda n: n[:12] or "empty")
def test_every_number_option_refuses_what_is_not_a_whole_number(
    state: Path, tmp_path: Path, n: str
) -> None:
    for args in _number_commands(n, tmp_path):
        if n == "1.5" and {"--bleed", "--gutter", "--margin"} & set(args):
            continue  # these take millimetres with decimals; nan, inf, 1e20 are out of range
        _refused(state, *args)
    assert list(tmp_path.glob("*.pdf")) == []


@pytest.mark.parametrize("n", NEGATIVE)
def test_number_options_that_count_refuse_negative_numbers(
    state: Path, tmp_path: Path, n: str
) -> None:
    for args in _number_commands(n, tmp_path):
        _refused(state, *args)


def test_a_seed_outside_0_to_2_64_is_refused_before_any_work(state: Path) -> None:
    """One range for every --seed (docs/decisions.md): 0 to 2^64 - 1."""
    for seed in (str(2**64), "-1"):
        for args in (
            ("table", "new", "t2", "--game", "decko", "--players", "a,b", "--seed", seed),
            ("odds", "a=As Ks", "b=Qd Qc", "--seed", seed),
            ("dm", "party", "new", "--seed", seed),
            ("dod", "new", "--seed", seed, "--save", "s"),
            ("dod", "simulate", "--games", "1", "--seed", seed),
        ):
            _refused(state, *args)


def test_a_huge_argument_is_shown_by_its_two_ends(state: Path) -> None:
    junk = "Z" * 20_000
    for args in (
        ("rank", f"a={junk}"),
        ("table", "new", "x", "--game", junk, "--players", "a,b"),
        ("timer", "structure", "-s", junk),
        ("cards", "show", junk),
        ("pot", "a=1", f"{junk}=3", "--result", "a"),
    ):
        before = _fingerprint(state)
        result = _run(*args)
        assert result.exit_code == 2 and result.stderr.count("\n") == 1
        assert len(result.stderr) < 600 and "(20,0" in result.stderr, result.stderr[:200]
        assert _fingerprint(state) == before
