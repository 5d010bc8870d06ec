"""Card and rulebook templates run sandboxed, with a time and a size bound."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path

import pytest

from companion.cards import load_game
from companion.errors import CompanionError
from companion.paths import templates_dir
from companion.printing import sandbox
from companion.printing.templates import render_face

REACH_FOR_OS = [
    "{{ cycler.__init__.__globals__.os.popen('id').read() }}",
    "{{ lipsum.__globals__['os'].system('id') }}",
    "{{ ''.__class__.__mro__[1].__subclasses__() }}",
    "{{ card.__class__.__init__.__globals__ }}",
    "{{ self.__init__.__globals__ }}",
]


def _face(tmp_path: Path, body: str) -> None:
    """Render the first DECKO card with ``body`` as its only template."""
    root = tmp_path / "cards"
    root.mkdir(exist_ok=True)
    (root / "generic.j2").write_text(body)
    cards = load_game("decko")
    card = next(c for c in cards.cards if c.kind == "market")
    render_face(cards.game, cards.game.deck(card.deck), card, root=root)


@pytest.mark.parametrize("body", REACH_FOR_OS, ids=range(len(REACH_FOR_OS)))
def test_a_card_template_that_reaches_for_os_fails_in_one_line(tmp_path: Path, body: str) -> None:
    marker = tmp_path / "ran"
    with pytest.raises(CompanionError) as err:
        _face(tmp_path, body.replace("'id'", f"'touch {marker}'"))
    assert "\n" not in err.value.message and "unsafe" in err.value.message
    assert not marker.exists()


def test_a_looping_card_template_is_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sandbox, "RENDER_SECONDS", 0.3)
    loop = "{% for a in range(100000) %}{% for b in range(100000) %}{% endfor %}{% endfor %}"
    with pytest.raises(CompanionError, match=r"ran longer than 0\.3 s"):
        _face(tmp_path, loop)


def test_a_loop_is_stopped_outside_the_main_thread_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sandbox, "RENDER_SECONDS", 0.3)
    env = sandbox.sandboxed_environment()
    template = env.from_string(
        "{% for a in range(100000) %}{% for b in range(100000) %}{{ b.real }}{% endfor %}{% endfor %}"
    )
    caught: list[BaseException] = []

    def work() -> None:
        try:
            sandbox.render(template, {})
        except sandbox.TemplateLimit as exc:
            caught.append(exc)

    thread = threading.Thread(target=work)
    thread.start()
    thread.join(timeout=60)
    assert not thread.is_alive() and len(caught) == 1


@pytest.mark.parametrize(
    "body",
    [
        "{{ 'x' * 100000000 }}",
        "{{ 2 ** 100000000 }}",
        "{% set n = namespace(s='xx') %}{% for i in range(40) %}{% set n.s = n.s ~ n.s %}"
        "{% endfor %}{{ n.s|length }}",
        "{% set n = namespace(s=['x']) %}{% for i in range(40) %}{% set n.s = n.s + n.s %}"
        "{% endfor %}",
        "{% for i in range(100000) %}{{ 'x' * 1000 }}{% endfor %}",
        "{{ 'x'|center(100000000) }}",
    ],
    ids=["repeat", "power", "concat", "list-doubling", "output", "filter"],
)
def test_a_card_template_cannot_fill_the_memory(tmp_path: Path, body: str) -> None:
    with pytest.raises(CompanionError, match="template failed|built a value|wrote more|power"):
        _face(tmp_path, body)


def test_the_real_templates_render_in_the_sandbox() -> None:
    cards = load_game("dungeon-poker")
    for card in cards.cards:
        assert render_face(cards.game, cards.game.deck(card.deck), card).title


def test_print_rulebook_refuses_a_template_that_reaches_for_os(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    pack = tmp_path / "templates"
    shutil.copytree(templates_dir(), pack)
    marker = tmp_path / "ran"
    (pack / "rulebooks" / "decko" / "rulebook.md.j2").write_text(
        "# Rules\n\n{{ cycler.__init__.__globals__.os.popen('touch "
        + str(marker)
        + "').read() }}\n"
    )
    monkeypatch.setenv("COMPANION_TEMPLATES", str(pack))
    out = tmp_path / "rules.pdf"
    result = cli("print", "rulebook", "decko", "--out", str(out))
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert "tried something unsafe" in result.stderr
    assert not marker.exists() and not out.exists()


def test_the_time_bound_leaves_an_outer_timer_alone(tmp_path: Path) -> None:
    import signal

    fired: list[int] = []
    previous = signal.signal(signal.SIGALRM, lambda signum, frame: fired.append(signum))
    signal.setitimer(signal.ITIMER_REAL, 30)
    try:
        _face(tmp_path, "{{ card.name }}")
        remaining = signal.getitimer(signal.ITIMER_REAL)[0]
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert 0 < remaining <= 30 and fired == []


def test_a_template_linked_to_an_endless_device_is_refused(tmp_path: Path) -> None:
    root = tmp_path / "cards"
    root.mkdir()
    (root / "generic.j2").symlink_to("/dev/zero")
    cards = load_game("decko")
    card = next(c for c in cards.cards if c.kind == "market")
    with pytest.raises(CompanionError, match=r"template .*generic\.j2 is too big"):
        render_face(cards.game, cards.game.deck(card.deck), card, root=root)


def test_card_art_is_bounded_in_bytes_and_pixels(tmp_path: Path) -> None:
    import io

    from PIL import Image
    from reportlab.pdfgen.canvas import Canvas

    from companion.printing import faces_standard
    from companion.printing.faces_context import FaceContext

    huge = tmp_path / "huge.png"
    Image.new("1", (7_000, 7_000)).save(huge)  # 49 million one-bit pixels, a few KiB of file
    with pytest.raises(CompanionError, match="7000x7000 pixels"):
        faces_standard._draw_art(Canvas(io.BytesIO()), huge, 0, 0, 10, 10, "card 'X'")

    cards = load_game("decko")
    card = cards.cards[0].model_copy(update={"art": "big.png"})
    big = tmp_path / "big.png"
    with big.open("wb") as handle:  # a sparse file: large on paper, nothing on disk
        handle.truncate(faces_standard.MAX_ART_BYTES + 1)
    ctx = FaceContext(cards.game, None, 63.5, 88.9, 0.0, data_dir=tmp_path)
    with pytest.raises(CompanionError, match="larger than 32 MiB"):
        faces_standard._art_path(card, ctx)


def test_a_failing_card_template_runs_once_and_its_error_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """print all renders every face before its workers fork: a card whose
    template fails there raises the same error in the worker, unrun."""
    from companion.printing import templates

    runs: list[str] = []
    real = templates._render_face

    def counted(*args: object, **kwargs: object) -> object:
        runs.append("run")
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(templates, "_render_face", counted)
    errors = []
    for _ in range(2):
        with pytest.raises(CompanionError) as err:
            _face(tmp_path, "{{ 1 // 0 }}")
        errors.append(err.value.message)
    assert runs == ["run"]
    assert errors[0] == errors[1] and "generic.j2" in errors[0]
