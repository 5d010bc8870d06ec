"""The pots and payouts views ``companion pot`` and ``companion showdown`` share."""

from __future__ import annotations

from rich.console import Console

from companion.poker.pots import settle
from companion.ui.render.pots import show_settlement
from tests.poker.showdown_helpers import showdown


def _text(draw: object, *args: object) -> str:
    out = Console(record=True, width=100)
    draw(out, *args)  # type: ignore[operator]
    return out.export_text()


def test_shares_carry_thousands_separators_like_the_amounts() -> None:
    settled = settle({"ann": 3000, "ben": 6000, "cat": 6000}, "ann > ben = cat", dead_money=500)
    text = _text(show_settlement, settled)
    assert "ann (9,500)" in text and "ben (3,000), cat (3,000)" in text
    assert "9500" not in text


def test_pot_and_showdown_label_side_pots_and_colour_the_net_alike() -> None:
    from companion.ui.render.showdown import show_showdown

    result = showdown(
        """
        players:
          - {name: ann, put_in: 200}
          - {name: ben, put_in: 600}
          - {name: cat, put_in: 600}
        result: ann > ben > cat
        """
    )
    both = [_text(show_settlement, result.settlement), _text(show_showdown, result)]
    for text in both:
        assert "main" in text and "side 1" in text and "+400" in text and "-600" in text
    assert "Payouts" in both[0] and "Players" in both[1]
