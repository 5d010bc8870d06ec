"""The rulebook markup: what templates write and what the parser makes of it."""

from __future__ import annotations

import pytest

from companion.errors import CompanionError
from companion.printing import rulebook_markup as mk


def test_front_matter_becomes_meta_and_is_not_a_block() -> None:
    doc = mk.parse("\n---\ntitle: DECKO\nblurb: one: two\n---\nHello.\n")
    assert doc.meta == {"title": "DECKO", "blurb": "one: two"}
    assert doc.blocks == (mk.Paragraph("Hello."),)


def test_unclosed_front_matter_is_an_error() -> None:
    with pytest.raises(CompanionError, match="never closed"):
        mk.parse("---\ntitle: x\n")


def test_headings_keep_their_level_and_flags() -> None:
    doc = mk.parse("# Quick reference {quickref}\n## Setup {newpage, notoc}\n### Small\n")
    assert doc.blocks == (
        mk.Heading(1, "Quick reference", frozenset({"quickref"})),
        mk.Heading(2, "Setup", frozenset({"newpage", "notoc"})),
        mk.Heading(3, "Small"),
    )


def test_an_unknown_heading_flag_is_named() -> None:
    with pytest.raises(CompanionError, match="sideways"):
        mk.parse("# Setup {sideways}\n")


def test_consecutive_lines_join_into_one_paragraph() -> None:
    doc = mk.parse("one\ntwo\n\nthree\n")
    assert doc.blocks == (mk.Paragraph("one two"), mk.Paragraph("three"))


def test_bullets_nest_and_continue_by_indentation() -> None:
    doc = mk.parse("- first\n  still first\n  - inner\n- second\n")
    (lst,) = doc.blocks
    assert isinstance(lst, mk.BulletList)
    assert [i.text for i in lst.items] == ["first still first", "second"]
    inner = lst.items[0].children[0]
    assert isinstance(inner, mk.BulletList) and inner.items[0].text == "inner"


def test_numbered_lists_keep_their_first_number() -> None:
    (lst,) = mk.parse("3. three\n4. four\n").blocks
    assert isinstance(lst, mk.NumberedList)
    assert lst.start == 3 and [i.text for i in lst.items] == ["three", "four"]


def test_a_list_may_not_mix_bullets_and_numbers() -> None:
    with pytest.raises(CompanionError, match="mixes"):
        mk.parse("- a\n1. b\n")


def test_table_widths_come_from_dashes_and_alignment_from_colons() -> None:
    (table,) = mk.parse("| a | b | c |\n|---|:------:|--:|\n| 1 | 2 | 3 |\n").blocks
    assert isinstance(table, mk.Table)
    assert table.header == ("a", "b", "c")
    assert table.rows == (("1", "2", "3"),)
    assert table.widths == pytest.approx((3 / 11, 6 / 11, 2 / 11))
    assert table.aligns == ("left", "center", "right")


def test_escaped_pipes_stay_inside_a_cell() -> None:
    (table,) = mk.parse("| a | b |\n|---|---|\n| x \\| y | z |\n").blocks
    assert table.rows == ((r"x \| y", "z"),)  # type: ignore[union-attr]


def test_a_table_row_with_the_wrong_number_of_cells_is_named() -> None:
    with pytest.raises(CompanionError, match="'| 1 |'"):
        mk.parse("| a | b |\n|---|---|\n| 1 |\n")


def test_a_table_needs_its_separator_line() -> None:
    with pytest.raises(CompanionError, match="second line"):
        mk.parse("| a | b |\n| 1 | 2 |\n")


def test_callouts_take_a_kind_a_title_and_blocks() -> None:
    doc = mk.parse("::: example Raising\nBozo raises.\n- twice\n:::\n::: tip\nFold less.\n:::\n")
    first, second = doc.blocks
    assert first == mk.Callout(
        "example", "Raising", (mk.Paragraph("Bozo raises."), mk.BulletList((mk.ListItem("twice"),)))
    )
    assert second == mk.Callout("tip", "Strategy tip", (mk.Paragraph("Fold less."),))


def test_columns_split_on_plus_lines_and_may_hold_callouts() -> None:
    (cols,) = mk.parse("::: columns\nleft\n::: note\ninside\n:::\n+++\nright\n:::\n").blocks
    assert isinstance(cols, mk.Columns)
    assert cols.columns[0][0] == mk.Paragraph("left")
    assert isinstance(cols.columns[0][1], mk.Callout)
    assert cols.columns[1] == (mk.Paragraph("right"),)


def test_an_unclosed_callout_and_an_unknown_kind_are_errors() -> None:
    with pytest.raises(CompanionError, match="never closed"):
        mk.parse("::: tip\nno end\n")
    with pytest.raises(CompanionError, match="'gossip'"):
        mk.parse("::: gossip\nx\n:::\n")


def test_headings_inside_callouts_and_columns_are_found() -> None:
    doc = mk.parse("# A\n::: columns\n### B\n+++\n### C\n:::\n")
    assert [h.text for h in doc.headings()] == ["A", "B", "C"]


def test_card_rows_read_ranks_and_suits_in_either_notation() -> None:
    (row,) = mk.parse("[[10h Ks 7♣ *]]\n").blocks
    assert row == mk.CardRow(("Th", "Ks", "7c", "*"))


def test_a_bad_card_in_a_card_row_is_named() -> None:
    with pytest.raises(CompanionError, match="'Zx'"):
        mk.card_codes("As Zx")


def test_unknown_directive_is_an_error() -> None:
    with pytest.raises(CompanionError, match="@columns"):
        mk.parse("@columns\n")
    assert mk.parse("@pagebreak\n").blocks == (mk.PageBreak(),)


@pytest.mark.parametrize("text", ["2*3 | [[x]]", "a \\ b", "**not bold**", "`code`"])
def test_escaped_card_text_prints_literally(text: str) -> None:
    xml = mk.inline_xml(mk.escape(text))
    assert "<b>" not in xml and "<i>" not in xml and "Courier" not in xml
    assert mk.plain_text(mk.escape(text)) == text


def test_inline_markup_escapes_xml_and_colours_suits() -> None:
    xml = mk.inline_xml("A & B <c> ♥")
    assert xml.startswith("A &amp; B &lt;c&gt; ")
    assert 'color="red">♥</font>' in xml


def test_br_breaks_a_line_and_reads_as_a_space() -> None:
    assert mk.inline_xml("Orc<br>5/1/2") == "Orc<br/>5/1/2"
    assert mk.plain_text("Orc<br>5/1/2") == "Orc 5/1/2"
