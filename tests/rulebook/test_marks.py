"""This edition's rulings and designed values carry the mark; the designers' rules do not.

The mark is applied by the templates from the data (``designed: true``,
``designed_fields``, a timer structure's ``designed_reason``, a ruling's
``source``), so these tests read the data and look for each thing where the
book lists it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from companion.cards import load_game
from companion.errors import CompanionError
from companion.paths import templates_dir
from companion.printing import rulebook_markup as mk
from companion.printing.rulebook import render_markup
from companion.printing.rulebook_rulings import (
    MARK,
    THIS_EDITION,
    designed,
    load_rulings,
)
from tests.rulebook.conftest import build, norm

DECISIONS = Path(__file__).resolve().parents[2] / "docs" / "decisions.md"


def _rulings(game: str) -> Any:
    return load_rulings(templates_dir() / "rulebooks" / game)


def _designed_things(game: str) -> list[Any]:
    """Every card of the game, and the parts and skills of Dungeon of D's cards."""
    g = load_game(game)
    things: list[Any] = list(g.cards)
    if game == "dungeon-of-d":
        things += [part for card in g.deck("power") for part in card.parts()]
        things += [c.skill for c in g.deck("characters")]
    return things


def _lead(line: str) -> str:
    """What a markup line begins with, past table bars, heading marks,
    bullets and bold: the name a row, heading or item is about."""
    return re.sub(r"^[\s|#\-*]+", "", line)


def _names_it(line: str, name: str) -> bool:
    """Whether ``line`` lists ``name``: a table row, a heading or a bold entry
    that begins with it (running text that mentions it is not a listing)."""
    if not re.match(r"^(\||#|- \*\*|\*\*)", line):
        return False
    lead = _lead(line)
    # the name stands alone: a sentence that opens with it is not a listing
    return lead.startswith(name) and bool(re.match(r"(\*\*|†|\s*[|·(]|[.:]|$)", lead[len(name) :]))


def test_each_book_explains_the_mark_in_its_introduction(game: str) -> None:
    pages = build(game).page_texts()
    # the first pages after the contents: the introduction
    intro = norm(" ".join(pages[2:4]))
    assert f"A {MARK} marks what this edition decided" in intro


def test_every_card_designed_as_a_whole_is_marked_wherever_a_line_names_it(game: str) -> None:
    text = render_markup(game)
    checked = 0
    for thing in _designed_things(game):
        if not designed(thing):
            continue
        name = mk.escape(thing.name)
        lines = text.splitlines()
        for line, after in zip(lines, lines[1:] + [""], strict=True):
            if _names_it(line, name) and not after.startswith("|-"):  # not a header row
                checked += 1
                assert MARK in line, (thing.name, line)
    if game == "dungeon-master":
        assert checked == 0  # nothing in Dungeon Master is designed
    else:
        assert checked > 0


def test_every_designed_value_of_an_appendix_row_is_marked(game: str) -> None:
    """Cards of which only some values are ours (a copy count, a joker's
    cost, a price, the extra level's blind) are marked in their appendix row."""
    text = render_markup(game)
    appendix = text[text.index("# Appendix") :]
    rows = [line for line in appendix.splitlines() if line.startswith("|")]
    partial = [t for t in _designed_things(game) if getattr(t, "designed_fields", ())]
    for thing in partial:
        name = mk.escape(thing.name)
        mine = [row for row in rows if _names_it(row, name)]
        assert mine, f"{thing.name} has no appendix row"
        assert all(MARK in row for row in mine), (thing.name, mine)


def test_dungeon_poker_copy_counts_of_ours_are_marked_and_the_rulebooks_are_not() -> None:
    text = render_markup("dungeon-poker")
    rows = [
        line for line in text[text.index("# Appendix B") :].splitlines() if line.startswith("| **")
    ]

    def row(name: str) -> str:
        return next(line for line in rows if _names_it(line, name))

    g = load_game("dungeon-poker")
    fire_dragon = g.get("fire-dragon")
    assert not designed(fire_dragon, "quantity")
    assert f"| {fire_dragon.quantity} |" in row("Fire Dragon")  # the rulebook's count
    for card in g.deck("monsters") + g.deck("treasures"):
        if designed(card, "quantity"):
            assert f"| {card.quantity}{MARK} |" in row(card.name), card.name


def test_decko_joker_costs_starting_fruits_and_track_rounds_are_marked() -> None:
    text = render_markup("decko")
    g = load_game("decko")
    for joker in g.deck("jokers"):
        row = next(
            line
            for line in text.splitlines()
            if line.startswith("|") and _names_it(line, mk.escape(joker.name))
        )
        assert f"{joker.cost} chips{MARK}" in row
    for fruit in {c.fruit for c in g.deck("starting")}:
        assert f"| **{fruit.capitalize()}**{MARK} |" in text
    assert f"**Red wildcard round**{MARK}" in text and f"Refresh the mat{MARK}" in text


def test_the_dragon_kings_blinds_are_marked_as_this_editions_schedule() -> None:
    assert f"This edition's schedule{MARK}" in render_markup("dragon-kings")


def test_rulings_of_this_edition_are_marked_and_the_designers_are_not(game: str) -> None:
    text = render_markup(game)
    rulings = [r for section in _rulings(game).sections for r in section.rulings]
    assert rulings, f"{game} has no Clarifications in its rulings.yaml"
    for r in rulings:
        assert r.q is not None
        line = next(line for line in text.splitlines() if line.startswith(f"- **{r.q[:30]}"))
        marked = f"**{MARK} " in line
        assert marked == (r.source == THIS_EDITION), (r.id, r.source, line)


def _decision_entries() -> dict[str, str]:
    """Each entry of docs/decisions.md (a top-level bullet and the lines
    indented under it), by its bold title."""
    blocks: list[str] = []
    for line in DECISIONS.read_text(encoding="utf-8").splitlines():
        if line.startswith("- "):
            blocks.append(line)
        elif line.startswith("  ") and blocks:
            blocks[-1] += " " + line.strip()
        else:
            blocks.append("")
    entries = {}
    for block in blocks:
        m = re.match(r"^- \*\*(.+?)\*\*", norm(block))
        if m:
            entries[m.group(1)] = norm(block)
    return entries


def test_every_ruling_of_this_edition_has_its_entry_in_decisions_md_citing_its_id(
    game: str,
) -> None:
    entries = _decision_entries()
    for r in _rulings(game).of_source(THIS_EDITION):
        mine = [e for t, e in entries.items() if t.startswith(norm(r.decision or ""))]
        assert mine, (r.id, r.decision)
        assert any(f"`{r.id}`" in e for e in mine), f"the entry {r.decision!r} does not cite {r.id}"


def test_every_ruling_id_docs_decisions_md_cites_is_a_ruling_of_a_book() -> None:
    from companion import GAMES

    ids = {r.id for g in GAMES for r in _rulings(g).all()}
    cited = set(re.findall(r"[Rr]ulings? ((?:`[a-z0-9-]+`(?:, | and )?)+)", DECISIONS.read_text()))
    names = {n for group in cited for n in re.findall(r"`([a-z0-9-]+)`", group)}
    assert names, "docs/decisions.md cites no ruling"
    assert names <= ids, sorted(names - ids)


@pytest.mark.parametrize(
    ("game", "rulings"),
    [
        (
            "dungeon-master",
            {
                "several-secret-passages",
                "no-fight-against-a-trap",
                "stealth-needs-no-hero",
                "treasure-lost-before-recovery",
                "magic-items-score-nothing",
                "prisoner-from-the-character-deck",
                "level-up-new-attribute",
                "more-deaths-than-heroes",
                "room-alone",
            },
        ),
        (
            "dragon-kings",
            {
                "end-of-the-game",
                "swords-joker",
                "both-kings-dealt",
                "wild-never-a-black-king",
                "wild-ace-in-a-flush",
                "grave-digger-ties",
                "what-is-a-misdeal",
                "winning-with-the-kings",
                "kings-on-the-board",
            },
        ),
    ],
)
def test_the_rulings_the_issue_names_are_this_editions(game: str, rulings: set[str]) -> None:
    ours = {r.id for r in _rulings(game).of_source(THIS_EDITION)}
    assert rulings <= ours
    faq = {r.id for r in _rulings(game).of_source("designer FAQ")}
    if game == "dungeon-master":
        assert faq == {"armor-level-two", "stealth-level-two"}


def test_a_ruling_restated_in_the_rules_chapters_carries_the_mark_there_too() -> None:
    text = render_markup("dungeon-master")
    rules = text[: text.index("# Clarifications")]
    assert f"whoever holds the attribute{MARK}" in rules
    assert f"top card of the character deck{MARK}" in rules
    assert (
        "ruled("
        not in (templates_dir() / "rulebooks" / "dungeon-master" / "rulebook.md.j2").read_text()
    )


def test_the_mark_is_printed_in_the_pdf(game: str) -> None:
    text = build(game).text()
    assert text.count(MARK) >= len(_rulings(game).of_source(THIS_EDITION))


def test_a_ruling_of_this_edition_without_its_decision_is_a_one_line_error(
    tmp_path: Path,
) -> None:
    (tmp_path / "rulings.yaml").write_text(
        "sections:\n  - rulings:\n      - {id: x, source: this edition, q: Q, a: A.}\n",
        encoding="utf-8",
    )
    with pytest.raises(CompanionError) as err:
        load_rulings(tmp_path)
    assert "rulings.yaml" in str(err.value) and "\n" not in str(err.value)


def test_an_unknown_source_and_a_repeated_id_are_named(tmp_path: Path) -> None:
    (tmp_path / "rulings.yaml").write_text(
        "sections:\n  - rulings:\n      - {id: x, source: rumour, q: Q, a: A.}\n",
        encoding="utf-8",
    )
    with pytest.raises(CompanionError, match="source"):
        load_rulings(tmp_path)
    (tmp_path / "rulings.yaml").write_text(
        "sections:\n  - rulings:\n"
        "      - {id: x, source: designer FAQ, q: Q, a: A.}\n"
        "      - {id: x, source: designer FAQ, q: R, a: B.}\n",
        encoding="utf-8",
    )
    with pytest.raises(CompanionError, match="used twice: x"):
        load_rulings(tmp_path)


def test_a_template_naming_an_unknown_ruling_is_an_error(tmp_path: Path) -> None:
    import shutil

    root = tmp_path / "rulebooks"
    shutil.copytree(templates_dir() / "rulebooks", root)
    path = root / "dungeon-master" / "rulebook.md.j2"
    path.write_text(
        path.read_text(encoding="utf-8") + '\n{{ rule("no-such-ruling") }}\n', encoding="utf-8"
    )
    with pytest.raises(CompanionError, match="no-such-ruling"):
        render_markup("dungeon-master", templates=tmp_path)


def test_every_card_designed_as_a_whole_that_prints_by_name_prints_with_its_mark(
    game: str,
) -> None:
    """Read back from the PDF: a designed card, part, skill or component whose
    name the book prints is printed at least once with its mark beside it."""
    text = build(game).text()
    named = [t for t in _designed_things(game) if designed(t) and t.name in text]
    if game != "dungeon-master":
        assert named
    unmarked = sorted({t.name for t in named if f"{t.name}{MARK}" not in text})
    assert not unmarked, unmarked
