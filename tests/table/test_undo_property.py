"""Property: any sequence of table actions keeps every card, and undoing them all restores the table."""

from __future__ import annotations

import tempfile
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.errors import CompanionError
from companion.table import (
    discard,
    draw,
    new_table,
    open_store,
    peek,
    remove,
    reorder,
    return_card,
    shuffle,
    shuffle_top,
    undo,
)

ACTIONS = st.lists(
    st.tuples(
        st.sampled_from(
            ["draw", "discard", "return", "remove", "shuffle", "reorder", "peek", "shuffle_top"]
        ),
        st.integers(min_value=1, max_value=6),
        st.sampled_from(["Ann", "Bo", None]),
        st.sampled_from(["top", "bottom", "shuffle"]),
    ),
    max_size=12,
)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(actions=ACTIONS)
def test_any_actions_keep_every_card_and_undo_restores_the_table(
    tmp_path: Path, actions: list
) -> None:  # type: ignore[type-arg]
    path = Path(tempfile.mkdtemp(dir=tmp_path)) / "state.sqlite3"  # a fresh file per example
    with open_store(path) as store:
        with store.transaction() as tx:
            table, _ = new_table(tx, "t", "dragon-kings", ["Ann", "Bo"], seed=3)
            start = tx.cards(table)
        done = 0
        for kind, n, player, where in actions:
            try:
                with store.transaction() as tx:
                    out = [c for c in tx.cards(table, "standard") if c.pile in ("held", "in_play")]
                    if kind == "draw":
                        draw(tx, table, "standard", n, player)
                    elif kind == "discard" and out:
                        discard(tx, table, "standard", out[n % len(out)].card_id)
                    elif kind == "return" and out:
                        return_card(tx, table, "standard", out[n % len(out)].card_id, where=where)
                    elif kind == "remove" and out:
                        remove(tx, table, "standard", out[n % len(out)].card_id)
                    elif kind == "shuffle":
                        shuffle(tx, table, "standard", with_discard=n % 2 == 0)
                    elif kind == "reorder":
                        reorder(tx, table, "standard", list(range(n, 0, -1)))
                    elif kind == "shuffle_top":
                        shuffle_top(tx, table, "standard", n)
                    elif kind == "peek":
                        peek(tx, table, "standard", n)
                        continue  # nothing to undo
                    else:
                        continue
                done += 1
            except CompanionError:
                pass  # refused (e.g. too few cards): nothing changed
            with store.transaction(write=False) as tx:
                now = tx.cards(table)
            assert Counter((c.deck, c.card_id) for c in now) == Counter(
                (c.deck, c.card_id) for c in start
            )
        with store.transaction() as tx:
            for _ in range(done):
                coming = tx.next_undo(table)  # what the dealer's page says undo takes back
                assert coming is not None and undo(tx, table).id == coming.id
            assert tx.cards(table) == start
