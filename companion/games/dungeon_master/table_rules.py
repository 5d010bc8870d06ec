"""Dungeon Master at a ``companion table``: the setup, with or without the Obstacles variant.

Without the variant its five cards stay in the box (the generic setup sets
a variant deck aside). With ``table new --game dungeon-master --variant``
each variant card is shuffled into the deck its ``joins`` field names: the
four Obstacles into the Dungeon Master deck, the seventh Stealth into the
party deck.
"""

from __future__ import annotations

from typing import Any

from companion.cards.loader import GameCards
from companion.errors import CompanionError
from companion.table.drawing import GameRules
from companion.table.model import TableInfo
from companion.table.store import Transaction


class DungeonMasterRules(GameRules):
    """The generic rules, plus the ``variant`` option of ``table new``."""

    def options(self, raw: dict[str, Any]) -> dict[str, Any]:
        unknown = [k for k, v in raw.items() if v and k != "variant"]
        if unknown:
            raise CompanionError(
                f"{self.game} tables take no {', '.join('--' + k for k in unknown)} option "
                "(only --variant, for the Obstacles)"
            )
        return {"variant": bool(raw.get("variant"))}

    def setup(self, tx: Transaction, table: TableInfo, cards: GameCards) -> list[str]:
        if not table.options.get("variant"):
            return super().setup(tx, table, cards)
        joining: dict[str, list[str]] = {}
        for card in cards.cards:
            joins = getattr(card, "joins", None)
            if card.variant and joins:
                joining.setdefault(str(joins), []).extend([card.id] * card.quantity)
        notes: list[str] = []
        for deck in cards.decks:
            if deck.variant:
                continue
            ids = [c.id for c in cards.deck(deck.id) for _ in range(c.quantity)]
            extra = joining.get(deck.id, [])
            tx.add_cards(table, deck.id, ids + extra)
            self.shuffle(tx, table, deck.id)
            if extra:
                notes.append(
                    f"Obstacles variant: {len(extra)} card(s) shuffled into the {deck.name}"
                )
        return notes
