"""What the pages must not say: the cards that are one player's secret.

A card is secret while it lies in a player's hand (the table's ``held``
pile): the characters dealt to choose from and the one kept until everyone
has chosen, the treasures held, a DECKO hand, Dragon Kings hole cards. Only
its holder's page names it; the clock page and the dealer's page are seen by
the whole table.

Two guards, so that a new message elsewhere cannot leak by accident:

* **the history by its shape**: a player's own action (a card drawn, a
  character kept) is shown as who did what, not which card, and so is an
  undo of such an action (:func:`history_lines`);
* **every text by its words**: a text a page shows (history, the table's
  lines, an action's message, an error) that names a secret card the viewer
  may not see is replaced as a whole (:meth:`Secrets.check`), since even its
  other words ("it is held by ann") can give the secret away.

Names are matched as whole words, without regard to case, and so are card
ids with a hyphen ("cave-troll"); short ids such as ``as`` (the ace of
spades) are left out, as they are ordinary words too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.table import HistoryEntry, TableInfo, Transaction
from companion.table.actions import game_cards

SECRET_PILE = "held"
WITHHELD = "(not shown on this page: it names a card in a player's hand)"
"""What a page shows instead of a text that would give a secret away."""


@dataclass(frozen=True)
class Secrets:
    """The secret cards at a table: each name (and long id) with the players who hold one."""

    holders: Mapping[str, frozenset[str]] = field(default_factory=dict)
    _patterns: dict[str | None, re.Pattern[str] | None] = field(
        default_factory=dict, compare=False, repr=False
    )
    """Each viewer's pattern, built once: a page checks a dozen texts against it."""

    def hidden_from(self, viewer: str | None) -> list[str]:
        """The words ``viewer`` (``None``: everyone, the dealer's and the clock page) may not see."""
        return sorted(
            (word for word, who in self.holders.items() if viewer is None or viewer not in who),
            key=len,
            reverse=True,
        )

    def _pattern(self, viewer: str | None) -> re.Pattern[str] | None:
        if viewer not in self._patterns:
            words = self.hidden_from(viewer)
            alternatives = "|".join(re.escape(w) for w in words)
            self._patterns[viewer] = (
                re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])", re.IGNORECASE)
                if words
                else None
            )
        return self._patterns[viewer]

    def names_a_secret(self, text: str, viewer: str | None = None) -> bool:
        """Whether ``text`` names a card that is secret from ``viewer``."""
        pattern = self._pattern(viewer)
        return pattern is not None and pattern.search(text) is not None

    def check(self, text: str, viewer: str | None = None, instead: str = WITHHELD) -> str:
        """``text`` itself, or ``instead`` when it names a card secret from ``viewer``."""
        return instead if self.names_a_secret(text, viewer) else text

    def scrub(self, value: Any, viewer: str | None = None) -> Any:
        """A JSON-ready document without the viewer's secrets: a card lying in another
        player's hand is left out, a text naming one is replaced."""
        pattern = self._pattern(viewer)
        if pattern is None:
            return value

        def clean(item: Any) -> Any:
            if isinstance(item, str):
                return WITHHELD if pattern.search(item) else item
            if isinstance(item, Mapping):
                return {k: clean(v) for k, v in item.items() if not _hidden_card(v, viewer)}
            if isinstance(item, (list, tuple)):
                return [clean(v) for v in item if not _hidden_card(v, viewer)]
            return item

        return clean(value)


def _hidden_card(item: Any, viewer: str | None) -> bool:
    """A card's document (``to_json`` of a drawn card) lying in a hand that is not the viewer's."""
    return (
        isinstance(item, Mapping)
        and item.get("pile") == SECRET_PILE
        and "deck" in item
        and (viewer is None or item.get("holder") != viewer)
    )


def _words(name: str, card_id: str) -> Iterable[str]:
    yield name.casefold()
    if "-" in card_id:  # "cave-troll"; not "as" or "ks", which are everyday words
        yield card_id.casefold()


def secrets_of(tx: Transaction, table: TableInfo | None) -> Secrets:
    """The secret cards at ``table`` now (none without a table)."""
    if table is None:
        return Secrets()
    cards = game_cards(table)
    holders: dict[str, set[str]] = {}
    for copy in tx.cards(table):
        if copy.pile != SECRET_PILE or not copy.holder:
            continue
        try:
            name = cards.get(copy.card_id).name
        except KeyError:
            name = copy.card_id
        for word in _words(name, copy.card_id):
            holders.setdefault(word, set()).add(copy.holder)
    return Secrets({w: frozenset(who) for w, who in holders.items()})


# -- the table's history, as the dealer's page shows it ------------------------------


def private(entry: HistoryEntry, seated: Sequence[str]) -> bool:
    """A player's own action: what they drew, kept or played is theirs to tell."""
    return entry.actor is not None and entry.actor in seated


def history_line(
    entry: HistoryEntry, by_id: Mapping[int, HistoryEntry], seated: Sequence[str]
) -> str:
    """One history entry for the whole table: a player's action says who did what, not
    which card; an undo names what it undid the same way."""
    if entry.undoes is not None:
        target = by_id.get(entry.undoes)
        if target is not None:
            return f"undid #{target.id}: {history_line(target, by_id, seated)}"
        return f"undid #{entry.undoes}"
    if private(entry, seated):
        return f"{entry.actor}: {entry.action}"
    return entry.summary


def history_lines(
    tx: Transaction, table: TableInfo, secrets: Secrets, last: int = 8
) -> list[dict[str, Any]]:
    """The table's last actions, newest first, as the dealer's page lists them."""
    entries = tx.history(table, last)
    by_id = _with_targets(tx, table, entries)
    return [
        {
            "id": e.id,
            "action": e.action,
            "summary": secrets.check(history_line(e, by_id, table.players)),
            "actor": e.actor,
        }
        for e in reversed(entries)
    ]


def _with_targets(
    tx: Transaction, table: TableInfo, entries: Sequence[HistoryEntry]
) -> dict[int, HistoryEntry]:
    """``entries`` by number, with the entries their undos undid (read only those)."""
    by_id = {e.id: e for e in entries}
    missing = {e.undoes for e in entries if e.undoes is not None and e.undoes not in by_id}
    by_id.update(tx.history_entries(table, missing))
    return by_id


def undone_entry(
    tx: Transaction, table: TableInfo, entry: HistoryEntry, secrets: Secrets
) -> dict[str, Any]:
    """An undo's own entry as the dealer's page reports it (no card, no data)."""
    by_id = _with_targets(tx, table, [entry])
    line = secrets.check(history_line(entry, by_id, table.players))
    return {"id": entry.id, "action": entry.action, "actor": entry.actor, "summary": line}
